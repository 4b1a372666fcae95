import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { ATTENDANCE_MARKS, type AttendanceMark } from "~/lib/families";

/** The route's answer to a mark: stored, refused, or `unsent` when the connection dropped (its clientAction). */
type MarkAnswer = { marked?: boolean; refused?: boolean; unsent?: boolean };

const markClass: Record<AttendanceMark, string> = {
  present: "border-emerald-700",
  absent: "border-red-700",
  late: "border-amber-700",
};

/** How long a mark the connection lost waits before it is sent again, unless the browser says it is back online first. */
const RETRY_MS = 5_000;

/**
 * One child's attendance buttons on the roster (decision 054). Each is a plain form post, so the
 * roster works without JavaScript. With it, the mark posts in the background and shows at once;
 * a post the connection lost keeps the mark on screen, says it is waiting, and is sent again
 * every few seconds and as soon as the browser is back online, until the server has it.
 */
export function AttendanceMarks({
  childId,
  name,
  mark,
}: {
  childId: string;
  name: string;
  mark: AttendanceMark | null;
}) {
  const { t } = useTranslation("families");
  const fetcher = useFetcher<MarkAnswer>({ key: `attendance-${childId}` });
  const [unsent, setUnsent] = useState<AttendanceMark | null>(null);
  const sending = fetcher.formData?.get("mark") as AttendanceMark | undefined;
  const lost = fetcher.state === "idle" && fetcher.data?.unsent ? unsent : null;
  const shown = sending ?? lost ?? mark;

  useEffect(() => {
    if (!lost) return;
    const retry = () => fetcher.submit({ childId, mark: lost }, { method: "post" });
    const timer = window.setTimeout(retry, RETRY_MS);
    window.addEventListener("online", retry);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener("online", retry);
    };
  }, [lost, childId, fetcher]);

  return (
    <fetcher.Form
      method="post"
      className="mt-3 flex flex-wrap items-center gap-2"
      aria-label={t("roster.markFor", { child: name })}
      onSubmit={(event) => {
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        setUnsent((submitter?.value as AttendanceMark | undefined) ?? null);
      }}
    >
      <input type="hidden" name="childId" value={childId} />
      {ATTENDANCE_MARKS.map((each) => (
        <button
          key={each}
          type="submit"
          name="mark"
          value={each}
          aria-pressed={shown === each}
          className={`tap-target rounded-lg border-2 px-4 py-2 font-semibold ${
            shown === each ? `${markClass[each]} bg-gray-100 dark:bg-gray-800` : "border-gray-400"
          }`}
        >
          {t(`marks.${each}`)}
        </button>
      ))}
      <span role="status" className="basis-full text-sm font-semibold">
        {lost ? t("roster.unsent") : fetcher.data?.refused ? t("roster.refused") : ""}
      </span>
    </fetcher.Form>
  );
}
