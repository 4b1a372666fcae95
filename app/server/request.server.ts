import type { RequestHandler } from "react-router";
import { RouterContextProvider } from "react-router";
import { requestContext } from "./context.server";
import { applySecurityHeaders } from "./security-headers.server";
import { TURNSTILE_ORIGIN, turnstileEnabled } from "./turnstile.server";

/** Paths that take posts from other sites by design, each with its own authentication. */
const CROSS_ORIGIN_POST_PATHS = new Set(["/api/v1/stripe/webhook"]);

function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** A post whose Origin (or Sec-Fetch-Site) says it came from another site is refused. */
export function isCrossOriginPost(request: Request): boolean {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return false;
  const url = new URL(request.url);
  if (CROSS_ORIGIN_POST_PATHS.has(url.pathname)) return false;
  const origin = request.headers.get("Origin");
  if (origin) return origin !== url.origin;
  const site = request.headers.get("Sec-Fetch-Site");
  return site === "cross-site";
}

/** The Worker's fetch handler: context, cross-origin check, React Router, security headers. */
export async function handleFetch(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  handleRequest: RequestHandler,
): Promise<Response> {
  const nonce = createNonce();
  const requestId = request.headers.get("cf-ray") ?? crypto.randomUUID();
  const url = new URL(request.url);
  const secure = url.protocol === "https:";
  const formActionOrigins = env.STRIPE_CHECKOUT_ORIGIN ? [env.STRIPE_CHECKOUT_ORIGIN] : [];
  const frameOrigins = turnstileEnabled(env) ? [TURNSTILE_ORIGIN] : [];

  let response: Response;
  if (isCrossOriginPost(request)) {
    response = new Response("Cross-origin form posts are not accepted.", {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  } else {
    const context = new RouterContextProvider();
    context.set(requestContext, { env, ctx, nonce, requestId });
    response = await handleRequest(request, context);
  }
  return applySecurityHeaders(response, { nonce, requestId, secure, formActionOrigins, frameOrigins });
}
