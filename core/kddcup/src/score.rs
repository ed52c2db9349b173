//! The official `score_task`: column signatures matched as multisets, the score, the status.

use std::collections::HashMap;

use serde::Serialize;
use tabeq::error::KddcupCode;

use crate::normalize::{normalize_cell, signature_of_sorted};
use crate::read::{read_columns, ReadFailure};

/// `TaskScore.to_dict()` of the official scorer, fields in its order.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "KddcupTaskScore"))]
pub struct TaskScore {
    /// `perfect_match`, `partial_match`, `no_match`, `missing_prediction` or
    /// `read_error:<exception class name>`.
    pub status: String,
    /// `max(0.0, recall - penalty)`.
    pub score: f64,
    /// Matched gold columns over gold columns.
    pub recall: f64,
    /// `penalty_weight * extra_columns / predicted_columns`.
    pub penalty: f64,
    /// Number of gold columns.
    pub gold_columns: usize,
    /// Number of prediction columns.
    pub predicted_columns: usize,
    /// Gold columns matched by a prediction column of the same signature (multiset).
    pub matched_columns: usize,
    /// Prediction columns not matched.
    pub extra_columns: usize,
    /// Each unmatched gold signature, as often as it is unmatched, in first-column order.
    pub missing_gold_signatures: Vec<String>,
    /// Each unmatched prediction signature, likewise.
    pub extra_prediction_signatures: Vec<String>,
    /// `str(exc)` of a read error.
    pub error: Option<String>,
}

impl TaskScore {
    /// A score of zero with only a status (and an error text).
    fn zero(status: String, error: Option<String>) -> Self {
        TaskScore {
            status,
            score: 0.0,
            recall: 0.0,
            penalty: 0.0,
            gold_columns: 0,
            predicted_columns: 0,
            matched_columns: 0,
            extra_columns: 0,
            missing_gold_signatures: Vec::new(),
            extra_prediction_signatures: Vec::new(),
            error,
        }
    }

    /// `missing_prediction`.
    pub fn missing() -> Self {
        TaskScore::zero("missing_prediction".into(), None)
    }
}

/// Why scoring cannot go on (the official raises `EvaluationError` or `ValueError` and its
/// `score-run` exits 2): a stable code and the official's message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fatal {
    code: KddcupCode,
    message: String,
}

impl Fatal {
    pub(crate) fn new(code: KddcupCode, message: String) -> Self {
        Fatal { code, message }
    }
    /// The stable code (the `kddcup` family of `tabeq::error_catalogue`).
    pub fn code(&self) -> &'static str {
        self.code.code()
    }
    /// The kind.
    pub fn kind(&self) -> KddcupCode {
        self.code
    }
    /// The official's message (`str(exc)`).
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl core::fmt::Display for Fatal {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Fatal {}

/// A prediction file as the binding found it.
#[derive(Debug, Clone, Copy)]
pub enum Prediction<'a> {
    /// No regular file at the path (`missing_prediction`).
    Missing,
    /// A file that could not be opened: `read_error:EvaluationError`,
    /// `Cannot open CSV {path}: {os_error}` (`os_error` as Python's `str(OSError)`).
    Unreadable {
        /// The path as the official prints it.
        path: &'a str,
        /// `str(exc)` of the OSError.
        os_error: &'a str,
    },
    /// The file's bytes.
    Bytes {
        /// The path as the official prints it.
        path: &'a str,
        /// The content.
        bytes: &'a [u8],
    },
}

/// A gold file as the binding found it. The official reads a gold only when its prediction
/// exists ([`needs_gold`]); otherwise pass anything but [`GoldInput::Missing`].
#[derive(Debug, Clone, Copy)]
pub enum GoldInput<'a> {
    /// No regular file at the path: fatal `Missing gold CSV: {path}` (checked first).
    Missing {
        /// The path as the official prints it.
        path: &'a str,
    },
    /// Could not be opened: fatal `Cannot open CSV {path}: {os_error}`.
    Unreadable {
        /// The path as the official prints it.
        path: &'a str,
        /// `str(exc)` of the OSError.
        os_error: &'a str,
    },
    /// The file's bytes.
    Bytes {
        /// The path as the official prints it.
        path: &'a str,
        /// The content.
        bytes: &'a [u8],
    },
}

