//! `condition_cols` as the official functions receive it: a typed Python value (the eval file's
//! JSON, or any object a caller passes), and the two variants' rules for turning it into gold
//! column positions. Spider 2.0-lite tests it by truthiness (`if condition_cols:`, default
//! `None`); Spider 2.0-Snow by `condition_cols != []` (default `[]`), so `0`, `False`, `None`,
//! `""`, `{}` and `()` select all columns in lite but go to pandas' `iloc` in Snow.

use serde::Serialize;
use tabeq::cpython_json::Value;
use tabeq::error::Spider2Code;

use crate::value::{float_str, py_str_repr};

/// Which official script's comparison: Spider 2.0-lite's or Spider 2.0-Snow's
/// (`evaluation_suite/evaluate.py` of each).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Spider2Variant"))]
pub enum Variant {
    /// Spider 2.0-lite: `if condition_cols:`; the functions' default is `None`.
    #[default]
    Lite,
    /// Spider 2.0-Snow: `if condition_cols != []:`; the functions' default is `[]`.
    Snow,
}

impl Variant {
    /// Every variant, by name.
    pub const ALL: [Variant; 2] = [Variant::Lite, Variant::Snow];

    /// `"lite"` or `"snow"`.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Lite => "lite",
            Variant::Snow => "snow",
        }
    }

    /// The variant named `name`, if any.
    pub fn from_name(name: &str) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.name() == name)
    }

    /// The `condition_cols` default of the variant's comparison functions.
    pub fn default_condition(self) -> Condition {
        match self {
            Variant::Lite => Condition::None,
            Variant::Snow => Condition::List(Vec::new()),
        }
    }

    /// Whether `compare_pandas_table` selects columns with `iloc` for this argument (else it
    /// compares every gold column).
    fn selects(self, cond: &Condition) -> bool {
        match self {
            Variant::Lite => cond.truthy(),
            Variant::Snow => !matches!(cond, Condition::List(items) if items.is_empty()),
        }
    }
}

/// A `condition_cols` value as the official receives it (Python types, not their JSON text).
#[derive(Debug, Clone, PartialEq)]
pub enum Condition {
    /// `None` (JSON `null`).
    None,
    /// `True` / `False`.
    Bool(bool),
    /// An `int` that fits in 64 bits.
    Int(i64),
    /// A larger `int`, as its decimal digits.
    BigInt(String),
    /// A `float`.
    Float(f64),
    /// A `str`.
    Str(String),
    /// A `list` (JSON array).
    List(Vec<Condition>),
    /// A `tuple` (only from a caller's Python value; JSON has none).
    Tuple(Vec<Condition>),
    /// A `dict` (JSON object: string keys), its items in order.
    Dict(Vec<(Condition, Condition)>),
}

/// Why `condition_cols` makes the official raise (the instance scores 0).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConditionError {
    /// Stable snake_case code (the `spider2` family).
    pub code: &'static str,
    /// What went wrong, in words.
    pub message: String,
}

fn invalid(message: String) -> ConditionError {
    ConditionError {
        code: Spider2Code::ConditionColsInvalid.code(),
        message,
    }
}

impl Condition {
    /// The Python value `json.loads` gives for `v`.
    pub fn from_json(v: &Value) -> Condition {
        match v {
            Value::Null => Condition::None,
            Value::Bool(b) => Condition::Bool(*b),
            Value::Int(i) => Condition::Int(*i),
            Value::BigInt(s) => Condition::BigInt(s.clone()),
            Value::Float(f) => Condition::Float(*f),
            Value::Str(s) => Condition::Str(s.clone()),
            Value::Array(items) => {
                Condition::List(items.iter().map(Condition::from_json).collect())
            }
            Value::Object(members) => Condition::Dict(
                members
                    .iter()
                    .map(|(k, v)| (Condition::Str(k.clone()), Condition::from_json(v)))
                    .collect(),
            ),
        }
    }

    /// Python's `repr`.
    pub fn repr(&self) -> String {
        let join = |items: &[Condition]| items.iter().map(Condition::repr).collect::<Vec<_>>();
        match self {
            Condition::None => "None".into(),
            Condition::Bool(true) => "True".into(),
            Condition::Bool(false) => "False".into(),
            Condition::Int(i) => i.to_string(),
            Condition::BigInt(s) => s.clone(),
            Condition::Float(f) => float_str(*f),
            Condition::Str(s) => py_str_repr(s),
            Condition::List(items) => format!("[{}]", join(items).join(", ")),
            Condition::Tuple(items) if items.len() == 1 => format!("({},)", items[0].repr()),
            Condition::Tuple(items) => format!("({})", join(items).join(", ")),
            Condition::Dict(members) => {
                let inner: Vec<String> = members
                    .iter()
                    .map(|(k, v)| format!("{}: {}", k.repr(), v.repr()))
                    .collect();
                format!("{{{}}}", inner.join(", "))
            }
        }
    }

