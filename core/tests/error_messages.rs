//! Every error message the core renders, byte for byte: errors carry their data and render
//! their message from it, and the text must stay what the official summary, fatal output and
//! the bindings have always shown. The expected lines are `core/tests/data/error_messages.tsv`
//! (label, tab, `code: message` or the rendered error), recorded from the releases that stored
//! the messages as text.

use tabeq::config::ColumnSpec;
use tabeq::csv::{
    read_table, Table, MAX_CELL_CHARACTERS, MAX_CSV_BYTES, MAX_CSV_COLUMNS, MAX_CSV_ROWS,
};
use tabeq::suite::{plan_suite, ConfigFile};
use tabeq::{CsvError, FatalError, PreparedGold, TaskConfig};

const EXPECTED: &str = include_str!("data/error_messages.tsv");

fn csv_cases() -> Vec<(&'static str, Vec<u8>)> {
    let rows = format!("a\n{}", "1\n".repeat(MAX_CSV_ROWS + 1));
    let wide = format!("{}\n", ",".repeat(MAX_CSV_COLUMNS));
    let long_cell = format!("a\n{}\n", "x".repeat(MAX_CELL_CHARACTERS + 1));
    vec![
        ("csv invalid utf-8", b"a\nb\xff\n".to_vec()),
        ("csv too large", vec![b'x'; MAX_CSV_BYTES + 1]),
        ("csv too many rows", rows.into_bytes()),
        ("csv too many columns", wide.into_bytes()),
        ("csv cell too large", long_cell.into_bytes()),
        ("csv nul", b"a\nb\nx\0\n".to_vec()),
        ("csv empty", b"".to_vec()),
        ("csv zero columns", b"\n".to_vec()),
        ("csv non-rectangular", b"a,b\n1,2\n3\n".to_vec()),
        ("csv after quote", b"a\n\"x\"y\n".to_vec()),
        ("csv unterminated", b"a\n1\n\"x".to_vec()),
    ]
}

