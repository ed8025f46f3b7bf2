//! Compact JSON encoding: fastwire against serde_json, sonic-rs and simd-json on the
//! json-benchmark corpus models (`twitter`, `citm`, `canada`), on 20,000 generated users
//! (`users_20k`), on the three `Ts` structs (`ts_short`, `ts_cjk`, `ts_ticker`), on 10,000
//! generated log events of tagged enums and flattened members (`events_10k`), on the user list
//! of dates, ids and decimals at 20,000 and 300,000 rows and 10,000 date-heavy records
//! (`typed_users_20k`, `typed_users_300k`, `records_10k`), and on one `Book` (`book`: an enum
//! as its integer, a date, nested authors, optional fields).
//!
//! Each of these groups times, on the same typed value:
//! - `fastwire::to_vec`: a new `Vec` per call;
//! - `fastwire::encode_into`: a reused `Vec`, cleared before each call;
//! - `fastwire::to_writer`: streaming into a reused, pre-sized `Vec`;
//! - `serde_json::to_vec`: a new `Vec` per call;
//! - `serde_json::to_writer`: into a reused, pre-sized `Vec`, cleared before each call;
//! - `sonic_rs::to_vec` and `simd_json::serde::to_vec` (simd-json through serde's traits): a
//!   new `Vec` per call.
//!
//! The untyped documents: `<file>/Value` (`twitter/Value`, `citm/Value`, `canada/Value`) time
//! `to_vec` of each library's own `Value` of the corpus file (`fastwire::json::Value`,
//! `serde_json::Value`, `sonic_rs::Value`, `simd_json::OwnedValue`), each decoded by that
//! library. And `twitter_value` times twitter's conversions to and from a `Value`.
//!
//! Before timing, each group checks that fastwire writes serde_json's bytes (for a `Value`: on
//! the same document with serde_json's key order, fastwire's `Value` keeping the file's; and
//! that fastwire reads its output back to its `Value`) and that what every peer writes is the
//! same document (read back by fastwire's correctly rounded parser, floats within an ulp);
//! `twitter_value` checks that both trees hold the same document and convert back to the
//! model. Throughput is the size of serde_json's encoding.
//!
//! `typed_users_300k` takes ten samples (of equal numbers of calls) over ten seconds.
//!
//! `cargo test -p fastwire-benches` (and the workspace's `cargo test`) runs this bench in
//! criterion's test mode: every check, then each benchmark function once. That is a debug
//! build, in which the generated workloads have a tenth of their rows or items (2,000 users,
//! 1,000 events and records) and `typed_users_300k` a hundredth (3,000 rows), so that the run
//! stays quick; the corpus files, the `Ts` structs and the book are whole.
//!
//! Run with `cargo bench -p fastwire-benches --bench json_encode [-- <filter>]`.

mod common;

use std::hint::black_box;
use std::time::Duration;

use common::{assert_same_bytes, assert_same_document, Scale};
use criterion::{criterion_group, criterion_main, Criterion};
use fastwire_benches::book::book;
use fastwire_benches::oracle::{compare_values, fastwire_value_to_serde_json};
use fastwire_benches::records::{self, dated_records, typed_users};
use fastwire_benches::ts::{ts_cjk, ts_short, ts_ticker};
use fastwire_benches::Twitter;
use fastwire_benches::{envelopes, events};
use fastwire_benches::{load_canada, load_citm, load_twitter, users, users::STANDARD_COUNT};
use serde::Serialize;

fn encode_group<T>(c: &mut Criterion, name: &str, value: &T, scale: Scale)
where
    T: Serialize + fastwire::json::Encode,
{
    let expected = serde_json::to_vec(value).expect("serde_json encodes the model");
    assert_same_bytes(name, &fastwire::json::to_vec(value), &expected);
    let reference = common::document(name, "serde_json", &expected);
    let sonic = sonic_rs::to_vec(value).expect("sonic-rs encodes the model");
    assert_same_document(name, "sonic-rs", &sonic, &reference);
    let simd = simd_json::serde::to_vec(value).expect("simd-json encodes the model");
    assert_same_document(name, "simd-json", &simd, &reference);
    let size = expected.len();

    let mut group = common::group(c, name, size, scale);
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
    group.bench_function("sonic_rs::to_vec", |b| {
        b.iter(|| sonic_rs::to_vec(black_box(value)).unwrap())
    });
    group.bench_function("simd_json::serde::to_vec", |b| {
        b.iter(|| simd_json::serde::to_vec(black_box(value)).unwrap())
    });
    group.finish();
}

fn twitter(c: &mut Criterion) {
    encode_group(c, "twitter", &load_twitter(), Scale::Standard);
}

fn citm(c: &mut Criterion) {
    encode_group(c, "citm", &load_citm(), Scale::Standard);
}

fn canada(c: &mut Criterion) {
    encode_group(c, "canada", &load_canada(), Scale::Standard);
}

fn users_20k(c: &mut Criterion) {
    let users = users(common::rows(STANDARD_COUNT));
    encode_group(c, "users_20k", &users, Scale::Standard);
}

fn ts(c: &mut Criterion) {
    encode_group(c, "ts_short", &ts_short(), Scale::Standard);
    encode_group(c, "ts_cjk", &ts_cjk(), Scale::Standard);
    encode_group(c, "ts_ticker", &ts_ticker(), Scale::Standard);
}

fn events_10k(c: &mut Criterion) {
    let log = envelopes(common::rows(events::STANDARD_COUNT));
    encode_group(c, "events_10k", &log, Scale::Standard);
}

