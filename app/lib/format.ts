import { useI18nInstance } from "./i18n-instance";
import { LOCALE_TAGS, toLocale, type Locale } from "./i18n";

/**
 * Numbers, money and New York dates as text, in one place: everything else keeps integer cents
 * (decision 005) and ISO-8601 UTC times, and turns them into words only here, at the edge.
 */

/** The team, its events and its books keep New York time (docs/architecture.md, Data). */
const NEW_YORK_TIME_ZONE = "America/New_York";

/**
 * Formatters are made once per language and options and kept: making one (its locale data) costs
 * far more than formatting with it, and a page formats dozens of figures (decision 031).
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A kept number formatter for a component's own options (a report's figures). */
export function numberFormat(tag: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${tag}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(tag, options)));
  return format;
}

/** A kept date formatter for a component's own options (a report's dates). */
export function dateFormat(tag: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${tag}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(tag, options)));
  return format;
}

/*
 * Written by hand, the same on the server and in the browser (decision 032). A browser's first
 * Intl.NumberFormat or Intl.DateTimeFormat loads its locale data, which a phone's first view
 * waits for (decision 032 measured it), while hydration only needs the text the server wrote.
 * So whole numbers and dollars, which the public pages show, are spelled out exactly as Intl
 * spells them in every supported language (en-US and es-US both group digits with commas;
 * calendar dates and clock times are in format-dates.ts, which only pages showing them load);
 * fractions, negative money and other currencies still go to Intl. tests/worker/format.test.ts
 * compares both in every supported language, so a language that writes numbers otherwise fails it.
 */
function wholeNumberText(value: number): string | null {
  return Number.isSafeInteger(value) && value >= 0 ? String(value).replace(/\B(?=(\d{3})+$)/g, ",") : null;
}

/** A number as the page shows it: "1,234". */
export function formatNumber(value: number, locale: Locale): string {
  return wholeNumberText(value) ?? numberFormat(LOCALE_TAGS[locale]).format(value);
}

/** The one money formatter: cents to text, with the cents written when wanted or when there are some. */
function moneyText(cents: number, locale: Locale, currency: string, alwaysCents: boolean): string {
  const withCents = alwaysCents || cents % 100 !== 0;
  const whole =
    currency.toLowerCase() === "usd" && Number.isSafeInteger(cents)
      ? wholeNumberText(Math.floor(cents / 100))
      : null;
  if (whole !== null) return withCents ? `$${whole}.${String(cents % 100).padStart(2, "0")}` : `$${whole}`;
  return numberFormat(LOCALE_TAGS[locale], {
    style: "currency",
    currency: currency.toUpperCase(),
    minimumFractionDigits: withCents ? 2 : 0,
  }).format(cents / 100);
}

/** Money as pages and receipts show it: "$50", "$25.50". */
export function formatMoney(cents: number, locale: Locale, currency = "usd"): string {
  return moneyText(cents, locale, currency, false);
}

/** Money as a ledger lists it (the back office, the donor's account): "$50.00". */
export function formatMoneyWithCents(cents: number, locale: Locale, currency = "usd"): string {
  return moneyText(cents, locale, currency, true);
}

type DateStyle = "medium" | "long" | "full";

function formatNewYork(when: Date | string, locale: Locale, options: Intl.DateTimeFormatOptions): string {
  const date = typeof when === "string" ? new Date(when) : when;
  if (Number.isNaN(date.getTime())) return String(when);
  return dateFormat(LOCALE_TAGS[locale], { ...options, timeZone: NEW_YORK_TIME_ZONE }).format(date);
}

/** The New York calendar day of an instant, in words ("March 5, 2026"). */
export function formatNewYorkDate(
  when: Date | string,
  locale: Locale,
  dateStyle: DateStyle = "long",
): string {
  return formatNewYork(when, locale, { dateStyle });
}

/** The New York day and clock time of an instant, in words. */
export function formatNewYorkDateTime(
  when: Date | string,
  locale: Locale,
  dateStyle: DateStyle = "medium",
): string {
  return formatNewYork(when, locale, { dateStyle, timeStyle: "short" });
}

/** A Unix time in seconds (as Stripe sends them) as an ISO instant; none means now. */
export function isoFromUnixSeconds(seconds: number | null | undefined): string {
  return new Date((seconds ?? Math.floor(Date.now() / 1000)) * 1000).toISOString();
}

/** Today's date (or that of `now`) in New York, as YYYY-MM-DD. */
export function newYorkDate(now: Date = new Date()): string {
  return dateFormat("en-CA", { timeZone: NEW_YORK_TIME_ZONE, dateStyle: "short" }).format(now);
}

/** The New York clock time of an instant, as HH:MM (24 hours), the form stored times take. */
export function newYorkClock(when: Date | string): string {
  return dateFormat("en-GB", {
    timeZone: NEW_YORK_TIME_ZONE,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(when));
}

/** A New York wall-clock time (YYYY-MM-DD, HH:MM) as a UTC instant, daylight saving time included. */
export function newYorkTimeToUtc(date: string, time = "00:00"): Date {
  const guess = new Date(`${date}T${time}:00Z`);
  const parts = dateFormat("en-US", {
    timeZone: NEW_YORK_TIME_ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(guess);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const asNewYork = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"));
  return new Date(guess.getTime() - (asNewYork - guess.getTime()));
}

/** The language the page is shown in, for formatting in components. */
export function useLocale(): Locale {
  return toLocale(useI18nInstance().language);
}

/** Numbers, money and dates in the visitor's language, for page components. */
export function useFormat() {
  const locale = useLocale();
  const tag = LOCALE_TAGS[locale];
  return {
    locale,
    tag,
    number: (value: number) => formatNumber(value, locale),
    money: (cents: number) => formatMoney(cents, locale),
  };
}

/** A text written one item a line (a `lines` content field): its items, blank lines dropped. */
export function textLines(text: string): string[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
}

/** For arrays of words kept in the locale files. */
export function asList<T = string>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

/** A New York wall-clock date and time as ISO 8601 with its offset, for schema.org. */
export function newYorkIso(date: string, time: string): string {
  const utc = newYorkTimeToUtc(date, time);
  const offsetMinutes = Math.round((new Date(`${date}T${time}:00Z`).getTime() - utc.getTime()) / 60000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, "0");
  const mm = String(abs % 60).padStart(2, "0");
  return `${date}T${time}:00${sign}${hh}:${mm}`;
}
