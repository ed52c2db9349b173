// The KDD Cup 2026 Phase-1 module (pkg-node/tabeq_kddcup.js) against what the official scorer
// produced: every committed vector (tests/kddcup/vectors.jsonl: cells and whole tasks, written by
// tests/kddcup/differential.py from the official package) and the official `dabench score-run`
// reports of the fixture run (tests/kddcup/cli/expected.json, recorded by record.py from the run
// in fixture.json), text for text apart from `evaluated_at`; the reader check without gold; coded
// errors for fatal runs and hostile arguments.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { test } from "node:test";

import { ROOT, tabeq, tabeqKddcup as kddcup } from "./helpers.mjs";

const unhex = (text) => Uint8Array.from(text.match(/../g) ?? [], (byte) => parseInt(byte, 16));
const FIXTURE = JSON.parse(readFileSync(join(ROOT, "tests", "kddcup", "cli", "fixture.json"), "utf8"));
const EXPECTED = JSON.parse(readFileSync(join(ROOT, "tests", "kddcup", "cli", "expected.json"), "utf8"));
const filesOf = (part) => Object.fromEntries(Object.entries(part).map(([task, hex]) => [task, unhex(hex)]));

/** The fixture run as kddcupScoreRun takes it (gold "other" is not a task: the core drops it). */
const fixtureRun = () => ({
  predictions: filesOf(FIXTURE.predictions),
  gold: { ...filesOf(FIXTURE.gold), ...filesOf(FIXTURE.gold_not_tasks) },
  taskJson: filesOf(FIXTURE.task_json),
});

/** A Python float's repr (`inf`, `-inf`, `nan` included) as a number. */
const pyFloat = (text) => ({ inf: Infinity, "-inf": -Infinity, nan: NaN })[text] ?? Number(text);
/** A vector's float (Python repr text) equals the module's number, sign of zero included. */
const sameFloat = (text, value) => Object.is(pyFloat(text), value);

test("every official vector holds: normalize_cell and score_task(...).to_dict(), error texts included", () => {
  const lines = readFileSync(join(ROOT, "tests", "kddcup", "vectors.jsonl"), "utf8").split("\n").filter(Boolean);
  let cells = 0;
  let tasks = 0;
  const wrong = [];
  for (const line of lines) {
    const { case: c, official } = JSON.parse(line);
    if (c.kind === "cell") {
      cells += 1;
      const got = kddcup.kddcupNormalizeCell(c.value, c.strict);
      if (got !== official) wrong.push({ c, official, got });
      continue;
    }
    tasks += 1;
    const options = { penaltyWeight: pyFloat(c.weight), strictCommas: c.strict, predictionPath: "P/prediction.csv", goldPath: "G/gold.csv" };
    let got;
    try {
      got = kddcup.kddcupScoreTask(c.pred === null ? null : unhex(c.pred), unhex(c.gold), options);
    } catch (error) {
      got = { fatal: error.message, code: error.code };
    }
    if ("fatal" in official) {
      if (got.fatal !== official.fatal || !String(got.code).startsWith("kddcup_")) wrong.push({ c, official, got });
      continue;
    }
    const { score, recall, penalty, ...rest } = official;
    const ok =
      sameFloat(score, got.score) &&
      sameFloat(recall, got.recall) &&
      sameFloat(penalty, got.penalty) &&
      JSON.stringify(Object.keys(got)) === JSON.stringify(Object.keys(official)) &&
      Object.entries(rest).every(([key, value]) => JSON.stringify(got[key]) === JSON.stringify(value));
    if (!ok) wrong.push({ c, official, got });
  }
  assert.ok(cells >= 4000 && tasks >= 500, `${cells} cells, ${tasks} tasks`);
  assert.deepEqual(wrong.slice(0, 3), []);
});

