//! fastwire: JSON and MessagePack encoders written at compile time for each of your types.
//!
//! `#[derive(fastwire::Encode)]` reads the `#[serde(...)]` attributes a type already carries and
//! writes an encoder specialised for it: keys are escaped and framed with their punctuation at
//! compile time, output is reserved once per bounded value, and strings are scanned many bytes
//! at a time. The bytes are the ones serde_json writes for the same type.
//!
//! ```
//! use fastwire::Encode;
//!
//! #[derive(Encode)]
//! #[serde(rename_all = "camelCase")]
//! struct Row {
//!     row_id: u32,
//!     label: String,
//!     #[serde(skip)]
//!     cache: Vec<u8>,
//! }
//!
//! let row = Row { row_id: 1, label: "first".into(), cache: vec![] };
//! assert_eq!(fastwire::json::to_string(&row), r#"{"rowId":1,"label":"first"}"#);
//! ```
//!
//! # Attributes
//!
//! `#[serde(...)]` is read with serde's vocabulary and meaning; `#[wire(...)]` takes the same
//! words and wins where both speak to the same thing. Supported today:
//!
//! | on | attribute |
//! |---|---|
//! | container | `rename = "..."`, `rename_all = "..."` (every serde case style; also `rename_all(serialize = "...")`), `rename_all_fields = "..."` (enums), `transparent`, `bound = "..."`, `crate = "..."` |
//! | variant | `rename`, `rename_all`, `skip` / `skip_serializing` is rejected (fastwire's encoding cannot fail) |
//! | field | `rename`, `skip`, `skip_serializing`, `skip_serializing_if = "path"`, `bound = "..."` |
//!
//! Any other serde attribute is a compile error on that attribute, never silently ignored.
//! Enums use serde's default, externally tagged representation.
//!
//! # Cargo features
//!
//! - `derive` (default): re-exports the [`Encode`] derive.
//! - `json` (default): the [`json`](mod@json) module.
//! - `msgpack` (default): reserved for the MessagePack format, which later releases fill in.

#[cfg(feature = "json")]
pub mod json;

/// Derives the encode trait of every enabled format ([`json::Encode`] today).
///
/// See the [crate documentation](crate) for the attributes it reads.
#[cfg(feature = "derive")]
pub use fastwire_derive::Encode;

/// Derives the decode trait of every enabled format ([`json::Decode`] today).
///
/// See the [crate documentation](crate) for the attributes it reads.
#[cfg(feature = "derive")]
pub use fastwire_derive::Decode;

/// Items used by code that `#[derive(Encode)]` generates. Not public API.
#[doc(hidden)]
pub mod __private {
    pub use core::default::Default;
    pub use core::option::Option::{self, None, Some};
    pub use core::primitive::{bool, str, u8, usize};
    pub use core::result::Result::{self, Err, Ok};
    pub use std::string::String;

    /// An owned copy of `text` (generated code cannot count on `From` being in scope).
    #[inline]
    pub fn string_from(text: &str) -> String {
        String::from(text)
    }
}

/// Keeps its input when the `json` format is enabled (used by generated code).
#[cfg(feature = "json")]
#[doc(hidden)]
#[macro_export]
macro_rules! __if_json {
    ($($tokens:tt)*) => { $($tokens)* };
}

/// Drops its input when the `json` format is disabled (used by generated code).
#[cfg(not(feature = "json"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __if_json {
    ($($tokens:tt)*) => {};
}

/// The README's examples, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
struct ReadmeDoctests;
