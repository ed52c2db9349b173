//! [`crate::hashed_pass`] against the interning path it lets a large passing task skip.

use super::PreparedGold;
use crate::config::TaskConfig;
use crate::csv::Table;
use crate::hashed_pass::{Backoff, GoldHashes, FROM_ROWS};
use crate::matching::MatchOutcome;
use crate::TaskErrorCode::TypeNormalizationFailed;

/// Column types and, for each, raw spellings grouped by canonical value (spellings in one
/// group read alike under that type), with Unicode beyond ASCII, nulls and cells that do
/// not read under the other types.
const TYPES: [(&str, &[&[&str]]); 4] = [
    (
        r#""type": "number", "comparison": {"mode": "decimal_places", "digits": 2}"#,
        &[
            &["1", "1.0", " 1.00 ", "1.001"],
            &["-2.5", "-2.50"],
            &["١٢", "12"],
            &["", "nan", "None"],
            &["1e3", "1000"],
        ],
    ),
    (
        r#""type": "text""#,
        &[
            &["a", " a ", "a\u{3000}"],
            &["é", "e\u{301}"],
            &["𝔘", " 𝔘"],
            &["", " "],
            &["1"],
            &["\u{10FFFF}x"],
        ],
    ),
    (
        r#""type": "date""#,
        &[
            &["2024-01-05", "2024-01-05T00:00:00", " 2024-01-05 "],
            &["1999-12-31"],
            &["", "NaT"],
        ],
    ),
    (
        r#""type": "boolean""#,
        &[&["true", "True", "yes", "1"], &["no", "0", "否"], &[""]],
    ),
];

/// A small random generator (no dependency), seeded per case.
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}

fn csv(rows: &[Vec<String>]) -> Vec<u8> {
    csv_quoting(rows, true)
}

/// `rows` as CSV, every cell quoted or (`all` false) only those that need it: the readers
/// store the two apart.
fn csv_quoting(rows: &[Vec<String>], all: bool) -> Vec<u8> {
    let quote = |c: &String| {
        let needs = c.is_empty() || c.contains([',', '"', '\r', '\n']);
        if all || needs {
            format!("\"{}\"", c.replace('"', "\"\""))
        } else {
            c.clone()
        }
    };
    let lines: Vec<String> = rows
        .iter()
        .map(|r| r.iter().map(quote).collect::<Vec<_>>().join(","))
        .collect();
    (lines.join("\n") + "\n").into_bytes()
}

