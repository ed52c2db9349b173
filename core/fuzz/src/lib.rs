//! Helpers shared by the tabeq fuzz targets: turning fuzz bytes into rules and tasks, a CSV
//! writer, an independent character-by-character CSV reader (CPython's `csv` state machine), and
//! a brute-force reference evaluator that enumerates every column permutation the way the
//! official evaluator does. The targets compare the fast core against these references.
//!
//! Byte layouts (the seed script `seed_corpus.py` writes the same ones):
//!
//! * a rule is two bytes `a b`: type `a % 5` (text, number, date, datetime, boolean); for
//!   numbers the mode is `(a / 5) % 3` (integer, decimal_places, significant_digits), the unit
//!   `(a / 15) % 3` (plain, percentage_points, fraction), `%` allowed when `(a / 45) % 2 == 1`,
//!   and the digits are `b % 31`;
//! * a task (`evaluate_both`) is `flags, d - 1, d rules, [8 seed bytes if derived], gold bytes,
//!   0xFF, prediction bytes` — no 0xFF means no prediction file. Flag bit 0: order sensitive;
//!   bit 1: the prediction is derived from the gold (columns permuted, headers renamed, rows
//!   shuffled by the seed) and then changed by the mutation in bits 2..=4.

#[path = "../../examples/support/mod.rs"]
mod support;

use std::collections::HashSet;

use tabeq::canon::{canonicalize, Canonical};
use tabeq::config::{ColumnSpec, Comparison, NumericUnit, Rule, TaskConfig};
use tabeq::csv::{
    read_table, Table, MAX_CELL_CHARACTERS, MAX_CSV_BYTES, MAX_CSV_COLUMNS, MAX_CSV_ROWS,
};
use tabeq::error::{FatalCode, TaskErrorCode};
use tabeq::evaluate::{evaluate_task, Prediction, PreparedGold, TaskResult};
use tabeq::explain::{explain, ExplainOptions};
use tabeq::gold_free_check::validate_prediction;

/// Largest column count checked by full permutation enumeration (5! = 120 mappings).
pub const BRUTE_FORCE_MAX_COLUMNS: usize = 5;

