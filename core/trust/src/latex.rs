//! A paper's view of a trust document: the table layout an author picks (row order, columns,
//! decimals), applied to the document so that every text format shows the same table, and the
//! document's tables as LaTeX (booktabs, `\textbf` for the best value of each column, ↑/↓ in
//! the header for the metrics with a direction).
//!
//! ```
//! let records = r#"{"model": "a", "dataset": "d", "operator": "FDM", "instance_id": 1, "label": "full"}
//! {"model": "b", "dataset": "d", "operator": "FDM", "instance_id": 1, "label": "none"}"#;
//! let doc = tabeq_trust::report_document("reliability", records, r#"{"by": "model"}"#).unwrap();
//! let latex = tabeq_trust::render_document(&doc, "latex").unwrap();
//! assert!(latex.contains("\\toprule") && latex.contains("\\textbf{100.00}"));
//! assert!(latex.contains("MRS $\\uparrow$"));
//! ```

use core::fmt::Write as _;

use tabeq::doc::{Align, Block, Document, Table};

use super::document::DAGGER;
use super::error::{TrustError, TrustErrorCode};
use super::options::TableLayout;

fn invalid(message: impl Into<String>) -> TrustError {
    TrustError::new(TrustErrorCode::InvalidOptions, message)
}

impl TableLayout {
    /// Apply the row order and the column selection to the document's main table (section
    /// `groups`); a column or an `order_by` that matches nothing is an error naming the columns.
    pub fn apply(&self, doc: &mut Document) -> Result<(), TrustError> {
        let Some(table) = doc
            .sections
            .iter_mut()
            .filter(|s| s.id == "groups")
            .flat_map(|s| s.blocks.iter_mut())
            .find_map(|b| match b {
                Block::Table(t) => Some(t),
                _ => None,
            })
        else {
            return Ok(());
        };
        let keys = table
            .columns
            .iter()
            .take_while(|c| c.align == Align::Left)
            .count();
        let metric_titles = || {
            table.columns[keys..]
                .iter()
                .map(|c| c.title.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        };
        if let Some(rows) = &self.rows {
            let rank = |row: &tabeq::doc::Row| {
                let first = row.cells.first().map_or("", |c| c.text.as_str());
                rows.iter().position(|r| r == first).unwrap_or(rows.len())
            };
            table.rows.sort_by_key(rank);
        }
        if let Some(metric) = &self.order_by {
            let Some(at) = (keys..table.columns.len())
                .find(|&i| table.columns[i].title == *metric)
                .or_else(|| {
                    (keys..table.columns.len()).find(|&i| matches(&table.columns[i].title, metric))
                })
            else {
                return Err(invalid(format!(
                    "layout order_by {metric:?} names no column ({})",
                    metric_titles()
                )));
            };
            let value = |row: &tabeq::doc::Row| row.cells.get(at).and_then(|c| number(&c.text));
            table.rows.sort_by(|a, b| {
                // Undefined values last, whatever the direction.
                match (value(a), value(b)) {
                    (Some(x), Some(y)) if self.ascending => x.total_cmp(&y),
                    (Some(x), Some(y)) => y.total_cmp(&x),
                    (Some(_), None) => core::cmp::Ordering::Less,
                    (None, Some(_)) => core::cmp::Ordering::Greater,
                    (None, None) => core::cmp::Ordering::Equal,
                }
            });
        }
        if let Some(columns) = &self.columns {
            for c in columns {
                if !table.columns[keys..]
                    .iter()
                    .any(|col| matches(&col.title, c))
                {
                    return Err(invalid(format!(
                        "layout column {c:?} names no column ({})",
                        metric_titles()
                    )));
                }
            }
            let keep: Vec<bool> = table
                .columns
                .iter()
                .enumerate()
                .map(|(i, col)| i < keys || columns.iter().any(|c| matches(&col.title, c)))
                .collect();
            select(table, &keep);
        }
        Ok(())
    }
}

/// Whether a column title shows `metric`: the title itself, or a dataset's column of it
/// (`DABench ASR` for `ASR`; the "Avg." columns only when asked for by name).
fn matches(title: &str, metric: &str) -> bool {
    title == metric
        || (title.ends_with(&format!(" {metric}"))
            && (metric.starts_with("Avg.") || !title.starts_with("Avg.")))
}

fn select(table: &mut Table, keep: &[bool]) {
    let mut i = 0;
    table.columns.retain(|_| {
        i += 1;
        keep[i - 1]
    });
    for row in &mut table.rows {
        let mut i = 0;
        row.cells.retain(|_| {
            i += 1;
            keep.get(i - 1).copied().unwrap_or(true)
        });
    }
}

/// The leading number of a cell (`14.68 [12.1, 16.3]` → 14.68, a partial average's `9.10†`
/// → 9.10), `None` for `-` or text.
fn number(text: &str) -> Option<f64> {
    text.split_whitespace()
        .next()?
        .trim_end_matches(DAGGER)
        .parse()
        .ok()
}

/// Whether a metric is better high (`Some(true)`), low (`Some(false)`) or neither.
fn direction(title: &str) -> Option<bool> {
    match title.rsplit(' ').next()? {
        "MRS" | "FRR" | "Acc_clean" | "Acc_rob" | "Cov." => Some(true),
        "NRR" | "ASR" | "RAD" => Some(false),
        _ => None,
    }
}

/// LaTeX's special characters escaped.
fn tex(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '&' | '%' | '$' | '#' | '_' | '{' | '}' => {
                out.push('\\');
                out.push(c);
            }
            '~' => out.push_str("\\textasciitilde{}"),
            '^' => out.push_str("\\textasciicircum{}"),
            '−' => out.push_str("$-$"),
            DAGGER => out.push_str("$^\\dagger$"),
            _ => out.push(c),
        }
    }
    out
}

