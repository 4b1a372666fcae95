import { and, asc, count, desc, eq, gte, like, lt, or, sql, sum, type SQL } from "drizzle-orm";
import * as v from "valibot";
import { parseDollarsToCents } from "~/lib/donation";
import { newYorkDate, newYorkTimeToUtc } from "~/lib/format";
import { ATTRIBUTION_KEYS, attributionCells } from "~/lib/attribution";
import type { SessionUser } from "~/lib/session-user";
import { DONATION_FREQUENCIES, DONATION_STATUSES, RECURRING_STATUSES } from "~/lib/vocabulary";
import { getDb } from "../db/client.server";
import type { Db } from "../db/client.server";
import {
  auditLog,
  donationAttempts,
  donations,
  giftTotals,
  outbox,
  recurringGifts,
  softCredits,
} from "../db/schema";
import { attemptIdOf, countedCents, countsInTotals, giftDate } from "../donations/ledger.server";
import { refundPayment } from "../donations/payments.server";
import { pledgesOf } from "../donations/pledges.server";
import { runYearEndStatements } from "../donations/statement.server";
import { auditedTableCsv, auditEntry } from "../records/audit.server";
import { periodStarts } from "./common.server";
import { csvTime } from "../records/csv.server";
import {
  choiceFilter,
  dayFilter,
  listQuery,
  newestFirstPage,
  searchFilter,
  contains,
} from "../records/list.server";
import { matchesSearch, type SearchPlan } from "../records/search.server";

export const DonationFiltersSchema = v.object({
  status: choiceFilter(DONATION_STATUSES),
  frequency: choiceFilter(DONATION_FREQUENCIES),
  from: dayFilter,
  to: dayFilter,
  q: searchFilter,
});
type DonationFilters = v.InferOutput<typeof DonationFiltersSchema>;

function nyDayStart(date: string, plusDays = 0): string {
  const start = newYorkTimeToUtc(date);
  return new Date(start.getTime() + plusDays * 86_400_000).toISOString();
}

function where(filters: DonationFilters, plan: SearchPlan = "through"): SQL | undefined {
  return and(
    filters.status ? eq(donations.status, filters.status) : undefined,
    filters.frequency ? eq(donations.frequency, filters.frequency) : undefined,
    filters.from ? gte(giftDate, nyDayStart(filters.from)) : undefined,
    filters.to ? lt(giftDate, nyDayStart(filters.to, 1)) : undefined,
    // The donor's name and e-mail, through the search index (decision 057).
    filters.q ? matchesSearch(donations, "donations_search", filters.q, plan) : undefined,
  );
}

/** A campaign's line on the gift list: what its counted gifts count for, and how many (decision 056). */
type CampaignLine = { campaign: string | null; cents: number; gifts: number };

/**
 * The list's totals from `gift_totals`, kept by triggers as gifts are written (decision 057): a
 * few rows per campaign whatever the number of gifts, so every page, the last as the first, costs
 * the same. Its rows are per frequency, status and campaign, so it answers those
 * filters; `null` for a filter by day or a search, which the ledger answers.
 */
async function keptTotals(db: Db, filters: DonationFilters) {
  if (filters.from || filters.to || filters.q) return null;
  const rows = await db
    .select({
      campaign: giftTotals.campaign,
      gifts: sum(giftTotals.gifts).mapWith(Number),
      countedGifts: sum(giftTotals.countedGifts).mapWith(Number),
      countedCents: sum(giftTotals.countedCents).mapWith(Number),
    })
    .from(giftTotals)
    .where(
      and(
        filters.status ? eq(giftTotals.status, filters.status) : undefined,
        filters.frequency ? eq(giftTotals.frequency, filters.frequency) : undefined,
      ),
    )
    .groupBy(giftTotals.campaign);
  // The kept rows name "no campaign" '' (a primary key's column); the list names it null.
  return totalsOf(rows.map((row) => ({ ...row, campaign: row.campaign || null })));
}

/**
 * The list's figures from its rows by campaign: how many gifts match, the sum of those that count,
 * and the campaigns with a counted gift by what they count for, then by name (no campaign last
 * among equals).
 */
function totalsOf(
  rows: { campaign: string | null; gifts: number; countedGifts: number; countedCents: number }[],
) {
  const campaigns: CampaignLine[] = rows
    .filter((row) => row.countedGifts > 0)
    .map((row) => ({ campaign: row.campaign, cents: row.countedCents, gifts: row.countedGifts }))
    .sort(
      (a, b) => b.cents - a.cents || (a.campaign ?? "\u{10FFFF}").localeCompare(b.campaign ?? "\u{10FFFF}"),
    );
  return {
    total: rows.reduce((total, row) => total + row.gifts, 0),
    capped: false,
    succeededCents: rows.reduce((total, row) => total + row.countedCents, 0),
    campaigns,
  };
}

