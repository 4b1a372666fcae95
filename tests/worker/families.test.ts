import { env } from "cloudflare:workers";
import { eq, inArray, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { SessionUser } from "~/lib/session-user";
import { getDb } from "~/server/db/client.server";
import {
  attendanceMarks,
  auditLog,
  childHealthRecords,
  children,
  enrolments,
  outbox,
  programSessions,
  users,
} from "~/server/db/schema";
import {
  type HealthRecord,
  readHealthRecord,
  readHealthRecordsAsStaff,
  reencryptHealthRecords,
} from "~/server/families/child-data.server";
import {
  childRecordDownload,
  deleteChild,
  purgeHealthRecords,
  saveChild,
} from "~/server/families/children.server";
import { runFamiliesCron } from "~/server/families/cron.server";
import { handleScheduled } from "~/server/scheduled.server";
import {
  answerOffer,
  decideEnrolment,
  enrolChild,
  offerFromToken,
  setCapacity,
  withdrawChild,
} from "~/server/families/enrolments.server";
import { userWithSession } from "./auth-helpers";
import { fetchPage, postForm, shown } from "./fetch";
import { countInvocation } from "./platform-count";

/** Families and programs (docs/decisions/054-families-and-programs.md), against the real local D1. */

const db = getDb(env);
const TERM = "2026-27";
let counter = 0;
const next = () => ++counter;

const SECRET_ALLERGY = "anaphylaxis to sesame, EpiPen in blue bag";
const health = (overrides: Partial<HealthRecord> = {}): HealthRecord => ({
  healthNotes: "asthma, inhaler before running",
  allergies: SECRET_ALLERGY,
  medications: "albuterol 2 puffs",
  specialNeeds: "seat near the door",
  emergencyContacts: [{ name: "Rosa Quintero", phone: "+1 212 555 0142", relation: "aunt" }],
  pickupPeople: [{ name: "Marco Quintero", phone: "+1 212 555 0199" }],
  ...overrides,
});

/** A verified guardian written straight to D1 (signing up twenty through PBKDF2 adds nothing here). */
async function guardian(locale = "en") {
  const id = crypto.randomUUID();
  await db.insert(users).values({
    id,
    email: `guardian-${next()}@example.com`,
    passwordHash: "unused",
    passwordSalt: "unused",
    passwordIterations: 1,
    locale,
    emailVerifiedAt: new Date().toISOString(),
  });
  return { id, emailVerifiedAt: new Date().toISOString() as string | null };
}

async function child(
  guardianId: string,
  overrides: Partial<Parameters<typeof saveChild>[2]["details"]> = {},
  consentYear = TERM,
) {
  const id = await saveChild(env, guardianId, {
    details: {
      name: `Ana Quintero ${next()}`,
      birthDate: "2016-03-14",
      grade: 4,
      school: "PS 175",
      ...overrides,
    },
    consent: { programYear: consentYear, photoConsent: false },
    health: health(),
  });
  return id!;
}

async function session(overrides: Partial<typeof programSessions.$inferInsert> = {}) {
  const id = `session-${next()}`;
  await db.insert(programSessions).values({
    id,
    program: "education",
    titleEn: "Homework Club (fall)",
    titleEs: "Club de tareas (otoño)",
    term: TERM,
    weekdays: "2,4",
    startTime: "15:30",
    endTime: "17:30",
    startDate: "2027-01-12",
    endDate: "2027-06-18",
    location: "125 West 125th Street, New York, NY 10027",
    minAge: 8,
    maxAge: 12,
    minGrade: 3,
    maxGrade: 6,
    capacity: 3,
    status: "published",
    ...overrides,
  });
  return id;
}

const staffId = crypto.randomUUID();
await db.insert(users).values({
  id: staffId,
  email: "families-staff@example.org",
  passwordHash: "unused",
  passwordSalt: "unused",
  passwordIterations: 1,
  role: "STAFF",
});
const staff: SessionUser = { id: staffId, name: "Staff", email: "families-staff@example.org", role: "STAFF" };

async function statuses(sessionId: string) {
  return db.select().from(enrolments).where(eq(enrolments.sessionId, sessionId));
}

async function enrolNew(sessionId: string, locale = "en") {
  const family = await guardian(locale);
  const childId = await child(family.id);
  const outcome = await enrolChild(env, family, { childId, sessionId });
  if (!outcome.ok) throw new Error(outcome.reason);
  return { family, childId, enrolmentId: outcome.enrolmentId, outcome };
}

describe("children's health records", () => {
  it("stores no readable health text in D1, and opens only for the child it was written for", async () => {
    const family = await guardian();
    const childId = await child(family.id);
    const [row] = await db.select().from(childHealthRecords).where(eq(childHealthRecords.childId, childId));
    expect(row!.keyId).toBe("test-1");
    // What a database export would show of this child, every column of both tables.
    const exported = JSON.stringify([row, await db.select().from(children).where(eq(children.id, childId))]);
    for (const text of [
      "sesame",
      "EpiPen",
      "asthma",
      "albuterol",
      "near the door",
      "Rosa",
      "555 0142",
      "Marco",
    ])
      expect(exported).not.toContain(text);
    expect((await readHealthRecord(env, childId))!.allergies).toBe(SECRET_ALLERGY);
    // The same ciphertext moved onto another child does not decrypt (the child's id is bound in).
    const other = await child(family.id);
    await db
      .update(childHealthRecords)
      .set({ ciphertext: row!.ciphertext })
      .where(eq(childHealthRecords.childId, other));
    await expect(readHealthRecord(env, other)).rejects.toThrow();
    await db.delete(childHealthRecords).where(eq(childHealthRecords.childId, other));
  });

  it("reads old rows after a key rotation, and the re-encryption pass moves them to the new key", async () => {
    const family = await guardian();
    const childId = await child(family.id);
    const rotated = {
      ...env,
      CHILD_DATA_KEYS: `test-2:${btoa("a-new-key-of-thirty-two-bytes!!!")},${env.CHILD_DATA_KEYS}`,
    } as Env;
    expect((await readHealthRecord(rotated, childId))!.allergies).toBe(SECRET_ALLERGY);
    let moved = 0;
    for (
      let pass = await reencryptHealthRecords(rotated);
      pass > 0;
      pass = await reencryptHealthRecords(rotated)
    )
      moved += pass;
    expect(moved).toBeGreaterThan(0);
    const [row] = await db.select().from(childHealthRecords).where(eq(childHealthRecords.childId, childId));
    expect(row!.keyId).toBe("test-2");
    const newKeyOnly = { ...env, CHILD_DATA_KEYS: rotated.CHILD_DATA_KEYS!.split(",")[0] } as Env;
    expect((await readHealthRecord(newKeyOnly, childId))!.allergies).toBe(SECRET_ALLERGY);
    await expect(readHealthRecord(env, childId)).rejects.toThrow('no key "test-2"');
    // Back to the test key for the other tests: a rotation the other way round.
    const back = { ...env, CHILD_DATA_KEYS: `${env.CHILD_DATA_KEYS},${newKeyOnly.CHILD_DATA_KEYS}` } as Env;
    while ((await reencryptHealthRecords(back)) > 0);
    expect((await readHealthRecord(env, childId))!.allergies).toBe(SECRET_ALLERGY);
  });

  it("writes an audit row for every staff read before anything is decrypted", async () => {
    const family = await guardian();
    const childId = await child(family.id);
    const target = `roster-${next()}`;
    const records = await readHealthRecordsAsStaff(env, staff, [childId], {
      targetType: "program-session",
      targetId: target,
    });
    expect(records.get(childId)!.allergies).toBe(SECRET_ALLERGY);
    const rows = await db.select().from(auditLog).where(eq(auditLog.targetId, target));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: "child-health.read",
      userEmail: staff.email,
      detail: { children: [childId] },
    });
  });

  it("lets the guardian download and delete a child's record, and no one else", async () => {
    const family = await guardian();
    const stranger = await guardian();
    const childId = await child(family.id);
    expect(await childRecordDownload(env, stranger.id, childId)).toBeNull();
    const download = await childRecordDownload(env, family.id, childId);
    expect(download!.health!.allergies).toBe(SECRET_ALLERGY);
    expect(download!.child).not.toHaveProperty("guardianId");
    expect(download!.consents).toEqual([{ programYear: TERM, photoConsent: false }]);
    expect((await deleteChild(env, stranger.id, childId)).ok).toBe(false);
    expect((await deleteChild(env, family.id, childId)).ok).toBe(true);
    expect(await db.select().from(childHealthRecords).where(eq(childHealthRecords.childId, childId))).toEqual(
      [],
    );
  });

  it("purges health records the session's retention after its end, not before", async () => {
    const sessionId = await session({
      startDate: "2027-01-10",
      endDate: "2027-03-01",
      healthRetentionDays: 30,
    });
    const { childId } = await enrolNew(sessionId);
    await purgeHealthRecords(env, new Date("2027-03-30T12:00:00Z"));
    expect(await readHealthRecord(env, childId)).toBeDefined();
    await purgeHealthRecords(env, new Date("2027-04-01T12:00:00Z"));
    expect(await readHealthRecord(env, childId)).toBeUndefined();
  });
});

