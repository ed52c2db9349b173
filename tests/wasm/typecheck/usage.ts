// Compiled with `tsc --noEmit --strict` by scripts/test-wasm.sh: the declarations (`make types`)
// must type-check and support ordinary use of both builds and both modules.
import * as node from "../../../bindings-wasm/pkg-node/tabeq.js";
import * as nodeTrust from "../../../bindings-wasm/pkg-node/tabeq_trust.js";
import init, { evaluate, explain, explainDocument, renderDocument, SuiteRun, validatePrediction, validationDocument } from "../../../bindings-wasm/pkg/tabeq.js";
import initTrust, { trustReliability } from "../../../bindings-wasm/pkg/tabeq_trust.js";
import initSpider2, { spider2Compare } from "../../../bindings-wasm/pkg/tabeq_spider2.js";
import * as nodeSpider2 from "../../../bindings-wasm/pkg-node/tabeq_spider2.js";
import type { Spider2Code, Spider2Result } from "../../../bindings-wasm/pkg/tabeq_spider2.js";
import type { Diagnosis, DocBlock, Document, TabeqError, TaskConfigObject, TaskResult, ValidationReport } from "../../../bindings-wasm/pkg/tabeq.js";
import type { Document as TrustDocument, Finding, ReliabilityReport, TrustFailure } from "../../../bindings-wasm/pkg/tabeq_trust.js";

const config: TaskConfigObject = {
  schema_version: "1.0",
  task_id: "task_1",
  order_sensitive: false,
  columns: [{ gold_index: 0, gold_name: "n", type: "number", comparison: { mode: "decimal_places", digits: 2 } }],
};

export async function browser(prediction: Uint8Array, gold: string): Promise<number> {
  await init();
  await initTrust({ module_or_path: new URL("./tabeq_trust_bg.wasm", "https://example.test/") });
  const report: ValidationReport = validatePrediction(prediction, config);
  const firstBad: string | undefined = report.columns[0]?.unreadable[0]?.reason;
  const result: TaskResult = evaluate(prediction, gold, JSON.stringify(config), { configFileName: "task_1.json" });
  const mapping: number[] = (result.column_mapping ?? []).map((p) => p.prediction_index);
  const diagnosis: Diagnosis = explain(prediction, gold, config, { maxItems: 3, hints: false });
  const missing = diagnosis.rows?.missing.map((r) => r.values.join(",")) ?? [];
  const doc: Document = explainDocument(prediction, gold, config);
  const tables = doc.sections.flatMap((s) => s.blocks).filter((b: DocBlock) => b.kind === "table");
  const html: string = renderDocument(validationDocument(prediction, config), "html") + renderDocument(doc, "text");
  const run = new SuiteRun([{ name: "task_1.json", content: JSON.stringify(config) }], ["task_1"]);
  for (const id of run.taskIds) run.scoreTask(id, prediction, gold);
  const accuracy: number = run.summary().task_accuracy;
  const summaryHtml: string = run.render("html");
  run.free();
  const reliability: ReliabilityReport = trustReliability('{"model": "m"}', { by: ["model", "dataset"] });
  return mapping.length + missing.length + accuracy + reliability.records + (firstBad ? 1 : 0) + tables.length + html.length + summaryHtml.length;
}

export function inNode(): string | null {
  try {
    const result = node.evaluate("n\n1\n", "n\n1\n", config);
    const codes = node.errorCodes().map((e) => `${e.family}:${e.code}`);
    const warned: (string | null)[] = node.configWarnings(config).map((w) => w.suggestion);
    const rows = nodeTrust.trustRobustness("", "model").groups.map((g) => g.asr ?? 0);
    return result.error_code ?? `${codes.length} ${rows.length} ${warned.length}`;
  } catch (e) {
    const error = e as TabeqError | TrustFailure;
    return `${error.code} ${error.stage} ${error.line ?? ""}`;
  }
}

export function rewards(completions: string[], gold: string): number {
  const prepared = new node.Gold(gold, config, { configFileName: "task_1.json" });
  const scores: Float64Array = prepared.scores(completions);
  const results: node.TaskResult[] = prepared.evaluateMany(completions);
  const f1: number[] = prepared.partialCredit(completions, { signatureStrict: true }).map((c) => c.rows.f1);
  const rows: number = prepared.rowCount + prepared.columnCount;
  prepared.free();
  return scores.reduce((a, b) => a + b, 0) + results.length + f1.length + rows;
}

export function trustDocumentSvg(records: string): string {
  const doc: TrustDocument = nodeTrust.trustDocument("robustness", records, { by: ["model", "level"], strict: false, compare: true });
  const figures = doc.sections.flatMap((s) => s.blocks).filter((b) => b.kind === "figure");
  const findings: Finding[] = nodeTrust.trustRobustness(records, { by: "prompt" }).findings;
  const trend = nodeTrust.trustRobustness(records).level_trend;
  return `${figures.length} ${findings.length} ${trend?.l3_over_l0 ?? "-"} ${nodeTrust.renderDocument(doc, "svg")}`;
}

export async function spider2Page(result: Uint8Array, golds: string[]): Promise<string> {
  await initSpider2();
  const outcome: Spider2Result = spider2Compare(result, golds.length === 1 ? golds[0] : golds, { conditionCols: [[0], [1]], ignoreOrder: true, explain: "html" });
  const warned: Spider2Code[] = outcome.warnings.map((w) => w.code);
  const closest = outcome.golds.flatMap((g) => g.compared).map((c) => c.closest?.mismatches[0]?.difference ?? 0);
  const scored: 0 | 1 = nodeSpider2.spider2Compare("a\n1\n", "a\n1\n", { conditionCols: "[0]" }).score;
  return `${outcome.passed} ${outcome.error?.code ?? ""} ${warned.join()} ${closest.length} ${scored} ${outcome.explanation ?? ""}`;
}

import initKddcup, { kddcupReaderCheck, kddcupScoreRun, kddcupScoreTask } from "../../../bindings-wasm/pkg/tabeq_kddcup.js";
import type { KddcupErrorCode, KddcupReport, KddcupRunResult, KddcupTaskScore } from "../../../bindings-wasm/pkg/tabeq_kddcup.js";

export async function kddcup(prediction: Uint8Array, gold: string): Promise<number> {
  await initKddcup();
  const score: KddcupTaskScore = kddcupScoreTask(prediction, gold, { penaltyWeight: 0.1, predictionPath: "run/task_1/prediction.csv" });
  const refusal = kddcupReaderCheck(prediction, "run/task_1/prediction.csv");
  const line: number = refusal?.line ?? 0;
  const run: KddcupRunResult = kddcupScoreRun({ predictions: { task_1: prediction, task_2: null }, gold: { task_1: gold } }, { strictCommas: true });
  const report: KddcupReport = run.report;
  const code: KddcupErrorCode = "kddcup_no_gold";
  return score.score + line + report.aggregate.total_score + run.difficulties.length + code.length;
}
