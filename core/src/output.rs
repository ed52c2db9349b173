//! What a binding shows beyond the core's reports: a diagnosis as a binding holds it (computed
//! here, or read back from its JSON), and the command line's output shapes (`tabeq evaluate`'s
//! summary with diagnoses and its console summary, `tabeq check`'s fatal report). Each shape's
//! keys are spelled here once; the bindings only write the text where it goes.
//!
//! ```
//! use tabeq::output::HeldDiagnosis;
//! use tabeq::explain::{explain_task, ExplainOptions};
//! use tabeq::{Prediction, TaskConfig};
//! let config = TaskConfig::from_json(br#"{"schema_version": "1.0", "task_id": "task_1",
//!   "order_sensitive": false, "columns": [{"gold_index": 0, "gold_name": "n", "type": "text"}]}"#, None)?;
//! let d = explain_task(Prediction::Csv(b"n,m\nx,1\n"), b"n\nx\n", &config, &ExplainOptions::default())?;
//! let held = HeldDiagnosis::from(d);
//! assert_eq!(held.repr(), "<Diagnosis task_1 failed column_count_mismatch hints=['extra_columns']>");
//! // Read back from its JSON, it keeps its facts and renders its official record only.
//! let saved = HeldDiagnosis::from_json(&held.to_json()).unwrap();
//! assert_eq!((saved.repr(), saved.summary()), (held.repr(), held.summary()));
//! assert!(saved.computed().is_none());
//! assert_eq!(saved.document(None).title, "task_1: failed (column_count_mismatch)");
//! # Ok::<(), tabeq::FatalError>(())
//! ```

use crate::config::FatalCode;
use crate::cpython_json::{parse, to_tree, Value};
use crate::doc::Document;
use crate::explain::Diagnosis;
use crate::suite::SuiteSummary;
use crate::TaskResult;

/// Where a held diagnosis comes from.
#[derive(Debug, Clone, PartialEq)]
enum Source {
    /// Computed in this process: every section renders.
    Computed(Box<Diagnosis>),
    /// Read back from its JSON text: its facts are the tree's, and only its record renders.
    Read { text: String, tree: Value },
}

/// A diagnosis as a binding holds it (Python's `tabeq.explain.Diagnosis`): computed here, or
/// read back from the JSON that [`HeldDiagnosis::to_json`] wrote.
#[derive(Debug, Clone, PartialEq)]
pub struct HeldDiagnosis {
    record: TaskResult,
    source: Source,
}

impl From<Diagnosis> for HeldDiagnosis {
    fn from(diagnosis: Diagnosis) -> Self {
        let record = diagnosis.result.clone();
        let source = Source::Computed(Box::new(diagnosis));
        HeldDiagnosis { record, source }
    }
}

fn text_of<'a>(tree: &'a Value, key: &str) -> &'a str {
    match tree.get(key) {
        Some(Value::Str(s)) => s,
        _ => "",
    }
}

impl HeldDiagnosis {
    /// A diagnosis from its JSON text: an object with a `diagnosis_version` and an official
    /// `result` record (the error says what is wrong otherwise).
    pub fn from_json(text: &str) -> Result<Self, String> {
        let tree = parse(text).map_err(|e| format!("not a tabeq diagnosis: {e}"))?;
        let record = match (tree.get("diagnosis_version"), tree.get("result")) {
            (Some(_), Some(result)) => TaskResult::from_record(result)
                .map_err(|e| format!("not a tabeq diagnosis: its result: {e}"))?,
            _ => return Err("not a tabeq diagnosis".into()),
        };
        let text = text.to_string();
        let source = Source::Read { text, tree };
        Ok(HeldDiagnosis { record, source })
    }

    /// The official record, exactly as `evaluate` reports it (its verdict is the diagnosis's).
    pub fn record(&self) -> &TaskResult {
        &self.record
    }

    /// The diagnosis computed here (`None` when read back from JSON).
    pub fn computed(&self) -> Option<&Diagnosis> {
        match &self.source {
            Source::Computed(d) => Some(d),
            Source::Read { .. } => None,
        }
    }

    /// The whole diagnosis as JSON text ([`Diagnosis::to_json`], or the text it was read from).
    pub fn to_json(&self) -> String {
        match &self.source {
            Source::Computed(d) => d.to_json(),
            Source::Read { text, .. } => text.clone(),
        }
    }

