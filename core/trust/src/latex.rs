//! A paper's view of a trust document: the table layout an author picks (row order, columns,
//! decimals), applied to the document so that every text format shows the same table, and the
//! document's tables as paste-ready LaTeX: one complete float per table (`table`, or `table*`
//! when it needs the page width) with caption, label, booktabs rules, a leading `% requires:`
//! comment, ↑/↓ on every metric header, `\textbf` only for a unique best value, and the dagger
//! footnote inside the float. Spec: `docs/spec/trust-metrics.md`, "Tables for a paper".
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
        // The other metric tables' column titles: a listed name may name only those (`NRI`).
        let elsewhere: Vec<String> = doc
            .sections
            .iter()
            .filter(|s| s.id != "groups" && RANKED_SECTIONS.contains(&s.id.as_str()))
            .flat_map(|s| &s.blocks)
            .filter_map(|b| match b {
                Block::Table(t) => Some(t.columns.iter().map(|c| c.title.clone())),
                _ => None,
            })
            .flatten()
            .collect();
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
                    && !elsewhere.iter().any(|title| names(title, c))
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
            self.select_elsewhere(doc, columns);
        }
        Ok(())
    }

    /// The column selection in the other metric tables (operator families, all operators, ASR
    /// by operator and level): a column stays when a listed name is its title, its last word
    /// (`MRS`), its first word (`ASR` keeps `ASR ROS`) or the rest after it (`NRI` keeps
    /// `ASR NRI`). A table none of whose metric columns is named keeps them all.
    fn select_elsewhere(&self, doc: &mut Document, columns: &[String]) {
        let named = |title: &str| columns.iter().any(|c| names(title, c));
        for section in doc
            .sections
            .iter_mut()
            .filter(|s| s.id != "groups" && RANKED_SECTIONS.contains(&s.id.as_str()))
        {
            for block in &mut section.blocks {
                let Block::Table(table) = block else {
                    continue;
                };
                let keys = table
                    .columns
                    .iter()
                    .take_while(|c| c.align == Align::Left)
                    .count();
                let keep: Vec<bool> = table
                    .columns
                    .iter()
                    .enumerate()
                    .map(|(i, col)| i < keys || named(&col.title))
                    .collect();
                if keep[keys..].iter().any(|k| *k) {
                    select(table, &keep);
                }
            }
        }
    }
}

impl TableLayout {
    /// `names` in the layout's row order (those it lists first, in its order; the rest as given).
    pub fn ordered(&self, mut names: Vec<String>) -> Vec<String> {
        if let Some(rows) = &self.rows {
            names.sort_by_key(|n| rows.iter().position(|r| r == n).unwrap_or(rows.len()));
        }
        names
    }
}

