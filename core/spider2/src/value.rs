//! Values as the official comparison sees them: the Python objects of
//! `frame.transpose().values.tolist()`, after its `normalize` (a missing value becomes the int 0).

use std::sync::Arc;

use crate::read::{Dtype, Frame, ObjectKind, Values};

/// A Python value in a column vector, made on demand from the column's typed storage (its
/// string borrowed from there).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum PyValue<'a> {
    /// `int` (from int64 or uint64 columns, and every missing value after `normalize`).
    Int(i128),
    /// `float`
    Float(f64),
    /// `bool` (an `int` to `isinstance`, so it compares as a number).
    Bool(bool),
    /// `str` (borrowed from the column's text)
    Str(&'a str),
}

impl PyValue<'_> {
    /// `isinstance(x, (int, float))`.
    pub fn is_number(&self) -> bool {
        !matches!(self, PyValue::Str(_))
    }

    /// `float(x)` of a number (`None` for a string).
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            PyValue::Int(i) => Some(*i as f64),
            PyValue::Float(f) => Some(*f),
            PyValue::Bool(b) => Some(f64::from(u8::from(*b))),
            PyValue::Str(_) => None,
        }
    }

    /// Python's `str(x)`, the text the official `ignore_order` sorts by.
    pub fn py_str(&self) -> String {
        match self {
            PyValue::Int(i) => i.to_string(),
            PyValue::Float(f) => float_str(*f),
            PyValue::Bool(true) => "True".into(),
            PyValue::Bool(false) => "False".into(),
            PyValue::Str(s) => s.to_string(),
        }
    }

    /// Python's `repr(x)`, for explanations (strings quoted).
    pub fn py_repr(&self) -> String {
        match self {
            PyValue::Str(s) => py_str_repr(s),
            other => other.py_str(),
        }
    }

    /// The value for people, as a CSV writes it: a whole float without pandas' `.0` (`1000`
    /// for `1000.0`), any other number in its shortest round-trip form, strings quoted as
    /// Python's `repr` (display only: comparisons use the values themselves).
    pub fn shown(&self) -> String {
        match self {
            PyValue::Float(f) => number_shown(*f),
            other => other.py_repr(),
        }
    }

    /// The official element rule: two numbers match within `math.isclose(a, b, abs_tol=1e-2)`;
    /// anything else matches only when equal (so a string never matches a number).
    pub fn matches(&self, other: &PyValue<'_>) -> bool {
        match (self.as_f64(), other.as_f64()) {
            (Some(a), Some(b)) => isclose(a, b),
            (None, None) => self == other,
            _ => false,
        }
    }
}

/// The absolute tolerance of the official comparison.
pub const TOLERANCE: f64 = 1e-2;

/// CPython's `math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-2)`.
pub fn isclose(a: f64, b: f64) -> bool {
    if a == b {
        return true;
    }
    if a.is_infinite() || b.is_infinite() {
        return false;
    }
    let diff = (b - a).abs();
    diff <= (1e-9 * b).abs() || diff <= (1e-9 * a).abs() || diff <= TOLERANCE
}

/// `str(float)` / `repr(float)` in Python.
pub fn float_str(f: f64) -> String {
    if f.is_infinite() {
        return if f > 0.0 { "inf" } else { "-inf" }.into();
    }
    if f.is_nan() {
        return "nan".into();
    }
    tabeq::cpython_json::python_float_repr(f)
}

/// A float as a CSV writes it: whole values below 2^53 without a fractional part (`1000`,
/// `-3`), others in Python's shortest round-trip form (`2.85`, `1e-15`).
///
/// ```
/// use tabeq_spider2::value::number_shown;
/// assert_eq!(number_shown(1000.0), "1000");
/// assert_eq!(number_shown(2.85), "2.85");
/// assert_eq!(number_shown(-0.0), "0");
/// assert_eq!(number_shown(1e300), "1e+300");
/// ```
pub fn number_shown(f: f64) -> String {
    if f.is_finite() && f.fract() == 0.0 && f.abs() < 9_007_199_254_740_992.0 {
        // Exact: a whole float below 2^53 is an i64 without rounding.
        return format!("{}", f as i64);
    }
    float_str(f)
}

/// `repr(str)` in Python (CPython 3.11's quotes and escapes, [`tabeq::chars::python_repr`]).
pub fn py_str_repr(s: &str) -> String {
    tabeq::chars::python_repr(s)
}

/// One column vector of `frame.transpose().values.tolist()`, normalized, in the order it is
/// compared: the column's storage (shared with the frame, never copied) and, under
/// `ignore_order`, the permutation that sorts it (4 bytes a value).
#[derive(Debug, Clone)]
pub struct Vector {
    values: Arc<Values>,
    /// Ints read as floats (`.values` of numeric columns of mixed dtypes).
    promote: bool,
    order: Option<Vec<u32>>,
}

