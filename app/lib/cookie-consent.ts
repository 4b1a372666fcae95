/**
 * What every page needs of the cookie choice before anyone touches the banner: whether it was
 * answered, the banner's open mark and the footer's way to reopen it. The preferences themselves are
 * in cookie-preferences.ts, which only the banner's code loads (decision 068).
 */

/** Storage key of docs/product.md §4 that holds the answer ("necessary", "all" or "custom"). */
export const COOKIE_CONSENT_KEY = "cookieConsent";

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

/** Whether the visitor answered the banner (the head script asks the same before first paint). */
export function hasCookieChoice(storage: Storage): boolean {
  try {
    return storage.getItem(COOKIE_CONSENT_KEY) !== null;
  } catch {
    return true; // storage blocked: nothing optional can be stored, so there is nothing to ask
  }
}
