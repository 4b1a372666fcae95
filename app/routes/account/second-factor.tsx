import { useTranslation } from "react-i18next";
import { data, Link, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { AuthLayout } from "~/components/account/auth-layout";
import { PasskeyButton, RecoveryCodes, TotpKeyInstructions } from "~/components/account/second-factor";
import { SubmitButton, TextField } from "~/components/forms/fields";
import { Notice, PageForm, usePageForm } from "~/components/forms/form-kit";
import { SecondFactorSchema, TotpConfirmSchema } from "~/lib/account-schemas";
import { pageMeta } from "~/lib/seo";
import { pendingSignIn, sessionHeaders, startSession } from "~/server/auth/pages.server";
import { passkeySignInOptions, verifyPasskeySignIn } from "~/server/auth/passkeys.server";
import {
  confirmTotpKey,
  offerTotpKey,
  secondFactorStatus,
  verifySecondFactor,
  withCodeLimit,
} from "~/server/auth/second-factor.server";
import { ownPageSeo } from "~/server/auth/seo.server";
import { readPostedForm } from "~/server/kernel/post-guard.server";
import { parsePostedForm } from "~/server/page-form.server";
import type { Route } from "./+types/second-factor";
import { env } from "~/server/kernel/env.server";

export const handle = { i18n: ["account"] };
export const meta = pageMeta;

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/** The refusals of a code, as the words the form shows. */
const CODE_REFUSALS = {
  invalid: "account:secondFactor.invalid",
  "rate-limited": "account:secondFactor.rateLimited",
} as const;
const PASSKEY_REFUSALS = {
  invalid: "secondFactor.passkeyRefused",
  "rate-limited": "secondFactor.rateLimited",
} as const;

/**
 * The second step of a sign-in (decision 048): a code from the app or a recovery code, or, for a
 * staff member with no second factor yet, adding an authenticator app. Only the signed cookie of
 * a right password opens it; without it, back to /login.
 */
export async function loader(args: Route.LoaderArgs) {
  const pending = await pendingSignIn(args);
  if (!pending) throw redirect("/login");
  const status = await secondFactorStatus(env, pending.user.id);
  const enrolled = status.totpSince !== null;
  return {
    seo: ownPageSeo(args, "secondFactor", "account", "secondFactor.title"),
    offer: enrolled ? null : await offerTotpKey(env, pending.user),
    passkeyOptions: enrolled ? await passkeySignInOptions(env, pending.user.id, pending.token) : null,
  };
}

export async function action(args: Route.ActionArgs) {
  const pending = await pendingSignIn(args);
  if (!pending) throw redirect("/login");
  const enrolled = (await secondFactorStatus(env, pending.user.id)).totpSince !== null;
  const form = readPostedForm(args.context);
  if (enrolled && form.get("intent") === "passkey") {
    const { user, token, to } = pending;
    const response = String(form.get("response") ?? "");
    const outcome = await withCodeLimit(env, user.id, () =>
      verifyPasskeySignIn(env, user.id, token, response),
    );
    if (outcome.ok) return startSession(args, user, to, { secondFactor: true });
    return data(
      { passkeyRefused: outcome.reason },
      { status: outcome.reason === "rate-limited" ? 429 : 400 },
    );
  }
  const posted = parsePostedForm(args.context, enrolled ? SecondFactorSchema : TotpConfirmSchema);
  if (posted.kind === "answered") return posted.answer;
  if (enrolled) {
    const outcome = await verifySecondFactor(env, pending.user.id, posted.value.code);
    if (!outcome.ok) {
      return data(
        { result: posted.reply({ formErrors: [CODE_REFUSALS[outcome.reason]] }) },
        { status: outcome.reason === "rate-limited" ? 429 : 400 },
      );
    }
    return startSession(args, pending.user, pending.to, { secondFactor: true });
  }
  const confirmed = await confirmTotpKey(env, pending.user.id, posted.value.code);
  if (!confirmed.ok) {
    return data(
      { result: posted.reply({ formErrors: [CODE_REFUSALS[confirmed.reason]] }) },
      { status: confirmed.reason === "rate-limited" ? 429 : 400 },
    );
  }
  // The codes are shown on this answer, once; the session starts with it.
  return data(
    { recoveryCodes: confirmed.recoveryCodes, continueTo: pending.to },
    { headers: await sessionHeaders(args, pending.user, { secondFactor: true }) },
  );
}

/** Once the codes are shown the pending step is over: reloading this page's data would leave it. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionResult && typeof actionResult === "object" && "recoveryCodes" in actionResult
    ? false
    : defaultShouldRevalidate;
}

export default function SecondFactorPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const { offer } = loaderData;
  const { form, fields, pending } = usePageForm({
    id: "second-factor",
    schema: offer ? TotpConfirmSchema : SecondFactorSchema,
    answer: actionData,
  });
  if (actionData && "recoveryCodes" in actionData) {
    return (
      <AuthLayout title={t("secondFactor.enrolledTitle")} lead={t("secondFactor.enrolledLead")}>
        <RecoveryCodes codes={actionData.recoveryCodes} continueTo={actionData.continueTo} />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title={offer ? t("secondFactor.enrolTitle") : t("secondFactor.title")}
      lead={offer ? t("secondFactor.enrolLead") : t("secondFactor.lead")}
      aside={
        <Link to="/login" className="link tap-target inline-flex items-center font-semibold">
          {t("secondFactor.startAgain")}
        </Link>
      }
    >
      {actionData && "passkeyRefused" in actionData ? (
        <Notice>{t(PASSKEY_REFUSALS[actionData.passkeyRefused])}</Notice>
      ) : null}
      {offer ? <TotpKeyInstructions offer={offer} /> : null}
      {loaderData.passkeyOptions ? (
        <div className="mt-6 grid gap-2">
          <PasskeyButton
            intent="passkey"
            options={loaderData.passkeyOptions}
            label={t("secondFactor.usePasskey")}
            cancelled={t("secondFactor.passkeyCancelled")}
          />
        </div>
      ) : null}
      <PageForm form={form} className="mt-6 grid gap-5">
        <TextField
          meta={fields.code}
          label={offer ? t("secondFactor.appCodeLabel") : t("secondFactor.codeLabel")}
          hint={offer ? undefined : t("secondFactor.codeHint")}
          required
          autoComplete="one-time-code"
          inputMode={offer ? "numeric" : "text"}
        />
        <div>
          <SubmitButton
            pending={pending}
            label={offer ? t("secondFactor.confirm") : t("secondFactor.submit")}
            pendingLabel={t("secondFactor.pending")}
          />
        </div>
      </PageForm>
    </AuthLayout>
  );
}
