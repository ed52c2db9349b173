//! The one CSV tokenizer: CPython 3.11's `csv.reader` in strict mode with the excel dialect
//! (comma, double quote, doubled quotes, no escape character, no `skipinitialspace`), over
//! text read with `newline=""` (`\n`, `\r\n` and a lone `\r` end a line; inside quotes they
//! are cell text). A blank line is a record of zero fields; a NUL is an ordinary character.
//!
//! The readers are layers on it: the strict reader with its limits ([`crate::csv`]), the
//! official evaluator's words for a file it refuses ([`crate::official_csv`]), the fix-it
//! locator ([`crate::fixit`]) and the KDD Cup reader (crate `tabeq-kddcup`). They differ only
//! in the field size limit ([`Dialect`]) and in what they keep ([`Fields`]).
//!
//! ```
//! use tabeq::csv::tokenizer::{Dialect, Fields, TokenError, Tokenizer};
//! /// Keeps every record as a list of cells.
//! #[derive(Default)]
//! struct Records { rows: Vec<Vec<String>>, row: Vec<String>, cell: String }
//! impl Fields for Records {
//!     type Error = TokenError;
//!     fn part(&mut self, text: &str, _at: usize) -> Result<(), TokenError> {
//!         Ok(self.cell.push_str(text))
//!     }
//!     fn field_end(&mut self, _at: usize) -> Result<(), TokenError> {
//!         Ok(self.row.push(std::mem::take(&mut self.cell)))
//!     }
//!     fn record_end(&mut self, _at: usize, _next: usize) -> Result<(), TokenError> {
//!         Ok(self.rows.push(std::mem::take(&mut self.row)))
//!     }
//!     fn fail(&mut self, error: TokenError) -> TokenError { error }
//! }
//! let mut records = Records::default();
//! let mut tokenizer = Tokenizer::new(Dialect { field_limit: 131_072 });
//! tokenizer.feed("a,\"b\"\"c\"\r\n\n\"x\ny\"", &mut records).unwrap();
//! tokenizer.finish(&mut records).unwrap();
//! assert_eq!(records.rows, vec![vec!["a", "b\"c"], vec![], vec!["x\ny"]]);
//!
//! let mut tokenizer = Tokenizer::new(Dialect { field_limit: 131_072 });
//! let error = tokenizer.feed("\"a\"b", &mut Records::default()).unwrap_err();
//! assert_eq!(error, TokenError::AfterQuote { at: 3 });
//! ```

/// What differs between the readers built on the tokenizer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dialect {
    /// The longest field, in characters (CPython's `csv.field_size_limit()`): a field that
    /// would grow beyond it is [`TokenError::FieldLimit`].
    pub field_limit: usize,
}

/// Why the tokenizer stops, with byte offsets counted over all the text fed so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenError {
    /// A character other than a delimiter or a line end after a closing quote (CPython:
    /// `',' expected after '"'`), at this offset.
    AfterQuote {
        /// The offset of that character.
        at: usize,
    },
    /// A field longer than [`Dialect::field_limit`] (`field larger than field limit (N)`).
    FieldLimit {
        /// The offset of the first character beyond the limit.
        at: usize,
    },
    /// The text ends inside a quoted field (`unexpected end of data`).
    UnterminatedQuote {
        /// The offset of the quote that opened the field.
        quote_at: usize,
    },
}

/// What a reader does with the tokens. Offsets count bytes over all the text fed so far.
pub trait Fields {
    /// The reader's error (a [`TokenError`] becomes one through [`Fields::fail`]).
    type Error;
    /// A piece of the current field's text (a field is the concatenation of its pieces;
    /// an empty field has none), which starts at offset `at` of the text.
    fn part(&mut self, text: &str, at: usize) -> Result<(), Self::Error>;
    /// The current field ends at offset `at` (its delimiter, line end or the end of the text).
    fn field_end(&mut self, at: usize) -> Result<(), Self::Error>;
    /// The current record ends at the line end at `at`; the next record starts at `next`
    /// (after the line end; both are the text's length at its end).
    fn record_end(&mut self, at: usize, next: usize) -> Result<(), Self::Error>;
    /// The reader's error for a tokenizer error.
    fn fail(&mut self, error: TokenError) -> Self::Error;
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    StartRecord,
    StartField,
    InField,
    InQuoted,
    QuoteInQuoted,
}

/// The tokenizer's state between pieces of text (a quoted field may span several).
#[derive(Debug, Clone)]
pub struct Tokenizer {
    dialect: Dialect,
    state: State,
    /// Bytes fed before the current piece.
    offset: usize,
    /// The current field's length in bytes and in characters.
    field_bytes: usize,
    field_chars: usize,
    /// Where the current quoted field's opening quote is.
    quote_at: usize,
}

