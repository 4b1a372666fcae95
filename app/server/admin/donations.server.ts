import { and, count, desc, eq, gte, lt, or, sql, sum, type SQL } from "drizzle-orm";
import * as v from "valibot";
import { newYorkTimeToUtc } from "~/lib/format";
import type { SessionUser } from "~/lib/session-user";
import { DONATION_FREQUENCIES, DONATION_STATUSES } from "~/lib/vocabulary";
import { getDb } from "../db/client.server";
import { donations, recurringGifts } from "../db/schema";
import { countedCents, countsInTotals } from "../donations/ledger.server";
import { recordExport } from "./audit.server";
import { contains, periodStarts } from "./common.server";
import { toCsv } from "./csv.server";
import { choiceFilter, dayFilter, listPage, listQuery, searchFilter } from "./list.server";

export const DonationFiltersSchema = v.object({
  status: choiceFilter(DONATION_STATUSES),
  frequency: choiceFilter(DONATION_FREQUENCIES),
  from: dayFilter,
  to: dayFilter,
  q: searchFilter,
});
type DonationFilters = v.InferOutput<typeof DonationFiltersSchema>;

/** The day a gift counts for: when it was paid, else when it was recorded. */
const giftDate = sql<string>`coalesce(${donations.paidAt}, ${donations.createdAt})`;

function nyDayStart(date: string, plusDays = 0): string {
  const start = newYorkTimeToUtc(date);
  return new Date(start.getTime() + plusDays * 86_400_000).toISOString();
}

function where(filters: DonationFilters): SQL | undefined {
  return and(
    filters.status ? eq(donations.status, filters.status) : undefined,
    filters.frequency ? eq(donations.frequency, filters.frequency) : undefined,
    filters.from ? gte(giftDate, nyDayStart(filters.from)) : undefined,
    filters.to ? lt(giftDate, nyDayStart(filters.to, 1)) : undefined,
    filters.q
      ? or(contains(donations.donorName, filters.q), contains(donations.donorEmail, filters.q))
      : undefined,
  );
}

/** The list, and the sum of what its gifts count for in every total (decision 017). */
export async function listDonations(env: Pick<Env, "DB">, url: URL) {
  const db = getDb(env);
  const query = listQuery(DonationFiltersSchema, url);
  const condition = where(query.filters);
  const [list, [totals]] = await Promise.all([
    listPage(
      query,
      db
        .select({
          id: donations.id,
          amountCents: donations.amountCents,
          currency: donations.currency,
          frequency: donations.frequency,
          status: donations.status,
          refundedCents: donations.refundedCents,
          disputeStatus: donations.disputeStatus,
          donorName: donations.donorName,
          donorEmail: donations.donorEmail,
          anonymous: donations.anonymous,
          date: giftDate,
        })
        .from(donations)
        .where(condition)
        .orderBy(desc(giftDate), desc(donations.id))
        .$dynamic(),
      db.$count(donations, condition),
    ),
    db
      .select({ succeededCents: sum(countedCents) })
      .from(donations)
      .where(condition),
  ]);
  return { ...list, succeededCents: Number(totals?.succeededCents ?? 0) };
}

/** The list's filters as a file; the export is audited. */
export async function donationsCsv(env: Pick<Env, "DB">, admin: SessionUser, filters: DonationFilters) {
  const rows = await getDb(env).select().from(donations).where(where(filters)).orderBy(desc(giftDate));
  await recordExport(env, admin, { export: "donations", filters, rows: rows.length });
  return toCsv(
    [
      "id",
      "date",
      "amount",
      "currency",
      "frequency",
      "status",
      "refunded",
      "dispute",
      "donor_name",
      "donor_email",
      "anonymous",
      "locale",
      "stripe_payment_intent",
    ],
    rows.map((row) => [
      row.id,
      row.paidAt ?? row.createdAt,
      (row.amountCents / 100).toFixed(2),
      row.currency,
      row.frequency,
      row.status,
      (row.refundedCents / 100).toFixed(2),
      row.disputeStatus ?? "",
      row.donorName,
      row.donorEmail,
      row.anonymous ? "yes" : "no",
      row.locale,
      row.stripePaymentIntentId,
    ]),
  );
}

/** The overview's money figures, in cents: gifts as they count in every total (decision 017). */
export async function givingTotals(env: Pick<Env, "DB">, now = new Date()) {
  const db = getDb(env);
  const starts = periodStarts(now);
  const [[month], [year], [recurring]] = await Promise.all([
    db
      .select({ cents: sum(countedCents), count: count() })
      .from(donations)
      .where(and(countsInTotals, gte(giftDate, starts.month))),
    db
      .select({ cents: sum(countedCents), count: count() })
      .from(donations)
      .where(and(countsInTotals, gte(giftDate, starts.year))),
    db
      .select({ cents: sum(recurringGifts.amountCents), count: count() })
      .from(recurringGifts)
      .where(eq(recurringGifts.status, "active")),
  ]);
  return {
    monthCents: Number(month?.cents ?? 0),
    monthCount: month?.count ?? 0,
    yearCents: Number(year?.cents ?? 0),
    yearCount: year?.count ?? 0,
    recurringCents: Number(recurring?.cents ?? 0),
    recurringCount: recurring?.count ?? 0,
  };
}
