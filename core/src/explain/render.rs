//! The diagnosis as a paragraph for people.

use crate::evaluate::TaskErrorCode;

use super::hints::{noun, plural};
use super::{clip, Diagnosis, InputStatus, OffendingCell};

fn gold_name(d: &Diagnosis, j: usize) -> String {
    format!(
        "'{}'",
        clip(d.gold_names.get(j).map_or("", String::as_str), 40)
    )
}

fn pred_name(d: &Diagnosis, k: usize) -> String {
    format!(
        "{k} '{}'",
        clip(d.prediction_headers.get(k).map_or("", String::as_str), 40)
    )
}

fn list<T>(items: &[T], show: impl Fn(&T) -> String) -> String {
    const SHOWN: usize = 4;
    let mut parts: Vec<String> = items.iter().take(SHOWN).map(show).collect();
    if items.len() > SHOWN {
        parts.push(format!("and {} more", items.len() - SHOWN));
    }
    match parts.len() {
        0 => String::new(),
        1 => parts.remove(0),
        _ => {
            let last = parts.pop().unwrap_or_default();
            format!("{} and {last}", parts.join(", "))
        }
    }
}

/// One paragraph for people.
pub(super) fn summary(d: &Diagnosis) -> String {
    let mut out = findings(d);
    hint_sentences(d, &mut out);
    out.join(" ")
}

/// The summary's sentences without its near misses (a document lists those in their own section).
pub(super) fn findings(d: &Diagnosis) -> Vec<String> {
    let r = &d.result;
    let mut out: Vec<String> = Vec::new();
    let order_words = if r.order_sensitive {
        "as an ordered sequence"
    } else {
        "as a multiset, in any order"
    };
    match (&d.input, r.error_code) {
        (_, None) if r.passed => {
            let pairs = d
                .mapping
                .as_ref()
                .map(|m| {
                    list(&m.pairs, |p| {
                        format!(
                            "{}→{}",
                            gold_name(d, p.gold_index),
                            p.prediction_index.map_or("-".into(), |k| pred_name(d, k))
                        )
                    })
                })
                .unwrap_or_default();
            out.push(format!(
                "Passed: the prediction's {} reproduce the gold {order_words}, with gold columns mapped to prediction columns {pairs}.",
                plural(r.prediction_row_count, "row", "rows"),
            ));
        }
        (InputStatus::Missing, _) => out.push(
            "Failed (missing_prediction): there is no prediction file, so nothing was compared.".into(),
        ),
        (InputStatus::InvalidCsv(e), _) => out.push(format!(
            "Failed (invalid_prediction_csv): the prediction is not a strict CSV within the limits: {}{}: {}.",
            e.kind.code(),
            e.record.map_or(String::new(), |rec| format!(" at record {rec} (the header is record 1)")),
            clip(&e.message(), 160)
        )),
        (_, Some(code)) => out.push(verdict_sentence(d, code)),
        (_, None) => {}
    }
    if d.input == InputStatus::Read && !r.passed {
        shape_sentences(d, &mut out);
        type_sentences(d, &mut out);
        column_sentences(d, &mut out);
        row_sentences(d, &mut out);
    }
    out
}

fn verdict_sentence(d: &Diagnosis, code: TaskErrorCode) -> String {
    let r = &d.result;
    match code {
        TaskErrorCode::ColumnCountMismatch => format!(
            "Failed (column_count_mismatch): the prediction has {} but the gold has {}.",
            plural(r.prediction_column_count, "column", "columns"),
            r.gold_column_count
        ),
        TaskErrorCode::RowCountMismatch => format!(
            "Failed (row_count_mismatch): the prediction has {} but the gold has {}.",
            plural(r.prediction_row_count, "data row", "data rows"),
            r.gold_row_count
        ),
        TaskErrorCode::TypeNormalizationFailed => {
            "Failed (type_normalization_failed): no one-to-one column mapping reads every prediction column under its gold column's type.".into()
        }
        TaskErrorCode::RelationMismatch => format!(
            "Failed (relation_mismatch): the columns read under the gold types, but no column mapping reproduces the gold rows {}.",
            if r.order_sensitive {
                "as an ordered sequence"
            } else {
                "as a multiset"
            }
        ),
        other => format!("Failed ({}).", other.code()),
    }
}

