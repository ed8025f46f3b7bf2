//! jiff's types (the `jiff` feature), written and read as jiff's serde impls write and read
//! them through serde_json and rmp-serde. Every one is a string, its `Display` text, in both
//! formats (jiff's impls do not look at `is_human_readable`):
//!
//! | type | text |
//! |---|---|
//! | `civil::Date` | `2024-02-29` (years before 0 with a minus and six digits: `-000001-12-31`) |
//! | `civil::Time` | `23:59:59`, `23:59:59.5`, `.000001`, `.123456789` (trailing zeros dropped) |
//! | `civil::DateTime` | `2024-02-29T23:59:59.5` |
//! | `civil::ISOWeekDate` | `2024-W09-4` |
//! | `Timestamp` | `2024-02-29T23:59:59.5Z` (always UTC) |
//! | `ZonedDateTime` | `2024-02-29T23:59:59.5-05:00[America/New_York]` (RFC 9557; a fixed offset's annotation is the offset, `[+05:30]`) |
//! | `SignedDuration` | `PT1H2M3.5S`, `-PT0.000000001S`, `PT0S` (hours, minutes and seconds only) |
//! | `Span` | `P1Y2M3DT4H5M6.007S`, `-P2W`, `PT0S` |
//!
//! Dates, times, instants, ISO week dates and signed durations are written from the value's
//! fields on the stack, with fastwire's own calendar arithmetic; zoned date-times and spans
//! through jiff's `Display`. Reading, the forms jiff writes are read by fastwire's parser, and
//! anything else is handed to jiff's own parser, so every text jiff reads is read, to the same
//! value, and every other is refused with jiff's message.
//!
//! As jiff's visitors do, MessagePack `bin` is read as well as `str` (its bytes as the text).
//!
//! Reading a `ZonedDateTime` named by an IANA time zone (`[America/New_York]`) needs jiff's
//! time zone database: enable one of jiff's `tz-system` or `tzdb-*` features in your own jiff
//! dependency (its default features do), as jiff's own `FromStr` and serde impl need it too.

use ::jiff::civil::{Date, DateTime, ISOWeekDate, Time, Weekday};
use ::jiff::fmt::{friendly, temporal};
use ::jiff::{SignedDuration, Span, Timestamp, ZonedDateTime};

use crate::time::{self, TimeText};

/// jiff's parser with its default configuration, for text in bytes (a MessagePack `bin`).
static PARSER: temporal::DateTimeParser = temporal::DateTimeParser::new();

/// jiff's message for a text it refuses.
fn message(error: ::jiff::Error) -> String {
    error.to_string()
}

