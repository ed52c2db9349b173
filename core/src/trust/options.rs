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
//! of resamples (seed 0, confidence 0.95), or `null`/`false` for none.

use super::error::{TrustError, TrustErrorCode};
use super::operators::{OperatorRegistry, Track};
use crate::pyjson::{parse, Value};

/// A grouping key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GroupKey {
    /// The model.
    Model,
    /// The dataset.
    Dataset,
    /// The operator (reported by code).
    Operator,
    /// The operator's family (reliability only).
    Family,
    /// The operator's difficulty (reliability only).
    Difficulty,
}

impl GroupKey {
    /// The key's name as written in options and reports.
    pub fn as_str(self) -> &'static str {
        match self {
            GroupKey::Model => "model",
            GroupKey::Dataset => "dataset",
            GroupKey::Operator => "operator",
            GroupKey::Family => "family",
            GroupKey::Difficulty => "difficulty",
        }
    }

    /// Parse a key name (any case).
    pub fn parse(s: &str) -> Option<GroupKey> {
        match s.trim().to_lowercase().as_str() {
            "model" => Some(GroupKey::Model),
            "dataset" => Some(GroupKey::Dataset),
            "operator" => Some(GroupKey::Operator),
            "family" => Some(GroupKey::Family),
            "difficulty" => Some(GroupKey::Difficulty),
            _ => None,
        }
    }

    /// The keys a track can group by: reliability any of the five, robustness model and dataset
    /// (per-operator and per-level ASR are reported inside each group).
    pub fn allowed(track: Track) -> &'static [GroupKey] {
        match track {
            Track::Reliability => &[
                GroupKey::Model,
                GroupKey::Dataset,
                GroupKey::Operator,
                GroupKey::Family,
                GroupKey::Difficulty,
            ],
            Track::Robustness => &[GroupKey::Model, GroupKey::Dataset],
        }
    }
}

/// Percentile-bootstrap settings.
#[derive(Debug, Clone, Copy, PartialEq)]
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

    /// Check the draw budget for `records` records.
    pub fn check_budget(&self, records: usize) -> Result<(), TrustError> {
        let draws = (self.resamples as u64).saturating_mul(records as u64);
        if draws > MAX_BOOTSTRAP_DRAWS {
            return Err(TrustError::new(
                TrustErrorCode::InvalidOptions,
                format!(
                    "bootstrap of {} resamples over {records} records exceeds {MAX_BOOTSTRAP_DRAWS} draws; use fewer resamples",
                    self.resamples
                ),
            ));
        }
        Ok(())
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
}

fn invalid(message: impl Into<String>) -> TrustError {
    TrustError::new(TrustErrorCode::InvalidOptions, message)
}

/// Check grouping keys for a track: known, allowed, no repeats.
pub fn check_by(by: &[GroupKey], track: Track) -> Result<(), TrustError> {
    for (i, key) in by.iter().enumerate() {
        if !GroupKey::allowed(track).contains(key) {
            return Err(invalid(format!(
                "cannot group {} results by {}",
                track.as_str(),
                key.as_str()
            )));
        }
        if by[..i].contains(key) {
            return Err(invalid(format!("`by` repeats {}", key.as_str())));
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
                    "unknown grouping key {n:?} (model, dataset, operator, family, difficulty)"
                ))
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    check_by(&by, track)?;
    Ok(by)
}

fn parse_bootstrap(value: &Value) -> Result<Option<Bootstrap>, TrustError> {
    let resamples_of = |v: &Value| -> Result<usize, TrustError> {
        match v {
            Value::Int(n) if (1..=MAX_RESAMPLES as i64).contains(n) => Ok(*n as usize),
            _ => Err(invalid(format!(
                "bootstrap resamples must be an integer in 1..={MAX_RESAMPLES}"
            ))),
        }
    };
    match value {
        Value::Null | Value::Bool(false) => Ok(None),
        Value::Int(_) => Ok(Some(Bootstrap {
            resamples: resamples_of(value)?,
            ..Bootstrap::default()
        })),
        Value::Object(members) => {
            let mut b = Bootstrap::default();
            for (key, v) in members {
                match key.as_str() {
                    "resamples" => b.resamples = resamples_of(v)?,
                    "seed" => {
                        b.seed = match v {
                            Value::Int(s) if *s >= 0 => *s as u64,
                            _ => {
                                return Err(invalid(
                                    "bootstrap seed must be a non-negative integer",
                                ))
                            }
                        }
                    }
                    "confidence" => {
                        b.confidence = match v {
                            Value::Float(c) if *c > 0.0 && *c < 1.0 => *c,
                            _ => return Err(invalid(
                                "bootstrap confidence must be a number strictly between 0 and 1",
                            )),
                        }
                    }
                    other => return Err(invalid(format!("unknown bootstrap option {other:?}"))),
                }
            }
            Ok(Some(b))
        }
        _ => Err(invalid(
            "`bootstrap` must be null, a number of resamples or an object",
        )),
    }
}

/// Parse options JSON for a track (see the module docs). Empty text means the defaults:
/// `by = [model, dataset]`, built-in operators, no bootstrap.
pub fn parse_options(options_json: &str, track: Track) -> Result<ReportOptions, TrustError> {
    let mut options = ReportOptions {
        by: vec![GroupKey::Model, GroupKey::Dataset],
        registry: OperatorRegistry::builtin(),
        bootstrap: None,
    };
    if options_json.trim().is_empty() {
        return Ok(options);
    }
    let value = parse(options_json).map_err(|e| invalid(format!("options are not JSON: {e}")))?;
    let Value::Object(members) = &value else {
        return Err(invalid("options must be a JSON object"));
    };
    for (key, v) in members {
        match key.as_str() {
            "by" => options.by = parse_by(v, track)?,
            "operators" => {
                if !matches!(v, Value::Null) {
                    options.registry.register_json(v)?;
                }
            }
            "bootstrap" => options.bootstrap = parse_bootstrap(v)?,
            other => {
                return Err(invalid(format!(
                    "unknown option {other:?} (by, operators, bootstrap)"
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
    fn invalid_options_are_coded() {
        for (text, track) in [
            ("[]", Track::Reliability),
            ("{\"by\": [\"model\", \"model\"]}", Track::Reliability),
            ("{\"by\": [\"operator\"]}", Track::Robustness),
            ("{\"by\": [\"colour\"]}", Track::Reliability),
            ("{\"bootstrap\": 0}", Track::Reliability),
            ("{\"bootstrap\": {\"confidence\": 1.0}}", Track::Reliability),
            ("{\"bootstrap\": {\"seed\": -1}}", Track::Reliability),
            ("{\"bootstrap\": {\"draws\": 5}}", Track::Reliability),
            ("{\"groups\": 1}", Track::Reliability),
            ("{", Track::Reliability),
        ] {
            let err = parse_options(text, track).unwrap_err();
            assert_eq!(err.code, TrustErrorCode::InvalidOptions, "{text}");
        }
    }
}
