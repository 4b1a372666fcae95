/**
 * What an uploaded file is, read from its first bytes and never from its name or the type the
 * browser claims (decision 021), and an image's width and height from its header, so every
 * page that shows it reserves its space before it loads.
 */
export const FILE_KINDS = {
  jpeg: { contentType: "image/jpeg", extension: "jpg", image: true },
  png: { contentType: "image/png", extension: "png", image: true },
  webp: { contentType: "image/webp", extension: "webp", image: true },
  pdf: { contentType: "application/pdf", extension: "pdf", image: false },
} as const satisfies Record<string, { contentType: string; extension: string; image: boolean }>;
export type FileKind = keyof typeof FILE_KINDS;

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((byte, index) => bytes[at + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The kind of a file by its magic bytes, or null for anything else (GIF, SVG, HTML, ZIP …). */
export function sniffKind(bytes: Uint8Array): FileKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  if (startsWith(bytes, ascii("%PDF-"))) return "pdf";
  return null;
}

export type Dimensions = { width: number; height: number };

const u16be = (bytes: Uint8Array, at: number) => (bytes[at]! << 8) | bytes[at + 1]!;
const u16le = (bytes: Uint8Array, at: number) => bytes[at]! | (bytes[at + 1]! << 8);
const u24le = (bytes: Uint8Array, at: number) => bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);
const u32be = (bytes: Uint8Array, at: number) => u16be(bytes, at) * 0x10000 + u16be(bytes, at + 2);

function pngDimensions(bytes: Uint8Array): Dimensions | null {
  // The IHDR chunk is always first: width and height at 16 and 20.
  if (bytes.length < 24 || !startsWith(bytes, ascii("IHDR"), 12)) return null;
  return { width: u32be(bytes, 16), height: u32be(bytes, 20) };
}

/** Start-of-frame markers carry the size; C4 (Huffman), C8 and CC (arithmetic tables) do not. */
const JPEG_FRAME = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** EXIF orientation 5 to 8 turns the picture a quarter, and browsers show it turned. */
function exifQuarterTurn(bytes: Uint8Array, start: number, end: number): boolean {
  if (!startsWith(bytes, ascii("Exif\0\0"), start)) return false;
  const tiff = start + 6;
  const little = startsWith(bytes, ascii("II"), tiff);
  if (!little && !startsWith(bytes, ascii("MM"), tiff)) return false;
  const read16 = (at: number) => (little ? u16le(bytes, at) : u16be(bytes, at));
  const read32 = (at: number) => (little ? read16(at) + read16(at + 2) * 0x10000 : u32be(bytes, at));
  const directory = tiff + read32(tiff + 4);
  if (directory + 2 > end) return false;
  const count = read16(directory);
  for (let index = 0; index < count; index++) {
    const entry = directory + 2 + index * 12;
    if (entry + 12 > end) return false;
    if (read16(entry) === 0x0112) return read16(entry + 8) >= 5 && read16(entry + 8) <= 8;
  }
  return false;
}

function jpegDimensions(bytes: Uint8Array): Dimensions | null {
  let at = 2;
  let turned = false;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    // Fill bytes, and markers that stand alone without a length.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2;
      continue;
    }
    const length = u16be(bytes, at + 2);
    if (length < 2) return null;
    if (marker === 0xe1) turned ||= exifQuarterTurn(bytes, at + 4, Math.min(at + 2 + length, bytes.length));
    if (JPEG_FRAME.has(marker)) {
      if (at + 9 > bytes.length) return null;
      const height = u16be(bytes, at + 5);
      const width = u16be(bytes, at + 7);
      return turned ? { width: height, height: width } : { width, height };
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    at += 2 + length;
  }
  return null;
}

function webpDimensions(bytes: Uint8Array): Dimensions | null {
  if (bytes.length < 25) return null;
  if (startsWith(bytes, ascii("VP8X"), 12)) {
    if (bytes.length < 30) return null;
    return { width: u24le(bytes, 24) + 1, height: u24le(bytes, 27) + 1 };
  }
  if (startsWith(bytes, ascii("VP8 "), 12)) {
    // A key frame's start code, then 14-bit width and height.
    if (bytes.length < 30 || !startsWith(bytes, [0x9d, 0x01, 0x2a], 23)) return null;
    return { width: u16le(bytes, 26) & 0x3fff, height: u16le(bytes, 28) & 0x3fff };
  }
  if (startsWith(bytes, ascii("VP8L"), 12)) {
    if (bytes[20] !== 0x2f) return null;
    const bits = bytes[21]! | (bytes[22]! << 8) | (bytes[23]! << 16) | (bytes[24]! << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  return null;
}

/** Width and height as a browser shows the image, or null when the header cannot be read. */
export function imageDimensions(kind: FileKind, bytes: Uint8Array): Dimensions | null {
  const found =
    kind === "png"
      ? pngDimensions(bytes)
      : kind === "jpeg"
        ? jpegDimensions(bytes)
        : kind === "webp"
          ? webpDimensions(bytes)
          : null;
  return found && found.width > 0 && found.height > 0 ? found : null;
}
