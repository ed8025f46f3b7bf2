//! MessagePack decoding: fastwire against rmp-serde and zerompk, on the json-benchmark corpus
//! models (`twitter`, `citm`, `canada`), 20,000 generated users (`users_20k`) and the three
//! `Ts` structs (`ts_short`, `ts_cjk`, `ts_ticker`), each in map form (`<workload>/map`) and in
//! array form (`<workload>/array`, the array-form twins); and, in map form without zerompk, on
//! 10,000 generated log events of tagged enums and flattened members (`events_10k/map`), the
//! user list of dates, ids and decimals at 20,000 and 300,000 rows and 10,000 date-heavy
//! records (`typed_users_20k/map`, `typed_users_300k/map`, `records_10k/map`) and one `Book`
//! (`book/map`); see the `msgpack_encode` bench.
//!
//! Each of these groups times decoding into the typed value:
//! - `fastwire::from_slice` and `rmp_serde::from_slice`, of rmp-serde's encoding (fastwire's is
//!   the same);
//! - `fastwire::from_reader`, the same bytes through a `&[u8]`;
//! - `zerompk::from_msgpack`, of zerompk's own encoding (which differs in places: other integer
//!   forms, nil for `None`s that rmp-serde leaves out).
//!
//! The untyped documents: `<file>/Value` (`twitter/Value`, `citm/Value`, `canada/Value`) time
//! decoding each corpus file's document, as rmp-serde writes serde_json's `Value` of it, into
//! `fastwire::msgpack::Value` (`fastwire::from_slice`, `fastwire::from_reader`) and into
//! `rmpv::Value` (`rmpv::read_value`).
//!
//! Before timing, each group checks that every decoding equals the original value (for a
//! `Value`: that each library's decoding writes the input back, byte for byte). Throughput is
//! the size of rmp-serde's encoding, for all three libraries.
//!
//! `typed_users_300k/map` takes ten samples (of equal numbers of calls) over ten seconds.
//!
//! `cargo test -p fastwire-benches` (and the workspace's `cargo test`) runs this bench in
//! criterion's test mode: every check, then each benchmark function once. That is a debug
//! build, in which the generated workloads have a tenth of their rows or items (2,000 users,
//! 1,000 events and records) and `typed_users_300k` a hundredth (3,000 rows), so that the run
//! stays quick; the corpus files, the `Ts` structs and the book are whole.
//!
//! Run with `cargo bench -p fastwire-benches --bench msgpack_decode [-- <filter>]`.

mod common;

use std::hint::black_box;
use std::time::Duration;

use common::Scale;
use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion};
use fastwire_benches::book::book;
use fastwire_benches::msgpack::{rmp_encode, Form, Model, SerdeModel};
use fastwire_benches::records::{self, dated_records, typed_users};
use fastwire_benches::ts::{ts_cjk, ts_short, ts_ticker};
use fastwire_benches::twin::ArrayTwin;
use fastwire_benches::{envelopes, events};
use fastwire_benches::{load_canada, load_citm, load_twitter, users, users::STANDARD_COUNT};

/// Starts the group `<name>/<form>` for decoding rmp-serde's encoding of `value` with
/// fastwire (from a slice and from a reader) and rmp-serde, after checking that each decodes
/// it to `value`; sampled as `scale` says. Returns the group and the input.
fn serde_group<'c, T: SerdeModel>(
    c: &'c mut Criterion,
    name: &str,
    form: Form,
    value: &T,
    scale: Scale,
) -> (BenchmarkGroup<'c, WallTime>, Vec<u8>) {
    let name = format!("{name}/{}", form.name());
    let input = rmp_encode(form, value);
    let decodings = [
        fastwire::msgpack::from_slice::<T>(&input).ok(),
        fastwire::msgpack::from_reader::<_, T>(&input[..]).ok(),
        rmp_serde::from_slice::<T>(&input).ok(),
    ];
    for (decoding, lib) in decodings
        .iter()
        .zip(["fastwire", "fastwire's from_reader", "rmp-serde"])
    {
        assert!(
            decoding.as_ref() == Some(value),
            "{name}: {lib}'s decoding differs from the value; not benchmarking"
        );
    }

    let mut group = common::group(c, &name, input.len(), scale);
    let bytes = &input[..];
    group.bench_function("fastwire::from_slice", |b| {
        b.iter(|| fastwire::msgpack::from_slice::<T>(black_box(bytes)).unwrap())
    });
    group.bench_function("fastwire::from_reader", |b| {
        b.iter(|| fastwire::msgpack::from_reader::<_, T>(black_box(bytes)).unwrap())
    });
    group.bench_function("rmp_serde::from_slice", |b| {
        b.iter(|| rmp_serde::from_slice::<T>(black_box(bytes)).unwrap())
    });
    (group, input)
}