/**
 * The totals of a filter by day or a search, read from the ledger in one pass over its gifts: how
 * many match, the sum of those that count, and the same by the campaign (`utm_campaign`) of the
 * visit they came from (decision 056); gifts with no campaign (recorded by staff, or from a visit
 * without one) are one line, campaign null. With `upTo`, over its first `upTo + 1` matches only:
 * more than `upTo` is `capped`, without a sum, which only all of them would give.
 */
async function ledgerTotals(db: Db, condition: SQL | undefined, upTo?: number) {
  const campaign = sql<string | null>`json_extract(${donationAttempts.attribution}, '$.utm_campaign')`;
  const rows = await db
    .select({
      campaign,
      gifts: count(),
      countedGifts: sql<number>`sum(case when ${countsInTotals} then 1 else 0 end)`.mapWith(Number),
      countedCents: sum(countedCents).mapWith(Number),
    })
    .from(donations)
    .leftJoin(donationAttempts, eq(donationAttempts.id, attemptIdOf))
    .where(
      upTo === undefined
        ? condition
        : sql`${donations}.rowid in (select rowid from ${donations} where ${condition} limit ${upTo + 1})`,
    )
    .groupBy(campaign);
  const totals = totalsOf(rows);
  return upTo !== undefined && totals.total > upTo
    ? { total: upTo, capped: true, succeededCents: 0, campaigns: [] }
    : totals;
}

/**
 * A search counts and sums its matches up to here, then says "more than 1,000" and reads its page
 * walking `donations_gift_date_idx` (decision 057): "rivera", one seeded gift in eleven (4,974 of
 * 55,000), summed in 16–30 ms in `sqlite3` and gathered and sorted for its page in 5–13 ms; walked,
 * 0.5 ms. A word with a handful of matches walked would read the whole index.
 */
export const SEARCH_TOTALS_UP_TO = 1_000;

/**
 * The list; how many gifts match, the sum of what they count for in every total (decision 017) and
 * the same by campaign (decision 056), from the kept totals, or from the ledger for a filter by day
 * or a search: one query for the page and one for its figures, on every page.
 */
export async function listDonations(env: Pick<Env, "DB">, url: URL) {
  const db = getDb(env);
  const query = listQuery(DonationFiltersSchema, url);
  const condition = where(query.filters);
  const searching = query.filters.q !== undefined;
  const totals = keptTotals(db, query.filters).then(
    (kept) => kept ?? ledgerTotals(db, condition, searching ? SEARCH_TOTALS_UP_TO : undefined),
  );
  // A search's count, known from its totals, decides how its page is read (decision 057): past
  // SEARCH_TOTALS_UP_TO matches, walking the list's index finds the page in its first entries,
  // where gathering and sorting every match grows with them.
  const { capped } = searching ? await totals : { capped: false };
  const list = await newestFirstPage(db, query, {
    table: donations,
    where: capped ? where(query.filters, "walking") : condition,
    // By keyset on the day a gift counts for, through `donations_gift_date_idx` (decision 057).
    orderedBy: { key: giftDate, field: "date" },
    count: totals.then((found) => found.total),
    rows: db
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
      .$dynamic(),
  });
  const { succeededCents, campaigns } = await totals;
  return { ...list, totalCapped: capped, succeededCents, campaigns };
}

/**
 * The columns of the donations export: one per field a donor gave (docs/product.md §5), then how
 * the gift came, its pledge, who else it is credited to and the campaign of the visit it came from.
 * With no filter it is every gift of the ledger, voided and refunded ones with their status.
 */
export const DONATIONS_CSV_HEADER = [
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
  "phone",
  "language",
  "anonymous",
  "covered_fee",
  "tribute_type",
  "honoree",
  "tribute_notify_email",
  "employer_matching_gift",
  "stripe_payment_intent",
  // How the gift came and where it went (decision 056): what moving to another system needs.
  "method",
  "check_number",
  "daf_sponsor",
  "in_kind_description",
  "staff_estimate",
  "designation",
  "note",
  "pledge_id",
  "soft_credits",
  ...ATTRIBUTION_KEYS,
];

const money = (cents: number) => (cents / 100).toFixed(2);

/**
 * The list's filters as a file, in the list's order, streamed a page at a time (decision 057);
 * the export is audited with its row count before the first byte leaves (decision 014).
 */