    /// The whole diagnosis as the value its JSON text holds ([`HeldDiagnosis::to_json`] read
    /// back): what a binding turns into its own data without writing text.
    pub fn to_value(&self) -> Value {
        match &self.source {
            Source::Computed(d) => Value::from(&to_tree(d.as_ref())),
            Source::Read { tree, .. } => tree.clone(),
        }
    }

    /// The one-paragraph summary for people.
    pub fn summary(&self) -> &str {
        match &self.source {
            Source::Computed(d) => &d.summary,
            Source::Read { tree, .. } => text_of(tree, "summary"),
        }
    }

    /// The hints' names, in the order reported.
    pub fn hint_names(&self) -> Vec<&str> {
        match &self.source {
            Source::Computed(d) => d.hints.iter().map(|h| h.kind.code()).collect(),
            Source::Read { tree, .. } => match tree.get("hints") {
                Some(Value::Array(hints)) => hints.iter().map(|h| text_of(h, "name")).collect(),
                _ => Vec::new(),
            },
        }
    }

    /// The one-line form (a binding's `repr`): the task, the verdict and the hints' names.
    pub fn repr(&self) -> String {
        let task_id = &self.record.task_id;
        if self.record.passed {
            return format!("<Diagnosis {task_id} passed>");
        }
        let code = self.record.error_code.map_or("None", |c| c.code());
        let names = self.hint_names();
        let head = format!("<Diagnosis {task_id} failed {code}");
        if names.is_empty() {
            return format!("{head}>");
        }
        let quoted: Vec<String> = names.iter().map(|n| format!("'{n}'")).collect();
        crate::doc::fit_line(&format!("{head} hints=["), &quoted.join(", "), "]>")
    }

    /// The document for people: the whole diagnosis when computed here (with `scored`, the
    /// verdict the task was scored with, see [`Diagnosis::document_rescored`]), else its record's.
    pub fn document(&self, scored: Option<(bool, Option<&str>)>) -> Document {
        match (&self.source, scored) {
            (Source::Computed(d), Some((passed, code))) => d.document_rescored(passed, code),
            (Source::Computed(d), None) => d.document(),
            (Source::Read { .. }, _) => self.record.document(),
        }
    }
}

/// Its JSON: the diagnosis's, or the tree it was read from.
impl serde::Serialize for HeldDiagnosis {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match &self.source {
            Source::Computed(d) => d.serialize(s),
            Source::Read { tree, .. } => Tree(tree).serialize(s),
        }
    }
}

/// A parsed JSON value written back as it was read (an integer beyond `i64`, which no
/// diagnosis holds, is written as a float).
struct Tree<'a>(&'a Value);

impl serde::Serialize for Tree<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Value::Null => s.serialize_unit(),
            Value::Bool(b) => s.serialize_bool(*b),
            Value::Int(i) => s.serialize_i64(*i),
            Value::BigInt(digits) => s.serialize_f64(digits.parse().unwrap_or(f64::NAN)),
            Value::Float(f) => s.serialize_f64(*f),
            Value::Str(text) => s.serialize_str(text),
            Value::Array(items) => s.collect_seq(items.iter().map(Tree)),
            Value::Object(members) => s.collect_map(members.iter().map(|(k, v)| (k, Tree(v)))),
        }
    }
}

/// A task record of a summary file, with a `diagnosis` after its official keys when it has one.
#[derive(serde::Serialize)]
struct ExplainedTask<'a, D: serde::Serialize> {
    #[serde(flatten)]
    record: &'a TaskResult,
    #[serde(skip_serializing_if = "Option::is_none")]
    diagnosis: Option<&'a D>,
}