/// Whether a listed column name keeps a column of a table other than the main one: the title
/// itself, its last word, its first word or the rest after it (`ASR NRI` for `ASR` or `NRI`).
fn names(title: &str, c: &str) -> bool {
    matches(title, c)
        || title.starts_with(&format!("{c} "))
        || title.split_once(' ').is_some_and(|(_, rest)| rest == c)
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

/// Whether a metric is better high (`Some(true)`), low (`Some(false)`) or neither: the title's
/// last word names the metric (`DABench MRS`, `Avg. ASR`), or its first word does when the rest
/// names an operator or level (`ASR ROS`, `ASR L3`). PRR is lower-is-better: a partial refusal
/// falls short of the full refusal an unanswerable task calls for.
fn direction(title: &str) -> Option<bool> {
    let metric = |word: &str| match word {
        "MRS" | "FRR" | "Acc_clean" | "Acc_rob" | "Cov." => Some(true),
        "PRR" | "NRR" | "ASR" | "RAD" => Some(false),
        _ => None,
    };
    let mut words = title.split(' ');
    let first = words.next()?;
    metric(title.rsplit(' ').next()?).or_else(|| match first {
        "ASR" | "MRS" if title.len() > first.len() => metric(first),
        _ => None,
    })
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

/// Column width of a two-column paper the tables aim to fit, in pt: ACL's 7.7 cm, the narrowest
/// of the common templates (IEEE 252 pt, plain `article` 229.9 pt, ACM 241 pt).
pub const COLUMN_WIDTH_PT: f64 = 219.0;
/// Text width (a `table*`'s) of the same templates: ACL's 16 cm.
pub const TEXT_WIDTH_PT: f64 = 455.0;

/// The type sizes and column separations tried, in order, until the table fits: (size command,
/// its size in pt at a 10 pt body, `\tabcolsep` in pt). Nothing smaller than 8 pt: a reader of
/// the printed page must still read it.
const SIZES: [(&str, f64, f64); 4] = [
    ("\\small", 9.0, 6.0),
    ("\\small", 9.0, 4.0),
    ("\\footnotesize", 8.0, 4.0),
    ("\\footnotesize", 8.0, 3.0),
];

/// The width of `text` set in Computer Modern at `size` pt, estimated from its characters' widths
/// (at 10 pt: digits 5 pt, lowercase about 5, capitals about 7.5; a little over, so that an
/// estimate that fits does fit), bold about 15% wider. Smaller sizes are drawn relatively wider
/// (Computer Modern's optical sizes: an 8 pt digit is 0.53 em, a 10 pt one 0.5 em).
fn text_width(text: &str, size: f64, bold: bool) -> f64 {
    let at_ten: f64 = text
        .chars()
        .map(|c| match c {
            '0'..='9' => 5.0,
            '.' | ',' | ':' | ';' | '\'' | '!' | '|' => 2.8,
            'i' | 'j' | 'l' | 'I' | 'J' => 2.9,
            'f' | 't' | 'r' => 3.9,
            'm' | 'w' => 8.3,
            'M' | 'W' => 10.3,
            ' ' | '-' | '(' | ')' | '[' | ']' => 3.4,
            '↑' | '↓' => 5.0,
            DAGGER => 4.5,
            '−' | '+' | '=' => 7.8,
            c if c.is_ascii_uppercase() => 7.5,
            c if c.is_ascii_lowercase() => 5.3,
            _ => 7.5,
        })
        .sum();
    let optical = 1.0 + 0.0325 * (10.0 - size).max(0.0);
    at_ten * size / 10.0 * optical * if bold { 1.15 } else { 1.0 } * 1.04
}

/// One header cell: a column title split into a dataset's group and the metric.
struct HeaderCell<'a> {
    group: Option<&'a str>,
    shown: &'a str,
    arrow: Option<bool>,
}

/// The header cells of a table: a two-level header when right-aligned columns share a prefix
/// (`AIDABench-QA MRS`); "Avg." columns keep their whole title.
fn header_cells(table: &Table) -> Vec<HeaderCell<'_>> {
    table
        .columns
        .iter()
        .map(|c| {
            let arrow = direction(&c.title);
            match c.title.rsplit_once(' ') {
                Some((group, metric))
                    if c.align == Align::Right && group != "Avg." && !group.contains(' ') =>
                {
                    // `ASR ROS` (detail tables) is one metric, not a dataset's block.
                    if direction(group).is_some() && direction(metric).is_none() {
                        HeaderCell {
                            group: None,
                            shown: &c.title,
                            arrow,
                        }
                    } else {
                        HeaderCell {
                            group: Some(group),
                            shown: metric,
                            arrow,
                        }
                    }
                }
                _ => HeaderCell {
                    group: None,
                    shown: &c.title,
                    arrow,
                },
            }
        })
        .collect()
}

fn header_text(cell: &HeaderCell<'_>) -> String {
    match cell.arrow {
        Some(true) => format!("{} $\\uparrow$", tex(cell.shown)),
        Some(false) => format!("{} $\\downarrow$", tex(cell.shown)),
        None => tex(cell.shown),
    }
}

/// Runs of columns sharing a group: (first column, past-the-end column, group).
fn group_runs<'a>(header: &[HeaderCell<'a>]) -> Vec<(usize, usize, Option<&'a str>)> {
    let mut runs = Vec::new();
    let mut i = 0;
    while i < header.len() {
        let group = header[i].group;
        let mut j = i + 1;
        while j < header.len() && group.is_some() && header[j].group == group {
            j += 1;
        }
        runs.push((i, j, group));
        i = j;
    }
    runs
}

