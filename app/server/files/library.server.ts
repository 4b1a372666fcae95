import { and, eq, like, sql } from "drizzle-orm";
import * as v from "valibot";
import { optionalText } from "~/lib/forms/field-validation";
import type { SessionUser } from "~/lib/session-user";
import { choiceFilter, listQuery, newestFirstPage, searchFilter, contains } from "../records/list.server";
import { getDb } from "../db/client.server";
import { files } from "../db/schema";
import { checkUpload, fileUrl, storeUpload, uploadKey, type UploadRefusal } from "./files.server";
import { FILE_KINDS } from "./sniff.server";
import { auditEntry } from "../records/audit.server";

/**
 * The back office's files (decision 021): an upload is checked, stored in R2 and recorded in
 * `files` with its description for people who cannot see it, in both languages.
 */

/** Alt text is a sentence or two; a screen reader reads all of it. */
export const ALT_MAX_LENGTH = 250;
const AltSchema = v.object({ altEn: optionalText(ALT_MAX_LENGTH), altEs: optionalText(ALT_MAX_LENGTH) });

/** Why an upload was refused: its words are `files.errors.<reason>` in the admin namespace. */
type UploadMessage =
  | "missing"
  | "type"
  | "tooLarge"
  | "dimensions"
  | "malformed"
  | "altRequired"
  | "altInvalid"
  | "alreadyUploaded";

export type FileRecord = typeof files.$inferSelect;

export type UploadResult =
  | { ok: true; file: FileRecord }
  | {
      ok: false;
      errors: Partial<Record<"file" | "altEn" | "altEs", UploadMessage>>;
      values: { altEn: string; altEs: string };
      /** The library's record of the same bytes, when that is why the upload was refused. */
      existing?: { name: string; url: string };
    };

const text = (formData: FormData, name: string) => {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
};

/** What a refused post (the guard's `tooLarge` or `malformed`) answers on the upload form. */
export function refusedUpload(reason: "tooLarge" | "malformed", formData: FormData): UploadResult {
  return {
    ok: false,
    errors: { file: reason },
    values: { altEn: text(formData, "altEn"), altEs: text(formData, "altEs") },
  };
}

/**
 * Checks the posted file (field `file`) and its alt text (`altEn`, `altEs`, required for an
 * image), stores it, and records it with an audit row. The same bytes are one file with one
 * record, which keeps its first uploader, name and descriptions (decision 047): sent again with
 * the same name and descriptions it is answered as uploaded and nothing changes; with others it
 * is refused, naming the file already in the library.
 */
export async function uploadFile(
  env: Pick<Env, "DB" | "FILES">,
  admin: SessionUser,
  formData: FormData,
): Promise<UploadResult> {
  const values = { altEn: text(formData, "altEn"), altEs: text(formData, "altEs") };
  const checked = await checkUpload(formData.get("file"));
  const alt = v.safeParse(AltSchema, values);
  const errors: Extract<UploadResult, { ok: false }>["errors"] = {};
  if (!checked.ok) errors.file = checked.reason satisfies UploadRefusal;
  if (!alt.success) {
    for (const issue of alt.issues) {
      const field = issue.path?.[0]?.key;
      if (field === "altEn" || field === "altEs") errors[field] = "altInvalid";
    }
  } else if (checked.ok && FILE_KINDS[checked.upload.kind].image) {
    if (!alt.output.altEn) errors.altEn = "altRequired";
    if (!alt.output.altEs) errors.altEs = "altRequired";
  }
  if (!checked.ok || !alt.success || Object.keys(errors).length > 0) return { ok: false, errors, values };

  const image = FILE_KINDS[checked.upload.kind].image;
  const altEn = image ? (alt.output.altEn ?? "") : "";
  const altEs = image ? (alt.output.altEs ?? "") : "";
  const existing = await getFile(env, await uploadKey(checked.upload));
  if (existing) {
    const same =
      existing.name === checked.upload.name && existing.altEn === altEn && existing.altEs === altEs;
    if (same) return { ok: true, file: existing };
    return {
      ok: false,
      errors: { file: "alreadyUploaded" },
      values,
      existing: { name: existing.name, url: fileUrl(existing.id) },
    };
  }

  const stored = await storeUpload(env, checked.upload);
  const record = {
    id: stored.key,
    contentType: stored.contentType,
    size: stored.size,
    width: stored.width,
    height: stored.height,
    name: stored.name,
    altEn,
    altEs,
    uploadedBy: admin.id,
  };
  const db = getDb(env);
  // Two uploads of new bytes at once: the first record stays, whatever the second says.
  const [saved] = await db.batch([
    db.insert(files).values(record).onConflictDoNothing({ target: files.id }).returning(),
    auditEntry(db, admin, {
      action: "file.upload",
      targetType: "file",
      targetId: stored.key,
      detail: { name: stored.name, contentType: stored.contentType, size: stored.size },
    }),
  ]);
  return { ok: true, file: saved[0] ?? (await getFile(env, stored.key))! };
}

const FILE_FILTERS = ["image", "pdf"] as const;
const FileFiltersSchema = v.object({ kind: choiceFilter(FILE_FILTERS), q: searchFilter });

/** The uploads, newest first, filtered by kind and name. */
export async function listFiles(env: Pick<Env, "DB">, url: URL) {
  const db = getDb(env);
  const query = listQuery(FileFiltersSchema, url);
  const { kind, q } = query.filters;
  const where = and(
    kind === "image"
      ? like(files.contentType, "image/%")
      : kind === "pdf"
        ? eq(files.contentType, "application/pdf")
        : undefined,
    q
      ? sql`(${contains(files.name, q)} or ${contains(files.altEn, q)} or ${contains(files.altEs, q)})`
      : undefined,
  );
  const page = await newestFirstPage(db, query, {
    table: files,
    where,
    rows: db.select().from(files).$dynamic(),
  });
  return { ...page, rows: page.rows.map((row) => ({ ...row, url: fileUrl(row.id) })), kinds: FILE_FILTERS };
}

/** One upload by its key, or null. */
async function getFile(env: Pick<Env, "DB">, key: string): Promise<FileRecord | null> {
  const [row] = await getDb(env).select().from(files).where(eq(files.id, key));
  return row ?? null;
}
