// Hand-written types for the tabeq WebAssembly module (browser: pkg/tabeq.js, Node: pkg-node/tabeq.js).
// The build script ships this file as tabeq.d.ts next to the generated JavaScript.
// Returned objects use the snake_case keys of the official evaluation summary JSON.

/** A prediction or gold file: its text, its bytes, or null/undefined for "no file". */
export type FileInput = string | Uint8Array | ArrayBuffer | null | undefined;

/**
 * A task config: the JSON file's text or bytes (exact official semantics), or an object (serialized
 * with JSON.stringify, so `2.0` and `2` are the same number).
 */
export type ConfigInput = string | Uint8Array | ArrayBuffer | TaskConfigObject;

export type ColumnType = "text" | "number" | "date" | "datetime" | "boolean";

/** One gold column of a config. */
export interface ColumnConfig {
  gold_index?: number;
  gold_name?: string;
  type: ColumnType;
  comparison?: { mode: "integer" } | { mode: "decimal_places" | "significant_digits"; digits: number };
  unit?: "plain" | "percentage_points" | "fraction";
  allow_percent_sign?: boolean;
}

/** The config file's content (`configs/task_N.json`). */
export interface TaskConfigObject {
  schema_version: "1.0";
  task_id: string;
  order_sensitive: boolean;
  columns: ColumnConfig[];
}

export type TaskErrorCode =
  | "missing_prediction"
  | "invalid_prediction_csv"
  | "column_count_mismatch"
  | "row_count_mismatch"
  | "type_normalization_failed"
  | "relation_mismatch";

export type CsvErrorCode =
  | "csv_invalid_utf8"
  | "csv_too_large"
  | "csv_too_many_rows"
  | "csv_too_many_columns"
  | "csv_cell_too_large"
  | "csv_nul_character"
  | "csv_empty"
  | "csv_zero_columns"
  | "csv_non_rectangular"
  | "csv_unexpected_after_quote"
  | "csv_unterminated_quote"
  | "csv_not_a_regular_file";

export type CellErrorCode =
  | "cell_invalid_number"
  | "cell_percent_not_allowed"
  | "cell_invalid_thousands_separators"
  | "cell_not_an_integer"
  | "cell_number_out_of_range"
  | "cell_invalid_datetime"
  | "cell_not_midnight"
  | "cell_datetime_out_of_range"
  | "cell_invalid_boolean";

export type FatalErrorCode =
  | "config_invalid_json"
  | "config_unsupported_schema"
  | "config_invalid_task_id"
  | "config_task_id_mismatch"
  | "config_invalid"
  | "gold_missing"
  | "gold_invalid_csv"
  | "gold_column_count_mismatch"
  | "gold_cell_invalid"
  | "suite_missing_directory"
  | "suite_no_configs"
  | "suite_duplicate_task_id"
  | "suite_invalid_config_name";

/** Errors of the binding itself: a wrong argument type or size, a suite used out of order. */
export type BindingErrorCode = "invalid_argument" | "suite_incomplete" | "unknown_task";

/** Every `code` a thrown TabeqError can carry. */
export type ThrownErrorCode = FatalErrorCode | CellErrorCode | BindingErrorCode;

/**
 * What every function throws: an Error (name "TabeqError") with a stable code.
 * `stage` is "config", "gold" or "suite" for fatal errors, "cell" for a cell that does not
 * canonicalize, "argument" for binding errors.
 */
export interface TabeqError extends Error {
  name: "TabeqError";
  code: ThrownErrorCode;
  stage: "config" | "gold" | "suite" | "cell" | "argument";
  taskId: string | null;
}

/** One pair of the column mapping. */
export interface ColumnPair {
  gold_index: number;
  prediction_index: number;
}

/** The official per-task record (one entry of the summary's `tasks`). */
export interface TaskResult {
  task_id: string;
  passed: boolean;
  score: 0 | 1;
  order_sensitive: boolean;
  gold_column_count: number;
  prediction_column_count: number;
  gold_row_count: number;
  prediction_row_count: number;
  /** The first passing mapping, or null when the task failed. */
  column_mapping: ColumnPair[] | null;
  error_code: TaskErrorCode | null;
  error: string | null;
}

/** The CSV problem of an unreadable prediction. */
export interface CsvProblem {
  code: CsvErrorCode;
  /** 1-based record number (the header is record 1), when known. */
  record: number | null;
  message: string;
}

