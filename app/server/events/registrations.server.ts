import { and, asc, eq, inArray, isNotNull, not, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Attribution } from "~/lib/attribution";
import type { Locale } from "~/lib/i18n";
import type { SessionUser } from "~/lib/session-user";
import { ticketAmounts } from "~/lib/tickets";
import { disputeWithdrewFunds, type RegistrationKind, type RegistrationStatus } from "~/lib/vocabulary";
import { getDb, type Db } from "../db/client.server";
import { eventRegistrations, outbox, paymentAdjustments } from "../db/schema";
import { logError, logInfo } from "../kernel/log.server";
import { clientAddress, mayMailRecipient, rateLimitSubject } from "../kernel/rate-limit.server";
import { sha256Hex } from "../kernel/sha256.server";
import { signToken, verifyToken } from "../kernel/signed-token.server";
import { deliverOutbox, queueEmail } from "../mail/outbox.server";
import { getStripe } from "../stripe/client.server";
import type { EventForSale } from "./catalog.server";
import { buildRsvpLinkEmail, buildTicketReceiptEmail } from "./mail.server";
import { auditEntry } from "../records/audit.server";

/**
 * RSVPs and tickets (decisions 024 and 046). Capacity is counted and seats are taken in one SQL
 * statement (D1 runs one statement at a time), so two people racing for the last seat cannot both
 * get it, and one address cannot hold more than its share. A ticket buyer's seats are held while
 * they pay at Stripe Checkout and released when the session expires (or the hold runs out, if
 * that event never comes); an RSVP takes its seats when its e-mailed link is followed.
 */

/**
 * Stripe accepts an `expires_at` from 30 minutes to 24 hours ahead; one minute more keeps a clock
 * a little ahead of ours from refusing the session. The hold outlives the session by a minute, so
 * a seat is never given away while its buyer can still pay (decision 046).
 */
const CHECKOUT_MINUTES = 31;
const HOLD_MARGIN_MS = 60_000;
/** How long an RSVP's e-mailed link stays valid; its pending seats count against its address that long. */
const RSVP_LINK_HOURS = 48;
const RSVP_LINK_PURPOSE = "event-rsvp";
/** Marks a Checkout Session as a ticket order for the webhook. */
export const TICKET_SESSION_KIND = "event-ticket";

export type Registration = typeof eventRegistrations.$inferSelect;
export type Availability = { state: "open" | "sold-out" | "past"; seatsLeft: number };

/**
 * The counts, in SQL with numbered parameters, for the statements that check and write at once.
 * `TAKEN` is the seats that count against capacity: confirmed, or held and not yet run out,
 * leaving out one registration (`''` for none), whose own seats a change replaces. `HELD_BY` is what one address holds across all events
 * (decision 046): tickets at Checkout, RSVPs waiting for their link, and confirmed RSVPs until
 * their event starts; a paid ticket is not counted, since it is no longer held but bought.
 */
const TAKEN = (slug: string, now: string, except: string) =>
  `(SELECT COALESCE(SUM(quantity), 0) FROM event_registrations WHERE event_slug = ${slug} AND id <> ${except}
    AND (status = 'confirmed' OR (status = 'held' AND hold_expires_at > ${now})))`;
const HELD_BY = (holder: string, now: string, except: string) =>
  `(SELECT COALESCE(SUM(quantity), 0) FROM event_registrations WHERE holder = ${holder} AND id <> ${except}
    AND hold_expires_at > ${now} AND (status IN ('held', 'pending') OR (status = 'confirmed' AND kind = 'rsvp')))`;

/**
 * Whom the per-address seat cap counts: the address Cloudflare reports (its /64 for IPv6, as the
 * rate limits count it, decision 013), hashed so the table keeps no address.
 */
export async function seatHolder(request: Request): Promise<string> {
  return sha256Hex(`seats|${rateLimitSubject(clientAddress(request))}`);
}

export async function eventAvailability(
  env: Pick<Env, "DB">,
  event: EventForSale,
  now = new Date(),
): Promise<Availability> {
  const row = await env.DB.prepare(`SELECT ${TAKEN("?1", "?2", "''")} AS taken`)
    .bind(event.slug, now.toISOString())
    .first<{ taken: number }>();
  const seatsLeft = Math.max(0, event.capacity - Number(row?.taken ?? 0));
  if (new Date(event.startsAt) <= now) return { state: "past", seatsLeft };
  return { state: seatsLeft > 0 ? "open" : "sold-out", seatsLeft };
}

