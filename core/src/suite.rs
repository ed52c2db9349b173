//! Suites in the official layout, without IO: the caller lists and reads files, this module
//! decides which tasks exist, in which order, and builds the summary.
//!
//! ```
//! use tabeq::suite::{plan_suite, ConfigFile};
//! let files = vec![
//!     ConfigFile { name: "task_10.json".into(), bytes: br#"{"schema_version":"1.0","task_id":"task_10","order_sensitive":false,"columns":[{"gold_index":0,"gold_name":"a","type":"text"}]}"#.to_vec() },
//!     ConfigFile { name: "task_9.json".into(), bytes: br#"{"schema_version":"1.0","task_id":"task_9","order_sensitive":false,"columns":[{"gold_index":0,"gold_name":"a","type":"text"}]}"#.to_vec() },
//!     ConfigFile { name: "notes.json".into(), bytes: b"ignored".to_vec() },
//! ];
//! let plan = plan_suite(&files).unwrap();
//! let ids: Vec<_> = plan.configs.iter().map(|c| c.task_id.as_str()).collect();
//! assert_eq!(ids, ["task_9", "task_10"]);
//! ```

use sha2::{Digest, Sha256};

use crate::config::{is_task_id, task_number, ConfigWarning, TaskConfig, CONFIG_SCHEMA_VERSION};
use crate::config::{FatalDetail, FatalError};
use crate::csv::Limits;
use crate::error::CodedError;
use crate::evaluate::TaskResult;

/// Name written in the summary's `evaluator` field.
pub const EVALUATOR_NAME: &str = "tabeq";

/// Most items a binding takes in one list argument: a suite has at most this many config files
/// or prediction directories.
pub const MAX_SUITE_ITEMS: usize = 1_000_000;

/// A file from the config directory.
///
/// # Examples
///
/// ```
/// use tabeq::{plan_suite, ConfigFile};
/// let file = ConfigFile { name: "task_1.json".into(), bytes: br#"{"schema_version":"1.0","task_id":"task_1","order_sensitive":false,"columns":[{"gold_index":0,"gold_name":"a","type":"text"}]}"#.to_vec() };
/// assert_eq!(plan_suite(&[file])?.configs[0].task_id, "task_1");
/// # Ok::<(), tabeq::FatalError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigFile {
    /// The file name (no directory).
    pub name: String,
    /// Its bytes.
    pub bytes: Vec<u8>,
}

/// The tasks of a suite, in evaluation order.
///
/// # Examples
///
/// ```
/// use tabeq::{plan_suite, ConfigFile};
/// let file = ConfigFile { name: "task_1.json".into(), bytes: br#"{"schema_version":"1.0","task_id":"task_1","order_sensitive":false,"columns":[{"gold_index":0,"gold_name":"a","type":"text"}]}"#.to_vec() };
/// let plan = plan_suite(&[file])?;
/// assert_eq!((plan.configs.len(), plan.config_set_sha256.len()), (1, 64));
/// assert!(plan.config_warnings[0].is_empty());
/// # Ok::<(), tabeq::FatalError>(())
/// ```
#[derive(Debug, Clone)]
pub struct SuitePlan {
    /// Validated configs in natural task order.
    pub configs: Vec<TaskConfig>,
    /// The ignored keys of each config (same order as `configs`); never part of the summary.
    pub config_warnings: Vec<Vec<ConfigWarning>>,
    /// SHA-256 over the config files (name, NUL, bytes, NUL in natural order).
    pub config_set_sha256: String,
}

/// Whether a file name matches the glob `task_*.json`.
pub fn is_config_file_name(name: &str) -> bool {
    name.len() >= "task_.json".len() && name.starts_with("task_") && name.ends_with(".json")
}

