//! Decoding errors: one boxed allocation (so `Result<T, Error>` stays small), built only on the
//! failure path, carrying the category, the byte offset, line and column, and the path from the
//! root to the failing value (`users[1024].regDate`).

use std::fmt::{self, Debug, Display};
use std::io;

use crate::path::{one_of, Path};

/// Why a JSON document could not be decoded.
///
/// `Display` says what went wrong, where in the data it happened, and where in the text:
///
/// ```
/// #[derive(fastwire::Decode, Debug)]
/// struct User { id: u32 }
///
/// let err = fastwire::json::from_str::<Vec<User>>(r#"[{"id": 1}, {"id": "x"}]"#).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     r#"invalid type: string "x", expected u32 at [1].id (line 1, column 20)"#
/// );
/// assert_eq!(err.path(), "[1].id");
/// assert_eq!((err.line(), err.column()), (1, 20));
/// ```
pub struct Error {
    inner: Box<ErrorImpl>,
}

struct ErrorImpl {
    code: ErrorCode,
    offset: usize,
    line: usize,
    column: usize,
    /// Innermost segment first: segments are added while the error travels outwards.
    path: Path,
}

/// The broad kind of an [`Error`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Category {
    /// The input is not valid JSON.
    Syntax,
    /// The input is valid JSON (so far) but does not fit the target type.
    Data,
    /// The input ended in the middle of a value.
    Eof,
    /// Reading the input failed.
    Io,
}

#[derive(Debug)]
pub(crate) enum ErrorCode {
    EofWhileParsingValue,
    EofWhileParsingString,
    EofWhileParsingList,
    EofWhileParsingObject,
    ExpectedColon,
    ExpectedListCommaOrEnd,
    ExpectedObjectCommaOrEnd,
    ExpectedSomeValue,
    KeyMustBeAString,
    InvalidEscape,
    InvalidNumber,
    NumberOutOfRange,
    InvalidUnicodeCodePoint,
    ControlCharacterInString,
    InvalidUtf8,
    LoneSurrogate,
    TrailingComma,
    TrailingCharacters,
    RecursionLimitExceeded,
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
            EofWhileParsingValue
            | EofWhileParsingString
            | EofWhileParsingList
            | EofWhileParsingObject => Category::Eof,
            ExpectedColon
            | ExpectedListCommaOrEnd
            | ExpectedObjectCommaOrEnd
            | ExpectedSomeValue
            | KeyMustBeAString
            | InvalidEscape
            | InvalidNumber
            | NumberOutOfRange
            | InvalidUnicodeCodePoint
            | ControlCharacterInString
            | InvalidUtf8
            | LoneSurrogate
            | TrailingComma
            | TrailingCharacters
            | RecursionLimitExceeded => Category::Syntax,
            InvalidType { .. }
            | InvalidValue { .. }
            | InvalidLength { .. }
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
            EofWhileParsingValue => f.write_str("EOF while parsing a value"),
            EofWhileParsingString => f.write_str("EOF while parsing a string"),
            EofWhileParsingList => f.write_str("EOF while parsing a list"),
            EofWhileParsingObject => f.write_str("EOF while parsing an object"),
            ExpectedColon => f.write_str("expected `:`"),
            ExpectedListCommaOrEnd => f.write_str("expected `,` or `]`"),
            ExpectedObjectCommaOrEnd => f.write_str("expected `,` or `}`"),
            ExpectedSomeValue => f.write_str("expected value"),
            KeyMustBeAString => f.write_str("key must be a string"),
            InvalidEscape => f.write_str("invalid escape"),
            InvalidNumber => f.write_str("invalid number"),
            NumberOutOfRange => f.write_str("number out of range"),
            InvalidUnicodeCodePoint => f.write_str("invalid unicode code point"),
            ControlCharacterInString => {
                f.write_str("control character (\\u0000-\\u001F) found while parsing a string")
            }
            InvalidUtf8 => f.write_str("invalid UTF-8"),
            LoneSurrogate => f.write_str("lone surrogate in hex escape"),
            TrailingComma => f.write_str("trailing comma"),
            TrailingCharacters => f.write_str("trailing characters"),
            RecursionLimitExceeded => f.write_str("recursion limit exceeded"),
            InvalidType { found, expected } => {
                write!(f, "invalid type: {found}, expected {expected}")
            }
            InvalidValue { found, expected } => {
                write!(f, "invalid value: {found}, expected {expected}")
            }
            InvalidLength { len, expected } => {
                write!(f, "invalid length {len}, expected {expected}")
            }
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
    /// An error at byte `offset` of `input`; line and column are computed here, on the
    /// failure path only.
    #[cold]
    #[inline(never)]
    pub(crate) fn at(code: ErrorCode, input: &[u8], offset: usize) -> Self {
        Error::unlocated(code, offset.min(input.len())).locate(input)
    }