export async function donationsCsv(env: Pick<Env, "DB">, admin: SessionUser, filters: DonationFilters) {
  const db = getDb(env);
  return auditedTableCsv(env, admin, {
    export: "donations",
    filters,
    table: donations,
    where: where(filters),
    select: () =>
      db
        .select({ donation: donations, attempt: donationAttempts, date: giftDate })
        .from(donations)
        .leftJoin(donationAttempts, eq(donationAttempts.id, attemptIdOf))
        .$dynamic(),
    order: "desc",
    keys: [giftDate, donations.id],
    header: DONATIONS_CSV_HEADER,
    keyOf: (row) => [row.date, row.donation.id],
    cells: async (rows) => {
      // The page's soft credits in one query, its ids one JSON parameter (D1 binds at most 100).
      const credits = Map.groupBy(
        await db
          .select()
          .from(softCredits)
          .where(
            sql`${softCredits.donationId} in (select value from json_each(${JSON.stringify(rows.map((row) => row.donation.id))}))`,
          )
          .orderBy(asc(softCredits.createdAt)),
        (credit) => credit.donationId,
      );
      return rows.map(({ donation: row, attempt, date }) => [
        row.id,
        csvTime(date),
        money(row.amountCents),
        row.currency,
        row.frequency,
        row.status,
        money(row.refundedCents),
        row.disputeStatus ?? "",
        row.donorName,
        row.donorEmail,
        attempt?.phone ?? "",
        row.locale,
        row.anonymous ? "yes" : "no",
        money(row.feeCents),
        attempt?.dedicationType ?? "",
        attempt?.dedicationName ?? "",
        attempt?.dedicationEmail ?? "",
        attempt?.employer ?? "",
        row.stripePaymentIntentId,
        row.method,
        row.checkNumber ?? "",
        row.dafSponsor ?? "",
        row.inKindDescription ?? "",
        row.estimateCents === null ? "" : money(row.estimateCents),
        row.designation ?? "",
        row.note ?? "",
        row.pledgeId ?? "",
        (credits.get(row.id) ?? [])
          .map((credit) => `${credit.name} <${credit.email}> (${credit.kind})`)
          .join("; "),
        ...attributionCells(attempt?.attribution),
      ]);
    },
  });
}

/** Outbox ids that start with `prefix`, as a range of the primary key (a LIKE would not use it). */
const idStartsWith = (prefix: string) => and(gte(outbox.id, prefix), lt(outbox.id, `${prefix}\u{10FFFF}`));

/** What is left to refund on a gift, in cents. */
const refundableCents = (gift: typeof donations.$inferSelect) =>
  gift.status === "succeeded" &&
  gift.stripePaymentIntentId &&
  gift.disputeStatus !== "open" &&
  gift.disputeStatus !== "lost"
    ? Math.max(0, gift.amountCents - gift.refundedCents)
    : 0;

/**
 * One gift for its admin page: every field the donor gave (from the attempt), its payments
 * (a monthly gift's renewals), its refunds (the ledger's total and each refund the team made),
 * and every e-mail sent about it.
 */
export async function getGift(env: Pick<Env, "DB">, id: string) {
  const db = getDb(env);
  const [row] = await db
    .select({ donation: donations, attempt: donationAttempts })
    .from(donations)
    .leftJoin(donationAttempts, eq(donationAttempts.id, attemptIdOf))
    .where(eq(donations.id, id))
    .limit(1);
  if (!row) return null;
  const { donation, attempt } = row;
  const [recurring] = donation.recurringGiftId
    ? await db.select().from(recurringGifts).where(eq(recurringGifts.id, donation.recurringGiftId)).limit(1)
    : [];
  const [payments, refunds, mails] = await Promise.all([
    recurring
      ? db
          .select()
          .from(donations)
          .where(eq(donations.recurringGiftId, recurring.id))
          .orderBy(desc(giftDate))
          .limit(60)
      : Promise.resolve([donation]),
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "donation.refund"), eq(auditLog.targetId, donation.id)))
      .orderBy(asc(auditLog.createdAt)),
    db
      .select({
        id: outbox.id,
        to: outbox.to,
        subject: outbox.subject,
        template: outbox.template,
        status: outbox.status,
        createdAt: outbox.createdAt,
        sentAt: outbox.sentAt,
      })
      .from(outbox)
      .where(
        or(
          // Every mail about a gift carries its id after its kind: read through the primary key,
          // not a "contains" that reads the whole outbox (decision 057).
          eq(outbox.id, `receipt-${donation.id}`),
          eq(outbox.id, `gift-notice-${donation.id}`),
          idStartsWith(`receipt-copy-${donation.id}-`),
          idStartsWith(`refund-notice-${donation.id}-`),
          attempt ? eq(outbox.id, `dedication-${attempt.id}`) : undefined,
        ),
      )
      .orderBy(asc(outbox.createdAt)),
  ]);
  return {
    donation,
    attempt,
    recurring: recurring ?? null,
    payments,
    refunds: refunds.map((entry) => ({
      id: entry.id,
      by: entry.userEmail,
      at: entry.createdAt,
      amountCents: Number(entry.detail?.amountCents ?? 0),
    })),
    mails,
    refundableCents: refundableCents(donation),
  };
}

