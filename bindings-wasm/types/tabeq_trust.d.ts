// The tabeq trust-metrics WebAssembly module (browser: pkg/tabeq_trust.js, Node:
// pkg-node/tabeq_trust.js). Rates are fractions in 0..1, undefined values null, groups sorted.
// The blocks between `<generated: NAME>` marks come from the Rust types (`make types`).

import type { DocBlock, DocSection, DocTable, Document, ErrorCodeEntry, Mark, TaskErrorCode } from "./tabeq";
export type { Document, Mark, DocBlock as Block, DocSection as Section, DocTable as Table };

/** Trust-metric input: JSON-lines text, or its UTF-8 bytes. */
export type JsonLines = string | Uint8Array | ArrayBuffer;
/** A grouping key: model, dataset, operator, family/difficulty, kind/level, or any record field. */
export type GroupKeyName = "model" | "dataset" | "operator" | "family" | "difficulty" | "kind" | "level" | (string & {});
/** A group's key: one member per grouping key of its section. */
export type GroupKeyValues = Partial<Record<GroupKeyName, string>>;
/** A [low, high] percentile interval. */ export type Interval = [number, number];
type SpearmanInput = { x: number[] | Record<string, number>; y: number[] | Record<string, number> };
type Resampling = number | { resamples?: number; seed?: number; confidence?: number } | null | false;
/** A caller-registered operator: family/difficulty (reliability) or kind/level (robustness). */
export interface OperatorRegistration {
  code: string; name: string; track: Track;
  family?: string; difficulty?: string; kind?: string; level?: "L0" | "L1" | "L2" | "L3";
}
/** Expected instances: reliability {dataset, operator, instance_id}, robustness {dataset, question_id, perturbation_id?}. */
export interface ExpectedInstance {
  model?: string; dataset: string; operator?: string;
  instance_id?: string | number; question_id?: string | number; perturbation_id?: string | number;
}
/** Report options (every key optional), as an object or its JSON text. */
export interface TrustOptions {
  by?: GroupKeyName[] | string;
  operators?: OperatorRegistration[] | string | null;
  /** Resamples or settings of the bootstrap; seed (0) and confidence (0.95) apply to comparisons too. */
  bootstrap?: Resampling; seed?: number; confidence?: number;
  /** Completeness findings become errors (thrown with the finding's code). */
  strict?: boolean;
  /** Paired comparisons of every pair of models (MRS or ASR difference, exact p, Holm). */
  compare?: boolean | Resampling;
  expected?: ExpectedInstance[] | string | null;
  /** The main table's row order, metric columns and decimals, in every document format. */
  layout?: { rows?: string[] | string; order_by?: string; ascending?: boolean; columns?: string[] | string; decimals?: number } | null;
  /** How "Avg." combines datasets: the mean of their values (the paper's rule, default) or all records pooled. */
  average?: "datasets" | "pooled" | null;
}
/** What the trust functions throw: stage "trust" (or "argument") and the 1-based input `line`. */
export interface TrustFailure extends Error { name: "TabeqError"; code: TrustErrorCode | "invalid_argument" | "internal_error"; stage: "trust" | "argument"; taskId: null; line: number | null }
// <generated: trust-error-codes>

/** Errors of the trust metrics (stage "trust"). */
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
  | "missing_group_field"
  | "rank_agreement_skipped"
  | "interrupted"
  | "out_of_memory"
  | "inspect_log_unreadable"
  | "inspect_ai_missing";
// </generated: trust-error-codes>

// <generated: trust-types>

/** How a p-value was computed. */
export type PMethod = "exact" | "permutation";

/** Which benchmark track an operator belongs to. */
export type Track = "reliability" | "robustness";

/** The formats a trust document renders to: the evaluator's document formats, plus `svg` (its figures stacked in one SVG) and `latex` (its tables as booktabs). */
export type DocumentFormat = "text" | "markdown" | "html" | "csv" | "svg" | "latex";

export interface Finding {
  /** A completeness code of TrustErrorCode (`unequal_instance_counts` … `missing_group_field`). */
  code: TrustErrorCode;
  message: string;
}

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
  ci: [number, number] | null;
  p_value: number | null;
  p_method: PMethod;
  p_holm: number | null;
}

/** `spearman_json`'s output. */
export interface SpearmanResult {
  keys: string[] | null;
  findings: Finding[];
  n: number;
  rho: number | null;
  t: number | null;
  p_value: number | null;
  p_exact: number | null;
  p_exact_method: PMethod;
  rho_ci: [number, number] | null;
}

