import { givingTotals } from "./donations.server";
import { subscriberCounts } from "./subscribers.server";
import { newSubmissionsByKind } from "./submissions.server";

/** The year-1 fundraising goal (SPEC.md §9: $50,000), in cents. */
export const FUNDRAISING_GOAL_CENTS = 50_000_00;

export async function adminOverview(env: Pick<Env, "DB">) {
  const [newByKind, giving, subscribers] = await Promise.all([
    newSubmissionsByKind(env),
    givingTotals(env),
    subscriberCounts(env),
  ]);
  return { newByKind, giving, subscribers, goalCents: FUNDRAISING_GOAL_CENTS };
}
