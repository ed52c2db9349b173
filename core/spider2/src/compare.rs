//! The official exec-result comparison (`compare_pandas_table` / `compare_multi_pandas_table`),
//! reproduced verdict for verdict, plus what it does not say: which gold column found no match,
//! the closest prediction column and its differing values, and soundness warnings on a pass.

use serde::Serialize;
use tabeq::cpython_json::Value;

use crate::condition::{self, Condition, ConditionError, Variant};
use crate::read::Frame;
use crate::value::{column_vectors, PyValue, Vector};
use tabeq::error::Spider2Code;

/// Why the official functions would raise (the official scores the instance 0).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Spider2Error"))]
pub struct CompareError {
    /// Stable snake_case code.
    #[cfg_attr(feature = "ts", ts(type = "Spider2Code"))]
    pub code: &'static str,
    /// What went wrong, in words.
    pub message: String,
}

impl CompareError {
    fn new(code: &'static str, message: String) -> CompareError {
        CompareError { code, message }
    }
}

impl From<ConditionError> for CompareError {
    fn from(e: ConditionError) -> CompareError {
        CompareError::new(e.code, e.message)
    }
}

impl core::fmt::Display for CompareError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.message)
    }
}

/// Whether the gold is one table (`compare_pandas_table`) or a list of accepted tables
/// (`compare_multi_pandas_table`, even with one entry: its `condition_cols` rules differ).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Spider2GoldKind"))]
pub enum GoldKind {
    /// One table.
    Single,
    /// A list of tables, any of which may pass.
    Multi,
}

/// A table's column vectors, with their `ignore_order` sorted forms when needed.
#[derive(Debug, Clone)]
pub struct Vectors {
    /// Column names (never compared; for explanations).
    pub names: Vec<String>,
    /// Original column positions of the vectors.
    pub positions: Vec<usize>,
    /// The vectors as the official sees them.
    pub values: Vec<Vector>,
    /// The same, each sorted on its own (only with `ignore_order`).
    pub sorted: Option<Vec<Vector>>,
}

impl Vectors {
    /// The vectors of `frame`'s `columns`.
    pub fn new(frame: &Frame, columns: Vec<usize>, ignore_order: bool) -> Vectors {
        let values = column_vectors(frame, &columns);
        let sorted = ignore_order.then(|| values.iter().map(Vector::sorted).collect());
        let names = columns
            .iter()
            .map(|&c| frame.columns[c].name.clone())
            .collect();
        Vectors {
            names,
            positions: columns,
            values,
            sorted,
        }
    }

    /// Vector `i` in the order it is compared.
    pub fn compared(&self, i: usize) -> &Vector {
        match &self.sorted {
            Some(s) => &s[i],
            None => &self.values[i],
        }
    }

    /// The number of vectors.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }
}

/// The official `vectors_match` on compared (already sorted when ignoring order) vectors.
pub fn vectors_match(gold: &Vector, pred: &Vector) -> bool {
    gold.len() == pred.len() && gold.iter().zip(pred.iter()).all(|(a, b)| a.matches(&b))
}

/// One differing position between a gold column and a prediction column.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Spider2Mismatch"))]
pub struct Mismatch {
    /// The position in the compared order (sorted order under `ignore_order`), from 0.
    pub position: usize,
    /// The gold value as a CSV writes it (`PyValue::shown`: `1000`, not pandas' `1000.0`;
    /// strings quoted as Python's `repr`).
    pub gold: String,
    /// The prediction value, shown the same way.
    pub prediction: String,
    /// `|gold - prediction|` when both are numbers (outside the 1e-2 tolerance).
    pub difference: Option<f64>,
}

/// The prediction column that came closest to a gold column that found no match.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Spider2Closest"))]
pub struct Closest {
    /// Its position in the prediction, from 0.
    pub column: usize,
    /// Its header name.
    pub name: String,
    /// Its number of values, when it differs from the gold column's.
    pub length: Option<usize>,
    /// How many positions differ (0 when the lengths differ).
    pub mismatch_count: usize,
    /// The first differing positions (at most 5).
    pub mismatches: Vec<Mismatch>,
}

