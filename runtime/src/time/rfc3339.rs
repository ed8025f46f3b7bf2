//! RFC 3339 text: a writer for UTC instants that produces exactly what chrono's `DateTime<Utc>`
//! serializes to, and a strict parser that accepts what chrono's `parse_from_rfc3339` accepts
//! (plus the signed years chrono writes), without allocating.
//!
//! The grammar the parser accepts, in RFC 3339's notation:
//!
//! ```text
//! date-time   = full-date separator partial-time offset
//! full-date   = year "-" month "-" day           ; day checked against the month and leap years
//! year        = 4DIGIT / ("+" / "-") 4*DIGIT     ; the signed form is ISO 8601's expanded year
//! month       = 2DIGIT                           ; 01-12
//! day         = 2DIGIT                           ; 01-28, 01-29, 01-30, 01-31
//! separator   = "T" / "t" / " "
//! partial-time = hour ":" minute ":" second ["." 1*DIGIT]
//! hour        = 2DIGIT                           ; 00-23
//! minute      = 2DIGIT                           ; 00-59
//! second      = 2DIGIT                           ; 00-59, or 60 for a leap second
//! offset      = "Z" / "z" / ("+" / "-" / U+2212) 2DIGIT ":" 2DIGIT   ; within ±23:59
//! ```
//!
//! Choices, each chrono's:
//! - Fraction digits past the ninth are read and dropped (truncated, not rounded).
//! - A leap second (`:60`, at any minute, since an offset moves where 23:59:60 UTC falls) is
//!   accepted. Unix time has no number for it, so the instant is the one POSIX and chrono's own
//!   `timestamp_nanos` give it: the second after `:59`, i.e. `23:59:60.5Z` is the instant of
//!   `00:00:00.5Z` the next day. [`DateTime::leap_second`] says that it happened.
//! - Years outside 0000..=9999 carry a sign and at least four digits (`+10000`, `-0001`),
//!   which chrono writes and its `FromStr` reads, though its `parse_from_rfc3339` does not.
//!   Years are astronomical: `0000` is 1 BC, `-0001` is 2 BC.
//! - The offset's minus may also be U+2212 MINUS SIGN.

use std::fmt;

use super::civil::{
    civil_from_days, days_from_civil, days_in_month, split_days, MAX_YEAR, MIN_YEAR,
    SECONDS_PER_DAY,
};

/// The longest text [`format_utc`] writes: `-292277022657-01-27T08:29:52.999999999Z`.
pub(crate) const MAX_LEN: usize = 39;

/// The longest text after the year: `-01-27T08:29:52.999999999Z`.
const REST_LEN: usize = 26;

/// The digit pairs `00` to `99`, for writing two digits at once.
pub(super) const DIGIT_PAIRS: &[u8; 200] = b"\
    0001020304050607080910111213141516171819\
    2021222324252627282930313233343536373839\
    4041424344454647484950515253545556575859\
    6061626364656667686970717273747576777879\
    8081828384858687888990919293949596979899";

/// The RFC 3339 text of an instant, formatted on the stack by [`format_utc`].
#[derive(Clone, Copy)]
pub(crate) struct Rfc3339Text {
    bytes: [u8; MAX_LEN],
    len: u8,
}

impl Rfc3339Text {
    /// The text, all ASCII.
    #[inline]
    pub(crate) fn as_bytes(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }
}

impl fmt::Display for Rfc3339Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Every byte written is ASCII, so this never fails.
        f.pad(std::str::from_utf8(self.as_bytes()).map_err(|_| fmt::Error)?)
    }
}

impl fmt::Debug for Rfc3339Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{self}\"")
    }
}

/// Writes `value` (below 100) as two digits at `out[at..at + 2]`.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn put2<const N: usize>(out: &mut [u8; N], at: usize, value: u32) {
    let pair = value as usize * 2;
    out[at] = DIGIT_PAIRS[pair];
    out[at + 1] = DIGIT_PAIRS[pair + 1];
}

/// Writes the last `width` decimal digits of `value` at `out[at..at + width]`.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn put_digits(out: &mut [u8; MAX_LEN], at: usize, mut value: u64, width: usize) {
    for i in (at..at + width).rev() {
        out[i] = b'0' + (value % 10) as u8;
        value /= 10;
    }
}

/// Number of decimal digits in `value`, at least 4 (the year's minimum width).
#[inline]
fn year_width(value: u64) -> usize {
    let mut width = 4;
    let mut limit = 10_000u64;
    while width < 20 && value >= limit {
        width += 1;
        limit = limit.saturating_mul(10);
    }
    width
}

/// Formats the UTC instant `seconds` after 1970-01-01T00:00:00Z plus `nanoseconds` as RFC 3339
/// text, exactly as chrono's `DateTime<Utc>` serializes it (`SecondsFormat::AutoSi` with `Z`):
/// `YYYY-MM-DDTHH:MM:SS[.fff|.ffffff|.fffffffff]Z`, with the fraction left out when it is zero
/// and otherwise as short as it can be among 3, 6 and 9 digits. Years outside 0000..=9999 are
/// written with a sign and at least four digits (`+10000`, `-0001`).
///
/// `nanoseconds` is normally below 1,000,000,000. As in chrono, 1,000,000,000 and above mark a
/// leap second: the seconds field reads one more (`:60` after `:59`) and the fraction is what
/// lies beyond the billion (values above 1,999,999,999 are taken as 1,999,999,999).
// Used by `msgpack::Timestamp`'s `Display`, so only with that format.
#[cfg_attr(not(feature = "msgpack"), allow(dead_code))]
#[inline]
pub(crate) fn format_utc(seconds: i64, nanoseconds: u32) -> Rfc3339Text {
    let mut bytes = [0u8; MAX_LEN];
    let len = format_utc_into(&mut bytes, seconds, nanoseconds);
    Rfc3339Text {
        bytes,
        len: len as u8,
    }
}

/// Appends the RFC 3339 text of a UTC instant to `out`; see [`format_utc`]. The text is
/// formatted in place, in `out`'s own memory (no copy through the stack).
// Used by `msgpack::Timestamp`'s JSON impl, so only when both formats are on.
#[cfg_attr(not(all(feature = "json", feature = "msgpack")), allow(dead_code))]
#[inline]
pub(crate) fn write_utc(out: &mut Vec<u8>, seconds: i64, nanoseconds: u32) {
    let start = out.len();
    out.resize(start + MAX_LEN, 0);
    let len = match out[start..].first_chunk_mut::<MAX_LEN>() {
        Some(room) => format_utc_into(room, seconds, nanoseconds),
        None => 0,
    };
    out.truncate(start + len);
}

