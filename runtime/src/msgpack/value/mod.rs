//! [`Value`], any MessagePack document, and its [`Integer`].
//!
//! The model is MessagePack's own: integers exact over `i64::MIN..=u64::MAX`, `float 32` and
//! `float 64` kept apart, strings (valid UTF-8) apart from binaries, maps with keys of any
//! type in the order they were read, extension values, and the timestamp extension read into
//! a [`Timestamp`]. Re-encoding a decoded document writes every integer, header and
//! extension in its smallest form, as rmpv writes its `Value` (so a document rmp-serde wrote
//! comes back byte for byte).
//!
//! ```
//! use fastwire::msgpack::{self, Value};
//!
//! // {"name": "Ada", "tags": ["a", "b"], 1: true}
//! let bytes = b"\x83\xa4name\xa3Ada\xa4tags\x92\xa1a\xa1b\x01\xc3";
//! let doc: Value = msgpack::from_slice(bytes).unwrap();
//! assert_eq!(doc["name"], "Ada");
//! assert_eq!(doc["tags"][1], "b");
//! assert_eq!(doc.get_key(&Value::from(1)), Some(&Value::Bool(true)));
//! assert!(doc["missing"].is_nil());
//! assert_eq!(doc.to_string(), r#"{"name": "Ada", "tags": ["a", "b"], 1: true}"#);
//! assert_eq!(msgpack::to_vec(&doc), bytes);
//! ```

mod codec;
mod convert;
mod display;
mod drop;
mod from;
mod integer;
#[cfg(test)]
mod tests;

use std::mem;
use std::ops;

pub use convert::{from_value, to_value, try_to_value};
pub use integer::Integer;

use super::Timestamp;

/// Any MessagePack value.
///
/// Decode one with [`from_slice`](super::from_slice) (or any `from_*` function), build one with
/// the `From` conversions or the variants themselves, and encode it like any other value.
///
/// | MessagePack | variant | encoded as |
/// |---|---|---|
/// | nil | [`Nil`](Value::Nil) | `nil` |
/// | bool | [`Bool`](Value::Bool) | `false`, `true` |
/// | int (any form) | [`Integer`](Value::Integer) | the smallest form for the value |
/// | float 32 | [`F32`](Value::F32) | `float 32` |
/// | float 64 | [`F64`](Value::F64) | `float 64` |
/// | str | [`String`](Value::String) | the smallest `str` header |
/// | bin | [`Binary`](Value::Binary) | the smallest `bin` header |
/// | array | [`Array`](Value::Array) | the smallest `array` header |
/// | map | [`Map`](Value::Map) | the smallest `map` header, entries in order |
/// | ext, type -1 (timestamp) | [`Timestamp`](Value::Timestamp) | the smallest timestamp form |
/// | ext, any other type | [`Ext`](Value::Ext) | the smallest `fixext` or `ext` header |
///
/// Decoding reads every form of each type and checks what MessagePack requires: strings
/// must be valid UTF-8 (a `Value` cannot hold a string that is not; rmpv's can), `0xc1` is
/// never a value, an extension of type -1 must be a valid timestamp (4, 8 or 12 bytes, at most
/// 999,999,999 nanoseconds: the spec reserves the type), and nesting is limited as for every
/// type (see [`Decoder::max_depth`](super::Decoder::max_depth)). Errors carry the path to the
/// failing value: indexes for arrays, keys (as text) for maps.
///
/// Equality is structural and floats compare by value, so `F64(NaN)` is unequal to itself and
/// `F32(1.0)`, `F64(1.0)` and `Integer(1)` are three different values (as in rmpv).
/// [`Integer`]s compare by value whatever their width. Maps compare entry by entry, in order.
///
/// ```
/// use fastwire::msgpack::{self, Timestamp, Value};
///
/// let doc = Value::Map(vec![
///     ("id".into(), 7.into()),
///     ("blob".into(), vec![0u8, 255].into()),
///     ("when".into(), Timestamp::new(1, 0).unwrap().into()),
///     (Value::from(-1), Value::Array(vec![1.5f32.into(), Value::Nil])),
/// ]);
/// let bytes = msgpack::to_vec(&doc);
/// assert_eq!(msgpack::from_slice::<Value>(&bytes).unwrap(), doc);
/// assert_eq!(
///     doc.to_string(),
///     r#"{"id": 7, "blob": h'00ff', "when": timestamp(1970-01-01T00:00:01Z), -1: [1.5, nil]}"#
/// );
/// ```
///
/// Decoding is recursive (one call per level, within the depth limit); so are encoding,
/// `Display`, comparison and dropping, which a `Value` built by hand may nest as deep as it
/// likes: keep hand-built nesting within what the stack holds.
#[derive(Clone, Debug, PartialEq, Default)]
pub enum Value {
    /// `nil`; also what [`Value::default`] and indexing a missing entry give.
    #[default]
    Nil,
    /// `true` or `false`.
    Bool(bool),
    /// An integer of any form, `i64::MIN..=u64::MAX`.
    Integer(Integer),
    /// A `float 32`.
    F32(f32),
    /// A `float 64`.
    F64(f64),
    /// A `str`: valid UTF-8.
    String(String),
    /// A `bin`: any bytes.
    Binary(Vec<u8>),
    /// An array.
    Array(Vec<Value>),
    /// A map: keys of any type, in the order read or built, duplicates kept as they are (a
    /// `Vec` of pairs rather than a hash map, since keys need not be strings, nor even
    /// hashable floats).
    Map(Vec<(Value, Value)>),
    /// An extension value: its type code (any but -1 when decoded) and its data.
    ///
    /// `Ext(-1, data)` is encoded as it is, but reads back as a [`Value::Timestamp`] (or an
    /// error, if `data` is not a valid timestamp).
    Ext(i8, Vec<u8>),
    /// The timestamp extension (type -1).
    Timestamp(Timestamp),
}

