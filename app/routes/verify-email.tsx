import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { AuthLayout } from "~/components/account/auth-layout";
import { SubmitButton, TextField } from "~/components/forms/fields";
import { Notice, PageForm, usePageForm } from "~/components/forms/form-kit";
import { VerifyEmailSchema } from "~/lib/account-schemas";
import { messageWith } from "~/lib/form-schemas";
import { pageMeta } from "~/lib/seo";
import { verificationTarget, verifyEmail } from "~/server/auth/accounts.server";
import { landingPath, signInAndRedirect } from "~/server/auth/pages.server";
import { ownPageSeo } from "~/server/auth/seo.server";
import { getRequestContext } from "~/server/context.server";
import { parsePostedForm } from "~/server/page-form.server";
import { RATE_LIMITS } from "~/server/rate-limit.server";
import type { Route } from "./+types/verify-email";

export const handle = { i18n: ["account"] };
// The token is in the address: keep it out of the Referer of any link on the page.
export function meta(args: Route.MetaArgs) {
  return [
    ...pageMeta(args),
    { name: "referrer", content: "no-referrer" },
    { name: "robots", content: "noindex" },
  ];
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

/**
 * Following the link changes nothing (mail scanners open links): the page asks for the
 * account's password and the post verifies (decision 013).
 */
export async function loader(args: Route.LoaderArgs) {
  const { env } = getRequestContext(args.context);
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
  const { env } = getRequestContext(args.context);
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
    <AuthLayout title={t("verify.title")} lead={t("verify.lead", { email: loaderData.email })}>
      <PageForm
        form={form}
        hidden={{ token: loaderData.token, redirectTo: loaderData.redirectTo }}
        className="grid gap-5"
      >
        <TextField
          meta={fields.password}
          label={t("fields.password")}
          type="password"
          autoComplete="current-password"
          required
        />
        <div className="flex flex-wrap items-center gap-4">
          <SubmitButton pending={pending} label={t("verify.submit")} pendingLabel={t("verify.pending")} />
          <Link to="/forgot-password" className="link">
            {t("login.forgot")}
          </Link>
        </div>
      </PageForm>
      <p className="mt-8 text-gray-800 dark:text-gray-200">{t("verify.notYou")}</p>
    </AuthLayout>
  );
}
