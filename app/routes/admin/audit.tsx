import { useTranslation } from "react-i18next";
import { DateTime } from "~/components/admin/format";
import { adminMeta } from "~/components/admin/meta";
import {
  AdminPageHeader,
  Pagination,
  TableScroll,
  tableClass,
  tdClass,
  thClass,
} from "~/components/admin/ui";
import { listAudit } from "~/server/admin/audit.server";
import { pageFromUrl } from "~/server/admin/common.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import { getRequestContext } from "~/server/context.server";
import type { Route } from "./+types/audit";

export const meta = adminMeta;

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const { env } = getRequestContext(args.context);
  const page = pageFromUrl(new URL(args.request.url));
  return { title: adminTitle(args, "audit.title"), list: await listAudit(env, page) };
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { list } = loaderData;
  return (
    <>
      <AdminPageHeader title={t("audit.title")} lead={t("audit.lead")} />
      {list.rows.length === 0 ? (
        <p className="mt-4">{t("common.none")}</p>
      ) : (
        <TableScroll label={t("audit.title")}>
          <table className={tableClass}>
            <thead>
              <tr>
                <th className={thClass}>{t("common.date")}</th>
                <th className={thClass}>{t("audit.who")}</th>
                <th className={thClass}>{t("audit.action")}</th>
                <th className={thClass}>{t("audit.target")}</th>
                <th className={thClass}>{t("audit.detail")}</th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((row) => (
                <tr key={row.id}>
                  <td className={tdClass}>
                    <DateTime iso={row.createdAt} />
                  </td>
                  <td className={`${tdClass} break-all`}>{row.userEmail}</td>
                  <td className={tdClass}>
                    <code>{row.action}</code>
                  </td>
                  <td className={`${tdClass} break-all`}>
                    {row.targetType}
                    {row.targetId ? `: ${row.targetId}` : null}
                  </td>
                  <td className={`${tdClass} max-w-md break-words font-mono text-xs`}>
                    {row.detail ? JSON.stringify(row.detail) : "—"}
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
