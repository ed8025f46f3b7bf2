//! The serde bridge's attributes with fastwire's `serde` feature off: each case fails to
//! compile with a message on the user's attribute that says how to turn the feature on (or
//! which fastwire-native attribute to use instead). After an intended change to a message,
//! run with `TRYBUILD=overwrite` and review the new `.stderr` files.

#[test]
fn ui() {
    let cases = trybuild::TestCases::new();
    cases.compile_fail("ui/*.rs");
}
