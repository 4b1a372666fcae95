import { env } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/server/db/client.server";
import { outbox, subscribers } from "~/server/db/schema";
import {
  deliverLeased,
  deliverOutbox,
  MAX_ATTEMPTS,
  queueEmail,
  queueLeasedEmail,
} from "~/server/mail/outbox.server";
import { getMailTransport } from "~/server/mail/transport.server";
import { postForm } from "./fetch";

const db = getDb(env);
let ipCounter = 0;
const freshIp = () => ({ "CF-Connecting-IP": `192.0.2.${++ipCounter}` });

type Recorded = {
  key: string | null;
  outcome: "delivered" | "refused" | "stalled";
  body: { to: string; reply_to?: string; headers?: Record<string, string> };
};

/** The real "http" transport, pointed at the local provider in the given mode (tests/support/mail-server.ts). */
function providerEnv(mode: "ok" | "fail" | "stall", timeoutSeconds = "10"): Env {
  return {
    ...env,
    MAIL_TRANSPORT: "http",
    MAIL_API_URL: `${env.MAIL_TEST_ORIGIN}/${mode}`,
    MAIL_TIMEOUT_SECONDS: timeoutSeconds,
  } as Env;
}

/** What the provider received for one outbox id (sent as the Idempotency-Key). */
async function received(id: string): Promise<Recorded[]> {
  const response = await fetch(`${env.MAIL_TEST_ORIGIN}/__test/requests?key=${encodeURIComponent(id)}`);
  return (await response.json()) as Recorded[];
}

async function queue(count: number, to = "parent@example.com"): Promise<string[]> {
  const ids = Array.from({ length: count }, () => crypto.randomUUID());
  await db.batch(
    ids.map((id) =>
      queueEmail(db, { to, subject: "Hello", text: "Body", template: "test.hello", locale: "en" }, id),
    ) as [ReturnType<typeof queueEmail>, ...ReturnType<typeof queueEmail>[]],
  );
  return ids;
}

/** The post already delivered its mail with the log transport; this sends one again over http. */
async function sendThroughHttp(row: typeof outbox.$inferSelect) {
  const provider = providerEnv("ok");
  await getMailTransport(provider)(row, provider, AbortSignal.timeout(5_000));
}

async function rows(ids: string[]) {
  return db.select().from(outbox).where(inArray(outbox.id, ids));
}

describe("outbox delivery", () => {
  it("two Cron runs at once deliver each message exactly once", async () => {
    const ids = await queue(6);
    const provider = providerEnv("ok");
    const [first, second] = await Promise.all([deliverOutbox(provider), deliverOutbox(provider)]);
    expect(first.sent + second.sent).toBe(6);
    for (const id of ids)
      expect((await received(id)).filter((entry) => entry.outcome === "delivered")).toHaveLength(1);
    for (const row of await rows(ids))
      expect(row).toMatchObject({ status: "sent", attempts: 1, leaseUntil: null });
  });

  it("the send right after a post (waitUntil) racing a Cron run delivers each message once", async () => {
    const ids = await queue(3);
    const provider = providerEnv("ok");
    await Promise.all([
      deliverOutbox(provider, { ids }),
      deliverOutbox(provider),
      deliverOutbox(provider, { ids }),
    ]);
    for (const id of ids) expect(await received(id)).toHaveLength(1);
  });

  it("sends the outbox id as Idempotency-Key and gives up on a provider that does not answer", async () => {
    const [id] = await queue(1);
    const started = Date.now();
    const result = await deliverOutbox(providerEnv("stall", "1"), { ids: [id!] });
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(result).toEqual({ attempted: 1, sent: 0 });
    const [request] = await received(id!);
    expect(request).toMatchObject({ key: id, outcome: "stalled" });
    const [row] = await rows([id!]);
    expect(row).toMatchObject({ status: "pending", attempts: 1, leaseUntil: null });
    expect(row!.lastError).toMatch(/time|abort/i);
  });

  it("keeps retrying a message past the last quick attempt, and sends it once the provider is back", async () => {
    const [id] = await queue(1);
    await db
      .update(outbox)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(outbox.id, id!));
    await deliverOutbox(providerEnv("fail"), { ids: [id!] });
    const [failed] = await rows([id!]);
    expect(failed).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    const sixHours = Date.parse(failed!.nextAttemptAt) - Date.now();
    expect(sixHours).toBeGreaterThan(5.9 * 3600_000);
    expect(sixHours).toBeLessThan(6.1 * 3600_000);

    // Not before its time, then the Cron run six hours later sends it.
    await deliverOutbox(providerEnv("ok"));
    expect((await rows([id!]))[0]!.status).toBe("failed");
    await deliverOutbox(providerEnv("ok"), { now: new Date(Date.now() + 6 * 3600_000 + 60_000) });
    expect((await rows([id!]))[0]).toMatchObject({ status: "sent", attempts: MAX_ATTEMPTS + 1 });
    expect((await received(id!)).filter((entry) => entry.outcome === "delivered")).toHaveLength(1);
  });

  it("a sender that died leaves a lease that ends, and then the message goes out", async () => {
    const [id] = await queue(1);
    await db
      .update(outbox)
      .set({ leaseUntil: new Date(Date.now() + 60_000).toISOString() })
      .where(eq(outbox.id, id!));
    expect(await deliverOutbox(providerEnv("ok"), { ids: [id!] })).toEqual({ attempted: 0, sent: 0 });
    // A Cron run scheduled later does not override a lease: leases run on the wall clock.
    await deliverOutbox(providerEnv("ok"), { now: new Date(Date.now() + 3600_000) });
    expect(await received(id!)).toHaveLength(0);
    await db
      .update(outbox)
      .set({ leaseUntil: new Date(Date.now() - 1).toISOString() })
      .where(eq(outbox.id, id!));
    await deliverOutbox(providerEnv("ok"));
    expect(await received(id!)).toHaveLength(1);
  });
});

