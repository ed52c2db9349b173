// The .d.ts files (generated from the Rust types by `make types`, plus the hand-written functions
// and arguments) must describe what the module returns: for every declared interface, a real
// returned object has exactly the declared keys (optional ones may be absent), and the declared
// error-code unions list exactly the module's codes.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { fixtureConfig } from "../fixtures/fixtures.mjs";
import { ROOT, tabeq, tabeqKddcup, tabeqSpider2, tabeqTrust } from "./helpers.mjs";

/** Interfaces of a .d.ts: name -> {required: Set, optional: Set} (top-level members, with
 * those of the interfaces it extends). */
function interfaces(file) {
  const text = readFileSync(join(ROOT, "bindings-wasm", "types", file), "utf8");
  const out = new Map();
  const bases = new Map();
  const re = /^export interface (\w+)(?: extends ([\w, ]+))? \{( .*\})?$/gm;
  let match;
  while ((match = re.exec(text))) {
    const required = new Set();
    const optional = new Set();
    // A short interface is on one line: `{ a: string; b?: number }`.
    if (match[3]) {
      for (const member of match[3].matchAll(/(?:^ |; )(\w+)(\?)?:/g)) (member[2] ? optional : required).add(member[1]);
    }
    let depth = match[3] ? 0 : 1;
    let i = re.lastIndex;
    for (const line of depth ? text.slice(i).split("\n") : []) {
      if (depth === 1) {
        // One member per line, or several separated by "; " on one line.
        for (const member of line.matchAll(/(?:^ {2}|; )(\w+)(\?)?:/g)) (member[2] ? optional : required).add(member[1]);
      }
      depth += (line.match(/[{[(]/g) ?? []).length - (line.match(/[}\])]/g) ?? []).length;
      if (depth <= 0) break;
    }
    out.set(match[1], { required, optional });
    bases.set(match[1], match[2] ? match[2].split(",").map((b) => b.trim()) : []);
  }
  const inherit = (name, spec) => {
    for (const base of bases.get(name) ?? []) {
      const from = out.get(base);
      if (!from) continue;
      inherit(base, from);
      for (const key of from.required) spec.required.add(key);
      for (const key of from.optional) spec.optional.add(key);
    }
  };
  for (const [name, spec] of out) inherit(name, spec);
  return out;
}

/** String literals of `export type NAME = | "a" | "b";`. */
function unionLiterals(file, name) {
  const text = readFileSync(join(ROOT, "bindings-wasm", "types", file), "utf8");
  const match = new RegExp(`export type ${name} =([^;]+);`).exec(text);
  assert.ok(match, `type ${name} in ${file}`);
  return new Set([...match[1].matchAll(/"([a-z_0-9]+)"/g)].map((m) => m[1]));
}

function assertShape(decl, name, object) {
  const spec = decl.get(name);
  assert.ok(spec, `interface ${name} is declared`);
  assert.equal(typeof object, "object", name);
  assert.notEqual(object, null, name);
  const keys = new Set(Object.keys(object));
  for (const key of spec.required) assert.ok(keys.has(key), `${name}.${key} is declared but missing`);
  for (const key of keys) {
    assert.ok(spec.required.has(key) || spec.optional.has(key), `${name}.${key} is returned but not declared`);
  }
}

const CONFIG = fixtureConfig("day_amount_ordered");
const GOLD = "day,amount\n2024-01-01,1.25\n2024-01-02,2.50\n2024-01-03,3.75\n";

