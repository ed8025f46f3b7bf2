//! MessagePack for [`Value`], [`Map`] and [`Number`]: the bytes `rmp_serde::to_vec_named` writes
//! for serde_json's `Value`, `Map` and `Number`, and what `rmp_serde::from_slice` reads into
//! them (the decoder is shared with the serde bridge's impls for serde_json's own types).

use super::{Map, Number, Value};
use crate::msgpack::json_tree::{self, JsonTree};
use crate::msgpack::{Decode, Encode, Error, Reader, Slot, Writer};

/// The size hint of a string of `len` bytes: its longest header and its bytes.
#[inline]
fn str_hint(len: usize) -> usize {
    len + 5
}

/// An integer in its smallest form (a non-negative one in the unsigned forms), a float as
/// `float 64`, as rmp-serde writes serde_json's `Number`.
///
/// ```
/// use fastwire::{json::Number, msgpack};
///
/// assert_eq!(msgpack::to_vec(&Number::from(300)), b"\xcd\x01\x2c");
/// assert_eq!(msgpack::to_vec(&Number::from(-1)), b"\xff");
/// assert_eq!(msgpack::to_vec(&Number::from_f64(1.0).unwrap()), b"\xcb\x3f\xf0\0\0\0\0\0\0");
/// ```
impl Encode for Number {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        w.write_bounded(9, |slot| self.encode_bounded(slot));
    }

    #[inline]
    fn size_hint(&self) -> usize {
        match (self.as_u64(), self.as_i64()) {
            (Some(value), _) => match value {
                0..=0x7f => 1,
                0x80..=0xff => 2,
                0x100..=0xffff => 3,
                0x1_0000..=0xffff_ffff => 5,
                _ => 9,
            },
            (None, Some(value)) => match value {
                -32..=-1 => 1,
                -0x80..=-33 => 2,
                -0x8000..=-0x81 => 3,
                -0x8000_0000..=-0x8001 => 5,
                _ => 9,
            },
            (None, None) => 9,
        }
    }

    const MAX_SIZE: Option<usize> = Some(9);

    #[inline]
    fn encode_bounded(&self, slot: &mut Slot<'_>) {
        if let Some(value) = self.as_u64() {
            slot.put_u64(value);
        } else if let Some(value) = self.as_i64() {
            slot.put_i64(value);
        } else if let Some(value) = self.as_f64() {
            slot.put_f64(value);
        }
    }
}

/// Any integer, or a finite float (`float 32` widened exactly), as rmp-serde reads serde_json's
/// `Number`. A NaN or infinite float is refused ("not a JSON number"), and so is anything
/// else.
///
/// ```
/// use fastwire::{json::Number, msgpack};
///
/// assert_eq!(msgpack::from_slice::<Number>(b"\xd0\x05").unwrap(), Number::from(5u8));
/// assert_eq!(msgpack::from_slice::<Number>(b"\xca\x3f\xc0\0\0").unwrap().as_f64(), Some(1.5));
/// assert!(msgpack::from_slice::<Number>(b"\xca\x7f\xc0\0\0").is_err()); // NaN
/// assert!(msgpack::from_slice::<Number>(b"\xa1\x31").is_err()); // "1"
/// ```
impl<'de> Decode<'de> for Number {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        json_tree::decode_number::<Value>(r)
    }
}

/// A map of `str` keys in the map's order, as rmp-serde writes serde_json's `Map`.
///
/// ```
/// use fastwire::{json::Map, msgpack};
///
/// let map: Map = fastwire::json!({ "b": 1, "a": null }).as_object().unwrap().clone();
/// assert_eq!(msgpack::to_vec(&map), b"\x82\xa1b\x01\xa1a\xc0");
/// ```
impl Encode for Map {
    fn encode<W: Writer>(&self, w: &mut W) {
        w.write_map_len(self.len());
        for (key, value) in self {
            w.write_str(key);
            value.encode(w);
        }
    }

