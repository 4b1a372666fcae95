import { desc, eq, inArray, like } from "drizzle-orm";
import type { FileAccept } from "~/lib/content/entry-types";
import { getDb } from "../db/client.server";
import { files } from "../db/schema";
import { fileUrl } from "./files.server";

/**
 * What content reads of the uploads (decision 021): an entry's file field holds an upload's
 * key; the editor offers the uploads of the right kind, and pages get each file's address,
 * size, image size and description here.
 */
export type FileChoice = { value: string; label: string };

const ofKind = (accept: FileAccept) =>
  accept === "pdf" ? eq(files.contentType, "application/pdf") : like(files.contentType, "image/%");

/** The uploads an editor can pick for a field: PDFs or images, newest first. */
export async function fileChoices(env: Pick<Env, "DB">, accept: FileAccept): Promise<FileChoice[]> {
  const rows = await getDb(env)
    .select({ id: files.id, name: files.name, altEn: files.altEn, createdAt: files.createdAt })
    .from(files)
    .where(ofKind(accept))
    .orderBy(desc(files.createdAt))
    .limit(200);
  return rows.map((row) => ({
    value: row.id,
    label: row.altEn ? `${row.name} — ${row.altEn}` : `${row.name} (${row.createdAt.slice(0, 10)})`,
  }));
}

/** A stored file as a public page shows it. */
export type PublicFile = {
  url: string;
  size: number;
  width: number | null;
  height: number | null;
  alt: { en: string; es: string };
};

/** The uploads behind these keys (unknown keys are left out), in one query. */
export async function filesByKey(
  env: Pick<Env, "DB">,
  keys: readonly string[],
): Promise<Map<string, PublicFile>> {
  const wanted = [...new Set(keys.filter(Boolean))];
  if (wanted.length === 0) return new Map();
  const rows = await getDb(env).select().from(files).where(inArray(files.id, wanted));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        url: fileUrl(row.id),
        size: row.size,
        width: row.width,
        height: row.height,
        alt: { en: row.altEn, es: row.altEs },
      },
    ]),
  );
}

/** Each item beside the upload it names (none where it names none or its file is gone), in one query. */
export async function withFiles<Item>(
  env: Pick<Env, "DB">,
  items: readonly Item[],
  keyOf: (item: Item) => string,
): Promise<{ item: Item; file: PublicFile | undefined }[]> {
  const found = await filesByKey(env, items.map(keyOf));
  return items.map((item) => ({ item, file: found.get(keyOf(item)) }));
}

/** An image as a page shows it: its address, its size from its header (no layout shift) and its description in one language. */
export type PageImage = { url: string; width: number; height: number; alt: string };

/** The images behind these keys with their description in `locale` (Spanish falls back to English); keys of no image with a size are left out. */
export async function imagesByKey(
  env: Pick<Env, "DB">,
  keys: readonly string[],
  locale: string,
): Promise<Map<string, PageImage>> {
  const images = new Map<string, PageImage>();
  for (const [key, file] of await filesByKey(env, keys)) {
    if (!file.width || !file.height) continue;
    const alt = (locale === "es" && file.alt.es) || file.alt.en;
    images.set(key, { url: file.url, width: file.width, height: file.height, alt });
  }
  return images;
}
