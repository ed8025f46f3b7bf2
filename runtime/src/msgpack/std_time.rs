//! `Duration` and `SystemTime`, written and read as rmp-serde writes and reads them through
//! serde's impls: the structs `{"secs": u64, "nanos": u32}` and
//! `{"secs_since_epoch": u64, "nanos_since_epoch": u32}` (the time since the Unix epoch), as
//! maps keyed by field name; read from a map, an array of the two fields or a `bin`, as
//! rmp-serde reads a struct.
//!
//! This is serde's encoding, not MessagePack's timestamp extension: for that, convert to a
//! [`Timestamp`](super::Timestamp). As in serde, `nanos` may be a second or more (it carries
//! into the seconds), a total that overflows is refused, and so is a `SystemTime` the platform
//! cannot hold; a `SystemTime` before the epoch cannot be encoded (see [`Writer::fail`]).

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use super::wrappers::{decode_pair, Shape};
use super::writer::Slot;
use super::{Decode, Encode, Error, Reader, Writer};

/// A map header, `secs` and a `u64`, `nanos` and a `u32` (given a `u64`'s room, which the
/// slot's writer of integers checks for).
const DURATION_MAX: usize = 1 + 5 + 9 + 6 + 9;

impl Encode for Duration {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        w.write_bounded(DURATION_MAX, |slot| self.encode_bounded(slot));
    }

    #[inline]
    fn size_hint(&self) -> usize {
        DURATION_MAX
    }

    const MAX_SIZE: Option<usize> = Some(DURATION_MAX);

    #[inline]
    fn encode_bounded(&self, slot: &mut Slot<'_>) {
        slot.put(b"\x82\xa4secs");
        slot.put_u64(self.as_secs());
        slot.put(b"\xa5nanos");
        slot.put_u64(u64::from(self.subsec_nanos()));
    }
}

/// A map header, both keys (16 and 17 bytes), a `u64` and a `u32` (given a `u64`'s room).
const SYSTEM_TIME_MAX: usize = 1 + 17 + 9 + 18 + 9;

/// What serde says when a `SystemTime` before the epoch is serialized.
const BEFORE_EPOCH: &str = "SystemTime must be later than UNIX_EPOCH";

/// The time since the epoch; a time before it fails (see [`Writer::fail`]), as serde refuses
/// it (`nil` stands in its place).
impl Encode for SystemTime {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        let Ok(since) = self.duration_since(UNIX_EPOCH) else {
            w.fail(BEFORE_EPOCH);
            w.write_nil();
            return;
        };
        w.write_bounded(SYSTEM_TIME_MAX, |slot| {
            slot.put(b"\x82\xb0secs_since_epoch");
            slot.put_u64(since.as_secs());
            slot.put(b"\xb1nanos_since_epoch");
            slot.put_u64(u64::from(since.subsec_nanos()));
        });
    }

    #[inline]
    fn size_hint(&self) -> usize {
        SYSTEM_TIME_MAX
    }
}

const DURATION: Shape = Shape {
    expecting: "struct Duration",
    fields: &["secs", "nanos"],
    identifier: "`secs` or `nanos`",
};

const SYSTEM_TIME: Shape = Shape {
    expecting: "struct SystemTime",
    fields: &["secs_since_epoch", "nanos_since_epoch"],
    identifier: "`secs_since_epoch` or `nanos_since_epoch`",
};

/// `secs` plus `nanos` as `Duration::new` adds them, or `None` when the seconds overflow.
#[inline]
fn checked_duration(secs: u64, nanos: u32) -> Option<Duration> {
    secs.checked_add(u64::from(nanos / 1_000_000_000))?;
    Some(Duration::new(secs, nanos))
}

/// A map with `secs` and `nanos` (each exactly once, by name, no other key), or an array (or
/// `bin`) of the two, as serde's visitor reads them.
impl<'de> Decode<'de> for Duration {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        let (secs, nanos) = decode_pair::<u64, u32>(r, &DURATION)?;
        checked_duration(secs, nanos).ok_or_else(|| r.custom("overflow deserializing Duration"))
    }
}

/// A map with `secs_since_epoch` and `nanos_since_epoch`, or an array (or `bin`) of the two,
/// as serde's visitor reads them.
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
