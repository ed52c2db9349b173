//! The check of a predictions folder on its own: what a participant holds before uploading
//! (`task_N/prediction.csv` for each task, or a `.zip` of that), with no gold and, for most of
//! the benchmark's tasks, no config.
//!
//! Every task's file is held to the released CSV contract (UTF-8, a header, rectangular, within
//! the limits, no NUL); folder and file names are held to the layout the official evaluator
//! reads (a near miss such as `Prediction.csv` or `Task_3/` is named, with the file it found);
//! the tasks found are compared with an expected task list (the configs when given, otherwise a
//! list the caller passes, otherwise the task folders found); and with configs each prediction is
//! also read under its columns' rules ([`validate_prediction`]). Each problem carries its place
//! in the file (line, column, byte) and a "what to do" line ([`crate::fixit`]).
//!
//! No IO: the caller lists the folder ([`PredictionsCheck::new`] takes the paths), reads the
//! files the check asks for ([`PredictionsCheck::reads`]) and hands each one over
//! ([`PredictionsCheck::check`]).
//!
//! ```
//! use tabeq::evaluate::Prediction;
//! use tabeq::predictions_folder::PredictionsCheck;
//! let listing = ["task_1/", "task_1/prediction.csv", "task_2/", "task_2/Prediction.csv", "notes.txt"];
//! let mut check = PredictionsCheck::new(&listing, None, Some(&["task_1".into(), "task_2".into(), "task_3".into()])).unwrap();
//! assert_eq!(check.reads(), [("task_1".to_string(), "task_1/prediction.csv".to_string()), ("task_2".into(), "task_2/Prediction.csv".into())]);
//! check.check("task_1", Prediction::Csv(b"a,b\n1,2\n3\n")).unwrap();
//! check.check("task_2", Prediction::Csv(b"a\n1\n")).unwrap();
//! let report = check.report().unwrap();
//! assert_eq!(report.ready_count(), 0);
//! // task_2 is missing too: the official evaluator reads only task_2/prediction.csv.
//! assert_eq!(report.missing_tasks(), ["task_2", "task_3"]);
//! let text = report.to_document().to_text();
//! assert!(text.contains("line 3, column 2 (byte 9)"), "{text}");
//! assert!(text.contains("found task_2/Prediction.csv"), "{text}");
//! ```

use crate::config::FatalError;
use crate::config::{is_task_id, natural_task_order};
use crate::csv::read_table;
use crate::csv::{CsvError, CsvProblem};
use crate::doc::{Align, Block, Cell, Document, Mark, Section, Table, Tone};
use crate::error::CodedError;
use crate::evaluate::Prediction;
use crate::evaluate::TaskErrorCode;
use crate::fixit::{
    locate, near_miss_file, near_miss_task_folder, repeated_headers, what_to_do, EncodingHint,
    SubmissionCode, TextPosition, PREDICTION_FILE,
};
use crate::gold_free_check::{answer_problem, validate_prediction, ValidationReport};
use crate::submission::{plural, ForeignFile};
use crate::suite::{plan_suite, ConfigFile, SuitePlan};

/// Most entries of a listing and of an expected task list (a bound on what untrusted input costs).
pub const MAX_ENTRIES: usize = 200_000;

/// The listing [`PredictionsCheck::new`] reads, from a binding that lists folders: `list(None)`
/// gives the root's entries, `list(Some(name))` those of the folder `name` in it, each as its
/// name and whether it is a folder (links followed, as the official evaluator follows them).
/// Folders end with `/`; at most [`MAX_ENTRIES`] paths are kept.
///
/// ```
/// use tabeq::predictions_folder::listing;
/// let paths = listing(|folder| match folder {
///     None => vec![("task_1".into(), true), ("notes.txt".into(), false)],
///     Some(_) => vec![("prediction.csv".into(), false)],
/// });
/// assert_eq!(paths, ["task_1/", "task_1/prediction.csv", "notes.txt"]);
/// ```
pub fn listing(mut list: impl FnMut(Option<&str>) -> Vec<(String, bool)>) -> Vec<String> {
    let mut out = Vec::new();
    for (name, is_dir) in list(None).into_iter().take(MAX_ENTRIES) {
        if !is_dir {
            out.push(name);
            continue;
        }
        let children = list(Some(&name));
        out.push(format!("{name}/"));
        for (child, child_dir) in children.into_iter().take(MAX_ENTRIES) {
            out.push(format!(
                "{name}/{child}{}",
                if child_dir { "/" } else { "" }
            ));
        }
        if out.len() >= MAX_ENTRIES {
            break;
        }
    }
    out
}

/// The expected task ids of a folder of task folders (the release's `input/`): its entries
/// that are folders named like a task id, in task order.
///
/// ```
/// let entries = [("task_10".into(), true), ("task_9".into(), true), ("task_8".into(), false), ("x".into(), true)];
/// assert_eq!(tabeq::predictions_folder::task_folders(entries), ["task_9", "task_10"]);
/// ```
pub fn task_folders(entries: impl IntoIterator<Item = (String, bool)>) -> Vec<String> {
    let mut ids: Vec<String> = entries
        .into_iter()
        .filter(|(name, is_dir)| *is_dir && crate::config::is_task_id(name))
        .map(|(name, _)| name)
        .collect();
    ids.sort_by(|a, b| crate::config::natural_task_order(a, b));
    ids
}

/// The task ids of a benchmark's `input/` folder (every participant has it): the `task_N`
/// folders holding `task.json`, from a listing relative to `input/` (as for
/// [`PredictionsCheck::new`]), in natural task order.
///
/// ```
/// let ids = tabeq::predictions_folder::input_task_ids(&["task_10/task.json", "task_2/task.json", "task_3/", "notes/task.json"]);
/// assert_eq!(ids, ["task_2", "task_10"]);
/// ```
pub fn input_task_ids(listing: &[impl AsRef<str>]) -> Vec<String> {
    let mut ids: Vec<String> = listing
        .iter()
        .take(MAX_ENTRIES)
        .filter_map(|p| {
            let p = p.as_ref().trim_start_matches("./");
            let (folder, file) = p.split_once('/')?;
            (file == "task.json" && is_task_id(folder)).then(|| folder.to_string())
        })
        .collect();
    ids.sort_by(|a, b| natural_task_order(a, b));
    ids.dedup();
    ids
}

/// Where the expected task list comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum ExpectedFrom {
    /// The configs' task ids.
    Configs,
    /// A list the caller passed.
    TaskList,
    /// None was given: the task folders found are the tasks (nothing can be missing).
    PredictionFolder,
}

/// Whether a problem fails the task or is only worth knowing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Severity {
    /// The task fails (or, for an unexpected task, is not scored).
    Error,
    /// A hint about an error (what the file appears to be).
    Hint,
    /// Accepted as it is; worth knowing.
    Note,
}

