import { and, count, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import type { TFunction } from "i18next";
import type { SessionUser } from "~/lib/session-user";
import { getDb } from "../db/client.server";
import { passwordResets, users } from "../db/schema";
import { queueEmail } from "../mail/outbox.server";
import {
  clearRateLimit,
  clearSubjectRateLimit,
  hitRateLimit,
  hitSubjectRateLimit,
  RATE_LIMITS,
} from "../kernel/rate-limit.server";
import { sha256Hex } from "../kernel/sha256.server";
import { signToken, verifyToken } from "../kernel/signed-token.server";
import { dummyPasswordHash, hashPassword, verifyPassword } from "./password.server";
import { destroyAllSessions } from "./sessions.server";

/** A confirmation link works for a day (decision 013). */
const EMAIL_VERIFICATION_TTL_SECONDS = 24 * 60 * 60;
const EMAIL_VERIFICATION_PURPOSE = "verify-email";

/** A reset link works once, for an hour. */
const PASSWORD_RESET_TTL_SECONDS = 60 * 60;
/** At most this many reset e-mails per account and hour, whoever asks (no mail-bombing). */
const PASSWORD_RESETS_PER_HOUR = 3;

/**
 * Sign-in attempts per visitor over all e-mails (password spraying); RATE_LIMITS.login
 * counts failures per visitor and e-mail.
 */
const LOGIN_ATTEMPTS_PER_VISITOR = { limit: 50, windowSeconds: 15 * 60 };

type UserRow = typeof users.$inferSelect;
const toSessionUser = (row: UserRow): SessionUser => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
});

type SignInResult = { ok: true; user: SessionUser } | { ok: false; reason: "invalid" | "rate-limited" };

/**
 * Checks an e-mail and password. Every attempt counts against RATE_LIMITS.login for this
 * visitor and e-mail and against RATE_LIMITS.loginAccount for the e-mail from any address
 * (decision 013); a success clears both, so only failures add up. An unknown e-mail costs the
 * same hashing time and the same counting as a wrong password and gets the same answer.
 */
export async function signIn(
  env: Pick<Env, "DB">,
  request: Request,
  credentials: { email: string; password: string },
): Promise<SignInResult> {
  const [perEmail, perVisitor, perAccount] = await Promise.all([
    hitRateLimit(env, "login", request, RATE_LIMITS.login, credentials.email),
    hitRateLimit(env, "login-visitor", request, LOGIN_ATTEMPTS_PER_VISITOR),
    hitSubjectRateLimit(env, "login-account", credentials.email, RATE_LIMITS.loginAccount),
  ]);
  if (!perEmail.allowed || !perVisitor.allowed || !perAccount.allowed) {
    return { ok: false, reason: "rate-limited" };
  }

  const db = getDb(env);
  const [row] = await db.select().from(users).where(eq(users.email, credentials.email)).limit(1);
  const stored = row
    ? { hash: row.passwordHash, salt: row.passwordSalt, iterations: row.passwordIterations }
    : await dummyPasswordHash();
  const matches = await verifyPassword(credentials.password, stored);
  if (!row || !matches) return { ok: false, reason: "invalid" };

  await Promise.all([
    clearRateLimit(env, "login", request, credentials.email),
    clearSubjectRateLimit(env, "login-account", credentials.email),
  ]);
  return { ok: true, user: toSessionUser(row) };
}

type SignUpResult = { ok: true; user: SessionUser } | { ok: false; reason: "exists" };

/**
 * A new USER account, its e-mail not yet verified. The password is hashed before the insert,
 * so an address that already has an account costs the same time. Admins are made only by
 * `npm run admin:create` or another admin.
 */
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

type MailInput = { locale: string; t: TFunction };

function siteLink(env: Pick<Env, "SITE_URL">, path: string, locale: string) {
  const link = new URL(path, env.SITE_URL);
  if (locale !== "en") link.searchParams.set("lng", locale);
  return link;
}

/**
 * Queues the confirmation link for an unverified account, at most RATE_LIMITS.accountMail an
 * hour per address. Returns the outbox ids to deliver, or null when the limit is reached.
 */
export async function sendVerificationLink(
  env: Pick<Env, "DB" | "CACHE" | "LINK_SIGNING_SECRET" | "SITE_URL">,
  user: SessionUser,
  input: MailInput & { redirectTo?: string },
): Promise<string[] | null> {
  if (!(await hitSubjectRateLimit(env, "account-mail", user.email, RATE_LIMITS.accountMail)).allowed) {
    return null;
  }
  const token = await signToken(
    env,
    EMAIL_VERIFICATION_PURPOSE,
    `${user.id}|${user.email}`,
    EMAIL_VERIFICATION_TTL_SECONDS,
  );
  const link = siteLink(env, `/verify-email?token=${token}`, input.locale);
  if (input.redirectTo) link.searchParams.set("redirectTo", input.redirectTo);
  const db = getDb(env);
  const outboxId = crypto.randomUUID();
  await db.batch([
    queueEmail(
      db,
      {
        to: user.email,
        subject: input.t("verify.emailSubject"),
        text: input.t("verify.emailBody", { link: link.toString() }),
        template: "account.verify-email",
        locale: input.locale,
      },
      outboxId,
    ),
  ]);
  return [outboxId];
}

