//! Partial-credit scores. None of these is the official score: the official score is the
//! binary `passed` of [`crate::evaluate`]. They exist for leaderboards that want graded
//! credit, and for comparison with other benchmarks.
//!
//! * [`column_signature`] — a compatibility mode reproducing the KDD Cup 2026 phase-1 scorer
//!   as described publicly: it needs no config, ignores headers, row order and column order,
//!   and credits each prediction column whose whole content equals a gold column's.
//! * [`RowScores`] and [`ColumnScores`] — precision/recall under the diagnosis's best column
//!   mapping (see [`mod@crate::explain`]).
//!
//! ```
//! use tabeq::csv::read_table;
//! use tabeq::partial_credit::{column_signature, SignatureStatus};
//! let gold = read_table(b"region,gdp\nNorth,1.25\nSouth,2\n").unwrap();
//! let pred = read_table(b"gdp,region,extra\n2.00,South,x\n1.25,North,y\n").unwrap();
//! let s = column_signature(Some(&pred), &gold, false);
//! assert_eq!(s.status, SignatureStatus::PartialMatch);
//! assert_eq!(s.matched_columns, 2);
//! // recall 2/2, penalty 0.1 × 1 extra / 3 prediction columns
//! assert!((s.score - (1.0 - 0.1 / 3.0)).abs() < 1e-12);
//! ```

use sha2::{Digest, Sha256};

use crate::bipartite::mix64;
use crate::chars::{is_null_token, python_strip};
use crate::config::{Comparison, NumericUnit};
use crate::csv::Table;
use crate::isodate::parse_official;
use crate::number::canonical_number_into;

/// Penalty per extra prediction column, as a fraction of the prediction's column count.
pub const EXTRA_COLUMN_PENALTY: f64 = 0.1;

/// The outcome class of the column-signature scorer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum SignatureStatus {
    /// Every gold column matched and no extra prediction column (score 1).
    PerfectMatch,
    /// At least one gold column matched, but not a perfect match.
    PartialMatch,
    /// No gold column matched (also an unreadable prediction).
    NoMatch,
    /// No prediction file.
    MissingPrediction,
}

impl SignatureStatus {
    /// `perfect_match`, `partial_match`, `no_match` or `missing_prediction`.
    pub fn code(self) -> &'static str {
        match self {
            SignatureStatus::PerfectMatch => "perfect_match",
            SignatureStatus::PartialMatch => "partial_match",
            SignatureStatus::NoMatch => "no_match",
            SignatureStatus::MissingPrediction => "missing_prediction",
        }
    }
}

/// The column-signature score of one prediction.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ColumnSignatureScore {
    /// The outcome class.
    pub status: SignatureStatus,
    /// `max(0, recall - penalty)`, in 0..=1.
    pub score: f64,
    /// matched / gold columns.
    pub recall: f64,
    /// 0.1 × extra / prediction columns.
    pub penalty: f64,
    /// Size of the multiset intersection of gold and prediction column signatures.
    pub matched_columns: usize,
    /// Gold columns.
    pub gold_columns: usize,
    /// Prediction columns (0 when missing or unreadable).
    pub prediction_columns: usize,
    /// Prediction columns not matched.
    pub extra_columns: usize,
    /// Whether thousands separators were refused.
    pub strict: bool,
}

impl ColumnSignatureScore {
    /// The score of a prediction that could not be read (`no_match`) or does not exist.
    pub fn unreadable(gold_columns: usize, missing: bool, strict: bool) -> Self {
        ColumnSignatureScore {
            status: if missing {
                SignatureStatus::MissingPrediction
            } else {
                SignatureStatus::NoMatch
            },
            score: 0.0,
            recall: 0.0,
            penalty: 0.0,
            matched_columns: 0,
            gold_columns,
            prediction_columns: 0,
            extra_columns: 0,
            strict,
        }
    }
}

