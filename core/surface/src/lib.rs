//! # tabeq-surface
//!
//! The one door of tabeq's bindings: the Python extension and the WebAssembly modules reach the
//! core through this crate only. It holds what every surface shares and nothing a binding does
//! (no IO, no threads):
//!
//! - [`profile`]: the registry of scoring profiles ([`PROFILES`]) and the one generic entry
//!   [`score`], so a profile registered here appears on Python, the command line, WebAssembly
//!   and the page;
//! - [`limits`]: every size, row and item limit a binding or the page applies ([`LIMITS`]);
//! - [`command`]: the whole command line's grammar, the evaluator's with every profile crate's
//!   commands.
//!
//! The crates below are re-exported whole, under one name each, so that a binding names no other
//! core crate: [`evaluator`] (`tabeq`), [`trust`] (`tabeq-trust`), [`spider2`], [`kddcup`] and
//! [`sql`] (the profile crates, each behind its feature, all on by default).
//!
//! ```
//! use tabeq_surface::{score, Profile, ScoreOptions, PROFILES};
//! assert_eq!(PROFILES.len(), 7);
//! let options = ScoreOptions { order_matters: false, ..ScoreOptions::default() };
//! let outcome = score(Profile::SpiderResultEq, b"[[\"a\", 1]]", b"[[1, \"a\"]]", &options)?;
//! assert!(outcome.passed);
//! assert_eq!(tabeq_surface::evaluator::VERSION, tabeq_surface::VERSION);
//! # Ok::<(), tabeq_surface::CodedError>(())
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod command;
pub mod limits;
pub mod profile;

pub use limits::{Limit, LIMITS};
pub use profile::{
    score, InputKind, OptionValue, Outcome, Profile, ProfileDocument, ProfileInfo, ScoreOptions,
    SqlVerdict, PROFILES,
};
pub use tabeq::error::CodedError;
pub use tabeq::VERSION;

/// The evaluator (the crate `tabeq`): DataSpace v1 scoring, diagnosis, suites, submissions, the
/// code catalogue and the binding-facing calls over file arguments.
pub use tabeq as evaluator;
/// The TrustDABench trust metrics (the crate `tabeq-trust`).
pub use tabeq_trust as trust;

/// The Spider 2.0 profile (the crate `tabeq-spider2`).
#[cfg(feature = "spider2")]
pub use tabeq_spider2 as spider2;

/// The KDD Cup 2026 Phase-1 profile (the crate `tabeq-kddcup`).
#[cfg(feature = "kddcup")]
pub use tabeq_kddcup as kddcup;

/// The text-to-SQL result profiles (the crate `tabeq-sql`).
#[cfg(feature = "sql")]
pub use tabeq_sql as sql;
