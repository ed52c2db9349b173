// The KDD Cup 2026 Phase-1 module ("tabeq/kddcup"): generated blocks by `make types`, the rest the arguments only the binding reads.
import type { ErrorCodeEntry, KddcupErrorCode } from "./tabeq"; export type { ErrorCodeEntry, KddcupErrorCode };
/** A CSV or task.json file: its text or its bytes. */ export type KddcupCsv = string | Uint8Array | ArrayBuffer;
/** The weight (0.1), the comma rule, the paths messages show; showGoldValues false: no gold value. */ export interface KddcupTaskOptions { penaltyWeight?: number | null; strictCommas?: boolean | null; predictionPath?: string | null; goldPath?: string | null }
export interface KddcupExplainOptions extends KddcupTaskOptions { showGoldValues?: boolean | null }
/** A run by task folder: predictions (absent or null: none), gold (its keys decide the tasks), taskJson (null: no input folder). */ export interface KddcupRunFiles { predictions: Record<string, KddcupCsv | null>; gold: Record<string, KddcupCsv | null>; taskJson?: Record<string, KddcupCsv | null> | null }
/** The folder names the report shows ("run", "gold", "input"), the weight, the comma rule, the report's time (""). */ export interface KddcupRunOptions { predictionsRoot?: string | null; goldRoot?: string | null; inputRoot?: string | null; penaltyWeight?: number | null; strictCommas?: boolean | null; evaluatedAt?: string | null }
/** The status the official would give, its error text, the reader's line and column (from 1). */
export interface KddcupReaderRefusal { status: string; error: string; line: number; column: number | null }
/** The report, the official scores.json text, the summary line, each task's difficulty. */
export interface KddcupRunResult { report: KddcupReport; json: string; summary: string; difficulties: string[] }
// <generated: kddcup-types>

/** `TaskScore.to_dict()` of the official scorer, fields in its order. */
export interface KddcupTaskScore {
  /** `perfect_match`, `partial_match`, `no_match`, `missing_prediction` or `read_error:<exception class name>`. */
  status: string;
  /** `max(0.0, recall - penalty)`. */
  score: number;
  /** Matched gold columns over gold columns. */
  recall: number;
  /** `penalty_weight * extra_columns / predicted_columns`. */
  penalty: number;
  /** Number of gold columns. */
  gold_columns: number;
  /** Number of prediction columns. */
  predicted_columns: number;
  /** Gold columns matched by a prediction column of the same signature (multiset). */
  matched_columns: number;
  /** Prediction columns not matched. */
  extra_columns: number;
  /** Each unmatched gold signature, as often as it is unmatched, in first-column order. */
  missing_gold_signatures: string[];
  /** Each unmatched prediction signature, likewise. */
  extra_prediction_signatures: string[];
  /** `str(exc)` of a read error. */
  error: string | null;
}

/** `EvaluationReport.to_dict()`. */
export interface KddcupReport {
  /** Inputs and time. */
  meta: KddcupMeta;
  /** Every task's score, in task order. */
  per_task: Record<string, KddcupTaskScore>;
  /** The totals. */
  aggregate: KddcupAggregate;
}

/** The report's `meta`, in the official key order. */
export interface KddcupMeta {
  /** `str(predictions_root)`. */
  predictions_root: string;
  /** `str(gold_root)`. */
  gold_root: string;
  /** `str(input_root)` or `None`. */
  input_root: string | null;
  /** The penalty weight. */
  penalty_weight: number;
  /** Whether commas are kept in numbers. */
  strict_commas: boolean;
  /** The time, `%Y-%m-%dT%H:%M:%SZ` in UTC (the caller's clock). */
  evaluated_at: string;
}

/** The report's `aggregate`. */
export interface KddcupAggregate {
  /** Mean score over every task. */
  total_score: number;
  /** Mean recall. */
  mean_recall: number;
  /** Number of tasks. */
  task_count: number;
  /** Tasks with a score above 0. */
  tasks_scored_nonzero: number;
  /** Tasks with `missing_prediction`. */
  tasks_missing: number;
  /** Tasks with a `read_error:` status. */
  tasks_with_read_errors: number;
  /** Per difficulty (sorted by code point). */
  by_difficulty: Record<string, KddcupDifficultyStats>;
}

/** One difficulty's tasks. */
export interface KddcupDifficultyStats {
  /** Its number of tasks. */
  count: number;
  /** Their mean score (left-to-right sum, CPython 3.11). */
  mean_score: number;
}

/** Why a task scored what it scored, beyond the official report. */
export interface KddcupTaskExplanation {
  /** The official score of the task. */
  score: KddcupTaskScore;
  /** Whether gold values are shown (`false`: the participant level). */
  gold_values_shown: boolean;
  /** Every gold column without a partner, in gold order (empty for a perfect match, a missing or unreadable prediction). */
  missed_columns: KddcupMissedColumn[];
  /** The prediction columns no gold column took (positions from 0), in prediction order. */
  extra_prediction_columns: number[];
}

/** A gold column without a partner. */
export interface KddcupMissedColumn {
  /** Its position in the gold, from 0. */
  gold_index: number;
  /** Its header. */
  gold_name: string;
  /** Its number of values (rows). */
  gold_rows: number;
  /** The closest prediction column (`None` when the prediction has no column left to compare). */
  closest: KddcupClosestColumn | null;
}

