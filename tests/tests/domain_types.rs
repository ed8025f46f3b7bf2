//! Dates, times, ids and decimals (fastwire's `chrono`, `uuid` and `rust_decimal` features)
//! against the types' own serde impls through serde_json and rmp-serde: the same bytes for
//! values across each type's whole range, and the same reading (value or refusal) of serde's
//! documents and of hand-written texts that stretch each parser.

use chrono::{
    DateTime, Datelike, FixedOffset, Local, Month, NaiveDate, NaiveDateTime, NaiveTime, TimeDelta,
    Utc, Weekday,
};
use fastwire_tests::{assert_decodes_same, assert_msgpack_decodes_same, assert_same_round_trip};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rust_decimal::Decimal;
use serde::de::DeserializeOwned;
use serde::Serialize;
use uuid::Uuid;

/// Every reading of `texts` as JSON strings, and as MessagePack strings, agrees with serde's.
fn agree_on_texts<T>(texts: &[&str])
where
    T: Serialize + DeserializeOwned + fastwire::json::DecodeOwned + fastwire::msgpack::DecodeOwned,
    T: PartialEq + std::fmt::Debug,
{
    for text in texts {
        let json = serde_json::to_string(text).unwrap();
        let _ = assert_decodes_same::<T>(&json);
        let msgpack = rmp_serde::to_vec(text).unwrap();
        let _ = assert_msgpack_decodes_same::<T>(&msgpack);
    }
}

fn rng(seed: u64) -> StdRng {
    StdRng::seed_from_u64(seed)
}

/// A date anywhere in chrono's range, or (half the time) in 0000..=9999.
fn random_date(rng: &mut StdRng) -> NaiveDate {
    let (min, max) = if rng.random_bool(0.5) {
        (
            NaiveDate::MIN.num_days_from_ce(),
            NaiveDate::MAX.num_days_from_ce(),
        )
    } else {
        (
            NaiveDate::from_ymd_opt(0, 1, 1).unwrap().num_days_from_ce(),
            NaiveDate::from_ymd_opt(9999, 12, 31)
                .unwrap()
                .num_days_from_ce(),
        )
    };
    NaiveDate::from_num_days_from_ce_opt(rng.random_range(min..=max)).unwrap()
}

/// Nanoseconds of each precision chrono writes (none, milli, micro, nano), sometimes a leap
/// second's.
fn random_nanos(rng: &mut StdRng, second: u32) -> u32 {
    let nanos = match rng.random_range(0..4) {
        0 => 0,
        1 => rng.random_range(0..1000) * 1_000_000,
        2 => rng.random_range(0..1_000_000) * 1000,
        _ => rng.random_range(0..1_000_000_000),
    };
    if second == 59 && rng.random_bool(0.2) {
        nanos + 1_000_000_000
    } else {
        nanos
    }
}

fn random_time(rng: &mut StdRng) -> NaiveTime {
    let (hour, minute, second) = (
        rng.random_range(0..24),
        rng.random_range(0..60),
        rng.random_range(0..60),
    );
    let nanos = random_nanos(rng, second);
    NaiveTime::from_hms_nano_opt(hour, minute, second, nanos).unwrap()
}

fn random_offset(rng: &mut StdRng) -> FixedOffset {
    let seconds = match rng.random_range(0..4) {
        0 => 0,
        1 => rng.random_range(-24..=24) * 1800,
        2 => rng.random_range(-1439..=1439) * 60,
        _ => rng.random_range(-86_399..=86_399),
    };
    FixedOffset::east_opt(seconds).unwrap()
}

#[test]
fn dates_across_the_range() {
    let mut rng = rng(1);
    let edges = [
        NaiveDate::MIN,
        NaiveDate::MAX,
        NaiveDate::from_ymd_opt(0, 1, 1).unwrap(),
        NaiveDate::from_ymd_opt(-1, 12, 31).unwrap(),
        NaiveDate::from_ymd_opt(9999, 12, 31).unwrap(),
        NaiveDate::from_ymd_opt(10_000, 1, 1).unwrap(),
        NaiveDate::from_ymd_opt(2000, 2, 29).unwrap(),
        NaiveDate::from_ymd_opt(1970, 1, 1).unwrap(),
    ];
    for date in edges
        .into_iter()
        .chain((0..2000).map(|_| random_date(&mut rng)))
    {
        assert_same_round_trip(&date);
    }
    assert_eq!(
        fastwire::json::to_string(&NaiveDate::from_ymd_opt(-1, 12, 31).unwrap()),
        r#""-0001-12-31""#
    );
    agree_on_texts::<NaiveDate>(&[
        "2024-02-29",
        "2023-02-29",
        "2024-13-01",
        "2024-00-10",
        "2024-1-5",
        "+2024-01-05",
        "+10000-01-01",
        "-0001-12-31",
        "262143-12-31",
        "+262144-01-01",
        " 2024-01-05",
        "2024-01-05 ",
        "2024-01-05T00:00:00",
        "20240105",
        "",
        "２０２４-01-05",
    ]);
}

