// Hand-written types for the tabeq trust-metrics WebAssembly module (browser: pkg/tabeq_trust.js,
// Node: pkg-node/tabeq_trust.js). Reports follow the core's stable JSON layout: rates are fractions
// in 0..1, undefined values are null, groups are sorted.

import type { ErrorCodeEntry } from "./tabeq";

/** Trust-metric input: JSON-lines text, or its UTF-8 bytes. */
export type JsonLines = string | Uint8Array | ArrayBuffer;

/**
 * A grouping key: a built-in key (family/difficulty for reliability, kind/level for robustness), or
 * any other field the records carry.
 */
export type GroupKeyName =
  | "model"
  | "dataset"
  | "operator"
  | "family"
  | "difficulty"
  | "kind"
  | "level"
  | (string & {});

/** A caller-registered operator. */
export interface OperatorRegistration {
  code: string;
  name: string;
  track: "reliability" | "robustness";
  /** Reliability operators. */
  family?: string;
  difficulty?: string;
  /** Robustness operators. */
  kind?: string;
  level?: "L0" | "L1" | "L2" | "L3";
}

/** Report options (every key optional), as an object or its JSON text. */
export interface TrustOptions {
  /** Grouping keys (or a comma-separated string): built-in keys or any record field. */
  by?: GroupKeyName[] | string;
  /** Extra operators to accept, or the JSON text of that list (a registration file). */
  operators?: OperatorRegistration[] | string | null;
  /** A number of resamples, settings, or null/false for none. */
  bootstrap?: number | { resamples?: number; seed?: number; confidence?: number } | null | false;
  /** Seed of the bootstrap and the comparisons unless they set their own (default 0). */
  seed?: number;
  /** Interval coverage of the bootstrap and the comparisons unless they set their own (default 0.95). */
  confidence?: number;
  /** Completeness findings become errors (thrown with the finding's code). */
  strict?: boolean;
  /** Paired comparisons of every pair of models (MRS or ASR difference, exact p, Holm). */
  compare?: boolean | { resamples?: number; seed?: number; confidence?: number } | null;
  /** Expected instances: reliability {dataset, operator, instance_id}, robustness {dataset, question_id, perturbation_id?}. */
  expected?: ExpectedInstance[] | string | null;
  /** The main table's layout in every document format: row order (given, or by a column),
   * the metric columns kept (`"ASR"`, `"Avg. ASR"`, ...) and the decimals of percentages. */
  layout?: {
    rows?: string[] | string;
    order_by?: string;
    ascending?: boolean;
    columns?: string[] | string;
    decimals?: number;
  } | null;
}

export interface ExpectedInstance {
  model?: string;
  dataset: string;
  operator?: string;
  instance_id?: string | number;
  question_id?: string | number;
  perturbation_id?: string | number;
}

/** A completeness problem: does not stop the report unless `strict`. */
export interface Finding {
  /** One of the completeness codes of TrustErrorCode (`unequal_instance_counts` … `missing_group_field`). */
  code: TrustErrorCode;
  message: string;
}

/** A paired comparison of two models on the instances they share. */
export interface Comparison {
  metric: "mrs" | "asr";
  /** With grouping keys besides model: the group compared within (Holm runs per group). */
  within?: Record<string, string>;
  a: string;
  b: string;
  shared: number;
  a_value: number | null;
  b_value: number | null;
  difference: number | null;
  ci: Interval | null;
  p_value: number | null;
  p_method: "exact" | "permutation";
  p_holm: number | null;
}

/** Spearman's rho with its t-distribution p-value (n - 2 df), and the exact or permutation
 * p-value with an interval for rho (every Spearman result carries these). */
export interface SpearmanRho {
  n: number;
  rho: number | null;
  t: number | null;
  p_value: number | null;
  /** Exact (n <= 9, full enumeration) or seeded permutation p-value. */
  p_exact: number | null;
  p_exact_method: "exact" | "permutation";
  /** 95% interval (Fisher z, variance 1.06 / (n - 3)). */
  rho_ci: Interval | null;
}

/** Spearman of operator level vs ASR, and ASR(L3) / ASR(L0), all records pooled. */
export interface LevelTrend extends SpearmanRho {
  operators: { operator: string; level: string; asr: number }[];
  l3_over_l0: number | null;
}

