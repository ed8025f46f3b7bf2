//! [`Timestamp`]: MessagePack's timestamp extension (type -1), an instant in Unix time with
//! nanoseconds, written in the smallest of the spec's three forms.

use std::fmt;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use super::{Decode, Encode, Error, Reader, Writer};
use crate::time;

/// The extension type MessagePack reserves for timestamps.
const EXT_TYPE: i8 = -1;

/// The extension type code as a header byte.
const EXT_TYPE_BYTE: u8 = EXT_TYPE as u8;

/// An instant as MessagePack's timestamp extension (type -1) holds it: seconds since
/// 1970-01-01T00:00:00Z, as an `i64`, plus nanoseconds, 0..=999,999,999.
///
/// Encoded in the smallest form the [spec] allows for its value (6, 10 or 15 bytes);
/// decoded from any of the three. In JSON it is the RFC 3339 text chrono's `DateTime<Utc>`
/// serializes to; [`Display`](fmt::Display) writes the same text. Ordering is chronological.
///
/// [spec]: https://github.com/msgpack/msgpack/blob/master/spec.md#timestamp-extension-type
///
/// ```
/// use fastwire::msgpack::{self, Timestamp};
///
/// let t = Timestamp::new(1_709_208_000, 500_000_000).unwrap();
/// let bytes = msgpack::to_vec(&t);
/// assert_eq!(bytes, b"\xd7\xff\x77\x35\x94\x00\x65\xe0\x71\xc0");
/// assert_eq!(msgpack::from_slice::<Timestamp>(&bytes).unwrap(), t);
/// assert_eq!(t.to_string(), "2024-02-29T12:00:00.500Z");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Timestamp {
    seconds: i64,
    nanoseconds: u32,
}

/// The error of a conversion between [`Timestamp`] and [`SystemTime`] when the instant lies
/// outside the target's range.
///
/// ```
/// use std::time::SystemTime;
/// use fastwire::msgpack::Timestamp;
///
/// let far = Timestamp::new(i64::MAX, 0).unwrap();
/// match SystemTime::try_from(far) {
///     // Where `SystemTime` holds `i64` seconds, as on Unix.
///     Ok(time) => assert_eq!(Timestamp::try_from(time), Ok(far)),
///     // Where it does not, as on Windows (years 1601 to 30828).
///     Err(err) => assert_eq!(err.to_string(), "instant out of range"),
/// }
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimestampRangeError {
    _private: (),
}

const OUT_OF_RANGE: TimestampRangeError = TimestampRangeError { _private: () };

impl fmt::Display for TimestampRangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("instant out of range")
    }
}

impl std::error::Error for TimestampRangeError {}

impl Timestamp {
    /// 1970-01-01T00:00:00Z.
    ///
    /// ```
    /// use fastwire::msgpack::Timestamp;
    ///
    /// assert_eq!(Timestamp::UNIX_EPOCH, Timestamp::new(0, 0).unwrap());
    /// assert_eq!(Timestamp::UNIX_EPOCH.to_string(), "1970-01-01T00:00:00Z");
    /// ```
    pub const UNIX_EPOCH: Timestamp = Timestamp {
        seconds: 0,
        nanoseconds: 0,
    };

    /// The instant `seconds` after 1970-01-01T00:00:00Z (before it when negative) plus
    /// `nanoseconds`; `None` if `nanoseconds` is above 999,999,999. Every `i64` of seconds is
    /// valid.
    ///
    /// ```
    /// use fastwire::msgpack::Timestamp;
    ///
    /// let before_1970 = Timestamp::new(-1, 250_000_000).unwrap();
    /// assert_eq!(before_1970.to_string(), "1969-12-31T23:59:59.250Z");
    /// assert_eq!(Timestamp::new(0, 1_000_000_000), None);
    /// ```
    #[inline]
    pub const fn new(seconds: i64, nanoseconds: u32) -> Option<Self> {
        if nanoseconds <= 999_999_999 {
            Some(Timestamp {
                seconds,
                nanoseconds,
            })
        } else {
            None
        }
    }

