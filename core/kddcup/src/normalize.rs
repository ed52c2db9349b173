//! The official `normalize_cell` and `column_signature` for text cells (a CSV cell is always a
//! `str`), with CPython 3.11's `str.strip`, `Decimal`, `quantize` and `datetime.strptime`.

use std::sync::OnceLock;

use sha2::{Digest, Sha256};
use tabeq::chars::{decimal_digit_value, is_python_space, python_strip};

/// The official `NULL_TOKENS`, compared with `str.strip().lower()`.
const NULL_TOKENS: [&str; 6] = ["", "null", "none", "nan", "nat", "<na>"];

/// `normalize_cell(text, strict_commas=...)` of the official scorer for a `str` cell.
///
/// ```
/// use tabeq_kddcup::normalize_cell;
/// assert_eq!(normalize_cell(" 1,234.5 ", false), "1234.50");
/// assert_eq!(normalize_cell("1,234.5", true), "1,234.5");
/// assert_eq!(normalize_cell("NaN", false), "");
/// assert_eq!(normalize_cell("2024-01-02T03:04:05+01:00", false), "2024-01-02T02:04:05Z");
/// assert_eq!(normalize_cell("5/1/2024", false), "2024-01-05");
/// assert_eq!(normalize_cell("Infinity", false), "Infinity");
/// ```
pub fn normalize_cell(value: &str, strict_commas: bool) -> String {
    let stripped = python_strip(value);
    // `lower()` maps to ASCII only from ASCII and U+212A (to `k`, in no token), so an ASCII
    // comparison decides membership exactly.
    if stripped.is_ascii() && NULL_TOKENS.iter().any(|t| stripped.eq_ignore_ascii_case(t)) {
        return String::new();
    }
    let text = stripped.replace("\r\n", "\n");
    let number = if !strict_commas && is_number_with_grouping(&text) {
        normalize_decimal(&text.replace(',', ""))
    } else {
        normalize_decimal(&text)
    };
    if let Some(number) = number {
        return number;
    }
    if let Some(datetime) = normalize_datetime(&text) {
        return datetime;
    }
    text
}

/// `column_signature(values)`: `sha256:` and the hex digest of the sorted normalized values
/// joined by U+001F (Python sorts `str` by code point, which is UTF-8 byte order).
///
/// ```
/// use tabeq_kddcup::column_signature;
/// // Two cells joined by U+001F hash like one cell holding it.
/// assert_eq!(column_signature(&["a", "b"], false), column_signature(&["a\u{1f}b"], false));
/// assert!(column_signature(&["1"], false).starts_with("sha256:"));
/// ```
pub fn column_signature<S: AsRef<str>>(values: &[S], strict_commas: bool) -> String {
    let mut normalized: Vec<String> = values
        .iter()
        .map(|v| normalize_cell(v.as_ref(), strict_commas))
        .collect();
    normalized.sort_unstable();
    signature_of_sorted(&normalized)
}

/// The signature of values already normalized and sorted.
pub(crate) fn signature_of_sorted(sorted: &[String]) -> String {
    let mut hasher = Sha256::new();
    for (i, value) in sorted.iter().enumerate() {
        if i > 0 {
            hasher.update([0x1f]);
        }
        hasher.update(value.as_bytes());
    }
    let digest = hasher.finalize();
    let mut out = String::with_capacity(7 + 64);
    out.push_str("sha256:");
    for byte in digest {
        out.push(char::from_digit(u32::from(byte >> 4), 16).unwrap_or('0'));
        out.push(char::from_digit(u32::from(byte & 15), 16).unwrap_or('0'));
    }
    out
}

/// `NUMBER_WITH_GROUPING.fullmatch(text)`: `-?[\d,]+(?:\.\d+)?` with `re`'s Unicode `\d`.
fn is_number_with_grouping(text: &str) -> bool {
    let rest = text.strip_prefix('-').unwrap_or(text);
    let (whole, fraction) = match rest.split_once('.') {
        Some((w, f)) => (w, Some(f)),
        None => (rest, None),
    };
    let digit = |c: char| decimal_digit_value(c).is_some();
    !whole.is_empty()
        && whole.chars().all(|c| c == ',' || digit(c))
        && fraction.is_none_or(|f| !f.is_empty() && f.chars().all(digit))
}

