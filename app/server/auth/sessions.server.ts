import { and, desc, eq, gt, isNull, lt, ne } from "drizzle-orm";
import type { SessionUser } from "~/lib/session-user";
import { isStaffRole } from "~/lib/vocabulary";
import { readCookie } from "../kernel/cookies.server";
import { getDb } from "../db/client.server";
import { passwordResets, sessions, totpCredentials, users } from "../db/schema";
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

/** How stale a session's "last seen" may get before a request writes it again (one D1 write per few minutes, not per page). */
const LAST_SEEN_PRECISION_MS = 5 * 60 * 1000;

/** The most of a User-Agent kept: enough to tell a phone from a laptop. */
const USER_AGENT_MAX_LENGTH = 300;

export type SessionStart = {
  /** Whether the person passed a second factor on the way in (decision 048). */
  secondFactor: boolean;
  request: Request;
};

/** Stores a new session (only the token's hash) and returns the Set-Cookie header for it. */
export async function createSession(
  env: Pick<Env, "DB">,
  userId: string,
  { secondFactor, request }: SessionStart,
): Promise<string> {
  const token = newToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000).toISOString();
  await getDb(env)
    .insert(sessions)
    .values({
      tokenHash: await sha256Hex(token),
      userId,
      expiresAt,
      secondFactorAt: secondFactor ? now.toISOString() : null,
      userAgent: (request.headers.get("User-Agent") ?? "").slice(0, USER_AGENT_MAX_LENGTH),
      lastSeenAt: now.toISOString(),
    });
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
 * Rotation: the current session row is deleted and a new token issued, keeping whether it
 * passed a second factor. Returns the Set-Cookie header, or null when the request has no live
 * session.
 */
export async function rotateSession(request: Request, env: Pick<Env, "DB">): Promise<string | null> {
  const token = readCookie(request, SESSION_COOKIE);
  if (!token) return null;
  const db = getDb(env);
  const [old] = await db
    .delete(sessions)
    .where(eq(sessions.tokenHash, await sha256Hex(token)))
    .returning({
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      secondFactorAt: sessions.secondFactorAt,
    });
  if (!old || old.expiresAt <= new Date().toISOString()) return null;
  return createSession(env, old.userId, { secondFactor: old.secondFactorAt !== null, request });
}

/** After a password change every session of the account ends. */
export async function destroyAllSessions(env: Pick<Env, "DB">, userId: string) {
  await getDb(env).delete(sessions).where(eq(sessions.userId, userId));
}

/** An authenticator key offered and never confirmed is dropped after this long; a visit then offers a new one. */
const UNCONFIRMED_KEY_DAYS = 7;

/**
 * The Cron Trigger clears expired sessions and reset links (they open nothing anyway), and
 * authenticator keys offered a week ago and never confirmed (decision 048).
 */
export async function pruneExpiredSessions(env: Pick<Env, "DB">, now: Date = new Date()) {
  const keysBefore = new Date(now.getTime() - UNCONFIRMED_KEY_DAYS * 86_400_000).toISOString();
  const db = getDb(env);
  await db.batch([
    db.delete(sessions).where(lt(sessions.expiresAt, now.toISOString())),
    db.delete(passwordResets).where(lt(passwordResets.expiresAt, now.toISOString())),
    db
      .delete(totpCredentials)
      .where(and(isNull(totpCredentials.confirmedAt), lt(totpCredentials.createdAt, keysBefore))),
  ]);
}

type CurrentSession = { user: SessionUser; tokenHash: string };

/**
 * The request's live session and its user, or null. An ADMIN or STAFF session that has not
 * passed a second factor (one from before decision 048, or a USER's made staff since) is no
 * session at all: /admin and every page treat its owner as signed out.
 */
export async function getCurrentSession(
  request: Request,
  env: Pick<Env, "DB">,
): Promise<CurrentSession | null> {
  const token = readCookie(request, SESSION_COOKIE);
  if (!token) return null;
  const tokenHash = await sha256Hex(token);
  const db = getDb(env);
  const now = new Date();
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      secondFactorAt: sessions.secondFactorAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now.toISOString())))
    .limit(1);
  if (!row || (isStaffRole(row.role) && row.secondFactorAt === null)) return null;
  if (!row.lastSeenAt || now.getTime() - Date.parse(row.lastSeenAt) > LAST_SEEN_PRECISION_MS) {
    await db.update(sessions).set({ lastSeenAt: now.toISOString() }).where(eq(sessions.tokenHash, tokenHash));
  }
  const { id, name, email, role } = row;
  return { user: { id, name, email, role }, tokenHash };
}

/** The signed-in user for this request, or null. Sessions are stored under the token's hash. */
export async function getSessionUser(request: Request, env: Pick<Env, "DB">): Promise<SessionUser | null> {
  return (await getCurrentSession(request, env))?.user ?? null;
}

/**
 * A person's live sessions, newest first, for the security page. `id` is the token's hash:
 * it names a row and, being a hash, opens nothing.
 */
export async function listSessions(env: Pick<Env, "DB">, userId: string) {
  return getDb(env)
    .select({
      id: sessions.tokenHash,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      secondFactorAt: sessions.secondFactorAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date().toISOString())))
    .orderBy(desc(sessions.createdAt));
}

/** Ends one of a person's sessions (never someone else's). Returns whether one ended. */
export async function destroyOwnSession(env: Pick<Env, "DB">, userId: string, tokenHash: string) {
  const ended = await getDb(env)
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.tokenHash, tokenHash)))
    .returning({ id: sessions.tokenHash });
  return ended.length > 0;
}

/** "Sign out everywhere else": every session of the person but this one. */
export async function destroyOtherSessions(env: Pick<Env, "DB">, userId: string, keepTokenHash: string) {
  await getDb(env)
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash)));
}
