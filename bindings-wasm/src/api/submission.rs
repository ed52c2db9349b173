//! The gold-less submission check (`tabeq::submission`) for JavaScript: `SubmissionRun`, fed one
//! task at a time so a page can show progress and stop between tasks, and `sniffFile`.

use tabeq::csv::MAX_CSV_BYTES;
use tabeq::submission::{ForeignFile, SubmissionCheck};
use tabeq::Prediction;
use wasm_bindgen::prelude::*;

use super::evaluator::{too_large_csv, unreadable_error};
use super::{Failure, Input, SUITE_INCOMPLETE, UNKNOWN_TASK};
use crate::js_evaluator::{config_files, strings, task_id_of};
use crate::{input, throw, to_js};

/// Check one task's prediction; a file too large to copy reads as the CSV reader would refuse it.
pub fn check_task(
    check: &mut SubmissionCheck,
    task_id: &str,
    prediction: &Input,
) -> Result<tabeq::pyjson::Out, Failure> {
    let unknown = || Failure {
        code: UNKNOWN_TASK,
        message: format!("{task_id} is not a task of this submission"),
        stage: "argument",
        task_id: Some(task_id.into()),
        line: None,
    };
    let task = match prediction {
        Input::Missing => check.check_task(task_id, Prediction::Missing),
        Input::Bytes(bytes) => check.check_task(task_id, Prediction::Csv(bytes)),
        Input::TooLarge { at_least, exact } => {
            let e = too_large_csv(*at_least, *exact);
            let task = check.check_task(task_id, Prediction::Invalid(&e));
            if let Some(t) = task {
                t.report.error = Some(unreadable_error(&e));
                Some(t)
            } else {
                None
            }
        }
    }
    .ok_or_else(unknown)?;
    Ok(task.to_out())
}

/// A submission (`configs/` and `predictions/`, no gold) checked task by task.
///
/// ```js
/// const run = new SubmissionRun(configFiles, predictionDirNames);
/// for (const id of run.taskIds) run.checkTask(id, predictionBytesOrNull);
/// run.report();            // SubmissionReport
/// run.render("markdown");  // the report for people: "text" | "markdown" | "html" | "csv"
/// ```
#[wasm_bindgen]
pub struct SubmissionRun {
    check: SubmissionCheck,
}

#[wasm_bindgen]
impl SubmissionRun {
    /// Plan the check: `configFiles` is `{name, content}[]` from `configs/`, `predictionDirs` the
    /// folder names under `predictions/`. Throws fatal config and suite errors, as scoring does.
    #[wasm_bindgen(constructor)]
    pub fn new(
        config_files_value: JsValue,
        prediction_dirs: JsValue,
    ) -> Result<SubmissionRun, JsValue> {
        let files = throw(config_files(&config_files_value))?;
        let dirs = throw(strings(&prediction_dirs, "predictionDirs"))?;
        let check = throw(
            SubmissionCheck::new(&files, dirs.iter().map(String::as_str)).map_err(Failure::from),
        )?;
        Ok(SubmissionRun { check })
    }

    /// Task ids in evaluation order.
    #[wasm_bindgen(getter, js_name = taskIds)]
    pub fn task_ids(&self) -> Vec<String> {
        self.check.task_ids().map(str::to_string).collect()
    }

    /// Check one task; `prediction` null means the file is missing. Returns its `ValidationReport`.
    #[wasm_bindgen(js_name = checkTask)]
    pub fn check_task(
        &mut self,
        task_id: JsValue,
        prediction: JsValue,
    ) -> Result<JsValue, JsValue> {
        let task_id = throw(task_id_of(&task_id))?;
        let prediction = throw(input(&prediction, "prediction", MAX_CSV_BYTES))?;
        to_js(&throw(check_task(&mut self.check, &task_id, &prediction))?)
    }

    /// The whole report (`SubmissionReport`), once every task is checked.
    pub fn report(&self) -> Result<JsValue, JsValue> {
        to_js(&throw(self.finished())?.to_out())
    }

    /// The report rendered by the core: `"text"`, `"markdown"`, `"html"` or `"csv"`.
    pub fn render(&self, format: JsValue) -> Result<String, JsValue> {
        let doc = throw(self.finished())?.to_document();
        match format.as_string().as_deref() {
            Some("text") => Ok(doc.to_text()),
            Some("markdown") => Ok(doc.to_markdown()),
            Some("html") => Ok(doc.to_html()),
            Some("csv") => Ok(doc.to_csv()),
            _ => throw(Err(Failure::invalid_argument(
                "format must be \"text\", \"markdown\", \"html\" or \"csv\"",
            ))),
        }
    }
}

impl SubmissionRun {
    fn finished(&self) -> Result<tabeq::submission::SubmissionReport, Failure> {
        self.check.report().ok_or_else(|| Failure {
            code: SUITE_INCOMPLETE,
            message: format!(
                "{} of {} tasks checked; check every task before asking for the report",
                self.check.checked_count(),
                self.check.task_ids().count()
            ),
            stage: "argument",
            task_id: None,
            line: None,
        })
    }
}

/// What a file that is not UTF-8 text appears to be, from its first bytes: `{kind, advice}`, or
/// `null` for anything else.
#[wasm_bindgen(js_name = sniffFile)]
pub fn sniff_file(head: JsValue) -> Result<JsValue, JsValue> {
    let bytes = match throw(input(&head, "head", MAX_CSV_BYTES))? {
        Input::Bytes(b) => b,
        _ => return Ok(JsValue::NULL),
    };
    Ok(match ForeignFile::sniff(&bytes) {
        None => JsValue::NULL,
        Some(kind) => to_js(&tabeq::pyjson::Out::Object(vec![
            ("kind".into(), tabeq::pyjson::Out::Str(kind.code().into())),
            (
                "advice".into(),
                tabeq::pyjson::Out::Str(kind.advice().into()),
            ),
        ]))?,
    })
}
