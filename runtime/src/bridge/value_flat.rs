//! `serde_json::Map<String, Value>` and `serde_json::Value` as flattened fields
//! (`#[serde(flatten)] extra: Map<String, Value>`), the usual way to keep the members a
//! struct does not name: written as members of the enclosing object, read from every member
//! no other part took (serde's rule for flattened maps). A flattened `Value` must be an
//! object, as in serde: anything else fails when encoding and is refused when decoding.

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
                _ => {
                    w.fail(super::NOT_AN_OBJECT);
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
                _ => w.fail(super::NOT_AN_OBJECT),
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

/// serde's message for flattening a value that is not an object.
#[cfg(any(feature = "json", feature = "msgpack"))]
pub(super) const NOT_AN_OBJECT: &str = "can only flatten structs and maps";
