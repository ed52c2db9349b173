//! The gold-less check of a whole submission: what a participant holds before uploading
//! (`configs/` and `predictions/`, no gold) checked task by task with [`validate_prediction`],
//! plus the tasks that have no prediction and the prediction folders that have no config.
//!
//! It plans the suite as scoring does ([`plan_suite`](crate::plan_suite): the same config
//! selection, order, hash and fatal errors), so a submission that passes the check is scored
//! over the same tasks.
//! The caller reads the files (no IO here) and hands each task's prediction to
//! [`SubmissionCheck::check_task`], which lets a page show progress and stop between tasks.
//!
//! ```
//! use tabeq::evaluate::Prediction;
//! use tabeq::submission::SubmissionCheck;
//! use tabeq::suite::ConfigFile;
//! let config = |id: &str| ConfigFile { name: format!("{id}.json"), bytes: format!(
//!     r#"{{"schema_version":"1.0","task_id":"{id}","order_sensitive":false,
//!         "columns":[{{"gold_index":0,"gold_name":"n","type":"number","comparison":{{"mode":"integer"}}}}]}}"#).into_bytes() };
//! let mut check = SubmissionCheck::new(&[config("task_1"), config("task_2")], ["task_1", "task_9"]).unwrap();
//! check.check_task("task_1", Prediction::Csv(b"n\n3\n")).unwrap();
//! check.check_task("task_2", Prediction::Missing).unwrap();
//! let report = check.report().unwrap();
//! assert_eq!(report.ready_count(), 1);
//! assert_eq!(report.missing_tasks(), ["task_2"]);
//! assert_eq!(report.extra_tasks, ["task_9"]);
//! assert!(report.to_document().to_text().contains("1 of 2 tasks are ready"));
//! ```

use crate::config::FatalError;
use crate::config::TaskConfig;
use crate::cpython_json::Out;
use crate::csv::CsvErrorKind;
use crate::doc::{Align, Block, Cell, Column, Document, Mark, Section, Table, Tone};
use crate::error::CodedError;
use crate::evaluate::Prediction;
use crate::evaluate::TaskErrorCode;
use crate::gold_free_check::{validate_prediction, ValidationReport};
use crate::suite::{ConfigFile, TaskSlots};

/// A file that is not UTF-8 text, recognized by its first bytes, so a message can say what it
/// is and what to do instead of "invalid UTF-8 at byte 0".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(rename = "ForeignFileKind", rename_all = "lowercase")
)]
pub enum ForeignFile {
    /// Text in UTF-16, little-endian (byte order mark FF FE), as some spreadsheet exports write.
    Utf16Le,
    /// Text in UTF-16, big-endian (byte order mark FE FF).
    Utf16Be,
    /// A PNG image.
    Png,
    /// A JPEG image.
    Jpeg,
    /// A GIF image.
    Gif,
    /// A PDF document.
    Pdf,
    /// A ZIP archive (also `.xlsx`, `.docx`, `.odt`).
    Zip,
    /// A gzip-compressed file.
    Gzip,
    /// An Excel 97–2003 workbook (or another OLE compound document).
    #[cfg_attr(feature = "ts", ts(rename = "ole_document"))]
    OleDocument,
}

/// A recognized file as a page shows it: `{kind, advice}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SniffedFile {
    /// The [`ForeignFile::code`].
    #[cfg_attr(feature = "ts", ts(as = "ForeignFile"))]
    pub kind: &'static str,
    /// The [`ForeignFile::advice`].
    pub advice: &'static str,
}

impl ForeignFile {
    /// The code and advice together.
    pub fn sniffed(self) -> SniffedFile {
        SniffedFile {
            kind: self.code(),
            advice: self.advice(),
        }
    }

    /// Recognize a file from its first bytes; `None` for anything else (including UTF-8 text).
    ///
    /// ```
    /// use tabeq::submission::ForeignFile;
    /// assert_eq!(ForeignFile::sniff(b"\xff\xfea\x00,\x00"), Some(ForeignFile::Utf16Le));
    /// assert_eq!(ForeignFile::sniff(b"\x89PNG\r\n\x1a\n...."), Some(ForeignFile::Png));
    /// assert_eq!(ForeignFile::sniff(b"a,b\n1,2\n"), None);
    /// ```
    pub fn sniff(bytes: &[u8]) -> Option<ForeignFile> {
        const SIGNATURES: &[(&[u8], ForeignFile)] = &[
            (b"\xff\xfe", ForeignFile::Utf16Le),
            (b"\xfe\xff", ForeignFile::Utf16Be),
            (b"\x89PNG\r\n\x1a\n", ForeignFile::Png),
            (b"\xff\xd8\xff", ForeignFile::Jpeg),
            (b"GIF87a", ForeignFile::Gif),
            (b"GIF89a", ForeignFile::Gif),
            (b"%PDF-", ForeignFile::Pdf),
            (b"PK\x03\x04", ForeignFile::Zip),
            (b"PK\x05\x06", ForeignFile::Zip),
            (b"\x1f\x8b", ForeignFile::Gzip),
            (
                b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1",
                ForeignFile::OleDocument,
            ),
        ];
        SIGNATURES
            .iter()
            .find(|(signature, _)| bytes.starts_with(signature))
            .map(|&(_, kind)| kind)
    }

