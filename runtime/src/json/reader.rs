//! JSON input: the [`Reader`] that [`Decode`](super::Decode) implementations pull tokens from.
//!
//! The whole input is known to be valid UTF-8 before reading starts (a `&str`, or bytes
//! checked once up front), so strings without escapes are handed out as borrowed `&str`
//! without another look. Strings are scanned with the same many-bytes-at-a-time search the
//! encoder uses to find bytes needing escapes: the bytes that end a clean run when reading
//! (`"`, `\`, controls) are exactly the bytes that need escaping when writing.

use std::ops::Deref;

use super::error::{Error, ErrorCode};
use super::escape::find_escape;

/// A string read from the input: borrowed from it when it had no escapes, otherwise unescaped
/// into the reader's scratch buffer (valid until the next read).
#[derive(Debug, Clone, Copy)]
pub enum Str<'de, 's> {
    /// A slice of the input itself; can outlive the reader.
    Borrowed(&'de str),
    /// Unescaped text in the reader's scratch buffer.
    Scratch(&'s str),
}

impl Deref for Str<'_, '_> {
    type Target = str;

    #[inline]
    fn deref(&self) -> &str {
        match *self {
            Str::Borrowed(s) => s,
            Str::Scratch(s) => s,
        }
    }
}

/// A number as written in the input, in the narrowest form that holds it exactly: integers
/// beyond the 64-bit ranges become `F64`, as in serde_json.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum ParsedNumber {
    U64(u64),
    I64(i64),
    F64(f64),
}

/// Reads JSON tokens from an input that is valid UTF-8. Handed to [`Decode`](super::Decode)
/// implementations; made by [`from_slice`](super::from_slice) and friends.
pub struct Reader<'de> {
    input: &'de [u8],
    pos: usize,
    remaining_depth: usize,
    scratch: Vec<u8>,
    /// Offset of the opening quote of the last key (or string) read, for error positions.
    last_key: usize,
}

/// serde_json's default nesting limit.
pub(crate) const DEFAULT_MAX_DEPTH: usize = 128;

impl<'de> Reader<'de> {
    /// A reader over `input`, which must be valid UTF-8 (the type says so).
    pub(crate) fn new(input: &'de str, max_depth: usize) -> Self {
        Reader {
            input: input.as_bytes(),
            pos: 0,
            remaining_depth: max_depth,
            scratch: Vec::new(),
            last_key: 0,
        }
    }

    /// Byte offset of the next unread byte.
    #[inline]
    pub fn offset(&self) -> usize {
        self.pos
    }

    /// An error of kind `code` at the current position.
    #[cold]
    #[inline(never)]
    pub(crate) fn error(&self, code: ErrorCode) -> Error {
        Error::at(code, self.input, self.pos)
    }

    #[cold]
    #[inline(never)]
    fn error_at(&self, code: ErrorCode, offset: usize) -> Error {
        Error::at(code, self.input, offset)
    }

    /// Skips whitespace and returns the next byte without consuming it.
    #[inline(always)]
    fn skip_whitespace(&mut self) -> Option<u8> {
        // Most tokens follow the previous one directly: one comparison settles it (every
        // byte above the space character is not whitespace).
        match self.input.get(self.pos) {
            Some(&byte) if byte > b' ' => Some(byte),
            None => None,
            // One space, as pretty printers put after every colon: also settled inline.
            Some(b' ') => match self.input.get(self.pos + 1) {
                Some(&byte) if byte > b' ' => {
                    self.pos += 1;
                    Some(byte)
                }
                _ => self.skip_whitespace_run(),
            },
            Some(_) => self.skip_whitespace_run(),
        }
    }

    /// Skips a run of whitespace, such as a pretty-printer's newline and indentation, many
    /// bytes at a time.
    #[inline(never)]
    fn skip_whitespace_run(&mut self) -> Option<u8> {
        self.pos = find_non_whitespace(self.input, self.pos);
        self.input.get(self.pos).copied()
    }

    /// The first byte of the next value (after whitespace), not consumed.
    #[inline]
    pub fn peek(&mut self) -> Result<u8, Error> {
        match self.skip_whitespace() {
            Some(byte) => Ok(byte),
            None => Err(self.error(ErrorCode::EofWhileParsingValue)),
        }
    }

    /// Checks that only whitespace is left.
    pub(crate) fn end(&mut self) -> Result<(), Error> {
        match self.skip_whitespace() {
            None => Ok(()),
            Some(_) => Err(self.error(ErrorCode::TrailingCharacters)),
        }
    }

    #[inline]
    fn eat_literal(&mut self, literal: &[u8]) -> Result<(), Error> {
        let end = self.pos + literal.len();
        if self.input.get(self.pos..end) == Some(literal) {
            self.pos = end;
            Ok(())
        } else {
            Err(self.literal_error(literal))
        }
    }

