import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DataTable, type Column } from "~/components/admin/data-table";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader, FilterBar, FilterSelect, FilterText } from "~/components/admin/ui";
import { DateTime } from "~/components/ui/format";
import { AUDIT_KINDS, listAudit, type FieldChange } from "~/server/records/audit.server";
import { staffMembers } from "~/server/admin/submissions.server";
import { requireStaff } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import type { Route } from "./+types/audit";
import { env } from "~/server/kernel/env.server";

export const meta = adminMeta;

/** ADMIN read everyone's rows and filter by author; STAFF read their own (decision 052). */
export async function loader(args: Route.LoaderArgs) {
  const viewer = await requireStaff(args);
  const isAdmin = viewer.role === "ADMIN";
  const [list, authors] = await Promise.all([
    listAudit(env, new URL(args.request.url), viewer),
    isAdmin ? staffMembers(env) : [],
  ]);
  return { title: adminTitle(args, "audit.title"), list, authors, isAdmin, kinds: AUDIT_KINDS };
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
              {/* A submission's form by its name, not its code. */}
              <dd>
                {key === "kind"
                  ? t(`kinds.${String(value)}`, { defaultValue: shown(value, empty) })
                  : key === "role"
                    ? t(`users.roles.${String(value)}`, { defaultValue: shown(value, empty) })
                    : shown(value, empty)}
              </dd>
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
  {
    header: "audit.who",
    // Names and addresses wrap between words only, never inside an address.
    cell: (row) => (
      <>
        <span className="block font-semibold">{row.userName || row.userEmail}</span>
        {row.userName ? <span className="block whitespace-nowrap text-sm">{row.userEmail}</span> : null}
      </>
    ),
  },
  { header: "audit.action", className: "min-w-48", cell: (row) => <AuditAction row={row} /> },
  {
    header: "audit.detail",
    className: "min-w-64 max-w-md break-words",
    cell: (row) => (row.detail ? <AuditDetail detail={row.detail} /> : "—"),
  },
];

/** "Replied by e-mail to Rosa Díaz", the name a link to the record; a removed one says so. */
function AuditAction({ row }: { row: Row }) {
  const { t } = useTranslation("admin");
  const words = t(`audit.actions.${row.action}`, { defaultValue: row.action });
  const title = row.targetTitle ?? (row.targetId ? t("audit.gone") : null);
  if (!title) return <>{words}</>;
  return (
    <>
      {words}{" "}
      {row.targetHref && row.targetTitle ? (
        <Link to={row.targetHref} className="link font-semibold">
          {title}
        </Link>
      ) : (
        <span className="font-semibold">{title}</span>
      )}
    </>
  );
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { list, authors, isAdmin, kinds } = loaderData;
  const { filters } = list;
  return (
    <>
      <AdminPageHeader title={t("audit.title")} lead={t(isAdmin ? "audit.lead" : "audit.leadOwn")} />
      <FilterBar>
        {isAdmin ? (
          <FilterSelect
            name="who"
            label={t("audit.who")}
            value={filters.who}
            options={authors.map((author) => ({ value: author.id, label: author.name || author.email }))}
          />
        ) : null}
        <FilterSelect
          name="kind"
          label={t("audit.what")}
          value={filters.kind}
          options={kinds.map((kind) => ({ value: kind, label: t(`audit.kinds.${kind}`) }))}
        />
        <FilterText name="from" type="date" label={t("audit.from")} value={filters.from} />
        <FilterText name="to" type="date" label={t("audit.to")} value={filters.to} />
      </FilterBar>
      <DataTable label={t("audit.title")} columns={columns} list={list} />
    </>
  );
}
