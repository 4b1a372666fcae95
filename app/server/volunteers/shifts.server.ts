import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import { newYorkTimeToUtc } from "~/lib/format";
import type { SessionUser } from "~/lib/session-user";
import type { ClearanceKind } from "~/lib/vocabulary";
import { publishChange } from "../content/versions.server";
import { getDb } from "../db/client.server";
import { volunteerShifts, volunteerSignups } from "../db/schema";
import { auditEntry } from "../records/audit.server";

export type Shift = typeof volunteerShifts.$inferSelect;

/** What staff typed for one shift or a weekly series, already parsed (app/lib/volunteers.ts). */
export type ShiftPlan = {
  roleSlug: string;
  titleEn: string;
  titleEs: string;
  /** yyyy-mm-dd; a series repeats weekly on this weekday until `lastDate`. */
  firstDate: string;
  lastDate: string | null;
  /** HH:MM, New York time (parseClockTime, decision 049). */
  start: string;
  end: string;
  place: string;
  capacity: number;
  requiredClearances: ClearanceKind[];
};

/** A series stops after this many weeks, a school year: a typo in the last date makes no thousand rows. */
export const MAX_SERIES_WEEKS = 52;

/** The dates of a one-off shift or a weekly series, every seven days from the first to the last. */
export function seriesDates(firstDate: string, lastDate: string | null): string[] {
  const dates: string[] = [];
  const first = Date.parse(`${firstDate}T12:00:00Z`);
  const last = lastDate ? Date.parse(`${lastDate}T12:00:00Z`) : first;
  for (let day = first; day <= last && dates.length < MAX_SERIES_WEEKS; day += 7 * 86_400_000) {
    dates.push(new Date(day).toISOString().slice(0, 10));
  }
  return dates;
}

/** Adds a shift, or one per week of a series, audited in the same batch (decision 055). */
export async function createShifts(env: Pick<Env, "DB" | "CACHE">, staff: SessionUser, plan: ShiftPlan) {
  const db = getDb(env);
  const dates = seriesDates(plan.firstDate, plan.lastDate);
  const seriesId = dates.length > 1 ? crypto.randomUUID() : null;
  const rows = dates.map((date) => ({
    id: crypto.randomUUID(),
    roleSlug: plan.roleSlug,
    seriesId,
    titleEn: plan.titleEn,
    titleEs: plan.titleEs,
    startsAt: newYorkTimeToUtc(date, plan.start).toISOString(),
    endsAt: newYorkTimeToUtc(date, plan.end).toISOString(),
    place: plan.place,
    capacity: plan.capacity,
    requiredClearances: plan.requiredClearances,
  }));
  // Ten columns a row: insert in slices that stay under D1's 100 bound parameters (decision 045).
  const inserts = [];
  for (let index = 0; index < rows.length; index += 8) {
    inserts.push(db.insert(volunteerShifts).values(rows.slice(index, index + 8)));
  }
  await db.batch([
    ...(inserts as [(typeof inserts)[number], ...typeof inserts]),
    auditEntry(db, staff, {
      action: "volunteer-shifts.create",
      targetType: "volunteer-shift",
      targetId: seriesId ?? rows[0]!.id,
      detail: { ...plan, shifts: rows.length },
    }),
  ]);
  // /volunteer lists the shifts: its cached pages are keyed by the content version (decision 027).
  await publishChange(env);
  return { seriesId, count: rows.length, firstId: rows[0]!.id };
}

/** Signed-up places of a shift, as a SQL expression over `volunteer_shifts` (the same count everywhere). */
// Written out: drizzle prints a selected column unqualified, which the subquery would read as its own.
export const TAKEN_PLACES = sql<number>`(SELECT COUNT(*) FROM volunteer_signups t WHERE t.shift_id = "volunteer_shifts"."id" AND t.status = 'signed-up')`;

/** Upcoming scheduled shifts with places left, of one role or all, soonest first. */
export async function upcomingShifts(
  env: Pick<Env, "DB">,
  options: { roleSlug?: string; now?: Date; limit?: number } = {},
) {
  const now = (options.now ?? new Date()).toISOString();
  const rows = await getDb(env)
    .select({ shift: volunteerShifts, taken: TAKEN_PLACES })
    .from(volunteerShifts)
    .where(
      and(
        eq(volunteerShifts.status, "scheduled"),
        gt(volunteerShifts.startsAt, now),
        options.roleSlug ? eq(volunteerShifts.roleSlug, options.roleSlug) : undefined,
      ),
    )
    .orderBy(asc(volunteerShifts.startsAt))
    .limit(options.limit ?? 200);
  return rows.map(({ shift, taken }) => ({
    ...shift,
    placesLeft: Math.max(0, shift.capacity - Number(taken)),
  }));
}

export type UpcomingShift = Awaited<ReturnType<typeof upcomingShifts>>[number];

/** Places left over each role's upcoming shifts, by role slug: the "spots" /volunteer shows (decision 055). */
export async function placesLeftByRole(
  env: Pick<Env, "DB">,
  now = new Date(),
): Promise<Record<string, number>> {
  const rows = await getDb(env)
    .select({
      roleSlug: volunteerShifts.roleSlug,
      places: sql<number>`SUM(MAX(${volunteerShifts.capacity} - ${TAKEN_PLACES}, 0))`,
    })
    .from(volunteerShifts)
    .where(and(eq(volunteerShifts.status, "scheduled"), gt(volunteerShifts.startsAt, now.toISOString())))
    .groupBy(volunteerShifts.roleSlug);
  return Object.fromEntries(rows.map((row) => [row.roleSlug, Number(row.places)]));
}

export async function findShift(env: Pick<Env, "DB">, id: string) {
  const [row] = await getDb(env)
    .select({ shift: volunteerShifts, taken: TAKEN_PLACES })
    .from(volunteerShifts)
    .where(eq(volunteerShifts.id, id));
  return row ? { ...row.shift, placesLeft: Math.max(0, row.shift.capacity - Number(row.taken)) } : null;
}

/** The ids of the shifts a sign-up for `shiftId` covers: itself, or its series from it on. */
export async function shiftsOfSeries(env: Pick<Env, "DB">, seriesId: string, now = new Date()) {
  return getDb(env)
    .select()
    .from(volunteerShifts)
    .where(
      and(
        eq(volunteerShifts.seriesId, seriesId),
        eq(volunteerShifts.status, "scheduled"),
        gt(volunteerShifts.startsAt, now.toISOString()),
      ),
    )
    .orderBy(asc(volunteerShifts.startsAt));
}

/** Live sign-ups of some shifts (signed up or waitlisted), for the change notices. */
export async function liveSignupsOf(env: Pick<Env, "DB">, shiftIds: string[]) {
  if (shiftIds.length === 0) return [];
  return getDb(env)
    .select()
    .from(volunteerSignups)
    .where(
      and(
        sql`${volunteerSignups.shiftId} in (select value from json_each(${JSON.stringify(shiftIds)}))`,
        inArray(volunteerSignups.status, ["signed-up", "waitlisted"]),
      ),
    );
}
