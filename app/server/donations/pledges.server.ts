import { and, asc, eq, isNull, sql, sum } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import * as v from "valibot";
import { parseDollarsToCents } from "~/lib/donation";
import { newYorkDate } from "~/lib/format";
import {
  FIELD_MESSAGES,
  formSchema,
  LENGTH,
  requiredChoice,
  requiredEmail,
  requiredText,
  requiredWholeNumber,
} from "~/lib/forms/field-validation";
import { PLEDGE_INTERVAL_MONTHS } from "~/lib/vocabulary";
import type { SessionUser } from "~/lib/session-user";
import { getDb } from "../db/client.server";
import { donations, pledges } from "../db/schema";
import { queueEmails } from "../mail/outbox.server";
import { countedCents } from "./ledger.server";
import { forgetFundraisingProgress } from "./progress.server";
import { buildPledgeReminderEmail } from "./receipts.server";
import { auditEntry } from "../records/audit.server";

/**
 * Pledges (decision 056): a promise is not money, so it is never in a total; its payments are
 * ordinary gifts of the ledger with `pledge_id` set, and what is paid is what they count for by
 * the one rule (refunds, voids and disputes included). Statements therefore list what was paid.
 */

type Pledge = typeof pledges.$inferSelect;

export type PledgeInput = {
  donorName: string;
  donorEmail: string;
  locale: "en" | "es";
  amountCents: number;
  instalments: number;
  intervalMonths: number;
  firstDueOn: string;
  remind: boolean;
};

