import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { FundraisingCampaign } from "~/content/figures";
import { givingTotals } from "~/server/admin/donations.server";
import { getDb } from "~/server/db/client.server";
import { donationAttempts, donations, outbox, recurringGifts } from "~/server/db/schema";
import { getFundraisingProgress } from "~/server/donations/progress.server";
import { postForm } from "./fetch";
import {
  chargeRefunded,
  dispute,
  donationAttempt,
  invoicePaid,
  oneTimeCompleted,
  signedWebhook,
  stripeEvent,
} from "./stripe-webhook";

const db = getDb(env);
const year = String(new Date().getUTCFullYear());
// The gifts below are paid now: a campaign around now counts them.
const aroundNow: FundraisingCampaign = {
  goalCents: 5_000_000,
  startsAt: new Date(Date.now() - 86_400_000).toISOString(),
  endsAt: new Date(Date.now() + 86_400_000).toISOString(),
};
let ip = 0;

async function deliver(...events: object[]) {
  for (const event of events) expect((await signedWebhook(event)).status).toBe(200);
}

async function giftOf(paymentIntent: string) {
  const [gift] = await db.select().from(donations).where(eq(donations.stripePaymentIntentId, paymentIntent));
  return gift;
}

async function raised() {
  return (await getFundraisingProgress(env, aroundNow)).raisedCents;
}

/** Asks for a statement as the page does; returns the page's answer and the statements queued. */
async function askForStatement(email: string) {
  const response = await postForm(
    "/donate/statement",
    { email, year },
    { "CF-Connecting-IP": `203.0.113.${++ip}` },
  );
  const mails = await db.select().from(outbox).where(eq(outbox.to, email));
  return {
    status: response.status,
    html: await response.text(),
    statements: mails.filter((mail) => mail.template === "donation.statement"),
  };
}

describe("refunds", () => {
  it("a partial refund lowers the goal, the admin totals and the year-end statement by what was refunded", async () => {
    const email = "partial@example.com";
    const { paymentIntent, event } = oneTimeCompleted(
      await donationAttempt({ email, amountCents: 5000 }),
      5000,
    );
    await deliver(event);
    const goalBefore = await raised();
    const adminBefore = (await givingTotals(env)).yearCents;

    await deliver(chargeRefunded(paymentIntent, 5000, 1500));
    expect(await giftOf(paymentIntent)).toMatchObject({ status: "succeeded", refundedCents: 1500 });
    expect(await raised()).toBe(goalBefore - 1500);
    expect((await givingTotals(env)).yearCents).toBe(adminBefore - 1500);
    const { statements } = await askForStatement(email);
    expect(statements).toHaveLength(1);
    expect(statements[0]!.text).toContain("$35");
    expect(statements[0]!.text).not.toContain("$50");

    // A second refund: Stripe sends the running total; a late copy of the first changes nothing.
    await deliver(chargeRefunded(paymentIntent, 5000, 2000), chargeRefunded(paymentIntent, 5000, 1500));
    expect(await giftOf(paymentIntent)).toMatchObject({ status: "succeeded", refundedCents: 2000 });
    expect(await raised()).toBe(goalBefore - 2000);
  });

  it("a refund that arrives before its payment is applied when the payment is recorded", async () => {
    const email = "early-refund@example.com";
    const goalBefore = await raised();
    const full = oneTimeCompleted(await donationAttempt({ email, amountCents: 4000 }), 4000);
    await deliver(chargeRefunded(full.paymentIntent, 4000, 4000), full.event);
    expect(await giftOf(full.paymentIntent)).toMatchObject({ status: "refunded", refundedCents: 4000 });
    // No receipt for money given back, and nothing on the statement.
    const receipts = await db.select().from(outbox).where(eq(outbox.to, email));
    expect(receipts.filter((mail) => mail.template === "donation.receipt")).toHaveLength(0);
    expect((await askForStatement(email)).statements).toHaveLength(0);

    // A renewal refunded in part before its invoice.paid arrives counts at its net.
    const subscription = {
      id: "sub_early_refund",
      customer: "cus_early_refund",
      attemptId: await donationAttempt({
        email: "early-renewal@example.com",
        amountCents: 3000,
        frequency: "monthly",
      }),
    };
    const renewal = invoicePaid(subscription, 3000, { first: true });
    await deliver(chargeRefunded(renewal.paymentIntent, 3000, 1000), renewal.event);
    expect(await giftOf(renewal.paymentIntent)).toMatchObject({ status: "succeeded", refundedCents: 1000 });
    expect(await raised()).toBe(goalBefore + 2000);
  });
});