/** A report for people, as built by the core (rendered by `renderDocument`). */
export interface Document {
  title: string;
  lead: Block[];
  sections: Section[];
}

export interface Section {
  /** Stable id: groups, families, pooled, rank_agreement, asr_detail, level_trend, comparisons, completeness, charts. */
  id: string;
  title: string;
  blocks: Block[];
}

export type Mark = "none" | "differs" | "missing" | "extra" | "good" | "bad" | "placeholder";

export interface Table {
  caption: string | null;
  columns: { title: string; align: "left" | "right" }[];
  rows: { cells: { text: string; mark: Mark }[]; mark: Mark }[];
  total_rows: number | null;
}

export type Block =
  | { kind: "paragraph"; text: string }
  | { kind: "note"; tone: "info" | "hint" | "warning" | "error"; text: string }
  | { kind: "list"; items: string[] }
  | { kind: "facts"; items: [string, string][] }
  | ({ kind: "table" } & Table)
  | { kind: "figure"; caption: string; svg: string };

export type DocumentFormat = "text" | "markdown" | "html" | "csv" | "svg" | "latex";

export type TrustErrorCode =
  | "invalid_json"
  | "not_an_object"
  | "missing_field"
  | "invalid_field"
  | "unknown_operator"
  | "unknown_label"
  | "invalid_correct"
  | "duplicate_id"
  | "orphan_perturbation"
  | "mixed_tracks"
  | "no_records"
  | "invalid_options"
  | "invalid_operator_registration"
  | "invalid_utf8"
  | "invalid_spearman_input"
  | "manifest_file_missing"
  | "manifest_config_invalid"
  | "manifest_gold_invalid"
  | "io_error"
  | "unequal_instance_counts"
  | "duplicate_across_operators"
  | "near_duplicate_names"
  | "missing_originals"
  | "all_questions_perturbed"
  | "incomplete_average"
  | "unpaired_spearman_keys"
  | "missing_expected_instance"
  | "unexpected_instance"
  | "missing_group_field";

/**
 * What the trust functions throw: an Error (name "TabeqError") with `code`, `stage` "trust" (or
 * "argument" with code "invalid_argument" for a wrong argument type) and the 1-based input `line`.
 */
export interface TrustFailure extends Error {
  name: "TabeqError";
  code: TrustErrorCode | "invalid_argument" | "internal_error";
  stage: "trust" | "argument";
  taskId: null;
  line: number | null;
}

/** A group's key: one member per grouping key of its section. */
export type GroupKeyValues = Partial<Record<GroupKeyName, string>>;

/** A [low, high] percentile interval. */
export type Interval = [number, number];

export interface BootstrapSettings {
  resamples: number;
  seed: number;
  confidence: number;
}

export interface ReliabilityIntervals {
  frr: Interval | null;
  prr: Interval | null;
  nrr: Interval | null;
  mrs: Interval | null;
}

/** Reliability of one group: label counts and rates (fractions). MRS = FRR + PRR / 2. */
export interface ReliabilityRow {
  key: GroupKeyValues;
  n: number;
  full: number;
  partial: number;
  none: number;
  frr: number;
  prr: number;
  nrr: number;
  mrs: number;
  ci: ReliabilityIntervals | null;
}

/** The unweighted mean across datasets of per-dataset rates ("Avg." in the paper). */
export interface ReliabilityAverage {
  key: GroupKeyValues;
  datasets: number;
  frr: number | null;
  prr: number | null;
  nrr: number | null;
  mrs: number | null;
  ci: ReliabilityIntervals | null;
}

/** Spearman agreement of per-model MRS between two datasets. */
export interface RankAgreement extends SpearmanRho {
  datasets: [string, string];
  metric: "mrs";
  models: string[];
  /** Models present on one of the two datasets only (left out). */
  unpaired: string[];
}

export interface ReliabilityReport {
  track: "reliability";
  by: GroupKeyName[];
  records: number;
  bootstrap: BootstrapSettings | null;
  overall: ReliabilityRow;
  groups: ReliabilityRow[];
  dataset_average: ReliabilityAverage[];
  families: ReliabilityRow[];
  pooled: ReliabilityRow[];
  rank_agreement: RankAgreement[];
  findings: Finding[];
  comparisons: Comparison[];
}

export interface OperatorAsr {
  operator: string;
  level: string | null;
  perturbations: number;
  attacks: number;
  flips: number;
  asr: number | null;
}

