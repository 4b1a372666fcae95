import type { ReactNode } from "react";
import { describeAttribution } from "~/lib/attribution";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation } from "react-router";
import * as v from "valibot";
import { moneyColumn, RecordSection, type Column } from "~/components/admin/data-table";
import { adminMeta } from "~/components/admin/meta";
import { DisputeBadge, StatusBadge } from "~/components/admin/status";
import { MailTable } from "~/components/admin/mail-table";
import { AdminPageHeader, AdminSection, Flash, inputClass } from "~/components/admin/ui";
import { DateTime } from "~/components/ui/format";
import { formatMoneyWithCents, useLocale } from "~/lib/format";
import { getGift, refundGift } from "~/server/admin/donations.server";
import { formStrings } from "~/server/admin/schemas.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import { readPostedForm } from "~/server/kernel/post-guard.server";
import type { Route } from "./+types/donation";
import { env } from "~/server/kernel/env.server";

export const meta = adminMeta;
export const handle = { i18n: ["admin", "gifts"] };

/** The refund form: an amount in dollars (empty: all that is left) and the page's one-time key. */
const RefundSchema = v.object({
  amount: v.optional(v.pipe(v.string(), v.maxLength(20)), ""),
  key: v.pipe(v.string(), v.minLength(8), v.maxLength(100)),
});

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const gift = await getGift(env, args.params.id);
  if (!gift) throw data(null, { status: 404 });
  return {
    title: adminTitle(args, "gift.title", { name: gift.donation.donorName }),
    gift,
    // One key per page view: a double submit or a replay of this form is one refund at Stripe.
    refundKey: crypto.randomUUID(),
  };
}

type Payment = Route.ComponentProps["loaderData"]["gift"]["payments"][number];

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  const parsed = v.safeParse(RefundSchema, formStrings(readPostedForm(args.context)));
  if (!parsed.success)
    return data({ error: "invalid-amount" as const, value: "", refunded: null }, { status: 400 });
  const result = await refundGift(env, admin, args.params.id, parsed.output);
  if (!result) throw data(null, { status: 404 });
  if (!result.ok) return data({ error: result.error, value: result.value, refunded: null }, { status: 400 });
  return { error: null, value: "", refunded: result.amountCents };
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-semibold">{label}</dt>
      <dd className="break-words">{children ?? "—"}</dd>
    </>
  );
}

