//! One prepared gold against many predictions: over every public conformance vector, the
//! fast partial credit (with given signatures and `PreparedGold::partial_credit`) equals the
//! diagnosis's, for both signature modes, `passes` is `evaluate(..).passed` and a second
//! evaluation (its per-thread read buffers reused) and the gold ready for many predictions
//! (raw gold cells remembered) give the same record, and so does scoring with the task's
//! parts run on threads of their own ([`tabeq::parallel`]); and an extracted table that is
//! not found scores as a missing prediction.

use tabeq::cpython_json::Value;
use tabeq::explain::{explain, partial_credit, ExplainOptions};
use tabeq::extract::{extract_table, TableSource};
use tabeq::parallel::Parallel;
use tabeq::partial_credit::sorted_column_signatures;
use tabeq::{Prediction, PreparedGold, TaskConfig};

mod common;
use common::{bytes_field, cases};

/// Every part on a thread of its own, however small the task (so every vector takes the
/// parallel path), in reverse order (so no result can depend on the order parts run in).
struct Threads;

impl Parallel for Threads {
    fn run(&self, parts: &mut [&mut (dyn FnMut() + Send)]) {
        std::thread::scope(|s| {
            for part in parts.iter_mut().rev() {
                s.spawn(part);
            }
        });
    }

    fn worth_from_bytes(&self) -> usize {
        0
    }
}

/// Runs only the first part: the rest must still run (on the calling thread).
struct Forgetful;

impl Parallel for Forgetful {
    fn run(&self, parts: &mut [&mut (dyn FnMut() + Send)]) {
        if let Some(part) = parts.first_mut() {
            part();
        }
    }

    fn worth_from_bytes(&self) -> usize {
        0
    }
}

#[test]
fn fast_partial_credit_equals_the_diagnosis_on_every_vector() {
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
        for parallel in [&Threads as &dyn Parallel, &Forgetful] {
            let apart = tabeq::evaluate_task_in(prediction, &gold, &cfg, parallel);
            if apart.as_ref() != Ok(&record) {
                problems.push(format!("{id}: scored in parts: {apart:?} != {record:?}"));
            }
        }
        let reused = prepared.clone().for_many_predictions();
        if reused.evaluate(prediction) != record || reused.passes(prediction) != record.passed {
            problems.push(format!("{id}: the gold ready for many predictions differs"));
        }
        passed += usize::from(record.passed);
        for strict in [false, true] {
            let options = ExplainOptions {
                signature_strict: strict,
                ..ExplainOptions::default()
            };
            let expected = explain(prediction, &prepared, &options).partial;
            let signatures = sorted_column_signatures(prepared.table(), strict);
            let fast = partial_credit(prediction, &prepared, &signatures, strict);
            if fast != expected || prepared.partial_credit(prediction, strict) != expected {
                problems.push(format!("{id} (strict {strict}): {fast:?} != {expected:?}"));
            }
            compared += 1;
        }
    }
    assert!(
        compared > 5000 && passed > 500,
        "compared {compared}, passed {passed}"
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn no_table_found_scores_as_missing_prediction() {
    let cfg = TaskConfig::from_json(
        br#"{"schema_version": "1.0", "task_id": "task_1", "order_sensitive": false,
            "columns": [{"gold_index": 0, "gold_name": "n", "type": "number", "comparison": {"mode": "integer"}}]}"#,
        None,
    )
    .unwrap();
    let gold = PreparedGold::new(b"n\n3\n", &cfg).unwrap();
    let found = extract_table("I am not sure.");
    assert_eq!(found.source, TableSource::NotFound);
    let prediction = match &found.csv {
        Some(csv) => Prediction::Csv(csv.as_bytes()),
        None => Prediction::Missing,
    };
    let result = gold.evaluate(prediction);
    assert_eq!(
        result.error_code.map(|c| c.code()),
        Some("missing_prediction")
    );
    let found = extract_table("Answer:\n\n| n |\n|---|\n| 3.0 |\n");
    assert!(
        gold.evaluate(Prediction::Csv(found.csv.unwrap().as_bytes()))
            .passed
    );
}

#[test]
fn a_column_past_an_unseen_value_is_still_checked_for_unreadable_cells() {
    // Once a prediction column holds a value the gold never has, its later cells are not
    // looked up, only read: an unreadable cell after it still makes the record a type
    // failure, and readable ones a relation mismatch, whatever the table's length.
    let cfg = TaskConfig::from_json(
        br#"{"schema_version": "1.0", "task_id": "task_1", "order_sensitive": false,
            "columns": [{"gold_index": 0, "gold_name": "n", "type": "number", "comparison": {"mode": "integer"}},
                        {"gold_index": 1, "gold_name": "t", "type": "text"}]}"#,
        None,
    )
    .unwrap();
    let rows = 200; // past the raw-value caches' start
    let table = |cell: &dyn Fn(usize) -> String| {
        let body: String = (0..rows).map(|i| format!("{},x{i}\n", cell(i))).collect();
        format!("n,t\n{body}").into_bytes()
    };
    let gold = PreparedGold::new(&table(&|i| i.to_string()), &cfg).unwrap();
    let code = |p: &[u8]| {
        gold.evaluate(Prediction::Csv(p))
            .error_code
            .map(|c| c.code())
    };
    let unseen_then = |late: &'static str| {
        table(&move |i| match i {
            0 => "99999".into(),
            150 => late.into(),
            _ => i.to_string(),
        })
    };
    assert_eq!(code(&table(&|i| i.to_string())), None);
    assert_eq!(
        code(&unseen_then("not a number")),
        Some("type_normalization_failed")
    );
    assert_eq!(code(&unseen_then("7")), Some("relation_mismatch"));
    // The same with the rules read at once: the columns past an unseen value are read on
    // (for unreadable cells) only after the search found no passing mapping.
    let apart = |p: &[u8]| {
        gold.evaluate_in(Prediction::Csv(p), &Threads)
            .error_code
            .map(|c| c.code())
    };
    assert_eq!(
        apart(&unseen_then("not a number")),
        Some("type_normalization_failed")
    );
    assert_eq!(apart(&unseen_then("7")), Some("relation_mismatch"));
    assert_eq!(apart(&table(&|i| i.to_string())), None);
}
