import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { PasswordField } from "~/components/account/account-fields";
import { AuthLayout } from "~/components/account/auth-layout";
import { linkPageHeaders, linkPageMeta } from "~/components/account/link-page";
import { SubmitButton } from "~/components/forms/fields";
import { Notice, PageForm, usePageForm } from "~/components/forms/form-kit";
import { InviteAcceptSchema } from "~/lib/account-schemas";
import { acceptInvite, inviteForToken } from "~/server/admin/invites.server";
import { signInAndRedirect } from "~/server/auth/pages.server";
import { ownPageSeo } from "~/server/auth/seo.server";
import { parsePostedForm } from "~/server/page-form.server";
import type { Route } from "./+types/invite";
import { env } from "~/server/kernel/env.server";

export const handle = { i18n: ["account"] };
export const meta = linkPageMeta;
export const headers = linkPageHeaders;

/** A staff invitation's link (decision 052): who is invited, as what, if the link is still good. */
export async function loader(args: Route.LoaderArgs) {
  const token = new URL(args.request.url).searchParams.get("token") ?? "";
  const invite = token ? await inviteForToken(env, token) : null;
  return {
    seo: ownPageSeo(args, "invite", "account", "invite.title"),
    invite: invite ? { token, name: invite.name, email: invite.email, role: invite.role } : null,
  };
}

/** The account is created with its role; the second step then enrols the authenticator app (decision 048). */
export async function action(args: Route.ActionArgs) {
  const posted = parsePostedForm(args.context, InviteAcceptSchema, { hideFields: ["password"] });
  if (posted.kind === "answered") return posted.answer;
  const user = await acceptInvite(env, posted.value.token, posted.value.password);
  if (!user) {
    return data({ result: posted.reply({ formErrors: ["account:invite.invalidLink"] }) }, { status: 400 });
  }
  return signInAndRedirect(args, user, "/admin");
}

export default function InvitePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const { form, fields, pending } = usePageForm({
    id: "invite",
    schema: InviteAcceptSchema,
    answer: actionData,
    secretField: "password",
  });
  const { invite } = loaderData;
  if (!invite) {
    return (
      <AuthLayout title={t("invite.title")}>
        <Notice>{t("invite.invalidLink")}</Notice>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t("invite.title")}>
      <p className="mb-6">
        {t("invite.lead", { name: invite.name, email: invite.email, role: t(`invite.roles.${invite.role}`) })}
      </p>
      <PageForm form={form} hidden={{ token: invite.token }} className="grid gap-5">
        <PasswordField meta={fields.password} label={t("fields.newPassword")} isNew />
        <div>
          <SubmitButton pending={pending} label={t("invite.submit")} pendingLabel={t("invite.pending")} />
        </div>
      </PageForm>
    </AuthLayout>
  );
}
