//! The profile's errors: an input the official cannot score, or a search that reached its bound.

/// How many cells `result_eq`'s search may visit before it answers `sql_work_bound`.
pub const WORK_BOUND: u64 = 200_000_000;

pub use tabeq::error::SqlCode;

/// Stable codes of this profile's errors: the `sql` family of the core's one catalogue
/// (`tabeq::error_catalogue`), with the two a binding raises for a cell it cannot convert.
pub const CODES: &[(&str, &str)] = SqlCode::CODES;

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
            code: SqlCode::RaggedRows.code(),
            message: format!(
                "result{table} row {row} does not have {num_cols} values like the first row"
            ),
        }
    }
    pub(crate) fn work_bound() -> Self {
        SqlError {
            code: SqlCode::WorkBound.code(),
            message: format!(
                "the column-permutation search visited {WORK_BOUND} cells without a verdict"
            ),
        }
    }
    pub(crate) fn empty_gold_row(row: usize) -> Self {
        SqlError {
            code: SqlCode::EmptyGoldRow.code(),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_is_in_the_core_catalogue_as_the_sql_family() {
        let catalogue = tabeq::error::error_catalogue();
        let family: Vec<&str> = catalogue
            .iter()
            .filter(|e| e.family == "sql")
            .inspect(|e| assert_eq!(e.stage, Some("sql"), "{}", e.code))
            .map(|e| e.code)
            .collect();
        assert_eq!(family, CODES.iter().map(|c| c.0).collect::<Vec<_>>());
        let raised = [
            SqlError::ragged(1, 2, 3),
            SqlError::work_bound(),
            SqlError::empty_gold_row(0),
        ];
        for e in raised {
            assert!(family.contains(&e.code), "{}", e.code);
        }
    }
}
