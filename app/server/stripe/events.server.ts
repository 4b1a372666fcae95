import type Stripe from "stripe";

/**
 * What this site asks of Stripe, in one place: the API version its code reads and the event
 * types its webhook handles. The webhook dispatches on this list, `npm run stripe:setup`
 * subscribes the endpoint to exactly it, and a test holds the README's list to it
 * (docs/decisions/044-stripe-event-versions.md). Plain TypeScript, so the Node script can
 * import it too.
 */

/**
 * The API version of the installed `stripe` package, set on every client and on the webhook
 * endpoint. Bumping the package fails the typecheck here until the shapes read are checked.
 */
export const STRIPE_API_VERSION = "2026-10-28.endive" satisfies Stripe.LatestApiVersion;

/**
 * The older version whose events are also read: the Dashboard's default for accounts made
 * before 2025, where an invoice names its subscription and PaymentIntent at the top level.
 */
export const STRIPE_LEGACY_API_VERSION = "2024-06-20";

/** Every version an event may come in; any other is refused so Stripe retries it. */
export const READ_STRIPE_API_VERSIONS: readonly string[] = [STRIPE_API_VERSION, STRIPE_LEGACY_API_VERSION];

export const HANDLED_STRIPE_EVENTS = [
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
  "invoice.paid",
  "invoice.payment_failed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.paused",
  "customer.subscription.resumed",
  "customer.subscription.deleted",
  "charge.refunded",
  "charge.dispute.created",
  "charge.dispute.updated",
  "charge.dispute.closed",
] as const satisfies readonly Stripe.Event.Type[];

export type HandledStripeEvent = Extract<Stripe.Event, { type: (typeof HANDLED_STRIPE_EVENTS)[number] }>;

export const isHandledStripeEvent = (event: Stripe.Event): event is HandledStripeEvent =>
  (HANDLED_STRIPE_EVENTS as readonly string[]).includes(event.type);