/** A donor's key in /admin/donors/:key: an e-mail, or the id of one of their gifts or monthly gifts. */
async function donorEmailFor(env: Pick<Env, "DB">, key: string): Promise<string | null> {
  if (key.includes("@")) return key.trim().toLowerCase();
  const db = getDb(env);
  const [gift] = await db
    .select({ email: donations.donorEmail })
    .from(donations)
    .where(eq(donations.id, key))
    .limit(1);
  if (gift) return gift.email.toLowerCase();
  const [recurring] = await db
    .select({ email: recurringGifts.donorEmail })
    .from(recurringGifts)
    .where(eq(recurringGifts.id, key))
    .limit(1);
  return recurring?.email.toLowerCase() ?? null;
}

/**
 * One donor: every gift, lifetime and per-year giving by the ledger rule (net of refunds,
 * decision 017; years in New York time), each monthly gift's state, every e-mail sent to them
 * about giving; their pledges (paid and outstanding) and the gifts credited to them though
 * someone else paid (soft credits): those make the recognition total, never the giving one
 * (decision 056).
 */
export async function getDonor(env: Pick<Env, "DB">, key: string) {
  const email = await donorEmailFor(env, key);
  if (!email) return null;
  const db = getDb(env);
  // Addresses are stored lower-cased (the forms' requiredEmail), so the e-mail index serves.
  const [gifts, monthly, mails, credited, pledges] = await Promise.all([
    db
      .select({
        id: donations.id,
        date: giftDate,
        amountCents: donations.amountCents,
        refundedCents: donations.refundedCents,
        countedCents,
        currency: donations.currency,
        frequency: donations.frequency,
        method: donations.method,
        inKindDescription: donations.inKindDescription,
        estimateCents: donations.estimateCents,
        status: donations.status,
        disputeStatus: donations.disputeStatus,
        donorName: donations.donorName,
        anonymous: donations.anonymous,
      })
      .from(donations)
      .where(eq(donations.donorEmail, email))
      .orderBy(desc(giftDate)),
    db
      .select()
      .from(recurringGifts)
      .where(eq(sql`lower(${recurringGifts.donorEmail})`, email))
      .orderBy(desc(recurringGifts.createdAt)),
    db
      .select({
        id: outbox.id,
        subject: outbox.subject,
        template: outbox.template,
        status: outbox.status,
        createdAt: outbox.createdAt,
        sentAt: outbox.sentAt,
      })
      .from(outbox)
      .where(and(eq(sql`lower(${outbox.to})`, email), like(outbox.template, "donation.%")))
      .orderBy(desc(outbox.createdAt)),
    db
      .select({
        id: donations.id,
        date: giftDate,
        kind: softCredits.kind,
        name: softCredits.name,
        fromName: donations.donorName,
        countedCents,
        currency: donations.currency,
      })
      .from(softCredits)
      .innerJoin(donations, eq(donations.id, softCredits.donationId))
      .where(eq(softCredits.email, email))
      .orderBy(desc(giftDate)),
    pledgesOf(env, email),
  ]);
  if (gifts.length === 0 && monthly.length === 0 && credited.length === 0 && pledges.length === 0)
    return null;
  const byYear = new Map<string, number>();
  for (const gift of gifts) {
    const cents = Number(gift.countedCents);
    if (cents <= 0) continue;
    const year = newYorkDate(new Date(gift.date)).slice(0, 4);
    byYear.set(year, (byYear.get(year) ?? 0) + cents);
  }
  const lifetimeCents = [...byYear.values()].reduce((total, cents) => total + cents, 0);
  const softCreditCents = credited.reduce((total, gift) => total + Number(gift.countedCents), 0);
  return {
    email,
    name: gifts[0]?.donorName ?? monthly[0]?.donorName ?? credited[0]?.name ?? pledges[0]?.donorName ?? email,
    gifts: gifts.map((gift) => ({ ...gift, countedCents: Number(gift.countedCents) })),
    lifetimeCents,
    years: [...byYear.entries()]
      .sort(([a], [b]) => b.localeCompare(a))
      .map(([year, cents]) => ({ year, cents })),
    softCredits: credited.map((gift) => ({ ...gift, countedCents: Number(gift.countedCents) })),
    softCreditCents,
    recognitionCents: lifetimeCents + softCreditCents,
    pledges,
    monthly,
    mails,
  };
}

