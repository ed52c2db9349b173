// The tabeq Spider 2.0 WebAssembly module (browser: pkg/tabeq_spider2.js, Node:
// pkg-node/tabeq_spider2.js; the package's "tabeq/spider2" entry). Positions count from 0.
// The blocks between `<generated: NAME>` marks come from the Rust types (`make types`).

import type { ErrorCodeEntry, Spider2ErrorCode } from "./tabeq";

/** A CSV: text, or its bytes. */
export type Spider2Csv = string | Uint8Array | ArrayBuffer;
/** A JSON value, as the eval file's `condition_cols` holds it. */
export type Spider2Json = null | boolean | number | string | Spider2Json[] | { [key: string]: Spider2Json };
/** The eval file's `condition_cols` (a string is read as its JSON text; `null` is not given, the text `"null"` is Python's `None`) and `ignore_order`; `variant` chooses Spider 2.0-lite's (default) or Spider 2.0-Snow's comparison; `explain` renders the explanation. */
export interface Spider2Options { conditionCols?: Spider2Json; ignoreOrder?: boolean; variant?: Spider2Variant; explain?: "text" | "markdown" | "html" }
/** What `spider2Compare` returns: the outcome, whether it passed, the explanation asked for (else null). */
export interface Spider2Result extends Spider2Outcome { passed: boolean; explanation: string | null }
/** A result table for `sqlResultEq`: JSON text (`1.0` stays a float) or an array of rows. */
export type SqlRows = string | (null | boolean | number | string)[][];
/** `sqlResultEq`'s verdict: the official's return value and why. `permutationMatches` (quick_rejected): a column permutation does match (the soundness warning); `unmatchedColumn` (no_permutation): a result1 column whose values no result2 column holds; `permutation` (match): column i of result1 is column permutation[i] of result2. */
export interface SqlResultEq {
  equal: boolean; reason: "both_empty" | "row_count_differs" | "column_count_differs" | "quick_rejected" | "no_permutation" | "match";
  permutationMatches?: boolean; unmatchedColumn?: number | null; permutation?: number[];
}
/** A code with what it means (`spider2Codes()`). */
export interface Spider2CodeEntry { code: Spider2Code; description: string }
// <generated: spider2-codes>

/** Every code of the Spider 2.0 profile: CSVs that do not read, a bad condition_cols, warnings. */
export type Spider2Code = Spider2ErrorCode;
// </generated: spider2-codes>

// <generated: spider2-types>

/** The verdict and its explanation. */
export interface Spider2Outcome {
  /** 1 for a pass, 0 otherwise (the official score). */
  score: 0 | 1;
  /** Single or multi-gold semantics. */
  kind: Spider2GoldKind;
  /** Whether each column was sorted on its own before comparing. */
  ignore_order: boolean;
  /** The prediction's rows. */
  prediction_rows: number;
  /** The prediction's column names. */
  prediction_columns: string[];
  /** The golds compared, in order (the official stops at the first pass). */
  golds: Spider2GoldReport[];
  /** Why the official would raise (the score is then 0). */
  error: Spider2Error | null;
  /** Soundness warnings on a pass, and notes on the official's quirks. */
  warnings: Spider2Warning[];
  /** How many gold tables were given. */
  gold_count: number;
}

/** Whether the gold is one table (`compare_pandas_table`) or a list of accepted tables (`compare_multi_pandas_table`, even with one entry: its `condition_cols` rules differ). */
export type Spider2GoldKind = "single" | "multi";

/** Which official script's comparison: Spider 2.0-lite's or Spider 2.0-Snow's (`evaluation_suite/evaluate.py` of each). */
export type Spider2Variant = "lite" | "snow";

/** The outcome against one gold table. */
export interface Spider2GoldReport {
  /** Which gold, from 0. */
  index: number;
  /** The gold's rows. */
  rows: number;
  /** The gold's columns. */
  columns: number;
  /** The `condition_cols` this gold was compared with (Python literal), if any. */
  condition_cols: string | null;
  /** Whether every compared column found a match. */
  passed: boolean;
  /** The compared columns, in order. */
  compared: Spider2ColumnReport[];
}

/** What happened to one compared gold column. */
export interface Spider2ColumnReport {
  /** Its position in the gold table, from 0. */
  column: number;
  /** Its header name. */
  name: string;
  /** Every prediction column that matches it (the official needs one). */
  matched_by: number[];
  /** For an unmatched column: the closest prediction column. */
  closest: Spider2Closest | null;
}

/** The prediction column that came closest to a gold column that found no match. */
export interface Spider2Closest {
  /** Its position in the prediction, from 0. */
  column: number;
  /** Its header name. */
  name: string;
  /** Its number of values, when it differs from the gold column's. */
  length: number | null;
  /** How many positions differ (0 when the lengths differ). */
  mismatch_count: number;
  /** The first differing positions (at most 5). */
  mismatches: Spider2Mismatch[];
}

