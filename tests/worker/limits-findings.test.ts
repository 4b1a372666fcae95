import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { bumpContentVersion, getContentVersion } from "~/server/kernel/content-version.server";
import { getDb } from "~/server/db/client.server";
import { outbox, rateLimits } from "~/server/db/schema";
import { hitRateLimit } from "~/server/kernel/rate-limit.server";
import { getTranslationBundle } from "~/server/kernel/translations.server";
import { deliverLeased, deliverOutbox, queueEmail, queueLeasedEmail } from "~/server/mail/outbox.server";
import worker from "../../workers/app";
import { userWithSession } from "./auth-helpers";
import { ORIGIN } from "./fetch";
import { countInvocation, flakyD1 } from "./platform-count";

const db = getDb(env);
let admin: Awaited<ReturnType<typeof userWithSession>>;

beforeAll(async () => {
  admin = await userWithSession("limits-admin@example.org", "ADMIN", "Ada Limits");
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** The real Worker, with some of its configuration or bindings changed, as the runtime calls it. */
async function fetchWith(changed: Partial<Env>, path: string, init: RequestInit = {}) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(new URL(path, ORIGIN), { redirect: "manual", ...init }) as Request<
      unknown,
      IncomingRequestCfProperties
    >,
    { ...env, ...changed } as Env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

function post(changed: Partial<Env>, path: string, fields: Record<string, string>, headers = {}) {
  return fetchWith(changed, path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded", ...headers },
  });
}

async function queueOne(id: string) {
  await db.batch([
    queueEmail(
      db,
      { to: "parent@example.com", subject: "Hi", text: "Body", template: "test.held", locale: "en" },
      id,
    ),
  ]);
}

const row = async (id: string) => (await db.select().from(outbox).where(eq(outbox.id, id)))[0]!;

describe("the log transport on a site that is not a local run", () => {
  const held = { MAIL_TRANSPORT: "log", SITE_URL: "https://example.org" } as Partial<Env>;

  it("never marks mail sent: it stays queued, attempts untouched, and a log line says why", async () => {
    const log = vi.spyOn(console, "log");
    await queueOne("held-1");
    const heldEnv = { ...env, ...held } as Env;
    expect(await deliverOutbox(heldEnv, { ids: ["held-1"] })).toEqual({ attempted: 0, sent: 0 });
    expect(await deliverOutbox(heldEnv)).toEqual({ attempted: 0, sent: 0 });
    expect(await row("held-1")).toMatchObject({
      status: "pending",
      attempts: 0,
      lastError: null,
      sentAt: null,
    });
    const leased = queueLeasedEmail(db, heldEnv, {
      to: "family@example.com",
      subject: "Thanks",
      text: "Body",
      template: "test.held",
      locale: "en",
    });
    await db.batch([leased.statement]);
    expect(await deliverLeased(heldEnv, [leased.message])).toEqual({ attempted: 0, sent: 0 });
    expect(await row(leased.message.id)).toMatchObject({ status: "pending", attempts: 0 });
    const lines = log.mock.calls.map((call) => String(call[0]));
    expect(lines.some((line) => line.includes("mail held") && line.includes("MAIL_TRANSPORT"))).toBe(true);
    expect(lines.some((line) => line.includes("--- mail to"))).toBe(false);

    // Once a real transport is set, the same mail goes out.
    expect(await deliverOutbox(env, { ids: ["held-1"] })).toEqual({ attempted: 1, sent: 1 });
  });

  it.each(["http://localhost:8787", "http://127.0.0.1:5173", "http://127.1.2.3", "http://[::1]:8787"])(
    "prints and sends on a local run (%s)",
    async (siteUrl) => {
      const id = `local-${crypto.randomUUID()}`;
      await queueOne(id);
      vi.spyOn(console, "log").mockImplementation(() => {});
      const local = { ...env, MAIL_TRANSPORT: "log", SITE_URL: siteUrl } as Env;
      expect(await deliverOutbox(local, { ids: [id] })).toEqual({ attempted: 1, sent: 1 });
    },
  );

  it("/admin/outbox says why, in English and Spanish", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const english = await (
      await fetchWith(held, "/admin/outbox", { headers: { Cookie: admin.cookie } })
    ).text();
    expect(english).toContain(">No e-mail is being sent: the mail transport is &quot;log&quot;");
    const spanish = await (
      await fetchWith(held, "/admin/outbox?lng=es", { headers: { Cookie: admin.cookie } })
    ).text();
    expect(spanish).toContain(">No se está enviando ningún correo");
    const sending = await (
      await fetchWith({}, "/admin/outbox", { headers: { Cookie: admin.cookie } })
    ).text();
    expect(sending).not.toContain(">No e-mail is being sent");
  });
});

