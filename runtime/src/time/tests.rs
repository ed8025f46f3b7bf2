//! Random round trips through the RFC 3339 writer and parser, and differential tests against
//! chrono: the writer against what chrono's `DateTime<Utc>` serializes to, the parser against
//! chrono's `parse_from_rfc3339` on generated and mutated strings.

use chrono::{DateTime as ChronoDateTime, FixedOffset, NaiveDate, NaiveTime, SecondsFormat, Utc};

use super::*;

/// xorshift64*: small, deterministic, good enough to spread test inputs.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Self {
        Rng(seed | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// Uniform in `low..=high` (the tiny modulo bias does not matter here).
    fn range(&mut self, low: i64, high: i64) -> i64 {
        let span = (high - low) as u64 + 1;
        low + (self.next() % span) as i64
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn chance(&mut self, one_in: u64) -> bool {
        self.next() % one_in == 0
    }

    /// Nanoseconds spread over the writer's four fraction lengths.
    fn nanoseconds(&mut self) -> u32 {
        let any = (self.next() % 1_000_000_000) as u32;
        match self.below(4) {
            0 => 0,
            1 => any / 1_000_000 * 1_000_000,
            2 => any / 1000 * 1000,
            _ => any,
        }
    }
}

/// Unix seconds of 0000-01-01T00:00:00Z and 9999-12-31T23:59:59Z.
const YEAR_0: i64 = -62_167_219_200;
const YEAR_9999_END: i64 = 253_402_300_799;

fn chrono_utc(seconds: i64, nanoseconds: u32) -> ChronoDateTime<Utc> {
    ChronoDateTime::from_timestamp(seconds, nanoseconds).unwrap()
}

/// chrono's instant for a parsed value, with a leap second moved to the next second as ours is.
fn chrono_instant(dt: &ChronoDateTime<FixedOffset>) -> (i64, u32, i32, bool) {
    let (seconds, nanoseconds) = (dt.timestamp(), dt.timestamp_subsec_nanos());
    let leap = nanoseconds >= 1_000_000_000;
    let (seconds, nanoseconds) = if leap {
        (seconds + 1, nanoseconds - 1_000_000_000)
    } else {
        (seconds, nanoseconds)
    };
    (seconds, nanoseconds, dt.offset().local_minus_utc(), leap)
}

fn ours(text: &str) -> Result<(i64, u32, i32, bool), Rfc3339Error> {
    parse_date_time(text).map(|dt| (dt.seconds, dt.nanoseconds, dt.offset, dt.leap_second))
}

#[test]
fn random_instants_round_trip() {
    let mut rng = Rng::new(0x5eed_0001);
    for _ in 0..200_000 {
        let seconds = rng.range(YEAR_0, YEAR_9999_END);
        let nanoseconds = rng.nanoseconds();
        let text = format_utc(seconds, nanoseconds).to_string();
        let parsed = parse_date_time(&text).unwrap();
        assert_eq!(
            (parsed.seconds, parsed.nanoseconds),
            (seconds, nanoseconds),
            "{text}"
        );
        assert_eq!(parsed.offset, 0);
    }
}

#[test]
fn random_far_instants_round_trip() {
    let mut rng = Rng::new(0x5eed_0002);
    let check = |seconds: i64, nanoseconds: u32| {
        let text = format_utc(seconds, nanoseconds).to_string();
        let parsed = parse_date_time(&text).unwrap();
        assert_eq!(
            (parsed.seconds, parsed.nanoseconds),
            (seconds, nanoseconds),
            "{text}"
        );
    };
    for _ in 0..100_000 {
        let seconds = rng.next() as i64;
        check(seconds, rng.nanoseconds());
    }
    for seconds in [i64::MIN, i64::MIN + 1, -1, 0, 1, i64::MAX - 1, i64::MAX] {
        check(seconds, 0);
        check(seconds, 999_999_999);
    }
}

#[test]
fn round_trips_through_offsets() {
    let mut rng = Rng::new(0x5eed_0003);
    for _ in 0..50_000 {
        let seconds = rng.range(YEAR_0 + 86_400, YEAR_9999_END - 86_400);
        let nanoseconds = rng.nanoseconds();
        let offset = rng.range(-86_340, 86_340) as i32 / 60 * 60;
        let local = chrono_utc(seconds, nanoseconds)
            .with_timezone(&FixedOffset::east_opt(offset).unwrap())
            .to_rfc3339_opts(SecondsFormat::AutoSi, false);
        let parsed = parse_date_time(&local).unwrap();
        assert_eq!(
            (parsed.seconds, parsed.nanoseconds, parsed.offset),
            (seconds, nanoseconds, offset),
            "{local}"
        );
    }
}

/// The writer's output is chrono's `Serialize` output without the quotes: chrono serializes
/// `DateTime<Utc>` through `to_rfc3339_opts(SecondsFormat::AutoSi, true)`'s formatter.
#[test]
fn writer_matches_chrono() {
    let mut rng = Rng::new(0x5eed_0004);
    let first = NaiveDate::MIN
        .and_hms_opt(0, 0, 0)
        .unwrap()
        .and_utc()
        .timestamp();
    let last = NaiveDate::MAX
        .and_hms_opt(23, 59, 59)
        .unwrap()
        .and_utc()
        .timestamp();
    for i in 0..100_000 {
        let seconds = if i % 2 == 0 {
            rng.range(YEAR_0, YEAR_9999_END)
        } else {
            rng.range(first, last)
        };
        let nanoseconds = rng.nanoseconds();
        let expected =
            chrono_utc(seconds, nanoseconds).to_rfc3339_opts(SecondsFormat::AutoSi, true);
        assert_eq!(format_utc(seconds, nanoseconds).to_string(), expected);
    }
    for seconds in [
        first,
        last,
        YEAR_0,
        YEAR_0 - 1,
        YEAR_9999_END,
        YEAR_9999_END + 1,
    ] {
        let expected = chrono_utc(seconds, 1).to_rfc3339_opts(SecondsFormat::AutoSi, true);
        assert_eq!(format_utc(seconds, 1).to_string(), expected);
    }
}

#[test]
fn writer_matches_chrono_on_leap_seconds() {
    let date = NaiveDate::from_ymd_opt(2016, 12, 31).unwrap();
    for nanoseconds in [1_000_000_000, 1_000_000_001, 1_250_000_000, 1_999_999_999] {
        let time = NaiveTime::from_hms_nano_opt(23, 59, 59, nanoseconds).unwrap();
        let chrono = date.and_time(time).and_utc();
        let expected = chrono.to_rfc3339_opts(SecondsFormat::AutoSi, true);
        let written = format_utc(chrono.timestamp(), chrono.timestamp_subsec_nanos());
        assert_eq!(written.to_string(), expected);
    }
}

/// Writes a date-time from fields that may be out of range, in the shapes chrono and we read:
/// the building block of the differential parser test.
fn generate(rng: &mut Rng) -> String {
    let year = match rng.below(8) {
        0 => rng.range(0, 99),
        1 => rng.range(9900, 9999),
        _ => rng.range(1600, 2400),
    };
    let month = if rng.chance(20) {
        rng.range(0, 19)
    } else {
        rng.range(1, 12)
    };
    let day = if rng.chance(4) {
        rng.range(28, 32)
    } else if rng.chance(20) {
        rng.range(0, 39)
    } else {
        rng.range(1, 28)
    };
    let hour = if rng.chance(20) {
        rng.range(0, 99)
    } else {
        rng.range(0, 23)
    };
    let minute = if rng.chance(20) {
        rng.range(0, 99)
    } else {
        rng.range(0, 59)
    };
    let second = match rng.below(20) {
        0 => 60,
        1 => rng.range(0, 99),
        _ => rng.range(0, 59),
    };
    let separator = ["T", "t", " ", "T", "T"][rng.below(5)];
    let mut text =
        format!("{year:04}-{month:02}-{day:02}{separator}{hour:02}:{minute:02}:{second:02}");
    let digits = match rng.below(4) {
        0 => 0,
        1 => rng.below(13),
        _ => [3, 6, 9][rng.below(3)],
    };
    if digits > 0 {
        text.push('.');
        for _ in 0..digits {
            text.push(char::from(b'0' + rng.below(10) as u8));
        }
    }
    match rng.below(6) {
        0 => text.push('Z'),
        1 => text.push('z'),
        _ => {
            let sign = ["+", "-", "\u{2212}"][rng.below(3)];
            let hours = if rng.chance(10) {
                rng.range(0, 99)
            } else {
                rng.range(0, 23)
            };
            let minutes = if rng.chance(10) {
                rng.range(0, 99)
            } else {
                rng.range(0, 59)
            };
            text.push_str(&format!("{sign}{hours:02}:{minutes:02}"));
        }
    }
    text
}

/// One random edit: replace, insert, delete or duplicate a character, or cut the text short.
fn mutate(rng: &mut Rng, text: &str) -> String {
    const ALPHABET: &[char] = &[
        '0', '1', '2', '5', '6', '9', '-', '+', ':', '.', ',', 'T', 't', 'Z', 'z', ' ', 'x', 'U',
        '\u{2212}', '\u{e9}', '\n',
    ];
    let mut chars: Vec<char> = text.chars().collect();
    let at = rng.below(chars.len() + 1);
    let pick = ALPHABET[rng.below(ALPHABET.len())];
    match rng.below(5) {
        0 if at < chars.len() => chars[at] = pick,
        1 => chars.insert(at, pick),
        2 if at < chars.len() => {
            chars.remove(at);
        }
        3 if at < chars.len() => chars.insert(at, chars[at]),
        _ => chars.truncate(at),
    }
    chars.into_iter().collect()
}

/// Checks one string: the same verdict as chrono and, when accepted, the same instant and offset.
/// Signed years are our extension (chrono writes them, and its `FromStr` reads them, but its
/// `parse_from_rfc3339` does not): where we accept one, chrono's `FromStr` must agree on the value.
fn check_against_chrono(text: &str, accepted: &mut usize) {
    let mine = ours(text);
    if text.starts_with(['+', '-']) {
        if let Ok(value) = mine {
            match text.parse::<ChronoDateTime<FixedOffset>>() {
                Ok(dt) => assert_eq!(chrono_instant(&dt), value, "{text:?}"),
                // chrono's years end at ±262,143; ours go on.
                Err(_) => assert!(value.0.unsigned_abs() > 8_000_000_000_000, "{text:?}"),
            }
        }
        return;
    }
    let theirs = ChronoDateTime::parse_from_rfc3339(text);
    match (&mine, &theirs) {
        (Ok(value), Ok(dt)) => {
            assert_eq!(*value, chrono_instant(dt), "{text:?}");
            *accepted += 1;
        }
        (Err(_), Err(_)) => {}
        _ => panic!("{text:?}: ours {mine:?}, chrono {theirs:?}"),
    }
}

#[test]
fn parser_matches_chrono_on_generated_strings() {
    let mut rng = Rng::new(0x5eed_0005);
    let mut accepted = 0;
    for _ in 0..20_000 {
        check_against_chrono(&generate(&mut rng), &mut accepted);
    }
    assert!(
        accepted > 5_000,
        "too few valid strings generated: {accepted}"
    );
}

#[test]
fn parser_matches_chrono_on_mutated_strings() {
    let mut rng = Rng::new(0x5eed_0006);
    let mut accepted = 0;
    for _ in 0..20_000 {
        let mut text = generate(&mut rng);
        for _ in 0..=rng.below(3) {
            text = mutate(&mut rng, &text);
        }
        check_against_chrono(&text, &mut accepted);
    }
    assert!(accepted > 500, "too few mutants accepted: {accepted}");
}

#[test]
fn parser_matches_chrono_on_signed_years() {
    let mut rng = Rng::new(0x5eed_0007);
    let mut accepted = 0;
    for _ in 0..5_000 {
        let seconds = rng.range(-8_000_000_000_000, 8_000_000_000_000);
        let text = format_utc(seconds, rng.nanoseconds()).to_string();
        let text = if rng.chance(2) {
            mutate(&mut rng, &text)
        } else {
            text
        };
        check_against_chrono(&text, &mut accepted);
    }
}

/// The parser reads what chrono writes for every offset, leap seconds included.
#[test]
fn parser_reads_chrono_output() {
    let mut rng = Rng::new(0x5eed_0008);
    for _ in 0..20_000 {
        let seconds = rng.range(YEAR_0 + 86_400, YEAR_9999_END - 86_400);
        let mut nanoseconds = rng.nanoseconds();
        let utc = chrono_utc(seconds, 0);
        if rng.chance(50) && utc.time().format("%S").to_string() == "59" {
            nanoseconds += 1_000_000_000;
        }
        let offset = FixedOffset::east_opt(rng.range(-86_399, 86_399) as i32 / 60 * 60).unwrap();
        let time = NaiveTime::from_hms_nano_opt(
            chrono::Timelike::hour(&utc),
            chrono::Timelike::minute(&utc),
            chrono::Timelike::second(&utc),
            nanoseconds,
        )
        .unwrap();
        let dt = utc
            .date_naive()
            .and_time(time)
            .and_utc()
            .with_timezone(&offset);
        for format in [
            SecondsFormat::AutoSi,
            SecondsFormat::Secs,
            SecondsFormat::Nanos,
        ] {
            let text = dt.to_rfc3339_opts(format, rng.chance(2));
            let reparsed = ChronoDateTime::parse_from_rfc3339(&text).unwrap();
            assert_eq!(ours(&text), Ok(chrono_instant(&reparsed)), "{text}");
        }
    }
}

#[test]
fn dates_and_times_alone_match_chrono() {
    let mut rng = Rng::new(0x5eed_0009);
    for _ in 0..20_000 {
        let full = generate(&mut rng);
        let (date, rest) = full.split_at(10);
        let time = &rest[1..9];
        let date = if rng.chance(3) {
            mutate(&mut rng, date)
        } else {
            date.to_owned()
        };
        if !date.starts_with(['+', '-']) {
            // chrono's `%Y-%m-%d` also takes other digit counts and spaces; RFC 3339 does not.
            let shape = date.len() == 10
                && date.bytes().enumerate().all(|(i, b)| match i {
                    4 | 7 => b == b'-',
                    _ => b.is_ascii_digit(),
                });
            let theirs = NaiveDate::parse_from_str(&date, "%Y-%m-%d")
                .ok()
                .filter(|_| shape);
            let theirs = theirs.map(|d| {
                use chrono::Datelike;
                (i64::from(d.year()), d.month() as u8, d.day() as u8)
            });
            let mine = parse_date(&date).ok().map(|d| (d.year, d.month, d.day));
            assert_eq!(mine, theirs, "{date:?}");
        }
        let mine = parse_time(time).ok();
        let theirs = NaiveTime::parse_from_str(time, "%H:%M:%S").ok();
        assert_eq!(mine.is_some(), theirs.is_some(), "{time:?}");
        if let (Some(mine), Some(theirs)) = (mine, theirs) {
            use chrono::Timelike;
            let leap = theirs.nanosecond() >= 1_000_000_000;
            assert_eq!(
                (mine.hour, mine.minute, mine.second),
                (
                    theirs.hour() as u8,
                    theirs.minute() as u8,
                    theirs.second() as u8 + u8::from(leap)
                ),
                "{time:?}"
            );
        }
    }
}
