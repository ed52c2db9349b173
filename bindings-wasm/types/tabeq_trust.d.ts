// Hand-written types for the tabeq trust-metrics WebAssembly module (browser: pkg/tabeq_trust.js,
// Node: pkg-node/tabeq_trust.js). Reports follow the core's stable JSON layout: rates are fractions
// in 0..1, undefined values are null, groups are sorted.

import type { ErrorCodeEntry } from "./tabeq";

/** Trust-metric input: JSON-lines text, or its UTF-8 bytes. */
export type JsonLines = string | Uint8Array | ArrayBuffer;

export type GroupKeyName = "model" | "dataset" | "operator" | "family" | "difficulty";

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
  /** Grouping keys (or a comma-separated string). Robustness groups by model and dataset only. */
  by?: GroupKeyName[] | string;
  operators?: OperatorRegistration[];
  /** A number of resamples (seed 0, confidence 0.95), settings, or null/false for none. */
  bootstrap?: number | { resamples?: number; seed?: number; confidence?: number } | null | false;
}

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
  | "io_error";

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
export interface RankAgreement {
  datasets: [string, string];
  metric: "mrs";
  models: string[];
  n: number;
  rho: number | null;
  t: number | null;
  p_value: number | null;
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
  /** Only from trustRobustnessFromManifest. */
  scored?: ScoredManifestLine[];
}

export interface SpearmanResult {
  n: number;
  rho: number | null;
  t: number | null;
  p_value: number | null;
  /** The paired names when the input was given as objects. */
  keys: string[] | null;
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
