import { and, eq, gt } from "drizzle-orm";
import type { SessionUser } from "~/lib/session-user";
import { readCookie } from "./cookies.server";
import { getDb } from "./db/client.server";
import { sessions, users } from "./db/schema";

export const SESSION_COOKIE = "session";

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
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
