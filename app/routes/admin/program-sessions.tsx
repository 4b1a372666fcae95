import { useTranslation } from "react-i18next";
import { data, Form, Link } from "react-router";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader, Flash } from "~/components/admin/ui";
import { programYear } from "~/lib/families";
import { newYorkDate, useLocale } from "~/lib/format";
import { requireStaff } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import { setCapacity } from "~/server/families/enrolments.server";
import { sessionsOverview } from "~/server/families/roster.server";
import { getRequestContext } from "~/server/kernel/context.server";
import { readPostedForm } from "~/server/kernel/post-guard.server";
import { deliverOutbox } from "~/server/mail/outbox.server";
import type { Route } from "./+types/program-sessions";
import { env } from "~/server/kernel/env.server";

export const handle = { i18n: ["admin", "families"] };
export const meta = adminMeta;

/**
 * GET /admin/program-sessions: a program year's sessions with their places and waitlist, and its
 * totals per program (decisions 054, 057); `?term=2025-26` another year, this year by default.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const asked = new URL(args.request.url).searchParams.get("term") ?? "";
  const term = /^\d{4}-\d{2}$/.test(asked) ? asked : programYear(newYorkDate());
  return { title: adminTitle(args, "families:sessions.title"), ...(await sessionsOverview(env, term)) };
}

/** POST: a session's capacity; new places go at once to the families waiting. */
export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args);
  const { ctx } = getRequestContext(args.context);
  const form = readPostedForm(args.context);
  const sessionId = String(form.get("sessionId") ?? "");
  const typed = String(form.get("capacity") ?? "");
  const capacity = Number(typed);
  // What was typed comes back with the message, in its session's field (without JavaScript too).
  if (typed.trim() === "" || !Number.isInteger(capacity) || capacity < 0 || capacity > 10_000)
    return data({ refused: true, sessionId, typed }, { status: 400 });
  const offerIds = await setCapacity(env, staff, sessionId, capacity);
  if (offerIds.length > 0) ctx.waitUntil(deliverOutbox(env, { ids: offerIds }));
  return { offers: offerIds.length };
}

export default function ProgramSessions({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("families");
  const locale = useLocale();
  const percent = new Intl.NumberFormat(locale, { style: "percent" });
  const answer = (actionData ?? {}) as {
    refused?: boolean;
    sessionId?: string;
    typed?: string;
    offers?: number;
  };
  return (
    <>
      <AdminPageHeader
        title={t("sessions.title")}
        actions={
          <Link to="/admin/program-sessions/new" className="btn-primary">
            {t("editor.newTitle")}
          </Link>
        }
      />
      {answer.refused ? <Flash tone="error">{t("sessions.badCapacity")}</Flash> : null}
      {typeof answer.offers === "number" ? (
        <Flash>{t("sessions.capacitySaved", { count: answer.offers })}</Flash>
      ) : null}
      <nav aria-labelledby="program-year" className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-2">
        <h2 id="program-year" className="text-xl font-bold">
          {t("sessions.year", { term: loaderData.term })}
        </h2>
        {loaderData.earlier ? (
          <Link to={`?term=${loaderData.earlier}`} className="link tap-target inline-flex items-center">
            {t("sessions.earlierYear", { term: loaderData.earlier })}
          </Link>
        ) : null}
        {loaderData.later ? (
          <Link to={`?term=${loaderData.later}`} className="link tap-target inline-flex items-center">
            {t("sessions.laterYear", { term: loaderData.later })}
          </Link>
        ) : null}
      </nav>
      <ul className="mt-4 space-y-2">
        {loaderData.totals.map((row) => (
          <li key={row.program}>
            {t("sessions.totals", {
              program: t(`programs.${row.program}`),
              count: row.served,
              rate: row.attendanceRate === null ? "—" : percent.format(row.attendanceRate),
            })}
          </li>
        ))}
      </ul>
      <ul className="mt-6 space-y-4">
        {loaderData.sessions.map((session) => (
          <li key={session.id} className="rounded-xl border-2 border-gray-300 p-4">
            <Link to={`/admin/program-sessions/${session.id}`} className="link text-lg font-bold">
              {locale === "es" ? session.titleEs : session.titleEn}
            </Link>
            <p>
              {t("sessions.line", {
                program: t(`programs.${session.program}`),
                term: session.term,
                held: session.held,
                capacity: session.capacity,
                waiting: session.waiting,
              })}
              {session.status === "published" ? "" : ` · ${t(`sessions.status.${session.status}`)}`}
            </p>
            <Form method="post" noValidate className="mt-2 flex flex-wrap items-end gap-3">
              <input type="hidden" name="sessionId" value={session.id} />
              <label className="font-semibold">
                {t("sessions.capacity")}
                <input
                  type="number"
                  name="capacity"
                  min={0}
                  max={10000}
                  defaultValue={
                    answer.refused && answer.sessionId === session.id ? answer.typed : session.capacity
                  }
                  aria-invalid={answer.refused && answer.sessionId === session.id ? true : undefined}
                  required
                  className="focus-ring tap-target ml-2 w-24 rounded-lg border border-gray-500 px-3 py-2"
                />
              </label>
              <button type="submit" className="btn-secondary">
                {t("sessions.saveCapacity")}
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </>
  );
}
