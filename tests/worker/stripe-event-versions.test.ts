import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import readme from "../../README.md?raw";
import { getDb } from "~/server/db/client.server";
import { donationAttempts, donations, recurringGifts, stripeEvents } from "~/server/db/schema";
import { countedCents } from "~/server/donations/ledger.server";
import {
  HANDLED_STRIPE_EVENTS,
  STRIPE_API_VERSION,
  STRIPE_LEGACY_API_VERSION,
} from "~/server/stripe/events.server";
import { stripeRequests } from "./stripe-checkout";
import { charge, checkoutSession, disputeOf, invoice, subscription, unique } from "./stripe-fixtures";
import { donationAttempt, listInvoicePayment, signedWebhook, stripeEvent } from "./stripe-webhook";

/**
 * What the webhook answers to every event type it handles, in the API version the code pins
 * and in the older one it also reads, built from Stripe's published objects; and to an event in
 * a version it does not read (docs/decisions/044-stripe-event-versions.md).
 */

const db = getDb(env);
type HandledType = (typeof HANDLED_STRIPE_EVENTS)[number];
let clock = Math.floor(Date.now() / 1000);
const later = () => ++clock;

function send(type: string, object: object, apiVersion: string) {
  return signedWebhook(stripeEvent(type, object, { apiVersion, created: later() }));
}

async function deliver(type: string, object: object, apiVersion = STRIPE_API_VERSION) {
  const response = await send(type, object, apiVersion);
  expect(`${response.status} ${await response.text()}`).toBe("200 ok");
}

const giftBy = async (paymentIntent: string) =>
  (await db.select().from(donations).where(eq(donations.stripePaymentIntentId, paymentIntent)))[0];
const recurringBy = async (subscriptionId: string) =>
  (await db.select().from(recurringGifts).where(eq(recurringGifts.stripeSubscriptionId, subscriptionId)))[0];
const attemptBy = async (id: string) =>
  (await db.select().from(donationAttempts).where(eq(donationAttempts.id, id)))[0];

/** A paid one-time gift, recorded from the pinned version's checkout.session.completed. */
async function oneTimeGift(amount = 5000, paymentStatus = "paid") {
  const attemptId = await donationAttempt({ email: `gift-${unique()}@example.com`, amountCents: amount });
  const paymentIntent = `pi_${unique()}`;
  const session = checkoutSession({
    mode: "payment",
    status: "complete",
    payment_status: paymentStatus,
    amount_total: amount,
    customer: `cus_${unique()}`,
    payment_intent: paymentIntent,
    metadata: { attempt_id: attemptId },
  });
  return { attemptId, paymentIntent, session };
}

/** A one-time gift whose checkout.session.completed the webhook has already recorded. */
async function recordedGift(amount = 5000, paymentStatus = "paid") {
  const gift = await oneTimeGift(amount, paymentStatus);
  await deliver("checkout.session.completed", gift.session);
  return gift;
}

/** A monthly gift's subscription, known to the ledger through customer.subscription.created. */
async function monthlyGift(unitAmount = 2000) {
  const attemptId = await donationAttempt({
    email: `monthly-${unique()}@example.com`,
    amountCents: unitAmount,
    frequency: "monthly",
  });
  const ids = { id: `sub_${unique()}`, customer: `cus_${unique()}`, attemptId };
  return {
    ...ids,
    subscription: (fields: { unitAmount?: number; status?: string; extra?: object } = {}) =>
      subscription({
        ...ids,
        unitAmount: fields.unitAmount ?? unitAmount,
        status: fields.status,
        extra: fields.extra as never,
      }),
  };
}

