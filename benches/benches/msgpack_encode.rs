//! MessagePack encoding: fastwire against rmp-serde and zerompk, on the json-benchmark corpus
//! models (`twitter`, `citm`, `canada`), 20,000 generated users (`users_20k`) and the three
//! `Ts` structs (`ts_short`, `ts_cjk`, `ts_ticker`), each in map form (`<workload>/map`:
//! fastwire's default, `rmp_serde::to_vec_named`, zerompk's `#[msgpack(map)]`) and in array
//! form (`<workload>/array`: the array-form twins, `#[wire(as_array)]`, `rmp_serde::to_vec`,
//! zerompk's default); and on 10,000 generated log events of tagged enums and flattened
//! members (`events_10k/map`: no array form, no zerompk, which cannot express them).
//!
//! Each group times, on the same typed value:
//! - `fastwire::to_vec`: a new `Vec` per call;
//! - `fastwire::encode_into`: a reused `Vec`, cleared before each call;
//! - `rmp_serde::to_vec`: `to_vec_named` or `to_vec` by form, a new `Vec` per call;
//! - `zerompk::to_msgpack_vec`: a new `Vec` per call;
//! - `zerompk::to_msgpack`: into a reused buffer large enough for the value.
//!
//! Before timing, each group checks that fastwire writes rmp-serde's bytes and that zerompk
//! reads its own bytes back to the value. Throughput is the size of rmp-serde's encoding (for
//! zerompk too, whose own encoding is a little longer where it writes nil for `None`s that
//! rmp-serde leaves out). Run with
//! `cargo bench -p fastwire-benches --bench msgpack_encode [-- <filter>]`.

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

/// Starts the group `<name>/<form>` for encoding `value` with fastwire and rmp-serde, after
/// checking that fastwire writes rmp-serde's bytes. Returns the group and the encoding's size.
fn serde_group<'c, T: SerdeModel>(
    c: &'c mut Criterion,
    name: &str,
    form: Form,
    value: &T,
) -> (BenchmarkGroup<'c, WallTime>, usize) {
    let name = format!("{name}/{}", form.name());
    let expected = rmp_encode(form, value);
    assert!(
        fastwire::msgpack::to_vec(value) == expected,
        "{name}: fastwire and rmp-serde disagree; not benchmarking"
    );
    let size = expected.len();

    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Bytes(size as u64));
    group.bench_function("fastwire::to_vec", |b| {
        b.iter(|| fastwire::msgpack::to_vec(black_box(value)))
    });
    group.bench_function("fastwire::encode_into", |b| {
        let mut buf = Vec::with_capacity(size);
        b.iter(|| {
            buf.clear();
            fastwire::msgpack::encode_into(black_box(value), &mut buf);
            black_box(buf.len())
        })
    });
    group.bench_function("rmp_serde::to_vec", |b| {
        b.iter(|| rmp_encode(form, black_box(value)))
    });
    (group, size)
}

/// The group of [`serde_group`] plus zerompk, after checking that it reads its own bytes back
/// to the value.
fn encode_group<T: Model>(c: &mut Criterion, name: &str, form: Form, value: &T) {
    let theirs = zerompk::to_msgpack_vec(value).expect("zerompk encodes the model");
    assert!(
        zerompk::from_msgpack::<T>(&theirs).expect("zerompk decodes its bytes") == *value,
        "{name}/{}: zerompk's round trip changes the value; not benchmarking",
        form.name()
    );
    let (mut group, _) = serde_group(c, name, form, value);
    group.bench_function("zerompk::to_msgpack_vec", |b| {
        b.iter(|| zerompk::to_msgpack_vec(black_box(value)).unwrap())
    });
    group.bench_function("zerompk::to_msgpack", |b| {
        let mut buf = vec![0; theirs.len()];
        b.iter(|| zerompk::to_msgpack(black_box(value), &mut buf).unwrap())
    });
    group.finish();
}

/// Both forms: `value` in map form, its twin in array form.
fn encode_both<T>(c: &mut Criterion, name: &str, value: &T)
where
    T: Model + ArrayTwin,
    T::Twin: Model,
{
    encode_group(c, name, Form::Map, value);
    encode_group(c, name, Form::Array, &value.to_twin());
}

fn twitter(c: &mut Criterion) {
    encode_both(c, "twitter", &load_twitter());
}

fn citm(c: &mut Criterion) {
    encode_both(c, "citm", &load_citm());
}

fn canada(c: &mut Criterion) {
    encode_both(c, "canada", &load_canada());
}

fn users_20k(c: &mut Criterion) {
    encode_both(c, "users_20k", &users(STANDARD_COUNT));
}

fn ts(c: &mut Criterion) {
    encode_both(c, "ts_short", &ts_short());
    encode_both(c, "ts_cjk", &ts_cjk());
    encode_both(c, "ts_ticker", &ts_ticker());
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
    name = msgpack_encode;
    // Short runs: the benchmark machine has two cores, and there are 15 groups of 3 or 5.
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    targets = twitter, citm, canada, users_20k, ts, events_10k, dates
}
criterion_main!(msgpack_encode);
