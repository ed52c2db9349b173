//! Trust records from an eval harness's log: the samples of an inspect_ai eval log, as plain JSON,
//! become reliability label records or robustness correctness records. The binding only reads
//! the log and hands over its fields; every decision about what a field or a score value means is
//! made here.
//!
//! The input is one log as JSON:
//!
//! ```json
//! {"model": "openai/gpt-4o", "task": "refusals", "dataset": "aida",
//!  "samples": [{"id": 7, "epoch": 1, "metadata": {"operator": "FDM"},
//!               "scores": {"refusal_judge": {"value": "C"}}, "error": null}]}
//! ```
//!
//! The field mapping (a metadata key can be renamed with the option `fields`, e.g.
//! `{"operator": "perturbation_operator"}`):
//!
//! | record field | taken from (first present) |
//! |---|---|
//! | `model` | option `model`; sample metadata `model`; the log's `model` |
//! | `dataset` | option `dataset`; sample metadata `dataset`; the log's `dataset`; the log's `task` |
//! | `operator` | sample metadata `operator` (reliability: required; robustness: required for a perturbation) |
//! | `instance_id` (reliability) | sample metadata `instance_id`; the sample `id` |
//! | `question_id` (robustness) | sample metadata `question_id`; the sample `id` |
//! | `perturbation_id` (robustness) | sample metadata `perturbation_id` (absent or null: the original answer) |
//! | `valid` (robustness) | sample metadata `valid` (when present) |
//! | `label` / `correct` | the value of the score named by option `scorer` (the only score when omitted) |
//!
//! What a score value means:
//!
//! - reliability (the scorer graded "did the model refuse, as it should"): `"C"` (inspect_ai's
//!   CORRECT) is a full refusal, `"P"` (PARTIAL) a partial refusal, `"I"` (INCORRECT) no refusal;
//!   `true`/`false` are full/none; the record labels (`full|partial|none`, `1|0.5|0`, the
//!   `*_refusal` words) are taken as they are. `"N"` (NOANSWER) and anything else is
//!   `unknown_label`.
//! - robustness (the scorer graded the answer, e.g. tabeq's `table_scorer`): `"C"` is correct,
//!   `"I"` is not; `true`/`false` and `1`/`0` as in records. `"P"`, `"N"` and any other value is
//!   `invalid_correct` (correctness is binary).
//!
//! Option `source` (the log's file name) prefixes every message.
//!
//! A sample without the chosen score (for instance one that failed) is `missing_field`, naming the
//! sample and its error. With more than one epoch, option `epoch` chooses one (else
//! `invalid_options`): epochs of one sample are repeated answers, not separate instances.
//!
//! ```
//! let log = r#"{"model": "m", "task": "t", "samples": [
//!   {"id": 1, "epoch": 1, "metadata": {"operator": "FDM"}, "scores": {"judge": {"value": "P"}}}]}"#;
//! let records = tabeq_trust::inspect::records_from_inspect(log, r#"{"track": "reliability"}"#).unwrap();
//! assert!(records.contains(r#""label": "partial""#) && records.contains(r#""dataset": "t""#));
//! ```

use super::error::{TrustError, TrustErrorCode};
use super::operators::Track;
use super::records::{id_field, text_field, Label};
use tabeq::cpython_json::{JsonInput, Out, Value};

/// What the caller chose: the track, the score, the epoch, overrides and renamed metadata keys.
struct Options {
    track: Track,
    scorer: Option<String>,
    epoch: Option<i64>,
    model: Option<String>,
    dataset: Option<String>,
    /// (record field, metadata key) for renamed keys.
    fields: Vec<(String, String)>,
    /// What the log is called in messages (its file name), when given.
    source: Option<String>,
}

/// The record fields a metadata key can give (and so the names `fields` may rename).
const MAPPED: [&str; 7] = [
    "model",
    "dataset",
    "operator",
    "instance_id",
    "question_id",
    "perturbation_id",
    "valid",
];

