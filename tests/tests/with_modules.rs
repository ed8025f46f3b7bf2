//! fastwire's native `with` modules (`fastwire::with`): against their serde counterparts where
//! one exists (chrono's `ts_*_option`), otherwise against an independent writer of the same
//! format (chrono's `to_rfc3339_opts`, `msgpack::Timestamp`) and a reader that must give the
//! value back.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use chrono::{DateTime, FixedOffset, Local, SecondsFormat, Utc};
use fastwire::msgpack::Timestamp;
use fastwire_tests::{assert_decodes_same, assert_same_round_trip};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde::Serialize;

fn rng(seed: u64) -> StdRng {
    StdRng::seed_from_u64(seed)
}

/// An instant anywhere in 0000..=9999, sometimes in a whole second or millisecond.
fn random_instant(rng: &mut StdRng) -> DateTime<Utc> {
    let seconds = rng.random_range(-62_167_219_200i64..253_402_300_800);
    let nanos = match rng.random_range(0..3) {
        0 => 0,
        1 => rng.random_range(0..1000) * 1_000_000,
        _ => rng.random_range(0..1_000_000_000),
    };
    DateTime::from_timestamp(seconds, nanos).unwrap()
}

/// An offset of whole minutes within ±23:59 (what RFC 3339 text can carry).
fn random_offset(rng: &mut StdRng) -> FixedOffset {
    FixedOffset::east_opt(rng.random_range(-1439..=1439) * 60).unwrap()
}

// ---------------------------------------------------------------------------------------------
// chrono's `ts_*_option`
// ---------------------------------------------------------------------------------------------

#[derive(Serialize, serde::Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
struct OptionStamps {
    #[serde(with = "chrono::serde::ts_seconds_option")]
    #[wire(with = "fastwire::with::chrono::ts_seconds_option")]
    seconds: Option<DateTime<Utc>>,
    #[serde(with = "chrono::serde::ts_milliseconds_option")]
    #[wire(with = "fastwire::with::chrono::ts_milliseconds_option")]
    millis: Option<DateTime<Utc>>,
    #[serde(with = "chrono::serde::ts_microseconds_option")]
    #[wire(with = "fastwire::with::chrono::ts_microseconds_option")]
    micros: Option<DateTime<Utc>>,
    #[serde(with = "chrono::serde::ts_nanoseconds_option")]
    #[wire(with = "fastwire::with::chrono::ts_nanoseconds_option")]
    nanos: Option<DateTime<Utc>>,
}

