import { env } from "cloudflare:workers";
import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { sendNewsletterStep } from "~/server/admin/newsletters.server";
import { getDb } from "~/server/db/client.server";
import { auditLog, newsletterDeliveries, newsletters, outbox, subscribers } from "~/server/db/schema";
import { handleScheduled } from "~/server/scheduled.server";
import { userWithSession } from "./auth-helpers";
import { fetchPage, postForm } from "./fetch";

let staff: Awaited<ReturnType<typeof userWithSession>>;
const post = (path: string, fields: Record<string, string>) =>
  postForm(path, fields, { Cookie: staff.cookie });
const get = (path: string) => fetchPage(path, { headers: { Cookie: staff.cookie } });

const ISSUE = {
  subjectEn: "Fall news",
  bodyEn: "Hello families,\nthe fall season starts.\n\nRead more at https://example.org/events. <b>bold</b>",
  subjectEs: "Noticias de otoño",
  bodyEs:
    "Estimadas familias:\ncomienza la temporada de otoño.\n\n[Vea los eventos](https://example.org/events?lng=es)",
};

async function createIssue(fields = ISSUE) {
  const response = await post("/admin/newsletters", fields);
  expect(response.status).toBe(303);
  return response.headers.get("Location")!.split("/").pop()!;
}

const issueMails = (id: string) =>
  getDb(env)
    .select()
    .from(outbox)
    .where(like(outbox.id, `newsletter:${id}:%`));

beforeAll(async () => {
  staff = await userWithSession("writer@example.org", "STAFF", "Wren Writer");
  await getDb(env)
    .insert(subscribers)
    .values([
      { id: "a", email: "ana@example.com", locale: "en", status: "confirmed" },
      { id: "b", email: "beto@example.com", locale: "es", status: "confirmed" },
      { id: "c", email: "cleo@example.com", locale: "en", status: "confirmed" },
      { id: "d", email: "dana@example.com", locale: "en", status: "pending" },
      { id: "e", email: "eli@example.com", locale: "es", status: "unsubscribed" },
    ]);
});