/// Select, order, validate and hash the config files of a suite (fatal on any problem).
///
/// # Examples
///
/// ```
/// use tabeq::{plan_suite, ConfigFile};
/// let error = plan_suite(&[ConfigFile { name: "notes.json".into(), bytes: Vec::new() }]).unwrap_err();
/// assert_eq!(error.code.code(), "suite_no_configs");
/// ```
pub fn plan_suite(files: &[ConfigFile]) -> Result<SuitePlan, FatalError> {
    let mut selected: Vec<&ConfigFile> = files
        .iter()
        .filter(|f| is_config_file_name(&f.name))
        .collect();
    if selected.is_empty() {
        return Err(FatalDetail::NoConfigs.into());
    }
    for f in &selected {
        let stem = &f.name[..f.name.len() - 5];
        if !is_task_id(stem) {
            let stem = stem.to_string();
            return Err(FatalDetail::InvalidConfigName { stem }.into());
        }
    }
    // By task number only, as the official evaluator sorts: `task_1`, `task_01` and `task_١`
    // keep the order of the listing they came in (a stable sort), and so does the hash.
    selected.sort_by_cached_key(|f| number_key(&f.name[..f.name.len() - 5]));
    let mut configs = Vec::with_capacity(selected.len());
    let mut config_warnings = Vec::with_capacity(selected.len());
    let mut digest = Sha256::new();
    for f in &selected {
        let stem = &f.name[..f.name.len() - 5];
        let (config, warnings) = TaskConfig::from_json_with_warnings(&f.bytes, Some(stem))
            .map_err(|e| e.loading_config(&f.name))?;
        configs.push(config);
        config_warnings.push(warnings);
        digest.update(f.name.as_bytes());
        digest.update([0u8]);
        digest.update(&f.bytes);
        digest.update([0u8]);
    }
    let mut ids: Vec<&str> = configs.iter().map(|c| c.task_id.as_str()).collect();
    ids.sort_unstable();
    if ids.windows(2).any(|w| w[0] == w[1]) {
        return Err(FatalDetail::DuplicateTaskId.into());
    }
    let config_set_sha256 = digest
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    Ok(SuitePlan {
        configs,
        config_warnings,
        config_set_sha256,
    })
}

/// Prediction directories named `task_<digits>` that have no config, in natural order (equal
/// numbers in the order given: the directory listing's).
pub fn unscored_prediction_tasks(
    prediction_dirs: impl IntoIterator<Item = impl AsRef<str>>,
    plan: &SuitePlan,
) -> Vec<String> {
    let mut seen = std::collections::HashSet::new();
    let mut out: Vec<String> = prediction_dirs
        .into_iter()
        .map(|name| name.as_ref().to_string())
        .filter(|name| is_task_id(name) && !plan.configs.iter().any(|c| c.task_id == *name))
        .filter(|name| seen.insert(name.clone()))
        .collect();
    // Equal numbers keep the listing's order (a stable sort), as in the official evaluator.
    out.sort_by_cached_key(|name| number_key(name));
    out
}

/// The key the official evaluator orders task ids by: their number (digits of any script,
/// leading zeros ignored), compared by length then digits, so no number is too long.
fn number_key(task_id: &str) -> Option<(usize, String)> {
    task_number(task_id).map(|n| (n.len(), n))
}

/// A suite scored task by task (in any order, any task again), so a caller can report
/// progress between tasks and ask for the summary once every task has a result.
///
/// ```
/// use tabeq::suite::{ConfigFile, SuiteRun};
/// use tabeq::{PreparedGold, Prediction};
/// let bytes = br#"{"schema_version":"1.0","task_id":"task_1","order_sensitive":false,"columns":[{"gold_index":0,"gold_name":"a","type":"text"}]}"#;
/// let files = [ConfigFile { name: "task_1.json".into(), bytes: bytes.to_vec() }];
/// let mut run = SuiteRun::new(&files, ["task_1", "task_7"])?;
/// assert_eq!(run.summary().unwrap_err(), "task_1");
/// let gold = PreparedGold::new(b"a\nx\n", run.config("task_1").unwrap())?;
/// run.record(gold.evaluate(Prediction::Csv(b"b\nx\n")));
/// let summary = run.summary().unwrap();
/// assert_eq!((summary.passed_task_count(), summary.unscored_prediction_tasks.clone()), (1, vec!["task_7".to_string()]));
/// # Ok::<(), tabeq::FatalError>(())
/// ```
#[derive(Debug, Clone)]
pub struct SuiteRun {
    tasks: TaskSlots<TaskResult>,
}

