import * as v from "valibot";
import { describeAttribution } from "~/lib/attribution";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation } from "react-router";
import { DateTime } from "~/components/ui/format";
import { adminMeta } from "~/components/admin/meta";
import { SubmissionStatusBadge } from "~/components/admin/status";
import { AdminPageHeader, AdminSection, Flash, inputClass, LabelledField } from "~/components/admin/ui";
import { isVolunteerApplication } from "~/lib/volunteers";
import { submissionReference } from "~/lib/forms/reference";
import { fieldErrors } from "~/lib/forms/field-validation";
import { formStrings, SubmissionActionSchema } from "~/server/admin/schemas.server";
import {
  addSubmissionNote,
  openSubmissionHealth,
  replyToSubmission,
  submissionPage,
  updateSubmission,
} from "~/server/admin/submissions.server";
import { requireStaff } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import { getRequestContext } from "~/server/kernel/context.server";
import { getInstance, getLocale } from "~/server/kernel/i18n.server";
import { SUBMISSION_STATUSES } from "~/lib/vocabulary";
import { readPostedForm } from "~/server/kernel/post-guard.server";
import type { Route } from "./+types/submission";
import { env } from "~/server/kernel/env.server";

export const handle = { i18n: ["admin", "volunteers"] };
export const meta = adminMeta;

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const locale = getLocale(args.context);
  const i18n = getInstance(args.context);
  const page = await submissionPage(
    env,
    args.params.id,
    i18n.getFixedT(locale, "forms"),
    i18n.getFixedT(locale, "email"),
  );
  if (!page) throw data(null, { status: 404 });
  return {
    title: adminTitle(args, "submission.title", { name: page.submission.name }),
    ...page,
    statuses: SUBMISSION_STATUSES,
  };
}

type Intent = "work" | "note" | "reply" | "health";
type ActionResult = {
  intent: Intent | null;
  done: boolean;
  /** Translation keys per field ("common:forms.required"), shown next to it. */
  errors: Record<string, string>;
  /** What was typed, kept when the post is refused. */
  values: Record<string, string>;
  /** The health answers, after the read was recorded. */
  health?: { name: string; label: string; value: string }[];
};

export async function action(args: Route.ActionArgs) {
  const actor = await requireStaff(args);
  const { ctx } = getRequestContext(args.context);
  const values = formStrings(readPostedForm(args.context));
  const intent =
    (["work", "note", "reply", "health"] as const).find((name) => name === values.intent) ?? null;
  const refuse = (errors: Record<string, string>, status = 400) =>
    data<ActionResult>({ intent, done: false, errors, values }, { status });
  const parsed = v.safeParse(SubmissionActionSchema, values);
  if (!parsed.success) {
    return refuse(fieldErrors(parsed.issues));
  }
  const input = parsed.output;
  const id = args.params.id;
  if (input.intent === "work") {
    const result = await updateSubmission(env, actor, id, {
      status: input.status,
      assignedTo: input.assignedTo,
    });
    if (!result.ok && result.reason === "not-found") throw data(null, { status: 404 });
    if (!result.ok) return refuse({ assignedTo: "admin:submission.notStaff" });
  } else if (input.intent === "health") {
    const locale = getLocale(args.context);
    const health = await openSubmissionHealth(
      env,
      actor,
      id,
      getInstance(args.context).getFixedT(locale, "forms"),
    );
    if (!health) throw data(null, { status: 404 });
    return { intent, done: true, errors: {}, values: {}, health } satisfies ActionResult;
  } else if (input.intent === "note") {
    if (!(await addSubmissionNote(env, actor, id, input.note))) throw data(null, { status: 404 });
  } else {
    if (!(await replyToSubmission(env, ctx, actor, id, input))) throw data(null, { status: 404 });
  }
  const done: ActionResult = { intent, done: true, errors: {}, values: {} };
  return done;
}

