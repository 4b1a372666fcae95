import { continueNewsletterSends } from "./admin/newsletters.server";
import { pruneExpiredSessions } from "./auth/sessions.server";
import { queueDailyGiftDigest } from "./donations/gift-notice.server";
import { isStatementSeason, runYearEndStatements, statementYearFor } from "./donations/statement.server";
import { deliverOutbox } from "./mail/outbox.server";
import { pruneRateLimits } from "./kernel/rate-limit.server";

/**
 * The Cron Trigger (wrangler.toml): queue the next step of any newsletter being sent, then send
 * mail that is due at the run's scheduled time; clear old rate-limit windows and expired sessions;
 * the team's daily gift digest when GIFT_NOTICE is "daily"; and in January (New York time) the
 * next batch of last year's statements.
 */
export async function handleScheduled(env: Env, scheduledTime: number = Date.now()) {
  const now = new Date(scheduledTime);
  await Promise.all([
    continueNewsletterSends(env).then(() => deliverOutbox(env, { now })),
    pruneRateLimits(env),
    pruneExpiredSessions(env),
    queueDailyGiftDigest(env, now),
    isStatementSeason(now) ? runYearEndStatements(env, statementYearFor(now)) : undefined,
  ]);
}