    /// A stable snake_case name.
    pub fn code(self) -> &'static str {
        match self {
            ForeignFile::Utf16Le => "utf16le",
            ForeignFile::Utf16Be => "utf16be",
            ForeignFile::Png => "png",
            ForeignFile::Jpeg => "jpeg",
            ForeignFile::Gif => "gif",
            ForeignFile::Pdf => "pdf",
            ForeignFile::Zip => "zip",
            ForeignFile::Gzip => "gzip",
            ForeignFile::OleDocument => "ole_document",
        }
    }

    /// What the file is and what to do, in one sentence for people.
    pub fn advice(self) -> &'static str {
        match self {
            ForeignFile::Utf16Le | ForeignFile::Utf16Be => {
                "This file is UTF-16 text (it starts with a UTF-16 byte order mark); save it as CSV UTF-8 (in a spreadsheet: Save As → CSV UTF-8)."
            }
            ForeignFile::Png | ForeignFile::Jpeg | ForeignFile::Gif => {
                "This file is an image, not a CSV; export the table itself as CSV UTF-8."
            }
            ForeignFile::Pdf => "This file is a PDF document, not a CSV; export the table as CSV UTF-8.",
            ForeignFile::Zip => {
                "This file is a ZIP archive (or an .xlsx/.docx workbook, which are ZIP archives), not a CSV; unpack it, or save the sheet as CSV UTF-8."
            }
            ForeignFile::Gzip => "This file is gzip-compressed; decompress it first (the CSV inside is what is scored).",
            ForeignFile::OleDocument => {
                "This file is an Excel 97–2003 workbook (or another Office document), not a CSV; save the sheet as CSV UTF-8."
            }
        }
    }
}

/// One task of a submission: the validation report and, when the file could not be read as
/// UTF-8, what it appears to be.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(rename = "SubmissionTask", as = "TaskCheckJson")
)]
pub struct TaskCheck {
    /// The gold-less report, exactly as [`validate_prediction`] gives it.
    pub report: ValidationReport,
    /// Set for `csv_invalid_utf8` predictions recognized by [`ForeignFile::sniff`].
    pub foreign_file: Option<ForeignFile>,
}

impl TaskCheck {
    pub(crate) fn of(prediction: Prediction<'_>, config: &TaskConfig) -> TaskCheck {
        let foreign_file = match prediction {
            Prediction::Csv(bytes) => ForeignFile::sniff(bytes),
            _ => None,
        };
        let report = validate_prediction(prediction, config);
        let not_utf8 = report
            .csv_error
            .as_ref()
            .is_some_and(|e| e.kind == CsvErrorKind::InvalidUtf8);
        TaskCheck {
            report,
            foreign_file: foreign_file.filter(|_| not_utf8),
        }
    }

    /// The validation report's JSON tree with `foreign_file` (its code, or null) at the end.
    pub fn to_out(&self) -> Out {
        let mut out = crate::cpython_json::to_tree(&self.report);
        if let Out::Object(members) = &mut out {
            members.push((
                "foreign_file".into(),
                self.foreign_file
                    .map_or(Out::Null, |f| Out::Str(f.code().into())),
            ));
        }
        out
    }
}

/// The JSON shape of [`TaskCheck`]: its report's keys, then `foreign_file` (TypeScript: `make
/// types`). Declared as the intersection it is, so that `ValidationReport`'s members are declared
/// once.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(type = "ValidationReport & { foreign_file: ForeignFileKind | null }")]
#[allow(dead_code)]
pub(crate) struct TaskCheckJson;

/// The JSON shape of [`SubmissionReport`] (its TypeScript declaration: `make types`).
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[allow(dead_code)]
pub(crate) struct SubmissionReportJson {
    config_set_sha256: String,
    task_count: usize,
    /// Tasks where nothing found without the gold fails the task.
    ready_task_count: usize,
    failing_task_count: usize,
    /// Configs without `predictions/<task>/prediction.csv`.
    missing_tasks: Vec<String>,
    /// Prediction folders named like a task that have no config.
    extra_tasks: Vec<String>,
    tasks: Vec<TaskCheck>,
}

