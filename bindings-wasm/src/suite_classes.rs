//! JavaScript classes over a whole suite, fed one task at a time so a page can show progress
//! and stop between tasks: `SuiteRun` (scoring, `tabeq_surface::evaluator::suite`, in the score module) and
//! `SubmissionRun` (the gold-less check, `tabeq_surface::evaluator::submission`), plus `sniffFile` (both in the
//! submission module).

use tabeq_surface::evaluator::file_input::FileInput;
use tabeq_surface::evaluator::submission::{ForeignFile, SubmissionCheck};
use wasm_bindgen::prelude::*;

use crate::js_args::{string, suite_files};
use crate::task_functions::{csv_input, task_and_prediction};
use crate::{throw, to_js};

/// A suite in the official layout, scored task by task so the caller can show progress.
///
/// ```js
/// const run = new SuiteRun(configFiles, predictionDirNames);
/// for (const id of run.taskIds) run.scoreTask(id, predictionText ?? null, goldText);
/// const summary = run.summary();
/// ```
#[cfg(feature = "score")]
#[wasm_bindgen]
pub struct SuiteRun {
    run: tabeq_surface::evaluator::SuiteRun,
}

#[cfg(feature = "score")]
#[wasm_bindgen]
impl SuiteRun {
    /// Plan a suite: `configFiles` is `{name, content}[]` from `configs/`,
    /// `predictionDirs` the directory names under `predictions/`. Throws fatal suite/config errors.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "ConfigFile[]")] files: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string[] | null | undefined")]
        prediction_dirs: JsValue,
    ) -> Result<SuiteRun, JsValue> {
        let (files, dirs) = throw(suite_files(&files, &prediction_dirs))?;
        let run = throw(tabeq_surface::evaluator::SuiteRun::new(&files, dirs))?;
        Ok(SuiteRun { run })
    }

    /// Task ids in evaluation order.
    #[wasm_bindgen(getter, js_name = taskIds)]
    pub fn task_ids(&self) -> Vec<String> {
        self.run.task_ids().map(String::from).collect()
    }

    /// SHA-256 of the config set.
    #[wasm_bindgen(getter, js_name = configSetSha256)]
    pub fn config_set_sha256(&self) -> String {
        self.run.plan().config_set_sha256.clone()
    }

    /// Prediction directories without a config.
    #[wasm_bindgen(getter, js_name = unscoredPredictionTasks)]
    pub fn unscored_prediction_tasks(&self) -> Vec<String> {
        self.run.unscored_prediction_tasks().to_vec()
    }

    /// Tasks scored so far.
    #[wasm_bindgen(getter, js_name = scoredCount)]
    pub fn scored_count(&self) -> usize {
        self.run.scored_count()
    }

    /// The normalized config of a task, as an object.
    #[wasm_bindgen(js_name = taskConfig, unchecked_return_type = "TaskConfigObject")]
    pub fn task_config(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] task_id: JsValue,
    ) -> Result<JsValue, JsValue> {
        let task_id = throw(string(&task_id, "taskId"))?;
        to_js(&throw(self.run.task_config(&task_id))?.to_out())
    }

    /// Score one task; `prediction` null means the file is missing. Gold problems are fatal.
    #[wasm_bindgen(js_name = scoreTask, unchecked_return_type = "TaskResult")]
    pub fn score_task(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] task_id: JsValue,
        #[wasm_bindgen(unchecked_param_type = "FileInput")] prediction: JsValue,
        #[wasm_bindgen(unchecked_param_type = "FileInput")] gold: JsValue,
    ) -> Result<JsValue, JsValue> {
        let (task_id, prediction) = task_and_prediction(&task_id, &prediction)?;
        let gold = csv_input(&gold, "gold")?;
        to_js(&throw(self.run.score_input(&task_id, &prediction, gold))?)
    }

    /// The summary object (official keys and order), once every task is scored.
    #[wasm_bindgen(unchecked_return_type = "SuiteSummary")]
    pub fn summary(&self) -> Result<JsValue, JsValue> {
        to_js(&throw(self.run.finished_summary())?)
    }

    /// The summary rendered by the core (`"text"`, `"markdown"`, `"html"` or `"csv"`): the
    /// totals and one row per task, failures first.
    pub fn render(
        &self,
        #[wasm_bindgen(unchecked_param_type = "DocumentFormat")] format: JsValue,
    ) -> Result<String, JsValue> {
        crate::render(&throw(self.run.finished_summary())?.document(), &format)
    }

    /// The summary file's text (`evaluation_summary.json`).
    #[wasm_bindgen(js_name = summaryJson)]
    pub fn summary_json(&self) -> Result<String, JsValue> {
        Ok(throw(self.run.finished_summary())?.to_json())
    }
}

