import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Locale } from "~/lib/i18n";
import { ticketAmounts } from "~/lib/tickets";
import type { RegistrationKind } from "~/lib/vocabulary";
import { getDb, type Db } from "../db/client.server";
import { eventRegistrations, outbox, paymentAdjustments } from "../db/schema";
import { logError, logInfo } from "../kernel/log.server";
import { deliverOutbox, queueEmail } from "../mail/outbox.server";
import type { OutgoingEmail } from "../mail/message.server";
import { getStripe } from "../stripe/client.server";
import type { EventForSale } from "./catalog.server";
import { buildRegistrationEmail } from "./mail.server";

/**
 * RSVPs and tickets (decision 024). Capacity is counted and seats are taken in one SQL statement
 * (D1 runs one statement at a time), so two people racing for the last seat cannot both get it.
 * A ticket buyer's seats are held while they pay at Stripe Checkout and released when the
 * session expires (or the hold runs out, if that event never comes).
 */

/** Stripe's shortest Checkout lifetime is 30 minutes; the hold outlives the session a little. */
const CHECKOUT_MINUTES = 31;
const HOLD_MINUTES = CHECKOUT_MINUTES + 5;
/** Marks a Checkout Session as a ticket order for the webhook. */
export const TICKET_SESSION_KIND = "event-ticket";

export type Registration = typeof eventRegistrations.$inferSelect;
export type Availability = { state: "open" | "sold-out" | "past"; seatsLeft: number };

/** Seats that count against capacity: confirmed, or held and not yet run out. */
function takenSeats(slug: string, nowIso: string) {
  return sql<number>`(SELECT COALESCE(SUM(${eventRegistrations.quantity}), 0) FROM ${eventRegistrations}
    WHERE ${eventRegistrations.eventSlug} = ${slug}
    AND (${eventRegistrations.status} = 'confirmed'
      OR (${eventRegistrations.status} = 'held' AND ${eventRegistrations.holdExpiresAt} > ${nowIso})))`;
}

export async function eventAvailability(
  env: Pick<Env, "DB">,
  event: EventForSale,
  now = new Date(),
): Promise<Availability> {
  const [row] = await getDb(env)
    .select({ taken: takenSeats(event.slug, now.toISOString()) })
    .from(sql`(SELECT 1)`);
  const seatsLeft = Math.max(0, event.capacity - Number(row?.taken ?? 0));
  if (new Date(event.startsAt) <= now) return { state: "past", seatsLeft };
  return { state: seatsLeft > 0 ? "open" : "sold-out", seatsLeft };
}

type SeatRequest = {
  kind: RegistrationKind;
  name: string;
  email: string;
  locale: Locale;
  quantity: number;
};

type Reservation =
  { ok: true; registration: Registration } | { ok: false; reason: "past" | "sold-out"; seatsLeft: number };

/**
 * Takes `quantity` seats if they are free, in one INSERT … SELECT … WHERE: an RSVP confirmed,
 * a ticket order held. `mail` (an RSVP's confirmation) is queued in the same batch and removed
 * again in it when no seat was taken, so a registration never exists without its mail.
 */
