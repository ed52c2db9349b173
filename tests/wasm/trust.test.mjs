// The trust-metrics module (tabeq_trust) in Node: the paper's own numbers, the bundled examples
// and the robustness-from-tables manifest scored by the evaluator inside the module.
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { test } from "node:test";

import { ROOT, tabeqTrust } from "./helpers.mjs";

const percent = (x) => Math.round(x * 10000) / 100;

function labelRecords(model, dataset, counts) {
  const lines = [];
  let id = 0;
  for (const [label, n] of Object.entries(counts)) {
    for (let i = 0; i < n; i++) {
      lines.push(JSON.stringify({ model, dataset, operator: "FDM", instance_id: `${dataset}-${id++}`, label }));
    }
  }
  return lines;
}

/** Every file under `dir`, by its path relative to `base` (a manifest's `files` argument). */
function filesUnder(base, dir) {
  const files = {};
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else files[relative(base, path)] = readFileSync(path);
    }
  };
  walk(dir);
  return files;
}

/**
 * `actual` is `expected` with the same keys in the same order, the same prototypes, and null
 * (never NaN or undefined) where `expected` has null. Numbers agree to 1e-12 relative: the
 * module's libm (Rust's, in WebAssembly) may round the last digit of a p-value differently from
 * the host's that wrote the fixture. Returns how many numbers differ at all.
 */
function assertSameObjects(actual, expected, path) {
  if (typeof expected === "number") {
    assert.equal(typeof actual, "number", path);
    if (Object.is(actual, expected)) return 0;
    assert.ok(Math.abs(actual - expected) <= 1e-12 * Math.abs(expected), `${path}: ${actual} vs ${expected}`);
    return 1;
  }
  if (expected === null || typeof expected !== "object") {
    assert.strictEqual(actual, expected, path);
    return 0;
  }
  assert.strictEqual(Object.getPrototypeOf(actual), Object.getPrototypeOf(expected), path);
  assert.deepStrictEqual(Object.keys(actual), Object.keys(expected), path);
  return Object.keys(expected).reduce((n, key) => n + assertSameObjects(actual[key], expected[key], `${path}.${key}`), 0);
}

// The shared fixtures (tests/fixtures/trust/): the module's objects are the core's JSON, parsed.
// The Rust test core/tests/trust_fixtures.rs checks that the core still writes those files.
test("reports reach JavaScript as the objects of the core's JSON, key order included", () => {
  const dir = join(ROOT, "tests", "fixtures", "trust");
  const cases = JSON.parse(readFileSync(join(dir, "cases.json"), "utf8"));
  assert.ok(cases.length >= 9);
  const input = (c) => (typeof c.input === "string" ? readFileSync(join(ROOT, c.input), "utf8") : c.input);
  const compute = {
    reliability: (c) => tabeqTrust.trustReliability(input(c), c.options),
    robustness: (c) => tabeqTrust.trustRobustness(input(c), c.options),
    manifest: (c) => {
      const base = dirname(join(ROOT, c.input));
      return tabeqTrust.trustRobustnessFromManifest(input(c), filesUnder(base, join(base, "tables")), c.options);
    },
    spearman: (c) => tabeqTrust.trustSpearman(input(c)),
    operators: (c) => tabeqTrust.trustOperators(c.options),
  };
  let nulls = 0;
  let numbers = 0;
  let rounded = 0;
  for (const c of cases) {
    const text = readFileSync(join(dir, "expected", `${c.name}.json`), "utf8");
    rounded += assertSameObjects(compute[c.kind](c), JSON.parse(text), c.name);
    nulls += text.split(": null").length - 1;
    numbers += (text.match(/: -?[0-9]/g) ?? []).length;
  }
  assert.ok(nulls > 50, "the fixtures include undefined rates");
  assert.ok(rounded * 100 < numbers, `${rounded} of ${numbers} numbers differ in their last digits`);
});

test("reliability reproduces the paper's GPT-5.5 rows and average", () => {
  const records = [
    ...labelRecords("GPT-5.5", "AIDABench-QA", { full: 73, partial: 115, none: 374 }),
    ...labelRecords("GPT-5.5", "DABench", { full: 129, partial: 66, none: 448 }),
  ].join("\n");
  const report = tabeqTrust.trustReliability(records, { by: ["model", "dataset"] });
  const row = (dataset) => report.groups.find((g) => g.key.dataset === dataset);
  const aida = row("AIDABench-QA");
  assert.equal(aida.n, 562);
  assert.deepEqual([aida.frr, aida.prr, aida.nrr, aida.mrs].map(percent), [12.99, 20.46, 66.55, 23.22]);
  const dab = row("DABench");
  assert.deepEqual([dab.frr, dab.prr, dab.nrr, dab.mrs].map(percent), [20.06, 10.26, 69.67, 25.19]);
  assert.equal(percent(report.dataset_average[0].mrs), 24.21);
  for (const g of report.groups) assert.ok(Math.abs(g.mrs - (g.frr + g.prr / 2)) < 1e-12);
});

