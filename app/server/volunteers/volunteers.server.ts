import { and, asc, eq, isNotNull, lte, sql } from "drizzle-orm";
import { newYorkDate } from "~/lib/format";
import type { SessionUser } from "~/lib/session-user";
import type { ClearanceKind } from "~/lib/vocabulary";
import { isVolunteerApplication } from "~/lib/volunteers";
import { getDb } from "../db/client.server";
import { auditLog, submissions, users, volunteerClearances, volunteers } from "../db/schema";
import { signToken, tokenSigner, verifyToken } from "../kernel/signed-token.server";
import { queueEmail } from "../mail/outbox.server";
import { buildGuardianEmail, buildNewLinkEmail, buildWelcomeEmail } from "./mail.server";
import { mayMailRecipient } from "../kernel/rate-limit.server";
import { auditEntry } from "../records/audit.server";

export type Volunteer = typeof volunteers.$inferSelect;

/**
 * A volunteer's link opens their page for this long; every reminder carries a fresh one, so an
 * active volunteer never meets an expired link (decision 055).
 */
export const VOLUNTEER_LINK_SECONDS = 120 * 24 * 60 * 60;
/** A guardian's consent link: two weeks, then staff accept again to send another. */
const GUARDIAN_LINK_SECONDS = 14 * 24 * 60 * 60;
const VOLUNTEER_PURPOSE = "volunteer";
const GUARDIAN_PURPOSE = "volunteer-guardian";

/** Under this age a volunteer needs a guardian's consent (peer mentors are 15–18, docs/product.md §9). */
export const ADULT_AGE = 18;

export function volunteerToken(env: Pick<Env, "CACHE" | "LINK_SIGNING_SECRET">, volunteerId: string) {
  return signToken(env, VOLUNTEER_PURPOSE, volunteerId, VOLUNTEER_LINK_SECONDS);
}

/** Signs many volunteers' links with one key import (a Cron run's reminders). */
export function volunteerTokenSigner(env: Pick<Env, "CACHE" | "LINK_SIGNING_SECRET">) {
  return tokenSigner(env, VOLUNTEER_PURPOSE, VOLUNTEER_LINK_SECONDS);
}

export function needsGuardian(volunteer: Pick<Volunteer, "age" | "guardianConsentAt">): boolean {
  return volunteer.age !== null && volunteer.age < ADULT_AGE && !volunteer.guardianConsentAt;
}

/** The volunteer a submission became, if staff accepted it. */
export async function volunteerOfSubmission(env: Pick<Env, "DB">, submissionId: string) {
  const [row] = await getDb(env).select().from(volunteers).where(eq(volunteers.submissionId, submissionId));
  return row ?? null;
}

/** The accept page: the application, whether its applicant is under 18, and the volunteer it already became. */
export async function applicationToAccept(env: Pick<Env, "DB">, submissionId: string) {
  const [submission] = await getDb(env).select().from(submissions).where(eq(submissions.id, submissionId));
  if (!submission || !isVolunteerApplication(submission.kind)) return null;
  const accepted = await volunteerOfSubmission(env, submissionId);
  const age = applicantAge(submission.payload);
  return {
    submission: { id: submission.id, name: submission.name, email: submission.email },
    minor: age !== null && age < ADULT_AGE,
    volunteerId: accepted?.id ?? null,
  };
}

/** The age an application gave (the mentoring form asks it), or null. */
function applicantAge(payload: Record<string, unknown>): number | null {
  const age = Number(payload.age);
  return Number.isInteger(age) && age > 0 ? age : null;
}

export type AcceptOutcome =
  | { ok: true; volunteer: Volunteer; existing: boolean }
  | { ok: false; error: "not-found" | "not-an-application" | "guardian-email" };

/**
 * "Accept as volunteer" (decision 055): the application becomes the volunteer record (or finds the
 * one its e-mail already has: one person), linked to the account whose verified e-mail it is, and
 * the welcome mail with their signed link is queued in the same batch, audited. Under 18, staff
 * give the guardian's e-mail and the guardian gets the consent link.
 */