/// The spec's number canonicalization (section 3), written independently of `tabeq::number`
/// with plain digit vectors: `text` is already stripped and not a null token. Returns the
/// canonical text or the cell error's code.
pub fn reference_number(
    text: &str,
    comparison: Comparison,
    unit: NumericUnit,
    allow_percent_sign: bool,
) -> Result<String, &'static str> {
    use tabeq::chars::{decimal_digit_value, python_strip};
    let mut body = text;
    let percent = body.ends_with('%');
    if percent {
        if !allow_percent_sign {
            return Err("cell_percent_not_allowed");
        }
        body = python_strip(&body[..body.len() - 1]);
    }
    let chars: Vec<char> = body.chars().collect();
    let is_digit = |c: &char| decimal_digit_value(*c).is_some();
    let chars: Vec<char> = if chars.contains(&',') {
        // ^[+-]?\d{1,3}(,\d{3})+(\.\d+)?([eE][+-]?\d+)?$
        let start = usize::from(matches!(chars.first(), Some('+' | '-')));
        let mantissa_end = chars
            .iter()
            .position(|c| matches!(c, 'e' | 'E'))
            .unwrap_or(chars.len());
        let (int_part, frac_part) = match chars[start..mantissa_end].iter().position(|&c| c == '.')
        {
            Some(p) => (
                &chars[start..start + p],
                Some(&chars[start + p + 1..mantissa_end]),
            ),
            None => (&chars[start..mantissa_end], None),
        };
        let groups: Vec<&[char]> = int_part.split(|&c| c == ',').collect();
        let groups_ok = groups.len() >= 2
            && (1..=3).contains(&groups[0].len())
            && groups.iter().all(|g| g.iter().all(is_digit))
            && groups[1..].iter().all(|g| g.len() == 3);
        let frac_ok = frac_part.is_none_or(|f| !f.is_empty() && f.iter().all(is_digit));
        let exp = &chars[mantissa_end..];
        let exp_ok = exp.is_empty() || {
            let digits = &exp[1 + usize::from(matches!(exp.get(1), Some('+' | '-')))..];
            !digits.is_empty() && digits.iter().all(is_digit)
        };
        if !(groups_ok && frac_ok && exp_ok) {
            return Err("cell_invalid_thousands_separators");
        }
        chars.into_iter().filter(|&c| c != ',').collect()
    } else {
        chars
    };
    // ^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$
    let negative = chars.first() == Some(&'-');
    let mut i = usize::from(matches!(chars.first(), Some('+' | '-')));
    let mut digits: Vec<u8> = Vec::new();
    while let Some(d) = chars.get(i).and_then(|&c| decimal_digit_value(c)) {
        digits.push(d);
        i += 1;
    }
    let mut frac_len: i128 = 0;
    if chars.get(i) == Some(&'.') {
        i += 1;
        while let Some(d) = chars.get(i).and_then(|&c| decimal_digit_value(c)) {
            digits.push(d);
            frac_len += 1;
            i += 1;
        }
    }
    if digits.is_empty() {
        return Err("cell_invalid_number");
    }
    let mut exponent: i128 = 0;
    if matches!(chars.get(i), Some('e' | 'E')) {
        i += 1;
        let sign = match chars.get(i) {
            Some('-') => {
                i += 1;
                -1
            }
            Some('+') => {
                i += 1;
                1
            }
            _ => 1,
        };
        let start = i;
        while let Some(d) = chars.get(i).and_then(|&c| decimal_digit_value(c)) {
            exponent = (exponent * 10 + d as i128).min(1 << 80);
            i += 1;
        }
        if i == start {
            return Err("cell_invalid_number");
        }
        exponent *= sign;
    }
    if i != chars.len() {
        return Err("cell_invalid_number");
    }
    let mut exponent = exponent - frac_len;
    let first = digits.iter().position(|&d| d != 0).unwrap_or(digits.len());
    digits.drain(..first);
    let adjusted = exponent + digits.len().max(1) as i128 - 1;
    if adjusted > 999_999_999_999_999_999 || exponent < -1_999_999_999_999_999_997 {
        return Err("cell_number_out_of_range");
    }
    // Trailing zeros move into the exponent; zero has no digits.
    while digits.last() == Some(&0) {
        digits.pop();
        exponent += 1;
    }
    let round = |digits: &mut Vec<u8>, exponent: &mut i128, keep: i128, up: bool| {
        // Keep `keep` leading digits (keep may be <= 0), rounding up when `up`.
        let keep_n = keep.max(0) as usize;
        let dropped = digits.len() as i128 - keep;
        digits.truncate(keep_n);
        *exponent += dropped;
        if up {
            let mut k = digits.len();
            loop {
                if k == 0 {
                    digits.insert(0, 1);
                    break;
                }
                k -= 1;
                if digits[k] == 9 {
                    digits[k] = 0;
                } else {
                    digits[k] += 1;
                    break;
                }
            }
        }
        while digits.last() == Some(&0) {
            digits.pop();
            *exponent += 1;
        }
    };
    // Round half to even, keeping `keep` leading digits (none left: zero).
    let round_half_even = |digits: &mut Vec<u8>, exponent: &mut i128, keep: i128| {
        if keep < 0 {
            digits.clear();
            *exponent = 0;
            return;
        }
        let k = keep as usize;
        let next = digits[k];
        let rest = digits[k + 1..].iter().any(|&d| d != 0);
        let odd = k > 0 && digits[k - 1] % 2 == 1;
        let up = next > 5 || (next == 5 && (rest || odd));
        round(digits, exponent, keep, up);
        if digits.is_empty() {
            *exponent = 0;
        }
    };
    if percent && unit == NumericUnit::Fraction {
        // The official `value / 100` in Python's default context: 28 digits, and no digit
        // below its Etiny (Emin -999999 - 28 + 1), ties to even.
        exponent -= 2;
        if digits.len() > 28 {
            round_half_even(&mut digits, &mut exponent, 28);
        }
        let etiny = -999_999 - 28 + 1;
        if !digits.is_empty() && exponent < etiny {
            let keep = digits.len() as i128 - (etiny - exponent);
            round_half_even(&mut digits, &mut exponent, keep);
        }
    }
    // Round half up so that no digit below 10^quantum remains.
    let round_at = |digits: &mut Vec<u8>, exponent: &mut i128, quantum: i128| {
        if *exponent >= quantum || digits.is_empty() {
            return;
        }
        let keep = digits.len() as i128 - (quantum - *exponent);
        let up = if keep < 0 {
            false
        } else {
            digits[keep as usize] >= 5
        };
        if keep < 0 {
            digits.clear();
            *exponent = 0;
            return;
        }
        round(digits, exponent, keep, up);
        if digits.is_empty() {
            *exponent = 0;
        }
    };
    match comparison {
        Comparison::Integer => {
            if exponent < 0 && !digits.is_empty() {
                return Err("cell_not_an_integer");
            }
        }
        Comparison::DecimalPlaces(d) => round_at(&mut digits, &mut exponent, -(d as i128)),
        Comparison::SignificantDigits(d) => {
            if !digits.is_empty() {
                // The official quantum `Decimal(1).scaleb(q)` lives in a context of precision
                // 100 and Emin -999999: below its Etiny it is 0E-1000098, so no digit below
                // 10^-1000098 is kept (further below, where scaleb refuses q, the official
                // evaluator aborts; the value is 0 there too).
                let quantum = exponent + digits.len() as i128 - 1 - d as i128 + 1;
                round_at(&mut digits, &mut exponent, quantum.max(-999_999 - 100 + 1));
            }
        }
    }
    if digits.is_empty() {
        return Ok("0".into());
    }
    let text: String = digits.iter().map(|&d| (b'0' + d) as char).collect();
    let sign = if negative { "-" } else { "" };
    let len = digits.len() as i128;
    let padding = if exponent >= 0 {
        exponent
    } else {
        (-exponent - len).max(0)
    };
    if padding > 128 {
        let adjusted = exponent + len - 1;
        let (head, tail) = text.split_at(1);
        let dot = if tail.is_empty() { "" } else { "." };
        let exp_sign = if adjusted < 0 { "-" } else { "+" };
        return Ok(format!(
            "{sign}{head}{dot}{tail}E{exp_sign}{}",
            adjusted.unsigned_abs()
        ));
    }
    Ok(if exponent >= 0 {
        format!("{sign}{text}{}", "0".repeat(exponent as usize))
    } else if len + exponent > 0 {
        let point = (len + exponent) as usize;
        format!("{sign}{}.{}", &text[..point], &text[point..])
    } else {
        format!("{sign}0.{}{text}", "0".repeat((-(len + exponent)) as usize))
    })
}