/// Implements both formats' traits for a jiff type written as text. `$text` gives the text of
/// `$value`: a [`TimeText`] (`ascii`), or a `String` (`escaped`: it may hold characters JSON
/// escapes). `$parse` reads the type from the text `$input` or gives the error's message, and
/// `$parse_bytes` from bytes that are not UTF-8 (a MessagePack `bin` only); `$expected` names
/// the type in "invalid type" errors, as jiff's visitor does.
macro_rules! jiff_impls {
    (
        $ty:ty, $expected:literal, $hint:literal, $kind:ident,
        |$value:ident| $text:expr,
        |$input:ident| $parse:expr,
        |$bytes:ident| $parse_bytes:expr $(,)?
    ) => {
        #[cfg(feature = "json")]
        impl crate::json::Encode for $ty {
            #[inline]
            fn encode<W: crate::json::Writer>(&self, w: &mut W) {
                let $value = self;
                jiff_impls!(@json $kind, w, $text);
            }

            #[inline]
            fn size_hint(&self) -> usize {
                $hint
            }
        }

        #[cfg(feature = "json")]
        impl<'de> crate::json::Decode<'de> for $ty {
            #[inline]
            fn decode(r: &mut crate::json::Reader<'de>) -> Result<Self, crate::json::Error> {
                super::json_read_text(r, $expected, |$input: &str| $parse)
            }
        }

        /// As a JSON object key: the same text (serde_json writes and reads such keys as
        /// the string the value is).
        #[cfg(feature = "json")]
        impl crate::json::EncodeKey for $ty {
            #[inline]
            fn encode_key<W: crate::json::Writer>(&self, w: &mut W) {
                let $value = self;
                jiff_impls!(@json $kind, w, $text);
            }

            #[inline]
            fn key_size_hint(&self) -> usize {
                $hint
            }
        }

        #[cfg(feature = "json")]
        impl<'de> crate::json::DecodeKey<'de> for $ty {
            #[inline]
            fn decode_key(key: crate::json::Str<'de, '_>) -> Result<Self, String> {
                let $input: &str = &key;
                $parse
            }
        }

        #[cfg(feature = "msgpack")]
        impl crate::msgpack::Encode for $ty {
            #[inline]
            fn encode<W: crate::msgpack::Writer>(&self, w: &mut W) {
                let $value = self;
                jiff_impls!(@msgpack $kind, w, $text);
            }

            #[inline]
            fn size_hint(&self) -> usize {
                $hint
            }
        }

        #[cfg(feature = "msgpack")]
        impl<'de> crate::msgpack::Decode<'de> for $ty {
            #[inline]
            fn decode(r: &mut crate::msgpack::Reader<'de>) -> Result<Self, crate::msgpack::Error> {
                msgpack_read_text(
                    r,
                    $expected,
                    |$input: &str| $parse,
                    |$bytes: &[u8]| $parse_bytes,
                )
            }
        }
    };
    (@json ascii, $w:ident, $text:expr) => {
        super::json_write_ascii($w, $text.as_bytes())
    };
    (@json escaped, $w:ident, $text:expr) => {
        crate::json::Writer::write_str($w, &$text)
    };
    (@msgpack ascii, $w:ident, $text:expr) => {{
        let mut text = $text;
        // A `str` header and ASCII text: valid MessagePack as it is.
        crate::msgpack::Writer::write_raw($w, text.as_msgpack_str())
    }};
    (@msgpack escaped, $w:ident, $text:expr) => {
        crate::msgpack::Writer::write_str($w, &$text)
    };
}

/// Reads a MessagePack `str` or `bin` and gives its text to `parse` (or, for a `bin` that is
/// not UTF-8, its bytes to `parse_bytes`), as rmp-serde hands either to jiff's visitors;
/// anything else is an "invalid type" error naming `expected`, and a parse error is a data
/// error at the value's first byte. A `str` that is not UTF-8 is refused, as rmp-serde refuses
/// it when the visitor refuses its bytes (jiff's parsers read only ASCII).
#[cfg(feature = "msgpack")]
#[inline]
fn msgpack_read_text<T>(
    r: &mut crate::msgpack::Reader<'_>,
    expected: &'static str,
    parse: impl FnOnce(&str) -> Result<T, String>,
    parse_bytes: impl FnOnce(&[u8]) -> Result<T, String>,
) -> Result<T, crate::msgpack::Error> {
    let at = r.offset();
    let parsed = match r.peek()? {
        0xA0..=0xBF | 0xD9..=0xDB => parse(r.decode_str()?),
        0xC4..=0xC6 => {
            let bytes = r.decode_bytes()?;
            match std::str::from_utf8(bytes) {
                Ok(text) => parse(text),
                Err(_) => parse_bytes(bytes),
            }
        }
        _ => return Err(r.invalid_type(expected)),
    };
    parsed.map_err(|message| r.custom_at(message, at))
}

// ---- civil dates and times ----

/// The text of a date.
#[inline]
fn date_text(text: &mut TimeText, date: Date) {
    // jiff's years are -9999..=9999, its months and days 1..=12 and 1..=31.
    text.temporal_date(i64::from(date.year()), date.month() as u8, date.day() as u8);
}

/// The text of a time of day.
#[inline]
fn time_text(text: &mut TimeText, t: Time) {
    // All non-negative: 0..=23, 0..=59, 0..=59, 0..=999,999,999.
    text.temporal_time(
        t.hour() as u32,
        t.minute() as u32,
        t.second() as u32,
        t.subsec_nanosecond() as u32,
    );
}

/// A date from fastwire's parser (a year within jiff's range, a day within its month).
#[inline]
fn date_from(date: time::Date) -> Option<Date> {
    Date::new(
        i16::try_from(date.year).ok()?,
        date.month as i8,
        date.day as i8,
    )
    .ok()
}

