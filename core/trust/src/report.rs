//! One computed trust report and all that a surface asks of it: its JSON, its document, flat
//! rows per section and one CSV of every section (Python's `rows()`/`to_csv()`, `tabeq trust
//! --format csv`). The bindings translate types; the shapes are decided here.

use tabeq::cpython_json::{python_float_repr, to_tree, JsonInput, Out};
use tabeq::doc::Document;

use super::error::{TrustError, TrustErrorCode};
use super::manifest::ScoredEntry;
use super::{FileLookup, ReliabilityReport, RobustnessReport};

/// A reliability or robustness report (with the manifest's verdicts when scored from tables).
#[derive(Debug, Clone, PartialEq)]
// Built once per call and used in place (never collected), so the size difference is harmless.
#[allow(clippy::large_enum_variant)]
pub enum Report {
    /// FRR, PRR, NRR, MRS.
    Reliability(ReliabilityReport),
    /// Acc_clean, ASR, RAD, Acc_rob; `scored` when computed from a manifest.
    Robustness(RobustnessReport, Option<Vec<ScoredEntry>>),
}

/// The report's JSON shape (with `scored` when scored from a manifest): what
/// [`Report::to_json`] prints and what the WebAssembly module hands to JavaScript as an object.
impl serde::Serialize for Report {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Report::Reliability(r) => r.serialize(serializer),
            Report::Robustness(r, scored) => {
                super::json::Scored(r, scored.as_deref()).serialize(serializer)
            }
        }
    }
}

/// Flat-row sections of each track, in report order.
const RELIABILITY_SECTIONS: &[&str] =
    &["overall", "groups", "dataset_average", "families", "pooled"];
const ROBUSTNESS_SECTIONS: &[&str] = &["overall", "groups", "dataset_average", "scored"];

/// The rates of flat rows (after the row's counts), and those with intervals.
const RELIABILITY_RATES: &[&str] = &["frr", "prr", "nrr", "mrs"];
const ROBUSTNESS_RATES: &[&str] = &["coverage", "acc_clean", "asr", "rad", "acc_rob"];

impl Report {
    /// Compute a report: `kind` is `reliability` or `robustness` (records are JSON lines); with
    /// `files`, robustness is scored from a manifest whose paths `files` reads.
    ///
    /// ```
    /// use tabeq_trust::Report;
    /// let records = r#"{"model": "m", "dataset": "d", "operator": "FDM", "instance_id": 1, "label": "full"}"#;
    /// let report = Report::new("reliability", records, r#"{"by": "model"}"#, None).unwrap();
    /// assert_eq!(report.sections(), ["overall", "groups", "dataset_average", "families", "pooled"]);
    /// assert_eq!(report.to_csv().lines().nth(2).unwrap(), "groups,m,1,1,0,0,1.0,0.0,0.0,1.0");
    /// ```
    pub fn new(
        kind: &str,
        records: &str,
        options_json: &str,
        files: Option<&mut FileLookup<'_>>,
    ) -> Result<Report, TrustError> {
        let (records, options) = (JsonInput::Text(records), JsonInput::Text(options_json));
        Report::from_input(kind, records, options, files)
    }

    /// [`Report::new`] of records and options given as text or as values (a binding's own
    /// data); a manifest (with `files`) is text.
    pub fn from_input(
        kind: &str,
        records: JsonInput<'_>,
        options: JsonInput<'_>,
        files: Option<&mut FileLookup<'_>>,
    ) -> Result<Report, TrustError> {
        match (kind, files) {
            ("reliability", None) => Ok(Report::Reliability(super::reliability_from_input(
                records, options,
            )?)),
            ("robustness", None) => Ok(Report::Robustness(
                super::from_input(records, options)?,
                None,
            )),
            ("robustness", Some(files)) => {
                let JsonInput::Text(manifest) = records else {
                    return Err(TrustError::new(
                        TrustErrorCode::InvalidOptions,
                        "a manifest is JSON lines text",
                    ));
                };
                let (report, scored) =
                    super::robustness_from_manifest_input(manifest, options, files)?;
                Ok(Report::Robustness(report, Some(scored)))
            }
            (other, _) => Err(TrustError::new(
                TrustErrorCode::InvalidOptions,
                format!("unknown report kind {other:?} (reliability, robustness)"),
            )),
        }
    }

    /// The report as a JSON tree (see [`crate`] for the schema).
    pub fn to_out(&self) -> Out {
        to_tree(self)
    }

