import { env } from "cloudflare:workers";
import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/lib/session-user";
import { getDb } from "~/server/db/client.server";
import { outbox, submissions, volunteerSignups, volunteers } from "~/server/db/schema";
import { handleScheduled } from "~/server/scheduled.server";
import { hoursOf, hoursReport } from "~/server/volunteers/hours.server";
import {
  cancelShift,
  queueClearanceNotices,
  queueShiftReminders,
  REMINDERS_PER_RUN,
} from "~/server/volunteers/notices.server";
import { createShifts, findShift, upcomingShifts } from "~/server/volunteers/shifts.server";
import { cancelSignup, checkIn, signUp } from "~/server/volunteers/signups.server";
import {
  acceptVolunteer,
  recordClearance,
  recordGuardianConsent,
  volunteerFromToken,
  type Volunteer,
} from "~/server/volunteers/volunteers.server";
import { userWithSession } from "./auth-helpers";
import { countInvocation } from "./platform-count";

/** Shifts, sign-ups, reminders, hours and clearances (docs/decisions/055-volunteer-shifts.md). */

const db = getDb(env);
/** Links signed with a set secret, as deployed; mail to the local provider (tests/support/mail-server.ts). */
const deployed = {
  ...env,
  MAIL_TRANSPORT: "http",
  MAIL_API_URL: `${env.MAIL_TEST_ORIGIN}/ok`,
  LINK_SIGNING_SECRET: "volunteers-test-link-signing-secret",
} as Env;
let staff: SessionUser;
let counter = 0;

beforeAll(async () => {
  staff = (await userWithSession("coordinator@example.org", "STAFF")).user;
});

/** A volunteer or mentoring application as the public form stores it. */
async function application(kind: "volunteer" | "mentoring", payload: Record<string, unknown> = {}) {
  const id = crypto.randomUUID();
  const n = ++counter;
  await db.insert(submissions).values({
    id,
    kind,
    locale: "en",
    name: `Volunteer ${n}`,
    email: `volunteer${n}@example.org`,
    payload,
    idempotencyKey: id,
  });
  return id;
}

async function acceptedVolunteer(payload: Record<string, unknown> = {}, guardianEmail: string | null = null) {
  const outcome = await acceptVolunteer(deployed, staff, await application("volunteer", payload), {
    guardianEmail,
  });
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome.volunteer;
}

