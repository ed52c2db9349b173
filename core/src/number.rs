//! Exact decimal parsing and half-up rounding at any magnitude.
//!
//! A number is kept as sign, digit string and power-of-ten exponent, so `1e99` at two
//! decimal places (which needs more than 100 digits and aborts the official evaluator)
//! is compared exactly, and `1e999999999` costs a few bytes, not a gigabyte.

use crate::chars::decimal_digit_value;
use crate::config::CellErrorKind;
use crate::config::{Comparison, NumericUnit};

/// When the plain form would need more than this many zeros besides the significant
/// digits, the canonical form switches to scientific notation (`1E+999999999`). This bounds
/// a canonical value by its cell's length (a 12-byte cell cannot become a gigabyte); both
/// forms are unique per value and a plain form never contains `E`, so equality of canonical
/// strings is still equality of values.
const MAX_PADDING_ZEROS: i64 = 128;

/// The largest adjusted exponent CPython's `Decimal` constructor accepts (libmpdec MAX_EMAX).
const MAX_ADJUSTED_EXPONENT: i128 = 999_999_999_999_999_999;
/// The smallest exponent it accepts (libmpdec MIN_ETINY).
const MIN_EXPONENT: i128 = -1_999_999_999_999_999_997;
/// The default decimal context's precision, used by the official `value / 100`.
const DEFAULT_CONTEXT_PRECISION: i64 = 28;
/// The default context's `Emin`, kept by the official `localcontext()` too.
const DEFAULT_CONTEXT_EMIN: i64 = -999_999;
/// The smallest exponent of a result in the default context: `Etiny = Emin - prec + 1`.
const DEFAULT_CONTEXT_ETINY: i64 = DEFAULT_CONTEXT_EMIN - DEFAULT_CONTEXT_PRECISION + 1;
/// The smallest exponent in the official rounding context (precision 100, default `Emin`):
/// a rounding quantum below it underflows to `0E-1000098`, so rounding happens there.
const ROUNDING_CONTEXT_ETINY: i64 = DEFAULT_CONTEXT_EMIN - 100 + 1;

/// An exact decimal: `(-1)^negative × digits × 10^exponent`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decimal {
    negative: bool,
    /// Digit values 0..=9, most significant first, without leading zeros (empty for zero).
    digits: Vec<u8>,
    exponent: i64,
}

impl Decimal {
    fn is_zero(&self) -> bool {
        self.digits.is_empty()
    }

    fn trim_leading_zeros(&mut self) {
        let lead = self.digits.iter().take_while(|&&d| d == 0).count();
        self.digits.drain(..lead);
    }

    /// Remove trailing zeros, moving them into the exponent.
    fn normalize(&mut self) {
        self.trim_leading_zeros();
        while self.digits.last() == Some(&0) {
            self.digits.pop();
            self.exponent += 1;
        }
        if self.digits.is_empty() {
            self.negative = false;
            self.exponent = 0;
        }
    }

    /// Exponent of the most significant digit (Python's `Decimal.adjusted()`).
    fn adjusted(&self) -> i64 {
        self.exponent + self.digits.len() as i64 - 1
    }

    /// Round so that no digit below `10^quantum` remains; ties away from zero.
    fn round_half_up_at(&mut self, quantum: i64) {
        self.round_at(quantum, false);
    }

    /// Round so that no digit below `10^quantum` remains; ties away from zero, or to even.
    fn round_at(&mut self, quantum: i64, ties_to_even: bool) {
        if self.exponent >= quantum {
            return;
        }
        let drop = quantum - self.exponent; // > 0
        let len = self.digits.len() as i64;
        if drop > len {
            // Everything dropped is below half a unit.
            self.digits.clear();
            self.exponent = quantum;
            return;
        }
        let keep = (len - drop) as usize;
        let first = self.digits[keep];
        let round_up = if ties_to_even {
            let rest_nonzero = self.digits[keep + 1..].iter().any(|&d| d != 0);
            let last_kept_odd = keep > 0 && self.digits[keep - 1] % 2 == 1;
            first > 5 || (first == 5 && (rest_nonzero || last_kept_odd))
        } else {
            first >= 5
        };
        self.digits.truncate(keep);
        self.exponent = quantum;
        if round_up {
            self.increment();
        }
    }

