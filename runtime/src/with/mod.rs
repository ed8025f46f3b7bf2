//! Per-field encodings as fastwire-native `with` modules, for
//! `#[wire(with = "fastwire::with::...")]`: each holds a `json` and a `msgpack` module with
//! `encode` and `decode` functions over fastwire's writers and readers (no serde, no bridge).
//! Where a serde counterpart exists, the bytes and the accepted inputs are that counterpart's.
//!
//! | module | field types | JSON | MessagePack | serde counterpart |
//! |---|---|---|---|---|
//! | [`timestamp`] | [`Instant`]s | the type's own | timestamp extension (-1) | — |
//! | [`rfc3339::seconds`], [`millis`](rfc3339::millis), [`micros`](rfc3339::micros), [`nanos`](rfc3339::nanos) | [`OffsetInstant`]s | RFC 3339, fixed fraction digits | the same text | — |
//! | [`bytes`] | `Vec<u8>`, `Box<[u8]>`, `[u8; N]`, `&[u8]`, `Cow<[u8]>`, `Option`s of them | array of numbers | `bin` | `serde_bytes` |
//! | `base64::standard`, `standard_unpadded`, `url_safe`, `url_safe_unpadded` (`base64` feature) | `AsRef<[u8]>` / `TryFrom<Vec<u8>>` | base64 string | the same `str` | serde_with's `Base64` |
//! | `decimal::arbitrary_precision`, `float`, `str` and their `_option` forms (`rust_decimal` feature) | `Decimal` | exact number / `f64` / string | string / `float 64` / string | `rust_decimal::serde::*` |
//! | `chrono::ts_seconds`, `ts_milliseconds`, `ts_microseconds`, `ts_nanoseconds` and their `_option` forms | chrono's `DateTime<Utc>` | integer | integer | `chrono::serde::ts_*` |
//! | modules declared by `fastwire::chrono_format!` (`chrono` feature) | chrono's dates, times and date-times, `Option`s of them | a string in your format | the same `str` | a hand-written module calling `format` / `parse_from_str` |
//!
//! Modules over an `Option` of the value (`timestamp::option`, `rfc3339::millis::option`,
//! `chrono::ts_seconds_option`, ...) write `None` as `null` / `nil`. As with any `with`, a field
//! using one must be present in the input unless it has `#[serde(default)]`.

mod instant;

pub use bytes::{ByteSink, ByteSource};
pub use instant::{Instant, OffsetInstant};

#[cfg(feature = "base64")]
pub mod base64;
pub mod bytes;
#[cfg(feature = "chrono")]
pub mod chrono;
#[cfg(feature = "chrono")]
mod chrono_format;
#[cfg(feature = "rust_decimal")]
pub mod decimal;
pub mod rfc3339;
#[cfg(feature = "msgpack")]
pub mod timestamp;
