import { desc, sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn, SQLiteColumn, SQLiteSelect, SQLiteTable } from "drizzle-orm/sqlite-core";
import * as v from "valibot";
import type { Db } from "../db/client.server";

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

/** The list's filters and page number from its URL; the first value of each parameter counts. */
export function listQuery<Schema extends v.ObjectSchema<v.ObjectEntries, undefined>>(
  schema: Schema,
  url: URL,
): { filters: v.InferOutput<Schema>; page: number } {
  const fields = Object.fromEntries(
    Object.keys(schema.entries).flatMap((name) => {
      const value = url.searchParams.get(name);
      return value === null ? [] : [[name, value]];
    }),
  );
  return {
    filters: v.parse(schema, fields),
    page: v.parse(pageSchema, url.searchParams.get("page") ?? "1"),
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
 * One page of `rows` (a dynamic select from `table`), newest first, matching `where`, with the
 * matching count.
 */
export function newestFirstPage<Query extends SQLiteSelect, Filters>(
  db: Db,
  query: { filters: Filters; page: number },
  list: { table: ListedTable; where: SQL | undefined; rows: Query },
) {
  return listPage(
    query,
    list.rows.where(list.where).orderBy(desc(list.table.createdAt), desc(list.table.id)),
    db.$count(list.table, list.where),
  );
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
