//! A JSON reader and writer that behave like CPython's `json` module where the official
//! evaluator depends on it: `NaN`/`Infinity` literals are accepted, integers and floats stay
//! distinct (`1` vs `1.0`), duplicate keys keep the last value, and output follows
//! `json.dumps(..., ensure_ascii=False, indent=2)`.

use core::fmt::Write;
use std::borrow::Cow;

mod de;

pub use de::{from_str, from_value, from_value_every_key, key_error, DeError};

/// A parsed JSON value.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// `null`
    Null,
    /// `true` / `false`
    Bool(bool),
    /// An integer that fits in `i64`.
    Int(i64),
    /// An integer outside `i64` (its decimal text).
    BigInt(String),
    /// A number with a fraction or exponent, or `NaN`/`Infinity`.
    Float(f64),
    /// A string (lone surrogate escapes become U+FFFD).
    Str(String),
    /// An array.
    Array(Vec<Value>),
    /// An object, in source order; duplicate keys are kept and [`Value::get`] returns the last.
    Object(Vec<(String, Value)>),
}

impl Value {
    /// The value of the last member named `key`, if this is an object.
    pub fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Object(members) => members.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// Python truthiness (`bool(value)`).
    pub fn truthy(&self) -> bool {
        match self {
            Value::Null => false,
            Value::Bool(b) => *b,
            Value::Int(i) => *i != 0,
            Value::BigInt(_) => true,
            Value::Float(f) => *f != 0.0,
            Value::Str(s) => !s.is_empty(),
            Value::Array(a) => !a.is_empty(),
            Value::Object(o) => !o.is_empty(),
        }
    }

    /// Python `value == n` for a small non-negative integer `n` (bools are ints in Python).
    pub fn equals_index(&self, n: usize) -> bool {
        match self {
            Value::Bool(b) => (*b as usize) == n,
            Value::Int(i) => usize::try_from(*i).is_ok_and(|i| i == n),
            Value::Float(f) => *f == n as f64,
            _ => false,
        }
    }

    /// Python `isinstance(value, int)` (so bools count), as an `i64` when it fits.
    pub fn as_python_int(&self) -> Option<Option<i64>> {
        match self {
            Value::Bool(b) => Some(Some(*b as i64)),
            Value::Int(i) => Some(Some(*i)),
            Value::BigInt(_) => Some(None),
            _ => None,
        }
    }
}

/// JSON as a binding hands it to a reader: the user's own text, or the binding's own data
/// already converted to a value (so nothing is written as text only to be read again).
///
/// ```
/// use tabeq::cpython_json::{JsonInput, Value};
/// let given = Value::Array(vec![Value::Int(1)]);
/// assert_eq!(*JsonInput::Text("[1]").value().unwrap(), given);
/// assert_eq!(*JsonInput::Value(&given).value().unwrap(), given);
/// assert!(JsonInput::Text(" \n").is_blank() && !JsonInput::Value(&Value::Null).is_blank());
/// ```
#[derive(Debug, Clone, Copy)]
pub enum JsonInput<'a> {
    /// JSON text, as the user wrote it.
    Text(&'a str),
    /// A value a binding built from its own data.
    Value(&'a Value),
}

impl<'a> JsonInput<'a> {
    /// The value: the text read (like `json.loads`), or the value as given.
    pub fn value(self) -> Result<std::borrow::Cow<'a, Value>, JsonError> {
        match self {
            JsonInput::Text(text) => parse(text).map(std::borrow::Cow::Owned),
            JsonInput::Value(value) => Ok(std::borrow::Cow::Borrowed(value)),
        }
    }

    /// Text holding only whitespace: an input left out.
    pub fn is_blank(self) -> bool {
        matches!(self, JsonInput::Text(text) if text.trim().is_empty())
    }
}

/// A JSON syntax error with its byte offset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsonError {
    /// What is wrong.
    pub message: String,
    /// Byte offset in the input.
    pub offset: usize,
}

impl core::fmt::Display for JsonError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{} (byte {})", self.message, self.offset)
    }
}

/// The deepest nesting the reader accepts (and a binding's converter of its own data).
pub const MAX_DEPTH: usize = 512;
/// CPython refuses to convert integers with more digits than this (`sys.int_info.default_max_str_digits`).
const MAX_INT_DIGITS: usize = 4300;

