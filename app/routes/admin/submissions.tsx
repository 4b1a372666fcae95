import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DateTime } from "~/components/admin/format";
import { adminMeta } from "~/components/admin/meta";
import { SubmissionStatusBadge } from "~/components/admin/status";
import {
  AdminPageHeader,
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
import { listSubmissions, submissionFiltersFromUrl } from "~/server/admin/submissions.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import { getRequestContext } from "~/server/context.server";
import { SUBMISSION_KINDS, SUBMISSION_STATUSES } from "~/lib/vocabulary";
import type { Route } from "./+types/submissions";

export const meta = adminMeta;

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const { env } = getRequestContext(args.context);
  const url = new URL(args.request.url);
  const filters = submissionFiltersFromUrl(url, pageFromUrl(url));
  return {
    title: adminTitle(args, "submissions.title"),
    filters,
    list: await listSubmissions(env, filters),
    kinds: SUBMISSION_KINDS,
    statuses: SUBMISSION_STATUSES,
  };
}

export default function AdminSubmissions({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { filters, list, kinds, statuses } = loaderData;
  const exportParams = new URLSearchParams();
  if (filters.kind) exportParams.set("kind", filters.kind);
  if (filters.status) exportParams.set("status", filters.status);
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
      {list.rows.length === 0 ? (
        <p className="mt-6">{t("common.none")}</p>
      ) : (
        <TableScroll label={t("submissions.title")}>
          <table className={tableClass}>
            <thead>
              <tr>
                <th className={thClass}>{t("submissions.received")}</th>
                <th className={thClass}>{t("submissions.kind")}</th>
                <th className={thClass}>{t("common.name")}</th>
                <th className={thClass}>{t("common.email")}</th>
                <th className={thClass}>{t("common.status")}</th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((row) => (
                <tr key={row.id}>
                  <td className={tdClass}>
                    <DateTime iso={row.createdAt} />
                  </td>
                  <td className={tdClass}>{t(`kinds.${row.kind}`)}</td>
                  <td className={tdClass}>
                    <Link
                      to={`/admin/submissions/${row.id}`}
                      className="link font-semibold"
                      aria-label={t("submissions.open", { name: row.name })}
                    >
                      {row.name}
                    </Link>
                  </td>
                  <td className={`${tdClass} break-all`}>{row.email}</td>
                  <td className={tdClass}>
                    <SubmissionStatusBadge status={row.status} />
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
