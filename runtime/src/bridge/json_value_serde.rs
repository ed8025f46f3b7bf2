//! serde's `Serialize` and `Deserialize` for fastwire's [`json::Value`](crate::json::Value),
//! [`json::Map`](crate::json::Map) and [`json::Number`](crate::json::Number), making the same
//! calls as serde_json's impls for its own `Value`, `Map<String, Value>` and `Number` (as
//! serde_json builds without `arbitrary_precision`, and with `preserve_order`: an object keeps
//! its keys in the order they came).
//!
//! Serializing drives any serializer exactly as serde_json's `Value` does, so every
//! serde-based format writes the same bytes for the same document; deserializing turns each
//! of serde's visits into what serde_json's `Value` makes of it.

use std::fmt;

use serde::de::{self, Deserialize, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{Serialize, SerializeMap, Serializer};

use crate::json::{Map, Number, Value};

/// As serde_json's `Number`: `serialize_u64` for an integer of zero or more, `serialize_i64`
/// for a negative one, `serialize_f64` for a float.
///
/// ```
/// use fastwire::json::Number;
///
/// let numbers = [Number::from(7u8), Number::from(-7), Number::from_f64(0.5).unwrap()];
/// assert_eq!(serde_json::to_string(&numbers).unwrap(), "[7,-7,0.5]");
/// // In MessagePack an integer takes its smallest form and a float is a float 64.
/// assert_eq!(rmp_serde::to_vec(&numbers).unwrap(), rmp_serde::to_vec(&(7u8, -7i8, 0.5f64)).unwrap());
/// ```
impl Serialize for Number {
    #[inline]
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if let Some(value) = self.as_u64() {
            serializer.serialize_u64(value)
        } else if let Some(value) = self.as_i64() {
            serializer.serialize_i64(value)
        } else {
            // A number that is neither integer is a float, which `as_f64` always gives.
            serializer.serialize_f64(self.as_f64().unwrap_or_default())
        }
    }
}

/// As serde_json's `Number`: any integer that fits `i64` or `u64`, or a finite float. A NaN
/// or infinite float is refused ("not a JSON number"), and so is a 128-bit integer beyond
/// both 64-bit ranges ("JSON number out of range").
///
/// ```
/// use fastwire::json::Number;
///
/// let number: Number = serde_json::from_str("-12").unwrap();
/// assert_eq!(number, Number::from(-12));
/// let number: Number = rmp_serde::from_slice(&rmp_serde::to_vec(&1.5f32).unwrap()).unwrap();
/// assert_eq!(number, Number::from_f64(1.5).unwrap());
///
/// let err = rmp_serde::from_slice::<Number>(&rmp_serde::to_vec(&f64::NAN).unwrap()).unwrap_err();
/// assert_eq!(err.to_string(), "not a JSON number");
/// assert!(serde_json::from_str::<Number>(r#""12""#).is_err());
/// ```
impl<'de> Deserialize<'de> for Number {
    #[inline]
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Number, D::Error> {
        deserializer.deserialize_any(NumberVisitor)
    }
}

/// Builds a [`Number`] from whatever numeric visit the deserializer makes.
struct NumberVisitor;

impl<'de> Visitor<'de> for NumberVisitor {
    type Value = Number;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON number")
    }

    #[inline]
    fn visit_i64<E>(self, value: i64) -> Result<Number, E> {
        Ok(Number::from(value))
    }

    #[inline]
    fn visit_u64<E>(self, value: u64) -> Result<Number, E> {
        Ok(Number::from(value))
    }

    fn visit_i128<E: de::Error>(self, value: i128) -> Result<Number, E> {
        Number::from_i128(value).ok_or_else(|| E::custom("JSON number out of range"))
    }

    fn visit_u128<E: de::Error>(self, value: u128) -> Result<Number, E> {
        Number::from_u128(value).ok_or_else(|| E::custom("JSON number out of range"))
    }

    #[inline]
    fn visit_f64<E: de::Error>(self, value: f64) -> Result<Number, E> {
        Number::from_f64(value).ok_or_else(|| E::custom("not a JSON number"))
    }
}

