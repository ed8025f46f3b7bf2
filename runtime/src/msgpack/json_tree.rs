//! What serde_json's `Value`, `Map` and `Number` make of MessagePack read through rmp-serde,
//! written once for both trees that follow it: fastwire's [`json::Value`](crate::json::Value)
//! and, with the `serde` feature, serde_json's own.
//!
//! rmp-serde hands serde_json's visitors each value as it finds it: `nil` as a unit, integers
//! by value (a non-negative `int 8` is the same number as a `uint 8`), `float 32` widened to
//! `f64`, strings (or their bytes, when they are not UTF-8), `bin` as bytes, arrays and maps
//! as sequences and maps, and extension values (timestamps included) as newtype structs.
//! serde_json's visitors take a float that is not finite as `null` in a `Value` (an error for
//! a `Number`), refuse bytes and newtype structs, read a `Value`'s first map key through a
//! visitor of strings only and every other key as a `String` (which takes a `bin` of UTF-8
//! too), and read a `Map` from a map or from a unit (the empty map).

use super::{Error, Reader};

/// What serde_json says it expected where a `Value` could not start.
pub(crate) const ANY_VALUE: &str = "any valid JSON value";

/// What serde_json's `Number` says it expected.
const A_NUMBER: &str = "a JSON number";

/// A JSON document tree in serde_json's model, by the constructors its MessagePack decoder
/// needs.
pub(crate) trait JsonTree: Sized {
    /// An integer in either 64-bit range, or a finite float.
    type Number: From<u64> + From<i64>;
    /// An object.
    type Map;

    /// A float number; `None` when `value` is not finite.
    fn float(value: f64) -> Option<Self::Number>;
    /// `null`.
    fn null() -> Self;
    /// A boolean.
    fn bool(value: bool) -> Self;
    /// A number.
    fn number(number: Self::Number) -> Self;
    /// A string.
    fn string(text: String) -> Self;
    /// An array.
    fn array(items: Vec<Self>) -> Self;
    /// An object.
    fn object(map: Self::Map) -> Self;
    /// An empty object.
    fn new_map() -> Self::Map;
    /// Adds a member; a repeated key replaces the value, as serde_json's `Map::insert` does.
    fn insert(map: &mut Self::Map, key: String, value: Self);
}

/// A number as serde_json's visitors see it.
enum Read<N> {
    Number(N),
    /// A float that is not finite, which serde_json's `Number` cannot hold.
    NotFinite,
}

/// Reads a number if one comes next; `Ok(None)`, consuming nothing, for anything else.
#[inline]
fn read_number<T: JsonTree>(r: &mut Reader<'_>) -> Result<Option<Read<T::Number>>, Error> {
    let float = match r.peek()? {
        0x00..=0x7f | 0xcc..=0xcf => return Ok(Some(Read::Number(r.decode_u64(A_NUMBER)?.into()))),
        0xe0..=0xff | 0xd0..=0xd3 => return Ok(Some(Read::Number(r.decode_i64(A_NUMBER)?.into()))),
        0xca => f64::from(r.decode_f32()?),
        0xcb => r.decode_f64()?,
        _ => return Ok(None),
    };
    Ok(Some(T::float(float).map_or(Read::NotFinite, Read::Number)))
}

/// `invalid type` for the value at the reader, in serde's words for it as rmp-serde hands it
/// over (an extension value reaches a visitor as a newtype struct).
#[cold]
pub(crate) fn invalid_type(r: &Reader<'_>, expected: &'static str) -> Error {
    match r.peek() {
        Ok(0xc7..=0xc9 | 0xd4..=0xd8) => {
            r.invalid_type_found("newtype struct".to_owned(), expected, r.offset())
        }
        _ => r.invalid_type(expected),
    }
}

/// A number, as serde_json's `Number` reads one: any integer, or a float, refusing one that is
/// not finite with serde_json's message.
pub(crate) fn decode_number<T: JsonTree>(r: &mut Reader<'_>) -> Result<T::Number, Error> {
    let at = r.offset();
    match read_number::<T>(r)? {
        Some(Read::Number(number)) => Ok(number),
        Some(Read::NotFinite) => Err(r.custom_at("not a JSON number", at)),
        None => Err(invalid_type(r, A_NUMBER)),
    }
}

/// An object, as serde_json's `Map` reads one: a map whose keys are strings (or `bin` holding
/// UTF-8), or `nil` for the empty map.
pub(crate) fn decode_map<T: JsonTree>(r: &mut Reader<'_>) -> Result<T::Map, Error> {
    if r.try_nil()? {
        return Ok(T::new_map());
    }
    if !matches!(r.peek()?, 0x80..=0x8f | 0xde | 0xdf) {
        return Err(invalid_type(r, "a map"));
    }
    let len = r.begin_map("a map")?;
    decode_entries::<T>(r, len, false)
}

/// The `len` entries of a map whose header has been read. serde_json's `Value` reads its
/// first key through a visitor that takes only strings, the others as `String`s, which take a
/// `bin` of UTF-8 too: `first_key_str` says whether to refuse a `bin` first key.
fn decode_entries<T: JsonTree>(
    r: &mut Reader<'_>,
    len: usize,
    first_key_str: bool,
) -> Result<T::Map, Error> {
    let mut map = T::new_map();
    for index in 0..len {
        let key = match r.peek()? {
            0xa0..=0xbf | 0xd9..=0xdb => r.decode_str()?,
            0xc4..=0xc6 if index > 0 || !first_key_str => r.decode_str()?,
            _ if index == 0 && first_key_str => return Err(invalid_type(r, "a string key")),
            _ => return Err(invalid_type(r, "a string")),
        };
        let key = key.to_owned();
        let value = decode_value::<T>(r).map_err(|e| e.in_key(&key))?;
        T::insert(&mut map, key, value);
    }
    r.end_container();
    Ok(map)
}

/// A document, as serde_json's `Value` reads one: `nil` as `null`, booleans, integers of any
/// form and floats (a float that is not finite as `null`, as serde_json's visitor makes it),
/// strings, arrays, and maps with string keys (see `decode_entries`). Binaries and extension
/// values are refused, as serde_json's visitor refuses them. Each array and map takes a level
/// of the reader's depth limit.
pub(crate) fn decode_value<T: JsonTree>(r: &mut Reader<'_>) -> Result<T, Error> {
    if let Some(number) = read_number::<T>(r)? {
        return Ok(match number {
            Read::Number(number) => T::number(number),
            Read::NotFinite => T::null(),
        });
    }
    match r.peek()? {
        0xc0 => r.decode_nil(ANY_VALUE).map(|()| T::null()),
        0xc2 | 0xc3 => r.decode_bool().map(T::bool),
        0xa0..=0xbf | 0xd9..=0xdb => Ok(T::string(r.decode_str()?.to_owned())),
        0x90..=0x9f | 0xdc | 0xdd => {
            let len = r.begin_array(ANY_VALUE)?;
            // The claim is already bounded by the input's size; reserve no more than about a
            // megabyte up front either.
            let room = (1 << 20) / std::mem::size_of::<T>();
            let mut items = Vec::with_capacity(len.min(room));
            for index in 0..len {
                items.push(decode_value::<T>(r).map_err(|e| e.in_index(index))?);
            }
            r.end_container();
            Ok(T::array(items))
        }
        0x80..=0x8f | 0xde | 0xdf => {
            let len = r.begin_map(ANY_VALUE)?;
            decode_entries::<T>(r, len, true).map(T::object)
        }
        _ => Err(invalid_type(r, ANY_VALUE)),
    }
}