    #[cold]
    fn literal_error(&mut self, literal: &[u8]) -> Error {
        // Point at the first byte that differs, or report the end of input.
        for &expected in literal {
            match self.input.get(self.pos) {
                None => return self.error(ErrorCode::EofWhileParsingValue),
                Some(&byte) if byte == expected => self.pos += 1,
                Some(_) => return self.error(ErrorCode::ExpectedSomeValue),
            }
        }
        self.error(ErrorCode::ExpectedSomeValue)
    }

    /// Reads `null`, or reports that `expected` was wanted.
    #[inline]
    pub fn decode_null(&mut self, expected: &'static str) -> Result<(), Error> {
        match self.peek()? {
            b'n' => self.eat_literal(b"null"),
            _ => Err(self.invalid_type(expected)),
        }
    }

    /// Reads `null` if that is what comes next, and says whether it did.
    #[inline]
    pub fn try_null(&mut self) -> Result<bool, Error> {
        if self.peek()? == b'n' {
            self.eat_literal(b"null")?;
            Ok(true)
        } else {
            Ok(false)
        }
    }

    /// Reads `true` or `false`.
    #[inline]
    pub fn decode_bool(&mut self) -> Result<bool, Error> {
        match self.peek()? {
            b't' => self.eat_literal(b"true").map(|()| true),
            b'f' => self.eat_literal(b"false").map(|()| false),
            _ => Err(self.invalid_type("a boolean")),
        }
    }

    /// Reads an unsigned integer; `expected` names the target type in errors (`"u32"`).
    #[inline]
    pub fn decode_u64(&mut self, expected: &'static str) -> Result<u64, Error> {
        match self.peek()? {
            b'0'..=b'9' => {}
            b'-' => {}
            _ => return Err(self.invalid_type(expected)),
        }
        // Fast path: up to 19 digits always fit, and most integers end there.
        let first = self.pos;
        let mut value: u64 = 0;
        let mut i = first;
        while i < self.input.len() && i - first < 19 {
            let digit = self.input[i].wrapping_sub(b'0');
            if digit > 9 {
                break;
            }
            value = value * 10 + u64::from(digit);
            i += 1;
        }
        let digits = i - first;
        let ends_here = !matches!(self.input.get(i), Some(b'0'..=b'9' | b'.' | b'e' | b'E'));
        if digits > 0 && ends_here && (digits == 1 || self.input[first] != b'0') {
            self.pos = i;
            return Ok(value);
        }
        match self.parse_number()? {
            ParsedNumber::U64(value) => Ok(value),
            number => Err(self.number_type_error(number, expected, first)),
        }
    }

    /// Reads a signed integer; `expected` names the target type in errors (`"i32"`).
    #[inline]
    pub fn decode_i64(&mut self, expected: &'static str) -> Result<i64, Error> {
        match self.peek()? {
            b'0'..=b'9' | b'-' => {}
            _ => return Err(self.invalid_type(expected)),
        }
        let start = self.pos;
        match self.parse_number()? {
            ParsedNumber::U64(value) => i64::try_from(value)
                .map_err(|_| self.invalid_value_at(format!("integer `{value}`"), expected, start)),
            ParsedNumber::I64(value) => Ok(value),
            number => Err(self.number_type_error(number, expected, start)),
        }
    }

    /// Reads a 128-bit unsigned integer, digits read exactly (no detour through `f64`).
    pub fn decode_u128(&mut self) -> Result<u128, Error> {
        let (negative, digits, start) = self.parse_integer_text("u128")?;
        if negative {
            // serde_json refuses any sign on a u128, `-0` included.
            return Err(self.error_at(ErrorCode::NumberOutOfRange, start));
        }
        let mut value: u128 = 0;
        for &digit in digits {
            value = value
                .checked_mul(10)
                .and_then(|v| v.checked_add(u128::from(digit - b'0')))
                .ok_or_else(|| self.error_at(ErrorCode::NumberOutOfRange, start))?;
        }
        Ok(value)
    }

    /// Reads a 128-bit signed integer, digits read exactly.
    pub fn decode_i128(&mut self) -> Result<i128, Error> {
        let (negative, digits, start) = self.parse_integer_text("i128")?;
        let mut value: i128 = 0;
        for &digit in digits {
            let digit = i128::from(digit - b'0');
            value = value
                .checked_mul(10)
                .and_then(|v| {
                    if negative {
                        v.checked_sub(digit)
                    } else {
                        v.checked_add(digit)
                    }
                })
                .ok_or_else(|| self.error_at(ErrorCode::NumberOutOfRange, start))?;
        }
        Ok(value)
    }

