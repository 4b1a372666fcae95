import { LRUCache } from "lru-cache";
import { referringSite } from "~/lib/attribution";
import { ENTRY_PAGES, SITE_PAGES } from "~/content/site-pages";
import { getContentVersion } from "./content-version.server";
import { detectLocale } from "./i18n.server";
import { getTranslationVersion } from "./translations.server";
import { VISITOR_COOKIE } from "./visitor-cookie.server";

/**
 * The edge HTML cache for anonymous visitors (decision 027): the rendered HTML of a content page in
 * Cloudflare's Cache API, keyed by path, language, build, content version and translation version,
 * and served with a fresh CSP nonce every time. The isolate keeps the pages it served last in front
 * of it (decision 031), by the same key and for no longer.
 *
 * A page opts in by its lifetime in the one list of public pages (`app/content/site-pages.ts`). A
 * publish (content version) or a copy edit (translation version) or a deploy (build) changes the
 * key, so no entry outlives what it shows; the lifetime only bounds figures that move on their own
 * (the goal, the upcoming events).
 */
const PAGE_CACHE_SECONDS: ReadonlyMap<string, number> = new Map(
  SITE_PAGES.flatMap((page) => ("cacheSeconds" in page ? [[page.path, page.cacheSeconds] as const] : [])),
);
/** Pages made from an entry, one per address: `:slug` stands for one path segment. */
const ENTRY_PAGE_CACHE_SECONDS = ENTRY_PAGES.map((page) => ({
  pattern: new RegExp(`^${page.path.replace(/:\w+/g, "[^/]+")}$`),
  seconds: page.cacheSeconds,
}));

/**
 * Cookies no cached page reads: the language choice (part of the key), Cloudflare's own, and the
 * visitor id the Checkout limit counts by, which only posts read (decision 024). The cookie
 * banner's answer is not a cookie at all: it is kept in localStorage and applied before first
 * paint, so the page is the same HTML whatever the visitor answered (decision 030).
 */
const NEUTRAL_COOKIE = new RegExp(`^(lng|${VISITOR_COOKIE}|__cf\\w*|cf_\\w+)$`);

/** Stands in the stored HTML for the nonce; each response gets its own (never one nonce twice). */
const NONCE_PLACEHOLDER = "__page_cache_nonce__";

/** Cloudflare's cache for this location (`caches.default`; the DOM's CacheStorage type lacks it). */
const edgeCache = () => (caches as unknown as { default: Cache }).default;

/** The header that says whether the page cache answered (tests, the bench, debugging). */
export const PAGE_CACHE_HEADER = "X-Page-Cache";

/** Any cookie that may belong to a session (or anything else about the visitor) bypasses the cache. */
function onlyNeutralCookies(request: Request): boolean {
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const name = part.split("=")[0]!.trim();
    if (name && !NEUTRAL_COOKIE.test(name)) return false;
  }
  return true;
}

/** How long this request's page may be kept, or null when the cache must not be used at all. */
export function pageCacheSeconds(request: Request): number | null {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  // A query carries choices (language, filters, amounts, tokens): such pages are rendered fresh.
  if (url.search) return null;
  // A visit from another site carries that site in the page's forms (AttributionField, decision
  // 056): its page is its own, never one kept for (or from) another visitor.
  if (referringSite(url, request.headers.get("Referer"))) return null;
  const seconds =
    PAGE_CACHE_SECONDS.get(url.pathname) ??
    ENTRY_PAGE_CACHE_SECONDS.find(({ pattern }) => pattern.test(url.pathname))?.seconds;
  if (!seconds) return null;
  return onlyNeutralCookies(request) ? seconds : null;
}

/** The cache key: path, language, build, content version and translation version. */
export async function pageCacheKey(request: Request, env: Env, build: string): Promise<Request> {
  const url = new URL(request.url);
  const [content, translations] = await Promise.all([getContentVersion(env), getTranslationVersion(env)]);
  const parts = [build, detectLocale(request), content, translations].map(encodeURIComponent);
  return new Request(`${url.origin}/__page-cache/${parts.join("/")}${url.pathname}`);
}

/** Headers of a stored page that belong to the stored copy, not to an answer. */
const STORED_ONLY_HEADERS = ["Cache-Control", "Age", "Expires", "ETag", "CF-Cache-Status", "Content-Length"];
/** When the page was rendered (ms since the epoch), so a copy taken from the edge ends when it does. */
const STORED_AT_HEADER = "X-Page-Cache-Stored";

/**
 * The isolate's own tier in front of the edge cache (decision 031): the pages this isolate served
 * last, by the same key and until the same moment as their edge entry, within a budget of bytes
 * (least recently served first out, by lru-cache). A hit here costs no call out of the isolate; on Cloudflare
 * the edge cache is a lookup in the location, locally it goes through miniflare to Node.
 */
