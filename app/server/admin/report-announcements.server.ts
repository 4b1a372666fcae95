import { and, desc, eq, isNotNull, lte, notExists, sql } from "drizzle-orm";
import { getDb } from "../db/client.server";
import { contentEntries, contentVersions, newsletters, users } from "../db/schema";
import { announceReport } from "./newsletters.server";

/**
 * How many scheduled reports one Cron run announces: each is a newsletter's first step (a
 * hundred messages queued), so a few keep the run within its limits (decision 045); a sixth
 * waits five minutes.
 */
const REPORTS_PER_RUN = 3;

/**
 * The Cron's part of a report's announcement (decision 059): a report published with a "publish
 * on" moment shows by itself when the moment comes (decision 053), and is announced by the first
 * run after it, on behalf of whoever saved it last. Only scheduled reports are looked at: one
 * published at once was announced by its save, and the sample import's never promised a mail.
 * The id (`report-<entry id>`) makes a run that overlaps a save, or a second run, send
 * nothing more.
 */
export async function announceDueReports(env: Env, now: Date) {
  const db = getDb(env);
  const due = await db
    .select({ id: contentEntries.id, fields: contentEntries.fields })
    .from(contentEntries)
    .where(
      and(
        eq(contentEntries.type, "report"),
        eq(contentEntries.status, "published"),
        isNotNull(contentEntries.publishAt),
        lte(contentEntries.publishAt, now.toISOString()),
        notExists(
          db
            .select({ id: newsletters.id })
            .from(newsletters)
            .where(eq(newsletters.id, sql`'report-' || ${contentEntries.id}`)),
        ),
      ),
    )
    .limit(REPORTS_PER_RUN);
  for (const report of due) {
    const [saver] = await db
      .select({ id: users.id, name: users.name, email: users.email, role: users.role })
      .from(contentVersions)
      .innerJoin(users, eq(users.id, contentVersions.savedBy))
      .where(eq(contentVersions.entryId, report.id))
      .orderBy(desc(contentVersions.number))
      .limit(1);
    // The newest version whose saver still has an account; with none, there is no one to send
    // it as, and the report stays unannounced (its page shows all the same).
    if (!saver) continue;
    const fields = report.fields as {
      title: { en: string; es: string };
      summary: { en: string; es: string };
    };
    await announceReport(env, saver, { id: report.id, title: fields.title, summary: fields.summary });
  }
}
