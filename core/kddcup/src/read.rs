//! The official `_read_csv_columns`: `csv.reader(strict=True)` over `utf-8-sig` text read with
//! `newline=""`, CPython 3.11's reader exactly (NUL is an ordinary character; the field limit
//! is 131,072 characters; a blank line is a record of no values).

use tabeq::csv::tokenizer::{Dialect, Fields, TokenError, Tokenizer};
use tabeq::official_csv::TextLines;

/// CPython's default `csv.field_size_limit()`.
pub const FIELD_LIMIT: usize = 131_072;

/// Why a CSV cannot be read, as the official's exception.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadError {
    /// `UnicodeDecodeError`: CPython's message (position within the 8 KiB decode chunk).
    Decode(String),
    /// `_csv.Error` (class name `Error`): CPython's message.
    Csv(String),
    /// `ValueError("CSV has no header: PATH")`: no record at all.
    NoHeader,
    /// `ValueError("CSV has no columns: PATH")`: the first record is a blank line.
    NoColumns,
    /// `ValueError("CSV row N has K values; expected M.")`.
    Ragged {
        /// The record number (the header is 1).
        row: usize,
        /// Its number of values.
        values: usize,
        /// The header's.
        expected: usize,
    },
}

impl ReadError {
    /// `type(exc).__name__`.
    pub fn exception_name(&self) -> &'static str {
        match self {
            ReadError::Decode(_) => "UnicodeDecodeError",
            ReadError::Csv(_) => "Error",
            _ => "ValueError",
        }
    }

    /// `str(exc)`, with the path as given.
    pub fn message(&self, path: &str) -> String {
        match self {
            ReadError::Decode(m) | ReadError::Csv(m) => m.clone(),
            ReadError::NoHeader => format!("CSV has no header: {path}"),
            ReadError::NoColumns => format!("CSV has no columns: {path}"),
            ReadError::Ragged {
                row,
                values,
                expected,
            } => format!("CSV row {row} has {values} values; expected {expected}."),
        }
    }
}

/// A read error and where the reader was: the 1-based physical line it was reading (for a
/// decoding error, the line whose text was being decoded) and, for a CSV error, the 1-based
/// character position in that line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadFailure {
    /// The error.
    pub error: ReadError,
    /// The physical line.
    pub line: usize,
    /// The character in the line, for a CSV error.
    pub column: Option<usize>,
}

/// The official reader's dialect: CPython's reader with its default field limit.
const DIALECT: Dialect = Dialect {
    field_limit: FIELD_LIMIT,
};

/// CPython's `csv.reader` (excel dialect, strict) over decoded lines: the core's tokenizer,
/// fed line by line so that a decoding error comes where CPython meets it.
struct Reader<'a> {
    lines: TextLines<'a>,
    line_number: usize,
    tokenizer: Tokenizer,
    record: Record,
}

/// The cells of the record being read.
#[derive(Default)]
struct Record {
    fields: Vec<String>,
    field: String,
    ended: bool,
}

impl Fields for Record {
    type Error = TokenError;

    fn part(&mut self, text: &str, _at: usize) -> Result<(), TokenError> {
        self.field.push_str(text);
        Ok(())
    }

    fn field_end(&mut self, _at: usize) -> Result<(), TokenError> {
        self.fields.push(std::mem::take(&mut self.field));
        Ok(())
    }

    fn record_end(&mut self, _at: usize, _next: usize) -> Result<(), TokenError> {
        self.ended = true;
        Ok(())
    }

    fn fail(&mut self, error: TokenError) -> TokenError {
        error
    }
}

/// CPython's `_csv.Error` message for a tokenizer error.
fn csv_error(error: TokenError) -> ReadError {
    ReadError::Csv(match error {
        TokenError::AfterQuote { .. } => "',' expected after '\"'".into(),
        TokenError::FieldLimit { .. } => format!("field larger than field limit ({FIELD_LIMIT})"),
        TokenError::UnterminatedQuote { .. } => "unexpected end of data".into(),
    })
}

