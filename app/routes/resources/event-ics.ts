import { localized } from "~/lib/content/entry-types";
import { newYorkTimeToUtc } from "~/lib/format";
import { findPublishedEvent } from "~/server/content/entries.server";
import { getLocale } from "~/server/kernel/i18n.server";
import type { Route } from "./+types/event-ics";
import { env } from "~/server/kernel/env.server";

function icsDate(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** RFC 5545 text: escape backslash, semicolon, comma and newlines; fold lines at 75 octets. */
function escapeText(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

function fold(line: string): string {
  const bytes = new TextEncoder().encode(line);
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const length = new TextEncoder().encode(char).length;
    if (size + length > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += length;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** GET /events/:id/calendar.ics — one event as an iCalendar file for any calendar app. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await findPublishedEvent(env, params.id);
  if (!found) return new Response("Not found", { status: 404 });
  const locale = getLocale(context);
  const { slug, fields: event } = found;
  const host = new URL(env.SITE_URL).hostname;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//product//Events//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${slug}-${event.date}@${host}`,
    `DTSTAMP:${icsDate(new Date())}`,
    `DTSTART:${icsDate(newYorkTimeToUtc(event.date, event.start))}`,
    `DTEND:${icsDate(newYorkTimeToUtc(event.date, event.end))}`,
    `SUMMARY:${escapeText(localized(event.title, locale))}`,
    `DESCRIPTION:${escapeText(localized(event.description, locale))}`,
    `LOCATION:${escapeText(`${localized(event.place, locale)}, ${event.street}, ${event.city}, ${event.region} ${event.postalCode}`)}`,
    `URL:${new URL(`/events#${slug}`, env.SITE_URL).toString()}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return new Response(lines.map(fold).join("\r\n") + "\r\n", {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${slug}.ics"`,
      "Cache-Control": "public, max-age=300",
    },
  });
}
