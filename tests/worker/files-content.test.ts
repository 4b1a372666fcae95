import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/server/db/client.server";
import { auditLog, reports } from "~/server/db/schema";
import { getContentVersion } from "~/server/content/version.server";
import { pdf, png } from "../support/sample-files";
import { userWithSession } from "./auth-helpers";
import { fetchPage, ORIGIN, postForm } from "./fetch";

const db = getDb(env);
let admin: { cookie: string };
let member: { cookie: string };

beforeAll(async () => {
  admin = await userWithSession("content-admin@example.org", "ADMIN");
  member = await userWithSession("content-member@example.org", "USER");
  await fetchPage("/");
}, 30_000);

const shown = (html: string) => html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");
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

const REPORT = {
  intent: "save",
  year: "2025",
  titleEn: "2025 Annual Report",
  titleEs: "Informe anual 2025",
  summaryEn: "What our students did in 2025.",
  summaryEs: "Lo que hicieron nuestros estudiantes en 2025.",
  fileId: "",
};

describe("reports are content staff keep at /admin/reports", () => {
  it("shows an empty list honestly", async () => {
    expect(await page("/reports")).toContain("No reports are published yet.");
  });

  it("shows a report without its PDF as not yet published, with no download and no dialog", async () => {
    const before = await getContentVersion(env);
    const response = await postForm(
      "/admin/reports",
      { ...REPORT, year: "2024", titleEn: "2024 Report", titleEs: "Informe 2024" },
      { Cookie: admin.cookie },
    );
    expect(response.status).toBe(200);
    expect(await getContentVersion(env)).not.toBe(before);
    const html = await page("/reports");
    expect(html).toContain("2024 Report");
    expect(html).toContain("Not yet published.");
    expect(html).not.toContain("Download the PDF");
    expect(html).not.toContain('aria-haspopup="dialog"');
  });

  it("links the chosen PDF for download, in each language, with its size", async () => {
    const bytes = pdf("Annual report 2025");
    const key = await uploaded(new File([bytes], "annual-report-2025.pdf"));
    const response = await postForm("/admin/reports", { ...REPORT, fileId: key }, { Cookie: admin.cookie });
    expect(response.status).toBe(200);
    const english = await page("/reports");
    expect(english).toContain(`href="/files/${key}" download=""`);
    expect(english).toContain("Download 2025 Annual Report (PDF, 1 KB)");
    const spanish = await page("/reports?lng=es");
    expect(spanish).toContain("Informe anual 2025");
    expect(spanish).toContain("Descargar el PDF (1 KB)");
    const file = await fetchPage(`/files/${key}`);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
    const [row] = await db.select().from(reports).where(eq(reports.titleEn, "2025 Annual Report"));
    const audit = await db.select().from(auditLog).where(eq(auditLog.targetId, row!.id));
    expect(audit.map((entry) => entry.action)).toEqual(["report.create"]);
  });

  it("refuses an image as a report's PDF, and a missing title, keeping what was typed", async () => {
    const image = await uploaded(new File([png(300, 200)], "photo.png"), {
      altEn: "A photo",
      altEs: "Una foto",
    });
    const response = await postForm(
      "/admin/reports",
      { ...REPORT, titleEn: "", fileId: image },
      { Cookie: admin.cookie },
    );
    expect(response.status).toBe(400);
    const html = shown(await response.text());
    expect(html).toContain("Choose one of the PDFs uploaded in Files.");
    expect(html).toContain("Required field");
    expect(html).toContain("What our students did in 2025.");
  });

  it("is refused to anyone but an admin", async () => {
    const response = await postForm(
      "/admin/reports",
      { ...REPORT, titleEn: "Sneaky" },
      { Cookie: member.cookie },
    );
    expect(response.status).toBe(403);
    expect(await page("/reports")).not.toContain("Sneaky");
  });
});

describe("the team is content staff keep at /admin/team", () => {
  it("shows a member's photo with its size reserved and its description in the visitor's language", async () => {
    const photo = await uploaded(new File([png(600, 800)], "ana.png"), {
      altEn: "Ana Morales smiling in the gym",
      altEs: "Ana Morales sonriendo en el gimnasio",
    });
    const response = await postForm(
      "/admin/team",
      {
        intent: "save",
        group: "staff",
        name: "Ana Morales",
        roleEn: "Executive Director",
        roleEs: "Directora ejecutiva",
        bioEn: "Ana founded the program.",
        bioEs: "Ana fundó el programa.",
        position: "1",
        photoId: photo,
      },
      { Cookie: admin.cookie },
    );
    expect(response.status).toBe(200);
    const english = await page("/team");
    expect(english).toContain(
      `src="/files/${photo}" alt="Ana Morales smiling in the gym" width="600" height="800"`,
    );
    expect(english).toContain("Executive Director");
    const spanish = await page("/team?lng=es");
    expect(spanish).toContain('alt="Ana Morales sonriendo en el gimnasio"');
    expect(spanish).toContain("Directora ejecutiva");
  });

  it("shows initials for a member without a photo, and refuses a PDF as a photo", async () => {
    const member = {
      intent: "save",
      group: "board",
      name: "Henry Wu",
      roleEn: "Chair",
      roleEs: "Presidente",
      bioEn: "Henry chairs the board.",
      bioEs: "Henry preside la junta.",
      position: "",
    };
    expect((await postForm("/admin/team", member, { Cookie: admin.cookie })).status).toBe(200);
    expect(await page("/team")).toMatch(/aria-hidden="true"[^>]*>HW</);
    const document = await uploaded(new File([pdf()], "bio.pdf"));
    const refused = await postForm("/admin/team", { ...member, photoId: document }, { Cookie: admin.cookie });
    expect(refused.status).toBe(400);
    expect(shown(await refused.text())).toContain("Choose one of the images uploaded in Files.");
  });
});
