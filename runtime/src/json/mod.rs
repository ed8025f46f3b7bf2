//! JSON: encoding identical to serde_json's, byte for byte.
//!
//! ```
//! use fastwire::Encode;
//!
//! #[derive(Encode)]
//! #[serde(rename_all = "camelCase")]
//! struct User<'a> {
//!     id: u64,
//!     display_name: &'a str,
//!     #[serde(skip_serializing_if = "Option::is_none")]
//!     email: Option<String>,
//! }
//!
//! let user = User { id: 7, display_name: "Ada \"the first\"", email: None };
//! assert_eq!(
//!     fastwire::json::to_string(&user),
//!     r#"{"id":7,"displayName":"Ada \"the first\""}"#,
//! );
//! ```
//!
//! | function | output |
//! |---|---|
//! | [`to_string`], [`to_vec`] | a new buffer, sized once from [`Encode::size_hint`] |
//! | [`encode_into`] | appended to a caller's `Vec<u8>`: no allocation when it has room |
//! | [`to_writer`] | streamed to an `io::Write` through a bounded 64 KiB buffer |
//! | [`to_string_pretty`], [`to_vec_pretty`], [`to_writer_pretty`] | serde_json's pretty layout (two-space indent) |

mod borrow;
mod decode;
mod encode;
mod error;
mod escape;
mod flat;
mod flat_entries;
mod float;
mod reader;
mod value;
mod writer;

use std::io;

#[doc(hidden)]
pub use borrow::{__borrow_cow_bytes, __borrow_cow_str};
pub use decode::{Decode, DecodeKey, DecodeOwned};
pub use encode::{Encode, EncodeKey};
pub use error::{Category, Error};
pub use flat::EncodeFlat;
pub use flat_entries::{DecodeFlat, FlatEntries};
pub use reader::{Reader, Str};
pub use value::{Map, Number, Value, ValueIndex};

/// [`Map`], the ordered object of a [`Value`], and the iterators over it.
pub mod map {
    pub use super::value::{IntoIter, Iter, IterMut, Keys, Map, Values, ValuesMut};
}
pub use writer::Writer;

use writer::{IoWriter, VecWriter};

/// Encodes `value` as compact JSON into a new `Vec<u8>`.
///
/// ```
/// assert_eq!(fastwire::json::to_vec(&vec![1, 2, 3]), b"[1,2,3]");
/// ```
#[inline]
pub fn to_vec<T: ?Sized + Encode>(value: &T) -> Vec<u8> {
    let mut out = Vec::with_capacity(crate::buf::capacity_for(value.size_hint()));
    encode_into(value, &mut out);
    out
}

/// Encodes `value` as compact JSON into a new `String`.
///
/// ```
/// assert_eq!(fastwire::json::to_string(&("a", 1.5, None::<u8>)), r#"["a",1.5,null]"#);
/// ```
#[inline]
pub fn to_string<T: ?Sized + Encode>(value: &T) -> String {
    let bytes = to_vec(value);
    // SAFETY: fastwire's writers only ever append valid UTF-8 (see the `writer` module).
    unsafe { String::from_utf8_unchecked(bytes) }
}

/// Appends `value` as compact JSON to `out`. Allocates nothing when `out` has room, so a buffer
/// reused across calls stops allocating once it has grown to the largest document.
///
/// ```
/// let mut buf = Vec::with_capacity(64);
/// fastwire::json::encode_into(&[true, false], &mut buf);
/// fastwire::json::encode_into(&"x", &mut buf);
/// assert_eq!(buf, br#"[true,false]"x""#);
/// ```
#[inline]
pub fn encode_into<T: ?Sized + Encode>(value: &T, out: &mut Vec<u8>) {
    value.encode(&mut VecWriter::<false>::new(out));
}

/// Streams `value` as compact JSON to `writer` through a bounded buffer (64 KiB; long strings
/// are escaped in pieces), so even a huge document needs little memory and few write calls.
/// Returns the first I/O error; nothing is written after it.
///
/// ```
/// let mut out = Vec::new();
/// fastwire::json::to_writer(&mut out, &[1u8, 2]).unwrap();
/// assert_eq!(out, b"[1,2]");
/// ```
pub fn to_writer<W: io::Write, T: ?Sized + Encode>(writer: W, value: &T) -> io::Result<()> {
    let mut w = IoWriter::<W, false>::new(writer);
    value.encode(&mut w);
    w.finish()
}

/// Encodes `value` in serde_json's pretty layout into a new `String`.
///
/// ```
/// assert_eq!(fastwire::json::to_string_pretty(&vec![1, 2]), "[\n  1,\n  2\n]");
/// ```
pub fn to_string_pretty<T: ?Sized + Encode>(value: &T) -> String {
    let bytes = to_vec_pretty(value);
    // SAFETY: fastwire's writers only ever append valid UTF-8 (see the `writer` module).
    unsafe { String::from_utf8_unchecked(bytes) }
}