/// A submission being checked task by task (see the module docs).
///
/// # Examples
///
/// ```
/// use tabeq::{ConfigFile, Prediction, SubmissionCheck};
/// let file = ConfigFile { name: "task_1.json".into(), bytes: br#"{"schema_version":"1.0","task_id":"task_1","order_sensitive":false,"columns":[{"gold_index":0,"gold_name":"a","type":"text"}]}"#.to_vec() };
/// let mut check = SubmissionCheck::new(&[file], ["task_1"])?;
/// assert!(check.report().is_none());
/// let task = check.check_task("task_1", Prediction::Csv(b"a,b\n1,2\n")).unwrap();
/// assert_eq!(task.report.error_code.map(|c| c.code()), Some("column_count_mismatch"));
/// assert_eq!(check.checked_count(), 1);
/// # Ok::<(), tabeq::FatalError>(())
/// ```
#[derive(Debug, Clone)]
pub struct SubmissionCheck {
    pub(crate) tasks: TaskSlots<TaskCheck>,
}

impl SubmissionCheck {
    /// Plan the check from the files of `configs/` and the folder names under `predictions/`.
    /// Config problems are fatal, as when scoring.
    pub fn new(
        config_files: &[ConfigFile],
        prediction_dirs: impl IntoIterator<Item = impl AsRef<str>>,
    ) -> Result<SubmissionCheck, FatalError> {
        Ok(SubmissionCheck {
            tasks: TaskSlots::new(config_files, prediction_dirs)?,
        })
    }

    /// Task ids in evaluation order.
    pub fn task_ids(&self) -> impl Iterator<Item = &str> {
        self.tasks.task_ids()
    }

    /// The config of a task.
    pub fn config(&self, task_id: &str) -> Option<&TaskConfig> {
        self.tasks.config(task_id)
    }

    /// Check one task's prediction (`Prediction::Missing` when the file is absent); `None` for
    /// a task id the submission does not contain. Checking a task again replaces its result.
    pub fn check_task(
        &mut self,
        task_id: &str,
        prediction: Prediction<'_>,
    ) -> Option<&mut TaskCheck> {
        let check = TaskCheck::of(prediction, self.tasks.config(task_id)?);
        self.tasks.fill(task_id, check)
    }

    /// Tasks checked so far.
    pub fn checked_count(&self) -> usize {
        self.tasks.filled_count()
    }

    /// The report, once every task is checked (`None` before).
    pub fn report(&self) -> Option<SubmissionReport> {
        Some(SubmissionReport {
            config_set_sha256: self.tasks.plan.config_set_sha256.clone(),
            extra_tasks: self.tasks.unscored.clone(),
            tasks: self.tasks.all().ok()?,
        })
    }

    /// The report, or `suite_incomplete` saying how many tasks are checked.
    pub fn finished_report(&self) -> Result<SubmissionReport, CodedError> {
        self.report().ok_or_else(|| {
            CodedError::submission_incomplete(self.checked_count(), self.tasks.plan.configs.len())
        })
    }
}

/// The result of checking a whole submission without gold.
///
/// # Examples
///
/// ```
/// use tabeq::{ConfigFile, Prediction, SubmissionCheck};
/// let file = ConfigFile { name: "task_1.json".into(), bytes: br#"{"schema_version":"1.0","task_id":"task_1","order_sensitive":false,"columns":[{"gold_index":0,"gold_name":"a","type":"text"}]}"#.to_vec() };
/// let mut check = SubmissionCheck::new(&[file], ["task_1", "task_2"])?;
/// check.check_task("task_1", Prediction::Csv(b"a\nx\n"));
/// let report = check.report().unwrap();
/// assert_eq!((report.ready_count(), report.extra_tasks.clone()), (1, vec!["task_2".to_string()]));
/// # Ok::<(), tabeq::FatalError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(as = "SubmissionReportJson"))]
pub struct SubmissionReport {
    /// SHA-256 of the config set (as in the official summary).
    pub config_set_sha256: String,
    /// Prediction folders named like a task that have no config (not scored).
    pub extra_tasks: Vec<String>,
    /// One check per task, in evaluation order.
    pub tasks: Vec<TaskCheck>,
}

impl SubmissionReport {
    /// Tasks where nothing found without the gold fails the task.
    pub fn ready_count(&self) -> usize {
        self.tasks.iter().filter(|t| t.report.ok()).count()
    }

