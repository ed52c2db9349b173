//! Fix-it help for participants: where in the file a CSV problem is (line, column and byte
//! offset), what a file that is not UTF-8 appears to be (Latin-1 / Windows-1252 with its first
//! offending line), notes that are not errors (a byte order mark, repeated header names), file
//! and folder names that nearly match the layout, and one "what to do" line per code.
//!
//! None of this changes a verdict or the official record's `error` text: it is shown beside
//! them (the submission report, the page, stderr).
//!
//! ```
//! use tabeq::fixit::{locate, TextPosition};
//! let bytes = b"a,b\n1,2\n3,4,5\n";
//! let error = tabeq::csv::read_table(bytes).unwrap_err();
//! // The third record's third field is the one too many.
//! assert_eq!(locate(bytes, &error), Some(TextPosition { line: 3, column: 5, byte: 12 }));
//! assert_eq!(locate(bytes, &error).unwrap().to_string(), "line 3, column 5 (byte 12)");
//! ```

use core::fmt;

use crate::codes::code_enum;
use crate::config::is_task_id;
use crate::csv::tokenizer::{Dialect, Fields, TokenError, Tokenizer};
use crate::csv::{CsvError, CsvErrorKind, CsvProblem};
use crate::csv::{MAX_CELL_CHARACTERS, MAX_CSV_COLUMNS};
use crate::evaluate::TaskErrorCode;

code_enum! {
    /// What the check of a predictions folder finds beyond a task's own error code: names that
    /// miss the layout, tasks outside the expected list, and notes that are not errors.
    SubmissionCode as "SubmissionErrorCode" {
        /// A task folder holds a file that is nearly `prediction.csv` (`Prediction.csv`, `predictions.csv`, …) and no `prediction.csv`: the task is scored as missing.
        PredictionMisnamed => "prediction_misnamed",
        /// A folder nearly named like a task (`Task_3`, `task-3`): the official evaluator does not read it.
        TaskFolderMisnamed => "task_folder_misnamed",
        /// A task folder whose task is not in the expected task list (not scored).
        UnexpectedTask => "unexpected_task",
        /// An entry of the predictions folder that is not a task folder (not read).
        StrayEntry => "stray_entry",
        /// A file that is not UTF-8 reads as Latin-1 or Windows-1252 text (the hint names the first line).
        EncodingLatin1 => "encoding_latin1",
        /// A note: the file starts with a UTF-8 byte order mark, which the official reader skips.
        ByteOrderMark => "byte_order_mark",
        /// A note: header names used by more than one column (headers are not scored).
        RepeatedHeaders => "repeated_headers",
        /// A line of an expected task list that is not a task id.
        TaskListInvalid => "task_list_invalid",
        /// A prediction with a header and no data row: read by the official evaluator, it can only match an empty gold.
        HeaderOnly => "header_only",
        /// A prediction that is JSON, HTML or XML text saved under a `.csv` name: the official reader takes its lines as CSV rows, which cannot match.
        NotCsvText => "not_csv_text",
    }
}

/// A place in a file as an editor shows it: 1-based line and column (characters, the byte
/// order mark not counted) and the 0-based byte offset in the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TextPosition {
    /// 1-based line (`\n`, `\r\n` and a lone `\r` end a line, as for the CSV reader).
    pub line: u64,
    /// 1-based column in characters.
    pub column: u64,
    /// 0-based byte offset in the file.
    pub byte: u64,
}

impl TextPosition {
    /// The position of byte `offset` of `bytes`. Characters are counted over the valid UTF-8
    /// before the offset on its line (an invalid byte counts as one character).
    pub fn at(bytes: &[u8], offset: usize) -> TextPosition {
        let offset = offset.min(bytes.len());
        let before = &bytes[..offset];
        let mut line = 1u64;
        let mut line_start = 0usize;
        let mut i = 0;
        while let Some(p) = memchr::memchr2(b'\n', b'\r', &before[i..]) {
            let at = i + p;
            // "\r\n" is one line end; its "\n" may be the byte at `offset`.
            let len = if before[at] == b'\r' && bytes.get(at + 1) == Some(&b'\n') {
                2
            } else {
                1
            };
            line += 1;
            line_start = at + len;
            i = at + len;
            if i >= before.len() {
                break;
            }
        }
        let line_start = line_start.min(offset);
        let mut text = &bytes[line_start..offset];
        if line == 1 {
            text = text.strip_prefix(b"\xef\xbb\xbf").unwrap_or(text);
        }
        let column = 1 + String::from_utf8_lossy(text).chars().count() as u64;
        TextPosition {
            line,
            column,
            byte: offset as u64,
        }
    }
}