/** The closest prediction column to a gold column that found no partner. */
export interface KddcupClosestColumn {
  /** Its position in the prediction, from 0. */
  prediction_index: number;
  /** Its header. */
  prediction_name: string;
  /** How many of its normalized values the gold column also holds (as multisets): the closeness, ties going to the column whose row count is nearer, then to the first. */
  shared_values: number;
  /** Its number of values (rows). */
  prediction_rows: number;
  /** The first position, in each column's values sorted as the signature sorts them, where the two differ (or one ends); `None` when they hold the same values: that prediction column is the partner of another gold column of the same signature, and this one has no copy of it. */
  first_difference: KddcupFirstDifference | null;
}

/** Where the sorted normalized values of a gold column and its closest prediction column part. */
export interface KddcupFirstDifference {
  /** The position in sorted order, from 0. */
  position: number;
  /** The prediction's normalized value there (`None`: the prediction column ended first). */
  prediction_value: string | null;
  /** The raw prediction cell that normalized to it. */
  prediction_cell: string | null;
  /** The gold's normalized value there (`None`: hidden at the participant level, or the gold column ended first; `gold_ended` tells which). */
  gold_value: string | null;
  /** Whether the gold column ended at this position (it has fewer values). */
  gold_ended: boolean;
}
// </generated: kddcup-types>
// <generated: kddcup-functions>

/** The tabeq version. */
export function version(): string;
/** The limits a page applies to what it unpacks and shows itself (`tabeq_surface::limits`): an archive's members (`archive_member_bytes` each, `archive_total_bytes` in all, counted as inflated), a share link (`share_bytes` of files, `share_header_bytes` of header) and the rows of a table it reads to show (`table_rows`). From the core so that no page defines its own. */
export function pageLimits(): { archive_member_bytes: number; archive_total_bytes: number; share_bytes: number; share_header_bytes: number; table_rows: number };
/** Every stable error code any surface raises (evaluator, trust and binding codes), with its family, stage and description. */
export function errorCodes(): ErrorCodeEntry[];
/** A message of the core's catalogue (`tabeq_surface::evaluator::error::MessageCode`, e.g. `zip_member_too_large`) worded with `data`'s fields (strings, whole numbers, arrays of strings): the page shows these words and writes none of its own. Throws `invalid_argument` for an unknown code or a missing field. */
export function message(code: string, data: Record<string, string | number | string[]>): string;
/** The official `normalize_cell(value, strict_commas=...)`. */
export function kddcupNormalizeCell(value: string, strictCommas?: boolean): string;
/** The official `column_signature(values, strict_commas=...)`: `sha256:` and the hex digest of the sorted normalized cells joined by U+001F. */
export function kddcupColumnSignature(values: string[], strictCommas?: boolean): string;
/** The official `score_task(...).to_dict()`: `prediction` null for a missing file; options `penaltyWeight` (0.1), `strictCommas`, `predictionPath` and `goldPath` (as messages show them). */
export function kddcupScoreTask(prediction: KddcupCsv | null, gold: KddcupCsv, options?: KddcupTaskOptions | null): KddcupTaskScore;
/** What the official report lacks, for one task: `score` (the official `TaskScore.to_dict()`), each gold column without a partner with its closest prediction column and the first normalized value where they part, the extra prediction columns. Options as `kddcupScoreTask`, and `showGoldValues` (false: the participant level, no gold value anywhere). */
export function kddcupExplainTask(prediction: KddcupCsv | null, gold: KddcupCsv, options?: KddcupExplainOptions | null): KddcupTaskExplanation;
/** Where the official reader would refuse a prediction (it would score `read_error:<name>`): `{status, error, line, column}`, or null when it reads. */
export function kddcupReaderCheck(prediction: KddcupCsv, path?: string): KddcupReaderRefusal | null;
/** The official `dabench score-run` over a run held in memory: `files.predictions` maps each task folder of the run to its `prediction.csv` (absent or null: none), `files.gold` each gold folder holding a `gold.csv` (which decide the tasks) to it, `files.taskJson` (optional) each input folder to its `task.json`. Options: `predictionsRoot`, `goldRoot` and `inputRoot` (the folder names the report and messages show; "run", "gold", and "input" when `taskJson` is given), `penaltyWeight` (0.1), `strictCommas`, `evaluatedAt` (the report's time, "" when absent). Returns `{report, json, summary, difficulties}`: the report object, the official `scores.json` text, the summary line and each task's difficulty. Fatal inputs throw with a `kddcup_*` code. */
export function kddcupScoreRun(files: KddcupRunFiles, options?: KddcupRunOptions | null): KddcupRunResult;
/** Every scoring profile tabeq reproduces, in order (`tabeq_surface::PROFILES`): its `name`, `title`, `summary`, `spec` page, `prediction` and `gold` kinds (`"csv"` or `"rows_json"`), `options`, `max_input_bytes` and the `wasm_module` whose `score` scores it (this module scores `kddcup-phase1`). */
export function profiles(): { name: string; title: string; summary: string; spec: string; prediction: "csv" | "rows_json"; gold: "csv" | "rows_json"; options: string[]; max_input_bytes: number; wasm_module: string }[];
/** Score one prediction against its gold under `profile` (a name from `profiles()`), as that profile's official scorer does: `{ profile, passed, score, document }`, `document` being the profile's own. `prediction` and `gold` are text or bytes (CSV, or JSON rows for the SQL profiles); `options` holds the profile's own options by their registry names (`config` for `dataspace`: the config's JSON text). A profile of another module throws `module_not_loaded` (its `wasm_module` names the module that scores it). */
export function score(profile: string, prediction: string | Uint8Array, gold: string | Uint8Array, options: Record<string, string | number | boolean | Uint8Array> | null): { profile: string; passed: boolean; score: number; document: Record<string, unknown> };
// </generated: kddcup-functions>
