//! Cell canonicalization: the value a cell stands for under a column rule.
//!
//! ```
//! use tabeq::canon::{canonicalize, Canonical};
//! use tabeq::config::{Rule, Comparison, NumericUnit};
//! let pct = Rule::Number { comparison: Comparison::DecimalPlaces(2), unit: NumericUnit::Fraction, allow_percent_sign: true };
//! assert_eq!(canonicalize(" 12.5% ", &pct).unwrap(), Canonical::Value("0.13".into()));
//! assert_eq!(canonicalize("NaN", &pct).unwrap(), Canonical::Null);
//! assert_eq!(canonicalize("yeſ", &Rule::Boolean).unwrap(), Canonical::Value("true".into()));
//! assert_eq!(canonicalize("1.0", &Rule::Boolean).unwrap_err().kind.code(), "cell_invalid_boolean");
//! ```

use crate::chars::{casefold_for_tokens, is_null_token, python_strip};
use crate::config::Rule;
use crate::config::{CellError, CellErrorKind};
use crate::isodate::{is_canonical_date, parse_official, IsoError};
use crate::number::canonical_number_into;
use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};

/// A canonical cell value. Values are only ever compared under the same rule.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Canonical {
    /// A null (empty text, or a null token for non-text types). Equal only to null.
    Null,
    /// The canonical text of a value.
    Value(String),
}

impl Canonical {
    /// The canonical text, or `None` for null.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Canonical::Null => None,
            Canonical::Value(s) => Some(s),
        }
    }
}

/// Canonicalize text: fold `\r\n` and `\r` to `\n`, Python-strip, NFC; empty is null.
/// NFC is Unicode 14.0's, as in CPython 3.11 (`unicode-normalization` is pinned to 0.1.21).
pub fn canonical_text(raw: &str) -> Canonical {
    let mut out = String::new();
    if canonical_text_into(raw, &mut out) {
        Canonical::Value(out)
    } else {
        Canonical::Null
    }
}

/// [`canonical_text`] appending to `out`; returns false for null.
fn canonical_text_into(raw: &str, out: &mut String) -> bool {
    let folded;
    let text = if raw.contains('\r') {
        folded = raw.replace("\r\n", "\n").replace('\r', "\n");
        folded.as_str()
    } else {
        raw
    };
    let stripped = python_strip(text);
    if stripped.is_empty() {
        return false;
    }
    if stripped.is_ascii() || is_nfc_quick(stripped.chars()) == IsNormalized::Yes {
        out.push_str(stripped);
    } else {
        out.extend(stripped.nfc());
    }
    true
}

/// Canonicalize one cell under a rule.
pub fn canonicalize(raw: &str, rule: &Rule) -> Result<Canonical, CellError> {
    let mut out = String::new();
    Ok(if canonicalize_into(raw, rule, &mut out)? {
        Canonical::Value(out)
    } else {
        Canonical::Null
    })
}

/// Canonicalize one cell, appending the canonical text to `out` (which the caller clears
/// and reuses, so the hot path allocates nothing). Returns `Ok(false)` for a null.
pub fn canonicalize_into(raw: &str, rule: &Rule, out: &mut String) -> Result<bool, CellError> {
    canonical_kind_into(raw, rule, out).map_err(|kind| CellError::new(kind, raw))
}

/// [`canonicalize_into`] without the message: what column readers use, since they only
/// record the kind of a cell that does not read.
pub(crate) fn canonical_kind_into(
    raw: &str,
    rule: &Rule,
    out: &mut String,
) -> Result<bool, CellErrorKind> {
    if let Rule::Text = rule {
        return Ok(canonical_text_into(raw, out));
    }
    let stripped = python_strip(raw);
    if is_null_token(stripped) {
        return Ok(false);
    }
    match rule {
        Rule::Text => out.push_str(stripped),
        Rule::Number {
            comparison,
            unit,
            allow_percent_sign,
        } => canonical_number_into(stripped, *comparison, *unit, *allow_percent_sign, out)?,
        // The common form of a date column is its own canonical form: no parse, no rewrite.
        Rule::Date if is_canonical_date(stripped) => out.push_str(stripped),
        Rule::Date => {
            let dt = parse_official(stripped).map_err(iso_kind)?;
            if !dt.is_midnight() {
                return Err(CellErrorKind::NotMidnight);
            }
            dt.write_date(out)
        }
        Rule::Datetime => parse_official(stripped)
            .map_err(iso_kind)?
            .write_datetime(out),
        Rule::Boolean => match casefold_for_tokens(stripped).as_deref() {
            Some("1" | "true" | "yes" | "y" | "是") => out.push_str("true"),
            Some("0" | "false" | "no" | "n" | "否") => out.push_str("false"),
            _ => return Err(CellErrorKind::InvalidBoolean),
        },
    }
    Ok(true)
}

fn iso_kind(e: IsoError) -> CellErrorKind {
    match e {
        IsoError::Invalid => CellErrorKind::InvalidDatetime,
        IsoError::OutOfRange => CellErrorKind::DatetimeOutOfRange,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_rules() {
        assert_eq!(canonical_text(" a\r\nb "), Canonical::Value("a\nb".into()));
        assert_eq!(canonical_text("e\u{301}"), Canonical::Value("é".into()));
        assert_eq!(canonical_text(" \u{1F} "), Canonical::Null);
        assert_eq!(canonical_text("null"), Canonical::Value("null".into()));
    }

    /// A date in its canonical form is taken as it stands: the general path agrees, for every
    /// month and day around the valid ones, over years at the edges and leap rules.
    #[test]
    fn canonical_dates_take_the_short_path_to_the_same_value() {
        for year in [
            "0000", "0001", "0999", "1900", "2000", "2023", "2024", "9999",
        ] {
            for month in 0..=13 {
                for day in 0..=32 {
                    let raw = format!("{year}-{month:02}-{day:02}");
                    let general = parse_official(&raw)
                        .map(|dt| dt.date_string())
                        .map_err(iso_kind);
                    let mut out = String::new();
                    let short = canonical_kind_into(&raw, &Rule::Date, &mut out).map(|_| out);
                    assert_eq!(short, general, "{raw}");
                    assert_eq!(is_canonical_date(&raw), general.is_ok(), "{raw}");
                }
            }
        }
        for other in [
            "2024-01-1",
            "2024-01-011",
            "2024/01/01",
            "２０２４-01-01",
            " 2024-01-01",
        ] {
            assert!(!is_canonical_date(other), "{other}");
        }
    }

    #[test]
    fn dates() {
        assert_eq!(
            canonicalize("2020-01-01T00:00:00+00:00", &Rule::Date).unwrap(),
            Canonical::Value("2020-01-01".into())
        );
        assert_eq!(
            canonicalize("2020-01-01T05:00:00+05:00", &Rule::Date).unwrap(),
            Canonical::Value("2020-01-01".into())
        );
        assert_eq!(
            canonicalize("2020-01-01T01:00", &Rule::Date)
                .unwrap_err()
                .kind,
            CellErrorKind::NotMidnight
        );
        assert_eq!(
            canonicalize("NaT", &Rule::Datetime).unwrap(),
            Canonical::Null
        );
        assert_eq!(
            canonicalize("2020-01-01T10:00:00.5Z", &Rule::Datetime).unwrap(),
            Canonical::Value("2020-01-01T10:00:00.500000Z".into())
        );
    }
}
