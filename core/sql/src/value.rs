//! The values a DB-API cursor returns, with Python's equality, `str()` and `str(type(x))`.
//!
//! Equality is CPython's `==` across types: `None` equals only `None`; `bool`, `int` and `float`
//! compare as numbers exactly (`1 == 1.0 == True`, `-0.0 == 0`, `2**53 + 1 != 2.0**53`); `str`
//! and `bytes` equal only their own type. NaN equals nothing: every cell is assumed to be its own
//! object (a DB-API cursor builds a new float per cell), so Python's identity shortcut in tuples
//! and sets never applies across cells. Integers are `i64` (SQLite's and DB-API drivers' range).

use std::collections::HashMap;

use tabeq::cpython_json::python_float_repr;

/// 2^63: [-2^63, 2^63) holds exactly the integral floats an i64 can equal.
const TWO_POW_63: f64 = 9_223_372_036_854_775_808.0;

/// One value of a result row, typed as Python holds it.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// `None` (SQL NULL).
    Null,
    /// `bool` (a subclass of int in Python: `True == 1`).
    Bool(bool),
    /// `int`, within `i64`.
    Int(i64),
    /// `float`.
    Float(f64),
    /// `str`.
    Text(String),
    /// `bytes` (a BLOB).
    Bytes(Vec<u8>),
}

/// The equality class of a value: two values are `==` in Python iff their keys are equal
/// (except NaN, which the interner gives a fresh id each time).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Key {
    Null,
    /// Every number with an integral value in i64's range (bools, ints, integral floats, -0.0).
    Integral(i64),
    /// Any other non-NaN float, by its bits (no two distinct bit patterns are equal here).
    Float(u64),
    Text(String),
    Bytes(Vec<u8>),
}

impl Value {
    fn key(&self) -> Option<Key> {
        Some(match self {
            Value::Null => Key::Null,
            Value::Bool(b) => Key::Integral(i64::from(*b)),
            Value::Int(i) => Key::Integral(*i),
            Value::Float(f) => {
                if f.is_nan() {
                    return None;
                }
                // [-2^63, 2^63) holds exactly the integral floats an i64 can equal.
                if f.fract() == 0.0 && *f >= -TWO_POW_63 && *f < TWO_POW_63 {
                    Key::Integral(*f as i64)
                } else {
                    Key::Float(f.to_bits())
                }
            }
            Value::Text(s) => Key::Text(s.clone()),
            Value::Bytes(b) => Key::Bytes(b.clone()),
        })
    }

    /// `str(x)` as CPython 3.11 prints it.
    pub fn py_str(&self) -> String {
        match self {
            Value::Null => "None".into(),
            Value::Bool(true) => "True".into(),
            Value::Bool(false) => "False".into(),
            Value::Int(i) => i.to_string(),
            Value::Float(f) if f.is_nan() => "nan".into(),
            Value::Float(f) if f.is_infinite() => if *f > 0.0 { "inf" } else { "-inf" }.into(),
            Value::Float(f) => python_float_repr(*f),
            Value::Text(s) => s.clone(),
            Value::Bytes(b) => bytes_repr(b),
        }
    }

    /// `str(type(x))`.
    pub fn py_type_str(&self) -> &'static str {
        match self {
            Value::Null => "<class 'NoneType'>",
            Value::Bool(_) => "<class 'bool'>",
            Value::Int(_) => "<class 'int'>",
            Value::Float(_) => "<class 'float'>",
            Value::Text(_) => "<class 'str'>",
            Value::Bytes(_) => "<class 'bytes'>",
        }
    }

    /// Python's `a == b` for two distinct objects.
    pub fn py_eq(&self, other: &Value) -> bool {
        match (self.key(), other.key()) {
            (Some(a), Some(b)) => a == b,
            _ => false,
        }
    }
}

