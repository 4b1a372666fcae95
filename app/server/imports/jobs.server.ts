import { and, count, desc, eq, gt, inArray, lt, ne, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import Papa from "papaparse";
import { isImportKind, type ImportKind, type ImportSampleRow } from "~/lib/imports";
import type { SessionUser } from "~/lib/session-user";
import { OFFLINE_GIFT_METHODS } from "~/lib/vocabulary";
import { getDb, insertJsonRows } from "../db/client.server";
import {
  donations,
  importMappings,
  imports,
  importSkips,
  softCredits,
  subscribers,
  volunteers,
  volunteerSignups,
} from "../db/schema";
import { forgetFundraisingProgress } from "../donations/progress.server";
import { auditEntry } from "../records/audit.server";
import { csvStream, type CsvPages } from "../records/csv.server";
import { IMPORT_SPECS, suggestMapping } from "./kinds.server";
import { normaliseHeader } from "./spec.server";

/**
 * Imports from a spreadsheet as a job kept in D1 (docs/decisions/069-imports.md). Staff upload a
 * file of one kind; it waits in R2 while they map its columns; then its rows are read once and
 * cut into batches in R2, checked batch by batch (the dry run, which writes no record), and, when
 * staff say so, written batch by batch. Each batch is one request (the page's "continue") or one
 * Cron run, and ends with the job's next batch and counts in the same D1 batch as its rows, so a
 * row is all in or all out and a job resumes wherever it stopped.
 */

/** The largest file taken: 50,000 rows of a gifts export are about 5 MB. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 50_000;
/**
 * Rows one batch checks or writes: one R2 read, one D1 query for the keys already there and one
 * D1 batch of at most a dozen statements, none binding more than a handful of parameters
 * (tests/worker/imports.test.ts counts them), in a few seconds of one request.
 */
export const IMPORT_BATCH_ROWS = 5000;
/** Rows one INSERT carries, as one JSON parameter (insertJsonRows). */
const ROWS_PER_STATEMENT = 500;
/** What the dry run's page lists: the first rows, and the first skipped rows with why. */
const SAMPLE_ROWS = 20;
const SAMPLE_SKIPS = 50;
/** A job nobody is moving on (no page open) is moved on by the Cron after this long. */
const CRON_AFTER_MS = 60_000;

/** The file and its batches in R2, out of reach of /files/:key (whose keys have no slash). */
const fileKey = (id: string) => `imports/${id}/file.csv`;
const batchKey = (id: string, batch: number) => `imports/${id}/batch-${batch}.json`;

type ReadableRow = Extract<BatchRow, { key: string }>;

/** A row as a batch keeps it: its line in the file (the header is line 1), its cells, and what reading it gave. */
type BatchRow = { row: number; cells: string[] } & (
  { key: string; label: string; amountCents?: number; value: unknown } | { reasons: Record<string, string> }
);

/**
 * The most columns a file may have: its mapping is one post of a field per column, and every post
 * carries at most 60 fields (decision 012).
 */
export const IMPORT_MAX_COLUMNS = 50;

export type ImportRefusal =
  "noFile" | "tooLarge" | "notText" | "noHeader" | "tooManyColumns" | "empty" | "tooManyRows" | "kind";

/** UTF-8 text (a byte-order mark dropped), or null for bytes that are not. */
function decodeText(bytes: ArrayBuffer): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    return null;
  }
}

function parseCsv(text: string, preview = 0): string[][] {
  return Papa.parse<string[]>(text, { skipEmptyLines: "greedy", preview }).data;
}

/**
 * A new import: the file kept in R2 and a job waiting for its mapping, suggested by the mapping
 * saved for files of this kind and shape or else by the header names. Two D1 queries, one R2 write.
 */