describe("writing an issue", () => {
  it("is for the team: a visitor is sent to log in, a USER gets 403, and nothing is saved", async () => {
    const member = await userWithSession("reader@example.org", "USER");
    expect((await postForm("/admin/newsletters", ISSUE)).status).toBe(302);
    expect((await postForm("/admin/newsletters", ISSUE, { Cookie: member.cookie })).status).toBe(403);
    expect(await getDb(env).select().from(newsletters)).toHaveLength(0);
  });

  it("saves a draft with the Spanish still to write; sending names what is missing and keeps the text", async () => {
    const id = await createIssue({ ...ISSUE, subjectEs: "", bodyEs: "" });
    const refused = await post(`/admin/newsletters/${id}`, { intent: "send", confirm: "yes" });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    // The summary at the top names each field; the message sits by the field too.
    expect(html).toContain("There is a problem");
    expect(html).toContain('href="#subjectEs"');
    expect(html).toContain("Subject (Spanish): Needed before sending");
    expect(html).toContain('id="bodyEs-error"');
    expect(html).toContain('value="Fall news"');
    expect(await issueMails(id)).toHaveLength(0);
    const [issue] = await getDb(env).select().from(newsletters).where(eq(newsletters.id, id));
    expect(issue!.status).toBe("draft");
  });

  it("refuses a draft with no subject in either language, saying so on the field", async () => {
    const response = await post("/admin/newsletters", { ...ISSUE, subjectEn: "", subjectEs: "" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Write a subject in English or Spanish");
    expect(html).toContain("Hello families,");
  });

  it("saves a draft and previews it as text with links, never as markup", async () => {
    const id = await createIssue();
    const html = await (await get(`/admin/newsletters/${id}`)).text();
    expect(html).toContain('<a href="https://example.org/events"');
    expect(html).toContain('<a href="https://example.org/events?lng=es"');
    expect(html).toContain(">Vea los eventos</a>");
    expect(html).toContain("&lt;b&gt;bold&lt;/b&gt;");
    expect(html).not.toContain("<b>bold</b>");
    expect(html).toContain("3 confirmed subscribers: 2 read English, 1 read Spanish.");
  });

  it("sends a test in both languages to the writer only", async () => {
    const id = await createIssue();
    expect((await post(`/admin/newsletters/${id}`, { intent: "test" })).status).toBe(200);
    const tests = await getDb(env).select().from(outbox).where(eq(outbox.template, "newsletter.test"));
    expect(tests.map((mail) => [mail.to, mail.subject]).sort()).toEqual([
      ["writer@example.org", "[Test] Fall news"],
      ["writer@example.org", "[Test] Noticias de otoño"],
    ]);
    expect(await issueMails(id)).toHaveLength(0);
  });
});

describe("sending an issue", () => {
  it("needs the confirmation box", async () => {
    const id = await createIssue();
    const response = await post(`/admin/newsletters/${id}`, { intent: "send" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Tick the box to confirm the send.");
    expect(await issueMails(id)).toHaveLength(0);
  });

  it("queues one message per confirmed subscriber in their language, with a working unsubscribe", async () => {
    const id = await createIssue();
    const response = await post(`/admin/newsletters/${id}`, { intent: "send", confirm: "yes" });
    expect(response.status).toBe(200);
    const mails = await issueMails(id);
    expect(mails.map((mail) => mail.to).sort()).toEqual([
      "ana@example.com",
      "beto@example.com",
      "cleo@example.com",
    ]);
    const spanish = mails.find((mail) => mail.to === "beto@example.com")!;
    expect(spanish.subject).toBe("Noticias de otoño");
    expect(spanish.text).toContain("Vea los eventos (https://example.org/events?lng=es)");
    const english = mails.find((mail) => mail.to === "ana@example.com")!;
    expect(english.html).toContain("&lt;b&gt;bold&lt;/b&gt;");
    expect(english.html).not.toContain("<b>");
    for (const mail of mails) {
      expect(mail.headers!["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      expect(mail.headers!["List-Unsubscribe"]).toMatch(
        /^<https:\/\/example\.org\/api\/v1\/newsletter\/unsubscribe\?token=/,
      );
      expect(mail.text).toContain("/newsletter/unsubscribe?token=");
    }
    // The one-click post of a mail program, to the header's address, unsubscribes.
    const oneClick = english.headers!["List-Unsubscribe"]!.slice(1, -1);
    const unsubscribed = await postForm(oneClick.replace("https://example.org", ""), {
      "List-Unsubscribe": "One-Click",
    });
    expect(unsubscribed.status).toBe(200);
    const [ana] = await getDb(env).select().from(subscribers).where(eq(subscribers.id, "a"));
    expect(ana!.status).toBe("unsubscribed");
    await getDb(env).update(subscribers).set({ status: "confirmed" }).where(eq(subscribers.id, "a"));

    const [issue] = await getDb(env).select().from(newsletters).where(eq(newsletters.id, id));
    expect(issue).toMatchObject({ status: "sent", sentCount: 3, sentByName: "Wren Writer" });
    expect(issue!.sentAt).not.toBeNull();
    const [audit] = await getDb(env)
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "newsletter.send"), eq(auditLog.targetId, id)));
    expect(audit).toMatchObject({
      userEmail: "writer@example.org",
      detail: { subject: "Fall news", recipients: 3, en: 2, es: 1 },
    });
    // Sent is sent: a second send and an edit are refused, and nobody gets it twice.
    expect((await post(`/admin/newsletters/${id}`, { intent: "send", confirm: "yes" })).status).toBe(409);
    expect(
      (await post(`/admin/newsletters/${id}`, { intent: "save", ...ISSUE, subjectEn: "New" })).status,
    ).toBe(409);
    expect(await issueMails(id)).toHaveLength(3);
  });

  it("goes in steps that resume where they stopped and never queue a subscriber twice", async () => {
    const id = await createIssue();
    await getDb(env)
      .update(newsletters)
      .set({ status: "sending", sendStartedAt: new Date().toISOString() })
      .where(eq(newsletters.id, id));
    expect((await sendNewsletterStep(env, id, 2)).queued).toBe(2);
    // Two steps at once (a Cron run and a click) still make one message per subscriber.
    await Promise.all([sendNewsletterStep(env, id, 2), sendNewsletterStep(env, id, 2)]);
    // The Cron Trigger finishes the send.
    await handleScheduled(env);
    const mails = await issueMails(id);
    expect(mails.map((mail) => mail.to).sort()).toEqual([
      "ana@example.com",
      "beto@example.com",
      "cleo@example.com",
    ]);
    const deliveries = await getDb(env)
      .select()
      .from(newsletterDeliveries)
      .where(eq(newsletterDeliveries.newsletterId, id));
    expect(deliveries).toHaveLength(3);
    const [issue] = await getDb(env).select().from(newsletters).where(eq(newsletters.id, id));
    expect(issue).toMatchObject({ status: "sent", sentCount: 3 });
  });
});
