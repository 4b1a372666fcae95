import chargeFixture from "../fixtures/stripe/charge.json";
import sessionFixture from "../fixtures/stripe/checkout-session.json";
import disputeFixture from "../fixtures/stripe/dispute.json";
import invoiceFixture from "../fixtures/stripe/invoice.json";
import subscriptionFixture from "../fixtures/stripe/subscription.json";
import { STRIPE_LEGACY_API_VERSION } from "~/server/stripe/events.server";

/**
 * Stripe's published example objects (tests/fixtures/stripe/README.md), adjusted per event: the
 * fields Stripe always sends stay, the ones a test is about are set. An invoice comes in the
 * shape of the event's API version and, like a real webhook's, never embeds its payments.
 */

type Json = Record<string, unknown>;
const now = () => Math.floor(Date.now() / 1000);
const from = (fixture: object, fields: Json): Json => ({
  ...structuredClone(fixture),
  livemode: false,
  created: now(),
  ...fields,
});

export const unique = () => crypto.randomUUID().replace(/-/g, "").slice(0, 14);

export function checkoutSession(fields: Json) {
  return from(sessionFixture, {
    id: `cs_${unique()}`,
    after_expiration: null,
    amount_subtotal: fields.amount_total ?? null,
    client_reference_id: null,
    customer_details: null,
    currency: "usd",
    subscription: null,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ...fields,
  });
}

export function subscription(fields: {
  id: string;
  customer: string;
  attemptId: string;
  unitAmount: number;
  status?: string;
  extra?: Json;
}) {
  const [item] = subscriptionFixture.items.data;
  return from(subscriptionFixture, {
    id: fields.id,
    customer: fields.customer,
    status: fields.status ?? "active",
    metadata: { attempt_id: fields.attemptId },
    cancel_at: null,
    cancel_at_period_end: false,
    pause_collection: null,
    items: {
      ...subscriptionFixture.items,
      data: [
        {
          ...item,
          id: `si_${unique()}`,
          subscription: fields.id,
          quantity: 1,
          price: {
            ...item!.price,
            unit_amount: fields.unitAmount,
            unit_amount_decimal: String(fields.unitAmount),
          },
        },
      ],
    },
    ...fields.extra,
  });
}

/** An invoice of a subscription in the shape of `apiVersion`; 2024-06-20 names its PaymentIntent. */
export function invoice(
  apiVersion: string,
  fields: {
    subscription: string;
    customer: string;
    attemptId: string;
    amountCents: number;
    paid: boolean;
    paymentIntent?: string;
    first?: boolean;
  },
): Json & { id: string } {
  const id = `in_${unique()}`;
  const base = from(invoiceFixture, {
    id,
    customer: fields.customer,
    currency: "usd",
    amount_due: fields.amountCents,
    amount_paid: fields.paid ? fields.amountCents : 0,
    amount_remaining: fields.paid ? 0 : fields.amountCents,
    attempt_count: 1,
    billing_reason: fields.first ? "subscription_create" : "subscription_cycle",
    status: fields.paid ? "paid" : "open",
    status_transitions: { ...invoiceFixture.status_transitions, paid_at: fields.paid ? now() : null },
  });
  const metadata = { attempt_id: fields.attemptId };
  if (apiVersion === STRIPE_LEGACY_API_VERSION) {
    const { parent: _parent, ...legacy } = base;
    return {
      ...legacy,
      id,
      subscription: fields.subscription,
      subscription_details: { metadata },
      payment_intent: fields.paymentIntent ?? null,
    };
  }
  return {
    ...base,
    id,
    parent: {
      type: "subscription_details",
      quote_details: null,
      subscription_details: { subscription: fields.subscription, metadata },
    },
  };
}

export function charge(fields: { paymentIntent: string; amount: number; refunded: number }) {
  return from(chargeFixture, {
    id: `ch_${fields.paymentIntent.slice(3)}`,
    amount: fields.amount,
    amount_captured: fields.amount,
    amount_refunded: fields.refunded,
    refunded: fields.refunded >= fields.amount,
    payment_intent: fields.paymentIntent,
  });
}

export function disputeOf(fields: { paymentIntent: string; amount: number; status: string }) {
  return from(disputeFixture, {
    id: `dp_${fields.paymentIntent.slice(3)}`,
    amount: fields.amount,
    charge: `ch_${fields.paymentIntent.slice(3)}`,
    payment_intent: fields.paymentIntent,
    status: fields.status,
  });
}
