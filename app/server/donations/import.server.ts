import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import Papa from "papaparse";
import { OFFLINE_GIFT_METHODS, type GiftMethod } from "~/lib/vocabulary";
import type { SessionUser } from "~/lib/session-user";
import { getDb, insertJsonRows } from "../db/client.server";
import { donations } from "../db/schema";
import { sha256Hex } from "../kernel/sha256.server";
import { auditEntry } from "../records/audit.server";
import { offlineGiftRow, parseOfflineGift, type OfflineGiftInput } from "./offline.server";
import { forgetFundraisingProgress } from "./progress.server";

/**
 * Gifts imported from a spreadsheet: a bank's, a donor-advised fund's or a giving platform's CSV
 * (docs/decisions/056-every-gift-counted.md). Staff upload the file and see what it would record;
 * the file waits in R2 until they confirm, and only then are its gifts written, all in one D1
 * batch. Each row is checked by the same rule as the "record a gift" form, and each has a key
 * (its reference, or its date, amount, donor and cheque) that is unique in the ledger, so a
 * re-upload, or the same gift in two files, is recorded once. No receipt is sent.
 */

/** A file of this size is about 10,000 rows; more waits for a resumable import. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** Rows one request checks and writes: well inside a request's CPU and memory (decision 045). */
export const IMPORT_MAX_ROWS = 5000;
/** Rows one INSERT carries, as one JSON parameter (insertJsonRows), far under D1's 100 parameters. */
const ROWS_PER_STATEMENT = 500;
/** What the preview lists of each kind; the counts cover every row. */
const PREVIEW_LIMIT = 200;
const SAMPLE_ROWS = 10;

/** The staged file's place in R2, out of reach of /files/:key (whose keys have no slash). */
const stagedKey = (upload: string) => `gift-imports/${upload}.csv`;

/**
 * The columns a file may have, by the headers banks and platforms use; a header is compared
 * lower-cased with everything but letters and digits removed ("E-mail Address" is "emailaddress").
 */
const COLUMNS = {
  receivedOn: ["date", "received", "receivedon", "datereceived", "giftdate", "transactiondate", "posteddate"],
  amount: ["amount", "giftamount", "donationamount", "total", "grossamount"],
  donorEmail: ["email", "emailaddress", "donoremail"],
  donorName: ["name", "donorname", "fullname", "donor"],
  firstName: ["firstname", "givenname"],
  lastName: ["lastname", "surname", "familyname"],
  method: ["method", "paymentmethod", "paymenttype"],
  checkNumber: ["checknumber", "checkno", "chequenumber", "chequeno"],
  dafSponsor: ["dafsponsor", "sponsor", "fundsponsor"],
  designation: ["designation", "purpose"],
  inKindDescription: ["inkinddescription", "description", "itemdescription"],
  note: ["note", "notes", "memo"],
  locale: ["language", "locale", "lang"],
  reference: ["reference", "ref", "referenceid", "transactionid", "confirmationnumber"],
} as const;
type Column = keyof typeof COLUMNS;

const normalise = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, "");

/** How files write a method, normalised the same way, to ours. */
const METHOD_WORDS: Record<string, Exclude<GiftMethod, "online">> = {
  check: "check",
  cheque: "check",
  cash: "cash",
  banktransfer: "bank_transfer",
  transfer: "bank_transfer",
  ach: "bank_transfer",
  wire: "bank_transfer",
  eft: "bank_transfer",
  stock: "stock",
  securities: "stock",
  daf: "daf",
  donoradvisedfund: "daf",
  inkind: "in_kind",
};

const LOCALE_WORDS: Record<string, "en" | "es"> = {
  en: "en",
  english: "en",
  ingles: "en",
  es: "es",
  spanish: "es",
  espanol: "es",
};

/** A date as banks write it, as the form's YYYY-MM-DD: ISO (a time after it dropped) or US M/D/YYYY. */
function isoDate(text: string): string {
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (us) return `${us[3]}-${us[1]!.padStart(2, "0")}-${us[2]!.padStart(2, "0")}`;
  const iso = /^(\d{4}-\d{2}-\d{2})(?:[T ].*)?$/.exec(text);
  return iso ? iso[1]! : text;
}

export type ImportProblem = { row: number; field: string; message: string };
type ReadRow = { row: number; gift: OfflineGiftInput; key: string };

/** Why a file cannot be previewed at all: a translation key of the gifts namespace, with values. */
export type ImportRefusal = { file: string; columns?: string };