/// What indexing a `Value` returns for a missing entry.
static NIL: Value = Value::Nil;

impl Value {
    /// The element at an array index (`usize`), or the value of the first map entry whose key
    /// is the string given (`&str`, `String`); `None` when there is none or `self` is of
    /// another kind. For keys of other types see [`Value::get_key`].
    ///
    /// ```
    /// use fastwire::msgpack::Value;
    ///
    /// let doc = Value::Map(vec![("a".into(), Value::Array(vec![10.into(), 20.into()]))]);
    /// assert_eq!(doc.get("a").and_then(|a| a.get(1)), Some(&Value::from(20)));
    /// assert_eq!(doc.get("b"), None);
    /// assert_eq!(doc.get(0), None);
    /// ```
    #[inline]
    pub fn get<I: ValueIndex>(&self, index: I) -> Option<&Value> {
        index.index_into(self)
    }

    /// Like [`Value::get`], mutably.
    ///
    /// ```
    /// use fastwire::msgpack::Value;
    ///
    /// let mut doc = Value::Map(vec![("a".into(), 1.into())]);
    /// *doc.get_mut("a").unwrap() = "one".into();
    /// assert_eq!(doc["a"], "one");
    /// ```
    #[inline]
    pub fn get_mut<I: ValueIndex>(&mut self, index: I) -> Option<&mut Value> {
        index.index_into_mut(self)
    }

