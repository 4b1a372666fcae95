import type { TFunction } from "i18next";
import { formatMoney, formatNewYorkDate, newYorkTimeToUtc } from "~/lib/format";
import { toLocale } from "~/lib/i18n";
import type { GiftMethod } from "~/lib/vocabulary";
import type { donationAttempts, donations } from "../db/schema";
import { getOrganization } from "../content/organization.server";
import { translatorFor } from "../kernel/i18n.server";
import type { OutgoingEmail } from "../mail/message.server";
import { manageLink, MANAGE_LINK_TTL } from "./manage-link.server";

/**
 * Every e-mail about gifts: receipts (also the IRS written acknowledgement), the failed-renewal
 * notice, the dedication notice, manage links and year-end statements. Texts live in
 * app/locales/{en,es}/receipts.json, with the admin's overrides merged.
 */

type MailEnv = Pick<Env, "DB" | "CACHE" | "SITE_URL" | "LINK_SIGNING_SECRET">;

const receiptsTranslator = (env: MailEnv, locale: string) => translatorFor(env, locale, "receipts");

/**
 * How every e-mail to a donor reads: the greeting by name (when the mail is to a donor by name),
 * its paragraphs a blank line apart (a paragraph of several lines is a list), then the signature.
 */
function letter(
  t: TFunction,
  name: string | null,
  paragraphs: readonly (string | readonly string[])[],
): string {
  return [...(name === null ? [] : [t("receipt.greeting", { name })]), ...paragraphs, t("signature")]
    .map((paragraph) => (typeof paragraph === "string" ? paragraph : paragraph.join("\n")))
    .join("\n\n");
}

/**
 * The IRS acknowledgement's words: the legal name and EIN are the organisation's facts in D1
 * (decision 028); while they are missing the line is left out rather than invented.
 */
async function legalBlock(t: TFunction, env: MailEnv): Promise<string[]> {
  const facts = await getOrganization(env);
  return [
    ...(facts ? [t("legal.organization", { name: facts.legalName, ein: facts.ein })] : []),
    t("legal.noGoods"),
    t("legal.taxDeductible"),
    "",
    t("legal.nySection174b"),
  ];
}

/** A New York date's midday, as an instant: the same calendar day in every reading. */
const newYorkNoon = (date: string) => newYorkTimeToUtc(date, "12:00").toISOString();

/** How a gift was given: the method, a cheque's number, a donor-advised fund's sponsor (decision 056). */
type GivenBy = { method: GiftMethod; checkNumber?: string | null; dafSponsor?: string | null };

/** The method in the donor's words, as a receipt and a statement name it ("cheque no. 1042"). */
function givenBy(t: TFunction, gift: GivenBy): string {
  return t(`givenBy.${gift.method}`, { number: gift.checkNumber ?? "", sponsor: gift.dafSponsor ?? "" });
}

/** Whom a donor's e-mail goes to, and in which language. */
type Donor = { donorName: string; donorEmail: string; locale: string };

/** A gift's amount as the donor's e-mails name it. */
type DonorAmount = Donor & { amountCents: number; currency: string };

/** A receipt names the method of a gift staff recorded; one without a method is a card gift. */
type ReceiptGift = Partial<GivenBy> &
  DonorAmount & {
    donationId: string;
    frequency: "one-time" | "monthly";
    feeCents: number;
    paidAt: string;
    dedication?: { type: "honor" | "memory"; name: string } | null;
    employer?: string | null;
  };

/** What a receipt says about one payment, from its donations row and the attempt that began it. */
export function receiptFor(
  donation: typeof donations.$inferSelect,
  attempt: typeof donationAttempts.$inferSelect | null,
): ReceiptGift {
  return {
    donationId: donation.id,
    donorName: donation.donorName,
    donorEmail: donation.donorEmail,
    locale: donation.locale,
    frequency: donation.frequency,
    amountCents: donation.amountCents,
    feeCents: donation.feeCents,
    currency: donation.currency,
    paidAt: donation.paidAt ?? donation.createdAt,
    method: donation.method,
    checkNumber: donation.checkNumber,
    dafSponsor: donation.dafSponsor,
    dedication:
      attempt?.dedicationType && attempt.dedicationName
        ? { type: attempt.dedicationType, name: attempt.dedicationName }
        : null,
    employer: attempt?.employer,
  };
}

