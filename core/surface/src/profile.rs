//! The profile registry: every scoring profile once, with its name, summary, spec page, input
//! kinds, options and limit, and one generic entry, [`score`], that scores a prediction under
//! any of them. A binding lists [`PROFILES`] and calls [`score`]; a new profile appears on every
//! surface (Python, the command line, WebAssembly, the page) by being registered here.
//!
//! ```
//! use tabeq_surface::profile::{score, Profile, ScoreOptions};
//! let options = ScoreOptions::default();
//! let outcome = score(Profile::BirdEx, b"[[1, \"a\"]]", b"[[1, \"a\"], [1, \"a\"]]", &options)?;
//! assert!(outcome.passed);
//! assert_eq!(outcome.score, 1.0);
//! # Ok::<(), tabeq_surface::CodedError>(())
//! ```

use serde::Serialize;
use tabeq::error::CodedError;

/// A scoring profile: one official scorer tabeq reproduces.
///
/// ```
/// use tabeq_surface::profile::{Profile, PROFILES};
/// let all: Vec<Profile> = PROFILES.iter().map(|p| p.profile).collect();
/// assert_eq!((all[0], all.len()), (Profile::DataSpace, 7));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Profile {
    /// DataSpace v1 `evaluate.py` (the core evaluator).
    DataSpace,
    /// Spider 2.0-lite `evaluate.py --mode exec_result`.
    Spider2Lite,
    /// Spider 2.0-Snow `evaluate.py --mode exec_result`.
    Spider2Snow,
    /// KDD Cup 2026 data-agent track, Phase 1 (`dabench score-run`), one task.
    KddcupPhase1,
    /// Spider 1.0 test-suite `result_eq`.
    SpiderResultEq,
    /// BIRD `calculate_ex`.
    BirdEx,
    /// BIRD `calculate_f1_score`.
    BirdSoftF1,
}

/// What a profile reads as a prediction or a gold.
///
/// ```
/// use tabeq_surface::profile::{InputKind, Profile};
/// assert_eq!(Profile::BirdEx.info().prediction, InputKind::RowsJson);
/// assert_eq!(serde_json::to_string(&InputKind::RowsJson).unwrap(), "\"rows_json\"");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum InputKind {
    /// A CSV file's bytes.
    Csv,
    /// A query result as JSON text: an array of rows, each an array of cells (`1` an int, `1.0`
    /// a float, `null` None), as CPython's `json.loads` reads it.
    RowsJson,
}

/// One registered profile, as every surface lists it.
///
/// ```
/// let info = tabeq_surface::profile::Profile::Spider2Lite.info();
/// assert_eq!((info.name, info.wasm_module), ("spider2-lite", "tabeq_spider2"));
/// assert_eq!(info.options, ["condition_cols", "ignore_order"]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ProfileInfo {
    /// The profile.
    #[serde(skip)]
    pub profile: Profile,
    /// Its stable name on every surface (`dataspace`, `spider2-lite`, ...).
    pub name: &'static str,
    /// The benchmark and scorer, for people.
    pub title: &'static str,
    /// One line on what it scores.
    pub summary: &'static str,
    /// Its semantics: a page under `docs/spec/`.
    pub spec: &'static str,
    /// What the prediction is.
    pub prediction: InputKind,
    /// What the gold is.
    pub gold: InputKind,
    /// The options [`score`] reads for it ([`ScoreOptions`] field names).
    pub options: &'static [&'static str],
    /// The largest prediction or gold it reads, in bytes.
    pub max_input_bytes: u64,
    /// The WebAssembly module that holds its code (`tabeq_score`, `tabeq_spider2`,
    /// `tabeq_kddcup`); every module lists every profile.
    pub wasm_module: &'static str,
}

const SQL_ROWS_BYTES: u64 = tabeq::csv::MAX_CSV_BYTES as u64;

