import { getTableColumns, is, SQL, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "./schema";

type Database = ReturnType<typeof drizzle<typeof schema>>;

/**
 * One drizzle client per D1 binding, kept by the isolate (decision 031): making one reads the whole
 * schema into its relational config, which cost more than the queries of a form post that asked
 * for it three times. The client holds no state of a request.
 */
const clients = new WeakMap<D1Database, Database>();

export function getDb(env: Pick<Env, "DB">): Database {
  let db = clients.get(env.DB);
  if (!db) clients.set(env.DB, (db = drizzle(env.DB, { schema })));
  return db;
}

export type Db = ReturnType<typeof getDb>;

/**
 * An INSERT of many rows through one bound JSON array, so its size never meets D1's 100 bound
 * parameters and a hundred rows are one query (docs/decisions/045-within-the-platform-limits.md).
 * Each row is an object keyed by the table's property names (JSON-mode columns as JSON text);
 * `shared` gives a value every row has; a column that neither names takes its default. Rows that
 * clash with one already stored are left out (the ids carry the idempotency rules).
 */
export function insertJsonRows<T extends SQLiteTable>(
  db: Db,
  table: T,
  rows: Record<string, unknown>[],
  shared: Record<string, unknown> = {},
) {
  const given = new Set(rows.flatMap((row) => Object.keys(row)));
  const values = Object.entries(getTableColumns(table)).map(([key, column]) => {
    if (key in shared) return sql`${shared[key]}`;
    if (given.has(key)) return sql`value ->> ${key}`;
    if (is(column.default, SQL)) return column.default;
    return column.default === undefined ? sql`null` : sql`${column.default}`;
  });
  // SQLite needs a WHERE in an INSERT … SELECT that has an ON CONFLICT clause.
  const select = sql`select ${sql.join(values, sql`, `)} from json_each(${JSON.stringify(rows)}) where true`;
  return db.insert(table).select(select).onConflictDoNothing();
}

/**
 * The D1 errors Cloudflare lists as transient, worth one more try (D1 docs, "Retry queries"): the
 * connection dropped, or the database was moved, reset or timed out under the query.
 */
const TRANSIENT_D1_ERRORS = [
  "Network connection lost",
  "storage caused object to be reset",
  "reset because its code was updated",
  "storage operation exceeded timeout",
];

export function isTransientD1Error(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error);
  return TRANSIENT_D1_ERRORS.some((fragment) => text.includes(fragment));
}

/**
 * Runs an idempotent write, and once more if D1 failed it transiently. D1 retries read-only
 * queries itself, never writes; only a write that may safely run twice comes here (decision 045).
 */
export async function retryTransientOnce<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isTransientD1Error(error)) throw error;
    return write();
  }
}
