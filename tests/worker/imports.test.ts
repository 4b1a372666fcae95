import { env } from "cloudflare:workers";
import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/server/db/client.server";
import {
  auditLog,
  contacts,
  donations,
  imports,
  outbox,
  subscribers,
  volunteers,
  volunteerShifts,
  volunteerSignups,
} from "~/server/db/schema";
import { getImport } from "~/server/imports/jobs.server";
import { userWithSession } from "./auth-helpers";
import { adminBeforeAll, giftsOf, importsPage } from "./imports-page";
import { fetchPage, ORIGIN, shown } from "./fetch";

/**
 * Imports from spreadsheets (docs/decisions/069-imports.md): each kind through the page as staff
 * use it (upload, map, dry run, import, report, undo), the mapping kept per file shape, and a
 * 50,000-row file in batches within the platform's limits.
 */
const db = getDb(env);
const admin = adminBeforeAll("imports-admin@example.org", "Ida Admin");
const { upload, page, post, step } = importsPage(admin);

/** Maps the columns as staff chose them, and runs the dry run. */
const dryRun = (id: string, mapping: Record<number, string>, extra: Record<string, string> = {}) =>
  step(id, {
    intent: "map",
    ...Object.fromEntries(Object.entries(mapping).map(([index, field]) => [`column-${index}`, field])),
    ...extra,
  });

const importNow = (id: string) => step(id, { intent: "import" });

const GIFTS_CSV = [
  "Date,Amount,E-mail Address,First Name,Last Name,Check No.,Memo",
  '03/02/2026,"$1,250.00",ana@gifts-import.test,Ana,Reyes,1042,Spring appeal',
  "2026-03-03,75,ben@gifts-import.test,Ben,Okafor,1043,",
  "2026-03-04,seventy,cy@gifts-import.test,Cy,Park,1044,",
  "2026-03-05,20,not-an-address,Dee,Lund,1045,",
  "03/02/2026,1250,ana@gifts-import.test,Ana,Reyes,1042,Spring appeal",
  "2026-03-06,40.5,eva@gifts-import.test,Eva,Mora,1046,",
].join("\r\n");

