import { sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { newYorkDate, newYorkTimeToUtc } from "~/lib/format";
import type { SessionUser } from "~/lib/session-user";
import type { Db } from "../db/client.server";
import { auditLog } from "../db/schema";

/** Case-insensitive "contains" without LIKE wildcards (a typed % or _ means itself). */
export function contains(column: AnySQLiteColumn | SQL, text: string): SQL {
  return sql`instr(lower(${column}), ${text.toLowerCase()}) > 0`;
}

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

/** Start of this month and this year in New York, as UTC ISO strings. */
export function periodStarts(now = new Date()) {
  const [year, month] = newYorkDate(now).split("-");
  return {
    month: newYorkTimeToUtc(`${year}-${month}-01`).toISOString(),
    year: newYorkTimeToUtc(`${year}-01-01`).toISOString(),
  };
}
