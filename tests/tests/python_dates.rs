//! Python as an outside reader and writer of fastwire's dates (`tests/python/dates_interop.py`,
//! one Python run for the file):
//!
//! - the ISO texts fastwire writes for chrono's types (their default encodings, and
//!   `fastwire::with::rfc3339`) are read by Python's `fromisoformat` to the same instant,
//!   offset, date or time;
//! - the texts Python's `isoformat` writes (every `timespec`, `T` or space) are read by
//!   fastwire to what they hold, exactly as chrono's serde impls read them;
//! - MessagePack timestamp extensions go both ways between `fastwire::with::timestamp` and
//!   Python's `msgpack` (its `Timestamp`, and `datetime` with `datetime=True` / `timestamp=3`).
//!
//! Needs `python3`; Python's `msgpack` package is installed for the test when it is missing
//! (see `fastwire_tests::python_msgpack`).

use std::path::Path;
use std::sync::OnceLock;

use chrono::{DateTime, Datelike, FixedOffset, NaiveDate, NaiveDateTime, NaiveTime, Timelike, Utc};
use fastwire::msgpack::Timestamp;
use fastwire_tests::run_python;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value as Json};

/// One ISO text and what it holds, in the script's terms.
fn text_case(kind: &str, text: String, expect: Json) -> Json {
    json!({ "kind": kind, "text": text, "expect": expect })
}

/// The string a JSON encoding holds.
fn string_of(json: String) -> String {
    serde_json::from_str(&json).unwrap()
}

/// A date-time within Python's years (1..=9999), with nanoseconds of every precision and an
/// offset of whole minutes.
fn random_date_time(rng: &mut StdRng) -> DateTime<FixedOffset> {
    let seconds = rng.random_range(-62_135_596_800i64 + 86_400..253_402_300_800 - 86_400);
    let nanos = match rng.random_range(0..4) {
        0 => 0,
        1 => rng.random_range(0..1000) * 1_000_000,
        2 => rng.random_range(0..1_000_000) * 1000,
        _ => rng.random_range(0..1_000_000_000),
    };
    let offset = FixedOffset::east_opt(rng.random_range(-1439..=1439) * 60).unwrap();
    DateTime::from_timestamp(seconds, nanos)
        .unwrap()
        .with_timezone(&offset)
}