export async function reserveSeats(
  env: Pick<Env, "DB">,
  event: EventForSale,
  request: SeatRequest,
  options: { now?: Date; mail?: (registration: Registration) => Promise<OutgoingEmail> } = {},
): Promise<Reservation> {
  const now = options.now ?? new Date();
  if (new Date(event.startsAt) <= now) return { ok: false, reason: "past", seatsLeft: 0 };
  const db = getDb(env);
  const nowIso = now.toISOString();
  const ticket = request.kind === "ticket";
  const registration: Registration = {
    id: crypto.randomUUID(),
    eventSlug: event.slug,
    kind: request.kind,
    status: ticket ? "held" : "confirmed",
    name: request.name,
    email: request.email.toLowerCase(),
    locale: request.locale,
    quantity: request.quantity,
    unitPriceCents: event.priceCents,
    unitValueCents: event.fairMarketValueCents,
    amountCents: 0,
    currency: "usd",
    holdExpiresAt: ticket ? new Date(now.getTime() + HOLD_MINUTES * 60_000).toISOString() : null,
    stripeCheckoutSessionId: null,
    stripePaymentIntentId: null,
    confirmedAt: ticket ? null : nowIso,
    createdAt: nowIso,
    updatedAt: nowIso,
  };
  const r = registration;
  // One statement checks the seats taken and inserts (D1 runs statements one at a time).
  const insert = env.DB.prepare(
    `INSERT INTO event_registrations
      (id, event_slug, kind, status, name, email, locale, quantity, unit_price_cents, unit_value_cents,
       amount_cents, currency, hold_expires_at, confirmed_at, created_at, updated_at)
     SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, 0, 'usd', ?11, ?12, ?13, ?13
     WHERE (SELECT COALESCE(SUM(quantity), 0) FROM event_registrations
            WHERE event_slug = ?2
              AND (status = 'confirmed' OR (status = 'held' AND hold_expires_at > ?13))) + ?8 <= ?14`,
  ).bind(
    r.id,
    r.eventSlug,
    r.kind,
    r.status,
    r.name,
    r.email,
    r.locale,
    r.quantity,
    r.unitPriceCents,
    r.unitValueCents,
    r.holdExpiresAt,
    r.confirmedAt,
    nowIso,
    event.capacity,
  );
  const mail = options.mail ? await options.mail(registration) : null;
  if (mail) {
    const queued = queueEmail(db, mail, `registration-${r.id}`).toSQL();
    await env.DB.batch([
      insert,
      env.DB.prepare(queued.sql).bind(...queued.params),
      // No seat taken: the mail goes too, in the same batch (a D1 batch is one transaction).
      env.DB.prepare(
        "DELETE FROM outbox WHERE id = ?1 AND NOT EXISTS (SELECT 1 FROM event_registrations WHERE id = ?2)",
      ).bind(`registration-${r.id}`, r.id),
    ]);
  } else {
    await insert.run();
  }
  const [stored] = await db
    .select()
    .from(eventRegistrations)
    .where(eq(eventRegistrations.id, registration.id));
  if (stored) return { ok: true, registration: stored };
  const { seatsLeft } = await eventAvailability(env, event, now);
  return { ok: false, reason: "sold-out", seatsLeft };
}

/** A free event's RSVP: seats confirmed and the confirmation (with the .ics link) queued. */
export async function registerRsvp(
  env: Env,
  ctx: Pick<ExecutionContext, "waitUntil">,
  event: EventForSale,
  request: Omit<SeatRequest, "kind">,
): Promise<Reservation> {
  const reservation = await reserveSeats(
    env,
    event,
    { ...request, kind: "rsvp" },
    { mail: (registration) => buildRegistrationEmail(env, event, registration) },
  );
  if (reservation.ok)
    ctx.waitUntil(deliverOutbox(env, { ids: [`registration-${reservation.registration.id}`] }));
  return reservation;
}

type TicketCheckout =
  | { ok: true; url: string }
  | { ok: false; reason: "past" | "sold-out"; seatsLeft: number }
  | { ok: false; reason: "stripe" };

/**
 * A paid event's order: the seats held, then a Stripe Checkout Session for `quantity` tickets
 * that expires before the hold does. A Stripe failure releases the seats at once.
 */
