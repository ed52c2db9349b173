//! Report options: grouping keys, caller-registered operators and the bootstrap.
//!
//! Options JSON (every key optional; `""` means all defaults):
//!
//! ```json
//! {"by": ["model", "dataset"],
//!  "operators": [{"code": "XX", "name": "my_op", "track": "robustness", "kind": "redundancy injection", "level": "L3"}],
//!  "bootstrap": {"resamples": 1000, "seed": 0, "confidence": 0.95}}
//! ```
//!
//! `by` may also be a comma-separated string (`"model,dataset"`); `bootstrap` may be a number
//! of resamples, or `null`/`false` for none; `compare` may be `true`; top-level `seed` (default
//! 0) and `confidence` (default 0.95) serve both unless they set their own; `operators` may be
//! the JSON text of the list (a registration file); `expected` is a list of instances or their
//! JSON-lines text.

use super::error::{TrustError, TrustErrorCode};
use super::operators::{OperatorRegistry, Track};
use tabeq::cpython_json::{parse, JsonInput, Value};

/// A grouping key: a record field or a field derived from the record's operator.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GroupKey {
    /// The model.
    Model,
    /// The dataset.
    Dataset,
    /// The operator (reported by code).
    Operator,
    /// The operator's family (reliability).
    Family,
    /// The operator's difficulty (reliability).
    Difficulty,
    /// The operator's kind (robustness).
    Kind,
    /// The operator's level L0..L3 (robustness).
    Level,
    /// Any other field the records carry (its value as text; numbers as written in JSON).
    Field(String),
}

/// Longest accepted custom grouping key, in bytes.
const MAX_KEY_BYTES: usize = 200;

impl GroupKey {
    /// The key's name as written in options and reports.
    pub fn name(&self) -> &str {
        match self {
            GroupKey::Model => "model",
            GroupKey::Dataset => "dataset",
            GroupKey::Operator => "operator",
            GroupKey::Family => "family",
            GroupKey::Difficulty => "difficulty",
            GroupKey::Kind => "kind",
            GroupKey::Level => "level",
            GroupKey::Field(name) => name,
        }
    }

    /// The key's name (kept for callers of the earlier API).
    pub fn as_str(&self) -> &str {
        self.name()
    }

    /// Whether the key is one of the built-in fields (not a record's own field).
    pub fn is_builtin(&self) -> bool {
        !matches!(self, GroupKey::Field(_))
    }

    /// Whether the key is derived from the record's operator.
    pub fn is_operator_derived(&self) -> bool {
        matches!(
            self,
            GroupKey::Operator
                | GroupKey::Family
                | GroupKey::Difficulty
                | GroupKey::Kind
                | GroupKey::Level
        )
    }

    /// Parse a key name: a built-in name in any case, else a record field (as written).
    pub fn parse(s: &str) -> Option<GroupKey> {
        let s = s.trim();
        Some(match s.to_lowercase().as_str() {
            "" => return None,
            "model" => GroupKey::Model,
            "dataset" => GroupKey::Dataset,
            "operator" => GroupKey::Operator,
            "family" => GroupKey::Family,
            "difficulty" => GroupKey::Difficulty,
            "kind" => GroupKey::Kind,
            "level" => GroupKey::Level,
            _ if s.len() > MAX_KEY_BYTES => return None,
            _ => GroupKey::Field(s.to_string()),
        })
    }

    /// The built-in keys a track can group by, in the order help texts list them.
    ///
    /// ```
    /// use tabeq_trust::{GroupKey, Track};
    /// let keys = GroupKey::builtins(Track::Robustness);
    /// let names: Vec<&str> = keys.iter().map(GroupKey::name).collect();
    /// assert_eq!(names, ["model", "dataset", "operator", "kind", "level"]);
    /// ```
    pub fn builtins(track: Track) -> Vec<GroupKey> {
        use GroupKey::*;
        let all = [Model, Dataset, Operator, Family, Difficulty, Kind, Level];
        all.into_iter().filter(|key| key.allowed(track)).collect()
    }

