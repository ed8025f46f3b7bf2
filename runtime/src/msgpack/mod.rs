//! MessagePack: encoding identical to rmp-serde's, byte for byte, from the same derive as
//! JSON.
//!
//! A struct is written as a map keyed by field name, as `rmp_serde::to_vec_named` writes it;
//! with `#[wire(as_array)]`, as an array of its fields, as `rmp_serde::to_vec` writes it.
//! Decoding accepts both forms for every struct, as rmp-serde does.
//!
//! ```
//! use fastwire::{Decode, Encode};
//!
//! #[derive(Encode, Decode, Debug, PartialEq)]
//! #[serde(rename_all = "camelCase")]
//! struct User<'a> {
//!     id: u64,
//!     display_name: &'a str,
//!     #[serde(skip_serializing_if = "Option::is_none")]
//!     email: Option<String>,
//! }
//!
//! let user = User { id: 7, display_name: "Ada", email: None };
//! let bytes = fastwire::msgpack::to_vec(&user);
//! assert_eq!(bytes, b"\x82\xa2id\x07\xabdisplayName\xa3Ada");
//! // `display_name` is borrowed from `bytes`.
//! assert_eq!(fastwire::msgpack::from_slice::<User>(&bytes).unwrap(), user);
//! ```
//!
//! | function | output |
//! |---|---|
//! | [`to_vec`] | a new buffer, sized once from [`Encode::size_hint`] |
//! | [`encode_into`] | appended to a caller's `Vec<u8>`: no allocation when it has room |
//! | [`to_writer`] | streamed to an `io::Write` through a bounded 64 KiB buffer |
//! | [`try_to_vec`], [`try_encode_into`] | the same, or the [`EncodeError`] of a value that cannot be encoded |
//!
//! Encoding fails only where serde's would for the same value: through the serde bridge
//! (a `Serialize` impl that returns an error), for a `Path` that is not UTF-8, or in a
//! hand-written impl that calls [`Writer::fail`]. `to_vec` and `encode_into` then panic and
//! `to_writer` returns an `io::Error`; the `try_*` functions return the error.
//!
//! | function | input |
//! |---|---|
//! | [`from_slice`] | a byte slice; strings and binaries are borrowed from it where the type wants |
//! | [`from_reader`] | an `io::Read`, read to its end in 64 KiB blocks first |
//! | [`stream_from_slice`], [`stream_from_reader`] | values one after another, one at a time (a reader's as they arrive) |
//! | [`Decoder`] | the same, with options (the nesting limit) |
//!
//! Values of types written by rmp-serde through serde's defaults decode unchanged: integers of
//! any width where the value fits, floats from integers, strings from `bin` holding UTF-8,
//! sequences from `bin`, structs from maps or arrays, struct fields by name or by index, enum
//! variants by name or by index. Where fastwire is stricter than rmp-serde it says so: bytes
//! after the value, a string that is not UTF-8 (even in an ignored value) and a negative
//! integer for `u128` are errors.

mod borrow;
mod decode;
mod encode;
mod error;
mod flat;
mod flat_entries;
#[cfg(any(feature = "json", feature = "serde"))]
pub(crate) mod json_tree;
mod net;
mod os;
mod reader;
mod std_time;
mod stream;
mod timestamp;
mod utf8;
mod value;
mod wrappers;
mod writer;

use std::io;

use crate::encode_error::encode_failed;
use crate::EncodeError;

#[doc(hidden)]
pub use borrow::{__borrow_cow_bytes, __borrow_cow_str};
pub use decode::{Decode, DecodeOwned};
pub use encode::Encode;
#[doc(hidden)]
pub use encode::{
    max_bounds as __max_bounds, sum_bounds as __sum_bounds, BOUNDED_LIMIT as __BOUNDED_LIMIT,
};
pub use error::{Category, Error};

/// `Result` with this module's [`Error`] as the default error type (serde_json's
/// `serde_json::Result`).
///
/// ```
/// use fastwire::msgpack;
///
/// fn pair() -> msgpack::Result<(u8, u8)> {
///     msgpack::from_slice(&[0x92, 1, 2])
/// }
/// assert_eq!(pair().unwrap(), (1, 2));
/// ```
pub type Result<T, E = Error> = std::result::Result<T, E>;
pub use flat::EncodeFlat;
#[doc(hidden)]
pub use flat_entries::DecodeFlatRest;
pub use flat_entries::{DecodeFlat, DecodeFlatFields, FlatEntries};
pub use reader::{EnumForm, Key, Reader, SeqForm, StructForm};
pub use stream::{stream_from_reader, stream_from_slice, ReaderStream, Stream};
pub use timestamp::{Timestamp, TimestampRangeError};
pub use value::{from_value, to_value, try_to_value, Integer, Value, ValueIndex};
pub use writer::Writer;
#[doc(hidden)]
pub use writer::{Cursor, Slot};

