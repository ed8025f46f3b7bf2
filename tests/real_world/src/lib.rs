//! The serde types of popular crates, with their attributes as those crates write them and
//! fastwire's derives next to serde's, to check that fastwire compiles them and agrees with
//! serde_json and rmp-serde on realistic documents (the tests are in `tests/`).
//!
//! Each module names the crate and version it mirrors. Where an attribute is still
//! simplified, the module says what it changed; the original form is kept in `pending/`
//! and compiled by `tests/pending.rs`.

#![allow(missing_docs)]

pub mod cargo_metadata;
pub mod github;
pub mod kubernetes;
pub mod lsp;
pub mod openapi;
