//! Runs every public conformance vector (produced by the official evaluator) through the core.

use tabeq::cpython_json::Value;
use tabeq::{evaluate_task, Prediction, TaskConfig};

mod common;
use common::{bytes_field, cases};

fn str_field<'a>(v: &'a Value, name: &str) -> Option<&'a str> {
    match v.get(name) {
        Some(Value::Str(s)) => Some(s),
        _ => None,
    }
}

#[test]
fn every_public_vector() {
    let cases = cases();
    assert!(
        cases.len() > 3000,
        "expected the full vector set, found {}",
        cases.len()
    );
    let mut failures = Vec::new();
    for case in &cases {
        let id = str_field(case, "id").unwrap_or("?").to_string();
        let mut expected = case.get("expected").expect("expected").clone();
        if matches!(
            str_field(&expected, "outcome"),
            Some("official_crash" | "official_timeout")
        ) {
            expected = expected.get("intended").expect("intended").clone();
        }
        let config = case.get("config").expect("config");
        let gold = bytes_field(case, "gold").expect("gold");
        let prediction = bytes_field(case, "prediction");
        let outcome = TaskConfig::from_value(config, Some("task_1")).and_then(|cfg| {
            let pred = match &prediction {
                Some(b) => Prediction::Csv(b),
                None => Prediction::Missing,
            };
            evaluate_task(pred, &gold, &cfg)
        });
        let problem = match (str_field(&expected, "outcome"), &outcome) {
            (Some("fatal"), Err(e)) => {
                let want = str_field(&expected, "stage").unwrap_or("");
                let got = e.stage().as_str();
                (got != want).then(|| format!("fatal stage {got}, want {want}: {}", e))
            }
            (Some("fatal"), Ok(r)) => Some(format!("scored {:?}, want fatal", r.error_code)),
            (Some("scored"), Err(e)) => Some(format!("fatal {}: {}", e.code, e)),
            (Some("scored"), Ok(r)) => {
                let mut diffs = Vec::new();
                if let Some(Value::Bool(p)) = expected.get("passed") {
                    if *p != r.passed {
                        diffs.push(format!("passed {} want {}", r.passed, p));
                    }
                }
                let want_code = str_field(&expected, "error_code");
                if want_code != r.error_code.map(|c| c.code()) {
                    diffs.push(format!(
                        "error_code {:?} want {:?}",
                        r.error_code.map(|c| c.code()),
                        want_code
                    ));
                }
                if let Some(m) = expected.get("column_mapping") {
                    let want: Option<Vec<usize>> = match m {
                        Value::Array(a) => Some(
                            a.iter()
                                .map(|v| {
                                    if let Value::Int(i) = v {
                                        *i as usize
                                    } else {
                                        usize::MAX
                                    }
                                })
                                .collect(),
                        ),
                        _ => None,
                    };
                    if want != r.column_mapping {
                        diffs.push(format!("mapping {:?} want {:?}", r.column_mapping, want));
                    }
                }
                for (key, got) in [
                    ("prediction_column_count", r.prediction_column_count),
                    ("prediction_row_count", r.prediction_row_count),
                    ("gold_row_count", r.gold_row_count),
                ] {
                    if let Some(Value::Int(w)) = expected.get(key) {
                        if *w as usize != got {
                            diffs.push(format!("{key} {got} want {w}"));
                        }
                    }
                }
                (!diffs.is_empty()).then(|| diffs.join("; "))
            }
            (other, _) => Some(format!("unknown outcome {other:?}")),
        };
        if let Some(p) = problem {
            failures.push(format!("{id}: {p}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}
