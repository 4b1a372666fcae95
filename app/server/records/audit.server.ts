import { and, eq, gte, inArray, like, lt, notLike, type SQL } from "drizzle-orm";
import * as v from "valibot";
import { CONTENT_TYPES, entryTitle, isContentType } from "~/lib/content/entry-types";
import { newYorkTimeToUtc } from "~/lib/format";
import type { SessionUser } from "~/lib/session-user";
import { getDb, type Db } from "../db/client.server";
import { auditLog, contentEntries, files, newsletters, staffInvites, submissions, users } from "../db/schema";
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

type CsvExport =
  | "submissions"
  | "donations"
  | "subscribers"
  | "event-registrations"
  | "volunteer-hours"
  | "program-roster"
  | "program-attendance"
  | "campaigns";

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

type TargetRow = { targetType: string; targetId: string | null };

/** Each row's target as a title and a link to where it is edited; null when gone or not a record. */
async function targetTitles(env: Pick<Env, "DB">, rows: TargetRow[]) {
  const db = getDb(env);
  const idsOf = (match: (type: string) => boolean) => [
    ...new Set(rows.filter((row) => row.targetId && match(row.targetType)).map((row) => row.targetId!)),
  ];
  const submissionIds = idsOf((type) => type === "submission");
  const entryIds = idsOf(isContentType);
  const newsletterIds = idsOf((type) => type === "newsletter");
  const userIds = idsOf((type) => type === "user");
  const fileIds = idsOf((type) => type === "file");
  const inviteIds = idsOf((type) => type === "invite");
  const none = Promise.resolve([] as { id: string; title: string }[]);
  const [submissionRows, entryRows, newsletterRows, userRows, fileRows, inviteRows] = await Promise.all([
    submissionIds.length
      ? db
          .select({ id: submissions.id, title: submissions.name })
          .from(submissions)
          .where(inArray(submissions.id, submissionIds))
      : none,
    entryIds.length
      ? db
          .select({ id: contentEntries.id, fields: contentEntries.fields, slug: contentEntries.slug })
          .from(contentEntries)
          .where(inArray(contentEntries.id, entryIds))
          .then((found) =>
            found.map((entry) => ({ id: entry.id, title: entryTitle(entry.fields) || entry.slug })),
          )
      : none,
    newsletterIds.length
      ? db
          .select({ id: newsletters.id, title: newsletters.subjectEn })
          .from(newsletters)
          .where(inArray(newsletters.id, newsletterIds))
      : none,
    userIds.length
      ? db
          .select({ id: users.id, name: users.name, email: users.email })
          .from(users)
          .where(inArray(users.id, userIds))
          .then((found) => found.map((user) => ({ id: user.id, title: user.name || user.email })))
      : none,
    fileIds.length
      ? db.select({ id: files.id, title: files.name }).from(files).where(inArray(files.id, fileIds))
      : none,
    inviteIds.length
      ? db
          .select({ id: staffInvites.id, title: staffInvites.name })
          .from(staffInvites)
          .where(inArray(staffInvites.id, inviteIds))
      : none,
  ]);
  const byId = (found: { id: string; title: string }[]) => new Map(found.map((row) => [row.id, row.title]));
  const named = {
    submission: byId(submissionRows),
    entry: byId(entryRows),
    newsletter: byId(newsletterRows),
    user: byId(userRows),
    file: byId(fileRows),
    invite: byId(inviteRows),
  };
  return (row: TargetRow): { targetTitle: string | null; targetHref: string | null } => {
    const id = row.targetId;
    if (!id) return { targetTitle: null, targetHref: null };
    if (row.targetType === "submission")
      return { targetTitle: named.submission.get(id) ?? null, targetHref: `/admin/submissions/${id}` };
    if (isContentType(row.targetType))
      return {
        targetTitle: named.entry.get(id) ?? null,
        targetHref: `/admin/entries/${row.targetType}/${id}`,
      };
    if (row.targetType === "newsletter")
      return { targetTitle: named.newsletter.get(id) ?? null, targetHref: `/admin/newsletters/${id}` };
    if (row.targetType === "user")
      return { targetTitle: named.user.get(id) ?? null, targetHref: "/admin/users" };
    if (row.targetType === "file")
      return { targetTitle: named.file.get(id) ?? null, targetHref: "/admin/files" };
    if (row.targetType === "invite")
      return { targetTitle: named.invite.get(id) ?? null, targetHref: "/admin/users" };
    if (row.targetType === "donation") return { targetTitle: null, targetHref: `/admin/donations/${id}` };
    // A copy key ("home:hero.lead") is its own name; the editor opens on it.
    if (row.targetType === "translation") {
      const [, locale = "", namespace = "", key = ""] = /^([^/]+)\/([^:]+):(.*)$/.exec(id) ?? [];
      const query = new URLSearchParams({ locale, namespace, q: key });
      return { targetTitle: `${namespace}:${key}`, targetHref: `/admin/content?${query.toString()}` };
    }
    return { targetTitle: null, targetHref: null };
  };
}
