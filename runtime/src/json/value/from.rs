//! Conversions into a [`Value`].

use std::borrow::Cow;

use super::{Map, Number, Value};

macro_rules! value_from_integer {
    ($($ty:ty),*) => {$(
        impl From<$ty> for Value {
            #[inline]
            fn from(value: $ty) -> Self {
                Value::Number(Number::from(value))
            }
        }
    )*};
}

value_from_integer!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);

/// A float number; NaN and the infinities become `null` (as serde_json's `Value::from`).
///
/// ```
/// use fastwire::json::Value;
///
/// assert_eq!(Value::from(0.25).to_string(), "0.25");
/// assert!(Value::from(f64::NAN).is_null());
/// ```
impl From<f64> for Value {
    #[inline]
    fn from(value: f64) -> Self {
        Number::from_f64(value).map_or(Value::Null, Value::Number)
    }
}

/// A float number, widened to `f64` exactly; NaN and the infinities become `null`.
///
/// ```
/// use fastwire::json::Value;
///
/// assert_eq!(Value::from(0.5f32).as_f64(), Some(0.5));
/// assert!(Value::from(f32::INFINITY).is_null());
/// ```
impl From<f32> for Value {
    #[inline]
    fn from(value: f32) -> Self {
        Value::from(f64::from(value))
    }
}

impl From<bool> for Value {
    #[inline]
    fn from(value: bool) -> Self {
        Value::Bool(value)
    }
}

impl From<String> for Value {
    #[inline]
    fn from(value: String) -> Self {
        Value::String(value)
    }
}

impl From<&String> for Value {
    #[inline]
    fn from(value: &String) -> Self {
        Value::String(value.clone())
    }
}

impl From<&str> for Value {
    #[inline]
    fn from(value: &str) -> Self {
        Value::String(value.to_owned())
    }
}

impl From<Cow<'_, str>> for Value {
    #[inline]
    fn from(value: Cow<'_, str>) -> Self {
        Value::String(value.into_owned())
    }
}

impl From<char> for Value {
    #[inline]
    fn from(value: char) -> Self {
        Value::String(value.to_string())
    }
}

impl From<Number> for Value {
    #[inline]
    fn from(value: Number) -> Self {
        Value::Number(value)
    }
}

impl From<Map> for Value {
    #[inline]
    fn from(value: Map) -> Self {
        Value::Object(value)
    }
}

/// An array of the converted elements.
///
/// ```
/// use fastwire::json::Value;
///
/// assert_eq!(Value::from(vec![1, 2]).to_string(), "[1,2]");
/// ```
impl<T: Into<Value>> From<Vec<T>> for Value {
    fn from(items: Vec<T>) -> Self {
        Value::Array(items.into_iter().map(Into::into).collect())
    }
}

impl<T: Into<Value>, const N: usize> From<[T; N]> for Value {
    fn from(items: [T; N]) -> Self {
        Value::Array(items.into_iter().map(Into::into).collect())
    }
}

impl<T: Clone + Into<Value>> From<&[T]> for Value {
    fn from(items: &[T]) -> Self {
        Value::Array(items.iter().cloned().map(Into::into).collect())
    }
}

/// `null` for `None`, the converted value for `Some`.
///
/// ```
/// use fastwire::json::Value;
///
/// assert!(Value::from(None::<u8>).is_null());
/// assert_eq!(Value::from(Some("x")), "x");
/// ```
impl<T: Into<Value>> From<Option<T>> for Value {
    #[inline]
    fn from(value: Option<T>) -> Self {
        value.map_or(Value::Null, Into::into)
    }
}

/// `null`.
impl From<()> for Value {
    #[inline]
    fn from((): ()) -> Self {
        Value::Null
    }
}

/// An array of the converted items.
///
/// ```
/// use fastwire::json::Value;
///
/// let doc: Value = (1..=3).collect();
/// assert_eq!(doc.to_string(), "[1,2,3]");
/// ```
impl<T: Into<Value>> FromIterator<T> for Value {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        Value::Array(iter.into_iter().map(Into::into).collect())
    }
}

/// An object of the converted entries, in order.
///
/// ```
/// use fastwire::json::Value;
///
/// let doc: Value = [("b", 1), ("a", 2)].into_iter().collect();
/// assert_eq!(doc.to_string(), r#"{"b":1,"a":2}"#);
/// ```
impl<K: Into<String>, V: Into<Value>> FromIterator<(K, V)> for Value {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Self {
        Value::Object(
            iter.into_iter()
                .map(|(key, value)| (key.into(), value.into()))
                .collect(),
        )
    }
}
