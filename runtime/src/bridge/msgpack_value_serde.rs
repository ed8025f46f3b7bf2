//! serde's `Serialize` and `Deserialize` for fastwire's
//! [`msgpack::Value`](crate::msgpack::Value) and [`msgpack::Integer`](crate::msgpack::Integer),
//! making the same calls as rmpv's impls for `rmpv::Value` (rmpv's `with-serde` feature), so
//! that rmp-serde, serde_json or any other serde-based format handles a fastwire `Value` as
//! it handles the same `rmpv::Value`.
//!
//! Where the two models differ, so do the impls, as little as they can:
//!
//! - A timestamp is an extension of type -1 in MessagePack; fastwire reads it into
//!   [`Value::Timestamp`], rmpv keeps `Ext(-1, data)`. A `Timestamp` serializes as rmpv's
//!   `Ext(-1, data)` with the data of the smallest layout for the instant, which is what
//!   fastwire's own encoder writes; an extension of type -1 deserializes as fastwire's own
//!   decoder reads one: a `Timestamp`, or an error when its data is not a valid timestamp.
//! - A fastwire string is always UTF-8; rmpv's `String` may hold other bytes, which it
//!   serializes as bytes. When rmp-serde meets a `str` that is not UTF-8 it offers the
//!   bytes instead, and both `Value`s then hold a `Binary` (where fastwire's own decoder
//!   refuses the document).
//! - rmpv's `Integer` has no serde impls; fastwire's [`Integer`] has them, as its `Value`
//!   writes and reads integers.

use std::fmt;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Unexpected, Visitor};
use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};

use crate::msgpack::{Integer, Timestamp, Value};

/// The newtype struct name through which serde-based code passes a MessagePack extension:
/// rmp-serde writes a newtype struct of this name, holding `(type, bytes)`, as an `ext`.
const EXT_STRUCT_NAME: &str = "_ExtStruct";

/// The extension type the MessagePack spec reserves for timestamps.
const TIMESTAMP_TYPE: i8 = -1;

/// `serialize_u64` for zero and above, `serialize_i64` below zero, as rmpv's `Value` writes
/// its integers (so rmp-serde writes the smallest form).
///
/// ```
/// use fastwire::msgpack::Integer;
///
/// let numbers = [Integer::from(u64::MAX), Integer::from(-33)];
/// assert_eq!(serde_json::to_string(&numbers).unwrap(), "[18446744073709551615,-33]");
/// assert_eq!(rmp_serde::to_vec(&numbers).unwrap(), fastwire::msgpack::to_vec(&numbers));
/// ```
impl Serialize for Integer {
    #[inline]
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match (self.as_u64(), self.as_i64()) {
            (Some(value), _) => serializer.serialize_u64(value),
            (None, Some(value)) => serializer.serialize_i64(value),
            // Every `Integer` is in the range of one of the two.
            (None, None) => serializer.serialize_i128(self.as_i128()),
        }
    }
}

/// Any integer visit whose value is within `i64::MIN..=u64::MAX` (128-bit ones included);
/// anything else is an error.
///
/// ```
/// use fastwire::msgpack::Integer;
///
/// let n: Integer = rmp_serde::from_slice(b"\xd0\xdf").unwrap();
/// assert_eq!(n, Integer::from(-33));
/// let n: Integer = serde_json::from_str("18446744073709551615").unwrap();
/// assert_eq!(n, Integer::from(u64::MAX));
/// assert!(serde_json::from_str::<Integer>("1.5").is_err());
/// ```
impl<'de> Deserialize<'de> for Integer {
    #[inline]
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Integer, D::Error> {
        deserializer.deserialize_any(IntegerVisitor)
    }
}

/// Builds an [`Integer`] from an integer visit.
struct IntegerVisitor;

