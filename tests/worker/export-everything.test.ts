import { env } from "cloudflare:workers";
import { eq, getTableName, is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import { strFromU8, unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, insertJsonRows } from "~/server/db/client.server";
import { EXPORT_PAGE_ROWS, exportArchive, FILES_PER_PART } from "~/server/export/archive.server";
import * as schema from "~/server/db/schema";
import { EXPORTED_TABLES, NOT_EXPORTED_TABLES, tableFile } from "~/server/export/tables.server";
import { saveChild } from "~/server/families/children.server";
import exportFormat from "../../docs/export-format.md?raw";
import { userWithSession } from "./auth-helpers";
import { fetchPage, postForm } from "./fetch";
import { countInvocation } from "./platform-count";

/**
 * The export of everything (docs/decisions/070-leaving-with-everything.md): one zip, a CSV of every
 * table with a row in each, the uploaded files from R2, the format described in it, never a
 * child's health, ADMIN only and audited, within the platform's limits.
 */
const db = getDb(env);
const MEDICAL = "Severe peanut allergy; EpiPen in the red backpack";
const ALLERGY = "Bee stings: carries an auto-injector";
const PHOTO_KEY = `${"ab".repeat(32)}.png`;
const PHOTO = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5]);

let admin: Awaited<ReturnType<typeof userWithSession>>;
let staff: Awaited<ReturnType<typeof userWithSession>>;

