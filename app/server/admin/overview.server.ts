import { getCampaignProgress } from "../donations/progress.server";
import { givingTotals } from "./donations.server";
import { subscriberCounts } from "./subscribers.server";
import { newSubmissionsByKind } from "./submissions.server";

/** The overview's figures; gifts and the goal only for an admin (`withGiving`). */
export async function adminOverview(env: Pick<Env, "DB" | "CACHE">, { withGiving }: { withGiving: boolean }) {
  const [newByKind, giving, subscribers, goal] = await Promise.all([
    newSubmissionsByKind(env),
    withGiving ? givingTotals(env) : null,
    subscriberCounts(env),
    withGiving ? getCampaignProgress(env) : null,
  ]);
  return { newByKind, giving, subscribers, goal };
}