/// The tasks of a planned suite, each with a slot for its outcome (a result, a check), filled
/// in any order: what a suite run and a submission check share.
#[derive(Debug, Clone)]
pub(crate) struct TaskSlots<T> {
    pub(crate) plan: SuitePlan,
    /// Prediction directories named like a task that have no config.
    pub(crate) unscored: Vec<String>,
    slots: Vec<Option<T>>,
}

impl<T: Clone> TaskSlots<T> {
    pub(crate) fn new(
        config_files: &[ConfigFile],
        prediction_dirs: impl IntoIterator<Item = impl AsRef<str>>,
    ) -> Result<Self, FatalError> {
        let plan = plan_suite(config_files)?;
        let unscored = unscored_prediction_tasks(prediction_dirs, &plan);
        let slots = vec![None; plan.configs.len()];
        Ok(TaskSlots {
            plan,
            unscored,
            slots,
        })
    }

    pub(crate) fn index(&self, task_id: &str) -> Option<usize> {
        self.plan.configs.iter().position(|c| c.task_id == task_id)
    }

    pub(crate) fn config(&self, task_id: &str) -> Option<&TaskConfig> {
        self.index(task_id).map(|i| &self.plan.configs[i])
    }

    pub(crate) fn task_ids(&self) -> impl Iterator<Item = &str> {
        self.plan.configs.iter().map(|c| c.task_id.as_str())
    }

    /// Fill a task's slot (replacing an earlier outcome); `None` for an unknown task.
    pub(crate) fn fill(&mut self, task_id: &str, outcome: T) -> Option<&mut T> {
        let i = self.index(task_id)?;
        self.slots[i] = Some(outcome);
        self.slots[i].as_mut()
    }

    pub(crate) fn filled_count(&self) -> usize {
        self.slots.iter().filter(|r| r.is_some()).count()
    }

    /// Every outcome in order, or the id of the first task without one.
    pub(crate) fn all(&self) -> Result<Vec<T>, &str> {
        self.slots
            .iter()
            .zip(&self.plan.configs)
            .map(|(slot, config)| slot.clone().ok_or(config.task_id.as_str()))
            .collect()
    }
}

impl SuiteRun {
    /// Plan a suite from its config files and the names of the directories under
    /// `predictions/` (fatal errors as [`plan_suite`]).
    pub fn new(
        config_files: &[ConfigFile],
        prediction_dirs: impl IntoIterator<Item = impl AsRef<str>>,
    ) -> Result<SuiteRun, FatalError> {
        Ok(SuiteRun {
            tasks: TaskSlots::new(config_files, prediction_dirs)?,
        })
    }

    /// The plan: configs in evaluation order and the config-set hash.
    pub fn plan(&self) -> &SuitePlan {
        &self.tasks.plan
    }

    /// Task ids in evaluation order.
    pub fn task_ids(&self) -> impl Iterator<Item = &str> {
        self.tasks.task_ids()
    }

    /// Prediction directories without a config.
    pub fn unscored_prediction_tasks(&self) -> &[String] {
        &self.tasks.unscored
    }

    /// The config of a task of this suite.
    pub fn config(&self, task_id: &str) -> Option<&TaskConfig> {
        self.tasks.config(task_id)
    }

    /// The config of a task, or `unknown_task`.
    pub fn task_config(&self, task_id: &str) -> Result<&TaskConfig, CodedError> {
        self.config(task_id)
            .ok_or_else(|| CodedError::unknown_task(task_id))
    }

