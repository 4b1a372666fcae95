/** Storage keys of docs/product.md §4: read the current key, then the legacy one; write only the current. */
export const COOKIE_PREFERENCES_KEY = "cookiePreferences.v2";
export const LEGACY_COOKIE_PREFERENCES_KEY = "cookiePreferences";
export const COOKIE_CONSENT_KEY = "cookieConsent";
export const COOKIE_PREFERENCES_EVENT = "cookiePreferencesUpdated";

/**
 * The banner is open while <html> has this class: the inline head script sets it before first
 * paint when no choice is stored, the footer's "Cookie settings" sets it again (decision 015).
 */
export const COOKIE_BANNER_OPEN_CLASS = "cookie-banner-open";
/** The open banner's height, which the page reserves at its bottom (app.css). */
export const COOKIE_BANNER_HEIGHT_VAR = "--cookie-banner-height";
export const OPEN_COOKIE_SETTINGS_EVENT = "cookieSettingsOpen";

/** Reopens the banner with its settings shown, so a saved choice can be changed. */
export function openCookieSettings(events: EventTarget = window) {
  events.dispatchEvent(new Event(OPEN_COOKIE_SETTINGS_EVENT));
}

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

/** Whether the visitor answered the banner (the head script asks the same before first paint). */
export function hasCookieChoice(storage: Storage): boolean {
  try {
    return storage.getItem(COOKIE_CONSENT_KEY) !== null;
  } catch {
    return true; // storage blocked: nothing optional can be stored, so there is nothing to ask
  }
}

export function hasAnalyticsConsent(storage: Storage): boolean {
  return readCookiePreferences(storage).analytics;
}
