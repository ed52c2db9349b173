//! The operator registry: TrustDABench's 19 perturbation operators, plus any the caller
//! registers. Operators are looked up by code or name, case-insensitively, and reported by code.
//!
//! ```
//! use tabeq_trust::operators::{OperatorRegistry, Track};
//! let registry = OperatorRegistry::builtin();
//! let op = registry.get(registry.resolve("Header_Conflict").unwrap());
//! assert_eq!((op.code.as_str(), op.track), ("HC", Track::Reliability));
//! assert_eq!(registry.get(registry.resolve("wlr").unwrap()).level.unwrap().as_str(), "L2");
//! assert!(registry.resolve("nonsense").is_none());
//! ```

use std::collections::HashMap;

use super::error::{TrustError, TrustErrorCode};
use tabeq::cpython_json::{Out, Value};

/// Which benchmark track an operator belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename_all = "lowercase"))]
pub enum Track {
    /// The task becomes unanswerable; the model should refuse.
    Reliability,
    /// The answer is kept; the model should still answer correctly.
    Robustness,
}

impl Track {
    /// `reliability` or `robustness`.
    pub fn as_str(self) -> &'static str {
        match self {
            Track::Reliability => "reliability",
            Track::Robustness => "robustness",
        }
    }

    fn parse(s: &str) -> Option<Track> {
        match s.to_lowercase().as_str() {
            "reliability" => Some(Track::Reliability),
            "robustness" => Some(Track::Robustness),
            _ => None,
        }
    }
}

/// Difficulty of a reliability operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Difficulty {
    /// Easy.
    Easy,
    /// Hard.
    Hard,
}

impl Difficulty {
    /// `easy` or `hard`.
    pub fn as_str(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Hard => "hard",
        }
    }

    /// Parse `easy`/`hard` in any case.
    pub fn parse(s: &str) -> Option<Difficulty> {
        match s.to_lowercase().as_str() {
            "easy" => Some(Difficulty::Easy),
            "hard" => Some(Difficulty::Hard),
            _ => None,
        }
    }
}

/// Level of a robustness operator (L0 surface … L3 redundancy).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// L0.
    L0,
    /// L1.
    L1,
    /// L2.
    L2,
    /// L3.
    L3,
}

impl Level {
    /// All levels in order.
    pub const ALL: [Level; 4] = [Level::L0, Level::L1, Level::L2, Level::L3];

    /// `L0` … `L3`.
    pub fn as_str(self) -> &'static str {
        match self {
            Level::L0 => "L0",
            Level::L1 => "L1",
            Level::L2 => "L2",
            Level::L3 => "L3",
        }
    }

    /// Parse `L0`…`L3` in any case (or the bare digit).
    pub fn parse(s: &str) -> Option<Level> {
        match s.to_uppercase().trim_start_matches('L') {
            "0" => Some(Level::L0),
            "1" => Some(Level::L1),
            "2" => Some(Level::L2),
            "3" => Some(Level::L3),
            _ => None,
        }
    }

    /// Index 0..=3.
    pub fn index(self) -> usize {
        self as usize
    }
}

/// One perturbation operator.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Operator {
    /// Short code, as reported (e.g. `FDM`).
    pub code: String,
    /// Long name (e.g. `field_missing`).
    pub name: String,
    /// Its track.
    pub track: Track,
    /// Reliability: the operator family (`information deletion`, `evidence conflict`);
    /// robustness: the kind (`equivalent transformation`, `redundancy injection`).
    pub family: String,
    /// Reliability only.
    pub difficulty: Option<Difficulty>,
    /// Robustness only.
    pub level: Option<Level>,
    /// Whether it is one of the 19 built-in operators.
    pub builtin: bool,
}

const INFORMATION_DELETION: &str = "information deletion";
const EVIDENCE_CONFLICT: &str = "evidence conflict";
const EQUIVALENT_TRANSFORMATION: &str = "equivalent transformation";
const REDUNDANCY_INJECTION: &str = "redundancy injection";

const BUILTIN_RELIABILITY: [(&str, &str, &str, Difficulty); 7] = [
    (
        "FDM",
        "field_missing",
        INFORMATION_DELETION,
        Difficulty::Easy,
    ),
    ("DM", "data_missing", INFORMATION_DELETION, Difficulty::Easy),
    (
        "FLM",
        "file_missing",
        INFORMATION_DELETION,
        Difficulty::Easy,
    ),
    (
        "DAM",
        "deep_analysis_missing",
        INFORMATION_DELETION,
        Difficulty::Hard,
    ),
    (
        "SCM",
        "structural_context_missing",
        INFORMATION_DELETION,
        Difficulty::Hard,
    ),
    (
        "EC",
        "evidence_conflict",
        EVIDENCE_CONFLICT,
        Difficulty::Easy,
    ),
    ("HC", "header_conflict", EVIDENCE_CONFLICT, Difficulty::Easy),
];

