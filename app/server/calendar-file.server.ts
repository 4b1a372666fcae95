/**
 * One happening as an iCalendar file (RFC 5545) for any calendar app: an event
 * (app/routes/resources/event-ics.ts) or a volunteer shift (decision 055).
 */
export type CalendarEntry = {
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location: string;
  url: string;
  filename: string;
};

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

export function calendarFileResponse(entry: CalendarEntry): Response {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//product//Events//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${entry.uid}`,
    `DTSTAMP:${icsDate(new Date())}`,
    `DTSTART:${icsDate(entry.start)}`,
    `DTEND:${icsDate(entry.end)}`,
    `SUMMARY:${escapeText(entry.summary)}`,
    `DESCRIPTION:${escapeText(entry.description)}`,
    `LOCATION:${escapeText(entry.location)}`,
    `URL:${entry.url}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return new Response(lines.map(fold).join("\r\n") + "\r\n", {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${entry.filename}.ics"`,
      "Cache-Control": "public, max-age=300",
    },
  });
}
