import { readCookie } from "./cookies.server";

/**
 * A random id for one browser, set by the pages that start a Checkout (/donate, an event's
 * ticket form), so the Checkout limit counts browsers rather than addresses: a room of people
 * behind one address each keep their own allowance (decision 024). Strictly necessary (it
 * protects the payment step), so it needs no consent (decision 015); it holds nothing else.
 */
export const VISITOR_COOKIE = "visitor";
const VISITOR_ID = /^[A-Za-z0-9-]{16,64}$/;

/** The browser's visitor id, or null when it has none (or a malformed one). */
export function readVisitorId(request: Request): string | null {
  const id = readCookie(request, VISITOR_COOKIE);
  return id && VISITOR_ID.test(id) ? id : null;
}

/** A Set-Cookie header giving a browser its visitor id, or null when it already has one. */
export function visitorCookieHeader(request: Request): string | null {
  if (readVisitorId(request)) return null;
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${VISITOR_COOKIE}=${crypto.randomUUID()}; Path=/; Max-Age=${30 * 24 * 3600}; HttpOnly; SameSite=Lax${secure}`;
}
