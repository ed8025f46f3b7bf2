//! Byte strings as `serde_bytes` writes and reads them: a MessagePack `bin`, and in JSON an
//! array of numbers (`[104,105]`), byte for byte what `#[serde(with = "serde_bytes")]` gives
//! through rmp-serde and serde_json. Without it, a `Vec<u8>` is an array of integers in both
//! formats, as serde writes any sequence.
//!
//! For `Vec<u8>`, `Box<[u8]>`, `[u8; N]`, `&[u8]`, `Cow<[u8]>` and an `Option` of any of them
//! (`None` being `null` / `nil`), as `serde_bytes` takes them. Reading accepts what
//! `serde_bytes` accepts: a `bin`, a string's bytes (in MessagePack whether or not they are
//! valid UTF-8) or an array of integers 0..=255; `[u8; N]` takes exactly `N` bytes; `&[u8]`
//! only bytes it can borrow from the input (a `bin` or string in MessagePack, a JSON string
//! without escapes), and `Cow<[u8]>` borrows whenever it can.
//!
//! ```
//! # #[cfg(all(feature = "derive", feature = "json", feature = "msgpack"))] {
//! #[derive(fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
//! struct Blob {
//!     #[wire(with = "fastwire::with::bytes")]
//!     data: Vec<u8>,
//! }
//!
//! let blob = Blob { data: b"hi".to_vec() };
//! assert_eq!(fastwire::json::to_string(&blob), r#"{"data":[104,105]}"#);
//! assert_eq!(fastwire::msgpack::to_vec(&blob), b"\x81\xa4data\xc4\x02hi");
//! assert_eq!(fastwire::json::from_str::<Blob>(r#"{"data":"hi"}"#).unwrap(), blob);
//! # }
//! ```

use std::borrow::Cow;

mod sealed {
    /// Keeps the byte traits to the types `serde_bytes` covers.
    pub trait Sealed {}
}

/// A value [`bytes`](self) writes: `Vec<u8>`, `Box<[u8]>`, `[u8]`, `[u8; N]`, `Cow<[u8]>`, a
/// reference to one, or an `Option` of one.
#[diagnostic::on_unimplemented(
    message = "`fastwire::with::bytes` does not write a `{Self}`",
    label = "not a byte string",
    note = "it takes `Vec<u8>`, `Box<[u8]>`, `[u8; N]`, `&[u8]`, `Cow<[u8]>` and `Option`s of them"
)]
pub trait ByteSource: sealed::Sealed {
    /// The bytes, or `None` for an `Option`'s `None`.
    #[doc(hidden)]
    fn byte_source(&self) -> Option<&[u8]>;
}

