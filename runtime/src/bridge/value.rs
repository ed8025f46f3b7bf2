//! fastwire's traits for `serde_json::Value`, `Map<String, Value>` and `Number`, written
//! natively: serde_json's bytes and `rmp_serde::to_vec_named`'s, and what serde_json and
//! rmp-serde accept for these types, with no serde in between and fastwire's depth limit.

/// The size hint of a string of `len` bytes, in either format (quotes or header, and a
/// margin for escapes).
#[inline]
fn str_hint(len: usize) -> usize {
    len + 4
}

#[cfg(feature = "json")]
mod json_impls {
    use serde_json::{Map, Number, Value};

    use super::str_hint;
    use crate::json::{self, Decode, Encode, Error, Reader, Writer};

    /// What serde_json says it expected where a `Value` could not start.
    const ANY_VALUE: &str = "any valid JSON value";

    impl Encode for Number {
        #[inline]
        fn encode<W: Writer>(&self, w: &mut W) {
            if let Some(value) = self.as_u64() {
                w.write_u64(value);
            } else if let Some(value) = self.as_i64() {
                w.write_i64(value);
            } else if let Some(value) = self.as_f64() {
                w.write_f64(value);
            }
        }

        #[inline]
        fn size_hint(&self) -> usize {
            if self.is_f64() {
                12
            } else {
                4
            }
        }
    }

    /// Numbers as serde_json classifies them: non-negative integers in `u64`, negative ones in
    /// `i64`, anything else (a fraction, an exponent, `-0`, an integer beyond both ranges) a
    /// float; a float beyond `f64`'s range is an error.
    impl<'de> Decode<'de> for Number {
        #[inline]
        fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
            json::Number::decode(r).map(|number| to_serde_number(&number))
        }
    }

    /// fastwire's number (parsed, classified and range-checked as serde_json does) as
    /// serde_json's.
    #[inline]
    fn to_serde_number(number: &json::Number) -> Number {
        if let Some(value) = number.as_u64() {
            Number::from(value)
        } else if let Some(value) = number.as_i64() {
            Number::from(value)
        } else {
            // A fastwire float is finite, so this is never the fallback.
            number
                .as_f64()
                .and_then(Number::from_f64)
                .unwrap_or_else(|| Number::from(0u8))
        }
    }

    /// An object, in the order the map iterates (serde_json's own order for its `Map`).
    impl Encode for Map<String, Value> {
        fn encode<W: Writer>(&self, w: &mut W) {
            w.begin_object();
            // The members as a flattened map writes them.
            let empty = json::EncodeFlat::encode_flat(self, w, true);
            w.end_object(!empty);
        }

        fn size_hint(&self) -> usize {
            2 + crate::buf::iter_hint(self.len(), self.iter(), |(key, value)| {
                str_hint(key.len()) + 2 + value.size_hint()
            })
        }
    }

    /// An object; a repeated key keeps its last value, as in serde_json.
    impl<'de> Decode<'de> for Map<String, Value> {
        fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
            r.begin_object("a map")?;
            decode_members(r)
        }
    }

    /// The members of an object whose `{` has been read.
    fn decode_members(r: &mut Reader<'_>) -> Result<Map<String, Value>, Error> {
        let mut map = Map::new();
        let mut count = 0;
        while let Some(key) = r.object_key(count == 0)? {
            let key = String::from(&*key);
            r.check_item(count)?;
            count += 1;
            let value = Value::decode(r).map_err(|e| e.in_key(&key))?;
            map.insert(key, value);
        }
        Ok(map)
    }

    impl Encode for Value {
        fn encode<W: Writer>(&self, w: &mut W) {
            match self {
                Value::Null => w.write_null(),
                Value::Bool(value) => w.write_bool(*value),
                Value::Number(number) => number.encode(w),
                Value::String(text) => w.write_str(text),
                Value::Array(items) => {
                    w.begin_array();
                    for (index, item) in items.iter().enumerate() {
                        w.array_value(index == 0);
                        item.encode(w);
                    }
                    w.end_array(!items.is_empty());
                }
                Value::Object(map) => map.encode(w),
            }
        }

        fn size_hint(&self) -> usize {
            match self {
                Value::Null | Value::Bool(_) => 5,
                Value::Number(number) => number.size_hint(),
                Value::String(text) => str_hint(text.len()),
                Value::Array(items) => {
                    2 + crate::buf::slice_hint(items, |item| item.size_hint() + 1)
                }
                Value::Object(map) => map.size_hint(),
            }
        }
    }

    impl<'de> Decode<'de> for Value {
        fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
            match r.peek()? {
                b'n' => r.decode_null(ANY_VALUE).map(|()| Value::Null),
                b't' | b'f' => r.decode_bool().map(Value::Bool),
                b'"' => Ok(Value::String(String::from(&*r.decode_str()?))),
                b'-' | b'0'..=b'9' => Number::decode(r).map(Value::Number),
                b'[' => {
                    r.begin_array("a sequence")?;
                    let mut items = Vec::new();
                    while r.array_next(items.is_empty())? {
                        let index = items.len();
                        r.check_item(index)?;
                        items.push(Value::decode(r).map_err(|e| e.in_index(index))?);
                    }
                    Ok(Value::Array(items))
                }
                b'{' => {
                    r.begin_object("a map")?;
                    decode_members(r).map(Value::Object)
                }
                _ => Err(r.invalid_type(ANY_VALUE)),
            }
        }
    }
}

