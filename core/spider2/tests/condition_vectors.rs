//! Replays `tests/spider2/condition_vectors.jsonl`: random tables and `condition_cols` of every
//! kind, with the verdicts the official Spider 2.0-lite and Spider 2.0-Snow functions gave under
//! pandas 2.2.3 (recorded by `tests/spider2/condition_differential.py`).

use serde_json::Value as Json;
use tabeq_spider2::{compare_csv_variant, Condition, GoldKind, Variant};

fn vectors() -> Vec<Json> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/spider2/condition_vectors.jsonl"
    );
    let text = std::fs::read_to_string(path).expect("the vectors file");
    text.lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

/// The typed value the recorder tagged (`{"tuple": ...}`, `{"dict": ...}`, `{"int": ...}`,
/// `{"float": ...}`).
fn decode(v: &Json) -> Condition {
    match v {
        Json::Null => Condition::None,
        Json::Bool(b) => Condition::Bool(*b),
        Json::Number(n) => match n.as_i64() {
            Some(i) => Condition::Int(i),
            None => Condition::Float(n.as_f64().expect("a float")),
        },
        Json::String(s) => Condition::Str(s.clone()),
        Json::Array(items) => Condition::List(items.iter().map(decode).collect()),
        Json::Object(tagged) => {
            let (tag, inner) = tagged.iter().next().expect("one tag");
            match tag.as_str() {
                "tuple" => Condition::Tuple(inner.as_array().unwrap().iter().map(decode).collect()),
                "dict" => Condition::Dict(
                    inner
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|kv| (decode(&kv[0]), decode(&kv[1])))
                        .collect(),
                ),
                "int" => Condition::BigInt(inner.as_str().unwrap().to_string()),
                "float" => Condition::Float(inner.as_str().unwrap().parse().unwrap()),
                other => panic!("unknown tag {other}"),
            }
        }
    }
}

fn score(v: &Json, variant: Variant) -> u8 {
    let golds: Vec<&[u8]> = v["golds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g.as_str().unwrap().as_bytes())
        .collect();
    let kind = if v["multi"].as_bool().unwrap() {
        GoldKind::Multi
    } else {
        GoldKind::Single
    };
    // A case without the key is the argument not given (the variant's default).
    let cond = v.get("condition_cols").map(decode);
    let pred = v["prediction"].as_str().unwrap().as_bytes();
    let ignore_order = v["ignore_order"].as_bool().unwrap();
    compare_csv_variant(pred, &golds, kind, cond.as_ref(), ignore_order, variant)
        .map_or(0, |o| o.score)
}

#[test]
fn every_recorded_verdict_of_both_variants_is_the_officials() {
    let all = vectors();
    assert!(all.len() >= 1000, "the recorded cases");
    for (variant, key) in [(Variant::Lite, "lite_score"), (Variant::Snow, "snow_score")] {
        let wrong: Vec<String> = all
            .iter()
            .filter(|v| u64::from(score(v, variant)) != v[key].as_u64().unwrap())
            .map(|v| v["id"].to_string())
            .collect();
        assert!(
            wrong.is_empty(),
            "{variant:?} verdicts differ from the official: {wrong:?}"
        );
        let passes = all.iter().filter(|v| v[key] == 1).count();
        assert!(
            passes > 0 && passes < all.len(),
            "both verdicts are covered"
        );
    }
    let differ = all
        .iter()
        .filter(|v| v["lite_score"] != v["snow_score"])
        .count();
    assert!(
        differ > 0,
        "the vectors hold cases where the variants differ"
    );
}

#[test]
fn the_recorded_kinds_cover_every_kind_of_condition_cols() {
    let all = vectors();
    let kinds: std::collections::BTreeSet<&str> = all
        .iter()
        .map(|v| match v.get("condition_cols").map(decode) {
            None => "absent",
            Some(Condition::None) => "none",
            Some(Condition::Bool(_)) => "bool",
            Some(Condition::Int(_)) => "int",
            Some(Condition::BigInt(_)) => "bigint",
            Some(Condition::Float(_)) => "float",
            Some(Condition::Str(_)) => "str",
            Some(Condition::List(_)) => "list",
            Some(Condition::Tuple(_)) => "tuple",
            Some(Condition::Dict(_)) => "dict",
        })
        .collect();
    assert_eq!(kinds.len(), 10, "{kinds:?}");
}
