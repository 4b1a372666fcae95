import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createNewsletter, startNewsletterSend } from "~/server/admin/newsletters.server";
import { getDb } from "~/server/db/client.server";
import { newsletters, outbox, statementRuns } from "~/server/db/schema";
import { handleScheduled } from "~/server/scheduled.server";
import { userWithSession } from "./auth-helpers";
import { countInvocation, type PlatformCount } from "./platform-count";

/**
 * The Cron jobs at the size of year ten (docs/decisions/057-years-of-data.md, issue 38): the
 * newsletter to 20,000 subscribers and January statements for 10,000 donors, each Cron run
 * counted as its own invocation against half the Paid plan's limits (decision 045), with its
 * wall time; the figures are printed for the decision.
 */
const CRON_BUDGET = { d1Queries: 500, subrequests: 500 };
const db = getDb(env);
/** The real "http" transport to the local provider (tests/support/mail-server.ts), as deployed. */
const provider = {
  ...env,
  MAIL_TRANSPORT: "http",
  MAIL_API_URL: `${env.MAIL_TEST_ORIGIN}/ok`,
  LINK_SIGNING_SECRET: "cron-at-scale-link-signing-secret",
} as Env;

/** `count` rows of `table` from one JSON parameter a statement (as `insertJsonRows` writes). */
async function insertMany(table: string, columns: string[], count: number, row: (n: number) => unknown[]) {
  const statements: D1PreparedStatement[] = [];
  for (let start = 0; start < count; start += 2_000) {
    const rows = Array.from({ length: Math.min(2_000, count - start) }, (_, i) => row(start + i));
    statements.push(
      env.DB.prepare(
        `insert into ${table} (${columns.map((c) => `"${c}"`).join(",")}) select ${columns
          .map((_, i) => `value ->> ${i}`)
          .join(",")} from json_each(?)`,
      ).bind(JSON.stringify(rows)),
    );
  }
  await env.DB.batch(statements);
}

/** How many mails of `template` went out. */
const sentCount = (template: string) =>
  db.$count(outbox, and(eq(outbox.template, template), eq(outbox.status, "sent")));

type Run = PlatformCount & { ms: number };

/** Cron runs, each counted as its own invocation and timed, until `done` or `maxRuns`. */
async function cronRuns(done: () => Promise<boolean>, at: () => number, maxRuns: number) {
  const runs: Run[] = [];
  while (runs.length < maxRuns && !(await done())) {
    const started = Date.now();
    const { count } = await countInvocation((counting) => handleScheduled(counting, at()), provider);
    runs.push({ ...count, ms: Date.now() - started });
  }
  return runs;
}

function report(path: string, runs: Run[]) {
  const most = (key: keyof Run) => Math.max(0, ...runs.map((run) => run[key]));
  console.log(
    JSON.stringify({
      path,
      invocations: runs.length,
      maxD1Queries: most("d1Queries"),
      maxSubrequests: most("subrequests"),
      maxBoundParameters: most("maxBoundParameters"),
      maxRunMs: most("ms"),
      totalMs: runs.reduce((sum, run) => sum + run.ms, 0),
    }),
  );
  for (const run of runs) {
    expect(run.d1Queries).toBeLessThanOrEqual(CRON_BUDGET.d1Queries);
    expect(run.subrequests).toBeLessThanOrEqual(CRON_BUDGET.subrequests);
    expect(run.maxBoundParameters).toBeLessThanOrEqual(100);
  }
}

let admin: Awaited<ReturnType<typeof userWithSession>>["user"];
beforeAll(async () => {
  admin = (await userWithSession("cron-scale@example.org", "ADMIN", "Cy Scale")).user;
});

describe("the Cron jobs at ten years' size", () => {
  it("the newsletter reaches 20,000 subscribers over Cron runs, each in budget", async () => {
    await insertMany("subscribers", ["id", "email", "locale", "status"], 20_000, (n) => [
      `scale-sub-${n}`,
      `reader${n}@example.com`,
      n % 3 === 0 ? "es" : "en",
      "confirmed",
    ]);
    const id = await createNewsletter(env, admin, {
      subjectEn: "Year ten",
      bodyEn: "Hello families.",
      subjectEs: "Año diez",
      bodyEs: "Estimadas familias.",
    });
    expect(await startNewsletterSend(provider, admin, id)).toBe("started");
    const done = async () => {
      const [issue] = await db.select().from(newsletters).where(eq(newsletters.id, id));
      return issue!.status === "sent" && (await sentCount("newsletter.issue")) === 20_000;
    };
    // Each run's scheduled time is a minute ahead of the clock, so what earlier runs queued is due.
    const runs = await cronRuns(done, () => Date.now() + 60_000, 400);
    report("newsletter-20000", runs);
    expect(await done()).toBe(true);
  }, 1_800_000);

  it("January statements reach 10,000 donors over Cron runs, each in budget", async () => {
    const year = new Date().getUTCFullYear();
    await insertMany(
      "donations",
      ["id", "frequency", "amount_cents", "status", "donor_name", "donor_email", "locale", "paid_at"],
      10_000,
      (n) => [
        `scale-gift-${n}`,
        "one-time",
        2_500 + n,
        "succeeded",
        `Donor ${n}`,
        `donor${n}@example.com`,
        n % 4 === 0 ? "es" : "en",
        `${year}-06-15T16:00:00.000Z`,
      ],
    );
    const done = async () => {
      const [run] = await db.select().from(statementRuns).where(eq(statementRuns.year, year));
      return Boolean(run?.finishedAt) && (await sentCount("donation.statement")) === 10_000;
    };
    const january = Date.parse(`${year + 1}-01-12T15:00:00Z`);
    const runs = await cronRuns(done, () => january, 400);
    report("statements-10000", runs);
    expect(await done()).toBe(true);
  }, 1_800_000);
});