    /// Whether a track can group by this key: reliability operators have a family and a
    /// difficulty, robustness operators a kind and a level; record fields work for both.
    pub fn allowed(&self, track: Track) -> bool {
        match self {
            GroupKey::Family | GroupKey::Difficulty => track == Track::Reliability,
            GroupKey::Kind | GroupKey::Level => track == Track::Robustness,
            _ => true,
        }
    }
}

/// Settings of the paired comparisons between models (all pairs, Holm-adjusted).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CompareOptions {
    /// Paired-bootstrap resamples for the interval of the difference.
    pub resamples: usize,
    /// Seed of the paired bootstrap.
    pub seed: u64,
    /// Interval coverage.
    pub confidence: f64,
}

impl Default for CompareOptions {
    fn default() -> Self {
        CompareOptions {
            resamples: 2000,
            seed: 0,
            confidence: 0.95,
        }
    }
}

/// Percentile-bootstrap settings (serialized as the report's `bootstrap`).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "BootstrapSettings"))]
pub struct Bootstrap {
    /// Number of resamples (1..=[`MAX_RESAMPLES`]).
    pub resamples: usize,
    /// Seed; the same seed gives the same intervals everywhere.
    pub seed: u64,
    /// Interval coverage, strictly between 0 and 1 (0.95 → 2.5th..97.5th percentiles).
    pub confidence: f64,
}

impl Default for Bootstrap {
    fn default() -> Self {
        Bootstrap {
            resamples: 1000,
            seed: 0,
            confidence: 0.95,
        }
    }
}

/// Most bootstrap resamples accepted.
pub const MAX_RESAMPLES: usize = 100_000;
/// Most draws (resamples × records) one report may make, so that no input can hang a caller.
pub const MAX_BOOTSTRAP_DRAWS: u64 = 100_000_000;

/// Most replicates (groups × resamples) kept at once for the "Avg." intervals, bounding memory.
pub const MAX_STORED_REPLICATES: u64 = 4_000_000;

impl Bootstrap {
    /// Check that the replicates of `groups` groups may be kept for the dataset average.
    pub fn check_stored(&self, groups: usize) -> Result<(), TrustError> {
        let stored = (self.resamples as u64).saturating_mul(groups as u64);
        if stored > MAX_STORED_REPLICATES {
            return Err(TrustError::new(
                TrustErrorCode::InvalidOptions,
                format!(
                    "bootstrap of {} resamples over {groups} groups exceeds {MAX_STORED_REPLICATES} kept replicates; use fewer resamples",
                    self.resamples
                ),
            ));
        }
        Ok(())
    }

    /// Check the draw budget: each resample draws `units` items (records or questions) once for
    /// each of `sections` computations (the overall row and the groupings that resample them).
    pub fn check_budget(
        &self,
        units: usize,
        what: &str,
        sections: usize,
    ) -> Result<(), TrustError> {
        let draws = (self.resamples as u64)
            .saturating_mul(units as u64)
            .saturating_mul(sections as u64);
        if draws > MAX_BOOTSTRAP_DRAWS {
            return Err(TrustError::new(
                TrustErrorCode::InvalidOptions,
                format!(
                    "bootstrap of {} resamples over {units} {what} in {sections} sections is {draws} draws, more than {MAX_BOOTSTRAP_DRAWS}; use fewer resamples",
                    self.resamples
                ),
            ));
        }
        Ok(())
    }
}