    /// The sign and digits of an integer (no fraction or exponent allowed: those make it a
    /// float, which is the wrong type).
    fn parse_integer_text(
        &mut self,
        expected: &'static str,
    ) -> Result<(bool, &'de [u8], usize), Error> {
        match self.peek()? {
            b'0'..=b'9' | b'-' => {}
            _ => return Err(self.invalid_type(expected)),
        }
        let start = self.pos;
        let (negative, int_start, int_end, is_float) = self.scan_number()?;
        if is_float {
            let number = self.number_from_text(start, self.pos)?;
            return Err(self.number_type_error(number, expected, start));
        }
        Ok((negative, &self.input[int_start..int_end], start))
    }

    /// Reads a number as `f64`, correctly rounded.
    #[inline]
    pub fn decode_f64(&mut self) -> Result<f64, Error> {
        match self.peek()? {
            b'0'..=b'9' | b'-' => {}
            _ => return Err(self.invalid_type("f64")),
        }
        match self.parse_number()? {
            ParsedNumber::U64(value) => Ok(value as f64),
            ParsedNumber::I64(value) => Ok(value as f64),
            ParsedNumber::F64(value) => Ok(value),
        }
    }

    /// Reads a number as `f32`, rounded once from the decimal text (never through `f64`).
    #[inline]
    pub fn decode_f32(&mut self) -> Result<f32, Error> {
        match self.peek()? {
            b'0'..=b'9' | b'-' => {}
            _ => return Err(self.invalid_type("f32")),
        }
        let start = self.pos;
        self.scan_number()?;
        let text = &self.input[start..self.pos];
        let value: f32 =
            fast_float2::parse(text).map_err(|_| self.error_at(ErrorCode::InvalidNumber, start))?;
        if value.is_infinite() {
            return Err(self.error_at(ErrorCode::NumberOutOfRange, start));
        }
        Ok(value)
    }

    /// Checks the number grammar from the current position and moves past it. Returns the
    /// sign, the span of the integer digits, and whether a fraction or exponent followed.
    fn scan_number(&mut self) -> Result<(bool, usize, usize, bool), Error> {
        let input = self.input;
        let mut i = self.pos;
        let negative = input.get(i) == Some(&b'-');
        if negative {
            i += 1;
        }
        let int_start = i;
        match input.get(i) {
            Some(b'0') => {
                i += 1;
                if matches!(input.get(i), Some(b'0'..=b'9')) {
                    return Err(self.error_at(ErrorCode::InvalidNumber, i));
                }
            }
            Some(b'1'..=b'9') => i = skip_digits(input, i + 1),
            Some(_) => return Err(self.error_at(ErrorCode::InvalidNumber, i)),
            None => return Err(self.error_at(ErrorCode::EofWhileParsingValue, i)),
        }
        let int_end = i;
        let mut is_float = false;
        if input.get(i) == Some(&b'.') {
            let digits = i + 1;
            i = skip_digits(input, digits);
            if i == digits {
                let code = if i == input.len() {
                    ErrorCode::EofWhileParsingValue
                } else {
                    ErrorCode::InvalidNumber
                };
                return Err(self.error_at(code, i));
            }
            is_float = true;
        }
        if matches!(input.get(i), Some(b'e' | b'E')) {
            i += 1;
            if matches!(input.get(i), Some(b'+' | b'-')) {
                i += 1;
            }
            let digits = i;
            i = skip_digits(input, i);
            if i == digits {
                let code = if i == input.len() {
                    ErrorCode::EofWhileParsingValue
                } else {
                    ErrorCode::InvalidNumber
                };
                return Err(self.error_at(code, i));
            }
            is_float = true;
        }
        self.pos = i;
        Ok((negative, int_start, int_end, is_float))
    }

    /// Reads any number, as serde_json classifies it.
    pub(crate) fn parse_number(&mut self) -> Result<ParsedNumber, Error> {
        let start = self.pos;
        let (negative, int_start, int_end, is_float) = self.scan_number()?;
        if !is_float && int_end - int_start <= 19 {
            let mut value: u64 = 0;
            for &digit in &self.input[int_start..int_end] {
                value = value * 10 + u64::from(digit - b'0');
            }
            if !negative {
                return Ok(ParsedNumber::U64(value));
            }
            // serde_json reads `-0` as the float -0.0 (there is no negative integer zero).
            if value == 0 {
                return Ok(ParsedNumber::F64(-0.0));
            }
            if value <= i64::MAX as u64 + 1 {
                return Ok(ParsedNumber::I64((value as i64).wrapping_neg()));
            }
        } else if !is_float && !negative {
            // 20 digits may still fit in u64.
            let mut value: u64 = 0;
            let fits = self.input[int_start..int_end].iter().all(|&digit| {
                match value
                    .checked_mul(10)
                    .and_then(|v| v.checked_add(u64::from(digit - b'0')))
                {
                    Some(next) => {
                        value = next;
                        true
                    }
                    None => false,
                }
            });
            if fits {
                return Ok(ParsedNumber::U64(value));
            }
        }
        self.number_from_text(start, self.pos)
    }

