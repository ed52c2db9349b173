//! Over every public conformance vector: the diagnosis never panics, its verdict is exactly
//! evaluate's, its JSON parses, and its parts agree with the verdict.

use tabeq::cpython_json::{self, Value};
use tabeq::error::TaskErrorCode;
use tabeq::explain::{explain, ExplainOptions, InputStatus};
use tabeq::{Prediction, PreparedGold, TaskConfig};

mod common;
use common::{bytes_field, cases};

#[test]
fn diagnosis_never_changes_the_verdict() {
    let cases = cases();
    assert!(cases.len() > 3000, "found {} vectors", cases.len());
    let options = ExplainOptions::default();
    let mut scored = 0;
    let mut with_hints = 0;
    let mut problems = Vec::new();
    for case in &cases {
        let id = match case.get("id") {
            Some(Value::Str(s)) => s.clone(),
            _ => "?".into(),
        };
        let Some(config) = case.get("config") else {
            continue;
        };
        let Ok(cfg) = TaskConfig::from_value(config, Some("task_1")) else {
            continue; // fatal config: nothing to diagnose
        };
        let gold = bytes_field(case, "gold").expect("gold");
        let Ok(prepared) = PreparedGold::new(&gold, &cfg) else {
            continue; // fatal gold
        };
        let prediction_bytes = bytes_field(case, "prediction");
        let prediction = match &prediction_bytes {
            Some(b) => Prediction::Csv(b),
            None => Prediction::Missing,
        };
        let official = prepared.evaluate(prediction);
        let outcome = std::panic::catch_unwind(|| explain(prediction, &prepared, &options));
        let d = match outcome {
            Ok(d) => d,
            Err(_) => {
                problems.push(format!("{id}: explain panicked"));
                continue;
            }
        };
        scored += 1;
        if d.result != official {
            problems.push(format!("{id}: verdict {:?} != {:?}", d.result, official));
            continue;
        }
        let json = d.to_json();
        match cpython_json::parse(&json) {
            Ok(v) => {
                if v.get("passed") != Some(&Value::Bool(official.passed)) {
                    problems.push(format!("{id}: JSON passed differs"));
                }
            }
            Err(e) => problems.push(format!("{id}: JSON does not parse: {e}")),
        }
        if json.len() >= 64 * 1024 {
            problems.push(format!("{id}: JSON is {} bytes", json.len()));
        }
        if !d.hints.is_empty() {
            with_hints += 1;
        }
        let same_shape = official.prediction_column_count == official.gold_column_count
            && official.prediction_row_count == official.gold_row_count;
        let unreadable = d.types.as_ref().and_then(|t| t.unreadable.as_ref());
        match official.error_code {
            None => {
                if !d.hints.is_empty() || !d.mapping.as_ref().is_some_and(|m| m.official) {
                    problems.push(format!("{id}: passed but hints or a non-official mapping"));
                }
                if d.rows
                    .as_ref()
                    .is_some_and(|r| r.missing_count + r.extra_count > 0)
                {
                    problems.push(format!("{id}: passed but rows differ"));
                }
            }
            Some(TaskErrorCode::TypeNormalizationFailed) if same_shape && unreadable.is_none() => {
                problems.push(format!("{id}: type failure without an unreadable set"));
            }
            Some(TaskErrorCode::RelationMismatch) => {
                if unreadable.is_some() {
                    problems.push(format!("{id}: relation mismatch with an unreadable set"));
                }
                if !d.mapping.as_ref().is_some_and(|m| m.valid) {
                    // Some readable mapping exists, and the best mapping prefers readable pairs
                    // only on ties, so this is allowed; but every gold column must be mapped.
                    if d.mapping
                        .as_ref()
                        .is_some_and(|m| m.pairs.iter().any(|p| p.prediction_index.is_none()))
                    {
                        problems.push(format!("{id}: relation mismatch with unmapped columns"));
                    }
                }
            }
            Some(TaskErrorCode::MissingPrediction) if d.input != InputStatus::Missing => {
                problems.push(format!("{id}: missing prediction not reported"));
            }
            Some(TaskErrorCode::InvalidPredictionCsv)
                if !matches!(d.input, InputStatus::InvalidCsv(_)) =>
            {
                problems.push(format!("{id}: invalid CSV not reported"));
            }
            _ => {}
        }
    }
    assert!(scored > 2500, "only {scored} vectors were diagnosed");
    assert!(with_hints > 0, "no vector produced a hint");
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}