impl<'de> Visitor<'de> for IntegerVisitor {
    type Value = Integer;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a MessagePack integer")
    }

    #[inline]
    fn visit_i64<E>(self, value: i64) -> Result<Integer, E> {
        Ok(Integer::from(value))
    }

    #[inline]
    fn visit_u64<E>(self, value: u64) -> Result<Integer, E> {
        Ok(Integer::from(value))
    }

    fn visit_i128<E: de::Error>(self, value: i128) -> Result<Integer, E> {
        Integer::from_i128(value).ok_or_else(|| E::custom("MessagePack integer out of range"))
    }

    fn visit_u128<E: de::Error>(self, value: u128) -> Result<Integer, E> {
        match i128::try_from(value) {
            Ok(value) => self.visit_i128(value),
            Err(_) => Err(E::custom("MessagePack integer out of range")),
        }
    }
}

/// As rmpv's `Value`:
///
/// | variant | serde call |
/// |---|---|
/// | `Nil` | `serialize_unit` |
/// | `Bool` | `serialize_bool` |
/// | `Integer` | `serialize_u64` from zero up, `serialize_i64` below |
/// | `F32`, `F64` | `serialize_f32`, `serialize_f64` |
/// | `String` | `serialize_str` |
/// | `Binary` | `serialize_bytes` |
/// | `Array` | `serialize_seq` with the length, one `serialize_element` per item |
/// | `Map` | `serialize_map` with the length, one `serialize_entry` per entry, in order, keys of any type |
/// | `Ext(type, data)` | `serialize_newtype_struct("_ExtStruct", &(type, data as bytes))` |
/// | `Timestamp` | as `Ext(-1, data)`, the data in the smallest layout for the instant |
///
/// So rmp-serde writes a `Value` as fastwire's encoder does, and serde_json writes what it
/// writes for the same `rmpv::Value` (refusing maps whose keys are not strings, numbers or
/// booleans, writing an extension as `[type, [bytes]]`).
///
/// ```
/// use fastwire::msgpack::{self, Timestamp, Value};
///
/// let doc = Value::Map(vec![
///     ("id".into(), 7.into()),
///     ("blob".into(), Value::Binary(vec![0, 255])),
///     ("when".into(), Timestamp::new(1, 0).unwrap().into()),
///     ("ratio".into(), 0.5f32.into()),
/// ]);
/// assert_eq!(rmp_serde::to_vec(&doc).unwrap(), msgpack::to_vec(&doc));
/// assert_eq!(
///     serde_json::to_string(&doc).unwrap(),
///     r#"{"id":7,"blob":[0,255],"when":[-1,[0,0,0,1]],"ratio":0.5}"#
/// );
/// ```
impl Serialize for Value {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Value::Nil => serializer.serialize_unit(),
            Value::Bool(value) => serializer.serialize_bool(*value),
            Value::Integer(value) => value.serialize(serializer),
            Value::F32(value) => serializer.serialize_f32(*value),
            Value::F64(value) => serializer.serialize_f64(*value),
            Value::String(value) => serializer.serialize_str(value),
            Value::Binary(value) => serializer.serialize_bytes(value),
            Value::Array(items) => {
                let mut seq = serializer.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            Value::Map(entries) => {
                let mut map = serializer.serialize_map(Some(entries.len()))?;
                for (key, value) in entries {
                    map.serialize_entry(key, value)?;
                }
                map.end()
            }
            Value::Ext(code, data) => serialize_ext(serializer, *code, data),
            Value::Timestamp(value) => {
                let (data, len) = timestamp_data(*value);
                serialize_ext(serializer, TIMESTAMP_TYPE, &data[..len])
            }
        }
    }
}

/// An extension as rmpv passes one to serde: a newtype struct named [`EXT_STRUCT_NAME`]
/// holding the tuple `(code, data)`, the data as bytes.
fn serialize_ext<S: Serializer>(serializer: S, code: i8, data: &[u8]) -> Result<S::Ok, S::Error> {
    serializer.serialize_newtype_struct(EXT_STRUCT_NAME, &(code, Bytes(data)))
}

/// Bytes that serialize as bytes (`serialize_bytes`), not as a sequence.
struct Bytes<'a>(&'a [u8]);

impl Serialize for Bytes<'_> {
    #[inline]
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(self.0)
    }
}

