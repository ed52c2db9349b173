//! The explanation of an [`Outcome`] as a tabeq [`Document`] (text, Markdown, HTML), so every
//! surface shows the same words.
//!
//! One numbering throughout, the eval file's: columns, rows and golds count from 0 and are
//! written `#0`, `#1`, … (`condition_cols` `[0, 2]` names gold columns `#0` and `#2`). Values
//! are shown as a CSV writes them (`1000`, not pandas' `1000.0`), differences without binary
//! float noise.

use tabeq::doc::{Align, Block, Cell, Column, Document, Mark, Section, Table, Tone};

use crate::compare::{ColumnReport, GoldKind, GoldReport, Outcome};
use crate::value::py_str_repr;

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The verdict in one sentence.
pub fn verdict_line(o: &Outcome) -> String {
    if let Some(e) = &o.error {
        return format!(
            "Score 0: the official comparison raises an error ({}).",
            e.message
        );
    }
    if o.gold_count == 0 {
        return "Score 0: no gold table was given.".into();
    }
    match o.golds.iter().find(|g| g.passed) {
        Some(g) if o.gold_count > 1 => format!(
            "Score 1: every compared column of gold #{} (of {} golds) matches some prediction column.",
            g.index, o.gold_count
        ),
        Some(_) => "Score 1: every compared gold column matches some prediction column.".into(),
        None => {
            let unmatched: usize = o
                .golds
                .iter()
                .map(|g| {
                    g.compared
                        .iter()
                        .filter(|c| c.matched_by.is_empty())
                        .count()
                })
                .sum();
            let golds = if o.gold_count > 1 {
                format!(" (no gold of {} passes)", o.gold_count)
            } else {
                String::new()
            };
            format!(
                "Score 0: {} found no matching prediction column{golds}.",
                plural(unmatched, "gold column", "gold columns")
            )
        }
    }
}

/// What the explanation says about its numbering (a fact of the document).
pub const NUMBERING: &str = "from 0, as condition_cols counts: #0 is the first column, row or gold";

fn column_label(index: usize, name: &str) -> String {
    format!("#{index} {}", py_str_repr(name))
}

fn detail(c: &ColumnReport, o: &Outcome, gold_rows: usize) -> (String, Mark) {
    if !c.matched_by.is_empty() {
        let by: Vec<String> = c
            .matched_by
            .iter()
            .map(|&p| column_label(p, &o.prediction_columns[p]))
            .collect();
        return (format!("matched by {}", by.join(", ")), Mark::Good);
    }
    let Some(cl) = &c.closest else {
        return ("no prediction column".into(), Mark::Bad);
    };
    let who = column_label(cl.column, &cl.name);
    if let Some(len) = cl.length {
        return (
            format!("no match; closest {who} has {len} values, the gold column {gold_rows}"),
            Mark::Bad,
        );
    }
    let mut parts = Vec::new();
    for m in &cl.mismatches {
        let diff = match m.difference {
            Some(d) => format!(", off by {} (tolerance 0.01)", difference_str(d)),
            None => String::new(),
        };
        parts.push(format!(
            "row #{}: gold {} vs {}{diff}",
            m.position, m.gold, m.prediction
        ));
    }
    let more = cl.mismatch_count.saturating_sub(cl.mismatches.len());
    let more = if more > 0 {
        format!("; {more} more")
    } else {
        String::new()
    };
    (
        format!(
            "no match; closest {who} differs in {}: {}{more}",
            plural(cl.mismatch_count, "row", "rows"),
            parts.join("; ")
        ),
        Mark::Differs,
    )
}

fn gold_section(g: &GoldReport, o: &Outcome) -> Section {
    let title = if o.gold_count > 1 {
        format!("Gold #{} (of {})", g.index, o.gold_count)
    } else {
        "Gold".to_string()
    };
    let mut facts = vec![
        ("rows".to_string(), g.rows.to_string()),
        ("columns".to_string(), g.columns.to_string()),
        (
            "verdict".to_string(),
            if g.passed { "pass" } else { "fail" }.to_string(),
        ),
    ];
    if let Some(c) = &g.condition_cols {
        facts.push(("condition_cols".into(), c.clone()));
    }
    let mut table = Table::new(vec![
        Column::new("gold column", Align::Left),
        Column::new("prediction", Align::Left),
    ]);
    for c in &g.compared {
        let (text, mark) = detail(c, o, g.rows);
        table.push_row(vec![
            Cell::text(column_label(c.column, &c.name)),
            Cell::text(text).marked(mark),
        ]);
    }
    Section::new(title)
        .with_id(format!("gold-{}", g.index + 1))
        .block(Block::Facts { items: facts })
        .block(Block::Table(table))
}

/// The explanation document of an outcome.
pub fn document(o: &Outcome) -> Document {
    let tone = if o.passed() { Tone::Info } else { Tone::Error };
    let mut doc = Document::new("Spider 2.0 comparison").lead(Block::note(tone, verdict_line(o)));
    let mut facts = vec![
        (
            "semantics".to_string(),
            match o.kind {
                GoldKind::Single => "compare_pandas_table (one gold)",
                GoldKind::Multi => "compare_multi_pandas_table (any gold passes)",
            }
            .to_string(),
        ),
        (
            "ignore_order".to_string(),
            if o.ignore_order {
                "each column sorted on its own (a row # is a position in the sorted column)"
            } else {
                "no"
            }
            .to_string(),
        ),
        ("numbering".to_string(), NUMBERING.to_string()),
        ("prediction rows".to_string(), o.prediction_rows.to_string()),
        (
            "prediction columns".to_string(),
            o.prediction_columns.len().to_string(),
        ),
    ];
    facts.push((
        "tolerance".into(),
        "numbers within 0.01; missing values count as 0".into(),
    ));
    doc = doc.section(
        Section::new("Comparison")
            .with_id("comparison")
            .block(Block::Facts { items: facts }),
    );
    if !o.warnings.is_empty() {
        let mut s = Section::new("Warnings").with_id("warnings");
        for w in &o.warnings {
            s.push(Block::note(
                Tone::Warning,
                format!("{} [{}]", w.message, w.code),
            ));
        }
        doc = doc.section(s);
    }
    for g in &o.golds {
        doc = doc.section(gold_section(g, o));
    }
    doc
}

/// A difference for people, rounded to 12 significant digits so that binary float noise
/// (`2.8500000000000227`) reads as the CSV's numbers do (`2.85`). Display only: the verdict
/// compares the unrounded values.
fn difference_str(d: f64) -> String {
    let rounded: f64 = format!("{d:.11e}").parse().unwrap_or(d);
    crate::value::number_shown(rounded)
}

#[cfg(test)]
mod difference_tests {
    #[test]
    fn float_noise_is_not_shown() {
        assert_eq!(super::difference_str(2.8500000000000227), "2.85");
        assert_eq!(super::difference_str(0.019999999999999574), "0.02");
        assert_eq!(super::difference_str(2.0), "2");
        assert_eq!(super::difference_str(1e-15), "1e-15");
    }
}
