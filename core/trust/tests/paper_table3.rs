//! The worked example rebuilds the TrustDABench paper's Table 3 through the core: every cell
//! (ASR and RAD per model on AIDABench-QA and DABench, Avg. ASR) at the paper's rounding, in its
//! LaTeX layout, and the robustness statistics the paper states in its text. The expected numbers
//! are the paper's, in `examples/trust/paper-table3.json` (through `tests/vectors/`, so the test
//! also runs inside the unpacked `.crate`).

mod common;

use common::{pct, rendered, row, vector};
use serde_json::{json, Value};
use tabeq_trust::{render_document, report_document, robustness_report_json};

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

/// The `asr` of each entry (per-level entries, or rows).
fn asrs(entries: &Value) -> Vec<f64> {
    entries
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["asr"].as_f64().unwrap())
        .collect()
}

#[test]
fn latex_table_3_is_the_papers() {
    let (_, rows) = paper();
    let order: Vec<&str> = rows.iter().map(|r| r[0].as_str()).collect();
    let options = json!({"by": "model,dataset", "strict": true,
        "layout": {"rows": order, "columns": "ASR,RAD,Avg. ASR"}});
    let options = options.to_string();
    let latex = rendered("robustness", "paper-robustness.jsonl", &options, "latex");
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
    for cells_of in &rows {
        let model = &cells_of[0];
        let group = |dataset: &str| row(&r["groups"], json!({"model": model, "dataset": dataset}));
        let (a, d) = (group("AIDABench-QA"), group("DABench"));
        let average = row(&r["dataset_average"], json!({"model": model}));
        let cells = [
            pct(&a["asr"]),
            pct(&a["rad"]),
            pct(&d["asr"]),
            pct(&d["rad"]),
            pct(&average["asr"]),
        ];
        assert_eq!(cells[..], cells_of[1..], "{model}");
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
        let levels = asrs(&g["asr_by_level"]);
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
    let asr = asrs(&by_level["groups"]);
    assert!(asr[2] < asr[1] && asr[1] - asr[2] < 0.02, "{asr:?}");
}

/// An "Avg." that averages only the datasets where a value exists is marked: a dagger after the
/// value and a footnote under the table in text, markdown and LaTeX, `"partial"` in JSON. DABench
/// has no L0 operator, so "Avg." ASR of ROS and of L0 is AIDABench-QA's value alone; Avg. ASR
/// (both datasets) is not marked.
#[test]
fn partial_averages_are_marked() {
    let r = robustness(json!({"by": "model,dataset"}));
    let gpt = row(&r["dataset_average"], json!({"model": "GPT-5.5"}));
    assert_eq!(
        gpt["partial"],
        json!({"of": 2, "averaged": {"asr_ROS": 1, "asr_COS": 1, "asr_HSS": 1, "asr_SDC": 1,
            "asr_HHR": 1, "asr_CSR": 1, "asr_L0": 1}})
    );
    let text = vector("paper-robustness.jsonl");
    let doc = report_document("robustness", &text, r#"{"by": "model,dataset"}"#).unwrap();
    let plain = render_document(&doc, "text").unwrap();
    let gpt_avg = plain
        .lines()
        .find(|l| l.starts_with("GPT-5.5") && l.contains("Avg."))
        .unwrap();
    let cells: Vec<&str> = gpt_avg.split_whitespace().collect();
    // ROS (first operator) is marked, EVR (on both datasets) is not; L0 marked, L3 not.
    assert!(
        cells[2].ends_with('\u{2020}') && !cells[6].ends_with('\u{2020}'),
        "{gpt_avg}"
    );
    assert!(
        cells[14].ends_with('\u{2020}') && !cells[17].ends_with('\u{2020}'),
        "{gpt_avg}"
    );
    assert_eq!(
        plain
            .matches(tabeq_trust::document::PARTIAL_FOOTNOTE)
            .count(),
        1
    );
    let markdown = render_document(&doc, "markdown").unwrap();
    assert!(markdown.contains(tabeq_trust::document::PARTIAL_FOOTNOTE));
    let latex = render_document(&doc, "latex").unwrap();
    assert!(latex.contains("& 2.78$^\\dagger$ &"), "{latex}");
    assert!(latex.contains("{\\footnotesize\\raggedright $^\\dagger$ Averages only the datasets"));
    // The main table's averages are complete: no mark, no footnote there.
    let main = plain.split("ASR by operator and level").next().unwrap();
    assert!(!main.contains('\u{2020}'));
    assert!(r["dataset_average"]
        .as_array()
        .unwrap()
        .iter()
        .all(|a| a["partial"]["averaged"].get("asr").is_none()));

    // A model judged on one dataset only: every value of its "Avg." averages 1 of 2.
    let lines: Vec<String> = [("a", "D1"), ("a", "D2"), ("b", "D1")]
        .iter()
        .flat_map(|(m, d)| {
            (0..4).map(move |i| {
                json!({"model": m, "dataset": d, "operator": "FDM", "instance_id": i,
                       "label": if i == 0 { "full" } else { "none" }})
                .to_string()
            })
        })
        .collect();
    let records = lines.join("\n");
    let rel: Value = serde_json::from_str(
        &tabeq_trust::reliability_report_json(&records, r#"{"by": "model,dataset"}"#).unwrap(),
    )
    .unwrap();
    assert!(rel["dataset_average"][0].get("partial").is_none());
    assert_eq!(
        rel["dataset_average"][1]["partial"],
        json!({"of": 2, "averaged": {"frr": 1, "prr": 1, "nrr": 1, "mrs": 1}})
    );
    let doc = report_document("reliability", &records, r#"{"by": "model,dataset"}"#).unwrap();
    let plain = render_document(&doc, "text").unwrap();
    let b = plain.lines().find(|l| l.starts_with("b ")).unwrap();
    assert!(b.ends_with("25.00\u{2020}"), "{b}");
    assert!(plain.contains(tabeq_trust::document::PARTIAL_FOOTNOTE));
    // With the Avg. column left out by the layout, the footnote goes too.
    let doc = report_document(
        "reliability",
        &records,
        r#"{"by": "model,dataset", "layout": {"columns": "MRS"}}"#,
    )
    .unwrap();
    let plain = render_document(&doc, "text").unwrap();
    assert!(!plain.contains('\u{2020}'), "{plain}");
}