/// The rule encoded by two bytes (see the crate docs).
pub fn rule_from_bytes(a: u8, b: u8) -> Rule {
    match a % 5 {
        0 => Rule::Text,
        1 => Rule::Number {
            comparison: match (a / 5) % 3 {
                0 => Comparison::Integer,
                1 => Comparison::DecimalPlaces((b % 31) as u32),
                _ => Comparison::SignificantDigits((b % 31) as u32),
            },
            unit: match (a / 15) % 3 {
                0 => NumericUnit::Plain,
                1 => NumericUnit::PercentagePoints,
                _ => NumericUnit::Fraction,
            },
            allow_percent_sign: (a / 45) % 2 == 1,
        },
        2 => Rule::Date,
        3 => Rule::Datetime,
        _ => Rule::Boolean,
    }
}

/// A config column with this rule.
pub fn spec_for(index: usize, rule: Rule) -> ColumnSpec {
    support::column_spec(index, format!("c{index}"), rule)
}

/// A config with these rules.
pub fn config_for(rules: &[Rule], order_sensitive: bool) -> TaskConfig {
    TaskConfig {
        task_id: "task_1".into(),
        order_sensitive,
        columns: rules
            .iter()
            .enumerate()
            .map(|(i, &r)| spec_for(i, r))
            .collect(),
    }
}

/// Write rows (header first) as CSV with every field quoted, so any cell survives.
pub fn write_csv<S: AsRef<str>>(rows: &[Vec<S>]) -> Vec<u8> {
    let mut out = String::new();
    for row in rows {
        for (i, cell) in row.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push('"');
            out.push_str(&cell.as_ref().replace('"', "\"\""));
            out.push('"');
        }
        out.push('\n');
    }
    out.into_bytes()
}

/// A table's rows, header first.
pub fn table_rows(t: &Table) -> Vec<Vec<String>> {
    let mut rows = vec![t.headers().to_vec()];
    rows.extend((0..t.row_count()).map(|r| t.row(r).map(str::to_string).collect()));
    rows
}

/// A tiny deterministic generator for derived predictions.
pub struct Rng(u64);

impl Rng {
    /// Seeded from 8 bytes (missing bytes count as zero).
    pub fn from_bytes(bytes: &[u8]) -> Rng {
        let mut seed = [0u8; 8];
        for (s, b) in seed.iter_mut().zip(bytes) {
            *s = *b;
        }
        Rng(u64::from_le_bytes(seed) ^ 0x9e37_79b9_7f4a_7c15)
    }
    /// A number in `0..m` (`m` > 0).
    pub fn below(&mut self, m: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % m.max(1) as u64) as usize
    }
    /// Shuffle in place (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

