//! Reads for fields that borrow under `#[serde(borrow)]`: a `Cow<str>` or `Cow<[u8]>` borrowed
//! from the input (MessagePack strings have no escapes, so always; without the attribute, a
//! `Cow` field is always owned, as in serde). Called by generated code.

use std::borrow::Cow;

use super::{Error, Reader};

/// A string (or a `bin` holding UTF-8), borrowed from the input.
#[doc(hidden)]
#[inline]
pub fn __borrow_cow_str<'de>(r: &mut Reader<'de>) -> Result<Cow<'de, str>, Error> {
    r.decode_str().map(Cow::Borrowed)
}

/// A `bin` (or a string), borrowed from the input; arrays of integers are refused, as serde's
/// borrowed bytes refuse them.
#[doc(hidden)]
#[inline]
pub fn __borrow_cow_bytes<'de>(r: &mut Reader<'de>) -> Result<Cow<'de, [u8]>, Error> {
    r.decode_bytes().map(Cow::Borrowed)
}