/** One differing position between a gold column and a prediction column. */
export interface Spider2Mismatch {
  /** The position in the compared order (sorted order under `ignore_order`), from 0. */
  position: number;
  /** The gold value as a CSV writes it (`PyValue::shown`: `1000`, not pandas' `1000.0`; strings quoted as Python's `repr`). */
  gold: string;
  /** The prediction value, shown the same way. */
  prediction: string;
  /** `|gold - prediction|` when both are numbers (outside the 1e-2 tolerance). */
  difference: number | null;
}

/** A soundness warning on a pass: what the official verdict does not guarantee. */
export interface Spider2Warning {
  /** Stable snake_case code. */
  code: Spider2Code;
  /** The warning, in words. */
  message: string;
}

/** Why the official functions would raise (the official scores the instance 0). */
export interface Spider2Error {
  /** Stable snake_case code. */
  code: Spider2Code;
  /** What went wrong, in words. */
  message: string;
}
// </generated: spider2-types>

// <generated: spider2-functions>

/** The tabeq version. */
export function version(): string;
/** The limits a page applies to what it unpacks and shows itself (`tabeq_surface::limits`): an archive's members (`archive_member_bytes` each, `archive_total_bytes` in all, counted as inflated), a share link (`share_bytes` of files, `share_header_bytes` of header) and the rows of a table it reads to show (`table_rows`). From the core so that no page defines its own. */
export function pageLimits(): { archive_member_bytes: number; archive_total_bytes: number; share_bytes: number; share_header_bytes: number; table_rows: number };
/** Every stable error code any surface raises (evaluator, trust and binding codes), with its family, stage and description. */
export function errorCodes(): ErrorCodeEntry[];
/** A message of the core's catalogue (`tabeq_surface::evaluator::error::MessageCode`, e.g. `zip_member_too_large`) worded with `data`'s fields (strings, whole numbers, arrays of strings): the page shows these words and writes none of its own. Throws `invalid_argument` for an unknown code or a missing field. */
export function message(code: string, data: Record<string, string | number | string[]>): string;
/** Compare a prediction CSV with one gold CSV or an array of accepted gold CSVs, as Spider 2.0's official `compare_pandas_table` / `compare_multi_pandas_table` would, with pandas 2.2.3's `read_csv` reading every file. Options: `conditionCols` (the eval file's value, or its JSON text; `null` or absent is not given, the text `"null"` is Python's `None`), `ignoreOrder` (boolean), `variant` (`"lite"`, the default, or `"snow"`: Spider 2.0-Snow's comparison) and `explain` (`"text"`, `"markdown"` or `"html"`: the explanation, with its soundness warnings, in that format). A CSV that does not read is a failing result (score 0) with its `error`, as the official scores it; a wrong argument throws. */
export function spider2Compare(prediction: Spider2Csv, gold: Spider2Csv | Spider2Csv[], options?: Spider2Options | null): Spider2Result;
/** Every stable code of the Spider 2.0 profile (errors and warnings) with its description. */
export function spider2Codes(): Spider2CodeEntry[];
/** Spider 1.0 test-suite's `result_eq(result1, result2, order_matters)` on two result tables (JSON text or arrays of rows: null, booleans, numbers, strings), exactly as the official decides it (its quick-rejection quirk included), without its permutation search. Returns `{equal, reason}` (`both_empty`, `row_count_differs`, `column_count_differs`, `quick_rejected` with `permutationMatches`, `no_permutation` with `unmatchedColumn`, `match` with `permutation`). Ragged rows, an int beyond 64 bits or a nested cell throw a TabeqError with an `sql_*` code (stage `sql`). */
export function sqlResultEq(result1: SqlRows, result2: SqlRows, orderMatters: boolean): SqlResultEq;
/** Every scoring profile tabeq reproduces, in order (`tabeq_surface::PROFILES`): its `name`, `title`, `summary`, `spec` page, `prediction` and `gold` kinds (`"csv"` or `"rows_json"`), `options`, `max_input_bytes` and the `wasm_module` whose `score` scores it (this module scores `spider2-lite`, `spider2-snow` and the SQL profiles). */
export function profiles(): { name: string; title: string; summary: string; spec: string; prediction: "csv" | "rows_json"; gold: "csv" | "rows_json"; options: string[]; max_input_bytes: number; wasm_module: string }[];
/** Score one prediction against its gold under `profile` (a name from `profiles()`), as that profile's official scorer does: `{ profile, passed, score, document }`, `document` being the profile's own. `prediction` and `gold` are text or bytes (CSV, or JSON rows for the SQL profiles); `options` holds the profile's own options by their registry names (`config` for `dataspace`: the config's JSON text). A profile of another module throws `module_not_loaded` (its `wasm_module` names the module that scores it). */
export function score(profile: string, prediction: string | Uint8Array, gold: string | Uint8Array, options: Record<string, string | number | boolean | Uint8Array> | null): { profile: string; passed: boolean; score: number; document: Record<string, unknown> };
// </generated: spider2-functions>
