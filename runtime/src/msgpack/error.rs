//! Decoding errors: one boxed allocation (so `Result<T, Error>` stays one pointer wide), built
//! only on the failure path, carrying the category, the byte offset and the path from the root
//! to the failing value (`users[1024].regDate`).

use std::fmt::{self, Debug, Display};
use std::io;

use crate::path::{one_of, Path};

/// Why a MessagePack document could not be decoded.
///
/// `Display` says what went wrong, where in the data it happened, and at which byte:
///
/// ```
/// #[derive(fastwire::Encode, fastwire::Decode, Debug)]
/// struct User { id: u32 }
///
/// // [{"id": 1}, {"id": "x"}]
/// let input = b"\x92\x81\xa2id\x01\x81\xa2id\xa1x";
/// let err = fastwire::msgpack::from_slice::<Vec<User>>(input).unwrap_err();
/// assert_eq!(err.to_string(), r#"invalid type: string "x", expected u32 at [1].id (byte 10)"#);
/// assert_eq!(err.path(), "[1].id");
/// assert_eq!(err.offset(), 10);
/// ```
pub struct Error {
    inner: Box<ErrorImpl>,
}

struct ErrorImpl {
    code: ErrorCode,
    offset: usize,
    /// False for errors about a `Value` rather than input bytes (no offset to report).
    positioned: bool,
    /// Innermost segment first: segments are added while the error travels outwards.
    path: Path,
}

/// The broad kind of an [`Error`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Category {
    /// The input is not valid MessagePack: a reserved byte (`0xc1`), invalid UTF-8 in a
    /// string, or bytes after the value; or it passes a limit of the decoder's: nesting, or
    /// the length of a collection.
    Syntax,
    /// The input is valid MessagePack (so far) but does not fit the target type.
    Data,
    /// The input ended in the middle of a value, or a length prefix claims more bytes than
    /// the input holds.
    Eof,
    /// Reading the input failed.
    Io,
}

#[derive(Debug)]
pub(crate) enum ErrorCode {
    Eof,
    LengthBeyondInput {
        claimed: u64,
    },
    ReservedMarker,
    InvalidUtf8,
    TrailingBytes,
    RecursionLimitExceeded,
    /// An array or map declaring more items than `Decoder::max_collection_len` allows.
    CollectionTooLong {
        len: usize,
        limit: usize,
    },
    InvalidType {
        found: String,
        expected: &'static str,
    },
    InvalidValue {
        found: String,
        expected: &'static str,
    },
    InvalidLength {
        len: usize,
        expected: String,
    },
    IndexOutOfRange {
        index: u64,
        count: usize,
        what: &'static str,
    },
    MissingField(&'static str),
    DuplicateField(&'static str),
    UnknownField {
        found: String,
        expected: &'static [&'static str],
    },
    UnknownVariant {
        found: String,
        expected: &'static [&'static str],
    },
    Io(io::Error),
    Custom(String),
}

impl ErrorCode {
    fn category(&self) -> Category {
        use ErrorCode::*;
        match self {
            Eof | LengthBeyondInput { .. } => Category::Eof,
            ReservedMarker
            | InvalidUtf8
            | TrailingBytes
            | RecursionLimitExceeded
            | CollectionTooLong { .. } => Category::Syntax,
            InvalidType { .. }
            | InvalidValue { .. }
            | InvalidLength { .. }
            | IndexOutOfRange { .. }
            | MissingField(_)
            | DuplicateField(_)
            | UnknownField { .. }
            | UnknownVariant { .. }
            | Custom(_) => Category::Data,
            Io(_) => Category::Io,
        }
    }
}

