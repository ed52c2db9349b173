//! Print the error-code catalogue as JSON (`tabeq::error_catalogue()`), for
//! scripts/test-cross-surface.sh, which checks that every surface lists exactly this catalogue.

fn main() {
    let catalogue = tabeq::error_catalogue();
    println!("{}", tabeq::cpython_json::to_tree(&catalogue).to_pretty());
}
