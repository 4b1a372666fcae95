import { getFormProps, useForm } from "@conform-to/react";
import { parseWithValibot } from "@conform-to/valibot";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AuthLayout, Notice } from "~/components/account/auth-layout";
import { ErrorSummary, SubmitButton, TextField } from "~/components/forms/fields";
import { PASSWORD_MIN_LENGTH, ResetPasswordSchema } from "~/lib/account-schemas";
import { pageMeta } from "~/lib/seo";
import { isResetTokenUsable, resetPassword } from "~/server/auth/accounts.server";
import { ownPageSeo } from "~/server/auth/seo.server";
import { getRequestContext } from "~/server/context.server";
import { readPostedForm } from "~/server/post-guard.server";
import type { Route } from "./+types/reset-password";

export const handle = { i18n: ["account"] };
// The token is in the address: keep it out of the Referer of any link on the page (the
// Worker sets the site-wide Referrer-Policy header, so the page narrows it with a meta tag).
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

export async function loader(args: Route.LoaderArgs) {
  const { env } = getRequestContext(args.context);
  const token = new URL(args.request.url).searchParams.get("token") ?? "";
  const usable = /^[0-9a-f]{64}$/.test(token) && (await isResetTokenUsable(env, token));
  return { seo: ownPageSeo(args, "resetPassword", "account", "reset.title"), token: usable ? token : null };
}

export async function action(args: Route.ActionArgs) {
  const { env } = getRequestContext(args.context);
  const submission = parseWithValibot(readPostedForm(args.context), { schema: ResetPasswordSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const outcome = await resetPassword(env, submission.value);
  if (!outcome.ok) {
    return data(
      { result: submission.reply({ formErrors: ["account:reset.invalidLink"], hideFields: ["password"] }) },
      { status: 400 },
    );
  }
  return redirect("/login?reset=done");
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    onValidate: ({ formData }) => parseWithValibot(formData, { schema: ResetPasswordSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  // The server never sends a password back; with JavaScript the typed one is cleared too.
  const passwordId = fields.password.id;
  useEffect(() => {
    const input = document.getElementById(passwordId);
    if (actionData && input instanceof HTMLInputElement) input.value = "";
  }, [actionData, passwordId]);
  if (!loaderData.token) {
    return (
      <AuthLayout title={t("reset.title")}>
        <Notice>{t("reset.invalidLink")}</Notice>
        <p className="mt-6">
          <Link to="/forgot-password" className="link font-semibold">
            {t("reset.requestNew")}
          </Link>
        </p>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t("reset.title")}>
      <Form method="post" {...getFormProps(form)} noValidate className="grid gap-5">
        <ErrorSummary form={form} />
        <input type="hidden" name="token" value={loaderData.token} />
        <TextField
          meta={fields.password}
          label={t("fields.newPassword")}
          type="password"
          autoComplete="new-password"
          hint={t("password.hint", { min: PASSWORD_MIN_LENGTH })}
          required
        />
        <div>
          <SubmitButton
            pending={navigation.state === "submitting"}
            label={t("reset.submit")}
            pendingLabel={t("reset.pending")}
          />
        </div>
      </Form>
    </AuthLayout>
  );
}