export async function startTicketCheckout(
  env: Env,
  event: EventForSale,
  request: Omit<SeatRequest, "kind">,
  origin: string,
): Promise<TicketCheckout> {
  const stripe = getStripe(env);
  if (!stripe) return { ok: false, reason: "stripe" };
  const reservation = await reserveSeats(env, event, { ...request, kind: "ticket" });
  if (!reservation.ok) return reservation;
  const { registration } = reservation;
  const db = getDb(env);
  const metadata = { kind: TICKET_SESSION_KIND, registration_id: registration.id, event_slug: event.slug };
  const title = event.title[request.locale];
  try {
    const session = await stripe.checkout.sessions.create(
      {
        mode: "payment",
        customer_email: registration.email,
        locale: request.locale,
        client_reference_id: registration.id,
        metadata,
        expires_at: Math.floor(Date.now() / 1000) + CHECKOUT_MINUTES * 60,
        line_items: [
          {
            quantity: registration.quantity,
            price_data: { currency: "usd", unit_amount: event.priceCents, product_data: { name: title } },
          },
        ],
        payment_intent_data: { metadata, description: title },
        success_url: `${origin}/events/${event.slug}/register?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${origin}/events/${event.slug}/register?canceled=1`,
      },
      { idempotencyKey: `ticket-${registration.id}` },
    );
    if (!session.url) throw new Error("Checkout Session without a url");
    await db
      .update(eventRegistrations)
      .set({ stripeCheckoutSessionId: session.id, updatedAt: new Date().toISOString() })
      .where(eq(eventRegistrations.id, registration.id));
    return { ok: true, url: session.url };
  } catch (error) {
    logError(error, { registration: registration.id, where: "ticket checkout" });
    await releaseSeats(db, registration.id);
    return { ok: false, reason: "stripe" };
  }
}

async function releaseSeats(db: Db, registrationId: string) {
  await db
    .update(eventRegistrations)
    .set({ status: "released", updatedAt: new Date().toISOString() })
    .where(and(eq(eventRegistrations.id, registrationId), eq(eventRegistrations.status, "held")));
}

export const isTicketSession = (session: Stripe.Checkout.Session) =>
  session.metadata?.kind === TICKET_SESSION_KIND;

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

/**
 * A paid ticket order (the webhook, or the return page if it is faster): the seats confirmed,
 * what Stripe charged recorded, and one receipt with the quid-pro-quo disclosure queued.
 * Returns the outbox ids to deliver.
 */
export async function fulfilTicketSession(
  env: Env,
  session: Stripe.Checkout.Session,
  loadEvent: (slug: string) => Promise<EventForSale | null>,
): Promise<string[]> {
  const registrationId = session.metadata?.registration_id ?? session.client_reference_id;
  if (!registrationId || session.status !== "complete" || session.payment_status !== "paid") return [];
  const db = getDb(env);
  const now = new Date().toISOString();
  // A payment is real even if the hold ran out: the seats are confirmed whatever the status.
  await db
    .update(eventRegistrations)
    .set({
      status: "confirmed",
      amountCents: sql`COALESCE(${session.amount_total ?? null}, ${eventRegistrations.unitPriceCents} * ${eventRegistrations.quantity})`,
      currency: session.currency ?? "usd",
      stripeCheckoutSessionId: session.id,
      stripePaymentIntentId: idOf(session.payment_intent),
      confirmedAt: sql`COALESCE(${eventRegistrations.confirmedAt}, ${now})`,
      updatedAt: now,
    })
    .where(eq(eventRegistrations.id, registrationId));
  const [registration] = await db
    .select()
    .from(eventRegistrations)
    .where(eq(eventRegistrations.id, registrationId));
  if (!registration) {
    logInfo("ticket session without a registration", { session: session.id });
    return [];
  }
  const event = await loadEvent(registration.eventSlug);
  if (!event) return [];
  const id = `registration-${registration.id}`;
  const queued = await queueEmail(db, await buildRegistrationEmail(env, event, registration), id)
    .onConflictDoNothing()
    .returning({ id: outbox.id });
  return queued.map((row) => row.id);
}

/** An expired or failed ticket Checkout gives its held seats back. */
export async function releaseTicketSession(env: Pick<Env, "DB">, session: Stripe.Checkout.Session) {
  const registrationId = session.metadata?.registration_id ?? session.client_reference_id;
  if (registrationId) await releaseSeats(getDb(env), registrationId);
}