/// `Emax` and `Etiny` of the context `Decimal(str)` converts in exactly (`MAX_EMAX`, and
/// `MIN_EMIN - (MAX_PREC - 1)`), on 64-bit CPython.
const CONVERSION_EMAX: i128 = 999_999_999_999_999_999;
const CONVERSION_ETINY: i128 = -1_999_999_999_999_999_997;
/// The default context's precision, which `quantize` must not exceed.
const PRECISION: usize = 28;

/// `_normalize_decimal`: `Decimal(text)`, finite, `quantize(Decimal('0.01'), ROUND_HALF_UP)`
/// in the default context, `0.00` for zero, `format(d, 'f')`; `None` where the official's
/// `InvalidOperation`/`ValueError` or a non-finite value makes it fall through.
pub(crate) fn normalize_decimal(text: &str) -> Option<String> {
    let ascii = decimal_ascii(text)?;
    let bytes = ascii.as_bytes();
    let (negative, body) = match bytes.first() {
        Some(b'-') => (true, &bytes[1..]),
        Some(b'+') => (false, &bytes[1..]),
        _ => (false, bytes),
    };
    // Mantissa: digits with at most one point, at least one digit.
    let mantissa_end = body
        .iter()
        .position(|&b| b == b'e' || b == b'E')
        .unwrap_or(body.len());
    let (mantissa, exponent_part) = body.split_at(mantissa_end);
    let (whole, fraction) = match mantissa.iter().position(|&b| b == b'.') {
        Some(p) => (&mantissa[..p], &mantissa[p + 1..]),
        None => (mantissa, &mantissa[mantissa.len()..]),
    };
    if whole.len() + fraction.len() == 0 || !whole.iter().chain(fraction).all(u8::is_ascii_digit) {
        return None; // also NaN, sNaN and Infinity: not finite, so the official falls through
    }
    let exponent: i128 = if exponent_part.is_empty() {
        0
    } else {
        let e = &exponent_part[1..];
        let (sign, digits) = match e.first() {
            Some(b'-') => (-1, &e[1..]),
            Some(b'+') => (1, &e[1..]),
            _ => (1, e),
        };
        if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
            return None;
        }
        // Saturate far beyond every bound below (mpdecimal saturates too).
        let mut value: i128 = 0;
        for &d in digits {
            value = (value * 10 + i128::from(d - b'0')).min(100_000_000_000_000_000_000);
        }
        sign * value
    };
    let coefficient: Vec<u8> = whole
        .iter()
        .chain(fraction)
        .copied()
        .skip_while(|&b| b == b'0')
        .collect();
    let exp = exponent - fraction.len() as i128;
    if coefficient.is_empty() {
        // Zero: exact unless its exponent must be clamped.
        if !(CONVERSION_ETINY..=CONVERSION_EMAX).contains(&exp) {
            return None;
        }
        return Some("0.00".into());
    }
    let digits = coefficient.len() as i128;
    if exp + digits - 1 > CONVERSION_EMAX || exp < CONVERSION_ETINY {
        return None;
    }
    // quantize to exponent -2.
    let mut result: Vec<u8> = if exp >= -2 {
        let shift = exp + 2;
        if digits + shift > PRECISION as i128 {
            return None;
        }
        let mut r = coefficient;
        r.resize(r.len() + shift as usize, b'0');
        r
    } else {
        let drop = -(exp + 2);
        if drop > digits {
            Vec::new()
        } else {
            let keep = (digits - drop) as usize;
            let round_up = coefficient[keep] >= b'5';
            let mut r = coefficient[..keep].to_vec();
            if round_up {
                increment(&mut r);
            }
            r
        }
    };
    while result.first() == Some(&b'0') {
        result.remove(0);
    }
    if result.len() > PRECISION {
        return None;
    }
    if result.is_empty() {
        return Some("0.00".into());
    }
    while result.len() < 3 {
        result.insert(0, b'0');
    }
    let point = result.len() - 2;
    let mut out = String::with_capacity(result.len() + 2);
    if negative {
        out.push('-');
    }
    out.push_str(core::str::from_utf8(&result[..point]).unwrap_or(""));
    out.push('.');
    out.push_str(core::str::from_utf8(&result[point..]).unwrap_or(""));
    Some(out)
}