/// Which cells are bold: in each metric column with a direction, the best value when exactly one
/// competing row has it (a tie bolds nothing). "Avg." rows do not compete; an "Avg." column
/// competes only when the table averages two datasets or more, and a column with a value that
/// averages fewer datasets than the table has (†) bolds nothing, since its values do not compare.
fn bold_cells(table: &Table, header: &[HeaderCell<'_>]) -> Vec<Vec<bool>> {
    let datasets = group_runs(header)
        .iter()
        .filter(|(_, _, g)| g.is_some())
        .count();
    let competes = |row: &tabeq::doc::Row| !row.cells.iter().any(|c| c.text == "Avg.");
    let mut bold = vec![vec![false; table.columns.len()]; table.rows.len()];
    for (i, column) in table.columns.iter().enumerate() {
        let Some(higher) = header[i].arrow else {
            continue;
        };
        if column.title.starts_with("Avg.") && datasets < 2 {
            continue;
        }
        fn cell(row: &tabeq::doc::Row, i: usize) -> &str {
            row.cells.get(i).map_or("", |c| c.text.as_str())
        }
        if table.rows.iter().any(|r| cell(r, i).contains(DAGGER)) {
            continue;
        }
        let values: Vec<(usize, f64)> = table
            .rows
            .iter()
            .enumerate()
            .filter(|(_, r)| competes(r))
            .filter_map(|(at, r)| number(cell(r, i)).map(|v| (at, v)))
            .collect();
        let best = values
            .iter()
            .map(|(_, v)| *v)
            .reduce(|a, b| if (b > a) == higher { b } else { a });
        let Some(best) = best else { continue };
        let mut at_best = values.iter().filter(|(_, v)| *v == best);
        if let (Some((at, _)), None) = (at_best.next(), at_best.next()) {
            if values.len() > 1 {
                bold[*at][i] = true;
            }
        }
    }
    bold
}

/// A table set as a booktabs `tabular`, and its estimated width at `size` pt with `sep` pt of
/// `\tabcolsep`.
fn tabular(table: &Table, rank: bool, size: f64, sep: f64) -> (String, f64) {
    let header = header_cells(table);
    let bold = if rank {
        bold_cells(table, &header)
    } else {
        vec![vec![false; table.columns.len()]; table.rows.len()]
    };
    let spec: String = table
        .columns
        .iter()
        .map(|c| if c.align == Align::Left { 'l' } else { 'r' })
        .collect();
    let mut widths: Vec<f64> = header
        .iter()
        .map(|h| {
            let arrow = if h.arrow.is_some() { " ↑" } else { "" };
            text_width(&format!("{}{arrow}", h.shown), size, false)
        })
        .collect();
    for (r, row) in table.rows.iter().enumerate() {
        for (i, cell) in row.cells.iter().enumerate().take(widths.len()) {
            widths[i] = widths[i].max(text_width(&cell.text, size, bold[r][i]));
        }
    }
    let mut out = format!("\\begin{{tabular}}{{{spec}}}\n\\toprule\n");
    let runs = group_runs(&header);
    if runs.iter().any(|(_, _, g)| g.is_some()) {
        let mut cells = Vec::new();
        let mut rules = Vec::new();
        for &(i, j, group) in &runs {
            match group {
                Some(g) => {
                    cells.push(format!("\\multicolumn{{{}}}{{c}}{{{}}}", j - i, tex(g)));
                    rules.push(format!("\\cmidrule(lr){{{}-{}}}", i + 1, j));
                    // A group title wider than its columns widens the last of them.
                    let spanned: f64 =
                        widths[i..j].iter().sum::<f64>() + 2.0 * sep * (j - i - 1) as f64;
                    let needed = text_width(g, size, false);
                    if needed > spanned {
                        widths[j - 1] += needed - spanned;
                    }
                }
                None => cells.extend((i..j).map(|_| String::new())),
            }
        }
        let _ = writeln!(out, "{} \\\\\n{}", cells.join(" & "), rules.join(" "));
    }
    let titles: Vec<String> = header.iter().map(header_text).collect();
    let _ = writeln!(out, "{} \\\\\n\\midrule", titles.join(" & "));
    for (r, row) in table.rows.iter().enumerate() {
        // "Avg." rows of a long table sit under a rule of their own.
        let average = row.cells.iter().any(|c| c.text == "Avg.");
        if average && r > 0 && !table.rows[r - 1].cells.iter().any(|c| c.text == "Avg.") {
            out.push_str("\\midrule\n");
        }
        let cells: Vec<String> = row
            .cells
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let text = tex(&c.text);
                if bold[r].get(i).copied().unwrap_or(false) {
                    format!("\\textbf{{{text}}}")
                } else {
                    text
                }
            })
            .collect();
        let _ = writeln!(out, "{} \\\\", cells.join(" & "));
    }
    out.push_str("\\bottomrule\n\\end{tabular}");
    let width = widths.iter().sum::<f64>() + 2.0 * sep * widths.len() as f64;
    (out, width)
}

