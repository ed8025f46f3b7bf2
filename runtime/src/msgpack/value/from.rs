//! Conversions into [`Value`], and comparisons of a `Value` with Rust primitives
//! (`value == 1`, `value == "x"`).

use std::borrow::Cow;

use super::{Integer, Value};
use crate::msgpack::Timestamp;

macro_rules! value_from_integer {
    ($($ty:ty),*) => {$(
        impl From<$ty> for Value {
            #[inline]
            fn from(value: $ty) -> Value {
                Value::Integer(Integer::from(value))
            }
        }
    )*};
}

value_from_integer!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);

/// An integer.
///
/// ```
/// use fastwire::msgpack::{Integer, Value};
///
/// assert_eq!(Value::from(Integer::from(7)), Value::from(7u8));
/// ```
impl From<Integer> for Value {
    #[inline]
    fn from(value: Integer) -> Value {
        Value::Integer(value)
    }
}

/// A `float 32`: the width is kept (`Value::from(0.5f32)` is encoded in 5 bytes).
///
/// ```
/// use fastwire::msgpack::Value;
///
/// assert_eq!(Value::from(0.5f32), Value::F32(0.5));
/// ```
impl From<f32> for Value {
    #[inline]
    fn from(value: f32) -> Value {
        Value::F32(value)
    }
}

/// A `float 64`.
///
/// ```
/// use fastwire::msgpack::Value;
///
/// assert_eq!(Value::from(0.5), Value::F64(0.5));
/// ```
impl From<f64> for Value {
    #[inline]
    fn from(value: f64) -> Value {
        Value::F64(value)
    }
}

impl From<bool> for Value {
    #[inline]
    fn from(value: bool) -> Value {
        Value::Bool(value)
    }
}

impl From<String> for Value {
    #[inline]
    fn from(value: String) -> Value {
        Value::String(value)
    }
}

impl From<&String> for Value {
    #[inline]
    fn from(value: &String) -> Value {
        Value::String(value.clone())
    }
}

impl From<&str> for Value {
    #[inline]
    fn from(value: &str) -> Value {
        Value::String(value.to_owned())
    }
}

impl From<Cow<'_, str>> for Value {
    #[inline]
    fn from(value: Cow<'_, str>) -> Value {
        Value::String(value.into_owned())
    }
}

/// A string of one character.
impl From<char> for Value {
    #[inline]
    fn from(value: char) -> Value {
        Value::String(value.to_string())
    }
}

/// A **binary**, MessagePack's type for bytes (as rmpv converts it).
///
/// This differs from encoding a `Vec<u8>` directly, which writes an array of integers, as
/// serde (and so rmp-serde) does for every sequence. For an array, collect the bytes:
/// `bytes.into_iter().collect::<Value>()`.
///
/// ```
/// use fastwire::msgpack::{self, Value};
///
/// assert_eq!(msgpack::to_vec(&Value::from(vec![1u8, 2])), b"\xc4\x02\x01\x02");
/// assert_eq!(msgpack::to_vec(&vec![1u8, 2]), b"\x92\x01\x02");
/// let array: Value = vec![1u8, 2].into_iter().collect();
/// assert_eq!(msgpack::to_vec(&array), b"\x92\x01\x02");
/// ```
impl From<Vec<u8>> for Value {
    #[inline]
    fn from(value: Vec<u8>) -> Value {
        Value::Binary(value)
    }
}

/// A binary, as for `Vec<u8>`.
impl From<&[u8]> for Value {
    #[inline]
    fn from(value: &[u8]) -> Value {
        Value::Binary(value.to_vec())
    }
}

/// An array.
impl From<Vec<Value>> for Value {
    #[inline]
    fn from(items: Vec<Value>) -> Value {
        Value::Array(items)
    }
}

/// A map, with the entries in order.
impl From<Vec<(Value, Value)>> for Value {
    #[inline]
    fn from(entries: Vec<(Value, Value)>) -> Value {
        Value::Map(entries)
    }
}

/// A timestamp (extension type -1).
///
/// ```
/// use fastwire::msgpack::{self, Timestamp, Value};
///
/// let t = Timestamp::new(1, 0).unwrap();
/// assert_eq!(msgpack::to_vec(&Value::from(t)), msgpack::to_vec(&t));
/// ```
impl From<Timestamp> for Value {
    #[inline]
    fn from(value: Timestamp) -> Value {
        Value::Timestamp(value)
    }
}

/// `nil` for `None`, the converted value for `Some`.
///
/// ```
/// use fastwire::msgpack::Value;
///
/// assert!(Value::from(None::<u8>).is_nil());
/// assert_eq!(Value::from(Some("x")), "x");
/// ```
impl<T: Into<Value>> From<Option<T>> for Value {
    #[inline]
    fn from(value: Option<T>) -> Value {
        value.map_or(Value::Nil, Into::into)
    }
}