/// Whether the gold's content is needed for this prediction (the official opens the gold
/// only when the prediction file exists).
pub fn needs_gold(prediction: &Prediction<'_>) -> bool {
    !matches!(prediction, Prediction::Missing)
}

/// The official check of the weight: negative is fatal; `-0.0` and NaN pass.
pub fn check_penalty_weight(penalty_weight: f64) -> Result<(), Fatal> {
    if penalty_weight < 0.0 {
        return Err(Fatal::new(
            KddcupCode::PenaltyNegative,
            "penalty_weight must be non-negative.".into(),
        ));
    }
    Ok(())
}

/// Signatures counted in first-insertion order (Python's `Counter`).
#[derive(Debug, Clone, Default)]
pub(crate) struct Signatures {
    pub(crate) order: Vec<(String, usize)>,
    index: HashMap<String, usize>,
}

impl Signatures {
    pub(crate) fn of_columns(columns: &[Vec<String>], strict_commas: bool) -> Self {
        let mut out = Signatures::default();
        for column in columns {
            out.add(column_signature_of(column, strict_commas));
        }
        out
    }
    fn add(&mut self, signature: String) {
        match self.index.get(&signature) {
            Some(&i) => self.order[i].1 += 1,
            None => {
                self.index.insert(signature.clone(), self.order.len());
                self.order.push((signature, 1));
            }
        }
    }
    fn get(&self, signature: &str) -> usize {
        self.index.get(signature).map_or(0, |&i| self.order[i].1)
    }
    fn total(&self) -> usize {
        self.order.iter().map(|(_, n)| n).sum()
    }
}

fn column_signature_of(column: &[String], strict_commas: bool) -> String {
    let mut normalized: Vec<String> = column
        .iter()
        .map(|v| normalize_cell(v, strict_commas))
        .collect();
    normalized.sort_unstable();
    signature_of_sorted(&normalized)
}

/// The status and message of a prediction that cannot be read.
pub(crate) fn read_error_score(failure: &ReadFailure, path: &str) -> TaskScore {
    TaskScore::zero(
        format!("read_error:{}", failure.error.exception_name()),
        Some(failure.error.message(path)),
    )
}

/// The matching of prediction signatures against gold signatures.
pub(crate) fn match_signatures(
    gold: &Signatures,
    prediction: &Signatures,
    penalty_weight: f64,
) -> TaskScore {
    let matched: usize = gold
        .order
        .iter()
        .map(|(s, n)| (*n).min(prediction.get(s)))
        .sum();
    let gold_count = gold.total();
    let prediction_count = prediction.total();
    let extra = prediction_count.saturating_sub(matched);
    let recall = if gold_count > 0 {
        matched as f64 / gold_count as f64
    } else {
        0.0
    };
    let penalty = if prediction_count > 0 {
        penalty_weight * (extra as f64 / prediction_count as f64)
    } else {
        0.0
    };
    let difference = recall - penalty;
    // max(0.0, x) keeps the first argument unless x is greater (so NaN gives 0.0).
    let score = if difference > 0.0 { difference } else { 0.0 };
    let unmatched = |of: &Signatures, against: &Signatures| {
        let mut out = Vec::new();
        for (signature, count) in &of.order {
            let missing = count.saturating_sub(against.get(signature));
            out.extend(std::iter::repeat_n(signature.clone(), missing));
        }
        out
    };
    let status = if recall == 1.0 && extra == 0 {
        "perfect_match"
    } else if matched > 0 {
        "partial_match"
    } else {
        "no_match"
    };
    TaskScore {
        status: status.into(),
        score,
        recall,
        penalty,
        gold_columns: gold_count,
        predicted_columns: prediction_count,
        matched_columns: matched,
        extra_columns: extra,
        missing_gold_signatures: unmatched(gold, prediction),
        extra_prediction_signatures: unmatched(prediction, gold),
        error: None,
    }
}

/// A gold read and signed once, to score many predictions against (an RL loop's reward).
///
/// ```
/// use tabeq_kddcup::PreparedGold;
/// let gold = PreparedGold::new(b"a,b\n1,x\n", "gold.csv", false).unwrap();
/// assert_eq!(gold.score(Some(b"b,a\nx,1.00\n"), 0.1), 1.0);
/// assert_eq!(gold.score(None, 0.1), 0.0);
/// ```
#[derive(Debug, Clone)]
pub struct PreparedGold {
    signatures: Signatures,
    strict_commas: bool,
}