/// One table as a booktabs `tabular`: key columns left, numbers right; columns that share a
/// leading word group (a dataset's block) get a spanning header with a `\cmidrule`; the best
/// value of each metric column with a direction is bold (ties too; "Avg." rows do not compete).
pub fn table_to_latex(table: &Table) -> String {
    let mut out = String::new();
    let spec: String = table
        .columns
        .iter()
        .map(|c| if c.align == Align::Left { 'l' } else { 'r' })
        .collect();
    if let Some(caption) = &table.caption {
        let _ = writeln!(out, "% {}", caption.replace('\n', " "));
    }
    let _ = writeln!(out, "\\begin{{tabular}}{{{spec}}}\n\\toprule");
    // A two-level header when right-aligned columns share a prefix (`AIDABench-QA MRS`).
    let split: Vec<(Option<&str>, &str)> = table
        .columns
        .iter()
        .map(|c| match c.title.rsplit_once(' ') {
            Some((group, metric)) if c.align == Align::Right && group != "Avg." => {
                (Some(group), metric)
            }
            _ => (None, c.title.as_str()),
        })
        .collect();
    if split.iter().any(|(g, _)| g.is_some()) {
        let mut cells = Vec::new();
        let mut rules = Vec::new();
        let mut i = 0;
        while i < split.len() {
            let group = split[i].0;
            let mut j = i + 1;
            while j < split.len() && group.is_some() && split[j].0 == group {
                j += 1;
            }
            match group {
                Some(g) => {
                    cells.push(format!("\\multicolumn{{{}}}{{c}}{{{}}}", j - i, tex(g)));
                    rules.push(format!("\\cmidrule(lr){{{}-{}}}", i + 1, j));
                }
                None => cells.extend((i..j).map(|_| String::new())),
            }
            i = j;
        }
        let _ = writeln!(out, "{} \\\\\n{}", cells.join(" & "), rules.join(" "));
    }
    let header: Vec<String> = split
        .iter()
        .zip(&table.columns)
        .map(|((group, metric), c)| {
            let shown = if group.is_some() {
                metric
            } else {
                c.title.as_str()
            };
            match direction(&c.title) {
                Some(true) => format!("{} $\\uparrow$", tex(shown)),
                Some(false) => format!("{} $\\downarrow$", tex(shown)),
                None => tex(shown),
            }
        })
        .collect();
    let _ = writeln!(out, "{} \\\\\n\\midrule", header.join(" & "));
    let competes = |row: &tabeq::doc::Row| !row.cells.iter().any(|c| c.text == "Avg.");
    let best: Vec<Option<f64>> = table
        .columns
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let higher = direction(&c.title)?;
            let values = table
                .rows
                .iter()
                .filter(|r| competes(r))
                .filter_map(|r| r.cells.get(i).and_then(|c| number(&c.text)));
            if higher {
                values.reduce(f64::max)
            } else {
                values.reduce(f64::min)
            }
        })
        .collect();
    for row in &table.rows {
        let cells: Vec<String> = row
            .cells
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let text = tex(&c.text);
                let is_best = competes(row)
                    && best.get(i).copied().flatten().is_some()
                    && number(&c.text) == best[i];
                if is_best {
                    format!("\\textbf{{{text}}}")
                } else {
                    text
                }
            })
            .collect();
        let _ = writeln!(out, "{} \\\\", cells.join(" & "));
    }
    out.push_str("\\bottomrule\n\\end{tabular}\n");
    out
}

/// Every table of a document as LaTeX, each after a comment with its section's title; notes
/// (completeness findings) follow as comments. Needs `\usepackage{booktabs}`.
pub fn document_to_latex(doc: &Document) -> String {
    let mut out = format!("% {}\n% \\usepackage{{booktabs}}\n", doc.title);
    for section in &doc.sections {
        for block in &section.blocks {
            match block {
                Block::Table(t) => {
                    let _ = write!(out, "\n% {}\n{}", section.title, table_to_latex(t));
                }
                Block::Note { text, .. } => {
                    let _ = writeln!(out, "% {}: {}", section.title, text.replace('\n', " "));
                }
                // The footnote of a table with a partial average, printed under it.
                Block::Paragraph { text } if text.starts_with(DAGGER) => {
                    let _ = writeln!(out, "{{\\footnotesize {}\\par}}", tex(text));
                }
                _ => {}
            }
        }
    }
    out
}
