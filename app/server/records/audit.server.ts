import { and, asc, desc, eq, gte, inArray, like, lt, notLike, sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn, SQLiteColumn, SQLiteSelect, SQLiteTable } from "drizzle-orm/sqlite-core";
import * as v from "valibot";
import { CONTENT_TYPES, entryTitle, isContentType, isUploadKey } from "~/lib/content/entry-types";
import { newYorkTimeToUtc } from "~/lib/format";
import type { SessionUser } from "~/lib/session-user";
import { getDb, type Db } from "../db/client.server";
import { auditLog, contentEntries, files, newsletters, staffInvites, submissions, users } from "../db/schema";
import { csvStream, keysetAfter, type CsvPages } from "./csv.server";
import { choiceFilter, dayFilter, listQuery, newestFirstPage, searchFilter } from "./list.server";

/** One audit row per admin action, to run in the same batch as the change (who, what, when). */
export function auditEntry(
  db: Db,
  admin: SessionUser,
  entry: { action: string; targetType: string; targetId?: string | null; detail?: Record<string, unknown> },
) {
  return db.insert(auditLog).values({
    id: crypto.randomUUID(),
    userId: admin.id,
    userEmail: admin.email,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    detail: entry.detail ?? null,
  });
}

/** One field of an admin change, as it was and as it became (decision 014). */
export type FieldChange = { before: unknown; after: unknown };

/** An empty text and no value read the same in the log: a new entry's empty fields are no change. */
const nothingIfEmpty = (value: unknown) => (value === undefined || value === "" ? null : value);

/**
 * The fields of `after` whose value differs from `before`, for an audit row's `changes`: the
 * log shows what a change did (the notes' text before and after, not "notes changed").
 */
export function fieldChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, FieldChange> {
  return Object.fromEntries(
    Object.entries(after)
      .filter(([field, value]) => nothingIfEmpty(before[field]) !== nothingIfEmpty(value))
      .map(([field, value]) => [
        field,
        { before: nothingIfEmpty(before[field]), after: nothingIfEmpty(value) },
      ]),
  );
}

/** Every list that downloads as a CSV; the log names each in words (`admin:audit.exports.<list>`). */
export const CSV_EXPORTS = [
  "submissions",
  "donations",
  "subscribers",
  "event-registrations",
  "volunteer-hours",
  "program-roster",
  "program-attendance",
  "campaigns",
] as const;
type CsvExport = (typeof CSV_EXPORTS)[number];

/**
 * Every CSV download is recorded before the file is handed over: who, when, which filters and
 * how many rows (decision 014). If the row cannot be written, no file leaves.
 */
export async function recordExport(
  env: Pick<Env, "DB">,
  admin: SessionUser,
  input: { export: CsvExport; filters: Record<string, unknown>; rows: number },
) {
  const db = getDb(env);
  // The list's filters arrive with its page number, which says nothing about the file.
  const filters = Object.fromEntries(
    Object.entries(input.filters).filter(([field, value]) => field !== "page" && value !== undefined),
  );
  await auditEntry(db, admin, {
    action: `${input.export}.export`,
    targetType: input.export,
    detail: { filters, rows: input.rows },
  });
}

/**
 * A list as a file: recorded with its row count before the first byte leaves (decision 014), then
 * streamed a page at a time (decision 057), each page the rows of `select()` (a dynamic select
 * from `table`) after the last row written, by `keys` in `order`; `keyOf` reads those keys from a
 * row.
 */
export async function auditedTableCsv<Query extends SQLiteSelect>(
  env: Pick<Env, "DB">,
  actor: SessionUser,
  file: {
    export: CsvExport;
    filters: Record<string, unknown>;
    table: SQLiteTable;
    where: SQL | undefined;
    select: () => Query;
    order: "asc" | "desc";
    keys: readonly (AnySQLiteColumn | SQL)[];
  } & Pick<CsvPages<Awaited<Query>[number]>, "header" | "keyOf" | "cells">,
) {
  await recordExport(env, actor, {
    export: file.export,
    filters: file.filters,
    rows: await getDb(env).$count(file.table, file.where),
  });
  const sort = file.order === "desc" ? desc : asc;
  return csvStream<Awaited<Query>[number]>({
    header: file.header,
    page: (after, limit) =>
      file
        .select()
        .where(and(file.where, keysetAfter(file.order, file.keys, after)))
        .orderBy(...file.keys.map((key) => sort(key)))
        .limit(limit) as unknown as Promise<Awaited<Query>[number][]>,
    keyOf: file.keyOf,
    cells: file.cells,
  });
}

/**
 * What the log's "kind" filter offers: each a set of target types (or, for exports, the action's
 * ending), so staff filter by what was changed, not by internal codes (decision 052).
 */
