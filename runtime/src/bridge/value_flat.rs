//! `serde_json::Map<String, Value>` and `serde_json::Value` as flattened fields
//! (`#[serde(flatten)] extra: Map<String, Value>`), the usual way to keep the members a
//! struct does not name: written as members of the enclosing object, read from every member
//! no other part took (serde's rule for flattened maps). A flattened `Value` must be an
//! object or `null` (which writes no members), as in serde: anything else fails when encoding,
//! with serde's message, and is refused when decoding.

#[cfg(feature = "json")]
mod json_flat {
    use serde_json::{Map, Value};

    use crate::json::{Decode, DecodeFlat, Encode, EncodeFlat, Error, FlatEntries, Writer};

    impl EncodeFlat for Map<String, Value> {
        #[inline]
        fn encode_flat<W: Writer>(&self, w: &mut W, mut first: bool) -> bool {
            for (key, value) in self {
                w.object_key(first);
                w.write_str(key);
                w.object_colon();
                value.encode(w);
                first = false;
            }
            first
        }
    }

    impl EncodeFlat for Value {
        fn encode_flat<W: Writer>(&self, w: &mut W, first: bool) -> bool {
            match self {
                Value::Object(map) => map.encode_flat(w, first),
                Value::Null => first,
                other => {
                    w.fail(super::not_an_object(other));
                    first
                }
            }
        }
    }

    impl<'de> DecodeFlat<'de> for Map<String, Value> {
        fn decode_flat(entries: &mut FlatEntries<'de, '_>) -> Result<Self, Error> {
            let mut map = Map::new();
            for index in 0..entries.len() {
                if entries.is_taken(index) {
                    continue;
                }
                let value = entries
                    .decode_value(index, Value::decode)
                    .map_err(|e| e.in_key(&entries.key(index)))?;
                map.insert(entries.key(index).to_string(), value);
            }
            Ok(map)
        }
    }

    impl<'de> DecodeFlat<'de> for Value {
        fn decode_flat(entries: &mut FlatEntries<'de, '_>) -> Result<Self, Error> {
            Map::decode_flat(entries).map(Value::Object)
        }
    }
}

#[cfg(feature = "msgpack")]
mod msgpack_flat {
    use serde_json::{Map, Value};

    use crate::msgpack::{Decode, DecodeFlat, Encode, EncodeFlat, Error, FlatEntries, Writer};

    impl EncodeFlat for Map<String, Value> {
        fn flat_len(&self) -> usize {
            self.len()
        }

        #[inline]
        fn encode_flat<W: Writer>(&self, w: &mut W) {
            for (key, value) in self {
                w.write_str(key);
                value.encode(w);
            }
        }
    }

    impl EncodeFlat for Value {
        fn flat_len(&self) -> usize {
            match self {
                Value::Object(map) => map.len(),
                _ => 0,
            }
        }

        fn encode_flat<W: Writer>(&self, w: &mut W) {
            match self {
                Value::Object(map) => map.encode_flat(w),
                Value::Null => {}
                other => w.fail(super::not_an_object(other)),
            }
        }
    }

    impl<'de> DecodeFlat<'de> for Map<String, Value> {
        fn decode_flat(entries: &mut FlatEntries<'de, '_>) -> Result<Self, Error> {
            let mut map = Map::new();
            for index in 0..entries.len() {
                if entries.is_taken(index) {
                    continue;
                }
                let key = entries.decode_key(index, String::decode)?;
                let value = entries
                    .decode_value(index, Value::decode)
                    .map_err(|e| e.in_key(&key))?;
                map.insert(key, value);
            }
            Ok(map)
        }
    }

    impl<'de> DecodeFlat<'de> for Value {
        fn decode_flat(entries: &mut FlatEntries<'de, '_>) -> Result<Self, Error> {
            Map::decode_flat(entries).map(Value::Object)
        }
    }
}

/// serde's message for flattening `value`, which is neither an object nor `null`.
#[cfg(any(feature = "json", feature = "msgpack"))]
fn not_an_object(value: &serde_json::Value) -> &'static str {
    use serde_json::Value;
    match value {
        Value::Bool(_) => "can only flatten structs and maps (got a boolean)",
        Value::Number(number) if number.is_f64() => {
            "can only flatten structs and maps (got a float)"
        }
        Value::Number(_) => "can only flatten structs and maps (got an integer)",
        Value::String(_) => "can only flatten structs and maps (got a string)",
        Value::Array(_) => "can only flatten structs and maps (got a sequence)",
        Value::Null | Value::Object(_) => "can only flatten structs and maps",
    }
}

/// The start of serde's message for flattening a value that is not a map, for values whose
/// kind is known only from their text.
#[cfg(any(feature = "json", feature = "msgpack"))]
pub(super) const NOT_AN_OBJECT: &str = "can only flatten structs and maps";