/** `OperatorJson<AsrJson>` of the level trend (every operator there has a level). */
export interface OperatorLevelAsr { operator: string; level: string; asr: number | null }

export interface LevelTrend {
  operators: OperatorLevelAsr[];
  l3_over_l0: number | null;
  n: number;
  rho: number | null;
  t: number | null;
  p_value: number | null;
  p_exact: number | null;
  p_exact_method: PMethod;
  rho_ci: [number, number] | null;
}

/** Percentile-bootstrap settings (serialized as the report's `bootstrap`). */
export interface BootstrapSettings {
  /** Number of resamples (1..=`MAX_RESAMPLES`). */
  resamples: number;
  /** Seed; the same seed gives the same intervals everywhere. */
  seed: number;
  /** Interval coverage, strictly between 0 and 1 (0.95 → 2.5th..97.5th percentiles). */
  confidence: number;
}

/** Bootstrap intervals of FRR, PRR, NRR and MRS. */
export interface ReliabilityIntervals {
  /** FRR. */
  frr: [number, number] | null;
  /** PRR. */
  prr: [number, number] | null;
  /** NRR. */
  nrr: [number, number] | null;
  /** MRS. */
  mrs: [number, number] | null;
}

export interface ReliabilityRow {
  /** The group's key: one member per grouping key of its section. */
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

/** An "Avg." row's values that average fewer datasets than the report has (present only then). */
export interface PartialAverage {
  /** The datasets of the report. */
  of: number;
  /** How many datasets each partial value averages, by its CSV column name (`asr`, `asr_ROS`, ...). */
  averaged: { [key in string]: number };
}

export interface ReliabilityAverage {
  /** The group's key: one member per grouping key of its section. */
  key: GroupKeyValues;
  datasets: number;
  /** Only when the row averages fewer datasets than the report has. */
  partial?: PartialAverage;
  frr: number | null;
  prr: number | null;
  nrr: number | null;
  mrs: number | null;
  ci: ReliabilityIntervals | null;
}

export interface RankAgreement {
  datasets: [string, string];
  metric: "mrs";
  models: string[];
  unpaired: string[];
  n: number;
  rho: number | null;
  t: number | null;
  p_value: number | null;
  p_exact: number | null;
  p_exact_method: PMethod;
  rho_ci: [number, number] | null;
}

/** The reliability report. */
export interface ReliabilityReport {
  track: "reliability";
  by: GroupKeyName[];
  records: number;
  bootstrap: BootstrapSettings | null;
  overall: ReliabilityRow;
  groups: ReliabilityRow[];
  /** The unweighted mean across datasets of per-dataset rates ("Avg." in the paper). */
  dataset_average: ReliabilityAverage[];
  families: ReliabilityRow[];
  pooled: ReliabilityRow[];
  /** Spearman agreement of per-model MRS between two datasets. */
  rank_agreement: RankAgreement[];
  findings: Finding[];
  comparisons: Comparison[];
}

/** ASR of one operator, with its counts (`OperatorJson<AttacksJson>`). */
export interface OperatorAsr {
  operator: string;
  level: string | null;
  perturbations: number;
  attacks: number;
  flips: number;
  asr: number | null;
}

/** ASR of one level, with its counts (`LevelJson<AttacksJson>`). */
export interface LevelAsr {
  level: string;
  perturbations: number;
  attacks: number;
  flips: number;
  asr: number | null;
}

/** Bootstrap intervals of Acc_clean, ASR, RAD and Acc_rob. */
export interface RobustnessIntervals {
  /** Acc_clean. */
  acc_clean: [number, number] | null;
  /** ASR (resamples where it is undefined are left out; `None` if all are). */
  asr: [number, number] | null;
  /** RAD. */
  rad: [number, number] | null;
  /** Acc_rob. */
  acc_rob: [number, number] | null;
}

export interface RobustnessRow {
  /** The group's key: one member per grouping key of its section. */
  key: GroupKeyValues;
  n: number;
  covered: number;
  coverage: number;
  correct: number;
  acc_clean: number;
  excluded: number;
  rad: number;
  acc_rob: number;
  asr_by_operator: OperatorAsr[];
  asr_by_level: LevelAsr[];
  ci: RobustnessIntervals | null;
  perturbations: number;
  attacks: number;
  flips: number;
  asr: number | null;
}

/** `OperatorJson<AsrJson>` of a dataset average. */
export interface OperatorAverageAsr { operator: string; level: string | null; asr: number | null }

/** `LevelJson<AsrJson>` of a dataset average. */
export interface LevelAverageAsr { level: string; asr: number | null }

export interface RobustnessAverage {
  /** The group's key: one member per grouping key of its section. */
  key: GroupKeyValues;
  datasets: number;
  /** Only when some value averages fewer datasets than the report has. */
  partial?: PartialAverage;
  coverage: number | null;
  acc_clean: number | null;
  asr: number | null;
  rad: number | null;
  acc_rob: number | null;
  asr_by_operator: OperatorAverageAsr[];
  asr_by_level: LevelAverageAsr[];
  ci: RobustnessIntervals | null;
}

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
  error_code: TaskErrorCode | null;
}