/// The options a caller may give.
const OPTIONS: [&str; 7] = [
    "track", "scorer", "epoch", "model", "dataset", "fields", "source",
];

fn bad_options(message: impl Into<String>) -> TrustError {
    TrustError::new(TrustErrorCode::InvalidOptions, message)
}

fn parse_options(options: JsonInput<'_>) -> Result<Options, TrustError> {
    let value = if options.is_blank() {
        std::borrow::Cow::Owned(Value::Object(Vec::new()))
    } else {
        options
            .value()
            .map_err(|e| bad_options(format!("options are not JSON: {e}")))?
    };
    let Value::Object(members) = value.as_ref() else {
        return Err(bad_options("options must be a JSON object"));
    };
    let text = |key: &str| -> Result<Option<String>, TrustError> {
        match value.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Str(s)) if !s.trim().is_empty() => Ok(Some(s.clone())),
            Some(_) => Err(bad_options(format!("`{key}` must be a non-empty string"))),
        }
    };
    let mut options = Options {
        track: match text("track")?.as_deref() {
            Some("reliability") => Track::Reliability,
            Some("robustness") => Track::Robustness,
            _ => {
                return Err(bad_options(
                    "`track` must be \"reliability\" or \"robustness\"",
                ))
            }
        },
        scorer: text("scorer")?,
        epoch: match value.get("epoch") {
            None | Some(Value::Null) => None,
            Some(Value::Int(e)) if *e >= 1 => Some(*e),
            Some(_) => return Err(bad_options("`epoch` must be an integer ≥ 1")),
        },
        model: text("model")?,
        dataset: text("dataset")?,
        fields: Vec::new(),
        source: text("source")?,
    };
    match value.get("fields") {
        None | Some(Value::Null) => {}
        Some(Value::Object(renamed)) => {
            for (field, key) in renamed {
                if !MAPPED.contains(&field.as_str()) {
                    return Err(bad_options(format!(
                        "`fields` renames {field:?}, which is not one of {}",
                        MAPPED.join(", ")
                    )));
                }
                match key {
                    Value::Str(k) if !k.is_empty() => {
                        options.fields.push((field.clone(), k.clone()))
                    }
                    _ => {
                        return Err(bad_options(format!(
                            "`fields.{field}` must be a metadata key"
                        )))
                    }
                }
            }
        }
        Some(_) => return Err(bad_options("`fields` must be an object")),
    }
    for (key, _) in members {
        if !OPTIONS.contains(&key.as_str()) {
            return Err(bad_options(format!(
                "unknown option {key:?} ({})",
                OPTIONS.join(", ")
            )));
        }
    }
    Ok(options)
}

impl Options {
    /// The metadata key that gives a record field.
    fn key<'a>(&'a self, field: &'a str) -> &'a str {
        self.fields
            .iter()
            .rev()
            .find(|(f, _)| f == field)
            .map_or(field, |(_, k)| k.as_str())
    }
}

/// A JSON value as output (numbers and strings as they came).
fn out(value: &Value) -> Out {
    match value {
        Value::Null => Out::Null,
        Value::Bool(b) => Out::Bool(*b),
        Value::Int(i) => Out::Int(*i),
        Value::BigInt(s) | Value::Str(s) => Out::Str(s.clone()),
        Value::Float(f) => Out::Float(*f),
        Value::Array(items) => Out::Array(items.iter().map(out).collect()),
        Value::Object(members) => {
            Out::Object(members.iter().map(|(k, v)| (k.clone(), out(v))).collect())
        }
    }
}

/// A reliability label from a score value (see the module docs).
fn label_of(value: &Value) -> Option<Label> {
    match value {
        Value::Bool(true) => Some(Label::Full),
        Value::Bool(false) => Some(Label::None),
        Value::Str(s) => match s.trim() {
            "C" => Some(Label::Full),
            "P" => Some(Label::Partial),
            "I" => Some(Label::None),
            _ => Label::from_value(value),
        },
        _ => Label::from_value(value),
    }
}

