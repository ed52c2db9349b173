//! Dataset-shaped configs: a `null` optional key is the key absent; a `null` required key is a
//! coded error naming the key (docs/spec/evaluation.md, "Configs").

use tabeq::config::{ColumnSpec, TaskConfig};

const FULL: &str = r#"{"schema_version": "1.0", "task_id": "task_3", "order_sensitive": false,
  "columns": [
    {"gold_index": 0, "gold_name": "code", "type": "text"},
    {"gold_index": 1, "gold_name": "share", "type": "number",
     "comparison": {"mode": "decimal_places", "digits": 3}, "unit": "fraction",
     "allow_percent_sign": true},
    {"gold_index": 2, "gold_name": "volume", "type": "number", "comparison": {"mode": "integer"}}
  ]}"#;

/// `FULL` as a row of a dataset with the union schema: every key in every column, unused ones null.
const UNION: &str = r#"{"schema_version": "1.0", "task_id": "task_3", "order_sensitive": false,
  "columns": [
    {"gold_index": 0, "gold_name": "code", "type": "text", "comparison": null, "unit": null,
     "allow_percent_sign": null},
    {"gold_index": 1, "gold_name": "share", "type": "number",
     "comparison": {"mode": "decimal_places", "digits": 3}, "unit": "fraction",
     "allow_percent_sign": true},
    {"gold_index": 2, "gold_name": "volume", "type": "number",
     "comparison": {"mode": "integer", "digits": null}, "unit": null, "allow_percent_sign": null}
  ]}"#;

#[test]
fn null_optional_keys_are_absent() {
    let full = TaskConfig::from_json(FULL.as_bytes(), None).unwrap();
    let union = TaskConfig::from_json(UNION.as_bytes(), Some("task_3")).unwrap();
    assert_eq!(full, union);
    assert_eq!(full.to_json(), union.to_json());
}

#[test]
fn null_required_keys_are_coded_errors_naming_the_key() {
    let cases: &[(&str, &str, &str, &str)] = &[
        (
            r#""schema_version": "1.0""#,
            r#""schema_version": null"#,
            "config_unsupported_schema",
            "`schema_version`",
        ),
        (
            r#""task_id": "task_3""#,
            r#""task_id": null"#,
            "config_invalid_task_id",
            "`task_id`",
        ),
        (
            r#""order_sensitive": false"#,
            r#""order_sensitive": null"#,
            "config_invalid",
            "`order_sensitive`",
        ),
        (
            r#""gold_name": "share""#,
            r#""gold_name": null"#,
            "config_invalid",
            "`gold_name` of column 1",
        ),
        (
            r#""gold_index": 2"#,
            r#""gold_index": null"#,
            "config_invalid",
            "`gold_index` of column 2",
        ),
        (
            r#""type": "text""#,
            r#""type": null"#,
            "config_invalid",
            "`type` of column 0",
        ),
        (
            r#""mode": "decimal_places""#,
            r#""mode": null"#,
            "config_invalid",
            "`comparison.mode` of column 1",
        ),
        (
            r#""digits": 3"#,
            r#""digits": null"#,
            "config_invalid",
            "`comparison.digits` of column 1",
        ),
        (
            r#""comparison": {"mode": "integer"}"#,
            r#""comparison": null"#,
            "config_invalid",
            "`comparison` of column 2",
        ),
    ];
    for (from, to, code, named) in cases {
        assert_eq!(FULL.matches(from).count(), 1, "{from}");
        let text = FULL.replace(from, to);
        let err = TaskConfig::from_json(text.as_bytes(), None).unwrap_err();
        assert_eq!(err.code.code(), *code, "{to}");
        let message = err.to_string();
        assert!(
            message.contains(named) && message.contains("is null"),
            "{to}: {message}"
        );
    }
    let columns = FULL.replace(
        r#""columns": [
    {"gold_index": 0"#,
        r#""columns": null, "x": [
    {"gold_index": 0"#,
    );
    let err = TaskConfig::from_json(columns.as_bytes(), None).unwrap_err();
    assert_eq!(err.code.code(), "config_invalid");
    assert!(err.to_string().contains("`columns`"), "{err}");
}

#[test]
fn a_column_alone_takes_null_index_and_name_as_absent() {
    let alone = ColumnSpec::from_json(
        r#"{"gold_index": null, "gold_name": null, "type": "number",
            "comparison": {"mode": "integer", "digits": null}, "unit": null}"#,
    )
    .unwrap();
    assert_eq!(
        alone,
        ColumnSpec::from_json(r#"{"type": "number", "comparison": {"mode": "integer"}}"#).unwrap()
    );
    let err = ColumnSpec::from_json(r#"{"type": null}"#).unwrap_err();
    assert!(err.to_string().contains("`type`"), "{err}");
}
