//! The `time` crate's types (the `time` feature), written and read as its serde impls write and
//! read them through serde_json and rmp-serde with its `serde-human-readable` feature on. Those
//! impls ask the format whether it is human-readable: serde_json is, and gets text; rmp-serde is
//! not, and gets each type's compact form, a tuple (a MessagePack array) or a number:
//!
//! | type | JSON | MessagePack |
//! |---|---|---|
//! | `Date` | `"2024-02-29"` (`"-0001-12-31"`) | `[year, day of year]` |
//! | `Time` | `"23:59:59.5"` (fraction of 1 to 9 digits, `.0` for none) | `[hour, minute, second, nanosecond]` |
//! | `PrimitiveDateTime` | `"2024-02-29 23:59:59.5"` | `[year, day of year, hour, minute, second, nanosecond]` |
//! | `UtcDateTime` | `"2024-02-29 23:59:59.5"` (UTC; no offset written) | `[year, day of year, hour, minute, second, nanosecond]` |
//! | `OffsetDateTime` | `"2024-02-29 23:59:59.5 +05:30:00"` | the six above, then `offset hours, minutes, seconds` |
//! | `UtcOffset` | `"+05:30:00"` | `[hours, minutes, seconds]` |
//! | `Duration` | `"-1.500000000"` (seconds, nine fraction digits) | `[seconds, nanoseconds]` |
//! | `Weekday` | `"Monday"` | `1` (Monday) to `7` |
//! | `Month` | `"January"` | `1` to `12` |
//!
//! An `OffsetDateTime` is written as its local date and time and its offset. Reading takes
//! either form in either format, as those impls do: a string is read as the text above, a
//! sequence (an array, or a MessagePack `bin`, one element per byte) as the tuple, and a
//! `Weekday` or `Month` as its name in JSON and as its number in both. The text is read by
//! fastwire's own parser for exactly the grammar the `time` crate reads, with its messages
//! (`day was not in range`); a tuple's fields are checked by the `time` crate's constructors,
//! with the serde impls' messages (`invalid ordinal, expected an in-range value`). The text
//! types and `Weekday` and `Month` are JSON object keys too, as serde_json writes and reads
//! them (by their text).

use ::time::error::ComponentRange;
use ::time::{
    Date, Duration, Month, OffsetDateTime, PrimitiveDateTime, Time, UtcDateTime, UtcOffset, Weekday,
};

use crate::time::{self as shared, TimeText};

// =============================================================================================
// Text
// =============================================================================================

#[inline]
fn date_text(text: &mut TimeText, date: Date) {
    let (year, month, day) = date.to_calendar_date();
    text.date(i64::from(year), u8::from(month), day);
}

#[inline]
fn time_text(text: &mut TimeText, t: Time) {
    let (hour, minute, second, nanosecond) = t.as_hms_nano();
    text.time(u32::from(hour), u32::from(minute), u32::from(second), 0);
    text.fraction_of_one_digit_or_more(nanosecond);
}

#[inline]
fn date_time_text(text: &mut TimeText, date: Date, t: Time) {
    date_text(text, date);
    text.push(b' ');
    time_text(text, t);
}

#[inline]
fn offset_text(text: &mut TimeText, offset: UtcOffset) {
    let (hours, minutes, seconds) = offset.as_hms();
    text.offset_hms(hours, minutes, seconds);
}

/// The message a text's value gets when its fields name nothing (the `time` crate's parser
/// says `day was not in range`).
#[cold]
fn out_of_range(err: ComponentRange) -> String {
    err.to_string()
}

/// The message a tuple gets when its fields name nothing, as the serde impls word it.
#[cold]
fn invalid_component(err: ComponentRange) -> String {
    format!("invalid {}, expected an in-range value", err.name())
}

/// A date from fastwire's reading of the text (valid, year within ±9999).
#[inline]
fn date_from(date: shared::Date) -> Result<Date, ComponentRange> {
    let year = i32::try_from(date.year).unwrap_or(i32::MAX);
    Date::from_calendar_date(year, Month::try_from(date.month)?, date.day)
}

#[inline]
fn time_from(t: shared::Time) -> Result<Time, ComponentRange> {
    Time::from_hms_nano(t.hour, t.minute, t.second, t.nanosecond)
}