/// Encodes `value` in serde_json's pretty layout into a new `Vec<u8>`.
pub fn to_vec_pretty<T: ?Sized + Encode>(value: &T) -> Vec<u8> {
    let hint = value.size_hint();
    let mut out = Vec::with_capacity(crate::buf::capacity_for(hint + hint / 2));
    value.encode(&mut VecWriter::<true>::new(&mut out));
    out
}

/// Streams `value` in serde_json's pretty layout to `writer`, like [`to_writer`].
pub fn to_writer_pretty<W: io::Write, T: ?Sized + Encode>(writer: W, value: &T) -> io::Result<()> {
    let mut w = IoWriter::<W, true>::new(writer);
    value.encode(&mut w);
    w.finish()
}

/// Decoding options, builder style. The defaults are serde_json's.
///
/// ```
/// use fastwire::json::Decoder;
///
/// let deep = "[".repeat(20) + &"]".repeat(20);
/// assert!(Decoder::new().max_depth(10).from_str::<fastwire::json::Value>(&deep).is_err());
/// assert!(Decoder::new().from_str::<fastwire::json::Value>(&deep).is_ok());
/// ```
#[derive(Clone, Debug)]
pub struct Decoder {
    max_depth: usize,
}

impl Default for Decoder {
    fn default() -> Self {
        Decoder::new()
    }
}

impl Decoder {
    /// The default options: the nesting limit is 128, as in serde_json.
    pub const fn new() -> Self {
        Decoder {
            max_depth: reader::DEFAULT_MAX_DEPTH,
        }
    }

    /// Sets the nesting limit. It counts as serde_json's does: a limit of `n` admits arrays and
    /// objects nested `n - 1` deep (the default, 128, admits 127) and refuses deeper ones with
    /// an error, never a stack overflow. Decoding recurses once per level, so keep the limit
    /// within what the thread's stack can hold. Values of ignored fields are skipped without
    /// recursion and are not limited, as in serde_json.
    pub const fn max_depth(mut self, depth: usize) -> Self {
        self.max_depth = depth;
        self
    }

    /// Decodes a `T` from `input`; see [`from_str`].
    pub fn from_str<'de, T: Decode<'de>>(&self, input: &'de str) -> Result<T, Error> {
        let mut r = Reader::new(input, self.max_depth);
        let value = T::decode(&mut r)?;
        r.end()?;
        Ok(value)
    }

    /// Decodes a `T` from `input`, which must be UTF-8; see [`from_slice`].
    pub fn from_slice<'de, T: Decode<'de>>(&self, input: &'de [u8]) -> Result<T, Error> {
        match simdutf8::compat::from_utf8(input) {
            Ok(text) => self.from_str(text),
            Err(err) => Err(Error::at(
                error::ErrorCode::InvalidUtf8,
                input,
                err.valid_up_to(),
            )),
        }
    }

    /// Decodes a `T` from everything `reader` yields; see [`from_reader`].
    pub fn from_reader<R: io::Read, T: DecodeOwned>(&self, reader: R) -> Result<T, Error> {
        let input = crate::buf::read_all(reader).map_err(Error::io)?;
        self.from_slice(&input)
    }
}

/// Decodes a `T` from a JSON text. Strings without escapes are borrowed from `input` where `T`
/// wants (`&str` fields, `Cow<str>`). Anything after the value but whitespace is an error.
///
/// ```
/// #[derive(fastwire::Decode, Debug, PartialEq)]
/// struct Point<'a> { x: i32, label: &'a str }
///
/// let p: Point = fastwire::json::from_str(r#"{"x": -3, "label": "origin"}"#).unwrap();
/// assert_eq!(p, Point { x: -3, label: "origin" });
/// ```
pub fn from_str<'de, T: Decode<'de>>(input: &'de str) -> Result<T, Error> {
    Decoder::new().from_str(input)
}

/// Decodes a `T` from JSON bytes, which must be valid UTF-8 (checked once, up front, many
/// bytes at a time).
///
/// ```
/// let v: Vec<u16> = fastwire::json::from_slice(b"[1, 2, 3]").unwrap();
/// assert_eq!(v, [1, 2, 3]);
/// assert!(fastwire::json::from_slice::<Vec<u16>>(b"[1, 2, 3,]").is_err());
/// ```
pub fn from_slice<'de, T: Decode<'de>>(input: &'de [u8]) -> Result<T, Error> {
    Decoder::new().from_slice(input)
}

/// Decodes a `T` from an `io::Read`, reading it to the end in 64 KiB blocks first (so a reader
/// that yields one byte per call costs one call per byte, never more). `T` cannot borrow from
/// the temporary buffer, hence [`DecodeOwned`].
///
/// ```
/// let v: Vec<bool> = fastwire::json::from_reader(&b"[true, false]"[..]).unwrap();
/// assert_eq!(v, [true, false]);
/// ```
pub fn from_reader<R: io::Read, T: DecodeOwned>(reader: R) -> Result<T, Error> {
    Decoder::new().from_reader(reader)
}
