//! [`Value`], any JSON document, with its [`Number`] and the insertion-ordered [`Map`].
//!
//! The model is serde_json's `Value` with the `preserve_order` feature: integers stay exact and
//! distinct from floats, objects keep their keys in the order they were read or inserted, and
//! encoding a decoded document gives back serde_json's bytes for it.
//!
//! ```
//! use fastwire::json::{self, Value};
//!
//! let doc: Value = json::from_str(r#"{"name": "Ada", "tags": ["a", "b"], "age": 36}"#).unwrap();
//! assert_eq!(doc["name"], "Ada");
//! assert_eq!(doc["tags"][1], "b");
//! assert_eq!(doc["missing"], Value::Null);
//! assert_eq!(json::to_string(&doc), r#"{"name":"Ada","tags":["a","b"],"age":36}"#);
//! ```

mod de;
mod drop;
mod flat;
mod from;
mod index;
mod macros;
mod map;
mod map_entry;
mod map_iter;
#[cfg(feature = "msgpack")]
mod msgpack;
mod number;
mod partial_eq;
mod ser;
#[cfg(test)]
mod tests;

pub use de::from_value;
pub use index::ValueIndex;
use index::{parse_index, unescape_token};
pub use map::Map;
pub use map_entry::{Entry, OccupiedEntry, VacantEntry};
pub use map_iter::{IntoIter, IntoValues, Iter, IterMut, Keys, Values, ValuesMut};
pub use number::Number;
pub(crate) use ser::ValueWriter;
pub use ser::{to_value, try_to_value};

use std::fmt::{self, Debug, Display};
use std::mem;
use std::str::FromStr;

use super::reader::Reader;
use super::{Decode, Encode, Error, Writer};
use crate::fill::{Fill, Filled, Slot};

/// Any JSON document.
///
/// Decode one with [`from_str`](super::from_str) (or any of the `from_*` functions), build one
/// with [`json!`](crate::json!) or the `From` conversions, and encode it like any other value:
/// the bytes are serde_json's for the same document. `Display` writes compact JSON, and `{:#}`
/// the pretty layout. With the `msgpack` feature a `Value` is a MessagePack value too, written
/// and read as rmp-serde writes and reads serde_json's `Value` (see its `msgpack::Encode` and
/// `msgpack::Decode` impls).
///
/// ```
/// use fastwire::json::{self, Value};
///
/// let mut doc = fastwire::json!({ "id": 7, "tags": ["x"] });
/// doc["tags"].as_array_mut().unwrap().push(Value::from("y"));
/// doc["score"] = Value::from(0.5);
///
/// assert_eq!(doc.to_string(), r#"{"id":7,"tags":["x","y"],"score":0.5}"#);
/// assert_eq!(json::from_str::<Value>(&doc.to_string()).unwrap(), doc);
/// assert_eq!(format!("{doc:#}"), json::to_string_pretty(&doc));
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub enum Value {
    /// `null`; also what [`Value::default`] and indexing a missing key give.
    #[default]
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number: an exact integer or a finite float.
    Number(Number),
    /// A string.
    String(String),
    /// An array.
    Array(Vec<Value>),
    /// An object, keeping its keys in order.
    Object(Map),
}

/// What indexing a `Value` returns when the index is absent.
static NULL: Value = Value::Null;

/// A reference to `null`, as serde_json's `Default for &Value`.
///
/// ```
/// let value: &fastwire::json::Value = Default::default();
/// assert!(value.is_null());
/// ```
impl Default for &Value {
    fn default() -> Self {
        &NULL
    }
}

impl Value {
    /// The element at an array index (`usize`) or the value under an object key (`&str`,
    /// `String`); `None` when there is none or `self` is of another kind.
    ///
    /// ```
    /// let doc = fastwire::json!({ "a": [10, 20] });
    /// assert_eq!(doc.get("a").and_then(|a| a.get(1)), Some(&20.into()));
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
    /// let mut doc = fastwire::json!({ "a": [10, 20] });
    /// *doc.get_mut("a").unwrap().get_mut(0).unwrap() = 5.into();
    /// assert_eq!(doc.to_string(), r#"{"a":[5,20]}"#);
    /// ```
    #[inline]
    pub fn get_mut<I: ValueIndex>(&mut self, index: I) -> Option<&mut Value> {
        index.index_into_mut(self)
    }

