import { and, asc, eq, gt, isNull } from "drizzle-orm";
import type { SessionUser } from "~/lib/session-user";
import type { Role } from "~/lib/vocabulary";
import { hashPassword } from "../auth/password.server";
import { getDb } from "../db/client.server";
import { staffInvites, users } from "../db/schema";
import { translatorFor } from "../kernel/i18n.server";
import { hitSubjectRateLimit, RATE_LIMITS } from "../kernel/rate-limit.server";
import { signToken, verifyToken } from "../kernel/signed-token.server";
import { deliverOutbox, queueEmail } from "../mail/outbox.server";
import { auditEntry } from "../records/audit.server";

/**
 * Staff invitations (decision 052): an admin names the person, their address, role and language;
 * the e-mailed link creates the account with that role and leads into the second-factor
 * enrolment of decision 048. Seven days, like a letter that waits over a weekend.
 */
const INVITE_PURPOSE = "staff-invite";
export const INVITE_TTL_SECONDS = 7 * 24 * 60 * 60;

// Delivering at once needs the mail settings too.
type MailEnv = Env;
type Ctx = Pick<ExecutionContext, "waitUntil">;
export type InviteInput = {
  name: string;
  email: string;
  role: Extract<Role, "ADMIN" | "STAFF">;
  locale: string;
};
export type InviteRefusal = "has-account" | "pending" | "rate-limited" | "not-found";

const isOpen = (invite: { acceptedAt: string | null; revokedAt: string | null }) =>
  !invite.acceptedAt && !invite.revokedAt;

/** The invitations not yet accepted nor withdrawn, oldest first, expired ones too (they can be sent again). */
export async function openInvites(env: Pick<Env, "DB">) {
  return getDb(env)
    .select({
      id: staffInvites.id,
      name: staffInvites.name,
      email: staffInvites.email,
      role: staffInvites.role,
      locale: staffInvites.locale,
      sentAt: staffInvites.sentAt,
      expiresAt: staffInvites.expiresAt,
    })
    .from(staffInvites)
    .where(and(isNull(staffInvites.acceptedAt), isNull(staffInvites.revokedAt)))
    .orderBy(asc(staffInvites.createdAt));
}

/** The mail with a fresh link, in the invitee's language; `sentAt` is what the link is signed with. */
async function inviteMail(
  env: MailEnv,
  invite: { id: string; email: string; name: string; role: Role; locale: string },
  sentAt: string,
) {
  const token = await signToken(env, INVITE_PURPOSE, `${invite.id}|${sentAt}`, INVITE_TTL_SECONDS);
  const link = new URL(`/invite?token=${token}`, env.SITE_URL);
  if (invite.locale !== "en") link.searchParams.set("lng", invite.locale);
  const t = await translatorFor(env, invite.locale, "account");
  return {
    to: invite.email,
    subject: t("invite.emailSubject"),
    text: t("invite.emailBody", { role: t(`invite.roles.${invite.role}`), link: link.toString() }),
    template: "account.staff-invite",
    locale: invite.locale,
  };
}

/**
 * Invites someone. An address that already has an account is refused (an admin changes that
 * account's role instead), as is one with an open invitation (send that one again); each
 * address gets at most RATE_LIMITS.accountMail account e-mails an hour, as for any account mail.
 */
export async function inviteStaff(
  env: MailEnv,
  ctx: Ctx,
  admin: SessionUser,
  input: InviteInput,
): Promise<{ ok: true } | { ok: false; reason: Exclude<InviteRefusal, "not-found"> }> {
  const db = getDb(env);
  const [[account], [open]] = await Promise.all([
    db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1),
    db
      .select({ id: staffInvites.id })
      .from(staffInvites)
      .where(
        and(
          eq(staffInvites.email, input.email),
          isNull(staffInvites.acceptedAt),
          isNull(staffInvites.revokedAt),
        ),
      )
      .limit(1),
  ]);
  if (account) return { ok: false, reason: "has-account" };
  if (open) return { ok: false, reason: "pending" };
  if (!(await hitSubjectRateLimit(env, "account-mail", input.email, RATE_LIMITS.accountMail)).allowed)
    return { ok: false, reason: "rate-limited" };
  const invite = { id: crypto.randomUUID(), ...input };
  const sentAt = new Date().toISOString();
  const outboxId = crypto.randomUUID();
  await db.batch([
    db.insert(staffInvites).values({
      ...invite,
      invitedBy: admin.id,
      sentAt,
      expiresAt: new Date(Date.parse(sentAt) + INVITE_TTL_SECONDS * 1000).toISOString(),
    }),
    queueEmail(db, await inviteMail(env, invite, sentAt), outboxId),
    auditEntry(db, admin, {
      action: "invite.create",
      targetType: "invite",
      targetId: invite.id,
      detail: { email: input.email, role: input.role },
    }),
  ]);
  ctx.waitUntil(deliverOutbox(env, { ids: [outboxId] }));
  return { ok: true };
}