use writer::{IoWriter, VecWriter};

/// Encodes `value` as MessagePack into a new `Vec<u8>`.
///
/// ```
/// assert_eq!(fastwire::msgpack::to_vec(&vec![1, 300]), b"\x92\x01\xcd\x01\x2c");
/// ```
///
/// # Panics
/// If encoding fails, which only a `Serialize` impl reached through the serde bridge, an
/// `Encode` impl that calls [`Writer::fail`], or a `Path` that is not UTF-8 can make happen;
/// [`try_to_vec`] returns the error instead.
#[inline]
#[track_caller]
pub fn to_vec<T: ?Sized + Encode>(value: &T) -> Vec<u8> {
    try_to_vec(value)
        .unwrap_or_else(|err| encode_failed("msgpack::to_vec", "msgpack::try_to_vec", err))
}

/// Encodes `value` as MessagePack into a new `Vec<u8>`, or says why it cannot be encoded
/// (see [`Writer::fail`]).
///
/// ```
/// use fastwire::msgpack::{self, Encode, Writer};
///
/// assert_eq!(msgpack::try_to_vec(&[1, 2]).unwrap(), b"\x92\x01\x02");
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
/// assert_eq!(msgpack::try_to_vec(&Note("hi")).unwrap(), b"\xa2hi");
/// assert_eq!(msgpack::try_to_vec(&[Note("hi"), Note("")]).unwrap_err().to_string(), "an empty note");
/// ```
#[inline]
pub fn try_to_vec<T: ?Sized + Encode>(value: &T) -> Result<Vec<u8>, EncodeError> {
    let mut out = crate::buf::for_hint(value.size_hint());
    encode_vec(value, &mut out)?;
    Ok(out)
}

/// Appends `value` as MessagePack to `out`. Allocates nothing when `out` has room, so a buffer
/// reused across calls stops allocating once it has grown to the largest document.
///
/// ```
/// let mut buf = Vec::with_capacity(64);
/// fastwire::msgpack::encode_into(&[true, false], &mut buf);
/// fastwire::msgpack::encode_into(&"x", &mut buf);
/// assert_eq!(buf, b"\x92\xc3\xc2\xa1x");
/// ```
///
/// # Panics
/// If encoding fails (see [`to_vec`]); [`try_encode_into`] returns the error instead.
#[inline]
#[track_caller]
pub fn encode_into<T: ?Sized + Encode>(value: &T, out: &mut Vec<u8>) {
    if let Err(err) = encode_vec(value, out) {
        encode_failed("msgpack::encode_into", "msgpack::try_encode_into", err)
    }
}

/// Appends `value` as MessagePack to `out`, like [`encode_into`], or says why it cannot be
/// encoded (see [`Writer::fail`]); `out` is then left as it was.
///
/// ```
/// let mut buf = b"\x92".to_vec();
/// fastwire::msgpack::try_encode_into(&1, &mut buf).unwrap();
/// assert_eq!(buf, b"\x92\x01");
/// ```
#[inline]
pub fn try_encode_into<T: ?Sized + Encode>(
    value: &T,
    out: &mut Vec<u8>,
) -> Result<(), EncodeError> {
    let len = out.len();
    encode_vec(value, out).inspect_err(|_| out.truncate(len))
}

/// Writes `value` to the end of `out` and returns the failure recorded.
#[inline]
fn encode_vec<T: ?Sized + Encode>(value: &T, out: &mut Vec<u8>) -> Result<(), EncodeError> {
    let mut w = VecWriter::new(out);
    value.encode(&mut w);
    w.finish()
}