impl<'a> Reader<'a> {
    fn new(bytes: &'a [u8]) -> Self {
        Reader {
            lines: TextLines::new(bytes),
            line_number: 0,
            tokenizer: Tokenizer::new(DIALECT),
            record: Record::default(),
        }
    }

    fn fail(&self, error: ReadError, column: Option<usize>) -> ReadFailure {
        ReadFailure {
            error,
            line: self.line_number.max(1),
            column,
        }
    }

    /// The next record, `None` at the end.
    fn record(&mut self) -> Result<Option<Vec<String>>, ReadFailure> {
        self.record.fields.clear();
        self.record.ended = false;
        while !self.record.ended {
            let line = match self.lines.next_line() {
                Ok(line) => line,
                Err(message) => {
                    let line = self.line_number + 1;
                    return Err(ReadFailure {
                        error: ReadError::Decode(message),
                        line,
                        column: None,
                    });
                }
            };
            let Some(line) = line else {
                if let Err(error) = self.tokenizer.finish(&mut self.record) {
                    let line = self.line_number.max(1);
                    let error = csv_error(error);
                    return Err(ReadFailure {
                        error,
                        line,
                        column: None,
                    });
                }
                if self.record.ended {
                    break;
                }
                return Ok(None);
            };
            self.line_number += 1;
            let line_start = self.tokenizer.offset();
            if let Err(error) = self.tokenizer.feed(line, &mut self.record) {
                // The error's character, counted from 1 in its line.
                let at = match error {
                    TokenError::AfterQuote { at } | TokenError::FieldLimit { at } => at,
                    TokenError::UnterminatedQuote { quote_at } => quote_at,
                };
                let column = line[..at - line_start].chars().count() + 1;
                let line = self.line_number.max(1);
                let error = csv_error(error);
                return Err(ReadFailure {
                    error,
                    line,
                    column: Some(column),
                });
            }
        }
        Ok(Some(std::mem::take(&mut self.record.fields)))
    }
}

/// `_read_csv_columns` on a file's bytes: its columns (each a list of the column's values
/// below the header), or the error the official raises first.
///
/// ```
/// use tabeq_kddcup::read::{read_columns, ReadError};
/// let columns = read_columns(b"\xef\xbb\xbfa,b\r\n1,\"x\r\ny\"\n").unwrap();
/// assert_eq!(columns, vec![vec!["1".to_string()], vec!["x\r\ny".to_string()]]);
/// let err = read_columns(b"a,b\n1\n").unwrap_err();
/// assert_eq!(err.error.message("p.csv"), "CSV row 2 has 1 values; expected 2.");
/// assert_eq!(read_columns(b"").unwrap_err().error, ReadError::NoHeader);
/// ```
pub fn read_columns(bytes: &[u8]) -> Result<Vec<Vec<String>>, ReadFailure> {
    read_table(bytes).map(|(_, columns)| columns)
}

/// [`read_columns`] with the header: `(header, columns)`, as many columns as header names.
///
/// ```
/// let (header, columns) = tabeq_kddcup::read::read_table(b"a,b\n1,2\n").unwrap();
/// assert_eq!((header, columns.len()), (vec!["a".to_string(), "b".to_string()], 2));
/// ```
pub fn read_table(bytes: &[u8]) -> Result<(Vec<String>, Vec<Vec<String>>), ReadFailure> {
    let mut reader = Reader::new(bytes);
    let Some(header) = reader.record()? else {
        return Err(reader.fail(ReadError::NoHeader, None));
    };
    if header.is_empty() {
        return Err(reader.fail(ReadError::NoColumns, None));
    }
    let mut columns: Vec<Vec<String>> = vec![Vec::new(); header.len()];
    let mut row = 1;
    while let Some(record) = reader.record()? {
        row += 1;
        if record.len() != header.len() {
            let error = ReadError::Ragged {
                row,
                values: record.len(),
                expected: header.len(),
            };
            return Err(reader.fail(error, None));
        }
        for (column, value) in columns.iter_mut().zip(record) {
            column.push(value);
        }
    }
    Ok((header, columns))
}
