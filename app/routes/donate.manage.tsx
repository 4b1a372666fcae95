import { getFormProps, useForm } from "@conform-to/react";
import { parseWithValibot } from "@conform-to/valibot";
import { useTranslation } from "react-i18next";
import { data, Form, useNavigation } from "react-router";
import { ErrorSummary, Honeypot, SubmitButton, TextField } from "~/components/forms/fields";
import { TurnstileWidget } from "~/components/forms/turnstile";
import { PageHeader } from "~/components/layout/page-header";
import { ManageLinkSchema } from "~/lib/donation";
import { pageMeta } from "~/lib/seo";
import { getRequestContext } from "~/server/context.server";
import { requestManageLink } from "~/server/donations/manage.server";
import { getInstance, getLocale } from "~/server/i18n.server";
import { deliverOutbox } from "~/server/mail/outbox.server";
import { guardPublicPost } from "~/server/post-guard.server";
import { pageSeo } from "~/server/seo.server";
import type { Route } from "./+types/donate.manage";

export const handle = { i18n: ["meta", "donate"] };
export const meta = pageMeta;

export function loader(args: Route.LoaderArgs) {
  const t = getInstance(args.context).getFixedT(getLocale(args.context), "donate");
  const expired = new URL(args.request.url).searchParams.has("expired");
  return {
    seo: pageSeo(args, "donate", { title: t("manage.title"), description: t("manage.lead") }),
    expired,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { env, ctx } = getRequestContext(context);
  const guarded = await guardPublicPost({ request, context }, env);
  const submission = parseWithValibot(guarded.formData, { schema: ManageLinkSchema });
  // Decision 012: a bot gets the answer a person gets, and no e-mail.
  if (guarded.kind === "bot") return { result: submission.reply({ resetForm: true }), sent: true };
  if (guarded.kind === "refused") {
    return data(
      { result: submission.reply({ formErrors: [guarded.message] }), sent: false },
      { status: guarded.status, headers: guarded.headers },
    );
  }
  if (submission.status !== "success")
    return data({ result: submission.reply(), sent: false }, { status: 400 });
  // The answer is the same whether or not the address has given: nothing to learn from it.
  const id = await requestManageLink(env, submission.value.email, getLocale(context));
  if (id) ctx.waitUntil(deliverOutbox(env, { ids: [id] }));
  return { result: submission.reply({ resetForm: true }), sent: true };
}

export default function ManageRequestPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("donate");
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "manage-link",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithValibot(formData, { schema: ManageLinkSchema }),
  });
  return (
    <PageHeader title={t("manage.title")} lead={t("manage.lead")}>
      <div className="mt-8 max-w-xl space-y-4">
        {loaderData.expired ? (
          <div
            role="alert"
            className="rounded-xl border-l-8 border-red-700 bg-white p-4 dark:border-red-300 dark:bg-gray-950"
          >
            <p className="font-bold">{t("manage.invalidTitle")}</p>
            <p>{t("manage.invalid")}</p>
          </div>
        ) : null}
        {actionData?.sent ? (
          <p role="status" className="rounded-xl bg-white p-4 font-semibold dark:bg-gray-950">
            {t("manage.sent")}
          </p>
        ) : null}
        <ErrorSummary form={form} />
        <Form method="post" {...getFormProps(form)} className="space-y-4">
          <Honeypot />
          <TurnstileWidget />
          <TextField
            meta={fields.email}
            label={t("manage.email")}
            type="email"
            required
            autoComplete="email"
          />
          <SubmitButton
            pending={navigation.state === "submitting"}
            label={t("manage.send")}
            pendingLabel={t("manage.sending")}
          />
        </Form>
      </div>
    </PageHeader>
  );
}
