import { and, eq, inArray } from "drizzle-orm";
import * as v from "valibot";
import { newYorkDate } from "~/lib/format";
import { ATTRIBUTION_KEYS, attributionCells } from "~/lib/attribution";
import type { SessionUser } from "~/lib/session-user";
import { auditedTableCsv } from "../records/audit.server";
import { csvTime } from "../records/csv.server";
import { listQuery, pageOf } from "../records/list.server";
import { getDb } from "../db/client.server";
import { eventRegistrations } from "../db/schema";
import { getEventForSale, hasCapacity, listEventsForSale, type EventForSale } from "./catalog.server";
import {
  attendees,
  seatsTakenByEvent,
  ticketAdjustments,
  ticketTotals,
  wasRefunded,
} from "./registrations.server";

/**
 * An event's seats as staff see them: the count the public page uses (`TAKEN`: confirmed, and
 * held at Checkout until the hold runs out), the held part apart, and the capacity, null when
 * the event has none.
 */
export type SeatCount = { taken: number; held: number; capacity: number | null };

const seatCount = (event: EventForSale, counts?: { taken: number; held: number }): SeatCount => ({
  taken: counts?.taken ?? 0,
  held: counts?.held ?? 0,
  capacity: hasCapacity(event) ? event.capacity : null,
});

/** Events one page of /admin/registrations shows (decision 073). */
export const EVENTS_PER_PAGE = 25;

/**
 * The back office's view of RSVPs and tickets (decision 024): per event, seats taken and the
 * ticket money split into what buyers received (fair-market value) and the deductible rest.
 * A page of events at a time (decision 073): the upcoming ones soonest first, then the past most
 * recent first, as `/events` splits them by New York's date; a page out of range is the nearest
 * one. The footer's totals are every event's, on every page.
 */
export async function registrationsOverview(env: Pick<Env, "DB" | "CACHE">, url: URL, now = new Date()) {
  const query = listQuery(v.object({}), url);
  // Only confirmed tickets count in the totals (`ticketTotals`); reading those alone, through
  // `event_registrations_ticket_totals_idx`, keeps the page flat however many RSVPs the years hold
  // (decision 057).
  const [events, rows, adjustments] = await Promise.all([
    listEventsForSale(env),
    getDb(env)
      .select({
        eventSlug: eventRegistrations.eventSlug,
        kind: eventRegistrations.kind,
        status: eventRegistrations.status,
        quantity: eventRegistrations.quantity,
        unitPriceCents: eventRegistrations.unitPriceCents,
        unitValueCents: eventRegistrations.unitValueCents,
        amountCents: eventRegistrations.amountCents,
        stripePaymentIntentId: eventRegistrations.stripePaymentIntentId,
      })
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.kind, "ticket"), eq(eventRegistrations.status, "confirmed"))),
    ticketAdjustments(env),
  ]);
  const today = newYorkDate(now);
  const dated = events.map((event) => ({ event, upcoming: newYorkDate(new Date(event.startsAt)) >= today }));
  const ordered = [...dated.filter((one) => one.upcoming), ...dated.filter((one) => !one.upcoming).reverse()];
  const pageCount = Math.max(1, Math.ceil(ordered.length / EVENTS_PER_PAGE));
  const page = Math.min(query.page, pageCount);
  const shown = ordered.slice((page - 1) * EVENTS_PER_PAGE, page * EVENTS_PER_PAGE);
  const seats = await seatsTakenByEvent(
    env,
    shown.map(({ event }) => event.slug),
    now,
  );
  const ticketsOf = Map.groupBy(rows, (row) => row.eventSlug);
  const perEvent = shown.map(({ event }) => ({
    id: event.slug,
    event,
    seats: seatCount(event, seats.get(event.slug)),
    totals: ticketTotals(ticketsOf.get(event.slug) ?? [], adjustments),
  }));
  return {
    events: pageOf(perEvent, ordered.length, { filters: query.filters, page }, EVENTS_PER_PAGE),
    all: ticketTotals(rows, adjustments),
  };
}

export async function eventRegistrationList(env: Pick<Env, "DB" | "CACHE">, slug: string) {
  const event = await getEventForSale(env, slug);
  if (!event) return null;
  const [rows, adjustments, seats] = await Promise.all([
    attendees(env, slug),
    ticketAdjustments(env, slug),
    seatsTakenByEvent(env, [slug]),
  ]);
  return {
    event,
    seats: seatCount(event, seats.get(slug)),
    rows: rows.map((row) => ({ ...row, refunded: wasRefunded(row) })),
    totals: ticketTotals(rows, adjustments),
  };
}

/**
 * The attendee list as a file for the door, in the order people registered, cancelled
 * registrations left out, as before the page showed them (decision 046); streamed a page at a
 * time (decision 057) and audited with its row count before the first byte leaves (decision 014).
 */
export async function eventRegistrationsCsv(
  env: Pick<Env, "DB" | "CACHE">,
  admin: SessionUser,
  slug: string,
) {
  if (!(await getEventForSale(env, slug))) return null;
  const db = getDb(env);
  const condition = and(
    eq(eventRegistrations.eventSlug, slug),
    inArray(eventRegistrations.status, ["confirmed", "held", "pending"]),
  );
  return auditedTableCsv(env, admin, {
    export: "event-registrations",
    filters: { event: slug },
    table: eventRegistrations,
    where: condition,
    select: () => db.select().from(eventRegistrations).$dynamic(),
    order: "asc",
    keys: [eventRegistrations.createdAt, eventRegistrations.id],
    header: [
      "name",
      "email",
      "kind",
      "status",
      "seats",
      "paid_cents",
      "value_cents",
      "locale",
      "registered_at",
      "reference",
      ...ATTRIBUTION_KEYS,
    ],
    keyOf: (row) => [row.createdAt, row.id],
    cells: (rows) =>
      rows.map((row) => [
        row.name,
        row.email,
        row.kind,
        row.status,
        row.quantity,
        row.amountCents,
        row.kind === "ticket" ? Math.min(row.unitValueCents, row.unitPriceCents) * row.quantity : 0,
        row.locale,
        csvTime(row.confirmedAt ?? row.createdAt),
        row.id,
        ...attributionCells(row.attribution),
      ]),
  });
}