/// `line L, column C (byte B)`: the one way every surface names a place in a CSV file.
impl fmt::Display for TextPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {} (byte {})",
            self.line, self.column, self.byte
        )
    }
}

/// What the record scanner meets, with byte offsets into the text after the byte order mark.
enum Step {
    /// A field of `record` (numbered from 0) that starts at `at`, met when it ends.
    FieldStart {
        record: u64,
        field: usize,
        at: usize,
    },
    RecordEnd {
        record: u64,
        at: usize,
    },
    AfterQuote {
        record: u64,
        at: usize,
    },
    /// The text ends inside the quoted field opened at `at`.
    Unterminated {
        at: usize,
    },
    /// A field of `record` starting at `at` that is longer than the cell limit.
    FieldTooLong {
        record: u64,
        at: usize,
    },
}

/// The scanner's reader on the tokenizer: it numbers records and fields and shows each step
/// to a visitor, which stops the scan by returning true.
struct Scan<V> {
    visit: V,
    record: u64,
    field: usize,
    field_start: usize,
}

/// The visitor stopped the scan (or the tokenizer did, after its last step).
struct Stop;

impl<V: FnMut(Step) -> bool> Scan<V> {
    fn show(&mut self, step: Step) -> Result<(), Stop> {
        if (self.visit)(step) {
            Err(Stop)
        } else {
            Ok(())
        }
    }
}

impl<V: FnMut(Step) -> bool> Fields for Scan<V> {
    type Error = Stop;

    fn part(&mut self, _text: &str, _at: usize) -> Result<(), Stop> {
        Ok(())
    }

    fn field_end(&mut self, at: usize) -> Result<(), Stop> {
        let (record, field, start) = (self.record, self.field, self.field_start);
        self.show(Step::FieldStart {
            record,
            field,
            at: start,
        })?;
        self.field += 1;
        // After a delimiter (after a line end, `record_end` moves it on).
        self.field_start = at + 1;
        Ok(())
    }

    fn record_end(&mut self, at: usize, next: usize) -> Result<(), Stop> {
        let record = self.record;
        self.show(Step::RecordEnd { record, at })?;
        self.record += 1;
        self.field = 0;
        self.field_start = next;
        Ok(())
    }

    fn fail(&mut self, error: TokenError) -> Stop {
        let record = self.record;
        let step = match error {
            TokenError::AfterQuote { at } => Step::AfterQuote { record, at },
            TokenError::FieldLimit { .. } => Step::FieldTooLong {
                record,
                at: self.field_start,
            },
            TokenError::UnterminatedQuote { quote_at } => Step::Unterminated { at: quote_at },
        };
        (self.visit)(step);
        Stop
    }
}

/// Walk the records of `text` with the CSV reader's tokenizer and cell limit, until `visit`
/// returns true or the tokenizer stops. Only run on a file that was refused, to find where:
/// the reader itself does not pay for positions.
fn scan(text: &[u8], visit: impl FnMut(Step) -> bool) {
    // The reader refused the file after decoding it, so the text is UTF-8; were it not, the
    // scan stops where it stops being so.
    let text = match core::str::from_utf8(text) {
        Ok(text) => text,
        Err(e) => core::str::from_utf8(&text[..e.valid_up_to()]).unwrap_or_default(),
    };
    let mut scan = Scan {
        visit,
        record: 1,
        field: 0,
        field_start: 0,
    };
    let dialect = Dialect {
        field_limit: MAX_CELL_CHARACTERS,
    };
    let mut tokenizer = Tokenizer::new(dialect);
    if tokenizer.feed(text, &mut scan).is_ok() {
        let _ = tokenizer.finish(&mut scan);
    }
}

