//! MessagePack decoding: fastwire against rmp-serde and zerompk, on the json-benchmark corpus
//! models (`twitter`, `citm`, `canada`), 20,000 generated users (`users_20k`) and the three
//! `Ts` structs (`ts_short`, `ts_cjk`, `ts_ticker`), each in map form (`<workload>/map`) and in
//! array form (`<workload>/array`, the array-form twins), and on 10,000 generated log events of
//! tagged enums and flattened members (`events_10k/map`: no array form, no zerompk); see the
//! `msgpack_encode` bench.
//!
//! Each group times decoding into the typed value:
//! - `fastwire::from_slice` and `rmp_serde::from_slice`, of rmp-serde's encoding (fastwire's is
//!   the same);
//! - `fastwire::from_reader`, the same bytes through a `&[u8]`;
//! - `zerompk::from_msgpack`, of zerompk's own encoding (which differs in places: other integer
//!   forms, nil for `None`s that rmp-serde leaves out).
//!
//! Before timing, each group checks that every decoding equals the original value. Throughput
//! is the size of rmp-serde's encoding, for all three libraries. Run with
//! `cargo bench -p fastwire-benches --bench msgpack_decode [-- <filter>]`.

use std::hint::black_box;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use fastwire_benches::msgpack::{rmp_encode, Form, Model, SerdeModel};
use fastwire_benches::records::{self, dated_records, typed_users};
use fastwire_benches::ts::{ts_cjk, ts_short, ts_ticker};
use fastwire_benches::twin::ArrayTwin;
use fastwire_benches::{envelopes, events};
use fastwire_benches::{load_canada, load_citm, load_twitter, users, users::STANDARD_COUNT};

/// Starts the group `<name>/<form>` for decoding rmp-serde's encoding of `value` with
/// fastwire (from a slice and from a reader) and rmp-serde, after checking that each decodes
/// it to `value`. Returns the group and the input.
fn serde_group<'c, T: SerdeModel>(
    c: &'c mut Criterion,
    name: &str,
    form: Form,
    value: &T,
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

    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Bytes(input.len() as u64));
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
    let (mut group, _) = serde_group(c, name, form, value);
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
    decode_both(c, "users_20k", &users(STANDARD_COUNT));
}

fn ts(c: &mut Criterion) {
    decode_both(c, "ts_short", &ts_short());
    decode_both(c, "ts_cjk", &ts_cjk());
    decode_both(c, "ts_ticker", &ts_ticker());
}

/// Map form only, and no zerompk: see `fastwire_benches::events`.
fn events_10k(c: &mut Criterion) {
    let log = envelopes(events::STANDARD_COUNT);
    serde_group(c, "events_10k", Form::Map, &log).0.finish();
}

/// The user list of dates, ids and decimals at 20,000 and 300,000 rows (time per row must
/// stay flat) and the date-heavy records: map form only, and no zerompk, which has no impls
/// for chrono, uuid and rust_decimal types.
fn dates(c: &mut Criterion) {
    let users = typed_users(records::STANDARD_USERS);
    serde_group(c, "typed_users_20k", Form::Map, &users)
        .0
        .finish();
    let users = typed_users(records::LARGE_USERS);
    serde_group(c, "typed_users_300k", Form::Map, &users)
        .0
        .finish();
    let rows = dated_records(records::STANDARD_RECORDS);
    serde_group(c, "records_10k", Form::Map, &rows).0.finish();
}

criterion_group! {
    name = msgpack_decode;
    // Short runs: the benchmark machine has two cores, and there are 15 groups of 3 or 4.
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    targets = twitter, citm, canada, users_20k, ts, events_10k, dates
}
criterion_main!(msgpack_decode);
