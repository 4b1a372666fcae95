import * as v from "valibot";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation } from "react-router";
import { DateTime } from "~/components/ui/format";
import { adminMeta } from "~/components/admin/meta";
import { SubmissionStatusBadge } from "~/components/admin/status";
import { AdminPageHeader, Flash, inputClass } from "~/components/admin/ui";
import { submissionReference } from "~/lib/forms/reference";
import { formStrings, SubmissionUpdateSchema } from "~/server/admin/schemas.server";
import { getSubmission, updateSubmission } from "~/server/admin/submissions.server";
import { requireStaff } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import { getRequestContext } from "~/server/kernel/context.server";
import { SUBMISSION_STATUSES } from "~/lib/vocabulary";
import { readPostedForm } from "~/server/kernel/post-guard.server";
import type { Route } from "./+types/submission";

export const meta = adminMeta;

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const { env } = getRequestContext(args.context);
  const submission = await getSubmission(env, args.params.id);
  if (!submission) throw data(null, { status: 404 });
  return {
    title: adminTitle(args, "submission.title", { name: submission.name }),
    submission,
    statuses: SUBMISSION_STATUSES,
  };
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireStaff(args);
  const { env } = getRequestContext(args.context);
  const parsed = v.safeParse(SubmissionUpdateSchema, formStrings(readPostedForm(args.context)));
  if (!parsed.success) return data({ saved: false, invalid: true }, { status: 400 });
  const updated = await updateSubmission(env, admin, args.params.id, parsed.output);
  if (!updated) throw data(null, { status: 404 });
  return { saved: true, invalid: false };
}

/** A payload value as plain text: lists joined, anything else stringified (React escapes it). */
function display(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (Array.isArray(value)) return value.map(display).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

export default function AdminSubmission({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const { submission } = loaderData;
  const busy = navigation.state === "submitting";
  return (
    <>
      <p>
        <Link to="/admin/submissions" className="link">
          ← {t("common.back")}
        </Link>
      </p>
      <AdminPageHeader title={t("submission.title", { name: submission.name })} />
      <p className="mt-2 flex flex-wrap items-center gap-3 text-sm">
        <span>{t(`kinds.${submission.kind}`)}</span>
        <SubmissionStatusBadge status={submission.status} />
        <span>
          {t("submission.received")}: <DateTime iso={submission.createdAt} />
        </span>
        <span>
          {t("submission.reference")}: <code>{submissionReference(submission.id)}</code>
        </span>
      </p>
      <div className="mt-6 grid gap-6 xl:grid-cols-2">
        <section>
          <h2 className="text-xl font-bold">{t("submission.details")}</h2>
          <dl className="mt-3 grid gap-x-4 gap-y-2 sm:grid-cols-[10rem_1fr]">
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
            <dt className="font-semibold">{t("submission.locale")}</dt>
            <dd>{submission.locale}</dd>
            {Object.entries(submission.payload ?? {}).map(([key, value]) => (
              <div key={key} className="contents">
                <dt className="font-semibold break-all">{key}</dt>
                <dd className="whitespace-pre-wrap break-words">{display(value)}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section>
          <h2 className="text-xl font-bold">{t("submission.work")}</h2>
          {actionData?.saved && navigation.state === "idle" ? <Flash>{t("submission.saved")}</Flash> : null}
          {actionData?.invalid && navigation.state === "idle" ? (
            <Flash tone="error">{t("common.invalid")}</Flash>
          ) : null}
          <Form method="post" className="mt-3 grid gap-4">
            <label className="grid font-semibold">
              {t("common.status")}
              <select
                name="status"
                defaultValue={submission.status}
                key={submission.status}
                className={inputClass}
              >
                {loaderData.statuses.map((status) => (
                  <option key={status} value={status}>
                    {t(`statuses.${status}`)}
                  </option>
                ))}
              </select>
            </label>
            <div>
              <label htmlFor="notes" className="font-semibold">
                {t("submission.notes")}
              </label>
              <p id="notes-hint" className="text-sm text-gray-700 dark:text-gray-300">
                {t("submission.notesHint")}
              </p>
              <textarea
                id="notes"
                name="notes"
                rows={6}
                maxLength={10_000}
                defaultValue={submission.notes}
                aria-describedby="notes-hint"
                className={inputClass}
              />
            </div>
            <div>
              <button type="submit" className="btn-primary" disabled={busy}>
                {t("submission.save")}
              </button>
            </div>
          </Form>
          <p className="mt-4 text-sm text-gray-700 dark:text-gray-300">
            {t("submission.updated")}: <DateTime iso={submission.updatedAt} />
          </p>
        </section>
      </div>
    </>
  );
}
