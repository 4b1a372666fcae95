import { env } from "cloudflare:workers";
import { and, eq, inArray, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { findSitePage } from "~/content/site-pages";
import { programYear } from "~/lib/families";
import { newYorkDate } from "~/lib/format";
import { getDb } from "~/server/db/client.server";
import { auditLog, children, enrolments, outbox, programSessions, users } from "~/server/db/schema";
import { readHealthRecord } from "~/server/families/child-data.server";
import { saveChild } from "~/server/families/children.server";
import { enrolChild } from "~/server/families/enrolments.server";
import { messageSessionFamilies } from "~/server/families/session-records.server";
import { PAGE_CACHE_HEADER } from "~/server/kernel/page-cache.server";
import { programSessionStatements } from "../../scripts/content/import-sql.mjs";
import sampleSessions from "../../scripts/content/program-sessions.json";
import { userWithSession } from "./auth-helpers";
import { fetchPage, postForm, shown } from "./fetch";
import { countInvocation } from "./platform-count";

/**
 * Program sessions from the staff editor to the program pages, a guardian's changes and consents,
 * and what leaves a session (CSV, messages): docs/decisions/054-families-and-programs.md.
 */

const db = getDb(env);
const TODAY = newYorkDate();
const TERM = programYear(TODAY);
const LATER = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const SECRET_ALLERGY = "anaphylaxis to sesame, EpiPen in blue bag";
let counter = 0;
const next = () => ++counter;

const staff = await userWithSession("sessions-staff@example.org", "STAFF");
const asStaff = { Cookie: staff.cookie };

/** The editor's fields of a valid session; `overrides` change or blank some. */
const sessionForm = (overrides: Record<string, string> = {}) => ({
  program: "education",
  titleEn: `Chess Club ${next()}`,
  titleEs: "Club de ajedrez",
  descriptionEn: "Openings, endgames and a tournament.",
  descriptionEs: "Aperturas, finales y un torneo.",
  term: TERM,
  day2: "on",
  day4: "on",
  startTime: "4pm",
  endTime: "5:30 PM",
  startDate: LATER(10),
  endDate: LATER(100),
  locationEn: "Library, 2nd floor",
  locationEs: "Biblioteca, segundo piso",
  minAge: "7",
  maxAge: "12",
  minGrade: "2",
  maxGrade: "6",
  capacity: "2",
  fee: "25.50",
  offerHours: "48",
  published: "on",
  ...overrides,
});

async function createSession(overrides: Record<string, string> = {}) {
  const form = sessionForm(overrides);
  const answer = await postForm("/admin/program-sessions/new", form, asStaff);
  expect(answer.status).toBe(303);
  const id = /\/admin\/program-sessions\/([^?]+)\?saved=1$/.exec(answer.headers.get("Location") ?? "")![1]!;
  return { id, title: form.titleEn };
}

/** A verified guardian with a child of grade 4, born 2017, consents for this program year. */
async function family(locale = "en", consentTerm = TERM) {
  const { user, cookie } = await userWithSession(`sessions-guardian-${next()}@example.com`);
  await db.update(users).set({ locale }).where(eq(users.id, user.id));
  const childId = await saveChild(env, user.id, {
    details: {
      name: `Ana Quintero ${next()}`,
      birthDate: "2017-03-14",
      grade: 4,
      school: "PS 175",
    },
    consent: { programYear: consentTerm, photoConsent: false },
    health: {
      healthNotes: "asthma",
      allergies: SECRET_ALLERGY,
      medications: "albuterol",
      specialNeeds: "",
      emergencyContacts: [{ name: "Rosa Quintero", phone: "+1 212 555 0142", relation: "aunt" }],
      pickupPeople: [{ name: "Marco Quintero", phone: "+1 212 555 0199" }],
    },
  });
  const [row] = await db.select().from(users).where(eq(users.id, user.id));
  return { user: row!, cookie, childId: childId! };
}

async function enrol(sessionId: string, locale = "en") {
  const guardian = await family(locale);
  const outcome = await enrolChild(env, guardian.user, { childId: guardian.childId, sessionId });
  if (!outcome.ok) throw new Error(outcome.reason);
  return { ...guardian, enrolmentId: outcome.enrolmentId, status: outcome.status };
}

describe("the local seed's sample sessions", () => {
  it("adds published sessions of this program year once, so a new developer sees the flow", async () => {
    const statements = programSessionStatements(sampleSessions);
    for (const run of [1, 2]) {
      await env.DB.batch(statements.map((statement) => env.DB.prepare(statement)));
      const seeded = await db.select().from(programSessions).where(like(programSessions.id, "seed-%"));
      expect(seeded, `run ${run}`).toHaveLength(sampleSessions.length);
      for (const session of seeded) {
        expect(session.term).toBe(TERM);
        expect(session.status).toBe("published");
        expect(session.startDate > TODAY).toBe(true);
      }
    }
  });
});

describe("the staff editor of program sessions", () => {
  it("refuses a bad session with translated messages, keeping what was typed", async () => {
    const bad = sessionForm({
      titleEn: "Robotics Lab",
      day2: "",
      day4: "",
      startTime: "5pm",
      endTime: "4pm",
    });
    const answer = await postForm("/admin/program-sessions/new", bad, asStaff);
    expect(answer.status).toBe(400);
    const html = shown(await answer.text());
    expect(html).toContain("Choose at least one day.");
    expect(html).toContain("The end must be after the start.");
    expect(html).toContain('value="Robotics Lab"');
    expect(html).toContain('value="Library, 2nd floor"');
    const spanish = await postForm("/admin/program-sessions/new?lng=es", { ...bad, maxAge: "5" }, asStaff);
    expect(spanish.status).toBe(400);
    const spanishHtml = shown(await spanish.text());
    expect(spanishHtml).toContain("Elija al menos un día.");
    expect(spanishHtml).toContain("La edad máxima no puede ser menor que la mínima.");
    expect(await db.$count(programSessions, like(programSessions.titleEn, "Robotics Lab%"))).toBe(0);
    // The first page request of the file builds the server bundle: minutes on a busy machine.
  }, 240_000);

  it("creates a session in both languages with New York times and dollars, then edits and closes it", async () => {
    const { id, title } = await createSession();
    const [row] = await db.select().from(programSessions).where(eq(programSessions.id, id));
    expect(row).toMatchObject({
      titleEn: title,
      titleEs: "Club de ajedrez",
      descriptionEs: "Aperturas, finales y un torneo.",
      weekdays: "2,4",
      startTime: "16:00",
      endTime: "17:30",
      feeCents: 2550,
      capacity: 2,
      status: "published",
      term: TERM,
      location: "Library, 2nd floor",
      locationEs: "Biblioteca, segundo piso",
    });
    const roster = shown(
      await (await fetchPage(`/admin/program-sessions/${id}?saved=1`, { headers: asStaff })).text(),
    );
    expect(roster).toContain("Session saved.");
    const editor = shown(
      await (await fetchPage(`/admin/program-sessions/${id}/edit`, { headers: asStaff })).text(),
    );
    expect(editor).toContain(`value="${title}"`);
    expect(editor).toContain('value="25.50"');
    expect(editor).toContain('value="Biblioteca, segundo piso"');

    // Two places taken, one family waiting; raising the capacity offers the place at once.
    await enrol(id);
    await enrol(id);
    const waiting = await enrol(id, "es");
    expect(waiting.status).toBe("waitlisted");
    const raised = await postForm(
      `/admin/program-sessions/${id}/edit`,
      sessionForm({ titleEn: title, capacity: "3" }),
      asStaff,
    );
    expect(raised.status).toBe(303);
    const [offered] = await db.select().from(enrolments).where(eq(enrolments.id, waiting.enrolmentId));
    expect(offered!.status).toBe("offered");
    const [offerMail] = await db
      .select()
      .from(outbox)
      .where(like(outbox.id, `offer-${waiting.enrolmentId}-%`));
    expect(offerMail!.subject).toBe("Hay un lugar libre para usted: Club de ajedrez");

    const asked = await postForm(`/admin/program-sessions/${id}/edit`, { intent: "close" }, asStaff);
    expect(asked.status).toBe(200);
    expect(shown(await asked.text())).toContain("Close this session?");
    expect((await db.select().from(programSessions).where(eq(programSessions.id, id)))[0]!.status).toBe(
      "published",
    );
    const closed = await postForm(
      `/admin/program-sessions/${id}/edit`,
      { intent: "close", confirm: "yes" },
      asStaff,
    );
    expect(closed.status).toBe(303);
    expect((await db.select().from(programSessions).where(eq(programSessions.id, id)))[0]!.status).toBe(
      "archived",
    );
    const audit = await db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audit.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["program-session.create", "program-session.update", "program-session.close"]),
    );
    const family = await userWithSession(`sessions-not-staff-${next()}@example.com`);
    const refused = await fetchPage("/admin/program-sessions/new", { headers: { Cookie: family.cookie } });
    expect(refused.status).toBe(403);
  }, 90_000);
});

