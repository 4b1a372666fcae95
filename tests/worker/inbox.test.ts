import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/server/db/client.server";
import { auditLog, outbox, submissionHistory, submissions } from "~/server/db/schema";
import { userWithSession } from "./auth-helpers";
import { fetchPage, postForm } from "./fetch";

let staff: Awaited<ReturnType<typeof userWithSession>>;
let colleague: Awaited<ReturnType<typeof userWithSession>>;

const get = (path: string, cookie: string) => fetchPage(path, { headers: { Cookie: cookie } });
const post = (path: string, fields: Record<string, string>) =>
  postForm(path, fields, { Cookie: staff.cookie });

beforeAll(async () => {
  staff = await userWithSession("sam@example.org", "STAFF", "Sam Staff");
  colleague = await userWithSession("cleo@example.org", "STAFF", "Cleo Colleague");
  await getDb(env)
    .insert(submissions)
    .values([
      {
        id: "contact-es",
        kind: "contact",
        locale: "es",
        name: "Rosa Díaz",
        email: "rosa@example.com",
        payload: {
          fullName: "Rosa Díaz",
          email: "rosa@example.com",
          subject: "program",
          message: "¿Hay cupo?",
          preferredContact: "phone",
          newsletter: true,
        },
        idempotencyKey: "inbox-1",
      },
      {
        id: "enrollment-en",
        kind: "enrollment",
        locale: "en",
        name: "Pat Parent",
        email: "pat@example.com",
        phone: "212 555 0101",
        payload: {
          studentName: "Kim",
          parentName: "Pat Parent",
          email: "pat@example.com",
          phone: "212 555 0101",
          age: "9",
          grade: "4",
          programs: ["education", "athletics"],
          guardianConsent: true,
        },
        idempotencyKey: "inbox-2",
      },
    ]);
});

describe("a submission's details", () => {
  it("shows the form's labels and option labels, never raw keys, in the reader's language", async () => {
    const html = await (await get("/admin/submissions/contact-es", staff.cookie)).text();
    expect(html).toMatch(/<dt[^>]*>Full name<\/dt>/);
    expect(html).toMatch(/<dt[^>]*>Subject<\/dt><dd[^>]*>Program information<\/dd>/);
    expect(html).toMatch(/<dt[^>]*>Preferred contact method<\/dt><dd[^>]*>Phone<\/dd>/);
    expect(html).not.toMatch(/<dt[^>]*>(fullName|preferredContact|subject)<\/dt>/);
    expect(html).toMatch(/Language(<!-- -->)?: (<!-- -->)?Spanish/);
    const spanish = await (await get("/admin/submissions/contact-es?lng=es", staff.cookie)).text();
    expect(spanish).toMatch(/<dt[^>]*>Nombre completo<\/dt>/);
    expect(spanish).toMatch(/<dd[^>]*>Información de programas<\/dd>/);
    const enrollment = await (await get("/admin/submissions/enrollment-en", staff.cookie)).text();
    expect(enrollment).toMatch(/<dd[^>]*>Education, Athletics<\/dd>/);
  });

  it("the list names each submitter's language and who has it", async () => {
    const html = await (await get("/admin/submissions", staff.cookie)).text();
    expect(html).toMatch(/<td[^>]*>Spanish<\/td>/);
    expect(html).toMatch(/<td[^>]*>English<\/td>/);
  });
});