/// `nil`.
impl From<()> for Value {
    #[inline]
    fn from((): ()) -> Value {
        Value::Nil
    }
}

/// An array of the converted items.
///
/// ```
/// use fastwire::msgpack::Value;
///
/// let doc: Value = (1..=3).collect();
/// assert_eq!(doc, Value::Array(vec![1.into(), 2.into(), 3.into()]));
/// ```
impl<T: Into<Value>> FromIterator<T> for Value {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Value {
        Value::Array(iter.into_iter().map(Into::into).collect())
    }
}

/// A map of the converted entries, in order (a repeated key is kept twice).
///
/// ```
/// use fastwire::msgpack::Value;
///
/// let doc: Value = [(1, "one"), (2, "two")].into_iter().collect();
/// assert_eq!(doc.to_string(), r#"{1: "one", 2: "two"}"#);
/// ```
impl<K: Into<Value>, V: Into<Value>> FromIterator<(K, V)> for Value {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Value {
        Value::Map(
            iter.into_iter()
                .map(|(key, value)| (key.into(), value.into()))
                .collect(),
        )
    }
}

// Comparisons with primitives: an integer equals an `Integer` of the same value, a float
// equals an `F32` or `F64` of the same value, a string a `String`, a bool a `Bool`.

fn eq_i64(value: &Value, other: i64) -> bool {
    value.as_integer() == Some(Integer::from(other))
}

fn eq_u64(value: &Value, other: u64) -> bool {
    value.as_integer() == Some(Integer::from(other))
}

fn eq_f64(value: &Value, other: f64) -> bool {
    match *value {
        Value::F64(value) => value == other,
        Value::F32(value) => f64::from(value) == other,
        _ => false,
    }
}

fn eq_bool(value: &Value, other: bool) -> bool {
    value.as_bool() == Some(other)
}

fn eq_str(value: &Value, other: &str) -> bool {
    value.as_str() == Some(other)
}

macro_rules! value_eq_primitive {
    ($($eq:ident($as:ty) [$($ty:ty),*])*) => {$($(
        impl PartialEq<$ty> for Value {
            #[inline]
            fn eq(&self, other: &$ty) -> bool {
                $eq(self, <$as>::from(*other))
            }
        }

        impl PartialEq<Value> for $ty {
            #[inline]
            fn eq(&self, other: &Value) -> bool {
                $eq(other, <$as>::from(*self))
            }
        }

        impl PartialEq<$ty> for &Value {
            #[inline]
            fn eq(&self, other: &$ty) -> bool {
                $eq(self, <$as>::from(*other))
            }
        }

        impl PartialEq<$ty> for &mut Value {
            #[inline]
            fn eq(&self, other: &$ty) -> bool {
                $eq(self, <$as>::from(*other))
            }
        }
    )*)*};
}

value_eq_primitive! {
    eq_i64(i64) [i8, i16, i32, i64]
    eq_u64(u64) [u8, u16, u32, u64]
    eq_f64(f64) [f32, f64]
    eq_bool(bool) [bool]
}

macro_rules! value_eq_size {
    ($($ty:ty),*) => {$(
        impl PartialEq<$ty> for Value {
            #[inline]
            fn eq(&self, other: &$ty) -> bool {
                self.as_integer() == Some(Integer::from(*other))
            }
        }

        impl PartialEq<Value> for $ty {
            #[inline]
            fn eq(&self, other: &Value) -> bool {
                other.as_integer() == Some(Integer::from(*self))
            }
        }
    )*};
}

value_eq_size!(usize, isize);

impl PartialEq<str> for Value {
    #[inline]
    fn eq(&self, other: &str) -> bool {
        eq_str(self, other)
    }
}

impl PartialEq<&str> for Value {
    #[inline]
    fn eq(&self, other: &&str) -> bool {
        eq_str(self, other)
    }
}

impl PartialEq<String> for Value {
    #[inline]
    fn eq(&self, other: &String) -> bool {
        eq_str(self, other)
    }
}

impl PartialEq<Value> for str {
    #[inline]
    fn eq(&self, other: &Value) -> bool {
        eq_str(other, self)
    }
}

impl PartialEq<Value> for &str {
    #[inline]
    fn eq(&self, other: &Value) -> bool {
        eq_str(other, self)
    }
}

impl PartialEq<Value> for String {
    #[inline]
    fn eq(&self, other: &Value) -> bool {
        eq_str(other, self)
    }
}