export async function acceptVolunteer(
  env: Pick<Env, "DB" | "CACHE" | "SITE_URL" | "LINK_SIGNING_SECRET">,
  staff: SessionUser,
  submissionId: string,
  input: { guardianEmail: string | null },
): Promise<AcceptOutcome> {
  const db = getDb(env);
  const [submission] = await db.select().from(submissions).where(eq(submissions.id, submissionId));
  if (!submission) return { ok: false, error: "not-found" };
  if (!isVolunteerApplication(submission.kind)) return { ok: false, error: "not-an-application" };
  const email = submission.email.trim().toLowerCase();
  const age = applicantAge(submission.payload);
  const minor = age !== null && age < ADULT_AGE;
  if (minor && !input.guardianEmail) return { ok: false, error: "guardian-email" };
  const [[existing], [account]] = await Promise.all([
    db.select().from(volunteers).where(eq(volunteers.email, email)),
    db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), isNotNull(users.emailVerifiedAt))),
  ]);
  const id = existing?.id ?? crypto.randomUUID();
  const recipient = { email, locale: submission.locale };
  const [welcome, guardian] = await Promise.all([
    buildWelcomeEmail(env, recipient, await volunteerToken(env, id)),
    minor
      ? buildGuardianEmail(
          env,
          { email: input.guardianEmail!, locale: submission.locale },
          await signToken(env, GUARDIAN_PURPOSE, id, GUARDIAN_LINK_SECONDS),
        )
      : null,
  ]);
  const record = {
    name: submission.name,
    phone: submission.phone,
    locale: submission.locale,
    submissionId,
    userId: account?.id ?? existing?.userId ?? null,
    age: age ?? existing?.age ?? null,
    guardianEmail: minor ? input.guardianEmail : (existing?.guardianEmail ?? null),
    acceptedBy: staff.id,
    updatedAt: new Date().toISOString(),
  };
  await db.batch([
    existing
      ? db.update(volunteers).set(record).where(eq(volunteers.id, id))
      : db.insert(volunteers).values({ id, email, ...record }),
    queueEmail(db, welcome),
    ...(guardian ? [queueEmail(db, guardian)] : []),
    auditEntry(db, staff, {
      action: "volunteer.accept",
      targetType: "volunteer",
      targetId: id,
      detail: { submissionId, existing: Boolean(existing), guardianAsked: minor },
    }),
  ]);
  const [stored] = await db.select().from(volunteers).where(eq(volunteers.id, id));
  return { ok: true, volunteer: stored!, existing: Boolean(existing) };
}

/** The volunteer a signed link names, or null for a forged, expired or orphaned one. */
export async function volunteerFromToken(
  env: Pick<Env, "DB" | "CACHE" | "LINK_SIGNING_SECRET">,
  token: string,
) {
  const id = await verifyToken(env, VOLUNTEER_PURPOSE, token);
  if (!id) return null;
  return findVolunteer(env, id);
}

/**
 * "Send me a new link" (decision 055): a fresh link to the volunteer's page, mailed only to the
 * volunteer's own address, at most `volunteerLink` times a day whoever asks. The caller answers
 * the same whether or not the address is a volunteer's; the outbox id, or null when nothing went.
 */
export async function sendNewVolunteerLink(
  env: Pick<Env, "DB" | "CACHE" | "SITE_URL" | "LINK_SIGNING_SECRET">,
  email: string,
  locale: string,
): Promise<string | null> {
  const db = getDb(env);
  const [volunteer] = await db
    .select()
    .from(volunteers)
    .where(eq(volunteers.email, email.trim().toLowerCase()));
  if (!volunteer || !(await mayMailRecipient(env, "volunteerLink", volunteer.email))) return null;
  const id = crypto.randomUUID();
  const mail = await buildNewLinkEmail(
    env,
    { email: volunteer.email, locale },
    await volunteerToken(env, volunteer.id),
  );
  await queueEmail(db, mail, id);
  return id;
}

/** The volunteer whose e-mail a signed-in account has verified (decision 013): one person. */
export async function volunteerOfAccount(env: Pick<Env, "DB">, userId: string) {
  const [row] = await getDb(env)
    .select({ volunteer: volunteers })
    .from(users)
    .innerJoin(volunteers, eq(volunteers.email, sql`lower(${users.email})`))
    .where(and(eq(users.id, userId), isNotNull(users.emailVerifiedAt)));
  return row?.volunteer ?? null;
}

export async function findVolunteer(env: Pick<Env, "DB">, id: string) {
  const [row] = await getDb(env).select().from(volunteers).where(eq(volunteers.id, id));
  return row ?? null;
}

