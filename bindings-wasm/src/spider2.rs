//! JavaScript exports of the Spider 2.0 profile, built into their own module (`tabeq_spider2.js`)
//! that a page loads when it first needs it. Arguments in, the core's outcome and explanation out:
//! `tabeq-spider2` holds every rule and writes every message.

use js_sys::Array;
use serde::Serialize;
use tabeq_surface::evaluator::cpython_json;
use tabeq_surface::evaluator::error::{ArgumentError, CodedError, MessageCode, MessageData};
use tabeq_surface::evaluator::file_input::{FileInput, MAX_CONFIG_BYTES};
use tabeq_surface::spider2::{explain, Condition, GoldKind, Outcome, Variant};
use wasm_bindgen::prelude::*;

use crate::js_args::{array_items, bool_option, json_option, string_option};
use crate::{input, throw, to_js};

use tabeq_surface::spider2::MAX_WASM_CSV_BYTES as MAX_CSV_BYTES;

/// A required CSV argument named `what`.
fn csv(value: &JsValue, what: &str) -> Result<Vec<u8>, CodedError> {
    match input(value, what, MAX_CSV_BYTES)? {
        FileInput::Bytes(bytes) => Ok(bytes),
        // Missing or too large: `required` says which.
        other => other.required(what, MAX_CSV_BYTES).map(|_| Vec::new()),
    }
}

/// The golds: one CSV (the single-gold comparison) or an array of them (the multi-gold one).
fn golds(value: &JsValue) -> Result<(Vec<Vec<u8>>, GoldKind), CodedError> {
    if Array::is_array(value) {
        let items = array_items(value, "golds")?;
        let files = items.iter().map(|g| csv(g, "golds[i]"));
        return Ok((files.collect::<Result<_, _>>()?, GoldKind::Multi));
    }
    Ok((vec![csv(value, "gold")?], GoldKind::Single))
}

/// What a comparison returns (`Spider2Result` in `tabeq_spider2.d.ts`): the core's outcome, whether
/// it passed, and the explanation when `options.explain` names a format.
#[derive(Serialize)]
struct Spider2Result<'a> {
    #[serde(flatten)]
    outcome: &'a Outcome,
    passed: bool,
    explanation: Option<String>,
}

/// Compare a prediction CSV with one gold CSV or an array of accepted gold CSVs, as Spider 2.0's
/// official `compare_pandas_table` / `compare_multi_pandas_table` would, with pandas 2.2.3's
/// `read_csv` reading every file. Options: `conditionCols` (the eval file's value, or its JSON
/// text; `null` or absent is not given, the text `"null"` is Python's `None`), `ignoreOrder`
/// (boolean), `variant` (`"lite"`, the default, or `"snow"`: Spider 2.0-Snow's comparison) and
/// `explain` (`"text"`, `"markdown"` or `"html"`: the
/// explanation, with its soundness warnings, in that format). A CSV that does not read is a
/// failing result (score 0) with its `error`, as the official scores it; a wrong argument throws.
#[wasm_bindgen(js_name = spider2Compare, unchecked_return_type = "Spider2Result")]
pub fn spider2_compare(
    #[wasm_bindgen(unchecked_param_type = "Spider2Csv")] prediction: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Spider2Csv | Spider2Csv[]")] gold: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Spider2Options | null | undefined")] options: JsValue,
) -> Result<JsValue, JsValue> {
    let prediction = throw(csv(&prediction, "prediction"))?;
    let (golds, kind) = throw(golds(&gold))?;
    let condition = match throw(json_option(&options, "conditionCols"))? {
        Some(text) if text.len() > MAX_CONFIG_BYTES => {
            return Err(crate::to_js_error(
                ArgumentError::TooLarge {
                    what: "options.conditionCols".into(),
                    limit: MAX_CONFIG_BYTES,
                    at_least: text.len(),
                }
                .into(),
            ))
        }
        Some(text) => Some(throw(cpython_json::parse(&text).map_err(|e| {
            let data = MessageData::new()
                .text("what", "condition_cols (options.conditionCols)")
                .text("detail", e.to_string());
            CodedError::refused(MessageCode::NotJson, data)
        }))?),
        None => None,
    };
    let ignore_order = throw(bool_option(&options, "ignoreOrder"))?.unwrap_or(false);
    let variant = match throw(string_option(&options, "variant", "\"lite\" or \"snow\""))? {
        None => Variant::Lite,
        Some(name) => throw(Variant::from_name(&name).ok_or_else(|| {
            let data = MessageData::new()
                .text("what", "options.variant")
                .list("choices", ["\"lite\"", "\"snow\""])
                .text("value", format!("{name:?}"));
            CodedError::refused(MessageCode::NotAChoice, data)
        }))?,
    };
    let format = throw(string_option(
        &options,
        "explain",
        "\"text\", \"markdown\" or \"html\"",
    ))?;

    let gold_bytes: Vec<&[u8]> = golds.iter().map(Vec::as_slice).collect();
    let condition = condition.as_ref().map(Condition::from_json);
    let outcome = tabeq_surface::spider2::compare_csv_variant(
        &prediction,
        &gold_bytes,
        kind,
        condition.as_ref(),
        ignore_order,
        variant,
    )
    .unwrap_or_else(|e| e.outcome(kind, ignore_order, golds.len()));
    let explanation = match format {
        Some(format) => Some(throw(
            tabeq_surface::evaluator::file_input::render_document(
                &explain::document(&outcome),
                &format,
            ),
        )?),
        None => None,
    };
    to_js(&Spider2Result {
        outcome: &outcome,
        passed: outcome.passed(),
        explanation,
    })
}

