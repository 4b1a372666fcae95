import * as v from "valibot";
import {
  FIELD_MESSAGES,
  LENGTH,
  optionalPhone,
  optionalText,
  requiredEmail,
  requiredText,
} from "./forms/field-validation";
import { newYorkDate } from "./format";
import type { Locale } from "./i18n";
import { DONATION_FREQUENCIES, type DonationFrequency } from "./vocabulary";

/**
 * Donation rules both the browser and the server use (docs/product.md §3, §5, §9). Money is integer
 * cents everywhere; it is turned into text only at the edge of the UI (app/lib/format.ts).
 */

/** The one place the gift bounds live: $5 (card-testing protection) to $50,000. */
export const DONATION_BOUNDS = { minCents: 500, maxCents: 5_000_000 } as const;

/** Preset amounts (docs/product.md §9): $50–$500, and in Spanish also $25 and $1,000. */
export const PRESET_AMOUNTS_CENTS: Record<Locale, readonly number[]> = {
  en: [5_000, 10_000, 25_000, 50_000],
  es: [2_500, 5_000, 10_000, 25_000, 50_000, 100_000],
};
export const DEFAULT_AMOUNT_CENTS = 10_000;

/** A goal's progress in whole percent, rounded down (never "100%" before the goal is met), capped at 100. */
export function goalPercent(raisedCents: number, goalCents: number): number {
  return goalCents > 0 ? Math.min(100, Math.floor((raisedCents / goalCents) * 100)) : 0;
}

/**
 * The one rate the covered fee uses (the donate page, its live total and the server's charge):
 * Stripe's discounted nonprofit card pricing, 2.2% + 30¢ (docs/decisions/023-donor-care.md).
 * Covering the fee grosses the gift up so that what remains after Stripe's cut is the chosen
 * amount: total = (amount + fixed) / (1 − rate).
 */
export const PROCESSING_FEE = { percent: 2.2, fixedCents: 30 } as const;

export function processingFeeCents(amountCents: number): number {
  const total = Math.ceil((amountCents + PROCESSING_FEE.fixedCents) / (1 - PROCESSING_FEE.percent / 100));
  return total - amountCents;
}

export function isValidAmountCents(cents: number): boolean {
  return Number.isInteger(cents) && cents >= DONATION_BOUNDS.minCents && cents <= DONATION_BOUNDS.maxCents;
}

/** "25", "25.5", "$1,000.00" → cents; anything else → null. */
export function parseDollarsToCents(text: string | null | undefined): number | null {
  if (text == null) return null;
  const cleaned = text.replace(/[$,\s]/g, "");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ""] = cleaned.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Preselection from links into /donate (`?amount=<dollars>&frequency=…`); invalid values are ignored. */
export function preselectFromSearch(search: URLSearchParams): {
  amountCents?: number;
  frequency?: DonationFrequency;
} {
  const amountCents = parseDollarsToCents(search.get("amount"));
  const frequency = search.get("frequency");
  return {
    amountCents: amountCents !== null && isValidAmountCents(amountCents) ? amountCents : undefined,
    frequency: (DONATION_FREQUENCIES as readonly string[]).includes(frequency ?? "")
      ? (frequency as DonationFrequency)
      : undefined,
  };
}

export const DONATION_MESSAGES = {
  amount: "donate:errors.invalidAmount",
  required: "donate:errors.requiredFields",
} as const;

export const DONATION_STEPS = ["amount", "details", "payment"] as const;
export type DonationStep = (typeof DONATION_STEPS)[number];
const DEDICATION_TYPES = ["honor", "memory"] as const;

/** The custom-amount choice of the amount radios. */
export const CUSTOM_AMOUNT = "custom";

const amountFields = {
  frequency: v.picklist(DONATION_FREQUENCIES, DONATION_MESSAGES.amount),
  // A preset in cents, or "custom" with the amount typed in dollars.
  amount: v.optional(v.string(), ""),
  customAmount: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(12, DONATION_MESSAGES.amount))),
  // Checkboxes stay "on" or absent here: conform's coercion turns "" into undefined, and the
  // kit's optionalCheckbox (optional with a default inside a pipe) then fails on an unticked box.
  coverFee: v.optional(v.string()),
  dedicationType: v.optional(v.picklist(DEDICATION_TYPES, FIELD_MESSAGES.choice)),
  dedicationName: optionalText(LENGTH.name),
  dedicationEmail: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(LENGTH.email), v.email(FIELD_MESSAGES.email), v.toLowerCase()),
  ),
  anonymous: v.optional(v.string()),
  employer: optionalText(LENGTH.short),
};

/** The chosen gift in cents, from the preset radios or the custom field; null when invalid. */
export function chosenAmountCents(input: { amount?: string; customAmount?: string }): number | null {
  const cents =
    input.amount === CUSTOM_AMOUNT || (!input.amount && input.customAmount)
      ? parseDollarsToCents(input.customAmount)
      : Number.parseInt(input.amount ?? "", 10);
  return cents !== null && isValidAmountCents(cents) ? cents : null;
}

