import { eq } from "drizzle-orm";
import { getDb } from "../db/client.server";
import { fileReplacements } from "../db/schema";
import { FILE_KINDS, imageDimensions, sniffKind, type FileKind } from "./sniff.server";

/**
 * Staff uploads in R2 (`FILES`), decision 021: a file is checked by its bytes, stored under the
 * SHA-256 of its content (so its address never changes and can be cached for a year), and
 * served at /files/:key.
 */
export const UPLOAD_LIMITS = {
  /** A phone photo is 2 to 4 MB; pages show images at most about 1,200 px wide. */
  imageBytes: 5 * 1024 * 1024,
  /** The annual report with its photographs. */
  pdfBytes: 20 * 1024 * 1024,
  /** A picture wider or taller than this is a mistake (or a decompression bomb). */
  imagePixels: 12_000,
} as const;

/** How big a file of this kind may be. */
export const byteLimit = (kind: FileKind) =>
  FILE_KINDS[kind].image ? UPLOAD_LIMITS.imageBytes : UPLOAD_LIMITS.pdfBytes;

/** What the upload forms accept, for the file input's `accept` (a hint; the bytes decide). */
export const ACCEPTED_TYPES = Object.values(FILE_KINDS)
  .map((kind) => kind.contentType)
  .join(",");

export type UploadRefusal = "missing" | "type" | "tooLarge" | "dimensions";

export type CheckedUpload = {
  kind: FileKind;
  bytes: Uint8Array<ArrayBuffer>;
  name: string;
  width: number | null;
  height: number | null;
};

/** A file's name as the staff member's computer called it: one line, no path, at most 120 characters. */
function cleanName(name: string, kind: FileKind): string {
  const base = (name.split(/[\\/]/).pop() ?? "")
    .replace(/[\p{Cc}\u2028\u2029"]/gu, "")
    .trim()
    .slice(0, 120);
  return base || `file.${FILE_KINDS[kind].extension}`;
}

/** The checks every upload passes: present, an allowed kind by its bytes, within its size, a readable image. */
export async function checkUpload(
  value: FormDataEntryValue | null,
): Promise<{ ok: true; upload: CheckedUpload } | { ok: false; reason: UploadRefusal }> {
  if (!(value instanceof File) || value.size === 0) return { ok: false, reason: "missing" };
  const bytes = new Uint8Array(await value.arrayBuffer());
  const kind = sniffKind(bytes);
  if (!kind) return { ok: false, reason: "type" };
  if (bytes.byteLength > byteLimit(kind)) return { ok: false, reason: "tooLarge" };
  const name = cleanName(value.name, kind);
  if (!FILE_KINDS[kind].image) return { ok: true, upload: { kind, bytes, name, width: null, height: null } };
  const size = imageDimensions(kind, bytes);
  if (!size || size.width > UPLOAD_LIMITS.imagePixels || size.height > UPLOAD_LIMITS.imagePixels) {
    return { ok: false, reason: "dimensions" };
  }
  return { ok: true, upload: { kind, bytes, name, ...size } };
}

/** A stored file as content records keep it: enough to link it or reserve an image's space. */
export type StoredFile = {
  key: string;
  contentType: string;
  size: number;
  name: string;
  width: number | null;
  height: number | null;
};

const hex = (buffer: ArrayBuffer) =>
  [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, "0")).join("");

/** Keys are the content's SHA-256 and its kind's extension: the same bytes are one object. */
const KEY = /^[0-9a-f]{64}\.(?:jpg|png|webp|pdf)$/;

/** Where a checked upload is (or would be) stored: the same bytes always have the same key. */
export async function uploadKey(upload: CheckedUpload): Promise<string> {
  return `${hex(await crypto.subtle.digest("SHA-256", upload.bytes))}.${FILE_KINDS[upload.kind].extension}`;
}

/** Stores a checked upload in R2 with its metadata, under its key. */
export async function storeUpload(env: Pick<Env, "FILES">, upload: CheckedUpload): Promise<StoredFile> {
  const { contentType } = FILE_KINDS[upload.kind];
  const key = await uploadKey(upload);
  const stored: StoredFile = {
    key,
    contentType,
    size: upload.bytes.byteLength,
    name: upload.name,
    width: upload.width,
    height: upload.height,
  };
  await env.FILES.put(key, upload.bytes, {
    httpMetadata: { contentType },
    customMetadata: {
      name: upload.name,
      ...(upload.width && upload.height
        ? { width: String(upload.width), height: String(upload.height) }
        : {}),
      uploadedAt: new Date().toISOString(),
    },
  });
  return stored;
}

/** The public address of a stored file. */
export const fileUrl = (key: string) => `/files/${key}`;

/** `filename` for Content-Disposition: an ASCII fallback and the UTF-8 name (RFC 6266). */
function dispositionName(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, "_").replace(/[\\"]/g, "_");
  return `filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * GET /files/:key. Content-addressed keys never change their bytes, so they are cached for a
 * year as immutable; PDFs download with their name; nothing is ever sniffed or framed. The
 * address of a replaced upload redirects to its replacement (decision 059), read from D1 only
 * when R2 has no such object.
 */
export async function fileResponse(
  env: Pick<Env, "FILES" | "DB">,
  key: string,
  request: Request,
): Promise<Response> {
  const notFound = async () => {
    const [moved] = KEY.test(key)
      ? await getDb(env)
          .select({ newKey: fileReplacements.newKey })
          .from(fileReplacements)
          .where(eq(fileReplacements.oldKey, key))
      : [];
    // Not cached: the replacement may itself be replaced or deleted later.
    if (moved)
      return new Response(null, {
        status: 301,
        headers: { Location: fileUrl(moved.newKey), "Cache-Control": "no-store" },
      });
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  };
  if (!KEY.test(key)) return notFound();
  const etag = `"${key.slice(0, 64)}"`;
  const headers = new Headers({
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
    // A file never runs script nor loads anything, even opened on its own.
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Cross-Origin-Resource-Policy": "same-origin",
  });
  if (request.headers.get("If-None-Match") === etag) {
    const exists = await env.FILES.head(key);
    if (!exists) return notFound();
    return new Response(null, { status: 304, headers });
  }
  const object: R2Object | R2ObjectBody | null =
    request.method === "HEAD" ? await env.FILES.head(key) : await env.FILES.get(key);
  if (!object) return notFound();
  const contentType = object.httpMetadata?.contentType ?? "application/octet-stream";
  headers.set("Content-Type", contentType);
  headers.set("Content-Length", String(object.size));
  if (contentType === FILE_KINDS.pdf.contentType) {
    headers.set("Content-Disposition", `attachment; ${dispositionName(object.customMetadata?.name ?? key)}`);
  }
  return new Response("body" in object ? (object as R2ObjectBody).body : null, { headers });
}
