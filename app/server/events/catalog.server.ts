import { localized, type Entry } from "~/lib/content/entry-types";
import { newYorkTimeToUtc } from "~/lib/format";
import { SUPPORTED_LOCALES, type Locale } from "~/lib/i18n";
import { SEATS_PER_ADDRESS } from "~/lib/tickets";
import { findPublishedEvent, listPublished } from "../content/entries.server";

/**
 * The events RSVPs and tickets are for, as the registration code needs them (decision 024).
 * This is the one seam to the events' content (the published `event` entries of decision 020):
 * the registration code never reads content entries itself.
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
  /** What that is, for the receipt ("dinner"); empty when nothing is received. */
  valueDescription: Record<Locale, string>;
  /** Seats one address may hold at once, this event's included (decision 046). */
  seatsPerAddress: number;
  /** Where it happens, as staff wrote it: the place's name and its street address on one line. */
  place: Record<Locale, string>;
  address: string;
};

/** An event without a capacity takes any number (the editor leaves the field empty). */
const NO_LIMIT = 1_000_000;

/** Whether the event has a capacity staff set, so staff pages show "no limit" for the others. */
export const hasCapacity = (event: Pick<EventForSale, "capacity">) => event.capacity < NO_LIMIT;

const inEachLanguage = (value: { en: string; es: string } | undefined) =>
  Object.fromEntries(SUPPORTED_LOCALES.map((locale) => [locale, localized(value, locale)])) as Record<
    Locale,
    string
  >;

function toEventForSale(entry: Entry<"event">): EventForSale {
  const { fields } = entry;
  return {
    slug: entry.slug,
    title: inEachLanguage(fields.title),
    startsAt: newYorkTimeToUtc(fields.date, fields.start).toISOString(),
    endsAt: newYorkTimeToUtc(fields.date, fields.end).toISOString(),
    capacity: fields.capacity ?? NO_LIMIT,
    priceCents: fields.priceCents,
    fairMarketValueCents: fields.valueCents,
    valueDescription: inEachLanguage(fields.valueDescription),
    seatsPerAddress: Math.max(SEATS_PER_ADDRESS, fields.seatsPerAddress ?? 0),
    place: inEachLanguage(fields.place),
    address: `${fields.street}, ${fields.city}, ${fields.region} ${fields.postalCode}`,
  };
}

export async function getEventForSale(
  env: Pick<Env, "DB" | "CACHE">,
  slug: string,
): Promise<EventForSale | null> {
  const entry = await findPublishedEvent(env, slug);
  return entry ? toEventForSale(entry) : null;
}

/** Every published event, soonest first (the back office lists them all, past ones included). */
export async function listEventsForSale(env: Pick<Env, "DB" | "CACHE">): Promise<EventForSale[]> {
  return (await listPublished(env, "event")).map(toEventForSale);
}
