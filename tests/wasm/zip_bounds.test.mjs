// The page's ZIP reader (web-demo/zip.js) never trusts declared sizes: inflated bytes are
// counted against the limits per member and in all, overlapping entries are refused, and a
// member that cannot be read is reported while the others are still read.
import assert from "node:assert/strict";
import { test } from "node:test";
import { deflateRawSync } from "node:zlib";
import { readZip as readZipWith } from "../../web-demo/zip.js";
import { tabeq } from "./helpers.mjs";

// The page passes the module's message function: every problem is worded by the core.
const readZip = (bytes, limits) => readZipWith(bytes, limits, undefined, tabeq.message);

/** A zip of `members` ({path, data, method, size?, local?}); `size` lies when given. */
function zip(members) {
  const enc = new TextEncoder();
  const parts = [];
  const central = [];
  let offset = 0;
  const offsets = [];
  for (const m of members) {
    const name = enc.encode(m.path);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(m.method, 8);
    local.writeUInt32LE(m.data.length, 18);
    local.writeUInt32LE(m.size ?? 0, 22);
    local.writeUInt16LE(name.length, 26);
    offsets.push(offset);
    parts.push(local, name, m.data);
    offset += 30 + name.length + m.data.length;
  }
  members.forEach((m, i) => {
    const name = enc.encode(m.path);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(m.method, 10);
    entry.writeUInt32LE(m.data.length, 20);
    entry.writeUInt32LE(m.size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(m.local ?? offsets[i], 42);
    central.push(entry, Buffer.from(name));
  });
  const size = central.reduce((n, p) => n + p.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(members.length, 8);
  end.writeUInt16LE(members.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...parts, ...central, end]));
}

const LIMITS = { archive_member_bytes: 1 << 20, archive_total_bytes: 3 << 20 };
const csv = Buffer.from("a\n1\n");

test("a deflate bomb declaring a small size is cut at the member limit; the rest is read", async () => {
  const bomb = deflateRawSync(Buffer.alloc(64 << 20));
  assert.ok(bomb.length < 100_000);
  const bytes = zip([
    { path: "task_1/prediction.csv", data: bomb, method: 8, size: 10 },
    { path: "task_2/prediction.csv", data: csv, method: 0, size: csv.length },
  ]);
  const entries = await readZip(bytes, LIMITS);
  assert.equal(entries[0].problem.code, "zip_member_too_large");
  // Its exact size is counted (without keeping the bytes) and reported, not the 10 it declares.
  assert.match(entries[0].problem.message, /task_1\/prediction\.csv inflates to 67,108,864 bytes, more than the 1,048,576 bytes a file may have/);
  assert.equal(entries[0].problem.size, 64 << 20);
  assert.deepEqual(entries[0].file, { tooLarge: 64 << 20 });
  assert.equal(entries[1].problem, null);
  assert.equal(await entries[1].file.text(), "a\n1\n");
});

test("the total of inflated bytes is bounded across members", async () => {
  const near = deflateRawSync(Buffer.alloc(LIMITS.archive_member_bytes));
  const members = Array.from({ length: 6 }, (_, i) => ({ path: `task_${i + 1}/prediction.csv`, data: near, method: 8, size: LIMITS.archive_member_bytes }));
  const entries = await readZip(zip(members), LIMITS);
  const read = entries.filter((e) => e.problem === null);
  assert.equal(read.length, 3);
  assert.ok(entries.slice(3).every((e) => e.problem.code === "zip_too_large" && e.file === null));
});

test("entries whose data overlap are refused; a lying declared size is reported", async () => {
  const data = deflateRawSync(Buffer.alloc(1000));
  const bytes = zip([
    { path: "task_1/prediction.csv", data, method: 8, size: 1000 },
    { path: "task_2/prediction.csv", data, method: 8, size: 1000, local: 0 },
    { path: "task_3/prediction.csv", data: csv, method: 0, size: 99 },
  ]);
  const entries = await readZip(bytes, LIMITS);
  assert.deepEqual(
    entries.map((e) => e.problem?.code ?? null),
    ["zip_overlapping_entries", "zip_overlapping_entries", "zip_unreadable"],
  );
  assert.match(entries[2].problem.message, /declares 99 bytes but holds 4/);
});

test("a damaged member is reported and the others are read", async () => {
  const bytes = zip([
    { path: "task_1/prediction.csv", data: Buffer.from([0xff, 0xff, 0xff]), method: 8, size: 3 },
    { path: "task_2/prediction.csv", data: csv, method: 0, size: csv.length },
  ]);
  const entries = await readZip(bytes, LIMITS);
  assert.equal(entries[0].problem.code, "zip_unreadable");
  assert.equal(entries[1].problem, null);
});

test("a member measured but not read ({tooLarge}) is refused for its exact size by the checks", async () => {
  const { createRequire } = await import("node:module");
  const tabeq = createRequire(import.meta.url)("../../bindings-wasm/pkg-node/tabeq.js");
  const run = new tabeq.PredictionsFolderRun(["task_1/", "task_1/prediction.csv"], null, null);
  const task = run.check("task_1", { tooLarge: 33_554_434 });
  assert.equal(task.error_code, "invalid_prediction_csv");
  assert.equal(task.csv_error.code, "csv_too_large");
  assert.match(task.problems[0].message, /\(33554434 bytes\)/);
  run.free();
  // The same single-task check; a size within the limit is not this form (a wrong type).
  assert.match(tabeq.renderTaskCheck({ tooLarge: 33_554_434 }, null, null, "text"), /csv_too_large[\s\S]*33554434 bytes/);
  assert.throws(() => tabeq.checkTask({ tooLarge: 10 }, null, null), (e) => e.name === "TabeqError" && e.stage === "argument");
});

test("readZip words nothing itself: without the module's message function it refuses to run", async () => {
  await assert.rejects(readZipWith(zip([{ path: "a.csv", data: csv, method: 0, size: csv.length }]), LIMITS), TypeError);
  await assert.rejects(readZip(Buffer.from("not a zip at all, just text"), LIMITS), (e) => {
    assert.equal(e.code, "zip_unreadable");
    assert.equal(e.message, tabeq.message("zip_not_zip", {}));
    return true;
  });
});
