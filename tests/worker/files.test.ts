import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { checkUpload, storeUpload, UPLOAD_LIMITS } from "~/server/files/files.server";
import { imageDimensions, sniffKind } from "~/server/files/sniff.server";
import { jpeg, padded, pdf, png, webp } from "../support/sample-files";
import { fetchPage } from "./fetch";

const file = (data: Uint8Array<ArrayBuffer>, name: string, type = "application/octet-stream") =>
  new File([data], name, { type });

describe("what an upload is comes from its bytes, not its name", () => {
  it("knows JPEG, PNG, WebP and PDF by their first bytes", () => {
    expect(sniffKind(jpeg(10, 10))).toBe("jpeg");
    expect(sniffKind(png(10, 10))).toBe("png");
    expect(sniffKind(webp(10, 10))).toBe("webp");
    expect(sniffKind(pdf())).toBe("pdf");
  });

  it("refuses HTML, SVG and GIF even when named and typed as an image or a PDF", async () => {
    const cases = [
      file(new TextEncoder().encode("<html><script>alert(1)</script>"), "photo.jpg", "image/jpeg"),
      file(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), "logo.png", "image/png"),
      file(new TextEncoder().encode("GIF89a\x01\x00\x01\x00"), "report.pdf", "application/pdf"),
    ];
    for (const upload of cases) expect(await checkUpload(upload)).toEqual({ ok: false, reason: "type" });
  });

  it("accepts a PDF named .txt as a PDF", async () => {
    const checked = await checkUpload(file(pdf(), "notes.txt", "text/plain"));
    expect(checked.ok && checked.upload.kind).toBe("pdf");
  });

  it("says a missing or empty file is missing", async () => {
    expect(await checkUpload(null)).toEqual({ ok: false, reason: "missing" });
    expect(await checkUpload(file(new Uint8Array(), "empty.pdf"))).toEqual({ ok: false, reason: "missing" });
  });
});

describe("size limits", () => {
  it("takes an image up to 5 MiB and refuses one byte more", async () => {
    const atLimit = await checkUpload(file(padded(png(800, 600), UPLOAD_LIMITS.imageBytes), "a.png"));
    expect(atLimit.ok).toBe(true);
    const over = await checkUpload(file(padded(png(800, 600), UPLOAD_LIMITS.imageBytes + 1), "b.png"));
    expect(over).toEqual({ ok: false, reason: "tooLarge" });
  });

  it("takes a PDF up to 20 MiB and refuses one byte more", async () => {
    expect(UPLOAD_LIMITS.pdfBytes).toBe(20 * 1024 * 1024);
    const big = await checkUpload(file(padded(pdf(), 8 * 1024 * 1024), "report.pdf"));
    expect(big.ok).toBe(true);
    const over = await checkUpload(file(padded(pdf(), UPLOAD_LIMITS.pdfBytes + 1), "report.pdf"));
    expect(over).toEqual({ ok: false, reason: "tooLarge" });
  });
});

describe("an image's width and height come from its header", () => {
  it("reads PNG, JPEG and the three WebP formats", () => {
    expect(imageDimensions("png", png(1200, 800))).toEqual({ width: 1200, height: 800 });
    expect(imageDimensions("jpeg", jpeg(640, 480))).toEqual({ width: 640, height: 480 });
    expect(imageDimensions("webp", webp(1920, 1080, "VP8X"))).toEqual({ width: 1920, height: 1080 });
    expect(imageDimensions("webp", webp(300, 200, "VP8L"))).toEqual({ width: 300, height: 200 });
    expect(imageDimensions("webp", webp(500, 250, "VP8 "))).toEqual({ width: 500, height: 250 });
  });

  it("turns a phone photo's size when its EXIF orientation turns it a quarter", () => {
    expect(imageDimensions("jpeg", jpeg(4032, 3024, 6))).toEqual({ width: 3024, height: 4032 });
    expect(imageDimensions("jpeg", jpeg(4032, 3024, 1))).toEqual({ width: 4032, height: 3024 });
  });

  it("refuses an image whose size cannot be read or is absurd", async () => {
    const truncated = png(10, 10).slice(0, 20);
    expect(await checkUpload(file(truncated, "a.png"))).toEqual({ ok: false, reason: "dimensions" });
    expect(await checkUpload(file(png(0, 10), "b.png"))).toEqual({ ok: false, reason: "dimensions" });
    expect(await checkUpload(file(png(50_000, 50_000), "c.png"))).toEqual({
      ok: false,
      reason: "dimensions",
    });
  });
});

describe("GET /files/:key", () => {
  async function stored(data: Uint8Array<ArrayBuffer>, name: string) {
    const checked = await checkUpload(file(data, name));
    if (!checked.ok) throw new Error(checked.reason);
    return storeUpload(env, checked.upload);
  }

  it("serves a PDF under the SHA-256 of its bytes, as a download with its name, cached for good", async () => {
    const bytes = pdf("Annual report 2025");
    const saved = await stored(bytes, "Informe anual 2025.pdf");
    expect(saved.key).toMatch(/^[0-9a-f]{64}\.pdf$/);
    const response = await fetchPage(`/files/${saved.key}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="Informe anual 2025.pdf"; filename*=UTF-8''Informe%20anual%202025.pdf`,
    );
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
  });

  it("serves an image inline with its own type, whatever the name said", async () => {
    const saved = await stored(webp(400, 300), "cover.png");
    expect(saved).toMatchObject({ contentType: "image/webp", width: 400, height: 300 });
    const response = await fetchPage(`/files/${saved.key}`);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect(response.headers.get("Content-Disposition")).toBeNull();
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const again = await fetchPage(`/files/${saved.key}`, {
      headers: { "If-None-Match": response.headers.get("ETag")! },
    });
    expect(again.status).toBe(304);
  });

  it("answers 404 for an unknown or malformed key", async () => {
    for (const key of [`${"a".repeat(64)}.pdf`, "..%2Fsecret", "report.pdf"]) {
      const response = await fetchPage(`/files/${key}`);
      expect(response.status).toBe(404);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
    }
  });
});