    /// Whole seconds since 1970-01-01T00:00:00Z, rounded towards the past: the instant is
    /// `seconds() + nanoseconds() / 10^9`, so half a second before 1970 is (-1, 500,000,000).
    ///
    /// ```
    /// use fastwire::msgpack::Timestamp;
    ///
    /// let t = Timestamp::new(-1, 500_000_000).unwrap();
    /// assert_eq!((t.seconds(), t.nanoseconds()), (-1, 500_000_000));
    /// ```
    #[inline]
    pub const fn seconds(self) -> i64 {
        self.seconds
    }

    /// Nanoseconds past [`seconds`](Timestamp::seconds), 0..=999,999,999.
    ///
    /// ```
    /// use fastwire::msgpack::Timestamp;
    ///
    /// assert_eq!(Timestamp::new(7, 42).unwrap().nanoseconds(), 42);
    /// ```
    #[inline]
    pub const fn nanoseconds(self) -> u32 {
        self.nanoseconds
    }

    /// The smallest encoded form: its bytes in a buffer and how many of them are used.
    #[inline]
    fn to_bytes(self) -> ([u8; 15], usize) {
        let mut out = [0u8; 15];
        let seconds = self.seconds as u64;
        if seconds >> 34 == 0 {
            // 0 <= seconds < 2^34: nanoseconds in the top 30 bits, seconds in the low 34.
            let packed = u64::from(self.nanoseconds) << 34 | seconds;
            if packed >> 32 == 0 {
                // timestamp 32: no nanoseconds, seconds within u32.
                out[..2].copy_from_slice(&[0xd6, EXT_TYPE_BYTE]);
                out[2..6].copy_from_slice(&(packed as u32).to_be_bytes());
                (out, 6)
            } else {
                // timestamp 64.
                out[..2].copy_from_slice(&[0xd7, EXT_TYPE_BYTE]);
                out[2..10].copy_from_slice(&packed.to_be_bytes());
                (out, 10)
            }
        } else {
            // timestamp 96: ext 8 of 12 bytes, nanoseconds then signed seconds.
            out[..3].copy_from_slice(&[0xc7, 12, EXT_TYPE_BYTE]);
            out[3..7].copy_from_slice(&self.nanoseconds.to_be_bytes());
            out[7..].copy_from_slice(&self.seconds.to_be_bytes());
            (out, 15)
        }
    }
}

impl fmt::Display for Timestamp {
    /// The RFC 3339 text of the instant in UTC, as chrono writes `DateTime<Utc>`:
    /// `2024-02-29T12:00:00.500Z`, the fraction in 3, 6 or 9 digits or left out when zero, years
    /// outside 0000..=9999 with a sign (`+10000-01-01T00:00:00Z`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&time::format_utc(self.seconds, self.nanoseconds), f)
    }
}

impl TryFrom<SystemTime> for Timestamp {
    type Error = TimestampRangeError;

    /// The same instant; an error only where `SystemTime` reaches beyond `i64` seconds.
    ///
    /// ```
    /// use std::time::{Duration, SystemTime};
    /// use fastwire::msgpack::Timestamp;
    ///
    /// let before = SystemTime::UNIX_EPOCH - Duration::from_millis(1500);
    /// let t = Timestamp::try_from(before).unwrap();
    /// assert_eq!((t.seconds(), t.nanoseconds()), (-2, 500_000_000));
    /// ```
    fn try_from(time: SystemTime) -> Result<Self, Self::Error> {
        match time.duration_since(UNIX_EPOCH) {
            Ok(after) => Ok(Timestamp {
                seconds: i64::try_from(after.as_secs()).map_err(|_| OUT_OF_RANGE)?,
                nanoseconds: after.subsec_nanos(),
            }),
            Err(err) => {
                // `before` back from the epoch: whole seconds further back, then forward again
                // by the rest of a second.
                let before = err.duration();
                let (back, nanoseconds) = match before.subsec_nanos() {
                    0 => (before.as_secs(), 0),
                    nanos => (
                        before.as_secs().checked_add(1).ok_or(OUT_OF_RANGE)?,
                        1_000_000_000 - nanos,
                    ),
                };
                Ok(Timestamp {
                    seconds: 0i64.checked_sub_unsigned(back).ok_or(OUT_OF_RANGE)?,
                    nanoseconds,
                })
            }
        }
    }
}

