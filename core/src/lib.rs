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
pub mod csv;
pub mod doc;
pub mod error;
pub mod evaluate;
pub mod explain;
pub mod isodate;
pub mod matching;
pub mod number;
pub mod partial;
pub mod pyjson;
pub mod suite;
pub mod trust;
pub mod validate;

pub use config::TaskConfig;
pub use error::{CellError, CsvError, FatalCode, FatalError, FatalStage, TaskErrorCode};
pub use evaluate::{evaluate_task, Prediction, PreparedGold, TaskResult};

/// The crate version.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