    fn size_hint(&self) -> usize {
        5 + crate::buf::slice_hint(&self.entries, |(key, value)| {
            str_hint(key.len()) + value.size_hint()
        })
    }
}

/// A map whose keys are strings (a `bin` holding UTF-8 too, as serde's `String` takes it), or
/// `nil` for the empty map, as rmp-serde reads serde_json's `Map`. A repeated key keeps its
/// first place and its last value.
///
/// ```
/// use fastwire::{json::Map, msgpack};
///
/// let map: Map = msgpack::from_slice(b"\x82\xc4\x01a\x01\xa1b\x02").unwrap();
/// assert_eq!(fastwire::json::to_string(&map), r#"{"a":1,"b":2}"#);
/// assert!(msgpack::from_slice::<Map>(b"\xc0").unwrap().is_empty());
/// assert!(msgpack::from_slice::<Map>(b"\x81\x01\x02").is_err()); // {1: 2}
/// ```
impl<'de> Decode<'de> for Map {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        json_tree::decode_map::<Value>(r)
    }
}

/// The bytes `rmp_serde::to_vec_named` (and `rmp_serde::to_vec`, the same for these types)
/// writes for serde_json's `Value`: `nil`, booleans, integers in their smallest form (a
/// non-negative one in the unsigned forms), floats as `float 64`, strings as `str`, arrays,
/// and objects as maps of `str` keys in the map's order. (serde_json keeps that order with its
/// `preserve_order` feature; without it serde_json sorts the keys, as
/// [`Value::sort_all_objects`] does.)
///
/// A document travels in either format, so a struct with a `json::Value` field derives both:
///
/// ```
/// use fastwire::{json, msgpack};
///
/// #[derive(fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
/// struct Doc {
///     id: u32,
///     meta: json::Value,
/// }
///
/// let doc = Doc { id: 7, meta: fastwire::json!({ "tags": ["a"], "score": 0.5 }) };
/// let bytes = msgpack::to_vec(&doc);
/// assert_eq!(
///     bytes,
///     b"\x82\xa2id\x07\xa4meta\x82\xa4tags\x91\xa1a\xa5score\xcb\x3f\xe0\0\0\0\0\0\0"
/// );
/// assert_eq!(msgpack::from_slice::<Doc>(&bytes).unwrap(), doc);
/// assert_eq!(json::from_str::<Doc>(&json::to_string(&doc)).unwrap(), doc);
///
/// let doc = fastwire::json!([null, true, -3, "x", { "k": [] }]);
/// assert_eq!(msgpack::to_vec(&doc), b"\x95\xc0\xc3\xfd\xa1x\x81\xa1k\x90");
/// ```
impl Encode for Value {
    fn encode<W: Writer>(&self, w: &mut W) {
        match self {
            Value::Null => w.write_nil(),
            Value::Bool(value) => w.write_bool(*value),
            Value::Number(number) => number.encode(w),
            Value::String(text) => w.write_str(text),
            Value::Array(items) => {
                w.write_array_len(items.len());
                for item in items {
                    item.encode(w);
                }
            }
            Value::Object(map) => map.encode(w),
        }
    }

    fn size_hint(&self) -> usize {
        match self {
            Value::Null | Value::Bool(_) => 1,
            Value::Number(number) => Encode::size_hint(number),
            Value::String(text) => str_hint(text.len()),
            Value::Array(items) => 5 + crate::buf::slice_hint(items, Encode::size_hint),
            Value::Object(map) => Encode::size_hint(map),
        }
    }
}

