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

export function toCsv(header: string[], rows: unknown[][]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

export function csvResponse(filename: string, csv: string): Response {
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
