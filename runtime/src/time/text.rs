//! Date and time text built on the stack, piece by piece, in the forms chrono's `Display` and
//! serde impls write: dates (`2024-02-29`, years outside 0000..=9999 signed), times of day with
//! a fraction of 3, 6 or 9 digits or none (chrono's `SecondsFormat::AutoSi`), and offsets
//! (`Z`, `+05:30`, rounded to the minute as chrono rounds them).
#![allow(dead_code)] // each crate's impls use the part they need

use std::fmt;

use super::rfc3339::DIGIT_PAIRS;

/// Room for the longest text written: a signed 12-digit year, the rest of a date, a time with
/// nine fraction digits and an offset (`-292277022657-01-27T08:29:52.999999999+23:59`, 44).
const CAPACITY: usize = 48;

/// ASCII text of at most [`CAPACITY`] bytes, built by appending, after two bytes of room for a
/// MessagePack `str` header (so the header and the text are written at once).
#[derive(Clone, Copy)]
pub(crate) struct TimeText {
    bytes: [u8; HEADER + CAPACITY],
    /// The end of the text in `bytes`.
    end: usize,
}

/// Room kept before the text for a `fixstr` or `str 8` header.
const HEADER: usize = 2;

/// Two digits of `value` (below 100).
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn pair(value: u32) -> [u8; 2] {
    let at = (value as usize % 100) * 2;
    [DIGIT_PAIRS[at], DIGIT_PAIRS[at + 1]]
}

impl TimeText {
    /// Empty text.
    #[inline]
    pub(crate) fn new() -> Self {
        TimeText {
            bytes: [0; HEADER + CAPACITY],
            end: HEADER,
        }
    }

    /// The text's bytes, all ASCII.
    #[inline]
    pub(crate) fn as_bytes(&self) -> &[u8] {
        &self.bytes[HEADER..self.end]
    }

    /// The text.
    #[cfg_attr(not(test), allow(dead_code))]
    #[inline]
    pub(crate) fn as_str(&self) -> &str {
        // Every byte appended is ASCII.
        std::str::from_utf8(self.as_bytes()).unwrap_or_default()
    }

    /// The text as a MessagePack string: its header (`fixstr` or `str 8`: the text is
    /// shorter than 256 bytes) and its bytes.
    #[cfg_attr(not(feature = "msgpack"), allow(dead_code))]
    #[inline]
    pub(crate) fn as_msgpack_str(&mut self) -> &[u8] {
        let len = self.end - HEADER;
        if len < 32 {
            self.bytes[1] = 0xA0 | len as u8;
            &self.bytes[1..self.end]
        } else {
            self.bytes[0] = 0xD9;
            self.bytes[1] = len as u8;
            &self.bytes[..self.end]
        }
    }

