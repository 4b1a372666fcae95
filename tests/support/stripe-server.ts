/**
 * A local Stripe-compatible HTTP server for the tests (never shipped: it runs in Node only).
 * It implements the calls the product makes (Checkout Sessions, customers, subscriptions,
 * invoice payments, billing portal sessions, refunds and charges), sends what Stripe would send when
 * a session expires, a subscription changes or a refund is made (`charge.refunded` with the running
 * `amount_refunded`, and `refund.created`), offers refunds and disputes on demand (partial amounts
 * included, under /__test/payments), recovery links for expired sessions created with
 * after_expiration.recovery.enabled (/recover/<id>), and serves a stand-in payment page that, like
 * Stripe Checkout, completes the session, posts signed events to the site's webhook and returns
 * to the success URL. Events are signed with the real SDK (generateTestHeaderStringAsync).
 *
 * Run alone: `node tests/support/stripe-server.ts` (STRIPE_MOCK_PORT, default 12193).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { pathToFileURL } from "node:url";
import Stripe from "stripe";

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
  subscription_data?: { metadata?: Record<string, string> };
};
type Subscription = Json & {
  id: string;
  customer: string;
  status: string;
  metadata: Record<string, string>;
  items: { object: "list"; data: { id: string; price: Json & { unit_amount: number; product: string } }[] };
  webhook: string;
};

const signer = new Stripe(TEST_SECRET_KEY);
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
  const sessions = new Map<string, Session>();
  const customers = new Map<string, Json>();
  const subscriptions = new Map<string, Subscription>();
  const invoicePayments: Json[] = [];
  /** Every PaymentIntent paid, for refunds and disputes on demand. */
  const payments = new Map<string, { amount: number; currency: string; refunded: number; webhook: string }>();
  const idempotent = new Map<string, Json>();
  const requests: StripeServer["requests"] = [];
  const events: Stripe.Event[] = [];
  let origin = "";

  /** Builds, records and (when a webhook URL is known) delivers a signed event. */
  async function emit(type: string, object: Json, webhook: string | null) {
    const event = {
      id: newId("evt"),
      object: "event",
      api_version: Stripe.API_VERSION,
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
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
    return {
      id: `ch_${paymentIntent.slice(3)}`,
      object: "charge",
      amount: payment.amount,
      amount_refunded: payment.refunded,
      refunded: payment.refunded >= payment.amount,
      currency: payment.currency,
      payment_intent: paymentIntent,
      status: "succeeded",
    };
  };

  /** A refund of `amount` cents: what Stripe sends for it, then the refund itself. */
  async function refund(paymentIntent: string, amount: number, metadata: Json = {}) {
    const payment = payments.get(paymentIntent)!;
    payment.refunded = Math.min(payment.amount, payment.refunded + amount);
    const charge = chargeOf(paymentIntent);
    const created = {
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
    const paymentIntent = newId("pi");
    if (paid)
      payments.set(paymentIntent, {
        amount: price.unit_amount,
        currency: (price.currency as string) ?? "usd",
        refunded: 0,
        webhook: subscription.webhook,
      });
    if (paid)
      invoicePayments.push({
        id: newId("inpay"),
        object: "invoice_payment",
        invoice: id,
        payment: { type: "payment_intent", payment_intent: paymentIntent },
        status: "paid",
      });
    return {
      id,
      object: "invoice",
      customer: subscription.customer,
      currency: price.currency ?? "usd",
      amount_due: price.unit_amount,
      amount_paid: paid ? price.unit_amount : 0,
      attempt_count: 1,
      billing_reason: reason,
      status: paid ? "paid" : "open",
      status_transitions: { paid_at: paid ? now() : null },
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      payments: paid
        ? { object: "list", data: [{ payment: { type: "payment_intent", payment_intent: paymentIntent } }] }
        : { object: "list", data: [] },
    };
  }

  /** What Stripe Checkout does when the donor pays: complete the session, then the events. */
  async function completeSession(session: Session) {
    const webhook = webhookFor(session.success_url);
    const customerId = newId("cus");
    customers.set(customerId, { id: customerId, object: "customer", email: session.customer_email });
    session.status = "complete";
    session.payment_status = "paid";
    session.customer = customerId;
    session.customer_details = { email: session.customer_email };
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
    const lineItem = (session.line_items as Json[])[0] as { price_data: Json & { unit_amount: string } };
    const subscription: Subscription = {
      id: newId("sub"),
      object: "subscription",
      customer: customerId,
      status: "active",
      metadata: session.subscription_data?.metadata ?? {},
      pause_collection: null,
      cancel_at_period_end: false,
      items: {
        object: "list",
        data: [
          {
            id: newId("si"),
            price: {
              id: newId("price"),
              object: "price",
              product: newId("prod"),
              currency: (lineItem.price_data.currency as string) ?? "usd",
              unit_amount: Number(lineItem.price_data.unit_amount),
              recurring: { interval: "month" },
            },
          },
        ],
      },
      webhook,
    };
    subscriptions.set(subscription.id, subscription);
    const invoice = invoiceFor(subscription, "subscription_create", true);
    session.subscription = subscription.id;
    session.invoice = invoice.id;
    await emit("checkout.session.completed", session, webhook);
    await emit("invoice.paid", invoice, webhook);
  }

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
<button type="submit">Pay</button></form>
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
      if (session.status === "open") await completeSession(session);
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

    // Test controls: renewals, failures, refunds on demand; what was received.
    if (path === "/__test/requests") return send(response, 200, requests);
    if (path === "/__test/events") return send(response, 200, events);
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

    // A refund (?amount=<cents>, the whole remainder by default) or a dispute
    // (?status=needs_response opens it; won or lost closes it) of a paid PaymentIntent.
    if ((match = path.match(/^\/__test\/payments\/(pi_\w+)\/(refund|dispute)$/)) && method === "POST") {
      const paymentIntent = match[1]!;
      const payment = payments.get(paymentIntent);
      if (!payment) return notFound(response, "payment");
      const charge = `ch_${paymentIntent.slice(3)}`;
      if (match[2] === "refund") {
        const amount = Number(url.searchParams.get("amount") ?? payment.amount - payment.refunded);
        return send(response, 200, (await refund(paymentIntent, amount)).event);
      }
      const status = url.searchParams.get("status") ?? "needs_response";
      const event = await emit(
        status === "won" || status === "lost" ? "charge.dispute.closed" : "charge.dispute.created",
        {
          id: `dp_${paymentIntent.slice(3)}`,
          object: "dispute",
          amount: payment.amount,
          currency: payment.currency,
          charge,
          payment_intent: paymentIntent,
          status,
        },
        payment.webhook,
      );
      return send(response, 200, event);
    }

    // The API.
    if (request.headers.authorization !== `Bearer ${TEST_SECRET_KEY}`)
      return send(response, 401, { error: { type: "invalid_request_error", message: "Invalid API Key" } });
    const body = method === "GET" || method === "DELETE" ? {} : decodeStripeForm(raw);
    requests.push({ method, path, body });
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
      const id = newId("cs");
      const session = {
        ...body,
        id,
        object: "checkout.session",
        status: "open",
        payment_status: "unpaid",
        amount_total: amount,
        currency: "usd",
        customer: null,
        payment_intent: null,
        subscription: null,
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
      const recovery = (session.after_expiration as { recovery?: { enabled?: string } } | undefined)
        ?.recovery;
      if (recovery?.enabled === "true")
        session.after_expiration = { recovery: { enabled: true, url: `${origin}/recover/${session.id}` } };
      await emit("checkout.session.expired", session, webhookFor(session.success_url));
      return reply(200, session);
    }
    if ((match = path.match(/^\/v1\/checkout\/sessions\/([\w]+)$/)) && method === "GET") {
      const session = sessions.get(match[1]!);
      return session ? reply(200, session) : notFound(response, "checkout session");
    }
    if (path === "/v1/customers" && method === "POST") {
      const customer = { id: newId("cus"), object: "customer", ...body };
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
                error: { type: "invalid_request_error", message: "product mismatch" },
              });
            existing.price = {
              ...existing.price,
              id: newId("price"),
              unit_amount: Number(item.price_data.unit_amount),
            };
          }
        }
        if ("pause_collection" in body)
          subscription.pause_collection = body.pause_collection === "" ? null : body.pause_collection;
        if ("cancel_at_period_end" in body)
          subscription.cancel_at_period_end = body.cancel_at_period_end === "true";
        const { webhook: _hook, ...changed } = subscription;
        await emit("customer.subscription.updated", changed, subscription.webhook);
      }
      if (method === "DELETE") {
        subscription.status = "canceled";
        await emit("customer.subscription.deleted", subscription, subscription.webhook);
      }
      const { webhook: _webhook, ...visible } = subscription;
      return reply(200, visible);
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
        id: newId("bps"),
        object: "billing_portal.session",
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