impl Tokenizer {
    /// A tokenizer at the start of a text.
    pub fn new(dialect: Dialect) -> Tokenizer {
        Tokenizer {
            dialect,
            state: State::StartRecord,
            offset: 0,
            field_bytes: 0,
            field_chars: 0,
            quote_at: 0,
        }
    }

    /// The bytes fed so far: the offset the next piece of text starts at.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// Whether the tokenizer is between records (the last piece ended a record).
    pub fn at_record_start(&self) -> bool {
        self.state == State::StartRecord
    }

    /// Tokenize the next piece of the text. A piece must not end between the `\r` and the
    /// `\n` of a line end (whole lines, or the whole text, are fine).
    pub fn feed<F: Fields>(&mut self, text: &str, out: &mut F) -> Result<(), F::Error> {
        let bytes = text.as_bytes();
        let base = self.offset;
        let mut i = 0;
        while i < bytes.len() {
            let c = bytes[i];
            match self.state {
                State::StartRecord | State::StartField | State::InField => match c {
                    b'\n' | b'\r' => {
                        // At the start of a record, a blank line: a record with zero fields.
                        if self.state != State::StartRecord {
                            self.end_field(base + i, out)?;
                        }
                        let next = i + line_end_len(bytes, i);
                        out.record_end(base + i, base + next)?;
                        self.state = State::StartRecord;
                        i = next;
                    }
                    b',' => {
                        self.end_field(base + i, out)?;
                        self.state = State::StartField;
                        i += 1;
                    }
                    b'"' if self.state != State::InField => {
                        self.quote_at = base + i;
                        self.state = State::InQuoted;
                        i += 1;
                    }
                    _ => {
                        // Quotes are ordinary inside an unquoted field.
                        let end = memchr::memchr3(b',', b'\n', b'\r', &bytes[i..])
                            .map_or(bytes.len(), |p| i + p);
                        self.part(text, base, i, end, out)?;
                        self.state = State::InField;
                        i = end;
                    }
                },
                State::InQuoted => {
                    if c == b'"' {
                        self.state = State::QuoteInQuoted;
                        i += 1;
                    } else {
                        let end = memchr::memchr(b'"', &bytes[i..]).map_or(bytes.len(), |p| i + p);
                        self.part(text, base, i, end, out)?;
                        i = end;
                    }
                }
                State::QuoteInQuoted => match c {
                    b'"' => {
                        // A doubled quote is one quote character of the field.
                        self.part(text, base, i, i + 1, out)?;
                        self.state = State::InQuoted;
                        i += 1;
                    }
                    b',' | b'\n' | b'\r' => self.state = State::InField,
                    _ => return Err(out.fail(TokenError::AfterQuote { at: base + i })),
                },
            }
        }
        self.offset = base + bytes.len();
        Ok(())
    }

    /// The end of the text: the last record, when the text does not end with a line end.
    pub fn finish<F: Fields>(&mut self, out: &mut F) -> Result<(), F::Error> {
        let at = self.offset;
        match self.state {
            State::StartRecord => Ok(()),
            State::InQuoted => {
                let quote_at = self.quote_at;
                Err(out.fail(TokenError::UnterminatedQuote { quote_at }))
            }
            State::StartField | State::InField | State::QuoteInQuoted => {
                self.end_field(at, out)?;
                self.state = State::StartRecord;
                out.record_end(at, at)
            }
        }
    }

    fn end_field<F: Fields>(&mut self, at: usize, out: &mut F) -> Result<(), F::Error> {
        self.field_bytes = 0;
        self.field_chars = 0;
        out.field_end(at)
    }

    /// Hand `text[start..end]` (at `base + start` of the whole text) to the field, within the
    /// field limit.
    fn part<F: Fields>(
        &mut self,
        text: &str,
        base: usize,
        start: usize,
        end: usize,
        out: &mut F,
    ) -> Result<(), F::Error> {
        // Pieces start and end at ASCII bytes or at the ends of the text, so this is a slice.
        let piece = &text[start..end];
        self.field_bytes += piece.len();
        // `str::chars().count()` counts a word at a time; a field within the limit in bytes
        // is within it in characters (a character is at least one byte).
        self.field_chars += piece.chars().count();
        if self.field_bytes > self.dialect.field_limit
            && self.field_chars > self.dialect.field_limit
        {
            let within = self.dialect.field_limit - (self.field_chars - piece.chars().count());
            let (beyond, _) = piece
                .char_indices()
                .nth(within)
                .expect("the piece holds the character beyond the limit");
            return Err(out.fail(TokenError::FieldLimit {
                at: base + start + beyond,
            }));
        }
        out.part(piece, base + start)
    }
}

/// Length of the line end at `i` (`\r\n` is one line end).
fn line_end_len(bytes: &[u8], i: usize) -> usize {
    if bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
        2
    } else {
        1
    }
}
