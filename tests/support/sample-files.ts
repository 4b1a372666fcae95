/**
 * Small files of each kind the uploads accept, built byte by byte, so tests need no binary
 * fixtures: only the headers the server reads are real (a browser would not draw these images).
 */
const bytes = (...parts: (number[] | string | Uint8Array)[]): Uint8Array<ArrayBuffer> =>
  new Uint8Array(
    parts.flatMap((part) =>
      typeof part === "string" ? [...part].map((char) => char.charCodeAt(0)) : [...part],
    ),
  );
const be16 = (value: number) => [(value >> 8) & 0xff, value & 0xff];
const be32 = (value: number) => [...be16(value >>> 16), ...be16(value & 0xffff)];
const le16 = (value: number) => [value & 0xff, (value >> 8) & 0xff];
const le24 = (value: number) => [value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff];

export function png(width: number, height: number): Uint8Array<ArrayBuffer> {
  return bytes(
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    be32(13),
    "IHDR",
    be32(width),
    be32(height),
    [8, 6, 0, 0, 0],
  );
}

/** A JPEG with a JFIF segment, optionally an EXIF orientation, then a baseline frame header. */
export function jpeg(width: number, height: number, orientation?: number): Uint8Array<ArrayBuffer> {
  const jfif = bytes([0xff, 0xe0], be16(16), "JFIF\0", [1, 1, 0], be16(1), be16(1), [0, 0]);
  const exif =
    orientation === undefined
      ? bytes()
      : bytes(
          [0xff, 0xe1],
          be16(2 + 6 + 8 + 2 + 12 + 4),
          "Exif\0\0",
          "MM",
          be16(42),
          be32(8),
          be16(1),
          [...be16(0x0112), ...be16(3), ...be32(1), ...be16(orientation), 0, 0],
          be32(0),
        );
  const frame = bytes(
    [0xff, 0xc0],
    be16(17),
    [8],
    be16(height),
    be16(width),
    [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1],
  );
  return bytes([0xff, 0xd8], jfif, exif, frame, [0xff, 0xd9]);
}

export function webp(
  width: number,
  height: number,
  format: "VP8X" | "VP8L" | "VP8 " = "VP8X",
): Uint8Array<ArrayBuffer> {
  const chunk =
    format === "VP8X"
      ? bytes("VP8X", le16(10), [0, 0], [0, 0, 0, 0], le24(width - 1), le24(height - 1))
      : format === "VP8L"
        ? (() => {
            const bits = ((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14);
            return bytes(
              "VP8L",
              le16(5),
              [0, 0],
              [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, (bits >>> 24) & 0xff],
            );
          })()
        : bytes("VP8 ", le16(10), [0, 0], [0x10, 0x02, 0x00], [0x9d, 0x01, 0x2a], le16(width), le16(height));
  return bytes("RIFF", le24(chunk.length + 4), [0], "WEBP", chunk);
}

/** A one-page PDF that says `text`; real enough for any viewer. */
export function pdf(text = "Annual report"): Uint8Array<ArrayBuffer> {
  const stream = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return bytes(body);
}

/** `length` bytes that start like `head` (a file padded past a size limit). */
export function padded(head: Uint8Array, length: number): Uint8Array<ArrayBuffer> {
  const result = new Uint8Array(length);
  result.set(head);
  return result;
}
