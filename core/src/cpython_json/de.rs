//! serde's `Deserialize` over the CPython-exact reader: any type that derives it reads from
//! JSON text exactly as `json.loads` parses it (`NaN`, duplicate keys keep the last value,
//! integers and floats distinct), with messages in Python's words, naming the key at fault.
//!
//! ```
//! #[derive(serde::Deserialize, Debug, PartialEq)]
//! struct Row { name: String, count: u32 }
//! let row: Row = tabeq::cpython_json::from_str(r#"{"count": 1, "name": "a", "count": 2}"#).unwrap();
//! assert_eq!(row, Row { name: "a".into(), count: 2 });
//! let e = tabeq::cpython_json::from_str::<Row>(r#"{"name": 1, "count": 2}"#).unwrap_err();
//! assert_eq!(e.to_string(), "\"name\" is not a string");
//! let e = tabeq::cpython_json::from_str::<Row>(r#"{"name": "a"}"#).unwrap_err();
//! assert_eq!(e.to_string(), "missing key \"count\"");
//! ```

use core::fmt;

use serde::de::{self, DeserializeOwned, DeserializeSeed, IntoDeserializer, Visitor};

use super::{parse, Value};

/// Where a message names the key of the value at fault (filled in by the enclosing object).
const KEY: &str = "\u{0}key\u{0}";

/// Why JSON text or a value does not read as the type asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeError(String);

impl DeError {
    /// The message (what [`Display`](fmt::Display) writes).
    pub fn message(&self) -> &str {
        &self.0
    }

    /// The error as met under `key` of an object: a message about the value names the key.
    fn under(self, key: &str) -> DeError {
        if self.0.contains(KEY) {
            DeError(self.0.replace(KEY, &format!("{key:?}")))
        } else {
            self
        }
    }

    /// The error as the caller sees it: a message about the whole value says so.
    fn finished(self) -> DeError {
        DeError(self.0.replace(KEY, "the value"))
    }
}

impl fmt::Display for DeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DeError {}

impl de::Error for DeError {
    fn custom<T: fmt::Display>(message: T) -> Self {
        DeError(message.to_string())
    }

    fn invalid_type(_: de::Unexpected<'_>, expected: &dyn de::Expected) -> Self {
        // Python's names for what was expected.
        let expected = match expected.to_string().as_str() {
            "a sequence" => "a list".to_string(),
            "a map" => "an object".to_string(),
            "a boolean" => "a bool".to_string(),
            other => other.to_string(),
        };
        DeError(format!("{KEY} is not {expected}"))
    }

    fn missing_field(field: &'static str) -> Self {
        DeError(format!("missing key {field:?}"))
    }
}

/// An error about a value whose message names the key at fault: `"key" {what}` (for a
/// `deserialize_with` reader over this module's reader; `the value` at the top level).
pub fn key_error<E: de::Error>(what: &str) -> E {
    E::custom(format!("{KEY} {what}"))
}

/// How a struct's keys are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Keys {
    /// As serde's derive declares them (an `Option` or `#[serde(default)]` field may be absent).
    AsDeclared,
    /// Every field's key is required and the fields are read in their declared order: the
    /// first field that is absent or does not read is the error (an official record).
    EveryKey,
}

/// `T` from JSON text, read as `json.loads` reads it.
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, DeError> {
    from_value(&parse(text).map_err(|e| DeError(e.to_string()))?)
}

/// `T` from a parsed value.
pub fn from_value<T: DeserializeOwned>(value: &Value) -> Result<T, DeError> {
    T::deserialize(Reader(value, Keys::AsDeclared)).map_err(DeError::finished)
}

/// `T` from a parsed value in which every field's key is required, read in the declared
/// order (the first field that is absent or does not read is the error), as an official
/// record is read back.
pub fn from_value_every_key<T: DeserializeOwned>(value: &Value) -> Result<T, DeError> {
    T::deserialize(Reader(value, Keys::EveryKey)).map_err(DeError::finished)
}