    /// A float (or an integer too large for 64 bits) from its checked text.
    fn number_from_text(&self, start: usize, end: usize) -> Result<ParsedNumber, Error> {
        let value: f64 = fast_float2::parse(&self.input[start..end])
            .map_err(|_| self.error_at(ErrorCode::InvalidNumber, start))?;
        if value.is_infinite() {
            return Err(self.error_at(ErrorCode::NumberOutOfRange, start));
        }
        Ok(ParsedNumber::F64(value))
    }

    #[cold]
    fn number_type_error(&self, number: ParsedNumber, expected: &'static str, at: usize) -> Error {
        match number {
            ParsedNumber::U64(value) => {
                self.invalid_value_at(format!("integer `{value}`"), expected, at)
            }
            ParsedNumber::I64(value) => {
                self.invalid_value_at(format!("integer `{value}`"), expected, at)
            }
            ParsedNumber::F64(value) => self.error_at(
                ErrorCode::InvalidType {
                    found: format!("floating point `{}`", FloatText(value)),
                    expected,
                },
                at,
            ),
        }
    }

    #[cold]
    pub(crate) fn invalid_value_at(
        &self,
        found: String,
        expected: &'static str,
        at: usize,
    ) -> Error {
        self.error_at(ErrorCode::InvalidValue { found, expected }, at)
    }

    /// Reads a string: borrowed from the input when it has no escapes.
    #[inline]
    pub fn decode_str(&mut self) -> Result<Str<'de, '_>, Error> {
        match self.peek()? {
            b'"' => {
                self.last_key = self.pos;
                self.pos += 1;
                self.parse_string_body()
            }
            _ => Err(self.invalid_type("a string")),
        }
    }

