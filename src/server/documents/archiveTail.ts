/**
 * A PDF or image with a ZIP archive appended (a polyglot) opens as the document in a viewer and as an archive
 * in an unzip tool, so it can carry anything past the type check. Every ZIP ends with an end-of-central-
 * directory record (signature PK\5\6, 22 bytes plus a comment of up to 65,535 bytes) that unzip tools look
 * for in the last 64 KB: finding one that ends exactly at the end of the file is what makes it an archive.
 */
const EOCD_SIGNATURE = 0x06054b50;
const EOCD_SIZE = 22;
const TAIL_BYTES = EOCD_SIZE + 0xffff;

/** Whether these last bytes of a file end with a ZIP end-of-central-directory record. */
export function endsWithZip(tail: Buffer): boolean {
  for (let at = tail.length - EOCD_SIZE; at >= 0; at--) {
    if (tail[at] !== 0x50 || tail.readUInt32LE(at) !== EOCD_SIGNATURE) continue;
    if (at + EOCD_SIZE + tail.readUInt16LE(at + 20) === tail.length) return true;
  }
  return false;
}

/** Passes a stream of chunks through unchanged and keeps its last bytes, enough to find a ZIP's end record. */
export function keepTail(source: AsyncIterable<Buffer>): { chunks: AsyncIterable<Buffer>; tail: () => Buffer } {
  let tail: Buffer = Buffer.alloc(0);
  async function* pass() {
    for await (const chunk of source) {
      tail = chunk.length >= TAIL_BYTES ? chunk.subarray(chunk.length - TAIL_BYTES) : Buffer.concat([tail, chunk]).subarray(-TAIL_BYTES);
      yield chunk;
    }
  }
  return { chunks: pass(), tail: () => tail };
}
