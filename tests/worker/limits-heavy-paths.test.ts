import { env } from "cloudflare:workers";
import { eq, like } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adminRetryAllFailed } from "~/server/admin/outbox.server";
import { createNewsletter, startNewsletterSend } from "~/server/admin/newsletters.server";
import { getDb } from "~/server/db/client.server";
import { newsletters, outbox, statementRuns } from "~/server/db/schema";
import { handleScheduled } from "~/server/scheduled.server";
import { userWithSession } from "./auth-helpers";
import { countInvocation, type PlatformCount } from "./platform-count";

/**
 * The heaviest paths, counted per invocation against the Workers Paid plan's published limits
 * (1,000 D1 queries, 10,000 subrequests and 1,000 KV/R2 operations per invocation), each held
 * to about half of the tightest (docs/decisions/045-within-the-platform-limits.md). A request a
 * person waits for also stays under the Free plan's 50.
 */
const CRON_BUDGET = { d1Queries: 500, subrequests: 500 };
const REQUEST_BUDGET = { d1Queries: 50, subrequests: 50 };

const db = getDb(env);
/** The real "http" transport to the local provider (tests/support/mail-server.ts), as deployed. */
const provider = {
  ...env,
  MAIL_TRANSPORT: "http",
  MAIL_API_URL: `${env.MAIL_TEST_ORIGIN}/ok`,
  // Deployed, links are signed with this secret (README, Deploy), not one read from KV.
  LINK_SIGNING_SECRET: "limits-test-link-signing-secret",
} as Env;

/** Rows written with plain multi-row inserts, each under D1's 100 bound parameters. */
async function insertRows(table: string, columns: string[], rows: unknown[][]) {
  const perStatement = Math.floor(100 / columns.length);
  const statements: D1PreparedStatement[] = [];
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    const values = chunk.map(() => `(${columns.map(() => "?").join(",")})`).join(",");
    statements.push(
      env.DB.prepare(
        `insert into ${table} (${columns.map((c) => `"${c}"`).join(",")}) values ${values}`,
      ).bind(...chunk.flat()),
    );
  }
  for (let start = 0; start < statements.length; start += 100)
    await env.DB.batch(statements.slice(start, start + 100));
}

/** How many of `ids` the provider delivered, and how many of them it delivered twice. */
async function deliveredByProvider(ids: Set<string>) {
  const requests = (await (await fetch(`${env.MAIL_TEST_ORIGIN}/__test/requests`)).json()) as {
    key: string | null;
    outcome: string;
  }[];
  const perKey = new Map<string, number>();
  for (const request of requests)
    if (
      request.key &&
      ids.has(request.key) &&
      (request.outcome === "delivered" || request.outcome === "double")
    )
      perKey.set(request.key, (perKey.get(request.key) ?? 0) + 1);
  return { distinct: perKey.size, twice: [...perKey.values()].filter((n) => n > 1).length };
}

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

/** Cron runs, each counted as its own invocation, until `done` or `maxRuns`. */
async function cronRuns(done: () => Promise<boolean>, at: () => number, maxRuns: number) {
  const runs: PlatformCount[] = [];
  while (runs.length < maxRuns && !(await done())) {
    const { count: counted } = await countInvocation((counting) => handleScheduled(counting, at()), provider);
    runs.push(counted);
  }
  return runs;
}

function report(path: string, runs: PlatformCount[]) {
  const most = (key: keyof PlatformCount) => Math.max(0, ...runs.map((run) => run[key]));
  console.log(
    JSON.stringify({
      path,
      invocations: runs.length,
      maxD1Queries: most("d1Queries"),
      maxSubrequests: most("subrequests"),
      maxFetches: most("fetches"),
      maxKv: most("kv"),
      maxBoundParameters: most("maxBoundParameters"),
      first: runs[0],
    }),
  );
}

