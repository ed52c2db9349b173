//! JavaScript exports for one task. Each converts its arguments and calls `tabeq_surface::evaluator::file_input`.
//! The score module (feature `score`) has evaluate, configWarnings, readTable and canonicalize;
//! the explain module (feature `explain`) validatePrediction and explain, with their documents.

use tabeq_surface::evaluator::csv::MAX_CSV_BYTES;
use tabeq_surface::evaluator::explain::{Diagnosis, Disclosure, ExplainOptions};
use tabeq_surface::evaluator::file_input::{self as task, FileInput, TaskFiles};
use tabeq_surface::evaluator::gold_free_check::ValidationReport;
use wasm_bindgen::prelude::*;

use crate::js_args::{bool_option, config_file_name, count_option, string, string_option};
use crate::{config_input, input, throw, to_js};

/// Most rows `readTable` returns: as many as a table has at most.
#[cfg(feature = "score")]
use tabeq_surface::evaluator::csv::MAX_CSV_ROWS as MAX_SHOWN_ROWS;
#[cfg(feature = "explain")]
use tabeq_surface::evaluator::explain::MAX_EXPLAIN_LIMIT;

/// A prediction or gold argument.
pub(crate) fn csv_input(value: &JsValue, what: &str) -> Result<FileInput, JsValue> {
    throw(input(value, what, MAX_CSV_BYTES))
}

/// The `taskId` and `prediction` arguments of a call on one task of a folder or suite.
#[cfg(any(feature = "score", feature = "submission"))]
pub(crate) fn task_and_prediction(
    task_id: &JsValue,
    prediction: &JsValue,
) -> Result<(String, FileInput), JsValue> {
    let task_id = throw(string(task_id, "taskId"))?;
    Ok((task_id, csv_input(prediction, "prediction")?))
}

/// The files of a one-task call (`gold` absent for the gold-less check).
#[cfg(any(feature = "score", feature = "explain"))]
pub(crate) fn task_files(
    prediction: &JsValue,
    gold: Option<&JsValue>,
    config: &JsValue,
    options: &JsValue,
) -> Result<TaskFiles, JsValue> {
    Ok(TaskFiles {
        config_file_name: throw(config_file_name(options))?,
        prediction: csv_input(prediction, "prediction")?,
        gold: gold.map_or(Ok(FileInput::Missing), |g| csv_input(g, "gold"))?,
        config: throw(config_input(config, "config"))?,
    })
}

/// Score one task: the official per-task record.
#[cfg(feature = "score")]
#[wasm_bindgen(unchecked_return_type = "TaskResult")]
pub fn evaluate(
    #[wasm_bindgen(unchecked_param_type = "FileInput")] prediction: JsValue,
    #[wasm_bindgen(unchecked_param_type = "FileInput")] gold: JsValue,
    #[wasm_bindgen(unchecked_param_type = "ConfigInput")] config: JsValue,
    #[wasm_bindgen(unchecked_param_type = "TaskOptions | null | undefined")] options: JsValue,
) -> Result<JsValue, JsValue> {
    let files = task_files(&prediction, Some(&gold), &config, &options)?;
    to_js(&throw(files.evaluate())?)
}

/// The keys of a config that the official evaluator ignores, so that a page can show them; they
/// never change a result. Throws like `evaluate` for an invalid config.
#[cfg(feature = "score")]
#[wasm_bindgen(js_name = configWarnings, unchecked_return_type = "ConfigWarning[]")]
pub fn config_warnings(
    #[wasm_bindgen(unchecked_param_type = "ConfigInput")] config: JsValue,
) -> Result<JsValue, JsValue> {
    let config = throw(config_input(&config, "config"))?;
    let (_, warnings) = throw(task::parse_config_with_warnings(&config, None))?;
    to_js(&warnings)
}

/// The validation report of `validatePrediction`'s arguments.
#[cfg(feature = "explain")]
fn validation(
    prediction: &JsValue,
    config: &JsValue,
    options: &JsValue,
) -> Result<ValidationReport, JsValue> {
    throw(task_files(prediction, None, config, options)?.validate())
}

/// The pre-submission check without gold.
#[cfg(feature = "explain")]
#[wasm_bindgen(js_name = validatePrediction, unchecked_return_type = "ValidationReport")]
pub fn validate_prediction(
    #[wasm_bindgen(unchecked_param_type = "FileInput")] prediction: JsValue,
    #[wasm_bindgen(unchecked_param_type = "ConfigInput")] config: JsValue,
    #[wasm_bindgen(unchecked_param_type = "TaskOptions | null | undefined")] options: JsValue,
) -> Result<JsValue, JsValue> {
    to_js(&validation(&prediction, &config, &options)?)
}

/// The validation report as a document, for `renderDocument`.
#[cfg(feature = "explain")]
#[wasm_bindgen(js_name = validationDocument, unchecked_return_type = "Document")]
pub fn validation_document(
    #[wasm_bindgen(unchecked_param_type = "FileInput")] prediction: JsValue,
    #[wasm_bindgen(unchecked_param_type = "ConfigInput")] config: JsValue,
    #[wasm_bindgen(unchecked_param_type = "TaskOptions | null | undefined")] options: JsValue,
) -> Result<JsValue, JsValue> {
    to_js(&validation(&prediction, &config, &options)?.document())
}

