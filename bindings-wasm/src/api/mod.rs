//! The binding's logic in plain Rust (no JavaScript types), so it can be tested and timed on
//! the host: inputs arrive as bytes, results leave as `Out` JSON trees or JSON text, errors as
//! [`Failure`]. Everything here is a translation; the semantics live in the `tabeq` core crate.

#[cfg(feature = "evaluator")]
pub mod evaluator;
#[cfg(feature = "evaluator")]
pub mod gold;
#[cfg(feature = "evaluator")]
pub mod submission;
#[cfg(feature = "trust")]
pub mod trust;

use tabeq::cpython_json::Out;
use tabeq::csv::MAX_CSV_BYTES;
use tabeq::error::error_catalogue;
use tabeq::trust::{TrustError, TrustErrorCode};
use tabeq::FatalError;

/// Largest config (or column) JSON the binding copies into WebAssembly memory. Real configs
/// are a few KB; the bound keeps a hostile argument from exhausting memory.
pub const MAX_CONFIG_BYTES: usize = MAX_CSV_BYTES;

/// Codes of errors that the binding itself raises (core codes are used for everything else).
pub const INVALID_ARGUMENT: &str = "invalid_argument";
/// A suite summary was requested before every task was scored.
pub const SUITE_INCOMPLETE: &str = "suite_incomplete";
/// A task id that the suite does not contain.
pub const UNKNOWN_TASK: &str = "unknown_task";
/// A result the binding could not hand over (a bug; reported rather than crashing).
pub const INTERNAL_ERROR: &str = "internal_error";
/// A string with a lone surrogate (no UTF-8 form; converting it would silently change it).
pub const LONE_SURROGATE: &str = "lone_surrogate";
/// A method called on a class instance (`Gold`, `SuiteRun`, `SubmissionRun`) after `free()`,
/// or `free()` called twice. Raised by the JS guard that scripts/build-wasm.sh appends to the
/// generated glue (wasm-bindgen's own check throws before Rust is reached, without a code).
pub const FREED_OBJECT: &str = "freed_object";

/// A coded error, thrown to JavaScript as an `Error` with `code` (and `stage`, `taskId` for
/// fatal errors).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// Stable snake_case code.
    pub code: &'static str,
    /// Message for people.
    pub message: String,
    /// `config`, `gold` or `suite` for fatal errors; `cell` for cell errors; `argument` for
    /// binding-level argument errors.
    pub stage: &'static str,
    /// The task concerned, when known.
    pub task_id: Option<String>,
    /// For trust-metric input: the 1-based line at fault.
    pub line: Option<usize>,
}

impl Failure {
    /// A bad argument (wrong JavaScript type, too large).
    pub fn invalid_argument(message: impl Into<String>) -> Self {
        Failure {
            code: INVALID_ARGUMENT,
            message: message.into(),
            stage: "argument",
            task_id: None,
            line: None,
        }
    }

    /// A failure of the binding itself (a result that cannot be converted); never expected.
    pub fn internal(message: impl Into<String>) -> Self {
        Failure {
            code: INTERNAL_ERROR,
            message: message.into(),
            stage: "argument",
            task_id: None,
            line: None,
        }
    }
}

impl From<FatalError> for Failure {
    fn from(e: FatalError) -> Self {
        Failure {
            code: e.code.code(),
            stage: e.stage().as_str(),
            task_id: e.task_id,
            message: e.message,
            line: None,
        }
    }
}

impl From<TrustError> for Failure {
    fn from(e: TrustError) -> Self {
        Failure {
            code: e.code.code(),
            stage: "trust",
            task_id: None,
            line: e.line,
            message: e.message,
        }
    }
}

/// A file argument (prediction, gold, config) after type checks, before parsing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// `null` or `undefined`: no file.
    Missing,
    /// The file's bytes.
    Bytes(Vec<u8>),
    /// Longer than the limit (it was not copied): `at_least` is its size in bytes when `exact`
    /// (bytes), else a lower bound of its UTF-8 size (a string's UTF-16 length).
    TooLarge {
        /// The size, or a lower bound of it.
        at_least: usize,
        /// Whether `at_least` is the exact size.
        exact: bool,
    },
}

/// `renderDocument(document, format)`: the document in one of the core's renderings.
pub fn render_document(doc: &tabeq::doc::Document, format: &str) -> Result<String, Failure> {
    doc.render(format).ok_or_else(|| {
        Failure::invalid_argument(format!(
            "format must be \"text\", \"markdown\", \"html\" or \"csv\", not {format:?}"
        ))
    })
}

/// `errorCodes()`: every stable code with its family, plus the binding's own.
pub fn error_codes() -> Out {
    let mut entries: Vec<Out> = error_catalogue()
        .into_iter()
        .map(|e| {
            Out::Object(vec![
                ("code".into(), Out::Str(e.code.into())),
                ("family".into(), Out::Str(e.family.into())),
            ])
        })
        .collect();
    for code in TrustErrorCode::ALL {
        entries.push(Out::Object(vec![
            ("code".into(), Out::Str(code.code().into())),
            ("family".into(), Out::Str("trust".into())),
        ]));
    }
    for code in [
        INVALID_ARGUMENT,
        SUITE_INCOMPLETE,
        UNKNOWN_TASK,
        INTERNAL_ERROR,
        LONE_SURROGATE,
        FREED_OBJECT,
    ] {
        entries.push(Out::Object(vec![
            ("code".into(), Out::Str(code.into())),
            ("family".into(), Out::Str("binding".into())),
        ]));
    }
    Out::Array(entries)
}
