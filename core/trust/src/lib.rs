//! TrustDABench trust metrics: reliability (FRR, PRR, NRR, MRS) and robustness (coverage,
//! Acc_clean, ASR, RAD, Acc_rob, ASR per operator and level), cross-dataset Spearman
//! agreement and seeded bootstrap intervals. No IO: inputs are text, outputs are values or JSON.
//! Built on the evaluator crate `tabeq` (its public API only: documents, the JSON writer, and
//! the scorer for manifests of predictions).
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
//! An "Avg." row of either track with a value that averages fewer datasets than the report has
//! gains `"partial": {"of": datasets in the report, "averaged": {"asr_ROS": 1, ...}}` after
//! `"datasets"` (each such value by its CSV column name, with how many datasets it averages);
//! tables mark those values with a dagger and a footnote.
//! From a manifest, the robustness report gains `"scored"`: one
//! `{"line", "model", "dataset", "question_id", "perturbation_id", "operator", "prediction",
//! "task_id", "correct", "error_code"}` per manifest line.
//!
//! ```
//! let records = r#"{"model": "GPT-5.5", "dataset": "DABench", "operator": "FDM", "instance_id": 1, "label": "full"}
//! {"model": "GPT-5.5", "dataset": "DABench", "operator": "EC", "instance_id": 2, "label": "partial"}"#;
//! let report = tabeq_trust::reliability_report_json(records, r#"{"by": ["model"]}"#).unwrap();
//! assert!(report.contains(r#""mrs": 0.75"#));
//! let err = tabeq_trust::reliability_report_json("{\"model\": 1}", "").unwrap_err();
//! assert_eq!((err.code.code(), err.line), ("invalid_field", Some(1)));
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod chart;
pub mod command;
pub mod compare;
pub mod completeness;
pub mod document;
pub mod error;
mod group;
pub mod inspect;
mod json;
pub mod latex;
pub mod manifest;
pub mod operators;
pub mod options;
pub mod records;
pub mod reliability;
pub mod report;
pub mod robustness;
pub mod stats;
pub mod trend;

pub use error::{error_catalogue, TrustError, TrustErrorCode};
pub use group::GroupRow;
#[cfg(feature = "ts")]
#[doc(hidden)]
pub use json::typescript_declarations;
pub use manifest::{FileContent, FileRole};
pub use operators::{Operator, OperatorRegistry, Track};
pub use options::{Bootstrap, GroupKey, ReportOptions};
pub use reliability::ReliabilityReport;
pub use report::Report;
/// The report under the name the evaluator crate gave it (`tabeq::TrustReport`).
pub use report::Report as TrustReport;
pub use robustness::RobustnessReport;

use tabeq::cpython_json::{JsonInput, Out, Value};
use tabeq::doc::Document;
use tabeq::error::{ArgumentError, CodedError};
use tabeq::file_input::FileInput;

/// A track's report as computed from JSON lines: its records, parser and computation.
trait TrackReport: Sized {
    type Record;
    const TRACK: Track;
    const PARSE: records::JsonlParser<Self::Record>;
    const REPORT: fn(&[Self::Record], &ReportOptions) -> Result<Self, TrustError>;
    fn layout(&self) -> &options::TableLayout;
    fn plain_document(&self) -> Document;
}

/// `TrackReport` for a track's report type: its record type, track, parser and computation.
macro_rules! track_report {
    ($report:ty, $record:ty, $track:expr, $parse:path, $compute:path) => {
        impl TrackReport for $report {
            type Record = $record;
            const TRACK: Track = $track;
            const PARSE: records::JsonlParser<Self::Record> = $parse;
            const REPORT: fn(&[Self::Record], &ReportOptions) -> Result<Self, TrustError> =
                $compute;
            fn layout(&self) -> &options::TableLayout {
                &self.layout
            }
            fn plain_document(&self) -> Document {
                <$report>::plain_document(self)
            }
        }
    };
}

track_report!(
    ReliabilityReport,
    records::ReliabilityRecord,
    Track::Reliability,
    records::parse_reliability_input,
    reliability::reliability_report_with
);
track_report!(
    RobustnessReport,
    records::RobustnessRecord,
    Track::Robustness,
    records::parse_robustness_input,
    robustness::robustness_report_with
);

