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
        text.contains("closest #1 'total' differs in 1 row: row #1: gold 20.02 vs 20"),
        "{text}"
    );
    assert!(text.contains("off by 0.02 (tolerance 0.01)"), "{text}");
    assert!(text.contains("matched by #0 'city'"), "{text}");
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
    assert!(out.warnings[0].message.contains("prediction column #0 'v'"));
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

#[test]
fn every_code_the_profile_reports_is_in_the_one_catalogue() {
    let catalogue = tabeq::error_catalogue();
    let family: Vec<(&str, &str)> = catalogue
        .iter()
        .filter(|e| e.family == "spider2")
        .map(|e| (e.code, e.description))
        .collect();
    assert_eq!(family, tabeq_spider2::CODES);
    assert!(catalogue
        .iter()
        .filter(|e| e.family == "spider2")
        .all(|e| e.stage == Some("spider2") && e.code.starts_with("spider2_")));
    // The trust crate's catalogue (what Python's error_codes() and JS's errorCodes() list) holds them too.
    let spider2 = |c: &[tabeq::CatalogueEntry]| {
        c.iter()
            .filter(|e| e.family == "spider2")
            .map(|e| e.code)
            .collect::<Vec<_>>()
    };
    assert_eq!(
        spider2(&tabeq_trust::error_catalogue()),
        spider2(&catalogue)
    );
    // Each code, produced: errors (score 0) and warnings (on a pass).
    let one = |p: &[u8], g: &[&[u8]], kind, cond: Option<&str>, io| {
        let cond = cond.map(|c| tabeq::cpython_json::parse(c).unwrap());
        match compare_csv(p, g, kind, cond.as_ref(), io) {
            Ok(o) => {
                let mut codes: Vec<&str> = o.warnings.iter().map(|w| w.code).collect();
                codes.extend(o.error.map(|e| e.code));
                codes
            }
            Err(e) => vec![e.error.code()],
        }
    };
    use GoldKind::{Multi, Single};
    let mut seen = [
        one(b"", &[b"a\n1\n"], Single, None, false),
        one(b"a\n\"1\n", &[b"a\n1\n"], Single, None, false),
        one(b"a\n1\n2,3,4\n", &[b"a\n1\n"], Single, None, false),
        one(b"a\n\xff\n", &[b"a\n1\n"], Single, None, false),
        one(b"a\n1\n", &[b"a\n1\n"], Single, Some("[\"x\"]"), false),
        one(b"a\n1\n", &[b"a\n1\n"], Single, Some("[3]"), false),
        one(
            b"a\n9\n",
            &[b"a\n1\n", b"a\n9\n"],
            Multi,
            Some("[[0]]"),
            false,
        ),
        one(b"a\n2\n", &[b"a,b\n1,2\n"], Multi, Some("[1, 0]"), false),
        one(b"v\n3\n", &[b"a,b\n3,3\n"], Single, None, false),
        one(
            b"x,y\n1,b\n2,a\n",
            &[b"n,l\n1,a\n2,b\n"],
            Single,
            None,
            true,
        ),
    ]
    .concat();
    seen.push(
        tabeq_spider2::exec::parse_eval_jsonl(b"[]\n")
            .unwrap_err()
            .code,
    );
    // Snow's run: an eval line without condition_cols.
    let results = tabeq_spider2::exec::run_variant(
        b"{\"instance_id\": \"a\", \"ignore_order\": true}\n",
        |_| Ok(vec!["a.csv".to_string()]),
        |_, _| Ok(b"x\n1\n".to_vec()),
        tabeq_spider2::Variant::Snow,
    )
    .unwrap();
    assert_eq!(results[0].score, 0);
    let logged = results[0].log[0].contains("spider2_eval_key_missing: ");
    assert!(logged, "{:?}", results[0].log);
    seen.push("spider2_eval_key_missing");
    seen.sort_unstable();
    seen.dedup();
    let mut all: Vec<&str> = tabeq_spider2::CODES.iter().map(|c| c.0).collect();
    all.sort_unstable();
    assert_eq!(seen, all);
}

fn explained(
    pred: &[u8],
    golds: &[&[u8]],
    kind: GoldKind,
    io: bool,
) -> (u8, Vec<&'static str>, String) {
    let out = compare_csv(pred, golds, kind, None, io).unwrap();
    let text = explain::document(&out).to_text();
    (
        out.score,
        out.warnings.iter().map(|w| w.code).collect(),
        text,
    )
}

