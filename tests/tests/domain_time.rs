//! The `time` crate's types (fastwire's `time` feature) against time's own serde impls, with
//! its `serde-human-readable` feature, through serde_json (text) and rmp-serde (tuples and
//! numbers): the same bytes for values across each type's whole range, and the same reading
//! (value or refusal, and the same message for text) of serde's documents and of hand-written
//! texts, tuples and MessagePack that stretch each reader.

use std::collections::BTreeMap;
use std::fmt::Debug;

use fastwire_tests::{assert_decodes_same, assert_msgpack_decodes_same, assert_same_round_trip};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde::de::DeserializeOwned;
use serde::Serialize;
use time::{
    Date, Duration, Month, OffsetDateTime, PrimitiveDateTime, Time, UtcDateTime, UtcOffset, Weekday,
};

fn rng(seed: u64) -> StdRng {
    StdRng::seed_from_u64(seed)
}

/// serde_json's message without the position it appends.
fn serde_json_message(err: &serde_json::Error) -> String {
    let text = err.to_string();
    let suffix = format!(" at line {} column {}", err.line(), err.column());
    text.strip_suffix(&suffix).unwrap_or(&text).to_owned()
}

/// `text` read as a JSON string and as a MessagePack `str` by fastwire and by serde: the same
/// value or both refusals, and (for JSON) fastwire's message starts with serde_json's.
fn agree_on_text<T>(text: &str)
where
    T: Serialize + DeserializeOwned + fastwire::json::DecodeOwned + fastwire::msgpack::DecodeOwned,
    T: PartialEq + Debug,
{
    let json = serde_json::to_string(text).unwrap();
    if let Err(theirs) = assert_decodes_same::<T>(&json) {
        let ours = fastwire::json::from_str::<T>(&json)
            .unwrap_err()
            .to_string();
        let theirs = serde_json_message(&theirs);
        assert!(
            ours.starts_with(&theirs),
            "{text:?}: fastwire says {ours:?}, serde_json {theirs:?}"
        );
    }
    let msgpack = rmp_serde::to_vec(text).unwrap();
    let _ = assert_msgpack_decodes_same::<T>(&msgpack);
}

fn agree_on_texts<T>(texts: &[&str])
where
    T: Serialize + DeserializeOwned + fastwire::json::DecodeOwned + fastwire::msgpack::DecodeOwned,
    T: PartialEq + Debug,
{
    for text in texts {
        agree_on_text::<T>(text);
    }
}

/// Each JSON document read alike by fastwire and serde_json.
fn agree_on_json<T>(documents: &[&str])
where
    T: DeserializeOwned + fastwire::json::DecodeOwned + PartialEq + Debug,
{
    for text in documents {
        let _ = assert_decodes_same::<T>(text);
    }
}

/// Each value, as rmp-serde writes it, read alike by fastwire and rmp-serde.
fn agree_on_msgpack<T>(documents: &[Vec<u8>])
where
    T: Serialize + DeserializeOwned + fastwire::msgpack::DecodeOwned + PartialEq + Debug,
{
    for bytes in documents {
        let _ = assert_msgpack_decodes_same::<T>(bytes);
    }
}

/// `canonical` with one byte replaced, removed, or added, many times over: every variant read
/// alike (the readers' every branch, near the texts that matter).
fn agree_on_mutations<T>(rng: &mut StdRng, canonical: &str, count: usize)
where
    T: Serialize + DeserializeOwned + fastwire::json::DecodeOwned + fastwire::msgpack::DecodeOwned,
    T: PartialEq + Debug,
{
    const BYTES: &[u8] = b"0123456789+-:. TZz/a";
    let bytes = canonical.as_bytes();
    for _ in 0..count {
        let mut mutated = bytes.to_vec();
        let at = rng.random_range(0..=mutated.len());
        let byte = BYTES[rng.random_range(0..BYTES.len())];
        match rng.random_range(0..3) {
            0 if at < mutated.len() => mutated[at] = byte,
            1 if at < mutated.len() => {
                mutated.remove(at);
            }
            _ => mutated.insert(at, byte),
        }
        agree_on_text::<T>(std::str::from_utf8(&mutated).unwrap());
    }
}