export async function startImport(
  env: Pick<Env, "DB" | "FILES">,
  staff: SessionUser,
  kind: unknown,
  file: { name: string; bytes: ArrayBuffer },
): Promise<{ ok: true; id: string } | { ok: false; refusal: ImportRefusal }> {
  if (!isImportKind(kind)) return { ok: false, refusal: "kind" };
  const text = decodeText(file.bytes);
  if (text === null) return { ok: false, refusal: "notText" };
  const [headers, firstRow] = parseCsv(text, 2);
  if (!headers || headers.every((header) => header.trim() === "")) return { ok: false, refusal: "noHeader" };
  if (headers.length > IMPORT_MAX_COLUMNS) return { ok: false, refusal: "tooManyColumns" };
  if (!firstRow) return { ok: false, refusal: "empty" };
  const shape = headers.map(normaliseHeader).join(",");
  const db = getDb(env);
  const [saved] = await db
    .select({ mapping: importMappings.mapping })
    .from(importMappings)
    .where(and(eq(importMappings.kind, kind), eq(importMappings.shape, shape)));
  const id = crypto.randomUUID();
  await env.FILES.put(fileKey(id), file.bytes, { httpMetadata: { contentType: "text/csv" } });
  await db.insert(imports).values({
    id,
    kind,
    fileName: file.name.slice(0, 200),
    headers: headers.map((header) => header.trim()),
    shape,
    mapping: saved?.mapping.length === headers.length ? saved.mapping : suggestMapping(kind, headers),
    giftMethod: kind === "gifts" ? "bank_transfer" : null,
    createdBy: staff.id,
  });
  return { ok: true, id };
}

export type ImportJob = typeof imports.$inferSelect;

export async function getImport(env: Pick<Env, "DB">, id: string): Promise<ImportJob | null> {
  const [job] = await getDb(env).select().from(imports).where(eq(imports.id, id));
  return job ?? null;
}

/** The latest imports, for the imports page. */
export function recentImports(env: Pick<Env, "DB">) {
  return getDb(env)
    .select({
      id: imports.id,
      kind: imports.kind,
      fileName: imports.fileName,
      status: imports.status,
      rows: imports.rows,
      created: imports.created,
      createdAt: imports.createdAt,
    })
    .from(imports)
    .orderBy(desc(imports.createdAt))
    .limit(20);
}

/** A few rows of the file under its headers, so staff see what each column holds while mapping. */
export async function sampleRows(env: Pick<Env, "FILES">, job: ImportJob): Promise<string[][]> {
  const object = await env.FILES.get(fileKey(job.id));
  const text = object ? decodeText(await object.arrayBuffer()) : null;
  return text === null ? [] : parseCsv(text, 4).slice(1);
}

export type MappingProblem = { missing: string[] } | { twice: string[] } | { refusal: ImportRefusal };

/**
 * Staff's mapping, saved for the next file of this shape, and the dry run begun: the file read
 * once, every row checked and keyed (a key seen earlier in the file is a repeat), and cut into
 * batches in R2. One R2 read, one R2 write a batch, one D1 batch.
 */
export async function mapColumns(
  env: Pick<Env, "DB" | "FILES">,
  job: ImportJob,
  mapping: string[],
  giftMethod: string | null,
): Promise<{ ok: true } | ({ ok: false } & MappingProblem)> {
  const spec = IMPORT_SPECS[job.kind];
  const chosen = job.headers.map((_, index) =>
    spec.fields.includes(mapping[index] ?? "") ? mapping[index]! : "",
  );
  const mapped = chosen.filter(Boolean);
  const twice = [...new Set(mapped.filter((field, index) => mapped.indexOf(field) !== index))];
  if (twice.length > 0) return { ok: false, twice };
  const missing = spec.missing(new Set(mapped));
  if (missing.length > 0) return { ok: false, missing };
  const method = job.kind === "gifts" ? (OFFLINE_GIFT_METHODS.find((m) => m === giftMethod) ?? null) : null;

  const object = await env.FILES.get(fileKey(job.id));
  const text = object ? decodeText(await object.arrayBuffer()) : null;
  if (text === null) return { ok: false, refusal: "noFile" };
  const records = parseCsv(text).slice(1);
  if (records.length === 0) return { ok: false, refusal: "empty" };
  if (records.length > IMPORT_MAX_ROWS) return { ok: false, refusal: "tooManyRows" };

  const columnOf = new Map(chosen.flatMap((field, index) => (field ? [[field, index] as const] : [])));
  const seen = new Set<string>();
  const rows: BatchRow[] = records.map((cells, index) => {
    const row = index + 2;
    const read = spec.read(
      (field) => {
        const column = columnOf.get(field);
        return column === undefined ? "" : (cells[column] ?? "").trim();
      },
      { giftMethod: method },
    );
    if (!read.ok) return { row, cells, reasons: read.reasons };
    if (seen.has(read.key)) return { row, cells, reasons: { row: "imports:reasons.repeated" } };
    seen.add(read.key);
    return { row, cells, key: read.key, label: read.label, amountCents: read.amountCents, value: read.value };
  });
  const batches = Math.ceil(rows.length / IMPORT_BATCH_ROWS);
  for (let batch = 0; batch < batches; batch++) {
    const slice = rows.slice(batch * IMPORT_BATCH_ROWS, (batch + 1) * IMPORT_BATCH_ROWS);
    await env.FILES.put(batchKey(job.id, batch), JSON.stringify(slice));
  }
  const db = getDb(env);
  await db.batch([
    db
      .insert(importMappings)
      .values({ kind: job.kind, shape: job.shape, mapping: chosen })
      .onConflictDoUpdate({
        target: [importMappings.kind, importMappings.shape],
        set: { mapping: chosen, updatedAt: new Date().toISOString() },
      }),
    db
      .update(imports)
      .set({
        mapping: chosen,
        giftMethod: method,
        status: "checking",
        rows: rows.length,
        batches,
        nextBatch: 0,
        checkedCreate: 0,
        checkedMatch: 0,
        checkedSkip: 0,
        preview: [],
        updatedAt: new Date().toISOString(),
      })
      .where(and(eq(imports.id, job.id), inArray(imports.status, ["mapping", "checked"]))),
  ]);
  return { ok: true };
}