test("the fixture run's report is the official score-run's text for every recorded weight and comma mode", () => {
  assert.equal(EXPECTED.length, 4);
  for (const { penalty_weight: penaltyWeight, strict_commas: strictCommas, report } of EXPECTED) {
    const result = kddcup.kddcupScoreRun(fixtureRun(), { predictionsRoot: "run", goldRoot: "gold", inputRoot: "input", penaltyWeight, strictCommas, evaluatedAt: "" });
    assert.equal(result.json, report, `weight ${penaltyWeight}, strict ${strictCommas}`);
    // The object is the text's JSON.
    assert.deepEqual(result.report, JSON.parse(report));
    assert.equal(result.difficulties.length, result.report.aggregate.task_count);
  }
  const [first] = EXPECTED;
  const result = kddcup.kddcupScoreRun(fixtureRun(), { evaluatedAt: "2026-12-06T03:00:00Z" });
  // The defaults are the official's (weight 0.1, loose commas, roots run/gold/input).
  assert.equal(result.json, first.report.replace('"evaluated_at": ""', '"evaluated_at": "2026-12-06T03:00:00Z"'));
  assert.match(result.summary, /^Total score: 0\.4352 \(4\/9 tasks non-zero; 1 missing\)$/);
  // -0.0 is a valid weight, printed as such.
  const negativeZero = kddcup.kddcupScoreRun(fixtureRun(), { penaltyWeight: -0 });
  assert.ok(Object.is(negativeZero.report.meta.penalty_weight, -0));
  assert.match(negativeZero.json, /"penalty_weight": -0\.0,/);
});

test("the task order, the difficulties and the statuses of the fixture run", () => {
  const { report, difficulties } = kddcup.kddcupScoreRun(fixtureRun());
  assert.deepEqual(Object.keys(report.per_task), ["task_1", "task_2", "task_3", "task_4", "task_5", "task_6", "task_10", "task_\u0661\u0662", "task_abc"]);
  assert.deepEqual(difficulties, ["easy", "1.0", "['hard']", "easy", "unknown", "unknown", "None", "unknown", "unknown"]);
  const status = Object.fromEntries(Object.entries(report.per_task).map(([id, s]) => [id, s.status]));
  assert.equal(status.task_3, "missing_prediction");
  assert.equal(status.task_4, "read_error:UnicodeDecodeError");
  assert.equal(status.task_6, "read_error:ValueError");
  assert.equal(report.per_task.task_6.error, "CSV has no header: run/task_6/prediction.csv");
  // The paths in messages are the roots as given.
  const renamed = kddcup.kddcupScoreRun(fixtureRun(), { predictionsRoot: "my run" });
  assert.equal(renamed.report.per_task.task_6.error, "CSV has no header: my run/task_6/prediction.csv");
  // Without an input folder every difficulty is unknown.
  const noInput = kddcup.kddcupScoreRun({ ...fixtureRun(), taskJson: null });
  assert.equal(noInput.report.meta.input_root, null);
  assert.deepEqual(Object.keys(noInput.report.aggregate.by_difficulty), ["unknown"]);
});

test("the reader check names every prediction the official would score read_error, with line and column, without gold", () => {
  const { report } = kddcup.kddcupScoreRun(fixtureRun());
  for (const [task, hex] of Object.entries(FIXTURE.predictions)) {
    const path = `run/${task}/prediction.csv`;
    const refusal = kddcup.kddcupReaderCheck(unhex(hex), path);
    const official = report.per_task[task];
    if (official.status.startsWith("read_error:")) {
      assert.ok(refusal, task);
      assert.equal(refusal.status, official.status, task);
      assert.equal(refusal.error, official.error, task);
      assert.ok(Number.isInteger(refusal.line) && refusal.line >= 1, task);
    } else {
      assert.equal(refusal, null, task);
    }
  }
  const quote = kddcup.kddcupReaderCheck('a,b\n"x"y,1\n', "p.csv");
  assert.deepEqual({ line: quote.line, column: quote.column, status: quote.status }, { line: 2, column: 4, status: "read_error:Error" });
  assert.equal(kddcup.kddcupReaderCheck("a\n\0\n"), null, "a NUL byte is fine in this scorer");
});