#[test]
fn times_of_day_with_every_precision() {
    let mut rng = rng(2);
    for _ in 0..2000 {
        assert_same_round_trip(&random_time(&mut rng));
    }
    agree_on_texts::<NaiveTime>(&[
        "23:59:59",
        "23:59:60",
        "12:30:60.5",
        "24:00:00",
        "1:02:03",
        "01:02",
        "01:02:03.",
        "01:02:03.1234567891234",
        "01:02:03,5",
        "01:02:03Z",
        "01:02:03 ",
    ]);
}

#[test]
fn date_times_and_instants_with_offsets() {
    let mut rng = rng(3);
    for _ in 0..2000 {
        let naive = NaiveDateTime::new(random_date(&mut rng), random_time(&mut rng));
        assert_same_round_trip(&naive);
        let utc = naive.and_utc();
        // Away from the ends of chrono's range, where an offset would leave it.
        if naive.year().abs() < 262_000 {
            let instant = utc.with_timezone(&random_offset(&mut rng));
            // serde writes offsets rounded to the minute, so a value with offset seconds
            // does not come back: the bytes and serde's reading are compared.
            fastwire_tests::assert_same(&instant);
            let _ = fastwire_tests::assert_decodes_like_serde(&instant);
        }
        assert_same_round_trip(&utc);
    }
    let texts = [
        "2024-02-29T12:30:00Z",
        "2024-02-29T12:30:00.5+05:30",
        "2024-02-29t12:30:00z",
        "2024-02-29 12:30:00Z",
        "2024-02-29T12:30:00-00:00",
        "2024-02-29T12:30:00\u{2212}05:00",
        "2024-02-29T12:30:00+0530",
        "2024-02-29T12:30:00+05",
        "2024-02-29T12:30:00+24:00",
        "2024-02-29T12:30:00",
        "2016-12-31T23:59:60Z",
        "2016-12-31T23:59:60.999999999+01:00",
        "2024-02-29T12:59:60Z",
        "2024-02-30T12:30:00Z",
        "+10000-01-01T00:00:00Z",
        "-0001-12-31T23:59:59.1234567890Z",
        "2024-02-29T12:30:00.Z",
        "2024-02-29T12:30Z",
    ];
    agree_on_texts::<DateTime<FixedOffset>>(&texts);
    agree_on_texts::<DateTime<Utc>>(&texts);
    agree_on_texts::<NaiveDateTime>(&[
        "2024-02-29T12:30:00",
        "2024-02-29T12:30:00.25",
        "2024-02-29 12:30:00",
        "2024-02-29t12:30:00",
        "2024-02-29T23:59:60.5",
        "2024-02-29T12:30:00Z",
        "2024-02-29T12:30",
        "+10000-01-01T00:00:00",
    ]);
}

#[test]
fn local_instants_keep_the_instant() {
    let mut rng = rng(4);
    for _ in 0..500 {
        let seconds = rng.random_range(-5_000_000_000i64..5_000_000_000);
        let instant = DateTime::from_timestamp(seconds, random_nanos(&mut rng, 0)).unwrap();
        let local = instant.with_timezone(&Local);
        let text = assert_same_round_trip(&local);
        let read: DateTime<Local> = fastwire::json::from_str(&text).unwrap();
        assert_eq!(read.timestamp_nanos_opt(), instant.timestamp_nanos_opt());
    }
    agree_on_texts::<DateTime<Local>>(&["2024-02-29T12:30:00+05:30", "2024-02-29T12:30:00"]);
}

