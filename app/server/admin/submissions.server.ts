import { and, count, desc, eq, or, sql, type SQL } from "drizzle-orm";
import * as v from "valibot";
import type { SessionUser } from "~/lib/session-user";
import { getDb } from "../db/client.server";
import { submissions } from "../db/schema";
import {
  SUBMISSION_KINDS,
  SUBMISSION_STATUSES,
  type SubmissionKind,
  type SubmissionStatus,
} from "~/lib/vocabulary";
import { fieldChanges, recordExport } from "./audit.server";
import { auditEntry, contains } from "./common.server";
import { toCsv } from "./csv.server";
import { choiceFilter, listQuery, newestFirstPage, searchFilter } from "./list.server";

const SubmissionFiltersSchema = v.object({
  kind: choiceFilter(SUBMISSION_KINDS),
  status: choiceFilter(SUBMISSION_STATUSES),
  q: searchFilter,
});
type SubmissionFilters = v.InferOutput<typeof SubmissionFiltersSchema>;

export function isSubmissionKind(value: unknown): value is SubmissionKind {
  return (SUBMISSION_KINDS as readonly unknown[]).includes(value);
}
export function isSubmissionStatus(value: unknown): value is SubmissionStatus {
  return (SUBMISSION_STATUSES as readonly unknown[]).includes(value);
}

function where(filters: SubmissionFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    filters.kind ? eq(submissions.kind, filters.kind) : undefined,
    filters.status ? eq(submissions.status, filters.status) : undefined,
    filters.q
      ? or(
          // The reference in the confirmation mail is the start of the id.
          contains(submissions.id, filters.q),
          contains(submissions.name, filters.q),
          contains(submissions.email, filters.q),
          contains(sql`${submissions.payload}`, filters.q),
          contains(submissions.notes, filters.q),
        )
      : undefined,
  ];
  return and(...conditions);
}

export async function listSubmissions(env: Pick<Env, "DB">, url: URL) {
  const db = getDb(env);
  const query = listQuery(SubmissionFiltersSchema, url);
  const condition = where(query.filters);
  return newestFirstPage(db, query, {
    table: submissions,
    where: condition,
    rows: db
      .select({
        id: submissions.id,
        kind: submissions.kind,
        status: submissions.status,
        name: submissions.name,
        email: submissions.email,
        locale: submissions.locale,
        createdAt: submissions.createdAt,
      })
      .from(submissions)
      .$dynamic(),
  });
}

export async function getSubmission(env: Pick<Env, "DB">, id: string) {
  const [row] = await getDb(env).select().from(submissions).where(eq(submissions.id, id)).limit(1);
  return row ?? null;
}

/** Status and notes in one save, with an audit row (both values before and after) in the same batch. */
export async function updateSubmission(
  env: Pick<Env, "DB">,
  admin: SessionUser,
  id: string,
  change: { status: SubmissionStatus; notes: string },
) {
  const db = getDb(env);
  const before = await getSubmission(env, id);
  if (!before) return null;
  await db.batch([
    db
      .update(submissions)
      .set({ status: change.status, notes: change.notes, updatedAt: new Date().toISOString() })
      .where(eq(submissions.id, id)),
    auditEntry(db, admin, {
      action: "submission.update",
      targetType: "submission",
      targetId: id,
      detail: { kind: before.kind, changes: fieldChanges(before, change) },
    }),
  ]);
  return { ...before, ...change };
}

/** Every submission of one kind; the payload's fields become columns. The export is audited. */
export async function submissionsCsv(
  env: Pick<Env, "DB">,
  admin: SessionUser,
  kind: SubmissionKind,
  status?: SubmissionStatus,
) {
  const rows = await getDb(env)
    .select()
    .from(submissions)
    .where(and(eq(submissions.kind, kind), status ? eq(submissions.status, status) : undefined))
    .orderBy(desc(submissions.createdAt));
  const payloadKeys = [...new Set(rows.flatMap((row) => Object.keys(row.payload ?? {})))].sort();
  const header = ["id", "created_at", "status", "locale", "name", "email", "phone", "notes", ...payloadKeys];
  await recordExport(env, admin, { export: "submissions", filters: { kind, status }, rows: rows.length });
  return toCsv(
    header,
    rows.map((row) => [
      row.id,
      row.createdAt,
      row.status,
      row.locale,
      row.name,
      row.email,
      row.phone,
      row.notes,
      ...payloadKeys.map((key) => row.payload?.[key]),
    ]),
  );
}

export async function newSubmissionsByKind(env: Pick<Env, "DB">) {
  const rows = await getDb(env)
    .select({ kind: submissions.kind, value: count() })
    .from(submissions)
    .where(eq(submissions.status, "new"))
    .groupBy(submissions.kind);
  return Object.fromEntries(rows.map((row) => [row.kind, row.value])) as Partial<
    Record<SubmissionKind, number>
  >;
}
