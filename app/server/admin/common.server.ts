import { sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { SessionUser } from "~/lib/session-user";
import type { Db } from "../db/client.server";
import { auditLog } from "../db/schema";

export const ADMIN_TIME_ZONE = "America/New_York";

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

function zonedParts(date: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The UTC instant of a wall-clock time in a time zone (good to the minute, DST included). */
export function zonedTimeToUtc(year: number, month: number, day: number, timeZone = ADMIN_TIME_ZONE): Date {
  const guess = Date.UTC(year, month - 1, day);
  const wall = zonedParts(new Date(guess), timeZone);
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return new Date(guess - (wallAsUtc - guess));
}

/** Start of this month and this year in New York, as UTC ISO strings. */
export function periodStarts(now = new Date()) {
  const { year, month } = zonedParts(now, ADMIN_TIME_ZONE);
  return {
    month: zonedTimeToUtc(year, month, 1).toISOString(),
    year: zonedTimeToUtc(year, 1, 1).toISOString(),
  };
}