    /// Round as the default decimal context does an operation's result: to 28 significant
    /// digits, ties to even, and never below `Etiny` (subnormal results lose digits).
    fn round_in_default_context(&mut self) {
        self.trim_leading_zeros();
        if self.is_zero() {
            return;
        }
        let quantum = (self.adjusted() - DEFAULT_CONTEXT_PRECISION + 1).max(DEFAULT_CONTEXT_ETINY);
        self.round_at(quantum, true);
    }

    /// Add one unit in the last place.
    fn increment(&mut self) {
        for d in self.digits.iter_mut().rev() {
            if *d == 9 {
                *d = 0;
            } else {
                *d += 1;
                return;
            }
        }
        self.digits.insert(0, 1);
    }

    fn is_integral(&self) -> bool {
        let mut n = self.clone();
        n.normalize();
        n.exponent >= 0
    }

    /// The canonical text: plain decimal without trailing zeros, `0` for any zero.
    pub fn canonical_string(&self) -> String {
        let mut n = self.clone();
        n.normalize();
        if n.is_zero() {
            return "0".into();
        }
        let digits: String = n.digits.iter().map(|d| (b'0' + d) as char).collect();
        let sign = if n.negative { "-" } else { "" };
        let len = digits.len() as i64;
        let padding = if n.exponent >= 0 {
            n.exponent
        } else {
            (-n.exponent - len).max(0)
        };
        if padding > MAX_PADDING_ZEROS {
            let (head, tail) = digits.split_at(1);
            let dot = if tail.is_empty() { "" } else { "." };
            let adj = n.adjusted();
            return format!(
                "{sign}{head}{dot}{tail}E{}{}",
                if adj < 0 { "-" } else { "+" },
                adj.unsigned_abs()
            );
        }
        if n.exponent >= 0 {
            format!("{sign}{digits}{}", "0".repeat(n.exponent as usize))
        } else {
            let point = len + n.exponent;
            if point > 0 {
                format!(
                    "{sign}{}.{}",
                    &digits[..point as usize],
                    &digits[point as usize..]
                )
            } else {
                format!("{sign}0.{}{digits}", "0".repeat((-point) as usize))
            }
        }
    }
}

/// Parse the official number syntax (after strip, null check and `%` removal):
/// `^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$` with Unicode decimal digits, or the
/// thousands-separated form when the text contains a comma.
pub fn parse_number_text(text: &str) -> Result<Decimal, CellErrorKind> {
    let chars: Vec<char> = text.chars().collect();
    if chars.contains(&',') {
        if !matches_thousands(&chars) {
            return Err(CellErrorKind::InvalidThousandsSeparators);
        }
        let without: Vec<char> = chars.into_iter().filter(|&c| c != ',').collect();
        return parse_plain(&without);
    }
    parse_plain(&chars)
}

fn count_digits(chars: &[char], from: usize) -> usize {
    chars[from..]
        .iter()
        .take_while(|&&c| decimal_digit_value(c).is_some())
        .count()
}

/// `^[+-]?\d{1,3}(,\d{3})+(\.\d+)?([eE][+-]?\d+)?$`
fn matches_thousands(chars: &[char]) -> bool {
    let mut i = 0;
    if matches!(chars.first(), Some('+' | '-')) {
        i += 1;
    }
    let lead = count_digits(chars, i);
    if !(1..=3).contains(&lead) {
        return false;
    }
    i += lead;
    let mut groups = 0;
    while chars.get(i) == Some(&',') {
        if count_digits(chars, i + 1) < 3 {
            return false;
        }
        // Exactly three digits: a fourth digit would have to be followed by a comma.
        i += 4;
        groups += 1;
    }
    if groups == 0 {
        return false;
    }
    if chars.get(i) == Some(&'.') {
        let n = count_digits(chars, i + 1);
        if n == 0 {
            return false;
        }
        i += 1 + n;
    }
    exponent_then_end(chars, i)
}

fn exponent_then_end(chars: &[char], mut i: usize) -> bool {
    if matches!(chars.get(i), Some('e' | 'E')) {
        i += 1;
        if matches!(chars.get(i), Some('+' | '-')) {
            i += 1;
        }
        let n = count_digits(chars, i);
        if n == 0 {
            return false;
        }
        i += n;
    }
    i == chars.len()
}

