import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { ticketAmounts } from "~/lib/tickets";
import { getDb } from "~/server/db/client.server";
import { eventRegistrations, outbox } from "~/server/db/schema";
import { getCampaignProgress } from "~/server/donations/progress.server";
import { type EventForSale, getEventForSale } from "~/server/events/catalog.server";
import {
  eventAvailability,
  reserveSeats,
  startTicketCheckout,
  ticketTotals,
} from "~/server/events/registrations.server";
import { userWithSession } from "./auth-helpers";
import { fetchPage, ORIGIN, postForm } from "./fetch";
import { payOnStripe, stripeBase, stripeEvents, stripeRequests } from "./stripe-checkout";
import { signedWebhook } from "./stripe-webhook";

/** Event RSVPs and tickets (decision 024), with the real local D1 and the local Stripe-compatible server. */

const db = getDb(env);
let counter = 0;
const next = () => ++counter;
const visitor = () => ({ "CF-Connecting-IP": `198.18.0.${next()}` });
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** A made-up event of the interface the catalog returns, so each rule gets its own capacity. */
function testEvent(fields: Partial<EventForSale> = {}): EventForSale {
  const slug = `test-event-${next()}-${crypto.randomUUID().slice(0, 8)}`;
  return {
    slug,
    title: { en: "Test night", es: "Noche de prueba" },
    startsAt: inDays(30),
    endsAt: inDays(30.1),
    capacity: 3,
    priceCents: 0,
    fairMarketValueCents: 0,
    valueDescription: { en: "", es: "" },
    seatsPerAddress: 10,
    place: { en: "Learning Center", es: "Centro de aprendizaje" },
    address: "125 West 125th Street, New York, NY 10027",
    ...fields,
  };
}
/** One person, from an address of their own (the per-address cap has tests of its own). */
const person = (quantity = 1) => ({
  name: "Rosa Díaz",
  email: `rosa-${next()}@example.com`,
  locale: "en" as const,
  quantity,
  holder: `holder-${crypto.randomUUID()}`,
});

describe("quid-pro-quo amounts", () => {
  it("states the gala's dinner value and the deductible part, with the disclosure over $75", () => {
    expect(ticketAmounts(15_000, 6_000, 1)).toEqual({
      totalCents: 15_000,
      valueCents: 6_000,
      deductibleCents: 9_000,
      disclosureRequired: true,
    });
    expect(ticketAmounts(15_000, 6_000, 2)).toMatchObject({
      totalCents: 30_000,
      valueCents: 12_000,
      deductibleCents: 18_000,
    });
    // $75 exactly needs no disclosure; $75.01 does.
    expect(ticketAmounts(7_500, 2_000, 1).disclosureRequired).toBe(false);
    expect(ticketAmounts(7_501, 2_000, 1).disclosureRequired).toBe(true);
    // Nothing received: no quid pro quo; a value above the price never makes a negative gift.
    expect(ticketAmounts(10_000, 0, 1)).toMatchObject({ deductibleCents: 10_000, disclosureRequired: false });
    expect(ticketAmounts(5_000, 8_000, 1).deductibleCents).toBe(0);
  });

  it("counts ticket money net of refunds and disputes", () => {
    const order = (stripePaymentIntentId: string) => ({
      kind: "ticket" as const,
      status: "confirmed" as const,
      quantity: 2,
      unitPriceCents: 15_000,
      unitValueCents: 6_000,
      amountCents: 30_000,
      stripePaymentIntentId,
    });
    const adjustments = new Map([
      ["pi_partial", { refundedCents: 10_000, refundedInFull: false, disputeStatus: null }],
      ["pi_disputed", { refundedCents: 0, refundedInFull: false, disputeStatus: "open" }],
    ]);
    expect(ticketTotals([order("pi_paid"), order("pi_partial"), order("pi_disputed")], adjustments)).toEqual({
      revenueCents: 50_000,
      valueCents: 24_000,
      deductibleCents: 26_000,
    });
  });
});