fn random_date(rng: &mut StdRng) -> Date {
    let (min, max) = if rng.random_bool(0.5) {
        (Date::MIN.to_julian_day(), Date::MAX.to_julian_day())
    } else {
        let first = Date::from_calendar_date(0, Month::January, 1).unwrap();
        (first.to_julian_day(), Date::MAX.to_julian_day())
    };
    Date::from_julian_day(rng.random_range(min..=max)).unwrap()
}

/// Nanoseconds with every number of significant digits.
fn random_nanos(rng: &mut StdRng) -> u32 {
    let digits = rng.random_range(0..=9u32);
    if digits == 0 {
        return 0;
    }
    let scale = 10u32.pow(9 - digits);
    rng.random_range(0..10u32.pow(digits)) * scale
}

fn random_time(rng: &mut StdRng) -> Time {
    Time::from_hms_nano(
        rng.random_range(0..24),
        rng.random_range(0..60),
        rng.random_range(0..60),
        random_nanos(rng),
    )
    .unwrap()
}

fn random_offset(rng: &mut StdRng) -> UtcOffset {
    let seconds = match rng.random_range(0..4) {
        0 => 0,
        1 => rng.random_range(-25..=25) * 3600,
        2 => rng.random_range(-1559..=1559) * 60,
        _ => rng.random_range(-93_599..=93_599),
    };
    UtcOffset::from_whole_seconds(seconds).unwrap()
}