test("evaluator objects match tabeq.d.ts", () => {
  const decl = interfaces("tabeq.d.ts");
  const passed = tabeq.evaluate("d,a\n2024-01-01,1.25\n2024-01-02,2.5\n2024-01-03,3.75\n", GOLD, CONFIG);
  assertShape(decl, "TaskResult", passed);
  assertShape(decl, "ColumnPair", passed.column_mapping[0]);

  const report = tabeq.validatePrediction("d,a,x\n2024-01-01,1.25,q\nsoon,2.5,r\n", CONFIG);
  assertShape(decl, "ValidationReport", report);
  const folder = new tabeq.PredictionsFolderRun(["task_1/", "task_1/prediction.csv", "notes.txt"], [{ name: "task_1.json", content: JSON.stringify({ ...CONFIG, task_id: "task_1" }) }], null);
  const task = folder.check("task_1", "d,a\n2024-01-01\n");
  assertShape(decl, "FolderTask", task);
  assertShape(decl, "FolderProblem", task.problems[0]);
  assertShape(decl, "TextPosition", task.problems[0].position);
  assertShape(decl, "PredictionsReport", folder.report());
  folder.free();
  assertShape(decl, "ColumnReadability", report.columns[0]);
  assertShape(decl, "BadCell", report.columns[0].unreadable[0]);
  const broken = tabeq.validatePrediction('a\n"x', CONFIG);
  assertShape(decl, "CsvProblem", broken.csv_error);
  const readable = tabeq.validatePrediction("d,a\n2024-01-01,1\n", CONFIG);
  assertShape(decl, "ColumnPair", readable.type_compatible_mapping[0]);

  for (const entry of tabeq.errorCodes()) assertShape(decl, "ErrorCodeEntry", entry);
  const view = tabeq.readTable("a,b\n1,2\n3,4\n", { maxRows: 1 });
  assertShape(decl, "TableView", view);
  assert.deepEqual(view, { headers: ["a", "b"], row_count: 2, column_count: 2, rows: [["1", "2"]] });
  assert.throws(() => tabeq.readTable('a\n"x'), { code: "csv_unterminated_quote", stage: "csv" });

  // A failing ordered task with an extra column, rounding and a wrong order, and one with
  // extra rows, so every part of the diagnosis is present.
  const diagnoses = [
    tabeq.explain("d,a,x\n2024-01-02,2.5,1\n2024-01-01,1.3,2\n2024-01-03,3.75,3\n", GOLD, CONFIG),
    tabeq.explain("d,a\n2024-01-02,2.5\n2024-01-01,1.25\n2024-01-03,3.75\n", GOLD, CONFIG),
    tabeq.explain("d,a\n2024-01-01,1.25\n2024-01-01,1.25\n2024-01-02,2.50\n2024-01-03,3.75\n", GOLD, CONFIG),
    tabeq.explain("d,a\nsoon,1\n", GOLD, CONFIG),
    tabeq.explain(null, GOLD, CONFIG),
  ];
  const seen = new Set();
  const see = (name, object) => {
    if (object === null || object === undefined) return;
    assertShape(decl, name, object);
    seen.add(name);
  };
  for (const d of diagnoses) {
    see("Diagnosis", d);
    see("TaskResult", d.result);
    see("DiagnosisShape", d.shape);
    see("DiagnosisGrain", d.shape?.grain);
    see("DiagnosisTypes", d.types);
    for (const c of d.types?.columns ?? []) {
      see("DiagnosisColumnTypes", c);
      for (const cell of c.incompatible) see("OffendingCell", cell);
    }
    see("DiagnosisMapping", d.mapping);
    for (const p of d.mapping?.pairs ?? []) see("DiagnosisPair", p);
    see("DiagnosisRows", d.rows);
    for (const r of [...(d.rows?.missing ?? []), ...(d.rows?.extra ?? [])]) see("ShownRow", r);
    see("DiagnosisOrder", d.rows?.order);
    for (const h of d.hints) see("DiagnosisHint", h);
    see("PartialCredit", d.partial_credit);
  }
  for (const name of [
    "DiagnosisShape",
    "DiagnosisGrain",
    "DiagnosisTypes",
    "DiagnosisColumnTypes",
    "OffendingCell",
    "DiagnosisMapping",
    "DiagnosisPair",
    "DiagnosisRows",
    "ShownRow",
    "DiagnosisOrder",
    "DiagnosisHint",
  ]) {
    assert.ok(seen.has(name), `no ${name} was produced to check`);
  }
  const hintNames = unionLiterals("tabeq.d.ts", "HintName");
  for (const d of diagnoses) for (const h of d.hints) assert.ok(hintNames.has(h.name), h.name);

  const run = new tabeq.SuiteRun([{ name: "task_3.json", content: JSON.stringify(CONFIG) }], []);
  run.scoreTask("task_3", null, GOLD);
  assertShape(decl, "SuiteSummary", run.summary());
  const config = run.taskConfig("task_3");
  assertShape(decl, "TaskConfigObject", config);
  for (const column of config.columns) assertShape(decl, "ColumnConfig", column);
  run.free();

  for (const d of diagnoses) assertShape(decl, "DiagnosisColumns", d.columns);
  const gold = new tabeq.Gold(GOLD, CONFIG);
  assertShape(decl, "TaskConfigObject", gold.config);
  for (const credit of gold.partialCredit(["d,a\n2024-01-01,1.25\n", null])) {
    assertShape(decl, "PartialCredit", credit);
    assertShape(decl, "ColumnSignatureScore", credit.column_signature);
    assertShape(decl, "RowScores", credit.rows);
    assertShape(decl, "ColumnScores", credit.columns);
  }
  gold.free();
  const warnings = tabeq.configWarnings({ ...CONFIG, allow_percent: true });
  assert.ok(warnings.length > 0);
  for (const w of warnings) assertShape(decl, "ConfigWarning", w);
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
  assertShape(decl, "SniffedFile", tabeq.sniffFile(png));
  const submission = new tabeq.SubmissionRun([{ name: "task_3.json", content: JSON.stringify(CONFIG) }], ["task_3"]);
  assertShape(decl, "SubmissionTask", submission.checkTask("task_3", png));
  assertShape(decl, "SubmissionReport", submission.report());
  submission.free();

  try {
    tabeq.evaluate("a\n1\n", "bad", CONFIG);
    assert.fail("expected a throw");
  } catch (error) {
    const { code, stage, taskId, line, name } = error;
    assertShape(decl, "TabeqError", { code, stage, taskId, line, name });
    assert.deepEqual(Object.keys(error).sort(), ["code", "line", "name", "stage", "taskId"]);
  }
});

