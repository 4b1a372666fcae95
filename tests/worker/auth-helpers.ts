import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { signUp } from "~/server/auth/accounts.server";
import { createSession } from "~/server/auth/sessions.server";
import { getDb } from "~/server/db/client.server";
import { users } from "~/server/db/schema";
import { type Role } from "~/lib/vocabulary";
import type { SessionUser } from "~/lib/session-user";

export const PASSWORD = "a long enough password";

/**
 * A user with a role, and the Cookie header of a fresh session for them. The e-mail counts as
 * verified unless `verified: false` (an account just signed up, decision 013).
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
  return { user, cookie: cookieFrom(await createSession(env, user.id)) };
}

/** "session=…" from a Set-Cookie header. */
export function cookieFrom(setCookie: string | null): string {
  if (!setCookie) throw new Error("no Set-Cookie");
  return setCookie.split(";")[0]!;
}
