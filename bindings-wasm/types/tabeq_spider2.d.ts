// Hand-written types for the tabeq Spider 2.0 WebAssembly module (browser: pkg/tabeq_spider2.js,
// Node: pkg-node/tabeq_spider2.js; the package's "tabeq/spider2" entry). The objects are the
// core's (crate tabeq-spider2): snake_case keys, positions from 0, absent values null.

import type { ErrorCodeEntry } from "./tabeq";

/** A CSV: text, or its bytes. */
export type Spider2Csv = string | Uint8Array | ArrayBuffer;

/** A JSON value, as the eval file's `condition_cols` holds it. */
export type Spider2Json = null | boolean | number | string | Spider2Json[] | { [key: string]: Spider2Json };

/** Options of `spider2Compare` (every key optional). */
export interface Spider2Options {
  /**
   * The eval file's `condition_cols`: gold column positions (`[0, 2]`), one list per gold for
   * several golds (`[[0], [1]]`), or null for every column. A string is read as its JSON text.
   */
  conditionCols?: Spider2Json;
  /** The eval file's `ignore_order`: each column is sorted on its own before comparing. */
  ignoreOrder?: boolean;
  /** Render the explanation (verdict, compared columns, soundness warnings) in this format. */
  explain?: "text" | "markdown" | "html";
}

/** Every code of the Spider 2.0 profile (read errors, comparison errors, warnings). */
export type Spider2Code =
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

/** A code with what it means (`spider2Codes()`). */
export interface Spider2CodeEntry {
  code: Spider2Code;
  description: string;
}

/** Why the official comparison raises (the score is then 0): a CSV that does not read, a bad `condition_cols`. */
export interface Spider2Error {
  code: Spider2Code;
  message: string;
}

/** A soundness warning on a pass, or a note on one of the official's quirks. */
export interface Spider2Warning {
  code: Spider2Code;
  message: string;
}

/** One differing position between a gold column and its closest prediction column. */
export interface Spider2Mismatch {
  /** The position in the compared order (sorted under ignore_order), from 0. */
  position: number;
  /** The gold value, as Python's repr. */
  gold: string;
  /** The prediction value, as Python's repr. */
  prediction: string;
  /** |gold - prediction| when both are numbers (outside the 0.01 tolerance). */
  difference: number | null;
}

/** The prediction column that came closest to a gold column that found no match. */
export interface Spider2Closest {
  column: number;
  name: string;
  /** Its number of values, when it differs from the gold column's. */
  length: number | null;
  mismatch_count: number;
  /** The first differing positions (at most 5). */
  mismatches: Spider2Mismatch[];
}

/** One compared gold column. */
export interface Spider2ColumnReport {
  column: number;
  name: string;
  /** Every prediction column that matches it (the official needs one). */
  matched_by: number[];
  closest: Spider2Closest | null;
}

/** The comparison with one gold table. */
export interface Spider2GoldReport {
  index: number;
  rows: number;
  columns: number;
  /** The condition_cols this gold was compared with (Python literal), or null. */
  condition_cols: string | null;
  passed: boolean;
  compared: Spider2ColumnReport[];
}

/** What `spider2Compare` returns. */
export interface Spider2Result {
  /** 1 for a pass, 0 otherwise (the official score). */
  score: 0 | 1;
  /** One gold (compare_pandas_table) or a list (compare_multi_pandas_table). */
  kind: "single" | "multi";
  ignore_order: boolean;
  prediction_rows: number;
  prediction_columns: string[];
  /** The golds compared, in order (the official stops at the first pass). */
  golds: Spider2GoldReport[];
  error: Spider2Error | null;
  /** Soundness warnings on a pass, and notes on the official's quirks. */
  warnings: Spider2Warning[];
  gold_count: number;
  passed: boolean;
  /** The explanation in the format `options.explain` named, else null. */
  explanation: string | null;
}

/**
 * Compare a prediction CSV with one gold CSV (the official `compare_pandas_table`) or an array of
 * accepted golds (`compare_multi_pandas_table`), every file read as pandas 2.2.3's `read_csv`
 * reads it. A CSV that does not read gives score 0 with its `error`; a wrong argument throws a
 * TabeqError (code `invalid_argument`, or `lone_surrogate` for text that is not Unicode).
 */
export function spider2Compare(prediction: Spider2Csv, gold: Spider2Csv | Spider2Csv[], options?: Spider2Options | null): Spider2Result;
/** Every Spider 2.0 code with its description. */
export function spider2Codes(): Spider2CodeEntry[];
/** The tabeq version. */
export function version(): string;
/** The evaluator's error-code catalogue (the same as the main module's). */
export function errorCodes(): ErrorCodeEntry[];
