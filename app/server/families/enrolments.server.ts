import { eq } from "drizzle-orm";
import { formatNewYorkDateTime, newYorkDate } from "~/lib/format";
import { toLocale } from "~/lib/i18n";
import type { SessionUser } from "~/lib/session-user";
import { getDb } from "../db/client.server";
import { childConsents, children, programSessions } from "../db/schema";
import { translatorFor } from "../kernel/i18n.server";
import { signToken, verifyToken } from "../kernel/signed-token.server";
import { queueEmails } from "../mail/outbox.server";
import { auditEntry } from "../records/audit.server";

/**
 * Places, the waitlist and offers (decision 054). A place is taken, and a waitlist position
 * given, in one INSERT … SELECT that counts the places held, as event seats are (decisions 024,
 * 046): D1 runs one statement at a time, so racing guardians never overfill a session. A freed
 * place is offered in one UPDATE to the first families waiting, across every session at once.
 */

/** States that hold one of a session's places, as SQL (PLACE_HOLDING_STATUSES of app/lib/families.ts). */
const HOLDING = "('enrolled', 'pending', 'offered')";
const LIVE = "('enrolled', 'pending', 'waitlisted', 'offered')";
export const OFFER_LINK_PURPOSE = "family-offer";

/** Offers made by one pass: one Cron run or one freed place never mails more than this. */
export const OFFERS_PER_PASS = 100;

export type EnrolRefusal =
  "not-verified" | "not-found" | "closed" | "too-young" | "too-old" | "grade" | "consent" | "already";

export type EnrolOutcome =
  | {
      ok: true;
      enrolmentId: string;
      status: "enrolled" | "pending" | "waitlisted";
      waitlistPosition: number | null;
    }
  | { ok: false; reason: EnrolRefusal };

