import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/server/db/client.server";
import { outbox, subscribers } from "~/server/db/schema";
import { signToken } from "~/server/kernel/signed-token.server";
import { fetchPage, postForm } from "./fetch";

const db = getDb(env);
let ip = 0;
const visitor = () => ({ "CF-Connecting-IP": `192.0.2.${++ip}` });

async function subscriber(email: string) {
  return (await db.select().from(subscribers).where(eq(subscribers.email, email)))[0];
}
async function mailsTo(email: string) {
  return db.select().from(outbox).where(eq(outbox.to, email));
}
function linkIn(text: string, path: string): string {
  const match = new RegExp(`https?://\\S+${path}\\?token=[^\\s&]+(&lng=\\w+)?`).exec(text);
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return new URL(match[0]).pathname + new URL(match[0]).search;
}

describe("newsletter double opt-in", () => {
  it("subscribing stores a pending row and mails a confirmation link with an unsubscribe link", async () => {
    const response = await postForm(
      "/newsletter",
      { email: "Reader@Example.com", source: "footer" },
      visitor(),
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Check your inbox");
    expect(await subscriber("reader@example.com")).toMatchObject({ status: "pending", source: "footer" });
    const [mail] = await mailsTo("reader@example.com");
    expect(mail!.template).toBe("newsletter.confirm");
    expect(mail!.text).toContain("/newsletter/confirm?token=");
    expect(mail!.text).toContain("/newsletter/unsubscribe?token=");
  });

  it("subscribing twice keeps one row", async () => {
    await postForm("/newsletter", { email: "twice@example.com", source: "reports" }, visitor());
    await postForm("/newsletter", { email: "twice@example.com", source: "reports" }, visitor());
    const rows = await db.select().from(subscribers).where(eq(subscribers.email, "twice@example.com"));
    expect(rows).toHaveLength(1);
  });

  it("following the link changes nothing; the page's button confirms once and sends a welcome mail", async () => {
    await postForm(
      "/newsletter",
      { email: "confirm@example.com", source: "footer", locale: "es" },
      visitor(),
    );
    const [confirmation] = await mailsTo("confirm@example.com");
    expect(confirmation!.locale).toBe("es");
    expect(confirmation!.subject).toBe("Confirme su suscripción | product");
    const confirmPath = linkIn(confirmation!.text, "/newsletter/confirm");

    // A mail scanner follows the link (twice, say): the subscriber stays pending, no welcome mail.
    for (let visit = 0; visit < 2; visit++) {
      const page = await fetchPage(confirmPath);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Confirme su suscripción");
      expect(html).toContain('method="post"');
      expect(html).toContain("Confirmar mi suscripción");
    }
    expect(await subscriber("confirm@example.com")).toMatchObject({ status: "pending", confirmedAt: null });
    expect((await mailsTo("confirm@example.com")).map((mail) => mail.template)).toEqual([
      "newsletter.confirm",
    ]);

    // The person presses the button.
    const token = new URL(confirmPath, "https://example.org").searchParams.get("token")!;
    const confirmed = await postForm(confirmPath, { token });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("Suscripción confirmada");
    expect(await subscriber("confirm@example.com")).toMatchObject({ status: "confirmed" });
    const welcome = (await mailsTo("confirm@example.com")).find(
      (mail) => mail.template === "newsletter.welcome",
    );
    expect(welcome!.text).toContain("/newsletter/unsubscribe?token=");
    expect(await (await postForm(confirmPath, { token })).text()).toContain("Ya estaba confirmada");
    expect(await (await fetchPage(confirmPath)).text()).toContain("Ya estaba confirmada");
    expect(
      (await mailsTo("confirm@example.com")).filter((mail) => mail.template === "newsletter.welcome"),
    ).toHaveLength(1);

    const before = (await mailsTo("confirm@example.com")).length;
    await postForm("/newsletter", { email: "confirm@example.com" }, visitor());
    expect((await mailsTo("confirm@example.com")).length).toBe(before);
  });

  it("refuses a forged or foreign token, on GET and on POST", async () => {
    const forged = await fetchPage("/newsletter/confirm?token=abc.def");
    expect(await forged.text()).toContain("This link is not valid");
    const wrongPurpose = await signToken(env, "newsletter-unsubscribe", "reader@example.com", 3600);
    expect(await (await fetchPage(`/newsletter/confirm?token=${wrongPurpose}`)).text()).toContain(
      "This link is not valid",
    );
    const posted = await postForm("/newsletter/confirm", { token: wrongPurpose });
    expect(posted.status).toBe(200);
    expect(await posted.text()).toContain("This link is not valid");
  });

  it("unsubscribes only on POST from the link", async () => {
    await postForm("/newsletter", { email: "leaving@example.com" }, visitor());
    const [mail] = await mailsTo("leaving@example.com");
    const path = linkIn(mail!.text, "/newsletter/unsubscribe");
    const ask = await fetchPage(path);
    expect(await ask.text()).toContain("Stop sending the newsletter to leaving@example.com?");
    expect(await subscriber("leaving@example.com")).toMatchObject({ status: "pending" });
    const token = new URL(path, "https://example.org").searchParams.get("token")!;
    const done = await postForm(path, { token });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("re unsubscribed");
    expect(await subscriber("leaving@example.com")).toMatchObject({ status: "unsubscribed" });
    // A new subscription starts the opt-in again on the same row.
    await postForm("/newsletter", { email: "leaving@example.com" }, visitor());
    expect(await subscriber("leaving@example.com")).toMatchObject({ status: "pending" });
  });

  it("one-click unsubscribe (RFC 8058): the mail provider's POST to the header's address, from any origin", async () => {
    await postForm("/newsletter", { email: "one-click@example.com" }, visitor());
    const [mail] = await mailsTo("one-click@example.com");
    const header = new URL(mail!.headers!["List-Unsubscribe"]!.slice(1, -1));
    expect(header.pathname).toBe("/api/v1/newsletter/unsubscribe");
    const oneClick = (path: string) =>
      // The provider posts from its own servers: its own Origin or none, no cookie, only this body.
      fetchPage(path, {
        method: "POST",
        body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }),
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.example.net" },
      });
    // Opened in a browser, the address leads to the page that asks first.
    const opened = await fetchPage(`${header.pathname}${header.search}`);
    expect(opened.status).toBe(303);
    expect(new URL(opened.headers.get("Location")!).pathname).toBe("/newsletter/unsubscribe");
    expect(await subscriber("one-click@example.com")).toMatchObject({ status: "pending" });

    const response = await oneClick(`${header.pathname}${header.search}`);
    expect(response.status).toBe(200);
    expect(await subscriber("one-click@example.com")).toMatchObject({ status: "unsubscribed" });

    // A forged token, or a confirmation token, unsubscribes nobody.
    await postForm("/newsletter", { email: "stays@example.com" }, visitor());
    const [stays] = await mailsTo("stays@example.com");
    expect((await oneClick("/api/v1/newsletter/unsubscribe?token=abc.def")).status).toBe(400);
    const confirmToken = new URL(linkIn(stays!.text, "/newsletter/confirm"), "https://example.org").search;
    expect((await oneClick(`/api/v1/newsletter/unsubscribe${confirmToken}`)).status).toBe(400);
    expect(await subscriber("stays@example.com")).toMatchObject({ status: "pending" });
  });

  it("refuses a malformed address and drops honeypot posts", async () => {
    const bad = await postForm("/newsletter", { email: "nope" }, visitor());
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Please enter a valid email");
    const bot = await postForm("/newsletter", { email: "bot@example.com", website: "x" }, visitor());
    expect(bot.status).toBe(200);
    expect(await subscriber("bot@example.com")).toBeUndefined();
  });
});
