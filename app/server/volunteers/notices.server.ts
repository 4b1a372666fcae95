import { and, asc, eq, gt, gte, isNotNull, isNull, lte, ne, or, sql } from "drizzle-orm";
import { newYorkDate, newYorkTimeToUtc } from "~/lib/format";
import type { SessionUser } from "~/lib/session-user";
import { publishChange } from "../content/versions.server";
import { getDb } from "../db/client.server";
import { volunteerClearances, volunteerShifts, volunteerSignups, volunteers } from "../db/schema";
import type { OutgoingEmail } from "../mail/message.server";
import { queueEmails } from "../mail/outbox.server";
import {
  buildClearanceExpiringEmail,
  buildClearancesExpiringTeamEmail,
  buildReminderEmail,
  buildShiftCancelledEmail,
  buildShiftMovedEmail,
} from "./mail.server";
import { findShift, type Shift } from "./shifts.server";
import { volunteerTokenSigner } from "./volunteers.server";
import { auditEntry } from "../records/audit.server";

type NoticeEnv = Pick<Env, "DB" | "CACHE" | "SITE_URL" | "LINK_SIGNING_SECRET">;

/** How far ahead a shift's reminder goes: the day before (decision 055). */
const REMINDER_HOURS = 24;
/**
 * Reminders one Cron run queues at most: with the run's other work it stays within half the
 * Workers Paid plan's limits (decision 045); the rest are queued five minutes later, well inside
 * the day before. Delivery sends 300 a run whatever is queued.
 */
export const REMINDERS_PER_RUN = 500;

/**
 * The Cron run's part (decision 055): queues the day-before reminder of every sign-up whose shift
 * starts within the next 24 hours, once per sign-up (`reminded_at` is set in the same batch as
 * the mail), at most REMINDERS_PER_RUN. One read, one key import for the links, then one batch:
 * the outbox rows as JSON parameters and one UPDATE over the ids.
 */
export async function queueShiftReminders(env: NoticeEnv, now = new Date()) {
  const db = getDb(env);
  const nowIso = now.toISOString();
  const until = new Date(now.getTime() + REMINDER_HOURS * 3_600_000).toISOString();
  const due = await db
    .select({ signupId: volunteerSignups.id, shift: volunteerShifts, volunteer: volunteers })
    .from(volunteerSignups)
    .innerJoin(volunteerShifts, eq(volunteerShifts.id, volunteerSignups.shiftId))
    .innerJoin(volunteers, eq(volunteers.id, volunteerSignups.volunteerId))
    .where(
      and(
        eq(volunteerSignups.status, "signed-up"),
        isNull(volunteerSignups.remindedAt),
        eq(volunteerShifts.status, "scheduled"),
        gt(volunteerShifts.startsAt, nowIso),
        lte(volunteerShifts.startsAt, until),
      ),
    )
    .orderBy(asc(volunteerShifts.startsAt))
    .limit(REMINDERS_PER_RUN);
  if (due.length === 0) return 0;
  const sign = await volunteerTokenSigner(env);
  const messages = await Promise.all(
    due.map(async ({ signupId, shift, volunteer }) => ({
      // The sign-up and its shift's start make the id: a reminder is queued once for that time.
      id: `volunteer-reminder:${signupId}:${shift.startsAt}`,
      email: await buildReminderEmail(env, volunteer, shift, await sign(volunteer.id)),
    })),
  );
  const ids = JSON.stringify(due.map((row) => row.signupId));
  await db.batch([
    ...(queueEmails(db, messages) as [ReturnType<typeof queueEmails>[number]]),
    db
      .update(volunteerSignups)
      .set({ remindedAt: nowIso })
      .where(sql`${volunteerSignups.id} in (select value from json_each(${ids}))`),
  ]);
  return due.length;
}

/** How far ahead of a clearance's expiry the volunteer and the team are told: the staff list's 30 days. */
export const CLEARANCE_NOTICE_DAYS = 30;
/** Clearance notices one Cron run queues at most; the rest go five minutes later (decision 045). */
export const CLEARANCE_NOTICES_PER_RUN = 200;

/**
 * The Cron run's clearance part (decision 055): each clearance that expires within the next 30
 * days, and whose volunteer has not been told of that expiry yet, gets one e-mail to the volunteer;
 * the team gets one e-mail a run saying how many (the names stay in the back office). One read,
 * then one batch: the outbox rows as JSON parameters and one UPDATE marking the expiry told. A
 * renewal's new expiry differs from the one told, so it is told again when its time comes.
 */