/// The group of [`serde_group`] plus zerompk, decoding its own encoding.
fn decode_group<T: Model>(c: &mut Criterion, name: &str, form: Form, value: &T) {
    let theirs = zerompk::to_msgpack_vec(value).expect("zerompk encodes the model");
    assert!(
        zerompk::from_msgpack::<T>(&theirs).ok().as_ref() == Some(value),
        "{name}/{}: zerompk's decoding differs from the value; not benchmarking",
        form.name()
    );
    let (mut group, _) = serde_group(c, name, form, value, Scale::Standard);
    let theirs = &theirs[..];
    group.bench_function("zerompk::from_msgpack", |b| {
        b.iter(|| zerompk::from_msgpack::<T>(black_box(theirs)).unwrap())
    });
    group.finish();
}

/// Both forms: `value` in map form, its twin in array form.
fn decode_both<T>(c: &mut Criterion, name: &str, value: &T)
where
    T: Model + ArrayTwin,
    T::Twin: Model,
{
    decode_group(c, name, Form::Map, value);
    decode_group(c, name, Form::Array, &value.to_twin());
}

fn twitter(c: &mut Criterion) {
    decode_both(c, "twitter", &load_twitter());
}

fn citm(c: &mut Criterion) {
    decode_both(c, "citm", &load_citm());
}

fn canada(c: &mut Criterion) {
    decode_both(c, "canada", &load_canada());
}

fn users_20k(c: &mut Criterion) {
    decode_both(c, "users_20k", &users(common::rows(STANDARD_COUNT)));
}

fn ts(c: &mut Criterion) {
    decode_both(c, "ts_short", &ts_short());
    decode_both(c, "ts_cjk", &ts_cjk());
    decode_both(c, "ts_ticker", &ts_ticker());
}

/// Map form only, and no zerompk: see `fastwire_benches::events`.
fn events_10k(c: &mut Criterion) {
    let log = envelopes(common::rows(events::STANDARD_COUNT));
    map_only(c, "events_10k", &log, Scale::Standard);
}

/// The group of [`serde_group`] in map form, for a type zerompk cannot express.
fn map_only<T: SerdeModel>(c: &mut Criterion, name: &str, value: &T, scale: Scale) {
    serde_group(c, name, Form::Map, value, scale).0.finish();
}

/// The user list of dates, ids and decimals at 20,000 and 300,000 rows (time per row must
/// stay flat) and the date-heavy records: map form only, and no zerompk, which has no impls
/// for chrono, uuid and rust_decimal types.
fn dates(c: &mut Criterion) {
    let users = typed_users(common::rows(records::STANDARD_USERS));
    map_only(c, "typed_users_20k", &users, Scale::Standard);
    let users = typed_users(common::large_users());
    map_only(c, "typed_users_300k", &users, Scale::Large);
    let rows = dated_records(common::rows(records::STANDARD_RECORDS));
    map_only(c, "records_10k", &rows, Scale::Standard);
}

/// Map form only, and no zerompk, which has no impls for chrono's types (and no enum as its
/// integer).
fn book_entry(c: &mut Criterion) {
    map_only(c, "book", &book(), Scale::Standard);
}

/// Each corpus file's untyped document, as rmp-serde writes serde_json's `Value` of it, into
/// fastwire's and rmpv's `Value`.
fn values(c: &mut Criterion) {
    for (name, file) in common::CORPUS {
        let name = format!("{name}/Value");
        let input = common::corpus_msgpack(file);
        let fastwire: fastwire::msgpack::Value =
            fastwire::msgpack::from_slice(&input).expect("fastwire decodes the document");
        let from_reader: fastwire::msgpack::Value =
            fastwire::msgpack::from_reader(&input[..]).expect("fastwire reads the document");
        let rmpv = rmpv::decode::read_value(&mut &input[..]).expect("rmpv decodes the document");
        // MessagePack has one smallest encoding of a value, and rmp-serde wrote that: a
        // decoding that writes the input back holds the document.
        assert!(
            fastwire::msgpack::to_vec(&fastwire) == input && from_reader == fastwire,
            "{name}: fastwire's Value does not write the input back; not benchmarking"
        );
        let mut theirs = Vec::new();
        rmpv::encode::write_value(&mut theirs, &rmpv).expect("rmpv encodes its Value");
        assert!(
            theirs == input,
            "{name}: rmpv's Value does not write the input back; not benchmarking"
        );

        let mut group = common::group(c, &name, input.len(), Scale::Standard);
        let bytes = &input[..];
        group.bench_function("fastwire::from_slice", |b| {
            b.iter(|| {
                fastwire::msgpack::from_slice::<fastwire::msgpack::Value>(black_box(bytes)).unwrap()
            })
        });
        group.bench_function("fastwire::from_reader", |b| {
            b.iter(|| {
                fastwire::msgpack::from_reader::<_, fastwire::msgpack::Value>(black_box(bytes))
                    .unwrap()
            })
        });
        group.bench_function("rmpv::read_value", |b| {
            b.iter(|| rmpv::decode::read_value(&mut black_box(bytes)).unwrap())
        });
        group.finish();
    }
}

criterion_group! {
    name = msgpack_decode;
    // Short runs: the benchmark machine has two cores, and there are 22 groups of 3 or 4.
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    targets = twitter, citm, canada, users_20k, ts, events_10k, dates, book_entry, values
}
criterion_main!(msgpack_decode);
