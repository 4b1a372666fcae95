import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import * as v from "valibot";
import { parseDollarsToCents } from "~/lib/donation";
import { newYorkTimeToUtc } from "~/lib/format";
import {
  FIELD_MESSAGES,
  formSchema,
  LENGTH,
  messageWith,
  requiredChoice,
  requiredEmail,
  requiredText,
  singleLine,
} from "~/lib/forms/field-validation";
import type { SessionUser } from "~/lib/session-user";
import {
  OFFLINE_GIFT_METHODS,
  SOFT_CREDIT_KINDS,
  type GiftMethod,
  type SoftCreditKind,
} from "~/lib/vocabulary";
import { fieldChanges, auditEntry } from "../records/audit.server";
import { getDb } from "../db/client.server";
import { auditLog, donations, pledges, softCredits } from "../db/schema";
import { queueEmail } from "../mail/outbox.server";
import type { DonationMail } from "./payments.server";
import { forgetFundraisingProgress } from "./progress.server";
import { buildGiftReceiptEmail } from "./receipts.server";

/**
 * Gifts staff record by hand: cheques, cash, transfers, stock, donor-advised funds and in-kind
 * gifts. Each is a row of the same `donations` ledger as a Stripe gift, so the one counting rule
 * (ledger.server.ts) counts it in the goal, the donor's page and the statement
 * (docs/decisions/056-every-gift-counted.md).
 */

export type OfflineGiftInput = {
  method: Exclude<GiftMethod, "online">;
  /** The day the gift was received, a New York date (YYYY-MM-DD). */
  receivedOn: string;
  /** 0 for an in-kind gift: the donor values it, not us. */
  amountCents: number;
  donorName: string;
  donorEmail: string;
  locale: "en" | "es";
  designation: string | null;
  note: string | null;
  checkNumber: string | null;
  dafSponsor: string | null;
  inKindDescription: string | null;
  estimateCents: number | null;
  pledgeId: string | null;
  softCredit: { email: string; name: string; kind: SoftCreditKind } | null;
  sendReceipt: boolean;
};

/** The fields staff may change on a recorded gift; every change is audited before and after. */
const EDITABLE = [
  "amountCents",
  "paidAt",
  "donorName",
  "designation",
  "note",
  "checkNumber",
  "dafSponsor",
  "inKindDescription",
  "estimateCents",
  "pledgeId",
] as const;

/** The columns an input sets; only what belongs to its method is kept. */
function giftColumns(input: OfflineGiftInput) {
  const inKind = input.method === "in_kind";
  return {
    amountCents: inKind ? 0 : input.amountCents,
    paidAt: newYorkTimeToUtc(input.receivedOn, "12:00").toISOString(),
    donorName: input.donorName,
    designation: input.designation,
    note: input.note,
    checkNumber: input.method === "check" ? input.checkNumber : null,
    dafSponsor: input.method === "daf" ? input.dafSponsor : null,
    inKindDescription: inKind ? input.inKindDescription : null,
    estimateCents: inKind ? input.estimateCents : null,
    pledgeId: inKind ? null : input.pledgeId,
  };
}

/** A pledge of this donor that is open, or null: payments apply only to the donor's own pledge. */
async function openPledgeOf(env: Pick<Env, "DB">, pledgeId: string | null, email: string) {
  if (!pledgeId) return null;
  const [pledge] = await getDb(env)
    .select({ id: pledges.id })
    .from(pledges)
    .where(and(eq(pledges.id, pledgeId), eq(pledges.donorEmail, email), sql`${pledges.canceledAt} is null`))
    .limit(1);
  return pledge?.id ?? null;
}

/** The ledger row of a gift staff recorded or imported: succeeded, paid at noon on the day received. */
export function offlineGiftRow(
  staff: { id: string | null },
  input: OfflineGiftInput,
  id: string,
  importKey: string | null = null,
): typeof donations.$inferSelect {
  const now = new Date().toISOString();
  return {
    id,
    attemptId: null,
    recurringGiftId: null,
    frequency: "one-time",
    feeCents: 0,
    currency: "usd",
    status: "succeeded",
    donorEmail: input.donorEmail.trim().toLowerCase(),
    locale: input.locale,
    anonymous: false,
    stripeCheckoutSessionId: null,
    stripeInvoiceId: null,
    stripePaymentIntentId: null,
    stripeChargeId: null,
    stripeCustomerId: null,
    userId: null,
    refundedCents: 0,
    refundedAt: null,
    disputeStatus: null,
    stripeDisputeId: null,
    method: input.method,
    recordedBy: staff.id,
    importKey,
    importId: null,
    createdAt: now,
    updatedAt: now,
    ...giftColumns(input),
  };
}

/**
 * Records an offline gift, its soft credit and its audit row in one batch, with its receipt
 * queued in the same batch unless staff unticked "send receipt". Returns the gift and the mail
 * to deliver after the answer.
 */
