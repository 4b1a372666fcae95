import { env } from "cloudflare:workers";
import { count, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/server/db/client.server";
import { auditLog, donations, outbox } from "~/server/db/schema";
import { IMPORT_MAX_ROWS, importGifts, previewGiftImport } from "~/server/donations/import.server";
import { userWithSession } from "./auth-helpers";
import { fetchPage, ORIGIN, postForm, shown } from "./fetch";
import { countInvocation } from "./platform-count";

/**
 * Gifts imported from a bank's, fund's or platform's CSV (docs/decisions/056-every-gift-counted.md):
 * a preview that writes nothing, row-level messages in the page's language, duplicates found (a
 * re-upload adds nothing), everything written in one batch on confirmation, within D1's limits.
 */
const db = getDb(env);
let admin: Awaited<ReturnType<typeof userWithSession>>;

beforeAll(async () => {
  admin = await userWithSession("import-admin@example.org", "ADMIN", "Ida Admin");
  await fetchPage("/");
}, 180_000);

function upload(csv: BlobPart, lng = "en", method = "check", name = "bank.csv") {
  const form = new FormData();
  form.append("file", new File([csv], name, { type: "text/csv" }));
  form.append("method", method);
  return fetchPage(`/admin/donations/import?lng=${lng}`, {
    method: "POST",
    body: form,
    headers: { Origin: ORIGIN, Cookie: admin.cookie },
  });
}

const giftsOf = async (domain: string) =>
  (
    await db
      .select({ n: count() })
      .from(donations)
      .where(like(donations.donorEmail, `%@${domain}`))
  )[0]!.n;

// A bank's export: its own header names, US dates, a dollar sign, one repeated row and two bad ones.
const BANK_CSV = [
  "Date,Amount,E-mail Address,First Name,Last Name,Check No.,Memo",
  '03/02/2026,"$1,250.00",ana@import.test,Ana,Reyes,1042,Spring appeal',
  "2026-03-03,75,ben@import.test,Ben,Okafor,1043,",
  "2026-03-04,seventy,cy@import.test,Cy,Park,1044,",
  "2026-03-05,20,not-an-address,Dee,Lund,1045,",
  "03/02/2026,1250,ana@import.test,Ana,Reyes,1042,Spring appeal",
  "2026-03-06,40.5,eva@import.test,Eva,Mora,1046,",
].join("\r\n");

describe("importing gifts from a CSV", () => {
  it(
    "previews without writing, names each bad row in the page's language, records on confirmation and never twice",
    { timeout: 120_000 },
    async () => {
      const preview = await upload(BANK_CSV);
      expect(preview.status).toBe(200);
      const page = shown(await preview.text());
      expect(page).toContain("6 rows read");
      expect(page).toContain("3 new gifts to record, $1,365.50 in all");
      expect(page).toContain("1 row already recorded, skipped");
      expect(page).toContain("2 rows with a problem, skipped");
      expect(page).toContain("Repeats an earlier row of this file");
      expect(page).toMatch(
        />4<\/td><td[^>]*>Amount \(US dollars\): Enter an amount in dollars greater than zero/,
      );
      expect(page).toMatch(/>5<\/td><td[^>]*>E-mail: /);
      // Nothing is written until staff confirm.
      expect(await giftsOf("import.test")).toBe(0);

      // The same file previewed in Spanish says the same in Spanish.
      const spanish = shown(await (await upload(BANK_CSV, "es")).text());
      expect(spanish).toContain("3 donaciones nuevas por registrar");
      expect(spanish).toContain("Repite una fila anterior de este archivo");

      const uploadKey = page.match(/name="upload" value="([0-9a-f]{64})"/)?.[1];
      expect(uploadKey).toBeDefined();
      const confirmed = await postForm(
        "/admin/donations/import",
        { upload: uploadKey!, method: "check" },
        { Cookie: admin.cookie },
      );
      expect(confirmed.status).toBe(303);
      expect(confirmed.headers.get("Location")).toBe("/admin/donations/import?recorded=3&skipped=3");
      const rows = await db.select().from(donations).where(like(donations.donorEmail, "%@import.test"));
      expect(
        rows.map((row) => [row.donorEmail, row.amountCents, row.method, row.checkNumber, row.note]).sort(),
      ).toEqual([
        ["ana@import.test", 125_000, "check", "1042", "Spring appeal"],
        ["ben@import.test", 7_500, "check", "1043", null],
        ["eva@import.test", 4_050, "check", "1046", null],
      ]);
      expect(rows.every((row) => row.status === "succeeded" && row.recordedBy === admin.user.id)).toBe(true);
      // No receipt: these donors were thanked when they gave.
      expect(await db.select().from(outbox).where(like(outbox.to, "%@import.test"))).toEqual([]);
      const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, "donation.import"));
      expect(audit!.detail).toMatchObject({ file: "bank.csv", rows: 6, new: 3, problemRows: 2 });

      // Confirming the same preview again (a double click) adds nothing and says why.
      const again = await postForm(
        "/admin/donations/import?lng=en",
        { upload: uploadKey!, method: "check" },
        { Cookie: admin.cookie },
      );
      expect(again.status).toBe(400);
      expect(shown(await again.text())).toContain("This file is no longer waiting to be recorded");

      // A re-upload finds every good row already recorded and offers nothing to record, even with
      // another method chosen for the rows that do not say theirs.
      const reupload = shown(await (await upload(BANK_CSV, "en", "cash")).text());
      expect(reupload).toContain("0 new gifts to record");
      expect(reupload).toContain("Already in the ledger");
      expect(reupload).toContain("Nothing new to record in this file.");
      expect(await giftsOf("import.test")).toBe(3);
    },
  );

  it("refuses a file without the needed columns, or not a CSV, with a translated message and no 5xx", async () => {
    const missing = await upload("Amount,Name\r\n10,Zed\r\n");
    expect(missing.status).toBe(400);
    expect(shown(await missing.text())).toContain("The file has no column for: date, email.");
    // Latin-1 bytes (a spreadsheet saved in the old Windows encoding) are not UTF-8.
    const binary = await upload(new Uint8Array([0x64, 0x61, 0x74, 0x65, 0x0a, 0xf1, 0xe9]), "es");
    expect(binary.status).toBe(400);
    expect(shown(await binary.text())).toContain("El archivo no es texto CSV en UTF-8.");
  });

  it("is for staff: anyone else is refused before the file is read", async () => {
    const donor = await userWithSession("import-donor@example.org", "USER");
    const form = new FormData();
    form.append("file", new File([BANK_CSV], "bank.csv", { type: "text/csv" }));
    const response = await fetchPage("/admin/donations/import", {
      method: "POST",
      body: form,
      headers: { Origin: ORIGIN, Cookie: donor.cookie },
    });
    expect([302, 303, 403]).toContain(response.status);
    expect(await giftsOf("import.test")).toBe(3);
  });

  it("imports the largest file a request takes (5,000 rows) within D1's limits: a few queries, none over 100 parameters", async () => {
    const lines = ["date,amount,email,name,method,reference"];
    for (let n = 0; n < IMPORT_MAX_ROWS; n++)
      lines.push(
        `2026-05-${String((n % 28) + 1).padStart(2, "0")},${(n % 90) + 10},donor${n % 700}@bulk.test,Donor ${n % 700},bank transfer,TX-${n}`,
      );
    const bytes = new TextEncoder().encode(lines.join("\n")).buffer as ArrayBuffer;
    const started = Date.now();
    const previewed = await countInvocation((counted) =>
      previewGiftImport(counted, { name: "bulk.csv", bytes }, "cash"),
    );
    const previewMs = Date.now() - started;
    expect(previewed.result.ok).toBe(true);
    const preview = previewed.result.ok ? previewed.result.preview : null;
    expect(IMPORT_MAX_ROWS).toBe(5000);
    expect(preview).toMatchObject({ rows: 5000, toRecord: 5000, duplicateCount: 0, problemRows: 0 });
    // One query for the keys already recorded, one R2 write for the staged file.
    expect(previewed.count).toMatchObject({ d1Queries: 1, r2: 1 });
    expect(previewed.count.maxBoundParameters).toBeLessThanOrEqual(100);

    const importStarted = Date.now();
    const imported = await countInvocation((counted) =>
      importGifts(counted, admin.user, preview!.upload, "cash"),
    );
    const importMs = Date.now() - importStarted;
    expect(imported.result).toEqual({ recorded: 5000, skipped: 0 });
    // The key check, then one batch: the audit row and ten INSERTs of 500 rows; R2 read and delete.
    expect(imported.count).toMatchObject({ d1Queries: 12, d1RoundTrips: 2, r2: 2 });
    expect(imported.count.maxBoundParameters).toBeLessThanOrEqual(100);
    expect(await giftsOf("bulk.test")).toBe(5000);
    const [bank] = await db
      .select({ n: count() })
      .from(donations)
      .where(eq(donations.method, "bank_transfer"));
    expect(bank!.n).toBe(5000);
    console.log(`gift import of 5,000 rows: preview ${previewMs} ms, import ${importMs} ms`, imported.count);
  }, 60_000);
});
