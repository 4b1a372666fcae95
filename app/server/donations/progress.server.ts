import { and, countDistinct, gte, lt, sql, sum } from "drizzle-orm";
import { campaignYear, fundraisingCampaign, type FundraisingCampaign } from "~/content/figures";
import { getOrganization } from "../content/organization.server";
import { getDb } from "../db/client.server";
import { donations } from "../db/schema";
import { countedCents, countsInTotals } from "./ledger.server";

export type FundraisingProgress = {
  label: string;
  raisedCents: number;
  goalCents: number;
  donorCount: number;
};

/** How long an isolate shows the total it last counted (decision 027). */
export const PROGRESS_TTL_MS = 60_000;
const counted = new Map<string, { at: number; progress: Promise<FundraisingProgress> }>();

/**
 * A gift, refund or dispute recorded in this isolate: the next page counts again. A new goal or
 * period needs no call: it is a campaign of its own, counted afresh under its own key.
 */
export function forgetFundraisingProgress(): void {
  counted.clear();
}

/**
 * The progress of the organisation's campaign (its goal and period are facts staff edit,
 * decision 028), or null while the facts are missing: what the goal bar and the admin overview show.
 */
export async function getCampaignProgress(
  env: Pick<Env, "DB" | "CACHE">,
): Promise<FundraisingProgress | null> {
  const facts = await getOrganization(env);
  return facts ? getFundraisingProgress(env, fundraisingCampaign(facts)) : null;
}

/**
 * A campaign goal's progress, counted at most once a minute per isolate and campaign, and at
 * once after a gift recorded in this isolate (decision 027).
 */
export function getFundraisingProgress(
  env: Pick<Env, "DB">,
  campaign: FundraisingCampaign,
): Promise<FundraisingProgress> {
  const key = `${campaign.startsAt}|${campaign.endsAt}|${campaign.goalCents}`;
  const held = counted.get(key);
  if (held && Date.now() - held.at < PROGRESS_TTL_MS) return held.progress;
  const progress = countFundraisingProgress(env, campaign);
  counted.set(key, { at: Date.now(), progress });
  progress.catch(() => counted.delete(key));
  return progress;
}

/**
 * The campaign goal's progress: what the gifts paid inside the campaign period count (net of
 * refunds and lost disputes, decision 017). The public bar and the admin overview both show this.
 */
async function countFundraisingProgress(
  env: Pick<Env, "DB">,
  campaign: FundraisingCampaign,
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
