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
// </generated: kddcup-types>
// <generated: kddcup-functions>

/** The tabeq version. */
export function version(): string;
/** The limits a page applies to what it unpacks itself (`tabeq::file_input`): an archive's members (`archive_member_bytes` each, `archive_total_bytes` in all, counted as inflated) and a share link (`share_bytes` of files, `share_header_bytes` of header). From the core so that no page defines its own. */
export function pageLimits(): { archive_member_bytes: number; archive_total_bytes: number; share_bytes: number; share_header_bytes: number };
/** Every stable error code any surface raises (evaluator, trust and binding codes), with its family, stage and description. */
export function errorCodes(): ErrorCodeEntry[];
/** The official `normalize_cell(value, strict_commas=...)`. */
export function kddcupNormalizeCell(value: any, strictCommas?: boolean): string;
/** The official `column_signature(values, strict_commas=...)`: `sha256:` and the hex digest of the sorted normalized cells joined by U+001F. */
export function kddcupColumnSignature(values: string[], strictCommas?: boolean): string;
/** The official `score_task(...).to_dict()`: `prediction` null for a missing file; options `penaltyWeight` (0.1), `strictCommas`, `predictionPath` and `goldPath` (as messages show them). */
export function kddcupScoreTask(prediction: KddcupCsv | null, gold: KddcupCsv, options: KddcupTaskOptions | null): KddcupTaskScore;
/** What the official report lacks, for one task: `score` (the official `TaskScore.to_dict()`), each gold column without a partner with its closest prediction column and the first normalized value where they part, the extra prediction columns. Options as `kddcupScoreTask`, and `showGoldValues` (false: the participant level, no gold value anywhere). */
export function kddcupExplainTask(prediction: KddcupCsv | null, gold: KddcupCsv, options: KddcupExplainOptions | null): KddcupTaskExplanation;
/** Where the official reader would refuse a prediction (it would score `read_error:<name>`): `{status, error, line, column}`, or null when it reads. */
export function kddcupReaderCheck(prediction: KddcupCsv, path?: string): KddcupReaderRefusal | null;
/** The official `dabench score-run` over a run held in memory: `files.predictions` maps each task folder of the run to its `prediction.csv` (absent or null: none), `files.gold` each gold folder holding a `gold.csv` (which decide the tasks) to it, `files.taskJson` (optional) each input folder to its `task.json`. Options: `predictionsRoot`, `goldRoot` and `inputRoot` (the folder names the report and messages show; "run", "gold", and "input" when `taskJson` is given), `penaltyWeight` (0.1), `strictCommas`, `evaluatedAt` (the report's time, "" when absent). Returns `{report, json, summary, difficulties}`: the report object, the official `scores.json` text, the summary line and each task's difficulty. Fatal inputs throw with a `kddcup_*` code. */
export function kddcupScoreRun(files: KddcupRunFiles, options: KddcupRunOptions | null): KddcupRunResult;
// </generated: kddcup-functions>
