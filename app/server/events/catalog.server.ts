import { EVENTS, type SiteEvent } from "~/content/events";
import { newYorkTimeToUtc } from "~/lib/format";
import { SUPPORTED_LOCALES, type Locale } from "~/lib/i18n";
import { translatorFor } from "../kernel/i18n.server";

/**
 * The events RSVPs and tickets are for, as the registration code needs them (decision 024).
 * This is the one seam to the events' content: it reads app/content/events.ts today; when events
 * live in D1 (the content model), only this file changes.
 */
export type EventForSale = {
  slug: string;
  title: Record<Locale, string>;
  /** ISO-8601 UTC. */
  startsAt: string;
  endsAt: string;
  /** Seats for RSVPs and tickets together. */
  capacity: number;
  /** Per person; 0 is a free event (RSVP). */
  priceCents: number;
  /** Fair-market value of what one ticket gets (the gala's dinner): not deductible. */
  fairMarketValueCents: number;
};

/** Seats and the value of what a ticket buys, per event (the gala's dinner is worth $60). */
const SEATS: Record<string, { capacity: number; fairMarketValueCents?: number }> = {
  gala: { capacity: 200, fairMarketValueCents: 6_000 },
  openHouse: { capacity: 120 },
  volunteerTraining: { capacity: 40 },
  basketballClinic: { capacity: 60 },
};
const DEFAULT_CAPACITY = 100;

async function toEventForSale(env: Pick<Env, "DB" | "CACHE">, event: SiteEvent): Promise<EventForSale> {
  const titles = await Promise.all(
    SUPPORTED_LOCALES.map(async (locale) => [
      locale,
      (await translatorFor(env, locale, "events"))(`items.${event.id}.title`),
    ]),
  );
  const seats = SEATS[event.id];
  return {
    slug: event.id,
    title: Object.fromEntries(titles) as Record<Locale, string>,
    startsAt: newYorkTimeToUtc(event.date, event.start).toISOString(),
    endsAt: newYorkTimeToUtc(event.date, event.end).toISOString(),
    capacity: seats?.capacity ?? DEFAULT_CAPACITY,
    priceCents: event.priceCents,
    fairMarketValueCents: seats?.fairMarketValueCents ?? 0,
  };
}

export async function getEventForSale(
  env: Pick<Env, "DB" | "CACHE">,
  slug: string,
): Promise<EventForSale | null> {
  const event = EVENTS.find((item) => item.id === slug);
  return event ? toEventForSale(env, event) : null;
}

/** Every event, soonest first (the back office lists them all, past ones included). */
export async function listEventsForSale(env: Pick<Env, "DB" | "CACHE">): Promise<EventForSale[]> {
  const events = await Promise.all(EVENTS.map((event) => toEventForSale(env, event)));
  return events.sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}