/// Add one to a decimal digit string (which may be empty: zero).
fn increment(digits: &mut Vec<u8>) {
    for d in digits.iter_mut().rev() {
        if *d == b'9' {
            *d = b'0';
        } else {
            *d += 1;
            return;
        }
    }
    digits.insert(0, b'1');
}

/// What `Decimal(str)` parses (CPython's `numeric_as_ascii`): the text stripped of Python
/// whitespace, underscores dropped anywhere, other whitespace as a space, Unicode decimal
/// digits as ASCII; `None` for a character it cannot convert (a conversion error).
fn decimal_ascii(text: &str) -> Option<String> {
    let text = text.trim_matches(is_python_space);
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c == '_' {
            continue;
        }
        if ('\u{1}'..='\u{7f}').contains(&c) {
            out.push(c);
        } else if is_python_space(c) {
            out.push(' ');
        } else {
            out.push(char::from(b'0' + decimal_digit_value(c)?));
        }
    }
    Some(out)
}

// ---------------------------------------------------------------------------------------------
// datetime.strptime with CPython 3.11's `_strptime` regular expressions (re.IGNORECASE).

/// A character class of the patterns.
#[derive(Clone, Copy)]
enum Class {
    /// A literal (no case variants: `-`, `:`, `.`, `/`, ` `, `Z`).
    Exact(char),
    /// `T` under IGNORECASE: `T` or `t` (no other code point matches, checked on all of them).
    EitherCaseT,
    /// `\d` with `re`'s Unicode semantics: any Nd digit.
    Digit,
    /// An ASCII range such as `[0-5]`.
    Range(char, char),
    /// `[+-]`.
    Sign,
    /// `\s`: Python whitespace.
    Space,
}

impl Class {
    fn matches(self, c: char) -> bool {
        match self {
            Class::Exact(x) => c == x,
            Class::EitherCaseT => c == 'T' || c == 't',
            Class::Digit => decimal_digit_value(c).is_some(),
            Class::Range(lo, hi) => (lo..=hi).contains(&c),
            Class::Sign => c == '+' || c == '-',
            Class::Space => is_python_space(c),
        }
    }
}

/// A node of a pattern; sequences are matched with Python `re`'s backtracking priorities.
enum Node {
    /// `class{min,max}`, greedy.
    Repeat(Class, usize, usize),
    /// A named group of alternatives, tried in order.
    Group(Field, Vec<Vec<Node>>),
    /// `(...)?`, greedy.
    Optional(Vec<Node>),
}

/// The named groups.
#[derive(Clone, Copy)]
enum Field {
    Year,
    Month,
    Day,
    Hour,
    Minute,
    Second,
    Fraction,
    Zone,
}

type Captures = [Option<(usize, usize)>; 8];

fn one(class: Class) -> Node {
    Node::Repeat(class, 1, 1)
}

fn seq(classes: &[Class]) -> Vec<Node> {
    classes.iter().map(|&c| one(c)).collect()
}

/// The regular expression of one directive, as `_strptime.TimeRE` has it.
fn directive(d: char) -> Node {
    use Class::{Digit as D, Exact as E, Range as R};
    let alts: Vec<Vec<Node>> = match d {
        'Y' => vec![seq(&[D, D, D, D])],
        'm' => vec![
            seq(&[E('1'), R('0', '2')]),
            seq(&[E('0'), R('1', '9')]),
            seq(&[R('1', '9')]),
        ],
        'd' => vec![
            seq(&[E('3'), R('0', '1')]),
            seq(&[R('1', '2'), D]),
            seq(&[E('0'), R('1', '9')]),
            seq(&[R('1', '9')]),
            seq(&[E(' '), R('1', '9')]),
        ],
        'H' => vec![
            seq(&[E('2'), R('0', '3')]),
            seq(&[R('0', '1'), D]),
            seq(&[D]),
        ],
        'M' => vec![seq(&[R('0', '5'), D]), seq(&[D])],
        'S' => vec![
            seq(&[E('6'), R('0', '1')]),
            seq(&[R('0', '5'), D]),
            seq(&[D]),
        ],
        'f' => vec![vec![Node::Repeat(R('0', '9'), 1, 6)]],
        // [+-]\d\d:?[0-5]\d(:?[0-5]\d(\.\d{1,6})?)?|(?-i:Z)
        _ => vec![
            vec![
                one(Class::Sign),
                one(D),
                one(D),
                Node::Repeat(E(':'), 0, 1),
                one(R('0', '5')),
                one(D),
                Node::Optional(vec![
                    Node::Repeat(E(':'), 0, 1),
                    one(R('0', '5')),
                    one(D),
                    Node::Optional(vec![one(E('.')), Node::Repeat(D, 1, 6)]),
                ]),
            ],
            seq(&[E('Z')]),
        ],
    };
    let field = match d {
        'Y' => Field::Year,
        'm' => Field::Month,
        'd' => Field::Day,
        'H' => Field::Hour,
        'M' => Field::Minute,
        'S' => Field::Second,
        'f' => Field::Fraction,
        _ => Field::Zone,
    };
    Node::Group(field, alts)
}

