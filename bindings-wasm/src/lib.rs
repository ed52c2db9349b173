//! # tabeq for JavaScript (browser and Node), via wasm-bindgen
//!
//! The exported functions translate JavaScript values to bytes, call the `tabeq` core and
//! return plain objects built from the core's JSON trees (snake_case keys, as in the official
//! summary JSON). Every error is thrown as a JavaScript `Error` whose `code` is a stable
//! snake_case code (see `errorCodes()`); fatal errors also carry `stage` and `taskId`.
//!
//! Nothing here may panic on any input: the module is built with `panic = "abort"`, where a
//! panic would kill the instance. Inputs are type-checked, sizes are bounded before anything
//! is copied into WebAssembly memory, and JavaScript callbacks that may throw (`JSON.stringify`
//! of a caller's object) are called through catching bindings.
//!
//! ```js
//! import init, { evaluate } from "./pkg/tabeq.js";
//! await init();
//! const config = { schema_version: "1.0", task_id: "task_1", order_sensitive: false,
//!   columns: [{ gold_index: 0, gold_name: "n", type: "number", comparison: { mode: "integer" } }] };
//! evaluate("x\n3.0\n", "n\n3\n", config).passed; // true
//! ```

pub mod api;

use api::{Failure, Input, MAX_CONFIG_BYTES};
use js_sys::{Array, ArrayBuffer, Reflect, Uint8Array, JSON};
use tabeq::csv::MAX_CSV_BYTES;
use tabeq::pyjson::Out;
use tabeq::suite::ConfigFile;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Turn a failure into a JavaScript `Error` with `code`, `stage` and `taskId`.
fn to_js_error(f: Failure) -> JsValue {
    let error = js_sys::Error::new(&f.message);
    error.set_name("TabeqError");
    let task_id = f.task_id.map_or(JsValue::NULL, |t| JsValue::from_str(&t));
    // Setting own properties on a fresh Error cannot fail; the results are ignored.
    let _ = Reflect::set(&error, &"code".into(), &f.code.into());
    let _ = Reflect::set(&error, &"stage".into(), &f.stage.into());
    let _ = Reflect::set(&error, &"taskId".into(), &task_id);
    error.into()
}

/// A core JSON tree as a plain JavaScript value.
fn to_js(out: &Out) -> Result<JsValue, JsValue> {
    JSON::parse(&out.to_pretty()).map_err(|_| {
        to_js_error(Failure::invalid_argument(
            "internal: result is not valid JSON",
        ))
    })
}

/// A file argument: `null`/`undefined` (no file), a string (its UTF-8 bytes), a `Uint8Array`
/// (Node's `Buffer` is one) or an `ArrayBuffer`. Anything longer than `limit` bytes is not
/// copied.
fn input(value: &JsValue, what: &str, limit: usize) -> Result<Input, Failure> {
    if value.is_null() || value.is_undefined() {
        return Ok(Input::Missing);
    }
    if let Some(text) = value.dyn_ref::<js_sys::JsString>() {
        // Each UTF-16 unit is at least one UTF-8 byte, so the length is a lower bound.
        let units = text.length() as usize;
        if units > limit {
            return Ok(Input::TooLarge { at_least: units });
        }
        return Ok(Input::Bytes(
            value.as_string().unwrap_or_default().into_bytes(),
        ));
    }
    if let Some(array) = value.dyn_ref::<Uint8Array>() {
        return Ok(bytes_of(array, limit));
    }
    if let Some(buffer) = value.dyn_ref::<ArrayBuffer>() {
        return Ok(bytes_of(&Uint8Array::new(buffer), limit));
    }
    Err(Failure::invalid_argument(format!(
        "{what} must be a string, a Uint8Array, an ArrayBuffer or null"
    )))
}

fn bytes_of(array: &Uint8Array, limit: usize) -> Input {
    let length = array.length() as usize;
    if length > limit {
        Input::TooLarge { at_least: length }
    } else {
        Input::Bytes(array.to_vec())
    }
}