fn cell_cases() -> Vec<(&'static str, &'static str, String)> {
    let number = r#"{"type": "number", "comparison": {"mode": "decimal_places", "digits": 2}}"#;
    let integer = r#"{"type": "number", "comparison": {"mode": "integer"}}"#;
    let (date, datetime) = (r#"{"type": "date"}"#, r#"{"type": "datetime"}"#);
    let boolean = r#"{"type": "boolean"}"#;
    vec![
        ("cell invalid number", number, "x1".into()),
        ("cell percent", number, "5%".into()),
        ("cell thousands", number, "1,00".into()),
        ("cell not an integer", integer, "3.5".into()),
        ("cell out of range", number, "1e99999999999999999999".into()),
        ("cell invalid datetime", date, "2024-13-01".into()),
        ("cell not midnight", date, "2024-01-02T01:00:00".into()),
        (
            "cell datetime out of range",
            datetime,
            "9999-12-31T23:00:00-05:00".into(),
        ),
        ("cell boolean", boolean, "maybe \"so\"".into()),
        ("cell long value", number, "y".repeat(81)),
        ("cell 80 characters", number, "z".repeat(80)),
    ]
}

fn config(columns: &str) -> Vec<u8> {
    format!(
        r#"{{"schema_version": "1.0", "task_id": "task_7", "order_sensitive": false, "columns": {columns}}}"#
    )
    .into_bytes()
}

/// Columns a config refuses: label, column object.
const BAD_COLUMNS: &[(&str, &str)] = &[
    ("config column not object", "5"),
    (
        "config gold_index",
        r#"{"gold_index": 1, "gold_name": "a", "type": "text"}"#,
    ),
    (
        "config gold_name",
        r#"{"gold_index": 0, "gold_name": 5, "type": "text"}"#,
    ),
    (
        "config type",
        r#"{"gold_index": 0, "gold_name": "a", "type": "blob"}"#,
    ),
];

/// Numeric columns a config refuses: label, the keys after `"type": "number"`.
const BAD_NUMBERS: &[(&str, &str)] = &[
    ("config no comparison", ""),
    ("config mode", r#", "comparison": {"mode": "exact"}"#),
    (
        "config digits",
        r#", "comparison": {"mode": "decimal_places", "digits": 31}"#,
    ),
    (
        "config unit",
        r#", "comparison": {"mode": "integer"}, "unit": ["x"]"#,
    ),
];

/// Configs `TaskConfig::from_json` refuses (without a file stem), in the expected order.
fn config_cases() -> Vec<(&'static str, Vec<u8>)> {
    let top = |keys: &str| format!(r#"{{"schema_version": "1.0", "task_id": "task_7"{keys}}}"#);
    let mut cases = vec![
        ("config not utf-8", b"{\"a\": \"\xff\"}".to_vec()),
        ("config not json", b"{\"a\": }".to_vec()),
        ("config not an object", b"[1]".to_vec()),
        (
            "config schema",
            br#"{"schema_version": 2.0, "task_id": "task_7"}"#.to_vec(),
        ),
        (
            "config task id",
            br#"{"schema_version": "1.0", "task_id": "task7"}"#.to_vec(),
        ),
        (
            "config order_sensitive",
            top(r#", "order_sensitive": "yes""#).into_bytes(),
        ),
        ("config no columns", config("[]")),
    ];
    for &(label, column) in BAD_COLUMNS {
        cases.push((label, config(&format!("[{column}]"))));
    }
    let number = r#"{"gold_index": 0, "gold_name": "n", "type": "number""#;
    for &(label, keys) in BAD_NUMBERS {
        cases.push((label, config(&format!("[{number}{keys}}}]"))));
    }
    cases
}

/// `label`, and the error's code and message (`code: message`), for every case.
fn rendered() -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut push = |label: &str, text: String| out.push((label.to_string(), text));
    for (label, bytes) in csv_cases() {
        let e = read_table(&bytes).unwrap_err();
        push(label, e.to_string());
        push(&format!("{label} (record)"), format!("{:?}", e.record));
    }
    let nul_row = vec![vec!["a"], vec!["x\0"]];
    push(
        "rows nul",
        Table::from_rows(&nul_row).unwrap_err().to_string(),
    );
    let long = "x".repeat(MAX_CELL_CHARACTERS + 1);
    let long_row = vec![vec!["a".to_string()], vec![long]];
    push(
        "rows cell too large",
        Table::from_rows(&long_row).unwrap_err().to_string(),
    );
    push(
        "csv too large, lower bound",
        CsvError::too_large(7, false).to_string(),
    );
    let refused = read_table(b"").unwrap_err();
    push("unreadable prediction", refused.unreadable_prediction());
    for (label, column, value) in cell_cases() {
        let rule = ColumnSpec::from_json(column).unwrap().rule();
        let e = tabeq::canon::canonicalize(&value, &rule).unwrap_err();
        push(label, e.to_string());
    }
    let fatal = |e: FatalError| format!("{} [{:?}]: {}", e.code.code(), e.task_id, e);
    for (label, bytes) in config_cases() {
        push(
            label,
            fatal(TaskConfig::from_json(&bytes, None).unwrap_err()),
        );
    }
    let stem = TaskConfig::from_json(&config("[]"), Some("task_8")).unwrap_err();
    push("config stem", fatal(stem));
    push(
        "column not json",
        fatal(ColumnSpec::from_json("{").unwrap_err()),
    );
    push(
        "column not object",
        fatal(ColumnSpec::from_json("[]").unwrap_err()),
    );
    let text = config(
        r#"[{"gold_index": 0, "gold_name": "a", "type": "number", "comparison": {"mode": "integer"}}]"#,
    );
    let task = TaskConfig::from_json(&text, None).unwrap();
    push(
        "gold csv",
        fatal(PreparedGold::new(b"a\n\"x", &task).err().unwrap()),
    );
    push(
        "gold columns",
        fatal(PreparedGold::new(b"a,b\n1,2\n", &task).err().unwrap()),
    );
    push(
        "gold cell",
        fatal(PreparedGold::new(b"a\n1\n1.5\n", &task).err().unwrap()),
    );
    push(
        "gold missing, no path",
        fatal(FatalError::gold_missing("task_7", None)),
    );
    push(
        "gold missing",
        fatal(FatalError::gold_missing(
            "task_7",
            Some("g/task_7/gold.csv"),
        )),
    );
    let too_large = CsvError::too_large(MAX_CSV_BYTES + 9, true);
    push(
        "gold too large",
        fatal(FatalError::gold_unreadable("task_7", &too_large)),
    );
    let file = |name: &str, bytes: &[u8]| ConfigFile {
        name: name.into(),
        bytes: bytes.to_vec(),
    };
    push("suite no configs", fatal(plan_suite(&[]).unwrap_err()));
    let bad_name = [file("task_x.json", b"{}")];
    push(
        "suite config name",
        fatal(plan_suite(&bad_name).unwrap_err()),
    );
    let twice = [file("task_7.json", &text), file("task_7.json", &text)];
    push("suite duplicate", fatal(plan_suite(&twice).unwrap_err()));
    let broken = [file("task_7.json", &config("[]"))];
    push("suite config", fatal(plan_suite(&broken).unwrap_err()));
    out
}

#[test]
fn every_message_reads_as_it_always_has() {
    let got: Vec<String> = rendered()
        .into_iter()
        .map(|(label, text)| format!("{label}\t{text}"))
        .collect();
    let want: Vec<&str> = EXPECTED.lines().collect();
    let differ: Vec<String> = got
        .iter()
        .zip(&want)
        .filter(|(g, w)| g != w)
        .map(|(g, w)| format!("got  {g}\nwant {w}"))
        .collect();
    assert!(differ.is_empty(), "{}", differ.join("\n"));
    assert_eq!(got.len(), want.len(), "{}", got.join("\n"));
}

/// What a binding's system calls found, as the Python file layer worded it before the core
/// did (`bindings-py/src/fs.rs`, `trust.rs`) and as the WebAssembly trust module words a
/// manifest file that is too large.
#[test]
fn file_problems_read_as_the_bindings_wrote_them() {
    use tabeq::file_problem::{missing_prediction, FileProblem, FoundInstead, OutputError};
    let p = "d/x.csv";
    let problems = [
        FileProblem::Missing,
        FileProblem::Link,
        FileProblem::NotRegular,
        FileProblem::TooLarge {
            size: 21_000_000,
            limit: 20_971_520,
        },
        FileProblem::Io("Permission denied (os error 13)".into()),
    ];
    let files: Vec<String> = problems.iter().map(|problem| problem.message(p)).collect();
    assert_eq!(
        files,
        [
            "No such file: d/x.csv",
            "Symbolic links are not allowed: d/x.csv",
            "Not a regular file: d/x.csv",
            "File too large: d/x.csv (21000000 bytes)",
            "Cannot read d/x.csv: Permission denied (os error 13)",
        ]
    );
    let csvs: Vec<String> = problems
        .iter()
        .map(|problem| CsvError::file(p, problem.clone()).to_string())
        .collect();
    assert_eq!(
        csvs,
        [
            "csv_not_a_regular_file: Missing CSV file: d/x.csv",
            "csv_not_a_regular_file: Symbolic links are not allowed: d/x.csv",
            "csv_not_a_regular_file: CSV path is not a regular file: d/x.csv",
            "csv_too_large: CSV exceeds the 20971520-byte limit: d/x.csv (21000000 bytes)",
            "csv_not_a_regular_file: Cannot read CSV d/x.csv: Permission denied (os error 13)",
        ]
    );
    let fatal = |e: FatalError| format!("{} [{:?}]: {}", e.code.code(), e.task_id, e);
    let gold = FatalError::gold_file(
        "task_2",
        p,
        FileProblem::TooLarge {
            size: 21_000_000,
            limit: 20_971_520,
        },
    );
    let config = FatalError::config_file("c/task_2.json", FileProblem::NotRegular);
    let batch = FatalError::gold_file("task_2", p, FileProblem::Missing).in_batch(3);
    let listing = FatalError::cannot_list("c", "Permission denied (os error 13)");
    let texts = [
        fatal(gold),
        fatal(config),
        fatal(batch),
        fatal(FatalError::missing_directory("gold root", "g")),
        fatal(FatalError::not_a_directory("prediction root", "p.csv")),
        fatal(FatalError::no_configs_in("c")),
        fatal(listing),
        missing_prediction("p/task_2/prediction.csv"),
        CsvError::unreadable("m/gold.csv", "Is a directory (os error 21)").to_string(),
        CsvError::named_too_large("m/gold.csv", 30_000_000).to_string(),
    ];
    assert_eq!(
        texts,
        [
            "gold_invalid_csv [Some(\"task_2\")]: CSV exceeds the 20971520-byte limit: d/x.csv (21000000 bytes)",
            "config_invalid_json [None]: Cannot load task config c/task_2.json: Not a regular file: c/task_2.json",
            "gold_missing [Some(\"task_2\")]: task #3: Missing CSV file: d/x.csv",
            "suite_missing_directory [None]: Missing gold root directory: g",
            "suite_missing_directory [None]: The prediction root path is not a directory: p.csv",
            "suite_no_configs [None]: No task configs (task_*.json) found in c",
            "suite_missing_directory [None]: Cannot list c: Permission denied (os error 13)",
            "Missing prediction CSV: p/task_2/prediction.csv",
            "csv_not_a_regular_file: cannot read m/gold.csv: Is a directory (os error 21)",
            "csv_too_large: m/gold.csv exceeds the 20971520-byte limit (at least 30000000 bytes)",
        ]
    );
    let out = "o/summary.json";
    let outputs = [
        OutputError::not_regular(out, FoundInstead::of(true, false)),
        OutputError::not_regular(out, FoundInstead::of(false, true)),
        OutputError::not_regular(out, FoundInstead::of(false, false)),
        OutputError::not_regular(out, FoundInstead::Unknown),
        OutputError::DirectoryNotADirectory { dir: "o".into() },
        OutputError::cannot_check(out, "Not a directory (os error 20)"),
        OutputError::write_failed(out, "No space left on device (os error 28)"),
    ];
    let outputs: Vec<String> = outputs
        .iter()
        .map(|e| format!("{}: {e}", e.code()))
        .collect();
    assert_eq!(
        outputs,
        [
            "output_not_a_regular_file: Output path is a symbolic link, not a regular file: o/summary.json",
            "output_not_a_regular_file: Output path is a directory, not a regular file: o/summary.json",
            "output_not_a_regular_file: Output path is a FIFO, socket or device, not a regular file: o/summary.json",
            "output_not_a_regular_file: Output path is not a regular file: o/summary.json",
            "output_not_a_regular_file: Output directory o is not a directory",
            "output_write_failed: Cannot check output path o/summary.json: Not a directory (os error 20)",
            "output_write_failed: Cannot write o/summary.json: No space left on device (os error 28)",
        ]
    );
}

/// An OS error the binding reports by number reads as CPython words it on Linux, inside the
/// official evaluator's sentence for the failing step: `Cannot parse CSV PATH: [Errno 13]
/// Permission denied: 'PATH'` for an open that was refused (what the official writes into the
/// task record for an unreadable prediction), `Cannot stat CSV file …` for its `stat`.
#[test]
fn os_errors_read_as_python_words_them() {
    use tabeq::file_problem::{FileCall, FileProblem, OsError};
    use tabeq::{Prediction, PreparedGold, TaskConfig};
    let p = "/s/predictions/task_1/prediction.csv";
    let denied = || FileProblem::Os(FileCall::Read, OsError::new(13, Some(p)));
    let quoted = "/s/it's \"q\"\\\t\u{a0}.csv";
    let texts = [
        CsvError::file(p, denied()).message(),
        CsvError::file(p, FileProblem::Os(FileCall::Read, OsError::new(5, None))).message(),
        CsvError::file(
            p,
            FileProblem::Os(FileCall::Stat, OsError::new(36, Some(p))),
        )
        .message(),
        FileProblem::Os(FileCall::Read, OsError::new(13, Some("c/task_1.json")))
            .message("c/task_1.json"),
        FileProblem::Os(FileCall::Read, OsError::new(5, None)).message("c/task_1.json"),
        FatalError::config_file(
            "c/task_1.json",
            FileProblem::Os(FileCall::Read, OsError::new(13, Some("c/task_1.json"))),
        )
        .to_string(),
        FileProblem::Os(FileCall::Stat, OsError::new(13, Some("c"))).message("c"),
        OsError::new(13, Some(quoted)).to_string(),
        OsError::new(0, None).to_string(),
        OsError::new(134, Some("x")).to_string(),
        OsError::new(-1, None).to_string(),
    ];
    assert_eq!(
        texts,
        [
            "Cannot parse CSV /s/predictions/task_1/prediction.csv: [Errno 13] Permission denied: '/s/predictions/task_1/prediction.csv'",
            "Cannot parse CSV /s/predictions/task_1/prediction.csv: [Errno 5] Input/output error",
            "Cannot stat CSV file /s/predictions/task_1/prediction.csv: [Errno 36] File name too long: '/s/predictions/task_1/prediction.csv'",
            "[Errno 13] Permission denied: 'c/task_1.json'",
            "Cannot read c/task_1.json: [Errno 5] Input/output error",
            // The official evaluator's words for a config it cannot open.
            "Cannot load task config c/task_1.json: [Errno 13] Permission denied: 'c/task_1.json'",
            "Cannot stat c: [Errno 13] Permission denied: 'c'",
            "[Errno 13] Permission denied: '/s/it\\'s \"q\"\\\\\\t\\xa0.csv'",
            "[Errno 0] Success",
            "[Errno 134] Unknown error 134: 'x'",
            "[Errno -1] Unknown error -1",
        ]
    );
    // The task record holds the official words, without the code prefix.
    let config = TaskConfig::from_json(
        br#"{"schema_version": "1.0", "task_id": "task_1", "order_sensitive": false,
             "columns": [{"gold_index": 0, "gold_name": "a", "type": "text"}]}"#,
        None,
    )
    .unwrap();
    let gold = PreparedGold::new(b"a\n1\n", &config).unwrap();
    let refused = CsvError::file(p, denied());
    let record = gold.evaluate(Prediction::Invalid(&refused));
    assert_eq!(
        record.error_code.map(|c| c.code()),
        Some("invalid_prediction_csv")
    );
    assert_eq!(record.error.as_deref(), Some(texts[0].as_str()));
}