/// An instance the caller expects every model to have (the optional manifest of expected
/// instances): reliability `{"dataset", "operator", "instance_id"}`, robustness
/// `{"dataset", "question_id"}` or, for a perturbation, with `"perturbation_id"` too; `"model"`
/// restricts the expectation to one model.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Expected {
    /// Only this model, or every model when `None`.
    pub model: Option<String>,
    /// The dataset.
    pub dataset: String,
    /// The operator code (reliability), resolved through the registry.
    pub operator: Option<String>,
    /// `instance_id` (reliability) or `question_id` (robustness).
    pub id: String,
    /// A perturbation id (robustness), or `None` for the original.
    pub perturbation_id: Option<String>,
}

/// How the main table is laid out: options JSON `"layout": {"rows": [...] | "order_by": "MRS",
/// "ascending": false, "columns": [...], "decimals": 2}` (every key optional).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TableLayout {
    /// Row order given by the first key cell's values (rows not listed follow, in their order).
    pub rows: Option<Vec<String>>,
    /// Order rows by this column (a column title, or a metric such as `MRS` or `Avg. ASR`).
    pub order_by: Option<String>,
    /// With `order_by`: smallest first (default: largest first).
    pub ascending: bool,
    /// Keep the key columns and these metric columns (`FRR`, `MRS`, `Avg. MRS`, ...), in the
    /// table's order.
    pub columns: Option<Vec<String>>,
    /// Decimals of percentages (default 2).
    pub decimals: Option<usize>,
}

fn strings(value: &Value, what: &str) -> Result<Vec<String>, TrustError> {
    match value {
        Value::Str(s) => Ok(s
            .split(',')
            .map(|p| p.trim().to_string())
            .filter(|p| !p.is_empty())
            .collect()),
        Value::Array(items) => items
            .iter()
            .map(|v| match v {
                Value::Str(s) => Ok(s.clone()),
                _ => Err(invalid(format!("layout {what} must be strings"))),
            })
            .collect(),
        _ => Err(invalid(format!(
            "layout {what} must be a list of strings or a comma-separated string"
        ))),
    }
}

impl TableLayout {
    /// Read the options' `layout` object.
    pub fn parse(value: &Value) -> Result<TableLayout, TrustError> {
        let Value::Object(members) = value else {
            return Err(invalid(
                "`layout` must be an object {rows, order_by, ascending, columns, decimals}",
            ));
        };
        let mut layout = TableLayout::default();
        for (k, v) in members {
            match (k.as_str(), v) {
                (_, Value::Null) => {}
                ("rows", v) => layout.rows = Some(strings(v, "rows")?),
                ("columns", v) => layout.columns = Some(strings(v, "columns")?),
                ("order_by", Value::Str(s)) => layout.order_by = Some(s.clone()),
                ("ascending", Value::Bool(b)) => layout.ascending = *b,
                ("decimals", Value::Int(d)) if (0..=6).contains(d) => {
                    layout.decimals = Some(*d as usize)
                }
                (other, _) => {
                    return Err(invalid(format!(
                        "layout {other:?}: expected rows (list), order_by (string), ascending (bool), columns (list) or decimals (0 to 6)"
                    )))
                }
            }
        }
        if layout.rows.is_some() && layout.order_by.is_some() {
            return Err(invalid("layout: give rows or order_by, not both"));
        }
        Ok(layout)
    }

    /// Whether the layout changes anything.
    pub fn is_default(&self) -> bool {
        *self == TableLayout::default()
    }
}

/// How the "Avg." of a report grouped by dataset combines the datasets (options JSON
/// `"average": "datasets" | "pooled"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Average {
    /// The unweighted mean of the datasets' values, computed before rounding: the paper's rule
    /// (every dataset counts the same, whatever its size).
    #[default]
    Datasets,
    /// The value over all the records of the datasets pooled (a larger dataset weighs more); no
    /// bootstrap interval.
    Pooled,
}

impl Average {
    /// The rule's name in options.
    pub fn name(self) -> &'static str {
        match self {
            Average::Datasets => "datasets",
            Average::Pooled => "pooled",
        }
    }
}

