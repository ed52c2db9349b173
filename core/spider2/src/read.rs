//! CSV bytes to a table of typed columns, as `pandas.read_csv(path)` with its defaults reads them
//! (pandas 2.2.3, C engine): the official Spider 2.0 scoring compares what pandas' type inference
//! made of each file, so this reader reproduces that inference rather than reading text.
//!
//! Written from pandas' documented behaviour and observed outputs; each rule is a vector in
//! `docs/spec/spider2.md`. The rules, in the order pandas applies them:
//!
//! - tokens: `,` separates, `"` quotes (`""` inside quotes is one quote, text after a closing quote
//!   joins the field), `\n`, `\r` and `\r\n` end a record; empty and blank (spaces/tabs) lines are
//!   skipped; a UTF-8 byte order mark at the start is dropped; bytes that are not UTF-8 fail the read.
//! - the first record is the header (its names are never compared); when the first data record has
//!   more fields than the header, the extra leading fields are the index and are not data; a later
//!   record with more fields than expected fails the read; shorter records are padded with missing
//!   values.
//! - each column is tried as int64, then float64, then bool, else text; the default NA strings
//!   (`""`, `NA`, `NaN`, `null`, `None`, …) are missing values.

use std::sync::OnceLock;
use tabeq::error::{CsvErrorKind, Spider2Code};

/// The largest Spider 2.0 CSV read, in bytes (pandas has no limit; the official's result and
/// gold tables are far smaller). A binding refuses a larger file before reading it. Scoring
/// takes at most about 13 times the file (empty numeric cells, one byte each; `BENCHMARKS.md`),
/// so this bounds a run to about 1 GiB.
pub const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;
/// The most columns a Spider 2.0 CSV may have (each gold column is compared with each
/// prediction column).
pub const MAX_COLUMNS: usize = 4096;
/// The most data rows a Spider 2.0 CSV may have.
pub const MAX_ROWS: usize = 20_000_000;

/// The strings `read_csv` reads as a missing value by default (exact match, case-sensitive).
pub const NA_STRINGS: [&str; 19] = [
    "", "#N/A", "#N/A N/A", "#NA", "-1.#IND", "-1.#QNAN", "-NaN", "-nan", "1.#IND", "1.#QNAN",
    "<NA>", "N/A", "NA", "NULL", "NaN", "None", "n/a", "nan", "null",
];

/// Why `read_csv` would raise instead of returning a table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadError {
    /// No header record (an empty or blank file): pandas' `EmptyDataError`.
    NoColumns,
    /// A quoted field runs to the end of the file.
    UnterminatedQuote {
        /// The 1-based line where the quoted field starts.
        line: usize,
    },
    /// A record has more fields than the records before it.
    TooManyFields {
        /// Fields expected.
        expected: usize,
        /// 1-based line of the record.
        line: usize,
        /// Fields seen.
        saw: usize,
    },
    /// The bytes are not UTF-8.
    NotUtf8 {
        /// Byte offset of the first invalid byte.
        offset: usize,
    },
    /// The file is larger than [`MAX_FILE_BYTES`] (its size in bytes).
    TooLarge {
        /// The size seen.
        size: u64,
    },
    /// More columns than [`MAX_COLUMNS`].
    TooManyColumns {
        /// The columns seen.
        columns: usize,
    },
    /// More data rows than [`MAX_ROWS`].
    TooManyRows,
    /// A result file that is a gold file itself (a symbolic or hard link to it): the official
    /// reads it and scores it 1; tabeq refuses it.
    IsGold,
    /// A result file with more than one hard link (the count): it could be a gold.
    HardLink {
        /// The link count.
        links: u64,
    },
}

impl ReadError {
    /// The stable snake_case code.
    pub fn code(&self) -> &'static str {
        match self {
            ReadError::NoColumns => Spider2Code::CsvNoColumns.code(),
            ReadError::UnterminatedQuote { .. } => Spider2Code::CsvUnterminatedQuote.code(),
            ReadError::TooManyFields { .. } => Spider2Code::CsvTooManyFields.code(),
            ReadError::NotUtf8 { .. } => Spider2Code::CsvNotUtf8.code(),
            // The DataSpace reader's codes for the same refusals.
            ReadError::TooLarge { .. } => CsvErrorKind::TooLarge.code(),
            ReadError::TooManyColumns { .. } => CsvErrorKind::TooManyColumns.code(),
            ReadError::TooManyRows => CsvErrorKind::TooManyRows.code(),
            ReadError::IsGold | ReadError::HardLink { .. } => CsvErrorKind::NotARegularFile.code(),
        }
    }
}