/// Parse JSON text the way `json.loads` does.
pub fn parse(text: &str) -> Result<Value, JsonError> {
    if text.starts_with('\u{FEFF}') {
        return Err(JsonError {
            message: "Unexpected UTF-8 BOM".into(),
            offset: 0,
        });
    }
    let mut p = Parser {
        s: text.as_bytes(),
        text,
        i: 0,
    };
    p.ws();
    let v = p.value(0)?;
    p.ws();
    if p.i != p.s.len() {
        return Err(p.error("Extra data"));
    }
    Ok(v)
}

/// A member value handed out by [`parse_object_members`]: a string borrowed from the text when
/// it holds no escape, any other value parsed as [`parse`] parses it.
#[derive(Debug, Clone, PartialEq)]
pub enum Member<'a> {
    /// A string without escapes, as it stands in the text.
    Str(&'a str),
    /// Any other value (strings with escapes included).
    Value(Value),
}

/// Read text that holds one JSON object, handing each member to `member` (its key, then its
/// value) in source order, without building the object: the typed readers of JSON lines use it.
/// The members are those [`parse`] would give (duplicate keys come twice, so the last one handed
/// over is the one [`Value::get`] returns); `member` says whether it wants a member's value
/// (values it does not want are checked, not kept). `None` when the text is not valid JSON or
/// not an object: [`parse`] then gives the exact error or the value (what `member` was handed
/// before is to be dropped).
pub fn parse_object_members<'a>(
    text: &'a str,
    mut wants: impl FnMut(&str) -> bool,
    mut member: impl FnMut(&str, Member<'a>),
) -> Option<()> {
    if text.starts_with('\u{FEFF}') {
        return None;
    }
    let mut p = Parser {
        s: text.as_bytes(),
        text,
        i: 0,
    };
    p.ws();
    if p.s.get(p.i) != Some(&b'{') {
        return None;
    }
    p.i += 1;
    p.ws();
    if p.s.get(p.i) == Some(&b'}') {
        p.i += 1;
    } else {
        loop {
            p.ws();
            if p.s.get(p.i) != Some(&b'"') {
                return None;
            }
            let key = p.string_borrowed().ok()?;
            p.ws();
            if p.s.get(p.i) != Some(&b':') {
                return None;
            }
            p.i += 1;
            p.ws();
            if wants(&key) {
                let value = match p.s.get(p.i) {
                    Some(b'"') => match p.string_borrowed().ok()? {
                        Cow::Borrowed(s) => Member::Str(s),
                        Cow::Owned(s) => Member::Value(Value::Str(s)),
                    },
                    _ => Member::Value(p.value(1).ok()?),
                };
                member(&key, value);
            } else if p.s.get(p.i) == Some(&b'"') {
                p.string_borrowed().ok()?;
            } else {
                p.value(1).ok()?;
            }
            p.ws();
            match p.s.get(p.i) {
                Some(b',') => p.i += 1,
                Some(b'}') => {
                    p.i += 1;
                    break;
                }
                _ => return None,
            }
        }
    }
    p.ws();
    (p.i == p.s.len()).then_some(())
}

struct Parser<'a> {
    s: &'a [u8],
    text: &'a str,
    i: usize,
}

