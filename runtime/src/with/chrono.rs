//! chrono instants as Unix timestamps, byte for byte what chrono's own serde modules
//! (`chrono::serde::ts_seconds`, `ts_milliseconds`, `ts_microseconds`, `ts_nanoseconds`) write
//! through serde_json and rmp-serde: an integer count of seconds (milliseconds, ...) since
//! 1970-01-01T00:00:00Z, rounded down; and their `_option` forms (`ts_seconds_option`, ...)
//! for an `Option<DateTime<Utc>>`, `None` being `null` / `nil`. Reading takes any integer whose
//! instant chrono represents; a float or any other value is an "invalid type" error, as in
//! chrono. [`Formatted`] is what a module declared by [`chrono_format!`](crate::chrono_format)
//! takes.
//!
//! ```
//! # #[cfg(feature = "derive")] {
//! use chrono::{DateTime, Utc};
//!
//! #[derive(fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
//! struct Session {
//!     #[wire(with = "fastwire::with::chrono::ts_seconds")]
//!     started: DateTime<Utc>,
//!     #[wire(with = "fastwire::with::chrono::ts_milliseconds")]
//!     seen: DateTime<Utc>,
//! }
//!
//! let session = Session {
//!     started: DateTime::from_timestamp(1_700_000_000, 0).unwrap(),
//!     seen: DateTime::from_timestamp_millis(1_700_000_123_456).unwrap(),
//! };
//! let text = fastwire::json::to_string(&session);
//! assert_eq!(text, r#"{"started":1700000000,"seen":1700000123456}"#);
//! assert_eq!(fastwire::json::from_str::<Session>(&text).unwrap(), session);
//! # }
//! ```

use chrono::{DateTime, Utc};

#[cfg(feature = "json")]
#[doc(hidden)]
pub use super::chrono_format::json as format_json;
#[cfg(feature = "msgpack")]
#[doc(hidden)]
pub use super::chrono_format::msgpack as format_msgpack;
pub use super::chrono_format::{Format, Formatted};

use crate::impls::Integer;

/// chrono's message for an integer that names no instant it represents.
fn invalid_timestamp(value: impl std::fmt::Display) -> String {
    format!("value is not a legal timestamp: {value}")
}

macro_rules! timestamp_module {
    (
        $(#[$doc:meta])*
        $name:ident, $option:ident, $expected:literal,
        write: |$dt:ident| $write:expr,
        signed: |$signed:ident| $from_signed:expr,
        unsigned: |$unsigned:ident| $from_unsigned:expr $(,)?
    ) => {
        $(#[$doc])*
        pub mod $name {
            use super::*;

            /// The count written, or chrono's error for an instant it cannot count.
            fn count($dt: &DateTime<Utc>) -> Result<i64, &'static str> {
                $write
            }

            /// The instant an integer counts, or chrono's error.
            fn instant(value: Integer) -> Result<DateTime<Utc>, String> {
                match value {
                    Integer::Signed($signed) => $from_signed,
                    Integer::Unsigned($unsigned) => $from_unsigned,
                }
            }

            /// In JSON.
            #[cfg(feature = "json")]
            pub mod json {
                use super::*;
                use crate::json::{Error, Reader, Writer};

                /// Writes the count as a JSON integer; an instant chrono cannot count is
                /// recorded as the writer's error (see [`Writer::fail`]).
                pub fn encode<W: Writer>(value: &DateTime<Utc>, w: &mut W) {
                    match count(value) {
                        Ok(n) => crate::json::Encode::encode(&n, w),
                        Err(message) => w.fail(message),
                    }
                }

                /// Reads an integer count.
                pub fn decode(r: &mut Reader<'_>) -> Result<DateTime<Utc>, Error> {
                    let at = r.offset();
                    let value = crate::impls::json_integer(r, $expected)?;
                    instant(value).map_err(|message| r.custom_at(message, at))
                }
            }

            /// In MessagePack.
            #[cfg(feature = "msgpack")]
            pub mod msgpack {
                use super::*;
                use crate::msgpack::{Error, Reader, Writer};

                /// Writes the count as a MessagePack integer in its smallest form; an instant
                /// chrono cannot count is recorded as the writer's error.
                pub fn encode<W: Writer>(value: &DateTime<Utc>, w: &mut W) {
                    match count(value) {
                        Ok(n) => crate::msgpack::Encode::encode(&n, w),
                        Err(message) => w.fail(message),
                    }
                }

                /// Reads an integer count.
                pub fn decode(r: &mut Reader<'_>) -> Result<DateTime<Utc>, Error> {
                    let at = r.offset();
                    let value = crate::impls::msgpack_integer(r, $expected)?;
                    instant(value).map_err(|message| r.custom_at(message, at))
                }
            }
        }

        #[doc = concat!(
            "An `Option<DateTime<Utc>>` as `chrono::serde::", stringify!($option),
            "`: `Some` as [`", stringify!($name), "`] writes it, `None` as `null` / `nil`."
        )]
        pub mod $option {
            /// In JSON.
            #[cfg(feature = "json")]
            pub mod json {
                use chrono::{DateTime, Utc};

                use crate::json::{Error, Reader, Writer};

                /// Writes `Some` as the count, `None` as `null`.
                pub fn encode<W: Writer>(value: &Option<DateTime<Utc>>, w: &mut W) {
                    match value {
                        Some(value) => super::super::$name::json::encode(value, w),
                        None => w.write_null(),
                    }
                }

                /// Reads `null` as `None`, an integer count as `Some`.
                pub fn decode(r: &mut Reader<'_>) -> Result<Option<DateTime<Utc>>, Error> {
                    if r.try_null()? {
                        return Ok(None);
                    }
                    super::super::$name::json::decode(r).map(Some)
                }
            }

            /// In MessagePack.
            #[cfg(feature = "msgpack")]
            pub mod msgpack {
                use chrono::{DateTime, Utc};

                use crate::msgpack::{Error, Reader, Writer};

                /// Writes `Some` as the count, `None` as `nil`.
                pub fn encode<W: Writer>(value: &Option<DateTime<Utc>>, w: &mut W) {
                    match value {
                        Some(value) => super::super::$name::msgpack::encode(value, w),
                        None => w.write_nil(),
                    }
                }

                /// Reads `nil` as `None`, an integer count as `Some`.
                pub fn decode(r: &mut Reader<'_>) -> Result<Option<DateTime<Utc>>, Error> {
                    if r.try_nil()? {
                        return Ok(None);
                    }
                    super::super::$name::msgpack::decode(r).map(Some)
                }
            }
        }
    };
}

