//! The diagnosis on hand-made tasks: each part of the report, each hint, the DataSpace failure
//! kinds, partial credit, size bounds, and the verdict staying exactly evaluate's.

#[path = "../examples/support/mod.rs"]
mod support;

use support::Lcg;
use tabeq::cpython_json;
use tabeq::csv::read_table;
use tabeq::error::{CellErrorKind, CsvErrorKind, TaskErrorCode};
use tabeq::explain::{explain, Diagnosis, ExplainOptions, HintKind, InputStatus};
use tabeq::partial_credit::SignatureStatus;
use tabeq::{Prediction, PreparedGold, TaskConfig};

fn config(order_sensitive: bool, columns: &[&str]) -> TaskConfig {
    let cols: Vec<String> = columns
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let (name, body) = c.split_once(':').expect("name:type");
            let typed = match body {
                "text" | "date" | "datetime" | "boolean" => format!(r#""type": "{body}""#),
                "int" => r#""type": "number", "comparison": {"mode": "integer"}"#.to_string(),
                other => {
                    // dpN, sdN, dpN%frac, dpN%
                    let (mode, rest) = other.split_at(2);
                    let mode = if mode == "dp" {
                        "decimal_places"
                    } else {
                        "significant_digits"
                    };
                    let (digits, extra) = match rest.split_once('%') {
                        Some((d, "frac")) => (d, r#", "unit": "fraction", "allow_percent_sign": true"#),
                        Some((d, _)) => (d, r#", "allow_percent_sign": true"#),
                        None => (rest, ""),
                    };
                    format!(
                        r#""type": "number", "comparison": {{"mode": "{mode}", "digits": {digits}}}{extra}"#
                    )
                }
            };
            format!(r#"{{"gold_index": {i}, "gold_name": "{name}", {typed}}}"#)
        })
        .collect();
    let json = format!(
        r#"{{"schema_version": "1.0", "task_id": "task_1", "order_sensitive": {order_sensitive}, "columns": [{}]}}"#,
        cols.join(", ")
    );
    TaskConfig::from_json(json.as_bytes(), None).expect("valid test config")
}

/// Diagnose, and check the invariants every diagnosis must keep.
fn diagnose(pred: Option<&str>, gold: &str, cfg: &TaskConfig) -> Diagnosis {
    let prepared = PreparedGold::new(gold.as_bytes(), cfg).expect("valid test gold");
    let prediction = match pred {
        Some(p) => Prediction::Csv(p.as_bytes()),
        None => Prediction::Missing,
    };
    let d = explain(prediction, &prepared, &ExplainOptions::default());
    check_invariants(&d, &prepared.evaluate(prediction));
    d
}

fn check_invariants(d: &Diagnosis, official: &tabeq::TaskResult) {
    assert_eq!(&d.result, official, "the verdict must be evaluate's");
    let json = d.to_json();
    let parsed = cpython_json::parse(&json).expect("diagnosis JSON parses");
    assert_eq!(
        parsed.get("passed"),
        Some(&cpython_json::Value::Bool(official.passed))
    );
    assert!(!d.summary.is_empty());
    if d.passed() {
        assert!(d.hints.is_empty());
        if let Some(m) = &d.mapping {
            assert!(m.official);
            let ks: Vec<usize> = m.pairs.iter().filter_map(|p| p.prediction_index).collect();
            assert_eq!(Some(ks), official.column_mapping);
        }
    }
}

fn hint_names(d: &Diagnosis) -> Vec<&'static str> {
    d.hints.iter().map(|h| h.kind.code()).collect()
}

fn hint(d: &Diagnosis, kind: HintKind) -> &tabeq::explain::Hint {
    d.hints
        .iter()
        .find(|h| h.kind == kind)
        .unwrap_or_else(|| panic!("no {} hint in {:?}", kind.code(), hint_names(d)))
}

/// The hint of `kind` whose fix of the first column is `detail`, and which would make `d` pass.
fn assert_fix<'d>(d: &'d Diagnosis, kind: HintKind, detail: &str) -> &'d tabeq::explain::Hint {
    let h = hint(d, kind);
    assert_eq!(h.columns[0].detail, detail, "{}", kind.code());
    assert!(h.would_pass, "{} would not pass", kind.code());
    h
}

/// Equal up to rounding (1e-12).
fn assert_close(got: f64, want: f64) {
    assert!((got - want).abs() < 1e-12, "{got} != {want}");
}

fn assert_summary_has(d: &Diagnosis, text: &str) {
    assert!(d.summary.contains(text), "{text:?} not in {}", d.summary);
}

fn code(d: &Diagnosis) -> Option<&'static str> {
    d.result.error_code.map(TaskErrorCode::code)
}

