import { toLocale } from "~/lib/i18n";
import type { SessionUser } from "~/lib/session-user";
import { getDb } from "../db/client.server";
import { translatorFor } from "../kernel/i18n.server";
import { queueEmails } from "../mail/outbox.server";
import { auditEntry, recordExport } from "../records/audit.server";
import { csvStream, csvTime } from "../records/csv.server";
import { readHealthRecordsAsStaff } from "./child-data.server";

/**
 * What leaves a session for staff (decision 054): its roster and its attendance as CSV, streamed
 * page by page and audited before the file leaves, and a message to its families through the outbox.
 */

type RosterRow = {
  id: string;
  childId: string;
  name: string;
  birthDate: string;
  grade: number;
  school: string;
  status: string;
  waitlistPosition: number | null;
  guardianEmail: string;
};

const LIVE = "('enrolled', 'pending', 'waitlisted', 'offered')";

/**
 * The roster: every child with a place, an offer or waiting, with their guardian's address, and
 * for those with a place the allergies, medications, emergency contacts and pick-up people (each
 * page's health read audited before it is decrypted, as on screen).
 */
export async function rosterCsv(env: Env, staff: SessionUser, sessionId: string) {
  const count = await env.DB.prepare(
    `SELECT count(*) AS rows FROM enrolments WHERE session_id = ?1 AND status IN ${LIVE}`,
  )
    .bind(sessionId)
    .first<{ rows: number }>();
  await recordExport(env, staff, {
    export: "program-roster",
    filters: { sessionId },
    rows: count?.rows ?? 0,
  });
  return csvStream<RosterRow>({
    header: [
      "child",
      "birth_date",
      "grade",
      "school",
      "status",
      "waitlist_position",
      "guardian_email",
      "allergies",
      "medications",
      "emergency_contacts",
      "pickup_people",
    ],
    page: async (after, limit) =>
      (
        await env.DB.prepare(
          `SELECT e.id, e.child_id AS childId, c.name, c.birth_date AS birthDate, c.grade, c.school, e.status,
             e.waitlist_position AS waitlistPosition, u.email AS guardianEmail
           FROM enrolments e JOIN children c ON c.id = e.child_id JOIN users u ON u.id = c.guardian_id
           WHERE e.session_id = ?1 AND e.status IN ${LIVE} AND (?2 IS NULL OR (c.name, e.id) > (?2, ?3))
           ORDER BY c.name, e.id LIMIT ?4`,
        )
          .bind(sessionId, after?.[0] ?? null, after?.[1] ?? null, limit)
          .all<RosterRow>()
      ).results,
    keyOf: (row) => [row.name, row.id],
    cells: async (rows) => {
      const placed = rows.filter((row) => row.status === "enrolled" || row.status === "pending");
      const health = await readHealthRecordsAsStaff(
        env,
        staff,
        placed.map((row) => row.childId),
        { targetType: "program-session", targetId: sessionId },
      );
      return rows.map((row) => {
        const record = health.get(row.childId);
        return [
          row.name,
          row.birthDate,
          row.grade,
          row.school,
          row.status,
          row.waitlistPosition,
          row.guardianEmail,
          record?.allergies ?? "",
          record?.medications ?? "",
          record?.emergencyContacts.map((contact) => `${contact.name} ${contact.phone}`).join("; ") ?? "",
          record?.pickupPeople.map((person) => `${person.name} ${person.phone}`.trim()).join("; ") ?? "",
        ];
      });
    },
  });
}

type MarkRow = {
  childId: string;
  meetingDate: string;
  name: string;
  mark: string;
  markedBy: string | null;
  updatedAt: string;
};

/** Every attendance mark of the session, by meeting day and child. */
export async function attendanceCsv(env: Env, staff: SessionUser, sessionId: string) {
  const count = await env.DB.prepare(`SELECT count(*) AS rows FROM attendance_marks WHERE session_id = ?1`)
    .bind(sessionId)
    .first<{ rows: number }>();
  await recordExport(env, staff, {
    export: "program-attendance",
    filters: { sessionId },
    rows: count?.rows ?? 0,
  });
  return csvStream<MarkRow>({
    header: ["meeting_date", "child", "mark", "marked_by", "marked_at"],
    page: async (after, limit) =>
      (
        await env.DB.prepare(
          `SELECT a.child_id AS childId, a.meeting_date AS meetingDate, c.name, a.mark, u.email AS markedBy,
             a.updated_at AS updatedAt
           FROM attendance_marks a JOIN children c ON c.id = a.child_id LEFT JOIN users u ON u.id = a.marked_by
           WHERE a.session_id = ?1 AND (?2 IS NULL OR (a.meeting_date, a.child_id) > (?2, ?3))
           ORDER BY a.meeting_date, a.child_id LIMIT ?4`,
        )
          .bind(sessionId, after?.[0] ?? null, after?.[1] ?? null, limit)
          .all<MarkRow>()
      ).results,
    keyOf: (row) => [row.meetingDate, row.childId],
    cells: (rows) =>
      rows.map((row) => [row.meetingDate, row.name, row.mark, row.markedBy ?? "", csvTime(row.updatedAt)]),
  });
}

/** Families one message reaches: far more than a session's places, far below a Worker's limits. */
const MESSAGE_FAMILIES = 500;

/**
 * A message from staff to the families of a session's children with a place (enrolled or pending),
 * one mail per guardian in their language, queued with its audit row in one batch. The mail holds
 * staff's words only, never a child's health or consent details (decision 054). Answers the outbox ids.
 */
export async function messageSessionFamilies(
  env: Env,
  staff: SessionUser,
  sessionId: string,
  message: { subjectEn: string; subjectEs: string; bodyEn: string; bodyEs: string },
): Promise<string[]> {
  const guardians = await env.DB.prepare(
    `SELECT DISTINCT u.email, u.locale FROM enrolments e JOIN children c ON c.id = e.child_id
       JOIN users u ON u.id = c.guardian_id
     WHERE e.session_id = ?1 AND e.status IN ('enrolled', 'pending') LIMIT ?2`,
  )
    .bind(sessionId, MESSAGE_FAMILIES)
    .all<{ email: string; locale: string }>();
  const signatures = {
    en: (await translatorFor(env, "en", "receipts"))("receipts:signature"),
    es: (await translatorFor(env, "es", "receipts"))("receipts:signature"),
  };
  const batchId = crypto.randomUUID();
  const messages = guardians.results.map((guardian, index) => {
    const locale = toLocale(guardian.locale);
    return {
      id: `session-message-${batchId}-${index}`,
      email: {
        to: guardian.email,
        subject: locale === "es" ? message.subjectEs : message.subjectEn,
        text: [locale === "es" ? message.bodyEs : message.bodyEn, "", signatures[locale]].join("\n"),
        template: "families.session-message",
        locale,
      },
    };
  });
  const db = getDb(env);
  await db.batch([
    auditEntry(db, staff, {
      action: "program-session.message",
      targetType: "program-session",
      targetId: sessionId,
      detail: { subject: message.subjectEn, families: messages.length },
    }),
    ...queueEmails(db, messages),
  ]);
  return messages.map((entry) => entry.id);
}
