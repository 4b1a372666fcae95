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

/**
 * The hidden field every public form other than /donate carries the visit's attribution in
 * (`AttributionField`); /donate carries the same text as its step value `source`.
 */
export const ATTRIBUTION_FIELD = "attribution";

const MAX_VALUE = 100;
const clean = (value: string | null) =>
  value
    ?.replace(/[\p{Cc}\u2028\u2029]/gu, "")
    .trim()
    .slice(0, MAX_VALUE) || undefined;

/** An attribution as one line for staff ("utm_campaign=spring · referrer=news.example"), or null. */
export function describeAttribution(attribution: Attribution | null | undefined): string | null {
  const pairs = Object.entries(attribution ?? {}).map(([key, value]) => `${key}=${value}`);
  return pairs.length > 0 ? pairs.join(" · ") : null;
}

/** An attribution's cells in an export, in the order of ATTRIBUTION_KEYS (its columns' names). */
export function attributionCells(attribution: Attribution | null | undefined): string[] {
  return ATTRIBUTION_KEYS.map((key) => attribution?.[key] ?? "");
}

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

/** The attribution a form posted in its hidden field: only ever reported, never trusted. */
export function postedAttribution(formData: FormData): Attribution | null {
  const text = formData.get(ATTRIBUTION_FIELD);
  return typeof text === "string" ? parseAttribution(text) : null;
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
  const referrer = referringSite(url, referer);
  if (referrer) params.set("referrer", referrer.slice(0, MAX_VALUE));
  return params.toString();
}

/** The host of the Referer when it is another site than `url`'s, else null (a page of our own is not a source). */
export function referringSite(url: URL, referer: string | null): string | null {
  if (!referer) return null;
  try {
    const host = new URL(referer).host;
    return host && host !== url.host ? host : null;
  } catch {
    // A Referer that is not a URL says nothing about where the visitor came from.
    return null;
  }
}