/// Where in `bytes` the CSV reader met `error` (the bytes it was given), or `None` when the
/// problem has no place (a file too large, an empty file, a file that could not be read).
///
/// The place is the first byte that is wrong: the invalid UTF-8 byte, the NUL, the character
/// after a closing quote, the opening quote never closed, the first field beyond the header's
/// width (or the end of a row that is too short), the start of the cell over the length limit,
/// the 65th header field, the first row beyond the row limit.
pub fn locate(bytes: &[u8], error: &CsvError) -> Option<TextPosition> {
    let bom = if bytes.starts_with(b"\xef\xbb\xbf") {
        3
    } else {
        0
    };
    let text = &bytes[bom..];
    let record = error.record.unwrap_or(0);
    let mut found: Option<usize> = None;
    match error.csv_problem()? {
        CsvProblem::InvalidUtf8 { valid_up_to } => found = Some(*valid_up_to),
        CsvProblem::NulInText => found = memchr::memchr(0, bytes),
        CsvProblem::ZeroColumns => found = Some(bom),
        CsvProblem::TooManyColumns { .. } => scan(text, |s| match s {
            Step::FieldStart { field, at, .. } if field == MAX_CSV_COLUMNS => {
                found = Some(bom + at);
                true
            }
            Step::RecordEnd { .. } => true,
            _ => false,
        }),
        CsvProblem::TooManyRows { .. } => scan(text, |s| match s {
            Step::FieldStart { record: r, at, .. } | Step::RecordEnd { record: r, at, .. }
                if r == record =>
            {
                found = Some(bom + at);
                true
            }
            _ => false,
        }),
        CsvProblem::NonRectangular { expected, .. } => {
            let expected = *expected;
            scan(text, |s| match s {
                Step::FieldStart {
                    record: r,
                    field,
                    at,
                } if r == record && field == expected => {
                    found = Some(bom + at);
                    true
                }
                Step::RecordEnd { record: r, at, .. } if r == record => {
                    found = Some(bom + at);
                    true
                }
                _ => false,
            })
        }
        CsvProblem::UnexpectedAfterQuote => scan(text, |s| match s {
            Step::AfterQuote { record: r, at } if r == record => {
                found = Some(bom + at);
                true
            }
            _ => false,
        }),
        CsvProblem::UnterminatedQuote => scan(text, |s| match s {
            Step::Unterminated { at } => {
                found = Some(bom + at);
                true
            }
            _ => false,
        }),
        CsvProblem::FieldTooLarge => scan(text, |s| match s {
            Step::FieldTooLong { record: r, at } if r == record => {
                found = Some(bom + at);
                true
            }
            _ => false,
        }),
        _ => {}
    }
    found.map(|offset| TextPosition::at(bytes, offset))
}

/// How a file that is not UTF-8 reads instead, found from its bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EncodingHint {
    /// `windows_1252` (bytes 0x80–0x9F used as Windows-1252 letters and signs) or `latin_1`.
    pub encoding: &'static str,
    /// Where the first byte that is not UTF-8 is.
    pub position: TextPosition,
    /// That line as Windows-1252 reads it (cut to 120 characters).
    pub line_text: String,
    /// Whether the text before it holds UTF-8 letters beyond ASCII (two encodings mixed).
    pub mixed: bool,
}

/// Windows-1252's characters for bytes 0x80–0x9F (`None`: undefined there).
const CP1252_HIGH: [Option<char>; 32] = [
    Some('€'),
    None,
    Some('‚'),
    Some('ƒ'),
    Some('„'),
    Some('…'),
    Some('†'),
    Some('‡'),
    Some('ˆ'),
    Some('‰'),
    Some('Š'),
    Some('‹'),
    Some('Œ'),
    None,
    Some('Ž'),
    None,
    None,
    Some('‘'),
    Some('’'),
    Some('“'),
    Some('”'),
    Some('•'),
    Some('–'),
    Some('—'),
    Some('˜'),
    Some('™'),
    Some('š'),
    Some('›'),
    Some('œ'),
    None,
    Some('ž'),
    None,
];

