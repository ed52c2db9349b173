//! Print the error-code catalogue as JSON (`tabeq_trust::error_catalogue()`: the evaluator's
//! catalogue with the trust family), for scripts/test-cross-surface.sh and
//! tests/wasm/objects.test.mjs, which check that every surface lists exactly this catalogue.

fn main() {
    let catalogue = tabeq_trust::error_catalogue();
    println!("{}", tabeq::cpython_json::to_tree(&catalogue).to_pretty());
}
