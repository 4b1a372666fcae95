import { getContentVersion } from "../content/version.server";
import { detectLocale } from "./i18n.server";
import { getTranslationVersion } from "./translations.server";
import { VISITOR_COOKIE } from "./visitor-cookie.server";

/**
 * The edge HTML cache for anonymous visitors (decision 027): the rendered HTML of a content page in
 * Cloudflare's Cache API, keyed by path, language, build, content version and translation version,
 * and served with a fresh CSP nonce every time.
 *
 * A page opts in here, in this one list, with how long it may be kept. A publish (content
 * version) or a copy edit (translation version) or a deploy (build) changes the key, so no entry
 * outlives what it shows; the lifetime only bounds figures that move on their own (the goal, the
 * upcoming events).
 */
const LIVE_SECONDS = 60;
const CONTENT_SECONDS = 600;
const PAGE_CACHE_SECONDS: Record<string, number> = {
  "/": LIVE_SECONDS,
  "/events": LIVE_SECONDS,
  "/donate": LIVE_SECONDS,
  "/give": LIVE_SECONDS,
  ...Object.fromEntries(
    [
      "/about",
      "/mission",
      "/team",
      "/history",
      "/programs",
      "/education",
      "/athletics",
      "/mentorship",
      "/services",
      "/impact",
      "/reports",
      "/stories",
      "/calculator",
      "/blog",
      "/partner",
      "/volunteer",
      "/get-involved",
      "/join",
      "/join-our-team",
      "/contact",
      "/privacy",
      "/terms",
      "/accessibility",
    ].map((path) => [path, CONTENT_SECONDS]),
  ),
};
/** Paths under these prefixes take the prefix's lifetime (one blog post per address). */
const PAGE_CACHE_PREFIXES: Record<string, number> = { "/blog/": CONTENT_SECONDS };

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

/** How long this request's page may be kept, or null when the cache must not be used at all. */
export function pageCacheSeconds(request: Request): number | null {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  // A query carries choices (language, filters, amounts, tokens): such pages are rendered fresh.
  if (url.search) return null;
  const seconds =
    PAGE_CACHE_SECONDS[url.pathname] ??
    Object.entries(PAGE_CACHE_PREFIXES).find(
      ([prefix]) => url.pathname.startsWith(prefix) && url.pathname.length > prefix.length,
    )?.[1];
  if (!seconds) return null;
  // Any cookie that may belong to a session (or anything else about the visitor) bypasses it.
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const name = part.split("=")[0]!.trim();
    if (name && !NEUTRAL_COOKIE.test(name)) return null;
  }
  return seconds;
}

/** The cache key: path, language, build, content version and translation version. */
export async function pageCacheKey(request: Request, env: Env, build: string): Promise<Request> {
  const url = new URL(request.url);
  const [content, translations] = await Promise.all([getContentVersion(env), getTranslationVersion(env)]);
  const parts = [build, detectLocale(request), content, translations].map(encodeURIComponent);
  return new Request(`${url.origin}/__page-cache/${parts.join("/")}${url.pathname}`);
}

/** The stored page, with the fresh nonce in place of the placeholder, or null on a miss. */
export async function readCachedPage(key: Request, nonce: string): Promise<Response | null> {
  const hit = await edgeCache().match(key);
  if (!hit) return null;
  const html = (await hit.text()).replaceAll(NONCE_PLACEHOLDER, nonce);
  const headers = new Headers(hit.headers);
  for (const name of ["Cache-Control", "Age", "Expires", "ETag", "CF-Cache-Status", "Content-Length"])
    headers.delete(name);
  headers.set(PAGE_CACHE_HEADER, "hit");
  return new Response(html, { status: 200, headers });
}

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
  const html = await response.text();
  const stored = new Headers(response.headers);
  stored.set("Cache-Control", `public, max-age=${options.seconds}`);
  // Awaited, not left to waitUntil: the next visitor's request should find it.
  await edgeCache().put(
    key,
    new Response(html.replaceAll(options.nonce, NONCE_PLACEHOLDER), { status: 200, headers: stored }),
  );
  const headers = new Headers(response.headers);
  headers.set(PAGE_CACHE_HEADER, "miss");
  return new Response(html, { status: 200, headers });
}