test("fatal runs throw the official message with a kddcup code", () => {
  const fatal = (files, options) => {
    try {
      kddcup.kddcupScoreRun(files, options);
    } catch (error) {
      return { code: error.code, stage: error.stage, message: error.message, name: error.name };
    }
    assert.fail("expected a throw");
  };
  assert.deepEqual(fatal({ predictions: {}, gold: {} }, { goldRoot: "g" }), {
    code: "kddcup_no_gold",
    stage: "kddcup",
    message: "No task_*/gold.csv files found under g",
    name: "TabeqError",
  });
  assert.equal(fatal(fixtureRun(), { penaltyWeight: -0.5 }).code, "kddcup_penalty_negative");
  // A gold read only because its prediction exists: an invalid one stops the run.
  const badGold = fatal({ predictions: { task_1: "a\n1\n" }, gold: { task_1: "a,b\n1\n" } });
  assert.equal(badGold.code, "kddcup_gold_invalid");
  // ... and an invalid gold without a prediction is never read.
  const unread = kddcup.kddcupScoreRun({ predictions: {}, gold: { task_1: "a,b\n1\n" } });
  assert.equal(unread.report.per_task.task_1.status, "missing_prediction");
  // Every code thrown is catalogued in the kddcup family.
  const family = new Set(tabeq.errorCodes().filter((e) => e.family === "kddcup").map((e) => e.code));
  for (const code of ["kddcup_no_gold", "kddcup_penalty_negative", "kddcup_gold_invalid"]) assert.ok(family.has(code), code);
  assert.deepEqual(new Set(kddcup.errorCodes().map((e) => e.code)), new Set(tabeq.errorCodes().map((e) => e.code)));
});

test("column_signature: sorted normalized cells joined by U+001F, hashed", () => {
  const a = kddcup.kddcupColumnSignature(["1,200", "Paris", " x "]);
  assert.match(a, /^sha256:[0-9a-f]{64}$/);
  assert.equal(kddcup.kddcupColumnSignature(["x", "1200.00", "Paris"]), a, "order, spaces and number forms do not matter");
  assert.notEqual(kddcup.kddcupColumnSignature(["x", "1200.00", "paris"]), a, "text keeps its case");
  assert.notEqual(kddcup.kddcupColumnSignature(["1,200", "Paris", "x"], true), a, "strict commas keep 1,200 as text");
  // Two cells joined by U+001F hash like one cell holding it.
  assert.equal(kddcup.kddcupColumnSignature(["a", "b"]), kddcup.kddcupColumnSignature(["a\u001fb"]));
});

test("kddcupExplainTask: each missed gold column with its closest prediction column, no gold value at the participant level", () => {
  const gold = "city,total,year\nParis,10,2024\nOslo,20,2024\n";
  const prediction = "c,n,y\nParis,10,2024\nOslo,21,2024\n";
  const e = kddcup.kddcupExplainTask(prediction, gold);
  assert.deepEqual(e.score, kddcup.kddcupScoreTask(prediction, gold));
  assert.equal(e.gold_values_shown, false);
  assert.deepEqual(e.extra_prediction_columns, [1]);
  assert.deepEqual(e.missed_columns, [
    {
      gold_index: 1,
      gold_name: "total",
      gold_rows: 2,
      closest: {
        prediction_index: 1,
        prediction_name: "n",
        shared_values: 1,
        prediction_rows: 2,
        first_difference: { position: 1, prediction_value: "21.00", prediction_cell: "21", gold_value: null, gold_ended: false },
      },
    },
  ]);
  assert.doesNotMatch(JSON.stringify(e), /20\.00|"20"/, "no gold value");
  const full = kddcup.kddcupExplainTask(prediction, gold, { showGoldValues: true });
  assert.equal(full.missed_columns[0].closest.first_difference.gold_value, "20.00");
  // Two gold columns of one signature, one such prediction column: the second gold column's closest
  // column holds the same values (its partner is the first), so there is no first difference.
  const twice = kddcup.kddcupExplainTask('"c0"\n', "a,b\n");
  assert.deepEqual(twice.missed_columns.map((m) => [m.gold_index, m.closest.prediction_index, m.closest.first_difference]), [[1, 0, null]]);
  // Over the committed official task vectors: as many missed columns as unmatched gold signatures.
  const lines = readFileSync(join(ROOT, "tests", "kddcup", "vectors.jsonl"), "utf8").split("\n").filter(Boolean);
  let explained = 0;
  for (const line of lines) {
    const { case: c, official } = JSON.parse(line);
    if (c.kind !== "task" || "fatal" in official || c.pred === null) continue;
    const x = kddcup.kddcupExplainTask(unhex(c.pred), unhex(c.gold), { penaltyWeight: pyFloat(c.weight), strictCommas: c.strict });
    assert.equal(x.score.status, official.status);
    assert.equal(x.missed_columns.length, official.status.startsWith("read_error:") ? 0 : official.missing_gold_signatures.length);
    for (const m of x.missed_columns) assert.equal(m.closest?.first_difference?.gold_value ?? null, null);
    explained += x.missed_columns.length ? 1 : 0;
  }
  assert.ok(explained > 100, `${explained} explained`);
});