fn parse_date(text: &str) -> Result<Date, String> {
    let date = shared::Date::parse_time_serde(text).map_err(|err| err.to_string())?;
    date_from(date).map_err(out_of_range)
}

fn parse_time(text: &str) -> Result<Time, String> {
    let t = shared::Time::parse_time_serde(text).map_err(|err| err.to_string())?;
    time_from(t).map_err(out_of_range)
}

fn parse_date_time(text: &str) -> Result<PrimitiveDateTime, String> {
    let (date, t) =
        shared::Date::parse_time_serde_date_time(text).map_err(|err| err.to_string())?;
    let date = date_from(date).map_err(out_of_range)?;
    Ok(PrimitiveDateTime::new(
        date,
        time_from(t).map_err(out_of_range)?,
    ))
}

/// The text of a date and time without an offset (`PrimitiveDateTime`, `UtcDateTime`).
fn plain_text(date: Date, t: Time) -> TimeText {
    let mut text = TimeText::new();
    date_time_text(&mut text, date, t);
    text
}

/// The tuple of a date and time without an offset: year, day of year, hour, minute, second,
/// nanosecond.
fn plain_parts(date: Date, t: Time) -> (i32, u16, u8, u8, u8, u32) {
    let (hour, minute, second, nanosecond) = t.as_hms_nano();
    (
        date.year(),
        date.ordinal(),
        hour,
        minute,
        second,
        nanosecond,
    )
}

/// A `UtcDateTime`'s text is a `PrimitiveDateTime`'s, taken as UTC.
fn parse_utc_date_time(text: &str) -> Result<UtcDateTime, String> {
    parse_date_time(text).map(PrimitiveDateTime::as_utc)
}

fn parse_offset_date_time(text: &str) -> Result<OffsetDateTime, String> {
    let (date, t, (hours, minutes, seconds)) =
        shared::Date::parse_time_serde_offset_date_time(text).map_err(|err| err.to_string())?;
    let date = date_from(date).map_err(out_of_range)?;
    let t = time_from(t).map_err(out_of_range)?;
    let offset = UtcOffset::from_hms(hours, minutes, seconds).map_err(out_of_range)?;
    Ok(PrimitiveDateTime::new(date, t).assume_offset(offset))
}

fn parse_offset(text: &str) -> Result<UtcOffset, String> {
    let (hours, minutes, seconds) =
        shared::Time::parse_time_serde_offset(text).map_err(|err| err.to_string())?;
    UtcOffset::from_hms(hours, minutes, seconds).map_err(out_of_range)
}

/// A duration's text as the serde impl reads it: whole seconds as Rust reads an `i64` (a `+`
/// or `-` allowed), a `.`, then one or more digits of which the first nine count; the sign of
/// the seconds (or a leading `-` on zero seconds) is the fraction's too.
fn parse_duration(text: &str) -> Result<Duration, String> {
    let Some((whole, fraction)) = text.split_once('.') else {
        return Err(format!(
            "invalid value: string {text:?}, expected a decimal point"
        ));
    };
    let seconds: i64 = whole
        .parse()
        .map_err(|_| format!("invalid value: string {whole:?}, expected seconds"))?;
    let digits = fraction.as_bytes();
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return Err(format!(
            "invalid value: string {fraction:?}, expected nanoseconds"
        ));
    }
    let counted = &digits[..digits.len().min(9)];
    let value = counted
        .iter()
        .fold(0i32, |n, digit| n * 10 + i32::from(digit - b'0'));
    let nanoseconds = value * 10i32.pow(9 - counted.len() as u32);
    let negative = seconds < 0 || (seconds == 0 && text.starts_with('-'));
    // Below a second either way, so nothing carries into the seconds.
    Ok(Duration::new(
        seconds,
        if negative { -nanoseconds } else { nanoseconds },
    ))
}

// =============================================================================================
// Tuples
// =============================================================================================

/// A field of a tuple form: an integer, read by each format's own impl for its type (as the
/// serde impls read the tuple's fields through serde's impls for them).
trait Element: Sized {
    /// The type's name, for a byte of a `bin` it cannot hold.
    #[cfg(feature = "msgpack")]
    const NAME: &'static str;