describe("importing gifts", () => {
  it(
    "suggests the mapping, dry-runs without writing, imports, reports the bad rows and is undone as a whole",
    { timeout: 120_000 },
    async () => {
      const id = await upload("gifts", GIFTS_CSV, "bank.csv");
      // The loose matching suggests a field for each column it knows; the method is chosen for the file.
      const mapping = await page(id);
      expect(mapping).toContain("Map the columns");
      expect(mapping).toMatch(/<option value="donorEmail" selected="">Donor&#x27;s e-mail<\/option>/);
      expect(mapping).toMatch(/<option value="checkNumber" selected="">/);
      expect(mapping).toContain("For example: 03/02/2026 · 2026-03-03 · 2026-03-04");

      // A mapping without the amount is refused by name, keeping the choices made.
      const refused = await post(id, {
        intent: "map",
        "column-0": "receivedOn",
        "column-2": "donorEmail",
        "column-3": "firstName",
        "column-4": "lastName",
      });
      expect(refused.status).toBe(400);
      const refusedPage = shown(await refused.text());
      expect(refusedPage).toContain("Map a column for: Amount.");
      expect(refusedPage).toMatch(/<option value="lastName" selected="">/);

      const columns = {
        0: "receivedOn",
        1: "amount",
        2: "donorEmail",
        3: "firstName",
        4: "lastName",
        5: "checkNumber",
        6: "note",
      };
      await dryRun(id, columns, { method: "check" });
      const checked = await page(id);
      expect(checked).toContain("3 rows would be created");
      expect(checked).toContain("3 rows would be skipped");
      expect(checked).toContain("Skipped: Amount: ");
      expect(checked).toContain("Skipped: Donor&#x27;s e-mail: ");
      expect(checked).toContain("Skipped: Repeats an earlier row of this file");
      expect(await giftsOf("gifts-import.test")).toBe(0);

      await importNow(id);
      const job = (await getImport(env, id))!;
      expect(job).toMatchObject({ status: "imported", created: 3, matched: 0, skipped: 3 });
      const rows = await db.select().from(donations).where(like(donations.donorEmail, "%@gifts-import.test"));
      expect(
        rows.map((row) => [row.donorEmail, row.amountCents, row.method, row.checkNumber]).sort(),
      ).toEqual([
        ["ana@gifts-import.test", 125_000, "check", "1042"],
        ["ben@gifts-import.test", 7_500, "check", "1043"],
        ["eva@gifts-import.test", 4_050, "check", "1046"],
      ]);
      expect(rows.every((row) => row.recordedBy === admin.user.id && row.importId === id)).toBe(true);
      // No e-mail during an import: no receipt.
      expect(await db.select().from(outbox).where(like(outbox.to, "%@gifts-import.test"))).toEqual([]);

      // The bad-rows report: each skipped row, why (in the page's language) and the row as it was.
      const report = await fetchPage(`/admin/imports/${id}/skipped.csv?lng=es`, {
        headers: { Cookie: admin.cookie },
      });
      expect(report.headers.get("Content-Type")).toContain("text/csv");
      const lines = (await report.text())
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n");
      expect(lines[0]).toBe(
        "Fila,Por qué se omitió,Date,Amount,E-mail Address,First Name,Last Name,Check No.,Memo",
      );
      expect(lines).toHaveLength(4);
      expect(lines[1]).toMatch(/^4,"Importe: .+",2026-03-04,seventy,cy@gifts-import.test,Cy,Park,1044,$/);
      expect(lines[3]).toMatch(/^6,Repite una fila anterior de este archivo,03\/02\/2026,1250/);

      // The same file again: every gift already in the ledger, nothing to create.
      const again = await upload("gifts", GIFTS_CSV, "bank.csv");
      await dryRun(again, columns, { method: "cash" });
      expect(await page(again)).toContain("0 rows would be created");

      // Undone: the gifts it created are gone, and the log says who undid it.
      expect((await post(id, { intent: "undo" })).headers.get("Location")).toBe(
        `/admin/imports/${id}?removed=3`,
      );
      expect(await giftsOf("gifts-import.test")).toBe(0);
      expect((await getImport(env, id))!.status).toBe("undone");
      const [audit] = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "import.undo"), eq(auditLog.targetId, id)));
      expect(audit!.userId).toBe(admin.user.id);
      // A second undo is refused with a message, not a 5xx.
      const twice = await post(id, { intent: "undo" });
      expect(twice.status).toBe(409);
      expect(shown(await twice.text())).toContain("This import cannot be undone now");
    },
  );

  it(
    "refuses to undo gifts used since (voided, applied, credited) and says how many",
    { timeout: 60_000 },
    async () => {
      const id = await upload(
        "gifts",
        "date,amount,email,name\n2026-04-01,10,used@gifts-undo.test,Uma Used\n2026-04-02,20,kept@gifts-undo.test,Kim Kept\n",
      );
      await dryRun(id, { 0: "receivedOn", 1: "amount", 2: "donorEmail", 3: "donorName" }, { method: "cash" });
      await importNow(id);
      await db
        .update(donations)
        .set({ status: "voided" })
        .where(eq(donations.donorEmail, "used@gifts-undo.test"));
      const refused = await post(id, { intent: "undo" });
      expect(refused.status).toBe(409);
      expect(shown(await refused.text())).toContain("1 of its records was used since");
      expect(await giftsOf("gifts-undo.test")).toBe(2);
    },
  );
});

