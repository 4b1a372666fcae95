import type { SessionUser } from "~/lib/session-user";
import { recordExport } from "../admin/audit.server";
import { toCsv } from "../admin/csv.server";
import { getDb } from "../db/client.server";
import { eventRegistrations } from "../db/schema";
import { getEventForSale, listEventsForSale } from "./catalog.server";
import { attendees, ticketAdjustments, ticketTotals } from "./registrations.server";

/**
 * The back office's view of RSVPs and tickets (decision 024): per event, seats taken and the
 * ticket money split into what buyers received (fair-market value) and the deductible rest.
 */
export async function registrationsOverview(env: Pick<Env, "DB" | "CACHE">) {
  const [events, rows] = await Promise.all([
    listEventsForSale(env),
    getDb(env).select().from(eventRegistrations),
  ]);
  const adjustments = await ticketAdjustments(env);
  const perEvent = events.map((event) => ({
    event,
    totals: ticketTotals(
      rows.filter((row) => row.eventSlug === event.slug),
      adjustments,
    ),
  }));
  return { perEvent, all: ticketTotals(rows, adjustments) };
}

export async function eventRegistrationList(env: Pick<Env, "DB" | "CACHE">, slug: string) {
  const event = await getEventForSale(env, slug);
  if (!event) return null;
  const rows = await attendees(env, slug);
  return { event, rows, totals: ticketTotals(rows, await ticketAdjustments(env, slug)) };
}

/** The attendee list as a file for the door; the export is audited (decision 014). */
export async function eventRegistrationsCsv(
  env: Pick<Env, "DB" | "CACHE">,
  admin: SessionUser,
  slug: string,
) {
  const list = await eventRegistrationList(env, slug);
  if (!list) return null;
  await recordExport(env, admin, {
    export: "event-registrations",
    filters: { event: slug },
    rows: list.rows.length,
  });
  return toCsv(
    [
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
    ],
    list.rows.map((row) => [
      row.name,
      row.email,
      row.kind,
      row.status,
      row.quantity,
      row.amountCents,
      row.kind === "ticket" ? Math.min(row.unitValueCents, row.unitPriceCents) * row.quantity : 0,
      row.locale,
      row.confirmedAt ?? row.createdAt,
      row.id,
    ]),
  );
}
