//! Decoding errors: one boxed allocation (so `Result<T, Error>` stays small), built only on the
//! failure path, carrying the category, the byte offset, line and column, and the path from the
//! root to the failing value (`users[1024].regDate`).
//!
//! Line and column are serde_json's, counted the way it counts them (see [`Error`]), and only
//! when an entry point returns the error: the readers record offsets, which cost nothing to
//! keep, and an error a decoder makes and then drops is never located.

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
///     r#"invalid type: string "x", expected u32 at [1].id (line 1, column 22)"#
/// );
/// assert_eq!(err.path(), "[1].id");
/// // The line and column are serde_json's (the string's closing quote); the offset is the
/// // string's start.
/// assert_eq!((err.line(), err.column(), err.offset()), (1, 22, 19));
/// assert!(err.is_data());
/// ```
///
/// # Where an error points
///
/// [`line`](Error::line) and [`column`](Error::column) are those serde_json reports for the
/// same input and type: the position of the last byte serde_json had read when it gave up,
/// the column counted in bytes from the start of the line (a character outside ASCII counts
/// two to four), 0 at the start of a line, so an error about a newline is at column 0 of the
/// line after it.
///
/// - Syntax errors: the offending byte (`[1 2]`: the `2`, column 4); for a bad `\u` escape,
///   its fourth digit; for a lone surrogate, the last digit of the escape that makes it so.
/// - EOF errors: the input's last byte (column 0 for an empty input).
/// - Invalid UTF-8 in `from_slice`'s input: where serde_json, which checks UTF-8 only in the
///   strings it reads and once each has ended, meets its first error: an earlier error in
///   the document or in the rest of that string, else the first bad byte (with escapes
///   after it in the string, that many bytes earlier, as serde_json counts it).
/// - Data errors: invalid type or value of a number, string or literal: its last byte; of an
///   array or object: the byte before its `[` or `{`; missing field: the object's `}`;
///   unknown or duplicate field: the key's closing quote (or the whitespace after it, up to
///   the colon); unknown variant: the closing quote of its name; an array or tuple too
///   short: its `]`; an error a [`Decode`](super::Decode) impl returns
///   ([`Error::custom`], [`Reader::custom`](super::Reader::custom),
///   [`Reader::custom_at`](super::Reader::custom_at)): the last byte read when it was made
///   (for fastwire's own impls of types serde reads with a visitor, such as dates, UUIDs and
///   addresses, that is where serde_json places their errors: the value's last byte).
/// - Data errors in values serde buffers before reading them (members kept for flattened
///   fields, the content of internally tagged and untagged enums): no earlier than the end
///   of the value (for flattened fields, of the object holding it), as serde_json places them.
///
/// [`offset`](Error::offset) is fastwire's own and says what the error is about: the offending
/// byte of a syntax error, the input's length for an EOF error, the first byte of the value,
/// key or string a data error is about (the reader's position for missing fields, lengths and
/// [`Reader::custom`](super::Reader::custom)).
///
/// Where fastwire knowingly differs from serde_json:
///
/// - An externally tagged enum given neither a string nor an object: serde_json reports
///   "expected value", a syntax error, at the value's first byte; fastwire reports what it
///   found (`invalid type: sequence, expected enum Kind`), a data error, placed as other
///   invalid types are. An object that is not one member long is a data error too.
/// - A fixed-size array or tuple given too many elements: serde_json reports "trailing
///   characters", a syntax error, at the first extra element; fastwire reports
///   `invalid length`, a data error, at the byte before it.
/// - An error a hand-written impl returns after reading its value, inside an array or
///   object: serde_json moves on past the whitespace after the value (and in an array past a
///   comma) before it places the error, and at the top level gives it no position (line 0);
///   fastwire places it at the value's last byte in both cases. An impl whose error comes
///   from serde's visitor (`visit_str` returning an error, as uuid's and chrono's do) is
///   placed by serde_json as by fastwire.
/// - A map key that is not a string key (a number, a boolean) and does not parse: serde_json
///   places the error inside the key, where its parse stopped; fastwire after the colon that
///   follows the key, the last byte read.
/// - Invalid UTF-8 inside a string serde_json skips (the value of an ignored field):
///   serde_json accepts it, fastwire, which checks the whole input once, does not.
/// - Some messages: a misspelled `true`, `false` or `null` is "expected value" (serde_json:
///   "expected ident"); serde_json's "lone leading surrogate in hex escape" and "unexpected
///   end of hex escape" are both "lone surrogate in hex escape"; invalid UTF-8 is
///   "invalid UTF-8" wherever it is. Categories and positions are the same.
pub struct Error {
    inner: Box<ErrorImpl>,
}

struct ErrorImpl {
    code: ErrorCode,
    offset: usize,
    /// How many bytes of the input serde_json would have read when it reported this error:
    /// the line and column are those of the last of them.
    consumed: usize,
    line: usize,
    column: usize,
    /// Innermost segment first: segments are added while the error travels outwards.
    path: Path,
}