test("Spearman agreement of the paper's eight models", () => {
  const input = readFileSync(join(ROOT, "examples", "trust", "paper-mrs.json"), "utf8");
  const result = tabeqTrust.trustSpearman(input);
  assert.equal(result.n, 8);
  assert.equal(Math.round(result.rho * 100) / 100, 0.81);
  assert.equal(Math.round(result.p_value * 1000) / 1000, 0.014);
  assert.equal(result.keys.length, 8);
});

test("bundled examples: reliability, robustness, operators", () => {
  const rel = tabeqTrust.trustReliability(readFileSync(join(ROOT, "examples", "trust", "reliability.jsonl"), "utf8"), {
    by: ["model", "operator"],
  });
  assert.ok(rel.groups.length > 1);
  const rob = tabeqTrust.trustRobustness(readFileSync(join(ROOT, "examples", "trust", "robustness.jsonl")));
  assert.equal(rob.track, "robustness");
  assert.ok(rob.overall.asr_by_operator.length > 0);
  for (const row of [rob.overall, ...rob.groups]) {
    if (row.rad !== null && row.acc_clean !== null) assert.ok(row.rad <= row.acc_clean + 1e-12);
  }
  // Shuffling records changes nothing.
  const lines = readFileSync(join(ROOT, "examples", "trust", "robustness.jsonl"), "utf8").trim().split("\n");
  assert.deepEqual(tabeqTrust.trustRobustness(lines.reverse().join("\n")), rob);
  const operators = tabeqTrust.trustOperators();
  assert.equal(operators.filter((o) => o.builtin).length, 19);
  assert.throws(() => tabeqTrust.trustReliability(readFileSync(join(ROOT, "examples", "trust", "invalid.jsonl"))), {
    code: "unknown_operator",
    line: 3,
    stage: "trust",
  });
});

test("robustness from a manifest of tables, scored inside the module", () => {
  const base = join(ROOT, "examples", "trust");
  const files = filesUnder(base, join(base, "tables"));
  const manifest = readFileSync(join(base, "manifest.jsonl"), "utf8");
  const report = tabeqTrust.trustRobustnessFromManifest(manifest, files);
  assert.equal(report.scored.length, manifest.trim().split("\n").length);
  assert.ok(report.scored.some((s) => s.correct));
  assert.ok(report.scored.every((s) => typeof s.correct === "boolean"));
  // Without the files every prediction is missing, so nothing is correct.
  const withoutPredictions = Object.fromEntries(Object.entries(files).filter(([p]) => !p.includes("predictions")));
  const none = tabeqTrust.trustRobustnessFromManifest(manifest, withoutPredictions);
  assert.ok(none.scored.every((s) => !s.correct && s.error_code === "missing_prediction"));
});

// The worked example of docs/trust-metrics.md, through WASM.
const TABLE_2 = {
  "Qwen3.7-Max": [14.68, 15.16],
  "DeepSeek-V4-Pro": [12.72, 11.59],
  "GLM-5.2": [8.48, 9.72],
  "Gemini-3.1-Pro": [8.27, 5.68],
  "Claude-Sonnet-5": [15.57, 11.59],
  "GPT-5.5": [23.22, 25.19],
  "Qwen3.6 27B": [7.03, 5.05],
  "Qwen3-30B-A3B": [11.65, 3.34],
};