/// A prediction made from the gold: columns permuted, headers renamed, rows shuffled (a
/// correct answer for an unordered task), then changed by `mutation` (0 = unchanged).
pub fn derive_prediction(gold: &[u8], rng: &mut Rng, mutation: u8) -> Vec<u8> {
    let Ok(table) = read_table(gold) else {
        return gold.to_vec();
    };
    let d = table.column_count();
    let mut perm: Vec<usize> = (0..d).collect();
    rng.shuffle(&mut perm);
    let mut order: Vec<usize> = (0..table.row_count()).collect();
    rng.shuffle(&mut order);
    let header: Vec<String> = (0..d).map(|k| format!("p{k}")).collect();
    let mut rows: Vec<Vec<String>> = order
        .iter()
        .map(|&r| perm.iter().map(|&k| table.cell(r, k).to_string()).collect())
        .collect();
    let n = rows.len();
    match mutation % 8 {
        1 if n > 0 => {
            rows.pop();
        }
        2 if n > 0 => rows.push(rows[0].clone()),
        3 if n > 0 => {
            let (r, c) = (rng.below(n), rng.below(d));
            rows[r][c] = format!("zz{}", rows[r][c]);
        }
        4 if n > 1 => {
            let (a, b, c) = (rng.below(n), rng.below(n), rng.below(d));
            let tmp = rows[a][c].clone();
            rows[a][c] = rows[b][c].clone();
            rows[b][c] = tmp;
        }
        5 => {
            for row in &mut rows {
                for cell in row.iter_mut() {
                    *cell = format!(" {cell}\t");
                }
            }
        }
        6 => {
            for row in &mut rows {
                row.push("extra".into());
            }
        }
        7 if n > 0 => {
            let (r, c) = (rng.below(n), rng.below(d));
            rows[r][c] = String::new();
        }
        _ => {}
    }
    let mut all = vec![header];
    if mutation % 8 == 6 {
        all[0].push("extra".into());
    }
    all.extend(rows);
    write_csv(&all)
}

/// A decoded fuzz task.
pub struct FuzzTask {
    /// The config.
    pub config: TaskConfig,
    /// Gold CSV bytes.
    pub gold: Vec<u8>,
    /// Prediction CSV bytes, or `None` for no file.
    pub prediction: Option<Vec<u8>>,
}

/// Decode `evaluate_both` input (see the crate docs).
pub fn decode_task(data: &[u8]) -> Option<FuzzTask> {
    let (&flags, rest) = data.split_first()?;
    let (&d_byte, rest) = rest.split_first()?;
    let d = 1 + (d_byte as usize % MAX_CSV_COLUMNS);
    if rest.len() < 2 * d {
        return None;
    }
    let (rule_bytes, mut rest) = rest.split_at(2 * d);
    let rules: Vec<Rule> = rule_bytes
        .chunks(2)
        .map(|p| rule_from_bytes(p[0], p[1]))
        .collect();
    let derived = flags & 2 != 0;
    let mut rng = Rng::from_bytes(&[]);
    if derived {
        let seed_len = rest.len().min(8);
        rng = Rng::from_bytes(&rest[..seed_len]);
        rest = &rest[seed_len..];
    }
    let (gold, prediction) = match rest.iter().position(|&b| b == 0xFF) {
        Some(i) => (&rest[..i], Some(&rest[i + 1..])),
        None => (rest, None),
    };
    let prediction = if derived {
        Some(derive_prediction(gold, &mut rng, (flags >> 2) & 7))
    } else {
        prediction.map(<[u8]>::to_vec)
    };
    Some(FuzzTask {
        config: config_for(&rules, flags & 1 != 0),
        gold: gold.to_vec(),
        prediction,
    })
}

/// What the reference evaluator expects.
#[derive(Debug, PartialEq, Eq)]
pub enum Expected {
    /// A fatal error with this code.
    Fatal(FatalCode),
    /// A scored task. `verdict` is `None` when the columns were too many to enumerate and
    /// some valid mapping exists (then the passing mapping is checked instead).
    Scored {
        /// (passed, error code, mapping), when known exactly.
        verdict: Option<(bool, Option<TaskErrorCode>, Option<Vec<usize>>)>,
        /// Prediction columns and rows as the official record reports them.
        prediction_counts: (usize, usize),
        /// Gold data rows.
        gold_rows: usize,
        /// Canonical gold rows and canonical prediction columns under each gold rule, for
        /// checking a passing mapping when the verdict is not known.
        canonical: Option<Box<Canonicals>>,
    },
}

