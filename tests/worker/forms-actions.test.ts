import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { desc, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { SUBMISSION_KINDS } from "~/lib/vocabulary";
import { getDb } from "~/server/db/client.server";
import { outbox, submissions, subscribers } from "~/server/db/schema";
import { queueEmail } from "~/server/mail/outbox.server";
import { RATE_LIMITS } from "~/server/kernel/rate-limit.server";
import { handleScheduled } from "~/server/scheduled.server";
import { contentSecurityPolicy } from "~/server/kernel/security-headers.server";
import { verifyTurnstile } from "~/server/kernel/turnstile.server";
import { fetchPage, ORIGIN, postForm } from "./fetch";

const db = getDb(env);
let ipCounter = 0;
/** Each test posts from its own address, so the per-visitor rate limit stays out of the way. */
const freshIp = () => ({ "CF-Connecting-IP": `198.51.100.${++ipCounter}` });
const key = () => crypto.randomUUID();

const VALID = {
  contact: {
    fullName: "Ana López",
    email: "Ana@Example.com",
    phone: "(212) 555-0100",
    subject: "program",
    message: "When does the spring term start?",
    preferredContact: "email",
  },
  enrollment: {
    studentName: "Leo López",
    parentName: "Ana López",
    email: "ana.enrollment@example.com",
    phone: "212-555-0100",
    age: "14",
    grade: "9",
    programs: "athletics",
  },
  education: {
    studentName: "Leo López",
    age: "15",
    grade: "10",
    parentName: "Ana López",
    email: "ana.education@example.com",
    phone: "212-555-0100",
  },
  athletics: {
    studentName: "Leo López",
    parentName: "Ana López",
    age: "14",
    grade: "9",
    email: "ana.athletics@example.com",
    phone: "212-555-0100",
    emergencyContact: "Luis López (212) 555-0199",
    consent: "on",
  },
  mentoring: {
    role: "mentor",
    fullName: "Sam Rivera",
    email: "sam.mentoring@example.com",
    age: "34",
    areaOfInterest: "stem",
    availability: "weekdayEvenings",
  },
  volunteer: {
    variant: "page",
    firstName: "Sam",
    lastName: "Rivera",
    email: "sam.volunteer@example.com",
    age: "34",
    availability: "weekends",
    motivation: "I grew up here.",
  },
  "get-involved": {
    firstName: "Sam",
    lastName: "Rivera",
    email: "sam.get-involved@example.com",
    areas: "events",
  },
  "fundraising-team": {
    fullName: "Sam Rivera",
    email: "sam.fundraising-team@example.com",
    motivation: "Kids deserve it.",
    availability: "Evenings",
  },
  "giving-info": {
    option: "stock",
    fullName: "Sam Rivera",
    email: "sam.giving-info@example.com",
    amount: "5000",
    preferredContact: "both",
  },
  partner: {
    organization: "Acme Corp",
    fullName: "Sam Rivera",
    email: "sam.partner@example.com",
    partnershipType: "corporate",
    message: "We'd like to sponsor the soccer league.",
  },
} satisfies Record<string, Record<string, string>>;

async function rowsFor(idempotencyKey: string) {
  return db
    .select()
    .from(submissions)
    .where(like(submissions.idempotencyKey, `%${idempotencyKey}`));
}

describe("every form's action", () => {
  it.each(Object.entries(VALID))(
    "/forms/%s stores a valid post once, with two e-mails",
    async (kind, fields) => {
      const idempotencyKey = key();
      const response = await postForm(`/forms/${kind}`, { ...fields, idempotencyKey }, freshIp());
      expect(response.status).toBe(200);
      expect(await response.text()).toMatch(/role="status"/);
      const rows = await rowsFor(idempotencyKey);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ kind, status: "new", locale: "en" });
      const mails = await db
        .select()
        .from(outbox)
        .where(like(outbox.template, `${kind}.%`));
      expect(mails.map((mail) => mail.template).sort()).toEqual([`${kind}.confirmation`, `${kind}.team`]);
      expect(mails.find((mail) => mail.template.endsWith(".team"))!.to).toBe(env.TEAM_EMAIL);
    },
  );

  it("answers a resend with the same key without a second row or mail", async () => {
    const idempotencyKey = key();
    const headers = freshIp();
    const before = (await db.select().from(outbox)).length;
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await postForm(
        "/forms/contact",
        { ...VALID.contact, email: "resend@example.com", idempotencyKey },
        headers,
      );
      expect(response.status).toBe(200);
    }
    expect(await rowsFor(idempotencyKey)).toHaveLength(1);
    expect((await db.select().from(outbox)).length).toBe(before + 2);

    // The same answers from a new page load (a new key) are a new submission, with its mail.
    const next = key();
    await postForm(
      "/forms/contact",
      { ...VALID.contact, email: "resend@example.com", idempotencyKey: next },
      headers,
    );
    expect(await rowsFor(next)).toHaveLength(1);
    expect((await db.select().from(outbox)).length).toBe(before + 4);
  });

  it("without a key, the same content counts as a repeat for 24 hours only (decision 016)", async () => {
    const headers = freshIp();
    const fields = { ...VALID.enrollment, studentName: "Season Repeat" };
    const stored = () => db.select().from(submissions).where(eq(submissions.name, "Ana López"));
    const mine = async () =>
      (await stored()).filter(
        (row) => (row.payload as { studentName?: string }).studentName === "Season Repeat",
      );
    const mailCount = async () =>
      (await db.select().from(outbox).where(eq(outbox.template, "enrollment.team"))).length;
    const mailBefore = await mailCount();

    await postForm("/forms/enrollment", fields, headers);
    const [first] = await mine();
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();
    await db
      .update(submissions)
      .set({ createdAt: hoursAgo(23) })
      .where(eq(submissions.id, first!.id));
    await postForm("/forms/enrollment", fields, headers);
    expect(await mine()).toHaveLength(1);
    expect(await mailCount()).toBe(mailBefore + 1);

    // Next season: the same answers are a new enrollment, stored and mailed.
    await db
      .update(submissions)
      .set({ createdAt: hoursAgo(25) })
      .where(eq(submissions.id, first!.id));
    const response = await postForm("/forms/enrollment", fields, headers);
    expect(response.status).toBe(200);
    expect(await mine()).toHaveLength(2);
    expect(await mailCount()).toBe(mailBefore + 2);
    // And a replay of that post is still one row.
    await postForm("/forms/enrollment", fields, headers);
    expect(await mine()).toHaveLength(2);
  });

  it("without a key (JavaScript off), an identical resend is one row", async () => {
    const headers = freshIp();
    const fields = { ...VALID.partner, organization: "No Key Org" };
    await postForm("/forms/partner", fields, headers);
    await postForm("/forms/partner", fields, headers);
    const rows = await db.select().from(submissions).where(eq(submissions.name, "Sam Rivera"));
    expect(
      rows.filter((row) => (row.payload as { organization?: string }).organization === "No Key Org"),
    ).toHaveLength(1);
  });

  it("stores the validated fields: trimmed, e-mail lower-cased, unknown fields dropped", async () => {
    const idempotencyKey = key();
    await postForm(
      "/forms/contact",
      { ...VALID.contact, fullName: "  Ana López  ", isAdmin: "true", idempotencyKey },
      freshIp(),
    );
    const [row] = await rowsFor(idempotencyKey);
    expect(row!.email).toBe("ana@example.com");
    expect(row!.name).toBe("Ana López");
    expect(row!.payload).toEqual({
      fullName: "Ana López",
      email: "ana@example.com",
      phone: "(212) 555-0100",
      subject: "program",
      message: "When does the spring term start?",
      preferredContact: "email",
      newsletter: false,
    });
  });

  it("stores markup and SQL verbatim and escapes them when it shows them", async () => {
    const idempotencyKey = key();
    const hostile = `<script>alert("x")</script>'); DROP TABLE submissions;--`;
    const response = await postForm(
      "/forms/contact",
      { ...VALID.contact, fullName: hostile.slice(0, 90), message: hostile, email: "bad", idempotencyKey },
      freshIp(),
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).not.toContain('<script>alert("x")</script>');
    expect(html).toContain("&lt;script&gt;alert(");

    const okKey = key();
    await postForm(
      "/forms/contact",
      { ...VALID.contact, message: hostile, idempotencyKey: okKey },
      freshIp(),
    );
    const [row] = await rowsFor(okKey);
    expect((row!.payload as { message: string }).message).toBe(hostile);
    expect((await db.select().from(submissions)).length).toBeGreaterThan(0);
  });

  it("answers the post's language: the confirmation is in Spanish", async () => {
    const idempotencyKey = key();
    await postForm("/forms/volunteer", { ...VALID.volunteer, locale: "es", idempotencyKey }, freshIp());
    const [row] = await rowsFor(idempotencyKey);
    expect(row!.locale).toBe("es");
    const [mail] = await db
      .select()
      .from(outbox)
      .where(eq(outbox.template, "volunteer.confirmation"))
      .orderBy(desc(outbox.createdAt));
    const spanish = await db.select().from(outbox).where(eq(outbox.locale, "es"));
    expect(spanish.some((message) => message.text.includes("48 horas"))).toBe(true);
    expect(mail).toBeTruthy();
  });

  it("names the enrollment and its reference in the team's mail, and links to it in the back office", async () => {
    const idempotencyKey = key();
    await postForm(
      "/forms/enrollment",
      { ...VALID.enrollment, programs: "education", idempotencyKey, email: "enrol-subject@example.com" },
      freshIp(),
    );
    const [row] = await rowsFor(idempotencyKey);
    const mails = await db.select().from(outbox).where(eq(outbox.template, "enrollment.team"));
    const mail = mails.find((message) => message.text.includes(row!.id))!;
    expect(mail.subject).toBe(`New Program Enrollment (${row!.id.slice(0, 8).toUpperCase()})`);
    expect(mail.text).toContain(`https://example.org/admin/submissions/${row!.id}`);
    expect(mail.text).not.toContain("Education");
  });
});

