import { and, asc, eq, inArray } from "drizzle-orm";
import { newYorkDate } from "~/lib/format";
import { getDb } from "../db/client.server";
import { attendanceMarks, childConsents, children, enrolments, programSessions } from "../db/schema";
import { type HealthRecord, healthRecordWrite, readHealthRecord } from "./child-data.server";
import { offerFreePlaces } from "./enrolments.server";

type FamilyEnv = Pick<Env, "DB" | "CACHE" | "SITE_URL" | "LINK_SIGNING_SECRET" | "CHILD_DATA_KEYS">;

export type ChildDetails = {
  name: string;
  birthDate: string;
  grade: number;
  school: string;
};

/** The consents a guardian gives with the child form: taking part in one program year, and photos. */
export type YearConsent = { programYear: string; photoConsent: boolean };

/**
 * A guardian's children (or the one asked for, if theirs), oldest entry first, each with the
 * program years its consents were given for: the family page and the child's page read them
 * alike. Two reads in one round trip.
 */
export async function loadGuardianChildren(env: Pick<Env, "DB">, guardianId: string, childId?: string) {
  const db = getDb(env);
  const theirs = and(eq(children.guardianId, guardianId), childId ? eq(children.id, childId) : undefined);
  const [kids, consents] = await db.batch([
    db
      .select({
        id: children.id,
        name: children.name,
        birthDate: children.birthDate,
        grade: children.grade,
        school: children.school,
      })
      .from(children)
      .where(theirs)
      .orderBy(asc(children.createdAt)),
    db
      .select({
        childId: childConsents.childId,
        programYear: childConsents.programYear,
        photoConsent: childConsents.photoConsent,
      })
      .from(childConsents)
      .where(inArray(childConsents.childId, db.select({ id: children.id }).from(children).where(theirs)))
      .orderBy(asc(childConsents.programYear)),
  ]);
  return kids.map((kid) => ({
    ...kid,
    consents: consents
      .filter((consent) => consent.childId === kid.id)
      .map(({ programYear, photoConsent }): YearConsent => ({ programYear, photoConsent })),
  }));
}

/** A year's consents as one statement: confirming a year again replaces that year's choice only. */
function consentWrite(db: ReturnType<typeof getDb>, childId: string, consent: YearConsent) {
  return db
    .insert(childConsents)
    .values({ childId, ...consent })
    .onConflictDoUpdate({
      target: [childConsents.childId, childConsents.programYear],
      set: { photoConsent: consent.photoConsent, confirmedAt: new Date().toISOString() },
    });
}

/**
 * A guardian adds a child (no `childId`) or changes one of theirs: the details, this program
 * year's consents and the encrypted health record in one batch. Answers the child's id, or null
 * for a child that is not theirs.
 */
export async function saveChild(
  env: FamilyEnv,
  guardianId: string,
  input: { childId?: string; details: ChildDetails; consent: YearConsent; health: HealthRecord },
): Promise<string | null> {
  const db = getDb(env);
  const childId = input.childId ?? crypto.randomUUID();
  if (input.childId) {
    const [own] = await db
      .select({ id: children.id })
      .from(children)
      .where(and(eq(children.id, input.childId), eq(children.guardianId, guardianId)));
    if (!own) return null;
  }
  const details = input.childId
    ? db
        .update(children)
        .set({ ...input.details, updatedAt: new Date().toISOString() })
        .where(and(eq(children.id, childId), eq(children.guardianId, guardianId)))
    : db.insert(children).values({ id: childId, guardianId, ...input.details });
  const { statement } = await healthRecordWrite(env, childId, input.health);
  await db.batch([details, consentWrite(db, childId, input.consent), statement]);
  return childId;
}

/** Everything kept about a guardian's child, for their download (decision 054). */
export async function childRecordDownload(env: FamilyEnv, guardianId: string, childId: string) {
  const db = getDb(env);
  const [child] = await db
    .select()
    .from(children)
    .where(and(eq(children.id, childId), eq(children.guardianId, guardianId)));
  if (!child) return null;
  const [health, consents, places, attendance] = await Promise.all([
    readHealthRecord(env, childId),
    db
      .select({ programYear: childConsents.programYear, photoConsent: childConsents.photoConsent })
      .from(childConsents)
      .where(eq(childConsents.childId, childId)),
    db
      .select({
        session: programSessions.titleEn,
        term: programSessions.term,
        status: enrolments.status,
        since: enrolments.createdAt,
      })
      .from(enrolments)
      .innerJoin(programSessions, eq(programSessions.id, enrolments.sessionId))
      .where(eq(enrolments.childId, childId)),
    db
      .select({
        sessionId: attendanceMarks.sessionId,
        day: attendanceMarks.meetingDate,
        mark: attendanceMarks.mark,
      })
      .from(attendanceMarks)
      .where(eq(attendanceMarks.childId, childId)),
  ]);
  const { guardianId: _guardian, ...details } = child;
  return { child: details, consents, health: health ?? null, enrolments: places, attendance };
}

/**
 * A guardian deletes a child's record: the child, health record, enrolments and attendance go
 * (foreign keys cascade), and any place the child held is offered to the next family.
 */
export async function deleteChild(
  env: FamilyEnv,
  guardianId: string,
  childId: string,
  now: Date = new Date(),
) {
  const deleted = await env.DB.prepare(`DELETE FROM children WHERE id = ?1 AND guardian_id = ?2 RETURNING id`)
    .bind(childId, guardianId)
    .first<{ id: string }>();
  if (!deleted) return { ok: false, offerIds: [] as string[] };
  return { ok: true, offerIds: await offerFreePlaces(env, now) };
}

/**
 * The Cron's purge: a child's health record goes once every session the child was ever placed
 * in (or waited for) has ended more than that session's `health_retention_days` ago. A child who
 * never asked for a place keeps theirs until the guardian deletes it. One statement.
 */
export async function purgeHealthRecords(env: Pick<Env, "DB">, now: Date = new Date()): Promise<number> {
  const result = await env.DB.prepare(
    `DELETE FROM child_health_records WHERE child_id IN (
       SELECT e.child_id FROM enrolments e JOIN program_sessions s ON s.id = e.session_id
       GROUP BY e.child_id
       HAVING max(date(s.end_date, '+' || s.health_retention_days || ' days')) < ?1)`,
  )
    .bind(newYorkDate(now))
    .run();
  return result.meta.changes;
}

/**
 * A guardian confirms a program year's consents for their child (decision 054: once per program
 * year): participation given, photos as they chose; other years' consents stay as they were.
 * Answers false for a child that is not theirs.
 */
export async function confirmConsents(
  env: Pick<Env, "DB">,
  guardianId: string,
  childId: string,
  consent: YearConsent,
): Promise<boolean> {
  const db = getDb(env);
  const [own] = await db
    .select({ id: children.id })
    .from(children)
    .where(and(eq(children.id, childId), eq(children.guardianId, guardianId)));
  if (!own) return false;
  await consentWrite(db, childId, consent);
  return true;
}