    #[cfg(feature = "json")]
    fn json(r: &mut crate::json::Reader<'_>) -> Result<Self, crate::json::Error>;

    #[cfg(feature = "msgpack")]
    fn msgpack(r: &mut crate::msgpack::Reader<'_>) -> Result<Self, crate::msgpack::Error>;

    #[cfg(feature = "msgpack")]
    fn from_byte(byte: u8) -> Option<Self>;
}

macro_rules! elements {
    ($($ty:ident)*) => {$(
        impl Element for $ty {
            #[cfg(feature = "msgpack")]
            const NAME: &'static str = stringify!($ty);

            #[cfg(feature = "json")]
            #[inline]
            fn json(r: &mut crate::json::Reader<'_>) -> Result<Self, crate::json::Error> {
                <$ty as crate::json::Decode>::decode(r)
            }

            #[cfg(feature = "msgpack")]
            #[inline]
            fn msgpack(
                r: &mut crate::msgpack::Reader<'_>,
            ) -> Result<Self, crate::msgpack::Error> {
                <$ty as crate::msgpack::Decode>::decode(r)
            }

            #[cfg(feature = "msgpack")]
            #[inline]
            fn from_byte(byte: u8) -> Option<Self> {
                $ty::try_from(byte).ok()
            }
        }
    )*};
}

elements!(i8 u8 u16 i32 u32 i64);

/// A sequence's elements as a serde visitor takes them, in either format.
trait Items {
    type Error;

    /// The next element, or `None` at the end of the sequence.
    fn optional<T: Element>(&mut self) -> Result<Option<T>, Self::Error>;

    /// A data error at the sequence.
    fn error(&self, message: String) -> Self::Error;

    /// The next element; at the end of the sequence the visitor's `expected {name}` error.
    #[inline]
    fn item<T: Element>(&mut self, name: &'static str) -> Result<T, Self::Error> {
        match self.optional()? {
            Some(value) => Ok(value),
            None => Err(self.error(format!("expected {name}"))),
        }
    }
}

// Each visitor reads all its fields, then builds the value (so a field of the wrong type is
// reported before a value out of range), as the serde impls' visitors do.

fn visit_date<I: Items>(items: &mut I) -> Result<Date, I::Error> {
    let year = items.item("year")?;
    let ordinal = items.item("day of year")?;
    Date::from_ordinal_date(year, ordinal).map_err(|err| items.error(invalid_component(err)))
}

fn visit_time<I: Items>(items: &mut I) -> Result<Time, I::Error> {
    let hour = items.item("hour")?;
    let minute = items.item("minute")?;
    let second = items.item("second")?;
    let nanosecond = items.item("nanosecond")?;
    Time::from_hms_nano(hour, minute, second, nanosecond)
        .map_err(|err| items.error(invalid_component(err)))
}

/// The fields a date and time share (year, day of year, hour, minute, second, nanosecond),
/// read, and the value they name (or why they name none).
fn visit_date_time_fields<I: Items>(
    items: &mut I,
) -> Result<Result<PrimitiveDateTime, ComponentRange>, I::Error> {
    let year = items.item("year")?;
    let ordinal = items.item("day of year")?;
    let hour = items.item("hour")?;
    let minute = items.item("minute")?;
    let second = items.item("second")?;
    let nanosecond = items.item("nanosecond")?;
    Ok(Date::from_ordinal_date(year, ordinal)
        .and_then(|date| date.with_hms_nano(hour, minute, second, nanosecond)))
}

fn visit_date_time<I: Items>(items: &mut I) -> Result<PrimitiveDateTime, I::Error> {
    visit_date_time_fields(items)?.map_err(|err| items.error(invalid_component(err)))
}

fn visit_utc_date_time<I: Items>(items: &mut I) -> Result<UtcDateTime, I::Error> {
    visit_date_time(items).map(PrimitiveDateTime::as_utc)
}

fn visit_offset_date_time<I: Items>(items: &mut I) -> Result<OffsetDateTime, I::Error> {
    let local = visit_date_time_fields(items)?;
    let hours = items.item("offset hours")?;
    let minutes = items.item("offset minutes")?;
    let seconds = items.item("offset seconds")?;
    local
        .and_then(|dt| UtcOffset::from_hms(hours, minutes, seconds).map(|o| dt.assume_offset(o)))
        .map_err(|err| items.error(invalid_component(err)))
}

/// An offset's hours, then optionally its minutes, then optionally its seconds.
fn visit_offset<I: Items>(items: &mut I) -> Result<UtcOffset, I::Error> {
    let hours = items.item("offset hours")?;
    let mut minutes = 0;
    let mut seconds = 0;
    if let Some(value) = items.optional()? {
        minutes = value;
        if let Some(value) = items.optional()? {
            seconds = value;
        }
    }
    UtcOffset::from_hms(hours, minutes, seconds).map_err(|err| items.error(invalid_component(err)))
}

/// Nanoseconds of a duration's tuple: the serde impl takes them within ±999,999,999.
const DURATION_NANOS: &str =
    "invalid value: integer, expected an integer in the range -999999999..=999999999";

fn visit_duration<I: Items>(items: &mut I) -> Result<Duration, I::Error> {
    let seconds = items.item("seconds")?;
    let nanoseconds: i32 = items.item("nanoseconds")?;
    if !(-999_999_999..=999_999_999).contains(&nanoseconds) {
        return Err(items.error(DURATION_NANOS.to_owned()));
    }
    Ok(Duration::new(seconds, nanoseconds))
}

// =============================================================================================
// JSON
// =============================================================================================

/// A JSON array's elements, as serde_json's `SeqAccess` gives them.
#[cfg(feature = "json")]
struct JsonItems<'a, 'de> {
    r: &'a mut crate::json::Reader<'de>,
    /// Where the array starts, for errors about it.
    at: usize,
    index: usize,
    /// Whether the closing `]` has been read.
    ended: bool,
}

#[cfg(feature = "json")]
impl Items for JsonItems<'_, '_> {
    type Error = crate::json::Error;

    #[inline]
    fn optional<T: Element>(&mut self) -> Result<Option<T>, Self::Error> {
        if self.ended || !self.r.array_next(self.index == 0)? {
            self.ended = true;
            return Ok(None);
        }
        let value = T::json(self.r).map_err(|err| err.in_index(self.index))?;
        self.index += 1;
        Ok(Some(value))
    }

    #[cold]
    fn error(&self, message: String) -> Self::Error {
        self.r.custom_at(message, self.at)
    }
}

/// Reads a value that is a string (`parse` reads its text) or an array (`visit` reads its
/// elements, after which the array must end, as serde_json requires); anything else is an
/// "invalid type" error naming `expected`.
#[cfg(feature = "json")]
#[inline]
fn json_decode<'de, T>(
    r: &mut crate::json::Reader<'de>,
    expected: &'static str,
    parse: fn(&str) -> Result<T, String>,
    visit: impl FnOnce(&mut JsonItems<'_, 'de>) -> Result<T, crate::json::Error>,
) -> Result<T, crate::json::Error> {
    match r.peek()? {
        b'"' => super::json_read_text(r, expected, parse),
        b'[' => {
            let at = r.offset();
            r.begin_array(expected)?;
            let mut items = JsonItems {
                r,
                at,
                index: 0,
                ended: false,
            };
            let value = visit(&mut items)?;
            if !items.ended && items.r.array_next(false)? {
                return Err(items.r.custom("trailing characters"));
            }
            Ok(value)
        }
        _ => Err(r.invalid_type(expected)),
    }
}

// =============================================================================================
// MessagePack
// =============================================================================================

/// A sequence's elements as rmp-serde gives them: an array's values, or a `bin`'s bytes.
#[cfg(feature = "msgpack")]
struct MsgpackItems<'a, 'de> {
    r: &'a mut crate::msgpack::Reader<'de>,
    /// Where the sequence starts, for errors about it.
    at: usize,
    form: crate::msgpack::SeqForm<'de>,
    index: usize,
}

#[cfg(feature = "msgpack")]
impl Items for MsgpackItems<'_, '_> {
    type Error = crate::msgpack::Error;

