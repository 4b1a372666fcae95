import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { PasswordField, SubmitWithForgotLink } from "~/components/account/account-fields";
import { AuthLayout } from "~/components/account/auth-layout";
import { linkPageHeaders, linkPageMeta } from "~/components/account/link-page";
import { Notice, PageForm, usePageForm } from "~/components/forms/form-kit";
import { VerifyEmailSchema } from "~/lib/account-schemas";
import { messageWith } from "~/lib/forms/field-validation";
import { verificationTarget, verifyEmail } from "~/server/auth/accounts.server";
import { landingPath, signInAndRedirect } from "~/server/auth/pages.server";
import { ownPageSeo } from "~/server/auth/seo.server";
import { parsePostedForm } from "~/server/page-form.server";
import { RATE_LIMITS } from "~/server/kernel/rate-limit.server";
import type { Route } from "./+types/verify-email";
import { env } from "~/server/kernel/env.server";

export const handle = { i18n: ["account"] };
export const meta = linkPageMeta;
export const headers = linkPageHeaders;

/**
 * Following the link changes nothing (mail scanners open links): the page asks for the
 * account's password and the post verifies (decision 013).
 */
export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const token = url.searchParams.get("token") ?? "";
  const target = token ? await verificationTarget(env, token) : null;
  return {
    seo: ownPageSeo(args, "verifyEmail", "account", "verify.title"),
    state: !target ? ("invalid" as const) : target.verified ? ("used" as const) : ("ready" as const),
    token,
    email: target?.email ?? "",
    redirectTo: url.searchParams.get("redirectTo") ?? "",
  };
}

export async function action(args: Route.ActionArgs) {
  const posted = parsePostedForm(args.context, VerifyEmailSchema, { hideFields: ["password"] });
  if (posted.kind === "answered") return posted.answer;
  const outcome = await verifyEmail(env, args.request, posted.value);
  if (outcome.ok) {
    return signInAndRedirect(args, outcome.user, landingPath(outcome.user, posted.value.redirectTo));
  }
  if (outcome.reason === "rate-limited") {
    const message = messageWith("account:login.rateLimited", {
      minutes: Math.ceil(RATE_LIMITS.login.windowSeconds / 60),
    });
    return data({ result: posted.reply({ formErrors: [message] }) }, { status: 429 });
  }
  const message = {
    "invalid-link": "account:verify.invalidLink",
    used: "account:verify.used",
    invalid: "account:verify.wrongPassword",
  }[outcome.reason];
  return data({ result: posted.reply({ formErrors: [message] }) }, { status: 400 });
}

export default function VerifyEmailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const { form, fields, pending } = usePageForm({
    id: "verify-email",
    schema: VerifyEmailSchema,
    answer: actionData,
    secretField: "password",
  });

  if (loaderData.state !== "ready") {
    return (
      <AuthLayout title={t("verify.title")}>
        <Notice tone={loaderData.state === "used" ? "success" : "info"}>
          {t(loaderData.state === "used" ? "verify.used" : "verify.invalidLink")}
        </Notice>
        <p className="mt-6">
          <Link to="/login?redirectTo=%2Faccount" className="link font-semibold">
            {t("verify.toLogin")}
          </Link>
        </p>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title={t("verify.title")}
      lead={t("verify.lead", { email: loaderData.email })}
      aside={t("verify.notYou")}
    >
      <PageForm
        form={form}
        hidden={{ token: loaderData.token, redirectTo: loaderData.redirectTo }}
        className="grid gap-5"
      >
        <PasswordField meta={fields.password} label={t("fields.password")} isNew={false} />
        <SubmitWithForgotLink
          pending={pending}
          label={t("verify.submit")}
          pendingLabel={t("verify.pending")}
        />
      </PageForm>
    </AuthLayout>
  );
}
