//! JavaScript exports of the evaluator: evaluate, validatePrediction, explain, canonicalize and
//! SuiteRun (built unless the crate is built for the trust module alone).

use js_sys::{Array, Reflect};
use tabeq::csv::MAX_CSV_BYTES;
use tabeq::explain::ExplainOptions;
use tabeq::suite::ConfigFile;
use wasm_bindgen::prelude::*;

use crate::api::evaluator as api;
use crate::api::{Failure, Input, MAX_CONFIG_BYTES};
use crate::{
    config_input, describe_exception, input, inspectable, throw, to_js, to_js_error, to_js_value,
};
use tabeq::cpython_json::to_tree;

/// `options.configFileName`: the config's file name, whose stem must equal its task id (as in
/// a suite). Absent, null or undefined options mean no file name.
pub(crate) fn config_file_name(options: &JsValue) -> Result<Option<String>, Failure> {
    if options.is_null() || options.is_undefined() {
        return Ok(None);
    }
    if !options.is_object() {
        return Err(Failure::invalid_argument("options must be an object"));
    }
    let name = string_property(options, "configFileName", "options")?;
    if name.is_null() || name.is_undefined() {
        return Ok(None);
    }
    name.as_string()
        .map(Some)
        .ok_or_else(|| Failure::invalid_argument("options.configFileName must be a string"))
}

/// Score one task: the official per-task record (`TaskResult` in `tabeq.d.ts`).
#[wasm_bindgen]
pub fn evaluate(
    prediction: JsValue,
    gold: JsValue,
    config: JsValue,
    options: JsValue,
) -> Result<JsValue, JsValue> {
    let name = throw(config_file_name(&options))?;
    let prediction = throw(input(&prediction, "prediction", MAX_CSV_BYTES))?;
    let gold = throw(input(&gold, "gold", MAX_CSV_BYTES))?;
    let config = throw(config_input(&config, "config"))?;
    to_js(&throw(api::evaluate(
        prediction,
        gold,
        config,
        name.as_deref(),
    ))?)
}

/// The keys of a config that the official evaluator ignores, so that a page can show them
/// (`ConfigWarning[]` in `tabeq.d.ts`); they never change a result.
#[wasm_bindgen(js_name = configWarnings)]
pub fn config_warnings(config: JsValue) -> Result<JsValue, JsValue> {
    let config = throw(config_input(&config, "config"))?;
    to_js(&throw(api::config_warnings(config))?)
}

/// The validation report of `validatePrediction`'s arguments.
fn validation(
    prediction: &JsValue,
    config: &JsValue,
    options: &JsValue,
) -> Result<tabeq::gold_free_check::ValidationReport, JsValue> {
    let name = throw(config_file_name(options))?;
    let prediction = throw(input(prediction, "prediction", MAX_CSV_BYTES))?;
    let config = throw(config_input(config, "config"))?;
    throw(api::validate(prediction, config, name.as_deref()))
}

/// The pre-submission check without gold (`ValidationReport` in `tabeq.d.ts`).
#[wasm_bindgen(js_name = validatePrediction)]
pub fn validate_prediction(
    prediction: JsValue,
    config: JsValue,
    options: JsValue,
) -> Result<JsValue, JsValue> {
    to_js(&to_tree(&validation(&prediction, &config, &options)?))
}

/// The validation report as a document (`Document` in `tabeq.d.ts`), for `renderDocument`.
#[wasm_bindgen(js_name = validationDocument)]
pub fn validation_document(
    prediction: JsValue,
    config: JsValue,
    options: JsValue,
) -> Result<JsValue, JsValue> {
    to_js_value(&validation(&prediction, &config, &options)?.document())
}

/// An optional non-negative integer option, at most `max`.
fn count_option(options: &JsValue, key: &str, max: usize) -> Result<Option<usize>, Failure> {
    if options.is_null() || options.is_undefined() {
        return Ok(None);
    }
    let value = string_property(options, key, "options")?;
    if value.is_null() || value.is_undefined() {
        return Ok(None);
    }
    match value.as_f64() {
        Some(n) if n.fract() == 0.0 && (0.0..=max as f64).contains(&n) => Ok(Some(n as usize)),
        _ => Err(Failure::invalid_argument(format!(
            "options.{key} must be an integer in 0..={max}"
        ))),
    }
}

pub(crate) fn bool_option(options: &JsValue, key: &str) -> Result<Option<bool>, Failure> {
    if options.is_null() || options.is_undefined() {
        return Ok(None);
    }
    let value = string_property(options, key, "options")?;
    if value.is_null() || value.is_undefined() {
        return Ok(None);
    }
    value
        .as_bool()
        .map(Some)
        .ok_or_else(|| Failure::invalid_argument(format!("options.{key} must be a boolean")))
}

/// Largest `maxItems` / `maxValueChars` accepted by `explain` (keeps the diagnosis bounded).
const MAX_EXPLAIN_LIMIT: usize = 10_000;