/// One problem of a task, worded by the core, with its place in the file when it has one.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "FolderProblem"))]
pub struct Problem {
    /// Error, hint or note.
    pub severity: Severity,
    /// A code of the catalogue (task, CSV, cell or submission family).
    pub code: &'static str,
    /// For people.
    pub message: String,
    /// Where in the file, when the problem has a place.
    pub position: Option<TextPosition>,
    /// What to do about it, when there is something to do.
    pub what_to_do: Option<&'static str>,
}

impl Problem {
    fn new(severity: Severity, code: &'static str, message: String) -> Problem {
        Problem {
            severity,
            code,
            message,
            position: None,
            what_to_do: what_to_do(code),
        }
    }
}

/// Whether a task is ready to upload.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum TaskStatus {
    /// Nothing found fails it (the gold decides the rest).
    Ready,
    /// It will fail whatever the gold (a header-only file: unless the gold is empty too).
    Fails,
    /// Not in the expected task list: not scored.
    NotScored,
}

/// One task of the folder.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FolderTask {
    /// The task id.
    pub task_id: String,
    /// Ready, fails, or not scored.
    pub status: TaskStatus,
    /// The error code the official evaluator gives the task, as far as it is known without the
    /// gold (`missing_prediction` for a misnamed file or folder).
    pub error_code: Option<TaskErrorCode>,
    /// The file read for the task (relative to the predictions folder), if any.
    pub file: Option<String>,
    /// The CSV problem, for `invalid_prediction_csv`.
    pub csv_error: Option<CsvError>,
    /// Data rows and columns of a readable file.
    pub rows: Option<usize>,
    /// Columns of a readable file.
    pub columns: Option<usize>,
    /// Errors first, then hints and notes.
    pub problems: Vec<Problem>,
    /// With configs: the gold-less check under the task's column rules.
    pub validation: Option<ValidationReport>,
}

/// A task slot while the folder is checked.
#[derive(Debug, Clone)]
struct Slot {
    task_id: String,
    expected: bool,
    /// The file to read, relative to the folder.
    file: Option<String>,
    /// Fix-it problems about names, found from the listing.
    naming: Vec<Problem>,
    /// The listing shows the official path (`task_N/prediction.csv`, a file or not).
    official_path: bool,
    done: Option<FolderTask>,
}

/// An entry of the folder that is not a task folder.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StrayEntry {
    /// The path, relative to the predictions folder (folders end with `/`).
    pub path: String,
    /// What it appears to be and what to do.
    pub message: String,
}

/// A predictions folder being checked (see the module docs).
#[derive(Debug, Clone)]
pub struct PredictionsCheck {
    expected_from: ExpectedFrom,
    plan: Option<SuitePlan>,
    slots: Vec<Slot>,
    strays: Vec<StrayEntry>,
}

/// Read an expected task list: one task id per line; blank lines and lines starting with `#`
/// are skipped; surrounding spaces and a byte order mark are ignored.
///
/// ```
/// let ids = tabeq::predictions_folder::parse_task_list(b"# public ids\ntask_2\r\ntask_10\n\ntask_2\n").unwrap();
/// assert_eq!(ids, ["task_2", "task_10"]);
/// let error = tabeq::predictions_folder::parse_task_list(b"task_1\nTask 2\n").unwrap_err();
/// assert_eq!((error.code, error.line), ("task_list_invalid", Some(2)));
/// ```
pub fn parse_task_list(bytes: &[u8]) -> Result<Vec<String>, CodedError> {
    let invalid = |line: usize, message: String| CodedError {
        code: SubmissionCode::TaskListInvalid.code(),
        stage: "submission",
        task_id: None,
        line: Some(line),
        message,
    };
    let text = core::str::from_utf8(bytes).map_err(|e| {
        let p = TextPosition::at(bytes, e.valid_up_to());
        invalid(
            p.line as usize,
            format!("the task list is not UTF-8 text at {p}"),
        )
    })?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut ids: Vec<String> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let id = line.trim();
        if id.is_empty() || id.starts_with('#') {
            continue;
        }
        if !is_task_id(id) {
            let hint = near_miss_task_folder(id)
                .map_or(String::new(), |t| format!(" (did you mean {t}?)"));
            return Err(invalid(
                n + 1,
                format!(
                    "line {} of the task list is not a task id: {id:?}{hint}",
                    n + 1
                ),
            ));
        }
        if ids.len() >= MAX_ENTRIES {
            return Err(invalid(
                n + 1,
                format!("the task list has more than {MAX_ENTRIES} task ids"),
            ));
        }
        if !ids.iter().any(|i| i == id) {
            ids.push(id.to_string());
        }
    }
    Ok(ids)
}

impl PredictionsCheck {
    /// Plan the check from the folder's listing: paths relative to it, `/`-separated, folders
    /// ending with `/` (the folder's entries and those of each folder in it are enough). The
    /// expected tasks are the configs' when `configs` is given (config problems are fatal, as
    /// when scoring), else `expected` when given, else the task folders found.
    pub fn new(
        listing: &[impl AsRef<str>],
        configs: Option<&[ConfigFile]>,
        expected: Option<&[String]>,
    ) -> Result<PredictionsCheck, FatalError> {
        let plan = configs.map(plan_suite).transpose()?;
        let (expected_from, expected_ids): (ExpectedFrom, Vec<String>) = match (&plan, expected) {
            (Some(plan), _) => (
                ExpectedFrom::Configs,
                plan.configs.iter().map(|c| c.task_id.clone()).collect(),
            ),
            (None, Some(ids)) => (ExpectedFrom::TaskList, ids.to_vec()),
            (None, None) => (ExpectedFrom::PredictionFolder, Vec::new()),
        };
        let mut check = PredictionsCheck {
            expected_from,
            plan,
            slots: expected_ids
                .into_iter()
                .map(|task_id| Slot::new(task_id, true))
                .collect(),
            strays: Vec::new(),
        };
        let paths: Vec<&str> = listing
            .iter()
            .take(MAX_ENTRIES)
            .map(AsRef::as_ref)
            .collect();
        check.read_listing(&paths);
        check
            .slots
            .sort_by(|a, b| natural_task_order(&a.task_id, &b.task_id));
        for slot in &mut check.slots {
            if slot.file.is_none() {
                slot.done = Some(slot.without_file(expected_from));
            }
        }
        Ok(check)
    }

    fn slot(&mut self, task_id: &str) -> &mut Slot {
        let found = self.slots.iter().position(|s| s.task_id == task_id);
        let i = found.unwrap_or_else(|| {
            // Without an expected list, every task folder found is a task.
            let expected = self.expected_from == ExpectedFrom::PredictionFolder;
            self.slots.push(Slot::new(task_id.to_string(), expected));
            self.slots.len() - 1
        });
        &mut self.slots[i]
    }

