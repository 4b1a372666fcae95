import type { i18n as I18n } from "i18next";
import type { DetectorOptions } from "i18next-browser-languagedetector";
import { LOCALE_COOKIE, LOCALE_QUERY_PARAM, LOCALE_STORAGE_KEY } from "~/lib/i18n";

/** The browser's detection order of docs/product.md §1. Saving happens only on purpose (see saveLanguage). */
const DETECTION: DetectorOptions = {
  order: ["querystring", "cookie", "localStorage", "sessionStorage", "navigator", "htmlTag"],
  lookupQuerystring: LOCALE_QUERY_PARAM,
  lookupCookie: LOCALE_COOKIE,
  lookupLocalStorage: LOCALE_STORAGE_KEY,
  lookupSessionStorage: LOCALE_STORAGE_KEY,
  caches: ["localStorage", "cookie"],
  cookieMinutes: 525_600,
  cookieOptions: { path: "/", sameSite: "lax" },
};

type Detector = {
  detect(): string | readonly string[] | undefined;
  cacheUserLanguage(language: string): void;
};

let detector: Promise<Detector> | undefined;

/**
 * The detector is not needed to show the page (the server already chose the language), so it
 * loads after hydration and stays out of the first view's JavaScript.
 */
export function browserLanguageDetector(i18n: I18n): Promise<Detector> {
  detector ??= import("i18next-browser-languagedetector").then(
    ({ default: LanguageDetector }) => new LanguageDetector(i18n.services, DETECTION) as Detector,
  );
  return detector;
}
