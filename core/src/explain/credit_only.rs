//! Partial credit alone, for dense rewards: the numbers of [`Diagnosis::partial`] without
//! the rest of the diagnosis (no hints, shown rows, types or summary), against a gold whose
//! column signatures are computed once.

use super::{Analysis, ExplainOptions};
use crate::csv::Table;
use crate::evaluate::{Prediction, PreparedGold};
use crate::partial_credit::{
    column_signature_against, ColumnScores, ColumnSignatureScore, PartialCredit, RowScores,
    SignatureStatus,
};

#[cfg(doc)]
use super::Diagnosis;

/// The partial credit of `prediction`, equal to the `partial` block of
/// [`explain`](super::explain) with `signature_strict = strict`. `gold_signatures` is
/// [`crate::partial_credit::sorted_column_signatures`] of the gold table with the same `strict`.
///
/// ```
/// use tabeq::explain::{explain, partial_credit, ExplainOptions};
/// use tabeq::partial_credit::sorted_column_signatures;
/// use tabeq::{Prediction, PreparedGold, TaskConfig};
/// let config = TaskConfig::from_json(br#"{"schema_version": "1.0", "task_id": "task_1",
///   "order_sensitive": false, "columns": [
///     {"gold_index": 0, "gold_name": "region", "type": "text"},
///     {"gold_index": 1, "gold_name": "n", "type": "number", "comparison": {"mode": "integer"}}]}"#, None)?;
/// let gold = PreparedGold::new(b"region,n\nNorth,1\nSouth,2\nEast,3\n", &config)?;
/// let signatures = sorted_column_signatures(gold.table(), false);
/// let prediction = Prediction::Csv(b"region,n\nNorth,1\nSouth,2\nWest,4\n");
/// let credit = partial_credit(prediction, &gold, &signatures, false);
/// assert_eq!(credit.rows.matched, 2);
/// assert_eq!(credit, explain(prediction, &gold, &ExplainOptions::default()).partial);
/// # Ok::<(), tabeq::FatalError>(())
/// ```
pub fn partial_credit(
    prediction: Prediction<'_>,
    gold: &PreparedGold,
    gold_signatures: &[[u8; 32]],
    strict: bool,
) -> PartialCredit {
    credit(prediction, gold, strict, |table| {
        column_signature_against(Some(table), gold_signatures, strict)
    })
}

// Partial credit runs the diagnosis's analysis, so this method of the scoring layer's
// `PreparedGold` lives here, with the diagnosis.
impl PreparedGold {
    /// The partial credit of a prediction (dense rewards; not the official score): the
    /// `partial` block of [`crate::explain::explain`] without the rest of the diagnosis.
    ///
    /// ```
    /// use tabeq::{Prediction, PreparedGold, TaskConfig};
    /// let config = TaskConfig::from_json(br#"{"schema_version": "1.0", "task_id": "task_1",
    ///   "order_sensitive": false, "columns": [{"gold_index": 0, "gold_name": "n", "type": "text"}]}"#, None)?;
    /// let gold = PreparedGold::new(b"n\na\nb\n", &config)?;
    /// assert_eq!(gold.partial_credit(Prediction::Csv(b"m\na\nc\n"), false).rows.matched, 1);
    /// # Ok::<(), tabeq::FatalError>(())
    /// ```
    pub fn partial_credit(&self, prediction: Prediction<'_>, strict: bool) -> PartialCredit {
        credit(prediction, self, strict, |table| {
            self.column_signatures(strict).score(Some(table))
        })
    }
}

/// [`partial_credit`] with the column signature of a table given by `signature`.
pub(crate) fn credit(
    prediction: Prediction<'_>,
    gold: &PreparedGold,
    strict: bool,
    signature: impl FnOnce(&Table) -> ColumnSignatureScore,
) -> PartialCredit {
    let d = gold.config().columns.len();
    let n_gold = gold.table().row_count();
    let table = match prediction.read_within(gold.limits()) {
        Ok(table) => table,
        Err(unread) => {
            return PartialCredit::unreadable(d, n_gold, unread.is_missing(), strict);
        }
    };
    let table = table.as_ref();
    let column_signature = signature(table);
    let passed = |column_signature| PartialCredit {
        // Every gold column is recovered by its mapped column, every row matches.
        column_signature,
        rows: RowScores::new(n_gold, n_gold, n_gold),
        columns: ColumnScores::new(d, d, d),
    };
    // The official verdict decides which mapping the credit uses. A perfect column signature
    // makes a pass likely: score first, and analyse only on failure. Otherwise analyse first:
    // the official verdict is needed only when every gold column is recovered.
    let likely_pass = column_signature.status == SignatureStatus::PerfectMatch;
    if likely_pass && gold.evaluate_table(table).passed {
        return passed(column_signature);
    }
    let (credit, could_pass) = analyse(gold, table, strict);
    if could_pass && !likely_pass && gold.evaluate_table(table).passed {
        return passed(column_signature);
    }
    PartialCredit {
        column_signature,
        ..credit
    }
}

/// The credit under the diagnosis's best mapping (with a placeholder column signature), and
/// whether the official verdict can be a pass (every gold column recovered, same shape).
fn analyse(gold: &PreparedGold, table: &Table, strict: bool) -> (PartialCredit, bool) {
    let options = ExplainOptions {
        max_items: 0,
        hints: false,
        signature_strict: strict,
        ..ExplainOptions::default()
    };
    let mut analysis = Analysis::new(gold, table, &options);
    let mapping = analysis.best_mapping();
    analysis
        .canon
        .intern_columns(table, &Analysis::mapped_pairs(&mapping));
    let (rows, columns) = analysis.mapped_credit(&analysis.rows(&mapping));
    // A pass maps every gold column to a column with exactly its values.
    let could_pass = columns.matched == analysis.d
        && analysis.c == analysis.d
        && analysis.n_gold == analysis.n_pred;
    let credit = PartialCredit {
        column_signature: ColumnSignatureScore::unreadable(analysis.d, false, strict),
        rows,
        columns,
    };
    (credit, could_pass)
}