/**
 * A batch's rows sorted: those to write, those matched (already there), those skipped and why,
 * and each row's outcome in the file's order. One D1 query.
 */
async function sortBatch(env: Pick<Env, "DB">, kind: ImportKind, rows: BatchRow[]) {
  const spec = IMPORT_SPECS[kind];
  const readable = rows.filter((row) => "key" in row);
  const existing = await spec.existing(
    getDb(env),
    readable.map((row) => row.key),
  );
  const fresh: ReadableRow[] = [];
  const matched: ReadableRow[] = [];
  const skipped: { row: number; cells: string[]; reasons: Record<string, string> }[] = [];
  const outcomes = rows.map((row): ImportSampleRow => {
    if (!("key" in row)) {
      skipped.push(row);
      return { row: row.row, outcome: "skip", label: "", reasons: row.reasons };
    }
    const found = existing.has(row.key);
    const sample = { row: row.row, label: row.label, amountCents: row.amountCents };
    if (!found) fresh.push(row);
    else if (spec.whenExisting.outcome === "match") matched.push(row);
    else {
      const reasons = { row: spec.whenExisting.reason };
      skipped.push({ row: row.row, cells: row.cells, reasons });
      return { ...sample, outcome: "skip", reasons };
    }
    return { ...sample, outcome: found ? "match" : "create", reasons: {} };
  });
  return { fresh, matched, skipped, outcomes };
}

/** The dry run's sample after one more batch: the first rows written or matched, and the first skipped. */
function sampleWith(sample: ImportSampleRow[], outcomes: ImportSampleRow[]): ImportSampleRow[] {
  let kept = sample.filter((row) => row.outcome !== "skip").length;
  let skips = sample.length - kept;
  const more = outcomes.filter((row) => {
    if (row.outcome === "skip") return skips++ < SAMPLE_SKIPS;
    return kept++ < SAMPLE_ROWS;
  });
  return [...sample, ...more];
}

/**
 * Moves a job on by one batch: checks it (the dry run) or writes it. The job's row moves on only
 * if it still names this batch, in the same D1 batch as the rows, so two runs of one batch (a
 * double click, the page and the Cron) write it once: the second finds every row's key taken and
 * its own step refused. Returns whether there is more to do.
 */
