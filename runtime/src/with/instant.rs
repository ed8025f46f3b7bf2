//! The types the instant modules ([`timestamp`](super::timestamp), [`rfc3339`](super::rfc3339))
//! take: [`Instant`], a point in time on its own, and [`OffsetInstant`], a point in time and the
//! UTC offset it is shown at.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

mod sealed {
    /// Keeps the instant traits to the types fastwire implements them for.
    pub trait Sealed {}
}

/// A point in time with no offset of its own: what the MessagePack timestamp extension holds.
///
/// Implemented for [`SystemTime`], [`msgpack::Timestamp`](crate::msgpack::Timestamp) and, with
/// their features, chrono's `DateTime<Utc>` and `DateTime<Local>` (read back at the offset the
/// process's time zone gives the instant, as chrono reads it), `time::UtcDateTime` and jiff's
/// `Timestamp`. Types that carry an offset of their own (chrono's `DateTime<FixedOffset>`,
/// `time::OffsetDateTime`) are not instants here, so that no module silently drops an offset:
/// write them as text with [`rfc3339`](super::rfc3339), which keeps it.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an instant without an offset of its own",
    label = "not an `Instant`",
    note = "`fastwire::with::timestamp` takes `SystemTime`, `msgpack::Timestamp`, chrono's `DateTime<Utc>` / `DateTime<Local>`, `time::UtcDateTime` and jiff's `Timestamp`; write a value with an offset with `fastwire::with::rfc3339::*`, which keeps it"
)]
pub trait Instant: Sized + sealed::Sealed {
    /// Seconds since 1970-01-01T00:00:00Z and nanoseconds (0..=999,999,999); `None` when the
    /// seconds do not fit an `i64`. A leap second (chrono's) counts as the second after it.
    #[doc(hidden)]
    fn to_unix(&self) -> Option<(i64, u32)>;

    /// The value at an instant; `None` when the type cannot hold it.
    #[doc(hidden)]
    fn from_unix(seconds: i64, nanoseconds: u32) -> Option<Self>;
}

/// A point in time and the UTC offset it is shown at (zero for a type with none): what an
/// RFC 3339 text holds.
///
/// Implemented for every [`Instant`] (shown in UTC; chrono's `DateTime<Local>` at its own
/// offset) and for chrono's `DateTime<FixedOffset>` and `time::OffsetDateTime`, which keep the
/// offset they are read with.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an instant that `fastwire::with::rfc3339` writes",
    label = "not an `OffsetInstant`",
    note = "`fastwire::with::rfc3339::*` takes `SystemTime`, `msgpack::Timestamp`, chrono's `DateTime<Tz>`, `time::OffsetDateTime` / `UtcDateTime` and jiff's `Timestamp`; an `Option` takes the module's `option` submodule"
)]
pub trait OffsetInstant: Sized + sealed::Sealed {
    /// Seconds since 1970-01-01T00:00:00Z, nanoseconds (1,000,000,000 or more for chrono's
    /// leap second, shown as `:60`) and the offset in seconds east of UTC; `None` when the
    /// seconds do not fit an `i64`.
    #[doc(hidden)]
    fn to_parts(&self) -> Option<(i64, u32, i32)>;

    /// The value at an instant read with `offset`; `leap_second` when the text's seconds
    /// read 60 (`seconds` is then the second after `:59`). `None` when the type cannot hold
    /// it.
    #[doc(hidden)]
    fn from_parts(seconds: i64, nanoseconds: u32, offset: i32, leap_second: bool) -> Option<Self>;
}

/// Implements [`OffsetInstant`] for an [`Instant`] shown in UTC.
macro_rules! utc_offset_instant {
    ($($ty:ty),* $(,)?) => {$(
        impl OffsetInstant for $ty {
            #[inline]
            fn to_parts(&self) -> Option<(i64, u32, i32)> {
                let (seconds, nanoseconds) = Instant::to_unix(self)?;
                Some((seconds, nanoseconds, 0))
            }

            #[inline]
            fn from_parts(seconds: i64, nanoseconds: u32, _: i32, _: bool) -> Option<Self> {
                Instant::from_unix(seconds, nanoseconds)
            }
        }
    )*};
}

impl sealed::Sealed for SystemTime {}