    /// The report as JSON text (two-space indented).
    pub fn to_json(&self) -> String {
        self.to_out().to_pretty()
    }

    /// The report as a document (tables, completeness, comparisons, charts).
    pub fn to_document(&self) -> Document {
        match self {
            Report::Reliability(r) => r.to_document(),
            Report::Robustness(r, _) => r.to_document(),
        }
    }

    /// The report's files for a paper: one `.tex` per table and one `.svg` per figure, the
    /// figures drawn in a paper's style from `figure_options_json` (see
    /// [`crate::chart::ChartStyle::paper_from_json`]).
    ///
    /// ```
    /// let records = r#"{"model": "a", "dataset": "d", "operator": "FDM", "instance_id": 1, "label": "full"}"#;
    /// let report = tabeq_trust::Report::new("reliability", records, r#"{"by": "model,operator"}"#, None).unwrap();
    /// let files = report.paper_files(r#"{"font_size_pt": 9}"#).unwrap();
    /// assert!(files.iter().any(|(name, _)| name == "reliability-groups.tex"));
    /// let figure = &files.iter().find(|(name, _)| name.ends_with("response-modes-by-model.svg")).unwrap().1;
    /// assert!(figure.contains("width=\"240pt\"") && figure.contains("font-size=\"9\""));
    /// ```
    pub fn paper_files(
        &self,
        figure_options_json: &str,
    ) -> Result<Vec<(String, String)>, TrustError> {
        self.paper_files_input(JsonInput::Text(figure_options_json))
    }

    /// [`Report::paper_files`] with the figure options as text or as a value.
    pub fn paper_files_input(
        &self,
        figure_options: JsonInput<'_>,
    ) -> Result<Vec<(String, String)>, TrustError> {
        let style = crate::chart::ChartStyle::paper_from_input(figure_options)?;
        let doc = crate::chart::with_style(style, || self.to_document());
        Ok(crate::latex::paper_files(&doc))
    }

    /// The sections [`Report::rows`] accepts.
    pub fn sections(&self) -> Vec<&'static str> {
        match self {
            Report::Reliability(_) => RELIABILITY_SECTIONS.to_vec(),
            Report::Robustness(_, scored) => ROBUSTNESS_SECTIONS
                .iter()
                .copied()
                .filter(|s| *s != "scored" || scored.is_some())
                .collect(),
        }
    }

    /// Flat rows of a section: key columns, counts, rates, then per-operator and per-level ASR
    /// (`asr_<code>`, `asr_<level>`) and intervals as `<rate>_ci_low`/`_ci_high`. `scored`
    /// rows are the manifest's verdicts as they are.
    pub fn rows(&self, section: &str) -> Result<Vec<Out>, TrustError> {
        let sections = self.sections();
        if !sections.contains(&section) {
            return Err(TrustError::new(
                TrustErrorCode::InvalidOptions,
                format!(
                    "unknown section {section:?}; choose from {}",
                    sections.join(", ")
                ),
            ));
        }
        let tree = self.to_out();
        let rows = section_rows(&tree, section);
        if section == "scored" {
            return Ok(rows);
        }
        Ok(rows.iter().map(|row| self.flat(&tree, row)).collect())
    }

    /// Every section's flat rows (not `scored`) as one CSV with a leading `section` column:
    /// fractions as Python writes floats, undefined values empty, `\n` line ends.
    pub fn to_csv(&self) -> String {
        let mut fields: Vec<String> = vec!["section".into()];
        let mut rows: Vec<Vec<(String, Out)>> = Vec::new();
        let tree = self.to_out();
        for section in self.sections().into_iter().filter(|s| *s != "scored") {
            let raw = section_rows(&tree, section);
            for row in &raw {
                if let Some(Out::Object(key)) = member(row, "key") {
                    add_fields(&mut fields, key);
                }
            }
            for row in raw.iter().map(|row| self.flat(&tree, row)) {
                if let Out::Object(mut members) = row {
                    members.insert(0, ("section".into(), Out::Str(section.into())));
                    rows.push(members);
                }
            }
        }
        for row in &rows {
            add_fields(&mut fields, row);
        }
        let mut out = String::new();
        csv_line(&mut out, fields.iter().map(String::as_str));
        for row in &rows {
            let text: Vec<String> = fields
                .iter()
                .map(|f| {
                    row.iter()
                        .find(|(k, _)| k == f)
                        .map_or(String::new(), |(_, v)| csv_text(v))
                })
                .collect();
            csv_line(&mut out, text.iter().map(String::as_str));
        }
        out
    }

    fn flat(&self, tree: &Out, row: &Out) -> Out {
        let mut flat: Vec<(String, Out)> = match member(row, "key") {
            Some(Out::Object(key)) => key.clone(),
            _ => Vec::new(),
        };
        let (rates, ci) = match self {
            Report::Reliability(_) => (RELIABILITY_RATES, RELIABILITY_RATES),
            Report::Robustness(..) => (ROBUSTNESS_RATES, &ROBUSTNESS_RATES[1..]),
        };
        // The counts (every integer of the row, in row order), then the rates.
        if let Out::Object(members) = row {
            flat.extend(
                members
                    .iter()
                    .filter(|(_, v)| matches!(v, Out::Int(_)))
                    .cloned(),
            );
        }
        for name in rates {
            if let Some(v) = member(row, name) {
                flat.push((name.to_string(), v.clone()));
            }
        }
        if let Report::Robustness(..) = self {
            // Every operator of the report (the pooled row has them all), in registry order.
            let by_operator =
                |r: &Out| -> Vec<(String, Out)> { entries(r, "asr_by_operator", "operator") };
            let of_row = by_operator(row);
            for (code, _) in by_operator(member(tree, "overall").unwrap_or(&Out::Null)) {
                let asr = of_row
                    .iter()
                    .find(|(c, _)| *c == code)
                    .map_or(Out::Null, |(_, v)| v.clone());
                flat.push((format!("asr_{code}"), asr));
            }
            for (level, asr) in entries(row, "asr_by_level", "level") {
                flat.push((format!("asr_{level}"), asr));
            }
        }
        if let Some(intervals @ Out::Object(_)) = member(row, "ci") {
            for name in ci {
                let (lo, hi) = match member(intervals, name) {
                    Some(Out::Array(pair)) if pair.len() == 2 => (pair[0].clone(), pair[1].clone()),
                    _ => (Out::Null, Out::Null),
                };
                flat.push((format!("{name}_ci_low"), lo));
                flat.push((format!("{name}_ci_high"), hi));
            }
        }
        Out::Object(flat)
    }
}

