//! The explanation of every committed task vector (tests/kddcup/vectors.jsonl) agrees with the
//! official score it carries: as many missed gold columns as the official's unmatched gold
//! signatures, as many extra prediction columns as its extra columns; at the participant level no
//! gold value appears, and every value shown is the prediction's own.

use serde_json::Value;
use tabeq_kddcup::{explain_task, normalize_cell, read_columns};

#[path = "../examples/support/mod.rs"]
mod support;

const VECTORS: &str = include_str!("../../../tests/kddcup/vectors.jsonl");

#[test]
fn explanations_agree_with_the_official_counts_and_hide_the_gold() {
    let mut explained = 0;
    for line in VECTORS.split('\n').filter(|l| !l.is_empty()) {
        let vector: Value = serde_json::from_str(line).unwrap();
        let case = &vector["case"];
        if case["kind"] != "task" || vector["official"].get("fatal").is_some() {
            continue;
        }
        let task = support::TaskCase::from_case(case).unwrap();
        let Some(pred) = &task.pred else {
            continue;
        };
        let strict = task.strict;
        let run = |show: bool| {
            explain_task(task.prediction(), task.gold(), task.weight, strict, show).unwrap()
        };
        let participant = run(false);
        let official = &vector["official"];
        assert_eq!(participant.score.status, official["status"], "{case}");
        if participant.score.status.starts_with("read_error:") {
            assert!(participant.missed_columns.is_empty());
            continue;
        }
        let missing = official["missing_gold_signatures"]
            .as_array()
            .unwrap()
            .len();
        assert_eq!(participant.missed_columns.len(), missing, "{case}");
        let extra = official["extra_columns"].as_u64().unwrap() as usize;
        assert_eq!(participant.extra_prediction_columns.len(), extra, "{case}");
        let pred_columns = read_columns(pred).unwrap();
        for missed in &participant.missed_columns {
            let Some(closest) = &missed.closest else {
                assert!(pred_columns.is_empty(), "{case}");
                continue;
            };
            let Some(diff) = &closest.first_difference else {
                // The same values: a prediction column another gold column of this signature took.
                assert!(participant.extra_prediction_columns.is_empty(), "{case}");
                continue;
            };
            assert_eq!(diff.gold_value, None, "participant level: {case}");
            if let (Some(value), Some(cell)) = (&diff.prediction_value, &diff.prediction_cell) {
                assert!(pred_columns[closest.prediction_index].contains(cell));
                assert_eq!(&normalize_cell(cell, strict), value);
            }
        }
        // The full level shows the gold's value where it has one, the same facts otherwise.
        let full = run(true);
        assert_eq!(full.missed_columns.len(), missing);
        for (p, f) in participant.missed_columns.iter().zip(&full.missed_columns) {
            if let (Some(p), Some(f)) = (&p.closest, &f.closest) {
                assert_eq!(p.prediction_index, f.prediction_index);
                assert_eq!(p.first_difference.is_none(), f.first_difference.is_none());
                if let Some(d) = &f.first_difference {
                    assert_eq!(d.gold_value.is_none(), d.gold_ended, "{case}");
                    assert_ne!(d.gold_value, d.prediction_value, "{case}");
                }
            }
        }
        explained += usize::from(!participant.missed_columns.is_empty());
    }
    assert!(explained > 100, "{explained} explained tasks");
}
