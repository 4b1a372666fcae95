import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { newYorkDate } from "~/lib/format";
import type { SessionUser } from "~/lib/session-user";
import type { ClearanceKind, SignupStatus } from "~/lib/vocabulary";
import { getDb } from "../db/client.server";
import { volunteerShifts, volunteerSignups, volunteers } from "../db/schema";
import { queueEmail } from "../mail/outbox.server";
import { buildPlaceOpenedEmail } from "./mail.server";
import { findShift, shiftsOfSeries, type Shift } from "./shifts.server";
import {
  clearancesOf,
  missingClearances,
  needsGuardian,
  volunteerToken,
  type Volunteer,
} from "./volunteers.server";
import { auditEntry } from "../records/audit.server";

type SignupEnv = Pick<Env, "DB" | "CACHE" | "SITE_URL" | "LINK_SIGNING_SECRET">;

export type SignupOutcome =
  | { ok: true; signedUp: number; waitlisted: number }
  | { ok: false; reason: "not-found" | "past" | "already" | "guardian" }
  | { ok: false; reason: "full"; shiftId: string }
  | {
      ok: false;
      reason: "clearance";
      missing: ClearanceKind[];
      /** Those of `missing` the volunteer holds but that run out before the shift's day. */
      expired: { kind: ClearanceKind; expiresOn: string }[];
    };

/**
 * Takes a place on one shift, in one conditional statement (decision 055, after 046's seats): the
 * count of places taken and the insert are one INSERT … SELECT … WHERE, and D1 runs statements
 * one at a time, so volunteers racing for the last places never overfill a shift. With
 * `waitlist` a full shift puts the volunteer on its waitlist; without it the statement takes
 * nothing. A cancelled sign-up of the same shift is taken up again (one row per person and shift).
 */
function takePlace(
  env: Pick<Env, "DB">,
  volunteerId: string,
  shiftId: string,
  waitlist: boolean,
  now: string,
) {
  return env.DB.prepare(
    `INSERT INTO volunteer_signups (id, shift_id, volunteer_id, status, created_at, updated_at)
     SELECT ?1, s.id, ?2, CASE WHEN ${TAKEN} < s.capacity THEN 'signed-up' ELSE 'waitlisted' END, ?4, ?4
     FROM volunteer_shifts s
     WHERE s.id = ?3 AND s.status = 'scheduled' AND s.starts_at > ?4 AND (?5 = 1 OR ${TAKEN} < s.capacity)
     ON CONFLICT (shift_id, volunteer_id) DO UPDATE
       SET status = excluded.status, updated_at = excluded.updated_at,
           checked_in_at = NULL, checked_out_at = NULL, reminded_at = NULL
       WHERE volunteer_signups.status = 'cancelled'
     RETURNING status`,
  ).bind(crypto.randomUUID(), volunteerId, shiftId, now, waitlist ? 1 : 0);
}
const TAKEN = `(SELECT COUNT(*) FROM volunteer_signups t WHERE t.shift_id = s.id AND t.status = 'signed-up')`;

/**
 * Signs a volunteer up for one shift, or for every upcoming shift of its series (decision 055).
 * Refused, with what to say, when a guardian has not consented yet, when a clearance the shift
 * needs is missing or will have expired by its day, or when the shift is full and the volunteer
 * did not ask for its waitlist. A series takes the places it can and waitlists the full shifts.
 */
