import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AccountEmailField } from "~/components/account/account-fields";
import { AuthLayout } from "~/components/account/auth-layout";
import { SubmitButton } from "~/components/forms/fields";
import { Notice, PageForm, PublicPostFields, usePageForm } from "~/components/forms/form-kit";
import { ForgotPasswordSchema } from "~/lib/account-schemas";
import { pageMeta } from "~/lib/seo";
import { requestPasswordReset } from "~/server/auth/accounts.server";
import { ownPageSeo } from "~/server/auth/seo.server";
import { getInstance, getLocale } from "~/server/kernel/i18n.server";
import { answerMailRequest } from "~/server/page-form.server";
import { RATE_LIMITS } from "~/server/kernel/rate-limit.server";
import type { Route } from "./+types/forgot-password";

export const handle = { i18n: ["account"] };
export const meta = pageMeta;

export function loader(args: Route.LoaderArgs) {
  return { seo: ownPageSeo(args, "forgotPassword", "account", "forgot.title", "forgot.lead") };
}

export function action(args: Route.ActionArgs) {
  // The same answer whether or not the e-mail has an account.
  return answerMailRequest(
    args,
    ForgotPasswordSchema,
    ({ email }, env) => {
      const locale = getLocale(args.context);
      return requestPasswordReset(env, {
        email,
        locale,
        t: getInstance(args.context).getFixedT(locale, "account"),
      });
    },
    {
      rateLimit: { scope: "password-reset", rule: RATE_LIMITS.forms },
      messages: { rateLimited: "account:signup.rateLimited" },
    },
  );
}

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const { form, fields, pending } = usePageForm({
    id: "forgot-password",
    schema: ForgotPasswordSchema,
    answer: actionData,
  });
  return (
    <AuthLayout title={t("forgot.title")} lead={t("forgot.lead")}>
      {actionData?.sent ? (
        <Notice tone="success">{t("forgot.sent")}</Notice>
      ) : (
        <PageForm form={form} className="grid gap-5">
          <AccountEmailField meta={fields.email} />
          <PublicPostFields />
          <div>
            <SubmitButton pending={pending} label={t("forgot.submit")} pendingLabel={t("forgot.pending")} />
          </div>
        </PageForm>
      )}
      <p className="mt-8">
        <Link to="/login" className="link font-semibold">
          {t("forgot.backToLogin")}
        </Link>
      </p>
    </AuthLayout>
  );
}