    /// An error at `offset` whose line and column are not counted yet: the readers make
    /// errors this way, so that an error a decoder makes and drops (an untagged enum trying
    /// its variants) costs nothing proportional to the input; the entry points count them
    /// once, with [`Error::locate`], for the error they return.
    #[cold]
    pub(crate) fn unlocated(code: ErrorCode, offset: usize) -> Self {
        Error {
            inner: Box::new(ErrorImpl {
                code,
                offset,
                line: 0,
                column: 0,
                path: Path::default(),
            }),
        }
    }

    /// Counts the line and column of an error made by [`Error::unlocated`] in `input`, the
    /// whole document (nothing for an error that has them, or is not about the input).
    #[cold]
    pub(crate) fn locate(mut self, input: &[u8]) -> Self {
        if self.inner.line != 0 || matches!(self.inner.code, ErrorCode::Io(_)) {
            return self;
        }
        let offset = self.inner.offset.min(input.len());
        let before = &input[..offset];
        let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        // Columns count characters, not bytes: continuation bytes do not start one.
        let column = before[line_start..]
            .iter()
            .filter(|&&b| (b & 0xC0) != 0x80)
            .count()
            + 1;
        self.inner.offset = offset;
        self.inner.line = line;
        self.inner.column = column;
        self
    }

    /// The same error with no position: for values decoded from a `Value`, where there is no
    /// text to point into.
    #[cold]
    pub(crate) fn without_position(mut self) -> Self {
        self.inner.offset = 0;
        self.inner.line = 0;
        self.inner.column = 0;
        self
    }

    #[cold]
    pub(crate) fn io(err: io::Error) -> Self {
        Error {
            inner: Box::new(ErrorImpl {
                code: ErrorCode::Io(err),
                offset: 0,
                line: 0,
                column: 0,
                path: Path::default(),
            }),
        }
    }

    /// Byte offset in the input where the error was found (0 for I/O errors).
    pub fn offset(&self) -> usize {
        self.inner.offset
    }

    /// 1-based line of the error (0 for I/O errors).
    pub fn line(&self) -> usize {
        self.inner.line
    }

    /// 1-based column of the error, in characters (0 for I/O errors).
    pub fn column(&self) -> usize {
        self.inner.column
    }
}

impl Display for Error {
    fn fmt(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        Display::fmt(&self.inner.code, formatter)?;
        if !self.inner.path.is_empty() {
            write!(formatter, " at {}", self.inner.path)?;
        }
        if self.inner.line > 0 {
            write!(
                formatter,
                " (line {}, column {})",
                self.inner.line, self.inner.column
            )?;
        }
        Ok(())
    }
}

impl Debug for Error {
    fn fmt(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        write!(formatter, "Error({:?}", self.to_string())?;
        write!(
            formatter,
            ", category: {:?}, offset: {})",
            self.category(),
            self.inner.offset
        )
    }
}

crate::error::error_common!("JSON");

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
    fn positions_count_lines_and_characters() {
        let input = "{\n  \"é\": x".as_bytes();
        let err = Error::at(ErrorCode::ExpectedSomeValue, input, input.len() - 1);
        assert_eq!((err.line(), err.column()), (2, 8));
        assert_eq!(err.to_string(), "expected value (line 2, column 8)");
    }

    #[test]
    fn path_reads_from_the_root() {
        let err = Error::at(ErrorCode::MissingField("regDate"), b"", 0)
            .in_field("regDate")
            .in_index(1024)
            .in_field("users")
            .in_key("a\"b");
        assert_eq!(err.path(), r#"["a\"b"].users[1024].regDate"#);
    }
}
