/**
 * What a spreadsheet import brings in and the steps of its job (docs/decisions/069-imports.md);
 * the page and the server share these names.
 */
export const IMPORT_KINDS = ["gifts", "contacts", "subscribers", "volunteers"] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/**
 * A job's steps, in order: its columns are being mapped; its rows are being checked (the dry run,
 * a batch at a time); checked and waiting for the go-ahead; being imported a batch at a time;
 * imported; undone as a whole.
 */
export const IMPORT_STATUSES = ["mapping", "checking", "checked", "importing", "imported", "undone"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export function isImportKind(value: unknown): value is ImportKind {
  return typeof value === "string" && (IMPORT_KINDS as readonly string[]).includes(value);
}

/** What a row of a file comes to: a new record, one already there (by e-mail), or skipped. */
export type ImportOutcome = "create" | "match" | "skip";

/** A row of the dry run's sample: its line in the file, what it comes to, who (a gift's amount), and why skipped. */
export type ImportSampleRow = {
  row: number;
  outcome: ImportOutcome;
  label: string;
  amountCents?: number;
  reasons: Record<string, string>;
};