    /// Python truthiness.
    pub fn truthy(&self) -> bool {
        match self {
            Condition::None => false,
            Condition::Bool(b) => *b,
            Condition::Int(i) => *i != 0,
            Condition::BigInt(_) => true,
            // NaN is truthy, as in Python.
            Condition::Float(f) => *f != 0.0,
            Condition::Str(s) => !s.is_empty(),
            Condition::List(items) | Condition::Tuple(items) => !items.is_empty(),
            Condition::Dict(members) => !members.is_empty(),
        }
    }

    /// Python `self == i` for a non-negative index `i` (bools and floats are numbers).
    fn equals_index(&self, i: usize) -> bool {
        match self {
            Condition::Bool(b) => usize::from(*b) == i,
            Condition::Int(n) => usize::try_from(*n).is_ok_and(|n| n == i),
            Condition::Float(f) => *f == i as f64,
            _ => false,
        }
    }

    /// The type name Python reports.
    fn type_name(&self) -> &'static str {
        match self {
            Condition::None => "NoneType",
            Condition::Bool(_) => "bool",
            Condition::Int(_) | Condition::BigInt(_) => "int",
            Condition::Float(_) => "float",
            Condition::Str(_) => "str",
            Condition::List(_) => "list",
            Condition::Tuple(_) => "tuple",
            Condition::Dict(_) => "dict",
        }
    }

    /// What `for x in self` yields, or `None` when the value is not iterable.
    fn iterate(&self) -> Option<Vec<Condition>> {
        match self {
            Condition::List(items) | Condition::Tuple(items) => Some(items.clone()),
            Condition::Str(s) => Some(s.chars().map(|c| Condition::Str(c.into())).collect()),
            Condition::Dict(members) => Some(members.iter().map(|(k, _)| k.clone()).collect()),
            _ => None,
        }
    }

    /// `self[i]`: an item, a character, a dict value, or why Python raises.
    fn subscript(&self, i: usize, n_golds: usize) -> Result<Condition, ConditionError> {
        let missing = |what: &str| ConditionError {
            code: Spider2Code::ConditionColsTooShort.code(),
            message: format!(
                "condition_cols {} has no {what} for gold {} ({n_golds} gold tables)",
                self.repr(),
                i + 1
            ),
        };
        match self {
            Condition::List(items) | Condition::Tuple(items) => {
                items.get(i).cloned().ok_or_else(|| missing("entry"))
            }
            Condition::Str(s) => s
                .chars()
                .nth(i)
                .map(|c| Condition::Str(c.into()))
                .ok_or_else(|| missing("character")),
            Condition::Dict(members) => members
                .iter()
                .rev()
                .find(|(k, _)| k.equals_index(i))
                .map(|(_, v)| v.clone())
                .ok_or_else(|| missing("key")),
            other => Err(invalid(format!(
                "condition_cols {} is a {}, which has no entries to hand each gold",
                other.repr(),
                other.type_name()
            ))),
        }
    }
}

/// The gold column positions `compare_pandas_table` compares for `cond` (`None`: the argument
/// was not given, so the variant's default), as `gold.iloc[:, cols]` of pandas 2.2.3 picks them.
pub fn select_columns(
    variant: Variant,
    cond: Option<&Condition>,
    ncols: usize,
) -> Result<Vec<usize>, ConditionError> {
    let default = variant.default_condition();
    let cond = cond.unwrap_or(&default);
    if !variant.selects(cond) {
        return Ok((0..ncols).collect());
    }
    let single;
    let items: &[Condition] = match cond {
        Condition::List(items) => items,
        // `iloc[:, (0,)]` is a three-level key to pandas: "Too many indexers".
        Condition::Tuple(_) => {
            return Err(invalid(format!(
                "condition_cols {} is a tuple, which pandas' iloc reads as too many indexers",
                cond.repr()
            )))
        }
        other => {
            single = [other.clone()];
            &single
        }
    };
    positions(cond, items, ncols)
}