/// As serde_json's `Map`: `serialize_map` with the length, then one `serialize_entry` per
/// member, in the map's order.
///
/// ```
/// let map = fastwire::json!({"b": 1, "a": [true]}).as_object().unwrap().clone();
/// assert_eq!(serde_json::to_string(&map).unwrap(), r#"{"b":1,"a":[true]}"#);
/// ```
impl Serialize for Map {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.len()))?;
        for (key, value) in self {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

/// As serde_json's `Map`: asks for a map (`deserialize_map`), and takes a map of string keys
/// (a repeated key keeps its first place and its last value) or a unit, which gives an
/// empty map.
///
/// ```
/// use fastwire::json::Map;
///
/// let map: Map = serde_json::from_str(r#"{"x": 1, "y": 2, "x": 3}"#).unwrap();
/// assert_eq!(fastwire::json::to_string(&map), r#"{"x":3,"y":2}"#);
/// assert!(serde_json::from_str::<Map>("[]").is_err());
/// ```
impl<'de> Deserialize<'de> for Map {
    #[inline]
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Map, D::Error> {
        deserializer.deserialize_map(MapVisitor)
    }
}

/// Builds a [`Map`] from a map or a unit.
struct MapVisitor;

impl<'de> Visitor<'de> for MapVisitor {
    type Value = Map;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a map")
    }

    #[inline]
    fn visit_unit<E: de::Error>(self) -> Result<Map, E> {
        Ok(Map::new())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Map, A::Error> {
        let mut map = Map::new();
        while let Some((key, value)) = access.next_entry::<String, Value>()? {
            map.insert(key, value);
        }
        Ok(map)
    }
}

/// As serde_json's `Value`: `serialize_unit` for `null`, `serialize_bool`, a number as
/// [`Number`] serializes it, `serialize_str`, an array as a `Vec`'s sequence, an object as
/// [`Map`] serializes it. Any serde-based format writes a `Value` as it writes the same
/// `serde_json::Value`.
///
/// ```
/// // Keys in sorted order, the order serde_json's `Map` keeps without `preserve_order`.
/// let doc = fastwire::json!({"id": 7, "note": null, "score": 0.5, "tags": ["a"]});
/// let same = serde_json::json!({"id": 7, "note": null, "score": 0.5, "tags": ["a"]});
///
/// assert_eq!(serde_json::to_string(&doc).unwrap(), fastwire::json::to_string(&doc));
/// assert_eq!(
///     rmp_serde::to_vec_named(&doc).unwrap(),
///     rmp_serde::to_vec_named(&same).unwrap(),
/// );
/// ```
impl Serialize for Value {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Value::Null => serializer.serialize_unit(),
            Value::Bool(value) => serializer.serialize_bool(*value),
            Value::Number(number) => number.serialize(serializer),
            Value::String(text) => serializer.serialize_str(text),
            Value::Array(items) => items.serialize(serializer),
            Value::Object(map) => map.serialize(serializer),
        }
    }
}

/// As serde_json's `Value`, through `deserialize_any`:
///
/// | visit | gives |
/// |---|---|
/// | `unit`, `none` | `Null` |
/// | `some` | the inner value |
/// | `bool` | `Bool` |
/// | any integer of up to 64 bits | `Number` (a 128-bit one if it fits `i64` or `u64`, else an error) |
/// | `f32`, `f64` | `Number`; a NaN or infinity gives `Null` |
/// | `char`, `str`, `string` | `String` |
/// | `seq` | `Array` |
/// | `map` | `Object`: keys must be strings, a repeated key keeps its first place and its last value |
/// | `bytes`, `newtype_struct`, `enum` | an error, "expected any valid JSON value" |
///
/// ```
/// use fastwire::json::Value;
///
/// let text = r#"{"name": "Ada", "tags": ["a", "b"], "age": -36, "score": 1.5}"#;
/// let doc: Value = serde_json::from_str(text).unwrap();
/// assert_eq!(doc, fastwire::json::from_str::<Value>(text).unwrap());
/// // Keys keep their order.
/// assert_eq!(doc.to_string(), r#"{"name":"Ada","tags":["a","b"],"age":-36,"score":1.5}"#);
///
/// // From MessagePack: an f32 NaN becomes null, as in serde_json.
/// let bytes = rmp_serde::to_vec(&(f32::NAN, "x")).unwrap();
/// let doc: Value = rmp_serde::from_slice(&bytes).unwrap();
/// assert_eq!(doc, fastwire::json!([null, "x"]));
///
/// // Map keys must be strings; bytes are not a JSON value.
/// let bytes = rmp_serde::to_vec(&std::collections::BTreeMap::from([(1, 2)])).unwrap();
/// assert!(rmp_serde::from_slice::<Value>(&bytes).is_err());
/// assert!(rmp_serde::from_slice::<Value>(b"\xc4\x01\x00").is_err());
/// ```
impl<'de> Deserialize<'de> for Value {
    #[inline]
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(ValueVisitor)
    }
}

/// Builds a [`Value`] from any visit serde_json's `Value` accepts.
struct ValueVisitor;

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any valid JSON value")
    }

    #[inline]
    fn visit_bool<E>(self, value: bool) -> Result<Value, E> {
        Ok(Value::Bool(value))
    }

    #[inline]
    fn visit_i64<E>(self, value: i64) -> Result<Value, E> {
        Ok(Value::Number(Number::from(value)))
    }

    #[inline]
    fn visit_u64<E>(self, value: u64) -> Result<Value, E> {
        Ok(Value::Number(Number::from(value)))
    }

    fn visit_i128<E: de::Error>(self, value: i128) -> Result<Value, E> {
        NumberVisitor.visit_i128(value).map(Value::Number)
    }

    fn visit_u128<E: de::Error>(self, value: u128) -> Result<Value, E> {
        NumberVisitor.visit_u128(value).map(Value::Number)
    }

    #[inline]
    fn visit_f64<E>(self, value: f64) -> Result<Value, E> {
        Ok(Number::from_f64(value).map_or(Value::Null, Value::Number))
    }

    #[inline]
    fn visit_str<E: de::Error>(self, value: &str) -> Result<Value, E> {
        Ok(Value::String(String::from(value)))
    }

    #[inline]
    fn visit_string<E>(self, value: String) -> Result<Value, E> {
        Ok(Value::String(value))
    }

    #[inline]
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    #[inline]
    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        Value::deserialize(deserializer)
    }

    #[inline]
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut access: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = access.next_element()? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Value, A::Error> {
        // serde_json reads the first key on its own, asking for a string (`deserialize_str`),
        // and the others as `String`s; each way accepts different visits from some
        // deserializers (a `String` also takes UTF-8 bytes), so both are kept.
        let mut map = Map::new();
        if let Some(first) = access.next_key_seed(FirstKey)? {
            map.insert(first, access.next_value()?);
            while let Some((key, value)) = access.next_entry::<String, Value>()? {
                map.insert(key, value);
            }
        }
        Ok(Value::Object(map))
    }
}

