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

#[cfg(test)]
mod tests {
    use super::*;

    /// Keeps every record as cells.
    #[derive(Default, Debug, PartialEq)]
    struct Records {
        rows: Vec<Vec<String>>,
        row: Vec<String>,
        cell: String,
    }

    impl Fields for Records {
        type Error = TokenError;
        fn part(&mut self, text: &str, _at: usize) -> Result<(), TokenError> {
            self.cell.push_str(text);
            Ok(())
        }
        fn field_end(&mut self, _at: usize) -> Result<(), TokenError> {
            self.row.push(std::mem::take(&mut self.cell));
            Ok(())
        }
        fn record_end(&mut self, _at: usize, _next: usize) -> Result<(), TokenError> {
            self.rows.push(std::mem::take(&mut self.row));
            Ok(())
        }
        fn fail(&mut self, error: TokenError) -> TokenError {
            error
        }
    }

    /// What a reader sees: the records, and the error with the records before it.
    type Outcome = (Vec<Vec<String>>, Option<TokenError>);

    /// The tokenizer over `pieces` fed one after the other.
    fn tokenize(pieces: &[&str], limit: usize) -> Outcome {
        let mut records = Records::default();
        let mut tokenizer = Tokenizer::new(Dialect { field_limit: limit });
        let mut result = Ok(());
        for piece in pieces {
            result = result.and_then(|()| tokenizer.feed(piece, &mut records));
        }
        let result = result.and_then(|()| tokenizer.finish(&mut records));
        (records.rows, result.err())
    }

    /// The lines `readline` gives with `newline=""`, each with its offset.
    fn lines(text: &str) -> Vec<(usize, &str)> {
        let bytes = text.as_bytes();
        let (mut lines, mut start, mut i) = (Vec::new(), 0, 0);
        while i < bytes.len() {
            if bytes[i] == b'\n' || bytes[i] == b'\r' {
                let crlf = bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n');
                let end = i + 1 + usize::from(crlf);
                lines.push((start, &text[start..end]));
                (start, i) = (end, end);
            } else {
                i += 1;
            }
        }
        if start < text.len() {
            lines.push((start, &text[start..]));
        }
        lines
    }

    /// CPython 3.11's `parse_process_char` (Modules/_csv.c, excel dialect, strict), one
    /// character at a time over the lines `readline` gives, with `EOL` after each line:
    /// written from the C source, independently of the tokenizer's loop over runs.
    fn reference(text: &str, limit: usize) -> Outcome {
        #[derive(PartialEq, Clone, Copy)]
        enum S {
            StartRecord,
            StartField,
            InField,
            InQuoted,
            QuoteInQuoted,
            EatCrNl,
        }
        let (mut rows, mut row, mut field) = (Vec::new(), Vec::new(), String::new());
        let (mut state, mut field_len, mut quote_at) = (S::StartRecord, 0usize, 0usize);
        for (line_start, line) in lines(text) {
            let chars = line
                .char_indices()
                .map(|(k, c)| (line_start + k, Some(c)))
                .chain([(line_start + line.len(), None)]);
            for (at, c) in chars {
                if state == S::StartRecord {
                    match c {
                        None => continue,
                        Some('\n' | '\r') => {
                            state = S::EatCrNl;
                            continue;
                        }
                        Some(_) => state = S::StartField,
                    }
                }
                let after = if c.is_none() {
                    S::StartRecord
                } else {
                    S::EatCrNl
                };
                let mut add = |field: &mut String, c: char| {
                    if field_len >= limit {
                        return Err(TokenError::FieldLimit { at });
                    }
                    field_len += 1;
                    field.push(c);
                    Ok(())
                };
                let save = |row: &mut Vec<String>, field: &mut String, next: S| {
                    row.push(std::mem::take(field));
                    Ok(next)
                };
                let step = match (state, c) {
                    (S::StartField | S::InField, None | Some('\n' | '\r')) => {
                        save(&mut row, &mut field, after)
                    }
                    (S::StartField, Some('"')) => {
                        quote_at = at;
                        Ok(S::InQuoted)
                    }
                    (S::StartField | S::InField | S::QuoteInQuoted, Some(',')) => {
                        save(&mut row, &mut field, S::StartField)
                    }
                    (S::StartField | S::InField, Some(c)) => {
                        add(&mut field, c).map(|()| S::InField)
                    }
                    (S::InQuoted, None) => Ok(S::InQuoted),
                    (S::InQuoted, Some('"')) => Ok(S::QuoteInQuoted),
                    (S::InQuoted, Some(c)) => add(&mut field, c).map(|()| S::InQuoted),
                    (S::QuoteInQuoted, Some('"')) => add(&mut field, '"').map(|()| S::InQuoted),
                    (S::QuoteInQuoted, None | Some('\n' | '\r')) => {
                        save(&mut row, &mut field, after)
                    }
                    (S::QuoteInQuoted, Some(_)) => Err(TokenError::AfterQuote { at }),
                    (S::EatCrNl, Some('\n' | '\r')) => Ok(S::EatCrNl),
                    (S::EatCrNl, None) => Ok(S::StartRecord),
                    (S::EatCrNl, Some(_)) => unreachable!("readline ends a line at its line end"),
                    (S::StartRecord, _) => unreachable!("left above"),
                };
                match step {
                    Ok(next) => state = next,
                    Err(e) => return (rows, Some(e)),
                }
                if matches!(state, S::StartField | S::StartRecord | S::EatCrNl) {
                    field_len = 0;
                }
                if state == S::StartRecord {
                    rows.push(std::mem::take(&mut row));
                }
            }
        }
        if state == S::InQuoted {
            return (rows, Some(TokenError::UnterminatedQuote { quote_at }));
        }
        (rows, None)
    }

