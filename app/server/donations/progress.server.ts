import { and, countDistinct, gte, lt, sql, sum } from "drizzle-orm";
import { campaignYear, FUNDRAISING_CAMPAIGN, type FundraisingCampaign } from "~/content/figures";
import { getDb } from "../db/client.server";
import { donations } from "../db/schema";
import { countedCents, countsInTotals } from "./ledger.server";

type FundraisingProgress = {
  label: string;
  raisedCents: number;
  goalCents: number;
  donorCount: number;
};

/**
 * The campaign goal's progress: what the gifts paid inside the campaign period count (net of
 * refunds and lost disputes, decision 017). The public bar and the admin overview both show this.
 */
export async function getFundraisingProgress(
  env: Pick<Env, "DB">,
  campaign: FundraisingCampaign = FUNDRAISING_CAMPAIGN,
): Promise<FundraisingProgress> {
  const [row] = await getDb(env)
    .select({
      raised: sum(countedCents),
      donors: countDistinct(sql`case when ${countsInTotals} then ${donations.donorEmail} end`),
    })
    .from(donations)
    .where(and(gte(donations.paidAt, campaign.startsAt), lt(donations.paidAt, campaign.endsAt)));
  return {
    label: String(campaignYear(campaign)),
    raisedCents: Number(row?.raised ?? 0),
    goalCents: campaign.goalCents,
    donorCount: Number(row?.donors ?? 0),
  };
}