/**
 * Reads a file into gifts: each row checked by the form's rule (parseOfflineGift), with its line
 * number as a spreadsheet shows it (the header is line 1). The method a row does not state is
 * `defaultMethod`; a language it does not state is English.
 */
function readFile(text: string, defaultMethod: Exclude<GiftMethod, "online">) {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ""), {
    header: true,
    skipEmptyLines: "greedy",
    transformHeader: normalise,
  });
  const headers = new Set(parsed.meta.fields ?? []);
  const columnOf = Object.fromEntries(
    Object.entries(COLUMNS).map(([column, names]) => [column, names.find((name) => headers.has(name))]),
  ) as Record<Column, string | undefined>;
  const missing = [
    ...(columnOf.receivedOn ? [] : ["date"]),
    ...(columnOf.amount ? [] : ["amount"]),
    ...(columnOf.donorEmail ? [] : ["email"]),
    ...(columnOf.donorName || columnOf.lastName ? [] : ["name"]),
  ];
  if (missing.length > 0) return { refusal: { file: "import.errors.columns", columns: missing.join(", ") } };
  if (parsed.data.length === 0) return { refusal: { file: "import.errors.empty" } };
  if (parsed.data.length > IMPORT_MAX_ROWS) return { refusal: { file: "import.errors.tooManyRows" } };

  const read: ReadRow[] = [];
  const problems: ImportProblem[] = [];
  parsed.data.forEach((record, index) => {
    const row = index + 2;
    const cell = (column: Column) => {
      const header = columnOf[column];
      return header ? (record[header] ?? "").trim() : "";
    };
    const name = cell("donorName") || [cell("firstName"), cell("lastName")].filter(Boolean).join(" ");
    const methodText = normalise(cell("method"));
    const localeText = normalise(cell("locale").normalize("NFD"));
    const form = {
      method: methodText ? (METHOD_WORDS[methodText] ?? methodText) : defaultMethod,
      receivedOn: isoDate(cell("receivedOn")),
      amount: cell("amount"),
      donorEmail: cell("donorEmail"),
      donorName: name,
      locale: localeText ? (LOCALE_WORDS[localeText] ?? localeText) : "en",
      designation: cell("designation"),
      note: cell("note"),
      checkNumber: cell("checkNumber"),
      dafSponsor: cell("dafSponsor"),
      inKindDescription: cell("inKindDescription"),
      // No receipt is sent for an imported gift: these donors were thanked when they gave.
      sendReceipt: "",
    };
    const result = parseOfflineGift(form);
    if (!result.ok) {
      for (const [field, message] of Object.entries(result.errors)) problems.push({ row, field, message });
      return;
    }
    const gift = result.gift;
    const reference = cell("reference");
    // A bank's or platform's reference names one payment; without one, a gift is its day, sum, donor,
    // cheque and description, not its method, which the file may leave to the choice made at upload.
    const key = reference
      ? `ref|${reference}|${gift.donorEmail}`
      : [
          gift.receivedOn,
          gift.amountCents,
          gift.donorEmail,
          gift.checkNumber ?? "",
          gift.inKindDescription ?? "",
        ].join("|");
    read.push({ row, gift, key });
  });
  return { read, problems, rows: parsed.data.length };
}

/** The keys among `keys` already in the ledger: one query, the keys one JSON parameter. */
async function recordedKeys(env: Pick<Env, "DB">, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await getDb(env)
    .select({ key: donations.importKey })
    .from(donations)
    .where(sql`${donations.importKey} in (select value from json_each(${JSON.stringify(keys)}))`);
  return new Set(rows.map((row) => row.key ?? ""));
}

/** The rows of a read file that are new: neither in the ledger nor earlier in the same file. */
async function sortRows(env: Pick<Env, "DB">, read: ReadRow[]) {
  const recorded = await recordedKeys(
    env,
    read.map((row) => row.key),
  );
  const seen = new Set<string>();
  const fresh: ReadRow[] = [];
  const duplicates: { row: number; reason: "recorded" | "file" }[] = [];
  for (const row of read) {
    if (recorded.has(row.key)) duplicates.push({ row: row.row, reason: "recorded" });
    else if (seen.has(row.key)) duplicates.push({ row: row.row, reason: "file" });
    else fresh.push(row);
    seen.add(row.key);
  }
  return { fresh, duplicates };
}

