//! JavaScript exports of the KDD Cup 2026 Phase-1 profile (feature `kddcup`): arguments in, the
//! core's values out as plain objects (serde-wasm-bindgen, no JSON text). `tabeq-kddcup` holds
//! every rule and writes every message.

use serde::Serialize;
use tabeq_surface::evaluator::error::{ArgumentError, CodedError};
use tabeq_surface::evaluator::file_input::FileInput;
use tabeq_surface::kddcup::report::{FileRead, Layout, Meta, RunFiles};
use tabeq_surface::kddcup::{Fatal, GoldInput, Prediction};
use wasm_bindgen::prelude::*;

use crate::js_args::{array_items, bool_option, entries, number_option, string, string_option};
use crate::{input, throw, to_js};

use tabeq_surface::kddcup::MAX_WASM_CSV_BYTES as MAX_CSV_BYTES;

fn coded(fatal: Fatal) -> CodedError {
    CodedError {
        code: fatal.code(),
        stage: "kddcup",
        task_id: None,
        line: None,
        message: fatal.message().to_string(),
    }
}

/// A CSV argument: its bytes, or `None` when null/undefined.
fn csv(value: &JsValue, what: &str) -> Result<Option<Vec<u8>>, CodedError> {
    match input(value, what, MAX_CSV_BYTES)? {
        FileInput::Bytes(bytes) => Ok(Some(bytes)),
        FileInput::Missing => Ok(None),
        other => other.required(what, MAX_CSV_BYTES).map(|_| None),
    }
}

/// `options.penaltyWeight` (0.1 when absent; a negative weight is the core's fatal error).
fn penalty_weight(options: &JsValue) -> Result<f64, CodedError> {
    Ok(number_option(options, "penaltyWeight")?.unwrap_or(0.1))
}

/// One task's arguments as `kddcupScoreTask` and `kddcupExplainTask` take them.
struct TaskArgs {
    prediction: Option<Vec<u8>>,
    gold: Option<Vec<u8>>,
    prediction_path: String,
    gold_path: String,
    strict: bool,
    weight: f64,
}

impl TaskArgs {
    fn read(prediction: &JsValue, gold: &JsValue, options: &JsValue) -> Result<Self, JsValue> {
        let path = |key: &str, default: &str| -> Result<String, JsValue> {
            let value = throw(string_option(options, key, "a string"))?;
            Ok(value.unwrap_or_else(|| default.to_string()))
        };
        Ok(TaskArgs {
            prediction: throw(csv(prediction, "prediction"))?,
            gold: throw(csv(gold, "gold"))?,
            strict: throw(bool_option(options, "strictCommas"))?.unwrap_or(false),
            weight: throw(penalty_weight(options))?,
            prediction_path: path("predictionPath", "prediction.csv")?,
            gold_path: path("goldPath", "gold.csv")?,
        })
    }

    /// The core's inputs: a null prediction is a missing file, a null gold a missing gold.
    fn inputs(&self) -> (Prediction<'_>, GoldInput<'_>) {
        let prediction = match &self.prediction {
            Some(bytes) => Prediction::Bytes {
                path: &self.prediction_path,
                bytes,
            },
            None => Prediction::Missing,
        };
        let gold = match &self.gold {
            Some(bytes) => GoldInput::Bytes {
                path: &self.gold_path,
                bytes,
            },
            None => GoldInput::Missing {
                path: &self.gold_path,
            },
        };
        (prediction, gold)
    }
}

/// The official `normalize_cell(value, strict_commas=...)`.
#[wasm_bindgen(js_name = kddcupNormalizeCell)]
pub fn kddcup_normalize_cell(
    #[wasm_bindgen(unchecked_param_type = "string")] value: JsValue,
    strict_commas: Option<bool>,
) -> Result<String, JsValue> {
    let value = throw(string(&value, "value"))?;
    Ok(tabeq_surface::kddcup::normalize_cell(
        &value,
        strict_commas.unwrap_or(false),
    ))
}

/// The official `column_signature(values, strict_commas=...)`: `sha256:` and the hex digest of the
/// sorted normalized cells joined by U+001F.
#[wasm_bindgen(js_name = kddcupColumnSignature)]
pub fn kddcup_column_signature(
    #[wasm_bindgen(unchecked_param_type = "string[]")] values: JsValue,
    strict_commas: Option<bool>,
) -> Result<String, JsValue> {
    let items = throw(array_items(&values, "values"))?;
    let cells: Vec<String> = throw(
        items
            .iter()
            .enumerate()
            .map(|(i, v)| string(v, &format!("values[{i}]")))
            .collect::<Result<_, _>>(),
    )?;
    Ok(tabeq_surface::kddcup::column_signature(
        &cells,
        strict_commas.unwrap_or(false),
    ))
}