    /// Reads a string that must be borrowed whole from the input (for `&'de str` targets):
    /// one with escapes cannot be, and is an error as in serde_json.
    #[inline]
    pub fn decode_borrowed_str(&mut self) -> Result<&'de str, Error> {
        let start = self.pos;
        match self.decode_str()? {
            Str::Borrowed(s) => Ok(s),
            Str::Scratch(s) => {
                let found = format!("string {}", super::to_string(s));
                let err = ErrorCode::InvalidType {
                    found,
                    expected: "a borrowed string",
                };
                Err(self.error_at(err, start))
            }
        }
    }

    /// After the opening quote: the string up to its closing quote.
    #[inline]
    fn parse_string_body(&mut self) -> Result<Str<'de, '_>, Error> {
        let input = self.input;
        let start = self.pos;
        let at = find_escape(input, start);
        match input.get(at) {
            Some(b'"') => {
                self.pos = at + 1;
                // SAFETY: the input is valid UTF-8 (`Reader::new` takes a `&str`), and the
                // slice starts just after a `"` and ends just before one: ASCII bytes never
                // occur inside a multi-byte sequence, so both ends are character boundaries.
                let text = unsafe { std::str::from_utf8_unchecked(&input[start..at]) };
                Ok(Str::Borrowed(text))
            }
            Some(b'\\') => {
                self.scratch.clear();
                self.scratch.extend_from_slice(&input[start..at]);
                self.pos = at;
                self.unescape_rest()?;
                // SAFETY: the scratch holds copies of input runs cut at ASCII bytes (so whole
                // characters of valid UTF-8) and characters encoded by `char::encode_utf8`.
                let text = unsafe { std::str::from_utf8_unchecked(&self.scratch) };
                Ok(Str::Scratch(text))
            }
            Some(_) => Err(self.error_at(ErrorCode::ControlCharacterInString, at)),
            None => Err(self.error_at(ErrorCode::EofWhileParsingString, at)),
        }
    }

    /// From a backslash to the closing quote, appending unescaped text to the scratch buffer.
    fn unescape_rest(&mut self) -> Result<(), Error> {
        let input = self.input;
        loop {
            // Here `input[self.pos]` is the byte that ended the last clean run.
            match input.get(self.pos) {
                Some(b'"') => {
                    self.pos += 1;
                    return Ok(());
                }
                Some(b'\\') => {
                    self.pos += 1;
                    self.unescape_one()?;
                }
                Some(_) => return Err(self.error(ErrorCode::ControlCharacterInString)),
                None => return Err(self.error(ErrorCode::EofWhileParsingString)),
            }
            let at = find_escape(input, self.pos);
            self.scratch.extend_from_slice(&input[self.pos..at]);
            self.pos = at;
        }
    }

    /// After a backslash: one escape sequence.
    fn unescape_one(&mut self) -> Result<(), Error> {
        let Some(&letter) = self.input.get(self.pos) else {
            return Err(self.error(ErrorCode::EofWhileParsingString));
        };
        self.pos += 1;
        let byte = match letter {
            b'"' => b'"',
            b'\\' => b'\\',
            b'/' => b'/',
            b'b' => 0x08,
            b'f' => 0x0C,
            b'n' => b'\n',
            b'r' => b'\r',
            b't' => b'\t',
            b'u' => return self.unescape_unicode(),
            _ => return Err(self.error_at(ErrorCode::InvalidEscape, self.pos - 1)),
        };
        self.scratch.push(byte);
        Ok(())
    }

    /// After `\u`: a code point, joining a surrogate pair; a lone surrogate is an error.
    fn unescape_unicode(&mut self) -> Result<(), Error> {
        let first = self.hex4()?;
        let code_point = match first {
            0xD800..=0xDBFF => {
                if self.input.get(self.pos..self.pos + 2) != Some(b"\\u") {
                    return Err(self.error(ErrorCode::LoneSurrogate));
                }
                self.pos += 2;
                let second = self.hex4()?;
                if !(0xDC00..=0xDFFF).contains(&second) {
                    return Err(self.error(ErrorCode::LoneSurrogate));
                }
                0x10000 + ((u32::from(first) - 0xD800) << 10) + (u32::from(second) - 0xDC00)
            }
            0xDC00..=0xDFFF => return Err(self.error(ErrorCode::LoneSurrogate)),
            other => u32::from(other),
        };
        let ch = char::from_u32(code_point)
            .ok_or_else(|| self.error(ErrorCode::InvalidUnicodeCodePoint))?;
        self.scratch
            .extend_from_slice(ch.encode_utf8(&mut [0; 4]).as_bytes());
        Ok(())
    }

    fn hex4(&mut self) -> Result<u16, Error> {
        let Some(digits) = self.input.get(self.pos..self.pos + 4) else {
            return Err(self.error_at(ErrorCode::EofWhileParsingString, self.input.len()));
        };
        let mut value: u16 = 0;
        for (i, &digit) in digits.iter().enumerate() {
            let nibble = match digit {
                b'0'..=b'9' => digit - b'0',
                b'a'..=b'f' => digit - b'a' + 10,
                b'A'..=b'F' => digit - b'A' + 10,
                _ => return Err(self.error_at(ErrorCode::InvalidEscape, self.pos + i)),
            };
            value = (value << 4) | u16::from(nibble);
        }
        self.pos += 4;
        Ok(value)
    }

    /// Steps into an array or object. serde_json's rule: a limit of `n` admits `n - 1` levels.
    fn enter(&mut self) -> Result<(), Error> {
        if self.remaining_depth <= 1 {
            return Err(self.error(ErrorCode::RecursionLimitExceeded));
        }
        self.remaining_depth -= 1;
        self.pos += 1;
        Ok(())
    }

    /// Reads `[`; `expected` names the target in the error when something else comes.
    #[inline]
    pub fn begin_array(&mut self, expected: &'static str) -> Result<(), Error> {
        match self.peek()? {
            b'[' => self.enter(),
            _ => Err(self.invalid_type(expected)),
        }
    }

    /// Whether another element follows (consuming the comma before it), or the array ends
    /// (consuming `]`). `first` is true before the first element.
    #[inline]
    pub fn array_next(&mut self, first: bool) -> Result<bool, Error> {
        match self.skip_whitespace() {
            Some(b']') => {
                self.pos += 1;
                self.remaining_depth += 1;
                Ok(false)
            }
            Some(b',') if !first => {
                self.pos += 1;
                match self.skip_whitespace() {
                    Some(b']') => Err(self.error(ErrorCode::TrailingComma)),
                    _ => Ok(true),
                }
            }
            Some(_) if first => Ok(true),
            Some(_) => Err(self.error(ErrorCode::ExpectedListCommaOrEnd)),
            None => Err(self.error(ErrorCode::EofWhileParsingList)),
        }
    }

    /// Reads `{`; `expected` names the target in the error when something else comes.
    #[inline]
    pub fn begin_object(&mut self, expected: &'static str) -> Result<(), Error> {
        match self.peek()? {
            b'{' => self.enter(),
            _ => Err(self.invalid_type(expected)),
        }
    }

    /// The next key and the colon after it, or `None` at the end of the object (consuming
    /// `}`). `first` is true before the first member.
    #[inline]
    pub fn object_key(&mut self, first: bool) -> Result<Option<Str<'de, '_>>, Error> {
        match self.skip_whitespace() {
            Some(b'}') => {
                self.pos += 1;
                self.remaining_depth += 1;
                return Ok(None);
            }
            Some(b',') if !first => {
                self.pos += 1;
                match self.skip_whitespace() {
                    Some(b'"') => {}
                    Some(b'}') => return Err(self.error(ErrorCode::TrailingComma)),
                    Some(_) => return Err(self.error(ErrorCode::KeyMustBeAString)),
                    None => return Err(self.error(ErrorCode::EofWhileParsingValue)),
                }
            }
            Some(b'"') if first => {}
            Some(_) if first => return Err(self.error(ErrorCode::KeyMustBeAString)),
            Some(_) => return Err(self.error(ErrorCode::ExpectedObjectCommaOrEnd)),
            None => return Err(self.error(ErrorCode::EofWhileParsingObject)),
        }
        self.last_key = self.pos;
        self.pos += 1;
        self.parse_key_body().map(Some)
    }

    /// Offset of the opening quote of the key [`Reader::object_key`] returned last.
    #[inline]
    pub fn last_key_offset(&self) -> usize {
        self.last_key
    }

    /// The text of the string whose opening quote is at `offset` (for error paths: the key
    /// itself may already be gone from the scratch buffer).
    #[cold]
    pub fn string_at(&self, offset: usize) -> String {
        let mut again = Reader {
            input: self.input,
            pos: offset,
            remaining_depth: 1,
            scratch: Vec::new(),
            last_key: 0,
        };
        again
            .decode_str()
            .map(|text| String::from(&*text))
            .unwrap_or_default()
    }

    /// After a key's opening quote: the key, then the colon.
    #[inline]
    fn parse_key_body(&mut self) -> Result<Str<'de, '_>, Error> {
        // The key's text must stay valid while the colon is read: find the colon first for
        // the common borrowed case, and fall back to the general path otherwise.
        let input = self.input;
        let start = self.pos;
        let at = find_escape(input, start);
        if input.get(at) == Some(&b'"') {
            self.pos = at + 1;
            self.expect_colon()?;
            // SAFETY: as in `parse_string_body`: valid UTF-8 cut at two ASCII quotes.
            let text = unsafe { std::str::from_utf8_unchecked(&input[start..at]) };
            return Ok(Str::Borrowed(text));
        }
        self.parse_string_body()?;
        self.expect_colon()?;
        // SAFETY: `parse_string_body` left the unescaped key in the scratch buffer (it cannot
        // have borrowed: that case returned above), and nothing has touched it since.
        let text = unsafe { std::str::from_utf8_unchecked(&self.scratch) };
        Ok(Str::Scratch(text))
    }

    #[inline]
    fn expect_colon(&mut self) -> Result<(), Error> {
        match self.skip_whitespace() {
            Some(b':') => {
                self.pos += 1;
                Ok(())
            }
            Some(_) => Err(self.error(ErrorCode::ExpectedColon)),
            None => Err(self.error(ErrorCode::EofWhileParsingObject)),
        }
    }

    /// Reads past one value of any kind, checking its syntax, its strings' escapes and UTF-8.
    ///
    /// Iterative, with its own small stack, so a skipped value may nest as deeply as the input
    /// allows without touching the depth limit or the thread's stack (serde_json skips the
    /// same way, and accepts the same documents).
    pub fn skip_value(&mut self) -> Result<(), Error> {
        // One entry per open container: `true` for an object, `false` for an array.
        let mut open: Vec<bool> = Vec::new();
        loop {
            // A value starts here.
            match self.peek()? {
                b'n' => self.eat_literal(b"null")?,
                b't' => self.eat_literal(b"true")?,
                b'f' => self.eat_literal(b"false")?,
                b'"' => {
                    self.pos += 1;
                    self.skip_string_body()?;
                }
                // Numbers are checked for syntax only, as serde_json does (so `1e999` in an
                // ignored value is not an error).
                b'-' | b'0'..=b'9' => {
                    self.scan_number()?;
                }
                b'[' => {
                    self.pos += 1;
                    match self.skip_whitespace() {
                        Some(b']') => self.pos += 1,
                        Some(_) => {
                            open.push(false);
                            continue;
                        }
                        None => return Err(self.error(ErrorCode::EofWhileParsingList)),
                    }
                }
                b'{' => {
                    self.pos += 1;
                    match self.skip_whitespace() {
                        Some(b'}') => self.pos += 1,
                        Some(b'"') => {
                            self.skip_key()?;
                            open.push(true);
                            continue;
                        }
                        Some(_) => return Err(self.error(ErrorCode::KeyMustBeAString)),
                        None => return Err(self.error(ErrorCode::EofWhileParsingObject)),
                    }
                }
                _ => return Err(self.error(ErrorCode::ExpectedSomeValue)),
            }
            // A value ended: close finished containers until one wants another member.
            loop {
                let Some(&is_object) = open.last() else {
                    return Ok(());
                };
                match (self.skip_whitespace(), is_object) {
                    (Some(b','), false) => {
                        self.pos += 1;
                        break;
                    }
                    (Some(b','), true) => {
                        self.pos += 1;
                        match self.skip_whitespace() {
                            Some(b'"') => self.skip_key()?,
                            Some(b'}') => return Err(self.error(ErrorCode::TrailingComma)),
                            Some(_) => return Err(self.error(ErrorCode::KeyMustBeAString)),
                            None => return Err(self.error(ErrorCode::EofWhileParsingValue)),
                        }
                        break;
                    }
                    (Some(b']'), false) | (Some(b'}'), true) => {
                        self.pos += 1;
                        open.pop();
                    }
                    (Some(_), false) => return Err(self.error(ErrorCode::ExpectedListCommaOrEnd)),
                    (Some(_), true) => return Err(self.error(ErrorCode::ExpectedObjectCommaOrEnd)),
                    (None, false) => return Err(self.error(ErrorCode::EofWhileParsingList)),
                    (None, true) => return Err(self.error(ErrorCode::EofWhileParsingObject)),
                }
            }
        }
    }

    /// At a key's opening quote: skips the key and the colon after it.
    fn skip_key(&mut self) -> Result<(), Error> {
        self.pos += 1;
        self.skip_string_body()?;
        self.expect_colon()
    }

    /// Skips a string, validating escapes, without keeping its text.
    fn skip_string_body(&mut self) -> Result<(), Error> {
        let input = self.input;
        loop {
            let at = find_escape(input, self.pos);
            match input.get(at) {
                Some(b'"') => {
                    self.pos = at + 1;
                    return Ok(());
                }
                Some(b'\\') => {
                    self.pos = at + 1;
                    self.scratch.clear();
                    self.unescape_one()?;
                }
                Some(_) => return Err(self.error_at(ErrorCode::ControlCharacterInString, at)),
                None => return Err(self.error_at(ErrorCode::EofWhileParsingString, at)),
            }
        }
    }

    /// `invalid type: {what is there}, expected {expected}`, at the start of the value found.
    #[cold]
    #[inline(never)]
    pub fn invalid_type(&mut self, expected: &'static str) -> Error {
        let start = self.pos;
        let found = match self.skip_whitespace() {
            None => return self.error(ErrorCode::EofWhileParsingValue),
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
                Ok(text) => format!("string {}", super::to_string(&*text)),
                Err(err) => return err,
            },
            Some(b'-' | b'0'..=b'9') => match self.parse_number() {
                Ok(ParsedNumber::U64(v)) => format!("integer `{v}`"),
                Ok(ParsedNumber::I64(v)) => format!("integer `{v}`"),
                Ok(ParsedNumber::F64(v)) => format!("floating point `{}`", FloatText(v)),
                Err(err) => return err,
            },
            Some(b'[') => "sequence".to_owned(),
            Some(b'{') => "map".to_owned(),
            Some(_) => return self.error(ErrorCode::ExpectedSomeValue),
        };
        let at = start + count_whitespace(&self.input[start..]);
        self.error_at(ErrorCode::InvalidType { found, expected }, at)
    }

    /// `invalid value: {found}, expected {expected}` at `at`.
    #[cold]
    pub fn invalid_value(&self, found: String, expected: &'static str, at: usize) -> Error {
        self.invalid_value_at(found, expected, at)
    }

    /// "missing field `name`", at the current position (the end of the object).
    #[cold]
    pub fn missing_field(&self, name: &'static str) -> Error {
        self.error(ErrorCode::MissingField(name))
    }

    /// "duplicate field `name`", at the current position (the start of the repeated value).
    #[cold]
    pub fn duplicate_field(&self, name: &'static str) -> Error {
        self.error(ErrorCode::DuplicateField(name))
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

    /// "unknown variant `found`, expected one of ...", at the string just read.
    #[cold]
    pub fn unknown_variant(&self, found: &str, expected: &'static [&'static str]) -> Error {
        let code = ErrorCode::UnknownVariant {
            found: found.to_owned(),
            expected,
        };
        self.error_at(code, self.last_key)
    }

    /// "invalid length `len`, expected `expected`".
    #[cold]
    pub fn invalid_length(&self, len: usize, expected: &str) -> Error {
        self.error(ErrorCode::InvalidLength {
            len,
            expected: expected.to_owned(),
        })
    }

    /// A free-form data error at the current position.
    #[cold]
    pub fn custom(&self, message: impl std::fmt::Display) -> Error {
        self.error(ErrorCode::Custom(message.to_string()))
    }

    /// A free-form data error at `offset`.
    #[cold]
    pub fn custom_at(&self, message: impl std::fmt::Display, offset: usize) -> Error {
        self.error_at(ErrorCode::Custom(message.to_string()), offset)
    }
}

