import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { MailTable } from "~/components/admin/mail-table";
import { moneyColumn, RecordSection, type Column } from "~/components/admin/data-table";
import { adminMeta } from "~/components/admin/meta";
import { StatusBadge } from "~/components/admin/status";
import { AdminPageHeader, AdminSection, Badge } from "~/components/admin/ui";
import { DateTime, Money } from "~/components/ui/format";
import { formatMoneyWithCents, useLocale } from "~/lib/format";
import { getDonor } from "~/server/admin/donations.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import type { Route } from "./+types/donor";
import { env } from "~/server/kernel/env.server";

export const meta = adminMeta;
export const handle = { i18n: ["admin", "gifts"] };

/** /admin/donors/:key, where the key is the donor's e-mail or the id of one of their gifts. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const donor = await getDonor(env, args.params.key);
  if (!donor) throw data(null, { status: 404 });
  return { title: adminTitle(args, "donor.title", { name: donor.name }), donor };
}

type Gift = Route.ComponentProps["loaderData"]["donor"]["gifts"][number];

export default function AdminDonor({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const tag = useLocale();
  const { donor } = loaderData;
  const giftColumns: Column<Gift>[] = [
    {
      header: "common.date",
      cell: (gift) => (
        <Link to={`/admin/donations/${gift.id}`} className="link">
          <DateTime iso={gift.date} />
        </Link>
      ),
    },
    moneyColumn("donations.amount", (gift) => gift.amountCents),
    moneyColumn("gift.refunded", (gift) => gift.refundedCents),
    {
      header: "gifts:record.method",
      cell: (gift) =>
        gift.method === "in_kind" ? (
          <>
            {t("gifts:donor.inKind", { description: gift.inKindDescription ?? "" })}
            {gift.estimateCents !== null ? (
              <span suppressHydrationWarning>
                {" "}
                (
                {t("gifts:donor.estimate", {
                  amount: formatMoneyWithCents(gift.estimateCents, tag, gift.currency),
                })}
                )
              </span>
            ) : null}
          </>
        ) : gift.method === "online" ? (
          t(`donations.frequencies.${gift.frequency}`)
        ) : (
          t(`gifts:methods.${gift.method}`)
        ),
    },
    { header: "common.status", cell: (gift) => <StatusBadge namespace="donations" status={gift.status} /> },
  ];
  return (
    <>
      <p>
        <Link to="/admin/donations" className="link">
          ← {t("common.back")}
        </Link>
      </p>
      <AdminPageHeader
        title={t("donor.title", { name: donor.name })}
        lead={donor.email}
        actions={
          <>
            <Link
              to={`/admin/donations/new?email=${encodeURIComponent(donor.email)}`}
              className="btn-secondary"
            >
              {t("gifts:donor.recordGift")}
            </Link>
            <Link
              to={`/admin/pledges/new?email=${encodeURIComponent(donor.email)}`}
              className="btn-secondary"
            >
              {t("gifts:donor.newPledge")}
            </Link>
          </>
        }
      />
      <div className="mt-6 grid gap-8 xl:grid-cols-2">
        <AdminSection id="donor-giving" title={t("donor.giving")}>
          <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{t("donor.givingHint")}</p>
          <dl className="mt-3 grid grid-cols-[8rem_1fr] gap-x-4 gap-y-2">
            <dt className="font-semibold">{t("donor.lifetime")}</dt>
            <dd className="tabular-nums" data-testid="donor-lifetime" suppressHydrationWarning>
              {formatMoneyWithCents(donor.lifetimeCents, tag)}
            </dd>
            <dt className="font-semibold">{t("gifts:donor.recognition")}</dt>
            <dd className="tabular-nums" data-testid="donor-recognition" suppressHydrationWarning>
              {formatMoneyWithCents(donor.recognitionCents, tag)}
            </dd>
            {donor.years.map((year) => (
              <div key={year.year} className="contents">
                <dt className="font-semibold">{year.year}</dt>
                <dd className="tabular-nums" suppressHydrationWarning>
                  {formatMoneyWithCents(year.cents, tag)}
                </dd>
              </div>
            ))}
          </dl>
          <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">{t("gifts:donor.recognitionHint")}</p>
        </AdminSection>
        <AdminSection id="donor-monthly" title={t("donor.monthly")}>
          {donor.monthly.length === 0 ? (
            <p className="mt-3">{t("donor.noMonthly")}</p>
          ) : (
            <ul className="mt-3 grid gap-2">
              {donor.monthly.map((gift) => (
                <li key={gift.id} className="flex flex-wrap items-center gap-2">
                  <Money cents={gift.amountCents} currency={gift.currency} /> {t("donor.perMonth")}
                  <Badge
                    tone={gift.status === "active" ? "green" : gift.status === "canceled" ? "gray" : "amber"}
                  >
                    {t(`monthly.statuses.${gift.status}`)}
                  </Badge>
                  {gift.cancelAtPeriodEnd && gift.status !== "canceled" ? (
                    <span className="text-sm">{t("monthly.endsAtPeriodEnd")}</span>
                  ) : null}
                  <span className="text-sm">
                    {t("donor.since")} <DateTime iso={gift.createdAt} withTime={false} />
                  </span>
                </li>
              ))}
            </ul>
          )}
        </AdminSection>
      </div>
      <div className="mt-8 grid gap-8 xl:grid-cols-2">
        <AdminSection id="donor-pledges" title={t("gifts:donor.pledges")}>
          {donor.pledges.length === 0 ? (
            <p className="mt-3">{t("gifts:donor.noPledges")}</p>
          ) : (
            donor.pledges.map((pledge) => (
              <div key={pledge.id} className="mt-3" data-testid="donor-pledge">
                <p suppressHydrationWarning>
                  {t("gifts:donor.pledgeLine", {
                    total: formatMoneyWithCents(pledge.amountCents, tag, pledge.currency),
                    instalments: pledge.instalments,
                    paid: formatMoneyWithCents(pledge.paidCents, tag, pledge.currency),
                    outstanding: formatMoneyWithCents(pledge.outstandingCents, tag, pledge.currency),
                  })}
                  {pledge.remind ? ` · ${t("gifts:donor.reminders")}` : null}
                </p>
                <ul className="mt-1 grid gap-1 text-sm">
                  {pledge.schedule.map((instalment) => (
                    <li
                      key={instalment.number}
                      className="flex flex-wrap items-center gap-2"
                      suppressHydrationWarning
                    >
                      {t("gifts:donor.instalment", { number: instalment.number })} ·{" "}
                      {formatMoneyWithCents(instalment.cents, tag, pledge.currency)} · {t("gifts:donor.due")}{" "}
                      {instalment.dueOn}
                      <Badge tone={instalment.paid ? "green" : "amber"}>
                        {t(instalment.paid ? "gifts:donor.paid" : "gifts:donor.unpaid")}
                      </Badge>
                    </li>
                  ))}
                </ul>
              </div>
            ))
          )}
        </AdminSection>
        <AdminSection id="donor-credited" title={t("gifts:donor.softCredits")}>
          {donor.softCredits.length === 0 ? (
            <p className="mt-3">—</p>
          ) : (
            <ul className="mt-3 grid gap-1">
              {donor.softCredits.map((credit) => (
                <li key={credit.id} suppressHydrationWarning>
                  <Link to={`/admin/donations/${credit.id}`} className="link">
                    <DateTime iso={credit.date} withTime={false} />
                  </Link>{" "}
                  · {formatMoneyWithCents(credit.countedCents, tag, credit.currency)} ·{" "}
                  {t("gifts:donor.creditedFrom", { name: credit.fromName })} ·{" "}
                  {t(`gifts:softCreditKinds.${credit.kind}`)}
                </li>
              ))}
            </ul>
          )}
        </AdminSection>
      </div>
      <RecordSection id="donor-gifts" title={t("donor.gifts")} columns={giftColumns} rows={donor.gifts} />
      <MailTable mails={donor.mails} label={t("donor.mails")} />
    </>
  );
}
