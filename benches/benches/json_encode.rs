//! Compact JSON encoding: fastwire against serde_json on the json-benchmark corpus
//! (`twitter`, `citm`, `canada`), on 20,000 generated users (`users_20k`) and on 10,000
//! generated log events of tagged enums and flattened members (`events_10k`), and twitter's
//! conversions to and from a `Value` (`twitter_value`).
//!
//! Each group times, on the same typed value:
//! - `fastwire::to_vec`: a new `Vec` per call;
//! - `fastwire::encode_into`: a reused `Vec`, cleared before each call;
//! - `fastwire::to_writer`: streaming into a reused, pre-sized `Vec`;
//! - `serde_json::to_vec`: a new `Vec` per call;
//! - `serde_json::to_writer`: into a reused, pre-sized `Vec`, cleared before each call.
//!
//! Throughput is the size of the encoded document. Run with
//! `cargo bench -p fastwire-benches --bench json_encode [-- <filter>]`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use fastwire_benches::records::{self, dated_records, typed_users};
use fastwire_benches::{envelopes, events};
use fastwire_benches::{load_canada, load_citm, load_twitter, users, users::STANDARD_COUNT};
use serde::Serialize;

fn encode_group<T>(c: &mut Criterion, name: &str, value: &T)
where
    T: Serialize + fastwire::json::Encode,
{
    let expected = serde_json::to_vec(value).expect("serde_json encodes the model");
    assert!(
        fastwire::json::to_vec(value) == expected,
        "{name}: fastwire and serde_json disagree; not benchmarking"
    );
    let size = expected.len();

    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Bytes(size as u64));

    group.bench_function("fastwire::to_vec", |b| {
        b.iter(|| fastwire::json::to_vec(black_box(value)))
    });
    group.bench_function("fastwire::encode_into", |b| {
        let mut buf = Vec::with_capacity(size);
        b.iter(|| {
            buf.clear();
            fastwire::json::encode_into(black_box(value), &mut buf);
            black_box(buf.len())
        })
    });
    group.bench_function("fastwire::to_writer", |b| {
        let mut buf = Vec::with_capacity(size);
        b.iter(|| {
            buf.clear();
            fastwire::json::to_writer(&mut buf, black_box(value)).unwrap();
            black_box(buf.len())
        })
    });
    group.bench_function("serde_json::to_vec", |b| {
        b.iter(|| serde_json::to_vec(black_box(value)).unwrap())
    });
    group.bench_function("serde_json::to_writer", |b| {
        let mut buf = Vec::with_capacity(size);
        b.iter(|| {
            buf.clear();
            serde_json::to_writer(&mut buf, black_box(value)).unwrap();
            black_box(buf.len())
        })
    });

    group.finish();
}

fn twitter(c: &mut Criterion) {
    encode_group(c, "twitter", &load_twitter());
}

fn citm(c: &mut Criterion) {
    encode_group(c, "citm", &load_citm());
}

fn canada(c: &mut Criterion) {
    encode_group(c, "canada", &load_canada());
}

fn users_20k(c: &mut Criterion) {
    encode_group(c, "users_20k", &users(STANDARD_COUNT));
}

fn events_10k(c: &mut Criterion) {
    encode_group(c, "events_10k", &envelopes(events::STANDARD_COUNT));
}

/// The user list of dates, ids and decimals at 20,000 and 300,000 rows (time per row must
/// stay flat) and the date-heavy records.
fn dates(c: &mut Criterion) {
    encode_group(c, "typed_users_20k", &typed_users(records::STANDARD_USERS));
    encode_group(c, "typed_users_300k", &typed_users(records::LARGE_USERS));
    encode_group(c, "records_10k", &dated_records(records::STANDARD_RECORDS));
}

/// Typed values into a `Value` and back, on twitter: `to_value` (fastwire builds the tree
/// directly) and `from_value` from a borrowed value (fastwire through compact text; serde_json
/// through `Deserialize for &Value`, its zero-copy path).
fn value_conversions(c: &mut Criterion) {
    use serde::Deserialize;

    let twitter = load_twitter();
    let ours = fastwire::json::to_value(&twitter);
    let theirs = serde_json::to_value(&twitter).unwrap();
    let mut group = c.benchmark_group("twitter_value");
    group.throughput(Throughput::Bytes(
        serde_json::to_vec(&twitter).unwrap().len() as u64,
    ));
    group.bench_function("fastwire::to_value", |b| {
        b.iter(|| fastwire::json::to_value(black_box(&twitter)))
    });
    group.bench_function("serde_json::to_value", |b| {
        b.iter(|| serde_json::to_value(black_box(&twitter)).unwrap())
    });
    group.bench_function("fastwire::from_value", |b| {
        b.iter(|| {
            fastwire::json::from_value::<fastwire_benches::twitter::Twitter>(black_box(&ours))
                .unwrap()
        })
    });
    group.bench_function("serde_json::from_value", |b| {
        b.iter(|| fastwire_benches::twitter::Twitter::deserialize(black_box(&theirs)).unwrap())
    });
    group.finish();
}

criterion_group! {
    name = json_encode;
    // Short runs: the benchmark machine has two cores and many targets to build.
    config = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = twitter, citm, canada, users_20k, events_10k, dates, value_conversions
}
criterion_main!(json_encode);
