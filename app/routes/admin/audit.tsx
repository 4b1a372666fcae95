import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DataTable, type Column } from "~/components/admin/data-table";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader, FilterBar, FilterSelect, FilterText } from "~/components/admin/ui";
import { DateTime, Money } from "~/components/ui/format";
import {
  ENTRY_TYPES,
  isContentType,
  isUploadKey,
  type ContentType,
  type FieldSpec,
} from "~/lib/content/entry-types";
import { AUDIT_KINDS, listAudit, type FieldChange, type NamedRecord } from "~/server/records/audit.server";
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
type T = ReturnType<typeof useTranslation<"admin">>["t"];

/** Upload keys (SHA-256 of the bytes): the file's name already says which file it was. */
const HIDDEN_FACTS = new Set(["from", "to", "sha256"]);
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** An entry type's field by its stored name ("title" of "title.en"). */
const entryField = (type: ContentType, field: string): FieldSpec | undefined =>
  (ENTRY_TYPES[type].fields as Record<string, FieldSpec>)[field.split(".")[0]!];

/**
 * A stored field's name in words: an entry's field by the label its editor shows, with the
 * language of a bilingual text ("title.en" → "Title (English)"); anything else by
 * `admin:audit.fields.<name>`, the stored name only for a field no phrase exists for yet.
 */
function fieldLabel(t: T, targetType: string, field: string): string {
  const [name = field, language] = field.split(".");
  const spec = isContentType(targetType) ? entryField(targetType, name) : undefined;
  const label = spec ? t(`entries.fields.${spec.label}`) : t(`audit.fields.${name}`, { defaultValue: name });
  if (language === "en") return `${label} (${t("entries.english")})`;
  if (language === "es") return `${label} (${t("entries.spanish")})`;
  return label;
}

/** A stored value as words; an object (an export's filters) as "name: value" pairs. */
function shown(t: T, row: Row, field: string, value: unknown): ReactNode {
  const { targetType } = row;
  const empty = t("audit.empty");
  if (value === null || value === undefined || value === "") return empty;
  if (Array.isArray(value)) return value.map((item) => String(item)).join(", ");
  if (typeof value === "object") {
    const pairs = Object.entries(value).map(
      ([key, item]) => `${fieldLabel(t, targetType, key)}: ${String(shown(t, row, key, item))}`,
    );
    return pairs.length > 0 ? pairs.join(", ") : empty;
  }
  if (typeof value === "number" && field.endsWith("Cents")) return <Money cents={value} />;
  if (typeof value === "string" && ISO_MOMENT.test(value)) return <DateTime iso={value} />;
  // An upload by its file's name, linked to its page; one deleted since by "(removed)".
  const upload = typeof value === "string" ? row.uploads[value] : undefined;
  if (upload)
    return (
      <Link to={upload.href} className="link">
        {upload.title}
      </Link>
    );
  if (isUploadKey(value)) return t("audit.gone");
  // A submission's form, an account's role and an entry's status by their names, not their codes.
  if (field === "kind") return t(`kinds.${String(value)}`, { defaultValue: String(value) });
  if (field === "role") return t(`users.roles.${String(value)}`, { defaultValue: String(value) });
  if (isContentType(targetType) && entryField(targetType, field)?.kind === "choice")
    return t(`entries.categories.${String(value)}`, { defaultValue: String(value) });
  if (field === "status" && isContentType(targetType))
    return t(`entries.statuses.${String(value)}`, { defaultValue: String(value) });
  if (field === "status" && (targetType === "submission" || targetType === "submissions"))
    return t(`statuses.${String(value)}`, { defaultValue: String(value) });
  return String(value);
}

function isFieldChanges(value: unknown): value is Record<string, FieldChange> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The entries a file's row lists, each by its title and linked to its editor. */
function EntryList({ entries }: { entries: (NamedRecord | null)[] }) {
  const { t } = useTranslation("admin");
  if (entries.length === 0) return <>{t("audit.none")}</>;
  return (
    <ul>
      {entries.map((entry, index) => (
        <li key={entry?.href ?? index}>
          {entry ? (
            <Link to={entry.href} className="link">
              {entry.title}
            </Link>
          ) : (
            t("audit.gone")
          )}
        </li>
      ))}
    </ul>
  );
}

/** An audit row's detail: its facts (filters, rows, kind), then each changed field before and after. */
function AuditDetail({ row, detail }: { row: Row; detail: Record<string, unknown> }) {
  const { t } = useTranslation("admin");
  const { changes, ...facts } = detail;
  const type = row.targetType;
  // A fact the changes below show already (a new entry's address) is said once.
  const shownFacts = Object.entries(facts).filter(
    ([key]) => !HIDDEN_FACTS.has(key) && !(isFieldChanges(changes) && key in changes),
  );
  return (
    <div className="grid gap-2">
      {shownFacts.length > 0 ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-2">
          {shownFacts.map(([key, value]) => (
            <div key={key} className="contents">
              <dt className="font-semibold">{fieldLabel(t, type, key)}</dt>
              <dd>
                {row.mentioned[key] ? <EntryList entries={row.mentioned[key]} /> : shown(t, row, key, value)}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {isFieldChanges(changes)
        ? Object.entries(changes).map(([field, change]) => (
            <div key={field}>
              <p className="font-semibold">{fieldLabel(t, type, field)}</p>
              <dl className="grid grid-cols-[auto_1fr] gap-x-2">
                <dt className="text-gray-700 dark:text-gray-300">{t("audit.before")}</dt>
                <dd className="whitespace-pre-wrap">{shown(t, row, field, change.before)}</dd>
                <dt className="text-gray-700 dark:text-gray-300">{t("audit.after")}</dt>
                <dd className="whitespace-pre-wrap">{shown(t, row, field, change.after)}</dd>
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
    cell: (row) => (row.detail ? <AuditDetail row={row} detail={row.detail} /> : "—"),
  },
];

/**
 * An action in words; every CSV download is one phrase naming its list ("Exported gifts (CSV)"),
 * unless the action has its own phrase (the whole export is a zip, not a CSV).
 */
function actionWords(t: T, action: string): string {
  const exported = /^(.+)\.export$/.exec(action)?.[1];
  const fallback = exported
    ? t("audit.exported", { list: t(`audit.exports.${exported}`, { defaultValue: exported }) })
    : action;
  return t(`audit.actions.${action}`, { defaultValue: fallback });
}

/** "Replied by e-mail to Rosa Díaz", the name a link to the record; a removed one says so. */
function AuditAction({ row }: { row: Row }) {
  const { t } = useTranslation("admin");
  const words = actionWords(t, row.action);
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
