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

/** A gift's amount net of refunds, for the rows that count. */
export const netCents = sql<number>`${donations.amountCents} - ${donations.refundedCents}`;
