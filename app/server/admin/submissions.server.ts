import type { TFunction } from "i18next";
import { ATTRIBUTION_KEYS, attributionCells } from "~/lib/attribution";
import { and, asc, count, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import * as v from "valibot";
import { answerWords, fieldLabel, formAnswers, formatFieldValue, formForKind } from "~/lib/forms/answers";
import type { SessionUser } from "~/lib/session-user";
import { organizationContact } from "../content/organization.server";
import { getDb } from "../db/client.server";
import { readSubmissionHealthAsStaff } from "../families/child-data.server";
import { submissionHistory, submissions, users } from "../db/schema";
import { translatorFor } from "../kernel/i18n.server";
import { replyAddressFor } from "../mail/inbound.server";
import { deliverOutbox, queueEmail } from "../mail/outbox.server";
import {
  SUBMISSION_KINDS,
  SUBMISSION_STATUSES,
  type SubmissionHistoryKind,
  type SubmissionKind,
  type SubmissionStatus,
} from "~/lib/vocabulary";
import { auditedTableCsv, auditEntry, fieldChanges } from "../records/audit.server";
import { csvTime } from "../records/csv.server";
import { choiceFilter, listQuery, newestFirstPage, searchFilter } from "../records/list.server";
import { idStartsWith, matchesSearch, type SearchPlan } from "../records/search.server";

/** "me": assigned to whoever looks; "none": nobody has taken it yet (decision 022). */
export const ASSIGNED_FILTERS = ["me", "none"] as const;

const SubmissionFiltersSchema = v.object({
  kind: choiceFilter(SUBMISSION_KINDS),
  status: choiceFilter(SUBMISSION_STATUSES),
  assigned: choiceFilter(ASSIGNED_FILTERS),
  q: searchFilter,
});
type SubmissionFilters = v.InferOutput<typeof SubmissionFiltersSchema>;

export function isSubmissionKind(value: unknown): value is SubmissionKind {
  return (SUBMISSION_KINDS as readonly unknown[]).includes(value);
}

function where(
  filters: SubmissionFilters,
  viewer: SessionUser,
  plan: SearchPlan = "through",
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    filters.kind ? eq(submissions.kind, filters.kind) : undefined,
    filters.status ? eq(submissions.status, filters.status) : undefined,
    filters.assigned === "me" ? eq(submissions.assignedTo, viewer.id) : undefined,
    filters.assigned === "none" ? isNull(submissions.assignedTo) : undefined,
    filters.q
      ? or(
          // The reference in the confirmation mail is the start of the id.
          idStartsWith(submissions.id, filters.q, plan),
          // Name, e-mail, answers and note, through the search index (decision 057).
          matchesSearch(submissions, "submissions_search", filters.q, plan),
        )
      : undefined,
  ];
  return and(...conditions);
}

/**
 * A search counts its matches up to here and then says "more than 1,000": a word one submission in
 * six contains would otherwise cost the count of all of them, and past it the page is read walking
 * the newest-first index, where gathering and sorting every match cost 70–100 ms (decision 057).
 */
export const SEARCH_COUNT_UP_TO = 1_000;

export async function listSubmissions(env: Pick<Env, "DB">, url: URL, viewer: SessionUser) {
  const db = getDb(env);
  const query = listQuery(SubmissionFiltersSchema, url);
  const condition = where(query.filters, viewer);
  return newestFirstPage(db, query, {
    table: submissions,
    where: condition,
    search: query.filters.q
      ? { countUpTo: SEARCH_COUNT_UP_TO, whereWhenMany: where(query.filters, viewer, "walking") }
      : undefined,
    rows: db
      .select({
        id: submissions.id,
        kind: submissions.kind,
        status: submissions.status,
        name: submissions.name,
        email: submissions.email,
        locale: submissions.locale,
        assignee: users.name,
        assigneeEmail: users.email,
        createdAt: submissions.createdAt,
      })
      .from(submissions)
      .leftJoin(users, eq(users.id, submissions.assignedTo))
      .$dynamic(),
  });
}

/** Everyone who may be given a submission: ADMIN and STAFF accounts. */
export async function staffMembers(env: Pick<Env, "DB">) {
  return getDb(env)
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.role, ["ADMIN", "STAFF"]))
    .orderBy(asc(users.name), asc(users.email));
}

