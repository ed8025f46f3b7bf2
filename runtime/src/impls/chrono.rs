//! chrono's types (the `chrono` feature), written and read as chrono's serde impls write and
//! read them through serde_json and rmp-serde:
//!
//! | type | text |
//! |---|---|
//! | `NaiveDate` | `2024-02-29` (years outside 0000..=9999 signed: `+10000-01-01`) |
//! | `NaiveTime` | `23:59:59`, `23:59:59.500`, `.000001`, `.000000001` (3, 6 or 9 digits) |
//! | `NaiveDateTime` | `2024-02-29T23:59:59.500` |
//! | `DateTime<Utc>` | `2024-02-29T23:59:59.500Z` |
//! | `DateTime<FixedOffset>`, `DateTime<Local>` | `2024-02-29T23:59:59.500+08:00` (`Z` for +00:00) |
//! | `Weekday` | `Mon` |
//! | `Month` | `January` |
//! | `TimeDelta` | `[seconds, nanoseconds]`, chrono's own representation |
//!
//! Text is written from the value's fields (never through a time zone: a `DateTime<Local>`
//! writes the offset it holds) and read by fastwire's RFC 3339 parser when it is in that
//! form; anything else is handed to chrono's own `FromStr`, so every text chrono reads is
//! read, to the same value, and every other is refused with chrono's message. Reading a
//! `DateTime<Local>` keeps the instant and takes the process's offset for it, as chrono does.

use chrono::{
    DateTime, Datelike, FixedOffset, Local, Month, NaiveDate, NaiveDateTime, NaiveTime, Offset,
    TimeDelta, TimeZone, Timelike, Utc, Weekday,
};

use super::text_impls;
use crate::time::{self, TimeText};

/// The text of a date.
#[inline]
fn date_text(text: &mut TimeText, date: &NaiveDate) {
    // chrono's months and days are 1..=12 and 1..=31.
    text.date(i64::from(date.year()), date.month() as u8, date.day() as u8);
}

/// The text of a time of day (its nanoseconds include chrono's leap second).
#[inline]
fn time_text(text: &mut TimeText, t: &NaiveTime) {
    text.time(t.hour(), t.minute(), t.second(), t.nanosecond());
}

/// The text of a date and time: `date` `T` `time`.
#[inline]
fn date_time_text(text: &mut TimeText, dt: &NaiveDateTime) {
    date_text(text, &dt.date());
    text.push(b'T');
    time_text(text, &dt.time());
}

/// The text of an instant with its offset, as chrono's `DateTime` serializes it.
#[inline]
fn offset_date_time_text<Tz: TimeZone>(dt: &DateTime<Tz>) -> TimeText {
    let mut text = TimeText::new();
    date_time_text(&mut text, &dt.naive_local());
    text.offset(dt.offset().fix().local_minus_utc(), true);
    text
}

/// A date from fastwire's parser, when chrono represents it.
fn date_from(date: time::Date) -> Option<NaiveDate> {
    let year = i32::try_from(date.year).ok()?;
    NaiveDate::from_ymd_opt(year, u32::from(date.month), u32::from(date.day))
}

/// A time of day from fastwire's parser; a leap second (`:60`) is chrono's: second 59 with a
/// billion more nanoseconds.
fn time_from(t: time::Time) -> Option<NaiveTime> {
    let (second, nanosecond) = if t.second == 60 {
        (59, t.nanosecond + 1_000_000_000)
    } else {
        (u32::from(t.second), t.nanosecond)
    };
    NaiveTime::from_hms_nano_opt(u32::from(t.hour), u32::from(t.minute), second, nanosecond)
}

/// The message for a text neither fastwire's parser nor chrono's reads: what it should be,
/// the text, and the first thing wrong with it as an RFC 3339 value (`invalid date
/// "1999-02-30": day out of range`).
fn invalid(what: &str, text: &str, reason: &str) -> String {
    format!("invalid {what} {text:?}: {reason}")
}

/// Why a text fastwire's parser read names nothing chrono represents.
const BEYOND_CHRONO: &str = "out of chrono's range";