/** The robustness report. */
export interface RobustnessReport {
  track: "robustness";
  by: GroupKeyName[];
  originals: number;
  perturbations: number;
  bootstrap: BootstrapSettings | null;
  overall: RobustnessRow;
  groups: RobustnessRow[];
  dataset_average: RobustnessAverage[];
  /** Spearman of operator level vs ASR, and ASR(L3) / ASR(L0), all records pooled. */
  level_trend: LevelTrend | null;
  findings: Finding[];
  comparisons: Comparison[];
  /** Only from a manifest (`trustRobustnessFromManifest`). */
  scored?: ScoredManifestLine[];
}

/** An operator of the registry: `family`/`difficulty` (reliability) or `kind`/`level`. */
export interface OperatorInfo {
  code: string;
  name: string;
  track: Track;
  family?: string;
  difficulty?: string | null;
  kind?: string;
  level?: string | null;
  builtin: boolean;
}
// </generated: trust-types>

// <generated: trust-functions>

/** The tabeq version. */
export function version(): string;
/** The limits a page applies to what it unpacks and shows itself (`tabeq_surface::limits`): an archive's members (`archive_member_bytes` each, `archive_total_bytes` in all, counted as inflated), a share link (`share_bytes` of files, `share_header_bytes` of header) and the rows of a table it reads to show (`table_rows`). From the core so that no page defines its own. */
export function pageLimits(): { archive_member_bytes: number; archive_total_bytes: number; share_bytes: number; share_header_bytes: number; table_rows: number };
/** Every stable error code any surface raises (evaluator, trust and binding codes), with its family, stage and description. */
export function errorCodes(): ErrorCodeEntry[];
/** A message of the core's catalogue (`tabeq_surface::evaluator::error::MessageCode`, e.g. `zip_member_too_large`) worded with `data`'s fields (strings, whole numbers, arrays of strings): the page shows these words and writes none of its own. Throws `invalid_argument` for an unknown code or a missing field. */
export function message(code: string, data: Record<string, string | number | string[]>): string;
/** Reliability metrics (FRR, PRR, NRR, MRS) from JSON-lines records `{model, dataset, operator, instance_id, label}`. */
export function trustReliability(records: JsonLines, options?: TrustOptions | string | null): ReliabilityReport;
/** Robustness metrics (coverage, Acc_clean, ASR, RAD, Acc_rob, per operator and level) from JSON-lines records. */
export function trustRobustness(records: JsonLines, options?: TrustOptions | string | null): RobustnessReport;
/** Robustness from tables: a JSON-lines manifest naming prediction, gold and config files, scored by the tabular evaluator. `files` maps each path, as written in the manifest, to its content (string or bytes); absent or unreadable paths are missing files. */
export function trustRobustnessFromManifest(manifest: JsonLines, files: Record<string, string | Uint8Array | ArrayBuffer | null>, options?: TrustOptions | string | null): RobustnessReport;
/** A trust report as a document: a plain object with `title`, `lead` and `sections` of blocks (facts, tables, notes, SVG figures). `kind` is `"reliability"`, `"robustness"` (records: JSON lines) or `"spearman"` (records: the `{x, y}` input as JSON text or an object). */
export function trustDocument(kind: "reliability" | "robustness" | "spearman", records: JsonLines | SpearmanInput, options?: TrustOptions | string | null): Document;
/** Render a document (as returned by `trustDocument`) in a `DocumentFormat` (`"text"`, `"markdown"`, `"html"`, `"csv"`, `"svg"` or `"latex"`). */
export function renderDocument(document: Document, format: DocumentFormat): string;
/** Spearman's rank correlation with its two-sided p-value: `{x: [...], y: [...]}` or `{x: {name: v}, y: {name: v}}`. */
export function trustSpearman(inputValue: SpearmanInput | string): SpearmanResult;
/** The trust operator registry: the 19 built-in operators plus any registered in `options`. */
export function trustOperators(options?: TrustOptions | string | null): OperatorInfo[];
// </generated: trust-functions>
