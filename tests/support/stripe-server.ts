/**
 * A local Stripe-compatible HTTP server for the tests (never shipped: it runs in Node only).
 * It implements the calls the product makes (Checkout Sessions, customers, subscriptions,
 * invoice payments, billing portal sessions, refunds, charges and webhook endpoints), sends what
 * Stripe would send when a session completes or expires, a subscription starts, changes, pauses
 * or resumes, or a refund is made (`charge.refunded` with the running `amount_refunded`, and
 * `refund.created`), offers refunds and disputes on demand (partial amounts and every dispute
 * status included, under /__test/payments), recovery links for expired sessions created with
 * after_expiration.recovery.enabled (/recover/<id>), and serves a stand-in payment page that, like
 * Stripe Checkout, completes the session (by card, or by a bank payment that settles later),
 * posts signed events to the site's webhook and returns to the success URL.
 *
 * Shaped like the real service (docs/decisions/044-stripe-event-versions.md): every object is
 * built from Stripe's published example of it (tests/fixtures/stripe/), so it carries the fields
 * Stripe always sends; an invoice never embeds its `payments` (GET /v1/invoice_payments lists
 * them); a request with a parameter the pinned API's types do not allow is refused with Stripe's
 * error object; events come in the API version of the webhook endpoint registered for their URL
 * (else the pinned one), and an invoice in the older version has the older shape. Events are signed with the real SDK.
 *
 * Run alone: `node tests/support/stripe-server.ts` (STRIPE_MOCK_PORT, default 12193).
 */
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { pathToFileURL } from "node:url";
import Stripe from "stripe";
import { STRIPE_API_VERSION, STRIPE_LEGACY_API_VERSION } from "../../app/server/stripe/events.server.ts";

export const DEFAULT_STRIPE_MOCK_PORT = 12193;
export const TEST_WEBHOOK_SECRET = "whsec_test_local_stripe_server";
export const TEST_SECRET_KEY = "sk_test_local_stripe_server";

type Json = Record<string, unknown>;
type Session = Json & {
  id: string;
  mode: "payment" | "subscription";
  status: string;
  success_url: string;
  cancel_url: string;
  amount_total: number;
  metadata: Record<string, string>;
};
/** What a session was created with that Stripe keeps off the session object (line items …). */
type CheckoutRequest = Json & {
  line_items: (Json & { quantity?: string; price_data: Json & { unit_amount: string } })[];
  subscription_data?: { metadata?: Record<string, string> };
};
type Subscription = Json & {
  id: string;
  customer: string;
  status: string;
  metadata: Record<string, string>;
  items: {
    object: "list";
    data: (Json & { id: string; quantity: number; price: Json & { unit_amount: number; product: string } })[];
  };
  webhook: string;
};

const signer = new Stripe(TEST_SECRET_KEY, { apiVersion: STRIPE_API_VERSION });

/** A fresh copy of Stripe's published example object (tests/fixtures/stripe/README.md). */
function stripeFixture(name: string): Json {
  return JSON.parse(
    readFileSync(new URL(`../fixtures/stripe/${name}.json`, import.meta.url), "utf8"),
  ) as Json;
}

/**
 * The parameters each endpoint's request type allows in the pinned `stripe` package, as a tree
 * of names (`*` for any key, `true` for a value). Read from its TypeScript types.
 */
const allowedParameters = stripeFixture("request-parameters") as Record<string, Json>;

/** The first parameter (as Stripe names it, `a[b]`) that the tree does not allow, if any. */
function unknownParameter(allowed: Json | true, value: unknown, name = ""): string | null {
  if (allowed === true || typeof value !== "object" || value === null) return null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = unknownParameter(allowed, item, `${name}[${index}]`);
      if (found) return found;
    }
    return null;
  }
  for (const [key, child] of Object.entries(value as Json)) {
    const path = name ? `${name}[${key}]` : key;
    const rule = (allowed[key] ?? allowed["*"]) as Json | true | undefined;
    if (rule === undefined) return path;
    const found = unknownParameter(rule, child, path);
    if (found) return found;
  }
  return null;
}

/** Stripe's error object for a parameter it does not know. */
const parameterUnknown = (param: string) => ({
  error: {
    code: "parameter_unknown",
    doc_url: "https://stripe.com/docs/error-codes/parameter-unknown",
    message: `Received unknown parameter: ${param}`,
    param,
    type: "invalid_request_error",
  },
});