/// A table as one paste-ready float: a leading `% requires:` comment, `table` when it fits a
/// column of a two-column paper ([`COLUMN_WIDTH_PT`]) at `\small` or `\footnotesize` with
/// narrower column gaps, else `table*` ([`TEXT_WIDTH_PT`]), else `table*` scaled to
/// `\textwidth` (`graphicx`); `\caption` above, the footnote (if any) below the tabular,
/// `\label` last. `rank` bolds each metric column's unique best value.
pub fn table_float(
    table: &Table,
    caption: &str,
    label: &str,
    footnote: Option<&str>,
    rank: bool,
) -> String {
    let fits = |limit: f64| {
        SIZES.iter().find_map(|&(command, size, sep)| {
            let (body, width) = tabular(table, rank, size, sep);
            (width <= limit).then_some((command, sep, body))
        })
    };
    let (environment, setting, body, scaled) = match fits(COLUMN_WIDTH_PT) {
        Some((command, sep, body)) => ("table", (command, sep), body, false),
        None => match fits(TEXT_WIDTH_PT) {
            Some((command, sep, body)) => ("table*", (command, sep), body, false),
            None => {
                let (command, size, sep) = SIZES[SIZES.len() - 1];
                (
                    "table*",
                    (command, sep),
                    tabular(table, rank, size, sep).0,
                    true,
                )
            }
        },
    };
    let mut out = String::new();
    if scaled {
        out.push_str("% requires: \\usepackage{booktabs}, \\usepackage{graphicx}\n");
        out.push_str("% (scaled to \\textwidth: too wide even for table* at 8 pt; fewer columns with --columns read better)\n");
    } else {
        out.push_str("% requires: \\usepackage{booktabs}\n");
    }
    let (command, sep) = setting;
    let _ = writeln!(
        out,
        "\\begin{{{environment}}}[t]\n\\centering\n{command}\n\\setlength{{\\tabcolsep}}{{{sep}pt}}\n\\caption{{{caption}}}"
    );
    if scaled {
        let _ = writeln!(out, "\\resizebox{{\\textwidth}}{{!}}{{%\n{body}%\n}}");
    } else {
        let _ = writeln!(out, "{body}");
    }
    if let Some(note) = footnote {
        let _ = writeln!(
            out,
            "\\par\\smallskip\n{{\\footnotesize\\raggedright {}\\par}}",
            tex(note)
        );
    }
    let _ = writeln!(out, "\\label{{{label}}}\n\\end{{{environment}}}");
    out
}

/// One table as a float (see [`table_float`]), its caption the table's own (or "Table").
pub fn table_to_latex(table: &Table) -> String {
    let caption = tex(table.caption.as_deref().unwrap_or("Table"));
    table_float(table, &caption, "tab:table", None, true)
}

/// One of a document's tables as LaTeX: its file stem (`reliability-groups`), the section's
/// title and the float.
#[derive(Debug, Clone, PartialEq)]
pub struct LatexTable {
    /// A file stem: the document's and the section's names, lower case, `-` between words.
    pub name: String,
    /// The section's title.
    pub title: String,
    /// The float (see [`table_float`]).
    pub latex: String,
}

