//! The registry against the fixture set every language shares (`tests/fixtures/profiles.json`):
//! the same names in the same order, and the same verdict for each case. The Python
//! (`tests/python/test_profiles.py`) and Node (`tests/wasm/profiles.test.mjs`) tests read it too.

use std::path::PathBuf;

use serde_json::Value;
use tabeq_surface::{score, OptionValue, Profile, ScoreOptions, LIMITS, PROFILES};

fn fixtures() -> Value {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/profiles.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn option(value: &Value) -> OptionValue {
    match value {
        Value::Bool(b) => OptionValue::Bool(*b),
        Value::Number(n) => OptionValue::Number(n.as_f64().unwrap()),
        Value::String(s) => OptionValue::Text(s.clone()),
        other => panic!("an option fixture of another type: {other}"),
    }
}

#[test]
fn the_registry_lists_the_fixture_names_in_order() {
    let names: Vec<&str> = PROFILES.iter().map(|p| p.name).collect();
    let expected: Vec<String> = serde_json::from_value(fixtures()["names"].clone()).unwrap();
    assert_eq!(names, expected);
    for info in PROFILES {
        assert_eq!(Profile::from_name(info.name), Some(info.profile));
        assert!(info.spec.starts_with("docs/spec/"));
        let spec = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../..")
            .join(info.spec);
        assert!(
            spec.is_file(),
            "{} names a spec page that exists",
            info.name
        );
    }
}

#[test]
fn every_case_gets_its_verdict() {
    let cases = fixtures()["cases"].as_array().unwrap().clone();
    let mut seen = std::collections::BTreeSet::new();
    for case in &cases {
        let profile = Profile::parse(case["profile"].as_str().unwrap()).unwrap();
        seen.insert(profile.name());
        let pairs = case["options"]
            .as_object()
            .unwrap()
            .iter()
            .map(|(k, v)| (k.clone(), option(v)))
            .collect();
        let options = ScoreOptions::from_pairs(profile, pairs).unwrap();
        let prediction = case["prediction"].as_str().unwrap().as_bytes();
        let gold = case["gold"].as_str().unwrap().as_bytes();
        let outcome = score(profile, prediction, gold, &options).unwrap();
        assert_eq!(outcome.passed, case["passed"].as_bool().unwrap(), "{case}");
        assert_eq!(outcome.score, case["score"].as_f64().unwrap(), "{case}");
        assert_eq!(outcome.profile, profile.name());
    }
    assert_eq!(seen.len(), PROFILES.len(), "a case for every profile");
}

#[test]
fn the_registry_limits_are_the_profile_crates() {
    let bytes = |name| Profile::from_name(name).unwrap().info().max_input_bytes;
    assert_eq!(
        bytes("spider2-lite"),
        tabeq_surface::spider2::MAX_FILE_BYTES
    );
    assert_eq!(
        bytes("kddcup-phase1"),
        tabeq_surface::kddcup::MAX_FILE_BYTES
    );
    assert_eq!(
        bytes("dataspace"),
        tabeq_surface::evaluator::csv::MAX_CSV_BYTES as u64
    );
    assert!(LIMITS.iter().any(|l| l.name == "MAX_KDDCUP_FILE_BYTES"));
}

#[test]
fn a_bad_input_is_a_coded_error_never_a_panic() {
    let options = ScoreOptions::default();
    for profile in PROFILES.iter().map(|p| p.profile) {
        for (prediction, gold) in [
            (&b"\xff\xfe"[..], &b"[1"[..]),
            (b"[[1], [2, 3]]", b"[[1]]"),
            (b"", b""),
        ] {
            // Either a verdict or a coded error from the catalogue.
            if let Err(e) = score(profile, prediction, gold, &options) {
                let catalogue = tabeq_surface::trust::error_catalogue();
                assert!(
                    catalogue.iter().any(|entry| entry.code == e.code),
                    "{}: {} is catalogued",
                    profile.name(),
                    e.code
                );
            }
        }
    }
}