/**
 * Signup, answering the same whether or not the address already has an account (decision
 * 013): a new account gets its confirmation link; the owner of an existing one gets a notice
 * instead ("someone tried to create an account with your address"). Returns the outbox ids.
 */
export async function requestAccount(
  env: Pick<Env, "DB" | "CACHE" | "LINK_SIGNING_SECRET" | "SITE_URL">,
  input: MailInput & { name: string; email: string; password: string; redirectTo?: string },
): Promise<string[]> {
  const created = await signUp(env, input);
  if (created.ok) return (await sendVerificationLink(env, created.user, input)) ?? [];
  if (!(await hitSubjectRateLimit(env, "account-mail", input.email, RATE_LIMITS.accountMail)).allowed) {
    return [];
  }
  const db = getDb(env);
  const [owner] = await db.select().from(users).where(eq(users.email, input.email)).limit(1);
  if (!owner) return [];
  const outboxId = crypto.randomUUID();
  await db.batch([
    queueEmail(
      db,
      {
        to: owner.email,
        subject: input.t("signup.existingSubject"),
        text: input.t("signup.existingBody", {
          loginLink: siteLink(env, "/login", input.locale).toString(),
          resetLink: siteLink(env, "/forgot-password", input.locale).toString(),
        }),
        template: "account.signup-existing",
        locale: input.locale,
      },
      outboxId,
    ),
  ]);
  return [outboxId];
}

/** Whether the account has proved its e-mail; until then /account shows nothing tied to it. */
export async function isEmailVerified(env: Pick<Env, "DB">, userId: string): Promise<boolean> {
  const [row] = await getDb(env)
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.emailVerifiedAt)))
    .limit(1);
  return Boolean(row);
}

/**
 * The account a confirmation link is for, while the link is valid and the address unchanged:
 * `verified` says whether it has been used already.
 */
export async function verificationTarget(
  env: Pick<Env, "DB" | "CACHE" | "LINK_SIGNING_SECRET">,
  token: string,
): Promise<{ email: string; verified: boolean } | null> {
  const subject = await verifyToken(env, EMAIL_VERIFICATION_PURPOSE, token);
  if (!subject) return null;
  const [userId, email] = subject.split("|");
  const [row] = await getDb(env)
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(and(eq(users.id, userId ?? ""), eq(users.email, email ?? "")))
    .limit(1);
  return row ? { email: row.email, verified: row.verifiedAt !== null } : null;
}

type VerifyEmailResult =
  | { ok: true; user: SessionUser }
  | { ok: false; reason: "invalid-link" | "used" | "invalid" | "rate-limited" };

/**
 * Verifies the address of a confirmation link. The password is asked too, so that the owner of
 * a mailbox who follows a link for an account someone else created cannot hand that stranger
 * a verified account (decision 013); it goes through signIn and its limits. The update is the
 * claim: a link verifies once.
 */
export async function verifyEmail(
  env: Pick<Env, "DB" | "CACHE" | "LINK_SIGNING_SECRET">,
  request: Request,
  input: { token: string; password: string },
): Promise<VerifyEmailResult> {
  const target = await verificationTarget(env, input.token);
  if (!target) return { ok: false, reason: "invalid-link" };
  if (target.verified) return { ok: false, reason: "used" };
  const signedIn = await signIn(env, request, { email: target.email, password: input.password });
  if (!signedIn.ok) return signedIn;
  const now = new Date().toISOString();
  const [claimed] = await getDb(env)
    .update(users)
    .set({ emailVerifiedAt: now, updatedAt: now })
    .where(and(eq(users.id, signedIn.user.id), isNull(users.emailVerifiedAt)))
    .returning({ id: users.id });
  return claimed ? signedIn : { ok: false, reason: "used" };
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
  input: MailInput & { email: string },
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
  const link = siteLink(env, `/reset-password?token=${token}`, input.locale);
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
        text: input.t("reset.emailBody", { link: link.toString() }),
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
 * the claim, so two tabs cannot both use it) and ends every session of the account. The link
 * came through the account's e-mail, so the address counts as verified from now on, and the
 * sign-in limits on the account are lifted: whoever guessed at it, its owner signs in at once
 * with the new password.
 */
export async function resetPassword(
  env: Pick<Env, "DB">,
  request: Request,
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
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})`,
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
  await Promise.all([
    destroyAllSessions(env, row.id),
    clearRateLimit(env, "login", request, row.email),
    clearSubjectRateLimit(env, "login-account", row.email),
  ]);
  return { ok: true, user: toSessionUser(row) };
}
