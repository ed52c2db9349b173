//! The answer table in a model's text output, as CSV bytes to score.
//!
//! Models answer with prose around a table. [`extract_table`] finds the table, trying in
//! this order and taking the **last** match of the first kind found (a model that revises
//! its answer puts the final one last):
//!
//! 1. a fenced code block labelled `csv` (```` ```csv ```` or `~~~csv`, any case); its
//!    content is returned as it is;
//! 2. a Markdown pipe table (a header row, a delimiter row such as `|---|:--:|`, then body
//!    rows) outside code blocks; it is rewritten as CSV: cells trimmed, `\|` unescaped,
//!    short rows padded and long rows cut to the header's width (as GitHub renders them),
//!    cells quoted where CSV needs it;
//! 3. an unlabelled fenced code block whose content reads as a strict CSV with a header and
//!    at least one data row;
//! 4. the whole text (surrounding blank lines removed), when it reads as a strict CSV with
//!    a header and at least one data row. Prose without commas reads as a one-column table,
//!    so ask models to fence their answer.
//!
//! Nothing found is [`TableSource::NotFound`] with no bytes: score it as a missing
//! prediction ([`crate::Prediction::Missing`], `missing_prediction`).
//!
//! ```
//! use tabeq::extract::{extract_table, TableSource};
//! let text = "The answer:\n\n| Region | GDP |\n|---|---:|\n| North | 1.25 |\n| South, East | 2 |\n\nDone.";
//! let found = extract_table(text);
//! assert_eq!(found.source, TableSource::MarkdownTable);
//! assert_eq!(found.csv.as_deref(), Some("Region,GDP\nNorth,1.25\n\"South, East\",2\n"));
//!
//! let fenced = extract_table("draft:\n```csv\na\n1\n```\nfinal:\n```CSV\na\n2\n```\n");
//! assert_eq!((fenced.source, fenced.csv.as_deref()), (TableSource::FencedCsv, Some("a\n2\n")));
//!
//! assert_eq!(extract_table("I could not compute it.").source, TableSource::NotFound);
//! ```

use crate::csv::read_table;

/// Where an extracted table came from.
///
/// # Examples
///
/// ```
/// use tabeq::{extract_table, TableSource};
/// assert_eq!(extract_table("| a |\n|---|\n| 1 |\n").source, TableSource::MarkdownTable);
/// assert_eq!(TableSource::MarkdownTable.code(), "markdown_table");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TableSource {
    /// A fenced code block labelled `csv`.
    FencedCsv,
    /// A Markdown pipe table, rewritten as CSV.
    MarkdownTable,
    /// An unlabelled fenced code block that reads as CSV.
    FencedBlock,
    /// The whole text reads as CSV.
    BareCsv,
    /// No table: score as `missing_prediction`.
    NotFound,
}

impl TableSource {
    /// `fenced_csv`, `markdown_table`, `fenced_block`, `bare_csv` or `not_found`.
    pub fn code(self) -> &'static str {
        match self {
            TableSource::FencedCsv => "fenced_csv",
            TableSource::MarkdownTable => "markdown_table",
            TableSource::FencedBlock => "fenced_block",
            TableSource::BareCsv => "bare_csv",
            TableSource::NotFound => "not_found",
        }
    }
}

/// The result of [`extract_table`].
///
/// # Examples
///
/// ```
/// use tabeq::{extract_table, TableSource};
/// let found = extract_table("Answer:\n\n```csv\nregion,gdp\nNorth,1.25\n```\n");
/// assert_eq!(found.csv.as_deref(), Some("region,gdp\nNorth,1.25\n"));
/// assert_eq!(found.source, TableSource::FencedCsv);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExtractedTable {
    /// The CSV text to score, `None` when no table was found.
    pub csv: Option<String>,
    /// Where it came from.
    pub source: TableSource,
}

/// A fenced code block: its info string's first word (lowercased) and content.
struct Fence {
    label: String,
    content: String,
    /// Line range of the block (opening fence to closing fence, inclusive).
    lines: (usize, usize),
}

/// An opening or closing fence line: (fence char, run length, info string).
fn fence_line(line: &str) -> Option<(char, usize, &str)> {
    let indent = line.len() - line.trim_start_matches(' ').len();
    if indent > 3 {
        return None;
    }
    let rest = &line[indent..];
    let ch = rest.chars().next()?;
    if ch != '`' && ch != '~' {
        return None;
    }
    let run = rest.len() - rest.trim_start_matches(ch).len();
    if run < 3 {
        return None;
    }
    let info = rest[run..].trim();
    if ch == '`' && info.contains('`') {
        return None;
    }
    Some((ch, run, info))
}