describe("disputes", () => {
  it("mark the gift; it leaves the totals while open, returns when won and stays out when lost", async () => {
    const goalBefore = await raised();
    const won = oneTimeCompleted(
      await donationAttempt({ email: "won@example.com", amountCents: 2500 }),
      2500,
    );
    const lost = oneTimeCompleted(
      await donationAttempt({ email: "lost@example.com", amountCents: 6000 }),
      6000,
    );
    await deliver(won.event, lost.event);
    expect(await raised()).toBe(goalBefore + 8500);

    await deliver(dispute("charge.dispute.created", won.paymentIntent, 2500, "needs_response"));
    expect(await giftOf(won.paymentIntent)).toMatchObject({ status: "succeeded", disputeStatus: "open" });
    expect(await raised()).toBe(goalBefore + 6000);
    await deliver(dispute("charge.dispute.closed", won.paymentIntent, 2500, "won"));
    expect((await giftOf(won.paymentIntent))!.disputeStatus).toBe("won");
    expect(await raised()).toBe(goalBefore + 8500);

    // Closed (lost) delivered before created: the late "open" does not reopen it.
    await deliver(
      dispute("charge.dispute.closed", lost.paymentIntent, 6000, "lost"),
      dispute("charge.dispute.created", lost.paymentIntent, 6000, "needs_response"),
    );
    expect((await giftOf(lost.paymentIntent))!.disputeStatus).toBe("lost");
    expect(await raised()).toBe(goalBefore + 2500);
    expect((await askForStatement("lost@example.com")).statements).toHaveLength(0);
  });

  it("a dispute that arrives before its payment marks the gift when it is recorded", async () => {
    const gift = oneTimeCompleted(
      await donationAttempt({ email: "early-dispute@example.com", amountCents: 1000 }),
      1000,
    );
    await deliver(dispute("charge.dispute.created", gift.paymentIntent, 1000, "needs_response"), gift.event);
    expect((await giftOf(gift.paymentIntent))!.disputeStatus).toBe("open");
  });
});