/// Writes the text [`format_utc`] describes at the start of `out`, returning its length.
#[inline]
fn format_utc_into(out: &mut [u8; MAX_LEN], seconds: i64, nanoseconds: u32) -> usize {
    let (nanoseconds, leap) = if nanoseconds >= 1_000_000_000 {
        (nanoseconds.min(1_999_999_999) - 1_000_000_000, 1)
    } else {
        (nanoseconds, 0)
    };
    let (days, second_of_day) = split_days(seconds);
    let (year, month, day) = civil_from_days(days);

    let year_len = if (0..=9999).contains(&year) {
        let year = year as u32;
        put2(out, 0, year / 100);
        put2(out, 2, year % 100);
        4
    } else {
        out[0] = if year < 0 { b'-' } else { b'+' };
        let magnitude = year.unsigned_abs();
        let width = year_width(magnitude);
        put_digits(out, 1, magnitude, width);
        1 + width
    };
    // Everything after the year, at fixed places: `-MM-DDTHH:MM:SS.fffffffffZ`.
    let Some(rest) = out[year_len..].first_chunk_mut::<REST_LEN>() else {
        return year_len; // unreachable: the year takes at most MAX_LEN - REST_LEN bytes
    };
    rest[0] = b'-';
    put2(rest, 1, u32::from(month));
    rest[3] = b'-';
    put2(rest, 4, u32::from(day));
    rest[6] = b'T';
    put2(rest, 7, second_of_day / 3600);
    rest[9] = b':';
    put2(rest, 10, second_of_day / 60 % 60);
    rest[12] = b':';
    put2(rest, 13, second_of_day % 60 + leap);

    let rest_len = if nanoseconds == 0 {
        rest[15] = b'Z';
        16
    } else if nanoseconds % 1_000_000 == 0 {
        let millis = nanoseconds / 1_000_000;
        rest[15] = b'.';
        rest[16] = b'0' + (millis / 100) as u8;
        put2(rest, 17, millis % 100);
        rest[19] = b'Z';
        20
    } else if nanoseconds % 1000 == 0 {
        let micros = nanoseconds / 1000;
        rest[15] = b'.';
        put2(rest, 16, micros / 10_000);
        put2(rest, 18, micros / 100 % 100);
        put2(rest, 20, micros % 100);
        rest[22] = b'Z';
        23
    } else {
        rest[15] = b'.';
        rest[16] = b'0' + (nanoseconds / 100_000_000) as u8;
        put2(rest, 17, nanoseconds / 1_000_000 % 100);
        put2(rest, 19, nanoseconds / 10_000 % 100);
        put2(rest, 21, nanoseconds / 100 % 100);
        put2(rest, 23, nanoseconds % 100);
        rest[25] = b'Z';
        26
    };
    year_len + rest_len
}

/// Why a text is not an RFC 3339 date, time or date-time. `Display` gives the reason in a few
/// words (`day out of range`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Rfc3339Error {
    /// The year is not four digits, or a sign and at least four digits.
    ExpectedYear,
    /// The year, though well formed, lies beyond every instant of `i64` Unix seconds.
    YearOutOfRange,
    /// A `-` should separate year, month and day.
    ExpectedDash,
    /// The month is not two digits.
    ExpectedMonth,
    /// The month is not 01..=12.
    MonthOutOfRange,
    /// The day is not two digits.
    ExpectedDay,
    /// The day is 00 or past the end of its month (February 29th in a common year).
    DayOutOfRange,
    /// No `T`, `t` or space between the date and the time.
    ExpectedT,
    /// The hour is not two digits.
    ExpectedHour,
    /// The hour is not 00..=23.
    HourOutOfRange,
    /// A `:` should separate hour, minute and second.
    ExpectedColon,
    /// The minute is not two digits.
    ExpectedMinute,
    /// The minute is not 00..=59.
    MinuteOutOfRange,
    /// The second is not two digits.
    ExpectedSecond,
    /// The second is not 00..=60.
    SecondOutOfRange,
    /// A `.` not followed by a digit.
    ExpectedFraction,
    /// The text ends, or goes on, where `Z` or a numeric offset should be.
    ExpectedOffset,
    /// The offset is not `±HH:MM`.
    InvalidOffset,
    /// The offset's hours are above 23 or its minutes above 59.
    OffsetOutOfRange,
    /// The date-time, moved to UTC, lies beyond what `i64` Unix seconds hold.
    OutOfRange,
    /// Something follows a complete value.
    TrailingCharacters,
}

impl Rfc3339Error {
    /// The reason in a few words.
    pub(crate) const fn as_str(self) -> &'static str {
        use Rfc3339Error::*;
        match self {
            ExpectedYear => "expected a four-digit year",
            YearOutOfRange => "year out of range",
            ExpectedDash => "expected '-'",
            ExpectedMonth => "expected a two-digit month",
            MonthOutOfRange => "month out of range",
            ExpectedDay => "expected a two-digit day",
            DayOutOfRange => "day out of range",
            ExpectedT => "expected 'T'",
            ExpectedHour => "expected a two-digit hour",
            HourOutOfRange => "hour out of range",
            ExpectedColon => "expected ':'",
            ExpectedMinute => "expected a two-digit minute",
            MinuteOutOfRange => "minute out of range",
            ExpectedSecond => "expected a two-digit second",
            SecondOutOfRange => "second out of range",
            ExpectedFraction => "expected a digit after '.'",
            ExpectedOffset => "expected 'Z' or an offset such as +01:00",
            InvalidOffset => "invalid offset",
            OffsetOutOfRange => "offset out of range",
            OutOfRange => "date-time out of range",
            TrailingCharacters => "trailing characters",
        }
    }
}

impl fmt::Display for Rfc3339Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::error::Error for Rfc3339Error {}

/// A calendar date read by [`parse_date`]: valid on the proleptic Gregorian calendar, year
/// within [`MIN_YEAR`]..=[`MAX_YEAR`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Date {
    /// Astronomical year: 0 is 1 BC.
    pub(crate) year: i64,
    /// 1..=12.
    pub(crate) month: u8,
    /// 1..=31, within the month's length.
    pub(crate) day: u8,
}

/// A time of day read by [`parse_time`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Time {
    /// 0..=23.
    pub(crate) hour: u8,
    /// 0..=59.
    pub(crate) minute: u8,
    /// 0..=60; 60 is a leap second, left to the caller to place.
    pub(crate) second: u8,
    /// 0..=999_999_999: the first nine fraction digits.
    pub(crate) nanosecond: u32,
}

impl Time {
    /// Seconds since midnight, a leap second counting as the first second of the next minute.
    #[inline]
    const fn seconds_of_day(self) -> i64 {
        self.hour as i64 * 3600 + self.minute as i64 * 60 + self.second as i64
    }
}

/// A date-time read by [`parse_date_time`], as the UTC instant it names and the offset it was
/// written with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct DateTime {
    /// Seconds since 1970-01-01T00:00:00Z.
    pub(crate) seconds: i64,
    /// 0..=999_999_999.
    pub(crate) nanoseconds: u32,
    /// The offset written, in seconds east of UTC (within ±86,340).
    pub(crate) offset: i32,
    /// Whether the seconds field read 60. The instant is then the second after `:59` (see the
    /// module documentation); chrono's value for it is `seconds - 1` with `nanoseconds +
    /// 1_000_000_000`.
    #[allow(dead_code)] // for the chrono, time and jiff impls that build on this module
    pub(crate) leap_second: bool,
}

/// Reads an RFC 3339 date-time (`2024-02-29T12:30:00.5+01:00`) and returns the UTC instant it
/// names, with the offset it was written with. See the module documentation for the grammar.
// Used by `msgpack::Timestamp`'s JSON impl, so only when both formats are on.
#[cfg_attr(not(all(feature = "json", feature = "msgpack")), allow(dead_code))]
pub(crate) fn parse_date_time(text: &str) -> Result<DateTime, Rfc3339Error> {
    let mut cursor = Cursor::new(text);
    let (date, time) = match cursor.common_prefix() {
        Some(fields) => fields,
        None => {
            let date = cursor.date()?;
            match cursor.peek() {
                Some(b'T' | b't' | b' ') => cursor.pos += 1,
                _ => return Err(Rfc3339Error::ExpectedT),
            }
            (date, cursor.hms()?)
        }
    };
    let time = Time {
        nanosecond: cursor.optional_fraction()?,
        ..time
    };
    let offset = cursor.offset()?;
    cursor.end()?;

    let days = days_from_civil(date.year, date.month, date.day);
    let seconds = i128::from(days) * i128::from(SECONDS_PER_DAY)
        + i128::from(time.seconds_of_day())
        - i128::from(offset);
    Ok(DateTime {
        seconds: i64::try_from(seconds).map_err(|_| Rfc3339Error::OutOfRange)?,
        nanoseconds: time.nanosecond,
        offset,
        leap_second: time.second == 60,
    })
}

/// Reads an RFC 3339 full-date alone (`2024-02-29`), checked against the month's length.
#[allow(dead_code)] // for the chrono, time and jiff impls that build on this module
pub(crate) fn parse_date(text: &str) -> Result<Date, Rfc3339Error> {
    let mut cursor = Cursor::new(text);
    let date = cursor.date()?;
    cursor.end()?;
    Ok(date)
}

