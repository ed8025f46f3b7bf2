//! Date and time text built on the stack, piece by piece, in the forms chrono's `Display` and
//! serde impls write: dates (`2024-02-29`, years outside 0000..=9999 signed), times of day with
//! a fraction of 3, 6 or 9 digits or none (chrono's `SecondsFormat::AutoSi`), and offsets
//! (`Z`, `+05:30`, rounded to the minute as chrono rounds them).

use std::fmt;

use super::rfc3339::DIGIT_PAIRS;

/// Room for the longest text written: a signed 12-digit year, the rest of a date, a time with
/// nine fraction digits and an offset (`-292277022657-01-27T08:29:52.999999999+23:59`, 44).
const CAPACITY: usize = 48;

/// ASCII text of at most [`CAPACITY`] bytes, built by appending.
#[derive(Clone, Copy)]
pub(crate) struct TimeText {
    bytes: [u8; CAPACITY],
    len: usize,
}

impl TimeText {
    /// Empty text.
    #[inline]
    pub(crate) fn new() -> Self {
        TimeText {
            bytes: [0; CAPACITY],
            len: 0,
        }
    }

    /// The text's bytes, all ASCII.
    #[inline]
    pub(crate) fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.len]
    }

    /// The text.
    #[inline]
    pub(crate) fn as_str(&self) -> &str {
        // Every byte appended is ASCII.
        std::str::from_utf8(self.as_bytes()).unwrap_or_default()
    }

    /// Appends one ASCII byte; past the capacity (which no caller reaches), nothing.
    #[inline(always)]
    pub(crate) fn push(&mut self, byte: u8) {
        if let Some(slot) = self.bytes.get_mut(self.len) {
            *slot = byte;
            self.len += 1;
        }
    }

    /// Appends `value` (below 100) as two digits.
    #[inline(always)]
    fn push2(&mut self, value: u32) {
        let pair = (value as usize % 100) * 2;
        self.push(DIGIT_PAIRS[pair]);
        self.push(DIGIT_PAIRS[pair + 1]);
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
    pub(crate) fn date(&mut self, year: i64, month: u8, day: u8) {
        if (0..=9999).contains(&year) {
            let year = year as u32;
            self.push2(year / 100);
            self.push2(year % 100);
        } else {
            self.push(if year < 0 { b'-' } else { b'+' });
            self.push_padded(year.unsigned_abs(), 4);
        }
        self.push(b'-');
        self.push2(u32::from(month));
        self.push(b'-');
        self.push2(u32::from(day));
    }

    /// Appends a time of day as chrono writes it: `HH:MM:SS`, then the fraction of
    /// `nanosecond` in 3, 6 or 9 digits, the fewest that hold it, or none when it is zero. A
    /// `nanosecond` of 1,000,000,000 or more is chrono's leap second: the seconds field reads
    /// one more (`:60`) and the fraction is the rest.
    pub(crate) fn time(&mut self, hour: u32, minute: u32, second: u32, nanosecond: u32) {
        let (second, nanosecond) = if nanosecond >= 1_000_000_000 {
            (second + 1, nanosecond.min(1_999_999_999) - 1_000_000_000)
        } else {
            (second, nanosecond)
        };
        self.push2(hour);
        self.push(b':');
        self.push2(minute);
        self.push(b':');
        self.push2(second);
        if nanosecond == 0 {
            return;
        }
        self.push(b'.');
        if nanosecond % 1_000_000 == 0 {
            let millis = nanosecond / 1_000_000;
            self.push(b'0' + (millis / 100) as u8);
            self.push2(millis % 100);
        } else if nanosecond % 1000 == 0 {
            let micros = nanosecond / 1000;
            self.push2(micros / 10_000);
            self.push2(micros / 100 % 100);
            self.push2(micros % 100);
        } else {
            self.push(b'0' + (nanosecond / 100_000_000) as u8);
            self.push2(nanosecond / 1_000_000 % 100);
            self.push2(nanosecond / 10_000 % 100);
            self.push2(nanosecond / 100 % 100);
            self.push2(nanosecond % 100);
        }
    }

    /// Appends an offset of `seconds` east of UTC as chrono's RFC 3339 writer does: `Z` for
    /// zero when `zulu`, otherwise `+HH:MM` / `-HH:MM`, the seconds rounded to the nearest
    /// minute.
    pub(crate) fn offset(&mut self, seconds: i32, zulu: bool) {
        if zulu && seconds == 0 {
            self.push(b'Z');
            return;
        }
        self.push(if seconds < 0 { b'-' } else { b'+' });
        let minutes = (seconds.unsigned_abs() + 30) / 60;
        self.push2(minutes / 60);
        self.push(b':');
        self.push2(minutes % 60);
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

#[cfg(test)]
mod tests {
    use super::TimeText;

    fn text(build: impl FnOnce(&mut TimeText)) -> String {
        let mut text = TimeText::new();
        build(&mut text);
        text.as_str().to_owned()
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
