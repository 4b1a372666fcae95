import * as v from "valibot";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { DataTable, RowAction, type Column } from "~/components/admin/data-table";
import { adminMeta } from "~/components/admin/meta";
import { StatusBadge } from "~/components/admin/status";
import { AdminPageHeader, FilterBar, FilterSelect, FilterText, Flash } from "~/components/admin/ui";
import { DateTime } from "~/components/ui/format";
import { formStrings, IdSchema } from "~/server/admin/schemas.server";
import { adminUnsubscribe, listSubscribers } from "~/server/admin/subscribers.server";
import { requireStaff } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import { SUBSCRIBER_STATUSES } from "~/lib/vocabulary";
import { readPostedForm } from "~/server/kernel/post-guard.server";
import type { Route } from "./+types/subscribers";
import { env } from "~/server/kernel/env.server";

export const meta = adminMeta;

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const url = new URL(args.request.url);
  return {
    title: adminTitle(args, "subscribers.title"),
    list: await listSubscribers(env, url),
    statuses: SUBSCRIBER_STATUSES,
    query: url.searchParams.toString(),
  };
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireStaff(args);
  const formData = readPostedForm(args.context);
  const parsed = v.safeParse(IdSchema, formStrings(formData));
  if (!parsed.success) return data({ unsubscribed: null, invalid: true }, { status: 400 });
  await adminUnsubscribe(env, admin, parsed.output.id);
  return { unsubscribed: String(formData.get("email") ?? ""), invalid: false };
}

type Row = Route.ComponentProps["loaderData"]["list"]["rows"][number];

export default function AdminSubscribers({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { list, statuses, query } = loaderData;
  const { filters } = list;
  const exportQuery = new URLSearchParams(query);
  exportQuery.delete("page");
  const columns: Column<Row>[] = [
    { header: "common.email", cell: (row) => row.email, className: "whitespace-nowrap" },
    { header: "common.status", cell: (row) => <StatusBadge namespace="subscribers" status={row.status} /> },
    { header: "subscribers.locale", cell: (row) => row.locale },
    { header: "subscribers.source", cell: (row) => row.source },
    { header: "subscribers.since", cell: (row) => <DateTime iso={row.createdAt} withTime={false} /> },
    {
      header: "common.actions",
      cell: (row) =>
        row.status !== "unsubscribed" ? (
          <RowAction
            fields={{ id: row.id, email: row.email }}
            label={t("subscribers.unsubscribeLabel", { email: row.email })}
          >
            {t("subscribers.unsubscribe")}
          </RowAction>
        ) : null,
    },
  ];
  return (
    <>
      <AdminPageHeader
        title={t("subscribers.title")}
        actions={
          <a
            href={`/admin/subscribers/export.csv?${exportQuery.toString()}`}
            className="btn-secondary"
            download
          >
            {t("common.exportCsv")}
          </a>
        }
      />
      {actionData?.unsubscribed ? (
        <Flash>{t("subscribers.unsubscribed", { email: actionData.unsubscribed })}</Flash>
      ) : null}
      {actionData?.invalid ? <Flash tone="error">{t("common.invalid")}</Flash> : null}
      <FilterBar>
        <FilterSelect
          name="status"
          label={t("common.status")}
          value={filters.status}
          options={statuses.map((status) => ({ value: status, label: t(`subscribers.statuses.${status}`) }))}
        />
        <FilterText name="q" label={t("subscribers.searchLabel")} value={filters.q} />
      </FilterBar>
      <DataTable label={t("subscribers.title")} columns={columns} list={list} />
    </>
  );
}
