// Every conformance vector through the WebAssembly module, with the assertions of
// core/tests/conformance.rs (scored: passed, error_code, column_mapping, three counts; fatal: a
// thrown error of the right stage; official_crash / official_timeout: the intended result).
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { OFFICIAL_RECORD_KEYS as OFFICIAL_KEYS } from "../fixtures/fixtures.mjs";
import { conformanceCases, FATAL_STAGE_PREFIX, ROOT, scoredDifferences, tabeq } from "./helpers.mjs";

const cases = [...conformanceCases(), ...conformanceCases("unicode_cases.jsonl")];
const OPTIONS = { configFileName: "task_1.json" };

/** Check a call against a vector; returns a problem description or null. */
function check(testCase, call) {
  const { expected } = testCase;
  let result;
  try {
    result = call();
  } catch (error) {
    if (!(error instanceof Error) || error.name !== "TabeqError") {
      return `threw something other than a TabeqError: ${error}`;
    }
    if (expected.outcome !== "fatal") return `fatal ${error.code}: ${error.message}`;
    if (error.stage !== expected.stage) return `fatal stage ${error.stage}, want ${expected.stage}`;
    if (!error.code.startsWith(FATAL_STAGE_PREFIX[expected.stage])) {
      return `code ${error.code} does not belong to stage ${expected.stage}`;
    }
    return null;
  }
  if (expected.outcome === "fatal") return `scored ${result.error_code}, want fatal ${expected.stage}`;
  if (expected.outcome !== "scored") return `unknown outcome ${expected.outcome}`;
  if (JSON.stringify(Object.keys(result)) !== JSON.stringify(OFFICIAL_KEYS)) {
    return `keys ${Object.keys(result)}`;
  }
  const diffs = scoredDifferences(result, expected);
  return diffs.length ? diffs.join("; ") : null;
}

function assertAll(label, problems) {
  assert.ok(cases.length > 3000, `expected the full vector set, found ${cases.length}`);
  assert.equal(problems.length, 0, `${problems.length} of ${cases.length} cases failed (${label}):\n${problems.slice(0, 40).join("\n")}`);
}

test("every vector through evaluate()", () => {
  const problems = [];
  for (const c of cases) {
    const problem = check(c, () => tabeq.evaluate(c.prediction, c.gold, c.config, OPTIONS));
    if (problem) problems.push(`${c.id}: ${problem}`);
  }
  assertAll("evaluate", problems);
});

test("every vector through SuiteRun (configs/task_1.json, predictions/task_1)", () => {
  const problems = [];
  for (const c of cases) {
    const problem = check(c, () => {
      const run = new tabeq.SuiteRun([{ name: "task_1.json", content: c.config }], ["task_1"]);
      try {
        const [taskId] = run.taskIds;
        const result = run.scoreTask(taskId, c.prediction, c.gold);
        const summary = run.summary();
        assert.deepEqual(summary.tasks, [result]);
        assert.equal(summary.passed_task_count, result.passed ? 1 : 0);
        return result;
      } finally {
        run.free();
      }
    });
    if (problem) problems.push(`${c.id}: ${problem}`);
  }
  assertAll("SuiteRun", problems);
});

test("explain() keeps the official verdict of every vector", () => {
  const problems = [];
  for (const c of cases) {
    if (c.expected.outcome !== "scored") continue;
    const result = tabeq.evaluate(c.prediction, c.gold, c.config, OPTIONS);
    const diagnosis = tabeq.explain(c.prediction, c.gold, c.config, OPTIONS);
    try {
      assert.deepEqual(diagnosis.result, result);
      assert.equal(diagnosis.passed, result.passed);
      assert.equal(diagnosis.error_code, result.error_code);
      assert.ok(diagnosis.summary.length > 0);
    } catch (error) {
      problems.push(`${c.id}: ${error.message.split("\n")[0]}`);
    }
  }
  assertAll("explain", problems);
});

test("validatePrediction() agrees with every scored vector without seeing the gold", () => {
  const problems = [];
  let checked = 0;
  for (const c of cases) {
    const { expected } = c;
    if (expected.outcome === "fatal" && expected.stage === "config") {
      assert.throws(() => tabeq.validatePrediction(c.prediction, c.config, OPTIONS), { stage: "config" });
      continue;
    }
    if (expected.outcome !== "scored") continue;
    checked++;
    const report = tabeq.validatePrediction(c.prediction, c.config, OPTIONS);
    const code = expected.error_code ?? null;
    let want;
    if (["missing_prediction", "invalid_prediction_csv", "column_count_mismatch", "type_normalization_failed"].includes(code)) {
      want = [code];
    } else if (code === "row_count_mismatch") {
      want = [null, "type_normalization_failed"]; // the row count needs the gold
    } else {
      want = [null]; // passed or relation_mismatch: some mapping reads
    }
    if (!want.includes(report.error_code)) {
      problems.push(`${c.id}: validate says ${report.error_code}, evaluate says ${code}`);
      continue;
    }
    if (report.ok !== (report.error_code === null)) problems.push(`${c.id}: ok/error_code disagree`);
    if (expected.passed && Array.isArray(expected.column_mapping)) {
      // The official mapping reads column by column.
      expected.column_mapping.forEach((k, j) => {
        if (!report.columns[j].readable.includes(k)) {
          problems.push(`${c.id}: gold column ${j} should read prediction column ${k}`);
        }
      });
      if (report.type_compatible_mapping === null) problems.push(`${c.id}: no compatible mapping`);
    }
  }
  assert.ok(checked > 2500);
  assertAll("validatePrediction", problems);
});

test("the 120-task conformance suite reproduces expected_summary.json", () => {
  const suite = join(ROOT, "tests", "conformance", "suite");
  const configFiles = readdirSync(join(suite, "configs")).map((name) => ({
    name,
    content: readFileSync(join(suite, "configs", name)),
  }));
  const predictionDirs = readdirSync(join(suite, "predictions"));
  const read = (...parts) => {
    try {
      return readFileSync(join(suite, ...parts));
    } catch {
      return null;
    }
  };
  const run = new tabeq.SuiteRun(configFiles, predictionDirs);
  let progress = 0;
  for (const taskId of run.taskIds) {
    run.scoreTask(taskId, read("predictions", taskId, "prediction.csv"), read("gold", taskId, "gold.csv"));
    progress++;
    assert.equal(run.scoredCount, progress);
  }
  const summary = run.summary();
  const expected = JSON.parse(readFileSync(join(suite, "expected_summary.json"), "utf8"));
  assert.deepEqual(Object.keys(summary), Object.keys(expected));
  for (const key of Object.keys(expected)) {
    if (["evaluator", "evaluator_version", "tasks"].includes(key)) continue;
    assert.deepEqual(summary[key], expected[key], key);
  }
  assert.ok(summary.unscored_prediction_tasks.includes("task_999"));
  assert.equal(summary.tasks.length, expected.tasks.length);
  summary.tasks.forEach((task, i) => {
    const { error: _ours, ...rest } = task;
    const { error: _theirs, ...want } = expected.tasks[i];
    assert.deepEqual(rest, want, task.task_id);
  });
  const text = run.summaryJson();
  assert.ok(text.endsWith("}\n"));
  assert.deepEqual(JSON.parse(text), summary);
  run.free();
});
