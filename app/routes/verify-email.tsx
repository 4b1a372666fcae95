import { getFormProps, useForm } from "@conform-to/react";
import { parseWithValibot } from "@conform-to/valibot";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation } from "react-router";
import { AuthLayout, Notice } from "~/components/account/auth-layout";
import { ErrorSummary, SubmitButton, TextField } from "~/components/forms/fields";
import { VerifyEmailSchema } from "~/lib/account-schemas";
import { messageWith } from "~/lib/forms/field-validation";
import { pageMeta } from "~/lib/seo";
import { verificationTarget, verifyEmail } from "~/server/auth/accounts.server";
import { landingPath, signInAndRedirect } from "~/server/auth/pages.server";
import { ownPageSeo } from "~/server/auth/seo.server";
import { getRequestContext } from "~/server/context.server";
import { readPostedForm } from "~/server/post-guard.server";
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
  const submission = parseWithValibot(readPostedForm(args.context), { schema: VerifyEmailSchema });
  const reply = (formErrors?: string[]) => submission.reply({ formErrors, hideFields: ["password"] });
  if (submission.status !== "success") return data({ result: reply() }, { status: 400 });
  const outcome = await verifyEmail(env, args.request, submission.value);
  if (outcome.ok) {
    return signInAndRedirect(args, outcome.user, landingPath(outcome.user, submission.value.redirectTo));
  }
  if (outcome.reason === "rate-limited") {
    const message = messageWith("account:login.rateLimited", {
      minutes: Math.ceil(RATE_LIMITS.login.windowSeconds / 60),
    });
    return data({ result: reply([message]) }, { status: 429 });
  }
  const message = {
    "invalid-link": "account:verify.invalidLink",
    used: "account:verify.used",
    invalid: "account:verify.wrongPassword",
  }[outcome.reason];
  return data({ result: reply([message]) }, { status: 400 });
}

export default function VerifyEmailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "verify-email",
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    onValidate: ({ formData }) => parseWithValibot(formData, { schema: VerifyEmailSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  // The server never sends a password back; with JavaScript the typed one is cleared too.
  const passwordId = fields.password.id;
  useEffect(() => {
    const input = document.getElementById(passwordId);
    if (actionData && input instanceof HTMLInputElement) input.value = "";
  }, [actionData, passwordId]);

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
      <Form method="post" {...getFormProps(form)} noValidate className="grid gap-5">
        <ErrorSummary form={form} />
        <input type="hidden" name="token" value={loaderData.token} />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <TextField
          meta={fields.password}
          label={t("fields.password")}
          type="password"
          autoComplete="current-password"
          required
        />
        <div className="flex flex-wrap items-center gap-4">
          <SubmitButton
            pending={navigation.state === "submitting"}
            label={t("verify.submit")}
            pendingLabel={t("verify.pending")}
          />
          <Link to="/forgot-password" className="link">
            {t("login.forgot")}
          </Link>
        </div>
      </Form>
      <p className="mt-8 text-gray-800 dark:text-gray-200">{t("verify.notYou")}</p>
    </AuthLayout>
  );
}