/** A New York date some days from today. */
function dayFromNow(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function oneShift(
  input: {
    capacity?: number;
    clearances?: ("background-check" | "training" | "first-aid")[];
    days?: number;
    roleSlug?: string;
  } = {},
) {
  const created = await createShifts(env, staff, {
    roleSlug: input.roleSlug ?? "tutor",
    titleEn: "Tutoring",
    titleEs: "Tutoría",
    firstDate: dayFromNow(input.days ?? 7),
    lastDate: null,
    start: "16:00",
    end: "18:00",
    place: "100 Main St, New York, NY 10001",
    capacity: input.capacity ?? 5,
    requiredClearances: input.clearances ?? [],
  });
  return (await findShift(env, created.firstId))!;
}

async function signedUpCount(shiftId: string) {
  const rows = await db
    .select()
    .from(volunteerSignups)
    .where(and(eq(volunteerSignups.shiftId, shiftId), eq(volunteerSignups.status, "signed-up")));
  return rows.length;
}

describe("accepting a volunteer", () => {
  it("makes one record per person, links a verified account and mails a signed link that opens it", async () => {
    const { user } = await userWithSession("volunteer-account@example.org");
    const submissionId = crypto.randomUUID();
    await db.insert(submissions).values({
      id: submissionId,
      kind: "mentoring",
      locale: "es",
      name: "Ana",
      email: "Volunteer-Account@example.org",
      payload: { age: 30 },
      idempotencyKey: submissionId,
    });
    const first = await acceptVolunteer(deployed, staff, submissionId, { guardianEmail: null });
    const again = await acceptVolunteer(deployed, staff, submissionId, { guardianEmail: null });
    expect(first.ok && again.ok && again.volunteer.id === first.volunteer.id).toBe(true);
    if (!first.ok) return;
    expect(first.volunteer.userId).toBe(user.id);
    const mails = await db.select().from(outbox).where(eq(outbox.to, "volunteer-account@example.org"));
    expect(mails.map((mail) => mail.template)).toEqual(["volunteer.welcome", "volunteer.welcome"]);
    // In their language, with a link that opens their page and names nothing they typed.
    expect(mails[0]!.subject).toBe("Bienvenido al voluntariado: elija sus turnos");
    expect(mails[0]!.text).not.toContain("Ana");
    const key = new URL(/https:\S+\/volunteer\/me\S+/.exec(mails[0]!.text)![0]).searchParams.get("key")!;
    expect((await volunteerFromToken(deployed, key))?.id).toBe(first.volunteer.id);
    expect(await volunteerFromToken(deployed, `${key}x`)).toBeNull();
  });

  it("asks for a guardian's e-mail under 18, and refuses sign-ups until the guardian consents", async () => {
    const submissionId = await application("mentoring", { age: 16, role: "mentor" });
    expect(await acceptVolunteer(deployed, staff, submissionId, { guardianEmail: null })).toEqual({
      ok: false,
      error: "guardian-email",
    });
    const accepted = await acceptVolunteer(deployed, staff, submissionId, {
      guardianEmail: "parent@example.org",
    });
    if (!accepted.ok) throw new Error("not accepted");
    const [guardianMail] = await db.select().from(outbox).where(eq(outbox.to, "parent@example.org"));
    expect(guardianMail?.template).toBe("volunteer.guardian");
    const shift = await oneShift();
    expect(
      await signUp(env, accepted.volunteer, { shiftId: shift.id, series: false, waitlist: false }),
    ).toEqual({
      ok: false,
      reason: "guardian",
    });
    await recordGuardianConsent(env, accepted.volunteer);
    const [consented] = await db.select().from(volunteers).where(eq(volunteers.id, accepted.volunteer.id));
    expect(await signUp(env, consented!, { shiftId: shift.id, series: false, waitlist: false })).toEqual({
      ok: true,
      signedUp: 1,
      waitlisted: 0,
    });
  });
});

describe("places", () => {
  it("gives the last 2 places to exactly 2 of 20 volunteers racing for them", async () => {
    const shift = await oneShift({ capacity: 5 });
    const people: Volunteer[] = [];
    for (let index = 0; index < 23; index++) people.push(await acceptedVolunteer());
    for (const person of people.slice(0, 3)) {
      await signUp(env, person, { shiftId: shift.id, series: false, waitlist: false });
    }
    const racers = people.slice(3);
    const outcomes = await Promise.all(
      racers.map((person) => signUp(env, person, { shiftId: shift.id, series: false, waitlist: false })),
    );
    const won = outcomes.filter((outcome) => outcome.ok).length;
    const full = outcomes.filter((outcome) => !outcome.ok && outcome.reason === "full").length;
    console.log(
      JSON.stringify({
        race: "20 for the last 2 places",
        won,
        full,
        signedUp: await signedUpCount(shift.id),
      }),
    );
    expect({ won, full }).toEqual({ won: 2, full: 18 });
    expect(await signedUpCount(shift.id)).toBe(5);
    expect((await findShift(env, shift.id))!.placesLeft).toBe(0);
  });

  it("puts a full shift's volunteers on its waitlist and gives the first of them a place someone gives up", async () => {
    const shift = await oneShift({ capacity: 1 });
    const [holder, first, second] = [
      await acceptedVolunteer(),
      await acceptedVolunteer(),
      await acceptedVolunteer(),
    ];
    await signUp(env, holder, { shiftId: shift.id, series: false, waitlist: false });
    expect(await signUp(env, first, { shiftId: shift.id, series: false, waitlist: false })).toEqual({
      ok: false,
      reason: "full",
      shiftId: shift.id,
    });
    expect(await signUp(env, first, { shiftId: shift.id, series: false, waitlist: true })).toEqual({
      ok: true,
      signedUp: 0,
      waitlisted: 1,
    });
    await signUp(env, second, { shiftId: shift.id, series: false, waitlist: true });
    await cancelSignup(deployed, holder, shift.id);
    const rows = await db.select().from(volunteerSignups).where(eq(volunteerSignups.shiftId, shift.id));
    const statusOf = (person: Volunteer) => rows.find((row) => row.volunteerId === person.id)?.status;
    expect([statusOf(holder), statusOf(first), statusOf(second)]).toEqual([
      "cancelled",
      "signed-up",
      "waitlisted",
    ]);
    const [opened] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, first.email), eq(outbox.template, "volunteer.place-opened")));
    expect(opened?.subject).toBe("A place opened: Tutoring");
  });

  it("signs up for every upcoming shift of a weekly series at once", async () => {
    const created = await createShifts(env, staff, {
      roleSlug: "tutor",
      titleEn: "Tutoring Tuesdays",
      titleEs: "Tutoría de los martes",
      firstDate: dayFromNow(3),
      lastDate: dayFromNow(3 + 7 * 9),
      start: "16:00",
      end: "18:00",
      place: "100 Main St",
      capacity: 10,
      requiredClearances: [],
    });
    expect(created.count).toBe(10);
    const person = await acceptedVolunteer();
    expect(await signUp(env, person, { shiftId: created.firstId, series: true, waitlist: false })).toEqual({
      ok: true,
      signedUp: 10,
      waitlisted: 0,
    });
    const shifts = await upcomingShifts(env, { roleSlug: "tutor" });
    expect(
      shifts.filter((shift) => shift.seriesId === created.seriesId).map((shift) => shift.placesLeft),
    ).toEqual(Array(10).fill(9));
  });
});

