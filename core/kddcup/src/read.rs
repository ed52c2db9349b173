//! The official `_read_csv_columns`: `csv.reader(strict=True)` over `utf-8-sig` text read with
//! `newline=""`, CPython 3.11's reader exactly (NUL is an ordinary character; the field limit
//! is 131,072 characters; a blank line is a record of no values).

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

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    StartRecord,
    StartField,
    InField,
    InQuoted,
    QuoteInQuoted,
    EatCrNl,
}

/// CPython's `csv.reader` (excel dialect, strict) over decoded lines.
struct Reader<'a> {
    lines: TextLines<'a>,
    line_number: usize,
    state: State,
    fields: Vec<String>,
    field: String,
    field_len: usize,
}

impl<'a> Reader<'a> {
    fn new(bytes: &'a [u8]) -> Self {
        Reader {
            lines: TextLines::new(bytes),
            line_number: 0,
            state: State::StartRecord,
            fields: Vec::new(),
            field: String::new(),
            field_len: 0,
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
        self.fields.clear();
        self.field.clear();
        self.field_len = 0;
        self.state = State::StartRecord;
        loop {
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
                if self.field_len != 0 || self.state == State::InQuoted {
                    let error = ReadError::Csv("unexpected end of data".into());
                    return Err(self.fail(error, None));
                }
                return Ok(None);
            };
            self.line_number += 1;
            for (i, &c) in line.iter().enumerate() {
                self.step(Some(c)).map_err(|e| self.fail(e, Some(i + 1)))?;
            }
            self.step(None)
                .map_err(|e| self.fail(e, Some(line.len() + 1)))?;
            if self.state == State::StartRecord {
                return Ok(Some(std::mem::take(&mut self.fields)));
            }
        }
    }

    fn save_field(&mut self) {
        self.fields.push(std::mem::take(&mut self.field));
        self.field_len = 0;
    }

    fn add(&mut self, c: char) -> Result<(), ReadError> {
        if self.field_len >= FIELD_LIMIT {
            return Err(ReadError::Csv(format!(
                "field larger than field limit ({FIELD_LIMIT})"
            )));
        }
        self.field_len += 1;
        self.field.push(c);
        Ok(())
    }

    /// `parse_process_char`; `None` is the end of a line (`EOL`).
    fn step(&mut self, c: Option<char>) -> Result<(), ReadError> {
        let newline = matches!(c, Some('\n' | '\r'));
        let after_field = if c.is_none() {
            State::StartRecord
        } else {
            State::EatCrNl
        };
        let mut state = self.state;
        if state == State::StartRecord {
            if c.is_none() {
                return Ok(());
            }
            if newline {
                self.state = State::EatCrNl;
                return Ok(());
            }
            state = State::StartField;
        }
        match state {
            State::StartRecord => {}
            State::StartField => match c {
                None | Some('\n' | '\r') => {
                    self.save_field();
                    self.state = after_field;
                }
                Some('"') => self.state = State::InQuoted,
                Some(',') => {
                    self.save_field();
                    self.state = State::StartField;
                }
                Some(c) => {
                    self.add(c)?;
                    self.state = State::InField;
                }
            },
            State::InField => match c {
                None | Some('\n' | '\r') => {
                    self.save_field();
                    self.state = after_field;
                }
                Some(',') => {
                    self.save_field();
                    self.state = State::StartField;
                }
                Some(c) => {
                    self.add(c)?;
                    self.state = State::InField;
                }
            },
            State::InQuoted => match c {
                None => self.state = State::InQuoted,
                Some('"') => self.state = State::QuoteInQuoted,
                Some(c) => {
                    self.add(c)?;
                    self.state = State::InQuoted;
                }
            },
            State::QuoteInQuoted => match c {
                Some('"') => {
                    self.add('"')?;
                    self.state = State::InQuoted;
                }
                Some(',') => {
                    self.save_field();
                    self.state = State::StartField;
                }
                None | Some('\n' | '\r') => {
                    self.save_field();
                    self.state = after_field;
                }
                Some(_) => return Err(ReadError::Csv("',' expected after '\"'".into())),
            },
            State::EatCrNl => match c {
                Some('\n' | '\r') => {}
                None => self.state = State::StartRecord,
                Some(_) => {
                    return Err(ReadError::Csv(
                        "new-line character seen in unquoted field - do you need to open the file with newline=''?"
                            .into(),
                    ))
                }
            },
        }
        Ok(())
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
