//! Task configuration: parsing and validation with the official evaluator's rules and quirks.
//!
//! ```
//! use tabeq::config::TaskConfig;
//! let cfg = TaskConfig::from_json(br#"{"schema_version": "1.0", "task_id": "task_7",
//!     "order_sensitive": false,
//!     "columns": [{"gold_index": 0, "gold_name": "GDP", "type": "number",
//!                  "comparison": {"mode": "decimal_places", "digits": 1}}]}"#, Some("task_7")).unwrap();
//! assert_eq!(cfg.columns.len(), 1);
//! // The file stem must equal the task id.
//! let err = TaskConfig::from_json(br#"{"schema_version": "1.0", "task_id": "task_7",
//!     "order_sensitive": false, "columns": [{"gold_index": 0, "gold_name": "a", "type": "text"}]}"#,
//!     Some("task_8")).unwrap_err();
//! assert_eq!(err.code.code(), "config_task_id_mismatch");
//! ```
//!
//! A key the official evaluator does not read is ignored, exactly as it ignores it, but
//! reported as a [`ConfigWarning`], since a typo silently changes a task's rule:
//!
//! ```
//! use tabeq::config::TaskConfig;
//! let (cfg, warnings) = TaskConfig::from_json_with_warnings(br#"{"schema_version": "1.0",
//!     "task_id": "task_7", "order_sensitive": false, "columns": [
//!     {"gold_index": 0, "gold_name": "a", "type": "text"},
//!     {"gold_index": 1, "gold_name": "share", "type": "number", "allow_percent": true,
//!      "comparison": {"mode": "decimal_places", "digits": 1}}]}"#, None).unwrap();
//! assert!(!cfg.columns[1].allow_percent_sign);
//! assert_eq!(warnings[0].code.code(), "unknown_config_key");
//! assert_eq!(warnings[0].to_string(),
//!     "unknown key `allow_percent` in column 1 — did you mean `allow_percent_sign`?");
//! ```

use core::fmt;

use crate::chars::decimal_digit_value;
use crate::codes::code_enum;

mod error;

use crate::cpython_json::{self, Out, Value};
pub use error::{
    CellError, CellErrorKind, ColumnField, FatalCode, FatalDetail, FatalError, FatalStage,
};

/// The only supported config schema.
pub const CONFIG_SCHEMA_VERSION: &str = "1.0";

/// A column's declared type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename_all = "lowercase"))]
pub enum ColumnType {
    /// Exact text after newline folding, strip and NFC.
    Text,
    /// A decimal number compared after rounding.
    Number,
    /// A calendar date.
    Date,
    /// A date and time, naive or UTC.
    Datetime,
    /// true/false.
    Boolean,
}

impl ColumnType {
    /// The config spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            ColumnType::Text => "text",
            ColumnType::Number => "number",
            ColumnType::Date => "date",
            ColumnType::Datetime => "datetime",
            ColumnType::Boolean => "boolean",
        }
    }
    /// Parse the config spelling.
    pub fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "text" => ColumnType::Text,
            "number" => ColumnType::Number,
            "date" => ColumnType::Date,
            "datetime" => ColumnType::Datetime,
            "boolean" => ColumnType::Boolean,
            _ => return None,
        })
    }
}

/// How numbers are compared.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Comparison {
    /// The value must be integral.
    Integer,
    /// Round half-up to this many decimal places (0..=30).
    DecimalPlaces(u32),
    /// Round half-up to this many significant digits (0..=30).
    SignificantDigits(u32),
}

/// What a `%` sign means in a number column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(rename = "ColumnUnit", rename_all = "snake_case")
)]
pub enum NumericUnit {
    /// Taken as written.
    Plain,
    /// Taken as written (`5%` is 5).
    PercentagePoints,
    /// `5%` is 0.05.
    Fraction,
}