    /// Keep a task's result (replacing an earlier one); false when the suite has no such task.
    pub fn record(&mut self, result: TaskResult) -> bool {
        let task_id = result.task_id.clone();
        self.tasks.fill(&task_id, result).is_some()
    }

    /// How many tasks have a result.
    pub fn scored_count(&self) -> usize {
        self.tasks.filled_count()
    }

    /// The summary, or the id of the first task (in evaluation order) without a result.
    pub fn summary(&self) -> Result<SuiteSummary, &str> {
        let tasks = self.tasks.all()?;
        Ok(SuiteSummary::new(
            &self.tasks.plan,
            tasks,
            self.tasks.unscored.clone(),
        ))
    }

    /// The summary, or `suite_incomplete` naming the first task without a result.
    pub fn finished_summary(&self) -> Result<SuiteSummary, CodedError> {
        self.summary().map_err(CodedError::suite_incomplete)
    }
}

/// The summary of a suite run.
///
/// # Examples
///
/// ```
/// use tabeq::{plan_suite, ConfigFile, Prediction, PreparedGold, SuiteSummary};
/// let file = ConfigFile { name: "task_1.json".into(), bytes: br#"{"schema_version":"1.0","task_id":"task_1","order_sensitive":false,"columns":[{"gold_index":0,"gold_name":"a","type":"text"}]}"#.to_vec() };
/// let plan = plan_suite(&[file])?;
/// let result = PreparedGold::new(b"a\nx\n", &plan.configs[0])?.evaluate(Prediction::Missing);
/// let summary = SuiteSummary::new(&plan, vec![result], Vec::new());
/// assert_eq!((summary.passed_task_count(), summary.task_accuracy()), (0, 0.0));
/// assert!(summary.to_json().starts_with("{\n  \"evaluator\": \"tabeq\",\n"));
/// # Ok::<(), tabeq::FatalError>(())
/// ```
#[derive(Debug, Clone)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(as = "SuiteSummaryJson"))]
pub struct SuiteSummary {
    /// Evaluator name.
    pub evaluator: String,
    /// Evaluator version.
    pub evaluator_version: String,
    /// SHA-256 of the config set.
    pub config_set_sha256: String,
    /// Prediction directories without a config.
    pub unscored_prediction_tasks: Vec<String>,
    /// One result per task, in order.
    pub tasks: Vec<TaskResult>,
    /// The limits its CSVs were read within: [`Limits::OFFICIAL`] (the official evaluator's,
    /// and the summary file is the official one), or others, which the file records under
    /// `"limits"` (see [`Self::with_limits`]).
    pub limits: Limits,
}

impl SuiteSummary {
    /// Assemble a summary.
    pub fn new(
        plan: &SuitePlan,
        tasks: Vec<TaskResult>,
        unscored_prediction_tasks: Vec<String>,
    ) -> Self {
        SuiteSummary {
            evaluator: EVALUATOR_NAME.into(),
            evaluator_version: crate::VERSION.into(),
            config_set_sha256: plan.config_set_sha256.clone(),
            unscored_prediction_tasks,
            tasks,
            limits: Limits::OFFICIAL,
        }
    }

    /// The summary of a run whose CSVs were read within `limits`. Limits other than the
    /// official ones are written after `evaluator_version`, so that a reader can tell the
    /// verdicts from the official evaluator's, as their name (`"limits": "lifted"`, one of
    /// [`Limits::NAMES`], read back by [`Self::from_json`]); an official summary has no such
    /// key. Limits without a name (which no binding makes) are written in words, as
    /// [`Limits`]' `Display` shows them, and do not read back.
    ///
    /// ```
    /// use tabeq::csv::Limits;
    /// use tabeq::{plan_suite, ConfigFile, SuiteSummary};
    /// let file = ConfigFile { name: "task_1.json".into(), bytes: br#"{"schema_version":"1.0","task_id":"task_1","order_sensitive":false,"columns":[{"gold_index":0,"gold_name":"a","type":"text"}]}"#.to_vec() };
    /// let plan = plan_suite(&[file])?;
    /// let official = SuiteSummary::new(&plan, vec![], vec![]);
    /// assert!(!official.to_json().contains("\"limits\""));
    /// let lifted = official.clone().with_limits(Limits::LIFTED);
    /// let text = lifted.to_json();
    /// assert!(text.contains("\",\n  \"limits\": \"lifted\",\n  \"config_schema_version\""));
    /// assert!(lifted.document().to_text().contains("lifted"));
    /// assert_eq!(SuiteSummary::from_json(&lifted.to_json())?.limits, Limits::LIFTED);
    /// let small = official.with_limits(Limits { bytes: 10, rows: 2 });
    /// assert!(small.to_json().contains("\"limits\": \"10 bytes, 2 rows\","));
    /// assert!(SuiteSummary::from_json(&small.to_json()).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// Tasks that passed.
    pub fn passed_task_count(&self) -> usize {
        self.tasks.iter().filter(|t| t.passed).count()
    }