/// `iloc[:, items]` for a list: a boolean mask when every item is a bool, else positions
/// (numbers cast as numpy casts them: bools are 0 and 1, floats are truncated after the range
/// check on their own value).
fn positions(
    cond: &Condition,
    items: &[Condition],
    ncols: usize,
) -> Result<Vec<usize>, ConditionError> {
    if !items.is_empty() && items.iter().all(|v| matches!(v, Condition::Bool(_))) {
        if items.len() != ncols {
            return Err(invalid(format!(
                "condition_cols {} is a boolean mask of length {} but the gold has {} columns",
                cond.repr(),
                items.len(),
                ncols
            )));
        }
        let picked = items.iter().enumerate();
        return Ok(picked
            .filter(|(_, v)| matches!(v, Condition::Bool(true)))
            .map(|(i, _)| i)
            .collect());
    }
    if let Some(trues) = nested_mask(items) {
        // numpy makes an array of two or more dimensions; pandas takes it as a boolean mask
        // whose rows are the columns: each True selects its row's column (a one-column gold
        // refuses any True).
        if items.len() != ncols || (ncols == 1 && trues[0] > 0) {
            return Err(invalid(format!(
                "condition_cols {} is a nested boolean mask that pandas refuses for a gold of {ncols} columns",
                cond.repr()
            )));
        }
        let picked = trues.iter().enumerate();
        return Ok(picked
            .flat_map(|(i, &count)| core::iter::repeat_n(i, count))
            .collect());
    }
    let n = ncols as f64;
    let out_of_range = |item: &Condition| ConditionError {
        code: Spider2Code::ConditionColsOutOfRange.code(),
        message: format!(
            "condition_cols {} names column position {}, but the gold has {ncols} columns",
            cond.repr(),
            item.repr()
        ),
    };
    // numpy makes one array of the items: a float among them makes every item a float.
    let any_float = items.iter().any(|v| matches!(v, Condition::Float(_)));
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        let value = match item {
            Condition::Bool(b) => f64::from(u8::from(*b)),
            Condition::Int(i) if any_float => *i as f64,
            Condition::Int(i) => {
                let n = ncols as i64;
                let pos = if *i < 0 { i + n } else { *i };
                if pos < 0 || pos >= n {
                    return Err(out_of_range(item));
                }
                out.push(pos as usize);
                continue;
            }
            Condition::BigInt(_) => return Err(out_of_range(item)),
            Condition::Float(f) => *f,
            other => {
                return Err(invalid(format!(
                    "condition_cols {} holds {}, which is not a column position",
                    cond.repr(),
                    other.repr()
                )))
            }
        };
        // pandas checks the float itself (NaN fails the later cast), then numpy truncates.
        if value.is_nan() || value < -n || value >= n {
            return Err(out_of_range(item));
        }
        let pos = value.trunc() as i64;
        let pos = if pos < 0 { pos + ncols as i64 } else { pos };
        out.push(pos as usize);
    }
    Ok(out)
}

/// The shape of a rectangular array of bools (lists and tuples are both sequences to numpy),
/// or `None` when it is ragged, empty or holds anything but bools.
fn bool_shape(value: &Condition) -> Option<Vec<usize>> {
    match value {
        Condition::Bool(_) => Some(Vec::new()),
        Condition::List(items) | Condition::Tuple(items) => {
            let first = bool_shape(items.first()?)?;
            if items[1..]
                .iter()
                .any(|v| bool_shape(v).as_ref() != Some(&first))
            {
                return None;
            }
            Some([vec![items.len()], first].concat())
        }
        _ => None,
    }
}

fn count_true(value: &Condition) -> usize {
    match value {
        Condition::Bool(b) => usize::from(*b),
        Condition::List(items) | Condition::Tuple(items) => items.iter().map(count_true).sum(),
        _ => 0,
    }
}

/// For a list that numpy makes a boolean array of two or more dimensions: each row's count of
/// True values; `None` for anything else.
fn nested_mask(items: &[Condition]) -> Option<Vec<usize>> {
    let list = Condition::List(items.to_vec());
    let shape = bool_shape(&list)?;
    (shape.len() >= 2).then(|| items.iter().map(count_true).collect())
}

/// Whether `compare_multi_pandas_table` hands every gold the empty list: its
/// `multi_condition_cols in (None, [], [[]], [None])` (Snow spells it with `==`; same values).
fn multi_all_columns(mcc: &Condition) -> bool {
    match mcc {
        Condition::None => true,
        Condition::List(items) => match items.as_slice() {
            [] | [Condition::None] => true,
            [Condition::List(inner)] => inner.is_empty(),
            _ => false,
        },
        _ => false,
    }
}