/// Lower-case ASCII words joined by `-` (a label or a file name).
fn slug(text: &str) -> String {
    let mut out = String::new();
    for word in text
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
    {
        if !out.is_empty() {
            out.push('-');
        }
        out.push_str(&word.to_ascii_lowercase());
    }
    out
}

/// Sections whose tables rank models, so that their best values are bold.
const RANKED_SECTIONS: [&str; 4] = ["groups", "asr_detail", "families", "pooled"];

/// Every table of a document as its own float: caption "{document}: {section} (%, ↑ higher is
/// better, ↓ lower is better).", label `tab:{name}`, the dagger footnote of a table with a
/// partial average inside its float.
pub fn latex_tables(doc: &Document) -> Vec<LatexTable> {
    let mut tables = Vec::new();
    for section in &doc.sections {
        let count = section
            .blocks
            .iter()
            .filter(|b| matches!(b, Block::Table(_)))
            .count();
        let mut seen = 0;
        for (at, block) in section.blocks.iter().enumerate() {
            let Block::Table(table) = block else {
                continue;
            };
            seen += 1;
            let section_name = if section.id.is_empty() {
                slug(&section.title)
            } else {
                slug(&section.id)
            };
            let mut name = format!("{}-{}", slug(&doc.title), section_name);
            if count > 1 {
                let _ = write!(name, "-{seen}");
            }
            let footnote = section.blocks[at + 1..].iter().find_map(|b| match b {
                Block::Paragraph { text } if text.starts_with(DAGGER) => Some(text.as_str()),
                _ => None,
            });
            let footnote = footnote.filter(|_| {
                table
                    .rows
                    .iter()
                    .any(|r| r.cells.iter().any(|c| c.text.contains(DAGGER)))
            });
            let percent = table.columns.iter().any(|c| direction(&c.title).is_some());
            let what = match &table.caption {
                Some(caption) => format!("{}: {}", doc.title, caption),
                None => format!("{}: {}", doc.title, section.title),
            };
            let caption = if percent {
                format!(
                    "{} (\\%; $\\uparrow$ higher is better, $\\downarrow$ lower is better).",
                    tex(&what)
                )
            } else {
                format!("{}.", tex(&what))
            };
            let rank = RANKED_SECTIONS.contains(&section.id.as_str());
            let latex = table_float(table, &caption, &format!("tab:{name}"), footnote, rank);
            tables.push(LatexTable {
                name,
                title: section.title.clone(),
                latex: format!("% {}\n{latex}", section.title),
            });
        }
    }
    tables
}

/// Every table of a document as its own float (see [`latex_tables`]), a blank line between
/// them; the completeness notes follow as comments.
pub fn document_to_latex(doc: &Document) -> String {
    let mut out = format!(
        "% {}: {} table(s), each a complete float\n",
        doc.title,
        latex_tables(doc).len()
    );
    for table in latex_tables(doc) {
        let _ = write!(out, "\n{}", table.latex);
    }
    for section in &doc.sections {
        for block in &section.blocks {
            if let Block::Note { text, .. } = block {
                let _ = writeln!(out, "% {}: {}", section.title, text.replace('\n', " "));
            }
        }
    }
    out
}

/// A document's files for a paper: one `{name}.tex` per table (see [`latex_tables`]) and one
/// `{name}.svg` per figure, named after the document and the figure's caption. The figures are
/// drawn as the document drew them: build it inside [`crate::chart::with_style`] for a paper's.
pub fn paper_files(doc: &Document) -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = latex_tables(doc)
        .into_iter()
        .map(|t| (format!("{}.tex", t.name), t.latex))
        .collect();
    let mut seen = std::collections::BTreeSet::new();
    for section in &doc.sections {
        for block in &section.blocks {
            if let Block::Figure { caption, svg } = block {
                let mut name = format!("{}-{}", slug(&doc.title), slug(caption));
                let mut n = 1;
                while !seen.insert(name.clone()) {
                    n += 1;
                    name = format!("{}-{}-{n}", slug(&doc.title), slug(caption));
                }
                files.push((format!("{name}.svg"), svg.clone()));
            }
        }
    }
    files
}
