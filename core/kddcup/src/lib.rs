//! The KDD Cup 2026 data-agent track's Phase-1 scorer (`dabench score-run` of the starter kit
//! `HKUSTDial/kddcup2026-data-agents-starter-kit`, `evaluation/normalization.py` and
//! `scorer.py`), reproduced exactly against CPython 3.11: every column normalized cell by cell
//! ([`normalize_cell`]), sorted, joined and hashed ([`column_signature`]), prediction and gold
//! signatures matched as multisets ([`score_task`]), and the run's report ([`report::run`]); and
//! what the official lacks, the gold columns that found no partner with the closest prediction
//! column ([`explain_task`]).
//!
//! No IO: bytes in, values out. The rules, the bounds, the codes and every divergence (where
//! the official crashes) are in `docs/spec/kddcup.md`.
//!
//! ```
//! use tabeq_kddcup::{score_task, GoldInput, Prediction};
//! let gold = GoldInput::Bytes { path: "gold.csv", bytes: b"city,total\nParis,\"1,200\"\n" };
//! let pred = Prediction::Bytes { path: "prediction.csv", bytes: b"n,c\n1200.00,Paris\n" };
//! let score = score_task(pred, gold, 0.1, false).unwrap();
//! assert_eq!((score.status.as_str(), score.score), ("perfect_match", 1.0));
//! ```

pub mod explain;
pub mod normalize;
pub mod read;
pub mod report;
pub mod score;

pub use explain::{explain_task, TaskExplanation};
pub use normalize::{column_signature, normalize_cell};
pub use read::{read_columns, ReadError, ReadFailure};
pub use score::{
    check_penalty_weight, needs_gold, score_task, Fatal, GoldInput, Prediction, PreparedGold,
    TaskScore,
};
pub use tabeq::error::KddcupCode;

/// Every stable code this profile reports, with what it means: the `kddcup` family of the
/// core's one catalogue (`tabeq::error_catalogue`).
pub const CODES: &[(&str, &str)] = KddcupCode::CODES;

/// The largest CSV a file-reading surface reads for this profile (the official reads any size):
/// far above real answer tables, below memory trouble. A larger file is `kddcup_too_large`.
pub const MAX_FILE_BYTES: u64 = 1 << 30;

/// The largest `task.json` read (for its `difficulty` only).
pub const MAX_TASK_JSON_BYTES: u64 = 16 * 1024 * 1024;

/// The largest CSV the WebAssembly module copies in (an instance has 4 GiB at most): a larger
/// one is refused with a coded error, never a trap.
pub const MAX_WASM_CSV_BYTES: usize = 256 << 20;

/// The TypeScript declarations of the objects this profile returns (feature `ts`), for the
/// WebAssembly module's `tabeq_kddcup.d.ts` (`make types`).
#[cfg(feature = "ts")]
#[doc(hidden)]
pub fn typescript_declarations() -> Vec<String> {
    use tabeq::typescript_declaration as d;
    vec![
        d::<TaskScore>(),
        d::<report::Report>(),
        d::<report::Meta>(),
        d::<report::Aggregate>(),
        d::<report::DifficultyStats>(),
        d::<TaskExplanation>(),
        d::<explain::MissedColumn>(),
        d::<explain::ClosestColumn>(),
        d::<explain::FirstDifference>(),
    ]
}

/// Whether the official reader would refuse these bytes (a prediction scored
/// `read_error:<Name>`), and where: for the page's check before upload, without gold.
///
/// ```
/// let failure = tabeq_kddcup::reader_check(b"a,b\n\"x\"y,1\n").unwrap();
/// assert_eq!((failure.line, failure.column), (2, Some(4)));
/// assert_eq!(failure.error.exception_name(), "Error");
/// assert!(tabeq_kddcup::reader_check(b"a\n\0\n").is_none());
/// ```
pub fn reader_check(bytes: &[u8]) -> Option<ReadFailure> {
    read_columns(bytes).err()
}
