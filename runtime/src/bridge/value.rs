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
        let mut first = true;
        while let Some(key) = r.object_key(first)? {
            let key = String::from(&*key);
            let value = Value::decode(r).map_err(|e| e.in_key(&key))?;
            map.insert(key, value);
            first = false;
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
    use crate::msgpack::{Decode, Encode, Error, Reader, Writer};

    /// What serde_json says it expected where a `Value` could not start.
    const ANY_VALUE: &str = "any valid JSON value";

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

    /// What a number reads to, as serde_json's visitors see what rmp-serde hands them: an
    /// integer of any form (by value: a non-negative `int 8` is the same number as a
    /// `uint 8`), a float (`float 32` widened), or for floats that are not finite, which
    /// serde_json's `Number` cannot hold, `None`.
    enum Read {
        Number(Number),
        NotFinite,
    }

    /// Reads a number if one comes next; `Ok(None)`, consuming nothing, for anything else.
    #[inline]
    fn read_number(r: &mut Reader<'_>) -> Result<Option<Read>, Error> {
        let number = match r.peek()? {
            0x00..=0x7f | 0xcc..=0xcf => Number::from(r.decode_u64("a JSON number")?),
            0xe0..=0xff | 0xd0..=0xd3 => Number::from(r.decode_i64("a JSON number")?),
            0xca => return Ok(Some(float(f64::from(r.decode_f32()?)))),
            0xcb => return Ok(Some(float(r.decode_f64()?))),
            _ => return Ok(None),
        };
        Ok(Some(Read::Number(number)))
    }

    #[inline]
    fn float(value: f64) -> Read {
        Number::from_f64(value).map_or(Read::NotFinite, Read::Number)
    }

    /// Any integer or float. A float that is not finite is refused with serde_json's message.
    impl<'de> Decode<'de> for Number {
        fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
            let at = r.offset();
            match read_number(r)? {
                Some(Read::Number(number)) => Ok(number),
                Some(Read::NotFinite) => Err(r.custom_at("not a JSON number", at)),
                None => Err(invalid_type(r, "a JSON number")),
            }
        }
    }

    /// `invalid type` for the value at the reader, in serde's words for it as rmp-serde hands
    /// it over (an extension value reaches a visitor as a newtype struct).
    #[cold]
    fn invalid_type(r: &Reader<'_>, expected: &'static str) -> Error {
        match r.peek() {
            Ok(0xc7..=0xc9 | 0xd4..=0xd8) => {
                r.invalid_type_found("newtype struct".to_owned(), expected, r.offset())
            }
            _ => r.invalid_type(expected),
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
            if r.try_nil()? {
                return Ok(Map::new());
            }
            if !matches!(r.peek()?, 0x80..=0x8f | 0xde | 0xdf) {
                return Err(invalid_type(r, "a map"));
            }
            let len = r.begin_map("a map")?;
            decode_entries(r, len, false)
        }
    }

    /// The `len` entries of a map whose header has been read. serde_json's `Value` reads its
    /// first key through a visitor that takes only strings, the others as `String`s, which
    /// take a `bin` of UTF-8 too: `first_key_str` says whether to refuse a `bin` first key.
    fn decode_entries(
        r: &mut Reader<'_>,
        len: usize,
        first_key_str: bool,
    ) -> Result<Map<String, Value>, Error> {
        let mut map = Map::new();
        for index in 0..len {
            let key = match r.peek()? {
                0xa0..=0xbf | 0xd9..=0xdb => r.decode_str()?,
                0xc4..=0xc6 if index > 0 || !first_key_str => r.decode_str()?,
                _ if index == 0 && first_key_str => return Err(invalid_type(r, "a string key")),
                _ => return Err(invalid_type(r, "a string")),
            };
            let key = key.to_owned();
            let value = Value::decode(r).map_err(|e| e.in_key(&key))?;
            map.insert(key, value);
        }
        r.end_container();
        Ok(map)
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
    /// makes it), strings, arrays, and maps with string keys (see `decode_entries`). Binaries
    /// and extension values are refused, as serde_json's visitor refuses them.
    impl<'de> Decode<'de> for Value {
        fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
            if let Some(number) = read_number(r)? {
                return Ok(match number {
                    Read::Number(number) => Value::Number(number),
                    Read::NotFinite => Value::Null,
                });
            }
            match r.peek()? {
                0xc0 => r.decode_nil(ANY_VALUE).map(|()| Value::Null),
                0xc2 | 0xc3 => r.decode_bool().map(Value::Bool),
                0xa0..=0xbf | 0xd9..=0xdb => Ok(Value::String(r.decode_str()?.to_owned())),
                0x90..=0x9f | 0xdc | 0xdd => {
                    let len = r.begin_array(ANY_VALUE)?;
                    // The claim is already bounded by the input's size; reserve no more
                    // than about a megabyte up front either.
                    let room = (1 << 20) / std::mem::size_of::<Value>();
                    let mut items = Vec::with_capacity(len.min(room));
                    for index in 0..len {
                        items.push(Value::decode(r).map_err(|e| e.in_index(index))?);
                    }
                    r.end_container();
                    Ok(Value::Array(items))
                }
                0x80..=0x8f | 0xde | 0xdf => {
                    let len = r.begin_map(ANY_VALUE)?;
                    decode_entries(r, len, true).map(Value::Object)
                }
                _ => Err(invalid_type(r, ANY_VALUE)),
            }
        }
    }
}
