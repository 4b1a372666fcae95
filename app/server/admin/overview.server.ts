import { getCampaignProgress } from "../donations/progress.server";
import { givingTotals } from "./donations.server";
import { launchChecklist } from "./launch-checklist.server";
import { subscriberCounts } from "./subscribers.server";
import { newSubmissionsByKind } from "./submissions.server";

/**
 * The overview's figures; gifts, the goal and the launch checklist only for an admin (`forAdmin`):
 * STAFF sees no payments, nor the legal facts and settings the checklist names (decisions 022, 043).
 */
export async function adminOverview(
  env: Pick<Env, "DB" | "CACHE" | "STRIPE_SECRET_KEY" | "MAIL_TRANSPORT">,
  { forAdmin }: { forAdmin: boolean },
) {
  const [newByKind, giving, subscribers, goal, launch] = await Promise.all([
    newSubmissionsByKind(env),
    forAdmin ? givingTotals(env) : null,
    subscriberCounts(env),
    forAdmin ? getCampaignProgress(env) : null,
    forAdmin ? launchChecklist(env) : [],
  ]);
  return { newByKind, giving, subscribers, goal, launch };
}