/** The receipt and written acknowledgement for one payment (a gift or a monthly renewal). */
export async function buildReceiptEmail(env: MailEnv, gift: ReceiptGift): Promise<OutgoingEmail> {
  const locale = toLocale(gift.locale);
  const t = await receiptsTranslator(env, locale);
  const amount = formatMoney(gift.amountCents, locale, gift.currency);
  const paragraphs = [
    t(gift.frequency === "monthly" ? "receipt.thanksMonthly" : "receipt.thanksOneTime"),
    [
      t("receipt.amount", { amount }),
      ...(gift.feeCents > 0 ? [t("receipt.feeIncluded", { fee: formatMoney(gift.feeCents, locale) })] : []),
      t("receipt.date", { date: formatNewYorkDate(gift.paidAt, locale) }),
      // A card gift's receipt is Stripe's payment; a gift staff recorded says how it came.
      ...(gift.method && gift.method !== "online"
        ? [t("receipt.givenBy", { method: givenBy(t, { ...gift, method: gift.method }) })]
        : []),
      t("receipt.reference", { id: gift.donationId }),
      ...(gift.dedication
        ? [t(`receipt.dedication.${gift.dedication.type}`, { name: gift.dedication.name })]
        : []),
      ...(gift.employer ? [t("receipt.employer", { employer: gift.employer })] : []),
    ],
    await legalBlock(t, env),
    t("receipt.keep"),
  ];
  if (gift.frequency === "monthly") {
    paragraphs.push([t("receipt.manage"), await manageLink(env, gift.donorEmail, MANAGE_LINK_TTL.receipt)]);
  }
  return {
    to: gift.donorEmail,
    subject: t("receipt.subject", { amount }),
    text: letter(t, gift.donorName, paragraphs),
    template: gift.frequency === "monthly" ? "donation.receipt.monthly" : "donation.receipt",
    locale,
  };
}

/** The receipt of any gift of the ledger: the in-kind receipt (no value) or the money receipt. */
export function buildGiftReceiptEmail(
  env: MailEnv,
  donation: typeof donations.$inferSelect,
  attempt: typeof donationAttempts.$inferSelect | null,
): Promise<OutgoingEmail> {
  return donation.method === "in_kind"
    ? buildInKindReceiptEmail(env, {
        donationId: donation.id,
        donorName: donation.donorName,
        donorEmail: donation.donorEmail,
        locale: donation.locale,
        description: donation.inKindDescription ?? "",
        receivedAt: donation.paidAt ?? donation.createdAt,
      })
    : buildReceiptEmail(env, receiptFor(donation, attempt));
}

/**
 * The receipt of an in-kind gift: what was given and when, and no value (IRS Publication 1771:
 * the donor determines the value of goods or services; decision 056).
 */
export async function buildInKindReceiptEmail(
  env: MailEnv,
  gift: Donor & { donationId: string; description: string; receivedAt: string },
): Promise<OutgoingEmail> {
  const locale = toLocale(gift.locale);
  const t = await receiptsTranslator(env, locale);
  return {
    to: gift.donorEmail,
    subject: t("inKindReceipt.subject"),
    text: letter(t, gift.donorName, [
      t("inKindReceipt.thanks"),
      [
        t("inKindReceipt.description", { description: gift.description }),
        t("inKindReceipt.date", { date: formatNewYorkDate(gift.receivedAt, locale) }),
        t("receipt.reference", { id: gift.donationId }),
      ],
      [t("inKindReceipt.noValue"), ...(await legalBlock(t, env))],
      t("receipt.keep"),
    ]),
    template: "donation.receipt.in-kind",
    locale,
  };
}