/// A value [`bytes`](self) reads: `Vec<u8>`, `Box<[u8]>`, `[u8; N]`, `&[u8]`, `Cow<[u8]>`, or
/// an `Option` of one.
#[diagnostic::on_unimplemented(
    message = "`fastwire::with::bytes` does not read a `{Self}`",
    label = "not a byte string",
    note = "it takes `Vec<u8>`, `Box<[u8]>`, `[u8; N]`, `&[u8]`, `Cow<[u8]>` and `Option`s of them"
)]
pub trait ByteSink<'de>: Sized + sealed::Sealed {
    /// Reads the value from JSON.
    #[doc(hidden)]
    #[cfg(feature = "json")]
    fn decode_json(r: &mut crate::json::Reader<'de>) -> Result<Self, crate::json::Error>;

    /// Reads the value from MessagePack.
    #[doc(hidden)]
    #[cfg(feature = "msgpack")]
    fn decode_msgpack(r: &mut crate::msgpack::Reader<'de>) -> Result<Self, crate::msgpack::Error>;
}

/// Bytes as found in the input.
enum Found<'de, 'a> {
    /// Part of the input itself.
    Borrowed(&'de [u8]),
    /// Unescaped into the reader's scratch space.
    #[cfg_attr(not(feature = "json"), allow(dead_code))]
    Transient(&'a [u8]),
    /// Gathered from an array of integers.
    Owned(Vec<u8>),
}

impl Found<'_, '_> {
    fn as_slice(&self) -> &[u8] {
        match self {
            Found::Borrowed(bytes) => bytes,
            Found::Transient(bytes) => bytes,
            Found::Owned(bytes) => bytes,
        }
    }

    fn into_vec(self) -> Vec<u8> {
        match self {
            Found::Owned(bytes) => bytes,
            other => other.as_slice().to_vec(),
        }
    }
}

/// How a byte type takes what was found: `take` gives the value or the message of its
/// refusal; `arrays` is whether an array of integers is accepted at all.
trait Take<'de>: Sized {
    /// The words of the type's serde visitor in "invalid type" errors.
    const EXPECTED: &'static str;
    /// Whether an array of integers is read.
    const ARRAYS: bool = true;

    fn take(found: Found<'de, '_>) -> Result<Self, String>;
}

impl<'de> Take<'de> for Vec<u8> {
    const EXPECTED: &'static str = "byte array";

    fn take(found: Found<'de, '_>) -> Result<Self, String> {
        Ok(found.into_vec())
    }
}

impl<'de> Take<'de> for Box<[u8]> {
    const EXPECTED: &'static str = "a byte array";

    fn take(found: Found<'de, '_>) -> Result<Self, String> {
        Ok(found.into_vec().into_boxed_slice())
    }
}

impl<'de, const N: usize> Take<'de> for [u8; N] {
    const EXPECTED: &'static str = "a byte array of the array's length";

    fn take(found: Found<'de, '_>) -> Result<Self, String> {
        let bytes = found.as_slice();
        bytes.try_into().map_err(|_| {
            format!(
                "invalid length {}, expected a byte array of length {N}",
                bytes.len()
            )
        })
    }
}

impl<'de: 'a, 'a> Take<'de> for &'a [u8] {
    const EXPECTED: &'static str = "a borrowed byte array";
    const ARRAYS: bool = false;

    fn take(found: Found<'de, '_>) -> Result<Self, String> {
        match found {
            Found::Borrowed(bytes) => Ok(bytes),
            other => Err(format!(
                "invalid type: string {:?}, expected a borrowed byte array",
                String::from_utf8_lossy(other.as_slice())
            )),
        }
    }
}

impl<'de: 'a, 'a> Take<'de> for Cow<'a, [u8]> {
    const EXPECTED: &'static str = "a byte array";

    fn take(found: Found<'de, '_>) -> Result<Self, String> {
        Ok(match found {
            Found::Borrowed(bytes) => Cow::Borrowed(bytes),
            other => Cow::Owned(other.into_vec()),
        })
    }
}

/// Reads bytes from JSON for `T`: a string's bytes, or an array of integers 0..=255.
#[cfg(feature = "json")]
fn json_take<'de, T: Take<'de>>(r: &mut crate::json::Reader<'de>) -> Result<T, crate::json::Error> {
    use crate::json::{Decode, Str};
    let at = r.offset();
    let taken = match r.peek()? {
        b'"' => match r.decode_str()? {
            Str::Borrowed(text) => T::take(Found::Borrowed(text.as_bytes())),
            Str::Scratch(text) => T::take(Found::Transient(text.as_bytes())),
        },
        b'[' if T::ARRAYS => {
            r.begin_array(T::EXPECTED)?;
            let mut bytes = Vec::new();
            let mut first = true;
            while r.array_next(first)? {
                first = false;
                r.check_item(bytes.len())?;
                bytes.push(u8::decode(r)?);
            }
            T::take(Found::Owned(bytes))
        }
        _ => return Err(r.invalid_type(T::EXPECTED)),
    };
    taken.map_err(|message| r.custom_at(message, at))
}

/// Reads bytes from MessagePack for `T`: a `bin`'s or a string's bytes, or an array of
/// integers 0..=255.
#[cfg(feature = "msgpack")]
fn msgpack_take<'de, T: Take<'de>>(
    r: &mut crate::msgpack::Reader<'de>,
) -> Result<T, crate::msgpack::Error> {
    use crate::msgpack::Decode;
    let at = r.offset();
    let taken = if let Some(bytes) = r.try_bin_or_str()? {
        T::take(Found::Borrowed(bytes))
    } else if T::ARRAYS && matches!(r.peek()?, 0x90..=0x9F | 0xDC | 0xDD) {
        let len = r.begin_array(T::EXPECTED)?;
        // Each element takes a byte of input at least: the claim is bounded by the input.
        let mut bytes = Vec::with_capacity(len.min(r.remaining()));
        for _ in 0..len {
            bytes.push(u8::decode(r)?);
        }
        r.end_container();
        T::take(Found::Owned(bytes))
    } else {
        return Err(r.invalid_type(T::EXPECTED));
    };
    taken.map_err(|message| r.custom_at(message, at))
}

