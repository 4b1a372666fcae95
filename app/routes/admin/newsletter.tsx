import * as v from "valibot";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation } from "react-router";
import { adminMeta } from "~/components/admin/meta";
import { NewsletterFields, NewsletterPreview } from "~/components/admin/newsletter";
import { StatusBadge } from "~/components/admin/status";
import { AdminPageHeader, Flash } from "~/components/admin/ui";
import { DateTime } from "~/components/ui/format";
import {
  audienceOf,
  continueNewsletterSend,
  getNewsletter,
  NEWSLETTER_PER_CRON_RUN,
  sendNewsletterTest,
  startNewsletterSend,
  updateNewsletter,
} from "~/server/admin/newsletters.server";
import { fieldErrors } from "~/lib/forms/field-validation";
import { formStrings, missingToSend, NewsletterDraftSchema } from "~/server/admin/schemas.server";
import { requireStaff } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import { getRequestContext } from "~/server/kernel/context.server";
import { readPostedForm } from "~/server/kernel/post-guard.server";
import type { Route } from "./+types/newsletter";
import { env } from "~/server/kernel/env.server";

export const handle = { i18n: ["admin", "undo"] };
export const meta = adminMeta;

export async function loader(args: Route.LoaderArgs) {
  const viewer = await requireStaff(args);
  const issue = await getNewsletter(env, args.params.id);
  if (!issue) throw data(null, { status: 404 });
  return {
    title: adminTitle(args, "newsletters.issueTitle", { subject: issue.subjectEn || issue.subjectEs }),
    issue,
    audience: await audienceOf(env, issue.id),
    viewerEmail: viewer.email,
    batch: NEWSLETTER_PER_CRON_RUN,
  };
}

type Done = "saved" | "tested" | "started" | "continued";
type Result = { done: Done | null; errors: Record<string, string>; values: Record<string, string> };

export async function action(args: Route.ActionArgs) {
  const actor = await requireStaff(args);
  const { ctx } = getRequestContext(args.context);
  const id = args.params.id;
  const values = formStrings(readPostedForm(args.context));
  const refuse = (errors: Record<string, string>, status = 400) =>
    data<Result>({ done: null, errors, values }, { status });
  const ok = (done: Done): Result => ({ done, errors: {}, values: {} });
  if (values.intent === "save") {
    const parsed = v.safeParse(NewsletterDraftSchema, values);
    if (!parsed.success) return refuse(fieldErrors(parsed.issues));
    const saved = await updateNewsletter(env, actor, id, parsed.output);
    if (saved === "not-found") throw data(null, { status: 404 });
    if (saved === "not-draft") return refuse({ form: "admin:newsletters.notDraft" }, 409);
    return ok("saved");
  }
  if (values.intent === "test") {
    if (!(await sendNewsletterTest(env, ctx, actor, id))) throw data(null, { status: 404 });
    return ok("tested");
  }
  if (values.intent === "send") {
    if (values.confirm !== "yes") return refuse({ confirm: "admin:newsletters.confirmRequired" });
    // A draft may lack a language; subscribers get their own, so sending needs both (decision 053).
    const issue = await getNewsletter(env, id);
    if (!issue) throw data(null, { status: 404 });
    const missing = missingToSend(issue);
    if (Object.keys(missing).length > 0) return refuse(missing);
    const started = await startNewsletterSend(env, actor, id);
    if (started === "not-found") throw data(null, { status: 404 });
    if (started === "not-draft") return refuse({ form: "admin:newsletters.notDraft" }, 409);
    return ok("started");
  }
  if (values.intent === "continue") {
    await continueNewsletterSend(env, id);
    return ok("continued");
  }
  return refuse({ form: "admin:common.invalid" });
}

