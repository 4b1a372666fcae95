import { pruneExpiredSessions } from "./auth/sessions.server";
import { deliverOutbox } from "./mail/outbox.server";
import { pruneRateLimits } from "./rate-limit.server";

/** The Cron Trigger (wrangler.toml): retry mail that is due, clear old rate-limit windows and expired sessions. */
export async function handleScheduled(env: Env) {
  await Promise.all([deliverOutbox(env), pruneRateLimits(env), pruneExpiredSessions(env)]);
}