/** Mail a request queues already claimed and sends itself right after its answer (decision 033). */
async function queueLeased(count: number, provider: Env) {
  const mails = Array.from({ length: count }, (_, index) =>
    queueLeasedEmail(db, provider, {
      to: "family@example.com",
      subject: `Thanks\r\nBcc: x@example.com ${index}`,
      text: "Body",
      template: "test.leased",
      locale: "en",
    }),
  );
  const [first, ...rest] = mails.map((mail) => mail.statement);
  await db.batch([first!, ...rest]);
  return mails.map((mail) => mail.message);
}

describe("mail a request queues claimed", () => {
  it("is sent once by the request, and a Cron run meanwhile leaves it alone", async () => {
    const provider = providerEnv("ok");
    const messages = await queueLeased(2, provider);
    const ids = messages.map((message) => message.id);
    // Stored claimed: a Cron run (or another request's delivery) cannot take it.
    for (const row of await rows(ids)) expect(Date.parse(row.leaseUntil!)).toBeGreaterThan(Date.now());
    await deliverOutbox(provider);
    await deliverOutbox(provider, { ids });
    for (const id of ids) expect(await received(id)).toHaveLength(0);

    expect(await deliverLeased(provider, messages)).toEqual({ attempted: 2, sent: 2 });
    for (const id of ids) {
      const [request] = await received(id);
      expect(request).toMatchObject({ key: id, outcome: "delivered" });
      // The subject is stored and sent on one line (decision 014).
      expect((await rows([id]))[0]!.subject).not.toMatch(/[\r\n]/);
    }
    for (const row of await rows(ids))
      expect(row).toMatchObject({ status: "sent", attempts: 1, leaseUntil: null, lastError: null });
    // Nothing sends it again.
    await deliverOutbox(provider, { now: new Date(Date.now() + 24 * 3600_000) });
    for (const id of ids) expect(await received(id)).toHaveLength(1);
  });

  it("a refused send is recorded and retried later; a request that died leaves it to the Cron", async () => {
    const refused = await queueLeased(1, providerEnv("fail"));
    expect(await deliverLeased(providerEnv("fail"), refused)).toEqual({ attempted: 1, sent: 0 });
    const [row] = await rows([refused[0]!.id]);
    expect(row).toMatchObject({ status: "pending", attempts: 1, leaseUntil: null });
    expect(row!.lastError).toMatch(/500|mail API/);
    await deliverOutbox(providerEnv("ok"), { now: new Date(Date.now() + 2 * 60_000) });
    expect((await rows([refused[0]!.id]))[0]).toMatchObject({ status: "sent", attempts: 2 });

    // Queued, never sent (the request died): once its lease ends, the Cron sends it, once.
    const [orphan] = await queueLeased(1, providerEnv("ok"));
    await deliverOutbox(providerEnv("ok"));
    expect(await received(orphan!.id)).toHaveLength(0);
    await db
      .update(outbox)
      .set({ leaseUntil: new Date(Date.now() - 1).toISOString() })
      .where(eq(outbox.id, orphan!.id));
    await deliverOutbox(providerEnv("ok"));
    expect(await received(orphan!.id)).toHaveLength(1);
    expect((await rows([orphan!.id]))[0]).toMatchObject({ status: "sent", attempts: 1 });
  });
});

describe("message headers", () => {
  it("a staff reply's Reply-To (the organisation) travels through the http transport", async () => {
    // The team's notice of a form has no Reply-To: it carries nothing the visitor typed (decision 047).
    const id = crypto.randomUUID();
    await db.batch([
      queueEmail(
        db,
        {
          to: "parent@example.com",
          replyTo: "hello@example.org",
          subject: "About your application",
          text: "Body",
          template: "submission.reply",
          locale: "en",
        },
        id,
      ),
    ]);
    const [mail] = await rows([id]);
    expect(mail).toMatchObject({ replyTo: "hello@example.org" });
    await sendThroughHttp(mail!);
    expect((await received(id))[0]!.body).toMatchObject({
      to: "parent@example.com",
      reply_to: "hello@example.org",
    });
  });

  it("newsletter mail carries List-Unsubscribe with one-click POST, and that POST unsubscribes", async () => {
    const email = `reader-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const response = await postForm("/newsletter", { email, source: "footer" }, freshIp());
    expect(response.status).toBe(200);
    const [mail] = await db.select().from(outbox).where(eq(outbox.to, email));
    expect(mail!.template).toBe("newsletter.confirm");
    const headers = mail!.headers!;
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const link = /^<(https:\/\/example\.org\/api\/v1\/newsletter\/unsubscribe\?token=[^>]+)>$/.exec(
      headers["List-Unsubscribe"]!,
    );
    expect(link).not.toBeNull();

    await sendThroughHttp(mail!);
    expect((await received(mail!.id))[0]!.body.headers).toEqual(headers);

    // RFC 8058: the mail program posts "List-Unsubscribe=One-Click" to the link from its own
    // servers, which may name their own Origin.
    const oneClick = await postForm(
      "/api/v1/newsletter/unsubscribe".concat(link![1]!.slice(link![1]!.indexOf("?"))),
      { "List-Unsubscribe": "One-Click" },
      { Origin: "https://mail.example.net", "Sec-Fetch-Site": "cross-site" },
    );
    expect(oneClick.status).toBe(200);
    const [subscriber] = await db.select().from(subscribers).where(eq(subscribers.email, email));
    expect(subscriber!.status).toBe("unsubscribed");
  });
});
