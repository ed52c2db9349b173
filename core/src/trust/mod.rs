//! TrustDABench trust metrics: reliability (FRR, PRR, NRR, MRS) and robustness (coverage,
//! Acc_clean, ASR, RAD, Acc_rob, ASR per operator and level), cross-dataset Spearman
//! agreement and seeded bootstrap intervals. No IO: inputs are text, outputs are values or JSON.
//! Definitions: `docs/spec/trust-metrics.md`; guide: `docs/trust-metrics.md`.
//!
//! # JSON API (stable; what the Python, CLI and WASM surfaces call)
//!
//! ```text
//! reliability_report_json(records_jsonl: &str, options_json: &str) -> Result<String, TrustError>
//! robustness_report_json(records_jsonl: &str, options_json: &str) -> Result<String, TrustError>
//! robustness_from_manifest_json(manifest_jsonl: &str, options_json: &str,
//!     files: &mut dyn FnMut(&str, FileRole) -> FileContent) -> Result<String, TrustError>
//! spearman_json(input_json: &str) -> Result<String, TrustError>
//! operators_json(options_json: &str) -> Result<String, TrustError>
//! error_codes_json() -> String
//! ```
//!
//! Inputs are JSON lines (blank lines skipped; see [`records`] and [`manifest`] for the
//! formats). `options_json` is `""` or an object `{"by", "operators", "bootstrap"}` (see
//! [`options`]). Errors carry a stable snake_case code and the 1-based line at fault
//! ([`TrustError::to_json`] gives `{"code", "line", "message"}`).
//!
//! Outputs are JSON objects (two-space indented). Rates are fractions in 0..1 (tables show
//! percentages); undefined values are `null`; groups are sorted (models and datasets by text,
//! operators in registry order), so record order never changes the output.
//!
//! Reliability: `{"track": "reliability", "by", "records", "bootstrap", "overall", "groups",
//! "dataset_average", "families", "pooled", "rank_agreement"}` where each row of `overall`,
//! `groups`, `families` and `pooled` is
//! `{"key": {...}, "n", "full", "partial", "none", "frr", "prr", "nrr", "mrs", "ci"}`,
//! `dataset_average` rows are `{"key", "datasets", "frr", "prr", "nrr", "mrs", "ci"}` and
//! `rank_agreement` rows `{"datasets": [a, b], "metric": "mrs", "models", "n", "rho", "t", "p_value"}`.
//! `ci` is `null` without a bootstrap, else `{"frr": [lo, hi], ...}`.
//!
//! Robustness: `{"track": "robustness", "by", "originals", "perturbations", "bootstrap",
//! "overall", "groups", "dataset_average"}`; a row is `{"key", "n", "covered", "coverage",
//! "correct", "acc_clean", "excluded", "perturbations", "attacks", "flips", "asr", "rad",
//! "acc_rob", "asr_by_operator": [{"operator", "level", "perturbations", "attacks", "flips", "asr"}],
//! "asr_by_level": [{"level", "perturbations", "attacks", "flips", "asr"} × 4], "ci"}`;
//! `dataset_average` rows are `{"key", "datasets", "coverage", "acc_clean", "asr", "rad",
//! "acc_rob", "asr_by_operator": [{"operator", "level", "asr"}], "asr_by_level": [{"level", "asr"}], "ci"}`.
//! From a manifest, the robustness report gains `"scored"`: one
//! `{"line", "model", "dataset", "question_id", "perturbation_id", "operator", "prediction",
//! "task_id", "correct", "error_code"}` per manifest line.
//!
//! ```
//! let records = r#"{"model": "GPT-5.5", "dataset": "DABench", "operator": "FDM", "instance_id": 1, "label": "full"}
//! {"model": "GPT-5.5", "dataset": "DABench", "operator": "EC", "instance_id": 2, "label": "partial"}"#;
//! let report = tabeq::trust::reliability_report_json(records, r#"{"by": ["model"]}"#).unwrap();
//! assert!(report.contains(r#""mrs": 0.75"#));
//! let err = tabeq::trust::reliability_report_json("{\"model\": 1}", "").unwrap_err();
//! assert_eq!((err.code.code(), err.line), ("invalid_field", Some(1)));
//! ```

pub mod error;
mod group;
pub mod manifest;
pub mod operators;
pub mod options;
pub mod records;
pub mod reliability;
pub mod robustness;
pub mod stats;

pub use error::{TrustError, TrustErrorCode};
pub use manifest::{FileContent, FileRole};
pub use operators::{Operator, OperatorRegistry, Track};
pub use options::{Bootstrap, GroupKey, ReportOptions};
pub use reliability::ReliabilityReport;
pub use robustness::RobustnessReport;

use crate::pyjson::{parse, Out, Value};

/// The reliability report for JSONL records (see the module docs for formats and schema).
pub fn reliability_report_json(
    records_jsonl: &str,
    options_json: &str,
) -> Result<String, TrustError> {
    let options = options::parse_options(options_json, Track::Reliability)?;
    let records = records::parse_reliability_jsonl(records_jsonl, &options.registry)?;
    let report = reliability::reliability_report(
        &records,
        &options.registry,
        &options.by,
        options.bootstrap.as_ref(),
    )?;
    Ok(report.to_out().to_pretty())
}