/// The broad kind of an [`Error`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Category {
    /// The input is not valid JSON, or it nests deeper or holds a longer collection than the
    /// decoder's limits allow.
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
    /// A collection with more items than `Decoder::max_collection_len` allows.
    CollectionTooLong {
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
            | RecursionLimitExceeded
            | CollectionTooLong { .. } => Category::Syntax,
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
            CollectionTooLong { limit } => write!(
                f,
                "collection longer than the limit of {limit} items (see max_collection_len)"
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

/// The `offset` of an error made by [`Error::custom`]: none yet, the entry point fills it in.
const UNPLACED: usize = usize::MAX;

impl Error {
    /// An error about the byte at `offset` of `input`; line and column are computed here, on
    /// the failure path only.
    #[cold]
    #[inline(never)]
    pub(crate) fn at(code: ErrorCode, input: &[u8], offset: usize) -> Self {
        Error::unlocated(code, offset.min(input.len())).locate(input)
    }

    /// An error about the byte at `offset` (or the end of the input, for an `offset` at or past
    /// it) whose line and column are not counted yet: the readers make errors this way, so
    /// that an error a decoder makes and drops (an untagged enum trying its variants) costs
    /// nothing proportional to the input; the entry points count them once, with
    /// [`Error::locate`], for the error they return. The line and column will be those of that
    /// byte, where serde_json's "peek" errors point; [`Error::reported_after`] moves them.
    #[cold]
    pub(crate) fn unlocated(code: ErrorCode, offset: usize) -> Self {
        Error {
            inner: Box::new(ErrorImpl {
                code,
                offset,
                consumed: offset.saturating_add(1),
                line: 0,
                column: 0,
                path: Path::default(),
            }),
        }
    }

    /// Makes the line and column those of the last of the first `consumed` bytes of the input
    /// (column 0 when that byte is a newline or there is none), which is where serde_json puts
    /// an error it raises after reading that far; the offset stays.
    #[cold]
    pub(crate) fn reported_after(mut self, consumed: usize) -> Self {
        self.inner.consumed = consumed;
        self
    }

    /// [`Error::reported_after`] `consumed`, unless the error is placed further on already.
    #[cold]
    pub(crate) fn reported_no_earlier_than(mut self, consumed: usize) -> Self {
        self.inner.consumed = self.inner.consumed.max(consumed);
        self
    }

    /// A data error with a message of its own, for a hand-written [`Decode`](super::Decode)
    /// impl (the counterpart of serde's `de::Error::custom`).
    ///
    /// It is made without a position: when it reaches [`from_str`](super::from_str) (or any
    /// other entry point), it is placed where the reader then stands, just after the last
    /// token read (for an impl that read a value and then refused it, the value's last byte),
    /// as serde_json places an error a serde visitor returns (see [`Error`] for the case where
    /// serde_json does otherwise). [`Reader::custom`](super::Reader::custom)
    /// makes the same error placed at once, and
    /// [`Reader::custom_at`](super::Reader::custom_at) one at an offset of your choice.
    ///
    /// ```
    /// use fastwire::json::{self, Decode, Error, Reader};
    ///
    /// /// A percentage: a whole number from 0 to 100.
    /// #[derive(Debug)]
    /// struct Percent(u8);
    ///
    /// impl<'de> Decode<'de> for Percent {
    ///     fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
    ///         let n = u64::decode(r)?;
    ///         if n > 100 {
    ///             return Err(Error::custom(format_args!("{n} is not a percentage")));
    ///         }
    ///         Ok(Percent(n as u8))
    ///     }
    /// }
    ///
    /// assert_eq!(json::from_str::<Vec<Percent>>("[42]").unwrap()[0].0, 42);
    /// let err = json::from_str::<Vec<Percent>>("[42, 420]").unwrap_err();
    /// assert!(err.is_data());
    /// // Placed at the last digit of `420`, the last byte the reader had read.
    /// assert_eq!(err.to_string(), "420 is not a percentage at [1] (line 1, column 8)");
    /// ```
    #[cold]
    pub fn custom(message: impl Display) -> Self {
        let mut err = Error::unlocated(ErrorCode::Custom(message.to_string()), UNPLACED);
        err.inner.consumed = UNPLACED;
        err
    }

    /// Places an error made by [`Error::custom`] at `offset`, the reader's position when the
    /// error reached an entry point (nothing for any other error).
    #[cold]
    pub(crate) fn place(mut self, offset: usize) -> Self {
        if self.inner.offset == UNPLACED {
            self.inner.offset = offset;
            self.inner.consumed = offset;
        }
        self
    }

    /// What went wrong, for the error helpers.
    pub(crate) fn code(&self) -> &ErrorCode {
        &self.inner.code
    }

    /// Counts the line and column of an error made by [`Error::unlocated`] in `input`, the
    /// whole document (nothing for an error that has them, is not about the input, or is not
    /// placed yet), by serde_json's rule: the line and byte column of the last byte consumed.
    #[cold]
    pub(crate) fn locate(mut self, input: &[u8]) -> Self {
        if self.inner.line != 0
            || self.inner.offset == UNPLACED
            || matches!(self.inner.code, ErrorCode::Io(_))
        {
            return self;
        }
        let consumed = self.inner.consumed.min(input.len());
        let before = &input[..consumed];
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        self.inner.line = 1 + before[..line_start].iter().filter(|&&b| b == b'\n').count();
        // Bytes, not characters, as serde_json counts them.
        self.inner.column = consumed - line_start;
        self.inner.offset = self.inner.offset.min(input.len());
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
                consumed: 0,
                line: 0,
                column: 0,
                path: Path::default(),
            }),
        }
    }

    /// Byte offset in the input of what the error is about: the offending byte of a syntax
    /// error, the input's length for an EOF error, the start of the value, key or string
    /// concerned for most data errors (see [`Error`] for each); 0 for I/O errors.
    pub fn offset(&self) -> usize {
        self.inner.offset
    }

    /// 1-based line of the error, as serde_json reports it (0 for I/O errors).
    pub fn line(&self) -> usize {
        self.inner.line
    }

    /// Column of the error, as serde_json reports it: counted in bytes from the start of the
    /// line, the column of the last byte read (0 for I/O errors, and at the very start of a
    /// line or of the input).
    pub fn column(&self) -> usize {
        self.inner.column
    }

    /// The broad kind of error, under serde_json's name for the question
    /// ([`Error::category`] is the same).
    ///
    /// ```
    /// use fastwire::json::{self, Category};
    ///
    /// assert_eq!(json::from_str::<Vec<u8>>("[").unwrap_err().classify(), Category::Eof);
    /// assert_eq!(json::from_str::<u8>("]").unwrap_err().classify(), Category::Syntax);
    /// assert_eq!(json::from_str::<u8>("300").unwrap_err().classify(), Category::Data);
    /// ```
    pub fn classify(&self) -> Category {
        self.category()
    }

    /// The kind of the I/O error that made this error, if reading the input failed (as
    /// serde_json's `io_error_kind`); `None` for any other error.
    ///
    /// ```
    /// use std::io::{self, Read};
    ///
    /// struct Unplugged;
    ///
    /// impl Read for Unplugged {
    ///     fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
    ///         Err(io::Error::new(io::ErrorKind::TimedOut, "unplugged"))
    ///     }
    /// }
    ///
    /// let err = fastwire::json::from_reader::<_, u8>(Unplugged).unwrap_err();
    /// assert!(err.is_io());
    /// assert_eq!(err.io_error_kind(), Some(io::ErrorKind::TimedOut));
    /// assert_eq!(fastwire::json::from_str::<u8>("x").unwrap_err().io_error_kind(), None);
    /// ```
    pub fn io_error_kind(&self) -> Option<io::ErrorKind> {
        match &self.inner.code {
            ErrorCode::Io(err) => Some(err.kind()),
            _ => None,
        }
    }
}

