import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DataTable, type Column } from "~/components/admin/data-table";
import { adminMeta } from "~/components/admin/meta";
import { DisputeBadge, StatusBadge } from "~/components/admin/status";
import { AdminPageHeader, FilterBar, FilterSelect, FilterText } from "~/components/admin/ui";
import { DateTime, Money } from "~/components/ui/format";
import { formatMoneyWithCents, useLocale } from "~/lib/format";
import { listDonations } from "~/server/admin/donations.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import { DONATION_FREQUENCIES, DONATION_STATUSES } from "~/lib/vocabulary";
import type { Route } from "./+types/donations";
import { env } from "~/server/kernel/env.server";

export const meta = adminMeta;
export const handle = { i18n: ["admin", "gifts"] };

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const url = new URL(args.request.url);
  return {
    title: adminTitle(args, "donations.title"),
    list: await listDonations(env, url),
    statuses: DONATION_STATUSES,
    frequencies: DONATION_FREQUENCIES,
    query: url.searchParams.toString(),
  };
}

type Row = Route.ComponentProps["loaderData"]["list"]["rows"][number];

export default function AdminDonations({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const tag = useLocale();
  const { list, statuses, frequencies, query } = loaderData;
  const { filters } = list;
  const exportQuery = new URLSearchParams(query);
  // The file is every gift of the filters, whichever page the list is on.
  for (const cursor of ["older", "newer", "oldest"]) exportQuery.delete(cursor);
  const columns: Column<Row>[] = [
    {
      header: "common.date",
      cell: (row) => (
        <Link to={`/admin/donations/${row.id}`} className="link">
          <DateTime iso={row.date} />
        </Link>
      ),
    },
    {
      header: "donations.amount",
      headerClassName: "text-right",
      className: "text-right tabular-nums",
      cell: (row) => (
        <>
          <Money cents={row.amountCents} currency={row.currency} />
          {row.refundedCents > 0 && row.status !== "refunded" ? (
            <>
              <br />
              <span className="text-sm text-gray-700 dark:text-gray-300" suppressHydrationWarning>
                {t("donations.refundedPart", {
                  amount: formatMoneyWithCents(row.refundedCents, tag, row.currency),
                })}
              </span>
            </>
          ) : null}
        </>
      ),
    },
    { header: "donations.frequency", cell: (row) => t(`donations.frequencies.${row.frequency}`) },
    {
      header: "donations.donor",
      cell: (row) => (
        <>
          <Link to={`/admin/donors/${encodeURIComponent(row.donorEmail)}`} className="link font-semibold">
            {row.donorName}
          </Link>
          {row.anonymous ? ` (${t("donations.anonymous")})` : null}
          <br />
          <span className="whitespace-nowrap">{row.donorEmail}</span>
        </>
      ),
    },
    {
      header: "common.status",
      cell: (row) => (
        <>
          <StatusBadge namespace="donations" status={row.status} />
          {row.disputeStatus ? (
            <>
              {" "}
              <DisputeBadge status={row.disputeStatus} />
            </>
          ) : null}
        </>
      ),
    },
  ];
  return (
    <>
      <AdminPageHeader
        title={t("donations.title")}
        actions={
          <>
            <Link to="/admin/donations/monthly" className="btn-secondary">
              {t("monthly.title")}
            </Link>
            <Link to="/admin/donations/statements" className="btn-secondary">
              {t("statements.title")}
            </Link>
            <Link to="/admin/donations/new" className="btn-secondary">
              {t("gifts:record.title")}
            </Link>
            <Link to="/admin/donations/import" className="btn-secondary">
              {t("gifts:import.title")}
            </Link>
            <a
              href={`/admin/donations/export.csv?${exportQuery.toString()}`}
              className="btn-secondary"
              download
            >
              {t("common.exportCsv")}
            </a>
          </>
        }
      />
      <FilterBar>
        <FilterSelect
          name="status"
          label={t("common.status")}
          value={filters.status}
          options={statuses.map((status) => ({ value: status, label: t(`donations.statuses.${status}`) }))}
        />
        <FilterSelect
          name="frequency"
          label={t("donations.frequency")}
          value={filters.frequency}
          options={frequencies.map((frequency) => ({
            value: frequency,
            label: t(`donations.frequencies.${frequency}`),
          }))}
        />
        <FilterText name="from" type="date" label={t("donations.from")} value={filters.from} />
        <FilterText name="to" type="date" label={t("donations.to")} value={filters.to} />
        <FilterText name="q" label={t("donations.searchLabel")} value={filters.q} />
      </FilterBar>
      <p className="mt-4 font-semibold" suppressHydrationWarning>
        {list.totalCapped
          ? t("donations.totalsOver", { count: list.total })
          : t("donations.totals", {
              count: list.total,
              amount: formatMoneyWithCents(list.succeededCents, tag),
            })}
      </p>
      <DataTable label={t("donations.title")} columns={columns} list={list} />
      {list.totalCapped ? null : (
        <section aria-labelledby="by-campaign" className="mt-8">
          <h2 id="by-campaign" className="text-xl font-bold">
            {t("gifts:campaigns.title")}
          </h2>
          <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{t("gifts:campaigns.lead")}</p>
          <ul className="mt-3 grid gap-1" data-testid="campaign-totals">
            {list.campaigns.map((row) => (
              <li key={row.campaign ?? ""} suppressHydrationWarning>
                <span className="font-semibold">{row.campaign ?? t("gifts:campaigns.none")}</span>:{" "}
                {t("gifts:campaigns.line", {
                  amount: formatMoneyWithCents(row.cents, tag),
                  count: row.gifts,
                })}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