impl Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        use ErrorCode::*;
        match self {
            Eof => f.write_str("unexpected end of input"),
            LengthBeyondInput { claimed } => write!(
                f,
                "unexpected end of input: a length prefix claims {claimed} items or bytes, more than the input holds"
            ),
            ReservedMarker => f.write_str("reserved byte 0xc1 where a value should start"),
            InvalidUtf8 => f.write_str("invalid UTF-8 in a string"),
            TrailingBytes => f.write_str("trailing bytes after the value"),
            RecursionLimitExceeded => f.write_str("recursion limit exceeded"),
            CollectionTooLong { len, limit } => write!(
                f,
                "a collection of {len} items, longer than the limit of {limit} (see max_collection_len)"
            ),
            InvalidType { found, expected } => {
                write!(f, "invalid type: {found}, expected {expected}")
            }
            InvalidValue { found, expected } => {
                write!(f, "invalid value: {found}, expected {expected}")
            }
            InvalidLength { len, expected } => {
                write!(f, "invalid length {len}, expected {expected}")
            }
            IndexOutOfRange { index, count, what } => write!(
                f,
                "invalid value: integer `{index}`, expected {what} index 0 <= i < {count}"
            ),
            MissingField(name) => write!(f, "missing field `{name}`"),
            DuplicateField(name) => write!(f, "duplicate field `{name}`"),
            UnknownField { found, expected } => {
                write!(f, "unknown field `{found}`, ")?;
                one_of(expected, f)
            }
            UnknownVariant { found, expected } => {
                write!(f, "unknown variant `{found}`, ")?;
                one_of(expected, f)
            }
            Io(err) => Display::fmt(err, f),
            Custom(message) => f.write_str(message),
        }
    }
}

impl Error {
    /// An error at byte `offset` of the input.
    #[cold]
    #[inline(never)]
    pub(crate) fn at(code: ErrorCode, offset: usize) -> Self {
        Error {
            inner: Box::new(ErrorImpl {
                code,
                offset,
                positioned: true,
                path: Path::default(),
            }),
        }
    }

    #[cold]
    pub(crate) fn io(err: io::Error) -> Self {
        Error::at(ErrorCode::Io(err), 0)
    }

    /// The same error with no position: for values decoded from a `Value`, where there are no
    /// input bytes to point into.
    #[cold]
    pub(crate) fn without_position(mut self) -> Self {
        self.inner.offset = 0;
        self.inner.positioned = false;
        self
    }

    /// Byte offset in the input where the error was found: the first byte of the offending
    /// value, or the end of the input for a truncated one (0 for I/O errors and for errors of
    /// [`from_value`](super::from_value)).
    pub fn offset(&self) -> usize {
        self.inner.offset
    }
}

impl Display for Error {
    fn fmt(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        Display::fmt(&self.inner.code, formatter)?;
        if !self.inner.path.is_empty() {
            write!(formatter, " at {}", self.inner.path)?;
        }
        if self.inner.positioned && !matches!(self.inner.code, ErrorCode::Io(_)) {
            write!(formatter, " (byte {})", self.inner.offset)?;
        }
        Ok(())
    }
}

impl Debug for Error {
    fn fmt(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        write!(
            formatter,
            "Error({:?}, category: {:?}, offset: {})",
            self.to_string(),
            self.category(),
            self.inner.offset
        )
    }
}

crate::error::error_common!("MessagePack");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn result_stays_one_pointer_wide() {
        assert_eq!(
            std::mem::size_of::<Result<(), Error>>(),
            std::mem::size_of::<usize>()
        );
    }

    #[test]
    fn display_names_the_path_and_the_byte() {
        let err = Error::at(ErrorCode::MissingField("regDate"), 17)
            .in_index(1024)
            .in_field("users");
        assert_eq!(err.path(), "users[1024]");
        assert_eq!(
            err.to_string(),
            "missing field `regDate` at users[1024] (byte 17)"
        );
        assert!(err.is_data());
        let eof = Error::at(ErrorCode::LengthBeyondInput { claimed: 1 << 32 }, 1);
        assert!(eof.is_eof());
        assert_eq!(io::Error::from(eof).kind(), io::ErrorKind::UnexpectedEof);
    }
}
