import { env, exports } from "cloudflare:workers";
import { withInvocationEnv } from "~/server/kernel/env.server";

/**
 * What one Worker invocation asks of the platform, counted the way Cloudflare's published limits
 * count it (docs/decisions/045-within-the-platform-limits.md):
 * - `d1Queries`: every statement D1 runs; a `batch()` of n statements is n queries, because
 *   D1's per-query limits apply to each statement inside a batch (D1 limits, "Batch limits").
 * - `subrequests`: every outgoing `fetch` plus every call to KV, R2, the Cache API and D1 (a
 *   D1 round trip, a batch being one): Workers limits, "Subrequests".
 * - `maxBoundParameters`: the most parameters one statement bound (D1 allows 100).
 */
export type PlatformCount = {
  d1Queries: number;
  d1RoundTrips: number;
  fetches: number;
  kv: number;
  r2: number;
  cache: number;
  subrequests: number;
  maxBoundParameters: number;
};

type Tally = Omit<PlatformCount, "subrequests">;

function newTally(): Tally {
  return { d1Queries: 0, d1RoundTrips: 0, fetches: 0, kv: 0, r2: 0, cache: 0, maxBoundParameters: 0 };
}

const STATEMENT_CALLS = new Set(["run", "all", "first", "raw"]);

/** A D1 binding that counts every statement and round trip it carries to the real local D1. */
export function countingD1(database: D1Database, tally: Tally): D1Database {
  const unwrapped = new WeakMap<object, D1PreparedStatement>();
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, property) {
        if (property === "bind")
          return (...values: unknown[]) => {
            tally.maxBoundParameters = Math.max(tally.maxBoundParameters, values.length);
            return wrap(target.bind(...values));
          };
        if (typeof property === "string" && STATEMENT_CALLS.has(property)) {
          return (...args: unknown[]) => {
            tally.d1Queries++;
            tally.d1RoundTrips++;
            return (target[property as "all"] as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    unwrapped.set(proxy, statement);
    return proxy;
  };
  return new Proxy(database, {
    get(target, property) {
      if (property === "prepare") return (query: string) => wrap(target.prepare(query));
      if (property === "batch")
        return (statements: D1PreparedStatement[]) => {
          tally.d1Queries += statements.length;
          tally.d1RoundTrips++;
          return target.batch(statements.map((statement) => unwrapped.get(statement) ?? statement));
        };
      if (property === "exec")
        return (query: string) => {
          tally.d1Queries += query.split(";").filter((part) => part.trim()).length;
          tally.d1RoundTrips++;
          return target.exec(query);
        };
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** A KV or R2 binding whose every call counts as one subrequest. */
function countingBinding<T extends object>(binding: T, count: () => void): T {
  return new Proxy(binding, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        count();
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

/** The invocation's own context: what it hands to `waitUntil` is part of the same invocation. */
export type CountedContext = Pick<ExecutionContext, "waitUntil">;

/**
 * Runs `work` as one invocation with bindings that count, and `fetch` and the Cache API counted
 * while it (and everything it passed to `waitUntil`) runs. `base` may change variables (the mail
 * transport, SITE_URL); its bindings are the test's real local ones.
 */
export async function countInvocation<T>(
  work: (env: Env, ctx: CountedContext) => Promise<T>,
  base: Env = env,
): Promise<{ result: T; count: PlatformCount }> {
  const tally = newTally();
  const counted = {
    ...base,
    DB: countingD1(base.DB, tally),
    CACHE: countingBinding(base.CACHE, () => tally.kv++),
    FILES: countingBinding(base.FILES, () => tally.r2++),
  } as Env;
  const pending: Promise<unknown>[] = [];
  const ctx: CountedContext = { waitUntil: (promise) => void pending.push(promise) };
  const result = await whileCounting(tally, async () => {
    // The counted env is the one every module reads, as the Worker's handlers make it (decision 051).
    const result = await withInvocationEnv(counted, () => work(counted, ctx));
    // waitUntil work may queue more waitUntil work.
    while (pending.length > 0) await Promise.allSettled(pending.splice(0));
    return result;
  });
  return { result, count: totalled(tally) };
}

/**
 * Runs the Worker's own `scheduled` handler as one Cron invocation of its own
 * (`exports.default.scheduled`, as @cloudflare/vitest-plugin documents), with `vars` set and the
 * bindings counting on the importable env, the object the Worker is handed and every module reads.
 * Its own invocation gives it its own timers, as each Cron run has in production: run in the test's
 * context, every message's send timeout (`AbortSignal.timeout`) stayed active there, and a few
 * thousand messages met workerd's 10,000 active timers (decision 057).
 */
export async function countScheduled(
  scheduledTime: number,
  vars: Partial<Record<keyof Env, string>> = {},
): Promise<PlatformCount> {
  const tally = newTally();
  const replaced = {
    ...vars,
    DB: countingD1(env.DB, tally),
    CACHE: countingBinding(env.CACHE, () => tally.kv++),
    FILES: countingBinding(env.FILES, () => tally.r2++),
  };
  const target = env as unknown as Record<string, unknown>;
  const originals = Object.keys(replaced).map((key) => [key, key in target, target[key]] as const);
  Object.assign(target, replaced);
  try {
    await whileCounting(tally, () =>
      (exports.default as unknown as ScheduledEntrypoint).scheduled({ scheduledTime }),
    );
  } finally {
    for (const [key, had, value] of originals)
      if (had) target[key] = value;
      else delete target[key];
  }
  return totalled(tally);
}

/** The Worker's default entrypoint as a Cron Trigger calls it (its type lists only `fetch`). */
type ScheduledEntrypoint = { scheduled(options: { scheduledTime: number }): Promise<unknown> };

function totalled(tally: Tally): PlatformCount {
  return { ...tally, subrequests: tally.fetches + tally.kv + tally.r2 + tally.cache + tally.d1RoundTrips };
}

/** `fetch` and the Cache API counted while `work` runs. */
async function whileCounting<T>(tally: Tally, work: () => Promise<T>): Promise<T> {
  const realFetch = globalThis.fetch;
  const edge = (caches as unknown as { default: Cache }).default;
  const cacheCalls = { match: edge.match, put: edge.put, delete: edge.delete };
  globalThis.fetch = ((...args: Parameters<typeof fetch>) => {
    tally.fetches++;
    return realFetch(...args);
  }) as typeof fetch;
  for (const name of ["match", "put", "delete"] as const)
    (edge as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      tally.cache++;
      return (cacheCalls[name] as (...a: unknown[]) => unknown).apply(edge, args);
    };
  try {
    return await work();
  } finally {
    globalThis.fetch = realFetch;
    for (const name of ["match", "put", "delete"] as const)
      (edge as unknown as Record<string, unknown>)[name] = cacheCalls[name];
  }
}

/**
 * A D1 binding that fails once, the way D1 reports a transient fault, on the first statement
 * whose SQL matches `sql` (run alone or inside a batch); every other call reaches the real D1.
 */
export function flakyD1(
  database: D1Database,
  sql: RegExp,
  message = "D1_ERROR: Network connection lost.",
): { binding: D1Database; failures: () => number } {
  let failures = 0;
  let armed = true;
  const queries = new WeakMap<object, string>();
  const fail = () => {
    armed = false;
    failures++;
    return Promise.reject(new Error(message));
  };
  const wrap = (statement: D1PreparedStatement, query: string): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, property) {
        if (property === "bind") return (...values: unknown[]) => wrap(target.bind(...values), query);
        if (typeof property === "string" && STATEMENT_CALLS.has(property) && armed && sql.test(query))
          return () => fail();
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    queries.set(proxy, query);
    unwrapped.set(proxy, statement);
    return proxy;
  };
  const unwrapped = new WeakMap<object, D1PreparedStatement>();
  const binding = new Proxy(database, {
    get(target, property) {
      if (property === "prepare") return (query: string) => wrap(target.prepare(query), query);
      if (property === "batch")
        return (statements: D1PreparedStatement[]) => {
          if (armed && statements.some((statement) => sql.test(queries.get(statement) ?? ""))) return fail();
          return target.batch(statements.map((statement) => unwrapped.get(statement) ?? statement));
        };
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { binding, failures: () => failures };
}
