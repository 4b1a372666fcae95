import { useTranslation } from "react-i18next";
import { data, Link, NavLink } from "react-router";
import { DataTable, type Column } from "~/components/admin/data-table";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader, Badge, FilterBar, FilterSelect, FilterText, Flash } from "~/components/admin/ui";
import { DateTime } from "~/components/ui/format";
import { CONTENT_TYPES, entryTitle, isContentType, isSingleton } from "~/lib/content/entry-types";
import { CONTENT_STATUSES } from "~/lib/vocabulary";
import { requireStaff } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import { listEntries } from "~/server/content/editor.server";
import type { Route } from "./+types/entries";
import { env } from "~/server/kernel/env.server";

export const handle = { i18n: ["admin", "undo"] };
export const meta = adminMeta;

/** /admin/entries/:type — one type's entries, drafts and archived ones too (decision 020). */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const type = args.params.type ?? "event";
  if (!isContentType(type)) throw data(null, { status: 404 });
  const list = await listEntries(env, type, new URL(args.request.url));
  return {
    title: adminTitle(args, `entries.types.${type}`),
    type,
    // The organisation's facts are one entry: no "New" (decision 028).
    singleton: isSingleton(type),
    types: CONTENT_TYPES,
    // The address of the entry just deleted (decision 053).
    deleted: new URL(args.request.url).searchParams.get("deleted"),
    list: {
      ...list,
      rows: list.rows.map((row) => ({
        id: row.id,
        slug: row.slug,
        status: row.status,
        sortDate: row.sortDate,
        updatedAt: row.updatedAt,
        // Titled types show their title (a draft may have only its Spanish one); a partner or member
        // their name; the facts their legal name; the others their slug.
        title:
          entryTitle(row.fields) ||
          (typeof row.fields.legalName === "string" ? row.fields.legalName : row.slug),
        // A program's badge is named by its program, in the staff member's language.
        titleKey:
          type === "program" && typeof row.fields.program === "string"
            ? `entries.categories.${row.fields.program}`
            : null,
        missingSpanish: Object.values(row.fields).some(
          (value) =>
            value && typeof value === "object" && "en" in value && value.en && !("es" in value && value.es),
        ),
        // A draft may have only its Spanish so far (decision 049).
        missingEnglish: Object.values(row.fields).some(
          (value) =>
            value && typeof value === "object" && "es" in value && value.es && !("en" in value && value.en),
        ),
      })),
    },
  };
}

type Row = Route.ComponentProps["loaderData"]["list"]["rows"][number];
const STATUS_TONES = { draft: "amber", published: "green", archived: "gray" } as const;

export default function AdminEntries({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation(["admin", "undo"]);
  const { type, types, list, singleton } = loaderData;
  const title = (row: Row) => (row.titleKey ? t(row.titleKey) : row.title);
  const columns: Column<Row>[] = [
    {
      header: "entries.titleColumn",
      cell: (row) => (
        <Link
          to={`/admin/entries/${type}/${row.id}`}
          className="link font-semibold"
          aria-label={t("entries.open", { title: title(row) })}
        >
          {title(row)}
        </Link>
      ),
    },
    { header: "entries.sortDate", cell: (row) => row.sortDate || "—" },
    {
      header: "entries.status",
      cell: (row) => (
        <span className="flex flex-wrap gap-1">
          <Badge tone={STATUS_TONES[row.status]}>{t(`entries.statuses.${row.status}`)}</Badge>
          {row.missingSpanish ? <Badge tone="red">{t("entries.missingSpanish")}</Badge> : null}
          {row.missingEnglish ? <Badge tone="red">{t("entries.missingEnglish")}</Badge> : null}
        </span>
      ),
    },
    { header: "entries.updated", cell: (row) => <DateTime iso={row.updatedAt} /> },
  ];
  return (
    <>
      <AdminPageHeader
        title={t("entries.title")}
        lead={t("entries.lead")}
        actions={
          singleton ? null : (
            <Link to={`/admin/entries/${type}/new`} className="btn-primary">
              {t("entries.new", { type: t(`entries.typeOne.${type}`) })}
            </Link>
          )
        }
      />
      {loaderData.deleted ? <Flash>{t("undo:delete.deleted", { slug: loaderData.deleted })}</Flash> : null}
      <nav aria-label={t("entries.title")} className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {types.map((item) => (
            <li key={item}>
              <NavLink
                to={`/admin/entries/${item}`}
                className="tap-target focus-ring flex items-center rounded-lg border border-gray-300 px-3 py-1.5 no-underline aria-[current=page]:bg-accent-100 aria-[current=page]:font-bold dark:border-gray-600 dark:aria-[current=page]:bg-gray-800"
              >
                {t(`entries.types.${item}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <FilterBar>
        <FilterSelect
          name="status"
          label={t("entries.status")}
          value={list.filters.status}
          options={CONTENT_STATUSES.map((status) => ({
            value: status,
            label: t(`entries.statuses.${status}`),
          }))}
        />
        <FilterText name="q" label={t("entries.searchLabel")} value={list.filters.q} />
      </FilterBar>
      <DataTable label={t(`entries.types.${type}`)} columns={columns} list={list} />
    </>
  );
}
