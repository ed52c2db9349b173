//! The words the official evaluator writes into a task record for a prediction CSV it cannot
//! read, and which of several problems it names: the first one *it* meets.
//!
//! tabeq's reader ([`crate::csv::read_table`]) stops at the first problem in the text and
//! reports it with a code and a record number. The official evaluator reads differently, and
//! when a file has several problems it can name another one:
//!
//! * it decodes the file in 8 KiB chunks (CPython's text layer over `utf-8-sig`), each chunk
//!   as a whole, when the CSV reader first needs a line that reaches into it; an invalid
//!   sequence is reported with its position *in that chunk* (plus up to three bytes carried
//!   over from the previous one, minus a byte-order mark in the first), in CPython's words;
//! * while reading, it checks each record for the row limit, then for NUL characters;
//! * only after the whole file is read does it check for an empty file, a header of zero or
//!   more than 64 columns, and then the first record whose width differs from the header's.
//!
//! [`official_csv_problem`] follows that order on the file's bytes; it is used only for a file
//! the reader refused, so a valid file is read once.
//!
//! ```
//! use tabeq::official_csv::official_csv_problem;
//! let text = official_csv_problem(b"a\n1,2\n\xff", "p.csv").unwrap();
//! // The invalid byte is met before the row that is too wide is checked.
//! assert_eq!(text, "Cannot parse CSV p.csv: 'utf-8' codec can't decode byte 0xff in position 6: invalid start byte");
//! let text = official_csv_problem(b"a\n1,2\n3\0\n", "p.csv").unwrap();
//! assert_eq!(text, "NUL byte in CSV cell at row 3: p.csv");
//! ```

use crate::csv::tokenizer::{Dialect, Fields, TokenError, Tokenizer};
use crate::csv::{Limits, MAX_CELL_CHARACTERS, MAX_CSV_COLUMNS};

/// The size of the chunks CPython's text layer reads and decodes at a time.
const CHUNK: usize = 8192;

const BOM: &[u8] = b"\xef\xbb\xbf";

/// The record text the official evaluator writes for these bytes read from `path`, or `None`
/// when it would read them without a problem.
pub fn official_csv_problem(bytes: &[u8], path: &str) -> Option<String> {
    official_csv_problem_within(bytes, path, &Limits::OFFICIAL)
}

/// [`official_csv_problem`] as if the official evaluator's limits were `limits`: its words for
/// a file read beyond them (a research table that fails for another reason is not "over the
/// 100000-data-row limit").
///
/// ```
/// use tabeq::{csv::Limits, official_csv::official_csv_problem_within};
/// let rows = "n\n".to_string() + &"1\n".repeat(100_001) + "1,2\n";
/// let official = Limits::OFFICIAL;
/// let text = official_csv_problem_within(rows.as_bytes(), "p.csv", &official).unwrap();
/// assert_eq!(text, "CSV exceeds the 100000-data-row limit: p.csv");
/// let text = official_csv_problem_within(rows.as_bytes(), "p.csv", &Limits::LIFTED).unwrap();
/// assert_eq!(text, "Non-rectangular CSV p.csv: row 100003 has 2 cells; expected 1");
/// ```
pub fn official_csv_problem_within(bytes: &[u8], path: &str, limits: &Limits) -> Option<String> {
    if bytes.len() > limits.bytes {
        let (size, limit) = (bytes.len(), limits.bytes);
        return Some(format!(
            "CSV exceeds the {limit}-byte limit: {path} ({size} bytes)"
        ));
    }
    let problem = match read_records(bytes, limits.rows) {
        Err(p) => p,
        Ok(shape) => shape.problem()?,
    };
    Some(problem.words(path))
}

/// A problem as the official evaluator words it.
#[derive(Debug, PartialEq, Eq)]
enum Problem {
    /// A decoding or CSV error (`Cannot parse CSV`), in CPython's words.
    Parse(String),
    TooManyRows {
        limit: usize,
    },
    Nul {
        row: usize,
    },
    Empty,
    ZeroColumns,
    TooManyColumns,
    NonRectangular {
        row: usize,
        cells: usize,
        expected: usize,
    },
}