export async function signUp(
  env: SignupEnv,
  volunteer: Volunteer,
  input: { shiftId: string; series: boolean; waitlist: boolean },
  now = new Date(),
): Promise<SignupOutcome> {
  const shift = await findShift(env, input.shiftId);
  if (!shift || shift.status !== "scheduled") return { ok: false, reason: "not-found" };
  if (shift.startsAt <= now.toISOString()) return { ok: false, reason: "past" };
  if (needsGuardian(volunteer)) return { ok: false, reason: "guardian" };
  const shifts = input.series && shift.seriesId ? await shiftsOfSeries(env, shift.seriesId, now) : [shift];
  const held = await clearancesOf(env, volunteer.id);
  const missing = new Set<ClearanceKind>();
  for (const one of shifts) {
    for (const kind of missingClearances(one.requiredClearances, held, newYorkDate(new Date(one.startsAt)))) {
      missing.add(kind);
    }
  }
  if (missing.size > 0) {
    const expired = held.flatMap(({ kind, expiresOn }) =>
      missing.has(kind) && expiresOn ? [{ kind, expiresOn }] : [],
    );
    return { ok: false, reason: "clearance", missing: [...missing], expired };
  }
  const nowIso = now.toISOString();
  const waitlist = input.waitlist || shifts.length > 1;
  const results = await env.DB.batch(
    shifts.map((one) => takePlace(env, volunteer.id, one.id, waitlist, nowIso)),
  );
  const statuses = results.flatMap((result) =>
    (result.results as { status: SignupStatus }[]).map((row) => row.status),
  );
  const signedUp = statuses.filter((status) => status === "signed-up").length;
  const waitlisted = statuses.filter((status) => status === "waitlisted").length;
  if (statuses.length > 0) return { ok: true, signedUp, waitlisted };
  // Nothing taken: the volunteer already holds it, or it is full and no waitlist was asked for.
  const [own] = await getDb(env)
    .select({ status: volunteerSignups.status })
    .from(volunteerSignups)
    .where(and(eq(volunteerSignups.shiftId, shift.id), eq(volunteerSignups.volunteerId, volunteer.id)));
  if (own && own.status !== "cancelled") return { ok: false, reason: "already" };
  return { ok: false, reason: "full", shiftId: shift.id };
}

/**
 * Gives up a place (or a place on the waitlist) and, in the same batch, hands a freed place to
 * the first volunteer waiting, who is told by e-mail (decision 055).
 */
export async function cancelSignup(env: SignupEnv, volunteer: Volunteer, shiftId: string, now = new Date()) {
  const nowIso = now.toISOString();
  const [cancelled, promoted] = await env.DB.batch([
    env.DB.prepare(
      `UPDATE volunteer_signups SET status = 'cancelled', updated_at = ?3
       WHERE shift_id = ?1 AND volunteer_id = ?2 AND status IN ('signed-up', 'waitlisted')
       RETURNING id`,
    ).bind(shiftId, volunteer.id, nowIso),
    promoteFirstWaiting(env, shiftId, nowIso),
  ]);
  if ((cancelled?.results.length ?? 0) === 0) return { ok: false as const };
  await tellPromoted(env, shiftId, (promoted?.results ?? []) as { volunteer_id: string }[]);
  return { ok: true as const };
}

/** The first on the waitlist (by when they joined it) takes a free place, in one statement. */
function promoteFirstWaiting(env: Pick<Env, "DB">, shiftId: string, nowIso: string) {
  return env.DB.prepare(
    `UPDATE volunteer_signups SET status = 'signed-up', updated_at = ?2
     WHERE id = (SELECT w.id FROM volunteer_signups w WHERE w.shift_id = ?1 AND w.status = 'waitlisted'
                 ORDER BY w.updated_at, w.id LIMIT 1)
       AND (SELECT COUNT(*) FROM volunteer_signups t WHERE t.shift_id = ?1 AND t.status = 'signed-up')
           < (SELECT capacity FROM volunteer_shifts WHERE id = ?1 AND status = 'scheduled' AND starts_at > ?2)
     RETURNING volunteer_id`,
  ).bind(shiftId, nowIso);
}

async function tellPromoted(env: SignupEnv, shiftId: string, promoted: { volunteer_id: string }[]) {
  const first = promoted[0];
  if (!first) return;
  const db = getDb(env);
  const [[person], shift] = await Promise.all([
    db.select().from(volunteers).where(eq(volunteers.id, first.volunteer_id)),
    findShift(env, shiftId),
  ]);
  if (!person || !shift) return;
  const mail = await buildPlaceOpenedEmail(env, person, shift, await volunteerToken(env, person.id));
  await queueEmail(db, mail);
}

/**
 * Swaps one shift for another: the new place is taken first, and only then is the old one
 * given up, so a refused swap leaves the volunteer where they were.
 */
