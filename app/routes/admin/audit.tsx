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
import { listAudit, type FieldChange } from "~/server/admin/audit.server";
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

/** A stored value as words; an object (an export's filters) as "name: value" pairs. */
function shown(value: unknown, empty: string): string {
  if (value === null || value === undefined || value === "") return empty;
  if (Array.isArray(value)) return value.map((item) => shown(item, empty)).join(", ");
  if (typeof value === "object") {
    const pairs = Object.entries(value).map(([key, item]) => `${key}: ${shown(item, empty)}`);
    return pairs.length > 0 ? pairs.join(", ") : empty;
  }
  return String(value);
}

function isFieldChanges(value: unknown): value is Record<string, FieldChange> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** An audit row's detail: its facts (filters, rows, kind), then each changed field before and after. */
function AuditDetail({ detail }: { detail: Record<string, unknown> }) {
  const { t } = useTranslation("admin");
  const { changes, ...facts } = detail;
  const empty = t("audit.empty");
  return (
    <div className="grid gap-2">
      {Object.keys(facts).length > 0 ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-2">
          {Object.entries(facts).map(([key, value]) => (
            <div key={key} className="contents">
              <dt className="font-semibold">{t(`audit.fields.${key}`, { defaultValue: key })}</dt>
              <dd>{shown(value, empty)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {isFieldChanges(changes)
        ? Object.entries(changes).map(([field, change]) => (
            <div key={field}>
              <p className="font-semibold">{t(`audit.fields.${field}`, { defaultValue: field })}</p>
              <dl className="grid grid-cols-[auto_1fr] gap-x-2">
                <dt className="text-gray-700 dark:text-gray-300">{t("audit.before")}</dt>
                <dd className="whitespace-pre-wrap">{shown(change.before, empty)}</dd>
                <dt className="text-gray-700 dark:text-gray-300">{t("audit.after")}</dt>
                <dd className="whitespace-pre-wrap">{shown(change.after, empty)}</dd>
              </dl>
            </div>
          ))
        : null}
    </div>
  );
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
                  <td className={`${tdClass} min-w-64 max-w-md break-words`}>
                    {row.detail ? <AuditDetail detail={row.detail} /> : "—"}
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
