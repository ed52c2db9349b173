// The package's entry over the score, explain and submission modules: the browser entry
// (pkg/tabeq.js, run here in Node with the modules' bytes) loads a module in init or loadModule and
// throws module_not_loaded before; the Node entry (pkg-node/tabeq.js) loads one at its first use.
// Both keep the one API of the single module they replace.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";

import { ROOT, tabeq } from "./helpers.mjs";

const CONFIG = JSON.stringify({
  schema_version: "1.0",
  task_id: "task_1",
  order_sensitive: false,
  columns: [{ gold_index: 0, gold_name: "n", type: "number", comparison: { mode: "integer" } }],
});
const GOLD = "n\n3\n";
const wasm = (name) => readFileSync(join(ROOT, "bindings-wasm", "pkg", `${name}_bg.wasm`));

test("browser entry: the score module alone, then explain and submission on demand", async () => {
  const web = await import(pathToFileURL(join(ROOT, "bindings-wasm", "pkg", "tabeq.js")).href);
  await web.default({ module_or_path: wasm("tabeq"), load: [] });
  assert.equal(web.evaluate("x\n3.0\n", GOLD, CONFIG).passed, true);
  const gold = new web.Gold(GOLD, CONFIG);
  assert.deepEqual([...gold.scores(["x\n3\n", "x\n4\n"])], [1, 0]);
  const notLoaded = (f) => assert.throws(f, (e) => e.name === "TabeqError" && e.code === "module_not_loaded" && e.stage === "argument");
  notLoaded(() => web.explain("x\n3\n", GOLD, CONFIG));
  notLoaded(() => web.renderDocument({ title: "t", sections: [] }, "text"));
  notLoaded(() => gold.partialCredit(["x\n3\n"]));
  notLoaded(() => new web.SubmissionRun([{ name: "task_1.json", content: CONFIG }], ["task_1"]));
  notLoaded(() => web.sniffFile(new Uint8Array([0xff, 0xfe])));
  await assert.rejects(web.loadModule("trust"), TypeError);

  await web.loadModule("explain", wasm("tabeq_explain"));
  assert.equal(web.explain("x\n4\n", GOLD, CONFIG).passed, false);
  assert.equal(gold.partialCredit(["x\n3\n"])[0].rows.f1, 1);
  notLoaded(() => new web.SubmissionRun([{ name: "task_1.json", content: CONFIG }], ["task_1"]));
  await web.loadModule("submission", wasm("tabeq_submission"));
  const run = new web.SubmissionRun([{ name: "task_1.json", content: CONFIG }], ["task_1"]);
  assert.ok(run instanceof web.SubmissionRun);
  assert.equal(run.checkTask("task_1", "x\n3\n").ok, true);
  run.free();
  gold.free();
  assert.throws(() => gold.partialCredit(["x\n3\n"]), { code: "freed_object" });
  // A second load is a no-op.
  await web.loadModule("explain");
});

test("Node entry: the same exports as the modules behind it, classes that construct and match", () => {
  const names = Object.keys(tabeq).sort();
  assert.deepEqual(names, [
    "Gold", "PredictionsFolderRun", "SubmissionRun", "SuiteRun", "canonicalize", "checkTask", "configWarnings", "errorCodes", "evaluate", "explain",
    "explainDocument", "inputTaskIds", "message", "pageLimits", "parseTaskList", "profiles", "readTable", "renderDocument", "renderTaskCheck", "score", "skeletonFiles", "sniffFile", "validatePrediction", "validationDocument", "version",
  ]);
  // The page's unpacking limits come from the core, not from page code.
  assert.deepEqual(tabeq.pageLimits(), { archive_member_bytes: 20971520, archive_total_bytes: 268435456, share_bytes: 262144, share_header_bytes: 65536, table_rows: 100000 });
  assert.deepEqual(tabeq.inputTaskIds(["task_10/task.json", "task_2/task.json", "task_3/", "notes/task.json"]), ["task_2", "task_10"]);
  const folder = new tabeq.PredictionsFolderRun(["task_1/", "task_1/prediction.csv"], null, ["task_1", "task_2"]);
  assert.ok(folder instanceof tabeq.PredictionsFolderRun);
  assert.deepEqual(folder.reads, [["task_1", "task_1/prediction.csv"]]);
  folder.check("task_1", "a\n1\n");
  assert.deepEqual(folder.report().missing_tasks, ["task_2"]);
  folder.free();
  const run = new tabeq.SubmissionRun([{ name: "task_1.json", content: CONFIG }], ["task_1"]);
  assert.ok(run instanceof tabeq.SubmissionRun);
  assert.equal(Object.getPrototypeOf(run), tabeq.SubmissionRun.prototype);
  run.free();
  const gold = new tabeq.Gold(new TextEncoder().encode(GOLD), JSON.parse(CONFIG));
  assert.ok(gold instanceof tabeq.Gold);
  assert.equal(gold.partialCredit(["x\n3\n"])[0].rows.f1, 1);
  gold.free();
});