function expectWithin(runs: PlatformCount[], budget: { d1Queries: number; subrequests: number }) {
  for (const run of runs) {
    expect(run.d1Queries).toBeLessThanOrEqual(budget.d1Queries);
    expect(run.subrequests).toBeLessThanOrEqual(budget.subrequests);
    expect(run.maxBoundParameters).toBeLessThanOrEqual(100);
  }
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
      Array.from({ length: 1000 }, (_, index) => [
        `cron-${index}`,
        `family${index}@example.com`,
        "Hello",
        "Body",
        "limits.cron",
        "en",
        now,
      ]),
    );
    const runs = await cronRuns(async () => (await sentIds("limits.cron")).sent === 1000, soon, 40);
    report("cron-1000-mails", runs);
    expectWithin(runs, CRON_BUDGET);
    // A few hundred a run: the queue is empty within four runs (twenty minutes).
    expect(runs.length).toBeLessThanOrEqual(4);
    const { all, sent } = await sentIds("limits.cron");
    expect(sent).toBe(1000);
    expect(await deliveredByProvider(all)).toEqual({ distinct: 1000, twice: 0 });
  }, 300_000);

  it("starting a newsletter to 5,000 subscribers answers in budget and sends nothing in bulk; Cron sends it", async () => {
    await insertRows(
      "subscribers",
      ["id", "email", "locale", "status"],
      Array.from({ length: 5000 }, (_, index) => [
        `sub-${String(index).padStart(5, "0")}`,
        `reader${index}@example.com`,
        index % 3 === 0 ? "es" : "en",
        "confirmed",
      ]),
    );
    const id = await createNewsletter(env, admin, {
      subjectEn: "Spring news",
      bodyEn: "Hello families.",
      subjectEs: "Noticias de primavera",
      bodyEs: "Estimadas familias.",
    });
    const start = await countInvocation((counting) => startNewsletterSend(counting, admin, id), provider);
    expect(start.result).toBe("started");
    report("newsletter-start-5000", [start.count]);
    expectWithin([start.count], REQUEST_BUDGET);
    // Nothing is sent from the request or its waitUntil (cut about 30 s after the answer).
    expect(start.count.fetches).toBe(0);
    expect((await sentIds("newsletter.issue")).all.size).toBe(100);

    const issueDone = async () => {
      const [issue] = await db.select().from(newsletters).where(eq(newsletters.id, id));
      return issue!.status === "sent" && (await sentIds("newsletter.issue")).sent === 5000;
    };
    const runs = await cronRuns(issueDone, soon, 60);
    report("newsletter-cron-5000", runs);
    expectWithin(runs, CRON_BUDGET);
    const { all, sent } = await sentIds("newsletter.issue");
    expect(sent).toBe(5000);
    expect(await deliveredByProvider(all)).toEqual({ distinct: 5000, twice: 0 });
  }, 600_000);

  it("January statements for 2,000 donors go out over Cron runs, each in budget", async () => {
    const year = new Date().getUTCFullYear();
    await insertRows(
      "donations",
      ["id", "frequency", "amount_cents", "status", "donor_name", "donor_email", "locale", "paid_at"],
      Array.from({ length: 2000 }, (_, index) => [
        `gift-${index}`,
        "one-time",
        2500 + index,
        "succeeded",
        `Donor ${index}`,
        `donor${String(index).padStart(4, "0")}@example.com`,
        index % 4 === 0 ? "es" : "en",
        `${year}-06-15T16:00:00.000Z`,
      ]),
    );
    const january = Date.parse(`${year + 1}-01-12T15:00:00Z`);
    const finished = async () => {
      const [run] = await db.select().from(statementRuns).where(eq(statementRuns.year, year));
      return Boolean(run?.finishedAt) && (await sentIds("donation.statement")).sent === 2000;
    };
    const runs = await cronRuns(finished, () => january, 60);
    report("statements-2000-donors", runs);
    expectWithin(runs, CRON_BUDGET);
    const { all, sent } = await sentIds("donation.statement");
    expect(sent).toBe(2000);
    expect(await deliveredByProvider(all)).toEqual({ distinct: 2000, twice: 0 });
  }, 600_000);

  it('"Retry all" with 1,000 failed mails answers in budget; Cron delivers them', async () => {
    await insertRows(
      "outbox",
      ["id", "to", "subject", "text", "template", "locale", "status", "attempts", "next_attempt_at"],
      Array.from({ length: 1000 }, (_, index) => [
        `failed-${index}`,
        `family${index}@example.com`,
        "Receipt",
        "Body",
        "limits.failed",
        "en",
        "failed",
        8,
        new Date(Date.now() + 6 * 3_600_000).toISOString(),
      ]),
    );
    const retry = await countInvocation((counting) => adminRetryAllFailed(counting, admin), provider);
    report("retry-all-1000", [retry.count]);
    expectWithin([retry.count], REQUEST_BUDGET);
    expect(retry.count.fetches).toBe(0);
    const runs = await cronRuns(async () => (await sentIds("limits.failed")).sent === 1000, soon, 40);
    report("retry-all-cron-1000", runs);
    expectWithin(runs, CRON_BUDGET);
    const { all } = await sentIds("limits.failed");
    expect(await deliveredByProvider(all)).toEqual({ distinct: 1000, twice: 0 });
  }, 300_000);
});
