import { describe, expect, it } from "vitest";
import { COOKIE_CONSENT_KEY } from "~/lib/cookie-consent";
import {
  COOKIE_PREFERENCES_EVENT,
  COOKIE_PREFERENCES_KEY,
  DEFAULT_COOKIE_PREFERENCES,
  hasAnalyticsConsent,
  LEGACY_COOKIE_PREFERENCES_KEY,
  readCookiePreferences,
  saveCookiePreferences,
} from "~/lib/cookie-preferences";

/** A Storage like the browser's, for the module's pure logic. */
function memoryStorage(entries: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, String(value)),
  };
}

describe("cookie preferences", () => {
  it("defaults to necessary only", () => {
    expect(readCookiePreferences(memoryStorage())).toEqual(DEFAULT_COOKIE_PREFERENCES);
  });

  it("reads the current key before the legacy one", () => {
    const storage = memoryStorage({
      [COOKIE_PREFERENCES_KEY]: JSON.stringify({ analytics: true }),
      [LEGACY_COOKIE_PREFERENCES_KEY]: JSON.stringify({ marketing: true }),
    });
    expect(readCookiePreferences(storage)).toMatchObject({ analytics: true, marketing: false });
  });

  it("falls back to the legacy key, and ignores corrupt values", () => {
    const legacy = memoryStorage({ [LEGACY_COOKIE_PREFERENCES_KEY]: JSON.stringify({ functional: true }) });
    expect(readCookiePreferences(legacy).functional).toBe(true);
    for (const corrupt of ["{nope", "[]", "42", JSON.stringify({ analytics: "yes" })]) {
      expect(readCookiePreferences(memoryStorage({ [COOKIE_PREFERENCES_KEY]: corrupt }))).toEqual(
        DEFAULT_COOKIE_PREFERENCES,
      );
    }
  });

  it("saves to the current key only, records the choice and broadcasts it", () => {
    const storage = memoryStorage();
    const events = new EventTarget();
    let received: unknown;
    events.addEventListener(COOKIE_PREFERENCES_EVENT, (event) => (received = (event as CustomEvent).detail));
    const preferences = { ...DEFAULT_COOKIE_PREFERENCES, analytics: true };
    saveCookiePreferences(storage, preferences, "custom", events);
    expect(JSON.parse(storage.getItem(COOKIE_PREFERENCES_KEY)!)).toEqual(preferences);
    expect(storage.getItem(LEGACY_COOKIE_PREFERENCES_KEY)).toBeNull();
    expect(storage.getItem(COOKIE_CONSENT_KEY)).toBe("custom");
    expect(received).toEqual(preferences);
    expect(hasAnalyticsConsent(storage)).toBe(true);
  });
});
