//! The published source of `cargo_metadata` (the version pinned in this crate's
//! build-dependencies), compiled with fastwire's derives added next to serde's and nothing
//! else changed: `build.rs` takes the source cargo downloaded and adds `fastwire::Encode`
//! beside each derived `Serialize` and `fastwire::Decode` beside each derived `Deserialize`.
//! The tests in `tests/` read real `cargo metadata` and `cargo build --message-format json`
//! output with both libraries and compare values and bytes.
//!
//! The types use, as that crate writes them: `transparent` newtypes (one generic over its
//! string type with a hand-written `Deserialize`), an internally tagged enum with a
//! `skip` variant, `other` and per-variant `untagged`, `default` (also naming a function),
//! `skip_serializing_if`, `deserialize_with`, `rename`/`rename_all`, and fields whose types
//! implement only serde's traits (`camino::Utf8PathBuf`, `semver::Version`,
//! `cargo_platform::Platform`, types with hand-written serde impls), which go through the
//! serde bridge with no attribute.

#![allow(missing_docs)]

include!(concat!(env!("OUT_DIR"), "/cargo_metadata/lib.rs"));
