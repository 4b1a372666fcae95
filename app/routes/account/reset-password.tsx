import { useTranslation } from "react-i18next";
import { data, Link, redirect } from "react-router";
import { PasswordField } from "~/components/account/account-fields";
import { AuthLayout } from "~/components/account/auth-layout";
import { linkPageHeaders, linkPageMeta } from "~/components/account/link-page";
import { SubmitButton } from "~/components/forms/fields";
import { Notice, PageForm, usePageForm } from "~/components/forms/form-kit";
import { ResetPasswordSchema } from "~/lib/account-schemas";
import { isResetTokenUsable, resetPassword } from "~/server/auth/accounts.server";
import { ownPageSeo } from "~/server/auth/seo.server";
import { parsePostedForm } from "~/server/page-form.server";
import type { Route } from "./+types/reset-password";
import { env } from "~/server/kernel/env.server";

export const handle = { i18n: ["account"] };
export const meta = linkPageMeta;
export const headers = linkPageHeaders;

export async function loader(args: Route.LoaderArgs) {
  const token = new URL(args.request.url).searchParams.get("token") ?? "";
  const usable = /^[0-9a-f]{64}$/.test(token) && (await isResetTokenUsable(env, token));
  return { seo: ownPageSeo(args, "resetPassword", "account", "reset.title"), token: usable ? token : null };
}

export async function action(args: Route.ActionArgs) {
  const posted = parsePostedForm(args.context, ResetPasswordSchema, { hideFields: ["password"] });
  if (posted.kind === "answered") return posted.answer;
  const outcome = await resetPassword(env, args.request, posted.value);
  if (!outcome.ok) {
    return data({ result: posted.reply({ formErrors: ["account:reset.invalidLink"] }) }, { status: 400 });
  }
  return redirect("/login?reset=done");
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const { form, fields, pending } = usePageForm({
    id: "reset-password",
    schema: ResetPasswordSchema,
    answer: actionData,
    secretField: "password",
  });
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
      <PageForm form={form} hidden={{ token: loaderData.token }} className="grid gap-5">
        <PasswordField meta={fields.password} label={t("fields.newPassword")} isNew />
        <div>
          <SubmitButton pending={pending} label={t("reset.submit")} pendingLabel={t("reset.pending")} />
        </div>
      </PageForm>
    </AuthLayout>
  );
}
