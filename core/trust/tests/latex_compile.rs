//! Every table the trust reports emit as LaTeX compiles, as pasted, in a two-column `article`
//! with no overfull box wider than 1 pt, in its own float with caption and label, arrows on every
//! metric header and no bold on ties. Needs `pdflatex` (apt: texlive-latex-base and
//! texlive-latex-extra; `scripts/latex-deps.sh` installs them); without it the test fails and
//! says so, rather than passing unchecked.

#[allow(dead_code)]
mod common;

use std::path::Path;
use std::process::Command;

use common::vector;
use tabeq_trust::latex::{latex_tables, LatexTable};
use tabeq_trust::report_document;

const PAPER_ORDER: &str =
    "Qwen3.7-Max,DeepSeek-V4-Pro,GLM-5.2,Gemini-3.1-Pro,Claude-Sonnet-5,GPT-5.5,Qwen3.6 27B,Qwen3-30B-A3B";

/// The tables of a report on a file of `tests/vectors/`.
fn tables(track: &str, file: &str, options: &str) -> Vec<LatexTable> {
    let doc = report_document(track, &vector(file), options).unwrap();
    latex_tables(&doc)
}

/// The widest overfull `\hbox` of a pdflatex log, in pt (0 when none).
fn widest_overfull(log: &str) -> f64 {
    log.lines()
        .filter_map(|line| {
            let rest = line.strip_prefix("Overfull \\hbox (")?;
            rest.split("pt too wide").next()?.parse::<f64>().ok()
        })
        .fold(0.0, f64::max)
}

/// Compile the tables, each pasted unchanged into a two-column article with the packages its
/// `% requires:` line names; the widest overfull box of each.
fn compile(dir: &Path, tables: &[LatexTable]) -> Vec<(String, f64)> {
    let Ok(version) = Command::new("pdflatex").arg("--version").output() else {
        panic!("pdflatex is missing: run scripts/latex-deps.sh (apt: texlive-latex-base texlive-latex-extra)");
    };
    assert!(version.status.success());
    std::fs::create_dir_all(dir).unwrap();
    tables
        .iter()
        .map(|t| {
            let requires = t
                .latex
                .lines()
                .find_map(|l| l.strip_prefix("% requires: "))
                .unwrap_or_else(|| panic!("{}: no % requires: line", t.name));
            let preamble = requires.replace(", ", "\n");
            let source = format!(
                "\\documentclass[twocolumn]{{article}}\n{preamble}\n\\begin{{document}}\nText before.\n\n{}\nText after.\n\\end{{document}}\n",
                t.latex
            );
            let tex = dir.join(format!("{}.tex", t.name));
            std::fs::write(&tex, source).unwrap();
            let run = Command::new("pdflatex")
                .args(["-interaction=nonstopmode", "-halt-on-error"])
                .arg(&tex)
                .current_dir(dir)
                .output()
                .unwrap();
            let log = std::fs::read_to_string(dir.join(format!("{}.log", t.name))).unwrap();
            assert!(
                run.status.success(),
                "{} did not compile:\n{}\n{}",
                t.name,
                t.latex,
                log.lines().filter(|l| l.starts_with('!')).collect::<Vec<_>>().join("\n")
            );
            (t.name.clone(), widest_overfull(&log))
        })
        .collect()
}

