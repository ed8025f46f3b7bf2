//! An [`Instant`] as MessagePack's timestamp extension (type -1, in the smallest of its three
//! forms, as [`msgpack::Timestamp`](crate::msgpack::Timestamp) writes it); in JSON, the type's
//! own encoding, unchanged. [`option`] does the same for an `Option` of an instant, `None`
//! being `nil` (`null`).
//!
//! Reading in MessagePack takes the extension only, in any of its forms and headers; an
//! instant the field's type cannot hold is an error at the extension's first byte. Python's
//! `msgpack` reads the extension as its `Timestamp` (or a `datetime`, with `timestamp=3`), and
//! writes it from them.
//!
//! ```
//! # #[cfg(all(feature = "derive", feature = "json", feature = "msgpack"))] {
//! use std::time::{Duration, SystemTime};
//!
//! #[derive(fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
//! struct Reading {
//!     #[wire(with = "fastwire::with::timestamp")]
//!     at: SystemTime,
//!     #[wire(with = "fastwire::with::timestamp::option")]
//!     checked: Option<SystemTime>,
//! }
//!
//! let reading = Reading {
//!     at: SystemTime::UNIX_EPOCH + Duration::from_secs(1_700_000_000),
//!     checked: None,
//! };
//! let bytes = fastwire::msgpack::to_vec(&reading);
//! // {"at": timestamp 32, "checked": nil}
//! assert_eq!(bytes, b"\x82\xa2at\xd6\xff\x65\x53\xf1\x00\xa7checked\xc0");
//! assert_eq!(fastwire::msgpack::from_slice::<Reading>(&bytes).unwrap(), reading);
//! # }
//! ```

use super::Instant;
use crate::msgpack::Timestamp;

/// The extension of an instant, or the message for one beyond its range.
#[inline]
fn timestamp_of<T: Instant>(value: &T) -> Result<Timestamp, &'static str> {
    value
        .to_unix()
        .and_then(|(seconds, nanoseconds)| Timestamp::new(seconds, nanoseconds))
        .ok_or("instant out of range for a MessagePack timestamp")
}

/// Reads the extension into `T` (the message names `T`'s range when it cannot hold it).
#[inline]
fn read<T: Instant>(r: &mut crate::msgpack::Reader<'_>) -> Result<T, crate::msgpack::Error> {
    let at = r.offset();
    let t: Timestamp = crate::msgpack::Decode::decode(r)?;
    T::from_unix(t.seconds(), t.nanoseconds()).ok_or_else(|| {
        r.custom_at(
            format_args!(
                "timestamp {t} out of range for {}",
                std::any::type_name::<T>()
            ),
            at,
        )
    })
}

/// In JSON: the type's own encoding.
#[cfg(feature = "json")]
pub mod json {
    use crate::json::{Decode, Encode, Error, Reader, Writer};

    use super::Instant;

    /// Writes `value` as its [`Encode`] impl does.
    #[inline]
    pub fn encode<T: Instant + Encode, W: Writer>(value: &T, w: &mut W) {
        value.encode(w);
    }

    /// Reads the value as its [`Decode`] impl does.
    #[inline]
    pub fn decode<'de, T: Instant + Decode<'de>>(r: &mut Reader<'de>) -> Result<T, Error> {
        T::decode(r)
    }
}

/// In MessagePack: the timestamp extension.
pub mod msgpack {
    use crate::msgpack::{Error, Reader, Writer};

    use super::Instant;

    /// Writes the extension in its smallest form; an instant beyond the extension's range
    /// (seconds outside an `i64`) is recorded as the writer's error (see [`Writer::fail`]).
    #[inline]
    pub fn encode<T: Instant, W: Writer>(value: &T, w: &mut W) {
        match super::timestamp_of(value) {
            Ok(t) => crate::msgpack::Encode::encode(&t, w),
            Err(message) => w.fail(message),
        }
    }

    /// Reads the extension.
    #[inline]
    pub fn decode<T: Instant>(r: &mut Reader<'_>) -> Result<T, Error> {
        super::read(r)
    }
}

/// An `Option` of an instant: `Some` as [`timestamp`](super::timestamp) writes the instant,
/// `None` as `nil` in MessagePack and as the `Option`'s own encoding (`null`) in JSON.
pub mod option {
    /// In JSON: the `Option`'s own encoding.
    #[cfg(feature = "json")]
    pub mod json {
        use crate::json::{Decode, Encode, Error, Reader, Writer};

        use crate::with::Instant;

        /// Writes `value` as its [`Encode`] impl does.
        #[inline]
        pub fn encode<T: Instant, W: Writer>(value: &Option<T>, w: &mut W)
        where
            Option<T>: Encode,
        {
            value.encode(w);
        }

        /// Reads the value as its [`Decode`] impl does.
        #[inline]
        pub fn decode<'de, T: Instant>(r: &mut Reader<'de>) -> Result<Option<T>, Error>
        where
            Option<T>: Decode<'de>,
        {
            Option::<T>::decode(r)
        }
    }

    /// In MessagePack: the timestamp extension, or `nil`.
    pub mod msgpack {
        use crate::msgpack::{Error, Reader, Writer};

        use crate::with::Instant;

        /// Writes `Some` as the extension, `None` as `nil`.
        #[inline]
        pub fn encode<T: Instant, W: Writer>(value: &Option<T>, w: &mut W) {
            match value {
                Some(value) => super::super::msgpack::encode(value, w),
                None => w.write_nil(),
            }
        }

        /// Reads `nil` as `None`, the extension as `Some`.
        #[inline]
        pub fn decode<T: Instant>(r: &mut Reader<'_>) -> Result<Option<T>, Error> {
            if r.try_nil()? {
                return Ok(None);
            }
            super::super::read(r).map(Some)
        }
    }
}
