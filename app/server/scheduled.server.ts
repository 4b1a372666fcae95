import { continueNewsletterSends } from "./admin/newsletters.server";
import { announceDueReports } from "./admin/report-announcements.server";
import { pruneExpiredSessions } from "./auth/sessions.server";
import { queueDailyGiftDigest } from "./donations/gift-notice.server";
import { queuePledgeReminders } from "./donations/pledges.server";
import { isStatementSeason, runYearEndStatements, statementYearFor } from "./donations/statement.server";
import { pruneAbandonedRsvps } from "./events/registrations.server";
import { continueImports } from "./imports/jobs.server";
import { runFamiliesCron } from "./families/cron.server";
import { CRON_MAIL_LIMIT, deliverOutbox } from "./mail/outbox.server";
import { pruneRateLimits } from "./kernel/rate-limit.server";
import { runVolunteerNotices } from "./volunteers/notices.server";

/**
 * The Cron Trigger (wrangler.toml, every five minutes): queue the next steps of any newsletter
 * being sent, the team's daily gift digest when GIFT_NOTICE is "daily", pledge reminders, the
 * volunteers' day-before shift reminders and clearance-expiry notices (decision 055), and in January (New York time) the next
 * passes of last year's statements; then send what is due by the end of the queuing, at most
 * CRON_MAIL_LIMIT messages; and clear old rate-limit windows, expired sessions, keys never
 * confirmed and RSVPs never confirmed; and move on by one batch a spreadsheet import nobody is watching
 * (decision 069).
 * Each part is bounded so the whole run stays within half the Workers Paid plan's per-invocation
 * limits, and what is left waits for the next run (docs/decisions/045-within-the-platform-limits.md).
 */
export async function handleScheduled(env: Env, scheduledTime: number = Date.now()) {
  const now = new Date(scheduledTime);
  const results = await Promise.allSettled([
    Promise.allSettled([
      continueNewsletterSends(env),
      announceDueReports(env, now),
      queueDailyGiftDigest(env, now),
      queuePledgeReminders(env, now),
      isStatementSeason(now) ? runYearEndStatements(env, statementYearFor(now)) : undefined,
      runFamiliesCron(env, now),
      runVolunteerNotices(env, now),
    ]).then(async (queued) => {
      // What was queued goes out in this run; a part that failed does not stop the others' mail.
      // Cloudflare's scheduled time is the Cron's minute, a moment before the parts queued their
      // mail, so what is due is judged now, or it would wait five minutes for the next run.
      await deliverOutbox(env, {
        now: new Date(Math.max(scheduledTime, Date.now())),
        limit: CRON_MAIL_LIMIT,
      });
      for (const result of queued) if (result.status === "rejected") throw result.reason;
    }),
    pruneRateLimits(env),
    pruneExpiredSessions(env, now),
    pruneAbandonedRsvps(env, now),
    continueImports(env, now),
  ]);
  // A failed part still fails the run, so the Cron's own log shows it.
  for (const result of results) if (result.status === "rejected") throw result.reason;
}
