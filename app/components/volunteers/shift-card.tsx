import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Locale } from "~/lib/i18n";
import type { ClearanceKind } from "~/lib/vocabulary";
import { formatCalendarDate, formatClockTime } from "~/lib/format-dates";

/** A shift as the public page and the volunteer's page list it (decision 055). */
export type ShiftCardData = {
  id: string;
  title: string;
  date: string;
  start: string;
  end: string;
  place: string;
  placesLeft: number | null;
  requiredClearances: readonly ClearanceKind[];
};

/** When a shift is, in words, without Intl on the page (decision 032). */
export function shiftWhen(shift: Pick<ShiftCardData, "date" | "start" | "end">, locale: Locale) {
  return `${formatCalendarDate(shift.date, locale, "full")}, ${formatClockTime(shift.start, locale)}–${formatClockTime(shift.end, locale)}`;
}

/**
 * One shift: its title, when, where, the clearances it needs (so a volunteer knows before the
 * button refuses them) and the places left; `children` are its buttons.
 */
export function ShiftCard({
  shift,
  locale,
  status,
  children,
}: {
  shift: ShiftCardData;
  locale: Locale;
  status?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation("volunteers");
  return (
    <li className="rounded-xl border border-gray-200 p-4 dark:border-gray-700" id={`shift-${shift.id}`}>
      <h3 className="text-lg font-bold">{shift.title}</h3>
      <dl className="mt-2 grid gap-1 sm:grid-cols-[7rem_1fr]">
        <dt className="font-semibold">{t("me.when")}</dt>
        <dd>{shiftWhen(shift, locale)}</dd>
        <dt className="font-semibold">{t("me.where")}</dt>
        <dd>{shift.place}</dd>
        {shift.requiredClearances.length > 0 ? (
          <>
            <dt className="font-semibold">{t("me.needs")}</dt>
            <dd>{shift.requiredClearances.map((kind) => t(`clearanceNames.${kind}`)).join(", ")}</dd>
          </>
        ) : null}
      </dl>
      {status ? <p className="mt-2 font-semibold">{status}</p> : null}
      {shift.placesLeft === null ? null : (
        <p className="mt-2">
          {shift.placesLeft > 0 ? t("shifts.placesLeft", { count: shift.placesLeft }) : t("shifts.full")}
        </p>
      )}
      {children ? <div className="mt-3 flex flex-wrap gap-2">{children}</div> : null}
    </li>
  );
}