impl core::fmt::Display for ReadError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ReadError::NoColumns => f.write_str("no columns to parse (the file is empty or blank)"),
            ReadError::UnterminatedQuote { line } => {
                write!(f, "a quoted field starting on line {line} is never closed")
            }
            ReadError::TooManyFields {
                expected,
                line,
                saw,
            } => write!(f, "expected {expected} fields in line {line}, saw {saw}"),
            ReadError::NotUtf8 { offset } => {
                write!(f, "the file is not UTF-8 (invalid byte at offset {offset})")
            }
            ReadError::TooLarge { size } => write!(
                f,
                "the file has {size} bytes, over the {MAX_FILE_BYTES}-byte limit"
            ),
            ReadError::TooManyColumns { columns } => write!(
                f,
                "the file has {columns} columns, over the limit of {MAX_COLUMNS}"
            ),
            ReadError::TooManyRows => {
                write!(f, "the file has more than {MAX_ROWS} data rows")
            }
            ReadError::IsGold => f.write_str("the result file is a gold file (a link to it)"),
            ReadError::HardLink { links } => write!(
                f,
                "the result file has {links} hard links (it could be a gold): refused"
            ),
        }
    }
}

/// A column's dtype after inference.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Dtype {
    /// `int64`
    Int64,
    /// `uint64` (integers above the int64 range, none negative, none missing)
    UInt64,
    /// `float64` (also integers with a missing value, and all-missing columns)
    Float64,
    /// `bool`
    Bool,
    /// `object`: text, or booleans with missing values
    Object,
}

impl Dtype {
    /// pandas' name for it.
    pub fn name(self) -> &'static str {
        match self {
            Dtype::Int64 => "int64",
            Dtype::UInt64 => "uint64",
            Dtype::Float64 => "float64",
            Dtype::Bool => "bool",
            Dtype::Object => "object",
        }
    }
}

/// One cell as pandas holds it (built on demand from a column's typed storage, for tests and
/// explanations; the table itself keeps no per-cell object).
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    /// An int64 or uint64 value.
    Int(i128),
    /// A float64 value (`NaN` for a missing value in a float column).
    Float(f64),
    /// A bool.
    Bool(bool),
    /// A Python `str`.
    Str(String),
    /// A missing value in an object column (`float('nan')`).
    Na,
}

/// What an object column's cell is (its text, when a string, is in [`Objects::text`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ObjectKind {
    /// A `str`.
    Str,
    /// `float('nan')`.
    Na,
    /// `True` (booleans with a missing value make an object column).
    True,
    /// `False`.
    False,
}

/// An object column's cells: every string's text in one buffer, an end offset and a kind per
/// cell (5 bytes per cell plus the text; offsets fit in `u32`: a file is at most
/// [`MAX_FILE_BYTES`]).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Objects {
    /// The strings' text, one after another (non-strings add nothing).
    pub text: String,
    /// The end of each cell's text in `text` (a cell starts where the one before it ends).
    pub ends: Vec<u32>,
    /// Each cell's kind.
    pub kinds: Vec<ObjectKind>,
}

impl Objects {
    fn push(&mut self, kind: ObjectKind, text: &str) {
        if kind == ObjectKind::Str {
            self.text.push_str(text);
        }
        self.ends.push(self.text.len() as u32);
        self.kinds.push(kind);
    }

    /// Cell `i`'s string (empty for a non-string).
    pub fn str_at(&self, i: usize) -> &str {
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        &self.text[start..self.ends[i] as usize]
    }
}

/// A column's values in one typed vector each (8 bytes a number, 1 a bool, 5 plus the text an
/// object): scoring memory stays a small constant times the file (`BENCHMARKS.md`).
#[derive(Debug, Clone, PartialEq)]
pub enum Values {
    /// `int64`
    Int(Vec<i64>),
    /// `uint64`
    UInt(Vec<u64>),
    /// `float64` (`NaN` for a missing value)
    Float(Vec<f64>),
    /// `bool`
    Bool(Vec<bool>),
    /// `object`
    Object(Objects),
}

