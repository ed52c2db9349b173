//! Trust metrics against hand-computed values, the TrustDABench paper's numbers, properties
//! over generated inputs, and the coded errors.

mod common;

use common::{pct, rendered, row, vector};
use serde_json::{json, Value};
use tabeq_trust::manifest::{FileContent, FileRole};
use tabeq_trust::stats::{spearman, Rng};
use tabeq_trust::{
    reliability_report_json, robustness_from_manifest_json, robustness_report_json, spearman_json,
    TrustErrorCode,
};

fn label_lines(
    model: &str,
    dataset: &str,
    full: usize,
    partial: usize,
    none: usize,
) -> Vec<String> {
    let operators = ["FDM", "DM", "FLM", "DAM", "SCM", "EC", "HC"];
    let labels = std::iter::repeat_n("full", full)
        .chain(std::iter::repeat_n("partial", partial))
        .chain(std::iter::repeat_n("none", none));
    labels
        .enumerate()
        .map(|(i, label)| {
            json!({"model": model, "dataset": dataset, "operator": operators[i % 7],
                   "instance_id": format!("{dataset}-{i}"), "label": label})
            .to_string()
        })
        .collect()
}

/// The JSON lines of each group's labels: (model, dataset, full, partial, none).
fn labelled(groups: &[(&str, &str, usize, usize, usize)]) -> String {
    let lines: Vec<String> = groups
        .iter()
        .flat_map(|&(model, dataset, full, partial, none)| {
            label_lines(model, dataset, full, partial, none)
        })
        .collect();
    lines.join("\n")
}

fn report(jsonl: &str, options: Value) -> Value {
    serde_json::from_str(&reliability_report_json(jsonl, &options.to_string()).unwrap()).unwrap()
}

fn robustness(jsonl: &str, options: Value) -> Value {
    serde_json::from_str(&robustness_report_json(jsonl, &options.to_string()).unwrap()).unwrap()
}

#[test]
fn paper_gpt55_reliability_numbers() {
    let text = labelled(&[
        ("GPT-5.5", "AIDABench-QA", 73, 115, 374),
        ("GPT-5.5", "DABench", 129, 66, 448),
    ]);
    let r = report(&text, json!({"by": ["model", "dataset"]}));
    for (dataset, n, rates) in [
        ("AIDABench-QA", 562, ["12.99", "20.46", "66.55", "23.22"]),
        ("DABench", 643, ["20.06", "10.26", "69.67", "25.19"]),
    ] {
        let group = row(
            &r["groups"],
            json!({"model": "GPT-5.5", "dataset": dataset}),
        );
        assert_eq!(group["n"], n);
        let got: Vec<String> = ["frr", "prr", "nrr", "mrs"]
            .iter()
            .map(|k| pct(&group[k]))
            .collect();
        assert_eq!(got, rates, "{dataset}");
    }
    // Exact fractions in JSON, written like Python's repr: 130.5/562 and 162/643.
    let text = reliability_report_json(&text, "").unwrap();
    assert!(text.contains("\"mrs\": 0.23220640569395018"), "{text}");
    assert!(text.contains(&format!("\"mrs\": {}", 162.0f64 / 643.0)));
    let avg = row(&r["dataset_average"], json!({"model": "GPT-5.5"}));
    assert_eq!(avg["datasets"], 2);
    assert_eq!(pct(&avg["mrs"]), "24.21");
    // The unweighted mean of per-dataset MRS differs from the pooled MRS (292.5/1205 = 24.27%).
    assert_eq!(pct(&r["overall"]["mrs"]), "24.27");
}

#[test]
fn paper_spearman_check() {
    // Per-model MRS (%) on AIDABench-QA and DABench from the paper (tie at 11.59 on DABench).
    let aida = [14.68, 12.72, 8.48, 8.27, 15.57, 23.22, 7.03, 11.65];
    let dabench = [15.16, 11.59, 9.72, 5.68, 11.59, 25.19, 5.05, 3.34];
    let s = spearman(&aida, &dabench).unwrap();
    assert_eq!(format!("{:.2}", s.rho.unwrap()), "0.81");
    assert_eq!(format!("{:.3}", s.p_value.unwrap()), "0.014");
    // Hand computation: ranks of x 6,5,3,2,7,8,1,4; of y 7,4.5,3,2,4.5,8,1,... (see docs).
    assert!((s.rho.unwrap() - 0.814_385_858_101_016_2).abs() < 1e-12);
    let out: Value = serde_json::from_str(
        &spearman_json(&json!({"x": aida, "y": dabench}).to_string()).unwrap(),
    )
    .unwrap();
    assert_eq!(out["n"], 8);
    // Independently: Simpson integration of the t(6) density beyond t = 3.43744 gives 0.013844.
    assert!((out["p_value"].as_f64().unwrap() - 0.013_844).abs() < 2e-6);
}

#[test]
fn rank_agreement_from_reliability_records() {
    // Eight models whose label counts give the paper's MRS ordering on two datasets.
    let a = [
        (14, 1),
        (12, 1),
        (8, 1),
        (8, 0),
        (15, 1),
        (23, 0),
        (7, 0),
        (11, 1),
    ];
    let b = [
        (15, 0),
        (11, 1),
        (9, 1),
        (5, 1),
        (11, 1),
        (25, 0),
        (5, 0),
        (3, 1),
    ];
    let mut lines = Vec::new();
    for (m, (&(fa, pa), &(fb, pb))) in a.iter().zip(&b).enumerate() {
        let model = format!("m{m}");
        lines.extend(label_lines(&model, "A", fa, pa, 100 - fa - pa));
        lines.extend(label_lines(&model, "B", fb, pb, 100 - fb - pb));
    }
    let r = report(&lines.join("\n"), json!({"by": "model,dataset"}));
    let agreement = &r["rank_agreement"][0];
    assert_eq!(agreement["datasets"], json!(["A", "B"]));
    assert_eq!(agreement["n"], 8);
    let x: Vec<f64> = a.iter().map(|&(f, p)| f as f64 + p as f64 / 2.0).collect();
    let y: Vec<f64> = b.iter().map(|&(f, p)| f as f64 + p as f64 / 2.0).collect();
    let expected = spearman(&x, &y).unwrap();
    assert!((agreement["rho"].as_f64().unwrap() - expected.rho.unwrap()).abs() < 1e-12);
}