/// A format as `TimeRE.pattern` compiles it: directives, whitespace as `\s+`, `T` ignoring case.
fn compile(format: &str) -> Vec<Node> {
    let mut nodes = Vec::new();
    let mut chars = format.chars();
    while let Some(c) = chars.next() {
        nodes.push(match c {
            '%' => directive(chars.next().unwrap_or('%')),
            ' ' => Node::Repeat(Class::Space, 1, usize::MAX),
            'T' => one(Class::EitherCaseT),
            c => one(Class::Exact(c)),
        });
    }
    nodes
}

/// The continuation of a match: given the position reached, the end of the whole match.
type Cont<'k> = &'k dyn Fn(usize, &mut Captures) -> Option<usize>;

/// Match `nodes` at `pos`, then `k`; the first success in `re`'s priority order.
fn match_nodes(
    text: &[char],
    pos: usize,
    nodes: &[Node],
    caps: &mut Captures,
    k: Cont<'_>,
) -> Option<usize> {
    let Some((node, rest)) = nodes.split_first() else {
        return k(pos, caps);
    };
    match node {
        Node::Repeat(class, min, max) => {
            let mut n = 0;
            while n < *max && pos + n < text.len() && class.matches(text[pos + n]) {
                n += 1;
            }
            if n < *min {
                return None;
            }
            (*min..=n)
                .rev()
                .find_map(|len| match_nodes(text, pos + len, rest, caps, k))
        }
        Node::Group(field, alternatives) => {
            let index = *field as usize;
            alternatives.iter().find_map(|alternative| {
                let after = |end: usize, caps: &mut Captures| {
                    let saved = caps[index];
                    caps[index] = Some((pos, end));
                    let found = match_nodes(text, end, rest, caps, k);
                    if found.is_none() {
                        caps[index] = saved;
                    }
                    found
                };
                match_nodes(text, pos, alternative, caps, &after)
            })
        }
        Node::Optional(inner) => {
            let after = |end: usize, caps: &mut Captures| match_nodes(text, end, rest, caps, k);
            match_nodes(text, pos, inner, caps, &after)
                .or_else(|| match_nodes(text, pos, rest, caps, k))
        }
    }
}

/// The value of Python's `int()` over a run of decimal digits (`None` if anything else).
fn int_of(chars: &[char]) -> Option<i64> {
    if chars.is_empty() {
        return None;
    }
    chars.iter().try_fold(0i64, |acc, &c| {
        Some(acc * 10 + i64::from(decimal_digit_value(c)?))
    })
}

/// A date and time as `datetime` holds it (microseconds included).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct DateTime {
    year: i64,
    month: i64,
    day: i64,
    hour: i64,
    minute: i64,
    second: i64,
    micro: i64,
}

fn is_leap(year: i64) -> bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
}

fn days_in_month(year: i64, month: i64) -> i64 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days since 0001-01-01 (proleptic Gregorian), for year >= 1.
fn ordinal(year: i64, month: i64, day: i64) -> i64 {
    let y = year - 1;
    let mut days = y * 365 + y / 4 - y / 100 + y / 400;
    for m in 1..month {
        days += days_in_month(year, m);
    }
    days + day - 1
}

fn from_ordinal(mut days: i64) -> (i64, i64, i64) {
    // 400-year cycles of 146097 days from 0001-01-01.
    let cycles = days.div_euclid(146_097);
    days = days.rem_euclid(146_097);
    let mut year = 1 + cycles * 400;
    loop {
        let len = if is_leap(year) { 366 } else { 365 };
        if days < len {
            break;
        }
        days -= len;
        year += 1;
    }
    let mut month = 1;
    while days >= days_in_month(year, month) {
        days -= days_in_month(year, month);
        month += 1;
    }
    (year, month, days + 1)
}