/// Normalize one cell for the column signature: null tokens become empty; a number becomes
/// its value rounded half-up to two decimals (thousands separators accepted unless
/// `strict`); an ISO 8601 date or datetime becomes `YYYY-MM-DDTHH:MM:SS[.ffffff][Z]`
/// (aware values in UTC); anything else is the stripped text.
///
/// ```
/// use tabeq::partial_credit::signature_cell;
/// assert_eq!(signature_cell(" 1,234.505 ", false), "1234.51");
/// assert_eq!(signature_cell("1,234.505", true), "1,234.505");
/// assert_eq!(signature_cell("NaN", false), "");
/// assert_eq!(signature_cell("2024-01-02", false), "2024-01-02T00:00:00");
/// assert_eq!(signature_cell("2024-01-02 10:00+02:00", false), "2024-01-02T08:00:00Z");
/// assert_eq!(signature_cell("  North ", false), "North");
/// ```
pub fn signature_cell(raw: &str, strict: bool) -> String {
    let mut out = String::new();
    signature_cell_into(raw, strict, &mut out);
    out
}

/// [`signature_cell`] appending to `out`.
fn signature_cell_into(raw: &str, strict: bool, out: &mut String) {
    let stripped = python_strip(raw);
    // Null tokens have at most 4 characters, and casefolding never shortens text.
    if stripped.len() <= 16 && is_null_token(stripped) {
        return;
    }
    if !(strict && stripped.contains(',')) {
        let mark = out.len();
        let number = canonical_number_into(
            stripped,
            Comparison::DecimalPlaces(2),
            NumericUnit::Plain,
            false,
            out,
        );
        if number.is_ok() {
            return;
        }
        out.truncate(mark);
    }
    // Dates need a separator so that plain digit runs (`20240102`) stay numbers.
    if stripped.contains('-') || stripped.contains(':') {
        if let Ok(dt) = parse_official(stripped) {
            dt.write_datetime(out);
            return;
        }
    }
    out.push_str(stripped);
}

/// A deterministic 128-bit digest of a normalized cell (the length is mixed in, so padding
/// is unambiguous). Sorting digests instead of strings keeps the signature O(n log n) on
/// integers; two different cells collide with probability about 2^-128.
fn cell_digest(bytes: &[u8]) -> u128 {
    let mut a: u64 = 0x9e37_79b9_7f4a_7c15 ^ bytes.len() as u64;
    let mut b: u64 = 0xc2b2_ae3d_27d4_eb4f;
    for chunk in bytes.chunks(8) {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        let x = u64::from_le_bytes(word);
        a = mix64(a ^ x);
        b = mix64(b.rotate_left(23) ^ x ^ 0x5851_f42d_4c95_7f2d);
    }
    (u128::from(mix64(a)) << 64) | u128::from(mix64(b ^ a))
}

/// Each column's sorted cell digests. `known` gives the digests of raw texts already seen
/// (the gold's), so cells equal to a gold cell are not normalized again.
fn column_digests(table: &Table, strict: bool, known: Option<&GoldSignatures>) -> Vec<Vec<u128>> {
    let columns = table.column_count();
    let mut digests: Vec<Vec<u128>> = vec![Vec::with_capacity(table.row_count()); columns];
    let mut scratch = String::new();
    // Row by row: the table is stored row-major.
    for row in 0..table.row_count() {
        for (k, column) in digests.iter_mut().enumerate() {
            let raw = table.cell(row, k);
            column.push(known.and_then(|g| g.known_raw(raw)).unwrap_or_else(|| {
                scratch.clear();
                signature_cell_into(raw, strict, &mut scratch);
                cell_digest(scratch.as_bytes())
            }));
        }
    }
    for column in &mut digests {
        column.sort_unstable();
    }
    digests
}

/// The signature of each column: SHA-256 over the sorted digests of its normalized cells.
/// Two columns get the same signature exactly when their sorted normalized cells are equal
/// (up to digest collisions).
pub fn column_signatures(table: &Table, strict: bool) -> Vec<[u8; 32]> {
    column_digests(table, strict, None)
        .into_iter()
        .map(|cells| {
            let mut hasher = Sha256::new();
            for cell in &cells {
                hasher.update(cell.to_le_bytes());
            }
            hasher.finalize().into()
        })
        .collect()
}

/// Raw gold text (bytes) remembered with its digest: beyond it, cells are normalized.
const RAW_TEXT_LIMIT: usize = 8 << 20;

