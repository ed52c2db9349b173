// Hand-written types for the tabeq evaluator WebAssembly module (browser: pkg/tabeq.js, Node:
// pkg-node/tabeq.js). The trust metrics are a separate module: tabeq_trust.d.ts.
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

// <generated: error-codes>

/** Why a task failed: `TaskResult.error_code` (never thrown). */
export type TaskErrorCode =
  | "missing_prediction"
  | "invalid_prediction_csv"
  | "column_count_mismatch"
  | "row_count_mismatch"
  | "type_normalization_failed"
  | "relation_mismatch"
  | "search_limit_exceeded";

/** A CSV file the strict reader refuses (thrown with stage "csv"). */
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

/** A cell that does not read under its column rule. */
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

/** A broken config, gold or suite layout (stage "config", "gold" or "suite"). */
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

/** Errors of the binding itself: a wrong argument type or size, a suite used out of order, a freed object, a module not loaded, a bug. */
export type BindingErrorCode =
  | "invalid_argument"
  | "suite_incomplete"
  | "unknown_task"
  | "internal_error"
  | "lone_surrogate"
  | "freed_object"
  | "module_not_loaded";
// </generated: error-codes>

/**
 * What the check of a predictions folder finds beyond a task's own error code (PredictionsFolderRun):
 * near-miss names, unexpected tasks, stray entries, encoding hints, notes; and the code
 * parseTaskList throws for a line that is not a task id.
 */
export type SubmissionErrorCode =
  | "prediction_misnamed"
  | "task_folder_misnamed"
  | "unexpected_task"
  | "stray_entry"
  | "encoding_latin1"
  | "byte_order_mark"
  | "repeated_headers"
  | "task_list_invalid";

/** The Spider 2.0 profile's codes: why a comparison scores 0 as the official raises, its notes and
 * soundness warnings, and an eval file that cannot be read (family "spider2" of errorCodes()). */
export type Spider2ErrorCode =
  | "spider2_csv_no_columns"
  | "spider2_csv_unterminated_quote"
  | "spider2_csv_too_many_fields"
  | "spider2_csv_not_utf8"
  | "spider2_condition_cols_invalid"
  | "spider2_condition_cols_out_of_range"
  | "spider2_condition_cols_too_short"
  | "spider2_condition_cols_first_only"
  | "spider2_shared_prediction_column"
  | "spider2_rows_do_not_correspond"
  | "spider2_eval_file_invalid";

/** Every `code` a thrown TabeqError can carry (trust functions: see tabeq_trust.d.ts). */
export type ThrownErrorCode = FatalErrorCode | CellErrorCode | CsvErrorCode | BindingErrorCode | "task_list_invalid";

/**
 * What every function throws: an Error (name "TabeqError") with a stable code.
 * `stage` is "config", "gold" or "suite" for fatal errors, "cell" for a cell that does not
 * canonicalize, "csv" for readTable, "argument" for binding errors.
 */
