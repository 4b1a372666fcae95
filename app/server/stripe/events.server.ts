import type Stripe from "stripe";

/**
 * What this site asks of Stripe, in one place: the API version its code reads, the event types
 * its webhook handles, and the webhook endpoint that sends them. The webhook dispatches on this
 * list, `npm run stripe:setup` (scripts/stripe-setup.mjs) makes the endpoint with
 * `syncWebhookEndpoint`, and a test holds the README's list to it
 * (docs/decisions/044-stripe-event-versions.md). Only erasable TypeScript and no imports but
 * types, so Node runs it as it is.
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

/** host/port/protocol from STRIPE_API_BASE (tests point it at a local server), else Stripe's own. */
export function stripeApiLocation(base: string | undefined) {
  if (!base) return {};
  const url = new URL(base);
  const protocol = url.protocol === "http:" ? ("http" as const) : ("https" as const);
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === "http" ? 80 : 443, protocol };
}

export const WEBHOOK_PATH = "/api/v1/stripe/webhook";

/** What `syncWebhookEndpoint` did; the signing secret only when it made a new endpoint. */
export type WebhookEndpointSync = {
  action: "created" | "replaced" | "updated" | "unchanged";
  endpoint: Stripe.WebhookEndpoint;
  secret: string | null;
  replacedId: string | null;
};

/**
 * Makes the site's webhook endpoint exactly what the code needs: its URL, HANDLED_STRIPE_EVENTS,
 * STRIPE_API_VERSION. Stripe sets an endpoint's API version, and returns its signing secret, only
 * when it creates it: an endpoint in another version is replaced by a new one.
 */
export async function syncWebhookEndpoint(stripe: Stripe, siteUrl: string): Promise<WebhookEndpointSync> {
  const url = new URL(WEBHOOK_PATH, siteUrl).toString();
  let current: Stripe.WebhookEndpoint | undefined;
  for await (const endpoint of stripe.webhookEndpoints.list({ limit: 100 })) {
    if (endpoint.url === url) current = endpoint;
  }
  const enabledEvents = [...HANDLED_STRIPE_EVENTS];
  if (!current || current.api_version !== STRIPE_API_VERSION) {
    const created = await stripe.webhookEndpoints.create({
      url,
      enabled_events: enabledEvents,
      api_version: STRIPE_API_VERSION,
      description: "Website: donations and event tickets (npm run stripe:setup)",
    });
    // Deleted once the new one exists: until its secret is stored, Stripe retries what fails.
    if (current) await stripe.webhookEndpoints.del(current.id);
    return {
      action: current ? "replaced" : "created",
      endpoint: created,
      secret: created.secret ?? null,
      replacedId: current?.id ?? null,
    };
  }
  const subscribed = [...current.enabled_events].sort().join();
  if (subscribed === [...enabledEvents].sort().join() && current.status === "enabled")
    return { action: "unchanged", endpoint: current, secret: null, replacedId: null };
  const updated = await stripe.webhookEndpoints.update(current.id, {
    enabled_events: enabledEvents,
    disabled: false,
  });
  return { action: "updated", endpoint: updated, secret: null, replacedId: null };
}