impl<'a> Parser<'a> {
    fn error(&self, message: &str) -> JsonError {
        JsonError {
            message: message.to_string(),
            offset: self.i,
        }
    }
    fn ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.s.get(self.i) {
            self.i += 1;
        }
    }
    fn eat(&mut self, lit: &str) -> bool {
        if self.s[self.i..].starts_with(lit.as_bytes()) {
            self.i += lit.len();
            true
        } else {
            false
        }
    }
    fn value(&mut self, depth: usize) -> Result<Value, JsonError> {
        if depth > MAX_DEPTH {
            return Err(self.error("nesting too deep"));
        }
        match self.s.get(self.i) {
            None => Err(self.error("Expecting value")),
            Some(b'{') => {
                self.i += 1;
                let mut members = Vec::new();
                self.ws();
                if self.s.get(self.i) == Some(&b'}') {
                    self.i += 1;
                    return Ok(Value::Object(members));
                }
                loop {
                    self.ws();
                    if self.s.get(self.i) != Some(&b'"') {
                        return Err(self.error("Expecting property name enclosed in double quotes"));
                    }
                    let key = self.string()?;
                    self.ws();
                    if self.s.get(self.i) != Some(&b':') {
                        return Err(self.error("Expecting ':' delimiter"));
                    }
                    self.i += 1;
                    self.ws();
                    let v = self.value(depth + 1)?;
                    members.push((key, v));
                    self.ws();
                    match self.s.get(self.i) {
                        Some(b',') => self.i += 1,
                        Some(b'}') => {
                            self.i += 1;
                            return Ok(Value::Object(members));
                        }
                        _ => return Err(self.error("Expecting ',' delimiter")),
                    }
                }
            }
            Some(b'[') => {
                self.i += 1;
                let mut items = Vec::new();
                self.ws();
                if self.s.get(self.i) == Some(&b']') {
                    self.i += 1;
                    return Ok(Value::Array(items));
                }
                loop {
                    self.ws();
                    items.push(self.value(depth + 1)?);
                    self.ws();
                    match self.s.get(self.i) {
                        Some(b',') => self.i += 1,
                        Some(b']') => {
                            self.i += 1;
                            return Ok(Value::Array(items));
                        }
                        _ => return Err(self.error("Expecting ',' delimiter")),
                    }
                }
            }
            Some(b'"') => Ok(Value::Str(self.string()?)),
            Some(_) => {
                if self.eat("null") {
                    Ok(Value::Null)
                } else if self.eat("true") {
                    Ok(Value::Bool(true))
                } else if self.eat("false") {
                    Ok(Value::Bool(false))
                } else if self.eat("NaN") {
                    Ok(Value::Float(f64::NAN))
                } else if self.eat("Infinity") {
                    Ok(Value::Float(f64::INFINITY))
                } else if self.eat("-Infinity") {
                    Ok(Value::Float(f64::NEG_INFINITY))
                } else {
                    self.number()
                }
            }
        }
    }

    fn digits(&mut self) -> usize {
        let start = self.i;
        while self.s.get(self.i).is_some_and(u8::is_ascii_digit) {
            self.i += 1;
        }
        self.i - start
    }

    fn number(&mut self) -> Result<Value, JsonError> {
        let start = self.i;
        if self.s.get(self.i) == Some(&b'-') {
            self.i += 1;
        }
        match self.s.get(self.i) {
            Some(b'0') => self.i += 1,
            Some(b'1'..=b'9') => {
                self.digits();
            }
            _ => {
                self.i = start;
                return Err(self.error("Expecting value"));
            }
        }
        let mut is_float = false;
        if self.s.get(self.i) == Some(&b'.')
            && self.s.get(self.i + 1).is_some_and(u8::is_ascii_digit)
        {
            self.i += 1;
            self.digits();
            is_float = true;
        }
        if let Some(b'e' | b'E') = self.s.get(self.i) {
            let save = self.i;
            self.i += 1;
            if let Some(b'+' | b'-') = self.s.get(self.i) {
                self.i += 1;
            }
            if self.digits() == 0 {
                self.i = save;
            } else {
                is_float = true;
            }
        }
        let lit = &self.text[start..self.i];
        if is_float {
            // Rust's parser rounds like CPython's float() and gives ±inf on overflow.
            return lit
                .parse::<f64>()
                .map(Value::Float)
                .map_err(|_| self.error("invalid number"));
        }
        let digit_count = lit.trim_start_matches('-').len();
        if digit_count > MAX_INT_DIGITS {
            return Err(self.error("integer string too long"));
        }
        Ok(match lit.parse::<i64>() {
            Ok(v) => Value::Int(v),
            Err(_) => Value::BigInt(lit.to_string()),
        })
    }

    fn hex4(&mut self) -> Result<u32, JsonError> {
        let h = self
            .s
            .get(self.i..self.i + 4)
            .ok_or_else(|| self.error("Invalid \\uXXXX escape"))?;
        let h = core::str::from_utf8(h).map_err(|_| self.error("Invalid \\uXXXX escape"))?;
        if !h.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(self.error("Invalid \\uXXXX escape"));
        }
        self.i += 4;
        u32::from_str_radix(h, 16).map_err(|_| self.error("Invalid \\uXXXX escape"))
    }

    /// [`Parser::string`], borrowing the text when the string holds no escape.
    fn string_borrowed(&mut self) -> Result<Cow<'a, str>, JsonError> {
        let start = self.i + 1;
        let mut end = start;
        while let Some(&b) = self.s.get(end) {
            if b == b'"' {
                self.i = end + 1;
                return Ok(Cow::Borrowed(&self.text[start..end]));
            }
            if b == b'\\' || b < 0x20 {
                break;
            }
            end += 1;
        }
        self.string().map(Cow::Owned)
    }

    fn string(&mut self) -> Result<String, JsonError> {
        self.i += 1; // opening quote
        let mut out = String::new();
        loop {
            let run_start = self.i;
            while let Some(&b) = self.s.get(self.i) {
                if b == b'"' || b == b'\\' || b < 0x20 {
                    break;
                }
                self.i += 1;
            }
            out.push_str(&self.text[run_start..self.i]);
            match self.s.get(self.i) {
                None => return Err(self.error("Unterminated string")),
                Some(b'"') => {
                    self.i += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    self.i += 1;
                    let esc = *self
                        .s
                        .get(self.i)
                        .ok_or_else(|| self.error("Unterminated string"))?;
                    self.i += 1;
                    match esc {
                        b'"' => out.push('"'),
                        b'\\' => out.push('\\'),
                        b'/' => out.push('/'),
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{C}'),
                        b'n' => out.push('\n'),
                        b'r' => out.push('\r'),
                        b't' => out.push('\t'),
                        b'u' => {
                            let hi = self.hex4()?;
                            let cp = if (0xD800..0xDC00).contains(&hi)
                                && self.s.get(self.i) == Some(&b'\\')
                                && self.s.get(self.i + 1) == Some(&b'u')
                            {
                                let save = self.i;
                                self.i += 2;
                                let lo = self.hex4()?;
                                if (0xDC00..0xE000).contains(&lo) {
                                    0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00)
                                } else {
                                    self.i = save;
                                    hi
                                }
                            } else {
                                hi
                            };
                            out.push(char::from_u32(cp).unwrap_or('\u{FFFD}'));
                        }
                        _ => return Err(self.error("Invalid \\escape")),
                    }
                }
                Some(_) => return Err(self.error("Invalid control character")),
            }
        }
    }
}

