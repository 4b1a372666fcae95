import { and, asc, eq, gt, gte, lt, sql } from "drizzle-orm";
import { newYorkDate, newYorkTimeToUtc } from "~/lib/format";
import { getDb } from "../db/client.server";
import { donations, statementRuns } from "../db/schema";
import { sha256Hex } from "../kernel/sha256.server";
import { deliverOutbox, queueEmail } from "../mail/outbox.server";
import { buildStatementEmail } from "./receipts.server";
import { countsInTotals, netCents } from "./ledger.server";

/** A calendar year in New York time, as UTC instants (start inclusive, end exclusive). */
function newYorkYear(year: number) {
  return {
    start: newYorkTimeToUtc(`${year}-01-01`).toISOString(),
    end: newYorkTimeToUtc(`${year + 1}-01-01`).toISOString(),
  };
}

/**
 * A year's gifts for one address, each at what it counts for (net of refunds; refunded,
 * failed and disputed payments left out: decision 017).
 */
export async function giftsForYear(env: Pick<Env, "DB">, email: string, year: number) {
  return getDb(env)
    .select({
      paidAt: donations.paidAt,
      amountCents: netCents,
      currency: donations.currency,
      frequency: donations.frequency,
      locale: donations.locale,
    })
    .from(donations)
    .where(
      and(
        eq(donations.donorEmail, email.toLowerCase()),
        countsInTotals,
        gte(donations.paidAt, newYorkYear(year).start),
        lt(donations.paidAt, newYorkYear(year).end),
      ),
    )
    .orderBy(asc(donations.paidAt));
}

/**
 * Queues the statement to the address asked for, only when it gave in that year: it goes only
 * to that address, and the page answers the same either way, so asking reveals nothing.
 * Returns the outbox id, or null when there was nothing to send.
 */
export async function queueYearEndStatement(
  env: Env,
  email: string,
  year: number,
  locale: string,
  id: string = crypto.randomUUID(),
): Promise<string | null> {
  const gifts = await giftsForYear(env, email, year);
  if (gifts.length === 0) return null;
  const db = getDb(env);
  const message = await buildStatementEmail(env, {
    to: email.toLowerCase(),
    locale: gifts[0]?.locale ?? locale,
    year,
    gifts: gifts.map((gift) => ({
      ...gift,
      amountCents: Number(gift.amountCents),
      paidAt: gift.paidAt ?? "",
    })),
  });
  const [queued] = await queueEmail(db, message, id).onConflictDoNothing().returning();
  return queued ? id : null;
}

/** Donors one pass of the January run queues; a Cron run makes a few passes (STATEMENT_PASSES). */
const STATEMENT_BATCH = 25;
const STATEMENT_PASSES = 4;

/** The year the January run sends statements for: the New York year before `now`. */
export function statementYearFor(now: Date): number {
  return Number(newYorkDate(now).slice(0, 4)) - 1;
}

/** Whether the Cron Trigger sends statements at `now`: all through January, New York time. */
export function isStatementSeason(now: Date): boolean {
  return newYorkDate(now).slice(5, 7) === "01";
}

/**
 * The year-end statements: one to every address that gave in `year` (net of refunds, decision
 * 017), in e-mail order from the run's cursor, a batch at a time, so a run cut short goes on
 * where it stopped. The outbox id is derived from the year and the address, so no donor gets
 * two statements for a year whatever happens to the cursor (docs/decisions/023-donor-care.md).
 */
export async function runYearEndStatements(
  env: Env,
  year: number,
  options: { passes?: number } = {},
): Promise<{ year: number; queued: number; finished: boolean }> {
  const db = getDb(env);
  await db.insert(statementRuns).values({ year }).onConflictDoNothing();
  const { start, end } = newYorkYear(year);
  let queuedNow = 0;
  for (let pass = 0; pass < (options.passes ?? STATEMENT_PASSES); pass++) {
    const [run] = await db.select().from(statementRuns).where(eq(statementRuns.year, year)).limit(1);
    if (!run || run.finishedAt) return { year, queued: queuedNow, finished: true };
    const donor = sql<string>`lower(${donations.donorEmail})`;
    const donors = await db
      .selectDistinct({ email: donor })
      .from(donations)
      .where(
        and(
          countsInTotals,
          gte(donations.paidAt, start),
          lt(donations.paidAt, end),
          run.cursor ? gt(donor, run.cursor) : undefined,
        ),
      )
      .orderBy(asc(donor))
      .limit(STATEMENT_BATCH);
    const ids: string[] = [];
    for (const { email } of donors) {
      const id = `statement-${year}-${(await sha256Hex(email)).slice(0, 32)}`;
      if (await queueYearEndStatement(env, email, year, "en", id)) ids.push(id);
    }
    const finished = donors.length < STATEMENT_BATCH;
    await db
      .update(statementRuns)
      .set({
        cursor: donors.at(-1)?.email ?? run.cursor,
        queued: sql`${statementRuns.queued} + ${ids.length}`,
        finishedAt: finished ? new Date().toISOString() : null,
      })
      .where(eq(statementRuns.year, year));
    queuedNow += ids.length;
    if (ids.length > 0) await deliverOutbox(env, { ids });
    if (finished) return { year, queued: queuedNow, finished: true };
  }
  return { year, queued: queuedNow, finished: false };
}

/** Every run so far, newest year first, for the admin page. */
export async function listStatementRuns(env: Pick<Env, "DB">) {
  return getDb(env)
    .select()
    .from(statementRuns)
    .orderBy(sql`${statementRuns.year} desc`);
}
