import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/lib/session-user";
import { getDb } from "~/server/db/client.server";
import {
  auditLog,
  children,
  donations,
  outbox,
  submissions,
  volunteerShifts,
  volunteerSignups,
} from "~/server/db/schema";
import { createShifts, type ShiftPlan } from "~/server/volunteers/shifts.server";
import { acceptVolunteer, volunteerFromToken, volunteerToken } from "~/server/volunteers/volunteers.server";
import { userWithSession } from "./auth-helpers";
import { fetchPage, postForm, shown } from "./fetch";

/**
 * The volunteer pages as a phone without JavaScript uses them: plain GETs and form posts to the
 * real Worker (docs/decisions/055-volunteer-shifts.md).
 */

const db = getDb(env);
let staff: SessionUser;
let staffCookie: string;
let counter = 0;

beforeAll(async () => {
  ({ user: staff, cookie: staffCookie } = await userWithSession("shifts-staff@example.org", "STAFF"));
  // The Worker's first request loads the whole app, which on a busy machine outlasts a test's 30 s.
  await fetchPage("/volunteer");
}, 120_000);

function dayFromNow(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A one-off shift some days ahead, added by staff: what a test names, else 10 am to noon in the
 * community room, four places, no clearance.
 */
function oneOffShift(
  days: number,
  shift: Pick<ShiftPlan, "roleSlug" | "titleEn" | "titleEs"> & Partial<ShiftPlan>,
) {
  return createShifts(env, staff, {
    firstDate: dayFromNow(days),
    lastDate: null,
    start: "10:00",
    end: "12:00",
    place: "Community room",
    capacity: 4,
    requiredClearances: [],
    ...shift,
  });
}

/** A volunteer application as the public form stores it, accepted by staff; its submission's id too. */
async function acceptedApplication(person: { name: string; email: string; locale?: string }) {
  const id = crypto.randomUUID();
  await db.insert(submissions).values({
    id,
    kind: "volunteer",
    locale: person.locale ?? "en",
    name: person.name,
    email: person.email,
    payload: {},
    idempotencyKey: id,
  });
  const accepted = await acceptVolunteer(env, staff, id, { guardianEmail: null });
  if (!accepted.ok) throw new Error("not accepted");
  return { submissionId: id, volunteer: accepted.volunteer };
}

async function volunteerLink(locale = "en") {
  const n = ++counter;
  const { volunteer } = await acceptedApplication({
    name: `Page Volunteer ${n}`,
    email: `page-volunteer${n}@example.org`,
    locale,
  });
  return {
    volunteer,
    path: `/volunteer/me?lng=${locale}&key=${await volunteerToken(env, volunteer.id)}`,
  };
}

describe("staff add a weekly series", () => {
  it("adds ten Tuesdays of tutoring from the form, with times as typed, audited, and /volunteer lists them", async () => {
    const response = await postForm(
      "/admin/volunteers?role=tutor",
      {
        roleSlug: "tutor",
        titleEn: "Tutoring Tuesdays",
        titleEs: "Tutoría de los martes",
        firstDate: dayFromNow(2),
        lastDate: dayFromNow(2 + 63),
        start: "4pm",
        end: "6:00 PM",
        place: "100 Main St",
        capacity: "8",
        needsBackgroundCheck: "on",
      },
      { Cookie: staffCookie },
    );
    expect(response.status).toBe(200);
    expect(shown(await response.text())).toContain("10 shifts added.");
    const rows = await db
      .select()
      .from(volunteerShifts)
      .where(eq(volunteerShifts.titleEn, "Tutoring Tuesdays"));
    expect(rows).toHaveLength(10);
    expect(new Set(rows.map((row) => row.seriesId)).size).toBe(1);
    expect(rows[0]!.requiredClearances).toEqual(["background-check"]);
    const audit = await db.select().from(auditLog).where(eq(auditLog.action, "volunteer-shifts.create"));
    expect(audit.length).toBeGreaterThan(0);
    const page = shown(await (await fetchPage("/volunteer")).text());
    expect(page).toContain("Tutoring Tuesdays");
    expect(page).toContain("4:00 PM–6:00 PM");
    expect(page).toContain("8 places left");
  });

  it("keeps what was typed and names the field when the end is before the start", async () => {
    const response = await postForm(
      "/admin/volunteers?role=tutor",
      {
        roleSlug: "tutor",
        titleEn: "Late",
        titleEs: "Tarde",
        firstDate: dayFromNow(3),
        start: "6pm",
        end: "4pm",
        place: "Here",
        capacity: "3",
      },
      { Cookie: staffCookie },
    );
    expect(response.status).toBe(400);
    const html = shown(await response.text());
    expect(html).toContain("The end must be after the start.");
    expect(html).toContain('value="Late"');
  });
});

describe("a volunteer's page by link, without JavaScript", () => {
  it("signs up, is told, cancels, and a forged link opens nothing", async () => {
    const created = await oneOffShift(5, {
      roleSlug: "events",
      titleEn: "Book fair",
      titleEs: "Feria del libro",
    });
    const { volunteer, path } = await volunteerLink("es");
    const page = await fetchPage(path);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    expect(shown(await page.text())).toContain("Feria del libro");
    const signed = await postForm(path, { intent: "signup", shift: created.firstId });
    expect(shown(await signed.text())).toContain(
      "Está inscrito. Le enviaremos un recordatorio el día anterior.",
    );
    const [row] = await db
      .select()
      .from(volunteerSignups)
      .where(
        and(eq(volunteerSignups.shiftId, created.firstId), eq(volunteerSignups.volunteerId, volunteer.id)),
      );
    expect(row?.status).toBe("signed-up");
    const cancelled = await postForm(path, { intent: "cancel", shift: created.firstId });
    expect(shown(await cancelled.text())).toContain("Cancelado. Gracias por avisarnos.");
    const forged = await fetchPage(`${path}x`);
    const forgedPage = shown(await forged.text());
    expect(forgedPage).toContain("Este enlace venció o no es válido.");
    expect(forgedPage).not.toContain("Feria del libro");
  });

  it("refuses a coach shift without first aid, naming it", async () => {
    const created = await oneOffShift(6, {
      roleSlug: "coach",
      titleEn: "Soccer practice",
      titleEs: "Práctica de fútbol",
      requiredClearances: ["background-check", "first-aid"],
    });
    const { path } = await volunteerLink();
    // The card says what the shift needs before the button is pressed.
    expect(shown(await (await fetchPage(path)).text())).toContain("Background check, First aid");
    const refused = await postForm(path, { intent: "signup", shift: created.firstId });
    expect(refused.status).toBe(409);
    expect(shown(await refused.text())).toContain(
      "This shift needs a background check, first-aid certification, and we have no record of it valid on the shift&#x27;s day.",
    );
  });
});

describe("a full shift, without JavaScript", () => {
  it("offers its waitlist on the card and after a refused sign-up, and the waitlist takes the volunteer", async () => {
    const created = await oneOffShift(7, {
      roleSlug: "events",
      titleEn: "Gala setup",
      titleEs: "Montaje de la gala",
      capacity: 1,
    });
    const first = await volunteerLink();
    const second = await volunteerLink();
    // The second volunteer's page was opened while the place was free.
    expect(shown(await (await fetchPage(second.path)).text())).toContain("1 place left");
    await postForm(first.path, { intent: "signup", shift: created.firstId });
    const refused = await postForm(second.path, { intent: "signup", shift: created.firstId });
    expect(refused.status).toBe(409);
    const refusedPage = shown(await refused.text());
    expect(refusedPage).toContain("This shift is full. You can join its waitlist");
    expect(refusedPage).toMatch(
      /<input type="hidden" name="shift" value="[\w-]+"\/>\s*<button[^>]*value="waitlist"/,
    );
    // Opened again, the card itself says so and its button joins the waitlist.
    const card = shown(await (await fetchPage(second.path)).text());
    expect(card).toContain("Full (waitlist open)");
    const joined = await postForm(second.path, { intent: "waitlist", shift: created.firstId });
    expect(shown(await joined.text())).toContain("You are on the waitlist.");
    const [row] = await db
      .select()
      .from(volunteerSignups)
      .where(
        and(
          eq(volunteerSignups.shiftId, created.firstId),
          eq(volunteerSignups.volunteerId, second.volunteer.id),
        ),
      );
    expect(row?.status).toBe("waitlisted");
  });
});

describe("a new link, asked for on the page", () => {
  let visitor = 0;
  const fromAddress = () => ({ "CF-Connecting-IP": `198.51.100.${++visitor}` });
  const newLinkMails = (to: string) =>
    db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, to), eq(outbox.template, "volunteer.new-link")));

  it("mails a volunteer a fresh link, answers a stranger's address the same, and caps the mails a day", async () => {
    const { volunteer, path } = await volunteerLink();
    const expired = shown(await (await fetchPage(`${path}x`)).text());
    expect(expired).toContain("This link has expired or is not valid.");
    expect(expired).toContain("Send me a new link");
    const sent = "If that address is a volunteer&#x27;s, a new link is on its way";
    const known = await postForm(
      "/volunteer/me?lng=es",
      { intent: "new-link", email: volunteer.email.toUpperCase() },
      fromAddress(),
    );
    expect(known.status).toBe(200);
    expect(shown(await known.text())).toContain("Si esa dirección es la de un voluntario");
    const [mail] = await newLinkMails(volunteer.email);
    expect(mail?.subject).toBe("Su nuevo enlace a sus turnos de voluntariado");
    const key = new URL(/https:\S+\/volunteer\/me\S+/.exec(mail!.text)![0]).searchParams.get("key")!;
    expect((await volunteerFromToken(env, key))?.id).toBe(volunteer.id);
    const stranger = await postForm(
      "/volunteer/me",
      { intent: "new-link", email: "nobody-here@example.org" },
      fromAddress(),
    );
    const strangerHtml = shown(await stranger.text());
    expect(stranger.status).toBe(200);
    expect(strangerHtml).toContain(sent);
    expect(await newLinkMails("nobody-here@example.org")).toHaveLength(0);
    for (let ask = 0; ask < 3; ask++) {
      await postForm("/volunteer/me", { intent: "new-link", email: volunteer.email }, fromAddress());
    }
    expect(await newLinkMails(volunteer.email)).toHaveLength(3);
  });

  it("keeps what was typed and says what is wrong with a malformed address", async () => {
    const response = await postForm(
      "/volunteer/me",
      { intent: "new-link", email: "not-an-address" },
      fromAddress(),
    );
    expect(response.status).toBe(400);
    const html = shown(await response.text());
    expect(html).toContain('value="not-an-address"');
    expect(html).toContain("Please enter a valid email");
  });
});