test("hostile arguments are coded errors, never a trap", () => {
  const code = (f) => {
    try {
      f();
    } catch (error) {
      return error.code;
    }
    return "no error";
  };
  assert.equal(code(() => kddcup.kddcupScoreRun(null)), "invalid_argument");
  assert.equal(code(() => kddcup.kddcupScoreRun({ predictions: [], gold: {} })), "invalid_argument");
  assert.equal(code(() => kddcup.kddcupScoreRun({ predictions: { task_1: 5 }, gold: { task_1: "a\n1\n" } })), "invalid_argument");
  assert.equal(code(() => kddcup.kddcupScoreRun(fixtureRun(), { penaltyWeight: "0.1" })), "invalid_argument");
  const throwing = { get task_1() { throw new Error("boom"); } };
  assert.notEqual(code(() => kddcup.kddcupScoreRun({ predictions: throwing, gold: { task_1: "a\n1\n" } })), "no error");
  assert.equal(code(() => kddcup.kddcupColumnSignature([1])), "invalid_argument");
  assert.equal(code(() => kddcup.kddcupScoreTask("a\n1\n", "a\n1\n", { penaltyWeight: {} })), "invalid_argument");
  // The module still works after each.
  assert.equal(kddcup.kddcupScoreTask("a\n1\n", "x\n1.0\n").status, "perfect_match");
});

test("the JavaScript example of docs/kddcup.md runs and gives what its comments say", () => {
  const page = readFileSync(join(ROOT, "docs", "kddcup.md"), "utf8");
  const block = /```js\n([\s\S]*?)```\n/.exec(page.slice(page.indexOf("## JavaScript")))[1];
  const checks = [];
  // `EXPR;  // "value"` lines assert their value; the other comments are prose.
  const code = block.replace(/^(.+?);\s*\/\/ (".*")$/gm, (_, expr, value) => {
    checks.push(value);
    return `__check(${expr}, ${value});`;
  });
  const seen = [];
  const requireFromRoot = (path) => (path.startsWith("./") ? createRequire(join(ROOT, "x.js"))(path) : assert.fail(path));
  new Function("require", "__check", code)(requireFromRoot, (got, want) => {
    assert.equal(got, want);
    seen.push(want);
  });
  assert.equal(seen.length, checks.length);
  assert.ok(seen.length >= 3, block);
  // The reader check's documented answer.
  const documented = /kddcupReaderCheck\(('[^']*'), "([^"]*)"\);\n\/\/ (\{.*\})/.exec(block);
  const refusal = kddcup.kddcupReaderCheck(documented[1].slice(1, -1).replace(/\\n/g, "\n"), documented[2]);
  assert.equal(`{ status: ${JSON.stringify(refusal.status)}, error: ${JSON.stringify(refusal.error)}, line: ${refusal.line}, column: ${refusal.column} }`, documented[3]);
});