#[test]
fn dates_across_the_range() {
    let mut rng = rng(1);
    let leap = Date::from_calendar_date(2000, Month::February, 29).unwrap();
    let edges = [
        Date::MIN,
        Date::MAX,
        Date::from_calendar_date(0, Month::January, 1).unwrap(),
        Date::from_calendar_date(-1, Month::December, 31).unwrap(),
        leap,
    ];
    for date in edges
        .into_iter()
        .chain((0..2000).map(|_| random_date(&mut rng)))
    {
        assert_same_round_trip(&date);
    }
    assert_eq!(fastwire::json::to_string(&Date::MIN), r#""-9999-01-01""#);
    assert_eq!(fastwire::msgpack::to_vec(&leap), b"\x92\xcd\x07\xd0\x3c");
    agree_on_texts::<Date>(&[
        "2024-02-29",
        "2023-02-29",
        "2023-02-30x",
        "2024-13-01",
        "2024-00-10",
        "2024-01-00",
        "2024-01-32",
        "2024-1-05",
        "+2024-01-05",
        "-2024-01-05",
        "-0000-01-01",
        "+10000-01-01",
        "10000-01-01",
        "999-01-01",
        " 2024-01-05",
        "2024-01-05 ",
        "2024-01-05 00:00:00.0",
        "2024/01/05",
        "20240105",
        "",
        "２０２４-01-05",
    ]);
    for _ in 0..40 {
        let canonical = serde_json::to_value(random_date(&mut rng)).unwrap();
        agree_on_mutations::<Date>(&mut rng, canonical.as_str().unwrap(), 25);
    }
}

#[test]
fn times_of_day_with_every_precision() {
    let mut rng = rng(2);
    for _ in 0..2000 {
        assert_same_round_trip(&random_time(&mut rng));
    }
    assert_same_round_trip(&Time::MIDNIGHT);
    assert_same_round_trip(&Time::MAX);
    agree_on_texts::<Time>(&[
        "23:59:59.0",
        "23:59:59",
        "23:59:60.0",
        "24:00:00.0",
        "12:60:00.0",
        "1:02:03.0",
        "01:02:03.",
        "01:02:03.1234567891234",
        "01:02:03.12345678901234567890123456789012",
        "01:02:03.123456789012345678901234567890123",
        "01:02:03,5",
        "01:02:03.5Z",
        "01:02:03.5 ",
        "01:02",
    ]);
    for _ in 0..40 {
        let canonical = serde_json::to_value(random_time(&mut rng)).unwrap();
        agree_on_mutations::<Time>(&mut rng, canonical.as_str().unwrap(), 25);
    }
}

#[test]
fn date_times_and_offsets() {
    let mut rng = rng(3);
    for _ in 0..2000 {
        let plain = PrimitiveDateTime::new(random_date(&mut rng), random_time(&mut rng));
        assert_same_round_trip(&plain);
        assert_same_round_trip(&plain.as_utc());
        let offset = random_offset(&mut rng);
        assert_same_round_trip(&offset);
        assert_same_round_trip(&plain.assume_offset(offset));
    }
    for offset in [
        UtcOffset::UTC,
        UtcOffset::from_hms(-25, -59, -59).unwrap(),
        UtcOffset::from_hms(25, 59, 59).unwrap(),
        UtcOffset::from_hms(0, -30, 0).unwrap(),
        UtcOffset::from_hms(0, 0, 1).unwrap(),
    ] {
        assert_same_round_trip(&offset);
        assert_same_round_trip(&PrimitiveDateTime::MIN.assume_offset(offset));
        assert_same_round_trip(&PrimitiveDateTime::MAX.assume_offset(offset));
    }
    agree_on_texts::<PrimitiveDateTime>(&[
        "2024-02-29 12:30:00.0",
        "2024-02-29 12:30:00.25",
        "2024-02-29T12:30:00.0",
        "2024-02-29 12:30:00",
        "2024-02-29  12:30:00.0",
        "2024-02-29 23:59:60.5",
        "2023-02-29 24:00:00.0",
        "2023-02-29 23:59:60.0",
        "+2024-02-29 12:30:00.0",
        "2024-02-29 12:30:00.0 +00:00:00",
        "-9999-01-01 00:00:00.000000000000",
    ]);
    agree_on_texts::<UtcDateTime>(&[
        "2024-02-29 12:30:00.0",
        "2024-02-29 12:30:00.25",
        "2024-02-29T12:30:00.0",
        "2024-02-29 12:30:00.0 +00:00:00",
        "2024-02-29 12:30:00Z",
        "2023-02-29 00:00:00.0",
    ]);
    let offset_texts = [
        "2024-02-29 12:30:00.0 +00:00:00",
        "2024-02-29 12:30:00.5 -05:30:15",
        "2024-02-29 12:30:00.5 -00:00:01",
        "2024-02-29 12:30:00.5 +25:59:59",
        "2024-02-29 12:30:00.5 +26:00:00",
        "2024-02-29 12:30:00.5 +05:60:00",
        "2024-02-29 12:30:00.5 +05:00:60",
        "2024-02-29 12:30:00.5 05:00:00",
        "2024-02-29 12:30:00.5 +05:00",
        "2024-02-29 12:30:00.5 +0500:00",
        "2024-02-29 12:30:00.5 Z",
        "2024-02-29 12:30:00.5+05:00:00",
        "2024-02-29 12:30:00.5 +05:00:00 ",
        "2024-02-29T12:30:00Z",
        "2024-02-30 12:30:00.5 +05:00:00",
        "9999-12-31 23:59:59.999999999 -25:59:59",
        "-9999-01-01 00:00:00.0 +25:59:59",
    ];
    agree_on_texts::<OffsetDateTime>(&offset_texts);
    agree_on_texts::<UtcOffset>(&[
        "+00:00:00",
        "-00:00:00",
        "-00:30:00",
        "+25:59:59",
        "-26:00:00",
        "+05:30",
        "+05",
        "05:30:00",
        "+5:30:00",
        "+05:30:00 ",
        "Z",
        "",
    ]);
    for _ in 0..30 {
        let plain = PrimitiveDateTime::new(random_date(&mut rng), random_time(&mut rng));
        let instant = plain.assume_offset(random_offset(&mut rng));
        let canonical = serde_json::to_value(plain).unwrap();
        agree_on_mutations::<PrimitiveDateTime>(&mut rng, canonical.as_str().unwrap(), 25);
        let canonical = serde_json::to_value(plain.as_utc()).unwrap();
        agree_on_mutations::<UtcDateTime>(&mut rng, canonical.as_str().unwrap(), 10);
        let canonical = serde_json::to_value(instant).unwrap();
        agree_on_mutations::<OffsetDateTime>(&mut rng, canonical.as_str().unwrap(), 25);
        let canonical = serde_json::to_value(instant.offset()).unwrap();
        agree_on_mutations::<UtcOffset>(&mut rng, canonical.as_str().unwrap(), 10);
    }
}

#[test]
fn durations_as_seconds_and_nanoseconds() {
    let mut rng = rng(4);
    let edges = [
        Duration::ZERO,
        Duration::MIN,
        Duration::MAX,
        Duration::new(0, -1),
        Duration::new(-2, 250_000_000),
        Duration::new(5, 0),
    ];
    let random = (0..2000).map(|_| {
        let seconds = match rng.random_range(0..3) {
            0 => rng.random(),
            1 => rng.random_range(-100_000..100_000),
            _ => 0,
        };
        Duration::new(seconds, rng.random_range(-999_999_999..=999_999_999))
    });
    for duration in edges.into_iter().chain(random) {
        assert_same_round_trip(&duration);
    }
    agree_on_texts::<Duration>(&[
        "1.5",
        "-1.5",
        "-0.5",
        "+0.5",
        "0.000000001",
        "1.1234567891234",
        "1",
        "1.",
        ".5",
        "-.5",
        "1.5.5",
        "1.-5",
        "1.+5",
        "1.5 ",
        " 1.5",
        "x.5",
        "9223372036854775807.999999999",
        "9223372036854775808.0",
        "-9223372036854775808.999999999",
        "",
    ]);
    agree_on_json::<Duration>(&[
        "[1,5]",
        "[-1,-5]",
        "[1,-5]",
        "[-1,5]",
        "[0,999999999]",
        "[0,1000000000]",
        "[0,-1000000000]",
        "[1]",
        "[]",
        "[1,2,3]",
        "[1,2,]",
        "[1.5,0]",
        "1.5",
        "null",
    ]);
    agree_on_msgpack::<Duration>(&[
        rmp_serde::to_vec(&(1i64, 5i32)).unwrap(),
        rmp_serde::to_vec(&(1i64, 1_000_000_000i64)).unwrap(),
        rmp_serde::to_vec(&(i64::MIN, -999_999_999)).unwrap(),
        rmp_serde::to_vec(&(1u64 << 63, 0)).unwrap(),
        rmp_serde::to_vec(&[1i64]).unwrap(),
        rmp_serde::to_vec(&[1i64, 2, 3]).unwrap(),
        rmp_serde::to_vec(&serde_bytes::Bytes::new(&[1, 2])).unwrap(),
        rmp_serde::to_vec(&serde_bytes::Bytes::new(&[1, 2, 3])).unwrap(),
        rmp_serde::to_vec(&serde_bytes::Bytes::new(&[1])).unwrap(),
        rmp_serde::to_vec(&"-1.5").unwrap(),
        rmp_serde::to_vec(&1.5f64).unwrap(),
    ]);
}

#[test]
fn tuples_where_text_is_written_and_text_where_tuples_are() {
    // JSON: serde_json hands an array to the visitor, which takes the tuple form.
    agree_on_json::<Date>(&[
        "[2024,60]",
        "[2024,366]",
        "[2023,366]",
        "[2024,0]",
        "[10000,1]",
        "[-9999,1]",
        "[2024]",
        "[]",
        "[2024,60,1]",
        "[2024,60,]",
        "[2024,-1]",
        "[2024.0,1]",
        "[\"2024\",1]",
        "{\"year\":2024}",
        "2024",
        "true",
        "null",
    ]);
    agree_on_json::<Time>(&[
        "[23,59,59,999999999]",
        "[24,0,0,0]",
        "[0,60,0,0]",
        "[0,0,60,0]",
        "[0,0,0,1000000000]",
        "[0,0,0]",
        "[0,0,0,0,0]",
        "[256,0,0,0]",
    ]);
    agree_on_json::<PrimitiveDateTime>(&[
        "[2024,60,12,30,0,0]",
        "[2024,367,12,30,0,0]",
        "[2024,60,12,30,0]",
        "[2024,60,12,30,0,0,0]",
    ]);
    agree_on_json::<OffsetDateTime>(&[
        "[2024,60,12,30,0,0,5,30,0]",
        "[2024,60,12,30,0,0,-5,-30,0]",
        "[2024,60,12,30,0,0,5,-30,0]",
        "[2024,60,12,30,0,0,26,0,0]",
        "[2024,60,12,30,0,0,5,30]",
        "[2024,60,12,30,0,0,5,30,0,0]",
        "[2024,60,12,30,0,0,128,0,0]",
    ]);
    agree_on_json::<UtcOffset>(&[
        "[5]",
        "[5,30]",
        "[5,30,15]",
        "[5,-30,-15]",
        "[-5,30,15]",
        "[0,-30,15]",
        "[0,0,-15]",
        "[26]",
        "[5,60]",
        "[]",
        "[5,30,15,0]",
        "[-129]",
    ]);
    // MessagePack: rmp-serde hands a `str` to the visitor too, which reads the text, and a
    // `bin` as a sequence of its bytes.
    let date = Date::from_calendar_date(2024, Month::February, 29).unwrap();
    agree_on_msgpack::<Date>(&[
        rmp_serde::to_vec(&"2024-02-29").unwrap(),
        rmp_serde::to_vec(&"2023-02-29").unwrap(),
        rmp_serde::to_vec(&(2024, 60)).unwrap(),
        rmp_serde::to_vec(&(2024, 367)).unwrap(),
        rmp_serde::to_vec(&(2024u64, 60u64)).unwrap(),
        rmp_serde::to_vec(&(-9999i64, 1)).unwrap(),
        rmp_serde::to_vec(&(10_000, 1)).unwrap(),
        rmp_serde::to_vec(&(1u64 << 40, 1)).unwrap(),
        rmp_serde::to_vec(&[2024]).unwrap(),
        rmp_serde::to_vec(&[2024, 60, 1]).unwrap(),
        rmp_serde::to_vec::<[i32; 0]>(&[]).unwrap(),
        rmp_serde::to_vec(&(2024.0, 60)).unwrap(),
        rmp_serde::to_vec(&serde_bytes::Bytes::new(&[7, 100])).unwrap(),
        rmp_serde::to_vec(&serde_bytes::Bytes::new(&[7, 100, 1, 2])).unwrap(),
        rmp_serde::to_vec(&serde_bytes::Bytes::new(&[7])).unwrap(),
        rmp_serde::to_vec(&serde_bytes::Bytes::new(b"2024-02-29")).unwrap(),
        rmp_serde::to_vec(&2024).unwrap(),
        rmp_serde::to_vec(&()).unwrap(),
        rmp_serde::to_vec(&true).unwrap(),
        rmp_serde::to_vec_named(&BTreeMap::from([("year", 2024)])).unwrap(),
        fastwire::msgpack::to_vec(&date),
    ]);
    agree_on_msgpack::<Time>(&[
        rmp_serde::to_vec(&"12:30:00.5").unwrap(),
        rmp_serde::to_vec(&"12:30:00").unwrap(),
        rmp_serde::to_vec(&(23, 59, 59, 999_999_999)).unwrap(),
        rmp_serde::to_vec(&(24, 0, 0, 0)).unwrap(),
        rmp_serde::to_vec(&(-1, 0, 0, 0)).unwrap(),
        rmp_serde::to_vec(&(1, 2, 3)).unwrap(),
        rmp_serde::to_vec(&serde_bytes::Bytes::new(&[1, 2, 3, 4])).unwrap(),
        rmp_serde::to_vec(&serde_bytes::Bytes::new(&[24, 2, 3, 4])).unwrap(),
    ]);
    agree_on_msgpack::<OffsetDateTime>(&[
        rmp_serde::to_vec(&"2024-02-29 12:30:00.5 +05:30:00").unwrap(),
        rmp_serde::to_vec(&(2024, 60, 12, 30, 0, 0, 5, 30, 0)).unwrap(),
        rmp_serde::to_vec(&(2024, 60, 12, 30, 0, 0, -5, -30, 0)).unwrap(),
        rmp_serde::to_vec(&(2024, 60, 12, 30, 0, 0, 5, -30, 0)).unwrap(),
        rmp_serde::to_vec(&(2024, 60, 12, 30, 0, 0, 26, 0, 0)).unwrap(),
        rmp_serde::to_vec(&(2024, 60, 12, 30, 0, 0, 200, 0, 0)).unwrap(),
        rmp_serde::to_vec(&(2024, 60, 12, 30, 0, 0, 5, 30)).unwrap(),
        rmp_serde::to_vec(&serde_bytes::Bytes::new(&[7, 100, 1, 2, 3, 4, 5, 6, 7])).unwrap(),
        rmp_serde::to_vec(&serde_bytes::Bytes::new(&[7, 100, 1, 2, 3, 4, 200, 6, 7])).unwrap(),
    ]);
    agree_on_msgpack::<UtcOffset>(&[
        rmp_serde::to_vec(&"+05:30:00").unwrap(),
        rmp_serde::to_vec(&[5]).unwrap(),
        rmp_serde::to_vec(&[5, 30]).unwrap(),
        rmp_serde::to_vec(&[0, -30, 15]).unwrap(),
        rmp_serde::to_vec(&[5, 30, 15, 1]).unwrap(),
        rmp_serde::to_vec::<[i8; 0]>(&[]).unwrap(),
        rmp_serde::to_vec(&serde_bytes::Bytes::new(&[5])).unwrap(),
        rmp_serde::to_vec(&serde_bytes::Bytes::new(&[5, 30, 15, 1])).unwrap(),
        rmp_serde::to_vec(&serde_bytes::Bytes::new(&[])).unwrap(),
    ]);
    agree_on_msgpack::<PrimitiveDateTime>(&[
        rmp_serde::to_vec(&"2024-02-29 12:30:00.5").unwrap(),
        rmp_serde::to_vec(&(2024, 60, 12, 30, 0, 0)).unwrap(),
        rmp_serde::to_vec(&(2024, 60, 12, 30, 0)).unwrap(),
    ]);
}

#[test]
fn weekdays_and_months_by_name_and_number() {
    let weekdays = [
        Weekday::Monday,
        Weekday::Tuesday,
        Weekday::Wednesday,
        Weekday::Thursday,
        Weekday::Friday,
        Weekday::Saturday,
        Weekday::Sunday,
    ];
    for day in weekdays {
        assert_same_round_trip(&day);
    }
    let mut month = Month::January;
    for _ in 0..12 {
        assert_same_round_trip(&month);
        month = month.next();
    }
    agree_on_texts::<Weekday>(&["Monday", "monday", "Mon", "MONDAY", "Sunday ", "1", ""]);
    agree_on_texts::<Month>(&["January", "january", "Jan", "Sept", "September", "12", ""]);
    let numbers = [
        "0", "1", "7", "8", "12", "13", "-1", "-0", "1.0", "1e0", "256", "null", "[1]",
    ];
    agree_on_json::<Weekday>(&numbers);
    agree_on_json::<Month>(&numbers);
    let documents = [
        rmp_serde::to_vec(&1u8).unwrap(),
        rmp_serde::to_vec(&0u8).unwrap(),
        rmp_serde::to_vec(&7u8).unwrap(),
        rmp_serde::to_vec(&8u8).unwrap(),
        rmp_serde::to_vec(&12u8).unwrap(),
        rmp_serde::to_vec(&13u8).unwrap(),
        rmp_serde::to_vec(&300u16).unwrap(),
        vec![0xcc, 3],
        vec![0xcd, 0, 3],
        vec![0xcf, 0, 0, 0, 0, 0, 0, 0, 3],
        vec![0xd0, 3],
        vec![0xd1, 0, 3],
        vec![0xff],
        rmp_serde::to_vec(&1.0f32).unwrap(),
        rmp_serde::to_vec(&1.0f64).unwrap(),
        rmp_serde::to_vec(&"Monday").unwrap(),
        rmp_serde::to_vec(&"January").unwrap(),
        rmp_serde::to_vec(&serde_bytes::Bytes::new(&[1])).unwrap(),
        rmp_serde::to_vec(&[1]).unwrap(),
        rmp_serde::to_vec(&()).unwrap(),
        rmp_serde::to_vec(&true).unwrap(),
    ];
    agree_on_msgpack::<Weekday>(&documents);
    agree_on_msgpack::<Month>(&documents);
}

#[derive(
    serde::Serialize, serde::Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq,
)]
#[serde(rename_all = "camelCase")]
struct Booking {
    day: Date,
    starts: Time,
    local: PrimitiveDateTime,
    at: OffsetDateTime,
    zone: UtcOffset,
    length: Duration,
    weekday: Weekday,
    month: Month,
    checked_in: Option<OffsetDateTime>,
}