/// The data of the smallest of the spec's three timestamp layouts for the instant, in a
/// buffer, and how many of its bytes are used: 4 (seconds in `u32`, no nanoseconds), 8
/// (30 bits of nanoseconds, 34 of seconds) or 12 (`u32` nanoseconds, `i64` seconds).
fn timestamp_data(value: Timestamp) -> ([u8; 12], usize) {
    let mut data = [0u8; 12];
    // Negative seconds become too large for 34 bits, and take the 12-byte layout.
    let seconds = value.seconds() as u64;
    let nanoseconds = value.nanoseconds();
    if seconds >> 34 == 0 {
        let packed = u64::from(nanoseconds) << 34 | seconds;
        if packed >> 32 == 0 {
            data[..4].copy_from_slice(&(packed as u32).to_be_bytes());
            (data, 4)
        } else {
            data[..8].copy_from_slice(&packed.to_be_bytes());
            (data, 8)
        }
    } else {
        data[..4].copy_from_slice(&nanoseconds.to_be_bytes());
        data[4..].copy_from_slice(&value.seconds().to_be_bytes());
        (data, 12)
    }
}

/// The instant in the data of a timestamp extension, read as fastwire's decoder reads it: one
/// of the three layouts, with at most 999,999,999 nanoseconds.
fn timestamp_from_data<E: de::Error>(data: &[u8]) -> Result<Timestamp, E> {
    let (seconds, nanoseconds) = match *data {
        [a, b, c, d] => (i64::from(u32::from_be_bytes([a, b, c, d])), 0),
        [a, b, c, d, e, f, g, h] => {
            let packed = u64::from_be_bytes([a, b, c, d, e, f, g, h]);
            ((packed & ((1 << 34) - 1)) as i64, (packed >> 34) as u32)
        }
        [a, b, c, d, e, f, g, h, i, j, k, l] => (
            i64::from_be_bytes([e, f, g, h, i, j, k, l]),
            u32::from_be_bytes([a, b, c, d]),
        ),
        _ => {
            let found = format!("timestamp extension of {} bytes", data.len());
            return Err(E::invalid_value(
                Unexpected::Other(&found),
                &"a timestamp of 4, 8 or 12 bytes",
            ));
        }
    };
    Timestamp::new(seconds, nanoseconds).ok_or_else(|| {
        let found = format!("timestamp with {nanoseconds} nanoseconds");
        E::invalid_value(Unexpected::Other(&found), &"at most 999999999 nanoseconds")
    })
}

/// As rmpv's `Value`, through `deserialize_any`:
///
/// | visit | gives |
/// |---|---|
/// | `unit`, `none` | `Nil` |
/// | `some` | the inner value |
/// | `bool` | `Bool` |
/// | any integer of up to 64 bits | `Integer` (128-bit ones are refused, as by rmpv) |
/// | `f32` | `F32` |
/// | `f64` | `F64` |
/// | `char`, `str`, `string` | `String` |
/// | `bytes`, `byte_buf` | `Binary` |
/// | `seq` | `Array` |
/// | `map` | `Map`: keys of any type, entries in order, duplicates kept |
/// | `newtype_struct` | an extension: the inner value must be a pair `(type, bytes)`; type -1 gives a `Timestamp` (or an error, if the bytes are not a valid timestamp), any other type `Ext` |
/// | `enum` | an error, "expected any valid MessagePack value" |
///
/// So a `Value` read through rmp-serde is the one fastwire's own decoder reads from the same
/// bytes, and one read through serde_json is the document with integers as `Integer`,
/// other numbers as `F64` and objects as maps keyed by strings.
///
/// ```
/// use fastwire::msgpack::{self, Timestamp, Value};
///
/// // {"a": [1, -1.5], 2: h'00', "t": timestamp 1}
/// let bytes = b"\x83\xa1a\x92\x01\xcb\xbf\xf8\0\0\0\0\0\0\x02\xc4\x01\x00\xa1t\xd6\xff\0\0\0\x01";
/// let doc: Value = rmp_serde::from_slice(bytes).unwrap();
/// assert_eq!(doc, msgpack::from_slice::<Value>(bytes).unwrap());
/// assert_eq!(doc.get_key(&Value::from(2)), Some(&Value::Binary(vec![0])));
/// assert_eq!(doc["t"], Value::Timestamp(Timestamp::new(1, 0).unwrap()));
///
/// let doc: Value = serde_json::from_str(r#"{"n": [1, 1.0, null]}"#).unwrap();
/// assert_eq!(doc, Value::Map(vec![("n".into(), Value::Array(vec![1.into(), 1.0f64.into(), Value::Nil]))]));
///
/// // A timestamp extension with 3 bytes of data is refused, as fastwire's decoder refuses it.
/// assert!(rmp_serde::from_slice::<Value>(b"\xc7\x03\xff\0\0\0").is_err());
/// assert!(msgpack::from_slice::<Value>(b"\xc7\x03\xff\0\0\0").is_err());
/// ```
impl<'de> Deserialize<'de> for Value {
    #[inline]
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(ValueVisitor)
    }
}

