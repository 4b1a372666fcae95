import { useTranslation } from "react-i18next";
import { data, Form, Link } from "react-router";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader, Flash } from "~/components/admin/ui";
import { SubmitButton, TextAreaField, TextField } from "~/components/forms/fields";
import { PageForm, usePageForm } from "~/components/forms/form-kit";
import { AttendanceMarks } from "~/components/families/attendance-marks";
import { ATTENDANCE_MARKS, type AttendanceMark } from "~/lib/families";
import { SessionMessageSchema } from "~/lib/family-schemas";
import { formatNewYorkDateTime, newYorkDate, useLocale } from "~/lib/format";
import { requireStaff } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import { decideEnrolment, type StaffDecision } from "~/server/families/enrolments.server";
import { markAttendance, sessionRoster } from "~/server/families/roster.server";
import { messageSessionFamilies } from "~/server/families/session-records.server";
import { getRequestContext } from "~/server/kernel/context.server";
import { readPostedForm } from "~/server/kernel/post-guard.server";
import { deliverOutbox } from "~/server/mail/outbox.server";
import { parsePostedForm } from "~/server/page-form.server";
import type { Route } from "./+types/program-session";
import { env } from "~/server/kernel/env.server";

export const handle = { i18n: ["admin", "families"] };
export const meta = adminMeta;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayOf = (request: Request) => {
  const day = new URL(request.url).searchParams.get("day") ?? "";
  return DAY.test(day) ? day : newYorkDate();
};

/** GET /admin/program-sessions/:id?day=: the roster and that day's attendance (decision 054). */
export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args);
  const day = dayOf(args.request);
  const roster = await sessionRoster(env, staff, args.params.id, day);
  if (!roster) throw data(null, { status: 404 });
  const { searchParams } = new URL(args.request.url);
  const flash = searchParams.has("saved") ? "saved" : searchParams.has("closed") ? "closed" : null;
  return { title: adminTitle(args, "families:roster.title"), day, flash, ...roster };
}

/** POST: one attendance mark, a decision on a place (approve, decline, remove), or a message to the families. */
export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args);
  const { ctx } = getRequestContext(args.context);
  const form = readPostedForm(args.context);
  if (form.get("intent") === "message") {
    const parsed = parsePostedForm(args.context, SessionMessageSchema);
    if (parsed.kind === "answered") return parsed.answer;
    const ids = await messageSessionFamilies(env, staff, args.params.id, parsed.value);
    if (ids.length > 0) ctx.waitUntil(deliverOutbox(env, { ids }));
    return { result: parsed.reply({ resetForm: true }), messaged: ids.length };
  }
  const mark = String(form.get("mark") ?? "");
  if ((ATTENDANCE_MARKS as readonly string[]).includes(mark)) {
    const marked = await markAttendance(env, staff, {
      sessionId: args.params.id,
      childId: String(form.get("childId") ?? ""),
      day: dayOf(args.request),
      mark: mark as AttendanceMark,
    });
    return marked ? { marked: true } : data({ refused: true }, { status: 409 });
  }
  const decision = String(form.get("decision") ?? "");
  if (decision !== "approve" && decision !== "decline" && decision !== "remove")
    return data({ refused: true }, { status: 400 });
  const outcome = await decideEnrolment(
    env,
    staff,
    String(form.get("enrolmentId") ?? ""),
    decision as StaffDecision,
  );
  if (outcome.offerIds.length > 0) ctx.waitUntil(deliverOutbox(env, { ids: outcome.offerIds }));
  return outcome.ok ? { decided: decision } : data({ refused: true }, { status: 409 });
}

