//! Metamorphic properties built on the TrustDABench perturbation operators.
//!
//! Starting from a prediction that is an exact copy of a random gold (so it passes), operators
//! that keep every cell's meaning must keep the verdict: row shuffles (unordered tasks), column
//! shuffles with renamed headers, and equivalent re-encodings of values (thousands separators,
//! percent strings under `fraction`, other-script digits, boolean synonyms, midnight datetimes
//! in date columns, offsets, surrounding whitespace, NFC/NFD, `\r\n` in text, null tokens).
//! Operators that change the answer must fail it: one non-null cell changed to a non-equivalent
//! value, a row dropped or duplicated, two cells of one column swapped across rows (when that
//! really changes the rows up to column order).
//!
//! Cases per property: `PROPTEST_CASES` (default 1024; about a second for the whole file).

#[path = "../examples/support/mod.rs"]
mod support;

use proptest::prelude::*;
use proptest::sample::Index;
use tabeq::canon::{canonicalize, Canonical};
use tabeq::config::{ColumnSpec, Comparison, NumericUnit, Rule, TaskConfig};
use tabeq::error::TaskErrorCode;
use tabeq::{evaluate_task, Prediction, TaskResult};
use unicode_normalization::UnicodeNormalization;

/// Column kinds: a rule plus the values generated for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Text,
    Integer,
    /// decimal_places 2, unit fraction, `%` allowed.
    Fraction2,
    /// significant_digits 3, unit percentage_points, `%` allowed.
    Points3,
    Date,
    NaiveDatetime,
    UtcDatetime,
    Boolean,
}

const KINDS: [Kind; 8] = [
    Kind::Text,
    Kind::Integer,
    Kind::Fraction2,
    Kind::Points3,
    Kind::Date,
    Kind::NaiveDatetime,
    Kind::UtcDatetime,
    Kind::Boolean,
];

impl Kind {
    fn rule(self) -> Rule {
        let number = |comparison, unit| Rule::Number {
            comparison,
            unit,
            allow_percent_sign: unit != NumericUnit::Plain,
        };
        match self {
            Kind::Text => Rule::Text,
            Kind::Integer => number(Comparison::Integer, NumericUnit::Plain),
            Kind::Fraction2 => number(Comparison::DecimalPlaces(2), NumericUnit::Fraction),
            Kind::Points3 => number(
                Comparison::SignificantDigits(3),
                NumericUnit::PercentagePoints,
            ),
            Kind::Date => Rule::Date,
            Kind::NaiveDatetime | Kind::UtcDatetime => Rule::Datetime,
            Kind::Boolean => Rule::Boolean,
        }
    }

    fn spec(self, index: usize) -> ColumnSpec {
        support::column_spec(index, format!("g{index}"), self.rule())
    }

    /// The value with this pool index (small pools, so rows and columns repeat).
    fn value(self, i: usize) -> Value {
        const TEXT: [&str; 12] = [
            "a",
            "b",
            "Alice",
            "Émile",
            "naïve café",
            "北京",
            "Straße",
            "x, y",
            "say \"hi\"",
            "two\nlines",
            "1",
            "",
        ];
        // (mantissa, scale): mantissa × 10^-scale.
        const INTEGERS: [(i64, u32); 7] = [
            (0, 0),
            (7, 0),
            (-12, 0),
            (1234, 0),
            (1_234_567, 0),
            (42, 0),
            (90, 0),
        ];
        const CENTS: [(i64, u32); 7] = [
            (0, 2),
            (5, 2),
            (1250, 2),
            (-999, 2),
            (123_456_789, 2),
            (100, 2),
            (33, 2),
        ];
        const DECIMALS: [(i64, u32); 7] = [
            (123, 2),
            (12300, 0),
            (456, 6),
            (-7, 0),
            (987, 1),
            (1_000_000, 0),
            (25, 1),
        ];
        const DAYS: [(u32, u32, u32); 6] = [
            (2024, 1, 2),
            (2024, 2, 28),
            (1999, 12, 31),
            (2000, 2, 29),
            (2024, 1, 3),
            (1970, 6, 15),
        ];
        const TIMES: [(u32, u32, u32); 4] = [(0, 0, 0), (10, 11, 12), (23, 59, 59), (12, 30, 0)];
        let null_every = |n: usize| i % n == n - 1;
        match self {
            Kind::Text => Value::Text(TEXT[i % TEXT.len()]),
            Kind::Integer | Kind::Fraction2 | Kind::Points3 if null_every(8) => Value::Null,
            Kind::Integer => Value::Number(INTEGERS[i % 7]),
            Kind::Fraction2 => Value::Number(CENTS[i % 7]),
            Kind::Points3 => Value::Number(DECIMALS[i % 7]),
            Kind::Date if null_every(7) => Value::Null,
            Kind::Date => Value::Date(DAYS[i % 6]),
            Kind::NaiveDatetime | Kind::UtcDatetime => Value::Datetime {
                day: DAYS[i % 6],
                time: TIMES[(i / 6) % 4],
                utc: self == Kind::UtcDatetime,
            },
            Kind::Boolean if null_every(5) => Value::Null,
            Kind::Boolean => Value::Boolean(i.is_multiple_of(2)),
        }
    }
}