/// What `rmp_serde::from_slice` reads into serde_json's `Value`, `Map` and `Number`, with
/// equal values; refused where it refuses:
///
/// | input | `Value` | `Map` | `Number` |
/// |---|---|---|---|
/// | `nil` | `Null` | empty | refused |
/// | integer, any form | the integer (a non-negative `int` is the same number as a `uint`) | refused | the integer |
/// | `float 32`, `float 64` | the float (`float 32` widened exactly); `Null` if NaN or infinite | refused | the float; refused if NaN or infinite |
/// | `str` | the string; refused if not UTF-8 | refused | refused |
/// | `bin` | refused | refused | refused |
/// | array | an array | refused | refused |
/// | map | an object whose first key is a `str` and later keys `str` or `bin` holding UTF-8 (other keys refused) | the same, the first key may be a `bin` too | refused |
/// | extension (timestamps too) | refused | refused | refused |
///
/// A repeated key keeps its first place and its last value. Nothing holds an integer beyond
/// `i64` and `u64` (MessagePack has none; rmp-serde's 128-bit integers are a `bin`).
///
/// Where fastwire differs from `rmp_serde::from_slice`, it is on purpose, or on what
/// serde_json's optional features change:
/// - Every array and map takes a level of the nesting limit
///   ([`msgpack::Decoder::max_depth`](crate::msgpack::Decoder::max_depth), 128 by default: 127
///   levels nest); rmp-serde's limit is 1024 (`Deserializer::set_max_depth` sets it, counted
///   the same way).
/// - Bytes after the value are an error, as for every type in [`msgpack`](crate::msgpack);
///   `rmp_serde::from_slice` stops after the value.
/// - serde_json's `raw_value` and `arbitrary_precision` features give a map whose first key
///   is one of serde_json's private tokens (such as `"$serde_json::private::RawValue"`) a
///   special meaning in its `Value`; fastwire reads such a map as the object it is, as
///   serde_json does without those features.
/// - Errors are fastwire's, with the byte offset and the path.
///
/// ```
/// use fastwire::{json::Value, msgpack};
///
/// // {"a": int 8 1, "b": float 64 infinity, h'63': []}
/// let doc: Value =
///     msgpack::from_slice(b"\x83\xa1a\xd0\x01\xa1b\xcb\x7f\xf0\0\0\0\0\0\0\xc4\x01c\x90").unwrap();
/// assert_eq!(doc, fastwire::json!({ "a": 1, "b": null, "c": [] }));
///
/// assert!(msgpack::from_slice::<Value>(b"\xc4\x01a").is_err()); // bin
/// assert!(msgpack::from_slice::<Value>(b"\xd6\xff\0\0\0\0").is_err()); // a timestamp
/// assert!(msgpack::from_slice::<Value>(b"\x81\xc4\x01a\x01").is_err()); // a bin first key
/// assert!(msgpack::from_slice::<Value>(b"\x81\x01\x02").is_err()); // {1: 2}
///
/// let deep = [vec![0x91; 200], vec![0xc0]].concat(); // [[[...[nil]...]]]
/// let err = msgpack::from_slice::<Value>(&deep).unwrap_err();
/// assert!(err.to_string().starts_with("recursion limit exceeded"));
/// ```
impl<'de> Decode<'de> for Value {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        json_tree::decode_value(r)
    }
}

/// fastwire's tree, for the decoder it shares with serde_json's `Value` (in the serde bridge).
impl JsonTree for Value {
    type Number = Number;
    type Map = Map;

    #[inline]
    fn float(value: f64) -> Option<Number> {
        Number::from_f64(value)
    }

    #[inline]
    fn null() -> Self {
        Value::Null
    }

    #[inline]
    fn bool(value: bool) -> Self {
        Value::Bool(value)
    }

    #[inline]
    fn number(number: Number) -> Self {
        Value::Number(number)
    }

    #[inline]
    fn string(text: String) -> Self {
        Value::String(text)
    }

    #[inline]
    fn array(items: Vec<Self>) -> Self {
        Value::Array(items)
    }

    #[inline]
    fn object(map: Map) -> Self {
        Value::Object(map)
    }

    #[inline]
    fn new_map() -> Map {
        Map::new()
    }

    #[inline]
    fn insert(map: &mut Map, key: String, value: Self) {
        map.insert(key, value);
    }
}