const BUILTIN_ROBUSTNESS: [(&str, &str, &str, Level); 12] = [
    (
        "ROS",
        "row_order_shuffle",
        EQUIVALENT_TRANSFORMATION,
        Level::L0,
    ),
    (
        "COS",
        "column_order_shuffle",
        EQUIVALENT_TRANSFORMATION,
        Level::L0,
    ),
    (
        "HSS",
        "header_synonym_substitution",
        EQUIVALENT_TRANSFORMATION,
        Level::L0,
    ),
    (
        "SDC",
        "semantic_distractor_column",
        REDUNDANCY_INJECTION,
        Level::L0,
    ),
    (
        "EVR",
        "equivalent_value_reencoding",
        EQUIVALENT_TRANSFORMATION,
        Level::L1,
    ),
    (
        "USC",
        "unit_scale_conversion",
        EQUIVALENT_TRANSFORMATION,
        Level::L1,
    ),
    (
        "WLR",
        "csv_wide_long_reshape",
        EQUIVALENT_TRANSFORMATION,
        Level::L2,
    ),
    (
        "RD",
        "csv_relational_decomposition",
        EQUIVALENT_TRANSFORMATION,
        Level::L2,
    ),
    (
        "HHR",
        "excel_hierarchical_header_relayout",
        EQUIVALENT_TRANSFORMATION,
        Level::L2,
    ),
    (
        "CSR",
        "excel_cross_sheet_relayout",
        EQUIVALENT_TRANSFORMATION,
        Level::L2,
    ),
    (
        "DFI",
        "decoy_feature_pack_injection",
        REDUNDANCY_INJECTION,
        Level::L3,
    ),
    (
        "NRI",
        "non_observation_row_injection",
        REDUNDANCY_INJECTION,
        Level::L3,
    ),
];

/// Longest accepted operator code or name, in characters.
const MAX_OPERATOR_TEXT: usize = 200;
/// Most operators a caller may register.
const MAX_REGISTERED: usize = 1000;

/// The operators known to a computation, in registry order (built-ins first, then the
/// caller's in registration order). Tables list operators in this order.
#[derive(Debug, Clone, PartialEq)]
pub struct OperatorRegistry {
    operators: Vec<Operator>,
    /// Lower-cased code and name → index.
    lookup: HashMap<String, usize>,
}

impl Default for OperatorRegistry {
    fn default() -> Self {
        Self::builtin()
    }
}

impl OperatorRegistry {
    /// The 19 TrustDABench operators.
    pub fn builtin() -> Self {
        let mut registry = OperatorRegistry {
            operators: Vec::new(),
            lookup: HashMap::new(),
        };
        for (code, name, family, difficulty) in BUILTIN_RELIABILITY {
            registry.insert(Operator {
                code: code.into(),
                name: name.into(),
                track: Track::Reliability,
                family: family.into(),
                difficulty: Some(difficulty),
                level: None,
                builtin: true,
            });
        }
        for (code, name, kind, level) in BUILTIN_ROBUSTNESS {
            registry.insert(Operator {
                code: code.into(),
                name: name.into(),
                track: Track::Robustness,
                family: kind.into(),
                difficulty: None,
                level: Some(level),
                builtin: true,
            });
        }
        registry
    }

    fn insert(&mut self, op: Operator) {
        let index = self.operators.len();
        self.lookup.insert(op.code.to_lowercase(), index);
        self.lookup.insert(op.name.to_lowercase(), index);
        self.operators.push(op);
    }

    /// Add an operator. Its code and name must be non-empty and must not equal (in any case)
    /// the code or name of an operator already known; reliability operators need a family
    /// and a difficulty, robustness operators a kind (kept in `family`) and a level.
    pub fn register(&mut self, mut op: Operator) -> Result<(), TrustError> {
        let bad = |m: String| TrustError::new(TrustErrorCode::InvalidOperatorRegistration, m);
        op.code = op.code.trim().to_string();
        op.name = op.name.trim().to_string();
        op.builtin = false;
        for (what, text) in [("code", &op.code), ("name", &op.name)] {
            if text.is_empty() || text.chars().count() > MAX_OPERATOR_TEXT {
                return Err(bad(format!(
                    "operator {what} must be 1..{MAX_OPERATOR_TEXT} characters"
                )));
            }
            if let Some(&i) = self.lookup.get(&text.to_lowercase()) {
                return Err(bad(format!(
                    "operator {what} {text:?} clashes with operator {}",
                    self.operators[i].code
                )));
            }
        }
        match op.track {
            Track::Reliability if op.difficulty.is_none() || op.level.is_some() => {
                return Err(bad(format!(
                    "reliability operator {} needs a difficulty and no level",
                    op.code
                )))
            }
            Track::Robustness if op.level.is_none() || op.difficulty.is_some() => {
                return Err(bad(format!(
                    "robustness operator {} needs a level and no difficulty",
                    op.code
                )))
            }
            _ => {}
        }
        if self.operators.len()
            >= BUILTIN_RELIABILITY.len() + BUILTIN_ROBUSTNESS.len() + MAX_REGISTERED
        {
            return Err(bad(format!(
                "at most {MAX_REGISTERED} operators can be registered"
            )));
        }
        self.insert(op);
        Ok(())
    }