export async function swapSignup(
  env: SignupEnv,
  volunteer: Volunteer,
  input: { fromShiftId: string; toShiftId: string },
  now = new Date(),
): Promise<SignupOutcome> {
  const taken = await signUp(
    env,
    volunteer,
    { shiftId: input.toShiftId, series: false, waitlist: false },
    now,
  );
  if (taken.ok) await cancelSignup(env, volunteer, input.fromShiftId, now);
  return taken;
}

/** A volunteer's own sign-ups from today on and their past shifts' hours, soonest first. */
export async function signupsOf(env: Pick<Env, "DB">, volunteerId: string) {
  return getDb(env)
    .select({ signup: volunteerSignups, shift: volunteerShifts })
    .from(volunteerSignups)
    .innerJoin(volunteerShifts, eq(volunteerShifts.id, volunteerSignups.shiftId))
    .where(
      and(
        eq(volunteerSignups.volunteerId, volunteerId),
        inArray(volunteerSignups.status, ["signed-up", "waitlisted"]),
      ),
    )
    .orderBy(asc(volunteerShifts.startsAt));
}

/** Who is on a shift, for its roster: signed up first, then the waitlist in order. */
export async function shiftRoster(env: Pick<Env, "DB">, shiftId: string) {
  return getDb(env)
    .select({
      signupId: volunteerSignups.id,
      status: volunteerSignups.status,
      checkedInAt: volunteerSignups.checkedInAt,
      checkedOutAt: volunteerSignups.checkedOutAt,
      volunteerId: volunteers.id,
      name: volunteers.name,
      phone: volunteers.phone,
    })
    .from(volunteerSignups)
    .innerJoin(volunteers, eq(volunteers.id, volunteerSignups.volunteerId))
    .where(
      and(
        eq(volunteerSignups.shiftId, shiftId),
        inArray(volunteerSignups.status, ["signed-up", "waitlisted"]),
      ),
    )
    .orderBy(sql`${volunteerSignups.status} = 'waitlisted'`, asc(volunteerSignups.updatedAt));
}

export const CHECK_INTENTS = ["arrived", "left", "attended"] as const;
export type CheckIntent = (typeof CHECK_INTENTS)[number];

/**
 * Staff mark who came (decision 055): "arrived" and "left" record the moment; "attended" records
 * the shift's own start and end in one tap. Audited with the times before and after. Before the
 * shift starts only an arrival can be true (volunteers come early): "attended" and "left" then
 * would count hours nobody has given yet.
 */
export async function checkIn(
  env: Pick<Env, "DB">,
  staff: SessionUser,
  shift: Shift,
  signupId: string,
  intent: CheckIntent,
  now = new Date(),
) {
  const db = getDb(env);
  const [before] = await db
    .select()
    .from(volunteerSignups)
    .where(and(eq(volunteerSignups.id, signupId), eq(volunteerSignups.shiftId, shift.id)));
  if (!before || before.status !== "signed-up")
    return { ok: false as const, reason: "not-signed-up" as const };
  const nowIso = now.toISOString();
  if (intent !== "arrived" && shift.startsAt > nowIso)
    return { ok: false as const, reason: "not-started" as const };
  const times =
    intent === "attended"
      ? { checkedInAt: shift.startsAt, checkedOutAt: shift.endsAt }
      : intent === "arrived"
        ? { checkedInAt: nowIso, checkedOutAt: before.checkedOutAt }
        : { checkedInAt: before.checkedInAt ?? shift.startsAt, checkedOutAt: nowIso };
  await db.batch([
    db
      .update(volunteerSignups)
      .set({ ...times, updatedAt: nowIso })
      .where(eq(volunteerSignups.id, signupId)),
    auditEntry(db, staff, {
      action: `volunteer-signup.${intent}`,
      targetType: "volunteer-signup",
      targetId: signupId,
      detail: {
        checkedInAt: { before: before.checkedInAt, after: times.checkedInAt },
        checkedOutAt: { before: before.checkedOutAt, after: times.checkedOutAt },
      },
    }),
  ]);
  return { ok: true as const };
}