describe("the volunteer application", () => {
  it("asks the age, and an applicant under 18 is accepted only with a guardian's e-mail", async () => {
    const fields = {
      variant: "page",
      firstName: "Robin",
      lastName: "Young",
      email: "robin.young@example.org",
      availability: "weekends",
      motivation: "To help younger kids read.",
      idempotencyKey: crypto.randomUUID(),
    };
    const withoutAge = await postForm("/forms/volunteer", fields, { "CF-Connecting-IP": "198.51.100.201" });
    expect(withoutAge.status).toBe(400);
    expect(shown(await withoutAge.text())).toContain('value="Robin"');
    const tooYoung = await postForm(
      "/forms/volunteer",
      { ...fields, age: "12" },
      { "CF-Connecting-IP": "198.51.100.202" },
    );
    expect(tooYoung.status).toBe(400);
    const sent = await postForm(
      "/forms/volunteer",
      { ...fields, age: "16" },
      { "CF-Connecting-IP": "198.51.100.203" },
    );
    expect(sent.status).toBe(200);
    const [submission] = await db
      .select()
      .from(submissions)
      .where(eq(submissions.email, "robin.young@example.org"));
    expect(submission?.payload).toMatchObject({ age: 16 });
    const accept = await fetchPage(`/admin/volunteers/accept/${submission!.id}`, {
      headers: { Cookie: staffCookie },
    });
    expect(shown(await accept.text())).toContain("Parent or guardian&#x27;s e-mail");
  });
});