/// The user list of dates, ids and decimals at 20,000 and 300,000 rows (time per row must
/// stay flat) and the date-heavy records.
fn dates(c: &mut Criterion) {
    let users = typed_users(common::rows(records::STANDARD_USERS));
    encode_group(c, "typed_users_20k", &users, Scale::Standard);
    let users = typed_users(common::large_users());
    encode_group(c, "typed_users_300k", &users, Scale::Large);
    let rows = dated_records(common::rows(records::STANDARD_RECORDS));
    encode_group(c, "records_10k", &rows, Scale::Standard);
}

fn book_entry(c: &mut Criterion) {
    encode_group(c, "book", &book(), Scale::Standard);
}

/// Each library's own untyped document of each corpus file, encoded back to compact text.
fn values(c: &mut Criterion) {
    for (name, file) in common::CORPUS {
        let input = common::corpus(file);
        let fastwire: fastwire::json::Value =
            fastwire::json::from_slice(&input).expect("fastwire decodes the corpus file");
        let serde_json: serde_json::Value =
            serde_json::from_slice(&input).expect("serde_json decodes the corpus file");
        let sonic: sonic_rs::Value =
            sonic_rs::from_slice(&input).expect("sonic-rs decodes the corpus file");
        let simd = common::simd_json_value(&input);

        let name = format!("{name}/Value");
        let expected = serde_json::to_vec(&serde_json).expect("serde_json encodes its Value");
        // The same document with serde_json's key order, in fastwire's `Value`: the bytes
        // must be serde_json's.
        let sorted: fastwire::json::Value =
            fastwire::json::from_slice(&expected).expect("fastwire reads serde_json's output");
        assert_same_bytes(&name, &fastwire::json::to_vec(&sorted), &expected);
        // Each library's own value, written as it will be timed, is the document.
        let ours = fastwire::json::to_vec(&fastwire);
        assert!(
            fastwire::json::from_slice::<fastwire::json::Value>(&ours).ok()
                == Some(fastwire.clone()),
            "{name}: fastwire does not read its own output back to its Value; not benchmarking"
        );
        let reference = fastwire_value_to_serde_json(&fastwire);
        assert_same_document(&name, "serde_json", &expected, &reference);
        let sonic_out = sonic_rs::to_vec(&sonic).expect("sonic-rs encodes its Value");
        assert_same_document(&name, "sonic-rs", &sonic_out, &reference);
        let simd_out = simd_json::to_vec(&simd).expect("simd-json encodes its Value");
        assert_same_document(&name, "simd-json", &simd_out, &reference);

        let mut group = common::group(c, &name, expected.len(), Scale::Standard);
        group.bench_function("fastwire::to_vec", |b| {
            b.iter(|| fastwire::json::to_vec(black_box(&fastwire)))
        });
        group.bench_function("serde_json::to_vec", |b| {
            b.iter(|| serde_json::to_vec(black_box(&serde_json)).unwrap())
        });
        group.bench_function("sonic_rs::to_vec", |b| {
            b.iter(|| sonic_rs::to_vec(black_box(&sonic)).unwrap())
        });
        group.bench_function("simd_json::to_vec", |b| {
            b.iter(|| simd_json::to_vec(black_box(&simd)).unwrap())
        });
        group.finish();
    }
}

/// Typed values into a `Value` and back, on twitter: `to_value` (fastwire builds the tree
/// directly) and `from_value` from a borrowed value (fastwire through compact text; serde_json
/// through `Deserialize for &Value`, its zero-copy path).
fn value_conversions(c: &mut Criterion) {
    use serde::Deserialize;

    let twitter = load_twitter();
    let ours = fastwire::json::to_value(&twitter);
    let theirs = serde_json::to_value(&twitter).unwrap();
    let text = serde_json::to_vec(&twitter).unwrap();
    // Both trees hold the same document (exactly: no text was parsed), and both convert back
    // to the model.
    assert!(
        compare_values(&fastwire_value_to_serde_json(&ours), &theirs) == Ok(0),
        "twitter_value: fastwire's and serde_json's to_value differ; not benchmarking"
    );
    assert!(
        fastwire::json::from_value::<Twitter>(&ours).ok().as_ref() == Some(&twitter),
        "twitter_value: fastwire's from_value does not give the model back; not benchmarking"
    );
    assert!(
        Twitter::deserialize(&theirs).ok().as_ref() == Some(&twitter),
        "twitter_value: serde_json's from_value does not give the model back; not benchmarking"
    );
    let mut group = common::group(c, "twitter_value", text.len(), Scale::Standard);
    group.bench_function("fastwire::to_value", |b| {
        b.iter(|| fastwire::json::to_value(black_box(&twitter)))
    });
    group.bench_function("serde_json::to_value", |b| {
        b.iter(|| serde_json::to_value(black_box(&twitter)).unwrap())
    });
    group.bench_function("fastwire::from_value", |b| {
        b.iter(|| fastwire::json::from_value::<Twitter>(black_box(&ours)).unwrap())
    });
    group.bench_function("serde_json::from_value", |b| {
        b.iter(|| Twitter::deserialize(black_box(&theirs)).unwrap())
    });
    group.finish();
}

criterion_group! {
    name = json_encode;
    // Short runs: the benchmark machine has two cores and many targets to build.
    config = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = twitter, citm, canada, users_20k, ts, events_10k, dates, book_entry, values,
        value_conversions
}
criterion_main!(json_encode);
