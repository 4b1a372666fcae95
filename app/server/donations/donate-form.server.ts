import { parseWithValibot } from "@conform-to/valibot";
import type { SubmissionResult } from "@conform-to/react";
import {
  CUSTOM_AMOUNT,
  DEFAULT_AMOUNT_CENTS,
  DONATION_FIELDS,
  DONATION_MESSAGES,
  DONATION_STEPS,
  monthlyOffer,
  PRESET_AMOUNTS_CENTS,
  preselectFromSearch,
  schemaForStep,
  type DonationInput,
  type DonationStep,
  type DonationValues,
} from "~/lib/donation";
import { landingAttribution } from "~/lib/attribution";
import type { Locale } from "~/lib/i18n";
import { checkPublicPost } from "../kernel/post-guard.server";
import { hitCheckoutLimits } from "../kernel/rate-limit.server";
import { createDonationCheckout, resumeDonation } from "./checkout.server";
import { isStripeConfigured } from "../stripe/client.server";

type DonateFormState = {
  step: DonationStep;
  values: DonationValues;
  result?: SubmissionResult<string[]>;
  notice?: "canceled" | "processingFailed" | "rateLimited" | "turnstile" | "notConfigured" | "upsellAccepted";
};

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
        // First touch of the visit, carried through the steps in a hidden field, not a cookie.
        source: landingAttribution(url, request.headers.get("Referer")),
      },
    };
  }
  return { configured, state };
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

type DonateActionResult =
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

  // The monthly offer at the payment step: "yes" turns the gift into the offered monthly one
  // (the summary then shows it before paying); "no thanks" hides the offer. Both are a post,
  // so they work without JavaScript (decision 024).
  if (step === "payment" && (intent === "upsell-accept" || intent === "upsell-decline")) {
    const offer = intent === "upsell-accept" ? monthlyOffer(values) : null;
    return state({
      values: offer ? { ...values, ...offer.values, upsell: "accepted" } : { ...values, upsell: "declined" },
      notice: offer ? "upsellAccepted" : undefined,
    });
  }

  if (intent !== "pay" || step !== "payment") {
    const index = Math.min(DONATION_STEPS.indexOf(step) + 1, DONATION_STEPS.length - 1);
    return state({ step: DONATION_STEPS[index]! });
  }

  // Junk is answered above whatever the configuration; only a valid gift needs Stripe.
  if (!isStripeConfigured(env)) return state({ notice: "notConfigured" }, 503);
  // Card-testing protection: a few sessions per visitor, the minimum amount (schema) and the
  // post guard's honeypot and Turnstile (decision 012); a bot gets the same page, nothing charged.
  const input = submission.value as DonationInput;
  const check = await checkPublicPost(env, request, formData, {
    rateLimit: { hit: () => hitCheckoutLimits(env, request, input.email) },
  });
  if (check.kind === "bot") return state({});
  if (check.kind === "refused") {
    return state({ notice: check.reason === "rateLimited" ? "rateLimited" : "turnstile" }, check.status);
  }

  const checkout = await createDonationCheckout(env, {
    // At step 3 the whole-form schema ran (checkStep is "details"), so every field is there.
    input,
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
