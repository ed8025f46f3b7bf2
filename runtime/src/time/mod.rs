//! Date and time handling shared by every format: civil-calendar arithmetic and a strict RFC 3339
//! writer and parser.
//!
//! Instants are Unix time: whole seconds since 1970-01-01T00:00:00Z as an `i64` (every day is
//! 86,400 seconds long) plus nanoseconds, 0..=999,999,999. Every such instant can be written and
//! read back, however far from the present; dates are on the proleptic Gregorian calendar.

mod civil;
mod rfc3339;
#[cfg(test)]
mod tests;
mod text;

#[allow(unused_imports)] // for the chrono, time and jiff impls that build on this module
pub(crate) use civil::{
    civil_from_days, days_from_civil, days_in_month, is_leap_year, split_days, weekday_from_days,
    MAX_YEAR, MIN_YEAR, SECONDS_PER_DAY,
};
#[allow(unused_imports)] // for the chrono, time and jiff impls that build on this module
pub(crate) use rfc3339::{
    format_utc, parse_date, parse_date_time, parse_time, write_utc, Date, DateTime, Rfc3339Error,
    Rfc3339Text, Time, MAX_LEN,
};
pub(crate) use text::TimeText;
