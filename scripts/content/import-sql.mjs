// The statements that fill an empty content table with the seed (decision 020): one INSERT per
// type, each a no-op when that type already has a row, so running it again never duplicates or
// overwrites what staff wrote. Pure (no Node APIs): scripts/content-import.mjs runs it with
// wrangler, the worker tests' setup through the D1 binding.

/** @param {unknown} value */
const quote = (value) => `'${String(value).replace(/'/g, "''")}'`;

/** @param {{ type: string; slug: string; status: string; sortDate: string; fields: object }[]} seed */
export function contentImportStatements(seed) {
  const types = [...new Set(seed.map((entry) => entry.type))];
  return types.map((type) => {
    const rows = seed
      .filter((entry) => entry.type === type)
      .map((entry) =>
        [
          crypto.randomUUID(),
          entry.type,
          entry.slug,
          entry.status,
          entry.sortDate,
          JSON.stringify(entry.fields),
        ]
          .map(quote)
          .join(", "),
      );
    return (
      "INSERT INTO content_entries (id, type, slug, status, sort_date, fields) " +
      `SELECT * FROM (VALUES (${rows.join("), (")})) ` +
      `WHERE NOT EXISTS (SELECT 1 FROM content_entries WHERE type = ${quote(type)});`
    );
  });
}
