import { and, count, eq, isNotNull, sql, sum, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import * as v from "valibot";
import { newYorkDate, newYorkTimeToUtc } from "~/lib/format";
import type { SessionUser } from "~/lib/session-user";
import { getDb } from "./db/client.server";
import { donationAttempts, donations, eventRegistrations, submissions, subscribers } from "./db/schema";
import { attemptIdOf, countedCents, countsInTotals, giftDate } from "./donations/ledger.server";
import { recordExport } from "./records/audit.server";
import { csvText } from "./records/csv.server";
import { listQuery } from "./records/list.server";

/**
 * Totals per campaign for a period (decision 056, issue 37): what the form submissions, RSVPs and
 * tickets, newsletter subscriptions and gifts that came from each campaign link count for. A row
 * is a campaign (`utm_campaign`) and its source (`utm_source`, else the referring site), as the
 * visit carried them; rows with neither are the visits that came without (typed in, bookmarked,
 * or recorded by staff).
 */
/** A day of the calendar (2026-02-30 is none), as the date input sends it; anything else is the default. */
const calendarDay = v.fallback(
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{4}-\d{2}-\d{2}$/),
      v.check((day) => {
        const noon = Date.parse(`${day}T12:00:00Z`);
        return !Number.isNaN(noon) && new Date(noon).toISOString().slice(0, 10) === day;
      }),
    ),
  ),
  undefined,
);
export const CampaignPeriodSchema = v.object({ from: calendarDay, to: calendarDay });

export type CampaignPeriod = { from: string; to: string };

/**
 * The period of the address, New York days, both included: by default this year so far. A
 * period that ends before it starts is refused with a message, not turned round.
 */
export function campaignPeriod(url: URL, now = new Date()): { period: CampaignPeriod; reversed: boolean } {
  const { filters } = listQuery(CampaignPeriodSchema, url);
  const today = newYorkDate(now);
  const period = { from: filters.from ?? `${today.slice(0, 4)}-01-01`, to: filters.to ?? today };
  return { period, reversed: period.from > period.to };
}

export type CampaignRow = {
  campaign: string | null;
  source: string | null;
  submissions: number;
  rsvps: number;
  tickets: number;
  subscriptions: number;
  gifts: number;
  giftCents: number;
};

const campaignOf = (attribution: AnySQLiteColumn | SQL) =>
  sql<string | null>`json_extract(${attribution}, '$.utm_campaign')`;
const sourceOf = (attribution: AnySQLiteColumn | SQL) =>
  sql<
    string | null
  >`coalesce(json_extract(${attribution}, '$.utm_source'), json_extract(${attribution}, '$.referrer'))`;

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The period's New York days as the UTC instants stored in `created_at` and `paid_at`: [start, end). */
function within(column: AnySQLiteColumn | SQL, period: CampaignPeriod) {
  const start = newYorkTimeToUtc(period.from).toISOString();
  const end = newYorkTimeToUtc(nextDay(period.to)).toISOString();
  return sql`${column} >= ${start} and ${column} < ${end}`;
}

/**
 * The rows of the period, most gift money first, then most of everything else. Four grouped
 * queries in one D1 batch, read through indexes (decision 070); gifts count by the ledger's one
 * rule (decision 017), as the donations screens' totals do.
 */
export async function campaignTotals(env: Pick<Env, "DB">, period: CampaignPeriod): Promise<CampaignRow[]> {
  const db = getDb(env);
  const attempt = donationAttempts.attribution;
  const [formRows, registrationRows, subscriberRows, giftRows] = await db.batch([
    db
      .select({
        campaign: campaignOf(submissions.attribution),
        source: sourceOf(submissions.attribution),
        n: count(),
      })
      .from(submissions)
      .where(within(submissions.createdAt, period))
      .groupBy(sql`1`, sql`2`),
    db
      .select({
        campaign: campaignOf(eventRegistrations.attribution),
        source: sourceOf(eventRegistrations.attribution),
        rsvps: sql<number>`sum(case when ${eventRegistrations.kind} = 'rsvp' then 1 else 0 end)`,
        tickets: sql<number>`sum(case when ${eventRegistrations.kind} = 'ticket' then ${eventRegistrations.quantity} else 0 end)`,
      })
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.status, "confirmed"), within(eventRegistrations.createdAt, period)))
      .groupBy(sql`1`, sql`2`),
    db
      .select({
        campaign: campaignOf(subscribers.attribution),
        source: sourceOf(subscribers.attribution),
        n: count(),
      })
      .from(subscribers)
      .where(and(within(subscribers.createdAt, period), isNotNull(subscribers.confirmedAt)))
      .groupBy(sql`1`, sql`2`),
    db
      .select({
        campaign: campaignOf(attempt),
        source: sourceOf(attempt),
        n: count(),
        cents: sum(countedCents),
      })
      .from(donations)
      .leftJoin(donationAttempts, eq(donationAttempts.id, attemptIdOf))
      .where(and(countsInTotals, within(giftDate, period)))
      .groupBy(sql`1`, sql`2`),
  ]);
  const rows = new Map<string, CampaignRow>();
  const rowOf = (campaign: string | null, source: string | null) => {
    const key = JSON.stringify([campaign, source]);
    let row = rows.get(key);
    if (!row) {
      row = {
        campaign,
        source,
        submissions: 0,
        rsvps: 0,
        tickets: 0,
        subscriptions: 0,
        gifts: 0,
        giftCents: 0,
      };
      rows.set(key, row);
    }
    return row;
  };
  for (const { campaign, source, n } of formRows) rowOf(campaign, source).submissions += n;
  for (const { campaign, source, rsvps, tickets } of registrationRows) {
    const row = rowOf(campaign, source);
    row.rsvps += Number(rsvps);
    row.tickets += Number(tickets);
  }
  for (const { campaign, source, n } of subscriberRows) rowOf(campaign, source).subscriptions += n;
  for (const { campaign, source, n, cents } of giftRows) {
    const row = rowOf(campaign, source);
    row.gifts += n;
    row.giftCents += Number(cents ?? 0);
  }
  const people = (row: CampaignRow) =>
    row.submissions + row.rsvps + row.tickets + row.subscriptions + row.gifts;
  return [...rows.values()].sort(
    (a, b) =>
      b.giftCents - a.giftCents ||
      people(b) - people(a) ||
      (a.campaign ?? "\u{10FFFF}").localeCompare(b.campaign ?? "\u{10FFFF}") ||
      (a.source ?? "\u{10FFFF}").localeCompare(b.source ?? "\u{10FFFF}"),
  );
}

export const CAMPAIGNS_CSV_HEADER = [
  "campaign",
  "source",
  "submissions",
  "rsvps",
  "tickets",
  "subscriptions",
  "gifts",
  "gift_amount",
] as const;

/** The period's rows as a file (a row per campaign and source: a summary, not a growing table), audited. */
export async function campaignTotalsCsv(env: Pick<Env, "DB">, admin: SessionUser, period: CampaignPeriod) {
  const rows = await campaignTotals(env, period);
  await recordExport(env, admin, { export: "campaigns", filters: period, rows: rows.length });
  return csvText(
    CAMPAIGNS_CSV_HEADER,
    rows.map((row) => [
      row.campaign ?? "",
      row.source ?? "",
      row.submissions,
      row.rsvps,
      row.tickets,
      row.subscriptions,
      row.gifts,
      (row.giftCents / 100).toFixed(2),
    ]),
  );
}