describe("what the e-mails say", () => {
  /** Mails that belong to a submission: the team's names its id, the confirmation its reference. */
  async function mailsFor(submissionId: string) {
    const rows = await db.select().from(outbox);
    const reference = submissionId.slice(0, 8).toUpperCase();
    return {
      confirmation: rows.find(
        (mail) => mail.template.endsWith(".confirmation") && mail.text.includes(reference),
      ),
      team: rows.find((mail) => mail.template.endsWith(".team") && mail.text.includes(submissionId)),
    };
  }

  it("the confirmation to the typed address repeats nothing that was typed; nor does the team's mail", async () => {
    const idempotencyKey = key();
    const typed = {
      ...VALID.athletics,
      studentName: "Mallory Target",
      parentName: "Click evil.example now",
      email: "stranger@example.com",
      emergencyContact: "Grandma Rosa (212) 555-0177",
      medicalInfo: "Severe peanut allergy; carries an EpiPen",
      sportsExperience: "Visit https://evil.example to claim your prize",
    };
    const response = await postForm("/forms/athletics", { ...typed, idempotencyKey }, freshIp());
    expect(response.status).toBe(200);
    const [row] = await rowsFor(idempotencyKey);
    const { confirmation, team } = await mailsFor(row!.id);

    expect(confirmation!.to).toBe("stranger@example.com");
    const said = `${confirmation!.subject}\n${confirmation!.text}`;
    for (const value of [
      typed.medicalInfo,
      "peanut",
      typed.sportsExperience,
      "evil.example",
      typed.studentName,
      typed.parentName,
      typed.emergencyContact,
      typed.phone,
    ]) {
      expect(said).not.toContain(value);
    }
    // What it does say: which form, when, a reference, what happens next, how to reach us.
    expect(confirmation!.subject).toBe("We received your athletics registration");
    expect(said).toContain("Received: ");
    expect(said).toContain(`Your reference: ${row!.id.slice(0, 8).toUpperCase()}`);
    expect(said).toContain("We'll contact you within 2 business days.");
    expect(said).toContain("hello@example.org");

    // The team's notice links to the answers in the back office instead (decision 047).
    expect(team!.to).toBe(env.TEAM_EMAIL);
    const told = `${team!.subject}\n${team!.text}`;
    for (const value of [
      typed.medicalInfo,
      typed.sportsExperience,
      typed.studentName,
      typed.emergencyContact,
    ]) {
      expect(told).not.toContain(value);
    }
    expect(told).not.toContain(typed.parentName);
    expect(told).toContain(`/admin/submissions/${row!.id}`);
  });

  it("the contact form's confirmation leaves out the message and the name, in Spanish too", async () => {
    const idempotencyKey = key();
    const message = "Tu cuenta fue suspendida, entra en https://evil.example";
    await postForm(
      "/forms/contact",
      {
        ...VALID.contact,
        fullName: "Banco Falso",
        message,
        email: "banco@example.com",
        locale: "es",
        idempotencyKey,
      },
      freshIp(),
    );
    const [row] = await rowsFor(idempotencyKey);
    const { confirmation, team } = await mailsFor(row!.id);
    expect(confirmation!.locale).toBe("es");
    expect(confirmation!.text).toContain("Su referencia");
    expect(confirmation!.text).not.toContain("Banco Falso");
    expect(confirmation!.text).not.toContain("evil.example");
    expect(team!.text).not.toContain("evil.example");
  });

  it("a name with line breaks never reaches a queued header with a control character", async () => {
    const idempotencyKey = key();
    const response = await postForm(
      "/forms/contact",
      { ...VALID.contact, fullName: "Eve\r\nBcc: victim@example.com", idempotencyKey },
      freshIp(),
    );
    // Refused at validation, or accepted: either way no header value may hold a line break.
    expect([200, 400]).toContain(response.status);
    const rows = await db.select().from(outbox);
    expect(rows.length).toBeGreaterThan(0);
    for (const mail of rows) {
      for (const header of [mail.to, mail.subject, mail.template, mail.locale]) {
        // eslint-disable-next-line no-control-regex -- looking for control characters is the point
        expect(header).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
      }
    }
  });

  it("the outbox itself puts every header value on one line and refuses a broken recipient", async () => {
    const id = crypto.randomUUID();
    await queueEmail(
      db,
      {
        to: "someone@example.com",
        subject: "Hello\r\nBcc: victim@example.com\u2028X-Extra: 1",
        text: "Line one\nLine two",
        template: "test.headers",
        locale: "en",
      },
      id,
    );
    const [stored] = await db.select().from(outbox).where(eq(outbox.id, id));
    expect(stored!.subject).toBe("Hello Bcc: victim@example.com X-Extra: 1");
    expect(stored!.text).toBe("Line one\nLine two");
    expect(() =>
      queueEmail(db, {
        to: "someone@example.com\r\nBcc: victim@example.com",
        subject: "Hi",
        text: "",
        template: "test.headers",
        locale: "en",
      }),
    ).toThrow(/control character/);
  });
});

