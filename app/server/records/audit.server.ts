import * as v from "valibot";
import type { SessionUser } from "~/lib/session-user";
import { getDb, type Db } from "../db/client.server";
import { auditLog } from "../db/schema";
import { listQuery, newestFirstPage } from "./list.server";

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
      .filter(([field, value]) => (before[field] ?? null) !== (value ?? null))
      .map(([field, value]) => [field, { before: before[field] ?? null, after: value ?? null }]),
  );
}

type CsvExport = "submissions" | "donations" | "subscribers" | "event-registrations";

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

/** The log has no filters yet: newest first, a page at a time. */
export async function listAudit(env: Pick<Env, "DB">, url: URL) {
  const db = getDb(env);
  return newestFirstPage(db, listQuery(v.object({}), url), {
    table: auditLog,
    where: undefined,
    rows: db.select().from(auditLog).$dynamic(),
  });
}