/// Index of the first byte at or after `from` that is not an ASCII digit, eight bytes a step.
#[inline]
fn skip_digits(bytes: &[u8], from: usize) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let mut i = from;
    while i + 8 <= bytes.len() {
        let mut word = [0u8; 8];
        word.copy_from_slice(&bytes[i..i + 8]);
        // Digits become 0..=9 after the xor; a byte is flagged when it is 10 or more. The
        // masked add cannot carry between bytes (at most 0x7F + 0x76).
        let t = u64::from_le_bytes(word) ^ (ONES * 0x30);
        let flags = (((t & (ONES * 0x7F)) + ONES * 0x76) | t) & (ONES * 0x80);
        if flags != 0 {
            return i + (flags.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while matches!(bytes.get(i), Some(b'0'..=b'9')) {
        i += 1;
    }
    i
}

/// Index of the first byte at or after `from` that is not JSON whitespace, or `bytes.len()`.
#[inline]
fn find_non_whitespace(bytes: &[u8], from: usize) -> usize {
    let mut i = from;
    // Short runs (a single space or newline) are the common case: look at a few bytes first.
    for _ in 0..4 {
        match bytes.get(i) {
            Some(b' ' | b'\n' | b'\r' | b'\t') => i += 1,
            _ => return i,
        }
    }
    #[cfg(target_arch = "x86_64")]
    {
        i = find_non_whitespace_sse2(bytes, i);
    }
    while let Some(b' ' | b'\n' | b'\r' | b'\t') = bytes.get(i) {
        i += 1;
    }
    i
}

/// Sixteen bytes per step; stops at the first block holding a non-whitespace byte (the scalar
/// loop after it finds the byte) or when fewer than 16 bytes remain.
#[cfg(target_arch = "x86_64")]
#[inline]
fn find_non_whitespace_sse2(bytes: &[u8], from: usize) -> usize {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8,
    };
    let mut i = from;
    // SAFETY: SSE2 is always available on x86_64; each load reads bytes `i..i + 16`, which the
    // loop condition keeps in bounds; `loadu` has no alignment requirement.
    unsafe {
        let space = _mm_set1_epi8(b' ' as i8);
        let newline = _mm_set1_epi8(b'\n' as i8);
        let tab = _mm_set1_epi8(b'\t' as i8);
        let carriage = _mm_set1_epi8(b'\r' as i8);
        while i + 16 <= bytes.len() {
            let v = _mm_loadu_si128(bytes.as_ptr().add(i).cast::<__m128i>());
            let ws = _mm_or_si128(
                _mm_or_si128(_mm_cmpeq_epi8(v, space), _mm_cmpeq_epi8(v, newline)),
                _mm_or_si128(_mm_cmpeq_epi8(v, tab), _mm_cmpeq_epi8(v, carriage)),
            );
            let mask = !_mm_movemask_epi8(ws) & 0xFFFF;
            if mask != 0 {
                return i + mask.trailing_zeros() as usize;
            }
            i += 16;
        }
    }
    i
}

fn count_whitespace(bytes: &[u8]) -> usize {
    bytes
        .iter()
        .take_while(|b| matches!(b, b' ' | b'\n' | b'\r' | b'\t'))
        .count()
}

/// A float as serde's error messages show it (`1.0`, not `1`).
struct FloatText(f64);

impl std::fmt::Display for FloatText {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let mut buffer = zmij::Buffer::new();
        f.write_str(buffer.format_finite(self.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn is_whitespace(byte: u8) -> bool {
        matches!(byte, b' ' | b'\n' | b'\r' | b'\t')
    }

    #[test]
    fn digit_runs_end_at_the_first_non_digit() {
        for len in 0..24usize {
            for byte in 0..=255u8 {
                let mut buf: Vec<u8> = (0..len).map(|i| b'0' + (i % 10) as u8).collect();
                buf.push(byte);
                buf.extend_from_slice(b"12345678");
                for from in 0..=len {
                    let want = (from..buf.len())
                        .find(|&i| !buf[i].is_ascii_digit())
                        .unwrap_or(buf.len());
                    assert_eq!(skip_digits(&buf, from), want, "{buf:?} from {from}");
                }
            }
        }
    }

    /// Every position of every byte value after runs of every length up to 40, with every
    /// starting offset: the fast search agrees with a byte-by-byte one.
    #[test]
    fn whitespace_search_agrees_with_a_scalar_loop() {
        for run in 0..40usize {
            for byte in 0..=255u8 {
                let mut buf: Vec<u8> = (0..run).map(|i| b" \n\r\t"[i % 4]).collect();
                buf.push(byte);
                buf.extend_from_slice(b"   x");
                for from in 0..buf.len() {
                    let want = (from..buf.len())
                        .find(|&i| !is_whitespace(buf[i]))
                        .unwrap_or(buf.len());
                    assert_eq!(find_non_whitespace(&buf, from), want, "{buf:?} from {from}");
                    #[cfg(target_arch = "x86_64")]
                    {
                        let fast = find_non_whitespace_sse2(&buf, from);
                        assert!(
                            fast <= want
                                && buf[from.min(fast)..fast].iter().all(|&b| is_whitespace(b))
                        );
                    }
                }
            }
        }
    }
}