/// One random task: the gold, a prediction (rows shuffled, columns permuted, spellings
/// varied, sometimes a value changed or two cells of a column exchanged) and the config.
fn case(seed: u64, rows: usize) -> (Table, Table, TaskConfig) {
    let mut rng = Rng(seed);
    // Now and then a wide table: its columns are hashed in parts, a pass over the rows each.
    let d = if seed % 16 == 15 {
        17 + rng.below(24)
    } else {
        1 + rng.below(4)
    };
    let types: Vec<usize> = (0..d).map(|_| rng.below(TYPES.len())).collect();
    let groups: Vec<usize> = (0..d)
        .map(|j| 1 + rng.below(TYPES[types[j]].1.len()))
        .collect();
    let mut values: Vec<Vec<usize>> = (0..rows)
        .map(|_| (0..d).map(|j| rng.below(groups[j])).collect())
        .collect();
    let spell = |rng: &mut Rng, j: usize, v: usize| {
        let spellings = TYPES[types[j]].1[v];
        spellings[rng.below(spellings.len())].to_string()
    };
    let header = |name: &str| (0..d).map(|j| format!("{name}{j}")).collect::<Vec<_>>();
    let mut gold = vec![header("g")];
    for row in &values {
        gold.push((0..d).map(|j| spell(&mut rng, j, row[j])).collect());
    }
    match rng.below(4) {
        0 if rows > 0 => {
            let (r, j) = (rng.below(rows), rng.below(d));
            values[r][j] = rng.below(TYPES[types[j]].1.len());
        }
        1 if rows > 1 => {
            let (a, b, j) = (rng.below(rows), rng.below(rows), rng.below(d));
            let v = values[a][j];
            values[a][j] = values[b][j];
            values[b][j] = v;
        }
        _ => {}
    }
    let order: Vec<usize> = {
        let mut o: Vec<usize> = (0..rows).collect();
        for i in (1..rows).rev() {
            o.swap(i, rng.below(i + 1));
        }
        o
    };
    let mut columns: Vec<usize> = (0..d).collect();
    for i in (1..d).rev() {
        columns.swap(i, rng.below(i + 1));
    }
    let mut prediction = vec![header("p")];
    for &r in &order {
        prediction.push(
            columns
                .iter()
                .map(|&j| spell(&mut rng, j, values[r][j]))
                .collect(),
        );
    }
    let specs: Vec<String> = (0..d)
        .map(|j| {
            format!(
                r#"{{"gold_index": {j}, "gold_name": "g{j}", {}}}"#,
                TYPES[types[j]].0
            )
        })
        .collect();
    let config = format!(
        r#"{{"schema_version": "1.0", "task_id": "task_1", "order_sensitive": false, "columns": [{}]}}"#,
        specs.join(", ")
    );
    let config = TaskConfig::from_json(config.as_bytes(), None).expect("config");
    let read = |rows: &[Vec<String>]| crate::csv::read_table(&csv(rows)).expect("csv");
    (read(&gold), read(&prediction), config)
}

/// What hashing proves is what the interning path finds, record for record; and it proves
/// most passes and most failures.
#[test]
fn agrees_with_the_interning_path() {
    let (mut passed, mut proven) = (0, 0);
    let (mut failed, mut proven_failed, mut unreadable) = (0, 0, 0);
    for seed in 0..4000u64 {
        let (gold, mut prediction, config) = case(seed, (seed % 40) as usize);
        if seed % 5 == 0 && prediction.row_count() > 0 {
            // A cell no type but text reads.
            let mut rows = table_rows(&prediction);
            let (r, k) = (
                1 + (seed as usize / 5) % (rows.len() - 1),
                seed as usize % rows[0].len(),
            );
            rows[r][k] = "no number, date or boolean".into();
            prediction = crate::csv::read_table(&csv(&rows)).expect("csv");
        }
        let Ok(interning) = PreparedGold::from_table(gold.clone(), &config) else {
            continue;
        };
        let interned = interning.interning_only().evaluate_table(&prediction);
        let hashed = GoldHashes::new(&gold, &config, &crate::parallel::InTurn)
            .and_then(|h| h.outcome(&gold, &prediction, &crate::parallel::InTurn));
        if let Some(outcome) = hashed {
            let rows = (gold.row_count(), prediction.row_count());
            let record = super::outcome_record(&config, rows.0, rows.1, outcome);
            assert_eq!(record, interned, "seed {seed}");
            proven += usize::from(record.passed);
            proven_failed += usize::from(!record.passed);
            unreadable += usize::from(record.error_code == Some(TypeNormalizationFailed));
        }
        passed += usize::from(interned.passed);
        failed += usize::from(!interned.passed);
    }
    // Most passing cases have distinct column multisets; a fast path that never decides
    // would be no fast path. Failures of both kinds are proven.
    assert!(passed > 1000 && proven * 2 > passed, "{proven} of {passed}");
    assert!(
        failed > 500 && proven_failed * 2 > failed,
        "{proven_failed} of {failed}"
    );
    assert!(unreadable > 20, "{unreadable}");
}

