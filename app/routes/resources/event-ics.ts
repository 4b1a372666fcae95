import { EVENTS, VENUES } from "~/content/events";
import { newYorkTimeToUtc } from "~/lib/format";
import { getRequestContext } from "~/server/kernel/context.server";
import { getInstance, getLocale } from "~/server/kernel/i18n.server";
import type { Route } from "./+types/event-ics";

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
export function loader({ params, context }: Route.LoaderArgs) {
  const event = EVENTS.find((item) => item.id === params.id);
  if (!event) return new Response("Not found", { status: 404 });
  const { env } = getRequestContext(context);
  const t = getInstance(context).getFixedT(getLocale(context), "events");
  const venue = VENUES[event.venue];
  const host = new URL(env.SITE_URL).hostname;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//product//Events//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${event.id}-${event.date}@${host}`,
    `DTSTAMP:${icsDate(new Date())}`,
    `DTSTART:${icsDate(newYorkTimeToUtc(event.date, event.start))}`,
    `DTEND:${icsDate(newYorkTimeToUtc(event.date, event.end))}`,
    `SUMMARY:${escapeText(t(`items.${event.id}.title`))}`,
    `DESCRIPTION:${escapeText(t(`items.${event.id}.description`))}`,
    `LOCATION:${escapeText(`${t(`venues.${event.venue}`)}, ${venue.street}, ${venue.locality}, ${venue.region} ${venue.postalCode}`)}`,
    `URL:${new URL(`/events#${event.id}`, env.SITE_URL).toString()}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return new Response(lines.map(fold).join("\r\n") + "\r\n", {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${event.id}.ics"`,
      "Cache-Control": "public, max-age=3600",
    },
  });
}
