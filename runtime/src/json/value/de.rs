//! Decoding a typed value out of a [`Value`]: [`from_value`].

use std::borrow::Borrow;

use super::Value;
use crate::json::reader::{Reader, DEFAULT_MAX_DEPTH};
use crate::json::{DecodeOwned, Error};

/// Decodes a `T` from a [`Value`], owned or borrowed (serde_json's `from_value`, and
/// `T::deserialize(&value)` for a reference).
///
/// The value is written as compact JSON into a buffer and decoded from there, so what is
/// accepted or rejected, and how, is exactly what [`from_str`](crate::json::from_str) does with
/// the value's text (including the depth limit). Errors name the path to the offending value
/// (`users[3].id`) but carry no line, column or offset, as serde_json's do not: there is no
/// text to point into.
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
    let text = crate::json::to_string(value.borrow());
    let mut r = Reader::new(&text, DEFAULT_MAX_DEPTH);
    T::decode(&mut r)
        .and_then(|decoded| r.end().map(|()| decoded))
        .map_err(Error::without_position)
}