/// What happened to one compared gold column.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Spider2ColumnReport"))]
pub struct ColumnReport {
    /// Its position in the gold table, from 0.
    pub column: usize,
    /// Its header name.
    pub name: String,
    /// Every prediction column that matches it (the official needs one).
    pub matched_by: Vec<usize>,
    /// For an unmatched column: the closest prediction column.
    pub closest: Option<Closest>,
}

/// A soundness warning on a pass: what the official verdict does not guarantee.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Spider2Warning"))]
pub struct Warning {
    /// Stable snake_case code.
    #[cfg_attr(feature = "ts", ts(type = "Spider2Code"))]
    pub code: &'static str,
    /// The warning, in words.
    pub message: String,
}

/// The outcome against one gold table.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Spider2GoldReport"))]
pub struct GoldReport {
    /// Which gold, from 0.
    pub index: usize,
    /// The gold's rows.
    pub rows: usize,
    /// The gold's columns.
    pub columns: usize,
    /// The `condition_cols` this gold was compared with (Python literal), if any.
    pub condition_cols: Option<String>,
    /// Whether every compared column found a match.
    pub passed: bool,
    /// The compared columns, in order.
    pub compared: Vec<ColumnReport>,
}

/// The verdict and its explanation.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Spider2Outcome"))]
pub struct Outcome {
    /// 1 for a pass, 0 otherwise (the official score).
    #[cfg_attr(feature = "ts", ts(type = "0 | 1"))]
    pub score: u8,
    /// Single or multi-gold semantics.
    pub kind: GoldKind,
    /// Whether each column was sorted on its own before comparing.
    pub ignore_order: bool,
    /// The prediction's rows.
    pub prediction_rows: usize,
    /// The prediction's column names.
    pub prediction_columns: Vec<String>,
    /// The golds compared, in order (the official stops at the first pass).
    pub golds: Vec<GoldReport>,
    /// Why the official would raise (the score is then 0).
    pub error: Option<CompareError>,
    /// Soundness warnings on a pass, and notes on the official's quirks.
    pub warnings: Vec<Warning>,
    /// How many gold tables were given.
    pub gold_count: usize,
}

impl Outcome {
    /// Whether the official scores it 1.
    pub fn passed(&self) -> bool {
        self.score == 1
    }
}

/// A gold table prepared for repeated comparisons: its compared vectors (sorted once).
#[derive(Debug, Clone)]
struct GoldPlan {
    frame_rows: usize,
    frame_columns: usize,
    condition: Option<String>,
    vectors: Result<Vectors, CompareError>,
}

/// Gold tables, `condition_cols` and `ignore_order`, prepared once for many predictions.
#[derive(Debug, Clone)]
pub struct PreparedGold {
    kind: GoldKind,
    ignore_order: bool,
    plans: Vec<Result<GoldPlan, CompareError>>,
    notes: Vec<Warning>,
}

impl PreparedGold {
    /// Prepare `golds` as Spider 2.0-lite's official would compare them, `condition_cols` being
    /// the eval file's JSON value (`None` when the key is absent). `kind` chooses between the
    /// single and the multi-gold function (their `condition_cols` rules differ).
    pub fn new(
        golds: &[Frame],
        kind: GoldKind,
        condition_cols: Option<&Value>,
        ignore_order: bool,
    ) -> PreparedGold {
        let cond = condition_cols.map(Condition::from_json);
        PreparedGold::for_variant(golds, kind, cond.as_ref(), ignore_order, Variant::Lite)
    }