impl Problem {
    fn words(&self, path: &str) -> String {
        match self {
            Problem::Parse(cause) => format!("Cannot parse CSV {path}: {cause}"),
            Problem::TooManyRows { limit } => {
                format!("CSV exceeds the {limit}-data-row limit: {path}")
            }
            Problem::Nul { row } => format!("NUL byte in CSV cell at row {row}: {path}"),
            Problem::Empty => format!("CSV is empty and has no header row: {path}"),
            Problem::ZeroColumns => format!("CSV header has zero columns: {path}"),
            Problem::TooManyColumns => {
                format!("CSV exceeds the {MAX_CSV_COLUMNS}-column limit: {path}")
            }
            Problem::NonRectangular {
                row,
                cells,
                expected,
            } => format!(
                "Non-rectangular CSV {path}: row {row} has {cells} cells; expected {expected}"
            ),
        }
    }
}

/// What the checks after reading need: the header's width and the first other width.
struct Shape {
    records: usize,
    header: usize,
    first_other: Option<(usize, usize)>,
}

impl Shape {
    fn problem(&self) -> Option<Problem> {
        if self.records == 0 {
            return Some(Problem::Empty);
        }
        if self.header == 0 {
            return Some(Problem::ZeroColumns);
        }
        if self.header > MAX_CSV_COLUMNS {
            return Some(Problem::TooManyColumns);
        }
        self.first_other
            .map(|(row, cells)| Problem::NonRectangular {
                row,
                cells,
                expected: self.header,
            })
    }
}

/// Read every record as the official loop does (decoding, parsing, then the row limit and the
/// NUL check per record), stopping at the first problem it raises.
fn read_records(bytes: &[u8], max_rows: usize) -> Result<Shape, Problem> {
    let mut lines = Lines::new(bytes);
    let mut tokenizer = Tokenizer::new(DIALECT);
    let mut record = Record::default();
    let mut shape = Shape {
        records: 0,
        header: 0,
        first_other: None,
    };
    loop {
        let Some((cells, nul)) = record.next(&mut tokenizer, &mut lines)? else {
            return Ok(shape);
        };
        shape.records += 1;
        let row = shape.records;
        // The header is row 1 (`max_rows` may be `usize::MAX`: no `+ 1` on it).
        if row - 1 > max_rows {
            return Err(Problem::TooManyRows { limit: max_rows });
        }
        if nul {
            return Err(Problem::Nul { row });
        }
        if row == 1 {
            shape.header = cells;
        } else if cells != shape.header && shape.first_other.is_none() {
            shape.first_other = Some((row, cells));
        }
    }
}

/// CPython's `utf-8-sig` incremental decoder behind a text layer with universal newlines and
/// no translation (`newline=""`): the file in 8 KiB chunks, the text of each, a trailing
/// carriage return held back until the next chunk shows whether a line feed follows.
struct Decoder<'a> {
    bytes: &'a [u8],
    pos: usize,
    carried: Vec<u8>,
    first: bool,
    pending_cr: bool,
}

/// One chunk decoded: its text, and whether it was the end of the file.
struct Decoded {
    text: String,
    eof: bool,
}

impl<'a> Decoder<'a> {
    fn new(bytes: &'a [u8]) -> Self {
        Decoder {
            bytes,
            pos: 0,
            carried: Vec::new(),
            first: true,
            pending_cr: false,
        }
    }

