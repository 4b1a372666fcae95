import { env } from "cloudflare:workers";
import type Stripe from "stripe";
import { postForm } from "./fetch";
import { signedWebhook } from "./stripe-webhook";

/**
 * A gift given as a donor gives it: the three steps of /donate posted like a browser without
 * JavaScript, paid on the local Stripe-compatible server's stand-in page, and the events it
 * then sent delivered to the webhook (tests/support/stripe-server.ts).
 */
export const stripeBase = env.STRIPE_API_BASE!;

export async function stripeEvents(): Promise<Stripe.Event[]> {
  return (await (await fetch(`${stripeBase}/__test/events`)).json()) as Stripe.Event[];
}

/** The requests the Stripe server received, oldest first, their form bodies decoded. */
export async function stripeRequests<Body = Record<string, unknown>>() {
  return (await (await fetch(`${stripeBase}/__test/requests`)).json()) as {
    method: string;
    path: string;
    body: Body;
  }[];
}

/** Delivers every event the Stripe server sent after the first `since`; returns them. */
export async function deliverEventsSince(since: number) {
  const events = (await stripeEvents()).slice(since);
  for (const event of events) {
    const response = await signedWebhook(event);
    if (response.status !== 200) throw new Error(`${event.type} answered ${response.status}`);
  }
  return events;
}

/** What the stand-in Checkout page does when the buyer pays, then the events it sent delivered to the webhook. */
export async function payOnStripe(checkoutUrl: string) {
  const before = (await stripeEvents()).length;
  const sessionId = new URL(checkoutUrl).pathname.split("/").pop()!;
  const paid = await fetch(`${stripeBase}/pay/${sessionId}`, { method: "POST", redirect: "manual" });
  if (paid.status !== 303) throw new Error(`pay answered ${paid.status}`);
  return { sessionId, events: await deliverEventsSince(before), successUrl: paid.headers.get("Location")! };
}

const step1 = { step: "amount", frequency: "one-time", amount: "5000", customAmount: "" };
const donor = { firstName: "Ana", lastName: "Lopez", email: "ana@example.com", phone: "" };

/** Gives a gift through /donate and the stand-in Checkout page; returns the session id and events. */
export async function giveThroughCheckout(fields: Record<string, string>, ip: string) {
  const headers = { "CF-Connecting-IP": ip };
  const all = { ...step1, ...donor, ...fields };
  await postForm("/donate", { ...all, step: "amount" }, headers);
  await postForm("/donate", { ...all, step: "details" }, headers);
  const response = await postForm("/donate", { ...all, step: "payment", intent: "pay" }, headers);
  const location = response.headers.get("Location");
  if (response.status !== 303 || !location) throw new Error(`checkout answered ${response.status}`);
  const { sessionId, events } = await payOnStripe(location);
  return { sessionId, events };
}