describe("clearances", () => {
  it("refuses a coach shift without first aid, or with first aid expired by the shift's day, naming it", async () => {
    const shift = await oneShift({
      roleSlug: "coach",
      clearances: ["background-check", "first-aid"],
      days: 20,
    });
    const coach = await acceptedVolunteer();
    await recordClearance(env, staff, coach.id, {
      kind: "background-check",
      clearedOn: dayFromNow(-30),
      expiresOn: null,
    });
    expect(await signUp(env, coach, { shiftId: shift.id, series: false, waitlist: false })).toEqual({
      ok: false,
      reason: "clearance",
      missing: ["first-aid"],
      expired: [],
    });
    await recordClearance(env, staff, coach.id, {
      kind: "first-aid",
      clearedOn: dayFromNow(-700),
      expiresOn: dayFromNow(10),
    });
    // Held but running out before the shift's day: refused, and the answer says when it runs out.
    expect(await signUp(env, coach, { shiftId: shift.id, series: false, waitlist: false })).toEqual({
      ok: false,
      reason: "clearance",
      missing: ["first-aid"],
      expired: [{ kind: "first-aid", expiresOn: dayFromNow(10) }],
    });
    await recordClearance(env, staff, coach.id, {
      kind: "first-aid",
      clearedOn: dayFromNow(-1),
      expiresOn: dayFromNow(700),
    });
    expect(await signUp(env, coach, { shiftId: shift.id, series: false, waitlist: false })).toMatchObject({
      ok: true,
    });
  });
});