timestamp_module!(
    /// Whole seconds, as `chrono::serde::ts_seconds`.
    ts_seconds, ts_seconds_option, "a unix timestamp in seconds",
    write: |dt| Ok(dt.timestamp()),
    signed: |n| DateTime::from_timestamp(n, 0).ok_or_else(|| invalid_timestamp(n)),
    unsigned: |n| i64::try_from(n)
        .ok()
        .and_then(|s| DateTime::from_timestamp(s, 0))
        .ok_or_else(|| invalid_timestamp(n)),
);

timestamp_module!(
    /// Milliseconds, as `chrono::serde::ts_milliseconds`.
    ts_milliseconds, ts_milliseconds_option, "a unix timestamp in milliseconds",
    write: |dt| Ok(dt.timestamp_millis()),
    signed: |n| DateTime::from_timestamp_millis(n).ok_or_else(|| invalid_timestamp(n)),
    unsigned: |n| DateTime::from_timestamp((n / 1000) as i64, ((n % 1000) * 1_000_000) as u32)
        .ok_or_else(|| invalid_timestamp(n)),
);

timestamp_module!(
    /// Microseconds, as `chrono::serde::ts_microseconds`.
    ts_microseconds, ts_microseconds_option, "a unix timestamp in microseconds",
    write: |dt| Ok(dt.timestamp_micros()),
    signed: |n| DateTime::from_timestamp_micros(n).ok_or_else(|| invalid_timestamp(n)),
    unsigned: |n| DateTime::from_timestamp((n / 1_000_000) as i64, ((n % 1_000_000) * 1000) as u32)
        .ok_or_else(|| invalid_timestamp(n)),
);

timestamp_module!(
    /// Nanoseconds, as `chrono::serde::ts_nanoseconds`: only instants from 1677-09-21 to
    /// 2262-04-11 have a count in an `i64`; writing any other fails, as in chrono.
    ts_nanoseconds, ts_nanoseconds_option, "a unix timestamp in nanoseconds",
    write: |dt| dt
        .timestamp_nanos_opt()
        .ok_or("value out of range for a timestamp with nanosecond precision"),
    signed: |n| Ok(DateTime::from_timestamp_nanos(n)),
    unsigned: |n| DateTime::from_timestamp(
        (n / 1_000_000_000) as i64,
        (n % 1_000_000_000) as u32,
    )
    .ok_or_else(|| invalid_timestamp(n)),
);

#[cfg(all(test, feature = "json", feature = "msgpack"))]
mod tests {
    use super::*;

    #[test]
    fn counts_round_down() {
        struct Seconds(DateTime<Utc>);
        impl crate::json::Encode for Seconds {
            fn encode<W: crate::json::Writer>(&self, w: &mut W) {
                ts_seconds::json::encode(&self.0, w);
            }
        }
        struct Millis(DateTime<Utc>);
        impl crate::json::Encode for Millis {
            fn encode<W: crate::json::Writer>(&self, w: &mut W) {
                ts_milliseconds::json::encode(&self.0, w);
            }
        }
        let dt = DateTime::from_timestamp(-1, 500_000_000).unwrap();
        assert_eq!(crate::json::to_string(&Seconds(dt)), "-1");
        assert_eq!(crate::json::to_string(&Millis(dt)), "-500");
    }
}