/// A value being read.
#[derive(Clone, Copy)]
struct Reader<'de>(&'de Value, Keys);

impl<'de> de::Deserializer<'de> for Reader<'de> {
    type Error = DeError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        match self.0 {
            Value::Null => visitor.visit_unit(),
            Value::Bool(b) => visitor.visit_bool(*b),
            Value::Int(i) => visitor.visit_i64(*i),
            Value::BigInt(digits) => match digits.parse::<i128>() {
                Ok(i) => visitor.visit_i128(i),
                // Beyond i128, as Python's float() of it.
                Err(_) => visitor.visit_f64(digits.parse().unwrap_or(f64::INFINITY)),
            },
            Value::Float(f) => visitor.visit_f64(*f),
            Value::Str(s) => visitor.visit_borrowed_str(s),
            Value::Array(items) => visitor.visit_seq(Items(items.iter(), self.1)),
            Value::Object(members) => visitor.visit_map(Entries::members(members, self.1)),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        match self.0 {
            Value::Null => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, DeError> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DeError> {
        // Keys are looked up as `Value::get` does (the last duplicate wins; a value that is
        // not an object has none), in the fields' declared order.
        let mut present: Vec<(&'de str, &'de Value)> = Vec::with_capacity(fields.len());
        let mut missing = None;
        for &field in fields {
            match self.0.get(field) {
                Some(value) => present.push((field, value)),
                None if self.1 == Keys::EveryKey => {
                    missing = Some(field);
                    break;
                }
                None => {}
            }
        }
        visitor.visit_map(Entries::new(present, missing, self.1))
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DeError> {
        match self.0 {
            Value::Str(s) => visitor.visit_enum(s.as_str().into_deserializer()),
            Value::Object(members) if members.len() == 1 => {
                let (tag, value) = &members[0];
                visitor.visit_enum(Variant(tag, Reader(value, self.1)))
            }
            _ => Err(de::Error::invalid_type(
                de::Unexpected::Other("value"),
                &"a string or an object with one key",
            )),
        }
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_unit()
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        unit unit_struct seq tuple tuple_struct map identifier
    }
}

/// An array's items.
struct Items<'de>(core::slice::Iter<'de, Value>, Keys);

impl<'de> de::SeqAccess<'de> for Items<'de> {
    type Error = DeError;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, DeError> {
        self.0
            .next()
            .map(|item| seed.deserialize(Reader(item, self.1)))
            .transpose()
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.0.len())
    }
}

/// Keys and their values, handed to a visitor in order: an object's members as a Python dict
/// holds them (each key once, where it first appears, with its last value), or a struct's
/// fields in their declared order.
struct Entries<'de> {
    entries: std::vec::IntoIter<(&'de str, &'de Value)>,
    value: Option<(&'de str, &'de Value)>,
    /// With every key required: the first field whose key is absent (reported after the
    /// fields declared before it).
    missing: Option<&'static str>,
    keys: Keys,
}

impl<'de> Entries<'de> {
    fn members(members: &'de [(String, Value)], keys: Keys) -> Self {
        let mut index: std::collections::HashMap<&str, usize> =
            std::collections::HashMap::with_capacity(members.len());
        let mut deduped: Vec<(&'de str, &'de Value)> = Vec::with_capacity(members.len());
        for (key, value) in members {
            match index.entry(key.as_str()) {
                std::collections::hash_map::Entry::Occupied(at) => deduped[*at.get()].1 = value,
                std::collections::hash_map::Entry::Vacant(at) => {
                    at.insert(deduped.len());
                    deduped.push((key, value));
                }
            }
        }
        Entries::new(deduped, None, keys)
    }

    fn new(
        entries: Vec<(&'de str, &'de Value)>,
        missing: Option<&'static str>,
        keys: Keys,
    ) -> Self {
        Entries {
            entries: entries.into_iter(),
            value: None,
            missing,
            keys,
        }
    }
}