describe("the staff's sessions list, a program year at a time", () => {
  it("shows this year's sessions and links to the years beside it; a refused capacity keeps what was typed", async () => {
    const now = await createSession({ capacity: "3" });
    const old = await createSession({ term: "2016-17", startDate: "2016-09-12", endDate: "2017-06-09" });
    const thisYear = shown(
      await (await fetchPage("/admin/program-sessions?lng=en", { headers: asStaff })).text(),
    );
    expect(thisYear).toContain(`Program year ${TERM}`);
    expect(thisYear).toContain(now.title);
    expect(thisYear).not.toContain(old.title);
    expect(thisYear).toContain('href="/admin/program-sessions?term=2016-17"');
    const earlier = shown(
      await (await fetchPage("/admin/program-sessions?lng=es&term=2016-17", { headers: asStaff })).text(),
    );
    expect(earlier).toContain("Año del programa 2016-17");
    // In Spanish the sessions go by their Spanish names: found by their links.
    expect(earlier).toContain(`href="/admin/program-sessions/${old.id}"`);
    expect(earlier).not.toContain(`href="/admin/program-sessions/${now.id}"`);
    expect(earlier).toContain(`Año siguiente: ${TERM}`);
    // A typed year that is no year is this year.
    expect(
      shown(await (await fetchPage("/admin/program-sessions?term=next", { headers: asStaff })).text()),
    ).toContain(now.title);

    const refused = await postForm(
      "/admin/program-sessions?lng=es&term=2016-17",
      { sessionId: old.id, capacity: "-3" },
      asStaff,
    );
    expect(refused.status).toBe(400);
    const page = shown(await refused.text());
    expect(page).toContain("Escriba un número entero de lugares de 0 a 10.000.");
    const field = page.match(/<input[^>]*name="capacity"[^>]*value="-3"[^>]*>/)?.[0];
    expect(field).toContain('aria-invalid="true"');
    expect((await db.select().from(programSessions).where(eq(programSessions.id, old.id)))[0]!.capacity).toBe(
      2,
    );
  });
});