    fn read_listing(&mut self, paths: &[&str]) {
        let top: Vec<(&str, bool)> = {
            let mut top: Vec<(&str, bool)> = paths
                .iter()
                .filter_map(|p| {
                    let p = p.trim_start_matches("./");
                    match p.split_once('/') {
                        Some((name, "")) => Some((name, true)),
                        Some((name, _)) => Some((name, true)).filter(|_| !name.is_empty()),
                        None => Some((p, false)),
                    }
                })
                .filter(|(name, _)| !name.is_empty())
                .collect();
            top.sort_unstable();
            top.dedup_by(|a, b| a.0 == b.0);
            top
        };
        let children = |folder: &str| -> Vec<String> {
            let prefix = format!("{folder}/");
            let mut names: Vec<String> = paths
                .iter()
                .filter_map(|p| p.trim_start_matches("./").strip_prefix(&prefix))
                .filter_map(|rest| rest.split('/').next())
                .filter(|name| !name.is_empty())
                .map(str::to_string)
                .collect();
            names.sort_unstable();
            names.dedup();
            names
        };
        let task_folders: Vec<&str> = top
            .iter()
            .filter(|(n, dir)| *dir && is_task_id(n))
            .map(|(n, _)| *n)
            .collect();
        for &(name, is_dir) in &top {
            if is_dir && is_task_id(name) {
                let files = children(name);
                let slot = self.slot(name);
                slot.take_files(name, &files);
                continue;
            }
            if is_dir {
                if let Some(id) =
                    near_miss_task_folder(name).filter(|id| !task_folders.contains(&id.as_str()))
                {
                    let files = children(name);
                    let slot = self.slot(&id);
                    if slot.file.is_none() && !slot.official_path {
                        slot.take_files(name, &files);
                        slot.naming.insert(0, Problem::new(
                            Severity::Error,
                            SubmissionCode::TaskFolderMisnamed.code(),
                            format!("found the folder {name}/, not {id}/: the official evaluator reads only {id}/{PREDICTION_FILE}"),
                        ));
                        continue;
                    }
                }
                let inner = children(name);
                let holds_tasks = inner.iter().filter(|n| is_task_id(n)).count();
                let message = if holds_tasks > 0 {
                    format!("a folder holding {holds_tasks} task folders: choose {name}/ itself as the predictions folder")
                } else {
                    "not a task folder (task_N): it is not read".to_string()
                };
                self.strays.push(StrayEntry {
                    path: format!("{name}/"),
                    message,
                });
                continue;
            }
            // A file at the top: task_N.csv is a flattened task; anything else is not read.
            let stem = name.rsplit_once('.').map_or(name, |(s, _)| s);
            let as_task = if is_task_id(stem) {
                Some(stem.to_string())
            } else {
                near_miss_task_folder(stem)
            };
            if let Some(id) = as_task.filter(|_| name.to_lowercase().ends_with(".csv")) {
                let slot = self.slot(&id);
                if slot.file.is_none() && !slot.official_path {
                    slot.file = Some(name.to_string());
                    slot.naming.push(Problem::new(
                        Severity::Error,
                        SubmissionCode::PredictionMisnamed.code(),
                        format!("found {name} at the top of the folder, not {id}/{PREDICTION_FILE}: move it there"),
                    ));
                    continue;
                }
            }
            let message = if name == PREDICTION_FILE {
                "a prediction.csv outside any task folder: move it to task_N/prediction.csv"
                    .to_string()
            } else {
                "not a task folder (task_N): it is not read".to_string()
            };
            self.strays.push(StrayEntry {
                path: name.to_string(),
                message,
            });
        }
    }

    /// The files to read, `(task id, path relative to the folder)`, in task order. A path the
    /// caller cannot read as a regular file is handed back as [`Prediction::Invalid`].
    pub fn reads(&self) -> Vec<(String, String)> {
        self.slots
            .iter()
            .filter_map(|s| Some((s.task_id.clone(), s.file.clone()?)))
            .collect()
    }

    /// Task ids in order (expected and found).
    pub fn task_ids(&self) -> impl Iterator<Item = &str> {
        self.slots.iter().map(|s| s.task_id.as_str())
    }

    /// Check one task's file; `unknown_task` for a task that has no file to read.
    pub fn check(
        &mut self,
        task_id: &str,
        prediction: Prediction<'_>,
    ) -> Result<&FolderTask, CodedError> {
        let unknown = || CodedError::unknown_task(task_id);
        let i = self
            .slots
            .iter()
            .position(|s| s.task_id == task_id && s.file.is_some())
            .ok_or_else(unknown)?;
        let config = self
            .plan
            .as_ref()
            .and_then(|p| p.configs.iter().find(|c| c.task_id == task_id));
        let slot = &self.slots[i];
        let task = slot.check(prediction, config);
        let slot = &mut self.slots[i];
        slot.done = Some(task);
        Ok(slot.done.as_ref().expect("just set"))
    }

    /// Tasks checked so far (those without a file count as checked).
    pub fn checked_count(&self) -> usize {
        self.slots.iter().filter(|s| s.done.is_some()).count()
    }

    /// Every task's slot count.
    pub fn task_count(&self) -> usize {
        self.slots.len()
    }

    /// The report, once every file is checked (`suite_incomplete` before).
    pub fn report(&self) -> Result<PredictionsReport, CodedError> {
        let tasks: Option<Vec<FolderTask>> = self.slots.iter().map(|s| s.done.clone()).collect();
        let tasks = tasks.ok_or_else(|| {
            CodedError::submission_incomplete(self.checked_count(), self.slots.len())
        })?;
        Ok(PredictionsReport {
            expected_from: self.expected_from,
            config_set_sha256: self.plan.as_ref().map(|p| p.config_set_sha256.clone()),
            tasks,
            stray_entries: self.strays.clone(),
        })
    }
}

impl Slot {
    fn new(task_id: String, expected: bool) -> Slot {
        Slot {
            task_id,
            expected,
            file: None,
            naming: Vec::new(),
            official_path: false,
            done: None,
        }
    }

    /// Pick the file of a task folder named `folder` holding `files`.
    fn take_files(&mut self, folder: &str, files: &[String]) {
        if files.iter().any(|f| f == PREDICTION_FILE) {
            self.official_path = folder == self.task_id;
            self.file = Some(format!("{folder}/{PREDICTION_FILE}"));
            return;
        }
        if let Some(near) = files.iter().find(|f| near_miss_file(f)) {
            self.file = Some(format!("{folder}/{near}"));
            let others = files.iter().filter(|f| *f != near).count();
            let more = if others > 0 {
                format!(" (and {others} other files)")
            } else {
                String::new()
            };
            self.naming.push(Problem::new(
                Severity::Error,
                SubmissionCode::PredictionMisnamed.code(),
                format!("no {folder}/{PREDICTION_FILE}: found {folder}/{near}{more}; only {PREDICTION_FILE} is read"),
            ));
        } else if !files.is_empty() {
            let shown: Vec<&str> = files.iter().take(3).map(String::as_str).collect();
            self.naming.push(Problem::new(
                Severity::Hint,
                SubmissionCode::PredictionMisnamed.code(),
                format!(
                    "{folder}/ holds {} but no {PREDICTION_FILE}",
                    shown.join(", ")
                ),
            ));
        }
    }

    fn base(&self) -> FolderTask {
        FolderTask {
            task_id: self.task_id.clone(),
            status: TaskStatus::Ready,
            error_code: None,
            file: self.file.clone(),
            csv_error: None,
            rows: None,
            columns: None,
            problems: Vec::new(),
            validation: None,
        }
    }

