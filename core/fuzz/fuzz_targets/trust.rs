//! The trust-metric JSON entry points (`tabeq_trust::*_json`): any text gives a report or a
//! coded error, never a panic; reports are valid JSON. The first byte chooses the entry point;
//! the rest is split at 0xFF bytes into records (or input), options and, for the manifest, the
//! prediction file's bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tabeq::file_problem::FileProblem;
use tabeq::CsvError;
use tabeq_trust::{self as trust, FileContent, FileRole};

const GOLD: &[u8] = b"name,value\nAlice,1.5\nBob,2\n";
const CONFIG: &[u8] = br#"{"schema_version": "1.0", "task_id": "task_1", "order_sensitive": false,
  "columns": [{"gold_index": 0, "gold_name": "name", "type": "text"},
              {"gold_index": 1, "gold_name": "value", "type": "number", "comparison": {"mode": "decimal_places", "digits": 1}}]}"#;

fn check(result: Result<String, trust::TrustError>) {
    match result {
        Ok(json) => assert!(
            tabeq::cpython_json::parse(&json).is_ok(),
            "report is not JSON"
        ),
        Err(e) => {
            assert!(!e.code.code().is_empty());
            assert!(tabeq::cpython_json::parse(&e.to_json()).is_ok());
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let mut parts = rest.split(|&b| b == 0xFF);
    let text = String::from_utf8_lossy(parts.next().unwrap_or_default()).into_owned();
    let options = String::from_utf8_lossy(parts.next().unwrap_or_default()).into_owned();
    let file = parts.next().map(<[u8]>::to_vec);
    match selector % 5 {
        0 => check(trust::reliability_report_json(&text, &options)),
        1 => check(trust::robustness_report_json(&text, &options)),
        2 => check(trust::spearman_json(&text)),
        3 => check(trust::operators_json(&options)),
        _ => {
            let mut files = |path: &str, role: FileRole| match (role, path) {
                (FileRole::Gold, "missing.csv") | (FileRole::Config, "missing.json") => {
                    FileContent::Missing
                }
                (FileRole::Gold, _) => FileContent::Bytes(GOLD.to_vec()),
                (FileRole::Config, _) => FileContent::Bytes(CONFIG.to_vec()),
                (FileRole::Prediction, "invalid.csv") => {
                    FileContent::Invalid(CsvError::file("invalid.csv", FileProblem::NotRegular))
                }
                (FileRole::Prediction, _) => match &file {
                    Some(bytes) => FileContent::Bytes(bytes.clone()),
                    None => FileContent::Missing,
                },
            };
            check(trust::robustness_from_manifest_json(
                &text, &options, &mut files,
            ));
        }
    }
});
