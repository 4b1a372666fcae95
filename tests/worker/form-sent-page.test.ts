import { env } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/server/db/client.server";
import { outbox, submissions } from "~/server/db/schema";
import { PAGE_CACHE_HEADER } from "~/server/kernel/page-cache.server";
import { userWithSession } from "./auth-helpers";
import { fetchPage, postForm } from "./fetch";

const db = getDb(env);
let ipCounter = 0;
const freshIp = () => ({ "CF-Connecting-IP": `198.51.100.${++ipCounter}` });
const address = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;
const contact = (email: string) => ({
  fullName: "Ana López",
  email,
  subject: "program",
  message: "When does the spring term start?",
  preferredContact: "email",
});

/** The answer's nonce (its CSP) and every nonce its HTML carries. */
async function nonces(response: Response) {
  const header = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")![1]!;
  const html = await response.text();
  return { header, inPage: new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1])), html };
}

// Its own file, so its own KV and database.
describe("a form's sent page: what its action answers (decision 033)", () => {
  it("answers every post without JavaScript that went through with the sent page, and stores every post with its mail", async () => {
    const emails = [address("first"), address("second"), address("third")];
    const seen = new Set<string>();
    const answers: string[] = [];
    for (const email of emails) {
      const response = await postForm("/forms/contact", contact(email), freshIp());
      expect(response.status).toBe(200);
      // Rendered for this post by React Router from the action's answer, never from a cache.
      expect(response.headers.get(PAGE_CACHE_HEADER)).toBeNull();
      const { header, inPage, html } = await nonces(response);
      expect(inPage).toEqual(new Set([header]));
      seen.add(header);
      expect(html).toContain(">Message Sent!<");
      // Nothing that was typed is in the page (decision 014's rule for mail holds for it too).
      expect(html).not.toContain(email);
      expect(html).not.toContain("spring term");
      answers.push(html.replaceAll(header, ""));
    }
    expect(seen.size).toBe(3);
    expect(new Set(answers).size).toBe(1);

    // Each post was stored, with its confirmation and the team's notice.
    const rows = await db.select().from(submissions).where(inArray(submissions.email, emails));
    expect(rows).toHaveLength(3);
    for (const email of emails) {
      const mails = await db.select().from(outbox).where(eq(outbox.to, email));
      expect(mails.map((mail) => mail.template)).toEqual(["contact.confirmation"]);
    }
    const notices = (await db.select().from(outbox).where(eq(outbox.template, "contact.team"))).filter(
      (mail) => rows.some((row) => mail.text.includes(`/admin/submissions/${row.id}`)),
    );
    expect(notices).toHaveLength(3);
  });

  it("a resend of a stored post gets the same sent page and stores nothing more", async () => {
    const email = address("resend");
    const fields = { ...contact(email), idempotencyKey: crypto.randomUUID() };
    const headers = freshIp();
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await postForm("/forms/contact", fields, headers);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(">Message Sent!<");
    }
    expect(await db.select().from(submissions).where(eq(submissions.email, email))).toHaveLength(1);
  });

  it("a post with errors is rendered with what was typed", async () => {
    await (await postForm("/forms/contact", contact(address("warm")), freshIp())).text();
    const response = await postForm(
      "/forms/contact",
      { ...contact("not-an-address"), fullName: "Typed Name" },
      freshIp(),
    );
    expect(response.status).toBe(400);
    expect(response.headers.get(PAGE_CACHE_HEADER)).toBeNull();
    const html = await response.text();
    expect(html).toContain("Typed Name");
    expect(html).not.toContain(">Message Sent!<");
  });

  it("the sent page is in the visitor's language", async () => {
    await (await postForm("/forms/contact", contact(address("en")), freshIp())).text();
    const response = await postForm("/forms/contact", contact(address("es")), {
      ...freshIp(),
      Cookie: "lng=es",
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(">¡Mensaje enviado!<");
    expect(html).not.toContain(">Message Sent!<");
  });

  it("a signed-in visitor's answer is rendered for them", async () => {
    await (await postForm("/forms/contact", contact(address("anonymous")), freshIp())).text();
    const email = address("member");
    const { cookie } = await userWithSession(email, "USER", "Marisol Member");
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await postForm("/forms/contact", contact(address("from-member")), {
        ...freshIp(),
        Cookie: cookie,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get(PAGE_CACHE_HEADER)).toBeNull();
      const html = await response.text();
      expect(html).toContain(">Message Sent!<");
      expect(html).toContain("Marisol");
    }
  });

  it("a post with JavaScript (React Router's .data) gets its answer as data, and a GET is unchanged", async () => {
    const response = await postForm("/forms/contact.data", contact(address("js")), freshIp());
    expect(response.status).toBe(200);
    expect(response.headers.get(PAGE_CACHE_HEADER)).toBeNull();
    expect(response.headers.get("Content-Type")).not.toContain("text/html");
    const page = await fetchPage("/forms/contact");
    expect(await page.text()).not.toContain(">Message Sent!<");
  });
});