    /// A task with no file to read: missing (or only listed, when not expected).
    fn without_file(&self, from: ExpectedFrom) -> FolderTask {
        let mut task = self.base();
        let code = TaskErrorCode::MissingPrediction;
        task.error_code = Some(code);
        task.status = TaskStatus::Fails;
        let message = match from {
            ExpectedFrom::Configs => "no prediction: there is a config for this task",
            ExpectedFrom::TaskList => "no prediction: the task is in the expected task list",
            ExpectedFrom::PredictionFolder => "the task folder holds no prediction.csv",
        };
        task.problems.push(Problem::new(
            Severity::Error,
            code.code(),
            format!("{}/{PREDICTION_FILE}: {message}", self.task_id),
        ));
        task.problems.extend(self.naming.iter().cloned());
        self.finish(task)
    }

    fn check(
        &self,
        prediction: Prediction<'_>,
        config: Option<&crate::config::TaskConfig>,
    ) -> FolderTask {
        let mut task = self.base();
        let bytes = match prediction {
            Prediction::Csv(bytes) | Prediction::CsvAt(bytes, _) => Some(bytes),
            _ => None,
        };
        let read = match prediction {
            Prediction::Missing | Prediction::MissingAt(_) => {
                return self.without_file(ExpectedFrom::PredictionFolder);
            }
            Prediction::Csv(bytes) | Prediction::CsvAt(bytes, _) => {
                read_table(bytes).map(|t| (t.headers().to_vec(), t.row_count()))
            }
            Prediction::Table(t) => Ok((t.headers().to_vec(), t.row_count())),
            Prediction::Invalid(e) => Err(e.clone()),
        };
        match read {
            Ok((headers, rows)) => {
                task.rows = Some(rows);
                task.columns = Some(headers.len());
                // Files the official reader accepts but that cannot be an answer: the task is
                // marked failing (with no official code: the evaluator would score it).
                if let Some(answer) =
                    answer_problem(bytes.unwrap_or_default(), rows, PREDICTION_FILE)
                {
                    let mut problem = Problem::new(Severity::Error, answer.code, answer.message);
                    problem.position = Some(answer.position);
                    task.problems.push(problem);
                }
                if bytes.is_some_and(|b| b.starts_with(b"\xef\xbb\xbf")) {
                    task.problems.push(Problem::new(
                        Severity::Note,
                        SubmissionCode::ByteOrderMark.code(),
                        "the file starts with a UTF-8 byte order mark; the official reader skips it, so it is accepted".into(),
                    ));
                }
                for r in repeated_headers(&headers) {
                    let columns: Vec<String> = r.columns.iter().map(usize::to_string).collect();
                    task.problems.push(Problem::new(
                        Severity::Note,
                        SubmissionCode::RepeatedHeaders.code(),
                        format!("the header name {:?} is used by columns {}; accepted (headers are not scored, columns are matched by their values)", r.name, columns.join(", ")),
                    ));
                }
            }
            Err(e) => {
                task.error_code = Some(TaskErrorCode::InvalidPredictionCsv);
                let mut problem = Problem::new(Severity::Error, e.kind.code(), e.message());
                problem.position = bytes.and_then(|b| locate(b, &e));
                if let Some(p) = problem.position {
                    problem.message = format!("{p}: {}", problem.message);
                }
                task.problems.push(problem);
                if let (Some(b), Some(CsvProblem::InvalidUtf8 { valid_up_to })) =
                    (bytes, e.csv_problem())
                {
                    if let Some(f) = ForeignFile::sniff(b) {
                        task.problems.push(Problem::new(
                            Severity::Hint,
                            e.kind.code(),
                            f.advice().to_string(),
                        ));
                    } else if let Some(hint) = EncodingHint::of(b, *valid_up_to) {
                        let mut problem = Problem::new(
                            Severity::Hint,
                            SubmissionCode::EncodingLatin1.code(),
                            hint.text(),
                        );
                        problem.position = Some(hint.position);
                        task.problems.push(problem);
                    }
                }
                task.csv_error = Some(e);
            }
        }
        if let (Some(config), Some(bytes)) = (config, bytes) {
            let validation = validate_prediction(Prediction::Csv(bytes), config);
            if task.error_code.is_none() {
                if let Some(code) = validation.error_code {
                    task.error_code = Some(code);
                    let message = validation
                        .error
                        .clone()
                        .unwrap_or_else(|| code.description().to_string());
                    task.problems
                        .insert(0, Problem::new(Severity::Error, code.code(), message));
                }
            }
            task.validation = Some(validation);
        }
        if !self.naming.is_empty() {
            // The official evaluator does not find this file: the task is missing there.
            task.error_code = Some(TaskErrorCode::MissingPrediction);
            task.problems.splice(0..0, self.naming.iter().cloned());
        }
        self.finish(task)
    }

    fn finish(&self, mut task: FolderTask) -> FolderTask {
        // An error without an official code (a header-only file, JSON saved as CSV) fails too.
        let failing = task.error_code.is_some()
            || task.problems.iter().any(|p| p.severity == Severity::Error);
        task.status = if !self.expected {
            TaskStatus::NotScored
        } else if failing {
            TaskStatus::Fails
        } else {
            TaskStatus::Ready
        };
        if !self.expected {
            task.problems.insert(
                0,
                Problem::new(
                    Severity::Error,
                    SubmissionCode::UnexpectedTask.code(),
                    format!(
                        "{} is not in the expected task list: it is not scored",
                        self.task_id
                    ),
                ),
            );
        }
        // Errors first, then hints, then notes (stable within each).
        task.problems.sort_by_key(|p| match p.severity {
            Severity::Error => 0,
            Severity::Hint => 1,
            Severity::Note => 2,
        });
        task
    }
}

/// The fix-it table of the folder report and of one task's report: (task,) code, file,
/// problem (its message names the place in the file: line, column, byte), what to do.
fn fixit_table(with_task: bool) -> Table {
    let mut columns = Vec::new();
    if with_task {
        columns.push(("Task", Align::Left));
    }
    columns.extend([
        ("Code", Align::Left),
        ("File", Align::Left),
        ("Problem", Align::Left),
        ("What to do", Align::Left),
    ]);
    Table::with_columns(&columns)
}

impl FolderTask {
    /// This task's errors and hints as rows of [`fixit_table`].
    fn push_fixit_rows(&self, table: &mut Table, with_task: bool) {
        for p in self
            .problems
            .iter()
            .filter(|p| p.severity != Severity::Note)
        {
            let mark = if p.severity == Severity::Error {
                Mark::Bad
            } else {
                Mark::Missing
            };
            let mut cells = Vec::with_capacity(5);
            if with_task {
                cells.push(Cell::text(&self.task_id));
            }
            // The message names the place in the file; this column names the file.
            cells.extend([
                Cell::text(p.code).marked(mark),
                Cell::text(self.file.clone().unwrap_or_default()),
                Cell::text(&p.message),
                Cell::text(p.what_to_do.unwrap_or("")),
            ]);
            table.push_marked_row(cells, mark);
        }
    }