/// ```
/// let names: Vec<&str> = tabeq_surface::PROFILES.iter().map(|p| p.name).collect();
/// assert_eq!(names[..3], ["dataspace", "spider2-lite", "spider2-snow"]);
/// ```
/// Every profile, in the order the surfaces list them.
pub const PROFILES: &[ProfileInfo] = &[
    ProfileInfo {
        profile: Profile::DataSpace,
        name: "dataspace",
        title: "DataSpace v1 evaluate.py",
        summary: "a CSV answer against the gold under the task config's column rules (pass or fail)",
        spec: "docs/spec/evaluation.md",
        prediction: InputKind::Csv,
        gold: InputKind::Csv,
        options: &["config"],
        max_input_bytes: tabeq::csv::MAX_CSV_BYTES as u64,
        wasm_module: "tabeq_score",
    },
    ProfileInfo {
        profile: Profile::Spider2Lite,
        name: "spider2-lite",
        title: "Spider 2.0-lite evaluate.py (exec_result)",
        summary: "a CSV result against one gold CSV, the gold's columns found among the prediction's (score 0 or 1)",
        spec: "docs/spec/spider2.md",
        prediction: InputKind::Csv,
        gold: InputKind::Csv,
        options: &["condition_cols", "ignore_order"],
        max_input_bytes: SPIDER2_BYTES,
        wasm_module: "tabeq_spider2",
    },
    ProfileInfo {
        profile: Profile::Spider2Snow,
        name: "spider2-snow",
        title: "Spider 2.0-Snow evaluate.py (exec_result)",
        summary: "as spider2-lite, with the Snow evaluator's reading of condition_cols (score 0 or 1)",
        spec: "docs/spec/spider2.md",
        prediction: InputKind::Csv,
        gold: InputKind::Csv,
        options: &["condition_cols", "ignore_order"],
        max_input_bytes: SPIDER2_BYTES,
        wasm_module: "tabeq_spider2",
    },
    ProfileInfo {
        profile: Profile::KddcupPhase1,
        name: "kddcup-phase1",
        title: "KDD Cup 2026 data-agent Phase 1 (dabench score-run)",
        summary: "one task's CSV by column signatures, recall minus an extra-column penalty (score 0 to 1)",
        spec: "docs/spec/kddcup.md",
        prediction: InputKind::Csv,
        gold: InputKind::Csv,
        options: &["penalty_weight", "strict_commas"],
        max_input_bytes: KDDCUP_BYTES,
        wasm_module: "tabeq_kddcup",
    },
    ProfileInfo {
        profile: Profile::SpiderResultEq,
        name: "spider-result-eq",
        title: "Spider 1.0 test-suite exec_eval.py result_eq",
        summary: "two query results equal up to a column permutation (and row order unless order_matters)",
        spec: "docs/spec/sql.md",
        prediction: InputKind::RowsJson,
        gold: InputKind::RowsJson,
        options: &["order_matters"],
        max_input_bytes: SQL_ROWS_BYTES,
        wasm_module: "tabeq_spider2",
    },
    ProfileInfo {
        profile: Profile::BirdEx,
        name: "bird-ex",
        title: "BIRD mini_dev calculate_ex",
        summary: "two query results equal as sets of rows (score 0 or 1)",
        spec: "docs/spec/sql.md",
        prediction: InputKind::RowsJson,
        gold: InputKind::RowsJson,
        options: &[],
        max_input_bytes: SQL_ROWS_BYTES,
        wasm_module: "tabeq_spider2",
    },
    ProfileInfo {
        profile: Profile::BirdSoftF1,
        name: "bird-soft-f1",
        title: "BIRD mini_dev calculate_f1_score",
        summary: "row-paired cell overlap of two query results as an F1 score (0 to 1)",
        spec: "docs/spec/sql.md",
        prediction: InputKind::RowsJson,
        gold: InputKind::RowsJson,
        options: &[],
        max_input_bytes: SQL_ROWS_BYTES,
        wasm_module: "tabeq_spider2",
    },
];