/** The key of tests/fixtures/stripe/request-parameters.json for a request: ids become `{id}`. */
const routeKey = (method: string, path: string) =>
  `${method} ${path.replace(/\/(cs|cus|sub|ch|we|in|pi|re)_\w+/g, "/{id}")}`;

/**
 * An invoice as API version 2024-06-20 shows it: subscription, its metadata and the
 * PaymentIntent at the top level, no `parent`.
 */
function legacyInvoice(invoice: Json, paymentIntent: string | null): Json {
  const { parent, ...rest } = invoice as Json & {
    parent: { subscription_details?: { subscription: string; metadata: Json | null } } | null;
  };
  return {
    ...rest,
    subscription: parent?.subscription_details?.subscription ?? null,
    subscription_details: { metadata: parent?.subscription_details?.metadata ?? null },
    payment_intent: paymentIntent,
    charge: paymentIntent ? `ch_${paymentIntent.slice(3)}` : null,
  };
}

let counter = 0;
const newId = (prefix: string) => `${prefix}_test_${Date.now().toString(36)}${(++counter).toString(36)}`;
const now = () => Math.floor(Date.now() / 1000);

/** Stripe's form encoding (`a[b][0][c]=v`) into objects; numeric keys become arrays. */
export function decodeStripeForm(body: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, "").split("[");
    let node: Json = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Json;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (typeof value !== "object" || value === null) return value;
    const entries = Object.entries(value as Json).map(([key, child]) => [key, arrays(child)] as const);
    if (entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key)))
      return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, child]) => child);
    return Object.fromEntries(entries);
  };
  return arrays(root) as Json;
}

export type StripeServer = {
  port: number;
  origin: string;
  /** Every API call received, newest last: method, path and decoded body. */
  requests: { method: string; path: string; body: Json }[];
  /** Every event sent (or built) for the webhook, newest last. */
  events: Stripe.Event[];
  close(): Promise<void>;
};