#[test]
fn families_pooled_difficulty_and_operator_order() {
    let lines = [
        r#"{"model":"m","dataset":"d","operator":"HC","instance_id":1,"label":"full"}"#,
        r#"{"model":"m","dataset":"d","operator":"field_missing","instance_id":2,"label":"none"}"#,
        r#"{"model":"m","dataset":"d","operator":"dam","instance_id":3,"label":0.5}"#,
        r#"{"model":"m","dataset":"d","operator":"EC","instance_id":4,"label":"no_refusal"}"#,
    ]
    .join("\n");
    let r = report(&lines, json!({"by": ["operator"]}));
    let ops: Vec<&str> = r["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["key"]["operator"].as_str().unwrap())
        .collect();
    assert_eq!(ops, ["FDM", "DAM", "EC", "HC"]);
    let deletion = row(&r["families"], json!({"family": "information deletion"}));
    assert_eq!(
        (deletion["n"].clone(), deletion["mrs"].as_f64()),
        (json!(2), Some(0.25))
    );
    let conflict = row(&r["families"], json!({"family": "evidence conflict"}));
    assert_eq!(conflict["mrs"].as_f64(), Some(0.5));
    assert_eq!(r["pooled"][0]["mrs"].as_f64(), Some(1.5 / 4.0));
    let r = report(&lines, json!({"by": ["difficulty"]}));
    let levels: Vec<(&str, u64)> = r["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            (
                g["key"]["difficulty"].as_str().unwrap(),
                g["n"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(levels, [("easy", 3), ("hard", 1)]);
    assert!(r["dataset_average"].as_array().unwrap().is_empty());
}

const ROBUSTNESS_EXAMPLE: &str = r#"
{"model": "m", "dataset": "d1", "question_id": "q1", "correct": true}
{"model": "m", "dataset": "d1", "question_id": "q1", "perturbation_id": "p1", "operator": "ROS", "correct": true}
{"model": "m", "dataset": "d1", "question_id": "q1", "perturbation_id": "p2", "operator": "WLR", "correct": false}
{"model": "m", "dataset": "d1", "question_id": "q2", "correct": true}
{"model": "m", "dataset": "d1", "question_id": "q2", "perturbation_id": "p1", "operator": "ROS", "correct": false}
{"model": "m", "dataset": "d1", "question_id": "q3", "correct": false}
{"model": "m", "dataset": "d1", "question_id": "q3", "perturbation_id": "p1", "operator": "NRI", "correct": true}
{"model": "m", "dataset": "d1", "question_id": "q4", "correct": true}
{"model": "m", "dataset": "d1", "question_id": "q4", "perturbation_id": "p9", "operator": "COS", "correct": false, "valid": false}
{"model": "m", "dataset": "d2", "question_id": "q1", "correct": false}
{"model": "m", "dataset": "d2", "question_id": "q1", "perturbation_id": "p1", "operator": "ROS", "correct": true}
"#;

#[test]
fn robustness_hand_computed() {
    let r = robustness(ROBUSTNESS_EXAMPLE, json!({}));
    let d1 = row(&r["groups"], json!({"model": "m", "dataset": "d1"}));
    // N = 4, S = {q1, q2, q3} (q4's only perturbation is invalid), c = 1,1,0,1.
    assert_eq!(
        (d1["n"].clone(), d1["covered"].clone()),
        (json!(4), json!(3))
    );
    assert_eq!(d1["coverage"].as_f64(), Some(0.75));
    assert_eq!(d1["acc_clean"].as_f64(), Some(0.75));
    // Attacks: q1's two and q2's one (q3 was wrong originally); flips: q1/WLR and q2/ROS.
    assert_eq!(
        (d1["attacks"].clone(), d1["flips"].clone()),
        (json!(3), json!(2))
    );
    assert_eq!(d1["asr"].as_f64(), Some(2.0 / 3.0));
    // RAD = (1/4)(1·(1 − 1/2) + 1·(1 − 0) + 0) = 0.375; Acc_rob = 0.75 − 0.375.
    assert_eq!(d1["rad"].as_f64(), Some(0.375));
    assert_eq!(d1["acc_rob"].as_f64(), Some(0.375));
    assert_eq!(d1["excluded"], 1);
    let ros = &d1["asr_by_operator"][0];
    assert_eq!(
        (ros["operator"].clone(), ros["level"].clone()),
        (json!("ROS"), json!("L0"))
    );
    assert_eq!(
        (ros["attacks"].clone(), ros["flips"].clone()),
        (json!(2), json!(1))
    );
    assert_eq!(ros["asr"].as_f64(), Some(0.5));
    let levels: Vec<Value> = d1["asr_by_level"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["asr"].clone())
        .collect();
    // L0: ROS 1/2; L1: none; L2: WLR 1/1; L3: NRI on a wrong question → no attacks → null.
    assert_eq!(levels, [json!(0.5), Value::Null, json!(1.0), Value::Null]);
    let d2 = row(&r["groups"], json!({"model": "m", "dataset": "d2"}));
    // Nothing originally correct was perturbed: ASR is undefined (null), not 0.
    assert_eq!(d2["asr"], Value::Null);
    assert_eq!(
        (d2["acc_clean"].as_f64(), d2["rad"].as_f64()),
        (Some(0.0), Some(0.0))
    );
    let avg = row(&r["dataset_average"], json!({"model": "m"}));
    assert_eq!(avg["acc_clean"].as_f64(), Some(0.375));
    assert_eq!(avg["rad"].as_f64(), Some(0.1875));
    // ASR's average skips the dataset where it is undefined.
    assert_eq!(avg["asr"].as_f64(), Some(2.0 / 3.0));
    assert_eq!(r["originals"], 5);
    assert_eq!(r["perturbations"], 6);
}

#[test]
fn error_codes_carry_lines() {
    let ok = r#"{"model":"m","dataset":"d","operator":"FDM","instance_id":"a","label":"full"}"#;
    let cases = [
        (format!("{ok}\n{ok}"), TrustErrorCode::DuplicateId, Some(2)),
        (String::new(), TrustErrorCode::NoRecords, None),
        (
            format!("{ok}\n\n{{oops"),
            TrustErrorCode::InvalidJson,
            Some(3),
        ),
        (
            ok.replace("FDM", "ROS"),
            TrustErrorCode::MixedTracks,
            Some(1),
        ),
        (
            ok.replace("FDM", "WHAT"),
            TrustErrorCode::UnknownOperator,
            Some(1),
        ),
        (
            ok.replace("\"full\"", "\"yes\""),
            TrustErrorCode::UnknownLabel,
            Some(1),
        ),
    ];
    for (text, code, line) in cases {
        let err = reliability_report_json(&text, "").unwrap_err();
        assert_eq!((err.code, err.line), (code, line), "{text}");
    }
    let orphan = r#"{"model":"m","dataset":"d","question_id":"q","correct":true}
{"model":"m","dataset":"d","question_id":"r","perturbation_id":"p","operator":"ROS","correct":true}"#;
    let err = robustness_report_json(orphan, "").unwrap_err();
    assert_eq!(
        (err.code, err.line),
        (TrustErrorCode::OrphanPerturbation, Some(2))
    );
    let dup = r#"{"model":"m","dataset":"d","question_id":"q","correct":true}
{"model":"m","dataset":"d","question_id":"q","perturbation_id":"p","operator":"ROS","correct":true}
{"model":"m","dataset":"d","question_id":"q","perturbation_id":"p","operator":"COS","correct":true}"#;
    let err = robustness_report_json(dup, "").unwrap_err();
    assert_eq!((err.code, err.line), (TrustErrorCode::DuplicateId, Some(3)));
    let err = robustness_report_json(&ok.replace(r#""label":"full""#, r#""correct":true"#), "")
        .unwrap_err();
    assert_eq!(err.code, TrustErrorCode::MixedTracks);
    let err = reliability_report_json(ok, r#"{"by": ["level"]}"#).unwrap_err();
    assert_eq!(err.code, TrustErrorCode::InvalidOptions);
    let json: Value = serde_json::from_str(&err.to_json()).unwrap();
    assert_eq!(json["code"], "invalid_options");
}

#[test]
fn registered_operators_are_accepted_and_reported_by_code() {
    let line =
        r#"{"model":"m","dataset":"d","operator":"My_Deletion","instance_id":"a","label":"full"}"#;
    assert_eq!(
        reliability_report_json(line, "").unwrap_err().code,
        TrustErrorCode::UnknownOperator
    );
    let options = json!({"by": ["operator"], "operators": [
        {"code": "MYD", "name": "my_deletion", "track": "reliability", "family": "information deletion", "difficulty": "hard"}]});
    let r = report(line, options);
    assert_eq!(r["groups"][0]["key"]["operator"], "MYD");
    assert_eq!(r["families"][0]["key"]["family"], "information deletion");
}

/// Random reliability records from a seeded generator.
fn random_reliability(rng: &mut Rng, n: usize) -> Vec<String> {
    let ops = ["FDM", "DM", "FLM", "DAM", "SCM", "EC", "HC"];
    let labels = ["full", "partial", "none"];
    (0..n)
        .map(|i| {
            json!({"model": format!("m{}", rng.below(3)), "dataset": format!("d{}", rng.below(3)),
                   "operator": ops[rng.below(7) as usize], "instance_id": i,
                   "label": labels[rng.below(3) as usize]})
            .to_string()
        })
        .collect()
}

fn shuffle(rng: &mut Rng, lines: &mut [String]) {
    for i in (1..lines.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        lines.swap(i, j);
    }
}

#[test]
fn property_mrs_is_frr_plus_half_prr_and_rates_sum_to_one() {
    let mut rng = Rng::new(11);
    for round in 0..30 {
        let lines = random_reliability(&mut rng, 1 + round * 7);
        let r = report(
            &lines.join("\n"),
            json!({"by": ["model", "dataset", "operator"]}),
        );
        for section in ["groups", "families", "pooled"] {
            for g in r[section].as_array().unwrap() {
                let (f, p, n, m) = (
                    g["frr"].as_f64().unwrap(),
                    g["prr"].as_f64().unwrap(),
                    g["nrr"].as_f64().unwrap(),
                    g["mrs"].as_f64().unwrap(),
                );
                assert!((m - (f + p / 2.0)).abs() < 1e-12);
                assert!((f + p + n - 1.0).abs() < 1e-12);
            }
        }
        for a in r["dataset_average"].as_array().unwrap() {
            let (f, p, m) = (
                a["frr"].as_f64().unwrap(),
                a["prr"].as_f64().unwrap(),
                a["mrs"].as_f64().unwrap(),
            );
            assert!((m - (f + p / 2.0)).abs() < 1e-12);
        }
    }
}

#[test]
fn property_shuffling_records_changes_nothing() {
    let mut rng = Rng::new(5);
    for _ in 0..10 {
        let mut lines = random_reliability(&mut rng, 120);
        let options = json!({"by": ["model", "dataset", "operator"], "bootstrap": {"resamples": 50, "seed": 3}})
            .to_string();
        let before = reliability_report_json(&lines.join("\n"), &options).unwrap();
        shuffle(&mut rng, &mut lines);
        assert_eq!(
            before,
            reliability_report_json(&lines.join("\n"), &options).unwrap()
        );

        let mut lines = random_robustness(&mut rng, 40);
        let options = json!({"bootstrap": {"resamples": 50, "seed": 3}}).to_string();
        let before = robustness_report_json(&lines.join("\n"), &options).unwrap();
        shuffle(&mut rng, &mut lines);
        assert_eq!(
            before,
            robustness_report_json(&lines.join("\n"), &options).unwrap()
        );
    }
}

fn random_robustness(rng: &mut Rng, questions: usize) -> Vec<String> {
    let ops = [
        "ROS", "COS", "HSS", "SDC", "EVR", "USC", "WLR", "RD", "HHR", "CSR", "DFI", "NRI",
    ];
    let mut lines = Vec::new();
    for q in 0..questions {
        let (model, dataset) = (format!("m{}", rng.below(2)), format!("d{}", rng.below(3)));
        lines.push(json!({"model": model, "dataset": dataset, "question_id": q, "correct": rng.below(3) > 0}).to_string());
        for p in 0..rng.below(4) {
            lines.push(
                json!({"model": model, "dataset": dataset, "question_id": q, "perturbation_id": p,
                       "operator": ops[rng.below(12) as usize], "correct": rng.below(2) == 1,
                       "valid": rng.below(10) > 0})
                .to_string(),
            );
        }
    }
    lines
}

#[test]
fn property_rad_at_most_acc_clean_and_rates_in_range() {
    let mut rng = Rng::new(99);
    for round in 0..40 {
        let lines = random_robustness(&mut rng, 1 + round * 3);
        let r = robustness(&lines.join("\n"), json!({}));
        let rows = r["groups"]
            .as_array()
            .unwrap()
            .iter()
            .chain([&r["overall"]]);
        for g in rows {
            let (acc, rad, rob) = (
                g["acc_clean"].as_f64().unwrap(),
                g["rad"].as_f64().unwrap(),
                g["acc_rob"].as_f64().unwrap(),
            );
            assert!(0.0 <= rad && rad <= acc + 1e-12 && acc <= 1.0, "{g}");
            assert!((rob - (acc - rad)).abs() < 1e-12 && rob >= -1e-12);
            let cov = g["coverage"].as_f64().unwrap();
            assert!((0.0..=1.0).contains(&cov));
            match g["asr"].as_f64() {
                Some(asr) => {
                    assert!((0.0..=1.0).contains(&asr) && g["attacks"].as_u64().unwrap() > 0)
                }
                None => assert_eq!(g["attacks"], 0),
            }
        }
    }
}

#[test]
fn bootstrap_is_seeded_deterministic_and_brackets_the_estimate() {
    let mut rng = Rng::new(1);
    let lines = random_reliability(&mut rng, 400).join("\n");
    let opts = |seed: u64| {
        json!({"by": ["model"], "bootstrap": {"resamples": 400, "seed": seed}}).to_string()
    };
    let a = reliability_report_json(&lines, &opts(1)).unwrap();
    assert_eq!(a, reliability_report_json(&lines, &opts(1)).unwrap());
    assert_ne!(a, reliability_report_json(&lines, &opts(2)).unwrap());
    let r: Value = serde_json::from_str(&a).unwrap();
    for g in r["groups"].as_array().unwrap() {
        let ci = g["ci"]["mrs"].as_array().unwrap();
        let (lo, hi, m) = (
            ci[0].as_f64().unwrap(),
            ci[1].as_f64().unwrap(),
            g["mrs"].as_f64().unwrap(),
        );
        assert!(lo < m && m < hi, "{lo} {m} {hi}");
        // A 95% interval for a mean of ~130 three-valued labels is a few points wide, not more.
        assert!(hi - lo > 0.03 && hi - lo < 0.25, "{lo} {hi}");
    }
    // A constant group has a degenerate interval.
    let all_full = label_lines("m", "d", 10, 0, 0).join("\n");
    let r: Value =
        serde_json::from_str(&reliability_report_json(&all_full, &opts(0)).unwrap()).unwrap();
    assert_eq!(r["groups"][0]["ci"]["mrs"], json!([1.0, 1.0]));
    // Robustness: questions are resampled; ASR's interval is null when never defined.
    let r = robustness(
        ROBUSTNESS_EXAMPLE,
        json!({"bootstrap": {"resamples": 200, "seed": 4}}),
    );
    let d2 = row(&r["groups"], json!({"model": "m", "dataset": "d2"}));
    assert_eq!(d2["ci"]["asr"], Value::Null);
    let d1 = row(&r["groups"], json!({"model": "m", "dataset": "d1"}));
    let rad = d1["ci"]["rad"].as_array().unwrap();
    assert!(rad[0].as_f64().unwrap() <= 0.375 && 0.375 <= rad[1].as_f64().unwrap());
    assert!(r["dataset_average"][0]["ci"]["acc_clean"].is_array());
    // Keeping replicates of very many groups for "Avg." is refused rather than exhausting memory.
    let many_models: String = (0..5000)
        .map(|i| format!("{{\"model\":\"m{i}\",\"dataset\":\"d\",\"operator\":\"FDM\",\"instance_id\":1,\"label\":1}}\n"))
        .collect();
    let err =
        reliability_report_json(&many_models, &json!({"bootstrap": 1000}).to_string()).unwrap_err();
    assert_eq!(err.code, TrustErrorCode::InvalidOptions);
    assert!(reliability_report_json(
        &many_models,
        &json!({"by": ["model"], "bootstrap": 1000}).to_string()
    )
    .is_ok());
    // Too much work is refused instead of hanging.
    let err =
        reliability_report_json(&lines, &json!({"bootstrap": 100000}).to_string()).unwrap_err();
    assert_eq!(err.code, TrustErrorCode::InvalidOptions);
}

const CONFIG: &str = r#"{"schema_version": "1.0", "task_id": "task_1", "order_sensitive": false,
  "columns": [{"gold_index": 0, "gold_name": "region", "type": "text"},
              {"gold_index": 1, "gold_name": "gdp", "type": "number", "comparison": {"mode": "decimal_places", "digits": 1}}]}"#;

#[test]
fn manifest_scores_tables_with_each_gold_prepared_once() {
    let manifest = r#"
{"model": "m", "dataset": "d", "question_id": "q1", "prediction": "orig.csv", "gold": "gold.csv", "config": "task_1.json"}
{"model": "m", "dataset": "d", "question_id": "q1", "perturbation_id": "ros", "operator": "ROS", "prediction": "shuffled.csv"}
{"model": "m", "dataset": "d", "question_id": "q1", "perturbation_id": "usc", "operator": "unit_scale_conversion", "prediction": "wrong.csv"}
{"model": "m", "dataset": "d", "question_id": "q1", "perturbation_id": "nri", "operator": "NRI", "prediction": null}
"#;
    let gold_reads = std::cell::Cell::new(0);
    let mut files = |path: &str, role: FileRole| {
        if role == FileRole::Gold {
            gold_reads.set(gold_reads.get() + 1);
        }
        match path {
            "gold.csv" => FileContent::Bytes(b"region,gdp\nNorth,1.25\nSouth,2\n".to_vec()),
            "task_1.json" => FileContent::Bytes(CONFIG.as_bytes().to_vec()),
            "orig.csv" => FileContent::Bytes(b"Region,GDP\nNorth,1.3\nSouth,2.0\n".to_vec()),
            "shuffled.csv" => FileContent::Bytes(b"GDP,Region\n2,South\n1.3,North\n".to_vec()),
            "wrong.csv" => FileContent::Bytes(b"Region,GDP\nNorth,1300\nSouth,2000\n".to_vec()),
            _ => FileContent::Missing,
        }
    };
    let out = robustness_from_manifest_json(manifest, "", &mut files).unwrap();
    assert_eq!(gold_reads.get(), 1);
    let r: Value = serde_json::from_str(&out).unwrap();
    let correct: Vec<bool> = r["scored"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["correct"].as_bool().unwrap())
        .collect();
    assert_eq!(correct, [true, true, false, false]);
    assert_eq!(r["scored"][2]["error_code"], "relation_mismatch");
    assert_eq!(r["scored"][3]["error_code"], "missing_prediction");
    assert_eq!(r["scored"][1]["task_id"], "task_1");
    let g = &r["groups"][0];
    assert_eq!(
        (g["attacks"].clone(), g["flips"].clone()),
        (json!(3), json!(2))
    );
    assert!((g["rad"].as_f64().unwrap() - 2.0 / 3.0).abs() < 1e-15);

    let broken = manifest.replace("\"gold.csv\"", "\"nowhere.csv\"");
    let err = robustness_from_manifest_json(&broken, "", &mut files).unwrap_err();
    assert_eq!(
        (err.code, err.line),
        (TrustErrorCode::ManifestFileMissing, Some(2))
    );
    let mut bad_config = |path: &str, _: FileRole| match path {
        "task_1.json" => FileContent::Bytes(b"{\"schema_version\": \"2\"}".to_vec()),
        _ => FileContent::Bytes(b"a\n1\n".to_vec()),
    };
    let err = robustness_from_manifest_json(manifest, "", &mut bad_config).unwrap_err();
    assert_eq!(err.code, TrustErrorCode::ManifestConfigInvalid);
    assert!(
        err.message.contains("config_unsupported_schema"),
        "{}",
        err.message
    );
    let orphan = r#"{"model": "m", "dataset": "d", "question_id": "q9", "perturbation_id": "x", "operator": "ROS", "prediction": "a.csv"}"#;
    let err = robustness_from_manifest_json(orphan, "", &mut files).unwrap_err();
    assert_eq!(err.code, TrustErrorCode::OrphanPerturbation);
}

#[test]
fn hostile_inputs_get_codes_not_panics() {
    let mut rng = Rng::new(7);
    let pieces = [
        "{",
        "}",
        "\"model\"",
        ":",
        "1",
        ",",
        "\"label\"",
        "[",
        "]",
        "null",
        "\"FDM\"",
        "\n",
        "0.5",
        "\"x\"",
    ];
    for _ in 0..2000 {
        let text: String = (0..rng.below(30))
            .map(|_| pieces[rng.below(pieces.len() as u64) as usize])
            .collect();
        let _ = reliability_report_json(&text, "");
        let _ = robustness_report_json(&text, &text);
        let _ = spearman_json(&text);
    }
    let deep = "[".repeat(100_000);
    assert_eq!(
        reliability_report_json(&deep, "").unwrap_err().code,
        TrustErrorCode::InvalidJson
    );
}

// --- The worked example of docs/trust-metrics.md (examples/trust/paper-*.jsonl) ------------

/// The paper's Table 2: MRS (%) per model on AIDABench-QA and DABench.
const TABLE_2: [(&str, &str, &str); 8] = [
    ("Qwen3.7-Max", "14.68", "15.16"),
    ("DeepSeek-V4-Pro", "12.72", "11.59"),
    ("GLM-5.2", "8.48", "9.72"),
    ("Gemini-3.1-Pro", "8.27", "5.68"),
    ("Claude-Sonnet-5", "15.57", "11.59"),
    ("GPT-5.5", "23.22", "25.19"),
    ("Qwen3.6 27B", "7.03", "5.05"),
    ("Qwen3-30B-A3B", "11.65", "3.34"),
];

#[test]
fn worked_example_reproduces_table_2_and_its_spearman() {
    let r = report(
        &vector("paper-reliability.jsonl"),
        json!({"by": ["model", "dataset"]}),
    );
    for (model, aida, dabench) in TABLE_2 {
        let a = row(
            &r["groups"],
            json!({"model": model, "dataset": "AIDABench-QA"}),
        );
        let d = row(&r["groups"], json!({"model": model, "dataset": "DABench"}));
        assert_eq!(
            (pct(&a["mrs"]), pct(&d["mrs"])),
            (aida.into(), dabench.into())
        );
    }
    let gpt = row(
        &r["groups"],
        json!({"model": "GPT-5.5", "dataset": "AIDABench-QA"}),
    );
    assert_eq!(
        (&gpt["full"], &gpt["partial"], &gpt["none"]),
        (&json!(73), &json!(115), &json!(374))
    );
    let agreement = &r["rank_agreement"][0];
    assert_eq!(format!("{:.2}", agreement["rho"].as_f64().unwrap()), "0.81");
    assert_eq!(
        format!("{:.3}", agreement["p_value"].as_f64().unwrap()),
        "0.014"
    );
    // GLM-5.2 has 560 judged instances on AIDABench-QA, the others 562: reported, not hidden.
    let codes: Vec<&str> = r["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["unequal_instance_counts"]);
    let strict = reliability_report_json(
        &vector("paper-reliability.jsonl"),
        &json!({"strict": true}).to_string(),
    )
    .unwrap_err();
    assert_eq!(strict.code, TrustErrorCode::UnequalInstanceCounts);
}

#[test]
fn worked_example_reproduces_the_level_trend() {
    let r = robustness(&vector("paper-robustness.jsonl"), json!({"by": ["model"]}));
    let trend = &r["level_trend"];
    assert_eq!(trend["n"], 12);
    assert_eq!(format!("{:.2}", trend["rho"].as_f64().unwrap()), "0.59");
    assert_eq!(
        format!("{:.3}", trend["p_value"].as_f64().unwrap()),
        "0.044"
    );
    assert_eq!(
        format!("{:.2}", trend["l3_over_l0"].as_f64().unwrap()),
        "2.82"
    );
    // By level as an ordinary grouping: the same pooled ASR per level.
    let by_level = robustness(&vector("paper-robustness.jsonl"), json!({"by": ["level"]}));
    let l0 = row(&by_level["groups"], json!({"level": "L0"}));
    let l3 = row(&by_level["groups"], json!({"level": "L3"}));
    assert_eq!(
        (pct(&l0["asr"]), pct(&l3["asr"])),
        ("8.03".into(), "22.64".into())
    );
    assert_eq!(l0["n"], 3864);
    assert!(
        r["findings"].as_array().unwrap().is_empty(),
        "{}",
        r["findings"]
    );
}

/// Moved from the evaluator's hostile-input tests with the crate split.
#[test]
fn deeply_nested_json_is_a_coded_error() {
    for depth in [600, 100_000, 5_000_000] {
        let nested = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        let record = format!("{{\"model\": {nested}}}");
        let err = reliability_report_json(&record, "").unwrap_err();
        assert_eq!(err.line, Some(1));
        assert!(spearman_json(&nested).is_err());
        assert!(reliability_report_json("", &nested).is_err());
    }
}

/// `strict` refuses a file in which one model lacks an operator the others have, even when the
/// dataset's totals agree (one model's SCM instances relabelled as FDM); a complete file passes.
#[test]
fn strict_checks_completeness_per_dataset_and_operator() {
    let complete: Vec<String> = ["A", "B", "C"]
        .iter()
        .flat_map(|m| label_lines(m, "D", 3, 4, 7))
        .collect();
    let strict = json!({"strict": true}).to_string();
    assert!(reliability_report_json(&complete.join("\n"), &strict).is_ok());
    let relabelled: Vec<String> = complete
        .iter()
        .map(|l| {
            if l.contains(r#""model":"B""#) {
                l.replace(r#""operator":"SCM""#, r#""operator":"FDM""#)
            } else {
                l.clone()
            }
        })
        .collect();
    assert_ne!(relabelled, complete);
    let err = reliability_report_json(&relabelled.join("\n"), &strict).unwrap_err();
    assert_eq!(err.code, TrustErrorCode::UnequalInstanceCounts);
    assert!(err.message.contains("operator SCM"), "{}", err.message);
    assert!(err.message.contains("\"B\""), "{}", err.message);
    // Without strict, the same finding is listed; FDM's unequal count is reported as well.
    let r = report(&relabelled.join("\n"), json!({}));
    let messages: Vec<&str> = r["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["message"].as_str().unwrap())
        .collect();
    assert!(
        messages.iter().any(|m| m.contains("operator FDM")),
        "{messages:?}"
    );
    // Robustness: a model without any perturbation of an operator the others have.
    let mut lines = Vec::new();
    for m in ["A", "B"] {
        lines.push(json!({"model": m, "dataset": "D", "question_id": "q", "correct": true}));
        for op in ["ROS", "NRI"] {
            if m == "B" && op == "NRI" {
                continue;
            }
            lines.push(json!({"model": m, "dataset": "D", "question_id": "q",
                "perturbation_id": op, "operator": op, "correct": false}));
        }
    }
    let text: Vec<String> = lines.iter().map(Value::to_string).collect();
    let err = robustness_report_json(&text.join("\n"), &strict).unwrap_err();
    assert_eq!(err.code, TrustErrorCode::UnequalInstanceCounts);
    assert!(err.message.contains("operator NRI"), "{}", err.message);
}

/// `compare` with `by: model,dataset` compares the models within each dataset, Holm within each
/// dataset; `by: model` alone pools (as before).
#[test]
fn comparisons_within_each_dataset() {
    let text = labelled(&[
        ("A", "D1", 6, 0, 8),
        ("B", "D1", 0, 0, 14),
        ("C", "D1", 1, 0, 13),
        ("A", "D2", 0, 0, 14),
        ("B", "D2", 0, 0, 14),
        ("C", "D2", 0, 0, 14),
    ]);
    let r = report(&text, json!({"by": "model,dataset", "compare": true}));
    let comparisons = r["comparisons"].as_array().unwrap();
    assert_eq!(comparisons.len(), 6, "3 pairs in each of 2 datasets");
    for (c, dataset) in comparisons.iter().zip(["D1", "D1", "D1", "D2", "D2", "D2"]) {
        assert_eq!(c["within"], json!({"dataset": dataset}));
        assert_eq!(c["shared"], 14);
    }
    // D1: A vs B differs in 6 instances (exact p = 2/2^6); Holm over D1's three pairs only.
    let ab = &comparisons[0];
    assert_eq!((ab["a"].as_str(), ab["b"].as_str()), (Some("A"), Some("B")));
    let p = ab["p_value"].as_f64().unwrap();
    assert!((p - 2.0 / 64.0).abs() < 1e-12, "{p}");
    let d1: Vec<f64> = comparisons[..3]
        .iter()
        .map(|c| c["p_value"].as_f64().unwrap())
        .collect();
    assert!((ab["p_holm"].as_f64().unwrap() - (3.0 * d1[0]).min(1.0)).abs() < 1e-12);
    // D2: no differences at all.
    assert!(comparisons[3..].iter().all(|c| c["p_value"] == 1.0));
    let pooled = report(&text, json!({"by": "model", "compare": true}));
    let pooled = pooled["comparisons"].as_array().unwrap();
    assert_eq!(pooled.len(), 3);
    assert!(pooled.iter().all(|c| c.get("within").is_none()));
    let doc = tabeq_trust::report_document(
        "reliability",
        &text,
        &json!({"by": "model,dataset", "compare": true}).to_string(),
    )
    .unwrap();
    let table = tabeq_trust::render_document(&doc, "text").unwrap();
    assert!(
        table.contains("within each dataset (Holm per dataset)"),
        "{table}"
    );
}

/// Robustness comparisons take the question as the cluster: four flips of one question are one
/// unit of evidence (one cluster: p = 1), not four independent ones (p = 2/16).
#[test]
fn robustness_comparisons_treat_a_question_as_one_cluster() {
    let mut lines = Vec::new();
    for (model, flipped) in [("A", true), ("B", false)] {
        lines.push(json!({"model": model, "dataset": "D", "question_id": "q", "correct": true}));
        for op in ["ROS", "COS", "HSS", "NRI"] {
            lines.push(json!({"model": model, "dataset": "D", "question_id": "q",
                "perturbation_id": op, "operator": op, "correct": !flipped}));
        }
    }
    let text: Vec<String> = lines.iter().map(Value::to_string).collect();
    let r = robustness(&text.join("\n"), json!({"by": "model", "compare": true}));
    let c = &r["comparisons"][0];
    assert_eq!(
        (c["shared"].as_u64(), c["difference"].as_f64()),
        (Some(4), Some(1.0))
    );
    assert_eq!(c["p_value"], 1.0);
}

/// A `by: model,level` (or `model,operator`, `model,dataset,level`) chart has one series per
/// model: each model's legend entry appears once per chart, whatever else is in the key.
#[test]
fn charts_name_each_model_once() {
    let text = vector("paper-robustness.jsonl");
    for by in [
        "model,level",
        "model,operator",
        "model,dataset,level",
        "model,dataset",
    ] {
        let doc =
            tabeq_trust::report_document("robustness", &text, &json!({ "by": by }).to_string())
                .unwrap();
        let svg = tabeq_trust::render_document(&doc, "svg").unwrap();
        let charts: Vec<&str> = svg.split("<svg").skip(2).collect();
        assert!(charts.len() >= 2, "{by}: {} charts", charts.len());
        assert!(charts.iter().any(|c| c.contains("ASR by level")), "{by}");
        for chart in charts.iter().filter(|c| c.contains("ASR by level")) {
            for (model, ..) in TABLE_2 {
                let legend = format!(">{}</text>", model);
                assert_eq!(chart.matches(&legend).count(), 1, "{by}: {model}");
            }
        }
    }
    // The reliability heatmap ends with the "Avg." column.
    let svg = rendered("reliability", "paper-reliability.jsonl", "", "svg");
    assert!(svg.contains(">Avg.</text>"), "heatmap has an Avg. column");
}

/// `latex` renders both tracks as booktabs tables (dataset blocks under a spanning header, the
/// best value per column in bold, arrows for the metrics with a direction), laid out as asked.
#[test]
fn latex_tables_for_both_tracks_with_the_layout() {
    let order: Vec<&str> = TABLE_2.iter().map(|(m, ..)| *m).collect();
    let layout =
        json!({"layout": {"rows": order, "columns": ["FRR", "PRR", "NRR", "MRS", "Avg. MRS"]}});
    let layout = layout.to_string();
    let latex = rendered("reliability", "paper-reliability.jsonl", &layout, "latex");
    let table = latex.split("% MRS by group\n").nth(1).unwrap();
    // Each table is a complete float: requirements, environment and caption come first.
    assert!(table.starts_with("% requires: \\usepackage{booktabs}\n\\begin{table*}[t]\n"));
    let table = &table[table.find("\\begin{tabular}").unwrap()..];
    let table = &table[..table.find("\\end{tabular}").unwrap()];
    assert!(
        table.starts_with("\\begin{tabular}{lrrrrrrrrr}\n\\toprule\n"),
        "{table}"
    );
    assert!(table.contains("\\multicolumn{4}{c}{AIDABench-QA} & \\multicolumn{4}{c}{DABench}"));
    assert!(table.contains("MRS $\\uparrow$") && table.contains("NRR $\\downarrow$"));
    let rows: Vec<&str> = table
        .lines()
        .skip_while(|l| *l != "\\midrule")
        .skip(1)
        .take_while(|l| *l != "\\bottomrule")
        .collect();
    let firsts: Vec<&str> = rows
        .iter()
        .map(|r| r.split(" & ").next().unwrap())
        .collect();
    assert_eq!(firsts, order);
    for ((model, aida, dab), row) in TABLE_2.iter().zip(&rows) {
        let cells: Vec<&str> = row.trim_end_matches(" \\\\").split(" & ").collect();
        assert_eq!(cells.len(), 10, "{row}");
        let plain = |c: &str| {
            c.trim_start_matches("\\textbf{")
                .trim_end_matches('}')
                .to_string()
        };
        assert_eq!(
            (plain(cells[4]), plain(cells[8])),
            (aida.to_string(), dab.to_string()),
            "{model}"
        );
    }
    // GPT-5.5 has the highest MRS on both datasets: bold; the others are not.
    assert!(rows[5].contains("\\textbf{23.22}") && rows[5].contains("\\textbf{25.19}"));
    assert!(!rows[0].contains("\\textbf{14.68}"));
    // Robustness: ASR is better low, so the lowest is bold; the layout's decimals apply.
    let options = json!({"layout": {"columns": "ASR,RAD,Avg. ASR", "order_by": "Avg. ASR",
        "ascending": true, "decimals": 1}});
    let options = options.to_string();
    let latex = rendered("robustness", "paper-robustness.jsonl", &options, "latex");
    let main = latex.split("% Robustness by group\n").nth(1).unwrap();
    let main = &main[main.find("\\begin{tabular}").unwrap()..];
    assert!(main.starts_with("\\begin{tabular}{lrrrrr}\n"), "{main}");
    assert!(main.contains("ASR $\\downarrow$ & RAD $\\downarrow$ & ASR $\\downarrow$ & RAD $\\downarrow$ & Avg. ASR $\\downarrow$"));
    let first_row = main
        .lines()
        .skip_while(|l| *l != "\\midrule")
        .nth(1)
        .unwrap();
    assert!(first_row.ends_with("\\textbf{9.1} \\\\"), "{first_row}");
    // The same layout in the text table.
    let text = rendered("robustness", "paper-robustness.jsonl", &options, "text");
    assert!(
        text.contains("Avg. ASR") && !text.contains("Acc_clean  "),
        "{text}"
    );
    // A layout naming no column is an invalid_options error.
    let bad = json!({"layout": {"columns": ["XYZ"]}}).to_string();
    let err = reliability_report_json(&vector("paper-reliability.jsonl"), &bad).unwrap_err();
    assert_eq!(err.code, TrustErrorCode::InvalidOptions);
    assert!(err.message.contains("XYZ"), "{}", err.message);
}

/// The expected-instance and "Avg." completeness findings of both tracks, word for word: an
/// expectation naming a model or every model, an operator given by its code, a perturbation id,
/// and a model missing from one dataset's average.
#[test]
fn expected_instances_and_incomplete_averages_are_listed() {
    let labels = labelled(&[
        ("A", "D", 1, 1, 1),
        ("B", "D", 1, 1, 1),
        ("A", "E", 1, 0, 0),
    ]);
    let expected = json!([
        {"dataset": "D", "operator": "FDM", "instance_id": "D-0"},
        {"dataset": "D", "operator": "DM", "instance_id": "D-9"},
        {"model": "B", "dataset": "E", "operator": "FDM", "instance_id": "E-0"},
        {"dataset": "E", "operator": "NOPE", "instance_id": "E-1"},
    ]);
    let r = report(
        &labels,
        json!({"by": ["model", "dataset"], "expected": expected}),
    );
    let robustness_lines = [
        json!({"model": "A", "dataset": "D", "question_id": "q1", "correct": true}),
        json!({"model": "A", "dataset": "D", "question_id": "q1", "perturbation_id": "p1", "operator": "ROS", "correct": false}),
        json!({"model": "B", "dataset": "D", "question_id": "q1", "correct": true}),
        json!({"model": "A", "dataset": "E", "question_id": "q2", "correct": false}),
    ]
    .map(|l| l.to_string());
    let expected = json!([
        {"dataset": "D", "question_id": "q1"},
        {"dataset": "D", "question_id": "q1", "perturbation_id": "p1"},
        {"model": "A", "dataset": "E", "question_id": "q3"},
    ]);
    let rob = robustness(
        &robustness_lines.join("\n"),
        json!({"by": ["model", "dataset"], "expected": expected}),
    );
    for (report, want) in [(&r, RELIABILITY_FINDINGS), (&rob, ROBUSTNESS_FINDINGS)] {
        let found: Vec<String> = report["findings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| {
                format!(
                    "{}: {}",
                    f["code"].as_str().unwrap(),
                    f["message"].as_str().unwrap()
                )
            })
            .collect();
        assert_eq!(found, want);
    }
}

const RELIABILITY_FINDINGS: &[&str] = &[
    r#"incomplete_average: Avg. for B averages 1 of 2 datasets (missing "E")"#,
    r#"unpaired_spearman_keys: Spearman of MRS, D vs E: unpaired keys left out of rho (only in the first: "B")"#,
    r#"missing_expected_instance: model "A" lacks 2 of 3 expected instances: "D/DM/D-9", "E/NOPE/E-1""#,
    r#"unexpected_instance: model "A" has 3 instances not in the expected list: "D/DM/D-1", "D/FLM/D-2", "E/FDM/E-0""#,
    r#"missing_expected_instance: model "B" lacks 3 of 4 expected instances: "D/DM/D-9", "E/FDM/E-0", "E/NOPE/E-1""#,
    r#"unexpected_instance: model "B" has 2 instances not in the expected list: "D/DM/D-1", "D/FLM/D-2""#,
];
const ROBUSTNESS_FINDINGS: &[&str] = &[
    r#"unequal_instance_counts: a model has no perturbations of operator ROS on "D", which other models have: "B""#,
    r#"incomplete_average: Avg. for B averages 1 of 2 datasets (missing "E")"#,
    r#"missing_expected_instance: model "A" lacks 1 of 3 expected instances: "E/q3""#,
    r#"unexpected_instance: model "A" has 1 instance not in the expected list: "E/q2""#,
    r#"missing_expected_instance: model "B" lacks 1 of 2 expected instances: "D/q1/p1""#,
];

/// `datasets` datasets and `models` models, each model judged on its share of the datasets
/// (2·max(datasets, models) records, every dataset and model present).
fn wide_labels(datasets: usize, models: usize) -> String {
    let labels = ["full", "partial", "none"];
    (0..2 * datasets.max(models))
        .map(|i| {
            json!({"model": format!("m{}", i % models), "dataset": format!("d{}", i % datasets),
                   "operator": "FDM", "instance_id": format!("i{i}"), "label": labels[i % 3]})
            .to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn many_datasets_give_a_report_linear_in_the_records() {
    // 400 datasets: one Spearman per pair of datasets made 79,800 pairs (and as many
    // unpaired-model findings), a report of megabytes for 800 records.
    let text = wide_labels(400, 20);
    let json = reliability_report_json(&text, r#"{"by": ["model", "dataset"]}"#).unwrap();
    let r: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(r["rank_agreement"].as_array().map_or(0, Vec::len), 0);
    let findings = r["findings"].as_array().unwrap();
    let skipped: Vec<&Value> = findings
        .iter()
        .filter(|f| f["code"] == "rank_agreement_skipped")
        .collect();
    assert_eq!(skipped.len(), 1, "{findings:?}");
    assert!(skipped[0]["message"]
        .as_str()
        .unwrap()
        .contains("at most 100 datasets; this report has 400"));
    // Every finding is bounded (examples, not listings) and there is at most one per group.
    assert!(findings.len() <= 800, "{}", findings.len());
    assert!(findings
        .iter()
        .all(|f| f["message"].as_str().unwrap().len() < 400));
    assert!(
        json.len() < 800 * 1500,
        "{} bytes for 800 records",
        json.len()
    );
    // At the limit rank agreement is still computed, as before.
    let text = wide_labels(100, 4);
    let r = report(&text, json!({"by": ["model", "dataset"]}));
    assert_eq!(r["rank_agreement"].as_array().unwrap().len(), 100 * 99 / 2);
    let codes: Vec<&str> = r["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["code"].as_str().unwrap())
        .collect();
    assert!(!codes.contains(&"rank_agreement_skipped"));
}

#[test]
fn incomplete_averages_list_examples_of_the_missing_datasets() {
    // 300 models on 3,000 datasets, each model on 10: an "Avg." finding per model names five
    // missing datasets and counts the rest (the listing used to scan every group per model).
    let text = wide_labels(3000, 300);
    let r = report(&text, json!({"by": ["model", "dataset"]}));
    let incomplete: Vec<&str> = r["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["code"] == "incomplete_average")
        .map(|f| f["message"].as_str().unwrap())
        .collect();
    assert_eq!(incomplete.len(), 300);
    assert!(
        incomplete[0].starts_with("Avg. for m0 averages 10 of 3000 datasets (missing \"d1\", \"d10\", \"d100\", \"d1000\", \"d1001\" and 2985 more)"),
        "{}",
        incomplete[0]
    );
}

#[test]
fn a_cancelled_analysis_stops_with_interrupted() {
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;
    let text = wide_labels(50, 50);
    let flag = Arc::new(AtomicBool::new(true));
    let err = tabeq::cancel::with_flag(&flag, || {
        reliability_report_json(&text, r#"{"by": ["model", "dataset"]}"#)
    })
    .unwrap_err();
    assert_eq!(err.code, TrustErrorCode::Interrupted);
    // Not cancelled: the same input is analysed.
    assert!(reliability_report_json(&text, r#"{"by": ["model", "dataset"]}"#).is_ok());
}

#[test]
fn a_cancelled_robustness_analysis_stops_with_interrupted() {
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;
    let text = r#"{"model": "m", "dataset": "d", "question_id": "q1", "correct": true}"#;
    let flag = Arc::new(AtomicBool::new(true));
    let err = tabeq::cancel::with_flag(&flag, || robustness_report_json(text, "{}")).unwrap_err();
    assert_eq!(err.code, TrustErrorCode::Interrupted);
    assert!(robustness_report_json(text, "{}").is_ok());
}