fn explain_options(options: &JsValue) -> Result<ExplainOptions, Failure> {
    let mut out = ExplainOptions::default();
    if let Some(n) = count_option(options, "maxItems", MAX_EXPLAIN_LIMIT)? {
        out.max_items = n;
    }
    if let Some(n) = count_option(options, "maxValueChars", MAX_EXPLAIN_LIMIT)? {
        out.max_value_chars = n;
    }
    if let Some(b) = bool_option(options, "hints")? {
        out.hints = b;
    }
    if let Some(b) = bool_option(options, "signatureStrict")? {
        out.signature_strict = b;
    }
    Ok(out)
}

/// The diagnosis of `explain`'s arguments.
fn diagnose(
    prediction: JsValue,
    gold: JsValue,
    config: JsValue,
    options: JsValue,
) -> Result<tabeq::explain::Diagnosis, JsValue> {
    let name = throw(config_file_name(&options))?;
    let explain_options = throw(explain_options(&options))?;
    let prediction = throw(input(&prediction, "prediction", MAX_CSV_BYTES))?;
    let gold = throw(input(&gold, "gold", MAX_CSV_BYTES))?;
    let config = throw(config_input(&config, "config"))?;
    throw(api::explain(
        prediction,
        gold,
        config,
        name.as_deref(),
        &explain_options,
    ))
}

/// Why a prediction fails (`Diagnosis` in `tabeq.d.ts`): the official record plus shape,
/// types, the best mapping, missing/extra rows, near-miss hints and partial credit.
#[wasm_bindgen]
pub fn explain(
    prediction: JsValue,
    gold: JsValue,
    config: JsValue,
    options: JsValue,
) -> Result<JsValue, JsValue> {
    to_js(&to_tree(&diagnose(prediction, gold, config, options)?))
}

/// The diagnosis as a document (`Document` in `tabeq.d.ts`): what the notebook view and
/// `tabeq check` show, for `renderDocument` or a page's own view.
#[wasm_bindgen(js_name = explainDocument)]
pub fn explain_document(
    prediction: JsValue,
    gold: JsValue,
    config: JsValue,
    options: JsValue,
) -> Result<JsValue, JsValue> {
    to_js_value(&diagnose(prediction, gold, config, options)?.document())
}

/// Most rows `readTable` returns.
const MAX_SHOWN_ROWS: usize = 100_000;

/// A CSV file as the strict reader sees it (`TableView` in `tabeq.d.ts`): its header, row count
/// and first `options.maxRows` rows (default 100). Throws the CSV error code (stage `csv`).
#[wasm_bindgen(js_name = readTable)]
pub fn read_table(csv: JsValue, options: JsValue) -> Result<JsValue, JsValue> {
    let max_rows = throw(count_option(&options, "maxRows", MAX_SHOWN_ROWS))?.unwrap_or(100);
    let csv = throw(input(&csv, "csv", MAX_CSV_BYTES))?;
    to_js(&throw(api::read_table(csv, max_rows))?)
}

/// The canonical value of one cell under a column rule (`null` for a null value).
#[wasm_bindgen]
pub fn canonicalize(value: JsValue, column: JsValue) -> Result<JsValue, JsValue> {
    let value = match value.as_string() {
        Some(v) => v,
        None => {
            return Err(to_js_error(Failure::invalid_argument(
                "value must be a string",
            )))
        }
    };
    let column = throw(config_input(&column, "column"))?;
    Ok(match throw(api::canonicalize(&value, column))? {
        Some(s) => JsValue::from_str(&s),
        None => JsValue::NULL,
    })
}

/// Most items an array argument may have (a suite has at most this many config files or
/// prediction directories).
const MAX_ARRAY_ITEMS: usize = 1_000_000;

/// The items of an array argument, read through catching `Reflect.get` (an element getter may
/// throw).
pub(crate) fn array_items(value: &JsValue, what: &str) -> Result<Vec<JsValue>, Failure> {
    inspectable(value, what)?;
    if !Array::is_array(value) {
        return Err(Failure::invalid_argument(format!(
            "{what} must be an array"
        )));
    }
    let length = string_property(value, "length", what)?
        .as_f64()
        .unwrap_or(0.0);
    if !(0.0..=MAX_ARRAY_ITEMS as f64).contains(&length) {
        return Err(Failure::invalid_argument(format!(
            "{what} has more than {MAX_ARRAY_ITEMS} items"
        )));
    }
    (0..length as u32)
        .map(|i| {
            Reflect::get(value, &JsValue::from_f64(f64::from(i))).map_err(|e| {
                Failure::invalid_argument(format!(
                    "cannot read {what}[{i}]: {}",
                    describe_exception(&e)
                ))
            })
        })
        .collect()
}

