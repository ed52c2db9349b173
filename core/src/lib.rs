//! # tabeq
//!
//! The exact, fast evaluator for tabular answers produced by LLM data agents. It reproduces
//! the DataSpace v1 scoring semantics (headers ignored, one-to-one column alignment,
//! per-column canonicalization, row sequence or multiset equality) in polynomial time.
//!
//! This crate does no IO: it reads bytes and returns values. The Python and WebAssembly
//! bindings add files, directories and threads.
//!
//! ```
//! use tabeq::{evaluate_task, Prediction, TaskConfig};
//! let config = TaskConfig::from_json(br#"{"schema_version": "1.0", "task_id": "task_3",
//!   "order_sensitive": true, "columns": [{"gold_index": 0, "gold_name": "d", "type": "date"}]}"#, None)?;
//! let result = evaluate_task(Prediction::Csv(b"x\n2024-01-02T00:00:00Z\n"), b"d\n2024-01-02\n", &config)?;
//! assert!(result.passed);
//! # Ok::<(), tabeq::FatalError>(())
//! ```
//!
//! # What is public
//!
//! The names re-exported at the crate root are the API. The examples below use each of them;
//! the items of the diagnosis, suite, submission, validation and extraction modules carry
//! their own examples too.
//!
//! ## One task
//!
//! [`TaskConfig`] is a task's config file; a [`Prediction`] is what a caller hands over:
//! missing (at a path, when it looked for one), found unreadable, CSV bytes or a read table. [`evaluate_task`] scores one; a [`PreparedGold`] is a
//! gold read once for many predictions ([`PreparedGold::evaluate`], [`PreparedGold::passes`],
//! [`PreparedGold::partial_credit`], which gives a [`PartialCredit`], never the official
//! score). [`TaskResult`] is the official record ([`TaskResult::to_json`],
//! [`TaskResult::document`]).
//!
//! ```
//! use tabeq::{evaluate_task, read_table, Prediction, PreparedGold, TaskConfig};
//! let config = TaskConfig::from_json(br#"{"schema_version": "1.0", "task_id": "task_1",
//!   "order_sensitive": false, "columns": [{"gold_index": 0, "gold_name": "n", "type": "number",
//!   "comparison": {"mode": "integer"}}]}"#, Some("task_1"))?;
//! let gold = PreparedGold::new(b"n\n1\n2\n", &config)?;
//! assert!(gold.passes(Prediction::Csv(b"count\n2\n1.0\n")));
//! let table = read_table(b"count\n2\n3\n").unwrap();
//! let result = gold.evaluate(Prediction::Table(&table));
//! assert_eq!(result.error_code.map(|c| c.code()), Some("relation_mismatch"));
//! assert_eq!((result.gold_row_count, result.prediction_row_count), (2, 2));
//! assert!(result.to_json().starts_with("{\n  \"task_id\": \"task_1\",\n  \"passed\": false,"));
//! let credit = gold.partial_credit(Prediction::Csv(b"count\n2\n3\n"), false);
//! // One of two rows matches; the column as a whole does not.
//! assert_eq!((credit.rows.matched, credit.rows.precision, credit.columns.matched), (1, 0.5, 0));
//! let missing = evaluate_task(Prediction::Missing, b"n\n1\n", &config)?;
//! assert_eq!(missing.document().title, "task_1: failed (missing_prediction)");
//! # Ok::<(), tabeq::FatalError>(())
//! ```
//!
//! ## Suites and submissions
//!
//! [`plan_suite`] orders and hashes the [`ConfigFile`]s into a [`SuitePlan`]; [`SuiteRun`]
//! scores it task by task into a [`SuiteSummary`] (the official summary file). Without the
//! gold, [`validate_prediction`] checks one prediction ([`ValidationReport`]) and
//! [`SubmissionCheck`] a whole submission ([`SubmissionReport`]).
//!
//! ## Why a task fails
//!
//! [`explain()`] (against a prepared gold) and [`explain_task`] (from bytes), limited by
//! [`ExplainOptions`], give a [`Diagnosis`]: shape, types, mapping, rows, near misses
//! ([`Hint`], [`HintKind`]) and partial credit. [`extract_table`] finds the answer table in
//! model text ([`ExtractedTable`], [`TableSource`]).
//!
//! ## Values and tables
//!
//! [`canonicalize`] gives a cell's [`Canonical`] value under a column rule, as the evaluator
//! compares it; [`read_table`] is the strict CSV reader.
//!
//! ```
//! use tabeq::{canonicalize, read_table, Canonical, TaskConfig};
//! let config = TaskConfig::from_json(br#"{"schema_version": "1.0", "task_id": "task_1",
//!   "order_sensitive": false, "columns": [{"gold_index": 0, "gold_name": "n", "type": "number",
//!   "comparison": {"mode": "decimal_places", "digits": 2}}]}"#, None)?;
//! let rule = config.columns[0].rule();
//! assert_eq!(canonicalize(" 1.005 ", &rule).unwrap().as_str(), Some("1.01"));
//! assert_eq!(canonicalize("", &rule).unwrap(), Canonical::Null);
//! let table = read_table(b"a,b\n1,\"x,y\"\n").unwrap();
//! assert_eq!((table.row_count(), table.cell(0, 1)), (1, "x,y"));
//! # Ok::<(), tabeq::FatalError>(())
//! ```
//!
//! ## Output
//!
//! Every report serializes itself (`serde::Serialize`); [`to_pretty_json`] writes any of them
//! as CPython's `json.dumps(indent=2, ensure_ascii=False)` does. [`Document`] is the report for
//! people (titled sections of paragraphs, notes, facts and tables), rendered by the core to
//! text, Markdown, HTML or CSV.
//!
//! ```
//! use tabeq::doc::{Block, Section};
//! let doc = tabeq::Document::new("Report")
//!     .section(Section::new("Notes").with_id("notes").block(Block::paragraph("All good.")));
//! assert!(doc.to_text().contains("All good."));
//! assert_eq!(doc.render("markdown"), Some(doc.to_markdown()));
//! assert!(doc.find("notes").is_some());
//! ```
//!
//! ## Errors
//!
//! A [`FatalError`] is a broken trusted input (config, gold, suite layout: nothing is scored);
//! [`CsvError`] is a problem with one CSV file, [`CellError`] a cell that does not read under
//! its rule. Codes: [`TaskErrorCode`] (why a task failed), [`FatalCode`] with its
//! [`FatalStage`]. [`CodedError`] is any error as a code, stage and message, and
//! [`error_catalogue`] lists every code any surface raises ([`CatalogueEntry`]).
//!
//! ```
//! use tabeq::{canonicalize, CodedError, FatalCode, FatalStage, TaskConfig, TaskErrorCode};
//! let fatal = TaskConfig::from_json(b"{", None).unwrap_err();
//! let coded = CodedError::from(fatal);
//! assert_eq!((coded.code, coded.stage), ("config_invalid_json", "config"));
//! let code = FatalCode::from_code("config_invalid_json").unwrap();
//! assert_eq!((code.stage(), FatalStage::Config.as_str()), (FatalStage::Config, "config"));
//! let csv = tabeq::read_table(b"a\n\"x").unwrap_err();
//! assert!(csv.to_string().starts_with("csv_unterminated_quote"));
//! let config = TaskConfig::from_json(br#"{"schema_version": "1.0", "task_id": "task_1",
//!   "order_sensitive": false, "columns": [{"gold_index": 0, "gold_name": "n", "type": "number",
//!   "comparison": {"mode": "integer"}}]}"#, None)?;
//! let cell = canonicalize("1.5", &config.columns[0].rule()).unwrap_err();
//! assert_eq!(CodedError::from(cell).code, "cell_not_an_integer");
//! assert_eq!(TaskErrorCode::from_code("relation_mismatch"), Some(TaskErrorCode::RelationMismatch));
//! let catalogue = tabeq::error_catalogue();
//! let entry = catalogue.iter().find(|e| e.code == "relation_mismatch").unwrap();
//! assert_eq!(entry.family, "task");
//! # Ok::<(), tabeq::FatalError>(())
//! ```
//!
//! ## Trust metrics
//!
//! The TrustDABench reliability and robustness metrics live in their own crate, `tabeq-trust`,
//! which builds on this crate's public API.
//!
//! ## Internals
//!
//! The modules those names live in stay public for the types they hold (for example
//! [`explain::MappingReport`], [`config::Rule`], [`doc::Table`]). Modules hidden from these docs
//! (`chars`, `isodate`, `number`, `matching`, `file_input`, `record`, `output`, `command`) are internals that the bindings, tests and fuzzers
//! use; they may change in any release.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod bipartite;
#[doc(hidden)]
pub mod cancel;
pub mod canon;
#[doc(hidden)]
pub mod chars;
mod codes;
#[doc(hidden)]
pub mod command;
pub mod config;
pub mod cpython_json;
pub mod csv;
pub mod doc;
pub mod error;
pub mod evaluate;
pub mod explain;
pub mod extract;
#[doc(hidden)]
pub mod file_input;
pub mod file_problem;
pub mod fixit;
pub mod gold_free_check;
mod hashed_pass;
#[doc(hidden)]
pub mod isodate;
#[doc(hidden)]
pub mod matching;
#[doc(hidden)]
pub mod number;
#[doc(hidden)]
pub mod official_csv;
#[doc(hidden)]
pub mod output;
pub mod parallel;
pub mod partial_credit;
pub mod predictions_folder;
#[doc(hidden)]
pub mod record;
mod rule_values;
pub mod submission;
pub mod suite;
mod version;