describe("confirmations to one typed address (decision 047)", () => {
  it("ten posts across the forms from ten visitors are all stored and told to the team, the address gets the cap's number of confirmations, and capped posts answer the same", async () => {
    const kinds = ["contact", "enrollment", "volunteer", "partner", "mentoring"] as const;
    const answers: string[] = [];
    for (let post = 0; post < 10; post++) {
      const kind = kinds[post % kinds.length]!;
      const response = await postForm(
        `/forms/${kind}.data`,
        {
          ...VALID[kind],
          email: post % 2 ? "One-Inbox@Example.com" : "one-inbox@example.com",
          idempotencyKey: key(),
        },
        freshIp(),
      );
      expect(response.status).toBe(200);
      answers.push(await response.text());
    }
    expect(RATE_LIMITS.formConfirmation.limit).toBe(5);
    // Each form's second post came past the cap; its answer is the first one's, to the letter.
    expect(answers.slice(5)).toEqual(answers.slice(0, 5));

    const stored = await db.select().from(submissions).where(eq(submissions.email, "one-inbox@example.com"));
    expect(stored).toHaveLength(10);
    const teamMails = await db.select().from(outbox).where(like(outbox.template, "%.team"));
    for (const submission of stored) {
      expect(
        teamMails.filter((mail) => mail.text.includes(`/admin/submissions/${submission.id}`)),
      ).toHaveLength(1);
    }
    const confirmations = await db.select().from(outbox).where(eq(outbox.to, "one-inbox@example.com"));
    expect(confirmations.map((mail) => mail.template).sort()).toEqual(
      kinds.map((kind) => `${kind}.confirmation`).sort(),
    );
  });
});

