// A small ZIP reader for the page (no upload, no dependency): the central directory is read from
// the end of the archive, and each entry is stored or deflated (inflated by the browser's
// DecompressionStream("deflate-raw")). Entries are inflated here, eagerly, so that a damaged
// entry is reported with its name before any task is checked.

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** Largest archive and entry read (the scorer refuses files above 20 MiB anyway). */
const MAX_ENTRY_BYTES = 64 * 1024 * 1024;

export class ZipError extends Error {
  constructor(message) {
    super(message);
    this.code = "zip_unreadable";
    this.stage = "zip";
  }
}

async function inflate(data) {
  const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The entries of a ZIP archive's bytes: [{path, file}] (folders are skipped). */
export async function readZip(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record: 22 bytes plus a comment of at most 65,535 bytes.
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65535); i--) {
    if (view.getUint32(i, true) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new ZipError("not a ZIP archive (no end of central directory record)");
  const count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  if (count === 0xffff || offset === 0xffffffff) throw new ZipError("ZIP64 archives are not supported; zip the folder without ZIP64");
  const decoder = new TextDecoder();
  const entries = [];
  for (let n = 0; n < count; n++) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== CENTRAL) throw new ZipError(`damaged central directory at entry ${n + 1}`);
    const flags = view.getUint16(offset + 8, true);
    const method = view.getUint16(offset + 10, true);
    const compressedSize = view.getUint32(offset + 20, true);
    const size = view.getUint32(offset + 24, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    const local = view.getUint32(offset + 42, true);
    const path = decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameLength)).replaceAll("\\", "/");
    offset += 46 + nameLength + extraLength + commentLength;
    if (path.endsWith("/")) continue;
    if (flags & 1) throw new ZipError(`${path} is encrypted; zip the folder without a password`);
    if (size > MAX_ENTRY_BYTES || compressedSize > MAX_ENTRY_BYTES) throw new ZipError(`${path} is larger than ${MAX_ENTRY_BYTES} bytes`);
    if (local + 30 > bytes.length || view.getUint32(local, true) !== LOCAL) throw new ZipError(`damaged local header of ${path}`);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = bytes.subarray(start, start + compressedSize);
    if (data.length !== compressedSize) throw new ZipError(`${path} is cut short`);
    let content;
    if (method === 0) content = data;
    else if (method === 8) {
      try {
        content = await inflate(data);
      } catch {
        throw new ZipError(`${path} does not inflate (damaged deflate data)`);
      }
    } else throw new ZipError(`${path} uses compression method ${method}; only stored and deflated entries are read`);
    entries.push({ path, file: new Blob([content]) });
  }
  return entries;
}
