import { env } from "cloudflare:workers";
import { like } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adminRetryAllFailed } from "~/server/admin/outbox.server";
import { createNewsletter, startNewsletterSend } from "~/server/admin/newsletters.server";
import { getDb } from "~/server/db/client.server";
import { outbox } from "~/server/db/schema";
import { userWithSession } from "./auth-helpers";
import { cronRuns, deliveredByProvider, expectRunsWithin, insertRows, providerEnv } from "./cron-runs";
import { countInvocation } from "./platform-count";

/**
 * The heaviest paths, counted per invocation against the Workers Paid plan's published limits
 * (1,000 D1 queries, 10,000 subrequests and 1,000 KV/R2 operations per invocation), each held
 * to about half of the tightest (docs/decisions/045-within-the-platform-limits.md). A request a
 * person waits for also stays under the Free plan's 50. The newsletter's and the statements' Cron
 * runs, at year ten's size, are tests/worker/cron-at-scale.test.ts.
 */
const REQUEST_BUDGET = { d1Queries: 50, subrequests: 50 };

const db = getDb(env);

async function sentIds(template: string) {
  const rows = await db
    .select({ id: outbox.id, status: outbox.status })
    .from(outbox)
    .where(like(outbox.template, template));
  return {
    all: new Set(rows.map((row) => row.id)),
    sent: rows.filter((row) => row.status === "sent").length,
  };
}

const soon = () => Date.now() + 60_000;
let admin: Awaited<ReturnType<typeof userWithSession>>["user"];

beforeAll(async () => {
  admin = (await userWithSession("limits@example.org", "ADMIN", "Lim Its")).user;
});

beforeEach(async () => {
  await db.delete(outbox);
});

describe("within the platform's limits, counted per invocation", () => {
  it("a Cron run with 1,000 queued mails stays in budget and the next runs send the rest, each once", async () => {
    const now = new Date().toISOString();
    await insertRows(
      "outbox",
      ["id", "to", "subject", "text", "template", "locale", "next_attempt_at"],
      1000,
      (index) => [`cron-${index}`, `family${index}@example.com`, "Hello", "Body", "limits.cron", "en", now],
    );
    const runs = await cronRuns(async () => (await sentIds("limits.cron")).sent === 1000, soon, 40);
    expectRunsWithin("cron-1000-mails", runs);
    // A few hundred a run: the queue is empty within four runs (twenty minutes).
    expect(runs.length).toBeLessThanOrEqual(4);
    const { all, sent } = await sentIds("limits.cron");
    expect(sent).toBe(1000);
    expect(await deliveredByProvider(all)).toEqual({ distinct: 1000, twice: 0 });
  }, 300_000);

  it("starting a newsletter to 5,000 subscribers answers in budget and sends nothing in bulk", async () => {
    await insertRows("subscribers", ["id", "email", "locale", "status"], 5000, (index) => [
      `sub-${String(index).padStart(5, "0")}`,
      `reader${index}@example.com`,
      index % 3 === 0 ? "es" : "en",
      "confirmed",
    ]);
    const id = await createNewsletter(env, admin, {
      subjectEn: "Spring news",
      bodyEn: "Hello families.",
      subjectEs: "Noticias de primavera",
      bodyEs: "Estimadas familias.",
    });
    const start = await countInvocation((counting) => startNewsletterSend(counting, admin, id), providerEnv);
    expect(start.result).toBe("started");
    expectRunsWithin("newsletter-start-5000", [start.count], REQUEST_BUDGET);
    // Nothing is sent from the request or its waitUntil (cut about 30 s after the answer): the
    // first step is queued, and Cron sends it.
    expect(start.count.fetches).toBe(0);
    expect(await sentIds("newsletter.issue")).toMatchObject({ sent: 0 });
    expect((await sentIds("newsletter.issue")).all.size).toBe(100);
  }, 600_000);

  it('"Retry all" with 1,000 failed mails answers in budget; Cron delivers them', async () => {
    await insertRows(
      "outbox",
      ["id", "to", "subject", "text", "template", "locale", "status", "attempts", "next_attempt_at"],
      1000,
      (index) => [
        `failed-${index}`,
        `family${index}@example.com`,
        "Receipt",
        "Body",
        "limits.failed",
        "en",
        "failed",
        8,
        new Date(Date.now() + 6 * 3_600_000).toISOString(),
      ],
    );
    const retry = await countInvocation((counting) => adminRetryAllFailed(counting, admin), providerEnv);
    expectRunsWithin("retry-all-1000", [retry.count], REQUEST_BUDGET);
    expect(retry.count.fetches).toBe(0);
    const runs = await cronRuns(async () => (await sentIds("limits.failed")).sent === 1000, soon, 40);
    expectRunsWithin("retry-all-cron-1000", runs);
    const { all } = await sentIds("limits.failed");
    expect(await deliveredByProvider(all)).toEqual({ distinct: 1000, twice: 0 });
  }, 300_000);
});
