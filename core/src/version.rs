//! The crate version, in the lowest layer: the summary records it, the command line prints it.

/// The crate version.
///
/// ```
/// assert_eq!(tabeq::VERSION.split('.').count(), 3);
/// ```
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
