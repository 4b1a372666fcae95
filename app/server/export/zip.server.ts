import { Zip, ZipPassThrough } from "fflate";

/** A file of an archive: its path in the zip, and its bytes, opened only when the archive reaches it. */
export type ZipEntry = {
  path: string;
  /** Null when the bytes are gone (an R2 object deleted under its row): the entry is left out. */
  open: () => Promise<ReadableStream<Uint8Array> | null>;
};

/**
 * A zip archive written as the reader takes it (docs/decisions/070-leaving-with-everything.md):
 * one entry open at a time and one chunk of it in memory, so the archive's size never reaches
 * the Worker's 128 MB. Entries are stored, not deflated: the CPU of a ten-year export goes to
 * reading, not compressing, and most of its bytes (photographs, PDFs) are compressed already.
 * fflate writes each entry's size and CRC-32 after its bytes (a data descriptor), which is what
 * lets a stream of unknown length be zipped without reading it twice.
 */
export function zipStream(entries: AsyncIterable<ZipEntry>): ReadableStream<Uint8Array> {
  const iterator = entries[Symbol.asyncIterator]();
  let written: Uint8Array[] = [];
  let failure: Error | null = null;
  let finished = false;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else written.push(chunk);
  });
  let current: { file: ZipPassThrough; reader: ReadableStreamDefaultReader<Uint8Array> } | null = null;

  async function step() {
    if (!current) {
      const next = await iterator.next();
      if (next.done) {
        zip.end();
        finished = true;
        return;
      }
      const body = await next.value.open();
      if (!body) return;
      const file = new ZipPassThrough(next.value.path);
      zip.add(file);
      current = { file, reader: body.getReader() };
    }
    const { done, value } = await current.reader.read();
    if (done) {
      current.file.push(new Uint8Array(0), true);
      current = null;
    } else current.file.push(value);
  }

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        while (written.length === 0 && !finished) {
          await step();
          if (failure) throw failure;
        }
        for (const chunk of written) controller.enqueue(chunk);
        written = [];
        if (finished) controller.close();
      },
      async cancel(reason) {
        await current?.reader.cancel(reason);
        await iterator.return?.();
      },
    },
    { highWaterMark: 1 },
  );
}