    /// The value of the first map entry whose key equals `key` (a key of any type); `None`
    /// when there is none or `self` is not a map.
    ///
    /// ```
    /// use fastwire::msgpack::Value;
    ///
    /// let doc = Value::Map(vec![(1.into(), "one".into()), (Value::Nil, "nil".into())]);
    /// assert_eq!(doc.get_key(&Value::from(1u64)), Some(&Value::from("one")));
    /// assert_eq!(doc.get_key(&Value::Nil), Some(&Value::from("nil")));
    /// assert_eq!(doc.get_key(&Value::from(1.0)), None);
    /// ```
    pub fn get_key(&self, key: &Value) -> Option<&Value> {
        match self {
            Value::Map(entries) => entries.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// Whether this is `nil`.
    ///
    /// ```
    /// use fastwire::msgpack::Value;
    ///
    /// assert!(Value::Nil.is_nil());
    /// assert!(!Value::from(false).is_nil());
    /// ```
    #[inline]
    pub fn is_nil(&self) -> bool {
        matches!(self, Value::Nil)
    }

    /// Whether this is a boolean.
    ///
    /// ```
    /// use fastwire::msgpack::Value;
    ///
    /// assert!(Value::from(true).is_bool());
    /// assert!(!Value::from(1).is_bool());
    /// ```
    #[inline]
    pub fn is_bool(&self) -> bool {
        matches!(self, Value::Bool(_))
    }

    /// The boolean, if this is one.
    ///
    /// ```
    /// use fastwire::msgpack::Value;
    ///
    /// assert_eq!(Value::from(true).as_bool(), Some(true));
    /// assert_eq!(Value::Nil.as_bool(), None);
    /// ```
    #[inline]
    pub fn as_bool(&self) -> Option<bool> {
        match *self {
            Value::Bool(value) => Some(value),
            _ => None,
        }
    }

    /// Whether this is an integer (of any form; floats are not integers, even `1.0`).
    ///
    /// ```
    /// use fastwire::msgpack::Value;
    ///
    /// assert!(Value::from(u64::MAX).is_integer());
    /// assert!(!Value::from(1.0).is_integer());
    /// ```
    #[inline]
    pub fn is_integer(&self) -> bool {
        matches!(self, Value::Integer(_))
    }

    /// The integer, if this is one.
    ///
    /// ```
    /// use fastwire::msgpack::{Integer, Value};
    ///
    /// assert_eq!(Value::from(-3).as_integer(), Some(Integer::from(-3)));
    /// assert_eq!(Value::from("3").as_integer(), None);
    /// ```
    #[inline]
    pub fn as_integer(&self) -> Option<Integer> {
        match *self {
            Value::Integer(value) => Some(value),
            _ => None,
        }
    }

    /// The integer as a `u64`, if this is an integer in that range (floats are not converted).
    ///
    /// ```
    /// use fastwire::msgpack::Value;
    ///
    /// assert_eq!(Value::from(u64::MAX).as_u64(), Some(u64::MAX));
    /// assert_eq!(Value::from(-1).as_u64(), None);
    /// assert_eq!(Value::from(1.0).as_u64(), None);
    /// ```
    #[inline]
    pub fn as_u64(&self) -> Option<u64> {
        self.as_integer().and_then(Integer::as_u64)
    }

    /// The integer as an `i64`, if this is an integer in that range (floats are not converted).
    ///
    /// ```
    /// use fastwire::msgpack::Value;
    ///
    /// assert_eq!(Value::from(i64::MIN).as_i64(), Some(i64::MIN));
    /// assert_eq!(Value::from(u64::MAX).as_i64(), None);
    /// ```
    #[inline]
    pub fn as_i64(&self) -> Option<i64> {
        self.as_integer().and_then(Integer::as_i64)
    }

    /// Whether this is a `float 32` or a `float 64`.
    ///
    /// ```
    /// use fastwire::msgpack::Value;
    ///
    /// assert!(Value::from(0.5f32).is_float());
    /// assert!(Value::from(0.5).is_float());
    /// assert!(!Value::from(1).is_float());
    /// ```
    #[inline]
    pub fn is_float(&self) -> bool {
        matches!(self, Value::F32(_) | Value::F64(_))
    }

    /// Whether this is a `float 32`.
    ///
    /// ```
    /// use fastwire::msgpack::Value;
    ///
    /// assert!(Value::from(0.5f32).is_f32());
    /// assert!(!Value::from(0.5f64).is_f32());
    /// ```
    #[inline]
    pub fn is_f32(&self) -> bool {
        matches!(self, Value::F32(_))
    }

    /// Whether this is a `float 64`.
    ///
    /// ```
    /// use fastwire::msgpack::Value;
    ///
    /// assert!(Value::from(0.5f64).is_f64());
    /// assert!(!Value::from(0.5f32).is_f64());
    /// ```
    #[inline]
    pub fn is_f64(&self) -> bool {
        matches!(self, Value::F64(_))
    }

    /// Any number as an `f64`: a `float 64` as it is, a `float 32` widened (exactly), an
    /// integer rounded to the nearest `f64` beyond 2^53; `None` for other kinds.
    ///
    /// ```
    /// use fastwire::msgpack::Value;
    ///
    /// assert_eq!(Value::from(0.1f32).as_f64(), Some(f64::from(0.1f32)));
    /// assert_eq!(Value::from(-2).as_f64(), Some(-2.0));
    /// assert_eq!(Value::from("2").as_f64(), None);
    /// ```
    #[inline]
    pub fn as_f64(&self) -> Option<f64> {
        match *self {
            Value::F64(value) => Some(value),
            Value::F32(value) => Some(f64::from(value)),
            Value::Integer(value) => Some(value.as_f64()),
            _ => None,
        }
    }

    /// Whether this is a string.
    ///
    /// ```
    /// use fastwire::msgpack::Value;
    ///
    /// assert!(Value::from("x").is_str());
    /// assert!(!Value::from(&b"x"[..]).is_str());
    /// ```
    #[inline]
    pub fn is_str(&self) -> bool {
        matches!(self, Value::String(_))
    }

    /// The string, if this is one.
    ///
    /// ```
    /// use fastwire::msgpack::Value;
    ///
    /// assert_eq!(Value::from("x").as_str(), Some("x"));
    /// assert_eq!(Value::from(&b"x"[..]).as_str(), None);
    /// ```
    #[inline]
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(value) => Some(value),
            _ => None,
        }
    }