/// The outcome of `datetime.strptime(text, format)`: the value and its UTC offset in
/// microseconds, or `None` for the `ValueError` the official catches.
fn strptime(text: &[char], format: &[Node]) -> Option<(DateTime, Option<i64>)> {
    let mut caps: Captures = [None; 8];
    let end = match_nodes(text, 0, format, &mut caps, &|p, _| Some(p))?;
    if end != text.len() {
        return None; // unconverted data remains
    }
    let field = |f: Field| caps[f as usize].map(|(s, e)| &text[s..e]);
    let number = |f: Field| -> Option<i64> {
        match field(f) {
            // `%d` may be " 5": int() strips the space.
            Some(chars) => int_of(python_strip_chars(chars)),
            None => Some(0),
        }
    };
    let year = number(Field::Year)?;
    let month = number(Field::Month)?;
    let day = number(Field::Day)?;
    let micro = match field(Field::Fraction) {
        Some(f) => int_of(f)? * 10i64.pow(6 - f.len() as u32),
        None => 0,
    };
    let offset = match field(Field::Zone) {
        Some(z) => Some(zone_offset(z)?),
        None => None,
    };
    let value = DateTime {
        year,
        month,
        day,
        hour: number(Field::Hour)?,
        minute: number(Field::Minute)?,
        second: number(Field::Second)?,
        micro,
    };
    // datetime_date(year, month, day) and datetime(...): year 0, a day past the month's end,
    // seconds 60 and 61 are ValueErrors.
    if !(1..=9999).contains(&year) || day > days_in_month(year, month) || value.second > 59 {
        return None;
    }
    Some((value, offset))
}

fn python_strip_chars(chars: &[char]) -> &[char] {
    let start = chars
        .iter()
        .position(|&c| !is_python_space(c))
        .unwrap_or(chars.len());
    let end = chars
        .iter()
        .rposition(|&c| !is_python_space(c))
        .map_or(start, |e| e + 1);
    &chars[start..end]
}

/// `_strptime`'s reading of a `%z` match and `timezone(timedelta(...))`: the offset in
/// microseconds, `None` where either raises ValueError.
fn zone_offset(found: &[char]) -> Option<i64> {
    if found == ['Z'] {
        return Some(0);
    }
    let mut z: Vec<char> = found.to_vec();
    if z.get(3) == Some(&':') {
        z.remove(3);
        if z.len() > 5 {
            if z[5] != ':' {
                return None; // Inconsistent use of :
            }
            z.remove(5);
        }
    }
    let slice = |a: usize, b: usize| &z[a.min(z.len())..b.min(z.len())];
    let hours = int_of(slice(1, 3))?;
    let minutes = int_of(slice(3, 5))?;
    let seconds_text = slice(5, 7);
    let seconds = if seconds_text.is_empty() {
        0
    } else {
        int_of(seconds_text)?
    };
    let remainder = slice(8, z.len());
    let fraction = if remainder.is_empty() {
        0
    } else {
        int_of(remainder)? * 10i64.pow(6 - remainder.len() as u32)
    };
    let mut total = (hours * 3600 + minutes * 60 + seconds) * 1_000_000 + fraction;
    if z[0] == '-' {
        total = -total;
    }
    // timezone() wants strictly less than a day either way.
    if total.abs() >= 86_400 * 1_000_000 {
        return None;
    }
    Some(total)
}

/// Compiled formats: the datetime formats, then the date formats.
type Formats = (Vec<Vec<Node>>, Vec<Vec<Node>>);

/// The datetime formats and the date formats, compiled once.
fn formats() -> &'static Formats {
    static FORMATS: OnceLock<Formats> = OnceLock::new();
    FORMATS.get_or_init(|| {
        let datetimes = [
            "%Y-%m-%dT%H:%M:%S.%f%z",
            "%Y-%m-%dT%H:%M:%S%z",
            "%Y-%m-%dT%H:%M:%S.%f",
            "%Y-%m-%dT%H:%M:%S",
            "%Y-%m-%d %H:%M:%S.%f%z",
            "%Y-%m-%d %H:%M:%S%z",
            "%Y-%m-%d %H:%M:%S.%f",
            "%Y-%m-%d %H:%M:%S",
        ];
        let dates = ["%Y-%m-%d", "%Y/%m/%d", "%d/%m/%Y", "%m/%d/%Y"];
        (
            datetimes.iter().map(|f| compile(f)).collect(),
            dates.iter().map(|f| compile(f)).collect(),
        )
    })
}