/// The official `score_task(...).to_dict()`: `prediction` null for a missing file; options
/// `penaltyWeight` (0.1), `strictCommas`, `predictionPath` and `goldPath` (as messages show them).
#[wasm_bindgen(js_name = kddcupScoreTask, unchecked_return_type = "KddcupTaskScore")]
pub fn kddcup_score_task(
    #[wasm_bindgen(unchecked_param_type = "KddcupCsv | null")] prediction: JsValue,
    #[wasm_bindgen(unchecked_param_type = "KddcupCsv")] gold: JsValue,
    #[wasm_bindgen(unchecked_param_type = "KddcupTaskOptions | null | undefined")] options: Option<
        JsValue,
    >,
) -> Result<JsValue, JsValue> {
    let options = options.unwrap_or(JsValue::UNDEFINED);
    let task = TaskArgs::read(&prediction, &gold, &options)?;
    let (pred, gold) = task.inputs();
    let score = throw(
        tabeq_surface::kddcup::score_task(pred, gold, task.weight, task.strict).map_err(coded),
    )?;
    to_js(&score)
}

/// What the official report lacks, for one task: `score` (the official `TaskScore.to_dict()`),
/// each gold column without a partner with its closest prediction column and the first
/// normalized value where they part, the extra prediction columns. Options as `kddcupScoreTask`,
/// and `showGoldValues` (false: the participant level, no gold value anywhere).
#[wasm_bindgen(js_name = kddcupExplainTask, unchecked_return_type = "KddcupTaskExplanation")]
pub fn kddcup_explain_task(
    #[wasm_bindgen(unchecked_param_type = "KddcupCsv | null")] prediction: JsValue,
    #[wasm_bindgen(unchecked_param_type = "KddcupCsv")] gold: JsValue,
    #[wasm_bindgen(unchecked_param_type = "KddcupExplainOptions | null | undefined")]
    options: Option<JsValue>,
) -> Result<JsValue, JsValue> {
    let options = options.unwrap_or(JsValue::UNDEFINED);
    let task = TaskArgs::read(&prediction, &gold, &options)?;
    let show = throw(bool_option(&options, "showGoldValues"))?.unwrap_or(false);
    let (pred, gold) = task.inputs();
    let explanation =
        tabeq_surface::kddcup::explain_task(pred, gold, task.weight, task.strict, show);
    to_js(&throw(explanation.map_err(coded))?)
}

/// Where the official reader would refuse a prediction (it would score `read_error:<name>`):
/// `{status, error, line, column}`, or null when it reads.
#[wasm_bindgen(
    js_name = kddcupReaderCheck,
    unchecked_return_type = "KddcupReaderRefusal | null"
)]
pub fn kddcup_reader_check(
    #[wasm_bindgen(unchecked_param_type = "KddcupCsv")] prediction: JsValue,
    path: Option<String>,
) -> Result<JsValue, JsValue> {
    #[derive(Serialize)]
    struct Refusal {
        status: String,
        error: String,
        line: usize,
        column: Option<usize>,
    }
    let bytes = throw(csv(&prediction, "prediction"))?.unwrap_or_default();
    let path = path.unwrap_or_else(|| "prediction.csv".into());
    match tabeq_surface::kddcup::reader_check(&bytes) {
        None => Ok(JsValue::NULL),
        Some(f) => to_js(&Refusal {
            status: format!("read_error:{}", f.error.exception_name()),
            error: f.error.message(&path),
            line: f.line,
            column: f.column,
        }),
    }
}

/// The files of a run as plain objects from task id to content (`null`: no file there).
struct JsRunFiles {
    predictions: Vec<(String, JsValue)>,
    gold: Vec<(String, JsValue)>,
    task_json: Vec<(String, JsValue)>,
    /// The first argument error met while reading a file (reported instead of the report).
    error: Option<CodedError>,
}

impl JsRunFiles {
    fn read(&mut self, which: &str, task_id: &str) -> FileRead {
        let list = match which {
            "predictions" => &self.predictions,
            "gold" => &self.gold,
            _ => &self.task_json,
        };
        let Some((_, value)) = list.iter().find(|(id, _)| id == task_id) else {
            return FileRead::Missing;
        };
        match csv(value, &format!("{which}[{task_id:?}]")) {
            Ok(Some(bytes)) => FileRead::Bytes(bytes),
            Ok(None) => FileRead::Missing,
            Err(e) => {
                self.error.get_or_insert(e);
                FileRead::Missing
            }
        }
    }
}

impl RunFiles for JsRunFiles {
    fn prediction(&mut self, task_id: &str, _path: &str) -> FileRead {
        self.read("predictions", task_id)
    }
    fn gold(&mut self, task_id: &str, _path: &str) -> FileRead {
        self.read("gold", task_id)
    }
    fn task_json(&mut self, task_id: &str) -> Option<Vec<u8>> {
        match self.read("taskJson", task_id) {
            FileRead::Bytes(bytes) => Some(bytes),
            _ => None,
        }
    }
}