    /// Whether this is a binary.
    ///
    /// ```
    /// use fastwire::msgpack::Value;
    ///
    /// assert!(Value::from(vec![1u8, 2]).is_binary());
    /// assert!(!Value::from("12").is_binary());
    /// ```
    #[inline]
    pub fn is_binary(&self) -> bool {
        matches!(self, Value::Binary(_))
    }

    /// The bytes of a binary; `None` for other kinds, strings included (their bytes are
    /// `as_str().map(str::as_bytes)`).
    ///
    /// ```
    /// use fastwire::msgpack::Value;
    ///
    /// assert_eq!(Value::from(vec![1u8, 2]).as_bytes(), Some(&[1u8, 2][..]));
    /// assert_eq!(Value::from("12").as_bytes(), None);
    /// ```
    #[inline]
    pub fn as_bytes(&self) -> Option<&[u8]> {
        match self {
            Value::Binary(value) => Some(value),
            _ => None,
        }
    }

    /// Whether this is an array.
    ///
    /// ```
    /// use fastwire::msgpack::Value;
    ///
    /// assert!(Value::Array(vec![]).is_array());
    /// assert!(!Value::from(vec![0u8]).is_array());
    /// ```
    #[inline]
    pub fn is_array(&self) -> bool {
        matches!(self, Value::Array(_))
    }

    /// The elements, if this is an array.
    ///
    /// ```
    /// use fastwire::msgpack::Value;
    ///
    /// let doc: Value = (1..=3).collect();
    /// assert_eq!(doc.as_array().map(Vec::len), Some(3));
    /// assert_eq!(Value::Nil.as_array(), None);
    /// ```
    #[inline]
    pub fn as_array(&self) -> Option<&Vec<Value>> {
        match self {
            Value::Array(items) => Some(items),
            _ => None,
        }
    }

    /// The elements, mutably, if this is an array.
    ///
    /// ```
    /// use fastwire::msgpack::Value;
    ///
    /// let mut doc = Value::Array(vec![]);
    /// doc.as_array_mut().unwrap().push("x".into());
    /// assert_eq!(doc[0], "x");
    /// ```
    #[inline]
    pub fn as_array_mut(&mut self) -> Option<&mut Vec<Value>> {
        match self {
            Value::Array(items) => Some(items),
            _ => None,
        }
    }

    /// Whether this is a map.
    ///
    /// ```
    /// use fastwire::msgpack::Value;
    ///
    /// assert!(Value::Map(vec![]).is_map());
    /// assert!(!Value::Array(vec![]).is_map());
    /// ```
    #[inline]
    pub fn is_map(&self) -> bool {
        matches!(self, Value::Map(_))
    }

    /// The entries in order, if this is a map.
    ///
    /// ```
    /// use fastwire::msgpack::Value;
    ///
    /// let doc: Value = [("b", 1), ("a", 2)].into_iter().collect();
    /// let keys: Vec<_> = doc.as_map().unwrap().iter().map(|(k, _)| k.as_str()).collect();
    /// assert_eq!(keys, [Some("b"), Some("a")]);
    /// ```
    #[inline]
    pub fn as_map(&self) -> Option<&Vec<(Value, Value)>> {
        match self {
            Value::Map(entries) => Some(entries),
            _ => None,
        }
    }

    /// The entries, mutably, if this is a map.
    ///
    /// ```
    /// use fastwire::msgpack::Value;
    ///
    /// let mut doc = Value::Map(vec![]);
    /// doc.as_map_mut().unwrap().push((1.into(), "one".into()));
    /// assert_eq!(doc.get_key(&1.into()), Some(&"one".into()));
    /// ```
    #[inline]
    pub fn as_map_mut(&mut self) -> Option<&mut Vec<(Value, Value)>> {
        match self {
            Value::Map(entries) => Some(entries),
            _ => None,
        }
    }

