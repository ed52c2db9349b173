// The module hands its reports to JavaScript as objects built from the core's JSON tree, with no
// JSON text in between (serde-wasm-bindgen). They must be exactly what JSON.parse makes of the
// core's JSON text: the same keys in the same order, the same nulls, numbers and strings (so no
// NaN or Infinity either), plain objects and arrays. The texts: summaryJson() for the records of
// every vector, and the core's own JSON of every other output (core/examples/js_outputs.rs,
// error_catalogue.rs, in core/trust) for a sample of the vectors.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, before, test } from "node:test";

import { conformanceCases, ROOT, tabeq } from "./helpers.mjs";

const cases = [...conformanceCases(), ...conformanceCases("unicode_cases.jsonl")];
const OPTIONS = { configFileName: "task_1.json" };
const NAME = "task_1.json";

/** deepStrictEqual (values, nulls, prototypes) and the same text, so the same key order too. */
function same(actual, expected, label) {
  assert.deepStrictEqual(actual, expected, label);
  assert.equal(JSON.stringify(actual), JSON.stringify(expected), `${label}: key order`);
}

test("records: evaluate, Gold, SuiteRun.scoreTask and summary() are JSON.parse of summaryJson() on every vector", () => {
  let compared = 0;
  for (const c of cases) {
    let run;
    try {
      run = new tabeq.SuiteRun([{ name: NAME, content: c.config }], ["task_1"]);
    } catch {
      continue; // a fatal config: no record to compare
    }
    try {
      const [taskId] = run.taskIds;
      try {
        run.scoreTask(taskId, c.prediction, c.gold);
      } catch {
        continue; // a fatal gold
      }
      const summary = JSON.parse(run.summaryJson());
      same(run.summary(), summary, `${c.id} summary()`);
      const [record] = summary.tasks;
      same(run.scoreTask(taskId, c.prediction, c.gold), record, `${c.id} scoreTask`);
      same(tabeq.evaluate(c.prediction, c.gold, c.config, OPTIONS), record, `${c.id} evaluate`);
      const gold = new tabeq.Gold(c.gold, c.config, OPTIONS);
      try {
        same(gold.evaluate(c.prediction), record, `${c.id} Gold.evaluate`);
        same(gold.evaluateMany([c.prediction, null]), [record, gold.evaluate(null)], `${c.id} Gold.evaluateMany`);
      } finally {
        gold.free();
      }
      compared++;
    } finally {
      run.free();
    }
  }
  assert.ok(compared > 2900, `compared ${compared}`);
});

// ---------- every other output, against the core's JSON text ----------

const targetDir = resolve(ROOT, process.env.CARGO_TARGET_DIR ?? "target");
const example = (name) => join(targetDir, "ci", "examples", name);
let work;

before(() => {
  // The core's side, built (quickly when it is up to date) with the profile the Rust tests use.
  const args = ["build", "-q", "--profile", "ci", "-p", "tabeq", "-p", "tabeq-trust", "--example", "js_outputs", "--example", "error_catalogue"];
  execFileSync("cargo", args, { cwd: ROOT, stdio: "inherit" });
  work = mkdtempSync(join(tmpdir(), "tabeq-objects-"));
});
after(() => rmSync(work, { recursive: true, force: true }));

/** Call `f` with a Gold of the case (freed after). */
function withGold(c, f) {
  const gold = new tabeq.Gold(c.gold, c.config, OPTIONS);
  try {
    return f(gold);
  } finally {
    gold.free();
  }
}

/** Each member of js_outputs' object, as the module's functions give it. */
const CALLS = {
  evaluate: (c) => tabeq.evaluate(c.prediction, c.gold, c.config, OPTIONS),
  explain: (c) => tabeq.explain(c.prediction, c.gold, c.config, OPTIONS),
  explainDocument: (c) => tabeq.explainDocument(c.prediction, c.gold, c.config, OPTIONS),
  validatePrediction: (c) => tabeq.validatePrediction(c.prediction, c.config, OPTIONS),
  validationDocument: (c) => tabeq.validationDocument(c.prediction, c.config, OPTIONS),
  configWarnings: (c) => tabeq.configWarnings(c.config),
  readTable: (c) => tabeq.readTable(c.gold, { maxRows: 100 }),
  "Gold.config": (c) => withGold(c, (gold) => gold.config),
  "Gold.partialCredit": (c) => withGold(c, (gold) => [false, true].map((signatureStrict) => gold.partialCredit([c.prediction], { signatureStrict })[0])),
  "SubmissionRun.report": (c) => {
    const run = new tabeq.SubmissionRun([{ name: NAME, content: c.config }], ["task_1"]);
    try {
      const task = run.checkTask("task_1", c.prediction);
      const report = run.report();
      same(task, report.tasks[0], "checkTask");
      return report;
    } finally {
      run.free();
    }
  },
};

/** The core's JSON text of every output of a case, parsed. */
function coreOutputs(c, i) {
  const path = (name, content) => {
    if (content === null) return "-";
    const file = join(work, `${i}-${name}`);
    writeFileSync(file, content);
    return file;
  };
  const text = execFileSync(example("js_outputs"), [path("prediction.csv", c.prediction), path("gold.csv", c.gold), path(NAME, c.config)], { encoding: "utf8" });
  return JSON.parse(text);
}

test("every other report is JSON.parse of the core's JSON text (a sample of the vectors)", () => {
  const sample = cases.filter((_, i) => i % 7 === 0);
  const seen = new Map(Object.keys(CALLS).map((name) => [name, 0]));
  sample.forEach((c, i) => {
    const outputs = coreOutputs(c, i);
    assert.deepEqual(Object.keys(outputs), Object.keys(CALLS));
    for (const [name, expected] of Object.entries(outputs)) {
      const label = `${c.id} ${name}`;
      if (typeof expected === "string" && expected.startsWith("error ")) {
        assert.throws(() => CALLS[name](c), { name: "TabeqError", code: expected.slice("error ".length) }, label);
        continue;
      }
      same(CALLS[name](c), expected, label);
      seen.set(name, seen.get(name) + 1);
    }
  });
  // Every function was compared on real outputs, not only on errors.
  for (const [name, count] of seen) assert.ok(count > 100, `${name}: compared ${count} times`);
});

test("errorCodes() of both modules is JSON.parse of the core's catalogue text", async () => {
  const { tabeqTrust } = await import("./helpers.mjs");
  const catalogue = JSON.parse(execFileSync(example("error_catalogue"), { encoding: "utf8" }));
  assert.ok(catalogue.length > 50);
  same(tabeq.errorCodes(), catalogue, "tabeq");
  same(tabeqTrust.errorCodes(), catalogue, "tabeq_trust");
});