    /// Whether the task fails only for being header-only (an empty answer, which an empty
    /// gold passes).
    fn only_header_only(&self) -> bool {
        let mut errors = self
            .problems
            .iter()
            .filter(|p| p.severity == Severity::Error);
        self.status == TaskStatus::Fails
            && self.error_code.is_none()
            && errors
                .next()
                .is_some_and(|p| p.code == SubmissionCode::HeaderOnly.code())
            && errors.next().is_none()
    }

    /// One task's report for people, the same words as its rows in the folder report: one
    /// verdict, the fix-it table (where in the file, what to do), notes, and with a config the
    /// gold columns and the cells that do not read under their rules.
    ///
    /// ```
    /// use tabeq::evaluate::Prediction;
    /// use tabeq::predictions_folder::check_task_file;
    /// let task = check_task_file("task_1", "prediction.csv", Prediction::Csv(b"a,b\n"), None);
    /// let doc = task.to_document();
    /// assert_eq!(doc.title, "task_1: fails (header_only)");
    /// assert!(doc.to_text().contains("line 2, column 1"), "{}", doc.to_text());
    /// assert!(doc.to_text().contains("Fails unless the gold is empty too"));
    /// ```
    pub fn to_document(&self) -> Document {
        let first_error = self.problems.iter().find(|p| p.severity == Severity::Error);
        let code = self
            .error_code
            .map(TaskErrorCode::code)
            .or(first_error.map(|p| p.code));
        let (title, tone, verdict) = match self.status {
            TaskStatus::Ready => (
                format!("{}: ready", self.task_id),
                Tone::Info,
                "Ready: nothing found fails this task (the gold decides the rest).".to_string(),
            ),
            TaskStatus::NotScored => (
                format!("{}: not scored", self.task_id),
                Tone::Warning,
                format!(
                    "{} is not in the expected task list: it is not scored.",
                    self.task_id
                ),
            ),
            TaskStatus::Fails => (
                format!("{}: fails ({})", self.task_id, code.unwrap_or("fails")),
                Tone::Error,
                match first_error {
                    // A header-only file is an empty answer, which passes against an empty
                    // gold: the one failure the gold can still undo.
                    Some(p) if self.only_header_only() => {
                        format!(
                            "Fails unless the gold is empty too: {}.",
                            p.message.trim_end_matches('.')
                        )
                    }
                    Some(p) => format!(
                        "Fails whatever the gold: {}.",
                        p.message.trim_end_matches('.')
                    ),
                    None => "Fails whatever the gold.".to_string(),
                },
            ),
        };
        let count = |n: Option<usize>| n.map_or_else(|| "-".to_string(), |n| n.to_string());
        let mut doc = Document::new(title)
            .lead(Block::note(tone, verdict))
            .lead(Block::Facts {
                items: vec![
                    (
                        "file".into(),
                        self.file.clone().unwrap_or_else(|| "none".into()),
                    ),
                    ("rows".into(), count(self.rows)),
                    ("columns".into(), count(self.columns)),
                ],
            });
        let mut table = fixit_table(false);
        self.push_fixit_rows(&mut table, false);
        if !table.rows.is_empty() {
            doc = doc.section(
                Section::new("Problems")
                    .with_id("problems")
                    .block(Block::Table(table)),
            );
        }
        let notes: Vec<String> = self
            .problems
            .iter()
            .filter(|p| p.severity == Severity::Note)
            .map(|p| format!("{} ({})", p.message, p.code))
            .collect();
        if !notes.is_empty() {
            doc = doc.section(
                Section::new("Notes (accepted as they are)")
                    .with_id("notes")
                    .block(Block::List { items: notes }),
            );
        }
        if let Some(validation) = &self.validation {
            // The config's column rules: which columns read, which cells do not.
            doc.sections.extend(validation.document().sections);
        }
        doc
    }
}

/// One task's file checked on its own, by the same check as each task of a predictions folder
/// (the released CSV contract with the line and column of a problem, an encoding hint, a
/// header-only file, JSON or HTML saved as CSV; with a config, its columns' rules): the check
/// a page shows for a single task and for a task row of the folder report.
///
/// ```
/// use tabeq::evaluate::Prediction;
/// use tabeq::predictions_folder::{check_task_file, TaskStatus};
/// let json = check_task_file("task_3", "prediction.csv", Prediction::Csv(b"[{\"a\": 1}]\n"), None);
/// assert_eq!((json.status, json.problems[0].code), (TaskStatus::Fails, "not_csv_text"));
/// let fine = check_task_file("task_3", "prediction.csv", Prediction::Csv(b"a\n1\n"), None);
/// assert_eq!(fine.status, TaskStatus::Ready);
/// ```
pub fn check_task_file(
    task_id: &str,
    file: &str,
    prediction: Prediction<'_>,
    config: Option<&crate::config::TaskConfig>,
) -> FolderTask {
    let mut slot = Slot::new(task_id.to_string(), true);
    slot.file = Some(file.to_string());
    slot.official_path = true;
    slot.check(prediction, config)
}

/// The result of checking a predictions folder.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(as = "PredictionsReportJson"))]
pub struct PredictionsReport {
    /// Where the expected task list came from.
    pub expected_from: ExpectedFrom,
    /// With configs: SHA-256 of the config set (as in the official summary).
    pub config_set_sha256: Option<String>,
    /// Every task, expected or found, in natural task order.
    pub tasks: Vec<FolderTask>,
    /// Entries that are not task folders.
    pub stray_entries: Vec<StrayEntry>,
}

impl PredictionsReport {
    fn expected(&self) -> impl Iterator<Item = &FolderTask> {
        self.tasks
            .iter()
            .filter(|t| t.status != TaskStatus::NotScored)
    }

    /// Expected tasks with nothing found that fails them.
    pub fn ready_count(&self) -> usize {
        self.tasks
            .iter()
            .filter(|t| t.status == TaskStatus::Ready)
            .count()
    }

    /// Expected tasks.
    pub fn task_count(&self) -> usize {
        self.expected().count()
    }

    /// Whether every expected task is ready (the command line's exit status 0). Never true
    /// when no task was found or expected: that is the wrong folder ([`Self::wrong_folder`]).
    pub fn all_ready(&self) -> bool {
        self.task_count() > 0 && self.ready_count() == self.task_count()
    }

