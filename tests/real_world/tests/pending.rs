//! Real types in their original form, which the adapted copies in `src/` change where fastwire
//! could not compile them: each file of `pending/` must compile (and run its empty `main`).

#[test]
fn originals_compile() {
    let cases = trybuild::TestCases::new();
    // Fields whose types implement only serde's traits (camino, semver, cargo-platform,
    // chrono), through the serde bridge.
    cases.pass("pending/serde_only_field_types.rs");
    // `#[serde(other)]` on an externally tagged enum; `deserialize_with`.
    cases.pass("pending/dependency_kind.rs");
    // A `#[serde(skip)]` variant.
    cases.pass("pending/message_text_line.rs");
    // `deserialize_with` on a flattened field.
    cases.pass("pending/openapi_extensions.rs");
    // `#[serde(flatten)]` on a `serde_json::Value` and on a `serde_json::Map`.
    cases.pass("pending/dynamic_object.rs");
}