    #[inline]
    fn optional<T: Element>(&mut self) -> Result<Option<T>, Self::Error> {
        use crate::msgpack::SeqForm;
        let value = match self.form {
            SeqForm::Array(len) if self.index < len => {
                T::msgpack(self.r).map_err(|err| err.in_index(self.index))?
            }
            SeqForm::Bytes(bytes) if self.index < bytes.len() => {
                self.r
                    .bin_element_with(bytes, self.index, T::NAME, self.at, T::from_byte)?
            }
            _ => return Ok(None),
        };
        self.index += 1;
        Ok(Some(value))
    }

    #[cold]
    fn error(&self, message: String) -> Self::Error {
        self.r.custom_at(message, self.at)
    }
}

/// Reads a value that is a `str` (`parse` reads its text) or a sequence (`visit` reads its
/// elements: an array must hold no more, as rmp-serde requires, while a `bin`'s bytes beyond
/// them are ignored, as rmp-serde ignores them); anything else is an "invalid type" error
/// naming `expected`.
#[cfg(feature = "msgpack")]
#[inline]
fn msgpack_decode<'de, T>(
    r: &mut crate::msgpack::Reader<'de>,
    expected: &'static str,
    parse: fn(&str) -> Result<T, String>,
    visit: impl FnOnce(&mut MsgpackItems<'_, 'de>) -> Result<T, crate::msgpack::Error>,
) -> Result<T, crate::msgpack::Error> {
    use crate::msgpack::SeqForm;
    if let 0xA0..=0xBF | 0xD9..=0xDB = r.peek()? {
        return super::msgpack_read_text(r, expected, parse);
    }
    let at = r.offset();
    let form = r.begin_seq(expected)?;
    let mut items = MsgpackItems {
        r,
        at,
        form,
        index: 0,
    };
    let value = visit(&mut items)?;
    if let SeqForm::Array(len) = form {
        if items.index < len {
            return Err(items.r.custom_at(
                format_args!("array had incorrect length, expected {}", items.index),
                at,
            ));
        }
        items.r.end_container();
    }
    Ok(value)
}

