import { readCookie } from "./cookies.server";
import { signToken, verifyToken } from "./signed-token.server";

/**
 * A random id for one browser, set by the pages that start a Checkout (/donate, an event's
 * ticket form), so the Checkout limit counts browsers rather than addresses: a room of people
 * behind one address each keep their own allowance (decision 024). The server signs the id, so
 * a limit never counts an id the client chose (decision 046). Strictly necessary (it protects the
 * payment step), so it needs no consent (decision 015); it holds nothing else.
 */
export const VISITOR_COOKIE = "visitor";
const PURPOSE = "visitor";
const MAX_AGE_SECONDS = 30 * 24 * 3600;
/** signToken's `payload.signature` in base64url, of a UUID's payload: nothing else is read. */
const SIGNED_ID = /^[A-Za-z0-9_-]{16,200}\.[A-Za-z0-9_-]{16,100}$/;

type SigningEnv = Pick<Env, "CACHE" | "LINK_SIGNING_SECRET">;

/** The browser's visitor id, or null when it has none, a malformed one or one we did not sign. */
export async function readVisitorId(env: SigningEnv, request: Request): Promise<string | null> {
  const cookie = readCookie(request, VISITOR_COOKIE);
  if (!cookie || !SIGNED_ID.test(cookie)) return null;
  return verifyToken(env, PURPOSE, cookie);
}

/** A Set-Cookie header giving a browser a signed visitor id, or null when it already has one. */
export async function visitorCookieHeader(env: SigningEnv, request: Request): Promise<string | null> {
  if (await readVisitorId(env, request)) return null;
  const value = await signToken(env, PURPOSE, crypto.randomUUID(), MAX_AGE_SECONDS);
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${VISITOR_COOKIE}=${value}; Path=/; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}`;
}
