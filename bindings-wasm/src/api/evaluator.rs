//! The evaluator: one task (evaluate, validate, explain, canonicalize) and suites.

use tabeq::canon::{canonicalize as canonicalize_cell, Canonical};
use tabeq::config::{ColumnSpec, ConfigWarning};
use tabeq::cpython_json::{to_tree, Out};
use tabeq::csv::{MAX_CELL_CHARACTERS, MAX_CSV_BYTES};
use tabeq::error::{CsvErrorKind, FatalCode};
use tabeq::explain::{explain as explain_prediction, Diagnosis, ExplainOptions};
use tabeq::gold_free_check::{validate_prediction, ValidationReport};
use tabeq::suite::{ConfigFile, SuiteRun, SuiteSummary};
use tabeq::{CsvError, FatalError, Prediction, PreparedGold, TaskConfig, TaskResult};

use super::{Failure, Input, MAX_CONFIG_BYTES, SUITE_INCOMPLETE, UNKNOWN_TASK};

/// The CSV error of a file that was too large to copy. With an exact size (bytes), the same
/// error as `tabeq::csv::read_table` gives; for a string only a lower bound is known.
pub fn too_large_csv(at_least: usize, exact: bool) -> CsvError {
    let size = if exact {
        format!("{at_least} bytes")
    } else {
        format!("at least {at_least} bytes")
    };
    CsvError {
        kind: CsvErrorKind::TooLarge,
        record: None,
        message: format!("CSV exceeds the {MAX_CSV_BYTES}-byte limit ({size})"),
    }
}

/// The error text of a prediction the CSV reader refused, as `PreparedGold::evaluate` writes it
/// for bytes (a refused-before-reading prediction must read the same).
pub fn unreadable_error(e: &CsvError) -> String {
    format!("Cannot parse CSV: {e}")
}

/// Parse a config file's bytes (`file_stem` as for a file named `<stem>.json`).
pub fn parse_config(input: Input, file_stem: Option<&str>) -> Result<TaskConfig, Failure> {
    parse_config_with_warnings(input, file_stem).map(|(config, _)| config)
}

/// The keys of a valid config that the official evaluator ignores (`ConfigWarning[]`).
pub fn config_warnings(input: Input) -> Result<Out, Failure> {
    let (_, warnings) = parse_config_with_warnings(input, None)?;
    Ok(Out::Array(
        warnings.iter().map(ConfigWarning::to_out).collect(),
    ))
}

fn parse_config_with_warnings(
    input: Input,
    file_stem: Option<&str>,
) -> Result<(TaskConfig, Vec<ConfigWarning>), Failure> {
    match input {
        Input::Bytes(bytes) => Ok(TaskConfig::from_json_with_warnings(&bytes, file_stem)?),
        Input::Missing => Err(Failure::invalid_argument("config is required")),
        Input::TooLarge { at_least, .. } => Err(Failure::invalid_argument(format!(
            "config is larger than {MAX_CONFIG_BYTES} bytes (at least {at_least})"
        ))),
    }
}

/// Read and canonicalize the gold (fatal errors become failures with stage `gold`).
pub fn prepare_gold(gold: Input, config: &TaskConfig) -> Result<PreparedGold, Failure> {
    match gold {
        Input::Bytes(bytes) => Ok(PreparedGold::new(&bytes, config)?),
        Input::Missing => Err(FatalError::new(
            FatalCode::GoldMissing,
            format!("Missing gold CSV for {}", config.task_id),
        )
        .with_task(&config.task_id)
        .into()),
        Input::TooLarge { at_least, exact } => Err(FatalError::new(
            FatalCode::GoldInvalidCsv,
            format!(
                "cannot read gold CSV for {}: {}",
                config.task_id,
                too_large_csv(at_least, exact)
            ),
        )
        .with_task(&config.task_id)
        .into()),
    }
}

