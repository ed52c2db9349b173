// A small ZIP reader for the page (no upload, no dependency): the central directory is read from
// the end of the archive, and each entry is stored or deflated (inflated by the browser's
// DecompressionStream("deflate-raw")). Entries are inflated here, eagerly, so that a damaged
// entry is reported with its name before any task is checked. Declared sizes are never trusted:
// the bytes actually inflated are counted against the limits the caller passes (the core's,
// through the WebAssembly module's pageLimits()), per member and in all, and entries whose data
// overlap are refused, so a deflate bomb or a zip of overlapping entries cannot exhaust memory.
// A member that cannot be read is reported and skipped; the others are still read. It also
// writes stored archives (the skeleton submission).

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

export class ZipError extends Error {
  constructor(message, code = "zip_unreadable") {
    super(message);
    this.code = code;
    this.stage = "zip";
  }
}


/**
 * `data` inflated, reading at most `limit` + 1 bytes: {bytes, over} where `over` says the data
 * inflate past `limit` (then `bytes` holds the first `limit` + 1 and the rest is never inflated).
 */
export async function inflateBounded(data, limit) {
  const reader = new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  const chunks = [];
  let total = 0;
  let over = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = limit + 1 - total;
    chunks.push(value.length > room ? value.subarray(0, room) : value);
    total += Math.min(value.length, room);
    if (total > limit) {
      over = true;
      await reader.cancel().catch(() => {});
      break;
    }
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return { bytes, over };
}

/** Most bytes counted to report a too-large member's exact inflated size (counted, not kept). */
const SIZE_COUNT_LIMIT = 2 ** 32;

/**
 * The exact inflated size of deflated `data`, counted without keeping the bytes; null past
 * SIZE_COUNT_LIMIT (a member reported as too large still gets its true size when it has one).
 */
async function inflatedSize(data) {
  const reader = new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return total;
    total += value.length;
    if (total > SIZE_COUNT_LIMIT) {
      await reader.cancel().catch(() => {});
      return null;
    }
  }
}

/**
 * The entries of a ZIP archive's bytes: [{path, file, problem}] (folders are skipped). `limits`:
 * {archive_member_bytes, archive_total_bytes}. An entry that could not be read has `problem`
 * ({code, message}) and `file` null, except a member inflating past the per-member limit, whose
 * `file` is `{tooLarge: size}` (its exact inflated size, counted without keeping the bytes: the
 * module's file argument for a file measured but not read) or, past the counting limit, its first
 * archive_member_bytes + 1 bytes (so a checker refuses it for its size).
 * Throws ZipError only when the archive as a whole cannot be read.
 */