    /// Register operators given as JSON objects:
    /// `{"code", "name", "track": "reliability", "family", "difficulty": "easy"|"hard"}` or
    /// `{"code", "name", "track": "robustness", "kind", "level": "L0".."L3"}`.
    pub fn register_json(&mut self, specs: &Value) -> Result<(), TrustError> {
        let bad = |m: String| TrustError::new(TrustErrorCode::InvalidOperatorRegistration, m);
        let Value::Array(items) = specs else {
            return Err(bad("`operators` must be a list of operator objects".into()));
        };
        for item in items {
            if !matches!(item, Value::Object(_)) {
                return Err(bad("each registered operator must be an object".into()));
            }
            let text = |key: &str| -> Result<String, TrustError> {
                match item.get(key) {
                    Some(Value::Str(s)) if !s.trim().is_empty() => Ok(s.trim().to_string()),
                    _ => Err(bad(format!(
                        "registered operator needs a non-empty string `{key}`"
                    ))),
                }
            };
            let code = text("code")?;
            let name = text("name")?;
            let track = Track::parse(&text("track")?).ok_or_else(|| {
                bad(format!(
                    "operator {code}: `track` must be reliability or robustness"
                ))
            })?;
            let op = match track {
                Track::Reliability => Operator {
                    family: text("family")?,
                    difficulty: Some(Difficulty::parse(&text("difficulty")?).ok_or_else(|| {
                        bad(format!(
                            "operator {code}: `difficulty` must be easy or hard"
                        ))
                    })?),
                    level: None,
                    code,
                    name,
                    track,
                    builtin: false,
                },
                Track::Robustness => {
                    Operator {
                        family: text("kind")?,
                        difficulty: None,
                        level: Some(Level::parse(&text("level")?).ok_or_else(|| {
                            bad(format!("operator {code}: `level` must be L0..L3"))
                        })?),
                        code,
                        name,
                        track,
                        builtin: false,
                    }
                }
            };
            self.register(op)?;
        }
        Ok(())
    }

    /// The index of the operator with this code or name (any case, surrounding spaces ignored).
    pub fn resolve(&self, text: &str) -> Option<usize> {
        self.lookup.get(&text.trim().to_lowercase()).copied()
    }

    /// The operator at an index from [`OperatorRegistry::resolve`].
    ///
    /// # Panics
    /// If the index did not come from this registry.
    pub fn get(&self, index: usize) -> &Operator {
        &self.operators[index]
    }

    /// All operators in registry order.
    pub fn operators(&self) -> &[Operator] {
        &self.operators
    }

    /// The registry as a JSON array of operator objects.
    pub fn to_out(&self) -> Out {
        Out::Array(self.operators.iter().map(Operator::to_out).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabeq::cpython_json::parse;

    #[test]
    fn builtins_resolve_by_code_or_name_in_any_case() {
        let r = OperatorRegistry::builtin();
        assert_eq!(r.operators().len(), 19);
        for op in r.operators() {
            assert_eq!(
                r.resolve(&op.code.to_lowercase()),
                r.resolve(&op.name.to_uppercase())
            );
        }
        let reliability = r
            .operators()
            .iter()
            .filter(|o| o.track == Track::Reliability)
            .count();
        assert_eq!(reliability, 7);
        assert_eq!(
            r.get(r.resolve(" DAM ").unwrap()).difficulty,
            Some(Difficulty::Hard)
        );
        assert_eq!(r.get(r.resolve("NRI").unwrap()).level, Some(Level::L3));
    }

    #[test]
    fn registration_rejects_clashes_and_incomplete_specs() {
        let mut r = OperatorRegistry::builtin();
        let ok = parse(
            r#"[{"code":"XX","name":"my_op","track":"Robustness","kind":"redundancy injection","level":"l1"}]"#,
        )
        .unwrap();
        r.register_json(&ok).unwrap();
        assert_eq!(r.get(r.resolve("MY_OP").unwrap()).level, Some(Level::L1));
        for bad in [
            r#"[{"code":"xx","name":"other","track":"robustness","kind":"k","level":"L0"}]"#,
            r#"[{"code":"YY","name":"field_missing","track":"reliability","family":"f","difficulty":"easy"}]"#,
            r#"[{"code":"YY","name":"y","track":"reliability","family":"f"}]"#,
            r#"[{"code":"YY","name":"y","track":"robustness","kind":"k","level":"L7"}]"#,
            r#"[{"code":"","name":"y","track":"robustness","kind":"k","level":"L0"}]"#,
            r#"{"code":"YY"}"#,
        ] {
            let err = r.register_json(&parse(bad).unwrap()).unwrap_err();
            assert_eq!(
                err.code,
                TrustErrorCode::InvalidOperatorRegistration,
                "{bad}"
            );
        }
    }
}