export type ImportPreview = {
  upload: string;
  fileName: string;
  method: Exclude<GiftMethod, "online">;
  rows: number;
  toRecord: number;
  toRecordCents: number;
  sample: { row: number; receivedOn: string; amountCents: number; donorName: string; method: string }[];
  duplicates: { row: number; reason: "recorded" | "file" }[];
  duplicateCount: number;
  problems: ImportProblem[];
  problemRows: number;
};

/** The method a posted choice names, or null. */
export function importMethod(value: unknown): Exclude<GiftMethod, "online"> | null {
  return OFFLINE_GIFT_METHODS.find((method) => method === value) ?? null;
}

/**
 * The preview of an uploaded file: what it would record, what it skips and why. The file is kept
 * in R2 under the SHA-256 of its bytes for the confirmation; nothing is written to D1.
 */
export async function previewGiftImport(
  env: Pick<Env, "DB" | "FILES">,
  file: { name: string; bytes: ArrayBuffer },
  method: Exclude<GiftMethod, "online">,
): Promise<{ ok: true; preview: ImportPreview } | { ok: false; refusal: ImportRefusal }> {
  const text = decodeText(file.bytes);
  if (text === null) return { ok: false, refusal: { file: "import.errors.notText" } };
  const result = readFile(text, method);
  if ("refusal" in result) return { ok: false, refusal: result.refusal! };
  const upload = await sha256Hex(text);
  await env.FILES.put(stagedKey(upload), file.bytes, {
    httpMetadata: { contentType: "text/csv" },
    customMetadata: { name: file.name.slice(0, 200) },
  });
  const { fresh, duplicates } = await sortRows(env, result.read);
  return {
    ok: true,
    preview: {
      upload,
      fileName: file.name.slice(0, 200),
      method,
      rows: result.rows,
      toRecord: fresh.length,
      toRecordCents: fresh.reduce((total, row) => total + row.gift.amountCents, 0),
      sample: fresh.slice(0, SAMPLE_ROWS).map(({ row, gift }) => ({
        row,
        receivedOn: gift.receivedOn,
        amountCents: gift.amountCents,
        donorName: gift.donorName,
        method: gift.method,
      })),
      duplicates: duplicates.slice(0, PREVIEW_LIMIT),
      duplicateCount: duplicates.length,
      problems: result.problems.slice(0, PREVIEW_LIMIT),
      problemRows: new Set(result.problems.map((problem) => problem.row)).size,
    },
  };
}

/** UTF-8 text (a byte-order mark allowed), or null for bytes that are not. */
function decodeText(bytes: ArrayBuffer): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * Records the new gifts of a previewed file: every INSERT and the audit row in one D1 batch, so a
 * file is recorded whole or not at all, and each INSERT skips a key already in the ledger, so a
 * second confirmation (a double click, two staff at once) adds nothing. The staged file is then
 * removed. Null when the file is no longer staged (already imported, or never previewed).
 */
export async function importGifts(
  env: Pick<Env, "DB" | "FILES">,
  staff: SessionUser,
  upload: string,
  method: Exclude<GiftMethod, "online">,
): Promise<{ recorded: number; skipped: number } | null> {
  if (!/^[0-9a-f]{64}$/.test(upload)) return null;
  const object = await env.FILES.get(stagedKey(upload));
  if (!object) return null;
  const text = decodeText(await object.arrayBuffer());
  const result = text === null ? null : readFile(text, method);
  if (!result || "refusal" in result) return null;
  const { fresh } = await sortRows(env, result.read);
  const db = getDb(env);
  const inserts: BatchItem<"sqlite">[] = [];
  for (let start = 0; start < fresh.length; start += ROWS_PER_STATEMENT) {
    const rows = fresh
      .slice(start, start + ROWS_PER_STATEMENT)
      .map(({ gift, key }) => offlineGiftRow(staff, gift, crypto.randomUUID(), key));
    inserts.push(insertJsonRows(db, donations, rows));
  }
  const audit = auditEntry(db, staff, {
    action: "donation.import",
    // The file is the target; it is removed once imported, so the detail names it.
    targetType: "donation_import",
    detail: {
      file: object.customMetadata?.name ?? "",
      sha256: upload,
      rows: result.rows,
      new: fresh.length,
      problemRows: new Set(result.problems.map((problem) => problem.row)).size,
    },
  });
  const results = await db.batch([audit, ...inserts]);
  const recorded = results.slice(1).reduce((total, item) => total + (item as D1Result).meta.changes, 0);
  await env.FILES.delete(stagedKey(upload));
  if (recorded > 0) forgetFundraisingProgress();
  return { recorded, skipped: result.rows - recorded };
}
