import { env } from "cloudflare:workers";
import Stripe from "stripe";
import { getDb } from "~/server/db/client.server";
import { donationAttempts } from "~/server/db/schema";
import { STRIPE_API_VERSION } from "~/server/stripe/events.server";
import { fetchPage } from "./fetch";
import { unique } from "./stripe-fixtures";

const signer = new Stripe("sk_test_signer", { httpClient: Stripe.createFetchHttpClient() });

/**
 * The payments of invoices built by `invoicePaid`: like Stripe, the local server lists them at
 * /v1/invoice_payments rather than in the invoice, so they are given to it before delivery.
 */
const unlistedInvoicePayments = new Map<string, { paymentIntent: string; amountCents: number }>();

/** Lists an invoice's payment on the local Stripe server, as Stripe lists it. */
export async function listInvoicePayment(invoiceId: string, paymentIntent: string, amountCents: number) {
  const query = new URLSearchParams({
    invoice: invoiceId,
    payment_intent: paymentIntent,
    amount: String(amountCents),
  });
  const listed = await fetch(`${env.STRIPE_API_BASE}/__test/invoice_payments?${query}`, { method: "POST" });
  if (!listed.ok) throw new Error(`invoice payment answered ${listed.status}`);
}

async function listUnlistedInvoicePayment(invoiceId: string) {
  const payment = unlistedInvoicePayments.get(invoiceId);
  if (!payment) return;
  await listInvoicePayment(invoiceId, payment.paymentIntent, payment.amountCents);
  unlistedInvoicePayments.delete(invoiceId);
}

/** Posts an event to the webhook signed as Stripe signs it. */
export async function signedWebhook(event: object, secret = env.STRIPE_WEBHOOK_SECRET!) {
  const object = (event as { data?: { object?: { object?: string; id?: string } } }).data?.object;
  if (object?.object === "invoice" && object.id) await listUnlistedInvoicePayment(object.id);
  const payload = JSON.stringify(event);
  const signature = await signer.webhooks.generateTestHeaderStringAsync({
    payload,
    secret,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
  return fetchPage("/api/v1/stripe/webhook", {
    method: "POST",
    body: payload,
    headers: { "Stripe-Signature": signature, "Content-Type": "application/json" },
  });
}

export function stripeEvent(
  type: string,
  object: object,
  options: { id?: string; created?: number; apiVersion?: string } = {},
) {
  return {
    id: options.id ?? `evt_${crypto.randomUUID()}`,
    object: "event",
    type,
    api_version: options.apiVersion ?? STRIPE_API_VERSION,
    created: options.created ?? Math.floor(Date.now() / 1000),
    data: { object },
  };
}

/** What the donate form writes before the donor leaves for Checkout. */
export async function donationAttempt(fields: {
  email: string;
  amountCents: number;
  frequency?: "one-time" | "monthly";
}) {
  const id = crypto.randomUUID();
  await getDb(env)
    .insert(donationAttempts)
    .values({
      id,
      frequency: fields.frequency ?? "one-time",
      amountCents: fields.amountCents,
      firstName: "Test",
      lastName: "Donor",
      email: fields.email,
      locale: "en",
    });
  return id;
}

/** The events Stripe sends for a paid one-time gift; returns its PaymentIntent id. */
export function oneTimeCompleted(attemptId: string, amountCents: number, paymentIntent = `pi_${unique()}`) {
  return {
    paymentIntent,
    event: stripeEvent("checkout.session.completed", {
      id: `cs_${unique()}`,
      object: "checkout.session",
      mode: "payment",
      status: "complete",
      payment_status: "paid",
      amount_total: amountCents,
      currency: "usd",
      customer: `cus_${unique()}`,
      payment_intent: paymentIntent,
      metadata: { attempt_id: attemptId },
    }),
  };
}

/** An invoice.paid of a monthly gift, paid at `paidAt` (Unix seconds). */
export function invoicePaid(
  subscription: { id: string; customer: string; attemptId: string },
  amountCents: number,
  options: { paidAt?: number; first?: boolean; paymentIntent?: string } = {},
) {
  const paymentIntent = options.paymentIntent ?? `pi_${unique()}`;
  const invoiceId = `in_${unique()}`;
  unlistedInvoicePayments.set(invoiceId, { paymentIntent, amountCents });
  return {
    paymentIntent,
    event: stripeEvent("invoice.paid", {
      id: invoiceId,
      object: "invoice",
      customer: subscription.customer,
      currency: "usd",
      amount_paid: amountCents,
      amount_due: amountCents,
      billing_reason: options.first ? "subscription_create" : "subscription_cycle",
      status: "paid",
      status_transitions: { paid_at: options.paidAt ?? Math.floor(Date.now() / 1000) },
      parent: {
        type: "subscription_details",
        subscription_details: {
          subscription: subscription.id,
          metadata: { attempt_id: subscription.attemptId },
        },
      },
    }),
  };
}

export function chargeRefunded(paymentIntent: string, amountCents: number, refundedCents: number) {
  return stripeEvent("charge.refunded", {
    id: `ch_${paymentIntent.slice(3)}`,
    object: "charge",
    amount: amountCents,
    amount_refunded: refundedCents,
    refunded: refundedCents >= amountCents,
    payment_intent: paymentIntent,
  });
}

export function dispute(
  type: "charge.dispute.created" | "charge.dispute.updated" | "charge.dispute.closed",
  paymentIntent: string,
  amountCents: number,
  status: Stripe.Dispute.Status,
) {
  return stripeEvent(type, {
    id: `dp_${paymentIntent.slice(3)}`,
    object: "dispute",
    amount: amountCents,
    charge: `ch_${paymentIntent.slice(3)}`,
    payment_intent: paymentIntent,
    status,
  });
}