// The profile crates' own limits, also without their features (the registry lists every profile
// in every build); `tests/registry.rs` checks them against the crates.
const SPIDER2_BYTES: u64 = 64 * 1024 * 1024;
const KDDCUP_BYTES: u64 = 1 << 30;

impl Profile {
    /// The profile called `name` (a [`ProfileInfo::name`]).
    ///
    /// ```
    /// use tabeq_surface::profile::Profile;
    /// assert_eq!(Profile::from_name("bird-ex"), Some(Profile::BirdEx));
    /// assert_eq!(Profile::from_name("BIRD"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Profile> {
        PROFILES.iter().find(|p| p.name == name).map(|p| p.profile)
    }

    /// Its registry entry.
    ///
    /// ```
    /// use tabeq_surface::profile::Profile;
    /// assert_eq!(Profile::KddcupPhase1.info().spec, "docs/spec/kddcup.md");
    /// ```
    pub fn info(self) -> &'static ProfileInfo {
        PROFILES
            .iter()
            .find(|p| p.profile == self)
            .expect("every profile is registered")
    }

    /// Its stable name.
    ///
    /// ```
    /// assert_eq!(tabeq_surface::profile::Profile::Spider2Snow.name(), "spider2-snow");
    /// ```
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The profile called `name`, or the coded error (`invalid_argument`) listing the names.
    ///
    /// ```
    /// use tabeq_surface::profile::Profile;
    /// let e = Profile::parse("bird").unwrap_err();
    /// assert_eq!(e.code, "invalid_argument");
    /// assert!(e.message.contains("bird-ex"));
    /// ```
    pub fn parse(name: &str) -> Result<Profile, CodedError> {
        Profile::from_name(name).ok_or_else(|| {
            let names: Vec<&str> = PROFILES.iter().map(|p| p.name).collect();
            CodedError::invalid_argument(format!(
                "no profile {name:?}; the profiles are {}",
                names.join(", ")
            ))
        })
    }
}

/// An option's value as a binding hands it over.
///
/// ```
/// use tabeq_surface::profile::{OptionValue, Profile, ScoreOptions};
/// let pairs = vec![("condition_cols".to_string(), OptionValue::Text("[0]".into()))];
/// let options = ScoreOptions::from_pairs(Profile::Spider2Snow, pairs)?;
/// assert_eq!(options.condition_cols.as_deref(), Some("[0]"));
/// # Ok::<(), tabeq_surface::CodedError>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub enum OptionValue {
    /// `True` / `true`.
    Bool(bool),
    /// A number.
    Number(f64),
    /// Text.
    Text(String),
    /// Bytes (a file's content).
    Bytes(Vec<u8>),
}

/// The options of [`score`]: each profile reads those its [`ProfileInfo::options`] names.
///
/// ```
/// let options = tabeq_surface::ScoreOptions { ignore_order: true, ..Default::default() };
/// assert!(options.ignore_order && options.config.is_none());
/// ```
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ScoreOptions {
    /// `dataspace`: the task config JSON (required).
    pub config: Option<Vec<u8>>,
    /// `spider2-*`: the eval file's `condition_cols` as JSON text (absent: the variant's default).
    pub condition_cols: Option<String>,
    /// `spider2-*`: the eval file's `ignore_order`.
    pub ignore_order: bool,
    /// `spider-result-eq`: whether row order matters.
    pub order_matters: bool,
    /// `kddcup-phase1`: the extra-column penalty weight (0.1 when absent).
    pub penalty_weight: Option<f64>,
    /// `kddcup-phase1`: keep commas in numbers.
    pub strict_commas: bool,
}