/// Reads an RFC 3339 partial-time alone (`23:59:60.25`): no offset; a leap second is returned
/// as second 60.
#[allow(dead_code)] // for the chrono, time and jiff impls that build on this module
pub(crate) fn parse_time(text: &str) -> Result<Time, Rfc3339Error> {
    let mut cursor = Cursor::new(text);
    let time = cursor.time()?;
    cursor.end()?;
    Ok(time)
}

/// Powers of ten that scale a fraction of `n` digits (index) to nanoseconds.
const FRACTION_SCALE: [u32; 10] = [
    0,
    100_000_000,
    10_000_000,
    1_000_000,
    100_000,
    10_000,
    1_000,
    100,
    10,
    1,
];

/// The run of ASCII digits at the start of `chunk`, read as the first eight digits of a decimal
/// fraction, and its length: `b"25Z....."` gives (25_000_000, 2), eight digits their value.
#[inline]
fn leading_digits(chunk: &[u8; 8]) -> (u32, usize) {
    // One byte per lane, the first byte in the lowest; each lane less b'0'.
    let lanes = u64::from_le_bytes(*chunk).wrapping_sub(0x3030_3030_3030_3030);
    // A lane's top bit ends up set when it is no digit: below b'0' it wrapped around, above b'9'
    // adding 0x76 carries into it. Borrows and carries travel only upwards, from the first
    // non-digit lane on, so the lanes below it are exact.
    let non_digits = (lanes | lanes.wrapping_add(0x7676_7676_7676_7676)) & 0x8080_8080_8080_8080;
    let count = (non_digits.trailing_zeros() / 8) as usize;
    let digits = match count {
        8 => lanes,
        _ => lanes & ((1u64 << (8 * count)) - 1),
    };
    // Digits to number: adjacent lanes into two-digit pairs (10a + b, in the even lanes), then
    // the four pairs weighted by 10^6, 10^4, 10^2 and 1 and summed in the top half by two
    // multiplications whose overflow past 64 bits is exactly the part not wanted.
    let pairs = digits * 10 + (digits >> 8);
    let first_and_third = pairs & 0x0000_00ff_0000_00ff;
    let second_and_fourth = (pairs >> 16) & 0x0000_00ff_0000_00ff;
    let value = first_and_third
        .wrapping_mul(100 + (1_000_000 << 32))
        .wrapping_add(second_and_fourth.wrapping_mul(1 + (10_000 << 32)))
        >> 32;
    (value as u32, count)
}

/// A position in the text being parsed.
struct Cursor<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Cursor<'a> {
    fn new(text: &'a str) -> Self {
        Cursor {
            bytes: text.as_bytes(),
            pos: 0,
        }
    }

    #[inline]
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    /// The value of the ASCII digit at `pos + ahead`, if there is one.
    #[inline]
    fn digit(&self, ahead: usize) -> Option<u8> {
        match self.bytes.get(self.pos + ahead) {
            Some(&b @ b'0'..=b'9') => Some(b - b'0'),
            _ => None,
        }
    }

    /// Two digits, or `err`.
    #[inline]
    fn two_digits(&mut self, err: Rfc3339Error) -> Result<u8, Rfc3339Error> {
        match (self.digit(0), self.digit(1)) {
            (Some(tens), Some(ones)) => {
                self.pos += 2;
                Ok(tens * 10 + ones)
            }
            _ => Err(err),
        }
    }

    /// The byte `expected`, or `err`.
    #[inline]
    fn expect(&mut self, expected: u8, err: Rfc3339Error) -> Result<(), Rfc3339Error> {
        if self.peek() == Some(expected) {
            self.pos += 1;
            Ok(())
        } else {
            Err(err)
        }
    }

    #[inline]
    fn end(&self) -> Result<(), Rfc3339Error> {
        if self.pos == self.bytes.len() {
            Ok(())
        } else {
            Err(Rfc3339Error::TrailingCharacters)
        }
    }

    // year "-" month "-" day
    fn date(&mut self) -> Result<Date, Rfc3339Error> {
        let year = self.year()?;
        self.expect(b'-', Rfc3339Error::ExpectedDash)?;
        let month = self.two_digits(Rfc3339Error::ExpectedMonth)?;
        if !(1..=12).contains(&month) {
            return Err(Rfc3339Error::MonthOutOfRange);
        }
        self.expect(b'-', Rfc3339Error::ExpectedDash)?;
        let day = self.two_digits(Rfc3339Error::ExpectedDay)?;
        if day == 0 || day > days_in_month(year, month) {
            return Err(Rfc3339Error::DayOutOfRange);
        }
        Ok(Date { year, month, day })
    }

    // 4DIGIT / ("+" / "-") 4*DIGIT
    fn year(&mut self) -> Result<i64, Rfc3339Error> {
        let negative = match self.peek() {
            Some(b'+') => false,
            Some(b'-') => true,
            _ => {
                return match (self.digit(0), self.digit(1), self.digit(2), self.digit(3)) {
                    (Some(a), Some(b), Some(c), Some(d)) => {
                        self.pos += 4;
                        Ok(i64::from(a) * 1000
                            + i64::from(b) * 100
                            + i64::from(c) * 10
                            + i64::from(d))
                    }
                    _ => Err(Rfc3339Error::ExpectedYear),
                };
            }
        };
        self.pos += 1;
        let start = self.pos;
        let mut magnitude: i64 = 0;
        let mut too_large = false;
        while let Some(digit) = self.digit(0) {
            self.pos += 1;
            magnitude = magnitude * 10 + i64::from(digit);
            // Past MAX_YEAR the value stops growing, so it never overflows.
            if magnitude > MAX_YEAR {
                too_large = true;
                magnitude = MAX_YEAR + 1;
            }
        }
        if self.pos - start < 4 {
            return Err(Rfc3339Error::ExpectedYear);
        }
        let year = if negative { -magnitude } else { magnitude };
        if too_large || !(MIN_YEAR..=MAX_YEAR).contains(&year) {
            return Err(Rfc3339Error::YearOutOfRange);
        }
        Ok(year)
    }

    /// The shape nearly every date-time has, `YYYY-MM-DDTHH:MM:SS` with a four-digit year,
    /// read and checked in one go. `None` when anything differs or is out of range, without
    /// moving: the field-by-field readers then find the same values, or name the problem.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn common_prefix(&mut self) -> Option<(Date, Time)> {
        let b = self.bytes.get(self.pos..)?.first_chunk::<19>()?;
        // Two eight-byte words, one byte per lane (the first in the lowest): `YYYY-MM-` and
        // `HH:MM:SS`, less what each lane should hold (b'0' for a digit, the punctuation
        // itself), so that a good lane is 0..=9 and a good punctuation lane 0. A lane's top
        // bit ends up set when it is out of 0..=9 (below, it wrapped; above, adding 0x76
        // carries into it); a borrow or carry only reaches the lanes after a bad one.
        const DATE: u64 = u64::from_le_bytes(*b"0000-00-");
        const TIME: u64 = u64::from_le_bytes(*b"00:00:00");
        const DATE_PUNCTUATION: u64 = u64::from_le_bytes([0, 0, 0, 0, 0xff, 0, 0, 0xff]);
        const TIME_PUNCTUATION: u64 = u64::from_le_bytes([0, 0, 0xff, 0, 0, 0xff, 0, 0]);
        const TOP_BITS: u64 = 0x8080_8080_8080_8080;
        const CARRY_ABOVE_NINE: u64 = 0x7676_7676_7676_7676;
        let date = u64::from_le_bytes(*b.first_chunk::<8>()?).wrapping_sub(DATE);
        let time = u64::from_le_bytes(*b.last_chunk::<8>()?).wrapping_sub(TIME);
        let bad = ((date | date.wrapping_add(CARRY_ABOVE_NINE)) & TOP_BITS)
            | (date & DATE_PUNCTUATION)
            | ((time | time.wrapping_add(CARRY_ABOVE_NINE)) & TOP_BITS)
            | (time & TIME_PUNCTUATION);
        let day_tens = b[8].wrapping_sub(b'0');
        let day_ones = b[9].wrapping_sub(b'0');
        if bad != 0 || day_tens > 9 || day_ones > 9 || !matches!(b[10], b'T' | b't' | b' ') {
            return None;
        }
        // Each lane now 0..=9: adjacent lanes into two-digit values (10a + b) without carries.
        let date = date * 10 + (date >> 8);
        let time = time * 10 + (time >> 8);
        let lane = |word: u64, i: u32| (word >> (8 * i)) as u8;
        let year = i64::from(lane(date, 0)) * 100 + i64::from(lane(date, 2));
        let (month, day) = (lane(date, 5), day_tens * 10 + day_ones);
        let (hour, minute, second) = (lane(time, 0), lane(time, 3), lane(time, 6));
        let in_range = (1..=12).contains(&month)
            && day != 0
            && day <= days_in_month(year, month)
            && hour <= 23
            && minute <= 59
            && second <= 60;
        if !in_range {
            return None;
        }
        self.pos += 19;
        let date = Date { year, month, day };
        let time = Time {
            hour,
            minute,
            second,
            nanosecond: 0,
        };
        Some((date, time))
    }

    // hour ":" minute ":" second ["." 1*DIGIT]
    fn time(&mut self) -> Result<Time, Rfc3339Error> {
        let time = self.hms()?;
        Ok(Time {
            nanosecond: self.optional_fraction()?,
            ..time
        })
    }

    // hour ":" minute ":" second, with no fraction yet
    fn hms(&mut self) -> Result<Time, Rfc3339Error> {
        let hour = self.two_digits(Rfc3339Error::ExpectedHour)?;
        if hour > 23 {
            return Err(Rfc3339Error::HourOutOfRange);
        }
        self.expect(b':', Rfc3339Error::ExpectedColon)?;
        let minute = self.two_digits(Rfc3339Error::ExpectedMinute)?;
        if minute > 59 {
            return Err(Rfc3339Error::MinuteOutOfRange);
        }
        self.expect(b':', Rfc3339Error::ExpectedColon)?;
        let second = self.two_digits(Rfc3339Error::ExpectedSecond)?;
        if second > 60 {
            return Err(Rfc3339Error::SecondOutOfRange);
        }
        Ok(Time {
            hour,
            minute,
            second,
            nanosecond: 0,
        })
    }

    // ["." 1*DIGIT], of which the first nine digits count
    fn optional_fraction(&mut self) -> Result<u32, Rfc3339Error> {
        if self.peek() != Some(b'.') {
            return Ok(0);
        }
        self.pos += 1;
        let rest = self.bytes.get(self.pos..).unwrap_or_default();
        let (nanoseconds, count) = match rest.first_chunk::<8>() {
            Some(chunk) => match (leading_digits(chunk), rest.get(8)) {
                ((eight, 8), Some(&ninth @ b'0'..=b'9')) => {
                    (eight * 10 + u32::from(ninth - b'0'), 9)
                }
                ((value, count), _) => (value * 10, count),
            },
            None => {
                let mut value = 0;
                let mut count = 0;
                while let Some(digit) = self.digit(count) {
                    value = value * 10 + u32::from(digit);
                    count += 1;
                }
                (value * FRACTION_SCALE[count], count)
            }
        };
        if count == 0 {
            return Err(Rfc3339Error::ExpectedFraction);
        }
        self.pos += count;
        while self.digit(0).is_some() {
            self.pos += 1;
        }
        Ok(nanoseconds)
    }

    // "Z" / "z" / ("+" / "-" / U+2212) 2DIGIT ":" 2DIGIT
    fn offset(&mut self) -> Result<i32, Rfc3339Error> {
        let negative = match self.bytes.get(self.pos..) {
            Some([b'Z' | b'z', ..]) => {
                self.pos += 1;
                return Ok(0);
            }
            Some([b'+', ..]) => {
                self.pos += 1;
                false
            }
            Some([b'-', ..]) => {
                self.pos += 1;
                true
            }
            Some([0xE2, 0x88, 0x92, ..]) => {
                self.pos += 3;
                true
            }
            _ => return Err(Rfc3339Error::ExpectedOffset),
        };
        let hours = self.two_digits(Rfc3339Error::InvalidOffset)?;
        self.expect(b':', Rfc3339Error::InvalidOffset)?;
        let minutes = self.two_digits(Rfc3339Error::InvalidOffset)?;
        if hours > 23 || minutes > 59 {
            return Err(Rfc3339Error::OffsetOutOfRange);
        }
        let seconds = i32::from(hours) * 3600 + i32::from(minutes) * 60;
        Ok(if negative { -seconds } else { seconds })
    }
}