/// Write `s` as a JSON string literal the way `json.dumps(..., ensure_ascii=False)` does.
pub fn write_str(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{C}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Format a float like Python's `repr(float)`.
pub fn python_float_repr(x: f64) -> String {
    if x.is_nan() {
        return "NaN".into();
    }
    if x.is_infinite() {
        return if x > 0.0 {
            "Infinity".into()
        } else {
            "-Infinity".into()
        };
    }
    if x == 0.0 {
        return if x.is_sign_negative() {
            "-0.0".into()
        } else {
            "0.0".into()
        };
    }
    // `{:e}` gives the shortest round-tripping digits: "d.ddde[-]x".
    let sci = format!("{:e}", x.abs());
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
    let sign = if x < 0.0 { "-" } else { "" };
    if (-4..16).contains(&exp) {
        let n = digits.len() as i32;
        let body = if exp >= 0 {
            if n <= exp + 1 {
                format!("{}{}.0", digits, "0".repeat((exp + 1 - n) as usize))
            } else {
                format!(
                    "{}.{}",
                    &digits[..(exp + 1) as usize],
                    &digits[(exp + 1) as usize..]
                )
            }
        } else {
            format!("0.{}{}", "0".repeat((-exp - 1) as usize), digits)
        };
        format!("{sign}{body}")
    } else {
        let m = if digits.len() > 1 {
            format!("{}.{}", &digits[..1], &digits[1..])
        } else {
            digits.clone()
        };
        format!(
            "{sign}{m}e{}{:02}",
            if exp < 0 { "-" } else { "+" },
            exp.abs()
        )
    }
}

/// A small pretty-printer producing `json.dumps(obj, ensure_ascii=False, indent=2)` output.
#[derive(Debug, Clone, PartialEq)]
pub enum Out {
    /// `null`
    Null,
    /// `true`/`false`
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A float, written like Python's `repr`.
    Float(f64),
    /// A string.
    Str(String),
    /// An array.
    Array(Vec<Out>),
    /// An object with keys in order.
    Object(Vec<(String, Out)>),
}

impl Out {
    /// Render with two-space indentation, like `json.dumps(..., indent=2)`.
    pub fn to_pretty(&self) -> String {
        let mut s = String::new();
        self.write(&mut s, 0, false);
        s
    }

    /// Like [`Out::to_pretty`], but arrays holding only scalars stay on one line (`[0, 2]`), so
    /// long index lists stay short (the diagnosis layout).
    ///
    /// ```
    /// use tabeq::cpython_json::Out;
    /// let v = Out::Object(vec![("k".into(), Out::Array(vec![Out::Int(0), Out::Int(2)]))]);
    /// assert_eq!(v.to_pretty_inline_scalars(), "{\n  \"k\": [0, 2]\n}");
    /// ```
    pub fn to_pretty_inline_scalars(&self) -> String {
        let mut s = String::new();
        self.write(&mut s, 0, true);
        s
    }

    fn is_scalar(&self) -> bool {
        !matches!(self, Out::Array(_) | Out::Object(_))
    }

    fn write(&self, out: &mut String, level: usize, inline_scalars: bool) {
        match self {
            Out::Null => out.push_str("null"),
            Out::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Out::Int(i) => {
                let _ = write!(out, "{i}");
            }
            Out::Float(f) => out.push_str(&python_float_repr(*f)),
            Out::Str(s) => write_str(out, s),
            Out::Array(items) if items.is_empty() => out.push_str("[]"),
            Out::Array(items) if inline_scalars && items.iter().all(Out::is_scalar) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    item.write(out, level, inline_scalars);
                }
                out.push(']');
            }
            Out::Array(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    newline(out, level + 1);
                    item.write(out, level + 1, inline_scalars);
                }
                newline(out, level);
                out.push(']');
            }
            Out::Object(members) if members.is_empty() => out.push_str("{}"),
            Out::Object(members) => {
                out.push('{');
                for (i, (k, v)) in members.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    newline(out, level + 1);
                    write_str(out, k);
                    out.push_str(": ");
                    v.write(out, level + 1, inline_scalars);
                }
                newline(out, level);
                out.push('}');
            }
        }
    }
}