/**
 * Seats taken of each event, by slug: the same count as `eventAvailability` (`TAKEN`), and the
 * part of it held at Checkout, in one query whatever the number of events (the slugs travel as
 * one JSON parameter). The /events cards and the staff pages read this one count.
 */
export async function seatsTakenByEvent(
  env: Pick<Env, "DB">,
  slugs: string[],
  now = new Date(),
): Promise<Map<string, { taken: number; held: number }>> {
  if (slugs.length === 0) return new Map();
  const { results } = await env.DB.prepare(
    `SELECT json_each.value AS slug, ${TAKEN("json_each.value", "?2", "''")} AS taken,
      (SELECT COALESCE(SUM(quantity), 0) FROM event_registrations WHERE event_slug = json_each.value
        AND status = 'held' AND hold_expires_at > ?2) AS held
    FROM json_each(?1)`,
  )
    .bind(JSON.stringify(slugs), now.toISOString())
    .all<{ slug: string; taken: number; held: number }>();
  return new Map(results.map((row) => [row.slug, { taken: Number(row.taken), held: Number(row.held) }]));
}

/** Seats left of each event, by slug, for the /events cards (`seatsTakenByEvent`). */
export async function seatsLeftByEvent(
  env: Pick<Env, "DB">,
  events: { slug: string; capacity: number }[],
  now = new Date(),
): Promise<Map<string, number>> {
  const taken = await seatsTakenByEvent(
    env,
    events.map((event) => event.slug),
    now,
  );
  return new Map(
    events.map((event) => [event.slug, Math.max(0, event.capacity - (taken.get(event.slug)?.taken ?? 0))]),
  );
}

type SeatRequest = {
  kind: RegistrationKind;
  name: string;
  email: string;
  locale: Locale;
  quantity: number;
  /** `seatHolder` of the request that asks. */
  holder: string;
  /** The campaign and referring site of the visit (decision 056), for reports only. */
  attribution?: Attribution | null;
};

/** Why no seat was taken: the event is over, full, or the address already holds its share. */
export type SeatRefusal =
  | { ok: false; reason: "past" | "sold-out"; seatsLeft: number }
  | { ok: false; reason: "address-limit"; seatsLeft: number };
type Reservation = { ok: true; registration: Registration } | SeatRefusal;

/** Why a write that checks both counts took nothing, read after it. */
async function refusal(
  env: Pick<Env, "DB">,
  event: EventForSale,
  request: Pick<SeatRequest, "holder" | "quantity">,
  nowIso: string,
  except = "",
): Promise<SeatRefusal> {
  if (new Date(event.startsAt) <= new Date(nowIso)) return { ok: false, reason: "past", seatsLeft: 0 };
  const row = await env.DB.prepare(
    `SELECT ${TAKEN("?1", "?2", "?4")} AS taken, ${HELD_BY("?3", "?2", "?4")} AS held`,
  )
    .bind(event.slug, nowIso, request.holder, except)
    .first<{ taken: number; held: number }>();
  const seatsLeft = Math.max(0, event.capacity - Number(row?.taken ?? 0));
  if (seatsLeft < request.quantity) return { ok: false, reason: "sold-out", seatsLeft };
  return {
    ok: false,
    reason: "address-limit",
    seatsLeft: Math.max(0, event.seatsPerAddress - Number(row?.held ?? 0)),
  };
}

/**
 * Takes `quantity` seats if they are free and the asking address holds fewer than its cap, in
 * one INSERT … SELECT … WHERE: a ticket order held while its buyer pays, an RSVP pending until
 * its link is followed (it takes no seat yet, but the event must have room and the address
 * counts it). One active RSVP per e-mail and event: a second insert for it takes nothing.
 */