describe("subscriptions", () => {
  const subscriptionObject = (
    id: string,
    attemptId: string,
    fields: { amountCents: number; cancelAtPeriodEnd?: boolean; paused?: boolean },
  ) => ({
    id,
    object: "subscription",
    customer: `cus_${id}`,
    status: "active",
    metadata: { attempt_id: attemptId },
    cancel_at_period_end: fields.cancelAtPeriodEnd ?? false,
    cancel_at: null,
    pause_collection: fields.paused ? { behavior: "void", resumes_at: null } : null,
    items: {
      object: "list",
      data: [{ id: `si_${id}`, quantity: 1, price: { unit_amount: fields.amountCents } }],
    },
  });

  it("mirror an amount changed, a cancellation scheduled and a pause made in Stripe; an older event never wins", async () => {
    const email = "portal@example.com";
    const attemptId = await donationAttempt({ email, amountCents: 2500, frequency: "monthly" });
    const id = "sub_portal";
    const now = Math.floor(Date.now() / 1000);
    await deliver(
      stripeEvent("checkout.session.completed", {
        id: "cs_portal",
        object: "checkout.session",
        mode: "subscription",
        status: "complete",
        payment_status: "paid",
        customer: `cus_${id}`,
        subscription: id,
        metadata: { attempt_id: attemptId },
      }),
    );
    const gift = async () =>
      (await db.select().from(recurringGifts).where(eq(recurringGifts.stripeSubscriptionId, id)))[0]!;
    expect(await gift()).toMatchObject({ amountCents: 2500, status: "active", cancelAtPeriodEnd: false });

    await deliver(
      stripeEvent("customer.subscription.updated", subscriptionObject(id, attemptId, { amountCents: 7500 }), {
        created: now + 1,
      }),
    );
    expect(await gift()).toMatchObject({ amountCents: 7500, status: "active" });
    await deliver(
      stripeEvent(
        "customer.subscription.updated",
        subscriptionObject(id, attemptId, { amountCents: 7500, cancelAtPeriodEnd: true, paused: true }),
        { created: now + 3 },
      ),
      // Sent earlier, delivered later: it is ignored.
      stripeEvent("customer.subscription.updated", subscriptionObject(id, attemptId, { amountCents: 5000 }), {
        created: now + 2,
      }),
    );
    expect(await gift()).toMatchObject({ amountCents: 7500, status: "paused", cancelAtPeriodEnd: true });

    // Ended in Stripe, the end delivered before the change that preceded it: canceled, at the last amount.
    await deliver(
      stripeEvent(
        "customer.subscription.deleted",
        { ...subscriptionObject(id, attemptId, { amountCents: 9000 }), status: "canceled" },
        { created: now + 5 },
      ),
      stripeEvent("customer.subscription.updated", subscriptionObject(id, attemptId, { amountCents: 9000 }), {
        created: now + 4,
      }),
    );
    expect(await gift()).toMatchObject({ amountCents: 9000, status: "canceled" });
  });

  it("an update that arrives before the Checkout Session creates the gift with the new amount, once", async () => {
    const email = "early-update@example.com";
    const attemptId = await donationAttempt({ email, amountCents: 2500, frequency: "monthly" });
    const id = "sub_early_update";
    await deliver(
      stripeEvent("customer.subscription.updated", subscriptionObject(id, attemptId, { amountCents: 4000 })),
    );
    const first = invoicePaid({ id, customer: `cus_${id}`, attemptId }, 4000, { first: true });
    await deliver(
      first.event,
      stripeEvent("checkout.session.completed", {
        id: "cs_early_update",
        object: "checkout.session",
        mode: "subscription",
        status: "complete",
        payment_status: "paid",
        customer: `cus_${id}`,
        subscription: id,
        metadata: { attempt_id: attemptId },
      }),
    );
    const gifts = await db.select().from(recurringGifts).where(eq(recurringGifts.stripeSubscriptionId, id));
    expect(gifts).toHaveLength(1);
    expect(gifts[0]).toMatchObject({ amountCents: 4000, status: "active" });
    expect(await db.select().from(donations).where(eq(donations.recurringGiftId, gifts[0]!.id))).toHaveLength(
      1,
    );
  });
});

describe("checkout sessions", () => {
  it("an expired session closes its donation attempt; a paid one stays completed", async () => {
    const open = await donationAttempt({ email: "expired@example.com", amountCents: 5000 });
    const paid = await donationAttempt({ email: "paid-then-expired@example.com", amountCents: 5000 });
    await deliver(oneTimeCompleted(paid, 5000).event);
    for (const attemptId of [open, paid])
      await deliver(
        stripeEvent("checkout.session.expired", {
          id: `cs_expired_${attemptId}`,
          object: "checkout.session",
          mode: "payment",
          status: "expired",
          metadata: { attempt_id: attemptId },
        }),
      );
    const status = async (id: string) =>
      (await db.select().from(donationAttempts).where(eq(donationAttempts.id, id)))[0]!.status;
    expect(await status(open)).toBe("expired");
    expect(await status(paid)).toBe("completed");
  });
});

describe("year-end statements", () => {
  it("are mailed only to donors, and the page answers the same either way", async () => {
    const donor = "statement-donor@example.com";
    await deliver(oneTimeCompleted(await donationAttempt({ email: donor, amountCents: 1200 }), 1200).event);
    const given = await askForStatement(donor);
    const stranger = await askForStatement("never-gave@example.com");
    expect(given.statements).toHaveLength(1);
    expect(stranger.statements).toHaveLength(0);
    expect(stranger.status).toBe(given.status);
    const answer = "If we have gifts under that address, the statement is on its way.";
    expect(given.html).toContain(answer);
    expect(stranger.html).toContain(answer);
  });
});
