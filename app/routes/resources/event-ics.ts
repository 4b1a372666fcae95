import { localized } from "~/lib/content/entry-types";
import { newYorkTimeToUtc } from "~/lib/format";
import { findPublishedEvent } from "~/server/content/entries.server";
import { goneAddress } from "~/server/content/versions.server";
import { getLocale } from "~/server/kernel/i18n.server";
import { calendarFileResponse } from "~/server/calendar-file.server";
import type { Route } from "./+types/event-ics";
import { env } from "~/server/kernel/env.server";

/** GET /events/:id/calendar.ics — one event as an iCalendar file for any calendar app. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await findPublishedEvent(env, params.id);
  if (!found) {
    // An event staff took down answers as its page does: 410 Gone, not "never existed" (decision 053).
    const gone = await goneAddress(env, "event", params.id);
    return new Response(gone ? "Gone" : "Not found", { status: gone ? 410 : 404 });
  }
  const locale = getLocale(context);
  const { slug, fields: event } = found;
  const host = new URL(env.SITE_URL).hostname;
  return calendarFileResponse({
    uid: `${slug}-${event.date}@${host}`,
    start: newYorkTimeToUtc(event.date, event.start),
    end: newYorkTimeToUtc(event.date, event.end),
    summary: localized(event.title, locale),
    description: localized(event.description, locale),
    location: `${localized(event.place, locale)}, ${event.street}, ${event.city}, ${event.region} ${event.postalCode}`,
    url: new URL(`/events#${slug}`, env.SITE_URL).toString(),
    filename: slug,
  });
}
