import { getFundraisingProgress } from "../donations/progress.server";
import { givingTotals } from "./donations.server";
import { subscriberCounts } from "./subscribers.server";
import { newSubmissionsByKind } from "./submissions.server";

export async function adminOverview(env: Pick<Env, "DB">) {
  const [newByKind, giving, subscribers, goal] = await Promise.all([
    newSubmissionsByKind(env),
    givingTotals(env),
    subscriberCounts(env),
    getFundraisingProgress(env),
  ]);
  return { newByKind, giving, subscribers, goal };
}