/// Every stable code of the Spider 2.0 profile (errors and warnings) with its description.
#[wasm_bindgen(js_name = spider2Codes, unchecked_return_type = "Spider2CodeEntry[]")]
pub fn spider2_codes() -> Result<JsValue, JsValue> {
    #[derive(Serialize)]
    struct Code {
        code: &'static str,
        description: &'static str,
    }
    let codes: Vec<Code> = tabeq_surface::spider2::CODES
        .iter()
        .map(|&(code, description)| Code { code, description })
        .collect();
    to_js(&codes)
}

/// A result table for `sqlResultEq`: JSON text (so that `1.0` stays a float, as a driver returns
/// it) or an array of row arrays (serialized with `JSON.stringify`, where `1.0` is `1`).
fn sql_rows(
    value: &JsValue,
    which: &str,
) -> Result<Vec<Vec<tabeq_surface::sql::Value>>, CodedError> {
    let text = match value.as_string() {
        Some(text) => text,
        None => js_sys::JSON::stringify(value)
            .ok()
            .and_then(|t| t.as_string())
            .ok_or_else(|| {
                let data = MessageData::new()
                    .text("what", which)
                    .text("expected", "JSON text or an array of rows");
                CodedError::refused(MessageCode::MustBe, data)
            })?,
    };
    if text.len() > MAX_CSV_BYTES {
        return Err(ArgumentError::TooLarge {
            what: which.into(),
            limit: MAX_CSV_BYTES,
            at_least: text.len(),
        }
        .into());
    }
    let json = cpython_json::parse(&text).map_err(|e| {
        let data = MessageData::new()
            .text("what", which)
            .text("detail", e.to_string());
        CodedError::refused(MessageCode::NotJson, data)
    })?;
    tabeq_surface::sql::value::rows_from_json(&json, which)
        .map_err(|e| CodedError::sql(sql_code(e.code), e.message))
}

/// The catalogue's `SqlCode` of a code the `tabeq-sql` crate reports.
fn sql_code(code: &str) -> tabeq_surface::evaluator::error::SqlCode {
    use tabeq_surface::evaluator::error::SqlCode;
    [
        SqlCode::RaggedRows,
        SqlCode::WorkBound,
        SqlCode::EmptyGoldRow,
        SqlCode::IntOutOfRange,
        SqlCode::UnsupportedValue,
    ]
    .into_iter()
    .find(|c| c.code() == code)
    .unwrap_or(SqlCode::UnsupportedValue)
}

/// What `sqlResultEq` returns (`SqlResultEq` in `tabeq_spider2.d.ts`).
#[derive(Serialize)]
struct SqlResultEq {
    equal: bool,
    reason: &'static str,
    #[serde(rename = "permutationMatches", skip_serializing_if = "Option::is_none")]
    permutation_matches: Option<bool>,
    #[serde(rename = "unmatchedColumn", skip_serializing_if = "Option::is_none")]
    unmatched_column: Option<Option<usize>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    permutation: Option<Vec<usize>>,
}

/// Spider 1.0 test-suite's `result_eq(result1, result2, order_matters)` on two result tables
/// (JSON text or arrays of rows: null, booleans, numbers, strings), exactly as the official
/// decides it (its quick-rejection quirk included), without its permutation search. Returns
/// `{equal, reason}` (`both_empty`, `row_count_differs`, `column_count_differs`, `quick_rejected`
/// with `permutationMatches`, `no_permutation` with `unmatchedColumn`, `match` with
/// `permutation`). Ragged rows, an int beyond 64 bits or a nested cell throw a TabeqError with an
/// `sql_*` code (stage `sql`).
#[wasm_bindgen(js_name = sqlResultEq, unchecked_return_type = "SqlResultEq")]
pub fn sql_result_eq(
    #[wasm_bindgen(unchecked_param_type = "SqlRows")] result1: JsValue,
    #[wasm_bindgen(unchecked_param_type = "SqlRows")] result2: JsValue,
    #[wasm_bindgen(js_name = orderMatters)] order_matters: bool,
) -> Result<JsValue, JsValue> {
    let r1 = throw(sql_rows(&result1, "result1"))?;
    let r2 = throw(sql_rows(&result2, "result2"))?;
    let out = throw(
        tabeq_surface::sql::result_eq(&r1, &r2, order_matters)
            .map_err(|e| CodedError::sql(sql_code(e.code), e.message)),
    )?;
    use tabeq_surface::sql::Reason;
    let mut result = SqlResultEq {
        equal: out.equal,
        reason: out.reason.name(),
        permutation_matches: None,
        unmatched_column: None,
        permutation: None,
    };
    match out.reason {
        Reason::QuickRejected {
            permutation_matches,
        } => result.permutation_matches = Some(permutation_matches),
        Reason::NoPermutation { unmatched_column } => {
            result.unmatched_column = Some(unmatched_column)
        }
        Reason::Match { permutation } => result.permutation = Some(permutation),
        _ => {}
    }
    to_js(&result)
}

/// Every scoring profile tabeq reproduces, in order (`tabeq_surface::PROFILES`): its `name`,
/// `title`, `summary`, `spec` page, `prediction` and `gold` kinds (`"csv"` or `"rows_json"`),
/// `options`, `max_input_bytes` and the `wasm_module` whose `score` scores it (this module scores `spider2-lite`, `spider2-snow` and the SQL profiles).
#[wasm_bindgen(
    js_name = profiles, unchecked_return_type = "{ name: string; title: string; summary: string; spec: string; prediction: \"csv\" | \"rows_json\"; gold: \"csv\" | \"rows_json\"; options: string[]; max_input_bytes: number; wasm_module: string }[]"
)]
pub fn spider2_profiles() -> Result<JsValue, JsValue> {
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
pub fn spider2_score(
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