export default function AdminNewsletter({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const result = navigation.state === "idle" ? actionData : undefined;
  const { issue, audience } = loaderData;
  const draft = issue.status === "draft";
  return (
    <>
      <p>
        <Link to="/admin/newsletters" className="link">
          ← {t("common.back")}
        </Link>
      </p>
      <AdminPageHeader title={issue.subjectEn || issue.subjectEs} />
      <p className="mt-2 flex flex-wrap items-center gap-3 text-sm">
        <StatusBadge namespace="newsletters" status={issue.status} />
        <span>
          {t("newsletters.created")}: <DateTime iso={issue.createdAt} />
        </span>
      </p>
      {result?.done ? (
        <Flash>{t(`newsletters.done.${result.done}`, { email: loaderData.viewerEmail })}</Flash>
      ) : null}
      {result?.errors.form ? <Flash tone="error">{t(result.errors.form)}</Flash> : null}

      <section
        aria-labelledby="sending"
        className="mt-6 rounded-xl border border-gray-200 p-5 dark:border-gray-700"
      >
        <h2 id="sending" className="text-xl font-bold">
          {t("newsletters.sending")}
        </h2>
        <p className="mt-2">
          {t("newsletters.audience", { total: audience.total, en: audience.en, es: audience.es })}
        </p>
        {issue.sendStartedAt ? (
          <p className="mt-2">
            {t("newsletters.record", { count: issue.sentCount, name: issue.sentByName ?? "—" })}{" "}
            <DateTime iso={issue.sendStartedAt} />
            {issue.sentAt ? (
              <>
                {" "}
                · {t("newsletters.finished")} <DateTime iso={issue.sentAt} />
              </>
            ) : null}
          </p>
        ) : null}
        <div className="mt-4 flex flex-wrap items-end gap-4">
          <Form method="post">
            <input type="hidden" name="intent" value="test" />
            <button type="submit" className="btn-secondary" disabled={busy}>
              {t("newsletters.sendTest", { email: loaderData.viewerEmail })}
            </button>
          </Form>
          {draft ? (
            <Form method="post" className="grid gap-2">
              <input type="hidden" name="intent" value="send" />
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  name="confirm"
                  value="yes"
                  className="h-6 w-6"
                  aria-invalid={result?.errors.confirm ? true : undefined}
                  aria-describedby={result?.errors.confirm ? "confirm-error" : undefined}
                />
                {t("newsletters.confirm", { count: audience.total })}
              </label>
              {result?.errors.confirm ? (
                <p id="confirm-error" className="font-semibold text-red-800 dark:text-red-200">
                  {t(result.errors.confirm)}
                </p>
              ) : null}
              <div>
                <button type="submit" className="btn-primary" disabled={busy}>
                  {t("newsletters.send", { count: audience.total })}
                </button>
              </div>
            </Form>
          ) : null}
          {issue.status === "sending" ? (
            <Form method="post">
              <input type="hidden" name="intent" value="continue" />
              <p className="mb-2 text-sm">
                {t("newsletters.continueHint", { count: audience.waiting, batch: loaderData.batch })}
              </p>
              <button type="submit" className="btn-primary" disabled={busy}>
                {t("newsletters.continue")}
              </button>
            </Form>
          ) : null}
        </div>
      </section>

      {draft ? (
        <section aria-labelledby="edit" className="mt-8">
          <h2 id="edit" className="text-xl font-bold">
            {t("newsletters.edit")}
          </h2>
          <Form method="post" className="mt-3 grid gap-4">
            <input type="hidden" name="intent" value="save" />
            <NewsletterFields
              key={issue.updatedAt}
              values={result?.done === null && result.values.intent === "save" ? result.values : issue}
              errors={
                result?.values.intent === "save" || result?.values.intent === "send" ? result.errors : {}
              }
            />
            <div>
              <button type="submit" className="btn-primary" disabled={busy}>
                {t("newsletters.saveDraft")}
              </button>
            </div>
          </Form>
        </section>
      ) : (
        <section aria-labelledby="sent-text" className="mt-8">
          <h2 id="sent-text" className="text-xl font-bold">
            {t("newsletters.sentText")}
          </h2>
          <div className="mt-3 grid gap-6 lg:grid-cols-2">
            <NewsletterPreview subject={issue.subjectEn} body={issue.bodyEn} lang="en" />
            <NewsletterPreview subject={issue.subjectEs} body={issue.bodyEs} lang="es" />
          </div>
        </section>
      )}
    </>
  );
}
