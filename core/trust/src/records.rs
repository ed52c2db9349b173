//! Record types and their JSON-lines parsers.
//!
//! Reliability (one judged unanswerable instance per line):
//! `{"model", "dataset", "operator", "instance_id", "label"}`.
//!
//! Robustness (one per original question, one per perturbation):
//! `{"model", "dataset", "question_id", "correct"}` and
//! `{"model", "dataset", "question_id", "perturbation_id", "operator", "correct"}`
//! (optionally `"valid": false` to leave a perturbation out of K_i).
//!
//! Blank lines are skipped; other fields are ignored; line numbers are 1-based. A text that is
//! one JSON array of such objects is read the same way, an item's position being its line.
//!
//! ```
//! use tabeq_trust::operators::OperatorRegistry;
//! use tabeq_trust::records::{parse_reliability_jsonl, Label};
//! let registry = OperatorRegistry::builtin();
//! let text = r#"{"model": "m", "dataset": "d", "operator": "field_missing", "instance_id": 7, "label": "partial_refusal"}"#;
//! let records = parse_reliability_jsonl(text, &registry, &[]).unwrap();
//! assert_eq!((records[0].label, records[0].instance_id.as_str()), (Label::Partial, "7"));
//! assert_eq!(registry.get(records[0].operator).code, "FDM");
//! ```

use super::error::{TrustError, TrustErrorCode};
use super::operators::{OperatorRegistry, Track};
use std::borrow::Cow;

use tabeq::cpython_json::{parse, parse_object_members, JsonInput, Member, Value};

/// A judged refusal label r_i.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Label {
    /// Full refusal, r = 1.
    Full,
    /// Partial refusal, r = 0.5.
    Partial,
    /// No refusal, r = 0.
    None,
}

impl Label {
    /// r_i: 1, 0.5 or 0.
    pub fn score(self) -> f64 {
        match self {
            Label::Full => 1.0,
            Label::Partial => 0.5,
            Label::None => 0.0,
        }
    }

    /// `full`, `partial` or `none`.
    pub fn as_str(self) -> &'static str {
        match self {
            Label::Full => "full",
            Label::Partial => "partial",
            Label::None => "none",
        }
    }

    /// Read a label: `full|partial|none`, `full_refusal|partial_refusal|no_refusal` (any case),
    /// or the numbers `1|0.5|0` (as JSON numbers or strings).
    pub fn from_value(value: &Value) -> Option<Label> {
        Label::from_field(Field::of(value))
    }

    pub(crate) fn from_field(field: Field<'_>) -> Option<Label> {
        fn spelled(s: &str) -> Option<Label> {
            match s {
                "full" | "full_refusal" | "1" | "1.0" => Some(Label::Full),
                "partial" | "partial_refusal" | "0.5" | ".5" => Some(Label::Partial),
                "none" | "no_refusal" | "0" | "0.0" => Some(Label::None),
                _ => None,
            }
        }
        match field {
            Field::Other(Value::Int(1)) => Some(Label::Full),
            Field::Other(Value::Int(0)) => Some(Label::None),
            Field::Other(Value::Float(f)) if *f == 1.0 => Some(Label::Full),
            Field::Other(Value::Float(f)) if *f == 0.5 => Some(Label::Partial),
            Field::Other(Value::Float(f)) if *f == 0.0 => Some(Label::None),
            // The usual spellings first, without the lowercased copy.
            Field::Str(s) => spelled(s).or_else(|| spelled(&s.trim().to_lowercase())),
            _ => None,
        }
    }
}

/// One judged unanswerable instance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReliabilityRecord {
    /// The model judged.
    pub model: String,
    /// The source dataset.
    pub dataset: String,
    /// Operator index in the registry used to parse it.
    pub operator: usize,
    /// The instance id (integers are kept as their decimal text).
    pub instance_id: String,
    /// The judged label.
    pub label: Label,
    /// The custom grouping keys asked for with their values (`None` where the record lacks one).
    pub fields: Vec<(String, Option<String>)>,
    /// 1-based input line (0 for records built in code).
    pub line: usize,
}

/// One robustness record: an original question or one of its perturbations.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RobustnessRecord {
    /// The model.
    pub model: String,
    /// The dataset.
    pub dataset: String,
    /// The original question this record belongs to.
    pub question_id: String,
    /// `None` for the original answer, else the perturbation's id and operator index.
    pub perturbation: Option<Perturbation>,
    /// c_i (original) or a_ij (perturbation).
    pub correct: bool,
    /// The custom grouping keys asked for with their values (`None` where the record lacks one).
    pub fields: Vec<(String, Option<String>)>,
    /// 1-based input line (0 for records built in code).
    pub line: usize,
}