fn parse_plain(chars: &[char]) -> Result<Decimal, CellErrorKind> {
    let mut i = 0;
    let negative = chars.first() == Some(&'-');
    if matches!(chars.first(), Some('+' | '-')) {
        i += 1;
    }
    let int_len = count_digits(chars, i);
    let int_digits = &chars[i..i + int_len];
    i += int_len;
    let mut frac_digits: &[char] = &[];
    if chars.get(i) == Some(&'.') {
        let n = count_digits(chars, i + 1);
        frac_digits = &chars[i + 1..i + 1 + n];
        i += 1 + n;
        if int_len == 0 && n == 0 {
            return Err(CellErrorKind::InvalidNumber);
        }
    } else if int_len == 0 {
        return Err(CellErrorKind::InvalidNumber);
    }
    let mut exponent: i128 = 0;
    if matches!(chars.get(i), Some('e' | 'E')) {
        i += 1;
        let exp_negative = chars.get(i) == Some(&'-');
        if matches!(chars.get(i), Some('+' | '-')) {
            i += 1;
        }
        let n = count_digits(chars, i);
        if n == 0 {
            return Err(CellErrorKind::InvalidNumber);
        }
        for &c in &chars[i..i + n] {
            let d = decimal_digit_value(c).unwrap_or(0) as i128;
            // Saturate far beyond the accepted range; the range check below rejects it.
            exponent = (exponent * 10 + d).min(1 << 100);
        }
        if exp_negative {
            exponent = -exponent;
        }
        i += n;
    }
    if i != chars.len() {
        return Err(CellErrorKind::InvalidNumber);
    }
    let digits: Vec<u8> = int_digits
        .iter()
        .chain(frac_digits)
        .map(|&c| decimal_digit_value(c).unwrap_or(0))
        .collect();
    let exponent = exponent - frac_digits.len() as i128;
    let mut value = Decimal {
        negative,
        digits,
        exponent: 0,
    };
    value.trim_leading_zeros();
    let adjusted = exponent + value.digits.len().max(1) as i128 - 1;
    if adjusted > MAX_ADJUSTED_EXPONENT || exponent < MIN_EXPONENT {
        return Err(CellErrorKind::NumberOutOfRange);
    }
    value.exponent = exponent as i64;
    Ok(value)
}

/// The common case without allocation beyond the result: ASCII `[+-]?digits[.digits]`
/// with at most 19 digits (so u64 arithmetic is exact), and a decimal-places or integer comparison. Returns `None` to
/// defer to the general path (which gives identical results).
fn canonical_number_fast(
    text: &str,
    comparison: Comparison,
    out: &mut String,
) -> Option<Result<(), CellErrorKind>> {
    let bytes = text.as_bytes();
    let (negative, body) = match bytes.first()? {
        b'-' => (true, &bytes[1..]),
        b'+' => (false, &bytes[1..]),
        _ => (false, bytes),
    };
    let mut mantissa: u64 = 0;
    let mut digits = 0usize;
    let mut scale: Option<u32> = None; // digits after the point
    for &b in body {
        match b {
            b'0'..=b'9' => {
                digits += 1;
                if digits > 19 {
                    return None;
                }
                mantissa = mantissa * 10 + (b - b'0') as u64;
                if let Some(s) = scale.as_mut() {
                    *s += 1;
                }
            }
            b'.' if scale.is_none() => scale = Some(0),
            _ => return None,
        }
    }
    if digits == 0 {
        return None;
    }
    let scale = scale.unwrap_or(0);
    let pow = |e: u32| 10u64.pow(e);
    let (value, places) = match comparison {
        Comparison::Integer => {
            if scale > 0 && !mantissa.is_multiple_of(pow(scale)) {
                return Some(Err(CellErrorKind::NotAnInteger));
            }
            (mantissa / pow(scale), 0)
        }
        Comparison::DecimalPlaces(d) => {
            if scale > d {
                let divisor = pow(scale - d);
                let (q, r) = (mantissa / divisor, mantissa % divisor);
                (if r >= divisor - r { q + 1 } else { q }, d)
            } else {
                (mantissa, scale)
            }
        }
        Comparison::SignificantDigits(_) => return None,
    };
    // Most cells are already canonical (no `+`, no leading zero, no rounding, no trailing
    // fractional zero): then the text itself is the canonical form.
    let unchanged = places == scale
        && value != 0
        && bytes[0] != b'+'
        && !(body[0] == b'0' && body.get(1).is_some_and(u8::is_ascii_digit))
        && body[0] != b'.'
        && (scale == 0 && body.last() != Some(&b'.')
            || scale > 0 && body.last().is_some_and(|&b| b != b'0'));
    if unchanged {
        out.push_str(text);
        return Some(Ok(()));
    }
    if value == 0 {
        out.push('0');
        return Some(Ok(()));
    }
    // Remove trailing zeros of the fraction.
    let (mut value, mut places) = (value, places as usize);
    while places > 0 && value % 10 == 0 {
        value /= 10;
        places -= 1;
    }
    // Written right to left into a buffer without allocating: at most 20 integer digits, 19
    // fraction digits, the point and the sign.
    let mut text = [0u8; 48];
    let mut at = text.len();
    let mut put = |b: u8| {
        at -= 1;
        text[at] = b;
    };
    for _ in 0..places {
        // Zeros once the digits run out: `0.00123`.
        put(b'0' + (value % 10) as u8);
        value /= 10;
    }
    if places > 0 {
        put(b'.');
    }
    if value == 0 {
        put(b'0');
    }
    while value > 0 {
        put(b'0' + (value % 10) as u8);
        value /= 10;
    }
    if negative {
        put(b'-');
    }
    // ASCII bytes pushed one by one cost less than checking them as UTF-8 for so short a text.
    out.reserve(text.len() - at);
    for &b in &text[at..] {
        out.push(char::from(b));
    }
    Some(Ok(()))
}

