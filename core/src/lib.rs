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
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod bipartite;
pub mod canon;
pub mod chars;
pub mod config;
pub mod cpython_json;
pub mod csv;
pub mod doc;
pub mod error;
pub mod evaluate;
pub mod explain;
pub mod extract;
pub mod file_input;
pub mod file_problem;
pub mod gold_free_check;
pub mod isodate;
pub mod matching;
pub mod number;
pub mod output;
pub mod partial_credit;
pub mod record;
mod rule_values;
pub mod submission;
pub mod suite;
pub mod trust;

// The former module names, kept so existing paths (`tabeq::pyjson::…`) keep working.
#[doc(hidden)]
pub use cpython_json as pyjson;
#[doc(hidden)]
pub use gold_free_check as validate;
#[doc(hidden)]
pub use partial_credit as partial;

pub use config::TaskConfig;
pub use doc::Document;
pub use error::{CellError, CsvError, FatalCode, FatalError, FatalStage, TaskErrorCode};
pub use evaluate::{evaluate_task, Prediction, PreparedGold, TaskResult};
pub use explain::{explain, explain_task, Diagnosis, ExplainOptions};
pub use gold_free_check::{validate_prediction, ValidationReport};
pub use suite::{SuiteRun, SuiteSummary};

/// The crate version.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
