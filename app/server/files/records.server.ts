import { and, desc, eq, like } from "drizzle-orm";
import * as v from "valibot";
import { getDb } from "../db/client.server";
import { files } from "../db/schema";
import { fileUrl } from "./files.server";

/**
 * What the report and team editors share (decision 021): a record points at an upload from
 * /admin/files by its key, picked from a list of the uploads of the right kind.
 */
export type FileChoice = { id: string; name: string; label: string };

/** The uploads an editor can pick: PDFs for a report, images for a photo; newest first. */
export async function fileChoices(env: Pick<Env, "DB">, kind: "pdf" | "image"): Promise<FileChoice[]> {
  const rows = await getDb(env)
    .select({ id: files.id, name: files.name, altEn: files.altEn, createdAt: files.createdAt })
    .from(files)
    .where(kind === "pdf" ? eq(files.contentType, "application/pdf") : like(files.contentType, "image/%"))
    .orderBy(desc(files.createdAt))
    .limit(200);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    label: row.altEn ? `${row.name} — ${row.altEn}` : `${row.name} (${row.createdAt.slice(0, 10)})`,
  }));
}

/** Whether `id` is an upload of that kind. */
export async function isFileOfKind(env: Pick<Env, "DB">, id: string, kind: "pdf" | "image") {
  const [row] = await getDb(env)
    .select({ id: files.id })
    .from(files)
    .where(
      and(
        eq(files.id, id),
        kind === "pdf" ? eq(files.contentType, "application/pdf") : like(files.contentType, "image/%"),
      ),
    );
  return Boolean(row);
}

/** A stored file as a public page shows it: its address, size, image size and description. */
export type PublicFile = {
  url: string;
  size: number;
  width: number | null;
  height: number | null;
  altEn: string;
  altEs: string;
};

export function publicFile(
  row: Pick<typeof files.$inferSelect, "id" | "size" | "width" | "height" | "altEn" | "altEs"> | null,
): PublicFile | null {
  if (!row) return null;
  return {
    url: fileUrl(row.id),
    size: row.size,
    width: row.width,
    height: row.height,
    altEn: row.altEn,
    altEs: row.altEs,
  };
}

export type EditorResult =
  | { ok: true; saved: "saved" | "deleted" }
  | { ok: false; errors: Record<string, string>; values: Record<string, string> };

/** Field errors (translation keys) from a schema's issues: the first message per field. */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path?.[0]?.key;
    if (typeof field === "string" && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** An id posted by an editor's hidden field. */
export const RecordIdSchema = v.pipe(v.string(), v.regex(/^[0-9a-f-]{36}$/));