const amountStep = v.pipe(
  v.object(amountFields),
  v.forward(
    v.check((input) => chosenAmountCents(input) !== null, DONATION_MESSAGES.amount),
    ["amount"],
  ),
  v.forward(
    v.check((input) => !input.dedicationType || Boolean(input.dedicationName), FIELD_MESSAGES.required),
    ["dedicationName"],
  ),
);

const detailsFields = {
  firstName: requiredText(LENGTH.name),
  lastName: requiredText(LENGTH.name),
  email: requiredEmail(),
  phone: optionalPhone(),
  // "E-mail me a link to finish if I leave the payment page" (decision 024); "on" or absent.
  recoveryConsent: v.optional(v.string()),
};

/** The monthly offer at the payment step: empty, or the donor's answer to it. */
export const UPSELL_ANSWERS = ["accepted", "declined"] as const;
const offerFields = {
  upsell: v.optional(v.picklist(UPSELL_ANSWERS, FIELD_MESSAGES.choice)),
  // Where the visitor came from, read from the landing request (app/lib/attribution.ts).
  source: v.optional(v.pipe(v.string(), v.maxLength(1000))),
};

/** The fields each step shows; every post carries all of them, so Back and Next lose nothing. */
export const DONATION_STEP_FIELDS = {
  amount: Object.keys(amountFields) as (keyof typeof amountFields)[],
  details: Object.keys(detailsFields) as (keyof typeof detailsFields)[],
  payment: [],
} as const satisfies Record<DonationStep, readonly string[]>;
export const DONATION_FIELDS = [
  ...DONATION_STEP_FIELDS.amount,
  ...DONATION_STEP_FIELDS.details,
  ...(Object.keys(offerFields) as (keyof typeof offerFields)[]),
];
export type DonationField = (typeof DONATION_FIELDS)[number];
/** The form's fields as the browser and the server hold them between steps: text. */
export type DonationValues = Partial<Record<DonationField, string>>;

/** Step 1 alone, or steps 1–2 and the whole form (step 3 carries every earlier value). */
const DonationDetailsSchema = v.pipe(
  v.object({ ...amountFields, ...detailsFields, ...offerFields }),
  v.forward(
    v.check((input) => chosenAmountCents(input) !== null, DONATION_MESSAGES.amount),
    ["amount"],
  ),
);
export type DonationInput = v.InferOutput<typeof DonationDetailsSchema>;

export function schemaForStep(step: DonationStep) {
  return step === "amount" ? amountStep : DonationDetailsSchema;
}

/**
 * What a form's values cost: the gift, the covered fee, and the total. The one computation
 * behind the live total and the summary on /donate and the Checkout Session's amount, so
 * the page never shows a figure other than the one charged (decision 024). An invalid
 * amount is 0 everywhere.
 */
export function donationTotals(input: { amount?: string; customAmount?: string; coverFee?: string }) {
  const amountCents = chosenAmountCents(input) ?? 0;
  const feeCents = input.coverFee === "on" && amountCents > 0 ? processingFeeCents(amountCents) : 0;
  return { amountCents, feeCents, totalCents: amountCents + feeCents };
}

/**
 * The monthly gift offered to a one-time donor before paying (decision 024): about a third of
 * the one-time gift, rounded to the nearest $5, never under the minimum gift. $100 → $35.
 */
export function monthlyUpsellCents(oneTimeCents: number): number {
  const third = Math.round(oneTimeCents / 3 / 500) * 500;
  return Math.min(DONATION_BOUNDS.maxCents, Math.max(DONATION_BOUNDS.minCents, third));
}

/**
 * The form's values as the monthly gift the offer names, or null when there is no offer (a
 * monthly gift already, an invalid amount). Its totals come from `donationTotals`, like the charge.
 */
export function monthlyOffer(values: Partial<Record<DonationField, string>>) {
  if (values.frequency !== "one-time") return null;
  const oneTimeCents = chosenAmountCents(values);
  if (oneTimeCents === null) return null;
  const cents = monthlyUpsellCents(oneTimeCents);
  const offered = {
    frequency: "monthly",
    amount: CUSTOM_AMOUNT,
    customAmount: (cents / 100).toFixed(cents % 100 === 0 ? 0 : 2),
  } as const;
  return { values: offered, ...donationTotals({ ...offered, coverFee: values.coverFee }) };
}

/** /donate/manage: ask for a signed link by e-mail. */
export const ManageLinkSchema = v.object({ email: requiredEmail() });

/** Year-end statements: from the launch year to the current year, in New York time. */
const FIRST_STATEMENT_YEAR = 2025;
export function statementYears(now = new Date()): string[] {
  const years: string[] = [];
  for (let year = Number(newYorkDate(now).slice(0, 4)); year >= FIRST_STATEMENT_YEAR; year--)
    years.push(String(year));
  return years;
}
export const StatementSchema = v.object({
  email: requiredEmail(),
  year: v.pipe(
    v.string(FIELD_MESSAGES.required),
    v.check((value) => statementYears().includes(value), FIELD_MESSAGES.choice),
  ),
});