const REGION_GOLD: &str = "region,gdp\nNorth,1.25\nSouth,2.5\nEast,3\nWest,0.75\n";

fn region_cfg(ordered: bool) -> TaskConfig {
    config(ordered, &["region:text", "gdp:dp2"])
}

/// The diagnosis of `pred` against the region gold.
fn diagnose_region(pred: &str, ordered: bool) -> Diagnosis {
    diagnose(Some(pred), REGION_GOLD, &region_cfg(ordered))
}

/// The diagnosis of `rows` under the gold's header `region,gdp` against the region gold.
fn region_rows(rows: &str, ordered: bool) -> Diagnosis {
    diagnose_region(&format!("region,gdp\n{rows}"), ordered)
}

#[test]
fn passing_prediction_reports_the_official_mapping() {
    let d = diagnose_region(
        "GDP,Region\n2.50,South\n1.25,North\n0.75,West\n3,East\n",
        false,
    );
    assert!(d.passed());
    let m = d.mapping.as_ref().unwrap();
    assert!(m.official && m.valid);
    assert!(m.pairs.iter().all(|p| p.same_values));
    assert_eq!(d.rows.as_ref().unwrap().matched_rows, 4);
    assert_eq!(
        d.partial.column_signature.status,
        SignatureStatus::PerfectMatch
    );
    assert_eq!(d.partial.rows.f1, 1.0);
    assert_eq!(d.partial.columns.recall, 1.0);
    assert!(d.summary.starts_with("Passed"), "{}", d.summary);
}

#[test]
fn missing_prediction() {
    let d = diagnose(None, REGION_GOLD, &region_cfg(false));
    assert_eq!(code(&d), Some("missing_prediction"));
    assert_eq!(d.input, InputStatus::Missing);
    assert!(d.shape.is_none() && d.mapping.is_none() && d.hints.is_empty());
    assert_eq!(
        d.partial.column_signature.status,
        SignatureStatus::MissingPrediction
    );
    assert_eq!(d.partial.rows.f1, 0.0);
    assert_summary_has(&d, "missing_prediction");
}

