//! Drift tests: every Unicode-dependent rule of tabeq against what CPython 3.11 (Unicode
//! 14.0, the reference interpreter) says, over the whole code space.
//!
//! `data/unicode_14_0.json` is written by `python3.11 scripts/gen_unicode_tables.py`. A table of
//! ours or a dependency (unicode-normalization) moving to another Unicode version fails here.

use std::collections::HashMap;

use serde_json::Value;
use tabeq::canon::{canonicalize, Canonical};
use tabeq::chars::{
    casefold_for_tokens, decimal_digit_value, is_python_printable, is_python_space, python_strip,
};
use tabeq::config::Rule;
use tabeq::isodate::parse_official;
use unicode_normalization::char::{canonical_combining_class, compose};
use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};

fn tables() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/unicode_14_0.json");
    let text = std::fs::read_to_string(path).expect("core/tests/data/unicode_14_0.json");
    let tables: Value = serde_json::from_str(&text).expect("valid JSON");
    assert_eq!(tables["unicode_version"], "14.0.0");
    assert!(tables["python"].as_str().unwrap().starts_with("3.11."));
    tables
}

fn entries<'a>(tables: &'a Value, key: &str) -> &'a Vec<Value> {
    tables[key]
        .as_array()
        .unwrap_or_else(|| panic!("{key} is a list"))
}

fn int(v: &Value) -> u32 {
    v.as_u64().expect("an integer") as u32
}

fn chars_of(v: &Value) -> String {
    v.as_array()
        .expect("a list of code points")
        .iter()
        .map(|cp| char::from_u32(int(cp)).expect("a scalar value"))
        .collect()
}

/// `[code point, [code points]]` entries as a map from code point to text.
fn mappings(tables: &Value, key: &str) -> HashMap<u32, String> {
    entries(tables, key)
        .iter()
        .map(|e| (int(&e[0]), chars_of(&e[1])))
        .collect()
}

/// Every Unicode scalar value (all code points but the surrogates).
fn all_chars() -> impl Iterator<Item = char> {
    (0..=0x10FFFF).filter_map(char::from_u32)
}

/// `[first, last, value...]` runs, expanded to a map from code point to the run.
fn runs(tables: &Value, key: &str) -> HashMap<u32, Vec<u32>> {
    let mut out = HashMap::new();
    for run in entries(tables, key) {
        let run: Vec<u32> = run.as_array().unwrap().iter().map(int).collect();
        for cp in run[0]..=run[1] {
            out.insert(cp, run.clone());
        }
    }
    out
}

/// Every code point `c` for which `differs(c)` must be none (shown as `U+XXXX`).
fn assert_every_char(what: &str, differs: impl Fn(char) -> bool) {
    let mismatches = all_chars()
        .filter(|&c| differs(c))
        .map(|c| format!("U+{:04X}", c as u32))
        .collect();
    assert_no_drift(what, mismatches);
}

/// At most a few mismatches are shown; the count says how far the drift goes.
fn assert_no_drift(what: &str, mismatches: Vec<String>) {
    assert!(
        mismatches.is_empty(),
        "{what}: {} code points differ from CPython 3.11 (Unicode 14.0), e.g. {:?}",
        mismatches.len(),
        &mismatches[..mismatches.len().min(8)]
    );
}

#[test]
fn normalization_library_is_unicode_14() {
    assert_eq!(unicode_normalization::UNICODE_VERSION, (14, 0, 0));
}

#[test]
fn whitespace_is_python_isspace() {
    let spaces = runs(&tables(), "python_space");
    assert_every_char("str.isspace", |c| {
        is_python_space(c) != spaces.contains_key(&(c as u32))
    });
    for &cp in spaces.keys() {
        let c = char::from_u32(cp).unwrap();
        assert_eq!(python_strip(&format!("{c}x{c}")), "x");
    }
}

#[test]
fn printable_is_python_isprintable() {
    let not_printable = runs(&tables(), "python_not_printable");
    assert_every_char("str.isprintable", |c| {
        is_python_printable(c) == not_printable.contains_key(&(c as u32))
    });
}

#[test]
fn decimal_digits_are_python_decimals() {
    let digits = runs(&tables(), "decimal_digits");
    assert_every_char("\\d and Decimal digits", |c| {
        let want = digits
            .get(&(c as u32))
            .map(|run| (c as u32 - run[0] + run[2]) as u8);
        decimal_digit_value(c) != want
    });
}

#[test]
fn casefold_reaches_tokens_exactly_as_python() {
    let tables = tables();
    let folds: HashMap<u32, String> = entries(&tables, "casefold_into_tokens")
        .iter()
        .map(|e| (int(&e[0]), e[1].as_str().unwrap().to_owned()))
        .collect();
    assert_every_char("casefold into token characters", |c| {
        !c.is_ascii()
            && c != '是'
            && c != '否'
            && casefold_for_tokens(&c.to_string()) != folds.get(&(c as u32)).cloned()
    });
}

