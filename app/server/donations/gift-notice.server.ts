import { and, asc, gte, isNotNull, lt, or, eq } from "drizzle-orm";
import type { TFunction } from "i18next";
import { formatMoney, formatNewYorkDateTime, newYorkDate, newYorkTimeToUtc } from "~/lib/format";
import { getDb } from "../db/client.server";
import { donationAttempts, donations } from "../db/schema";
import { translatorFor } from "../kernel/i18n.server";
import { queueEmail } from "../mail/outbox.server";
import type { OutgoingEmail } from "../mail/message.server";

/**
 * The team hears of every new gift (a one-time gift, or the first payment of a monthly one),
 * with what it needs to follow up: a matching gift to chase, a tribute notice to send. One
 * setting, GIFT_NOTICE (wrangler.toml): "each" mails one notice per gift as its payment is
 * recorded; "daily" mails one digest of the previous New York day from the Cron Trigger
 * (docs/decisions/023-donor-care.md). Team mail is in English, like the form notifications.
 */

type Donation = typeof donations.$inferSelect;
type Attempt = typeof donationAttempts.$inferSelect;
type NoticeEnv = Pick<Env, "DB" | "CACHE" | "SITE_URL" | "TEAM_EMAIL" | "GIFT_NOTICE">;

export type GiftNoticeMode = "each" | "daily";

/** GIFT_NOTICE as set, "each" when unset or unknown, so no gift goes unannounced. */
export function giftNoticeMode(env: Pick<Env, "GIFT_NOTICE">): GiftNoticeMode {
  return env.GIFT_NOTICE === "daily" ? "daily" : "each";
}

/** What the team must do about a gift, as translated lines (none: nothing to do). */
function followUps(t: TFunction, attempt: Attempt | null): string[] {
  if (!attempt) return [];
  const lines: string[] = [];
  if (attempt.employer) lines.push(t("gifts.followUp.matching", { employer: attempt.employer }));
  if (attempt.dedicationType && attempt.dedicationName)
    lines.push(
      attempt.dedicationEmail
        ? t(`gifts.followUp.tributeSent.${attempt.dedicationType}`, {
            name: attempt.dedicationName,
            email: attempt.dedicationEmail,
          })
        : t(`gifts.followUp.tributeToSend.${attempt.dedicationType}`, { name: attempt.dedicationName }),
    );
  if (attempt.anonymous) lines.push(t("gifts.followUp.anonymous"));
  return lines;
}

/** The lines that describe one gift, in a notice or a digest. */
function giftLines(env: NoticeEnv, t: TFunction, donation: Donation, attempt: Attempt | null): string[] {
  const todo = followUps(t, attempt);
  return [
    t(`gifts.line.${donation.frequency}`, {
      amount: formatMoney(donation.amountCents, "en", donation.currency),
      name: donation.donorName,
      email: donation.donorEmail,
    }),
    ...(donation.feeCents > 0 ? [t("gifts.fee", { fee: formatMoney(donation.feeCents, "en") })] : []),
    ...(attempt?.phone ? [t("gifts.phone", { phone: attempt.phone })] : []),
    t("gifts.language", { locale: donation.locale }),
    t("gifts.paidAt", { date: formatNewYorkDateTime(donation.paidAt ?? donation.createdAt, "en", "full") }),
    ...(todo.length > 0
      ? [t("gifts.followUp.title"), ...todo.map((line) => `- ${line}`)]
      : [t("gifts.noFollowUp")]),
    new URL(`/admin/donations/${donation.id}`, env.SITE_URL).toString(),
  ];
}

async function buildGiftNotice(env: NoticeEnv, donation: Donation, attempt: Attempt | null) {
  const t = await translatorFor(env, "en", "email");
  const todo = followUps(t, attempt);
  return {
    to: env.TEAM_EMAIL,
    subject: t(todo.length > 0 ? "gifts.subjectFollowUp" : "gifts.subject", {
      amount: formatMoney(donation.amountCents, "en", donation.currency),
      name: donation.donorName,
    }),
    text: [t("gifts.intro"), "", ...giftLines(env, t, donation, attempt)].join("\n"),
    template: "donation.team",
    locale: "en",
  } satisfies OutgoingEmail;
}

/** The notice for one new gift when GIFT_NOTICE is "each"; nothing when the team takes a digest. */
export async function giftNoticeMails(
  env: NoticeEnv,
  donation: Donation,
  attempt: Attempt | null,
): Promise<{ id: string; email: OutgoingEmail }[]> {
  if (giftNoticeMode(env) !== "each") return [];
  return [{ id: `gift-notice-${donation.id}`, email: await buildGiftNotice(env, donation, attempt) }];
}

/**
 * With GIFT_NOTICE "daily": one digest of the new gifts paid on the previous New York day,
 * queued by the Cron Trigger, whose delivery sends it. Its outbox id names the day, so every later run that day finds it
 * queued and adds nothing. Returns the outbox id queued now, or null.
 */
export async function queueDailyGiftDigest(env: Env, now = new Date()): Promise<string | null> {
  if (giftNoticeMode(env) !== "daily") return null;
  const today = newYorkDate(now);
  const start = newYorkTimeToUtc(newYorkDate(new Date(newYorkTimeToUtc(today).getTime() - 12 * 3_600_000)));
  const day = newYorkDate(start);
  const end = newYorkTimeToUtc(today);
  const db = getDb(env);
  const rows = await db
    .select({ donation: donations, attempt: donationAttempts })
    .from(donations)
    .leftJoin(donationAttempts, eq(donations.attemptId, donationAttempts.id))
    .where(
      and(
        eq(donations.status, "succeeded"),
        // A new gift: one-time, or the first payment of a monthly gift (it names its attempt).
        or(eq(donations.frequency, "one-time"), isNotNull(donations.attemptId)),
        gte(donations.paidAt, start.toISOString()),
        lt(donations.paidAt, end.toISOString()),
      ),
    )
    .orderBy(asc(donations.paidAt));
  if (rows.length === 0) return null;
  const t = await translatorFor(env, "en", "email");
  const total = rows.reduce((sum, row) => sum + row.donation.amountCents, 0);
  const needing = rows.filter((row) => followUps(t, row.attempt).length > 0).length;
  const id = `gift-digest-${day}`;
  const email: OutgoingEmail = {
    to: env.TEAM_EMAIL,
    subject: t("gifts.digest.subject", { count: rows.length, date: day, amount: formatMoney(total, "en") }),
    text: [
      t("gifts.digest.intro", { count: rows.length, date: day, followUps: needing }),
      ...rows.flatMap((row) => ["", ...giftLines(env, t, row.donation, row.attempt)]),
    ].join("\n"),
    template: "donation.team-digest",
    locale: "en",
  };
  const [queued] = await queueEmail(db, email, id).onConflictDoNothing().returning();
  // The Cron run's delivery, which follows, sends it.
  return queued ? id : null;
}