describe("one person", () => {
  it("opens the volunteer's page from their account when its verified e-mail is theirs", async () => {
    const { cookie } = await userWithSession("account-volunteer@example.org");
    const before = shown(await (await fetchPage("/volunteer/me", { headers: { Cookie: cookie } })).text());
    expect(before).toContain("This account is not linked to a volunteer yet.");
    await acceptedApplication({ name: "Acc Volunteer", email: "account-volunteer@example.org" });
    const account = shown(await (await fetchPage("/account", { headers: { Cookie: cookie } })).text());
    expect(account).toContain('href="/volunteer/me"');
    const page = shown(await (await fetchPage("/volunteer/me", { headers: { Cookie: cookie } })).text());
    expect(page).toContain("Shifts you can take");
  });

  it("shows staff the volunteer's verified account and the children it enrols, and an admin their gifts", async () => {
    const email = "guardian-donor-volunteer@example.org";
    const { user } = await userWithSession(email);
    await db.insert(children).values([
      { id: crypto.randomUUID(), guardianId: user.id, name: "Kid One", birthDate: "2015-03-01", grade: 5 },
      { id: crypto.randomUUID(), guardianId: user.id, name: "Kid Two", birthDate: "2017-09-12", grade: 3 },
    ]);
    // One gift by the e-mail as typed at Checkout (other letters' case), one by the account.
    await db.insert(donations).values(
      [
        { donorEmail: "Guardian-Donor-Volunteer@example.org", userId: null },
        { donorEmail: "another-address@example.org", userId: user.id },
      ].map((donor) => ({
        id: crypto.randomUUID(),
        frequency: "one-time" as const,
        amountCents: 2_500,
        status: "succeeded" as const,
        donorName: "Gail",
        locale: "en",
        ...donor,
      })),
    );
    const { submissionId: id, volunteer } = await acceptedApplication({ name: "Gail Guardian", email });
    const path = `/admin/volunteers/${volunteer.id}`;
    const forStaff = shown(await (await fetchPage(path, { headers: { Cookie: staffCookie } })).text());
    expect(forStaff).toContain("Has an account with this e-mail, verified");
    expect(forStaff).toContain("Guardian of 2 children enrolled through that account.");
    // Gifts are an admin's (decision 022): STAFF do not see them.
    expect(forStaff).not.toContain("Donor:");
    const { cookie: adminCookie } = await userWithSession("volunteer-pages-admin@example.org", "ADMIN");
    const forAdmin = shown(await (await fetchPage(path, { headers: { Cookie: adminCookie } })).text());
    expect(forAdmin).toContain("Donor: 2 gifts from this e-mail or account");
    expect(forAdmin).toContain(`href="/admin/donors/${encodeURIComponent(email)}"`);

    // Its application's accept page says it was accepted, and what accepting again does.
    const again = shown(
      await (await fetchPage(`/admin/volunteers/accept/${id}`, { headers: { Cookie: staffCookie } })).text(),
    );
    expect(again).toContain("Accepting again updates their record from this application");
    expect(again).toMatch(new RegExp(`href="/admin/submissions/${id}"[^>]*>Back to the application<`));

    const { volunteer: stranger } = await volunteerLink();
    const alone = shown(
      await (
        await fetchPage(`/admin/volunteers/${stranger.id}`, { headers: { Cookie: adminCookie } })
      ).text(),
    );
    expect(alone).toContain("No account with this e-mail verified yet.");
    expect(alone).not.toContain("Guardian of");
    expect(alone).not.toContain("Donor:");
  });
});