/// A report of one track: the options (for its track), then the records parsed with the
/// options' operators and custom keys, then the report, whose layout is checked against its
/// table (a layout naming no column is an error here, where the report is computed).
fn from_input<T: TrackReport>(
    records: JsonInput<'_>,
    options: JsonInput<'_>,
) -> Result<T, TrustError> {
    let options = options::parse_options_input(options, T::TRACK)?;
    let custom = group::custom_keys(&options.by);
    let records = (T::PARSE)(records, &options.registry, &custom)?;
    let report = (T::REPORT)(&records, &options)?;
    report.layout().apply(&mut report.plain_document())?;
    Ok(report)
}

/// The reliability report of records and options given as text or as values, read in one
/// streaming pass (the fold), not through [`from_input`]'s vector of records.
fn reliability_from_input(
    records: JsonInput<'_>,
    options: JsonInput<'_>,
) -> Result<ReliabilityReport, TrustError> {
    let options = options::parse_options_input(options, Track::Reliability)?;
    let report = reliability::reliability_report_input(records, &options)?;
    report.layout().apply(&mut report.plain_document())?;
    Ok(report)
}

/// The reliability report for JSONL records and options JSON (read in one streaming pass).
pub fn reliability_report(
    records_jsonl: &str,
    options_json: &str,
) -> Result<ReliabilityReport, TrustError> {
    reliability_from_input(
        JsonInput::Text(records_jsonl),
        JsonInput::Text(options_json),
    )
}

/// The robustness report for JSONL records and options JSON.
pub fn robustness_report(
    records_jsonl: &str,
    options_json: &str,
) -> Result<RobustnessReport, TrustError> {
    from_input(
        JsonInput::Text(records_jsonl),
        JsonInput::Text(options_json),
    )
}

/// The reliability report for JSONL records as JSON (see the module docs for the schema).
pub fn reliability_report_json(
    records_jsonl: &str,
    options_json: &str,
) -> Result<String, TrustError> {
    Ok(Report::new("reliability", records_jsonl, options_json, None)?.to_json())
}

/// The robustness report for JSONL records as JSON (see the module docs for the schema).
pub fn robustness_report_json(
    records_jsonl: &str,
    options_json: &str,
) -> Result<String, TrustError> {
    Ok(Report::new("robustness", records_jsonl, options_json, None)?.to_json())
}

/// A report as a [`Document`]: `kind` is `reliability` or `robustness` (records are JSONL),
/// or `spearman` (records are the Spearman input JSON, options unused).
///
/// ```
/// let records = r#"{"model": "m", "dataset": "d", "operator": "FDM", "instance_id": 1, "label": "full"}"#;
/// let doc = tabeq_trust::report_document("reliability", records, "").unwrap();
/// let text = tabeq_trust::render_document(&doc, "text").unwrap();
/// assert!(text.starts_with("Reliability\n===========\n"));
/// assert!(tabeq_trust::render_document(&doc, "svg").unwrap().starts_with("<svg"));
/// ```
pub fn report_document(
    kind: &str,
    records: &str,
    options_json: &str,
) -> Result<Document, TrustError> {
    match kind {
        "reliability" => Ok(reliability_report(records, options_json)?.to_document()),
        "robustness" => Ok(robustness_report(records, options_json)?.to_document()),
        "spearman" => Ok(SpearmanReport::new(records)?.to_document()),
        "operators" => operators_document(options_json),
        other => Err(TrustError::new(
            TrustErrorCode::InvalidOptions,
            format!("unknown report kind {other:?} (reliability, robustness, spearman, operators)"),
        )),
    }
}

/// The formats a trust document renders to: the evaluator's document formats, plus `svg` (its
/// figures stacked in one SVG) and `latex` (its tables as booktabs).
///
/// ```
/// use tabeq_trust::Format;
/// assert_eq!(Format::from_name("latex"), Some(Format::Latex));
/// assert_eq!(Format::from_name("table"), Some(Format::Document(tabeq::doc::Format::Text)));
/// assert_eq!(Format::ALL.map(Format::name), ["text", "markdown", "html", "csv", "svg", "latex"]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// A format every document renders to (`text` is `table` on the command line).
    Document(tabeq::doc::Format),
    /// The document's figures stacked in one SVG (an SVG that says so when it has none).
    Svg,
    /// The document's tables as LaTeX (booktabs).
    Latex,
}

impl Format {
    /// Every format, in the order messages list them.
    pub const ALL: [Format; 6] = {
        let [text, markdown, html, csv] = tabeq::doc::Format::ALL;
        [
            Format::Document(text),
            Format::Document(markdown),
            Format::Document(html),
            Format::Document(csv),
            Format::Svg,
            Format::Latex,
        ]
    };