/// A time of day from fastwire's parser (fields within range, the second at most 59).
#[inline]
fn time_from(t: time::Time) -> Option<Time> {
    Time::new(
        t.hour as i8,
        t.minute as i8,
        t.second as i8,
        t.nanosecond as i32,
    )
    .ok()
}

fn parse_date(text: &str) -> Result<Date, String> {
    if let Some(date) = time::Date::parse_temporal(text).and_then(date_from) {
        return Ok(date);
    }
    text.parse().map_err(message)
}

fn parse_time(text: &str) -> Result<Time, String> {
    if let Some(t) = time::Time::parse_temporal(text).and_then(time_from) {
        return Ok(t);
    }
    text.parse().map_err(message)
}

fn parse_date_time(text: &str) -> Result<DateTime, String> {
    if let Some((date, t)) = time::Date::parse_temporal_with_time(text) {
        if let (Some(date), Some(t)) = (date_from(date), time_from(t)) {
            return Ok(DateTime::from_parts(date, t));
        }
    }
    text.parse().map_err(message)
}

jiff_impls!(
    Date,
    "a date string",
    13,
    ascii,
    |date| {
        let mut text = TimeText::new();
        date_text(&mut text, *date);
        text
    },
    |text| parse_date(text),
    |bytes| PARSER.parse_date(bytes).map_err(message),
);

jiff_impls!(
    Time,
    "a time string",
    18,
    ascii,
    |t| {
        let mut text = TimeText::new();
        time_text(&mut text, *t);
        text
    },
    |text| parse_time(text),
    |bytes| PARSER.parse_time(bytes).map_err(message),
);

jiff_impls!(
    DateTime,
    "a datetime string",
    32,
    ascii,
    |dt| {
        let mut text = TimeText::new();
        date_text(&mut text, dt.date());
        text.push(b'T');
        time_text(&mut text, dt.time());
        text
    },
    |text| parse_date_time(text),
    |bytes| PARSER.parse_datetime(bytes).map_err(message),
);

/// The text of an ISO week date: `YYYY-Www-D`, the year as a date's.
#[inline]
fn iso_week_date_text(date: &ISOWeekDate) -> TimeText {
    let mut text = TimeText::new();
    text.temporal_year(i64::from(date.year()));
    // Weeks are 1..=53, weekdays 1..=7 (Monday first).
    let week = date.week() as u8;
    for byte in [b'-', b'W', b'0' + week / 10, b'0' + week % 10, b'-'] {
        text.push(byte);
    }
    text.push(b'0' + date.weekday().to_monday_one_offset() as u8);
    text
}

/// An ISO week date in the form jiff writes for years 0000..=9999, `YYYY-Www-D`, read from its
/// ten bytes; `None` for any other text (or a week the year does not have, which jiff then
/// names).
#[inline]
fn common_iso_week_date(text: &str) -> Option<ISOWeekDate> {
    let &[y0, y1, y2, y3, b'-', b'W', w0, w1, b'-', d] = text.as_bytes() else {
        return None;
    };
    let digits = [y0, y1, y2, y3, w0, w1, d];
    if !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let value = |digits: &[u8]| {
        digits
            .iter()
            .fold(0i16, |n, d| n * 10 + i16::from(d - b'0'))
    };
    let weekday = Weekday::from_monday_one_offset(value(&[d]) as i8).ok()?;
    ISOWeekDate::new(value(&digits[..4]), value(&digits[4..6]) as i8, weekday).ok()
}

fn parse_iso_week_date(text: &str) -> Result<ISOWeekDate, String> {
    if let Some(date) = common_iso_week_date(text) {
        return Ok(date);
    }
    text.parse().map_err(message)
}

jiff_impls!(
    ISOWeekDate,
    "an ISO 8601 week date string",
    13,
    ascii,
    |date| iso_week_date_text(date),
    |text| parse_iso_week_date(text),
    // jiff offers no parser of week dates in bytes; bytes that are not UTF-8 are no week date
    // (its grammar is ASCII), and jiff's message for their text says so.
    |bytes| String::from_utf8_lossy(bytes)
        .parse::<ISOWeekDate>()
        .map_err(message),
);

