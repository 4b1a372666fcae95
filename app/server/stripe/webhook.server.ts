import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { getDb } from "../db/client.server";
import { stripeEvents } from "../db/schema";
import {
  expireCheckoutSession,
  failCheckoutSession,
  fulfilCheckoutSession,
  mirrorSubscription,
  recordDispute,
  recordInvoiceFailed,
  recordInvoicePaid,
  recordRefund,
  type DonationMail,
} from "../donations/payments.server";
import { getEventForSale } from "../events/catalog.server";
import { fulfilTicketSession, isTicketSession, releaseTicketSession } from "../events/registrations.server";
import { deliverOutbox } from "../mail/outbox.server";
import { logError, logInfo } from "../kernel/log.server";
import { verifyWebhookEvent } from "./client.server";
import {
  isHandledStripeEvent,
  READ_STRIPE_API_VERSIONS,
  STRIPE_API_VERSION,
  STRIPE_LEGACY_API_VERSION,
  type HandledStripeEvent,
} from "./events.server";

/**
 * POST /api/v1/stripe/webhook: verifies Stripe's signature, records the event id so a replay
 * does nothing, and hands the event to the donations module (donations/payments.server.ts),
 * which owns every write to the ledger, or a ticket order's to the events module
 * (events/registrations.server.ts).
 */

type WebhookResult = { status: number; body: string };

export async function handleStripeWebhook(
  env: Env,
  ctx: Pick<ExecutionContext, "waitUntil">,
  request: Request,
): Promise<WebhookResult> {
  const rawBody = await request.text();
  let event: Stripe.Event;
  try {
    event = await verifyWebhookEvent(env, rawBody, request.headers.get("Stripe-Signature"));
  } catch (error) {
    logInfo("stripe webhook refused", { reason: error instanceof Error ? error.message : "invalid" });
    return { status: 400, body: "invalid signature" };
  }

  // A type the endpoint should not send (HANDLED_STRIPE_EVENTS) is acknowledged and left alone.
  if (!isHandledStripeEvent(event)) return { status: 200, body: "ignored" };
  // An event in a version this code does not read is refused, never acknowledged unread: Stripe
  // retries it and its Dashboard shows the failure (decision 044).
  if (!READ_STRIPE_API_VERSIONS.includes(event.api_version ?? "")) {
    logError(new Error("Stripe event in an API version this site does not read"), {
      stripeEvent: event.id,
      type: event.type,
      apiVersion: event.api_version ?? "none",
      fix: `set the webhook endpoint's API version to ${STRIPE_API_VERSION} (npm run stripe:setup)`,
    });
    return { status: 400, body: `unsupported api_version; use ${STRIPE_API_VERSION}` };
  }

  const db = getDb(env);
  // The event id is recorded first: a replay (Stripe retries, or an attacker resending a signed
  // body) finds it and does nothing.
  const [fresh] = await db
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  if (!fresh) return { status: 200, body: "duplicate" };

  try {
    const mailIds = await processEvent(env, inPinnedShape(event));
    if (mailIds.length > 0) ctx.waitUntil(deliverOutbox(env, { ids: mailIds }));
    return { status: 200, body: "ok" };
  } catch (error) {
    // Forget the event so Stripe's retry runs it again; every write below is idempotent.
    await db.delete(stripeEvents).where(eq(stripeEvents.id, event.id));
    logError(error, { stripeEvent: event.id, type: event.type });
    return { status: 500, body: "error" };
  }
}

const idsOf = (mails: DonationMail[]) => mails.map((mail) => mail.id);

/** An invoice as API version 2024-06-20 sends it: subscription and PaymentIntent at the top level. */
type LegacyInvoice = Stripe.Invoice & {
  subscription?: string | { id: string } | null;
  subscription_details?: { metadata: Stripe.Metadata | null } | null;
  payment_intent?: string | { id: string } | null;
};

/**
 * The one shape the donations module reads (STRIPE_API_VERSION). Of what it reads, only the
 * invoice moved between the two versions (docs/decisions/044-stripe-event-versions.md).
 */
function inPinnedShape(event: HandledStripeEvent): HandledStripeEvent {
  if (event.api_version !== STRIPE_LEGACY_API_VERSION) return event;
  if (event.type !== "invoice.paid" && event.type !== "invoice.payment_failed") return event;
  const { subscription, subscription_details, payment_intent, ...invoice } = event.data
    .object as LegacyInvoice;
  const paymentIntent = typeof payment_intent === "string" ? payment_intent : payment_intent?.id;
  const pinned = {
    ...invoice,
    parent: subscription
      ? {
          type: "subscription_details",
          quote_details: null,
          subscription_details: {
            subscription,
            metadata: subscription_details?.metadata ?? null,
          },
        }
      : null,
    // Stripe's own list of the invoice's payments, as the newer version has it when expanded.
    payments: paymentIntent
      ? {
          object: "list",
          data: [{ payment: { type: "payment_intent", payment_intent: paymentIntent } }],
          has_more: false,
          url: `/v1/invoice_payments?invoice=${invoice.id}`,
        }
      : undefined,
  } as unknown as Stripe.Invoice;
  return { ...event, data: { ...event.data, object: pinned } } as HandledStripeEvent;
}

/** The outbox ids of the mail an event queued. Ticket sessions go to events (decision 024). */
async function processEvent(env: Env, event: HandledStripeEvent): Promise<string[]> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      if (isTicketSession(event.data.object))
        return fulfilTicketSession(env, event.data.object, (slug) => getEventForSale(env, slug));
      return idsOf(await fulfilCheckoutSession(env, event.data.object));
    case "checkout.session.async_payment_failed":
      if (isTicketSession(event.data.object)) {
        await releaseTicketSession(env, event.data.object);
        return [];
      }
      return idsOf(await failCheckoutSession(env, event.data.object));
    case "invoice.paid":
      return idsOf(await recordInvoicePaid(env, event.data.object));
    case "invoice.payment_failed":
      return idsOf(await recordInvoiceFailed(env, event.data.object));
    case "checkout.session.expired":
      if (isTicketSession(event.data.object)) {
        await releaseTicketSession(env, event.data.object);
        return [];
      }
      return idsOf(await expireCheckoutSession(env, event.data.object));
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.paused":
    case "customer.subscription.resumed":
    case "customer.subscription.deleted":
      return idsOf(await mirrorSubscription(env, event.data.object, event.created, event.type));
    case "charge.refunded":
      return idsOf(await recordRefund(env, event.data.object));
    case "charge.dispute.created":
    case "charge.dispute.updated":
    case "charge.dispute.closed":
      await recordDispute(env, event.data.object);
      return [];
    default:
      // Every type of HANDLED_STRIPE_EVENTS has its case above, or this does not compile.
      return event satisfies never;
  }
}