export interface TabeqError extends Error {
  name: "TabeqError";
  code: ThrownErrorCode;
  stage: "config" | "gold" | "suite" | "cell" | "csv" | "argument" | "submission";
  taskId: string | null;
  /** Set by the trust functions (1-based input line); null here. */
  line: number | null;
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

/**
 * A config key the official evaluator ignores (so tabeq ignores it too), from configWarnings();
 * e.g. "unknown key `allow_percent` in column 1 — did you mean `allow_percent_sign`?".
 */
export interface ConfigWarning {
  code: "unknown_config_key";
  message: string;
  /** The key as written. */
  key: string;
  /** The column it is in (null at the top level). */
  column: number | null;
  /** The known key it most likely meant. */
  suggestion: string | null;
}

/** One entry of errorCodes(): the core's catalogue of every code any surface (Rust, Python, JS) raises. */
export interface ErrorCodeEntry {
  code: string;
  /** "output" codes are raised by the Python CLI only. */
  family: "task" | "csv" | "cell" | "fatal" | "trust" | "binding" | "output" | "submission" | "spider2";
  /** The `stage` of a thrown error with this code; null for task codes (a record's error_code, never thrown). */
  stage: "config" | "gold" | "suite" | "csv" | "cell" | "trust" | "argument" | "output" | "submission" | "spider2" | null;
  /** What the code means, in one sentence. */
  description: string;
}

/** Options of explain (besides configFileName). */
export interface ExplainOptions extends TaskOptions {
  /** Rows shown per list (missing rows, extra rows); default 5, at most 10000. */
  maxItems?: number | null;
  /** Characters shown per cell value; default 60, at most 10000. */
  maxValueChars?: number | null;
  /** Look for near-miss hints (each re-scores the task); default true. */
  hints?: boolean | null;
  /** Column-signature scorer: refuse thousands separators; default false. */
  signatureStrict?: boolean | null;
}

export type HintName =
  | "extra_columns"
  | "lower_precision"
  | "percent_fraction"
  | "date_vs_datetime"
  | "naive_vs_utc"
  | "text_case"
  | "text_punctuation"
  | "duplicates_removed"
  | "duplicates_added"
  | "row_order";

/** What was received. */
export type DiagnosisInput =
  | { status: "missing" }
  | { status: "read" }
  | { status: "invalid_csv"; csv_error: CsvErrorCode; record: number | null; message: string };

export interface DiagnosisGrain {
  direction: "finer" | "coarser";
  prediction_duplicate_rows: number;
  gold_duplicate_rows: number;
  same_distinct_rows: boolean;
  key_columns: number[];
}

export interface DiagnosisShape {
  expected_columns: number;
  received_columns: number;
  expected_rows: number;
  received_rows: number;
  extra_prediction_columns: number[];
  missing_gold_columns: number[];
  prediction_columns_matching_no_gold: number[];
  gold_columns_matched_by_no_prediction: number[];
  grain: DiagnosisGrain | null;
}

/** The first cell of a prediction column that does not read under a gold rule. */
export interface OffendingCell {
  prediction_index: number;
  /** 1-based data row. */
  row: number;
  value: string;
  reason: CellErrorCode;
  /** How many cells of the column do not read. */
  bad_cells: number;
}

export interface DiagnosisColumnTypes {
  gold_index: number;
  rule: string;
  compatible: number[];
  incompatible_count: number;
  incompatible: OffendingCell[];
}

export interface DiagnosisTypes {
  columns: DiagnosisColumnTypes[];
  /** When no one-to-one readable mapping exists: gold columns competing for too few prediction columns. */
  unreadable: { gold_columns: number[]; readable_from: number[] } | null;
}

export interface DiagnosisPair {
  gold_index: number;
  prediction_index: number | null;
  compatible: boolean;
  shared_values: number;
  same_positions: number | null;
  same_values: boolean;
}

export interface DiagnosisMapping {
  /** True when it is the official first passing mapping. */
  official: boolean;
  /** How it was chosen. */
  method: string;
  valid: boolean;
  pairs: DiagnosisPair[];
}

/** A row shown in a diagnosis: 1-based data row and raw cells of the compared columns. */
export interface ShownRow {
  row: number;
  values: string[];
}

export interface DiagnosisOrder {
  first_difference: {
    row: number;
    gold: string[] | null;
    prediction: string[] | null;
    differing_gold_columns: number[];
  } | null;
  rows_in_place: number;
  would_match_unordered: boolean;
}

export interface DiagnosisRows {
  compared_gold_columns: number[];
  gold_rows: number;
  prediction_rows: number;
  matched_rows: number;
  missing_count: number;
  extra_count: number;
  missing: ShownRow[];
  extra: ShownRow[];
  order: DiagnosisOrder | null;
}

export interface DiagnosisHint {
  name: HintName;
  would_pass: boolean;
  message: string;
  columns: { gold_index: number | null; prediction_index: number; detail: string }[];
}

export interface PartialCredit {
  note: string;
  column_signature: {
    status: "perfect_match" | "partial_match" | "no_match" | "missing_prediction";
    score: number;
    recall: number;
    penalty: number;
    matched_columns: number;
    gold_columns: number;
    prediction_columns: number;
    extra_columns: number;
    strict: boolean;
  };
  rows: {
    precision: number;
    recall: number;
    f1: number;
    matched_rows: number;
    gold_rows: number;
    prediction_rows: number;
  };
  columns: {
    precision: number;
    recall: number;
    matched_columns: number;
    gold_columns: number;
    prediction_columns: number;
  };
}

/** The result of explain: the official record, unchanged, and why it is what it is. */
export interface Diagnosis {
  diagnosis_version: number;
  task_id: string;
  passed: boolean;
  error_code: TaskErrorCode | null;
  /** One paragraph for people. */
  summary: string;
  /** The official record, exactly as evaluate returns it. */
  result: TaskResult;
  /** Gold column names (config) and prediction headers. */
  columns: { gold: string[]; prediction: string[] };
  input: DiagnosisInput;
  shape: DiagnosisShape | null;
  types: DiagnosisTypes | null;
  mapping: DiagnosisMapping | null;
  rows: DiagnosisRows | null;
  hints: DiagnosisHint[];
  hints_combined_would_pass: boolean | null;
  /** Not the official score. */
  partial_credit: PartialCredit;
}

/** A CSV file as the strict reader sees it (readTable). */
export interface TableView {
  headers: string[];
  /** Data rows in the file. */
  row_count: number;
  column_count: number;
  /** The first rows (options.maxRows, default 100). */
  rows: string[][];
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

/** How a table column lines up: text left, numbers right. */
export type Align = "left" | "right";

/** What a cell or row stands for beyond its text (renderers highlight it). */
export type Mark = "none" | "differs" | "missing" | "extra" | "good" | "bad" | "placeholder";

/** The kind of a note. */
export type Tone = "info" | "hint" | "warning" | "error";

/** A table cell (tabeq::doc::Cell). */
export interface DocCell {
  text: string;
  mark: Mark;
}

/** A table row: its cells and a mark for the whole row. */
export interface DocRow {
  cells: DocCell[];
  mark: Mark;
}

/** A table (tabeq::doc::Table); `total_rows` is set when only some rows are shown. */
export interface DocTable {
  caption: string | null;
  columns: { title: string; align: Align }[];
  rows: DocRow[];
  total_rows: number | null;
}

/** One piece of a section (tabeq::doc::Block), told apart by `kind`. */
export type DocBlock =
  | { kind: "paragraph"; text: string }
  | { kind: "note"; tone: Tone; text: string }
  | { kind: "list"; items: string[] }
  | { kind: "facts"; items: [string, string][] }
  | ({ kind: "table" } & DocTable)
  | { kind: "figure"; caption: string; svg: string };

/** A titled part of a document; `id` is stable (e.g. "mapping", "missing_rows", "hints"). */
export interface DocSection {
  id: string;
  title: string;
  blocks: DocBlock[];
}

/** A report for people, built by the core (tabeq::doc::Document); render it with renderDocument. */
export interface Document {
  title: string;
  lead: DocBlock[];
  sections: DocSection[];
}

/** The formats of renderDocument. */
export type DocumentFormat = "text" | "markdown" | "html" | "csv";

/** The tabeq version. */
export function version(): string;

/** Score one task. Throws a TabeqError for config and gold problems (stage "config"/"gold"). */
export function evaluate(prediction: FileInput, gold: FileInput, config: ConfigInput, options?: TaskOptions | null): TaskResult;

/** The pre-submission check without gold. Throws for config problems. */
export function validatePrediction(prediction: FileInput, config: ConfigInput, options?: TaskOptions | null): ValidationReport;

/** Why a prediction fails (or how it passes). Throws for config and gold problems, like evaluate. */
export function explain(prediction: FileInput, gold: FileInput, config: ConfigInput, options?: ExplainOptions | null): Diagnosis;

/**
 * The canonical value of one cell under a column rule (a column object or its JSON text);
 * null for a null value. Throws a TabeqError with a cell_* code when the value does not read.
 */
export function canonicalize(value: string, column: ColumnConfig | string): string | null;

/** A CSV file's header, row count and first rows. Throws its CSV error code (stage "csv"). */
export function readTable(csv: FileInput, options?: { maxRows?: number | null } | null): TableView;

/** Every stable error code with its family (evaluator, trust and binding codes). */
export function errorCodes(): ErrorCodeEntry[];

/**
 * The keys of a config that the official evaluator ignores (they never change a result), for a
 * page to show. Throws like evaluate() for an invalid config.
 */
export function configWarnings(config: ConfigInput): ConfigWarning[];

/** The diagnosis as a document (what the notebook view and `tabeq check` show). Throws like explain. */
export function explainDocument(prediction: FileInput, gold: FileInput, config: ConfigInput, options?: ExplainOptions | null): Document;

/** The validation report as a document. Throws like validatePrediction. */
export function validationDocument(prediction: FileInput, config: ConfigInput, options?: TaskOptions | null): Document;

/** A document rendered by the core. Throws invalid_argument for anything that is not a Document or a format. */
export function renderDocument(document: Document, format: DocumentFormat): string;

/** A suite in the official layout, scored task by task (for progress reporting). */
export class SuiteRun {
  /**
   * @param configFiles the files of `configs/` (non-`task_*.json` names are ignored)
   * @param predictionDirs the directory names under `predictions/` (for unscored_prediction_tasks)
   * Throws fatal suite/config errors.
   */
  constructor(configFiles: ConfigFile[], predictionDirs?: string[] | null);
  /**
   * Releases the WebAssembly memory. Afterwards every method and getter, and a second free(),
   * throw a TabeqError with code "freed_object".
   */
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
  /** The summary for people, rendered by the core: totals, then one row per task, failures first. */
  render(format: "text" | "markdown" | "html" | "csv"): string;
}

/** Options of Gold.partialCredit. */
export interface PartialCreditOptions {
  /** Column signature: refuse thousands separators. Default false. */
  signatureStrict?: boolean | null;
}

/**
 * A gold read, validated and canonicalized once, scored against many predictions. Every
 * result equals `evaluate` (and `explain(...).partial_credit`) on the same inputs.
 */
export class Gold {
  /** Throws the config and gold errors `evaluate` throws (stages "config", "gold"). */
  constructor(gold: FileInput, config: ConfigInput, options?: TaskOptions | null);
  /**
   * Releases the WebAssembly memory. Afterwards every method and getter, and a second free(),
   * throw a TabeqError with code "freed_object".
   */
  free(): void;
  /** The normalized config. */
  readonly config: TaskConfigObject;
  readonly rowCount: number;
  readonly columnCount: number;
  /** The official per-task record, as `evaluate` returns it. */
  evaluate(prediction: FileInput): TaskResult;
  /** The records of many predictions, in order. */
  evaluateMany(predictions: FileInput[]): TaskResult[];
  /** The official score (1 or 0) of each prediction. */
  scores(predictions: FileInput[]): Float64Array;
  /** Graded credit of each prediction (not the official score). */
  partialCredit(predictions: FileInput[], options?: PartialCreditOptions | null): PartialCredit[];
}

// ---- the gold-less submission check (tabeq::submission) ----

/** What a file that is not UTF-8 text appears to be, from its first bytes. */
export type ForeignFileKind = "utf16le" | "utf16be" | "png" | "jpeg" | "gif" | "pdf" | "zip" | "gzip" | "ole_document";

/** One task of a submission: its ValidationReport plus what a non-UTF-8 file appears to be. */
export interface SubmissionTask extends ValidationReport {
  foreign_file: ForeignFileKind | null;
}

/** The gold-less check of a whole submission (configs/ and predictions/). */
export interface SubmissionReport {
  config_set_sha256: string;
  task_count: number;
  /** Tasks where nothing found without the gold fails the task. */
  ready_task_count: number;
  failing_task_count: number;
  /** Configs without predictions/<task>/prediction.csv. */
  missing_tasks: string[];
  /** Prediction folders named like a task that have no config. */
  extra_tasks: string[];
  tasks: SubmissionTask[];
}

/** A submission checked task by task without gold (same task selection and order as SuiteRun). */
export class SubmissionRun {
  /**
   * Releases the WebAssembly memory. Afterwards every method and getter, and a second free(),
   * throw a TabeqError with code "freed_object".
   */
  free(): void;
  /** Throws fatal config and suite errors, as scoring does. */
  constructor(configFiles: ConfigFile[], predictionDirs?: string[] | null);
  readonly taskIds: string[];
  /** `prediction` null: the file is missing. Throws `unknown_task` for a task id not in the submission. */
  checkTask(taskId: string, prediction: FileInput): SubmissionTask;
  /** Throws `suite_incomplete` until every task is checked. */
  report(): SubmissionReport;
  /** The report rendered by the core. Throws `suite_incomplete` until every task is checked. */
  render(format: "text" | "markdown" | "html" | "csv"): string;
}

/** A place in a file: 1-based line and column (characters), 0-based byte offset. */
export interface TextPosition {
  line: number;
  column: number;
  byte: number;
}

/** One problem of a task in a PredictionsReport, worded by the core. */
export interface FolderProblem {
  severity: "error" | "hint" | "note";
  /** A catalogue code (task, csv, cell or submission family). */
  code: string;
  message: string;
  /** Where in the file, when the problem has a place. */
  position: TextPosition | null;
  /** What to do about it. */
  what_to_do: string | null;
}

/** One task of a predictions folder. */
export interface FolderTask {
  task_id: string;
  status: "ready" | "fails" | "not_scored";
  /** The official error code as far as it is known without the gold. */
  error_code: TaskErrorCode | null;
  /** The file read, relative to the folder. */
  file: string | null;
  csv_error: { code: CsvErrorCode; record: number | null; message: string } | null;
  rows: number | null;
  columns: number | null;
  /** Errors, then hints, then notes. */
  problems: FolderProblem[];
  /** With configs: the gold-less check under the task's column rules. */
  validation: ValidationReport | null;
}

/** The check of a predictions folder (PredictionsFolderRun.report()). */
export interface PredictionsReport {
  expected_tasks_from: "configs" | "task_list" | "prediction_folder";
  config_set_sha256: string | null;
  task_count: number;
  ready_task_count: number;
  failing_task_count: number;
  missing_tasks: string[];
  unexpected_tasks: string[];
  stray_entries: { path: string; message: string }[];
  tasks: FolderTask[];
}

/**
 * A predictions folder (task_N/prediction.csv) checked on its own, file by file: the CSV contract,
 * names, expected tasks (configFiles, else expectedTasks, else the task folders found) and, with
 * configs, every column rule. The same report as `tabeq validate --prediction-root`.
 */
export class PredictionsFolderRun {
  free(): void;
  /** `paths` relative to the folder (folders end with "/"). Throws fatal config errors. */
  constructor(paths: string[], configFiles?: ConfigFile[] | null, expectedTasks?: string[] | null);
  /** The files to read: [taskId, path][], in task order. */
  readonly reads: [string, string][];
  /** Check one task's file (null: it vanished). Throws `unknown_task` for a task with no file to read. */
  check(taskId: string, prediction: FileInput): FolderTask;
  /** Throws `suite_incomplete` until every file is checked. */
  report(): PredictionsReport;
  /** The report as the core's JSON text (what `tabeq validate --prediction-root` writes). */
  reportJson(): string;
  render(format: "text" | "markdown" | "html" | "csv"): string;
}

/** The task ids of an expected task list (one per line, `#` comments). Throws `task_list_invalid`. */
export function parseTaskList(list: FileInput): string[];

/** A skeleton submission: [path, content][], one task_N/prediction.csv holding each config's header row. */
export function skeletonFiles(configFiles: ConfigFile[]): [string, string][];

/** What a file appears to be when it is not UTF-8 text (`null` for anything else). */
export function sniffFile(head: FileInput): { kind: ForeignFileKind; advice: string } | null;