fn split_lines(text: &str) -> Vec<&str> {
    text.split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect()
}

fn fences(lines: &[&str]) -> Vec<Fence> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let Some((ch, run, info)) = fence_line(lines[i]) else {
            i += 1;
            continue;
        };
        let label = info.split_whitespace().next().unwrap_or("").to_lowercase();
        let start = i;
        let mut end = lines.len();
        let mut content = String::new();
        i += 1;
        while i < lines.len() {
            if let Some((c2, run2, info2)) = fence_line(lines[i]) {
                if c2 == ch && run2 >= run && info2.is_empty() {
                    end = i;
                    break;
                }
            }
            content.push_str(lines[i]);
            content.push('\n');
            i += 1;
        }
        out.push(Fence {
            label,
            content,
            lines: (start, end.min(lines.len().saturating_sub(1))),
        });
        i = end + 1;
    }
    out
}

/// The cells of a pipe-table row (outer pipes optional, `\|` is a literal pipe).
fn pipe_cells(line: &str) -> Vec<String> {
    let mut trimmed = line.trim();
    if let Some(rest) = trimmed.strip_prefix('|') {
        trimmed = rest;
    }
    if trimmed.ends_with('|') && !trimmed.ends_with("\\|") {
        trimmed = &trimmed[..trimmed.len() - 1];
    }
    let mut cells = Vec::new();
    let mut cell = String::new();
    let mut chars = trimmed.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&'|') => {
                cell.push('|');
                chars.next();
            }
            '|' => cells.push(core::mem::take(&mut cell)),
            _ => cell.push(c),
        }
    }
    cells.push(cell);
    cells.into_iter().map(|c| c.trim().to_string()).collect()
}

fn is_delimiter_row(line: &str) -> Option<usize> {
    if !line.contains('-') {
        return None;
    }
    let cells = pipe_cells(line);
    let ok = cells.iter().all(|c| {
        let c = c.strip_prefix(':').unwrap_or(c);
        let c = c.strip_suffix(':').unwrap_or(c);
        !c.is_empty() && c.chars().all(|ch| ch == '-')
    });
    ok.then_some(cells.len())
}

fn is_pipe_row(line: &str) -> bool {
    line.contains('|') && !line.trim().is_empty()
}

/// One CSV field, quoted when the reader would otherwise split or change it.
fn push_field(out: &mut String, cell: &str, only_field: bool) {
    let needs_quotes = cell.contains([',', '"', '\n', '\r']) || (only_field && cell.is_empty());
    if needs_quotes {
        out.push('"');
        out.push_str(&cell.replace('"', "\"\""));
        out.push('"');
    } else {
        out.push_str(cell);
    }
}

fn push_row(out: &mut String, cells: &[String], width: usize) {
    for i in 0..width {
        if i > 0 {
            out.push(',');
        }
        let cell = cells.get(i).map_or("", String::as_str);
        push_field(out, cell, width == 1);
    }
    out.push('\n');
}

/// The last pipe table among `lines`, skipping the given fenced line ranges, as CSV.
fn last_pipe_table(lines: &[&str], fenced: &[(usize, usize)]) -> Option<String> {
    let in_fence = |i: usize| fenced.iter().any(|&(a, b)| a <= i && i <= b);
    let mut found = None;
    let mut i = 1;
    while i < lines.len() {
        let header_ok = is_pipe_row(lines[i - 1]) && !in_fence(i - 1) && !in_fence(i);
        let width = if header_ok {
            is_delimiter_row(lines[i])
        } else {
            None
        };
        let header = width.map(|w| (w, pipe_cells(lines[i - 1])));
        match header {
            Some((w, header)) if header.len() == w => {
                let mut csv = String::new();
                push_row(&mut csv, &header, w);
                let mut j = i + 1;
                while j < lines.len() && is_pipe_row(lines[j]) && !in_fence(j) {
                    push_row(&mut csv, &pipe_cells(lines[j]), w);
                    j += 1;
                }
                found = Some(csv);
                i = j + 1;
            }
            _ => i += 1,
        }
    }
    found
}

/// Whether `text` reads as a strict CSV with a header and at least one data row.
fn reads_as_table(text: &str) -> bool {
    read_table(text.as_bytes()).is_ok_and(|t| t.row_count() > 0)
}

/// The text without its leading and trailing blank lines (and with one final newline).
fn trim_blank_lines(text: &str) -> String {
    let lines = split_lines(text);
    let first = lines.iter().position(|l| !l.trim().is_empty());
    let last = lines.iter().rposition(|l| !l.trim().is_empty());
    match (first, last) {
        (Some(a), Some(b)) => {
            let mut out = lines[a..=b].join("\n");
            out.push('\n');
            out
        }
        _ => String::new(),
    }
}

