import { useTranslation } from "react-i18next";
import { AccountEmailField, PasswordField, useRedirectTo } from "~/components/account/account-fields";
import { AuthLayout, OtherAccountPage } from "~/components/account/auth-layout";
import { SubmitButton, TextField } from "~/components/forms/fields";
import { Notice, PageForm, PublicPostFields, usePageForm } from "~/components/forms/form-kit";
import { SignupSchema } from "~/lib/account-schemas";
import { pageMeta } from "~/lib/seo";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { requestAccount } from "~/server/auth/accounts.server";
import { redirectIfSignedIn } from "~/server/auth/pages.server";
import { getRequestContext } from "~/server/kernel/context.server";
import { getInstance, getLocale } from "~/server/kernel/i18n.server";
import { deliverOutbox } from "~/server/mail/outbox.server";
import { parsePublicPost } from "~/server/page-form.server";
import { RATE_LIMITS } from "~/server/kernel/rate-limit.server";
import { sitePageSeo } from "~/server/seo.server";
import type { Route } from "./+types/signup";
import { env } from "~/server/kernel/env.server";

export const handle = { i18n: ["account"] };
export const meta = pageMeta;

export async function loader(args: Route.LoaderArgs) {
  await redirectIfSignedIn(args);
  return { seo: sitePageSeo(args) };
}

export async function action(args: Route.ActionArgs) {
  const { ctx } = getRequestContext(args.context);
  const posted = await parsePublicPost(args, SignupSchema, {
    rateLimit: { scope: "signup", rule: RATE_LIMITS.forms },
    messages: { rateLimited: "account:signup.rateLimited" },
    hideFields: ["password"],
  });
  // Decision 012: a bot gets what a person gets ("check your e-mail"), and no account.
  if (posted.kind === "bot") return { sentTo: String(posted.formData.get("email") ?? "") };
  if (posted.kind === "answered") return posted.answer;

  const { name, email, password, redirectTo } = posted.value;
  const locale = getLocale(args.context);
  const ids = await requestAccount(env, {
    name,
    email,
    password,
    redirectTo: safeRedirectPath(redirectTo, "") || undefined,
    locale,
    t: getInstance(args.context).getFixedT(locale, "account"),
  });
  if (ids.length) ctx.waitUntil(deliverOutbox(env, { ids }));
  // The same answer, not signed in, whether or not the address has an account: the link in the
  // e-mail signs a new account in (decision 013).
  return { sentTo: email };
}

export default function SignupPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const { redirectTo, keepingRedirect } = useRedirectTo();
  const { form, fields, pending } = usePageForm({
    id: "signup",
    schema: SignupSchema,
    answer: actionData,
    secretField: "password",
  });
  if (actionData && "sentTo" in actionData) {
    return (
      <AuthLayout title={t("signup.sentTitle")}>
        <div className="grid gap-4">
          <Notice tone="success">{t("signup.sent", { email: actionData.sentTo })}</Notice>
          <p>{t("signup.sentHelp")}</p>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={t("signup.title")}
      lead={t("signup.lead")}
      aside={
        <OtherAccountPage
          question={t("signup.haveAccount")}
          to={keepingRedirect("/login")}
          link={t("signup.loginLink")}
        />
      }
    >
      <PageForm form={form} hidden={{ redirectTo }} className="relative grid gap-5">
        <PublicPostFields />
        <TextField meta={fields.name} label={t("fields.name")} autoComplete="name" required />
        <AccountEmailField meta={fields.email} />
        <PasswordField meta={fields.password} label={t("fields.password")} isNew />
        <div>
          <SubmitButton pending={pending} label={t("signup.submit")} pendingLabel={t("signup.pending")} />
        </div>
      </PageForm>
    </AuthLayout>
  );
}
