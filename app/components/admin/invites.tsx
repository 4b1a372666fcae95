import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { DateTime } from "~/components/ui/format";
import { Flash, inputClass, smallButtonClass } from "./ui";

/** What /admin/users answers an invitation post with (decision 052). */
export type InviteAnswer =
  | { invite: "sent" | "resent" | "revoked"; email: string }
  | {
      invite: "invalid" | "has-account" | "pending" | "rate-limited" | "not-found";
      errors?: Record<string, string>;
      values?: Record<string, string>;
    };

const INVITE_ROLES = ["STAFF", "ADMIN"] as const;

/** The invitation form: name, address, role and the e-mail's language; works without JavaScript. */
export function InviteForm({
  answer,
  locales,
}: {
  answer: InviteAnswer | undefined;
  locales: readonly string[];
}) {
  const { t } = useTranslation("admin");
  const busy = useNavigation().state === "submitting";
  const refused = answer && "values" in answer ? answer : undefined;
  const errors = refused?.errors ?? {};
  const typed = (name: string) => refused?.values?.[name];
  const field = (name: "name" | "email", type: "text" | "email", autoComplete: string) => (
    <div>
      <label htmlFor={`invite-${name}`} className="font-semibold">
        {t(`users.invite.${name}`)}
      </label>
      <input
        id={`invite-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required
        defaultValue={typed(name)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `invite-${name}-error` : undefined}
        className={inputClass}
      />
      {errors[name] ? (
        <p id={`invite-${name}-error`} className="mt-1 font-semibold text-red-800 dark:text-red-200">
          {t(errors[name], { max: 100 })}
        </p>
      ) : null}
    </div>
  );
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
      {refused && refused.invite !== "invalid" && refused.invite !== "not-found" ? (
        <Flash tone="error">{t(`users.invite.${refused.invite}`)}</Flash>
      ) : refused?.invite === "invalid" ? (
        <Flash tone="error">{t("common.invalid")}</Flash>
      ) : null}
      <Form method="post" noValidate className="mt-3 grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="invite" />
        {field("name", "text", "off")}
        {field("email", "email", "off")}
        <label className="grid font-semibold">
          {t("users.invite.role")}
          <select name="role" defaultValue={typed("role") ?? "STAFF"} className={inputClass}>
            {INVITE_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`users.roles.${role}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="grid font-semibold">
          {t("users.invite.language")}
          <select name="locale" defaultValue={typed("locale") ?? "en"} className={inputClass}>
            {locales.map((code) => (
              <option key={code} value={code}>
                {t(`language.names.${code}`, { ns: "common" })}
              </option>
            ))}
          </select>
        </label>
        <div className="sm:col-span-2">
          <button type="submit" className="btn-primary" disabled={busy}>
            {t("users.invite.send")}
          </button>
        </div>
      </Form>
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