    /// Whether this is an extension value other than a timestamp.
    ///
    /// ```
    /// use fastwire::msgpack::{Timestamp, Value};
    ///
    /// assert!(Value::Ext(5, vec![1]).is_ext());
    /// assert!(!Value::from(Timestamp::UNIX_EPOCH).is_ext());
    /// ```
    #[inline]
    pub fn is_ext(&self) -> bool {
        matches!(self, Value::Ext(..))
    }

    /// The type code and data, if this is an extension value other than a timestamp.
    ///
    /// ```
    /// use fastwire::msgpack::{self, Value};
    ///
    /// let doc: Value = msgpack::from_slice(b"\xd5\x02\x20\x21").unwrap();
    /// assert_eq!(doc.as_ext(), Some((2, &b"\x20\x21"[..])));
    /// ```
    #[inline]
    pub fn as_ext(&self) -> Option<(i8, &[u8])> {
        match self {
            Value::Ext(code, data) => Some((*code, data)),
            _ => None,
        }
    }

    /// Whether this is a timestamp.
    ///
    /// ```
    /// use fastwire::msgpack::{Timestamp, Value};
    ///
    /// assert!(Value::from(Timestamp::UNIX_EPOCH).is_timestamp());
    /// assert!(!Value::from(0).is_timestamp());
    /// ```
    #[inline]
    pub fn is_timestamp(&self) -> bool {
        matches!(self, Value::Timestamp(_))
    }

    /// The timestamp, if this is one.
    ///
    /// ```
    /// use fastwire::msgpack::{self, Value};
    ///
    /// let doc: Value = msgpack::from_slice(b"\xd6\xff\x00\x00\x00\x01").unwrap();
    /// assert_eq!(doc.as_timestamp().map(|t| t.seconds()), Some(1));
    /// ```
    #[inline]
    pub fn as_timestamp(&self) -> Option<Timestamp> {
        match *self {
            Value::Timestamp(value) => Some(value),
            _ => None,
        }
    }

    /// Moves the value out, leaving `nil` in its place.
    ///
    /// ```
    /// use fastwire::msgpack::Value;
    ///
    /// let mut doc = Value::Map(vec![("a".into(), Value::Array(vec![1.into()]))]);
    /// let a = doc["a"].take();
    /// assert_eq!(a, Value::Array(vec![1.into()]));
    /// assert!(doc["a"].is_nil());
    /// ```
    #[inline]
    pub fn take(&mut self) -> Value {
        mem::take(self)
    }

    /// The kind of value, for panic messages.
    fn kind(&self) -> &'static str {
        match self {
            Value::Nil => "nil",
            Value::Bool(_) => "a boolean",
            Value::Integer(_) => "an integer",
            Value::F32(_) | Value::F64(_) => "a float",
            Value::String(_) => "a string",
            Value::Binary(_) => "a binary",
            Value::Array(_) => "an array",
            Value::Map(_) => "a map",
            Value::Ext(..) => "an extension value",
            Value::Timestamp(_) => "a timestamp",
        }
    }
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for usize {}
    impl Sealed for str {}
    impl Sealed for String {}
    impl<T: ?Sized + Sealed> Sealed for &T {}
}

/// A type that can index into a [`Value`]: `usize` for arrays, `str` and `String` for maps
/// with string keys (and references to them). Sealed; used by [`Value::get`],
/// [`Value::get_mut`] and `value[index]`.
pub trait ValueIndex: sealed::Sealed {
    /// The element or entry's value, if there is one.
    #[doc(hidden)]
    fn index_into<'v>(&self, value: &'v Value) -> Option<&'v Value>;

    /// The element or entry's value, mutably, if there is one.
    #[doc(hidden)]
    fn index_into_mut<'v>(&self, value: &'v mut Value) -> Option<&'v mut Value>;

    /// The element (panicking when out of bounds) or entry's value (appending the entry, with
    /// a `nil` value, when it is missing; a `nil` becomes an empty map first).
    #[doc(hidden)]
    fn index_or_insert<'v>(&self, value: &'v mut Value) -> &'v mut Value;
}