export async function getSubmission(env: Pick<Env, "DB">, id: string) {
  const [row] = await getDb(env).select().from(submissions).where(eq(submissions.id, id)).limit(1);
  return row ?? null;
}

/** The submission's history, oldest first. */
export async function submissionHistoryOf(env: Pick<Env, "DB">, id: string) {
  return getDb(env)
    .select()
    .from(submissionHistory)
    .where(eq(submissionHistory.submissionId, id))
    .orderBy(asc(submissionHistory.createdAt), asc(submissionHistory.id));
}

/**
 * The answers of a submission with the form's own labels and option labels in `locale`'s words;
 * payload keys the form does not have (older posts) follow under their own name.
 */
export function submissionAnswers(
  submission: { kind: SubmissionKind; payload: Record<string, unknown> | null },
  tForms: TFunction,
  tEmail: TFunction,
) {
  const definition = formForKind(submission.kind);
  const payload = submission.payload ?? {};
  // Health fields are shown only on request, read audited (readSubmissionHealthAsStaff).
  const fields = definition.fields.filter((field) => !field.health);
  const answers = formAnswers(definition, fields, payload, tForms, answerWords(tEmail));
  const known = new Set(definition.fields.map((field) => field.name));
  const other = Object.entries(payload)
    .filter(([key]) => !known.has(key))
    .map(([key, value]) => ({
      name: key,
      value: Array.isArray(value)
        ? value.join(", ")
        : typeof value === "object"
          ? JSON.stringify(value)
          : String(value),
    }));
  return { answers, other };
}

/**
 * What the submission's page shows, or null when there is no such submission. The health answers
 * stay on the server, sealed, until a read that is audited (decision 054); the page learns only
 * that there are some.
 */
export async function submissionPage(
  env: Pick<Env, "DB" | "CACHE">,
  id: string,
  tForms: TFunction,
  tEmail: TFunction,
) {
  const stored = await getSubmission(env, id);
  if (!stored) return null;
  const { healthData, ...submission } = stored;
  const [history, staff, replySubject] = await Promise.all([
    submissionHistoryOf(env, submission.id),
    staffMembers(env),
    replySubjectFor(env, submission),
  ]);
  return {
    submission,
    // Labels and option labels in the reader's language (the form's own words, docs/product.md §3).
    ...submissionAnswers(submission, tForms, tEmail),
    // "Re: " and the subject of the confirmation they received, in their language (decision 052).
    replySubject,
    history,
    staff,
    hasHealth: healthData !== null,
  };
}

/**
 * A submission's health answers opened for `actor`, audited before they are decrypted, in the
 * form's order under its labels in the reader's words; null when there is no such submission.
 */
export async function openSubmissionHealth(
  env: Pick<Env, "DB" | "CACHE" | "SITE_URL" | "CHILD_DATA_KEYS">,
  actor: SessionUser,
  id: string,
  tForms: TFunction,
) {
  const submission = await getSubmission(env, id);
  if (!submission) return null;
  const answers = await readSubmissionHealthAsStaff(env, actor, submission);
  const definition = formForKind(submission.kind);
  return definition.fields
    .filter((field) => field.health && answers[field.name])
    .map((field) => ({
      name: field.name,
      label: fieldLabel(tForms, definition.id, field.name),
      value: answers[field.name]!,
    }));
}

const authorName = (actor: SessionUser) => actor.name || actor.email;

function historyRow(
  id: string,
  actor: SessionUser,
  entry: { kind: SubmissionHistoryKind; body: string; subject?: string; outboxId?: string },
) {
  return {
    id: crypto.randomUUID(),
    submissionId: id,
    userId: actor.id,
    userName: authorName(actor),
    ...entry,
  };
}

type WorkResult = { ok: true } | { ok: false; reason: "not-found" | "not-staff" };

/**
 * Status and assignee in one save: a history line for each change and an audit row with both
 * values before and after, in the same batch.
 */
