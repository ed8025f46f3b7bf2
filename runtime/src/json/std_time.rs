//! `Duration` and `SystemTime`, written and read as serde writes and reads them: the structs
//! `{"secs": u64, "nanos": u32}` and `{"secs_since_epoch": u64, "nanos_since_epoch": u32}`
//! (the time since the Unix epoch), read from an object or an array of the two fields.
//!
//! As in serde, `nanos` may be a second or more (it carries into the seconds), a total that
//! overflows is refused, and so is a `SystemTime` the platform cannot hold; a `SystemTime`
//! before the epoch cannot be encoded (see [`Writer::fail`]).

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use super::wrappers::{decode_pair, Shape};
use super::{Decode, Encode, Error, Reader, Writer};

impl Encode for Duration {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        w.field_open("{\"secs\":");
        w.write_u64(self.as_secs());
        w.field(",\"nanos\":");
        w.write_u64(u64::from(self.subsec_nanos()));
        w.end_object(true);
    }

    #[inline]
    fn size_hint(&self) -> usize {
        40
    }
}

/// What serde says when a `SystemTime` before the epoch is serialized.
const BEFORE_EPOCH: &str = "SystemTime must be later than UNIX_EPOCH";

/// The time since the epoch; a time before it fails (see [`Writer::fail`]), as serde refuses
/// it (`null` stands in its place).
impl Encode for SystemTime {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        let Ok(since) = self.duration_since(UNIX_EPOCH) else {
            w.fail(BEFORE_EPOCH);
            w.write_null();
            return;
        };
        w.field_open("{\"secs_since_epoch\":");
        w.write_u64(since.as_secs());
        w.field(",\"nanos_since_epoch\":");
        w.write_u64(u64::from(since.subsec_nanos()));
        w.end_object(true);
    }

    #[inline]
    fn size_hint(&self) -> usize {
        64
    }
}

const DURATION: Shape = Shape {
    expecting: "struct Duration",
    fields: &["secs", "nanos"],
};

const SYSTEM_TIME: Shape = Shape {
    expecting: "struct SystemTime",
    fields: &["secs_since_epoch", "nanos_since_epoch"],
};

/// `secs` plus `nanos` as `Duration::new` adds them, or `None` when the seconds overflow.
#[inline]
fn checked_duration(secs: u64, nanos: u32) -> Option<Duration> {
    secs.checked_add(u64::from(nanos / 1_000_000_000))?;
    Some(Duration::new(secs, nanos))
}

/// An object with `secs` and `nanos` (each exactly once, no other key), or an array of the
/// two, as serde's visitor reads them.
impl<'de> Decode<'de> for Duration {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        let (secs, nanos) = decode_pair::<u64, u32>(r, &DURATION)?;
        checked_duration(secs, nanos).ok_or_else(|| r.custom("overflow deserializing Duration"))
    }
}

/// An object with `secs_since_epoch` and `nanos_since_epoch`, or an array of the two, as
/// serde's visitor reads them.
impl<'de> Decode<'de> for SystemTime {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        let (secs, nanos) = decode_pair::<u64, u32>(r, &SYSTEM_TIME)?;
        let since = checked_duration(secs, nanos)
            .ok_or_else(|| r.custom("overflow deserializing SystemTime epoch offset"))?;
        UNIX_EPOCH
            .checked_add(since)
            .ok_or_else(|| r.custom("overflow deserializing SystemTime"))
    }
}