    /// Appends `N` ASCII bytes at once; past the capacity (which no caller reaches), nothing.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn put<const N: usize>(&mut self, bytes: [u8; N]) {
        if let Some(room) = self.bytes.get_mut(self.end..self.end + N) {
            room.copy_from_slice(&bytes);
            self.end += N;
        }
    }

    /// Appends one ASCII byte.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn push(&mut self, byte: u8) {
        self.put([byte]);
    }

    /// Appends the decimal digits of `value`, at least `width` of them (zero-padded).
    fn push_padded(&mut self, value: u64, width: usize) {
        let mut digits = [b'0'; 20];
        let mut n = value;
        let mut count = 0;
        while n > 0 {
            digits[19 - count] = b'0' + (n % 10) as u8;
            n /= 10;
            count += 1;
        }
        let shown = count.max(width).min(20);
        for &digit in &digits[20 - shown..] {
            self.push(digit);
        }
    }

    /// Appends a date as chrono writes it: `YYYY-MM-DD`, a year outside 0000..=9999 with its
    /// sign and at least four digits (`+10000-01-01`, `-0001-12-31`).
    #[inline]
    pub(crate) fn date(&mut self, year: i64, month: u8, day: u8) {
        let ([m0, m1], [d0, d1]) = (pair(u32::from(month)), pair(u32::from(day)));
        if (0..=9999).contains(&year) {
            let year = year as u32;
            let ([y0, y1], [y2, y3]) = (pair(year / 100), pair(year % 100));
            self.put([y0, y1, y2, y3, b'-', m0, m1, b'-', d0, d1]);
        } else {
            self.push(if year < 0 { b'-' } else { b'+' });
            self.push_padded(year.unsigned_abs(), 4);
            self.put([b'-', m0, m1, b'-', d0, d1]);
        }
    }

    /// Appends a time of day as chrono writes it: `HH:MM:SS`, then the fraction of
    /// `nanosecond` in 3, 6 or 9 digits, the fewest that hold it, or none when it is zero. A
    /// `nanosecond` of 1,000,000,000 or more is chrono's leap second: the seconds field reads
    /// one more (`:60`) and the fraction is the rest.
    #[inline]
    pub(crate) fn time(&mut self, hour: u32, minute: u32, second: u32, nanosecond: u32) {
        let (second, nanosecond) = if nanosecond >= 1_000_000_000 {
            (second + 1, nanosecond.min(1_999_999_999) - 1_000_000_000)
        } else {
            (second, nanosecond)
        };
        let ([h0, h1], [m0, m1], [s0, s1]) = (pair(hour), pair(minute), pair(second));
        self.put([h0, h1, b':', m0, m1, b':', s0, s1]);
        if nanosecond == 0 {
            return;
        }
        let digit = |value: u32| b'0' + (value % 10) as u8;
        if nanosecond % 1_000_000 == 0 {
            let millis = nanosecond / 1_000_000;
            let [a, b] = pair(millis % 100);
            self.put([b'.', digit(millis / 100), a, b]);
        } else if nanosecond % 1000 == 0 {
            let micros = nanosecond / 1000;
            let ([a, b], [c, d], [e, f]) = (
                pair(micros / 10_000),
                pair(micros / 100 % 100),
                pair(micros % 100),
            );
            self.put([b'.', a, b, c, d, e, f]);
        } else {
            let ([a, b], [c, d], [e, f], [g, h]) = (
                pair(nanosecond / 1_000_000 % 100),
                pair(nanosecond / 10_000 % 100),
                pair(nanosecond / 100 % 100),
                pair(nanosecond % 100),
            );
            self.put([
                b'.',
                digit(nanosecond / 100_000_000),
                a,
                b,
                c,
                d,
                e,
                f,
                g,
                h,
            ]);
        }
    }

    /// Appends a fraction of exactly `digits` digits (0..=9; none, and no point, for 0) of
    /// `nanosecond` (below 1,000,000,000), truncated, as chrono's `SecondsFormat::Millis`,
    /// `Micros` and `Nanos` write it.
    #[inline]
    pub(crate) fn fixed_fraction(&mut self, nanosecond: u32, digits: u8) {
        if digits == 0 {
            return;
        }
        let mut all = [b'.', b'0', b'0', b'0', b'0', b'0', b'0', b'0', b'0', b'0'];
        let mut rest = nanosecond % 1_000_000_000;
        for slot in all[1..].iter_mut().rev() {
            *slot = b'0' + (rest % 10) as u8;
            rest /= 10;
        }
        let shown = usize::from(digits.min(9)) + 1;
        for &byte in &all[..shown] {
            self.push(byte);
        }
    }

    /// Appends an offset of `seconds` east of UTC as chrono's RFC 3339 writer does: `Z` for
    /// zero when `zulu`, otherwise `+HH:MM` / `-HH:MM`, the seconds rounded to the nearest
    /// minute.
    #[inline]
    pub(crate) fn offset(&mut self, seconds: i32, zulu: bool) {
        if zulu && seconds == 0 {
            self.push(b'Z');
            return;
        }
        let sign = if seconds < 0 { b'-' } else { b'+' };
        let minutes = (seconds.unsigned_abs() + 30) / 60;
        let ([h0, h1], [m0, m1]) = (pair(minutes / 60), pair(minutes % 60));
        self.put([sign, h0, h1, b':', m0, m1]);
    }
}

impl fmt::Display for TimeText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

impl fmt::Debug for TimeText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{self}\"")
    }
}

