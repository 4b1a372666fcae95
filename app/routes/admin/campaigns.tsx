import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { RecordTable, type Column } from "~/components/admin/data-table";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader, Flash, inputClass } from "~/components/admin/ui";
import { formatMoneyWithCents, formatNumber, useLocale } from "~/lib/format";
import { requireAdmin } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import { campaignPeriod, campaignTotals, type CampaignRow } from "~/server/campaigns.server";
import { env } from "~/server/kernel/env.server";
import type { Route } from "./+types/campaigns";

export const meta = adminMeta;

/** GET /admin/campaigns?from=&to=: totals per campaign and source for a period, New York days (decision 056). ADMIN only. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const { period, reversed } = campaignPeriod(new URL(args.request.url));
  return {
    title: adminTitle(args, "campaigns.title"),
    period,
    reversed,
    rows: reversed ? [] : await campaignTotals(env, period),
  };
}

export default function AdminCampaigns({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const { period, reversed, rows } = loaderData;
  const number = (value: number) => formatNumber(value, locale);
  const count = (
    header: string,
    value: (row: CampaignRow) => number,
  ): Column<CampaignRow & { id: string }> => ({
    header,
    headerClassName: "text-right",
    className: "text-right tabular-nums",
    cell: (row) => number(value(row)),
  });
  const columns: Column<CampaignRow & { id: string }>[] = [
    { header: "campaigns.campaign", cell: (row) => row.campaign ?? t("campaigns.noCampaign") },
    { header: "campaigns.source", cell: (row) => row.source ?? t("campaigns.noSource") },
    count("campaigns.submissions", (row) => row.submissions),
    count("campaigns.rsvps", (row) => row.rsvps),
    count("campaigns.tickets", (row) => row.tickets),
    count("campaigns.subscriptions", (row) => row.subscriptions),
    count("campaigns.gifts", (row) => row.gifts),
    {
      header: "campaigns.giftAmount",
      headerClassName: "text-right",
      className: "text-right tabular-nums whitespace-nowrap",
      cell: (row) => formatMoneyWithCents(row.giftCents, locale),
    },
  ];
  return (
    <>
      <AdminPageHeader title={t("campaigns.title")} lead={t("campaigns.lead")} />
      <Form
        method="get"
        className="mt-6 flex flex-wrap items-end gap-3 rounded-xl bg-gray-50 p-4 dark:bg-gray-900"
      >
        <label className="grid text-sm font-semibold">
          {t("campaigns.from")}
          <input type="date" name="from" defaultValue={period.from} className={inputClass} />
        </label>
        <label className="grid text-sm font-semibold">
          {t("campaigns.to")}
          <input type="date" name="to" defaultValue={period.to} className={inputClass} />
        </label>
        <button type="submit" className="btn-primary">
          {t("campaigns.show")}
        </button>
        {reversed ? null : (
          <a
            href={`/admin/campaigns/export.csv?${new URLSearchParams(period)}`}
            className="btn-secondary"
            download
          >
            {t("common.exportCsv")}
          </a>
        )}
      </Form>
      {reversed ? (
        <Flash tone="error">{t("campaigns.reversed")}</Flash>
      ) : (
        <>
          <p className="mt-4 max-w-prose text-sm text-gray-700 dark:text-gray-300">
            {t("campaigns.counting")}
          </p>
          <RecordTable
            label={t("campaigns.tableLabel", { from: period.from, to: period.to })}
            columns={columns}
            rows={rows.map((row) => ({ ...row, id: JSON.stringify([row.campaign, row.source]) }))}
            empty={t("campaigns.empty")}
          />
        </>
      )}
    </>
  );
}