impl ScoreOptions {
    /// The options of `profile` from a binding's (name, value) pairs: a name the profile does not
    /// read, or a value of the wrong type, is `invalid_argument`.
    ///
    /// ```
    /// use tabeq_surface::profile::{OptionValue, Profile, ScoreOptions};
    /// let options = ScoreOptions::from_pairs(Profile::KddcupPhase1,
    ///     vec![("penalty_weight".into(), OptionValue::Number(0.5))])?;
    /// assert_eq!(options.penalty_weight, Some(0.5));
    /// let wrong = ScoreOptions::from_pairs(Profile::BirdEx, vec![("config".into(), OptionValue::Bool(true))]);
    /// assert!(wrong.unwrap_err().message.contains("bird-ex reads no option \"config\""));
    /// # Ok::<(), tabeq_surface::CodedError>(())
    /// ```
    pub fn from_pairs(
        profile: Profile,
        pairs: Vec<(String, OptionValue)>,
    ) -> Result<ScoreOptions, CodedError> {
        let info = profile.info();
        let mut options = ScoreOptions::default();
        for (name, value) in pairs {
            if !info.options.contains(&name.as_str()) {
                let reads = if info.options.is_empty() {
                    "none".to_string()
                } else {
                    info.options.join(", ")
                };
                return Err(CodedError::invalid_argument(format!(
                    "{} reads no option {name:?} (its options: {reads})",
                    info.name
                )));
            }
            let wrong = |expected: &str| {
                CodedError::invalid_argument(format!("option {name:?} must be {expected}"))
            };
            match (name.as_str(), value) {
                ("config", OptionValue::Bytes(b)) => options.config = Some(b),
                ("config", OptionValue::Text(t)) => options.config = Some(t.into_bytes()),
                ("config", _) => return Err(wrong("the config's JSON text or bytes")),
                ("condition_cols", OptionValue::Text(t)) => options.condition_cols = Some(t),
                ("condition_cols", _) => return Err(wrong("JSON text")),
                ("penalty_weight", OptionValue::Number(n)) => options.penalty_weight = Some(n),
                ("penalty_weight", _) => return Err(wrong("a number")),
                (flag, OptionValue::Bool(b)) => match flag {
                    "ignore_order" => options.ignore_order = b,
                    "order_matters" => options.order_matters = b,
                    _ => options.strict_commas = b,
                },
                _ => return Err(wrong("true or false")),
            }
        }
        Ok(options)
    }
}

/// The text-to-SQL profiles' verdict details.
///
/// ```
/// use tabeq_surface::{score, Profile, ProfileDocument, ScoreOptions};
/// let outcome = score(Profile::BirdEx, b"[[2]]", b"[[1]]", &ScoreOptions::default())?;
/// let ProfileDocument::Sql(verdict) = outcome.document else { unreachable!() };
/// assert_eq!(verdict.unmatched_gold_row, Some(0));
/// # Ok::<(), tabeq_surface::CodedError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SqlVerdict {
    /// `spider-result-eq`: why (`match`, `no_permutation`, ...).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<&'static str>,
    /// `spider-result-eq` `match`: column `i` of the gold is column `permutation[i]` of the
    /// prediction.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub permutation: Option<Vec<usize>>,
    /// `spider-result-eq` `no_permutation`: a gold column no prediction column holds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unmatched_column: Option<usize>,
    /// `spider-result-eq` `quick_rejected`: the soundness warning (a permutation does match).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub permutation_matches: Option<bool>,
    /// `bird-ex` passed: the row multisets differ though the sets are equal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duplicates_differ: Option<bool>,
    /// `bird-ex` failed: a gold row no predicted row equals.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unmatched_gold_row: Option<usize>,
    /// `bird-soft-f1`: whether the official returns the int `0` rather than a float.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub int_zero: Option<bool>,
}