type KeptPage = {
  /**
   * The HTML as UTF-8, split where the nonce goes, so each answer is its bytes with its own nonce
   * between them: no string to join and encode again on every hit.
   */
  parts: Uint8Array[];
  headers: [string, string][];
  bytes: number;
};
/** A few dozen pages in both languages; an isolate has 128 MB. */
export const ISOLATE_TIER_BYTES = 8 * 1024 * 1024;
const isolateTier = new LRUCache<string, KeptPage>({
  maxSize: ISOLATE_TIER_BYTES,
  maxEntrySize: ISOLATE_TIER_BYTES / 4,
  sizeCalculation: (kept) => kept.bytes,
  // Date.now(), the clock the rest of the Worker reads (and the tests move), read at each look-up:
  // lru-cache would otherwise keep "now" until a timer clears it, and workerd drops a timer
  // when the request that set it ends, so "now" could stay put and nothing would expire.
  perf: { now: () => Date.now() },
  ttlResolution: 0,
});

const utf8 = new TextEncoder();

function keepInIsolate(key: string, html: string, headers: Headers, expiresAt: number) {
  const ttl = expiresAt - Date.now();
  if (ttl <= 0) return;
  const parts = html.split(NONCE_PLACEHOLDER).map((part) => utf8.encode(part));
  const bytes = parts.reduce((total, part) => total + part.byteLength, 0);
  const answer = new Headers(headers);
  for (const name of [...STORED_ONLY_HEADERS, STORED_AT_HEADER]) answer.delete(name);
  answer.set(PAGE_CACHE_HEADER, "hit");
  isolateTier.set(key, { parts, headers: [...answer], bytes }, { ttl });
}

function fromIsolate(key: string, nonce: string): Response | null {
  const kept = isolateTier.get(key);
  if (!kept) return null;
  return new Response(withNonce(kept, utf8.encode(nonce)), { status: 200, headers: kept.headers });
}

/** The page's bytes with the nonce's between its parts (`bytes` is the parts' total, kept once). */
function withNonce({ parts, bytes }: KeptPage, nonce: Uint8Array): Uint8Array<ArrayBuffer> {
  const body = new Uint8Array(bytes + nonce.byteLength * (parts.length - 1));
  let at = 0;
  for (const [index, part] of parts.entries()) {
    if (index > 0) {
      body.set(nonce, at);
      at += nonce.byteLength;
    }
    body.set(part, at);
    at += part.byteLength;
  }
  return body;
}

/** The stored page, with the fresh nonce in place of the placeholder, or null on a miss. */
export async function readCachedPage(key: Request, nonce: string): Promise<Response | null> {
  const kept = fromIsolate(key.url, nonce);
  if (kept) return kept;
  const hit = await edgeCache().match(key);
  if (!hit) return null;
  const html = await hit.text();
  const storedAt = Number(hit.headers.get(STORED_AT_HEADER));
  const maxAge = Number(/max-age=(\d+)/.exec(hit.headers.get("Cache-Control") ?? "")?.[1]);
  if (storedAt && maxAge) keepInIsolate(key.url, html, hit.headers, storedAt + maxAge * 1000);
  const headers = new Headers(hit.headers);
  for (const name of [...STORED_ONLY_HEADERS, STORED_AT_HEADER]) headers.delete(name);
  headers.set(PAGE_CACHE_HEADER, "hit");
  return new Response(html.replaceAll(NONCE_PLACEHOLDER, nonce), { status: 200, headers });
}

/**
 * `<link rel="modulepreload">`, which React Router's `<Scripts>` writes for every module of the
 * first view and React hoists into the `<head>`: the browser then fetches the modules at high
 * priority beside the stylesheet and the largest image, and Lighthouse's simulated paint waits
 * for them (decision 037). Every page works without JavaScript, so none of them is needed to paint.
 */
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;

/** Whether a rendered response may be kept: a whole 200 HTML page that sets no cookie. */
function storable(response: Response): boolean {
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  return (
    response.status === 200 &&
    !response.headers.has("Set-Cookie") &&
    (response.headers.get("Content-Type") ?? "").startsWith("text/html") &&
    !/no-store|private/.test(cacheControl)
  );
}

/**
 * Keeps a freshly rendered page (with the placeholder for its nonce) when it may be kept, and
 * answers with it. The page was rendered whole (entry.server.tsx waits for it), so it is read here.
 */
export async function storeRenderedPage(
  response: Response,
  key: Request,
  options: { nonce: string; seconds: number },
): Promise<Response> {
  if (!storable(response)) {
    const answer = new Response(response.body, response);
    answer.headers.set(PAGE_CACHE_HEADER, "bypass");
    return answer;
  }
  // The cached page leaves React Router's module preloads out (decision 050): the page paints
  // before its scripts, which the browser still asks for from the module script at the end.
  const html = (await response.text()).replace(MODULE_PRELOAD, "");
  const stored = new Headers(response.headers);
  const storedAt = Date.now();
  stored.set("Cache-Control", `public, max-age=${options.seconds}`);
  stored.set(STORED_AT_HEADER, String(storedAt));
  const storedHtml = html.replaceAll(options.nonce, NONCE_PLACEHOLDER);
  keepInIsolate(key.url, storedHtml, stored, storedAt + options.seconds * 1000);
  // Awaited, not left to waitUntil: the next visitor's request, in any isolate, should find it.
  await edgeCache().put(key, new Response(storedHtml, { status: 200, headers: stored }));
  const headers = new Headers(response.headers);
  headers.set(PAGE_CACHE_HEADER, "miss");
  return new Response(html, { status: 200, headers });
}