/// An I/O error as a JSON [`Error`] of category [`Io`](Category::Io), for `Decode` and reading
/// code that does I/O of its own; converting back to `io::Error` gives the same error again.
///
/// ```
/// use std::io;
///
/// let err = fastwire::json::Error::from(io::Error::new(io::ErrorKind::BrokenPipe, "gone"));
/// assert!(err.is_io());
/// assert_eq!((err.line(), err.column()), (0, 0));
/// let back = io::Error::from(err);
/// assert_eq!((back.kind(), back.to_string()), (io::ErrorKind::BrokenPipe, "gone".to_owned()));
/// ```
impl From<io::Error> for Error {
    #[cold]
    fn from(err: io::Error) -> Self {
        Error::io(err)
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
    fn positions_count_lines_and_bytes() {
        let input = "{\n  \"é\": x".as_bytes();
        let err = Error::at(ErrorCode::ExpectedSomeValue, input, input.len() - 1);
        // `é` is two bytes: `x` is the ninth byte of its line.
        assert_eq!((err.line(), err.column()), (2, 9));
        assert_eq!(err.to_string(), "expected value (line 2, column 9)");
        // At a newline: the start of the next line, column 0 (serde_json's count).
        let err = Error::at(ErrorCode::ControlCharacterInString, b"\"a\n", 2);
        assert_eq!((err.line(), err.column()), (2, 0));
        // The end of the input: the last byte's position.
        let err = Error::at(ErrorCode::EofWhileParsingList, b"[1,\n", 4);
        assert_eq!((err.line(), err.column()), (2, 0));
        let err = Error::at(ErrorCode::EofWhileParsingValue, b"", 0);
        assert_eq!((err.line(), err.column()), (1, 0));
    }

    #[test]
    fn reported_after_moves_the_position_not_the_offset() {
        let err = Error::unlocated(ErrorCode::MissingField("a"), 1)
            .reported_after(3)
            .locate(b"{}  ");
        assert_eq!((err.offset(), err.line(), err.column()), (1, 1, 3));
    }

    #[test]
    fn custom_errors_are_placed_once() {
        let err = Error::custom("no").locate(b"[1]");
        assert_eq!(err.line(), 0);
        let err = err.place(2).locate(b"[1]");
        assert_eq!((err.offset(), err.line(), err.column()), (2, 1, 2));
        let err = err.place(0);
        assert_eq!(err.offset(), 2);
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
