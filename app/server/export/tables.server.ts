import { getTableColumns, getTableName } from "drizzle-orm";
import type { AnySQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import {
  attendanceMarks,
  auditLog,
  childConsents,
  children,
  contacts,
  contentEntries,
  contentGone,
  contentVersions,
  donationAttempts,
  donations,
  enrolments,
  eventRegistrations,
  fileReplacements,
  files,
  newsletters,
  paymentAdjustments,
  pledges,
  programSessions,
  recurringGifts,
  softCredits,
  submissionHistory,
  submissions,
  subscribers,
  translationOverrides,
  users,
  volunteerClearances,
  volunteers,
  volunteerShifts,
  volunteerSignups,
} from "../db/schema";

/**
 * A table of the export: its file is `data/<table>.csv`, one column per stored column (named as
 * in the database) but those left out, in the order of its primary key, which is the keyset it
 * is read by (decision 057). docs/export-format.md describes every file and column.
 */
export type ExportedTable = {
  table: SQLiteTable;
  /** The primary key's columns: the order of the file and its keyset. */
  key: readonly AnySQLiteColumn[];
  /** Columns that never leave (secrets, health, one visitor's hashed address), each with why. */
  leaveOut?: readonly AnySQLiteColumn[];
};

const exported = (
  table: SQLiteTable,
  key: readonly AnySQLiteColumn[],
  leaveOut?: readonly AnySQLiteColumn[],
): ExportedTable => ({ table, key, leaveOut });

/**
 * What the organisation owns, table by table (docs/decisions/070-leaving-with-everything.md).
 * Not here, on purpose: children's health records and a form's health answers (they never leave
 * in any export, decision 054), passwords, sessions, second factors, reset and invite tokens,
 * rate limits, Stripe's event ids, the outbox (mail as sent, with its links), newsletter
 * deliveries (one row per reader per issue), statement runs, the copy-review queue and the gift
 * list's kept totals (`gift_totals`, a sum of `donations` kept by triggers, decision 057): machinery
 * of this site, not records another system takes in.
 */
export const EXPORTED_TABLES: readonly ExportedTable[] = [
  exported(users, [users.id], [users.passwordHash, users.passwordSalt, users.passwordIterations]),
  // The health answers are AES-GCM ciphertext; even so they never leave (decision 054).
  exported(submissions, [submissions.id], [submissions.healthData]),
  exported(submissionHistory, [submissionHistory.id]),
  exported(contacts, [contacts.id]),
  exported(subscribers, [subscribers.id], [subscribers.confirmTokenHash]),
  exported(newsletters, [newsletters.id]),
  exported(donationAttempts, [donationAttempts.id]),
  exported(donations, [donations.id]),
  exported(recurringGifts, [recurringGifts.id]),
  exported(pledges, [pledges.id]),
  exported(softCredits, [softCredits.id]),
  exported(paymentAdjustments, [paymentAdjustments.paymentKey]),
  // `holder` is a hash of one visitor's network address, kept only to cap seats (decision 046).
  exported(eventRegistrations, [eventRegistrations.id], [eventRegistrations.holder]),
  exported(volunteerShifts, [volunteerShifts.id]),
  exported(volunteers, [volunteers.id]),
  exported(volunteerSignups, [volunteerSignups.id]),
  exported(volunteerClearances, [volunteerClearances.volunteerId, volunteerClearances.kind]),
  exported(programSessions, [programSessions.id]),
  // A child's health record is another table (child_health_records), which is not exported.
  exported(children, [children.id]),
  exported(childConsents, [childConsents.childId, childConsents.programYear]),
  exported(enrolments, [enrolments.id]),
  exported(attendanceMarks, [
    attendanceMarks.sessionId,
    attendanceMarks.meetingDate,
    attendanceMarks.childId,
  ]),
  exported(contentEntries, [contentEntries.id]),
  exported(contentVersions, [contentVersions.id]),
  exported(contentGone, [contentGone.type, contentGone.slug]),
  exported(translationOverrides, [
    translationOverrides.locale,
    translationOverrides.namespace,
    translationOverrides.key,
  ]),
  exported(files, [files.id]),
  exported(fileReplacements, [fileReplacements.oldKey]),
  exported(auditLog, [auditLog.id]),
];

/**
 * The tables left out on purpose, for the reasons above, with the imports' own job, mapping and
 * skipped-row tables (the records an import made are exported with their tables) and the search
 * indexes (FTS5 tables of hand SQL, derived from their tables, decision 057): with EXPORTED_TABLES
 * they name every table, so a new table is a choice, never an omission.
 */
export const NOT_EXPORTED_TABLES = [
  "child_health_records",
  "copy_reviews",
  "donations_search",
  "gift_totals",
  "import_mappings",
  "import_skips",
  "imports",
  "newsletter_deliveries",
  "outbox",
  "passkeys",
  "password_resets",
  "rate_limits",
  "recovery_codes",
  "sessions",
  "staff_invites",
  "statement_runs",
  "stripe_events",
  "submissions_search",
  "totp_credentials",
] as const;

/** The file of a table in the archive. */
export const tableFile = (table: ExportedTable) => `data/${getTableName(table.table)}.csv`;

/** The columns a table's file has, by their drizzle property, in the schema's order. */
export function exportedColumns(table: ExportedTable): Record<string, AnySQLiteColumn> {
  const leftOut = new Set(table.leaveOut ?? []);
  return Object.fromEntries(
    Object.entries(getTableColumns(table.table)).filter(([, column]) => !leftOut.has(column)),
  );
}
