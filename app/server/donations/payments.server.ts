import { and, eq, inArray, lte, ne, or, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { isoFromUnixSeconds } from "~/lib/format";
import { type DisputeStatus } from "~/lib/vocabulary";
import { getDb, type Db } from "../db/client.server";
import { donationAttempts, donations, paymentAdjustments, recurringGifts } from "../db/schema";
import { logInfo } from "../kernel/log.server";
import { deliverOutbox, queueEmail } from "../mail/outbox.server";
import type { OutgoingEmail } from "../mail/message.server";
import { getStripe } from "../stripe/client.server";
import { giftNoticeMails } from "./gift-notice.server";
import { forgetFundraisingProgress } from "./progress.server";
import {
  buildBankPaymentFailedEmail,
  buildCancellationEmails,
  buildDedicationEmail,
  buildReceiptEmail,
  buildRefundNoticeEmail,
  buildRenewalFailedEmail,
  receiptFor,
} from "./receipts.server";
import { buildRecoveryEmail } from "./recovery.server";

/**
 * What Stripe says about payments, written to the donations ledger. Stripe is the source of
 * truth for money: these run for the webhook's verified events (stripe/webhook.server.ts) and
 * for the thank-you page (checkout.server.ts), never from anything the browser says. Every
 * function is idempotent, so a retried or replayed event changes nothing twice.
 */

type Attempt = typeof donationAttempts.$inferSelect;
/** A queued e-mail about a gift, with the outbox id that makes a retried event queue it once. */
export type DonationMail = { id: string; email: OutgoingEmail };

/** Queued messages go out after the response (outbox: the Cron Trigger retries what fails). */
export function sendMails(env: Env, ctx: Pick<ExecutionContext, "waitUntil">, mails: DonationMail[]) {
  if (mails.length > 0) ctx.waitUntil(deliverOutbox(env, { ids: mails.map((mail) => mail.id) }));
}

/** Deterministic outbox ids make a retried event queue each e-mail once. */
async function queueOnce(db: Db, mails: DonationMail[]): Promise<DonationMail[]> {
  if (mails.length === 0) return [];
  const inserts = mails.map((mail) => queueEmail(db, mail.email, mail.id).onConflictDoNothing().returning());
  const results = await db.batch(inserts as [(typeof inserts)[number], ...typeof inserts]);
  return mails.filter((_, index) => (results[index] as unknown[]).length > 0);
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

async function findAttempt(db: Db, id: string | undefined | null): Promise<Attempt | null> {
  if (!id) return null;
  const [attempt] = await db.select().from(donationAttempts).where(eq(donationAttempts.id, id)).limit(1);
  return attempt ?? null;
}

const donorName = (attempt: Attempt) => `${attempt.firstName} ${attempt.lastName}`.trim();

async function dedicationMail(env: Env, attempt: Attempt | null): Promise<DonationMail[]> {
  if (!attempt?.dedicationType || !attempt.dedicationName || !attempt.dedicationEmail) return [];
  return [
    {
      id: `dedication-${attempt.id}`,
      email: await buildDedicationEmail(env, {
        to: attempt.dedicationEmail,
        locale: attempt.locale,
        type: attempt.dedicationType,
        name: attempt.dedicationName,
        donorName: attempt.anonymous ? null : donorName(attempt),
      }),
    },
  ];
}

/**
 * A finished Checkout Session: a one-time gift (paid now, or pending for a bank payment) or the
 * start of a monthly gift (its payments arrive as invoice.paid). Safe to call more than once.
 */
export async function fulfilCheckoutSession(
  env: Env,
  session: Stripe.Checkout.Session,
): Promise<DonationMail[]> {
  const db = getDb(env);
  const attempt = await findAttempt(db, session.metadata?.attempt_id ?? session.client_reference_id);
  if (!attempt) {
    logInfo("checkout session without a donation attempt", { session: session.id });
    return [];
  }
  if (session.status !== "complete") return [];
  const now = new Date().toISOString();
  await db
    .update(donationAttempts)
    .set({ status: "completed", updatedAt: now })
    .where(eq(donationAttempts.id, attempt.id));

  if (session.mode === "subscription") {
    const subscriptionId = idOf(session.subscription);
    const customerId = idOf(session.customer);
    if (subscriptionId && customerId) await ensureRecurringGift(db, attempt, subscriptionId, customerId);
    return queueOnce(db, await dedicationMail(env, attempt));
  }

  const paid = session.payment_status === "paid" || session.payment_status === "no_payment_required";
  const paymentIntent = idOf(session.payment_intent);
  await db
    .insert(donations)
    .values({
      id: crypto.randomUUID(),
      attemptId: attempt.id,
      frequency: "one-time",
      amountCents: session.amount_total ?? attempt.amountCents + attempt.feeCents,
      feeCents: attempt.feeCents,
      currency: session.currency ?? attempt.currency,
      status: paid ? "succeeded" : "pending",
      donorName: donorName(attempt),
      donorEmail: attempt.email,
      locale: attempt.locale,
      anonymous: attempt.anonymous,
      stripeCheckoutSessionId: session.id,
      stripePaymentIntentId: paymentIntent,
      stripeCustomerId: idOf(session.customer),
      userId: session.metadata?.user_id || null,
      paidAt: paid ? now : null,
    })
    .onConflictDoNothing();
  // A refund or dispute that arrived before this payment was recorded applies now.
  if (paymentIntent) await applyAdjustments(db, paymentIntent);
  if (paid) {
    // A bank payment that was pending has now cleared.
    await db
      .update(donations)
      .set({ status: "succeeded", paidAt: now, updatedAt: now })
      .where(and(eq(donations.stripeCheckoutSessionId, session.id), eq(donations.status, "pending")));
  }
  forgetFundraisingProgress();
  const [donation] = await db
    .select()
    .from(donations)
    .where(eq(donations.stripeCheckoutSessionId, session.id))
    .limit(1);
  if (!donation || donation.status !== "succeeded") return [];
  return queueOnce(db, [
    { id: `receipt-${donation.id}`, email: await buildReceiptEmail(env, receiptFor(donation, attempt)) },
    ...(await dedicationMail(env, attempt)),
    ...(await giftNoticeMails(env, donation, attempt)),
  ]);
}

/** A bank payment (ACH) that did not clear: the gift failed, and the donor is told how to give again. */
export async function failCheckoutSession(
  env: Env,
  session: Stripe.Checkout.Session,
): Promise<DonationMail[]> {
  const db = getDb(env);
  const now = new Date().toISOString();
  await db
    .update(donations)
    .set({ status: "failed", updatedAt: now })
    .where(and(eq(donations.stripeCheckoutSessionId, session.id), ne(donations.status, "refunded")));
  const attempt = await findAttempt(db, session.metadata?.attempt_id ?? session.client_reference_id);
  if (!attempt) return [];
  await db
    .update(donationAttempts)
    .set({ status: "failed", updatedAt: now })
    .where(eq(donationAttempts.id, attempt.id));
  return queueOnce(db, [
    {
      id: `payment-failed-${session.id}`,
      email: await buildBankPaymentFailedEmail(env, {
        donorName: donorName(attempt),
        donorEmail: attempt.email,
        locale: attempt.locale,
        amountCents: session.amount_total ?? attempt.amountCents + attempt.feeCents,
        currency: session.currency ?? attempt.currency,
      }),
    },
  ]);
}

async function ensureRecurringGift(db: Db, attempt: Attempt, subscriptionId: string, customerId: string) {
  await db
    .insert(recurringGifts)
    .values({
      id: crypto.randomUUID(),
      stripeSubscriptionId: subscriptionId,
      stripeCustomerId: customerId,
      amountCents: attempt.amountCents + attempt.feeCents,
      currency: attempt.currency,
      donorName: donorName(attempt),
      donorEmail: attempt.email,
      locale: attempt.locale,
    })
    .onConflictDoNothing();
  const [gift] = await db
    .select()
    .from(recurringGifts)
    .where(eq(recurringGifts.stripeSubscriptionId, subscriptionId))
    .limit(1);
  return gift!;
}

function invoiceSubscription(invoice: Stripe.Invoice) {
  const details = invoice.parent?.subscription_details;
  return { subscriptionId: idOf(details?.subscription), metadata: details?.metadata ?? {} };
}

/**
 * The PaymentIntent behind a paid invoice, so a later refund or dispute finds its donation row.
 * A webhook's invoice never carries `payments` (it must be expanded), so Stripe is asked. None
 * found throws: Stripe retries the event, and the gift is never recorded without the
 * PaymentIntent its refunds and disputes are matched by (decision 017).
 */
async function invoicePaymentIntent(env: Env, invoice: Stripe.Invoice): Promise<string | null> {
  if (invoice.amount_paid === 0) return null;
  const embedded = idOf(invoice.payments?.data?.[0]?.payment?.payment_intent);
  if (embedded) return embedded;
  const stripe = getStripe(env);
  const payments = stripe ? await stripe.invoicePayments.list({ invoice: invoice.id!, limit: 1 }) : null;
  const paymentIntent = idOf(payments?.data[0]?.payment?.payment_intent);
  if (!paymentIntent) throw new Error(`no PaymentIntent found for paid invoice ${invoice.id}`);
  return paymentIntent;
}

/** Each monthly payment, the first one included: one donations row per invoice, and a receipt. */
export async function recordInvoicePaid(env: Env, invoice: Stripe.Invoice): Promise<DonationMail[]> {
  const { subscriptionId, metadata } = invoiceSubscription(invoice);
  if (!subscriptionId || !invoice.id) return [];
  const db = getDb(env);
  const attempt = await findAttempt(db, metadata.attempt_id);
  let [gift] = await db
    .select()
    .from(recurringGifts)
    .where(eq(recurringGifts.stripeSubscriptionId, subscriptionId))
    .limit(1);
  const customerId = idOf(invoice.customer);
  if (!gift && attempt && customerId)
    gift = await ensureRecurringGift(db, attempt, subscriptionId, customerId);
  if (!gift) {
    logInfo("invoice for an unknown subscription", { invoice: invoice.id });
    return [];
  }
  const now = new Date().toISOString();
  const paidAt = isoFromUnixSeconds(invoice.status_transitions?.paid_at);
  const paymentIntent = await invoicePaymentIntent(env, invoice);
  const isFirst = invoice.billing_reason === "subscription_create";
  await db
    .insert(donations)
    .values({
      id: crypto.randomUUID(),
      attemptId: isFirst ? (attempt?.id ?? null) : null,
      recurringGiftId: gift.id,
      frequency: "monthly",
      amountCents: invoice.amount_paid,
      // The covered fee is known for the amount the donor first chose; a changed amount has none.
      feeCents:
        attempt && invoice.amount_paid === attempt.amountCents + attempt.feeCents ? attempt.feeCents : 0,
      currency: invoice.currency,
      status: "succeeded",
      donorName: gift.donorName,
      donorEmail: gift.donorEmail,
      locale: gift.locale,
      anonymous: attempt?.anonymous ?? false,
      stripeInvoiceId: invoice.id,
      stripePaymentIntentId: paymentIntent,
      stripeCustomerId: customerId,
      userId: metadata.user_id || null,
      paidAt,
    })
    .onConflictDoUpdate({
      // A renewal that failed and then succeeded on retry is the same invoice: one row.
      target: donations.stripeInvoiceId,
      set: { status: "succeeded", paidAt, stripePaymentIntentId: paymentIntent, updatedAt: now },
      setWhere: ne(donations.status, "refunded"),
    });
  forgetFundraisingProgress();
  if (paymentIntent) await applyAdjustments(db, paymentIntent);
  if (gift.status === "past_due")
    await db
      .update(recurringGifts)
      .set({ status: "active", updatedAt: now })
      .where(eq(recurringGifts.id, gift.id));
  const [donation] = await db
    .select()
    .from(donations)
    .where(eq(donations.stripeInvoiceId, invoice.id))
    .limit(1);
  if (!donation || donation.status !== "succeeded") return [];
  return queueOnce(db, [
    {
      id: `receipt-${donation.id}`,
      email: await buildReceiptEmail(env, receiptFor(donation, isFirst ? attempt : null)),
    },
    // The team hears of a new monthly gift once, at its first payment, not at every renewal.
    ...(isFirst ? await giftNoticeMails(env, donation, attempt) : []),
  ]);
}

/** A failed renewal: the gift is past due and the donor gets a link to update the card. */
export async function recordInvoiceFailed(env: Env, invoice: Stripe.Invoice): Promise<DonationMail[]> {
  const { subscriptionId } = invoiceSubscription(invoice);
  if (!subscriptionId || !invoice.id) return [];
  const db = getDb(env);
  const [gift] = await db
    .select()
    .from(recurringGifts)
    .where(eq(recurringGifts.stripeSubscriptionId, subscriptionId))
    .limit(1);
  if (!gift) return [];
  // A failure that arrives after the same invoice was paid (Stripe's retry succeeded, and the
  // events came out of order) is history: the gift is not past due and the donor owes nothing.
  const [paid] = await db
    .select({ id: donations.id })
    .from(donations)
    .where(and(eq(donations.stripeInvoiceId, invoice.id), ne(donations.status, "failed")))
    .limit(1);
  if (paid) return [];
  const now = new Date().toISOString();
  await db
    .update(recurringGifts)
    .set({ status: "past_due", updatedAt: now })
    .where(and(eq(recurringGifts.id, gift.id), ne(recurringGifts.status, "canceled")));
  await db
    .insert(donations)
    .values({
      id: crypto.randomUUID(),
      recurringGiftId: gift.id,
      frequency: "monthly",
      amountCents: invoice.amount_due,
      currency: invoice.currency,
      status: "failed",
      donorName: gift.donorName,
      donorEmail: gift.donorEmail,
      locale: gift.locale,
      stripeInvoiceId: invoice.id,
      stripeCustomerId: idOf(invoice.customer),
    })
    .onConflictDoNothing();
  return queueOnce(db, [
    {
      // One notice per failed attempt of the invoice, not per delivery of the event.
      id: `renewal-failed-${invoice.id}-${invoice.attempt_count ?? 1}`,
      email: await buildRenewalFailedEmail(env, { ...gift, amountCents: invoice.amount_due }),
    },
  ]);
}

/**
 * An expired Checkout Session: the donor never paid, so the attempt is closed. When the donor
 * asked for it and Stripe made a recovery link, one e-mail carries the link (decision 024).
 */
export async function expireCheckoutSession(
  env: Env,
  session: Stripe.Checkout.Session,
): Promise<DonationMail[]> {
  const db = getDb(env);
  const attempt = await findAttempt(db, session.metadata?.attempt_id ?? session.client_reference_id);
  if (!attempt) return [];
  await db
    .update(donationAttempts)
    .set({ status: "expired", updatedAt: new Date().toISOString() })
    .where(and(eq(donationAttempts.id, attempt.id), eq(donationAttempts.status, "open")));
  const recoveryUrl = session.after_expiration?.recovery?.url;
  if (!attempt.recoveryConsent || !recoveryUrl || attempt.status === "completed") return [];
  return queueOnce(db, [
    {
      id: `recovery-${attempt.id}`,
      email: await buildRecoveryEmail(env, {
        to: attempt.email,
        locale: attempt.locale,
        firstName: attempt.firstName,
        frequency: attempt.frequency,
        totalCents: attempt.amountCents + attempt.feeCents,
        url: recoveryUrl,
      }),
    },
  ]);
}

function recurringStatus(subscription: Stripe.Subscription, eventType: string) {
  if (eventType === "customer.subscription.deleted") return "canceled" as const;
  if (subscription.status === "canceled" || subscription.status === "incomplete_expired")
    return "canceled" as const;
  if (subscription.pause_collection || subscription.status === "paused") return "paused" as const;
  if (subscription.status === "past_due" || subscription.status === "unpaid") return "past_due" as const;
  return "active" as const;
}

/**
 * Mirrors a subscription changed in Stripe (the portal, the dashboard, or our manage page) on
 * its recurring gift: amount, pause, cancellation now or at the period's end. An event older
 * than the last one mirrored is ignored, and a canceled gift stays canceled. An event that
 * arrives before the Checkout Session that created the subscription creates the gift from the
 * donation attempt named in its metadata, so the change is not lost. A cancellation, whoever
 * made it (the manage page, the portal, the team in Stripe), is confirmed to the donor and the
 * team, once per gift.
 */
export async function mirrorSubscription(
  env: Env,
  subscription: Stripe.Subscription,
  eventCreated: number,
  eventType: string,
): Promise<DonationMail[]> {
  const db = getDb(env);
  const customerId = idOf(subscription.customer);
  const attempt = await findAttempt(db, subscription.metadata?.attempt_id);
  if (attempt && customerId) await ensureRecurringGift(db, attempt, subscription.id, customerId);
  const status = recurringStatus(subscription, eventType);
  const item = subscription.items?.data?.[0];
  const amountCents =
    item?.price?.unit_amount != null ? item.price.unit_amount * (item.quantity ?? 1) : undefined;
  const now = new Date().toISOString();
  const gift = eq(recurringGifts.stripeSubscriptionId, subscription.id);
  // The newest event's subscription is the truth; a cancellation is final whenever it arrives.
  await db
    .update(recurringGifts)
    .set({
      status,
      amountCents,
      cancelAtPeriodEnd: Boolean(subscription.cancel_at_period_end || subscription.cancel_at),
      stripeSyncedAt: eventCreated,
      updatedAt: now,
    })
    .where(
      and(
        gift,
        lte(recurringGifts.stripeSyncedAt, eventCreated),
        status === "canceled" ? undefined : ne(recurringGifts.status, "canceled"),
      ),
    );
  if (status !== "canceled") return [];
  await db.update(recurringGifts).set({ status, updatedAt: now }).where(gift);
  const [canceled] = await db.select().from(recurringGifts).where(gift).limit(1);
  // A subscription whose first payment never went through was no gift: nothing to confirm.
  if (!canceled || subscription.status === "incomplete_expired") return [];
  const { donor, team } = await buildCancellationEmails(env, canceled, {
    afterFailedPayments: subscription.cancellation_details?.reason === "payment_failed",
  });
  return queueOnce(db, [
    { id: `canceled-${canceled.id}`, email: donor },
    { id: `canceled-team-${canceled.id}`, email: team },
  ]);
}

/**
 * A dispute moves one way only, so a late event never undoes a newer one: an inquiry may become
 * a chargeback, a chargeback is settled won or lost, and once settled it stays.
 */
const disputeStage = (status: unknown) =>
  sql`case ${status} when 'inquiry' then 1 when 'inquiry_closed' then 2 when 'prevented' then 2 when 'open' then 3 when 'won' then 4 when 'lost' then 4 else 0 end`;
const settledDispute = (current: unknown, incoming: unknown) =>
  sql`case when ${incoming} is not null and ${disputeStage(current)} < 4 and ${disputeStage(incoming)} >= ${disputeStage(current)} then ${incoming} else ${current} end`;

/**
 * Writes what Stripe says about a payment's refunds or dispute to payment_adjustments, then
 * applies it to the gift if the payment is recorded (else recording the payment applies it).
 * Writing first makes the order of the two events, and their concurrency, irrelevant. Returns
 * the refund notices it queued: one per gift and new refunded total, so a replayed event or the
 * admin's refund and its webhook tell the donor once.
 */
async function recordAdjustment(
  env: Env,
  adjustment: {
    paymentIntent: string | null;
    chargeId: string | null;
    refundedCents?: number;
    refundedInFull?: boolean;
    disputeStatus?: DisputeStatus;
    disputeId?: string;
  },
) {
  const paymentKey = adjustment.paymentIntent ?? adjustment.chargeId;
  if (!paymentKey) return [];
  const db = getDb(env);
  const now = new Date().toISOString();
  const refunded = (adjustment.refundedCents ?? 0) > 0 || Boolean(adjustment.refundedInFull);
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  await db
    .insert(paymentAdjustments)
    .values({
      paymentKey,
      stripeChargeId: adjustment.chargeId,
      refundedCents: adjustment.refundedCents ?? 0,
      refundedInFull: adjustment.refundedInFull ?? false,
      refundedAt: refunded ? now : null,
      disputeStatus: adjustment.disputeStatus ?? null,
      stripeDisputeId: adjustment.disputeId ?? null,
    })
    .onConflictDoUpdate({
      target: paymentAdjustments.paymentKey,
      set: {
        stripeChargeId: sql`coalesce(${excluded("stripe_charge_id")}, ${paymentAdjustments.stripeChargeId})`,
        // amount_refunded is Stripe's running total: the largest one seen is the newest.
        refundedCents: sql`max(${paymentAdjustments.refundedCents}, ${excluded("refunded_cents")})`,
        refundedInFull: sql`max(${paymentAdjustments.refundedInFull}, ${excluded("refunded_in_full")})`,
        refundedAt: sql`coalesce(${paymentAdjustments.refundedAt}, ${excluded("refunded_at")})`,
        disputeStatus: settledDispute(paymentAdjustments.disputeStatus, excluded("dispute_status")),
        stripeDisputeId: sql`coalesce(${excluded("stripe_dispute_id")}, ${paymentAdjustments.stripeDisputeId})`,
        updatedAt: now,
      },
    });
  const refundedBefore = new Map(
    (
      await db
        .select({ id: donations.id, refundedCents: donations.refundedCents })
        .from(donations)
        .where(or(...paymentMatches(paymentKey, adjustment.chargeId)))
    ).map((row) => [row.id, row.refundedCents]),
  );
  await applyAdjustments(db, paymentKey);
  if (!refunded || refundedBefore.size === 0) return [];
  const gifts = await db
    .select()
    .from(donations)
    .where(inArray(donations.id, [...refundedBefore.keys()]));
  const notices = await Promise.all(
    gifts
      .filter((gift) => gift.refundedCents > (refundedBefore.get(gift.id) ?? 0))
      .map(async (gift) => ({
        id: `refund-notice-${gift.id}-${gift.refundedCents}`,
        email: await buildRefundNoticeEmail(env, {
          donationId: gift.id,
          donorName: gift.donorName,
          donorEmail: gift.donorEmail,
          locale: gift.locale,
          amountCents: gift.amountCents,
          refundedCents: gift.refundedCents,
          refundedNowCents: gift.refundedCents - (refundedBefore.get(gift.id) ?? 0),
          currency: gift.currency,
          paidAt: gift.paidAt ?? gift.createdAt,
        }),
      })),
  );
  return queueOnce(db, notices);
}

/** The donations a payment paid: by PaymentIntent, or by charge for payments made without one. */
function paymentMatches(paymentKey: string, chargeId: string | null | undefined) {
  const matches = [eq(donations.stripePaymentIntentId, paymentKey), eq(donations.stripeChargeId, paymentKey)];
  if (chargeId) matches.push(eq(donations.stripeChargeId, chargeId));
  return matches;
}

/**
 * Brings the gifts paid by one payment up to date with its recorded adjustments: refunded cents
 * (the whole gift makes it "refunded") and the dispute. Idempotent, so safe after every event.
 */
async function applyAdjustments(db: Db, paymentKey: string) {
  const [adjustment] = await db
    .select()
    .from(paymentAdjustments)
    .where(eq(paymentAdjustments.paymentKey, paymentKey))
    .limit(1);
  if (!adjustment) return;
  const refunded = adjustment.refundedInFull
    ? sql`${donations.amountCents}`
    : sql`min(${adjustment.refundedCents}, ${donations.amountCents})`;
  const refundedCents = sql`max(${donations.refundedCents}, ${refunded})`;
  await db
    .update(donations)
    .set({
      refundedCents: sql`${refundedCents}`,
      status: sql`case when ${donations.status} in ('succeeded', 'pending') and ${refundedCents} >= ${donations.amountCents} then 'refunded' else ${donations.status} end`,
      refundedAt: sql`case when ${refundedCents} > 0 then coalesce(${donations.refundedAt}, ${adjustment.refundedAt}) else ${donations.refundedAt} end`,
      stripeChargeId: sql`coalesce(${adjustment.stripeChargeId}, ${donations.stripeChargeId})`,
      disputeStatus: settledDispute(donations.disputeStatus, adjustment.disputeStatus),
      stripeDisputeId: sql`coalesce(${adjustment.stripeDisputeId}, ${donations.stripeDisputeId})`,
      updatedAt: new Date().toISOString(),
    })
    .where(or(...paymentMatches(paymentKey, adjustment.stripeChargeId)));
  forgetFundraisingProgress();
}

/** Why Stripe refused a refund, in words the admin page translates. */
export type RefundError = "too-large" | "not-refundable" | "stripe";

/**
 * A refund the team starts from the gift page (docs/decisions/023-donor-care.md). Stripe makes
 * it; the ledger then records the charge's running refunded total, the same figure the
 * `charge.refunded` webhook carries, so whichever arrives second changes nothing and the refund
 * counts once. The idempotency key makes a double submit one refund.
 */
export async function refundPayment(
  env: Env,
  refund: { paymentIntent: string; amountCents: number; idempotencyKey: string; donationId: string },
): Promise<{ ok: true; refundId: string } | { ok: false; error: RefundError }> {
  const stripe = getStripe(env);
  if (!stripe) return { ok: false, error: "stripe" };
  try {
    const created = await stripe.refunds.create(
      {
        payment_intent: refund.paymentIntent,
        amount: refund.amountCents,
        reason: "requested_by_customer",
        metadata: { donation_id: refund.donationId },
      },
      { idempotencyKey: `refund-${refund.idempotencyKey}` },
    );
    const chargeId = idOf(created.charge);
    const notices = chargeId ? await recordRefund(env, await stripe.charges.retrieve(chargeId)) : [];
    if (notices.length > 0) await deliverOutbox(env, { ids: notices.map((mail) => mail.id) });
    return { ok: true, refundId: created.id };
  } catch (error) {
    const code = (error as { code?: string }).code;
    logInfo("refund refused", { donation: refund.donationId, code: code ?? "unknown" });
    if (code === "amount_too_large") return { ok: false, error: "too-large" };
    if (code === "charge_already_refunded" || code === "charge_disputed")
      return { ok: false, error: "not-refundable" };
    return { ok: false, error: "stripe" };
  }
}

/** A refund, partial or whole: the gift counts net of what was given back (decision 017). */
export async function recordRefund(env: Env, charge: Stripe.Charge): Promise<DonationMail[]> {
  return recordAdjustment(env, {
    paymentIntent: idOf(charge.payment_intent),
    chargeId: charge.id,
    refundedCents: charge.amount_refunded,
    refundedInFull: charge.refunded,
  });
}

/**
 * What a Stripe dispute status means for the gift (docs/decisions/044-stripe-event-versions.md):
 * an inquiry (`warning_*`) or a prevented dispute withdraws nothing; a chargeback
 * (`needs_response`, `under_review`, and the `appeal_*` stages after a loss) has withdrawn the
 * money; `won` returns it; `lost` keeps it out.
 */
function disputeStatusOf(status: Stripe.Dispute.Status): DisputeStatus {
  switch (status) {
    case "warning_needs_response":
    case "warning_under_review":
      return "inquiry";
    case "warning_closed":
      return "inquiry_closed";
    case "prevented":
      return "prevented";
    case "won":
      return "won";
    case "lost":
      return "lost";
    default:
      // needs_response, under_review, appeal_needs_response, appeal_under_review, and any status
      // Stripe adds later: counted as withdrawn, so totals never overstate (decision 017).
      return "open";
  }
}

/**
 * A dispute: the gift is marked, and leaves the totals while Stripe holds the money; it
 * returns if the dispute is won, and stays out if lost (decision 017).
 */
export async function recordDispute(env: Env, dispute: Stripe.Dispute) {
  await recordAdjustment(env, {
    paymentIntent: idOf(dispute.payment_intent),
    chargeId: idOf(dispute.charge),
    disputeStatus: disputeStatusOf(dispute.status),
    disputeId: dispute.id,
  });
}
