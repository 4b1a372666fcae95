import { parseWithValibot } from "@conform-to/valibot";
import type { SubmissionResult } from "@conform-to/react";
import {
  CUSTOM_AMOUNT,
  DEFAULT_AMOUNT_CENTS,
  DONATION_MESSAGES,
  DONATION_STEPS,
  PRESET_AMOUNTS_CENTS,
  preselectFromSearch,
  schemaForStep,
  type DonationInput,
  type DonationStep,
} from "~/lib/donation";
import { HONEYPOT_FIELD } from "~/components/forms/fields";
import type { Locale } from "~/lib/i18n";
import { clientAddress, hitRateLimit, RATE_LIMITS } from "../rate-limit.server";
import { createDonationCheckout, resumeDonation } from "../stripe/checkout.server";
import { isStripeConfigured } from "../stripe/client.server";

/** Every field of the three steps; each post carries all of them, so Back and Next lose nothing. */
export const DONATION_FIELDS = [
  "frequency",
  "amount",
  "customAmount",
  "coverFee",
  "dedicationType",
  "dedicationName",
  "dedicationEmail",
  "anonymous",
  "employer",
  "firstName",
  "lastName",
  "email",
  "phone",
] as const;
export type DonationValues = Partial<Record<(typeof DONATION_FIELDS)[number], string>>;

export type DonateFormState = {
  step: DonationStep;
  values: DonationValues;
  result?: SubmissionResult<string[]>;
  notice?: "canceled" | "processingFailed" | "rateLimited" | "turnstile" | "notConfigured";
};

function turnstileEnabled(env: Env) {
  return Boolean(env.TURNSTILE_SITE_KEY && env.TURNSTILE_SECRET_KEY);
}

/** What /donate starts with: a link's preselection, or a canceled checkout's values at step 3. */
export async function initialDonateState(env: Env, request: Request, locale: Locale) {
  const url = new URL(request.url);
  const configured = isStripeConfigured(env);
  const resumeToken = url.searchParams.get("resume");
  const resumed = configured && resumeToken ? await resumeDonation(env, resumeToken) : null;
  let state: DonateFormState;
  if (resumed) {
    state = { step: "payment", values: resumed, notice: "canceled" };
  } else {
    const preselect = preselectFromSearch(url.searchParams);
    const cents = preselect.amountCents ?? DEFAULT_AMOUNT_CENTS;
    const isPreset = PRESET_AMOUNTS_CENTS[locale].includes(cents);
    state = {
      step: "amount",
      values: {
        frequency: preselect.frequency ?? "one-time",
        amount: isPreset ? String(cents) : CUSTOM_AMOUNT,
        customAmount: isPreset ? "" : String(cents / 100),
      },
    };
  }
  return {
    configured,
    state,
    turnstileSiteKey: turnstileEnabled(env) ? env.TURNSTILE_SITE_KEY! : null,
  };
}

function valuesOf(formData: FormData): DonationValues {
  const values: DonationValues = {};
  for (const field of DONATION_FIELDS) {
    const value = formData.get(field);
    if (typeof value === "string") values[field] = value.slice(0, 300);
  }
  return values;
}

function stepOf(value: FormDataEntryValue | null): DonationStep {
  return DONATION_STEPS.find((step) => step === value) ?? "amount";
}

async function verifyTurnstile(env: Env, token: string | null, request: Request): Promise<boolean> {
  if (!token) return false;
  try {
    const response = await fetch("https://challenges.cloudflare.com/turnstile/v0/siteverify", {
      method: "POST",
      body: new URLSearchParams({
        secret: env.TURNSTILE_SECRET_KEY!,
        response: token,
        remoteip: clientAddress(request),
      }),
    });
    const outcome = (await response.json()) as { success?: boolean };
    return outcome.success === true;
  } catch {
    return false;
  }
}

export type DonateActionResult =
  { kind: "state"; state: DonateFormState; status: number } | { kind: "redirect"; url: string };

/**
 * The one action of /donate. Next validates the current step; Back keeps everything; Pay
 * validates the whole form, applies the card-testing guards and opens Stripe Checkout.
 */
export async function handleDonateAction(
  env: Env,
  request: Request,
  formData: FormData,
  options: { locale: Locale; userId: string | null },
): Promise<DonateActionResult> {
  const values = valuesOf(formData);
  const step = stepOf(formData.get("step"));
  const intent = formData.get("intent");
  const state = (next: Partial<DonateFormState>, status = 200): DonateActionResult => ({
    kind: "state",
    state: { step, values, ...next },
    status,
  });

  if (!isStripeConfigured(env)) return state({ notice: "notConfigured" }, 503);
  // A bot that fills in the hidden field gets the same page back and nothing else.
  if (formData.get(HONEYPOT_FIELD)) return state({}, 400);

  if (intent === "back") {
    const index = Math.max(DONATION_STEPS.indexOf(step) - 1, 0);
    return state({ step: DONATION_STEPS[index]! });
  }

  // Step 1 checks its own fields; steps 2 and 3 check everything typed so far.
  const checkStep: DonationStep = step === "amount" ? "amount" : "details";
  const submission = parseWithValibot(formData, { schema: schemaForStep(checkStep) });
  if (submission.status !== "success") {
    const errors = submission.error ?? {};
    // An amount problem sends the donor back to step 1, where the amount is.
    const errorStep: DonationStep = errors.amount ? "amount" : checkStep;
    const missing = Object.values(errors).some((messages) =>
      messages?.some((message) => message === "common:forms.required"),
    );
    return state(
      {
        step: errorStep,
        result: submission.reply({
          formErrors: errorStep === "details" && missing ? [DONATION_MESSAGES.required] : undefined,
        }),
      },
      400,
    );
  }

  if (intent !== "pay" || step !== "payment") {
    const index = Math.min(DONATION_STEPS.indexOf(step) + 1, DONATION_STEPS.length - 1);
    return state({ step: DONATION_STEPS[index]! });
  }

  // Card-testing protection: a few sessions per visitor, the minimum amount (schema), Turnstile.
  const limit = await hitRateLimit(env, "checkout", request, RATE_LIMITS.checkout);
  if (!limit.allowed) return state({ notice: "rateLimited" }, 429);
  if (
    turnstileEnabled(env) &&
    !(await verifyTurnstile(env, formData.get("cf-turnstile-response") as string, request))
  )
    return state({ notice: "turnstile" }, 400);

  const checkout = await createDonationCheckout(env, {
    // At step 3 the whole-form schema ran (checkStep is "details"), so every field is there.
    input: submission.value as DonationInput,
    locale: options.locale,
    origin: new URL(request.url).origin,
    userId: options.userId,
  });
  if (!checkout.ok)
    return state(
      { notice: checkout.reason === "not-configured" ? "notConfigured" : "processingFailed" },
      502,
    );
  return { kind: "redirect", url: checkout.url };
}
