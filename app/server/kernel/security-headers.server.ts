/**
 * Security headers for every response the Worker produces (docs/architecture.md, Security defaults).
 * Scripts run only with the per-request nonce; 'strict-dynamic' lets those scripts load the
 * route chunks they import without listing every file.
 */
export function contentSecurityPolicy(
  nonce: string,
  formActionOrigins: readonly string[] = [],
  frameOrigins: readonly string[] = [],
): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    // React sets style attributes (for example on progress bars); no inline <style> comes from users.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    // Only when Turnstile is configured: its challenge runs in a frame from its own origin.
    ...(frameOrigins.length > 0 ? [["frame-src 'self'", ...frameOrigins].join(" ")] : []),
    "base-uri 'none'",
    "frame-ancestors 'none'",
    // Chrome applies form-action to the redirect that follows a post (Stripe Checkout).
    ["form-action 'self'", ...formActionOrigins].join(" "),
    "upgrade-insecure-requests",
  ].join("; ");
}

export function applySecurityHeaders(
  response: Response,
  options: {
    nonce: string;
    requestId: string;
    secure: boolean;
    formActionOrigins?: readonly string[];
    frameOrigins?: readonly string[];
  },
): Response {
  // Responses built with Response.redirect() and some fetch results have immutable headers.
  const result = new Response(response.body, response);
  const headers = result.headers;
  const isHtml = headers.get("Content-Type")?.includes("text/html") ?? false;
  if (isHtml) {
    let csp = contentSecurityPolicy(options.nonce, options.formActionOrigins, options.frameOrigins);
    // Over plain http (local runs) upgrading requests would break every asset.
    if (!options.secure) csp = csp.replace("; upgrade-insecure-requests", "");
    headers.set("Content-Security-Policy", csp);
  }
  if (options.secure)
    headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains; preload");
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set(
    "Permissions-Policy",
    "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
  );
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("X-Request-Id", options.requestId);
  return result;
}