export const MonthlyFiltersSchema = v.object({
  status: choiceFilter(RECURRING_STATUSES),
  q: searchFilter,
});

/** Monthly donors, newest first, by state (active, past due, paused, canceled), with a count per state. */
export async function listMonthlyDonors(env: Pick<Env, "DB">, url: URL) {
  const db = getDb(env);
  const query = listQuery(MonthlyFiltersSchema, url);
  const condition = and(
    query.filters.status ? eq(recurringGifts.status, query.filters.status) : undefined,
    query.filters.q
      ? or(
          contains(recurringGifts.donorName, query.filters.q),
          contains(recurringGifts.donorEmail, query.filters.q),
        )
      : undefined,
  );
  const [list, counts] = await Promise.all([
    newestFirstPage(db, query, {
      table: recurringGifts,
      where: condition,
      rows: db
        .select({
          id: recurringGifts.id,
          donorName: recurringGifts.donorName,
          donorEmail: recurringGifts.donorEmail,
          amountCents: recurringGifts.amountCents,
          currency: recurringGifts.currency,
          status: recurringGifts.status,
          cancelAtPeriodEnd: recurringGifts.cancelAtPeriodEnd,
          createdAt: recurringGifts.createdAt,
          updatedAt: recurringGifts.updatedAt,
        })
        .from(recurringGifts)
        .$dynamic(),
    }),
    db
      .select({ status: recurringGifts.status, value: count() })
      .from(recurringGifts)
      .groupBy(recurringGifts.status),
  ]);
  return {
    ...list,
    counts: Object.fromEntries(
      RECURRING_STATUSES.map((status) => [status, counts.find((row) => row.status === status)?.value ?? 0]),
    ),
  };
}

/** What the gift page's refund form may answer: a translated message key per case. */
export type RefundResult =
  | { ok: true; amountCents: number }
  | { ok: false; error: "invalid-amount" | "too-large" | "not-refundable" | "stripe"; value: string };

/**
 * A refund started by the team from the gift page: the amount is checked against what is left,
 * Stripe makes the refund (payments.server.ts writes it to the ledger), and the audit log keeps
 * who refunded what. `key` is the form's one-time key, so a double submit is one refund.
 */
export async function refundGift(
  env: Env,
  admin: SessionUser,
  id: string,
  input: { amount: string; key: string },
): Promise<RefundResult | null> {
  const db = getDb(env);
  const [gift] = await db.select().from(donations).where(eq(donations.id, id)).limit(1);
  if (!gift) return null;
  const left = refundableCents(gift);
  if (left === 0 || !gift.stripePaymentIntentId)
    return { ok: false, error: "not-refundable", value: input.amount };
  // An empty amount is "everything that is left".
  const cents = input.amount.trim() === "" ? left : parseDollarsToCents(input.amount);
  if (cents === null || cents <= 0) return { ok: false, error: "invalid-amount", value: input.amount };
  if (cents > left) return { ok: false, error: "too-large", value: input.amount };
  const result = await refundPayment(env, {
    paymentIntent: gift.stripePaymentIntentId,
    amountCents: cents,
    idempotencyKey: input.key,
    donationId: gift.id,
  });
  if (!result.ok) return { ok: false, error: result.error, value: input.amount };
  // A replayed form gets Stripe's same refund back: it is logged once.
  const [logged] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.action, "donation.refund"), like(sql`${auditLog.detail}`, `%${result.refundId}%`)))
    .limit(1);
  if (logged) return { ok: true, amountCents: cents };
  await db.batch([
    auditEntry(db, admin, {
      action: "donation.refund",
      targetType: "donation",
      targetId: gift.id,
      detail: {
        amountCents: cents,
        refundId: result.refundId,
        changes: { refundedCents: { before: gift.refundedCents, after: gift.refundedCents + cents } },
      },
    }),
  ]);
  return { ok: true, amountCents: cents };
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

/** An admin's "run now" of the year-end statements, recorded in the audit log. */
export async function runStatementsNow(env: Env, admin: SessionUser, year: number) {
  const result = await runYearEndStatements(env, year);
  const db = getDb(env);
  await db.batch([
    auditEntry(db, admin, {
      action: "statements.run",
      targetType: "statement_run",
      targetId: String(year),
      detail: { queued: result.queued, finished: result.finished },
    }),
  ]);
  return result;
}