#[cfg(feature = "msgpack")]
mod msgpack_impls {
    use serde_json::{Map, Number, Value};

    use super::str_hint;
    use crate::msgpack::json_tree::{self, JsonTree};
    use crate::msgpack::{Decode, Encode, Error, Reader, Writer};

    /// Integers in their smallest form, floats as `float 64`, as rmp-serde writes them.
    impl Encode for Number {
        #[inline]
        fn encode<W: Writer>(&self, w: &mut W) {
            if let Some(value) = self.as_u64() {
                w.write_u64(value);
            } else if let Some(value) = self.as_i64() {
                w.write_i64(value);
            } else if let Some(value) = self.as_f64() {
                w.write_f64(value);
            }
        }

        #[inline]
        fn size_hint(&self) -> usize {
            9
        }
    }

    /// Any integer or float. A float that is not finite is refused with serde_json's message.
    impl<'de> Decode<'de> for Number {
        fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
            json_tree::decode_number::<Value>(r)
        }
    }

    /// A map with string keys, as rmp-serde's `serialize_map` writes it.
    impl Encode for Map<String, Value> {
        fn encode<W: Writer>(&self, w: &mut W) {
            w.write_map_len(self.len());
            // The entries as a flattened map writes them.
            crate::msgpack::EncodeFlat::encode_flat(self, w);
        }

        fn size_hint(&self) -> usize {
            5 + crate::buf::iter_hint(self.len(), self.iter(), |(key, value)| {
                str_hint(key.len()) + value.size_hint()
            })
        }
    }

    /// A map whose keys are strings (or `bin` holding UTF-8, which serde's `String` takes),
    /// or `nil` for the empty map, as serde_json's `Map` reads through rmp-serde.
    impl<'de> Decode<'de> for Map<String, Value> {
        fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
            json_tree::decode_map::<Value>(r)
        }
    }

    /// As rmp-serde writes a `Value` through serde: `nil`, booleans, numbers as
    /// [`Number`]'s impl writes them, strings, arrays and maps with their lengths first.
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
                Value::Number(number) => number.size_hint(),
                Value::String(text) => str_hint(text.len()),
                Value::Array(items) => 5 + crate::buf::slice_hint(items, Encode::size_hint),
                Value::Object(map) => map.size_hint(),
            }
        }
    }

    /// What `rmp_serde::from_slice::<Value>` accepts: `nil` as `Null`, booleans, integers of
    /// any form and floats (a float that is not finite as `Null`, as serde_json's visitor
    /// makes it), strings, arrays, and maps with string keys (the first a `str`, the others
    /// `str` or `bin` holding UTF-8). Binaries and extension values are refused, as
    /// serde_json's visitor refuses them.
    impl<'de> Decode<'de> for Value {
        fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
            json_tree::decode_value(r)
        }
    }

    /// serde_json's tree, for the decoder it shares with fastwire's `json::Value`.
    impl JsonTree for Value {
        type Number = Number;
        type Map = Map<String, Value>;

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
        fn object(map: Map<String, Value>) -> Self {
            Value::Object(map)
        }

        #[inline]
        fn new_map() -> Map<String, Value> {
            Map::new()
        }

        #[inline]
        fn insert(map: &mut Map<String, Value>, key: String, value: Self) {
            map.insert(key, value);
        }
    }
}