export async function updateSubmission(
  env: Pick<Env, "DB">,
  actor: SessionUser,
  id: string,
  change: { status: SubmissionStatus; assignedTo: string | null },
): Promise<WorkResult> {
  const db = getDb(env);
  const before = await getSubmission(env, id);
  if (!before) return { ok: false, reason: "not-found" };
  const staff = await staffMembers(env);
  const assignee = change.assignedTo ? staff.find((member) => member.id === change.assignedTo) : null;
  if (change.assignedTo && !assignee) return { ok: false, reason: "not-staff" };
  const history = [
    before.status !== change.status ? historyRow(id, actor, { kind: "status", body: change.status }) : null,
    (before.assignedTo ?? null) !== change.assignedTo
      ? historyRow(id, actor, { kind: "assigned", body: assignee ? assignee.name || assignee.email : "" })
      : null,
  ].filter((row) => row !== null);
  await db.batch([
    db
      .update(submissions)
      .set({ ...change, updatedAt: new Date().toISOString() })
      .where(eq(submissions.id, id)),
    ...history.map((row) => db.insert(submissionHistory).values(row)),
    auditEntry(db, actor, {
      action: "submission.update",
      targetType: "submission",
      targetId: id,
      detail: { kind: before.kind, changes: fieldChanges(before, change) },
    }),
  ]);
  return { ok: true };
}

/** A note added to the history (never overwriting an earlier one), audited. */
export async function addSubmissionNote(env: Pick<Env, "DB">, actor: SessionUser, id: string, note: string) {
  const db = getDb(env);
  const before = await getSubmission(env, id);
  if (!before) return false;
  await db.batch([
    db.insert(submissionHistory).values(historyRow(id, actor, { kind: "note", body: note })),
    db.update(submissions).set({ updatedAt: new Date().toISOString() }).where(eq(submissions.id, id)),
    auditEntry(db, actor, {
      action: "submission.note",
      targetType: "submission",
      targetId: id,
      detail: { kind: before.kind, note },
    }),
  ]);
  return true;
}

/**
 * An e-mail answer to the person who wrote, through the outbox; the message, its history line and
 * the audit row are one batch. It is signed in the person's language, and its Reply-To is the
 * submission's own inbound address, so their answer comes back into this history (decision 052);
 * without one it is the organisation's address.
 */
export async function replyToSubmission(
  env: Env,
  ctx: Pick<ExecutionContext, "waitUntil">,
  actor: SessionUser,
  id: string,
  reply: { subject: string; message: string },
) {
  const db = getDb(env);
  const submission = await getSubmission(env, id);
  if (!submission) return false;
  const outboxId = crypto.randomUUID();
  const [{ email: organizationEmail }, tEmail, replyAddress] = await Promise.all([
    organizationContact(env),
    // The person's language from the bundles, not the request's instance, which holds the reader's.
    translatorFor(env, submission.locale, "email"),
    replyAddressFor(env, id),
  ]);
  await db.batch([
    queueEmail(
      db,
      {
        to: submission.email,
        replyTo: replyAddress ?? organizationEmail,
        subject: reply.subject,
        text: [reply.message, "", tEmail("signature"), organizationEmail].join("\n"),
        template: "submission.reply",
        locale: submission.locale,
      },
      outboxId,
    ),
    db
      .insert(submissionHistory)
      .values(
        historyRow(id, actor, { kind: "reply", body: reply.message, subject: reply.subject, outboxId }),
      ),
    db.update(submissions).set({ updatedAt: new Date().toISOString() }).where(eq(submissions.id, id)),
    auditEntry(db, actor, {
      action: "submission.reply",
      targetType: "submission",
      targetId: id,
      detail: { kind: submission.kind, email: submission.email, subject: reply.subject },
    }),
  ]);
  ctx.waitUntil(deliverOutbox(env, { ids: [outboxId] }));
  return true;
}

/** "Re: " and the subject of the confirmation the person received, in their language. */
export async function replySubjectFor(
  env: Pick<Env, "DB" | "CACHE">,
  submission: { kind: SubmissionKind; locale: string },
) {
  const tEmail = await translatorFor(env, submission.locale, "email");
  const form = tEmail(`confirmation.what.${formForKind(submission.kind).id}`);
  return `Re: ${tEmail("confirmation.subject", { form })}`;
}