    /// Random texts of CSV metacharacters and characters of every UTF-8 length (NUL, astral,
    /// unassigned, private use), read whole and line by line, with several field limits: the
    /// tokenizer gives CPython's records, or its error at the same place after the same records.
    #[test]
    fn agrees_with_cpythons_state_machine() {
        let pieces = [
            ",",
            "\"",
            "\"\"",
            "\n",
            "\r",
            "\r\n",
            "a",
            "bc",
            "\0",
            "é",
            "\u{10FFFF}",
            "\u{1F600}",
            "\u{0378}",
            "\u{E000}",
            " ",
            "x\"y",
        ];
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut failed = 0;
        for round in 0..40_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let mut draw = state;
            let mut text = String::new();
            for _ in 0..(state % 20) {
                draw = draw.rotate_left(5).wrapping_mul(0x2545_f491_4f6c_dd1d);
                text.push_str(pieces[(draw >> 58) as usize % pieces.len()]);
            }
            let limit = [1, 2, 3, 5, 131_072][round % 5];
            let expected = reference(&text, limit);
            failed += usize::from(expected.1.is_some());
            assert_eq!(
                tokenize(&[&text], limit),
                expected,
                "{text:?} limit {limit}"
            );
            // Line by line, as the official readers feed it.
            let lines: Vec<&str> = lines(&text).into_iter().map(|(_, l)| l).collect();
            assert_eq!(tokenize(&lines, limit), expected, "{lines:?} limit {limit}");
        }
        // Both outcomes are drawn often.
        assert!((5_000..35_000).contains(&failed), "{failed} errors");
    }

    #[test]
    fn errors_name_their_place() {
        assert_eq!(
            tokenize(&["a\n\"x\"", "y"], 10).1,
            Some(TokenError::AfterQuote { at: 5 })
        );
        assert_eq!(
            tokenize(&["a,\"b\n", "c"], 10).1,
            Some(TokenError::UnterminatedQuote { quote_at: 2 })
        );
        // The third character of a field limited to two, after a two-byte one.
        assert_eq!(
            tokenize(&["h\né\"x"], 2).1,
            Some(TokenError::FieldLimit { at: 5 })
        );
    }
}