/** A new link for an open invitation (the earlier one stops working), seven days from now. */
export async function resendInvite(
  env: MailEnv,
  ctx: Ctx,
  admin: SessionUser,
  id: string,
): Promise<{ ok: true; email: string } | { ok: false; reason: InviteRefusal }> {
  const db = getDb(env);
  const [invite] = await db.select().from(staffInvites).where(eq(staffInvites.id, id)).limit(1);
  if (!invite || !isOpen(invite)) return { ok: false, reason: "not-found" };
  if (!(await hitSubjectRateLimit(env, "account-mail", invite.email, RATE_LIMITS.accountMail)).allowed)
    return { ok: false, reason: "rate-limited" };
  const sentAt = new Date().toISOString();
  const outboxId = crypto.randomUUID();
  await db.batch([
    db
      .update(staffInvites)
      .set({ sentAt, expiresAt: new Date(Date.parse(sentAt) + INVITE_TTL_SECONDS * 1000).toISOString() })
      .where(eq(staffInvites.id, id)),
    queueEmail(db, await inviteMail(env, invite, sentAt), outboxId),
    auditEntry(db, admin, {
      action: "invite.resend",
      targetType: "invite",
      targetId: id,
      detail: { email: invite.email },
    }),
  ]);
  ctx.waitUntil(deliverOutbox(env, { ids: [outboxId] }));
  return { ok: true, email: invite.email };
}

/** Withdraws an open invitation: its link opens nothing any more. */
export async function revokeInvite(
  env: Pick<Env, "DB">,
  admin: SessionUser,
  id: string,
): Promise<{ ok: true; email: string } | { ok: false; reason: InviteRefusal }> {
  const db = getDb(env);
  const [revoked] = await db
    .update(staffInvites)
    .set({ revokedAt: new Date().toISOString() })
    .where(and(eq(staffInvites.id, id), isNull(staffInvites.acceptedAt), isNull(staffInvites.revokedAt)))
    .returning({ email: staffInvites.email });
  if (!revoked) return { ok: false, reason: "not-found" };
  await auditEntry(db, admin, {
    action: "invite.revoke",
    targetType: "invite",
    targetId: id,
    detail: { email: revoked.email },
  });
  return { ok: true, email: revoked.email };
}

/** The open, unexpired invitation a link names, if the link is its latest. */
export async function inviteForToken(env: Pick<Env, "DB" | "CACHE" | "LINK_SIGNING_SECRET">, token: string) {
  const subject = await verifyToken(env, INVITE_PURPOSE, token);
  if (!subject) return null;
  const [id, sentAt] = subject.split("|");
  const [invite] = await getDb(env)
    .select()
    .from(staffInvites)
    .where(
      and(
        eq(staffInvites.id, id ?? ""),
        eq(staffInvites.sentAt, sentAt ?? ""),
        gt(staffInvites.expiresAt, new Date().toISOString()),
      ),
    )
    .limit(1);
  return invite && isOpen(invite) ? invite : null;
}

/**
 * Accepts an invitation: one conditional UPDATE claims it (a double post accepts once), then the
 * account is created with its role, name and language, its address verified by the link, and
 * the acceptance audited under the new account. Null when the link is no longer good or the
 * address has an account by now.
 */
export async function acceptInvite(
  env: Pick<Env, "DB" | "CACHE" | "LINK_SIGNING_SECRET">,
  token: string,
  password: string,
): Promise<SessionUser | null> {
  const invite = await inviteForToken(env, token);
  if (!invite) return null;
  const db = getDb(env);
  const now = new Date().toISOString();
  const [claimed] = await db
    .update(staffInvites)
    .set({ acceptedAt: now })
    .where(
      and(eq(staffInvites.id, invite.id), isNull(staffInvites.acceptedAt), isNull(staffInvites.revokedAt)),
    )
    .returning({ id: staffInvites.id });
  if (!claimed) return null;
  const hash = await hashPassword(password);
  const [created] = await db
    .insert(users)
    .values({
      id: crypto.randomUUID(),
      email: invite.email,
      name: invite.name,
      passwordHash: hash.hash,
      passwordSalt: hash.salt,
      passwordIterations: hash.iterations,
      role: invite.role,
      locale: invite.locale,
      emailVerifiedAt: now,
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id, name: users.name, email: users.email, role: users.role });
  if (!created) return null;
  await auditEntry(db, created, {
    action: "invite.accept",
    targetType: "user",
    targetId: created.id,
    detail: { email: created.email, role: created.role },
  });
  return created;
}
