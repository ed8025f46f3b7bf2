//! Reads for fields that borrow under `#[serde(borrow)]`: a `Cow<str>` or `Cow<[u8]>` borrowed
//! from the input where the text has no escapes (without the attribute, a `Cow` field is
//! always owned, as in serde). Called by generated code.

use std::borrow::Cow;

use super::reader::{Reader, Str};
use super::Error;

/// A string, borrowed from the input when it has no escapes, owned otherwise.
#[doc(hidden)]
#[inline]
pub fn __borrow_cow_str<'de>(r: &mut Reader<'de>) -> Result<Cow<'de, str>, Error> {
    Ok(match r.decode_str()? {
        Str::Borrowed(text) => Cow::Borrowed(text),
        Str::Scratch(text) => Cow::Owned(text.to_owned()),
    })
}

/// The bytes of a string, borrowed from the input when it has no escapes (serde's borrowed
/// bytes read strings only, not arrays of integers).
#[doc(hidden)]
#[inline]
pub fn __borrow_cow_bytes<'de>(r: &mut Reader<'de>) -> Result<Cow<'de, [u8]>, Error> {
    if r.peek()? != b'"' {
        return Err(r.invalid_type("a byte array"));
    }
    Ok(match r.decode_str()? {
        Str::Borrowed(text) => Cow::Borrowed(text.as_bytes()),
        Str::Scratch(text) => Cow::Owned(text.as_bytes().to_vec()),
    })
}
