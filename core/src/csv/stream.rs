//! Reading a CSV piece by piece, as a file is read: the table (or the error) that
//! [`read_table_within`](super::read_table_within) gives for the whole file, without the
//! whole file ever in memory (a caller reading 10⁶ rows holds the table, not the table and
//! the file's bytes besides).
//!
//! Pieces are kept until a line ends (a `\r` is kept until the byte after it is seen, a
//! character's bytes until the character is whole), then that text is read as the whole-file
//! reader reads it: lines without quotes or NUL by the reader without quotes, other lines by
//! the tokenizer, whose state carries a quoted field over lines and pieces. Problems are
//! reported in the whole-file reader's order (size, then UTF-8, then NUL, then records):
//! after a record's problem the stream still checks the rest of the text for the others.

use super::tokenizer::Tokenizer;
use super::{parse_unquoted, Builder, CsvError, CsvProblem, Limits, Table, DIALECT};

/// The byte-order mark a file may start with (read as no text).
const BOM: &[u8] = "\u{FEFF}".as_bytes();

/// A CSV read piece by piece: [`TableStream::feed`] each piece in order, then
/// [`TableStream::finish`]. The result equals [`read_table_within`](super::read_table_within)
/// of all the pieces joined, table or error, however the text is cut into pieces.
///
/// ```
/// use tabeq::csv::{read_table, Limits, TableStream};
/// let text = "a,b\r\n1,\"x\ny\"\r\n2,z\r\n".as_bytes();
/// let mut stream = TableStream::new(&Limits::OFFICIAL, text.len());
/// for piece in text.chunks(3) {
///     stream.feed(piece);
/// }
/// assert_eq!(stream.finish().unwrap(), read_table(text).unwrap());
///
/// // The error of the whole text: a NUL in its last line comes before the quote problem
/// // of its second, as it does for the whole-file reader.
/// let text = b"a\n\"x\"y\n\0\n";
/// let mut stream = TableStream::new(&Limits::OFFICIAL, 0);
/// text.chunks(2).for_each(|piece| stream.feed(piece));
/// let error = stream.finish().unwrap_err();
/// assert_eq!(error, read_table(text).unwrap_err());
/// assert_eq!(error.to_string(), "csv_nul_character (record 3): NUL character in a CSV cell near line 3");
/// ```
pub struct TableStream {
    limits: Limits,
    builder: Builder,
    tokenizer: Tokenizer,
    /// Bytes fed so far.
    fed: usize,
    /// Fed bytes not read yet (after the last line end that could be read).
    pending: Vec<u8>,
    /// Where `pending` starts in the whole input.
    pending_at: usize,
    /// Whether the text's start (and its byte-order mark) has been read.
    started: bool,
    /// Line-end bytes (`\r` and `\n`, as the whole-file reader counts them for a NUL's record)
    /// read so far.
    line_ends: u64,
    /// The first problem of each kind but size (which `fed` tells), in the whole-file
    /// reader's order.
    invalid_utf8: Option<CsvError>,
    nul: Option<CsvError>,
    record: Option<CsvError>,
    /// Whether the cell bounds were reserved for the whole file (once the first lines tell
    /// about how many cells a byte holds), rather than grown by doubling.
    reserved_cells: bool,
    /// The file's expected size in bytes (0: unknown).
    size_hint: usize,
}

impl TableStream {
    /// A stream reading within `limits`; `size_hint` is the file's expected size in bytes
    /// (0 when unknown): the table's buffers are reserved for it once rather than grown.
    pub fn new(limits: &Limits, size_hint: usize) -> TableStream {
        let mut builder = Builder {
            max_rows: limits.rows,
            ..Builder::default()
        };
        // (One byte more: a last cell with no line end after it gets its delimiter too.)
        builder.text.reserve(size_hint.min(limits.bytes) + 1);
        builder.record_start();
        TableStream {
            limits: *limits,
            builder,
            tokenizer: Tokenizer::new(DIALECT),
            fed: 0,
            pending: Vec::new(),
            pending_at: 0,
            started: false,
            line_ends: 0,
            invalid_utf8: None,
            nul: None,
            record: None,
            reserved_cells: false,
            size_hint,
        }
    }

    /// Whether the text is already over the size limit: nothing after that changes the
    /// result but the size the error reports, so a caller may stop feeding.
    pub fn refused(&self) -> bool {
        self.fed > self.limits.bytes
    }

    /// The next piece of the text.
    pub fn feed(&mut self, piece: &[u8]) {
        self.fed = self.fed.saturating_add(piece.len());
        if self.refused() {
            self.pending = Vec::new();
            return;
        }
        self.pending.extend_from_slice(piece);
        if let Some(cut) = line_cut(&self.pending) {
            self.read(cut);
            self.pending.drain(..cut);
            self.pending_at += cut;
        }
    }