/// Through the public entry points, above the row count from which a task is tried here:
/// passes, a prediction whose columns keep their values but not their rows, and a cell
/// that does not read.
#[test]
fn large_tasks_keep_their_verdicts() {
    let rows = FROM_ROWS + 17;
    let (mut decided, mut tried) = (0, 0);
    for seed in 0..12u64 {
        let (gold, prediction, config) = case(seed * 7919, rows);
        let gold_csv = csv(&table_rows(&gold));
        let mut pred_rows = table_rows(&prediction);
        let interning = PreparedGold::from_table(gold.clone(), &config).expect("gold");
        let expected = interning.interning_only().evaluate_table(&prediction);
        let pred_csv = csv(&pred_rows);
        let got = crate::evaluate_task(crate::Prediction::Csv(&pred_csv), &gold_csv, &config)
            .expect("gold");
        assert_eq!(got, expected, "seed {seed}");
        // The same with the task's parts (columns, sorts, halves of the rows) on threads.
        let threaded = super::evaluate_task_in(
            crate::Prediction::Csv(&pred_csv),
            &gold_csv,
            &config,
            &Threads,
        );
        assert_eq!(threaded.expect("gold"), expected, "seed {seed}");
        let prepared = PreparedGold::from_table(gold.clone(), &config).expect("gold");
        let twice =
            [0, 1].map(|_| prepared.evaluate_in(crate::Prediction::Table(&prediction), &Threads));
        assert_eq!(twice, [expected.clone(), expected.clone()], "seed {seed}");
        let hashes = GoldHashes::new(&gold, &config, &crate::parallel::InTurn).expect("reads");
        let proven = hashes.outcome(&gold, &prediction, &crate::parallel::InTurn);
        if let Some(outcome) = proven.clone() {
            let record = super::outcome_record(&config, rows, rows, outcome);
            assert_eq!(record, expected, "seed {seed}");
        }
        let on_threads = GoldHashes::new(&gold, &config, &Threads).expect("reads");
        assert_eq!(on_threads.outcome(&gold, &prediction, &Threads), proven);
        decided += usize::from(proven.is_some());
        tried += usize::from(crate::hashed_pass::worth_trying(&config, &gold));
        if seed == 1 {
            // A column none of whose values the gold has: every read stops early, none
            // passes, and the reads cut short are finished to say why.
            let mut wrong = pred_rows.clone();
            for row in wrong.iter_mut().skip(1) {
                row[0] = format!("{}-not-in-the-gold", row[0]);
            }
            let wrong = crate::csv::read_table(&csv(&wrong)).expect("csv");
            let interning = PreparedGold::from_table(gold.clone(), &config).expect("gold");
            let expected = interning.interning_only().evaluate_table(&wrong);
            let outcome = hashes.outcome(&gold, &wrong, &Threads).expect("proven");
            let record = super::outcome_record(&config, rows, rows, outcome);
            assert_eq!(record, expected);
            assert_eq!(prepared.evaluate_table(&wrong), expected);
            assert!(!expected.passed);
        }
        if seed == 0 {
            pred_rows[5][0] = "not a value of any type: {}".into();
            let again =
                crate::evaluate_task(crate::Prediction::Csv(&csv(&pred_rows)), &gold_csv, &config)
                    .expect("gold");
            assert!(!again.passed);
        }
    }
    assert!(decided >= 8, "{decided}");
    // Through the entry points too, most large cases are tried by the hashed pass first.
    assert!(tried >= 8, "{tried}");
}