impl Values {
    /// The number of cells.
    pub fn len(&self) -> usize {
        match self {
            Values::Int(v) => v.len(),
            Values::UInt(v) => v.len(),
            Values::Float(v) => v.len(),
            Values::Bool(v) => v.len(),
            Values::Object(o) => o.kinds.len(),
        }
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Cell `i` as pandas holds it.
    pub fn cell(&self, i: usize) -> Cell {
        match self {
            Values::Int(v) => Cell::Int(i128::from(v[i])),
            Values::UInt(v) => Cell::Int(i128::from(v[i])),
            Values::Float(v) => Cell::Float(v[i]),
            Values::Bool(v) => Cell::Bool(v[i]),
            Values::Object(o) => match o.kinds[i] {
                ObjectKind::Str => Cell::Str(o.str_at(i).to_string()),
                ObjectKind::Na => Cell::Na,
                ObjectKind::True => Cell::Bool(true),
                ObjectKind::False => Cell::Bool(false),
            },
        }
    }
}

/// A typed column.
#[derive(Debug, Clone, PartialEq)]
pub struct Column {
    /// The header name (reported in explanations, never compared).
    pub name: String,
    /// The inferred dtype.
    pub dtype: Dtype,
    /// The values, top to bottom; shared with the comparison's vectors (never copied).
    pub values: std::sync::Arc<Values>,
}

impl Column {
    fn new(name: String, dtype: Dtype, values: Values) -> Column {
        Column {
            name,
            dtype,
            values: std::sync::Arc::new(values),
        }
    }

    /// The cells, top to bottom (built on demand: for tests and explanations).
    pub fn cells(&self) -> Vec<Cell> {
        (0..self.values.len())
            .map(|i| self.values.cell(i))
            .collect()
    }
}

/// A table as `read_csv` returns it (data columns only; an implicit index is dropped).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Frame {
    /// The columns, left to right.
    pub columns: Vec<Column>,
}

impl Frame {
    /// The number of data rows.
    pub fn row_count(&self) -> usize {
        self.columns.first().map_or(0, |c| c.values.len())
    }
}

/// A record: its fields' positions in [`Tokens::ends`] and the 1-based line it starts on.
struct Record {
    first: u32,
    count: u32,
    line: usize,
}

/// Every field's text in one buffer (no allocation per field: a file costs about its own size
/// here, plus 4 bytes per field and 16 per record). Offsets fit in `u32`: the input is at most
/// [`MAX_FILE_BYTES`].
struct Tokens {
    text: String,
    /// The end of each field in `text` (a field starts where the one before it ends).
    ends: Vec<u32>,
    records: Vec<Record>,
}

impl Tokens {
    fn field(&self, i: u32) -> &str {
        let i = i as usize;
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        &self.text[start..self.ends[i] as usize]
    }

    /// Field `k` of `record`, or `""` past its end (pandas pads short records with missing
    /// values).
    fn field_of(&self, record: &Record, k: usize) -> &str {
        if k < record.count as usize {
            self.field(record.first + k as u32)
        } else {
            ""
        }
    }
}

/// Split the text into records with pandas' C tokenizer rules (see the module comment).
fn tokenize(text: &str) -> Result<Tokens, ReadError> {
    let b = text.as_bytes();
    let n = b.len();
    let mut out = Tokens {
        text: String::new(),
        ends: Vec::new(),
        records: Vec::new(),
    };
    let mut buf: Vec<u8> = Vec::with_capacity(n);
    let mut i = 0;
    let mut line = 1;
    while i < n {
        // Blank lines (nothing, or only spaces and tabs) are skipped.
        let mut j = i;
        while j < n && (b[j] == b' ' || b[j] == b'\t') {
            j += 1;
        }
        if j == n || b[j] == b'\n' || b[j] == b'\r' {
            i = end_of_line(b, j);
            line += 1;
            continue;
        }
        // The header and MAX_ROWS data rows at most; a poll for Ctrl-C every 4096 records.
        if out.records.len() > MAX_ROWS {
            return Err(ReadError::TooManyRows);
        }
        if out.records.len().is_multiple_of(4096) && tabeq::cancel::cancelled() {
            break;
        }
        let start_line = line;
        let first = out.ends.len() as u32;
        let mut field_start = buf.len();
        let mut at_field_start = true;
        let mut in_quotes = false;
        let mut quote_line = line;
        loop {
            if i == n {
                if in_quotes {
                    return Err(ReadError::UnterminatedQuote { line: quote_line });
                }
                finish(&mut buf, &mut field_start, &mut out.ends);
                break;
            }
            let c = b[i];
            if in_quotes {
                if c == b'"' {
                    if i + 1 < n && b[i + 1] == b'"' {
                        buf.push(b'"');
                        i += 2;
                    } else {
                        in_quotes = false;
                        i += 1;
                    }
                } else {
                    if c == b'\n' || (c == b'\r' && !(i + 1 < n && b[i + 1] == b'\n')) {
                        line += 1;
                    }
                    buf.push(c);
                    i += 1;
                }
                continue;
            }
            match c {
                b'"' if at_field_start => {
                    in_quotes = true;
                    quote_line = line;
                    at_field_start = false;
                    i += 1;
                }
                b',' => {
                    finish(&mut buf, &mut field_start, &mut out.ends);
                    at_field_start = true;
                    i += 1;
                }
                b'\n' | b'\r' => {
                    finish(&mut buf, &mut field_start, &mut out.ends);
                    i = end_of_line(b, i);
                    line += 1;
                    break;
                }
                _ => {
                    buf.push(c);
                    at_field_start = false;
                    i += 1;
                }
            }
        }
        out.records.push(Record {
            first,
            count: out.ends.len() as u32 - first,
            line: start_line,
        });
    }
    // The input was checked to be UTF-8 and fields split at ASCII bytes (a NUL too).
    out.text = String::from_utf8(buf)
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
    Ok(out)
}