    /// The end of the text: the table, or the whole-file reader's error for it.
    pub fn finish(mut self) -> Result<Table, CsvError> {
        if self.refused() {
            let (size, limit) = (self.fed, self.limits.bytes);
            let exact = true;
            let problem = CsvProblem::TooLarge { size, exact, limit };
            return Err(CsvError::new(problem, None));
        }
        let end = self.pending.len();
        self.read(end);
        if self.invalid_utf8.is_none() && self.nul.is_none() && self.record.is_none() {
            if let Err(e) = self.tokenizer.finish(&mut self.builder) {
                self.record = Some(e);
            }
        }
        if let Some(e) = self.invalid_utf8.or(self.nul).or(self.record) {
            return Err(e);
        }
        self.builder.finish()
    }

    /// Read `pending[..end]`: whole lines (or the text's end).
    fn read(&mut self, end: usize) {
        let mut block = &self.pending[..end];
        let mut at = self.pending_at;
        if !self.started && !block.is_empty() {
            self.started = true;
            if let Some(rest) = block.strip_prefix(BOM) {
                block = rest;
                at += BOM.len();
            }
        }
        if self.invalid_utf8.is_some() {
            return;
        }
        let text = match core::str::from_utf8(block) {
            Ok(text) => text,
            Err(e) => {
                let valid_up_to = at + e.valid_up_to();
                let problem = CsvProblem::InvalidUtf8 { valid_up_to };
                self.invalid_utf8 = Some(CsvError::new(problem, None));
                return;
            }
        };
        if self.nul.is_some() {
            return;
        }
        let bytes = text.as_bytes();
        if let Some(pos) = memchr::memchr(0, bytes) {
            let record = 1 + self.line_ends + line_end_bytes(&bytes[..pos]);
            self.nul = Some(CsvError::new(CsvProblem::NulInText, Some(record)));
            return;
        }
        self.line_ends += line_end_bytes(bytes);
        if self.record.is_some() {
            return;
        }
        let b = &mut self.builder;
        let read = if self.tokenizer.at_record_start() && memchr::memchr(b'"', bytes).is_none() {
            parse_unquoted(text, b)
        } else {
            self.tokenizer.feed(text, b)
        };
        if let Err(e) = read {
            self.record = Some(e);
            return;
        }
        if !self.reserved_cells && self.size_hint > 0 && !bytes.is_empty() {
            // The first lines tell about how many cells a byte holds: reserve for the file.
            self.reserved_cells = true;
            let expect = |now: usize| {
                let expected = now as u128 * self.size_hint as u128 / bytes.len() as u128;
                let expected = usize::try_from(expected + expected / 16).unwrap_or(usize::MAX);
                expected.saturating_sub(now).min(u32::MAX as usize)
            };
            b.ends.reserve(expect(b.ends.len()));
            b.starts.reserve(expect(b.starts.len()));
        }
    }
}

/// Where the text that can be read now ends in `pending`: after its last line end, unless
/// that is a `\r` ending `pending` (its `\n` may come next); `None` when there is none.
fn line_cut(pending: &[u8]) -> Option<usize> {
    let (_, before_last) = pending.split_last()?;
    let j = memchr::memrchr2(b'\n', b'\r', before_last)?;
    // `pending[j + 1]` exists: a `\r\n` there is read whole.
    Some(if pending[j] == b'\r' && pending[j + 1] == b'\n' {
        j + 2
    } else {
        j + 1
    })
}

/// How many `\r` and `\n` bytes `bytes` holds.
fn line_end_bytes(bytes: &[u8]) -> u64 {
    // A plain count, which compilers turn into wide compares.
    bytes.iter().filter(|&&c| c == b'\n' || c == b'\r').count() as u64
}

#[cfg(test)]
mod tests {
    use super::super::read_table_within;
    use super::*;

    /// The whole-file reader's result for `text` cut into pieces at `cuts`.
    fn streamed(text: &[u8], cuts: &[usize], limits: &Limits) -> Result<Table, CsvError> {
        let mut stream = TableStream::new(limits, text.len());
        let mut from = 0;
        for &cut in cuts {
            let cut = cut.clamp(from, text.len());
            stream.feed(&text[from..cut]);
            from = cut;
        }
        stream.feed(&text[from..]);
        stream.finish()
    }