export async function reserveSeats(
  env: Pick<Env, "DB">,
  event: EventForSale,
  request: SeatRequest,
  options: { now?: Date } = {},
): Promise<Reservation> {
  const now = options.now ?? new Date();
  if (new Date(event.startsAt) <= now) return { ok: false, reason: "past", seatsLeft: 0 };
  const nowIso = now.toISOString();
  const ticket = request.kind === "ticket";
  const id = crypto.randomUUID();
  const holdExpiresAt = ticket
    ? new Date(now.getTime() + CHECKOUT_MINUTES * 60_000 + HOLD_MARGIN_MS).toISOString()
    : rsvpLinkEnd(event, now);
  // One statement checks the seats taken, the address's seats and the RSVP's e-mail, and
  // inserts (D1 runs statements one at a time, so racing requests never overshoot).
  await env.DB.prepare(
    `INSERT INTO event_registrations
      (id, event_slug, kind, status, name, email, locale, quantity, unit_price_cents, unit_value_cents,
       amount_cents, currency, hold_expires_at, holder, attribution, created_at, updated_at)
     SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, 0, 'usd', ?11, ?12, ?16, ?13, ?13
     WHERE ${TAKEN("?2", "?13", "''")} + ?8 <= ?14
       AND ${HELD_BY("?12", "?13", "''")} + ?8 <= ?15
       AND (?3 <> 'rsvp' OR NOT EXISTS (SELECT 1 FROM event_registrations
         WHERE event_slug = ?2 AND email = ?6 AND kind = 'rsvp' AND status IN ('pending', 'confirmed')))`,
  )
    .bind(
      id,
      event.slug,
      request.kind,
      ticket ? "held" : "pending",
      request.name,
      request.email.toLowerCase(),
      request.locale,
      request.quantity,
      event.priceCents,
      event.fairMarketValueCents,
      holdExpiresAt,
      request.holder,
      nowIso,
      event.capacity,
      event.seatsPerAddress,
      request.attribution ? JSON.stringify(request.attribution) : null,
    )
    .run();
  const [stored] = await getDb(env).select().from(eventRegistrations).where(eq(eventRegistrations.id, id));
  if (stored) return { ok: true, registration: stored };
  return refusal(env, event, request, nowIso);
}

/** How long a never-confirmed RSVP's name and address are kept after its link ran out. */
const ABANDONED_RSVP_DAYS = 30;

/**
 * The Cron Trigger deletes RSVPs nobody confirmed, a month after their link ran out: a name and
 * an e-mail address someone typed and never confirmed are not kept (docs/product.md, privacy).
 * At most 500 a run, one statement within D1's limits; what is left goes at the next run.
 */
export async function pruneAbandonedRsvps(env: Pick<Env, "DB">, now: Date) {
  const before = new Date(now.getTime() - ABANDONED_RSVP_DAYS * 86_400_000).toISOString();
  await env.DB.prepare(
    `DELETE FROM event_registrations WHERE id IN (SELECT id FROM event_registrations
       WHERE kind = 'rsvp' AND status = 'pending' AND hold_expires_at < ?1 LIMIT 500)`,
  )
    .bind(before)
    .run();
}

/** A pending RSVP counts against its address until its link runs out, or the event starts. */
function rsvpLinkEnd(event: EventForSale, now: Date) {
  const linkEnd = now.getTime() + RSVP_LINK_HOURS * 3_600_000;
  return new Date(Math.min(linkEnd, new Date(event.startsAt).getTime())).toISOString();
}

type RsvpRequest = Omit<SeatRequest, "kind">;

/**
 * A free event's RSVP (decision 046): one per e-mail and event. The first is stored pending; a
 * second one for the same e-mail changes a pending RSVP, and asks to change a confirmed one
 * through a new link. Either way the seats count against capacity only once the e-mailed link is
 * followed (`confirmRsvp`), so an address someone cannot read takes no seat. The link mail says
 * nothing the visitor typed, and a recipient gets a few a day at most; the page answers the same
 * whether a mail left or not.
 */