/** `date` (YYYY-MM-DD) plus whole months, the day clamped to the month's last. */
function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const last = new Date(Date.UTC(Math.floor(index / 12), (index % 12) + 1, 0)).getUTCDate();
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}-${String(Math.min(day, last)).padStart(2, "0")}`;
}

/**
 * The instalments of a pledge with what is paid: equal parts, the cents that do not divide on
 * the last; payments fill the instalments in order, so an instalment is paid once the gifts
 * applied so far cover it and every one before it.
 */
export function pledgeSchedule(pledge: Pledge, paidCents: number) {
  const part = Math.floor(pledge.amountCents / pledge.instalments);
  let covered = 0;
  return Array.from({ length: pledge.instalments }, (_, index) => {
    const cents = index === pledge.instalments - 1 ? pledge.amountCents - part * index : part;
    covered += cents;
    return {
      number: index + 1,
      dueOn: addMonths(pledge.firstDueOn, index * pledge.intervalMonths),
      cents,
      paid: paidCents >= covered,
    };
  });
}

/** A pledge with what its gifts count for: paid, outstanding and its schedule. */
function withPayments(pledge: Pledge, paidCents: number) {
  return {
    ...pledge,
    paidCents,
    outstandingCents: Math.max(0, pledge.amountCents - paidCents),
    schedule: pledgeSchedule(pledge, paidCents),
  };
}

/**
 * What each pledge's payments count for, by the one rule. The outer row is named in full: drizzle
 * leaves a one-table select's columns unqualified, which inside this subquery would mean donations.
 */
const paidOf = sql<number>`coalesce((select ${sum(countedCents)} from ${donations} where ${donations.pledgeId} = "pledges"."id"), 0)`;

/** Staff record a pledge; the audit log keeps who and what. */
export async function createPledge(env: Pick<Env, "DB">, staff: SessionUser, input: PledgeInput) {
  const db = getDb(env);
  const id = crypto.randomUUID();
  await db.batch([
    db.insert(pledges).values({ id, ...input, donorEmail: input.donorEmail.trim().toLowerCase() }),
    auditEntry(db, staff, {
      action: "pledge.create",
      targetType: "pledge",
      targetId: id,
      detail: { amountCents: input.amountCents, instalments: input.instalments },
    }),
  ]);
  return id;
}

/** A donor's pledges, newest first, each with paid, outstanding and schedule. */
export async function pledgesOf(env: Pick<Env, "DB">, email: string) {
  const rows = await getDb(env)
    .select({ pledge: pledges, paid: paidOf })
    .from(pledges)
    .where(eq(pledges.donorEmail, email.trim().toLowerCase()))
    .orderBy(sql`${pledges.createdAt} desc`);
  return rows.map((row) => withPayments(row.pledge, Number(row.paid)));
}

/**
 * Applies a gift already in the ledger (an online one, typically) to one of its donor's open
 * pledges, audited. A gift applies to one pledge at most.
 */
export async function applyGiftToPledge(
  env: Pick<Env, "DB">,
  staff: SessionUser,
  donationId: string,
  pledgeId: string,
): Promise<boolean> {
  const db = getDb(env);
  const [gift] = await db.select().from(donations).where(eq(donations.id, donationId)).limit(1);
  const [pledge] = await db
    .select()
    .from(pledges)
    .where(and(eq(pledges.id, pledgeId), isNull(pledges.canceledAt)))
    .limit(1);
  if (!gift || !pledge || gift.method === "in_kind" || gift.donorEmail !== pledge.donorEmail) return false;
  if (gift.pledgeId === pledgeId) return true;
  await db.batch([
    db.update(donations).set({ pledgeId }).where(eq(donations.id, donationId)),
    auditEntry(db, staff, {
      action: "donation.edit",
      targetType: "donation",
      targetId: donationId,
      detail: { changes: { pledgeId: { before: gift.pledgeId, after: pledgeId } } },
    }),
  ]);
  forgetFundraisingProgress();
  return true;
}

/** How many days before an instalment its reminder goes out. */
export const PLEDGE_REMINDER_DAYS = 7;
/** Pledges one Cron run looks at; the rest wait for the next run five minutes later. */
const REMINDER_BATCH = 200;

/**
 * The Cron part of pledges: for each open pledge whose donor asked for reminders, the next unpaid
 * instalment due within PLEDGE_REMINDER_DAYS gets one e-mail. Its outbox id names the pledge and
 * the instalment, so every run may look again and no donor is reminded twice of one instalment.
 * Two D1 queries whatever the number of pledges; the run's delivery sends the mail (decision 045).
 */
export async function queuePledgeReminders(env: Env, now: Date = new Date()): Promise<number> {
  const db = getDb(env);
  const today = newYorkDate(now);
  const horizon = newYorkDate(new Date(now.getTime() + PLEDGE_REMINDER_DAYS * 86_400_000));
  const rows = await db
    .select({ pledge: pledges, paid: paidOf })
    .from(pledges)
    .where(
      and(
        eq(pledges.remind, true),
        isNull(pledges.canceledAt),
        sql`${pledges.firstDueOn} <= ${horizon}`,
        sql`${paidOf} < ${pledges.amountCents}`,
        sql`not exists (select 1 from outbox where outbox.id = 'pledge-reminder-' || ${pledges.id} || '-' || ${pledges.instalments})`,
      ),
    )
    .orderBy(asc(pledges.firstDueOn))
    .limit(REMINDER_BATCH);
  const mails = [];
  for (const { pledge, paid } of rows) {
    const paidCents = Number(paid);
    const next = pledgeSchedule(pledge, paidCents).find((instalment) => !instalment.paid);
    if (!next || next.dueOn < today || next.dueOn > horizon) continue;
    mails.push({
      id: `pledge-reminder-${pledge.id}-${next.number}`,
      email: await buildPledgeReminderEmail(env, {
        donorName: pledge.donorName,
        donorEmail: pledge.donorEmail,
        locale: pledge.locale,
        dueOn: next.dueOn,
        dueCents: next.cents,
        paidCents,
        totalCents: pledge.amountCents,
        currency: pledge.currency,
      }),
    });
  }
  const [first, ...rest]: BatchItem<"sqlite">[] = queueEmails(db, mails);
  if (!first) return 0;
  const results = await db.batch([first, ...rest]);
  return results.reduce((total, result) => total + (result as D1Result).meta.changes, 0);
}

/** A donor's open pledges, for the gift form's choice of the pledge a payment applies to. */
export async function pledgeOptions(env: Pick<Env, "DB">, email: string) {
  const open = (await pledgesOf(env, email)).filter((pledge) => !pledge.canceledAt);
  return open.map((pledge) => ({
    id: pledge.id,
    firstDueOn: pledge.firstDueOn,
    amountCents: pledge.amountCents,
    outstandingCents: pledge.outstandingCents,
    currency: pledge.currency,
  }));
}

/**
 * The "record a pledge" form, read as the pledge (`parsePostedFields`): who, how much, in how many
 * instalments, from when.
 */
export const PledgeSchema = v.pipe(
  formSchema({
    donorEmail: requiredEmail(),
    donorName: requiredText(LENGTH.name),
    locale: requiredChoice(["en", "es"] as const),
    amount: v.pipe(
      v.string(FIELD_MESSAGES.required),
      v.trim(),
      v.check((text) => (parseDollarsToCents(text) ?? 0) > 0, "gifts:errors.amount"),
      v.transform((text) => parseDollarsToCents(text) ?? 0),
    ),
    instalments: requiredWholeNumber(1, 60),
    intervalMonths: requiredChoice(PLEDGE_INTERVAL_MONTHS.map(String) as ["1", "3", "6", "12"]),
    firstDueOn: v.pipe(
      v.string(FIELD_MESSAGES.required),
      v.regex(/^\d{4}-\d{2}-\d{2}$/, "gifts:errors.date"),
      v.check((text) => !Number.isNaN(Date.parse(text)), "gifts:errors.date"),
    ),
    remind: v.optional(v.string()),
  }),
  v.transform(({ amount, intervalMonths, remind, ...form }): PledgeInput => ({
    ...form,
    amountCents: amount,
    intervalMonths: Number(intervalMonths),
    remind: remind === "on",
  })),
);
