//! JavaScript exports of the KDD Cup 2026 Phase-1 profile (feature `kddcup`): arguments in, the
//! core's values out as plain objects (serde-wasm-bindgen, no JSON text). `tabeq-kddcup` holds
//! every rule and writes every message.

use serde::Serialize;
use tabeq::error::CodedError;
use tabeq::file_input::FileInput;
use tabeq_kddcup::{Fatal, GoldInput, Prediction};
use wasm_bindgen::prelude::*;

use crate::js_args::{bool_option, string};
use crate::{input, throw, to_js};

/// Largest CSV the module copies in (a WebAssembly instance has 4 GiB at most).
const MAX_CSV_BYTES: usize = 256 << 20;

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

/// The official `normalize_cell(value, strict_commas=...)`.
#[wasm_bindgen(js_name = kddcupNormalizeCell)]
pub fn kddcup_normalize_cell(
    value: JsValue,
    strict_commas: Option<bool>,
) -> Result<String, JsValue> {
    let value = throw(string(&value, "value"))?;
    Ok(tabeq_kddcup::normalize_cell(
        &value,
        strict_commas.unwrap_or(false),
    ))
}

/// The official `score_task(...).to_dict()`: `prediction` null for a missing file; options
/// `penaltyWeight` (0.1), `strictCommas`, `predictionPath` and `goldPath` (as messages show them).
#[wasm_bindgen(js_name = kddcupScoreTask)]
pub fn kddcup_score_task(
    prediction: JsValue,
    gold: JsValue,
    options: JsValue,
) -> Result<JsValue, JsValue> {
    let prediction = throw(csv(&prediction, "prediction"))?;
    let gold = throw(csv(&gold, "gold"))?;
    let strict = throw(bool_option(&options, "strictCommas"))?.unwrap_or(false);
    let weight = js_sys::Reflect::get(&options, &"penaltyWeight".into())
        .ok()
        .and_then(|v| v.as_f64())
        .unwrap_or(0.1);
    let path = |key: &str, default: &str| {
        js_sys::Reflect::get(&options, &key.into())
            .ok()
            .and_then(|v| v.as_string())
            .unwrap_or_else(|| default.to_string())
    };
    let (pred_path, gold_path) = (
        path("predictionPath", "prediction.csv"),
        path("goldPath", "gold.csv"),
    );
    let pred = match &prediction {
        Some(bytes) => Prediction::Bytes {
            path: &pred_path,
            bytes,
        },
        None => Prediction::Missing,
    };
    let gold = match &gold {
        Some(bytes) => GoldInput::Bytes {
            path: &gold_path,
            bytes,
        },
        None => GoldInput::Missing { path: &gold_path },
    };
    let score = throw(tabeq_kddcup::score_task(pred, gold, weight, strict).map_err(coded))?;
    to_js(&score)
}

/// Where the official reader would refuse a prediction (it would score `read_error:<name>`):
/// `{status, error, line, column}`, or null when it reads.
#[wasm_bindgen(js_name = kddcupReaderCheck)]
pub fn kddcup_reader_check(prediction: JsValue, path: Option<String>) -> Result<JsValue, JsValue> {
    #[derive(Serialize)]
    struct Refusal {
        status: String,
        error: String,
        line: usize,
        column: Option<usize>,
    }
    let bytes = throw(csv(&prediction, "prediction"))?.unwrap_or_default();
    let path = path.unwrap_or_else(|| "prediction.csv".into());
    match tabeq_kddcup::reader_check(&bytes) {
        None => Ok(JsValue::NULL),
        Some(f) => to_js(&Refusal {
            status: format!("read_error:{}", f.error.exception_name()),
            error: f.error.message(&path),
            line: f.line,
            column: f.column,
        }),
    }
}
