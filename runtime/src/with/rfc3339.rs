//! An [`OffsetInstant`] as RFC 3339 text with a fixed number of fraction digits, in both
//! formats (a JSON string, a MessagePack `str`): [`seconds`] (none), [`millis`] (3),
//! [`micros`] (6) and [`nanos`] (9), byte for byte what chrono's
//! `to_rfc3339_opts(SecondsFormat::Secs | Millis | Micros | Nanos, true)` writes. The
//! fraction is truncated, never rounded (an instant is never moved into the next second); the
//! date-time is shown at the value's own offset (`Z` for UTC, `+05:30`, ...), and years outside
//! 0000..=9999 carry a sign. Each module has an `option` module for an `Option` of the value,
//! `None` being `null` (`nil`).
//!
//! Reading takes any RFC 3339 date-time, whatever its number of fraction digits (up to nine
//! are kept), with `T`/`t`/space between date and time and `Z`/`z` or a numeric offset: a
//! type with an offset keeps the one read, a UTC type takes the instant. Anything else is an
//! error that says what is wrong (`invalid date-time "2024-02-30T00:00:00Z": day out of range`)
//! at the string's first byte.
//!
//! ```
//! # #[cfg(all(feature = "derive", feature = "json", feature = "msgpack"))] {
//! use std::time::{Duration, SystemTime};
//!
//! #[derive(fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
//! struct Event {
//!     #[wire(with = "fastwire::with::rfc3339::millis")]
//!     at: SystemTime,
//!     #[wire(with = "fastwire::with::rfc3339::seconds::option")]
//!     until: Option<SystemTime>,
//! }
//!
//! let event = Event {
//!     at: SystemTime::UNIX_EPOCH + Duration::from_millis(1_700_000_000_120),
//!     until: Some(SystemTime::UNIX_EPOCH + Duration::from_secs(1_700_003_600)),
//! };
//! let text = fastwire::json::to_string(&event);
//! assert_eq!(
//!     text,
//!     r#"{"at":"2023-11-14T22:13:20.120Z","until":"2023-11-14T23:13:20Z"}"#
//! );
//! assert_eq!(fastwire::json::from_str::<Event>(&text).unwrap(), event);
//! # }
//! ```

use super::OffsetInstant;
use crate::time::{self, civil_from_days, split_days, TimeText};

/// What the readers expect, in "invalid type" errors.
const EXPECTED: &str = "an RFC 3339 date-time";

/// The text of `value` with `digits` fraction digits, or the message for an instant beyond
/// the text's range.
#[inline]
fn text_of<T: OffsetInstant>(value: &T, digits: u8) -> Result<TimeText, &'static str> {
    const OUT_OF_RANGE: &str = "instant out of range for an RFC 3339 text";
    let (seconds, nanoseconds, offset) = value.to_parts().ok_or(OUT_OF_RANGE)?;
    let (nanoseconds, leap) = if nanoseconds >= 1_000_000_000 {
        (nanoseconds.min(1_999_999_999) - 1_000_000_000, 1)
    } else {
        (nanoseconds, 0)
    };
    let local = seconds.checked_add(i64::from(offset)).ok_or(OUT_OF_RANGE)?;
    let (days, second_of_day) = split_days(local);
    let (year, month, day) = civil_from_days(days);
    let mut text = TimeText::new();
    text.date(year, month, day);
    text.push(b'T');
    text.time(
        second_of_day / 3600,
        second_of_day / 60 % 60,
        second_of_day % 60 + leap,
        0,
    );
    text.fixed_fraction(nanoseconds, digits);
    text.offset(offset, true);
    Ok(text)
}

/// Reads `T` from RFC 3339 text, or gives the message saying what is wrong with it.
#[inline]
fn parse<T: OffsetInstant>(text: &str) -> Result<T, String> {
    let read = time::parse_date_time(text)
        .map_err(|error| format!("invalid date-time {text:?}: {error}"))?;
    T::from_parts(
        read.seconds,
        read.nanoseconds,
        read.offset,
        read.leap_second,
    )
    .ok_or_else(|| {
        format!(
            "invalid date-time {text:?}: out of range for {}",
            std::any::type_name::<T>()
        )
    })
}