    /// Prepare `golds` as `variant`'s official would compare them. `condition_cols` is the
    /// Python value the function receives (`None`: not given, so the function's default).
    pub fn for_variant(
        golds: &[Frame],
        kind: GoldKind,
        condition_cols: Option<&Condition>,
        ignore_order: bool,
        variant: Variant,
    ) -> PreparedGold {
        let mut notes = Vec::new();
        let plans = golds
            .iter()
            .enumerate()
            .map(|(i, frame)| -> Result<GoldPlan, CompareError> {
                let cond = match kind {
                    GoldKind::Single => condition_cols.cloned(),
                    GoldKind::Multi => condition::multi_condition(condition_cols, golds.len(), i)?,
                };
                let vectors =
                    condition::select_columns(variant, cond.as_ref(), frame.columns.len())
                        .map(|cols| Vectors::new(frame, cols, ignore_order))
                        .map_err(CompareError::from);
                Ok(GoldPlan {
                    frame_rows: frame.row_count(),
                    frame_columns: frame.columns.len(),
                    condition: cond.as_ref().map(Condition::repr),
                    vectors,
                })
            })
            .collect();
        if let (GoldKind::Multi, 1, Some(cond @ Condition::List(items))) =
            (kind, golds.len(), condition_cols)
        {
            if items.len() > 1 && !items.iter().any(|v| matches!(v, Condition::List(_))) {
                notes.push(Warning {
                    code: Spider2Code::ConditionColsFirstOnly.code(),
                    message: format!(
                        "with one gold table, the official multi-gold comparison uses only the first entry of condition_cols {} ({}), not the whole list",
                        cond.repr(),
                        items[0].repr(),
                    ),
                });
            }
        }
        PreparedGold {
            kind,
            ignore_order,
            plans,
            notes,
        }
    }

    /// The official score only, stopping as early as the official does.
    pub fn score(&self, prediction: &Frame) -> u8 {
        if self.plans.is_empty() {
            return 0;
        }
        let pred = Vectors::new(
            prediction,
            (0..prediction.columns.len()).collect(),
            self.ignore_order,
        );
        for plan in &self.plans {
            let Ok(plan) = plan else { return 0 };
            let Ok(gold) = &plan.vectors else { return 0 };
            let pass = (0..gold.len()).all(|g| {
                // A cancelled run gives up (its result is discarded).
                !tabeq::cancel::cancelled()
                    && (0..pred.len()).any(|p| vectors_match(gold.compared(g), pred.compared(p)))
            });
            if pass {
                return 1;
            }
        }
        0
    }

    /// The verdict with its explanation.
    pub fn compare(&self, prediction: &Frame) -> Outcome {
        let pred = Vectors::new(
            prediction,
            (0..prediction.columns.len()).collect(),
            self.ignore_order,
        );
        let mut outcome = Outcome {
            score: 0,
            kind: self.kind,
            ignore_order: self.ignore_order,
            prediction_rows: prediction.row_count(),
            prediction_columns: pred.names.clone(),
            golds: Vec::new(),
            error: None,
            warnings: self.notes.clone(),
            gold_count: self.plans.len(),
        };
        for (index, plan) in self.plans.iter().enumerate() {
            let plan = match plan {
                Ok(p) => p,
                Err(e) => {
                    outcome.error = Some(e.clone());
                    return outcome;
                }
            };
            let gold = match &plan.vectors {
                Ok(g) => g,
                Err(e) => {
                    outcome.error = Some(e.clone());
                    return outcome;
                }
            };
            let compared: Vec<ColumnReport> = (0..gold.len())
                .map(|g| column_report(gold, g, &pred))
                .collect();
            let passed = compared.iter().all(|c| !c.matched_by.is_empty());
            if passed {
                outcome.score = 1;
                outcome
                    .warnings
                    .extend(soundness(gold, &compared, &pred, self.ignore_order));
            }
            outcome.golds.push(GoldReport {
                index,
                rows: plan.frame_rows,
                columns: plan.frame_columns,
                condition_cols: plan.condition.clone(),
                passed,
                compared,
            });
            if passed {
                break;
            }
        }
        outcome
    }
}

fn column_report(gold: &Vectors, g: usize, pred: &Vectors) -> ColumnReport {
    let gv = gold.compared(g);
    let matched_by: Vec<usize> = (0..pred.len())
        .filter(|&p| !tabeq::cancel::cancelled() && vectors_match(gv, pred.compared(p)))
        .collect();
    let closest = matched_by.is_empty().then(|| closest(gv, pred)).flatten();
    ColumnReport {
        column: gold.positions[g],
        name: gold.names[g].clone(),
        matched_by,
        closest,
    }
}

