//! Every size, row and item limit a binding or the page applies, in one place: the crates that
//! enforce a limit define it (re-exported here under the name the bindings use), and the limits
//! only a binding applies (a file it reads, rows it fetches, rows the page shows) are defined
//! here. No binding, and no page script, writes a limit of its own: they read [`LIMITS`].
//!
//! ```
//! use tabeq_surface::limits::{self, LIMITS};
//! // One config limit for every surface: the core's.
//! assert_eq!(limits::MAX_CONFIG_BYTES, 20 * 1024 * 1024);
//! assert_eq!(limits::limit("MAX_CONFIG_BYTES"), Some(limits::MAX_CONFIG_BYTES as u64));
//! assert!(LIMITS.iter().all(|l| l.name.starts_with("MAX_") && l.value > 0));
//! ```

pub use tabeq::command::MAX_THREADS;
pub use tabeq::csv::{MAX_CSV_BYTES, MAX_LIFTED_CSV_BYTES};
pub use tabeq::file_input::{
    MAX_ARCHIVE_MEMBER_BYTES, MAX_ARCHIVE_TOTAL_BYTES, MAX_CONFIG_BYTES, MAX_SHARE_BYTES,
    MAX_SHARE_HEADER_BYTES,
};
pub use tabeq_trust::MAX_INPUT_BYTES as MAX_TRUST_INPUT_BYTES;

/// The largest trust-metric input file the Python package and the command line read (1 GiB: a
/// reliability analysis peaks at about three times its input, robustness at more, see
/// BENCHMARKS.md). The WebAssembly
/// module copies at most [`MAX_TRUST_INPUT_BYTES`], because a browser tab's memory is bounded.
pub const MAX_TRUST_FILE_BYTES: u64 = 1 << 30;

/// The default number of rows `tabeq.sql.execution_match` fetches from each query before it
/// answers `too_many_rows` (the official fetches all; the bound keeps a runaway query from
/// exhausting memory).
pub const MAX_SQL_ROWS: u64 = 1_000_000;

/// The most rows of a table the page reads to show it beside a diagnosis (the page's tables are
/// for people; the scorer itself reads every row).
pub const MAX_PAGE_TABLE_ROWS: u64 = 100_000;

/// One limit as a binding exposes it.
///
/// ```
/// let config = tabeq_surface::LIMITS.iter().find(|l| l.name == "MAX_CONFIG_BYTES").unwrap();
/// assert_eq!(config.value, 20 * 1024 * 1024);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Limit {
    /// The constant's name, the same on every surface (`MAX_CONFIG_BYTES`).
    pub name: &'static str,
    /// Its value (bytes, rows or items, as the name says).
    pub value: u64,
    /// What it bounds, for people.
    pub what: &'static str,
}

const fn limit_of(name: &'static str, value: u64, what: &'static str) -> Limit {
    Limit { name, value, what }
}

/// Every limit, by name. A profile crate's limits are here when its feature is on (every build
/// but the single-profile WebAssembly modules).
///
/// ```
/// assert!(tabeq_surface::LIMITS.iter().any(|l| l.name == "MAX_PAGE_TABLE_ROWS"));
/// ```
pub const LIMITS: &[Limit] = &[
    limit_of(
        "MAX_CSV_BYTES",
        MAX_CSV_BYTES as u64,
        "the largest prediction or gold CSV the evaluator reads",
    ),
    limit_of(
        "MAX_LIFTED_CSV_BYTES",
        MAX_LIFTED_CSV_BYTES as u64,
        "the largest CSV read when the official limits are lifted (`limits=\"lifted\"`)",
    ),
    limit_of(
        "MAX_CONFIG_BYTES",
        MAX_CONFIG_BYTES as u64,
        "the largest task config (or column) JSON a binding copies",
    ),
    limit_of(
        "MAX_ARCHIVE_MEMBER_BYTES",
        MAX_ARCHIVE_MEMBER_BYTES as u64,
        "the largest inflated member of an archive the page reads",
    ),
    limit_of(
        "MAX_ARCHIVE_TOTAL_BYTES",
        MAX_ARCHIVE_TOTAL_BYTES as u64,
        "the most inflated bytes the page reads from one archive",
    ),
    limit_of(
        "MAX_SHARE_BYTES",
        MAX_SHARE_BYTES as u64,
        "the largest prediction and config a share link holds",
    ),
    limit_of(
        "MAX_SHARE_HEADER_BYTES",
        MAX_SHARE_HEADER_BYTES as u64,
        "the largest header of a share link",
    ),
    limit_of(
        "MAX_TRUST_INPUT_BYTES",
        MAX_TRUST_INPUT_BYTES as u64,
        "the largest trust-metric input the WebAssembly module copies",
    ),
    limit_of(
        "MAX_TRUST_FILE_BYTES",
        MAX_TRUST_FILE_BYTES,
        "the largest trust-metric input file Python and the command line read",
    ),
    limit_of(
        "MAX_SQL_ROWS",
        MAX_SQL_ROWS,
        "the default rows tabeq.sql.execution_match fetches per query",
    ),
    limit_of(
        "MAX_THREADS",
        MAX_THREADS as u64,
        "the most worker threads the command line's --threads accepts",
    ),
    limit_of(
        "MAX_PAGE_TABLE_ROWS",
        MAX_PAGE_TABLE_ROWS,
        "the most rows of a table the page reads to show it",
    ),
    #[cfg(feature = "spider2")]
    limit_of(
        "MAX_SPIDER2_FILE_BYTES",
        tabeq_spider2::MAX_FILE_BYTES,
        "the largest Spider 2.0 CSV a file-reading surface reads",
    ),
    #[cfg(feature = "spider2")]
    limit_of(
        "MAX_SPIDER2_WASM_CSV_BYTES",
        tabeq_spider2::MAX_WASM_CSV_BYTES as u64,
        "the largest Spider 2.0 CSV the WebAssembly module copies",
    ),
    #[cfg(feature = "kddcup")]
    limit_of(
        "MAX_KDDCUP_FILE_BYTES",
        tabeq_kddcup::MAX_FILE_BYTES,
        "the largest KDD Cup CSV a file-reading surface reads",
    ),
    #[cfg(feature = "kddcup")]
    limit_of(
        "MAX_KDDCUP_TASK_JSON_BYTES",
        tabeq_kddcup::MAX_TASK_JSON_BYTES,
        "the largest KDD Cup task.json read (for its difficulty)",
    ),
    #[cfg(feature = "kddcup")]
    limit_of(
        "MAX_KDDCUP_WASM_CSV_BYTES",
        tabeq_kddcup::MAX_WASM_CSV_BYTES as u64,
        "the largest KDD Cup CSV the WebAssembly module copies",
    ),
];

/// The limit called `name` (one of [`LIMITS`]).
///
/// ```
/// assert_eq!(tabeq_surface::limits::limit("MAX_SQL_ROWS"), Some(1_000_000));
/// assert_eq!(tabeq_surface::limits::limit("MAX_NOTHING"), None);
/// ```
pub fn limit(name: &str) -> Option<u64> {
    LIMITS.iter().find(|l| l.name == name).map(|l| l.value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_the_config_limit_is_the_cores() {
        let mut names: Vec<_> = LIMITS.iter().map(|l| l.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), LIMITS.len());
        assert_eq!(
            limit("MAX_CONFIG_BYTES"),
            Some(tabeq::file_input::MAX_CONFIG_BYTES as u64)
        );
        assert_eq!(limit("MAX_TRUST_FILE_BYTES"), Some(1 << 30));
    }
}
