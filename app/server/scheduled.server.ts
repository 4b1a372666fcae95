import { continueNewsletterSends } from "./admin/newsletters.server";
import { pruneExpiredSessions } from "./auth/sessions.server";
import { deliverOutbox } from "./mail/outbox.server";
import { pruneRateLimits } from "./kernel/rate-limit.server";

/**
 * The Cron Trigger (wrangler.toml): queue the next step of any newsletter being sent, then send
 * mail that is due at the run's scheduled time; clear old rate-limit windows and expired sessions.
 */
export async function handleScheduled(env: Env, scheduledTime: number = Date.now()) {
  await Promise.all([
    continueNewsletterSends(env).then(() => deliverOutbox(env, { now: new Date(scheduledTime) })),
    pruneRateLimits(env),
    pruneExpiredSessions(env),
  ]);
}
