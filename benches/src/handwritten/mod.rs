//! Hand-written encoders and decoders for the user list ([`TypedUser`](crate::records::TypedUser))
//! and the three [`ts`](crate::ts) structs, in JSON and MessagePack: the speed-of-light
//! reference of the comparisons, the code a careful person writes by hand for one known shape.
//!
//! What they do:
//! - encoders write literal, pre-punctuated keys (`{"Id":"`, `","RegDate":"`, the MessagePack
//!   key with its `fixstr` header), integers with `itoa`, floats with `zmij`, strings through a
//!   tight escape loop that scans sixteen bytes at a time, a [`Uuid`](uuid::Uuid) hyphenated in
//!   lower case, a [`NaiveDate`](chrono::NaiveDate) from its digits and a
//!   [`Decimal`](rust_decimal::Decimal) from its mantissa and scale. Their output equals
//!   `serde_json::to_vec` and `rmp_serde::to_vec_named` byte for byte. They reserve the
//!   output's capacity up front and cannot fail.
//! - decoders are complete parsers of their shape: JSON whitespace anywhere, every string
//!   escape (`\uXXXX` with surrogate pairs included), UTF-8 validated, integers checked for
//!   overflow, floats correctly rounded (the exact cases by one multiplication or division, the
//!   rest by the standard library's parser), trailing bytes rejected; MessagePack integers in any
//!   width that holds the value, strings, binaries, arrays and maps with any header width,
//!   and no allocation sized by a length prefix the remaining input cannot hold. Malformed,
//!   truncated or hostile input is an [`Error`] with the byte offset where decoding stopped;
//!   never a panic.
//!
//! What they deliberately do not do: fields must come in the declared order, each key
//! written literally (a JSON key spelled with escapes is a mismatch); unknown and missing
//! fields are errors; there are no options (no pretty printing, no MessagePack array form,
//! no other representations of a field's type, such as a `Decimal` written as a JSON number
//! or a `Uuid` without hyphens). That is the hand-written contract: the wire format as these
//! types' serde impls write it, and nothing more.

use std::fmt;

pub mod json;
pub mod msgpack;
mod text;

/// Why decoding failed, and the byte offset in the input where it did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    offset: usize,
    message: &'static str,
}

impl Error {
    fn new(offset: usize, message: &'static str) -> Error {
        Error { offset, message }
    }

    /// The byte offset in the input where decoding stopped.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// What was wrong there.
    pub fn message(&self) -> &'static str {
        self.message
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}", self.message, self.offset)
    }
}

impl std::error::Error for Error {}
