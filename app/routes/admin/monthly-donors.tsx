import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DataTable, moneyColumn, type Column } from "~/components/admin/data-table";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader, Badge, FilterBar, FilterSelect, FilterText } from "~/components/admin/ui";
import { DateTime } from "~/components/ui/format";
import { RECURRING_STATUSES } from "~/lib/vocabulary";
import { listMonthlyDonors } from "~/server/admin/donations.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import type { Route } from "./+types/monthly-donors";
import { env } from "~/server/kernel/env.server";

export const meta = adminMeta;

/** /admin/donations/monthly: every monthly gift by state (active, past due, paused, canceled). */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return {
    title: adminTitle(args, "monthly.title"),
    list: await listMonthlyDonors(env, new URL(args.request.url)),
    statuses: RECURRING_STATUSES,
  };
}

type Row = Route.ComponentProps["loaderData"]["list"]["rows"][number];
const TONES = { active: "green", past_due: "red", paused: "amber", canceled: "gray" } as const;

export default function AdminMonthlyDonors({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { list, statuses } = loaderData;
  const columns: Column<Row>[] = [
    {
      header: "donations.donor",
      cell: (row) => (
        <>
          <Link to={`/admin/donors/${encodeURIComponent(row.donorEmail)}`} className="link font-semibold">
            {row.donorName}
          </Link>
          <br />
          <span className="whitespace-nowrap">{row.donorEmail}</span>
        </>
      ),
    },
    moneyColumn("monthly.amount", (row) => row.amountCents),
    {
      header: "common.status",
      cell: (row) => (
        <>
          <Badge tone={TONES[row.status]}>{t(`monthly.statuses.${row.status}`)}</Badge>
          {row.cancelAtPeriodEnd && row.status !== "canceled" ? (
            <span className="block text-sm">{t("monthly.endsAtPeriodEnd")}</span>
          ) : null}
        </>
      ),
    },
    { header: "monthly.since", cell: (row) => <DateTime iso={row.createdAt} withTime={false} /> },
  ];
  return (
    <>
      <p>
        <Link to="/admin/donations" className="link">
          ← {t("common.back")}
        </Link>
      </p>
      <AdminPageHeader title={t("monthly.title")} lead={t("monthly.lead")} />
      <ul className="mt-4 flex flex-wrap gap-2" aria-label={t("monthly.byState")}>
        {statuses.map((status) => (
          <li key={status}>
            <Link
              to={`?status=${status}`}
              className="tap-target focus-ring inline-flex items-center rounded-lg border border-gray-400 px-3 py-1.5 no-underline"
              aria-current={list.filters.status === status ? "page" : undefined}
            >
              {t("monthly.stateCount", {
                state: t(`monthly.statuses.${status}`),
                count: list.counts[status] ?? 0,
              })}
            </Link>
          </li>
        ))}
      </ul>
      <FilterBar>
        <FilterSelect
          name="status"
          label={t("common.status")}
          value={list.filters.status}
          options={statuses.map((status) => ({ value: status, label: t(`monthly.statuses.${status}`) }))}
        />
        <FilterText name="q" label={t("donations.searchLabel")} value={list.filters.q} />
      </FilterBar>
      <DataTable label={t("monthly.title")} columns={columns} list={list} />
    </>
  );
}
