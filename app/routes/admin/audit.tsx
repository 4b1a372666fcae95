import { useTranslation } from "react-i18next";
import { DataTable, type Column } from "~/components/admin/data-table";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader } from "~/components/admin/ui";
import { DateTime } from "~/components/ui/format";
import { listAudit, type FieldChange } from "~/server/records/audit.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import type { Route } from "./+types/audit";
import { env } from "~/server/kernel/env.server";

export const meta = adminMeta;

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return { title: adminTitle(args, "audit.title"), list: await listAudit(env, new URL(args.request.url)) };
}

type Row = Route.ComponentProps["loaderData"]["list"]["rows"][number];

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

const columns: Column<Row>[] = [
  { header: "common.date", cell: (row) => <DateTime iso={row.createdAt} /> },
  { header: "audit.who", cell: (row) => row.userEmail, className: "whitespace-nowrap" },
  { header: "audit.action", cell: (row) => <code>{row.action}</code> },
  {
    header: "audit.target",
    className: "break-all",
    cell: (row) => (
      <>
        {row.targetType}
        {row.targetId ? `: ${row.targetId}` : null}
      </>
    ),
  },
  {
    header: "audit.detail",
    className: "min-w-64 max-w-md break-words",
    cell: (row) => (row.detail ? <AuditDetail detail={row.detail} /> : "—"),
  },
];

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  return (
    <>
      <AdminPageHeader title={t("audit.title")} lead={t("audit.lead")} />
      <DataTable label={t("audit.title")} columns={columns} list={loaderData.list} />
    </>
  );
}
