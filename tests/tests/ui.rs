//! Compile errors are part of the product: each misuse of the derives fails to compile with
//! a message on the user's own tokens. Cases live in `tests/ui/<topic>/`; after an intended
//! change to a message, run with `TRYBUILD=overwrite` and review the new `.stderr` files.

#[test]
fn ui() {
    let cases = trybuild::TestCases::new();
    cases.compile_fail("ui/*/*.rs");
}