/// Streams `value` as MessagePack to `writer` through a bounded buffer (64 KiB; long strings
/// and binaries go to the writer directly), so even a huge document needs little memory and
/// few write calls. Returns the first I/O error; nothing is written after it.
///
/// A value that fails to encode (see [`Writer::fail`]) is an error of kind
/// [`InvalidData`](io::ErrorKind::InvalidData) wrapping the [`EncodeError`]. Output that
/// had already reached `writer` stays there; from the failure on nothing more is written (not
/// even what was still buffered), and `writer` is not flushed.
///
/// ```
/// let mut out = Vec::new();
/// fastwire::msgpack::to_writer(&mut out, &[1u8, 2]).unwrap();
/// assert_eq!(out, b"\x92\x01\x02");
/// ```
pub fn to_writer<W: io::Write, T: ?Sized + Encode>(writer: W, value: &T) -> io::Result<()> {
    let mut w = IoWriter::new(writer);
    value.encode(&mut w);
    w.finish()
}

/// Decoding options, builder style; the same options as [`json::Decoder`](crate::json::Decoder)'s:
/// the limits that keep hostile input from costing more than a caller allows.
///
/// | option | default | what it bounds |
/// |---|---|---|
/// | [`max_depth`](Decoder::max_depth) | 128 (as JSON's) | nesting of arrays and maps, so the stack |
/// | [`max_input_size`](Decoder::max_input_size) | 4 GiB | bytes read by [`from_reader`](Decoder::from_reader), and per value by [`stream_reader`](Decoder::stream_reader) |
/// | [`max_collection_len`](Decoder::max_collection_len) | `u32::MAX` | the items an array or map header declares |
///
/// The lengths in headers need no limit for memory's sake: a claim of more elements or bytes than
/// the rest of the input could hold (every element takes at least a byte) is an error before
/// anything is reserved, and room is reserved from a claim only up to a megabyte or four times
/// the input left, whichever is more, so memory
/// grows with the input (which the caller holds, or which `max_input_size` bounds), never
/// with a number written in it. What a one-byte element becomes can still be larger than
/// that byte (a `nil` read as an empty `Vec` takes 24): `max_collection_len` bounds that
/// where a service knows how long its lists may be.
///
/// ```
/// use fastwire::msgpack::Decoder;
///
/// let deep = [vec![0x91u8; 20], vec![0xc0]].concat(); // [[[...[nil]...]]]
/// assert!(Decoder::new().max_depth(10).from_slice::<fastwire::msgpack::Value>(&deep).is_err());
/// assert!(Decoder::new().from_slice::<fastwire::msgpack::Value>(&deep).is_ok());
///
/// // Five bytes claiming four billion elements: an error at once, nothing reserved.
/// assert!(Decoder::new().from_slice::<Vec<u64>>(b"\xdd\xff\xff\xff\xff").is_err());
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
    /// The default options: the nesting limit is 128, as for JSON; readers may yield up to
    /// 4 GiB (the whole address space on 32-bit targets), more than any document read into
    /// memory at once is expected to need.
    pub const fn new() -> Self {
        Decoder {
            max_depth: reader::DEFAULT_MAX_DEPTH,
            max_input_size: crate::limit::DEFAULT_MAX_INPUT_SIZE,
            max_collection_len: crate::limit::DEFAULT_MAX_COLLECTION_LEN,
        }
    }

    /// Sets how many items one array or map may declare (entries, for a map): a header
    /// declaring more is an error of category [`Syntax`](Category::Syntax) at the header, as
    /// passing the nesting limit is, before any of the items is read. It counts every array
    /// and map a value is read from, struct and tuple layouts included, and a `bin` read as a
    /// sequence of its bytes; values skipped unread (ignored fields) are not counted. The
    /// default, `u32::MAX`, is the most a header can declare, so it refuses nothing: set a
    /// limit where the longest list a service accepts is known.
    ///
    /// ```
    /// use fastwire::msgpack::{Decoder, Value};
    ///
    /// let limited = Decoder::new().max_collection_len(3);
    /// assert_eq!(limited.from_slice::<Vec<u8>>(b"\x93\x01\x02\x03").unwrap(), [1, 2, 3]);
    /// let err = limited.from_slice::<Vec<u8>>(b"\x94\x01\x02\x03\x04").unwrap_err();
    /// assert!(err.is_syntax());
    /// // {"a": [nil, nil, nil, nil]}
    /// assert!(limited.from_slice::<Value>(b"\x81\xa1a\x94\xc0\xc0\xc0\xc0").is_err());
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
    pub(crate) fn reader<'de>(&self, input: &'de [u8]) -> Reader<'de> {
        Reader::new(input, self.max_depth).with_max_len(self.max_collection_len)
    }

    /// Sets how many bytes [`from_reader`](Decoder::from_reader) reads at most: a reader that
    /// yields more (a stream that never ends, a body far larger than announced) is an error of
    /// category [`Io`](Category::Io) and kind [`InvalidData`](io::ErrorKind::InvalidData),
    /// returned once the limit is passed, without reading the rest. For
    /// [`stream_reader`](Decoder::stream_reader) it bounds each value: a stream may go on for
    /// ever, one value may not. The default is 4 GiB.
    ///
    /// ```
    /// use std::io::Read;
    /// use fastwire::msgpack::{Decoder, Value};
    ///
    /// // An array of 65,535 strings, each of 255 bytes that never end.
    /// let endless = (&b"\xdc\xff\xff"[..]).chain(std::io::repeat(0xd9));
    /// let err = Decoder::new().max_input_size(1 << 20).from_reader::<_, Value>(endless).unwrap_err();
    /// assert!(err.is_io());
    ///
    /// let small = Decoder::new().max_input_size(3);
    /// assert_eq!(small.from_reader::<_, Vec<u8>>(&b"\x92\x01\x02"[..]).unwrap(), [1, 2]);
    /// assert!(small.from_reader::<_, Vec<u8>>(&b"\x93\x01\x02\x03"[..]).is_err());
    /// ```
    pub const fn max_input_size(mut self, bytes: usize) -> Self {
        self.max_input_size = bytes;
        self
    }

    /// Sets the nesting limit. It counts as JSON's does: a limit of `n` admits arrays and maps
    /// nested `n - 1` deep (the default, 128, admits 127) and refuses deeper ones with an
    /// error, never a stack overflow. Decoding recurses once per level, so keep the limit
    /// within what the thread's stack can hold. Values of ignored fields are skipped without
    /// recursion and are not limited.
    pub const fn max_depth(mut self, depth: usize) -> Self {
        self.max_depth = depth;
        self
    }

    /// Decodes a `T` from `input`; see [`from_slice`].
    pub fn from_slice<'de, T: Decode<'de>>(&self, input: &'de [u8]) -> Result<T, Error> {
        // The decoder's result is returned as it stands: a derived struct checks the end of the
        // input before it builds its value, so the value is built here, in the return slot.
        T::decode_out(&mut self.reader(input), crate::fill::Whole)
    }

    /// Decodes a `T` from everything `reader` yields, reading no more than
    /// [`max_input_size`](Decoder::max_input_size) bytes; see [`from_reader`].
    pub fn from_reader<R: io::Read, T: DecodeOwned>(&self, reader: R) -> Result<T, Error> {
        let input = crate::limit::read_at_most(reader, self.max_input_size).map_err(Error::io)?;
        self.from_slice(&input)
    }
}

