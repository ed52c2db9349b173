//! Replays `tests/spider2/vectors.jsonl`: cases whose `official_score` the official Spider 2.0
//! functions produced under pandas 2.2.3 (recorded by `tests/spider2/differential.py`).

use tabeq_spider2::{compare_csv, explain, GoldKind};

fn vectors() -> Vec<serde_json::Value> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/spider2/vectors.jsonl"
    );
    let text = std::fs::read_to_string(path).expect("the vectors file");
    text.lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

fn score(v: &serde_json::Value) -> u8 {
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
    let cond = match &v["condition_cols"] {
        serde_json::Value::Null => None,
        c => Some(tabeq::cpython_json::parse(&c.to_string()).unwrap()),
    };
    let pred = v["prediction"].as_str().unwrap().as_bytes();
    let ignore_order = v["ignore_order"].as_bool().unwrap();
    compare_csv(pred, &golds, kind, cond.as_ref(), ignore_order).map_or(0, |o| o.score)
}

#[test]
fn every_recorded_verdict_is_the_officials() {
    let all = vectors();
    assert!(all.len() >= 45, "the quirk vectors at least");
    let wrong: Vec<String> = all
        .iter()
        .filter(|v| u64::from(score(v)) != v["official_score"].as_u64().unwrap())
        .map(|v| v["id"].to_string())
        .collect();
    assert!(
        wrong.is_empty(),
        "verdicts differ from the official: {wrong:?}"
    );
    let passes = all.iter().filter(|v| v["official_score"] == 1).count();
    assert!(
        passes > 0 && passes < all.len(),
        "both verdicts are covered"
    );
}

#[test]
fn a_failure_names_the_unmatched_column_and_the_closest_one() {
    let out = compare_csv(
        b"city,total\nParis,10.5\nRome,20\n",
        &[b"name,total\nParis,10.5\nRome,20.02\n"],
        GoldKind::Single,
        None,
        false,
    )
    .unwrap();
    assert_eq!(out.score, 0);
    let text = explain::document(&out).to_text();
    assert!(
        text.contains("Score 0: 1 gold column found no matching prediction column."),
        "{text}"
    );
    assert!(
        text.contains("closest 2 'total' differs at 1 position: position 2: gold 20.02 vs 20"),
        "{text}"
    );
    assert!(
        text.contains("off by 0.019999999999999574 (tolerance 0.01)"),
        "{text}"
    );
    assert!(text.contains("matched by 1 'city'"), "{text}");
}

#[test]
fn a_pass_warns_when_rows_do_not_correspond_or_a_column_is_shared() {
    let out = compare_csv(
        b"x,y\n1,b\n2,a\n",
        &[b"n,l\n1,a\n2,b\n"],
        GoldKind::Single,
        None,
        true,
    )
    .unwrap();
    assert_eq!(out.score, 1);
    let text = explain::document(&out).to_text();
    assert!(text.contains("[spider2_rows_do_not_correspond]"), "{text}");
    assert!(
        text.contains("2 of 2 gold rows have no prediction row"),
        "{text}"
    );
    let out = compare_csv(b"v\n3\n", &[b"a,b\n3,3\n"], GoldKind::Single, None, false).unwrap();
    assert_eq!(out.warnings[0].code, "spider2_shared_prediction_column");
    assert!(out.warnings[0]
        .message
        .contains("prediction column 1 ('v')"));
}

#[test]
fn hostile_inputs_do_not_panic() {
    let inputs: [&[u8]; 8] = [
        b"",
        b"\"",
        b"a\n\"",
        b"\xff\xfe",
        b"a,b\n1,2,3,4\n5\n",
        b",,,\n,,,\n",
        b"a\n1e99999999999999999999\n",
        b"\0\0\n\0",
    ];
    for p in inputs {
        for g in inputs {
            let _ = compare_csv(p, &[g, g], GoldKind::Multi, None, true);
        }
    }
}
