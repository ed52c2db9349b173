//! The prepared gold's fast paths against the full record, over every public conformance
//! vector: `passes` is `evaluate(..).passed`, scoring the same gold twice (its per-thread read
//! buffers reused) gives the same record, and `PreparedGold::partial_credit` is the
//! diagnosis's partial credit.

use tabeq::explain::{explain, ExplainOptions};
use tabeq::pyjson::Value;
use tabeq::{Prediction, PreparedGold, TaskConfig};

mod common;
use common::{bytes_field, cases};

#[test]
fn fast_paths_equal_the_record_on_every_vector() {
    let (mut compared, mut passed) = (0, 0);
    let mut problems = Vec::new();
    for case in &cases() {
        let id = match case.get("id") {
            Some(Value::Str(s)) => s.clone(),
            _ => "?".into(),
        };
        let Some(Ok(cfg)) = case
            .get("config")
            .map(|c| TaskConfig::from_value(c, Some("task_1")))
        else {
            continue;
        };
        let gold = bytes_field(case, "gold").expect("gold");
        let Ok(prepared) = PreparedGold::new(&gold, &cfg) else {
            continue;
        };
        let prediction_bytes = bytes_field(case, "prediction");
        let prediction = match &prediction_bytes {
            Some(b) => Prediction::Csv(b),
            None => Prediction::Missing,
        };
        let record = prepared.evaluate(prediction);
        if prepared.passes(prediction) != record.passed {
            problems.push(format!("{id}: passes() disagrees with {record:?}"));
        }
        if prepared.evaluate(prediction) != record {
            problems.push(format!("{id}: a second evaluation differs"));
        }
        let explained = explain(prediction, &prepared, &ExplainOptions::default());
        if prepared.partial_credit(prediction, false) != explained.partial {
            problems.push(format!("{id}: partial credit differs from the diagnosis"));
        }
        passed += usize::from(record.passed);
        compared += 1;
    }
    assert!(
        compared > 3000 && passed > 500,
        "compared {compared}, passed {passed}"
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