/// Whether a vector holds numbers only (a number never matches a string, so a numeric gold
/// column is best compared with a numeric prediction column).
fn numeric(v: &Vector) -> bool {
    v.iter().all(|x| x.is_number())
}

/// The prediction column nearest to an unmatched gold vector: the nearest length, then a
/// column of the same kind (numbers for a numeric gold column, not text), then the fewest
/// differing positions.
fn closest(gv: &Vector, pred: &Vectors) -> Option<Closest> {
    // (length gap, other kind, mismatches, column)
    let mut best: Option<(usize, bool, usize, usize)> = None;
    let gold_numeric = numeric(gv);
    for p in 0..pred.len() {
        if tabeq::cancel::cancelled() {
            break;
        }
        let pv = pred.compared(p);
        let gap = gv.len().abs_diff(pv.len());
        let other_kind = numeric(pv) != gold_numeric;
        let count = if gap == 0 {
            gv.iter()
                .zip(pv.iter())
                .filter(|(a, b)| !a.matches(b))
                .count()
        } else {
            0
        };
        if best.is_none_or(|(bg, bk, bc, _)| (gap, other_kind, count) < (bg, bk, bc)) {
            best = Some((gap, other_kind, count, p));
        }
    }
    let (gap, _, count, p) = best?;
    let pv = pred.compared(p);
    let mismatches = if gap == 0 {
        gv.iter()
            .zip(pv.iter())
            .enumerate()
            .filter(|(_, (a, b))| !a.matches(b))
            .take(5)
            .map(|(position, (a, b))| Mismatch {
                position,
                gold: a.shown(),
                prediction: b.shown(),
                difference: a.as_f64().zip(b.as_f64()).map(|(x, y)| (x - y).abs()),
            })
            .collect()
    } else {
        Vec::new()
    };
    Some(Closest {
        column: pred.positions[p],
        name: pred.names[p].clone(),
        length: (gap != 0).then_some(pv.len()),
        mismatch_count: count,
        mismatches,
    })
}

/// A maximum matching of gold columns to distinct prediction columns (Kuhn's algorithm);
/// `assign[g]` is the prediction column of gold column `g`, if any.
fn distinct_assignment(candidates: &[Vec<usize>]) -> Vec<Option<usize>> {
    fn augment(
        g: usize,
        candidates: &[Vec<usize>],
        owner: &mut Vec<Option<usize>>,
        seen: &mut Vec<bool>,
        limit: &mut usize,
    ) -> bool {
        for &p in &candidates[g] {
            if *limit == 0 {
                return false;
            }
            *limit -= 1;
            if p >= seen.len() || seen[p] {
                continue;
            }
            seen[p] = true;
            if owner[p].is_none_or(|o| augment(o, candidates, owner, seen, limit)) {
                owner[p] = Some(g);
                return true;
            }
        }
        false
    }
    let width = candidates.iter().flatten().max().map_or(0, |m| m + 1);
    let mut owner: Vec<Option<usize>> = vec![None; width];
    // Bounded work: an adversarial table cannot make this quadratic search run away.
    let mut limit = 4_000_000usize;
    for g in 0..candidates.len() {
        let mut seen = vec![false; width];
        augment(g, candidates, &mut owner, &mut seen, &mut limit);
    }
    let mut assign = vec![None; candidates.len()];
    for (p, o) in owner.iter().enumerate() {
        if let Some(g) = o {
            assign[*g] = Some(p);
        }
    }
    assign
}