/** For each type: what comes before it, the event in `apiVersion`, and what it must have done. */
const scenarios: Record<HandledType, (apiVersion: string) => Promise<void>> = {
  async "checkout.session.completed"(apiVersion) {
    const { paymentIntent, session } = await oneTimeGift();
    await deliver("checkout.session.completed", session, apiVersion);
    expect(await giftBy(paymentIntent)).toMatchObject({ status: "succeeded", amountCents: 5000 });
  },
  async "checkout.session.async_payment_succeeded"(apiVersion) {
    const { paymentIntent, session } = await recordedGift(5000, "unpaid");
    expect(await giftBy(paymentIntent)).toMatchObject({ status: "pending" });
    await deliver(
      "checkout.session.async_payment_succeeded",
      { ...session, payment_status: "paid" },
      apiVersion,
    );
    expect(await giftBy(paymentIntent)).toMatchObject({ status: "succeeded" });
  },
  async "checkout.session.async_payment_failed"(apiVersion) {
    const { attemptId, paymentIntent, session } = await recordedGift(5000, "unpaid");
    await deliver("checkout.session.async_payment_failed", session, apiVersion);
    expect(await giftBy(paymentIntent)).toMatchObject({ status: "failed" });
    expect(await attemptBy(attemptId)).toMatchObject({ status: "failed" });
  },
  async "checkout.session.expired"(apiVersion) {
    const { attemptId, session } = await oneTimeGift();
    await deliver(
      "checkout.session.expired",
      { ...session, status: "expired", payment_status: "unpaid", payment_intent: null },
      apiVersion,
    );
    expect(await attemptBy(attemptId)).toMatchObject({ status: "expired" });
  },
  async "invoice.paid"(apiVersion) {
    const gift = await monthlyGift();
    const paymentIntent = `pi_${unique()}`;
    const paid = invoice(apiVersion, {
      ...gift,
      subscription: gift.id,
      amountCents: 2000,
      paid: true,
      first: true,
      paymentIntent,
    });
    // The pinned version's invoice does not name its payment: Stripe lists it.
    if (apiVersion === STRIPE_API_VERSION) await listInvoicePayment(paid.id, paymentIntent, 2000);
    await deliver("invoice.paid", paid, apiVersion);
    expect(await giftBy(paymentIntent)).toMatchObject({
      status: "succeeded",
      amountCents: 2000,
      stripeInvoiceId: paid.id,
    });
  },
  async "invoice.payment_failed"(apiVersion) {
    const gift = await monthlyGift();
    await deliver("customer.subscription.created", gift.subscription());
    const failed = invoice(apiVersion, { ...gift, subscription: gift.id, amountCents: 2000, paid: false });
    await deliver("invoice.payment_failed", failed, apiVersion);
    expect(await recurringBy(gift.id)).toMatchObject({ status: "past_due" });
  },
  async "customer.subscription.created"(apiVersion) {
    const gift = await monthlyGift(2500);
    await deliver("customer.subscription.created", gift.subscription(), apiVersion);
    expect(await recurringBy(gift.id)).toMatchObject({ status: "active", amountCents: 2500 });
  },
  async "customer.subscription.updated"(apiVersion) {
    const gift = await monthlyGift();
    await deliver("customer.subscription.created", gift.subscription());
    await deliver("customer.subscription.updated", gift.subscription({ unitAmount: 4000 }), apiVersion);
    expect(await recurringBy(gift.id)).toMatchObject({ status: "active", amountCents: 4000 });
  },
  async "customer.subscription.paused"(apiVersion) {
    const gift = await monthlyGift();
    await deliver("customer.subscription.created", gift.subscription());
    await deliver("customer.subscription.paused", gift.subscription({ status: "paused" }), apiVersion);
    expect(await recurringBy(gift.id)).toMatchObject({ status: "paused" });
  },
  async "customer.subscription.resumed"(apiVersion) {
    const gift = await monthlyGift();
    await deliver("customer.subscription.paused", gift.subscription({ status: "paused" }));
    await deliver("customer.subscription.resumed", gift.subscription(), apiVersion);
    expect(await recurringBy(gift.id)).toMatchObject({ status: "active" });
  },
  async "customer.subscription.deleted"(apiVersion) {
    const gift = await monthlyGift();
    await deliver("customer.subscription.created", gift.subscription());
    const canceled = gift.subscription({
      status: "canceled",
      extra: { cancellation_details: { comment: null, feedback: null, reason: "cancellation_requested" } },
    });
    await deliver("customer.subscription.deleted", canceled, apiVersion);
    expect(await recurringBy(gift.id)).toMatchObject({ status: "canceled" });
  },
  async "charge.refunded"(apiVersion) {
    const { paymentIntent } = await recordedGift();
    await deliver("charge.refunded", charge({ paymentIntent, amount: 5000, refunded: 1500 }), apiVersion);
    expect(await giftBy(paymentIntent)).toMatchObject({ status: "succeeded", refundedCents: 1500 });
  },
  async "charge.dispute.created"(apiVersion) {
    const { paymentIntent } = await recordedGift();
    const opened = disputeOf({ paymentIntent, amount: 5000, status: "needs_response" });
    await deliver("charge.dispute.created", opened, apiVersion);
    expect(await giftBy(paymentIntent)).toMatchObject({ disputeStatus: "open" });
  },
  async "charge.dispute.updated"(apiVersion) {
    const { paymentIntent } = await recordedGift();
    await deliver(
      "charge.dispute.created",
      disputeOf({ paymentIntent, amount: 5000, status: "warning_needs_response" }),
    );
    expect(await giftBy(paymentIntent)).toMatchObject({ disputeStatus: "inquiry" });
    const escalated = disputeOf({ paymentIntent, amount: 5000, status: "needs_response" });
    await deliver("charge.dispute.updated", escalated, apiVersion);
    expect(await giftBy(paymentIntent)).toMatchObject({ disputeStatus: "open" });
  },
  async "charge.dispute.closed"(apiVersion) {
    const { paymentIntent } = await recordedGift();
    await deliver(
      "charge.dispute.created",
      disputeOf({ paymentIntent, amount: 5000, status: "needs_response" }),
    );
    await deliver(
      "charge.dispute.closed",
      disputeOf({ paymentIntent, amount: 5000, status: "won" }),
      apiVersion,
    );
    expect(await giftBy(paymentIntent)).toMatchObject({ disputeStatus: "won" });
  },
};

