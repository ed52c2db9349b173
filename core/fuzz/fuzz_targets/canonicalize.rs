//! Every canonicalizer under every rule (the first two bytes choose the rule, see the crate
//! docs): never panics, and the results obey the rules' algebra — canonical values are fixed
//! points (except significant_digits 0, which rounds 7 to 10 and 10 to 0), surrounding
//! whitespace never matters, a date is a midnight datetime, outputs have their canonical
//! shape and stay short. Numbers are compared with an independent implementation of the spec.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tabeq::canon::{canonicalize, Canonical};
use tabeq::chars::{is_null_token, python_strip};
use tabeq::config::{Comparison, Rule};
use tabeq_fuzz::{reference_number, rule_from_bytes};

fn kind(r: &Result<Canonical, tabeq::CellError>) -> Result<Canonical, &'static str> {
    r.clone().map_err(|e| e.kind.code())
}

fn check_shape(value: &str, raw: &str, rule: &Rule) {
    match rule {
        Rule::Boolean => assert!(value == "true" || value == "false"),
        Rule::Date => assert!(is_date(value), "{value:?}"),
        Rule::Datetime => {
            let (date, time) = value.split_at(10.min(value.len()));
            assert!(is_date(date), "{value:?}");
            let time = time.strip_suffix('Z').unwrap_or(time);
            let b = time.as_bytes();
            assert!(
                (b.len() == 9 || b.len() == 16)
                    && b[0] == b'T'
                    && b[3] == b':'
                    && b[6] == b':'
                    && (b.len() == 9 || b[9] == b'.'),
                "{value:?}"
            );
        }
        Rule::Number { .. } => {
            // Plain decimal without trailing fraction zeros, or d[.ddd]E±n; never "-0".
            assert!(value != "-0" && !value.is_empty(), "{value:?}");
            let mantissa = value.split('E').next().unwrap_or("");
            if let Some((_, frac)) = mantissa.split_once('.') {
                assert!(!frac.is_empty() && !frac.ends_with('0'), "{value:?}");
            }
            assert!(
                value
                    .bytes()
                    .all(|c| c.is_ascii_digit() || b"-.E+".contains(&c)),
                "{value:?}"
            );
            // A cell cannot grow into a huge canonical value.
            assert!(
                value.len() <= raw.len() + 160,
                "{} bytes from {}",
                value.len(),
                raw.len()
            );
        }
        Rule::Text => {}
    }
}

fn is_date(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && b.iter()
            .enumerate()
            .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit())
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 2 {
        return;
    }
    let rule = rule_from_bytes(data[0], data[1]);
    let raw = String::from_utf8_lossy(&data[2..]);
    let result = canonicalize(&raw, &rule);
    if let Rule::Number {
        comparison,
        unit,
        allow_percent_sign,
    } = rule
    {
        // Against an independent implementation of the spec's number rules.
        let stripped = python_strip(&raw);
        let actual = kind(&result);
        if is_null_token(stripped) {
            assert_eq!(actual, Ok(Canonical::Null));
        } else {
            let expected = reference_number(stripped, comparison, unit, allow_percent_sign)
                .map(Canonical::Value);
            assert_eq!(actual, expected, "{raw:?} under {rule:?}");
        }
    }
    if let Err(e) = &result {
        let message = e.message();
        assert!(!message.is_empty());
        // The message quotes at most 80 characters of the cell, each escaped to at most 10.
        assert!(
            message.len() <= 80 * 10 + 100,
            "long message: {} bytes",
            message.len()
        );
    }
    // Surrounding whitespace (Python's isspace, including U+001C..U+001F) is stripped.
    let padded = format!(" \t\u{1f}{raw}\u{3000}\n");
    assert_eq!(
        kind(&canonicalize(&padded, &rule)),
        kind(&result),
        "padding changed {raw:?}"
    );
    let Ok(Canonical::Value(value)) = &result else {
        return;
    };
    check_shape(value, &raw, &rule);
    let not_idempotent = matches!(
        rule,
        Rule::Number {
            comparison: Comparison::SignificantDigits(0),
            ..
        }
    );
    if !not_idempotent {
        assert_eq!(
            canonicalize(value, &rule).ok(),
            Some(Canonical::Value(value.clone())),
            "{raw:?} -> {value:?} is not a fixed point under {rule:?}"
        );
    }
    match rule {
        Rule::Date => {
            let dt = canonicalize(&raw, &Rule::Datetime).expect("a date reads as a datetime");
            let dt = dt.as_str().unwrap_or_default().to_string();
            assert!(
                dt == format!("{value}T00:00:00") || dt == format!("{value}T00:00:00Z"),
                "{raw:?}: date {value} vs datetime {dt}"
            );
        }
        Rule::Datetime => {
            let is_midnight = value[10..].starts_with("T00:00:00") && value.len() <= 20;
            let date = canonicalize(&raw, &Rule::Date).ok();
            assert_eq!(
                date.is_some(),
                is_midnight,
                "{raw:?}: datetime {value} vs date {date:?}"
            );
        }
        _ => {}
    }
});