    /// Why the chosen folder is not a predictions folder, when no task was found or expected:
    /// what was expected, and the `predictions/` folder inside it when there is one.
    ///
    /// ```
    /// use tabeq::predictions_folder::PredictionsCheck;
    /// let above = PredictionsCheck::new(&["predictions/", "predictions/task_1/", "gold/"], None, None).unwrap();
    /// let report = above.report().unwrap();
    /// assert!(!report.all_ready());
    /// assert!(report.wrong_folder().unwrap().contains("choose predictions/"));
    /// ```
    pub fn wrong_folder(&self) -> Option<String> {
        // Task folders were found (even empty ones): the folder is right, tasks may be missing.
        if self.tasks.iter().any(|t| t.file.is_some()) {
            return None;
        }
        let holds_tasks = self
            .stray_entries
            .iter()
            .any(|e| e.path == "predictions/" || e.message.starts_with("a folder holding"));
        if self.task_count() > 0 && !holds_tasks {
            return None;
        }
        let expected = format!(
            "no task folder found: a predictions folder holds task_N/{PREDICTION_FILE} (task_1/{PREDICTION_FILE}, task_2/{PREDICTION_FILE}, …)"
        );
        let inner = self
            .stray_entries
            .iter()
            .find(|e| e.path == "predictions/")
            .or_else(|| {
                self.stray_entries
                    .iter()
                    .find(|e| e.message.starts_with("a folder holding"))
            });
        Some(match inner {
            Some(entry) => format!(
                "{expected}. This folder contains {}: choose {} itself as the predictions folder",
                entry.path, entry.path
            ),
            None => format!("{expected}. This is not a predictions folder: choose the folder that holds the task folders"),
        })
    }

    /// Expected tasks the official evaluator finds no prediction for.
    pub fn missing_tasks(&self) -> Vec<&str> {
        self.expected()
            .filter(|t| t.error_code == Some(TaskErrorCode::MissingPrediction))
            .map(|t| t.task_id.as_str())
            .collect()
    }

    /// Task folders outside the expected list.
    pub fn unexpected_tasks(&self) -> Vec<&str> {
        self.tasks
            .iter()
            .filter(|t| t.status == TaskStatus::NotScored)
            .map(|t| t.task_id.as_str())
            .collect()
    }

    /// The report as pretty JSON (CPython's `json.dumps(indent=2, ensure_ascii=False)` layout),
    /// the same text on every surface.
    pub fn to_json(&self) -> String {
        crate::cpython_json::to_tree(self).to_pretty()
    }

    /// The report for people: the verdict, the tasks that will fail with where and what to do,
    /// missing and unexpected tasks, other entries, notes, and every task.
    pub fn to_document(&self) -> Document {
        let (total, ready) = (self.task_count(), self.ready_count());
        let source = match self.expected_from {
            ExpectedFrom::Configs => "the configs",
            ExpectedFrom::TaskList => "the task list",
            ExpectedFrom::PredictionFolder => {
                "the task folders found: completeness was not checked (give the benchmark's input/ folder, the configs or a task list to find missing tasks)"
            }
        };
        let wrong_folder = self.wrong_folder();
        let verdict = if let Some(message) = &wrong_folder {
            format!("Not a predictions folder: {message}.")
        } else if ready == total {
            format!("{ready} of {total} tasks are ready: every file meets the released CSV contract and the layout.")
        } else {
            let empty = self.tasks.iter().filter(|t| t.only_header_only()).count();
            let failing = total - ready;
            match empty {
                0 => format!("{ready} of {total} tasks are ready; {failing} will fail whatever the gold."),
                _ => format!(
                    "{ready} of {total} tasks are ready; {failing} will fail ({empty} of them header-only, which pass only against an empty gold)."
                ),
            }
        };
        let mut doc = Document::new("Predictions folder check")
            .lead(Block::note(
                if self.all_ready() {
                    Tone::Info
                } else {
                    Tone::Error
                },
                verdict,
            ))
            .lead(Block::Facts {
                items: vec![
                    ("tasks".into(), total.to_string()),
                    ("ready".into(), ready.to_string()),
                    ("will fail".into(), (total - ready).to_string()),
                    ("missing".into(), self.missing_tasks().len().to_string()),
                    (
                        "not scored".into(),
                        self.unexpected_tasks().len().to_string(),
                    ),
                    ("expected tasks from".into(), source.into()),
                ],
            });
        let problems_of = |status: TaskStatus| -> Table {
            let mut table = fixit_table(true);
            for t in self.tasks.iter().filter(|t| t.status == status) {
                t.push_fixit_rows(&mut table, true);
            }
            table
        };
        if ready < total {
            doc = doc.section(
                Section::new("Tasks that will fail")
                    .with_id("failing")
                    .block(Block::Table(problems_of(TaskStatus::Fails))),
            );
        }
        let mut coverage = Section::new("Missing and unexpected tasks").with_id("coverage");
        let missing = self.missing_tasks();
        coverage.push(if missing.is_empty() {
            Block::paragraph(match self.expected_from {
                ExpectedFrom::PredictionFolder => {
                    "No expected task list was given, so no task can be found missing."
                }
                _ => "Every expected task has a prediction.csv.",
            })
        } else {
            Block::note(
                Tone::Error,
                format!(
                    "{} with no task_N/prediction.csv (scored as missing_prediction): {}",
                    plural(missing.len(), "task", "tasks"),
                    missing.join(", ")
                ),
            )
        });
        let unexpected = self.unexpected_tasks();
        if !unexpected.is_empty() {
            coverage.push(Block::note(Tone::Warning, format!("{} not in the expected task list (not scored; listed as unscored_prediction_tasks): {}", plural(unexpected.len(), "task folder", "task folders"), unexpected.join(", "))));
        }
        for s in &self.stray_entries {
            coverage.push(Block::note(
                Tone::Warning,
                format!("{}: {}", s.path, s.message),
            ));
        }
        doc = doc.section(coverage);
        let notes: Vec<String> = self
            .tasks
            .iter()
            .flat_map(|t| {
                t.problems
                    .iter()
                    .filter(|p| p.severity == Severity::Note)
                    .map(move |p| format!("{}: {} ({})", t.task_id, p.message, p.code))
            })
            .collect();
        if !notes.is_empty() {
            doc = doc.section(
                Section::new("Notes (accepted as they are)")
                    .with_id("notes")
                    .block(Block::List { items: notes }),
            );
        }
        let mut table = Table::with_columns(&[
            ("Task", Align::Left),
            ("Status", Align::Left),
            ("File", Align::Left),
            ("Rows", Align::Right),
            ("Columns", Align::Right),
        ]);
        for t in &self.tasks {
            let status = match (t.status, t.error_code) {
                (TaskStatus::Ready, _) => Cell::text("ready").marked(Mark::Good),
                (TaskStatus::NotScored, _) => Cell::text("not scored").marked(Mark::Missing),
                (TaskStatus::Fails, code) => {
                    Cell::text(code.map_or("fails", TaskErrorCode::code)).marked(Mark::Bad)
                }
            };
            let count = |n: Option<usize>| n.map_or(String::new(), |n| n.to_string());
            table.push_row(vec![
                Cell::text(&t.task_id),
                status,
                Cell::text(t.file.clone().unwrap_or_default()),
                Cell::text(count(t.rows)),
                Cell::text(count(t.columns)),
            ]);
        }
        doc.section(
            Section::new("Every task")
                .with_id("tasks")
                .block(Block::Table(table)),
        )
    }
}

