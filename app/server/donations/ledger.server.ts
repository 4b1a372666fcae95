import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import { donations } from "../db/schema";

/**
 * The one rule for what a gift counts for in every total: the goal bar, the admin figures and
 * the year-end statement (decision 017). A paid gift counts what the donor gave, covered fee
 * included, less what was refunded; a disputed gift counts only once the dispute is won.
 */
export const countsInTotals = and(
  eq(donations.status, "succeeded"),
  or(isNull(donations.disputeStatus), eq(donations.disputeStatus, "won")),
  gt(donations.amountCents, donations.refundedCents),
)!;

/** The cents a gift counts for (0 when it does not), for sums over any set of rows. */
export const countedCents = sql<number>`case when ${countsInTotals} then ${donations.amountCents} - ${donations.refundedCents} else 0 end`;

/** A gift's amount net of refunds, for the rows that count. */
export const netCents = sql<number>`${donations.amountCents} - ${donations.refundedCents}`;
