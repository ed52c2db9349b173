//! Spider 2.0 exec-result scoring on tabeq: the verdict of the official
//! `compare_pandas_table` / `compare_multi_pandas_table` (Spider 2.0-lite
//! `evaluation_suite/evaluate.py`), reproduced exactly, including pandas 2.2.3's `read_csv`
//! type inference, and explained: which gold column found no match and the closest prediction
//! column, values outside the tolerance, and soundness warnings the official cannot give.
//!
//! No IO: bytes in, values out. The rules, each with a vector, are in `docs/spec/spider2.md`.
//!
//! ```
//! use tabeq_spider2::{compare_csv, GoldKind};
//! let gold = b"name,total\nalice,10\nbob,20\n";
//! let pred = b"total,who\n20.004,bob\n10,alice\n";
//! let out = compare_csv(pred, &[&gold[..]], GoldKind::Single, None, true).unwrap();
//! assert_eq!(out.score, 1);
//! assert!(out.warnings.is_empty());
//! ```

pub mod compare;
pub mod condition;
pub mod exec;
pub mod explain;
pub mod read;
pub mod value;

pub use compare::{CompareError, GoldKind, Outcome, PreparedGold, Warning};
pub use condition::{Condition, Variant};
pub use read::{read_csv, Frame, ReadError};

pub use tabeq::error::Spider2Code;

/// Every stable code this profile reports (errors, notes and warnings), with what it means: the
/// `spider2` family of the core's one catalogue (`tabeq::error_catalogue`).
pub const CODES: &[(&str, &str)] = Spider2Code::CODES;

/// Largest Spider 2.0 CSV a binding reads from a file (the reader's documented limit).
pub use read::MAX_FILE_BYTES;

/// Largest CSV the WebAssembly module copies in: pandas-style frames take several times the
/// file's size and an instance has 4 GiB at most, so a larger file is refused, never a trap.
pub const MAX_WASM_CSV_BYTES: usize = 64 << 20;

/// The TypeScript declarations of the types the bindings return (`make types`), as
/// `tabeq::typescript_declaration` writes them.
#[cfg(feature = "ts")]
pub fn typescript_declarations() -> Vec<String> {
    use compare::{Closest, ColumnReport, GoldReport, Mismatch};
    use tabeq::typescript_declaration as d;
    vec![
        d::<Outcome>(),
        d::<GoldKind>(),
        d::<Variant>(),
        d::<GoldReport>(),
        d::<ColumnReport>(),
        d::<Closest>(),
        d::<Mismatch>(),
        d::<Warning>(),
        d::<CompareError>(),
    ]
}

/// A CSV that could not be read, and which one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    /// `"prediction"` or `"gold"`.
    pub role: &'static str,
    /// Which gold (from 0), for a gold.
    pub index: usize,
    /// The read error.
    pub error: ReadError,
}

impl core::fmt::Display for InputError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self.role {
            "gold" => write!(f, "gold {} cannot be read: {}", self.index + 1, self.error),
            role => write!(f, "the {role} cannot be read: {}", self.error),
        }
    }
}

impl InputError {
    /// The outcome the official gives when this CSV cannot be read: it raises, so the score is
    /// 0, with the read error as the outcome's error (every binding shows it the same way).
    pub fn outcome(&self, kind: GoldKind, ignore_order: bool, gold_count: usize) -> Outcome {
        Outcome {
            score: 0,
            kind,
            ignore_order,
            prediction_rows: 0,
            prediction_columns: Vec::new(),
            golds: Vec::new(),
            error: Some(CompareError {
                code: self.error.code(),
                message: self.to_string(),
            }),
            warnings: Vec::new(),
            gold_count,
        }
    }
}

/// Read gold CSVs (all of them, as the official loads every gold before comparing).
pub fn read_golds(golds: &[&[u8]]) -> Result<Vec<Frame>, InputError> {
    golds
        .iter()
        .enumerate()
        .map(|(index, g)| {
            read_csv(g).map_err(|error| InputError {
                role: "gold",
                index,
                error,
            })
        })
        .collect()
}

/// Compare prediction CSV bytes with gold CSV bytes in one call. `condition_cols` is the JSON
/// value of the eval file's key (`None` when absent).
pub fn compare_csv(
    prediction: &[u8],
    golds: &[&[u8]],
    kind: GoldKind,
    condition_cols: Option<&tabeq::cpython_json::Value>,
    ignore_order: bool,
) -> Result<Outcome, InputError> {
    let cond = condition_cols.map(Condition::from_json);
    compare_csv_variant(
        prediction,
        golds,
        kind,
        cond.as_ref(),
        ignore_order,
        Variant::Lite,
    )
}

/// [`compare_csv`] with `variant`'s comparison. `condition_cols` is the Python value the
/// official function receives (`None`: not given, so the variant's default: lite `None`,
/// Snow `[]`).
///
/// ```
/// use tabeq_spider2::{compare_csv_variant, Condition, GoldKind, Variant};
/// let (gold, pred) = (&b"a,b\n1,2\n"[..], &b"a\n1\n"[..]);
/// let zero = Condition::Int(0);
/// let score = |v| compare_csv_variant(pred, &[gold], GoldKind::Single, Some(&zero), false, v);
/// // lite: `0` is falsy, every gold column is compared; Snow: `0 != []`, only column 0.
/// assert_eq!(score(Variant::Lite).unwrap().score, 0);
/// assert_eq!(score(Variant::Snow).unwrap().score, 1);
/// ```
pub fn compare_csv_variant(
    prediction: &[u8],
    golds: &[&[u8]],
    kind: GoldKind,
    condition_cols: Option<&Condition>,
    ignore_order: bool,
    variant: Variant,
) -> Result<Outcome, InputError> {
    let frames = read_golds(golds)?;
    let pred = read_csv(prediction).map_err(|error| InputError {
        role: "prediction",
        index: 0,
        error,
    })?;
    let prepared = PreparedGold::for_variant(&frames, kind, condition_cols, ignore_order, variant);
    Ok(prepared.compare(&pred))
}
