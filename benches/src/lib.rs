//! Benchmark models, data and checks for fastwire: typed models of the json-benchmark corpus
//! (`twitter.json`, `citm_catalog.json`, `canada.json`), a generated list of users, three small
//! structs ([`ts`]), a generated event log of tagged enums and flattened members ([`events`]),
//! and the helpers that compare fastwire's results with serde_json's and
//! rmp-serde's.
//!
//! Every model is declared with [`models!`], which derives `serde::Serialize`,
//! `serde::Deserialize`, `fastwire::Encode`, `fastwire::Decode`, zerompk's `ToMessagePack` and
//! `FromMessagePack` and simd-json-derive's `Serialize` and `Deserialize` with the same field
//! names, so fastwire, serde_json, sonic-rs, simd-json and rmp-serde (which use serde's traits),
//! zerompk and simd-json-derive can be checked against each other and timed on the same types;
//! and which declares beside each model an array-form twin (`twitter::array::Twitter`, ...)
//! for MessagePack's array form ([`twin`]). The event log, the records and the [`book`] are
//! the exceptions: zerompk and simd-json-derive cannot express their enums, `flatten` and
//! domain types, so they derive serde's and fastwire's traits only.
//!
//! [`handwritten`] holds the speed-of-light reference of the comparisons: encoders and decoders
//! written by hand for the user list and the three small structs, in JSON and MessagePack.
//!
//! Besides this library the crate holds:
//! - the `compare` binary, the project's main job: every workload in both formats with
//!   fastwire and its peers side by side in one process (JSON: serde_json, sonic-rs,
//!   simd-json; MessagePack: rmp-serde in both forms, zerompk, rmpv; the hand-written
//!   reference; Python's libraries with `--python`), after checking that fastwire's bytes and
//!   values equal serde_json's and rmp-serde's; it prints per workload each library's times,
//!   MB/s, allocations, output size and Pass Test, the ratios, and writes a report and a chart
//!   (`cargo run --release -p fastwire-benches --bin compare -- --help`);
//! - criterion benches `json_encode`, `json_decode`, `msgpack_encode` and `msgpack_decode`
//!   on the same workloads (`cargo bench -p fastwire-benches --bench msgpack_decode`), which
//!   `cargo test` runs once each as a smoke test;
//! - `compile-time/compare.py`, the compile time of fastwire's derives against serde's;
//! - the oracle test `tests/models.rs` (`cargo test -p fastwire-benches`);
//! - the examples `users` (encoding 20,000 users, fastwire against serde_json) and
//!   `msgpack_profile` (one MessagePack workload, one library, N times: a driver for
//!   profilers such as callgrind).
//!
//! serde_json is used with its `float_roundtrip` feature, so that it reads floats correctly
//! rounded, as fastwire does (without it, its round trip of `canada.json` brings 2,743 floats
//! back one ulp off). [`oracle`] still compares decoded values with a one-ulp tolerance on
//! floats where serde_json parsed them, for builds without the feature; encoded bytes are
//! always compared exactly. MessagePack floats are binary, so those comparisons are exact
//! throughout.
//!
//! The corpus is read from `../../shared/data/json-benchmark/` relative to this crate's
//! manifest directory; it is not part of the repository.

pub mod book;
pub mod canada;
pub mod citm;
pub mod data;
pub mod events;
pub mod handwritten;
pub mod msgpack;
pub mod msgpack_diff;
pub mod oracle;
pub mod records;
pub mod ts;
pub mod twin;
pub mod twitter;
pub mod users;

pub use canada::{load_canada, Canada};
pub use citm::{load_citm, CitmCatalog};
pub use events::{envelopes, Envelope};
pub use twitter::{load_twitter, Twitter};
pub use users::{users, User};