/// The index after the line ending at `i` (`\n`, `\r`, `\r\n`, or the end).
fn end_of_line(b: &[u8], i: usize) -> usize {
    match b.get(i) {
        Some(b'\r') if b.get(i + 1) == Some(&b'\n') => i + 2,
        Some(_) => i + 1,
        None => i,
    }
}

/// End the field that started at `field_start` in `buf`. pandas hands C strings to its
/// converters, so a NUL byte ends the value there (the rest of the field is dropped).
fn finish(buf: &mut Vec<u8>, field_start: &mut usize, ends: &mut Vec<u32>) {
    if let Some(nul) = buf[*field_start..].iter().position(|&c| c == 0) {
        buf.truncate(*field_start + nul);
    }
    ends.push(buf.len() as u32);
    *field_start = buf.len();
}

/// One column's fields, read in place from the tokens (no list of them is built: the inference
/// passes walk them again instead).
struct Fields<'t> {
    tokens: &'t Tokens,
    records: &'t [Record],
    k: usize,
}

impl<'t> Fields<'t> {
    fn len(&self) -> usize {
        self.records.len()
    }

    fn iter(&self) -> impl Iterator<Item = &'t str> + '_ {
        self.records
            .iter()
            .map(move |r| self.tokens.field_of(r, self.k))
    }
}

/// Read CSV bytes as `pd.read_csv` with its defaults does.
pub fn read_csv(data: &[u8]) -> Result<Frame, ReadError> {
    if data.len() as u64 > MAX_FILE_BYTES {
        return Err(ReadError::TooLarge {
            size: data.len() as u64,
        });
    }
    let text = core::str::from_utf8(data).map_err(|e| ReadError::NotUtf8 {
        offset: e.valid_up_to(),
    })?;
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    let tokens = tokenize(text)?;
    let (header, data_records) = tokens.records.split_first().ok_or(ReadError::NoColumns)?;
    let mut expected = header.count as usize;
    let mut leading = 0;
    for (k, record) in data_records.iter().enumerate() {
        let count = record.count as usize;
        if k == 0 && count > expected {
            // More fields than names in the first data row: the extra leading ones are the index.
            leading = count - expected;
            expected = count;
        } else if count > expected {
            return Err(ReadError::TooManyFields {
                expected,
                line: record.line,
                saw: count,
            });
        }
    }
    let width = expected - leading;
    if width > MAX_COLUMNS {
        return Err(ReadError::TooManyColumns { columns: width });
    }
    let mut columns = Vec::with_capacity(width);
    for c in 0..width {
        if tabeq::cancel::cancelled() {
            return Ok(Frame::default());
        }
        let column = Fields {
            tokens: &tokens,
            records: data_records,
            k: leading + c,
        };
        let name = tokens.field_of(header, c).to_string();
        columns.push(infer_column(name, &column));
    }
    Ok(Frame { columns })
}

fn is_na(t: &str) -> bool {
    NA_STRINGS.contains(&t)
}

fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

enum IntError {
    Invalid,
    Overflow,
}