/// The gold side of the column signature, prepared once for many predictions: each column's
/// sorted cell digests (columns sorted), and the digest of each raw gold cell text.
#[derive(Clone, Debug)]
pub struct GoldSignatures {
    strict: bool,
    columns: Vec<Vec<u128>>,
    raw: crate::rule_values::Arena,
    raw_digests: Vec<u128>,
    hasher: foldhash::fast::RandomState,
}

impl GoldSignatures {
    /// Prepare the gold's columns for [`GoldSignatures::score`].
    pub fn new(gold: &Table, strict: bool) -> Self {
        let mut columns = column_digests(gold, strict, None);
        columns.sort_unstable();
        let mut signatures = GoldSignatures {
            strict,
            columns,
            raw: Default::default(),
            raw_digests: Vec::new(),
            hasher: Default::default(),
        };
        let mut scratch = String::new();
        for row in 0..gold.row_count() {
            for raw in gold.row(row) {
                if signatures.raw.text_len() + raw.len() > RAW_TEXT_LIMIT {
                    return signatures;
                }
                let hash = std::hash::BuildHasher::hash_one(&signatures.hasher, raw);
                if signatures.raw.find(hash, raw).is_none() {
                    scratch.clear();
                    signature_cell_into(raw, strict, &mut scratch);
                    signatures.raw.push(hash, raw, &signatures.hasher);
                    signatures.raw_digests.push(cell_digest(scratch.as_bytes()));
                }
            }
        }
        signatures
    }

    fn known_raw(&self, raw: &str) -> Option<u128> {
        let hash = std::hash::BuildHasher::hash_one(&self.hasher, raw);
        self.raw
            .find(hash, raw)
            .map(|i| self.raw_digests[i as usize])
    }

    /// [`column_signature`] of a prediction against this gold (`None`: no prediction file).
    ///
    /// ```
    /// use tabeq::csv::read_table;
    /// use tabeq::partial_credit::{column_signature, GoldSignatures};
    /// let gold = read_table(b"a,b\n1,x\n2,y\n").unwrap();
    /// let pred = read_table(b"q,p\ny,2.0\nx,1\n").unwrap();
    /// let prepared = GoldSignatures::new(&gold, false);
    /// assert_eq!(prepared.score(Some(&pred)), column_signature(Some(&pred), &gold, false));
    /// assert_eq!(prepared.score(Some(&pred)).matched_columns, 2);
    /// ```
    pub fn score(&self, prediction: Option<&Table>) -> ColumnSignatureScore {
        let gold_columns = self.columns.len();
        let Some(prediction) = prediction else {
            return ColumnSignatureScore::unreadable(gold_columns, true, self.strict);
        };
        let mut columns = column_digests(prediction, self.strict, Some(self));
        columns.sort_unstable();
        let matched = common_items(&self.columns, &columns);
        ColumnSignatureScore::of_matches(matched, gold_columns, columns.len(), self.strict)
    }
}

/// Size of the multiset intersection of two sorted lists.
fn common_items<T: Ord>(a: &[T], b: &[T]) -> usize {
    let (mut i, mut k, mut matched) = (0, 0, 0);
    while i < a.len() && k < b.len() {
        match a[i].cmp(&b[k]) {
            std::cmp::Ordering::Equal => {
                matched += 1;
                i += 1;
                k += 1;
            }
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => k += 1,
        }
    }
    matched
}

/// The KDD Cup 2026 phase-1 column-signature score (a compatibility mode, not the official
/// DataSpace score). `prediction` is `None` when there is no prediction file.
pub fn column_signature(
    prediction: Option<&Table>,
    gold: &Table,
    strict: bool,
) -> ColumnSignatureScore {
    column_signature_against(prediction, &sorted_column_signatures(gold, strict), strict)
}

/// [`column_signatures`] sorted: what [`column_signature_against`] takes for the gold, so a
/// gold scored against many predictions is hashed once.
pub fn sorted_column_signatures(table: &Table, strict: bool) -> Vec<[u8; 32]> {
    let mut signatures = column_signatures(table, strict);
    signatures.sort_unstable();
    signatures
}