/// Score a prediction against prepared gold.
pub fn score(prediction: &Input, gold: &PreparedGold) -> TaskResult {
    match prediction {
        Input::Missing => gold.evaluate(Prediction::Missing),
        Input::Bytes(bytes) => gold.evaluate(Prediction::Csv(bytes)),
        Input::TooLarge { at_least, exact } => {
            let e = too_large_csv(*at_least, *exact);
            let mut result = gold.evaluate(Prediction::Invalid(&e));
            result.error = Some(unreadable_error(&e));
            result
        }
    }
}

/// The stem of a config file name (`task_1.json` → `task_1`), which must equal the task id.
pub fn config_stem(file_name: &str) -> &str {
    file_name.strip_suffix(".json").unwrap_or(file_name)
}

/// `evaluate(prediction, gold, config, {configFileName})`: the official per-task record.
pub fn evaluate(
    prediction: Input,
    gold: Input,
    config: Input,
    config_file_name: Option<&str>,
) -> Result<Out, Failure> {
    let config = parse_config(config, config_file_name.map(config_stem))?;
    let gold = prepare_gold(gold, &config)?;
    Ok(to_tree(&score(&prediction, &gold)))
}

/// `validatePrediction(prediction, config, {configFileName})`: the gold-less report of
/// `tabeq::validate`.
pub fn validate(
    prediction: Input,
    config: Input,
    config_file_name: Option<&str>,
) -> Result<ValidationReport, Failure> {
    let config = parse_config(config, config_file_name.map(config_stem))?;
    let report = match &prediction {
        Input::Missing => validate_prediction(Prediction::Missing, &config),
        Input::Bytes(bytes) => validate_prediction(Prediction::Csv(bytes), &config),
        Input::TooLarge { at_least, exact } => {
            let e = too_large_csv(*at_least, *exact);
            let mut report = validate_prediction(Prediction::Invalid(&e), &config);
            report.error = Some(unreadable_error(&e));
            report
        }
    };
    Ok(report)
}

/// `explain(prediction, gold, config, options)`: the core's structured diagnosis.
pub fn explain(
    prediction: Input,
    gold: Input,
    config: Input,
    config_file_name: Option<&str>,
    options: &ExplainOptions,
) -> Result<Diagnosis, Failure> {
    let config = parse_config(config, config_file_name.map(config_stem))?;
    let gold = prepare_gold(gold, &config)?;
    let diagnosis = match &prediction {
        Input::Missing => explain_prediction(Prediction::Missing, &gold, options),
        Input::Bytes(bytes) => explain_prediction(Prediction::Csv(bytes), &gold, options),
        Input::TooLarge { at_least, exact } => {
            let e = too_large_csv(*at_least, *exact);
            let mut diagnosis = explain_prediction(Prediction::Invalid(&e), &gold, options);
            diagnosis.result.error = Some(unreadable_error(&e));
            diagnosis
        }
    };
    Ok(diagnosis)
}

/// `readTable(csv, {maxRows})`: the strict reader's table (header, row count and the first
/// `max_rows` rows), for showing a file; a CSV problem is a failure with the CSV code and
/// stage `csv`.
pub fn read_table(csv: Input, max_rows: usize) -> Result<Out, Failure> {
    let csv_failure = |e: CsvError| Failure {
        code: e.kind.code(),
        message: e.to_string(),
        stage: "csv",
        task_id: None,
        line: None,
    };
    let table = match csv {
        Input::Bytes(bytes) => tabeq::csv::read_table(&bytes).map_err(csv_failure)?,
        Input::Missing => return Err(Failure::invalid_argument("csv is required")),
        Input::TooLarge { at_least, exact } => {
            return Err(csv_failure(too_large_csv(at_least, exact)))
        }
    };
    let strings =
        |cells: Vec<&str>| Out::Array(cells.into_iter().map(|c| Out::Str(c.into())).collect());
    let rows = (0..table.row_count().min(max_rows))
        .map(|r| strings(table.row(r).collect()))
        .collect();
    Ok(Out::Object(vec![
        (
            "headers".into(),
            strings(table.headers().iter().map(String::as_str).collect()),
        ),
        ("row_count".into(), Out::Int(table.row_count() as i64)),
        ("column_count".into(), Out::Int(table.column_count() as i64)),
        ("rows".into(), Out::Array(rows)),
    ]))
}