/// The perturbation part of a robustness record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Perturbation {
    /// Its id (unique within the question).
    pub id: String,
    /// Operator index in the registry.
    pub operator: usize,
    /// `false` leaves it out of K_i (a perturbation that failed validation).
    pub valid: bool,
}

/// The lines of a JSONL text that hold something, with their 1-based numbers.
pub(crate) fn jsonl_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split('\n').enumerate().filter_map(|(i, line)| {
        let line = if i == 0 {
            line.strip_prefix('\u{FEFF}').unwrap_or(line)
        } else {
            line
        };
        let line = line.trim_matches(|c| c == ' ' || c == '\t' || c == '\r');
        (!line.is_empty()).then_some((i + 1, line))
    })
}

/// Parse one JSONL line into an object value.
pub(crate) fn parse_object(line_no: usize, line: &str) -> Result<Value, TrustError> {
    let value = parse(line)
        .map_err(|e| TrustError::at(TrustErrorCode::InvalidJson, line_no, e.to_string()))?;
    if !matches!(value, Value::Object(_)) {
        return Err(TrustError::at(
            TrustErrorCode::NotAnObject,
            line_no,
            "each line must be a JSON object",
        ));
    }
    Ok(value)
}

/// Longest accepted model, dataset or id, in bytes.
const MAX_FIELD_BYTES: usize = 4096;

/// A record's field as the readers see it: a string, or any other JSON value. A record is
/// read from a parsed object or, for JSON lines, from the members of its line (strings
/// borrowed from the text), through one set of rules.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Field<'a> {
    /// A string.
    Str(&'a str),
    /// Any other value.
    Other(&'a Value),
}

impl<'a> Field<'a> {
    /// The field of a parsed value.
    pub(crate) fn of(value: &'a Value) -> Field<'a> {
        match value {
            Value::Str(s) => Field::Str(s),
            other => Field::Other(other),
        }
    }

    /// The field of a member handed out by the line reader.
    pub(crate) fn of_member(member: &'a Member<'_>) -> Field<'a> {
        match member {
            Member::Str(s) => Field::Str(s),
            Member::Value(v) => Field::of(v),
        }
    }
}

/// Where a record's fields are read from: a key's last value, if any.
pub(crate) trait Fields<'a> {
    /// The last value of `key`.
    fn field(&self, key: &str) -> Option<Field<'a>>;
}

impl<'a> Fields<'a> for &'a Value {
    fn field(&self, key: &str) -> Option<Field<'a>> {
        self.get(key).map(Field::of)
    }
}

/// A required non-empty string field.
pub(crate) fn text_field(obj: &Value, key: &str, line: usize) -> Result<String, TrustError> {
    text_of(obj.get(key).map(Field::of), key, line).map(str::to_string)
}

/// [`text_field`] of a field that may be absent.
fn text_of<'a>(field: Option<Field<'a>>, key: &str, line: usize) -> Result<&'a str, TrustError> {
    match field {
        None | Some(Field::Other(Value::Null)) => Err(TrustError::at(
            TrustErrorCode::MissingField,
            line,
            format!("missing `{key}`"),
        )),
        Some(Field::Str(s)) if !s.trim().is_empty() && s.len() <= MAX_FIELD_BYTES => Ok(s),
        Some(_) => Err(TrustError::at(
            TrustErrorCode::InvalidField,
            line,
            format!("`{key}` must be a non-empty string of at most {MAX_FIELD_BYTES} bytes"),
        )),
    }
}

/// A required id: a non-empty string, or an integer kept as its decimal text.
pub(crate) fn id_field(obj: &Value, key: &str, line: usize) -> Result<String, TrustError> {
    id_of(obj.get(key).map(Field::of), key, line).map(Cow::into_owned)
}

/// [`id_field`] of a field that may be absent.
fn id_of<'a>(field: Option<Field<'a>>, key: &str, line: usize) -> Result<Cow<'a, str>, TrustError> {
    match field {
        Some(Field::Other(Value::Int(i))) => Ok(Cow::Owned(i.to_string())),
        Some(Field::Other(Value::BigInt(s))) if s.len() <= MAX_FIELD_BYTES => Ok(Cow::Borrowed(s)),
        _ => text_of(field, key, line)
            .map(Cow::Borrowed)
            .map_err(|mut e| {
                if e.code == TrustErrorCode::InvalidField {
                    e.message = format!("`{key}` must be a non-empty string or an integer");
                }
                e
            }),
    }
}

/// The text of a record field used as a grouping key: strings as they are, numbers and booleans
/// as written in JSON; `None` when absent, null, or not a scalar.
pub(crate) fn key_value(obj: &Value, key: &str) -> Option<String> {
    key_value_of(obj.get(key).map(Field::of)?).map(Cow::into_owned)
}