// =============================================================================================
// The impls
// =============================================================================================

/// Implements both formats' traits for a type written as text in JSON (`$text` builds it from
/// `$value`) and as the tuple `$parts` in MessagePack, read from a string by `$parse` and
/// from a sequence by `$visit`; `$expected` is the serde visitor's name for the type, and the
/// hints bound each format's bytes.
macro_rules! time_impls {
    (
        $ty:ty, $expected:literal, json $json_hint:literal, msgpack $msgpack_hint:literal,
        text |$value:ident| $text:expr,
        parts |$whole:ident| $parts:expr,
        $parse:ident, $visit:ident $(,)?
    ) => {
        #[cfg(feature = "json")]
        impl crate::json::Encode for $ty {
            #[inline]
            fn encode<W: crate::json::Writer>(&self, w: &mut W) {
                let $value = *self;
                let text: TimeText = $text;
                super::json_write_ascii(w, text.as_bytes());
            }

            #[inline]
            fn size_hint(&self) -> usize {
                $json_hint
            }
        }

        #[cfg(feature = "json")]
        impl<'de> crate::json::Decode<'de> for $ty {
            #[inline]
            fn decode(r: &mut crate::json::Reader<'de>) -> Result<Self, crate::json::Error> {
                json_decode(r, $expected, $parse, |items| $visit(items))
            }
        }

        /// As a JSON object key: the same text (serde_json writes such keys as the string the
        /// value is, and reads them as that string).
        #[cfg(feature = "json")]
        impl crate::json::EncodeKey for $ty {
            #[inline]
            fn encode_key<W: crate::json::Writer>(&self, w: &mut W) {
                crate::json::Encode::encode(self, w);
            }

            #[inline]
            fn key_size_hint(&self) -> usize {
                $json_hint
            }
        }

        #[cfg(feature = "json")]
        impl<'de> crate::json::DecodeKey<'de> for $ty {
            #[inline]
            fn decode_key(key: crate::json::Str<'de, '_>) -> Result<Self, String> {
                $parse(&key)
            }
        }

        #[cfg(feature = "msgpack")]
        impl crate::msgpack::Encode for $ty {
            #[inline]
            fn encode<W: crate::msgpack::Writer>(&self, w: &mut W) {
                let $whole = *self;
                crate::msgpack::Encode::encode(&$parts, w);
            }

            #[inline]
            fn size_hint(&self) -> usize {
                $msgpack_hint
            }
        }

        #[cfg(feature = "msgpack")]
        impl<'de> crate::msgpack::Decode<'de> for $ty {
            #[inline]
            fn decode(r: &mut crate::msgpack::Reader<'de>) -> Result<Self, crate::msgpack::Error> {
                msgpack_decode(r, $expected, $parse, |items| $visit(items))
            }
        }
    };
}

