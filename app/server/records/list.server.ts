import { and, asc, count, desc, sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn, SQLiteColumn, SQLiteSelect, SQLiteTable } from "drizzle-orm/sqlite-core";
import * as v from "valibot";
import type { Db } from "../db/client.server";
import { keysetAfter } from "./csv.server";

/** Case-insensitive "contains" without LIKE wildcards (a typed % or _ means itself). */
export function contains(column: AnySQLiteColumn | SQL, text: string): SQL {
  return sql`instr(lower(${column}), ${text.toLowerCase()}) > 0`;
}

/**
 * Every admin list is one filtered, paginated query (decision 018): its filters come from the
 * URL through a valibot schema, so a filter link is a bookmark and a bad value is ignored, never
 * an error.
 */
export const PAGE_SIZE = 25;

/** What every list loader returns, whatever it lists. */
export type ListPage<Row, Filters> = {
  rows: Row[];
  page: number;
  pageCount: number;
  total: number;
  filters: Filters;
};

/**
 * Where a list read newest first goes from (decision 057): the rows just older or just newer than
 * one row, by that row's key (its time, `created_at` or the list's own, and id,
 * `2026-11-25T17:00:00.000Z_…`), or the oldest
 * rows. A key names a row, not a position, so a link still shows the same rows when newer rows
 * arrive, and a page far down the list reads only its own rows through the index.
 */
export type ListCursor = { to: "older" | "newer"; createdAt: string; id: string } | { to: "oldest" };

/** The links of a keyset page: to the newest and oldest rows, and the keys of its neighbours. */
export type KeysetLinks = { newest: boolean; newer: string | null; older: string | null; oldest: boolean };

/**
 * One page of a list read newest first by keyset: no page number, links to its neighbours. With
 * `totalCapped`, more rows match than `total`, where the count stopped (`countUpTo`).
 */
export type KeysetPage<Row, Filters> = {
  rows: Row[];
  total: number;
  totalCapped: boolean;
  filters: Filters;
  links: KeysetLinks;
};

/** A choice filter: one of `options`, or no filter at all. */
export function choiceFilter<const Options extends readonly string[]>(options: Options) {
  return v.fallback(v.optional(v.picklist(options)), undefined);
}

/** A free-text search: trimmed, at most 200 characters, empty means no filter. */
export const searchFilter = v.fallback(
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.transform((text) => text.slice(0, 200) || undefined),
    ),
  ),
  undefined,
);

/** A day as the date input sends it (yyyy-mm-dd). */
export const dayFilter = v.fallback(
  v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/))),
  undefined,
);

/** ?page=N, 1-based, clamped. */
const pageSchema = v.fallback(
  v.pipe(
    v.string(),
    v.transform((text) => Number.parseInt(text, 10)),
    v.number(),
    v.finite(),
    v.minValue(1),
    v.transform((page) => Math.min(page, 100_000)),
  ),
  1,
);

/** A page number from its URL parameter (`?page=`, or a second list's own), 1 when absent or wrong. */
export function pageNumber(text: string | null): number {
  return v.parse(pageSchema, text ?? "1");
}

/** A row's key in a link: its `created_at` (ISO, which has no "_") and its id. */
const keySchema = v.pipe(
  v.string(),
  v.maxLength(300),
  v.regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z_./),
  v.transform((key) => {
    const split = key.indexOf("_");
    return { createdAt: key.slice(0, split), id: key.slice(split + 1) };
  }),
);

/** `?older=KEY`, `?newer=KEY` or `?oldest=1`; anything else is the newest page, never an error. */
function cursorOf(url: URL): ListCursor | undefined {
  for (const to of ["older", "newer"] as const) {
    const key = v.safeParse(keySchema, url.searchParams.get(to));
    if (key.success) return { to, ...key.output };
  }
  return url.searchParams.has("oldest") ? { to: "oldest" } : undefined;
}

/**
 * The list's filters, page number and keyset cursor from its URL; the first value of each
 * parameter counts. A list numbered by pages reads `page`, a list read by keyset `cursor`.
 */
export function listQuery<Schema extends v.ObjectSchema<v.ObjectEntries, undefined>>(
  schema: Schema,
  url: URL,
): { filters: v.InferOutput<Schema>; page: number; cursor: ListCursor | undefined } {
  const fields = Object.fromEntries(
    Object.keys(schema.entries).flatMap((name) => {
      const value = url.searchParams.get(name);
      return value === null ? [] : [[name, value]];
    }),
  );
  return {
    filters: v.parse(schema, fields),
    page: pageNumber(url.searchParams.get("page")),
    cursor: cursorOf(url),
  };
}