    /// passed / total (0.0 for an empty suite).
    pub fn task_accuracy(&self) -> f64 {
        if self.tasks.is_empty() {
            0.0
        } else {
            self.passed_task_count() as f64 / self.tasks.len() as f64
        }
    }

    /// The console summary: the summary file without its `tasks`.
    pub fn totals(&self) -> SuiteTotals<'_> {
        SuiteTotals(self)
    }

    /// The summary file's text: indent 2, non-ASCII kept, trailing newline.
    pub fn to_json(&self) -> String {
        let mut s = crate::cpython_json::to_tree(self).to_pretty();
        s.push('\n');
        s
    }

    /// The summary's keys, in the official order, with `tasks` written as `tasks` gives them
    /// (absent: the console's totals).
    fn serialize_with<S: serde::Serializer, T: serde::Serialize + ?Sized>(
        &self,
        s: S,
        tasks: Option<&T>,
    ) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let passed = self.passed_task_count();
        let mut out = s.serialize_struct("SuiteSummary", 12)?;
        out.serialize_field("evaluator", &self.evaluator)?;
        out.serialize_field("evaluator_version", &self.evaluator_version)?;
        if self.limits != Limits::OFFICIAL {
            // Their name (limits without one, which no binding makes, as their numbers in words).
            out.serialize_field("limits", &self.limits.to_string())?;
        }
        out.serialize_field("config_schema_version", CONFIG_SCHEMA_VERSION)?;
        out.serialize_field("config_set_sha256", &self.config_set_sha256)?;
        out.serialize_field("metric", "task_accuracy")?;
        out.serialize_field("task_count", &self.tasks.len())?;
        out.serialize_field("passed_task_count", &passed)?;
        out.serialize_field("failed_task_count", &(self.tasks.len() - passed))?;
        out.serialize_field("task_accuracy", &self.task_accuracy())?;
        out.serialize_field("unscored_prediction_tasks", &self.unscored_prediction_tasks)?;
        if let Some(tasks) = tasks {
            out.serialize_field("tasks", tasks)?;
        }
        out.end()
    }
}

/// The summary file's keys, in the official order (and `limits` when they are not official).
impl serde::Serialize for SuiteSummary {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.serialize_with(s, Some(&self.tasks))
    }
}

/// The JSON shape of [`SuiteSummary`] (its TypeScript declaration: `make types`).
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[allow(dead_code)]
pub(crate) struct SuiteSummaryJson {
    evaluator: String,
    evaluator_version: String,
    /// Absent when the limits are the official ones.
    #[ts(optional, type = "\"lifted\"")]
    limits: Option<String>,
    config_schema_version: String,
    config_set_sha256: String,
    #[ts(type = "\"task_accuracy\"")]
    metric: String,
    task_count: usize,
    passed_task_count: usize,
    failed_task_count: usize,
    task_accuracy: f64,
    unscored_prediction_tasks: Vec<String>,
    tasks: Vec<TaskResult>,
}