/// An abstract cell value; `encodings` lists texts that all mean it under its column's rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Value {
    Null,
    Text(&'static str),
    Number((i64, u32)),
    Date((u32, u32, u32)),
    Datetime {
        day: (u32, u32, u32),
        time: (u32, u32, u32),
        utc: bool,
    },
    Boolean(bool),
}

fn plain_number(mantissa: i64, scale: u32) -> String {
    let digits = mantissa.unsigned_abs().to_string();
    let sign = if mantissa < 0 { "-" } else { "" };
    if scale == 0 {
        return format!("{sign}{digits}");
    }
    let padded = format!("{digits:0>width$}", width = scale as usize + 1);
    let (int, frac) = padded.split_at(padded.len() - scale as usize);
    format!("{sign}{int}.{frac}")
}

fn with_thousands(text: &str) -> Option<String> {
    let (sign, rest) = match text.strip_prefix('-') {
        Some(r) => ("-", r),
        None => ("", text),
    };
    let (int, frac) = rest
        .split_once('.')
        .map_or((rest, None), |(i, f)| (i, Some(f)));
    if int.len() < 4 {
        return None;
    }
    let mut grouped = String::new();
    for (i, c) in int.chars().enumerate() {
        if i > 0 && (int.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(c);
    }
    Some(match frac {
        Some(f) => format!("{sign}{grouped}.{f}"),
        None => format!("{sign}{grouped}"),
    })
}

/// ASCII digits replaced by digits of another script (Unicode category Nd).
fn other_script_digits(text: &str, zero: char) -> String {
    text.chars()
        .map(|c| match c.to_digit(10) {
            Some(d) if c.is_ascii_digit() => char::from_u32(zero as u32 + d).unwrap_or(c),
            _ => c,
        })
        .collect()
}

impl Value {
    /// The plain, canonical-looking text.
    fn raw(&self) -> String {
        self.encodings(Kind::Text)[0].clone()
    }

    /// Texts equivalent to this value in a column of `kind` (the first is the plain one).
    fn encodings(&self, kind: Kind) -> Vec<String> {
        match *self {
            Value::Null => ["", "null", "NaN", "None", "<NA>", "NaT", "nan"]
                .map(String::from)
                .to_vec(),
            Value::Text(t) => {
                let mut v = vec![t.to_string(), t.nfd().collect(), format!(" {t}\u{3000}")];
                if t.contains('\n') {
                    v.push(t.replace('\n', "\r\n"));
                }
                v
            }
            Value::Number((m, s)) => {
                let plain = plain_number(m, s);
                let mut v = vec![
                    plain.clone(),
                    format!("{plain}{}", if s == 0 { ".00" } else { "00" }),
                    format!("{m}e-{s}"),
                    format!("{m}E{}", -(s as i64)),
                    other_script_digits(&plain, '\u{FF10}'),
                    other_script_digits(&plain, '\u{0660}'),
                ];
                if m >= 0 {
                    v.push(format!("+{plain}"));
                }
                v.extend(with_thousands(&plain));
                match kind {
                    // Under `fraction`, "x%" means x / 100.
                    Kind::Fraction2 => {
                        v.push(format!("{}%", plain_number(m, s.saturating_sub(2))));
                        v.push(format!("{} %", plain_number(m * 100, s)));
                    }
                    Kind::Points3 => v.push(format!("{plain}%")),
                    _ => {}
                }
                v
            }
            Value::Date((y, m, d)) => {
                let day = format!("{y:04}-{m:02}-{d:02}");
                let mut v = vec![
                    day.clone(),
                    format!("{day}T00:00:00"),
                    format!("{day} 00:00"),
                    format!("{day}T00:00:00Z"),
                    format!("{day}T00:00:00+00:00"),
                    format!("{day}T00:00:00.000"),
                    format!("{y:04}{m:02}{d:02}"),
                ];
                if d > 1 {
                    // 22:00 at UTC-2 on the day before is midnight UTC.
                    v.push(format!("{y:04}-{m:02}-{:02}T22:00:00-02:00", d - 1));
                }
                v
            }
            Value::Datetime {
                day: (y, mo, d),
                time: (h, mi, s),
                utc,
            } => {
                let day = format!("{y:04}-{mo:02}-{d:02}");
                let time = format!("{h:02}:{mi:02}:{s:02}");
                if utc {
                    let mut v = vec![
                        format!("{day}T{time}Z"),
                        format!("{day}T{time}+00:00"),
                        format!("{day} {time}.000000Z"),
                        format!("{day}T{h:02}{mi:02}{s:02}+0000"),
                    ];
                    if h < 23 {
                        v.push(format!("{day}T{:02}:{mi:02}:{s:02}+01:00", h + 1));
                    }
                    v
                } else {
                    let mut v = vec![
                        format!("{day}T{time}"),
                        format!("{day} {time}"),
                        format!("{day}T{time}.000000"),
                        format!("{day}T{h:02}{mi:02}{s:02}"),
                    ];
                    if s == 0 {
                        v.push(format!("{day}T{h:02}:{mi:02}"));
                    }
                    v
                }
            }
            Value::Boolean(b) => {
                let words: &[&str] = if b {
                    &["true", "True", "TRUE", "yes", "Y", "1", "是", "YEſ"]
                } else {
                    &["false", "False", "NO", "n", "0", "否"]
                };
                words.iter().map(|w| w.to_string()).collect()
            }
        }
    }

    /// A value that is not equivalent under `kind`'s rule (for non-null values).
    fn changed(&self) -> Option<Value> {
        Some(match *self {
            Value::Null | Value::Text("") => return None,
            Value::Text(t) => Value::Text(if t == "a" { "b" } else { "a" }),
            Value::Number((0, s)) => Value::Number((1, s)),
            Value::Number((m, s)) => Value::Number((m * 2, s)),
            Value::Date((y, m, d)) => Value::Date((y, m, if d < 28 { d + 1 } else { d - 1 })),
            Value::Datetime {
                day,
                time: (h, mi, s),
                utc,
            } => Value::Datetime {
                day,
                time: (h, mi, if s < 59 { s + 1 } else { s - 1 }),
                utc,
            },
            Value::Boolean(b) => Value::Boolean(!b),
        })
    }
}

/// A random task: column kinds and rows of values. Its gold is the plain encoding.
#[derive(Debug, Clone)]
struct Task {
    kinds: Vec<Kind>,
    rows: Vec<Vec<Value>>,
    order_sensitive: bool,
}

fn csv(header: &[String], rows: &[Vec<String>]) -> Vec<u8> {
    let mut out = String::new();
    for row in std::iter::once(header).chain(rows.iter().map(Vec::as_slice)) {
        let cells: Vec<String> = row
            .iter()
            .map(|c| format!("\"{}\"", c.replace('"', "\"\"")))
            .collect();
        out.push_str(&cells.join(","));
        out.push('\n');
    }
    out.into_bytes()
}

/// A task's rows with one cell changed: its column, its raw text before and after, the rows.
struct OneCellChanged {
    column: usize,
    before: String,
    after: String,
    rows: Vec<Vec<String>>,
}

impl Task {
    fn config(&self) -> TaskConfig {
        TaskConfig {
            task_id: "task_1".into(),
            order_sensitive: self.order_sensitive,
            columns: self
                .kinds
                .iter()
                .enumerate()
                .map(|(i, k)| k.spec(i))
                .collect(),
        }
    }

    fn gold(&self) -> Vec<u8> {
        let header: Vec<String> = (0..self.kinds.len()).map(|j| format!("g{j}")).collect();
        csv(&header, &self.plain_rows())
    }

    fn plain_rows(&self) -> Vec<Vec<String>> {
        self.rows
            .iter()
            .map(|r| r.iter().map(Value::raw).collect())
            .collect()
    }

    /// The plain rows with `f` applied to every cell.
    fn plain_rows_mapped(&self, f: impl Fn(&str) -> String) -> Vec<Vec<String>> {
        self.rows
            .iter()
            .map(|r| r.iter().map(|v| f(&v.raw())).collect())
            .collect()
    }

    /// The plain rows with the cell at (`row`, `column`) changed by `Value::changed`; a null
    /// cell, which has no change, rejects the case.
    fn with_one_cell_changed(
        &self,
        (row, column): (Index, Index),
    ) -> Result<OneCellChanged, TestCaseError> {
        let (r, c) = (row.index(self.rows.len()), column.index(self.kinds.len()));
        let Some(changed) = self.rows[r][c].changed() else {
            return Err(TestCaseError::reject("null cell"));
        };
        let mut rows = self.plain_rows();
        rows[r][c] = changed.raw();
        Ok(OneCellChanged {
            column: c,
            before: self.rows[r][c].raw(),
            after: changed.raw(),
            rows,
        })
    }

    fn evaluate(&self, prediction: &[u8]) -> TaskResult {
        evaluate_task(Prediction::Csv(prediction), &self.gold(), &self.config())
            .expect("generated golds are valid")
    }

    fn prediction(&self, rows: &[Vec<String>]) -> Vec<u8> {
        let header: Vec<String> = (0..self.kinds.len()).map(|k| format!("p{k}")).collect();
        csv(&header, rows)
    }

    /// Canonical rows under the columns' own rules.
    fn canonical_rows(&self, rows: &[Vec<String>]) -> Vec<Vec<Canonical>> {
        rows.iter()
            .map(|r| {
                r.iter()
                    .zip(&self.kinds)
                    .map(|(c, k)| canonicalize(c, &k.rule()).expect("generated cells read"))
                    .collect()
            })
            .collect()
    }

    /// Whether some column order of `rows` equals the gold (all columns share one rule).
    fn equal_up_to_column_order(&self, rows: &[Vec<String>]) -> bool {
        let d = self.kinds.len();
        let gold = self.canonical_rows(&self.plain_rows());
        let pred = self.canonical_rows(rows);
        let normalize = |mut rows: Vec<Vec<Canonical>>| {
            if !self.order_sensitive {
                rows.sort();
            }
            rows
        };
        let gold = normalize(gold);
        permutations(d).into_iter().any(|perm| {
            let permuted = pred
                .iter()
                .map(|r| perm.iter().map(|&k| r[k].clone()).collect())
                .collect();
            normalize(permuted) == gold
        })
    }
}

fn permutations(d: usize) -> Vec<Vec<usize>> {
    if d == 0 {
        return vec![vec![]];
    }
    let mut out = Vec::new();
    for p in permutations(d - 1) {
        for i in 0..=p.len() {
            let mut q = p.clone();
            q.insert(i, d - 1);
            out.push(q);
        }
    }
    out
}

fn task_with(kinds: impl Strategy<Value = Vec<Kind>>) -> impl Strategy<Value = Task> {
    (kinds, 1usize..9, any::<bool>()).prop_flat_map(|(kinds, n, order_sensitive)| {
        let d = kinds.len();
        prop::collection::vec(prop::collection::vec(0usize..24, d), n).prop_map(move |idx| Task {
            rows: idx
                .iter()
                .map(|r| r.iter().zip(&kinds).map(|(&i, k)| k.value(i)).collect())
                .collect(),
            kinds: kinds.clone(),
            order_sensitive,
        })
    })
}

/// Mixed column kinds.
fn any_task() -> impl Strategy<Value = Task> {
    task_with(prop::collection::vec(
        prop::sample::select(KINDS.to_vec()),
        1..=4,
    ))
}

/// Every column of one kind (so the columns compete for the same values).
fn single_kind_task() -> impl Strategy<Value = Task> {
    (prop::sample::select(KINDS.to_vec()), 1usize..=4)
        .prop_flat_map(|(k, d)| task_with(Just(vec![k; d])))
}

fn shuffled<T: Clone>(items: &[T], keys: &[u64]) -> Vec<T> {
    let mut indexed: Vec<(u64, usize)> = (0..items.len())
        .map(|i| (keys.get(i).copied().unwrap_or(0), i))
        .collect();
    indexed.sort();
    indexed.into_iter().map(|(_, i)| items[i].clone()).collect()
}

fn assert_passes(result: &TaskResult, what: &str) -> Result<(), TestCaseError> {
    prop_assert!(
        result.passed,
        "{what}: expected a pass, got {:?}: {:?}",
        result.error_code,
        result.error
    );
    Ok(())
}

/// A pass under the identity mapping.
fn assert_passes_with_the_identity(
    task: &Task,
    result: &TaskResult,
    what: &str,
) -> Result<(), TestCaseError> {
    assert_passes(result, what)?;
    prop_assert_eq!(
        &result.column_mapping,
        &Some((0..task.kinds.len()).collect::<Vec<_>>())
    );
    Ok(())
}

fn assert_fails(result: &TaskResult, what: &str) -> Result<(), TestCaseError> {
    prop_assert!(
        !result.passed,
        "{what}: expected a failure, got {:?}",
        result.column_mapping
    );
    Ok(())
}

/// A failure with `code`.
fn assert_fails_with(
    result: &TaskResult,
    code: TaskErrorCode,
    what: &str,
) -> Result<(), TestCaseError> {
    assert_fails(result, what)?;
    prop_assert_eq!(result.error_code, Some(code));
    Ok(())
}

/// `PROPTEST_CASES` cases (default 1024: the tables are small, so about a second for all
/// properties); rejections (null cells, swaps of equal values) are expected, so their allowance
/// grows with the case count.
fn config() -> ProptestConfig {
    let mut base = ProptestConfig::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        base.cases = 1024;
    }
    ProptestConfig {
        max_global_rejects: base.cases.saturating_mul(8).max(1024),
        ..base
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn an_exact_copy_passes_with_the_identity_mapping(task in any_task()) {
        assert_passes_with_the_identity(&task, &task.evaluate(&task.gold()), "copy")?;
    }

    #[test]
    fn row_shuffle_keeps_an_unordered_verdict_and_mapping(
        task in any_task(),
        keys in prop::collection::vec(any::<u64>(), 8),
    ) {
        let mut task = task;
        task.order_sensitive = false;
        let rows = shuffled(&task.plain_rows(), &keys);
        assert_passes_with_the_identity(&task, &task.evaluate(&task.prediction(&rows)), "row shuffle")?;
    }

    #[test]
    fn column_shuffle_with_renamed_headers_keeps_the_verdict(
        task in any_task(),
        keys in prop::collection::vec(any::<u64>(), 4),
        names in prop::collection::vec("[A-Za-z_ é]{0,8}", 4),
    ) {
        let d = task.kinds.len();
        let order = shuffled(&(0..d).collect::<Vec<_>>(), &keys);
        let rows: Vec<Vec<String>> = task
            .plain_rows()
            .iter()
            .map(|r| order.iter().map(|&k| r[k].clone()).collect())
            .collect();
        let result = evaluate_task(
            Prediction::Csv(&csv(&names[..d], &rows)),
            &task.gold(),
            &task.config(),
        )
        .expect("valid gold");
        assert_passes(&result, "column shuffle")?;
        // The mapping sends each gold column to a prediction column holding the same values.
        let mapping = result.column_mapping.unwrap_or_default();
        let plain = task.plain_rows();
        for (j, &k) in mapping.iter().enumerate() {
            let rule = task.kinds[j].rule();
            for (p, g) in rows.iter().zip(&plain) {
                if task.order_sensitive {
                    prop_assert_eq!(canonicalize(&p[k], &rule).ok(), canonicalize(&g[j], &rule).ok());
                }
            }
        }
    }

    #[test]
    fn equivalent_re_encodings_keep_the_verdict(
        task in any_task(),
        choices in prop::collection::vec(any::<Index>(), 32),
        padding in prop::collection::vec(any::<bool>(), 32),
    ) {
        let mut next = 0;
        let rows: Vec<Vec<String>> = task
            .rows
            .iter()
            .map(|r| {
                r.iter()
                    .zip(&task.kinds)
                    .map(|(v, &k)| {
                        let encodings = v.encodings(k);
                        let i = next % choices.len();
                        next += 1;
                        let text = choices[i].get(&encodings).clone();
                        if padding[i] { format!("\t {text} \u{a0}") } else { text }
                    })
                    .collect()
            })
            .collect();
        let result = task.evaluate(&task.prediction(&rows));
        assert_passes(&result, &format!("re-encoded rows {rows:?}"))?;
    }

    #[test]
    fn whitespace_keeps_the_verdict_and_the_mapping(task in any_task()) {
        let plain = task.evaluate(&task.gold());
        let rows = task.plain_rows_mapped(|c| format!("\u{2003}{c}\u{1f}\r\n "));
        let padded = task.evaluate(&task.prediction(&rows));
        prop_assert_eq!(padded.passed, plain.passed);
        prop_assert_eq!(padded.column_mapping, plain.column_mapping);
    }

    #[test]
    fn text_normalization_form_does_not_matter(task in any_task(), nfd in any::<bool>()) {
        let rows = task.plain_rows_mapped(|c| if nfd { c.nfd().collect() } else { c.nfc().collect() });
        assert_passes(&task.evaluate(&task.prediction(&rows)), "NFD/NFC")?;
    }

    #[test]
    fn changing_one_non_null_cell_fails(task in single_kind_task(), cell in any::<(Index, Index)>()) {
        let changed = task.with_one_cell_changed(cell)?;
        let rule = task.kinds[changed.column].rule();
        prop_assume!(canonicalize(&changed.after, &rule) != canonicalize(&changed.before, &rule));
        // One rule for all columns: the multiset of all canonical cells changed, so no column
        // order can reproduce the gold.
        let result = task.evaluate(&task.prediction(&changed.rows));
        assert_fails_with(&result, TaskErrorCode::RelationMismatch, "changed cell")?;
    }

    #[test]
    fn changing_one_cell_breaks_the_identity_mapping(task in any_task(), cell in any::<(Index, Index)>()) {
        // Unordered tasks with mixed rules can in principle pass under another column order,
        // so this checks the no-mismatch direction: the identity mapping no longer passes, and
        // whatever is reported is consistent.
        let changed = task.with_one_cell_changed(cell)?;
        let result = task.evaluate(&task.prediction(&changed.rows));
        let identity: Vec<usize> = (0..task.kinds.len()).collect();
        prop_assert_ne!(result.column_mapping, Some(identity));
    }

    #[test]
    fn dropping_a_row_fails(task in any_task(), row in any::<Index>()) {
        let mut rows = task.plain_rows();
        rows.remove(row.index(rows.len()));
        prop_assert_eq!(task.evaluate(&task.prediction(&rows)).error_code, Some(TaskErrorCode::RowCountMismatch));
    }

    #[test]
    fn duplicating_a_row_fails(task in any_task(), row in any::<Index>()) {
        let mut rows = task.plain_rows();
        let copy = rows[row.index(rows.len())].clone();
        rows.push(copy);
        prop_assert_eq!(task.evaluate(&task.prediction(&rows)).error_code, Some(TaskErrorCode::RowCountMismatch));
    }

    #[test]
    fn swapping_two_cells_of_a_column_fails_when_it_changes_the_rows(
        task in single_kind_task(),
        a in any::<Index>(),
        b in any::<Index>(),
        column in any::<Index>(),
    ) {
        let n = task.rows.len();
        let (a, b, c) = (a.index(n), b.index(n), column.index(task.kinds.len()));
        let mut rows = task.plain_rows();
        let tmp = rows[a][c].clone();
        rows[a][c] = rows[b][c].clone();
        rows[b][c] = tmp;
        prop_assume!(!task.equal_up_to_column_order(&rows));
        assert_fails_with(&task.evaluate(&task.prediction(&rows)), TaskErrorCode::RelationMismatch, "swapped cells")?;
    }
}

#[test]
fn encodings_really_are_equivalent() {
    // Guards the generator: every listed encoding canonicalizes like the plain text.
    for kind in KINDS {
        for i in 0..24 {
            let value = kind.value(i);
            let rule = kind.rule();
            let plain = canonicalize(&value.raw(), &rule).expect("plain reads");
            for text in value.encodings(kind) {
                assert_eq!(
                    canonicalize(&text, &rule).ok(),
                    Some(plain.clone()),
                    "{kind:?} {value:?}: {text:?}"
                );
            }
            if let Some(changed) = value.changed() {
                assert_ne!(
                    canonicalize(&changed.raw(), &rule).ok(),
                    Some(plain),
                    "{kind:?} {value:?} -> {changed:?}"
                );
            }
        }
    }
}
