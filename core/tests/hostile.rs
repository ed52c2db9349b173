//! Hostile inputs at and beyond every limit (SECURITY.md lists them). Each must give a result or
//! a coded error — never a panic — and finish: no test here has a timing assertion, but each
//! input is the largest of its kind that the limits admit, so a super-linear path would show
//! as a test that does not end. Peak memory is measured by `bench/hostile_memory.sh`.

#[path = "../examples/support/mod.rs"]
mod support;

use support::{config, csv_of};
use tabeq::canon::{canonicalize, Canonical};
use tabeq::config::{Comparison, NumericUnit, Rule};
use tabeq::csv::{
    read_table, Table, MAX_CELL_CHARACTERS, MAX_CSV_BYTES, MAX_CSV_COLUMNS, MAX_CSV_ROWS,
};
use tabeq::error::{CellErrorKind, CsvErrorKind, FatalCode, TaskErrorCode};
use tabeq::explain::{explain, ExplainOptions};
use tabeq::gold_free_check::validate_prediction;
use tabeq::{evaluate_task, Prediction, PreparedGold, TaskConfig, TaskResult};

const TEXT: &str = r#""type": "text""#;
const INTEGER: &str = r#""type": "number", "comparison": {"mode": "integer"}"#;

fn number_rules() -> Vec<Rule> {
    let mut rules = Vec::new();
    for comparison in [
        Comparison::Integer,
        Comparison::DecimalPlaces(0),
        Comparison::DecimalPlaces(30),
        Comparison::SignificantDigits(0),
        Comparison::SignificantDigits(30),
    ] {
        for unit in [NumericUnit::Plain, NumericUnit::Fraction] {
            rules.push(Rule::Number {
                comparison,
                unit,
                allow_percent_sign: true,
            });
        }
    }
    rules
}

fn all_rules() -> Vec<Rule> {
    let mut rules = number_rules();
    rules.extend([Rule::Text, Rule::Date, Rule::Datetime, Rule::Boolean]);
    rules
}

fn csv_error(bytes: &[u8]) -> CsvErrorKind {
    read_table(bytes).expect_err("hostile CSV refused").kind
}

fn evaluate(prediction: &[u8], gold: &[u8], config: &TaskConfig) -> TaskResult {
    evaluate_task(Prediction::Csv(prediction), gold, config).expect("valid gold")
}

/// A verdict decided exactly, not by running out of search budget.
fn assert_exact(result: &TaskResult) {
    if let Some(error) = &result.error {
        assert!(!error.contains("budget"), "search budget reached: {error}");
    }
}

/// The rows of a CSV with columns taken in `order`, sorted.
fn sorted_rows(csv: &[u8], order: &[usize]) -> Vec<Vec<String>> {
    let table = read_table(csv).expect("table");
    let mut rows: Vec<Vec<String>> = (0..table.row_count())
        .map(|r| {
            order
                .iter()
                .map(|&k| table.cell(r, k).to_string())
                .collect()
        })
        .collect();
    rows.sort_unstable();
    rows
}

#[test]
fn sixty_four_identical_columns_by_a_hundred_thousand_rows() {
    let d = MAX_CSV_COLUMNS;
    let gold = csv_of(d, MAX_CSV_ROWS, |r, _| (r % 10).to_string());
    assert!(gold.len() <= MAX_CSV_BYTES, "{} bytes", gold.len());
    let cfg = config(false, &vec![INTEGER; d]);
    // Rows reversed: an unordered task still passes, with the identity mapping.
    let reversed = csv_of(d, MAX_CSV_ROWS, |r, _| {
        ((MAX_CSV_ROWS - 1 - r) % 10).to_string()
    });
    let prepared = PreparedGold::new(&gold, &cfg).expect("gold within the limits");
    let result = prepared.evaluate(Prediction::Csv(&reversed));
    assert!(result.passed, "{:?}", result.error);
    assert_eq!(result.column_mapping, Some((0..d).collect()));
    // One changed cell: every one of the 64! mappings fails, decided exactly.
    let changed = csv_of(d, MAX_CSV_ROWS, |r, j| {
        if (r, j) == (5, 63) {
            "11".into()
        } else {
            (r % 10).to_string()
        }
    });
    let result = prepared.evaluate(Prediction::Csv(&changed));
    assert_eq!(result.error_code, Some(TaskErrorCode::RelationMismatch));
    assert_exact(&result);
    // One more row than the limit is refused as a CSV, not evaluated.
    let too_many = csv_of(d, MAX_CSV_ROWS + 1, |r, _| (r % 10).to_string());
    assert_eq!(csv_error(&too_many), CsvErrorKind::TooManyRows);
}