test("declared error-code unions are exactly the module's codes", () => {
  const byFamily = new Map();
  for (const { code, family } of tabeq.errorCodes()) {
    if (!byFamily.has(family)) byFamily.set(family, new Set());
    byFamily.get(family).add(code);
  }
  assert.deepEqual(unionLiterals("tabeq.d.ts", "TaskErrorCode"), byFamily.get("task"));
  assert.deepEqual(unionLiterals("tabeq.d.ts", "CsvErrorCode"), byFamily.get("csv"));
  assert.deepEqual(unionLiterals("tabeq.d.ts", "CellErrorCode"), byFamily.get("cell"));
  assert.deepEqual(unionLiterals("tabeq.d.ts", "FatalErrorCode"), byFamily.get("fatal"));
  assert.deepEqual(unionLiterals("tabeq.d.ts", "BindingErrorCode"), byFamily.get("binding"));
  assert.deepEqual(unionLiterals("tabeq.d.ts", "SubmissionErrorCode"), byFamily.get("submission"));
  assert.deepEqual(unionLiterals("tabeq.d.ts", "Spider2ErrorCode"), byFamily.get("spider2"));
  assert.deepEqual(unionLiterals("tabeq.d.ts", "KddcupErrorCode"), byFamily.get("kddcup"));
  assert.deepEqual(unionLiterals("tabeq_trust.d.ts", "TrustErrorCode"), byFamily.get("trust"));
  assert.deepEqual(new Set(tabeqTrust.errorCodes().map((e) => e.code)), new Set(tabeq.errorCodes().map((e) => e.code)));
});

test("KDD Cup objects match tabeq_kddcup.d.ts", () => {
  const decl = interfaces("tabeq_kddcup.d.ts");
  assertShape(decl, "KddcupTaskScore", tabeqKddcup.kddcupScoreTask("a,b\n1,2\n", "x\n1\n"));
  assertShape(decl, "KddcupTaskScore", tabeqKddcup.kddcupScoreTask(null, "x\n1\n"));
  assertShape(decl, "KddcupReaderRefusal", tabeqKddcup.kddcupReaderCheck("a,b\n1\n"));
  const run = tabeqKddcup.kddcupScoreRun({ predictions: { task_1: "a\n1\n" }, gold: { task_1: "x\n1\n", task_2: "y\n2\n" }, taskJson: { task_1: '{"difficulty": "easy"}' } });
  assertShape(decl, "KddcupRunResult", run);
  assertShape(decl, "KddcupReport", run.report);
  assertShape(decl, "KddcupMeta", run.report.meta);
  assertShape(decl, "KddcupAggregate", run.report.aggregate);
  for (const stats of Object.values(run.report.aggregate.by_difficulty)) assertShape(decl, "KddcupDifficultyStats", stats);
  for (const score of Object.values(run.report.per_task)) assertShape(decl, "KddcupTaskScore", score);
});