/// A config argument: JSON text (string or bytes) or an object, which is serialized with
/// `JSON.stringify` (so `2.0` and `2` cannot be told apart: pass the file's text for that).
fn config_input(value: &JsValue, what: &str) -> Result<Input, Failure> {
    if value.is_object()
        && !value.is_instance_of::<Uint8Array>()
        && !value.is_instance_of::<ArrayBuffer>()
    {
        let text = JSON::stringify(value).map_err(|e| {
            Failure::invalid_argument(format!(
                "{what} object cannot be serialized to JSON: {}",
                describe_exception(&e)
            ))
        })?;
        return required(input(&text.into(), what, MAX_CONFIG_BYTES)?, what);
    }
    required(input(value, what, MAX_CONFIG_BYTES)?, what)
}

fn required(input: Input, what: &str) -> Result<Input, Failure> {
    match input {
        Input::Missing => Err(Failure::invalid_argument(format!("{what} is required"))),
        other => Ok(other),
    }
}

fn describe_exception(e: &JsValue) -> String {
    match e.dyn_ref::<js_sys::Error>() {
        Some(error) => error.message().as_string().unwrap_or_default(),
        None => e.as_string().unwrap_or_else(|| "exception".into()),
    }
}

fn throw<T>(result: Result<T, Failure>) -> Result<T, JsValue> {
    result.map_err(to_js_error)
}

/// The tabeq version.
#[wasm_bindgen]
pub fn version() -> String {
    tabeq::VERSION.to_string()
}

/// `options.configFileName`: the config's file name, whose stem must equal its task id (as in
/// a suite). Absent, null or undefined options mean no file name.
fn config_file_name(options: &JsValue) -> Result<Option<String>, Failure> {
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

/// The pre-submission check without gold (`ValidationReport` in `tabeq.d.ts`).
#[wasm_bindgen(js_name = validatePrediction)]
pub fn validate_prediction(
    prediction: JsValue,
    config: JsValue,
    options: JsValue,
) -> Result<JsValue, JsValue> {
    let name = throw(config_file_name(&options))?;
    let prediction = throw(input(&prediction, "prediction", MAX_CSV_BYTES))?;
    let config = throw(config_input(&config, "config"))?;
    to_js(&throw(api::validate(prediction, config, name.as_deref()))?)
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

/// Every stable error code with its family (`ErrorCodeEntry[]` in `tabeq.d.ts`).
#[wasm_bindgen(js_name = errorCodes)]
pub fn error_codes() -> Result<JsValue, JsValue> {
    to_js(&api::error_codes())
}

fn string_property(object: &JsValue, key: &str, what: &str) -> Result<JsValue, Failure> {
    Reflect::get(object, &JsValue::from_str(key)).map_err(|e| {
        Failure::invalid_argument(format!(
            "cannot read {what}.{key}: {}",
            describe_exception(&e)
        ))
    })
}

fn array_items(value: &JsValue, what: &str) -> Result<Vec<JsValue>, Failure> {
    if !Array::is_array(value) {
        return Err(Failure::invalid_argument(format!(
            "{what} must be an array"
        )));
    }
    Ok(Array::from(value).iter().collect())
}

fn config_files(value: &JsValue) -> Result<Vec<ConfigFile>, Failure> {
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

fn strings(value: &JsValue, what: &str) -> Result<Vec<String>, Failure> {
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
        to_js(&throw(self.suite.summary())?.to_out(true))
    }

    /// The summary file's text (`evaluation_summary.json`).
    #[wasm_bindgen(js_name = summaryJson)]
    pub fn summary_json(&self) -> Result<String, JsValue> {
        Ok(throw(self.suite.summary())?.to_json())
    }
}

fn task_id_of(value: &JsValue) -> Result<String, Failure> {
    value
        .as_string()
        .ok_or_else(|| Failure::invalid_argument("taskId must be a string"))
}
