import { asc } from "drizzle-orm";
import type { SessionUser } from "~/lib/session-user";
// The archive describes itself: every download carries the format's description as its README.
import exportFormat from "../../../docs/export-format.md?raw";
import { getDb } from "../db/client.server";
import { files } from "../db/schema";
import { auditEntry } from "../records/audit.server";
import { csvStream, csvTime, keysetAfter } from "../records/csv.server";
import { EXPORTED_TABLES, exportedColumns, tableFile, type ExportedTable } from "./tables.server";
import { zipStream, type ZipEntry } from "./zip.server";

/**
 * Rows a page of a table's file reads: one D1 query each. 2,000 keeps the ten-year database's
 * data under 250 queries (decision 070) and a page of the widest rows (content versions' fields)
 * a few megabytes.
 */
export const EXPORT_PAGE_ROWS = 2_000;

/**
 * What one download holds besides the data: at most 200 uploaded files (one R2 read each, within
 * the budget of 500 subrequests an invocation, decision 045, with the data's queries) and 1 GiB,
 * far under the 4 GiB a zip without Zip64 can hold (fflate writes none).
 */
export const FILES_PER_PART = 200;
export const PART_BYTES = 1024 ** 3;

type FileOfPart = { id: string; size: number };
export type ExportPart = { number: number; files: FileOfPart[]; bytes: number };

/**
 * The downloads the export takes: the first holds every table and the first uploads, each further
 * one the next uploads, in the order they were uploaded. One D1 query (each file's key and size).
 */
export async function exportParts(env: Pick<Env, "DB">): Promise<ExportPart[]> {
  const uploads = await getDb(env)
    .select({ id: files.id, size: files.size })
    .from(files)
    .orderBy(asc(files.createdAt), asc(files.id));
  const parts: ExportPart[] = [{ number: 1, files: [], bytes: 0 }];
  for (const upload of uploads) {
    let part = parts.at(-1)!;
    if (
      part.files.length >= FILES_PER_PART ||
      (part.files.length > 0 && part.bytes + upload.size > PART_BYTES)
    ) {
      part = { number: parts.length + 1, files: [], bytes: 0 };
      parts.push(part);
    }
    part.files.push(upload);
    part.bytes += upload.size;
  }
  return parts;
}

/** A time column (`…_at`) is written as every CSV writes a time (decision 057); the rest as stored. */
const isTimeColumn = (name: string) => name.endsWith("_at");

/** A table's file, read a keyset page at a time in the order of its primary key. */
function tableCsv(env: Pick<Env, "DB">, exported: ExportedTable) {
  const db = getDb(env);
  const columns = Object.entries(exportedColumns(exported));
  const keyProperties = exported.key.map(
    (keyColumn) => columns.find(([, column]) => column === keyColumn)![0],
  );
  return csvStream(
    {
      header: columns.map(([, column]) => column.name),
      page: (after, limit) =>
        db
          .select(Object.fromEntries(columns))
          .from(exported.table)
          .where(keysetAfter("asc", exported.key, after))
          .orderBy(...exported.key.map((column) => asc(column)))
          .limit(limit) as PromiseLike<Record<string, unknown>[]>,
      keyOf: (row) => keyProperties.map((property) => row[property]),
      cells: (rows) =>
        rows.map((row) =>
          columns.map(([property, column]) =>
            isTimeColumn(column.name) ? csvTime(row[property] as string | null) : row[property],
          ),
        ),
    },
    EXPORT_PAGE_ROWS,
  );
}

async function* partEntries(env: Pick<Env, "DB" | "FILES">, part: ExportPart): AsyncGenerator<ZipEntry> {
  yield { path: "README.md", open: async () => new Response(exportFormat).body };
  if (part.number === 1)
    for (const exported of EXPORTED_TABLES)
      yield { path: tableFile(exported), open: async () => tableCsv(env, exported) };
  for (const upload of part.files)
    yield { path: `files/${upload.id}`, open: async () => (await env.FILES.get(upload.id))?.body ?? null };
}

/**
 * One download of the export (docs/export-format.md): a zip streamed as it is read, audited
 * before its first byte leaves (decision 014). Null when there is no such part.
 */
export async function exportArchive(
  env: Pick<Env, "DB" | "FILES">,
  admin: SessionUser,
  partNumber: number,
): Promise<{ part: ExportPart; parts: number; body: ReadableStream<Uint8Array> } | null> {
  const parts = await exportParts(env);
  const part = parts.find((candidate) => candidate.number === partNumber);
  if (!part) return null;
  await auditEntry(getDb(env), admin, {
    action: "everything.export",
    targetType: "export",
    detail: {
      part: part.number,
      parts: parts.length,
      tables: part.number === 1 ? EXPORTED_TABLES.length : 0,
      files: part.files.length,
    },
  });
  return { part, parts: parts.length, body: zipStream(partEntries(env, part)) };
}