impl Instant for SystemTime {
    #[inline]
    fn to_unix(&self) -> Option<(i64, u32)> {
        match self.duration_since(UNIX_EPOCH) {
            Ok(after) => Some((i64::try_from(after.as_secs()).ok()?, after.subsec_nanos())),
            Err(before) => {
                let before = before.duration();
                let seconds = i64::try_from(before.as_secs()).ok()?;
                Some(match before.subsec_nanos() {
                    0 => (seconds.checked_neg()?, 0),
                    nanos => ((-seconds).checked_sub(1)?, 1_000_000_000 - nanos),
                })
            }
        }
    }

    #[inline]
    fn from_unix(seconds: i64, nanoseconds: u32) -> Option<Self> {
        if seconds >= 0 {
            UNIX_EPOCH.checked_add(Duration::new(seconds as u64, nanoseconds))
        } else {
            UNIX_EPOCH
                .checked_sub(Duration::from_secs(seconds.unsigned_abs()))?
                .checked_add(Duration::from_nanos(u64::from(nanoseconds)))
        }
    }
}

#[cfg(feature = "msgpack")]
impl sealed::Sealed for crate::msgpack::Timestamp {}

#[cfg(feature = "msgpack")]
impl Instant for crate::msgpack::Timestamp {
    #[inline]
    fn to_unix(&self) -> Option<(i64, u32)> {
        Some((self.seconds(), self.nanoseconds()))
    }

    #[inline]
    fn from_unix(seconds: i64, nanoseconds: u32) -> Option<Self> {
        Self::new(seconds, nanoseconds)
    }
}

#[cfg(feature = "msgpack")]
utc_offset_instant!(crate::msgpack::Timestamp);
utc_offset_instant!(SystemTime);

#[cfg(feature = "chrono")]
mod chrono_impls {
    use ::chrono::{DateTime, FixedOffset, Local, Offset, TimeZone, Utc};

    use super::{sealed, Instant, OffsetInstant};

    /// Unix seconds and nanoseconds of a chrono instant, its leap second folded into the
    /// second after it.
    #[inline]
    fn unix<Tz: TimeZone>(dt: &DateTime<Tz>) -> (i64, u32) {
        let (seconds, nanoseconds) = (dt.timestamp(), dt.timestamp_subsec_nanos());
        if nanoseconds >= 1_000_000_000 {
            (seconds + 1, nanoseconds - 1_000_000_000)
        } else {
            (seconds, nanoseconds)
        }
    }

    /// The UTC instant of parts read from text: chrono's leap second where the text had one
    /// and chrono holds it, otherwise the instant as counted.
    #[inline]
    fn utc_from_parts(seconds: i64, nanoseconds: u32, leap_second: bool) -> Option<DateTime<Utc>> {
        if leap_second {
            if let Some(dt) = DateTime::from_timestamp(seconds - 1, nanoseconds + 1_000_000_000) {
                return Some(dt);
            }
        }
        DateTime::from_timestamp(seconds, nanoseconds)
    }

    impl sealed::Sealed for DateTime<Utc> {}
    impl sealed::Sealed for DateTime<Local> {}
    impl sealed::Sealed for DateTime<FixedOffset> {}

    impl Instant for DateTime<Utc> {
        #[inline]
        fn to_unix(&self) -> Option<(i64, u32)> {
            Some(unix(self))
        }

        #[inline]
        fn from_unix(seconds: i64, nanoseconds: u32) -> Option<Self> {
            DateTime::from_timestamp(seconds, nanoseconds)
        }
    }

    impl Instant for DateTime<Local> {
        #[inline]
        fn to_unix(&self) -> Option<(i64, u32)> {
            Some(unix(self))
        }

        #[inline]
        fn from_unix(seconds: i64, nanoseconds: u32) -> Option<Self> {
            DateTime::from_timestamp(seconds, nanoseconds).map(|dt| dt.with_timezone(&Local))
        }
    }

    impl OffsetInstant for DateTime<Utc> {
        #[inline]
        fn to_parts(&self) -> Option<(i64, u32, i32)> {
            Some((self.timestamp(), self.timestamp_subsec_nanos(), 0))
        }

        #[inline]
        fn from_parts(seconds: i64, nanoseconds: u32, _: i32, leap_second: bool) -> Option<Self> {
            utc_from_parts(seconds, nanoseconds, leap_second)
        }
    }