/// jiff's forms (Temporal's ISO 8601 profile): years of four digits, or a minus and six digits
/// before year 0; fractions with their trailing zeros dropped; bare numbers for durations.
impl TimeText {
    /// Appends a year as jiff writes it: `0000` to `9999` in four digits, a year before 0 as a
    /// minus and at least six digits (`-000001`).
    #[inline]
    pub(crate) fn temporal_year(&mut self, year: i64) {
        if (0..=9999).contains(&year) {
            let year = year as u32;
            let ([y0, y1], [y2, y3]) = (pair(year / 100), pair(year % 100));
            self.put([y0, y1, y2, y3]);
        } else {
            if year < 0 {
                self.push(b'-');
            }
            self.push_padded(year.unsigned_abs(), 6);
        }
    }

    /// Appends a date as jiff writes it: the year as [`TimeText::temporal_year`] writes it,
    /// then `-MM-DD`.
    #[inline]
    pub(crate) fn temporal_date(&mut self, year: i64, month: u8, day: u8) {
        self.temporal_year(year);
        let ([m0, m1], [d0, d1]) = (pair(u32::from(month)), pair(u32::from(day)));
        self.put([b'-', m0, m1, b'-', d0, d1]);
    }

    /// Appends a time of day as jiff writes it: `HH:MM:SS`, then, unless `nanosecond` is
    /// zero, its fraction without trailing zeros (`.5`, `.000001`, `.123456789`).
    #[inline]
    pub(crate) fn temporal_time(&mut self, hour: u32, minute: u32, second: u32, nanosecond: u32) {
        let ([h0, h1], [m0, m1], [s0, s1]) = (pair(hour), pair(minute), pair(second));
        self.put([h0, h1, b':', m0, m1, b':', s0, s1]);
        self.trimmed_fraction(nanosecond);
    }

    /// Appends `.` and the fraction of `nanosecond` (below 1,000,000,000) in as many digits as
    /// it needs, one to nine; nothing when it is zero.
    #[inline]
    pub(crate) fn trimmed_fraction(&mut self, nanosecond: u32) {
        if nanosecond == 0 {
            return;
        }
        let nanosecond = nanosecond.min(999_999_999);
        let ([a, b], [c, d], [e, f], [g, h]) = (
            pair(nanosecond / 1_000_000 % 100),
            pair(nanosecond / 10_000 % 100),
            pair(nanosecond / 100 % 100),
            pair(nanosecond % 100),
        );
        let first = b'0' + (nanosecond / 100_000_000) as u8;
        self.put([b'.', first, a, b, c, d, e, f, g, h]);
        // Drop the trailing zeros: at most eight, since the fraction is not zero.
        let mut n = nanosecond;
        while n % 10 == 0 {
            n /= 10;
            self.end -= 1;
        }
    }

    /// Appends the decimal digits of `value`, with no padding.
    #[inline]
    pub(crate) fn number(&mut self, value: u64) {
        if value < 10 {
            self.push(b'0' + value as u8);
        } else {
            self.push_padded(value, 1);
        }
    }
}

/// The pieces of the `time` crate's serde text (its human-readable forms): a fraction of one
/// to nine digits, offsets with seconds, and durations as seconds with nine fraction digits.
#[cfg(feature = "time")]
impl TimeText {
    /// Appends `.` and the fraction of `nanosecond` (below 1,000,000,000) without its
    /// trailing zeros, keeping at least one digit (`.5`, `.0`, `.000000001`).
    #[inline]
    pub(crate) fn fraction_of_one_digit_or_more(&mut self, nanosecond: u32) {
        let nanosecond = nanosecond % 1_000_000_000;
        let ([a, b], [c, d], [e, f], [g, h]) = (
            pair(nanosecond / 1_000_000 % 100),
            pair(nanosecond / 10_000 % 100),
            pair(nanosecond / 100 % 100),
            pair(nanosecond % 100),
        );
        let first = b'0' + (nanosecond / 100_000_000) as u8;
        self.put([b'.', first, a, b, c, d, e, f, g, h]);
        // Drop the trailing zeros written: all but the first digit's when the fraction is zero.
        let dropped = match nanosecond {
            0 => 8,
            mut n => {
                let mut zeros = 0;
                while n % 10 == 0 {
                    n /= 10;
                    zeros += 1;
                }
                zeros
            }
        };
        self.end -= dropped.min(self.end - HEADER);
    }