/// Canonical values kept for checking a reported mapping.
#[derive(Debug, PartialEq, Eq)]
pub struct Canonicals {
    gold_rows: Vec<Vec<Canonical>>,
    /// `columns[j][k]`: prediction column k under gold column j's rule, if every cell reads.
    columns: Vec<Vec<Option<Vec<Canonical>>>>,
    order_sensitive: bool,
}

impl Canonicals {
    fn rows_equal(&self, mapping: &[usize]) -> bool {
        let n = self.gold_rows.len();
        let mut pred: Vec<Vec<Canonical>> = Vec::with_capacity(n);
        for r in 0..n {
            let mut row = Vec::with_capacity(mapping.len());
            for (j, &k) in mapping.iter().enumerate() {
                match &self.columns[j][k] {
                    Some(col) => row.push(col[r].clone()),
                    None => return false,
                }
            }
            pred.push(row);
        }
        let mut gold = self.gold_rows.clone();
        if !self.order_sensitive {
            gold.sort();
            pred.sort();
        }
        gold == pred
    }

    fn compatible(&self, j: usize, k: usize) -> bool {
        self.columns[j][k].is_some()
    }
}

/// Whether gold columns can be matched one-to-one to compatible prediction columns.
fn has_perfect_matching(compat: &dyn Fn(usize, usize) -> bool, d: usize) -> bool {
    fn augment(
        j: usize,
        d: usize,
        compat: &dyn Fn(usize, usize) -> bool,
        seen: &mut [bool],
        owner: &mut [Option<usize>],
    ) -> bool {
        for k in 0..d {
            if compat(j, k) && !seen[k] {
                seen[k] = true;
                if owner[k].is_none_or(|o| augment(o, d, compat, seen, owner)) {
                    owner[k] = Some(j);
                    return true;
                }
            }
        }
        false
    }
    let mut owner = vec![None; d];
    (0..d).all(|j| augment(j, d, compat, &mut vec![false; d], &mut owner))
}

/// Every permutation of `0..d` in lexicographic order.
fn next_permutation(p: &mut [usize]) -> bool {
    let Some(i) = (0..p.len().saturating_sub(1))
        .rev()
        .find(|&i| p[i] < p[i + 1])
    else {
        return false;
    };
    let k = (i + 1..p.len()).rev().find(|&k| p[k] > p[i]).unwrap_or(i);
    p.swap(i, k);
    p[i + 1..].reverse();
    true
}

/// The official semantics, computed the slow and obvious way: every cell canonicalized on
/// its own with the public `canonicalize`, every mapping enumerated in lexicographic order.
pub fn reference(config: &TaskConfig, gold: &[u8], prediction: Option<&[u8]>) -> Expected {
    let rules: Vec<Rule> = config.columns.iter().map(ColumnSpec::rule).collect();
    let d = rules.len();
    let Ok(gold) = read_table(gold) else {
        return Expected::Fatal(FatalCode::GoldInvalidCsv);
    };
    if gold.column_count() != d {
        return Expected::Fatal(FatalCode::GoldColumnCountMismatch);
    }
    let n = gold.row_count();
    let mut gold_rows = Vec::with_capacity(n);
    for r in 0..n {
        let mut row = Vec::with_capacity(d);
        for (j, rule) in rules.iter().enumerate() {
            match canonicalize(gold.cell(r, j), rule) {
                Ok(v) => row.push(v),
                Err(_) => return Expected::Fatal(FatalCode::GoldCellInvalid),
            }
        }
        gold_rows.push(row);
    }
    let scored = |verdict, counts, canonical| Expected::Scored {
        verdict,
        prediction_counts: counts,
        gold_rows: n,
        canonical,
    };
    let fail = |code| Some((false, Some(code), None));
    let Some(prediction) = prediction else {
        return scored(fail(TaskErrorCode::MissingPrediction), (0, 0), None);
    };
    let Ok(pred) = read_table(prediction) else {
        return scored(fail(TaskErrorCode::InvalidPredictionCsv), (0, 0), None);
    };
    let counts = (pred.column_count(), pred.row_count());
    if counts.0 != d {
        return scored(fail(TaskErrorCode::ColumnCountMismatch), counts, None);
    }
    if counts.1 != n {
        return scored(fail(TaskErrorCode::RowCountMismatch), counts, None);
    }
    let columns: Vec<Vec<Option<Vec<Canonical>>>> = rules
        .iter()
        .map(|rule| {
            (0..d)
                .map(|k| pred.column(k).map(|c| canonicalize(c, rule).ok()).collect())
                .collect()
        })
        .collect();
    let canon = Canonicals {
        gold_rows,
        columns,
        order_sensitive: config.order_sensitive,
    };
    if !has_perfect_matching(&|j, k| canon.compatible(j, k), d) {
        return scored(fail(TaskErrorCode::TypeNormalizationFailed), counts, None);
    }
    if d > BRUTE_FORCE_MAX_COLUMNS {
        return scored(None, counts, Some(Box::new(canon)));
    }
    let mut perm: Vec<usize> = (0..d).collect();
    loop {
        if (0..d).all(|j| canon.compatible(j, perm[j])) && canon.rows_equal(&perm) {
            return scored(Some((true, None, Some(perm))), counts, None);
        }
        if !next_permutation(&mut perm) {
            break;
        }
    }
    scored(fail(TaskErrorCode::RelationMismatch), counts, None)
}