impl NumericUnit {
    /// The config spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            NumericUnit::Plain => "plain",
            NumericUnit::PercentagePoints => "percentage_points",
            NumericUnit::Fraction => "fraction",
        }
    }
}

/// The canonicalization rule of a column: everything that affects how a cell is read.
/// Columns with equal rules canonicalize every cell identically.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rule {
    /// Text.
    Text,
    /// Number with its comparison, unit and percent permission.
    Number {
        /// Rounding mode.
        comparison: Comparison,
        /// Percent meaning.
        unit: NumericUnit,
        /// Whether a trailing `%` is accepted.
        allow_percent_sign: bool,
    },
    /// Date.
    Date,
    /// Datetime.
    Datetime,
    /// Boolean.
    Boolean,
}

impl Rule {
    /// A short human description, e.g. `number (decimal_places 2, fraction, % allowed)`.
    pub fn describe(&self) -> String {
        match self {
            Rule::Number {
                comparison,
                unit,
                allow_percent_sign,
            } => {
                let cmp = match comparison {
                    Comparison::Integer => "integer".to_string(),
                    Comparison::DecimalPlaces(d) => format!("decimal_places {d}"),
                    Comparison::SignificantDigits(d) => format!("significant_digits {d}"),
                };
                format!(
                    "number ({cmp}, {}{})",
                    unit.as_str(),
                    if *allow_percent_sign {
                        ", % allowed"
                    } else {
                        ""
                    }
                )
            }
            Rule::Text => "text".into(),
            Rule::Date => "date".into(),
            Rule::Datetime => "datetime".into(),
            Rule::Boolean => "boolean".into(),
        }
    }
}

/// One gold column.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ColumnSpec {
    /// Its position (equal to its index in `columns`).
    pub gold_index: usize,
    /// Its name (for people; never compared).
    pub gold_name: String,
    /// Its type.
    pub column_type: ColumnType,
    /// The comparison, for number columns.
    pub comparison: Option<Comparison>,
    /// The unit, for number columns (plain otherwise).
    pub unit: NumericUnit,
    /// Whether a `%` is accepted (read for every type, used only by numbers).
    pub allow_percent_sign: bool,
}

impl ColumnSpec {
    /// The canonicalization rule.
    pub fn rule(&self) -> Rule {
        match self.column_type {
            ColumnType::Text => Rule::Text,
            ColumnType::Date => Rule::Date,
            ColumnType::Datetime => Rule::Datetime,
            ColumnType::Boolean => Rule::Boolean,
            ColumnType::Number => Rule::Number {
                comparison: self.comparison.unwrap_or(Comparison::Integer),
                unit: self.unit,
                allow_percent_sign: self.allow_percent_sign,
            },
        }
    }
}

/// A validated task config.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TaskConfig {
    /// `task_<N>`.
    pub task_id: String,
    /// Whether rows are compared as a sequence (true) or a multiset (false).
    pub order_sensitive: bool,
    /// The gold columns, in order.
    pub columns: Vec<ColumnSpec>,
}

/// True when `s` is `task_` followed by one or more Unicode decimal digits.
pub fn is_task_id(s: &str) -> bool {
    task_number(s).is_some()
}

/// The digits of a task id as a normalized decimal string (no leading zeros), for natural ordering.
pub fn task_number(s: &str) -> Option<String> {
    let digits = s.strip_prefix("task_")?;
    if digits.is_empty() {
        return None;
    }
    let mut out = String::with_capacity(digits.len());
    for c in digits.chars() {
        out.push((b'0' + decimal_digit_value(c)?) as char);
    }
    let trimmed = out.trim_start_matches('0');
    Some(if trimmed.is_empty() {
        "0".to_string()
    } else {
        trimmed.to_string()
    })
}

/// Compare two task ids by their number, then by text (so ordering is total).
pub fn natural_task_order(a: &str, b: &str) -> core::cmp::Ordering {
    let key = |s: &str| task_number(s).map(|n| (n.len(), n));
    key(a).cmp(&key(b)).then_with(|| a.cmp(b))
}