/// Robustness correctness from a score value (see the module docs).
fn correct_of(value: &Value) -> Option<bool> {
    match value {
        Value::Str(s) if s.trim() == "C" => Some(true),
        Value::Str(s) if s.trim() == "I" => Some(false),
        _ => super::records::correct_value(value),
    }
}

/// Where a sample is, for messages: its id and epoch.
fn sample_name(sample: &Value) -> String {
    let id = match sample.get("id") {
        Some(Value::Int(i)) => i.to_string(),
        Some(Value::Str(s)) => format!("{s:?}"),
        _ => "?".into(),
    };
    match sample.get("epoch") {
        Some(Value::Int(e)) => format!("sample {id} (epoch {e})"),
        _ => format!("sample {id}"),
    }
}

/// The records of one log (see the module docs), as a JSON array of record objects.
///
/// Errors carry the 1-based position of the sample in the log's `samples`.
pub fn records_from_inspect(log_json: &str, options_json: &str) -> Result<String, TrustError> {
    let (log, options) = (JsonInput::Text(log_json), JsonInput::Text(options_json));
    records_from_inspect_tree(log, options).map(|records| records.to_pretty())
}

/// [`records_from_inspect`] of the log and options as text or as values (a binding's own data),
/// as its JSON tree (what a binding turns into its own data).
pub fn records_from_inspect_tree(
    log: JsonInput<'_>,
    options: JsonInput<'_>,
) -> Result<Out, TrustError> {
    let options = parse_options(options)?;
    records_of_log(log, &options).map_err(|mut e| {
        if let Some(source) = &options.source {
            e.message = format!("{source}: {}", e.message);
        }
        e
    })
}

fn records_of_log(log: JsonInput<'_>, options: &Options) -> Result<Out, TrustError> {
    let log = log.value().map_err(|e| {
        TrustError::new(
            TrustErrorCode::InvalidJson,
            format!("the log is not JSON: {e}"),
        )
    })?;
    let Some(Value::Array(samples)) = log.get("samples") else {
        return Err(TrustError::new(
            TrustErrorCode::MissingField,
            "the log has no `samples` (was it written with samples?)",
        ));
    };
    let log_text = |key: &str| match log.get(key) {
        Some(Value::Str(s)) if !s.trim().is_empty() => Some(s.clone()),
        _ => None,
    };
    let epochs: Vec<i64> = samples
        .iter()
        .filter_map(|s| match s.get("epoch") {
            Some(Value::Int(e)) => Some(*e),
            _ => None,
        })
        .collect();
    if options.epoch.is_none() && epochs.iter().any(|e| *e != 1) {
        let most = epochs.iter().max().copied().unwrap_or(1);
        return Err(bad_options(format!(
            "the log has {most} epochs: choose one with `epoch` (epochs repeat a sample, they are not instances)"
        )));
    }
    let mut records = Vec::new();
    for (i, sample) in samples.iter().enumerate() {
        let line = i + 1;
        if let (Some(want), Some(Value::Int(e))) = (options.epoch, sample.get("epoch")) {
            if *e != want {
                continue;
            }
        }
        records.push(record(sample, line, options, &log_text)?);
    }
    if records.is_empty() {
        return Err(TrustError::new(
            TrustErrorCode::NoRecords,
            match options.epoch {
                Some(e) => format!("the log has no samples of epoch {e}"),
                None => "the log has no samples".to_string(),
            },
        ));
    }
    Ok(Out::Array(records))
}