/// A tree serializes as the JSON it prints (objects in key order, `Null` as unit), so another
/// serializer (`serde-wasm-bindgen` for JavaScript) builds the same values without JSON text.
/// NaN and ±Infinity, which Python prints but JSON cannot read back, are refused.
///
/// ```
/// use tabeq::cpython_json::Out;
/// let tree = Out::Object(vec![("b".into(), Out::Float(1.0)), ("a".into(), Out::Null)]);
/// assert_eq!(serde_json::to_string(&tree).unwrap(), r#"{"b":1.0,"a":null}"#);
/// assert!(serde_json::to_string(&Out::Float(f64::NAN)).is_err());
/// ```
impl serde::Serialize for Out {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Out::Null => s.serialize_unit(),
            Out::Bool(b) => s.serialize_bool(*b),
            Out::Int(i) => s.serialize_i64(*i),
            Out::Float(f) if f.is_finite() => s.serialize_f64(*f),
            Out::Float(f) => Err(serde::ser::Error::custom(format_args!(
                "{} has no JSON form",
                python_float_repr(*f)
            ))),
            Out::Str(text) => s.serialize_str(text),
            Out::Array(items) => s.collect_seq(items),
            Out::Object(members) => s.collect_map(members.iter().map(|(k, v)| (k, v))),
        }
    }
}

/// A tree as the value `json.loads` reads back from its text (the one value type a binding
/// turns into its own objects, whether computed here or read from a file).
impl From<&Out> for Value {
    fn from(out: &Out) -> Value {
        match out {
            Out::Null => Value::Null,
            Out::Bool(b) => Value::Bool(*b),
            Out::Int(i) => Value::Int(*i),
            Out::Float(f) => Value::Float(*f),
            Out::Str(s) => Value::Str(s.clone()),
            Out::Array(items) => Value::Array(items.iter().map(Value::from).collect()),
            Out::Object(members) => Value::Object(
                members
                    .iter()
                    .map(|(key, value)| (key.clone(), Value::from(value)))
                    .collect(),
            ),
        }
    }
}

/// An object's members as Python's `dict` holds them after `json.loads`: a repeated key keeps
/// its first position and its last value.
///
/// ```
/// use tabeq::cpython_json::{dict_members, Value};
/// let members = vec![("a".into(), Value::Int(1)), ("b".into(), Value::Null), ("a".into(), Value::Int(3))];
/// assert_eq!(dict_members(&members), [("a", &Value::Int(3)), ("b", &Value::Null)]);
/// ```
pub fn dict_members(members: &[(String, Value)]) -> Vec<(&str, &Value)> {
    let mut kept: Vec<(&str, &Value)> = Vec::with_capacity(members.len());
    let mut at: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for (key, value) in members {
        match at.get(key.as_str()) {
            Some(&i) => kept[i].1 = value,
            None => {
                at.insert(key, kept.len());
                kept.push((key, value));
            }
        }
    }
    kept
}

