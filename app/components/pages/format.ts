import { useTranslation } from "react-i18next";
import { isLocale, LOCALE_TAGS } from "~/lib/i18n";

export const TIME_ZONE = "America/New_York";

/** Numbers, money and dates in the visitor's language, formatted only here at the edge of the UI. */
export function useFormat() {
  const { i18n } = useTranslation();
  const tag = LOCALE_TAGS[isLocale(i18n.language) ? i18n.language : "en"];
  return {
    tag,
    number: (value: number) => new Intl.NumberFormat(tag).format(value),
    money: (dollars: number) =>
      new Intl.NumberFormat(tag, {
        style: "currency",
        currency: "USD",
        minimumFractionDigits: Number.isInteger(dollars) ? 0 : 2,
        maximumFractionDigits: Number.isInteger(dollars) ? 0 : 2,
      }).format(dollars),
    /** A calendar date (YYYY-MM-DD) as New Yorkers read it. */
    date: (isoDate: string, style: "long" | "full" = "long") =>
      new Intl.DateTimeFormat(tag, { dateStyle: style, timeZone: "UTC" }).format(
        new Date(`${isoDate}T12:00:00Z`),
      ),
  };
}

/** For arrays of words kept in the locale files. */
export function asList<T = string>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}