describe("capacity", () => {
  it("takes seats up to the capacity and then says how many are left", async () => {
    const event = testEvent({ capacity: 3, priceCents: 1_000 });
    expect((await reserveSeats(env, event, { ...person(2), kind: "ticket" })).ok).toBe(true);
    expect(await reserveSeats(env, event, { ...person(2), kind: "ticket" })).toEqual({
      ok: false,
      reason: "sold-out",
      seatsLeft: 1,
    });
    expect((await reserveSeats(env, event, { ...person(1), kind: "ticket" })).ok).toBe(true);
    expect(await eventAvailability(env, event)).toEqual({ state: "sold-out", seatsLeft: 0 });
  });

  it("gives the last seats to exactly as many people as fit when they race", async () => {
    const event = testEvent({ capacity: 5 });
    const results = await Promise.all(
      Array.from({ length: 12 }, () => reserveSeats(env, event, { ...person(1), kind: "ticket" })),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(5);
    const rows = await db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.eventSlug, event.slug));
    expect(rows.reduce((sum, row) => sum + row.quantity, 0)).toBe(5);
  });

  it("stops taking registrations once the event has started", async () => {
    const event = testEvent({ startsAt: inDays(-1), endsAt: inDays(-0.9), capacity: 50 });
    expect(await reserveSeats(env, event, { ...person(), kind: "rsvp" })).toEqual({
      ok: false,
      reason: "past",
      seatsLeft: 0,
    });
    expect((await eventAvailability(env, event)).state).toBe("past");
  });

  it("holds a buyer's seats while they pay and releases them when Checkout expires", async () => {
    const event = testEvent({ capacity: 2, priceCents: 2_000 });
    const order = await startTicketCheckout(env, event, person(2), ORIGIN);
    expect(order.ok).toBe(true);
    expect((await reserveSeats(env, event, { ...person(1), kind: "ticket" })).ok).toBe(false);
    const sessionId = new URL((order as { url: string }).url).pathname.split("/").pop()!;
    await fetch(`${stripeBase}/v1/checkout/sessions/${sessionId}/expire`, {
      method: "POST",
      headers: { Authorization: `Bearer ${env.STRIPE_SECRET_KEY}` },
    });
    const events = await stripeEvents();
    const expired = events.findLast(
      (item) =>
        item.type === "checkout.session.expired" && (item.data.object as { id: string }).id === sessionId,
    )!;
    expect((await signedWebhook(expired)).status).toBe(200);
    expect(await eventAvailability(env, event)).toEqual({ state: "open", seatsLeft: 2 });
  });

  it("stops counting a hold that ran out even if Stripe's expiry never arrives", async () => {
    const event = testEvent({ capacity: 1, priceCents: 2_000 });
    expect((await reserveSeats(env, event, { ...person(1), kind: "ticket" })).ok).toBe(true);
    expect((await eventAvailability(env, event)).seatsLeft).toBe(0);
    expect((await eventAvailability(env, event, new Date(Date.now() + 40 * 60_000))).seatsLeft).toBe(1);
  });
});

