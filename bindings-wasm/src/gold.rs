//! JavaScript export of `Gold`: one gold prepared once, scored against many predictions.

use tabeq::csv::MAX_CSV_BYTES;
use tabeq::pyjson::Out;
use wasm_bindgen::prelude::*;

use crate::api::gold as api;
use crate::api::Input;
use crate::js_evaluator::{array_items, bool_option, config_file_name};
use crate::{config_input, input, throw, to_js};

/// A gold read, validated and canonicalized once (`Gold` in `tabeq.d.ts`).
///
/// ```js
/// const gold = new Gold(goldCsv, config);
/// const rewards = gold.scores(completionsAsCsv); // Float64Array of 1/0
/// gold.free();
/// ```
#[wasm_bindgen(js_name = Gold)]
pub struct JsGold {
    gold: api::Gold,
}

fn predictions(value: &JsValue) -> Result<Vec<Input>, JsValue> {
    throw(array_items(value, "predictions"))?
        .iter()
        .map(|p| throw(input(p, "prediction", MAX_CSV_BYTES)))
        .collect()
}

#[wasm_bindgen(js_class = Gold)]
impl JsGold {
    /// Prepare `gold` under `config` (`options.configFileName` as for `evaluate`). Throws the
    /// config and gold errors `evaluate` throws.
    #[wasm_bindgen(constructor)]
    pub fn new(gold: JsValue, config: JsValue, options: JsValue) -> Result<JsGold, JsValue> {
        let name = throw(config_file_name(&options))?;
        let gold = throw(input(&gold, "gold", MAX_CSV_BYTES))?;
        let config = throw(config_input(&config, "config"))?;
        Ok(JsGold {
            gold: throw(api::Gold::new(gold, config, name.as_deref()))?,
        })
    }

    /// The official per-task record, as `evaluate` returns it.
    pub fn evaluate(&self, prediction: JsValue) -> Result<JsValue, JsValue> {
        let prediction = throw(input(&prediction, "prediction", MAX_CSV_BYTES))?;
        to_js(&tabeq::pyjson::to_tree(&self.gold.result(&prediction)))
    }

    /// The records of many predictions, in order.
    #[wasm_bindgen(js_name = evaluateMany)]
    pub fn evaluate_many(&self, predictions_value: JsValue) -> Result<JsValue, JsValue> {
        let items = predictions(&predictions_value)?;
        let results = items
            .iter()
            .map(|p| tabeq::pyjson::to_tree(&self.gold.result(p)))
            .collect();
        to_js(&Out::Array(results))
    }

    /// The official score (1 or 0) of each prediction.
    pub fn scores(&self, predictions_value: JsValue) -> Result<Vec<f64>, JsValue> {
        Ok(predictions(&predictions_value)?
            .iter()
            .map(|p| self.gold.score(p))
            .collect())
    }

    /// The partial credit of each prediction (`PartialCredit` of `explain`);
    /// `options.signatureStrict` refuses thousands separators in the column signature.
    #[wasm_bindgen(js_name = partialCredit)]
    pub fn partial_credit(
        &self,
        predictions_value: JsValue,
        options: JsValue,
    ) -> Result<JsValue, JsValue> {
        let strict = throw(bool_option(&options, "signatureStrict"))?.unwrap_or(false);
        let items = predictions(&predictions_value)?;
        let credits = items
            .iter()
            .map(|p| self.gold.partial_credit(p, strict))
            .collect();
        to_js(&Out::Array(credits))
    }

    /// The normalized config.
    #[wasm_bindgen(getter)]
    pub fn config(&self) -> Result<JsValue, JsValue> {
        to_js(&self.gold.config())
    }

    /// Gold data rows.
    #[wasm_bindgen(getter, js_name = rowCount)]
    pub fn row_count(&self) -> usize {
        self.gold.row_count()
    }

    /// Gold columns.
    #[wasm_bindgen(getter, js_name = columnCount)]
    pub fn column_count(&self) -> usize {
        self.gold.column_count()
    }
}