fn cp1252(byte: u8) -> char {
    match byte {
        0x80..=0x9f => CP1252_HIGH[(byte - 0x80) as usize].unwrap_or(char::from(byte)),
        _ => char::from(byte),
    }
}

impl EncodingHint {
    /// The hint for bytes that stop being UTF-8 at `valid_up_to`, unless they look like
    /// something other than 8-bit text (UTF-16, binary with control bytes: see
    /// [`ForeignFile`](crate::submission::ForeignFile)).
    ///
    /// ```
    /// use tabeq::fixit::EncodingHint;
    /// let bytes = b"city,n\nZ\xfcrich,3\n";
    /// let hint = EncodingHint::of(bytes, 8).unwrap();
    /// assert_eq!((hint.encoding, hint.position.line, hint.line_text.as_str()), ("latin_1", 2, "Zürich,3"));
    /// ```
    pub fn of(bytes: &[u8], valid_up_to: usize) -> Option<EncodingHint> {
        if valid_up_to > bytes.len()
            || bytes.starts_with(b"\xff\xfe")
            || bytes.starts_with(b"\xfe\xff")
        {
            return None;
        }
        // Control bytes other than tab and line ends mean binary data, not 8-bit text.
        if bytes
            .iter()
            .any(|&b| b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r'))
        {
            return None;
        }
        let windows = bytes[valid_up_to..]
            .iter()
            .any(|&b| (0x80..=0x9f).contains(&b) && CP1252_HIGH[(b - 0x80) as usize].is_some());
        let position = TextPosition::at(bytes, valid_up_to);
        let start = bytes[..valid_up_to]
            .iter()
            .rposition(|&b| b == b'\n' || b == b'\r')
            .map_or(0, |p| p + 1);
        let end = memchr::memchr2(b'\n', b'\r', &bytes[start..]).map_or(bytes.len(), |p| start + p);
        let line = &bytes[start..end];
        // The line as Windows-1252 reads it; the valid UTF-8 before the bad byte stays as is.
        let mut line_text: String = match core::str::from_utf8(line) {
            Ok(s) => s.to_string(),
            Err(_) => line.iter().map(|&b| cp1252(b)).collect(),
        };
        if line_text.chars().count() > 120 {
            line_text = line_text.chars().take(120).collect::<String>() + "…";
        }
        let mixed = bytes[..valid_up_to].iter().any(|&b| b >= 0x80);
        Some(EncodingHint {
            encoding: if windows { "windows_1252" } else { "latin_1" },
            position,
            line_text,
            mixed,
        })
    }

    /// The hint for people: what the file is, where, and what to do.
    pub fn text(&self) -> String {
        let name = if self.encoding == "windows_1252" {
            "Windows-1252"
        } else {
            "Latin-1 (ISO-8859-1) or Windows-1252"
        };
        let mixed = if self.mixed {
            " The lines before it are UTF-8: the file mixes two encodings."
        } else {
            ""
        };
        format!(
            "This file is not UTF-8: it reads as {name} text, first at {} (\"{}\").{mixed} Save it as CSV UTF-8 (in a spreadsheet: Save As → CSV UTF-8; in pandas: to_csv(path, encoding=\"utf-8\")).",
            self.position, self.line_text
        )
    }
}

/// A header name used by more than one column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RepeatedHeader {
    /// The name.
    pub name: String,
    /// The 1-based columns that use it.
    pub columns: Vec<usize>,
}

/// Header names used by more than one column, in order of first use. Headers are not scored,
/// so this is a note: the columns are still matched by their values.
///
/// ```
/// let repeated = tabeq::fixit::repeated_headers(&["a", "b", "a"]);
/// assert_eq!((repeated[0].name.as_str(), repeated[0].columns.clone()), ("a", vec![1, 3]));
/// ```
pub fn repeated_headers<S: AsRef<str>>(headers: &[S]) -> Vec<RepeatedHeader> {
    let mut out: Vec<RepeatedHeader> = Vec::new();
    for (i, h) in headers.iter().enumerate() {
        let h = h.as_ref();
        if let Some(r) = out.iter_mut().find(|r| r.name == h) {
            r.columns.push(i + 1);
        } else if headers[i + 1..].iter().any(|o| o.as_ref() == h) {
            out.push(RepeatedHeader {
                name: h.to_string(),
                columns: vec![i + 1],
            });
        }
    }
    out
}