#[test]
fn weekdays_months_and_durations() {
    for day in 0..7 {
        assert_same_round_trip(&Weekday::try_from(day as u8).unwrap());
    }
    for month in 1..=12 {
        assert_same_round_trip(&Month::try_from(month as u8).unwrap());
    }
    agree_on_texts::<Weekday>(&["Mon", "monday", "MON", "Mo", "Sunday ", ""]);
    agree_on_texts::<Month>(&["January", "jan", "JANUARY", "Janu", "Sept", ""]);

    let mut rng = rng(5);
    let edges = [
        TimeDelta::zero(),
        TimeDelta::MIN,
        TimeDelta::MAX,
        TimeDelta::nanoseconds(-1),
        TimeDelta::new(-2, 250_000_000).unwrap(),
    ];
    let random = (0..1000).map(|_| {
        TimeDelta::new(
            rng.random_range(-9_000_000_000_000i64..9_000_000_000_000),
            rng.random_range(0..1_000_000_000),
        )
        .unwrap()
    });
    for delta in edges.into_iter().chain(random) {
        assert_same_round_trip(&delta);
    }
    for text in [
        "[0,-1]",
        "[9223372036854775807,0]",
        "[1,1000000000]",
        "[1]",
        "\"1s\"",
    ] {
        let _ = assert_decodes_same::<TimeDelta>(text);
    }
}

#[test]
fn uuids_as_text_and_as_bytes() {
    let mut rng = rng(6);
    for _ in 0..1000 {
        let id = Uuid::from_bytes(rng.random());
        let text = assert_same_round_trip(&id);
        assert_eq!(text.len(), 38);
    }
    assert_same_round_trip(&Uuid::nil());
    assert_same_round_trip(&Uuid::max());
    for text in [
        r#""67e55044-10b1-426f-9247-bb680e5fe0c8""#,
        r#""67E55044-10B1-426F-9247-BB680E5FE0C8""#,
        r#""67e5504410b1426f9247bb680e5fe0c8""#,
        r#""{67e55044-10b1-426f-9247-bb680e5fe0c8}""#,
        r#""urn:uuid:67e55044-10b1-426f-9247-bb680e5fe0c8""#,
        r#""67e55044-10b1-426f-9247-bb680e5fe0c""#,
        r#""67e55044-10b1-426f-9247-bb680e5fe0cg""#,
        r#"[103,229,80,68,16,177,66,111,146,71,187,104,14,95,224,200]"#,
        r#"42"#,
    ] {
        let _ = assert_decodes_same::<Uuid>(text);
    }
    let id = Uuid::from_bytes(rng.random());
    let documents = [
        rmp_serde::to_vec(&id).unwrap(),
        rmp_serde::to_vec(&serde_bytes::Bytes::new(&id.as_bytes()[..15])).unwrap(),
        rmp_serde::to_vec(&id.as_bytes().to_vec()).unwrap(),
        rmp_serde::to_vec(&id.as_bytes()[..15].to_vec()).unwrap(),
        rmp_serde::to_vec(&[300u32; 16]).unwrap(),
        rmp_serde::to_vec(&id.to_string()).unwrap(),
    ];
    for bytes in &documents {
        let _ = assert_msgpack_decodes_same::<Uuid>(bytes);
    }
}

#[test]
fn decimals_as_exact_text() {
    let mut rng = rng(7);
    for _ in 0..2000 {
        let mantissa = rng.random_range(-(1i128 << 95)..(1i128 << 95));
        let value = Decimal::from_i128_with_scale(mantissa, rng.random_range(0..=28));
        assert_same_round_trip(&value);
    }
    for value in [
        Decimal::ZERO,
        Decimal::MAX,
        Decimal::MIN,
        Decimal::new(-1250, 2),
    ] {
        assert_same_round_trip(&value);
    }
    for text in [
        r#""12.50""#,
        r#""-0.000""#,
        r#""1e5""#,
        r#""1.5E-3""#,
        r#""abc""#,
        r#""79228162514264337593543950336""#,
        "12",
        "-12",
        "18446744073709551615",
        "18446744073709551616",
        "0.1",
        "-0",
        "1e300",
        "1e-30",
        "true",
        "null",
    ] {
        let _ = assert_decodes_same::<Decimal>(text);
    }
    let documents = [
        rmp_serde::to_vec(&"12.50").unwrap(),
        rmp_serde::to_vec(&12u8).unwrap(),
        rmp_serde::to_vec(&-12i64).unwrap(),
        rmp_serde::to_vec(&u64::MAX).unwrap(),
        rmp_serde::to_vec(&0.1f32).unwrap(),
        rmp_serde::to_vec(&0.1f64).unwrap(),
        rmp_serde::to_vec(&f64::NAN).unwrap(),
        rmp_serde::to_vec(&serde_bytes::Bytes::new(b"1.5")).unwrap(),
        rmp_serde::to_vec(&true).unwrap(),
    ];
    for bytes in &documents {
        let _ = assert_msgpack_decodes_same::<Decimal>(bytes);
    }
}