/// `canonicalize(value, column)`: the canonical text, `None` for null; a cell error is a
/// failure with the cell error's code and stage `cell`.
pub fn canonicalize(value: &str, column: Input) -> Result<Option<String>, Failure> {
    if value.chars().count() > MAX_CELL_CHARACTERS {
        return Err(Failure::invalid_argument(format!(
            "value is longer than the {MAX_CELL_CHARACTERS}-character cell limit"
        )));
    }
    let spec = match column {
        Input::Bytes(bytes) => {
            let text = core::str::from_utf8(&bytes)
                .map_err(|_| Failure::invalid_argument("column JSON is not UTF-8"))?;
            ColumnSpec::from_json(text)?
        }
        Input::Missing => return Err(Failure::invalid_argument("column is required")),
        Input::TooLarge { .. } => {
            return Err(Failure::invalid_argument("column JSON is too large"))
        }
    };
    match canonicalize_cell(value, &spec.rule()) {
        Ok(Canonical::Null) => Ok(None),
        Ok(Canonical::Value(s)) => Ok(Some(s)),
        Err(e) => Err(Failure {
            code: e.kind.code(),
            message: e.message,
            stage: "cell",
            task_id: None,
            line: None,
        }),
    }
}

/// A suite scored task by task ([`tabeq::suite::SuiteRun`]), with the binding's errors.
#[derive(Debug, Clone)]
pub struct Suite(SuiteRun);

impl Suite {
    /// Plan a suite from its config files and the names of the directories under `predictions/`.
    pub fn new(config_files: &[ConfigFile], prediction_dirs: &[String]) -> Result<Suite, Failure> {
        Ok(Suite(SuiteRun::new(
            config_files,
            prediction_dirs.iter().map(String::as_str),
        )?))
    }

    /// Task ids in evaluation order.
    pub fn task_ids(&self) -> Vec<String> {
        self.0
            .plan()
            .configs
            .iter()
            .map(|c| c.task_id.clone())
            .collect()
    }

    /// SHA-256 of the config set.
    pub fn config_set_sha256(&self) -> &str {
        &self.0.plan().config_set_sha256
    }

    /// Prediction directories without a config.
    pub fn unscored_prediction_tasks(&self) -> &[String] {
        self.0.unscored_prediction_tasks()
    }

    /// The task's config, validated.
    pub fn config(&self, task_id: &str) -> Result<&TaskConfig, Failure> {
        self.0.config(task_id).ok_or_else(|| Failure {
            code: UNKNOWN_TASK,
            message: format!("the suite has no task {task_id:?}"),
            stage: "argument",
            task_id: None,
            line: None,
        })
    }

    /// Score one task (again, if it was scored before). A gold problem is fatal, as in the
    /// official evaluator: the caller should stop the run.
    pub fn score_task(
        &mut self,
        task_id: &str,
        prediction: &Input,
        gold: Input,
    ) -> Result<Out, Failure> {
        let gold = prepare_gold(gold, self.config(task_id)?)?;
        let result = score(prediction, &gold);
        let out = to_tree(&result);
        self.0.record(result);
        Ok(out)
    }

    /// How many tasks have been scored.
    pub fn scored_count(&self) -> usize {
        self.0.scored_count()
    }

