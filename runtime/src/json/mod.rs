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
//! | [`try_to_string`], [`try_to_vec`], [`try_encode_into`], [`try_to_string_pretty`], [`try_to_vec_pretty`] | the same, or the [`EncodeError`] of a value that cannot be encoded |
//! | [`Encoder`] | the same, compact or pretty with an indent of your choice |
//! | [`to_writer_lines`], [`LinesWriter`] | JSON Lines: one compact value per line, streamed |
//! | [`to_raw_value`] | a [`RawValue`]: JSON text kept as it is, written verbatim |
//!
//! Encoding fails only where serde's would for the same value: through the serde bridge
//! (a `Serialize` impl that returns an error, a map key serde_json refuses), for a `Path` that
//! is not UTF-8, or in a hand-written impl that calls [`Writer::fail`]. The `to_*` functions
//! then panic and `to_writer` returns an `io::Error`; the `try_*` functions return the error.
//!
//! | function | input |
//! |---|---|
//! | [`from_str`], [`from_slice`], [`from_reader`] | one JSON document (whitespace around it allowed) |
//! | [`stream_from_str`], [`stream_from_slice`], [`stream_from_reader`] | values one after another (JSON Lines, or concatenated), one at a time |
//! | [`Decoder`] | the same, with options (the nesting limit) |

mod borrow;
mod decode;
mod encode;
mod error;
mod escape;
mod flat;
mod flat_entries;
mod float;
mod integer;
mod net;
mod options;
mod os;
mod raw;
pub(crate) mod reader;
mod reader_errors;
mod short_float;
mod std_time;
mod stream;
mod value;
mod wrappers;
mod writer;

use std::io;

use crate::encode_error::encode_failed;
use crate::EncodeError;

#[doc(hidden)]
pub use borrow::{__borrow_cow_bytes, __borrow_cow_str};
pub use decode::{Decode, DecodeKey, DecodeOwned};
pub use encode::{Encode, EncodeKey};
pub use error::{Category, Error};

/// `Result` with this module's [`Error`] as the default error type (serde_json's
/// `serde_json::Result`).
///
/// ```
/// use fastwire::json;
///
/// fn pair() -> json::Result<(u8, u8)> {
///     json::from_str("[1, 2]")
/// }
/// assert_eq!(pair().unwrap(), (1, 2));
/// ```
pub type Result<T, E = Error> = std::result::Result<T, E>;
pub use flat::EncodeFlat;
#[doc(hidden)]
pub use flat_entries::DecodeFlatRest;
pub use flat_entries::{DecodeFlat, DecodeFlatFields, FlatEntries};
pub use options::Encoder;
pub use raw::{to_raw_value, RawValue};
pub use reader::{Reader, Str};
pub use stream::{
    stream_from_reader, stream_from_slice, stream_from_str, to_writer_lines, LinesWriter,
    ReaderStream, Stream,
};
pub use value::{from_value, to_value, try_to_value, Map, Number, Value, ValueIndex};

/// [`Map`], the ordered object of a [`Value`], and the iterators over it.
pub mod map {
    pub use super::value::{
        Entry, IntoIter, IntoValues, Iter, IterMut, Keys, Map, OccupiedEntry, VacantEntry, Values,
        ValuesMut,
    };
}
pub(crate) use writer::Token;
pub use writer::Writer;

use writer::{IoWriter, VecWriter};

/// Encodes `value` as compact JSON into a new `Vec<u8>`.
///
/// ```
/// assert_eq!(fastwire::json::to_vec(&vec![1, 2, 3]), b"[1,2,3]");
/// ```
///
/// # Panics
/// If encoding fails, which only a `Serialize` impl reached through the serde bridge, an
/// `Encode` impl that calls [`Writer::fail`], or a `Path` that is not UTF-8 can make happen;
/// [`try_to_vec`] returns the error instead.
#[inline]
#[track_caller]
pub fn to_vec<T: ?Sized + Encode>(value: &T) -> Vec<u8> {
    try_to_vec(value).unwrap_or_else(|err| encode_failed("json::to_vec", "json::try_to_vec", err))
}

/// Encodes `value` as compact JSON into a new `Vec<u8>`, or says why it cannot be encoded
/// (see [`Writer::fail`]).
///
/// ```
/// use fastwire::json::{self, Encode, Writer};
///
/// assert_eq!(json::try_to_vec(&[1, 2]).unwrap(), b"[1,2]");
///
/// /// Written only when it has something to say.
/// struct Note<'a>(&'a str);
///
/// impl Encode for Note<'_> {
///     fn encode<W: Writer>(&self, w: &mut W) {
///         if self.0.is_empty() {
///             w.fail("an empty note");
///         }
///         w.write_str(self.0);
///     }
/// }
///
/// assert_eq!(json::try_to_vec(&Note("hi")).unwrap(), br#""hi""#);
/// assert_eq!(json::try_to_vec(&[Note("hi"), Note("")]).unwrap_err().to_string(), "an empty note");
/// ```
#[inline]
pub fn try_to_vec<T: ?Sized + Encode>(value: &T) -> Result<Vec<u8>, EncodeError> {
    let mut out = crate::buf::for_hint(value.size_hint());
    encode_vec::<T, false>(value, &mut out)?;
    Ok(out)
}

