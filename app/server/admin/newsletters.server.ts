import { and, asc, count, eq, notExists, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import * as v from "valibot";
import { toLocale, type Locale } from "~/lib/i18n";
import type { SessionUser } from "~/lib/session-user";
import { getDb, insertJsonRows } from "../db/client.server";
import { newsletterDeliveries, newsletters, subscribers } from "../db/schema";
import { translatorFor } from "../kernel/i18n.server";
import type { OutgoingEmail } from "../mail/message.server";
import { deliverOutbox, queueEmail, queueEmails } from "../mail/outbox.server";
import { newsletterIssueMail } from "../newsletter.server";
import { fieldChanges, auditEntry } from "../records/audit.server";
import { listQuery, newestFirstPage } from "../records/list.server";

/** Subscribers queued per step; the Cron Trigger takes the next steps until everyone has it. */
const NEWSLETTER_BATCH = 100;
/**
 * Steps one Cron run takes of each send under way: about as many messages as a run delivers
 * (CRON_MAIL_LIMIT), at about five D1 queries a step (decision 045).
 */
const NEWSLETTER_STEPS_PER_RUN = 3;
/** Subscribers one Cron run queues, and so about how many it sends (the page says so). */
export const NEWSLETTER_PER_CRON_RUN = NEWSLETTER_BATCH * NEWSLETTER_STEPS_PER_RUN;

type MailEnv = Env;
type Issue = typeof newsletters.$inferSelect;
export type NewsletterInput = Pick<Issue, "subjectEn" | "bodyEn" | "subjectEs" | "bodyEs">;

export async function listNewsletters(env: Pick<Env, "DB">, url: URL) {
  const db = getDb(env);
  return newestFirstPage(db, listQuery(v.object({}), url), {
    table: newsletters,
    where: undefined,
    rows: db.select().from(newsletters).$dynamic(),
  });
}

export async function getNewsletter(env: Pick<Env, "DB">, id: string) {
  const [row] = await getDb(env).select().from(newsletters).where(eq(newsletters.id, id));
  return row ?? null;
}

/** Confirmed subscribers per language, and how many of them still wait for this issue. */
export async function audienceOf(env: Pick<Env, "DB">, id: string) {
  const rows = await getDb(env)
    .select({
      locale: subscribers.locale,
      total: count(),
      waiting: sql<number>`sum(case when ${newsletterDeliveries.subscriberId} is null then 1 else 0 end)`,
    })
    .from(subscribers)
    .leftJoin(
      newsletterDeliveries,
      and(eq(newsletterDeliveries.subscriberId, subscribers.id), eq(newsletterDeliveries.newsletterId, id)),
    )
    .where(eq(subscribers.status, "confirmed"))
    .groupBy(subscribers.locale);
  const byLocale = Object.fromEntries(rows.map((row) => [row.locale, row.total])) as Record<string, number>;
  return {
    en: byLocale.en ?? 0,
    es: byLocale.es ?? 0,
    total: rows.reduce((sum, row) => sum + row.total, 0),
    waiting: rows.reduce((sum, row) => sum + Number(row.waiting ?? 0), 0),
  };
}

export async function createNewsletter(env: Pick<Env, "DB">, actor: SessionUser, input: NewsletterInput) {
  const db = getDb(env);
  const id = crypto.randomUUID();
  await db.batch([
    db.insert(newsletters).values({ id, ...input, createdBy: actor.id }),
    auditEntry(db, actor, {
      action: "newsletter.create",
      targetType: "newsletter",
      targetId: id,
      detail: { subject: input.subjectEn || input.subjectEs },
    }),
  ]);
  return id;
}

/** Only a draft can change: what was sent stays what it was. */
export async function updateNewsletter(
  env: Pick<Env, "DB">,
  actor: SessionUser,
  id: string,
  input: NewsletterInput,
): Promise<"saved" | "not-found" | "not-draft"> {
  const db = getDb(env);
  const before = await getNewsletter(env, id);
  if (!before) return "not-found";
  if (before.status !== "draft") return "not-draft";
  await db.batch([
    db
      .update(newsletters)
      .set({ ...input, updatedAt: new Date().toISOString() })
      .where(and(eq(newsletters.id, id), eq(newsletters.status, "draft"))),
    auditEntry(db, actor, {
      action: "newsletter.update",
      targetType: "newsletter",
      targetId: id,
      detail: { changes: fieldChanges(before, input) },
    }),
  ]);
  return "saved";
}

async function issueMail(env: MailEnv, issue: Issue, to: { email: string; locale: Locale }) {
  const t = await translatorFor(env, to.locale, "email");
  const words =
    to.locale === "es"
      ? { subject: issue.subjectEs, body: issue.bodyEs }
      : { subject: issue.subjectEn, body: issue.bodyEn };
  return newsletterIssueMail(env, words, to, t);
}

/** Each written language to the writer's own address (a draft may lack one, decision 053), marked as a test; audited. */
export async function sendNewsletterTest(
  env: MailEnv,
  ctx: Pick<ExecutionContext, "waitUntil">,
  actor: SessionUser,
  id: string,
) {
  const db = getDb(env);
  const issue = await getNewsletter(env, id);
  if (!issue) return false;
  const written = (["en", "es"] as const).filter((locale) =>
    locale === "en" ? issue.subjectEn || issue.bodyEn : issue.subjectEs || issue.bodyEs,
  );
  const mails = await Promise.all(
    written.map((locale) => issueMail(env, issue, { email: actor.email, locale })),
  );
  const ids = mails.map(() => crypto.randomUUID());
  await db.batch([
    auditEntry(db, actor, {
      action: "newsletter.test",
      targetType: "newsletter",
      targetId: id,
      detail: { email: actor.email },
    }),
    ...mails.map((mail, index) =>
      queueEmail(db, { ...mail, subject: `[Test] ${mail.subject}`, template: "newsletter.test" }, ids[index]),
    ),
  ]);
  ctx.waitUntil(deliverOutbox(env, { ids }));
  return true;
}

/**
 * Queues the issue for the next `limit` confirmed subscribers who do not have it yet. Each
 * recipient is a row of newsletter_deliveries (primary key issue + subscriber) and an outbox
 * message whose id is made from both, so a step that runs twice, or two steps at once, queue
 * nobody twice. When nobody is left the issue is marked sent. The rows go in as JSON, a few
 * statements a step whatever its size (decision 045).
 */
export async function sendNewsletterStep(env: MailEnv, id: string, limit = NEWSLETTER_BATCH) {
  const db = getDb(env);
  const issue = await getNewsletter(env, id);
  if (!issue || issue.status !== "sending") return { queued: 0, done: true };
  const batch = await db
    .select({ id: subscribers.id, email: subscribers.email, locale: subscribers.locale })
    .from(subscribers)
    .where(
      and(
        eq(subscribers.status, "confirmed"),
        notExists(
          db
            .select({ one: sql`1` })
            .from(newsletterDeliveries)
            .where(
              and(
                eq(newsletterDeliveries.newsletterId, id),
                eq(newsletterDeliveries.subscriberId, subscribers.id),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(subscribers.id))
    .limit(limit);
  const recipients: { subscriberId: string; outboxId: string }[] = [];
  const mails: { id: string; email: OutgoingEmail }[] = [];
  for (const subscriber of batch) {
    const outboxId = `newsletter:${id}:${subscriber.id}`;
    recipients.push({ subscriberId: subscriber.id, outboxId });
    const mail = await issueMail(env, issue, {
      email: subscriber.email,
      locale: toLocale(subscriber.locale),
    });
    mails.push({ id: outboxId, email: { ...mail, template: "newsletter.issue" } });
  }
  const statements: BatchItem<"sqlite">[] =
    recipients.length > 0
      ? [
          insertJsonRows(db, newsletterDeliveries, recipients, { newsletterId: id }),
          ...queueEmails(db, mails),
        ]
      : [];
  const done = batch.length < limit;
  const sentCount = db.$count(newsletterDeliveries, eq(newsletterDeliveries.newsletterId, id));
  const finish = db
    .update(newsletters)
    .set({
      sentCount: sql`(${sentCount})`,
      updatedAt: new Date().toISOString(),
      ...(done ? { status: "sent" as const, sentAt: new Date().toISOString() } : {}),
    })
    .where(and(eq(newsletters.id, id), eq(newsletters.status, "sending")));
  // The count is taken after the inserts, in the same batch.
  const [first, ...rest]: BatchItem<"sqlite">[] = [...statements, finish];
  await db.batch([first!, ...rest]);
  return { queued: batch.length, done };
}

/**
 * The send button: a draft becomes "sending" (one conditional update, so a double click starts
 * one send), the start is audited with the audience, and the first step is queued at once. The
 * request sends nothing: the Cron Trigger delivers, a few hundred a run (decision 045).
 */
export async function startNewsletterSend(
  env: MailEnv,
  actor: SessionUser,
  id: string,
): Promise<"started" | "not-found" | "not-draft"> {
  const db = getDb(env);
  const issue = await getNewsletter(env, id);
  if (!issue) return "not-found";
  const audience = await audienceOf(env, id);
  const now = new Date().toISOString();
  const [started] = await db
    .update(newsletters)
    .set({ status: "sending", sentBy: actor.id, sentByName: actor.name || actor.email, sendStartedAt: now })
    .where(and(eq(newsletters.id, id), eq(newsletters.status, "draft")))
    .returning({ id: newsletters.id });
  if (!started) return "not-draft";
  await auditEntry(db, actor, {
    action: "newsletter.send",
    targetType: "newsletter",
    targetId: id,
    detail: { subject: issue.subjectEn, recipients: audience.total, en: audience.en, es: audience.es },
  });
  await sendNewsletterStep(env, id);
  return "started";
}

/**
 * /reports promises subscribers each report when it is published (docs/product.md): the first
 * publication of a report becomes a newsletter issue in both languages, its summary and a link to
 * /reports, sent like any issue: each confirmed subscriber in their language, the first step at
 * once and the rest by the Cron Trigger (decisions 022, 045, 052). Its id is the report's, so
 * publishing the report again, or twice at once, sends nothing more.
 */
export async function announceReport(
  env: MailEnv,
  actor: SessionUser,
  report: { id: string; title: { en: string; es: string }; summary: { en: string; es: string } },
): Promise<string | null> {
  const db = getDb(env);
  const id = `report-${report.id}`;
  const words = async (locale: Locale) => {
    const t = await translatorFor(env, locale, "email");
    const link = new URL("/reports", env.SITE_URL);
    if (locale !== "en") link.searchParams.set("lng", locale);
    const title = report.title[locale] || report.title.en;
    return {
      subject: t("reportAnnouncement.subject", { title }),
      body: t("reportAnnouncement.body", {
        summary: report.summary[locale] || report.summary.en,
        link: link.toString(),
      }),
    };
  };
  const [en, es] = await Promise.all([words("en"), words("es")]);
  const now = new Date().toISOString();
  const [created] = await db
    .insert(newsletters)
    .values({
      id,
      subjectEn: en.subject,
      bodyEn: en.body,
      subjectEs: es.subject,
      bodyEs: es.body,
      status: "sending",
      createdBy: actor.id,
      sentBy: actor.id,
      sentByName: actor.name || actor.email,
      sendStartedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: newsletters.id });
  if (!created) return null;
  const audience = await audienceOf(env, id);
  await auditEntry(db, actor, {
    action: "newsletter.send",
    targetType: "newsletter",
    targetId: id,
    detail: { subject: en.subject, recipients: audience.total, en: audience.en, es: audience.es },
  });
  await sendNewsletterStep(env, id);
  return id;
}

/** One more step of a send that is under way (the page's "continue" button); the Cron Trigger delivers it. */
export function continueNewsletterSend(env: MailEnv, id: string) {
  return sendNewsletterStep(env, id);
}

/**
 * The Cron Trigger's part: a few steps of every send under way; the outbox delivery that follows
 * in the same run sends them.
 */
export async function continueNewsletterSends(env: MailEnv) {
  const sending = await getDb(env)
    .select({ id: newsletters.id })
    .from(newsletters)
    .where(eq(newsletters.status, "sending"));
  for (const issue of sending)
    for (let step = 0; step < NEWSLETTER_STEPS_PER_RUN; step++)
      if ((await sendNewsletterStep(env, issue.id)).done) break;
}