export async function readZip(bytes, limits, onMember = () => {}, say = undefined) {
  // The words of every problem come from the core (the WebAssembly module's `message`).
  if (typeof say !== "function") throw new TypeError("readZip needs the module's message function");
  const memberLimit = limits.archive_member_bytes;
  const totalLimit = limits.archive_total_bytes;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record: 22 bytes plus a comment of at most 65,535 bytes.
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65535); i--) {
    if (view.getUint32(i, true) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new ZipError(say("zip_not_zip", {}));
  const count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  if (count === 0xffff || offset === 0xffffffff) throw new ZipError(say("zip_zip64", {}));
  const decoder = new TextDecoder();
  // First the central directory: each entry's name, method and where its data lie.
  const members = [];
  for (let n = 0; n < count; n++) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== CENTRAL) throw new ZipError(say("zip_damaged_directory", { entry: n + 1 }));
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
    const member = { path, flags, method, compressedSize, size, local, start: -1, problem: null };
    if (local + 30 > bytes.length || view.getUint32(local, true) !== LOCAL) member.problem = { code: "zip_unreadable", message: say("zip_damaged_header", { path }) };
    else {
      member.start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
      if (member.start + compressedSize > bytes.length) member.problem = { code: "zip_unreadable", message: say("zip_cut_short", { path }) };
    }
    members.push(member);
  }
  // Entries whose data overlap another's (the trick of overlapping-entry bombs) are refused.
  const placed = members.filter((m) => m.problem === null).sort((a, b) => a.local - b.local);
  for (let i = 1; i < placed.length; i++) {
    const before = placed[i - 1];
    if (placed[i].local < before.start + before.compressedSize) {
      for (const m of [before, placed[i]]) {
        m.problem = { code: "zip_overlapping_entries", message: say("zip_overlapping", { path: m.path }) };
      }
    }
  }
  const entries = [];
  let total = 0;
  for (const [i, m] of members.entries()) {
    onMember(i, members.length, m.path);
    const { path, method, compressedSize } = m;
    const skip = (code, message) => entries.push({ path, file: null, problem: { code, message } });
    if (m.problem) skip(m.problem.code, m.problem.message);
    else if (m.flags & 1) skip("zip_unreadable", say("zip_encrypted", { path }));
    else if (method !== 0 && method !== 8) skip("zip_unreadable", say("zip_method", { path, method }));
    else if (total >= totalLimit) skip("zip_too_large", say("zip_total_before", { path, limit: totalLimit }));
    else {
      const data = bytes.subarray(m.start, m.start + compressedSize);
      const limit = Math.min(memberLimit, totalLimit - total);
      let content;
      let over;
      if (method === 0) ({ bytes: content, over } = { bytes: data.subarray(0, limit + 1), over: data.length > limit });
      else {
        try {
          ({ bytes: content, over } = await inflateBounded(data, limit));
        } catch {
          skip("zip_unreadable", say("zip_not_inflating", { path }));
          continue;
        }
      }
      if (over && limit < memberLimit) {
        total = totalLimit;
        skip("zip_too_large", say("zip_total_reached", { path, limit: totalLimit }));
        continue;
      }
      total += content.length;
      if (over) {
        // Its exact size, counted past the limit without keeping the bytes (stored: its length).
        let size = method === 0 ? data.length : null;
        if (size === null) size = await inflatedSize(data).catch(() => null);
        const measured = size === null ? { count_limit: SIZE_COUNT_LIMIT } : { size };
        const problem = { code: "zip_member_too_large", size, message: say("zip_member_too_large", { path, limit: memberLimit, ...measured }) };
        // The checker gets its measured size ({tooLarge}: refused for it, never read); past the
        // counting limit, its first bytes (refused as over the limit).
        entries.push({ path, file: size === null ? new Blob([content]) : { tooLarge: size }, problem });
        continue;
      }
      if (content.length !== m.size) {
        skip("zip_unreadable", say("zip_size_mismatch", { path, declared: m.size, held: content.length }));
        continue;
      }
      entries.push({ path, file: new Blob([content]), problem: null });
    }
  }
  onMember(members.length, members.length, "");
  return entries;
}

// ---------- writing ----------

let crcTable = null;
function crc32(bytes) {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const b of bytes) crc = crcTable[(crc ^ b) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * A ZIP archive (stored entries, UTF-8 names) of `files` ([{path, bytes}]), as a Blob: small
 * text files such as a skeleton submission, where compression would gain little.
 */
export function writeZip(files) {
  const encoder = new TextEncoder();
  const parts = [];
  const central = [];
  let offset = 0;
  for (const { path, bytes } of files) {
    const name = encoder.encode(path);
    const crc = crc32(bytes);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, LOCAL, true);
    local.setUint16(4, 20, true); // version needed: 2.0
    local.setUint16(6, 0x0800, true); // the name is UTF-8
    local.setUint32(14, crc, true);
    local.setUint32(18, bytes.length, true);
    local.setUint32(22, bytes.length, true);
    local.setUint16(26, name.length, true);
    parts.push(local, name, bytes);
    const entry = new DataView(new ArrayBuffer(46));
    entry.setUint32(0, CENTRAL, true);
    entry.setUint16(4, 20, true);
    entry.setUint16(6, 20, true);
    entry.setUint16(8, 0x0800, true);
    entry.setUint32(16, crc, true);
    entry.setUint32(20, bytes.length, true);
    entry.setUint32(24, bytes.length, true);
    entry.setUint16(28, name.length, true);
    entry.setUint32(42, offset, true);
    central.push(entry, name);
    offset += 30 + name.length + bytes.length;
  }
  const size = central.reduce((n, part) => n + part.byteLength, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, EOCD, true);
  end.setUint16(8, files.length, true);
  end.setUint16(10, files.length, true);
  end.setUint32(12, size, true);
  end.setUint32(16, offset, true);
  return new Blob([...parts, ...central, end], { type: "application/zip" });
}