/// A column field whose value `found` the config cannot have.
fn invalid_field(field: ColumnField, index: usize, found: Option<&Value>) -> FatalError {
    let found = describe(found);
    FatalError::from(FatalDetail::InvalidColumnField {
        field,
        index,
        found,
    })
}

impl TaskConfig {
    /// Parse a config file's bytes. When `file_stem` is given (as for a file named
    /// `task_7.json`), it must equal the `task_id`, as in the official evaluator.
    pub fn from_json(bytes: &[u8], file_stem: Option<&str>) -> Result<TaskConfig, FatalError> {
        Self::from_json_with_warnings(bytes, file_stem).map(|(config, _)| config)
    }

    /// [`TaskConfig::from_json`], plus the keys it ignored (see [`config_warnings`]).
    pub fn from_json_with_warnings(
        bytes: &[u8],
        file_stem: Option<&str>,
    ) -> Result<(TaskConfig, Vec<ConfigWarning>), FatalError> {
        let text = core::str::from_utf8(bytes).map_err(FatalDetail::ConfigNotUtf8)?;
        let value = cpython_json::parse(text).map_err(|error| FatalDetail::ConfigJson {
            what: "config",
            error,
        })?;
        let config = Self::from_value(&value, file_stem)?;
        Ok((config, config_warnings(&value)))
    }

    /// Validate a parsed JSON value (see [`TaskConfig::from_json`]).
    pub fn from_value(raw: &Value, file_stem: Option<&str>) -> Result<TaskConfig, FatalError> {
        let result = Self::validate(raw, file_stem);
        match (result, raw.get("task_id")) {
            (Err(e), Some(Value::Str(id))) => Err(e.with_task(id)),
            (r, _) => r,
        }
    }

    fn validate(raw: &Value, file_stem: Option<&str>) -> Result<TaskConfig, FatalError> {
        if !matches!(raw, Value::Object(_)) {
            return Err(FatalDetail::ConfigNotAnObject.into());
        }
        match required(raw, "schema_version", None)? {
            Some(Value::Str(s)) if s == CONFIG_SCHEMA_VERSION => {}
            other => {
                let found = describe(other);
                return Err(FatalDetail::UnsupportedSchema { found }.into());
            }
        }
        let task_id = match required(raw, "task_id", None)? {
            Some(Value::Str(s)) if is_task_id(s) => s.clone(),
            other => {
                let found = describe(other);
                return Err(FatalDetail::InvalidTaskId { found }.into());
            }
        };
        if let Some(stem) = file_stem {
            if stem != task_id {
                let (stem, task_id) = (stem.to_string(), task_id);
                return Err(FatalDetail::TaskIdMismatch { stem, task_id }.into());
            }
        }
        let order_sensitive = match required(raw, "order_sensitive", None)? {
            Some(Value::Bool(b)) => *b,
            other => {
                let found = describe(other);
                return Err(FatalDetail::InvalidOrderSensitive { found }.into());
            }
        };
        let raw_columns = match required(raw, "columns", None)? {
            Some(Value::Array(a)) if !a.is_empty() => a,
            _ => return Err(FatalDetail::NoColumns.into()),
        };
        let mut columns = Vec::with_capacity(raw_columns.len());
        for (index, raw_column) in raw_columns.iter().enumerate() {
            columns.push(parse_column(index, raw_column)?);
        }
        Ok(TaskConfig {
            task_id,
            order_sensitive,
            columns,
        })
    }

    /// The config as JSON text (normalized: only the fields that matter, in a fixed order).
    pub fn to_json(&self) -> String {
        self.to_out().to_pretty()
    }

