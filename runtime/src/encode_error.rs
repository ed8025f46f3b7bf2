//! [`EncodeError`]: why a value could not be encoded, recorded by a writer's `fail` and
//! reported by the `try_*` functions of every format.

use std::fmt;
use std::io;

/// Why a value could not be encoded, in any format: the message of the first failure an
/// encoder recorded with [`json::Writer::fail`](crate::json::Writer::fail) or
/// [`msgpack::Writer::fail`](crate::msgpack::Writer::fail).
///
/// fastwire's own impls fail only where serde's do for the same value: a `Path` that is not
/// UTF-8. Everything else that fails comes from outside: a `Serialize` impl reached through
/// the serde bridge (serde_json refuses map keys that are not strings, numbers or booleans; an
/// impl may return a custom error), or a hand-written `Encode` impl that calls `fail`.
///
/// `Display` gives the message as it was recorded.
///
/// ```
/// use fastwire::json::{self, Encode, Writer};
///
/// struct Refused;
///
/// impl Encode for Refused {
///     fn encode<W: Writer>(&self, w: &mut W) {
///         w.fail("not today");
///         w.write_null();
///     }
/// }
///
/// let err: fastwire::EncodeError = json::try_to_string(&Refused).unwrap_err();
/// assert_eq!(err.to_string(), "not today");
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct EncodeError {
    message: Box<str>,
}

impl EncodeError {
    /// An error with `message` as its text.
    #[cold]
    #[inline(never)]
    pub(crate) fn new(message: &dyn fmt::Display) -> Self {
        EncodeError {
            message: message.to_string().into_boxed_str(),
        }
    }

    /// The message, as [`Display`](fmt::Display) writes it.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for EncodeError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl fmt::Debug for EncodeError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "EncodeError({:?})", &*self.message)
    }
}

impl std::error::Error for EncodeError {}

/// An [`io::Error`] of kind [`InvalidData`](io::ErrorKind::InvalidData) wrapping the error,
/// as the `to_writer` functions return it.
impl From<EncodeError> for io::Error {
    fn from(err: EncodeError) -> io::Error {
        io::Error::new(io::ErrorKind::InvalidData, err)
    }
}

/// The panic of an infallible entry point (`to_string`, `to_vec`, `encode_into`, ...) whose
/// value failed to encode: it names the error and the function that reports it instead.
#[cold]
#[inline(never)]
#[track_caller]
pub(crate) fn encode_failed(function: &str, fallible: &str, err: EncodeError) -> ! {
    panic!(
        "{function} failed to encode the value: {err} (use {fallible} to handle encoding errors)"
    )
}

/// serde's message for a path that is not UTF-8, which neither format can write.
pub(crate) const PATH_NOT_UTF8: &str = "path contains invalid UTF-8 characters";