impl TryFrom<Timestamp> for SystemTime {
    type Error = TimestampRangeError;

    /// The same instant; an error where the platform's `SystemTime` cannot hold it.
    ///
    /// ```
    /// use std::time::{Duration, SystemTime};
    /// use fastwire::msgpack::Timestamp;
    ///
    /// let t = Timestamp::new(-2, 500_000_000).unwrap();
    /// let time = SystemTime::try_from(t).unwrap();
    /// assert_eq!(time, SystemTime::UNIX_EPOCH - Duration::from_millis(1500));
    /// ```
    fn try_from(timestamp: Timestamp) -> Result<Self, Self::Error> {
        let time = if timestamp.seconds >= 0 {
            let after = Duration::new(timestamp.seconds as u64, timestamp.nanoseconds);
            UNIX_EPOCH.checked_add(after)
        } else {
            // At least one whole second back, less the nanoseconds forward: never negative.
            let back = Duration::from_secs(timestamp.seconds.unsigned_abs())
                - Duration::from_nanos(u64::from(timestamp.nanoseconds));
            UNIX_EPOCH.checked_sub(back)
        };
        time.ok_or(OUT_OF_RANGE)
    }
}

impl Encode for Timestamp {
    /// Writes the smallest of the spec's forms: timestamp 32 (`d6 ff` + `u32` seconds) when
    /// there are no nanoseconds and the seconds fit `u32`; timestamp 64 (`d7 ff` + nanoseconds
    /// in 30 bits and seconds in 34) when 0 <= seconds < 2^34; otherwise timestamp 96
    /// (`c7 0c ff` + `u32` nanoseconds + `i64` seconds), as for every instant before 1970.
    ///
    /// ```
    /// use fastwire::msgpack::{self, Timestamp};
    ///
    /// let bytes = |s, n| msgpack::to_vec(&Timestamp::new(s, n).unwrap());
    /// assert_eq!(bytes(1, 0), b"\xd6\xff\x00\x00\x00\x01");
    /// assert_eq!(bytes(1, 1), b"\xd7\xff\x00\x00\x00\x04\x00\x00\x00\x01");
    /// assert_eq!(bytes(-1, 0), b"\xc7\x0c\xff\x00\x00\x00\x00\xff\xff\xff\xff\xff\xff\xff\xff");
    /// ```
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        let (bytes, len) = self.to_bytes();
        w.write_raw(&bytes[..len]);
    }

    #[inline]
    fn size_hint(&self) -> usize {
        15
    }
}

impl Timestamp {
    /// The timestamp in the data of an extension of type -1 that started at `at`: one of the
    /// spec's three layouts (4, 8 or 12 bytes), with at most 999,999,999 nanoseconds.
    pub(crate) fn from_ext_data(r: &Reader<'_>, data: &[u8], at: usize) -> Result<Self, Error> {
        let (seconds, nanoseconds) = match *data {
            [a, b, c, d] => (i64::from(u32::from_be_bytes([a, b, c, d])), 0),
            [a, b, c, d, e, f, g, h] => {
                let packed = u64::from_be_bytes([a, b, c, d, e, f, g, h]);
                ((packed & ((1 << 34) - 1)) as i64, (packed >> 34) as u32)
            }
            [a, b, c, d, e, f, g, h, i, j, k, l] => (
                i64::from_be_bytes([e, f, g, h, i, j, k, l]),
                u32::from_be_bytes([a, b, c, d]),
            ),
            _ => {
                return Err(r.invalid_value(
                    format!("timestamp extension of {} bytes", data.len()),
                    "a timestamp of 4, 8 or 12 bytes",
                    at,
                ))
            }
        };
        Timestamp::new(seconds, nanoseconds).ok_or_else(|| {
            r.invalid_value(
                format!("timestamp with {nanoseconds} nanoseconds"),
                "at most 999999999 nanoseconds",
                at,
            )
        })
    }
}