    /// The config as a JSON tree.
    pub fn to_out(&self) -> Out {
        let columns = self
            .columns
            .iter()
            .map(|c| {
                let mut m = vec![
                    ("gold_index".to_string(), Out::Int(c.gold_index as i64)),
                    ("gold_name".to_string(), Out::Str(c.gold_name.clone())),
                    ("type".to_string(), Out::Str(c.column_type.as_str().into())),
                ];
                if let Some(cmp) = c.comparison {
                    let cmp = match cmp {
                        Comparison::Integer => {
                            vec![("mode".to_string(), Out::Str("integer".into()))]
                        }
                        Comparison::DecimalPlaces(d) => vec![
                            ("mode".to_string(), Out::Str("decimal_places".into())),
                            ("digits".to_string(), Out::Int(d as i64)),
                        ],
                        Comparison::SignificantDigits(d) => vec![
                            ("mode".to_string(), Out::Str("significant_digits".into())),
                            ("digits".to_string(), Out::Int(d as i64)),
                        ],
                    };
                    m.push(("comparison".to_string(), Out::Object(cmp)));
                    m.push(("unit".to_string(), Out::Str(c.unit.as_str().into())));
                }
                if c.allow_percent_sign {
                    m.push(("allow_percent_sign".to_string(), Out::Bool(true)));
                }
                Out::Object(m)
            })
            .collect();
        Out::Object(vec![
            (
                "schema_version".to_string(),
                Out::Str(CONFIG_SCHEMA_VERSION.into()),
            ),
            ("task_id".to_string(), Out::Str(self.task_id.clone())),
            (
                "order_sensitive".to_string(),
                Out::Bool(self.order_sensitive),
            ),
            ("columns".to_string(), Out::Array(columns)),
        ])
    }

    /// The rule of each gold column.
    pub fn rules(&self) -> Vec<Rule> {
        self.columns.iter().map(ColumnSpec::rule).collect()
    }
}

fn describe(v: Option<&Value>) -> String {
    match v {
        None => "missing".into(),
        Some(Value::Str(s)) => format!("{s:?}"),
        Some(Value::Null) => "null".into(),
        Some(Value::Bool(b)) => b.to_string(),
        Some(Value::Int(i)) => i.to_string(),
        Some(Value::BigInt(s)) => s.clone(),
        Some(Value::Float(f)) => cpython_json::python_float_repr(*f),
        Some(Value::Array(_)) => "an array".into(),
        Some(Value::Object(_)) => "an object".into(),
    }
}

impl ColumnSpec {
    /// Validate one column object on its own (for canonicalizing single values). A missing
    /// `gold_index` is taken as 0; `gold_name` defaults to the empty string.
    pub fn from_value(raw: &Value) -> Result<ColumnSpec, FatalError> {
        let mut members = match raw {
            Value::Object(m) => m.clone(),
            _ => return Err(FatalDetail::ColumnNotAnObject { index: None }.into()),
        };
        // Alone, a column's index and name are optional: absent or null, they take defaults.
        members.retain(|(key, value)| {
            !(matches!(key.as_str(), "gold_index" | "gold_name") && *value == Value::Null)
        });
        if optional(raw, "gold_index").is_none() {
            members.push(("gold_index".into(), Value::Int(0)));
        }
        if optional(raw, "gold_name").is_none() {
            members.push(("gold_name".into(), Value::Str(String::new())));
        }
        let index = match raw.get("gold_index") {
            Some(Value::Int(i)) if *i >= 0 => *i as usize,
            _ => 0,
        };
        parse_column_checked(index, &Value::Object(members), true)
    }

    /// Parse a column object's JSON text (see [`ColumnSpec::from_value`]).
    pub fn from_json(text: &str) -> Result<ColumnSpec, FatalError> {
        let value = cpython_json::parse(text).map_err(|error| FatalDetail::ConfigJson {
            what: "column",
            error,
        })?;
        Self::from_value(&value)
    }