/** A child's age in whole years on a day (yyyy-mm-dd), as a school counts it. */
export function ageOn(birthDate: string, day: string): number {
  const [by = 0, bm = 0, bd = 0] = birthDate.split("-").map(Number);
  const [y = 0, m = 0, d = 0] = day.split("-").map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/**
 * A guardian asks a place for one of their children. The age (on the session's first day) and
 * grade rules and the consents of the session's program year are checked first, with a reason the page words;
 * then one statement takes a place (or "pending" where staff approve) if one is free and nobody
 * waits, else the next waitlist position.
 */
export async function enrolChild(
  env: Pick<Env, "DB">,
  guardian: { id: string; emailVerifiedAt: string | null },
  input: { childId: string; sessionId: string },
  now: Date = new Date(),
): Promise<EnrolOutcome> {
  if (!guardian.emailVerifiedAt) return { ok: false, reason: "not-verified" };
  const db = getDb(env);
  const [[child], [session], consents] = await db.batch([
    db.select().from(children).where(eq(children.id, input.childId)),
    db.select().from(programSessions).where(eq(programSessions.id, input.sessionId)),
    db
      .select({ programYear: childConsents.programYear })
      .from(childConsents)
      .where(eq(childConsents.childId, input.childId)),
  ]);
  if (!child || child.guardianId !== guardian.id || !session || session.status !== "published")
    return { ok: false, reason: "not-found" };
  if (session.endDate < newYorkDate(now)) return { ok: false, reason: "closed" };
  const age = ageOn(child.birthDate, session.startDate);
  if (age < session.minAge) return { ok: false, reason: "too-young" };
  if (age > session.maxAge) return { ok: false, reason: "too-old" };
  if (child.grade < session.minGrade || child.grade > session.maxGrade) return { ok: false, reason: "grade" };
  // The consents of the session's own program year, whatever other years were confirmed (decision 054).
  if (!consents.some((consent) => consent.programYear === session.term))
    return { ok: false, reason: "consent" };
  const id = crypto.randomUUID();
  const nowIso = now.toISOString();
  try {
    const row = await env.DB.prepare(
      `INSERT INTO enrolments (id, session_id, child_id, status, waitlist_position, created_at, updated_at)
       SELECT ?1, x.id, ?3,
         CASE WHEN x.room THEN CASE WHEN x.needs_approval THEN 'pending' ELSE 'enrolled' END ELSE 'waitlisted' END,
         CASE WHEN x.room THEN NULL ELSE x.last_position + 1 END,
         ?4, ?4
       FROM (SELECT s.id, s.needs_approval,
               s.capacity > (SELECT count(*) FROM enrolments e WHERE e.session_id = s.id AND e.status IN ${HOLDING})
                 AND NOT EXISTS (SELECT 1 FROM enrolments w WHERE w.session_id = s.id AND w.status = 'waitlisted') AS room,
               (SELECT coalesce(max(p.waitlist_position), 0) FROM enrolments p WHERE p.session_id = s.id) AS last_position
             FROM program_sessions s WHERE s.id = ?2 AND s.status = 'published') x
       RETURNING status, waitlist_position AS waitlistPosition`,
    )
      .bind(id, input.sessionId, input.childId, nowIso)
      .first<{ status: "enrolled" | "pending" | "waitlisted"; waitlistPosition: number | null }>();
    if (!row) return { ok: false, reason: "not-found" };
    return { ok: true, enrolmentId: id, ...row };
  } catch (error) {
    // The partial unique index enrolments_live_idx: this child already has a live enrolment here.
    if (String(error).includes("UNIQUE constraint failed")) return { ok: false, reason: "already" };
    throw error;
  }
}

type OfferRow = {
  id: string;
  offerExpiresAt: string;
  email: string;
  locale: string;
  childName: string;
  titleEn: string;
  titleEs: string;
  offerHours: number;
};

/**
 * Offers every free place to the first families waiting, in every session (or one): one UPDATE
 * ranks each session's waitlist and offers as many as it has free places, then the offers are
 * mailed, each in its guardian's language with a signed link, queued in one statement. Answers
 * the outbox ids, for a request to deliver at once; the Cron's own delivery sends the rest.
 */
export async function offerFreePlaces(
  env: Pick<Env, "DB" | "CACHE" | "SITE_URL" | "LINK_SIGNING_SECRET">,
  now: Date = new Date(),
  sessionId: string | null = null,
): Promise<string[]> {
  const nowIso = now.toISOString();
  const offered = await env.DB.prepare(
    `UPDATE enrolments SET status = 'offered', offered_at = ?1, updated_at = ?1,
       offer_expires_at = (SELECT strftime('%Y-%m-%dT%H:%M:%fZ', ?1, '+' || s.offer_hours || ' hours')
                           FROM program_sessions s WHERE s.id = enrolments.session_id)
     WHERE id IN (
       SELECT id FROM (
         SELECT e.id,
           row_number() OVER (PARTITION BY e.session_id ORDER BY e.waitlist_position) AS rank,
           s.capacity - (SELECT count(*) FROM enrolments t WHERE t.session_id = e.session_id AND t.status IN ${HOLDING}) AS free
         FROM enrolments e JOIN program_sessions s ON s.id = e.session_id
         WHERE e.status = 'waitlisted' AND s.status = 'published' AND s.end_date >= ?2
           AND (?3 IS NULL OR e.session_id = ?3))
       WHERE rank <= free LIMIT ?4)
     RETURNING id`,
  )
    .bind(nowIso, newYorkDate(now), sessionId, OFFERS_PER_PASS)
    .all<{ id: string }>();
  if (offered.results.length === 0) return [];
  const rows = await env.DB.prepare(
    `SELECT e.id, e.offer_expires_at AS offerExpiresAt, u.email, u.locale, c.name AS childName,
       s.title_en AS titleEn, s.title_es AS titleEs, s.offer_hours AS offerHours
     FROM enrolments e JOIN children c ON c.id = e.child_id JOIN users u ON u.id = c.guardian_id
       JOIN program_sessions s ON s.id = e.session_id
     WHERE e.id IN (SELECT value FROM json_each(?1))`,
  )
    .bind(JSON.stringify(offered.results.map((row) => row.id)))
    .all<OfferRow>();
  const messages = await Promise.all(
    rows.results.map(async (row) => ({
      id: `offer-${row.id}-${row.offerExpiresAt}`,
      email: await offerEmail(env, row),
    })),
  );
  const db = getDb(env);
  const [first, ...rest] = queueEmails(db, messages);
  await db.batch([first!, ...rest]);
  return messages.map((message) => message.id);
}

/**
 * The offer, in the guardian's language: the child's first name (the guardian's own words, to
 * their own verified address), the session, the deadline and the link. Never anything from the
 * health record (decision 054).
 */
async function offerEmail(
  env: Pick<Env, "DB" | "CACHE" | "SITE_URL" | "LINK_SIGNING_SECRET">,
  row: OfferRow,
) {
  const locale = toLocale(row.locale);
  const t = await translatorFor(env, locale, "families");
  const token = await signToken(env, OFFER_LINK_PURPOSE, row.id, row.offerHours * 3600);
  const link = new URL("/account/offer", env.SITE_URL);
  link.searchParams.set("lng", locale);
  link.searchParams.set("token", token);
  const session = locale === "es" ? row.titleEs : row.titleEn;
  return {
    to: row.email,
    subject: t("mail.offerSubject", { session }),
    text: [
      t("mail.greeting"),
      "",
      t("mail.offerBody", { child: row.childName.split(" ")[0], session }),
      t("mail.offerDeadline", { deadline: formatNewYorkDateTime(row.offerExpiresAt, locale) }),
      link.toString(),
      "",
      t("mail.offerPassesOn"),
      "",
      t("receipts:signature"),
    ].join("\n"),
    template: "families.offer",
    locale,
  };
}

/**
 * The Cron's part (one call in app/server/scheduled.server.ts): offers whose deadline passed
 * expire, and every free place (theirs, a capacity raise, a withdrawal whose offer failed) goes
 * to the next family. Two statements when nothing is due.
 */
export async function passOnExpiredOffers(
  env: Pick<Env, "DB" | "CACHE" | "SITE_URL" | "LINK_SIGNING_SECRET">,
  now: Date = new Date(),
): Promise<string[]> {
  const nowIso = now.toISOString();
  await env.DB.prepare(
    `UPDATE enrolments SET status = 'expired', updated_at = ?1
     WHERE status = 'offered' AND offer_expires_at <= ?1`,
  )
    .bind(nowIso)
    .run();
  return offerFreePlaces(env, now);
}

/** The enrolment a signed offer link names, if the link holds. */
export function offerFromToken(env: Pick<Env, "CACHE" | "LINK_SIGNING_SECRET">, token: string) {
  return verifyToken(env, OFFER_LINK_PURPOSE, token);
}

/**
 * The family answers an offer (by its link, or signed in): accepting takes the place (pending
 * where staff approve) only while the offer stands; declining frees it for the next family.
 */
export async function answerOffer(
  env: Pick<Env, "DB" | "CACHE" | "SITE_URL" | "LINK_SIGNING_SECRET">,
  enrolmentId: string,
  accept: boolean,
  now: Date = new Date(),
): Promise<{ ok: boolean; offerIds: string[] }> {
  const nowIso = now.toISOString();
  const answered = await env.DB.prepare(
    `UPDATE enrolments SET updated_at = ?2, offer_expires_at = NULL,
       status = CASE WHEN ?3 = 0 THEN 'declined'
                     WHEN (SELECT needs_approval FROM program_sessions s WHERE s.id = enrolments.session_id) THEN 'pending'
                     ELSE 'enrolled' END
     WHERE id = ?1 AND status = 'offered' AND offer_expires_at > ?2
     RETURNING session_id AS sessionId`,
  )
    .bind(enrolmentId, nowIso, accept ? 1 : 0)
    .first<{ sessionId: string }>();
  if (!answered) return { ok: false, offerIds: [] };
  return { ok: true, offerIds: accept ? [] : await offerFreePlaces(env, now, answered.sessionId) };
}

/** A guardian withdraws their child; the place goes to the next family at once. */
export async function withdrawChild(
  env: Pick<Env, "DB" | "CACHE" | "SITE_URL" | "LINK_SIGNING_SECRET">,
  guardianId: string,
  enrolmentId: string,
  now: Date = new Date(),
): Promise<{ ok: boolean; offerIds: string[] }> {
  const nowIso = now.toISOString();
  const withdrawn = await env.DB.prepare(
    `UPDATE enrolments SET status = 'withdrawn', updated_at = ?3, offer_expires_at = NULL
     WHERE id = ?1 AND status IN ${LIVE}
       AND child_id IN (SELECT id FROM children WHERE guardian_id = ?2)
     RETURNING session_id AS sessionId`,
  )
    .bind(enrolmentId, guardianId, nowIso)
    .first<{ sessionId: string }>();
  if (!withdrawn) return { ok: false, offerIds: [] };
  return { ok: true, offerIds: await offerFreePlaces(env, now, withdrawn.sessionId) };
}

export type StaffDecision = "approve" | "decline" | "remove";

/**
 * Staff decide a pending place, or remove a child; the audit row is in the same batch, and a
 * freed place is offered to the next family.
 */
export async function decideEnrolment(
  env: Pick<Env, "DB" | "CACHE" | "SITE_URL" | "LINK_SIGNING_SECRET">,
  staff: SessionUser,
  enrolmentId: string,
  decision: StaffDecision,
  now: Date = new Date(),
): Promise<{ ok: boolean; offerIds: string[] }> {
  const [status, from] =
    decision === "approve"
      ? ["enrolled", "('pending')"]
      : decision === "decline"
        ? ["declined", "('pending')"]
        : ["removed", LIVE];
  const nowIso = now.toISOString();
  const [changed] = await env.DB.batch([
    env.DB.prepare(
      `UPDATE enrolments SET status = ?2, updated_at = ?3, offer_expires_at = NULL
       WHERE id = ?1 AND status IN ${from} RETURNING session_id AS sessionId`,
    ).bind(enrolmentId, status, nowIso),
    env.DB.prepare(
      `INSERT INTO audit_log (id, user_id, user_email, action, target_type, target_id, detail, created_at)
       SELECT ?1, ?2, ?3, ?4, 'enrolment', ?5, NULL, ?6 WHERE changes() > 0`,
    ).bind(crypto.randomUUID(), staff.id, staff.email, `enrolment.${decision}`, enrolmentId, nowIso),
  ]);
  const sessionId = (changed?.results[0] as { sessionId?: string } | undefined)?.sessionId;
  if (!sessionId) return { ok: false, offerIds: [] };
  return { ok: true, offerIds: decision === "approve" ? [] : await offerFreePlaces(env, now, sessionId) };
}

/** Staff change a session's places; more places go at once to the families waiting. */
export async function setCapacity(
  env: Pick<Env, "DB" | "CACHE" | "SITE_URL" | "LINK_SIGNING_SECRET">,
  staff: SessionUser,
  sessionId: string,
  capacity: number,
  now: Date = new Date(),
): Promise<string[]> {
  const db = getDb(env);
  await db.batch([
    db
      .update(programSessions)
      .set({ capacity, updatedAt: now.toISOString() })
      .where(eq(programSessions.id, sessionId)),
    auditEntry(db, staff, {
      action: "program-session.capacity",
      targetType: "program-session",
      targetId: sessionId,
      detail: { capacity },
    }),
  ]);
  return offerFreePlaces(env, now, sessionId);
}