impl ValueIndex for usize {
    fn index_into<'v>(&self, value: &'v Value) -> Option<&'v Value> {
        match value {
            Value::Array(items) => items.get(*self),
            _ => None,
        }
    }

    fn index_into_mut<'v>(&self, value: &'v mut Value) -> Option<&'v mut Value> {
        match value {
            Value::Array(items) => items.get_mut(*self),
            _ => None,
        }
    }

    fn index_or_insert<'v>(&self, value: &'v mut Value) -> &'v mut Value {
        match value {
            Value::Array(items) => {
                let len = items.len();
                match items.get_mut(*self) {
                    Some(item) => item,
                    None => panic!("index {self} out of bounds for an array of {len} elements"),
                }
            }
            other => panic!("cannot index {} with an array index", other.kind()),
        }
    }
}

impl ValueIndex for str {
    fn index_into<'v>(&self, value: &'v Value) -> Option<&'v Value> {
        match value {
            Value::Map(entries) => entries
                .iter()
                .find(|(key, _)| key.as_str() == Some(self))
                .map(|(_, value)| value),
            _ => None,
        }
    }

    fn index_into_mut<'v>(&self, value: &'v mut Value) -> Option<&'v mut Value> {
        match value {
            Value::Map(entries) => entries
                .iter_mut()
                .find(|(key, _)| key.as_str() == Some(self))
                .map(|(_, value)| value),
            _ => None,
        }
    }

    fn index_or_insert<'v>(&self, value: &'v mut Value) -> &'v mut Value {
        if value.is_nil() {
            *value = Value::Map(Vec::new());
        }
        match value {
            Value::Map(entries) => {
                let position = match entries
                    .iter()
                    .position(|(key, _)| key.as_str() == Some(self))
                {
                    Some(position) => position,
                    None => {
                        entries.push((Value::String(self.to_owned()), Value::Nil));
                        entries.len() - 1
                    }
                };
                &mut entries[position].1
            }
            other => panic!("cannot index {} with a string key", other.kind()),
        }
    }
}

impl ValueIndex for String {
    fn index_into<'v>(&self, value: &'v Value) -> Option<&'v Value> {
        self.as_str().index_into(value)
    }

    fn index_into_mut<'v>(&self, value: &'v mut Value) -> Option<&'v mut Value> {
        self.as_str().index_into_mut(value)
    }

    fn index_or_insert<'v>(&self, value: &'v mut Value) -> &'v mut Value {
        self.as_str().index_or_insert(value)
    }
}

impl<T: ?Sized + ValueIndex> ValueIndex for &T {
    fn index_into<'v>(&self, value: &'v Value) -> Option<&'v Value> {
        (**self).index_into(value)
    }

    fn index_into_mut<'v>(&self, value: &'v mut Value) -> Option<&'v mut Value> {
        (**self).index_into_mut(value)
    }

    fn index_or_insert<'v>(&self, value: &'v mut Value) -> &'v mut Value {
        (**self).index_or_insert(value)
    }
}

/// `value["key"]` (the first entry with that string key) and `value[0]`: the value there, or
/// `nil` when there is none or `value` is of another kind. Never panics, like serde_json's
/// `Value`.
///
/// ```
/// use fastwire::msgpack::{self, Value};
///
/// // {"a": [{"b": 1}]}
/// let doc: Value = msgpack::from_slice(b"\x81\xa1a\x91\x81\xa1b\x01").unwrap();
/// assert_eq!(doc["a"][0]["b"], 1);
/// assert!(doc["a"][5]["b"].is_nil());
/// assert!(doc[0].is_nil());
/// ```
impl<I: ValueIndex> ops::Index<I> for Value {
    type Output = Value;

    fn index(&self, index: I) -> &Value {
        index.index_into(self).unwrap_or(&NIL)
    }
}

/// `value["key"] = ...` sets the first entry with that string key, appending one when there
/// is none (and turning `nil` into an empty map first); `value[i]` panics when `i` is out of
/// bounds; both panic when `value` is of another kind, as with serde_json's `Value`.
///
/// ```
/// use fastwire::msgpack::Value;
///
/// let mut doc = Value::Nil;
/// doc["a"]["b"] = 1.into();
/// doc["list"] = Value::Array(vec![0.into(), 0.into()]);
/// doc["list"][1] = 2.into();
/// assert_eq!(doc.to_string(), r#"{"a": {"b": 1}, "list": [0, 2]}"#);
/// ```
impl<I: ValueIndex> ops::IndexMut<I> for Value {
    fn index_mut(&mut self, index: I) -> &mut Value {
        index.index_or_insert(self)
    }
}
