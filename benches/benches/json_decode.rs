//! JSON decoding: fastwire against serde_json, sonic-rs and simd-json on the json-benchmark
//! corpus (`twitter`, `citm`, `canada`: the files as they are), and, each as serde_json's
//! compact encoding of it, on 20,000 generated users (`users_20k`), the three `Ts` structs
//! (`ts_short`, `ts_cjk`, `ts_ticker`), 10,000 generated log events of tagged enums and
//! flattened members (`events_10k`), the user list of dates, ids and decimals at 20,000 and
//! 300,000 rows and 10,000 date-heavy records (`typed_users_20k`, `typed_users_300k`,
//! `records_10k`), and one `Book` (`book`: an enum as its integer, a date, nested authors,
//! optional fields).
//!
//! Each group times, into the typed model:
//! - `fastwire::from_slice`, `serde_json::from_slice`, `sonic_rs::from_slice`;
//! - `simd_json::serde::from_slice` (simd-json through serde's traits), of a copy of the input
//!   made inside the timed call: simd-json parses in place, so a caller holding an immutable
//!   input pays for the copy, and so does the benchmark;
//! - for `users_20k` also `fastwire::from_reader`, `serde_json::from_reader`,
//!   `sonic_rs::from_reader` and `simd_json::serde::from_reader`, each reading a `&[u8]`.
//!
//! The corpus groups (`twitter`, `citm`, `canada`) also decode the untyped document:
//! `fastwire::Value` (`fastwire::json::Value`), `serde_json::Value`, `sonic_rs::Value` and
//! `simd_json::OwnedValue` (`simd_json::to_owned_value`, of a copy, as above).
//!
//! Before timing, each group checks that every library decodes the input to fastwire's value
//! (floats within an ulp where serde_json parsed them). serde_json runs with
//! `float_roundtrip`, so that it reads floats correctly rounded as fastwire does; sonic-rs and simd-json with this build's target features
//! (SSE2 only, unless built with `-C target-cpu=native`; simd-json also detects the CPU at run
//! time). Throughput is the size of the input.
//!
//! `typed_users_300k` takes ten samples (of equal numbers of calls) over ten seconds.
//!
//! `cargo test -p fastwire-benches` (and the workspace's `cargo test`) runs this bench in
//! criterion's test mode: every check, then each benchmark function once. That is a debug
//! build, in which the generated workloads have a tenth of their rows or items (2,000 users,
//! 1,000 events and records) and `typed_users_300k` a hundredth (3,000 rows), so that the run
//! stays quick; the corpus files, the `Ts` structs and the book are whole.
//!
//! Run with `cargo bench -p fastwire-benches --bench json_decode [-- <filter>]`.

mod common;

use std::hint::black_box;
use std::time::Duration;

use common::{simd_json_from_slice, simd_json_value, Scale};
use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion};
use fastwire::json::DecodeOwned;
use fastwire_benches::book::{book, Book};
use fastwire_benches::events::{self, envelopes, Envelope};
use fastwire_benches::oracle::{compare_models, compare_values, fastwire_value_to_serde_json};
use fastwire_benches::records::{self, dated_records, typed_users};
use fastwire_benches::ts::{ts_cjk, ts_short, ts_ticker, TsCjk, TsShort, TsTicker};
use fastwire_benches::{users, users::STANDARD_COUNT, Canada, CitmCatalog, Twitter, User};
use serde::de::DeserializeOwned;
use serde::Serialize;

/// Panics, naming the group `name` and the library `lib`, unless `theirs` equals `ours`
/// (floats within an ulp).
fn assert_same_model<T: Serialize + PartialEq>(name: &str, lib: &str, ours: &T, theirs: &T) {
    if let Err(difference) = compare_models(ours, theirs) {
        panic!("{name}: fastwire and {lib} disagree at {difference}; not benchmarking");
    }
}