fn shape_sentences(d: &Diagnosis, out: &mut Vec<String>) {
    let Some(s) = &d.shape else { return };
    if !s.extra_prediction_columns.is_empty() {
        let no_content: Vec<usize> = s
            .extra_prediction_columns
            .iter()
            .copied()
            .filter(|k| s.prediction_columns_matching_no_gold.contains(k))
            .collect();
        out.push(format!(
            "Extra {}: {}{}.",
            noun(
                s.extra_prediction_columns.len(),
                "prediction column",
                "prediction columns"
            ),
            list(&s.extra_prediction_columns, |&k| pred_name(d, k)),
            if no_content.len() == s.extra_prediction_columns.len() {
                " (sharing no value with any gold column)"
            } else {
                " (left over by the best column mapping)"
            }
        ));
    }
    if !s.missing_gold_columns.is_empty() {
        out.push(format!(
            "Missing {}: {} (no prediction column left to fill {}).",
            noun(s.missing_gold_columns.len(), "gold column", "gold columns"),
            list(&s.missing_gold_columns, |&j| gold_name(d, j)),
            noun(s.missing_gold_columns.len(), "it", "them")
        ));
    }
    let unmatched_gold: Vec<usize> = s
        .gold_columns_matched_by_no_prediction
        .iter()
        .copied()
        .filter(|j| !s.missing_gold_columns.contains(j))
        .collect();
    let type_failure = d.result.error_code == Some(TaskErrorCode::TypeNormalizationFailed);
    if !unmatched_gold.is_empty() && s.expected_columns > 1 && !type_failure {
        out.push(format!(
            "No prediction column shares a single value with gold {} {}.",
            noun(unmatched_gold.len(), "column", "columns"),
            list(&unmatched_gold, |&j| gold_name(d, j))
        ));
    }
    if let Some(g) = s.grain.as_ref().filter(|g| g.same_distinct_rows) {
        out.push(format!(
            "The prediction has the gold's distinct rows but {} rows for the gold's {}: {}.",
            if g.finer { "more" } else { "fewer" },
            s.expected_rows,
            if g.finer {
                plural(
                    g.prediction_duplicate_rows,
                    "prediction row repeats an earlier row",
                    "prediction rows repeat earlier rows",
                )
            } else {
                plural(
                    g.gold_duplicate_rows,
                    "gold row repeats an earlier row",
                    "gold rows repeat earlier rows",
                )
            }
        ));
    } else if let Some(g) = &s.grain {
        let mut text = format!(
            "The prediction is at a {} grain: {} for the gold's {}",
            if g.finer { "finer" } else { "coarser" },
            plural(s.received_rows, "row", "rows"),
            s.expected_rows
        );
        if g.prediction_duplicate_rows > 0 {
            text.push_str(&format!(
                ", {} of them repeating earlier rows",
                g.prediction_duplicate_rows
            ));
        }
        if !g.key_columns.is_empty() && g.key_columns.len() < s.expected_columns {
            text.push_str(&format!(
                "; {} {} the gold's distinct values, so it is probably grouped by other or more keys",
                list(&g.key_columns, |&j| gold_name(d, j)),
                noun(g.key_columns.len(), "has", "have")
            ));
        }
        text.push('.');
        out.push(text);
    }
}

fn type_sentences(d: &Diagnosis, out: &mut Vec<String>) {
    let (Some(t), Some(m)) = (&d.types, &d.mapping) else {
        return;
    };
    // The first offending cell of gold column j: its mapped column's, else any.
    let example = |j: usize| -> Option<&OffendingCell> {
        let col = t.columns.get(j)?;
        let mapped = m.pairs.get(j).and_then(|p| p.prediction_index);
        col.incompatible
            .iter()
            .find(|c| Some(c.prediction_index) == mapped)
            .or_else(|| col.incompatible.first())
    };
    let describe = |c: &OffendingCell| {
        format!(
            "prediction column {} row {} is {:?} ({}{})",
            pred_name(d, c.prediction_index),
            c.row,
            c.value,
            c.reason.code(),
            if c.bad_cells > 1 {
                format!("; {} cells of that column do not read", c.bad_cells)
            } else {
                String::new()
            }
        )
    };
    let mut covered: Vec<usize> = Vec::new();
    if let Some(u) = &t.unreadable {
        // Illustrate with a gold column whose mapped column does not read, if any.
        let mapped_unreadable = |j: &usize| {
            m.pairs
                .get(*j)
                .is_some_and(|p| p.prediction_index.is_some() && !p.compatible)
        };
        let first = u
            .gold_columns
            .iter()
            .copied()
            .find(mapped_unreadable)
            .or_else(|| u.gold_columns.first().copied())
            .unwrap_or(0);
        let rule = t
            .columns
            .get(first)
            .map_or(String::new(), |c| c.rule.clone());
        let eg = example(first)
            .map(|c| format!(": e.g. for {} {}", gold_name(d, first), describe(c)))
            .unwrap_or_default();
        if u.readable_from.is_empty() {
            out.push(format!(
                "No prediction column reads as {rule} for gold {} {}{eg}.",
                noun(u.gold_columns.len(), "column", "columns"),
                list(&u.gold_columns, |&j| gold_name(d, j))
            ));
        } else {
            out.push(format!(
                "Gold columns {} can only be read from {} ({}){eg}.",
                list(&u.gold_columns, |&j| gold_name(d, j)),
                plural(
                    u.readable_from.len(),
                    "prediction column",
                    "prediction columns"
                ),
                list(&u.readable_from, |&k| pred_name(d, k))
            ));
        }
        covered.push(first);
    }
    // Other mapped but unreadable pairs.
    let mut shown = 0;
    for p in &m.pairs {
        let Some(k) = p.prediction_index else {
            continue;
        };
        if p.compatible || shown >= 3 || covered.contains(&p.gold_index) {
            continue;
        }
        let Some(col) = t.columns.get(p.gold_index) else {
            continue;
        };
        if let Some(cell) = col.incompatible.iter().find(|c| c.prediction_index == k) {
            out.push(format!(
                "Gold column {} ({}) is mapped to a column that does not read: {}.",
                gold_name(d, p.gold_index),
                col.rule,
                describe(cell)
            ));
            shown += 1;
        }
    }
}

