//! Compile errors of fastwire built without its `serde` feature (see `tests/ui.rs`): a field
//! that can only go through the serde bridge fails with a message that says to enable it.