#[test]
fn combining_classes_are_unicode_14() {
    let classes = runs(&tables(), "ccc");
    assert_every_char("canonical combining class", |c| {
        let want = classes.get(&(c as u32)).map_or(0, |run| run[2]);
        u32::from(canonical_combining_class(c)) != want
    });
}

/// NFD of one code point by the Hangul algorithm, as CPython 3.11 computes it.
fn hangul_nfd(c: char) -> Option<String> {
    let index = (c as u32).checked_sub(0xAC00).filter(|&i| i < 11_172)?;
    let lead = char::from_u32(0x1100 + index / 588)?;
    let vowel = char::from_u32(0x1161 + index % 588 / 28)?;
    let mut out = format!("{lead}{vowel}");
    if index % 28 != 0 {
        out.push(char::from_u32(0x11A7 + index % 28)?);
    }
    Some(out)
}

#[test]
fn decompositions_are_unicode_14() {
    let tables = tables();
    let nfd = mappings(&tables, "nfd");
    assert_every_char("NFD", |c| {
        let want = hangul_nfd(c)
            .or_else(|| nfd.get(&(c as u32)).cloned())
            .unwrap_or_else(|| c.to_string());
        c.to_string().nfd().collect::<String>() != want
    });
}

#[test]
fn compositions_are_unicode_14() {
    let tables = tables();
    let nfc = mappings(&tables, "nfc");
    assert_every_char("NFC of one code point", |c| {
        let text = c.to_string();
        let want = nfc
            .get(&(c as u32))
            .cloned()
            .unwrap_or_else(|| text.clone());
        let quick_yes = is_nfc_quick(text.chars()) == IsNormalized::Yes;
        text.nfc().collect::<String>() != want || (quick_yes && want != text)
    });
    let listed: std::collections::HashSet<(u32, u32, u32)> = entries(&tables, "compositions")
        .iter()
        .map(|e| (int(&e[0]), int(&e[1]), int(&e[2])))
        .collect();
    // Every pair the library composes must be a Unicode 14.0 composition.
    assert_every_char("compositions unknown to Unicode 14.0", |c| {
        if hangul_nfd(c).is_some() {
            return false; // algorithmic, as in every version
        }
        let decomposed: Vec<char> = c.to_string().nfd().collect();
        let Some((&last, init)) = decomposed.split_last() else {
            return false;
        };
        let head: Vec<char> = init.iter().copied().nfc().collect();
        match head.as_slice() {
            [a] => {
                compose(*a, last) == Some(c)
                    && !listed.contains(&(*a as u32, last as u32, c as u32))
            }
            _ => false,
        }
    });
    let mut mismatches = Vec::new();
    for e in entries(&tables, "compositions") {
        let (a, b, composite) = (int(&e[0]), int(&e[1]), int(&e[2]));
        let (a, b) = (char::from_u32(a).unwrap(), char::from_u32(b).unwrap());
        if compose(a, b) != char::from_u32(composite) {
            mismatches.push(format!("U+{:04X} U+{:04X}", a as u32, b as u32));
        }
        // And through the text rule, which skips NFC when the quick check allows it.
        let want = Canonical::Value(char::from_u32(composite).unwrap().to_string());
        if tabeq::canon::canonical_text(&format!("{a}{b}")) != want {
            mismatches.push(format!("text {:04X} {:04X}", a as u32, b as u32));
        }
    }
    assert_no_drift("primary compositions", mismatches);
}

/// Python's naive `isoformat()` of the UTC value (the offset, if any, already applied).
fn naive_isoformat(text: &str) -> Option<String> {
    let value = parse_official(text).ok()?.datetime_string();
    Some(value.trim_end_matches('Z').to_owned())
}

#[test]
fn any_code_point_separates_date_and_time() {
    let tables = tables();
    for template in entries(&tables, "separators") {
        let pattern = template["template"].as_str().unwrap();
        // Each value with the runs of code points that give it (a handful of runs in all).
        let accepted: Vec<(String, Vec<(u32, u32)>)> = template["accepted"]
            .as_object()
            .unwrap()
            .iter()
            .map(|(value, value_runs)| {
                let value_runs = value_runs.as_array().unwrap();
                let runs = value_runs.iter().map(|r| (int(&r[0]), int(&r[1])));
                (value.clone(), runs.collect())
            })
            .collect();
        let mut mismatches = Vec::new();
        for c in all_chars().filter(|&c| c != 'Z') {
            let text = pattern.replace("{}", &c.to_string());
            let cp = c as u32;
            let want = accepted
                .iter()
                .find(|(_, runs)| runs.iter().any(|&(lo, hi)| (lo..=hi).contains(&cp)))
                .map(|(value, _)| value.clone());
            if naive_isoformat(&text) != want {
                mismatches.push(format!("{text:?}"));
            }
            // The date rule on the same text: a midnight value is its date.
            if let Some(day) = want.as_deref().and_then(|v| v.strip_suffix("T00:00:00")) {
                let got = canonicalize(&text, &Rule::Date).ok();
                if got != Some(Canonical::Value(day.to_owned())) {
                    mismatches.push(format!("date {text:?}"));
                }
            }
        }
        assert_no_drift(pattern, mismatches);
    }
}