/// jiff's forms (Temporal's ISO 8601 profile), read on a fast path: the forms jiff writes and
/// a few close to them, each to exactly the value jiff's own parser gives it. Every other text
/// gives `None`, for the caller to hand to jiff, which reads it or says what is wrong with it.
///
/// ```text
/// date      = year "-" month "-" day        ; year within -9999..=9999
/// year      = 4DIGIT / ("+" / "-") 6DIGIT   ; not "-000000"
/// date-time = date ("T" / "t" / " ") time
/// time      = hour ":" minute ":" second ["." 1*9DIGIT]   ; second 60 read as 59
/// timestamp = date-time ("Z" / "z" / ("+" / "-") 2DIGIT ":" 2DIGIT)   ; within ±23:59
/// ```
///
/// A leap second is read as jiff reads it: second 59, the fraction kept.
#[cfg_attr(not(feature = "jiff"), allow(dead_code))]
impl Date {
    /// Reads jiff's form of a date (`2024-02-29`, `-000001-12-31`).
    pub(crate) fn parse_temporal(text: &str) -> Option<Date> {
        let mut cursor = Cursor::new(text);
        let date = cursor.temporal_date()?;
        cursor.end().ok()?;
        Some(date)
    }

    /// Reads jiff's form of a civil date and time (`2024-02-29T23:59:59.5`).
    pub(crate) fn parse_temporal_with_time(text: &str) -> Option<(Date, Time)> {
        let mut cursor = Cursor::new(text);
        let fields = cursor.temporal_date_time()?;
        cursor.end().ok()?;
        Some(fields)
    }
}

#[cfg_attr(not(feature = "jiff"), allow(dead_code))]
impl Time {
    /// Reads jiff's form of a time of day (`23:59:59.5`); see [`Date::parse_temporal`].
    pub(crate) fn parse_temporal(text: &str) -> Option<Time> {
        let mut cursor = Cursor::new(text);
        let hms = cursor.hms().ok()?;
        let time = cursor.temporal_fraction(hms)?;
        cursor.end().ok()?;
        Some(time)
    }
}

#[cfg_attr(not(feature = "jiff"), allow(dead_code))]
impl DateTime {
    /// Reads jiff's form of an instant (`2024-02-29T23:59:59.5Z`, `…+05:30`) as the seconds
    /// since 1970-01-01T00:00:00Z and the nanoseconds; see [`Date::parse_temporal`]. A leap
    /// second counts as second 59 of its minute, as jiff counts it; the instant may lie outside
    /// jiff's range, which the caller checks.
    pub(crate) fn parse_temporal_instant(text: &str) -> Option<(i64, u32)> {
        let mut cursor = Cursor::new(text);
        let (date, time) = cursor.temporal_date_time()?;
        let offset = match cursor.peek() {
            // Not U+2212, which jiff does not read.
            Some(b'Z' | b'z' | b'+' | b'-') => cursor.offset().ok()?,
            _ => return None,
        };
        cursor.end().ok()?;
        // Years within ±9999: far inside `i64` seconds.
        let days = days_from_civil(date.year, date.month, date.day);
        let seconds = days * SECONDS_PER_DAY + time.seconds_of_day() - i64::from(offset);
        Some((seconds, time.nanosecond))
    }
}

