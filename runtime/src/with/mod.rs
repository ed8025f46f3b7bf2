//! Per-field encodings as fastwire-native `with` modules, for
//! `#[wire(with = "fastwire::with::...")]`: each holds a `json` and a `msgpack` module with
//! `encode` and `decode` functions over fastwire's writers and readers (no serde, no bridge).
//! Where a serde counterpart exists, the bytes and the accepted inputs are that counterpart's.

#[cfg(feature = "chrono")]
pub mod chrono;
