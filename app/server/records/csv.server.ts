import { sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { dateFormat } from "~/lib/format";

/**
 * CSV for spreadsheets: RFC 4180 quoting, CRLF line ends, UTF-8 with a byte-order mark so
 * Excel reads accents, and formula injection neutralised (OWASP "CSV Injection", decision 014).
 * A spreadsheet may split on `,`, `;` or tab whatever the file meant (Excel in a Spanish
 * locale uses `;`), and then a quoted cell's inner text starts cells of its own.
 */
// = + - @ start a formula; a leading tab, CR, LF or NUL is dropped by some readers, and what follows it would.
const FORMULA_START = /^[=+\-@\t\r\n\0]/;
// A formula character where another separator would start a new cell (after spaces or quotes).
const FORMULA_AFTER_SEPARATOR = /([,;\t\r\n][\s"']*)(?=[=+\-@])/g;
// Cells with a separator of any of those readers, a quote or a line break are quoted.
const NEEDS_QUOTES = /[",;\t\r\n]/;

/** One cell: every place a formula could start gets a leading apostrophe, then RFC 4180 quoting. */
export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined
      ? ""
      : typeof value === "object"
        ? JSON.stringify(value)
        : String(value);
  text = text.replace(FORMULA_AFTER_SEPARATOR, "$1'");
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of the file: its cells, CRLF-terminated (RFC 4180). */
export function csvLine(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

const NEW_YORK_PARTS = {
  timeZone: "America/New_York",
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
} as const;

/**
 * An instant as New York wall time with its offset (2026-11-25T11:56:36-05:00): the one way every
 * CSV writes a time, so a file reads as the back office's screens do and still names the instant
 * exactly (docs/decisions/057-years-of-data.md). Empty stays empty.
 */
export function csvTime(iso: string | null | undefined): string {
  if (!iso) return "";
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  const seconds = Math.floor(instant.getTime() / 1000) * 1000;
  const parts = Object.fromEntries(
    dateFormat("en-US", NEW_YORK_PARTS)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const wall = `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
  const offsetMinutes = Math.round((Date.parse(`${wall}Z`) - seconds) / 60_000);
  const abs = Math.abs(offsetMinutes);
  const offset = `${offsetMinutes < 0 ? "-" : "+"}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
  return `${wall}${offset}`;
}

/** Rows a page of an export reads: one D1 query a page, far from 128 MB whatever the row size. */
export const CSV_PAGE_ROWS = 500;

/**
 * Where an export goes on from: the rows after the last one written, in the file's order (a
 * keyset, decision 057), so the hundredth page costs what the first does.
 */
export function keysetAfter(
  order: "asc" | "desc",
  columns: readonly (AnySQLiteColumn | SQL)[],
  values: readonly unknown[] | undefined,
): SQL | undefined {
  if (!values) return undefined;
  const keys = sql.join(
    columns.map((column) => sql`${column}`),
    sql`, `,
  );
  const after = sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
  return order === "desc" ? sql`(${keys}) < (${after})` : sql`(${keys}) > (${after})`;
}

/** An export as pages: how to read the page after a key, a row's key, and each row's cells. */
export type CsvPages<Row> = {
  header: readonly string[];
  /** Up to `limit` rows following the key `after` (none for the first page), in the file's order. */
  page: (after: readonly unknown[] | undefined, limit: number) => PromiseLike<Row[]>;
  /** The values of a row that order the file, for `keysetAfter`. */
  keyOf: (row: Row) => unknown[];
  /** The cells of a page's rows; may read what the page needs in one more query. */
  cells: (rows: Row[]) => unknown[][] | Promise<unknown[][]>;
};

/**
 * A CSV body built page by page as the reader takes it (decision 057): the header leaves at once,
 * and at most one page is read ahead, so memory stays one page whatever the row count. UTF-8
 * with a byte-order mark so Excel reads accents.
 */
export function csvStream<Row>(source: CsvPages<Row>, pageRows = CSV_PAGE_ROWS): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: unknown[] | undefined;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(`\uFEFF${csvLine(source.header)}`));
      },
      async pull(controller) {
        const rows = await source.page(after, pageRows);
        if (rows.length > 0) {
          const lines = await source.cells(rows);
          controller.enqueue(encoder.encode(lines.map(csvLine).join("")));
          after = source.keyOf(rows.at(-1)!);
        }
        if (rows.length < pageRows) controller.close();
      },
    },
    { highWaterMark: 1 },
  );
}

/** A whole file of a bounded size (a summary, not a table that grows), as `csvStream` writes it. */
export function csvText(header: readonly string[], rows: readonly unknown[][]): string {
  return `\uFEFF${[header, ...rows].map(csvLine).join("")}`;
}

/** A file answered as a download: a `csvStream`, or `csvText` for a report of a bounded size. */
export function csvResponse(filename: string, body: ReadableStream<Uint8Array> | string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