/// Starts the group `name` for decoding `input` into a `T`, after checking that serde_json,
/// sonic-rs and simd-json decode it to fastwire's value (floats within an ulp).
fn decode_group<'c, T>(
    c: &'c mut Criterion,
    name: &str,
    input: &[u8],
    scale: Scale,
) -> BenchmarkGroup<'c, WallTime>
where
    T: DecodeOwned + DeserializeOwned + Serialize + PartialEq,
{
    let fastwire: T = fastwire::json::from_slice(input).expect("fastwire decodes the input");
    let serde_json: T = serde_json::from_slice(input).expect("serde_json decodes the input");
    assert_same_model(name, "serde_json", &fastwire, &serde_json);
    let sonic: T = sonic_rs::from_slice(input).expect("sonic-rs decodes the input");
    assert_same_model(name, "sonic-rs", &fastwire, &sonic);
    assert_same_model(name, "simd-json", &fastwire, &simd_json_from_slice(input));

    let mut group = common::group(c, name, input.len(), scale);
    group.bench_function("fastwire::from_slice", |b| {
        b.iter(|| fastwire::json::from_slice::<T>(black_box(input)).unwrap())
    });
    group.bench_function("serde_json::from_slice", |b| {
        b.iter(|| serde_json::from_slice::<T>(black_box(input)).unwrap())
    });
    group.bench_function("sonic_rs::from_slice", |b| {
        b.iter(|| sonic_rs::from_slice::<T>(black_box(input)).unwrap())
    });
    group.bench_function("simd_json::serde::from_slice", |b| {
        b.iter(|| simd_json_from_slice::<T>(black_box(input)))
    });
    group
}

/// Adds the untyped-document benchmarks to `group` (named `name`), after checking that every
/// library's `Value` of `input` is fastwire's document (floats within an ulp).
fn decode_values(group: &mut BenchmarkGroup<'_, WallTime>, name: &str, input: &[u8]) {
    let fastwire: fastwire::json::Value =
        fastwire::json::from_slice(input).expect("fastwire decodes the input");
    let reference = fastwire_value_to_serde_json(&fastwire);
    let serde_json: serde_json::Value =
        serde_json::from_slice(input).expect("serde_json decodes the input");
    let sonic: sonic_rs::Value = sonic_rs::from_slice(input).expect("sonic-rs decodes the input");
    for (lib, value) in [
        ("serde_json", serde_json),
        (
            "sonic-rs",
            serde_json::to_value(&sonic).expect("a sonic-rs Value"),
        ),
        (
            "simd-json",
            serde_json::to_value(simd_json_value(input)).expect("a simd-json Value"),
        ),
    ] {
        if let Err(difference) = compare_values(&value, &reference) {
            panic!(
                "{name}: fastwire's and {lib}'s Values differ at {difference}; not benchmarking"
            );
        }
    }

    group.bench_function("fastwire::from_slice::<Value>", |b| {
        b.iter(|| fastwire::json::from_slice::<fastwire::json::Value>(black_box(input)).unwrap())
    });
    group.bench_function("serde_json::from_slice::<Value>", |b| {
        b.iter(|| serde_json::from_slice::<serde_json::Value>(black_box(input)).unwrap())
    });
    group.bench_function("sonic_rs::from_slice::<Value>", |b| {
        b.iter(|| sonic_rs::from_slice::<sonic_rs::Value>(black_box(input)).unwrap())
    });
    group.bench_function("simd_json::to_owned_value", |b| {
        b.iter(|| simd_json_value(black_box(input)))
    });
}

/// The corpus file `file` into the typed model `T` and into each library's `Value`.
fn corpus_group<T>(c: &mut Criterion, name: &str, file: &str)
where
    T: DecodeOwned + DeserializeOwned + Serialize + PartialEq,
{
    let input = common::corpus(file);
    let mut group = decode_group::<T>(c, name, &input, Scale::Standard);
    decode_values(&mut group, name, &input);
    group.finish();
}