    /// A column as a binding's caller names it: a column object's JSON text, or a bare type
    /// name for the types without options (`text`, `date`, `datetime`, `boolean`).
    ///
    /// ```
    /// use tabeq::config::ColumnSpec;
    /// assert_eq!(ColumnSpec::from_argument("date")?, ColumnSpec::from_json(r#"{"type": "date"}"#)?);
    /// assert!(ColumnSpec::from_argument("number").is_err()); // a number needs its comparison
    /// # Ok::<(), tabeq::FatalError>(())
    /// ```
    pub fn from_argument(text: &str) -> Result<ColumnSpec, FatalError> {
        if text.trim_start().starts_with('{') {
            return Self::from_json(text);
        }
        Self::from_value(&Value::Object(vec![(
            "type".into(),
            Value::Str(text.into()),
        )]))
    }
}

/// An optional key's value: a `null` is the key absent (dataset rows hold every key of their
/// union schema, the unused ones as `null`). Only `unit` differs from the official evaluator,
/// which rejects a null unit; `allow_percent_sign: null` is falsy there too.
fn optional<'a>(raw: &'a Value, key: &str) -> Option<&'a Value> {
    raw.get(key).filter(|value| **value != Value::Null)
}

/// A required key's value (`None` when absent, for the caller's own error); a `null` is an
/// error naming the key, whatever the key's own error would say.
fn required<'a>(
    raw: &'a Value,
    key: &'static str,
    column: Option<usize>,
) -> Result<Option<&'a Value>, FatalError> {
    required_in(raw, key, key, column)
}

/// [`required`] for a key of a nested object, named `path` in the error.
fn required_in<'a>(
    raw: &'a Value,
    key: &str,
    path: &'static str,
    column: Option<usize>,
) -> Result<Option<&'a Value>, FatalError> {
    match raw.get(key) {
        Some(Value::Null) => Err(FatalDetail::NullRequiredKey { key: path, column }.into()),
        found => Ok(found),
    }
}

fn parse_column(index: usize, raw: &Value) -> Result<ColumnSpec, FatalError> {
    parse_column_checked(index, raw, false)
}

fn parse_column_checked(
    index: usize,
    raw: &Value,
    any_index: bool,
) -> Result<ColumnSpec, FatalError> {
    if !matches!(raw, Value::Object(_)) {
        let index = Some(index);
        return Err(FatalDetail::ColumnNotAnObject { index }.into());
    }
    let gold_index = required(raw, "gold_index", Some(index))?;
    if !any_index && !gold_index.is_some_and(|v| v.equals_index(index)) {
        let expected = index;
        return Err(FatalDetail::GoldIndexNotContiguous { expected }.into());
    }
    let gold_name = match required(raw, "gold_name", Some(index))? {
        Some(Value::Str(s)) => s.clone(),
        other => return Err(invalid_field(ColumnField::GoldName, index, other)),
    };
    let column_type = match required(raw, "type", Some(index))? {
        Some(Value::Str(s)) => ColumnType::parse(s),
        _ => None,
    }
    .ok_or_else(|| invalid_field(ColumnField::Type, index, raw.get("type")))?;
    let mut comparison = None;
    let mut unit = NumericUnit::Plain;
    if column_type == ColumnType::Number {
        let cmp = match required(raw, "comparison", Some(index))? {
            Some(c @ Value::Object(_)) => c,
            _ => return Err(FatalDetail::MissingComparison { index }.into()),
        };
        let mode = match required_in(cmp, "mode", "comparison.mode", Some(index))? {
            Some(Value::Str(s))
                if matches!(
                    s.as_str(),
                    "integer" | "decimal_places" | "significant_digits"
                ) =>
            {
                s.as_str()
            }
            other => return Err(invalid_field(ColumnField::ComparisonMode, index, other)),
        };
        comparison = Some(if mode == "integer" {
            Comparison::Integer
        } else {
            let digits = match required_in(cmp, "digits", "comparison.digits", Some(index))?
                .and_then(Value::as_python_int)
            {
                Some(Some(d)) if (0..=30).contains(&d) => d as u32,
                _ => {
                    let digits = cmp.get("digits");
                    return Err(invalid_field(ColumnField::ComparisonDigits, index, digits));
                }
            };
            if mode == "decimal_places" {
                Comparison::DecimalPlaces(digits)
            } else {
                Comparison::SignificantDigits(digits)
            }
        });
        unit = match optional(raw, "unit") {
            None => NumericUnit::Plain,
            Some(Value::Str(s)) if s == "plain" => NumericUnit::Plain,
            Some(Value::Str(s)) if s == "percentage_points" => NumericUnit::PercentagePoints,
            Some(Value::Str(s)) if s == "fraction" => NumericUnit::Fraction,
            other => return Err(invalid_field(ColumnField::Unit, index, other)),
        };
    }
    let allow_percent_sign = optional(raw, "allow_percent_sign").is_some_and(Value::truthy);
    Ok(ColumnSpec {
        gold_index: index,
        gold_name,
        column_type,
        comparison,
        unit,
        allow_percent_sign,
    })
}