impl Vector {
    /// The number of values.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// Value `i` in the compared order, missing values normalized to the int 0.
    pub fn get(&self, i: usize) -> PyValue<'_> {
        let i = self.order.as_ref().map_or(i, |o| o[i] as usize);
        self.natural(i)
    }

    /// The values in the compared order.
    pub fn iter(&self) -> impl Iterator<Item = PyValue<'_>> + '_ {
        (0..self.len()).map(|i| self.get(i))
    }

    /// Value `i` in the column's own order.
    fn natural(&self, i: usize) -> PyValue<'_> {
        match &*self.values {
            Values::Int(v) if self.promote => PyValue::Float(v[i] as f64),
            Values::UInt(v) if self.promote => PyValue::Float(v[i] as f64),
            Values::Int(v) => PyValue::Int(i128::from(v[i])),
            Values::UInt(v) => PyValue::Int(i128::from(v[i])),
            Values::Float(v) if v[i].is_nan() => PyValue::Int(0),
            Values::Float(v) => PyValue::Float(v[i]),
            Values::Bool(v) => PyValue::Bool(v[i]),
            Values::Object(o) => match o.kinds[i] {
                ObjectKind::Str => PyValue::Str(o.str_at(i)),
                ObjectKind::Na => PyValue::Int(0),
                ObjectKind::True => PyValue::Bool(true),
                ObjectKind::False => PyValue::Bool(false),
            },
        }
    }

    /// The same vector sorted by the official `ignore_order` key, `(str(x), isinstance(x,
    /// (int, float)))`, stably. The keys are written once into one buffer (about the column's
    /// text again, while it sorts), not a string per value.
    pub fn sorted(&self) -> Vector {
        let n = self.len();
        let mut keys = String::new();
        let mut ends: Vec<u32> = Vec::with_capacity(n);
        let mut number: Vec<bool> = Vec::with_capacity(n);
        for i in 0..n {
            let v = self.natural(i);
            match v {
                PyValue::Str(s) => keys.push_str(s),
                other => keys.push_str(&other.py_str()),
            }
            // The keys stay far below 4 GiB: a file is at most 64 MiB, a string's key is its
            // own text and a number's at most 24 bytes.
            ends.push(keys.len() as u32);
            number.push(v.is_number());
        }
        let key = |i: usize| {
            let start = if i == 0 { 0 } else { ends[i - 1] as usize };
            (&keys[start..ends[i] as usize], number[i])
        };
        let mut order: Vec<u32> = (0..n as u32).collect();
        order.sort_by(|&a, &b| key(a as usize).cmp(&key(b as usize)));
        Vector {
            values: Arc::clone(&self.values),
            promote: self.promote,
            order: Some(order),
        }
    }
}

/// The column vectors of `frame.iloc[:, columns].transpose().values.tolist()`, normalized.
/// `.values` of a frame gives one array of the columns' common dtype: when the columns are all
/// numeric (int64, uint64, float64) but not all of one dtype, every value becomes a float (`1`
/// reads as `1.0`); a mix with bool or text keeps each value's own type.
pub fn column_vectors(frame: &Frame, columns: &[usize]) -> Vec<Vector> {
    let cols: Vec<_> = columns.iter().map(|&i| &frame.columns[i]).collect();
    let numeric = |d: Dtype| matches!(d, Dtype::Int64 | Dtype::UInt64 | Dtype::Float64);
    let promote =
        cols.iter().all(|c| numeric(c.dtype)) && cols.iter().any(|c| c.dtype != cols[0].dtype);
    cols.iter()
        .map(|c| Vector {
            values: Arc::clone(&c.values),
            promote,
            order: None,
        })
        .collect()
}

/// A vector sorted by the official `ignore_order` key, `(str(x), isinstance(x, (int, float)))`,
/// stably (a list of values; [`Vector::sorted`] sorts a column).
pub fn sorted_vector<'a>(v: &[PyValue<'a>]) -> Vec<PyValue<'a>> {
    let mut keyed: Vec<(String, bool, PyValue<'a>)> =
        v.iter().map(|x| (x.py_str(), x.is_number(), *x)).collect();
    keyed.sort_by(|a, b| (&a.0, a.1).cmp(&(&b.0, b.1)));
    keyed.into_iter().map(|(_, _, x)| x).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compared_vectors_share_the_columns() {
        // Issue 38 item 12: sorted or not, a compared vector is the column's storage (and a
        // permutation), never a copy per comparison.
        let text = "a,b\n".to_string() + &"x,1.5\n".repeat(20_000);
        let frame = crate::read::read_csv(text.as_bytes()).unwrap();
        let vectors = column_vectors(&frame, &[0, 1]);
        let sorted = vectors[1].sorted();
        assert_eq!(std::sync::Arc::strong_count(&frame.columns[1].values), 3);
        assert_eq!(sorted.len(), 20_000);
    }

    #[test]
    fn isclose_is_absolute_one_hundredth_plus_relative_1e9() {
        assert!(isclose(1.0, 1.0099));
        assert!(
            !isclose(1.0, 1.01),
            "1.01 - 1.0 is a hair above 0.01 in binary"
        );
        assert!(!isclose(1.0, 1.0101));
        assert!(isclose(1e12, 1e12 + 500.0));
        assert!(isclose(f64::INFINITY, f64::INFINITY));
        assert!(!isclose(f64::INFINITY, 1e308));
    }

    #[test]
    fn python_text_of_values() {
        assert_eq!(PyValue::Float(1e16).py_str(), "1e+16");
        assert_eq!(PyValue::Float(5.0).py_str(), "5.0");
        assert_eq!(PyValue::Float(1e-5).py_str(), "1e-05");
        assert_eq!(PyValue::Bool(true).py_str(), "True");
        assert_eq!(py_str_repr("it's"), "\"it's\"");
    }

    #[test]
    fn sort_key_ties_put_text_first() {
        let v = vec![PyValue::Int(5), PyValue::Str("5"), PyValue::Int(10)];
        assert_eq!(
            sorted_vector(&v),
            vec![PyValue::Int(10), PyValue::Str("5"), PyValue::Int(5)]
        );
    }
}