export async function queueClearanceNotices(env: NoticeEnv & Pick<Env, "TEAM_EMAIL">, now = new Date()) {
  const db = getDb(env);
  const today = newYorkDate(now);
  const until = newYorkDate(new Date(now.getTime() + CLEARANCE_NOTICE_DAYS * 86_400_000));
  const due = await db
    .select({
      volunteerId: volunteerClearances.volunteerId,
      kind: volunteerClearances.kind,
      expiresOn: volunteerClearances.expiresOn,
      email: volunteers.email,
      locale: volunteers.locale,
    })
    .from(volunteerClearances)
    .innerJoin(volunteers, eq(volunteers.id, volunteerClearances.volunteerId))
    .where(
      and(
        isNotNull(volunteerClearances.expiresOn),
        gte(volunteerClearances.expiresOn, today),
        lte(volunteerClearances.expiresOn, until),
        or(
          isNull(volunteerClearances.expiryNoticeFor),
          ne(volunteerClearances.expiryNoticeFor, volunteerClearances.expiresOn),
        ),
      ),
    )
    .orderBy(asc(volunteerClearances.expiresOn))
    .limit(CLEARANCE_NOTICES_PER_RUN);
  if (due.length === 0) return 0;
  const messages = await Promise.all(
    due.map(async (row) => ({
      // The clearance and its expiry make the id: told once for that date.
      id: `volunteer-clearance:${row.volunteerId}:${row.kind}:${row.expiresOn}`,
      email: await buildClearanceExpiringEmail(env, row, { kind: row.kind, expiresOn: row.expiresOn! }),
    })),
  );
  messages.push({
    id: `volunteer-clearances-team:${now.toISOString()}`,
    email: await buildClearancesExpiringTeamEmail(env, due.length),
  });
  const told = JSON.stringify(due.map((row) => [row.volunteerId, row.kind, row.expiresOn]));
  await db.batch([
    ...(queueEmails(db, messages) as [ReturnType<typeof queueEmails>[number]]),
    db
      .update(volunteerClearances)
      .set({ expiryNoticeFor: volunteerClearances.expiresOn })
      .where(
        sql`exists (select 1 from json_each(${told}) as told
                    where told.value ->> 0 = ${volunteerClearances.volunteerId}
                      and told.value ->> 1 = ${volunteerClearances.kind}
                      and told.value ->> 2 = ${volunteerClearances.expiresOn})`,
      ),
  ]);
  return due.length;
}

/** The volunteers' part of the Cron run: the day-before reminders and the clearance notices. */
export async function runVolunteerNotices(env: NoticeEnv & Pick<Env, "TEAM_EMAIL">, now = new Date()) {
  const [reminders, clearances] = await Promise.all([
    queueShiftReminders(env, now),
    queueClearanceNotices(env, now),
  ]);
  return { reminders, clearances };
}

/** The notices of a change to a shift, one per volunteer signed up or waiting. */
async function changeNotices(
  env: NoticeEnv,
  shift: Shift,
  build: (to: { email: string; locale: string }, token: string) => Promise<OutgoingEmail>,
) {
  const people = await getDb(env)
    .select({ volunteer: volunteers })
    .from(volunteerSignups)
    .innerJoin(volunteers, eq(volunteers.id, volunteerSignups.volunteerId))
    .where(and(eq(volunteerSignups.shiftId, shift.id), sql`${volunteerSignups.status} <> 'cancelled'`));
  const sign = await volunteerTokenSigner(env);
  return Promise.all(
    people.map(async ({ volunteer }) => ({
      id: crypto.randomUUID(),
      email: await build(volunteer, await sign(volunteer.id)),
    })),
  );
}

/** Staff call off a shift: it leaves the lists, and everyone on it is told, audited (decision 055). */
export async function cancelShift(env: NoticeEnv, staff: SessionUser, shiftId: string) {
  const shift = await findShift(env, shiftId);
  if (!shift || shift.status !== "scheduled") return { ok: false as const };
  const db = getDb(env);
  const notices = await changeNotices(env, shift, (to, token) =>
    buildShiftCancelledEmail(env, to, shift, token),
  );
  await db.batch([
    db
      .update(volunteerShifts)
      .set({ status: "cancelled", updatedAt: new Date().toISOString() })
      .where(eq(volunteerShifts.id, shiftId)),
    ...queueEmails(db, notices),
    auditEntry(db, staff, {
      action: "volunteer-shift.cancel",
      targetType: "volunteer-shift",
      targetId: shiftId,
      detail: { notified: notices.length },
    }),
  ]);
  await publishChange(env);
  return { ok: true as const, notified: notices.length };
}

/**
 * Staff move a shift (another day, time or place): everyone on it is told, and its reminders go
 * again for the new time. Audited with the times and place before and after.
 */
export async function moveShift(
  env: NoticeEnv,
  staff: SessionUser,
  shiftId: string,
  input: { date: string; start: string; end: string; place: string },
) {
  const before = await findShift(env, shiftId);
  if (!before || before.status !== "scheduled") return { ok: false as const };
  const after: Shift = {
    ...before,
    startsAt: newYorkTimeToUtc(input.date, input.start).toISOString(),
    endsAt: newYorkTimeToUtc(input.date, input.end).toISOString(),
    place: input.place,
    updatedAt: new Date().toISOString(),
  };
  const db = getDb(env);
  const notices = await changeNotices(env, after, (to, token) => buildShiftMovedEmail(env, to, after, token));
  await db.batch([
    db
      .update(volunteerShifts)
      .set({ startsAt: after.startsAt, endsAt: after.endsAt, place: after.place, updatedAt: after.updatedAt })
      .where(eq(volunteerShifts.id, shiftId)),
    db.update(volunteerSignups).set({ remindedAt: null }).where(eq(volunteerSignups.shiftId, shiftId)),
    ...queueEmails(db, notices),
    auditEntry(db, staff, {
      action: "volunteer-shift.move",
      targetType: "volunteer-shift",
      targetId: shiftId,
      detail: {
        startsAt: { before: before.startsAt, after: after.startsAt },
        endsAt: { before: before.endsAt, after: after.endsAt },
        place: { before: before.place, after: after.place },
        notified: notices.length,
      },
    }),
  ]);
  await publishChange(env);
  return { ok: true as const, notified: notices.length };
}