/// Parsed report options.
#[derive(Debug, Clone)]
pub struct ReportOptions {
    /// Grouping keys, in column order.
    pub by: Vec<GroupKey>,
    /// The operator registry (built-ins plus registered).
    pub registry: OperatorRegistry,
    /// The bootstrap, if requested.
    pub bootstrap: Option<Bootstrap>,
    /// Completeness findings become errors.
    pub strict: bool,
    /// Paired comparisons between models, if requested.
    pub compare: Option<CompareOptions>,
    /// The expected instances, if given.
    pub expected: Option<Vec<Expected>>,
    /// The main table's layout (row order, columns, decimals).
    pub layout: TableLayout,
    /// How "Avg." combines datasets.
    pub average: Average,
}

impl ReportOptions {
    /// Grouping and bootstrap only: no strictness, comparisons or expected instances (what
    /// `reliability_report` and `robustness_report` compute).
    pub fn basic(
        registry: &OperatorRegistry,
        by: &[GroupKey],
        bootstrap: Option<&Bootstrap>,
    ) -> Self {
        ReportOptions {
            by: by.to_vec(),
            registry: registry.clone(),
            bootstrap: bootstrap.copied(),
            strict: false,
            compare: None,
            expected: None,
            layout: TableLayout::default(),
            average: Average::Datasets,
        }
    }
}

/// What a track's report computation reads of the options.
pub(crate) type Parts<'a> = (&'a [GroupKey], &'a OperatorRegistry, Option<&'a Bootstrap>);

impl ReportOptions {
    /// The grouping keys (checked for `track`), the registry and the bootstrap.
    pub(crate) fn parts(&self, track: Track) -> Result<Parts<'_>, TrustError> {
        check_by(&self.by, track)?;
        Ok((&self.by, &self.registry, self.bootstrap.as_ref()))
    }
}

fn invalid(message: impl Into<String>) -> TrustError {
    TrustError::new(TrustErrorCode::InvalidOptions, message)
}

/// Check grouping keys for a track: known, allowed, no repeats.
pub fn check_by(by: &[GroupKey], track: Track) -> Result<(), TrustError> {
    for (i, key) in by.iter().enumerate() {
        if !key.allowed(track) {
            return Err(invalid(format!(
                "cannot group {} results by {} ({} operators have {})",
                track.as_str(),
                key.name(),
                track.as_str(),
                match track {
                    Track::Reliability => "a family and a difficulty",
                    Track::Robustness => "a kind and a level",
                }
            )));
        }
        if by[..i].contains(key) {
            return Err(invalid(format!("`by` repeats {}", key.name())));
        }
    }
    Ok(())
}