pub use canon::{canonicalize, Canonical};
pub use config::TaskConfig;
pub use config::{CellError, FatalCode, FatalError, FatalStage};
pub use cpython_json::to_pretty_json;
pub use csv::read_table;
pub use csv::CsvError;
pub use doc::Document;
pub use error::{error_catalogue, CatalogueEntry, CodedError};
pub use evaluate::TaskErrorCode;
pub use evaluate::{
    evaluate_gold_table_within, evaluate_task, evaluate_task_in, evaluate_task_within, Prediction,
    PreparedGold, TaskResult,
};
pub use explain::{explain, explain_task, Diagnosis, ExplainOptions, Hint, HintKind};
pub use extract::{extract_table, ExtractedTable, TableSource};
pub use gold_free_check::{validate_prediction, validate_prediction_within, ValidationReport};
pub use partial_credit::PartialCredit;
pub use submission::{SubmissionCheck, SubmissionReport};
pub use suite::{plan_suite, ConfigFile, SuitePlan, SuiteRun, SuiteSummary};

pub use version::VERSION;

/// The TypeScript declaration of `T` with its documentation's first paragraph, as `make types`
/// writes it into the JavaScript declarations (feature `ts`): large integers (`u64`) are
/// JavaScript numbers there.
#[cfg(feature = "ts")]
#[doc(hidden)]
pub fn typescript_declaration<T: ts_rs::TS + ?Sized>() -> String {
    let cfg = ts_rs::Config::new().with_large_int("number");
    format!("{}export {}", typescript_docs(T::docs()), T::decl(&cfg))
}