export async function startStripeServer(
  options: { port?: number; webhookSecret?: string } = {},
): Promise<StripeServer> {
  const webhookSecret = options.webhookSecret ?? TEST_WEBHOOK_SECRET;
  const webhookEndpoints = new Map<string, Json & { id: string; url: string; api_version: string | null }>();
  /** A PaymentIntent's dispute, once opened. */
  const disputes = new Map<string, Json>();
  const sessions = new Map<string, Session>();
  const checkoutRequests = new Map<string, CheckoutRequest>();
  const customers = new Map<string, Json>();
  const subscriptions = new Map<string, Subscription>();
  const invoicePayments: Json[] = [];
  /** Every PaymentIntent paid, for refunds and disputes on demand. */
  const payments = new Map<string, { amount: number; currency: string; refunded: number; webhook: string }>();
  const idempotent = new Map<string, Json>();
  const requests: StripeServer["requests"] = [];
  const events: Stripe.Event[] = [];
  let origin = "";

  /**
   * Like Stripe: the API version of the endpoint registered for the URL, else the account's
   * default, which here is the pinned one.
   */
  const versionFor = (webhook: string | null) =>
    [...webhookEndpoints.values()].find((endpoint) => endpoint.url === webhook)?.api_version ??
    STRIPE_API_VERSION;

  /** The object as the event's API version shows it (only the invoice differs, of what is sent). */
  function rendered(object: Json, apiVersion: string): Json {
    if (apiVersion !== STRIPE_LEGACY_API_VERSION || object.object !== "invoice") return object;
    const payment = invoicePayments.find((candidate) => candidate.invoice === object.id);
    return legacyInvoice(object, ((payment?.payment as Json | undefined)?.payment_intent as string) ?? null);
  }

  /** Builds, records and (when a webhook URL is known) delivers a signed event. */
  async function emit(type: string, object: Json, webhook: string | null) {
    const apiVersion = versionFor(webhook);
    const event = {
      ...stripeFixture("event"),
      id: newId("evt"),
      api_version: apiVersion,
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: rendered(structuredClone(object), apiVersion) },
    } as unknown as Stripe.Event;
    events.push(event);
    // Only local sites are called (e2e); the worker tests fetch /__test/events and deliver them.
    if (!webhook || !["localhost", "127.0.0.1"].includes(new URL(webhook).hostname)) return event;
    const payload = JSON.stringify(event);
    const signature = await signer.webhooks.generateTestHeaderStringAsync({ payload, secret: webhookSecret });
    try {
      const response = await fetch(webhook, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
        body: payload,
      });
      if (!response.ok) console.error(`webhook ${type} answered ${response.status}`);
    } catch (error) {
      console.error(`webhook ${type} failed: ${(error as Error).message}`);
    }
    return event;
  }

  const webhookFor = (successUrl: string) => new URL("/api/v1/stripe/webhook", successUrl).toString();

  /** The charge of a PaymentIntent as Stripe shows it: its running refunded total included. */
  const chargeOf = (paymentIntent: string) => {
    const payment = payments.get(paymentIntent)!;
    const id = `ch_${paymentIntent.slice(3)}`;
    return {
      ...stripeFixture("charge"),
      id,
      amount: payment.amount,
      amount_captured: payment.amount,
      amount_refunded: payment.refunded,
      refunded: payment.refunded >= payment.amount,
      disputed: disputes.has(paymentIntent),
      currency: payment.currency,
      created: now(),
      customer: null,
      invoice: undefined,
      paid: true,
      payment_intent: paymentIntent,
      receipt_email: null,
      refunds: { object: "list", data: [], has_more: false, url: `/v1/charges/${id}/refunds` },
      status: "succeeded",
    };
  };

  /** A refund of `amount` cents: what Stripe sends for it, then the refund itself. */
  async function refund(paymentIntent: string, amount: number, metadata: Json = {}) {
    const payment = payments.get(paymentIntent)!;
    payment.refunded = Math.min(payment.amount, payment.refunded + amount);
    const charge = chargeOf(paymentIntent);
    const created = {
      ...stripeFixture("refund"),
      id: newId("re"),
      object: "refund",
      amount,
      charge: charge.id,
      payment_intent: paymentIntent,
      currency: payment.currency,
      status: "succeeded",
      metadata,
      created: now(),
    };
    const event = await emit("charge.refunded", charge, payment.webhook);
    await emit("refund.created", created, payment.webhook);
    return { event, refund: created };
  }

  function invoiceFor(subscription: Subscription, reason: string, paid: boolean): Json {
    const id = newId("in");
    const price = subscription.items.data[0]!.price;
    const amount = price.unit_amount * subscription.items.data[0]!.quantity;
    const currency = (price.currency as string) ?? "usd";
    const paymentIntent = newId("pi");
    if (paid) {
      payments.set(paymentIntent, { amount, currency, refunded: 0, webhook: subscription.webhook });
      invoicePayments.push({
        ...stripeFixture("invoice_payment"),
        id: newId("inpay"),
        amount_paid: amount,
        amount_requested: amount,
        created: now(),
        currency,
        invoice: id,
        livemode: false,
        payment: { type: "payment_intent", payment_intent: paymentIntent },
        status: "paid",
        status_transitions: { canceled_at: null, paid_at: now() },
      });
    }
    const paidAt = paid ? now() : null;
    // Like Stripe's, the invoice does not embed its payments: they must be listed or expanded.
    return {
      ...stripeFixture("invoice"),
      id,
      object: "invoice",
      customer: subscription.customer,
      currency,
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      amount_remaining: paid ? 0 : amount,
      attempt_count: 1,
      attempted: true,
      billing_reason: reason,
      collection_method: "charge_automatically",
      created: now(),
      lines: { object: "list", data: [], has_more: false, url: `/v1/invoices/${id}/lines` },
      livemode: false,
      metadata: {},
      status: paid ? "paid" : "open",
      status_transitions: {
        finalized_at: now(),
        marked_uncollectible_at: null,
        paid_at: paidAt,
        voided_at: null,
      },
      subtotal: amount,
      total: amount,
      parent: {
        type: "subscription_details",
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
    };
  }

  /** A subscription as Stripe shows it: no test-only fields. */
  const visibleSubscription = ({ webhook: _webhook, ...visible }: Subscription): Json => visible;

  /**
   * What Stripe Checkout does when the donor pays: complete the session, then the events. A bank
   * payment completes unpaid; /__test/sessions/<id>/settle later sends its outcome.
   */
  async function completeSession(session: Session, method: "card" | "bank" = "card") {
    const webhook = webhookFor(session.success_url);
    const customerId = newId("cus");
    const email = (session.customer_email as string | undefined) ?? null;
    customers.set(customerId, { ...stripeFixture("customer"), id: customerId, email, metadata: {} });
    session.status = "complete";
    session.payment_status = method === "bank" && session.mode === "payment" ? "unpaid" : "paid";
    session.customer = customerId;
    session.customer_details = { ...(session.customer_details as Json), email };
    if (session.mode === "payment") {
      session.payment_intent = newId("pi");
      payments.set(session.payment_intent as string, {
        amount: session.amount_total,
        currency: "usd",
        refunded: 0,
        webhook,
      });
      await emit("checkout.session.completed", session, webhook);
      return;
    }
    const asked = checkoutRequests.get(session.id)!;
    const lineItem = asked.line_items[0]!;
    const fixture = stripeFixture("subscription") as Json & { items: { data: Json[] } };
    const subscriptionId = newId("sub");
    const subscription: Subscription = {
      ...fixture,
      id: subscriptionId,
      object: "subscription",
      created: now(),
      start_date: now(),
      customer: customerId,
      status: "active",
      livemode: false,
      metadata: asked.subscription_data?.metadata ?? {},
      pause_collection: null,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      items: {
        object: "list",
        data: [
          {
            ...fixture.items.data[0],
            id: newId("si"),
            created: now(),
            metadata: {},
            quantity: Number(lineItem.quantity ?? 1),
            subscription: subscriptionId,
            price: {
              ...((fixture.items.data[0] as Json).price as Json),
              id: newId("price"),
              created: now(),
              product: newId("prod"),
              currency: (lineItem.price_data.currency as string) ?? "usd",
              unit_amount: Number(lineItem.price_data.unit_amount),
              unit_amount_decimal: lineItem.price_data.unit_amount,
            },
          },
        ],
      },
      webhook,
    } as Subscription;
    subscriptions.set(subscription.id, subscription);
    const invoice = invoiceFor(subscription, "subscription_create", true);
    subscription.latest_invoice = invoice.id;
    session.subscription = subscription.id;
    session.invoice = invoice.id;
    await emit("customer.subscription.created", visibleSubscription(subscription), webhook);
    await emit("checkout.session.completed", session, webhook);
    await emit("invoice.paid", invoice, webhook);
  }

  /** A subscription changed (by the API or a test control): Stripe's event for it. */
  const subscriptionChanged = (subscription: Subscription, type: string) =>
    emit(type, visibleSubscription(subscription), subscription.webhook);

  const send = (response: ServerResponse, status: number, body: unknown, type = "application/json") => {
    response.writeHead(status, { "Content-Type": type });
    response.end(typeof body === "string" ? body : JSON.stringify(body));
  };
  const notFound = (response: ServerResponse, what: string) =>
    send(response, 404, {
      error: { type: "invalid_request_error", code: "resource_missing", message: what },
    });
  const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

  function payPage(session: Session) {
    const amount = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(
      session.amount_total / 100,
    );
    const lines = session.mode === "subscription" ? `${amount} per month` : amount;
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test payment page</title></head><body style="font-family:sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem">
<h1>Test payment page</h1><p>Stand-in for Stripe Checkout. Pay <strong data-testid="checkout-amount">${escapeHtml(lines)}</strong> as ${escapeHtml(String(session.customer_email ?? ""))}.</p>
<form method="post" action="/pay/${session.id}">
<p><label>Card number <input name="card" value="4242 4242 4242 4242" autocomplete="off"></label></p>
<p><label>Expiry <input name="exp" value="12 / 34"></label> <label>CVC <input name="cvc" value="123"></label></p>
<p><label>Postal code <input name="postal" value="10027"></label></p>
<button type="submit">Pay</button>
<button type="submit" name="method" value="bank">Use a bank account (settles later)</button></form>
<p><a href="${escapeHtml(session.cancel_url)}">Back to the site (cancel)</a></p></body></html>`;
  }

  async function readBody(request: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", origin);
    const method = request.method ?? "GET";
    const raw = await readBody(request);
    const path = url.pathname;
    let match: RegExpMatchArray | null;

    // The stand-in pages (what the donor's browser sees).
    if ((match = path.match(/^\/pay\/(cs_[\w]+)$/))) {
      const session = sessions.get(match[1]!);
      if (!session) return send(response, 404, "No such session", "text/plain");
      if (method === "GET") return send(response, 200, payPage(session), "text/html; charset=utf-8");
      const paidBy = new URLSearchParams(raw).get("method") === "bank" ? "bank" : "card";
      if (session.status === "open") await completeSession(session, paidBy);
      response.writeHead(303, { Location: session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id) });
      return response.end();
    }
    // A recovery link: a new open session copied from the expired one, then its payment page.
    if ((match = path.match(/^\/recover\/(cs_[\w]+)$/))) {
      const expired = sessions.get(match[1]!);
      if (!expired || expired.status !== "expired")
        return send(response, 404, "No such session", "text/plain");
      const id = newId("cs");
      const { after_expiration: _recovery, ...copied } = expired;
      checkoutRequests.set(id, checkoutRequests.get(expired.id)!);
      sessions.set(id, {
        ...copied,
        id,
        status: "open",
        payment_status: "unpaid",
        recovered_from: expired.id,
        url: `${origin}/pay/${id}`,
      } as Session);
      response.writeHead(303, { Location: `${origin}/pay/${id}` });
      return response.end();
    }
    if (path === "/portal") {
      const back = url.searchParams.get("return_url") ?? "/";
      return send(
        response,
        200,
        `<!doctype html><html lang="en"><head><title>Test customer portal</title></head><body><h1>Test customer portal</h1><a href="${escapeHtml(back)}">Return</a></body></html>`,
        "text/html; charset=utf-8",
      );
    }

    // Test controls: renewals, failures, pauses, bank payments settling, refunds and disputes on
    // demand; what was received.
    if (path === "/__test/requests") return send(response, 200, requests);
    if (path === "/__test/events") return send(response, 200, events);
    // An invoice's payment, for events a test builds itself (?invoice=&payment_intent=&amount=).
    if (path === "/__test/invoice_payments" && method === "POST") {
      const amount = Number(url.searchParams.get("amount") ?? 0);
      const invoicePayment = {
        ...stripeFixture("invoice_payment"),
        id: newId("inpay"),
        amount_paid: amount,
        amount_requested: amount,
        created: now(),
        currency: "usd",
        invoice: url.searchParams.get("invoice"),
        livemode: false,
        payment: { type: "payment_intent", payment_intent: url.searchParams.get("payment_intent") },
        status: "paid",
        status_transitions: { canceled_at: null, paid_at: now() },
      };
      invoicePayments.push(invoicePayment);
      return send(response, 200, invoicePayment);
    }
    // A bank payment's outcome (?outcome=succeeded|failed): the session's async event.
    if ((match = path.match(/^\/__test\/sessions\/(cs_\w+)\/settle$/)) && method === "POST") {
      const session = sessions.get(match[1]!);
      if (!session || session.status !== "complete" || session.payment_status !== "unpaid")
        return notFound(response, "unsettled session");
      const succeeded = url.searchParams.get("outcome") !== "failed";
      if (succeeded) session.payment_status = "paid";
      const event = await emit(
        succeeded ? "checkout.session.async_payment_succeeded" : "checkout.session.async_payment_failed",
        session,
        webhookFor(session.success_url),
      );
      return send(response, 200, event);
    }
    // Stripe pauses a subscription (status `paused`) when a trial ends without a payment method,
    // and resumes it on POST /v1/subscriptions/<id>/resume: the events for both.
    if ((match = path.match(/^\/__test\/subscriptions\/(sub_\w+)\/(pause|resume)$/)) && method === "POST") {
      const subscription = subscriptions.get(match[1]!);
      if (!subscription) return notFound(response, "subscription");
      const pause = match[2] === "pause";
      subscription.status = pause ? "paused" : "active";
      const event = await subscriptionChanged(
        subscription,
        pause ? "customer.subscription.paused" : "customer.subscription.resumed",
      );
      return send(response, 200, event);
    }
    if ((match = path.match(/^\/__test\/subscriptions\/(sub_\w+)\/(renew|fail)$/)) && method === "POST") {
      const subscription = subscriptions.get(match[1]!);
      if (!subscription) return notFound(response, "subscription");
      const paid = match[2] === "renew";
      const invoice = invoiceFor(subscription, "subscription_cycle", paid);
      const event = await emit(
        paid ? "invoice.paid" : "invoice.payment_failed",
        invoice,
        subscription.webhook,
      );
      return send(response, 200, event);
    }

    // A refund (?amount=<cents>, the whole remainder by default) or a dispute's new status
    // (?status=, any of Stripe's; needs_response by default): created for the first, closed for
    // a final status, updated otherwise.
    if ((match = path.match(/^\/__test\/payments\/(pi_\w+)\/(refund|dispute)$/)) && method === "POST") {
      const paymentIntent = match[1]!;
      const payment = payments.get(paymentIntent);
      if (!payment) return notFound(response, "payment");
      if (match[2] === "refund") {
        const amount = Number(url.searchParams.get("amount") ?? payment.amount - payment.refunded);
        return send(response, 200, (await refund(paymentIntent, amount)).event);
      }
      const status = url.searchParams.get("status") ?? "needs_response";
      const existing = disputes.get(paymentIntent);
      const dispute = {
        ...(existing ?? {
          ...stripeFixture("dispute"),
          id: `dp_${paymentIntent.slice(3)}`,
          amount: payment.amount,
          currency: payment.currency,
          charge: `ch_${paymentIntent.slice(3)}`,
          created: now(),
          livemode: false,
          metadata: {},
          payment_intent: paymentIntent,
        }),
        status,
      };
      disputes.set(paymentIntent, dispute);
      const type = !existing
        ? "charge.dispute.created"
        : ["won", "lost", "warning_closed", "prevented"].includes(status)
          ? "charge.dispute.closed"
          : "charge.dispute.updated";
      return send(response, 200, await emit(type, dispute, payment.webhook));
    }

    // The API.
    if (request.headers.authorization !== `Bearer ${TEST_SECRET_KEY}`)
      return send(response, 401, { error: { type: "invalid_request_error", message: "Invalid API Key" } });
    const body = decodeStripeForm(method === "GET" || method === "DELETE" ? url.search.slice(1) : raw);
    requests.push({ method, path, body });
    // Like Stripe, a parameter the endpoint does not take is refused, whatever the call.
    const allowed = allowedParameters[routeKey(method, path)];
    const unknown = allowed ? unknownParameter(allowed, body) : null;
    if (unknown) return send(response, 400, parameterUnknown(unknown));
    const key = request.headers["idempotency-key"];
    if (typeof key === "string" && method === "POST" && idempotent.has(key))
      return send(response, 200, idempotent.get(key));
    const reply = (status: number, result: Json) => {
      if (typeof key === "string" && method === "POST" && status === 200) idempotent.set(key, result);
      send(response, status, result);
    };

    if (path === "/v1/checkout/sessions" && method === "POST") {
      const lineItems =
        (body.line_items as { quantity: string; price_data: { unit_amount: string } }[]) ?? [];
      const amount = lineItems.reduce(
        (sum, item) => sum + Number(item.price_data.unit_amount) * Number(item.quantity ?? 1),
        0,
      );
      if (!body.success_url || !body.cancel_url || !(amount > 0))
        return send(response, 400, {
          error: { type: "invalid_request_error", message: "missing parameters" },
        });
      // Stripe takes an expiry between 30 minutes and 24 hours ahead, and refuses any other.
      const expiresAt = body.expires_at === undefined ? now() + 24 * 60 * 60 : Number(body.expires_at);
      if (!(expiresAt >= now() + 30 * 60 && expiresAt <= now() + 24 * 60 * 60))
        return send(response, 400, {
          error: {
            type: "invalid_request_error",
            param: "expires_at",
            message:
              "The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.",
          },
        });
      const id = newId("cs");
      checkoutRequests.set(id, body as CheckoutRequest);
      const fixture = stripeFixture("checkout-session");
      const recovery = (body.after_expiration as { recovery?: { enabled?: string } } | undefined)?.recovery;
      const session = {
        ...fixture,
        // Of what was asked, what the session object shows (mode, URLs, locale, submit_type …).
        ...Object.fromEntries(Object.entries(body).filter(([key]) => key in fixture)),
        id,
        object: "checkout.session",
        created: now(),
        expires_at: expiresAt,
        livemode: false,
        status: "open",
        payment_status: "unpaid",
        amount_subtotal: amount,
        amount_total: amount,
        currency: "usd",
        customer: null,
        customer_details: null,
        customer_email: (body.customer_email as string | undefined) ?? null,
        client_reference_id: (body.client_reference_id as string | undefined) ?? null,
        invoice: null,
        payment_intent: null,
        subscription: null,
        recovered_from: null,
        total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
        after_expiration: recovery?.enabled === "true" ? { recovery: { enabled: true, url: null } } : null,
        metadata: (body.metadata as Record<string, string>) ?? {},
        url: `${origin}/pay/${id}`,
      } as unknown as Session;
      sessions.set(id, session);
      return reply(200, session);
    }
    if ((match = path.match(/^\/v1\/checkout\/sessions\/([\w]+)\/expire$/)) && method === "POST") {
      const session = sessions.get(match[1]!);
      if (!session) return notFound(response, "checkout session");
      if (session.status !== "open")
        return send(response, 400, {
          error: { type: "invalid_request_error", message: "Only open sessions can be expired" },
        });
      session.status = "expired";
      // Like Stripe, a session created with after_expiration.recovery.enabled gets a recovery
      // link that opens a new session with the same details.
      const recovery = (session.after_expiration as { recovery?: Json } | null)?.recovery;
      if (recovery?.enabled)
        session.after_expiration = { recovery: { ...recovery, url: `${origin}/recover/${session.id}` } };
      await emit("checkout.session.expired", session, webhookFor(session.success_url));
      return reply(200, session);
    }
    if ((match = path.match(/^\/v1\/checkout\/sessions\/([\w]+)$/)) && method === "GET") {
      const session = sessions.get(match[1]!);
      return session ? reply(200, session) : notFound(response, "checkout session");
    }
    if (path === "/v1/customers" && method === "POST") {
      const customer = {
        ...stripeFixture("customer"),
        metadata: {},
        ...body,
        id: newId("cus"),
        created: now(),
      };
      customers.set(customer.id, customer);
      return reply(200, customer);
    }
    if ((match = path.match(/^\/v1\/customers\/(\w+)$/))) {
      const customer = customers.get(match[1]!);
      return customer ? reply(200, customer) : notFound(response, "customer");
    }
    if ((match = path.match(/^\/v1\/subscriptions\/(\w+)$/))) {
      const subscription = subscriptions.get(match[1]!);
      if (!subscription) return notFound(response, "subscription");
      if (method === "POST") {
        const items = body.items as { id: string; price_data?: { unit_amount: string; product: string } }[];
        for (const item of items ?? []) {
          const existing = subscription.items.data.find((candidate) => candidate.id === item.id);
          if (existing && item.price_data) {
            if (item.price_data.product !== existing.price.product)
              return send(response, 400, {
                error: {
                  type: "invalid_request_error",
                  param: "items[0][price_data][product]",
                  message: "product mismatch",
                },
              });
            existing.price = {
              ...existing.price,
              id: newId("price"),
              unit_amount: Number(item.price_data.unit_amount),
              unit_amount_decimal: item.price_data.unit_amount,
            };
          }
        }
        if ("pause_collection" in body)
          subscription.pause_collection = body.pause_collection === "" ? null : body.pause_collection;
        if ("cancel_at_period_end" in body)
          subscription.cancel_at_period_end = body.cancel_at_period_end === "true";
        await subscriptionChanged(subscription, "customer.subscription.updated");
      }
      if (method === "DELETE") {
        subscription.status = "canceled";
        subscription.canceled_at = now();
        subscription.ended_at = now();
        subscription.cancellation_details = {
          comment: null,
          feedback: null,
          reason: "cancellation_requested",
        };
        await subscriptionChanged(subscription, "customer.subscription.deleted");
      }
      return reply(200, visibleSubscription(subscription));
    }
    if (path === "/v1/invoice_payments" && method === "GET") {
      const invoice = url.searchParams.get("invoice");
      const paymentIntent = url.searchParams.get("payment[payment_intent]");
      const data = invoicePayments.filter(
        (payment) =>
          (invoice && payment.invoice === invoice) ||
          (paymentIntent && (payment.payment as Json).payment_intent === paymentIntent),
      );
      return reply(200, { object: "list", data, has_more: false, url: "/v1/invoice_payments" });
    }
    // Webhook endpoints, as `npm run stripe:setup` manages them. Like Stripe, the secret is
    // returned only when an endpoint is created, and its API version is set only then. Unlike
    // Stripe, every endpoint shares the server's one signing secret, the one the site under test
    // holds, so registering an endpoint never breaks the other tests' deliveries.
    if (path === "/v1/webhook_endpoints" && method === "GET") {
      const data = [...webhookEndpoints.values()].map(({ secret: _secret, ...endpoint }) => endpoint);
      return reply(200, { object: "list", data, has_more: false, url: "/v1/webhook_endpoints" });
    }
    if (path === "/v1/webhook_endpoints" && method === "POST") {
      if (!body.url || !Array.isArray(body.enabled_events))
        return send(response, 400, {
          error: { type: "invalid_request_error", message: "Missing required param: url or enabled_events." },
        });
      const endpoint = {
        ...stripeFixture("webhook_endpoint"),
        id: newId("we"),
        created: now(),
        description: (body.description as string | undefined) ?? null,
        metadata: (body.metadata as Json | undefined) ?? {},
        url: String(body.url),
        enabled_events: body.enabled_events,
        api_version: (body.api_version as string | undefined) ?? null,
        secret: webhookSecret,
      };
      webhookEndpoints.set(endpoint.id, endpoint);
      return reply(200, endpoint);
    }
    if ((match = path.match(/^\/v1\/webhook_endpoints\/(we_\w+)$/))) {
      const endpoint = webhookEndpoints.get(match[1]!);
      if (!endpoint) return notFound(response, "webhook endpoint");
      if (method === "POST") {
        if (body.url) endpoint.url = String(body.url);
        if (Array.isArray(body.enabled_events)) endpoint.enabled_events = body.enabled_events;
        if ("description" in body) endpoint.description = body.description || null;
        if ("disabled" in body) endpoint.status = body.disabled === "true" ? "disabled" : "enabled";
      }
      if (method === "DELETE") {
        webhookEndpoints.delete(endpoint.id);
        return reply(200, { id: endpoint.id, object: "webhook_endpoint", deleted: true });
      }
      const { secret: _secret, ...visible } = endpoint;
      return reply(200, visible);
    }
    if (path === "/v1/refunds" && method === "POST") {
      const paymentIntent = String(body.payment_intent ?? "");
      const payment = payments.get(paymentIntent);
      if (!payment) return notFound(response, "payment_intent");
      const left = payment.amount - payment.refunded;
      const amount = body.amount === undefined ? left : Number(body.amount);
      // Stripe's answers when nothing, or less than asked, is left to refund.
      if (left <= 0)
        return send(response, 400, {
          error: {
            type: "invalid_request_error",
            code: "charge_already_refunded",
            message: "already refunded",
          },
        });
      if (!(amount > 0) || amount > left)
        return send(response, 400, {
          error: {
            type: "invalid_request_error",
            code: "amount_too_large",
            param: "amount",
            message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
          },
        });
      return reply(200, (await refund(paymentIntent, amount, (body.metadata as Json) ?? {})).refund);
    }
    if ((match = path.match(/^\/v1\/charges\/(ch_\w+)$/)) && method === "GET") {
      const paymentIntent = `pi_${match[1]!.slice(3)}`;
      return payments.has(paymentIntent) ? reply(200, chargeOf(paymentIntent)) : notFound(response, "charge");
    }
    if (path === "/v1/billing_portal/sessions" && method === "POST") {
      const returnUrl = String(body.return_url ?? "");
      return reply(200, {
        ...stripeFixture("billing_portal-session"),
        id: newId("bps"),
        object: "billing_portal.session",
        created: now(),
        livemode: false,
        customer: body.customer,
        return_url: returnUrl,
        url: `${origin}/portal?return_url=${encodeURIComponent(returnUrl)}`,
      });
    }
    return notFound(response, `${method} ${path}`);
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: Error) =>
      send(response, 500, { error: { message: error.message } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  origin = `http://127.0.0.1:${port}`;
  return {
    port,
    origin,
    requests,
    events,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// As a program (Playwright's webServer): serve until stopped.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(process.env.STRIPE_MOCK_PORT ?? DEFAULT_STRIPE_MOCK_PORT);
  const server = await startStripeServer({ port });
  console.log(`local Stripe-compatible server on ${server.origin}`);
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.on(signal, () => void server.close().then(() => process.exit(0)));
}
