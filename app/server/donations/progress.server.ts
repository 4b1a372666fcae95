import { and, eq, gte, sql } from "drizzle-orm";
import { FUNDRAISING_CAMPAIGN } from "~/lib/donation";
import { getDb } from "../db/client.server";
import { donations } from "../db/schema";

export type FundraisingProgress = { raisedCents: number; goalCents: number; donorCount: number };

/**
 * The §9 goal's progress from D1: succeeded gifts of the campaign, without the fees donors
 * covered. Refunded and failed payments have another status, so they never count.
 */
export async function getFundraisingProgress(env: Pick<Env, "DB">): Promise<FundraisingProgress> {
  const [row] = await getDb(env)
    .select({
      raised: sql<number>`coalesce(sum(${donations.amountCents} - ${donations.feeCents}), 0)`,
      donors: sql<number>`count(distinct ${donations.donorEmail})`,
    })
    .from(donations)
    .where(and(eq(donations.status, "succeeded"), gte(donations.paidAt, FUNDRAISING_CAMPAIGN.startsAt)));
  return {
    raisedCents: Number(row?.raised ?? 0),
    goalCents: FUNDRAISING_CAMPAIGN.goalCents,
    donorCount: Number(row?.donors ?? 0),
  };
}