/** The reminder before a pledge's next instalment, for a donor who asked for one. */
export async function buildPledgeReminderEmail(
  env: MailEnv,
  pledge: Donor & {
    dueOn: string;
    dueCents: number;
    paidCents: number;
    totalCents: number;
    currency: string;
  },
): Promise<OutgoingEmail> {
  const locale = toLocale(pledge.locale);
  const t = await receiptsTranslator(env, locale);
  const amount = formatMoney(pledge.dueCents, locale, pledge.currency);
  const date = formatNewYorkDate(newYorkNoon(pledge.dueOn), locale);
  return {
    to: pledge.donorEmail,
    subject: t("pledgeReminder.subject", { amount, date }),
    text: letter(t, pledge.donorName, [
      t("pledgeReminder.body", {
        amount,
        date,
        paid: formatMoney(pledge.paidCents, locale, pledge.currency),
        total: formatMoney(pledge.totalCents, locale, pledge.currency),
      }),
      t("pledgeReminder.how", {
        url: new URL(locale === "es" ? "/donate?lng=es" : "/donate", env.SITE_URL).toString(),
      }),
    ]),
    template: "donation.pledge-reminder",
    locale,
  };
}

export async function buildRenewalFailedEmail(env: MailEnv, gift: DonorAmount): Promise<OutgoingEmail> {
  const locale = toLocale(gift.locale);
  const t = await receiptsTranslator(env, locale);
  const amount = formatMoney(gift.amountCents, locale, gift.currency);
  return {
    to: gift.donorEmail,
    subject: t("renewalFailed.subject"),
    text: letter(t, gift.donorName, [
      t("renewalFailed.body", { amount }),
      await manageLink(env, gift.donorEmail, MANAGE_LINK_TTL.receipt),
    ]),
    template: "donation.renewal-failed",
    locale,
  };
}

/**
 * Tells the donor that part or all of a gift came back to them (decision 023): how much, which
 * gift, and what their tax records now count, so a refund made by the team or in Stripe is
 * never a surprise on the statement.
 */
export async function buildRefundNoticeEmail(
  env: MailEnv,
  gift: DonorAmount & { donationId: string; refundedCents: number; refundedNowCents: number; paidAt: string },
): Promise<OutgoingEmail> {
  const locale = toLocale(gift.locale);
  const t = await receiptsTranslator(env, locale);
  const money = (cents: number) => formatMoney(cents, locale, gift.currency);
  const inFull = gift.refundedCents >= gift.amountCents;
  return {
    to: gift.donorEmail,
    subject: t("refundNotice.subject", { amount: money(gift.refundedNowCents) }),
    text: letter(t, gift.donorName, [
      [
        t("refundNotice.body", {
          amount: money(gift.refundedNowCents),
          gift: money(gift.amountCents),
          date: formatNewYorkDate(gift.paidAt, locale),
        }),
        t("receipt.reference", { id: gift.donationId }),
      ],
      inFull
        ? t("refundNotice.inFull")
        : t("refundNotice.net", { net: money(gift.amountCents - gift.refundedCents) }),
    ]),
    template: "donation.refund-notice",
    locale,
  };
}

/** A bank payment (ACH) that did not clear: nothing was given, and the donor can try again. */
export async function buildBankPaymentFailedEmail(env: MailEnv, gift: DonorAmount): Promise<OutgoingEmail> {
  const locale = toLocale(gift.locale);
  const t = await receiptsTranslator(env, locale);
  return {
    to: gift.donorEmail,
    subject: t("bankPaymentFailed.subject"),
    text: letter(t, gift.donorName, [
      t("bankPaymentFailed.body", { amount: formatMoney(gift.amountCents, locale, gift.currency) }),
      t("bankPaymentFailed.again", { url: new URL("/donate", env.SITE_URL).toString() }),
    ]),
    template: "donation.payment-failed",
    locale,
  };
}