describe("clearance expiry notices", () => {
  it("tells the volunteer once ahead of each expiry, and the team how many, within the Cron run's budget", async () => {
    const now = new Date();
    const soon = await acceptedVolunteer({}, null);
    const later = await acceptedVolunteer({}, null);
    await recordClearance(env, staff, soon.id, {
      kind: "first-aid",
      clearedOn: dayFromNow(-700),
      expiresOn: dayFromNow(20),
    });
    await recordClearance(env, staff, soon.id, {
      kind: "training",
      clearedOn: dayFromNow(-30),
      expiresOn: null,
    });
    await recordClearance(env, staff, later.id, {
      kind: "first-aid",
      clearedOn: dayFromNow(-10),
      expiresOn: dayFromNow(90),
    });
    const runs = [];
    for (let run = 0; run < 2; run++) {
      const { result, count } = await countInvocation(
        (counting) => queueClearanceNotices(counting, now),
        deployed,
      );
      runs.push({ told: result, ...count });
    }
    console.log(JSON.stringify({ path: "clearance notices, two runs", runs }));
    expect(runs.map((run) => run.told)).toEqual([1, 0]);
    expect(runs[0]!.d1Queries).toBeLessThanOrEqual(4);
    expect(runs[0]!.maxBoundParameters).toBeLessThanOrEqual(12);
    const toVolunteer = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, soon.email), eq(outbox.template, "volunteer.clearance-expiring")));
    expect(toVolunteer).toHaveLength(1);
    expect(toVolunteer[0]!.subject).toBe("Runs out soon: First aid");
    expect(toVolunteer[0]!.text).toContain("runs out on");
    expect(toVolunteer[0]!.text).not.toContain(soon.name);
    const [toTeam] = await db.select().from(outbox).where(like(outbox.id, "volunteer-clearances-team:%"));
    expect(toTeam?.to).toBe(env.TEAM_EMAIL);
    expect(toTeam?.subject).toBe("1 volunteer clearance runs out within 30 days");
    expect(toTeam?.text).not.toContain(soon.email);
    expect(
      await db
        .select()
        .from(outbox)
        .where(eq(outbox.to, later.email))
        .then((rows) => rows.filter((row) => row.template === "volunteer.clearance-expiring")),
    ).toHaveLength(0);
    // A renewal's new expiry is told again when it comes near.
    await recordClearance(env, staff, soon.id, {
      kind: "first-aid",
      clearedOn: dayFromNow(0),
      expiresOn: dayFromNow(25),
    });
    expect(await queueClearanceNotices(deployed, now)).toBe(1);
  });
});

