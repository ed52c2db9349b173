//! The profile's errors: an input the official cannot score, or a search that reached its bound.

/// How many cells `result_eq`'s search may visit before it answers `sql_work_bound`.
pub const WORK_BOUND: u64 = 200_000_000;

/// Stable codes of this profile's errors.
pub const CODES: &[(&str, &str)] = &[
    ("sql_ragged_rows", "A result's rows do not all have the first row's length (the official raises or misreads)."),
    ("sql_work_bound", "result_eq's search reached its work bound without a verdict (never seen on real results)."),
    ("sql_empty_gold_row", "Soft-F1: an empty gold row is paired with a predicted row (the official raises ZeroDivisionError)."),
];

/// An input the official cannot score, or a search that reached its bound; with a stable code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SqlError {
    /// One of [`CODES`].
    pub code: &'static str,
    /// For people.
    pub message: String,
}

impl SqlError {
    pub(crate) fn ragged(table: usize, row: usize, num_cols: usize) -> Self {
        SqlError {
            code: "sql_ragged_rows",
            message: format!(
                "result{table} row {row} does not have {num_cols} values like the first row"
            ),
        }
    }
    pub(crate) fn work_bound() -> Self {
        SqlError {
            code: "sql_work_bound",
            message: format!(
                "the column-permutation search visited {WORK_BOUND} cells without a verdict"
            ),
        }
    }
    pub(crate) fn empty_gold_row(row: usize) -> Self {
        SqlError {
            code: "sql_empty_gold_row",
            message: format!(
                "gold row {row} is empty and paired with a predicted row (division by zero)"
            ),
        }
    }
}

impl std::fmt::Display for SqlError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl std::error::Error for SqlError {}
