//! JavaScript export of `Gold`: one gold prepared once, scored against many predictions
//! (`tabeq_surface::evaluator::file_input::GoldScorer`), in the score module. Its `partialCredit` is computed by
//! `CreditGold`, the same prepared gold in the explain module: partial credit costs a third of the
//! score module's gzipped size (measured in BENCHMARKS.md), so the package's entry
//! (`bindings-wasm/js/credit-gold.js`) prepares a `CreditGold` at the first `partialCredit` call.

use serde::Serialize;
use tabeq_surface::evaluator::file_input::{FileInput, GoldScorer};
use wasm_bindgen::prelude::*;

use crate::js_args::{array_items, bool_option};
use crate::task_functions::{csv_input, task_files};
use crate::{throw, to_js};

/// A gold read, validated and canonicalized once.
///
/// ```js
/// const gold = new Gold(goldCsv, config);
/// const rewards = gold.scores(completionsAsCsv); // Float64Array of 1/0
/// gold.free();
/// ```
#[cfg(feature = "score")]
#[wasm_bindgen(js_name = Gold)]
pub struct JsGold {
    scorer: GoldScorer,
}

fn prediction_files(value: &JsValue) -> Result<Vec<FileInput>, JsValue> {
    throw(array_items(value, "predictions"))?
        .iter()
        .map(|p| csv_input(p, "prediction"))
        .collect()
}

/// `f` of each prediction of a JavaScript array, as an array of plain objects.
fn each<T: Serialize>(items: &JsValue, f: impl Fn(&FileInput) -> T) -> Result<JsValue, JsValue> {
    to_js(&prediction_files(items)?.iter().map(f).collect::<Vec<T>>())
}

/// The scorer of `gold` under `config` (`options.configFileName` as for `evaluate`), or the
/// config and gold errors `evaluate` throws.
fn prepare(gold: JsValue, config: JsValue, options: JsValue) -> Result<GoldScorer, JsValue> {
    let files = task_files(&JsValue::NULL, Some(&gold), &config, &options)?;
    throw(files.gold_scorer())
}

#[cfg(feature = "score")]
#[wasm_bindgen(js_class = Gold)]
impl JsGold {
    /// Prepare `gold` under `config` (`options.configFileName` as for `evaluate`). Throws the
    /// config and gold errors `evaluate` throws.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "FileInput")] gold: JsValue,
        #[wasm_bindgen(unchecked_param_type = "ConfigInput")] config: JsValue,
        #[wasm_bindgen(unchecked_param_type = "TaskOptions | null | undefined")] options: JsValue,
    ) -> Result<JsGold, JsValue> {
        Ok(JsGold {
            scorer: prepare(gold, config, options)?,
        })
    }

    /// The official per-task record, as `evaluate` returns it.
    #[wasm_bindgen(unchecked_return_type = "TaskResult")]
    pub fn evaluate(
        &self,
        #[wasm_bindgen(unchecked_param_type = "FileInput")] prediction: JsValue,
    ) -> Result<JsValue, JsValue> {
        to_js(&self.scorer.result(&csv_input(&prediction, "prediction")?))
    }

    /// The records of many predictions, in order.
    #[wasm_bindgen(js_name = evaluateMany, unchecked_return_type = "TaskResult[]")]
    pub fn evaluate_many(
        &self,
        #[wasm_bindgen(unchecked_param_type = "FileInput[]")] predictions: JsValue,
    ) -> Result<JsValue, JsValue> {
        each(&predictions, |p| self.scorer.result(p))
    }

    /// The official score (1 or 0) of each prediction.
    pub fn scores(
        &self,
        #[wasm_bindgen(unchecked_param_type = "FileInput[]")] predictions: JsValue,
    ) -> Result<Vec<f64>, JsValue> {
        let items = prediction_files(&predictions)?;
        Ok(items.iter().map(|p| self.scorer.score(p)).collect())
    }

    /// The normalized config.
    #[wasm_bindgen(getter, unchecked_return_type = "TaskConfigObject")]
    pub fn config(&self) -> Result<JsValue, JsValue> {
        to_js(&self.scorer.gold().config().to_out())
    }

    /// Gold data rows.
    #[wasm_bindgen(getter, js_name = rowCount)]
    pub fn row_count(&self) -> usize {
        self.scorer.gold().table().row_count()
    }

    /// Gold columns.
    #[wasm_bindgen(getter, js_name = columnCount)]
    pub fn column_count(&self) -> usize {
        self.scorer.gold().table().column_count()
    }
}

/// A gold prepared for `Gold.partialCredit` in the explain module (`CreditGold` is internal to
/// the package's entry).
#[cfg(feature = "explain")]
#[wasm_bindgen(js_name = CreditGold)]
pub struct JsCreditGold {
    scorer: GoldScorer,
}

#[cfg(feature = "explain")]
#[wasm_bindgen(js_class = CreditGold)]
impl JsCreditGold {
    /// Prepare `gold` as `new Gold(gold, config, options)` does.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "FileInput")] gold: JsValue,
        #[wasm_bindgen(unchecked_param_type = "ConfigInput")] config: JsValue,
        #[wasm_bindgen(unchecked_param_type = "TaskOptions | null | undefined")] options: JsValue,
    ) -> Result<JsCreditGold, JsValue> {
        Ok(JsCreditGold {
            scorer: prepare(gold, config, options)?,
        })
    }

    /// The partial credit of each prediction (`PartialCredit` of `explain`);
    /// `options.signatureStrict` refuses thousands separators in the column signature.
    #[wasm_bindgen(js_name = partialCredit, unchecked_return_type = "PartialCredit[]")]
    pub fn partial_credit(
        &self,
        #[wasm_bindgen(unchecked_param_type = "FileInput[]")] predictions: JsValue,
        #[wasm_bindgen(unchecked_param_type = "PartialCreditOptions | null | undefined")]
        options: JsValue,
    ) -> Result<JsValue, JsValue> {
        let strict = throw(bool_option(&options, "signatureStrict"))?.unwrap_or(false);
        each(&predictions, |p| self.scorer.partial_credit(p, strict))
    }
}