    fn next_chunk(&mut self) -> Result<Decoded, Problem> {
        let end = (self.pos + CHUNK).min(self.bytes.len());
        let chunk = &self.bytes[self.pos..end];
        self.pos = end;
        let eof = chunk.is_empty();
        let mut data = std::mem::take(&mut self.carried);
        data.extend_from_slice(chunk);
        let mut skip = 0;
        if self.first {
            if data.len() < 3 && BOM.starts_with(&data) {
                // Too short to tell whether this is a byte-order mark: wait for more (at the
                // end of the file too, where such a prefix decodes to nothing).
                self.carried = data;
                return Ok(self.newlines(String::new(), eof));
            }
            self.first = false;
            if data.starts_with(BOM) {
                skip = 3;
            }
        }
        let (text, consumed) = decode_utf8(&data[skip..], eof).map_err(Problem::Parse)?;
        self.carried = data[skip + consumed..].to_vec();
        Ok(self.newlines(text, eof))
    }

    /// The newline layer: a trailing `\r` waits for the next chunk (unless this is the end).
    fn newlines(&mut self, mut text: String, eof: bool) -> Decoded {
        if self.pending_cr && (!text.is_empty() || eof) {
            text.insert(0, '\r');
            self.pending_cr = false;
        }
        if !eof && text.ends_with('\r') {
            text.pop();
            self.pending_cr = true;
        }
        Decoded { text, eof }
    }
}

/// CPython's UTF-8 decoder (strict errors): the text and the bytes consumed, or its error
/// message. Unless `last`, an incomplete sequence at the end (and a lone `ED A0..BF`, the
/// start of an encoded surrogate) is left for the next call.
fn decode_utf8(data: &[u8], last: bool) -> Result<(String, usize), String> {
    let (valid, error_len) = match core::str::from_utf8(data) {
        Ok(text) => return Ok((text.to_string(), data.len())),
        Err(e) => (e.valid_up_to(), e.error_len()),
    };
    let text = || String::from_utf8_lossy(&data[..valid]).into_owned();
    let rest = &data[valid..];
    let surrogate_start = rest.len() == 2 && rest[0] == 0xED && (0xA0..=0xBF).contains(&rest[1]);
    let (end, reason) = match error_len {
        None if last => (data.len(), "unexpected end of data"),
        None => return Ok((text(), valid)),
        Some(_) if surrogate_start && !last => return Ok((text(), valid)),
        Some(n) => {
            let lead = rest[0];
            let invalid_start = (0x80..=0xC1).contains(&lead) || lead >= 0xF5;
            let reason = if invalid_start {
                "invalid start byte"
            } else {
                "invalid continuation byte"
            };
            (valid + n, reason)
        }
    };
    Err(if end - valid == 1 {
        format!(
            "'utf-8' codec can't decode byte 0x{:02x} in position {valid}: {reason}",
            data[valid]
        )
    } else {
        let last_byte = end - 1;
        format!("'utf-8' codec can't decode bytes in position {valid}-{last_byte}: {reason}")
    })
}

/// `readline()` over the decoded text: a line ends after `\n`, `\r\n` or a lone `\r`.
struct Lines<'a> {
    decoder: Decoder<'a>,
    text: String,
    /// Byte offsets in `text`: the next line's start, and how far it was searched for its end.
    start: usize,
    scanned: usize,
    eof: bool,
}

impl<'a> Lines<'a> {
    fn new(bytes: &'a [u8]) -> Self {
        Lines {
            decoder: Decoder::new(bytes),
            text: String::new(),
            start: 0,
            scanned: 0,
            eof: false,
        }
    }

