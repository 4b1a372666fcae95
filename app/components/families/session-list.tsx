import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Section } from "~/components/pages/ui";
import { formatMoney } from "~/lib/format";
import { formatCalendarDate, formatClockTime } from "~/lib/format-dates";
import type { Locale } from "~/lib/i18n";

import type { OpenSession } from "~/server/families/sessions.server";

/** A session as the program pages list it (the type only: no server code reaches the browser). */
export type SessionCardData = Omit<OpenSession, "program">;

/**
 * The open sessions of a program page (decision 054): when, where, for whom, the places left or
 * the waitlist, and the call to enrol a child, which leads through sign-in (or a new account)
 * to the family page with the session chosen.
 */
export function SessionList({ sessions, locale }: { sessions: SessionCardData[]; locale: Locale }) {
  const { t } = useTranslation("families");
  return (
    <Section id="sessions" title={t("public.title")}>
      {sessions.length === 0 ? (
        <p className="mt-6 text-lg">{t("public.none")}</p>
      ) : (
        <>
          <p className="mt-4 max-w-3xl text-lg">{t("public.lead")}</p>
          <ul className="mt-6 grid gap-4 md:grid-cols-2">
            {sessions.map((session) => (
              <li
                key={session.id}
                id={`session-${session.id}`}
                className="flex flex-col rounded-xl border border-gray-300 p-5 dark:border-gray-600"
              >
                <h3 className="text-xl font-bold">{session.title}</h3>
                {session.description ? <p className="mt-2">{session.description}</p> : null}
                <dl className="mt-3 grid gap-1 sm:grid-cols-[7rem_1fr]">
                  <dt className="font-semibold">{t("public.when")}</dt>
                  <dd>
                    {t("public.whenValue", {
                      days: session.weekdays.map((day) => t(`weekdays.${day}`)).join(", "),
                      start: formatClockTime(session.startTime, locale),
                      end: formatClockTime(session.endTime, locale),
                      from: formatCalendarDate(session.startDate, locale),
                      to: formatCalendarDate(session.endDate, locale),
                    })}
                  </dd>
                  <dt className="font-semibold">{t("public.where")}</dt>
                  <dd>{session.location}</dd>
                  <dt className="font-semibold">{t("public.who")}</dt>
                  <dd>
                    {t("public.whoValue", {
                      minAge: session.minAge,
                      maxAge: session.maxAge,
                      minGrade: t(`grades.${session.minGrade}`),
                      maxGrade: t(`grades.${session.maxGrade}`),
                    })}
                  </dd>
                  <dt className="font-semibold">{t("public.cost")}</dt>
                  <dd>
                    {session.feeCents > 0 ? formatMoney(session.feeCents, locale) : t("public.free")}
                    {session.scholarship ? ` · ${t("public.scholarship")}` : ""}
                  </dd>
                </dl>
                <p className="mt-3 font-semibold">
                  {session.placesLeft > 0
                    ? t("public.placesLeft", { count: session.placesLeft })
                    : t("public.full", { count: session.waiting })}
                </p>
                <p className="mt-4">
                  <Link to={`/account/children?session=${session.id}`} className="btn-primary">
                    {/* The whole name in one hidden text: the hidden suffix beside the words would be
                        a block of its own (position: absolute) in the inline-flex button, which
                        browsers name with a stray space ("Join the waitlist : …"). */}
                    <span aria-hidden="true">
                      {session.placesLeft > 0 ? t("public.enrol") : t("public.joinWaitlist")}
                    </span>
                    <span className="sr-only">
                      {session.placesLeft > 0 ? t("public.enrol") : t("public.joinWaitlist")}: {session.title}
                    </span>
                  </Link>
                </p>
              </li>
            ))}
          </ul>
          <p className="mt-4 text-gray-700 dark:text-gray-300">{t("public.accountNote")}</p>
        </>
      )}
    </Section>
  );
}