/**
 * The columns of a submissions file: one per field of the forms it holds but their health fields,
 * by field name, in the order the forms show them. A file of every form has the union of their fields (decision 057).
 */
function formColumns(kinds: readonly SubmissionKind[]) {
  const columns = new Map<string, { formId: string }>();
  for (const kind of kinds) {
    const definition = formForKind(kind);
    for (const field of definition.fields)
      // No health column at all: even "answered" says something about a child's health, and a
      // file leaves the audit trail (decision 054); the submission's page shows it on request.
      if (!field.health && !columns.has(field.name)) columns.set(field.name, { formId: definition.id });
  }
  return [...columns].map(([name, { formId }]) => ({ name, formId }));
}

/** Every note a submission has, oldest first: the one from before the history, then each added. */
async function notesOf(env: Pick<Env, "DB">, ids: string[]) {
  const rows = await getDb(env)
    .select({
      submissionId: submissionHistory.submissionId,
      body: submissionHistory.body,
      userName: submissionHistory.userName,
      createdAt: submissionHistory.createdAt,
    })
    .from(submissionHistory)
    .where(
      and(
        eq(submissionHistory.kind, "note"),
        // One bound JSON array, whatever the page size (D1's 100 parameters, decision 045).
        sql`${submissionHistory.submissionId} in (select value from json_each(${JSON.stringify(ids)}))`,
      ),
    )
    .orderBy(asc(submissionHistory.createdAt), asc(submissionHistory.id));
  const notes = new Map<string, string[]>();
  for (const row of rows)
    notes.set(row.submissionId, [
      ...(notes.get(row.submissionId) ?? []),
      `${csvTime(row.createdAt)} ${row.userName}: ${row.body}`,
    ]);
  return notes;
}

/**
 * The submissions the list shows for the same filters, newest first: of one form when the list
 * is filtered to one, else of every form. A column per field under its translated label, values
 * as the inbox shows them, blank where a row's form has no such field; then the staff notes.
 * Audited with its row count before the first byte; streamed a page at a time (decision 057).
 */
export async function submissionsCsv(
  env: Pick<Env, "DB">,
  actor: SessionUser,
  url: URL,
  t: { forms: TFunction; email: TFunction },
) {
  const db = getDb(env);
  const { filters } = listQuery(SubmissionFiltersSchema, url);
  const condition = where(filters, actor);
  const columns = formColumns(filters.kind ? [filters.kind] : SUBMISSION_KINDS);
  const words = answerWords(t.email);
  return auditedTableCsv(env, actor, {
    export: "submissions",
    filters,
    table: submissions,
    where: condition,
    select: () =>
      db
        .select({ submission: submissions, assignee: users.email })
        .from(submissions)
        .leftJoin(users, eq(users.id, submissions.assignedTo))
        .$dynamic(),
    order: "desc",
    keys: [submissions.createdAt, submissions.id],
    header: [
      "id",
      "created_at",
      "form",
      "status",
      "locale",
      "name",
      "email",
      "phone",
      "assigned_to",
      ...columns.map((column) => fieldLabel(t.forms, column.formId, column.name)),
      ...ATTRIBUTION_KEYS,
      // Last, as the longest text of a row.
      "notes",
    ],
    keyOf: (row) => [row.submission.createdAt, row.submission.id],
    cells: async (rows) => {
      const notes = await notesOf(
        env,
        rows.map((row) => row.submission.id),
      );
      return rows.map(({ submission, assignee }) => {
        const fields = formForKind(submission.kind).fields;
        return [
          submission.id,
          csvTime(submission.createdAt),
          submission.kind,
          submission.status,
          submission.locale,
          submission.name,
          submission.email,
          submission.phone,
          assignee,
          // Every field of the file has its column, answered or not, so the columns never shift.
          ...columns.map((column) => {
            const field = fields.find((spec) => spec.name === column.name);
            return field ? formatFieldValue(field, submission.payload?.[field.name], t.forms, words) : "";
          }),
          ...attributionCells(submission.attribution),
          [submission.notes, ...(notes.get(submission.id) ?? [])].filter(Boolean).join("\n"),
        ];
      });
    },
  });
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