/// The profile's own typed document: what its official scorer records for one prediction.
///
/// ```
/// use tabeq_surface::{score, Profile, ProfileDocument, ScoreOptions};
/// let outcome = score(Profile::KddcupPhase1, b"y\n1\n", b"x\n1\n", &ScoreOptions::default())?;
/// let ProfileDocument::Kddcup(task) = &outcome.document else { unreachable!() };
/// assert_eq!(task.status, "perfect_match");
/// // Serialized as the document alone (no variant name).
/// assert!(serde_json::to_string(&outcome.document).unwrap().starts_with("{\"status\""));
/// # Ok::<(), tabeq_surface::CodedError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum ProfileDocument {
    /// `dataspace`: the official record.
    #[cfg(feature = "dataspace")]
    DataSpace(Box<tabeq::TaskResult>),
    /// `spider2-*`: the verdict and its explanation.
    #[cfg(feature = "spider2")]
    Spider2(Box<tabeq_spider2::Outcome>),
    /// `kddcup-phase1`: the task's `TaskScore`.
    #[cfg(feature = "kddcup")]
    Kddcup(Box<tabeq_kddcup::TaskScore>),
    /// The text-to-SQL profiles.
    #[cfg(feature = "sql")]
    Sql(SqlVerdict),
}

/// One prediction's outcome under a profile.
///
/// ```
/// use tabeq_surface::{score, Profile, ScoreOptions};
/// let outcome = score(Profile::BirdSoftF1, b"[[1, 2]]", b"[[1, 3]]", &ScoreOptions::default())?;
/// assert_eq!((outcome.profile, outcome.passed, outcome.score), ("bird-soft-f1", false, 0.5));
/// # Ok::<(), tabeq_surface::CodedError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Outcome {
    /// The profile's name.
    pub profile: &'static str,
    /// Whether the prediction gets full marks.
    pub passed: bool,
    /// The official score (0 or 1 for the pass/fail profiles).
    pub score: f64,
    /// The profile's own document.
    pub document: ProfileDocument,
}

impl Outcome {
    // Unused in a build without profiles (the explain and submission WebAssembly modules).
    #[allow(dead_code)]
    fn new(profile: Profile, score: f64, passed: bool, document: ProfileDocument) -> Outcome {
        let profile = profile.name();
        Outcome {
            profile,
            passed,
            score,
            document,
        }
    }
}

/// The coded error of a profile whose code is in another WebAssembly module.
#[allow(dead_code)]
fn not_in_this_build(profile: Profile) -> CodedError {
    let info = profile.info();
    CodedError::argument(
        tabeq::error::BindingErrorCode::ModuleNotLoaded,
        format!(
            "the profile {} is in the WebAssembly module {}, not this one",
            info.name, info.wasm_module
        ),
    )
}

/// Score `prediction` against `gold` under `profile`, as its official scorer does. A broken
/// trusted input (a config, a gold the scorer refuses) or a bad option is the coded error; a
/// prediction the official scores 0 is an [`Outcome`] that did not pass.
///
/// ```
/// use tabeq_surface::profile::{score, Profile, ScoreOptions};
/// let config = br#"{"schema_version": "1.0", "task_id": "task_1", "order_sensitive": false,
///   "columns": [{"gold_index": 0, "gold_name": "n", "type": "number", "comparison": {"mode": "integer"}}]}"#;
/// let options = ScoreOptions { config: Some(config.to_vec()), ..ScoreOptions::default() };
/// let outcome = score(Profile::DataSpace, b"x\n3.0\n", b"n\n3\n", &options)?;
/// assert!(outcome.passed);
/// let missing = score(Profile::DataSpace, b"x\n3\n", b"n\n3\n", &ScoreOptions::default());
/// assert_eq!(missing.unwrap_err().code, "invalid_argument");
/// let kdd = score(Profile::KddcupPhase1, b"a,b\n1,2\n", b"x\n1\n", &ScoreOptions::default())?;
/// // Recall 1, less the penalty 0.1 for one extra column of two.
/// assert!(!kdd.passed && (kdd.score - 0.95).abs() < 1e-12);
/// # Ok::<(), tabeq_surface::CodedError>(())
/// ```
pub fn score(
    profile: Profile,
    prediction: &[u8],
    gold: &[u8],
    options: &ScoreOptions,
) -> Result<Outcome, CodedError> {
    match profile {
        Profile::DataSpace => dataspace(prediction, gold, options),
        Profile::Spider2Lite | Profile::Spider2Snow => spider2(profile, prediction, gold, options),
        Profile::KddcupPhase1 => kddcup(prediction, gold, options),
        Profile::SpiderResultEq | Profile::BirdEx | Profile::BirdSoftF1 => {
            sql(profile, prediction, gold, options)
        }
    }
}