impl Value {
    /// `json.dumps(value, ensure_ascii=False, indent=indent)` of the Python data `json.loads`
    /// makes of this value: `indent` `None` is one line (`", "` and `": "` between items), a
    /// number puts each item on its own line indented that many spaces per level.
    ///
    /// ```
    /// use tabeq::cpython_json::parse;
    /// let value = parse(r#"{"a": [1, 2.5, NaN], "b": {}, "a": [], "c": "é"}"#).unwrap();
    /// assert_eq!(value.to_python_json(None), r#"{"a": [], "b": {}, "c": "é"}"#);
    /// let value = parse("[1e400, 12345678901234567890, {\"k\": null}]").unwrap();
    /// assert_eq!(value.to_python_json(Some(1)), "[\n Infinity,\n 12345678901234567890,\n {\n  \"k\": null\n }\n]");
    /// ```
    pub fn to_python_json(&self, indent: Option<usize>) -> String {
        let mut out = String::new();
        self.write_python_json(&mut out, indent, 0);
        out
    }

    fn write_python_json(&self, out: &mut String, indent: Option<usize>, level: usize) {
        // Between items: `json.dumps` drops the space after the comma when it indents.
        let separator = if indent.is_some() { "," } else { ", " };
        let line_break = |out: &mut String, level: usize| {
            if let Some(width) = indent {
                out.push('\n');
                out.extend(core::iter::repeat_n(' ', width * level));
            }
        };
        match self {
            Value::Null => out.push_str("null"),
            Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Value::Int(i) => {
                let _ = write!(out, "{i}");
            }
            Value::BigInt(digits) => out.push_str(digits),
            Value::Float(f) => out.push_str(&python_float_repr(*f)),
            Value::Str(s) => write_str(out, s),
            Value::Array(items) if items.is_empty() => out.push_str("[]"),
            Value::Array(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(separator);
                    }
                    line_break(out, level + 1);
                    item.write_python_json(out, indent, level + 1);
                }
                line_break(out, level);
                out.push(']');
            }
            Value::Object(members) if members.is_empty() => out.push_str("{}"),
            Value::Object(members) => {
                out.push('{');
                for (i, (key, value)) in dict_members(members).into_iter().enumerate() {
                    if i > 0 {
                        out.push_str(separator);
                    }
                    line_break(out, level + 1);
                    write_str(out, key);
                    out.push_str(": ");
                    value.write_python_json(out, indent, level + 1);
                }
                line_break(out, level);
                out.push('}');
            }
        }
    }
}

fn newline(out: &mut String, level: usize) {
    out.push('\n');
    for _ in 0..level {
        out.push_str("  ");
    }
}

/// Why a value could not become JSON (a map key that is not a string or an integer, or a
/// type JSON has no form for). The report types of this crate never produce one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SerializeError(String);

impl core::fmt::Display for SerializeError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SerializeError {}

impl serde::ser::Error for SerializeError {
    fn custom<T: core::fmt::Display>(msg: T) -> Self {
        SerializeError(msg.to_string())
    }
}

/// Any `serde::Serialize` value as a JSON tree, in field order: the one way the crate's
/// report types become JSON (and so the one place their key names are spelled: the structs).
///
/// ```
/// use tabeq::cpython_json::{to_out, Out};
/// #[derive(serde::Serialize)]
/// struct Point { x: u32, label: Option<&'static str>, share: f64 }
/// let out = to_out(&Point { x: 3, label: None, share: 0.5 }).unwrap();
/// assert_eq!(out.to_pretty(), "{\n  \"x\": 3,\n  \"label\": null,\n  \"share\": 0.5\n}");
/// ```
pub fn to_out<T: serde::Serialize + ?Sized>(value: &T) -> Result<Out, SerializeError> {
    value.serialize(OutSerializer)
}

/// `value` as `json.dumps(value, ensure_ascii=False, indent=2)` text.
///
/// # Examples
///
/// ```
/// let text = tabeq::to_pretty_json(&vec![("é", 1.0)]).unwrap();
/// assert_eq!(text, "[\n  [\n    \"é\",\n    1.0\n  ]\n]");
/// ```
pub fn to_pretty_json<T: serde::Serialize + ?Sized>(value: &T) -> Result<String, SerializeError> {
    Ok(to_out(value)?.to_pretty())
}