/// Encodes `value` as compact JSON into a new `String`.
///
/// ```
/// assert_eq!(fastwire::json::to_string(&("a", 1.5, None::<u8>)), r#"["a",1.5,null]"#);
/// ```
///
/// # Panics
/// If encoding fails, which only a `Serialize` impl reached through the serde bridge, an
/// `Encode` impl that calls [`Writer::fail`], or a `Path` that is not UTF-8 can make happen
/// (as [`ToString::to_string`] panics when a `Display` impl fails); [`try_to_string`] returns
/// the error instead.
#[inline]
#[track_caller]
pub fn to_string<T: ?Sized + Encode>(value: &T) -> String {
    try_to_string(value)
        .unwrap_or_else(|err| encode_failed("json::to_string", "json::try_to_string", err))
}

/// Encodes `value` as compact JSON into a new `String`, or says why it cannot be encoded
/// (see [`Writer::fail`]).
///
/// ```
/// use std::path::Path;
///
/// assert_eq!(fastwire::json::try_to_string(Path::new("/tmp")).unwrap(), r#""/tmp""#);
/// # #[cfg(unix)] {
/// use std::os::unix::ffi::OsStrExt;
///
/// // serde refuses paths that are not UTF-8, and so does fastwire.
/// let path = Path::new(std::ffi::OsStr::from_bytes(b"/tmp/\xff"));
/// let err = fastwire::json::try_to_string(path).unwrap_err();
/// assert_eq!(err.to_string(), "path contains invalid UTF-8 characters");
/// # }
/// ```
#[inline]
pub fn try_to_string<T: ?Sized + Encode>(value: &T) -> Result<String, EncodeError> {
    let bytes = try_to_vec(value)?;
    // SAFETY: fastwire's writers only ever append valid UTF-8 (see the `writer` module).
    Ok(unsafe { String::from_utf8_unchecked(bytes) })
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
///
/// # Panics
/// If encoding fails (see [`to_vec`]); [`try_encode_into`] returns the error instead.
#[inline]
#[track_caller]
pub fn encode_into<T: ?Sized + Encode>(value: &T, out: &mut Vec<u8>) {
    if let Err(err) = encode_vec::<T, false>(value, out) {
        encode_failed("json::encode_into", "json::try_encode_into", err)
    }
}

/// Appends `value` as compact JSON to `out`, like [`encode_into`], or says why it cannot be
/// encoded (see [`Writer::fail`]); `out` is then left as it was.
///
/// ```
/// let mut buf = b"[".to_vec();
/// fastwire::json::try_encode_into(&1, &mut buf).unwrap();
/// assert_eq!(buf, b"[1");
/// ```
#[inline]
pub fn try_encode_into<T: ?Sized + Encode>(
    value: &T,
    out: &mut Vec<u8>,
) -> Result<(), EncodeError> {
    let len = out.len();
    encode_vec::<T, false>(value, out).inspect_err(|_| out.truncate(len))
}

/// Writes `value` to the end of `out`, compact or pretty, and returns the failure recorded.
#[inline]
fn encode_vec<T: ?Sized + Encode, const PRETTY: bool>(
    value: &T,
    out: &mut Vec<u8>,
) -> Result<(), EncodeError> {
    let mut w = VecWriter::<PRETTY>::new(out);
    value.encode(&mut w);
    w.finish()
}

/// Streams `value` as compact JSON to `writer` through a bounded buffer (64 KiB; long strings
/// are escaped in pieces), so even a huge document needs little memory and few write calls.
/// Returns the first I/O error; nothing is written after it.
///
/// A value that fails to encode (see [`Writer::fail`]) is an error of kind
/// [`InvalidData`](io::ErrorKind::InvalidData) wrapping the [`EncodeError`]. Output that
/// had already reached `writer` stays there; from the failure on nothing more is written (not
/// even what was still buffered), and `writer` is not flushed.
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
///
/// # Panics
/// If encoding fails (see [`to_string`]); [`try_to_string_pretty`] returns the error instead.
#[track_caller]
pub fn to_string_pretty<T: ?Sized + Encode>(value: &T) -> String {
    try_to_string_pretty(value).unwrap_or_else(|err| {
        encode_failed("json::to_string_pretty", "json::try_to_string_pretty", err)
    })
}

/// Encodes `value` in serde_json's pretty layout into a new `String`, or says why it cannot
/// be encoded (see [`Writer::fail`]).
///
/// ```
/// let text = fastwire::json::try_to_string_pretty(&[[1, 2]]).unwrap();
/// assert_eq!(text, "[\n  [\n    1,\n    2\n  ]\n]");
/// ```
pub fn try_to_string_pretty<T: ?Sized + Encode>(value: &T) -> Result<String, EncodeError> {
    let bytes = try_to_vec_pretty(value)?;
    // SAFETY: fastwire's writers only ever append valid UTF-8 (see the `writer` module).
    Ok(unsafe { String::from_utf8_unchecked(bytes) })
}

/// Encodes `value` in serde_json's pretty layout into a new `Vec<u8>`.
///
/// # Panics
/// If encoding fails (see [`to_vec`]); [`try_to_vec_pretty`] returns the error instead.
#[track_caller]
pub fn to_vec_pretty<T: ?Sized + Encode>(value: &T) -> Vec<u8> {
    try_to_vec_pretty(value)
        .unwrap_or_else(|err| encode_failed("json::to_vec_pretty", "json::try_to_vec_pretty", err))
}

/// Encodes `value` in serde_json's pretty layout into a new `Vec<u8>`, or says why it cannot
/// be encoded (see [`Writer::fail`]).
pub fn try_to_vec_pretty<T: ?Sized + Encode>(value: &T) -> Result<Vec<u8>, EncodeError> {
    let hint = value.size_hint();
    let mut out = crate::buf::for_hint(hint + hint / 2);
    encode_vec::<T, true>(value, &mut out)?;
    Ok(out)
}

/// Streams `value` in serde_json's pretty layout to `writer`, like [`to_writer`] (a failure
/// to encode included).
pub fn to_writer_pretty<W: io::Write, T: ?Sized + Encode>(writer: W, value: &T) -> io::Result<()> {
    let mut w = IoWriter::<W, true>::new(writer);
    value.encode(&mut w);
    w.finish()
}

/// Decoding options, builder style: the limits that keep hostile input from costing more
/// than a caller allows.
///
/// | option | default | what it bounds |
/// |---|---|---|
/// | [`max_depth`](Decoder::max_depth) | 128 (serde_json's) | nesting of arrays and objects, so the stack |
/// | [`max_input_size`](Decoder::max_input_size) | 4 GiB | bytes read by [`from_reader`](Decoder::from_reader), and per value by [`stream_reader`](Decoder::stream_reader) |
/// | [`max_collection_len`](Decoder::max_collection_len) | `u32::MAX` | elements of one array, members of one object, read into a collection |
///
/// JSON has no length prefixes: every element is bytes of the input, so memory grows with the
/// input (which the caller holds, or which `max_input_size` bounds), never with a claim in it.
/// What a small element becomes can still be larger than its text (`[]` is two bytes, an
/// empty `Vec` 24): `max_collection_len` bounds that where a service knows how long its
/// lists may be. There is no limit on the length of a string, which is never larger than its
/// text.
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
    max_input_size: usize,
    max_collection_len: usize,
}

