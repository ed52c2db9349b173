//! tabeq against the vectors the official functions produced (`tests/sql/differential.py`):
//! Spider 1.0 test-suite `result_eq` (both orders), BIRD `calculate_ex` and
//! `calculate_f1_score`, with the int/float type of Soft-F1 kept.

use serde_json::Value as Json;
use tabeq_sql::{bird_ex, bird_soft_f1, result_eq, PyNumber, Value};

fn decode_value(cell: &Json) -> Value {
    let kind = cell[0].as_str().unwrap();
    match kind {
        "z" => Value::Null,
        "b" => Value::Bool(cell[1].as_bool().unwrap()),
        "i" => Value::Int(cell[1].as_i64().unwrap()),
        "f" => Value::Float(decode_float(cell[1].as_str().unwrap())),
        "s" => Value::Text(cell[1].as_str().unwrap().to_string()),
        "y" => {
            let hex = cell[1].as_str().unwrap();
            Value::Bytes(
                (0..hex.len())
                    .step_by(2)
                    .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap())
                    .collect(),
            )
        }
        other => panic!("unknown kind {other}"),
    }
}

fn decode_float(repr: &str) -> f64 {
    match repr {
        "nan" => f64::NAN,
        "inf" => f64::INFINITY,
        "-inf" => f64::NEG_INFINITY,
        _ => repr.parse().unwrap(),
    }
}

fn decode_table(rows: &Json) -> Vec<Vec<Value>> {
    rows.as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_array().unwrap().iter().map(decode_value).collect())
        .collect()
}

#[test]
fn every_vector_matches_the_official() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/sql/vectors.jsonl");
    let text = std::fs::read_to_string(path).unwrap();
    let (mut cases, mut quirks, mut f1_int0) = (0, 0, 0);
    for (n, line) in text.lines().enumerate() {
        let case: Json = serde_json::from_str(line).unwrap();
        let (a, b) = (decode_table(&case["a"]), decode_table(&case["b"]));
        for (key, order) in [("result_eq_unordered", false), ("result_eq_ordered", true)] {
            let got = result_eq(&a, &b, order).unwrap();
            assert_eq!(
                Json::Bool(got.equal),
                case[key],
                "line {}: {key} {got:?}",
                n + 1
            );
            if let tabeq_sql::Reason::QuickRejected {
                permutation_matches: true,
            } = got.reason
            {
                quirks += 1;
            }
        }
        assert_eq!(
            u64::from(bird_ex(&a, &b).score),
            case["bird_ex"].as_u64().unwrap(),
            "line {}",
            n + 1
        );
        match (bird_soft_f1(&a, &b), &case["bird_f1"]) {
            (Err(e), Json::String(s)) => {
                assert_eq!(s, "error:ZeroDivisionError");
                assert_eq!(e.code, "sql_empty_gold_row");
            }
            (Ok(PyNumber::Int(i)), want) => {
                assert_eq!(want[0], "i", "line {}", n + 1);
                assert_eq!(i, want[1].as_i64().unwrap(), "line {}", n + 1);
                f1_int0 += 1;
            }
            (Ok(PyNumber::Float(f)), want) => {
                assert_eq!(want[0], "f", "line {}", n + 1);
                let expected = decode_float(want[1].as_str().unwrap());
                assert_eq!(f.to_bits(), expected.to_bits(), "line {}", n + 1);
            }
            (got, want) => panic!("line {}: {got:?} vs {want}", n + 1),
        }
        cases += 1;
    }
    assert!(cases >= 3000, "{cases} vectors");
    // The generator must reach the quick-rejection quirk and Soft-F1's int 0.
    assert!(
        quirks > 0 && f1_int0 > 0,
        "quirks {quirks}, int 0 results {f1_int0}"
    );
}
