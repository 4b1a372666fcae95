import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useLocation } from "react-router";
import { Money } from "~/components/ui/format";
import { TableScroll, tableClass, tdClass, thClass } from "~/components/ui/table";
import type { KeysetLinks } from "~/server/records/list.server";
import { smallButtonClass } from "./ui";

/** One column of an admin list: its header (a key in the admin namespace) and how a row shows in it. */
export type Column<Row> = {
  header: string;
  cell: (row: Row) => ReactNode;
  /**
   * Added to the column's cells, e.g. "whitespace-nowrap" for e-mail addresses: kept whole, the
   * table grows wider and its region scrolls on a phone rather than breaking them a letter a line.
   */
  className?: string;
  /** Added to the header cell, e.g. "text-right" over amounts. */
  headerClassName?: string;
};

/** A column of amounts in a row's own currency: figures right-aligned under a right-aligned header. */
export function moneyColumn<Row extends { currency: string }>(
  header: string,
  cents: (row: Row) => number,
): Column<Row> {
  return {
    header,
    headerClassName: "text-right",
    className: "text-right tabular-nums",
    cell: (row) => <Money cents={cents(row)} currency={row.currency} />,
  };
}

/** What every list loader returns (app/server/records/list.server.ts): numbered pages, or keyset links. */
type ListData<Row> = { rows: Row[]; total: number } & (
  { page: number; pageCount: number } | { links: KeysetLinks; totalCapped: boolean }
);

/** An admin list: the table (or "nothing to show"), then its pages (decision 018). */
export function DataTable<Row extends { id: string }>({
  label,
  columns,
  list,
}: {
  label: string;
  columns: Column<Row>[];
  list: ListData<Row>;
}) {
  return (
    <>
      <RecordTable label={label} columns={columns} rows={list.rows} />
      {"links" in list ? (
        <KeysetPagination links={list.links} total={list.total} totalCapped={list.totalCapped} />
      ) : (
        <Pagination page={list.page} pageCount={list.pageCount} total={list.total} />
      )}
    </>
  );
}

/** A table of records on one page (a gift's payments, a donor's gifts), or `empty` ("nothing to show"). */
export function RecordTable<Row extends { id: string }>({
  label,
  columns,
  rows,
  empty,
}: {
  label: string;
  columns: Column<Row>[];
  rows: Row[];
  empty?: string;
}) {
  const { t } = useTranslation("admin");
  if (rows.length === 0) return <p className="mt-4">{empty ?? t("common.none")}</p>;
  return (
    <TableScroll label={label}>
      <table className={tableClass}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} className={cellClass(thClass, column.headerClassName)}>
                {t(column.header)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              {columns.map((column) => (
                <td key={column.header} className={cellClass(tdClass, column.className)}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** A section of a record's page that is one table of records, its heading naming the table. */
export function RecordSection<Row extends { id: string }>({
  id,
  title,
  columns,
  rows,
}: {
  id: string;
  title: string;
  columns: Column<Row>[];
  rows: Row[];
}) {
  // Not an AdminSection: the table's scroll region already carries the title as its name, and a
  // section named the same would list the one table twice among a screen reader's regions.
  return (
    <section className="mt-8">
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      <RecordTable label={title} columns={columns} rows={rows} />
    </section>
  );
}

function cellClass(base: string, extra: string | undefined) {
  return extra ? `${base} ${extra}` : base;
}

/**
 * Previous / next links that keep the current filters. A second list on a page numbers its pages
 * with its own `param`, and `hash` brings the reader back to it rather than to the page's top.
 */
export function Pagination({
  page,
  pageCount,
  total,
  param = "page",
  hash = "",
}: {
  page: number;
  pageCount: number;
  total: number;
  param?: string;
  hash?: string;
}) {
  const { t } = useTranslation("admin");
  const location = useLocation();
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(location.search);
    params.set(param, String(target));
    return `${location.pathname}?${params.toString()}${hash}`;
  };
  return (
    <nav aria-label={t("common.pagination")} className="mt-4 flex flex-wrap items-center gap-3 text-sm">
      <span>{t("common.results", { count: total })}</span>
      <span aria-current="page">{t("common.pageOf", { page, pageCount })}</span>
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={smallButtonClass} rel="prev">
          {t("common.previous")}
        </Link>
      ) : null}
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={smallButtonClass} rel="next">
          {t("common.next")}
        </Link>
      ) : null}
    </nav>
  );
}

/**
 * Newest / newer / older / oldest links of a list read by keyset (decision 057), keeping the
 * current filters: a link names the row it goes on from, so it still shows the same rows later.
 * A count that stopped (`totalCapped`) reads "more than 1,000 results".
 */
export function KeysetPagination({
  links,
  total,
  totalCapped = false,
  hash = "",
}: {
  links: KeysetLinks;
  total: number;
  totalCapped?: boolean;
  /** Where on the page the list is, for a list that is not the page's first thing. */
  hash?: string;
}) {
  const { t } = useTranslation("admin");
  const location = useLocation();
  const hrefFor = (name?: "older" | "newer" | "oldest", value = "1") => {
    const params = new URLSearchParams(location.search);
    for (const cursor of ["page", "older", "newer", "oldest"]) params.delete(cursor);
    if (name) params.set(name, value);
    return `${location.pathname}?${params.toString()}${hash}`;
  };
  return (
    <nav aria-label={t("common.pagination")} className="mt-4 flex flex-wrap items-center gap-3 text-sm">
      <span>{t(totalCapped ? "common.resultsOver" : "common.results", { count: total })}</span>
      {links.newest ? (
        <Link to={hrefFor()} className={smallButtonClass} rel="first">
          {t("common.newest")}
        </Link>
      ) : null}
      {links.newer ? (
        <Link to={hrefFor("newer", links.newer)} className={smallButtonClass} rel="prev">
          {t("common.newer")}
        </Link>
      ) : null}
      {links.older ? (
        <Link to={hrefFor("older", links.older)} className={smallButtonClass} rel="next">
          {t("common.older")}
        </Link>
      ) : null}
      {links.oldest ? (
        <Link to={hrefFor("oldest")} className={smallButtonClass} rel="last">
          {t("common.oldest")}
        </Link>
      ) : null}
    </nav>
  );
}

/** A one-button form in a row (retry, unsubscribe): posts the row's fields to the page's action. */
export function RowAction({
  fields,
  label,
  children,
}: {
  fields: Record<string, string>;
  /** Names the row for screen readers, since every row has the same button. */
  label: string;
  children: ReactNode;
}) {
  return (
    <Form method="post">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={smallButtonClass} aria-label={label}>
        {children}
      </button>
    </Form>
  );
}
