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

mod encode;
mod escape;
mod writer;

use std::io;

pub use encode::{Encode, EncodeKey};
pub use writer::Writer;

use writer::{IoWriter, VecWriter};

/// Extra room reserved beyond the size hint, so that a slightly low estimate does not cost a
/// second allocation.
const HINT_SLACK: usize = 64;

/// Encodes `value` as compact JSON into a new `Vec<u8>`.
///
/// ```
/// assert_eq!(fastwire::json::to_vec(&vec![1, 2, 3]), b"[1,2,3]");
/// ```
#[inline]
pub fn to_vec<T: ?Sized + Encode>(value: &T) -> Vec<u8> {
    let mut out = Vec::with_capacity(value.size_hint() + HINT_SLACK);
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
    let mut out = Vec::with_capacity(hint + hint / 2 + HINT_SLACK);
    value.encode(&mut VecWriter::<true>::new(&mut out));
    out
}

/// Streams `value` in serde_json's pretty layout to `writer`, like [`to_writer`].
pub fn to_writer_pretty<W: io::Write, T: ?Sized + Encode>(writer: W, value: &T) -> io::Result<()> {
    let mut w = IoWriter::<W, true>::new(writer);
    value.encode(&mut w);
    w.finish()
}