/**
 * In the browser, a post the connection lost answers `unsent` (503) instead of the error page, so an
 * attendance mark taken on a bad connection stays on screen and is sent again (AttendanceMarks).
 * The server's own answers, refusals included, pass through unchanged.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch (error) {
    // fetch() rejects with a TypeError only when no answer arrived (offline, dropped connection).
    // An error status: React Router then skips reloading the page's data, which would fail too.
    if (error instanceof TypeError) return data({ unsent: true as const }, { status: 503 });
    throw error;
  }
}

export default function ProgramSessionRoster({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("families");
  const locale = useLocale();
  const { session, rows, day, flash } = loaderData;
  const answer = (actionData ?? {}) as Record<string, unknown>;
  return (
    <>
      <p>
        <Link to="/admin/program-sessions" className="link">
          ← {t("sessions.title")}
        </Link>
      </p>
      <AdminPageHeader
        title={locale === "es" ? session.titleEs : session.titleEn}
        lead={t("roster.lead", { day })}
        actions={
          <Link to={`/admin/program-sessions/${session.id}/edit`} className="btn-secondary">
            {t("editor.editTitle")}
          </Link>
        }
      />
      {flash && !actionData ? <Flash>{t(`editor.${flash}`)}</Flash> : null}
      {typeof answer.messaged === "number" ? (
        <Flash>{t("message.sent", { count: answer.messaged })}</Flash>
      ) : null}
      {answer.refused ? <Flash tone="error">{t("roster.refused")}</Flash> : null}
      {answer.unsent ? <Flash tone="error">{t("roster.unsentForm")}</Flash> : null}
      <p className="mt-4 flex flex-wrap gap-3">
        <a href={`/admin/program-sessions/${session.id}/roster.csv`} className="btn-secondary" download>
          {t("roster.rosterCsv")}
        </a>
        <a href={`/admin/program-sessions/${session.id}/attendance.csv`} className="btn-secondary" download>
          {t("roster.attendanceCsv")}
        </a>
      </p>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
        <label className="font-semibold">
          {t("roster.day")}
          <input
            type="date"
            name="day"
            defaultValue={day}
            className="focus-ring tap-target ml-2 rounded-lg border border-gray-500 px-3 py-2"
          />
        </label>
        <button type="submit" className="btn-secondary">
          {t("roster.show")}
        </button>
      </Form>
      <ul className="mt-6 space-y-4">
        {rows.map((row) => (
          <li key={row.id} className="rounded-xl border-2 border-gray-300 p-4" data-testid="roster-child">
            <p className="text-lg font-bold">{row.name}</p>
            <p>
              {t(`roster.states.${row.status}`, {
                position: row.waitlistPosition,
                deadline: row.offerExpiresAt ? formatNewYorkDateTime(row.offerExpiresAt, locale) : "",
              })}
            </p>
            {row.health ? (
              <dl className="mt-2 grid gap-1">
                {row.health.allergies ? (
                  <div>
                    <dt className="inline font-semibold text-red-800 dark:text-red-200">
                      {t("fields.allergies")}:{" "}
                    </dt>
                    <dd className="inline">{row.health.allergies}</dd>
                  </div>
                ) : null}
                {row.health.medications ? (
                  <div>
                    <dt className="inline font-semibold">{t("fields.medications")}: </dt>
                    <dd className="inline">{row.health.medications}</dd>
                  </div>
                ) : null}
                {row.health.emergencyContacts.map((contact) => (
                  <div key={contact.phone}>
                    <dt className="inline font-semibold">{t("roster.emergency")}: </dt>
                    <dd className="inline">
                      {contact.name},{" "}
                      <a href={`tel:${contact.phone}`} className="link">
                        {contact.phone}
                      </a>
                    </dd>
                  </div>
                ))}
                {row.health.pickupPeople.map((person) => (
                  <div key={person.name}>
                    <dt className="inline font-semibold">{t("roster.pickup")}: </dt>
                    <dd className="inline">{person.name}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
            {row.status === "enrolled" ? (
              <AttendanceMarks childId={row.childId} name={row.name} mark={row.mark} />
            ) : null}
            <Form method="post" className="mt-3 flex flex-wrap gap-2">
              <input type="hidden" name="enrolmentId" value={row.id} />
              {row.status === "pending" ? (
                <>
                  <button type="submit" name="decision" value="approve" className="btn-primary">
                    {t("roster.approve")}
                  </button>
                  <button type="submit" name="decision" value="decline" className="btn-secondary">
                    {t("roster.decline")}
                  </button>
                </>
              ) : null}
              <button type="submit" name="decision" value="remove" className="btn-secondary">
                {t("roster.remove")}
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <MessageForm answer={actionData} />
    </>
  );
}

/** A message to the families with a place: staff write both languages, each family reads its own. */
function MessageForm({ answer }: { answer: object | undefined }) {
  const { t } = useTranslation("families");
  const { form, fields, pending } = usePageForm({
    id: "session-message",
    schema: SessionMessageSchema,
    answer,
  });
  const labels = {
    subjectEn: t("message.subjectEn"),
    subjectEs: t("message.subjectEs"),
    bodyEn: t("message.bodyEn"),
    bodyEs: t("message.bodyEs"),
  };
  return (
    <section aria-labelledby="message-title" className="mt-10">
      <h2 id="message-title" className="text-xl font-bold">
        {t("message.title")}
      </h2>
      <p className="mt-1">{t("message.lead")}</p>
      <PageForm
        form={form}
        hidden={{ intent: "message" }}
        labels={labels}
        className="mt-4 grid max-w-4xl gap-4 md:grid-cols-2"
      >
        <TextField meta={fields.subjectEn} label={labels.subjectEn} required />
        <TextField meta={fields.subjectEs} label={labels.subjectEs} required />
        <TextAreaField meta={fields.bodyEn} label={labels.bodyEn} rows={6} required />
        <TextAreaField meta={fields.bodyEs} label={labels.bodyEs} rows={6} required />
        <div className="md:col-span-2">
          <SubmitButton pending={pending} label={t("message.send")} pendingLabel={t("children.saving")} />
        </div>
      </PageForm>
    </section>
  );
}