    /// The summary, once every task is scored.
    pub fn summary(&self) -> Result<SuiteSummary, Failure> {
        self.0.summary().map_err(|task_id| Failure {
            code: SUITE_INCOMPLETE,
            message: format!("task {task_id} has not been scored yet"),
            stage: "argument",
            task_id: Some(task_id.to_string()),
            line: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::INVALID_ARGUMENT;
    use tabeq::csv::MAX_CSV_BYTES;

    const CONFIG: &str = r#"{"schema_version": "1.0", "task_id": "task_2", "order_sensitive": false,
        "columns": [{"gold_index": 0, "gold_name": "n", "type": "number", "comparison": {"mode": "decimal_places", "digits": 1}},
                    {"gold_index": 1, "gold_name": "who", "type": "text"}]}"#;

    fn bytes(s: &str) -> Input {
        Input::Bytes(s.as_bytes().to_vec())
    }

    fn field<'a>(out: &'a Out, key: &str) -> &'a Out {
        match out {
            Out::Object(m) => &m.iter().find(|(k, _)| k == key).expect(key).1,
            _ => panic!("not an object"),
        }
    }

    #[test]
    fn evaluate_gives_the_official_record() {
        let out = evaluate(
            bytes("who,n\nb,2.04\na,1.25\n"),
            bytes("n,who\n1.3,a\n2.0,b\n"),
            bytes(CONFIG),
            None,
        )
        .unwrap();
        assert_eq!(field(&out, "passed"), &Out::Bool(true));
        let e = evaluate(
            Input::Missing,
            Input::Missing,
            bytes(CONFIG),
            Some("task_1.json"),
        )
        .unwrap_err();
        assert_eq!((e.code, e.stage), ("config_task_id_mismatch", "config"));
        assert_eq!(field(&out, "score"), &Out::Int(1));
        assert!(out.to_pretty().contains("\"prediction_index\": 1"));
    }

    #[test]
    fn too_large_inputs_are_coded_without_reading_them() {
        let out = evaluate(
            Input::TooLarge {
                at_least: MAX_CSV_BYTES + 1,
                exact: true,
            },
            bytes("n,who\n1,a\n"),
            bytes(CONFIG),
            None,
        )
        .unwrap();
        assert_eq!(
            field(&out, "error_code"),
            &Out::Str("invalid_prediction_csv".into())
        );
        let gold = evaluate(
            Input::Missing,
            Input::TooLarge {
                at_least: 1 << 30,
                exact: false,
            },
            bytes(CONFIG),
            None,
        )
        .unwrap_err();
        assert_eq!((gold.code, gold.stage), ("gold_invalid_csv", "gold"));
        assert_eq!(gold.task_id.as_deref(), Some("task_2"));
        let missing_gold =
            evaluate(Input::Missing, Input::Missing, bytes(CONFIG), None).unwrap_err();
        assert_eq!(missing_gold.code, "gold_missing");
        let config = evaluate(
            Input::Missing,
            Input::Missing,
            Input::TooLarge {
                at_least: 1,
                exact: false,
            },
            None,
        )
        .unwrap_err();
        assert_eq!(config.code, INVALID_ARGUMENT);
    }