/// Decodes a `T` from MessagePack bytes. Strings and binaries are borrowed from `input` where
/// `T` wants (`&str` and `&[u8]` fields, and `Cow` fields with `#[serde(borrow)]`; any other
/// `Cow` is owned, as in serde). Bytes after the value are an error.
///
/// ```
/// #[derive(fastwire::Decode, Debug, PartialEq)]
/// struct Point<'a> { x: i32, label: &'a str }
///
/// // {"x": -3, "label": "origin"}
/// let p: Point = fastwire::msgpack::from_slice(b"\x82\xa1x\xfd\xa5label\xa6origin").unwrap();
/// assert_eq!(p, Point { x: -3, label: "origin" });
/// // The same struct written as an array, as `rmp_serde::to_vec` writes it.
/// let p: Point = fastwire::msgpack::from_slice(b"\x92\xfd\xa6origin").unwrap();
/// assert_eq!(p, Point { x: -3, label: "origin" });
/// ```
pub fn from_slice<'de, T: Decode<'de>>(input: &'de [u8]) -> Result<T, Error> {
    Decoder::new().from_slice(input)
}

/// Decodes a `T` from an `io::Read`, reading it to the end in 64 KiB blocks first (so a reader
/// that yields one byte per call costs one call per byte, never more). `T` cannot borrow from
/// the temporary buffer, hence [`DecodeOwned`].
///
/// ```
/// let v: Vec<bool> = fastwire::msgpack::from_reader(&b"\x92\xc3\xc2"[..]).unwrap();
/// assert_eq!(v, [true, false]);
/// ```
pub fn from_reader<R: io::Read, T: DecodeOwned>(reader: R) -> Result<T, Error> {
    Decoder::new().from_reader(reader)
}