    /// Tasks with a config but no prediction file, in order.
    pub fn missing_tasks(&self) -> Vec<&str> {
        self.tasks
            .iter()
            .filter(|t| t.report.error_code == Some(TaskErrorCode::MissingPrediction))
            .map(|t| t.report.task_id.as_str())
            .collect()
    }

    /// The report as a JSON tree: the counts, then every task's validation report.
    pub fn to_out(&self) -> Out {
        let int = |n: usize| Out::Int(n as i64);
        let strings =
            |items: Vec<&str>| Out::Array(items.into_iter().map(|s| Out::Str(s.into())).collect());
        let tasks = self.tasks.iter().map(TaskCheck::to_out).collect();
        Out::Object(vec![
            (
                "config_set_sha256".into(),
                Out::Str(self.config_set_sha256.clone()),
            ),
            ("task_count".into(), int(self.tasks.len())),
            ("ready_task_count".into(), int(self.ready_count())),
            (
                "failing_task_count".into(),
                int(self.tasks.len() - self.ready_count()),
            ),
            ("missing_tasks".into(), strings(self.missing_tasks())),
            (
                "extra_tasks".into(),
                strings(self.extra_tasks.iter().map(String::as_str).collect()),
            ),
            ("tasks".into(), Out::Array(tasks)),
        ])
    }

    /// The report for people: the verdict, the tasks that will fail and why, missing and extra
    /// tasks, and every task's shape.
    pub fn to_document(&self) -> Document {
        let total = self.tasks.len();
        let ready = self.ready_count();
        let verdict = format!(
            "{ready} of {total} tasks are ready: their predictions read under every column rule of their config. The verdict on values needs the gold."
        );
        let mut doc = Document::new("Submission check").lead(Block::note(
            if ready == total {
                Tone::Info
            } else {
                Tone::Error
            },
            if ready == total {
                verdict
            } else {
                format!("{verdict} {} will fail whatever the gold.", total - ready)
            },
        ));
        doc = doc.lead(Block::Facts {
            items: vec![
                ("tasks".into(), total.to_string()),
                ("ready".into(), ready.to_string()),
                ("will fail".into(), (total - ready).to_string()),
                (
                    "missing predictions".into(),
                    self.missing_tasks().len().to_string(),
                ),
                (
                    "extra prediction folders".into(),
                    self.extra_tasks.len().to_string(),
                ),
                ("config_set_sha256".into(), self.config_set_sha256.clone()),
            ],
        });

        let failing: Vec<&TaskCheck> = self.tasks.iter().filter(|t| !t.report.ok()).collect();
        if !failing.is_empty() {
            let mut table = Table::new(vec![
                Column::new("Task", Align::Left),
                Column::new("Error", Align::Left),
                Column::new("Why", Align::Left),
            ]);
            for t in &failing {
                let r = &t.report;
                let mut why = r.error.clone().unwrap_or_default();
                if let Some(f) = t.foreign_file {
                    why = format!("{why} {}", f.advice());
                }
                table.push_marked_row(
                    vec![
                        Cell::text(&r.task_id),
                        Cell::text(r.error_code.map_or("", TaskErrorCode::code)).marked(Mark::Bad),
                        Cell::text(why),
                    ],
                    Mark::Bad,
                );
            }
            doc = doc.section(
                Section::new("Tasks that will fail")
                    .with_id("failing")
                    .block(Block::Table(table)),
            );
        }

        let missing = self.missing_tasks();
        let mut coverage = Section::new("Missing and extra tasks").with_id("coverage");
        coverage.push(if missing.is_empty() {
            Block::paragraph("Every config has a prediction.")
        } else {
            Block::note(
                Tone::Error,
                format!(
                    "{} without predictions/<task>/prediction.csv (scored as missing_prediction): {}",
                    plural(missing.len(), "task", "tasks"),
                    missing.join(", ")
                ),
            )
        });
        coverage.push(if self.extra_tasks.is_empty() {
            Block::paragraph("No prediction folder lacks a config.")
        } else {
            Block::note(
                Tone::Warning,
                format!(
                    "{} without a config (not scored; listed as unscored_prediction_tasks): {}",
                    plural(
                        self.extra_tasks.len(),
                        "prediction folder",
                        "prediction folders"
                    ),
                    self.extra_tasks.join(", ")
                ),
            )
        });
        doc = doc.section(coverage);

        let mut table = Table::new(vec![
            Column::new("Task", Align::Left),
            Column::new("Status", Align::Left),
            Column::new("Columns", Align::Right),
            Column::new("Rows", Align::Right),
            Column::new("Readable mapping", Align::Left),
        ]);
        for t in &self.tasks {
            let r = &t.report;
            let status = match r.error_code {
                None => Cell::text("ready").marked(Mark::Good),
                Some(code) => Cell::text(code.code()).marked(Mark::Bad),
            };
            let mapping = r
                .type_compatible_mapping
                .as_ref()
                .map_or(String::new(), |m| {
                    let indices: Vec<String> = m.iter().map(usize::to_string).collect();
                    format!("[{}]", indices.join(", "))
                });
            table.push_row(vec![
                Cell::text(&r.task_id),
                status,
                Cell::text(format!(
                    "{} / {}",
                    r.prediction_column_count, r.gold_column_count
                )),
                Cell::text(r.prediction_row_count.to_string()),
                Cell::text(mapping),
            ]);
        }
        doc.section(
            Section::new("Every task")
                .with_id("tasks")
                .block(Block::Table(table)),
        )
    }
}