/// Find the answer table in model output (see the module documentation for the order).
///
/// # Examples
///
/// ```
/// use tabeq::{extract_table, TableSource};
/// let found = extract_table("a,b\n1,2\n");
/// assert_eq!((found.source, found.csv.as_deref()), (TableSource::BareCsv, Some("a,b\n1,2\n")));
/// assert_eq!(extract_table("no table here").csv, None);
/// ```
pub fn extract_table(text: &str) -> ExtractedTable {
    let found = |csv: String, source| ExtractedTable {
        csv: Some(csv),
        source,
    };
    let lines = split_lines(text);
    let blocks = fences(&lines);
    if let Some(block) = blocks.iter().rev().find(|b| b.label == "csv") {
        return found(block.content.clone(), TableSource::FencedCsv);
    }
    let ranges: Vec<(usize, usize)> = blocks.iter().map(|b| b.lines).collect();
    if let Some(csv) = last_pipe_table(&lines, &ranges) {
        return found(csv, TableSource::MarkdownTable);
    }
    if let Some(block) = blocks
        .iter()
        .rev()
        .find(|b| b.label.is_empty() && reads_as_table(&b.content))
    {
        return found(block.content.clone(), TableSource::FencedBlock);
    }
    let bare = trim_blank_lines(text);
    if blocks.is_empty() && reads_as_table(&bare) {
        return found(bare, TableSource::BareCsv);
    }
    ExtractedTable {
        csv: None,
        source: TableSource::NotFound,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn csv(text: &str) -> (TableSource, Option<String>) {
        let e = extract_table(text);
        (e.source, e.csv)
    }

    /// Asserts that `text` yields `expected` as CSV, found as `source`.
    fn extracts(text: &str, source: TableSource, expected: &str) {
        assert_eq!(csv(text), (source, Some(expected.to_string())), "{text:?}");
    }

    #[test]
    fn fenced_csv_wins_over_a_pipe_table_and_the_last_one_counts() {
        let text =
            "| a |\n|---|\n| 1 |\n\n```csv\nx,y\n1,2\n```\ntext\n~~~ csv extra\nx,y\n3,4\n~~~\n";
        extracts(text, TableSource::FencedCsv, "x,y\n3,4\n");
    }

    #[test]
    fn an_unclosed_fence_runs_to_the_end() {
        extracts("```csv\na,b\n1,2", TableSource::FencedCsv, "a,b\n1,2\n");
    }

    #[test]
    fn pipe_tables_are_rewritten_with_quoting_padding_and_escapes() {
        let text = "Region | Note\n:--- | ---:\nNorth | say \"hi\"\nSouth | a \\| b | extra\n| East\n\nlater prose";
        let expected = "Region,Note\nNorth,\"say \"\"hi\"\"\"\nSouth,a | b\nEast,\n";
        extracts(text, TableSource::MarkdownTable, expected);
        // A one-column table keeps empty cells as quoted fields (not blank lines).
        let one_column = "| a |\n| - |\n|  |\n| 2 |\n";
        extracts(one_column, TableSource::MarkdownTable, "a\n\"\"\n2\n");
    }

    #[test]
    fn pipe_tables_inside_other_code_blocks_are_ignored() {
        let text = "```python\n| a |\n|---|\n| 1 |\n```\n";
        assert_eq!(csv(text), (TableSource::NotFound, None));
    }

    #[test]
    fn unlabelled_blocks_and_bare_text_must_read_as_tables() {
        let fenced = "Here:\n```\na,b\n1,2\n```\n";
        extracts(fenced, TableSource::FencedBlock, "a,b\n1,2\n");
        extracts("\n\na,b\r\n1,2\n\n", TableSource::BareCsv, "a,b\n1,2\n");
        assert_eq!(csv("a,b\n1\n").0, TableSource::NotFound);
        assert_eq!(csv("just a header").0, TableSource::NotFound);
        assert_eq!(csv("").0, TableSource::NotFound);
        assert_eq!(csv("```\nnot, a\ntable\n```").0, TableSource::NotFound);
    }

    #[test]
    fn every_extracted_table_reads() {
        for text in [
            "| a | b |\n|---|---|\n| \"q\" | x,y |\n",
            "a|b\n-|-\n1|2\n",
            "|x|\n|:-:|\n",
        ] {
            let e = extract_table(text);
            assert_eq!(e.source, TableSource::MarkdownTable, "{text}");
            read_table(e.csv.unwrap().as_bytes()).unwrap();
        }
    }
}
