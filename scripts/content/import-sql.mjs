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

/**
 * Sample program sessions for a local database (decision 054), so a new developer sees a family's
 * flow at once: one statement, a no-op once any session exists. Their dates follow today and their
 * program year is today's (July 1 starts one). Never run against production, where sessions are
 * the organisation's real classes, written by staff in /admin/program-sessions.
 * @param {{ id: string; program: string; titleEn: string; titleEs: string; descriptionEn: string; descriptionEs: string; weekdays: string; startTime: string; endTime: string; location: string; locationEs: string; minAge: number; maxAge: number; minGrade: number; maxGrade: number; capacity: number; feeCents: number; scholarship: boolean; needsApproval: boolean }[]} sessions
 */
export function programSessionStatements(sessions) {
  const term =
    "(SELECT y || '-' || substr(CAST(y + 1 AS TEXT), 3, 2) FROM (SELECT CAST(strftime('%Y', 'now', '-6 months') AS INTEGER) AS y))";
  const rows = sessions.map((session) =>
    [
      quote(session.id),
      quote(session.program),
      quote(session.titleEn),
      quote(session.titleEs),
      quote(session.descriptionEn),
      quote(session.descriptionEs),
      term,
      quote(session.weekdays),
      quote(session.startTime),
      quote(session.endTime),
      "date('now', '+7 days')",
      "date('now', '+120 days')",
      quote(session.location),
      quote(session.locationEs),
      session.minAge,
      session.maxAge,
      session.minGrade,
      session.maxGrade,
      session.capacity,
      session.feeCents,
      session.scholarship ? 1 : 0,
      session.needsApproval ? 1 : 0,
      "'published'",
    ].join(", "),
  );
  return [
    "INSERT INTO program_sessions (id, program, title_en, title_es, description_en, description_es, term, weekdays, " +
      "start_time, end_time, start_date, end_date, location, location_es, min_age, max_age, min_grade, max_grade, capacity, " +
      "fee_cents, scholarship, needs_approval, status) " +
      `SELECT * FROM (VALUES (${rows.join("), (")})) ` +
      "WHERE NOT EXISTS (SELECT 1 FROM program_sessions);",
  ];
}