/// The `condition_cols` the multi-gold function hands gold `i` of `n_golds` (`None`: the empty
/// list, every column). Absent is the variant's default, which both treat as every column.
pub fn multi_condition(
    mcc: Option<&Condition>,
    n_golds: usize,
    i: usize,
) -> Result<Option<Condition>, ConditionError> {
    let Some(mcc) = mcc else { return Ok(None) };
    if multi_all_columns(mcc) {
        return Ok(None);
    }
    if n_golds > 1 {
        let Some(items) = mcc.iterate() else {
            return Err(invalid(format!(
                "condition_cols {} is a {}, which is not iterable",
                mcc.repr(),
                mcc.type_name()
            )));
        };
        // A value that is not a list of lists applies whole to every gold.
        if !items.iter().all(|v| matches!(v, Condition::List(_))) {
            return Ok(Some(mcc.clone()));
        }
    }
    mcc.subscript(i, n_golds).map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;
    use Condition as C;

    fn cols(v: Variant, c: C, n: usize) -> Result<Vec<usize>, &'static str> {
        select_columns(v, Some(&c), n).map_err(|e| e.code)
    }

    #[test]
    fn falsy_values_select_every_column_in_lite_only() {
        for c in [
            C::Int(0),
            C::Bool(false),
            C::None,
            C::Str(String::new()),
            C::Tuple(vec![]),
            C::Dict(vec![]),
            C::Float(0.0),
        ] {
            assert_eq!(cols(Variant::Lite, c.clone(), 2), Ok(vec![0, 1]), "{c:?}");
            assert_ne!(cols(Variant::Snow, c.clone(), 2), Ok(vec![0, 1]), "{c:?}");
        }
        assert_eq!(cols(Variant::Snow, C::Int(0), 2), Ok(vec![0]));
        assert_eq!(cols(Variant::Snow, C::Bool(false), 1), Ok(vec![]));
        assert!(cols(Variant::Snow, C::None, 2).is_err());
        assert_eq!(cols(Variant::Snow, C::List(vec![]), 2), Ok(vec![0, 1]));
        assert_eq!(select_columns(Variant::Snow, None, 3).unwrap(), [0, 1, 2]);
    }

    #[test]
    fn tuples_are_too_many_indexers_and_floats_truncate_after_the_range_check() {
        let t = C::Tuple(vec![C::Int(0)]);
        assert_eq!(t.repr(), "(0,)");
        assert!(cols(Variant::Lite, t, 2).is_err());
        assert_eq!(
            cols(Variant::Lite, C::List(vec![C::Float(1.5)]), 2),
            Ok(vec![1])
        );
        assert_eq!(
            cols(Variant::Lite, C::List(vec![C::Float(-0.5)]), 2),
            Ok(vec![0])
        );
        assert!(cols(Variant::Lite, C::List(vec![C::Float(-3.5)]), 3).is_err());
        assert_eq!(
            cols(Variant::Lite, C::List(vec![C::Bool(true), C::Int(1)]), 2),
            Ok(vec![1, 1])
        );
        assert!(cols(Variant::Lite, C::List(vec![C::Float(f64::NAN)]), 2).is_err());
        let row = |bits: &[bool]| C::List(bits.iter().map(|&b| C::Bool(b)).collect());
        let mask = C::List(vec![row(&[true, true]), row(&[false, true])]);
        assert_eq!(cols(Variant::Lite, mask, 2), Ok(vec![0, 0, 1]));
        assert_eq!(
            cols(Variant::Lite, C::List(vec![row(&[false])]), 1),
            Ok(vec![])
        );
        assert!(cols(Variant::Lite, C::List(vec![row(&[true])]), 1).is_err());
    }

    #[test]
    fn multi_gold_hands_out_entries() {
        let flat = C::List(vec![C::Int(1), C::Int(0)]);
        assert_eq!(multi_condition(Some(&flat), 2, 1), Ok(Some(flat.clone())));
        assert_eq!(multi_condition(Some(&flat), 1, 0), Ok(Some(C::Int(1))));
        assert!(multi_condition(Some(&C::Int(3)), 2, 0).is_err());
        let d = C::Dict(vec![(C::Int(0), C::List(vec![C::Int(1)]))]);
        assert_eq!(
            multi_condition(Some(&d), 1, 0),
            Ok(Some(C::List(vec![C::Int(1)])))
        );
        assert_eq!(
            multi_condition(Some(&C::List(vec![C::None])), 3, 2),
            Ok(None)
        );
    }
}
