import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { countScheduled, type PlatformCount } from "./platform-count";

/**
 * Cron runs counted one invocation each, for the heavy paths' tests (limits-heavy-paths, and the
 * Cron at year ten's size in cron-at-scale): docs/decisions/045-within-the-platform-limits.md.
 */

/** Half the Workers Paid plan's per-invocation limits (decision 045). */
export const CRON_BUDGET = { d1Queries: 500, subrequests: 500 };

/** The real "http" transport to the local provider (tests/support/mail-server.ts), as deployed. */
export const PROVIDER_VARS = {
  MAIL_TRANSPORT: "http",
  MAIL_API_URL: `${env.MAIL_TEST_ORIGIN}/ok`,
  // Deployed, links are signed with this secret (README, Deploy), not one read from KV.
  LINK_SIGNING_SECRET: "cron-runs-link-signing-secret",
};

/** The provider's variables on the test's env, for a path a request starts. */
export const providerEnv = { ...env, ...PROVIDER_VARS } as Env;

/** `count` rows of `table`, one JSON parameter a statement (as `insertJsonRows` writes them). */
export async function insertRows(
  table: string,
  columns: string[],
  count: number,
  row: (n: number) => unknown[],
) {
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

export type CronRun = PlatformCount & { ms: number };

/**
 * The Worker's Cron handler run at `at()` until `done` or `maxRuns`, each run its own invocation,
 * counted and timed.
 */
export async function cronRuns(done: () => Promise<boolean>, at: () => number, maxRuns: number) {
  const runs: CronRun[] = [];
  while (runs.length < maxRuns && !(await done())) {
    const started = Date.now();
    const count = await countScheduled(at(), PROVIDER_VARS);
    runs.push({ ...count, ms: Date.now() - started });
  }
  return runs;
}

/** Prints the runs' figures (for the decisions) and holds each run to `budget`. */
export function expectRunsWithin(
  path: string,
  runs: PlatformCount[],
  budget: { d1Queries: number; subrequests: number } = CRON_BUDGET,
) {
  const most = (key: keyof CronRun) => Math.max(0, ...runs.map((run) => (run as CronRun)[key] ?? 0));
  console.log(
    JSON.stringify({
      path,
      invocations: runs.length,
      maxD1Queries: most("d1Queries"),
      maxSubrequests: most("subrequests"),
      maxFetches: most("fetches"),
      maxKv: most("kv"),
      maxBoundParameters: most("maxBoundParameters"),
      maxRunMs: most("ms"),
      totalMs: runs.reduce((sum, run) => sum + ((run as CronRun).ms ?? 0), 0),
    }),
  );
  for (const run of runs) {
    expect(run.d1Queries).toBeLessThanOrEqual(budget.d1Queries);
    expect(run.subrequests).toBeLessThanOrEqual(budget.subrequests);
    expect(run.maxBoundParameters).toBeLessThanOrEqual(100);
  }
}

/** How many of `ids` the provider delivered, and how many of them it delivered twice. */
export async function deliveredByProvider(ids: Set<string>) {
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