/// The methods of [`ByteSink`] for a type that reads through [`Take`].
macro_rules! take_methods {
    () => {
        #[cfg(feature = "json")]
        #[inline]
        fn decode_json(r: &mut crate::json::Reader<'de>) -> Result<Self, crate::json::Error> {
            json_take(r)
        }

        #[cfg(feature = "msgpack")]
        #[inline]
        fn decode_msgpack(
            r: &mut crate::msgpack::Reader<'de>,
        ) -> Result<Self, crate::msgpack::Error> {
            msgpack_take(r)
        }
    };
}

impl<'de> ByteSink<'de> for Vec<u8> {
    take_methods!();
}

impl<'de> ByteSink<'de> for Box<[u8]> {
    take_methods!();
}

impl<'de: 'a, 'a> ByteSink<'de> for &'a [u8] {
    take_methods!();
}

impl<'de: 'a, 'a> ByteSink<'de> for Cow<'a, [u8]> {
    take_methods!();
}

impl<'de, const N: usize> ByteSink<'de> for [u8; N] {
    take_methods!();
}

impl sealed::Sealed for Vec<u8> {}
impl sealed::Sealed for Box<[u8]> {}
impl sealed::Sealed for &[u8] {}
impl sealed::Sealed for Cow<'_, [u8]> {}
impl<const N: usize> sealed::Sealed for [u8; N] {}

impl sealed::Sealed for [u8] {}

impl<T: sealed::Sealed> sealed::Sealed for Option<T> {}

/// `null` / `nil` is `None` (as `serde_bytes` reads an `Option`), anything else the value.
impl<'de, T: ByteSink<'de>> ByteSink<'de> for Option<T> {
    #[cfg(feature = "json")]
    #[inline]
    fn decode_json(r: &mut crate::json::Reader<'de>) -> Result<Self, crate::json::Error> {
        if r.try_null()? {
            return Ok(None);
        }
        T::decode_json(r).map(Some)
    }

    #[cfg(feature = "msgpack")]
    #[inline]
    fn decode_msgpack(r: &mut crate::msgpack::Reader<'de>) -> Result<Self, crate::msgpack::Error> {
        if r.try_nil()? {
            return Ok(None);
        }
        T::decode_msgpack(r).map(Some)
    }
}

/// Implements [`ByteSource`] for types that are their bytes.
macro_rules! byte_sources {
    ($($ty:ty),* $(,)?) => {$(
        impl ByteSource for $ty {
            #[inline]
            fn byte_source(&self) -> Option<&[u8]> {
                Some(self.as_ref())
            }
        }
    )*};
}

byte_sources!([u8], Vec<u8>, Box<[u8]>, Cow<'_, [u8]>);

impl<const N: usize> ByteSource for [u8; N] {
    #[inline]
    fn byte_source(&self) -> Option<&[u8]> {
        Some(self)
    }
}

impl ByteSource for &[u8] {
    #[inline]
    fn byte_source(&self) -> Option<&[u8]> {
        Some(self)
    }
}

impl<T: ByteSource> ByteSource for Option<T> {
    #[inline]
    fn byte_source(&self) -> Option<&[u8]> {
        self.as_ref().and_then(ByteSource::byte_source)
    }
}

/// In JSON: an array of numbers.
#[cfg(feature = "json")]
pub mod json {
    use super::{ByteSink, ByteSource};
    use crate::json::{Encode, Error, Reader, Writer};

    /// Writes the bytes as an array of numbers (`null` for `None`).
    #[inline]
    pub fn encode<T: ?Sized + ByteSource, W: Writer>(value: &T, w: &mut W) {
        match value.byte_source() {
            Some(bytes) => bytes.encode(w),
            None => w.write_null(),
        }
    }

    /// Reads a string's bytes or an array of integers 0..=255 (`null` for `None`).
    #[inline]
    pub fn decode<'de, T: ByteSink<'de>>(r: &mut Reader<'de>) -> Result<T, Error> {
        T::decode_json(r)
    }
}

/// In MessagePack: a `bin`.
#[cfg(feature = "msgpack")]
pub mod msgpack {
    use super::{ByteSink, ByteSource};
    use crate::msgpack::{Error, Reader, Writer};

    /// Writes the bytes as a `bin` (`nil` for `None`).
    #[inline]
    pub fn encode<T: ?Sized + ByteSource, W: Writer>(value: &T, w: &mut W) {
        match value.byte_source() {
            Some(bytes) => w.write_bin(bytes),
            None => w.write_nil(),
        }
    }

    /// Reads a `bin`'s or a string's bytes, or an array of integers 0..=255 (`nil` for
    /// `None`).
    #[inline]
    pub fn decode<'de, T: ByteSink<'de>>(r: &mut Reader<'de>) -> Result<T, Error> {
        T::decode_msgpack(r)
    }
}
