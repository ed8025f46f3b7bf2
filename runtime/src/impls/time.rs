//! The `time` crate's types, written and read as its serde impls (with `serde-human-readable`)
//! write and read them through serde_json and rmp-serde.