/// The robustness report for JSONL records (see the module docs for formats and schema).
pub fn robustness_report_json(
    records_jsonl: &str,
    options_json: &str,
) -> Result<String, TrustError> {
    let options = options::parse_options(options_json, Track::Robustness)?;
    let records = records::parse_robustness_jsonl(records_jsonl, &options.registry)?;
    let report = robustness::robustness_report(
        &records,
        &options.registry,
        &options.by,
        options.bootstrap.as_ref(),
    )?;
    Ok(report.to_out().to_pretty())
}

/// The robustness report for a manifest of predictions scored by the tabular evaluator.
/// `files(path, role)` returns the bytes at a manifest path (paths are passed as written;
/// resolving them is the caller's business). The report gains a `"scored"` list.
pub fn robustness_from_manifest_json(
    manifest_jsonl: &str,
    options_json: &str,
    files: &mut dyn FnMut(&str, FileRole) -> FileContent,
) -> Result<String, TrustError> {
    let options = options::parse_options(options_json, Track::Robustness)?;
    let scored = manifest::score_manifest(manifest_jsonl, &options.registry, files)?;
    let records: Vec<records::RobustnessRecord> = scored.iter().map(|s| s.record.clone()).collect();
    let report = robustness::robustness_report(
        &records,
        &options.registry,
        &options.by,
        options.bootstrap.as_ref(),
    )?;
    let mut out = report.to_out();
    if let Out::Object(members) = &mut out {
        members.push((
            "scored".into(),
            Out::Array(scored.iter().map(|s| s.to_out(&options.registry)).collect()),
        ));
    }
    Ok(out.to_pretty())
}

/// Paired samples, and the names that paired them when given as objects.
struct SpearmanInput {
    x: Vec<f64>,
    y: Vec<f64>,
    keys: Option<Vec<String>>,
}

fn spearman_input(value: &Value) -> Result<SpearmanInput, TrustError> {
    let bad = |m: &str| TrustError::new(TrustErrorCode::InvalidSpearmanInput, m);
    let number = |v: &Value| match v {
        Value::Int(i) => Ok(*i as f64),
        Value::Float(f) => Ok(*f),
        _ => Err(bad("every value must be a number")),
    };
    match (value.get("x"), value.get("y")) {
        (Some(Value::Array(x)), Some(Value::Array(y))) => Ok(SpearmanInput {
            x: x.iter().map(number).collect::<Result<_, _>>()?,
            y: y.iter().map(number).collect::<Result<_, _>>()?,
            keys: None,
        }),
        (Some(x @ Value::Object(x_members)), Some(y @ Value::Object(_))) => {
            // Paired by key, in x's order (duplicate keys keep the last value, like JSON
            // objects everywhere else); keys missing from y are skipped.
            let mut keys: Vec<String> = Vec::new();
            let (mut xs, mut ys) = (Vec::new(), Vec::new());
            for (k, _) in x_members {
                if keys.contains(k) {
                    continue;
                }
                let (Some(xv), Some(yv)) = (x.get(k), y.get(k)) else {
                    continue;
                };
                keys.push(k.clone());
                xs.push(number(xv)?);
                ys.push(number(yv)?);
            }
            Ok(SpearmanInput {
                x: xs,
                y: ys,
                keys: Some(keys),
            })
        }
        _ => Err(bad(
            "give {\"x\": [...], \"y\": [...]} (paired lists) or {\"x\": {...}, \"y\": {...}} (paired by key)",
        )),
    }
}

/// Spearman's ρ: input `{"x": [..], "y": [..]}` or `{"x": {name: v}, "y": {name: v}}` (paired by
/// the names in both); output `{"n", "rho", "t", "p_value", "keys"}` (`keys` is the paired names
/// or `null`; `rho`/`p_value` are `null` when undefined).
pub fn spearman_json(input_json: &str) -> Result<String, TrustError> {
    let value = parse(input_json).map_err(|e| {
        TrustError::new(
            TrustErrorCode::InvalidSpearmanInput,
            format!("not JSON: {e}"),
        )
    })?;
    let SpearmanInput { x, y, keys } = spearman_input(&value)?;
    let s = stats::spearman(&x, &y)?;
    let num = |v: Option<f64>| v.filter(|v| v.is_finite()).map_or(Out::Null, Out::Float);
    Ok(Out::Object(vec![
        ("n".into(), Out::Int(s.n as i64)),
        ("rho".into(), num(s.rho)),
        ("t".into(), num(s.t)),
        ("p_value".into(), num(s.p_value)),
        (
            "keys".into(),
            keys.map_or(Out::Null, |k| {
                Out::Array(k.into_iter().map(Out::Str).collect())
            }),
        ),
    ])
    .to_pretty())
}

/// The operator registry (built-ins plus any in `options_json`'s `operators`) as a JSON list of
/// `{"code", "name", "track", "family"|"kind", "difficulty"|"level", "builtin"}`.
pub fn operators_json(options_json: &str) -> Result<String, TrustError> {
    // Registration does not depend on the track; reliability accepts every grouping key.
    let options = options::parse_options(options_json, Track::Reliability)?;
    Ok(options.registry.to_out().to_pretty())
}

/// Every trust error code as a JSON list of strings.
pub fn error_codes_json() -> String {
    Out::Array(
        TrustErrorCode::ALL
            .iter()
            .map(|c| Out::Str(c.code().into()))
            .collect(),
    )
    .to_pretty()
}