/// A date in the form nearly every date comes in, `YYYY-MM-DD` with a four-digit year, read
/// straight from its ten bytes (chrono checks the month and day); `None` for any other text.
///
/// The eight digits are checked and paired at once (SWAR): `YYYY`, `MM` and `DD` gathered in
/// one word, little-endian (the first digit in the low byte).
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn common_date(text: &[u8]) -> Option<NaiveDate> {
    // Two loads: `YYYY-MM-` and `DD`.
    let (head, tail) = text.split_first_chunk::<8>()?;
    let tail: &[u8; 2] = tail.try_into().ok()?;
    let head = u64::from_le_bytes(*head);
    // The hyphens, bytes 4 and 7.
    if head & 0xFF00_00FF_0000_0000 != 0x2D00_002D_0000_0000 {
        return None;
    }
    const ONES: u64 = 0x0101_0101_0101_0101;
    // `YYYY` in place, `MM` one byte down, `DD` on top.
    let digits = (head & 0xFFFF_FFFF)
        | ((head >> 8) & 0xFFFF_0000_0000)
        | (u64::from(u16::from_le_bytes(*tail)) << 48);
    // Every byte a digit: its high nibble 3, and its low nibble at most 9 (adding 6 does not
    // carry into the high nibble).
    let high = ONES * 0xF0;
    if digits & high != ONES * 0x30 || (digits + ONES * 0x06) & high != ONES * 0x30 {
        return None;
    }
    // Each pair's value in the 16-bit lane of its first digit: `YY`, `YY`, `MM`, `DD`.
    let v = digits - ONES * u64::from(b'0');
    let pairs = (v * 10 + (v >> 8)) & 0x00FF_00FF_00FF_00FF;
    let lane = |i: u32| (pairs >> (16 * i)) as u32 & 0xFFFF;
    let year = lane(0) * 100 + lane(1);
    NaiveDate::from_ymd_opt(year as i32, lane(2), lane(3))
}

fn parse_date(text: &str) -> Result<NaiveDate, String> {
    if let Some(date) = common_date(text.as_bytes()) {
        return Ok(date);
    }
    let reason = match time::parse_date(text) {
        Ok(date) => match date_from(date) {
            Some(date) => return Ok(date),
            None => BEYOND_CHRONO,
        },
        Err(reason) => reason.as_str(),
    };
    text.parse()
        .map_err(|_: chrono::ParseError| invalid("date", text, reason))
}

fn parse_time(text: &str) -> Result<NaiveTime, String> {
    let reason = match time::parse_time(text) {
        Ok(t) => match time_from(t) {
            Some(t) => return Ok(t),
            None => BEYOND_CHRONO,
        },
        Err(reason) => reason.as_str(),
    };
    text.parse()
        .map_err(|_: chrono::ParseError| invalid("time", text, reason))
}

fn parse_date_time(text: &str) -> Result<NaiveDateTime, String> {
    let reason = match text.split_once('T') {
        Some((date, t)) => match (time::parse_date(date), time::parse_time(t)) {
            (Ok(date), Ok(t)) => match (date_from(date), time_from(t)) {
                (Some(date), Some(t)) => return Ok(NaiveDateTime::new(date, t)),
                _ => BEYOND_CHRONO,
            },
            (Err(reason), _) | (_, Err(reason)) => reason.as_str(),
        },
        None => time::parse_date(text)
            .err()
            .map_or("expected 'T'", |r| r.as_str()),
    };
    text.parse()
        .map_err(|_: chrono::ParseError| invalid("date and time", text, reason))
}

fn parse_offset_date_time(text: &str) -> Result<DateTime<FixedOffset>, String> {
    let reason = match time::parse_date_time(text) {
        Ok(dt) => {
            // chrono's leap second is the second before the next one, with a billion more
            // nanoseconds; the UTC second before it always ends a minute (offsets are whole
            // minutes), as chrono requires.
            let (seconds, nanoseconds) = if dt.leap_second {
                (dt.seconds - 1, dt.nanoseconds + 1_000_000_000)
            } else {
                (dt.seconds, dt.nanoseconds)
            };
            let read = DateTime::from_timestamp(seconds, nanoseconds)
                .zip(FixedOffset::east_opt(dt.offset))
                .map(|(utc, offset)| utc.with_timezone(&offset));
            match read {
                Some(dt) => return Ok(dt),
                None => BEYOND_CHRONO,
            }
        }
        Err(reason) => reason.as_str(),
    };
    text.parse()
        .map_err(|_: chrono::ParseError| invalid("date-time", text, reason))
}