fn parse_by(value: &Value, track: Track) -> Result<Vec<GroupKey>, TrustError> {
    let names: Vec<String> = match value {
        Value::Str(s) => s
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect(),
        Value::Array(items) => items
            .iter()
            .map(|v| match v {
                Value::Str(s) => Ok(s.clone()),
                _ => Err(invalid("`by` must list key names")),
            })
            .collect::<Result<_, _>>()?,
        _ => {
            return Err(invalid(
                "`by` must be a list of key names or a comma-separated string",
            ))
        }
    };
    let by = names
        .iter()
        .map(|n| {
            GroupKey::parse(n).ok_or_else(|| {
                invalid(format!(
                    "invalid grouping key {n:?} (model, dataset, operator, family, difficulty, kind, level, or a record field of at most {MAX_KEY_BYTES} bytes)"
                ))
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    check_by(&by, track)?;
    Ok(by)
}

/// Set one bootstrap setting (`resamples`, `seed` or `confidence`).
fn set_bootstrap(b: &mut Bootstrap, key: &str, v: &Value) -> Result<(), TrustError> {
    match (key, v) {
        ("resamples", Value::Int(n)) if (1..=MAX_RESAMPLES as i64).contains(n) => {
            b.resamples = *n as usize
        }
        ("resamples", _) => {
            return Err(invalid(format!(
                "bootstrap resamples must be an integer in 1..={MAX_RESAMPLES}"
            )))
        }
        ("seed", Value::Int(s)) if *s >= 0 => b.seed = *s as u64,
        ("seed", _) => return Err(invalid("bootstrap seed must be a non-negative integer")),
        ("confidence", Value::Float(c)) if *c > 0.0 && *c < 1.0 => b.confidence = *c,
        ("confidence", _) => {
            return Err(invalid(
                "bootstrap confidence must be a number strictly between 0 and 1",
            ))
        }
        (other, _) => return Err(invalid(format!("unknown bootstrap option {other:?}"))),
    }
    Ok(())
}

/// The bootstrap: `null`/`false`, a number of resamples, or an object of settings; what it
/// leaves out comes from `defaults` (the options' own `seed` and `confidence`).
fn parse_bootstrap(value: &Value, defaults: Bootstrap) -> Result<Option<Bootstrap>, TrustError> {
    let mut b = defaults;
    match value {
        Value::Null | Value::Bool(false) => return Ok(None),
        Value::Int(_) => set_bootstrap(&mut b, "resamples", value)?,
        Value::Object(members) => {
            for (key, v) in members {
                set_bootstrap(&mut b, key, v)?;
            }
        }
        _ => {
            return Err(invalid(
                "`bootstrap` must be null, a number of resamples or an object",
            ))
        }
    }
    Ok(Some(b))
}

fn parse_compare(value: &Value, defaults: Bootstrap) -> Result<Option<CompareOptions>, TrustError> {
    let mut c = CompareOptions {
        seed: defaults.seed,
        confidence: defaults.confidence,
        ..CompareOptions::default()
    };
    match value {
        Value::Null | Value::Bool(false) => return Ok(None),
        Value::Bool(true) => {}
        Value::Object(_) => {
            // The same settings as the bootstrap's, with the comparison's defaults.
            let as_bootstrap = parse_bootstrap(value, defaults)?.unwrap_or(defaults);
            if value.get("resamples").is_some() {
                c.resamples = as_bootstrap.resamples;
            }
            c.seed = as_bootstrap.seed;
            c.confidence = as_bootstrap.confidence;
        }
        _ => {
            return Err(invalid(
                "`compare` must be true/false or an object {resamples, seed, confidence}",
            ))
        }
    }
    Ok(Some(c))
}

/// Most expected instances accepted.
const MAX_EXPECTED: usize = 10_000_000;

fn expected_text(obj: &Value, key: &str, required: bool) -> Result<Option<String>, TrustError> {
    match obj.get(key) {
        None | Some(Value::Null) if !required => Ok(None),
        Some(Value::Str(s)) if !s.trim().is_empty() => Ok(Some(s.clone())),
        Some(Value::Int(i)) => Ok(Some(i.to_string())),
        _ => Err(invalid(format!(
            "each expected instance needs `{key}` (a non-empty string or an integer)"
        ))),
    }
}

/// Parse the expected instances: a list of objects (see [`Expected`]).
pub fn parse_expected(value: &Value, track: Track) -> Result<Vec<Expected>, TrustError> {
    let Value::Array(items) = value else {
        return Err(invalid("`expected` must be a list of instances"));
    };
    if items.len() > MAX_EXPECTED {
        return Err(invalid(format!(
            "`expected` lists more than {MAX_EXPECTED} instances"
        )));
    }
    items
        .iter()
        .map(|item| {
            if !matches!(item, Value::Object(_)) {
                return Err(invalid("each expected instance must be an object"));
            }
            let reliability = track == Track::Reliability;
            Ok(Expected {
                model: expected_text(item, "model", false)?,
                dataset: expected_text(item, "dataset", true)?.unwrap_or_default(),
                operator: expected_text(item, "operator", reliability)?,
                id: expected_text(
                    item,
                    if reliability {
                        "instance_id"
                    } else {
                        "question_id"
                    },
                    true,
                )?
                .unwrap_or_default(),
                perturbation_id: if reliability {
                    None
                } else {
                    expected_text(item, "perturbation_id", false)?
                },
            })
        })
        .collect()
}

/// Expected instances given as JSON-lines text (what a file holds), as a list.
fn expected_lines(jsonl: &str) -> Result<Value, TrustError> {
    super::records::jsonl_lines(jsonl)
        .map(|(line, text)| {
            parse(text).map_err(|e| {
                TrustError::at(
                    TrustErrorCode::InvalidOptions,
                    line,
                    format!("expected instances: {e}"),
                )
            })
        })
        .collect::<Result<_, _>>()
        .map(Value::Array)
}

/// Parse options JSON for a track (see the module docs). Empty text means the defaults:
/// `by = [model, dataset]`, built-in operators, no bootstrap.
pub fn parse_options(options_json: &str, track: Track) -> Result<ReportOptions, TrustError> {
    parse_options_input(JsonInput::Text(options_json), track)
}

/// [`parse_options`] of options given as text or as a value (a binding's own data).
pub fn parse_options_input(
    options_input: JsonInput<'_>,
    track: Track,
) -> Result<ReportOptions, TrustError> {
    let mut options = ReportOptions {
        by: vec![GroupKey::Model, GroupKey::Dataset],
        registry: OperatorRegistry::builtin(),
        bootstrap: None,
        strict: false,
        compare: None,
        expected: None,
        layout: TableLayout::default(),
        average: Average::Datasets,
    };
    if options_input.is_blank() {
        return Ok(options);
    }
    let value = options_input
        .value()
        .map_err(|e| invalid(format!("options are not JSON: {e}")))?;
    let Value::Object(members) = value.as_ref() else {
        return Err(invalid("options must be a JSON object"));
    };
    // `seed` and `confidence` serve the bootstrap and the comparisons unless they set their own.
    let mut interval = Bootstrap::default();
    for (key, v) in members {
        if key == "seed" || key == "confidence" {
            set_bootstrap(&mut interval, key, v)?;
        }
    }
    for (key, v) in members {
        match key.as_str() {
            "by" => options.by = parse_by(v, track)?,
            "operators" => match v {
                Value::Null => {}
                // A registration file's text, as the CLI reads it.
                Value::Str(text) => options.registry.register_json(&parse(text).map_err(|e| {
                    TrustError::new(
                        TrustErrorCode::InvalidOperatorRegistration,
                        format!("operators are not JSON: {e}"),
                    )
                })?)?,
                _ => options.registry.register_json(v)?,
            },
            "seed" | "confidence" => {}
            "bootstrap" => options.bootstrap = parse_bootstrap(v, interval)?,
            "strict" => {
                options.strict = match v {
                    Value::Bool(b) => *b,
                    Value::Null => false,
                    _ => return Err(invalid("`strict` must be true or false")),
                }
            }
            "compare" => options.compare = parse_compare(v, interval)?,
            "expected" => {
                options.expected = match v {
                    Value::Null => None,
                    Value::Str(jsonl) => Some(parse_expected(&expected_lines(jsonl)?, track)?),
                    _ => Some(parse_expected(v, track)?),
                }
            }
            "layout" => {
                if !matches!(v, Value::Null) {
                    options.layout = TableLayout::parse(v)?;
                }
            }
            "average" => {
                options.average = match v {
                    Value::Null => Average::Datasets,
                    Value::Str(s) if s == "datasets" => Average::Datasets,
                    Value::Str(s) if s == "pooled" => Average::Pooled,
                    _ => {
                        return Err(invalid(
                            "`average` must be \"datasets\" (the mean of the datasets' values) or \"pooled\" (all records pooled)",
                        ))
                    }
                }
            }
            other => {
                return Err(invalid(format!(
                    "unknown option {other:?} (by, operators, bootstrap, seed, confidence, strict, compare, expected, layout, average)"
                )))
            }
        }
    }
    Ok(options)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_forms() {
        let o = parse_options("", Track::Reliability).unwrap();
        assert_eq!(o.by, vec![GroupKey::Model, GroupKey::Dataset]);
        assert!(o.bootstrap.is_none());
        let o = parse_options(
            r#"{"by": "Operator, model", "bootstrap": 200}"#,
            Track::Reliability,
        )
        .unwrap();
        assert_eq!(o.by, vec![GroupKey::Operator, GroupKey::Model]);
        assert_eq!(o.bootstrap.unwrap().resamples, 200);
        let o = parse_options(
            r#"{"by": [], "bootstrap": {"seed": 7, "confidence": 0.9}}"#,
            Track::Robustness,
        )
        .unwrap();
        assert!(o.by.is_empty());
        assert_eq!(
            o.bootstrap,
            Some(Bootstrap {
                resamples: 1000,
                seed: 7,
                confidence: 0.9
            })
        );
    }

    #[test]
    fn top_level_seed_and_confidence_serve_bootstrap_and_compare() {
        let text = r#"{"bootstrap": 50, "compare": true, "seed": 7, "confidence": 0.9}"#;
        let o = parse_options(text, Track::Reliability).unwrap();
        let (b, c) = (o.bootstrap.unwrap(), o.compare.unwrap());
        assert_eq!((b.resamples, b.seed, b.confidence), (50, 7, 0.9));
        assert_eq!((c.resamples, c.seed, c.confidence), (2000, 7, 0.9));
        let text = r#"{"bootstrap": {"seed": 1}, "seed": 7}"#;
        let b = parse_options(text, Track::Reliability).unwrap().bootstrap;
        assert_eq!(b.map(|b| b.seed), Some(1));
        // A registration file's text registers like the list it holds.
        let text = r#"{"operators": "[{\"code\": \"XX\", \"name\": \"x\", \"track\": \"robustness\", \"kind\": \"k\", \"level\": \"L1\"}]"}"#;
        let o = parse_options(text, Track::Robustness).unwrap();
        assert!(o.registry.resolve("XX").is_some());
        for text in [r#"{"operators": "{\"not\": 1}"}"#, r#"{"operators": "["}"#] {
            let code = parse_options(text, Track::Robustness).unwrap_err().code;
            assert_eq!(code, TrustErrorCode::InvalidOperatorRegistration, "{text}");
        }
    }

    #[test]
    fn invalid_options_are_coded() {
        for (text, track) in [
            ("[]", Track::Reliability),
            ("{\"by\": [\"model\", \"model\"]}", Track::Reliability),
            ("{\"by\": [\"family\"]}", Track::Robustness),
            ("{\"by\": [\"level\"]}", Track::Reliability),
            ("{\"by\": [\"\"]}", Track::Reliability),
            ("{\"strict\": 1}", Track::Reliability),
            ("{\"compare\": 3}", Track::Reliability),
            ("{\"expected\": [{\"dataset\": \"d\"}]}", Track::Reliability),
            ("{\"bootstrap\": 0}", Track::Reliability),
            ("{\"bootstrap\": {\"confidence\": 1.0}}", Track::Reliability),
            ("{\"bootstrap\": {\"seed\": -1}}", Track::Reliability),
            ("{\"seed\": 1.5}", Track::Reliability),
            (
                "{\"confidence\": 2.0, \"compare\": true}",
                Track::Reliability,
            ),
            ("{\"bootstrap\": {\"draws\": 5}}", Track::Reliability),
            ("{\"groups\": 1}", Track::Reliability),
            ("{", Track::Reliability),
        ] {
            let err = parse_options(text, track).unwrap_err();
            assert_eq!(err.code, TrustErrorCode::InvalidOptions, "{text}");
        }
    }
}
