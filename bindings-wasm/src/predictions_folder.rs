//! `PredictionsFolderRun`: the check of a predictions folder on its own
//! (`tabeq_surface::evaluator::predictions_folder`), fed one file at a time so a page can show progress; plus
//! `parseTaskList` and `skeletonFiles`.

use tabeq_surface::evaluator::file_input::parse_config;
use tabeq_surface::evaluator::predictions_folder::{
    check_task_file, input_task_ids, parse_task_list, skeleton, FolderTask, PredictionsCheck,
};
use tabeq_surface::evaluator::suite::ConfigFile;
use wasm_bindgen::prelude::*;

use crate::js_args::{config_file_name, string_option, strings, suite_files};
use crate::task_functions::{csv_input, task_and_prediction};
use crate::{config_input, throw, to_js};

/// The config files of an optional `configFiles` argument (null or undefined: none).
fn optional_configs(value: &JsValue) -> Result<Option<Vec<ConfigFile>>, JsValue> {
    if value.is_null() || value.is_undefined() {
        return Ok(None);
    }
    Ok(Some(throw(suite_files(value, &JsValue::NULL))?.0))
}

/// A predictions folder checked file by file.
///
/// ```js
/// const run = new PredictionsFolderRun(paths, configFilesOrNull, expectedTaskIdsOrNull);
/// for (const [taskId, path] of run.reads) run.check(taskId, bytesOf(path));
/// run.report();           // PredictionsReport
/// run.reportJson();       // the same as the core's JSON text (what the CLI writes)
/// run.render("html");     // "text" | "markdown" | "html" | "csv"
/// ```
#[wasm_bindgen]
pub struct PredictionsFolderRun {
    check: PredictionsCheck,
}

#[wasm_bindgen]
impl PredictionsFolderRun {
    /// `paths`: the folder's entries relative to it (`task_1/prediction.csv`; folders end with
    /// `/`). `configFiles`: `{name, content}[]` or null. `expectedTasks`: task ids or null.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "string[]")] paths: JsValue,
        #[wasm_bindgen(unchecked_param_type = "ConfigFile[] | null | undefined")]
        config_files: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string[] | null | undefined")]
        expected_tasks: JsValue,
    ) -> Result<PredictionsFolderRun, JsValue> {
        let paths = throw(strings(&paths, "paths"))?;
        let configs = optional_configs(&config_files)?;
        let expected = if expected_tasks.is_null() || expected_tasks.is_undefined() {
            None
        } else {
            Some(throw(strings(&expected_tasks, "expectedTasks"))?)
        };
        let check = throw(PredictionsCheck::new(
            &paths,
            configs.as_deref(),
            expected.as_deref(),
        ))?;
        Ok(PredictionsFolderRun { check })
    }

    /// The files to read, `[taskId, path][]`, in task order.
    #[wasm_bindgen(getter, unchecked_return_type = "[string, string][]")]
    pub fn reads(&self) -> Result<JsValue, JsValue> {
        to_js(&self.check.reads())
    }

    /// Check one task's file (`prediction` null: it vanished). Returns the task's report.
    #[wasm_bindgen(unchecked_return_type = "FolderTask")]
    pub fn check(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] task_id: JsValue,
        #[wasm_bindgen(unchecked_param_type = "FileInput")] prediction: JsValue,
    ) -> Result<JsValue, JsValue> {
        let (task_id, prediction) = task_and_prediction(&task_id, &prediction)?;
        let check = &mut self.check;
        let task = prediction.with_prediction(|p| check.check(&task_id, p).map(to_js));
        throw(task)?
    }

    /// The report, once every file is checked.
    #[wasm_bindgen(unchecked_return_type = "PredictionsReport")]
    pub fn report(&self) -> Result<JsValue, JsValue> {
        to_js(&throw(self.check.report())?)
    }

    /// The report as the core's JSON text (byte for byte what `tabeq validate --format json` writes).
    #[wasm_bindgen(js_name = reportJson)]
    pub fn report_json(&self) -> Result<String, JsValue> {
        Ok(throw(self.check.report())?.to_json())
    }

    /// The report rendered by the core: `"text"`, `"markdown"`, `"html"` or `"csv"`.
    pub fn render(
        &self,
        #[wasm_bindgen(unchecked_param_type = "DocumentFormat")] format: JsValue,
    ) -> Result<String, JsValue> {
        crate::render(&throw(self.check.report())?.to_document(), &format)
    }
}