#[cfg(feature = "explain")]
fn explain_options(options: &JsValue) -> Result<ExplainOptions, JsValue> {
    let mut out = ExplainOptions::default();
    let count = |key| throw(count_option(options, key, MAX_EXPLAIN_LIMIT));
    let flag = |key| throw(bool_option(options, key));
    out.max_items = count("maxItems")?.unwrap_or(out.max_items);
    out.max_value_chars = count("maxValueChars")?.unwrap_or(out.max_value_chars);
    out.hints = flag("hints")?.unwrap_or(out.hints);
    out.signature_strict = flag("signatureStrict")?.unwrap_or(out.signature_strict);
    // `redaction`: how much of the gold the diagnosis may show (absent: everything, as before).
    let level = throw(string_option(options, "redaction", "a string"))?;
    if let Some(level) = level {
        let shown = format!("{level:?}");
        let disclosure = throw(
            Disclosure::choose(Some((&level, &shown)), None)
                .map_err(tabeq_surface::evaluator::error::CodedError::invalid_argument),
        )?;
        out = out.disclosing(disclosure);
    }
    Ok(out)
}

/// The diagnosis of `explain`'s arguments.
#[cfg(feature = "explain")]
fn diagnose(
    prediction: JsValue,
    gold: JsValue,
    config: JsValue,
    options: JsValue,
) -> Result<Diagnosis, JsValue> {
    let explain_options = explain_options(&options)?;
    let files = task_files(&prediction, Some(&gold), &config, &options)?;
    throw(files.explain(&explain_options))
}

/// Why a prediction fails: the official record plus shape,
/// types, the best mapping, missing/extra rows, near-miss hints and partial credit.
#[cfg(feature = "explain")]
#[wasm_bindgen(unchecked_return_type = "Diagnosis")]
pub fn explain(
    #[wasm_bindgen(unchecked_param_type = "FileInput")] prediction: JsValue,
    #[wasm_bindgen(unchecked_param_type = "FileInput")] gold: JsValue,
    #[wasm_bindgen(unchecked_param_type = "ConfigInput")] config: JsValue,
    #[wasm_bindgen(unchecked_param_type = "ExplainOptions | null | undefined")] options: JsValue,
) -> Result<JsValue, JsValue> {
    to_js(&diagnose(prediction, gold, config, options)?)
}

/// The diagnosis as a document: what the notebook view and
/// `tabeq check` show, for `renderDocument` or a page's own view.
#[cfg(feature = "explain")]
#[wasm_bindgen(js_name = explainDocument, unchecked_return_type = "Document")]
pub fn explain_document(
    #[wasm_bindgen(unchecked_param_type = "FileInput")] prediction: JsValue,
    #[wasm_bindgen(unchecked_param_type = "FileInput")] gold: JsValue,
    #[wasm_bindgen(unchecked_param_type = "ConfigInput")] config: JsValue,
    #[wasm_bindgen(unchecked_param_type = "ExplainOptions | null | undefined")] options: JsValue,
) -> Result<JsValue, JsValue> {
    to_js(&diagnose(prediction, gold, config, options)?.document())
}

/// A CSV file as the strict reader sees it: its header, row count
/// and first `options.maxRows` rows (default 100). Throws the CSV error code (stage `csv`).
#[cfg(feature = "score")]
#[wasm_bindgen(js_name = readTable, unchecked_return_type = "TableView")]
pub fn read_table(
    #[wasm_bindgen(unchecked_param_type = "FileInput")] csv: JsValue,
    #[wasm_bindgen(unchecked_param_type = "{ maxRows?: number | null } | null | undefined")]
    options: JsValue,
) -> Result<JsValue, JsValue> {
    let max_rows = throw(count_option(&options, "maxRows", MAX_SHOWN_ROWS))?.unwrap_or(100);
    let csv = csv_input(&csv, "csv")?;
    to_js(&throw(task::read_table(csv, max_rows))?)
}

/// The canonical value of one cell under a column rule (`null` for a null value).
#[cfg(feature = "score")]
#[wasm_bindgen(unchecked_return_type = "string | null")]
pub fn canonicalize(
    #[wasm_bindgen(unchecked_param_type = "string")] value: JsValue,
    #[wasm_bindgen(unchecked_param_type = "ColumnConfig | string")] column: JsValue,
) -> Result<JsValue, JsValue> {
    let value = throw(string(&value, "value"))?;
    let column = throw(config_input(&column, "column"))?;
    Ok(throw(task::canonicalize(&value, &column))?.map_or(JsValue::NULL, JsValue::from))
}

/// Every scoring profile tabeq reproduces, in order (`tabeq_surface::PROFILES`): its `name`,
/// `title`, `summary`, `spec` page, `prediction` and `gold` kinds (`"csv"` or `"rows_json"`),
/// `options`, `max_input_bytes` and the `wasm_module` whose `score` scores it (this module scores `dataspace`).
#[cfg(feature = "score")]
#[wasm_bindgen(
    unchecked_return_type = "{ name: string; title: string; summary: string; spec: string; prediction: \"csv\" | \"rows_json\"; gold: \"csv\" | \"rows_json\"; options: string[]; max_input_bytes: number; wasm_module: string }[]"
)]
pub fn profiles() -> Result<JsValue, JsValue> {
    crate::profiles_value()
}

/// Score one prediction against its gold under `profile` (a name from `profiles()`), as that
/// profile's official scorer does: `{ profile, passed, score, document }`, `document` being the
/// profile's own. `prediction` and `gold` are text or bytes (CSV, or JSON rows for the SQL
/// profiles); `options` holds the profile's own options by their registry names (`config` for
/// `dataspace`: the config's JSON text). A profile of another module throws `module_not_loaded`
/// (its `wasm_module` names the module that scores it).
#[cfg(feature = "score")]
#[wasm_bindgen(
    unchecked_return_type = "{ profile: string; passed: boolean; score: number; document: Record<string, unknown> }"
)]
pub fn score(
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