#[test]
fn decimal_texts_of_every_plain_shape() {
    // Plain text up to and past the digits a fast reading can hold exactly, with signs, zeros
    // and points everywhere; each read as rust_decimal reads it.
    let mut rng = rng(8);
    let mut texts: Vec<String> = [
        "0",
        "-0",
        "0.0",
        "-0.00",
        "00012.3400",
        ".5",
        "5.",
        "-.5",
        "1.2.3",
        "+1",
        "1_000",
        "123456789012345678",
        "1234567890123456789",
        "0.000000000000000001",
        "-999999999999999999",
        "0.0000000000000000000000000001",
        "0.00000000000000000000000000001",
        "79228162514264337593543950335",
        "7922816251426433759354395033.5",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for _ in 0..2000 {
        let digits: String = (0..rng.random_range(1..=22))
            .map(|_| char::from(b'0' + rng.random_range(0..10u8)))
            .collect();
        let at = rng.random_range(0..=digits.len());
        let sign = if rng.random_bool(0.3) { "-" } else { "" };
        texts.push(format!("{sign}{}.{}", &digits[..at], &digits[at..]));
        texts.push(format!("{sign}{digits}"));
    }
    let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
    agree_on_texts::<Decimal>(&texts);
}

/// `Decimal`'s equality ignores the scale (`12.5 == 12.50`): each reading's text, which keeps
/// it, is compared with serde_json's, for plain texts read in place and for the same digits
/// written with escapes or beside other members, where they are read as a whole string.
#[test]
fn decimal_readings_keep_serde_jsons_scale() {
    let mut rng = rng(9);
    let mut documents: Vec<String> = [
        r#""12.50""#,
        r#""-0.000""#,
        r#""00012.3400""#,
        r#""1\u002e50""#,
        r#""12.5\u0030""#,
        r#""12.50" "#,
        r#""12.50x""#,
        r#""12.50"#,
        r#""12.""#,
        r#""-""#,
        r#""""#,
        r#""123456789012345678""#,
        r#""1234567890123456789""#,
        r#""0.1234567890123456789""#,
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for _ in 0..500 {
        let digits: String = (0..rng.random_range(1..=21))
            .map(|_| char::from(b'0' + rng.random_range(0..10u8)))
            .collect();
        let at = rng.random_range(1..=digits.len());
        let sign = if rng.random_bool(0.3) { "-" } else { "" };
        let text = if at == digits.len() {
            format!("{sign}{digits}")
        } else {
            format!("{sign}{}.{}", &digits[..at], &digits[at..])
        };
        documents.push(format!("\"{text}\", \"{text}\""));
        documents.push(format!("\"{text}\""));
    }
    for document in &documents {
        let ours = fastwire::json::from_str::<Vec<Decimal>>(&format!("[{document}]"));
        let theirs = serde_json::from_str::<Vec<Decimal>>(&format!("[{document}]"));
        let scalar_ours = fastwire::json::from_str::<Decimal>(document);
        let scalar_theirs = serde_json::from_str::<Decimal>(document);
        match (&ours, &theirs) {
            (Ok(a), Ok(b)) => {
                let a: Vec<String> = a.iter().map(Decimal::to_string).collect();
                let b: Vec<String> = b.iter().map(Decimal::to_string).collect();
                assert_eq!(a, b, "{document}");
            }
            // Placed alike (fastwire's message adds the element's path, ` at [0]`, and words
            // the position its own way).
            (Err(a), Err(b)) => {
                assert_eq!((a.line(), a.column()), (b.line(), b.column()), "{document}")
            }
            _ => panic!("{document}: {ours:?} against {theirs:?}"),
        }
        match (&scalar_ours, &scalar_theirs) {
            (Ok(a), Ok(b)) => assert_eq!(a.to_string(), b.to_string(), "{document}"),
            (Err(a), Err(b)) => {
                assert_eq!((a.line(), a.column()), (b.line(), b.column()), "{document}")
            }
            _ => panic!("{document}: {scalar_ours:?} against {scalar_theirs:?}"),
        }
    }
}

#[derive(serde::Deserialize, fastwire::Decode, Debug, PartialEq)]
#[serde(rename_all = "PascalCase")]
struct Registration {
    id: Uuid,
    reg_date: NaiveDate,
}

#[test]
fn errors_name_the_value_the_reason_and_the_place() {
    let mut rows: Vec<String> = (0..6)
        .map(|i| {
            format!(r#"{{"Id":"67e55044-10b1-426f-9247-bb680e5fe0c{i}","RegDate":"1999-02-2{i}"}}"#)
        })
        .collect();
    rows[5] = r#"{"Id":"67e55044-10b1-426f-9247-bb680e5fe0c5","RegDate":"1999-02-30"}"#.to_owned();
    let text = format!("[{}]", rows.join(","));
    let err = fastwire::json::from_str::<Vec<Registration>>(&text).unwrap_err();
    // At the string's closing quote, as serde_json.
    let at = text.find("\"1999-02-30\"").unwrap();
    assert_eq!(
        err.to_string(),
        format!(
            r#"invalid date "1999-02-30": day out of range at [5].RegDate (line 1, column {})"#,
            at + 12
        )
    );
    let theirs = serde_json::from_str::<Vec<Registration>>(&text).unwrap_err();
    assert_eq!((err.line(), err.column()), (theirs.line(), theirs.column()));
    #[derive(Serialize)]
    #[serde(rename_all = "PascalCase")]
    struct Written {
        id: Uuid,
        reg_date: String,
    }
    let written: Vec<Written> = (0..6)
        .map(|i| Written {
            id: Uuid::from_u128(i),
            reg_date: if i == 5 {
                "1999-02-30".into()
            } else {
                format!("1999-02-2{i}")
            },
        })
        .collect();
    let bytes = rmp_serde::to_vec_named(&written).unwrap();
    let err = fastwire::msgpack::from_slice::<Vec<Registration>>(&bytes).unwrap_err();
    assert!(
        err.to_string()
            .starts_with(r#"invalid date "1999-02-30": day out of range at [5].RegDate"#),
        "{err}"
    );
    let err = fastwire::json::from_str::<Vec<Registration>>(
        r#"[{"Id":"67e55044","RegDate":"1999-02-01"}]"#,
    )
    .unwrap_err();
    assert!(
        err.to_string()
            .starts_with("UUID parsing failed: invalid length"),
        "{err}"
    );
}

/// Each of chrono's timestamp modules for serde, and fastwire's native module of the same
/// name for fastwire (`#[wire(...)]` wins for fastwire's derives, serde reads `#[serde(...)]`).
#[derive(Serialize, serde::Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
struct Stamps {
    #[serde(with = "chrono::serde::ts_seconds")]
    #[wire(with = "fastwire::with::chrono::ts_seconds")]
    seconds: DateTime<Utc>,
    #[serde(with = "chrono::serde::ts_milliseconds")]
    #[wire(with = "fastwire::with::chrono::ts_milliseconds")]
    millis: DateTime<Utc>,
    #[serde(with = "chrono::serde::ts_microseconds")]
    #[wire(with = "fastwire::with::chrono::ts_microseconds")]
    micros: DateTime<Utc>,
    #[serde(with = "chrono::serde::ts_nanoseconds")]
    #[wire(with = "fastwire::with::chrono::ts_nanoseconds")]
    nanos: DateTime<Utc>,
}

#[test]
fn unix_timestamps_as_chronos_serde_modules_write_them() {
    let mut rng = rng(9);
    for _ in 0..1000 {
        // Instants a nanosecond count holds (1677..2262), some before 1970.
        let at = |rng: &mut StdRng| {
            let seconds = rng.random_range(-9_000_000_000i64..9_000_000_000);
            DateTime::from_timestamp(seconds, rng.random_range(0..1_000_000_000)).unwrap()
        };
        let stamps = Stamps {
            seconds: DateTime::from_timestamp(at(&mut rng).timestamp(), 0).unwrap(),
            millis: DateTime::from_timestamp_millis(at(&mut rng).timestamp_millis()).unwrap(),
            micros: DateTime::from_timestamp_micros(at(&mut rng).timestamp_micros()).unwrap(),
            nanos: at(&mut rng),
        };
        assert_same_round_trip(&stamps);
    }
    let field = |name: &str, value: &str| {
        let mut members = [
            r#""seconds":0"#.to_owned(),
            r#""millis":0"#.to_owned(),
            r#""micros":0"#.to_owned(),
            r#""nanos":0"#.to_owned(),
        ];
        let i = ["seconds", "millis", "micros", "nanos"]
            .iter()
            .position(|n| *n == name)
            .unwrap();
        members[i] = format!(r#""{name}":{value}"#);
        format!("{{{}}}", members.join(","))
    };
    for name in ["seconds", "millis", "micros", "nanos"] {
        for value in [
            "-1",
            "1.5",
            "1e3",
            "-0",
            "\"1\"",
            "null",
            "9223372036854775807",
            "-9223372036854775808",
            "18446744073709551615",
            "8210266876799",
            "8210266876800",
        ] {
            let text = field(name, value);
            let _ = assert_decodes_same::<Stamps>(&text);
            let value: serde_json::Value = serde_json::from_str(&text).unwrap();
            let bytes = rmp_serde::to_vec_named(&value).unwrap();
            // Compared as read (the shared helper re-encodes readings, and some instants read
            // here have no nanosecond count to write).
            let ours = fastwire::msgpack::from_slice::<Stamps>(&bytes).ok();
            let theirs = rmp_serde::from_slice::<Stamps>(&bytes).ok();
            assert_eq!(ours, theirs, "{text}");
        }
    }
    // An instant a nanosecond count cannot hold: both refuse to write it.
    let far = Stamps {
        seconds: DateTime::UNIX_EPOCH,
        millis: DateTime::UNIX_EPOCH,
        micros: DateTime::UNIX_EPOCH,
        nanos: DateTime::from_timestamp(10_000_000_000, 0).unwrap(),
    };
    assert!(serde_json::to_string(&far).is_err());
    assert!(fastwire::json::try_to_string(&far).is_err());
    assert!(fastwire::msgpack::try_to_vec(&far).is_err());
}

#[test]
fn dates_ids_and_decimals_as_map_keys() {
    use std::collections::BTreeMap;
    let mut rng = rng(10);
    let by_date: BTreeMap<NaiveDate, u32> = (0..50).map(|i| (random_date(&mut rng), i)).collect();
    assert_same_round_trip(&by_date);
    let by_instant: BTreeMap<DateTime<Utc>, Weekday> = (0..50)
        .map(|i| {
            let at = DateTime::from_timestamp(rng.random_range(0..4_000_000_000), 0).unwrap();
            (at, Weekday::try_from((i % 7) as u8).unwrap())
        })
        .collect();
    assert_same_round_trip(&by_instant);
    let by_id: BTreeMap<Uuid, Decimal> = (0..50)
        .map(|i| (Uuid::from_bytes(rng.random()), Decimal::new(i * 125, 2)))
        .collect();
    assert_same_round_trip(&by_id);
    let by_amount: BTreeMap<Decimal, Month> = (1..=12)
        .map(|m| (Decimal::new(m * 1001, 3), Month::try_from(m as u8).unwrap()))
        .collect();
    assert_same_round_trip(&by_amount);
    for text in [
        r#"{"2024-02-29":1}"#,
        r#"{"2024-02-30":1}"#,
        r#"{"+2024-01-05":1}"#,
        r#"{"2024-01-05":1,"2024-01-05":2}"#,
    ] {
        let _ = assert_decodes_same::<BTreeMap<NaiveDate, u32>>(text);
    }
    for text in [
        r#"{"67E55044-10B1-426F-9247-BB680E5FE0C8":"1.5"}"#,
        r#"{"67e55044":"1.5"}"#,
        r#"{"{67e55044-10b1-426f-9247-bb680e5fe0c8}":1}"#,
    ] {
        let _ = assert_decodes_same::<BTreeMap<Uuid, Decimal>>(text);
    }
    for text in [r#"{"1e3":"Jan"}"#, r#"{"x":"Jan"}"#, r#"{"-0.50":"March"}"#] {
        let _ = assert_decodes_same::<BTreeMap<Decimal, Month>>(text);
    }
}
