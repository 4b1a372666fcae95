import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/server/db/client.server";
import { auditLog, contentEntries, contentVersions, files } from "~/server/db/schema";
import { pdf, png } from "../support/sample-files";
import { userWithSession } from "./auth-helpers";
import { fetchPage, ORIGIN, postForm, shown } from "./fetch";

// Deleting and replacing an upload (decision 059): what uses it is shown first, a delete asks,
// a replacement keeps the old address working.
const db = getDb(env);
let staff: { cookie: string };
let member: { cookie: string };

beforeAll(async () => {
  staff = await userWithSession("files-staff@example.org", "STAFF", "Dana");
  member = await userWithSession("files-member@example.org", "USER");
  // The first render of a page compiles its modules; that is not what these tests time.
  await fetchPage("/admin/files", { headers: { Cookie: staff.cookie } });
  await fetchPage("/reports");
}, 120_000);

function post(path: string, fields: Record<string, string | File>, cookie = staff.cookie) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return fetchPage(path, { method: "POST", body: form, headers: { Origin: ORIGIN, Cookie: cookie } });
}

async function uploaded(file: File, alt = { altEn: "", altEs: "" }): Promise<string> {
  const html = await (await post("/admin/files", { file, ...alt })).text();
  const key = html.match(/\/files\/([0-9a-f]{64}\.(?:pdf|png))/)?.[1];
  if (!key) throw new Error("not uploaded");
  return key;
}

const page = async (path: string) =>
  shown(await (await fetchPage(path, { headers: { Cookie: staff.cookie } })).text());

const REPORT = {
  slug: "annual-report-2030",
  status: "published",
  title_en: "2030 Annual Report",
  title_es: "Informe anual 2030",
  year: "2030",
  summary_en: "What our students did in 2030.",
  summary_es: "Lo que hicieron nuestros estudiantes en 2030.",
};