export async function recordOfflineGift(
  env: Env,
  staff: SessionUser,
  input: OfflineGiftInput,
): Promise<{ id: string; mails: DonationMail[] } | { error: "pledge" }> {
  const db = getDb(env);
  const email = input.donorEmail.trim().toLowerCase();
  const pledgeId = await openPledgeOf(env, input.pledgeId, email);
  if (input.pledgeId && !pledgeId) return { error: "pledge" };
  const gift = offlineGiftRow(staff, { ...input, pledgeId }, crypto.randomUUID());
  const id = gift.id;
  const mails = input.sendReceipt
    ? [{ id: `receipt-${id}`, email: await buildGiftReceiptEmail(env, gift, null) }]
    : [];
  const statements: BatchItem<"sqlite">[] = [
    db.insert(donations).values(gift),
    ...(input.softCredit
      ? [
          db.insert(softCredits).values({
            id: crypto.randomUUID(),
            donationId: id,
            email: input.softCredit.email.trim().toLowerCase(),
            name: input.softCredit.name,
            kind: input.softCredit.kind,
          }),
        ]
      : []),
    auditEntry(db, staff, {
      action: "donation.record",
      targetType: "donation",
      targetId: id,
      detail: { method: input.method, amountCents: gift.amountCents, receipt: input.sendReceipt },
    }),
    ...mails.map((mail) => queueEmail(db, mail.email, mail.id)),
  ];
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  forgetFundraisingProgress();
  return { id, mails };
}

/**
 * Changes a recorded gift. Only offline gifts can be edited (Stripe's are Stripe's to change);
 * the audit row keeps each changed field before and after, so nothing is silently overwritten.
 */
export async function editOfflineGift(
  env: Env,
  staff: SessionUser,
  id: string,
  input: OfflineGiftInput,
): Promise<"edited" | "unchanged" | "not-found" | "pledge"> {
  const db = getDb(env);
  const [before] = await db.select().from(donations).where(eq(donations.id, id)).limit(1);
  if (!before || before.method === "online" || before.status === "voided") return "not-found";
  const pledgeId = await openPledgeOf(env, input.pledgeId, before.donorEmail);
  if (input.pledgeId && !pledgeId) return "pledge";
  const after = giftColumns({ ...input, method: before.method as OfflineGiftInput["method"], pledgeId });
  const changes = fieldChanges(
    Object.fromEntries(EDITABLE.map((field) => [field, before[field]])),
    Object.fromEntries(EDITABLE.map((field) => [field, after[field]])),
  );
  if (Object.keys(changes).length === 0) return "unchanged";
  await db.batch([
    db
      .update(donations)
      .set({ ...after, updatedAt: new Date().toISOString() })
      .where(eq(donations.id, id)),
    auditEntry(db, staff, {
      action: "donation.edit",
      targetType: "donation",
      targetId: id,
      detail: { changes },
    }),
  ]);
  forgetFundraisingProgress();
  return "edited";
}

/** Voids a recorded gift (entered in error, a cheque that bounced): it stays, counting 0, audited. */
export async function voidOfflineGift(env: Env, staff: SessionUser, id: string, reason: string) {
  const db = getDb(env);
  const [gift] = await db.select().from(donations).where(eq(donations.id, id)).limit(1);
  if (!gift || gift.method === "online" || gift.status === "voided") return false;
  await db.batch([
    db
      .update(donations)
      .set({ status: "voided", updatedAt: new Date().toISOString() })
      .where(eq(donations.id, id)),
    auditEntry(db, staff, {
      action: "donation.void",
      targetType: "donation",
      targetId: id,
      detail: { reason, changes: { status: { before: gift.status, after: "voided" } } },
    }),
  ]);
  forgetFundraisingProgress();
  return true;
}

/** Credits a gift (online or offline) to another person as well, audited; never twice to one. */
export async function addSoftCredit(
  env: Env,
  staff: SessionUser,
  donationId: string,
  credit: { email: string; name: string; kind: SoftCreditKind },
): Promise<boolean> {
  const db = getDb(env);
  const [gift] = await db.select({ id: donations.id }).from(donations).where(eq(donations.id, donationId));
  if (!gift) return false;
  const email = credit.email.trim().toLowerCase();
  await db.batch([
    db
      .insert(softCredits)
      .values({ id: crypto.randomUUID(), donationId, email, name: credit.name, kind: credit.kind })
      .onConflictDoNothing(),
    auditEntry(db, staff, {
      action: "donation.soft-credit",
      targetType: "donation",
      targetId: donationId,
      detail: { email, kind: credit.kind },
    }),
  ]);
  return true;
}

/**
 * The donor fields of a new gift or pledge: `?email=` names a donor, and one already in the ledger
 * comes with their name and language (the form's "find by e-mail").
 */
export async function donorFieldsFromUrl(env: Pick<Env, "DB">, url: URL) {
  const email = url.searchParams.get("email")?.trim().toLowerCase() ?? "";
  const [gift] = email
    ? await getDb(env)
        .select({ name: donations.donorName, locale: donations.locale })
        .from(donations)
        .where(eq(donations.donorEmail, email))
        .orderBy(desc(donations.createdAt))
        .limit(1)
    : [];
  return { donorEmail: email, donorName: gift?.name ?? "", locale: gift?.locale ?? "en" };
}

