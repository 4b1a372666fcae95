import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DataTable, type Column } from "~/components/admin/data-table";
import { adminMeta } from "~/components/admin/meta";
import { SubmissionStatusBadge } from "~/components/admin/status";
import { AdminPageHeader, FilterBar, FilterSelect, FilterText } from "~/components/admin/ui";
import { DateTime } from "~/components/ui/format";
import { ASSIGNED_FILTERS, listSubmissions } from "~/server/admin/submissions.server";
import { requireStaff } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import { SUBMISSION_KINDS, SUBMISSION_STATUSES } from "~/lib/vocabulary";
import type { Route } from "./+types/submissions";
import { env } from "~/server/kernel/env.server";

export const meta = adminMeta;

export async function loader(args: Route.LoaderArgs) {
  const viewer = await requireStaff(args);
  return {
    title: adminTitle(args, "submissions.title"),
    list: await listSubmissions(env, new URL(args.request.url), viewer),
    kinds: SUBMISSION_KINDS,
    statuses: SUBMISSION_STATUSES,
    assigned: ASSIGNED_FILTERS,
  };
}

type Row = Route.ComponentProps["loaderData"]["list"]["rows"][number];

export default function AdminSubmissions({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { list, kinds, statuses, assigned } = loaderData;
  const { filters } = list;
  // The file holds what the list shows: the same filters (decision 018).
  const exportParams = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) exportParams.set(name, value);
  const columns: Column<Row>[] = [
    { header: "submissions.received", cell: (row) => <DateTime iso={row.createdAt} /> },
    { header: "submissions.kind", cell: (row) => t(`kinds.${row.kind}`) },
    {
      header: "common.name",
      cell: (row) => (
        <Link
          to={`/admin/submissions/${row.id}`}
          className="link font-semibold"
          aria-label={t("submissions.open", { name: row.name })}
        >
          {row.name}
        </Link>
      ),
    },
    { header: "common.email", cell: (row) => row.email, className: "whitespace-nowrap" },
    {
      header: "submission.locale",
      cell: (row) => t(`language.names.${row.locale}`, { ns: "common", defaultValue: row.locale }),
    },
    {
      header: "submission.assignedTo",
      cell: (row) => row.assignee || row.assigneeEmail || "—",
    },
    { header: "common.status", cell: (row) => <SubmissionStatusBadge status={row.status} /> },
  ];
  return (
    <>
      <AdminPageHeader
        title={t("submissions.title")}
        actions={
          <a
            href={`/admin/submissions/export.csv?${exportParams.toString()}`}
            className="btn-secondary"
            download
          >
            {t("common.exportCsv")}
          </a>
        }
      />
      <FilterBar>
        <FilterSelect
          name="kind"
          label={t("submissions.kind")}
          value={filters.kind}
          options={kinds.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
        />
        <FilterSelect
          name="status"
          label={t("common.status")}
          value={filters.status}
          options={statuses.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
        />
        <FilterSelect
          name="assigned"
          label={t("submission.assignedTo")}
          value={filters.assigned}
          options={assigned.map((choice) => ({ value: choice, label: t(`submissions.assigned.${choice}`) }))}
        />
        <FilterText name="q" label={t("submissions.searchLabel")} value={filters.q} />
      </FilterBar>
      <DataTable label={t("submissions.title")} columns={columns} list={list} />
    </>
  );
}