time_impls!(
    Date, "a `Date`", json 13, msgpack 9,
    text |date| {
        let mut text = TimeText::new();
        date_text(&mut text, date);
        text
    },
    parts |date| (date.year(), date.ordinal()),
    parse_date, visit_date,
);

time_impls!(
    Time, "a `Time`", json 20, msgpack 12,
    text |t| {
        let mut text = TimeText::new();
        time_text(&mut text, t);
        text
    },
    parts |t| t.as_hms_nano(),
    parse_time, visit_time,
);

time_impls!(
    PrimitiveDateTime, "a `PlainDateTime`", json 32, msgpack 20,
    text |dt| plain_text(dt.date(), dt.time()),
    parts |dt| plain_parts(dt.date(), dt.time()),
    parse_date_time, visit_date_time,
);

time_impls!(
    UtcDateTime, "a `UtcDateTime`", json 32, msgpack 20,
    text |dt| plain_text(dt.date(), dt.time()),
    parts |dt| plain_parts(dt.date(), dt.time()),
    parse_utc_date_time, visit_utc_date_time,
);

time_impls!(
    OffsetDateTime, "an `OffsetDateTime`", json 42, msgpack 26,
    text |dt| {
        let mut text = TimeText::new();
        date_time_text(&mut text, dt.date(), dt.time());
        text.push(b' ');
        offset_text(&mut text, dt.offset());
        text
    },
    parts |dt| {
        let (hour, minute, second, nanosecond) = dt.to_hms_nano();
        let (hours, minutes, seconds) = dt.offset().as_hms();
        (
            dt.year(),
            dt.ordinal(),
            hour,
            minute,
            second,
            nanosecond,
            hours,
            minutes,
            seconds,
        )
    },
    parse_offset_date_time, visit_offset_date_time,
);

time_impls!(
    UtcOffset, "a `UtcOffset`", json 11, msgpack 7,
    text |offset| {
        let mut text = TimeText::new();
        offset_text(&mut text, offset);
        text
    },
    parts |offset| offset.as_hms(),
    parse_offset, visit_offset,
);

time_impls!(
    Duration, "a `SignedDuration`", json 32, msgpack 15,
    text |duration| {
        let mut text = TimeText::new();
        text.seconds_and_nanos(
            duration.is_negative(),
            duration.whole_seconds().unsigned_abs(),
            duration.subsec_nanoseconds().unsigned_abs(),
        );
        text
    },
    parts |duration| (duration.whole_seconds(), duration.subsec_nanoseconds()),
    parse_duration, visit_duration,
);

// =============================================================================================
// Weekday and Month: a name in JSON, a number in MessagePack
// =============================================================================================

const WEEKDAYS: [&str; 7] = [
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
];

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// A type the serde impls write as a name (human-readable) or a number from 1, and read from
/// either: the name exactly, the number as an unsigned integer.
trait Named: Sized + Copy {
    /// The serde visitor's name for the type.
    const EXPECTED: &'static str;
    /// What a number out of range should have been.
    const RANGE: &'static str;
    /// The names, the first numbered 1.
    const NAMES: &'static [&'static str];

    fn number(self) -> u8;

    fn from_number(number: u64) -> Option<Self>;

    #[inline]
    fn name(self) -> &'static str {
        Self::NAMES[usize::from(self.number() - 1)]
    }

    #[inline]
    fn from_name(name: &str) -> Option<Self> {
        let at = Self::NAMES.iter().position(|n| *n == name)?;
        Self::from_number(at as u64 + 1)
    }

    /// The error message for a string that is no name.
    #[cold]
    fn unknown_name(name: &str) -> String {
        format!(
            "invalid value: string {name:?}, expected {}",
            Self::EXPECTED
        )
    }
}

impl Named for Weekday {
    const EXPECTED: &'static str = "a `Weekday`";
    const RANGE: &'static str = "a value in the range 1..=7";
    const NAMES: &'static [&'static str] = &WEEKDAYS;

    #[inline]
    fn number(self) -> u8 {
        self.number_from_monday()
    }

    #[inline]
    fn from_number(number: u64) -> Option<Self> {
        match number {
            1..=7 => Some(Weekday::Sunday.nth_next(number as u8)),
            _ => None,
        }
    }
}