/// CPython's `repr(bytes)`.
pub fn bytes_repr(bytes: &[u8]) -> String {
    let quote = if bytes.contains(&b'\'') && !bytes.contains(&b'"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(bytes.len() + 3);
    out.push('b');
    out.push(quote);
    for &b in bytes {
        match b {
            b'\\' => out.push_str("\\\\"),
            b'\t' => out.push_str("\\t"),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            _ if b as char == quote => {
                out.push('\\');
                out.push(quote);
            }
            0x20..=0x7e => out.push(b as char),
            _ => out.push_str(&format!("\\x{b:02x}")),
        }
    }
    out.push(quote);
    out
}

/// Gives each value an id such that two ids are equal iff the values are `==` in Python
/// (a NaN gets a fresh id: it equals nothing, not even another NaN).
#[derive(Debug, Default)]
pub struct Interner {
    ids: HashMap<Key, u32>,
    next: u32,
}

impl Interner {
    /// An empty interner.
    pub fn new() -> Self {
        Self::default()
    }
    /// The id of `value`.
    pub fn id(&mut self, value: &Value) -> u32 {
        let fresh = self.next;
        match value.key() {
            None => {
                self.next += 1;
                fresh
            }
            Some(key) => *self.ids.entry(key).or_insert_with(|| {
                self.next += 1;
                fresh
            }),
        }
    }
    /// The ids of a table, row by row.
    pub fn table(&mut self, rows: &[Vec<Value>]) -> Vec<Vec<u32>> {
        rows.iter()
            .map(|row| row.iter().map(|v| self.id(v)).collect())
            .collect()
    }
}

/// Rows from a JSON array of arrays as CPython's `json.loads` reads it (`1` an int, `1.0` a
/// float, `null` None, `NaN` a float): a result typed as a driver returns it, for a binding that
/// receives text (JSON has no bytes). A cell that is an array or object, or an int beyond 64 bits,
/// is refused with its code; rows of other lengths are `result_eq`'s to judge.
pub fn rows_from_json(
    value: &tabeq::cpython_json::Value,
    which: &str,
) -> Result<Vec<Vec<Value>>, crate::SqlError> {
    use crate::error::SqlCode;
    use tabeq::cpython_json::Value as Json;
    let refuse = |code: SqlCode, message: String| crate::SqlError {
        code: code.code(),
        message,
    };
    let Json::Array(rows) = value else {
        let message = format!("{which} is not a JSON array of rows");
        return Err(refuse(SqlCode::UnsupportedValue, message));
    };
    rows.iter()
        .enumerate()
        .map(|(r, row)| {
            let Json::Array(cells) = row else {
                let message = format!("{which} row {r} is not a JSON array of values");
                return Err(refuse(SqlCode::UnsupportedValue, message));
            };
            cells
                .iter()
                .map(|cell| match cell {
                    Json::Null => Ok(Value::Null),
                    Json::Bool(b) => Ok(Value::Bool(*b)),
                    Json::Int(i) => Ok(Value::Int(*i)),
                    Json::Float(f) => Ok(Value::Float(*f)),
                    Json::Str(s) => Ok(Value::Text(s.clone())),
                    Json::BigInt(digits) => Err(refuse(
                        SqlCode::IntOutOfRange,
                        format!("{which} row {r} holds {digits}, an int outside the 64-bit range"),
                    )),
                    Json::Array(_) | Json::Object(_) => Err(refuse(
                        SqlCode::UnsupportedValue,
                        format!("{which} row {r} holds an array or object (expected null, true, false, a number or a string)"),
                    )),
                })
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn rows_from_json_keep_python_types() {
        let parse = |t: &str| tabeq::cpython_json::parse(t).unwrap();
        let rows =
            super::rows_from_json(&parse("[[1, 1.0, null, true, \"x\"]]"), "result1").unwrap();
        assert_eq!(
            rows[0],
            [
                super::Value::Int(1),
                super::Value::Float(1.0),
                super::Value::Null,
                super::Value::Bool(true),
                super::Value::Text("x".into())
            ]
        );
        let big = super::rows_from_json(&parse("[[100000000000000000000]]"), "result1");
        assert_eq!(big.unwrap_err().code, "sql_int_out_of_range");
        let nested = super::rows_from_json(&parse("[[[1]]]"), "result2");
        assert_eq!(nested.unwrap_err().code, "sql_unsupported_value");
    }

    use super::*;

    #[test]
    fn python_equality_across_types() {
        let one = [Value::Bool(true), Value::Int(1), Value::Float(1.0)];
        for a in &one {
            for b in &one {
                assert!(a.py_eq(b));
            }
        }
        assert!(Value::Float(-0.0).py_eq(&Value::Int(0)));
        assert!(!Value::Float(f64::NAN).py_eq(&Value::Float(f64::NAN)));
        assert!(!Value::Int(9_007_199_254_740_993).py_eq(&Value::Float(9_007_199_254_740_992.0)));
        assert!(!Value::Text("1".into()).py_eq(&Value::Int(1)));
        assert!(!Value::Text("a".into()).py_eq(&Value::Bytes(b"a".to_vec())));
        assert!(!Value::Null.py_eq(&Value::Int(0)));
        assert!(Value::Float(f64::INFINITY).py_eq(&Value::Float(f64::INFINITY)));
    }

    #[test]
    fn str_as_cpython_prints_it() {
        assert_eq!(Value::Float(1e16).py_str(), "1e+16");
        assert_eq!(Value::Float(10.0).py_str(), "10.0");
        assert_eq!(Value::Float(1e-5).py_str(), "1e-05");
        assert_eq!(Value::Float(f64::NEG_INFINITY).py_str(), "-inf");
        assert_eq!(Value::Bool(false).py_str(), "False");
        assert_eq!(bytes_repr(b"a'\x00\xff\\"), "b\"a'\\x00\\xff\\\\\"");
        assert_eq!(bytes_repr(b"'\""), "b'\\'\"'");
    }
}