text_impls!(
    NaiveDate,
    "a formatted date string",
    12,
    |date| {
        let mut text = TimeText::new();
        date_text(&mut text, date);
        text
    },
    |text| parse_date(text),
    // Digits and hyphens: a JSON string of them has no escapes, and is read in place.
    fixed 10 => |bytes| common_date(bytes),
);

text_impls!(
    NaiveTime,
    "a formatted time string",
    20,
    |t| {
        let mut text = TimeText::new();
        time_text(&mut text, t);
        text
    },
    |text| parse_time(text),
);

text_impls!(
    NaiveDateTime,
    "a formatted date and time string",
    32,
    |dt| {
        let mut text = TimeText::new();
        date_time_text(&mut text, dt);
        text
    },
    |text| parse_date_time(text),
);

text_impls!(
    DateTime<FixedOffset>,
    "an RFC 3339 formatted date and time string",
    38,
    |dt| offset_date_time_text(dt),
    |text| parse_offset_date_time(text),
);

text_impls!(
    DateTime<Utc>,
    "an RFC 3339 formatted date and time string",
    34,
    |dt| offset_date_time_text(dt),
    |text| parse_offset_date_time(text).map(|dt| dt.with_timezone(&Utc)),
);

text_impls!(
    DateTime<Local>,
    "an RFC 3339 formatted date and time string",
    38,
    |dt| offset_date_time_text(dt),
    |text| parse_offset_date_time(text).map(|dt| dt.with_timezone(&Local)),
);

/// A short name's text (a weekday's or a month's, at most 9 bytes), after its MessagePack
/// `fixstr` header.
struct Name {
    bytes: [u8; 10],
    end: usize,
}

// Each format uses one of these.
#[allow(dead_code)]
impl Name {
    #[inline]
    fn new(name: &'static str) -> Self {
        let mut bytes = [0u8; 10];
        let len = name.len().min(9);
        bytes[0] = 0xA0 | len as u8;
        bytes[1..=len].copy_from_slice(&name.as_bytes()[..len]);
        Name {
            bytes,
            end: len + 1,
        }
    }

    fn as_bytes(&self) -> &[u8] {
        &self.bytes[1..self.end]
    }

    fn as_msgpack_str(&mut self) -> &[u8] {
        &self.bytes[..self.end]
    }
}

const WEEKDAYS: [&str; 7] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

text_impls!(
    Weekday,
    "Weekday",
    5,
    |day| Name::new(WEEKDAYS[day.num_days_from_monday() as usize]),
    |text| text
        .parse()
        .map_err(|_| "short or long weekday names expected".to_owned()),
);

text_impls!(
    Month,
    "Month",
    11,
    |month| Name::new(month.name()),
    |text| text
        .parse()
        .map_err(|_| "short (3-letter) or full month names expected".to_owned()),
);

/// chrono's own representation of a duration, which its serde impl writes: whole seconds
/// rounded down, and the nanoseconds past them (0..1,000,000,000).
fn delta_parts(delta: &TimeDelta) -> (i64, i32) {
    let (seconds, nanoseconds) = (delta.num_seconds(), delta.subsec_nanos());
    if nanoseconds < 0 {
        (seconds - 1, nanoseconds + 1_000_000_000)
    } else {
        (seconds, nanoseconds)
    }
}

/// A duration from the parts chrono's serde impl reads (the nanoseconds taken as `u32`, as
/// chrono takes them, so a negative count is out of bounds).
fn delta_from(seconds: i64, nanoseconds: i32) -> Option<TimeDelta> {
    TimeDelta::new(seconds, nanoseconds as u32)
}

const DELTA_OUT_OF_BOUNDS: &str = "TimeDelta out of bounds";

#[cfg(feature = "json")]
impl crate::json::Encode for TimeDelta {
    fn encode<W: crate::json::Writer>(&self, w: &mut W) {
        crate::json::Encode::encode(&delta_parts(self), w);
    }

    fn size_hint(&self) -> usize {
        24
    }
}

#[cfg(feature = "json")]
impl<'de> crate::json::Decode<'de> for TimeDelta {
    fn decode(r: &mut crate::json::Reader<'de>) -> Result<Self, crate::json::Error> {
        let at = r.offset();
        let (seconds, nanoseconds) = <(i64, i32) as crate::json::Decode>::decode(r)?;
        delta_from(seconds, nanoseconds).ok_or_else(|| r.custom_at(DELTA_OUT_OF_BOUNDS, at))
    }
}

