import { and, asc, eq, gte, inArray, isNotNull, lt, sql } from "drizzle-orm";
import { newYorkTimeToUtc } from "~/lib/format";
import type { SessionUser } from "~/lib/session-user";
import { recordExport } from "../records/audit.server";
import { csvText } from "../records/csv.server";
import { getDb } from "../db/client.server";
import { volunteerShifts, volunteerSignups, volunteers } from "../db/schema";

/**
 * Hours given: from check-in to check-out of a sign-up still "signed-up" (decision 055), in
 * hours; a sign-up marked arrived but not left counts nothing until it is.
 */
const HOURS = sql<number>`COALESCE(SUM((julianday(${volunteerSignups.checkedOutAt}) - julianday(${volunteerSignups.checkedInAt})) * 24), 0)`;
const COUNTED = and(
  eq(volunteerSignups.status, "signed-up"),
  isNotNull(volunteerSignups.checkedInAt),
  isNotNull(volunteerSignups.checkedOutAt),
  sql`${volunteerSignups.checkedOutAt} > ${volunteerSignups.checkedInAt}`,
);

/** Hours to two decimals, as a report shows them. */
export function roundHours(hours: number): number {
  return Math.round(Number(hours) * 100) / 100;
}

/** A period of New York days, `from` and `to` both included, as bounds on the shifts' start. */
function periodWhere(period: { from: string; to: string }) {
  const dayAfter = new Date(Date.parse(`${period.to}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return and(
    gte(volunteerShifts.startsAt, newYorkTimeToUtc(period.from).toISOString()),
    lt(volunteerShifts.startsAt, newYorkTimeToUtc(dayAfter).toISOString()),
  );
}

/** Hours per volunteer and role in a period, for the admin page and the grant report's CSV. */
export async function hoursReport(env: Pick<Env, "DB">, period: { from: string; to: string }) {
  const rows = await getDb(env)
    .select({
      volunteerId: volunteers.id,
      name: volunteers.name,
      email: volunteers.email,
      roleSlug: volunteerShifts.roleSlug,
      shifts: sql<number>`COUNT(*)`,
      hours: HOURS,
    })
    .from(volunteerSignups)
    .innerJoin(volunteerShifts, eq(volunteerShifts.id, volunteerSignups.shiftId))
    .innerJoin(volunteers, eq(volunteers.id, volunteerSignups.volunteerId))
    .where(and(COUNTED, periodWhere(period)))
    .groupBy(volunteers.id, volunteerShifts.roleSlug)
    .orderBy(asc(volunteers.name), asc(volunteerShifts.roleSlug));
  const lines = rows.map((row) => ({ ...row, shifts: Number(row.shifts), hours: roundHours(row.hours) }));
  const byRole: Record<string, number> = {};
  // In the lines' order, by name: the staff page's table of the period's volunteers.
  const byVolunteer = new Map<string, { id: string; name: string; hours: number }>();
  for (const line of lines) {
    byRole[line.roleSlug] = roundHours((byRole[line.roleSlug] ?? 0) + line.hours);
    const person = byVolunteer.get(line.volunteerId) ?? { id: line.volunteerId, name: line.name, hours: 0 };
    byVolunteer.set(line.volunteerId, { ...person, hours: roundHours(person.hours + line.hours) });
  }
  const total = roundHours(lines.reduce((sum, line) => sum + line.hours, 0));
  return { lines, byRole, byVolunteer: [...byVolunteer.values()], total };
}

/** A volunteer's own hours, all time and per role, for their page. */
export async function hoursOf(env: Pick<Env, "DB">, volunteerId: string) {
  const rows = await getDb(env)
    .select({ roleSlug: volunteerShifts.roleSlug, shifts: sql<number>`COUNT(*)`, hours: HOURS })
    .from(volunteerSignups)
    .innerJoin(volunteerShifts, eq(volunteerShifts.id, volunteerSignups.shiftId))
    .where(and(COUNTED, eq(volunteerSignups.volunteerId, volunteerId)))
    .groupBy(volunteerShifts.roleSlug)
    .orderBy(asc(volunteerShifts.roleSlug));
  const lines = rows.map((row) => ({ ...row, shifts: Number(row.shifts), hours: roundHours(row.hours) }));
  return { lines, total: roundHours(lines.reduce((sum, line) => sum + line.hours, 0)) };
}

/**
 * The listed volunteers' hours all told, by id, for the admin list: only theirs, through
 * `volunteer_signups_volunteer_idx`, so the sum grows with the page and not with the years
 * (decision 057). The ids travel as one JSON parameter (D1 binds at most 100).
 */
export async function hoursPerVolunteer(env: Pick<Env, "DB">, volunteerIds: string[]) {
  if (volunteerIds.length === 0) return {};
  const rows = await getDb(env)
    .select({ volunteerId: volunteerSignups.volunteerId, hours: HOURS })
    .from(volunteerSignups)
    .where(
      and(
        inArray(
          volunteerSignups.volunteerId,
          sql`(SELECT value FROM json_each(${JSON.stringify(volunteerIds)}))`,
        ),
        COUNTED,
      ),
    )
    .groupBy(volunteerSignups.volunteerId);
  return Object.fromEntries(rows.map((row) => [row.volunteerId, roundHours(row.hours)]));
}

/** The grant report's CSV: one line per volunteer and role, recorded in the audit log first. */
export async function hoursCsv(
  env: Pick<Env, "DB">,
  staff: SessionUser,
  period: { from: string; to: string },
) {
  const report = await hoursReport(env, period);
  await recordExport(env, staff, { export: "volunteer-hours", filters: period, rows: report.lines.length });
  return csvText(
    ["name", "email", "role", "shifts", "hours", "from", "to"],
    report.lines.map((line) => [
      line.name,
      line.email,
      line.roleSlug,
      line.shifts,
      line.hours,
      period.from,
      period.to,
    ]),
  );
}
