import { getFormProps, useForm } from "@conform-to/react";
import { parseWithValibot } from "@conform-to/valibot";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation } from "react-router";
import { AuthLayout, Notice } from "~/components/account/auth-layout";
import { ErrorSummary, Honeypot, SubmitButton, TextField } from "~/components/forms/fields";
import { TurnstileWidget } from "~/components/forms/turnstile";
import { ForgotPasswordSchema } from "~/lib/account-schemas";
import { pageMeta } from "~/lib/seo";
import { requestPasswordReset } from "~/server/auth/accounts.server";
import { ownPageSeo } from "~/server/auth/seo.server";
import { getRequestContext } from "~/server/context.server";
import { getInstance, getLocale } from "~/server/i18n.server";
import { deliverOutbox } from "~/server/mail/outbox.server";
import { guardPublicPost } from "~/server/post-guard.server";
import { RATE_LIMITS } from "~/server/rate-limit.server";
import type { Route } from "./+types/forgot-password";

export const handle = { i18n: ["account"] };
export const meta = pageMeta;

export function loader(args: Route.LoaderArgs) {
  return { seo: ownPageSeo(args, "forgotPassword", "account", "forgot.title", "forgot.lead") };
}

export async function action(args: Route.ActionArgs) {
  const { env, ctx } = getRequestContext(args.context);
  const guarded = await guardPublicPost(args, env, {
    rateLimit: { scope: "password-reset", rule: RATE_LIMITS.forms },
    messages: { rateLimited: "account:signup.rateLimited" },
  });
  const submission = parseWithValibot(guarded.formData, { schema: ForgotPasswordSchema });
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
  const locale = getLocale(args.context);
  const ids = await requestPasswordReset(env, {
    email: submission.value.email,
    locale,
    t: getInstance(args.context).getFixedT(locale, "account"),
  });
  if (ids.length) ctx.waitUntil(deliverOutbox(env, { ids }));
  // The same answer whether or not the e-mail has an account.
  return { result: submission.reply({ resetForm: true }), sent: true };
}

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    onValidate: ({ formData }) => parseWithValibot(formData, { schema: ForgotPasswordSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <AuthLayout title={t("forgot.title")} lead={t("forgot.lead")}>
      {actionData?.sent ? (
        <Notice tone="success">{t("forgot.sent")}</Notice>
      ) : (
        <Form method="post" {...getFormProps(form)} noValidate className="grid gap-5">
          <ErrorSummary form={form} />
          <TextField
            meta={fields.email}
            label={t("fields.email")}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
          />
          <Honeypot />
          <TurnstileWidget />
          <div>
            <SubmitButton
              pending={navigation.state === "submitting"}
              label={t("forgot.submit")}
              pendingLabel={t("forgot.pending")}
            />
          </div>
        </Form>
      )}
      <p className="mt-8">
        <Link to="/login" className="link font-semibold">
          {t("forgot.backToLogin")}
        </Link>
      </p>
    </AuthLayout>
  );
}
