//! The trust binding's logic in plain Rust (no JavaScript types), testable on the host. The
//! evaluator's calls are the core's (`tabeq::file_input`); these names stay for the trust code.

#[cfg(feature = "trust")]
pub mod trust;

pub use tabeq::error::CodedError as Failure;
pub use tabeq::file_input::FileInput as Input;
