import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../db/client.server";

/**
 * What one kind of import (gifts, contacts, subscribers, volunteers) knows about its rows
 * (docs/decisions/069-imports.md): its fields and the header names that suggest each, how a row
 * is read and keyed, which keys are already in D1, and the rows it writes.
 */

/** A row read: a record to write under its key, or each field's message (translation keys). */
export type ReadRow<Value> =
  | { ok: true; key: string; label: string; amountCents?: number; value: Value }
  | { ok: false; reasons: Record<string, string> };

export type ImportSpec<Value> = {
  /** Our fields, in the order the mapping page offers them. */
  fields: readonly string[];
  /** Header names (lower-case letters and digits) that suggest each field. */
  names: Record<string, readonly string[]>;
  /** The fields a mapping lacks: those the rows cannot be read without. */
  missing: (mapped: ReadonlySet<string>) => string[];
  /** One row, `cell` giving the mapped column's trimmed text ("" when the field is not mapped). */
  read: (cell: (field: string) => string, options: { giftMethod: string | null }) => ReadRow<Value>;
  /** The keys among `keys` already in D1: one query, the keys one JSON parameter. */
  existing: (db: Db, keys: string[]) => Promise<Set<string>>;
  /** What a key already in D1 comes to: a record matched (left as it is), or a row skipped with this reason. */
  whenExisting: { outcome: "match" } | { outcome: "skip"; reason: string };
  table: SQLiteTable;
  /** The rows to insert (each with its own id), `recordedBy` the staff who started the import; `importId` is added to every one. */
  rows: (values: { key: string; value: Value }[], recordedBy: string | null) => Record<string, unknown>[];
};

/** A header as the mapping compares it: lower-case letters and digits, accents dropped ("E-mail Address" is "emailaddress"). */
export const normaliseHeader = (header: string) =>
  header
    .normalize("NFD")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");

/** How files write a language, normalised as headers are, to ours. */
export const LOCALE_WORDS: Record<string, "en" | "es"> = {
  en: "en",
  english: "en",
  ingles: "en",
  es: "es",
  spanish: "es",
  espanol: "es",
};

/** A person's name from a name column, or first and last name columns. */
export const personName = (cell: (field: string) => string) =>
  cell("name") || [cell("firstName"), cell("lastName")].filter(Boolean).join(" ");

/**
 * A kind's spec as the job's code holds it: the value a row was read into is kept in the batch
 * and handed back to the same kind's `rows`, so no other code needs its type.
 */
export const importKind = <Value>(spec: ImportSpec<Value>) => spec as unknown as ImportSpec<unknown>;
