import { useTranslation } from "react-i18next";
import { DateTime, Money } from "~/components/admin/format";
import { formatMoneyWithCents, useLocale } from "~/lib/format";
import { adminMeta } from "~/components/admin/meta";
import { StatusBadge } from "~/components/admin/status";
import {
  AdminPageHeader,
  Badge,
  FilterBar,
  FilterSelect,
  FilterText,
  Pagination,
  TableScroll,
  tableClass,
  tdClass,
  thClass,
} from "~/components/admin/ui";
import { pageFromUrl } from "~/server/admin/common.server";
import { donationFiltersFromUrl, listDonations } from "~/server/admin/donations.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import { getRequestContext } from "~/server/context.server";
import { DONATION_FREQUENCIES, DONATION_STATUSES } from "~/lib/vocabulary";
import type { Route } from "./+types/donations";

export const meta = adminMeta;

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const { env } = getRequestContext(args.context);
  const url = new URL(args.request.url);
  const filters = donationFiltersFromUrl(url, pageFromUrl(url));
  return {
    title: adminTitle(args, "donations.title"),
    filters,
    list: await listDonations(env, filters),
    statuses: DONATION_STATUSES,
    frequencies: DONATION_FREQUENCIES,
    query: url.searchParams.toString(),
  };
}

export default function AdminDonations({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const tag = useLocale();
  const { filters, list, statuses, frequencies, query } = loaderData;
  const exportQuery = new URLSearchParams(query);
  exportQuery.delete("page");
  return (
    <>
      <AdminPageHeader
        title={t("donations.title")}
        actions={
          <a
            href={`/admin/donations/export.csv?${exportQuery.toString()}`}
            className="btn-secondary"
            download
          >
            {t("common.exportCsv")}
          </a>
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
        {t("donations.totals", { count: list.total, amount: formatMoneyWithCents(list.succeededCents, tag) })}
      </p>
      {list.rows.length === 0 ? (
        <p className="mt-4">{t("common.none")}</p>
      ) : (
        <TableScroll label={t("donations.title")}>
          <table className={tableClass}>
            <thead>
              <tr>
                <th className={thClass}>{t("common.date")}</th>
                <th className={`${thClass} text-right`}>{t("donations.amount")}</th>
                <th className={thClass}>{t("donations.frequency")}</th>
                <th className={thClass}>{t("donations.donor")}</th>
                <th className={thClass}>{t("common.status")}</th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((row) => (
                <tr key={row.id}>
                  <td className={tdClass}>
                    <DateTime iso={row.date} />
                  </td>
                  <td className={`${tdClass} text-right tabular-nums`}>
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
                  </td>
                  <td className={tdClass}>{t(`donations.frequencies.${row.frequency}`)}</td>
                  <td className={tdClass}>
                    <span className="font-semibold">{row.donorName}</span>
                    {row.anonymous ? ` (${t("donations.anonymous")})` : null}
                    <br />
                    <span className="break-all">{row.donorEmail}</span>
                  </td>
                  <td className={tdClass}>
                    <StatusBadge namespace="donations" status={row.status} />
                    {row.disputeStatus ? (
                      <>
                        {" "}
                        <Badge tone={row.disputeStatus === "won" ? "gray" : "red"}>
                          {t(`donations.disputes.${row.disputeStatus}`)}
                        </Badge>
                      </>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <Pagination page={list.page} pageCount={list.pageCount} total={list.total} />
    </>
  );
}