/// The functions of one fraction width in both formats, and their `option` module.
macro_rules! rfc3339_module {
    ($(#[$doc:meta])* $name:ident, $digits:literal) => {
        $(#[$doc])*
        pub mod $name {
            /// In JSON: a string.
            #[cfg(feature = "json")]
            pub mod json {
                use crate::json::{Error, Reader, Writer};
                use crate::with::OffsetInstant;

                /// Writes the text as a JSON string; an instant beyond the text's range is
                /// recorded as the writer's error (see [`Writer::fail`]).
                #[inline]
                pub fn encode<T: OffsetInstant, W: Writer>(value: &T, w: &mut W) {
                    match super::super::text_of(value, $digits) {
                        Ok(text) => crate::text_value::json_write_ascii(w, text.as_bytes()),
                        Err(message) => w.fail(message),
                    }
                }

                /// Reads the text from a JSON string.
                #[inline]
                pub fn decode<T: OffsetInstant>(r: &mut Reader<'_>) -> Result<T, Error> {
                    crate::text_value::json_read_text(r, super::super::EXPECTED, super::super::parse)
                }
            }

            /// In MessagePack: a `str`.
            #[cfg(feature = "msgpack")]
            pub mod msgpack {
                use crate::msgpack::{Error, Reader, Writer};
                use crate::with::OffsetInstant;

                /// Writes the text as a MessagePack `str`; an instant beyond the text's range
                /// is recorded as the writer's error (see [`Writer::fail`]).
                #[inline]
                pub fn encode<T: OffsetInstant, W: Writer>(value: &T, w: &mut W) {
                    match super::super::text_of(value, $digits) {
                        // A `str` header and ASCII text: valid MessagePack as it is.
                        Ok(mut text) => w.write_raw(text.as_msgpack_str()),
                        Err(message) => w.fail(message),
                    }
                }

                /// Reads the text from a MessagePack `str`.
                #[inline]
                pub fn decode<T: OffsetInstant>(r: &mut Reader<'_>) -> Result<T, Error> {
                    crate::text_value::msgpack_read_text(
                        r,
                        super::super::EXPECTED,
                        super::super::parse,
                    )
                }
            }

            /// An `Option` of the value: `Some` as the text, `None` as `null` (`nil`).
            pub mod option {
                /// In JSON.
                #[cfg(feature = "json")]
                pub mod json {
                    use crate::json::{Error, Reader, Writer};
                    use crate::with::OffsetInstant;

                    /// Writes `Some` as the text, `None` as `null`.
                    #[inline]
                    pub fn encode<T: OffsetInstant, W: Writer>(value: &Option<T>, w: &mut W) {
                        match value {
                            Some(value) => super::super::json::encode(value, w),
                            None => w.write_null(),
                        }
                    }

                    /// Reads `null` as `None`, the text as `Some`.
                    #[inline]
                    pub fn decode<T: OffsetInstant>(r: &mut Reader<'_>) -> Result<Option<T>, Error> {
                        if r.try_null()? {
                            return Ok(None);
                        }
                        super::super::json::decode(r).map(Some)
                    }
                }

                /// In MessagePack.
                #[cfg(feature = "msgpack")]
                pub mod msgpack {
                    use crate::msgpack::{Error, Reader, Writer};
                    use crate::with::OffsetInstant;

                    /// Writes `Some` as the text, `None` as `nil`.
                    #[inline]
                    pub fn encode<T: OffsetInstant, W: Writer>(value: &Option<T>, w: &mut W) {
                        match value {
                            Some(value) => super::super::msgpack::encode(value, w),
                            None => w.write_nil(),
                        }
                    }

                    /// Reads `nil` as `None`, the text as `Some`.
                    #[inline]
                    pub fn decode<T: OffsetInstant>(r: &mut Reader<'_>) -> Result<Option<T>, Error> {
                        if r.try_nil()? {
                            return Ok(None);
                        }
                        super::super::msgpack::decode(r).map(Some)
                    }
                }
            }
        }
    };
}

rfc3339_module!(
    /// Whole seconds: `2024-02-29T12:00:00Z`.
    seconds, 0
);
rfc3339_module!(
    /// Three fraction digits: `2024-02-29T12:00:00.500Z`.
    millis, 3
);
rfc3339_module!(
    /// Six fraction digits: `2024-02-29T12:00:00.500000Z`.
    micros, 6
);
rfc3339_module!(
    /// Nine fraction digits: `2024-02-29T12:00:00.500000000Z`.
    nanos, 9
);