/** A row in every table the export holds, through the site's own ways in where they carry health. */
async function oneOfEverything() {
  const guardian = await userWithSession("guardian@example.com", "USER", "Gloria Guardian");
  const posted = await postForm(
    "/forms/athletics",
    {
      studentName: "Leo López",
      parentName: "Ana López",
      age: "10",
      grade: "5",
      email: "ana.health@example.com",
      phone: "+1 212-555-0100",
      emergencyContact: "Luis López (212) 555-0199",
      consent: "on",
      guardianConsent: "on",
      medicalInfo: MEDICAL,
      idempotencyKey: crypto.randomUUID(),
    },
    { "CF-Connecting-IP": "198.51.100.7" },
  );
  expect(posted.status).toBe(200);
  const [submission] = await db
    .select()
    .from(schema.submissions)
    .where(eq(schema.submissions.email, "ana.health@example.com"));
  expect(submission!.healthData).not.toBeNull();
  const childId = await saveChild(env, guardian.user.id, {
    details: {
      name: "Ana Quintero",
      birthDate: "2016-03-14",
      grade: 4,
      school: "PS 175",
    },
    consent: { programYear: "2026-27", photoConsent: false },
    health: {
      healthNotes: "",
      allergies: ALLERGY,
      medications: "",
      specialNeeds: "",
      emergencyContacts: [{ name: "Luis Quintero", phone: "212-555-0199", relation: "uncle" }],
      pickupPeople: [],
    },
  });
  await db.insert(schema.submissionHistory).values({
    id: "history-1",
    submissionId: submission!.id,
    kind: "note",
    body: "Called back",
    userName: "Ada Admin",
  });
  await db
    .insert(schema.subscribers)
    .values({ id: "subscriber-1", email: "reader@example.com", locale: "es" });
  await db
    .insert(schema.contacts)
    .values({ id: "contact-1", email: "partner@example.com", name: "Rosa Partner" });
  await db.insert(schema.newsletters).values({
    id: "newsletter-1",
    subjectEn: "News",
    bodyEn: "Hello",
    subjectEs: "Noticias",
    bodyEs: "Hola",
  });
  await db.insert(schema.donationAttempts).values({
    id: "attempt-1",
    frequency: "monthly",
    amountCents: 2_500,
    firstName: "Dana",
    lastName: "Donor",
    email: "dana@example.com",
    locale: "en",
    attribution: { utm_campaign: "spring" },
  });
  await db.insert(schema.recurringGifts).values({
    id: "recurring-1",
    stripeSubscriptionId: "sub_1",
    stripeCustomerId: "cus_1",
    amountCents: 2_500,
    status: "active",
    donorName: "Dana Donor",
    donorEmail: "dana@example.com",
    locale: "en",
  });
  await db.insert(schema.pledges).values({
    id: "pledge-1",
    donorName: "Dana Donor",
    donorEmail: "dana@example.com",
    locale: "en",
    amountCents: 100_000,
    instalments: 4,
    intervalMonths: 3,
    firstDueOn: "2026-01-15",
  });
  await db.insert(schema.donations).values({
    id: "gift-1",
    attemptId: "attempt-1",
    recurringGiftId: "recurring-1",
    frequency: "monthly",
    amountCents: 2_500,
    status: "succeeded",
    donorName: "Dana Donor",
    donorEmail: "dana@example.com",
    locale: "en",
    paidAt: "2026-03-02T15:00:00.000Z",
    pledgeId: "pledge-1",
  });
  await db
    .insert(schema.softCredits)
    .values({ id: "credit-1", donationId: "gift-1", email: "eve@example.com", name: "Eve", kind: "team" });
  await db.insert(schema.paymentAdjustments).values({ paymentKey: "pi_1", refundedCents: 100 });
  await db.insert(schema.eventRegistrations).values({
    id: "registration-1",
    eventSlug: "spring-gala",
    kind: "rsvp",
    status: "confirmed",
    name: "Rita",
    email: "rita@example.com",
    locale: "en",
    quantity: 2,
    holder: "a-hashed-address-that-never-leaves",
  });
  await db.insert(schema.volunteerShifts).values({
    id: "shift-1",
    roleSlug: "tutor",
    titleEn: "Tutoring",
    titleEs: "Tutoría",
    startsAt: "2026-04-01T21:00:00.000Z",
    endsAt: "2026-04-01T23:00:00.000Z",
    place: "Main room",
    capacity: 4,
    requiredClearances: ["background-check"],
  });
  await db
    .insert(schema.volunteers)
    .values({ id: "volunteer-1", email: "val@example.com", name: "Val", locale: "en" });
  await db.insert(schema.volunteerSignups).values({
    id: "signup-1",
    shiftId: "shift-1",
    volunteerId: "volunteer-1",
    status: "signed-up",
    checkedInAt: "2026-04-01T21:00:00.000Z",
    checkedOutAt: "2026-04-01T23:00:00.000Z",
  });
  await db
    .insert(schema.volunteerClearances)
    .values({ volunteerId: "volunteer-1", kind: "background-check", clearedOn: "2026-01-10" });
  await db.insert(schema.programSessions).values({
    id: "session-1",
    program: "education",
    titleEn: "Homework club",
    titleEs: "Club de tareas",
    term: "2026-27",
    weekdays: "1,3",
    startTime: "15:30",
    endTime: "17:00",
    startDate: "2026-09-14",
    endDate: "2027-06-18",
    location: "Room 2",
    minAge: 8,
    maxAge: 12,
    minGrade: 3,
    maxGrade: 6,
    capacity: 12,
  });
  await db
    .insert(schema.enrolments)
    .values({ id: "enrolment-1", sessionId: "session-1", childId: childId!, status: "enrolled" });
  await db
    .insert(schema.attendanceMarks)
    .values({ sessionId: "session-1", childId: childId!, meetingDate: "2026-09-14", mark: "present" });
  await db
    .insert(schema.contentEntries)
    .values({ id: "entry-1", type: "post", slug: "export-test", fields: {} });
  await db.insert(schema.contentVersions).values({
    id: "version-1",
    entryId: "entry-1",
    number: 99,
    slug: "a-slug",
    status: "draft",
    fields: {},
  });
  await db.insert(schema.contentGone).values({ type: "post", slug: "old-post" });
  await db
    .insert(schema.translationOverrides)
    .values({ locale: "es", namespace: "home", key: "hero.title", value: "¡Hola!" });
  await env.FILES.put(PHOTO_KEY, PHOTO);
  await db
    .insert(schema.files)
    .values({ id: PHOTO_KEY, contentType: "image/png", size: PHOTO.byteLength, name: "team.png" });
  await db.insert(schema.fileReplacements).values({ oldKey: `${"cd".repeat(32)}.png`, newKey: PHOTO_KEY });
  return { submissionId: submission!.id, childId: childId! };
}

let seeded: Awaited<ReturnType<typeof oneOfEverything>>;
beforeAll(async () => {
  admin = await userWithSession("ada@example.org", "ADMIN", "Ada Admin");
  staff = await userWithSession("sam@example.org", "STAFF", "Sam Staff");
  seeded = await oneOfEverything();
  // The first form post builds the site's first render in this workerd: up to minutes on a loaded two-core machine.
}, 180_000);