#[test]
fn explanations_name_lengths_golds_text_and_every_value_outside_the_tolerance() {
    // The closest column has another length: the lengths are said, not positions.
    let (score, _, text) = explained(b"x\n1\n2\n3\n", &[b"a\n1\n2\n"], GoldKind::Single, false);
    assert_eq!(score, 0);
    assert!(
        text.contains("no match; closest #0 'x' has 3 values, the gold column 2"),
        "{text}"
    );
    // Each value outside 0.01 with its difference; the one inside (4 vs 4) is not listed.
    let (_, _, text) = explained(
        b"x\n1\n2\n3\n4\n",
        &[b"a\n1.02\n2.5\n3.3\n4.004\n"],
        GoldKind::Single,
        false,
    );
    assert!(text.contains("closest #0 'x' differs in 3 rows"), "{text}");
    assert!(
        text.contains("row #0: gold 1.02 vs 1, off by 0.02 (tolerance 0.01)"),
        "{text}"
    );
    assert!(
        text.contains("row #1: gold 2.5 vs 2, off by 0.5 (tolerance 0.01)"),
        "{text}"
    );
    assert!(!text.contains("row #3"), "{text}");
    // Text differs exactly (case counts) and has no numeric difference.
    let (_, _, text) = explained(b"x\nParis\n", &[b"a\nparis\n"], GoldKind::Single, false);
    assert!(text.contains("row #0: gold 'paris' vs 'Paris'"), "{text}");
    assert!(!text.contains("off by"), "{text}");
    // Several golds: each is explained, and the verdict names the one that passes.
    let (score, _, text) = explained(b"x\n1\n", &[b"a\n2\n", b"a\n3\n"], GoldKind::Multi, false);
    assert_eq!(score, 0);
    assert!(text.contains("(no gold of 2 passes)"), "{text}");
    assert!(
        text.contains("Gold #0 (of 2)") && text.contains("Gold #1 (of 2)"),
        "{text}"
    );
    let (score, _, text) = explained(b"x\n3\n", &[b"a\n2\n", b"a\n3\n"], GoldKind::Multi, false);
    assert_eq!(score, 1);
    assert!(
        text.contains("every compared column of gold #1 (of 2 golds) matches"),
        "{text}"
    );
}

#[test]
fn soundness_warnings_only_when_the_pass_rests_on_them() {
    // Two gold columns, two distinct equal prediction columns: no shared-column warning.
    let (score, warnings, _) = explained(b"x,y\n3,3\n", &[b"a,b\n3,3\n"], GoldKind::Single, false);
    assert_eq!((score, warnings.len()), (1, 0));
    // Without ignore_order, order is compared, so a pass never rests on sorting columns apart.
    let (score, warnings, _) = explained(
        b"x,y\n1,a\n2,b\n",
        &[b"p,q\n1,a\n2,b\n"],
        GoldKind::Single,
        false,
    );
    assert_eq!((score, warnings.len()), (1, 0));
    // Rows that only pair up after sorting each column apart: the warning says how many rows lack a pair.
    let (score, warnings, text) = explained(
        b"x,y\n1,2\n2,1\n",
        &[b"a,b\n1,1\n2,2\n"],
        GoldKind::Single,
        true,
    );
    assert_eq!(
        (score, warnings),
        (1, vec!["spider2_rows_do_not_correspond"])
    );
    assert!(text.contains("[spider2_rows_do_not_correspond]"), "{text}");
    // A failure carries no soundness warning, even where a column is shared.
    let (score, warnings, _) = explained(b"x\n1\n", &[b"a,b,c\n1,1,2\n"], GoldKind::Single, false);
    assert_eq!((score, warnings.len()), (0, 0));
    // The shared-column warning names the gold column and the one prediction column serving it.
    let (score, warnings, text) = explained(
        b"x,y\n1,2\n2,1\n",
        &[b"a,b\n1,1\n2,2\n"],
        GoldKind::Single,
        false,
    );
    assert_eq!(
        (score, warnings),
        (1, vec!["spider2_shared_prediction_column"])
    );
    assert!(
        text.contains("gold column #1 'b' is matched only by prediction column #0 'x', which another gold column needs too"),
        "{text}"
    );
}

#[test]
fn one_numbering_values_as_the_csv_wrote_them_and_a_numeric_closest_column() {
    // A numeric gold column: the closest column offered is the numeric one, not the text
    // column with as many differing rows; whole floats show as the CSV wrote them (1000, not
    // pandas' 1000.0) and differences without float noise.
    let (score, _, text) = explained(
        b"name,amount\nzz,1000.0\nyy,2.85\n",
        &[b"total\n1002.85\n5.7\n"],
        GoldKind::Single,
        false,
    );
    assert_eq!(score, 0);
    assert!(text.contains("numbering"), "{text}");
    assert!(text.contains("from 0, as condition_cols counts"), "{text}");
    assert!(
        text.contains("closest #1 'amount' differs in 2 rows"),
        "{text}"
    );
    assert!(
        text.contains("row #0: gold 1002.85 vs 1000, off by 2.85 (tolerance 0.01)"),
        "{text}"
    );
    assert!(!text.contains("1000.0"), "{text}");
    assert!(!text.contains("2.8500000000000227"), "{text}");
    // The gold columns named by condition_cols are the columns the explanation numbers.
    let out = compare_csv(
        b"a,b\n1,9\n",
        &[b"x,y,z\n1,5,9\n"],
        GoldKind::Single,
        Some(&tabeq::cpython_json::Value::Array(vec![
            tabeq::cpython_json::Value::Int(0),
            tabeq::cpython_json::Value::Int(2),
        ])),
        false,
    )
    .unwrap();
    let text = explain::document(&out).to_text();
    assert_eq!(out.score, 1, "{text}");
    assert!(text.contains("#0 'x'") && text.contains("#2 'z'"), "{text}");
    assert!(!text.contains("'y'"), "{text}");
}