#[cfg(feature = "msgpack")]
impl crate::msgpack::Encode for TimeDelta {
    fn encode<W: crate::msgpack::Writer>(&self, w: &mut W) {
        crate::msgpack::Encode::encode(&delta_parts(self), w);
    }

    fn size_hint(&self) -> usize {
        15
    }
}

#[cfg(feature = "msgpack")]
impl<'de> crate::msgpack::Decode<'de> for TimeDelta {
    fn decode(r: &mut crate::msgpack::Reader<'de>) -> Result<Self, crate::msgpack::Error> {
        let at = r.offset();
        let (seconds, nanoseconds) = <(i64, i32) as crate::msgpack::Decode>::decode(r)?;
        delta_from(seconds, nanoseconds).ok_or_else(|| r.custom_at(DELTA_OUT_OF_BOUNDS, at))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leap_seconds_read_as_chrono_reads_them() {
        let text = "2016-12-31T23:59:60.5Z";
        assert_eq!(
            parse_offset_date_time(text).unwrap(),
            text.parse::<DateTime<FixedOffset>>().unwrap()
        );
        let t = "23:59:60.25";
        assert_eq!(parse_time(t).unwrap(), t.parse::<NaiveTime>().unwrap());
        assert_eq!(
            offset_date_time_text(&parse_offset_date_time(text).unwrap()).as_str(),
            "2016-12-31T23:59:60.500Z"
        );
    }

    #[test]
    fn errors_say_what_is_wrong() {
        assert_eq!(
            parse_date("1999-02-30").unwrap_err(),
            r#"invalid date "1999-02-30": day out of range"#
        );
        assert_eq!(
            parse_time("24:00:00").unwrap_err(),
            r#"invalid time "24:00:00": hour out of range"#
        );
        assert_eq!(
            parse_offset_date_time("2024-01-01T00:00:00+25:00").unwrap_err(),
            r#"invalid date-time "2024-01-01T00:00:00+25:00": offset out of range"#
        );
        assert_eq!(
            parse_date("+300000-01-01").unwrap_err(),
            r#"invalid date "+300000-01-01": out of chrono's range"#
        );
    }

    /// `common_date` byte by byte.
    fn scalar(text: &[u8; 10]) -> Option<NaiveDate> {
        let digit = |i: usize| text[i].is_ascii_digit().then(|| u32::from(text[i] - b'0'));
        if text[4] != b'-' || text[7] != b'-' {
            return None;
        }
        let number = |places: &[usize]| places.iter().try_fold(0, |n, &i| Some(n * 10 + digit(i)?));
        let year = number(&[0, 1, 2, 3])?;
        NaiveDate::from_ymd_opt(year as i32, number(&[5, 6])?, number(&[8, 9])?)
    }

    #[test]
    fn common_dates_read_as_chrono_reads_them() {
        // Every byte value at every place of two dates, and every day of four years.
        for base in [*b"2024-02-29", *b"1999-12-31"] {
            for at in 0..base.len() {
                for byte in 0..=255u8 {
                    let mut text = base;
                    text[at] = byte;
                    let ours = common_date(&text);
                    assert_eq!(ours, scalar(&text), "{:?}", String::from_utf8_lossy(&text));
                }
            }
        }
        let mut day = NaiveDate::from_ymd_opt(1999, 1, 1).unwrap();
        while day.year() < 2003 {
            let text = day.format("%Y-%m-%d").to_string();
            assert_eq!(common_date(text.as_bytes()), Some(day), "{text}");
            day = day.succ_opt().unwrap();
        }
        for text in [
            "0000-01-01",
            "9999-12-31",
            "2023-02-29",
            "2024-13-01",
            "2024-00-10",
        ] {
            assert_eq!(
                common_date(text.as_bytes()),
                NaiveDate::parse_from_str(text, "%Y-%m-%d").ok(),
                "{text}"
            );
        }
    }

    #[test]
    fn durations_keep_chronos_parts() {
        let delta = TimeDelta::new(-2, 250_000_000).unwrap();
        assert_eq!(delta_parts(&delta), (-2, 250_000_000));
        assert_eq!(delta_from(-2, 250_000_000), Some(delta));
        assert_eq!(delta_from(0, -1), None);
    }
}