impl<'de> Decode<'de> for Timestamp {
    /// Reads extension type -1 with 4, 8 or 12 bytes of data, in whichever header carries them
    /// (`fixext 4`, `fixext 8`, or `ext 8/16/32`). Another type, another length, or more than
    /// 999,999,999 nanoseconds is an error.
    ///
    /// ```
    /// use fastwire::msgpack::{self, Timestamp};
    ///
    /// let t: Timestamp = msgpack::from_slice(b"\xd6\xff\x65\xe0\x71\xc0").unwrap();
    /// assert_eq!(t.to_string(), "2024-02-29T12:00:00Z");
    /// let err = msgpack::from_slice::<Timestamp>(b"\xd6\x01\x65\xe0\x71\xc0").unwrap_err();
    /// assert!(err.to_string().contains("extension type 1"));
    /// ```
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        let at = r.offset();
        let (code, data) = r.decode_ext()?;
        if code != EXT_TYPE {
            return Err(r.invalid_value(
                format!("extension type {code}"),
                "a timestamp (extension type -1)",
                at,
            ));
        }
        Timestamp::from_ext_data(r, data, at)
    }
}

#[cfg(feature = "json")]
impl crate::json::Encode for Timestamp {
    /// Writes the RFC 3339 text in quotes, as serde_json writes chrono's `DateTime<Utc>`:
    /// `"2024-02-29T12:00:00.500Z"`.
    ///
    /// ```
    /// use fastwire::msgpack::Timestamp;
    ///
    /// let t = Timestamp::new(1_709_208_000, 500_000_000).unwrap();
    /// assert_eq!(fastwire::json::to_string(&t), r#""2024-02-29T12:00:00.500Z""#);
    /// ```
    #[inline]
    fn encode<W: crate::json::Writer>(&self, w: &mut W) {
        w.reserve(time::MAX_LEN + 2);
        // The text is ASCII without quotes, backslashes or controls: valid in a JSON string as
        // it is, and the writer's UTF-8 guarantee holds.
        let buf = w.buffer(crate::json::Token);
        buf.push(b'"');
        time::write_utc(buf, self.seconds, self.nanoseconds);
        buf.push(b'"');
    }

    #[inline]
    fn size_hint(&self) -> usize {
        32
    }
}