/** The first cell of a prediction column that does not read under a gold column's rule. */
export interface BadCell {
  prediction_index: number;
  header: string;
  /** 1-based data row (the header is not counted). */
  row: number;
  /** The raw cell, cut to 200 characters. */
  value: string;
  value_truncated: boolean;
  /** The gold column's rule, e.g. "number (decimal_places 2, plain)". */
  rule: string;
  code: CellErrorCode;
  reason: string;
}

/** How the prediction's columns read under one gold column's rule. */
export interface ColumnReadability {
  gold_index: number;
  gold_name: string;
  rule: string;
  /** Prediction columns whose every cell reads under the rule. */
  readable: number[];
  /** For each other prediction column, its first unreadable cell. */
  unreadable: BadCell[];
}

/** The result of validatePrediction: what is known without the gold. */
export interface ValidationReport {
  task_id: string;
  /** Nothing found fails the task (the gold can still disagree). */
  ok: boolean;
  /**
   * missing_prediction, invalid_prediction_csv and column_count_mismatch are final;
   * type_normalization_failed holds unless the gold's row count differs.
   */
  error_code: "missing_prediction" | "invalid_prediction_csv" | "column_count_mismatch" | "type_normalization_failed" | null;
  error: string | null;
  csv_error: CsvProblem | null;
  gold_column_count: number;
  prediction_column_count: number;
  prediction_row_count: number;
  prediction_headers: string[];
  /** One entry per gold column; empty when the prediction is missing or unreadable. */
  columns: ColumnReadability[];
  /** With equal column counts: the first one-to-one mapping under which every column reads. */
  type_compatible_mapping: ColumnPair[] | null;
}

/** The evaluation summary (`evaluation_summary.json`), keys in the official order. */
export interface SuiteSummary {
  evaluator: string;
  evaluator_version: string;
  config_schema_version: string;
  config_set_sha256: string;
  metric: "task_accuracy";
  task_count: number;
  passed_task_count: number;
  failed_task_count: number;
  task_accuracy: number;
  unscored_prediction_tasks: string[];
  tasks: TaskResult[];
}

/** One entry of errorCodes(). */
export interface ErrorCodeEntry {
  code: string;
  family: "task" | "csv" | "cell" | "fatal" | "binding";
}

/** A config file of a suite (`configs/<name>`). */
export interface ConfigFile {
  name: string;
  content: string | Uint8Array | ArrayBuffer;
}

/** Options of evaluate and validatePrediction. */
export interface TaskOptions {
  /** The config's file name (e.g. "task_7.json"): its stem must equal the task id, as in a suite. */
  configFileName?: string | null;
}

/** The tabeq version. */
export function version(): string;

/** Score one task. Throws a TabeqError for config and gold problems (stage "config"/"gold"). */
export function evaluate(prediction: FileInput, gold: FileInput, config: ConfigInput, options?: TaskOptions | null): TaskResult;

/** The pre-submission check without gold. Throws for config problems. */
export function validatePrediction(prediction: FileInput, config: ConfigInput, options?: TaskOptions | null): ValidationReport;

/**
 * The canonical value of one cell under a column rule (a column object or its JSON text);
 * null for a null value. Throws a TabeqError with a cell_* code when the value does not read.
 */
export function canonicalize(value: string, column: ColumnConfig | string): string | null;

/** Every stable error code with its family. */
export function errorCodes(): ErrorCodeEntry[];

/** A suite in the official layout, scored task by task (for progress reporting). */
export class SuiteRun {
  /**
   * @param configFiles the files of `configs/` (non-`task_*.json` names are ignored)
   * @param predictionDirs the directory names under `predictions/` (for unscored_prediction_tasks)
   * Throws fatal suite/config errors.
   */
  constructor(configFiles: ConfigFile[], predictionDirs?: string[] | null);
  free(): void;
  /** Task ids in evaluation order (natural order of N). */
  readonly taskIds: string[];
  readonly configSetSha256: string;
  readonly unscoredPredictionTasks: string[];
  readonly scoredCount: number;
  /** The task's validated config, normalized. */
  taskConfig(taskId: string): TaskConfigObject;
  /** Score one task; null prediction = missing file. Throws fatal gold errors. */
  scoreTask(taskId: string, prediction: FileInput, gold: FileInput): TaskResult;
  /** The summary object; throws suite_incomplete until every task is scored. */
  summary(): SuiteSummary;
  /** The summary file's text (indent 2, trailing newline). */
  summaryJson(): string;
}