/// [`column_signature`] against the gold's [`sorted_column_signatures`] (same `strict`).
pub fn column_signature_against(
    prediction: Option<&Table>,
    gold_sigs: &[[u8; 32]],
    strict: bool,
) -> ColumnSignatureScore {
    let gold_columns = gold_sigs.len();
    let Some(prediction) = prediction else {
        return ColumnSignatureScore::unreadable(gold_columns, true, strict);
    };
    let mut pred_sigs = column_signatures(prediction, strict);
    pred_sigs.sort_unstable();
    let matched = common_items(gold_sigs, &pred_sigs);
    ColumnSignatureScore::of_matches(matched, gold_columns, pred_sigs.len(), strict)
}

impl ColumnSignatureScore {
    /// The score when `matched` prediction columns equal a gold column.
    fn of_matches(
        matched: usize,
        gold_columns: usize,
        prediction_columns: usize,
        strict: bool,
    ) -> Self {
        let extra = prediction_columns - matched;
        let recall = ratio(matched, gold_columns);
        let penalty = EXTRA_COLUMN_PENALTY * ratio(extra, prediction_columns);
        let score = (recall - penalty).max(0.0);
        let status = if matched == 0 {
            SignatureStatus::NoMatch
        } else if matched == gold_columns && extra == 0 {
            SignatureStatus::PerfectMatch
        } else {
            SignatureStatus::PartialMatch
        };
        ColumnSignatureScore {
            status,
            score,
            recall,
            penalty,
            matched_columns: matched,
            gold_columns,
            prediction_columns,
            extra_columns: extra,
            strict,
        }
    }
}

/// `num / den`, or 0 when `den` is 0.
fn ratio(num: usize, den: usize) -> f64 {
    if den == 0 {
        0.0
    } else {
        num as f64 / den as f64
    }
}

/// Row-level precision and recall: a prediction row counts when it equals an unused gold
/// row on every gold column (multiset intersection of canonical rows under a mapping).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RowScores {
    /// matched / prediction rows.
    pub precision: f64,
    /// matched / gold rows.
    pub recall: f64,
    /// Harmonic mean of precision and recall (0 when both are 0).
    pub f1: f64,
    /// Rows in the multiset intersection.
    #[serde(rename = "matched_rows")]
    pub matched: usize,
    /// Gold data rows.
    pub gold_rows: usize,
    /// Prediction data rows.
    pub prediction_rows: usize,
}

impl RowScores {
    /// Scores from counts. With no rows on a side, that side's measure is 1 when the other
    /// side is empty too (nothing to find, nothing wrong) and 0 otherwise.
    ///
    /// ```
    /// let s = tabeq::partial_credit::RowScores::new(3, 4, 6);
    /// assert_eq!((s.precision, s.recall), (0.5, 0.75));
    /// assert!((s.f1 - 0.6).abs() < 1e-12);
    /// ```
    pub fn new(matched: usize, gold_rows: usize, prediction_rows: usize) -> Self {
        let both_empty = gold_rows == 0 && prediction_rows == 0;
        let precision = if prediction_rows == 0 {
            f64::from(u8::from(both_empty))
        } else {
            ratio(matched, prediction_rows)
        };
        let recall = if gold_rows == 0 {
            f64::from(u8::from(prediction_rows == 0))
        } else {
            ratio(matched, gold_rows)
        };
        RowScores {
            matched,
            gold_rows,
            prediction_rows,
            precision,
            recall,
            f1: f1(precision, recall),
        }
    }

    /// All zero: no prediction to score.
    pub fn zero(gold_rows: usize) -> Self {
        RowScores {
            matched: 0,
            gold_rows,
            prediction_rows: 0,
            precision: 0.0,
            recall: 0.0,
            f1: 0.0,
        }
    }
}

fn f1(precision: f64, recall: f64) -> f64 {
    if precision + recall == 0.0 {
        0.0
    } else {
        2.0 * precision * recall / (precision + recall)
    }
}

/// Column-level precision and recall: a gold column is recovered when a distinct prediction
/// column holds exactly its canonical values (the same multiset, or for ordered tasks the
/// same sequence).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ColumnScores {
    /// matched / prediction columns.
    pub precision: f64,
    /// matched / gold columns.
    pub recall: f64,
    /// Gold columns recovered (a maximum one-to-one matching).
    #[serde(rename = "matched_columns")]
    pub matched: usize,
    /// Gold columns.
    pub gold_columns: usize,
    /// Prediction columns.
    pub prediction_columns: usize,
}