/// The file name every task folder must hold.
pub const PREDICTION_FILE: &str = "prediction.csv";

/// Whether `name` (a file in a task folder) looks like a misnamed `prediction.csv`:
/// another case, a plural, a doubled or other extension, a copy suffix.
///
/// ```
/// use tabeq::fixit::near_miss_file;
/// for name in ["Prediction.csv", "prediction.CSV", "predictions.csv", "prediction.csv.txt", "prediction (1).csv", "prediction.txt"] {
///     assert!(near_miss_file(name), "{name}");
/// }
/// assert!(!near_miss_file("prediction.csv"));
/// assert!(!near_miss_file("notes.md"));
/// ```
pub fn near_miss_file(name: &str) -> bool {
    if name == PREDICTION_FILE {
        return false;
    }
    let lower = name.to_lowercase();
    let stem = lower.split('.').next().unwrap_or("").trim();
    let stem = stem
        .split(" (")
        .next()
        .unwrap_or(stem)
        .trim_end_matches(|c: char| c.is_ascii_digit() || c == '_' || c == '-' || c == ' ');
    let csv_like = lower.ends_with(".csv")
        || lower.ends_with(".txt")
        || lower.ends_with(".tsv")
        || lower.ends_with(".csv.txt")
        || !lower.contains('.');
    matches!(stem, "prediction" | "predictions" | "pred" | "preds") && csv_like
}

/// The task id a folder name nearly spells (`Task_3`, `task-3`, `task3` → `task_3`), or
/// `None` when it is a task id already (as the official evaluator reads them) or is not like one.
///
/// ```
/// use tabeq::fixit::near_miss_task_folder;
/// assert_eq!(near_miss_task_folder("Task_3").as_deref(), Some("task_3"));
/// assert_eq!(near_miss_task_folder("task-12").as_deref(), Some("task_12"));
/// assert_eq!(near_miss_task_folder("task_3"), None);
/// assert_eq!(near_miss_task_folder("notes"), None);
/// ```
pub fn near_miss_task_folder(name: &str) -> Option<String> {
    if is_task_id(name) {
        return None;
    }
    let lower = name.trim().to_lowercase();
    let rest = lower.strip_prefix("task")?;
    let digits = rest.trim_start_matches(['_', '-', ' ', '.']);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 9 {
        return None;
    }
    let n: u64 = digits.parse().ok()?;
    (n > 0).then(|| format!("task_{n}"))
}

