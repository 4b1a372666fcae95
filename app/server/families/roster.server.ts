import type { AttendanceMark } from "~/lib/families";
import type { SessionUser } from "~/lib/session-user";
import { readHealthRecordsAsStaff } from "./child-data.server";

/**
 * A session's roster for staff (decision 054): every child with a place or waiting, and for
 * those with a place their health flags, emergency contacts and pick-up people (the read is
 * audited before anything is decrypted), with the day's attendance marks.
 */
export async function sessionRoster(env: Env, staff: SessionUser, sessionId: string, day: string) {
  const session = await env.DB.prepare(
    `SELECT id, title_en AS titleEn, title_es AS titleEs, capacity, start_date AS startDate, end_date AS endDate
     FROM program_sessions WHERE id = ?1`,
  )
    .bind(sessionId)
    .first<{
      id: string;
      titleEn: string;
      titleEs: string;
      capacity: number;
      startDate: string;
      endDate: string;
    }>();
  if (!session) return null;
  const rows = await env.DB.prepare(
    `SELECT e.id, e.child_id AS childId, c.name, e.status, e.waitlist_position AS waitlistPosition,
       e.offer_expires_at AS offerExpiresAt, a.mark
     FROM enrolments e JOIN children c ON c.id = e.child_id
       LEFT JOIN attendance_marks a ON a.session_id = e.session_id AND a.child_id = e.child_id AND a.meeting_date = ?2
     WHERE e.session_id = ?1 AND e.status IN ('enrolled', 'pending', 'waitlisted', 'offered')
     ORDER BY e.status = 'waitlisted', e.waitlist_position, c.name`,
  )
    .bind(sessionId, day)
    .all<{
      id: string;
      childId: string;
      name: string;
      status: "enrolled" | "pending" | "waitlisted" | "offered";
      waitlistPosition: number | null;
      offerExpiresAt: string | null;
      mark: AttendanceMark | null;
    }>();
  const placed = rows.results.filter((row) => row.status === "enrolled" || row.status === "pending");
  const health = await readHealthRecordsAsStaff(
    env,
    staff,
    placed.map((row) => row.childId),
    { targetType: "program-session", targetId: sessionId },
  );
  return {
    session,
    rows: rows.results.map((row) => {
      const record = health.get(row.childId);
      return {
        ...row,
        health: record
          ? {
              allergies: record.allergies,
              medications: record.medications,
              healthNotes: record.healthNotes,
              specialNeeds: record.specialNeeds,
              emergencyContacts: record.emergencyContacts,
              pickupPeople: record.pickupPeople,
            }
          : null,
      };
    }),
  };
}

/** One tap: a child with a place gets one mark for the day (a second tap changes it). */
export async function markAttendance(
  env: Pick<Env, "DB">,
  staff: SessionUser,
  input: { sessionId: string; childId: string; day: string; mark: AttendanceMark },
): Promise<boolean> {
  const result = await env.DB.prepare(
    `INSERT INTO attendance_marks (session_id, child_id, meeting_date, mark, marked_by, updated_at)
     SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE EXISTS (SELECT 1 FROM enrolments
       WHERE session_id = ?1 AND child_id = ?2 AND status = 'enrolled')
     ON CONFLICT (session_id, meeting_date, child_id) DO UPDATE SET mark = excluded.mark,
       marked_by = excluded.marked_by, updated_at = excluded.updated_at`,
  )
    .bind(input.sessionId, input.childId, input.day, input.mark, staff.id, new Date().toISOString())
    .run();
  return result.meta.changes > 0;
}

/**
 * The sessions of one program year (`term`, "2026-27") with their places held and families waiting,
 * and per program the children served (with a place) and the attendance rate (present or late, of
 * all marks) in that year, for staff and reports; and the nearest years before and after that have
 * sessions. A year at a time, so the page reads a year's sessions, places and marks however many
 * years the records hold (decision 057: every session of ten years was 9× the empty page).
 */
export async function sessionsOverview(env: Pick<Env, "DB">, term: string) {
  const [sessions, totals, years] = await env.DB.batch([
    env.DB.prepare(
      `SELECT s.id, s.program, s.title_en AS titleEn, s.title_es AS titleEs, s.term, s.capacity, s.status,
         (SELECT count(*) FROM enrolments e WHERE e.session_id = s.id AND e.status IN ('enrolled', 'pending', 'offered')) AS held,
         (SELECT count(*) FROM enrolments e WHERE e.session_id = s.id AND e.status = 'waitlisted') AS waiting
       FROM program_sessions s WHERE s.term = ?1 ORDER BY s.start_date DESC, s.title_en`,
    ).bind(term),
    env.DB.prepare(
      `SELECT s.program,
         (SELECT count(DISTINCT e.child_id) FROM enrolments e JOIN program_sessions t ON t.id = e.session_id
           WHERE t.term = ?1 AND t.program = s.program AND e.status = 'enrolled') AS served,
         (SELECT count(*) FROM attendance_marks a JOIN program_sessions t ON t.id = a.session_id
           WHERE t.term = ?1 AND t.program = s.program) AS marks,
         (SELECT count(*) FROM attendance_marks a JOIN program_sessions t ON t.id = a.session_id
           WHERE t.term = ?1 AND t.program = s.program AND a.mark IN ('present', 'late')) AS attended
       FROM program_sessions s WHERE s.term = ?1 GROUP BY s.program ORDER BY s.program`,
    ).bind(term),
    env.DB.prepare(
      `SELECT (SELECT max(term) FROM program_sessions WHERE term < ?1) AS earlier,
         (SELECT min(term) FROM program_sessions WHERE term > ?1) AS later`,
    ).bind(term),
  ]);
  const { earlier, later } = years!.results[0] as { earlier: string | null; later: string | null };
  return {
    sessions: sessions!.results as {
      id: string;
      program: string;
      titleEn: string;
      titleEs: string;
      term: string;
      capacity: number;
      status: string;
      held: number;
      waiting: number;
    }[],
    totals: (totals!.results as { program: string; served: number; marks: number; attended: number }[]).map(
      (row) => ({ ...row, attendanceRate: row.marks > 0 ? row.attended / row.marks : null }),
    ),
    term,
    earlier,
    later,
  };
}