    /// The format's name.
    pub fn name(self) -> &'static str {
        match self {
            Format::Document(format) => format.name(),
            Format::Svg => "svg",
            Format::Latex => "latex",
        }
    }

    /// The format of this name (`table` is the command line's name of `text`).
    pub fn from_name(name: &str) -> Option<Format> {
        let name = if name == "table" { "text" } else { name };
        Format::ALL.into_iter().find(|f| f.name() == name)
    }
}

/// Render a document in the format of this name (see [`Format`]).
pub fn render_document(doc: &Document, format: &str) -> Result<String, TrustError> {
    let format = Format::from_name(format).ok_or_else(|| {
        let names = Format::ALL.map(Format::name).join(", ");
        TrustError::new(
            TrustErrorCode::InvalidOptions,
            format!("unknown format {format:?} ({names})"),
        )
    })?;
    Ok(render_as(doc, format))
}

/// Render a document in `format`.
pub fn render_as(doc: &Document, format: Format) -> String {
    match format {
        Format::Document(format) => doc.render_as(format),
        Format::Latex => latex::document_to_latex(doc),
        Format::Svg => {
            let figures: Vec<&str> = doc
                .sections
                .iter()
                .flat_map(|s| s.blocks.iter())
                .chain(doc.lead.iter())
                .filter_map(|b| match b {
                    tabeq::doc::Block::Figure { svg, .. } => Some(svg.as_str()),
                    _ => None,
                })
                .collect();
            if figures.is_empty() {
                chart::empty(&doc.title)
            } else {
                chart::stack(&figures)
            }
        }
    }
}

/// The robustness report for a manifest, and every line's verdict.
pub fn robustness_from_manifest(
    manifest_jsonl: &str,
    options_json: &str,
    files: &mut dyn FnMut(&str, FileRole) -> FileContent,
) -> Result<(RobustnessReport, Vec<manifest::ScoredEntry>), TrustError> {
    robustness_from_manifest_input(manifest_jsonl, JsonInput::Text(options_json), files)
}

/// [`robustness_from_manifest`] with the options as text or as a value.
pub fn robustness_from_manifest_input(
    manifest_jsonl: &str,
    options: JsonInput<'_>,
    files: &mut dyn FnMut(&str, FileRole) -> FileContent,
) -> Result<(RobustnessReport, Vec<manifest::ScoredEntry>), TrustError> {
    let options = options::parse_options_input(options, Track::Robustness)?;
    let custom = group::custom_keys(&options.by);
    let scored = manifest::score_manifest_with(manifest_jsonl, &options.registry, &custom, files)?;
    let records: Vec<records::RobustnessRecord> = scored.iter().map(|s| s.record.clone()).collect();
    let report = robustness::robustness_report_with(&records, &options)?;
    report.layout.apply(&mut report.plain_document())?;
    Ok((report, scored))
}

/// The robustness report for a manifest of predictions scored by the tabular evaluator.
/// `files(path, role)` returns the bytes at a manifest path (paths are passed as written;
/// resolving them is the caller's business). The report gains a `"scored"` list.
pub fn robustness_from_manifest_json(
    manifest_jsonl: &str,
    options_json: &str,
    files: &mut dyn FnMut(&str, FileRole) -> FileContent,
) -> Result<String, TrustError> {
    let (report, scored) = robustness_from_manifest(manifest_jsonl, options_json, files)?;
    Ok(report.to_out_scored(Some(&scored)).to_pretty())
}

/// The largest trust-metric input (records, manifest, options) a binding copies in.
pub const MAX_INPUT_BYTES: usize = 64 * 1024 * 1024;