/// The TypeScript union type `name` of string literals `members`, with `docs`, as `make types`
/// writes it (feature `ts`): for a Rust list of names, such as the document formats.
#[cfg(feature = "ts")]
#[doc(hidden)]
pub fn typescript_union(docs: &str, name: &str, members: &[&str]) -> String {
    let members: Vec<String> = members.iter().map(|m| format!("{m:?}")).collect();
    format!(
        "/** {docs} */\nexport type {name} = {};",
        members.join(" | ")
    )
}

/// A type's doc comment cut to its first paragraph (examples and details stay in the Rust docs).
#[cfg(feature = "ts")]
fn typescript_docs(docs: Option<String>) -> String {
    let Some(docs) = docs else {
        return String::new();
    };
    let lines: Vec<&str> = docs
        .lines()
        .map(|l| l.trim().trim_start_matches("/**").trim_end_matches("*/"))
        .map(|l| l.trim().trim_start_matches('*').trim())
        .skip_while(|l| l.is_empty())
        .take_while(|l| !l.is_empty())
        .collect();
    if lines.is_empty() {
        return String::new();
    }
    format!("/** {} */\n", lines.join(" "))
}

/// The declarations of the objects the evaluator's bindings return or take (records, reports,
/// diagnoses, documents, configs), in the order of `tabeq.d.ts` (feature `ts`, `make types`).
#[cfg(feature = "ts")]
#[doc(hidden)]
pub fn typescript_declarations() -> Vec<String> {
    use typescript_declaration as d;
    vec![
        d::<config::ColumnType>(),
        d::<config::NumericUnit>(),
        d::<config::ComparisonJson>(),
        d::<config::ColumnConfigJson>(),
        d::<config::TaskConfigJson>(),
        d::<evaluate::ColumnPair>(),
        d::<TaskResult>(),
        d::<CsvError>(),
        d::<gold_free_check::BadCellRecord<'static>>(),
        d::<gold_free_check::ColumnRecord<'static>>(),
        d::<gold_free_check::AnswerProblem>(),
        d::<ValidationReport>(),
        d::<SuiteSummary>(),
        d::<config::ConfigWarningCode>(),
        d::<config::ConfigWarning>(),
        d::<CatalogueEntry>(),
        d::<HintKind>(),
        d::<explain::InputStatus>(),
        d::<explain::Grain>(),
        d::<explain::Shape>(),
        d::<explain::OffendingCell>(),
        d::<explain::ColumnTypes>(),
        d::<explain::Unreadable>(),
        d::<explain::Types>(),
        d::<explain::MappedPair>(),
        d::<explain::MappingReport>(),
        d::<explain::ShownRow>(),
        d::<explain::FirstDifference>(),
        d::<explain::OrderReport>(),
        d::<explain::RowReport>(),
        d::<explain::HintColumn>(),
        d::<Hint>(),
        d::<partial_credit::SignatureStatus>(),
        d::<partial_credit::ColumnSignatureScore>(),
        d::<partial_credit::RowScores>(),
        d::<partial_credit::ColumnScores>(),
        d::<PartialCredit>(),
        d::<explain::ColumnNames<'static>>(),
        d::<Diagnosis>(),
        d::<file_input::TablePreview>(),
        d::<doc::Align>(),
        d::<doc::Mark>(),
        d::<doc::Tone>(),
        d::<doc::Cell>(),
        d::<doc::Row>(),
        d::<doc::Column>(),
        d::<doc::Table>(),
        d::<doc::Block>(),
        d::<doc::Section>(),
        d::<doc::Document>(),
        typescript_union(
            "The text formats a `Document` renders to, by the names every surface accepts.",
            "DocumentFormat",
            &doc::Format::ALL.map(doc::Format::name),
        ),
        d::<submission::ForeignFile>(),
        d::<submission::SniffedFile>(),
        d::<submission::TaskCheck>(),
        d::<SubmissionReport>(),
        d::<fixit::TextPosition>(),
        d::<predictions_folder::Severity>(),
        d::<predictions_folder::Problem>(),
        d::<predictions_folder::TaskStatus>(),
        d::<predictions_folder::FolderTask>(),
        d::<predictions_folder::ExpectedFrom>(),
        d::<predictions_folder::StrayEntry>(),
        d::<predictions_folder::PredictionsReport>(),
    ]
}
