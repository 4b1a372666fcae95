import { getFormProps, useForm } from "@conform-to/react";
import { parseWithValibot } from "@conform-to/valibot";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import { AuthLayout, Notice } from "~/components/account/auth-layout";
import { ErrorSummary, SubmitButton, TextField } from "~/components/forms/fields";
import { LoginSchema } from "~/lib/account-schemas";
import { messageWith } from "~/lib/forms/field-validation";
import { pageMeta } from "~/lib/seo";
import { signIn } from "~/server/auth/accounts.server";
import { landingPath, redirectIfSignedIn, signInAndRedirect } from "~/server/auth/pages.server";
import { getRequestContext } from "~/server/context.server";
import { readPostedForm } from "~/server/post-guard.server";
import { RATE_LIMITS } from "~/server/rate-limit.server";
import { sitePageSeo } from "~/server/seo.server";
import type { Route } from "./+types/login";

export const handle = { i18n: ["meta", "account"] };
export const meta = pageMeta;

export async function loader(args: Route.LoaderArgs) {
  await redirectIfSignedIn(args);
  return { seo: sitePageSeo(args) };
}

export async function action(args: Route.ActionArgs) {
  const { env } = getRequestContext(args.context);
  const submission = parseWithValibot(readPostedForm(args.context), { schema: LoginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const outcome = await signIn(env, args.request, submission.value);
  if (!outcome.ok) {
    const limited = outcome.reason === "rate-limited";
    const message = limited
      ? messageWith("account:login.rateLimited", {
          minutes: Math.ceil(RATE_LIMITS.login.windowSeconds / 60),
        })
      : "account:login.invalid";
    return data(
      { result: submission.reply({ formErrors: [message], hideFields: ["password"] }) },
      { status: limited ? 429 : 400 },
    );
  }
  return signInAndRedirect(args, outcome.user, landingPath(outcome.user, submission.value.redirectTo));
}

export default function LoginPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const [form, fields] = useForm({
    id: "login",
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    onValidate: ({ formData }) => parseWithValibot(formData, { schema: LoginSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  // The server never sends a password back; with JavaScript the typed one is cleared too.
  const passwordId = fields.password.id;
  useEffect(() => {
    const input = document.getElementById(passwordId);
    if (actionData && input instanceof HTMLInputElement) input.value = "";
  }, [actionData, passwordId]);
  const signupHref = redirectTo ? `/signup?redirectTo=${encodeURIComponent(redirectTo)}` : "/signup";

  return (
    <AuthLayout title={t("login.title")} lead={t("login.lead")}>
      {searchParams.get("reset") === "done" ? <Notice tone="success">{t("login.resetDone")}</Notice> : null}
      <Form method="post" {...getFormProps(form)} noValidate className="mt-6 grid gap-5">
        <ErrorSummary form={form} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField
          meta={fields.email}
          label={t("fields.email")}
          type="email"
          autoComplete="username"
          inputMode="email"
          required
        />
        <TextField
          meta={fields.password}
          label={t("fields.password")}
          type="password"
          autoComplete="current-password"
          required
        />
        <div className="flex flex-wrap items-center gap-4">
          <SubmitButton
            pending={
              navigation.state === "submitting" && navigation.formAction?.startsWith("/login") === true
            }
            label={t("login.submit")}
            pendingLabel={t("login.pending")}
          />
          <Link to="/forgot-password" className="link">
            {t("login.forgot")}
          </Link>
        </div>
      </Form>
      <p className="mt-8 text-gray-800 dark:text-gray-200">
        {t("login.noAccount")}{" "}
        <Link to={signupHref} className="link font-semibold">
          {t("login.signupLink")}
        </Link>
      </p>
    </AuthLayout>
  );
}
