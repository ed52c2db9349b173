//! Rows written as CSV text the way CPython 3.11's `csv.writer` writes them (minimal quoting,
//! `\n` line ends): what a table handed over as rows becomes before it is read like a file.

use crate::doc::push_csv_field;

/// Write `rows` (header first): a cell with a comma, a quote or a line feed is quoted (quotes
/// doubled), and a row of one empty cell is `""`, which reads back as one empty cell rather
/// than a blank line. A `\r` alone is not quoted, as CPython 3.11 writes it.
///
/// ```
/// let rows = [vec!["a".to_string(), "b,c".to_string()], vec![String::new()]];
/// assert_eq!(tabeq::csv::write_rows(&rows), "a,\"b,c\"\n\"\"\n");
/// ```
pub fn write_rows(rows: &[Vec<String>]) -> String {
    let mut out = String::new();
    for row in rows {
        if let [only] = row.as_slice() {
            if only.is_empty() {
                out.push_str("\"\"\n");
                continue;
            }
        }
        for (i, cell) in row.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            push_csv_field(&mut out, cell, cell.contains([',', '"', '\n']));
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::write_rows;

    fn rows(rows: &[&[&str]]) -> Vec<Vec<String>> {
        rows.iter()
            .map(|r| r.iter().map(|c| c.to_string()).collect())
            .collect()
    }

    #[test]
    fn quotes_only_what_csv_writer_quotes() {
        // Each expectation is what `csv.writer(buffer, lineterminator="\n")` writes on 3.11.
        let cases: [(&[&[&str]], &str); 7] = [
            (&[&["a\rb"]], "a\rb\n"),
            (&[&[" x", "a b"]], " x,a b\n"),
            (&[&[""]], "\"\"\n"),
            (&[&["", ""]], ",\n"),
            (&[&["x\"y"]], "\"x\"\"y\"\n"),
            (&[&["a\nb", "c,d"]], "\"a\nb\",\"c,d\"\n"),
            (&[&[]], "\n"),
        ];
        for (input, expected) in cases {
            assert_eq!(write_rows(&rows(input)), expected, "{input:?}");
        }
    }
}