describe("the registration page", () => {
  it("takes an RSVP to a free event and mails its confirmation link with the calendar file, in Spanish", async () => {
    const email = `rsvp-${next()}@example.com`;
    const response = await postForm(
      "/events/openHouse/register?lng=es",
      { name: "Rosa Díaz", email, quantity: "3" },
      visitor(),
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(`Para confirmar su asistencia para 3 personas`);
    const [row] = await db.select().from(eventRegistrations).where(eq(eventRegistrations.email, email));
    expect(row).toMatchObject({ kind: "rsvp", status: "pending", quantity: 3, locale: "es" });
    const [mail] = await db.select().from(outbox).where(eq(outbox.to, email));
    expect(mail).toMatchObject({ template: "event.rsvp", locale: "es" });
    expect(mail!.text).toContain("para 3 personas, abra este enlace");
    expect(mail!.text).toMatch(
      /https:\/\/example\.org\/events\/openHouse\/register\?lng=es&rsvp=[\w-]+\.[\w-]+/,
    );
    expect(mail!.text).toContain("https://example.org/events/openHouse/calendar.ics?lng=es");
  });

  it("refuses bad input with a translated message and keeps what was typed", async () => {
    const response = await postForm(
      "/events/openHouse/register",
      { name: "Kept Name", email: "not-an-email", quantity: "40" },
      visitor(),
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('value="Kept Name"');
    expect(html).toContain("Please enter a number from 1 to 10.");
  });

  it("says a past event is over and refuses a post to it", async () => {
    const page = await (await fetchPage("/events/launch/register")).text();
    expect(page).toContain('data-testid="registration-closed"');
    expect(page).toContain("This event has already taken place.");
    const posted = await postForm(
      "/events/launch/register",
      { name: "Late", email: `late-${next()}@example.com`, quantity: "1" },
      visitor(),
    );
    expect(posted.status).toBe(409);
    expect(await posted.text()).toContain("This event has already taken place.");
  });

  it("sends the event's words in the visitor's language only", async () => {
    const gala = (await getEventForSale(env, "gala"))!;
    expect(gala.title.es).not.toBe(gala.title.en);
    const page = await (await fetchPage("/events/gala/register?lng=es")).text();
    expect(page).toContain(gala.title.es);
    expect(page).not.toContain(gala.title.en);
    expect(page).not.toContain(gala.valueDescription.en);
  });

  it("answers an unknown event with 404", async () => {
    expect((await fetchPage("/events/no-such-event/register")).status).toBe(404);
  });
});

describe("gala tickets", () => {
  it("sells tickets through Checkout and mails a receipt with the value and the deductible part", async () => {
    const email = `gala-${next()}@example.com`;
    const progressBefore = await getCampaignProgress(env);
    const response = await postForm(
      "/events/gala/register",
      { name: "Grace Hopper", email, quantity: "2" },
      visitor(),
    );
    expect(response.status).toBe(303);
    const requests = await stripeRequests<{
      customer_email?: string;
      line_items: { quantity: string; price_data: { unit_amount: string } }[];
      metadata: Record<string, string>;
    }>();
    const created = requests.findLast((request) => request.body.customer_email === email)!.body;
    expect(created.line_items[0]).toMatchObject({ quantity: "2", price_data: { unit_amount: "15000" } });
    expect(created.metadata.kind).toBe("event-ticket");

    const { successUrl } = await payOnStripe(response.headers.get("Location")!);
    const [row] = await db.select().from(eventRegistrations).where(eq(eventRegistrations.email, email));
    expect(row).toMatchObject({ kind: "ticket", status: "confirmed", quantity: 2, amountCents: 30_000 });
    const mails = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, email), eq(outbox.template, "event.ticket")));
    expect(mails).toHaveLength(1);
    const text = mails[0]!.text;
    expect(text).toContain("2 tickets × $150: $300 paid");
    expect(text).toContain(
      "Fair-market value of the goods and services you receive (dinner): $120 ($60 per ticket).",
    );
    expect(text).toContain("Tax-deductible part of your payment: $180.");
    expect(text).toContain("Under Internal Revenue Service rules");
    expect(text).toContain("https://example.org/events/gala/calendar.ics?lng=en");

    // The return page confirms, and sends nothing twice.
    const back = await fetchPage(new URL(successUrl).pathname + new URL(successUrl).search);
    expect(await back.text()).toContain("Your 2 tickets ($300) are confirmed");
    expect(
      await db
        .select()
        .from(outbox)
        .where(and(eq(outbox.to, email), eq(outbox.template, "event.ticket"))),
    ).toHaveLength(1);

    // Tickets are not gifts: the donation totals did not move.
    expect(await getCampaignProgress(env)).toEqual(progressBefore);
  });

  it("writes the receipt in Spanish for a buyer on the Spanish page", async () => {
    const email = `gala-es-${next()}@example.com`;
    const response = await postForm(
      "/events/gala/register?lng=es",
      { name: "Ana", email, quantity: "1" },
      visitor(),
    );
    await payOnStripe(response.headers.get("Location")!);
    const [mail] = await db.select().from(outbox).where(eq(outbox.to, email));
    expect(mail).toMatchObject({ template: "event.ticket", locale: "es" });
    expect(mail!.text).toContain(
      "Valor justo de mercado de los bienes y servicios que recibe (cena): $60 ($60 por entrada)",
    );
    expect(mail!.text).toContain(
      "Estimamos de buena fe ese valor en $60, por lo que $90 de su pago de $150 son deducibles",
    );
  });

  it("shows staff the attendees and exact ticket totals, with an audited CSV, to admins only", async () => {
    expect((await fetchPage("/admin/registrations")).status).not.toBe(200);
    const { cookie } = await userWithSession(`staff-${next()}@example.com`, "ADMIN");
    const overview = await (await fetchPage("/admin/registrations", { headers: { Cookie: cookie } })).text();
    const rows = await db
      .select()
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.kind, "ticket"), eq(eventRegistrations.status, "confirmed")));
    const revenue = rows.reduce((sum, row) => sum + row.amountCents, 0);
    const value = rows.reduce(
      (sum, row) => sum + Math.min(row.unitValueCents, row.unitPriceCents) * row.quantity,
      0,
    );
    const dollars = (cents: number) =>
      `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;
    expect(overview).toMatch(new RegExp(`data-testid="ticket-revenue"><span>\\${dollars(revenue)}<`));
    expect(overview).toMatch(
      new RegExp(`data-testid="ticket-deductible"><span>\\${dollars(revenue - value)}<`),
    );
    const csv = await fetchPage("/admin/registrations/gala/export.csv", { headers: { Cookie: cookie } });
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    const text = await csv.text();
    expect(text).toContain("name,email,kind,status,seats,paid_cents,value_cents");
    expect(text).toContain("Grace Hopper");
  });

  it("takes a refunded ticket out of the staff totals", async () => {
    const { cookie } = await userWithSession(`staff-${next()}@example.com`, "ADMIN");
    const figure = async (testId: string) => {
      const html = await (await fetchPage("/admin/registrations", { headers: { Cookie: cookie } })).text();
      return Number(
        new RegExp(`data-testid="${testId}"><span>\\$([\\d,.]+)<`).exec(html)![1]!.replace(/,/g, ""),
      );
    };
    const email = `refund-${next()}@example.com`;
    const response = await postForm(
      "/events/gala/register",
      { name: "Refund Me", email, quantity: "1" },
      visitor(),
    );
    await payOnStripe(response.headers.get("Location")!);
    const revenue = await figure("ticket-revenue");
    const deductible = await figure("ticket-deductible");
    const [row] = await db.select().from(eventRegistrations).where(eq(eventRegistrations.email, email));
    const refund = (await (
      await fetch(`${stripeBase}/__test/payments/${row!.stripePaymentIntentId}/refund`, { method: "POST" })
    ).json()) as Stripe.Event;
    expect((await signedWebhook(refund)).status).toBe(200);
    expect(await figure("ticket-revenue")).toBe(revenue - 150);
    expect(await figure("ticket-deductible")).toBe(deductible - 90);
  });
});
