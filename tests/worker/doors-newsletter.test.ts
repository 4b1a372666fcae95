import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/server/db/client.server";
import { outbox, subscribers } from "~/server/db/schema";
import { RATE_LIMITS } from "~/server/kernel/rate-limit.server";
import { postForm } from "./fetch";

const db = getDb(env);
let ip = 0;
const fromAddress = () => ({ "CF-Connecting-IP": `203.0.113.${++ip}` });

const confirmationsTo = async (email: string) =>
  db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, email), eq(outbox.template, "newsletter.confirm")));

describe("subscribe-bombing (decision 047)", () => {
  it("ten subscriptions of one address from ten visitors mail it three confirmations, and every answer is the same", async () => {
    const answers: string[] = [];
    for (let post = 0; post < 10; post++) {
      const response = await postForm(
        "/newsletter.data",
        { email: post % 2 ? "Victim@Example.com" : "victim@example.com", source: "footer" },
        fromAddress(),
      );
      expect(response.status).toBe(200);
      answers.push(await response.text());
    }
    expect(RATE_LIMITS.newsletterConfirmation.limit).toBe(3);
    expect(await confirmationsTo("victim@example.com")).toHaveLength(3);
    expect(new Set(answers).size).toBe(1);
    const [row] = await db.select().from(subscribers).where(eq(subscribers.email, "victim@example.com"));
    expect(row!.status).toBe("pending");
  });

  it("the page without JavaScript says the same to the fourth post as to the first", async () => {
    const page = async () => {
      const response = await postForm(
        "/newsletter",
        { email: "page-victim@example.com", source: "footer" },
        fromAddress(),
      );
      expect(response.status).toBe(200);
      return response.text();
    };
    expect(await page()).toContain("Check your inbox");
    for (let post = 0; post < 3; post++) await page();
    expect(await page()).toContain("Check your inbox");
    expect(await confirmationsTo("page-victim@example.com")).toHaveLength(3);
  });

  it("the contact form's newsletter box counts against the same allowance", async () => {
    for (let post = 0; post < 5; post++) {
      const response = await postForm(
        "/forms/contact",
        {
          fullName: "Sam Rivera",
          email: "box-victim@example.com",
          subject: "program",
          message: `Question number ${post}`,
          preferredContact: "email",
          newsletter: "on",
          idempotencyKey: crypto.randomUUID(),
        },
        fromAddress(),
      );
      expect(response.status).toBe(200);
    }
    expect(await confirmationsTo("box-victim@example.com")).toHaveLength(3);
  });
});
