//! Benchmark models, data and checks for fastwire: typed models of the json-benchmark corpus
//! (`twitter.json`, `citm_catalog.json`, `canada.json`), a generated list of users, and the
//! helpers that compare fastwire's results with serde_json's.
//!
//! Every model derives `serde::Serialize`, `serde::Deserialize`, `fastwire::Encode` and
//! `fastwire::Decode` with the same `#[serde(...)]` attributes, so fastwire, serde_json and
//! sonic-rs (which uses serde's traits) can be checked against each other and timed on the
//! same types.
//!
//! Besides this library the crate holds:
//! - the `compare` binary, the project's main benchmark: encodes and decodes every workload
//!   with fastwire, serde_json and sonic-rs in one process, after checking that fastwire's
//!   bytes and values equal serde_json's, and prints a markdown table of throughputs and ratios
//!   (`cargo run --release -p fastwire-benches --bin compare [-- [--quick] [RUNS]]`);
//! - criterion benches `json_encode` and `json_decode`
//!   (`cargo bench -p fastwire-benches --bench json_decode`);
//! - the oracle test `tests/models.rs` (`cargo test -p fastwire-benches`);
//! - the example `users` (encoding 20,000 users, fastwire against serde_json).
//!
//! serde_json is used with its default features: no `float_roundtrip`, which would slow its
//! decoder down. Its default float parser is not correctly rounded (it can be one ulp off), so
//! [`oracle`] compares decoded values with a one-ulp tolerance on floats where serde_json
//! parsed them; encoded bytes are always compared exactly.
//!
//! The corpus is read from `../../shared/data/json-benchmark/` relative to this crate's
//! manifest directory; it is not part of the repository.

pub mod canada;
pub mod citm;
pub mod data;
pub mod oracle;
pub mod twitter;
pub mod users;

pub use canada::{load_canada, Canada};
pub use citm::{load_citm, CitmCatalog};
pub use twitter::{load_twitter, Twitter};
pub use users::{users, User};