#[test]
fn sixty_four_columns_with_equal_multisets_and_different_rows() {
    // Every column holds each digit 10,000 times, but rows differ in how digits combine, so
    // column multisets cannot tell the columns apart; the search must use row structure.
    let d = MAX_CSV_COLUMNS;
    let n = MAX_CSV_ROWS;
    let value = |r: usize, j: usize| ((r + j * 7 + (r / 10) * j) % 10).to_string();
    let gold = csv_of(d, n, value);
    assert!(gold.len() <= MAX_CSV_BYTES);
    let cfg = config(false, &vec![INTEGER; d]);
    let prepared = PreparedGold::new(&gold, &cfg).expect("gold");
    // The prediction: columns reversed, rows rotated.
    let shuffled = csv_of(d, n, |r, k| value((r + 12_345) % n, d - 1 - k));
    let result = prepared.evaluate(Prediction::Csv(&shuffled));
    assert!(result.passed, "{:?}", result.error);
    assert_exact(&result);
    // The reported mapping really reproduces the gold's rows (as a multiset).
    let mapping = result.column_mapping.expect("mapping");
    assert_eq!(
        sorted_rows(&gold, &(0..d).collect::<Vec<_>>()),
        sorted_rows(&shuffled, &mapping)
    );
    // Swap two cells in one column: the row multiset changes and every mapping fails.
    let swapped = csv_of(d, n, |r, k| {
        let r = match (r, k) {
            (0, 3) => 1,
            (1, 3) => 0,
            _ => r,
        };
        value((r + 12_345) % n, d - 1 - k)
    });
    let result = prepared.evaluate(Prediction::Csv(&swapped));
    assert_eq!(result.error_code, Some(TaskErrorCode::RelationMismatch));
    assert_exact(&result);
}

#[test]
fn deep_quoting() {
    // One cell of 500,000 escaped quotes, next to cells of quoted delimiters and line ends.
    let quotes = "\"\"".repeat(500_000);
    let text = format!("a,b,c\n\"{quotes}\",\",\r\n,\",\"\"\"\"\n");
    let table = read_table(text.as_bytes()).expect("deep quoting reads");
    assert_eq!(table.cell(0, 0).len(), 500_000);
    assert!(table.cell(0, 0).bytes().all(|b| b == b'"'));
    assert_eq!(table.cell(0, 1), ",\r\n,");
    assert_eq!(table.cell(0, 2), "\"");
    // A quote after a closing quote and an unterminated quote are coded errors.
    assert_eq!(
        csv_error(format!("a\n\"{quotes}\"x\n").as_bytes()),
        CsvErrorKind::UnexpectedAfterQuote
    );
    assert_eq!(
        csv_error(format!("a\n\"{quotes}").as_bytes()),
        CsvErrorKind::UnterminatedQuote
    );
    // Quotes inside an unquoted field are literal.
    let table = read_table(format!("a\nx{quotes}\n").as_bytes()).expect("literal quotes");
    assert_eq!(table.cell(0, 0).len(), 1_000_001);
    // A file that is only quotes: a header cell of ~10M quotes, over the cell limit.
    let only_quotes = vec![b'"'; MAX_CSV_BYTES];
    assert_eq!(csv_error(&only_quotes), CsvErrorKind::CellTooLarge);
}