/// `value - offset` (`astimezone(timezone.utc)`), `None` when it leaves years 1..9999 (the
/// official's OverflowError, which ends its run: see the spec's divergences).
fn to_utc(value: DateTime, offset: i64) -> Option<DateTime> {
    let day_micros = 86_400 * 1_000_000i64;
    let days = ordinal(value.year, value.month, value.day);
    let time =
        ((value.hour * 60 + value.minute) * 60 + value.second) * 1_000_000 + value.micro - offset;
    let days = days + time.div_euclid(day_micros);
    let time = time.rem_euclid(day_micros);
    if days < 0 || days >= ordinal(10_000, 1, 1) {
        return None;
    }
    let (year, month, day) = from_ordinal(days);
    let seconds = time / 1_000_000;
    Some(DateTime {
        year,
        month,
        day,
        hour: seconds / 3600,
        minute: seconds / 60 % 60,
        second: seconds % 60,
        micro: time % 1_000_000,
    })
}

/// `_normalize_datetime`.
fn normalize_datetime(text: &str) -> Option<String> {
    // Every format starts with four digits or one or two (`%d`, `%m`): a cheap first filter.
    let first = text.chars().next()?;
    if decimal_digit_value(first).is_none() && first != ' ' {
        return None;
    }
    let chars: Vec<char> = text.chars().collect();
    let (datetimes, dates) = formats();
    for format in datetimes {
        let Some((value, offset)) = strptime(&chars, format) else {
            continue;
        };
        return match offset {
            // strftime('%Y-%m-%dT%H:%M:%SZ'): glibc's %Y has no padding below 1000.
            Some(offset) => match to_utc(value, offset) {
                Some(u) => Some(format!(
                    "{}-{:02}-{:02}T{:02}:{:02}:{:02}Z",
                    u.year, u.month, u.day, u.hour, u.minute, u.second
                )),
                None => continue,
            },
            None => {
                let mut out = format!(
                    "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}",
                    value.year, value.month, value.day, value.hour, value.minute, value.second
                );
                if value.micro != 0 {
                    out.push_str(&format!(".{:06}", value.micro));
                }
                Some(out)
            }
        };
    }
    for format in dates {
        if let Some((value, _)) = strptime(&chars, format) {
            return Some(format!(
                "{}-{:02}-{:02}",
                value.year, value.month, value.day
            ));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals() {
        let cases = [
            ("1_000", Some("1000.00")),
            ("-0", Some("0.00")),
            ("0.005", Some("0.01")),
            ("-0.005", Some("-0.01")),
            ("-0.004", Some("0.00")),
            ("1e-999999999999999999", Some("0.00")),
            ("1e1000000000000000000", None),
            (
                "99999999999999999999999999.99",
                Some("99999999999999999999999999.99"),
            ),
            ("99999999999999999999999999.995", None),
            ("nan", None),
            ("Infinity", None),
            ("\u{661}\u{662}", Some("12.00")),
            ("1 2", None),
            (".5", Some("0.50")),
            ("5.", Some("5.00")),
            (".", None),
        ];
        for (text, want) in cases {
            assert_eq!(normalize_decimal(text).as_deref(), want, "{text:?}");
        }
    }

    #[test]
    fn datetimes() {
        let cases = [
            ("2020-01-02T03:04:05", Some("2020-01-02T03:04:05")),
            ("2020-1-2 3:4:5.5", Some("2020-01-02T03:04:05.500000")),
            ("2020-01-01t00:00:00Z", Some("2020-01-01T00:00:00Z")),
            (
                "2020-01-01T00:00:00+00:00:00.5",
                Some("2019-12-31T23:59:59Z"),
            ),
            ("0005-01-02", Some("5-01-02")),
            ("0001-01-01T00:00:00+01:00", None),
            ("2020-02-30", None),
            ("2020-01-01T00:00:60", None),
            ("31/12/2020", Some("2020-12-31")),
            ("12/31/2020", Some("2020-12-31")),
        ];
        for (text, want) in cases {
            assert_eq!(normalize_datetime(text).as_deref(), want, "{text:?}");
        }
    }
}