export default function AdminDonation({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const tag = useLocale();
  const navigation = useNavigation();
  const { gift, refundKey } = loaderData;
  const paymentColumns: Column<Payment>[] = [
    {
      header: "common.date",
      cell: (payment) =>
        payment.id === gift.donation.id ? (
          <DateTime iso={payment.paidAt ?? payment.createdAt} />
        ) : (
          <Link to={`/admin/donations/${payment.id}`} className="link">
            <DateTime iso={payment.paidAt ?? payment.createdAt} />
          </Link>
        ),
    },
    moneyColumn("donations.amount", (payment) => payment.amountCents),
    moneyColumn("gift.refunded", (payment) => payment.refundedCents),
    {
      header: "common.status",
      cell: (payment) => <StatusBadge namespace="donations" status={payment.status} />,
    },
  ];
  const { donation, attempt, recurring } = gift;
  const idle = navigation.state === "idle";
  const money = (cents: number) => formatMoneyWithCents(cents, tag, donation.currency);
  const yesNo = (value: boolean) => t(value ? "gift.yes" : "gift.no");
  return (
    <>
      <p>
        <Link to="/admin/donations" className="link">
          ← {t("common.back")}
        </Link>
      </p>
      <AdminPageHeader
        title={t("gift.title", { name: donation.donorName })}
        actions={
          <Link to={`/admin/donations/${donation.id}/change`} className="btn-secondary">
            {t("gifts:edit.open")}
          </Link>
        }
      />
      <p className="mt-2 flex flex-wrap items-center gap-3 text-sm">
        <span>{t(`donations.frequencies.${donation.frequency}`)}</span>
        <StatusBadge namespace="donations" status={donation.status} />
        {donation.disputeStatus ? <DisputeBadge status={donation.disputeStatus} /> : null}
        <span>
          {t("gift.reference")}: <code>{donation.id}</code>
        </span>
      </p>
      <div className="mt-6 grid gap-8 xl:grid-cols-2">
        <AdminSection id="gift-details" title={t("gift.details")}>
          <dl className="mt-3 grid gap-x-4 gap-y-2 sm:grid-cols-[12rem_1fr]">
            <Field label={t("gifts:record.method")}>
              {t(`gifts:methods.${donation.method}`)}
              {donation.checkNumber ? ` · ${donation.checkNumber}` : ""}
              {donation.dafSponsor ? ` · ${donation.dafSponsor}` : ""}
              {donation.inKindDescription ? ` · ${donation.inKindDescription}` : ""}
            </Field>
            <Field label={t("gifts:source.label")}>
              {describeAttribution(attempt?.attribution) ?? t("gifts:source.none")}
            </Field>
            {donation.designation ? (
              <Field label={t("gifts:record.designation")}>{donation.designation}</Field>
            ) : null}
            {donation.note ? <Field label={t("gifts:record.note")}>{donation.note}</Field> : null}
            <Field label={t("gift.amount")}>
              <span suppressHydrationWarning>{money(donation.amountCents)}</span>
            </Field>
            <Field label={t("gift.coveredFee")}>
              <span suppressHydrationWarning>
                {donation.feeCents > 0 ? money(donation.feeCents) : t("gift.no")}
              </span>
            </Field>
            <Field label={t("gift.counts")}>
              <span suppressHydrationWarning data-testid="gift-net">
                {money(Math.max(0, donation.amountCents - donation.refundedCents))}
              </span>
            </Field>
            <Field label={t("gift.paidAt")}>
              <DateTime iso={donation.paidAt ?? donation.createdAt} />
            </Field>
            <Field label={t("common.name")}>{donation.donorName}</Field>
            <Field label={t("common.email")}>
              <Link
                to={`/admin/donors/${encodeURIComponent(donation.donorEmail)}`}
                className="link break-all"
              >
                {donation.donorEmail}
              </Link>
            </Field>
            <Field label={t("gift.phone")}>{attempt?.phone || "—"}</Field>
            <Field label={t("gift.language")}>
              {t(`gift.languages.${donation.locale === "es" ? "es" : "en"}`)}
            </Field>
            <Field label={t("gift.anonymous")}>{yesNo(donation.anonymous)}</Field>
            <Field label={t("gift.tribute")}>
              {attempt?.dedicationType && attempt.dedicationName
                ? t(`gift.tributes.${attempt.dedicationType}`, { name: attempt.dedicationName })
                : "—"}
            </Field>
            <Field label={t("gift.notify")}>{attempt?.dedicationEmail || "—"}</Field>
            <Field label={t("gift.employer")}>{attempt?.employer || "—"}</Field>
            {recurring ? (
              <Field label={t("gift.monthly")}>
                <span suppressHydrationWarning>
                  {t("gift.monthlyState", {
                    amount: money(recurring.amountCents),
                    status: t(`monthly.statuses.${recurring.status}`),
                  })}
                </span>
              </Field>
            ) : null}
            <Field label={t("gift.stripe")}>
              <code className="break-all text-sm">
                {[donation.stripePaymentIntentId, donation.stripeInvoiceId, recurring?.stripeSubscriptionId]
                  .filter(Boolean)
                  .join(" · ") || "—"}
              </code>
            </Field>
          </dl>
        </AdminSection>
        <AdminSection id="gift-refunds" title={t("gift.refunds")}>
          <p className="mt-3" suppressHydrationWarning data-testid="gift-refunded">
            {donation.refundedCents > 0
              ? t("gift.refundedTotal", { amount: money(donation.refundedCents) })
              : t("gift.noRefunds")}
          </p>
          {gift.refunds.length > 0 ? (
            <ul className="mt-2 list-disc ps-6">
              {gift.refunds.map((refund) => (
                <li key={refund.id} suppressHydrationWarning>
                  {t("gift.refundBy", { amount: money(refund.amountCents), by: refund.by })}{" "}
                  <DateTime iso={refund.at} />
                </li>
              ))}
            </ul>
          ) : null}
          {actionData?.refunded && idle ? (
            <Flash>{t("gift.refundDone", { amount: money(actionData.refunded) })}</Flash>
          ) : null}
          {actionData?.error && idle ? (
            <Flash tone="error">
              {t(`gift.refundErrors.${actionData.error}`, { left: money(gift.refundableCents) })}
            </Flash>
          ) : null}
          {gift.refundableCents > 0 ? (
            <Form method="post" className="mt-4 grid max-w-sm gap-3">
              <input type="hidden" name="key" value={refundKey} />
              <div>
                <label htmlFor="refund-amount" className="font-semibold">
                  {t("gift.refundAmount")}
                </label>
                <p
                  id="refund-hint"
                  className="text-sm text-gray-700 dark:text-gray-300"
                  suppressHydrationWarning
                >
                  {t("gift.refundHint", { left: money(gift.refundableCents) })}
                </p>
                <input
                  id="refund-amount"
                  name="amount"
                  inputMode="decimal"
                  autoComplete="off"
                  defaultValue={actionData?.error ? actionData.value : ""}
                  aria-describedby="refund-hint"
                  aria-invalid={actionData?.error ? true : undefined}
                  className={inputClass}
                />
              </div>
              <div>
                <button type="submit" className="btn-primary" disabled={!idle}>
                  {t("gift.refund")}
                </button>
              </div>
            </Form>
          ) : (
            <p className="mt-3 text-sm text-gray-700 dark:text-gray-300">{t("gift.notRefundable")}</p>
          )}
        </AdminSection>
      </div>
      <RecordSection
        id="gift-payments"
        title={t("gift.payments")}
        columns={paymentColumns}
        rows={gift.payments}
      />
      <MailTable mails={gift.mails} label={t("gift.mails")} />
    </>
  );
}