#[test]
fn two_mebibyte_cells() {
    let cfg = config(true, &[TEXT]);
    for unit in ["x", "é", "😀"] {
        // 2 Mi characters is the longest cell (up to 8 MiB of UTF-8), one more is refused.
        let at_limit = unit.repeat(MAX_CELL_CHARACTERS);
        let gold = format!("t\n{at_limit}\n");
        let result = evaluate(
            format!("p\n\"{at_limit}\"\n").as_bytes(),
            gold.as_bytes(),
            &cfg,
        );
        assert!(result.passed, "{unit}: {:?}", result.error);
        let over = format!("p\n{at_limit}{unit}\n");
        assert_eq!(csv_error(over.as_bytes()), CsvErrorKind::CellTooLarge);
        let result = evaluate(over.as_bytes(), gold.as_bytes(), &cfg);
        assert_eq!(result.error_code, Some(TaskErrorCode::InvalidPredictionCsv));
        assert_eq!(result.csv_error, Some(CsvErrorKind::CellTooLarge));
    }
    // A quoted field is limited the same way (the quotes do not count).
    let over = format!("p\n\"{}\"\n", "y".repeat(MAX_CELL_CHARACTERS + 1));
    assert_eq!(csv_error(over.as_bytes()), CsvErrorKind::CellTooLarge);
    // Table::from_rows applies the same limit.
    let rows = vec![
        vec!["h".to_string()],
        vec!["z".repeat(MAX_CELL_CHARACTERS + 1)],
    ];
    assert_eq!(
        Table::from_rows(&rows).unwrap_err().kind,
        CsvErrorKind::CellTooLarge
    );
}

#[test]
fn two_mebibyte_cells_under_every_rule() {
    let digits = "9".repeat(MAX_CELL_CHARACTERS);
    let junk = "2024-01-01".repeat(MAX_CELL_CHARACTERS / 10);
    let spaces = format!(
        "{}1{}",
        " ".repeat(MAX_CELL_CHARACTERS / 2),
        "\u{3000}".repeat(MAX_CELL_CHARACTERS / 2 - 1)
    );
    for rule in all_rules() {
        for cell in [&digits, &junk, &spaces] {
            // A value or a coded cell error; a canonical value is never much longer than its cell.
            if let Ok(Canonical::Value(v)) = canonicalize(cell, &rule) {
                assert!(v.len() <= cell.len() + 160, "{rule:?}: {} bytes", v.len());
            }
        }
    }
    // Significant digits round a 2 Mi-digit number to a short canonical form.
    let sd = Rule::Number {
        comparison: Comparison::SignificantDigits(3),
        unit: NumericUnit::Plain,
        allow_percent_sign: false,
    };
    assert_eq!(
        canonicalize(&digits, &sd).unwrap(),
        Canonical::Value("1E+2097152".into())
    );
}

#[test]
fn long_digit_strings_with_thousands_separators_match_plain_ones() {
    // 1.5 Mi digits in groups of three: 2 Mi characters with the commas.
    let groups = 512 * 1024 - 2;
    let plain: String = (0..groups)
        .map(|i| format!("{:03}", (i * 37 + 100) % 1000))
        .collect();
    let grouped: Vec<String> = (0..groups)
        .map(|i| format!("{:03}", (i * 37 + 100) % 1000))
        .collect();
    let grouped = grouped.join(",");
    assert!(grouped.chars().count() <= MAX_CELL_CHARACTERS);
    let cfg = config(
        false,
        &[
            r#""type": "number", "comparison": {"mode": "decimal_places", "digits": 30}"#,
            TEXT,
        ],
    );
    let gold = format!("n,t\n{plain}.5,a\n1,b\n");
    let prediction = format!("t,n\nb,1.000\na,\"{grouped}.50\"\n");
    let result = evaluate(prediction.as_bytes(), gold.as_bytes(), &cfg);
    assert!(result.passed, "{:?}", result.error);
    assert_eq!(result.column_mapping, Some(vec![1, 0]));
    // A misplaced separator anywhere in the 2 Mi characters is a cell error.
    let broken = format!("t,n\nb,1\na,\"{}\"\n", grouped.replacen(",", "", 1));
    let result = evaluate(broken.as_bytes(), gold.as_bytes(), &cfg);
    assert_eq!(
        result.error_code,
        Some(TaskErrorCode::TypeNormalizationFailed)
    );
}