describe("sessions on the program pages", () => {
  it("lists open sessions with places left or the waitlist, in each language, and leads into the flow", async () => {
    const open = await createSession({ capacity: "5" });
    const full = await createSession({ capacity: "1" });
    const draft = await createSession({ published: "" });
    // A session saved when the place had one language: its one value, in either language.
    await db.insert(programSessions).values({
      id: `session-one-place-${next()}`,
      program: "education",
      titleEn: "Reading Circle",
      titleEs: "Círculo de lectura",
      term: TERM,
      weekdays: "3",
      startTime: "15:00",
      endTime: "16:00",
      startDate: LATER(10),
      endDate: LATER(60),
      location: "Gym, old building",
      minAge: 6,
      maxAge: 12,
      minGrade: 1,
      maxGrade: 6,
      capacity: 5,
      status: "published",
    });
    await enrol(full.id);
    const education = shown(await (await fetchPage("/education")).text());
    expect(education).toContain(open.title);
    expect(education).toContain("5 places left");
    expect(education).toContain(full.title);
    expect(education).toContain("Full: join the waitlist");
    expect(education).toContain("Tuesday, Thursday, 4:00 PM–5:30 PM");
    expect(education).toContain("$25.50");
    expect(education).toContain("Library, 2nd floor");
    expect(education).not.toContain("Biblioteca, segundo piso");
    expect(education).toContain("Gym, old building");
    expect(education).toContain(`href="/account/children?session=${open.id}"`);
    expect(education).not.toContain(draft.title);
    expect(shown(await (await fetchPage("/athletics")).text())).not.toContain(open.title);
    expect(shown(await (await fetchPage("/programs")).text())).toContain(open.title);
    const spanish = shown(await (await fetchPage("/education?lng=es")).text());
    expect(spanish).toContain("Club de ajedrez");
    expect(spanish).toContain("Quedan 5 lugares");
    expect(spanish).toContain("martes, jueves, 4:00 p.m.–5:30 p.m.");
    expect(spanish).toContain("Biblioteca, segundo piso");
    expect(spanish).not.toContain("Library, 2nd floor");
    expect(spanish).toContain("Gym, old building");

    // A visitor signs in first and comes back to the session; a signed-in guardian lands on it.
    const anonymous = await fetchPage(`/account/children?session=${open.id}`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe(
      `/login?redirectTo=${encodeURIComponent(`/account/children?session=${open.id}`)}`,
    );
    const guardian = await family();
    const landing = shown(
      await (
        await fetchPage(`/account/children?session=${open.id}`, { headers: { Cookie: guardian.cookie } })
      ).text(),
    );
    expect(landing).toContain(`Choose the child below and ask for the place in ${open.title}.`);
    expect(landing).toMatch(new RegExp(`<option value="${open.id}" selected="">`));
  }, 90_000);

  it("keeps the program pages in the page cache, for a minute, so places shown are at most that old", async () => {
    const first = await fetchPage("/mentorship");
    expect(first.headers.get(PAGE_CACHE_HEADER)).toBe("miss");
    const second = await fetchPage("/mentorship");
    expect(second.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    expect(findSitePage("/mentorship")!.cacheSeconds).toBe(60);
  });
});

describe("a guardian's child and consents", () => {
  it("changes a child's details and health record, without JavaScript, and only their own", async () => {
    const guardian = await family();
    const page = await fetchPage(`/account/children/${guardian.childId}`, {
      headers: { Cookie: guardian.cookie },
    });
    expect(page.status).toBe(200);
    const html = shown(await page.text());
    expect(html).toContain(SECRET_ALLERGY);
    expect(html).toContain('value="Rosa Quintero"');
    const change = {
      name: "Ana Quintero",
      birthDate: "2017-03-14",
      grade: "5",
      school: "PS 175",
      allergies: "peanuts",
      emergencyName: "Rosa Quintero",
      emergencyPhone: "not a phone",
      participationConsent: "on",
    };
    const refused = await postForm(`/account/children/${guardian.childId}`, change, {
      Cookie: guardian.cookie,
    });
    expect(refused.status).toBe(400);
    expect(shown(await refused.text())).toContain('value="not a phone"');
    const saved = await postForm(
      `/account/children/${guardian.childId}`,
      { ...change, emergencyPhone: "212 555 0142" },
      { Cookie: guardian.cookie },
    );
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe("/account/children?updated=1");
    expect((await readHealthRecord(env, guardian.childId))!.allergies).toBe("peanuts");
    expect((await db.select().from(children).where(eq(children.id, guardian.childId)))[0]!.grade).toBe(5);
    const stranger = await userWithSession(`sessions-stranger-${next()}@example.com`);
    expect(
      (await fetchPage(`/account/children/${guardian.childId}`, { headers: { Cookie: stranger.cookie } }))
        .status,
    ).toBe(404);
    const forged = await postForm(
      `/account/children/${guardian.childId}`,
      { ...change, emergencyPhone: "212 555 0142", allergies: "none" },
      { Cookie: stranger.cookie },
    );
    expect(forged.status).toBe(404);
    expect((await readHealthRecord(env, guardian.childId))!.allergies).toBe("peanuts");
  });

  it("re-confirms consents for a new program year, then the place can be asked", async () => {
    const { id } = await createSession({ capacity: "4" });
    const guardian = await family("en", "2019-20");
    const page = shown(
      await (await fetchPage("/account/children", { headers: { Cookie: guardian.cookie } })).text(),
    );
    expect(page).toContain(`Confirm consents for the ${TERM} program year`);
    const ask = () =>
      postForm(
        "/account/children",
        { intent: "enrol", childId: guardian.childId, sessionId: id },
        { Cookie: guardian.cookie },
      );
    const refused = await ask();
    expect(refused.status).toBe(409);
    expect(shown(await refused.text())).toContain("Confirm it for this session&#x27;s year above");
    const unticked = await postForm(
      "/account/children",
      { intent: "consent", childId: guardian.childId, term: TERM },
      { Cookie: guardian.cookie },
    );
    expect(unticked.status).toBe(400);
    expect(shown(await unticked.text())).toContain("Tick the box to agree to your child taking part");
    const forgedTerm = await postForm(
      "/account/children",
      { intent: "consent", childId: guardian.childId, term: "2040-41", participationConsent: "on" },
      { Cookie: guardian.cookie },
    );
    expect(forgedTerm.status).toBe(400);
    const confirmed = await postForm(
      "/account/children",
      { intent: "consent", childId: guardian.childId, term: TERM, participationConsent: "on" },
      { Cookie: guardian.cookie },
    );
    expect(shown(await confirmed.text())).toContain(`Consents confirmed for the ${TERM} program year.`);
    expect(shown(await (await ask()).text())).toContain("Your child has a place.");
  });

  it("keeps each program year's consents: confirming next year's early leaves this year's places open", async () => {
    const NEXT = programYear(`${Number(TERM.slice(0, 4)) + 1}-09-01`);
    const thisYear = await createSession({ capacity: "4" });
    const nextYear = await createSession({ capacity: "4", term: NEXT });
    const guardian = await family();
    const cookie = { Cookie: guardian.cookie };
    const before = shown(await (await fetchPage("/account/children", { headers: cookie })).text());
    expect(before).toContain(`Consents confirmed for the ${TERM} program year.`);
    expect(before).toContain(`Confirm consents for the ${NEXT} program year`);
    expect(before).not.toContain(`Confirm consents for the ${TERM} program year`);
    const confirmed = await postForm(
      "/account/children",
      { intent: "consent", childId: guardian.childId, term: NEXT, participationConsent: "on" },
      cookie,
    );
    const after = shown(await confirmed.text());
    expect(after).toContain(`Consents confirmed for the program years ${TERM}, ${NEXT}.`);
    // Nothing asks again for this year's consents.
    expect(after).not.toContain("Confirm consents for the");
    for (const session of [thisYear, nextYear]) {
      const asked = await postForm(
        "/account/children",
        { intent: "enrol", childId: guardian.childId, sessionId: session.id },
        cookie,
      );
      expect(shown(await asked.text()), session.title).toContain("Your child has a place.");
    }
  });
});

describe("what leaves a session", () => {
  it("streams the roster and attendance as CSV, audited, and messages each family in its language without health data", async () => {
    const { id } = await createSession({ capacity: "2" });
    const english = await enrol(id, "en");
    const spanish = await enrol(id, "es");
    const waiting = await enrol(id, "en");
    expect(waiting.status).toBe("waitlisted");
    const tapped = await postForm(
      `/admin/program-sessions/${id}?day=${LATER(10)}`,
      { childId: english.childId, mark: "present" },
      asStaff,
    );
    expect(tapped.status).toBe(200);

    const roster = await fetchPage(`/admin/program-sessions/${id}/roster.csv`, { headers: asStaff });
    expect(roster.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const lines = (await roster.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "child,birth_date,grade,school,status,waitlist_position,guardian_email,allergies,medications,emergency_contacts,pickup_people",
    );
    expect(lines).toHaveLength(4);
    expect(lines.find((line) => line.includes(english.user.email))).toContain(SECRET_ALLERGY);
    expect(lines.find((line) => line.includes(waiting.user.email))).toMatch(/,waitlisted,1,/);
    expect(lines.find((line) => line.includes(waiting.user.email))).not.toContain("sesame");
    const attendance = await (
      await fetchPage(`/admin/program-sessions/${id}/attendance.csv`, { headers: asStaff })
    ).text();
    expect(attendance).toContain(`${LATER(10)},Ana Quintero`);
    expect(attendance).toContain(",present,sessions-staff@example.org,");
    const audit = await db.select().from(auditLog).where(eq(auditLog.userId, staff.user.id));
    const actions = audit.map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining(["program-roster.export", "program-attendance.export", "child-health.read"]),
    );

    const message = {
      intent: "message",
      subjectEn: "No session on Tuesday",
      subjectEs: "No hay sesión el martes",
      bodyEn: "The library is closed for the holiday.",
      bodyEs: "",
    };
    const incomplete = await postForm(`/admin/program-sessions/${id}`, message, asStaff);
    expect(incomplete.status).toBe(400);
    expect(shown(await incomplete.text())).toContain('value="No session on Tuesday"');
    const sent = await postForm(
      `/admin/program-sessions/${id}`,
      { ...message, bodyEs: "La biblioteca cierra por el feriado." },
      asStaff,
    );
    expect(shown(await sent.text())).toContain("Message queued for 2 families.");
    const mails = await db
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.template, "families.session-message"),
          inArray(outbox.to, [english.user.email, spanish.user.email, waiting.user.email]),
        ),
      );
    expect(mails.map((mail) => [mail.to, mail.subject]).sort()).toEqual(
      [
        [english.user.email, "No session on Tuesday"],
        [spanish.user.email, "No hay sesión el martes"],
      ].sort(),
    );
    for (const mail of mails)
      expect(`${mail.subject}${mail.text}`).not.toMatch(/sesame|albuterol|asthma|consent/i);
    const { result: ids, count } = await countInvocation((counted) =>
      messageSessionFamilies(counted, staff.user, id, { ...message, bodyEs: "Otra vez." }),
    );
    expect(ids).toHaveLength(2);
    // One read of the families, then the audit row and every mail in one batch (two statements).
    expect(count.d1Queries).toBeLessThanOrEqual(3);
    expect(count.subrequests).toBeLessThanOrEqual(6);
  });
});