/// The group `name` decoding serde_json's compact encoding of `value`.
fn encoded_group<T>(c: &mut Criterion, name: &str, value: &T, scale: Scale)
where
    T: DecodeOwned + DeserializeOwned + Serialize + PartialEq,
{
    let input = serde_json::to_vec(value).expect("serde_json encodes the value");
    decode_group::<T>(c, name, &input, scale).finish();
}

fn twitter(c: &mut Criterion) {
    corpus_group::<Twitter>(c, "twitter", "twitter.json");
}

fn citm(c: &mut Criterion) {
    corpus_group::<CitmCatalog>(c, "citm", "citm_catalog.json");
}

fn canada(c: &mut Criterion) {
    corpus_group::<Canada>(c, "canada", "canada.json");
}

fn users_20k(c: &mut Criterion) {
    let input =
        serde_json::to_vec(&users(common::rows(STANDARD_COUNT))).expect("serde_json encodes users");
    let input = input.as_slice();
    let from_reader = fastwire::json::from_reader::<_, Vec<User>>(input).expect("fastwire reads");
    let simd: Vec<User> = simd_json::serde::from_reader(input).expect("simd-json reads");
    assert!(
        from_reader == fastwire::json::from_slice::<Vec<User>>(input).expect("fastwire decodes")
            && simd == from_reader,
        "users_20k: fastwire's from_reader, from_slice and simd-json's from_reader disagree; \
         not benchmarking"
    );
    let mut group = decode_group::<Vec<User>>(c, "users_20k", input, Scale::Standard);
    group.bench_function("fastwire::from_reader", |b| {
        b.iter(|| fastwire::json::from_reader::<_, Vec<User>>(black_box(input)).unwrap())
    });
    group.bench_function("serde_json::from_reader", |b| {
        b.iter(|| serde_json::from_reader::<_, Vec<User>>(black_box(input)).unwrap())
    });
    group.bench_function("sonic_rs::from_reader", |b| {
        b.iter(|| sonic_rs::from_reader::<_, Vec<User>>(black_box(input)).unwrap())
    });
    group.bench_function("simd_json::serde::from_reader", |b| {
        b.iter(|| simd_json::serde::from_reader::<_, Vec<User>>(black_box(input)).unwrap())
    });
    group.finish();
}

fn ts(c: &mut Criterion) {
    encoded_group::<TsShort>(c, "ts_short", &ts_short(), Scale::Standard);
    encoded_group::<TsCjk>(c, "ts_cjk", &ts_cjk(), Scale::Standard);
    encoded_group::<TsTicker>(c, "ts_ticker", &ts_ticker(), Scale::Standard);
}

fn events_10k(c: &mut Criterion) {
    let log = envelopes(common::rows(events::STANDARD_COUNT));
    encoded_group::<Vec<Envelope>>(c, "events_10k", &log, Scale::Standard);
}

/// The user list of dates, ids and decimals at 20,000 and 300,000 rows (time per row must
/// stay flat) and the date-heavy records, each as serde_json writes them with the types' own
/// serde impls.
fn dates(c: &mut Criterion) {
    let users = typed_users(common::rows(records::STANDARD_USERS));
    encoded_group(c, "typed_users_20k", &users, Scale::Standard);
    let users = typed_users(common::large_users());
    encoded_group(c, "typed_users_300k", &users, Scale::Large);
    let rows = dated_records(common::rows(records::STANDARD_RECORDS));
    encoded_group(c, "records_10k", &rows, Scale::Standard);
}

fn book_entry(c: &mut Criterion) {
    encoded_group::<Book>(c, "book", &book(), Scale::Standard);
}

criterion_group! {
    name = json_decode;
    // Short runs: the benchmark machine has two cores and many targets to build.
    config = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = twitter, citm, canada, users_20k, ts, events_10k, dates, book_entry
}
criterion_main!(json_decode);
