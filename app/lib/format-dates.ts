import { dateFormat, formatNewYorkDate } from "./format";
import { LOCALE_TAGS, type Locale } from "./i18n";

/*
 * Calendar dates and clock times written by hand, the same on the server and in the browser, so
 * hydrating a page that shows them makes no Intl.DateTimeFormat (decision 032, and format.ts).
 * A module of their own, so pages without dates (the home page) do not download the month names.
 */

const MONTHS: Record<Locale, readonly string[]> = {
  en: [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
  ],
  es: [
    "enero",
    "febrero",
    "marzo",
    "abril",
    "mayo",
    "junio",
    "julio",
    "agosto",
    "septiembre",
    "octubre",
    "noviembre",
    "diciembre",
  ],
};
const WEEKDAYS: Record<Locale, readonly string[]> = {
  en: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
  es: ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"],
};

/** A calendar date (YYYY-MM-DD) in words, `long` or `full`, or null when Intl must say it. */
function calendarDateText(isoDate: string, locale: Locale, style: "long" | "full"): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match || !(locale in MONTHS)) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1000 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  const monthName = MONTHS[locale][month - 1]!;
  const weekday = WEEKDAYS[locale][date.getUTCDay()]!;
  const words = locale === "es" ? `${day} de ${monthName} de ${year}` : `${monthName} ${day}, ${year}`;
  return style === "full" ? `${weekday}, ${words}` : words;
}

/** A calendar date (YYYY-MM-DD) as New Yorkers read it: "March 5, 2026", "jueves, 5 de marzo de 2026". */
export function formatCalendarDate(isoDate: string, locale: Locale, style: "long" | "full" = "long"): string {
  return calendarDateText(isoDate, locale, style) ?? formatNewYorkDate(`${isoDate}T12:00:00Z`, locale, style);
}

/** A wall-clock time ("18:30") as the page shows it: "6:30 PM", "6:30 p.m.". */
export function formatClockTime(time: string, locale: Locale): string {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  const hours = Number(match?.[1]);
  if (!match || !(locale in MONTHS) || hours > 23 || Number(match[2]) > 59) {
    return dateFormat(LOCALE_TAGS[locale] ?? "en-US", { timeStyle: "short", timeZone: "UTC" }).format(
      new Date(`2000-01-01T${time}:00Z`),
    );
  }
  const clock = `${hours % 12 || 12}:${match[2]}`;
  const afternoon = hours >= 12;
  return locale === "es" ? `${clock} ${afternoon ? "p.m." : "a.m."}` : `${clock} ${afternoon ? "PM" : "AM"}`;
}