    /// Whether this is `null`.
    ///
    /// ```
    /// assert!(fastwire::json!(null).is_null());
    /// assert!(!fastwire::json!(0).is_null());
    /// ```
    #[inline]
    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null)
    }

    /// `Some(())` if this is `null`.
    ///
    /// ```
    /// assert_eq!(fastwire::json!(null).as_null(), Some(()));
    /// assert_eq!(fastwire::json!(false).as_null(), None);
    /// ```
    #[inline]
    pub fn as_null(&self) -> Option<()> {
        match self {
            Value::Null => Some(()),
            _ => None,
        }
    }

    /// Whether this is `true` or `false`.
    ///
    /// ```
    /// assert!(fastwire::json!(false).is_boolean());
    /// assert!(!fastwire::json!("false").is_boolean());
    /// ```
    #[inline]
    pub fn is_boolean(&self) -> bool {
        matches!(self, Value::Bool(_))
    }

    /// The boolean, if this is one.
    ///
    /// ```
    /// assert_eq!(fastwire::json!(true).as_bool(), Some(true));
    /// assert_eq!(fastwire::json!(1).as_bool(), None);
    /// ```
    #[inline]
    pub fn as_bool(&self) -> Option<bool> {
        match *self {
            Value::Bool(value) => Some(value),
            _ => None,
        }
    }

    /// Whether this is a number.
    ///
    /// ```
    /// assert!(fastwire::json!(1.5).is_number());
    /// assert!(!fastwire::json!("1.5").is_number());
    /// ```
    #[inline]
    pub fn is_number(&self) -> bool {
        matches!(self, Value::Number(_))
    }

    /// The number, if this is one.
    ///
    /// ```
    /// use fastwire::json::Number;
    ///
    /// assert_eq!(fastwire::json!(3).as_number(), Some(&Number::from(3)));
    /// assert_eq!(fastwire::json!(null).as_number(), None);
    /// ```
    #[inline]
    pub fn as_number(&self) -> Option<&Number> {
        match self {
            Value::Number(number) => Some(number),
            _ => None,
        }
    }

    /// Whether this is an integer in `i64`'s range (see [`Number::is_i64`]).
    ///
    /// ```
    /// assert!(fastwire::json!(-1).is_i64());
    /// assert!(!fastwire::json!(1.0).is_i64());
    /// ```
    #[inline]
    pub fn is_i64(&self) -> bool {
        self.as_number().is_some_and(Number::is_i64)
    }

    /// Whether this is an integer in `u64`'s range (see [`Number::is_u64`]).
    ///
    /// ```
    /// assert!(fastwire::json!(u64::MAX).is_u64());
    /// assert!(!fastwire::json!(-1).is_u64());
    /// ```
    #[inline]
    pub fn is_u64(&self) -> bool {
        self.as_number().is_some_and(Number::is_u64)
    }

    /// Whether this is a float number (see [`Number::is_f64`]).
    ///
    /// ```
    /// assert!(fastwire::json!(1.0).is_f64());
    /// assert!(!fastwire::json!(1).is_f64());
    /// ```
    #[inline]
    pub fn is_f64(&self) -> bool {
        self.as_number().is_some_and(Number::is_f64)
    }

    /// The number as an `i64`, if it is an integer in that range.
    ///
    /// ```
    /// assert_eq!(fastwire::json!(-4).as_i64(), Some(-4));
    /// assert_eq!(fastwire::json!("4").as_i64(), None);
    /// ```
    #[inline]
    pub fn as_i64(&self) -> Option<i64> {
        self.as_number().and_then(Number::as_i64)
    }

    /// The number as a `u64`, if it is an integer in that range.
    ///
    /// ```
    /// assert_eq!(fastwire::json!(4).as_u64(), Some(4));
    /// assert_eq!(fastwire::json!(-4).as_u64(), None);
    /// ```
    #[inline]
    pub fn as_u64(&self) -> Option<u64> {
        self.as_number().and_then(Number::as_u64)
    }

    /// The number as an `f64` (integers converted), if this is a number.
    ///
    /// ```
    /// assert_eq!(fastwire::json!(4).as_f64(), Some(4.0));
    /// assert_eq!(fastwire::json!(null).as_f64(), None);
    /// ```
    #[inline]
    pub fn as_f64(&self) -> Option<f64> {
        self.as_number().and_then(Number::as_f64)
    }

    /// Whether this is a string.
    ///
    /// ```
    /// assert!(fastwire::json!("").is_string());
    /// assert!(!fastwire::json!(null).is_string());
    /// ```
    #[inline]
    pub fn is_string(&self) -> bool {
        matches!(self, Value::String(_))
    }

    /// The string, if this is one.
    ///
    /// ```
    /// assert_eq!(fastwire::json!("hi").as_str(), Some("hi"));
    /// assert_eq!(fastwire::json!(["hi"]).as_str(), None);
    /// ```
    #[inline]
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(string) => Some(string),
            _ => None,
        }
    }

    /// Whether this is an array.
    ///
    /// ```
    /// assert!(fastwire::json!([]).is_array());
    /// assert!(!fastwire::json!({}).is_array());
    /// ```
    #[inline]
    pub fn is_array(&self) -> bool {
        matches!(self, Value::Array(_))
    }

    /// The elements, if this is an array.
    ///
    /// ```
    /// assert_eq!(fastwire::json!([1, 2]).as_array().map(Vec::len), Some(2));
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
    /// let mut doc = fastwire::json!([1]);
    /// doc.as_array_mut().unwrap().push(2.into());
    /// assert_eq!(doc.to_string(), "[1,2]");
    /// ```
    #[inline]
    pub fn as_array_mut(&mut self) -> Option<&mut Vec<Value>> {
        match self {
            Value::Array(items) => Some(items),
            _ => None,
        }
    }

    /// Whether this is an object.
    ///
    /// ```
    /// assert!(fastwire::json!({}).is_object());
    /// assert!(!fastwire::json!([]).is_object());
    /// ```
    #[inline]
    pub fn is_object(&self) -> bool {
        matches!(self, Value::Object(_))
    }

    /// The map, if this is an object.
    ///
    /// ```
    /// let doc = fastwire::json!({ "a": 1 });
    /// assert!(doc.as_object().unwrap().contains_key("a"));
    /// ```
    #[inline]
    pub fn as_object(&self) -> Option<&Map> {
        match self {
            Value::Object(map) => Some(map),
            _ => None,
        }
    }

    /// The map, mutably, if this is an object.
    ///
    /// ```
    /// let mut doc = fastwire::json!({ "a": 1 });
    /// doc.as_object_mut().unwrap().remove("a");
    /// assert_eq!(doc.to_string(), "{}");
    /// ```
    #[inline]
    pub fn as_object_mut(&mut self) -> Option<&mut Map> {
        match self {
            Value::Object(map) => Some(map),
            _ => None,
        }
    }

    /// Looks a value up by JSON Pointer ([RFC 6901](https://www.rfc-editor.org/rfc/rfc6901)):
    /// `""` is the whole document, `/a/0` the first element of the array under key `a`; `~1`
    /// stands for `/` and `~0` for `~` inside a token. Array indices are decimal without
    /// leading zeros.
    ///
    /// ```
    /// let doc = fastwire::json!({ "a/b": [{ "c": true }], "~": 1 });
    /// assert_eq!(doc.pointer("/a~1b/0/c"), Some(&true.into()));
    /// assert_eq!(doc.pointer("/~0"), Some(&1.into()));
    /// assert_eq!(doc.pointer(""), Some(&doc));
    /// assert_eq!(doc.pointer("/a~1b/01"), None);
    /// assert_eq!(doc.pointer("a"), None);
    /// ```
    pub fn pointer(&self, pointer: &str) -> Option<&Value> {
        if pointer.is_empty() {
            return Some(self);
        }
        let mut target = self;
        for token in pointer.strip_prefix('/')?.split('/') {
            let token = unescape_token(token);
            target = match target {
                Value::Object(map) => map.get(&token)?,
                Value::Array(items) => items.get(parse_index(&token)?)?,
                _ => return None,
            };
        }
        Some(target)
    }

    /// Like [`Value::pointer`], mutably.
    ///
    /// ```
    /// let mut doc = fastwire::json!({ "a": [0, 1] });
    /// *doc.pointer_mut("/a/1").unwrap() = "one".into();
    /// assert_eq!(doc.to_string(), r#"{"a":[0,"one"]}"#);
    /// ```
    pub fn pointer_mut(&mut self, pointer: &str) -> Option<&mut Value> {
        if pointer.is_empty() {
            return Some(self);
        }
        let mut target = self;
        for token in pointer.strip_prefix('/')?.split('/') {
            let token = unescape_token(token);
            target = match target {
                Value::Object(map) => map.get_mut(&token)?,
                Value::Array(items) => items.get_mut(parse_index(&token)?)?,
                _ => return None,
            };
        }
        Some(target)
    }

    /// Moves the value out, leaving `null` in its place.
    ///
    /// ```
    /// let mut doc = fastwire::json!({ "a": [1] });
    /// let a = doc["a"].take();
    /// assert_eq!(a.to_string(), "[1]");
    /// assert_eq!(doc.to_string(), r#"{"a":null}"#);
    /// ```
    #[inline]
    pub fn take(&mut self) -> Value {
        mem::take(self)
    }

    /// Sorts the keys of every object in this value, at every level, in `str`'s order: the
    /// layout serde_json gives without its `preserve_order` feature (its default), for
    /// snapshot tests and cache keys that must not depend on insertion order. Arrays keep
    /// their order.
    ///
    /// fastwire's objects keep insertion order (as serde_json's do with `preserve_order`);
    /// sort before encoding to get sorted output.
    ///
    /// ```
    /// let mut doc = fastwire::json!({ "b": [{ "z": 1, "y": 2 }], "a": null });
    /// doc.sort_all_objects();
    /// assert_eq!(doc.to_string(), r#"{"a":null,"b":[{"y":2,"z":1}]}"#);
    /// ```
    pub fn sort_all_objects(&mut self) {
        // An explicit stack: a value built in code can nest deeper than the call stack allows.
        let mut pending: Vec<&mut Value> = vec![self];
        while let Some(value) = pending.pop() {
            match value {
                Value::Array(items) => pending.extend(items.iter_mut()),
                Value::Object(map) => {
                    map.sort_keys();
                    pending.extend(map.values_mut());
                }
                _ => {}
            }
        }
    }

    /// The kind of value, for panic messages.
    fn kind(&self) -> &'static str {
        match self {
            Value::Null => "null",
            Value::Bool(_) => "boolean",
            Value::Number(_) => "number",
            Value::String(_) => "string",
            Value::Array(_) => "array",
            Value::Object(_) => "object",
        }
    }
}
impl Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Value::Null => f.write_str("Null"),
            Value::Bool(value) => write!(f, "Bool({value})"),
            Value::Number(number) => Debug::fmt(number, f),
            Value::String(string) => write!(f, "String({string:?})"),
            Value::Array(items) => {
                f.write_str("Array ")?;
                Debug::fmt(items, f)
            }
            Value::Object(map) => {
                f.write_str("Object ")?;
                Debug::fmt(map, f)
            }
        }
    }
}