test("trust objects match tabeq_trust.d.ts", () => {
  const decl = interfaces("tabeq_trust.d.ts");
  const reliabilityRecords = readFileSync(join(ROOT, "examples", "trust", "reliability.jsonl"));
  const rel = tabeqTrust.trustReliability(reliabilityRecords, { by: ["model", "dataset"], bootstrap: { resamples: 50, seed: 1 } });
  assertShape(decl, "ReliabilityReport", rel);
  assertShape(decl, "ReliabilityRow", rel.overall);
  assertShape(decl, "ReliabilityIntervals", rel.overall.ci);
  assertShape(decl, "BootstrapSettings", rel.bootstrap);
  for (const row of [...rel.groups, ...rel.families, ...rel.pooled]) assertShape(decl, "ReliabilityRow", row);
  assert.ok(rel.dataset_average.length > 0);
  for (const row of rel.dataset_average) assertShape(decl, "ReliabilityAverage", row);
  assert.ok(rel.rank_agreement.length > 0);
  for (const row of rel.rank_agreement) assertShape(decl, "RankAgreement", row);

  const robustnessRecords = readFileSync(join(ROOT, "examples", "trust", "robustness.jsonl"), "utf8");
  const rob = tabeqTrust.trustRobustness(robustnessRecords, { by: "model,dataset" });
  assertShape(decl, "RobustnessReport", rob);
  for (const row of [rob.overall, ...rob.groups]) {
    assertShape(decl, "RobustnessRow", row);
    for (const op of row.asr_by_operator) assertShape(decl, "OperatorAsr", op);
    for (const level of row.asr_by_level) assertShape(decl, "LevelAsr", level);
  }
  for (const row of rob.dataset_average) assertShape(decl, "RobustnessAverage", row);

  const compared = tabeqTrust.trustRobustness(robustnessRecords, { by: "model,dataset", compare: true, bootstrap: { resamples: 20, seed: 1 } });
  assert.ok(compared.comparisons.length > 0);
  for (const c of compared.comparisons) assertShape(decl, "Comparison", c);
  assertShape(decl, "RobustnessIntervals", compared.overall.ci);
  assert.ok(rob.level_trend);
  assertShape(decl, "LevelTrend", rob.level_trend);
  for (const op of rob.level_trend.operators) assertShape(decl, "OperatorLevelAsr", op);
  assert.ok(rob.dataset_average.length > 0 && rob.findings.length > 0);
  for (const row of rob.dataset_average) {
    for (const op of row.asr_by_operator) assertShape(decl, "OperatorAverageAsr", op);
    for (const level of row.asr_by_level) assertShape(decl, "LevelAverageAsr", level);
  }
  for (const finding of [...rel.findings, ...rob.findings]) assertShape(decl, "Finding", finding);

  const spearman = tabeqTrust.trustSpearman({ x: [1, 2, 3, 4], y: [1, 3, 2, 4] });
  assertShape(decl, "SpearmanResult", spearman);
  for (const op of tabeqTrust.trustOperators()) assertShape(decl, "OperatorInfo", op);
});

test("Spider 2.0 objects match tabeq_spider2.d.ts", () => {
  const decl = interfaces("tabeq_spider2.d.ts");
  const gold = "name,total\nalice,10\nbob,20\n";
  const results = [
    tabeqSpider2.spider2Compare("who,total\nalice,20\nbob,10\n", gold, { ignoreOrder: true, explain: "text" }),
    tabeqSpider2.spider2Compare("who,total\nalice,10\nbob,20.5\n", [gold, "x\n1\n"], { conditionCols: [[0, 1], [0]] }),
    tabeqSpider2.spider2Compare('a\n"x\n', gold),
  ];
  const seen = new Set();
  const see = (name, object) => {
    assertShape(decl, name, object);
    seen.add(name);
  };
  for (const r of results) {
    see("Spider2Result", r);
    if (r.error) see("Spider2Error", r.error);
    for (const w of r.warnings) see("Spider2Warning", w);
    for (const g of r.golds) {
      see("Spider2GoldReport", g);
      for (const c of g.compared) {
        see("Spider2ColumnReport", c);
        if (c.closest) see("Spider2Closest", c.closest);
        for (const m of c.closest?.mismatches ?? []) see("Spider2Mismatch", m);
      }
    }
  }
  for (const entry of tabeqSpider2.spider2Codes()) see("Spider2CodeEntry", entry);
  for (const [r1, r2] of [["[[1.0, 10]]", "[[10.0, 1]]"], [[[1, 2]], [[2, 1]]], [[[1, 2], [2, 1]], [[1, 2], [1, 2]]], [[], []]]) {
    see("SqlResultEq", tabeqSpider2.sqlResultEq(r1, r2, false));
  }
  // Spider2Outcome is checked as the Spider2Result that extends it; the options are an input.
  for (const name of decl.keys()) if (!["Spider2Options", "Spider2Outcome"].includes(name)) assert.ok(seen.has(name), `no ${name} was produced to check`);
});

test("hand-written declarations stay within 150 lines (the rest is generated by make types)", () => {
  const dir = join(ROOT, "bindings-wasm", "types");
  let hand = 0;
  for (const name of readdirSync(dir).filter((n) => n.endsWith(".d.ts"))) {
    let generated = false;
    for (const line of readFileSync(join(dir, name), "utf8").replace(/\n$/, "").split("\n")) {
      if (line.startsWith("// </generated: ")) generated = false;
      else if (!generated) hand += 1;
      if (line.startsWith("// <generated: ")) generated = true;
    }
  }
  assert.ok(hand > 0 && hand <= 150, `${hand} hand-written lines`);
});
