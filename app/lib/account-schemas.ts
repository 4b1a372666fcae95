import * as v from "valibot";
import { SUPPORTED_LOCALES } from "./i18n";
import { LENGTH, messageWith, requiredEmail, requiredText, singleLine } from "./forms/field-validation";

/** Account forms, built from the shared kit (app/lib/forms/field-validation.ts). */
export const PASSWORD_MIN_LENGTH = 10;
/** Longer input only costs hashing time; nobody types more than this. */
export const PASSWORD_MAX_LENGTH = 128;

/** What someone types to sign in: any non-empty password, checked against the stored hash. */
function currentPassword() {
  return v.pipe(
    v.string("common:forms.required"),
    v.nonEmpty("common:forms.required"),
    v.maxLength(PASSWORD_MAX_LENGTH, messageWith("common:forms.tooLong", { max: PASSWORD_MAX_LENGTH })),
    singleLine(),
  );
}

/** A new password: long enough to resist guessing; no composition rules (NIST SP 800-63B). */
function newPassword() {
  return v.pipe(
    v.string("common:forms.required"),
    v.nonEmpty("common:forms.required"),
    v.minLength(PASSWORD_MIN_LENGTH, messageWith("account:password.tooShort", { min: PASSWORD_MIN_LENGTH })),
    v.maxLength(PASSWORD_MAX_LENGTH, messageWith("common:forms.tooLong", { max: PASSWORD_MAX_LENGTH })),
    singleLine(),
  );
}

const redirectTo = v.optional(v.string());

export const LoginSchema = v.object({
  email: requiredEmail(),
  password: currentPassword(),
  redirectTo,
});

export const SignupSchema = v.object({
  name: requiredText(LENGTH.name),
  email: requiredEmail(),
  password: newPassword(),
  redirectTo,
});

export const ForgotPasswordSchema = v.object({ email: requiredEmail() });

export const ResetPasswordSchema = v.object({
  token: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/, "account:reset.invalidLink")),
  password: newPassword(),
});

/** A staff invitation's page (decision 052): the signed token from the link and a new password. */
export const InviteAcceptSchema = v.object({
  token: v.pipe(v.string("account:invite.invalidLink"), v.nonEmpty("account:invite.invalidLink")),
  password: newPassword(),
});

/** The confirmation link's page: the token from the link and the account's password. */
export const VerifyEmailSchema = v.object({
  token: v.pipe(v.string("account:verify.invalidLink"), v.nonEmpty("account:verify.invalidLink")),
  password: currentPassword(),
  redirectTo,
});

/** The second step of a sign-in: six digits from the app or a recovery code (decision 048). */
export const SecondFactorSchema = v.object({
  code: v.pipe(
    v.string("account:secondFactor.codeRequired"),
    v.trim(),
    v.nonEmpty("account:secondFactor.codeRequired"),
    v.maxLength(40, "account:secondFactor.invalid"),
  ),
});

/** The first code from an authenticator app, confirming its key. */
export const TotpConfirmSchema = v.object({
  code: v.pipe(
    v.string("account:secondFactor.codeRequired"),
    // Apps show "123 456"; the space is not part of the code.
    v.transform((typed) => typed.replace(/\s/g, "")),
    v.nonEmpty("account:secondFactor.codeRequired"),
    v.regex(/^\d{6}$/, "account:secondFactor.sixDigits"),
  ),
});

/**
 * An admin's invitation of a staff member (decision 052), checked in the browser and again by
 * the action; the role is one that opens /admin.
 */
export const INVITE_ROLES = ["STAFF", "ADMIN"] as const;
export const InviteSchema = v.object({
  name: requiredText(LENGTH.name),
  email: requiredEmail(),
  role: v.picklist(INVITE_ROLES, "admin:errors.required"),
  locale: v.picklist(SUPPORTED_LOCALES, "admin:errors.required"),
});
