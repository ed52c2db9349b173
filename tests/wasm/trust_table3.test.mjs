// The worked example rebuilds the paper's Table 3 through the trust module (WebAssembly): every
// cell and Avg. ASR at the paper's rounding, in the LaTeX layout and in the JSON report, and the
// robustness statistics the paper states. The paper's numbers are in examples/trust/paper-table3.json.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { ROOT, tabeqTrust } from "./helpers.mjs";

const EXAMPLES = join(ROOT, "examples", "trust");
const PAPER = JSON.parse(readFileSync(join(EXAMPLES, "paper-table3.json"), "utf8"));
const RECORDS = readFileSync(join(EXAMPLES, "paper-robustness.jsonl"), "utf8");
const pct = (x) => (100 * x).toFixed(2);

test("Table 3 in LaTeX is the paper's, cell by cell", () => {
  const layout = { rows: PAPER.rows.map((row) => row[0]), columns: "ASR,RAD,Avg. ASR" };
  const doc = tabeqTrust.trustDocument("robustness", RECORDS, { by: "model,dataset", strict: true, layout });
  const latex = tabeqTrust.renderDocument(doc, "latex");
  const table = latex.split("% Robustness by group\n")[1].split("\\bottomrule")[0];
  const body = table
    .split("\\midrule\n")[1]
    .trim()
    .split("\n")
    .map((line) =>
      line
        .replace(/ \\\\$/, "")
        .split(" & ")
        .map((cell) => cell.replace(/^\\textbf\{(.*)\}$/, "$1")),
    );
  assert.deepEqual(body, PAPER.rows);
});

test("Table 3 in the JSON report, with Table 1's counts and the stated statistics", () => {
  const report = tabeqTrust.trustRobustness(RECORDS, { by: ["model", "dataset"], strict: true });
  assert.deepEqual(report.findings, []);
  const rows = PAPER.rows.map(([model]) => {
    const group = (dataset) => report.groups.find((g) => g.key.model === model && g.key.dataset === dataset);
    const average = report.dataset_average.find((a) => a.key.model === model);
    const [a, d] = [group("AIDABench-QA"), group("DABench")];
    for (const [dataset, g] of [["AIDABench-QA", a], ["DABench", d]]) {
      const counts = PAPER.table_1[dataset];
      assert.deepEqual(
        [g.n, g.covered, g.perturbations, g.asr_by_operator.length],
        [counts.questions, counts.perturbed, counts.perturbations, counts.operators],
      );
    }
    return [model, pct(a.asr), pct(a.rad), pct(d.asr), pct(d.rad), pct(average.asr)];
  });
  assert.deepEqual(rows, PAPER.rows);

  const trend = tabeqTrust.trustRobustness(RECORDS, { by: "model" });
  assert.deepEqual(
    [trend.level_trend.rho.toFixed(2), trend.level_trend.p_value.toFixed(3), trend.level_trend.l3_over_l0.toFixed(2)],
    [PAPER.level_trend.rho, PAPER.level_trend.p_value, PAPER.level_trend.l3_over_l0],
  );
  let csrSecond = 0;
  const rising = [];
  for (const g of trend.groups) {
    const ranked = [...g.asr_by_operator].sort((x, y) => y.asr - x.asr);
    assert.ok(ranked[0].operator === "NRI" && ranked[0].asr > ranked[1].asr, g.key.model);
    if (ranked[1].operator === "CSR" && ranked[1].asr > ranked[2].asr) csrSecond++;
    const levels = g.asr_by_level.map((l) => l.asr);
    assert.ok(levels[3] > levels[0], g.key.model);
    if (levels.every((v, i) => i === 0 || v > levels[i - 1])) rising.push(g.key.model);
  }
  assert.equal(csrSecond, PAPER.second_most_damaging.models);
  assert.deepEqual(rising, PAPER.strictly_rising);
});

test("partial averages: a dagger and a footnote in the tables, `partial` in JSON", () => {
  const report = tabeqTrust.trustRobustness(RECORDS, { by: "model,dataset" });
  const gpt = report.dataset_average.find((a) => a.key.model === "GPT-5.5");
  assert.equal(gpt.partial.of, 2);
  assert.equal(gpt.partial.averaged.asr_L0, 1);
  assert.equal(gpt.partial.averaged.asr, undefined);
  const doc = tabeqTrust.trustDocument("robustness", RECORDS, { by: "model,dataset" });
  const text = tabeqTrust.renderDocument(doc, "text");
  assert.match(text, /^GPT-5\.5 +Avg\. +\d+\.\d\d†/m);
  assert.match(text, /^† Averages only the datasets where the value exists/m);
  assert.match(tabeqTrust.renderDocument(doc, "latex"), /\$\^\\dagger\$/);
});