/// Canonicalize a stripped, non-null number cell under a column's comparison.
pub fn canonical_number(
    text: &str,
    comparison: Comparison,
    unit: NumericUnit,
    allow_percent_sign: bool,
) -> Result<String, CellErrorKind> {
    let mut out = String::new();
    canonical_number_into(text, comparison, unit, allow_percent_sign, &mut out)?;
    Ok(out)
}

/// [`canonical_number`] appending to `out` (no allocation in the common case).
pub fn canonical_number_into(
    text: &str,
    comparison: Comparison,
    unit: NumericUnit,
    allow_percent_sign: bool,
    out: &mut String,
) -> Result<(), CellErrorKind> {
    if let Some(result) = canonical_number_fast(text, comparison, out) {
        return result;
    }
    if not_plain_ascii_number(text) {
        // What the general path finds, without collecting the characters.
        return Err(CellErrorKind::InvalidNumber);
    }
    out.push_str(&canonical_number_general(
        text,
        comparison,
        unit,
        allow_percent_sign,
    )?);
    Ok(())
}

/// Whether `text` is ASCII without `,` or a final `%` (so the general path reads it with the
/// plain syntax alone) and does not match that syntax,
/// `^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$`: the general path then fails with
/// `InvalidNumber` (text cells met under a number rule).
fn not_plain_ascii_number(text: &str) -> bool {
    let bytes = text.as_bytes();
    if !text.is_ascii() || bytes.contains(&b',') || bytes.last() == Some(&b'%') {
        return false;
    }
    let digits_from = |i: usize| {
        bytes[i.min(bytes.len())..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count()
    };
    let mut i = usize::from(matches!(bytes.first(), Some(b'+' | b'-')));
    let whole = digits_from(i);
    i += whole;
    if bytes.get(i) == Some(&b'.') {
        let fraction = digits_from(i + 1);
        if whole == 0 && fraction == 0 {
            return true;
        }
        i += 1 + fraction;
    } else if whole == 0 {
        return true;
    }
    if matches!(bytes.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(bytes.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        let exponent = digits_from(i);
        if exponent == 0 {
            return true;
        }
        i += exponent;
    }
    i != bytes.len()
}

/// The general path of [`canonical_number`]: any syntax, any magnitude.
fn canonical_number_general(
    text: &str,
    comparison: Comparison,
    unit: NumericUnit,
    allow_percent_sign: bool,
) -> Result<String, CellErrorKind> {
    let mut body = text;
    let has_percent = body.ends_with('%');
    if has_percent {
        if !allow_percent_sign {
            return Err(CellErrorKind::PercentNotAllowed);
        }
        body = crate::chars::python_strip(&body[..body.len() - 1]);
    }
    let mut value = parse_number_text(body)?;
    if has_percent && unit == NumericUnit::Fraction {
        // The official evaluator divides in the default context (28 digits, Emin -999999).
        value.exponent -= 2;
        value.round_in_default_context();
    }
    match comparison {
        Comparison::Integer => {
            if !value.is_integral() {
                return Err(CellErrorKind::NotAnInteger);
            }
        }
        Comparison::DecimalPlaces(d) => value.round_half_up_at(-(d as i64)),
        Comparison::SignificantDigits(d) => {
            if !value.is_zero() {
                // `Decimal(1).scaleb(q)` underflows to `0E-1000098` below Etiny.
                let quantum = (value.adjusted() - d as i64 + 1).max(ROUNDING_CONTEXT_ETINY);
                value.round_half_up_at(quantum);
            }
        }
    }
    Ok(value.canonical_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(text: &str, cmp: Comparison) -> Result<String, CellErrorKind> {
        canonical_number(text, cmp, NumericUnit::Plain, true)
    }

    /// The early refusal of ASCII text that is no number says what the general path says,
    /// and refuses no text the general path reads.
    #[test]
    fn early_refusal_agrees_with_the_general_path() {
        let alphabet = b"0123456789+-.eEx%, ";
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut refused = 0;
        for _ in 0..50_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let length = 1 + (state % 9) as usize;
            let text: String = (0..length)
                .map(|i| alphabet[(state >> (6 * i)) as usize % alphabet.len()] as char)
                .collect();
            let general = canonical_number_general(
                &text,
                Comparison::DecimalPlaces(2),
                NumericUnit::Plain,
                true,
            );
            if not_plain_ascii_number(&text) {
                refused += 1;
                assert_eq!(general, Err(CellErrorKind::InvalidNumber), "{text:?}");
            }
        }
        assert!(refused > 1000);
        for number in ["1", "-1.", ".5", "+2e-3", "1E5", "007.0"] {
            assert!(!not_plain_ascii_number(number), "{number}");
        }
    }

    #[test]
    fn rounding() {
        use Comparison::*;
        assert_eq!(c("2.345", DecimalPlaces(2)).unwrap(), "2.35");
        assert_eq!(c("-2.345", DecimalPlaces(2)).unwrap(), "-2.35");
        assert_eq!(c("-0.004", DecimalPlaces(2)).unwrap(), "0");
        assert_eq!(c("0.995", DecimalPlaces(2)).unwrap(), "1");
        assert_eq!(c("100", DecimalPlaces(2)).unwrap(), "100");
        assert_eq!(c("7", SignificantDigits(0)).unwrap(), "10");
        assert_eq!(c("3", SignificantDigits(0)).unwrap(), "0");
        assert_eq!(c("12345", SignificantDigits(2)).unwrap(), "12000");
        assert_eq!(c("0.0012345", SignificantDigits(3)).unwrap(), "0.00123");
        assert_eq!(c("3.0", Integer).unwrap(), "3");
        assert_eq!(c("3.5", Integer), Err(CellErrorKind::NotAnInteger));
        assert_eq!(c("1,234.5", DecimalPlaces(0)).unwrap(), "1235");
        assert_eq!(
            c("12,34", DecimalPlaces(0)),
            Err(CellErrorKind::InvalidThousandsSeparators)
        );
        assert_eq!(
            c("1,2345", DecimalPlaces(0)),
            Err(CellErrorKind::InvalidThousandsSeparators)
        );
        assert_eq!(c("５.５", DecimalPlaces(0)).unwrap(), "6");
        assert_eq!(c("1e٢", DecimalPlaces(0)).unwrap(), "100");
        assert_eq!(c(".5", DecimalPlaces(1)).unwrap(), "0.5");
        assert_eq!(c("5.", DecimalPlaces(1)).unwrap(), "5");
        assert_eq!(c(".", DecimalPlaces(1)), Err(CellErrorKind::InvalidNumber));
        assert_eq!(
            c("inf", DecimalPlaces(1)),
            Err(CellErrorKind::InvalidNumber)
        );
    }

    #[test]
    fn fast_path_agrees_with_general_path() {
        let mut state = 12345u64;
        let mut next = |m: u64| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) % m
        };
        let alphabet = b"01234567890123456789012345678901234567899.-+";
        for _ in 0..200_000 {
            let len = 1 + next(34) as usize;
            let text: String = (0..len)
                .map(|_| alphabet[next(alphabet.len() as u64) as usize] as char)
                .collect();
            for cmp in [
                Comparison::Integer,
                Comparison::DecimalPlaces(next(31) as u32),
            ] {
                let mut out = String::new();
                if let Some(fast) = canonical_number_fast(&text, cmp, &mut out) {
                    let general = canonical_number_general(&text, cmp, NumericUnit::Plain, false);
                    assert_eq!(fast.map(|()| out), general, "{text:?} {cmp:?}");
                }
            }
        }
    }

    #[test]
    fn huge_values_are_exact() {
        let s = c("1e99", Comparison::DecimalPlaces(2)).unwrap();
        assert_eq!(s, format!("1{}", "0".repeat(99)));
        assert_eq!(c("1e200", Comparison::DecimalPlaces(2)).unwrap(), "1E+200");
        assert_eq!(
            c("1.5e-200", Comparison::SignificantDigits(2)).unwrap(),
            "1.5E-200"
        );
        let s = c("1e999999999", Comparison::Integer).unwrap();
        assert_eq!(s, "1E+999999999");
        assert_ne!(
            c("1e999999999", Comparison::Integer),
            c("1e999999998", Comparison::Integer)
        );
        assert_eq!(
            c("1e1000000000000000000", Comparison::Integer),
            Err(CellErrorKind::NumberOutOfRange)
        );
    }

    #[test]
    fn exponent_floor_of_the_decimal_contexts() {
        use Comparison::*;
        use NumericUnit::{Fraction, Plain};
        let cases = [
            // Significant digits round at no finer than 10^-1000098 (precision 100, Emin -999999).
            ("1e-1000099", Plain, SignificantDigits(3), "0"),
            ("5e-1000099", Plain, SignificantDigits(1), "1E-1000098"),
            ("1.5e-1000097", Plain, SignificantDigits(1), "2E-1000097"),
            // A quantum beyond `scaleb`'s range (|q| > 2 × (Emax + 100)) makes the official
            // evaluator raise InvalidOperation and abort; the value is far below the floor: 0.
            ("55e-133333333333333333", Plain, SignificantDigits(4), "0"),
            ("1e-2000170", Plain, SignificantDigits(30), "0"),
            // `% / 100` in the default context: 28 digits, never below 10^-1000026.
            ("1.5e-1000027%", Fraction, Integer, "0"),
            (
                "2.5e-1000024%",
                Fraction,
                SignificantDigits(5),
                "2E-1000026",
            ),
            (
                "3.5e-1000024%",
                Fraction,
                SignificantDigits(5),
                "4E-1000026",
            ),
            (
                "1.23456789012345678901234567891e-1000000%",
                Fraction,
                SignificantDigits(30),
                "1.234567890123456789012346E-1000002",
            ),
        ];
        for (text, unit, comparison, want) in cases {
            let got = canonical_number(text, comparison, unit, true);
            assert_eq!(got.as_deref(), Ok(want), "{text} {comparison:?}");
        }
    }

    #[test]
    fn percent_fraction_uses_28_digit_context() {
        let r = canonical_number(
            "12345678901234567890123456789%",
            Comparison::DecimalPlaces(30),
            NumericUnit::Fraction,
            true,
        );
        assert_eq!(r.unwrap(), "123456789012345678901234567.9");
        assert_eq!(
            canonical_number(
                "5%",
                Comparison::DecimalPlaces(2),
                NumericUnit::Fraction,
                true
            )
            .unwrap(),
            "0.05"
        );
        assert_eq!(
            canonical_number(
                "5 %",
                Comparison::DecimalPlaces(2),
                NumericUnit::PercentagePoints,
                true
            )
            .unwrap(),
            "5"
        );
        assert_eq!(
            canonical_number(
                "5%",
                Comparison::DecimalPlaces(2),
                NumericUnit::Plain,
                false
            ),
            Err(CellErrorKind::PercentNotAllowed)
        );
    }
}
