//! What the four benches share: the corpus files, the sizes of the generated workloads, how a
//! group is started (throughput, and a longer, sparser sampling for the large inputs), the
//! untyped corpus documents each library decodes, simd-json's calls on an immutable input,
//! and the checks that a library's JSON is the expected document.
//!
//! Each bench includes this module with `mod common;` and uses a part of it.

// Each bench uses only some of these items; the others are dead code in that bench.
#![allow(dead_code)]

use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, SamplingMode, Throughput};
use fastwire_benches::oracle::{compare_values, describe_difference, fastwire_value_to_serde_json};
use fastwire_benches::{data, records};
use serde::de::DeserializeOwned;

/// The json-benchmark corpus: each workload's name and its file.
pub const CORPUS: [(&str, &str); 3] = [
    ("twitter", "twitter.json"),
    ("citm", "citm_catalog.json"),
    ("canada", "canada.json"),
];

/// The number of rows or items of a generated workload whose standard size is `n`: `n` in an
/// optimized build, a tenth of it in a debug build. A debug build is the smoke run of
/// `cargo test`, which executes each benchmark once (checks included) and must stay quick; its
/// numbers mean nothing anyway.
pub fn rows(n: usize) -> usize {
    if cfg!(debug_assertions) {
        n / 10
    } else {
        n
    }
}

/// The number of rows of the large user list (`typed_users_300k`): [`records::LARGE_USERS`]
/// in an optimized build, a hundredth of it in a debug build (see [`rows`]).
pub fn large_users() -> usize {
    if cfg!(debug_assertions) {
        records::LARGE_USERS / 100
    } else {
        records::LARGE_USERS
    }
}

/// How a group is sampled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scale {
    /// The bench's configuration as it is.
    Standard,
    /// An input of tens of megabytes (`typed_users_300k`): ten samples of the same number of
    /// calls ([`SamplingMode::Flat`]) over [`LARGE_MEASUREMENT`], so that a call of a tenth of
    /// a second does not make the group take minutes.
    Large,
}

/// The measurement time of a [`Scale::Large`] group.
pub const LARGE_MEASUREMENT: Duration = Duration::from_secs(10);

/// Starts the group `name` whose throughput is `bytes` per call, sampled as `scale` says.
pub fn group<'c>(
    c: &'c mut Criterion,
    name: &str,
    bytes: usize,
    scale: Scale,
) -> BenchmarkGroup<'c, WallTime> {
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Bytes(bytes as u64));
    if scale == Scale::Large {
        group
            .sample_size(10)
            .sampling_mode(SamplingMode::Flat)
            .measurement_time(LARGE_MEASUREMENT);
    }
    group
}

/// The corpus file `file`, as bytes.
pub fn corpus(file: &str) -> Vec<u8> {
    data::read_corpus(file).into_bytes()
}

/// serde_json's untyped document of the corpus file `file` written by rmp-serde with
/// `to_vec_named` (the input of the MessagePack `Value` workloads): maps with the keys in
/// serde_json's (sorted) order, every integer in its smallest form, floats as `float 64`.
pub fn corpus_msgpack(file: &str) -> Vec<u8> {
    let document: serde_json::Value =
        serde_json::from_slice(&corpus(file)).expect("serde_json decodes the corpus file");
    rmp_serde::to_vec_named(&document).expect("rmp-serde encodes a serde_json::Value")
}

/// simd-json's decoding of `input` into a `T` through serde. simd-json parses in place, so it
/// decodes a copy: what a caller holding an immutable input pays. The timed closures call
/// this, the copy included.
pub fn simd_json_from_slice<T: DeserializeOwned>(input: &[u8]) -> T {
    let mut copy = input.to_vec();
    simd_json::serde::from_slice(&mut copy).expect("simd-json decodes the input")
}

/// simd-json's untyped document of `input`, decoded from a copy as [`simd_json_from_slice`]
/// decodes.
pub fn simd_json_value(input: &[u8]) -> simd_json::OwnedValue {
    let mut copy = input.to_vec();
    simd_json::to_owned_value(&mut copy).expect("simd-json decodes the input")
}

/// The document `json` as a `serde_json::Value` (to compare with [`compare_values`]), read by
/// fastwire, whose float parser is correctly rounded: serde_json's can be one ulp off, and
/// reading back a peer's output with it could add an ulp to the one its own parse lost.
/// fastwire's decoder is checked against serde_json's in the decode benches and the oracle
/// tests.
///
/// # Panics
///
/// If `json` is not JSON; the message names the group `name` and the writer `lib`.
pub fn document(name: &str, lib: &str, json: &[u8]) -> serde_json::Value {
    let value: fastwire::json::Value = fastwire::json::from_slice(json)
        .unwrap_or_else(|e| panic!("{name}: {lib}'s output is not JSON ({e}); not benchmarking"));
    fastwire_value_to_serde_json(&value)
}

/// Panics, naming the group `name` and the library `lib`, unless `json` is the document
/// `reference` (see [`document`]): object keys in any order, floats within an ulp. For the
/// peers, whose bytes may differ from serde_json's and still be right.
pub fn assert_same_document(name: &str, lib: &str, json: &[u8], reference: &serde_json::Value) {
    if let Err(difference) = compare_values(&document(name, lib, json), reference) {
        panic!(
            "{name}: {lib}'s output differs from the expected document at {difference}; \
             not benchmarking"
        );
    }
}

/// Panics, naming the group `name`, unless `fastwire` and `serde_json` (what each library
/// wrote) are the same bytes; the message shows where they differ.
pub fn assert_same_bytes(name: &str, fastwire: &[u8], serde_json: &[u8]) {
    if let Some(difference) =
        describe_difference(name, ("fastwire", fastwire), ("serde_json", serde_json))
    {
        panic!("{difference}\nfastwire and serde_json disagree; not benchmarking");
    }
}