pub(crate) fn config_files(value: &JsValue) -> Result<Vec<ConfigFile>, Failure> {
    let mut files = Vec::new();
    for item in array_items(value, "configFiles")? {
        if !item.is_object() {
            return Err(Failure::invalid_argument(
                "configFiles items must be {name, content} objects",
            ));
        }
        let name = string_property(&item, "name", "configFiles[i]")?
            .as_string()
            .ok_or_else(|| Failure::invalid_argument("configFiles[i].name must be a string"))?;
        let content = string_property(&item, "content", "configFiles[i]")?;
        let bytes = match input(&content, "configFiles[i].content", MAX_CONFIG_BYTES)? {
            Input::Bytes(b) => b,
            Input::Missing => {
                return Err(Failure::invalid_argument(format!(
                    "config file {name} has no content"
                )))
            }
            Input::TooLarge { .. } => {
                return Err(Failure::invalid_argument(format!(
                    "config file {name} is larger than {MAX_CONFIG_BYTES} bytes"
                )))
            }
        };
        files.push(ConfigFile { name, bytes });
    }
    Ok(files)
}

pub(crate) fn strings(value: &JsValue, what: &str) -> Result<Vec<String>, Failure> {
    if value.is_null() || value.is_undefined() {
        return Ok(Vec::new());
    }
    array_items(value, what)?
        .iter()
        .map(|v| {
            v.as_string()
                .ok_or_else(|| Failure::invalid_argument(format!("{what} must hold strings")))
        })
        .collect()
}

/// A suite in the official layout, scored task by task so the caller can show progress.
///
/// ```js
/// const run = new SuiteRun(configFiles, predictionDirNames);
/// for (const id of run.taskIds) run.scoreTask(id, predictionText ?? null, goldText);
/// const summary = run.summary();
/// ```
#[wasm_bindgen]
pub struct SuiteRun {
    suite: api::Suite,
}

#[wasm_bindgen]
impl SuiteRun {
    /// Plan a suite: `configFiles` is `{name, content}[]` from `configs/`,
    /// `predictionDirs` the directory names under `predictions/`. Throws fatal suite/config errors.
    #[wasm_bindgen(constructor)]
    pub fn new(config_files_value: JsValue, prediction_dirs: JsValue) -> Result<SuiteRun, JsValue> {
        let files = throw(config_files(&config_files_value))?;
        let dirs = throw(strings(&prediction_dirs, "predictionDirs"))?;
        let suite = throw(api::Suite::new(&files, &dirs))?;
        Ok(SuiteRun { suite })
    }

    /// Task ids in evaluation order.
    #[wasm_bindgen(getter, js_name = taskIds)]
    pub fn task_ids(&self) -> Vec<String> {
        self.suite.task_ids()
    }

    /// SHA-256 of the config set.
    #[wasm_bindgen(getter, js_name = configSetSha256)]
    pub fn config_set_sha256(&self) -> String {
        self.suite.config_set_sha256().to_string()
    }

    /// Prediction directories without a config.
    #[wasm_bindgen(getter, js_name = unscoredPredictionTasks)]
    pub fn unscored_prediction_tasks(&self) -> Vec<String> {
        self.suite.unscored_prediction_tasks().to_vec()
    }

    /// Tasks scored so far.
    #[wasm_bindgen(getter, js_name = scoredCount)]
    pub fn scored_count(&self) -> usize {
        self.suite.scored_count()
    }

    /// The normalized config of a task, as an object.
    #[wasm_bindgen(js_name = taskConfig)]
    pub fn task_config(&self, task_id: JsValue) -> Result<JsValue, JsValue> {
        let task_id = throw(task_id_of(&task_id))?;
        to_js(&throw(self.suite.config(&task_id))?.to_out())
    }

    /// Score one task; `prediction` null means the file is missing. Gold problems are fatal.
    #[wasm_bindgen(js_name = scoreTask)]
    pub fn score_task(
        &mut self,
        task_id: JsValue,
        prediction: JsValue,
        gold: JsValue,
    ) -> Result<JsValue, JsValue> {
        let task_id = throw(task_id_of(&task_id))?;
        let prediction = throw(input(&prediction, "prediction", MAX_CSV_BYTES))?;
        let gold = throw(input(&gold, "gold", MAX_CSV_BYTES))?;
        to_js(&throw(self.suite.score_task(&task_id, &prediction, gold))?)
    }

    /// The summary object (official keys and order), once every task is scored.
    pub fn summary(&self) -> Result<JsValue, JsValue> {
        to_js(&tabeq::cpython_json::to_tree(&throw(self.suite.summary())?))
    }

    /// The summary file's text (`evaluation_summary.json`).
    #[wasm_bindgen(js_name = summaryJson)]
    pub fn summary_json(&self) -> Result<String, JsValue> {
        Ok(throw(self.suite.summary())?.to_json())
    }
}

pub(crate) fn task_id_of(value: &JsValue) -> Result<String, Failure> {
    value
        .as_string()
        .ok_or_else(|| Failure::invalid_argument("taskId must be a string"))
}

fn string_property(object: &JsValue, key: &str, what: &str) -> Result<JsValue, Failure> {
    Reflect::get(object, &JsValue::from_str(key)).map_err(|e| {
        Failure::invalid_argument(format!(
            "cannot read {what}.{key}: {}",
            describe_exception(&e)
        ))
    })
}