/// The first key of an object: whatever `deserialize_str` gives as a string.
struct FirstKey;

impl<'de> DeserializeSeed<'de> for FirstKey {
    type Value = String;

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<String, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for FirstKey {
    type Value = String;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a string key")
    }

    #[inline]
    fn visit_str<E: de::Error>(self, key: &str) -> Result<String, E> {
        Ok(String::from(key))
    }

    #[inline]
    fn visit_string<E: de::Error>(self, key: String) -> Result<String, E> {
        Ok(key)
    }
}

#[cfg(test)]
mod tests {
    use serde::de::value::{Error, MapDeserializer, SeqDeserializer, U128Deserializer};
    use serde::de::IntoDeserializer;

    use super::*;

    /// What serde_json's `Value` makes of the same deserializer, as fastwire's (via JSON
    /// text, which both read alike).
    fn theirs<'de, D: Deserializer<'de, Error = Error>>(d: D) -> Result<Value, String> {
        serde_json::Value::deserialize(d)
            .map(|value| crate::json::from_str(&value.to_string()).unwrap())
            .map_err(|e| e.to_string())
    }

    fn ours<'de, D: Deserializer<'de, Error = Error>>(d: D) -> Result<Value, String> {
        Value::deserialize(d).map_err(|e| e.to_string())
    }

    #[test]
    fn wide_integers_as_serde_json() {
        for value in [0, 5, u64::MAX as u128, u64::MAX as u128 + 1, u128::MAX] {
            assert_eq!(
                ours(U128Deserializer::<Error>::new(value)),
                theirs(U128Deserializer::<Error>::new(value))
            );
        }
        for value in [i64::MIN as i128 - 1, i64::MIN as i128, -1, 7, i128::MAX] {
            let d = || value.into_deserializer();
            assert_eq!(ours::<_>(d()), theirs::<_>(d()));
        }
    }

    #[test]
    fn visits_as_serde_json() {
        let d = || 'x'.into_deserializer();
        assert_eq!(ours::<_>(d()), Ok(Value::from("x")));
        assert_eq!(ours::<_>(d()), theirs::<_>(d()));

        let d = || serde::de::value::BytesDeserializer::<Error>::new(b"ab");
        assert_eq!(ours(d()), theirs(d()));
        assert!(ours(d()).is_err());

        let d = || ().into_deserializer();
        assert_eq!(ours::<_>(d()), theirs::<_>(d()));

        let d = || f64::INFINITY.into_deserializer();
        assert_eq!(ours::<_>(d()), Ok(Value::Null));
        assert_eq!(ours::<_>(d()), theirs::<_>(d()));

        let items = || SeqDeserializer::<_, Error>::new(vec![1i64, -2, 3].into_iter());
        assert_eq!(ours(items()), theirs(items()));

        let entries =
            || MapDeserializer::<_, Error>::new(vec![("b", 1u8), ("a", 2), ("b", 3)].into_iter());
        assert_eq!(ours(entries()), theirs(entries()));

        // A map whose first key is not a string: both refuse it with the same message.
        let entries = || MapDeserializer::<_, Error>::new(vec![(1u8, 1u8)].into_iter());
        assert_eq!(ours(entries()), theirs(entries()));
        assert!(ours(entries()).is_err());
    }

    #[test]
    fn map_and_number_as_serde_json() {
        let d = || ().into_deserializer();
        let map: Result<Map, Error> = Map::deserialize(d());
        assert_eq!(
            map.unwrap().len(),
            serde_json::Map::deserialize(d()).unwrap().len()
        );

        let d = || f64::NAN.into_deserializer();
        let ours: Result<Number, Error> = Number::deserialize(d());
        let theirs: Result<serde_json::Number, Error> = serde_json::Number::deserialize(d());
        assert_eq!(
            ours.unwrap_err().to_string(),
            theirs.unwrap_err().to_string()
        );

        let d = || u128::MAX.into_deserializer();
        let ours: Result<Number, Error> = Number::deserialize(d());
        let theirs: Result<serde_json::Number, Error> = serde_json::Number::deserialize(d());
        assert_eq!(
            ours.unwrap_err().to_string(),
            theirs.unwrap_err().to_string()
        );
    }
}