export async function registerRsvp(
  env: Env,
  ctx: Pick<ExecutionContext, "waitUntil">,
  event: EventForSale,
  request: RsvpRequest,
): Promise<Reservation> {
  const email = request.email.toLowerCase();
  const findActive = async () => {
    const [row] = await getDb(env)
      .select()
      .from(eventRegistrations)
      .where(
        and(
          eq(eventRegistrations.eventSlug, event.slug),
          eq(eventRegistrations.email, email),
          eq(eventRegistrations.kind, "rsvp"),
          inArray(eventRegistrations.status, ["pending", "confirmed"]),
        ),
      );
    return row;
  };
  const existing = await findActive();
  let outcome = existing
    ? await changeRsvp(env, event, existing, request)
    : await reserveSeats(env, event, { ...request, kind: "rsvp" });
  // Two first posts for one e-mail at once: the one that lost to the other is a change of it.
  const raced = !existing && !outcome.ok && outcome.reason !== "past" ? await findActive() : undefined;
  if (raced) outcome = await changeRsvp(env, event, raced, request);
  if (!outcome.ok) return outcome;
  if (await mayMailRecipient(env, "rsvpMail", email)) {
    const token = await signToken(
      env,
      RSVP_LINK_PURPOSE,
      `${outcome.registration.id}:${request.quantity}`,
      RSVP_LINK_HOURS * 3600,
    );
    const id = `rsvp-${crypto.randomUUID()}`;
    await queueEmail(
      getDb(env),
      await buildRsvpLinkEmail(env, event, outcome.registration, { token, quantity: request.quantity }),
      id,
    );
    ctx.waitUntil(deliverOutbox(env, { ids: [id] }));
  }
  return outcome;
}

/** A second RSVP for the same e-mail: checked against both caps as if it replaced the first. */
async function changeRsvp(
  env: Pick<Env, "DB">,
  event: EventForSale,
  existing: Registration,
  request: RsvpRequest,
): Promise<Reservation> {
  const now = new Date();
  if (new Date(event.startsAt) <= now) return { ok: false, reason: "past", seatsLeft: 0 };
  const nowIso = now.toISOString();
  if (existing.status === "confirmed") {
    // Its seats stay as they are until the new link is followed; only the counts are checked.
    const refused = await refusal(env, event, request, nowIso, existing.id);
    // `refusal` answers "address-limit" when the event has room; it then says what the address has left.
    const fits = refused.reason === "address-limit" && refused.seatsLeft >= request.quantity;
    return fits ? { ok: true, registration: existing } : refused;
  }
  await env.DB.prepare(
    `UPDATE event_registrations SET name = ?2, locale = ?3, quantity = ?4, holder = ?5, hold_expires_at = ?6,
       updated_at = ?7
     WHERE id = ?1 AND status = 'pending'
       AND ${TAKEN("?8", "?7", "?1")} + ?4 <= ?9
       AND ${HELD_BY("?5", "?7", "?1")} + ?4 <= ?10`,
  )
    .bind(
      existing.id,
      request.name,
      request.locale,
      request.quantity,
      request.holder,
      rsvpLinkEnd(event, now),
      nowIso,
      event.slug,
      event.capacity,
      event.seatsPerAddress,
    )
    .run();
  const [stored] = await getDb(env)
    .select()
    .from(eventRegistrations)
    .where(eq(eventRegistrations.id, existing.id));
  if (stored?.status === "pending" && stored.updatedAt === nowIso) return { ok: true, registration: stored };
  return refusal(env, event, request, nowIso, existing.id);
}

/** What an RSVP link asks for, if it is ours, unexpired and for this event's registration. */
export async function readRsvpLink(
  env: Pick<Env, "CACHE" | "LINK_SIGNING_SECRET">,
  token: string,
): Promise<{ registrationId: string; quantity: number } | null> {
  const subject = await verifyToken(env, RSVP_LINK_PURPOSE, token);
  const match = subject ? /^([0-9a-f-]{36}):(\d{1,2})$/.exec(subject) : null;
  return match ? { registrationId: match[1]!, quantity: Number(match[2]) } : null;
}

export type RsvpConfirmation =
  { ok: true; quantity: number } | { ok: false; reason: "invalid" } | SeatRefusal;

/**
 * Following an RSVP's link (by POST: mail scanners follow links, decision 014): its seats are
 * confirmed if the event still has room, in one UPDATE that counts and writes. The seats then
 * count against the address until the event starts.
 */
