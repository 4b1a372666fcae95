import { deliverOutbox } from "./mail/outbox.server";
import { pruneRateLimits } from "./rate-limit.server";

/** The Cron Trigger (wrangler.toml): retry mail that is due, and clear old rate-limit windows. */
export async function handleScheduled(env: Env) {
  await Promise.all([deliverOutbox(env), pruneRateLimits(env)]);
}