impl serde::Serialize for PredictionsReport {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut out = s.serialize_struct("PredictionsReport", 12)?;
        out.serialize_field("expected_tasks_from", &self.expected_from)?;
        out.serialize_field("config_set_sha256", &self.config_set_sha256)?;
        out.serialize_field("task_count", &self.task_count())?;
        out.serialize_field("ready_task_count", &self.ready_count())?;
        out.serialize_field(
            "failing_task_count",
            &(self.task_count() - self.ready_count()),
        )?;
        out.serialize_field("missing_tasks", &self.missing_tasks())?;
        out.serialize_field("unexpected_tasks", &self.unexpected_tasks())?;
        out.serialize_field("stray_entries", &self.stray_entries)?;
        out.serialize_field("all_ready", &self.all_ready())?;
        out.serialize_field("wrong_folder", &self.wrong_folder())?;
        out.serialize_field("tasks", &self.tasks)?;
        out.end()
    }
}

/// The JSON shape of [`PredictionsReport`] (its TypeScript declaration: `make types`).
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[allow(dead_code)]
pub(crate) struct PredictionsReportJson {
    expected_tasks_from: ExpectedFrom,
    config_set_sha256: Option<String>,
    task_count: usize,
    ready_task_count: usize,
    failing_task_count: usize,
    missing_tasks: Vec<String>,
    unexpected_tasks: Vec<String>,
    stray_entries: Vec<StrayEntry>,
    /// Whether every expected task is ready; never with no task (the wrong folder).
    all_ready: bool,
    /// Why the folder is not a predictions folder (no task found or expected), or null.
    wrong_folder: Option<String>,
    tasks: Vec<FolderTask>,
}

/// A skeleton submission: for each config, `task_N/prediction.csv` holding the header row of
/// its gold column names (in the config's order, quoted as Python's `csv.writer` quotes, one
/// line end), for a
/// participant to fill in. Config problems are fatal, as when scoring.
///
/// ```
/// use tabeq::suite::ConfigFile;
/// let file = ConfigFile { name: "task_7.json".into(), bytes: br#"{"schema_version":"1.0","task_id":"task_7","order_sensitive":false,
///   "columns":[{"gold_index":0,"gold_name":"region","type":"text"},{"gold_index":1,"gold_name":"gdp, bn","type":"text"}]}"#.to_vec() };
/// let files = tabeq::predictions_folder::skeleton(&[file]).unwrap();
/// assert_eq!(files, [("task_7/prediction.csv".to_string(), "region,\"gdp, bn\"\n".to_string())]);
/// ```
pub fn skeleton(configs: &[ConfigFile]) -> Result<Vec<(String, String)>, FatalError> {
    let plan = plan_suite(configs)?;
    Ok(plan
        .configs
        .iter()
        .map(|c| {
            let mut columns: Vec<&crate::config::ColumnSpec> = c.columns.iter().collect();
            columns.sort_by_key(|col| col.gold_index);
            let names: Vec<String> = columns
                .iter()
                .map(|col| csv_field(&col.gold_name, columns.len()))
                .collect();
            (
                format!("{}/{PREDICTION_FILE}", c.task_id),
                format!("{}\n", names.join(",")),
            )
        })
        .collect())
}