/** The volunteer a guardian's link is for, or null. */
export async function volunteerForGuardian(
  env: Pick<Env, "DB" | "CACHE" | "LINK_SIGNING_SECRET">,
  token: string,
) {
  const id = await verifyToken(env, GUARDIAN_PURPOSE, token);
  return id ? findVolunteer(env, id) : null;
}

/**
 * The guardian's consent, given by the post of their link's page (mail scanners follow links,
 * decision 014); recorded once, with an audit row naming the guardian's address.
 */
export async function recordGuardianConsent(env: Pick<Env, "DB">, volunteer: Volunteer) {
  if (volunteer.guardianConsentAt) return;
  const db = getDb(env);
  const now = new Date().toISOString();
  await db.batch([
    db
      .update(volunteers)
      .set({ guardianConsentAt: now, updatedAt: now })
      .where(eq(volunteers.id, volunteer.id)),
    // Not a staff change: the row names the guardian's address, with no account behind it.
    db.insert(auditLog).values({
      id: crypto.randomUUID(),
      userId: null,
      userEmail: volunteer.guardianEmail ?? "",
      action: "volunteer.guardian-consent",
      targetType: "volunteer",
      targetId: volunteer.id,
    }),
  ]);
}

export async function clearancesOf(env: Pick<Env, "DB">, volunteerId: string) {
  return getDb(env)
    .select()
    .from(volunteerClearances)
    .where(eq(volunteerClearances.volunteerId, volunteerId))
    .orderBy(asc(volunteerClearances.kind));
}

/**
 * Staff record a clearance (decision 055): one row per kind, the latest date and expiry
 * replacing the last, with both in the audit row.
 */
export async function recordClearance(
  env: Pick<Env, "DB">,
  staff: SessionUser,
  volunteerId: string,
  input: { kind: ClearanceKind; clearedOn: string; expiresOn: string | null },
) {
  const db = getDb(env);
  const [before] = await db
    .select()
    .from(volunteerClearances)
    .where(and(eq(volunteerClearances.volunteerId, volunteerId), eq(volunteerClearances.kind, input.kind)));
  const now = new Date().toISOString();
  await db.batch([
    db
      .insert(volunteerClearances)
      .values({ volunteerId, ...input, recordedBy: staff.id, updatedAt: now })
      .onConflictDoUpdate({
        target: [volunteerClearances.volunteerId, volunteerClearances.kind],
        set: { clearedOn: input.clearedOn, expiresOn: input.expiresOn, recordedBy: staff.id, updatedAt: now },
      }),
    auditEntry(db, staff, {
      action: "volunteer.clearance",
      targetType: "volunteer",
      targetId: volunteerId,
      detail: {
        kind: input.kind,
        clearedOn: { before: before?.clearedOn ?? null, after: input.clearedOn },
        expiresOn: { before: before?.expiresOn ?? null, after: input.expiresOn },
      },
    }),
  ]);
}

/** Clearances that run out within `days` (or have run out), soonest first, with whose they are. */
export async function expiringClearances(env: Pick<Env, "DB">, now = new Date(), days = 30) {
  const until = newYorkDate(new Date(now.getTime() + days * 86_400_000));
  return getDb(env)
    .select({
      volunteerId: volunteers.id,
      name: volunteers.name,
      email: volunteers.email,
      kind: volunteerClearances.kind,
      expiresOn: volunteerClearances.expiresOn,
    })
    .from(volunteerClearances)
    .innerJoin(volunteers, eq(volunteers.id, volunteerClearances.volunteerId))
    .where(and(isNotNull(volunteerClearances.expiresOn), lte(volunteerClearances.expiresOn, until)))
    .orderBy(asc(volunteerClearances.expiresOn))
    .limit(200);
}

/**
 * The clearances a shift needs that a volunteer lacks on the shift's day (missing, or expired by
 * then), in the order the shift lists them: the refusal names them (decision 055).
 */
export function missingClearances(
  required: readonly ClearanceKind[],
  held: { kind: ClearanceKind; expiresOn: string | null }[],
  shiftDay: string,
): ClearanceKind[] {
  return required.filter(
    (kind) =>
      !held.some(
        (clearance) => clearance.kind === kind && (!clearance.expiresOn || clearance.expiresOn >= shiftDay),
      ),
  );
}