export const AUDIT_KINDS = [
  "submissions",
  "entries",
  "wording",
  "newsletters",
  "files",
  "accounts",
  "payments",
  "exports",
  "mail",
] as const;
type AuditKind = (typeof AUDIT_KINDS)[number];

const KIND_TARGETS: Record<Exclude<AuditKind, "exports" | "entries">, string[]> = {
  submissions: ["submission"],
  wording: ["translation"],
  newsletters: ["newsletter", "subscriber"],
  files: ["file"],
  accounts: ["user", "invite"],
  payments: ["donation", "statement_run", "event-registration"],
  mail: ["outbox"],
};

function kindCondition(kind: AuditKind): SQL {
  if (kind === "exports") return like(auditLog.action, "%.export");
  if (kind === "entries") return inArray(auditLog.targetType, CONTENT_TYPES);
  return and(inArray(auditLog.targetType, KIND_TARGETS[kind]), notLike(auditLog.action, "%.export"))!;
}

const AuditFiltersSchema = v.object({
  who: searchFilter,
  kind: choiceFilter(AUDIT_KINDS),
  from: dayFilter,
  to: dayFilter,
});

/** The day after a New York date, as its midnight in UTC: the end of a "to" filter. */
function endOfDay(day: string): string {
  const next = new Date(`${day}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return newYorkTimeToUtc(next.toISOString().slice(0, 10)).toISOString();
}

/**
 * One page of the log, newest first, with the author's name and each target's title (decision
 * 052). ADMIN read every row and filter by author; STAFF read their own rows only (the log names
 * donors and holds notes' text, decision 014). Titles come from one query per kind of target on
 * the page (at most PAGE_SIZE ids each), never one per row.
 */
export async function listAudit(env: Pick<Env, "DB">, url: URL, viewer: SessionUser) {
  const db = getDb(env);
  const query = listQuery(AuditFiltersSchema, url);
  const { filters } = query;
  const who = viewer.role === "ADMIN" ? filters.who : viewer.id;
  const where = and(
    who ? eq(auditLog.userId, who) : undefined,
    filters.kind ? kindCondition(filters.kind) : undefined,
    filters.from ? gte(auditLog.createdAt, newYorkTimeToUtc(filters.from).toISOString()) : undefined,
    filters.to ? lt(auditLog.createdAt, endOfDay(filters.to)) : undefined,
  );
  const page = await newestFirstPage(db, query, {
    table: auditLog,
    where,
    rows: db
      .select({
        id: auditLog.id,
        userId: auditLog.userId,
        userEmail: auditLog.userEmail,
        userName: users.name,
        action: auditLog.action,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        detail: auditLog.detail,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.userId))
      .$dynamic(),
  });
  const titles = await targetTitles(env, page.rows);
  return {
    ...page,
    rows: page.rows.map((row) => ({ ...row, ...titles(row) })),
    filters: { ...filters, who },
  };
}

type TargetRow = { targetType: string; targetId: string | null; detail: Record<string, unknown> | null };

/** A record an audit row names, by its title, with the page where it is edited. */
export type NamedRecord = { title: string; href: string };

/** `id in (…)` over any number of ids with one bound parameter (D1 allows 100 per query). */
const idIn = (column: SQLiteColumn, ids: string[]): SQL =>
  sql`${column} in (select value from json_each(${JSON.stringify(ids)}))`;

/**
 * Each kind of record the log names, with the one query that titles a page's worth of them.
 * Every content type is one kind ("entry"), so a page of posts, events and reports is one query.
 */
const NAMED_KINDS: Record<string, (db: Db, ids: string[]) => Promise<({ id: string } & NamedRecord)[]>> = {
  submission: async (db, ids) =>
    (
      await db
        .select({ id: submissions.id, title: submissions.name })
        .from(submissions)
        .where(idIn(submissions.id, ids))
    ).map((row) => ({ ...row, href: `/admin/submissions/${row.id}` })),
  entry: async (db, ids) =>
    (
      await db
        .select({
          id: contentEntries.id,
          type: contentEntries.type,
          fields: contentEntries.fields,
          slug: contentEntries.slug,
        })
        .from(contentEntries)
        .where(idIn(contentEntries.id, ids))
    ).map((entry) => ({
      id: entry.id,
      title: entryTitle(entry.fields) || entry.slug,
      href: `/admin/entries/${entry.type}/${entry.id}`,
    })),
  newsletter: async (db, ids) =>
    (
      await db
        .select({ id: newsletters.id, title: newsletters.subjectEn })
        .from(newsletters)
        .where(idIn(newsletters.id, ids))
    ).map((row) => ({ ...row, href: `/admin/newsletters/${row.id}` })),
  user: async (db, ids) =>
    (
      await db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(idIn(users.id, ids))
    ).map((user) => ({ id: user.id, title: user.name || user.email, href: "/admin/users" })),
  file: async (db, ids) =>
    (await db.select({ id: files.id, title: files.name }).from(files).where(idIn(files.id, ids))).map(
      (row) => ({
        ...row,
        href: `/admin/files/${row.id}`,
      }),
    ),
  invite: async (db, ids) =>
    (
      await db
        .select({ id: staffInvites.id, title: staffInvites.name })
        .from(staffInvites)
        .where(idIn(staffInvites.id, ids))
    ).map((row) => ({ ...row, href: "/admin/users" })),
};

/** The kind of record a target type names: every content type is an entry. */
const namedKind = (targetType: string) => (isContentType(targetType) ? "entry" : targetType);

/** The detail fields of a file's row that list entries by id: those that used it, or moved to its replacement. */
const ENTRY_LIST_FIELDS = ["entries", "usedBy"] as const;

/** Upload keys a row's changes hold (an entry's PDF or photo before and after), to name by file. */
function fileKeysIn(detail: Record<string, unknown> | null): string[] {
  const changes = detail?.changes;
  if (!changes || typeof changes !== "object") return [];
  return Object.values(changes as Record<string, FieldChange>)
    .flatMap((change) => [change.before, change.after])
    .filter(isUploadKey);
}

function entryIdsIn(detail: Record<string, unknown> | null, field: string): string[] {
  const ids = detail?.[field];
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : [];
}

/**
 * Each row's target as a title and a link to where it is edited (null when gone or not a
 * record), and the entries its detail lists by id, titled the same way. One query per kind of
 * record on the page, never one per row.
 */
async function targetTitles(env: Pick<Env, "DB">, rows: TargetRow[]) {
  const db = getDb(env);
  const wanted = new Map<string, Set<string>>();
  const want = (kind: string, id: string) => wanted.set(kind, (wanted.get(kind) ?? new Set()).add(id));
  for (const row of rows) {
    if (row.targetId && NAMED_KINDS[namedKind(row.targetType)]) want(namedKind(row.targetType), row.targetId);
    for (const field of ENTRY_LIST_FIELDS) for (const id of entryIdsIn(row.detail, field)) want("entry", id);
    for (const key of fileKeysIn(row.detail)) want("file", key);
  }
  const found = await Promise.all(
    [...wanted].map(async ([kind, ids]) => [kind, await NAMED_KINDS[kind]!(db, [...ids])] as const),
  );
  const named = new Map(
    found.map(([kind, records]) => [kind, new Map(records.map((record) => [record.id, record]))]),
  );
  const entries = named.get("entry");
  const uploads = named.get("file");
  return (
    row: TargetRow,
  ): {
    targetTitle: string | null;
    targetHref: string | null;
    /** Each entry list of the detail by field, an entry since removed as null. */
    mentioned: Record<string, (NamedRecord | null)[]>;
    /** The uploads its changes name, by key; a key not here was deleted since. */
    uploads: Record<string, NamedRecord>;
  } => {
    const namedUploads = Object.fromEntries(
      fileKeysIn(row.detail).flatMap((key) => {
        const upload = uploads?.get(key);
        return upload ? [[key, { title: upload.title, href: upload.href }]] : [];
      }),
    );
    const mentioned = Object.fromEntries(
      ENTRY_LIST_FIELDS.filter((field) => Array.isArray(row.detail?.[field])).map((field) => [
        field,
        entryIdsIn(row.detail, field).map((id) => {
          const entry = entries?.get(id);
          return entry ? { title: entry.title, href: entry.href } : null;
        }),
      ]),
    );
    const id = row.targetId;
    if (!id) return { targetTitle: null, targetHref: null, mentioned, uploads: namedUploads };
    const record = named.get(namedKind(row.targetType))?.get(id);
    if (record)
      return { targetTitle: record.title, targetHref: record.href, mentioned, uploads: namedUploads };
    if (row.targetType === "donation")
      return { targetTitle: null, targetHref: `/admin/donations/${id}`, mentioned, uploads: namedUploads };
    // A copy key ("home:hero.lead") is its own name; the editor opens on it.
    if (row.targetType === "translation") {
      const [, locale = "", namespace = "", key = ""] = /^([^/]+)\/([^:]+):(.*)$/.exec(id) ?? [];
      const query = new URLSearchParams({ locale, namespace, q: key });
      return {
        targetTitle: `${namespace}:${key}`,
        targetHref: `/admin/content?${query.toString()}`,
        mentioned,
        uploads: namedUploads,
      };
    }
    return { targetTitle: null, targetHref: null, mentioned, uploads: namedUploads };
  };
}