#[derive(fastwire::Encode)]
struct Millis(#[wire(with = "fastwire::with::rfc3339::millis")] DateTime<FixedOffset>);

#[derive(fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
struct Stamp(#[wire(with = "fastwire::with::timestamp")] Timestamp);

#[derive(fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
struct UtcStamp(#[wire(with = "fastwire::with::timestamp")] DateTime<Utc>);

fn date_time_expect(dt: &DateTime<FixedOffset>) -> Json {
    json!([
        dt.timestamp(),
        dt.timestamp_subsec_nanos() / 1000,
        dt.offset().local_minus_utc()
    ])
}

fn naive_expect(dt: &NaiveDateTime) -> Json {
    json!([
        dt.year(),
        dt.month(),
        dt.day(),
        dt.hour(),
        dt.minute(),
        dt.second(),
        dt.nanosecond() / 1000
    ])
}

struct Exchange {
    response: Json,
}

fn exchange() -> &'static Exchange {
    static EXCHANGE: OnceLock<Exchange> = OnceLock::new();
    EXCHANGE.get_or_init(|| {
        let mut rng = StdRng::seed_from_u64(20);
        let mut texts = Vec::new();
        for _ in 0..500 {
            let dt = random_date_time(&mut rng);
            let text = string_of(fastwire::json::to_string(&dt));
            texts.push(text_case("datetime", text, date_time_expect(&dt)));
            let millis =
                dt - chrono::TimeDelta::nanoseconds(i64::from(dt.nanosecond() % 1_000_000));
            let text = string_of(fastwire::json::to_string(&Millis(dt)));
            texts.push(text_case("datetime", text, date_time_expect(&millis)));
            let naive = dt.naive_local();
            let text = string_of(fastwire::json::to_string(&naive));
            texts.push(text_case("naive_datetime", text, naive_expect(&naive)));
            let date = naive.date();
            let text = string_of(fastwire::json::to_string(&date));
            texts.push(text_case(
                "date",
                text,
                json!([date.year(), date.month(), date.day()]),
            ));
            let time = naive.time();
            let text = string_of(fastwire::json::to_string(&time));
            texts.push(text_case(
                "time",
                text,
                json!([
                    time.hour(),
                    time.minute(),
                    time.second(),
                    time.nanosecond() / 1000
                ]),
            ));
        }
        let mut timestamps = Vec::new();
        for _ in 0..500 {
            let seconds = match rng.random_range(0..4) {
                0 => rng.random_range(0..1i64 << 32),
                1 => rng.random_range(0..1i64 << 34),
                2 => rng.random_range(-(1i64 << 40)..1 << 40),
                _ => rng.random(),
            };
            let nanoseconds = if rng.random_bool(0.5) {
                0
            } else {
                rng.random_range(0..1_000_000_000)
            };
            let bytes =
                fastwire::msgpack::to_vec(&Stamp(Timestamp::new(seconds, nanoseconds).unwrap()));
            let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
            timestamps.push(json!({ "hex": hex, "seconds": seconds, "nanoseconds": nanoseconds }));
        }
        let request = json!({ "texts": texts, "timestamps": timestamps, "seed": 21 });
        let response = run_python(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join("python/dates_interop.py"),
            Path::new(env!("CARGO_TARGET_TMPDIR")),
            &request,
        );
        Exchange { response }
    })
}

#[test]
fn python_reads_the_dates_fastwire_writes() {
    let mismatches = exchange().response["mismatches"].as_array().unwrap();
    assert!(
        mismatches.is_empty(),
        "Python read {} of fastwire's dates differently:\n{}",
        mismatches.len(),
        mismatches
            .iter()
            .take(20)
            .map(|m| m.as_str().unwrap().to_owned())
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// Reads `text` as a JSON string into `T` with fastwire and with serde_json (chrono's serde
/// impl): both must give the same value, or both refuse.
fn read_both<T>(text: &str) -> Option<T>
where
    T: fastwire::json::DecodeOwned + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let json = serde_json::to_string(text).unwrap();
    let ours = fastwire::json::from_str::<T>(&json).ok();
    let theirs = serde_json::from_str::<T>(&json).ok();
    assert_eq!(ours, theirs, "{text}");
    ours
}

#[test]
fn fastwire_reads_the_dates_python_writes() {
    let written = exchange().response["written"].as_array().unwrap();
    assert!(written.len() >= 1600);
    let mut read = 0;
    for case in written {
        let text = case["text"].as_str().unwrap();
        let expect = &case["expect"];
        let got = match case["kind"].as_str().unwrap() {
            "datetime" => read_both::<DateTime<FixedOffset>>(text).map(|dt| date_time_expect(&dt)),
            "naive_datetime" => read_both::<NaiveDateTime>(text).map(|dt| naive_expect(&dt)),
            "date" => read_both::<NaiveDate>(text).map(|d| json!([d.year(), d.month(), d.day()])),
            "time" => read_both::<NaiveTime>(text)
                .map(|t| json!([t.hour(), t.minute(), t.second(), t.nanosecond() / 1000])),
            kind => panic!("unknown kind {kind}"),
        };
        if let Some(got) = got {
            assert_eq!(&got, expect, "{text}");
            read += 1;
        }
    }
    // Every text with a `T` is RFC 3339, which chrono and fastwire read; Python's space
    // separator is read too wherever chrono reads it.
    let with_t = written
        .iter()
        .filter(|c| c["text"].as_str().unwrap().contains('T') || c["kind"] != "datetime")
        .count();
    assert!(read >= with_t, "read {read} of {with_t} texts");
}

#[test]
fn timestamps_python_writes_read_back_exactly() {
    let packed = exchange().response["packed"].as_array().unwrap();
    assert_eq!(packed.len(), 400);
    for case in packed {
        let hex = case["hex"].as_str().unwrap();
        let bytes: Vec<u8> = (0..hex.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap())
            .collect();
        let seconds = case["seconds"].as_i64().unwrap();
        let nanoseconds = case["nanoseconds"].as_u64().unwrap() as u32;
        let stamp: Stamp = fastwire::msgpack::from_slice(&bytes).unwrap();
        assert_eq!(
            stamp.0,
            Timestamp::new(seconds, nanoseconds).unwrap(),
            "{hex}"
        );
        // The same bytes fastwire writes for it.
        assert_eq!(fastwire::msgpack::to_vec(&stamp), bytes, "{hex}");
        match DateTime::from_timestamp(seconds, nanoseconds) {
            Some(dt) => {
                let utc: UtcStamp = fastwire::msgpack::from_slice(&bytes).unwrap();
                assert_eq!(utc.0, dt, "{hex}");
            }
            None => assert!(fastwire::msgpack::from_slice::<UtcStamp>(&bytes).is_err()),
        }
    }
}