/// A prediction holding the gold's rows as they are written (shuffled, its columns in the
/// gold's order) passes as it stands, with the identity mapping (the official's first),
/// however either file quotes its cells; a cell spelled otherwise is left to the canonical
/// hashes, which still prove the pass; a gold that does not read is refused all the same.
#[test]
fn a_prediction_as_it_stands() {
    for seed in 0..24u64 {
        let (gold, _, config) = case(seed * 31 + 5, FROM_ROWS + 3 + seed as usize);
        let d = gold.column_count();
        let mut rng = Rng(seed);
        let mut rows = table_rows(&gold);
        for i in (2..rows.len()).rev() {
            let j = 1 + rng.below(i);
            rows.swap(i, j);
        }
        let hashes = GoldHashes::new(&gold, &config, &crate::parallel::InTurn).expect("reads");
        for (gold_all, prediction_all) in [(false, false), (false, true), (true, false)] {
            let gold_csv = csv_quoting(&table_rows(&gold), gold_all);
            let pred_csv = csv_quoting(&rows, prediction_all);
            let prediction = crate::csv::read_table(&pred_csv).expect("csv");
            let interning = PreparedGold::from_table(gold.clone(), &config).expect("gold");
            let expected = interning.interning_only().evaluate_table(&prediction);
            let got = crate::evaluate_task(crate::Prediction::Csv(&pred_csv), &gold_csv, &config);
            assert_eq!(got.expect("gold"), expected, "seed {seed}");
            let identity: Vec<usize> = (0..d).collect();
            let outcome = hashes.outcome(&gold, &prediction, &Threads);
            assert_eq!(outcome, Some(MatchOutcome::Passed(identity)), "seed {seed}");
            assert!(expected.passed, "seed {seed}");
        }
        // Another spelling of a value (where its type has one): not the gold's raw rows.
        let (cell, spellings) = (0..d)
            .flat_map(|j| (1..rows.len()).map(move |r| (r, j)))
            .find_map(|(r, j)| {
                let group = (TYPES.iter().flat_map(|t| t.1.iter()))
                    .find(|g| g.contains(&rows[r][j].as_str()) && g.len() > 1)?;
                Some(((r, j), *group))
            })
            .unwrap_or(((0, 0), &[]));
        if let Some(other) = spellings.iter().find(|s| **s != rows[cell.0][cell.1]) {
            let mut respelled = rows.clone();
            respelled[cell.0][cell.1] = other.to_string();
            let pred_csv = csv(&respelled);
            let prediction = crate::csv::read_table(&pred_csv).expect("csv");
            let interning = PreparedGold::from_table(gold.clone(), &config).expect("gold");
            let expected = interning.interning_only().evaluate_table(&prediction);
            let got = crate::evaluate_task(
                crate::Prediction::Csv(&pred_csv),
                &gold_csv_of(&gold),
                &config,
            );
            assert_eq!(got.expect("gold"), expected, "seed {seed}");
        }
        // A gold cell that reads under no rule but text, in both files: the gold is refused.
        if let Some(j) =
            (0..d).find(|&j| !matches!(config.columns[j].rule(), crate::config::Rule::Text))
        {
            let mut broken = table_rows(&gold);
            broken[1][j] = "read by no rule but text".into();
            let row = broken[1].clone();
            let mut predicted = broken.clone();
            predicted.swap(1, 2);
            let (gold_csv, pred_csv) =
                (csv_quoting(&broken, false), csv_quoting(&predicted, false));
            let refused = PreparedGold::new(&gold_csv, &config)
                .map(|_| ())
                .expect_err("refused");
            let got = crate::evaluate_task(crate::Prediction::Csv(&pred_csv), &gold_csv, &config);
            assert_eq!(got.map(|_| ()), Err(refused), "seed {seed} {row:?}");
        }
    }
}

