//! The shared trust fixtures (`tests/fixtures/trust/`): each case's JSON, as the core writes it,
//! is the saved file byte for byte. The Node tests check that the WebAssembly module hands the
//! same objects to JavaScript (`tests/wasm/trust.test.mjs`). `TABEQ_BLESS=1` rewrites the files.

use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;
use tabeq_trust::{self as trust, FileContent, FileRole};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A case's input: a file under the repository root, or the inline JSON.
fn input(case: &Value) -> String {
    match &case["input"] {
        Value::String(path) => fs::read_to_string(root().join(path)).unwrap(),
        Value::Null => String::new(),
        inline => inline.to_string(),
    }
}

fn json_of(case: &Value) -> String {
    let options = case.get("options").map_or(String::new(), Value::to_string);
    let text = input(case);
    let result = match case["kind"].as_str().unwrap() {
        "reliability" => trust::reliability_report_json(&text, &options),
        "robustness" => trust::robustness_report_json(&text, &options),
        "manifest" => {
            let base = root().join(case["input"].as_str().unwrap());
            let dir = base.parent().unwrap().to_path_buf();
            let mut files = |path: &str, _: FileRole| match fs::read(dir.join(path)) {
                Ok(bytes) => FileContent::Bytes(bytes),
                Err(_) => FileContent::Missing,
            };
            trust::robustness_from_manifest_json(&text, &options, &mut files)
        }
        "spearman" => trust::spearman_json(&text),
        "operators" => trust::operators_json(&options),
        other => panic!("unknown kind {other}"),
    };
    result.unwrap() + "\n"
}

#[test]
fn every_case_writes_its_saved_json() {
    let dir = root().join("tests/fixtures/trust");
    let cases: Vec<Value> =
        serde_json::from_str(&fs::read_to_string(dir.join("cases.json")).unwrap()).unwrap();
    assert!(cases.len() >= 9);
    let bless = std::env::var_os("TABEQ_BLESS").is_some();
    for case in &cases {
        let name = case["name"].as_str().unwrap();
        let path = dir.join("expected").join(format!("{name}.json"));
        let json = json_of(case);
        if bless {
            fs::write(&path, &json).unwrap();
        }
        assert_eq!(fs::read_to_string(&path).unwrap(), json, "{name}");
    }
}