/// The task ids of an expected task list (text or bytes: one id per line, `#` comments).
#[wasm_bindgen(js_name = parseTaskList)]
pub fn parse_task_list_js(
    #[wasm_bindgen(unchecked_param_type = "FileInput")] list: JsValue,
) -> Result<Vec<String>, JsValue> {
    let bytes = csv_input(&list, "taskList")?;
    let bytes = throw(bytes.required("taskList", tabeq_surface::evaluator::csv::MAX_CSV_BYTES))?;
    throw(parse_task_list(bytes))
}

/// The task ids of the benchmark's `input/` folder: its `task_N` folders holding `task.json`,
/// from the folder's paths relative to it (`task_1/task.json`).
#[wasm_bindgen(js_name = inputTaskIds)]
pub fn input_task_ids_js(
    #[wasm_bindgen(unchecked_param_type = "string[]")] paths: JsValue,
) -> Result<Vec<String>, JsValue> {
    let paths = throw(strings(&paths, "paths"))?;
    Ok(input_task_ids(&paths))
}

/// A skeleton submission from config files: `[path, content][]`, one `task_N/prediction.csv`
/// per config holding its header row.
#[wasm_bindgen(js_name = skeletonFiles, unchecked_return_type = "[string, string][]")]
pub fn skeleton_files(
    #[wasm_bindgen(unchecked_param_type = "ConfigFile[]")] config_files: JsValue,
) -> Result<JsValue, JsValue> {
    let configs = optional_configs(&config_files)?.unwrap_or_default();
    to_js(&throw(skeleton(&configs))?)
}

/// One task's file checked as a task of a predictions folder is (`check_task_file`), with the
/// config's column rules when `config` is given (null: the CSV contract only).
/// `options`: `configFileName`, `fileName` (the file's name in the report, default
/// `prediction.csv`) and `taskId` (without a config; default `task`).
fn task_check(
    prediction: &JsValue,
    config: &JsValue,
    options: &JsValue,
) -> Result<FolderTask, JsValue> {
    let prediction = csv_input(prediction, "prediction")?;
    let config = if config.is_null() || config.is_undefined() {
        None
    } else {
        let file_name = throw(config_file_name(options))?;
        let input = throw(config_input(config, "config"))?;
        Some(throw(parse_config(&input, file_name.as_deref()))?)
    };
    let file = throw(string_option(options, "fileName", "a string"))?;
    let task_id = match &config {
        Some(c) => c.task_id.clone(),
        None => {
            throw(string_option(options, "taskId", "a string"))?.unwrap_or_else(|| "task".into())
        }
    };
    let file = file.unwrap_or_else(|| "prediction.csv".into());
    Ok(prediction.with_prediction(|p| check_task_file(&task_id, &file, p, config.as_ref())))
}

/// One task checked as the Submission check checks each task (header-only files, JSON or HTML
/// saved as CSV, the line and column of a CSV problem, an encoding hint; with a config its
/// columns' rules).
#[wasm_bindgen(js_name = checkTask, unchecked_return_type = "FolderTask")]
pub fn check_task(
    #[wasm_bindgen(unchecked_param_type = "FileInput")] prediction: JsValue,
    #[wasm_bindgen(unchecked_param_type = "ConfigInput | null")] config: JsValue,
    #[wasm_bindgen(
        unchecked_param_type = "{ configFileName?: string | null; fileName?: string | null; taskId?: string | null } | null | undefined"
    )]
    options: JsValue,
) -> Result<JsValue, JsValue> {
    to_js(&task_check(&prediction, &config, &options)?)
}

/// `checkTask`'s report rendered by the core: `"text"`, `"markdown"` or `"html"` (the same
/// words as the task's rows in the folder report).
#[wasm_bindgen(js_name = renderTaskCheck)]
pub fn render_task_check(
    #[wasm_bindgen(unchecked_param_type = "FileInput")] prediction: JsValue,
    #[wasm_bindgen(unchecked_param_type = "ConfigInput | null")] config: JsValue,
    #[wasm_bindgen(
        unchecked_param_type = "{ configFileName?: string | null; fileName?: string | null; taskId?: string | null } | null | undefined"
    )]
    options: JsValue,
    #[wasm_bindgen(unchecked_param_type = "DocumentFormat")] format: JsValue,
) -> Result<String, JsValue> {
    crate::render(
        &task_check(&prediction, &config, &options)?.to_document(),
        &format,
    )
}
