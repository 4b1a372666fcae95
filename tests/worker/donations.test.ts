import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import {
  chosenAmountCents,
  DONATION_BOUNDS,
  isValidAmountCents,
  parseDollarsToCents,
  preselectFromSearch,
  processingFeeCents,
} from "~/lib/donation";
import { getDb } from "~/server/db/client.server";
import { donationAttempts, donations, outbox, recurringGifts, stripeEvents } from "~/server/db/schema";
import { handleDonateAction, initialDonateState } from "~/server/donations/donate-form.server";
import { getFundraisingProgress } from "~/server/donations/progress.server";
import { giftsForYear } from "~/server/donations/statement.server";
import { signToken } from "~/server/kernel/signed-token.server";
import { MANAGE_TOKEN_PURPOSE } from "~/server/donations/manage-link.server";
import { fetchPage, ORIGIN, postForm } from "./fetch";
import { SEED_FACTS } from "./seed-facts";
import { payOnStripe, stripeBase, stripeEvents as sentStripeEvents, stripeRequests } from "./stripe-checkout";
import { signedWebhook, stripeEvent } from "./stripe-webhook";

const db = getDb(env);
let ip = 0;
/** Each test posts from its own address, so the checkout rate limit (3 per 5 minutes) is its own. */
const visitor = () => ({ "CF-Connecting-IP": `198.51.100.${++ip}` });

const step1 = { step: "amount", frequency: "one-time", amount: "5000", customAmount: "" };
const donor = { firstName: "Ana", lastName: "Lopez", email: "ana@example.com", phone: "" };

/** Posts the three steps like a browser without JavaScript; returns the final response. */
async function donate(fields: Record<string, string>, headers = visitor()) {
  // Each gift its own e-mail too: Checkout is also limited per e-mail (decision 024).
  const all = { ...step1, ...donor, email: `ana-${ip}@example.com`, ...fields };
  await postForm("/donate", { ...all, step: "amount" }, headers);
  await postForm("/donate", { ...all, step: "details" }, headers);
  return postForm("/donate", { ...all, step: "payment", intent: "pay" }, headers);
}

async function mailsTo(to: string) {
  return db.select().from(outbox).where(eq(outbox.to, to));
}