/// `tabeq evaluate --explain`'s summary file: the official summary, with a `diagnosis` (tabeq's,
/// beyond the official schema) after the record of each task that has one in `diagnoses` (one
/// entry per task, in task order; the command gives the failed tasks theirs): a [`Diagnosis`] or
/// a [`HeldDiagnosis`]. Indent 2, trailing newline, like the summary file.
///
/// ```
/// use tabeq::output::summary_with_diagnoses;
/// use tabeq::suite::{plan_suite, ConfigFile, SuiteSummary};
/// use tabeq::{evaluate_task, Diagnosis, Prediction};
/// let bytes = br#"{"schema_version":"1.0","task_id":"task_1","order_sensitive":false,"columns":[{"gold_index":0,"gold_name":"a","type":"text"}]}"#;
/// let plan = plan_suite(&[ConfigFile { name: "task_1.json".into(), bytes: bytes.to_vec() }]).unwrap();
/// let result = evaluate_task(Prediction::Csv(b"a\nx\n"), b"a\nx\n", &plan.configs[0]).unwrap();
/// let summary = SuiteSummary::new(&plan, vec![result], vec![]);
/// // Without diagnoses, the text is the official summary file's.
/// assert_eq!(summary_with_diagnoses::<Diagnosis>(&summary, &[None]), summary.to_json());
/// ```
pub fn summary_with_diagnoses<D: serde::Serialize>(
    summary: &SuiteSummary,
    diagnoses: &[Option<&D>],
) -> String {
    let tasks = summary.tasks.iter().enumerate();
    let tasks: Vec<ExplainedTask<'_, D>> = tasks
        .map(|(i, record)| ExplainedTask {
            record,
            diagnosis: diagnoses.get(i).copied().flatten(),
        })
        .collect();
    let explained = crate::suite::SummaryWithTasks(summary, tasks);
    let mut text = to_tree(&explained).to_pretty();
    text.push('\n');
    text
}

/// `tabeq evaluate`'s console output, as the official evaluator prints it: the summary without
/// its `tasks`, then where the summary was saved.
///
/// ```
/// use tabeq::output::console_summary;
/// use tabeq::suite::{plan_suite, ConfigFile, SuiteSummary};
/// let bytes = br#"{"schema_version":"1.0","task_id":"task_1","order_sensitive":false,"columns":[{"gold_index":0,"gold_name":"a","type":"text"}]}"#;
/// let plan = plan_suite(&[ConfigFile { name: "task_1.json".into(), bytes: bytes.to_vec() }]).unwrap();
/// let text = console_summary(&SuiteSummary::new(&plan, vec![], vec![]), "out/summary.json");
/// assert!(text.starts_with("{\n  \"evaluator\": \"tabeq\",\n"));
/// assert!(text.ends_with("\"unscored_prediction_tasks\": []\n}\nSaved summary to: out/summary.json\n"));
/// ```
pub fn console_summary(summary: &SuiteSummary, output_path: &str) -> String {
    let totals = to_tree(&summary.totals()).to_pretty();
    format!("{totals}\nSaved summary to: {output_path}\n")
}

/// A fatal error as `tabeq check` reports it: `{"fatal": true, "stage", "code", "error"}` for
/// machines, one line for people (stderr).
///
/// ```
/// use tabeq::output::FatalReport;
/// use tabeq::FatalCode;
/// let report = FatalReport::new(FatalCode::GoldMissing, "Missing gold CSV: g.csv");
/// assert_eq!(report.line(), "fatal error (gold): gold_missing: Missing gold CSV: g.csv\n");
/// assert_eq!(report.to_json(), "{\n  \"fatal\": true,\n  \"stage\": \"gold\",\n  \"code\": \"gold_missing\",\n  \"error\": \"Missing gold CSV: g.csv\"\n}\n");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct FatalReport<'a> {
    /// Always true: tells this object from a result.
    fatal: bool,
    /// `config`, `gold` or `suite`.
    stage: &'static str,
    /// The stable code.
    code: &'static str,
    /// The message.
    error: &'a str,
}

impl<'a> FatalReport<'a> {
    /// The report of a fatal error with this code and message.
    pub fn new(code: FatalCode, error: &'a str) -> Self {
        let (stage, code) = (code.stage().as_str(), code.code());
        FatalReport {
            fatal: true,
            stage,
            code,
            error,
        }
    }

    /// The JSON object, indent 2, trailing newline.
    pub fn to_json(&self) -> String {
        let mut text = to_tree(self).to_pretty();
        text.push('\n');
        text
    }

    /// One line for people, with its newline.
    pub fn line(&self) -> String {
        let FatalReport {
            stage, code, error, ..
        } = self;
        format!("fatal error ({stage}): {code}: {error}\n")
    }
}

/// Why a result read back from its record cannot explain itself.
pub const NO_INPUTS_TO_EXPLAIN: &str =
    "this result was built from a record; it has no inputs to explain";

