import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { SubmitButton, TextField } from "~/components/forms/fields";
import { PASSWORD_MIN_LENGTH } from "~/lib/account-schemas";

type Meta = Parameters<typeof TextField>[0]["meta"];

/** Where to land after signing in (`?redirectTo=`), and the other of login and signup keeping it. */
export function useRedirectTo() {
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const keepingRedirect = (path: string) =>
    redirectTo ? `${path}?redirectTo=${encodeURIComponent(redirectTo)}` : path;
  return { redirectTo, keepingRedirect };
}

/** The account's e-mail; `username` on the login form, so a password manager pairs it with the password. */
export function AccountEmailField({
  meta,
  autoComplete = "email",
}: {
  meta: Meta;
  autoComplete?: "email" | "username";
}) {
  const { t } = useTranslation("account");
  return (
    <TextField
      meta={meta}
      label={t("fields.email")}
      type="email"
      autoComplete={autoComplete}
      inputMode="email"
      required
    />
  );
}

/** The password the account has, or a new one with the length rule under its label. */
export function PasswordField({ meta, label, isNew }: { meta: Meta; label: string; isNew: boolean }) {
  const { t } = useTranslation("account");
  return (
    <TextField
      meta={meta}
      label={label}
      type="password"
      autoComplete={isNew ? "new-password" : "current-password"}
      hint={isNew ? t("password.hint", { min: PASSWORD_MIN_LENGTH }) : undefined}
      required
    />
  );
}

/** The submit button with "Forgot your password?" beside it (login, e-mail verification). */
export function SubmitWithForgotLink(props: { pending: boolean; label: string; pendingLabel: string }) {
  const { t } = useTranslation("account");
  return (
    <div className="flex flex-wrap items-center gap-4">
      <SubmitButton {...props} />
      <Link to="/forgot-password" className="link">
        {t("login.forgot")}
      </Link>
    </div>
  );
}