impl PreparedGold {
    /// Read and sign the gold; an unreadable gold is the official's fatal
    /// `Invalid gold CSV {path}: {exc}`.
    pub fn new(gold: &[u8], gold_path: &str, strict_commas: bool) -> Result<Self, Fatal> {
        let columns = read_columns(gold).map_err(|f| {
            Fatal::new(
                KddcupCode::GoldInvalid,
                format!(
                    "Invalid gold CSV {gold_path}: {}",
                    f.error.message(gold_path)
                ),
            )
        })?;
        Ok(PreparedGold {
            signatures: Signatures::of_columns(&columns, strict_commas),
            strict_commas,
        })
    }

    /// The whole task score of a prediction (`None`: missing) read from `path`.
    pub fn score_task(
        &self,
        prediction: Option<&[u8]>,
        path: &str,
        penalty_weight: f64,
    ) -> TaskScore {
        let Some(bytes) = prediction else {
            return TaskScore::missing();
        };
        match read_columns(bytes) {
            Err(failure) => read_error_score(&failure, path),
            Ok(columns) => {
                let prediction = Signatures::of_columns(&columns, self.strict_commas);
                match_signatures(&self.signatures, &prediction, penalty_weight)
            }
        }
    }

    /// Just the score (0.0 for a missing or unreadable prediction).
    pub fn score(&self, prediction: Option<&[u8]>, penalty_weight: f64) -> f64 {
        self.score_task(prediction, "", penalty_weight).score
    }
}

/// The official `score_task(prediction_csv, gold_csv, penalty_weight=..., strict_commas=...)`
/// without IO: the binding says what it found at both paths.
///
/// ```
/// use tabeq_kddcup::{score_task, GoldInput, Prediction};
/// let gold = GoldInput::Bytes { path: "g/gold.csv", bytes: b"a,b\n1,2\n" };
/// let pred = Prediction::Bytes { path: "p/prediction.csv", bytes: b"x,y,z\n1,2,3\n" };
/// let score = score_task(pred, gold, 0.1, false).unwrap();
/// assert_eq!(score.status, "partial_match");
/// assert_eq!((score.recall, score.matched_columns, score.extra_columns), (1.0, 2, 1));
/// let ragged = Prediction::Bytes { path: "p.csv", bytes: b"a\n1,2\n" };
/// let score = score_task(ragged, gold, 0.1, false).unwrap();
/// assert_eq!(score.status, "read_error:ValueError");
/// assert_eq!(score.error.as_deref(), Some("CSV row 2 has 2 values; expected 1."));
/// ```
pub fn score_task(
    prediction: Prediction<'_>,
    gold: GoldInput<'_>,
    penalty_weight: f64,
    strict_commas: bool,
) -> Result<TaskScore, Fatal> {
    check_penalty_weight(penalty_weight)?;
    let (gold_path, gold_bytes) = match gold {
        GoldInput::Missing { path } => {
            return Err(Fatal::new(
                KddcupCode::GoldMissing,
                format!("Missing gold CSV: {path}"),
            ))
        }
        GoldInput::Unreadable { path, os_error } => (path, Err(os_error)),
        GoldInput::Bytes { path, bytes } => (path, Ok(bytes)),
    };
    if !needs_gold(&prediction) {
        return Ok(TaskScore::missing());
    }
    let gold_bytes = gold_bytes.map_err(|os_error| {
        Fatal::new(
            KddcupCode::GoldUnreadable,
            format!("Cannot open CSV {gold_path}: {os_error}"),
        )
    })?;
    let prepared = PreparedGold::new(gold_bytes, gold_path, strict_commas)?;
    Ok(match prediction {
        Prediction::Missing => TaskScore::missing(),
        Prediction::Unreadable { path, os_error } => TaskScore::zero(
            "read_error:EvaluationError".into(),
            Some(format!("Cannot open CSV {path}: {os_error}")),
        ),
        Prediction::Bytes { path, bytes } => prepared.score_task(Some(bytes), path, penalty_weight),
    })
}
