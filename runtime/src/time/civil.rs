//! Civil-calendar arithmetic on the proleptic Gregorian calendar: days since 1970-01-01 to and
//! from year, month and day, for every instant an `i64` count of seconds can name.
//!
//! The conversions follow Howard Hinnant's `days_from_civil` / `civil_from_days`: shift the year
//! to start on March 1st, so the leap day is the last day of its year, then count whole 400-year
//! eras (146,097 days each) and the days within one. Years are astronomical: year 0 is 1 BC,
//! year -1 is 2 BC.

/// Seconds in a civil day (no leap seconds, as in Unix time).
pub(crate) const SECONDS_PER_DAY: i64 = 86_400;

/// The earliest year that holds an instant of `i64` Unix seconds (`i64::MIN` falls in it).
pub(crate) const MIN_YEAR: i64 = -292_277_022_657;

/// The latest year that holds an instant of `i64` Unix seconds (`i64::MAX` falls in it).
pub(crate) const MAX_YEAR: i64 = 292_277_026_596;

/// Days in a 400-year era: the Gregorian calendar repeats after one.
const DAYS_PER_ERA: i64 = 146_097;

/// Days from 0000-03-01, the first day of the first shifted era, to 1970-01-01.
const EPOCH_SHIFT: i64 = 719_468;

/// Whether `year` has a February 29th.
#[inline]
pub(crate) const fn is_leap_year(year: i64) -> bool {
    // Divisible by 4, and not by 100 unless by 400. Among multiples of 4, the multiples of 100
    // are those divisible by 25, and the multiples of 400 those also divisible by 16: masks and
    // one multiply instead of three divisions, and right for negative years too.
    year & 3 == 0 && (year % 25 != 0 || year & 15 == 0)
}

/// Days in `month` (1..=12) of `year`; 0 for a month outside 1..=12.
#[inline]
pub(crate) const fn days_in_month(year: i64, month: u8) -> u8 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if is_leap_year(year) => 29,
        2 => 28,
        _ => 0,
    }
}

/// Days from 1970-01-01 to `year-month-day` (negative before it).
///
/// `month` must be 1..=12 and `day` 1..=31, and `year` within [`MIN_YEAR`]..=[`MAX_YEAR`] (far
/// narrower than where the arithmetic would overflow). A day past the end of its month counts
/// on into the next one, as the arithmetic does; callers validate dates first.
#[inline]
pub(crate) const fn days_from_civil(year: i64, month: u8, day: u8) -> i64 {
    // The shifted year starts in March: January and February belong to the year before.
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    // Within the era everything is small and non-negative: unsigned 32-bit arithmetic.
    let year_of_era = (year - era * 400) as u32; // 0..=399
    let shifted_month = (month as u32 + 9) % 12; // March = 0, ..., February = 11
    let day_of_year = (153 * shifted_month + 2) / 5 + day as u32 - 1; // 0..=365
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * DAYS_PER_ERA + day_of_era as i64 - EPOCH_SHIFT
}

/// The date `days` after 1970-01-01, as (year, month 1..=12, day 1..=31).
///
/// Correct for every `days` within about ±2^62 (any day an `i64` of seconds reaches).
#[inline]
pub(crate) const fn civil_from_days(days: i64) -> (i64, u8, u8) {
    let shifted = days + EPOCH_SHIFT;
    let era = shifted.div_euclid(DAYS_PER_ERA);
    let day_of_era = (shifted - era * DAYS_PER_ERA) as u32; // 0..=146_096
                                                            // Within the era, Neri and Schneider's multiply-and-shift steps: each division by a
                                                            // calendar period (a century of 36,524.25 days, a year of 365.25, five months of 153) is
                                                            // done on scaled integers so that the quotient and the remainder come out of one multiply.
    let scaled = 4 * day_of_era + 3;
    let century = scaled / 146_097; // 0..=3
    let day_of_century = scaled % 146_097 / 4;
    let product = 2_939_745 * (4 * day_of_century as u64 + 3); // 2^32 / 1461, rounded up
    let year_of_century = (product >> 32) as u32; // 0..=99
    let day_of_year = (product as u32) / 2_939_745 / 4; // 0..=365, from March 1st
    let month_and_day = 2141 * day_of_year + 197_913; // 2^16 * 5 / 153, and March's start
    let shifted_month = month_and_day >> 16; // March = 3, ..., February = 14
    let day = (month_and_day & 0xffff) / 2141 + 1;
    // January and February (days 306 on) belong to the next civil year.
    let (month, next_year) = if day_of_year >= 306 {
        (shifted_month - 12, 1)
    } else {
        (shifted_month, 0)
    };
    let year = era * 400 + (100 * century + year_of_century) as i64 + next_year;
    (year, month as u8, day as u8)
}

/// Day of the week of the date `days` after 1970-01-01: 0 for Monday through 6 for Sunday
/// (chrono's `num_days_from_monday`). 1970-01-01 was a Thursday.
#[allow(dead_code)] // for the chrono, time and jiff impls that build on this module
#[inline]
pub(crate) const fn weekday_from_days(days: i64) -> u8 {
    (days + 3).rem_euclid(7) as u8
}