/// [`key_value`] of a present field.
pub(crate) fn key_value_of(field: Field<'_>) -> Option<Cow<'_, str>> {
    let text = match field {
        Field::Str(s) => Cow::Borrowed(s),
        Field::Other(Value::Int(i)) => Cow::Owned(i.to_string()),
        Field::Other(Value::BigInt(s)) => Cow::Borrowed(s.as_str()),
        Field::Other(Value::Float(f)) => {
            Cow::Owned(tabeq::cpython_json::Out::Float(*f).to_pretty())
        }
        Field::Other(Value::Bool(b)) => Cow::Owned(b.to_string()),
        _ => return None,
    };
    (text.len() <= MAX_FIELD_BYTES).then_some(text)
}

fn custom_fields(obj: &Value, custom: &[String]) -> Vec<(String, Option<String>)> {
    custom
        .iter()
        .map(|k| (k.clone(), key_value(obj, k)))
        .collect()
}

/// The value of a custom grouping key on a record (`None` when it lacks the field).
pub(crate) fn field_of<'a>(fields: &'a [(String, Option<String>)], name: &str) -> Option<&'a str> {
    fields
        .iter()
        .find(|(k, _)| k == name)
        .and_then(|(_, v)| v.as_deref())
}

fn present(obj: &Value, key: &str) -> bool {
    is_present(obj.get(key).map(Field::of))
}

fn is_present(field: Option<Field<'_>>) -> bool {
    !matches!(field, None | Some(Field::Other(Value::Null)))
}

/// Resolve an operator field against the registry and check its track.
pub(crate) fn operator_field(
    obj: &Value,
    line: usize,
    registry: &OperatorRegistry,
    track: Track,
) -> Result<usize, TrustError> {
    operator_of(obj.get("operator").map(Field::of), line, registry, track)
}

/// [`operator_field`] of a field that may be absent.
fn operator_of(
    field: Option<Field<'_>>,
    line: usize,
    registry: &OperatorRegistry,
    track: Track,
) -> Result<usize, TrustError> {
    let text = text_of(field, "operator", line)?;
    let index = registry.resolve(text).ok_or_else(|| {
        TrustError::at(
            TrustErrorCode::UnknownOperator,
            line,
            format!("unknown operator {text:?} (give a code or name, or register it)"),
        )
    })?;
    let op = registry.get(index);
    if op.track != track {
        return Err(TrustError::at(
            TrustErrorCode::MixedTracks,
            line,
            format!(
                "operator {} belongs to the {} track, not {}",
                op.code,
                op.track.as_str(),
                track.as_str()
            ),
        ));
    }
    Ok(index)
}

/// Read `correct`: true/false, 1/0 (numbers or strings), "true"/"false".
pub(crate) fn correct_value(value: &Value) -> Option<bool> {
    match value {
        Value::Bool(b) => Some(*b),
        Value::Int(1) => Some(true),
        Value::Int(0) => Some(false),
        Value::Float(f) if *f == 1.0 => Some(true),
        Value::Float(f) if *f == 0.0 => Some(false),
        Value::Str(s) => match s.trim().to_lowercase().as_str() {
            "true" | "1" => Some(true),
            "false" | "0" => Some(false),
            _ => None,
        },
        _ => None,
    }
}

/// A track's identifying fields: its id and its outcome.
fn track_fields(track: Track) -> (&'static str, &'static str) {
    match track {
        Track::Reliability => ("instance_id", "label"),
        Track::Robustness => ("question_id", "correct"),
    }
}

/// A record of the other track (its id or outcome without this track's) is `mixed_tracks`.
fn check_track(obj: &Value, line: usize, track: Track) -> Result<(), TrustError> {
    check_track_of(&obj, line, track)
}

/// [`check_track`] over a record's fields.
fn check_track_of<'a>(obj: &impl Fields<'a>, line: usize, track: Track) -> Result<(), TrustError> {
    let present = |key: &str| is_present(obj.field(key));
    let other = match track {
        Track::Reliability => Track::Robustness,
        Track::Robustness => Track::Reliability,
    };
    let ((id, outcome), (other_id, other_outcome)) = (track_fields(track), track_fields(other));
    if (present(other_outcome) && !present(outcome)) || (present(other_id) && !present(id)) {
        return Err(TrustError::at(
            TrustErrorCode::MixedTracks,
            line,
            format!(
                "a {} record (`{other_id}`, `{other_outcome}`) in {} input",
                other.as_str(),
                track.as_str()
            ),
        ));
    }
    Ok(())
}

