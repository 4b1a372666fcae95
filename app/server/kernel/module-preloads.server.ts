/**
 * The page before its scripts (decision 037). React Router's `<Scripts>` announces every module of
 * the first view with `<link rel="modulepreload">`, and React hoists those links into the
 * `<head>`, so the browser starts on the scripts while the HTML, the stylesheet and the largest
 * image are still arriving. Every page works without JavaScript (docs/product.md §1), so none of them
 * is needed to paint: without the links, the browser asks for the modules when it reaches
 * the module script at the end of the body.
 *
 * The links are taken out of the `<head>` as it streams by; everything after it passes untouched.
 */
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const HEAD_END = new TextEncoder().encode("</head>");

/** Where `</head>` starts in `bytes`, or -1. */
function headEndIndex(bytes: Uint8Array): number {
  const lessThan = HEAD_END[0]!;
  for (let start = bytes.indexOf(lessThan); start !== -1; start = bytes.indexOf(lessThan, start + 1)) {
    if (HEAD_END.every((byte, at) => bytes[start + at] === byte)) return start;
  }
  return -1;
}

export function withoutModulePreloads(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  // The bytes before `</head>` is seen; null once the head has gone out.
  let pending: Uint8Array | null = new Uint8Array(0);
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (pending === null) {
          controller.enqueue(chunk);
          return;
        }
        const bytes = new Uint8Array(pending.length + chunk.length);
        bytes.set(pending);
        bytes.set(chunk, pending.length);
        const headEnd = headEndIndex(bytes);
        if (headEnd === -1) {
          pending = bytes;
          return;
        }
        // `</head>` starts a character, so the bytes before it decode whole.
        const head = new TextDecoder().decode(bytes.subarray(0, headEnd)).replace(MODULE_PRELOAD, "");
        controller.enqueue(new TextEncoder().encode(head));
        controller.enqueue(bytes.subarray(headEnd));
        pending = null;
      },
      flush(controller) {
        if (pending?.length) controller.enqueue(pending);
      },
    }),
  );
}
