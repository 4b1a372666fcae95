/**
 * Families and programs (docs/decisions/054-families-and-programs.md): the states an enrolment
 * and an attendance mark can hold, read by the schema, the server and the pages alike.
 */

/** The programs a session belongs to (the pages /education, /athletics, /mentorship). */
export const PROGRAMS = ["education", "athletics", "mentorship"] as const;
export type Program = (typeof PROGRAMS)[number];

/**
 * enrolled and pending (waiting for staff approval) hold a place; offered holds one until its
 * deadline; waitlisted waits in order; the rest hold nothing: withdrawn by the guardian, removed
 * by staff, declined by the guardian or by staff for a pending place, expired when an offer ran out.
 */
export const ENROLMENT_STATUSES = [
  "enrolled",
  "pending",
  "waitlisted",
  "offered",
  "withdrawn",
  "removed",
  "declined",
  "expired",
] as const;
export type EnrolmentStatus = (typeof ENROLMENT_STATUSES)[number];

/** The states that take one of a session's places. */
export const PLACE_HOLDING_STATUSES = ["enrolled", "pending", "offered"] as const satisfies EnrolmentStatus[];

export const ATTENDANCE_MARKS = ["present", "absent", "late"] as const;
export type AttendanceMark = (typeof ATTENDANCE_MARKS)[number];

/** How long an offered place waits for its family unless staff set otherwise. */
export const DEFAULT_OFFER_HOURS = 48;

/**
 * The program year a date falls in, as sessions name their `term` ("2026-27"): it starts on
 * July 1 (New York), and consents are confirmed once for it.
 */
export function programYear(newYorkDay: string): string {
  const [year = 0, month = 0] = newYorkDay.split("-").map(Number);
  const start = month >= 7 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
}

/** Grades a session takes, 0 being kindergarten. */
export const GRADES = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"] as const;
