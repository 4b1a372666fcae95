import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/server/db/client.server";
import { auditLog, contentEntries } from "~/server/db/schema";
import { getContentVersion } from "~/server/kernel/content-version.server";
import { pdf, png } from "../support/sample-files";
import { userWithSession } from "./auth-helpers";
import { entryForm } from "./entries";
import { fetchPage, ORIGIN, postForm, shown } from "./fetch";

const db = getDb(env);
let admin: { cookie: string };
let member: { cookie: string };

beforeAll(async () => {
  admin = await userWithSession("content-admin@example.org", "ADMIN");
  member = await userWithSession("content-member@example.org", "USER");
  await fetchPage("/");
}, 30_000);

const page = async (path: string, headers: Record<string, string> = {}) =>
  shown(await (await fetchPage(path, { headers })).text());

async function uploaded(file: File, alt = { altEn: "", altEs: "" }): Promise<string> {
  const form = new FormData();
  form.append("file", file);
  form.append("altEn", alt.altEn);
  form.append("altEs", alt.altEs);
  const html = await (
    await fetchPage("/admin/files", {
      method: "POST",
      body: form,
      headers: { Origin: ORIGIN, Cookie: admin.cookie },
    })
  ).text();
  const key = html.match(/\/files\/([0-9a-f]{64}\.(?:pdf|png))/)?.[1];
  if (!key) throw new Error("not uploaded");
  return key;
}

const REPORT = entryForm("report", {
  slug: "annual-report-2026",
  status: "published",
  title: { en: "2026 Annual Report", es: "Informe anual 2026" },
  year: 2026,
  summary: { en: "What our students did in 2026.", es: "Lo que hicieron nuestros estudiantes en 2026." },
});

describe("reports are content staff keep at /admin/entries/report", () => {
  it("shows a report whose PDF is not uploaded yet as not yet published, never as a coming-soon dialog", async () => {
    // The imported 2025 Annual Report was due in March 2026 and has no PDF yet.
    const html = await page("/reports");
    expect(html).toContain("2025 Annual Report");
    expect(html).toContain("Not yet published.");
    expect(html).not.toContain("Download the PDF");
    expect(html).not.toContain('aria-haspopup="dialog"');
    expect(html).not.toContain("Expected");
  });

  it("links the chosen PDF for download, in each language, with its size", async () => {
    const bytes = pdf("Annual report 2026");
    const key = await uploaded(new File([bytes], "annual-report-2026.pdf"));
    const before = await getContentVersion(env);
    const response = await postForm(
      "/admin/entries/report/new",
      { ...REPORT, pdf: key },
      { Cookie: admin.cookie },
    );
    expect(response.status).toBe(302);
    expect(await getContentVersion(env)).not.toBe(before);
    const english = await page("/reports");
    expect(english.indexOf("2026 Annual Report")).toBeLessThan(english.indexOf("2025 Annual Report"));
    expect(english).toContain(`href="/files/${key}" download=""`);
    expect(english).toContain('Download the PDF (1 KB)<span class="sr-only">: 2026 Annual Report</span>');
    const spanish = await page("/reports?lng=es");
    expect(spanish).toContain("Informe anual 2026");
    expect(spanish).toContain("Descargar el PDF (1 KB)");
    const file = await fetchPage(`/files/${key}`);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
    const [row] = await db.select().from(contentEntries).where(eq(contentEntries.slug, REPORT.slug));
    const audit = await db.select().from(auditLog).where(eq(auditLog.targetId, row!.id));
    expect(audit.map((entry) => entry.action)).toEqual(["content.create"]);
  });

  it("refuses an image as a report's PDF, a key that names no upload, and a bad year, keeping what was typed", async () => {
    const image = await uploaded(new File([png(300, 200)], "photo.png"), {
      altEn: "A photo",
      altEs: "Una foto",
    });
    const wrongKind = await postForm(
      "/admin/entries/report/new",
      { ...REPORT, slug: "r2", year: "20x6", pdf: image },
      { Cookie: admin.cookie },
    );
    expect(wrongKind.status).toBe(400);
    const html = shown(await wrongKind.text());
    expect(html).toContain("Choose one of the PDFs uploaded in Files.");
    expect(html).toContain("Enter a year as four digits, such as 2025.");
    expect(html).toContain("What our students did in 2026.");
    const unknown = await postForm(
      "/admin/entries/report/new",
      { ...REPORT, slug: "r3", pdf: `${"b".repeat(64)}.pdf` },
      { Cookie: admin.cookie },
    );
    expect(unknown.status).toBe(400);
    expect(shown(await unknown.text())).toContain("This file is no longer in Files. Choose another one.");
  });

  it("offers the uploaded PDFs in the editor", async () => {
    const key = await uploaded(new File([pdf("Offered")], "offered-report.pdf"));
    const html = shown(
      await (await fetchPage("/admin/entries/report/new", { headers: { Cookie: admin.cookie } })).text(),
    );
    expect(html).toMatch(new RegExp(`<option value="${key}">offered-report.pdf`));
  });

  it("is refused to anyone but an admin", async () => {
    const response = await postForm(
      "/admin/entries/report/new",
      { ...REPORT, slug: "sneaky", title_en: "Sneaky" },
      { Cookie: member.cookie },
    );
    expect(response.status).toBe(403);
    expect(await page("/reports")).not.toContain("Sneaky");
  });
});

const MEMBER = entryForm("member", {
  slug: "ana-morales",
  status: "published",
  name: "Ana Morales",
  role: { en: "Program Coordinator", es: "Coordinadora de programas" },
  bio: { en: "Ana runs the after-school program.", es: "Ana dirige el programa extraescolar." },
  group: "staff",
  position: 0,
});

describe("team members are content staff keep at /admin/entries/member", () => {
  it("lists the imported team, with initials where there is no photo", async () => {
    const html = await page("/team");
    expect(html).toContain("Adriana Morales");
    expect(html).toMatch(/aria-hidden="true"[^>]*>AM</);
  });

  it("shows a member's photo with its size reserved and its description in the visitor's language", async () => {
    const photo = await uploaded(new File([png(600, 800)], "ana.png"), {
      altEn: "Ana Morales smiling in the gym",
      altEs: "Ana Morales sonriendo en el gimnasio",
    });
    const response = await postForm(
      "/admin/entries/member/new",
      { ...MEMBER, photo },
      { Cookie: admin.cookie },
    );
    expect(response.status).toBe(302);
    const english = await page("/team");
    expect(english).toContain(
      `src="/files/${photo}" alt="Ana Morales smiling in the gym" width="600" height="800"`,
    );
    expect(english.indexOf("Ana Morales")).toBeLessThan(english.indexOf("Adriana Morales"));
    const spanish = await page("/team?lng=es");
    expect(spanish).toContain('alt="Ana Morales sonriendo en el gimnasio"');
    expect(spanish).toContain("Coordinadora de programas");
  });

  it("refuses a PDF as a photo", async () => {
    const document = await uploaded(new File([pdf("Bio")], "bio.pdf"));
    const refused = await postForm(
      "/admin/entries/member/new",
      { ...MEMBER, slug: "other", photo: document },
      { Cookie: admin.cookie },
    );
    expect(refused.status).toBe(400);
    expect(shown(await refused.text())).toContain("Choose one of the images uploaded in Files.");
  });
});