describe("transient D1 errors on idempotent writes are tried once more", () => {
  it("a public post whose rate-limit write meets a dropped connection still succeeds", async () => {
    const flaky = flakyD1(env.DB, /insert into "rate_limits"/);
    const response = await post(
      { DB: flaky.binding },
      "/forms/contact",
      {
        fullName: "Ana López",
        email: "ana@example.com",
        subject: "program",
        message: "When does the spring term start?",
        preferredContact: "email",
        idempotencyKey: crypto.randomUUID(),
      },
      { "CF-Connecting-IP": "198.51.100.31" },
    );
    expect(flaky.failures()).toBe(1);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Thank you");
  });

  it.each([
    "D1_ERROR: Network connection lost.",
    "D1_ERROR: storage operation exceeded timeout which caused object to be reset.",
    "D1_ERROR: Durable Object reset because its code was updated.",
  ])("the rate limit counts the hit after %s", async (message) => {
    const flaky = flakyD1(env.DB, /insert into "rate_limits"/, message);
    const visitor = new Request(ORIGIN, {
      headers: { "CF-Connecting-IP": `203.0.113.${Math.floor(Math.random() * 200)}` },
    });
    const verdict = await hitRateLimit({ DB: flaky.binding }, `flaky-${crypto.randomUUID()}`, visitor, {
      limit: 5,
      windowSeconds: 60,
    });
    expect(flaky.failures()).toBe(1);
    expect(verdict.allowed).toBe(true);
  });

  it("an error that is not transient is not tried again", async () => {
    const flaky = flakyD1(env.DB, /insert into "rate_limits"/, "D1_ERROR: no such table: rate_limits");
    const visitor = new Request(ORIGIN, { headers: { "CF-Connecting-IP": "203.0.113.250" } });
    await expect(
      hitRateLimit({ DB: flaky.binding }, "flaky-hard", visitor, { limit: 5, windowSeconds: 60 }),
    ).rejects.toThrow();
    expect(flaky.failures()).toBe(1);
    expect(await db.select().from(rateLimits).where(eq(rateLimits.key, "flaky-hard"))).toHaveLength(0);
  });

  it("an outbox claim that meets a dropped connection still sends the mail, once", async () => {
    await queueOne("flaky-claim");
    const flaky = flakyD1(env.DB, /update "outbox" set "lease_until"/);
    expect(await deliverOutbox({ ...env, DB: flaky.binding } as Env, { ids: ["flaky-claim"] })).toEqual({
      attempted: 1,
      sent: 1,
    });
    expect(flaky.failures()).toBe(1);
    expect(await row("flaky-claim")).toMatchObject({ status: "sent", attempts: 1 });
  });
});

describe("the Cron Trigger", () => {
  it("runs as the scheduled handler's own promise, not in waitUntil", async () => {
    await queueOne("cron-own-promise");
    const ctx = createExecutionContext();
    const controller = createScheduledController({ scheduledTime: Date.now() + 60_000 });
    await (worker as ExportedHandler<Env>).scheduled!(controller, env, ctx);
    // Done when the handler's promise is, before anything handed to waitUntil.
    expect(await row("cron-own-promise")).toMatchObject({ status: "sent", attempts: 1 });
    await waitOnExecutionContext(ctx);
  });
});

describe("D1's 100 bound parameters", () => {
  it("a delivery of many given messages binds at most 100 parameters a query", async () => {
    const ids = Array.from({ length: 150 }, (_, index) => `many-${index}`);
    for (const id of ids) await queueOne(id);
    const { result, count } = await countInvocation((counting) => deliverOutbox(counting, { ids }));
    expect(count.maxBoundParameters).toBeLessThanOrEqual(100);
    expect(result.sent).toBeGreaterThan(0);
  });
});

/** A KV binding that refuses writes to keys matching `key`, as KV does past one write a second. */
function refusingKv(key: RegExp): { binding: KVNamespace; refused: () => number } {
  let refused = 0;
  const binding = new Proxy(env.CACHE, {
    get(target, property) {
      if (property === "put")
        return (name: string, ...rest: unknown[]) => {
          if (key.test(name)) {
            refused++;
            return Promise.reject(new Error("KV PUT failed: 429 Too Many Requests"));
          }
          return (target.put as (...a: unknown[]) => Promise<void>).call(target, name, ...rest);
        };
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { binding, refused: () => refused };
}

describe("a version write KV refuses never fails a save D1 committed", () => {
  it("a content version bump answers, and the new version is in use", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const kv = refusingKv(/^content:version$/);
    const before = await getContentVersion(env);
    const version = await bumpContentVersion({ CACHE: kv.binding });
    expect(kv.refused()).toBe(2);
    expect(version).not.toBe(before);
    expect(await getContentVersion(env)).toBe(version);
  });

  it("a staff edit of the copy is saved, answered as saved and shown, though KV refuses its version", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const kv = refusingKv(/^translations:version$/);
    const save = await post(
      { CACHE: kv.binding },
      "/admin/content",
      { intent: "save", locale: "es", namespace: "common", key: "nav.home", value: "Portada de prueba" },
      { Cookie: admin.cookie },
    );
    expect(kv.refused()).toBe(2);
    expect(save.status).toBe(200);
    expect(await (await fetchWith({}, "/?lng=es")).text()).toContain("Portada de prueba");
  });

  it("a translation bundle KV will not store is still served", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const kv = refusingKv(/^translations:/);
    const { bundle, cache } = await getTranslationBundle(
      { DB: env.DB, CACHE: kv.binding },
      "es",
      `fresh-${Date.now()}`,
    );
    expect(cache).toBe("miss");
    expect(kv.refused()).toBe(1);
    expect(bundle.common).toBeTruthy();
  });
});