/// A submission (`configs/` and `predictions/`, no gold) checked task by task.
///
/// ```js
/// const run = new SubmissionRun(configFiles, predictionDirNames);
/// for (const id of run.taskIds) run.checkTask(id, predictionBytesOrNull);
/// run.report();            // SubmissionReport
/// run.render("markdown");  // the report for people: "text" | "markdown" | "html" | "csv"
/// ```
#[cfg(feature = "submission")]
#[wasm_bindgen]
pub struct SubmissionRun {
    check: SubmissionCheck,
}

#[cfg(feature = "submission")]
#[wasm_bindgen]
impl SubmissionRun {
    /// Plan the check: `configFiles` is `{name, content}[]` from `configs/`, `predictionDirs` the
    /// folder names under `predictions/`. Throws fatal config and suite errors, as scoring does.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "ConfigFile[]")] files: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string[] | null | undefined")]
        prediction_dirs: JsValue,
    ) -> Result<SubmissionRun, JsValue> {
        let (files, dirs) = throw(suite_files(&files, &prediction_dirs))?;
        let check = throw(SubmissionCheck::new(&files, dirs))?;
        Ok(SubmissionRun { check })
    }

    /// Task ids in evaluation order.
    #[wasm_bindgen(getter, js_name = taskIds)]
    pub fn task_ids(&self) -> Vec<String> {
        self.check.task_ids().map(String::from).collect()
    }

    /// Check one task; `prediction` null means the file is missing. Returns its `ValidationReport`.
    #[wasm_bindgen(js_name = checkTask, unchecked_return_type = "SubmissionTask")]
    pub fn check_task(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] task_id: JsValue,
        #[wasm_bindgen(unchecked_param_type = "FileInput")] prediction: JsValue,
    ) -> Result<JsValue, JsValue> {
        let (task_id, prediction) = task_and_prediction(&task_id, &prediction)?;
        to_js(&throw(self.check.check_input(&task_id, &prediction))?.to_out())
    }

    /// The whole report (`SubmissionReport`), once every task is checked.
    #[wasm_bindgen(unchecked_return_type = "SubmissionReport")]
    pub fn report(&self) -> Result<JsValue, JsValue> {
        to_js(&throw(self.check.finished_report())?.to_out())
    }

    /// The report rendered by the core: `"text"`, `"markdown"`, `"html"` or `"csv"`.
    pub fn render(
        &self,
        #[wasm_bindgen(unchecked_param_type = "DocumentFormat")] format: JsValue,
    ) -> Result<String, JsValue> {
        crate::render(&throw(self.check.finished_report())?.to_document(), &format)
    }
}

/// What a file that is not UTF-8 text appears to be, from its first bytes: `{kind, advice}`, or
/// `null` for anything else.
#[cfg(feature = "submission")]
#[wasm_bindgen(js_name = sniffFile, unchecked_return_type = "SniffedFile | null")]
pub fn sniff_file(
    #[wasm_bindgen(unchecked_param_type = "FileInput")] head: JsValue,
) -> Result<JsValue, JsValue> {
    match csv_input(&head, "head")? {
        FileInput::Bytes(b) => to_js(&ForeignFile::sniff(&b).map(ForeignFile::sniffed)),
        _ => Ok(JsValue::NULL),
    }
}