const dollars = v.pipe(
  v.optional(v.string(), ""),
  v.trim(),
  v.check((text) => text === "" || parseDollarsToCents(text) !== null, "gifts:errors.amount"),
  v.transform((text) => (text === "" ? null : parseDollarsToCents(text))),
);
const optionalLine = (max: number) =>
  v.pipe(
    v.optional(v.string(), ""),
    v.trim(),
    v.maxLength(max, messageWith("common:forms.tooLong", { max })),
    singleLine(),
    v.transform((text) => text || null),
  );

/**
 * The "record a gift" form, read as the gift to record (`parsePostedFields`). A field that belongs
 * to one method is required for it (a cheque's number, a DAF's sponsor, an in-kind gift's
 * description); a money gift needs an amount.
 */
export const OfflineGiftSchema = v.pipe(
  formSchema({
    method: requiredChoice(OFFLINE_GIFT_METHODS),
    receivedOn: v.pipe(
      v.string(FIELD_MESSAGES.required),
      v.regex(/^\d{4}-\d{2}-\d{2}$/, "gifts:errors.date"),
      v.check((text) => !Number.isNaN(Date.parse(text)), "gifts:errors.date"),
    ),
    amount: dollars,
    donorEmail: requiredEmail(),
    donorName: requiredText(LENGTH.name),
    locale: requiredChoice(["en", "es"] as const),
    designation: optionalLine(LENGTH.short),
    note: v.pipe(
      v.optional(v.string(), ""),
      v.trim(),
      v.maxLength(LENGTH.long, messageWith("common:forms.tooLong", { max: LENGTH.long })),
      v.transform((text) => text || null),
    ),
    checkNumber: optionalLine(40),
    dafSponsor: optionalLine(LENGTH.short),
    inKindDescription: optionalLine(LENGTH.short),
    estimate: dollars,
    pledgeId: optionalLine(60),
    softCreditEmail: v.pipe(
      v.optional(v.string(), ""),
      v.trim(),
      v.check((text) => text === "" || v.is(requiredEmail(), text), FIELD_MESSAGES.email),
      v.transform((text) => text.toLowerCase() || null),
    ),
    softCreditName: optionalLine(LENGTH.name),
    softCreditKind: v.optional(v.picklist(["", ...SOFT_CREDIT_KINDS] as const, FIELD_MESSAGES.choice), ""),
    sendReceipt: v.optional(v.string()),
  }),
  // Each rule runs once the fields it reads are valid, so every message shows at once.
  v.forward(
    v.partialCheck(
      [["method"], ["amount"]],
      (form) => form.method === "in_kind" || (form.amount ?? 0) > 0,
      "gifts:errors.amount",
    ),
    ["amount"],
  ),
  v.forward(
    v.partialCheck(
      [["method"], ["inKindDescription"]],
      (form) => form.method !== "in_kind" || form.inKindDescription !== null,
      FIELD_MESSAGES.required,
    ),
    ["inKindDescription"],
  ),
  v.forward(
    v.partialCheck(
      [["method"], ["checkNumber"]],
      (form) => form.method !== "check" || form.checkNumber !== null,
      FIELD_MESSAGES.required,
    ),
    ["checkNumber"],
  ),
  v.forward(
    v.partialCheck(
      [["method"], ["dafSponsor"]],
      (form) => form.method !== "daf" || form.dafSponsor !== null,
      FIELD_MESSAGES.required,
    ),
    ["dafSponsor"],
  ),
  v.forward(
    v.partialCheck(
      [["softCreditEmail"], ["softCreditName"], ["softCreditKind"]],
      (form) => form.softCreditEmail === null || (form.softCreditName !== null && form.softCreditKind !== ""),
      "gifts:errors.softCredit",
    ),
    ["softCreditEmail"],
  ),
  v.transform(
    ({
      amount,
      estimate,
      softCreditEmail,
      softCreditName,
      softCreditKind,
      sendReceipt,
      ...form
    }): OfflineGiftInput => ({
      ...form,
      amountCents: amount ?? 0,
      estimateCents: estimate,
      softCredit:
        softCreditEmail && softCreditName && softCreditKind
          ? { email: softCreditEmail, name: softCreditName, kind: softCreditKind }
          : null,
      // A new form has the box ticked; unticked, the browser sends nothing.
      sendReceipt: sendReceipt === "on",
    }),
  ),
);

/** What the change page shows of one gift: the row, its soft credits and its audited history. */
export async function giftForChange(env: Pick<Env, "DB">, id: string) {
  const db = getDb(env);
  const [gift] = await db.select().from(donations).where(eq(donations.id, id)).limit(1);
  if (!gift) return null;
  const [credits, history] = await Promise.all([
    db.select().from(softCredits).where(eq(softCredits.donationId, id)),
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "donation"), eq(auditLog.targetId, id)))
      // Changes in one millisecond keep the order they were written in (rowid), whatever index is read.
      .orderBy(asc(auditLog.createdAt), sql`rowid`),
  ]);
  return { gift, credits, history };
}