/// Soundness warnings on a pass.
fn soundness(
    gold: &Vectors,
    compared: &[ColumnReport],
    pred: &Vectors,
    ignore_order: bool,
) -> Vec<Warning> {
    let mut warnings = Vec::new();
    // Candidates as indices into `pred` (its positions are 0..n, so the same numbers).
    let candidates: Vec<Vec<usize>> = compared.iter().map(|c| c.matched_by.clone()).collect();
    let assign = distinct_assignment(&candidates);
    let shared: Vec<usize> = (0..compared.len())
        .filter(|&g| assign[g].is_none())
        .collect();
    if !shared.is_empty() {
        let described: Vec<String> = shared
            .iter()
            .map(|&g| {
                let p = compared[g].matched_by[0];
                // Numbered from 0 like every index of the explanation (crate::explain).
                format!(
                    "gold column #{} {} is matched only by prediction column #{} {}, which another gold column needs too",
                    compared[g].column,
                    crate::value::py_str_repr(&compared[g].name),
                    pred.positions[p],
                    crate::value::py_str_repr(&pred.names[p])
                )
            })
            .collect();
        warnings.push(Warning {
            code: Spider2Code::SharedPredictionColumn.code(),
            message: format!(
                "one prediction column serves several gold columns: {}. The official requires each gold column to equal some prediction column, not distinct ones.",
                described.join("; ")
            ),
        });
    }
    if ignore_order && gold.len() > 1 {
        let chosen: Vec<usize> = (0..compared.len())
            .map(|g| assign[g].unwrap_or(compared[g].matched_by[0]))
            .collect();
        if let Some(message) = rows_correspond(gold, &chosen, pred) {
            warnings.push(Warning {
                code: Spider2Code::RowsDoNotCorrespond.code(),
                message,
            });
        }
    }
    warnings
}