/// Compact JSON, or serde_json's pretty layout with `{:#}`.
///
/// ```
/// let doc = fastwire::json!({ "a": [1, 2] });
/// assert_eq!(format!("{doc}"), r#"{"a":[1,2]}"#);
/// assert_eq!(format!("{doc:#}"), "{\n  \"a\": [\n    1,\n    2\n  ]\n}");
/// ```
impl Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let text = if f.alternate() {
            super::to_string_pretty(self)
        } else {
            super::to_string(self)
        };
        f.write_str(&text)
    }
}

/// Parses a JSON document, as [`from_str`](super::from_str) does.
///
/// ```
/// let doc: fastwire::json::Value = "[1, 2]".parse().unwrap();
/// assert_eq!(doc[1], 2);
/// ```
impl FromStr for Value {
    type Err = Error;

    fn from_str(text: &str) -> Result<Value, Error> {
        super::from_str(text)
    }
}

impl Encode for Value {
    fn encode<W: Writer>(&self, w: &mut W) {
        match self {
            Value::Null => w.write_null(),
            Value::Bool(value) => w.write_bool(*value),
            Value::Number(number) => number.encode(w),
            Value::String(string) => w.write_str(string),
            Value::Array(items) => crate::json::encode::encode_seq(w, items),
            Value::Object(map) => map.encode(w),
        }
    }

