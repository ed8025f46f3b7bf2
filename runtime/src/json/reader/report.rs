//! Data errors with serde_json's messages and positions, for generated code and hand-written
//! impls.

use super::super::error::{Error, ErrorCode};
use super::{count_whitespace, FloatText, ParsedNumber, Reader};

impl<'de> Reader<'de> {
    /// `invalid type: {what is there}, expected {expected}`, at the start of the value found.
    #[cold]
    #[inline(never)]
    pub fn invalid_type(&mut self, expected: &'static str) -> Error {
        let start = self.pos;
        let found = match self.skip_whitespace() {
            None => return self.tree_invalid_type(expected),
            Some(b'n') => match self.eat_literal(b"null") {
                Ok(()) => "null".to_owned(),
                Err(err) => return err,
            },
            Some(b't') => match self.eat_literal(b"true") {
                Ok(()) => "boolean `true`".to_owned(),
                Err(err) => return err,
            },
            Some(b'f') => match self.eat_literal(b"false") {
                Ok(()) => "boolean `false`".to_owned(),
                Err(err) => return err,
            },
            Some(b'"') => match self.decode_str() {
                Ok(text) => format!("string {}", crate::json::to_string(&*text)),
                Err(err) => return err,
            },
            Some(b'-' | b'0'..=b'9') => match self.parse_number() {
                Ok(ParsedNumber::U64(v)) => format!("integer `{v}`"),
                Ok(ParsedNumber::I64(v)) => format!("integer `{v}`"),
                Ok(ParsedNumber::F64(v)) => format!("floating point `{}`", FloatText(v)),
                Err(err) => return err,
            },
            // serde_json has not read the bracket yet: placed before it.
            Some(b'[') => "sequence".to_owned(),
            Some(b'{') => "map".to_owned(),
            Some(_) => return self.error(ErrorCode::ExpectedSomeValue),
        };
        let at = start + count_whitespace(&self.input[start..]);
        let consumed = self.pos;
        self.error_at(ErrorCode::InvalidType { found, expected }, at)
            .reported_after(consumed)
    }

    /// `invalid value: {found}, expected {expected}` at `at`.
    #[cold]
    pub fn invalid_value(&self, found: String, expected: &'static str, at: usize) -> Error {
        self.invalid_value_at(found, expected, at)
    }

    /// "missing field `name`", at the current position (just after the object's `}`).
    #[cold]
    pub fn missing_field(&self, name: &'static str) -> Error {
        self.error_after_read(ErrorCode::MissingField(name), self.pos)
    }

    /// "duplicate field `name`", about the key just read (its offset is the key's opening
    /// quote; line and column are just after the key, as serde_json's).
    #[cold]
    pub fn duplicate_field(&self, name: &'static str) -> Error {
        self.error_after_key(ErrorCode::DuplicateField(name), self.last_key)
    }

    /// "unknown field `found`, expected one of ...", about the key just read (its offset is
    /// the key's opening quote; line and column are just after the key, as serde_json's).
    #[cold]
    pub fn unknown_field(&self, found: &str, expected: &'static [&'static str]) -> Error {
        let code = ErrorCode::UnknownField {
            found: found.to_owned(),
            expected,
        };
        self.error_after_key(code, self.last_key)
    }

    /// "unknown variant `found`, expected one of ...", about the string just read (its offset
    /// is the opening quote; line and column are those of the closing quote, as serde_json's).
    #[cold]
    pub fn unknown_variant(&self, found: &str, expected: &'static [&'static str]) -> Error {
        let code = ErrorCode::UnknownVariant {
            found: found.to_owned(),
            expected,
        };
        self.error_after_string(code, self.last_key)
    }

    /// "invalid length `len`, expected `expected`", at the current position (just after the
    /// array's `]` when it was too short).
    #[cold]
    pub fn invalid_length(&self, len: usize, expected: &str) -> Error {
        let code = ErrorCode::InvalidLength {
            len,
            expected: expected.to_owned(),
        };
        self.error_after_read(code, self.pos)
    }

    /// A free-form data error at the current position: its line and column are those of the
    /// last byte read, as serde_json places the errors a `Deserialize` impl returns. See also
    /// [`Error::custom`], which needs no reader.
    ///
    /// ```
    /// use fastwire::json::{self, Decode, Error, Reader};
    ///
    /// /// An even number.
    /// #[derive(Debug)]
    /// struct Even(u32);
    ///
    /// impl<'de> Decode<'de> for Even {
    ///     fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
    ///         let n = u32::decode(r)?;
    ///         if n % 2 == 1 {
    ///             return Err(r.custom(format_args!("{n} is odd")));
    ///         }
    ///         Ok(Even(n))
    ///     }
    /// }
    ///
    /// let err = json::from_str::<Vec<Even>>("[2,\n 13]").unwrap_err();
    /// assert_eq!(err.to_string(), "13 is odd at [1] (line 2, column 3)");
    /// assert_eq!(err.offset(), 7);
    /// ```
    #[cold]
    pub fn custom(&self, message: impl std::fmt::Display) -> Error {
        self.error_after_read(ErrorCode::Custom(message.to_string()), self.pos)
    }

    /// A free-form data error about the value that began at `offset` (which
    /// [`Error::offset`] returns); its line and column are those of the last byte read, as
    /// with [`Reader::custom`] (those of the byte at `offset` if nothing after it was read).
    #[cold]
    pub fn custom_at(&self, message: impl std::fmt::Display, offset: usize) -> Error {
        self.error_after_read(ErrorCode::Custom(message.to_string()), offset)
    }

    /// `error`, which serde_json returned reading a value for the bridge, as fastwire's error
    /// at `offset`: a syntax or EOF error whose text is one of fastwire's becomes that error
    /// (same text, same category); anything else is a data error with serde_json's message.
    #[cfg(feature = "serde")]
    #[cold]
    pub(crate) fn serde_json_error(&self, error: &serde_json::Error, offset: usize) -> Error {
        use serde_json::error::Category as Theirs;
        use ErrorCode::*;
        let text = error.to_string();
        // serde_json's `Display` adds the position, which fastwire computes itself.
        let suffix = format!(" at line {} column {}", error.line(), error.column());
        let message = match text.strip_suffix(&suffix) {
            Some(message) if error.line() > 0 => message,
            _ => &text,
        };
        if matches!(error.classify(), Theirs::Syntax | Theirs::Eof) {
            let shared = [
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
                TrailingComma,
                TrailingCharacters,
                RecursionLimitExceeded,
            ];
            if let Some(code) = shared.into_iter().find(|code| code.to_string() == message) {
                return self.error_at(code, offset);
            }
        }
        self.error_at(Custom(message.to_owned()), offset)
    }
}