impl Default for Decoder {
    fn default() -> Self {
        Decoder::new()
    }
}

impl Decoder {
    /// The default options: the nesting limit is 128, as in serde_json; readers may yield up
    /// to 4 GiB (the whole address space on 32-bit targets), more than any document read
    /// into memory at once is expected to need.
    pub const fn new() -> Self {
        Decoder {
            max_depth: reader::DEFAULT_MAX_DEPTH,
            max_input_size: crate::limit::DEFAULT_MAX_INPUT_SIZE,
            max_collection_len: crate::limit::DEFAULT_MAX_COLLECTION_LEN,
        }
    }

    /// Sets how many items one collection may hold: elements of an array read into a
    /// sequence (`Vec`, `VecDeque`, a set, a [`Value`] array, bytes written as numbers) and
    /// members of an object read into a map (a `HashMap`, a `BTreeMap`, a [`Value`] object, or
    /// the members a struct with `#[serde(flatten)]` keeps for its flattened fields). One
    /// more is an error of category [`Syntax`](Category::Syntax) at that item, as the nesting
    /// limit's is; nothing after it is read. Structs, tuples and fixed-size arrays have the
    /// length their type gives and are not counted, nor are values skipped unread (ignored
    /// fields). The default, `u32::MAX`, refuses no valid document: set a limit where the
    /// longest list a service accepts is known.
    ///
    /// ```
    /// use fastwire::json::{Decoder, Value};
    ///
    /// let limited = Decoder::new().max_collection_len(3);
    /// assert_eq!(limited.from_str::<Vec<u8>>("[1, 2, 3]").unwrap(), [1, 2, 3]);
    /// let err = limited.from_str::<Vec<u8>>("[1, 2, 3, 4]").unwrap_err();
    /// assert!(err.is_syntax());
    /// assert!(limited.from_str::<Value>(r#"{"a": [[], [], [], []]}"#).is_err());
    /// ```
    pub const fn max_collection_len(mut self, items: usize) -> Self {
        self.max_collection_len = items;
        self
    }