describe("reminders", () => {
  it("queues each sign-up's reminder once, the day before, within the Cron run's budget (300 shifts)", async () => {
    const start = Date.now() + 12 * 3_600_000;
    const shiftRows = Array.from({ length: 300 }, (_, index) => ({
      id: `bulk-shift-${index}`,
      startsAt: new Date(start + index * 60_000).toISOString(),
    }));
    const people = Array.from({ length: 600 }, (_, index) => `bulk-volunteer-${index}`);
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO volunteer_shifts (id, role_slug, title_en, title_es, starts_at, ends_at, place, capacity, required_clearances)
         SELECT value ->> 'id', 'tutor', 'Tutoring', 'Tutoría', value ->> 'startsAt', value ->> 'startsAt', '100 Main St', 2, '[]'
         FROM json_each(?1)`,
      ).bind(JSON.stringify(shiftRows)),
      env.DB.prepare(
        `INSERT INTO volunteers (id, email, name, locale) SELECT value, value || '@example.org', 'Bulk', 'en' FROM json_each(?1)`,
      ).bind(JSON.stringify(people)),
      env.DB.prepare(
        `INSERT INTO volunteer_signups (id, shift_id, volunteer_id, status)
         SELECT 'bulk-signup-' || key, 'bulk-shift-' || (key / 2), value, 'signed-up' FROM json_each(?1)`,
      ).bind(JSON.stringify(people)),
    ]);
    const runs = [];
    for (let run = 0; run < 3; run++) {
      const { result, count } = await countInvocation((counting) => queueShiftReminders(counting), deployed);
      runs.push({ queued: result, ...count });
    }
    console.log(JSON.stringify({ path: "reminders, 300 shifts x 2 sign-ups", runs }));
    expect(runs.map((run) => run.queued)).toEqual([REMINDERS_PER_RUN, 600 - REMINDERS_PER_RUN, 0]);
    for (const run of runs) {
      expect(run.d1Queries).toBeLessThanOrEqual(10);
      expect(run.subrequests).toBeLessThanOrEqual(10);
      expect(run.maxBoundParameters).toBeLessThanOrEqual(12);
    }
    const reminders = await db
      .select()
      .from(outbox)
      .where(like(outbox.id, "volunteer-reminder:bulk-signup-%"));
    expect(reminders).toHaveLength(600);
    expect(new Set(reminders.map((mail) => mail.to)).size).toBe(600);
    expect(reminders[0]!.text).toContain("Place: 100 Main St");
    expect(reminders[0]!.text).toMatch(/\/volunteer\/shifts\/bulk-shift-\d+\/calendar\.ics\?lng=en/);
    // The whole Cron run, reminders then delivery, stays within decision 045's budget.
    const { count } = await countInvocation((counting) => handleScheduled(counting), deployed);
    console.log(JSON.stringify({ path: "Cron run after the reminders", ...count }));
    expect(count.d1Queries).toBeLessThanOrEqual(500);
    expect(count.subrequests).toBeLessThanOrEqual(500);
  });

  it("tells everyone on a shift that staff cancel it", async () => {
    const shift = await oneShift();
    const person = await acceptedVolunteer();
    await signUp(env, person, { shiftId: shift.id, series: false, waitlist: false });
    expect(await cancelShift(deployed, staff, shift.id)).toEqual({ ok: true, notified: 1 });
    const [notice] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, person.email), eq(outbox.template, "volunteer.shift-cancelled")));
    expect(notice?.subject).toBe("Cancelled: Tutoring");
    expect((await upcomingShifts(env)).some((one) => one.id === shift.id)).toBe(false);
  });
});

describe("hours", () => {
  it("adds up attended shifts and arrival-to-departure per volunteer, role and period", async () => {
    const person = await acceptedVolunteer();
    const tutoring = await oneShift({ days: 2 });
    const events = await oneShift({ days: 3, roleSlug: "events" });
    await signUp(env, person, { shiftId: tutoring.id, series: false, waitlist: false });
    await signUp(env, person, { shiftId: events.id, series: false, waitlist: false });
    const [tutoringSignup, eventsSignup] = (await Promise.all(
      [tutoring, events].map(async (shift) => {
        const [row] = await db
          .select()
          .from(volunteerSignups)
          .where(and(eq(volunteerSignups.shiftId, shift.id), eq(volunteerSignups.volunteerId, person.id)));
        return row!;
      }),
    )) as [typeof volunteerSignups.$inferSelect, typeof volunteerSignups.$inferSelect];
    // Before the shift starts nobody has attended it yet: refused, nothing recorded.
    expect(await checkIn(env, staff, tutoring, tutoringSignup.id, "attended")).toEqual({
      ok: false,
      reason: "not-started",
    });
    expect(await checkIn(env, staff, tutoring, tutoringSignup.id, "left")).toEqual({
      ok: false,
      reason: "not-started",
    });
    expect((await hoursOf(env, person.id)).total).toBe(0);
    const afterTutoring = new Date(tutoring.endsAt);
    expect(await checkIn(env, staff, tutoring, tutoringSignup.id, "attended", afterTutoring)).toEqual({
      ok: true,
    });
    const arrival = new Date(events.startsAt);
    await checkIn(env, staff, events, eventsSignup.id, "arrived", arrival);
    expect((await hoursOf(env, person.id)).total).toBe(2);
    await checkIn(env, staff, events, eventsSignup.id, "left", new Date(arrival.getTime() + 90 * 60_000));
    expect(await hoursOf(env, person.id)).toEqual({
      lines: [
        { roleSlug: "events", shifts: 1, hours: 1.5 },
        { roleSlug: "tutor", shifts: 1, hours: 2 },
      ],
      total: 3.5,
    });
    const report = await hoursReport(env, { from: dayFromNow(-1), to: dayFromNow(10) });
    expect(report.byVolunteer.find((one) => one.id === person.id)?.hours).toBe(3.5);
    const onlyTutoring = await hoursReport(env, { from: dayFromNow(-1), to: dayFromNow(2) });
    expect(onlyTutoring.byVolunteer.find((one) => one.id === person.id)?.hours).toBe(2);
  });
});