describe("replacing an upload", { timeout: 60_000 }, () => {
  let first: string;
  let second: string;
  let entryId: string;

  it("shows the entries that use it on its page, before anything else", async () => {
    first = await uploaded(new File([pdf("Report, first print")], "report-2030.pdf"));
    expect(
      (await postForm("/admin/entries/report/new", { ...REPORT, pdf: first }, { Cookie: staff.cookie }))
        .status,
    ).toBe(302);
    [{ id: entryId }] = (await db
      .select({ id: contentEntries.id })
      .from(contentEntries)
      .where(eq(contentEntries.slug, REPORT.slug))) as [{ id: string }];
    expect(await page("/admin/files")).toContain(`href="/admin/files/${first}"`);
    const html = await page(`/admin/files/${first}`);
    expect(html).toContain("Where it is used");
    expect(html).toContain(`href="/admin/entries/report/${entryId}"`);
    expect(html).toContain("2030 Annual Report</a> <span");
    expect(html.indexOf("Where it is used")).toBeLessThan(html.indexOf("Replace the file"));
  });

  it("puts the new file in every entry and version, and the old address redirects to it", async () => {
    const bytes = pdf("Report, corrected");
    const response = await post(`/admin/files/${first}`, { file: new File([bytes], "report-2030-v2.pdf") });
    expect(response.status).toBe(302);
    second = response.headers.get("Location")!.match(/\/admin\/files\/([^?]+)\?replaced=1$/)![1]!;
    expect(second).not.toBe(first);
    expect(await page(response.headers.get("Location")!)).toContain(
      "Replaced. 1 entry now uses the new file.",
    );

    const [entry] = await db.select().from(contentEntries).where(eq(contentEntries.id, entryId));
    expect(entry!.fields.pdf).toBe(second);
    const versions = await db.select().from(contentVersions).where(eq(contentVersions.entryId, entryId));
    expect(versions.every((version) => version.fields.pdf === second)).toBe(true);
    expect(shown(await (await fetchPage("/reports")).text())).toContain(`href="/files/${second}"`);

    const old = await fetchPage(`/files/${first}`);
    expect(old.status).toBe(301);
    expect(old.headers.get("Location")).toBe(`/files/${second}`);
    expect(new Uint8Array(await (await fetchPage(`/files/${second}`)).arrayBuffer())).toEqual(bytes);
    expect(await db.select().from(files).where(eq(files.id, first))).toHaveLength(0);

    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, "file.replace"));
    expect(audit).toMatchObject({ targetId: second, userEmail: "files-staff@example.org" });
    expect(audit!.detail).toMatchObject({
      name: "report-2030.pdf",
      from: first,
      to: second,
      entries: [entryId],
    });
    const log = await page("/admin/audit");
    expect(log).toContain("Replaced the file");
    // The detail in words: the old file's name, its replacement, and the entries moved, by title.
    expect(log).toContain(">Replaced by</dt><dd>report-2030-v2.pdf</dd>");
    expect(log).toMatch(new RegExp(`href="/admin/entries/report/${entryId}"[^>]*>2030 Annual Report</a>`));
    expect(log).not.toContain(first);
  });

  it("refuses the same bytes, another kind, and an image without its descriptions, keeping what was typed", async () => {
    const same = await post(`/admin/files/${second}`, {
      file: new File([pdf("Report, corrected")], "again.pdf"),
    });
    expect(same.status).toBe(400);
    expect(shown(await same.text())).toContain("This is the same file as the one it would replace.");
    const image = await post(`/admin/files/${second}`, { file: new File([png(40, 30)], "photo.png") });
    expect(image.status).toBe(400);
    expect(shown(await image.text())).toContain("Replace an image with an image, and a PDF with a PDF");

    const photo = await uploaded(new File([png(60, 40)], "team.png"), {
      altEn: "The team",
      altEs: "El equipo",
    });
    const missingAlt = await post(`/admin/files/${photo}`, {
      file: new File([png(80, 40)], "team-2.png"),
      altEn: "The whole team",
      altEs: "",
    });
    expect(missingAlt.status).toBe(400);
    const html = shown(await missingAlt.text());
    expect(html).toContain("Describe the image in this language");
    expect(html).toContain('value="The whole team"');
    // The summary at the top of the form names the field and leads to it.
    expect(html).toMatch(/<a href="#field-altEs"[^>]*>Image description in Spanish: Describe the image/);
  });

  it("a second replacement moves the first address on to the newest file", async () => {
    const response = await post(`/admin/files/${second}`, {
      file: new File([pdf("Report, final")], "report-2030-v3.pdf"),
    });
    const third = response.headers.get("Location")!.match(/\/admin\/files\/([^?]+)\?/)![1]!;
    expect((await fetchPage(`/files/${first}`)).headers.get("Location")).toBe(`/files/${third}`);
    expect((await fetchPage(`/files/${second}`)).headers.get("Location")).toBe(`/files/${third}`);
    second = third;
  });

  it("deleting asks first, naming the entries that use it; confirmed, the file and its old addresses are gone", async () => {
    const asked = await post(`/admin/files/${second}`, { intent: "delete" });
    expect(asked.status).toBe(200);
    const question = shown(await asked.text());
    expect(question).toContain("Delete report-2030-v3.pdf?");
    expect(question).toContain("These entries still use it");
    expect(question).toContain(`href="/admin/entries/report/${entryId}"`);
    expect((await fetchPage(`/files/${second}`)).status).toBe(200);

    const deleted = await post(`/admin/files/${second}`, { intent: "delete", confirm: "yes" });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe("/admin/files?deleted=report-2030-v3.pdf");
    expect(await page("/admin/files?deleted=report-2030-v3.pdf")).toContain("Deleted report-2030-v3.pdf.");
    expect((await fetchPage(`/files/${second}`)).status).toBe(404);
    expect((await fetchPage(`/files/${first}`)).status).toBe(404);
    expect(shown(await (await fetchPage("/reports")).text())).not.toContain(`/files/${second}`);
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, "file.delete"));
    expect(audit!.detail).toMatchObject({ name: "report-2030-v3.pdf", usedBy: [entryId] });
  });

  it("an unused file's question says nothing uses it", async () => {
    const key = await uploaded(new File([pdf("Flyer")], "flyer.pdf"));
    expect(shown(await (await post(`/admin/files/${key}`, { intent: "delete" })).text())).toContain(
      "No entry uses it. Its address will stop working.",
    );
  });

  it("is refused to anyone but staff, and a missing file's page is a 404", async () => {
    const key = await uploaded(new File([pdf("Kept")], "kept.pdf"));
    expect(
      (await post(`/admin/files/${key}`, { intent: "delete", confirm: "yes" }, member.cookie)).status,
    ).toBe(403);
    expect(await db.select().from(files).where(eq(files.id, key))).toHaveLength(1);
    expect(
      (await fetchPage(`/admin/files/${"c".repeat(64)}.pdf`, { headers: { Cookie: staff.cookie } })).status,
    ).toBe(404);
  });
});