    /// The next line (with its line ending), `None` at the end of the file.
    fn next_line(&mut self) -> Result<Option<&str>, Problem> {
        loop {
            let rest = &self.text.as_bytes()[self.scanned..];
            if let Some(p) = memchr::memchr2(b'\n', b'\r', rest) {
                let at = self.scanned + p;
                let bytes = self.text.as_bytes();
                // A `\r` last in the text decoded so far is held back by the decoder until
                // it knows whether a `\n` follows, so `at + 1` is in the text when it is one.
                let end = if bytes[at] == b'\r' && bytes.get(at + 1) == Some(&b'\n') {
                    at + 2
                } else {
                    at + 1
                };
                return Ok(Some(self.take(end)));
            }
            self.scanned = self.text.len();
            if self.eof {
                if self.start == self.text.len() {
                    return Ok(None);
                }
                return Ok(Some(self.take(self.text.len())));
            }
            let decoded = self.decoder.next_chunk()?;
            // Drop what was read once it is most of the buffer (amortized linear), so memory
            // stays within about twice the longest line plus a chunk.
            if self.start * 2 >= self.text.len() {
                self.text.drain(..self.start);
                self.scanned -= self.start;
                self.start = 0;
            }
            self.text.push_str(&decoded.text);
            self.eof = decoded.eof;
        }
    }

    fn take(&mut self, end: usize) -> &str {
        let start = self.start;
        self.start = end;
        self.scanned = end;
        &self.text[start..end]
    }
}

/// The official reader's dialect: CPython's reader with the field limit the evaluator sets.
const DIALECT: Dialect = Dialect {
    field_limit: MAX_CELL_CHARACTERS,
};

/// The records of the tokenizer, counted: a record's fields and whether a cell holds a NUL.
#[derive(Default)]
struct Record {
    fields: usize,
    nul: bool,
    ended: bool,
}

impl Record {
    /// The next record's field count and whether a cell holds a NUL, `None` at the end.
    fn next(
        &mut self,
        tokenizer: &mut Tokenizer,
        lines: &mut Lines<'_>,
    ) -> Result<Option<(usize, bool)>, Problem> {
        *self = Record::default();
        while !self.ended {
            match lines.next_line()? {
                Some(line) => tokenizer.feed(line, self)?,
                None => {
                    tokenizer.finish(self)?;
                    if !self.ended {
                        return Ok(None);
                    }
                }
            }
        }
        Ok(Some((self.fields, self.nul)))
    }
}

impl Fields for Record {
    type Error = Problem;

    fn part(&mut self, text: &str, _at: usize) -> Result<(), Problem> {
        self.nul |= memchr::memchr(0, text.as_bytes()).is_some();
        Ok(())
    }

    fn field_end(&mut self, _at: usize) -> Result<(), Problem> {
        self.fields += 1;
        Ok(())
    }

    fn record_end(&mut self, _at: usize, _next: usize) -> Result<(), Problem> {
        self.ended = true;
        Ok(())
    }

    fn fail(&mut self, error: TokenError) -> Problem {
        Problem::Parse(csv_error_words(error, DIALECT))
    }
}

/// CPython's `_csv.Error` message for a tokenizer error.
fn csv_error_words(error: TokenError, dialect: Dialect) -> String {
    match error {
        TokenError::AfterQuote { .. } => "',' expected after '\"'".into(),
        TokenError::FieldLimit { .. } => {
            format!("field larger than field limit ({})", dialect.field_limit)
        }
        TokenError::UnterminatedQuote { .. } => "unexpected end of data".into(),
    }
}

/// CPython's text layer over `utf-8-sig` with `newline=""` (8 KiB decode chunks, universal
/// line ends kept), line by line: what a `csv.reader` over `open(path, encoding="utf-8-sig",
/// newline="")` iterates. Shared by the profiles that reproduce such a reader (the KDD Cup
/// scorer, crate `tabeq-kddcup`), so the chunked decoding and its error positions live here once.
///
/// ```
/// use tabeq::official_csv::TextLines;
/// let mut lines = TextLines::new(b"\xef\xbb\xbfa\r\nb");
/// assert_eq!(lines.next_line().unwrap(), Some("a\r\n"));
/// assert_eq!(lines.next_line().unwrap(), Some("b"));
/// assert_eq!(lines.next_line().unwrap(), None);
/// ```
pub struct TextLines<'a>(Lines<'a>);

impl<'a> TextLines<'a> {
    /// The lines of these bytes.
    pub fn new(bytes: &'a [u8]) -> Self {
        TextLines(Lines::new(bytes))
    }

