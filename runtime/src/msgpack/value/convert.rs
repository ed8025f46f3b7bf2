//! Typed values to and from a [`Value`]: [`to_value`] and [`from_value`].

use std::borrow::Borrow;

use super::Value;
use crate::msgpack::reader::{Reader, DEFAULT_MAX_DEPTH};
use crate::msgpack::{DecodeOwned, Encode, Error};
use crate::EncodeError;

/// The [`Value`] that `value` encodes to: what [`from_slice`](crate::msgpack::from_slice)
/// reads back from [`to_vec`](crate::msgpack::to_vec)'s bytes (rmpv's `to_value`, the
/// MessagePack counterpart of serde_json's).
///
/// The value is encoded into a buffer and read back: MessagePack's length-prefixed layout makes
/// that a copy of the bytes and one pass over them, and the result is exactly what a peer
/// decoding the bytes gets (a [`Timestamp`](crate::msgpack::Timestamp) included).
///
/// # Panics
///
/// When the value cannot be encoded (the `Encode` impl calls
/// [`Writer::fail`](crate::msgpack::Writer::fail)); [`try_to_value`] returns the error instead.
///
/// ```
/// use fastwire::msgpack::{self, Value};
///
/// #[derive(fastwire::Encode)]
/// struct Point { x: i32, y: i32 }
///
/// let value = msgpack::to_value(&Point { x: 1, y: -2 });
/// assert_eq!(value["x"], 1);
/// assert_eq!(value["y"], -2);
/// assert_eq!(msgpack::to_value([true, false]), Value::Array(vec![true.into(), false.into()]));
/// ```
#[track_caller]
pub fn to_value<T: Encode>(value: T) -> Value {
    try_to_value(value).unwrap_or_else(|err| {
        crate::encode_error::encode_failed("msgpack::to_value", "msgpack::try_to_value", err)
    })
}

/// [`to_value`], returning the `Encode` impl's failure instead of panicking.
///
/// ```
/// let value = fastwire::msgpack::try_to_value(&("a", 1)).unwrap();
/// assert_eq!(value[0], "a");
/// ```
pub fn try_to_value<T: Encode>(value: T) -> Result<Value, EncodeError> {
    let bytes = crate::msgpack::try_to_vec(&value)?;
    // As deep as rmp-serde reads (what encoding recursed through, the reading can too).
    let mut r = Reader::new(&bytes, 1024);
    let decoded = <Value as crate::msgpack::Decode>::decode(&mut r)
        .and_then(|decoded| r.end().map(|()| decoded));
    decoded.map_err(|err| {
        EncodeError::new(&format_args!(
            "the encoder wrote invalid MessagePack: {err}"
        ))
    })
}

/// Decodes a `T` from a [`Value`], owned or borrowed.
///
/// The value is written as MessagePack into a buffer and decoded from there, so what is
/// accepted or rejected is exactly what [`from_slice`](crate::msgpack::from_slice) does with
/// the value's bytes (including the depth limit). Errors name the path to the offending value
/// but no byte offset: there are no input bytes to point into.
///
/// ```
/// use fastwire::msgpack::{self, Value};
///
/// #[derive(fastwire::Decode, Debug, PartialEq)]
/// struct Point { x: i32, y: i32 }
///
/// let value = Value::Map(vec![("x".into(), 1.into()), ("y".into(), (-2).into())]);
/// assert_eq!(msgpack::from_value::<Point>(&value).unwrap(), Point { x: 1, y: -2 });
///
/// let bad = Value::Map(vec![("x".into(), "one".into()), ("y".into(), 2.into())]);
/// let err = msgpack::from_value::<Point>(bad).unwrap_err();
/// assert_eq!(err.to_string(), r#"invalid type: string "one", expected i32 at x"#);
/// ```
pub fn from_value<T: DecodeOwned>(value: impl Borrow<Value>) -> Result<T, Error> {
    let bytes = crate::msgpack::to_vec(value.borrow());
    let mut r = Reader::new(&bytes, DEFAULT_MAX_DEPTH);
    T::decode(&mut r)
        .and_then(|decoded| r.end().map(|()| decoded))
        .map_err(Error::without_position)
}