impl Named for Month {
    const EXPECTED: &'static str = "a `Month`";
    const RANGE: &'static str = "a value in the range 1..=12";
    const NAMES: &'static [&'static str] = &MONTHS;

    #[inline]
    fn number(self) -> u8 {
        u8::from(self)
    }

    #[inline]
    fn from_number(number: u64) -> Option<Self> {
        u8::try_from(number)
            .ok()
            .and_then(|n| Month::try_from(n).ok())
    }
}

/// A JSON string naming the value, or a number: an unsigned integer from 1 (serde_json gives
/// a negative integer or a float to the visitor as such, which it refuses).
#[cfg(feature = "json")]
fn json_named<T: Named>(r: &mut crate::json::Reader<'_>) -> Result<T, crate::json::Error> {
    if r.peek()? == b'"' {
        let at = r.offset();
        let message = {
            let text = r.decode_str()?;
            match T::from_name(&text) {
                Some(value) => return Ok(value),
                None => T::unknown_name(&text),
            }
        };
        return Err(r.custom_at(message, at));
    }
    let at = r.offset();
    match super::json_integer(r, T::EXPECTED)? {
        super::Integer::Unsigned(n) => {
            T::from_number(n).ok_or_else(|| r.invalid_value(format!("integer `{n}`"), T::RANGE, at))
        }
        super::Integer::Signed(n) => Err(r.custom_at(
            format_args!("invalid type: integer `{n}`, expected {}", T::EXPECTED),
            at,
        )),
    }
}

/// A MessagePack unsigned integer from 1 (rmp-serde reads these types as a `u8`, giving the
/// visitor an integer as the type its marker names: a signed one, even if positive, or a float
/// is refused, and so is anything else).
#[cfg(feature = "msgpack")]
fn msgpack_named<T: Named>(r: &mut crate::msgpack::Reader<'_>) -> Result<T, crate::msgpack::Error> {
    let at = r.offset();
    match r.peek()? {
        0x00..=0x7F | 0xCC..=0xCF => {
            let n = r.decode_u64(T::EXPECTED)?;
            T::from_number(n).ok_or_else(|| r.invalid_value(format!("integer `{n}`"), T::RANGE, at))
        }
        0xE0..=0xFF | 0xD0..=0xD3 => {
            let n = r.decode_i64(T::EXPECTED)?;
            Err(r.invalid_type_found(format!("integer `{n}`"), T::EXPECTED, at))
        }
        0xCA | 0xCB => {
            let x = r.decode_f64()?;
            Err(r.invalid_type_found(
                format!("floating point `{}`", super::Float(x)),
                T::EXPECTED,
                at,
            ))
        }
        _ => Err(r.invalid_type(T::EXPECTED)),
    }
}

macro_rules! named_impls {
    ($($ty:ty)*) => {$(
        #[cfg(feature = "json")]
        impl crate::json::Encode for $ty {
            #[inline]
            fn encode<W: crate::json::Writer>(&self, w: &mut W) {
                super::json_write_ascii(w, self.name().as_bytes());
            }

            #[inline]
            fn size_hint(&self) -> usize {
                11
            }
        }

        #[cfg(feature = "json")]
        impl<'de> crate::json::Decode<'de> for $ty {
            #[inline]
            fn decode(r: &mut crate::json::Reader<'de>) -> Result<Self, crate::json::Error> {
                json_named(r)
            }
        }

        /// As a JSON object key: the name (serde_json reads a key as the string it is, so a
        /// number in a key is no name).
        #[cfg(feature = "json")]
        impl crate::json::EncodeKey for $ty {
            #[inline]
            fn encode_key<W: crate::json::Writer>(&self, w: &mut W) {
                super::json_write_ascii(w, self.name().as_bytes());
            }

            #[inline]
            fn key_size_hint(&self) -> usize {
                11
            }
        }

        #[cfg(feature = "json")]
        impl<'de> crate::json::DecodeKey<'de> for $ty {
            #[inline]
            fn decode_key(key: crate::json::Str<'de, '_>) -> Result<Self, String> {
                <$ty>::from_name(&key).ok_or_else(|| <$ty>::unknown_name(&key))
            }
        }

        #[cfg(feature = "msgpack")]
        impl crate::msgpack::Encode for $ty {
            #[inline]
            fn encode<W: crate::msgpack::Writer>(&self, w: &mut W) {
                // A positive fixint.
                w.write_raw(&[self.number()]);
            }

            #[inline]
            fn size_hint(&self) -> usize {
                1
            }
        }

        #[cfg(feature = "msgpack")]
        impl<'de> crate::msgpack::Decode<'de> for $ty {
            #[inline]
            fn decode(r: &mut crate::msgpack::Reader<'de>) -> Result<Self, crate::msgpack::Error> {
                msgpack_named(r)
            }
        }
    )*};
}

