//! Errors and their messages: what was found against what was expected, in serde's words.

use super::*;
use crate::msgpack::error::{Error, ErrorCode};

impl<'de> Reader<'de> {
    /// What the next value is, in serde's words (`string "x"`, `integer `5``, `map`), for an
    /// error message; consumes nothing.
    #[cold]
    fn describe_next(&self) -> Result<String, Error> {
        let mut probe = Reader {
            input: self.input,
            pos: self.pos,
            remaining_depth: u32::MAX,
            max_len: usize::MAX,
            last_key: 0,
        };
        let marker = probe.peek()?;
        Ok(match marker {
            0xc0 => "unit value".to_owned(),
            0xc2 => "boolean `false`".to_owned(),
            0xc3 => "boolean `true`".to_owned(),
            0xc1 => return Err(self.error_at(ErrorCode::ReservedMarker, self.pos)),
            0xca | 0xcb => {
                let value = probe.decode_f64()?;
                format!("floating point `{}`", FloatText(value))
            }
            0xa0..=0xbf | 0xd9..=0xdb => match probe.decode_str() {
                Ok(text) => format!("string {}", Quoted(text)),
                Err(err) => return Err(err),
            },
            0xc4..=0xc6 => "byte array".to_owned(),
            0x90..=0x9f | 0xdc | 0xdd => "sequence".to_owned(),
            0x80..=0x8f | 0xde | 0xdf => "map".to_owned(),
            0xc7..=0xc9 | 0xd4..=0xd8 => "extension value".to_owned(),
            _ => match probe.try_int()? {
                Some(Int::Unsigned(value)) => format!("integer `{value}`"),
                Some(Int::Signed(value)) => format!("integer `{value}`"),
                None => unreachable!("every other marker is an integer"),
            },
        })
    }

    /// `invalid type: {what is there}, expected {expected}`, at the start of the value found
    /// (which is not consumed).
    #[cold]
    #[inline(never)]
    pub fn invalid_type(&self, expected: &'static str) -> Error {
        match self.describe_next() {
            Ok(found) => self.error_at(ErrorCode::InvalidType { found, expected }, self.pos),
            Err(err) => err,
        }
    }

    /// `invalid type: {found}, expected {expected}` at `at`, for a value already read.
    #[cold]
    pub fn invalid_type_found(&self, found: String, expected: &'static str, at: usize) -> Error {
        self.error_at(ErrorCode::InvalidType { found, expected }, at)
    }

    /// `invalid value: {found}, expected {expected}` at `at`.
    #[cold]
    pub fn invalid_value(&self, found: String, expected: &'static str, at: usize) -> Error {
        self.error_at(ErrorCode::InvalidValue { found, expected }, at)
    }

    /// "missing field `name`", at the current position (the end of the map).
    #[cold]
    pub fn missing_field(&self, name: &'static str) -> Error {
        self.error_at(ErrorCode::MissingField(name), self.pos)
    }

    /// "duplicate field `name`", at the current position (the start of the repeated value).
    #[cold]
    pub fn duplicate_field(&self, name: &'static str) -> Error {
        self.error_at(ErrorCode::DuplicateField(name), self.pos)
    }

    /// "unknown field `found`, expected one of ...", at the key just read.
    #[cold]
    pub fn unknown_field(&self, found: &str, expected: &'static [&'static str]) -> Error {
        let code = ErrorCode::UnknownField {
            found: found.to_owned(),
            expected,
        };
        self.error_at(code, self.last_key)
    }

    /// "unknown variant `found`, expected one of ...", at the variant just read.
    #[cold]
    pub fn unknown_variant(&self, found: &str, expected: &'static [&'static str]) -> Error {
        let code = ErrorCode::UnknownVariant {
            found: found.to_owned(),
            expected,
        };
        self.error_at(code, self.last_key)
    }

    /// The error for a key that names no field: "unknown field" for a name, "invalid value"
    /// for an index out of range (serde's two messages), at the key.
    #[cold]
    pub fn unknown_key(&self, key: Key<'_>, expected: &'static [&'static str]) -> Error {
        match key {
            Key::Name(name) => self.unknown_field(&String::from_utf8_lossy(name), expected),
            Key::Index(index) => self.error_at(
                ErrorCode::IndexOutOfRange {
                    index,
                    count: expected.len(),
                    what: "field",
                },
                self.last_key,
            ),
        }
    }

    /// The error for a variant that is not one of the enum's: "unknown variant" for a name,
    /// "invalid value" for an index out of range.
    #[cold]
    pub fn unknown_variant_key(&self, key: Key<'_>, expected: &'static [&'static str]) -> Error {
        match key {
            Key::Name(name) => self.unknown_variant(&String::from_utf8_lossy(name), expected),
            Key::Index(index) => self.error_at(
                ErrorCode::IndexOutOfRange {
                    index,
                    count: expected.len(),
                    what: "variant",
                },
                self.last_key,
            ),
        }
    }

    /// "invalid length `len`, expected `expected`", at the current position.
    #[cold]
    pub fn invalid_length(&self, len: usize, expected: &str) -> Error {
        self.invalid_length_at(len, expected, self.pos)
    }

    /// "invalid length `len`, expected `expected`", at `at` (the collection's header).
    #[cold]
    pub fn invalid_length_at(&self, len: usize, expected: &str, at: usize) -> Error {
        self.error_at(
            ErrorCode::InvalidLength {
                len,
                expected: expected.to_owned(),
            },
            at,
        )
    }

    /// The text of the map key at `offset`, for an error's path: a string as it is, an integer
    /// in digits, anything else described.
    #[cold]
    pub fn key_text_at(&self, offset: usize) -> String {
        let mut probe = Reader {
            input: self.input,
            pos: offset,
            remaining_depth: u32::MAX,
            max_len: usize::MAX,
            last_key: 0,
        };
        if let Ok(text) = probe.decode_str() {
            return text.to_owned();
        }
        probe.pos = offset;
        match probe.try_int() {
            Ok(Some(Int::Unsigned(value))) => value.to_string(),
            Ok(Some(Int::Signed(value))) => value.to_string(),
            _ => probe.describe_next().unwrap_or_default(),
        }
    }

    /// A free-form data error at the current position.
    #[cold]
    pub fn custom(&self, message: impl std::fmt::Display) -> Error {
        self.error_at(ErrorCode::Custom(message.to_string()), self.pos)
    }

    /// A free-form data error at `offset`.
    #[cold]
    pub fn custom_at(&self, message: impl std::fmt::Display, offset: usize) -> Error {
        self.error_at(ErrorCode::Custom(message.to_string()), offset)
    }
}

/// A string in quotes, escaped as JSON escapes it, for error messages.
struct Quoted<'a>(&'a str);

impl std::fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "{:?}", self.0)
    }
}

/// A float as serde's error messages show it: always with a decimal point or exponent.
struct FloatText(f64);

impl std::fmt::Display for FloatText {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let text = self.0.to_string();
        if self.0.is_finite() && !text.contains(['.', 'e', 'E']) {
            write!(f, "{text}.0")
        } else {
            f.write_str(&text)
        }
    }
}