#[test]
fn a_twenty_mebibyte_file_of_commas() {
    // One header record with 20 Mi + 1 empty fields: refused for its column count.
    let commas = vec![b','; MAX_CSV_BYTES];
    let err = read_table(&commas).unwrap_err();
    assert_eq!(err.kind, CsvErrorKind::TooManyColumns);
    // The count is exact although the extra fields are not stored (bench/hostile_memory.sh
    // measures the memory this keeps).
    assert!(
        err.message()
            .ends_with(&format!("({} columns)", MAX_CSV_BYTES + 1)),
        "{}",
        err.message()
    );
    // The same as a data row under a one-column header: a non-rectangular row.
    let mut data = b"h\n".to_vec();
    data.extend(std::iter::repeat_n(b',', MAX_CSV_BYTES - 2));
    assert_eq!(csv_error(&data), CsvErrorKind::NonRectangular);
    // One byte more than 20 MiB is refused before it is read.
    let over = vec![b','; MAX_CSV_BYTES + 1];
    assert_eq!(csv_error(&over), CsvErrorKind::TooLarge);
    // 20 MiB of line ends: the header is a blank line.
    assert_eq!(
        csv_error(&vec![b'\n'; MAX_CSV_BYTES]),
        CsvErrorKind::ZeroColumns
    );
    // 20 MiB of one-character rows: far more than 100,000 rows.
    let mut rows = b"h\n".to_vec();
    rows.extend(b"a\n".repeat((MAX_CSV_BYTES - 2) / 2));
    assert_eq!(csv_error(&rows), CsvErrorKind::TooManyRows);
    // As a prediction, each is an invalid CSV, not a panic.
    let cfg = config(false, &[TEXT]);
    let result = evaluate(&commas, b"t\nx\n", &cfg);
    assert_eq!(result.error_code, Some(TaskErrorCode::InvalidPredictionCsv));
    assert_eq!(
        (result.prediction_column_count, result.prediction_row_count),
        (0, 0)
    );
}

#[test]
fn a_twenty_mebibyte_gold_is_fatal_not_a_panic() {
    let cfg = config(false, &[TEXT]);
    let err = evaluate_task(Prediction::Missing, &vec![b','; MAX_CSV_BYTES + 1], &cfg).unwrap_err();
    assert_eq!(err.code, FatalCode::GoldInvalidCsv);
}

#[test]
fn huge_and_tiny_exponents() {
    for rule in number_rules() {
        for text in [
            "1e999999999",
            "-1E+999999999",
            "1e-999999999",
            "9.99e999999999999999999",
            "1e99",
            "0e999999999999999999",
            "1e999999999%",
            "1,000e-999999999",
        ] {
            if let Ok(Canonical::Value(v)) = canonicalize(text, &rule) {
                assert!(v.len() <= 200, "{text} under {rule:?}: {} bytes", v.len());
            }
        }
        // Beyond CPython's decimal exponent range: a coded cell error.
        for text in [
            "1e1000000000000000000",
            "1e-2000000000000000000",
            "1e99999999999999999999999999",
        ] {
            assert_eq!(
                canonicalize(text, &rule).unwrap_err().kind,
                CellErrorKind::NumberOutOfRange,
                "{text} under {rule:?}"
            );
        }
    }
    let integer = Rule::Number {
        comparison: Comparison::Integer,
        unit: NumericUnit::Plain,
        allow_percent_sign: false,
    };
    // Exact comparison at any magnitude: equal values are equal, neighbours are not.
    let c = |t: &str| canonicalize(t, &integer).unwrap();
    assert_eq!(c("1e999999999"), c("10e999999998"));
    assert_eq!(c("1e999999999"), c("0.001e1000000002"));
    assert_ne!(c("1e999999999"), c("1e999999998"));
    // An exponent with two million digits is out of range, decided without big arithmetic.
    let long_exponent = format!("1e{}", "9".repeat(MAX_CELL_CHARACTERS - 2));
    assert_eq!(
        canonicalize(&long_exponent, &integer).unwrap_err().kind,
        CellErrorKind::NumberOutOfRange
    );
    let long_negative = format!("1e-{}", "0".repeat(MAX_CELL_CHARACTERS - 4) + "5");
    assert_eq!(
        canonicalize(&long_negative, &integer).unwrap_err().kind,
        CellErrorKind::NotAnInteger
    );
    // In a task: a column of 1e999999999 against a gold of the same value written out short.
    let cfg = config(true, &[INTEGER]);
    let gold = csv_of(1, 10_000, |_, _| "1e999999999".into());
    let prediction = csv_of(1, 10_000, |r, _| {
        format!(
            "{}e{}",
            "1".to_string() + &"0".repeat(r % 50),
            999_999_999 - r % 50
        )
    });
    let result = evaluate(&prediction, &gold, &cfg);
    assert!(result.passed, "{:?}", result.error);
}