fn random_booking(rng: &mut StdRng) -> Booking {
    let local = PrimitiveDateTime::new(random_date(rng), random_time(rng));
    let zone = random_offset(rng);
    let at = local.assume_offset(zone);
    Booking {
        day: local.date(),
        starts: local.time(),
        local,
        at,
        zone,
        length: Duration::new(
            rng.random_range(-1_000_000..1_000_000),
            random_nanos(rng) as i32,
        ),
        weekday: local.weekday(),
        month: local.month(),
        checked_in: rng.random_bool(0.5).then_some(at),
    }
}

#[test]
fn inside_a_derived_struct() {
    let mut rng = rng(5);
    for _ in 0..500 {
        assert_same_round_trip(&random_booking(&mut rng));
    }
    let bookings: Vec<Booking> = (0..4).map(|_| random_booking(&mut rng)).collect();
    assert_same_round_trip(&bookings);

    // A day past its month's end in the fourth booking: time's message, with the path and
    // the place of the string.
    let mut value = serde_json::to_value(&bookings).unwrap();
    value[3]["day"] = "1999-02-30".into();
    let text = serde_json::to_string(&value).unwrap();
    let err = fastwire::json::from_str::<Vec<Booking>>(&text).unwrap_err();
    let theirs = serde_json::from_str::<Vec<Booking>>(&text).unwrap_err();
    assert_eq!(serde_json_message(&theirs), "day was not in range");
    // At the string's closing quote, as serde_json.
    let at = text.find("\"1999-02-30\"").unwrap();
    assert_eq!(
        err.to_string(),
        format!(
            "day was not in range at [3].day (line 1, column {})",
            at + 12
        )
    );
    assert_eq!((err.line(), err.column()), (theirs.line(), theirs.column()));
    // The same in MessagePack, where the date is a tuple: the serde impl's message.
    let named = rmp_serde::to_vec_named(&bookings).unwrap();
    let mut value = rmpv::decode::read_value(&mut &named[..]).unwrap();
    let rmpv::Value::Array(items) = &mut value else {
        panic!("an array")
    };
    let rmpv::Value::Map(entries) = &mut items[2] else {
        panic!("a map")
    };
    let day = entries
        .iter_mut()
        .find(|(key, _)| key.as_str() == Some("day"))
        .unwrap();
    day.1 = rmpv::Value::Array(vec![1999.into(), 366.into()]);
    let bytes = fastwire_tests::msgpack_bytes(&value);
    let theirs = rmp_serde::from_slice::<Vec<Booking>>(&bytes).unwrap_err();
    let err = fastwire::msgpack::from_slice::<Vec<Booking>>(&bytes).unwrap_err();
    assert_eq!(
        theirs.to_string(),
        "invalid ordinal, expected an in-range value"
    );
    assert!(
        err.to_string()
            .starts_with("invalid ordinal, expected an in-range value at [2].day"),
        "{err}"
    );
    let _ = assert_msgpack_decodes_same::<Vec<Booking>>(&bytes);
}

