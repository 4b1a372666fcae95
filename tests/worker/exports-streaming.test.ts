import { env } from "cloudflare:workers";
import { desc, eq } from "drizzle-orm";
import type { TFunction } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { csvTime, CSV_PAGE_ROWS } from "~/server/records/csv.server";
import { addSubmissionNote, submissionsCsv } from "~/server/admin/submissions.server";
import { getDb, insertJsonRows } from "~/server/db/client.server";
import { auditLog, submissions } from "~/server/db/schema";
import { userWithSession } from "./auth-helpers";
import { fetchPage } from "./fetch";
import { countInvocation } from "./platform-count";

/**
 * Every CSV export is a stream read a keyset page at a time (docs/decisions/057-years-of-data.md):
 * one file of every form, New York times with their offset, staff notes included, audited.
 */
let staff: Awaited<ReturnType<typeof userWithSession>>;
const db = getDb(env);
const get = (path: string) => fetchPage(path, { headers: { Cookie: staff.cookie } });
const lines = (csv: string) =>
  csv
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .filter(Boolean);

/** `count` contact submissions, one a minute back from `newest`, in one JSON parameter each 1,000. */
async function contactSubmissions(
  count: number,
  prefix: string,
  newest = Date.parse("2026-06-01T12:00:00Z"),
) {
  for (let start = 0; start < count; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - start) }, (_, offset) => {
      const n = start + offset;
      return {
        id: `${prefix}-${String(n).padStart(6, "0")}`,
        kind: "contact",
        locale: n % 2 ? "es" : "en",
        name: `Persona ${n}`,
        email: `${prefix}${n}@example.com`,
        payload: JSON.stringify({ fullName: `Persona ${n}`, subject: "program", message: "¿Hay cupo?" }),
        idempotencyKey: `${prefix}-${n}`,
        createdAt: new Date(newest - n * 60_000).toISOString(),
      };
    });
    await insertJsonRows(db, submissions, rows);
  }
}

beforeAll(async () => {
  staff = await userWithSession("nora@example.org", "STAFF", "Nora Notes");
  await db.insert(submissions).values([
    {
      id: "winter-contact",
      kind: "contact",
      locale: "es",
      name: "Rosa Díaz",
      email: "rosa@example.com",
      payload: { fullName: "Rosa Díaz", subject: "program", message: "¿Hay cupo?" },
      idempotencyKey: "winter-contact",
      createdAt: "2026-11-25T16:56:36.123Z",
    },
    {
      id: "summer-enrollment",
      kind: "enrollment",
      locale: "en",
      name: "Pat Parent",
      email: "pat@example.com",
      payload: { studentName: "Kim", parentName: "Pat Parent", programs: ["education"] },
      idempotencyKey: "summer-enrollment",
      createdAt: "2026-07-04T14:00:00.000Z",
    },
  ]);
  await addSubmissionNote(env, staff.user, "winter-contact", "Called back; wants the spring term.");
});

describe("times in every CSV", () => {
  it("are New York wall time with the offset of that day", () => {
    expect(csvTime("2026-11-25T16:56:36.123Z")).toBe("2026-11-25T11:56:36-05:00");
    expect(csvTime("2026-07-04T14:00:00.000Z")).toBe("2026-07-04T10:00:00-04:00");
    expect(csvTime(null)).toBe("");
  });
});

describe("one CSV of every form", () => {
  it("has a column per field of any form, blank where a row's form lacks it, and the notes", async () => {
    const response = await get("/admin/submissions/export.csv");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toMatch(
      /filename="submissions-all-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const [header, ...rows] = lines(await response.text());
    const columns = header!.split(",");
    expect(columns.slice(0, 9)).toEqual([
      "id",
      "created_at",
      "form",
      "status",
      "locale",
      "name",
      "email",
      "phone",
      "assigned_to",
    ]);
    expect(columns.at(-1)).toBe("notes");
    // The contact form's message and the enrollment form's student, each once.
    expect(columns.filter((column) => column === "Message")).toHaveLength(1);
    expect(columns.filter((column) => column === "Student's name")).toHaveLength(1);
    const winter = rows.find((row) => row.startsWith("winter-contact,"))!;
    const summer = rows.find((row) => row.startsWith("summer-enrollment,"))!;
    expect(winter).toContain(",2026-11-25T11:56:36-05:00,contact,");
    expect(summer).toContain(",2026-07-04T10:00:00-04:00,enrollment,");
    const cells = (row: string) => row.split(",");
    const student = columns.indexOf("Student's name");
    const message = columns.indexOf("Message");
    expect(cells(winter)[student]).toBe("");
    expect(cells(summer)[student]).toBe("Kim");
    expect(cells(summer)[message]).toBe("");
    expect(winter).toMatch(
      /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-0[45]:00 Nora Notes: Called back; wants the spring term\."$/,
    );
  });

  it("is recorded in the audit log with its filters and row count", async () => {
    await get("/admin/submissions/export.csv?status=new");
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "submissions.export"))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(1);
    const total = await db.$count(submissions, eq(submissions.status, "new"));
    expect(entry).toMatchObject({
      userEmail: "nora@example.org",
      detail: { filters: { status: "new" }, rows: total },
    });
  });
});

describe("a large export", () => {
  const t = ((key: string) => key) as unknown as TFunction;
  const read = async (stream: ReadableStream<Uint8Array>) => {
    const reader = stream.getReader();
    const decoder = new TextDecoder();
    let text = "";
    let chunks = 0;
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      text += decoder.decode(part.value, { stream: true });
      chunks++;
    }
    return { text, chunks };
  };

  it("streams every row once, newest first, a page a query, within D1's 100 parameters", async () => {
    await contactSubmissions(1_234, "bulk");
    const url = new URL("https://example.org/admin/submissions/export.csv?kind=contact&q=bulk");
    const { result, count } = await countInvocation(async (counted) =>
      read(await submissionsCsv(counted, staff.user, url, { forms: t, email: t })),
    );
    const ids = lines(result.text)
      .slice(1)
      .map((row) => row.split(",")[0]);
    expect(ids).toHaveLength(1_234);
    expect(new Set(ids).size).toBe(1_234);
    expect(ids[0]).toBe("bulk-000000");
    expect(ids.at(-1)).toBe("bulk-001233");
    const pages = Math.ceil(1_234 / CSV_PAGE_ROWS);
    // The header, then one chunk a page.
    expect(result.chunks).toBe(1 + pages);
    // The count and the audit row, then each page and its notes.
    expect(count.d1Queries).toBe(2 + 2 * pages);
    expect(count.maxBoundParameters).toBeLessThanOrEqual(100);
  });

  it("answers 100,000 rows: first byte and whole file timed", { timeout: 300_000 }, async () => {
    await contactSubmissions(100_000, "scale", Date.parse("2020-01-01T12:00:00Z"));
    const startedAt = performance.now();
    const response = await get("/admin/submissions/export.csv?kind=contact&q=scale");
    const reader = response.body!.getReader();
    let bytes = (await reader.read()).value!.byteLength;
    const firstByteMs = performance.now() - startedAt;
    let rows = 0;
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      bytes += part.value.byteLength;
      for (const byte of part.value) if (byte === 10) rows++;
    }
    const totalMs = performance.now() - startedAt;
    console.log(JSON.stringify({ export: "submissions", rows, bytes, firstByteMs, totalMs }));
    // Rows may hold line breaks inside quotes; these do not.
    expect(rows).toBe(100_000);
    expect(firstByteMs).toBeLessThan(1_000);
  });
});
