//! What the tests of the worked example share: its files and the rows of its reports.

use serde_json::Value;

/// A file of `tests/vectors/` (links to `examples/trust/`, copied into the packaged crate), so
/// the tests also run inside the unpacked `.crate`.
pub fn vector(name: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/tests/vectors/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

/// A rate as a percentage with the paper's two decimals.
pub fn pct(v: &Value) -> String {
    format!("{:.2}", 100.0 * v.as_f64().unwrap())
}

/// The row of a report section with this key.
pub fn row(rows: &Value, key: Value) -> &Value {
    rows.as_array()
        .unwrap()
        .iter()
        .find(|r| r["key"] == key)
        .unwrap_or_else(|| panic!("no row {key}"))
}

/// The `track` report of a file of `tests/vectors/` under `options`, rendered as `format`.
pub fn rendered(track: &str, name: &str, options: &str, format: &str) -> String {
    let doc = tabeq_trust::report_document(track, &vector(name), options).unwrap();
    tabeq_trust::render_document(&doc, format).unwrap()
}