/// `1 task`, `2 tasks`.
pub(crate) fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(id: &str) -> ConfigFile {
        ConfigFile {
            name: format!("{id}.json"),
            bytes: format!(
                r#"{{"schema_version":"1.0","task_id":"{id}","order_sensitive":false,"columns":[{{"gold_index":0,"gold_name":"d","type":"date"}},{{"gold_index":1,"gold_name":"n","type":"text"}}]}}"#
            )
            .into_bytes(),
        }
    }

    #[test]
    fn each_task_is_the_core_validation_and_foreign_files_are_named() {
        let files = [config("task_1"), config("task_2"), config("task_3")];
        let mut check =
            SubmissionCheck::new(&files, ["task_1", "task_3", "task_4", "notes"]).unwrap();
        assert_eq!(
            check.task_ids().collect::<Vec<_>>(),
            ["task_1", "task_2", "task_3"]
        );
        assert!(check.report().is_none());
        let good = b"n,d\nx,2024-01-02\n";
        let png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff";
        check.check_task("task_1", Prediction::Csv(good)).unwrap();
        check.check_task("task_2", Prediction::Missing).unwrap();
        let t3 = check.check_task("task_3", Prediction::Csv(png)).unwrap();
        assert_eq!(t3.foreign_file, Some(ForeignFile::Png));
        assert!(check.check_task("task_9", Prediction::Missing).is_none());
        let report = check.report().unwrap();
        let config1 = TaskConfig::from_json(&files[0].bytes, None).unwrap();
        assert_eq!(
            report.tasks[0].report,
            validate_prediction(Prediction::Csv(good), &config1)
        );
        assert_eq!(report.ready_count(), 1);
        assert_eq!(report.missing_tasks(), ["task_2"]);
        assert_eq!(report.extra_tasks, ["task_4"]);
        let text = report.to_document().to_text();
        assert!(text.contains("1 of 3 tasks are ready"), "{text}");
        assert!(text.contains("This file is an image"), "{text}");
        assert!(
            text.contains(
                "without a config (not scored; listed as unscored_prediction_tasks): task_4"
            ),
            "{text}"
        );
        let json = report.to_out().to_pretty();
        assert!(json.contains("\"foreign_file\": \"png\""), "{json}");
        assert!(
            json.contains("\"missing_tasks\": [\n    \"task_2\"\n  ]"),
            "{json}"
        );
    }

    #[test]
    fn utf16_is_only_named_when_the_csv_is_not_utf8() {
        let files = [config("task_1")];
        let mut check = SubmissionCheck::new(&files, [""; 0]).unwrap();
        let t = check
            .check_task("task_1", Prediction::Csv(b"\xff\xfen\x00,\x00d\x00\n\x00"))
            .unwrap();
        assert_eq!(
            t.report.error_code,
            Some(TaskErrorCode::InvalidPredictionCsv)
        );
        assert_eq!(t.foreign_file, Some(ForeignFile::Utf16Le));
        // "GIF89a" is valid UTF-8: a file named by its magic bytes is reported only when it
        // does not read.
        let t = check
            .check_task("task_1", Prediction::Csv(b"GIF89a,x\n2024-01-01,y\n"))
            .unwrap();
        assert_eq!(t.foreign_file, None);
    }

    #[test]
    fn config_problems_are_fatal_as_when_scoring() {
        let mut bad = config("task_1");
        bad.bytes = b"{".to_vec();
        assert_eq!(
            SubmissionCheck::new(&[bad], [""; 0])
                .unwrap_err()
                .code
                .code(),
            "config_invalid_json"
        );
    }
}