    /// The `max_input_size` set.
    pub(crate) fn input_size_limit(&self) -> usize {
        self.max_input_size
    }

    /// A reader over `input` with these limits.
    pub(crate) fn reader<'de>(&self, input: &'de str) -> Reader<'de> {
        Reader::new(input, self.max_depth).with_max_len(self.max_collection_len)
    }

    /// Sets how many bytes [`from_reader`](Decoder::from_reader) reads at most: a reader that
    /// yields more (a stream that never ends, a body far larger than announced) is an error of
    /// category [`Io`](Category::Io) and kind [`InvalidData`](io::ErrorKind::InvalidData),
    /// returned once the limit is passed, without reading the rest. For
    /// [`stream_reader`](Decoder::stream_reader) it bounds each value (and the whitespace
    /// before it): a stream may go on for ever, one value may not. The default is 4 GiB.
    ///
    /// ```
    /// use std::io::Read;
    /// use fastwire::json::{Decoder, Value};
    ///
    /// // `[` and then spaces, for ever.
    /// let endless = (&b"["[..]).chain(std::io::repeat(b' '));
    /// let err = Decoder::new().max_input_size(1 << 20).from_reader::<_, Value>(endless).unwrap_err();
    /// assert_eq!(err.io_error_kind(), Some(std::io::ErrorKind::InvalidData));
    ///
    /// let small = Decoder::new().max_input_size(8);
    /// assert_eq!(small.from_reader::<_, Vec<u8>>(&b"[1, 2]"[..]).unwrap(), [1, 2]);
    /// assert!(small.from_reader::<_, Vec<u8>>(&b"[1, 2, 3]"[..]).is_err());
    /// ```
    pub const fn max_input_size(mut self, bytes: usize) -> Self {
        self.max_input_size = bytes;
        self
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
        let mut r = self.reader(input);
        r.sole_document();
        // A derived struct checks the end of the input before it builds its value, so the
        // value is built in this function's return slot, with no copy.
        let result = T::decode_out(&mut r, crate::fill::Whole);
        let stopped = r.offset();
        // Line and column are counted here, once, for the error returned; an error made by
        // `Error::custom` is placed where the reader stopped. (`map_err` on the result as it
        // stands, with the reader's position read before: a match that mutates the result,
        // or drops the reader first, makes the compiler keep the value in a temporary.)
        result.map_err(|err| err.place(stopped).locate(input.as_bytes()))
    }

    /// Decodes a `T` from `input`, which must be UTF-8; see [`from_slice`].
    pub fn from_slice<'de, T: Decode<'de>>(&self, input: &'de [u8]) -> Result<T, Error> {
        match simdutf8::compat::from_utf8(input) {
            Ok(text) => self.from_str(text),
            // The error serde_json would meet first, which may come before the bad byte.
            Err(err) => Err(reader_errors::utf8_error::<T>(
                input,
                err.valid_up_to(),
                self,
            )),
        }
    }

    /// Decodes a `T` from everything `reader` yields, reading no more than
    /// [`max_input_size`](Decoder::max_input_size) bytes; see [`from_reader`].
    pub fn from_reader<R: io::Read, T: DecodeOwned>(&self, reader: R) -> Result<T, Error> {
        let input = crate::limit::read_at_most(reader, self.max_input_size).map_err(Error::io)?;
        self.from_slice(&input)
    }
}

/// Decodes a `T` from a JSON text. Strings without escapes are borrowed from `input` where `T`
/// wants (`&str` fields, and `Cow<str>` fields with `#[serde(borrow)]`; any other `Cow` is
/// owned, as in serde). Anything after the value but whitespace is an error.
///
/// An error names the line and column serde_json would report for the same input and type
/// (see [`Error`] for how they are counted, and the few places fastwire knowingly differs):
///
/// ```
/// let err = fastwire::json::from_str::<Vec<u8>>("[1,\n 2 3]").unwrap_err();
/// assert!(err.is_syntax());
/// assert_eq!(err.to_string(), "expected `,` or `]` (line 2, column 4)");
/// let err = fastwire::json::from_str::<Vec<u8>>("[1, 2").unwrap_err();
/// assert!(err.is_eof());
/// assert_eq!((err.line(), err.column()), (1, 5));
/// ```
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
/// bytes at a time). Invalid UTF-8 is reported where serde_json reports it, which may be an
/// earlier error in the document (see [`Error`]).
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
