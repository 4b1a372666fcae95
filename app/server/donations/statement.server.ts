import { and, asc, eq, gt, gte, lt, lte, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { newYorkDate, newYorkTimeToUtc } from "~/lib/format";
import { getDb } from "../db/client.server";
import { donations, outbox, statementRuns } from "../db/schema";
import { sha256Hex } from "../kernel/sha256.server";
import type { OutgoingEmail } from "../mail/message.server";
import { queueEmail, queueEmails } from "../mail/outbox.server";
import { buildStatementEmail } from "./receipts.server";
import { countsInTotals, netCents } from "./ledger.server";

/** A calendar year in New York time, as UTC instants (start inclusive, end exclusive). */
function newYorkYear(year: number) {
  return {
    start: newYorkTimeToUtc(`${year}-01-01`).toISOString(),
    end: newYorkTimeToUtc(`${year + 1}-01-01`).toISOString(),
  };
}

/** What a statement lists of one gift, at what it counts for. */
const statementGift = {
  paidAt: donations.paidAt,
  amountCents: netCents,
  currency: donations.currency,
  frequency: donations.frequency,
  locale: donations.locale,
  method: donations.method,
  checkNumber: donations.checkNumber,
  dafSponsor: donations.dafSponsor,
};

/** The statement for one address, from its gifts of the year in date order. */
function statementEmail(
  env: Env,
  email: string,
  year: number,
  locale: string,
  gifts: (Omit<Parameters<typeof buildStatementEmail>[1]["gifts"][number], "paidAt"> & {
    paidAt: string | null;
    locale: string;
  })[],
): Promise<OutgoingEmail> {
  return buildStatementEmail(env, {
    to: email.toLowerCase(),
    locale: gifts[0]?.locale ?? locale,
    year,
    gifts: gifts.map((gift) => ({
      ...gift,
      amountCents: Number(gift.amountCents),
      paidAt: gift.paidAt ?? "",
    })),
  });
}

/**
 * A year's gifts for one address, each at what it counts for (net of refunds; refunded,
 * failed and disputed payments left out: decision 017).
 */
export async function giftsForYear(env: Pick<Env, "DB">, email: string, year: number) {
  return getDb(env)
    .select(statementGift)
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
  const message = await statementEmail(env, email, year, locale, gifts);
  const [queued] = await queueEmail(db, message, id).onConflictDoNothing().returning();
  return queued ? id : null;
}

/**
 * Donors one pass of the January run queues, in five D1 queries whatever the batch (their gifts in
 * one query, their statements in one insert); a Cron run makes a few passes, about as many
 * statements as it delivers (CRON_MAIL_LIMIT, decision 045).
 */
const STATEMENT_BATCH = 50;
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
 * The Cron run's delivery, which follows, sends them.
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
    // The year's counted gifts of donors after the cursor: the pass's donors, then their gifts.
    const afterCursor = and(
      countsInTotals,
      gte(donations.paidAt, start),
      lt(donations.paidAt, end),
      run.cursor ? gt(donor, run.cursor) : undefined,
    );
    const donors = await db
      .selectDistinct({ email: donor })
      .from(donations)
      .where(afterCursor)
      .orderBy(asc(donor))
      .limit(STATEMENT_BATCH);
    const last = donors.at(-1)?.email;
    // The gifts of every donor of the pass, in one query: those after the cursor, up to the last.
    const gifts = last
      ? await db
          .select({ ...statementGift, email: donor })
          .from(donations)
          .where(and(afterCursor, lte(donor, last)))
          .orderBy(asc(donor), asc(donations.paidAt))
      : [];
    const byDonor = Map.groupBy(gifts, (gift) => gift.email);
    const mails: { id: string; email: OutgoingEmail }[] = [];
    for (const [email, own] of byDonor)
      mails.push({
        id: `statement-${year}-${(await sha256Hex(email)).slice(0, 32)}`,
        email: await statementEmail(env, email, year, "en", own),
      });
    const finished = donors.length < STATEMENT_BATCH;
    // The year's statements in the outbox (their ids, a range of its primary key) after the inserts.
    const statementsOfYear = db.$count(
      outbox,
      and(gte(outbox.id, `statement-${year}-`), lt(outbox.id, `statement-${year}.`)),
    );
    const advance = db
      .update(statementRuns)
      .set({
        cursor: last ?? run.cursor,
        queued: sql`(${statementsOfYear})`,
        finishedAt: finished ? new Date().toISOString() : null,
      })
      .where(eq(statementRuns.year, year));
    // The statements and the cursor move together, in one batch: a pass cut short queues nobody.
    const inserts = queueEmails(db, mails);
    const [first, ...rest]: BatchItem<"sqlite">[] = [...inserts, advance];
    const results = await db.batch([first!, ...rest]);
    queuedNow += results
      .slice(0, inserts.length)
      .reduce((sum, result) => sum + (result as D1Result).meta.changes, 0);
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