/** The zip's entries by path, and each as text. */
async function download(part = 1, cookie = admin.cookie) {
  const response = await fetchPage(`/admin/export/download?part=${part}`, { headers: { Cookie: cookie } });
  const bytes = response.ok ? new Uint8Array(await response.arrayBuffer()) : null;
  const entries = bytes ? unzipSync(bytes) : {};
  const text = Object.fromEntries(Object.entries(entries).map(([path, data]) => [path, strFromU8(data)]));
  return { response, entries, text };
}

/** A CSV's lines (no byte-order mark), each split on commas (the test's values hold none). */
const rowsOf = (csv: string) =>
  csv
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .filter(Boolean)
    .map((line) => line.split(","));

/** The section of the format's description about one file, from its heading to the next. */
function describedColumns(file: string) {
  const start = exportFormat.indexOf(`## ${file}\n`);
  if (start < 0) return [];
  const end = exportFormat.indexOf("\n## ", start + 1);
  return [...exportFormat.slice(start, end < 0 ? undefined : end).matchAll(/^\| ([a-z0-9_]+) +\|/gm)]
    .map((match) => match[1])
    .filter((name) => name !== "column");
}

describe("the export of everything", () => {
  it("is one zip holding its description, a CSV of every table with a row in each, and the uploaded file from R2", async () => {
    const { response, entries, text } = await download();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(text["README.md"]).toBe(exportFormat);
    for (const table of EXPORTED_TABLES) {
      const file = tableFile(table);
      const [header, ...rows] = rowsOf(text[file] ?? "");
      expect(rows.length, file).toBeGreaterThan(0);
      // Every column of every file is described, and the description names no column the file lacks.
      expect(describedColumns(file).sort(), file).toEqual([...header!].sort());
    }
    expect(Object.keys(entries).filter((path) => path.startsWith("data/"))).toHaveLength(
      EXPORTED_TABLES.length,
    );
    expect([...entries[`files/${PHOTO_KEY}`]!]).toEqual([...PHOTO]);
  });

  it("chooses for every table of the database: in the export, or left out on purpose", async () => {
    const schemaTables = Object.values(schema)
      .filter((value) => is(value, SQLiteTable))
      .map((table) => getTableName(table));
    // The migrated database's own, with the search indexes of hand SQL (decision 057); not SQLite's,
    // D1's, nor the tables an FTS5 table keeps its index in (`<name>_data` …).
    const { results } = await env.DB.prepare(
      "select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' and name <> 'd1_migrations'",
    ).all<{ name: string; sql: string }>();
    const indexes = results
      .filter((table) => /^create virtual table/i.test(table.sql))
      .map((table) => table.name);
    const everyTable = results
      .map((table) => table.name)
      .filter((name) => !indexes.some((index) => name.startsWith(`${index}_`)));
    expect(everyTable).toEqual(expect.arrayContaining(["donations_search", ...schemaTables]));
    const chosen = [...EXPORTED_TABLES.map(({ table }) => getTableName(table)), ...NOT_EXPORTED_TABLES];
    expect(chosen.toSorted()).toEqual(everyTable.toSorted());
  });

  it("holds no child's health, not even as ciphertext, and no password or visitor's hashed address", async () => {
    const { text } = await download();
    const everything = Object.values(text).join("\n");
    const [record] = await db
      .select()
      .from(schema.childHealthRecords)
      .where(eq(schema.childHealthRecords.childId, seeded.childId));
    const [submission] = await db
      .select()
      .from(schema.submissions)
      .where(eq(schema.submissions.id, seeded.submissionId));
    for (const secret of [
      MEDICAL,
      ALLERGY,
      "Luis Quintero",
      record!.ciphertext,
      submission!.healthData!.ciphertext,
      "a-hashed-address-that-never-leaves",
    ])
      expect(everything).not.toContain(secret);
    expect(Object.keys(text).some((path) => path.includes("health"))).toBe(false);
    const [usersHeader] = rowsOf(text["data/users.csv"]!);
    expect(usersHeader).not.toContain("password_hash");
    expect(rowsOf(text["data/submissions.csv"]!)[0]).not.toContain("health_data");
    // What the person typed is there; a phone's "+" is kept from spreadsheets' formulas (decision 014).
    expect(text["data/submissions.csv"]).toContain("Luis López (212) 555-0199");
    expect(text["data/children.csv"]).toContain("Ana Quintero");
  });

  it("writes times as New York time with their offset, and money in cents as stored", async () => {
    const { text } = await download();
    const [header, ...rows] = rowsOf(text["data/donations.csv"]!);
    const gift = rows.find((row) => row[0] === "gift-1")!;
    const cell = (name: string) => gift[header!.indexOf(name)];
    expect(cell("paid_at")).toBe("2026-03-02T10:00:00-05:00");
    expect(cell("amount_cents")).toBe("2500");
    expect(cell("pledge_id")).toBe("pledge-1");
  });

  it("is ADMIN only, and each download is in the audit log before its first byte", async () => {
    const refused = await fetchPage("/admin/export/download?part=1", { headers: { Cookie: staff.cookie } });
    expect(refused.ok).toBe(false);
    const page = await fetchPage("/admin/export", { headers: { Cookie: staff.cookie } });
    expect(page.ok).toBe(false);
    expect((await fetchPage("/admin/export/download?part=1")).status).toBe(302);

    const before = await db.$count(schema.auditLog, eq(schema.auditLog.action, "everything.export"));
    const response = await fetchPage("/admin/export/download?part=1", { headers: { Cookie: admin.cookie } });
    await response.body!.cancel();
    const rows = await db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, "everything.export"));
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ userEmail: "ada@example.org", targetType: "export" });
    expect(rows.at(-1)!.detail).toMatchObject({ part: 1, parts: 1, files: 1 });

    const shown = await (await fetchPage("/admin/export", { headers: { Cookie: admin.cookie } })).text();
    expect(shown).toContain('href="/admin/export/download?part=1"');
    expect(
      (await fetchPage("/admin/export/download?part=2", { headers: { Cookie: admin.cookie } })).status,
    ).toBe(404);
    expect(
      (await fetchPage("/admin/export/download?part=x", { headers: { Cookie: admin.cookie } })).status,
    ).toBe(404);
  });

  it("stays within one invocation's budget: a D1 query a page of each table, one R2 read a file", async () => {
    const tableRows = await Promise.all(EXPORTED_TABLES.map((table) => db.$count(table.table)));
    const { result, count } = await countInvocation(async (counted) => {
      const archive = await exportArchive(counted, admin.user, 1);
      return unzipSync(new Uint8Array(await new Response(archive!.body).arrayBuffer()));
    });
    expect(Object.keys(result)).toContain(`files/${PHOTO_KEY}`);
    // Each table: one query a full page and one that finds the end; the parts' query; the audit row.
    const pages = tableRows.reduce((sum, rows) => sum + Math.floor(rows / EXPORT_PAGE_ROWS) + 1, 0);
    expect(count.d1Queries).toBe(pages + 2);
    expect(count.r2).toBe(1);
    expect(count.subrequests).toBeLessThanOrEqual(500);
    expect(count.maxBoundParameters).toBeLessThanOrEqual(100);
    console.log(
      `export, part 1: ${EXPORTED_TABLES.length} tables, ${tableRows.reduce((a, b) => a + b, 0)} rows: ` +
        `${count.d1Queries} D1 queries, ${count.r2} R2 reads, ${count.subrequests} subrequests`,
    );
  });

  it("splits the uploaded files into further downloads past 200 files, each read in its own invocation", async () => {
    const extra = Array.from({ length: FILES_PER_PART }, (_, n) => ({
      id: `${String(n).padStart(64, "0")}.pdf`,
      contentType: "application/pdf",
      size: 10,
      name: `report-${n}.pdf`,
      createdAt: `2030-01-01T00:${String(Math.floor(n / 60)).padStart(2, "0")}:${String(n % 60).padStart(2, "0")}.000Z`,
    }));
    await insertJsonRows(db, schema.files, extra);
    const last = extra.at(-1)!;
    await env.FILES.put(last.id, new TextEncoder().encode("%PDF-1.7 the last one"));
    const { response, text } = await download(2);
    expect(response.headers.get("Content-Disposition")).toMatch(/-part-2-of-2\.zip"$/);
    // Part 2 holds files only: the one whose bytes are in R2 (the others' rows have none here).
    expect(Object.keys(text)).toEqual(["README.md", `files/${last.id}`]);
    expect(text[`files/${last.id}`]).toBe("%PDF-1.7 the last one");
    const first = await download(1);
    expect(Object.keys(first.text).filter((path) => path.startsWith("files/"))).toHaveLength(1);
    await db.delete(schema.files).where(eq(schema.files.contentType, "application/pdf"));
  });
});