/// A result's rendering (`rendered`, its record's) when its task's files cannot be read again
/// to explain it: `why` is what reading them raised.
///
/// ```
/// use tabeq::output::unexplained;
/// assert_eq!(unexplained("task_1: passed", "gone"),
///            "task_1: passed\n(The task's files cannot be read again to explain it: gone)");
/// ```
pub fn unexplained(rendered: &str, why: &str) -> String {
    format!("{rendered}\n(The task's files cannot be read again to explain it: {why})")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::{explain_task, ExplainOptions};
    use crate::suite::{plan_suite, ConfigFile};
    use crate::{Prediction, TaskConfig};

    const CONFIG: &[u8] = br#"{"schema_version":"1.0","task_id":"task_1","order_sensitive":false,"columns":[{"gold_index":0,"gold_name":"a","type":"text"}]}"#;

    fn diagnosis(prediction: &[u8]) -> Diagnosis {
        let config = TaskConfig::from_json(CONFIG, None).unwrap();
        explain_task(
            Prediction::Csv(prediction),
            b"a\nx\n",
            &config,
            &ExplainOptions::default(),
        )
        .unwrap()
    }

    #[test]
    fn diagnoses_follow_the_records_they_explain() {
        let file = ConfigFile {
            name: "task_1.json".into(),
            bytes: CONFIG.to_vec(),
        };
        let plan = plan_suite(&[file]).unwrap();
        let failed = diagnosis(b"a\ny\n");
        let summary = SuiteSummary::new(&plan, vec![failed.result.clone()], vec![]);
        let text = summary_with_diagnoses(&summary, &[Some(&failed)]);
        let tree = parse(&text).unwrap();
        let Some(Value::Array(tasks)) = tree.get("tasks") else {
            panic!("no tasks in {text}")
        };
        let Value::Object(members) = &tasks[0] else {
            panic!()
        };
        let keys: Vec<&str> = members.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys.last(), Some(&"diagnosis"));
        assert_eq!(keys.len(), 12);
        let expected = to_tree(&failed).to_pretty().replace('\n', "\n      ");
        assert!(text.contains(&format!("\"diagnosis\": {expected}\n    }}\n  ]\n}}\n")));
        // A diagnosis read back from its JSON is written as it was.
        let held = HeldDiagnosis::from(failed.clone());
        let saved = HeldDiagnosis::from_json(&held.to_json()).unwrap();
        assert_eq!(summary_with_diagnoses(&summary, &[Some(&saved)]), text);
        assert_eq!(summary_with_diagnoses(&summary, &[Some(&held)]), text);
        // The summary's own keys come first, in the official order.
        let official = summary.to_json();
        let head = official.split("\"tasks\"").next().unwrap();
        assert!(text.starts_with(head));
    }

    #[test]
    fn a_diagnosis_read_back_keeps_its_facts() {
        let held = HeldDiagnosis::from(diagnosis(b"a\ny\n"));
        let saved = HeldDiagnosis::from_json(&held.to_json()).unwrap();
        assert_eq!(saved.record(), held.record());
        assert_eq!(saved.hint_names(), held.hint_names());
        assert_eq!(saved.repr(), "<Diagnosis task_1 failed relation_mismatch>");
        assert_eq!(saved.to_json(), held.to_json());
        assert!(saved.document(None).find("missing_rows").is_none());
        assert!(held.document(None).find("missing_rows").is_some());
        let passed = HeldDiagnosis::from(diagnosis(b"a\nx\n"));
        assert_eq!(passed.repr(), "<Diagnosis task_1 passed>");
        // Scored otherwise than it reads now: the document says so first.
        let rescored = held.document(Some((true, None)));
        assert_ne!(rescored.lead, held.document(None).lead);
    }

    #[test]
    fn what_is_not_a_diagnosis_is_refused() {
        for text in ["[1, 2]", "{}", "{\"result\": {}}", "nope"] {
            assert!(HeldDiagnosis::from_json(text).is_err(), "{text}");
        }
        let partial = "{\"diagnosis_version\": 1, \"result\": {\"task_id\": \"t\"}}";
        let e = HeldDiagnosis::from_json(partial).unwrap_err();
        assert_eq!(
            e,
            "not a tabeq diagnosis: its result: missing key \"passed\""
        );
    }
}
