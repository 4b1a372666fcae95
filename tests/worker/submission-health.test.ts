import { env } from "cloudflare:workers";
import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/server/db/client.server";
import { auditLog, submissions } from "~/server/db/schema";
import { readSubmissionHealthAsStaff, reencryptHealthRecords } from "~/server/families/child-data.server";
import { userWithSession } from "./auth-helpers";
import { fetchPage, postForm, shown } from "./fetch";
import { countInvocation } from "./platform-count";

/**
 * The public forms' health fields (the athletics form's medical information, the education form's
 * special needs): sealed under CHILD_DATA_KEYS beside the payload, shown to staff only on a
 * request that is audited first (docs/decisions/054-families-and-programs.md).
 */

const db = getDb(env);
const MEDICAL = "Severe peanut allergy; EpiPen in the red backpack";
const NEEDS = "Dyslexia: needs printed instructions in large type";
let ip = 0;

const POSTS = {
  athletics: {
    studentName: "Leo López",
    parentName: "Ana López",
    age: "10",
    grade: "5",
    email: "ana.health@example.com",
    phone: "212-555-0100",
    emergencyContact: "Luis López (212) 555-0199",
    consent: "on",
    guardianConsent: "on",
    medicalInfo: MEDICAL,
  },
  education: {
    studentName: "Leo López",
    age: "15",
    grade: "10",
    parentName: "Ana López",
    email: "ana.needs@example.com",
    phone: "212-555-0100",
    specialNeeds: NEEDS,
  },
};

async function submit(form: keyof typeof POSTS, fields: Record<string, string> = {}) {
  const idempotencyKey = crypto.randomUUID();
  const response = await postForm(
    `/forms/${form}`,
    { ...POSTS[form], ...fields, idempotencyKey },
    { "CF-Connecting-IP": `198.51.100.${++ip}` },
  );
  expect(response.status).toBe(200);
  const [row] = await db
    .select()
    .from(submissions)
    .where(like(submissions.idempotencyKey, `%${idempotencyKey}`));
  return row!;
}

/**
 * Every row of every table of the database, as text: what anyone with the database would read.
 * A full-text (FTS5) table, were there one, is a table of sqlite_master too.
 */
async function wholeDatabase() {
  const tables = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
  ).all<{ name: string }>();
  const dumps = await Promise.all(
    tables.results.map(async ({ name }) => {
      const rows = await env.DB.prepare(`SELECT * FROM "${name}"`).all();
      return `${name}: ${JSON.stringify(rows.results)}`;
    }),
  );
  return { names: tables.results.map((table) => table.name), text: dumps.join("\n") };
}

let staff: Awaited<ReturnType<typeof userWithSession>>;
let person: Awaited<ReturnType<typeof userWithSession>>;
beforeAll(async () => {
  staff = await userWithSession("sam.health@example.org", "STAFF", "Sam Staff");
  person = await userWithSession("someone@example.com", "USER", "Some One");
});

const readsOf = (submissionId: string) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, submissionId), eq(auditLog.action, "submission.health.read")));