/** What the return page from Checkout says: read from Stripe, never from the query string. */
export async function readTicketOrder(
  env: Env,
  ctx: Pick<ExecutionContext, "waitUntil">,
  event: EventForSale,
  sessionId: string | null,
  loadEvent: (slug: string) => Promise<EventForSale | null>,
): Promise<{ state: "paid"; quantity: number; email: string; amountCents: number } | { state: "unknown" }> {
  const stripe = getStripe(env);
  if (!stripe || !sessionId || !/^cs_[A-Za-z0-9_]{1,200}$/.test(sessionId)) return { state: "unknown" };
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.retrieve(sessionId);
  } catch {
    return { state: "unknown" };
  }
  if (!isTicketSession(session) || session.metadata?.event_slug !== event.slug) return { state: "unknown" };
  const ids = await fulfilTicketSession(env, session, loadEvent);
  if (ids.length > 0) ctx.waitUntil(deliverOutbox(env, { ids }));
  const [registration] = await getDb(env)
    .select()
    .from(eventRegistrations)
    .where(eq(eventRegistrations.stripeCheckoutSessionId, session.id));
  if (registration?.status !== "confirmed") return { state: "unknown" };
  return {
    state: "paid",
    quantity: registration.quantity,
    email: registration.email,
    amountCents: registration.amountCents,
  };
}

/** The attendee list of one event for staff: confirmed first by time, held orders marked. */
export async function attendees(env: Pick<Env, "DB">, slug: string) {
  return getDb(env)
    .select()
    .from(eventRegistrations)
    .where(
      and(eq(eventRegistrations.eventSlug, slug), inArray(eventRegistrations.status, ["confirmed", "held"])),
    )
    .orderBy(asc(eventRegistrations.createdAt));
}

/** A refund or dispute Stripe reported for a ticket payment (payment_adjustments, decision 017). */
export type TicketAdjustment = {
  refundedCents: number;
  refundedInFull: boolean;
  disputeStatus: string | null;
};

/**
 * Ticket money for staff (decision 024): what was charged net of refunds, the fair-market value
 * of what buyers got, and the deductible rest, from confirmed orders. A refund lowers the
 * revenue (refunded in full, the order counts nothing); an open or lost dispute counts nothing,
 * as for gifts. Kept apart from the donation totals, which count gifts only.
 */
export function ticketTotals(
  rows: Pick<
    Registration,
    | "kind"
    | "status"
    | "quantity"
    | "unitPriceCents"
    | "unitValueCents"
    | "amountCents"
    | "stripePaymentIntentId"
  >[],
  adjustments: ReadonlyMap<string, TicketAdjustment> = new Map(),
) {
  let seats = 0;
  let revenueCents = 0;
  let valueCents = 0;
  for (const row of rows) {
    if (row.status !== "confirmed") continue;
    seats += row.quantity;
    if (row.kind !== "ticket") continue;
    const adjustment = row.stripePaymentIntentId ? adjustments.get(row.stripePaymentIntentId) : undefined;
    const withdrawn = adjustment?.disputeStatus === "open" || adjustment?.disputeStatus === "lost";
    const net =
      withdrawn || adjustment?.refundedInFull
        ? 0
        : Math.max(0, row.amountCents - (adjustment?.refundedCents ?? 0));
    revenueCents += net;
    valueCents += Math.min(
      ticketAmounts(row.unitPriceCents, row.unitValueCents, row.quantity).valueCents,
      net,
    );
  }
  return { seats, revenueCents, valueCents, deductibleCents: revenueCents - valueCents };
}

/** The refunds and disputes of these ticket payments, by PaymentIntent. */
export async function ticketAdjustments(
  env: Pick<Env, "DB">,
  rows: Pick<Registration, "stripePaymentIntentId">[],
): Promise<Map<string, TicketAdjustment>> {
  const keys = rows.flatMap((row) => (row.stripePaymentIntentId ? [row.stripePaymentIntentId] : []));
  if (keys.length === 0) return new Map();
  const found = await getDb(env)
    .select()
    .from(paymentAdjustments)
    .where(inArray(paymentAdjustments.paymentKey, keys));
  return new Map(found.map((row) => [row.paymentKey, row]));
}