/// A binding's argument as trust-metric input text: required, at most [`MAX_INPUT_BYTES`], and
/// UTF-8 (else `invalid_utf8` at the line of the first bad byte).
///
/// ```
/// use tabeq::file_input::FileInput;
/// let e = tabeq_trust::input_text(FileInput::Bytes(b"{}\n{\xff".to_vec()), "records").unwrap_err();
/// assert_eq!((e.code, e.line), ("invalid_utf8", Some(2)));
/// let e = tabeq_trust::input_text(FileInput::Missing, "records").unwrap_err();
/// assert_eq!((e.code, e.message.as_str()), ("invalid_argument", "records is required"));
/// ```
pub fn input_text(input: FileInput, what: &str) -> Result<String, CodedError> {
    match input {
        FileInput::Bytes(bytes) => String::from_utf8(bytes).map_err(|e| {
            TrustError::invalid_utf8(e.as_bytes(), e.utf8_error().valid_up_to()).into()
        }),
        FileInput::Missing => Err(ArgumentError::required(what)),
        FileInput::TooLarge { at_least, .. } => Err(ArgumentError::TooLarge {
            what: what.into(),
            limit: MAX_INPUT_BYTES,
            at_least,
        }
        .into()),
    }
}

/// What a manifest's files are read with: a path as written and its role, to its content.
pub type FileLookup<'a> = dyn FnMut(&str, FileRole) -> FileContent + 'a;

/// The operator registry as a document (one table: code, name, track, family or kind,
/// difficulty or level).
pub fn operators_document(options_json: &str) -> Result<Document, TrustError> {
    operators_document_input(JsonInput::Text(options_json))
}

/// [`operators_document`] with the options as text or as a value.
pub fn operators_document_input(options: JsonInput<'_>) -> Result<Document, TrustError> {
    use tabeq::doc::{Align, Block, Cell, Column, Section, Table};
    let registry = operator_registry_input(options)?;
    let mut table = Table::new(
        ["code", "name", "track", "family/kind", "difficulty/level"]
            .iter()
            .map(|t| Column::new(*t, Align::Left))
            .collect(),
    );
    for op in registry.operators() {
        let grade = match (op.difficulty, op.level) {
            (Some(d), _) => d.as_str(),
            (None, Some(l)) => l.as_str(),
            (None, None) => "",
        };
        table.push_row(
            [
                op.code.as_str(),
                op.name.as_str(),
                op.track.as_str(),
                op.family.as_str(),
                grade,
            ]
            .iter()
            .map(|t| Cell::text(*t))
            .collect(),
        );
    }
    Ok(Document::new("Operators").section(
        Section::new("Registry")
            .with_id("operators")
            .block(Block::Table(table)),
    ))
}

/// Paired samples, and the names that paired them when given as objects.
struct SpearmanInput {
    x: Vec<f64>,
    y: Vec<f64>,
    keys: Option<Vec<String>>,
    findings: Vec<completeness::Finding>,
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
            findings: Vec::new(),
        }),
        (Some(x @ Value::Object(x_members)), Some(y @ Value::Object(y_members))) => {
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
            let only_x: Vec<&str> = x_members
                .iter()
                .map(|(k, _)| k.as_str())
                .filter(|k| y.get(k).is_none())
                .collect();
            let only_y: Vec<&str> = y_members
                .iter()
                .map(|(k, _)| k.as_str())
                .filter(|k| x.get(k).is_none())
                .collect();
            let findings = completeness::unpaired_keys("Spearman input", &only_x, &only_y);
            Ok(SpearmanInput {
                x: xs,
                y: ys,
                keys: Some(keys),
                findings,
            })
        }
        _ => Err(bad(
            "give {\"x\": [...], \"y\": [...]} (paired lists) or {\"x\": {...}, \"y\": {...}} (paired by key)",
        )),
    }
}

/// Spearman's ρ of paired samples, with its exact or permutation p-value and interval, the
/// names that paired them (when given as objects) and the completeness findings.
#[derive(Debug, Clone, PartialEq)]
pub struct SpearmanReport {
    /// ρ, t and the t-distribution p-value.
    pub spearman: stats::Spearman,
    /// The exact or permutation p-value and the interval of ρ.
    pub exact: stats::SpearmanExact,
    /// The paired names, or `None` for paired lists.
    pub keys: Option<Vec<String>>,
    /// Names on one side only.
    pub findings: Vec<completeness::Finding>,
}

impl SpearmanReport {
    /// Compute ρ: input `{"x": [..], "y": [..]}` or `{"x": {name: v}, "y": {name: v}}` (paired by
    /// the names in both).
    ///
    /// ```
    /// let r = tabeq_trust::SpearmanReport::new(r#"{"x": [1, 2, 3], "y": [1, 3, 2]}"#).unwrap();
    /// assert_eq!(r.summary(), "rho = 0.5000, p = 0.6667, exact p = 1.0000, n = 3");
    /// ```
    pub fn new(input_json: &str) -> Result<SpearmanReport, TrustError> {
        Self::from_input(JsonInput::Text(input_json))
    }

