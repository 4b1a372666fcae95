import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { signUp } from "~/server/auth/accounts.server";
import { createSession } from "~/server/auth/sessions.server";
import { getDb } from "~/server/db/client.server";
import { users } from "~/server/db/schema";
import { isStaffRole, type Role } from "~/lib/vocabulary";
import type { SessionUser } from "~/lib/session-user";

export const PASSWORD = "a long enough password";

/**
 * A user with a role, and the Cookie header of a fresh session for them. The e-mail counts as
 * verified unless `verified: false` (an account just signed up, decision 013). An ADMIN's or
 * STAFF member's session is made as the second step of a sign-in makes it, second factor passed
 * (decision 048); `accounts-second-factor.test.ts` goes through that step itself.
 */
export async function userWithSession(
  email: string,
  role: Role = "USER",
  name = "Test Person",
  { verified = true } = {},
) {
  const created = await signUp(env, { name, email, password: PASSWORD, locale: "en" });
  if (!created.ok) throw new Error(`could not create ${email}`);
  await getDb(env)
    .update(users)
    .set({ role, emailVerifiedAt: verified ? new Date().toISOString() : null })
    .where(eq(users.email, email));
  const user: SessionUser = { ...created.user, role };
  const cookie = isStaffRole(role)
    ? await secondFactorSessionCookie(user.id)
    : await passwordSessionCookie(user.id);
  return { user, cookie };
}

const testRequest = () => new Request("https://example.org/", { headers: { "User-Agent": "worker test" } });

/** "session=…" of a new session that passed its second factor, as the second step of a sign-in makes it (decision 048). */
export async function secondFactorSessionCookie(userId: string): Promise<string> {
  return cookieFrom(await createSession(env, userId, { secondFactor: true, request: testRequest() }));
}

/** "session=…" of a session made by a password alone: a USER's, or a staff member's from before decision 048. */
export async function passwordSessionCookie(userId: string): Promise<string> {
  return cookieFrom(await createSession(env, userId, { secondFactor: false, request: testRequest() }));
}

/** "session=…" from a Set-Cookie header. */
export function cookieFrom(setCookie: string | null): string {
  if (!setCookie) throw new Error("no Set-Cookie");
  return setCookie.split(";")[0]!;
}
