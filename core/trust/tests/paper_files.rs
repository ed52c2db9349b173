//! A report's files for a paper: one `.tex` per table, one `.svg` per figure in a paper's style
//! (width in pt, the author's font), Okabe–Ito colours with a distinct colour+marker pair per
//! series, and the paper's Figure 4 (each model's responses split into full, partial and no
//! refusal).

#[allow(dead_code)]
mod common;

use common::vector;
use tabeq_trust::chart::{colour, marker_of, PALETTE};
use tabeq_trust::Report;

#[test]
fn one_file_per_table_and_per_figure_with_the_response_mode_figure() {
    let report = Report::new(
        "reliability",
        &vector("paper-reliability.jsonl"),
        r#"{"by": "model,dataset,operator"}"#,
        None,
    )
    .unwrap();
    let files = report
        .paper_files(r#"{"width_pt": 250, "font_size_pt": 9, "font": "Times New Roman"}"#)
        .unwrap();
    let doc = report.to_document();
    let tables = tabeq_trust::latex::latex_tables(&doc).len();
    let figures = doc
        .sections
        .iter()
        .flat_map(|s| &s.blocks)
        .filter(|b| matches!(b, tabeq::doc::Block::Figure { .. }))
        .count();
    let svgs: Vec<&(String, String)> = files.iter().filter(|(n, _)| n.ends_with(".svg")).collect();
    assert_eq!(files.len() - svgs.len(), tables);
    assert_eq!(svgs.len(), figures);
    let mut names: Vec<&String> = files.iter().map(|(n, _)| n).collect();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), files.len(), "file names are unique");
    for (name, svg) in &svgs {
        assert!(
            svg.starts_with("<svg") && svg.matches("<svg").count() == 1,
            "{name}"
        );
        assert!(
            svg.contains("width=\"250pt\"") && svg.contains("font-size=\"9\""),
            "{name}"
        );
        assert!(svg.contains("font-family=\"Times New Roman\""), "{name}");
    }
    let modes = &svgs
        .iter()
        .find(|(n, _)| n == "reliability-response-modes-by-model.svg")
        .expect("the response-mode figure")
        .1;
    // One stacked bar per model, three segments each; the axis says what it shows.
    assert_eq!(modes.matches("class=\"segment\"").count(), 3 * 8);
    assert!(modes.contains(">Share of responses (%)</text>") && modes.contains(">Model</text>"));
    assert!(modes.contains("<title>full refusal, GPT-5.5: "));
    // The MRS-by-operator figures: Okabe–Ito colours, the axis with its arrow.
    let by_operator = &svgs
        .iter()
        .find(|(n, _)| n == "reliability-mrs-by-operator.svg")
        .unwrap()
        .1;
    assert!(
        by_operator.contains(">MRS (%) \u{2191}</text>"),
        "{by_operator}"
    );
    assert!(by_operator.contains(PALETTE[0]) && by_operator.contains(PALETTE[7]));
}

#[test]
fn every_series_has_its_own_colour_and_marker() {
    let pairs: Vec<(&str, &str)> = (0..56).map(|i| (colour(i), marker_of(i))).collect();
    let mut unique = pairs.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), 56);
    // Neighbours differ in both, so a pair is told apart without colour.
    for i in 0..55 {
        assert_ne!(marker_of(i), marker_of(i + 1));
        assert_ne!(colour(i), colour(i + 1));
    }
    assert_eq!(
        PALETTE,
        ["#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#000000", "#F0E442"]
    );
}