    /// The next line with its line ending, `None` at the end, or the `UnicodeDecodeError`
    /// message CPython gives (the position counted from the start of the decode chunk).
    pub fn next_line(&mut self) -> Result<Option<&str>, String> {
        self.0.next_line().map_err(|p| match p {
            Problem::Parse(text) => text,
            other => other.words(""),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::official_csv_problem as problem;

    #[test]
    fn valid_files_have_no_problem() {
        for ok in [
            &b"a\n1\n"[..],
            b"a,b\r\n\"x\r\ny\",2\r\n",
            b"\xef\xbb\xbfa\n\xc3\xa9\n",
            b"a\r1\r",
        ] {
            assert_eq!(problem(ok, "p"), None, "{ok:?}");
        }
    }

    /// Asserts each input's record text (the file's path is `p`).
    fn words(cases: &[(&[u8], &str)]) {
        for &(bytes, expected) in cases {
            assert_eq!(problem(bytes, "p").as_deref(), Some(expected), "{bytes:?}");
        }
    }

    /// `prefix`, then `fill` bytes `x`, then `suffix`: a file whose `suffix` starts `fill`
    /// bytes into the official's read chunk.
    fn chunked(prefix: &[u8], fill: usize, suffix: &[u8]) -> Vec<u8> {
        [prefix, &vec![b'x'; fill], suffix].concat()
    }

    #[test]
    fn checks_after_reading_come_in_the_official_order() {
        let wide = format!("{}\n1\n", vec!["h"; 65].join(","));
        words(&[
            (b"", "CSV is empty and has no header row: p"),
            // A lone partial byte-order mark decodes to nothing.
            (b"\xef\xbb", "CSV is empty and has no header row: p"),
            (b"\n1,2\n", "CSV header has zero columns: p"),
            (wide.as_bytes(), "CSV exceeds the 64-column limit: p"),
            (
                b"a\n1\n\n2,3\n",
                "Non-rectangular CSV p: row 3 has 0 cells; expected 1",
            ),
            // A NUL later in the file is named before an earlier row of another width.
            (b"a\n1,2\n\"x\0\"\n", "NUL byte in CSV cell at row 3: p"),
        ]);
    }

    #[test]
    fn parse_errors_use_the_csv_module_words() {
        words(&[
            (
                b"a\n\"x\"y\n",
                "Cannot parse CSV p: ',' expected after '\"'",
            ),
            (b"a\n\"x\n", "Cannot parse CSV p: unexpected end of data"),
        ]);
    }

    #[test]
    fn decoding_positions_count_within_the_chunk() {
        let invalid = chunked(b"a\n", 8190, b"\n\xff\n");
        let cut = chunked(b"a\n", 8189, b"\xe2\x82\x41\n");
        let surrogate_start = chunked(b"a\n", 8188, b"\xed\xa0\x80\n");
        words(&[
            (&invalid, "Cannot parse CSV p: 'utf-8' codec can't decode byte 0xff in position 1: invalid start byte"),
            // Bytes of a sequence cut by the chunk boundary are carried over.
            (&cut, "Cannot parse CSV p: 'utf-8' codec can't decode bytes in position 0-1: invalid continuation byte"),
            // The byte-order mark does not count in the first chunk.
            (b"\xef\xbb\xbfa\n\xed\xa0\x80\n", "Cannot parse CSV p: 'utf-8' codec can't decode byte 0xed in position 2: invalid continuation byte"),
            // An incomplete sequence at the end is carried to the last, empty read.
            (b"a\n\xf0\x9f\x98", "Cannot parse CSV p: 'utf-8' codec can't decode bytes in position 0-2: unexpected end of data"),
            // The start of an encoded surrogate at a chunk's end waits for the next chunk.
            (&surrogate_start, "Cannot parse CSV p: 'utf-8' codec can't decode byte 0xed in position 0: invalid continuation byte"),
        ]);
    }
}
