import { and, count, eq, gt, isNull } from "drizzle-orm";
import type { TFunction } from "i18next";
import type { SessionUser } from "~/lib/session-user";
import { getDb } from "../db/client.server";
import { passwordResets, rateLimits, users } from "../db/schema";
import { queueEmail } from "../mail/outbox.server";
import { clientAddress, hitRateLimit, RATE_LIMITS } from "../rate-limit.server";
import { sha256Hex } from "../session.server";
import { dummyPasswordHash, hashPassword, verifyPassword } from "./password.server";
import { destroyAllSessions } from "./sessions.server";

/** A reset link works once, for an hour. */
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60;
/** At most this many reset e-mails per account and hour, whoever asks (no mail-bombing). */
export const PASSWORD_RESETS_PER_HOUR = 3;

/**
 * Sign-in attempts per visitor over all e-mails (password spraying); RATE_LIMITS.login
 * counts failures per visitor and e-mail.
 */
export const LOGIN_ATTEMPTS_PER_VISITOR = { limit: 50, windowSeconds: 15 * 60 };

type UserRow = typeof users.$inferSelect;
const toSessionUser = (row: UserRow): SessionUser => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
});

export type SignInResult =
  { ok: true; user: SessionUser } | { ok: false; reason: "invalid" | "rate-limited" };

async function loginLimiterKey(request: Request, email: string) {
  return `login:${await sha256Hex(`${clientAddress(request)}|${email}`)}`;
}

/**
 * Checks an e-mail and password. Every attempt counts against RATE_LIMITS.login for this
 * visitor and e-mail; a success clears the count, so only failures add up. An unknown e-mail
 * costs the same hashing time as a wrong password and gets the same answer.
 */
export async function signIn(
  env: Pick<Env, "DB">,
  request: Request,
  credentials: { email: string; password: string },
): Promise<SignInResult> {
  const [perEmail, perVisitor] = await Promise.all([
    hitRateLimit(env, "login", request, RATE_LIMITS.login, credentials.email),
    hitRateLimit(env, "login-visitor", request, LOGIN_ATTEMPTS_PER_VISITOR),
  ]);
  if (!perEmail.allowed || !perVisitor.allowed) return { ok: false, reason: "rate-limited" };

  const db = getDb(env);
  const [row] = await db.select().from(users).where(eq(users.email, credentials.email)).limit(1);
  const stored = row
    ? { hash: row.passwordHash, salt: row.passwordSalt, iterations: row.passwordIterations }
    : await dummyPasswordHash();
  const matches = await verifyPassword(credentials.password, stored);
  if (!row || !matches) return { ok: false, reason: "invalid" };

  await db.delete(rateLimits).where(eq(rateLimits.key, await loginLimiterKey(request, credentials.email)));
  return { ok: true, user: toSessionUser(row) };
}

export type SignUpResult = { ok: true; user: SessionUser } | { ok: false; reason: "exists" };

/** A new USER account. Admins are made only by `npm run admin:create` or another admin. */
export async function signUp(
  env: Pick<Env, "DB">,
  input: { name: string; email: string; password: string; locale: string },
): Promise<SignUpResult> {
  const password = await hashPassword(input.password);
  const [row] = await getDb(env)
    .insert(users)
    .values({
      id: crypto.randomUUID(),
      email: input.email,
      name: input.name,
      passwordHash: password.hash,
      passwordSalt: password.salt,
      passwordIterations: password.iterations,
      role: "USER",
      locale: input.locale,
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row ? { ok: true, user: toSessionUser(row) } : { ok: false, reason: "exists" };
}

function resetToken(): string {
  return [...crypto.getRandomValues(new Uint8Array(32))]
    .map((byte) => byte.toString(16).padStart(2, "0"))
    .join("");
}

/**
 * Queues a single-use reset link when the e-mail has an account; says nothing either way
 * (the page shows the same message). Returns the outbox ids to deliver.
 */
export async function requestPasswordReset(
  env: Pick<Env, "DB" | "SITE_URL">,
  input: { email: string; locale: string; t: TFunction },
): Promise<string[]> {
  const db = getDb(env);
  const [user] = await db.select().from(users).where(eq(users.email, input.email)).limit(1);
  if (!user) return [];
  const hourAgo = new Date(Date.now() - 60 * 60 * 1000).toISOString();
  const [recent] = await db
    .select({ value: count() })
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, user.id), gt(passwordResets.createdAt, hourAgo)));
  if ((recent?.value ?? 0) >= PASSWORD_RESETS_PER_HOUR) return [];
  const token = resetToken();
  const link = new URL(`/reset-password?token=${token}`, env.SITE_URL);
  if (input.locale !== "en") link.searchParams.set("lng", input.locale);
  const outboxId = crypto.randomUUID();
  await db.batch([
    db.insert(passwordResets).values({
      tokenHash: await sha256Hex(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_SECONDS * 1000).toISOString(),
    }),
    queueEmail(
      db,
      {
        to: user.email,
        subject: input.t("reset.emailSubject"),
        text: input.t("reset.emailBody", { name: user.name || user.email, link: link.toString() }),
        template: "account.password-reset",
        locale: input.locale,
      },
      outboxId,
    ),
  ]);
  return [outboxId];
}

/** Whether a reset token can still be used (the page checks before showing the form). */
export async function isResetTokenUsable(env: Pick<Env, "DB">, token: string): Promise<boolean> {
  const [row] = await getDb(env)
    .select({ userId: passwordResets.userId })
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.tokenHash, await sha256Hex(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, new Date().toISOString()),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Sets the new password if the token is unused and unexpired, marks it used (the update is
 * the claim, so two tabs cannot both use it) and ends every session of the account.
 */
export async function resetPassword(
  env: Pick<Env, "DB">,
  input: { token: string; password: string },
): Promise<{ ok: true; user: SessionUser } | { ok: false }> {
  const db = getDb(env);
  const now = new Date().toISOString();
  const [claim] = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResets.tokenHash, await sha256Hex(input.token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResets.userId });
  if (!claim) return { ok: false };
  const password = await hashPassword(input.password);
  const [row] = await db
    .update(users)
    .set({
      passwordHash: password.hash,
      passwordSalt: password.salt,
      passwordIterations: password.iterations,
      updatedAt: now,
    })
    .where(eq(users.id, claim.userId))
    .returning();
  if (!row) return { ok: false };
  // Any other link still in a mailbox stops working too.
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, row.id), isNull(passwordResets.usedAt)));
  await destroyAllSessions(env, row.id);
  return { ok: true, user: toSessionUser(row) };
}
