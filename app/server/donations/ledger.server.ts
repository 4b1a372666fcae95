import { and, eq, gt, isNull, notInArray, or, sql } from "drizzle-orm";
import { FUNDS_WITHDRAWN_DISPUTE_STATUSES } from "~/lib/vocabulary";
import { donations } from "../db/schema";

/**
 * The one rule for what a gift counts for in every total: the goal bar, the admin figures and
 * the year-end statement (decision 017). A paid gift counts what the donor gave, covered fee
 * included, less what was refunded; a gift whose money a dispute withdrew counts only once the
 * dispute is won (an inquiry or a prevented dispute withdraws nothing, decision 044).
 */
export const countsInTotals = and(
  eq(donations.status, "succeeded"),
  or(isNull(donations.disputeStatus), notInArray(donations.disputeStatus, FUNDS_WITHDRAWN_DISPUTE_STATUSES)),
  gt(donations.amountCents, donations.refundedCents),
)!;

/** The cents a gift counts for (0 when it does not), for sums over any set of rows. */
export const countedCents = sql<number>`case when ${countsInTotals} then ${donations.amountCents} - ${donations.refundedCents} else 0 end`;

/**
 * The day a gift counts for: when it was paid, else when it was recorded. The same expression
 * as the index on it (`giftDay`, schema.ts), so SQLite reads the list through that index.
 */
export const giftDate = sql<string>`(case when ${donations.paidAt} is null then ${donations.createdAt} else ${donations.paidAt} end)`;

/**
 * The attempt a payment began with: its own, or for a monthly renewal that of its gift's first
 * payment, so every renewal carries what the donor gave on the form (tribute, employer, phone)
 * and the campaign of the visit it came from (decision 056).
 */
export const attemptIdOf = sql`coalesce(${donations.attemptId}, (select first.attempt_id from donations first where first.recurring_gift_id = ${donations.recurringGiftId} and first.attempt_id is not null limit 1))`;

/** A gift's amount net of refunds, for the rows that count. */
export const netCents = sql<number>`${donations.amountCents} - ${donations.refundedCents}`;
