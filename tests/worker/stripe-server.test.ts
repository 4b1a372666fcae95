import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { getDb } from "~/server/db/client.server";
import { donations, recurringGifts } from "~/server/db/schema";
import { getStripe } from "~/server/stripe/client.server";
import {
  HANDLED_STRIPE_EVENTS,
  STRIPE_API_VERSION,
  STRIPE_LEGACY_API_VERSION,
  syncWebhookEndpoint,
} from "~/server/stripe/events.server";
import { deliverEventsSince, giveThroughCheckout, stripeBase, stripeEvents } from "./stripe-checkout";
import { unique } from "./stripe-fixtures";
import { donationAttempt } from "./stripe-webhook";

/**
 * The local Stripe server behaves as Stripe does where the code could be fooled
 * (docs/decisions/044-stripe-event-versions.md), and `npm run stripe:setup`'s endpoint sync.
 */

const db = getDb(env);
const stripe = getStripe(env)!;
let ip = 0;
const nextIp = () => `198.51.100.${++ip}`;
type Json = Record<string, unknown>;
const objectOf = (event: Stripe.Event) => event.data.object as unknown as Json;
const post = (path: string) => fetch(`${stripeBase}${path}`, { method: "POST" });

describe("the local Stripe server, shaped like Stripe", () => {
  it("starts a monthly gift as Stripe does: the subscription's own event, an invoice without its payments", async () => {
    const { events } = await giveThroughCheckout(
      { frequency: "monthly", amount: "2500", email: "shape@example.com" },
      nextIp(),
    );
    expect(events.map((event) => event.type)).toEqual([
      "customer.subscription.created",
      "checkout.session.completed",
      "invoice.paid",
    ]);
    expect(events.every((event) => event.api_version === STRIPE_API_VERSION)).toBe(true);
    const [created, , paid] = events.map(objectOf);
    // Fields Stripe always sends, from its published subscription.
    expect(created).toMatchObject({
      cancellation_details: { reason: null },
      items: { data: [{ quantity: 1, price: { unit_amount: 2500 } }] },
    });
    expect(paid).not.toHaveProperty("payments");
    // The webhook found the PaymentIntent by listing the invoice's payments.
    const [gift] = await db
      .select()
      .from(donations)
      .where(eq(donations.stripeInvoiceId, paid!.id as string));
    const listed = await stripe.invoicePayments.list({ invoice: paid!.id as string });
    expect(gift?.stripePaymentIntentId).toBe(listed.data[0]!.payment.payment_intent);
  });

  it("refuses a parameter the pinned API does not take, with Stripe's error object", async () => {
    const refused = await stripe.checkout.sessions
      .create({
        mode: "payment",
        success_url: "https://example.org/ok",
        cancel_url: "https://example.org/back",
        line_items: [
          { quantity: 1, price_data: { currency: "usd", unit_amount: 500, product_data: { name: "Gift" } } },
        ],
        // Stripe's field is `payment_intent_data`: a session cannot be given a PaymentIntent.
        payment_intent: "pi_chosen",
      } as unknown as Stripe.Checkout.SessionCreateParams)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(refused).toMatchObject({ code: "parameter_unknown", param: "payment_intent", statusCode: 400 });
    // A nested one too, named as Stripe names it.
    const nested = await stripe.subscriptions
      .update("sub_any", {
        pause_collection: { behavior: "void", until_when: 1 },
      } as unknown as Stripe.SubscriptionUpdateParams)
      .catch((error: unknown) => error);
    expect(nested).toMatchObject({ code: "parameter_unknown", param: "pause_collection[until_when]" });
  });

  it("sends events in the API version of the endpoint registered for their URL, an invoice in its older shape", async () => {
    const site = `https://legacy-${unique()}.example.org`;
    await stripe.webhookEndpoints.create({
      url: `${site}/api/v1/stripe/webhook`,
      enabled_events: [...HANDLED_STRIPE_EVENTS],
      api_version: STRIPE_LEGACY_API_VERSION,
    });
    const email = `legacy-${unique()}@example.com`;
    const attemptId = await donationAttempt({ email, amountCents: 3000, frequency: "monthly" });
    const metadata = { attempt_id: attemptId };
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer_email: email,
      client_reference_id: attemptId,
      metadata,
      subscription_data: { metadata },
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: "usd",
            unit_amount: 3000,
            product_data: { name: "Monthly gift" },
            recurring: { interval: "month" },
          },
        },
      ],
      success_url: `${site}/donate/thank-you?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${site}/donate`,
    });
    const before = (await stripeEvents()).length;
    expect(
      (await fetch(`${stripeBase}/pay/${session.id}`, { method: "POST", redirect: "manual" })).status,
    ).toBe(303);
    const events = await deliverEventsSince(before);
    expect(events.map((event) => event.api_version)).toEqual(events.map(() => STRIPE_LEGACY_API_VERSION));
    const invoice = objectOf(events.find((event) => event.type === "invoice.paid")!);
    expect(invoice).not.toHaveProperty("parent");
    expect(invoice).toMatchObject({
      subscription: expect.stringMatching(/^sub_/),
      payment_intent: expect.stringMatching(/^pi_/),
    });
    // Read as well as the pinned version: the gift, its monthly payment and its PaymentIntent.
    const [gift] = await db
      .select()
      .from(donations)
      .where(eq(donations.stripeInvoiceId, invoice.id as string));
    expect(gift).toMatchObject({
      status: "succeeded",
      amountCents: 3000,
      stripePaymentIntentId: invoice.payment_intent,
    });
  });

  it("pauses and resumes a subscription, and settles a bank payment later, with Stripe's events", async () => {
    const monthly = await giveThroughCheckout(
      { frequency: "monthly", amount: "2000", email: "pause@example.com" },
      nextIp(),
    );
    const subscriptionId = objectOf(monthly.events[0]!).id as string;
    const gift = async () =>
      (
        await db.select().from(recurringGifts).where(eq(recurringGifts.stripeSubscriptionId, subscriptionId))
      )[0];
    let before = (await stripeEvents()).length;
    expect((await post(`/__test/subscriptions/${subscriptionId}/pause`)).status).toBe(200);
    expect((await deliverEventsSince(before)).map((event) => event.type)).toEqual([
      "customer.subscription.paused",
    ]);
    expect(await gift()).toMatchObject({ status: "paused" });
    before = (await stripeEvents()).length;
    expect((await post(`/__test/subscriptions/${subscriptionId}/resume`)).status).toBe(200);
    expect((await deliverEventsSince(before)).map((event) => event.type)).toEqual([
      "customer.subscription.resumed",
    ]);
    expect(await gift()).toMatchObject({ status: "active" });

    // A one-time gift paid from a bank account: pending until Stripe says it cleared.
    const attemptId = await donationAttempt({ email: "bank@example.com", amountCents: 4000 });
    const session = await stripe.checkout.sessions.create({
      mode: "payment",
      customer_email: "bank@example.com",
      client_reference_id: attemptId,
      metadata: { attempt_id: attemptId },
      line_items: [
        { quantity: 1, price_data: { currency: "usd", unit_amount: 4000, product_data: { name: "Gift" } } },
      ],
      success_url: "https://example.org/donate/thank-you?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "https://example.org/donate",
    });
    before = (await stripeEvents()).length;
    const paid = await fetch(`${stripeBase}/pay/${session.id}`, {
      method: "POST",
      body: new URLSearchParams({ method: "bank" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    expect(paid.status).toBe(303);
    await deliverEventsSince(before);
    const bankGift = async () =>
      (await db.select().from(donations).where(eq(donations.stripeCheckoutSessionId, session.id)))[0];
    expect(await bankGift()).toMatchObject({ status: "pending" });
    before = (await stripeEvents()).length;
    expect((await post(`/__test/sessions/${session.id}/settle?outcome=succeeded`)).status).toBe(200);
    expect((await deliverEventsSince(before)).map((event) => event.type)).toEqual([
      "checkout.session.async_payment_succeeded",
    ]);
    expect(await bankGift()).toMatchObject({ status: "succeeded" });
  });

  it("takes a dispute through Stripe's statuses: created, updated, closed", async () => {
    const { events } = await giveThroughCheckout({ email: "dispute-flow@example.com" }, nextIp());
    const paymentIntent = objectOf(events[0]!).payment_intent as string;
    const status = async () =>
      (await db.select().from(donations).where(eq(donations.stripePaymentIntentId, paymentIntent)))[0]
        ?.disputeStatus;
    const sent: string[] = [];
    for (const [stripeStatus, recorded] of [
      ["warning_needs_response", "inquiry"],
      ["needs_response", "open"],
      ["under_review", "open"],
      ["won", "won"],
    ] as const) {
      const before = (await stripeEvents()).length;
      expect((await post(`/__test/payments/${paymentIntent}/dispute?status=${stripeStatus}`)).status).toBe(
        200,
      );
      sent.push(...(await deliverEventsSince(before)).map((event) => event.type));
      expect(await status()).toBe(recorded);
    }
    expect(sent).toEqual([
      "charge.dispute.created",
      "charge.dispute.updated",
      "charge.dispute.updated",
      "charge.dispute.closed",
    ]);
  });
});

describe("npm run stripe:setup (syncWebhookEndpoint)", () => {
  const endpointsFor = async (site: string) =>
    (await stripe.webhookEndpoints.list({ limit: 100 })).data.filter(
      (endpoint) => endpoint.url === `${site}/api/v1/stripe/webhook`,
    );

  it("creates the endpoint with exactly the handled events in the pinned version, and gives its secret once", async () => {
    const site = `https://setup-${unique()}.example.org`;
    const created = await syncWebhookEndpoint(stripe, site);
    expect(created.action).toBe("created");
    expect(created.secret).toMatch(/^whsec_/);
    const [endpoint, ...others] = await endpointsFor(site);
    expect(others).toHaveLength(0);
    expect(endpoint).toMatchObject({ api_version: STRIPE_API_VERSION, status: "enabled" });
    expect(endpoint!.enabled_events).toEqual([...HANDLED_STRIPE_EVENTS]);

    const again = await syncWebhookEndpoint(stripe, site);
    expect(again).toMatchObject({ action: "unchanged", secret: null, endpoint: { id: endpoint!.id } });
  });

  it("subscribes an under-subscribed endpoint to every handled event, keeping its secret", async () => {
    const site = `https://setup-${unique()}.example.org`;
    // What the README's deploy steps used to subscribe: 7 of the 15.
    const old = await stripe.webhookEndpoints.create({
      url: `${site}/api/v1/stripe/webhook`,
      api_version: STRIPE_API_VERSION,
      enabled_events: [
        "checkout.session.completed",
        "checkout.session.async_payment_succeeded",
        "checkout.session.async_payment_failed",
        "invoice.paid",
        "invoice.payment_failed",
        "customer.subscription.deleted",
        "charge.refunded",
      ],
    });
    const updated = await syncWebhookEndpoint(stripe, site);
    expect(updated).toMatchObject({ action: "updated", secret: null, endpoint: { id: old.id } });
    const [endpoint] = await endpointsFor(site);
    expect([...endpoint!.enabled_events].sort()).toEqual([...HANDLED_STRIPE_EVENTS].sort());
  });

  it("replaces an endpoint in another API version (Stripe sets it only at creation) with a new secret", async () => {
    const site = `https://setup-${unique()}.example.org`;
    const old = await stripe.webhookEndpoints.create({
      url: `${site}/api/v1/stripe/webhook`,
      enabled_events: [...HANDLED_STRIPE_EVENTS],
      api_version: "2025-03-31.basil",
    });
    const replaced = await syncWebhookEndpoint(stripe, site);
    expect(replaced).toMatchObject({ action: "replaced", replacedId: old.id });
    expect(replaced.secret).toMatch(/^whsec_/);
    const endpoints = await endpointsFor(site);
    expect(endpoints.map((endpoint) => [endpoint.id, endpoint.api_version])).toEqual([
      [replaced.endpoint.id, STRIPE_API_VERSION],
    ]);
  });
});
