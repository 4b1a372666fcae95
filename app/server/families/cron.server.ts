import { deliverOutbox } from "../mail/outbox.server";
import { reencryptHealthRecords } from "./child-data.server";
import { purgeHealthRecords } from "./children.server";
import { passOnExpiredOffers } from "./enrolments.server";

/**
 * Families' part of each Cron run (decision 054): unanswered offers expire and pass on, health
 * records past their session's retention are purged, and one pass moves records still under an
 * old key onto the current one. The offers made are sent here, by id, as a withdrawal's are: the
 * run's own delivery sends what was due at its scheduled time, which is before anything this run
 * queued, so they would wait for the next run.
 */
export async function runFamiliesCron(env: Env, now: Date) {
  const offerIds = await passOnExpiredOffers(env, now);
  await Promise.all([
    offerIds.length > 0 ? deliverOutbox(env, { ids: offerIds }) : undefined,
    purgeHealthRecords(env, now),
    reencryptHealthRecords(env),
  ]);
}