describe("a child's health in the public forms", () => {
  it("stores no plaintext anywhere in D1: not the payload, not any column of any table", async () => {
    const athletics = await submit("athletics");
    const education = await submit("education");
    for (const [row, field] of [
      [athletics, "medicalInfo"],
      [education, "specialNeeds"],
    ] as const) {
      expect(row.payload).not.toHaveProperty(field);
      expect(row.healthData).toMatchObject({ keyId: "test-1" });
    }
    // The other answers stay in the payload, searchable as before.
    expect(athletics.payload.emergencyContact).toBe("Luis López (212) 555-0199");
    const { names, text } = await wholeDatabase();
    expect(names).toContain("submissions");
    for (const secret of [MEDICAL, "peanut", "EpiPen", NEEDS, "Dyslexia"]) expect(text).not.toContain(secret);
    // The first request starts the Worker: the slow part on a busy machine.
  }, 120_000);

  it("an empty health field stores nothing sealed", async () => {
    const row = await submit("athletics", { medicalInfo: "  " });
    expect(row.healthData).toBeNull();
    expect(row.payload).not.toHaveProperty("medicalInfo");
  });

  it("staff see it only on request, and the read is recorded", async () => {
    const row = await submit("athletics");
    const page = shown(
      await (await fetchPage(`/admin/submissions/${row.id}`, { headers: { Cookie: staff.cookie } })).text(),
    );
    expect(page).toContain("Health information");
    expect(page).toContain("Show health information");
    expect(page).not.toContain(MEDICAL);
    // Not even sealed: the page's data carries no ciphertext.
    expect(
      await (await fetchPage(`/admin/submissions/${row.id}`, { headers: { Cookie: staff.cookie } })).text(),
    ).not.toContain(row.healthData!.ciphertext);
    expect(await readsOf(row.id)).toEqual([]);

    const response = await postForm(
      `/admin/submissions/${row.id}`,
      { intent: "health" },
      { Cookie: staff.cookie },
    );
    expect(response.status).toBe(200);
    const opened = shown(await response.text());
    expect(opened).toContain("Medical information");
    expect(opened).toContain(MEDICAL);
    const reads = await readsOf(row.id);
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({ userEmail: staff.user.email, detail: { kind: "athletics" } });
  });

  it("records the read before anything is decrypted: a read that fails is recorded too", async () => {
    const row = await submit("education");
    const otherKeyOnly = {
      ...env,
      CHILD_DATA_KEYS: `test-9:${btoa("another-key-of-thirty-two-bytes!")}`,
    } as Env;
    await expect(readSubmissionHealthAsStaff(otherKeyOnly, staff.user, row)).rejects.toThrow(
      'no key "test-1"',
    );
    expect(await readsOf(row.id)).toHaveLength(1);
    expect(await readSubmissionHealthAsStaff(env, staff.user, row)).toEqual({ specialNeeds: NEEDS });
  });

  it("a USER cannot open it, and nothing is recorded for them", async () => {
    const row = await submit("athletics");
    const response = await postForm(
      `/admin/submissions/${row.id}`,
      { intent: "health" },
      { Cookie: person.cookie },
    );
    expect(response.status).toBe(403);
    expect(await response.text()).not.toContain(MEDICAL);
    const signedOut = await postForm(`/admin/submissions/${row.id}`, { intent: "health" });
    expect([302, 303]).toContain(signedOut.status);
    expect(await readsOf(row.id)).toEqual([]);
  });

  it("the CSV export has no health column and no health text", async () => {
    await submit("athletics");
    await submit("education");
    for (const query of ["", "?kind=athletics", "?kind=education"]) {
      const response = await fetchPage(`/admin/submissions/export.csv${query}`, {
        headers: { Cookie: staff.cookie },
      });
      expect(response.status).toBe(200);
      const csv = await response.text();
      expect(csv).toContain("Student's name");
      expect(csv).not.toContain("Medical information");
      expect(csv).not.toContain("Special needs");
      expect(csv).not.toContain("peanut");
      expect(csv).not.toContain("Dyslexia");
    }
  });

  it("the rotation pass moves it to the new key, bounded and counted, through its own index", async () => {
    const row = await submit("athletics");
    const newKey = `test-2:${btoa("a-new-key-of-thirty-two-bytes!!!")}`;
    const rotated = { ...env, CHILD_DATA_KEYS: `${newKey},${env.CHILD_DATA_KEYS}` } as Env;
    const stale = (await env.DB.prepare(
      "SELECT count(*) AS n FROM submissions WHERE health_data IS NOT NULL AND health_data ->> '$.keyId' != 'test-2'",
    ).first<{ n: number }>())!.n;
    const { result: moved, count } = await countInvocation((counted) => reencryptHealthRecords(counted));
    expect(moved).toBe(0);
    expect(count.d1Queries).toBe(2);
    const pass = await countInvocation((counted) => reencryptHealthRecords(counted), rotated);
    console.log(
      `re-encryption pass moving ${pass.result} submissions' health answers: ${pass.count.d1Queries} D1 queries, ${pass.count.d1RoundTrips} round trips`,
    );
    expect(pass.result).toBe(Math.min(stale, 50));
    expect(pass.count.d1Queries).toBe(2 + pass.result);
    expect(pass.count.d1RoundTrips).toBe(3);
    while ((await reencryptHealthRecords(rotated)) > 0);
    const [after] = await db.select().from(submissions).where(eq(submissions.id, row.id));
    expect(after!.healthData!.keyId).toBe("test-2");
    expect(after!.healthData!.ciphertext).not.toBe(row.healthData!.ciphertext);
    const newKeyOnly = { ...env, CHILD_DATA_KEYS: newKey } as Env;
    expect(await readSubmissionHealthAsStaff(newKeyOnly, staff.user, after!)).toEqual({
      medicalInfo: MEDICAL,
    });
    await expect(readSubmissionHealthAsStaff(env, staff.user, after!)).rejects.toThrow('no key "test-2"');

    const plan = await env.DB.prepare(
      `EXPLAIN QUERY PLAN SELECT id, health_data AS healthData FROM submissions
       WHERE health_data IS NOT NULL AND health_data ->> '$.keyId' != ?1 LIMIT ?2`,
    )
      .bind("test-1", 50)
      .all<{ detail: string }>();
    expect(plan.results.map((step) => step.detail).join("\n")).toContain("submissions_health_key_idx");

    // Back to the test key for the other tests: a rotation the other way round.
    const back = { ...env, CHILD_DATA_KEYS: `${env.CHILD_DATA_KEYS},${newKey}` } as Env;
    while ((await reencryptHealthRecords(back)) > 0);
    const [restored] = await db.select().from(submissions).where(eq(submissions.id, row.id));
    expect(await readSubmissionHealthAsStaff(env, staff.user, restored!)).toEqual({ medicalInfo: MEDICAL });
  });
});
