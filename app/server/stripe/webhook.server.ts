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
    const mailIds = await processEvent(env, event);
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

/** The outbox ids of the mail an event queued. Ticket sessions go to events (decision 024). */
async function processEvent(env: Env, event: Stripe.Event): Promise<string[]> {
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
      return [];
  }
}
