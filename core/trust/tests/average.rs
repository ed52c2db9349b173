//! The two rules of "Avg.": the mean of the datasets' values (the paper's, the default), which
//! reproduces the paper's Avg. columns, and all records pooled, which weighs the larger dataset
//! more (GPT-5.5's Avg. MRS: 24.21 averaged, 24.27 pooled).

#[allow(dead_code)]
mod common;

use common::{pct, row, vector};
use serde_json::{json, Value};

fn report(track: &str, file: &str, options: Value) -> Value {
    let text = vector(file);
    let out = match track {
        "reliability" => tabeq_trust::reliability_report_json(&text, &options.to_string()),
        _ => tabeq_trust::robustness_report_json(&text, &options.to_string()),
    };
    serde_json::from_str(&out.unwrap()).unwrap()
}

#[test]
fn averaged_by_default_pooled_when_asked() {
    let averaged = report("reliability", "paper-reliability.jsonl", json!({}));
    let explicit = report(
        "reliability",
        "paper-reliability.jsonl",
        json!({"average": "datasets"}),
    );
    assert_eq!(averaged, explicit);
    let pooled = report(
        "reliability",
        "paper-reliability.jsonl",
        json!({"average": "pooled"}),
    );
    let mrs = |r: &Value| pct(&row(&r["dataset_average"], json!({"model": "GPT-5.5"}))["mrs"]);
    assert_eq!(mrs(&averaged), "24.21");
    assert_eq!(mrs(&pooled), "24.27");
    // Pooled equals the model's MRS over both datasets' records (the report grouped by model).
    let by_model = report(
        "reliability",
        "paper-reliability.jsonl",
        json!({"by": "model"}),
    );
    for a in pooled["dataset_average"].as_array().unwrap() {
        let whole = row(&by_model["groups"], a["key"].clone());
        assert_eq!(a["mrs"], whole["mrs"], "{}", a["key"]);
    }
    // Robustness: pooled ASR is flips over attacks of both datasets.
    let pooled = report(
        "robustness",
        "paper-robustness.jsonl",
        json!({"average": "pooled"}),
    );
    let by_model = report(
        "robustness",
        "paper-robustness.jsonl",
        json!({"by": "model"}),
    );
    for a in pooled["dataset_average"].as_array().unwrap() {
        let whole = row(&by_model["groups"], a["key"].clone());
        for metric in ["asr", "rad", "acc_clean", "coverage"] {
            let (x, y) = (a[metric].as_f64().unwrap(), whole[metric].as_f64().unwrap());
            assert!((x - y).abs() < 1e-12, "{metric} {}", a["key"]);
        }
    }
    let averaged = report("robustness", "paper-robustness.jsonl", json!({}));
    let asr =
        |r: &Value| pct(&row(&r["dataset_average"], json!({"model": "Qwen3-30B-A3B"}))["asr"]);
    assert_eq!(asr(&averaged), "36.99");
    assert_ne!(asr(&pooled), "36.99");
    // The rule shows in the documents when it is not the paper's.
    let doc = tabeq_trust::report_document(
        "reliability",
        &vector("paper-reliability.jsonl"),
        r#"{"average": "pooled"}"#,
    )
    .unwrap();
    let text = tabeq_trust::render_document(&doc, "text").unwrap();
    assert!(text.contains("records pooled across datasets"), "{text}");
    let err = tabeq_trust::reliability_report_json("", r#"{"average": "mean"}"#).unwrap_err();
    assert_eq!(err.code.code(), "invalid_options");
}

#[test]
fn columns_reach_every_metric_table() {
    let doc = tabeq_trust::report_document(
        "robustness",
        &vector("paper-robustness.jsonl"),
        r#"{"by": "model,dataset", "layout": {"columns": "RAD,Avg. ASR,NRI,L3"}}"#,
    )
    .unwrap();
    let detail = doc.sections.iter().find(|s| s.id == "asr_detail").unwrap();
    let tabeq::doc::Block::Table(table) = &detail.blocks[0] else {
        panic!("no table");
    };
    let titles: Vec<&str> = table.columns.iter().map(|c| c.title.as_str()).collect();
    assert_eq!(titles, ["Model", "Dataset", "ASR NRI", "ASR L3"]);
    assert!(table.rows.iter().all(|r| r.cells.len() == 4));
    // `ASR` names every ASR column there (ASR per operator and per level).
    let doc = tabeq_trust::report_document(
        "robustness",
        &vector("paper-robustness.jsonl"),
        r#"{"by": "model,dataset", "layout": {"columns": "ASR"}}"#,
    )
    .unwrap();
    let detail = doc.sections.iter().find(|s| s.id == "asr_detail").unwrap();
    let tabeq::doc::Block::Table(table) = &detail.blocks[0] else {
        panic!("no table");
    };
    assert_eq!(table.columns.len(), 2 + 12 + 4);
    let doc = tabeq_trust::report_document(
        "reliability",
        &vector("paper-reliability.jsonl"),
        r#"{"by": "model,dataset,operator", "layout": {"columns": "MRS"}}"#,
    )
    .unwrap();
    for id in ["families", "pooled"] {
        let section = doc.sections.iter().find(|s| s.id == id).unwrap();
        let tabeq::doc::Block::Table(table) = &section.blocks[0] else {
            panic!("no table");
        };
        let last = table.columns.last().unwrap();
        assert_eq!(last.title, "MRS", "{id}");
        assert!(
            !table
                .columns
                .iter()
                .any(|c| c.title == "FRR" || c.title == "n"),
            "{id}"
        );
    }
}