export async function runImportBatch(env: Pick<Env, "DB" | "FILES">, id: string): Promise<boolean> {
  const job = await getImport(env, id);
  if (!job || (job.status !== "checking" && job.status !== "importing")) return false;
  const object = await env.FILES.get(batchKey(id, job.nextBatch));
  if (!object) return false;
  const rows = (await object.json()) as BatchRow[];
  const { fresh, matched, skipped, outcomes } = await sortBatch(env, job.kind, rows);
  const last = job.nextBatch + 1 >= job.batches;
  const db = getDb(env);
  const now = new Date().toISOString();
  const thisBatch = and(
    eq(imports.id, id),
    eq(imports.status, job.status),
    eq(imports.nextBatch, job.nextBatch),
  );

  if (job.status === "checking") {
    await db
      .update(imports)
      .set({
        checkedCreate: sql`${imports.checkedCreate} + ${fresh.length}`,
        checkedMatch: sql`${imports.checkedMatch} + ${matched.length}`,
        checkedSkip: sql`${imports.checkedSkip} + ${skipped.length}`,
        preview: sampleWith(job.preview, outcomes),
        nextBatch: last ? 0 : job.nextBatch + 1,
        status: last ? "checked" : "checking",
        updatedAt: now,
      })
      .where(thisBatch);
    return !last;
  }

  const spec = IMPORT_SPECS[job.kind];
  const records = spec.rows(
    fresh.map((row) => ({ key: row.key, value: row.value })),
    job.createdBy,
  );
  const writes: BatchItem<"sqlite">[] = [];
  for (let start = 0; start < records.length; start += ROWS_PER_STATEMENT)
    writes.push(
      insertJsonRows(db, spec.table, records.slice(start, start + ROWS_PER_STATEMENT), { importId: id }),
    );
  for (let start = 0; start < skipped.length; start += ROWS_PER_STATEMENT)
    writes.push(
      insertJsonRows(db, importSkips, skipped.slice(start, start + ROWS_PER_STATEMENT), { importId: id }),
    );
  // Last in the batch, so it counts what the inserts before it wrote; a row whose key appeared since
  // it was sorted (someone subscribed meanwhile) was not written, and is counted as matched.
  const written = sql`(select count(*) from ${spec.table} where import_id = ${id})`;
  const step = db
    .update(imports)
    .set({
      created: written,
      matched: sql`${imports.matched} + ${matched.length + fresh.length} - (${written} - ${imports.created})`,
      skipped: sql`${imports.skipped} + ${skipped.length}`,
      nextBatch: job.nextBatch + 1,
      status: last ? "imported" : "importing",
      updatedAt: now,
    })
    .where(thisBatch);
  await db.batch([...writes, step] as BatchItem<"sqlite">[] as [
    BatchItem<"sqlite">,
    ...BatchItem<"sqlite">[],
  ]);
  if (last) {
    if (job.kind === "gifts") forgetFundraisingProgress();
    await env.FILES.delete(Array.from({ length: job.batches }, (_, batch) => batchKey(id, batch)));
  }
  return !last;
}

/**
 * Staff's go-ahead after the dry run: the job starts writing from its first batch. Audited with
 * what the dry run found. Null when the job is not waiting for it (already started, or undone).
 */
export async function confirmImport(env: Pick<Env, "DB">, staff: SessionUser, job: ImportJob) {
  const db = getDb(env);
  const [started] = await db.batch([
    db
      .update(imports)
      .set({
        status: "importing",
        nextBatch: 0,
        created: 0,
        matched: 0,
        skipped: 0,
        updatedAt: new Date().toISOString(),
      })
      .where(and(eq(imports.id, job.id), eq(imports.status, "checked"))),
    auditEntry(db, staff, {
      action: "import.start",
      targetType: "import",
      targetId: job.id,
      detail: {
        kind: job.kind,
        file: job.fileName,
        rows: job.rows,
        create: job.checkedCreate,
        skip: job.checkedSkip,
      },
    }),
  ]);
  return started.meta.changes > 0;
}

export type UndoRefusal = { reason: "status" } | { reason: "used"; count: number };

/**
 * Undoes an import as a whole: every record it created is removed, records it matched were never
 * touched. Refused while it runs, and for gifts or volunteers used since (a gift edited, voided,
 * applied to a pledge or credited to someone; a volunteer signed up for a shift), which staff
 * undo by hand first. A subscriber who has since unsubscribed is kept, unlinked from the import,
 * so that choice outlives the import (decision 069). Audited. One D1 query and one D1 batch.
 */