// ---- instants ----

/// The text of an instant, in UTC.
#[inline]
fn timestamp_text(ts: &Timestamp) -> TimeText {
    // jiff's seconds and nanoseconds share their sign; fastwire's nanoseconds are never
    // negative.
    let (mut seconds, mut nanoseconds) = (ts.as_second(), ts.subsec_nanosecond());
    if nanoseconds < 0 {
        seconds -= 1;
        nanoseconds += 1_000_000_000;
    }
    let (days, second_of_day) = time::split_days(seconds);
    let (year, month, day) = time::civil_from_days(days);
    let mut text = TimeText::new();
    text.temporal_date(year, month, day);
    text.push(b'T');
    text.temporal_time(
        second_of_day / 3600,
        second_of_day / 60 % 60,
        second_of_day % 60,
        nanoseconds as u32,
    );
    text.push(b'Z');
    text
}

fn parse_timestamp(text: &str) -> Result<Timestamp, String> {
    if let Some((seconds, nanoseconds)) = time::DateTime::parse_temporal_instant(text) {
        // jiff's seconds and nanoseconds share their sign.
        let (seconds, nanoseconds) = if seconds < 0 && nanoseconds > 0 {
            (seconds + 1, nanoseconds as i32 - 1_000_000_000)
        } else {
            (seconds, nanoseconds as i32)
        };
        // Outside jiff's range, jiff's parser says so.
        if let Ok(ts) = Timestamp::new(seconds, nanoseconds) {
            return Ok(ts);
        }
    }
    text.parse().map_err(message)
}

jiff_impls!(
    Timestamp,
    "a timestamp string",
    33,
    ascii,
    |ts| timestamp_text(ts),
    |text| parse_timestamp(text),
    |bytes| PARSER.parse_timestamp(bytes).map_err(message),
);

jiff_impls!(
    ZonedDateTime,
    "a zoned datetime string",
    48,
    escaped,
    |zdt| zdt.to_string(),
    |text| text.parse().map_err(message),
    |bytes| PARSER.parse_zoned_datetime(bytes).map_err(message),
);

// ---- durations ----

/// The text of a signed duration as jiff writes it (ISO 8601): `PT`, then the hours and the
/// minutes when not zero, then the seconds with their fraction; `PT0S` for zero; a minus before
/// a negative one.
#[inline]
fn signed_duration_text(duration: &SignedDuration) -> TimeText {
    let mut text = TimeText::new();
    if duration.is_negative() {
        text.push(b'-');
    }
    text.push(b'P');
    text.push(b'T');
    let magnitude = duration.unsigned_abs();
    let (seconds, nanoseconds) = (magnitude.as_secs(), magnitude.subsec_nanos());
    if seconds >= 60 {
        let (hours, minutes) = (seconds / 3600, seconds / 60 % 60);
        if hours != 0 {
            text.number(hours);
            text.push(b'H');
        }
        if minutes != 0 {
            text.number(minutes);
            text.push(b'M');
        }
        if seconds % 60 == 0 && nanoseconds == 0 {
            return text;
        }
    }
    text.number(seconds % 60);
    text.trimmed_fraction(nanoseconds);
    text.push(b'S');
    text
}

/// Digits at the start of `bytes`, at most 19 of them (so that they fit a `u64`), as a value
/// and a count; `None` when there are none or more than 19.
#[inline]
fn leading_number(bytes: &[u8]) -> Option<(u64, usize)> {
    let count = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
    if count == 0 || count > 19 {
        return None;
    }
    let value = bytes[..count]
        .iter()
        .fold(0u64, |n, d| n * 10 + u64::from(d - b'0'));
    Some((value, count))
}