/// [`to_out`] for the crate's own report types, which have string keys only and so always
/// serialize (an error would show as its message rather than abort a run).
pub fn to_tree<T: serde::Serialize + ?Sized>(value: &T) -> Out {
    to_out(value).unwrap_or_else(|e| Out::Str(e.to_string()))
}

fn int_out<T: TryInto<i64>>(v: T) -> Out {
    v.try_into().map_or(Out::Int(i64::MAX), Out::Int)
}

struct OutSerializer;

/// Elements of an array (or a tuple) under construction.
#[doc(hidden)]
pub struct SeqOut(Vec<Out>, Option<&'static str>);

/// Members of an object under construction.
#[doc(hidden)]
pub struct MapOut(Vec<(String, Out)>, Option<String>, Option<&'static str>);

fn wrap(variant: Option<&'static str>, value: Out) -> Out {
    match variant {
        Some(v) => Out::Object(vec![(v.to_string(), value)]),
        None => value,
    }
}

impl serde::Serializer for OutSerializer {
    type Ok = Out;
    type Error = SerializeError;
    type SerializeSeq = SeqOut;
    type SerializeTuple = SeqOut;
    type SerializeTupleStruct = SeqOut;
    type SerializeTupleVariant = SeqOut;
    type SerializeMap = MapOut;
    type SerializeStruct = MapOut;
    type SerializeStructVariant = MapOut;

    fn serialize_bool(self, v: bool) -> Result<Out, SerializeError> {
        Ok(Out::Bool(v))
    }
    fn serialize_i8(self, v: i8) -> Result<Out, SerializeError> {
        Ok(Out::Int(v.into()))
    }
    fn serialize_i16(self, v: i16) -> Result<Out, SerializeError> {
        Ok(Out::Int(v.into()))
    }
    fn serialize_i32(self, v: i32) -> Result<Out, SerializeError> {
        Ok(Out::Int(v.into()))
    }
    fn serialize_i64(self, v: i64) -> Result<Out, SerializeError> {
        Ok(Out::Int(v))
    }
    fn serialize_u8(self, v: u8) -> Result<Out, SerializeError> {
        Ok(Out::Int(v.into()))
    }
    fn serialize_u16(self, v: u16) -> Result<Out, SerializeError> {
        Ok(Out::Int(v.into()))
    }
    fn serialize_u32(self, v: u32) -> Result<Out, SerializeError> {
        Ok(Out::Int(v.into()))
    }
    fn serialize_u64(self, v: u64) -> Result<Out, SerializeError> {
        Ok(int_out(v))
    }
    fn serialize_f32(self, v: f32) -> Result<Out, SerializeError> {
        Ok(Out::Float(v.into()))
    }
    fn serialize_f64(self, v: f64) -> Result<Out, SerializeError> {
        Ok(Out::Float(v))
    }
    fn serialize_char(self, v: char) -> Result<Out, SerializeError> {
        Ok(Out::Str(v.to_string()))
    }
    fn serialize_str(self, v: &str) -> Result<Out, SerializeError> {
        Ok(Out::Str(v.to_string()))
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<Out, SerializeError> {
        Ok(Out::Array(v.iter().map(|&b| Out::Int(b.into())).collect()))
    }
    fn serialize_none(self) -> Result<Out, SerializeError> {
        Ok(Out::Null)
    }
    fn serialize_some<T: serde::Serialize + ?Sized>(self, v: &T) -> Result<Out, SerializeError> {
        v.serialize(self)
    }
    fn serialize_unit(self) -> Result<Out, SerializeError> {
        Ok(Out::Null)
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<Out, SerializeError> {
        Ok(Out::Null)
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<Out, SerializeError> {
        Ok(Out::Str(variant.into()))
    }
    fn serialize_newtype_struct<T: serde::Serialize + ?Sized>(
        self,
        _: &'static str,
        v: &T,
    ) -> Result<Out, SerializeError> {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: serde::Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        v: &T,
    ) -> Result<Out, SerializeError> {
        Ok(wrap(Some(variant), v.serialize(self)?))
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<SeqOut, SerializeError> {
        Ok(SeqOut(Vec::with_capacity(len.unwrap_or(0)), None))
    }
    fn serialize_tuple(self, len: usize) -> Result<SeqOut, SerializeError> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<SeqOut, SerializeError> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<SeqOut, SerializeError> {
        Ok(SeqOut(Vec::with_capacity(len), Some(variant)))
    }
    fn serialize_map(self, len: Option<usize>) -> Result<MapOut, SerializeError> {
        Ok(MapOut(Vec::with_capacity(len.unwrap_or(0)), None, None))
    }
    fn serialize_struct(self, _: &'static str, len: usize) -> Result<MapOut, SerializeError> {
        self.serialize_map(Some(len))
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<MapOut, SerializeError> {
        Ok(MapOut(Vec::with_capacity(len), None, Some(variant)))
    }
}

impl SeqOut {
    fn push<T: serde::Serialize + ?Sized>(&mut self, v: &T) -> Result<(), SerializeError> {
        self.0.push(v.serialize(OutSerializer)?);
        Ok(())
    }
    fn finish(self) -> Out {
        wrap(self.1, Out::Array(self.0))
    }
}

macro_rules! seq_impl {
    ($($trait:ident :: $method:ident),+) => {$(
        impl serde::ser::$trait for SeqOut {
            type Ok = Out;
            type Error = SerializeError;
            fn $method<T: serde::Serialize + ?Sized>(&mut self, v: &T) -> Result<(), SerializeError> {
                self.push(v)
            }
            fn end(self) -> Result<Out, SerializeError> {
                Ok(self.finish())
            }
        }
    )+};
}

seq_impl!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

impl serde::ser::SerializeMap for MapOut {
    type Ok = Out;
    type Error = SerializeError;
    fn serialize_key<T: serde::Serialize + ?Sized>(
        &mut self,
        key: &T,
    ) -> Result<(), SerializeError> {
        // Python's json turns int and bool keys into their text; so does this.
        self.1 = Some(match key.serialize(OutSerializer)? {
            Out::Str(s) => s,
            Out::Int(i) => i.to_string(),
            Out::Bool(b) => if b { "true" } else { "false" }.into(),
            other => {
                return Err(SerializeError(format!(
                    "a JSON key must be a string, not {other:?}"
                )))
            }
        });
        Ok(())
    }
    fn serialize_value<T: serde::Serialize + ?Sized>(
        &mut self,
        v: &T,
    ) -> Result<(), SerializeError> {
        let key = self.1.take().unwrap_or_default();
        self.0.push((key, v.serialize(OutSerializer)?));
        Ok(())
    }
    fn end(self) -> Result<Out, SerializeError> {
        Ok(wrap(self.2, Out::Object(self.0)))
    }
}

macro_rules! struct_impl {
    ($($trait:ident),+) => {$(
        impl serde::ser::$trait for MapOut {
            type Ok = Out;
            type Error = SerializeError;
            fn serialize_field<T: serde::Serialize + ?Sized>(
                &mut self,
                key: &'static str,
                v: &T,
            ) -> Result<(), SerializeError> {
                self.0.push((key.to_string(), v.serialize(OutSerializer)?));
                Ok(())
            }
            fn end(self) -> Result<Out, SerializeError> {
                Ok(wrap(self.2, Out::Object(self.0)))
            }
        }
    )+};
}

struct_impl!(SerializeStruct, SerializeStructVariant);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn python_quirks() {
        assert!(parse("NaN").unwrap().truthy());
        assert_eq!(parse("1.0").unwrap(), Value::Float(1.0));
        assert_eq!(parse("1").unwrap(), Value::Int(1));
        assert_eq!(
            parse("{\"a\":1,\"a\":2}").unwrap().get("a"),
            Some(&Value::Int(2))
        );
        assert!(parse("\u{FEFF}{}").is_err());
        assert!(parse("{} x").is_err());
        assert!(parse("\"a\u{1}\"").is_err());
        assert_eq!(
            parse("\"\\ud83d\\ude00\"").unwrap(),
            Value::Str("😀".into())
        );
        assert!(matches!(
            parse("123456789012345678901234567890").unwrap(),
            Value::BigInt(_)
        ));
        assert!(parse(&"[".repeat(10_000)).is_err());
    }

    #[test]
    fn float_repr() {
        for (x, s) in [
            (0.725, "0.725"),
            (1.0, "1.0"),
            (1e-5, "1e-05"),
            (1e16, "1e+16"),
            (123.5, "123.5"),
            (0.0001, "0.0001"),
            (1.0 / 3.0, "0.3333333333333333"),
        ] {
            assert_eq!(python_float_repr(x), s);
        }
    }
}