/// Parse an integer the way pandas' `str_to_int64` does: spaces around, one sign, digits only.
/// Like pandas, the leading run of digits is read before anything after it is checked, so
/// `99999999999999999999.5` overflows (and sends its column to the uint64 pass) rather than
/// being invalid.
fn parse_i64(t: &str) -> Result<i64, IntError> {
    let b = t.trim_start_matches(|c: char| c.is_ascii() && is_space(c as u8));
    let (neg, rest) = match b.as_bytes().first() {
        Some(b'-') => (true, &b[1..]),
        Some(b'+') => (false, &b[1..]),
        _ => (false, b),
    };
    let end = rest
        .bytes()
        .position(|c| !c.is_ascii_digit())
        .unwrap_or(rest.len());
    if end == 0 {
        return Err(IntError::Invalid);
    }
    let digits = &rest[..end];
    let mut v: i64 = 0;
    for d in digits.bytes() {
        let d = i64::from(d - b'0');
        v = v
            .checked_mul(10)
            .and_then(|v| {
                if neg {
                    v.checked_sub(d)
                } else {
                    v.checked_add(d)
                }
            })
            .ok_or(IntError::Overflow)?;
    }
    if !rest[end..].bytes().all(is_space) {
        return Err(IntError::Invalid);
    }
    Ok(v)
}

/// pandas' `str_to_uint64`: `None` for a leading `-` (counted as a signed value, the rest unread).
fn parse_u64(t: &str) -> Result<Option<u64>, IntError> {
    let b = t.trim_start_matches(|c: char| c.is_ascii() && is_space(c as u8));
    if b.starts_with('-') {
        return Ok(None);
    }
    let b = b.strip_prefix('+').unwrap_or(b);
    let end = b
        .bytes()
        .position(|c| !c.is_ascii_digit())
        .unwrap_or(b.len());
    if end == 0 {
        return Err(IntError::Invalid);
    }
    let mut v: u64 = 0;
    for d in b[..end].bytes() {
        v = v
            .checked_mul(10)
            .and_then(|v| v.checked_add(u64::from(d - b'0')))
            .ok_or(IntError::Overflow)?;
    }
    if !b[end..].bytes().all(is_space) {
        return Err(IntError::Invalid);
    }
    Ok(Some(v))
}

fn powers_of_ten() -> &'static [f64; 309] {
    static POWERS: OnceLock<[f64; 309]> = OnceLock::new();
    POWERS.get_or_init(|| {
        let mut p = [0.0; 309];
        for (k, slot) in p.iter_mut().enumerate() {
            // Correctly rounded, as the C literals `1e0` … `1e308` are.
            *slot = format!("1e{k}").parse().unwrap_or(f64::INFINITY);
        }
        p
    })
}

/// pandas' default float parser (`precise_xstrtod`, 2.2.3): at most 17 significant digits are
/// accumulated in a double, later ones only move the exponent, and the result is scaled by a
/// power of ten. `None` when the whole token (spaces around allowed) is not a number or the
/// value overflows. Not correctly rounded beyond 17 digits, on purpose: pandas is not either.
pub fn pandas_float(t: &str) -> Option<f64> {
    let b = t.as_bytes();
    let mut p = 0;
    let at = |p: usize| b.get(p).copied().unwrap_or(0);
    while is_space(at(p)) {
        p += 1;
    }
    let mut negative = false;
    match at(p) {
        b'-' => {
            negative = true;
            p += 1;
        }
        b'+' => p += 1,
        _ => {}
    }
    let mut number = 0.0f64;
    let mut exponent: i32 = 0;
    let mut num_digits = 0;
    let mut num_decimals = 0;
    while at(p).is_ascii_digit() {
        if num_digits < 17 {
            number = number * 10.0 + f64::from(at(p) - b'0');
            num_digits += 1;
        } else {
            exponent = exponent.wrapping_add(1);
        }
        p += 1;
    }
    if at(p) == b'.' {
        p += 1;
        while num_digits < 17 && at(p).is_ascii_digit() {
            number = number * 10.0 + f64::from(at(p) - b'0');
            p += 1;
            num_digits += 1;
            num_decimals += 1;
        }
        if num_digits >= 17 {
            while at(p).is_ascii_digit() {
                p += 1;
            }
        }
        exponent = exponent.wrapping_sub(num_decimals);
    }
    if num_digits == 0 {
        return None;
    }
    if negative {
        number = -number;
    }
    if at(p).eq_ignore_ascii_case(&b'E') {
        p += 1;
        let mut neg_exp = false;
        match at(p) {
            b'-' => {
                neg_exp = true;
                p += 1;
            }
            b'+' => p += 1,
            _ => {}
        }
        let mut n: i32 = 0;
        let mut exp_digits = 0;
        while exp_digits < 17 && at(p).is_ascii_digit() {
            // C `int` arithmetic; it wraps on the machines pandas ships for.
            n = n.wrapping_mul(10).wrapping_add(i32::from(at(p) - b'0'));
            exp_digits += 1;
            p += 1;
        }
        exponent = if neg_exp {
            exponent.wrapping_sub(n)
        } else {
            exponent.wrapping_add(n)
        };
        if exp_digits == 0 {
            p -= 1;
        }
    }
    let e = powers_of_ten();
    if exponent > 308 {
        return None;
    } else if exponent > 0 {
        number *= e[exponent as usize];
    } else if exponent < -308 {
        if exponent < -616 {
            number = 0.0;
        } else {
            number /= e[(-308 - exponent) as usize];
            number /= e[308];
        }
    } else {
        number /= e[(-exponent) as usize];
    }
    if number.is_infinite() {
        return None;
    }
    while is_space(at(p)) {
        p += 1;
    }
    (p == b.len()).then_some(number)
}

