import type { RequestHandler } from "react-router";
import { RouterContextProvider } from "react-router";
import { requestContext } from "./context.server";
import { clearMalformedCookies } from "./cookies.server";
import { SUPPORTED_LOCALES } from "~/lib/i18n";
import { pageCacheKey, pageCacheSeconds, readCachedPage, storeRenderedPage } from "./page-cache.server";
import { applySecurityHeaders } from "./security-headers.server";
import { BUNDLED } from "./translations.server";
import { TURNSTILE_ORIGIN, turnstileEnabled } from "./turnstile.server";

/**
 * Paths that take posts from other sites by design, each with its own authentication: Stripe's
 * signed webhook, and newsletter one-click unsubscribe (RFC 8058), which a mail provider posts
 * from its own servers and the signed token authorises.
 */
const CROSS_ORIGIN_POST_PATHS = new Set(["/api/v1/stripe/webhook", "/api/v1/newsletter/unsubscribe"]);

function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Where SITE_URL is https, plain http is not a way in (decision 015): the session cookie is
 * `Secure`, so over http sign-in would silently fail, and forms would travel unencrypted.
 * A page request is sent to the same address over https (301). Any other method gets a 400 and
 * runs nothing: its body has already crossed the network in clear, and a browser repeating it
 * after a redirect would send `Origin: null`, which the cross-origin check refuses anyway.
 * Loopback hosts are exempt, so a local run keeps working with production settings.
 */
function refuseInsecureRequest(request: Request, env: Pick<Env, "SITE_URL">): Response | null {
  const url = new URL(request.url);
  if (url.protocol !== "http:" || !env.SITE_URL.startsWith("https:")) return null;
  if (LOOPBACK_HOSTS.has(url.hostname)) return null;
  url.protocol = "https:";
  if (request.method === "GET" || request.method === "HEAD") return Response.redirect(url.toString(), 301);
  // Answered before the language middleware and D1: the shipped copy of both languages.
  const text = SUPPORTED_LOCALES.map((locale) =>
    String((BUNDLED[locale]?.common?.error as Record<string, string>).insecurePost).replace(
      "{{url}}",
      url.toString(),
    ),
  ).join("\n\n");
  return new Response(text, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** A post whose Origin (or Sec-Fetch-Site) says it came from another site is refused. */
function isCrossOriginPost(request: Request): boolean {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return false;
  const url = new URL(request.url);
  if (CROSS_ORIGIN_POST_PATHS.has(url.pathname)) return false;
  const origin = request.headers.get("Origin");
  if (origin) return origin !== url.origin;
  const site = request.headers.get("Sec-Fetch-Site");
  return site === "cross-site";
}

/**
 * The Worker's fetch handler: https only, context, cross-origin check, the edge HTML cache for
 * anonymous content pages (decision 027), React Router, security headers, and the clearing of
 * any cookie that cannot be read (decision 047).
 */
export async function handleFetch(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  handleRequest: RequestHandler,
  buildVersion: () => Promise<string> = async () => "dev",
): Promise<Response> {
  const nonce = createNonce();
  const requestId = request.headers.get("cf-ray") ?? crypto.randomUUID();
  const url = new URL(request.url);
  const secure = url.protocol === "https:";
  const formActionOrigins = env.STRIPE_CHECKOUT_ORIGIN ? [env.STRIPE_CHECKOUT_ORIGIN] : [];
  const frameOrigins = turnstileEnabled(env) ? [TURNSTILE_ORIGIN] : [];

  let response: Response;
  const insecure = refuseInsecureRequest(request, env);
  if (insecure) {
    response = insecure;
  } else if (isCrossOriginPost(request)) {
    response = new Response("Cross-origin form posts are not accepted.", {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  } else {
    const cacheSeconds = pageCacheSeconds(request);
    const cacheKey = cacheSeconds ? await pageCacheKey(request, env, await buildVersion()) : null;
    const cached = cacheKey ? await readCachedPage(cacheKey, nonce) : null;
    if (cached) {
      response = cached;
    } else {
      const context = new RouterContextProvider();
      context.set(requestContext, {
        ctx,
        nonce,
        requestId,
        pageCache: cacheKey !== null,
      });
      response = await handleRequest(request, context);
      if (cacheKey && cacheSeconds) {
        response = await storeRenderedPage(response, cacheKey, { nonce, seconds: cacheSeconds });
      }
    }
  }
  const secured = applySecurityHeaders(response, {
    nonce,
    requestId,
    secure,
    formActionOrigins,
    frameOrigins,
  });
  for (const header of clearMalformedCookies(request)) secured.headers.append("Set-Cookie", header);
  return secured;
}