/// A signed duration in the form jiff writes, read straight from its bytes: an optional
/// minus, `PT`, then hours (`H`), minutes (`M`) and seconds (`S`, with a fraction of up to
/// nine digits), each optional but at least one, in that order, whatever their size (`PT90M`)
/// so long as the whole fits `i64` seconds. `None` for any other text, which jiff reads or
/// refuses.
fn common_signed_duration(text: &str) -> Option<SignedDuration> {
    let (negative, rest) = match text.as_bytes() {
        [b'-', rest @ ..] => (true, rest),
        rest => (false, rest),
    };
    let mut rest = rest.strip_prefix(b"PT")?;
    let (mut seconds, mut nanoseconds) = (0u64, 0u32);
    // The last unit read: 0 none, 1 hours, 2 minutes, 3 seconds.
    let mut last = 0;
    while !rest.is_empty() {
        let (value, count) = leading_number(rest)?;
        rest = &rest[count..];
        let (unit, scale) = match rest.first()? {
            b'H' => (1, 3600),
            b'M' => (2, 60),
            b'S' | b'.' => (3, 1),
            _ => return None,
        };
        if unit <= last {
            return None;
        }
        if rest[0] == b'.' {
            let (fraction, count) = leading_number(&rest[1..])?;
            if count > 9 {
                return None;
            }
            nanoseconds = (fraction * 10u64.pow(9 - count as u32)) as u32;
            rest = &rest[1 + count..];
            if rest.first() != Some(&b'S') {
                return None;
            }
        }
        rest = &rest[1..];
        seconds = seconds.checked_add(value.checked_mul(scale)?)?;
        last = unit;
    }
    if last == 0 {
        return None;
    }
    let duration = SignedDuration::new(i64::try_from(seconds).ok()?, nanoseconds as i32);
    Some(if negative { -duration } else { duration })
}

fn parse_signed_duration(text: &str) -> Result<SignedDuration, String> {
    if let Some(duration) = common_signed_duration(text) {
        return Ok(duration);
    }
    text.parse().map_err(message)
}

/// Whether bytes read as a duration are in ISO 8601's form (`P…`, after an optional sign)
/// rather than jiff's "friendly" one (`1h 30m`), as jiff decides it.
fn is_iso_duration(bytes: &[u8]) -> bool {
    let unsigned = match bytes {
        [b'+' | b'-', rest @ ..] => rest,
        _ => bytes,
    };
    matches!(unsigned.first(), Some(b'P' | b'p'))
}

jiff_impls!(
    SignedDuration,
    "a signed duration string",
    24,
    ascii,
    |duration| signed_duration_text(duration),
    |text| parse_signed_duration(text),
    |bytes| if is_iso_duration(bytes) {
        temporal::SpanParser::new().parse_duration(bytes)
    } else {
        friendly::SpanParser::new().parse_duration(bytes)
    }
    .map_err(message),
);

jiff_impls!(
    Span,
    "a span duration string",
    24,
    escaped,
    |span| span.to_string(),
    |text| text.parse().map_err(message),
    |bytes| if is_iso_duration(bytes) {
        temporal::SpanParser::new().parse_span(bytes)
    } else {
        friendly::SpanParser::new().parse_span(bytes)
    }
    .map_err(message),
);

#[cfg(test)]
mod tests {
    use super::*;

    fn text(build: impl FnOnce(&mut TimeText)) -> String {
        let mut text = TimeText::new();
        build(&mut text);
        text.as_str().to_owned()
    }

    #[test]
    fn text_in_jiffs_forms() {
        assert_eq!(text(|t| t.temporal_date(2024, 2, 29)), "2024-02-29");
        assert_eq!(text(|t| t.temporal_date(0, 1, 1)), "0000-01-01");
        assert_eq!(text(|t| t.temporal_date(-1, 12, 31)), "-000001-12-31");
        assert_eq!(text(|t| t.temporal_date(-9999, 1, 1)), "-009999-01-01");
        assert_eq!(text(|t| t.temporal_time(1, 2, 3, 0)), "01:02:03");
        assert_eq!(
            text(|t| t.temporal_time(1, 2, 3, 500_000_000)),
            "01:02:03.5"
        );
        assert_eq!(
            text(|t| t.temporal_time(1, 2, 3, 120_000_000)),
            "01:02:03.12"
        );
        assert_eq!(text(|t| t.temporal_time(1, 2, 3, 1_000)), "01:02:03.000001");
        assert_eq!(text(|t| t.temporal_time(1, 2, 3, 1)), "01:02:03.000000001");
        assert_eq!(
            text(|t| t.temporal_time(1, 2, 3, 999_999_999)),
            "01:02:03.999999999"
        );
        assert_eq!(text(|t| t.number(0)), "0");
        assert_eq!(text(|t| t.number(u64::MAX)), "18446744073709551615");
    }

