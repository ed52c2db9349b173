// The tabeq KDD Cup 2026 Phase-1 WebAssembly module (browser: pkg/tabeq_kddcup.js, Node:
// pkg-node/tabeq_kddcup.js; the package's "tabeq/kddcup" entry): the official `dabench score-run`
// reproduced exactly (docs/spec/kddcup.md). Objects use the official report's snake_case keys.
// The block between `<generated: NAME>` marks comes from the Rust exports (`make types`); the rest
// is written by hand and checked against the module's objects (tests/wasm/types.test.mjs).

import type { ErrorCodeEntry, KddcupErrorCode } from "./tabeq";

/** A CSV or task.json file: its text or its bytes. */
export type KddcupCsv = string | Uint8Array | ArrayBuffer;
/** Options of kddcupScoreTask: the penalty weight (0.1), the comma rule, and the paths messages show. */
export interface KddcupTaskOptions {
  penaltyWeight?: number | null; strictCommas?: boolean | null; predictionPath?: string | null; goldPath?: string | null;
}
/** The files of a run, by task folder name: `predictions` (absent or null: no prediction.csv), `gold` (its keys decide the tasks), `taskJson` (the input folder's task.json files; absent: no input folder). */
export interface KddcupRunFiles {
  predictions: Record<string, KddcupCsv | null>;
  gold: Record<string, KddcupCsv | null>;
  taskJson?: Record<string, KddcupCsv | null> | null;
}
/** Options of kddcupScoreRun: the folder names the report shows ("run", "gold", "input"), the weight, the comma rule and the report's time (""). */
export interface KddcupRunOptions {
  predictionsRoot?: string | null; goldRoot?: string | null; inputRoot?: string | null;
  penaltyWeight?: number | null; strictCommas?: boolean | null; evaluatedAt?: string | null;
}
/** The official `TaskScore.to_dict()`. */
export interface KddcupTaskScore {
  /** `perfect_match`, `partial_match`, `no_match`, `missing_prediction` or `read_error:<ExceptionName>`. */
  status: string;
  score: number;
  recall: number;
  penalty: number;
  gold_columns: number;
  predicted_columns: number;
  matched_columns: number;
  extra_columns: number;
  missing_gold_signatures: string[];
  extra_prediction_signatures: string[];
  /** `str(exc)` of a read error, else null. */
  error: string | null;
}
/** Where the official reader refuses a prediction (the task would be `status`). */
export interface KddcupReaderRefusal {
  status: string;
  error: string;
  /** The line (from 1) the reader stopped at. */
  line: number;
  /** The column (from 1) on that line, when the reader knows it. */
  column: number | null;
}
/** The report's `meta`. */
export interface KddcupMeta {
  predictions_root: string;
  gold_root: string;
  input_root: string | null;
  penalty_weight: number;
  strict_commas: boolean;
  evaluated_at: string;
}
/** One difficulty's tasks. */
export interface KddcupDifficultyStats {
  count: number;
  mean_score: number;
}
/** The report's `aggregate`. */
export interface KddcupAggregate {
  total_score: number;
  mean_recall: number;
  task_count: number;
  tasks_scored_nonzero: number;
  tasks_missing: number;
  tasks_with_read_errors: number;
  by_difficulty: Record<string, KddcupDifficultyStats>;
}
/** The official `EvaluationReport.to_dict()`. */
export interface KddcupReport {
  meta: KddcupMeta;
  per_task: Record<string, KddcupTaskScore>;
  aggregate: KddcupAggregate;
}
/** What kddcupScoreRun returns: the report, the official scores.json text, the summary line and each task's difficulty (in task order). */
export interface KddcupRunResult {
  report: KddcupReport;
  json: string;
  summary: string;
  difficulties: string[];
}
/** Options of kddcupExplainTask: those of kddcupScoreTask, and showGoldValues (false: the participant level, no gold value). */
export interface KddcupExplainOptions extends KddcupTaskOptions { showGoldValues?: boolean | null }
/** Where a gold column and its closest prediction column part, their values sorted as the signature sorts them. */
export interface KddcupFirstDifference {
  position: number;
  /** The prediction's normalized value there (null: it ended first). */
  prediction_value: string | null;
  /** The raw prediction cell behind it. */
  prediction_cell: string | null;
  /** The gold's normalized value (null at the participant level, or when the gold ended). */
  gold_value: string | null;
  gold_ended: boolean;
}
/** The prediction column sharing the most normalized values with a missed gold column. */
export interface KddcupClosestColumn {
  prediction_index: number;
  prediction_name: string;
  shared_values: number;
  prediction_rows: number;
  first_difference: KddcupFirstDifference;
}
/** A gold column no prediction column matched (positions from 0). */
export interface KddcupMissedColumn {
  gold_index: number;
  gold_name: string;
  gold_rows: number;
  closest: KddcupClosestColumn | null;
}
/** What kddcupExplainTask returns. */
export interface KddcupTaskExplanation {
  score: KddcupTaskScore;
  gold_values_shown: boolean;
  missed_columns: KddcupMissedColumn[];
  extra_prediction_columns: number[];
}
export type { ErrorCodeEntry, KddcupErrorCode };

// <generated: kddcup-functions>
// </generated: kddcup-functions>
