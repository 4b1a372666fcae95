import { getFormProps, useForm } from "@conform-to/react";
import { parseWithValibot } from "@conform-to/valibot";
import { useTranslation } from "react-i18next";
import { data, Form, useNavigation } from "react-router";
import { ErrorSummary, Honeypot, SelectField, SubmitButton, TextField } from "~/components/forms/fields";
import { TurnstileWidget } from "~/components/forms/turnstile";
import { PageHeader } from "~/components/layout/page-header";
import { StatementSchema, statementYears } from "~/lib/donation";
import { pageMeta } from "~/lib/seo";
import { getRequestContext } from "~/server/context.server";
import { queueYearEndStatement } from "~/server/donations/statement.server";
import { getInstance, getLocale } from "~/server/i18n.server";
import { deliverOutbox } from "~/server/mail/outbox.server";
import { guardPublicPost } from "~/server/post-guard.server";
import { pageSeo } from "~/server/seo.server";
import type { Route } from "./+types/donate.statement";

export const handle = { i18n: ["meta", "donate"] };
export const meta = pageMeta;

export function loader(args: Route.LoaderArgs) {
  const t = getInstance(args.context).getFixedT(getLocale(args.context), "donate");
  const years = statementYears();
  // In January the year just ended is the one people want.
  const suggested = new Date().getUTCMonth() < 3 && years[1] ? years[1] : years[0]!;
  return {
    seo: pageSeo(args, "donate", { title: t("statement.title"), description: t("statement.lead") }),
    years,
    suggested,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { env, ctx } = getRequestContext(context);
  const guarded = await guardPublicPost({ request, context }, env);
  const submission = parseWithValibot(guarded.formData, { schema: StatementSchema });
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
  const { email, year } = submission.value;
  // Mailed only to the address typed and only if it gave that year; the answer is the same.
  const id = await queueYearEndStatement(env, email, Number(year), getLocale(context));
  if (id) ctx.waitUntil(deliverOutbox(env, { ids: [id] }));
  return { result: submission.reply({ resetForm: true }), sent: true };
}

export default function StatementPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("donate");
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "statement",
    lastResult: actionData?.result,
    defaultValue: { year: loaderData.suggested },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithValibot(formData, { schema: StatementSchema }),
  });
  return (
    <PageHeader title={t("statement.title")} lead={t("statement.lead")}>
      <div className="mt-8 max-w-xl space-y-4">
        {actionData?.sent ? (
          <p role="status" className="rounded-xl bg-white p-4 font-semibold dark:bg-gray-950">
            {t("statement.sent")}
          </p>
        ) : null}
        <ErrorSummary form={form} />
        <Form method="post" {...getFormProps(form)} className="space-y-4">
          <Honeypot />
          <TurnstileWidget />
          <TextField
            meta={fields.email}
            label={t("statement.email")}
            type="email"
            required
            autoComplete="email"
          />
          <SelectField
            meta={fields.year}
            label={t("statement.year")}
            required
            options={loaderData.years.map((year) => ({ value: year, label: year }))}
          />
          <SubmitButton
            pending={navigation.state === "submitting"}
            label={t("statement.send")}
            pendingLabel={t("statement.sending")}
          />
        </Form>
      </div>
    </PageHeader>
  );
}