    fn size_hint(&self) -> usize {
        match self {
            Value::Null => 4,
            Value::Bool(_) => 5,
            Value::Number(number) => number.size_hint(),
            Value::String(string) => string.len() + 2,
            Value::Array(items) => 2 + crate::buf::slice_hint(items, |item| item.size_hint() + 1),
            Value::Object(map) => map.size_hint(),
        }
    }
}

impl<'de> Decode<'de> for Value {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        crate::fill::through_slot(|slot| Self::decode_into(r, slot))
    }
}

impl Value {
    /// [`Decode::decode`] into `slot`: each value is built where it goes, an array's elements
    /// straight into the array's buffer (see [`Slot`]).
    fn decode_into<'s>(r: &mut Reader<'_>, slot: Slot<'s, Self>) -> Result<Filled<'s>, Error> {
        if let Some(copy) = r.take_tree_value() {
            return Ok(slot.put(copy));
        }
        let value = match r.peek()? {
            b'n' => r
                .decode_null("any valid JSON value")
                .map(|()| Value::Null)?,
            b't' | b'f' => Value::Bool(r.decode_bool()?),
            b'"' => Value::String(String::from(&*r.decode_str()?)),
            b'-' | b'0'..=b'9' => Value::Number(Number::from_parsed(r.parse_number()?)),
            b'[' => {
                r.begin_array("a sequence")?;
                let mut items = Fill::with_capacity(0);
                let mut index = 0;
                while r.array_next(index == 0)? {
                    r.check_item(index)?;
                    items
                        .push_with(|item| Value::decode_into(r, item))
                        .map_err(|e| e.in_index(index))?;
                    index += 1;
                }
                Value::Array(items.into_vec())
            }
            b'{' => Value::Object(Map::decode(r)?),
            _ => return Err(r.invalid_type("any valid JSON value")),
        };
        Ok(slot.put(value))
    }
}