export async function confirmRsvp(
  env: Pick<Env, "DB" | "CACHE" | "LINK_SIGNING_SECRET">,
  event: EventForSale,
  token: string,
  now = new Date(),
): Promise<RsvpConfirmation> {
  const link = await readRsvpLink(env, token);
  if (!link) return { ok: false, reason: "invalid" };
  if (new Date(event.startsAt) <= now) return { ok: false, reason: "past", seatsLeft: 0 };
  const nowIso = now.toISOString();
  await env.DB.prepare(
    `UPDATE event_registrations SET status = 'confirmed', quantity = ?2, hold_expires_at = ?3,
       confirmed_at = COALESCE(confirmed_at, ?4), updated_at = ?4
     WHERE id = ?1 AND event_slug = ?5 AND kind = 'rsvp' AND status IN ('pending', 'confirmed')
       AND ${TAKEN("?5", "?4", "?1")} + ?2 <= ?6`,
  )
    .bind(link.registrationId, link.quantity, event.startsAt, nowIso, event.slug, event.capacity)
    .run();
  const [stored] = await getDb(env)
    .select()
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.id, link.registrationId), eq(eventRegistrations.eventSlug, event.slug)));
  if (!stored || (stored.status !== "pending" && stored.status !== "confirmed"))
    return { ok: false, reason: "invalid" };
  if (stored.status === "confirmed" && stored.updatedAt === nowIso)
    return { ok: true, quantity: stored.quantity };
  const { seatsLeft } = await eventAvailability(env, event, now);
  const ownSeats = stored.status === "confirmed" ? stored.quantity : 0;
  return { ok: false, reason: "sold-out", seatsLeft: seatsLeft + ownSeats };
}

type TicketCheckout = { ok: true; url: string } | SeatRefusal | { ok: false; reason: "stripe" };

/**
 * A paid event's order: the seats held, then a Stripe Checkout Session for `quantity` tickets
 * that expires before the hold does. A Stripe failure releases the seats at once.
 */
export async function startTicketCheckout(
  env: Env,
  event: EventForSale,
  request: RsvpRequest,
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
      .set({
        stripeCheckoutSessionId: session.id,
        // Until Stripe's own end of the session, a minute after: the buyer can pay until then.
        holdExpiresAt: new Date(Number(session.expires_at) * 1000 + HOLD_MARGIN_MS).toISOString(),
        updatedAt: new Date().toISOString(),
      })
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
  // A payment is real even if the hold ran out: the seats are confirmed whatever the status,
  // except a paid order staff cancelled and refunded, which a later visit to the return page or
  // a late event must not bring back (decision 046).
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
    .where(
      and(
        eq(eventRegistrations.id, registrationId),
        not(
          and(
            eq(eventRegistrations.status, "canceled"),
            isNotNull(eventRegistrations.stripePaymentIntentId),
          )!,
        ),
      ),
    );
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
  const queued = await queueEmail(db, await buildTicketReceiptEmail(env, event, registration), id)
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

/**
 * The attendee list of one event for staff, by time: held orders and RSVPs waiting for their link
 * marked, then the cancelled ones, so a cancellation stays visible. Orders that ran out at
 * Checkout (`released`) were never anyone's seats and stay out.
 */
export async function attendees(env: Pick<Env, "DB">, slug: string) {
  return getDb(env)
    .select()
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.eventSlug, slug),
        inArray(eventRegistrations.status, ["confirmed", "held", "pending", "canceled"]),
      ),
    )
    .orderBy(sql`${eventRegistrations.status} = 'canceled'`, asc(eventRegistrations.createdAt));
}

/** A cancelled paid ticket: cancelling refunds it first, so it was refunded (decision 046). */
export const wasRefunded = (
  row: Pick<Registration, "kind" | "status" | "stripePaymentIntentId" | "amountCents">,
) =>
  row.kind === "ticket" &&
  row.status === "canceled" &&
  row.stripePaymentIntentId !== null &&
  row.amountCents > 0;

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
  let revenueCents = 0;
  let valueCents = 0;
  for (const row of rows) {
    if (row.status !== "confirmed" || row.kind !== "ticket") continue;
    const adjustment = row.stripePaymentIntentId ? adjustments.get(row.stripePaymentIntentId) : undefined;
    const net =
      disputeWithdrewFunds(adjustment?.disputeStatus) || adjustment?.refundedInFull
        ? 0
        : Math.max(0, row.amountCents - (adjustment?.refundedCents ?? 0));
    revenueCents += net;
    valueCents += Math.min(
      ticketAmounts(row.unitPriceCents, row.unitValueCents, row.quantity).valueCents,
      net,
    );
  }
  return { revenueCents, valueCents, deductibleCents: revenueCents - valueCents };
}