/// Splits Unix `seconds` into whole days since 1970-01-01 and the second of that day
/// (0..86_400), rounding towards the past so instants before 1970 get a positive second of day.
#[inline]
pub(crate) const fn split_days(seconds: i64) -> (i64, u32) {
    (
        seconds.div_euclid(SECONDS_PER_DAY),
        seconds.rem_euclid(SECONDS_PER_DAY) as u32,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epoch_and_known_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(days_from_civil(2000, 3, 1), 11_017);
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(days_from_civil(0, 1, 1), -719_528);
        assert_eq!(civil_from_days(-719_529), (-1, 12, 31));
        assert_eq!(days_from_civil(9999, 12, 31), 2_932_896);
        assert_eq!(civil_from_days(2_932_897), (10_000, 1, 1));
    }

    #[test]
    fn leap_years() {
        assert!(is_leap_year(2000));
        assert!(is_leap_year(2024));
        assert!(is_leap_year(0));
        assert!(is_leap_year(-4));
        assert!(is_leap_year(-400));
        assert!(!is_leap_year(1900));
        assert!(!is_leap_year(-100));
        assert!(!is_leap_year(2023));
        assert_eq!(days_in_month(2000, 2), 29);
        assert_eq!(days_in_month(1900, 2), 28);
        assert_eq!(days_in_month(2024, 2), 29);
        assert_eq!(days_in_month(2023, 4), 30);
        assert_eq!(days_in_month(2023, 12), 31);
        assert_eq!(days_in_month(2023, 0), 0);
        assert_eq!(days_in_month(2023, 13), 0);
    }

    #[test]
    fn weekdays() {
        assert_eq!(weekday_from_days(0), 3); // 1970-01-01, Thursday
        assert_eq!(weekday_from_days(days_from_civil(2024, 2, 29)), 3); // Thursday
        assert_eq!(weekday_from_days(days_from_civil(2000, 1, 1)), 5); // Saturday
        assert_eq!(weekday_from_days(-1), 2); // 1969-12-31, Wednesday
        assert_eq!(weekday_from_days(days_from_civil(1, 1, 1)), 0); // Monday
    }

    #[test]
    fn split_days_rounds_towards_the_past() {
        assert_eq!(split_days(0), (0, 0));
        assert_eq!(split_days(86_399), (0, 86_399));
        assert_eq!(split_days(86_400), (1, 0));
        assert_eq!(split_days(-1), (-1, 86_399));
        assert_eq!(split_days(-86_400), (-1, 0));
        assert_eq!(split_days(i64::MIN), (-106_751_991_167_301, 30_592));
        assert_eq!(split_days(i64::MAX), (106_751_991_167_300, 55_807));
    }

    #[test]
    fn year_limits_hold_the_i64_range() {
        let (min_days, _) = split_days(i64::MIN);
        let (max_days, _) = split_days(i64::MAX);
        assert_eq!(civil_from_days(min_days).0, MIN_YEAR);
        assert_eq!(civil_from_days(max_days).0, MAX_YEAR);
        assert_eq!(civil_from_days(min_days), (MIN_YEAR, 1, 27));
        assert_eq!(civil_from_days(max_days), (MAX_YEAR, 12, 4));
        assert_eq!(days_from_civil(MIN_YEAR, 1, 27), min_days);
        assert_eq!(days_from_civil(MAX_YEAR, 12, 4), max_days);
    }

    /// Every day of 1600..=2400 (two full eras, both sides of every century rule), in order:
    /// the conversions invert each other and step by exactly one day.
    #[test]
    fn every_day_of_two_eras() {
        let mut days = days_from_civil(1600, 1, 1);
        for year in 1600..=2400 {
            for month in 1..=12 {
                for day in 1..=days_in_month(year, month) {
                    assert_eq!(days_from_civil(year, month, day), days);
                    assert_eq!(civil_from_days(days), (year, month, day));
                    days += 1;
                }
            }
        }
    }

    /// Round trips at and around era boundaries far from the epoch, on both sides.
    #[test]
    fn far_years_round_trip() {
        for year in [
            MIN_YEAR,
            MIN_YEAR + 1,
            -1_000_000_001,
            -400_000,
            -401,
            -400,
            -1,
            0,
            1,
            399,
            400,
            10_000,
            1_000_000_000,
            MAX_YEAR - 1,
            MAX_YEAR,
        ] {
            for (month, day) in [(1, 1), (2, 28), (3, 1), (12, 31)] {
                let days = days_from_civil(year, month, day);
                assert_eq!(civil_from_days(days), (year, month, day), "{year}");
            }
            let leap_day = days_from_civil(year, 3, 1) - 1;
            let expected = if is_leap_year(year) { 29 } else { 28 };
            assert_eq!(civil_from_days(leap_day), (year, 2, expected), "{year}");
            let length = days_from_civil(year + 1, 1, 1) - days_from_civil(year, 1, 1);
            assert_eq!(length, if is_leap_year(year) { 366 } else { 365 });
        }
    }

    /// Differential: chrono's day numbers agree over its whole range, sampled.
    #[test]
    fn agrees_with_chrono() {
        use chrono::{Datelike, NaiveDate};
        let epoch = NaiveDate::from_ymd_opt(1970, 1, 1).unwrap();
        let first = NaiveDate::MIN.signed_duration_since(epoch).num_days();
        let last = NaiveDate::MAX.signed_duration_since(epoch).num_days();
        let mut days = first;
        while days <= last {
            let date = epoch + chrono::Duration::days(days);
            let (year, month, day) = civil_from_days(days);
            assert_eq!(
                (year, month, day),
                (i64::from(date.year()), date.month() as u8, date.day() as u8)
            );
            assert_eq!(days_from_civil(year, month, day), days);
            assert_eq!(
                u32::from(weekday_from_days(days)),
                date.weekday().num_days_from_monday()
            );
            days += 997;
        }
    }
}
