/** Languages the site speaks (docs/product.md §1). Names shown to people come from app/locales. */
export const LANGUAGES = [
  { code: "en", nativeName: "English", flag: "🇺🇸" },
  { code: "es", nativeName: "Español", flag: "🇪🇸" },
] as const;

export type Locale = (typeof LANGUAGES)[number]["code"];
export const SUPPORTED_LOCALES: readonly Locale[] = LANGUAGES.map((language) => language.code);
export const DEFAULT_LOCALE: Locale = "en";

/** Where the choice is kept: a cookie the server reads, and the storage keys docs/product.md §1 names. */
export const LOCALE_COOKIE = "lng";
export const LOCALE_QUERY_PARAM = "lng";
export const LOCALE_STORAGE_KEY = "preferredLanguage";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/** A supported language, or English for anything else (an unknown cookie, a stored row). */
export function toLocale(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** BCP 47 tags for Intl formatting and hreflang. */
export const LOCALE_TAGS: Record<Locale, string> = { en: "en-US", es: "es-US" };

/**
 * The first page's translations travel inside its HTML in this data block (docs/decisions/011),
 * so the browser hydrates without first fetching them.
 */
export const TRANSLATIONS_ELEMENT_ID = "i18n-resources";

/** JSON safe to place inside a <script> element: no "</script>" or "<!--" can appear in it. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