describe("amounts", () => {
  it("keeps gifts between $5 and $50,000, in cents", () => {
    expect(DONATION_BOUNDS).toEqual({ minCents: 500, maxCents: 5_000_000 });
    expect(isValidAmountCents(499)).toBe(false);
    expect(isValidAmountCents(500)).toBe(true);
    expect(isValidAmountCents(5_000_000)).toBe(true);
    expect(isValidAmountCents(5_000_001)).toBe(false);
    expect(parseDollarsToCents("$1,000.5")).toBe(100_050);
    expect(parseDollarsToCents("12.345")).toBeNull();
    expect(parseDollarsToCents("-5")).toBeNull();
    expect(chosenAmountCents({ amount: "custom", customAmount: "4.99" })).toBeNull();
    expect(chosenAmountCents({ amount: "25000" })).toBe(25_000);
    // The covered fee leaves the chosen amount after Stripe's nonprofit rate, 2.2% + 30¢.
    const fee = processingFeeCents(10_000);
    expect(fee).toBe(256);
    expect(Math.floor((10_000 + fee) * 0.978 - 30)).toBeGreaterThanOrEqual(10_000 - 1);
  });

  it("preselects from links and ignores invalid values", () => {
    expect(preselectFromSearch(new URLSearchParams("amount=250&frequency=monthly"))).toEqual({
      amountCents: 25_000,
      frequency: "monthly",
    });
    expect(preselectFromSearch(new URLSearchParams("amount=1&frequency=weekly"))).toEqual({
      amountCents: undefined,
      frequency: undefined,
    });
  });

  it("refuses amounts out of bounds with the §8 message, keeping what was typed", async () => {
    for (const customAmount of ["4.99", "50000.01", "abc"]) {
      const response = await postForm(
        "/donate",
        { ...step1, amount: "custom", customAmount, firstName: "Kept" },
        visitor(),
      );
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain("Please select or enter a valid donation amount.");
      expect(html).toContain('value="Kept"');
    }
  });

  it("asks for every required field on step 2", async () => {
    const response = await postForm(
      "/donate",
      { ...step1, step: "details", firstName: "", lastName: "", email: "" },
      visitor(),
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Please fill in all required fields.");
  });
});

describe("checkout", () => {
  it("opens a Checkout Session in mode payment for a one-time gift", async () => {
    const response = await donate({ coverFee: "on" });
    expect(response.status).toBe(303);
    const location = response.headers.get("Location")!;
    expect(location.startsWith(`${stripeBase}/pay/cs_`)).toBe(true);
    const requests = await stripeRequests<
      Record<string, unknown> & { line_items: { price_data: Record<string, unknown> }[] }
    >();
    const created = requests.filter((request) => request.path === "/v1/checkout/sessions").at(-1)!.body;
    expect(created).toMatchObject({ mode: "payment", customer_email: `ana-${ip}@example.com`, locale: "en" });
    expect(created.line_items[0]!.price_data.unit_amount).toBe(String(5000 + processingFeeCents(5000)));
    expect(created.success_url).toBe(`${ORIGIN}/donate/thank-you?session_id={CHECKOUT_SESSION_ID}`);
    expect(String(created.cancel_url)).toMatch(/\/donate\?resume=/);
    const [attempt] = await db
      .select()
      .from(donationAttempts)
      .where(eq(donationAttempts.id, (created.metadata as Record<string, string>).attempt_id!));
    expect(attempt).toMatchObject({ amountCents: 5000, feeCents: processingFeeCents(5000), status: "open" });
  });

  it("records the gift once, from the webhook and the thank-you page alike, and sends one receipt", async () => {
    const email = "once@example.com";
    const response = await donate({ email, amount: "custom", customAmount: "37" });
    const { sessionId, successUrl } = await payOnStripe(response.headers.get("Location")!);
    const thankYou = await fetchPage(new URL(successUrl).pathname + new URL(successUrl).search);
    expect(thankYou.status).toBe(200);
    expect(await thankYou.text()).toContain("Your gift of $37 has been received");
    const rows = await db.select().from(donations).where(eq(donations.stripeCheckoutSessionId, sessionId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "succeeded", amountCents: 3700, frequency: "one-time" });
    const receipts = (await mailsTo(email)).filter((mail) => mail.template === "donation.receipt");
    expect(receipts).toHaveLength(1);
  });

  it("closes the donation attempt when Stripe expires the unpaid session", async () => {
    const response = await donate({ email: "expires@example.com" });
    const sessionId = new URL(response.headers.get("Location")!).pathname.split("/").pop()!;
    const expired = await fetch(`${stripeBase}/v1/checkout/sessions/${sessionId}/expire`, {
      method: "POST",
      headers: { Authorization: `Bearer ${env.STRIPE_SECRET_KEY}` },
    });
    expect(expired.status).toBe(200);
    const events = await sentStripeEvents();
    const event = events.findLast((item) => item.type === "checkout.session.expired")!;
    expect((await signedWebhook(event)).status).toBe(200);
    const [attempt] = await db
      .select()
      .from(donationAttempts)
      .where(eq(donationAttempts.email, "expires@example.com"));
    expect(attempt!.status).toBe("expired");
  });

  it("counts a gift net of a partial refund made in Stripe, on the statement too", async () => {
    const email = "stripe-refund@example.com";
    const response = await donate({ email, amount: "custom", customAmount: "80" });
    await payOnStripe(response.headers.get("Location")!);
    const [gift] = await db.select().from(donations).where(eq(donations.donorEmail, email));
    const refund = (await (
      await fetch(`${stripeBase}/__test/payments/${gift!.stripePaymentIntentId}/refund?amount=2000`, {
        method: "POST",
      })
    ).json()) as Stripe.Event;
    expect((await signedWebhook(refund)).status).toBe(200);
    const year = new Date().getUTCFullYear();
    expect((await giftsForYear(env, email, year)).map((line) => line.amountCents)).toEqual([6000]);
  });

  it("never trusts the query string on the thank-you page", async () => {
    const response = await fetchPage("/donate/thank-you?session_id=cs_test_forged&amount=100000");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("We could not find this donation");
  });

  it("brings a canceled donor back to step 3 with what they typed", async () => {
    const response = await donate({ firstName: "Cancel", employer: "Acme" });
    const requests = await stripeRequests<{ cancel_url?: string }>();
    const cancelUrl = new URL(requests.at(-1)!.body.cancel_url!);
    expect(response.status).toBe(303);
    const page = await (await fetchPage(cancelUrl.pathname + cancelUrl.search)).text();
    expect(page).toContain("Your payment was canceled");
    expect(page).toContain("Cancel Lopez");
    expect(page).toContain("Acme");
  });

  it("limits checkout sessions per visitor (card-testing protection)", async () => {
    const headers = visitor();
    const full = { ...step1, ...donor, step: "payment", intent: "pay" };
    for (let index = 0; index < 3; index++)
      expect((await postForm("/donate", full, headers)).status).toBe(303);
    const refused = await postForm("/donate", full, headers);
    expect(refused.status).toBe(429);
  });

  it("explains that online giving is not configured, and never throws, without keys", async () => {
    const bare = { ...env, STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined } as Env;
    const request = new Request(`${ORIGIN}/donate?amount=50`);
    const state = await initialDonateState(bare, request, "en");
    expect(state.configured).toBe(false);
    const form = new FormData();
    for (const [key, value] of Object.entries({ ...step1, ...donor, step: "payment", intent: "pay" }))
      form.set(key, value);
    const outcome = await handleDonateAction(bare, request, form, { locale: "en", userId: null });
    expect(outcome).toMatchObject({ kind: "state", status: 503, state: { notice: "notConfigured" } });
  });
});

describe("webhook", () => {
  it("answers 400 to a bad signature and writes nothing", async () => {
    const body = JSON.stringify(
      stripeEvent("checkout.session.completed", { id: "cs_bad" }, { id: "evt_bad_signature" }),
    );
    const forged = await fetchPage("/api/v1/stripe/webhook", {
      method: "POST",
      body,
      headers: { "Stripe-Signature": "t=1,v1=deadbeef" },
    });
    expect(forged.status).toBe(400);
    const wrongSecret = await signedWebhook(JSON.parse(body), "whsec_wrong");
    expect(wrongSecret.status).toBe(400);
    expect(await db.select().from(stripeEvents).where(eq(stripeEvents.id, "evt_bad_signature"))).toHaveLength(
      0,
    );
  });

  it("does nothing on a replayed event", async () => {
    const email = "replay@example.com";
    const response = await donate({ email });
    const { events } = await payOnStripe(response.headers.get("Location")!);
    const replay = await signedWebhook(events[0]!);
    expect(replay.status).toBe(200);
    expect(await replay.text()).toBe("duplicate");
    expect(await db.select().from(donations).where(eq(donations.donorEmail, email))).toHaveLength(1);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it("records a monthly gift, each renewal, a failed renewal and a refund", async () => {
    const email = "monthly@example.com";
    const response = await donate({ email, frequency: "monthly", amount: "2500" });
    const { events } = await payOnStripe(response.headers.get("Location")!);
    expect(events.map((item) => item.type)).toEqual([
      "customer.subscription.created",
      "checkout.session.completed",
      "invoice.paid",
    ]);
    const [gift] = await db.select().from(recurringGifts).where(eq(recurringGifts.donorEmail, email));
    expect(gift).toMatchObject({ amountCents: 2500, status: "active" });

    // A renewal: a second row and a second receipt.
    const renewal = (await (
      await fetch(`${stripeBase}/__test/subscriptions/${gift!.stripeSubscriptionId}/renew`, {
        method: "POST",
      })
    ).json()) as Stripe.Event;
    expect((await signedWebhook(renewal)).status).toBe(200);
    const paid = await db
      .select()
      .from(donations)
      .where(and(eq(donations.donorEmail, email), eq(donations.status, "succeeded")));
    expect(paid.map((row) => row.amountCents)).toEqual([2500, 2500]);
    const receipts = (await mailsTo(email)).filter((mail) => mail.template === "donation.receipt.monthly");
    expect(receipts).toHaveLength(2);
    expect(receipts[0]!.text).toContain("/donate/manage/");

    // A failure of that renewal's first try that arrives after it was paid changes nothing.
    const lateFailure = stripeEvent("invoice.payment_failed", {
      ...(renewal.data.object as Stripe.Invoice),
      status: "open",
      attempt_count: 1,
    });
    expect((await signedWebhook(lateFailure)).status).toBe(200);
    const [stillActive] = await db.select().from(recurringGifts).where(eq(recurringGifts.id, gift!.id));
    expect(stillActive!.status).toBe("active");
    expect((await mailsTo(email)).filter((mail) => mail.template === "donation.renewal-failed")).toEqual([]);

    // A failed renewal: past due, and an e-mail with a way to update the card.
    const failed = (await (
      await fetch(`${stripeBase}/__test/subscriptions/${gift!.stripeSubscriptionId}/fail`, { method: "POST" })
    ).json()) as Stripe.Event;
    expect((await signedWebhook(failed)).status).toBe(200);
    const [pastDue] = await db.select().from(recurringGifts).where(eq(recurringGifts.id, gift!.id));
    expect(pastDue!.status).toBe("past_due");
    const notice = (await mailsTo(email)).find((mail) => mail.template === "donation.renewal-failed")!;
    expect(notice.text).toMatch(/update your card/);
    expect(notice.text).toContain("https://example.org/donate/manage/");

    // A refund of the renewal takes it out of the totals and the statement.
    // A campaign around now, so the gifts paid in this test count whatever the configured one is.
    const aroundNow = {
      goalCents: 5_000_000,
      startsAt: new Date(Date.now() - 86_400_000).toISOString(),
      endsAt: new Date(Date.now() + 86_400_000).toISOString(),
    };
    const before = await getFundraisingProgress(env, aroundNow);
    const renewalRow = paid.find((row) => row.stripeInvoiceId !== paid[0]!.stripeInvoiceId) ?? paid[1]!;
    const refund = stripeEvent("charge.refunded", {
      id: "ch_refund_1",
      object: "charge",
      refunded: true,
      amount_refunded: 2500,
      payment_intent: renewalRow.stripePaymentIntentId,
    });
    expect((await signedWebhook(refund)).status).toBe(200);
    const [refunded] = await db.select().from(donations).where(eq(donations.id, renewalRow.id));
    expect(refunded).toMatchObject({ status: "refunded", stripeChargeId: "ch_refund_1" });
    expect((await getFundraisingProgress(env, aroundNow)).raisedCents).toBe(before.raisedCents - 2500);
    const year = new Date().getUTCFullYear();
    expect((await giftsForYear(env, email, year)).map((gift) => gift.amountCents)).toEqual([2500]);

    // Stripe ends the subscription.
    const deleted = stripeEvent("customer.subscription.deleted", {
      id: gift!.stripeSubscriptionId,
      object: "subscription",
    });
    expect((await signedWebhook(deleted)).status).toBe(200);
    expect((await db.select().from(recurringGifts).where(eq(recurringGifts.id, gift!.id)))[0]!.status).toBe(
      "canceled",
    );
  });
});

describe("receipts", () => {
  it("are the IRS acknowledgement, with the §174-b disclosure, in the donor's language", async () => {
    const email = "receipt@example.com";
    const response = await donate({ email });
    await payOnStripe(response.headers.get("Location")!);
    const [receipt] = await mailsTo(email);
    expect(receipt!.text).toContain(SEED_FACTS.legalName);
    expect(receipt!.text).toContain(`EIN: ${SEED_FACTS.ein}`);
    expect(receipt!.text).toContain("$50");
    expect(receipt!.text).toContain("No goods or services were provided in exchange for this contribution.");
    expect(receipt!.text).toContain("Office of the Attorney General, Charities Bureau");

    const spanish = "recibo@example.com";
    const headers = { ...visitor(), Cookie: "lng=es" };
    const all = { ...step1, ...donor, email: spanish, step: "payment", intent: "pay" };
    const es = await postForm("/donate", all, headers);
    await payOnStripe(es.headers.get("Location")!);
    const [recibo] = await mailsTo(spanish);
    expect(recibo!.locale).toBe("es");
    expect(recibo!.text).toContain("No se proporcionaron bienes ni servicios a cambio de esta contribución.");
    expect(recibo!.text).toContain("Fiscal General del Estado de Nueva York");
  });

  it("shows the §174-b disclosure on the donate page", async () => {
    const html = await (await fetchPage("/donate")).text();
    expect(html).toContain("Charities Bureau, 28 Liberty Street");
  });
});

describe("manage links", () => {
  it("refuses expired and tampered links", async () => {
    const expired = await signToken(env, MANAGE_TOKEN_PURPOSE, "someone@example.com", -10);
    const valid = await signToken(env, MANAGE_TOKEN_PURPOSE, "someone@example.com", 3600);
    const [payload, signature] = valid.split(".");
    const forgedPayload = btoa(
      JSON.stringify({ p: MANAGE_TOKEN_PURPOSE, s: "victim@example.com", e: 9999999999 }),
    )
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
    const otherPurpose = await signToken(env, "newsletter-confirm", "someone@example.com", 3600);
    for (const token of [expired, `${forgedPayload}.${signature}`, `${payload}.AAAA`, otherPurpose]) {
      const response = await fetchPage(`/donate/manage/${token}`);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/donate/manage?expired=1");
      const post = await postForm(`/donate/manage/${token}`, { intent: "cancel", giftId: "x" });
      expect(post.status).toBe(403);
    }
    expect((await fetchPage(`/donate/manage/${valid}`)).status).toBe(200);
  });

  it("changes a monthly amount through the link, only for the link's own gifts", async () => {
    const email = "change@example.com";
    const response = await donate({ email, frequency: "monthly", amount: "5000" });
    await payOnStripe(response.headers.get("Location")!);
    const [gift] = await db.select().from(recurringGifts).where(eq(recurringGifts.donorEmail, email));
    const token = await signToken(env, MANAGE_TOKEN_PURPOSE, email, 3600);
    const changed = await postForm(`/donate/manage/${token}`, {
      intent: "change-amount",
      giftId: gift!.id,
      amount: "75",
    });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain("Your monthly amount is now $75");
    const subscription = (await (
      await fetch(`${stripeBase}/v1/subscriptions/${gift!.stripeSubscriptionId}`, {
        headers: { Authorization: `Bearer ${env.STRIPE_SECRET_KEY}` },
      })
    ).json()) as Stripe.Subscription;
    expect(subscription.items.data[0]!.price.unit_amount).toBe(7500);
    expect(
      (await db.select().from(recurringGifts).where(eq(recurringGifts.id, gift!.id)))[0]!.amountCents,
    ).toBe(7500);

    // Another donor's link cannot touch this gift; amounts keep their bounds.
    const stranger = await signToken(env, MANAGE_TOKEN_PURPOSE, "stranger@example.com", 3600);
    const refused = await postForm(`/donate/manage/${stranger}`, { intent: "cancel", giftId: gift!.id });
    expect(refused.status).toBe(404);
    const tooSmall = await postForm(`/donate/manage/${token}`, {
      intent: "change-amount",
      giftId: gift!.id,
      amount: "1",
    });
    expect(tooSmall.status).toBe(400);
  });

  it("sends a link on request without telling who has given", async () => {
    const known = await postForm("/donate/manage", { email: "change@example.com" }, visitor());
    const unknown = await postForm("/donate/manage", { email: "nobody@example.com" }, visitor());
    const knownText = await known.text();
    expect(knownText).toContain("If we have gifts under that address");
    expect(await unknown.text()).toContain("If we have gifts under that address");
    expect((await mailsTo("nobody@example.com")).length).toBe(0);
  });

  it("emails a year-end statement", async () => {
    const year = String(new Date().getUTCFullYear());
    const response = await postForm("/donate/statement", { email: "receipt@example.com", year }, visitor());
    expect(response.status).toBe(200);
    const [statement] = (await mailsTo("receipt@example.com")).filter(
      (mail) => mail.template === "donation.statement",
    );
    expect(statement?.text).toContain(`Here are your gifts to product in ${year}`);
  });
});
