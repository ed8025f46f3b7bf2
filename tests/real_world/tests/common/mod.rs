//! Checks shared by the tests of this crate.

use std::fmt::Debug;

use serde::de::DeserializeOwned;
use serde::Serialize;

/// Reads `text` with fastwire and with serde_json, asserts that both agree (on the value, or
/// on rejecting it), and returns the value; then checks that fastwire writes serde's bytes
/// for it (JSON compact and pretty, MessagePack as `rmp_serde::to_vec_named`) and reads
/// serde's documents back to it.
#[track_caller]
pub fn check_document<T>(text: &str) -> T
where
    T: Serialize
        + DeserializeOwned
        + fastwire_tests::EncodeAll
        + fastwire_tests::DecodeOwnedAll
        + PartialEq
        + Debug,
{
    let value = fastwire_tests::assert_decodes_same::<T>(text)
        .unwrap_or_else(|e| panic!("serde_json rejects the sample: {e}\n{text}"));
    fastwire_tests::assert_same_round_trip(&value);
    value
}

/// [`check_document`] for large documents: the cheaper entry points only.
#[track_caller]
#[allow(dead_code)]
pub fn check_large_document<T>(text: &str) -> T
where
    T: Serialize
        + DeserializeOwned
        + fastwire_tests::EncodeAll
        + fastwire_tests::DecodeOwnedAll
        + PartialEq
        + Debug,
{
    let theirs: T = serde_json::from_str(text).expect("serde_json reads the sample");
    let ours: T = fastwire::json::from_str(text).expect("fastwire reads the sample");
    assert_eq!(
        ours, theirs,
        "fastwire and serde_json read the sample differently"
    );
    fastwire_tests::assert_same_quick(&theirs, 4096);
    fastwire_tests::assert_round_trip_quick(&theirs);
    theirs
}

/// Asserts that fastwire and serde_json both reject `text` as a `T`.
#[track_caller]
#[allow(dead_code)]
pub fn check_rejected<T>(text: &str)
where
    T: DeserializeOwned + fastwire::json::DecodeOwned + PartialEq + Debug,
{
    let theirs = fastwire_tests::assert_decodes_same::<T>(text);
    assert!(theirs.is_err(), "serde_json accepts {text}");
}