code_enum! {
    /// What a [`ConfigWarning`] is about. Warnings never change a result.
    ConfigWarningCode as "ConfigWarningCode" {
        /// A key the official evaluator does not read (so it has no effect).
        UnknownConfigKey => "unknown_config_key",
    }
}

/// Where in a config a warning points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ConfigLocation {
    /// The top-level object.
    Config,
    /// A column object (its index in `columns`).
    Column(usize),
    /// A column's `comparison` object.
    Comparison(usize),
}

/// Something in a config that the official evaluator ignores (and tabeq ignores too), worth
/// telling the config's author about.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(as = "ConfigWarningJson"))]
pub struct ConfigWarning {
    /// What kind of warning.
    pub code: ConfigWarningCode,
    /// Where it is.
    pub location: ConfigLocation,
    /// The key as written.
    pub key: String,
    /// The known key it most likely meant.
    pub suggestion: Option<&'static str>,
}

impl ConfigWarning {
    /// The column it is in (`None` at the top level).
    pub fn column(&self) -> Option<usize> {
        match self.location {
            ConfigLocation::Config => None,
            ConfigLocation::Column(j) | ConfigLocation::Comparison(j) => Some(j),
        }
    }

    /// As JSON: `code`, `message`, `key`, `column` (or null), `suggestion` (or null).
    pub fn to_out(&self) -> Out {
        crate::cpython_json::to_tree(self)
    }
}

impl serde::Serialize for ConfigWarning {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut out = s.serialize_struct("ConfigWarning", 5)?;
        out.serialize_field("code", self.code.code())?;
        out.serialize_field("message", &self.to_string())?;
        out.serialize_field("key", &self.key)?;
        out.serialize_field("column", &self.column())?;
        out.serialize_field("suggestion", &self.suggestion)?;
        out.end()
    }
}

/// The JSON shape of [`ConfigWarning`] (its TypeScript declaration: `make types`).
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[allow(dead_code)]
pub(crate) struct ConfigWarningJson {
    code: ConfigWarningCode,
    /// E.g. "unknown key `allow_percent` in column 1 — did you mean `allow_percent_sign`?".
    message: String,
    /// The key as written.
    key: String,
    /// The column it is in (null at the top level).
    column: Option<usize>,
    /// The known key it most likely meant.
    suggestion: Option<String>,
}

/// A config file's content (`configs/task_N.json`).
///
/// The shape [`TaskConfig::to_out`] writes and a binding accepts (its TypeScript: `make types`).
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "TaskConfigObject")]
#[allow(dead_code)]
pub(crate) struct TaskConfigJson {
    #[ts(type = "\"1.0\"")]
    schema_version: String,
    task_id: String,
    order_sensitive: bool,
    columns: Vec<ColumnConfigJson>,
}