    #[test]
    fn canonicalize_codes() {
        let column = r#"{"type": "number", "comparison": {"mode": "decimal_places", "digits": 2}, "unit": "fraction", "allow_percent_sign": true}"#;
        assert_eq!(
            canonicalize(" 12.5% ", bytes(column)).unwrap().as_deref(),
            Some("0.13")
        );
        assert_eq!(canonicalize("NaN", bytes(column)).unwrap(), None);
        let e = canonicalize("twelve", bytes(column)).unwrap_err();
        assert_eq!((e.code, e.stage), ("cell_invalid_number", "cell"));
        let e = canonicalize("1", bytes(r#"{"type": "colour"}"#)).unwrap_err();
        assert_eq!((e.code, e.stage), ("config_invalid", "config"));
        let e = canonicalize("1", bytes("{")).unwrap_err();
        assert_eq!(e.code, "config_invalid_json");
        let e = canonicalize("1", Input::Bytes(vec![0xff])).unwrap_err();
        assert_eq!(e.code, INVALID_ARGUMENT);
    }

    #[test]
    fn suite_runs_task_by_task() {
        let file = |n: u32| ConfigFile {
            name: format!("task_{n}.json"),
            bytes: CONFIG.replace("task_2", &format!("task_{n}")).into_bytes(),
        };
        let mut suite = Suite::new(
            &[file(10), file(9)],
            &["task_9".into(), "task_11".into(), "notes".into()],
        )
        .unwrap();
        assert_eq!(suite.task_ids(), ["task_9", "task_10"]);
        assert_eq!(suite.unscored_prediction_tasks(), ["task_11"]);
        assert_eq!(suite.config_set_sha256().len(), 64);
        assert_eq!(suite.summary().unwrap_err().code, SUITE_INCOMPLETE);
        suite
            .score_task("task_9", &bytes("a,b\n1,x\n"), bytes("n,who\n1,x\n"))
            .unwrap();
        suite
            .score_task("task_10", &Input::Missing, bytes("n,who\n1,x\n"))
            .unwrap();
        assert_eq!(
            suite
                .score_task("task_3", &Input::Missing, Input::Missing)
                .unwrap_err()
                .code,
            UNKNOWN_TASK
        );
        let summary = suite.summary().unwrap();
        assert_eq!(summary.passed_task_count(), 1);
        assert!(summary
            .to_json()
            .contains("\"unscored_prediction_tasks\": [\n    \"task_11\"\n  ]"));
        let e = Suite::new(&[], &[]).unwrap_err();
        assert_eq!((e.code, e.stage), ("suite_no_configs", "suite"));
    }

    #[test]
    fn read_table_shows_the_first_rows_or_the_csv_code() {
        let out = read_table(bytes("a,b\n1,2\n3,4\n5,6\n"), 2).unwrap();
        assert_eq!(field(&out, "row_count"), &Out::Int(3));
        assert_eq!(
            out.to_pretty().matches("\"5\"").count(),
            0,
            "only two rows are shown"
        );
        let e = read_table(bytes("a\n\"x"), 10).unwrap_err();
        assert_eq!((e.code, e.stage), ("csv_unterminated_quote", "csv"));
        let e = read_table(
            Input::TooLarge {
                at_least: 1 << 30,
                exact: false,
            },
            10,
        )
        .unwrap_err();
        assert_eq!(e.code, "csv_too_large");
    }

    #[test]
    fn explain_translates_the_diagnosis() {
        let out = explain(
            bytes("who,n,extra\na,1.3,1\nb,2.0,2\n"),
            bytes("n,who\n1.25,a\n2,b\n"),
            bytes(CONFIG),
            None,
            &ExplainOptions::default(),
        )
        .unwrap();
        let out = to_tree(&out);
        assert_eq!(
            field(&out, "error_code"),
            &Out::Str("column_count_mismatch".into())
        );
        assert!(matches!(field(&out, "summary"), Out::Str(s) if !s.is_empty()));
    }

    #[test]
    fn refusing_an_oversized_prediction_before_reading_gives_the_readers_record() {
        let oversized = vec![b'x'; MAX_CSV_BYTES + 3];
        let refused = Input::TooLarge {
            at_least: oversized.len(),
            exact: true,
        };
        let read = Input::Bytes(oversized);
        let gold = bytes("n,who\n1,a\n");
        assert_eq!(
            evaluate(refused.clone(), gold.clone(), bytes(CONFIG), None)
                .unwrap()
                .to_pretty(),
            evaluate(read.clone(), gold.clone(), bytes(CONFIG), None)
                .unwrap()
                .to_pretty()
        );
        assert_eq!(
            validate(refused.clone(), bytes(CONFIG), None)
                .unwrap()
                .to_json(),
            validate(read.clone(), bytes(CONFIG), None)
                .unwrap()
                .to_json()
        );
        let options = ExplainOptions::default();
        assert_eq!(
            explain(refused.clone(), gold.clone(), bytes(CONFIG), None, &options)
                .unwrap()
                .to_json(),
            explain(read.clone(), gold, bytes(CONFIG), None, &options)
                .unwrap()
                .to_json()
        );
        let fatal = |gold: Input| evaluate(Input::Missing, gold, bytes(CONFIG), None).unwrap_err();
        assert_eq!(fatal(refused), fatal(read));
    }
}