/// A field as `csv.writer` writes it (minimal quoting, `"` doubled); a lone empty field is `""`.
fn csv_field(text: &str, fields: usize) -> String {
    if text.contains([',', '"', '\r', '\n']) || (fields == 1 && text.is_empty()) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(id: &str) -> ConfigFile {
        ConfigFile {
            name: format!("{id}.json"),
            bytes: format!(r#"{{"schema_version":"1.0","task_id":"{id}","order_sensitive":false,"columns":[{{"gold_index":0,"gold_name":"n","type":"number","comparison":{{"mode":"integer"}}}}]}}"#).into_bytes(),
        }
    }

    fn run(
        listing: &[&str],
        configs: Option<&[ConfigFile]>,
        expected: Option<&[String]>,
        files: &[(&str, &[u8])],
    ) -> PredictionsReport {
        let mut check = PredictionsCheck::new(listing, configs, expected).unwrap();
        for (task, path) in check.reads() {
            let bytes = files.iter().find(|(p, _)| *p == path).map(|(_, b)| *b);
            let source = bytes.map_or(Prediction::Missing, Prediction::Csv);
            check.check(&task, source).unwrap();
        }
        check.report().unwrap()
    }

    #[test]
    fn the_wrong_folder_is_never_ready() {
        // The folder above predictions/: no task folder, a predictions/ inside.
        let above = run(
            &[
                "predictions/",
                "predictions/task_1/",
                "predictions/task_1/prediction.csv",
                "gold/",
                "configs/",
            ],
            None,
            None,
            &[],
        );
        assert_eq!(above.task_count(), 0);
        assert!(!above.all_ready());
        let message = above.wrong_folder().unwrap();
        assert!(message.contains("task_N/prediction.csv"), "{message}");
        assert!(message.contains("choose predictions/ itself"), "{message}");
        assert!(above.to_json().contains("\"all_ready\": false"));
        // A folder with nothing of a submission, and an empty one.
        for listing in [&["notes.txt", "data/"][..], &[][..]] {
            let r = run(listing, None, None, &[]);
            assert!(!r.all_ready());
            assert!(r
                .wrong_folder()
                .unwrap()
                .contains("not a predictions folder"));
        }
        // With an expected list the folder above predictions/ is still named as the wrong one.
        let ids = vec!["task_1".to_string()];
        let listed = run(
            &["predictions/", "predictions/task_1/"],
            None,
            Some(&ids),
            &[],
        );
        assert!(!listed.all_ready());
        assert!(listed
            .wrong_folder()
            .unwrap()
            .contains("choose predictions/"));
        // A right folder is not the wrong one.
        let right = run(
            &["task_1/", "task_1/prediction.csv"],
            None,
            None,
            &[("task_1/prediction.csv", b"a\n1\n")],
        );
        assert!(right.all_ready());
        assert_eq!(right.wrong_folder(), None);
    }

    #[test]
    fn header_only_and_json_saved_as_csv_are_not_ready() {
        let r = run(
            &[
                "task_1/prediction.csv",
                "task_2/prediction.csv",
                "task_3/prediction.csv",
                "task_4/prediction.csv",
            ],
            None,
            None,
            &[
                ("task_1/prediction.csv", b"a,b\n"),
                ("task_2/prediction.csv", b"[{\"a\": 1, \"b\": 2}]\n"),
                (
                    "task_3/prediction.csv",
                    b"<html><table><tr><td>1</td></tr></table></html>",
                ),
                ("task_4/prediction.csv", b"a,b\n1,2\n"),
            ],
        );
        assert_eq!((r.task_count(), r.ready_count()), (4, 1));
        let first = |i: usize| r.tasks[i].problems[0].clone();
        assert_eq!(first(0).code, "header_only");
        assert_eq!(first(0).position.map(|p| (p.line, p.column)), Some((2, 1)));
        assert_eq!(first(1).code, "not_csv_text");
        assert!(first(1).message.contains("JSON"), "{}", first(1).message);
        assert!(first(2).message.contains("HTML"));
        assert_eq!(r.tasks[0].status, TaskStatus::Fails);
        assert!(first(0).what_to_do.is_some());
        // Only the header-only file can still pass (against an empty gold): the verdicts say so.
        let summary = r.to_document().to_text();
        assert!(
            summary.contains(
                "3 will fail (1 of them header-only, which pass only against an empty gold)"
            ),
            "{summary}"
        );
        assert!(r.tasks[0]
            .to_document()
            .to_text()
            .contains("Fails unless the gold is empty too"));
        assert!(r.tasks[1]
            .to_document()
            .to_text()
            .contains("Fails whatever the gold"));
    }

    #[test]
    fn complete_against_the_input_folder() {
        let input = [
            "task_1/",
            "task_1/task.json",
            "task_2/task.json",
            "task_3/task.json",
            "task_4/task.json",
            "task_4/data.csv",
        ];
        let ids = input_task_ids(&input);
        assert_eq!(ids, ["task_1", "task_2", "task_3", "task_4"]);
        // Two tasks missing (task_2 empty, task_3 absent), one folder not of the benchmark.
        let r = run(
            &[
                "task_1/prediction.csv",
                "task_2/",
                "task_4/prediction.csv",
                "task_9/prediction.csv",
            ],
            None,
            Some(&ids),
            &[
                ("task_1/prediction.csv", b"a\n1\n"),
                ("task_4/prediction.csv", b"a\n1\n"),
                ("task_9/prediction.csv", b"a\n1\n"),
            ],
        );
        assert_eq!(r.missing_tasks(), ["task_2", "task_3"]);
        assert_eq!(r.unexpected_tasks(), ["task_9"]);
        assert_eq!((r.task_count(), r.ready_count()), (4, 2));
        assert!(!r.all_ready());
        assert_eq!(r.wrong_folder(), None);
    }

    #[test]
    fn a_bare_folder_without_an_expected_list() {
        let r = run(
            &[
                "task_1/",
                "task_1/prediction.csv",
                "task_10/",
                "task_10/prediction.csv",
                "task_2/",
                "README.md",
            ],
            None,
            None,
            &[
                ("task_1/prediction.csv", b"a\n1\n"),
                ("task_10/prediction.csv", b"\xef\xbb\xbfa,a\n1,2\n"),
            ],
        );
        let ids: Vec<&str> = r.tasks.iter().map(|t| t.task_id.as_str()).collect();
        assert_eq!(ids, ["task_1", "task_2", "task_10"]);
        assert_eq!((r.task_count(), r.ready_count()), (3, 2));
        assert_eq!(r.missing_tasks(), ["task_2"]);
        let notes: Vec<&str> = r.tasks[2].problems.iter().map(|p| p.code).collect();
        assert_eq!(notes, ["byte_order_mark", "repeated_headers"]);
        assert_eq!(r.stray_entries[0].path, "README.md");
        assert_eq!(r.expected_from, ExpectedFrom::PredictionFolder);
    }

    #[test]
    fn near_miss_names_are_named_and_the_task_is_missing_for_the_official_evaluator() {
        let expected: Vec<String> = ["task_1", "task_2", "task_3", "task_4"]
            .map(String::from)
            .to_vec();
        let r = run(
            &[
                "task_1/",
                "task_1/Prediction.csv",
                "Task_2/",
                "Task_2/prediction.csv",
                "task_3.csv",
                "task_4/",
                "task_4/prediction.CSV",
                "task_9/",
                "task_9/prediction.csv",
            ],
            None,
            Some(&expected),
            &[
                ("task_1/Prediction.csv", b"a\n1\n"),
                ("Task_2/prediction.csv", b"a\n1\n"),
                ("task_3.csv", b"a\n1\n"),
                ("task_4/prediction.CSV", b"a\n1\n"),
                ("task_9/prediction.csv", b"a\n1\n"),
            ],
        );
        assert_eq!(r.missing_tasks(), ["task_1", "task_2", "task_3", "task_4"]);
        assert_eq!(r.unexpected_tasks(), ["task_9"]);
        let first = |i: usize| {
            (
                r.tasks[i].problems[0].code,
                r.tasks[i].problems[0].message.clone(),
            )
        };
        assert_eq!(first(0).0, "prediction_misnamed");
        assert!(
            first(0).1.contains("found task_1/Prediction.csv"),
            "{}",
            first(0).1
        );
        assert_eq!(first(1).0, "task_folder_misnamed");
        assert_eq!(first(2).0, "prediction_misnamed");
        assert!(first(3).1.contains("task_4/prediction.CSV"));
        assert_eq!(r.tasks[4].status, TaskStatus::NotScored);
        assert!(r
            .to_json()
            .contains("\"expected_tasks_from\": \"task_list\""));
    }

    #[test]
    fn csv_problems_have_positions_and_latin1_a_hint() {
        let r = run(
            &[
                "task_1/",
                "task_1/prediction.csv",
                "task_2/",
                "task_2/prediction.csv",
            ],
            None,
            None,
            &[
                ("task_1/prediction.csv", b"a,b\n1,2\n3\n"),
                ("task_2/prediction.csv", b"city\nZ\xfcrich\n"),
            ],
        );
        let p = &r.tasks[0].problems[0];
        assert_eq!(
            (p.code, p.position.map(|p| (p.line, p.column))),
            ("csv_non_rectangular", Some((3, 2)))
        );
        assert!(
            p.message.starts_with("line 3, column 2 (byte 9): "),
            "{}",
            p.message
        );
        assert!(p
            .what_to_do
            .unwrap()
            .contains("as many cells as the header"));
        let hint = &r.tasks[1].problems[1];
        assert_eq!(hint.code, "encoding_latin1");
        assert!(
            hint.message
                .contains("line 2, column 2 (byte 6) (\"Zürich\")"),
            "{}",
            hint.message
        );
    }

    #[test]
    fn with_configs_the_rules_are_checked_and_config_tasks_are_expected() {
        let configs = [config("task_1"), config("task_2")];
        let r = run(
            &[
                "task_1/",
                "task_1/prediction.csv",
                "task_3/",
                "task_3/prediction.csv",
            ],
            Some(&configs),
            None,
            &[
                ("task_1/prediction.csv", b"n\n1.5\n"),
                ("task_3/prediction.csv", b"n\n1\n"),
            ],
        );
        assert_eq!(
            r.tasks[0].error_code,
            Some(TaskErrorCode::TypeNormalizationFailed)
        );
        assert!(r.tasks[0].validation.is_some());
        assert_eq!(r.missing_tasks(), ["task_2"]);
        assert_eq!(r.unexpected_tasks(), ["task_3"]);
        assert_eq!(r.config_set_sha256.as_ref().map(String::len), Some(64));
        assert!(!r.all_ready());
    }

    #[test]
    fn a_parent_folder_is_named() {
        let r = run(
            &[
                "predictions/",
                "predictions/task_1/",
                "predictions/task_1/prediction.csv",
            ],
            None,
            None,
            &[],
        );
        assert_eq!(r.task_count(), 0);
        assert!(
            r.stray_entries[0]
                .message
                .contains("choose predictions/ itself"),
            "{:?}",
            r.stray_entries
        );
    }
}