    #[test]
    fn values_written_as_jiff_displays_them() {
        let timestamps = [
            Timestamp::MIN,
            Timestamp::MAX,
            Timestamp::UNIX_EPOCH,
            Timestamp::new(-1, -1).unwrap(),
            Timestamp::new(1_709_251_199, 500_000_000).unwrap(),
        ];
        for ts in timestamps {
            assert_eq!(timestamp_text(&ts).as_str(), ts.to_string());
        }
        let durations = [
            SignedDuration::ZERO,
            SignedDuration::MIN,
            SignedDuration::MAX,
            SignedDuration::new(59, 999_999_999),
            SignedDuration::new(60, 0),
            SignedDuration::new(3600, 1),
            SignedDuration::new(-3661, -500_000_000),
        ];
        for duration in durations {
            assert_eq!(
                signed_duration_text(&duration).as_str(),
                duration.to_string()
            );
        }
        for (year, week) in [(-5, 52), (2020, 53), (0, 1)] {
            let week_date = ISOWeekDate::new(year, week, Weekday::Sunday).unwrap();
            assert_eq!(
                iso_week_date_text(&week_date).as_str(),
                week_date.to_string()
            );
            assert_eq!(parse_iso_week_date(&week_date.to_string()), Ok(week_date));
        }
    }

    #[test]
    fn what_jiff_writes_takes_the_fast_path() {
        let dates = [
            Date::MIN,
            Date::MAX,
            Date::new(-4, 2, 29).unwrap(),
            Date::ZERO,
        ];
        for date in dates {
            let text = date.to_string();
            assert_eq!(
                time::Date::parse_temporal(&text).and_then(date_from),
                Some(date)
            );
            let week_date = date.iso_week_date();
            if (0..=9999).contains(&week_date.year()) {
                assert_eq!(
                    common_iso_week_date(&week_date.to_string()),
                    Some(week_date)
                );
            }
        }
        for t in [Time::MIN, Time::MAX, Time::new(1, 2, 3, 40).unwrap()] {
            let text = t.to_string();
            assert_eq!(
                time::Time::parse_temporal(&text).and_then(time_from),
                Some(t)
            );
            let dt = DateTime::from_parts(Date::MIN, t).to_string();
            assert!(time::Date::parse_temporal_with_time(&dt).is_some(), "{dt}");
        }
        for ts in [
            Timestamp::MIN,
            Timestamp::MAX,
            Timestamp::new(-1, -1).unwrap(),
        ] {
            let text = ts.to_string();
            assert!(
                time::DateTime::parse_temporal_instant(&text).is_some(),
                "{text}"
            );
            assert_eq!(parse_timestamp(&text), Ok(ts));
        }
        for duration in [
            SignedDuration::MAX,
            SignedDuration::new(-3600, -1),
            SignedDuration::ZERO,
        ] {
            assert_eq!(
                common_signed_duration(&duration.to_string()),
                Some(duration)
            );
        }
    }

    #[test]
    fn fast_paths_read_as_jiff_reads() {
        for text in [
            "2024-02-29T23:59:60.5Z",
            "-000001-12-31T00:00:00+23:59",
            "2024-02-29 12:00:00.123456789-05:00",
            "1969-12-31T23:59:59.5z",
        ] {
            assert_eq!(parse_timestamp(text), Ok(text.parse().unwrap()), "{text}");
        }
        for text in [
            "PT90M",
            "-PT1H0.5S",
            "PT0S",
            "-PT0S",
            "PT9223372036854775807S",
        ] {
            assert_eq!(
                common_signed_duration(text),
                Some(text.parse().unwrap()),
                "{text}"
            );
        }
        for text in [
            "PT",
            "PT1S1H",
            "PT1.5H",
            "PT0.0000000001S",
            "PT9223372036854775808S",
        ] {
            assert_eq!(common_signed_duration(text), None, "{text}");
        }
    }
}