#[test]
fn mixed_scripts() {
    let dp2 = Rule::Number {
        comparison: Comparison::DecimalPlaces(2),
        unit: NumericUnit::Plain,
        allow_percent_sign: true,
    };
    // Digits of several scripts in one number are one number (Unicode Nd, as in Python).
    for text in ["١٢3٤５", "１２３４5", "१२३४५", "12,3४5", "+๑๒๓๔๕.00"]
    {
        assert_eq!(
            canonicalize(text, &dp2).unwrap(),
            Canonical::Value("12345".into()),
            "{text}"
        );
    }
    // Look-alikes that are not digits or signs are refused.
    for text in ["１２３４５ⅹ", "−5", "12 345", "¹²", "٫5", "12٬345"] {
        assert!(canonicalize(text, &dp2).is_err(), "{text}");
    }
    // Dates and times take ASCII digits only.
    assert_eq!(
        canonicalize("２０２４-０１-０２", &Rule::Date)
            .unwrap_err()
            .kind,
        CellErrorKind::InvalidDatetime
    );
    assert_eq!(
        canonicalize("٢٠٢٤-01-02", &Rule::Date).unwrap_err().kind,
        CellErrorKind::InvalidDatetime
    );
    // Text is compared exactly after NFC: bidi marks, joiners and scripts are kept.
    let texts = [
        "\u{202E}abc\u{202C}",
        "👩\u{200D}💻",
        "\u{1100}\u{1161}\u{11A8}",
        "ᄀ각",
        "Ελληνικά العربية 中文 ⲙⲛ",
        "a\u{0301}\u{0323}",
    ];
    let cfg = config(false, &[TEXT]);
    let gold = csv_of(1, texts.len(), |r, _| texts[r].to_string());
    assert!(evaluate(&gold, &gold, &cfg).passed);
    let nfc = Canonical::Value("\u{AC01}".into());
    assert_eq!(
        canonicalize("\u{1100}\u{1161}\u{11A8}", &Rule::Text).unwrap(),
        nfc
    );
    // Booleans: casefolding of other scripts does not create new words.
    assert_eq!(
        canonicalize("ＴＲＵＥ", &Rule::Boolean).unwrap_err().kind,
        CellErrorKind::InvalidBoolean
    );
    assert_eq!(
        canonicalize("YEſ", &Rule::Boolean).unwrap(),
        Canonical::Value("true".into())
    );
}

