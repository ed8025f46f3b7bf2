//! MessagePack encoding: fastwire against rmp-serde and zerompk, on the json-benchmark corpus
//! models (`twitter`, `citm`, `canada`), 20,000 generated users (`users_20k`) and the three
//! `Ts` structs (`ts_short`, `ts_cjk`, `ts_ticker`), each in map form (`<workload>/map`:
//! fastwire's default, `rmp_serde::to_vec_named`, zerompk's `#[msgpack(map)]`) and in array
//! form (`<workload>/array`: the array-form twins, `#[wire(as_array)]`, `rmp_serde::to_vec`,
//! zerompk's default); and, in map form without zerompk (which cannot express them: see each
//! function), on 10,000 generated log events of tagged enums and flattened members
//! (`events_10k/map`), the user list of dates, ids and decimals at 20,000 and 300,000 rows and
//! 10,000 date-heavy records (`typed_users_20k/map`, `typed_users_300k/map`, `records_10k/map`)
//! and one `Book` (`book/map`: an enum as its integer, a date, nested authors, optional
//! fields).
//!
//! Each of these groups times, on the same typed value:
//! - `fastwire::to_vec`: a new `Vec` per call;
//! - `fastwire::encode_into`: a reused `Vec`, cleared before each call;
//! - `rmp_serde::to_vec`: `to_vec_named` or `to_vec` by form, a new `Vec` per call;
//! - `zerompk::to_msgpack_vec`: a new `Vec` per call;
//! - `zerompk::to_msgpack`: into a reused buffer large enough for the value.
//!
//! The untyped documents: `<file>/Value` (`twitter/Value`, `citm/Value`, `canada/Value`) time
//! encoding each corpus file's document, as rmp-serde writes serde_json's `Value` of it, from
//! `fastwire::msgpack::Value` (`fastwire::to_vec`, `fastwire::encode_into`) and from
//! `rmpv::Value` (`rmpv::write_value` into a new `Vec`), each decoded by that library.
//!
//! Before timing, each group checks that fastwire writes rmp-serde's bytes (for a `Value`: that
//! fastwire and rmpv both write the bytes they decoded) and that zerompk reads its own bytes
//! back to the value. Throughput is the size of rmp-serde's encoding (for zerompk too, whose
//! own encoding is a little longer where it writes nil for `None`s that rmp-serde leaves out).
//!
//! `typed_users_300k/map` takes ten samples (of equal numbers of calls) over ten seconds.
//!
//! `cargo test -p fastwire-benches` (and the workspace's `cargo test`) runs this bench in
//! criterion's test mode: every check, then each benchmark function once. That is a debug
//! build, in which the generated workloads have a tenth of their rows or items (2,000 users,
//! 1,000 events and records) and `typed_users_300k` a hundredth (3,000 rows), so that the run
//! stays quick; the corpus files, the `Ts` structs and the book are whole.
//!
//! Run with `cargo bench -p fastwire-benches --bench msgpack_encode [-- <filter>]`.

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

/// Starts the group `<name>/<form>` for encoding `value` with fastwire and rmp-serde, after
/// checking that fastwire writes rmp-serde's bytes; sampled as `scale` says. Returns the group
/// and the encoding's size.
fn serde_group<'c, T: SerdeModel>(
    c: &'c mut Criterion,
    name: &str,
    form: Form,
    value: &T,
    scale: Scale,
) -> (BenchmarkGroup<'c, WallTime>, usize) {
    let name = format!("{name}/{}", form.name());
    let expected = rmp_encode(form, value);
    assert!(
        fastwire::msgpack::to_vec(value) == expected,
        "{name}: fastwire and rmp-serde disagree; not benchmarking"
    );
    let size = expected.len();

    let mut group = common::group(c, &name, size, scale);
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
    let (mut group, _) = serde_group(c, name, form, value, Scale::Standard);
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
    encode_both(c, "users_20k", &users(common::rows(STANDARD_COUNT)));
}

fn ts(c: &mut Criterion) {
    encode_both(c, "ts_short", &ts_short());
    encode_both(c, "ts_cjk", &ts_cjk());
    encode_both(c, "ts_ticker", &ts_ticker());
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

/// Each corpus file's untyped document, as rmp-serde writes serde_json's `Value` of it, decoded
/// into fastwire's and rmpv's `Value` and encoded back.
fn values(c: &mut Criterion) {
    for (name, file) in common::CORPUS {
        let name = format!("{name}/Value");
        let input = common::corpus_msgpack(file);
        let fastwire: fastwire::msgpack::Value =
            fastwire::msgpack::from_slice(&input).expect("fastwire decodes the document");
        let rmpv = rmpv::decode::read_value(&mut &input[..]).expect("rmpv decodes the document");
        assert!(
            fastwire::msgpack::to_vec(&fastwire) == input,
            "{name}: fastwire does not write the bytes it decoded; not benchmarking"
        );
        let mut theirs = Vec::new();
        rmpv::encode::write_value(&mut theirs, &rmpv).expect("rmpv encodes its Value");
        assert!(
            theirs == input,
            "{name}: rmpv does not write the bytes it decoded; not benchmarking"
        );
        let size = input.len();

        let mut group = common::group(c, &name, size, Scale::Standard);
        group.bench_function("fastwire::to_vec", |b| {
            b.iter(|| fastwire::msgpack::to_vec(black_box(&fastwire)))
        });
        group.bench_function("fastwire::encode_into", |b| {
            let mut buf = Vec::with_capacity(size);
            b.iter(|| {
                buf.clear();
                fastwire::msgpack::encode_into(black_box(&fastwire), &mut buf);
                black_box(buf.len())
            })
        });
        group.bench_function("rmpv::write_value", |b| {
            b.iter(|| {
                let mut buf = Vec::new();
                rmpv::encode::write_value(&mut buf, black_box(&rmpv)).unwrap();
                buf
            })
        });
        group.finish();
    }
}

criterion_group! {
    name = msgpack_encode;
    // Short runs: the benchmark machine has two cores, and there are 22 groups of 3 to 5.
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    targets = twitter, citm, canada, users_20k, ts, events_10k, dates, book_entry, values
}
criterion_main!(msgpack_encode);