/// A section's rows (the `overall` object is one row).
fn section_rows(tree: &Out, section: &str) -> Vec<Out> {
    match member(tree, section) {
        Some(Out::Array(rows)) => rows.clone(),
        Some(row) => vec![row.clone()],
        None => Vec::new(),
    }
}

/// A member of a JSON object.
fn member<'a>(value: &'a Out, key: &str) -> Option<&'a Out> {
    match value {
        Out::Object(members) => members.iter().find(|(k, _)| k == key).map(|(_, v)| v),
        _ => None,
    }
}

/// `(entry[name], entry["asr"])` of each entry of a row's list `list`.
fn entries(row: &Out, list: &str, name: &str) -> Vec<(String, Out)> {
    let Some(Out::Array(items)) = member(row, list) else {
        return Vec::new();
    };
    items
        .iter()
        .filter_map(|e| match member(e, name) {
            Some(Out::Str(n)) => Some((n.clone(), member(e, "asr").cloned().unwrap_or(Out::Null))),
            _ => None,
        })
        .collect()
}

fn add_fields(fields: &mut Vec<String>, members: &[(String, Out)]) {
    for (k, _) in members {
        if !fields.contains(k) {
            fields.push(k.clone());
        }
    }
}

/// A value as Python's `csv` module writes it (`str()`; `None` as empty).
fn csv_text(value: &Out) -> String {
    match value {
        Out::Null => String::new(),
        Out::Bool(b) => if *b { "True" } else { "False" }.into(),
        Out::Int(i) => i.to_string(),
        Out::Float(f) => python_float_repr(*f),
        Out::Str(s) => s.clone(),
        other => other.to_pretty(),
    }
}

/// One CSV line, quoting like Python's `csv.QUOTE_MINIMAL`, ended by `\n`.
fn csv_line<'a>(out: &mut String, fields: impl Iterator<Item = &'a str>) {
    let quoted = |f: &str| {
        if f.contains([',', '"', '\n', '\r']) {
            format!("\"{}\"", f.replace('"', "\"\""))
        } else {
            f.to_string()
        }
    };
    out.push_str(&fields.map(quoted).collect::<Vec<_>>().join(","));
    out.push('\n');
}