/// Two gold columns holding the same values leave the column hashes several mappings (they
/// decide nothing); the prediction as it stands still passes, with the identity mapping.
#[test]
fn equal_columns_pass_as_they_stand() {
    let config = TaskConfig::from_json(
        br#"{"schema_version": "1.0", "task_id": "task_1", "order_sensitive": false, "columns": [
        {"gold_index": 0, "gold_name": "a", "type": "text"},
        {"gold_index": 1, "gold_name": "b", "type": "text"},
        {"gold_index": 2, "gold_name": "n", "type": "number", "comparison": {"mode": "integer"}}]}"#,
        None,
    )
    .expect("config");
    let mut rows = vec![vec!["a".to_string(), "b".into(), "n".into()]];
    rows.extend((0..FROM_ROWS as u64).map(|i| {
        let v = format!("value {}", i * 7 % 1000);
        vec![v.clone(), v, (i % 50).to_string()]
    }));
    let gold = crate::csv::read_table(&csv_quoting(&rows, false)).expect("csv");
    rows[1..].reverse();
    let prediction = crate::csv::read_table(&csv_quoting(&rows, false)).expect("csv");
    let hashes = GoldHashes::new(&gold, &config, &Threads).expect("reads");
    let outcome = hashes.outcome(&gold, &prediction, &Threads);
    assert_eq!(outcome, Some(MatchOutcome::Passed(vec![0, 1, 2])));
    let interning = PreparedGold::from_table(gold.clone(), &config).expect("gold");
    let expected = interning.interning_only().evaluate_table(&prediction);
    let record = super::outcome_record(&config, FROM_ROWS, FROM_ROWS, outcome.expect("decided"));
    assert_eq!(record, expected);
    // Two values of a column exchanged (each value of `a` has one `n`): not as it stands, and
    // the column hashes leave it undecided.
    let (n7, n8) = (rows[7][2].clone(), rows[8][2].clone());
    assert_ne!(n7, n8);
    (rows[7][2], rows[8][2]) = (n8, n7);
    let changed = crate::csv::read_table(&csv_quoting(&rows, false)).expect("csv");
    assert_eq!(hashes.outcome(&gold, &changed, &Threads), None);
}

fn gold_csv_of(gold: &Table) -> Vec<u8> {
    csv_quoting(&table_rows(gold), false)
}

/// One-shot tasks large enough that a thread keeps their tables for the next: each task, read
/// into the buffers the one before left, keeps its record (passing, failing, other shapes).
#[test]
fn kept_tables_read_the_next_task_afresh() {
    let (mut large, mut passed) = (0, 0);
    for seed in [3u64, 11, 5, 8, 13, 21] {
        let (gold, prediction, config) = case(seed * 104_729, 60_000);
        let (gold_csv, pred_csv) = (csv(&table_rows(&gold)), csv(&table_rows(&prediction)));
        large += usize::from(gold_csv.len() + pred_csv.len() >= super::spare::FROM_BYTES);
        let interning = PreparedGold::from_table(gold.clone(), &config).expect("gold");
        let expected = interning.interning_only().evaluate_table(&prediction);
        passed += usize::from(expected.passed);
        for _ in 0..2 {
            let got = crate::evaluate_task(crate::Prediction::Csv(&pred_csv), &gold_csv, &config);
            assert_eq!(got.expect("gold"), expected, "seed {seed}");
        }
    }
    assert!(large >= 4 && (1..6).contains(&passed), "{large} {passed}");
}

/// Predictions that keep failing are tried at 0, 2, 6, 14, ... (after 1, 3, 7 skipped); a pass
/// starts over.
#[test]
fn a_gold_backs_off_after_failed_attempts() {
    let backoff = Backoff::default();
    let tried: Vec<usize> = (0..40)
        .filter(|_| {
            let now = backoff.try_now();
            if now {
                backoff.record(false);
            }
            now
        })
        .collect();
    assert_eq!(tried, [0, 2, 6, 14, 30]);
    assert!(!backoff.try_now());
    backoff.record(true);
    assert!(backoff.try_now() && backoff.try_now());
    let copy = backoff.clone();
    copy.record(false);
    assert!(!copy.try_now() && backoff.try_now());
}

/// Every part on a thread of its own, however small, in reverse order (no result may depend on
/// the order parts run in).
struct Threads;

impl crate::parallel::Parallel for Threads {
    fn run(&self, parts: &mut [&mut (dyn FnMut() + Send)]) {
        std::thread::scope(|s| {
            for part in parts.iter_mut().rev() {
                s.spawn(part);
            }
        });
    }

    fn worth_from_bytes(&self) -> usize {
        0
    }
}

fn table_rows(table: &Table) -> Vec<Vec<String>> {
    let mut rows = vec![table.headers().to_vec()];
    rows.extend((0..table.row_count()).map(|r| table.row(r).map(str::to_string).collect()));
    rows
}