/// What a participant does about a code (task, CSV or submission), in one line; `None` for a
/// code that needs no action or is not shown to participants.
///
/// ```
/// assert!(tabeq::fixit::what_to_do("csv_invalid_utf8").unwrap().contains("UTF-8"));
/// assert_eq!(tabeq::fixit::what_to_do("no_such_code"), None);
/// ```
pub fn what_to_do(code: &str) -> Option<&'static str> {
    Some(match code {
        "missing_prediction" => "Write the task's answer to task_N/prediction.csv in the predictions folder (the task is scored as failed without it).",
        "invalid_prediction_csv" => "Fix the CSV problem named below, then check again: the task fails whatever the values.",
        "column_count_mismatch" => "Give the table exactly one column per answer column of the task (extra or missing columns fail the task).",
        "row_count_mismatch" => "Give exactly the rows the question asks for: no total rows, no blank lines, no repeated header.",
        "type_normalization_failed" => "Make every cell of each answer column readable under its rule (numbers without units or words, ISO dates such as 2024-01-31, true/false).",
        "relation_mismatch" => "The values differ from the gold: compare with the task's question (rounding, filters, duplicates).",
        "search_limit_exceeded" => "tabeq could not decide this task within its budget; run the official evaluator on it.",
        "csv_invalid_utf8" => "Save the file as UTF-8 (in a spreadsheet: Save As → CSV UTF-8; in pandas: encoding=\"utf-8\").",
        "csv_too_large" => "Keep the file under 20 MiB: write only the answer table.",
        "csv_too_many_rows" => "Keep the answer under 100,000 data rows: write only the rows the question asks for.",
        "csv_too_many_columns" => "Keep the answer to at most 64 columns.",
        "csv_cell_too_large" => "A cell is over 2 MiB characters, usually a quote that is never closed: check the quotes before the named line.",
        "csv_nul_character" => "Remove the NUL bytes (\\0) from the file; they usually come from a UTF-16 or binary export.",
        "csv_empty" => "Write a header row and the answer rows; an empty file has no table.",
        "csv_zero_columns" => "Remove the blank first line: the first line must be the header.",
        "csv_non_rectangular" => "Give every row as many cells as the header: quote cells that contain commas, and remove blank lines.",
        "csv_unexpected_after_quote" => "A quoted cell continues after its closing quote: double the quotes inside a quoted cell (\"\") or quote the whole cell.",
        "csv_unterminated_quote" => "Close the quote that opens at the named line (a quote inside a cell is written \"\").",
        "csv_not_a_regular_file" => "Make prediction.csv a plain file (not a folder, link or device).",
        "prediction_misnamed" => "Rename the file to prediction.csv (lower case, singular, .csv): only that name is scored.",
        "task_folder_misnamed" => "Rename the folder to the task id it names (task_N, lower case, underscore, no leading zeros).",
        "unexpected_task" => "This task is not in the expected task list: check its id (it is not scored).",
        "stray_entry" => "Remove this entry or move it out of the predictions folder (it is not scored).",
        "header_only" => "Write the answer rows under the header: a file with only a header row scores as an empty answer.",
        "not_csv_text" => "Write the answer as CSV (a header row, then one line per row, cells separated by commas), not JSON or HTML: in pandas, df.to_csv(path, index=False).",
        _ => return None,
    })
}

/// What a UTF-8 file saved as `prediction.csv` is when it is not CSV text: `"JSON"`, `"HTML"`
/// or `"XML"` from its first characters (after a byte order mark and blank space).
///
/// ```
/// use tabeq::fixit::text_not_csv;
/// assert_eq!(text_not_csv(b"\xef\xbb\xbf [{\"a\": 1}]"), Some("JSON"));
/// assert_eq!(text_not_csv(b"<!DOCTYPE html><table>"), Some("HTML"));
/// assert_eq!(text_not_csv(b"a,b\n1,2\n"), None);
/// assert_eq!(text_not_csv(b"{x},y\n"), None);
/// ```
pub fn text_not_csv(bytes: &[u8]) -> Option<&'static str> {
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    let start = bytes.iter().position(|b| !b.is_ascii_whitespace())?;
    let text = &bytes[start..];
    let end = bytes.iter().rposition(|b| !b.is_ascii_whitespace())?;
    let last = bytes[end];
    let head: Vec<u8> = text.iter().take(16).map(u8::to_ascii_lowercase).collect();
    if (text[0] == b'{' && last == b'}') || (text[0] == b'[' && last == b']') {
        return Some("JSON");
    }
    if ["<!doctype html", "<html", "<table", "<head", "<body"]
        .iter()
        .any(|t| head.starts_with(t.as_bytes()))
    {
        return Some("HTML");
    }
    if head.starts_with(b"<?xml") {
        return Some("XML");
    }
    None
}

