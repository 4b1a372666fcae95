import { reencryptHealthRecords } from "./child-data.server";
import { purgeHealthRecords } from "./children.server";
import { passOnExpiredOffers } from "./enrolments.server";

/**
 * Families' part of each Cron run (decision 054): unanswered offers expire and pass on (their
 * mail goes out in the same run's delivery), health records past their session's retention are
 * purged, and one pass moves records still under an old key onto the current one.
 */
export async function runFamiliesCron(env: Env, now: Date) {
  await passOnExpiredOffers(env, now);
  await Promise.all([purgeHealthRecords(env, now), reencryptHealthRecords(env)]);
}