/// One gold column of a config.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "ColumnConfig")]
#[allow(dead_code)]
pub(crate) struct ColumnConfigJson {
    #[ts(optional)]
    gold_index: Option<usize>,
    #[ts(optional)]
    gold_name: Option<String>,
    #[ts(rename = "type")]
    column_type: ColumnType,
    #[ts(optional)]
    comparison: Option<ComparisonJson>,
    #[ts(optional)]
    unit: Option<NumericUnit>,
    #[ts(optional)]
    allow_percent_sign: Option<bool>,
}

/// How numbers are compared (a config's `comparison` object).
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "ColumnComparison", tag = "mode", rename_all = "snake_case")]
#[allow(dead_code)]
pub(crate) enum ComparisonJson {
    Integer,
    DecimalPlaces { digits: u32 },
    SignificantDigits { digits: u32 },
}

impl fmt::Display for ConfigWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown key `{}`", self.key)?;
        match self.location {
            ConfigLocation::Config => f.write_str(" in the config")?,
            ConfigLocation::Column(j) => write!(f, " in column {j}")?,
            ConfigLocation::Comparison(j) => write!(f, " in the comparison of column {j}")?,
        }
        if let Some(s) = self.suggestion {
            write!(f, " — did you mean `{s}`?")?;
        }
        Ok(())
    }
}

const CONFIG_KEYS: &[&str] = &["schema_version", "task_id", "order_sensitive", "columns"];
const COLUMN_KEYS: &[&str] = &[
    "gold_index",
    "gold_name",
    "type",
    "comparison",
    "unit",
    "allow_percent_sign",
];
const COMPARISON_KEYS: &[&str] = &["mode", "digits"];

/// The keys of a (valid or not) config value that the official evaluator never reads: at the
/// top level, in each column object and in each `comparison` object, in source order.
pub fn config_warnings(raw: &Value) -> Vec<ConfigWarning> {
    let mut out = Vec::new();
    unknown_keys(raw, CONFIG_KEYS, ConfigLocation::Config, &mut out);
    if let Some(Value::Array(columns)) = raw.get("columns") {
        for (j, column) in columns.iter().enumerate() {
            unknown_keys(column, COLUMN_KEYS, ConfigLocation::Column(j), &mut out);
            if let Some(cmp) = column.get("comparison") {
                unknown_keys(
                    cmp,
                    COMPARISON_KEYS,
                    ConfigLocation::Comparison(j),
                    &mut out,
                );
            }
        }
    }
    out
}

fn unknown_keys(
    raw: &Value,
    known: &[&'static str],
    location: ConfigLocation,
    out: &mut Vec<ConfigWarning>,
) {
    let Value::Object(members) = raw else { return };
    for (key, _) in members {
        if !known.contains(&key.as_str())
            && !out.iter().any(|w| w.location == location && w.key == *key)
        {
            out.push(ConfigWarning {
                code: ConfigWarningCode::UnknownConfigKey,
                location,
                key: key.clone(),
                suggestion: closest_key(key, known),
            });
        }
    }
}

/// The known key closest to `key`: equal ignoring case, a prefix of it (or it of the key), or
/// within an edit distance of a third of its length.
fn closest_key(key: &str, known: &[&'static str]) -> Option<&'static str> {
    let lower = key.to_lowercase();
    let score = |k: &str| -> Option<usize> {
        if lower == k {
            return Some(0);
        }
        let distance = edit_distance(&lower, k);
        let prefix = lower.len() >= 3 && (k.starts_with(&lower) || lower.starts_with(k));
        (prefix || distance <= (k.len() / 3).max(1)).then_some(distance)
    };
    known
        .iter()
        .filter_map(|&k| score(k).map(|d| (d, k)))
        .min()
        .map(|(_, k)| k)
}

/// Levenshtein distance over characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let next = (diagonal + usize::from(ca != cb))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}
