import { and, gte, lt, sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";

/**
 * A staff search as an FTS5 query (decision 057): each word typed (split where the index splits
 * it, at anything not a letter or digit) must begin a word of the record, accents and case aside,
 * so "rivera" finds "Ana Rivera" and "ana.rivera@…", and "rosa@example" finds that address. Only
 * letters and digits reach the query, so nothing typed is FTS5 syntax. Undefined when nothing
 * searchable was typed.
 */
export function searchWords(text: string): string | undefined {
  const terms = text
    .split(/\s+/)
    .map((term) => term.match(/[\p{L}\p{N}]+/gu)?.join(" "))
    .filter((term): term is string => Boolean(term))
    .slice(0, 10);
  return terms.length ? terms.map((term) => `"${term}"*`).join(" ") : undefined;
}

/**
 * How SQLite reads a search's rows (decision 057): `"through"` the index and the primary key, the
 * matches gathered and then sorted, cheap while they are few; `"walking"` the list's own index in
 * its order, each row tested, cheap when matches are many (the `+` keeps SQLite from reading
 * through the term's index).
 */
export type SearchPlan = "through" | "walking";

/**
 * Rows of `table` whose FTS5 index (`index`, a virtual table over `table` kept by the triggers
 * of migrations/0005_round_six.sql) matches `text`; no row when nothing searchable was typed.
 */
export function matchesSearch(
  table: SQLiteTable,
  index: string,
  text: string,
  plan: SearchPlan = "through",
): SQL {
  const words = searchWords(text);
  if (!words) return sql`0`;
  return sql`${plan === "walking" ? sql.raw("+") : sql``}${table}.rowid in (select rowid from ${sql.identifier(index)} where ${sql.identifier(index)} match ${words})`;
}

/** Rows whose id begins with `text`, read through the primary key (a reference from a mail). */
export function idStartsWith(
  id: AnySQLiteColumn,
  text: string,
  plan: SearchPlan = "through",
): SQL | undefined {
  const start = text.trim().toLowerCase();
  const key = plan === "walking" ? sql`+${id}` : sql`${id}`;
  return start ? and(gte(key, start), lt(key, sql`${start} || char(1114111)`)) : undefined;
}
