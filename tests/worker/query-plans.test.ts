import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, insertJsonRows } from "~/server/db/client.server";
import { donations, submissions, subscribers, volunteers } from "~/server/db/schema";
import { queueEmail } from "~/server/mail/outbox.server";
import worker from "../../workers/app";
import { userWithSession } from "./auth-helpers";
import { ORIGIN } from "./fetch";

/**
 * Every query of every admin list, detail page and export, and of the public pages that grow
 * with the years (site search, /events, /blog), as SQLite plans it: none may read a large table
 * row by row (docs/decisions/057-years-of-data.md). The queries are the real ones, recorded
 * while the real Worker answers each page.
 */
const LARGE_TABLES = new Set([
  "submissions",
  "submission_history",
  "donations",
  "donation_attempts",
  "recurring_gifts",
  "subscribers",
  "newsletter_deliveries",
  "outbox",
  "audit_log",
  "event_registrations",
  "content_entries",
  "program_sessions",
  "enrolments",
  "attendance_marks",
  "volunteers",
  "volunteer_shifts",
  "volunteer_signups",
]);

type Recorded = { sql: string; params: unknown[] };

/** A D1 binding that notes every statement (alone or in a batch) with what it bound. */
function recordingD1(database: D1Database, recorded: Recorded[]): D1Database {
  const statements = new WeakMap<object, { statement: D1PreparedStatement } & Recorded>();
  const wrap = (statement: D1PreparedStatement, sql: string, params: unknown[]): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, property) {
        if (property === "bind") return (...values: unknown[]) => wrap(target.bind(...values), sql, values);
        if (property === "run" || property === "all" || property === "first" || property === "raw")
          recorded.push({ sql, params });
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    statements.set(proxy, { statement, sql, params });
    return proxy;
  };
  return new Proxy(database, {
    get(target, property) {
      if (property === "prepare") return (sql: string) => wrap(target.prepare(sql), sql, []);
      if (property === "batch")
        return (batch: D1PreparedStatement[]) => {
          const known = batch.map((proxy) => statements.get(proxy));
          for (const entry of known) if (entry) recorded.push({ sql: entry.sql, params: entry.params });
          return target.batch(batch.map((proxy, index) => known[index]?.statement ?? proxy));
        };
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

let cookie: string;
const db = getDb(env);

/** The page as the real Worker answers it, body read to the end, and every query it ran. */
async function queriesOf(path: string): Promise<Recorded[]> {
  const recorded: Recorded[] = [];
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(new URL(path, ORIGIN), { redirect: "manual", headers: { Cookie: cookie } }) as Request<
      unknown,
      IncomingRequestCfProperties
    >,
    { ...env, DB: recordingD1(env.DB, recorded) } as Env,
    ctx,
  );
  await response.arrayBuffer();
  await waitOnExecutionContext(ctx);
  expect(response.status, path).toBe(200);
  return recorded;
}

/**
 * The plan's steps that read a large table row by row: a plain "SCAN outbox", or a walk through
 * a whole index that no LIMIT stops ("SCAN outbox USING INDEX …" without one). A walk of a
 * covering index (a count, a sum of indexed columns) reads no row and passes.
 */
async function fullScans({ sql, params }: Recorded): Promise<string[]> {
  if (!/^\s*(select|with)\b/i.test(sql)) return [];
  const plan = await env.DB.prepare(`explain query plan ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  const limited = /\blimit\b/i.test(sql);
  // A plan names a table by its alias when the query gives one ("from donations first").
  const aliases = new Map(
    [...sql.matchAll(/\b(?:from|join)\s+"?(\w+)"?\s+(?:as\s+)?"?(\w+)"?/gi)].map(([, table, alias]) => [
      alias!,
      table!,
    ]),
  );
  return plan.results
    .map((step) => step.detail)
    .filter((detail) => {
      const [, name, index] =
        /^SCAN (\w+)(?: AS \w+)?(?: USING (INDEX|COVERING INDEX) .*)?$/.exec(detail) ?? [];
      const table = name === undefined ? undefined : (aliases.get(name) ?? name);
      if (table === undefined || !LARGE_TABLES.has(table)) return false;
      return index === undefined || (index === "INDEX" && !limited);
    });
}

const submissionId = "plan-submission";
const donationId = "plan-gift";
/** A published event of the sample content (scripts/content/seed.json). */
const eventSlug = "gala";

beforeAll(async () => {
  ({ cookie } = await userWithSession("plans-admin@example.org", "ADMIN", "Ada Plans"));
  await db.insert(submissions).values({
    id: submissionId,
    kind: "contact",
    locale: "en",
    name: "Rosa Díaz",
    email: "rosa@example.com",
    payload: { fullName: "Rosa Díaz", subject: "program", message: "Hi" },
    idempotencyKey: "plan-submission",
  });
  await db.insert(donations).values({
    id: donationId,
    frequency: "one-time",
    amountCents: 5000,
    status: "succeeded",
    donorName: "Dana Donor",
    donorEmail: "dana@example.com",
    locale: "en",
    paidAt: new Date().toISOString(),
  });
  await db.insert(subscribers).values({ id: "plan-subscriber", email: "sub@example.com", locale: "es" });
  await db
    .insert(volunteers)
    .values({ id: "plan-volunteer", email: "vera@example.com", name: "Vera Volunteer", locale: "es" });
  const mail = { to: "rosa@example.com", subject: "Hi", text: "Body", template: "test.plan", locale: "en" };
  await queueEmail(db, mail, "plan-mail");
  // The first request compiles the server build, which on a busy machine outlasts a test's time.
  await queriesOf("/admin");
}, 180_000);

const PAGES = [
  "/admin",
  "/admin/submissions",
  "/admin/submissions?kind=contact",
  "/admin/submissions?status=new",
  "/admin/submissions?kind=contact&status=new",
  "/admin/submissions?assigned=none",
  "/admin/submissions?older=2026-01-01T00%3A00%3A00.000Z_x",
  "/admin/submissions?kind=contact&newer=2020-01-01T00%3A00%3A00.000Z_x",
  "/admin/submissions?oldest=1",
  "/admin/submissions?q=rivera",
  "/admin/submissions?q=8F3A",
  `/admin/submissions/${submissionId}`,
  "/admin/donations",
  "/admin/donations?status=succeeded",
  "/admin/donations?frequency=monthly",
  "/admin/donations?from=2026-01-01&to=2026-12-31",
  "/admin/donations?older=2026-01-01T00%3A00%3A00.000Z_x",
  "/admin/donations?status=succeeded&newer=2020-01-01T00%3A00%3A00.000Z_x",
  "/admin/donations?oldest=1",
  "/admin/donations?q=dana",
  "/admin/donations?q=dana%40example.com&status=succeeded&oldest=1",
  `/admin/donations/${donationId}`,
  `/admin/donors/${encodeURIComponent("dana@example.com")}`,
  "/admin/donations/monthly",
  "/admin/subscribers",
  "/admin/subscribers?status=confirmed",
  "/admin/subscribers?older=2026-01-01T00%3A00%3A00.000Z_x",
  "/admin/subscribers?oldest=1",
  "/admin/newsletters",
  "/admin/outbox",
  "/admin/outbox?status=failed",
  "/admin/outbox?status=failed&older=2026-01-01T00%3A00%3A00.000Z_x",
  "/admin/outbox?oldest=1",
  "/admin/users",
  "/admin/audit",
  "/admin/audit?older=2026-01-01T00%3A00%3A00.000Z_x",
  "/admin/audit?oldest=1",
  "/admin/registrations",
  "/admin/registrations?page=2",
  `/admin/registrations/${eventSlug}`,
  "/admin/program-sessions",
  "/admin/program-sessions?term=2025-26",
  "/admin/volunteers",
  "/admin/volunteers?older=2026-01-01T00%3A00%3A00.000Z_x",
  "/admin/volunteers?oldest=1",
  "/admin/submissions/export.csv",
  "/admin/submissions/export.csv?kind=contact&status=new",
  "/admin/submissions/export.csv?q=rivera",
  "/admin/donations/export.csv",
  "/admin/donations/export.csv?status=succeeded",
  "/admin/donations/export.csv?q=dana",
  "/admin/subscribers/export.csv",
  "/admin/subscribers/export.csv?status=confirmed",
  `/admin/registrations/${eventSlug}/export.csv`,
  "/events",
  "/blog",
  "/search?q=open",
];

describe("query plans at scale", () => {
  it.each(PAGES.map((path) => [path]))("%s reads no large table row by row", async (path) => {
    const recorded = await queriesOf(path);
    expect(recorded.length, path).toBeGreaterThan(0);
    const scans: string[] = [];
    for (const query of recorded)
      for (const scan of await fullScans(query)) scans.push(`${scan} in: ${query.sql}`);
    expect(scans).toEqual([]);
  });

  it("reads the overview's month and year of gifts from their first day, not every paid gift", async () => {
    const giving = (await queriesOf("/admin")).filter(
      (query) => /from "donations"/.test(query.sql) && /paid_at"? is null/.test(query.sql),
    );
    expect(giving).toHaveLength(2);
    for (const query of giving) {
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
        .bind(...query.params)
        .all<{ detail: string }>();
      expect(plan.results.map((step) => step.detail).join("; ")).toMatch(
        /SEARCH donations USING INDEX donations_status_gift_date_idx \(status=\? AND <expr>>\?\)/,
      );
    }
  });

  it("reads the gifts' search through its index: the matches by rowid, a common word's page walking the list's", async () => {
    const plansOf = async (path: string) =>
      Promise.all(
        (await queriesOf(path))
          .filter((query) => /donations_search/.test(query.sql))
          .map(async (query) => {
            const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
              .bind(...query.params)
              .all<{ detail: string }>();
            return plan.results.map((step) => step.detail).join("; ");
          }),
      );
    // A donor's gifts: the totals and the page both read the matches through the primary key.
    const few = await plansOf("/admin/donations?q=dana");
    expect(few).toHaveLength(2);
    for (const plan of few) expect(plan).toMatch(/SEARCH donations USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    // Past 1,000 matches the page walks `donations_gift_date_idx` and stops at its 26th match.
    await insertJsonRows(
      db,
      donations,
      Array.from({ length: 1_001 }, (_, n) => ({
        id: `plan-many-${n}`,
        frequency: "one-time",
        amountCents: 1_000,
        status: "succeeded",
        donorName: `Dana Many ${n}`,
        donorEmail: `dana${n}@example.com`,
        locale: "en",
      })),
    );
    const [totals, page] = await plansOf("/admin/donations?q=dana");
    expect(totals).toMatch(/SEARCH donations USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    expect(page).toMatch(/^SCAN donations USING INDEX donations_gift_date_idx; LIST SUBQUERY/);
  });

  it("reads /admin/registrations' confirmed tickets and seats from their own indexes, not every RSVP", async () => {
    const recorded = await queriesOf("/admin/registrations");
    const plans = await Promise.all(
      recorded
        .filter((query) => /event_registrations/.test(query.sql))
        .map(async (query) => {
          const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
            .bind(...query.params)
            .all<{ detail: string }>();
          return plan.results.map((step) => step.detail).join("; ");
        }),
    );
    expect(plans).toContainEqual(
      expect.stringMatching(
        /SEARCH event_registrations USING INDEX event_registrations_ticket_totals_idx \(kind=\? AND status=\?\)/,
      ),
    );
    expect(plans).toContainEqual(
      expect.stringMatching(/SEARCH event_registrations USING COVERING INDEX event_registrations_seats_idx/),
    );
    expect(plans.join("; ")).not.toMatch(/event_registrations_confirmed_created_idx/);
  });

  it("sums the hours of /admin/volunteers' listed volunteers only, each through their own sign-ups", async () => {
    const recorded = await queriesOf("/admin/volunteers");
    const plansOf = (pattern: RegExp) =>
      Promise.all(
        recorded
          .filter((query) => pattern.test(query.sql))
          .map(async (query) => {
            const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
              .bind(...query.params)
              .all<{ detail: string }>();
            return plan.results.map((step) => step.detail).join("; ");
          }),
      );
    expect(await plansOf(/^select .* from "volunteers" order by/)).toEqual([
      expect.stringMatching(/SCAN volunteers USING INDEX volunteers_newest_idx/),
    ]);
    // An older page starts at its key in the index (decision 073), rather than walking the newer ones.
    const older = await queriesOf("/admin/volunteers?older=2026-01-01T00%3A00%3A00.000Z_x");
    const olderPlans = await Promise.all(
      older
        .filter((query) => /^select .* from "volunteers" where/.test(query.sql))
        .map(async (query) => {
          const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
            .bind(...query.params)
            .all<{ detail: string }>();
          return plan.results.map((step) => step.detail).join("; ");
        }),
    );
    expect(olderPlans).toEqual([
      expect.stringMatching(/SEARCH volunteers USING INDEX volunteers_newest_idx \(created_at<\?\)/),
    ]);
    const hours = await plansOf(/from "volunteer_signups" where .*json_each/);
    expect(hours).toEqual([
      expect.stringMatching(
        /SEARCH volunteer_signups USING INDEX volunteer_signups_volunteer_idx \(volunteer_id=\?/,
      ),
    ]);
  });
});