describe("importing people", () => {
  it(
    "matches contacts by e-mail (trimmed, any case), leaves them as they are, and keeps the mapping per file shape",
    { timeout: 60_000 },
    async () => {
      await db.insert(contacts).values({
        id: crypto.randomUUID(),
        email: "known@contacts.test",
        name: "Known Person",
        note: "kept",
      });
      const csv = [
        "Full Name,Email,Org Name,Phone",
        "Nora Diaz,nora@contacts.test,Acme,212-555-0101",
        "Known Again,  KNOWN@Contacts.test ,Other,",
        "No Address,,Acme,",
      ].join("\n");
      const id = await upload("contacts", csv, "board.csv");
      // "Org Name" is no header the loose matching knows: staff map it by hand.
      expect(await page(id)).not.toMatch(/<option value="organization" selected="">/);
      await dryRun(id, { 0: "name", 1: "email", 2: "organization", 3: "phone" });
      const checked = await page(id);
      expect(checked).toContain("1 row would be created");
      expect(checked).toContain("1 row matches a record already here");
      expect(checked).toContain("Skipped: E-mail: ");
      await importNow(id);
      expect(await getImport(env, id)).toMatchObject({ created: 1, matched: 1, skipped: 1 });
      const rows = await db.select().from(contacts).where(like(contacts.email, "%@contacts.test"));
      expect(
        rows.map((row) => [row.email, row.name, row.organization, row.note, row.importId]).sort(),
      ).toEqual([
        ["known@contacts.test", "Known Person", null, "kept", null],
        ["nora@contacts.test", "Nora Diaz", "Acme", null, id],
      ]);

      // The next file of the same shape comes mapped as staff mapped the last one.
      const next = await upload(
        "contacts",
        "Full Name,Email,Org Name,Phone\nZoe Li,zoe@contacts.test,Beta,\n",
        "board-2.csv",
      );
      expect((await getImport(env, next))!.mapping).toEqual(["name", "email", "organization", "phone"]);
      expect(await page(next)).toMatch(/<option value="organization" selected="">/);

      expect((await post(id, { intent: "undo" })).status).toBe(303);
      expect(
        (await db.select().from(contacts).where(like(contacts.email, "%@contacts.test"))).map(
          (row) => row.email,
        ),
      ).toEqual(["known@contacts.test"]);
    },
  );

  it(
    "imports subscribers as confirmed only where the file records consent, sends nothing, and leaves the known ones as they are",
    { timeout: 60_000 },
    async () => {
      await db
        .insert(subscribers)
        .values({ id: crypto.randomUUID(), email: "pending@subs.test", locale: "en", status: "pending" });
      const csv = [
        "email,language,opted in",
        "yes@subs.test,Spanish,Yes",
        "no@subs.test,en,no",
        "pending@subs.test,en,yes",
        "blank@subs.test,en,",
      ].join("\n");
      const id = await upload("subscribers", csv);
      await dryRun(id, { 0: "email", 1: "locale", 2: "consent" });
      const checked = await page(id);
      expect(checked).toContain("1 row would be created");
      expect(checked).toContain("The file does not say this person agreed to the newsletter");
      await importNow(id);
      const rows = await db.select().from(subscribers).where(like(subscribers.email, "%@subs.test"));
      expect(rows.map((row) => [row.email, row.status, row.locale, row.source]).sort()).toEqual([
        ["pending@subs.test", "pending", "en", "footer"],
        ["yes@subs.test", "confirmed", "es", "import"],
      ]);
      expect(await db.select().from(outbox).where(like(outbox.to, "%@subs.test"))).toEqual([]);
    },
  );

  it(
    "imports volunteers, matched by e-mail, and refuses the undo once one signed up for a shift",
    { timeout: 60_000 },
    async () => {
      const id = await upload(
        "volunteers",
        "First Name,Last Name,E-mail,Mobile\nVal,Ortiz,val@vols.test,(212) 555-0199\nWes,Ng,wes@vols.test,\n",
      );
      expect((await getImport(env, id))!.mapping).toEqual(["firstName", "lastName", "email", "phone"]);
      await dryRun(id, { 0: "firstName", 1: "lastName", 2: "email", 3: "phone" });
      await importNow(id);
      const [val] = await db.select().from(volunteers).where(eq(volunteers.email, "val@vols.test"));
      expect(val).toMatchObject({ name: "Val Ortiz", phone: "(212) 555-0199", importId: id });
      const shiftId = crypto.randomUUID();
      await db.insert(volunteerShifts).values({
        id: shiftId,
        roleSlug: "food-drive",
        titleEn: "Food drive",
        titleEs: "Colecta de alimentos",
        startsAt: "2027-01-10T14:00:00.000Z",
        endsAt: "2027-01-10T17:00:00.000Z",
        place: "Gym",
        capacity: 5,
        requiredClearances: [],
      });
      await db
        .insert(volunteerSignups)
        .values({ id: crypto.randomUUID(), shiftId, volunteerId: val!.id, status: "signed-up" });
      const refused = await post(id, { intent: "undo" });
      expect(refused.status).toBe(409);
      expect(shown(await refused.text())).toContain("1 of its records was used since");
      expect((await db.select().from(volunteers).where(like(volunteers.email, "%@vols.test"))).length).toBe(
        2,
      );
    },
  );
});

describe("who may import", () => {
  it("is ADMIN only: staff and donors are refused before the file is read, and nothing is written", async () => {
    for (const role of ["STAFF", "USER"] as const) {
      const person = await userWithSession(`imports-${role.toLowerCase()}@example.org`, role);
      const form = new FormData();
      form.append("kind", "contacts");
      form.append("file", new File(["email,name\nx@refused.test,X\n"], "x.csv", { type: "text/csv" }));
      const response = await fetchPage("/admin/imports", {
        method: "POST",
        body: form,
        headers: { Origin: ORIGIN, Cookie: person.cookie },
      });
      expect([302, 303, 403]).toContain(response.status);
    }
    expect(await db.select().from(imports).where(like(imports.fileName, "x.csv"))).toEqual([]);
  });
});