#[test]
fn pathological_dates() {
    use CellErrorKind::*;
    let cases = include_str!("data/pathological_datetimes.tsv");
    let cases = cases
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'));
    for (text, want) in cases.map(|l| l.split_once('\t').expect("cell<TAB>expected")) {
        let got = canonicalize(text, &Rule::Datetime);
        let got = got
            .map(|c| c.as_str().unwrap_or("").to_string())
            .map_err(|e| format!("!{}", e.kind.code()));
        assert_eq!(
            got,
            if want.starts_with('!') {
                Err(want.to_string())
            } else {
                Ok(want.to_string())
            },
            "{text}"
        );
    }
    // A fraction of two million digits is truncated to microseconds.
    let long_fraction = format!(
        "2024-01-01T00:00:00.{}",
        "1".repeat(MAX_CELL_CHARACTERS - 20)
    );
    assert_eq!(
        canonicalize(&long_fraction, &Rule::Datetime).unwrap(),
        Canonical::Value("2024-01-01T00:00:00.111111".into())
    );
    assert_eq!(
        canonicalize(&long_fraction, &Rule::Date).unwrap_err().kind,
        NotMidnight
    );
    // A cell of two million `Z`s (each becomes "+00:00" before parsing) is refused.
    let zs = "Z".repeat(MAX_CELL_CHARACTERS);
    assert!(canonicalize(&zs, &Rule::Datetime).is_err());
}

#[test]
fn nul_utf8_and_bom() {
    assert_eq!(csv_error(b"a\nx\0y\n"), CsvErrorKind::NulCharacter);
    assert_eq!(csv_error(b"a\n\"x\0\"\n"), CsvErrorKind::NulCharacter);
    assert_eq!(csv_error(b"a\n\xc3\x28\n"), CsvErrorKind::InvalidUtf8);
    assert_eq!(csv_error(b"a\n\xed\xa0\x80\n"), CsvErrorKind::InvalidUtf8); // a UTF-16 surrogate
    assert_eq!(csv_error(b"\xef\xbb\xbf"), CsvErrorKind::Empty);
    assert_eq!(csv_error(b""), CsvErrorKind::Empty);
    let rows = vec![vec!["h".to_string()], vec!["a\0".to_string()]];
    assert_eq!(
        Table::from_rows(&rows).unwrap_err().kind,
        CsvErrorKind::NulCharacter
    );
}

#[test]
fn deeply_nested_json_is_a_coded_error() {
    for depth in [600, 100_000, 5_000_000] {
        let nested = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        let err = TaskConfig::from_json(nested.as_bytes(), None).unwrap_err();
        assert_eq!(err.code, FatalCode::ConfigInvalidJson);
        // The trust metrics' JSON readers: core/trust/tests/trust.rs.
    }
}

#[test]
fn many_distinct_long_values_and_the_other_entry_points() {
    // 100,000 rows of distinct 100-character values in 2 columns (about 20 MiB), read as text
    // and numbers, through evaluate, validate and explain.
    let n = MAX_CSV_ROWS;
    let cell = |r: usize, j: usize| format!("{:0>99}{j}", r * 7919 % 1_000_003);
    let gold = csv_of(2, n, cell);
    assert!(gold.len() <= MAX_CSV_BYTES);
    let cfg = config(
        false,
        &[
            TEXT,
            r#""type": "number", "comparison": {"mode": "significant_digits", "digits": 30}"#,
        ],
    );
    let prepared = PreparedGold::new(&gold, &cfg).expect("gold");
    let prediction = csv_of(2, n, |r, j| cell(n - 1 - r, 1 - j));
    let result = prepared.evaluate(Prediction::Csv(&prediction));
    assert!(result.passed, "{:?}", result.error);
    assert_eq!(result.column_mapping, Some(vec![1, 0]));
    let report = validate_prediction(Prediction::Csv(&prediction), &cfg);
    assert!(report.ok());
    let wrong = csv_of(2, n, |r, j| {
        if (r, j) == (7, 0) {
            "x".into()
        } else {
            cell(r, j)
        }
    });
    let diagnosis = explain(
        Prediction::Csv(&wrong),
        &prepared,
        &ExplainOptions::default(),
    );
    assert_eq!(
        diagnosis.result.error_code,
        Some(TaskErrorCode::RelationMismatch)
    );
    assert!(diagnosis.to_json().len() < 1_000_000);
}