    impl OffsetInstant for DateTime<Local> {
        #[inline]
        fn to_parts(&self) -> Option<(i64, u32, i32)> {
            let offset = self.offset().fix().local_minus_utc();
            Some((self.timestamp(), self.timestamp_subsec_nanos(), offset))
        }

        #[inline]
        fn from_parts(seconds: i64, nanoseconds: u32, _: i32, leap_second: bool) -> Option<Self> {
            utc_from_parts(seconds, nanoseconds, leap_second).map(|dt| dt.with_timezone(&Local))
        }
    }

    impl OffsetInstant for DateTime<FixedOffset> {
        #[inline]
        fn to_parts(&self) -> Option<(i64, u32, i32)> {
            let offset = self.offset().local_minus_utc();
            Some((self.timestamp(), self.timestamp_subsec_nanos(), offset))
        }

        #[inline]
        fn from_parts(
            seconds: i64,
            nanoseconds: u32,
            offset: i32,
            leap_second: bool,
        ) -> Option<Self> {
            let offset = FixedOffset::east_opt(offset)?;
            utc_from_parts(seconds, nanoseconds, leap_second).map(|dt| dt.with_timezone(&offset))
        }
    }
}

#[cfg(feature = "jiff")]
mod jiff_impls {
    use ::jiff::Timestamp;

    use super::{sealed, Instant, OffsetInstant};

    impl sealed::Sealed for Timestamp {}

    impl Instant for Timestamp {
        #[inline]
        fn to_unix(&self) -> Option<(i64, u32)> {
            let (seconds, nanoseconds) = (self.as_second(), self.subsec_nanosecond());
            // Before 1970 jiff counts the fraction below zero; the extension counts it up
            // from the second before.
            Some(if nanoseconds < 0 {
                (seconds - 1, (nanoseconds + 1_000_000_000) as u32)
            } else {
                (seconds, nanoseconds as u32)
            })
        }

        #[inline]
        fn from_unix(seconds: i64, nanoseconds: u32) -> Option<Self> {
            Timestamp::new(seconds, i32::try_from(nanoseconds).ok()?).ok()
        }
    }

    utc_offset_instant!(Timestamp);
}

#[cfg(feature = "time")]
mod time_impls {
    use ::time::{OffsetDateTime, UtcDateTime, UtcOffset};

    use super::{sealed, Instant, OffsetInstant};

    impl sealed::Sealed for UtcDateTime {}
    impl sealed::Sealed for OffsetDateTime {}

    impl Instant for UtcDateTime {
        #[inline]
        fn to_unix(&self) -> Option<(i64, u32)> {
            Some((self.unix_timestamp(), self.nanosecond()))
        }

        #[inline]
        fn from_unix(seconds: i64, nanoseconds: u32) -> Option<Self> {
            UtcDateTime::from_unix_timestamp(seconds)
                .ok()?
                .replace_nanosecond(nanoseconds)
                .ok()
        }
    }

    utc_offset_instant!(UtcDateTime);

    impl OffsetInstant for OffsetDateTime {
        #[inline]
        fn to_parts(&self) -> Option<(i64, u32, i32)> {
            Some((
                self.unix_timestamp(),
                self.nanosecond(),
                self.offset().whole_seconds(),
            ))
        }

        /// The instant at the offset read (`time` has no leap seconds: `:60` is the second
        /// after `:59`).
        #[inline]
        fn from_parts(seconds: i64, nanoseconds: u32, offset: i32, _: bool) -> Option<Self> {
            let offset = UtcOffset::from_whole_seconds(offset).ok()?;
            OffsetDateTime::from_unix_timestamp(seconds)
                .ok()?
                .replace_nanosecond(nanoseconds)
                .ok()?
                .checked_to_offset(offset)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn system_time_counts_both_sides_of_the_epoch() {
        for (seconds, nanoseconds) in [(0, 0), (1, 5), (-1, 0), (-1, 999_999_999), (-2, 1)] {
            let time = SystemTime::from_unix(seconds, nanoseconds).unwrap();
            assert_eq!(time.to_unix(), Some((seconds, nanoseconds)));
        }
        let before = UNIX_EPOCH - Duration::from_millis(1500);
        assert_eq!(before.to_unix(), Some((-2, 500_000_000)));
    }
}
