//! The bridge for MessagePack: rmp-serde writing into fastwire's [`msgpack::Writer`], and
//! reading the exact bytes of one value from fastwire's [`msgpack::Reader`].

use std::io;

use serde::{Deserialize, Serialize};

use super::{missing, BridgeError, Serde};
use crate::msgpack;

/// Writes `value` into `w` as `rmp_serde::to_vec_named` writes it (structs as maps keyed by
/// field name), byte for byte.
///
/// The bytes go straight into the writer's buffer as rmp-serde produces them. On an error
/// (from the `Serialize` impl, or rmp-serde's own), what was written before it stays in the
/// writer; discard the output.
///
/// fastwire hands out writers to [`msgpack::Encode`] impls, which record the error with
/// [`fail`](msgpack::Writer::fail) (as [`Serde`] does):
///
/// ```
/// use std::time::Duration;
/// use fastwire::bridge;
/// use fastwire::msgpack::{self, Writer};
///
/// /// A timeout, written as serde writes a `Duration`.
/// struct Timeout(Duration);
///
/// impl msgpack::Encode for Timeout {
///     fn encode<W: Writer>(&self, w: &mut W) {
///         if let Err(err) = bridge::encode_msgpack(&self.0, w) {
///             w.fail(err);
///         }
///     }
/// }
///
/// let duration = Duration::from_millis(1500);
/// assert_eq!(msgpack::to_vec(&Timeout(duration)), rmp_serde::to_vec_named(&duration).unwrap());
/// ```
pub fn encode_msgpack<T: Serialize + ?Sized, W: msgpack::Writer>(
    value: &T,
    w: &mut W,
) -> Result<(), BridgeError> {
    rmp_serde::encode::write_named(&mut MsgpackSink(w), value).map_err(BridgeError::new)
}

/// The `io::Write` rmp-serde writes into: bytes go straight to the fastwire writer (long runs,
/// such as the body of a big string, past a streaming writer's buffer).
struct MsgpackSink<'w, W>(&'w mut W);

impl<W: msgpack::Writer> io::Write for MsgpackSink<'_, W> {
    #[inline]
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.write_long(bytes);
        Ok(bytes.len())
    }

    #[inline]
    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.0.write_long(bytes);
        Ok(())
    }

    #[inline]
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Reads the next value as `rmp_serde::from_slice` reads a `T` from its bytes, borrowing
/// from the input where `T` borrows.
///
/// The value is first read past as [`msgpack::Reader::raw_value`] reads it (markers, lengths
/// and UTF-8 checked), then its exact bytes go to rmp-serde. rmp-serde's error becomes
/// fastwire's, at the value's first byte (rmp-serde does not say where inside it failed),
/// with rmp-serde's message and category. Inside the value the nesting limit is rmp-serde's
/// own (1024 levels from the value).
///
/// ```
/// use fastwire::{bridge, msgpack};
///
/// /// A range, read with serde (fastwire does not implement `Decode` for it).
/// #[derive(Debug)]
/// struct Extent(std::ops::Range<u32>);
///
/// impl<'de> msgpack::Decode<'de> for Extent {
///     fn decode(r: &mut msgpack::Reader<'de>) -> Result<Self, msgpack::Error> {
///         bridge::decode_msgpack(r).map(Extent)
///     }
/// }
///
/// let bytes = rmp_serde::to_vec_named(&vec![1u32..4]).unwrap();
/// let extents: Vec<Extent> = msgpack::from_slice(&bytes).unwrap();
/// assert_eq!(extents[0].0, 1..4);
///
/// // [{"start": 1, "end": true}]
/// let err = msgpack::from_slice::<Vec<Extent>>(b"\x91\x82\xa5start\x01\xa3end\xc3").unwrap_err();
/// assert_eq!(err.to_string(), "invalid type: boolean `true`, expected u32 at [0] (byte 1)");
/// assert!(err.is_data());
/// ```
pub fn decode_msgpack<'de, T: Deserialize<'de>>(
    r: &mut msgpack::Reader<'de>,
) -> Result<T, msgpack::Error> {
    let start = r.offset();
    let raw = r.raw_value()?;
    rmp_serde::from_slice(raw).map_err(|err| r.rmp_serde_error(&err, start))
}

/// Reads the next `len` values of an open array as `rmp_serde::from_slice` reads a `T` from an
/// array of them: the content of an internally tagged variant in rmp-serde's compact layout
/// (`[tag, field, ...]`), read by a serde function, is given the fields after the tag as one
/// array, as serde gives it. Generated code calls it; errors are at the first value's byte.
#[doc(hidden)]
pub fn decode_msgpack_rest_of_seq<T: serde::de::DeserializeOwned>(
    r: &mut msgpack::Reader<'_>,
    len: usize,
) -> Result<T, msgpack::Error> {
    let start = r.offset();
    let rest = r.raw_values(len)?;
    let mut framed = Vec::with_capacity(rest.len() + 5);
    // The array's header, in the smallest form (the values read past fit in memory, so
    // their count fits in 32 bits on every platform fastwire reads such input on).
    match u32::try_from(len) {
        Ok(n @ 0..=15) => framed.push(0x90 | n as u8),
        Ok(n @ 16..=0xFFFF) => {
            framed.push(0xDC);
            framed.extend_from_slice(&(n as u16).to_be_bytes());
        }
        Ok(n) => {
            framed.push(0xDD);
            framed.extend_from_slice(&n.to_be_bytes());
        }
        Err(_) => return Err(r.custom_at("array too long", start)),
    }
    framed.extend_from_slice(rest);
    rmp_serde::from_slice(&framed).map_err(|err| r.rmp_serde_error(&err, start))
}

/// Writes through [`encode_msgpack`]; its error is recorded with
/// [`fail`](msgpack::Writer::fail).
impl<T: Serialize> msgpack::Encode for Serde<T> {
    #[inline]
    fn encode<W: msgpack::Writer>(&self, w: &mut W) {
        if let Err(err) = encode_msgpack(&self.0, w) {
            w.fail(err);
        }
    }
}

/// Reads through [`decode_msgpack`].
impl<'de, T: Deserialize<'de>> msgpack::Decode<'de> for Serde<T> {
    #[inline]
    fn decode(r: &mut msgpack::Reader<'de>) -> Result<Self, msgpack::Error> {
        decode_msgpack(r).map(Serde)
    }

    #[inline]
    fn missing() -> Option<Self> {
        missing().map(Serde)
    }
}