/// Evaluate a task with the core, check it against the reference and check the other entry
/// points (prepared gold with a table, explain, validate) agree. Panics on any disagreement.
pub fn check_task(config: &TaskConfig, gold: &[u8], prediction: Option<&[u8]>) {
    let pred_arg = match prediction {
        Some(p) => Prediction::Csv(p),
        None => Prediction::Missing,
    };
    let actual = evaluate_task(pred_arg, gold, config);
    let expected = reference(config, gold, prediction);
    let result = match (&expected, actual) {
        (Expected::Fatal(code), Err(e)) => {
            assert_eq!(*code, e.code, "fatal code: {e}");
            return;
        }
        (Expected::Fatal(code), Ok(r)) => panic!("expected fatal {code:?}, got {r:?}"),
        (Expected::Scored { .. }, Err(e)) => panic!("unexpected fatal {}: {e}", e.code),
        (
            Expected::Scored {
                verdict,
                prediction_counts,
                gold_rows,
                canonical,
            },
            Ok(r),
        ) => {
            check_record_shape(&r, config);
            assert_eq!(
                (r.prediction_column_count, r.prediction_row_count),
                *prediction_counts,
                "prediction counts"
            );
            assert_eq!(r.gold_row_count, *gold_rows, "gold rows");
            match verdict {
                Some((passed, code, mapping)) => {
                    assert_eq!(
                        (r.passed, r.error_code, &r.column_mapping),
                        (*passed, *code, mapping),
                        "verdict differs from permutation enumeration"
                    );
                }
                None => {
                    let canon = canonical.as_ref().expect("canonical values kept");
                    match (&r.column_mapping, r.error_code) {
                        (Some(m), None) => {
                            assert!(canon.rows_equal(m), "mapping {m:?} does not pass")
                        }
                        (None, Some(TaskErrorCode::RelationMismatch)) => {}
                        other => panic!("unexpected outcome with a valid mapping: {other:?}"),
                    }
                }
            }
            r
        }
    };
    // Other entry points must agree with the verdict.
    let prepared = PreparedGold::new(gold, config).expect("gold prepared once already");
    if let Some(bytes) = prediction {
        if let Ok(table) = read_table(bytes) {
            assert_eq!(
                prepared.evaluate(Prediction::Table(&table)),
                result,
                "table path differs from bytes path"
            );
        }
    }
    let diagnosis = explain(pred_arg, &prepared, &ExplainOptions::default());
    assert_eq!(diagnosis.result, result, "explain's verdict differs");
    let _ = diagnosis.to_json();
    let report = validate_prediction(pred_arg, config);
    let _ = report.to_json();
    match report.error_code {
        Some(
            code @ (TaskErrorCode::MissingPrediction
            | TaskErrorCode::InvalidPredictionCsv
            | TaskErrorCode::ColumnCountMismatch),
        ) => assert_eq!(Some(code), result.error_code, "validate's final code"),
        Some(TaskErrorCode::TypeNormalizationFailed)
            if result.prediction_row_count == result.gold_row_count =>
        {
            assert_eq!(
                result.error_code,
                Some(TaskErrorCode::TypeNormalizationFailed)
            )
        }
        None if result.prediction_row_count == result.gold_row_count => assert!(
            !matches!(
                result.error_code,
                Some(TaskErrorCode::TypeNormalizationFailed)
            ),
            "validate found a compatible mapping but evaluate did not"
        ),
        _ => {}
    }
}