test("worked example: Table 2, its Spearman, the level trend, and documents", () => {
  const rel = readFileSync(join(ROOT, "examples", "trust", "paper-reliability.jsonl"));
  const report = tabeqTrust.trustReliability(rel, { by: ["model", "dataset"] });
  for (const [model, [aida, dabench]] of Object.entries(TABLE_2)) {
    const mrs = (dataset) => report.groups.find((g) => g.key.model === model && g.key.dataset === dataset).mrs;
    assert.deepEqual([percent(mrs("AIDABench-QA")), percent(mrs("DABench"))], [aida, dabench], model);
  }
  const [agreement] = report.rank_agreement;
  assert.equal(agreement.rho.toFixed(2), "0.81");
  assert.equal(agreement.p_value.toFixed(3), "0.014");
  assert.deepEqual(report.findings.map((f) => f.code), ["unequal_instance_counts"]);
  assert.throws(() => tabeqTrust.trustReliability(rel, { strict: true }), { code: "unequal_instance_counts" });

  const rob = readFileSync(join(ROOT, "examples", "trust", "paper-robustness.jsonl"), "utf8");
  const trend = tabeqTrust.trustRobustness(rob, { by: "model" }).level_trend;
  assert.deepEqual(
    [trend.rho.toFixed(2), trend.p_value.toFixed(3), trend.l3_over_l0.toFixed(2), trend.n],
    ["0.59", "0.044", "2.82", 12],
  );

  const doc = tabeqTrust.trustDocument("robustness", rob, { by: "model,level" });
  assert.deepEqual(
    doc.sections.map((s) => s.id),
    ["groups", "asr_detail", "level_trend", "completeness", "charts"],
  );
  const text = tabeqTrust.renderDocument(doc, "text");
  assert.match(text, /Spearman rho, level vs ASR: 0\.59 \(p = 0\.044, permutation p = /);
  assert.match(text, /ASR L3 \/ L0: +2\.82/);
  assert.ok(tabeqTrust.renderDocument(doc, "svg").startsWith("<svg"));
  assert.match(tabeqTrust.renderDocument(doc, "markdown"), /^# Robustness/);
  assert.throws(() => tabeqTrust.renderDocument(doc, "pdf"), { code: "invalid_options" });
  assert.throws(() => tabeqTrust.renderDocument({ nope: 1 }, "text"), { code: "invalid_argument" });
  const spearman = tabeqTrust.trustDocument("spearman", { x: { a: 1, b: 2, c: 3 }, y: { a: 1, b: 3, d: 2 } });
  assert.match(tabeqTrust.renderDocument(spearman, "text"), /unpaired_spearman_keys/);
});

test("any record field groups, and strict mode makes completeness findings errors", () => {
  const lines = [];
  for (const [model, condition] of [["m", "cot"], ["m", "plain"], ["m ", "plain"]]) {
    for (let i = 0; i < 3; i++) {
      lines.push(JSON.stringify({ model, dataset: "d", operator: "FDM", instance_id: `${condition}-${i}`, label: i ? "none" : "full", prompt: condition }));
    }
  }
  const report = tabeqTrust.trustReliability(lines.join("\n"), { by: ["prompt"] });
  assert.deepEqual(report.groups.map((g) => [g.key.prompt, g.n]), [["cot", 3], ["plain", 6]]);
  assert.deepEqual(report.findings.map((f) => f.code), ["near_duplicate_names", "unequal_instance_counts"]);
  assert.throws(() => tabeqTrust.trustReliability(lines.join("\n"), { by: "prompt", strict: true }), {
    code: "near_duplicate_names",
  });
});

test("a paper's tables: LaTeX with the layout, comparisons within each dataset", () => {
  const rel = readFileSync(join(ROOT, "examples", "trust", "paper-reliability.jsonl"), "utf8");
  const order = Object.keys(TABLE_2);
  const doc = tabeqTrust.trustDocument("reliability", rel, {
    layout: { rows: order, columns: ["FRR", "PRR", "NRR", "MRS", "Avg. MRS"] },
  });
  const latex = tabeqTrust.renderDocument(doc, "latex");
  const float = latex.split("% MRS by group\n")[1].split("\\bottomrule")[0];
  // A complete float: its requirements and environment first, the tabular inside.
  assert.ok(float.startsWith("% requires: \\usepackage{booktabs}\n\\begin{table*}[t]\n"), float);
  const main = float.slice(float.indexOf("\\begin{tabular}"));
  assert.ok(main.startsWith("\\begin{tabular}{lrrrrrrrrr}\n\\toprule\n"), main);
  const body = main.split("\\midrule\n")[1].trim().split("\n");
  assert.deepEqual(body.map((line) => line.split(" & ")[0]), order);
  assert.match(body[order.indexOf("GPT-5.5")], /\\textbf\{23\.22\}.*\\textbf\{25\.19\}/);
  assert.throws(() => tabeqTrust.trustReliability(rel, { layout: { columns: "XYZ" } }), { code: "invalid_options" });
  const compared = tabeqTrust.trustReliability(rel, { by: "model,dataset", compare: true });
  assert.deepEqual(
    [...new Set(compared.comparisons.map((c) => c.within.dataset))],
    ["AIDABench-QA", "DABench"],
  );
});