#[cfg(not(feature = "dataspace"))]
fn dataspace(_: &[u8], _: &[u8], _: &ScoreOptions) -> Result<Outcome, CodedError> {
    Err(not_in_this_build(Profile::DataSpace))
}

#[cfg(feature = "dataspace")]
fn dataspace(
    prediction: &[u8],
    gold: &[u8],
    options: &ScoreOptions,
) -> Result<Outcome, CodedError> {
    let config = options
        .config
        .as_deref()
        .ok_or_else(|| tabeq::error::ArgumentError::required("option \"config\""))?;
    if config.len() > tabeq::file_input::MAX_CONFIG_BYTES {
        return Err(tabeq::error::ArgumentError::TooLarge {
            what: "option \"config\"".into(),
            limit: tabeq::file_input::MAX_CONFIG_BYTES,
            at_least: config.len(),
        }
        .into());
    }
    let config = tabeq::TaskConfig::from_json(config, None)?;
    let result = tabeq::evaluate_task(tabeq::Prediction::Csv(prediction), gold, &config)?;
    let passed = result.passed;
    let document = ProfileDocument::DataSpace(Box::new(result));
    Ok(Outcome::new(
        Profile::DataSpace,
        f64::from(u8::from(passed)),
        passed,
        document,
    ))
}

#[cfg(feature = "spider2")]
fn spider2(
    profile: Profile,
    prediction: &[u8],
    gold: &[u8],
    options: &ScoreOptions,
) -> Result<Outcome, CodedError> {
    use tabeq_spider2::{Condition, GoldKind, Variant};
    let condition = match &options.condition_cols {
        None => None,
        Some(text) => Some(Condition::from_json(
            &tabeq::cpython_json::parse(text).map_err(|e| {
                CodedError::invalid_argument(format!("option \"condition_cols\" is not JSON: {e}"))
            })?,
        )),
    };
    let variant = if profile == Profile::Spider2Snow {
        Variant::Snow
    } else {
        Variant::Lite
    };
    let ignore_order = options.ignore_order;
    let outcome = tabeq_spider2::compare_csv_variant(
        prediction,
        &[gold],
        GoldKind::Single,
        condition.as_ref(),
        ignore_order,
        variant,
    )
    .unwrap_or_else(|e| e.outcome(GoldKind::Single, ignore_order, 1));
    let passed = outcome.score == 1;
    let score = f64::from(outcome.score);
    let document = ProfileDocument::Spider2(Box::new(outcome));
    Ok(Outcome::new(profile, score, passed, document))
}

#[cfg(not(feature = "spider2"))]
fn spider2(profile: Profile, _: &[u8], _: &[u8], _: &ScoreOptions) -> Result<Outcome, CodedError> {
    Err(not_in_this_build(profile))
}

#[cfg(feature = "kddcup")]
fn kddcup(prediction: &[u8], gold: &[u8], options: &ScoreOptions) -> Result<Outcome, CodedError> {
    use tabeq_kddcup::{GoldInput, Prediction};
    let prediction = Prediction::Bytes {
        path: "prediction.csv",
        bytes: prediction,
    };
    let gold = GoldInput::Bytes {
        path: "gold.csv",
        bytes: gold,
    };
    let weight = options.penalty_weight.unwrap_or(0.1);
    let task = tabeq_kddcup::score_task(prediction, gold, weight, options.strict_commas).map_err(
        |fatal| CodedError {
            code: fatal.code(),
            stage: "kddcup",
            task_id: None,
            line: None,
            message: fatal.message().to_string(),
        },
    )?;
    let passed = task.status == "perfect_match";
    let score = task.score;
    let document = ProfileDocument::Kddcup(Box::new(task));
    Ok(Outcome::new(Profile::KddcupPhase1, score, passed, document))
}

