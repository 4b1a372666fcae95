import { eq } from "drizzle-orm";
import { redirect, type RouterContextProvider } from "react-router";
import type { SessionUser } from "~/lib/session-user";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { isStaffRole } from "~/lib/vocabulary";
import { getDb } from "../db/client.server";
import { users } from "../db/schema";
import { readCookie } from "../kernel/cookies.server";
import { signToken, verifyToken } from "../kernel/signed-token.server";
import { secondFactorRequired, secondFactorStatus } from "./second-factor.server";
import { createSession, destroySession, getSessionUser } from "./sessions.server";
import { env } from "../kernel/env.server";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** Where a person lands after signing in: a safe ?redirectTo, else /admin for admins and staff, /account for others. */
export function landingPath(user: SessionUser, redirectTo: unknown): string {
  return safeRedirectPath(redirectTo, isStaffRole(user.role) ? "/admin" : "/account");
}

/** The address of the second step of a sign-in. */
export const SECOND_FACTOR_PATH = "/login/second-factor";

/**
 * Between the password and the second factor the browser holds only this signed cookie: who
 * typed a right password and where they were going, for ten minutes, on the sign-in pages
 * alone. It is not a session; nothing but the second step reads it (decision 048).
 */
const PENDING_COOKIE = "second-factor";
const PENDING_PURPOSE = "second-factor-pending";
const PENDING_TTL_SECONDS = 10 * 60;

function pendingCookie(value: string, maxAge: number) {
  return `${PENDING_COOKIE}=${value}; Path=/login; HttpOnly; Secure; SameSite=Lax; Max-Age=${maxAge}`;
}

/**
 * Finishes a right password. A person who needs a second factor (every ADMIN and STAFF member,
 * and anyone who added one) goes on to the second step with the pending cookie; anyone else
 * gets a session at once.
 */
export async function signInAndRedirect(args: Args, user: SessionUser, to: string) {
  if (secondFactorRequired(user, await secondFactorStatus(env, user.id))) {
    const token = await signToken(
      env,
      PENDING_PURPOSE,
      JSON.stringify({ user: user.id, to }),
      PENDING_TTL_SECONDS,
    );
    return redirect(SECOND_FACTOR_PATH, {
      headers: { "Set-Cookie": pendingCookie(token, PENDING_TTL_SECONDS), "Cache-Control": "no-store" },
    });
  }
  return startSession(args, user, to, { secondFactor: false });
}

/** The person between password and second factor, and where they were going; null when the step has lapsed. */
export async function pendingSignIn({ request }: Args) {
  const token = readCookie(request, PENDING_COOKIE);
  if (!token) return null;
  const claims = await verifyToken(env, PENDING_PURPOSE, token);
  if (!claims) return null;
  const { user: userId, to } = JSON.parse(claims) as { user: string; to: string };
  const [row] = await getDb(env)
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  // The token is the browser's secret of this one sign-in: a passkey's challenge is made from it.
  return row ? { user: row, to: safeRedirectPath(to, "/"), token } : null;
}

/**
 * The headers that start a session (ending any the browser still had) and clear the pending
 * cookie of a second step, for a redirect or for a page that shows something before moving on
 * (the recovery codes).
 */
export async function sessionHeaders(
  { request }: Args,
  user: SessionUser,
  { secondFactor }: { secondFactor: boolean },
) {
  await destroySession(request, env);
  const headers = new Headers({ "Cache-Control": "no-store" });
  headers.append("Set-Cookie", await createSession(env, user.id, { secondFactor, request }));
  if (secondFactor) headers.append("Set-Cookie", pendingCookie("", 0));
  return headers;
}

/** Starts a session and goes on. */
export async function startSession(
  args: Args,
  user: SessionUser,
  to: string,
  start: { secondFactor: boolean },
) {
  return redirect(to, { headers: await sessionHeaders(args, user, start) });
}

/** The login and signup pages send someone already signed in straight on. */
export async function redirectIfSignedIn({ request }: Args) {
  const user = await getSessionUser(request, env);
  if (user) throw redirect(landingPath(user, new URL(request.url).searchParams.get("redirectTo")));
}