/// jiff's forms; see [`Date::parse_temporal`].
impl Cursor<'_> {
    // 4DIGIT / ("+" / "-") 6DIGIT, then "-" month "-" day
    fn temporal_date(&mut self) -> Option<Date> {
        let sign = self.peek();
        if let Some(b'+' | b'-') = sign {
            let six = (1..=6).all(|ahead| self.digit(ahead).is_some());
            if !six || self.digit(7).is_some() {
                return None;
            }
        }
        let date = self.date().ok()?;
        if !(-9999..=9999).contains(&date.year) || (date.year == 0 && sign == Some(b'-')) {
            return None;
        }
        Some(date)
    }

    // date ("T" / "t" / " ") time
    fn temporal_date_time(&mut self) -> Option<(Date, Time)> {
        let (date, hms) = match self.common_prefix() {
            Some(fields) => fields,
            None => {
                let date = self.temporal_date()?;
                match self.peek() {
                    Some(b'T' | b't' | b' ') => self.pos += 1,
                    _ => return None,
                }
                (date, self.hms().ok()?)
            }
        };
        Some((date, self.temporal_fraction(hms)?))
    }

    /// The fraction after `hms`, of at most nine digits (jiff reads no more), and the second
    /// as jiff reads it (a leap second is 59).
    fn temporal_fraction(&mut self, hms: Time) -> Option<Time> {
        let start = self.pos;
        let nanosecond = self.optional_fraction().ok()?;
        if self.pos - start > 10 {
            return None;
        }
        Some(Time {
            second: hms.second.min(59),
            nanosecond,
            ..hms
        })
    }
}

// ---------------------------------------------------------------------------------------------
// The text the `time` crate's serde impls write and read
// ---------------------------------------------------------------------------------------------
//
// Not RFC 3339: a space between date and time, a fraction always present, and offsets with
// seconds, as in `2024-02-29 12:30:00.5 +01:00:00`. The grammar, field by field as the `time`
// crate's own parser reads it (every number exactly that many ASCII digits):
//
//   date        = ["+" / "-"] 4DIGIT "-" 2DIGIT "-" 2DIGIT    ; month 01-12, day 01-31
//   time        = 2DIGIT ":" 2DIGIT ":" 2DIGIT "." 1*32DIGIT  ; hour 00-23, minute 00-59,
//                                                             ; second 00-60, fraction to 9 digits
//   offset      = ("+" / "-") 2DIGIT ":" 2DIGIT ":" 2DIGIT    ; hours 00-25, minutes and seconds 00-59
//   date-time   = date " " time
//   offset-date-time = date " " time " " offset
//
// Then the whole text must have been read, and only then are the fields put together: a day
// past its month's end or second 60 is refused last.

/// Why a text is not one the `time` crate's serde impls read: the ways that crate's parser
/// fails, `Display`ed in its words.
#[cfg(feature = "time")]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TimeSerdeError {
    /// A field is missing, malformed, or beyond what it can ever hold; named as `time`
    /// names it (`"day"`, `"offset hour"`).
    Component(&'static str),
    /// A separator (`-`, `:`, ` ` or `.`) is missing.
    Literal,
    /// Something follows a complete value.
    TrailingCharacters,
    /// Well-formed fields that name no value (February 30th, second 60).
    Range(&'static str),
}

#[cfg(feature = "time")]
impl fmt::Display for TimeSerdeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeSerdeError::Component(name) => {
                write!(f, "the '{name}' component could not be parsed")
            }
            TimeSerdeError::Literal => f.write_str("a character literal was not valid"),
            TimeSerdeError::TrailingCharacters => {
                f.write_str("unexpected trailing characters; the end of input was expected")
            }
            TimeSerdeError::Range(name) => write!(f, "{name} was not in range"),
        }
    }
}

/// An offset from UTC as the `time` crate holds it: hours, minutes and seconds, all of one
/// sign.
#[cfg(feature = "time")]
pub(crate) type HmsOffset = (i8, i8, i8);

#[cfg(feature = "time")]
impl Date {
    /// Reads a date as the `time` crate's serde impls write it (`2024-02-29`, `-0001-12-31`).
    #[inline]
    pub(crate) fn parse_time_serde(text: &str) -> Result<Date, TimeSerdeError> {
        if let Some(date) = common_date(text.as_bytes()) {
            return Ok(date);
        }
        let mut cursor = Cursor::new(text);
        let fields = cursor.time_serde_date()?;
        cursor.time_serde_end()?;
        fields.checked()
    }

    /// Reads a date and time as the `time` crate's serde impls write a `PrimitiveDateTime`
    /// (`2024-02-29 12:30:00.0`).
    #[inline]
    pub(crate) fn parse_time_serde_date_time(text: &str) -> Result<(Date, Time), TimeSerdeError> {
        let mut cursor = Cursor::new(text);
        let (date, time) = cursor.time_serde_date_time()?;
        cursor.time_serde_end()?;
        Ok((date.checked()?, time.checked()?))
    }

    /// Reads a date, time and offset as the `time` crate's serde impls write an
    /// `OffsetDateTime` (`2024-02-29 12:30:00.0 +01:00:00`).
    #[inline]
    pub(crate) fn parse_time_serde_offset_date_time(
        text: &str,
    ) -> Result<(Date, Time, HmsOffset), TimeSerdeError> {
        let mut cursor = Cursor::new(text);
        let (date, time) = cursor.time_serde_date_time()?;
        cursor.literal(b' ')?;
        let offset = cursor.time_serde_offset()?;
        cursor.time_serde_end()?;
        Ok((date.checked()?, time.checked()?, offset))
    }
}

#[cfg(feature = "time")]
impl Time {
    /// Reads a time of day as the `time` crate's serde impls write it (`12:30:00.5`).
    #[inline]
    pub(crate) fn parse_time_serde(text: &str) -> Result<Time, TimeSerdeError> {
        let mut cursor = Cursor::new(text);
        let time = cursor.time_serde_time()?;
        cursor.time_serde_end()?;
        time.checked()
    }

    /// Reads an offset as the `time` crate's serde impls write a `UtcOffset` (`+05:30:00`).
    #[inline]
    pub(crate) fn parse_time_serde_offset(text: &str) -> Result<HmsOffset, TimeSerdeError> {
        let mut cursor = Cursor::new(text);
        let offset = cursor.time_serde_offset()?;
        cursor.time_serde_end()?;
        Ok(offset)
    }
}

/// `YYYY-MM-DD`, the form nearly every date comes in, read straight from its ten bytes; `None`
/// for anything else (or an invalid date), which the field-by-field reader then settles.
#[cfg(feature = "time")]
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn common_date(bytes: &[u8]) -> Option<Date> {
    let &[y0, y1, y2, y3, b'-', m0, m1, b'-', d0, d1] = bytes else {
        return None;
    };
    let digits = [y0, y1, y2, y3, m0, m1, d0, d1].map(|b| b.wrapping_sub(b'0'));
    if digits.iter().any(|&d| d > 9) {
        return None;
    }
    let [a, b, c, d, m0, m1, d0, d1] = digits;
    let year = i64::from(a) * 1000 + i64::from(b) * 100 + i64::from(c) * 10 + i64::from(d);
    let (month, day) = (m0 * 10 + m1, d0 * 10 + d1);
    let valid = (1..=12).contains(&month) && day != 0 && day <= days_in_month(year, month);
    valid.then_some(Date { year, month, day })
}

#[cfg(feature = "time")]
impl Date {
    /// The date itself, once the text is read: a day past the end of its month is a range
    /// error, as the `time` crate finds it last.
    #[inline]
    fn checked(self) -> Result<Date, TimeSerdeError> {
        if self.day <= days_in_month(self.year, self.month) {
            Ok(self)
        } else {
            Err(TimeSerdeError::Range("day"))
        }
    }
}

