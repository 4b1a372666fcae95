import { and, eq, like, sql } from "drizzle-orm";
import { entryTitle, isContentType, type ContentType } from "~/lib/content/entry-types";
import * as v from "valibot";
import { optionalText } from "~/lib/forms/field-validation";
import type { SessionUser } from "~/lib/session-user";
import { choiceFilter, listQuery, newestFirstPage, searchFilter, contains } from "../records/list.server";
import { getDb } from "../db/client.server";
import { contentEntries, contentVersions, fileReplacements, files } from "../db/schema";
import { publishChange } from "../content/versions.server";
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
  | "alreadyUploaded"
  | "sameFile"
  | "otherKind";

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
export function refusedUpload(
  reason: "tooLarge" | "malformed",
  formData: FormData,
): Extract<UploadResult, { ok: false }> {
  return {
    ok: false,
    errors: { file: reason },
    values: { altEn: text(formData, "altEn"), altEs: text(formData, "altEs") },
  };
}

/**
 * The posted file and its descriptions checked: required for an image, none kept for a PDF.
 * A replacement (`expectImage` given) must be of its file's kind, said before anything about descriptions.
 */
async function checkPosted(formData: FormData, expectImage?: boolean) {
  const values = { altEn: text(formData, "altEn"), altEs: text(formData, "altEs") };
  const checked = await checkUpload(formData.get("file"));
  const alt = v.safeParse(AltSchema, values);
  const errors: Extract<UploadResult, { ok: false }>["errors"] = {};
  if (!checked.ok) errors.file = checked.reason satisfies UploadRefusal;
  else if (expectImage !== undefined && FILE_KINDS[checked.upload.kind].image !== expectImage)
    errors.file = "otherKind";
  // The descriptions wait until the file is of the right kind.
  if (errors.file !== "otherKind" && !alt.success) {
    for (const issue of alt.issues) {
      const field = issue.path?.[0]?.key;
      if (field === "altEn" || field === "altEs") errors[field] = "altInvalid";
    }
  } else if (
    errors.file !== "otherKind" &&
    alt.success &&
    checked.ok &&
    FILE_KINDS[checked.upload.kind].image
  ) {
    if (!alt.output.altEn) errors.altEn = "altRequired";
    if (!alt.output.altEs) errors.altEs = "altRequired";
  }
  if (!checked.ok || !alt.success || Object.keys(errors).length > 0)
    return { ok: false as const, errors, values };
  const image = FILE_KINDS[checked.upload.kind].image;
  return {
    ok: true as const,
    checked,
    values,
    altEn: image ? (alt.output.altEn ?? "") : "",
    altEs: image ? (alt.output.altEs ?? "") : "",
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
  const posted = await checkPosted(formData);
  if (!posted.ok) return posted;
  const { checked, altEn, altEs } = posted;
  const existing = await getFile(env, await uploadKey(checked.upload));
  if (existing) {
    const same =
      existing.name === checked.upload.name && existing.altEn === altEn && existing.altEs === altEs;
    if (same) return { ok: true, file: existing };
    return {
      ok: false,
      errors: { file: "alreadyUploaded" },
      values: posted.values,
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

/** An entry that points at an upload, by a file field or a link in its text (decision 059). */
export type FileUse = { id: string; type: ContentType; title: string; status: string };

/** How many entries a file page names: more than a small team's site puts one file on. */
const USES_SHOWN = 50;

const mentions = (key: string) => sql`instr(${contentEntries.fields}, ${key}) > 0`;

/**
 * The entries whose fields hold the upload's key: a file field, or `/files/<key>` written in a
 * text. The key is 64 hex digits and an extension, so it names nothing else.
 */
async function fileUses(env: Pick<Env, "DB">, key: string): Promise<FileUse[]> {
  const rows = await getDb(env)
    .select({
      id: contentEntries.id,
      type: contentEntries.type,
      slug: contentEntries.slug,
      status: contentEntries.status,
      fields: contentEntries.fields,
    })
    .from(contentEntries)
    .where(mentions(key))
    .limit(USES_SHOWN);
  return rows.flatMap((row) =>
    isContentType(row.type)
      ? [{ id: row.id, type: row.type, status: row.status, title: entryTitle(row.fields) || row.slug }]
      : [],
  );
}

/** One upload for its page: the file and the entries that use it, or null. */
export async function fileWithUses(env: Pick<Env, "DB">, key: string) {
  const file = await getFile(env, key);
  if (!file) return null;
  return { file: { ...file, url: fileUrl(file.id) }, uses: await fileUses(env, key) };
}

/**
 * Deletes an upload (asked first on its page, decision 059): its record, the old addresses that
 * redirected to it, and its bytes, audited with what it was and which entries still named it.
 * Those entries show no file there from now on; the content version moves so no cached page
 * still links it.
 */
export async function deleteFile(
  env: Pick<Env, "DB" | "FILES" | "CACHE">,
  admin: SessionUser,
  key: string,
): Promise<{ kind: "deleted"; name: string } | { kind: "missing" }> {
  const found = await fileWithUses(env, key);
  if (!found) return { kind: "missing" };
  const { file, uses } = found;
  const db = getDb(env);
  await db.batch([
    db.delete(files).where(eq(files.id, key)),
    db.delete(fileReplacements).where(eq(fileReplacements.newKey, key)),
    auditEntry(db, admin, {
      action: "file.delete",
      targetType: "file",
      targetId: key,
      detail: {
        name: file.name,
        contentType: file.contentType,
        size: file.size,
        usedBy: uses.map((use) => use.id),
      },
    }),
  ]);
  // The record goes first: a failure here leaves bytes nobody lists, never a listed file with none.
  await env.FILES.delete(key);
  if (uses.length > 0) await publishChange(env);
  return { kind: "deleted", name: file.name };
}

export type ReplaceResult =
  | { ok: true; file: FileRecord; entries: number }
  | Extract<UploadResult, { ok: false }>
  | { ok: false; missing: true };

/**
 * Replaces an upload with new bytes of the same kind (an image by an image, a PDF by a PDF),
 * decision 059. Keys are the content's hash (decision 021), so the new file has a new address:
 * every entry and every kept version that named the old key names the new one, in one batch
 * with the audit row; the old address answers 301 to the new one (`file_replacements`), so links
 * outside the site keep working; the old bytes are deleted. The same bytes as a file already in
 * the library reuse that file and its descriptions.
 */
export async function replaceFile(
  env: Pick<Env, "DB" | "FILES" | "CACHE">,
  admin: SessionUser,
  oldKey: string,
  formData: FormData,
): Promise<ReplaceResult> {
  const old = await getFile(env, oldKey);
  if (!old) return { ok: false, missing: true };
  const posted = await checkPosted(formData, old.contentType.startsWith("image/"));
  if (!posted.ok) return posted;
  const { checked, altEn, altEs, values } = posted;
  const newKey = await uploadKey(checked.upload);
  if (newKey === oldKey) return { ok: false, errors: { file: "sameFile" }, values };

  const existing = await getFile(env, newKey);
  const stored = existing ? null : await storeUpload(env, checked.upload);
  const db = getDb(env);
  const swap = (column: typeof contentEntries.fields | typeof contentVersions.fields) =>
    sql`replace(${column}, ${oldKey}, ${newKey})`;
  const entryIds = (
    await db.select({ id: contentEntries.id }).from(contentEntries).where(mentions(oldKey))
  ).map((row) => row.id);
  await db.batch([
    auditEntry(db, admin, {
      action: "file.replace",
      targetType: "file",
      targetId: newKey,
      detail: {
        name: old.name,
        replacedBy: checked.upload.name,
        from: oldKey,
        to: newKey,
        entries: entryIds,
      },
    }),
    ...(stored
      ? [
          db
            .insert(files)
            .values({
              id: stored.key,
              contentType: stored.contentType,
              size: stored.size,
              width: stored.width,
              height: stored.height,
              name: stored.name,
              altEn,
              altEs,
              uploadedBy: admin.id,
            })
            .onConflictDoNothing({ target: files.id }),
        ]
      : []),
    db
      .update(contentEntries)
      .set({ fields: swap(contentEntries.fields) })
      .where(mentions(oldKey)),
    db
      .update(contentVersions)
      .set({ fields: swap(contentVersions.fields) })
      .where(sql`instr(${contentVersions.fields}, ${oldKey}) > 0`),
    db.update(fileReplacements).set({ newKey }).where(eq(fileReplacements.newKey, oldKey)),
    // Bytes that were replaced once and come back: their address is a file again, not a redirect.
    db.delete(fileReplacements).where(eq(fileReplacements.oldKey, newKey)),
    db
      .insert(fileReplacements)
      .values({ oldKey, newKey })
      .onConflictDoUpdate({ target: fileReplacements.oldKey, set: { newKey } }),
    db.delete(files).where(eq(files.id, oldKey)),
  ]);
  await env.FILES.delete(oldKey);
  if (entryIds.length > 0) await publishChange(env);
  return { ok: true, file: (await getFile(env, newKey))!, entries: entryIds.length };
}
