//! JSON decoding: fastwire against serde_json and sonic-rs on the json-benchmark corpus
//! (`twitter`, `citm`, `canada`: the files as they are), on 20,000 generated users
//! (`users_20k`) and on 10,000 generated log events of tagged enums and flattened members
//! (`events_10k`), and on the user list of dates, ids and decimals at 20,000 and 300,000 rows
//! and 10,000 date-heavy records (`typed_users_20k`, `typed_users_300k`, `records_10k`), each as
//! serde_json's compact encoding of them.
//!
//! Each group times, into the typed model:
//! - `fastwire::from_slice`, `serde_json::from_slice`, `sonic_rs::from_slice`;
//! - for `users_20k` also `fastwire::from_reader`, `serde_json::from_reader` and
//!   `sonic_rs::from_reader`, each reading a `&[u8]`.
//!
//! The `twitter` and `citm` groups also decode the untyped document: `fastwire::Value`
//! (`fastwire::json::Value`), `serde_json::Value` and `sonic_rs::Value`.
//!
//! serde_json runs with its default features (no `float_roundtrip`); sonic-rs with this build's
//! target features (SSE2 only, unless built with `-C target-cpu=native`). Throughput is the size
//! of the input. Run with `cargo bench -p fastwire-benches --bench json_decode [-- <filter>]`.

use std::hint::black_box;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use fastwire::json::DecodeOwned;
use fastwire_benches::events::{self, envelopes, Envelope};
use fastwire_benches::oracle::compare_models;
use fastwire_benches::records::{self, dated_records, typed_users};
use fastwire_benches::{data, users, users::STANDARD_COUNT, Canada, CitmCatalog, Twitter, User};
use serde::de::DeserializeOwned;
use serde::Serialize;

/// Starts the group `name` for decoding `input` into a `T`, after checking that fastwire and
/// serde_json decode it to the same value (floats within an ulp).
fn decode_group<'c, T>(
    c: &'c mut Criterion,
    name: &str,
    input: &[u8],
) -> BenchmarkGroup<'c, WallTime>
where
    T: DecodeOwned + DeserializeOwned + Serialize + PartialEq,
{
    let fastwire: T = fastwire::json::from_slice(input).expect("fastwire decodes the input");
    let serde_json: T = serde_json::from_slice(input).expect("serde_json decodes the input");
    if let Err(difference) = compare_models(&fastwire, &serde_json) {
        panic!("{name}: fastwire and serde_json disagree at {difference}; not benchmarking");
    }

    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Bytes(input.len() as u64));
    group.bench_function("fastwire::from_slice", |b| {
        b.iter(|| fastwire::json::from_slice::<T>(black_box(input)).unwrap())
    });
    group.bench_function("serde_json::from_slice", |b| {
        b.iter(|| serde_json::from_slice::<T>(black_box(input)).unwrap())
    });
    group.bench_function("sonic_rs::from_slice", |b| {
        b.iter(|| sonic_rs::from_slice::<T>(black_box(input)).unwrap())
    });
    group
}

/// Adds the untyped-document benchmarks to `group`.
fn decode_values(group: &mut BenchmarkGroup<'_, WallTime>, input: &[u8]) {
    group.bench_function("fastwire::from_slice::<Value>", |b| {
        b.iter(|| fastwire::json::from_slice::<fastwire::json::Value>(black_box(input)).unwrap())
    });
    group.bench_function("serde_json::from_slice::<Value>", |b| {
        b.iter(|| serde_json::from_slice::<serde_json::Value>(black_box(input)).unwrap())
    });
    group.bench_function("sonic_rs::from_slice::<Value>", |b| {
        b.iter(|| sonic_rs::from_slice::<sonic_rs::Value>(black_box(input)).unwrap())
    });
}

fn twitter(c: &mut Criterion) {
    let input = data::read_corpus("twitter.json");
    let mut group = decode_group::<Twitter>(c, "twitter", input.as_bytes());
    decode_values(&mut group, input.as_bytes());
    group.finish();
}

fn citm(c: &mut Criterion) {
    let input = data::read_corpus("citm_catalog.json");
    let mut group = decode_group::<CitmCatalog>(c, "citm", input.as_bytes());
    decode_values(&mut group, input.as_bytes());
    group.finish();
}

fn canada(c: &mut Criterion) {
    let input = data::read_corpus("canada.json");
    decode_group::<Canada>(c, "canada", input.as_bytes()).finish();
}

fn users_20k(c: &mut Criterion) {
    let input = serde_json::to_vec(&users(STANDARD_COUNT)).expect("serde_json encodes users");
    let input = input.as_slice();
    let mut group = decode_group::<Vec<User>>(c, "users_20k", input);
    group.bench_function("fastwire::from_reader", |b| {
        b.iter(|| fastwire::json::from_reader::<_, Vec<User>>(black_box(input)).unwrap())
    });
    group.bench_function("serde_json::from_reader", |b| {
        b.iter(|| serde_json::from_reader::<_, Vec<User>>(black_box(input)).unwrap())
    });
    group.bench_function("sonic_rs::from_reader", |b| {
        b.iter(|| sonic_rs::from_reader::<_, Vec<User>>(black_box(input)).unwrap())
    });
    group.finish();
}

fn events_10k(c: &mut Criterion) {
    let input =
        serde_json::to_vec(&envelopes(events::STANDARD_COUNT)).expect("serde_json encodes events");
    decode_group::<Vec<Envelope>>(c, "events_10k", &input).finish();
}

/// The user list of dates, ids and decimals at 20,000 and 300,000 rows (time per row must
/// stay flat) and the date-heavy records, each as serde_json writes them with the types' own
/// serde impls.
fn dates(c: &mut Criterion) {
    for (name, rows) in [
        ("typed_users_20k", records::STANDARD_USERS),
        ("typed_users_300k", records::LARGE_USERS),
    ] {
        let input = serde_json::to_vec(&typed_users(rows)).expect("serde_json encodes users");
        decode_group::<Vec<records::TypedUser>>(c, name, &input).finish();
    }
    let input = serde_json::to_vec(&dated_records(records::STANDARD_RECORDS))
        .expect("serde_json encodes records");
    decode_group::<Vec<records::DatedRecord>>(c, "records_10k", &input).finish();
}

criterion_group! {
    name = json_decode;
    // Short runs: the benchmark machine has two cores and many targets to build.
    config = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = twitter, citm, canada, users_20k, events_10k, dates
}
criterion_main!(json_decode);