#[cfg(feature = "json")]
impl<'de> crate::json::Decode<'de> for Timestamp {
    /// Reads an RFC 3339 date-time with any offset (`2024-02-29T13:00:00+01:00`) as the instant
    /// it names. The text is read as chrono's `DateTime::parse_from_rfc3339` reads it (`T`, `t`
    /// or a space between date and time; fraction digits past the ninth dropped; a leap second
    /// `:60` counted as the second after `:59`), plus years outside 0000..=9999 written with a
    /// sign, as chrono writes them.
    ///
    /// ```
    /// use fastwire::msgpack::Timestamp;
    ///
    /// let t: Timestamp = fastwire::json::from_str(r#""2024-02-29T13:00:00.5+01:00""#).unwrap();
    /// assert_eq!(t.to_string(), "2024-02-29T12:00:00.500Z");
    /// let err = fastwire::json::from_str::<Timestamp>(r#""2023-02-29T00:00:00Z""#).unwrap_err();
    /// assert!(err.to_string().contains("day out of range"));
    /// ```
    fn decode(r: &mut crate::json::Reader<'de>) -> Result<Self, crate::json::Error> {
        r.peek()?;
        let at = r.offset();
        let parsed = {
            let text = r.decode_str()?;
            time::parse_date_time(&text).map_err(|reason| (reason, crate::json::to_string(&*text)))
        };
        match parsed {
            Ok(dt) => Ok(Timestamp {
                seconds: dt.seconds,
                nanoseconds: dt.nanoseconds,
            }),
            Err((reason, quoted)) => Err(r.custom_at(
                format_args!("invalid RFC 3339 date-time {quoted}: {reason}"),
                at,
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::msgpack::{from_slice, to_vec};

    fn ts(seconds: i64, nanoseconds: u32) -> Timestamp {
        Timestamp::new(seconds, nanoseconds).unwrap()
    }

    fn round_trip(t: Timestamp) -> Vec<u8> {
        let bytes = to_vec(&t);
        assert_eq!(from_slice::<Timestamp>(&bytes).unwrap(), t, "{bytes:02x?}");
        bytes
    }

    #[test]
    fn new_rejects_a_full_second_of_nanoseconds() {
        assert_eq!(
            Timestamp::new(0, 999_999_999).map(|t| t.nanoseconds()),
            Some(999_999_999)
        );
        assert_eq!(Timestamp::new(0, 1_000_000_000), None);
        assert_eq!(Timestamp::new(i64::MIN, u32::MAX), None);
        assert_eq!(Timestamp::UNIX_EPOCH, ts(0, 0));
    }

    #[test]
    fn timestamp_32_boundaries() {
        assert_eq!(round_trip(ts(0, 0)), b"\xd6\xff\x00\x00\x00\x00");
        assert_eq!(round_trip(ts(1, 0)), b"\xd6\xff\x00\x00\x00\x01");
        assert_eq!(
            round_trip(ts(u32::MAX.into(), 0)),
            b"\xd6\xff\xff\xff\xff\xff"
        );
        // One second more, or any nanoseconds, needs timestamp 64.
        assert_eq!(
            round_trip(ts(u32::MAX as i64 + 1, 0)),
            b"\xd7\xff\x00\x00\x00\x01\x00\x00\x00\x00"
        );
        assert_eq!(
            round_trip(ts(0, 1)),
            b"\xd7\xff\x00\x00\x00\x04\x00\x00\x00\x00"
        );
    }

    #[test]
    fn timestamp_64_boundaries() {
        let max34 = (1i64 << 34) - 1;
        assert_eq!(
            round_trip(ts(max34, 0)),
            b"\xd7\xff\x00\x00\x00\x03\xff\xff\xff\xff"
        );
        assert_eq!(
            round_trip(ts(max34, 999_999_999)),
            b"\xd7\xff\xee\x6b\x27\xff\xff\xff\xff\xff"
        );
        assert_eq!(
            round_trip(ts(0, 999_999_999)),
            b"\xd7\xff\xee\x6b\x27\xfc\x00\x00\x00\x00"
        );
        // 2^34 seconds needs timestamp 96.
        assert_eq!(
            round_trip(ts(1 << 34, 0)),
            b"\xc7\x0c\xff\x00\x00\x00\x00\x00\x00\x00\x04\x00\x00\x00\x00"
        );
    }

    #[test]
    fn timestamp_96_boundaries() {
        assert_eq!(
            round_trip(ts(-1, 0)),
            b"\xc7\x0c\xff\x00\x00\x00\x00\xff\xff\xff\xff\xff\xff\xff\xff"
        );
        assert_eq!(
            round_trip(ts(-1, 999_999_999)),
            b"\xc7\x0c\xff\x3b\x9a\xc9\xff\xff\xff\xff\xff\xff\xff\xff\xff"
        );
        assert_eq!(
            round_trip(ts(i64::MIN, 0)),
            b"\xc7\x0c\xff\x00\x00\x00\x00\x80\x00\x00\x00\x00\x00\x00\x00"
        );
        assert_eq!(
            round_trip(ts(i64::MIN, 999_999_999)),
            b"\xc7\x0c\xff\x3b\x9a\xc9\xff\x80\x00\x00\x00\x00\x00\x00\x00"
        );
        assert_eq!(
            round_trip(ts(i64::MAX, 999_999_999)),
            b"\xc7\x0c\xff\x3b\x9a\xc9\xff\x7f\xff\xff\xff\xff\xff\xff\xff"
        );
        assert_eq!(
            round_trip(ts(i64::MAX, 0)),
            b"\xc7\x0c\xff\x00\x00\x00\x00\x7f\xff\xff\xff\xff\xff\xff\xff"
        );
    }

    #[test]
    fn size_hint_covers_every_form() {
        for t in [ts(0, 0), ts(0, 1), ts(-1, 1), ts(i64::MAX, 999_999_999)] {
            assert!(to_vec(&t).len() <= Encode::size_hint(&t));
        }
    }

    #[test]
    fn decodes_every_form_in_any_header() {
        let t = ts(1_709_208_000, 0);
        // timestamp 32 in fixext 4, and the same data in ext 8.
        assert_eq!(
            from_slice::<Timestamp>(b"\xd6\xff\x65\xe0\x71\xc0").unwrap(),
            t
        );
        assert_eq!(
            from_slice::<Timestamp>(b"\xc7\x04\xff\x65\xe0\x71\xc0").unwrap(),
            t
        );
        // timestamp 64 in fixext 8 and in ext 16.
        let t = ts(1_709_208_000, 500_000_000);
        let data = b"\x77\x35\x94\x00\x65\xe0\x71\xc0";
        let mut fixext = b"\xd7\xff".to_vec();
        fixext.extend_from_slice(data);
        assert_eq!(from_slice::<Timestamp>(&fixext).unwrap(), t);
        let mut ext16 = b"\xc8\x00\x08\xff".to_vec();
        ext16.extend_from_slice(data);
        assert_eq!(from_slice::<Timestamp>(&ext16).unwrap(), t);
        // timestamp 96 for a value a smaller form could hold, and in ext 32.
        let mut ext32 = b"\xc9\x00\x00\x00\x0c\xff\x1d\xcd\x65\x00".to_vec();
        ext32.extend_from_slice(&1_709_208_000i64.to_be_bytes());
        assert_eq!(from_slice::<Timestamp>(&ext32).unwrap(), t);
        assert_eq!(from_slice::<Timestamp>(&ext32[..]).unwrap(), t);
    }

    #[test]
    fn rejects_a_full_second_of_nanoseconds() {
        // timestamp 64 with nanoseconds = 1,000,000,000 (0x3b9aca00 << 34).
        let packed = (1_000_000_000u64 << 34).to_be_bytes();
        let mut bytes = b"\xd7\xff".to_vec();
        bytes.extend_from_slice(&packed);
        let err = from_slice::<Timestamp>(&bytes).unwrap_err();
        assert!(err.to_string().contains("1000000000 nanoseconds"), "{err}");
        // The largest 30-bit value.
        let packed = (((1u64 << 30) - 1) << 34).to_be_bytes();
        let mut bytes = b"\xd7\xff".to_vec();
        bytes.extend_from_slice(&packed);
        assert!(from_slice::<Timestamp>(&bytes).is_err());
        // timestamp 96.
        let mut bytes = b"\xc7\x0c\xff".to_vec();
        bytes.extend_from_slice(&1_000_000_000u32.to_be_bytes());
        bytes.extend_from_slice(&0i64.to_be_bytes());
        let err = from_slice::<Timestamp>(&bytes).unwrap_err();
        assert!(err.to_string().contains("1000000000 nanoseconds"), "{err}");
        bytes[3..7].copy_from_slice(&u32::MAX.to_be_bytes());
        assert!(from_slice::<Timestamp>(&bytes).is_err());
    }

    #[test]
    fn rejects_other_types_and_lengths() {
        let err = from_slice::<Timestamp>(b"\xd6\x01\x00\x00\x00\x00").unwrap_err();
        assert!(err.to_string().contains("extension type 1"), "{err}");
        let err = from_slice::<Timestamp>(b"\xd6\xfe\x00\x00\x00\x00").unwrap_err();
        assert!(err.to_string().contains("extension type -2"), "{err}");
        for (bytes, len) in [
            (&b"\xd4\xff\x00"[..], 1),
            (b"\xd5\xff\x00\x00", 2),
            (
                b"\xd8\xff\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00",
                16,
            ),
            (b"\xc7\x00\xff", 0),
            (b"\xc7\x03\xff\x00\x00\x00", 3),
            (
                b"\xc7\x0b\xff\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00",
                11,
            ),
            (
                b"\xc7\x0d\xff\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00",
                13,
            ),
        ] {
            let err = from_slice::<Timestamp>(bytes).unwrap_err();
            assert!(
                err.to_string()
                    .contains(&format!("timestamp extension of {len} bytes")),
                "{err}"
            );
        }
        for not_ext in [&b"\xc0"[..], b"\x01", b"\xa1a", b"\xc4\x04\x00\x00\x00\x00"] {
            assert!(from_slice::<Timestamp>(not_ext).is_err());
        }
    }

    #[test]
    fn rejects_truncated_input() {
        for t in [ts(1, 0), ts(1, 1), ts(-1, 1)] {
            let bytes = to_vec(&t);
            for len in 0..bytes.len() {
                assert!(from_slice::<Timestamp>(&bytes[..len]).is_err(), "{len}");
            }
        }
    }

    /// Never panics, whatever follows a timestamp marker.
    #[test]
    fn random_input_never_panics() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let markers = [0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xc7, 0xc8, 0xc9];
        for _ in 0..if cfg!(miri) { 1_000 } else { 50_000 } {
            let len = (next() % 20) as usize;
            let mut bytes: Vec<u8> = (0..len).map(|_| next() as u8).collect();
            if let Some(first) = bytes.first_mut() {
                *first = markers[(next() % 8) as usize];
            }
            if bytes.len() > 2 && next() % 2 == 0 {
                let at = if bytes[0] >= 0xd4 { 1 } else { 2 };
                bytes[at] = 0xff;
            }
            if let Ok(t) = from_slice::<Timestamp>(&bytes) {
                assert!(t.nanoseconds() <= 999_999_999);
                assert_eq!(from_slice::<Timestamp>(&to_vec(&t)).unwrap(), t);
            }
        }
    }

    #[test]
    fn ordering_is_chronological() {
        let mut values = vec![ts(1, 0), ts(-1, 999_999_999), ts(0, 5), ts(-1, 0), ts(0, 0)];
        values.sort();
        assert_eq!(
            values,
            [ts(-1, 0), ts(-1, 999_999_999), ts(0, 0), ts(0, 5), ts(1, 0)]
        );
    }

    #[test]
    fn system_time_round_trips() {
        let cases = [
            ts(0, 0),
            ts(1, 1),
            ts(1_709_208_000, 123_456_789),
            ts(-1, 0),
            ts(-1, 999_999_999),
            ts(-2, 500_000_000),
            ts(-62_167_219_200, 1),
            ts(253_402_300_799, 999_999_999),
        ];
        for t in cases {
            let time = SystemTime::try_from(t).unwrap();
            assert_eq!(Timestamp::try_from(time), Ok(t));
        }
        let before = UNIX_EPOCH - Duration::new(1, 1);
        assert_eq!(Timestamp::try_from(before), Ok(ts(-2, 999_999_999)));
        let after = UNIX_EPOCH + Duration::new(3, 7);
        assert_eq!(Timestamp::try_from(after), Ok(ts(3, 7)));
        assert_eq!(
            SystemTime::try_from(ts(-2, 999_999_999)),
            Ok(UNIX_EPOCH - Duration::new(1, 1))
        );
    }

    #[test]
    fn system_time_now_round_trips() {
        let now = SystemTime::now();
        let t = Timestamp::try_from(now).unwrap();
        assert_eq!(SystemTime::try_from(t), Ok(now));
    }

    /// The extremes either convert exactly or report the range error; nothing panics.
    #[test]
    fn system_time_extremes() {
        for t in [
            ts(i64::MAX, 999_999_999),
            ts(i64::MAX, 0),
            ts(i64::MIN, 0),
            ts(i64::MIN, 1),
            ts(i64::MIN + 1, 999_999_999),
        ] {
            match SystemTime::try_from(t) {
                Ok(time) => assert_eq!(Timestamp::try_from(time), Ok(t)),
                Err(err) => assert_eq!(err.to_string(), "instant out of range"),
            }
        }
    }

    #[test]
    fn display_is_rfc3339() {
        assert_eq!(ts(0, 0).to_string(), "1970-01-01T00:00:00Z");
        assert_eq!(format!("{:>22}", ts(0, 0)), "  1970-01-01T00:00:00Z");
        assert_eq!(ts(-1, 1_000).to_string(), "1969-12-31T23:59:59.000001Z");
        assert_eq!(ts(253_402_300_800, 0).to_string(), "+10000-01-01T00:00:00Z");
        assert_eq!(ts(i64::MIN, 0).to_string(), "-292277022657-01-27T08:29:52Z");
    }

    #[cfg(feature = "json")]
    mod json {
        use super::*;
        use crate::json::{from_str, to_string};

        #[test]
        fn round_trips() {
            for t in [
                ts(0, 0),
                ts(1_709_208_000, 500_000_000),
                ts(1_709_208_000, 1_000),
                ts(1_709_208_000, 1),
                ts(-1, 999_999_999),
                ts(-62_167_219_201, 0),
                ts(253_402_300_800, 0),
                ts(i64::MIN, 0),
                ts(i64::MAX, 999_999_999),
            ] {
                let text = to_string(&t);
                assert_eq!(text, format!("\"{t}\""));
                assert_eq!(from_str::<Timestamp>(&text).unwrap(), t, "{text}");
            }
            assert_eq!(to_string(&[ts(0, 0)]), r#"["1970-01-01T00:00:00Z"]"#);
            assert_eq!(
                crate::json::to_string_pretty(&[ts(0, 0)]),
                "[\n  \"1970-01-01T00:00:00Z\"\n]"
            );
        }

        #[test]
        fn streams() {
            let mut out = Vec::new();
            crate::json::to_writer(&mut out, &vec![ts(1, 1); 3000]).unwrap();
            let back: Vec<Timestamp> = crate::json::from_slice(&out).unwrap();
            assert_eq!(back, vec![ts(1, 1); 3000]);
        }

        #[test]
        fn reads_any_offset() {
            let t = ts(1_709_208_000, 0);
            for text in [
                r#""2024-02-29T12:00:00Z""#,
                r#"  "2024-02-29t12:00:00z""#,
                r#""2024-02-29 12:00:00+00:00""#,
                r#""2024-02-29T13:30:00+01:30""#,
                r#""2024-02-29T00:01:00-11:59""#,
                r#""2024-02-29T12:00:00.000000000000Z""#,
                r#""2024-02-29T12:00\u003a00Z""#,
            ] {
                assert_eq!(from_str::<Timestamp>(text).unwrap(), t, "{text}");
            }
            assert_eq!(
                from_str::<Timestamp>(r#""2016-12-31T23:59:60.5Z""#).unwrap(),
                ts(1_483_228_800, 500_000_000)
            );
        }

        #[test]
        fn errors_carry_the_reason_and_position() {
            let err = from_str::<Timestamp>(r#"  "2023-02-29T00:00:00Z""#).unwrap_err();
            assert_eq!(
                err.to_string(),
                "invalid RFC 3339 date-time \"2023-02-29T00:00:00Z\": day out of range \
                 (line 1, column 24)"
            );
            let err = from_str::<Timestamp>(r#""2024-01-01T00:00:00+24:00""#).unwrap_err();
            assert!(err.to_string().contains(": offset out of range"), "{err}");
            let err = from_str::<Timestamp>(r#""2024-01-01""#).unwrap_err();
            assert!(err.to_string().contains(": expected 'T'"), "{err}");
            let err = from_str::<Timestamp>("1709208000").unwrap_err();
            assert!(err.to_string().contains("invalid type"), "{err}");
            let err = from_str::<Vec<Timestamp>>(r#"["2024-01-01T00:00:00Z "]"#).unwrap_err();
            assert_eq!(
                err.to_string(),
                "invalid RFC 3339 date-time \"2024-01-01T00:00:00Z \": trailing characters \
                 at [0] (line 1, column 24)"
            );
        }
    }
}