/// The official `dabench score-run` over a run held in memory: `files.predictions` maps each
/// task folder of the run to its `prediction.csv` (absent or null: none), `files.gold` each gold
/// folder holding a `gold.csv` (which decide the tasks) to it, `files.taskJson` (optional) each
/// input folder to its `task.json`. Options: `predictionsRoot`, `goldRoot` and `inputRoot` (the
/// folder names the report and messages show; "run", "gold", and "input" when `taskJson` is
/// given), `penaltyWeight` (0.1), `strictCommas`, `evaluatedAt` (the report's time, "" when
/// absent). Returns `{report, json, summary, difficulties}`: the report object, the official
/// `scores.json` text, the summary line and each task's difficulty. Fatal inputs throw with a
/// `kddcup_*` code.
#[wasm_bindgen(js_name = kddcupScoreRun, unchecked_return_type = "KddcupRunResult")]
pub fn kddcup_score_run(
    #[wasm_bindgen(unchecked_param_type = "KddcupRunFiles")] files: JsValue,
    #[wasm_bindgen(unchecked_param_type = "KddcupRunOptions | null | undefined")] options: Option<
        JsValue,
    >,
) -> Result<JsValue, JsValue> {
    #[derive(Serialize)]
    struct RunResult<'a> {
        report: &'a tabeq_surface::kddcup::report::Report,
        json: String,
        summary: String,
        difficulties: &'a [String],
    }
    let options = options.unwrap_or(JsValue::UNDEFINED);
    if !files.is_object() {
        return Err(crate::to_js_error(ArgumentError::wrong_type(
            "files",
            "an object",
        )));
    }
    let field = |key: &str| {
        throw(
            js_sys::Reflect::get(&files, &key.into())
                .map_err(|_| ArgumentError::unreadable(format!("files.{key}"), "its getter threw")),
        )
    };
    let (predictions, gold, task_json) =
        (field("predictions")?, field("gold")?, field("taskJson")?);
    let has_input = !(task_json.is_null() || task_json.is_undefined());
    let mut run_files = JsRunFiles {
        predictions: throw(entries(&predictions, "files.predictions"))?,
        gold: throw(entries(&gold, "files.gold"))?,
        task_json: throw(entries(&task_json, "files.taskJson"))?,
        error: None,
    };
    let root = |key: &str, default: Option<&str>| -> Result<Option<String>, JsValue> {
        let value = throw(string_option(&options, key, "a string"))?;
        Ok(value.or_else(|| default.map(str::to_string)))
    };
    let input_root = root("inputRoot", has_input.then_some("input"))?;
    let meta = Meta {
        predictions_root: root("predictionsRoot", Some("run"))?.unwrap_or_default(),
        gold_root: root("goldRoot", Some("gold"))?.unwrap_or_default(),
        input_root,
        penalty_weight: throw(penalty_weight(&options))?,
        strict_commas: throw(bool_option(&options, "strictCommas"))?.unwrap_or(false),
        evaluated_at: root("evaluatedAt", Some(""))?.unwrap_or_default(),
    };
    // A gold folder's `gold.csv` given as null is no file: not a task.
    let gold_task_names = run_files
        .gold
        .iter()
        .filter(|(_, v)| !(v.is_null() || v.is_undefined()))
        .map(|(id, _)| id.clone())
        .collect();
    let layout = Layout {
        predictions_dir_exists: true,
        gold_dir_exists: true,
        gold_task_names,
    };
    let report = tabeq_surface::kddcup::report::run(meta, &layout, &mut run_files);
    if let Some(e) = run_files.error {
        return Err(crate::to_js_error(e));
    }
    let report = throw(report.map_err(coded))?;
    to_js(&RunResult {
        json: report.to_official_json(),
        summary: report.summary_line(),
        difficulties: &report.difficulties,
        report: &report,
    })
}

/// Every scoring profile tabeq reproduces, in order (`tabeq_surface::PROFILES`): its `name`,
/// `title`, `summary`, `spec` page, `prediction` and `gold` kinds (`"csv"` or `"rows_json"`),
/// `options`, `max_input_bytes` and the `wasm_module` whose `score` scores it (this module scores `kddcup-phase1`).
#[wasm_bindgen(
    js_name = profiles, unchecked_return_type = "{ name: string; title: string; summary: string; spec: string; prediction: \"csv\" | \"rows_json\"; gold: \"csv\" | \"rows_json\"; options: string[]; max_input_bytes: number; wasm_module: string }[]"
)]
pub fn kddcup_profiles() -> Result<JsValue, JsValue> {
    crate::profiles_value()
}

/// Score one prediction against its gold under `profile` (a name from `profiles()`), as that
/// profile's official scorer does: `{ profile, passed, score, document }`, `document` being the
/// profile's own. `prediction` and `gold` are text or bytes (CSV, or JSON rows for the SQL
/// profiles); `options` holds the profile's own options by their registry names (`config` for
/// `dataspace`: the config's JSON text). A profile of another module throws `module_not_loaded`
/// (its `wasm_module` names the module that scores it).
#[wasm_bindgen(
    js_name = score, unchecked_return_type = "{ profile: string; passed: boolean; score: number; document: Record<string, unknown> }"
)]
pub fn kddcup_score(
    profile: &str,
    #[wasm_bindgen(unchecked_param_type = "string | Uint8Array")] prediction: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string | Uint8Array")] gold: JsValue,
    #[wasm_bindgen(
        unchecked_param_type = "Record<string, string | number | boolean | Uint8Array> | null"
    )]
    options: JsValue,
) -> Result<JsValue, JsValue> {
    crate::score_value(profile, prediction, gold, options)
}
