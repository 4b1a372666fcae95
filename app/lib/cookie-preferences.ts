import { COOKIE_CONSENT_KEY } from "./cookie-consent";

/** Storage keys of docs/product.md §4: read the current key, then the legacy one; write only the current. */
export const COOKIE_PREFERENCES_KEY = "cookiePreferences.v2";
export const LEGACY_COOKIE_PREFERENCES_KEY = "cookiePreferences";
export const COOKIE_PREFERENCES_EVENT = "cookiePreferencesUpdated";

export const OPTIONAL_COOKIE_CATEGORIES = ["functional", "performance", "analytics", "marketing"] as const;
export type OptionalCookieCategory = (typeof OPTIONAL_COOKIE_CATEGORIES)[number];
export type CookiePreferences = { necessary: true } & Record<OptionalCookieCategory, boolean>;
export type ConsentChoice = "necessary" | "all" | "custom";

export const DEFAULT_COOKIE_PREFERENCES: CookiePreferences = {
  necessary: true,
  functional: false,
  performance: false,
  analytics: false,
  marketing: false,
};

/**
 * Reads a stored value: an object whose categories are booleans. Older saves may lack
 * categories added since; those take their default (off). Anything else is corrupt.
 * (A plain check rather than a valibot schema: this runs on every page's first view.)
 */
function parse(raw: string | null): CookiePreferences | null {
  if (raw === null) return null;
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof stored !== "object" || stored === null || Array.isArray(stored)) return null;
  const preferences: CookiePreferences = { ...DEFAULT_COOKIE_PREFERENCES };
  for (const category of OPTIONAL_COOKIE_CATEGORIES) {
    const value = (stored as Record<string, unknown>)[category];
    if (value === undefined) continue;
    if (typeof value !== "boolean") return null;
    preferences[category] = value;
  }
  return preferences;
}

/** Corrupt or missing preferences give the defaults. */
export function readCookiePreferences(storage: Storage): CookiePreferences {
  return (
    parse(storage.getItem(COOKIE_PREFERENCES_KEY)) ??
    parse(storage.getItem(LEGACY_COOKIE_PREFERENCES_KEY)) ?? { ...DEFAULT_COOKIE_PREFERENCES }
  );
}

export function preferencesForChoice(choice: "necessary" | "all"): CookiePreferences {
  const on = choice === "all";
  return { necessary: true, functional: on, performance: on, analytics: on, marketing: on };
}

export function saveCookiePreferences(
  storage: Storage,
  preferences: CookiePreferences,
  choice: ConsentChoice,
  events: EventTarget = window,
) {
  storage.setItem(COOKIE_PREFERENCES_KEY, JSON.stringify(preferences));
  storage.setItem(COOKIE_CONSENT_KEY, choice);
  events.dispatchEvent(new CustomEvent(COOKIE_PREFERENCES_EVENT, { detail: preferences }));
}

export function hasAnalyticsConsent(storage: Storage): boolean {
  return readCookiePreferences(storage).analytics;
}