#[cfg(feature = "time")]
impl Time {
    /// The time itself, once the text is read: second 60 is a range error (the `time` crate
    /// has no leap seconds).
    #[inline]
    fn checked(self) -> Result<Time, TimeSerdeError> {
        if self.second < 60 {
            Ok(self)
        } else {
            Err(TimeSerdeError::Range("second"))
        }
    }
}

/// The most fraction digits the `time` crate reads; a digit after them is left over.
#[cfg(feature = "time")]
const TIME_SERDE_MAX_FRACTION: usize = 32;

#[cfg(feature = "time")]
impl Cursor<'_> {
    /// Exactly `N` digits' value, or `None` (nothing consumed).
    #[inline]
    fn exact_digits<const N: usize>(&mut self) -> Option<u32> {
        let mut value = 0;
        for ahead in 0..N {
            value = value * 10 + u32::from(self.digit(ahead)?);
        }
        self.pos += N;
        Some(value)
    }

    /// The separator `byte`.
    #[inline]
    fn literal(&mut self, byte: u8) -> Result<(), TimeSerdeError> {
        if self.peek() == Some(byte) {
            self.pos += 1;
            Ok(())
        } else {
            Err(TimeSerdeError::Literal)
        }
    }

    /// A field of exactly two digits, at most `max`, or the component error for `name`.
    #[inline]
    fn field(&mut self, max: u8, name: &'static str) -> Result<u8, TimeSerdeError> {
        match self.exact_digits::<2>() {
            Some(value) if value <= u32::from(max) => Ok(value as u8),
            _ => Err(TimeSerdeError::Component(name)),
        }
    }

    #[inline]
    fn time_serde_end(&self) -> Result<(), TimeSerdeError> {
        self.end().map_err(|_| TimeSerdeError::TrailingCharacters)
    }

    /// A date's fields, the day not yet checked against its month.
    fn time_serde_date(&mut self) -> Result<Date, TimeSerdeError> {
        let negative = match self.peek() {
            Some(sign @ (b'+' | b'-')) => {
                self.pos += 1;
                sign == b'-'
            }
            _ => false,
        };
        let magnitude = self
            .exact_digits::<4>()
            .ok_or(TimeSerdeError::Component("year"))?;
        let year = if negative {
            -i64::from(magnitude)
        } else {
            i64::from(magnitude)
        };
        self.literal(b'-')?;
        let month = self.field(12, "month")?;
        if month == 0 {
            return Err(TimeSerdeError::Component("month"));
        }
        self.literal(b'-')?;
        let day = self.field(31, "day")?;
        if day == 0 {
            return Err(TimeSerdeError::Component("day"));
        }
        Ok(Date { year, month, day })
    }

    /// A date, a space and a time, fields unchecked against each other; the common shape
    /// (four-digit year, fields in range) read in one go.
    #[inline]
    fn time_serde_date_time(&mut self) -> Result<(Date, Time), TimeSerdeError> {
        if self.bytes.get(self.pos + 10) == Some(&b' ') {
            if let Some((date, time)) = self.common_prefix() {
                self.literal(b'.')?;
                let nanosecond = self.time_serde_fraction()?;
                return Ok((date, Time { nanosecond, ..time }));
            }
        }
        let date = self.time_serde_date()?;
        self.literal(b' ')?;
        Ok((date, self.time_serde_time()?))
    }

    /// `HH:MM:SS.f...`, second 60 not yet refused.
    fn time_serde_time(&mut self) -> Result<Time, TimeSerdeError> {
        let hour = self.field(23, "hour")?;
        self.literal(b':')?;
        let minute = self.field(59, "minute")?;
        self.literal(b':')?;
        let second = self.field(60, "second")?;
        self.literal(b'.')?;
        let nanosecond = self.time_serde_fraction()?;
        Ok(Time {
            hour,
            minute,
            second,
            nanosecond,
        })
    }

    /// One to 32 fraction digits, of which the first nine count.
    #[inline]
    fn time_serde_fraction(&mut self) -> Result<u32, TimeSerdeError> {
        let rest = self.bytes.get(self.pos..).unwrap_or_default();
        let (nanoseconds, mut count) = match rest.first_chunk::<8>() {
            Some(chunk) => match (leading_digits(chunk), rest.get(8)) {
                ((eight, 8), Some(&ninth @ b'0'..=b'9')) => {
                    (eight * 10 + u32::from(ninth - b'0'), 9)
                }
                ((value, count), _) => (value * 10, count),
            },
            None => {
                let mut value = 0;
                let mut count = 0;
                while let Some(digit) = self.digit(count) {
                    value = value * 10 + u32::from(digit);
                    count += 1;
                }
                (value * FRACTION_SCALE[count], count)
            }
        };
        if count == 0 {
            return Err(TimeSerdeError::Component("subsecond"));
        }
        while count < TIME_SERDE_MAX_FRACTION && self.digit(count).is_some() {
            count += 1;
        }
        self.pos += count;
        Ok(nanoseconds)
    }

    /// `±HH:MM:SS`, the sign required and applying to every field.
    fn time_serde_offset(&mut self) -> Result<HmsOffset, TimeSerdeError> {
        let negative = match self.peek() {
            Some(sign @ (b'+' | b'-')) => {
                self.pos += 1;
                sign == b'-'
            }
            _ => return Err(TimeSerdeError::Component("offset hour")),
        };
        let hours = self.field(25, "offset hour")? as i8;
        self.literal(b':')?;
        let minutes = self.field(59, "offset minute")? as i8;
        self.literal(b':')?;
        let seconds = self.field(59, "offset second")? as i8;
        Ok(if negative {
            (-hours, -minutes, -seconds)
        } else {
            (hours, minutes, seconds)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(seconds: i64, nanoseconds: u32) -> String {
        format_utc(seconds, nanoseconds).to_string()
    }

    fn instant(text: &str) -> Result<(i64, u32), Rfc3339Error> {
        parse_date_time(text).map(|dt| (dt.seconds, dt.nanoseconds))
    }

    #[test]
    fn writes_the_fraction_as_chrono_does() {
        assert_eq!(text(0, 0), "1970-01-01T00:00:00Z");
        assert_eq!(text(1, 1_000_000), "1970-01-01T00:00:01.001Z");
        assert_eq!(text(1, 120_000_000), "1970-01-01T00:00:01.120Z");
        assert_eq!(text(1, 1000), "1970-01-01T00:00:01.000001Z");
        assert_eq!(text(1, 999_999_000), "1970-01-01T00:00:01.999999Z");
        assert_eq!(text(1, 1), "1970-01-01T00:00:01.000000001Z");
        assert_eq!(text(1, 999_999_999), "1970-01-01T00:00:01.999999999Z");
        assert_eq!(text(1, 100), "1970-01-01T00:00:01.000000100Z");
    }

    #[test]
    fn writes_dates_and_times() {
        assert_eq!(text(951_782_400, 0), "2000-02-29T00:00:00Z");
        assert_eq!(text(1_709_211_599, 0), "2024-02-29T12:59:59Z");
        assert_eq!(text(-1, 0), "1969-12-31T23:59:59Z");
        assert_eq!(text(-1, 500_000_000), "1969-12-31T23:59:59.500Z");
        assert_eq!(
            text(253_402_300_799, 999_999_999),
            "9999-12-31T23:59:59.999999999Z"
        );
        assert_eq!(text(-62_167_219_200, 0), "0000-01-01T00:00:00Z");
    }

    #[test]
    fn writes_years_outside_four_digits_with_a_sign() {
        assert_eq!(text(253_402_300_800, 0), "+10000-01-01T00:00:00Z");
        assert_eq!(text(-62_167_219_201, 5), "-0001-12-31T23:59:59.000000005Z");
        assert_eq!(text(-62_198_755_200, 0), "-0001-01-01T00:00:00Z");
        assert_eq!(text(-377_705_116_800, 0), "-9999-01-01T00:00:00Z");
        assert_eq!(text(-377_705_116_801, 0), "-10000-12-31T23:59:59Z");
        assert_eq!(
            text(i64::MAX, 999_999_999),
            "+292277026596-12-04T15:30:07.999999999Z"
        );
        assert_eq!(
            text(i64::MIN, 999_999_999),
            "-292277022657-01-27T08:29:52.999999999Z"
        );
        assert_eq!(format_utc(i64::MIN, 999_999_999).as_bytes().len(), MAX_LEN);
    }

    #[test]
    fn writes_leap_seconds_as_chrono_does() {
        // chrono's leap second: the :59 second with a billion nanoseconds more.
        assert_eq!(text(1_483_228_799, 1_000_000_000), "2016-12-31T23:59:60Z");
        assert_eq!(
            text(1_483_228_799, 1_500_000_000),
            "2016-12-31T23:59:60.500Z"
        );
        assert_eq!(
            text(1_483_228_799, u32::MAX),
            "2016-12-31T23:59:60.999999999Z"
        );
    }

    #[test]
    fn write_utc_appends() {
        let mut out = b"at ".to_vec();
        write_utc(&mut out, 0, 5_000);
        assert_eq!(out, b"at 1970-01-01T00:00:00.000005Z");
    }

    #[test]
    fn parses_separators_case_and_offsets() {
        let noon = Ok((1_709_208_000, 0));
        assert_eq!(instant("2024-02-29T12:00:00Z"), noon);
        assert_eq!(instant("2024-02-29t12:00:00z"), noon);
        assert_eq!(instant("2024-02-29 12:00:00Z"), noon);
        assert_eq!(instant("2024-02-29T12:00:00+00:00"), noon);
        assert_eq!(instant("2024-02-29T12:00:00-00:00"), noon);
        assert_eq!(instant("2024-02-29T13:30:00+01:30"), noon);
        assert_eq!(instant("2024-02-29T10:00:00-02:00"), noon);
        assert_eq!(instant("2024-02-29T10:00:00\u{2212}02:00"), noon);
        let dt = parse_date_time("2024-02-29T12:00:00+23:59").unwrap();
        assert_eq!((dt.seconds, dt.offset), (1_709_208_000 - 86_340, 86_340));
        let dt = parse_date_time("2024-02-29T12:00:00-23:59").unwrap();
        assert_eq!((dt.seconds, dt.offset), (1_709_208_000 + 86_340, -86_340));
        assert!(!dt.leap_second);
    }

    #[test]
    fn parses_fractions() {
        let base = 1_709_208_000;
        assert_eq!(instant("2024-02-29T12:00:00.5Z"), Ok((base, 500_000_000)));
        assert_eq!(instant("2024-02-29T12:00:00.000000001Z"), Ok((base, 1)));
        assert_eq!(
            instant("2024-02-29T12:00:00.123456789Z"),
            Ok((base, 123_456_789))
        );
        // Digits past the ninth are dropped, never rounded.
        assert_eq!(
            instant("2024-02-29T12:00:00.9999999999Z"),
            Ok((base, 999_999_999))
        );
        assert_eq!(
            instant("2024-02-29T12:00:00.12345678987654321Z"),
            Ok((base, 123_456_789))
        );
        assert_eq!(instant("1969-12-31T23:59:59.25Z"), Ok((-1, 250_000_000)));
    }

    #[test]
    fn leap_days() {
        assert_eq!(instant("2000-02-29T00:00:00Z"), Ok((951_782_400, 0)));
        assert_eq!(instant("2024-02-29T00:00:00Z"), Ok((1_709_164_800, 0)));
        assert_eq!(
            instant("1900-02-29T00:00:00Z"),
            Err(Rfc3339Error::DayOutOfRange)
        );
        assert_eq!(
            instant("2023-02-29T00:00:00Z"),
            Err(Rfc3339Error::DayOutOfRange)
        );
        assert_eq!(
            instant("2024-02-30T00:00:00Z"),
            Err(Rfc3339Error::DayOutOfRange)
        );
        assert_eq!(
            instant("2024-04-31T00:00:00Z"),
            Err(Rfc3339Error::DayOutOfRange)
        );
        assert_eq!(
            instant("2024-01-32T00:00:00Z"),
            Err(Rfc3339Error::DayOutOfRange)
        );
        assert_eq!(
            instant("2024-01-00T00:00:00Z"),
            Err(Rfc3339Error::DayOutOfRange)
        );
        assert_eq!(parse_date("0000-02-29").map(|d| d.day), Ok(29));
        assert_eq!(parse_date("-0100-02-29"), Err(Rfc3339Error::DayOutOfRange));
        assert_eq!(parse_date("-0400-02-29").map(|d| d.year), Ok(-400));
    }

    #[test]
    fn leap_seconds_count_as_the_next_second() {
        let dt = parse_date_time("2016-12-31T23:59:60Z").unwrap();
        assert_eq!((dt.seconds, dt.nanoseconds), (1_483_228_800, 0));
        assert!(dt.leap_second);
        let dt = parse_date_time("2017-01-01T00:59:60.5+01:00").unwrap();
        assert_eq!((dt.seconds, dt.nanoseconds), (1_483_228_800, 500_000_000));
        assert!(dt.leap_second);
        assert_eq!(
            instant("2016-12-31T23:59:61Z"),
            Err(Rfc3339Error::SecondOutOfRange)
        );
        assert_eq!(
            parse_time("23:59:60.25"),
            Ok(Time {
                hour: 23,
                minute: 59,
                second: 60,
                nanosecond: 250_000_000
            })
        );
    }

    #[test]
    fn boundaries() {
        assert_eq!(instant("0000-01-01T00:00:00Z"), Ok((-62_167_219_200, 0)));
        assert_eq!(
            instant("0000-01-01T00:00:00+23:59"),
            Ok((-62_167_305_540, 0))
        );
        assert_eq!(
            instant("9999-12-31T23:59:59.999999999Z"),
            Ok((253_402_300_799, 999_999_999))
        );
        assert_eq!(
            instant("9999-12-31T23:59:59-23:59"),
            Ok((253_402_387_139, 0))
        );
        assert_eq!(instant("1970-01-01T00:00:00Z"), Ok((0, 0)));
        assert_eq!(instant("1969-12-31T23:59:59Z"), Ok((-1, 0)));
        assert_eq!(
            instant("+292277026596-12-04T15:30:07.999999999Z"),
            Ok((i64::MAX, 999_999_999))
        );
        assert_eq!(
            instant("+292277026596-12-04T15:30:08Z"),
            Err(Rfc3339Error::OutOfRange)
        );
        assert_eq!(
            instant("+292277026596-12-04T16:30:07+01:00"),
            Ok((i64::MAX, 0))
        );
        assert_eq!(instant("-292277022657-01-27T08:29:52Z"), Ok((i64::MIN, 0)));
        assert_eq!(
            instant("-292277022657-01-27T08:29:51.9Z"),
            Err(Rfc3339Error::OutOfRange)
        );
        assert_eq!(
            instant("-292277022657-01-27T07:29:52-01:00"),
            Ok((i64::MIN, 0))
        );
        assert_eq!(
            instant("+292277026597-01-01T00:00:00Z"),
            Err(Rfc3339Error::YearOutOfRange)
        );
        assert_eq!(
            instant("+99999999999999999999999-01-01T00:00:00Z"),
            Err(Rfc3339Error::YearOutOfRange)
        );
        assert_eq!(
            instant("-292277022658-12-31T23:59:59Z"),
            Err(Rfc3339Error::YearOutOfRange)
        );
    }

    #[test]
    fn parses_signed_years() {
        assert_eq!(instant("+10000-01-01T00:00:00Z"), Ok((253_402_300_800, 0)));
        assert_eq!(instant("-0001-12-31T23:59:59Z"), Ok((-62_167_219_201, 0)));
        assert_eq!(instant("+2024-02-29T12:00:00Z"), Ok((1_709_208_000, 0)));
        assert_eq!(
            instant("+0000-01-01T00:00:00Z"),
            instant("0000-01-01T00:00:00Z")
        );
        assert_eq!(
            instant("-0000-01-01T00:00:00Z"),
            instant("0000-01-01T00:00:00Z")
        );
        assert_eq!(instant("+002024-02-29T12:00:00Z"), Ok((1_709_208_000, 0)));
        assert_eq!(
            instant("+999-01-01T00:00:00Z"),
            Err(Rfc3339Error::ExpectedYear)
        );
        assert_eq!(
            instant("-1-01-01T00:00:00Z"),
            Err(Rfc3339Error::ExpectedYear)
        );
        assert_eq!(
            parse_date("+10000-01-01"),
            Ok(Date {
                year: 10_000,
                month: 1,
                day: 1
            })
        );
    }

    #[test]
    fn every_rejection_class() {
        use Rfc3339Error::*;
        let cases: &[(&str, Rfc3339Error)] = &[
            ("", ExpectedYear),
            ("202", ExpectedYear),
            ("2O24-01-01T00:00:00Z", ExpectedYear),
            ("+", ExpectedYear),
            ("+12-01-01T00:00:00Z", ExpectedYear),
            ("2024", ExpectedDash),
            ("2024/01/01T00:00:00Z", ExpectedDash),
            ("20240-01-01T00:00:00Z", ExpectedDash),
            ("2024-1-01T00:00:00Z", ExpectedMonth),
            ("2024-", ExpectedMonth),
            ("2024-00-01T00:00:00Z", MonthOutOfRange),
            ("2024-13-01T00:00:00Z", MonthOutOfRange),
            ("2024-01", ExpectedDash),
            ("2024-01-1T00:00:00Z", ExpectedDay),
            ("2024-01-", ExpectedDay),
            ("2024-06-31T00:00:00Z", DayOutOfRange),
            ("2024-01-01", ExpectedT),
            ("2024-01-01X00:00:00Z", ExpectedT),
            ("2024-01-01_00:00:00Z", ExpectedT),
            ("2024-01-01T", ExpectedHour),
            ("2024-01-01T1:00:00Z", ExpectedHour),
            ("2024-01-01T24:00:00Z", HourOutOfRange),
            ("2024-01-01T99:00:00Z", HourOutOfRange),
            ("2024-01-01T00", ExpectedColon),
            ("2024-01-01T00-00:00Z", ExpectedColon),
            ("2024-01-01T00:0", ExpectedMinute),
            ("2024-01-01T00:60:00Z", MinuteOutOfRange),
            ("2024-01-01T00:00", ExpectedColon),
            ("2024-01-01T00:00:", ExpectedSecond),
            ("2024-01-01T00:00:0Z", ExpectedSecond),
            ("2024-01-01T00:00:61Z", SecondOutOfRange),
            ("2024-01-01T00:00:00.Z", ExpectedFraction),
            ("2024-01-01T00:00:00.", ExpectedFraction),
            ("2024-01-01T00:00:00", ExpectedOffset),
            ("2024-01-01T00:00:00.5", ExpectedOffset),
            ("2024-01-01T00:00:00 Z", ExpectedOffset),
            ("2024-01-01T00:00:00UTC", ExpectedOffset),
            ("2024-01-01T00:00:00,5Z", ExpectedOffset),
            ("2024-01-01T00:00:00\u{2013}01:00", ExpectedOffset),
            ("2024-01-01T00:00:00+", InvalidOffset),
            ("2024-01-01T00:00:00+1", InvalidOffset),
            ("2024-01-01T00:00:00+01", InvalidOffset),
            ("2024-01-01T00:00:00+0100", InvalidOffset),
            ("2024-01-01T00:00:00+01:", InvalidOffset),
            ("2024-01-01T00:00:00+01:0", InvalidOffset),
            ("2024-01-01T00:00:00+1:00", InvalidOffset),
            ("2024-01-01T00:00:00+24:00", OffsetOutOfRange),
            ("2024-01-01T00:00:00-99:00", OffsetOutOfRange),
            ("2024-01-01T00:00:00+00:60", OffsetOutOfRange),
            ("+292277026597-01-01T00:00:00Z", YearOutOfRange),
            ("+292277026596-12-31T23:59:59Z", OutOfRange),
            ("2024-01-01T00:00:00ZZ", TrailingCharacters),
            ("2024-01-01T00:00:00Z ", TrailingCharacters),
            ("2024-01-01T00:00:00+01:00:00", TrailingCharacters),
            ("2024-01-01T00:00:00Zé", TrailingCharacters),
        ];
        for &(input, expected) in cases {
            assert_eq!(parse_date_time(input), Err(expected), "{input:?}");
        }
    }

    /// The eight-lane digit reader against a byte-by-byte one, over every byte value next to
    /// the digits and the bytes that wrap or carry.
    #[test]
    fn leading_digits_matches_a_simple_reader() {
        let interesting = [
            b'0', b'1', b'5', b'9', b'/', b':', b'.', b'Z', 0x00, 0x7f, 0x80, 0xaf, 0xb0, 0xb9,
            0xff,
        ];
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..200_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let mut chunk = [0u8; 8];
            for (i, byte) in chunk.iter_mut().enumerate() {
                let pick = (state >> (i * 8)) as usize;
                // Mostly digits, so that long runs are common.
                *byte = if pick % 4 == 0 {
                    interesting[pick / 4 % interesting.len()]
                } else {
                    b'0' + (pick / 4 % 10) as u8
                };
            }
            let count = chunk.iter().take_while(|b| b.is_ascii_digit()).count();
            let mut value = 0u32;
            for (i, byte) in chunk.iter().enumerate() {
                let digit = if i < count { u32::from(byte - b'0') } else { 0 };
                value = value * 10 + digit;
            }
            assert_eq!(leading_digits(&chunk), (value, count), "{chunk:02x?}");
        }
        assert_eq!(leading_digits(b"99999999"), (99_999_999, 8));
        assert_eq!(leading_digits(b"00000000"), (0, 8));
        assert_eq!(leading_digits(b"25Z....."), (25_000_000, 2));
        assert_eq!(leading_digits(b"Z1234567"), (0, 0));
    }

    #[test]
    fn error_messages() {
        assert_eq!(Rfc3339Error::DayOutOfRange.to_string(), "day out of range");
        assert_eq!(Rfc3339Error::ExpectedT.to_string(), "expected 'T'");
        assert_eq!(Rfc3339Error::InvalidOffset.to_string(), "invalid offset");
        assert_eq!(
            Rfc3339Error::TrailingCharacters.to_string(),
            "trailing characters"
        );
    }

    #[test]
    fn parses_dates_alone() {
        assert_eq!(
            parse_date("2024-02-29"),
            Ok(Date {
                year: 2024,
                month: 2,
                day: 29
            })
        );
        assert_eq!(parse_date("1900-02-29"), Err(Rfc3339Error::DayOutOfRange));
        assert_eq!(
            parse_date("2024-02-29T"),
            Err(Rfc3339Error::TrailingCharacters)
        );
        assert_eq!(parse_date("2024-2-29"), Err(Rfc3339Error::ExpectedMonth));
        assert_eq!(parse_date(""), Err(Rfc3339Error::ExpectedYear));
    }

    #[test]
    fn parses_times_alone() {
        assert_eq!(
            parse_time("00:00:00"),
            Ok(Time {
                hour: 0,
                minute: 0,
                second: 0,
                nanosecond: 0
            })
        );
        assert_eq!(
            parse_time("23:59:59.999999999999").map(|t| t.nanosecond),
            Ok(999_999_999)
        );
        assert_eq!(parse_time("24:00:00"), Err(Rfc3339Error::HourOutOfRange));
        assert_eq!(parse_time("12:00"), Err(Rfc3339Error::ExpectedColon));
        assert_eq!(
            parse_time("12:00:00Z"),
            Err(Rfc3339Error::TrailingCharacters)
        );
        assert_eq!(parse_time("12:00:00."), Err(Rfc3339Error::ExpectedFraction));
    }
}
