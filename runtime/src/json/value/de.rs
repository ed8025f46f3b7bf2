//! Decoding a typed value out of a [`Value`]: [`from_value`].

use std::borrow::Borrow;

use typed_arena::Arena;

use super::Value;
use crate::json::reader::{Reader, DEFAULT_MAX_DEPTH};
use crate::json::{DecodeOwned, Error};

/// Decodes a `T` from a [`Value`], owned or borrowed (serde_json's `from_value`, and
/// `T::deserialize(&value)` for a reference).
///
/// The decoder walks the value itself, with no text in between: what is accepted or
/// rejected, and how, is exactly what [`from_str`](crate::json::from_str) does with the
/// value's compact text (the same values, the same error messages, the same depth limit), at a
/// fraction of the cost of writing and reading that text. `Value` fields are copied out of the
/// tree whole. Only a value that the type reads as text (a [`RawValue`](crate::json::RawValue),
/// a field bridged to serde, an untagged enum's value handed to a serde impl) is written out
/// for it. Errors name the path to the offending value (`users[3].id`) but carry no line,
/// column or offset, as serde_json's do not: there is no text to point into.
///
/// ```
/// use fastwire::json;
///
/// #[derive(fastwire::Decode, Debug, PartialEq)]
/// struct User { id: u32, name: String }
///
/// let doc = fastwire::json!({ "id": 7, "name": "Ada", "extra": true });
/// let user: User = json::from_value(&doc).unwrap();
/// assert_eq!(user, User { id: 7, name: "Ada".into() });
/// assert_eq!(json::from_value::<User>(doc).unwrap().id, 7);
///
/// let err = json::from_value::<Vec<User>>(fastwire::json!([{ "id": "x", "name": "" }])).unwrap_err();
/// assert_eq!(err.to_string(), r#"invalid type: string "x", expected u32 at [0].id"#);
/// assert_eq!((err.line(), err.column(), err.offset()), (0, 0, 0));
/// ```
pub fn from_value<T: DecodeOwned>(value: impl Borrow<Value>) -> Result<T, Error> {
    let texts = Arena::new();
    let mut r = Reader::over_value(value.borrow(), &texts, DEFAULT_MAX_DEPTH);
    T::decode(&mut r)
        .and_then(|decoded| r.end().map(|()| decoded))
        .map_err(Error::without_position)
}
