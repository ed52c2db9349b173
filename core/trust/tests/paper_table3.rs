//! The worked example rebuilds the TrustDABench paper's Table 3 through the core: every cell
//! (ASR and RAD per model on AIDABench-QA and DABench, Avg. ASR) at the paper's rounding, in its
//! LaTeX layout, and the robustness statistics the paper states in its text. The expected numbers
//! are the paper's, in `examples/trust/paper-table3.json` (through `tests/vectors/`, so the test
//! also runs inside the unpacked `.crate`).

use serde_json::{json, Value};
use tabeq_trust::{render_document, report_document, robustness_report_json};

fn vector(name: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/tests/vectors/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

/// The paper's rows: model, then its five cells as printed.
fn paper() -> (Value, Vec<Vec<String>>) {
    let paper: Value = serde_json::from_str(&vector("paper-table3.json")).unwrap();
    let rows = paper["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            row.as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_str().unwrap().to_string())
                .collect()
        })
        .collect();
    (paper, rows)
}

fn robustness(options: Value) -> Value {
    let text = vector("paper-robustness.jsonl");
    serde_json::from_str(&robustness_report_json(&text, &options.to_string()).unwrap()).unwrap()
}

fn pct(v: &Value) -> String {
    format!("{:.2}", 100.0 * v.as_f64().unwrap())
}

#[test]
fn latex_table_3_is_the_papers() {
    let (_, rows) = paper();
    let order: Vec<&str> = rows.iter().map(|r| r[0].as_str()).collect();
    let options = json!({"by": "model,dataset", "strict": true,
        "layout": {"rows": order, "columns": "ASR,RAD,Avg. ASR"}});
    let doc = report_document(
        "robustness",
        &vector("paper-robustness.jsonl"),
        &options.to_string(),
    )
    .unwrap();
    let latex = render_document(&doc, "latex").unwrap();
    let table = latex.split("% Robustness by group\n").nth(1).unwrap();
    let body: Vec<Vec<String>> = table
        .lines()
        .skip_while(|l| *l != "\\midrule")
        .skip(1)
        .take_while(|l| *l != "\\bottomrule")
        .map(|line| {
            line.trim_end_matches(" \\\\")
                .split(" & ")
                .map(|c| {
                    c.trim_start_matches("\\textbf{")
                        .trim_end_matches('}')
                        .to_string()
                })
                .collect()
        })
        .collect();
    assert_eq!(body, rows);
    // The best (lowest) value of each column is bold, as in the paper.
    assert!(table.contains(
        "Claude-Sonnet-5 & 11.76 & 6.73 & \\textbf{6.44} & \\textbf{4.51} & \\textbf{9.10} \\\\"
    ));
}

#[test]
fn json_cells_are_the_papers_and_every_count_follows_table_1() {
    let (paper, rows) = paper();
    let r = robustness(json!({"by": ["model", "dataset"], "strict": true}));
    assert_eq!(r["findings"], json!([]));
    let mut lower_on_dabench = 0;
    for row in &rows {
        let group = |dataset: &str| {
            r["groups"]
                .as_array()
                .unwrap()
                .iter()
                .find(|g| g["key"] == json!({"model": row[0], "dataset": dataset}))
                .unwrap()
        };
        let (a, d) = (group("AIDABench-QA"), group("DABench"));
        let average = r["dataset_average"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["key"] == json!({"model": row[0]}))
            .unwrap();
        let cells = [
            pct(&a["asr"]),
            pct(&a["rad"]),
            pct(&d["asr"]),
            pct(&d["rad"]),
            pct(&average["asr"]),
        ];
        assert_eq!(cells[..], row[1..], "{}", row[0]);
        lower_on_dabench += usize::from(d["asr"].as_f64() < a["asr"].as_f64());
        // The Avg. is the mean of the unrounded values (whatever order they are summed in).
        let mean = (a["asr"].as_f64().unwrap() + d["asr"].as_f64().unwrap()) / 2.0;
        assert!((average["asr"].as_f64().unwrap() - mean).abs() < 1e-15);
        for (dataset, g) in [("AIDABench-QA", a), ("DABench", d)] {
            let counts = &paper["table_1"][dataset];
            assert_eq!(g["n"], counts["questions"], "{dataset}");
            assert_eq!(g["covered"], counts["perturbed"], "{dataset}");
            assert_eq!(g["perturbations"], counts["perturbations"], "{dataset}");
            assert_eq!(
                g["asr_by_operator"].as_array().unwrap().len() as u64,
                counts["operators"].as_u64().unwrap(),
                "{dataset}"
            );
        }
    }
    // Seven of eight models have a lower ASR on DABench (Qwen3-30B-A3B is the exception).
    assert_eq!(json!(lower_on_dabench), paper["lower_on_dabench"]);
}

#[test]
fn statistics_stated_in_the_text_hold() {
    let (paper, _) = paper();
    let r = robustness(json!({"by": ["model"]}));
    let trend = &r["level_trend"];
    let stated = &paper["level_trend"];
    assert_eq!(trend["n"], 12);
    assert_eq!(
        format!("{:.2}", trend["rho"].as_f64().unwrap()),
        stated["rho"]
    );
    assert_eq!(
        format!("{:.3}", trend["p_value"].as_f64().unwrap()),
        stated["p_value"]
    );
    assert_eq!(
        format!("{:.2}", trend["l3_over_l0"].as_f64().unwrap()),
        stated["l3_over_l0"]
    );
    let (mut nri_first, mut csr_second, mut rising) = (0, 0, Vec::new());
    for g in r["groups"].as_array().unwrap() {
        let model = g["key"]["model"].as_str().unwrap();
        let mut ops: Vec<(f64, &str)> = g["asr_by_operator"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| (o["asr"].as_f64().unwrap(), o["operator"].as_str().unwrap()))
            .collect();
        ops.sort_by(|x, y| y.0.total_cmp(&x.0));
        // Strictly first / second: no tie at the top.
        nri_first += usize::from(ops[0].1 == "NRI" && ops[0].0 > ops[1].0);
        csr_second += usize::from(ops[1].1 == "CSR" && ops[1].0 > ops[2].0);
        let levels: Vec<f64> = g["asr_by_level"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["asr"].as_f64().unwrap())
            .collect();
        assert!(levels[3] > levels[0], "{model}: L3 above L0");
        if levels.windows(2).all(|w| w[1] > w[0]) {
            rising.push(model);
        }
    }
    assert_eq!(nri_first, paper["most_damaging"]["models"]);
    assert_eq!(csr_second, paper["second_most_damaging"]["models"]);
    assert_eq!(json!(rising), paper["strictly_rising"]);
    // Pooled: L2 slightly below L1.
    let by_level = robustness(json!({"by": ["level"]}));
    let asr: Vec<f64> = by_level["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["asr"].as_f64().unwrap())
        .collect();
    assert!(asr[2] < asr[1] && asr[1] - asr[2] < 0.02, "{asr:?}");
}