describe("places and the waitlist", () => {
  it("gives the last 3 places to 3 of 20 racing guardians and puts 17 on the waitlist in order", async () => {
    const sessionId = await session({ capacity: 5 });
    await enrolNew(sessionId);
    await enrolNew(sessionId);
    const families = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const family = await guardian();
        return { family, childId: await child(family.id) };
      }),
    );
    const outcomes = await Promise.all(
      families.map(({ family, childId }) => enrolChild(env, family, { childId, sessionId })),
    );
    const placed = outcomes.filter((outcome) => outcome.ok && outcome.status === "enrolled");
    const waiting = outcomes.filter((outcome) => outcome.ok && outcome.status === "waitlisted");
    expect(placed).toHaveLength(3);
    expect(waiting).toHaveLength(17);
    const rows = await statuses(sessionId);
    expect(rows.filter((row) => row.status === "enrolled")).toHaveLength(5);
    expect(
      rows
        .filter((row) => row.status === "waitlisted")
        .map((row) => row.waitlistPosition)
        .sort((a, b) => a! - b!),
    ).toEqual(Array.from({ length: 17 }, (_, index) => index + 1));
  });

  it("checks age, grade, this year's consent and one place per child, with a reason", async () => {
    const sessionId = await session();
    const family = await guardian();
    const ask = async (details: Parameters<typeof child>[1], consentYear = TERM) =>
      enrolChild(env, family, { childId: await child(family.id, details, consentYear), sessionId });
    expect(await ask({ birthDate: "2024-01-01" })).toEqual({ ok: false, reason: "too-young" });
    expect(await ask({ birthDate: "2010-01-01" })).toEqual({ ok: false, reason: "too-old" });
    expect(await ask({ grade: 9 })).toEqual({ ok: false, reason: "grade" });
    expect(await ask({}, "2025-26")).toEqual({ ok: false, reason: "consent" });
    const childId = await child(family.id);
    expect((await enrolChild(env, family, { childId, sessionId })).ok).toBe(true);
    expect(await enrolChild(env, family, { childId, sessionId })).toEqual({ ok: false, reason: "already" });
    expect(await enrolChild(env, { ...family, emailVerifiedAt: null }, { childId, sessionId })).toEqual({
      ok: false,
      reason: "not-verified",
    });
    const stranger = await guardian();
    expect(await enrolChild(env, stranger, { childId, sessionId })).toEqual({
      ok: false,
      reason: "not-found",
    });
  });

  it("offers a withdrawn place to the first family waiting, in their language, without health details", async () => {
    const sessionId = await session({ capacity: 1 });
    const first = await enrolNew(sessionId);
    const waitingEs = await enrolNew(sessionId, "es");
    const waitingEn = await enrolNew(sessionId);
    expect([waitingEs.outcome, waitingEn.outcome]).toMatchObject([
      { status: "waitlisted", waitlistPosition: 1 },
      { status: "waitlisted", waitlistPosition: 2 },
    ]);
    expect((await withdrawChild(env, waitingEn.family.id, first.enrolmentId)).ok).toBe(false);
    const started = performance.now();
    const withdrawn = await withdrawChild(env, first.family.id, first.enrolmentId);
    const elapsed = performance.now() - started;
    console.log(`withdrawal to queued offer: ${elapsed.toFixed(0)} ms`);
    expect(withdrawn.ok).toBe(true);
    expect(withdrawn.offerIds).toHaveLength(1);
    const rows = await statuses(sessionId);
    expect(rows.find((row) => row.id === waitingEs.enrolmentId)!.status).toBe("offered");
    expect(rows.find((row) => row.id === waitingEn.enrolmentId)!.status).toBe("waitlisted");
    const [mail] = await db.select().from(outbox).where(inArray(outbox.id, withdrawn.offerIds));
    expect(mail!.locale).toBe("es");
    expect(mail!.subject).toBe("Hay un lugar libre para usted: Club de tareas (otoño)");
    expect(mail!.text).toContain("Le guardamos el lugar hasta el");
    for (const text of ["sesame", "asthma", "albuterol", "Rosa", "Marco", "door"])
      expect(mail!.text).not.toContain(text);
    const token = new URL(/https:\S+/.exec(mail!.text)![0]).searchParams.get("token")!;
    expect(await offerFromToken(env, token)).toBe(waitingEs.enrolmentId);
    expect((await answerOffer(env, waitingEs.enrolmentId, true)).ok).toBe(true);
    expect((await statuses(sessionId)).find((row) => row.id === waitingEs.enrolmentId)!.status).toBe(
      "enrolled",
    );
  });

  it("expires an unanswered offer in the Cron run and passes it on, in a few D1 queries", async () => {
    const sessionId = await session({ capacity: 1, offerHours: 48 });
    const first = await enrolNew(sessionId);
    const second = await enrolNew(sessionId);
    const third = await enrolNew(sessionId);
    const withdrawnAt = new Date("2027-02-01T12:00:00Z");
    await withdrawChild(env, first.family.id, first.enrolmentId, withdrawnAt);
    // 47 hours on, the offer stands.
    await runFamiliesCron(env, new Date("2027-02-03T11:00:00Z"));
    expect((await statuses(sessionId)).find((row) => row.id === second.enrolmentId)!.status).toBe("offered");
    const { count } = await countInvocation((counted) =>
      runFamiliesCron(counted, new Date("2027-02-03T12:00:01Z")),
    );
    console.log(
      `families Cron run passing one offer on: ${count.d1Queries} D1 queries, ${count.subrequests} subrequests`,
    );
    expect(count.d1Queries).toBeLessThanOrEqual(10);
    const rows = await statuses(sessionId);
    expect(rows.find((row) => row.id === second.enrolmentId)!.status).toBe("expired");
    expect(rows.find((row) => row.id === third.enrolmentId)!).toMatchObject({
      status: "offered",
      offerExpiresAt: "2027-02-05T12:00:01.000Z",
    });
    // An expired offer cannot be taken any more.
    expect((await answerOffer(env, second.enrolmentId, true, new Date("2027-02-03T12:00:02Z"))).ok).toBe(
      false,
    );
    const quiet = await countInvocation((counted) =>
      runFamiliesCron(counted, new Date("2027-02-03T12:05:00Z")),
    );
    // One of them looks for forms' health answers under an old key (decision 054).
    expect(quiet.count.d1Queries).toBeLessThanOrEqual(5);
  });

  it("sends the offer a Cron run makes in that run, though it was queued after the run's scheduled time", async () => {
    const sessionId = await session({ capacity: 1 });
    const first = await enrolNew(sessionId);
    const second = await enrolNew(sessionId);
    const third = await enrolNew(sessionId);
    await withdrawChild(env, first.family.id, first.enrolmentId);
    await db
      .update(enrolments)
      .set({ offerExpiresAt: "2000-01-01T00:00:00.000Z" })
      .where(eq(enrolments.id, second.enrolmentId));
    // Cloudflare's scheduled time is the Cron's minute, a moment before the run starts.
    await handleScheduled(env, Date.now() - 1_000);
    expect((await statuses(sessionId)).find((row) => row.id === third.enrolmentId)!.status).toBe("offered");
    const [mail] = await db
      .select()
      .from(outbox)
      .where(like(outbox.id, `offer-${third.enrolmentId}-%`));
    expect(mail!.status).toBe("sent");
  });

  it("holds a pending place until staff decide; removing a child and raising capacity offer places on", async () => {
    const sessionId = await session({ capacity: 1, needsApproval: true });
    const pending = await enrolNew(sessionId);
    expect(pending.outcome.status).toBe("pending");
    const waiting = await enrolNew(sessionId);
    const later = await enrolNew(sessionId);
    expect((await decideEnrolment(env, staff, pending.enrolmentId, "approve")).ok).toBe(true);
    expect((await decideEnrolment(env, staff, pending.enrolmentId, "approve")).ok).toBe(false);
    const removed = await decideEnrolment(env, staff, pending.enrolmentId, "remove");
    expect(removed.offerIds).toHaveLength(1);
    expect(await setCapacity(env, staff, sessionId, 2)).toHaveLength(1);
    const rows = await statuses(sessionId);
    expect(rows.find((row) => row.id === waiting.enrolmentId)!.status).toBe("offered");
    expect(rows.find((row) => row.id === later.enrolmentId)!.status).toBe("offered");
    const audit = await db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.targetId, [pending.enrolmentId, sessionId]));
    expect(audit.map((row) => row.action).sort()).toEqual([
      "enrolment.approve",
      "enrolment.remove",
      "program-session.capacity",
    ]);
  });

  it("opens the offer e-mail's page without acting, and takes or passes the place by its buttons", async () => {
    const sessionId = await session({ capacity: 1 });
    const first = await enrolNew(sessionId);
    const waiting = await enrolNew(sessionId, "es");
    const after = await enrolNew(sessionId);
    const { offerIds } = await withdrawChild(env, first.family.id, first.enrolmentId);
    const [mail] = await db.select().from(outbox).where(inArray(outbox.id, offerIds));
    const link = new URL(/https:\S+/.exec(mail!.text)![0]);
    expect(link.pathname).toBe("/account/offer");
    const page = await fetchPage(`${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    const html = shown(await page.text());
    expect(html).toContain("Hay un lugar libre para Ana en Club de tareas (otoño).");
    expect(html).toContain("Cederlo a la siguiente familia");
    expect((await statuses(sessionId)).find((row) => row.id === waiting.enrolmentId)!.status).toBe("offered");
    const token = link.searchParams.get("token")!;
    const declined = await postForm("/account/offer?lng=es", { token, answer: "decline" });
    expect(declined.status).toBe(200);
    expect(shown(await declined.text())).toContain(
      "Gracias por avisarnos. El lugar pasa a la siguiente familia.",
    );
    const rows = await statuses(sessionId);
    expect(rows.find((row) => row.id === waiting.enrolmentId)!.status).toBe("declined");
    expect(rows.find((row) => row.id === after.enrolmentId)!.status).toBe("offered");
    const again = await postForm("/account/offer", { token, answer: "accept" });
    expect(shown(await again.text())).toContain("This offer has ended");
    const forged = await fetchPage("/account/offer?token=forged.token");
    expect(shown(await forged.text())).toContain("This link is not valid.");
    // The first page request of the file builds the server bundle.
  }, 90_000);

  it("lets a guardian add a child, ask for a place and join a waitlist on /account/children, without JavaScript", async () => {
    const open = await session({ capacity: 1, titleEn: `Open session ${next()}` });
    const full = await session({ capacity: 1, titleEn: `Full session ${next()}` });
    await enrolNew(full);
    const { user, cookie } = await userWithSession(`family-page-${next()}@example.com`);
    const page = await fetchPage("/account/children", { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    expect(shown(await page.text())).toContain("Add a child");
    const child = {
      name: "Lucía Pérez",
      birthDate: "2016-05-02",
      grade: "4",
      school: "PS 175",
      allergies: SECRET_ALLERGY,
      emergencyName: "Rosa Pérez",
      emergencyPhone: "212 555 0142",
      participationConsent: "on",
    };
    const missing = await postForm(
      "/account/children",
      { ...child, participationConsent: "" },
      { Cookie: cookie },
    );
    expect(missing.status).toBe(400);
    expect(shown(await missing.text())).toContain('value="Lucía Pérez"');
    const added = await postForm("/account/children", child, { Cookie: cookie });
    expect(shown(await added.text())).toContain("Saved. You can now ask for a place in a session.");
    const [stored] = await db.select().from(children).where(eq(children.guardianId, user.id));
    expect((await readHealthRecord(env, stored!.id))!.allergies).toBe(SECRET_ALLERGY);
    const listed = shown(
      await (await fetchPage("/account/children", { headers: { Cookie: cookie } })).text(),
    );
    expect(listed).toMatch(/Open session \d+ \(1 place left\)/);
    expect(listed).toMatch(/Full session \d+ \(full: join the waitlist\)/);
    expect(listed).not.toContain("sesame");
    const enrol = (sessionId: string) =>
      postForm("/account/children", { intent: "enrol", childId: stored!.id, sessionId }, { Cookie: cookie });
    expect(shown(await (await enrol(open)).text())).toContain("Your child has a place.");
    expect(shown(await (await enrol(full)).text())).toContain("your child is number 1 on the waitlist");
    const again = await enrol(open);
    expect(again.status).toBe(409);
    expect(shown(await again.text())).toContain("already has a place or a waitlist spot");
    const download = await fetchPage(`/account/children/${stored!.id}/record.json`, {
      headers: { Cookie: cookie },
    });
    expect(((await download.json()) as { health: HealthRecord }).health.allergies).toBe(SECRET_ALLERGY);
    const stranger = await userWithSession(`family-stranger-${next()}@example.com`);
    const refused = await fetchPage(`/account/children/${stored!.id}/record.json`, {
      headers: { Cookie: stranger.cookie },
    });
    expect(refused.status).toBe(404);
    // The first page request of the file builds the server bundle.
  }, 90_000);

  it("shows staff the roster with health flags, audited, and takes attendance with one tap", async () => {
    const sessionId = await session({ capacity: 1 });
    const placed = await enrolNew(sessionId);
    const waiting = await enrolNew(sessionId);
    const { cookie } = await userWithSession(`families-staff-${next()}@example.org`, "STAFF");
    const page = await fetchPage(`/admin/program-sessions/${sessionId}?day=2027-01-12`, {
      headers: { Cookie: cookie },
    });
    expect(page.status).toBe(200);
    const html = shown(await page.text());
    expect(html).toContain(SECRET_ALLERGY);
    expect(html).toContain("Rosa Quintero");
    expect(html).toContain("Waitlist, number 1");
    const audit = await db.select().from(auditLog).where(eq(auditLog.targetId, sessionId));
    expect(audit.map((row) => row.action)).toContain("child-health.read");
    const tap = (childId: string, mark: string) =>
      postForm(`/admin/program-sessions/${sessionId}?day=2027-01-12`, { childId, mark }, { Cookie: cookie });
    expect((await tap(placed.childId, "late")).status).toBe(200);
    expect((await tap(placed.childId, "present")).status).toBe(200);
    expect((await tap(waiting.childId, "present")).status).toBe(409);
    const marks = await db.select().from(attendanceMarks).where(eq(attendanceMarks.sessionId, sessionId));
    expect(marks).toMatchObject([{ childId: placed.childId, meetingDate: "2027-01-12", mark: "present" }]);
    const list = shown(
      await (await fetchPage("/admin/program-sessions", { headers: { Cookie: cookie } })).text(),
    );
    expect(list).toContain("1 of 1 places held · 1 waiting");
    expect(list).toMatch(/Education: (1 child|\d+ children) with a place, attendance \d+%/);
    const raised = await postForm(
      "/admin/program-sessions",
      { sessionId, capacity: "2" },
      { Cookie: cookie },
    );
    expect(shown(await raised.text())).toContain("Capacity saved; 1 family waiting was offered a place.");
    expect((await statuses(sessionId)).find((row) => row.id === waiting.enrolmentId)!.status).toBe("offered");
    const family = await userWithSession(`families-not-staff-${next()}@example.com`);
    const refused = await fetchPage(`/admin/program-sessions/${sessionId}`, {
      headers: { Cookie: family.cookie },
    });
    expect(refused.status).not.toBe(200);
  }, 90_000);
});
