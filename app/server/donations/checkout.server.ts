import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { parseAttribution } from "~/lib/attribution";
import { CUSTOM_AMOUNT, donationTotals, type DonationInput } from "~/lib/donation";
import type { Locale } from "~/lib/i18n";
import { getDb } from "../db/client.server";
import { donationAttempts } from "../db/schema";
import { logError } from "../kernel/log.server";
import { signToken, verifyToken } from "../kernel/signed-token.server";
import { translatorFor } from "../kernel/i18n.server";
import { getStripe } from "../stripe/client.server";
import { fulfilCheckoutSession, sendMails } from "./payments.server";

/** The cancel link brings the donor back to step 3 with what they typed, for a day. */
const RESUME_PURPOSE = "donation-resume";
const RESUME_TTL_SECONDS = 24 * 3600;

type CheckoutResult = { ok: true; url: string } | { ok: false; reason: "not-configured" | "stripe" };

/**
 * Stores what the donor typed (donation_attempts) and opens a Stripe Checkout Session for it:
 * mode payment for a one-time gift, mode subscription with a monthly price_data otherwise.
 * Card details are entered on Stripe's page only.
 */
export async function createDonationCheckout(
  env: Env,
  options: { input: DonationInput; locale: Locale; origin: string; userId: string | null },
): Promise<CheckoutResult> {
  const stripe = getStripe(env);
  if (!stripe) return { ok: false, reason: "not-configured" };
  const { input, locale, origin } = options;
  const { amountCents, feeCents, totalCents } = donationTotals(input);
  const db = getDb(env);
  const attemptId = crypto.randomUUID();
  await db.insert(donationAttempts).values({
    id: attemptId,
    frequency: input.frequency,
    amountCents,
    feeCents,
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone || null,
    locale,
    anonymous: input.anonymous === "on",
    dedicationType: input.dedicationType || null,
    dedicationName: input.dedicationType ? input.dedicationName || null : null,
    dedicationEmail: input.dedicationType ? input.dedicationEmail || null : null,
    employer: input.employer || null,
    recoveryConsent: input.recoveryConsent === "on",
    attribution: parseAttribution(input.source),
  });

  const t = await translatorFor(env, locale, "receipts");
  const monthly = input.frequency === "monthly";
  const metadata: Stripe.MetadataParam = {
    attempt_id: attemptId,
    frequency: input.frequency,
    amount_cents: String(amountCents),
    fee_cents: String(feeCents),
    ...(options.userId ? { user_id: options.userId } : {}),
  };
  const resume = await signToken(env, RESUME_PURPOSE, attemptId, RESUME_TTL_SECONDS);
  try {
    const session = await stripe.checkout.sessions.create(
      {
        mode: monthly ? "subscription" : "payment",
        customer_email: input.email,
        locale,
        client_reference_id: attemptId,
        metadata,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: "usd",
              unit_amount: totalCents,
              product_data: { name: t(monthly ? "checkout.productMonthly" : "checkout.productOneTime") },
              ...(monthly ? { recurring: { interval: "month" as const } } : {}),
            },
          },
        ],
        ...(monthly
          ? { subscription_data: { metadata } }
          : {
              submit_type: "donate" as const,
              payment_intent_data: { metadata, description: t("checkout.productOneTime") },
            }),
        // Only a donor who asked for it gets a link to finish an abandoned payment (decision 024).
        ...(input.recoveryConsent === "on" ? { after_expiration: { recovery: { enabled: true } } } : {}),
        success_url: `${origin}/donate/thank-you?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${origin}/donate?resume=${encodeURIComponent(resume)}`,
      },
      // A retried request (network) must not open a second session for the same attempt.
      { idempotencyKey: `checkout-${attemptId}` },
    );
    await db
      .update(donationAttempts)
      .set({ stripeCheckoutSessionId: session.id, updatedAt: new Date().toISOString() })
      .where(eq(donationAttempts.id, attemptId));
    if (!session.url) throw new Error("Checkout Session without a url");
    return { ok: true, url: session.url };
  } catch (error) {
    logError(error, { attempt: attemptId, where: "checkout.sessions.create" });
    await db.update(donationAttempts).set({ status: "failed" }).where(eq(donationAttempts.id, attemptId));
    return { ok: false, reason: "stripe" };
  }
}

/** The form values of a canceled checkout, from the signed cancel link; null when invalid. */
export async function resumeDonation(env: Env, token: string): Promise<Record<string, string> | null> {
  const attemptId = await verifyToken(env, RESUME_PURPOSE, token);
  if (!attemptId) return null;
  const [attempt] = await getDb(env)
    .select()
    .from(donationAttempts)
    .where(eq(donationAttempts.id, attemptId))
    .limit(1);
  if (!attempt) return null;
  return {
    frequency: attempt.frequency,
    amount: CUSTOM_AMOUNT,
    customAmount: (attempt.amountCents / 100).toFixed(attempt.amountCents % 100 === 0 ? 0 : 2),
    coverFee: attempt.feeCents > 0 ? "on" : "",
    dedicationType: attempt.dedicationType ?? "",
    dedicationName: attempt.dedicationName ?? "",
    dedicationEmail: attempt.dedicationEmail ?? "",
    anonymous: attempt.anonymous ? "on" : "",
    employer: attempt.employer ?? "",
    firstName: attempt.firstName,
    lastName: attempt.lastName,
    email: attempt.email,
    phone: attempt.phone ?? "",
    recoveryConsent: attempt.recoveryConsent ? "on" : "",
    // A resumed gift keeps where the first visit came from.
    source: new URLSearchParams(attempt.attribution ?? {}).toString(),
  };
}

type ThankYou =
  | {
      state: "paid" | "processing";
      frequency: "one-time" | "monthly";
      amountCents: number;
      currency: string;
      email: string;
      firstName: string;
    }
  | { state: "failed" | "unknown" };

/**
 * The thank-you page reads the session back from Stripe (never from the query string) and
 * records the gift through the webhook's own idempotent function (payments.server.ts), in case the page is faster.
 */
export async function readThankYou(
  env: Env,
  ctx: Pick<ExecutionContext, "waitUntil">,
  sessionId: string | null,
): Promise<ThankYou> {
  const stripe = getStripe(env);
  if (!stripe || !sessionId || !/^cs_[A-Za-z0-9_]{1,200}$/.test(sessionId)) return { state: "unknown" };
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.retrieve(sessionId);
  } catch {
    return { state: "unknown" };
  }
  const attemptId = session.metadata?.attempt_id;
  const [attempt] = attemptId
    ? await getDb(env).select().from(donationAttempts).where(eq(donationAttempts.id, attemptId)).limit(1)
    : [];
  if (!attempt) return { state: "unknown" };
  if (session.status !== "complete") return { state: "failed" };
  sendMails(env, ctx, await fulfilCheckoutSession(env, session));
  return {
    state: session.payment_status === "unpaid" ? "processing" : "paid",
    frequency: attempt.frequency,
    amountCents: session.amount_total ?? attempt.amountCents + attempt.feeCents,
    currency: session.currency ?? "usd",
    email: attempt.email,
    firstName: attempt.firstName,
  };
}