/// The code of a task error and, for an unreadable CSV, of its CSV problem: what
/// [`what_to_do`] is asked about.
pub fn codes_of(task: TaskErrorCode, csv: Option<CsvErrorKind>) -> Vec<&'static str> {
    let mut out = vec![task.code()];
    out.extend(csv.map(CsvErrorKind::code));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::csv::read_table;

    fn at(bytes: &[u8]) -> (u64, u64, u64) {
        let error = read_table(bytes).unwrap_err();
        let p = locate(bytes, &error).unwrap_or_else(|| panic!("no position for {error}"));
        (p.line, p.column, p.byte)
    }

    #[test]
    fn each_problem_is_placed_at_its_first_wrong_byte() {
        // Too many cells: the first one beyond the header.
        assert_eq!(at(b"a,b\n1,2\n3,4,5\n"), (3, 5, 12));
        // Too few: the end of the row.
        assert_eq!(at(b"a,b\n1,2\n3\n"), (3, 2, 9));
        // A blank line is a row of zero cells: its start.
        assert_eq!(at(b"a\n1\n\n2\n"), (3, 1, 4));
        // A quote that never closes: where it opens, even when its text spans lines.
        assert_eq!(at(b"a,b\n1,\"x\ny\nz"), (2, 3, 6));
        // Text after a closing quote: that character.
        assert_eq!(at(b"a,b\n1,\"x\"y\n"), (2, 6, 9));
        // NUL: the byte.
        assert_eq!(at(b"a\nx\0\n"), (2, 2, 3));
        // Invalid UTF-8: the byte, columns in characters (é is one).
        assert_eq!(at(b"a\n\xc3\xa9\xff"), (2, 2, 4));
        // A byte order mark is not a column; CRLF is one line end.
        assert_eq!(at(b"\xef\xbb\xbfa,b\r\n1,2,3\r\n"), (2, 5, 12));
        // 65 header fields: the 65th.
        let wide = (1..=65)
            .map(|i| format!("c{i}"))
            .collect::<Vec<_>>()
            .join(",");
        let (line, column, _) = at(wide.as_bytes());
        assert_eq!((line, column), (1, 1 + wide.find("c65").unwrap() as u64));
        // A blank first line: line 1, column 1.
        assert_eq!(at(b"\na\n"), (1, 1, 0));
    }

    #[test]
    fn quoted_line_ends_count_as_lines() {
        // Record 3 starts on line 4 because record 2 holds a line end in quotes.
        assert_eq!(at(b"a,b\n\"x\ny\",1\n2\n"), (4, 2, 13));
    }

    #[test]
    fn unplaced_problems() {
        assert_eq!(locate(b"", &read_table(b"").unwrap_err()), None);
    }

    #[test]
    fn latin1_and_windows1252_hints_name_the_line() {
        let bytes = b"city,n\nZ\xfcrich,3\n";
        let hint = EncodingHint::of(bytes, 8).unwrap();
        assert_eq!(
            hint.position,
            TextPosition {
                line: 2,
                column: 2,
                byte: 8
            }
        );
        assert!(hint.text().contains("Latin-1"), "{}", hint.text());
        assert!(
            hint.text()
                .contains("line 2, column 2 (byte 8) (\"Zürich,3\")"),
            "{}",
            hint.text()
        );
        let smart = b"q\n\x93quoted\x94\n";
        let hint = EncodingHint::of(smart, 2).unwrap();
        assert_eq!(
            (hint.encoding, hint.line_text.as_str()),
            ("windows_1252", "“quoted”")
        );
        // Mixed: UTF-8 first, then a Latin-1 byte.
        let mixed = "é\n"
            .as_bytes()
            .iter()
            .chain(b"\xe9\n")
            .copied()
            .collect::<Vec<u8>>();
        assert!(EncodingHint::of(&mixed, 3).unwrap().mixed);
        // UTF-16 and binary data are something else.
        assert_eq!(EncodingHint::of(b"\xff\xfea\x00", 0), None);
        assert_eq!(EncodingHint::of(b"\x89PNG\r\n\x1a\n\x00", 0), None);
    }

    #[test]
    fn names() {
        assert!(near_miss_file("PREDICTION.CSV"));
        assert!(near_miss_file("prediction"));
        assert!(!near_miss_file("gold.csv"));
        assert_eq!(near_miss_task_folder("TASK 5").as_deref(), Some("task_5"));
        assert_eq!(near_miss_task_folder("tasks"), None);
    }

    #[test]
    fn every_task_and_csv_code_has_a_line() {
        for code in TaskErrorCode::ALL {
            assert!(what_to_do(code.code()).is_some(), "{code}");
        }
        for code in CsvErrorKind::ALL {
            assert!(what_to_do(code.code()).is_some(), "{code}");
        }
    }

    #[test]
    fn repeated_header_names_in_order() {
        let r = repeated_headers(&["x", "y", "x", "y", "x", "z"]);
        assert_eq!(r.len(), 2);
        assert_eq!(r[0].columns, vec![1, 3, 5]);
        assert_eq!(r[1].columns, vec![2, 4]);
        assert!(repeated_headers(&["a", "b"]).is_empty());
    }
}
