import { eq } from "drizzle-orm";
import { type Program } from "~/lib/families";
import { SESSION_WEEKDAYS, type ProgramSessionInput } from "~/lib/family-schemas";
import { newYorkDate } from "~/lib/format";
import type { Locale } from "~/lib/i18n";
import type { SessionUser } from "~/lib/session-user";
import { getDb } from "../db/client.server";
import { programSessions } from "../db/schema";
import { auditEntry, fieldChanges } from "../records/audit.server";
import { offerFreePlaces } from "./enrolments.server";

/**
 * Program sessions as staff write them and families see them (decision 054): the editor's values,
 * its save and close, and the open sessions the program pages list with their places left.
 */

type SessionEnv = Pick<Env, "DB" | "CACHE" | "SITE_URL" | "LINK_SIGNING_SECRET">;
type SessionRow = typeof programSessions.$inferSelect;

/** Dollars as typed ("25.50") to cents, without floating-point rounding (decision 005). */
function dollarsToCents(dollars: string | undefined): number {
  if (!dollars) return 0;
  const [whole = "0", fraction = ""] = dollars.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** The columns a saved form writes. */
function columnsOf(input: ProgramSessionInput) {
  return {
    program: input.program,
    titleEn: input.titleEn,
    titleEs: input.titleEs,
    descriptionEn: input.descriptionEn ?? "",
    descriptionEs: input.descriptionEs ?? "",
    term: input.term,
    weekdays: SESSION_WEEKDAYS.filter((day) => input[`day${day}`]).join(","),
    startTime: input.startTime,
    endTime: input.endTime,
    startDate: input.startDate,
    endDate: input.endDate,
    location: input.locationEn,
    locationEs: input.locationEs,
    minAge: input.minAge,
    maxAge: input.maxAge,
    minGrade: Number(input.minGrade),
    maxGrade: Number(input.maxGrade),
    capacity: input.capacity,
    feeCents: dollarsToCents(input.fee),
    scholarship: input.scholarship,
    needsApproval: input.needsApproval,
    offerHours: input.offerHours,
    status: input.published ? ("published" as const) : ("draft" as const),
  };
}

/** The editor's fields for a stored session, as the form posts them back. */
export function sessionFormValues(row: SessionRow) {
  const days = new Set(row.weekdays.split(","));
  return {
    program: row.program,
    titleEn: row.titleEn,
    titleEs: row.titleEs,
    descriptionEn: row.descriptionEn,
    descriptionEs: row.descriptionEs,
    term: row.term,
    ...Object.fromEntries(SESSION_WEEKDAYS.map((day) => [`day${day}`, days.has(day) ? "on" : undefined])),
    startTime: row.startTime,
    endTime: row.endTime,
    startDate: row.startDate,
    endDate: row.endDate,
    locationEn: row.location,
    locationEs: row.locationEs,
    minAge: String(row.minAge),
    maxAge: String(row.maxAge),
    minGrade: String(row.minGrade),
    maxGrade: String(row.maxGrade),
    capacity: String(row.capacity),
    fee: row.feeCents ? (row.feeCents / 100).toFixed(2) : "",
    scholarship: row.scholarship ? "on" : undefined,
    needsApproval: row.needsApproval ? "on" : undefined,
    offerHours: String(row.offerHours),
    published: row.status === "published" ? "on" : undefined,
  };
}

export async function findProgramSession(env: Pick<Env, "DB">, id: string) {
  const [row] = await getDb(env).select().from(programSessions).where(eq(programSessions.id, id));
  return row ?? null;
}

/**
 * Staff add a session (no id) or change one, with the audit row in the same batch. A session that
 * is published with more places than are held offers them at once to the families waiting
 * (a capacity raise, a reopened session); answers the offers' outbox ids for the request to send.
 */
export async function saveProgramSession(
  env: SessionEnv,
  staff: SessionUser,
  id: string | null,
  input: ProgramSessionInput,
  now: Date = new Date(),
): Promise<{ id: string; offerIds: string[] } | null> {
  const db = getDb(env);
  const columns = columnsOf(input);
  if (!id) {
    const newId = crypto.randomUUID();
    await db.batch([
      db.insert(programSessions).values({ id: newId, ...columns }),
      auditEntry(db, staff, {
        action: "program-session.create",
        targetType: "program-session",
        targetId: newId,
        detail: { title: columns.titleEn, status: columns.status },
      }),
    ]);
    return { id: newId, offerIds: [] };
  }
  const before = await findProgramSession(env, id);
  if (!before) return null;
  await db.batch([
    db
      .update(programSessions)
      .set({ ...columns, updatedAt: now.toISOString() })
      .where(eq(programSessions.id, id)),
    auditEntry(db, staff, {
      action: "program-session.update",
      targetType: "program-session",
      targetId: id,
      detail: { changes: fieldChanges(before, columns) },
    }),
  ]);
  return { id, offerIds: await offerFreePlaces(env, now, id) };
}

/**
 * Staff close a session: archived, it takes no new places and leaves the program pages; the
 * children placed keep their places, the roster and the attendance.
 */
export async function closeProgramSession(env: Pick<Env, "DB">, staff: SessionUser, id: string) {
  const db = getDb(env);
  const [closed] = await db.batch([
    db
      .update(programSessions)
      .set({ status: "archived", updatedAt: new Date().toISOString() })
      .where(eq(programSessions.id, id))
      .returning({ id: programSessions.id }),
    auditEntry(db, staff, { action: "program-session.close", targetType: "program-session", targetId: id }),
  ]);
  return closed.length > 0;
}

/** A session as a program page shows it, in the visitor's language. */
export type OpenSession = {
  id: string;
  program: Program;
  title: string;
  description: string;
  weekdays: string[];
  startTime: string;
  endTime: string;
  startDate: string;
  endDate: string;
  location: string;
  minAge: number;
  maxAge: number;
  minGrade: number;
  maxGrade: number;
  feeCents: number;
  scholarship: boolean;
  placesLeft: number;
  waiting: number;
};

/**
 * The published sessions not yet ended, of one program or all, with their places left and the
 * families waiting: one query. The pages that list them are kept a minute by the page cache, so
 * a count is at most that old; the place itself is taken by the enrolment's own statement.
 */
export async function openSessions(
  env: Pick<Env, "DB">,
  locale: Locale,
  program: Program | null = null,
  now: Date = new Date(),
): Promise<OpenSession[]> {
  const rows = await env.DB.prepare(
    `SELECT s.id, s.program, s.title_en AS titleEn, s.title_es AS titleEs, s.description_en AS descriptionEn,
       s.description_es AS descriptionEs, s.weekdays, s.start_time AS startTime, s.end_time AS endTime,
       s.start_date AS startDate, s.end_date AS endDate, s.location, s.location_es AS locationEs, s.min_age AS minAge, s.max_age AS maxAge,
       s.min_grade AS minGrade, s.max_grade AS maxGrade, s.fee_cents AS feeCents, s.scholarship,
       s.capacity - (SELECT count(*) FROM enrolments e WHERE e.session_id = s.id
                       AND e.status IN ('enrolled', 'pending', 'offered')) AS placesLeft,
       (SELECT count(*) FROM enrolments w WHERE w.session_id = s.id AND w.status = 'waitlisted') AS waiting
     FROM program_sessions s
     WHERE s.status = 'published' AND s.end_date >= ?1 AND (?2 IS NULL OR s.program = ?2)
     ORDER BY s.start_date, s.title_en LIMIT 50`,
  )
    .bind(newYorkDate(now), program)
    .all<
      Omit<OpenSession, "title" | "description" | "weekdays" | "scholarship"> & {
        titleEn: string;
        titleEs: string;
        descriptionEn: string;
        descriptionEs: string;
        weekdays: string;
        scholarship: number;
        locationEs: string;
      }
    >();
  return rows.results.map(({ titleEn, titleEs, descriptionEn, descriptionEs, locationEs, ...row }) => ({
    ...row,
    title: locale === "es" ? titleEs : titleEn,
    description: locale === "es" ? descriptionEs : descriptionEn,
    // A session saved before the place had both languages shows its one value (schema.ts).
    location: locale === "es" && locationEs ? locationEs : row.location,
    weekdays: row.weekdays.split(",").filter(Boolean),
    scholarship: Boolean(row.scholarship),
    // A place a family waits for is not free, even when a lowered capacity leaves none.
    placesLeft: row.waiting > 0 ? 0 : Math.max(0, row.placesLeft),
  }));
}