/// The float of a token pandas' float pass accepts, including its spellings of infinity.
fn float_token(t: &str) -> Option<f64> {
    pandas_float(t).or_else(|| {
        let l = t.to_ascii_lowercase();
        match l.as_str() {
            "inf" | "+inf" | "infinity" | "+infinity" => Some(f64::INFINITY),
            "-inf" | "-infinity" => Some(f64::NEG_INFINITY),
            _ => None,
        }
    })
}

fn bool_token(t: &str) -> Option<bool> {
    if t.eq_ignore_ascii_case("true") {
        Some(true)
    } else if t.eq_ignore_ascii_case("false") {
        Some(false)
    } else {
        None
    }
}

fn text_column(name: String, tokens: &Fields<'_>, na_filter: bool) -> Column {
    let mut objects = Objects::default();
    objects.ends.reserve_exact(tokens.len());
    objects.kinds.reserve_exact(tokens.len());
    for t in tokens.iter() {
        if na_filter && is_na(t) {
            objects.push(ObjectKind::Na, "");
        } else {
            objects.push(ObjectKind::Str, t);
        }
    }
    objects.text.shrink_to_fit();
    Column::new(name, Dtype::Object, Values::Object(objects))
}

/// What the integer passes concluded.
enum IntOutcome {
    Column(Column),
    /// Not integers: try float64.
    NotInt,
    /// Text, missing values read (pandas' `OverflowError` path).
    Text,
    /// Text, nothing read as missing (pandas' `ValueError` path: uint64 with signs or NA).
    TextNoNa,
}

fn int_pass(name: &str, tokens: &Fields<'_>) -> IntOutcome {
    // A missing value is 0 here and NaN in the float64 column it makes (`missing`).
    let mut values: Vec<i64> = Vec::with_capacity(tokens.len());
    let mut missing_at: Vec<bool> = Vec::new();
    let mut overflow = false;
    for t in tokens.iter() {
        if is_na(t) {
            if missing_at.is_empty() {
                missing_at = vec![false; tokens.len()];
            }
            missing_at[values.len()] = true;
            values.push(0);
            continue;
        }
        match parse_i64(t) {
            Ok(v) => values.push(v),
            Err(IntError::Invalid) => return IntOutcome::NotInt,
            Err(IntError::Overflow) => {
                overflow = true;
                break;
            }
        }
    }
    if !overflow {
        let column = if missing_at.is_empty() {
            Column::new(name.to_string(), Dtype::Int64, Values::Int(values))
        } else {
            let floats = values
                .iter()
                .zip(&missing_at)
                .map(|(&v, &m)| if m { f64::NAN } else { v as f64 })
                .collect();
            Column::new(name.to_string(), Dtype::Float64, Values::Float(floats))
        };
        return IntOutcome::Column(column);
    }
    drop(values);
    drop(missing_at);
    // int64 overflowed: the uint64 pass, from the top.
    let (mut seen_sint, mut seen_uint, mut seen_null) = (false, false, false);
    let mut cells: Vec<u64> = Vec::with_capacity(tokens.len());
    for t in tokens.iter() {
        if is_na(t) {
            seen_null = true;
            cells.push(0);
            continue;
        }
        match parse_u64(t) {
            Ok(Some(v)) => {
                seen_uint |= v > i64::MAX as u64;
                cells.push(v);
            }
            Ok(None) => {
                seen_sint = true;
                cells.push(0);
            }
            Err(IntError::Overflow) => return IntOutcome::Text,
            Err(IntError::Invalid) => return IntOutcome::NotInt,
        }
    }
    if seen_uint && (seen_sint || seen_null) {
        IntOutcome::TextNoNa
    } else if seen_sint {
        IntOutcome::Text
    } else {
        IntOutcome::Column(Column::new(
            name.to_string(),
            Dtype::UInt64,
            Values::UInt(cells),
        ))
    }
}

