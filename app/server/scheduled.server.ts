import { pruneExpiredSessions } from "./auth/sessions.server";
import { deliverOutbox } from "./mail/outbox.server";
import { pruneRateLimits } from "./kernel/rate-limit.server";

/**
 * The Cron Trigger (wrangler.toml): retry mail that is due at the run's scheduled time, clear
 * old rate-limit windows and expired sessions.
 */
export async function handleScheduled(env: Env, scheduledTime: number = Date.now()) {
  await Promise.all([
    deliverOutbox(env, { now: new Date(scheduledTime) }),
    pruneRateLimits(env),
    pruneExpiredSessions(env),
  ]);
}