describe("the back office's volunteer pages", () => {
  it("refuses 'Attended' before the shift starts, with a message saying why", async () => {
    const created = await oneOffShift(4, {
      roleSlug: "events",
      titleEn: "Park cleanup",
      titleEs: "Limpieza del parque",
    });
    const { path } = await volunteerLink();
    await postForm(path, { intent: "signup", shift: created.firstId });
    const [signup] = await db
      .select()
      .from(volunteerSignups)
      .where(eq(volunteerSignups.shiftId, created.firstId));
    const refused = await postForm(
      `/admin/volunteers/shifts/${created.firstId}`,
      { intent: "attended", signup: signup!.id },
      { Cookie: staffCookie },
    );
    expect(refused.status).toBe(400);
    expect(shown(await refused.text())).toContain("This shift has not started yet.");
    const [after] = await db.select().from(volunteerSignups).where(eq(volunteerSignups.id, signup!.id));
    expect(after?.checkedInAt).toBeNull();
  });

  it("moves a shift from its page (a wrong time named, what was typed kept): each volunteer on it gets the new time and place and the calendar link", async () => {
    const created = await oneOffShift(9, {
      roleSlug: "events",
      titleEn: "Coat drive",
      titleEs: "Colecta de abrigos",
    });
    const { volunteer, path } = await volunteerLink("es");
    const before = shown(
      await (
        await fetchPage(`/admin/volunteers/${volunteer.id}`, { headers: { Cookie: staffCookie } })
      ).text(),
    );
    expect(before).toContain("Not signed up for an upcoming shift.");
    await postForm(path, { intent: "signup", shift: created.firstId });
    // Staff see it on the volunteer's record, linked to the shift's page.
    const record = shown(
      await (
        await fetchPage(`/admin/volunteers/${volunteer.id}`, { headers: { Cookie: staffCookie } })
      ).text(),
    );
    expect(record).toMatch(new RegExp(`href="/admin/volunteers/shifts/${created.firstId}"[^>]*>Coat drive<`));
    expect(record).toContain("Signed up");
    const wrong = await postForm(
      `/admin/volunteers/shifts/${created.firstId}`,
      { intent: "move", date: dayFromNow(10), start: "4pm", end: "2pm", place: "Gym B, 12 Elm St" },
      { Cookie: staffCookie },
    );
    expect(wrong.status).toBe(400);
    const wrongPage = shown(await wrong.text());
    expect(wrongPage).toContain("The end must be after the start.");
    expect(wrongPage).toContain('value="Gym B, 12 Elm St"');
    const moved = await postForm(
      `/admin/volunteers/shifts/${created.firstId}`,
      { intent: "move", date: dayFromNow(10), start: "2pm", end: "4pm", place: "Gym B, 12 Elm St" },
      { Cookie: staffCookie },
    );
    expect(shown(await moved.text())).toContain("Saved; 1 volunteer told.");
    const [notice] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, volunteer.email), eq(outbox.template, "volunteer.shift-moved")));
    expect(notice?.subject).toBe("Cambio: Colecta de abrigos");
    expect(notice?.text).toContain("Lugar: Gym B, 12 Elm St");
    expect(notice?.text).toContain("2:00 p.m.");
    expect(notice?.text).toContain(`/volunteer/shifts/${created.firstId}/calendar.ics?lng=es`);
    expect(notice?.text).not.toContain("Community room");
  });

  it("shows the period's hours per volunteer and per role, and none for a period without them", async () => {
    const created = await oneOffShift(3, {
      roleSlug: "office-support",
      titleEn: "Mailing",
      titleEs: "Envíos",
      // Three hours, from the default 10 am.
      end: "13:00",
    });
    const { volunteer, path } = await volunteerLink();
    await postForm(path, { intent: "signup", shift: created.firstId });
    const [shift] = await db.select().from(volunteerShifts).where(eq(volunteerShifts.id, created.firstId));
    // As "Attended" records it once the shift is over (the shift's own start and end).
    await db
      .update(volunteerSignups)
      .set({ checkedInAt: shift!.startsAt, checkedOutAt: shift!.endsAt })
      .where(eq(volunteerSignups.shiftId, created.firstId));
    const during = shown(
      await (
        await fetchPage(`/admin/volunteers?from=${dayFromNow(0)}&to=${dayFromNow(10)}`, {
          headers: { Cookie: staffCookie },
        })
      ).text(),
    );
    const byVolunteer = during.slice(during.indexOf("By volunteer</h3>"));
    expect(byVolunteer).toContain(volunteer.name);
    expect(byVolunteer).toMatch(/>3<\/td>/);
    expect(during).toContain("Office support: 3");
    const record = shown(
      await (
        await fetchPage(`/admin/volunteers/${volunteer.id}`, { headers: { Cookie: staffCookie } })
      ).text(),
    );
    expect(record).toContain("Office support: 3 hours (1 shift)");
    const after = shown(
      await (
        await fetchPage(`/admin/volunteers?from=${dayFromNow(5)}&to=${dayFromNow(10)}`, {
          headers: { Cookie: staffCookie },
        })
      ).text(),
    );
    expect(after).toContain("No hours in this period.");
  });

  it("records a clearance from the volunteer's page and lists it among those expiring within 30 days", async () => {
    const { volunteer: soon } = await volunteerLink();
    const { volunteer: later } = await volunteerLink();
    for (const [person, days] of [
      [soon, 20],
      [later, 60],
    ] as const) {
      const recorded = await postForm(
        `/admin/volunteers/${person.id}`,
        { kind: "first-aid", clearedOn: dayFromNow(-300), expiresOn: dayFromNow(days) },
        { Cookie: staffCookie },
      );
      expect(shown(await recorded.text())).toContain("Clearance recorded.");
    }
    const list = shown(
      await (await fetchPage("/admin/volunteers", { headers: { Cookie: staffCookie } })).text(),
    );
    const expiring = list.slice(
      list.indexOf("Clearances expiring in the next 30 days"),
      list.indexOf("hours-title"),
    );
    expect(expiring).toContain(soon.name);
    expect(expiring).toContain("First aid");
    expect(expiring).not.toContain(later.name);
  });

  it("send a visitor to sign in and refuse a USER, the hours CSV included", async () => {
    const { cookie } = await userWithSession("not-staff@example.org");
    for (const path of ["/admin/volunteers", "/admin/volunteers/hours.csv"]) {
      const anonymous = await fetchPage(path);
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.get("Location")).toContain("/login");
      expect((await fetchPage(path, { headers: { Cookie: cookie } })).status).toBe(403);
    }
  });

  it("records the hours CSV in the audit log before it leaves", async () => {
    const response = await fetchPage("/admin/volunteers/hours.csv?from=2026-01-01&to=2026-12-31", {
      headers: { Cookie: staffCookie },
    });
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect((await response.text()).split("\r\n")[0]).toBe("name,email,role,shifts,hours,from,to");
    const [row] = await db.select().from(auditLog).where(eq(auditLog.action, "volunteer-hours.export"));
    expect(row?.detail).toMatchObject({ filters: { from: "2026-01-01", to: "2026-12-31" } });
  });
});
