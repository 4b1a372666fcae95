import { and, eq, gt, lt } from "drizzle-orm";
import type { SessionUser } from "~/lib/session-user";
import { readCookie } from "../kernel/cookies.server";
import { getDb } from "../db/client.server";
import { passwordResets, sessions, users } from "../db/schema";
import { sha256Hex } from "../kernel/sha256.server";

const SESSION_COOKIE = "session";

/** Sessions last 30 days; POST /api/v1/auth/refresh trades a session for a fresh one. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

function sessionCookie(token: string): string {
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=${SESSION_MAX_AGE_SECONDS}`;
}

export function clearSessionCookie(): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=0`;
}

/** Stores a new session (only the token's hash) and returns the Set-Cookie header for it. */
export async function createSession(env: Pick<Env, "DB">, userId: string): Promise<string> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000).toISOString();
  await getDb(env)
    .insert(sessions)
    .values({ tokenHash: await sha256Hex(token), userId, expiresAt });
  return sessionCookie(token);
}

/** Ends the request's session, if any. Always safe to call. */
export async function destroySession(request: Request, env: Pick<Env, "DB">): Promise<void> {
  const token = readCookie(request, SESSION_COOKIE);
  if (!token) return;
  await getDb(env)
    .delete(sessions)
    .where(eq(sessions.tokenHash, await sha256Hex(token)));
}

/**
 * Rotation: the current session row is deleted and a new token issued. Returns the
 * Set-Cookie header, or null when the request has no live session.
 */
export async function rotateSession(request: Request, env: Pick<Env, "DB">): Promise<string | null> {
  const token = readCookie(request, SESSION_COOKIE);
  if (!token) return null;
  const db = getDb(env);
  const [old] = await db
    .delete(sessions)
    .where(eq(sessions.tokenHash, await sha256Hex(token)))
    .returning({ userId: sessions.userId, expiresAt: sessions.expiresAt });
  if (!old || old.expiresAt <= new Date().toISOString()) return null;
  return createSession(env, old.userId);
}

/** After a password change every session of the account ends. */
export async function destroyAllSessions(env: Pick<Env, "DB">, userId: string) {
  await getDb(env).delete(sessions).where(eq(sessions.userId, userId));
}

/** The Cron Trigger clears expired sessions and reset links; they open nothing anyway. */
export async function pruneExpiredSessions(env: Pick<Env, "DB">) {
  const now = new Date().toISOString();
  const db = getDb(env);
  await db.batch([
    db.delete(sessions).where(lt(sessions.expiresAt, now)),
    db.delete(passwordResets).where(lt(passwordResets.expiresAt, now)),
  ]);
}

/** The signed-in user for this request, or null. Sessions are stored under the token's hash. */
export async function getSessionUser(request: Request, env: Pick<Env, "DB">): Promise<SessionUser | null> {
  const token = readCookie(request, SESSION_COOKIE);
  if (!token) return null;
  const tokenHash = await sha256Hex(token);
  const [row] = await getDb(env)
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date().toISOString())))
    .limit(1);
  return row ?? null;
}