export async function undoImport(
  env: Pick<Env, "DB">,
  staff: SessionUser,
  job: ImportJob,
): Promise<{ ok: true; removed: number } | ({ ok: false } & UndoRefusal)> {
  if (job.status !== "imported") return { ok: false, reason: "status" };
  const db = getDb(env);
  const used = await usedSince(db, job);
  if (used > 0) return { ok: false, reason: "used", count: used };
  const spec = IMPORT_SPECS[job.kind];
  // What is removed is counted in the same batch before the delete, not read from the delete's
  // `changes`: D1 counts the rows a trigger writes too (the gifts' kept totals, decision 057).
  const created = sql`import_id = ${job.id}`;
  const removals: BatchItem<"sqlite">[] = [
    ...(job.kind === "subscribers"
      ? [
          db
            .update(subscribers)
            .set({ importId: null })
            .where(and(eq(subscribers.importId, job.id), eq(subscribers.status, "unsubscribed"))),
        ]
      : []),
    db.select({ removed: count() }).from(spec.table).where(created),
    db.delete(spec.table).where(created),
  ];
  const results = await db.batch([
    db
      .update(imports)
      .set({ status: "undone", undoneAt: new Date().toISOString(), updatedAt: new Date().toISOString() })
      .where(and(eq(imports.id, job.id), eq(imports.status, "imported"))),
    ...removals,
    auditEntry(db, staff, {
      action: "import.undo",
      targetType: "import",
      targetId: job.id,
      detail: { kind: job.kind, file: job.fileName, created: job.created },
    }),
  ]);
  if (job.kind === "gifts") forgetFundraisingProgress();
  return { ok: true, removed: (results.at(-3) as { removed: number }[])[0]!.removed };
}

/** How many records of an import were used since, in a way undoing would lose. */
async function usedSince(db: ReturnType<typeof getDb>, job: ImportJob): Promise<number> {
  if (job.kind === "gifts") {
    const [row] = await db
      .select({ n: count() })
      .from(donations)
      .where(
        and(
          eq(donations.importId, job.id),
          or(
            ne(donations.status, "succeeded"),
            sql`${donations.pledgeId} is not null`,
            ne(donations.updatedAt, donations.createdAt),
            sql`exists (select 1 from ${softCredits} where ${softCredits.donationId} = ${donations.id})`,
          ),
        ),
      );
    return row?.n ?? 0;
  }
  if (job.kind === "volunteers") {
    const [row] = await db
      .select({ n: sql<number>`count(distinct ${volunteerSignups.volunteerId})` })
      .from(volunteerSignups)
      .innerJoin(volunteers, eq(volunteers.id, volunteerSignups.volunteerId))
      .where(eq(volunteers.importId, job.id));
    return row?.n ?? 0;
  }
  return 0;
}

/** The bad-rows report: every row the import skipped, why, and the row as the file had it. */
export function skippedRowsCsv(
  env: Pick<Env, "DB">,
  job: ImportJob,
  describe: (reasons: Record<string, string>) => string,
  header: { row: string; reason: string },
): ReadableStream<Uint8Array> {
  const db = getDb(env);
  const pages: CsvPages<typeof importSkips.$inferSelect> = {
    header: [header.row, header.reason, ...job.headers],
    page: (after, limit) =>
      db
        .select()
        .from(importSkips)
        .where(and(eq(importSkips.importId, job.id), gt(importSkips.row, Number(after?.[0] ?? 0))))
        .orderBy(importSkips.row)
        .limit(limit),
    keyOf: (row) => [row.row],
    cells: (rows) => rows.map((row) => [row.row, describe(row.reasons), ...row.cells]),
  };
  return csvStream(pages);
}

/**
 * The Cron's part (wrangler.toml, every five minutes): one batch of the job nobody has moved on
 * for a minute (its page closed), so an import finishes without anyone waiting on it. One D1
 * query when there is none.
 */
export async function continueImports(env: Pick<Env, "DB" | "FILES">, now: Date) {
  const [job] = await getDb(env)
    .select({ id: imports.id })
    .from(imports)
    .where(
      and(
        inArray(imports.status, ["checking", "importing"]),
        lt(imports.updatedAt, new Date(now.getTime() - CRON_AFTER_MS).toISOString()),
      ),
    )
    .orderBy(imports.updatedAt)
    .limit(1);
  if (job) await runImportBatch(env, job.id);
}