#[cfg(not(feature = "kddcup"))]
fn kddcup(_: &[u8], _: &[u8], _: &ScoreOptions) -> Result<Outcome, CodedError> {
    Err(not_in_this_build(Profile::KddcupPhase1))
}

#[cfg(feature = "sql")]
fn sql(
    profile: Profile,
    prediction: &[u8],
    gold: &[u8],
    options: &ScoreOptions,
) -> Result<Outcome, CodedError> {
    use tabeq::error::SqlCode;
    let coded = |e: tabeq_sql::SqlError| {
        let code = SqlCode::from_code(e.code).unwrap_or(SqlCode::UnsupportedValue);
        CodedError::sql(code, e.message)
    };
    let rows = |bytes: &[u8], which: &str| {
        let text = std::str::from_utf8(bytes)
            .map_err(|e| CodedError::invalid_argument(format!("the {which} is not UTF-8: {e}")))?;
        let json = tabeq::cpython_json::parse(text)
            .map_err(|e| CodedError::invalid_argument(format!("the {which} is not JSON: {e}")))?;
        tabeq_sql::value::rows_from_json(&json, which).map_err(coded)
    };
    let (predicted, expected) = (rows(prediction, "prediction")?, rows(gold, "gold")?);
    let empty = SqlVerdict {
        reason: None,
        permutation: None,
        unmatched_column: None,
        permutation_matches: None,
        duplicates_differ: None,
        unmatched_gold_row: None,
        int_zero: None,
    };
    let (score, verdict) = match profile {
        Profile::SpiderResultEq => {
            // The test suite calls result_eq(gold, predicted, order_matters).
            let out = tabeq_sql::result_eq(&expected, &predicted, options.order_matters)
                .map_err(coded)?;
            let mut verdict = SqlVerdict {
                reason: Some(out.reason.name()),
                ..empty
            };
            match out.reason {
                tabeq_sql::Reason::Match { permutation } => verdict.permutation = Some(permutation),
                tabeq_sql::Reason::NoPermutation { unmatched_column } => {
                    verdict.unmatched_column = unmatched_column;
                }
                tabeq_sql::Reason::QuickRejected {
                    permutation_matches,
                } => verdict.permutation_matches = Some(permutation_matches),
                _ => {}
            }
            (f64::from(u8::from(out.equal)), verdict)
        }
        Profile::BirdEx => {
            let out = tabeq_sql::bird_ex(&predicted, &expected);
            let verdict = SqlVerdict {
                duplicates_differ: Some(out.duplicates_differ),
                unmatched_gold_row: out.unmatched_gold_row,
                ..empty
            };
            (f64::from(out.score), verdict)
        }
        _ => {
            let out = tabeq_sql::bird_soft_f1(&predicted, &expected).map_err(coded)?;
            let (score, int_zero) = match out {
                tabeq_sql::PyNumber::Int(i) => (i as f64, true),
                tabeq_sql::PyNumber::Float(f) => (f, false),
            };
            let verdict = SqlVerdict {
                int_zero: Some(int_zero),
                ..empty
            };
            (score, verdict)
        }
    };
    let document = ProfileDocument::Sql(verdict);
    Ok(Outcome::new(profile, score, score == 1.0, document))
}

#[cfg(not(feature = "sql"))]
fn sql(profile: Profile, _: &[u8], _: &[u8], _: &ScoreOptions) -> Result<Outcome, CodedError> {
    Err(not_in_this_build(profile))
}