describe("every handled event type", () => {
  it("is the list the README gives for the endpoint", () => {
    const donations = readme.slice(
      readme.indexOf("## Donations"),
      readme.indexOf("\n## ", readme.indexOf("## Donations") + 1),
    );
    const listed = [...donations.matchAll(/^- `([a-z_.]+)`/gm)].map((match) => match[1]);
    expect(listed).toEqual([...HANDLED_STRIPE_EVENTS]);
  });

  for (const apiVersion of [STRIPE_API_VERSION, STRIPE_LEGACY_API_VERSION])
    it.each([...HANDLED_STRIPE_EVENTS])(
      `in ${apiVersion}: %s is answered 200 and does its work`,
      async (type) => {
        await scenarios[type](apiVersion);
      },
    );

  it.each([...HANDLED_STRIPE_EVENTS])(
    "in a version the code does not read: %s is answered 400 naming the fix, and nothing is recorded",
    async (type) => {
      const { attemptId, paymentIntent, session } = await oneTimeGift();
      const event = stripeEvent(
        type,
        { ...session, object: "checkout.session" },
        { apiVersion: "2025-03-31.basil" },
      );
      const response = await signedWebhook(event);
      expect(response.status).toBe(400);
      expect(await response.text()).toBe(`unsupported api_version; use ${STRIPE_API_VERSION}`);
      expect(await db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toHaveLength(0);
      expect(await giftBy(paymentIntent)).toBeUndefined();
      expect(await attemptBy(attemptId)).toMatchObject({ status: "open" });
    },
  );
});

describe("invoice.paid and its payment", () => {
  it("asks Stripe for the invoice's payments, and answers 500 (Stripe retries) until one is found", async () => {
    const gift = await monthlyGift();
    const paymentIntent = `pi_${unique()}`;
    const paid = invoice(STRIPE_API_VERSION, {
      ...gift,
      subscription: gift.id,
      amountCents: 2000,
      paid: true,
      first: true,
    });
    const event = stripeEvent("invoice.paid", paid);
    const first = await signedWebhook(event);
    expect(first.status).toBe(500);
    expect(await db.select().from(donations).where(eq(donations.stripeInvoiceId, paid.id))).toHaveLength(0);

    await listInvoicePayment(paid.id, paymentIntent, 2000);
    const retried = await signedWebhook(event);
    expect(`${retried.status} ${await retried.text()}`).toBe("200 ok");
    expect(await giftBy(paymentIntent)).toMatchObject({ stripeInvoiceId: paid.id, status: "succeeded" });
    const requests = await stripeRequests<{ invoice?: string }>();
    expect(
      requests.filter(
        (request) => request.path === "/v1/invoice_payments" && request.body.invoice === paid.id,
      ),
    ).toHaveLength(2);
  });
});

describe("dispute statuses, by what Stripe did with the money", () => {
  const counted = async (paymentIntent: string) =>
    (
      await db
        .select({ cents: countedCents })
        .from(donations)
        .where(eq(donations.stripePaymentIntentId, paymentIntent))
    )[0]!.cents;

  it.each([
    ["warning_needs_response", "inquiry", 5000],
    ["warning_under_review", "inquiry", 5000],
    ["warning_closed", "inquiry_closed", 5000],
    ["prevented", "prevented", 5000],
    ["needs_response", "open", 0],
    ["under_review", "open", 0],
    ["appeal_needs_response", "open", 0],
    ["appeal_under_review", "open", 0],
    ["lost", "lost", 0],
    ["won", "won", 5000],
  ])("%s is recorded as %s and the gift counts %i cents", async (status, recorded, cents) => {
    const { paymentIntent } = await recordedGift();
    await deliver("charge.dispute.created", disputeOf({ paymentIntent, amount: 5000, status }));
    expect(await giftBy(paymentIntent)).toMatchObject({ disputeStatus: recorded });
    expect(await counted(paymentIntent)).toBe(cents);
  });

  it("a late inquiry event never undoes the chargeback, nor a chargeback the settled outcome", async () => {
    const { paymentIntent } = await recordedGift();
    await deliver(
      "charge.dispute.updated",
      disputeOf({ paymentIntent, amount: 5000, status: "needs_response" }),
    );
    await deliver(
      "charge.dispute.created",
      disputeOf({ paymentIntent, amount: 5000, status: "warning_needs_response" }),
    );
    expect(await giftBy(paymentIntent)).toMatchObject({ disputeStatus: "open" });
    await deliver("charge.dispute.closed", disputeOf({ paymentIntent, amount: 5000, status: "lost" }));
    await deliver(
      "charge.dispute.updated",
      disputeOf({ paymentIntent, amount: 5000, status: "under_review" }),
    );
    expect(await giftBy(paymentIntent)).toMatchObject({ disputeStatus: "lost" });
    expect(await counted(paymentIntent)).toBe(0);
  });
});