    /// [`SpearmanReport::new`] of the input as text or as a value.
    pub fn from_input(input: JsonInput<'_>) -> Result<SpearmanReport, TrustError> {
        let value = input.value().map_err(|e| {
            TrustError::new(
                TrustErrorCode::InvalidSpearmanInput,
                format!("not JSON: {e}"),
            )
        })?;
        let SpearmanInput {
            x,
            y,
            keys,
            findings,
        } = spearman_input(&value)?;
        Ok(SpearmanReport {
            spearman: stats::spearman(&x, &y)?,
            exact: stats::spearman_exact(&x, &y),
            keys,
            findings,
        })
    }

    /// One line: `rho = …, p = …, <method> p = …, n = …` (`-` for an undefined value).
    pub fn summary(&self) -> String {
        let (s, e) = (&self.spearman, &self.exact);
        format!(
            "rho = {}, p = {}, {} p = {}, n = {}",
            four_places(s.rho),
            four_places(s.p_value),
            e.method.as_str(),
            four_places(e.p_value),
            s.n
        )
    }

    /// The result as a document (for the CLI and the web page).
    pub fn to_document(&self) -> Document {
        use tabeq::doc::{Block, Section, Tone};
        let (s, e) = (&self.spearman, &self.exact);
        let mut items = vec![
            ("n".to_string(), s.n.to_string()),
            ("rho".to_string(), four_places(s.rho)),
            ("p (t, n − 2 df)".to_string(), four_places(s.p_value)),
            (format!("p ({})", e.method.as_str()), four_places(e.p_value)),
        ];
        if let Some((lo, hi)) = e.ci {
            items.push((
                "95% CI (Fisher z)".to_string(),
                format!("[{lo:.4}, {hi:.4}]"),
            ));
        }
        let mut doc = Document::new("Spearman rank correlation").lead(Block::Facts { items });
        if !self.findings.is_empty() {
            let mut section = Section::new("Completeness").with_id("completeness");
            for f in &self.findings {
                section.push(Block::note(
                    Tone::Warning,
                    format!("{}: {}", f.code.code(), f.message),
                ));
            }
            doc = doc.section(section);
        }
        doc
    }
}

/// A value with four decimals, `-` when undefined.
fn four_places(value: Option<f64>) -> String {
    value.map_or("-".to_string(), |v| format!("{v:.4}"))
}

/// Spearman's ρ as JSON: `{"n", "rho", "t", "p_value", "keys", "p_exact", "p_exact_method",
/// "rho_ci", "findings"}` (`keys` is the paired names or `null`; undefined values are `null`).
pub fn spearman_json(input_json: &str) -> Result<String, TrustError> {
    Ok(tabeq::cpython_json::to_tree(&SpearmanReport::new(input_json)?).to_pretty())
}

/// The operator registry: the built-ins plus any in `options_json`'s `operators`.
pub fn operator_registry(options_json: &str) -> Result<OperatorRegistry, TrustError> {
    operator_registry_input(JsonInput::Text(options_json))
}

/// [`operator_registry`] with the options as text or as a value.
pub fn operator_registry_input(options: JsonInput<'_>) -> Result<OperatorRegistry, TrustError> {
    // Registration does not depend on the track; reliability accepts every grouping key.
    Ok(options::parse_options_input(options, Track::Reliability)?.registry)
}

/// The operator registry (built-ins plus any in `options_json`'s `operators`) as a JSON list of
/// `{"code", "name", "track", "family"|"kind", "difficulty"|"level", "builtin"}`.
pub fn operators_json(options_json: &str) -> Result<String, TrustError> {
    Ok(tabeq::cpython_json::to_tree(&operator_registry(options_json)?).to_pretty())
}

/// The operator registry as JSON (`format` `json`, see [`operators_json`]) or as its document
/// rendered in `format` (see [`render_document`]).
pub fn render_operators(options_json: &str, format: &str) -> Result<String, TrustError> {
    render_operators_input(JsonInput::Text(options_json), format)
}

/// [`render_operators`] with the options as text or as a value.
pub fn render_operators_input(options: JsonInput<'_>, format: &str) -> Result<String, TrustError> {
    match format {
        "json" => Ok(tabeq::cpython_json::to_tree(&operator_registry_input(options)?).to_pretty()),
        _ => render_document(&operators_document_input(options)?, format),
    }
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
