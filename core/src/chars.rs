//! Character classes with CPython 3.11 (Unicode 14.0) semantics.
//!
//! The official evaluator relies on `str.strip()`, `str.casefold()` and the `\d` of
//! Python's `re`, all of which differ from Rust's built-ins in small but scoring-relevant
//! ways (U+001C..U+001F are whitespace in Python; `ſ` folds to `s`; `\d` is any Nd digit).
//! Every table here is checked over all code points against CPython 3.11's answers by
//! `core/tests/unicode_tables.rs` (data from `scripts/gen_unicode_tables.py`).

/// `str.isspace()` in CPython 3.11: Unicode White_Space plus U+001C..U+001F.
pub fn is_python_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n'
            | '\u{0B}'
            | '\u{0C}'
            | '\r'
            | '\u{1C}'..='\u{1F}'
            | ' '
            | '\u{85}'
            | '\u{A0}'
            | '\u{1680}'
            | '\u{2000}'..='\u{200A}'
            | '\u{2028}'
            | '\u{2029}'
            | '\u{202F}'
            | '\u{205F}'
            | '\u{3000}'
    )
}

/// Python's `str.strip()` with no arguments.
pub fn python_strip(s: &str) -> &str {
    // Fast path: printable ASCII at both ends means nothing to strip.
    if let (Some(&first), Some(&last)) = (s.as_bytes().first(), s.as_bytes().last()) {
        if (0x21..0x7f).contains(&first) && (0x21..0x7f).contains(&last) {
            return s;
        }
    }
    s.trim_matches(is_python_space)
}

/// Code points of the digit zero of every Nd run in Unicode 14.0; each run is ten
/// consecutive code points with values 0..9 (checked against CPython 3.11).
const DECIMAL_ZEROS: [u32; 66] = [
    0x30, 0x660, 0x6f0, 0x7c0, 0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6, 0xd66,
    0xde6, 0xe50, 0xed0, 0xf20, 0x1040, 0x1090, 0x17e0, 0x1810, 0x1946, 0x19d0, 0x1a80, 0x1a90,
    0x1b50, 0x1bb0, 0x1c40, 0x1c50, 0xa620, 0xa8d0, 0xa900, 0xa9d0, 0xa9f0, 0xaa50, 0xabf0, 0xff10,
    0x104a0, 0x10d30, 0x11066, 0x110f0, 0x11136, 0x111d0, 0x112f0, 0x11450, 0x114d0, 0x11650,
    0x116c0, 0x11730, 0x118e0, 0x11950, 0x11c50, 0x11d50, 0x11da0, 0x16a60, 0x16ac0, 0x16b50,
    0x1d7ce, 0x1d7d8, 0x1d7e2, 0x1d7ec, 0x1d7f6, 0x1e140, 0x1e2f0, 0x1e950, 0x1fbf0,
];

/// The value of a Unicode decimal digit (category Nd), as Python's `\d` and `Decimal` see it.
pub fn decimal_digit_value(c: char) -> Option<u8> {
    let cp = c as u32;
    if (0x30..=0x39).contains(&cp) {
        return Some((cp - 0x30) as u8);
    }
    if cp < 0x660 {
        return None;
    }
    // The table is sorted: find the last zero at or below cp.
    let idx = DECIMAL_ZEROS.partition_point(|&z| z <= cp);
    let zero = *DECIMAL_ZEROS.get(idx.checked_sub(1)?)?;
    let offset = cp - zero;
    if offset < 10 {
        Some(offset as u8)
    } else {
        None
    }
}

/// Python's `s.casefold()`, but only as far as needed to compare against the short
/// token lists (null tokens, boolean words). Returns `None` when the folded text contains
/// a character outside ASCII and `是`/`否`, which can then never equal a token.
pub fn casefold_for_tokens(s: &str) -> Option<String> {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            'A'..='Z' => out.push(c.to_ascii_lowercase()),
            '\0'..='\u{7F}' | '是' | '否' => out.push(c),
            '\u{DF}' | '\u{1E9E}' => out.push_str("ss"),
            '\u{17F}' => out.push('s'),
            '\u{212A}' => out.push('k'),
            '\u{FB00}' => out.push_str("ff"),
            '\u{FB01}' => out.push_str("fi"),
            '\u{FB02}' => out.push_str("fl"),
            '\u{FB03}' => out.push_str("ffi"),
            '\u{FB04}' => out.push_str("ffl"),
            '\u{FB05}' | '\u{FB06}' => out.push_str("st"),
            _ => return None,
        }
    }
    Some(out)
}

/// The tokens that mean "no value" for every column type except text.
pub const NULL_TOKENS: [&str; 6] = ["", "null", "none", "nan", "nat", "<na>"];

/// True when the stripped text is a null token after casefolding.
pub fn is_null_token(stripped: &str) -> bool {
    // Every token has at most four characters and casefolding never shortens text, so
    // longer cells (nearly all of them) are rejected without allocating.
    if stripped.chars().nth(4).is_some() {
        return false;
    }
    match casefold_for_tokens(stripped) {
        Some(folded) => NULL_TOKENS.contains(&folded.as_str()),
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn python_whitespace_includes_information_separators() {
        assert_eq!(python_strip("\u{1C}\u{1F} x \u{3000}"), "x");
        assert_eq!(python_strip("\u{200B}x"), "\u{200B}x"); // ZWSP is not whitespace
    }

    #[test]
    fn unicode_digits() {
        assert_eq!(decimal_digit_value('7'), Some(7));
        assert_eq!(decimal_digit_value('５'), Some(5));
        assert_eq!(decimal_digit_value('٣'), Some(3));
        assert_eq!(decimal_digit_value('२'), Some(2));
        assert_eq!(decimal_digit_value('²'), None); // No, not Nd
        assert_eq!(decimal_digit_value('a'), None);
        assert_eq!(decimal_digit_value('\u{1FBF9}'), Some(9));
        assert_eq!(decimal_digit_value('\u{1FBFA}'), None);
    }

    #[test]
    fn casefold_tokens() {
        assert!(is_null_token("NaN"));
        assert!(is_null_token("<NA>"));
        assert!(is_null_token(""));
        assert!(!is_null_token("nul"));
        assert_eq!(casefold_for_tokens("yeſ").as_deref(), Some("yes"));
        assert_eq!(casefold_for_tokens("ＹＥＳ"), None);
    }
}
