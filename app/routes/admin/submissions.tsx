import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DataTable, type Column } from "~/components/admin/data-table";
import { adminMeta } from "~/components/admin/meta";
import { SubmissionStatusBadge } from "~/components/admin/status";
import { AdminPageHeader, FilterBar, FilterSelect, FilterText } from "~/components/admin/ui";
import { DateTime } from "~/components/ui/format";
import { listSubmissions } from "~/server/admin/submissions.server";
import { requireStaff } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import { getRequestContext } from "~/server/kernel/context.server";
import { SUBMISSION_KINDS, SUBMISSION_STATUSES } from "~/lib/vocabulary";
import type { Route } from "./+types/submissions";

export const meta = adminMeta;

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const { env } = getRequestContext(args.context);
  return {
    title: adminTitle(args, "submissions.title"),
    list: await listSubmissions(env, new URL(args.request.url)),
    kinds: SUBMISSION_KINDS,
    statuses: SUBMISSION_STATUSES,
  };
}

type Row = Route.ComponentProps["loaderData"]["list"]["rows"][number];

export default function AdminSubmissions({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { list, kinds, statuses } = loaderData;
  const { filters } = list;
  const exportParams = new URLSearchParams();
  if (filters.kind) exportParams.set("kind", filters.kind);
  if (filters.status) exportParams.set("status", filters.status);
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
    { header: "common.email", cell: (row) => row.email, className: "break-all" },
    { header: "common.status", cell: (row) => <SubmissionStatusBadge status={row.status} /> },
  ];
  return (
    <>
      <AdminPageHeader
        title={t("submissions.title")}
        actions={
          filters.kind ? (
            <a
              href={`/admin/submissions/export.csv?${exportParams.toString()}`}
              className="btn-secondary"
              download
            >
              {t("common.exportCsv")}
            </a>
          ) : (
            <p className="text-sm text-gray-700 dark:text-gray-300">{t("submissions.exportHint")}</p>
          )
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
        <FilterText name="q" label={t("submissions.searchLabel")} value={filters.q} />
      </FilterBar>
      <DataTable label={t("submissions.title")} columns={columns} list={list} />
    </>
  );
}
