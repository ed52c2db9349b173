//! The catalogue of every stable error code, on top of every layer: each family's codes come
//! from the module that raises them. The trust metrics (crate `tabeq-trust`) add their family on
//! top (`tabeq_trust::error_catalogue`), which is the list the bindings return.

use crate::config::CellErrorKind;
use crate::config::FatalCode;
use crate::csv::CsvErrorKind;
use crate::error::{BindingErrorCode, CatalogueEntry, OutputErrorCode};
use crate::evaluate::TaskErrorCode;

/// Every stable error code any surface (Rust, Python, JavaScript) can report, grouped by
/// family, each with its stage and one description. `tabeq.error_codes()` and
/// `errorCodes()` return this list with the trust family (`tabeq_trust::error_catalogue`).
///
/// ```
/// let catalogue = tabeq::error_catalogue();
/// let missing = catalogue.iter().find(|e| e.code == "missing_prediction").unwrap();
/// assert_eq!((missing.family, missing.description), ("task", "No prediction file."));
/// let gold = catalogue.iter().find(|e| e.code == "gold_missing").unwrap();
/// assert_eq!((gold.family, gold.stage), ("fatal", Some("gold")));
/// ```
pub fn error_catalogue() -> Vec<CatalogueEntry> {
    /// `(code, description)` pairs, as `code_enum!` lists them.
    type Codes = &'static [(&'static str, &'static str)];
    // (family, codes, stage); a fatal code's stage depends on the code.
    let families: [(&str, Codes, Option<&str>); 6] = [
        ("task", TaskErrorCode::CODES, None),
        ("csv", CsvErrorKind::CODES, Some("csv")),
        ("cell", CellErrorKind::CODES, Some("cell")),
        ("fatal", FatalCode::CODES, None),
        ("binding", BindingErrorCode::CODES, Some("argument")),
        ("output", OutputErrorCode::CODES, Some("output")),
    ];
    let mut out = Vec::new();
    for (family, codes, stage) in families {
        for &(code, description) in codes {
            let fatal_stage = FatalCode::from_code(code).map(|c| c.stage().as_str());
            out.push(CatalogueEntry {
                code,
                family,
                stage: stage.or(fatal_stage.filter(|_| family == "fatal")),
                description,
            });
        }
    }
    out
}