/// A field that must be present and not null.
fn required<'a>(obj: &'a Value, key: &str, line: usize) -> Result<&'a Value, TrustError> {
    obj.get(key)
        .filter(|v| !matches!(v, Value::Null))
        .ok_or_else(|| {
            TrustError::at(
                TrustErrorCode::MissingField,
                line,
                format!("missing `{key}`"),
            )
        })
}

/// [`required`] of a field that may be absent.
fn required_of<'a>(
    field: Option<Field<'a>>,
    key: &str,
    line: usize,
) -> Result<Field<'a>, TrustError> {
    field
        .filter(|f| !matches!(f, Field::Other(Value::Null)))
        .ok_or_else(|| {
            TrustError::at(
                TrustErrorCode::MissingField,
                line,
                format!("missing `{key}`"),
            )
        })
}

/// Parse one reliability record object, keeping the values of the `custom` grouping keys.
pub fn reliability_record_with_fields(
    obj: &Value,
    line: usize,
    registry: &OperatorRegistry,
    custom: &[String],
) -> Result<ReliabilityRecord, TrustError> {
    let fields = reliability_fields(&obj, line, registry)?;
    Ok(ReliabilityRecord {
        model: fields.model.to_string(),
        dataset: fields.dataset.to_string(),
        operator: fields.operator,
        instance_id: fields.instance_id.into_owned(),
        label: fields.label,
        fields: custom_fields(obj, custom),
        line,
    })
}

/// A reliability record's checked fields, borrowed where they can be.
pub(crate) struct ReliabilityFields<'a> {
    pub(crate) model: &'a str,
    pub(crate) dataset: &'a str,
    pub(crate) operator: usize,
    pub(crate) instance_id: Cow<'a, str>,
    pub(crate) label: Label,
}

/// Check a reliability record's fields (the rules of [`reliability_record_with_fields`]).
pub(crate) fn reliability_fields<'a>(
    obj: &impl Fields<'a>,
    line: usize,
    registry: &OperatorRegistry,
) -> Result<ReliabilityFields<'a>, TrustError> {
    check_track_of(obj, line, Track::Reliability)?;
    let model = text_of(obj.field("model"), "model", line)?;
    let dataset = text_of(obj.field("dataset"), "dataset", line)?;
    let operator = operator_of(obj.field("operator"), line, registry, Track::Reliability)?;
    let instance_id = id_of(obj.field("instance_id"), "instance_id", line)?;
    let label =
        Label::from_field(required_of(obj.field("label"), "label", line)?).ok_or_else(|| {
            TrustError::at(
            TrustErrorCode::UnknownLabel,
            line,
            "`label` must be full|partial|none, 1|0.5|0 or full_refusal|partial_refusal|no_refusal",
        )
        })?;
    Ok(ReliabilityFields {
        model,
        dataset,
        operator,
        instance_id,
        label,
    })
}

/// The members of one JSON line that a reliability record is read from (the last value of each
/// key): the record's own keys, the other track's (to tell a mixed input), then the custom
/// grouping keys.
pub(crate) struct LineFields<'a> {
    names: &'a [&'a str],
    own: [Option<Member<'a>>; OWN_KEYS.len()],
    custom: Vec<Option<Member<'a>>>,
}

/// The keys of [`LineFields`] before the custom ones.
const OWN_KEYS: [&str; 7] = [
    "model",
    "dataset",
    "operator",
    "instance_id",
    "label",
    "question_id",
    "correct",
];

