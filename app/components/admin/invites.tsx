import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { SelectField, SubmitButton, TextField } from "~/components/forms/fields";
import { PageForm, usePageForm } from "~/components/forms/form-kit";
import { DateTime } from "~/components/ui/format";
import { INVITE_ROLES, InviteSchema } from "~/lib/account-schemas";
import { Flash, smallButtonClass } from "./ui";

/**
 * What /admin/users answers an invitation post with (decision 052): the invitation form's
 * verdict as conform's `result` (field errors, what was typed), or a sent, resent or withdrawn one.
 */
export type InviteAnswer =
  | { invite: "sent"; email: string; result: SubmissionResult<string[]> }
  | { invite: "resent" | "revoked"; email: string }
  | { invite: "rate-limited" | "not-found" }
  | { invite?: undefined; result: SubmissionResult<string[]> };

/**
 * The invitation form: name, address, role and the e-mail's language, from the form kit like the
 * other admin forms (an error summary naming each field, the server's translated message by the
 * field, what was typed kept); works without JavaScript.
 */
export function InviteForm({
  answer,
  locales,
}: {
  answer: InviteAnswer | undefined;
  locales: readonly string[];
}) {
  const { t } = useTranslation("admin");
  const { form, fields, pending } = usePageForm({
    id: "invite",
    schema: InviteSchema,
    answer: answer && "result" in answer ? answer : undefined,
    defaultValue: { role: "STAFF", locale: "en" },
  });
  const labels = {
    name: t("users.invite.name"),
    email: t("users.invite.email"),
    role: t("users.invite.role"),
    locale: t("users.invite.language"),
  };
  return (
    <section
      aria-labelledby="invite-title"
      className="mt-6 rounded-xl border border-gray-200 p-4 dark:border-gray-700"
    >
      <h2 id="invite-title" className="text-xl font-bold">
        {t("users.invite.title")}
      </h2>
      <p className="mt-1 max-w-prose text-sm text-gray-700 dark:text-gray-300">{t("users.invite.lead")}</p>
      {answer?.invite === "sent" ? <Flash>{t("users.invite.sent", { email: answer.email })}</Flash> : null}
      <PageForm
        form={form}
        hidden={{ intent: "invite" }}
        labels={labels}
        className="mt-3 grid gap-4 sm:grid-cols-2 [&>[role=alert]]:sm:col-span-2"
      >
        <TextField meta={fields.name} label={labels.name} required autoComplete="off" />
        <TextField meta={fields.email} label={labels.email} type="email" required autoComplete="off" />
        <SelectField
          meta={fields.role}
          label={labels.role}
          required
          options={INVITE_ROLES.map((role) => ({ value: role, label: t(`users.roles.${role}`) }))}
        />
        <SelectField
          meta={fields.locale}
          label={labels.locale}
          required
          options={locales.map((code) => ({
            value: code,
            label: t(`language.names.${code}`, { ns: "common" }),
          }))}
        />
        <div className="sm:col-span-2">
          <SubmitButton
            pending={pending}
            label={t("users.invite.send")}
            pendingLabel={t("users.invite.sending")}
          />
        </div>
      </PageForm>
    </section>
  );
}

type OpenInvite = { id: string; name: string; email: string; role: string; expiresAt: string };

/** The invitations not yet accepted: each can be sent again (a new link) or withdrawn. */
export function OpenInvites({
  invites,
  now,
  answer,
}: {
  invites: OpenInvite[];
  now: string;
  answer: InviteAnswer | undefined;
}) {
  const { t } = useTranslation("admin");
  return (
    <section aria-labelledby="open-invites" className="mt-6">
      <h2 id="open-invites" className="text-xl font-bold">
        {t("users.invite.open")}
      </h2>
      {answer?.invite === "resent" || answer?.invite === "revoked" ? (
        <Flash>{t(`users.invite.${answer.invite}`, { email: answer.email })}</Flash>
      ) : answer?.invite === "not-found" ? (
        <Flash tone="error">{t("users.invite.not-found")}</Flash>
      ) : answer?.invite === "rate-limited" ? (
        <Flash tone="error">{t("users.invite.rateLimited")}</Flash>
      ) : null}
      {invites.length === 0 ? (
        <p className="mt-2 text-gray-700 dark:text-gray-300">{t("users.invite.none")}</p>
      ) : (
        <ul className="mt-2 grid gap-2">
          {invites.map((invite) => (
            <li
              key={invite.id}
              className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-gray-200 p-3 dark:border-gray-700"
            >
              <span className="min-w-0">
                <span className="block font-semibold">{invite.name}</span>
                <span className="block break-words">{invite.email}</span>
              </span>
              <span>{t(`users.roles.${invite.role}`)}</span>
              <span className="text-sm">
                {invite.expiresAt > now ? (
                  <>
                    {t("users.invite.expires")}: <DateTime iso={invite.expiresAt} />
                  </>
                ) : (
                  t("users.invite.expired")
                )}
              </span>
              <span className="ml-auto flex flex-wrap gap-2">
                {(["resend", "revoke"] as const).map((change) => (
                  <Form method="post" key={change}>
                    <input type="hidden" name="intent" value={`${change}-invite`} />
                    <input type="hidden" name="id" value={invite.id} />
                    <button
                      type="submit"
                      className={smallButtonClass}
                      aria-label={t(`users.invite.${change}Of`, { email: invite.email })}
                    >
                      {t(`users.invite.${change}`)}
                    </button>
                  </Form>
                ))}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