/// Infer one column's dtype and values: int64 (or uint64), float64, bool, object, in that order.
fn infer_column(name: String, tokens: &Fields<'_>) -> Column {
    if tokens.len() == 0 {
        return Column::new(name, Dtype::Object, Values::Object(Objects::default()));
    }
    match int_pass(&name, tokens) {
        IntOutcome::Column(c) => return c,
        IntOutcome::Text => return text_column(name, tokens, true),
        IntOutcome::TextNoNa => return text_column(name, tokens, false),
        IntOutcome::NotInt => {}
    }
    let floats: Option<Vec<f64>> = tokens
        .iter()
        .map(|t| {
            if is_na(t) {
                Some(f64::NAN)
            } else {
                float_token(t)
            }
        })
        .collect();
    if let Some(floats) = floats {
        return Column::new(name, Dtype::Float64, Values::Float(floats));
    }
    let bools: Option<Vec<Option<bool>>> = tokens
        .iter()
        .map(|t| {
            if is_na(t) {
                Some(None)
            } else {
                bool_token(t).map(Some)
            }
        })
        .collect();
    if let Some(bools) = bools {
        // Booleans with a missing value become an object column (True/False/nan).
        if bools.contains(&None) {
            let mut objects = Objects::default();
            for b in bools {
                let kind = match b {
                    None => ObjectKind::Na,
                    Some(true) => ObjectKind::True,
                    Some(false) => ObjectKind::False,
                };
                objects.push(kind, "");
            }
            return Column::new(name, Dtype::Object, Values::Object(objects));
        }
        let bools = bools.into_iter().map(|b| b.unwrap_or(false)).collect();
        return Column::new(name, Dtype::Bool, Values::Bool(bools));
    }
    text_column(name, tokens, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn col(csv: &str) -> Column {
        read_csv(csv.as_bytes()).unwrap().columns.remove(0)
    }

    #[test]
    fn integers_floats_bools_text() {
        assert_eq!(
            col("a\n007\n 5 \n").cells(),
            vec![Cell::Int(7), Cell::Int(5)]
        );
        assert_eq!(col("a\n1\nNA\n").dtype, Dtype::Float64);
        assert_eq!(col("a\ntRUE\nfalse\n").dtype, Dtype::Bool);
        assert_eq!(col("a\nTrue\n\"\"\n").dtype, Dtype::Object);
        assert_eq!(col("a\n1_000\n").cells(), vec![Cell::Str("1_000".into())]);
        assert_eq!(col("a\n9223372036854775808\n").dtype, Dtype::UInt64);
        assert_eq!(
            col("a\n9223372036854775808\nNA\n").cells()[1],
            Cell::Str("NA".into())
        );
        assert_eq!(
            col("a\n99999999999999999999\n1.5\n").dtype,
            Dtype::Object,
            "uint64 overflow first: text"
        );
        assert_eq!(col("a\n1.5\n99999999999999999999\n").dtype, Dtype::Float64);
    }

    #[test]
    fn integer_part_overflow_decides_before_the_decimal_point() {
        // pandas 2.2.3: the int64 pass stops at the first row it cannot read; when that row's
        // leading digits overflow (before its `.` is seen), the column goes the overflow way.
        assert_eq!(
            col("a\n1.5\n53934375770899759104.0\n").dtype,
            Dtype::Float64
        );
        assert_eq!(col("a\n53934375770899759104.0\n1.5\n").dtype, Dtype::Object);
        assert_eq!(col("a\n9934375770899759104.0\n1.5\n").dtype, Dtype::Float64);
        assert_eq!(col("a\n18446744073709551616.5\n").dtype, Dtype::Object);
        assert_eq!(col("a\n18446744073709551615.5\n").dtype, Dtype::Float64);
        assert_eq!(col("a\n-9223372036854775809.5\n").dtype, Dtype::Object);
        assert_eq!(col("a\n99999999999999999999e1\n").dtype, Dtype::Object);
        let c = col("a\nNA\n99999999999999999999.5\n1.5\n");
        assert_eq!(c.dtype, Dtype::Object);
        assert_eq!(c.cells()[0], Cell::Na, "NA still read as missing");
    }

    #[test]
    fn pandas_float_is_not_correctly_rounded_past_17_digits() {
        assert_eq!(
            pandas_float("0.1234567890123456789012"),
            Some(0.1234567890123456)
        );
        assert_eq!(
            pandas_float("9223372036854775808"),
            Some(9.223372036854778e18)
        );
        assert_eq!(pandas_float("1e400"), None);
        assert_eq!(pandas_float("1e-400"), Some(0.0));
        assert_eq!(pandas_float("1e"), None);
        assert_eq!(pandas_float(".5"), Some(0.5));
    }

    #[test]
    fn records_index_and_errors() {
        let f = read_csv(b"a,b\n1,2,3\n4\n").unwrap();
        assert_eq!(f.columns.len(), 2);
        assert_eq!(f.columns[0].cells()[0], Cell::Float(2.0));
        assert!(matches!(f.columns[0].cells()[1], Cell::Float(x) if x.is_nan()));
        assert!(matches!(
            read_csv(b"a\n1,2\n3,4,5\n"),
            Err(ReadError::TooManyFields { .. })
        ));
        assert_eq!(read_csv(b"\n \n"), Err(ReadError::NoColumns));
        assert!(read_csv(b"a\n\"x\n").is_err());
        assert_eq!(read_csv(b"a\n   \n1\n").unwrap().row_count(), 1);
    }

    #[test]
    fn limits_are_coded_errors() {
        let names: Vec<String> = (0..=MAX_COLUMNS).map(|i| format!("c{i}")).collect();
        let wide = format!("{}\n", names.join(","));
        let e = read_csv(wide.as_bytes()).unwrap_err();
        assert_eq!(
            e,
            ReadError::TooManyColumns {
                columns: MAX_COLUMNS + 1
            }
        );
        assert_eq!(e.code(), "csv_too_many_columns");
        assert!(e.to_string().contains("4097 columns"), "{e}");
        let at_limit = format!("{}\n", names[..MAX_COLUMNS].join(","));
        assert_eq!(
            read_csv(at_limit.as_bytes()).unwrap().columns.len(),
            MAX_COLUMNS
        );
        assert_eq!(ReadError::IsGold.code(), "csv_not_a_regular_file");
        assert_eq!(
            ReadError::TooLarge { size: 1 << 40 }.code(),
            "csv_too_large"
        );
        assert_eq!(ReadError::TooManyRows.code(), "csv_too_many_rows");
    }

    /// The bytes a frame's columns hold (their vectors' capacities).
    fn storage_bytes(frame: &Frame) -> usize {
        frame
            .columns
            .iter()
            .map(|c| match &*c.values {
                Values::Int(v) => v.capacity() * 8,
                Values::UInt(v) => v.capacity() * 8,
                Values::Float(v) => v.capacity() * 8,
                Values::Bool(v) => v.capacity(),
                Values::Object(o) => o.text.capacity() + o.ends.capacity() * 4 + o.kinds.capacity(),
            })
            .sum()
    }

    #[test]
    fn storage_is_a_small_constant_times_the_file() {
        // Issue 38 item 12: a cell object of 32 bytes (and a heap string per text cell) made
        // one-character cells cost 37 times the file. Now 6 bytes a 2-byte text cell and
        // 8 bytes a 1-byte empty cell.
        let text = "a,b,c,d\n".to_string() + &"x,y,z,w\n".repeat(20_000);
        let frame = read_csv(text.as_bytes()).unwrap();
        assert_eq!(frame.columns[0].dtype, Dtype::Object);
        assert!(
            storage_bytes(&frame) <= 3 * text.len(),
            "{}",
            storage_bytes(&frame)
        );
        let empty = "a,b,c,d,e,f,g,h\n".to_string() + &"1,,,,,,,\n".repeat(20_000);
        let frame = read_csv(empty.as_bytes()).unwrap();
        assert_eq!(frame.columns[1].dtype, Dtype::Float64);
        assert!(
            storage_bytes(&frame) <= 8 * empty.len(),
            "{}",
            storage_bytes(&frame)
        );
        // That the compared vectors share these columns is `value`'s test.
    }

    #[test]
    fn a_cancelled_read_gives_up() {
        use std::sync::atomic::AtomicBool;
        use std::sync::Arc;
        let csv = "a,b\n".to_string() + &"1,2\n".repeat(10_000);
        let flag = Arc::new(AtomicBool::new(true));
        let read = tabeq::cancel::with_flag(&flag, || read_csv(csv.as_bytes()));
        // Its result is discarded by the binding; what matters is that it stopped early.
        assert!(!matches!(read, Ok(ref f) if f.row_count() == 10_000));
        assert_eq!(read_csv(csv.as_bytes()).unwrap().row_count(), 10_000);
    }
}