impl SuiteSummary {
    /// The summary for people: the totals, then one row per task, failures first.
    ///
    /// ```
    /// use tabeq::suite::{plan_suite, ConfigFile, SuiteSummary};
    /// use tabeq::{evaluate_task, Prediction};
    /// let bytes = br#"{"schema_version":"1.0","task_id":"task_1","order_sensitive":false,"columns":[{"gold_index":0,"gold_name":"a","type":"text"}]}"#;
    /// let plan = plan_suite(&[ConfigFile { name: "task_1.json".into(), bytes: bytes.to_vec() }]).unwrap();
    /// let result = evaluate_task(Prediction::Missing, b"a\nx\n", &plan.configs[0]).unwrap();
    /// let doc = SuiteSummary::new(&plan, vec![result], vec![]).document();
    /// assert_eq!(doc.title, "0/1 tasks passed");
    /// assert!(doc.to_text().contains("missing_prediction"));
    /// assert!(doc.to_text().contains("unscored prediction folders: none"));
    /// ```
    pub fn document(&self) -> crate::doc::Document {
        use crate::doc::{Align, Block, Cell, Document, Mark, Section, Table};
        let mut facts = vec![
            (
                "task_accuracy".to_string(),
                format!("{:.4}", self.task_accuracy()),
            ),
            (
                "config_set_sha256".to_string(),
                self.config_set_sha256.clone(),
            ),
        ];
        let unscored = match self.unscored_prediction_tasks.as_slice() {
            [] => "none".to_string(),
            folders => folders.join(", "),
        };
        facts.push(("unscored prediction folders".into(), unscored));
        facts.push((
            "evaluator".into(),
            format!("{} {}", self.evaluator, self.evaluator_version),
        ));
        if self.limits != Limits::OFFICIAL {
            let limits = format!("{} (not the official evaluator's)", self.limits);
            facts.push(("limits".into(), limits));
        }
        let mut table = Table::with_columns(&[
            ("task", Align::Left),
            ("verdict", Align::Left),
            ("error", Align::Left),
            ("rows (prediction/gold)", Align::Right),
            ("columns (prediction/gold)", Align::Right),
            ("mapping", Align::Left),
        ]);
        let failures = self.tasks.iter().filter(|t| !t.passed);
        for t in failures.chain(self.tasks.iter().filter(|t| t.passed)) {
            table.push_row(vec![
                Cell::text(t.task_id.clone()),
                Cell::verdict(t.passed, "passed", "failed", Mark::Bad),
                Cell::text(t.error_code.map_or("", |c| c.code())),
                Cell::text(format!("{}/{}", t.prediction_row_count, t.gold_row_count)),
                Cell::text(format!(
                    "{}/{}",
                    t.prediction_column_count, t.gold_column_count
                )),
                Cell::text(t.column_mapping.as_ref().map_or(String::new(), |m| {
                    let shown: Vec<String> = m.iter().map(usize::to_string).collect();
                    format!("[{}]", shown.join(", "))
                })),
            ]);
        }
        Document::new(format!(
            "{}/{} tasks passed",
            self.passed_task_count(),
            self.tasks.len()
        ))
        .lead(Block::Facts { items: facts })
        .section(
            Section::new("Tasks")
                .with_id("tasks")
                .block(Block::Table(table)),
        )
    }
}

/// A suite summary without its `tasks` (what the official evaluator prints).
#[derive(Debug, Clone, Copy)]
pub struct SuiteTotals<'a>(&'a SuiteSummary);

impl serde::Serialize for SuiteTotals<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize_with::<S, [TaskResult]>(s, None)
    }
}

/// A suite summary whose `tasks` are what `.1` serializes to, one entry per task in task order
/// (`tabeq evaluate --explain` writes each record with its diagnosis).
#[derive(Debug, Clone, Copy)]
pub struct SummaryWithTasks<'a, T>(pub &'a SuiteSummary, pub T);

impl<T: serde::Serialize> serde::Serialize for SummaryWithTasks<'_, T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize_with(s, Some(&self.1))
    }
}