    /// Appends an offset as `+HH:MM:SS` or `-HH:MM:SS` from its fields (all of one sign; the
    /// sign is `-` when any is negative).
    #[inline]
    pub(crate) fn offset_hms(&mut self, hours: i8, minutes: i8, seconds: i8) {
        let sign = if hours < 0 || minutes < 0 || seconds < 0 {
            b'-'
        } else {
            b'+'
        };
        let ([h0, h1], [m0, m1], [s0, s1]) = (
            pair(u32::from(hours.unsigned_abs())),
            pair(u32::from(minutes.unsigned_abs())),
            pair(u32::from(seconds.unsigned_abs())),
        );
        self.put([sign, h0, h1, b':', m0, m1, b':', s0, s1]);
    }

    /// Appends a duration as seconds and nine fraction digits: `-` when `negative`, the
    /// whole `seconds`, `.`, then `nanoseconds` (below 1,000,000,000) zero-padded
    /// (`-1.500000000`).
    #[inline]
    pub(crate) fn seconds_and_nanos(&mut self, negative: bool, seconds: u64, nanoseconds: u32) {
        if negative {
            self.push(b'-');
        }
        self.push_padded(seconds, 1);
        let nanoseconds = nanoseconds % 1_000_000_000;
        let ([a, b], [c, d], [e, f], [g, h]) = (
            pair(nanoseconds / 1_000_000 % 100),
            pair(nanoseconds / 10_000 % 100),
            pair(nanoseconds / 100 % 100),
            pair(nanoseconds % 100),
        );
        let first = b'0' + (nanoseconds / 100_000_000) as u8;
        self.put([b'.', first, a, b, c, d, e, f, g, h]);
    }
}

#[cfg(test)]
mod tests {
    use super::TimeText;

    fn text(build: impl FnOnce(&mut TimeText)) -> String {
        let mut text = TimeText::new();
        build(&mut text);
        text.as_str().to_owned()
    }

    #[test]
    fn headers_for_messagepack() {
        let mut short = TimeText::new();
        short.date(2024, 2, 29);
        assert_eq!(short.as_msgpack_str(), b"\xaa2024-02-29");
        let mut long = TimeText::new();
        long.date(2024, 2, 29);
        long.push(b'T');
        long.time(1, 2, 3, 1);
        long.offset(3600, true);
        assert_eq!(long.as_msgpack_str()[..2], [0xD9, 35]);
    }

    #[test]
    fn dates_with_and_without_signs() {
        assert_eq!(text(|t| t.date(2024, 2, 29)), "2024-02-29");
        assert_eq!(text(|t| t.date(0, 1, 1)), "0000-01-01");
        assert_eq!(text(|t| t.date(-1, 12, 31)), "-0001-12-31");
        assert_eq!(text(|t| t.date(10_000, 1, 1)), "+10000-01-01");
        assert_eq!(text(|t| t.date(-262_143, 1, 1)), "-262143-01-01");
        assert_eq!(
            text(|t| t.date(-292_277_022_657, 1, 27)),
            "-292277022657-01-27"
        );
    }

    #[test]
    fn fractions_take_three_six_or_nine_digits() {
        assert_eq!(text(|t| t.time(1, 2, 3, 0)), "01:02:03");
        assert_eq!(text(|t| t.time(1, 2, 3, 500_000_000)), "01:02:03.500");
        assert_eq!(text(|t| t.time(1, 2, 3, 1_000)), "01:02:03.000001");
        assert_eq!(text(|t| t.time(1, 2, 3, 1)), "01:02:03.000000001");
        assert_eq!(text(|t| t.time(23, 59, 59, 1_250_000_000)), "23:59:60.250");
    }

    #[test]
    fn offsets_round_to_the_minute() {
        assert_eq!(text(|t| t.offset(0, true)), "Z");
        assert_eq!(text(|t| t.offset(0, false)), "+00:00");
        assert_eq!(text(|t| t.offset(19_800, true)), "+05:30");
        assert_eq!(text(|t| t.offset(-12_600, true)), "-03:30");
        assert_eq!(text(|t| t.offset(29, true)), "+00:00");
        assert_eq!(text(|t| t.offset(30, true)), "+00:01");
        assert_eq!(text(|t| t.offset(86_399, true)), "+24:00");
    }
}