impl ColumnScores {
    /// Scores from counts.
    pub fn new(matched: usize, gold_columns: usize, prediction_columns: usize) -> Self {
        ColumnScores {
            matched,
            gold_columns,
            prediction_columns,
            precision: ratio(matched, prediction_columns),
            recall: ratio(matched, gold_columns),
        }
    }
}

/// The partial-credit block of a diagnosis.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(as = "PartialCreditJson"))]
pub struct PartialCredit {
    /// KDD Cup 2026 phase-1 compatibility score.
    pub column_signature: ColumnSignatureScore,
    /// Row precision/recall/F1 under the best mapping.
    pub rows: RowScores,
    /// Column precision/recall.
    pub columns: ColumnScores,
}

impl PartialCredit {
    /// The credit of a prediction without a table (missing, or not a readable CSV): nothing.
    pub fn unreadable(gold_columns: usize, gold_rows: usize, missing: bool, strict: bool) -> Self {
        PartialCredit {
            column_signature: ColumnSignatureScore::unreadable(gold_columns, missing, strict),
            rows: RowScores::zero(gold_rows),
            columns: ColumnScores::new(0, gold_columns, 0),
        }
    }

    /// The one-line form (`PartialCredit.__repr__` in Python).
    ///
    /// ```
    /// use tabeq::partial_credit::PartialCredit;
    /// assert_eq!(
    ///     PartialCredit::unreadable(2, 3, true, false).repr(),
    ///     "<PartialCredit rows P/R/F1 0.000/0.000/0.000, columns P/R 0.000/0.000, signature 0.000 (missing_prediction)>"
    /// );
    /// ```
    pub fn repr(&self) -> String {
        let (rows, columns, signature) = (&self.rows, &self.columns, &self.column_signature);
        format!(
            "<PartialCredit rows P/R/F1 {:.3}/{:.3}/{:.3}, columns P/R {:.3}/{:.3}, signature {:.3} ({})>",
            rows.precision,
            rows.recall,
            rows.f1,
            columns.precision,
            columns.recall,
            signature.score,
            signature.status.code()
        )
    }
}

/// Said with every partial-credit block, so no reader takes it for the official score.
pub const PARTIAL_CREDIT_NOTE: &str =
    "partial credit is not the official score; the official score is `passed` (0/1)";

impl serde::Serialize for PartialCredit {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut out = s.serialize_struct("PartialCredit", 4)?;
        out.serialize_field("note", PARTIAL_CREDIT_NOTE)?;
        out.serialize_field("column_signature", &self.column_signature)?;
        out.serialize_field("rows", &self.rows)?;
        out.serialize_field("columns", &self.columns)?;
        out.end()
    }
}

/// The JSON shape of [`PartialCredit`] (its TypeScript declaration: `make types`).
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[allow(dead_code)]
pub(crate) struct PartialCreditJson {
    /// [`PARTIAL_CREDIT_NOTE`].
    note: String,
    column_signature: ColumnSignatureScore,
    rows: RowScores,
    columns: ColumnScores,
}