#[test]
fn text_types_as_map_keys() {
    let mut rng = rng(6);
    let by_date: BTreeMap<Date, u32> = (0..50).map(|i| (random_date(&mut rng), i)).collect();
    assert_same_round_trip(&by_date);
    let by_instant: BTreeMap<OffsetDateTime, Weekday> = (0..50)
        .map(|_| {
            let local = PrimitiveDateTime::new(random_date(&mut rng), random_time(&mut rng));
            let at = local.assume_offset(random_offset(&mut rng));
            (at, at.weekday())
        })
        .collect();
    assert_same_round_trip(&by_instant);
    let by_length: BTreeMap<Duration, Month> = (0..50)
        .map(|_| {
            let length =
                Duration::new(rng.random_range(-1000..1000), random_nanos(&mut rng) as i32);
            (length, Month::try_from(rng.random_range(1..=12u8)).unwrap())
        })
        .collect();
    assert_same_round_trip(&by_length);
    let by_time: BTreeMap<Time, UtcOffset> = (0..50)
        .map(|_| (random_time(&mut rng), random_offset(&mut rng)))
        .collect();
    assert_same_round_trip(&by_time);
    // (Not keyed by `UtcOffset`: its `Ord` can find distinct negative offsets equal, so a map
    // of them read back, by serde too, need not be the map written.)
    let by_local: BTreeMap<PrimitiveDateTime, UtcOffset> = (0..50)
        .map(|_| {
            let local = PrimitiveDateTime::new(random_date(&mut rng), random_time(&mut rng));
            (local, random_offset(&mut rng))
        })
        .collect();
    assert_same_round_trip(&by_local);
    agree_on_json::<BTreeMap<Date, u32>>(&[
        r#"{"2024-02-29":1}"#,
        r#"{"2024-02-30":1}"#,
        r#"{"+2024-01-05":1}"#,
        r#"{"2024-01-05":1,"2024-01-05":2}"#,
    ]);
    agree_on_json::<BTreeMap<Duration, u32>>(&[r#"{"1.5":1}"#, r#"{"1":1}"#, r#"{"-0.5":1}"#]);
    agree_on_json::<BTreeMap<UtcOffset, u32>>(&[r#"{"+01:00:00":1}"#, r#"{"+01:00":1}"#]);
    let weekdays = [r#"{"Monday":1}"#, r#"{"1":1}"#, r#"{"Mon":1}"#];
    agree_on_json::<std::collections::HashMap<Weekday, u32>>(&weekdays);
    agree_on_json::<std::collections::HashMap<Month, u32>>(&[r#"{"May":1}"#, r#"{"5":1}"#]);
}