describe("validation on the server", () => {
  it.each(
    Object.keys(VALID.contact).filter((name) => ["fullName", "email", "subject", "message"].includes(name)),
  )("contact: a missing %s is refused with 400 and the typed values kept", async (name) => {
    const fields: Record<string, string> = { ...VALID.contact, idempotencyKey: key() };
    delete fields[name];
    const response = await postForm("/forms/contact", fields, freshIp());
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Required field");
    if (name !== "fullName") expect(html).toContain('value="Ana López"');
    expect(await rowsFor(fields.idempotencyKey!)).toHaveLength(0);
  });

  it.each([
    ["email", "not-an-email", "Please enter a valid email"],
    ["phone", "call me", "Please enter a valid number"],
    ["phone", "123", "Please enter a valid number"],
    ["fullName", "x".repeat(101), "Please use at most 100 characters."],
    ["message", "x".repeat(2001), "Please use at most 2000 characters."],
    ["subject", "lottery", "Please choose one of the options."],
  ])("contact: %s = %s is refused", async (name, value, message) => {
    const response = await postForm(
      "/forms/contact",
      { ...VALID.contact, [name]: value, idempotencyKey: key() },
      freshIp(),
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
  });

  it.each(["5", "19", "eleven"])("enrollment: age %s is outside the closed list 6-18", async (age) => {
    const response = await postForm(
      "/forms/enrollment",
      { ...VALID.enrollment, age, idempotencyKey: key() },
      freshIp(),
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Please choose one of the options.");
  });

  it("enrollment: a child under 13 needs the guardian's consent", async () => {
    const fields = { ...VALID.enrollment, age: "9", grade: "4" };
    const refused = await postForm("/forms/enrollment", { ...fields, idempotencyKey: key() }, freshIp());
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("A parent or guardian must give consent for a child under 13.");
    const accepted = await postForm(
      "/forms/enrollment",
      { ...fields, guardianConsent: "on", idempotencyKey: key() },
      freshIp(),
    );
    expect(accepted.status).toBe(200);
  });

  it("enrollment: at least one program; grades are 1st-12th", async () => {
    const fields: Record<string, string> = { ...VALID.enrollment, grade: "13", idempotencyKey: key() };
    delete fields.programs;
    const response = await postForm("/forms/enrollment", fields, freshIp());
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Required field");
    expect(html).toContain("Please choose one of the options.");
  });

  it("athletics: the consent box is always required", async () => {
    const fields: Record<string, string> = { ...VALID.athletics, idempotencyKey: key() };
    delete fields.consent;
    const response = await postForm("/forms/athletics", fields, freshIp());
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Required field");
  });

  it("mentoring: a mentee under 18 needs a guardian's name; mentors are 21 or older, or peer mentors 15-18", async () => {
    const mentee = { ...VALID.mentoring, role: "mentee", age: "15" };
    const noGuardian = await postForm("/forms/mentoring", { ...mentee, idempotencyKey: key() }, freshIp());
    expect(noGuardian.status).toBe(400);
    const withGuardian = await postForm(
      "/forms/mentoring",
      { ...mentee, parentName: "Ana López", idempotencyKey: key() },
      freshIp(),
    );
    expect(withGuardian.status).toBe(200);
    const youngMentor = await postForm(
      "/forms/mentoring",
      { ...VALID.mentoring, age: "19", idempotencyKey: key() },
      freshIp(),
    );
    expect(youngMentor.status).toBe(400);
    expect(await youngMentor.text()).toContain(
      "Mentees are 6 to 18; mentors are 21 or older, or 15 to 18 as peer mentors.",
    );
    const peerMentor = await postForm(
      "/forms/mentoring",
      { ...VALID.mentoring, age: "16", parentName: "Ana López", idempotencyKey: key() },
      freshIp(),
    );
    expect(peerMentor.status).toBe(200);
    const adultMentor = await postForm(
      "/forms/mentoring",
      { ...VALID.mentoring, age: "21", idempotencyKey: key() },
      freshIp(),
    );
    expect(adultMentor.status).toBe(200);
  });

  it("giving info: the amount must reach the option's minimum", async () => {
    const response = await postForm(
      "/forms/giving-info",
      { ...VALID["giving-info"], amount: "100", idempotencyKey: key() },
      freshIp(),
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("This way of giving starts at $500.");
  });

  it("volunteer: the modal variant has its own required fields", async () => {
    const response = await postForm(
      "/forms/volunteer",
      { variant: "modal", fullName: "Sam", email: "sam@example.com", idempotencyKey: key() },
      freshIp(),
    );
    expect(response.status).toBe(400);
    // Without JavaScript the answer shows the same variant again, with the typed values.
    const html = await response.text();
    expect(html).toContain('name="areaOfInterest"');
    expect(html).not.toContain('name="references"');
    const ok = await postForm(
      "/forms/volunteer",
      {
        variant: "modal",
        fullName: "Sam",
        email: "sam@example.com",
        age: "34",
        areaOfInterest: "tutoring",
        availability: "evenings",
        motivation: "To help",
        idempotencyKey: key(),
      },
      freshIp(),
    );
    expect(ok.status).toBe(200);
  });

  it("answers in Spanish for a Spanish visitor", async () => {
    const response = await postForm(
      "/forms/contact?lng=es",
      { ...VALID.contact, email: "", idempotencyKey: key() },
      freshIp(),
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Campo obligatorio");
  });
});

describe("spam protection", () => {
  it("quietly drops a post whose honeypot is filled", async () => {
    const idempotencyKey = key();
    const response = await postForm(
      "/forms/contact",
      { ...VALID.contact, website: "http://spam", idempotencyKey },
      freshIp(),
    );
    expect(response.status).toBe(200);
    expect(await rowsFor(idempotencyKey)).toHaveLength(0);
  });

  it("limits a visitor to 10 posts of a form in 10 minutes, with a translated 429", async () => {
    const headers = freshIp();
    for (let index = 0; index < 10; index++) {
      const response = await postForm("/forms/get-involved", { email: "x" }, headers);
      expect(response.status).toBe(400);
    }
    const limited = await postForm(
      "/forms/get-involved",
      { ...VALID["get-involved"], idempotencyKey: key() },
      headers,
    );
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
    const html = await limited.text();
    expect(html).toContain("You have sent several forms in a short time.");
    expect(html).toContain('value="Sam"');
    const spanish = await postForm("/forms/get-involved?lng=es", { email: "x" }, headers);
    expect(spanish.status).toBe(429);
    expect(await spanish.text()).toContain("Envió varios formularios en poco tiempo.");
  });

  it("Turnstile stays off without its keys and refuses an empty token when on", async () => {
    const html = await (await fetchPage("/forms/contact")).text();
    expect(html).not.toContain("cf-turnstile");
    expect(contentSecurityPolicy("n")).not.toContain("frame-src");
    expect(contentSecurityPolicy("n", [], ["https://challenges.cloudflare.com"])).toContain(
      "frame-src 'self' https://challenges.cloudflare.com",
    );
    expect(await verifyTurnstile({ TURNSTILE_SECRET_KEY: "secret" }, "", "local")).toBe(false);
  });

  it("refuses a cross-origin post", async () => {
    const response = await postForm("/forms/contact", VALID.contact, { Origin: "https://evil.example" });
    expect(response.status).toBe(403);
  });
});

describe("outbox", () => {
  it("keeps the mail when the provider is down, and the Cron Trigger sends it later", async () => {
    const idempotencyKey = key();
    // The post as the runtime runs it, with the mail provider answering 503; the test waits for the
    // request's own waitUntil (its delivery attempt) to end, not for a clock.
    const ctx = createExecutionContext();
    const response = await worker.fetch(
      new Request(new URL("/forms/fundraising-team", ORIGIN), {
        method: "POST",
        body: new URLSearchParams({ ...VALID["fundraising-team"], idempotencyKey }),
        headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded", ...freshIp() },
        redirect: "manual",
      }) as Request<unknown, IncomingRequestCfProperties>,
      { ...env, MAIL_API_URL: `${env.MAIL_TEST_ORIGIN}/fail` },
      ctx,
    );
    // The page (read to its end, so the request ends) thanks the sender: nothing of the outage shows.
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/role="status"/);
    await waitOnExecutionContext(ctx);
    const [row] = await rowsFor(idempotencyKey);
    expect(row).toBeTruthy();
    const mails = await db
      .select()
      .from(outbox)
      .where(like(outbox.text, `%${row!.id}%`));
    expect(mails).toHaveLength(1);
    const [kept] = mails;
    expect(kept).toMatchObject({ status: "pending", attempts: 1, leaseUntil: null });
    expect(kept!.lastError).toBeTruthy();
    // The provider is back; the Cron Trigger's run at the message's retry time sends it.
    await handleScheduled(env, Date.parse(kept!.nextAttemptAt));
    const [after] = await db.select().from(outbox).where(eq(outbox.id, kept!.id));
    expect(after).toMatchObject({ status: "sent", attempts: 2 });
  });
});

describe("pages", () => {
  it.each(Object.keys(VALID))("/forms/%s answers GET with its form and a privacy link", async (kind) => {
    const response = await fetchPage(`/forms/${kind}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`action="/forms/${kind}"`);
    expect(html).toContain('href="/privacy"');
    expect(html).toContain('name="website"');
  });

  it("the contact form with the newsletter box starts a double opt-in", async () => {
    await postForm(
      "/forms/contact",
      { ...VALID.contact, email: "news-from-contact@example.com", newsletter: "on", idempotencyKey: key() },
      freshIp(),
    );
    const [subscriber] = await db
      .select()
      .from(subscribers)
      .where(eq(subscribers.email, "news-from-contact@example.com"));
    expect(subscriber).toMatchObject({ status: "pending", source: "contact" });
  });
});

describe("an empty post, as with JavaScript off", () => {
  it.each(SUBMISSION_KINDS)("/forms/%s answers 400 with the error summary, never a 500", async (kind) => {
    const response = await postForm(`/forms/${kind}`, {});
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("There is a problem");
    // No library's raw English message reaches the page.
    expect(html).not.toMatch(/Invalid (type|key)/);
  });
});
