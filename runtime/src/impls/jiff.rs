//! jiff's types, written and read as its serde impls write and read them through serde_json
//! and rmp-serde.
