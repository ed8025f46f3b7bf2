//! Indexing a [`Value`] by array position or object key, and JSON Pointer tokens.

use std::borrow::Cow;
use std::ops;

use super::{Map, Value, NULL};

/// A JSON Pointer token with `~1` and `~0` decoded, in that order.
pub(super) fn unescape_token(token: &str) -> Cow<'_, str> {
    if token.contains('~') {
        Cow::Owned(token.replace("~1", "/").replace("~0", "~"))
    } else {
        Cow::Borrowed(token)
    }
}

/// A JSON Pointer array index: decimal digits, no sign, no leading zero.
pub(super) fn parse_index(token: &str) -> Option<usize> {
    if token.starts_with('+') || (token.starts_with('0') && token.len() != 1) {
        return None;
    }
    token.parse().ok()
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for usize {}
    impl Sealed for str {}
    impl Sealed for String {}
    impl<T: ?Sized + Sealed> Sealed for &T {}
}

/// A type that can index into a [`Value`]: `usize` for arrays, `str` and `String` for objects
/// (and references to them). Sealed; used by [`Value::get`] and `value[index]`.
pub trait ValueIndex: sealed::Sealed {
    /// The value at this index, if `value` has one.
    #[doc(hidden)]
    fn index_into<'v>(&self, value: &'v Value) -> Option<&'v Value>;

    /// The value at this index, mutably, if `value` has one.
    #[doc(hidden)]
    fn index_into_mut<'v>(&self, value: &'v mut Value) -> Option<&'v mut Value>;

    /// The value at this index, inserting `null` under a missing object key (and turning a
    /// `null` into an empty object first). Panics on a missing array index or a mismatched
    /// kind.
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
                    None => panic!("cannot access index {self} of JSON array of length {len}"),
                }
            }
            other => panic!("cannot access index {self} of JSON {}", other.kind()),
        }
    }
}

impl ValueIndex for str {
    fn index_into<'v>(&self, value: &'v Value) -> Option<&'v Value> {
        match value {
            Value::Object(map) => map.get(self),
            _ => None,
        }
    }

    fn index_into_mut<'v>(&self, value: &'v mut Value) -> Option<&'v mut Value> {
        match value {
            Value::Object(map) => map.get_mut(self),
            _ => None,
        }
    }

    fn index_or_insert<'v>(&self, value: &'v mut Value) -> &'v mut Value {
        if value.is_null() {
            *value = Value::Object(Map::new());
        }
        match value {
            Value::Object(map) => map.get_or_insert_null(self),
            other => panic!("cannot access key {self:?} in JSON {}", other.kind()),
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

/// `value["key"]` and `value[0]`: the value there, or `null` when there is none or `value` is
/// of another kind (never panics, like serde_json).
///
/// ```
/// let doc = fastwire::json!({ "a": [{ "b": 1 }] });
/// assert_eq!(doc["a"][0]["b"], 1);
/// assert!(doc["a"][5]["b"].is_null());
/// assert!(doc[0].is_null());
/// ```
impl<I: ValueIndex> ops::Index<I> for Value {
    type Output = Value;

    fn index(&self, index: I) -> &Value {
        index.index_into(self).unwrap_or(&NULL)
    }
}

/// `value["key"] = ...` inserts the key when it is absent (turning `null` into an object
/// first); `value[i]` panics when the index is out of bounds; both panic when `value` is of
/// another kind, as in serde_json.
///
/// ```
/// let mut doc = fastwire::json::Value::Null;
/// doc["a"]["b"] = 1.into();
/// doc["list"] = fastwire::json!([0, 0]);
/// doc["list"][1] = 2.into();
/// assert_eq!(doc.to_string(), r#"{"a":{"b":1},"list":[0,2]}"#);
/// ```
impl<I: ValueIndex> ops::IndexMut<I> for Value {
    fn index_mut(&mut self, index: I) -> &mut Value {
        index.index_or_insert(self)
    }
}
