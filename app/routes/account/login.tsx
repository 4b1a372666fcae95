import { useTranslation } from "react-i18next";
import { data, useSearchParams } from "react-router";
import {
  AccountEmailField,
  PasswordField,
  SubmitWithForgotLink,
  useRedirectTo,
} from "~/components/account/account-fields";
import { AuthLayout, OtherAccountPage } from "~/components/account/auth-layout";
import { Notice, PageForm, usePageForm } from "~/components/forms/form-kit";
import { LoginSchema } from "~/lib/account-schemas";
import { messageWith } from "~/lib/forms/field-validation";
import { pageMeta } from "~/lib/seo";
import { signIn } from "~/server/auth/accounts.server";
import { landingPath, redirectIfSignedIn, signInAndRedirect } from "~/server/auth/pages.server";
import { parsePostedForm } from "~/server/page-form.server";
import { RATE_LIMITS } from "~/server/kernel/rate-limit.server";
import { sitePageSeo } from "~/server/seo.server";
import type { Route } from "./+types/login";
import { env } from "~/server/kernel/env.server";

export const handle = { i18n: ["account"] };
export const meta = pageMeta;

export async function loader(args: Route.LoaderArgs) {
  await redirectIfSignedIn(args);
  return { seo: sitePageSeo(args) };
}

export async function action(args: Route.ActionArgs) {
  const posted = parsePostedForm(args.context, LoginSchema, { hideFields: ["password"] });
  if (posted.kind === "answered") return posted.answer;
  const outcome = await signIn(env, args.request, posted.value);
  if (!outcome.ok) {
    const limited = outcome.reason === "rate-limited";
    const message = limited
      ? messageWith("account:login.rateLimited", {
          minutes: Math.ceil(RATE_LIMITS.login.windowSeconds / 60),
        })
      : "account:login.invalid";
    return data({ result: posted.reply({ formErrors: [message] }) }, { status: limited ? 429 : 400 });
  }
  return signInAndRedirect(args, outcome.user, landingPath(outcome.user, posted.value.redirectTo));
}

export default function LoginPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const [searchParams] = useSearchParams();
  const { redirectTo, keepingRedirect } = useRedirectTo();
  const { form, fields, pending } = usePageForm({
    id: "login",
    schema: LoginSchema,
    answer: actionData,
    secretField: "password",
  });
  return (
    <AuthLayout
      title={t("login.title")}
      lead={t("login.lead")}
      aside={
        <OtherAccountPage
          question={t("login.noAccount")}
          to={keepingRedirect("/signup")}
          link={t("login.signupLink")}
        />
      }
    >
      {searchParams.get("reset") === "done" ? <Notice tone="success">{t("login.resetDone")}</Notice> : null}
      <PageForm form={form} hidden={{ redirectTo }} className="mt-6 grid gap-5">
        <AccountEmailField meta={fields.email} autoComplete="username" />
        <PasswordField meta={fields.password} label={t("fields.password")} isNew={false} />
        <SubmitWithForgotLink pending={pending} label={t("login.submit")} pendingLabel={t("login.pending")} />
      </PageForm>
    </AuthLayout>
  );
}