export interface LevelAsr {
  level: string;
  perturbations: number;
  attacks: number;
  flips: number;
  asr: number | null;
}

/** Robustness of one group. ASR is null (not 0) when undefined. */
export interface RobustnessRow {
  key: GroupKeyValues;
  n: number;
  covered: number;
  coverage: number | null;
  correct: number;
  acc_clean: number | null;
  excluded: number;
  perturbations: number;
  attacks: number;
  flips: number;
  asr: number | null;
  rad: number | null;
  acc_rob: number | null;
  asr_by_operator: OperatorAsr[];
  asr_by_level: LevelAsr[];
  ci: Record<string, Interval | null> | null;
}

export interface RobustnessAverage {
  key: GroupKeyValues;
  datasets: number;
  coverage: number | null;
  acc_clean: number | null;
  asr: number | null;
  rad: number | null;
  acc_rob: number | null;
  asr_by_operator: { operator: string; level: string | null; asr: number | null }[];
  asr_by_level: { level: string; asr: number | null }[];
  ci: Record<string, Interval | null> | null;
}

/** One scored manifest line (robustness from tables). */
export interface ScoredManifestLine {
  line: number;
  model: string;
  dataset: string;
  question_id: string;
  perturbation_id: string | null;
  operator: string | null;
  prediction: string | null;
  task_id: string;
  correct: boolean;
  error_code: string | null;
}

export interface RobustnessReport {
  track: "robustness";
  by: GroupKeyName[];
  originals: number;
  perturbations: number;
  bootstrap: BootstrapSettings | null;
  overall: RobustnessRow;
  groups: RobustnessRow[];
  dataset_average: RobustnessAverage[];
  level_trend: LevelTrend | null;
  findings: Finding[];
  comparisons: Comparison[];
  /** Only from trustRobustnessFromManifest. */
  scored?: ScoredManifestLine[];
}

export interface SpearmanResult extends SpearmanRho {
  /** The paired names when the input was given as objects. */
  keys: string[] | null;
  findings: Finding[];
}

/** An operator of the registry. */
export interface OperatorInfo {
  code: string;
  name: string;
  track: "reliability" | "robustness";
  family?: string;
  difficulty?: string | null;
  kind?: string;
  level?: string | null;
  builtin: boolean;
}

/** The tabeq version. */
export function version(): string;

/** Every stable error code with its family (evaluator, trust and binding codes). */
export function errorCodes(): ErrorCodeEntry[];

/** Reliability (FRR, PRR, NRR, MRS) from records {model, dataset, operator, instance_id, label}. */
export function trustReliability(records: JsonLines, options?: TrustOptions | string | null): ReliabilityReport;

/** Robustness (coverage, Acc_clean, ASR, RAD, Acc_rob, ASR per operator and level) from records. */
export function trustRobustness(records: JsonLines, options?: TrustOptions | string | null): RobustnessReport;

/**
 * Robustness from tables: a manifest naming prediction/gold/config files, scored by the evaluator.
 * `files` maps each path, exactly as written in the manifest, to the file's content; a path that is
 * absent (or null) is a missing file.
 */
export function trustRobustnessFromManifest(
  manifest: JsonLines,
  files: Record<string, string | Uint8Array | ArrayBuffer | null>,
  options?: TrustOptions | string | null,
): RobustnessReport;

/** Spearman's rho with its two-sided p-value: paired lists, or objects paired by name. */
export function trustSpearman(
  input: { x: number[]; y: number[] } | { x: Record<string, number>; y: Record<string, number> } | string,
): SpearmanResult;

/** The operator registry: the 19 built-in operators plus any registered in the options. */
export function trustOperators(options?: TrustOptions | string | null): OperatorInfo[];

/**
 * A report as a document (tables, completeness notes, SVG charts), built by the core: what
 * `tabeq trust` prints and the notebook shows. `kind` "spearman" takes the Spearman input.
 */
export function trustDocument(
  kind: "reliability" | "robustness" | "spearman",
  records: JsonLines | { x: number[] | Record<string, number>; y: number[] | Record<string, number> },
  options?: TrustOptions | string | null,
): Document;

/** Render a document: plain text, Markdown, HTML, CSV (its tables), or SVG (its charts stacked). */
export function renderDocument(document: Document, format: DocumentFormat): string;