impl<'de> de::MapAccess<'de> for Entries<'de> {
    type Error = DeError;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, DeError> {
        match self.entries.next() {
            Some((key, value)) => {
                self.value = Some((key, value));
                seed.deserialize(key.into_deserializer()).map(Some)
            }
            None => match self.missing.take() {
                Some(field) => Err(de::Error::missing_field(field)),
                None => Ok(None),
            },
        }
    }

    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value, DeError> {
        let (key, value) = self.value.take().expect("a key before its value");
        seed.deserialize(Reader(value, self.keys))
            .map_err(|e| e.under(key))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len())
    }
}

/// An externally tagged enum value: `{"variant": content}`.
struct Variant<'de>(&'de str, Reader<'de>);

impl<'de> de::EnumAccess<'de> for Variant<'de> {
    type Error = DeError;
    type Variant = Reader<'de>;

    fn variant_seed<V: DeserializeSeed<'de>>(
        self,
        seed: V,
    ) -> Result<(V::Value, Reader<'de>), DeError> {
        let tag = seed.deserialize(self.0.into_deserializer())?;
        Ok((tag, self.1))
    }
}

impl<'de> de::VariantAccess<'de> for Reader<'de> {
    type Error = DeError;

    fn unit_variant(self) -> Result<(), DeError> {
        de::Deserialize::deserialize(self)
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, DeError> {
        seed.deserialize(self)
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, DeError> {
        de::Deserializer::deserialize_any(self, visitor)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DeError> {
        de::Deserializer::deserialize_struct(self, "", fields, visitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize, PartialEq)]
    struct Inner {
        n: usize,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    struct Outer {
        name: String,
        items: Vec<Inner>,
        note: Option<String>,
    }

    #[test]
    fn messages_name_the_key_in_python_words() {
        let e = |text: &str| from_str::<Outer>(text).unwrap_err().to_string();
        assert_eq!(e(r#"{"name": "a", "items": 3}"#), "\"items\" is not a list");
        assert_eq!(
            e(r#"{"name": "a", "items": [{"n": "x"}]}"#),
            "\"n\" is not usize"
        );
        assert_eq!(e(r#"{"name": "a", "items": [{}]}"#), "missing key \"n\"");
        assert_eq!(e("[1]"), "missing key \"name\"");
        assert_eq!(
            e("{"),
            "Expecting property name enclosed in double quotes (byte 1)"
        );
        assert_eq!(
            from_str::<String>("1").unwrap_err().to_string(),
            "the value is not a string"
        );
    }

    #[test]
    fn optional_keys_follow_the_declaration_unless_every_key_is_required() {
        let value = parse(r#"{"items": [], "name": "a"}"#).unwrap();
        let read: Outer = from_value(&value).unwrap();
        assert_eq!((read.name.as_str(), read.note), ("a", None));
        let e = from_value_every_key::<Outer>(&value).unwrap_err();
        assert_eq!(e.to_string(), "missing key \"note\"");
        // With every key required, the first field in declared order that fails is the error.
        let value = parse(r#"{"items": 1}"#).unwrap();
        let e = from_value_every_key::<Outer>(&value).unwrap_err();
        assert_eq!(e.to_string(), "missing key \"name\"");
    }

    #[test]
    fn duplicate_keys_keep_the_last_value_as_python_does() {
        let map: std::collections::BTreeMap<String, i64> =
            from_str(r#"{"a": 1, "b": 2, "a": 3}"#).unwrap();
        assert_eq!(
            map.into_iter().collect::<Vec<_>>(),
            [("a".into(), 3), ("b".into(), 2)]
        );
        let nan: f64 = from_str("NaN").unwrap();
        assert!(nan.is_nan());
        let big: i128 = from_str("123456789012345678901234567890").unwrap();
        assert_eq!(big, 123456789012345678901234567890);
    }
}