export default function AdminSubmission({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const { submission, answers, other, history, staff } = loaderData;
  const idle = navigation.state === "idle";
  const busy = navigation.state === "submitting";
  const result = idle ? actionData : undefined;
  const errorsFor = (intent: Intent): Record<string, string | undefined> =>
    result?.intent === intent ? result.errors : {};
  const typed = (intent: Intent, field: string) =>
    result?.intent === intent && !result.done ? result.values[field] : undefined;
  const sent = (intent: Intent) => (result?.intent === intent && result.done ? `${intent}-sent` : intent);
  const noteErrors = errorsFor("note");
  const replyErrors = errorsFor("reply");
  const workErrors = errorsFor("work");
  const language = t(`language.names.${submission.locale}`, {
    ns: "common",
    defaultValue: submission.locale,
  });
  return (
    <>
      <p>
        <Link to="/admin/submissions" className="link">
          ← {t("common.back")}
        </Link>
      </p>
      <AdminPageHeader
        title={t("submission.title", { name: submission.name })}
        actions={
          isVolunteerApplication(submission.kind) ? (
            <Link to={`/admin/volunteers/accept/${submission.id}`} className="btn-secondary">
              {t("volunteers:admin.accept")}
            </Link>
          ) : null
        }
      />
      {result && !result.done && result.errors.form ? (
        <Flash tone="error">{t("common.invalid")}</Flash>
      ) : null}
      <p className="mt-2 flex flex-wrap items-center gap-3 text-sm">
        <span>{t(`kinds.${submission.kind}`)}</span>
        <SubmissionStatusBadge status={submission.status} />
        <span>
          {t("submission.received")}: <DateTime iso={submission.createdAt} />
        </span>
        <span>
          {t("submission.reference")}: <code>{submissionReference(submission.id)}</code>
        </span>
        <span>
          {t("submission.locale")}: {language}
        </span>
        {/* Who touched it last, not only when: the newest line of its history (decision 052). */}
        {history.length > 0 ? (
          <span>
            {t("submission.lastChange", { name: history.at(-1)!.userName })}{" "}
            <DateTime iso={history.at(-1)!.createdAt} />
          </span>
        ) : null}
      </p>
      <div className="mt-6 grid gap-8 xl:grid-cols-2">
        <AdminSection id="details" title={t("submission.details")}>
          <dl className="mt-3 grid gap-x-4 gap-y-2 sm:grid-cols-[12rem_1fr]">
            <dt className="font-semibold">{t("common.name")}</dt>
            <dd>{submission.name}</dd>
            <dt className="font-semibold">{t("common.email")}</dt>
            <dd className="break-all">
              <a href={`mailto:${submission.email}`} className="link">
                {submission.email}
              </a>
            </dd>
            <dt className="font-semibold">{t("submission.phone")}</dt>
            <dd>{submission.phone ?? "—"}</dd>
            <dt className="font-semibold">{t("submission.source")}</dt>
            <dd className="break-all">
              {describeAttribution(submission.attribution) ?? t("submission.sourceNone")}
            </dd>
            {/* Name, e-mail and phone are shown above, from the submission's own columns. */}
            {answers
              .filter((answer) => answer.name !== "email" && answer.name !== "phone")
              .map((answer) => (
                <div key={answer.name} className="contents">
                  <dt className="font-semibold">{answer.label}</dt>
                  <dd className="whitespace-pre-wrap break-words">{answer.value}</dd>
                </div>
              ))}
          </dl>
          {other.length > 0 ? (
            <>
              <h3 className="mt-4 font-bold">{t("submission.otherAnswers")}</h3>
              <dl className="mt-2 grid gap-x-4 gap-y-2 sm:grid-cols-[12rem_1fr]">
                {other.map((answer) => (
                  <div key={answer.name} className="contents">
                    <dt className="font-semibold break-all">{answer.name}</dt>
                    <dd className="whitespace-pre-wrap break-words">{answer.value}</dd>
                  </div>
                ))}
              </dl>
            </>
          ) : null}
          {loaderData.hasHealth ? (
            <section aria-labelledby="health" className="mt-6">
              <h3 id="health" className="font-bold">
                {t("submission.health")}
              </h3>
              <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{t("submission.healthLead")}</p>
              {result?.health ? (
                <dl className="mt-2 grid gap-x-4 gap-y-2 sm:grid-cols-[12rem_1fr]">
                  {result.health.map((answer) => (
                    <div key={answer.name} className="contents">
                      <dt className="font-semibold">{answer.label}</dt>
                      <dd className="whitespace-pre-wrap break-words">{answer.value}</dd>
                    </div>
                  ))}
                </dl>
              ) : (
                <Form method="post" className="mt-2">
                  <input type="hidden" name="intent" value="health" />
                  <button type="submit" className="btn-secondary" disabled={busy}>
                    {t("submission.showHealth")}
                  </button>
                </Form>
              )}
            </section>
          ) : null}
        </AdminSection>

        <div className="grid content-start gap-8">
          <AdminSection id="work" title={t("submission.work")}>
            {result?.intent === "work" && result.done ? <Flash>{t("submission.saved")}</Flash> : null}
            <Form method="post" className="mt-3 grid gap-4 sm:grid-cols-2">
              <input type="hidden" name="intent" value="work" />
              <label className="grid font-semibold">
                {t("common.status")}
                <select
                  name="status"
                  defaultValue={submission.status}
                  key={`status-${submission.status}`}
                  className={inputClass}
                >
                  {loaderData.statuses.map((status) => (
                    <option key={status} value={status}>
                      {t(`statuses.${status}`)}
                    </option>
                  ))}
                </select>
              </label>
              <LabelledField name="assignedTo" label={t("submission.assignedTo")} errors={workErrors}>
                {(control) => (
                  <select
                    {...control}
                    defaultValue={submission.assignedTo ?? ""}
                    key={`assigned-${submission.assignedTo ?? ""}`}
                  >
                    <option value="">{t("submission.nobody")}</option>
                    {staff.map((member) => (
                      <option key={member.id} value={member.id}>
                        {member.name || member.email}
                      </option>
                    ))}
                  </select>
                )}
              </LabelledField>
              <div className="sm:col-span-2">
                <button type="submit" className="btn-primary" disabled={busy}>
                  {t("submission.save")}
                </button>
              </div>
            </Form>
          </AdminSection>

          <AdminSection id="history" title={t("submission.history")}>
            {history.length === 0 && !submission.notes ? (
              <p className="mt-2 text-gray-700 dark:text-gray-300">{t("submission.noHistory")}</p>
            ) : (
              <ol className="mt-3 grid gap-3">
                {submission.notes ? (
                  <li className="rounded-lg border border-gray-200 p-3 dark:border-gray-700">
                    <p className="text-sm font-semibold">{t("submission.earlierNotes")}</p>
                    <p className="mt-1 whitespace-pre-wrap break-words">{submission.notes}</p>
                  </li>
                ) : null}
                {history.map((entry) => (
                  <li key={entry.id} className="rounded-lg border border-gray-200 p-3 dark:border-gray-700">
                    <p className="text-sm text-gray-700 dark:text-gray-300">
                      <span className="font-semibold text-gray-900 dark:text-gray-100">
                        {t(`submission.historyKinds.${entry.kind}`, { name: entry.userName })}
                      </span>{" "}
                      · <DateTime iso={entry.createdAt} />
                    </p>
                    {entry.kind === "status" ? (
                      <p className="mt-1">{t(`statuses.${entry.body}`)}</p>
                    ) : entry.kind === "assigned" ? (
                      <p className="mt-1">{entry.body || t("submission.nobody")}</p>
                    ) : (
                      <>
                        {entry.subject ? <p className="mt-1 font-semibold">{entry.subject}</p> : null}
                        <p className="mt-1 whitespace-pre-wrap break-words">{entry.body}</p>
                      </>
                    )}
                  </li>
                ))}
              </ol>
            )}
            {result?.intent === "note" && result.done ? <Flash>{t("submission.noteAdded")}</Flash> : null}
            <Form key={sent("note")} method="post" className="mt-4 grid gap-2">
              <input type="hidden" name="intent" value="note" />
              <LabelledField
                name="note"
                label={t("submission.newNote")}
                hint={t("submission.notesHint")}
                errors={noteErrors}
              >
                {(control) => (
                  <textarea {...control} rows={4} maxLength={10_000} defaultValue={typed("note", "note")} />
                )}
              </LabelledField>
              <div>
                <button type="submit" className="btn-secondary" disabled={busy}>
                  {t("submission.addNote")}
                </button>
              </div>
            </Form>
          </AdminSection>

          <AdminSection id="reply" title={t("submission.reply")}>
            <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
              {t("submission.replyLead", { email: submission.email })}
            </p>
            {result?.intent === "reply" && result.done ? (
              <Flash>{t("submission.replySent", { email: submission.email })}</Flash>
            ) : null}
            {/* A new key once sent: the form is drawn afresh, its fields empty again. */}
            <Form key={sent("reply")} method="post" className="mt-3 grid gap-3">
              <input type="hidden" name="intent" value="reply" />
              <LabelledField name="subject" label={t("submission.replySubject")} errors={replyErrors}>
                {(control) => (
                  <input
                    {...control}
                    maxLength={200}
                    defaultValue={typed("reply", "subject") ?? loaderData.replySubject}
                  />
                )}
              </LabelledField>
              <LabelledField name="message" label={t("submission.replyMessage")} errors={replyErrors}>
                {(control) => (
                  <textarea
                    {...control}
                    rows={8}
                    maxLength={20_000}
                    defaultValue={typed("reply", "message")}
                  />
                )}
              </LabelledField>
              <div>
                <button type="submit" className="btn-primary" disabled={busy}>
                  {t("submission.sendReply")}
                </button>
              </div>
            </Form>
          </AdminSection>
        </div>
      </div>
    </>
  );
}