/** A monthly gift that ended: the donor's confirmation, and the team's notice. */
export async function buildCancellationEmails(
  env: MailEnv & Pick<Env, "TEAM_EMAIL">,
  gift: DonorAmount,
  options: { afterFailedPayments?: boolean } = {},
): Promise<{ donor: OutgoingEmail; team: OutgoingEmail }> {
  const locale = toLocale(gift.locale);
  const t = await receiptsTranslator(env, locale);
  const amount = formatMoney(gift.amountCents, locale, gift.currency);
  const team = await translatorFor(env, "en", "email");
  return {
    donor: {
      to: gift.donorEmail,
      subject: t("canceled.subject"),
      text: letter(t, gift.donorName, [
        t(options.afterFailedPayments ? "canceled.bodyPaymentFailed" : "canceled.body", { amount }),
        t("canceled.again", { url: new URL("/donate", env.SITE_URL).toString() }),
      ]),
      template: "donation.canceled",
      locale,
    },
    team: {
      to: env.TEAM_EMAIL,
      subject: team("gifts.canceled.subject", { name: gift.donorName }),
      text: [
        team(options.afterFailedPayments ? "gifts.canceled.bodyPaymentFailed" : "gifts.canceled.body", {
          name: gift.donorName,
          email: gift.donorEmail,
          amount: formatMoney(gift.amountCents, "en", gift.currency),
        }),
        "",
        new URL(`/admin/donors/${encodeURIComponent(gift.donorEmail)}`, env.SITE_URL).toString(),
      ].join("\n"),
      template: "donation.canceled.team",
      locale: "en",
    },
  };
}

export async function buildDedicationEmail(
  env: MailEnv,
  notice: { to: string; locale: string; type: "honor" | "memory"; name: string; donorName: string | null },
): Promise<OutgoingEmail> {
  const locale = toLocale(notice.locale);
  const t = await receiptsTranslator(env, locale);
  const donor = notice.donorName ?? t("dedication.anonymousDonor");
  // A memorial is worded as one: "in memory of", never "in your honor".
  return {
    to: notice.to,
    subject: t(`dedication.subject.${notice.type}`, { name: notice.name }),
    text: letter(t, null, [t(`dedication.body.${notice.type}`, { donor, name: notice.name })]),
    template: "donation.dedication",
    locale,
  };
}

export async function buildManageLinkEmail(
  env: MailEnv,
  request: { to: string; locale: string },
): Promise<OutgoingEmail> {
  const locale = toLocale(request.locale);
  const t = await receiptsTranslator(env, locale);
  return {
    to: request.to,
    subject: t("manageLink.subject"),
    text: letter(t, null, [
      t("manageLink.body"),
      await manageLink(env, request.to, MANAGE_LINK_TTL.requested),
      t("manageLink.expiry"),
    ]),
    template: "donation.manage-link",
    locale,
  };
}

type StatementLine = GivenBy & { paidAt: string; amountCents: number; currency: string; frequency: string };

export async function buildStatementEmail(
  env: MailEnv,
  statement: { to: string; locale: string; year: number; gifts: StatementLine[] },
): Promise<OutgoingEmail> {
  const locale = toLocale(statement.locale);
  const t = await receiptsTranslator(env, locale);
  const totalCents = statement.gifts.reduce((sum, gift) => sum + gift.amountCents, 0);
  // Only donors with gifts in the year get a statement (statement.server.ts), so it has lines.
  const paragraphs = [
    t("statement.intro", { year: statement.year }),
    statement.gifts.map(
      (gift) =>
        `${formatNewYorkDate(gift.paidAt, locale)}  ${formatMoney(gift.amountCents, locale, gift.currency)}  ${t(
          `statement.frequency.${gift.frequency}`,
        )}  ${givenBy(t, gift)}`,
    ),
    t("statement.total", { total: formatMoney(totalCents, locale), count: statement.gifts.length }),
    await legalBlock(t, env),
  ];
  return {
    to: statement.to,
    subject: t("statement.subject", { year: statement.year }),
    text: letter(t, null, paragraphs),
    template: "donation.statement",
    locale,
  };
}