/// Builds a [`Value`] from any visit rmpv's `Value` accepts.
struct ValueVisitor;

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any valid MessagePack value")
    }

    #[inline]
    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        Value::deserialize(deserializer)
    }

    #[inline]
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Nil)
    }

    #[inline]
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Nil)
    }

    #[inline]
    fn visit_bool<E>(self, value: bool) -> Result<Value, E> {
        Ok(Value::Bool(value))
    }

    #[inline]
    fn visit_u64<E>(self, value: u64) -> Result<Value, E> {
        Ok(Value::Integer(Integer::from(value)))
    }

    #[inline]
    fn visit_i64<E>(self, value: i64) -> Result<Value, E> {
        Ok(Value::Integer(Integer::from(value)))
    }

    #[inline]
    fn visit_f32<E>(self, value: f32) -> Result<Value, E> {
        Ok(Value::F32(value))
    }

    #[inline]
    fn visit_f64<E>(self, value: f64) -> Result<Value, E> {
        Ok(Value::F64(value))
    }

    #[inline]
    fn visit_string<E>(self, value: String) -> Result<Value, E> {
        Ok(Value::String(value))
    }

    #[inline]
    fn visit_str<E: de::Error>(self, value: &str) -> Result<Value, E> {
        Ok(Value::String(String::from(value)))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut access: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = access.next_element()? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }

    #[inline]
    fn visit_bytes<E: de::Error>(self, value: &[u8]) -> Result<Value, E> {
        Ok(Value::Binary(value.to_vec()))
    }

    #[inline]
    fn visit_byte_buf<E: de::Error>(self, value: Vec<u8>) -> Result<Value, E> {
        Ok(Value::Binary(value))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Value, A::Error> {
        let mut entries = Vec::new();
        while let Some(key) = access.next_key()? {
            let value = access.next_value()?;
            entries.push((key, value));
        }
        Ok(Value::Map(entries))
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<Value, D::Error> {
        deserializer.deserialize_tuple(2, ExtVisitor)
    }
}

/// Builds an extension (or a timestamp) from the pair `(type, bytes)`.
struct ExtVisitor;

impl<'de> Visitor<'de> for ExtVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a valid MessagePack Ext")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut access: A) -> Result<Value, A::Error> {
        let code: i8 = access
            .next_element()?
            .ok_or_else(|| de::Error::invalid_length(0, &self))?;
        let ExtData(data) = access
            .next_element()?
            .ok_or_else(|| de::Error::invalid_length(1, &self))?;
        if code == TIMESTAMP_TYPE {
            timestamp_from_data(&data).map(Value::Timestamp)
        } else {
            Ok(Value::Ext(code, data))
        }
    }
}

/// An extension's data: asked for as a byte buffer, and taken from bytes, a string or a
/// sequence of `u8`s (as serde_bytes's `ByteBuf`, which rmpv reads it into, takes it).
struct ExtData(Vec<u8>);

impl<'de> Deserialize<'de> for ExtData {
    #[inline]
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ExtData, D::Error> {
        deserializer.deserialize_byte_buf(ExtDataVisitor)
    }
}