/** Runs one page of `rows` (already filtered and ordered) and the filtered count together. */
export async function listPage<Query extends SQLiteSelect, Filters>(
  query: { filters: Filters; page: number },
  rows: Query,
  total: PromiseLike<number>,
  pageSize = PAGE_SIZE,
): Promise<ListPage<Awaited<Query>[number], Filters>> {
  const [pageRows, count] = await Promise.all([
    rows.limit(pageSize).offset((query.page - 1) * pageSize),
    total,
  ]);
  return pageOf(pageRows as Awaited<Query>[number][], count, query, pageSize);
}

/** A table listed newest first: every such table has an id and a created_at column. */
type ListedTable = SQLiteTable & { id: SQLiteColumn; createdAt: SQLiteColumn };

/**
 * One page of `rows` (a dynamic select from `table` that selects its `id` and the list's key),
 * newest first, matching `where`, with the matching count. Read by keyset (decision 057): the page
 * after a row starts at that row's key in the list's index, so the oldest page costs what the
 * newest does, where an offset would walk every row before it. One row more than the page tells
 * whether there is a page beyond it; the oldest and the newer pages are read in ascending order and
 * turned round. The key is `created_at`, or `orderedBy`: an ISO time expression the list's index is
 * on (the day a gift counts for) and the row's field that holds it. A `search` counts its matches
 * up to `countUpTo` first; past it, the rows are read with `whereWhenMany`, the same condition
 * written so SQLite walks the list's index, which finds a common word's page in its first rows
 * (decision 057). A `count` known another way (the gifts' kept totals) is used instead of counting.
 */
export async function newestFirstPage<Query extends SQLiteSelect, Filters>(
  db: Db,
  query: { filters: Filters; cursor?: ListCursor | undefined },
  list: {
    table: ListedTable;
    where: SQL | undefined;
    rows: Query;
    orderedBy?: { key: SQL<string>; field: string };
    search?: { countUpTo: number; whereWhenMany: SQL | undefined };
    count?: Promise<number>;
  },
  pageSize = PAGE_SIZE,
): Promise<KeysetPage<Awaited<Query>[number], Filters>> {
  type Row = Awaited<Query>[number] & { id: string };
  const { cursor, filters } = query;
  const keys = [list.orderedBy?.key ?? list.table.createdAt, list.table.id] as const;
  const field = list.orderedBy?.field ?? "createdAt";
  // A row's key for a link (`cursorOf` reads it back).
  const keyOf = (row: Row) => `${String((row as Record<string, unknown>)[field])}_${row.id}`;
  const ascending = cursor?.to === "newer" || cursor?.to === "oldest";
  const from =
    cursor && cursor.to !== "oldest"
      ? keysetAfter(ascending ? "asc" : "desc", keys, [cursor.createdAt, cursor.id])
      : undefined;
  const rowsWhere = (condition: SQL | undefined) =>
    list.rows
      .where(and(condition, from))
      .orderBy(...(ascending ? keys.map((key) => asc(key)) : keys.map((key) => desc(key))))
      .limit(pageSize + 1) as unknown as Promise<Row[]>;
  const { search } = list;
  let found: Row[];
  let counted: number;
  let totalCapped = false;
  if (search) {
    // The count first: how many matches there are decides how the page is best read.
    const [matching] = await db.select({ matches: count() }).from(
      db
        .select({ one: sql`1`.as("one") })
        .from(list.table)
        .where(list.where)
        .limit(search.countUpTo + 1)
        .as("matching"),
    );
    totalCapped = (matching?.matches ?? 0) > search.countUpTo;
    counted = Math.min(matching?.matches ?? 0, search.countUpTo);
    found = await rowsWhere(totalCapped ? search.whereWhenMany : list.where);
  } else {
    [found, counted] = await Promise.all([
      rowsWhere(list.where),
      list.count ?? db.$count(list.table, list.where),
    ]);
  }
  const beyond = found.length > pageSize;
  const rows = found.slice(0, pageSize);
  if (ascending) rows.reverse();
  const first = rows[0];
  const last = rows.at(-1);
  // Beyond this page lies more in the direction it was read; behind it, whatever it came from.
  const newer = ascending ? beyond : cursor?.to === "older";
  const older = ascending ? cursor?.to === "newer" : beyond;
  return {
    rows,
    total: counted,
    totalCapped,
    filters,
    links: {
      newest: newer || (cursor !== undefined && rows.length === 0),
      newer: newer && first ? keyOf(first) : null,
      older: older && last ? keyOf(last) : null,
      oldest: older,
    },
  };
}

/** A page of rows already in hand (a list that is not one SQL query, such as site content). */
export function pageOf<Row, Filters>(
  rows: Row[],
  total: number,
  query: { filters: Filters; page: number },
  pageSize = PAGE_SIZE,
): ListPage<Row, Filters> {
  return {
    rows,
    total,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    filters: query.filters,
  };
}