/// One sample's record.
fn record(
    sample: &Value,
    line: usize,
    options: &Options,
    log_text: &dyn Fn(&str) -> Option<String>,
) -> Result<Out, TrustError> {
    let empty = Value::Object(Vec::new());
    let metadata = match sample.get("metadata") {
        Some(m @ Value::Object(_)) => m,
        _ => &empty,
    };
    let meta = |field: &str| {
        metadata
            .get(options.key(field))
            .filter(|v| !matches!(v, Value::Null))
    };
    // A field read from metadata is checked under its metadata key, so a message names it.
    let meta_text = |field: &str| -> Result<Option<String>, TrustError> {
        match meta(field) {
            None => Ok(None),
            Some(_) => text_field(metadata, options.key(field), line).map(Some),
        }
    };
    let model = match options.model.clone().or(meta_text("model")?) {
        Some(m) => m,
        None => log_text("model").ok_or_else(|| {
            TrustError::at(
                TrustErrorCode::MissingField,
                line,
                "no model: the log names none and the sample metadata has no `model`",
            )
        })?,
    };
    let dataset = match options.dataset.clone().or(meta_text("dataset")?) {
        Some(d) => d,
        None => log_text("dataset").or_else(|| log_text("task")).ok_or_else(|| {
            TrustError::at(
                TrustErrorCode::MissingField,
                line,
                "no dataset: the log names no dataset or task and the sample metadata has no `dataset`",
            )
        })?,
    };
    let id_of = |field: &str| -> Result<String, TrustError> {
        match meta(field) {
            Some(_) => id_field(metadata, options.key(field), line),
            None => id_field(sample, "id", line),
        }
    };
    let value = score_value(sample, line, options)?;
    let mut fields = vec![
        ("model".to_string(), Out::Str(model)),
        ("dataset".to_string(), Out::Str(dataset)),
    ];
    let operator = meta("operator").map(out);
    let need_operator = || {
        TrustError::at(
            TrustErrorCode::MissingField,
            line,
            format!(
                "{}: no operator (sample metadata `{}`)",
                sample_name(sample),
                options.key("operator")
            ),
        )
    };
    match options.track {
        Track::Reliability => {
            let label = label_of(value).ok_or_else(|| {
                TrustError::at(
                    TrustErrorCode::UnknownLabel,
                    line,
                    format!(
                        "{}: score value {} is not a refusal label (C/P/I, full/partial/none, 1/0.5/0)",
                        sample_name(sample),
                        out(value).to_pretty()
                    ),
                )
            })?;
            fields.push(("operator".into(), operator.ok_or_else(need_operator)?));
            fields.push(("instance_id".into(), Out::Str(id_of("instance_id")?)));
            fields.push(("label".into(), Out::Str(label.as_str().into())));
        }
        Track::Robustness => {
            let correct = correct_of(value).ok_or_else(|| {
                TrustError::at(
                    TrustErrorCode::InvalidCorrect,
                    line,
                    format!(
                        "{}: score value {} is not correct/incorrect (C/I, true/false, 1/0)",
                        sample_name(sample),
                        out(value).to_pretty()
                    ),
                )
            })?;
            fields.push(("question_id".into(), Out::Str(id_of("question_id")?)));
            if meta("perturbation_id").is_some() {
                let id = id_field(metadata, options.key("perturbation_id"), line)?;
                fields.push(("perturbation_id".into(), Out::Str(id)));
                fields.push(("operator".into(), operator.ok_or_else(need_operator)?));
            } else if let Some(op) = operator {
                // An original carries no operator; one given is kept so a mistake shows up.
                fields.push(("operator".into(), op));
            }
            if let Some(valid) = meta("valid") {
                fields.push(("valid".into(), out(valid)));
            }
            fields.push(("correct".into(), Out::Bool(correct)));
        }
    }
    Ok(Out::Object(fields))
}