/// [`column_signature`] of a prediction's CSV bytes (`None`: no file); bytes that do not read
/// as a strict CSV score as an unreadable table (`no_match`).
///
/// ```
/// use tabeq::partial_credit::column_signature_of_csv;
/// let gold = tabeq::csv::read_table(b"n\n1\n").unwrap();
/// assert_eq!(column_signature_of_csv(Some(b"m\n1.0\n"), &gold, false).score, 1.0);
/// assert_eq!(column_signature_of_csv(Some(b"\"a\n"), &gold, false).score, 0.0);
/// ```
pub fn column_signature_of_csv(
    prediction: Option<&[u8]>,
    gold: &Table,
    strict: bool,
) -> ColumnSignatureScore {
    match prediction.map(crate::csv::read_table) {
        None => column_signature(None, gold, strict),
        Some(Ok(table)) => column_signature(Some(&table), gold, strict),
        Some(Err(_)) => ColumnSignatureScore::unreadable(gold.column_count(), false, strict),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::canon::{canonical_text, Canonical};
    use crate::csv::read_table;

    fn table(s: &str) -> Table {
        read_table(s.as_bytes()).unwrap()
    }

    #[test]
    fn cells_normalize_by_kind() {
        assert_eq!(signature_cell("3.1", false), "3.1");
        assert_eq!(signature_cell("3.10", false), "3.1");
        assert_eq!(signature_cell("3.105", false), "3.11");
        assert_eq!(signature_cell("-0.001", false), "0");
        assert_eq!(signature_cell("1e3", false), "1000");
        assert_eq!(signature_cell("null", false), "");
        assert_eq!(signature_cell(" <NA> ", false), "");
        assert_eq!(signature_cell("12%", false), "12%");
        assert_eq!(signature_cell("20240102", false), "20240102");
        assert_eq!(
            signature_cell("2024-01-02T00:00:00Z", false),
            "2024-01-02T00:00:00Z"
        );
        assert_eq!(signature_cell("2024-13-02", false), "2024-13-02");
        assert_eq!(signature_cell("e\u{301}", false), "e\u{301}");
        assert_eq!(
            canonical_text("e\u{301}"),
            Canonical::Value("\u{e9}".into())
        );
    }

    #[test]
    fn perfect_partial_and_no_match() {
        let gold = table("a,b\n1,x\n2,y\n");
        let same = column_signature(Some(&table("q,p\ny,2.00\nx,1\n")), &gold, false);
        assert_eq!(same.status, SignatureStatus::PerfectMatch);
        assert_eq!((same.score, same.recall, same.penalty), (1.0, 1.0, 0.0));

        let one = column_signature(Some(&table("a,b\n1,x\n2,z\n")), &gold, false);
        assert_eq!(one.status, SignatureStatus::PartialMatch);
        assert_eq!(one.matched_columns, 1);
        assert_eq!(one.extra_columns, 1);
        assert!((one.score - (0.5 - 0.05)).abs() < 1e-12);

        let none = column_signature(Some(&table("a\n3\n4\n")), &gold, false);
        assert_eq!(none.status, SignatureStatus::NoMatch);
        assert_eq!(none.score, 0.0);

        let missing = column_signature(None, &gold, false);
        assert_eq!(missing.status, SignatureStatus::MissingPrediction);
        assert_eq!(missing.score, 0.0);
    }

    #[test]
    fn duplicate_signatures_are_a_multiset() {
        // Two identical gold columns need two identical prediction columns.
        let gold = table("a,b\n1,1\n2,2\n");
        let s = column_signature(Some(&table("x\n1\n2\n")), &gold, false);
        assert_eq!(s.matched_columns, 1);
        assert_eq!(s.recall, 0.5);
        assert_eq!(s.penalty, 0.0);
        let s = column_signature(Some(&table("x,y,z\n1,1,1\n2,2,2\n")), &gold, false);
        assert_eq!(s.matched_columns, 2);
        assert_eq!(s.extra_columns, 1);
    }

    #[test]
    fn score_is_clamped_at_zero_and_strict_refuses_separators() {
        // 1 of 20 gold columns matched, 19 extra of 20: 0.05 - 0.095 < 0.
        let header: Vec<String> = (0..20).map(|i| format!("c{i}")).collect();
        let gold_row: Vec<String> = (0..20).map(|i| i.to_string()).collect();
        let pred_row: Vec<String> = (0..20)
            .map(|i| if i == 0 { "0".into() } else { format!("x{i}") })
            .collect();
        let gold = table(&format!("{}\n{}\n", header.join(","), gold_row.join(",")));
        let pred = table(&format!("{}\n{}\n", header.join(","), pred_row.join(",")));
        let s = column_signature(Some(&pred), &gold, false);
        assert_eq!(s.matched_columns, 1);
        assert_eq!(s.score, 0.0);
        assert_eq!(s.status, SignatureStatus::PartialMatch);

        let gold = table("n\n1234\n");
        let pred = table("n\n\"1,234.00\"\n");
        assert_eq!(
            column_signature(Some(&pred), &gold, false).status,
            SignatureStatus::PerfectMatch
        );
        assert_eq!(
            column_signature(Some(&pred), &gold, true).status,
            SignatureStatus::NoMatch
        );
    }
}