/**
 * The refunds and disputes of ticket payments, by PaymentIntent: of one event, or of all. The
 * PaymentIntents are a subquery, not a bound list, since D1 binds at most 100 parameters to a
 * statement and a season has more paid orders than that.
 */
export async function ticketAdjustments(
  env: Pick<Env, "DB">,
  slug?: string,
): Promise<Map<string, TicketAdjustment>> {
  const db = getDb(env);
  const ticketPayments = db
    .select({ paymentIntent: eventRegistrations.stripePaymentIntentId })
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.kind, "ticket"),
        isNotNull(eventRegistrations.stripePaymentIntentId),
        slug === undefined ? undefined : eq(eventRegistrations.eventSlug, slug),
      ),
    );
  const found = await db
    .select()
    .from(paymentAdjustments)
    .where(inArray(paymentAdjustments.paymentKey, ticketPayments));
  return new Map(found.map((row) => [row.paymentKey, row]));
}

export type CancelOutcome =
  { ok: true; refunded: boolean } | { ok: false; error: "not-found" | "already-ended" | "refund-failed" };

/**
 * Staff cancel an RSVP or a ticket from the attendee list (decision 046): a paid ticket is
 * refunded in full through Stripe first (its `charge.refunded` event then records the refund as
 * for any payment); the registration becomes `canceled`, which no count includes, so its seats
 * are free at once; the audit row is written in the same batch. A ticket still at Checkout has
 * its session expired, so it cannot be paid afterwards.
 */
export async function cancelRegistration(
  env: Env,
  admin: SessionUser,
  slug: string,
  registrationId: string,
): Promise<CancelOutcome> {
  const db = getDb(env);
  const [row] = await db
    .select()
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.id, registrationId), eq(eventRegistrations.eventSlug, slug)));
  if (!row) return { ok: false, error: "not-found" };
  const cancellable: RegistrationStatus[] = ["held", "pending", "confirmed"];
  if (!cancellable.includes(row.status)) return { ok: false, error: "already-ended" };
  const stripe = getStripe(env);
  let refundId: string | null = null;
  if (
    row.kind === "ticket" &&
    row.status === "confirmed" &&
    row.stripePaymentIntentId &&
    row.amountCents > 0
  ) {
    if (!stripe) return { ok: false, error: "refund-failed" };
    try {
      const refund = await stripe.refunds.create(
        {
          payment_intent: row.stripePaymentIntentId,
          reason: "requested_by_customer",
          metadata: { registration_id: row.id },
        },
        { idempotencyKey: `ticket-cancel-${row.id}` },
      );
      refundId = refund.id;
    } catch (error) {
      const code = (error as { code?: string }).code;
      logInfo("ticket refund refused", { registration: row.id, code: code ?? "unknown" });
      // Refunded already (in Stripe's Dashboard, say): the cancellation itself still stands.
      if (code !== "charge_already_refunded") return { ok: false, error: "refund-failed" };
    }
  }
  if (row.kind === "ticket" && row.status === "held" && row.stripeCheckoutSessionId && stripe) {
    try {
      await stripe.checkout.sessions.expire(row.stripeCheckoutSessionId);
    } catch (error) {
      // Already expired or paid: a payment that completes is still recorded by the webhook.
      logInfo("ticket session not expired", { registration: row.id, reason: String(error) });
    }
  }
  const now = new Date().toISOString();
  await db.batch([
    db
      .update(eventRegistrations)
      .set({ status: "canceled", updatedAt: now })
      .where(and(eq(eventRegistrations.id, row.id), eq(eventRegistrations.status, row.status))),
    auditEntry(db, admin, {
      action: "event-registration.cancel",
      targetType: "event-registration",
      targetId: row.id,
      detail: {
        event: slug,
        seats: row.quantity,
        refund: refundId,
        changes: { status: { before: row.status, after: "canceled" } },
      },
    }),
  ]);
  return { ok: true, refunded: refundId !== null };
}
