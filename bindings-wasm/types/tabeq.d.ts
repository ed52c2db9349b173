// The tabeq evaluator WebAssembly module (browser: pkg/tabeq.js, Node: pkg-node/tabeq.js); the
// trust metrics are tabeq_trust.d.ts. Objects use the core's snake_case keys. The blocks between
// `<generated: NAME>` marks come from the Rust types (`make types`); the rest is written by hand.

/** A prediction or gold file: its text, its bytes, or null/undefined for "no file". */
/** `{ tooLarge: size }`: a file measured but not read, over the limit (reported with its exact size). */
export type FileInput = string | Uint8Array | ArrayBuffer | { tooLarge: number } | null | undefined;
/** A task config: the JSON file's text or bytes (exact official semantics), or an object (JSON.stringify'd). */
export type ConfigInput = string | Uint8Array | ArrayBuffer | TaskConfigObject;
/** A config file of a suite (`configs/<name>`). */
export interface ConfigFile { name: string; content: string | Uint8Array | ArrayBuffer }
/** Options of evaluate and validatePrediction: configFileName's stem must equal the task id. */
export interface TaskOptions { configFileName?: string | null }
/** Options of explain (defaults): maxItems rows per list (5) and maxValueChars per value (60), both at most 10000; near-miss hints (true); signatureStrict refuses thousands separators (false). */
export interface ExplainOptions extends TaskOptions {
  maxItems?: number | null; maxValueChars?: number | null; hints?: boolean | null; signatureStrict?: boolean | null;
  /** How much of the gold the diagnosis may show (absent: everything): "participant" shows nothing derived from gold values. */
  redaction?: "full" | "redacted" | "participant" | null;
}
/** Options of Gold.partialCredit: the column signature refuses thousands separators (default false). */
export interface PartialCreditOptions { signatureStrict?: boolean | null }
/** Every `code` a thrown TabeqError can carry (trust functions: see tabeq_trust.d.ts). */
export type ThrownErrorCode = FatalErrorCode | CellErrorCode | CsvErrorCode | BindingErrorCode | KddcupErrorCode | "task_list_invalid";
/** What every function throws: an Error named "TabeqError" with a stable code; `line` is set by trust functions only. */
export interface TabeqError extends Error {
  name: "TabeqError"; code: ThrownErrorCode; taskId: string | null; line: number | null;
  stage: "config" | "gold" | "suite" | "cell" | "csv" | "argument" | "submission" | "kddcup";
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

/** What the check of a predictions folder finds beyond a task's own error code, and the code parseTaskList throws. */
export type SubmissionErrorCode =
  | "prediction_misnamed"
  | "task_folder_misnamed"
  | "unexpected_task"
  | "stray_entry"
  | "encoding_latin1"
  | "byte_order_mark"
  | "repeated_headers"
  | "task_list_invalid"
  | "header_only"
  | "not_csv_text";

/** The Spider 2.0 profile's codes: why a comparison scores 0 as the official raises, its notes and soundness warnings, and an eval file that cannot be read. */
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
  | "spider2_eval_file_invalid"
  | "spider2_eval_key_missing";

/** The KDD Cup 2026 Phase-1 profile's fatal errors (stage "kddcup"): what the official `dabench score-run` stops on. */
export type KddcupErrorCode =
  | "kddcup_penalty_negative"
  | "kddcup_predictions_dir_missing"
  | "kddcup_gold_dir_missing"
  | "kddcup_no_gold"
  | "kddcup_gold_missing"
  | "kddcup_gold_unreadable"
  | "kddcup_gold_invalid"
  | "kddcup_task_id_invalid"
  | "kddcup_task_json_not_utf8"
  | "kddcup_too_large";
// </generated: error-codes>

// <generated: types>

/** A column's declared type. */
export type ColumnType = "text" | "number" | "date" | "datetime" | "boolean";

/** What a `%` sign means in a number column. */
export type ColumnUnit = "plain" | "percentage_points" | "fraction";

/** How numbers are compared (a config's `comparison` object). */
export type ColumnComparison =
  | { mode: "integer" }
  | { mode: "decimal_places"; digits: number }
  | { mode: "significant_digits"; digits: number };

/** One gold column of a config. */
export interface ColumnConfig {
  gold_index?: number;
  gold_name?: string;
  type: ColumnType;
  comparison?: ColumnComparison;
  unit?: ColumnUnit;
  allow_percent_sign?: boolean;
}

/** A config file's content (`configs/task_N.json`). */
export interface TaskConfigObject {
  schema_version: "1.0";
  task_id: string;
  order_sensitive: boolean;
  columns: ColumnConfig[];
}

/** One gold column and the prediction column mapped to it (an item of `column_mapping`). */
export interface ColumnPair {
  /** The gold column. */
  gold_index: number;
  /** The prediction column. */
  prediction_index: number;
}

/** The official per-task record, plus a machine-readable detail for CSV errors. */
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

/** A CSV reading error with its position. The message is rendered from its `CsvProblem` (the data it shows), and the kind follows from the problem. */
export interface CsvProblem {
  code: CsvErrorCode;
  /** 1-based record number (the header is record 1), when known. */
  record: number | null;
  message: string;
}

/** A `BadCell` as written in a report: with its column's rule and its reason split into code and message. */
export interface BadCell {
  prediction_index: number;
  header: string;
  row: number;
  value: string;
  value_truncated: boolean;
  rule: string;
  code: CellErrorCode;
  reason: string;
}

export interface ColumnReadability {
  gold_index: number;
  gold_name: string;
  rule: string;
  readable: number[];
  unreadable: BadCell[];
}

/** A prediction file that reads as CSV but is unlikely to be the answer: JSON, HTML or XML saved as CSV (`not_csv_text`, at line 1, column 1) or a header with no data row (`header_only`, at the end of the file). The submission check and the single-task check report the same words. */
export interface AnswerProblem {
  /** `not_csv_text` or `header_only` (the `submission` family of the catalogue). */
  code: "not_csv_text" | "header_only";
  /** For people, starting with the place (`line 1, column 1: ...`). */
  message: string;
  /** Where in the file. */
  position: TextPosition;
}

/** The result of `validate_prediction`. */
export interface ValidationReport {
  task_id: string;
  /** Nothing found fails the task (the gold can still disagree). */
  ok: boolean;
  /** `missing_prediction`, `invalid_prediction_csv` and `column_count_mismatch` are final; `type_normalization_failed` holds unless the gold's row count differs. */
  error_code: TaskErrorCode | null;
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
  /** JSON, HTML or XML saved as CSV, or a header with no data row: a warning (`ok` stays true; the gold decides). */
  answer_problem: AnswerProblem | null;
}

/** The summary of a suite run. */
export interface SuiteSummary {
  evaluator: string;
  evaluator_version: string;
  /** Absent when the limits are the official ones. */
  limits?: "lifted";
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

export type ConfigWarningCode = "unknown_config_key";

/** Something in a config that the official evaluator ignores (and tabeq ignores too), worth telling the config's author about. */
export interface ConfigWarning {
  code: ConfigWarningCode;
  /** E.g. "unknown key `allow_percent` in column 1 — did you mean `allow_percent_sign`?". */
  message: string;
  /** The key as written. */
  key: string;
  /** The column it is in (null at the top level). */
  column: number | null;
  /** The known key it most likely meant. */
  suggestion: string | null;
}

/** One entry of the error-code catalogue. */
export interface ErrorCodeEntry {
  /** The code. */
  code: string;
  /** `task` (a record's `error_code`), `csv`, `cell`, `fatal`, `trust`, `binding` (a binding's arguments and objects), `output` (the Python CLI's output file), `submission` (the check of a predictions folder), `spider2` (the Spider 2.0 profile), `kddcup` (the KDD Cup 2026 Phase-1 profile) or `sql` (the text-to-SQL result profile). */
  family: string;
  /** The `stage` of a raised error with this code (`config`, `gold`, `suite`, `csv`, `cell`, `trust`, `argument`, `output`, `submission`, `spider2`, `kddcup`, `sql`); `None` for task codes, which are never raised. */
  stage: string | null;
  /** What the code means. */
  description: string;
}

/** The kind of a near miss. Codes are stable. */
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
  | {
    status: "invalid_csv";
    csv_error: CsvErrorCode;
    record: number | null;
    message: string;
  };

/** How a prediction with a different row count relates to the gold's rows. */
export interface DiagnosisGrain {
  /** More rows than the gold (finer grain) or fewer (coarser); written as `direction`. */
  direction: "finer" | "coarser";
  /** Prediction rows repeating an earlier row (under the best mapping). */
  prediction_duplicate_rows: number;
  /** Gold rows repeating an earlier row. */
  gold_duplicate_rows: number;
  /** Whether the distinct rows are the same on both sides. */
  same_distinct_rows: boolean;
  /** Gold columns whose distinct values the mapped prediction column reproduces exactly (likely the grouping keys, repeated at another grain). */
  key_columns: number[];
}

/** Expected vs received shape. */
export interface DiagnosisShape {
  /** Gold columns. */
  expected_columns: number;
  /** Prediction columns. */
  received_columns: number;
  /** Gold data rows. */
  expected_rows: number;
  /** Prediction data rows. */
  received_rows: number;
  /** Prediction columns the best mapping assigns to no gold column. */
  extra_prediction_columns: number[];
  /** Gold columns the best mapping cannot fill. */
  missing_gold_columns: number[];
  /** Prediction columns sharing no non-null canonical value with any gold column they read under. */
  prediction_columns_matching_no_gold: number[];
  /** Gold columns sharing no non-null canonical value with any prediction column. */
  gold_columns_matched_by_no_prediction: number[];
  /** When the row counts differ: the grain. */
  grain: DiagnosisGrain | null;
}

/** The first cell of a prediction column that does not read under a gold rule. */
export interface OffendingCell {
  /** The prediction column. */
  prediction_index: number;
  /** 1-based data row. */
  row: number;
  /** The raw cell (clipped). */
  value: string;
  /** Why it does not read. */
  reason: CellErrorCode;
  /** How many cells of the column do not read. */
  bad_cells: number;
}

/** Compatibility of one gold column. */
export interface DiagnosisColumnTypes {
  /** The gold column. */
  gold_index: number;
  /** Its rule, e.g. `number (decimal_places 2, plain)`. */
  rule: string;
  /** Prediction columns whose every cell reads under the rule. */
  compatible: number[];
  /** Number of incompatible prediction columns (shown or not). */
  incompatible_count: number;
  /** The first offending cell of other prediction columns (the mapped one first unless participant-safe; capped). */
  incompatible: OffendingCell[];
}

/** A set of gold columns that cannot all be read (Hall's condition fails on it). */
export interface DiagnosisUnreadable {
  /** The gold columns. */
  gold_columns: number[];
  /** The prediction columns able to read any of them (fewer than the gold columns). */
  readable_from: number[];
}

/** Type compatibility. */
export interface DiagnosisTypes {
  /** One entry per gold column. */
  columns: DiagnosisColumnTypes[];
  /** When no one-to-one readable mapping exists although the prediction has enough columns: gold columns that compete for fewer readable prediction columns than there are of them. */
  unreadable: DiagnosisUnreadable | null;
}

/** One gold column under the mapping. */
export interface DiagnosisPair {
  /** The gold column. */
  gold_index: number;
  /** Its prediction column, if any. */
  prediction_index: number | null;
  /** Whether every cell of the prediction column reads under the gold rule. */
  compatible: boolean;
  /** Multiset overlap of canonical values (nulls included). */
  shared_values: number;
  /** For ordered tasks: positions with equal canonical values. */
  same_positions: number | null;
  /** Whether the prediction column holds exactly the gold column's values (same multiset; same sequence for ordered tasks). */
  same_values: boolean;
}

/** The mapping the diagnosis uses. */
export interface DiagnosisMapping {
  /** True when it is the official first passing mapping. */
  official: boolean;
  /** How it was chosen. */
  method: string;
  /** Whether every gold column is mapped to a readable prediction column. */
  valid: boolean;
  /** One entry per gold column. */
  pairs: DiagnosisPair[];
}

/** A row shown in a diagnosis. */
export interface ShownRow {
  /** 1-based data row in its file. */
  row: number;
  /** Raw cells (clipped), one per compared gold column. */
  values: string[];
}

/** The first differing position of an ordered comparison. */
export interface DiagnosisFirstDifference {
  /** 1-based position. */
  row: number;
  /** The gold row there (absent past its end). */
  gold: string[] | null;
  /** The prediction row there (absent past its end). */
  prediction: string[] | null;
  /** Gold columns whose values differ there. */
  differing_gold_columns: number[];
}

/** Order of rows in an ordered task. */
export interface DiagnosisOrder {
  /** The first position where the rows differ (none when one is a prefix of the other and the lengths are equal, i.e. the sequences are equal). */
  first_difference: DiagnosisFirstDifference | null;
  /** Positions where the rows are equal. */
  rows_in_place: number;
  /** Whether the rows are equal as multisets. */
  would_match_unordered: boolean;
}

/** Rows under the mapping. */
export interface DiagnosisRows {
  /** The gold columns rows are compared on (the mapped ones). */
  compared_gold_columns: number[];
  /** Gold data rows. */
  gold_rows: number;
  /** Prediction data rows. */
  prediction_rows: number;
  /** Rows in the multiset intersection. */
  matched_rows: number;
  /** Gold rows with no equal prediction row (count). */
  missing_count: number;
  /** Prediction rows with no equal gold row (count). */
  extra_count: number;
  /** The first missing gold rows (raw gold cells of the compared columns). */
  missing: ShownRow[];
  /** The first extra prediction rows (raw cells of the mapped prediction columns, in gold order). */
  extra: ShownRow[];
  /** For ordered tasks. */
  order: DiagnosisOrder | null;
}

/** A column a hint concerns. */
export interface HintColumn {
  /** The gold column (`None` for `HintKind::ExtraColumns`, which concerns prediction columns only). */
  gold_index: number | null;
  /** The prediction column. */
  prediction_index: number;
  /** What would change, e.g. `decimal_places 2 -> 1` or `divide_by_100`. */
  detail: string;
}

/** A named near miss. */
export interface DiagnosisHint {
  /** Its kind. */
  name: HintName;
  /** Whether the official evaluator passes the task with this change alone. */
  would_pass: boolean;
  /** For people. */
  message: string;
  /** The columns concerned (empty for row-level hints). */
  columns: HintColumn[];
}

/** The outcome class of the column-signature scorer. */
export type SignatureStatus = "perfect_match" | "partial_match" | "no_match" | "missing_prediction";

/** The column-signature score of one prediction. */
export interface ColumnSignatureScore {
  /** The outcome class. */
  status: SignatureStatus;
  /** `max(0, recall - penalty)`, in 0..=1. */
  score: number;
  /** matched / gold columns. */
  recall: number;
  /** 0.1 × extra / prediction columns. */
  penalty: number;
  /** Size of the multiset intersection of gold and prediction column signatures. */
  matched_columns: number;
  /** Gold columns. */
  gold_columns: number;
  /** Prediction columns (0 when missing or unreadable). */
  prediction_columns: number;
  /** Prediction columns not matched. */
  extra_columns: number;
  /** Whether thousands separators were refused. */
  strict: boolean;
}

/** Row-level precision and recall: a prediction row counts when it equals an unused gold row on every gold column (multiset intersection of canonical rows under a mapping). */
export interface RowScores {
  /** matched / prediction rows. */
  precision: number;
  /** matched / gold rows. */
  recall: number;
  /** Harmonic mean of precision and recall (0 when both are 0). */
  f1: number;
  /** Rows in the multiset intersection. */
  matched_rows: number;
  /** Gold data rows. */
  gold_rows: number;
  /** Prediction data rows. */
  prediction_rows: number;
}

/** Column-level precision and recall: a gold column is recovered when a distinct prediction column holds exactly its canonical values (the same multiset, or for ordered tasks the same sequence). */
export interface ColumnScores {
  /** matched / prediction columns. */
  precision: number;
  /** matched / gold columns. */
  recall: number;
  /** Gold columns recovered (a maximum one-to-one matching). */
  matched_columns: number;
  /** Gold columns. */
  gold_columns: number;
  /** Prediction columns. */
  prediction_columns: number;
}

/** The partial-credit block of a diagnosis. */
export interface PartialCredit {
  /** `PARTIAL_CREDIT_NOTE`. */
  note: string;
  column_signature: ColumnSignatureScore;
  rows: RowScores;
  columns: ColumnScores;
}

/** The gold names and prediction headers of a diagnosis. */
export interface DiagnosisColumns { gold: string[]; prediction: string[] }

/** A structured diagnosis of one prediction. */
export interface Diagnosis {
  diagnosis_version: number;
  task_id: string;
  passed: boolean;
  error_code: TaskErrorCode | null;
  /** One paragraph for people. */
  summary: string;
  /** The official record, exactly as `evaluate` returns it. */
  result: TaskResult;
  /** Gold column names (config) and prediction headers. */
  columns: DiagnosisColumns;
  /** What was received. */
  input: DiagnosisInput;
  shape: DiagnosisShape | null;
  types: DiagnosisTypes | null;
  mapping: DiagnosisMapping | null;
  rows: DiagnosisRows | null;
  hints: DiagnosisHint[];
  hints_combined_would_pass: boolean | null;
  /** Not the official score; null in a participant-safe diagnosis. */
  partial_credit: PartialCredit | null;
}

/** A CSV file as the strict reader sees it: its header, size and first rows, for showing it. */
export interface TableView {
  /** The header row. */
  headers: string[];
  /** Data rows in the file. */
  row_count: number;
  /** Columns in the file. */
  column_count: number;
  /** The first rows shown. */
  rows: string[][];
}

/** How a column's cells line up. */
export type Align = "left" | "right";

/** What a cell or row stands for, beyond its text. */
export type Mark = "none" | "differs" | "missing" | "extra" | "good" | "bad" | "placeholder";

/** What kind of remark a `Block::Note` is. */
export type Tone = "info" | "hint" | "warning" | "error";

/** A table cell: its text and mark. */
export interface DocCell {
  /** The cell's text, exactly as shown. */
  text: string;
  /** What the cell stands for. */
  mark: Mark;
}

/** A table row: its cells and a mark for the whole row. */
export interface DocRow {
  /** One cell per column. */
  cells: DocCell[];
  /** What the whole row stands for (a missing or extra row). */
  mark: Mark;
}

/** A table column: its heading and alignment. */
export interface DocColumn {
  /** The heading. */
  title: string;
  /** How the column's cells line up. */
  align: Align;
}

/** A table: columns, rows, and an optional caption and note on what was left out. */
export interface DocTable {
  /** What the table shows. */
  caption: string | null;
  /** Headings and alignments. */
  columns: DocColumn[];
  /** The rows shown. */
  rows: DocRow[];
  /** How many rows exist in all, when only some are shown (the renderers say "12 of 40 rows"). */
  total_rows: number | null;
}

/** One piece of content. */
export type DocBlock =
  | {
    kind: "paragraph";
    /** The paragraph's text. */
    text: string;
  }
  | {
    kind: "note";
    /** What kind of remark it is. */
    tone: Tone;
    /** The remark. */
    text: string;
  }
  | {
    kind: "list";
    /** The items, each one line of prose. */
    items: string[];
  }
  | {
    kind: "facts";
    /** Label and value pairs, in order. */
    items: [string, string][];
  }
  | ({ kind: "table" } & DocTable)
  | {
    kind: "figure";
    /** What the picture shows, used as its caption and as its text form. */
    caption: string;
    /** The `<svg>` element. */
    svg: string;
  };

/** A titled part of a document. */
export interface DocSection {
  /** A stable identifier (`shape`, `mapping`, `rows`, …) that pages and tests can address. */
  id: string;
  /** The section's heading. */
  title: string;
  /** The section's content in reading order. */
  blocks: DocBlock[];
}

/** A report for people: a title and its sections. */
export interface Document {
  /** The document's title (a heading of level 1). */
  title: string;
  /** What the document says first, before any section (e.g. the verdict). */
  lead: DocBlock[];
  /** Titled parts in reading order. */
  sections: DocSection[];
}

/** The text formats a `Document` renders to, by the names every surface accepts. */
export type DocumentFormat = "text" | "markdown" | "html" | "csv";

/** A file that is not UTF-8 text, recognized by its first bytes, so a message can say what it is and what to do instead of "invalid UTF-8 at byte 0". */
export type ForeignFileKind = "utf16le" | "utf16be" | "png" | "jpeg" | "gif" | "pdf" | "zip" | "gzip" | "ole_document";

/** A recognized file as a page shows it: `{kind, advice}`. */
export interface SniffedFile {
  /** The `ForeignFile::code`. */
  kind: ForeignFileKind;
  /** The `ForeignFile::advice`. */
  advice: string;
}

/** One task of a submission: the validation report and, when the file could not be read as UTF-8, what it appears to be. */
export interface SubmissionTask extends ValidationReport { foreign_file: ForeignFileKind | null }

/** The result of checking a whole submission without gold. */
export interface SubmissionReport {
  config_set_sha256: string;
  task_count: number;
  /** Tasks where nothing found without the gold fails the task. */
  ready_task_count: number;
  failing_task_count: number;
  /** Configs without `predictions/<task>/prediction.csv`. */
  missing_tasks: string[];
  /** Prediction folders named like a task that have no config. */
  extra_tasks: string[];
  tasks: SubmissionTask[];
}

/** A place in a file as an editor shows it: 1-based line and column (characters, the byte order mark not counted) and the 0-based byte offset in the file. */
export interface TextPosition {
  /** 1-based line (`\n`, `\r\n` and a lone `\r` end a line, as for the CSV reader). */
  line: number;
  /** 1-based column in characters. */
  column: number;
  /** 0-based byte offset in the file. */
  byte: number;
}

/** Whether a problem fails the task or is only worth knowing. */
export type Severity = "error" | "hint" | "note";

/** One problem of a task, worded by the core, with its place in the file when it has one. */
export interface FolderProblem {
  /** Error, hint or note. */
  severity: Severity;
  /** A code of the catalogue (task, CSV, cell or submission family). */
  code: string;
  /** For people. */
  message: string;
  /** Where in the file, when the problem has a place. */
  position: TextPosition | null;
  /** What to do about it, when there is something to do. */
  what_to_do: string | null;
}

/** Whether a task is ready to upload. */
export type TaskStatus = "ready" | "fails" | "not_scored";

/** One task of the folder. */
export interface FolderTask {
  /** The task id. */
  task_id: string;
  /** Ready, fails, or not scored. */
  status: TaskStatus;
  /** The error code the official evaluator gives the task, as far as it is known without the gold (`missing_prediction` for a misnamed file or folder). */
  error_code: TaskErrorCode | null;
  /** The file read for the task (relative to the predictions folder), if any. */
  file: string | null;
  /** The CSV problem, for `invalid_prediction_csv`. */
  csv_error: CsvProblem | null;
  /** Data rows and columns of a readable file. */
  rows: number | null;
  /** Columns of a readable file. */
  columns: number | null;
  /** Errors first, then hints and notes. */
  problems: FolderProblem[];
  /** With configs: the gold-less check under the task's column rules. */
  validation: ValidationReport | null;
}

/** Where the expected task list comes from. */
export type ExpectedFrom = "configs" | "task_list" | "prediction_folder";

/** An entry of the folder that is not a task folder. */
export interface StrayEntry {
  /** The path, relative to the predictions folder (folders end with `/`). */
  path: string;
  /** What it appears to be and what to do. */
  message: string;
}

/** The result of checking a predictions folder. */
export interface PredictionsReport {
  expected_tasks_from: ExpectedFrom;
  config_set_sha256: string | null;
  task_count: number;
  ready_task_count: number;
  failing_task_count: number;
  missing_tasks: string[];
  unexpected_tasks: string[];
  stray_entries: StrayEntry[];
  /** Whether every expected task is ready; never with no task (the wrong folder). */
  all_ready: boolean;
  /** Why the folder is not a predictions folder (no task found or expected), or null. */
  wrong_folder: string | null;
  tasks: FolderTask[];
}
// </generated: types>

// <generated: functions>

/** Render a document (from `explainDocument`, `validationDocument`, …) as `"text"`, `"markdown"`, `"html"` or `"csv"`. */
export function renderDocument(document: Document, format: DocumentFormat): string;
/** The tabeq version. */
export function version(): string;
/** The limits a page applies to what it unpacks and shows itself (`tabeq_surface::limits`): an archive's members (`archive_member_bytes` each, `archive_total_bytes` in all, counted as inflated), a share link (`share_bytes` of files, `share_header_bytes` of header) and the rows of a table it reads to show (`table_rows`). From the core so that no page defines its own. */
export function pageLimits(): { archive_member_bytes: number; archive_total_bytes: number; share_bytes: number; share_header_bytes: number; table_rows: number };
/** Every stable error code any surface raises (evaluator, trust and binding codes), with its family, stage and description. */
export function errorCodes(): ErrorCodeEntry[];
/** A message of the core's catalogue (`tabeq_surface::evaluator::error::MessageCode`, e.g. `zip_member_too_large`) worded with `data`'s fields (strings, whole numbers, arrays of strings): the page shows these words and writes none of its own. Throws `invalid_argument` for an unknown code or a missing field. */
export function message(code: string, data: Record<string, string | number | string[]>): string;
/** A gold read, validated and canonicalized once. */
export class Gold {
  /** Prepare `gold` under `config` (`options.configFileName` as for `evaluate`). Throws the config and gold errors `evaluate` throws. */
  constructor(gold: FileInput, config: ConfigInput, options?: TaskOptions | null);
  free(): void;
  /** The official per-task record, as `evaluate` returns it. */
  evaluate(prediction: FileInput): TaskResult;
  /** The records of many predictions, in order. */
  evaluateMany(predictions: FileInput[]): TaskResult[];
  /** The official score (1 or 0) of each prediction. */
  scores(predictions: FileInput[]): Float64Array;
  /** The normalized config. */
  readonly config: TaskConfigObject;
  /** Gold data rows. */
  readonly rowCount: number;
  /** Gold columns. */
  readonly columnCount: number;
  /** The partial credit of each prediction (`PartialCredit` of `explain`); `options.signatureStrict` refuses thousands separators in the column signature. */
  partialCredit(predictions: FileInput[], options?: PartialCreditOptions | null): PartialCredit[];
}
/** A predictions folder checked file by file. */
export class PredictionsFolderRun {
  /** `paths`: the folder's entries relative to it (`task_1/prediction.csv`; folders end with `/`). `configFiles`: `{name, content}[]` or null. `expectedTasks`: task ids or null. */
  constructor(paths: string[], configFiles?: ConfigFile[] | null, expectedTasks?: string[] | null);
  free(): void;
  /** The files to read, `[taskId, path][]`, in task order. */
  readonly reads: [string, string][];
  /** Check one task's file (`prediction` null: it vanished). Returns the task's report. */
  check(taskId: string, prediction: FileInput): FolderTask;
  /** The report, once every file is checked. */
  report(): PredictionsReport;
  /** The report as the core's JSON text (byte for byte what `tabeq validate --format json` writes). */
  reportJson(): string;
  /** The report rendered by the core: `"text"`, `"markdown"`, `"html"` or `"csv"`. */
  render(format: DocumentFormat): string;
}
/** The task ids of an expected task list (text or bytes: one id per line, `#` comments). */
export function parseTaskList(list: FileInput): string[];
/** The task ids of the benchmark's `input/` folder: its `task_N` folders holding `task.json`, from the folder's paths relative to it (`task_1/task.json`). */
export function inputTaskIds(paths: string[]): string[];
/** A skeleton submission from config files: `[path, content][]`, one `task_N/prediction.csv` per config holding its header row. */
export function skeletonFiles(configFiles: ConfigFile[]): [string, string][];
/** One task checked as the Submission check checks each task (header-only files, JSON or HTML saved as CSV, the line and column of a CSV problem, an encoding hint; with a config its columns' rules). */
export function checkTask(prediction: FileInput, config: ConfigInput | null, options?: { configFileName?: string | null; fileName?: string | null; taskId?: string | null } | null): FolderTask;
/** `checkTask`'s report rendered by the core: `"text"`, `"markdown"` or `"html"` (the same words as the task's rows in the folder report). */
export function renderTaskCheck(prediction: FileInput, config: ConfigInput | null, options: { configFileName?: string | null; fileName?: string | null; taskId?: string | null } | null | undefined, format: DocumentFormat): string;
/** A suite in the official layout, scored task by task so the caller can show progress. */
export class SuiteRun {
  /** Plan a suite: `configFiles` is `{name, content}[]` from `configs/`, `predictionDirs` the directory names under `predictions/`. Throws fatal suite/config errors. */
  constructor(files: ConfigFile[], predictionDirs?: string[] | null);
  free(): void;
  /** Task ids in evaluation order. */
  readonly taskIds: string[];
  /** SHA-256 of the config set. */
  readonly configSetSha256: string;
  /** Prediction directories without a config. */
  readonly unscoredPredictionTasks: string[];
  /** Tasks scored so far. */
  readonly scoredCount: number;
  /** The normalized config of a task, as an object. */
  taskConfig(taskId: string): TaskConfigObject;
  /** Score one task; `prediction` null means the file is missing. Gold problems are fatal. */
  scoreTask(taskId: string, prediction: FileInput, gold: FileInput): TaskResult;
  /** The summary object (official keys and order), once every task is scored. */
  summary(): SuiteSummary;
  /** The summary rendered by the core (`"text"`, `"markdown"`, `"html"` or `"csv"`): the totals and one row per task, failures first. */
  render(format: DocumentFormat): string;
  /** The summary file's text (`evaluation_summary.json`). */
  summaryJson(): string;
}
/** A submission (`configs/` and `predictions/`, no gold) checked task by task. */
export class SubmissionRun {
  /** Plan the check: `configFiles` is `{name, content}[]` from `configs/`, `predictionDirs` the folder names under `predictions/`. Throws fatal config and suite errors, as scoring does. */
  constructor(files: ConfigFile[], predictionDirs?: string[] | null);
  free(): void;
  /** Task ids in evaluation order. */
  readonly taskIds: string[];
  /** Check one task; `prediction` null means the file is missing. Returns its `ValidationReport`. */
  checkTask(taskId: string, prediction: FileInput): SubmissionTask;
  /** The whole report (`SubmissionReport`), once every task is checked. */
  report(): SubmissionReport;
  /** The report rendered by the core: `"text"`, `"markdown"`, `"html"` or `"csv"`. */
  render(format: DocumentFormat): string;
}
/** What a file that is not UTF-8 text appears to be, from its first bytes: `{kind, advice}`, or `null` for anything else. */
export function sniffFile(head: FileInput): SniffedFile | null;
/** Score one task: the official per-task record. */
export function evaluate(prediction: FileInput, gold: FileInput, config: ConfigInput, options?: TaskOptions | null): TaskResult;
/** The keys of a config that the official evaluator ignores, so that a page can show them; they never change a result. Throws like `evaluate` for an invalid config. */
export function configWarnings(config: ConfigInput): ConfigWarning[];
/** The pre-submission check without gold. */
export function validatePrediction(prediction: FileInput, config: ConfigInput, options?: TaskOptions | null): ValidationReport;
/** The validation report as a document, for `renderDocument`. */
export function validationDocument(prediction: FileInput, config: ConfigInput, options?: TaskOptions | null): Document;
/** Why a prediction fails: the official record plus shape, types, the best mapping, missing/extra rows, near-miss hints and partial credit. */
export function explain(prediction: FileInput, gold: FileInput, config: ConfigInput, options?: ExplainOptions | null): Diagnosis;
/** The diagnosis as a document: what the notebook view and `tabeq check` show, for `renderDocument` or a page's own view. */
export function explainDocument(prediction: FileInput, gold: FileInput, config: ConfigInput, options?: ExplainOptions | null): Document;
/** A CSV file as the strict reader sees it: its header, row count and first `options.maxRows` rows (default 100). Throws the CSV error code (stage `csv`). */
export function readTable(csv: FileInput, options?: { maxRows?: number | null } | null): TableView;
/** The canonical value of one cell under a column rule (`null` for a null value). */
export function canonicalize(value: string, column: ColumnConfig | string): string | null;
/** Every scoring profile tabeq reproduces, in order (`tabeq_surface::PROFILES`): its `name`, `title`, `summary`, `spec` page, `prediction` and `gold` kinds (`"csv"` or `"rows_json"`), `options`, `max_input_bytes` and the `wasm_module` whose `score` scores it (this module scores `dataspace`). */
export function profiles(): { name: string; title: string; summary: string; spec: string; prediction: "csv" | "rows_json"; gold: "csv" | "rows_json"; options: string[]; max_input_bytes: number; wasm_module: string }[];
/** Score one prediction against its gold under `profile` (a name from `profiles()`), as that profile's official scorer does: `{ profile, passed, score, document }`, `document` being the profile's own. `prediction` and `gold` are text or bytes (CSV, or JSON rows for the SQL profiles); `options` holds the profile's own options by their registry names (`config` for `dataspace`: the config's JSON text). A profile of another module throws `module_not_loaded` (its `wasm_module` names the module that scores it). */
export function score(profile: string, prediction: string | Uint8Array, gold: string | Uint8Array, options: Record<string, string | number | boolean | Uint8Array> | null): { profile: string; passed: boolean; score: number; document: Record<string, unknown> };
// </generated: functions>