/// Internal consistency of one task record, whatever the inputs.
pub fn check_record_shape(r: &TaskResult, config: &TaskConfig) {
    let d = config.columns.len();
    assert_eq!(r.gold_column_count, d);
    assert_eq!(r.order_sensitive, config.order_sensitive);
    assert_eq!(r.score(), r.passed as u8);
    assert_eq!(r.passed, r.error_code.is_none());
    assert_eq!(r.passed, r.error.is_none());
    assert_eq!(r.passed, r.column_mapping.is_some());
    if let Some(m) = &r.column_mapping {
        assert_eq!(m.len(), d, "mapping length");
        let distinct: HashSet<usize> = m.iter().copied().collect();
        assert!(
            distinct.len() == d && m.iter().all(|&k| k < d),
            "mapping {m:?} is not a permutation"
        );
    }
    let json = r.to_json();
    assert!(
        tabeq::cpython_json::parse(&json).is_ok(),
        "record JSON does not parse"
    );
}

/// CPython `csv.reader(strict=True)` over `open(encoding="utf-8-sig", newline="")`, one
/// character at a time, plus the official limits. Returns the records (header first) or `None`
/// (the reason is not compared: the core may report a different one of several problems).
pub fn reference_csv(bytes: &[u8]) -> Option<Vec<Vec<String>>> {
    if bytes.len() > MAX_CSV_BYTES {
        return None;
    }
    let text = std::str::from_utf8(bytes).ok()?;
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    if text.contains('\0') {
        return None;
    }
    #[derive(PartialEq, Clone, Copy)]
    enum S {
        StartRecord,
        StartField,
        InField,
        InQuoted,
        QuoteInQuoted,
        EatCrnl,
    }
    // Universal-newline lines, terminators kept (newline="").
    let mut lines: Vec<&str> = Vec::new();
    let b = text.as_bytes();
    let mut start = 0;
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\n' || b[i] == b'\r' {
            let end = if b[i] == b'\r' && b.get(i + 1) == Some(&b'\n') {
                i + 2
            } else {
                i + 1
            };
            lines.push(&text[start..end]);
            start = end;
            i = end;
        } else {
            i += 1;
        }
    }
    if start < b.len() {
        lines.push(&text[start..]);
    }
    let mut records: Vec<Vec<String>> = Vec::new();
    let mut fields: Vec<String> = Vec::new();
    let mut field = String::new();
    let mut field_len = 0usize;
    let mut state = S::StartRecord;
    // CPython refuses to add a character to a field that already has the limit's length.
    fn add(field: &mut String, field_len: &mut usize, c: char) -> Option<()> {
        if *field_len >= MAX_CELL_CHARACTERS {
            return None;
        }
        field.push(c);
        *field_len += 1;
        Some(())
    }
    // A field ends: it joins the record, and the next one starts empty.
    fn end_field(fields: &mut Vec<String>, field: &mut String, field_len: &mut usize) {
        fields.push(std::mem::take(field));
        *field_len = 0;
    }
    // The state after a line's last field: the record ends at the end-of-line marker; before
    // it, the rest of the line terminator is eaten.
    let line_end = |c: Option<char>| {
        if c.is_none() {
            S::StartRecord
        } else {
            S::EatCrnl
        }
    };
    for line in lines {
        // None stands for the end-of-line marker CPython feeds after each line.
        for c in line.chars().map(Some).chain(std::iter::once(None)) {
            let is_nl = matches!(c, Some('\n' | '\r'));
            if state == S::StartRecord {
                match c {
                    None => continue,
                    Some(_) if is_nl => {
                        state = S::EatCrnl;
                        continue;
                    }
                    _ => state = S::StartField,
                }
            }
            match state {
                S::StartRecord => unreachable!(),
                S::StartField | S::InField => {
                    if is_nl || c.is_none() {
                        end_field(&mut fields, &mut field, &mut field_len);
                        state = line_end(c);
                    } else if state == S::StartField && c == Some('"') {
                        state = S::InQuoted;
                    } else if c == Some(',') {
                        end_field(&mut fields, &mut field, &mut field_len);
                        state = S::StartField;
                    } else if let Some(ch) = c {
                        add(&mut field, &mut field_len, ch)?;
                        state = S::InField;
                    }
                }
                S::InQuoted => match c {
                    None => {}
                    Some('"') => state = S::QuoteInQuoted,
                    Some(ch) => add(&mut field, &mut field_len, ch)?,
                },
                S::QuoteInQuoted => {
                    if c == Some('"') {
                        add(&mut field, &mut field_len, '"')?;
                        state = S::InQuoted;
                    } else if c == Some(',') {
                        end_field(&mut fields, &mut field, &mut field_len);
                        state = S::StartField;
                    } else if is_nl || c.is_none() {
                        end_field(&mut fields, &mut field, &mut field_len);
                        state = line_end(c);
                    } else {
                        return None;
                    }
                }
                S::EatCrnl => match c {
                    Some('\n' | '\r') => {}
                    None => state = S::StartRecord,
                    Some(_) => return None,
                },
            }
        }
        if state == S::StartRecord {
            records.push(std::mem::take(&mut fields));
        }
    }
    if state != S::StartRecord {
        // Only an open quoted field can remain at the end of the data: strict mode refuses it.
        return None;
    }
    let header = records.first()?;
    if header.is_empty() || header.len() > MAX_CSV_COLUMNS || records.len() - 1 > MAX_CSV_ROWS {
        return None;
    }
    if records.iter().any(|r| r.len() != header.len()) {
        return None;
    }
    Some(records)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reference_csv_basics() {
        assert_eq!(
            reference_csv(b"a,b\r\n\"x\"\"\",\"\"\n").unwrap(),
            vec![vec!["a", "b"], vec!["x\"", ""]]
        );
        assert!(reference_csv(b"a\n\n").is_none());
        assert!(reference_csv(b"a\n\"x").is_none());
        assert_eq!(
            reference_csv(b"a\r\"b\nc\"").unwrap(),
            vec![vec!["a"], vec!["b\nc"]]
        );
    }

    #[test]
    fn reference_number_follows_the_spec() {
        use Comparison::*;
        let examples = include_str!("../../tests/data/number_examples.tsv");
        for line in examples
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
        {
            let [text, comparison, want]: [&str; 3] = line
                .split('\t')
                .collect::<Vec<_>>()
                .try_into()
                .expect("cell<TAB>comparison<TAB>expected");
            let digits = || comparison[2..].parse().expect("digits");
            let cmp = match &comparison[..2] {
                "dp" => DecimalPlaces(digits()),
                "sd" => SignificantDigits(digits()),
                _ => Integer,
            };
            let got = reference_number(text, cmp, NumericUnit::Plain, true);
            let want = match want.strip_prefix('!') {
                Some(code) => Err(code),
                None => Ok(want.to_string()),
            };
            assert_eq!(got, want, "{line}");
        }
        let fraction = reference_number(
            "12345678901234567890123456789%",
            DecimalPlaces(30),
            NumericUnit::Fraction,
            true,
        );
        assert_eq!(fraction.unwrap(), "123456789012345678901234567.9");
        // The exponent floors of the official contexts (docs/spec/evaluation.md, section 7).
        let floors = [
            ("1e-1000099", SignificantDigits(3), NumericUnit::Plain, "0"),
            (
                "5e-1000099",
                SignificantDigits(1),
                NumericUnit::Plain,
                "1E-1000098",
            ),
            (
                "55e-133333333333333333",
                SignificantDigits(4),
                NumericUnit::Fraction,
                "0",
            ),
            (
                "1.5e-1000027%",
                SignificantDigits(5),
                NumericUnit::Fraction,
                "0",
            ),
            (
                "5e-1000025%",
                SignificantDigits(5),
                NumericUnit::Fraction,
                "0",
            ),
            (
                "15e-1000025%",
                SignificantDigits(5),
                NumericUnit::Fraction,
                "2E-1000026",
            ),
            (
                "25e-1000025%",
                SignificantDigits(5),
                NumericUnit::Fraction,
                "2E-1000026",
            ),
            (
                "5e-1000025%",
                SignificantDigits(5),
                NumericUnit::Plain,
                "5E-1000025",
            ),
        ];
        for (text, comparison, unit, want) in floors {
            let got = reference_number(text, comparison, unit, true);
            assert_eq!(got.as_deref(), Ok(want), "{text} {comparison:?} {unit:?}");
        }
        assert_eq!(
            reference_number("5%", DecimalPlaces(2), NumericUnit::Plain, false),
            Err("cell_percent_not_allowed")
        );
    }

    #[test]
    fn rule_bytes_cover_every_rule() {
        let mut seen = HashSet::new();
        for a in 0..=255u8 {
            for b in 0..31u8 {
                seen.insert(rule_from_bytes(a, b));
            }
        }
        // text, date, datetime, boolean + integer (3 units x 2) + 2 modes x 31 digits x 6.
        assert_eq!(seen.len(), 4 + 6 + 2 * 31 * 6);
    }
}