named_impls!(Weekday Month);

#[cfg(test)]
mod tests {
    use super::*;

    fn text(build: impl FnOnce(&mut TimeText)) -> String {
        let mut text = TimeText::new();
        build(&mut text);
        text.as_str().to_owned()
    }

    #[test]
    fn fractions_keep_their_significant_digits() {
        let t = |nanos| text(|x| time_text(x, Time::from_hms_nano(1, 2, 3, nanos).unwrap()));
        assert_eq!(t(0), "01:02:03.0");
        assert_eq!(t(500_000_000), "01:02:03.5");
        assert_eq!(t(120_000_000), "01:02:03.12");
        assert_eq!(t(1), "01:02:03.000000001");
        assert_eq!(t(999_999_999), "01:02:03.999999999");
        assert_eq!(t(1_000), "01:02:03.000001");
    }

    #[test]
    fn offsets_and_durations() {
        let o = |h, m, s| text(|x| offset_text(x, UtcOffset::from_hms(h, m, s).unwrap()));
        assert_eq!(o(0, 0, 0), "+00:00:00");
        assert_eq!(o(5, 30, 0), "+05:30:00");
        assert_eq!(o(0, -30, -1), "-00:30:01");
        assert_eq!(o(-25, -59, -59), "-25:59:59");
        let d = |duration: Duration| {
            text(|x| {
                x.seconds_and_nanos(
                    duration.is_negative(),
                    duration.whole_seconds().unsigned_abs(),
                    duration.subsec_nanoseconds().unsigned_abs(),
                )
            })
        };
        assert_eq!(d(Duration::ZERO), "0.000000000");
        assert_eq!(d(Duration::new(-1, -500_000_000)), "-1.500000000");
        assert_eq!(d(Duration::new(0, -1)), "-0.000000001");
        assert_eq!(d(Duration::MIN), "-9223372036854775808.999999999");
        assert_eq!(parse_duration("-0.5"), Ok(Duration::new(0, -500_000_000)));
        assert_eq!(
            parse_duration("+3.1234567891"),
            Ok(Duration::new(3, 123_456_789))
        );
        assert!(parse_duration("3").is_err());
        assert!(parse_duration("3.").is_err());
        assert!(parse_duration(".5").is_err());
    }

    #[test]
    fn texts_read_as_the_time_crate_reads_them() {
        let date = |y, m, d| Date::from_calendar_date(y, Month::try_from(m).unwrap(), d).unwrap();
        assert_eq!(parse_date("2024-02-29"), Ok(date(2024, 2, 29)));
        assert_eq!(parse_date("+2024-02-29"), Ok(date(2024, 2, 29)));
        assert_eq!(parse_date("-0001-12-31"), Ok(date(-1, 12, 31)));
        assert_eq!(
            parse_date("2023-02-29").unwrap_err(),
            "day was not in range"
        );
        assert_eq!(
            parse_date("2023-02-32").unwrap_err(),
            "the 'day' component could not be parsed"
        );
        assert_eq!(
            parse_date("2023/02/01").unwrap_err(),
            "a character literal was not valid"
        );
        assert_eq!(
            parse_date("2023-02-01 ").unwrap_err(),
            "unexpected trailing characters; the end of input was expected"
        );
        assert_eq!(
            parse_time("23:59:60.0").unwrap_err(),
            "second was not in range"
        );
        assert_eq!(
            parse_time("23:59:59").unwrap_err(),
            "a character literal was not valid"
        );
        let dt = parse_offset_date_time("2024-02-29 12:30:00.25 -05:30:15").unwrap();
        assert_eq!(dt.offset().as_hms(), (-5, -30, -15));
        assert_eq!(dt.nanosecond(), 250_000_000);
        assert_eq!(parse_offset("+25:59:59").unwrap().as_hms(), (25, 59, 59));
        assert_eq!(
            parse_offset("+26:00:00").unwrap_err(),
            "the 'offset hour' component could not be parsed"
        );
    }
}