#[test]
fn invalid_csv_reports_code_and_record() {
    let d = region_rows("North,1.25\nSouth\n", false);
    assert_eq!(code(&d), Some("invalid_prediction_csv"));
    match &d.input {
        InputStatus::InvalidCsv(e) => {
            assert_eq!(e.kind, CsvErrorKind::NonRectangular);
            assert_eq!(e.record, Some(3));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(d.partial.column_signature.status, SignatureStatus::NoMatch);
    assert_summary_has(&d, "csv_non_rectangular at record 3");
    let json = cpython_json::parse(&d.to_json()).unwrap();
    let input = json.get("input").unwrap();
    assert_eq!(
        input.get("csv_error"),
        Some(&cpython_json::Value::Str("csv_non_rectangular".into()))
    );
    assert_eq!(input.get("record"), Some(&cpython_json::Value::Int(3)));
}

#[test]
fn extra_column_is_named_and_dropping_it_would_pass() {
    let d = diagnose_region(
        "region,gdp,population\nNorth,1.25,100\nSouth,2.5,200\nEast,3,300\nWest,0.75,400\n",
        false,
    );
    assert_eq!(code(&d), Some("column_count_mismatch"));
    let s = d.shape.as_ref().unwrap();
    assert_eq!((s.expected_columns, s.received_columns), (2, 3));
    assert_eq!(s.extra_prediction_columns, vec![2]);
    assert_eq!(s.prediction_columns_matching_no_gold, vec![2]);
    assert!(s.missing_gold_columns.is_empty());
    let h = hint(&d, HintKind::ExtraColumns);
    assert!(h.would_pass);
    assert_eq!(h.columns[0].prediction_index, 2);
    assert_eq!(hint_names(&d), ["extra_columns"]);
    // Partial credit: both gold columns found, one extra of three.
    assert_eq!(
        d.partial.column_signature.status,
        SignatureStatus::PartialMatch
    );
    assert_close(d.partial.column_signature.score, 1.0 - 0.1 / 3.0);
    assert_eq!(d.partial.columns.matched, 2);
    assert_close(d.partial.columns.precision, 2.0 / 3.0);
    assert_eq!(d.partial.rows.f1, 1.0);
    assert_summary_has(&d, "population");
}

#[test]
fn pandas_index_column_is_an_extra_column() {
    let d = diagnose_region(
        ",region,gdp\n0,North,1.25\n1,South,2.5\n2,East,3\n3,West,0.75\n",
        false,
    );
    assert_eq!(d.shape.as_ref().unwrap().extra_prediction_columns, vec![0]);
    assert!(hint(&d, HintKind::ExtraColumns).would_pass);
}

#[test]
fn missing_column_is_named() {
    let cfg = config(false, &["region:text", "gdp:dp2", "year:int"]);
    let gold = "region,gdp,year\nNorth,1.25,2020\nSouth,2.5,2021\n";
    let d = diagnose(Some("region,gdp\nNorth,1.25\nSouth,2.5\n"), gold, &cfg);
    assert_eq!(code(&d), Some("column_count_mismatch"));
    let s = d.shape.as_ref().unwrap();
    assert_eq!(s.missing_gold_columns, vec![2]);
    assert_eq!(s.gold_columns_matched_by_no_prediction, vec![2]);
    assert!(s.extra_prediction_columns.is_empty());
    // Too few columns is a shape problem, not a competition for readable columns.
    assert!(d.types.as_ref().unwrap().unreadable.is_none());
    let m = d.mapping.as_ref().unwrap();
    assert_eq!(m.pairs[2].prediction_index, None);
    assert!(!m.valid);
    assert_eq!(d.rows.as_ref().unwrap().compared_gold_columns, vec![0, 1]);
    // A row without a gold column is never a gold row; the two present columns are recovered.
    assert_eq!(d.partial.rows.matched, 0);
    assert_eq!(d.partial.columns.matched, 2);
    assert_close(d.partial.columns.recall, 2.0 / 3.0);
    assert_eq!(d.partial.columns.precision, 1.0);
    assert_summary_has(&d, "'year'");
}

#[test]
fn wrong_grain_finer() {
    let cfg = config(false, &["region:text", "total:int"]);
    let gold = "region,total\nNorth,30\nSouth,70\n";
    let pred = "region,total\nNorth,10\nNorth,20\nSouth,30\nSouth,40\n";
    let d = diagnose(Some(pred), gold, &cfg);
    assert_eq!(code(&d), Some("row_count_mismatch"));
    let s = d.shape.as_ref().unwrap();
    assert_eq!((s.expected_rows, s.received_rows), (2, 4));
    let g = s.grain.as_ref().unwrap();
    assert!(g.finer);
    assert_eq!(g.key_columns, vec![0]);
    assert!(!g.same_distinct_rows);
    let r = d.rows.as_ref().unwrap();
    assert_eq!((r.matched_rows, r.missing_count, r.extra_count), (0, 2, 4));
    assert_eq!(r.missing[0].values, ["North", "30"]);
    assert!(d.hints.is_empty(), "{:?}", hint_names(&d));
    assert_summary_has(&d, "finer grain");
    assert_eq!(d.partial.rows.recall, 0.0);
}

#[test]
fn duplicates_removed_hint() {
    let d = region_rows(
        "North,1.25\nSouth,2.5\nNorth,1.25\nEast,3\nWest,0.75\nWest,0.75\n",
        false,
    );
    assert_eq!(code(&d), Some("row_count_mismatch"));
    let g = d.shape.as_ref().unwrap().grain.as_ref().unwrap();
    assert_eq!(g.prediction_duplicate_rows, 2);
    assert!(g.same_distinct_rows);
    let h = hint(&d, HintKind::DuplicatesRemoved);
    assert!(h.would_pass);
    assert_eq!(hint_names(&d), ["duplicates_removed"]);
    let expected = "distinct rows but more rows for the gold's 4: 2 prediction rows repeat";
    assert_summary_has(&d, expected);
    assert_eq!(d.partial.rows.matched, 4);
    assert_close(d.partial.rows.precision, 4.0 / 6.0);
}

#[test]
fn duplicates_added_hint() {
    let cfg = config(false, &["item:text", "qty:int"]);
    let gold = "item,qty\napple,1\napple,1\npear,2\n";
    let d = diagnose(Some("item,qty\napple,1\npear,2\n"), gold, &cfg);
    assert_eq!(code(&d), Some("row_count_mismatch"));
    let g = d.shape.as_ref().unwrap().grain.as_ref().unwrap();
    assert!(!g.finer);
    assert_eq!(g.gold_duplicate_rows, 1);
    let h = hint(&d, HintKind::DuplicatesAdded);
    assert!(h.would_pass);
    // Not a near miss when the distinct rows differ.
    let d = diagnose(Some("item,qty\napple,1\npear,3\n"), gold, &cfg);
    assert!(d.hints.is_empty(), "{:?}", hint_names(&d));
}

#[test]
fn precision_formatting_lower_precision_hint() {
    // The prediction rounded to one decimal where the gold compares two.
    let d = region_rows("North,1.3\nSouth,2.5\nEast,3\nWest,0.8\n", false);
    assert_eq!(code(&d), Some("relation_mismatch"));
    let h = assert_fix(&d, HintKind::LowerPrecision, "decimal_places 2 -> 1");
    assert_eq!(h.columns[0].gold_index, Some(1));
    let r = d.rows.as_ref().unwrap();
    assert_eq!((r.matched_rows, r.missing_count), (2, 2));
    assert_summary_has(&d, "lower_precision");
    // Significant digits.
    let cfg = config(false, &["v:sd3"]);
    let d = diagnose(Some("v\n12000\n0.046\n"), "v\n12345\n0.04567\n", &cfg);
    assert_eq!(code(&d), Some("relation_mismatch"));
    assert_fix(&d, HintKind::LowerPrecision, "significant_digits 3 -> 2");
}

#[test]
fn wrong_order_in_an_ordered_task() {
    let d = region_rows("South,2.5\nNorth,1.25\nEast,3\nWest,0.75\n", true);
    assert_eq!(code(&d), Some("relation_mismatch"));
    let r = d.rows.as_ref().unwrap();
    assert_eq!(r.missing_count, 0);
    let o = r.order.as_ref().unwrap();
    assert!(o.would_match_unordered);
    assert_eq!(o.rows_in_place, 2);
    let f = o.first_difference.as_ref().unwrap();
    assert_eq!(f.row, 1);
    assert_eq!(
        f.gold.as_deref(),
        Some(&["North".to_string(), "1.25".to_string()][..])
    );
    assert_eq!(f.differing_gold_columns, vec![0, 1]);
    // The mapping is still right although no column is in place.
    let m = d.mapping.as_ref().unwrap();
    assert_eq!(m.pairs[0].prediction_index, Some(0));
    assert_eq!(m.pairs[0].same_positions, Some(2));
    let h = hint(&d, HintKind::RowOrder);
    assert!(h.would_pass);
    assert_eq!(hint_names(&d), ["row_order"]);
    // A genuinely different row: the first difference, and no row_order hint.
    let d = region_rows("North,1.25\nSouth,2.5\nEast,3.5\nWest,0.75\n", true);
    let o = d.rows.as_ref().unwrap().order.clone().unwrap();
    assert!(!o.would_match_unordered);
    assert_eq!(o.first_difference.unwrap().differing_gold_columns, vec![1]);
    assert!(d.hints.is_empty(), "{:?}", hint_names(&d));
}

#[test]
fn shuffled_ordered_rows_with_shorter_prediction() {
    let d = region_rows("North,1.25\nSouth,2.5\nEast,3\n", true);
    assert_eq!(code(&d), Some("row_count_mismatch"));
    let o = d.rows.as_ref().unwrap().order.clone().unwrap();
    let f = o.first_difference.unwrap();
    assert_eq!(f.row, 4);
    assert!(f.prediction.is_none());
    assert_eq!(o.rows_in_place, 3);
}

#[test]
fn percent_fraction_hints() {
    // Percentages where the gold has fractions.
    let cfg = config(false, &["k:text", "share:dp3"]);
    let gold = "k,share\na,0.125\nb,0.5\n";
    let d = diagnose(Some("k,share\na,12.5\nb,50\n"), gold, &cfg);
    assert_eq!(code(&d), Some("relation_mismatch"));
    assert_fix(&d, HintKind::PercentFraction, "divide_by_100");
    // Fractions where the gold has percentage points.
    let d = diagnose(Some("k,share\na,0.00125\nb,0.005\n"), gold, &cfg);
    assert_eq!(
        hint(&d, HintKind::PercentFraction).columns[0].detail,
        "multiply_by_100"
    );
    // A percent sign the column does not allow: a type failure, fixed by the conversion.
    let d = diagnose(Some("k,share\na,12.5%\nb,50%\n"), gold, &cfg);
    assert_eq!(code(&d), Some("type_normalization_failed"));
    let t = d.types.as_ref().unwrap();
    let cell = &t.columns[1].incompatible[0];
    assert_eq!(cell.prediction_index, 1);
    assert_eq!((cell.row, cell.value.as_str()), (1, "12.5%"));
    assert_eq!(cell.reason, CellErrorKind::PercentNotAllowed);
    assert_eq!(cell.bad_cells, 2);
    assert_fix(&d, HintKind::PercentFraction, "divide_by_100");
    // The percent sign means points here: dropping it is the fix.
    let d = diagnose(Some("k,share\na,0.125%\nb,0.5%\n"), gold, &cfg);
    assert_eq!(
        hint(&d, HintKind::PercentFraction).columns[0].detail,
        "drop_percent_sign"
    );
}

#[test]
fn date_vs_datetime_hint() {
    let cfg = config(false, &["day:date", "n:int"]);
    let gold = "day,n\n2024-01-02,1\n2024-01-03,2\n";
    let d = diagnose(
        Some("day,n\n2024-01-02 13:45:00,1\n2024-01-03T09:00:00,2\n"),
        gold,
        &cfg,
    );
    assert_eq!(code(&d), Some("type_normalization_failed"));
    let t = d.types.as_ref().unwrap();
    assert_eq!(
        t.columns[0].incompatible[0].reason,
        CellErrorKind::NotMidnight
    );
    let u = t.unreadable.as_ref().unwrap();
    assert_eq!(u.gold_columns, vec![0]);
    assert_eq!(u.readable_from, Vec::<usize>::new());
    assert_fix(&d, HintKind::DateVsDatetime, "take_date_part");
    // Local midnight with an offset is the previous day in UTC: the local date is the fix.
    let d = diagnose(
        Some("day,n\n2024-01-02T00:00:00+02:00,1\n2024-01-03T00:00:00+02:00,2\n"),
        gold,
        &cfg,
    );
    assert!(hint(&d, HintKind::DateVsDatetime).would_pass);
}

#[test]
fn naive_vs_utc_hints() {
    let cfg = config(false, &["at:datetime"]);
    let gold = "at\n2024-01-02T10:00:00\n2024-01-02T11:30:00\n";
    let d = diagnose(
        Some("at\n2024-01-02T10:00:00Z\n2024-01-02T11:30:00Z\n"),
        gold,
        &cfg,
    );
    assert_eq!(code(&d), Some("relation_mismatch"));
    assert_fix(&d, HintKind::NaiveVsUtc, "drop_utc_marker");
    // Local times written with their offset, where the gold holds local wall times.
    let d = diagnose(
        Some("at\n2024-01-02T10:00:00+02:00\n2024-01-02T11:30:00+02:00\n"),
        gold,
        &cfg,
    );
    assert_eq!(
        hint(&d, HintKind::NaiveVsUtc).columns[0].detail,
        "keep_local_time"
    );
    // The gold is in UTC and the prediction naive.
    let gold_utc = "at\n2024-01-02T10:00:00Z\n";
    let d = diagnose(Some("at\n2024-01-02 10:00\n"), gold_utc, &cfg);
    assert_fix(&d, HintKind::NaiveVsUtc, "treat_naive_as_utc");
}

#[test]
fn text_case_and_punctuation_hints() {
    let d = region_rows("north,1.25\nSOUTH,2.5\nEast,3\nwest,0.75\n", false);
    assert_eq!(code(&d), Some("relation_mismatch"));
    let h = hint(&d, HintKind::TextCase);
    assert!(h.would_pass);
    assert_eq!(h.columns[0].gold_index, Some(0));
    assert_eq!(hint_names(&d), ["text_case"]);

    let d = region_rows(
        "'North',1.25\n\"\"\"South\"\"\",2.5\nEast.,3\n(West),0.75\n",
        false,
    );
    assert_fix(
        &d,
        HintKind::TextPunctuation,
        "strip_surrounding_punctuation",
    );
}

#[test]
fn several_problems_pass_only_together() {
    // An extra column, values at one decimal and shuffled case.
    let d = diagnose_region(
        "region,gdp,rank\nnorth,1.3,1\nSouth,2.5,2\nEast,3,3\nwest,0.8,4\n",
        false,
    );
    assert_eq!(code(&d), Some("column_count_mismatch"));
    assert_eq!(
        hint_names(&d),
        ["extra_columns", "lower_precision", "text_case"]
    );
    assert!(d.hints.iter().all(|h| !h.would_pass));
    assert_eq!(d.hints_combined_would_pass, Some(true));
    assert_summary_has(&d, "all of these changes together");
}

#[test]
fn type_failure_names_the_first_offending_cell() {
    let cfg = config(false, &["name:text", "value:dp1"]);
    let gold = "name,value\na,1.5\nb,2\nc,3\n";
    let d = diagnose(Some("name,value\na,1.5\nb,n/a\nc,three\n"), gold, &cfg);
    assert_eq!(code(&d), Some("type_normalization_failed"));
    let t = d.types.as_ref().unwrap();
    assert_eq!(t.columns[0].compatible, vec![0, 1]);
    assert!(t.columns[1].compatible.is_empty());
    assert_eq!(t.columns[1].incompatible_count, 2);
    // The mapped column comes first.
    let first = &t.columns[1].incompatible[0];
    assert_eq!(first.prediction_index, 1);
    assert_eq!((first.row, first.value.as_str()), (2, "n/a"));
    assert_eq!(first.reason, CellErrorKind::InvalidNumber);
    assert_eq!(first.bad_cells, 2);
    assert_eq!(t.columns[1].rule, "number (decimal_places 1, plain)");
    let u = t.unreadable.as_ref().unwrap();
    assert_eq!(u.gold_columns, vec![1]);
    assert!(u.readable_from.is_empty());
    assert_summary_has(&d, "\"n/a\"");
    assert_summary_has(&d, "cell_invalid_number");
}

#[test]
fn hall_violator_when_two_columns_compete_for_one() {
    let cfg = config(false, &["a:int", "b:int", "c:text"]);
    let gold = "a,b,c\n1,2,x\n";
    let d = diagnose(Some("a,b,c\n1,x,y\n"), gold, &cfg);
    assert_eq!(code(&d), Some("type_normalization_failed"));
    let u = d.types.as_ref().unwrap().unreadable.clone().unwrap();
    assert_eq!(u.gold_columns, vec![0, 1]);
    assert_eq!(u.readable_from, vec![0]);
    assert!(
        d.summary
            .contains("can only be read from 1 prediction column"),
        "{}",
        d.summary
    );
    // The example is the mapped column that does not read.
    let expected = "e.g. for 'b' prediction column 2 'c' row 1 is \"y\"";
    assert_summary_has(&d, expected);
}

#[test]
fn relation_mismatch_without_type_problems_has_no_unreadable_set() {
    let d = region_rows("North,1.25\nSouth,2.5\nEast,3\nWest,9\n", false);
    assert_eq!(code(&d), Some("relation_mismatch"));
    assert!(d.types.as_ref().unwrap().unreadable.is_none());
    let r = d.rows.as_ref().unwrap();
    assert_eq!(r.missing[0].row, 4);
    assert_eq!(r.missing[0].values, ["West", "0.75"]);
    assert_eq!(r.extra[0].values, ["West", "9"]);
    assert_summary_has(&d, "Values differ in one mapped column");
    assert!(d.hints.is_empty());
    assert_eq!(d.partial.columns.matched, 1);
}

#[test]
fn column_signature_compatibility_mode() {
    // Hand-made: headers, row order and column order ignored; numbers at two decimals;
    // datetimes to ISO; text stripped; nulls empty.
    let cfg = config(false, &["d:date", "n:dp2", "t:text"]);
    let gold = "d,n,t\n2024-01-02,1234.5,x\n2024-01-03,,y\n";
    let d = diagnose(
        Some("T,N,D\n y ,NaN,2024-01-03T00:00:00\nx,\"1,234.50\",2024-01-02\n"),
        gold,
        &cfg,
    );
    assert!(d.passed());
    let s = &d.partial.column_signature;
    assert_eq!(s.status, SignatureStatus::PerfectMatch);
    assert_eq!(s.score, 1.0);
    // Text case matters and rounding is to two decimals only.
    let d = diagnose(
        Some("d,n,t\n2024-01-02,1234.504,X\n2024-01-03,,y\n"),
        gold,
        &cfg,
    );
    let s = &d.partial.column_signature;
    assert_eq!(s.status, SignatureStatus::PartialMatch);
    assert_eq!(s.matched_columns, 2);
    assert_close(s.recall, 2.0 / 3.0);
    assert_close(s.penalty, 0.1 / 3.0);
    // Strict mode refuses thousands separators.
    let prepared = PreparedGold::new(gold.as_bytes(), &cfg).unwrap();
    let pred = "d,n,t\n2024-01-02,\"1,234.5\",x\n2024-01-03,,y\n";
    let strict = ExplainOptions {
        signature_strict: true,
        ..ExplainOptions::default()
    };
    let d = explain(Prediction::Csv(pred.as_bytes()), &prepared, &strict);
    assert_eq!(d.partial.column_signature.matched_columns, 2);
    assert!(d.partial.column_signature.strict);
}

#[test]
fn hints_can_be_turned_off_and_never_change_the_verdict() {
    let cfg = region_cfg(false);
    let prepared = PreparedGold::new(REGION_GOLD.as_bytes(), &cfg).unwrap();
    let pred = "region,gdp\nnorth,1.3\nSouth,2.5\nEast,3\nwest,0.8\n";
    let off = ExplainOptions {
        hints: false,
        ..ExplainOptions::default()
    };
    let with = explain(
        Prediction::Csv(pred.as_bytes()),
        &prepared,
        &ExplainOptions::default(),
    );
    let without = explain(Prediction::Csv(pred.as_bytes()), &prepared, &off);
    assert!(without.hints.is_empty());
    assert_eq!(with.hints_combined_would_pass, Some(true));
    assert_eq!(with.result, without.result);
    assert!(!with.result.passed);
}

#[test]
fn diagnosis_is_deterministic() {
    let cfg = config(false, &["a:int", "b:int", "c:int"]);
    let gold = "a,b,c\n1,1,1\n2,2,2\n3,3,3\n";
    let pred = "x,y,z\n1,1,1\n2,2,9\n3,3,3\n";
    let a = diagnose(Some(pred), gold, &cfg).to_json();
    let b = diagnose(Some(pred), gold, &cfg).to_json();
    assert_eq!(a, b);
}

#[test]
fn table_predictions_are_diagnosed_like_csv() {
    let cfg = region_cfg(false);
    let prepared = PreparedGold::new(REGION_GOLD.as_bytes(), &cfg).unwrap();
    let csv = "region,gdp\nNorth,1.3\nSouth,2.5\nEast,3\nWest,0.8\n";
    let table = read_table(csv.as_bytes()).unwrap();
    let a = explain(
        Prediction::Table(&table),
        &prepared,
        &ExplainOptions::default(),
    );
    let b = explain(
        Prediction::Csv(csv.as_bytes()),
        &prepared,
        &ExplainOptions::default(),
    );
    assert_eq!(a.to_json(), b.to_json());
}

/// The permutation-search worst case (`support::worst_case`) with its config.
fn worst_case(rows: usize, cols: usize) -> (String, String, TaskConfig) {
    let (pred, gold) = support::worst_case(rows, cols);
    let names: Vec<String> = (0..cols).map(|i| format!("c{i}:dp2")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    (pred, gold, config(false, &names))
}

#[test]
fn worst_case_diagnosis_is_small() {
    let (pred, gold, cfg) = worst_case(12_962, 8);
    let d = diagnose(Some(&pred), &gold, &cfg);
    assert_eq!(code(&d), Some("relation_mismatch"));
    let json = d.to_json();
    assert!(json.len() < 64 * 1024, "{} bytes", json.len());
    let r = d.rows.as_ref().unwrap();
    assert_eq!(
        (r.matched_rows, r.missing_count, r.extra_count),
        (12_961, 1, 1)
    );
    assert_eq!(r.missing[0].row, 12_962);
    // The mapping found is the reversal; only the damaged column differs.
    let m = d.mapping.as_ref().unwrap();
    for p in &m.pairs {
        assert_eq!(p.prediction_index, Some(7 - p.gold_index));
        assert_eq!(p.same_values, p.gold_index != 7);
    }
}

#[test]
fn wide_and_long_diagnoses_stay_bounded() {
    // 64 text columns of long values, every row wrong, an extra row, unreadable columns.
    let cols = 64;
    let rows = 300;
    let long = "x".repeat(500);
    let header: Vec<String> = (0..cols).map(|i| format!("h{i}{long}")).collect();
    let mut gold = header.join(",") + "\n";
    let mut pred = header.join(",") + "\n";
    for r in 0..rows {
        let g: Vec<String> = (0..cols).map(|c| format!("{r}-{c}-{long}")).collect();
        let p: Vec<String> = (0..cols).map(|c| format!("{c}-{r}-{long}")).collect();
        gold.push_str(&(g.join(",") + "\n"));
        pred.push_str(&(p.join(",") + "\n"));
    }
    pred.push_str(&(vec!["y"; cols].join(",") + "\n"));
    let names: Vec<String> = (0..cols).map(|i| format!("c{i}:text")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let d = diagnose(Some(&pred), &gold, &config(false, &names));
    assert_eq!(code(&d), Some("row_count_mismatch"));
    let json = d.to_json();
    assert!(json.len() < 64 * 1024, "{} bytes", json.len());
    assert_eq!(d.rows.as_ref().unwrap().missing.len(), 5);
    assert_eq!(d.rows.as_ref().unwrap().missing_count, rows);

    // 64 number columns where no prediction column reads: one offending cell per column.
    let names: Vec<String> = (0..cols).map(|i| format!("c{i}:dp2")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let gold_n = header.join(",") + "\n" + &vec!["1"; cols].join(",") + "\n";
    let pred_n = header.join(",") + "\n" + &vec![long.as_str(); cols].join(",") + "\n";
    let d = diagnose(Some(&pred_n), &gold_n, &config(false, &names));
    assert_eq!(code(&d), Some("type_normalization_failed"));
    let t = d.types.as_ref().unwrap();
    assert!(t
        .columns
        .iter()
        .all(|c| c.incompatible.len() == 1 && c.incompatible_count == 64));
    let json = d.to_json();
    assert!(json.len() < 64 * 1024, "{} bytes", json.len());
}

/// Random small tasks and perturbed predictions of every kind the diagnosis names: the
/// verdict stays evaluate's, nothing panics, the JSON parses and is deterministic.
#[test]
fn random_perturbations_keep_every_invariant() {
    let mut rng = Lcg(2024);
    let kinds = [
        "text", "int", "dp2", "sd3", "dp1%frac", "date", "datetime", "boolean",
    ];
    let mut hint_kinds = std::collections::BTreeSet::new();
    for case in 0..1500 {
        let d = 1 + (rng.next() % 4) as usize;
        let n = (rng.next() % 7) as usize;
        let types: Vec<&str> = (0..d)
            .map(|_| kinds[(rng.next() % kinds.len() as u64) as usize])
            .collect();
        let value = |rng: &mut Lcg, t: &str| -> String {
            let r = rng.next();
            match t {
                "text" => ["North", "south", "East", "", "a,b", "West"][(r % 6) as usize].into(),
                "int" => format!("{}", r % 5),
                "dp2" | "sd3" => format!("{}.{}", r % 50, r % 1000),
                "dp1%frac" => format!("0.{}", r % 100),
                "date" => format!("2024-01-{:02}", 1 + r % 28),
                "datetime" => format!(
                    "2024-01-02T{:02}:30:00{}",
                    r % 24,
                    if r.is_multiple_of(3) { "Z" } else { "" }
                ),
                _ => ["true", "no", "1", "N"][(r % 4) as usize].into(),
            }
        };
        let gold_rows: Vec<Vec<String>> = (0..n)
            .map(|_| types.iter().map(|t| value(&mut rng, t)).collect())
            .collect();
        let specs: Vec<String> = types
            .iter()
            .enumerate()
            .map(|(i, t)| format!("c{i}:{t}"))
            .collect();
        let specs: Vec<&str> = specs.iter().map(String::as_str).collect();
        let cfg = config(rng.next().is_multiple_of(2), &specs);
        let write = |header: &[String], rows: &[Vec<String>]| -> String {
            let quote = |c: &String| {
                if c.contains(',') || c.is_empty() {
                    format!("\"{c}\"")
                } else {
                    c.clone()
                }
            };
            let mut s = header.join(",") + "\n";
            for r in rows {
                s.push_str(&r.iter().map(quote).collect::<Vec<_>>().join(","));
                s.push('\n');
            }
            s
        };
        let header: Vec<String> = (0..d).map(|i| format!("h{i}")).collect();
        let gold = write(&header, &gold_rows);
        // Perturb a copy.
        let mut rows = gold_rows.clone();
        let mut head = header.clone();
        let perturbation = rng.next() % 12;
        match perturbation {
            0 => rows.reverse(),
            1 => {
                for r in rows.iter_mut() {
                    r.reverse();
                }
                head.reverse();
            }
            2 if d > 1 => {
                for r in rows.iter_mut() {
                    r.pop();
                }
                head.pop();
            }
            3 => {
                for r in rows.iter_mut() {
                    r.push("x".into());
                }
                head.push("extra".into());
            }
            4 if n > 0 => rows.push(rows[0].clone()),
            5 if n > 0 => {
                rows.pop();
            }
            6 => {
                for r in rows.iter_mut() {
                    for c in r.iter_mut() {
                        *c = c.to_uppercase();
                    }
                }
            }
            7 => {
                for r in rows.iter_mut() {
                    for c in r.iter_mut() {
                        if let Some((a, b)) = c.split_once('.') {
                            *c = format!("{a}.{}", &b[..b.len().min(1)]);
                        }
                    }
                }
            }
            8 => {
                for r in rows.iter_mut() {
                    for c in r.iter_mut() {
                        if c.starts_with("2024") && c.len() == 10 {
                            c.push_str(" 05:00");
                        } else if c.ends_with('Z') {
                            c.pop();
                        }
                    }
                }
            }
            9 if n > 0 => {
                let r = (rng.next() % n as u64) as usize;
                let k = (rng.next() % d as u64) as usize;
                rows[r][k] = format!("{}%", rows[r][k]);
            }
            10 => {
                for r in rows.iter_mut() {
                    for c in r.iter_mut() {
                        *c = format!("'{c}'");
                    }
                }
            }
            _ => {}
        }
        let mut pred = write(&head, &rows);
        if case % 97 == 0 {
            pred.push('\n'); // a trailing blank line: not rectangular
        }
        let pred_opt = (case % 113 != 0).then_some(pred.as_str());
        let first = diagnose(pred_opt, &gold, &cfg);
        let again = diagnose(pred_opt, &gold, &cfg);
        assert_eq!(
            first.to_json(),
            again.to_json(),
            "case {case} is not deterministic"
        );
        for h in &first.hints {
            hint_kinds.insert(h.kind.code());
        }
    }
    // The perturbations reach most hints.
    for kind in [
        "extra_columns",
        "lower_precision",
        "text_case",
        "text_punctuation",
        "row_order",
    ] {
        assert!(
            hint_kinds.contains(kind),
            "{kind} never fired: {hint_kinds:?}"
        );
    }
}