impl<'a> LineFields<'a> {
    /// The keys read: [`OWN_KEYS`], then the custom grouping keys.
    pub(crate) fn names(custom: &'a [String]) -> Vec<&'a str> {
        let mut names = OWN_KEYS.to_vec();
        names.extend(custom.iter().map(String::as_str));
        names
    }

    /// Read one line's members; `None` when it is not a valid JSON object (then
    /// [`parse_object`] gives its error).
    pub(crate) fn read(text: &'a str, names: &'a [&'a str]) -> Option<LineFields<'a>> {
        let mut read = LineFields {
            names,
            own: Default::default(),
            custom: vec![None; names.len() - OWN_KEYS.len()],
        };
        parse_object_members(
            text,
            |key| names.contains(&key),
            |key, value| {
                // A custom key may repeat a record field's name: each slot of that name gets it.
                for (i, _) in names.iter().enumerate().filter(|(_, n)| **n == key) {
                    match i.checked_sub(OWN_KEYS.len()) {
                        None => read.own[i] = Some(value.clone()),
                        Some(c) => read.custom[c] = Some(value.clone()),
                    }
                }
            },
        )?;
        Some(read)
    }

    /// The custom grouping keys' fields, in order.
    pub(crate) fn custom(&self) -> impl Iterator<Item = Option<Field<'_>>> {
        self.custom.iter().map(|v| v.as_ref().map(Field::of_member))
    }
}

impl<'a> Fields<'a> for &'a LineFields<'a> {
    fn field(&self, key: &str) -> Option<Field<'a>> {
        let at = self.names.iter().position(|n| *n == key)?;
        match at.checked_sub(OWN_KEYS.len()) {
            None => self.own[at].as_ref(),
            Some(c) => self.custom[c].as_ref(),
        }
        .map(Field::of_member)
    }
}

/// Parse reliability JSONL (see the module docs for the format), keeping the values of the
/// `custom` grouping keys.
pub fn parse_reliability_jsonl(
    text: &str,
    registry: &OperatorRegistry,
    custom: &[String],
) -> Result<Vec<ReliabilityRecord>, TrustError> {
    parse_input(
        JsonInput::Text(text),
        registry,
        custom,
        reliability_record_with_fields,
    )
}

/// [`parse_reliability_jsonl`] of records given as text or as a value (a binding's list of
/// objects, each one's "line" its 1-based position).
pub fn parse_reliability_input(
    input: JsonInput<'_>,
    registry: &OperatorRegistry,
    custom: &[String],
) -> Result<Vec<ReliabilityRecord>, TrustError> {
    parse_input(input, registry, custom, reliability_record_with_fields)
}

/// [`parse_robustness_jsonl`] of records given as text or as a value (see
/// [`parse_reliability_input`]).
pub fn parse_robustness_input(
    input: JsonInput<'_>,
    registry: &OperatorRegistry,
    custom: &[String],
) -> Result<Vec<RobustnessRecord>, TrustError> {
    parse_input(input, registry, custom, robustness_record_with_fields)
}

/// What parses a track's records: the text or value, the operators, the custom keys.
pub(crate) type JsonlParser<R> =
    fn(JsonInput<'_>, &OperatorRegistry, &[String]) -> Result<Vec<R>, TrustError>;

/// What parses one record object: the object, its line, the operators, the custom keys.
type RecordParser<R> = fn(&Value, usize, &OperatorRegistry, &[String]) -> Result<R, TrustError>;

/// Records as given: a list of JSON values (a binding's list of objects, or a text that is one
/// JSON array), or JSON lines, read line by line.
pub(crate) enum RecordsInput<'a> {
    Items(Cow<'a, [Value]>),
    Lines(&'a str),
}

/// What the records are: a list, or JSON lines; a value that is no list is an error.
pub(crate) fn records_input(input: JsonInput<'_>) -> Result<RecordsInput<'_>, TrustError> {
    match input {
        JsonInput::Value(Value::Array(items)) => Ok(RecordsInput::Items(Cow::Borrowed(items))),
        JsonInput::Value(_) => Err(TrustError::new(
            TrustErrorCode::NotAnObject,
            "the records must be a list of JSON objects",
        )),
        JsonInput::Text(text) => match text.trim_start().starts_with('[').then(|| parse(text)) {
            Some(Ok(Value::Array(items))) => Ok(RecordsInput::Items(Cow::Owned(items))),
            _ => Ok(RecordsInput::Lines(text)),
        },
    }
}

/// A record given as a list item at 1-based `position`: it must be an object.
pub(crate) fn record_item(item: &Value, position: usize) -> Result<&Value, TrustError> {
    match item {
        Value::Object(_) => {
            super::error::poll_cancel(position)?;
            Ok(item)
        }
        _ => Err(TrustError::at(
            TrustErrorCode::NotAnObject,
            position,
            "each record must be a JSON object",
        )),
    }
}

/// Each line of JSONL text that holds something, parsed by `record`; or, when the records are a
/// list (a binding's data, or a text that is one JSON array), each of its items, its "line"
/// being its 1-based position.
fn parse_input<R>(
    input: JsonInput<'_>,
    registry: &OperatorRegistry,
    custom: &[String],
    record: RecordParser<R>,
) -> Result<Vec<R>, TrustError> {
    let text = match records_input(input)? {
        RecordsInput::Items(items) => {
            return (1..)
                .zip(items.iter())
                .map(|(position, item)| {
                    record(record_item(item, position)?, position, registry, custom)
                })
                .collect();
        }
        RecordsInput::Lines(text) => text,
    };
    jsonl_lines(text)
        .map(|(line, raw)| {
            super::error::poll_cancel(line)?;
            record(&parse_object(line, raw)?, line, registry, custom)
        })
        .collect()
}

/// Parse one robustness record object, keeping the values of the `custom` grouping keys.
pub fn robustness_record_with_fields(
    obj: &Value,
    line: usize,
    registry: &OperatorRegistry,
    custom: &[String],
) -> Result<RobustnessRecord, TrustError> {
    let correct = correct_field(obj, line)?;
    let mut record = robustness_identity(obj, line, registry, correct)?;
    record.fields = custom_fields(obj, custom);
    Ok(record)
}

fn correct_field(obj: &Value, line: usize) -> Result<bool, TrustError> {
    check_track(obj, line, Track::Robustness)?;
    correct_value(required(obj, "correct", line)?).ok_or_else(|| {
        TrustError::at(
            TrustErrorCode::InvalidCorrect,
            line,
            "`correct` must be true/false or 1/0",
        )
    })
}

/// The identity part of a robustness record (everything but `correct`), shared with manifests.
pub(crate) fn robustness_identity(
    obj: &Value,
    line: usize,
    registry: &OperatorRegistry,
    correct: bool,
) -> Result<RobustnessRecord, TrustError> {
    let model = text_field(obj, "model", line)?;
    let dataset = text_field(obj, "dataset", line)?;
    let question_id = id_field(obj, "question_id", line)?;
    let perturbation = if present(obj, "perturbation_id") || present(obj, "operator") {
        let id = id_field(obj, "perturbation_id", line)?;
        let operator = operator_field(obj, line, registry, Track::Robustness)?;
        let valid = match obj.get("valid") {
            None | Some(Value::Null) => true,
            Some(Value::Bool(b)) => *b,
            Some(_) => {
                return Err(TrustError::at(
                    TrustErrorCode::InvalidField,
                    line,
                    "`valid` must be true or false",
                ))
            }
        };
        Some(Perturbation {
            id,
            operator,
            valid,
        })
    } else {
        None
    };
    Ok(RobustnessRecord {
        model,
        dataset,
        question_id,
        perturbation,
        correct,
        fields: Vec::new(),
        line,
    })
}

/// Parse robustness JSONL (see the module docs for the format), keeping the values of the
/// `custom` grouping keys.
pub fn parse_robustness_jsonl(
    text: &str,
    registry: &OperatorRegistry,
    custom: &[String],
) -> Result<Vec<RobustnessRecord>, TrustError> {
    parse_input(
        JsonInput::Text(text),
        registry,
        custom,
        robustness_record_with_fields,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reliability_error(line: &str) -> TrustErrorCode {
        parse_reliability_jsonl(line, &OperatorRegistry::builtin(), &[])
            .unwrap_err()
            .code
    }

    #[test]
    fn a_json_array_reads_like_its_lines() {
        let registry = OperatorRegistry::builtin();
        let line = r#"{"model": "m", "dataset": "d", "operator": "FDM", "instance_id": 1, "label": "full"}"#;
        let from_lines = parse_reliability_jsonl(&format!("{line}\n"), &registry, &[]).unwrap();
        let from_array = parse_reliability_jsonl(&format!("[{line}]"), &registry, &[]).unwrap();
        assert_eq!(from_lines, from_array);
        let err = parse_reliability_jsonl(&format!("[{line}, 3]"), &registry, &[]).unwrap_err();
        assert_eq!((err.code, err.line), (TrustErrorCode::NotAnObject, Some(2)));
        // A first line that is an array, in JSON lines, stays an error at line 1.
        assert_eq!(
            reliability_error(&format!("[1]\n{line}")),
            TrustErrorCode::NotAnObject
        );
    }

    /// A record's model, dataset, operator, instance id, label and custom values.
    type Read = (String, String, usize, String, Label, Vec<Option<String>>);

    /// What a reader made of a line: the checked fields and custom values, or the error.
    fn read_through<'a>(
        obj: &impl Fields<'a>,
        custom: &[Option<Field<'a>>],
    ) -> Result<Read, (TrustErrorCode, String)> {
        let registry = OperatorRegistry::builtin();
        let f = reliability_fields(obj, 1, &registry).map_err(|e| (e.code, e.message))?;
        let values = custom
            .iter()
            .map(|c| c.and_then(key_value_of).map(Cow::into_owned))
            .collect();
        Ok((
            f.model.into(),
            f.dataset.into(),
            f.operator,
            f.instance_id.into_owned(),
            f.label,
            values,
        ))
    }

    #[test]
    fn the_line_reader_reads_what_the_tree_reader_reads() {
        let custom = ["split".to_string(), "label".to_string()];
        let names = LineFields::names(&custom);
        let lines = [
            r#"{"model":"m","dataset":"d","operator":"FDM","instance_id":7,"label":"full"}"#,
            // Duplicate keys: the last one counts, for the record's fields and custom keys.
            r#"{"model":"m","dataset":"d","operator":"FDM","instance_id":7,"label":"full","model":"\u006d2","split":1,"split":2.50}"#,
            r#"{"model":"m","model":null,"dataset":"d","operator":"FDM","instance_id":1,"label":1}"#,
            // Escapes, a lone surrogate, astral characters, big integers, NaN elsewhere.
            r#"{"model":"a\"b\ud800","dataset":"😀\uD83D\uDE00","operator":"EC","instance_id":123456789012345678901234567890,"label":0.5,"x":NaN,"y":[-Infinity,{"z":1e999}]}"#,
            r#"{"model":"m","dataset":"d","operator":"DM","instance_id":"q","label":" Partial_Refusal ","split":true}"#,
            r#"{"model":"m","dataset":"d","operator":"DM","instance_id":1.5,"label":"none"}"#,
            r#"{"model":"m","dataset":"d","operator":"FDM","instance_id":1,"correct":1}"#,
            r#"{"model":"m","dataset":"d","operator":"ROS","instance_id":1,"label":0}"#,
            r#"{"model":"m","dataset":"d","operator":"FDM","instance_id":1,"label":"maybe","split":[1]}"#,
            r#"  {"model" : "m" , "dataset":"d","operator":"HC","instance_id":-0,"label":1.0}  "#,
            r#"{"model":"m","dataset":"d","operator":"FDM","instance_id":1,"label":1,"split":-1E+2}"#,
        ];
        for line in lines {
            let tree = parse(line).unwrap();
            let read = LineFields::read(line, &names).expect(line);
            let tree_custom: Vec<_> = custom.iter().map(|k| tree.get(k).map(Field::of)).collect();
            let read_custom: Vec<_> = read.custom().collect();
            assert_eq!(
                read_through(&&read, &read_custom),
                read_through(&&tree, &tree_custom),
                "{line}"
            );
        }
        // Not an object, or not JSON: the line reader declines, the tree reader says why.
        for line in [
            "[1]",
            "3",
            "{\"a\":1} x",
            "{\"a\":}",
            "{\"a\" 1}",
            "{\"a\":\"\\x\"}",
            "\u{FEFF}{}",
            "{\"a\":1,}",
        ] {
            assert!(LineFields::read(line, &names).is_none(), "{line}");
        }
        assert!(LineFields::read("{}", &names).is_some());
    }

    /// A JSON string literal of random text drawn from all of Unicode (astral, unassigned and
    /// post-14.0 code points; lone surrogates and other characters as escapes).
    fn random_string(next: &mut impl FnMut() -> u64) -> String {
        let mut out = String::from("\"");
        for _ in 0..next() % 6 {
            let cp = match next() % 4 {
                0 => (next() % 0x80) as u32,
                1 => (next() % 0x11_0000) as u32,
                _ => *[
                    0x6d, 0x22, 0x5c, 0x2f, 0xd800, 0xdc00, 0x1f600, 0x31350, 0xe0001,
                ]
                .get((next() % 9) as usize)
                .unwrap_or(&0x41),
            };
            match char::from_u32(cp) {
                Some(c) if c != '"' && c != '\\' && cp >= 0x20 && !next().is_multiple_of(3) => {
                    out.push(c)
                }
                _ => out.push_str(&format!("\\u{cp:04x}")),
            }
        }
        out.push('"');
        out
    }

    #[test]
    fn generated_lines_read_alike() {
        let custom = ["split".to_string(), "model".to_string()];
        let names = LineFields::names(&custom);
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let keys = [
            "model",
            "dataset",
            "operator",
            "instance_id",
            "label",
            "split",
            "correct",
            "x",
        ];
        let scalars = [
            "1",
            "0",
            "0.5",
            "1.0",
            "-0",
            "1e999",
            "NaN",
            "-Infinity",
            "true",
            "null",
            "123456789012345678901234567890",
            "[1, {\"a\": []}]",
            "{}",
            "\"FDM\"",
            "\"EC\"",
            "\"full\"",
            "\" Partial \"",
            "\"m\\u0031\"",
        ];
        for _ in 0..20_000 {
            let mut line = String::from("{");
            for i in 0..next() % 9 {
                if i > 0 {
                    line.push_str(if next() % 2 == 0 { ", " } else { "," });
                }
                line.push_str(&format!(
                    "\"{}\": ",
                    keys[(next() % keys.len() as u64) as usize]
                ));
                if next() % 2 == 0 {
                    line.push_str(&random_string(&mut next));
                } else {
                    line.push_str(scalars[(next() % scalars.len() as u64) as usize]);
                }
            }
            line.push('}');
            if next() % 50 == 0 {
                let mut cut = (next() % line.len() as u64) as usize;
                while !line.is_char_boundary(cut) {
                    cut -= 1;
                }
                line.truncate(cut);
            }
            match (parse(&line), LineFields::read(&line, &names)) {
                (Ok(tree @ Value::Object(_)), Some(read)) => {
                    let tree_custom: Vec<_> =
                        custom.iter().map(|k| tree.get(k).map(Field::of)).collect();
                    let read_custom: Vec<_> = read.custom().collect();
                    assert_eq!(
                        read_through(&&read, &read_custom),
                        read_through(&&tree, &tree_custom),
                        "{line}"
                    );
                }
                (Err(_), None) => {}
                (tree, read) => panic!("{line}: {tree:?} vs {}", read.is_some()),
            }
        }
    }

    #[test]
    fn labels_in_every_accepted_spelling() {
        for (raw, label) in [
            ("\"FULL\"", Label::Full),
            ("\"full_refusal\"", Label::Full),
            ("1", Label::Full),
            ("1.0", Label::Full),
            ("\"1\"", Label::Full),
            ("0.5", Label::Partial),
            ("\"Partial_Refusal\"", Label::Partial),
            ("\"none\"", Label::None),
            ("\"no_refusal\"", Label::None),
            ("0", Label::None),
        ] {
            assert_eq!(
                Label::from_value(&parse(raw).unwrap()),
                Some(label),
                "{raw}"
            );
        }
        for raw in ["true", "2", "0.25", "\"refused\"", "null", "[1]"] {
            assert_eq!(Label::from_value(&parse(raw).unwrap()), None, "{raw}");
        }
    }

    #[test]
    fn reliability_errors_are_coded_with_lines() {
        let ok = r#"{"model":"m","dataset":"d","operator":"FDM","instance_id":"a","label":"full"}"#;
        let text = format!("{ok}\n\n  \n{{\"model\":\"m\"\n");
        let err = parse_reliability_jsonl(&text, &OperatorRegistry::builtin(), &[]).unwrap_err();
        assert_eq!((err.code, err.line), (TrustErrorCode::InvalidJson, Some(4)));
        assert_eq!(reliability_error("[1]"), TrustErrorCode::NotAnObject);
        assert_eq!(
            reliability_error(r#"{"dataset":"d","operator":"FDM","instance_id":"a","label":1}"#),
            TrustErrorCode::MissingField
        );
        assert_eq!(
            reliability_error(
                r#"{"model":"","dataset":"d","operator":"FDM","instance_id":"a","label":1}"#
            ),
            TrustErrorCode::InvalidField
        );
        assert_eq!(
            reliability_error(
                r#"{"model":"m","dataset":"d","operator":"XYZ","instance_id":"a","label":1}"#
            ),
            TrustErrorCode::UnknownOperator
        );
        assert_eq!(
            reliability_error(
                r#"{"model":"m","dataset":"d","operator":"ROS","instance_id":"a","label":1}"#
            ),
            TrustErrorCode::MixedTracks
        );
        assert_eq!(
            reliability_error(
                r#"{"model":"m","dataset":"d","operator":"FDM","instance_id":"a","correct":1}"#
            ),
            TrustErrorCode::MixedTracks
        );
        assert_eq!(
            reliability_error(
                r#"{"model":"m","dataset":"d","operator":"FDM","instance_id":"a","label":"maybe"}"#
            ),
            TrustErrorCode::UnknownLabel
        );
        assert_eq!(
            reliability_error(
                r#"{"model":"m","dataset":"d","operator":"FDM","instance_id":1.5,"label":1}"#
            ),
            TrustErrorCode::InvalidField
        );
    }

    #[test]
    fn robustness_originals_and_perturbations() {
        let registry = OperatorRegistry::builtin();
        let text = concat!(
            "{\"model\":\"m\",\"dataset\":\"d\",\"question_id\":1,\"correct\":true}\n",
            "{\"model\":\"m\",\"dataset\":\"d\",\"question_id\":1,\"perturbation_id\":\"p\",",
            "\"operator\":\"row_order_shuffle\",\"correct\":0,\"valid\":false}\n",
        );
        let records = parse_robustness_jsonl(text, &registry, &[]).unwrap();
        assert!(records[0].perturbation.is_none() && records[0].correct);
        let p = records[1].perturbation.as_ref().unwrap();
        assert_eq!(
            (registry.get(p.operator).code.as_str(), p.valid),
            ("ROS", false)
        );
        for (line, code) in [
            (
                r#"{"model":"m","dataset":"d","question_id":1,"operator":"ROS","correct":true}"#,
                TrustErrorCode::MissingField,
            ),
            (
                r#"{"model":"m","dataset":"d","question_id":1,"correct":"yes"}"#,
                TrustErrorCode::InvalidCorrect,
            ),
            (
                r#"{"model":"m","dataset":"d","question_id":1,"label":"full"}"#,
                TrustErrorCode::MixedTracks,
            ),
        ] {
            let err = parse_robustness_jsonl(line, &registry, &[]).unwrap_err();
            assert_eq!(err.code, code, "{line}");
        }
    }
}