/// Whether the gold rows (over the compared columns) can be paired one to one with prediction
/// rows (over the matching columns) under the element rule. `None` when they can; else why not.
fn rows_correspond(gold: &Vectors, chosen: &[usize], pred: &Vectors) -> Option<String> {
    let n = gold.values.first().map_or(0, Vector::len);
    let grow = |r: usize| -> Vec<PyValue<'_>> { gold.values.iter().map(|c| c.get(r)).collect() };
    let prow =
        |r: usize| -> Vec<PyValue<'_>> { chosen.iter().map(|&p| pred.values[p].get(r)).collect() };
    let row_match = |a: &[PyValue], b: &[PyValue]| a.iter().zip(b).all(|(x, y)| x.matches(y));
    // Rows in their own order first, then both sorted by the official key.
    if (0..n).all(|r| row_match(&grow(r), &prow(r))) {
        return None;
    }
    let key = |row: &[PyValue]| -> Vec<(String, bool)> {
        row.iter().map(|v| (v.py_str(), v.is_number())).collect()
    };
    let mut g: Vec<Vec<PyValue>> = (0..n).map(grow).collect();
    let mut p: Vec<Vec<PyValue>> = (0..n).map(prow).collect();
    g.sort_by_cached_key(|r| key(r));
    p.sort_by_cached_key(|r| key(r));
    if g.iter().zip(&p).all(|(a, b)| row_match(a, b)) {
        return None;
    }
    // Values within the tolerance can sort apart: a full pairing, for tables small enough.
    if n <= 2000 {
        let candidates: Vec<Vec<usize>> = g
            .iter()
            .map(|a| (0..n).filter(|&j| row_match(a, &p[j])).collect())
            .collect();
        let assign = distinct_assignment(&candidates);
        let unpaired = assign.iter().filter(|a| a.is_none()).count();
        if unpaired == 0 {
            return None;
        }
        return Some(format!(
            "the pass holds only because ignore_order sorts each column on its own: {unpaired} of {n} gold rows have no prediction row with all of their values, so the prediction's rows do not correspond to the gold's rows"
        ));
    }
    Some(format!(
        "the pass holds only because ignore_order sorts each column on its own: sorted by value, the {n} gold rows and prediction rows do not line up (not searched further at this size)"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::read_csv;

    fn outcome(
        pred: &str,
        golds: &[&str],
        cond: Option<&str>,
        io: bool,
        kind: GoldKind,
    ) -> Outcome {
        let golds: Vec<Frame> = golds
            .iter()
            .map(|g| read_csv(g.as_bytes()).unwrap())
            .collect();
        let cond = cond.map(|c| tabeq::cpython_json::parse(c).unwrap());
        let prepared = PreparedGold::new(&golds, kind, cond.as_ref(), io);
        let pred = read_csv(pred.as_bytes()).unwrap();
        let out = prepared.compare(&pred);
        assert_eq!(out.score, prepared.score(&pred), "fast path agrees");
        out
    }

    #[test]
    fn each_gold_column_needs_some_prediction_column() {
        let o = outcome(
            "x,y\n1,a\n2,b\n",
            &["a\n1\n2\n"],
            None,
            false,
            GoldKind::Single,
        );
        assert!(o.passed());
        let o = outcome(
            "x,y\n1,a\n2,c\n",
            &["p,q\n1,a\n2,b\n"],
            None,
            false,
            GoldKind::Single,
        );
        assert!(!o.passed());
        let c = o.golds[0].compared[1].closest.as_ref().unwrap();
        assert_eq!((c.column, c.mismatch_count), (1, 1));
        assert_eq!(c.mismatches[0].gold, "'b'");
    }

    #[test]
    fn flat_condition_with_one_multi_gold_uses_its_first_entry() {
        // [0, 1]: the multi function hands gold 0 the int 0, which is falsy: all columns.
        let o = outcome(
            "a\n1\n",
            &["a,b\n1,2\n"],
            Some("[0, 1]"),
            true,
            GoldKind::Multi,
        );
        assert!(!o.passed());
        assert_eq!(o.warnings[0].code, "spider2_condition_cols_first_only");
        let o = outcome(
            "a\n2\n",
            &["a,b\n1,2\n"],
            Some("[1, 0]"),
            true,
            GoldKind::Multi,
        );
        assert!(o.passed());
    }

    #[test]
    fn soundness_warnings() {
        let o = outcome(
            "x,y\n1,2\n2,1\n",
            &["a,b\n1,1\n2,2\n"],
            None,
            true,
            GoldKind::Single,
        );
        assert!(o.passed());
        let codes: Vec<&str> = o.warnings.iter().map(|w| w.code).collect();
        assert_eq!(codes, ["spider2_rows_do_not_correspond"]);
        let o = outcome("x\n1\n", &["a,b\n1,1\n"], None, false, GoldKind::Single);
        assert_eq!(o.warnings[0].code, "spider2_shared_prediction_column");
        let o = outcome(
            "x,y\n2,b\n1,a\n",
            &["a,b\n1,a\n2,b\n"],
            None,
            true,
            GoldKind::Single,
        );
        assert!(o.passed() && o.warnings.is_empty());
    }

    #[test]
    fn errors_score_zero() {
        let o = outcome("a\n1\n", &["a\n1\n"], Some("[3]"), false, GoldKind::Single);
        assert_eq!(o.error.unwrap().code, "spider2_condition_cols_out_of_range");
        let o = outcome(
            "a\n1\n",
            &["a\n1\n", "a\n1\n", "a\n1\n"],
            Some("[[0], [0]]"),
            true,
            GoldKind::Multi,
        );
        assert!(
            o.passed(),
            "gold 1 passes before the missing third entry is reached"
        );
    }
}

#[cfg(test)]
mod cancel_tests {
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;

    #[test]
    fn a_cancelled_comparison_gives_up() {
        let csv = "a,b\n".to_string() + &"1,2\n".repeat(10_000);
        let flag = Arc::new(AtomicBool::new(true));
        // The comparison gives up too: a matching prediction is not found once cancelled.
        let frame = crate::read::read_csv(csv.as_bytes()).unwrap();
        let gold = super::PreparedGold::new(
            core::slice::from_ref(&frame),
            super::GoldKind::Single,
            None,
            false,
        );
        assert_eq!(gold.score(&frame), 1);
        assert_eq!(tabeq::cancel::with_flag(&flag, || gold.score(&frame)), 0);
        let cancelled = tabeq::cancel::with_flag(&flag, || gold.compare(&frame));
        assert!(cancelled.golds.iter().all(|g| !g.passed));
    }
}