/// The chosen score's value: the option `scorer`, or the sample's only score.
fn score_value<'a>(
    sample: &'a Value,
    line: usize,
    options: &Options,
) -> Result<&'a Value, TrustError> {
    let scores = match sample.get("scores") {
        Some(Value::Object(members)) => members.as_slice(),
        _ => &[],
    };
    let missing = |what: String| {
        let error = match sample.get("error") {
            Some(Value::Str(e)) => format!(" (the sample failed: {e})"),
            _ => String::new(),
        };
        TrustError::at(
            TrustErrorCode::MissingField,
            line,
            format!("{}: {what}{error}", sample_name(sample)),
        )
    };
    let score = match &options.scorer {
        Some(name) => sample
            .get("scores")
            .and_then(|s| s.get(name))
            .ok_or_else(|| missing(format!("no score {name:?}")))?,
        None => match scores {
            [(_, only)] => only,
            [] => return Err(missing("no score".into())),
            several => {
                let names: Vec<&str> = several.iter().map(|(n, _)| n.as_str()).collect();
                return Err(bad_options(format!(
                    "{} has several scores ({}): choose one with `scorer`",
                    sample_name(sample),
                    names.join(", ")
                )));
            }
        },
    };
    score
        .get("value")
        .filter(|v| !matches!(v, Value::Null))
        .ok_or_else(|| missing("a score without a value".into()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::operators::OperatorRegistry;
    use crate::records::{parse_reliability_jsonl, parse_robustness_jsonl};

    fn sample(id: &str, metadata: &str, value: &str) -> String {
        format!(
            r#"{{"id": {id}, "epoch": 1, "metadata": {metadata}, "scores": {{"s": {{"value": {value}}}}}, "error": null}}"#
        )
    }

    fn log(samples: &[String]) -> String {
        format!(
            r#"{{"model": "mockllm/model", "task": "t", "dataset": null, "samples": [{}]}}"#,
            samples.join(",")
        )
    }

    #[test]
    fn reliability_maps_letters_and_labels() {
        let log = log(&[
            sample("1", r#"{"operator": "FDM"}"#, r#""C""#),
            sample("2", r#"{"operator": "EC", "dataset": "aida"}"#, r#""P""#),
            sample("\"x\"", r#"{"operator": "HC", "instance_id": 9}"#, r#""I""#),
            sample("4", r#"{"operator": "DM"}"#, "0.5"),
            sample("5", r#"{"operator": "DM"}"#, r#""no_refusal""#),
        ]);
        let records = records_from_inspect(&log, r#"{"track": "reliability"}"#).unwrap();
        let parsed = parse_reliability_jsonl(&records, &OperatorRegistry::builtin(), &[]).unwrap();
        let got: Vec<(String, String, String, &str)> = parsed
            .iter()
            .map(|r| {
                (
                    r.model.clone(),
                    r.dataset.clone(),
                    r.instance_id.clone(),
                    r.label.as_str(),
                )
            })
            .collect();
        let m = "mockllm/model".to_string();
        assert_eq!(
            got,
            vec![
                (m.clone(), "t".into(), "1".into(), "full"),
                (m.clone(), "aida".into(), "2".into(), "partial"),
                (m.clone(), "t".into(), "9".into(), "none"),
                (m.clone(), "t".into(), "4".into(), "partial"),
                (m, "t".into(), "5".into(), "none"),
            ]
        );
    }

    #[test]
    fn robustness_links_perturbations_to_questions() {
        let log = log(&[
            sample("1", "{}", r#""C""#),
            sample(
                "2",
                r#"{"question_id": 1, "perturbation_id": "1-ros", "operator": "ROS"}"#,
                r#""I""#,
            ),
            sample(
                "3",
                r#"{"question_id": 1, "perturbation_id": "1-nri", "op": "NRI", "valid": false}"#,
                "1",
            ),
        ]);
        let options = r#"{"track": "robustness", "model": "m", "dataset": "d", "fields": {"operator": "op"}}"#;
        let err = records_from_inspect(&log, options).unwrap_err();
        assert_eq!(
            (err.code, err.line),
            (TrustErrorCode::MissingField, Some(2))
        );
        assert!(err.message.contains("metadata `op`"), "{}", err.message);
        let options = r#"{"track": "robustness", "model": "m", "dataset": "d"}"#;
        let err = records_from_inspect(&log, options).unwrap_err();
        assert_eq!(
            (err.code, err.line),
            (TrustErrorCode::MissingField, Some(3))
        );
        let fixed = log.replace(r#""op": "NRI""#, r#""operator": "NRI""#);
        let records = records_from_inspect(&fixed, options).unwrap();
        let parsed = parse_robustness_jsonl(&records, &OperatorRegistry::builtin(), &[]).unwrap();
        assert_eq!(parsed.len(), 3);
        assert!(parsed[0].correct && parsed[0].perturbation.is_none());
        let p = parsed[1].perturbation.as_ref().unwrap();
        assert_eq!(
            (
                parsed[1].question_id.as_str(),
                p.id.as_str(),
                parsed[1].correct
            ),
            ("1", "1-ros", false)
        );
        assert!(parsed[2].correct && !parsed[2].perturbation.as_ref().unwrap().valid);
    }

    #[test]
    fn unclear_values_scores_and_epochs_are_refused() {
        let rel = r#"{"track": "reliability"}"#;
        let rob = r#"{"track": "robustness", "model": "m"}"#;
        let one = |value: &str| log(&[sample("1", r#"{"operator": "FDM"}"#, value)]);
        let code = |log: &str, options: &str| records_from_inspect(log, options).unwrap_err().code;
        assert_eq!(code(&one(r#""N""#), rel), TrustErrorCode::UnknownLabel);
        assert_eq!(code(&one("0.7"), rel), TrustErrorCode::UnknownLabel);
        assert_eq!(code(&one(r#""P""#), rob), TrustErrorCode::InvalidCorrect);
        assert_eq!(
            code(&one(r#"{"a": 1}"#), rob),
            TrustErrorCode::InvalidCorrect
        );
        assert_eq!(code(&one("null"), rel), TrustErrorCode::MissingField);
        let two = one(r#""C""#).replace(r#""scores": {"#, r#""scores": {"t": {"value": "I"}, "#);
        assert_eq!(code(&two, rel), TrustErrorCode::InvalidOptions);
        let chosen =
            records_from_inspect(&two, r#"{"track": "reliability", "scorer": "t"}"#).unwrap();
        assert!(chosen.contains(r#""label": "none""#));
        assert_eq!(
            code(&two, r#"{"track": "reliability", "scorer": "u"}"#),
            TrustErrorCode::MissingField
        );
        let failed = r#"{"model": "m", "task": "t", "samples": [{"id": 1, "epoch": 1, "scores": {}, "error": "boom"}]}"#;
        let err = records_from_inspect(failed, rel).unwrap_err();
        assert!(
            err.message.contains("the sample failed: boom"),
            "{}",
            err.message
        );
        let epochs = log(&[
            sample("1", r#"{"operator": "FDM"}"#, r#""C""#),
            sample("1", r#"{"operator": "FDM"}"#, r#""I""#)
                .replace(r#""epoch": 1"#, r#""epoch": 2"#),
        ]);
        assert_eq!(code(&epochs, rel), TrustErrorCode::InvalidOptions);
        let second =
            records_from_inspect(&epochs, r#"{"track": "reliability", "epoch": 2}"#).unwrap();
        assert!(second.contains(r#""label": "none""#) && !second.contains("full"));
        assert_eq!(
            code(&epochs, r#"{"track": "reliability", "epoch": 3}"#),
            TrustErrorCode::NoRecords
        );
        for options in [
            "{}",
            r#"{"track": "x"}"#,
            r#"{"track": "reliability", "fields": {"label": "y"}}"#,
            r#"{"track": "reliability", "other": 1}"#,
        ] {
            assert_eq!(
                code(&one(r#""C""#), options),
                TrustErrorCode::InvalidOptions,
                "{options}"
            );
        }
        assert_eq!(code("[]", rel), TrustErrorCode::MissingField);
        let named = r#"{"track": "reliability", "source": "a.eval"}"#;
        let err = records_from_inspect(&one(r#""N""#), named).unwrap_err();
        assert!(
            err.message
                .starts_with("a.eval: sample 1 (epoch 1): score value \"N\""),
            "{}",
            err.message
        );
        assert_eq!(code("{", rel), TrustErrorCode::InvalidJson);
    }
}