fn check(name: &str, tables: &[LatexTable]) {
    let dir = std::env::temp_dir().join(format!("tabeq-latex-{}-{name}", std::process::id()));
    for t in tables {
        let latex = &t.latex;
        assert_eq!(latex.matches("\\begin{table").count(), 1, "{latex}");
        assert!(
            latex.contains("\\caption{") && latex.contains("\\label{tab:"),
            "{latex}"
        );
        assert!(latex.contains("\\toprule") && latex.contains("\\bottomrule"));
        // A footnote sits inside the float.
        if let Some(at) = latex.find("$^\\dagger$ Averages") {
            assert!(at < latex.find("\\end{table").unwrap(), "{latex}");
        }
    }
    for (table, overfull) in compile(&dir, tables) {
        assert!(overfull <= 1.0, "{table}: overfull by {overfull} pt");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_paper_tables_compile_in_a_column_or_across_the_page() {
    let table_2 = tables(
        "reliability",
        "paper-reliability.jsonl",
        &format!(
            r#"{{"by": "model,dataset", "layout": {{"rows": "{PAPER_ORDER}", "columns": "FRR,PRR,NRR,MRS,Avg. MRS"}}}}"#
        ),
    );
    let table_3 = tables(
        "robustness",
        "paper-robustness.jsonl",
        r#"{"by": "model,dataset", "layout": {"columns": "ASR,RAD,Avg. ASR"}}"#,
    );
    // Table 2's nine metric columns need the page width, and so do Table 3's five with the
    // datasets' names over them (wider than ACL's 219 pt column at 8 pt); a per-model table of
    // two metrics fits a column.
    let main = |ts: &[LatexTable]| {
        ts.iter()
            .find(|t| t.name.ends_with("-groups"))
            .unwrap()
            .latex
            .clone()
    };
    assert!(
        main(&table_2).contains("\\begin{table*}"),
        "{}",
        main(&table_2)
    );
    assert!(
        main(&table_3).contains("\\begin{table*}"),
        "{}",
        main(&table_3)
    );
    let narrow = tables(
        "robustness",
        "paper-robustness.jsonl",
        r#"{"by": "model", "layout": {"columns": "ASR,RAD"}}"#,
    );
    assert!(
        main(&narrow).contains("\\begin{table}[t]"),
        "{}",
        main(&narrow)
    );
    check("narrow", &narrow);
    check("table2", &table_2);
    check("table3", &table_3);
}

#[test]
fn every_table_of_every_grouping_compiles() {
    let mut all = Vec::new();
    for by in [
        "model",
        "model,dataset",
        "model,operator",
        "dataset,family",
        "operator",
    ] {
        all.extend(tables(
            "reliability",
            "paper-reliability.jsonl",
            &format!(r#"{{"by": "{by}", "bootstrap": 50}}"#),
        ));
    }
    for by in ["model", "model,dataset", "model,level", "operator"] {
        all.extend(tables(
            "robustness",
            "paper-robustness.jsonl",
            &format!(r#"{{"by": "{by}", "bootstrap": 50}}"#),
        ));
    }
    // Unique names, so that a folder holds them all.
    for (i, t) in all.iter_mut().enumerate() {
        t.name = format!("{i}-{}", t.name);
    }
    check("all", &all);
}

#[test]
fn arrows_on_every_metric_header_and_bold_only_for_a_unique_best() {
    let t = tables(
        "reliability",
        "paper-reliability.jsonl",
        &format!(r#"{{"by": "model,dataset", "layout": {{"rows": "{PAPER_ORDER}"}}}}"#),
    );
    let main = &t
        .iter()
        .find(|t| t.name == "reliability-groups")
        .unwrap()
        .latex;
    for metric in ["FRR", "MRS", "Avg. MRS"] {
        assert!(main.contains(&format!("{metric} $\\uparrow$")), "{main}");
    }
    for metric in ["PRR", "NRR"] {
        assert!(main.contains(&format!("{metric} $\\downarrow$")), "{main}");
    }
    assert!(!main.contains("n $\\uparrow$") && !main.contains("n $\\downarrow$"));
    // DABench MRS: GPT-5.5's 25.19 is the unique best; DeepSeek-V4-Pro and Claude-Sonnet-5 tie at
    // 11.59, which is nobody's best; DABench NRR's lowest (GPT-5.5's 69.67) is bold.
    assert!(main.contains("\\textbf{25.19}") && main.contains("\\textbf{69.67}"));
    assert!(!main.contains("\\textbf{11.59}"));
    // A tie for the best bolds nothing: two models with the same MRS.
    let tied = r#"{"model": "a", "dataset": "d", "operator": "FDM", "instance_id": 1, "label": "full"}
{"model": "b", "dataset": "d", "operator": "FDM", "instance_id": 1, "label": "full"}
{"model": "c", "dataset": "d", "operator": "FDM", "instance_id": 1, "label": "none"}"#;
    let doc = report_document("reliability", tied, r#"{"by": "model"}"#).unwrap();
    let main = &latex_tables(&doc)[0].latex;
    assert!(!main.contains("\\textbf{100.00}"), "{main}");
    // ... while c's unique NRR of 100 is the worst, and its 0.00 MRS no best.
    assert!(!main.contains("\\textbf"), "{main}");
    // An average over one dataset bolds nothing in its column.
    let one = r#"{"model": "a", "dataset": "d", "operator": "FDM", "instance_id": 1, "label": "full"}
{"model": "b", "dataset": "d", "operator": "FDM", "instance_id": 1, "label": "none"}"#;
    let doc = report_document("reliability", one, r#"{"by": "model,dataset"}"#).unwrap();
    let main = &latex_tables(&doc)[0].latex;
    let body = main.split("\\midrule\n").nth(1).unwrap();
    let a = body.lines().find(|l| l.starts_with("a &")).unwrap();
    assert!(a.ends_with(" & 100.00 \\\\"), "{a}");
    assert!(a.contains("\\textbf{100.00}"), "{a}");
}

#[test]
fn a_partial_average_keeps_its_footnote_inside_the_float_and_bolds_nothing() {
    let t = tables(
        "robustness",
        "paper-robustness.jsonl",
        r#"{"by": "model,dataset"}"#,
    );
    let detail = &t
        .iter()
        .find(|t| t.name == "robustness-asr-detail")
        .unwrap()
        .latex;
    let float = detail.split("\\begin{table").nth(1).unwrap();
    assert!(
        float.contains("$^\\dagger$ Averages only the datasets"),
        "{detail}"
    );
    assert!(!float.contains("JSON"));
    // ASR ROS has Avg. values over AIDABench-QA alone (†): no bold in that column.
    let body = float.split("\\midrule\n").nth(1).unwrap();
    let header = float.lines().find(|l| l.contains("ASR ROS")).unwrap();
    let at = header
        .split(" & ")
        .position(|c| c.starts_with("ASR ROS"))
        .unwrap();
    for line in body.lines().filter(|l| l.contains(" & ")) {
        let cell = line.split(" & ").nth(at).unwrap();
        assert!(!cell.contains("textbf"), "{line}");
    }
}
