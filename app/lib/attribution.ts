/**
 * Where a gift came from (decision 056): the campaign link's `utm_*` parameters and the site that
 * referred the visitor, read from the landing request and carried in a hidden form field, so no
 * cookie (and no consent) is needed. Carried as URL-encoded text, each value one short line.
 */
export const ATTRIBUTION_KEYS = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "referrer",
] as const;
export type Attribution = Partial<Record<(typeof ATTRIBUTION_KEYS)[number], string>>;

const MAX_VALUE = 100;
const clean = (value: string | null) =>
  value
    ?.replace(/[\p{Cc}\u2028\u2029]/gu, "")
    .trim()
    .slice(0, MAX_VALUE) || undefined;

/** The carried text (URL-encoded pairs) as an attribution: unknown keys dropped, values cleaned. */
export function parseAttribution(text: string | null | undefined): Attribution | null {
  if (!text) return null;
  const params = new URLSearchParams(text.slice(0, 1000));
  const found: Attribution = {};
  for (const key of ATTRIBUTION_KEYS) {
    const value = clean(params.get(key));
    if (value) found[key] = value;
  }
  return Object.keys(found).length > 0 ? found : null;
}

/**
 * The attribution of a landing request: its `utm_*` parameters, and the host of its Referer
 * when that is another site (a page of our own is not a source). Empty text when there is none.
 */
export function landingAttribution(url: URL, referer: string | null): string {
  const params = new URLSearchParams();
  for (const key of ATTRIBUTION_KEYS) {
    const value = key === "referrer" ? null : clean(url.searchParams.get(key));
    if (value) params.set(key, value);
  }
  if (referer) {
    try {
      const host = new URL(referer).host;
      if (host && host !== url.host) params.set("referrer", host.slice(0, MAX_VALUE));
    } catch {
      // A Referer that is not a URL says nothing about where the visitor came from.
    }
  }
  return params.toString();
}