describe("working the inbox", () => {
  it("assigns a submission to a staff member, and 'assigned to me' lists only theirs", async () => {
    const response = await post("/admin/submissions/contact-es", {
      intent: "work",
      status: "in-progress",
      assignedTo: staff.user.id,
    });
    expect(response.status).toBe(200);
    const mine = await (await get("/admin/submissions?assigned=me", staff.cookie)).text();
    expect(mine).toContain("Rosa Díaz");
    expect(mine).not.toContain("Pat Parent");
    expect(mine).toMatch(/<td[^>]*>Sam Staff<\/td>/);
    const theirs = await (await get("/admin/submissions?assigned=me", colleague.cookie)).text();
    expect(theirs).not.toContain("Rosa Díaz");
    const open = await (await get("/admin/submissions?assigned=none", colleague.cookie)).text();
    expect(open).toContain("Pat Parent");
    expect(open).not.toContain("Rosa Díaz");
  });

  it("keeps every note, with its author and time, instead of overwriting one text", async () => {
    await post("/admin/submissions/contact-es", { intent: "note", note: "Called, no answer." });
    await postForm(
      "/admin/submissions/contact-es",
      { intent: "note", note: "Spoke with Rosa; sending the schedule." },
      { Cookie: colleague.cookie },
    );
    const notes = await getDb(env)
      .select()
      .from(submissionHistory)
      .where(and(eq(submissionHistory.submissionId, "contact-es"), eq(submissionHistory.kind, "note")));
    expect(notes.map((note) => [note.userName, note.body])).toEqual([
      ["Sam Staff", "Called, no answer."],
      ["Cleo Colleague", "Spoke with Rosa; sending the schedule."],
    ]);
    const html = await (await get("/admin/submissions/contact-es", staff.cookie)).text();
    expect(html).toContain("Note by Sam Staff");
    expect(html).toContain("Called, no answer.");
    expect(html).toContain("Note by Cleo Colleague");
    const audit = await getDb(env).select().from(auditLog).where(eq(auditLog.action, "submission.note"));
    expect(audit.map((entry) => entry.userEmail)).toEqual(["sam@example.org", "cleo@example.org"]);
  });

  it("an empty note is refused with a clear message", async () => {
    const response = await post("/admin/submissions/contact-es", { intent: "note", note: "   " });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Write something here first.");
  });

  it("replies by e-mail through the outbox, answered to the organisation, kept in the history", async () => {
    const response = await post("/admin/submissions/contact-es", {
      intent: "reply",
      subject: "Re: Contáctenos",
      message: "Hola Rosa,\nsí, hay cupo.",
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Your reply to rosa@example.com is on its way.");
    const [mail] = await getDb(env).select().from(outbox).where(eq(outbox.template, "submission.reply"));
    expect(mail).toMatchObject({
      to: "rosa@example.com",
      replyTo: "hello@example.org",
      subject: "Re: Contáctenos",
      locale: "es",
    });
    expect(mail!.text).toContain("Hola Rosa,\nsí, hay cupo.");
    const [line] = await getDb(env)
      .select()
      .from(submissionHistory)
      .where(eq(submissionHistory.kind, "reply"));
    expect(line).toMatchObject({ outboxId: mail!.id, userName: "Sam Staff", subject: "Re: Contáctenos" });
    const html = await (await get("/admin/submissions/contact-es", staff.cookie)).text();
    expect(html).toContain("E-mail reply by Sam Staff");
    const [audit] = await getDb(env).select().from(auditLog).where(eq(auditLog.action, "submission.reply"));
    expect(audit).toMatchObject({ userEmail: "sam@example.org", targetId: "contact-es" });
  });

  it("a reply without a message keeps the subject typed and says what is missing", async () => {
    const response = await post("/admin/submissions/contact-es", {
      intent: "reply",
      subject: "Horario de otoño",
      message: "",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('value="Horario de otoño"');
    expect(html).toContain("Write something here first.");
  });
});

describe("CSV export", () => {
  it("the kind filter decides the columns: one per field of that form, with its label", async () => {
    const csv = await (await get("/admin/submissions/export.csv?kind=enrollment", staff.cookie)).text();
    const [header, row] = csv.replace(/^\uFEFF/, "").split("\r\n");
    expect(header).toBe(
      "id,created_at,form,status,locale,name,email,phone,assigned_to,Student's name,Parent or guardian's name," +
        "Email,Phone,Age,Current grade,Programs,Interests,Previous experience," +
        "I am this child's parent or legal guardian and I consent to product collecting this information to enroll them.," +
        "utm_source,utm_medium,utm_campaign,utm_term,utm_content,referrer,notes",
    );
    expect(row).toContain(`"Education, Athletics"`);
    const contact = await (await get("/admin/submissions/export.csv?kind=contact", staff.cookie)).text();
    expect(contact.split("\r\n")[0]).toContain(
      "Full name,Email,Phone,Subject,Message,Preferred contact method",
    );
  });

  it("holds what the list shows: 'assigned to me' filters the file too", async () => {
    const mine = await (
      await get("/admin/submissions/export.csv?kind=contact&assigned=me", staff.cookie)
    ).text();
    expect(mine).toContain("rosa@example.com");
    const theirs = await (
      await get("/admin/submissions/export.csv?kind=contact&assigned=me", colleague.cookie)
    ).text();
    expect(theirs).not.toContain("rosa@example.com");
  });
});
