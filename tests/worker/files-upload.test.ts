import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/server/db/client.server";
import { auditLog, files } from "~/server/db/schema";
import { UPLOAD_LIMITS } from "~/server/files/files.server";
import { padded, pdf, png } from "../support/sample-files";
import { userWithSession } from "./auth-helpers";
import { fetchPage, ORIGIN, shown } from "./fetch";

const db = getDb(env);
let admin: { cookie: string };
let member: { cookie: string };

beforeAll(async () => {
  admin = await userWithSession("files-admin@example.org", "ADMIN");
  member = await userWithSession("files-member@example.org", "USER");
  await fetchPage("/");
}, 30_000);

function upload(fields: Record<string, string | File>, cookie = admin.cookie, path = "/admin/files") {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return fetchPage(path, { method: "POST", body: form, headers: { Origin: ORIGIN, Cookie: cookie } });
}

const photo = (bytes = png(1200, 800), name = "team.png") => new File([bytes], name, { type: "image/png" });

describe("staff upload files through a plain multipart form", () => {
  it("stores an image with its descriptions and shows its permanent address", async () => {
    const response = await upload({
      file: photo(),
      altEn: "Coach Rivera with the team",
      altEs: "La entrenadora Rivera con el equipo",
    });
    expect(response.status).toBe(200);
    const html = shown(await response.text());
    const [address] = html.match(/\/files\/[0-9a-f]{64}\.png/) ?? [];
    expect(html).toContain("Uploaded team.png");
    expect(address).toBeDefined();
    const [row] = await db
      .select()
      .from(files)
      .where(eq(files.id, address!.slice("/files/".length)));
    expect(row).toMatchObject({
      width: 1200,
      height: 800,
      contentType: "image/png",
      altEs: "La entrenadora Rivera con el equipo",
    });
    const audit = await db.select().from(auditLog).where(eq(auditLog.targetId, row!.id));
    expect(audit.map((entry) => entry.action)).toEqual(["file.upload"]);
    const list = shown(await (await fetchPage("/admin/files", { headers: { Cookie: admin.cookie } })).text());
    expect(list).toContain('alt="Coach Rivera with the team" width="1200" height="800"');
    expect((await fetchPage(address!)).headers.get("Content-Type")).toBe("image/png");
  });

  it("refuses an image without a description in each language, keeping what was typed", async () => {
    const response = await upload({
      file: photo(png(640, 480), "cover.png"),
      altEn: "Students at the fair",
      altEs: "",
    });
    expect(response.status).toBe(400);
    const html = shown(await response.text());
    expect(html).toContain("Describe the image in this language");
    expect(html).toContain('value="Students at the fair"');
    expect(await db.$count(files, eq(files.name, "cover.png"))).toBe(0);
  });

  it("takes a PDF without descriptions", async () => {
    const response = await upload({ file: new File([pdf()], "annual-report.pdf"), altEn: "", altEs: "" });
    expect(response.status).toBe(200);
    expect(shown(await response.text())).toContain("Uploaded annual-report.pdf");
  });

  it("refuses a file that is not an allowed kind, whatever its name", async () => {
    const fake = new File(
      ["<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"],
      "logo.png",
      { type: "image/png" },
    );
    const response = await upload({ file: fake, altEn: "Logo", altEs: "Logo" });
    expect(response.status).toBe(400);
    expect(shown(await response.text())).toContain("This file is not a JPEG, PNG or WebP image or a PDF.");
  });

  it("says an image over 5 MB is too large, with the limits", async () => {
    const big = photo(padded(png(800, 600), UPLOAD_LIMITS.imageBytes + 1), "big.png");
    const response = await upload({ file: big, altEn: "A photo", altEs: "Una foto" });
    expect(response.status).toBe(400);
    expect(shown(await response.text())).toContain(
      "This file is too large. Images can be up to 5 MB and PDFs up to 20 MB.",
    );
  });

  it("says an upload over the 20 MB cap is too large, on the form, before reading all of it", async () => {
    const huge = new File([padded(pdf(), UPLOAD_LIMITS.pdfBytes + 128 * 1024)], "huge.pdf");
    const response = await upload({ file: huge, altEn: "", altEs: "" });
    expect(response.status).toBe(413);
    const html = shown(await response.text());
    expect(html).toContain("This file is too large. Images can be up to 5 MB and PDFs up to 20 MB.");
    expect(html).toContain("Upload a file");
  });

  it("refuses two files in one post", async () => {
    const form = new FormData();
    form.append("file", photo());
    form.append("other", new File([pdf()], "b.pdf"));
    const response = await fetchPage("/admin/files", {
      method: "POST",
      body: form,
      headers: { Origin: ORIGIN, Cookie: admin.cookie },
    });
    expect(response.status).toBe(400);
    expect(shown(await response.text())).toContain("We could not read this upload.");
  });

  it("still refuses a file posted to any other page, even by an admin", async () => {
    const response = await upload(
      { id: "x", role: "ADMIN", file: new File([pdf()], "a.pdf") },
      admin.cookie,
      "/admin/users",
    );
    expect(response.status).toBe(400);
  });
});

describe("only a signed-in admin may post a file, checked before the body is read", () => {
  /** A multipart body that never ends, counting what was taken from it. */
  function endlessBody() {
    const watch = { bytes: 0 };
    const chunk = new Uint8Array(64 * 1024).fill(0x61);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(
          new TextEncoder().encode(
            '--b\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-',
          ),
        );
      },
      pull(controller) {
        watch.bytes += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    return { watch, body };
  }

  it("answers a signed-in non-admin with 403 without reading the body (an endless one)", async () => {
    const { watch, body } = endlessBody();
    const response = await fetchPage("/admin/files", {
      method: "POST",
      body,
      // @ts-expect-error -- workerd's RequestInit takes a stream body without `duplex`.
      duplex: "half",
      headers: { Origin: ORIGIN, Cookie: member.cookie, "Content-Type": "multipart/form-data; boundary=b" },
    });
    // Reading it would have gone on to the 20 MB cap and answered 413.
    expect(response.status).toBe(403);
    expect(watch.bytes).toBeLessThan(UPLOAD_LIMITS.pdfBytes / 4);
  });

  it("answers a non-admin 403, not 413, for a body over every limit", async () => {
    const huge = new File([padded(pdf(), UPLOAD_LIMITS.pdfBytes * 2)], "huge.pdf");
    expect((await upload({ file: huge }, member.cookie)).status).toBe(403);
  });

  it("sends a visitor to sign in, even with a body far over every limit", async () => {
    const huge = new File([padded(pdf(), UPLOAD_LIMITS.pdfBytes * 2)], "huge.pdf");
    const response = await upload({ file: huge }, "");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fadmin%2Ffiles");
  });
});