/// Builds [`ExtData`].
struct ExtDataVisitor;

impl<'de> Visitor<'de> for ExtDataVisitor {
    type Value = ExtData;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("byte array")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut access: A) -> Result<ExtData, A::Error> {
        // The hint is the deserializer's word, not a checked length: cap what it reserves.
        let mut data = Vec::with_capacity(access.size_hint().unwrap_or(0).min(4096));
        while let Some(byte) = access.next_element()? {
            data.push(byte);
        }
        Ok(ExtData(data))
    }

    #[inline]
    fn visit_bytes<E: de::Error>(self, value: &[u8]) -> Result<ExtData, E> {
        Ok(ExtData(value.to_vec()))
    }

    #[inline]
    fn visit_byte_buf<E: de::Error>(self, value: Vec<u8>) -> Result<ExtData, E> {
        Ok(ExtData(value))
    }

    #[inline]
    fn visit_str<E: de::Error>(self, value: &str) -> Result<ExtData, E> {
        Ok(ExtData(value.as_bytes().to_vec()))
    }

    #[inline]
    fn visit_string<E: de::Error>(self, value: String) -> Result<ExtData, E> {
        Ok(ExtData(value.into_bytes()))
    }
}

#[cfg(test)]
mod tests {
    use serde::de::value::{Error, I128Deserializer, U128Deserializer};
    use serde::de::IntoDeserializer;

    use super::*;

    #[test]
    fn timestamp_data_is_the_encoders() {
        let instants = [
            (0, 0),
            (1, 0),
            (u32::MAX as i64, 0),
            (u32::MAX as i64 + 1, 0),
            (1, 1),
            ((1 << 34) - 1, 999_999_999),
            (1 << 34, 0),
            (-1, 0),
            (-1, 999_999_999),
            (i64::MIN, 0),
            (i64::MAX, 999_999_999),
        ];
        for (seconds, nanoseconds) in instants {
            let t = Timestamp::new(seconds, nanoseconds).unwrap();
            let (data, len) = timestamp_data(t);
            let encoded = crate::msgpack::to_vec(&t);
            // The encoder's header is 2 bytes for fixext 4 and 8, 3 for ext 8.
            let header = encoded.len() - len;
            assert!(header == 2 || header == 3, "{t}");
            assert_eq!(&encoded[header..], &data[..len], "{t}");
            assert_eq!(timestamp_from_data::<Error>(&data[..len]).unwrap(), t);
        }
    }

    #[test]
    fn timestamp_data_checked_as_the_decoder_checks_it() {
        // 8-byte layout with 2^30 - 1 nanoseconds: above the limit.
        let data = (u64::MAX << 34).to_be_bytes();
        let bytes = [&[0xd7, 0xff][..], &data].concat();
        assert!(crate::msgpack::from_slice::<Value>(&bytes).is_err());
        let err = timestamp_from_data::<Error>(&data).unwrap_err();
        assert_eq!(
            err.to_string(),
            "invalid value: timestamp with 1073741823 nanoseconds, expected at most 999999999 nanoseconds"
        );
        assert!(timestamp_from_data::<Error>(&[0; 5]).is_err());
    }

    #[test]
    fn wide_integers() {
        let ours = |value: i128| Integer::deserialize(I128Deserializer::<Error>::new(value)).ok();
        assert_eq!(ours(-1), Some(Integer::from(-1)));
        assert_eq!(ours(u64::MAX as i128), Some(Integer::from(u64::MAX)));
        assert_eq!(ours(u64::MAX as i128 + 1), None);
        assert_eq!(ours(i64::MIN as i128 - 1), None);
        let ours = |value: u128| Integer::deserialize(U128Deserializer::<Error>::new(value)).ok();
        assert_eq!(ours(7), Some(Integer::from(7)));
        assert_eq!(ours(u128::MAX), None);

        // `Value`, like rmpv's (which implements no 128-bit visits), refuses them.
        assert!(Value::deserialize(5i128.into_deserializer())
            .map_err(|e: Error| e)
            .is_err());
    }
}
