//! Loading the public conformance vectors, shared by the integration tests that replay them.

use base64::Engine;
use tabeq::cpython_json::{self, Value};

/// Every case of `tests/conformance/cases.jsonl` (the official vectors) followed by those of
/// `tests/conformance/unicode_cases.jsonl` (official results on inputs from all of Unicode), read
/// through the symlinks in `core/tests/vectors/` so that the packaged crate (where cargo stores the
/// files themselves) finds them too.
pub fn cases() -> Vec<Value> {
    ["cases.jsonl", "unicode_cases.jsonl"]
        .iter()
        .flat_map(|name| read_cases(name))
        .collect()
}

fn read_cases(name: &str) -> Vec<Value> {
    let path = format!("{}/tests/vectors/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).expect("conformance vectors are in tests/vectors");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| cpython_json::parse(l).expect("valid JSONL"))
        .collect()
}

/// A CSV field of a case: `name` as text, or `name_b64` as base64 bytes; `None` when absent.
pub fn bytes_field(case: &Value, name: &str) -> Option<Vec<u8>> {
    if let Some(Value::Str(s)) = case.get(name) {
        return Some(s.as_bytes().to_vec());
    }
    match case.get(&format!("{name}_b64")) {
        Some(Value::Str(s)) => Some(
            base64::engine::general_purpose::STANDARD
                .decode(s)
                .expect("base64"),
        ),
        _ => None,
    }
}
