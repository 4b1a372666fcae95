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
 * Rows of `table` whose FTS5 index (`index`, a virtual table over `table` kept by the triggers
 * of migrations/0005_search_index.sql) matches `text`; no row when nothing searchable was typed.
 */
export function matchesSearch(table: SQLiteTable, index: string, text: string): SQL {
  const words = searchWords(text);
  if (!words) return sql`0`;
  return sql`${table}.rowid in (select rowid from ${sql.identifier(index)} where ${sql.identifier(index)} match ${words})`;
}

/** Rows whose id begins with `text`, read through the primary key (a reference from a mail). */
export function idStartsWith(id: AnySQLiteColumn, text: string): SQL | undefined {
  const start = text.trim().toLowerCase();
  return start ? and(gte(id, start), lt(id, sql`${start} || char(1114111)`)) : undefined;
}