#[test]
fn optional_unix_timestamps_as_chronos_serde_modules_write_them() {
    let mut rng = rng(1);
    for _ in 0..500 {
        let at = |rng: &mut StdRng| {
            if rng.random_bool(0.3) {
                return None;
            }
            let seconds = rng.random_range(-9_000_000_000i64..9_000_000_000);
            DateTime::from_timestamp(seconds, rng.random_range(0..1_000_000_000))
        };
        let stamps = OptionStamps {
            seconds: at(&mut rng).map(|dt| DateTime::from_timestamp(dt.timestamp(), 0).unwrap()),
            millis: at(&mut rng)
                .map(|dt| DateTime::from_timestamp_millis(dt.timestamp_millis()).unwrap()),
            micros: at(&mut rng)
                .map(|dt| DateTime::from_timestamp_micros(dt.timestamp_micros()).unwrap()),
            nanos: at(&mut rng),
        };
        assert_same_round_trip(&stamps);
    }
    for value in [
        "null",
        "0",
        "-1",
        "1.5",
        "\"1\"",
        "[]",
        "9223372036854775807",
    ] {
        let text =
            format!(r#"{{"seconds":{value},"millis":{value},"micros":{value},"nanos":{value}}}"#);
        let _ = assert_decodes_same::<OptionStamps>(&text);
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        let bytes = rmp_serde::to_vec_named(&value).unwrap();
        let ours = fastwire::msgpack::from_slice::<OptionStamps>(&bytes).ok();
        let theirs = rmp_serde::from_slice::<OptionStamps>(&bytes).ok();
        assert_eq!(ours, theirs, "{text}");
    }
}

// ---------------------------------------------------------------------------------------------
// `rfc3339::{seconds, millis, micros, nanos}`
// ---------------------------------------------------------------------------------------------

#[derive(fastwire::Encode, fastwire::Decode, Debug, PartialEq, Clone)]
#[wire(bound = "T: fastwire::with::OffsetInstant")]
struct Fixed<T> {
    #[wire(with = "fastwire::with::rfc3339::seconds")]
    seconds: T,
    #[wire(with = "fastwire::with::rfc3339::millis")]
    millis: T,
    #[wire(with = "fastwire::with::rfc3339::micros")]
    micros: T,
    #[wire(with = "fastwire::with::rfc3339::nanos")]
    nanos: T,
}

/// The JSON chrono's `to_rfc3339_opts` gives for the four widths of `dt`.
fn chrono_fixed<Tz: chrono::TimeZone>(dt: &DateTime<Tz>) -> String
where
    Tz::Offset: std::fmt::Display,
{
    let text = |format| dt.to_rfc3339_opts(format, true);
    format!(
        r#"{{"seconds":"{}","millis":"{}","micros":"{}","nanos":"{}"}}"#,
        text(SecondsFormat::Secs),
        text(SecondsFormat::Millis),
        text(SecondsFormat::Micros),
        text(SecondsFormat::Nanos)
    )
}

/// The value each width reads back: the instant truncated to the width's precision.
fn truncated<Tz: chrono::TimeZone>(dt: &DateTime<Tz>) -> Fixed<DateTime<Tz>> {
    let cut = |unit: u32| {
        let nanos = dt.timestamp_subsec_nanos();
        dt.clone() - chrono::TimeDelta::nanoseconds(i64::from(nanos % unit))
    };
    Fixed {
        seconds: cut(1_000_000_000),
        millis: cut(1_000_000),
        micros: cut(1000),
        nanos: dt.clone(),
    }
}

/// `value` writes `expected` in JSON and the same strings in MessagePack, and each width reads
/// back as `back`.
#[track_caller]
fn check_fixed<T>(value: &Fixed<T>, expected: &str, back: &Fixed<T>)
where
    T: fastwire::with::OffsetInstant + PartialEq + std::fmt::Debug + Clone,
{
    let json = fastwire::json::to_string(value);
    assert_eq!(json, expected);
    assert_eq!(&fastwire::json::from_str::<Fixed<T>>(&json).unwrap(), back);
    // serde_json's `Value` sorts keys: read the texts into a struct that keeps their order.
    #[derive(Serialize, serde::Deserialize)]
    struct Texts {
        seconds: String,
        millis: String,
        micros: String,
        nanos: String,
    }
    let texts: Texts = serde_json::from_str(expected).unwrap();
    let msgpack = fastwire::msgpack::to_vec(value);
    assert_eq!(
        msgpack,
        rmp_serde::to_vec_named(&texts).unwrap(),
        "{expected}"
    );
    assert_eq!(
        &fastwire::msgpack::from_slice::<Fixed<T>>(&msgpack).unwrap(),
        back
    );
}

fn all<T: Clone>(value: T) -> Fixed<T> {
    Fixed {
        seconds: value.clone(),
        millis: value.clone(),
        micros: value.clone(),
        nanos: value,
    }
}

#[test]
fn fixed_fraction_texts_are_chronos_for_utc_offset_and_system_instants() {
    let mut rng = rng(2);
    for _ in 0..2000 {
        let utc = random_instant(&mut rng);
        check_fixed(&all(utc), &chrono_fixed(&utc), &truncated(&utc));

        let fixed = utc.with_timezone(&random_offset(&mut rng));
        check_fixed(&all(fixed), &chrono_fixed(&fixed), &truncated(&fixed));

        let system = if utc.timestamp() >= 0 {
            UNIX_EPOCH + Duration::new(utc.timestamp() as u64, utc.timestamp_subsec_nanos())
        } else {
            UNIX_EPOCH - Duration::from_secs(utc.timestamp().unsigned_abs())
                + Duration::from_nanos(u64::from(utc.timestamp_subsec_nanos()))
        };
        let back = truncated(&utc);
        let to_system = |dt: DateTime<Utc>| SystemTime::from(dt);
        let back = Fixed {
            seconds: to_system(back.seconds),
            millis: to_system(back.millis),
            micros: to_system(back.micros),
            nanos: to_system(back.nanos),
        };
        check_fixed(&all(system), &chrono_fixed(&utc), &back);
    }
}

#[test]
fn fixed_fraction_texts_of_local_instants_show_the_local_offset() {
    let mut rng = rng(3);
    for _ in 0..200 {
        let local = random_instant(&mut rng).with_timezone(&Local);
        check_fixed(&all(local), &chrono_fixed(&local), &truncated(&local));
    }
}

#[test]
fn fixed_fraction_texts_of_leap_seconds_and_far_years() {
    let leap = chrono::NaiveDate::from_ymd_opt(2016, 12, 31)
        .unwrap()
        .and_hms_nano_opt(23, 59, 59, 1_250_000_000)
        .unwrap()
        .and_utc();
    check_fixed(&all(leap), &chrono_fixed(&leap), &truncated(&leap));
    for dt in [DateTime::<Utc>::MIN_UTC, DateTime::<Utc>::MAX_UTC] {
        check_fixed(&all(dt), &chrono_fixed(&dt), &truncated(&dt));
    }
}

#[derive(fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
struct Until {
    #[wire(with = "fastwire::with::rfc3339::millis::option")]
    until: Option<DateTime<FixedOffset>>,
}

#[test]
fn fixed_fraction_options_and_what_reading_takes() {
    let none = Until { until: None };
    assert_eq!(fastwire::json::to_string(&none), r#"{"until":null}"#);
    assert_eq!(fastwire::msgpack::to_vec(&none), b"\x81\xa5until\xc0");
    assert_eq!(
        fastwire::json::from_str::<Until>(r#"{"until":null}"#).unwrap(),
        none
    );

    // Any RFC 3339 date-time, any fraction length, lower-case separators; the offset kept.
    for (text, expected) in [
        ("2024-02-29T12:00:00+05:30", "2024-02-29T12:00:00+05:30"),
        ("2024-02-29t12:00:00.1z", "2024-02-29T12:00:00.1Z"),
        (
            "2024-02-29 12:00:00.123456789-00:00",
            "2024-02-29T12:00:00.123456789Z",
        ),
        (
            "2024-02-29T12:00:00.1234567891+01:00",
            "2024-02-29T12:00:00.123456789+01:00",
        ),
    ] {
        let read = fastwire::json::from_str::<Until>(&format!(r#"{{"until":"{text}"}}"#))
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        let expected = DateTime::parse_from_rfc3339(expected).unwrap();
        assert_eq!(read.until, Some(expected), "{text}");
        assert_eq!(read.until.unwrap().offset(), expected.offset(), "{text}");
    }
    for (text, message) in [
        (
            r#""2024-02-30T00:00:00Z""#,
            r#"invalid date-time "2024-02-30T00:00:00Z": "#,
        ),
        (
            r#""2024-02-29T24:00:00Z""#,
            r#"invalid date-time "2024-02-29T24:00:00Z": "#,
        ),
        (
            r#""2024-02-29T12:00:00""#,
            r#"invalid date-time "2024-02-29T12:00:00": "#,
        ),
        (r#""2024-02-29""#, r#"invalid date-time "2024-02-29": "#),
        (
            "1709208000",
            "invalid type: integer `1709208000`, expected an RFC 3339 date-time",
        ),
    ] {
        let err = fastwire::json::from_str::<Until>(&format!(r#"{{"until":{text}}}"#))
            .unwrap_err()
            .to_string();
        assert!(err.starts_with(message), "{text}: {err}");
        assert!(err.contains("at until"), "{text}: {err}");
    }
}

// ---------------------------------------------------------------------------------------------
// `timestamp`: MessagePack's timestamp extension
// ---------------------------------------------------------------------------------------------

#[derive(fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
struct Stamped {
    #[wire(with = "fastwire::with::timestamp")]
    utc: DateTime<Utc>,
    #[wire(with = "fastwire::with::timestamp")]
    local: DateTime<Local>,
    #[wire(with = "fastwire::with::timestamp::option")]
    seen: Option<DateTime<Utc>>,
    #[wire(with = "fastwire::with::timestamp")]
    stamp: Timestamp,
}

#[test]
fn instants_as_the_timestamp_extension() {
    let mut rng = rng(4);
    for _ in 0..2000 {
        let utc = random_instant(&mut rng);
        let seen = rng.random_bool(0.5).then(|| random_instant(&mut rng));
        let value = Stamped {
            utc,
            local: utc.with_timezone(&Local),
            seen,
            stamp: Timestamp::new(utc.timestamp(), utc.timestamp_subsec_nanos()).unwrap(),
        };
        // MessagePack: each instant is the extension `Timestamp` writes for it.
        let ext = |dt: &DateTime<Utc>| {
            fastwire::msgpack::to_vec(
                &Timestamp::new(dt.timestamp(), dt.timestamp_subsec_nanos()).unwrap(),
            )
        };
        let mut expected = b"\x84\xa3utc".to_vec();
        expected.extend(ext(&utc));
        expected.extend(b"\xa5local");
        expected.extend(ext(&utc));
        expected.extend(b"\xa4seen");
        match &seen {
            Some(dt) => expected.extend(ext(dt)),
            None => expected.push(0xC0),
        }
        expected.extend(b"\xa5stamp");
        expected.extend(ext(&utc));
        let bytes = fastwire::msgpack::to_vec(&value);
        assert_eq!(bytes, expected);
        assert_eq!(
            fastwire::msgpack::from_slice::<Stamped>(&bytes).unwrap(),
            value
        );

        // JSON: each field's own encoding.
        let json = fastwire::json::to_string(&value);
        #[derive(Serialize)]
        struct Twin {
            utc: DateTime<Utc>,
            local: DateTime<Local>,
            seen: Option<DateTime<Utc>>,
            stamp: DateTime<Utc>,
        }
        let twin = Twin {
            utc,
            local: utc.with_timezone(&Local),
            seen,
            stamp: utc,
        };
        assert_eq!(json, serde_json::to_string(&twin).unwrap());
        assert_eq!(fastwire::json::from_str::<Stamped>(&json).unwrap(), value);
    }
}

#[test]
fn timestamp_extension_refusals() {
    #[derive(fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
    struct At {
        #[wire(with = "fastwire::with::timestamp")]
        at: DateTime<Utc>,
    }
    // A string, another extension type, and an instant beyond chrono's range.
    let far = fastwire::msgpack::to_vec(&Timestamp::new(i64::MAX, 0).unwrap());
    for (value, message) in [
        (b"\xa11".to_vec(), "invalid type"),
        (b"\xd6\x01\x00\x00\x00\x01".to_vec(), "extension type 1"),
        (far, "out of range"),
    ] {
        let mut bytes = b"\x81\xa2at".to_vec();
        bytes.extend(value);
        let err = fastwire::msgpack::from_slice::<At>(&bytes)
            .unwrap_err()
            .to_string();
        assert!(err.contains(message), "{err}");
        assert!(err.contains("at"), "{err}");
    }
}

// ---------------------------------------------------------------------------------------------
// `bytes`: serde_bytes
// ---------------------------------------------------------------------------------------------

use std::borrow::Cow;

use fastwire_tests::{
    assert_decodes_same_borrowed, assert_msgpack_decodes_same,
    assert_msgpack_decodes_same_borrowed, assert_same_round_trip_borrowed, msgpack_bytes,
};

#[derive(Serialize, serde::Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
struct Blobs<'a> {
    #[serde(with = "serde_bytes")]
    #[wire(with = "fastwire::with::bytes")]
    vec: Vec<u8>,
    #[serde(with = "serde_bytes")]
    #[wire(with = "fastwire::with::bytes")]
    boxed: Box<[u8]>,
    #[serde(with = "serde_bytes")]
    #[wire(with = "fastwire::with::bytes")]
    array: [u8; 4],
    #[serde(with = "serde_bytes", borrow)]
    #[wire(with = "fastwire::with::bytes", borrow)]
    cow: Cow<'a, [u8]>,
    #[serde(with = "serde_bytes")]
    #[wire(with = "fastwire::with::bytes")]
    option: Option<Vec<u8>>,
}

fn random_bytes(rng: &mut StdRng, max: usize) -> Vec<u8> {
    let len = rng.random_range(0..=max);
    (0..len).map(|_| rng.random()).collect()
}

#[test]
fn byte_strings_as_serde_bytes_writes_them() {
    let mut rng = rng(5);
    for round in 0..300 {
        // Lengths across each `bin` header (8, 16 bits) now and then.
        let max = if round % 50 == 0 { 70_000 } else { 40 };
        let vec = random_bytes(&mut rng, max);
        let boxed = random_bytes(&mut rng, max).into_boxed_slice();
        let cow = random_bytes(&mut rng, 300);
        let option = rng.random_bool(0.5).then(|| random_bytes(&mut rng, 300));
        let blobs = Blobs {
            vec,
            boxed,
            array: rng.random(),
            cow: Cow::Owned(cow),
            option,
        };
        let _ = assert_same_round_trip_borrowed!(blobs);
    }
}

/// A `&[u8]` written as `serde_bytes` writes it (serde does not read its own JSON array back
/// into a borrowed slice; fastwire refuses it the same way).
#[test]
fn borrowed_byte_strings_write_as_serde_bytes_writes_them() {
    let mut rng = rng(6);
    for _ in 0..100 {
        let bytes = random_bytes(&mut rng, 300);
        let value = OneBorrowed { b: &bytes };
        assert_eq!(
            fastwire::json::to_string(&value),
            serde_json::to_string(&value).unwrap()
        );
        let encoded = fastwire::msgpack::to_vec(&value);
        assert_eq!(encoded, rmp_serde::to_vec_named(&value).unwrap());
        assert_eq!(
            fastwire::msgpack::from_slice::<OneBorrowed>(&encoded).unwrap(),
            value
        );
    }
}

/// One field of a byte type, read by `serde_bytes` and by `fastwire::with::bytes`.
macro_rules! one_field {
    ($name:ident, $ty:ty) => {
        #[derive(
            Serialize, serde::Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq,
        )]
        struct $name {
            #[serde(with = "serde_bytes")]
            #[wire(with = "fastwire::with::bytes")]
            b: $ty,
        }
    };
}

one_field!(OneVec, Vec<u8>);
one_field!(OneBox, Box<[u8]>);
one_field!(OneArray, [u8; 3]);
one_field!(OneOption, Option<Vec<u8>>);

#[derive(Serialize, serde::Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
struct OneBorrowed<'a> {
    #[serde(with = "serde_bytes")]
    #[wire(with = "fastwire::with::bytes")]
    b: &'a [u8],
}

#[derive(Serialize, serde::Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
struct OneCow<'a> {
    #[serde(with = "serde_bytes", borrow)]
    #[wire(with = "fastwire::with::bytes", borrow)]
    b: Cow<'a, [u8]>,
}

#[test]
fn byte_strings_read_what_serde_bytes_reads() {
    let jsons = [
        r#""abc""#,
        r#""a\u0062c""#,
        r#""h\u00e9""#,
        "[1,2,3]",
        "[ 1 , 2 , 255 ]",
        "[]",
        "[256]",
        "[-1]",
        "[1.5]",
        "[1,2]",
        "[1,2,3,4]",
        r#"["a"]"#,
        "null",
        "1",
        "{}",
        "true",
        "[1,2,3",
    ];
    for value in jsons {
        let text = format!(r#"{{"b":{value}}}"#);
        let _ = assert_decodes_same::<OneVec>(&text);
        let _ = assert_decodes_same::<OneBox>(&text);
        let _ = assert_decodes_same::<OneArray>(&text);
        let _ = assert_decodes_same::<OneOption>(&text);
        let _ = assert_decodes_same_borrowed::<OneBorrowed>(&text);
        let _ = assert_decodes_same_borrowed::<OneCow>(&text);
    }

    use rmpv::Value as V;
    let one = |value: V| msgpack_bytes(&V::Map(vec![(V::from("b"), value)]));
    let mut inputs = vec![
        one(V::Binary(b"abc".to_vec())),
        one(V::Binary(Vec::new())),
        one(V::from("abc")),
        one(V::Array(vec![V::from(1), V::from(2), V::from(3)])),
        one(V::Array(vec![V::from(256)])),
        one(V::Array(vec![V::from(-1)])),
        one(V::Array(vec![V::from(1.5)])),
        one(V::Array(vec![V::from(1), V::from(2)])),
        one(V::Nil),
        one(V::from(7)),
        one(V::Map(Vec::new())),
    ];
    // A string whose bytes are not UTF-8 (rmp-serde hands them to a visitor of bytes).
    let mut bad_utf8 = b"\x81\xa1b".to_vec();
    bad_utf8.extend(b"\xa3\xff\xfe\x00");
    inputs.push(bad_utf8);
    for bytes in &inputs {
        let _ = assert_msgpack_decodes_same::<OneVec>(bytes);
        let _ = assert_msgpack_decodes_same::<OneBox>(bytes);
        let _ = assert_msgpack_decodes_same::<OneArray>(bytes);
        let _ = assert_msgpack_decodes_same::<OneOption>(bytes);
        let _ = assert_msgpack_decodes_same_borrowed::<OneBorrowed>(bytes);
        let _ = assert_msgpack_decodes_same_borrowed::<OneCow>(bytes);
    }
}

#[test]
fn byte_strings_borrow_from_the_input() {
    let text = r#"{"b":"abc"}"#;
    let read: OneCow = fastwire::json::from_str(text).unwrap();
    assert!(matches!(read.b, Cow::Borrowed(b"abc")));
    let escaped = r#"{"b":"a\u0062c"}"#;
    let read: OneCow = fastwire::json::from_str(escaped).unwrap();
    assert!(matches!(read.b, Cow::Owned(_)));
    let err = fastwire::json::from_str::<OneBorrowed>(escaped).unwrap_err();
    assert!(
        err.to_string()
            .starts_with(r#"invalid type: string "abc", expected a borrowed byte array"#),
        "{err}"
    );
    let bytes = b"\x81\xa1b\xc4\x03abc";
    let read: OneBorrowed = fastwire::msgpack::from_slice(bytes).unwrap();
    assert_eq!(read.b, b"abc");
}

// ---------------------------------------------------------------------------------------------
// `base64`: serde_with's `Base64`
// ---------------------------------------------------------------------------------------------

use serde_with::base64::{Base64, Standard, UrlSafe};
use serde_with::formats::{Padded, Unpadded};

#[serde_with::serde_as]
#[derive(Serialize, serde::Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
struct Encoded {
    #[serde_as(as = "Base64")]
    #[wire(with = "fastwire::with::base64::standard")]
    standard: Vec<u8>,
    #[serde_as(as = "Base64<Standard, Unpadded>")]
    #[wire(with = "fastwire::with::base64::standard_unpadded")]
    unpadded: Vec<u8>,
    #[serde_as(as = "Base64<UrlSafe, Padded>")]
    #[wire(with = "fastwire::with::base64::url_safe")]
    url: [u8; 5],
    #[serde_as(as = "Base64<UrlSafe, Unpadded>")]
    #[wire(with = "fastwire::with::base64::url_safe_unpadded")]
    url_unpadded: Box<[u8]>,
    #[serde_as(as = "Option<Base64>")]
    #[wire(with = "fastwire::with::base64::standard::option")]
    optional: Option<Vec<u8>>,
}

#[test]
fn base64_as_serde_with_writes_it() {
    let mut rng = rng(7);
    for round in 0..400 {
        // Lengths across each piece written and each `str` header now and then.
        let max = if round % 40 == 0 { 70_000 } else { 20 };
        let value = Encoded {
            standard: random_bytes(&mut rng, max),
            unpadded: random_bytes(&mut rng, max),
            url: rng.random(),
            url_unpadded: random_bytes(&mut rng, 1000).into_boxed_slice(),
            optional: rng.random_bool(0.5).then(|| random_bytes(&mut rng, 100)),
        };
        assert_same_round_trip(&value);
    }
}

#[serde_with::serde_as]
#[derive(Serialize, serde::Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
struct OneBase64 {
    #[serde_as(as = "Base64")]
    #[wire(with = "fastwire::with::base64::standard")]
    b: Vec<u8>,
}

#[serde_with::serde_as]
#[derive(Serialize, serde::Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
struct OneBase64Array {
    #[serde_as(as = "Base64<UrlSafe, Unpadded>")]
    #[wire(with = "fastwire::with::base64::url_safe_unpadded")]
    b: [u8; 2],
}

#[test]
fn base64_reads_what_serde_with_reads() {
    for value in [
        r#""""#,
        r#""aGk=""#,
        r#""aGk""#,
        r#""aGk==""#,
        r#""a""#,
        r#""aG=k""#,
        r#""a-_/""#,
        r#""+/8=""#,
        r#""-_8""#,
        r#""aGk=\n""#,
        r#""\u0061Gk=""#,
        r#""aGl""#,
        "null",
        "[104,105]",
        "1",
    ] {
        let text = format!(r#"{{"b":{value}}}"#);
        let _ = assert_decodes_same::<OneBase64>(&text);
        let _ = assert_decodes_same::<OneBase64Array>(&text);
        if let Ok(json) = serde_json::from_str::<serde_json::Value>(&text) {
            let bytes = rmp_serde::to_vec_named(&json).unwrap();
            let _ = assert_msgpack_decodes_same::<OneBase64>(&bytes);
            let _ = assert_msgpack_decodes_same::<OneBase64Array>(&bytes);
        }
    }
    // A `bin` is not a string.
    let bin = b"\x81\xa1b\xc4\x02hi";
    let _ = assert_msgpack_decodes_same::<OneBase64>(bin);
    // base64's own words for a bad character, at the string.
    let err = fastwire::json::from_str::<OneBase64>(r#"{"b":"aG!k"}"#).unwrap_err();
    let theirs = serde_json::from_str::<OneBase64>(r#"{"b":"aG!k"}"#).unwrap_err();
    let theirs = theirs.to_string();
    let message = theirs.split(" at line").next().unwrap();
    assert!(err.to_string().starts_with(message), "{err} / {theirs}");
}

// ---------------------------------------------------------------------------------------------
// `decimal`: rust_decimal's serde modules
// ---------------------------------------------------------------------------------------------

use rust_decimal::Decimal;

#[derive(Serialize, serde::Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
struct Amounts {
    #[serde(with = "rust_decimal::serde::float")]
    #[wire(with = "fastwire::with::decimal::float")]
    float: Decimal,
    #[serde(with = "rust_decimal::serde::float_option")]
    #[wire(with = "fastwire::with::decimal::float_option")]
    float_option: Option<Decimal>,
    #[serde(with = "rust_decimal::serde::str")]
    #[wire(with = "fastwire::with::decimal::str")]
    str: Decimal,
    #[serde(with = "rust_decimal::serde::str_option")]
    #[wire(with = "fastwire::with::decimal::str_option")]
    str_option: Option<Decimal>,
}

/// A decimal of any scale and up to 28 digits, sometimes negative or with trailing zeros.
fn random_decimal(rng: &mut StdRng) -> Decimal {
    let digits = rng.random_range(1..=28u32);
    let mantissa = rng.random_range(0..10i128.pow(digits));
    let mantissa = if rng.random_bool(0.3) {
        -mantissa
    } else {
        mantissa
    };
    Decimal::from_i128_with_scale(mantissa, rng.random_range(0..=digits.min(28)))
}

#[test]
fn decimals_as_rust_decimals_serde_modules_write_them() {
    let mut rng = rng(8);
    for _ in 0..2000 {
        let amounts = Amounts {
            float: random_decimal(&mut rng),
            float_option: rng.random_bool(0.5).then(|| random_decimal(&mut rng)),
            str: random_decimal(&mut rng),
            str_option: rng.random_bool(0.5).then(|| random_decimal(&mut rng)),
        };
        // Through `f64` the value changes, so serde's bytes are compared and the readings of
        // them agree (not the value itself).
        let json = fastwire::json::to_string(&amounts);
        assert_eq!(json, serde_json::to_string(&amounts).unwrap());
        let _ = assert_decodes_same::<Amounts>(&json);
        let bytes = fastwire::msgpack::to_vec(&amounts);
        assert_eq!(bytes, rmp_serde::to_vec_named(&amounts).unwrap());
        let _ = assert_msgpack_decodes_same::<Amounts>(&bytes);
    }
    for value in [
        "1",
        "-1.5",
        "\"2.50\"",
        "\"x\"",
        "\"\"",
        "null",
        "1e3",
        "[]",
        "18446744073709551615",
    ] {
        let text =
            format!(r#"{{"float":{value},"float_option":{value},"str":"1","str_option":null}}"#);
        let _ = assert_decodes_same::<Amounts>(&text);
        let text =
            format!(r#"{{"float":1,"float_option":null,"str":{value},"str_option":{value}}}"#);
        let _ = assert_decodes_same::<Amounts>(&text);
        if let Ok(json) = serde_json::from_str::<serde_json::Value>(&text) {
            let bytes = rmp_serde::to_vec_named(&json).unwrap();
            let _ = assert_msgpack_decodes_same::<Amounts>(&bytes);
        }
    }
}

#[derive(fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
struct Exact {
    #[wire(with = "fastwire::with::decimal::arbitrary_precision")]
    amount: Decimal,
    #[wire(with = "fastwire::with::decimal::arbitrary_precision_option")]
    optional: Option<Decimal>,
}

#[test]
fn decimals_as_exact_json_numbers() {
    let mut rng = rng(9);
    for _ in 0..2000 {
        let exact = Exact {
            amount: random_decimal(&mut rng),
            optional: rng.random_bool(0.5).then(|| random_decimal(&mut rng)),
        };
        let json = fastwire::json::to_string(&exact);
        let optional = exact.optional.map_or("null".to_owned(), |d| d.to_string());
        assert_eq!(
            json,
            format!(r#"{{"amount":{},"optional":{optional}}}"#, exact.amount)
        );
        // The text is a JSON number serde_json reads too.
        let _: serde_json::Value = serde_json::from_str(&json).unwrap();
        let back: Exact = fastwire::json::from_str(&json).unwrap();
        assert_eq!(back, exact);
        assert_eq!(back.amount.scale(), exact.amount.scale());
        // In MessagePack, the exact text.
        let bytes = fastwire::msgpack::to_vec(&exact);
        let text = exact.amount.to_string();
        let mut expected = vec![0x82, 0xA6];
        expected.extend(b"amount");
        expected.extend(rmp_serde::to_vec(&text).unwrap());
        expected.push(0xA8);
        expected.extend(b"optional");
        expected.extend(rmp_serde::to_vec(&exact.optional.map(|d| d.to_string())).unwrap());
        assert_eq!(bytes, expected);
        assert_eq!(
            fastwire::msgpack::from_slice::<Exact>(&bytes).unwrap(),
            exact
        );
    }
    // Numbers are read exactly as written, beyond what an `f64` holds; strings too.
    for (number, expected) in [
        ("0.1", "0.1"),
        (
            "0.10000000000000000000000000001",
            "0.10000000000000000000000000001",
        ),
        (
            "79228162514264337593543950335",
            "79228162514264337593543950335",
        ),
        ("-12.500", "-12.500"),
        ("1e-7", "0.0000001"),
        ("1.5E3", "1500"),
        ("\"3.14\"", "3.14"),
    ] {
        let text = format!(r#"{{"amount":{number},"optional":{number}}}"#);
        let read: Exact = fastwire::json::from_str(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let expected: Decimal = expected.parse().unwrap();
        assert_eq!(read.amount, expected, "{number}");
        assert_eq!(read.amount.to_string(), expected.to_string(), "{number}");
        assert_eq!(read.optional, Some(expected), "{number}");
    }
    for bad in ["79228162514264337593543950336", "true", "[1]", "\"x\""] {
        let text = format!(r#"{{"amount":{bad},"optional":null}}"#);
        let err = fastwire::json::from_str::<Exact>(&text)
            .unwrap_err()
            .to_string();
        assert!(err.contains("at amount"), "{bad}: {err}");
    }
}

// ---------------------------------------------------------------------------------------------
// `chrono_format!`: a format string per field
// ---------------------------------------------------------------------------------------------

use chrono::{NaiveDate, NaiveDateTime, NaiveTime};

/// The serde module serde's documentation shows for a custom date format, for any chrono type
/// with `format` and a parser.
macro_rules! serde_format {
    ($name:ident, $ty:ty, $format:literal, |$text:ident| $parse:expr) => {
        mod $name {
            #[allow(unused_imports)]
            use chrono::{DateTime, FixedOffset, NaiveDate, NaiveDateTime, NaiveTime};
            use serde::{Deserialize, Deserializer, Serializer};

            pub fn serialize<S: Serializer>(value: &$ty, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(&value.format($format).to_string())
            }

            pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<$ty, D::Error> {
                let $text = String::deserialize(d)?;
                let $text = $text.as_str();
                $parse.map_err(serde::de::Error::custom)
            }
        }
    };
}

serde_format!(serde_german, NaiveDate, "%d.%m.%Y", |t| {
    NaiveDate::parse_from_str(t, "%d.%m.%Y")
});
serde_format!(serde_clock, NaiveTime, "%I:%M %p", |t| {
    NaiveTime::parse_from_str(t, "%I:%M %p")
});
serde_format!(serde_log, NaiveDateTime, "%Y-%m-%d %H:%M:%S", |t| {
    NaiveDateTime::parse_from_str(t, "%Y-%m-%d %H:%M:%S")
});
serde_format!(
    serde_offset,
    DateTime<FixedOffset>,
    "%a, %d %b %Y %H:%M:%S %z",
    |t| { DateTime::parse_from_str(t, "%a, %d %b %Y %H:%M:%S %z") }
);
serde_format!(serde_quoted, NaiveDate, "\"%Y\" \\ %j é", |t| {
    NaiveDate::parse_from_str(t, "\"%Y\" \\ %j é")
});

fastwire::chrono_format!(mod german = "%d.%m.%Y");
fastwire::chrono_format!(mod clock = "%I:%M %p");
fastwire::chrono_format!(mod log = "%Y-%m-%d %H:%M:%S");
fastwire::chrono_format!(
    /// RFC 2822-like, with a numeric offset.
    pub(crate) mod mail = "%a, %d %b %Y %H:%M:%S %z"
);
fastwire::chrono_format!(mod quoted = "\"%Y\" \\ %j é");
fastwire::chrono_format!(mod broken = "%Y-%!");

#[derive(Serialize, serde::Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
struct Formats {
    #[serde(with = "serde_german")]
    #[wire(with = "german")]
    date: NaiveDate,
    #[serde(with = "serde_clock")]
    #[wire(with = "clock")]
    time: NaiveTime,
    #[serde(with = "serde_log")]
    #[wire(with = "log")]
    logged: NaiveDateTime,
    #[serde(with = "serde_offset")]
    #[wire(with = "mail")]
    sent: DateTime<FixedOffset>,
    #[serde(with = "serde_quoted")]
    #[wire(with = "quoted")]
    quoted: NaiveDate,
}

#[test]
fn format_strings_write_and_read_as_chrono_does() {
    let mut rng = rng(10);
    for _ in 0..1000 {
        let at = random_instant(&mut rng);
        let whole = DateTime::from_timestamp(at.timestamp(), 0).unwrap();
        let date = at.date_naive();
        let value = Formats {
            date,
            time: NaiveTime::from_hms_opt(rng.random_range(0..24), rng.random_range(0..60), 0)
                .unwrap(),
            logged: whole.naive_utc(),
            sent: whole.with_timezone(&random_offset(&mut rng)),
            quoted: date,
        };
        assert_same_round_trip(&value);
    }
    for (field, value) in [
        ("date", "31.02.2024"),
        ("date", "2024-02-29"),
        ("date", "29.02.24"),
        ("date", " 29.02.2024"),
        ("time", "13:00 PM"),
        ("time", "1:05 am"),
        ("logged", "2024-02-29 12:00"),
        ("logged", "2024-02-29 12:00:00.5"),
        ("sent", "Thu, 29 Feb 2024 12:00:00 +0000"),
        ("sent", "Fri, 29 Feb 2024 12:00:00 +0000"),
        ("sent", "Thu, 29 Feb 2024 12:00:00"),
    ] {
        let mut members = [
            ("date", "\"29.02.2024\"".to_owned()),
            ("time", "\"01:05 AM\"".to_owned()),
            ("logged", "\"2024-02-29 12:00:00\"".to_owned()),
            ("sent", "\"Thu, 29 Feb 2024 12:00:00 +0530\"".to_owned()),
            ("quoted", r#""\"2024\" \\ 060 é""#.to_owned()),
        ];
        for member in &mut members {
            if member.0 == field {
                member.1 = format!("\"{value}\"");
            }
        }
        let body: Vec<String> = members
            .iter()
            .map(|(k, v)| format!("\"{k}\":{v}"))
            .collect();
        let text = format!("{{{}}}", body.join(","));
        let _ = assert_decodes_same::<Formats>(&text);
        let json: serde_json::Value = serde_json::from_str(&text).unwrap();
        // Keys in declaration order are not needed: both read a map in any order.
        let bytes = rmp_serde::to_vec_named(&json).unwrap();
        let _ = assert_msgpack_decodes_same::<Formats>(&bytes);
    }
}

#[derive(fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
struct FormatOptions {
    #[wire(with = "german")]
    due: Option<NaiveDate>,
    #[wire(with = "log")]
    at: Option<DateTime<Utc>>,
    #[wire(with = "log")]
    local: DateTime<Local>,
}

#[test]
fn format_strings_take_options_and_zoned_values() {
    let local = NaiveDate::from_ymd_opt(2024, 2, 29)
        .unwrap()
        .and_hms_opt(12, 0, 0)
        .unwrap()
        .and_local_timezone(Local)
        .earliest()
        .unwrap();
    let value = FormatOptions {
        due: None,
        at: Some(DateTime::from_timestamp(1_709_208_000, 0).unwrap()),
        local,
    };
    let text = fastwire::json::to_string(&value);
    assert_eq!(
        text,
        r#"{"due":null,"at":"2024-02-29 12:00:00","local":"2024-02-29 12:00:00"}"#
    );
    assert_eq!(
        fastwire::json::from_str::<FormatOptions>(&text).unwrap(),
        value
    );
    let bytes = fastwire::msgpack::to_vec(&value);
    assert_eq!(
        fastwire::msgpack::from_slice::<FormatOptions>(&bytes).unwrap(),
        value
    );
    let err = fastwire::json::from_str::<FormatOptions>(
        r#"{"due":"30.02.2024","at":null,"local":"2024-02-29 12:00:00"}"#,
    )
    .unwrap_err()
    .to_string();
    assert!(
        err.starts_with(r#"invalid value "30.02.2024" for format "%d.%m.%Y": "#),
        "{err}"
    );
    assert!(err.contains("at due"), "{err}");
}

#[test]
fn a_broken_format_string_fails_every_write_and_read() {
    #[derive(fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
    struct Broken {
        #[wire(with = "broken")]
        date: NaiveDate,
    }
    let value = Broken {
        date: NaiveDate::from_ymd_opt(2024, 1, 1).unwrap(),
    };
    let err = fastwire::json::try_to_string(&value).unwrap_err();
    assert_eq!(err.to_string(), r#"invalid chrono format string "%Y-%!""#);
    let err = fastwire::msgpack::try_to_vec(&value).unwrap_err();
    assert_eq!(err.to_string(), r#"invalid chrono format string "%Y-%!""#);
    let err = fastwire::json::from_str::<Broken>(r#"{"date":"2024-"}"#).unwrap_err();
    assert!(
        err.to_string()
            .starts_with(r#"invalid chrono format string "%Y-%!""#),
        "{err}"
    );
}

// ---------------------------------------------------------------------------------------------
// jiff's `Timestamp` and std's `SystemTime` in the instant modules
// ---------------------------------------------------------------------------------------------

#[derive(fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
struct OtherInstants {
    #[wire(with = "fastwire::with::timestamp")]
    jiff: jiff::Timestamp,
    #[wire(with = "fastwire::with::timestamp")]
    system: SystemTime,
    #[wire(with = "fastwire::with::rfc3339::micros")]
    jiff_text: jiff::Timestamp,
}

#[test]
fn jiff_and_system_instants_as_the_extension_and_as_text() {
    let mut rng = rng(11);
    for _ in 0..2000 {
        let utc = random_instant(&mut rng);
        let jiff =
            jiff::Timestamp::new(utc.timestamp(), utc.timestamp_subsec_nanos() as i32).unwrap();
        let value = OtherInstants {
            jiff,
            system: SystemTime::from(utc),
            jiff_text: jiff,
        };
        let ext = fastwire::msgpack::to_vec(
            &Timestamp::new(utc.timestamp(), utc.timestamp_subsec_nanos()).unwrap(),
        );
        let text = utc.to_rfc3339_opts(SecondsFormat::Micros, true);
        let mut expected = b"\x83\xa4jiff".to_vec();
        expected.extend(&ext);
        expected.extend(b"\xa6system");
        expected.extend(&ext);
        expected.extend(b"\xa9jiff_text");
        expected.extend(rmp_serde::to_vec(&text).unwrap());
        let bytes = fastwire::msgpack::to_vec(&value);
        assert_eq!(bytes, expected);
        let back: OtherInstants = fastwire::msgpack::from_slice(&bytes).unwrap();
        assert_eq!(back.jiff, jiff);
        assert_eq!(back.system, value.system);
        let micros = utc.timestamp_subsec_nanos() / 1000 * 1000;
        assert_eq!(
            back.jiff_text,
            jiff::Timestamp::new(utc.timestamp(), micros as i32).unwrap()
        );
        // In JSON the extension's fields are the types' own encodings.
        #[derive(Serialize)]
        struct Twin {
            jiff: jiff::Timestamp,
            system: SystemTime,
            jiff_text: String,
        }
        let twin = Twin {
            jiff,
            system: value.system,
            jiff_text: text,
        };
        if utc.timestamp() >= 0 {
            let json = fastwire::json::to_string(&value);
            assert_eq!(json, serde_json::to_string(&twin).unwrap());
            let back: OtherInstants = fastwire::json::from_str(&json).unwrap();
            assert_eq!(back.system, value.system);
        } else {
            // serde refuses a `SystemTime` before 1970, and so does fastwire.
            assert!(serde_json::to_string(&twin).is_err());
            assert!(fastwire::json::try_to_string(&value).is_err());
        }
    }
}

#[derive(fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
struct TimeCrateInstants {
    #[wire(with = "fastwire::with::rfc3339::nanos")]
    offset: time::OffsetDateTime,
    #[wire(with = "fastwire::with::rfc3339::seconds")]
    utc_text: time::UtcDateTime,
}

#[derive(fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
struct TimeCrateStamp {
    #[wire(with = "fastwire::with::timestamp::option")]
    utc: Option<time::UtcDateTime>,
}

#[test]
fn time_crate_instants_in_the_instant_modules() {
    let mut rng = rng(12);
    for _ in 0..2000 {
        let utc = random_instant(&mut rng);
        // time's default range is years -9999..=9999, which holds every instant drawn here.
        let offset = random_offset(&mut rng);
        let fixed = utc.with_timezone(&offset);
        let nanos =
            i128::from(utc.timestamp()) * 1_000_000_000 + i128::from(utc.timestamp_subsec_nanos());
        let time_utc = time::UtcDateTime::from_unix_timestamp_nanos(nanos).unwrap();
        let time_offset = time::OffsetDateTime::from_unix_timestamp_nanos(nanos)
            .unwrap()
            .to_offset(time::UtcOffset::from_whole_seconds(offset.local_minus_utc()).unwrap());
        let value = TimeCrateInstants {
            offset: time_offset,
            utc_text: time_utc,
        };
        let json = fastwire::json::to_string(&value);
        assert_eq!(
            json,
            format!(
                r#"{{"offset":"{}","utc_text":"{}"}}"#,
                fixed.to_rfc3339_opts(SecondsFormat::Nanos, true),
                utc.to_rfc3339_opts(SecondsFormat::Secs, true)
            )
        );
        let back: TimeCrateInstants = fastwire::json::from_str(&json).unwrap();
        assert_eq!(back.offset, time_offset);
        assert_eq!(back.offset.offset(), time_offset.offset());
        assert_eq!(back.utc_text, time_utc.replace_nanosecond(0).unwrap());

        let stamp = TimeCrateStamp {
            utc: rng.random_bool(0.8).then_some(time_utc),
        };
        let bytes = fastwire::msgpack::to_vec(&stamp);
        let mut expected = b"\x81\xa3utc".to_vec();
        match stamp.utc {
            Some(_) => expected.extend(fastwire::msgpack::to_vec(
                &Timestamp::new(utc.timestamp(), utc.timestamp_subsec_nanos()).unwrap(),
            )),
            None => expected.push(0xC0),
        }
        assert_eq!(bytes, expected);
        assert_eq!(
            fastwire::msgpack::from_slice::<TimeCrateStamp>(&bytes).unwrap(),
            stamp
        );
    }
}