/// Mapped, readable pairs whose values differ (the columns to look at).
fn column_sentences(d: &Diagnosis, out: &mut Vec<String>) {
    let (Some(m), Some(s)) = (&d.mapping, &d.shape) else {
        return;
    };
    if s.expected_rows != s.received_rows {
        return;
    }
    let differing: Vec<_> = m
        .pairs
        .iter()
        .filter(|p| p.prediction_index.is_some() && p.compatible && !p.same_values)
        .collect();
    if differing.is_empty() || differing.len() == m.pairs.len() && m.pairs.len() > 1 {
        return;
    }
    out.push(format!(
        "Values differ in {}: {}.",
        noun(differing.len(), "one mapped column", "these mapped columns"),
        list(&differing, |p| format!(
            "gold {} vs prediction column {} ({} of {} values {})",
            gold_name(d, p.gold_index),
            p.prediction_index
                .map_or(String::new(), |k| pred_name(d, k)),
            p.same_positions.unwrap_or(p.shared_values),
            s.expected_rows,
            if p.same_positions.is_some() {
                "in place"
            } else {
                "shared"
            }
        ))
    ));
}

fn row_sentences(d: &Diagnosis, out: &mut Vec<String>) {
    let Some(r) = &d.rows else { return };
    let Some(s) = &d.shape else { return };
    let partial = r.compared_gold_columns.len() < s.expected_columns;
    let basis = if partial {
        format!(
            " (comparing only the {} mapped gold columns)",
            r.compared_gold_columns.len()
        )
    } else {
        String::new()
    };
    if r.missing_count == 0 && r.extra_count == 0 {
        if let Some(o) = &r.order {
            if let Some(f) = &o.first_difference {
                out.push(format!(
                    "Under the best mapping{basis} the rows are the gold's but in another order: the first difference is at row {} ({} of {} rows in place).",
                    f.row, o.rows_in_place, r.gold_rows
                ));
            }
        }
        return;
    }
    let mut text = format!(
        "Under the best mapping{basis}, {}/{} gold rows have an equal prediction row; {} missing and {} extra",
        r.matched_rows,
        r.gold_rows,
        plural(r.missing_count, "gold row is", "gold rows are"),
        plural(r.extra_count, "prediction row is", "prediction rows are"),
    );
    if let (Some(g), Some(p)) = (r.missing.first(), r.extra.first()) {
        text.push_str(&format!(
            " (e.g. gold row {} [{}] vs prediction row {} [{}])",
            g.row,
            clip(&g.values.join(", "), 120),
            p.row,
            clip(&p.values.join(", "), 120)
        ));
    } else if let Some(g) = r.missing.first() {
        text.push_str(&format!(
            " (e.g. gold row {} [{}])",
            g.row,
            clip(&g.values.join(", "), 120)
        ));
    } else if let Some(p) = r.extra.first() {
        text.push_str(&format!(
            " (e.g. prediction row {} [{}])",
            p.row,
            clip(&p.values.join(", "), 120)
        ));
    }
    text.push('.');
    out.push(text);
    if let Some(o) = &r.order {
        if let Some(f) = &o.first_difference {
            out.push(format!("In order, the rows first differ at row {}.", f.row));
        }
    }
}

fn hint_sentences(d: &Diagnosis, out: &mut Vec<String>) {
    if d.hints.is_empty() {
        return;
    }
    let parts: Vec<String> = d
        .hints
        .iter()
        .map(|h| format!("{} — {}", h.kind.code(), h.message))
        .collect();
    out.push(format!("Near misses: {}.", parts.join("; ")));
    if let Some(all) = d.hints_combined_would_pass {
        out.push(if all {
            "With all of these changes together the task would pass.".into()
        } else {
            "Even with all of these changes together the task would still fail.".into()
        });
    }
}
