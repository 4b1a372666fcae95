import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "~/server/db/client.server";
import { outbox } from "~/server/db/schema";
import { deliverOutbox, MAX_ATTEMPTS, queueEmail, retryDelayMinutes } from "~/server/mail/outbox.server";
import { hitRateLimit } from "~/server/kernel/rate-limit.server";
import { signToken, verifyToken } from "~/server/kernel/signed-token.server";

const email = {
  to: "parent@example.com",
  subject: "Hello",
  text: "Body",
  template: "test.hello",
  locale: "en",
};

describe("outbox", () => {
  it("queues mail and delivers it (log transport in tests)", async () => {
    const db = getDb(env);
    await db.batch([queueEmail(db, email, "m1")]);
    expect(await deliverOutbox(env, { ids: ["m1"] })).toEqual({ attempted: 1, sent: 1 });
    const [row] = await db.select().from(outbox).where(eq(outbox.id, "m1"));
    expect(row).toMatchObject({ status: "sent", attempts: 1 });
    // Sending again finds nothing due.
    expect(await deliverOutbox(env)).toEqual({ attempted: 0, sent: 0 });
  });

  it("keeps a message pending with backoff when the provider fails, then gives up", async () => {
    const failing = { ...env, MAIL_TRANSPORT: "http", MAIL_API_URL: "http://127.0.0.1:9/unreachable" } as Env;
    const db = getDb(env);
    await db.batch([queueEmail(db, email, "m2")]);
    await deliverOutbox(failing, { ids: ["m2"] });
    const [row] = await db.select().from(outbox).where(eq(outbox.id, "m2"));
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row!.lastError).toBeTruthy();
    expect(Date.parse(row!.nextAttemptAt)).toBeGreaterThan(Date.now() + 30_000);
    expect(retryDelayMinutes(3)).toBe(4);
    expect(retryDelayMinutes(30)).toBe(360);
    await db
      .update(outbox)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(outbox.id, "m2"));
    await deliverOutbox(failing, { ids: ["m2"] });
    expect((await db.select().from(outbox).where(eq(outbox.id, "m2")))[0]!.status).toBe("failed");
  });
});

describe("rate limit", () => {
  it("allows up to the limit in a window, per visitor", async () => {
    const rule = { limit: 2, windowSeconds: 60 };
    const visitor = new Request("https://example.org", { headers: { "CF-Connecting-IP": "203.0.113.7" } });
    const other = new Request("https://example.org", { headers: { "CF-Connecting-IP": "203.0.113.8" } });
    expect((await hitRateLimit(env, "test", visitor, rule)).allowed).toBe(true);
    expect((await hitRateLimit(env, "test", visitor, rule)).allowed).toBe(true);
    const third = await hitRateLimit(env, "test", visitor, rule);
    expect(third.allowed).toBe(false);
    expect(third.retryAfterSeconds).toBeGreaterThan(0);
    expect((await hitRateLimit(env, "test", other, rule)).allowed).toBe(true);
  });
});

describe("signed tokens", () => {
  it("verifies its own tokens for the same purpose only", async () => {
    const token = await signToken(env, "newsletter-confirm", "subscriber-1", 3600);
    expect(await verifyToken(env, "newsletter-confirm", token)).toBe("subscriber-1");
    expect(await verifyToken(env, "donor-manage", token)).toBeNull();
  });

  it("refuses tampered and expired tokens", async () => {
    const token = await signToken(env, "p", "s", 3600);
    const [payload, signature] = token.split(".");
    const forged = `${btoa(JSON.stringify({ p: "p", s: "other", e: 9999999999 })).replace(/=+$/, "")}.${signature}`;
    expect(await verifyToken(env, "p", forged)).toBeNull();
    expect(await verifyToken(env, "p", `${payload}.AAAA`)).toBeNull();
    expect(await verifyToken(env, "p", "garbage")).toBeNull();
    const expired = await signToken(env, "p", "s", -1);
    expect(await verifyToken(env, "p", expired)).toBeNull();
  });
});