    /// Random texts cut into random pieces: the stream's table or error is the whole-file
    /// reader's. Texts are tables (rows of cells of a random width, each line end of a random
    /// kind) whose cells are drawn from pieces that meet every rule of the reader: quoted
    /// cells with line ends and doubled quotes, astral characters, a byte-order mark, long
    /// runs; some also hold a hostile piece (NUL, a stray quote, bad or split UTF-8, a lone
    /// delimiter or line end).
    #[test]
    fn the_stream_reads_as_the_whole_file_reader() {
        let cells: [&[u8]; 10] = [
            b"",
            b"a",
            b"bc",
            b"\"x,\ny\"",
            b"\"\"\"\"",
            b"\"a\r\n\"\"b\"",
            "é".as_bytes(),
            "\u{1F600}\u{E0001}".as_bytes(),
            "\u{FEFF}".as_bytes(),
            b"0123456789abcdefgh",
        ];
        let hostile: [&[u8]; 8] = [
            b"\0",
            b"\"",
            b"\"x\"y",
            b"\xff",
            b"\xe2\x82",
            b",",
            b"\r",
            b"\n",
        ];
        let line_ends: [&[u8]; 3] = [b"\n", b"\r\n", b"\r"];
        let limits = [Limits::OFFICIAL, Limits { bytes: 60, rows: 4 }];
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state as usize
        };
        let (mut passed, mut refused) = (0, 0);
        for round in 0..40_000 {
            let mut text = Vec::new();
            if next() % 4 == 0 {
                text.extend_from_slice(BOM);
            }
            let (width, rows) = (1 + next() % 3, next() % 7);
            let hostile_at = if next() % 2 == 0 {
                next() % 24
            } else {
                usize::MAX
            };
            let mut cell_number = 0;
            for row in 0..rows {
                for column in 0..width {
                    if column > 0 {
                        text.push(b',');
                    }
                    if cell_number == hostile_at {
                        text.extend_from_slice(hostile[next() % hostile.len()]);
                    }
                    cell_number += 1;
                    text.extend_from_slice(cells[next() % cells.len()]);
                }
                // The last line ends or not.
                if row + 1 < rows || next() % 2 == 0 {
                    text.extend_from_slice(line_ends[next() % line_ends.len()]);
                }
            }
            let cuts: Vec<usize> = (0..next() % 6)
                .map(|_| next() % (text.len() + 1))
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .collect();
            let limits = &limits[round % 2];
            let whole = read_table_within(&text, limits);
            let stream = streamed(&text, &cuts, limits);
            match (&whole, &stream) {
                (Ok(a), Ok(b)) => {
                    assert_eq!(a, b, "{text:?} cut at {cuts:?}");
                    passed += 1;
                }
                (Err(a), Err(b)) => {
                    assert_eq!(a, b, "{text:?} cut at {cuts:?}");
                    refused += 1;
                }
                _ => panic!("{text:?} cut at {cuts:?}: {whole:?} / {stream:?}"),
            }
        }
        // Both outcomes are common enough to be tested.
        assert!(passed > 10_000 && refused > 10_000, "{passed} / {refused}");
    }

    /// A file over the size limit is refused with its whole size, and nothing is kept after.
    #[test]
    fn the_size_limit_is_the_first_problem() {
        let limits = Limits { bytes: 8, rows: 10 };
        let mut stream = TableStream::new(&limits, 0);
        stream.feed(b"a\n\"");
        assert!(!stream.refused());
        stream.feed(b"\xff\xff\n\0\0\n");
        assert!(stream.refused());
        stream.feed(b"12");
        let error = stream.finish().unwrap_err();
        assert_eq!(
            error,
            read_table_within(b"a\n\"\xff\xff\n\0\0\n12", &limits).unwrap_err()
        );
    }

    /// Cut after every byte, a `\r` before a `\n` in the next piece is one line end.
    #[test]
    fn a_line_end_split_over_pieces_is_one_line_end() {
        let text = b"a,b\r\n1,2\r\n\r\n";
        let cuts: Vec<usize> = (1..text.len()).collect();
        let whole = read_table_within(text, &Limits::OFFICIAL);
        assert_eq!(streamed(text, &cuts, &Limits::OFFICIAL), whole);
    }

    /// A table read from many pieces reserves its cell bounds about once.
    #[test]
    fn large_tables_reserve_their_cells_once() {
        let text = "a,b\n".to_string() + &"1,2\n".repeat(50_000);
        let mut stream = TableStream::new(&Limits::OFFICIAL, text.len());
        for piece in text.as_bytes().chunks(64 * 1024) {
            stream.feed(piece);
        }
        let table = stream.finish().unwrap();
        assert_eq!(table.row_count(), 50_000);
        let (ends, starts) = (table.ends.capacity(), table.starts.capacity());
        assert!((100_000..=110_000).contains(&ends), "{ends}");
        assert!((50_000..=55_000).contains(&starts), "{starts}");
    }
}
