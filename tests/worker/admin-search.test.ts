import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { submissionReference } from "~/lib/forms/reference";
import { getDb } from "~/server/db/client.server";
import { submissions } from "~/server/db/schema";
import { userWithSession } from "./auth-helpers";
import { fetchPage, shown } from "./fetch";

/**
 * The inbox search through its FTS5 index (docs/decisions/057-years-of-data.md): what staff type
 * finds the submissions they mean, accents and case aside, and the index follows every change.
 */
const db = getDb(env);
let cookie: string;

const submission = (id: string, name: string, email: string, message: string) => ({
  id,
  kind: "contact" as const,
  locale: "es",
  name,
  email,
  payload: { fullName: name, subject: "program", message },
  idempotencyKey: id,
});

/** The names the inbox lists for a search. */
async function found(q: string): Promise<string[]> {
  const response = await fetchPage(`/admin/submissions?q=${encodeURIComponent(q)}`, {
    headers: { Cookie: cookie },
  });
  expect(response.status).toBe(200);
  const html = shown(await response.text());
  return ["Ana Rivera", "José Pérez", "Lucía Gómez", "Ana Rivas", "Rosa Vega"].filter((name) =>
    html.includes(`>${name}<`),
  );
}

beforeAll(async () => {
  ({ cookie } = await userWithSession("searcher@example.org", "ADMIN", "Sam Searcher"));
  await db
    .insert(submissions)
    .values(submission("8f3a1c2e-search-ana", "Ana Rivera", "ana.rivera@example.org", "Hi"));
  await db
    .insert(submissions)
    .values(submission("b71d0e44-search-jose", "José Pérez", "jp@example.net", "Hola"));
  await db
    .insert(submissions)
    .values(
      submission(
        "c0ffee00-search-lucia",
        "Lucía Gómez",
        "lg@example.com",
        "Necesito información sobre béisbol",
      ),
    );
  // The first request compiles the server build, which on a busy machine outlasts a test's time.
  await found("");
}, 180_000);

describe("inbox search", () => {
  it("finds a name, a word of an address, an answer and a reference, accents and case aside", async () => {
    expect(await found("rivera")).toEqual(["Ana Rivera"]);
    expect(await found("PEREZ")).toEqual(["José Pérez"]);
    expect(await found("ana.rivera@example")).toEqual(["Ana Rivera"]);
    expect(await found("beisbol")).toEqual(["Lucía Gómez"]);
    // Each word must begin a word of the submission: "riv" begins "Rivera", "ivera" begins none.
    expect(await found("ana riv")).toEqual(["Ana Rivera"]);
    expect(await found("ivera")).toEqual([]);
    expect(await found(submissionReference("8f3a1c2e-search-ana"))).toEqual(["Ana Rivera"]);
  });

  it("reads what is typed as words, never as FTS5 syntax", async () => {
    expect(await found('"rivera"* (')).toEqual(["Ana Rivera"]);
    // As FTS5, "OR" would find both people; as words, nobody's record holds all three.
    expect(await found("ana OR jose")).toEqual([]);
    expect(await found("*)(")).toEqual([]);
  });

  it("follows a new submission, a change and a deletion", async () => {
    await db
      .insert(submissions)
      .values(submission("d00d0000-search-rivas", "Ana Rivas", "rivas@example.org", "Hi"));
    expect(await found("ana")).toEqual(["Ana Rivera", "Ana Rivas"]);
    await db
      .update(submissions)
      .set({
        name: "Rosa Vega",
        email: "rosa@example.org",
        payload: { fullName: "Rosa Vega", message: "Hi" },
      })
      .where(eq(submissions.id, "d00d0000-search-rivas"));
    expect(await found("rivas")).toEqual([]);
    expect(await found("vega")).toEqual(["Rosa Vega"]);
    await db.delete(submissions).where(eq(submissions.id, "d00d0000-search-rivas"));
    expect(await found("vega")).toEqual([]);
  });

  it("counts a common word's matches up to 1,000 and says there are more, still paging", async () => {
    // One statement through json_each: D1 binds at most 100 values.
    const common = Array.from({ length: 1_001 }, (_, n) => ({
      ...submission(
        `e0e0${String(n).padStart(4, "0")}-search-many`,
        `Many Tally ${n}`,
        `t${n}@example.org`,
        "Hi",
      ),
      createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, n)).toISOString(),
    }));
    await env.DB.prepare(
      `insert into submissions (id, kind, locale, name, email, payload, idempotency_key, created_at)
       select value ->> 'id', value ->> 'kind', value ->> 'locale', value ->> 'name', value ->> 'email',
         json(value ->> 'payload'), value ->> 'idempotencyKey', value ->> 'createdAt' from json_each(?)`,
    )
      .bind(JSON.stringify(common.map((row) => ({ ...row, payload: JSON.stringify(row.payload) }))))
      .run();
    const inbox = async (path: string) =>
      shown(await (await fetchPage(path, { headers: { Cookie: cookie } })).text());
    const many = await inbox("/admin/submissions?q=tally");
    expect(many).toContain("More than 1,000 results");
    expect(many).toContain(">Many Tally 1000<");
    expect(many).toMatch(/href="[^"]*q=tally&amp;older=[^"]+"[^>]*>Older</);
    expect(await inbox("/admin/submissions?q=tally&lng=es")).toContain("Más de 1000 resultados");
    // At the cap the count is exact.
    await db.delete(submissions).where(eq(submissions.id, "e0e01000-search-many"));
    expect(await inbox("/admin/submissions?q=tally")).toContain("1000 results");
    expect(await inbox("/admin/submissions?q=tally")).not.toContain("More than");
  }, 120_000);
});
