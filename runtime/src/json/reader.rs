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
use super::float;
use super::reader_errors::out_of_range_end;
use super::Decode;

/// A string read from the input: borrowed from it when it had no escapes, otherwise unescaped
/// into the reader's scratch buffer (valid until the next read).
///
/// The [`Reader`] hands out `Borrowed` exactly when the string had no escapes, so `Borrowed`
/// text is also the string as written between its quotes. That is what lets a
/// [`DecodeKey`](super::DecodeKey) implementation read a map key from its raw text, as
/// serde_json reads integer and boolean keys (where any escape is an error), while string keys
/// stay zero-copy. Code that builds a `Str` itself keeps the same rule: `Scratch` says the
/// text was unescaped.
#[derive(Debug, Clone, Copy)]
pub enum Str<'de, 's> {
    /// A slice of the input itself, as written (there were no escapes); can outlive the
    /// reader.
    Borrowed(&'de str),
    /// Text unescaped into the reader's scratch buffer: the string had at least one escape.
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
    /// The whole input, for slices handed out as text ([`Reader::raw_value`]).
    text: &'de str,
    /// The same bytes, for scanning.
    input: &'de [u8],
    pos: usize,
    remaining_depth: usize,
    scratch: Vec<u8>,
    /// Offset of the opening quote of the last key (or string) read, for error positions.
    last_key: usize,
    /// Whether skipped values are checked as serde checks a value it buffers (see
    /// [`Reader::set_buffered`]).
    buffered: bool,
}

/// serde_json's default nesting limit.
pub(crate) const DEFAULT_MAX_DEPTH: usize = 128;

impl<'de> Reader<'de> {
    /// A reader over `input`, which must be valid UTF-8 (the type says so).
    pub(crate) fn new(input: &'de str, max_depth: usize) -> Self {
        Reader {
            text: input,
            input: input.as_bytes(),
            pos: 0,
            remaining_depth: max_depth,
            scratch: Vec::new(),
            last_key: 0,
            buffered: false,
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
        Error::unlocated(code, self.pos.min(self.input.len()))
    }

    /// An error of kind `code` about the byte at `offset`.
    #[cold]
    #[inline(never)]
    pub(crate) fn error_at(&self, code: ErrorCode, offset: usize) -> Error {
        Error::unlocated(code, offset.min(self.input.len()))
    }

    /// An error of kind `code` about what has just been read, which began at `at`: placed
    /// after it, at the current position, where serde_json places the errors its visitors
    /// return (the last byte read).
    #[cold]
    #[inline(never)]
    pub(crate) fn error_after_read(&self, code: ErrorCode, at: usize) -> Error {
        let consumed = if at <= self.pos { self.pos } else { at + 1 };
        self.error_at(code, at).reported_after(consumed)
    }

    /// A number out of range, starting at `start`: placed where serde_json stops reading it.
    #[cold]
    #[inline(never)]
    fn out_of_range(&self, start: usize) -> Error {
        self.error_at(ErrorCode::NumberOutOfRange, start)
            .reported_after(out_of_range_end(self.input, start))
    }

    /// The whole input, for the error helpers.
    #[inline]
    pub(super) fn bytes(&self) -> &'de [u8] {
        self.input
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

    /// Reads a unit value or a unit variant's content: `null`, as serde_json writes them (the
    /// name every format's reader shares, for generated code).
    #[inline]
    pub fn decode_unit(&mut self, expected: &'static str) -> Result<(), Error> {
        self.decode_null(expected)
    }

    /// Reads a unit struct: `null`, as serde_json writes it.
    #[inline]
    pub fn decode_unit_struct(&mut self, expected: &'static str) -> Result<(), Error> {
        self.decode_null(expected)
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
        let end = read_digits(self.input, first, &mut value);
        let digits = end - first;
        let ends_here = !matches!(self.input.get(end), Some(b'.' | b'e' | b'E'));
        if (1..=19).contains(&digits) && ends_here && (digits == 1 || self.input[first] != b'0') {
            self.pos = end;
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
                .ok_or_else(|| self.error_after_read(ErrorCode::NumberOutOfRange, start))?;
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
                .ok_or_else(|| self.error_after_read(ErrorCode::NumberOutOfRange, start))?;
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
        let number = self.scan_number()?;
        if number.is_float {
            let number = self
                .float_from_scanned(&number, start)
                .map(ParsedNumber::F64)?;
            return Err(self.number_type_error(number, expected, start));
        }
        Ok((
            number.negative,
            &self.input[number.int_start..number.int_end],
            start,
        ))
    }

    /// Reads a number as `f64`, correctly rounded.
    #[inline]
    pub fn decode_f64(&mut self) -> Result<f64, Error> {
        match self.peek()? {
            b'0'..=b'9' | b'-' => {}
            _ => return Err(self.invalid_type("f64")),
        }
        // Integers too go straight to the float conversion: the nearest f64 to the digits is
        // what `value as f64` gives for the integers `parse_number` would return, and `-0`
        // becomes -0.0 either way.
        let start = self.pos;
        let number = self.scan_number()?;
        self.float_from_scanned(&number, start)
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
            return Err(self.out_of_range(start));
        }
        Ok(value)
    }

    /// Checks the number grammar from the current position and moves past it, gathering the
    /// digits and decimal exponent on the way (see [`ScannedNumber`]).
    #[inline(always)]
    fn scan_number(&mut self) -> Result<ScannedNumber, Error> {
        let input = self.input;
        let mut i = self.pos;
        let negative = input.get(i) == Some(&b'-');
        if negative {
            i += 1;
        }
        let int_start = i;
        let mut digits: u64 = 0;
        match input.get(i) {
            Some(b'0') => {
                i += 1;
                if matches!(input.get(i), Some(b'0'..=b'9')) {
                    return Err(self.error_at(ErrorCode::InvalidNumber, i));
                }
            }
            Some(&first @ b'1'..=b'9') => {
                // Integer parts are mostly short: their first few digits one at a time, any
                // more eight at a time.
                digits = u64::from(first - b'0');
                i += 1;
                let mut left = 3;
                while let Some(&byte) = input.get(i) {
                    let digit = byte.wrapping_sub(b'0');
                    if digit > 9 {
                        break;
                    }
                    digits = digits * 10 + u64::from(digit);
                    i += 1;
                    left -= 1;
                    if left == 0 {
                        i = read_digits(input, i, &mut digits);
                        break;
                    }
                }
            }
            Some(_) => return Err(self.error_at(ErrorCode::InvalidNumber, i)),
            None => return Err(self.error_at(ErrorCode::EofWhileParsingValue, i)),
        }
        let int_end = i;
        let mut is_float = false;
        let mut frac_len = 0;
        if input.get(i) == Some(&b'.') {
            let first = i + 1;
            i = read_digits(input, first, &mut digits);
            if i == first {
                return Err(self.number_end_error(i));
            }
            frac_len = i - first;
            is_float = true;
        }
        let mut exp10: i64 = 0;
        if matches!(input.get(i), Some(b'e' | b'E')) {
            i += 1;
            let negative_exp = match input.get(i) {
                Some(b'-') => {
                    i += 1;
                    true
                }
                Some(b'+') => {
                    i += 1;
                    false
                }
                _ => false,
            };
            let first = i;
            while let Some(&byte) = input.get(i) {
                let digit = byte.wrapping_sub(b'0');
                if digit > 9 {
                    break;
                }
                // Saturates: an exponent this large makes any digit string that could fit in
                // memory 0 or infinite.
                if exp10 < EXPONENT_LIMIT {
                    exp10 = exp10 * 10 + i64::from(digit);
                }
                i += 1;
            }
            if i == first {
                return Err(self.number_end_error(i));
            }
            if negative_exp {
                exp10 = -exp10;
            }
            is_float = true;
        }
        self.pos = i;
        Ok(ScannedNumber {
            negative,
            int_start,
            int_end,
            is_float,
            digits,
            digit_count: int_end - int_start + frac_len,
            // No overflow: |exp10| <= 10^18 + 9, and no input holds 8 × 10^18 digits.
            exp10: exp10 - frac_len as i64,
        })
    }

    /// The error for a fraction or exponent without digits, which ends at `at`.
    #[cold]
    fn number_end_error(&self, at: usize) -> Error {
        let code = if at == self.input.len() {
            ErrorCode::EofWhileParsingValue
        } else {
            ErrorCode::InvalidNumber
        };
        self.error_at(code, at)
    }

    /// Reads any number, as serde_json classifies it.
    pub(crate) fn parse_number(&mut self) -> Result<ParsedNumber, Error> {
        let start = self.pos;
        let number = self.scan_number()?;
        if !number.is_float {
            let int_len = number.int_end - number.int_start;
            if int_len <= 19 {
                let value = number.digits;
                if !number.negative {
                    return Ok(ParsedNumber::U64(value));
                }
                // serde_json reads `-0` as the float -0.0 (there is no negative integer zero).
                if value == 0 {
                    return Ok(ParsedNumber::F64(-0.0));
                }
                if value <= i64::MAX as u64 + 1 {
                    return Ok(ParsedNumber::I64((value as i64).wrapping_neg()));
                }
            } else if !number.negative {
                // 20 digits may still fit in u64.
                let mut value: u64 = 0;
                let fits = self.input[number.int_start..number.int_end]
                    .iter()
                    .all(|&digit| {
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
        }
        self.float_from_scanned(&number, start)
            .map(ParsedNumber::F64)
    }

    /// The `f64` nearest to a scanned number that started at `start`; numbers beyond the `f64`
    /// range are errors.
    #[inline(always)]
    fn float_from_scanned(&self, number: &ScannedNumber, start: usize) -> Result<f64, Error> {
        if number.digit_count > 19 {
            return self.float_from_long_digits(
                start,
                number.int_end,
                number.digit_count,
                number.exp10,
            );
        }
        match float::decimal_to_f64(number.digits, number.exp10, false) {
            Some(value) if value.is_finite() => Ok(if number.negative { -value } else { value }),
            Some(_) => Err(self.out_of_range(start)),
            None => self.number_from_text(start, self.pos),
        }
    }

    /// [`Self::float_from_scanned`] for more than 19 digits, where the wrapped-around
    /// `digits` are useless: the leading digits are taken again. The arguments are the
    /// number's start and the [`ScannedNumber`] fields needed.
    #[cold]
    #[inline(never)]
    fn float_from_long_digits(
        &self,
        start: usize,
        int_end: usize,
        digit_count: usize,
        exp10: i64,
    ) -> Result<f64, Error> {
        let negative = self.input[start] == b'-';
        let int = &self.input[start + usize::from(negative)..int_end];
        let frac = match digit_count - int.len() {
            0 => &[][..],
            // The fraction digits follow the integer digits and the `.`.
            frac_len => &self.input[int_end + 1..][..frac_len],
        };
        let (digits, exp10, truncated) = float::leading_digits(int, frac, exp10);
        match float::decimal_to_f64(digits, exp10, truncated) {
            Some(value) if value.is_finite() => Ok(if negative { -value } else { value }),
            Some(_) => Err(self.out_of_range(start)),
            None => self.number_from_text(start, self.pos),
        }
    }

    /// A float from its checked text, the slow way (exact ties, subnormals, the edge of the
    /// range, and long digit strings).
    #[cold]
    #[inline(never)]
    fn number_from_text(&self, start: usize, end: usize) -> Result<f64, Error> {
        let value: f64 = fast_float2::parse(&self.input[start..end])
            .map_err(|_| self.error_at(ErrorCode::InvalidNumber, start))?;
        if value.is_infinite() {
            return Err(self.out_of_range(start));
        }
        Ok(value)
    }

    /// The error for a number that is not of the type wanted, placed after it.
    #[cold]
    fn number_type_error(&self, number: ParsedNumber, expected: &'static str, at: usize) -> Error {
        match number {
            ParsedNumber::U64(value) => {
                self.invalid_value_at(format!("integer `{value}`"), expected, at)
            }
            ParsedNumber::I64(value) => {
                self.invalid_value_at(format!("integer `{value}`"), expected, at)
            }
            ParsedNumber::F64(value) => self.error_after_read(
                ErrorCode::InvalidType {
                    found: format!("floating point `{}`", FloatText(value)),
                    expected,
                },
                at,
            ),
        }
    }

    /// `invalid value`, about the value that began at `at` and has just been read.
    #[cold]
    pub(crate) fn invalid_value_at(
        &self,
        found: String,
        expected: &'static str,
        at: usize,
    ) -> Error {
        self.error_after_read(ErrorCode::InvalidValue { found, expected }, at)
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

    /// The `N` bytes between the quotes when the next value is a string whose closing quote
    /// is `N` bytes after its opening one; `None` otherwise. Nothing is consumed: a caller
    /// that accepts the bytes (which it must check hold no quote, backslash or control
    /// character, as fixed-length text such as an id or a date never does) calls
    /// [`Reader::skip_fixed_str`]. Fixed-length text is so read without scanning for escapes.
    #[cfg_attr(not(any(feature = "chrono", feature = "uuid")), allow(dead_code))]
    #[inline]
    pub(crate) fn peek_fixed_str<const N: usize>(&self) -> Option<&'de [u8; N]> {
        let input: &'de [u8] = self.input;
        match input.get(self.pos..self.pos + N + 2)? {
            [b'"', body @ .., b'"'] => body.try_into().ok(),
            _ => None,
        }
    }

    /// Consumes the string [`Reader::peek_fixed_str`] gave.
    #[cfg_attr(not(any(feature = "chrono", feature = "uuid")), allow(dead_code))]
    #[inline]
    pub(crate) fn skip_fixed_str<const N: usize>(&mut self) {
        self.last_key = self.pos;
        self.pos += N + 2;
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
                let start = start + count_whitespace(&self.input[start..]);
                Err(self.error_after_read(err, start))
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
                    return Err(self.unpaired_surrogate());
                }
                self.pos += 2;
                let second = self.hex4()?;
                if !(0xDC00..=0xDFFF).contains(&second) {
                    return Err(self.error_at(ErrorCode::LoneSurrogate, self.pos - 1));
                }
                0x10000 + ((u32::from(first) - 0xD800) << 10) + (u32::from(second) - 0xDC00)
            }
            // About the escape's last digit, where serde_json stops.
            0xDC00..=0xDFFF => return Err(self.error_at(ErrorCode::LoneSurrogate, self.pos - 1)),
            other => u32::from(other),
        };
        let ch = char::from_u32(code_point)
            .ok_or_else(|| self.error(ErrorCode::InvalidUnicodeCodePoint))?;
        self.scratch
            .extend_from_slice(ch.encode_utf8(&mut [0; 4]).as_bytes());
        Ok(())
    }

    /// A leading surrogate's escape not followed by `\u`: the input's end, or the first byte
    /// that is not `\u`, where serde_json stops.
    #[cold]
    fn unpaired_surrogate(&self) -> Error {
        let at = if self.input.get(self.pos) == Some(&b'\\') {
            self.pos + 1
        } else {
            self.pos
        };
        match at < self.input.len() {
            true => self.error_at(ErrorCode::LoneSurrogate, at),
            false => self.error_at(ErrorCode::EofWhileParsingString, at),
        }
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
                // serde_json takes the four digits before it looks at them: placed after them.
                _ => {
                    let err = self.error_at(ErrorCode::InvalidEscape, self.pos + i);
                    return Err(err.reported_after(self.pos + 4));
                }
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
    /// `}`). `first` is true before the first member. The key is [`Str::Borrowed`] exactly
    /// when it has no escapes, and then it is the key's raw text too.
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

    /// Whether the next member of the open object has the key `quoted` (its text with the
    /// quotes, as written without escapes: `b"\"id\""`); if so, the key and its colon (and the
    /// comma before it unless `first`) are read, leaving the reader at the member's value as
    /// [`Reader::object_key`] leaves it; otherwise nothing is read. Derived decoders read the
    /// members that come in declaration order with it; any other key, a key with escapes or
    /// malformed input is left to `object_key`.
    #[doc(hidden)]
    #[inline(always)]
    pub fn try_member(&mut self, first: bool, quoted: &[u8]) -> bool {
        let start = self.pos;
        if !first {
            if self.skip_whitespace() != Some(b',') {
                self.pos = start;
                return false;
            }
            self.pos += 1;
        }
        if self.skip_whitespace() != Some(b'"') || !self.input[self.pos..].starts_with(quoted) {
            self.pos = start;
            return false;
        }
        let key_at = self.pos;
        self.pos += quoted.len();
        if self.skip_whitespace() != Some(b':') {
            self.pos = start;
            return false;
        }
        self.pos += 1;
        self.last_key = key_at;
        true
    }

    /// Whether the next value is an object whose first member's key is `name`, written
    /// without escapes. If it is, the object is opened and that key and its colon are read,
    /// leaving the reader at the member's value (as [`Reader::object_key`] leaves it; read the
    /// next members with `object_key(false)`); otherwise nothing is read. Internally tagged
    /// enums use it to read the variant straight away when the tag comes first, as it
    /// nearly always does.
    ///
    /// ```
    /// use fastwire::json::{self, Decode, Error, Reader};
    ///
    /// struct First(u8);
    ///
    /// impl<'de> Decode<'de> for First {
    ///     fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
    ///         if !r.object_starts_with("n") {
    ///             return Err(r.custom("`n` must come first"));
    ///         }
    ///         let n = u8::decode(r)?;
    ///         while r.object_key(false)?.is_some() {
    ///             r.skip_value()?;
    ///         }
    ///         Ok(First(n))
    ///     }
    /// }
    ///
    /// assert_eq!(json::from_str::<First>(r#"{"n": 3, "m": 4}"#).unwrap().0, 3);
    /// assert!(json::from_str::<First>(r#"{"m": 4, "n": 3}"#).is_err());
    /// ```
    pub fn object_starts_with(&mut self, name: &str) -> bool {
        if self.skip_whitespace() != Some(b'{') {
            return false;
        }
        let (pos, remaining_depth, last_key) = (self.pos, self.remaining_depth, self.last_key);
        let found = self.enter().is_ok()
            && matches!(self.object_key(true), Ok(Some(Str::Borrowed(key))) if key == name);
        if !found {
            self.pos = pos;
            self.remaining_depth = remaining_depth;
            self.last_key = last_key;
        }
        found
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
            text: self.text,
            input: self.input,
            pos: offset,
            remaining_depth: 1,
            scratch: Vec::new(),
            last_key: 0,
            buffered: false,
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

    /// Sets whether values read past ([`Reader::skip_value`], [`Reader::raw_value`]) are
    /// checked as serde checks a value it buffers, and returns the previous setting.
    ///
    /// serde reads some values whole into a buffer of its own before deciding what they are:
    /// the members of a struct with flattened fields that its own fields do not name, the
    /// content of an internally tagged enum, an untagged enum's value. serde_json then parses
    /// every number in them (a float out of `f64`'s range is an error) and counts their
    /// nesting against its limit, where a value it ignores outright is checked for syntax
    /// only. Derived code turns this on where serde buffers, so that it accepts exactly what
    /// serde accepts there; it is off otherwise.
    ///
    /// ```
    /// use fastwire::json::{self, Decode, Error, Reader};
    ///
    /// /// An object whose members are all read past, as serde would buffer them.
    /// struct Buffered;
    ///
    /// impl<'de> Decode<'de> for Buffered {
    ///     fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
    ///         let before = r.set_buffered(true);
    ///         let result = r.skip_value();
    ///         r.set_buffered(before);
    ///         result.map(|()| Buffered)
    ///     }
    /// }
    ///
    /// assert!(json::from_str::<Buffered>(r#"{"a": [1e300]}"#).is_ok());
    /// assert!(json::from_str::<Buffered>(r#"{"a": [1e400]}"#).is_err());
    /// ```
    #[inline]
    pub fn set_buffered(&mut self, on: bool) -> bool {
        std::mem::replace(&mut self.buffered, on)
    }

    /// [`Reader::skip_value`] in buffered mode: containers count against the depth limit,
    /// numbers are parsed (and must be in range), strings and literals are checked as when
    /// skipping. Recursive, within the depth limit.
    fn skip_buffered(&mut self) -> Result<(), Error> {
        match self.peek()? {
            b'{' => {
                self.enter()?;
                let mut first = true;
                while self.object_key(first)?.is_some() {
                    first = false;
                    self.skip_buffered()?;
                }
                Ok(())
            }
            b'[' => {
                self.enter()?;
                let mut first = true;
                while self.array_next(first)? {
                    first = false;
                    self.skip_buffered()?;
                }
                Ok(())
            }
            b'-' | b'0'..=b'9' => self.parse_number().map(drop),
            _ => {
                // A string or a literal: checked as when skipping (the iterative skipper,
                // which reads one such value and stops).
                self.buffered = false;
                let result = self.skip_value();
                self.buffered = true;
                result
            }
        }
    }

    /// Reads past one value of any kind, checking its syntax, its strings' escapes and UTF-8.
    ///
    /// Iterative, with its own small stack, so a skipped value may nest as deeply as the input
    /// allows without touching the depth limit or the thread's stack (serde_json skips the
    /// same way, and accepts the same documents).
    pub fn skip_value(&mut self) -> Result<(), Error> {
        if self.buffered {
            return self.skip_buffered();
        }
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

    /// The bytes of the name a value read by [`Reader::raw_value`] is, when it is a string
    /// without escapes; `None` for any other value. Generated code uses it to see at once
    /// that a bare string names no variant of an externally tagged enum.
    #[doc(hidden)]
    #[inline]
    pub fn raw_name(raw: &str) -> Option<&[u8]> {
        let bytes = raw.as_bytes();
        match bytes {
            [b'"', name @ .., b'"'] if !name.contains(&b'\\') => Some(name),
            _ => None,
        }
    }

    /// Reads past one value, checking it exactly as [`Reader::skip_value`] does, and returns
    /// the text it spans: from its first byte (after any whitespace before it) to its last,
    /// borrowed from the input, never copied.
    ///
    /// For deferred parsing (keep a value as text, read it once you know what it is), for
    /// handing a value to another parser, and for reading a value twice with
    /// [`Reader::reread`].
    ///
    /// ```
    /// use fastwire::json::{self, Decode, Error, Reader};
    ///
    /// /// A message whose `body` is kept as JSON text until its `kind` says what it is.
    /// struct Message<'a> {
    ///     kind: &'a str,
    ///     body: &'a str,
    /// }
    ///
    /// impl<'de> Decode<'de> for Message<'de> {
    ///     fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
    ///         let (mut kind, mut body) = (None, None);
    ///         r.begin_object("a message")?;
    ///         let mut first = true;
    ///         while let Some(key) = r.object_key(first)? {
    ///             first = false;
    ///             match &*key {
    ///                 "kind" => kind = Some(r.decode_borrowed_str()?),
    ///                 "body" => body = Some(r.raw_value()?),
    ///                 _ => r.skip_value()?,
    ///             }
    ///         }
    ///         match (kind, body) {
    ///             (Some(kind), Some(body)) => Ok(Message { kind, body }),
    ///             (None, _) => Err(r.missing_field("kind")),
    ///             (_, None) => Err(r.missing_field("body")),
    ///         }
    ///     }
    /// }
    ///
    /// let text = r#"{"body": {"x": [1, 2]} , "kind": "point"}"#;
    /// let message: Message = json::from_str(text).unwrap();
    /// assert_eq!(message.kind, "point");
    /// assert_eq!(message.body, r#"{"x": [1, 2]}"#);
    /// // Borrowed from `text`, not copied.
    /// assert!(text.as_bytes().as_ptr_range().contains(&message.body.as_ptr()));
    ///
    /// // Checked as skipped values are: syntax, escapes and UTF-8, not types or ranges.
    /// assert!(json::from_str::<Message>(r#"{"kind": "x", "body": [1,]}"#).is_err());
    /// ```
    pub fn raw_value(&mut self) -> Result<&'de str, Error> {
        self.peek()?;
        let start = self.pos;
        self.skip_value()?;
        // Never panics: a value starts and ends with an ASCII byte, so both ends are
        // character boundaries.
        Ok(&self.text[start..self.pos])
    }

    /// Decodes a `T` from `raw`, a value this reader has already read past (as
    /// [`Reader::raw_value`] returned it), with a new reader over just that value.
    ///
    /// How to read a value twice: try it as one type, then another (untagged enums), or read
    /// a tag out of an object first and the object again as the variant it names.
    ///
    /// - The new reader starts with the depth this reader has left now. Called where the
    ///   value would have been decoded in place, which is what the slice is for, the nesting
    ///   limit applies exactly as if it had been: the value cannot nest deeper than the
    ///   document's limit allows, however often it is read.
    /// - Errors carry offsets, lines and columns in this reader's whole input: offsets point
    ///   at the same byte as an error found while reading the document straight through; a
    ///   syntax error's line and column too, while a data error's line and column are no
    ///   earlier than where this reader stands (just after the value, or the object the value
    ///   was in), which is where serde_json places errors in values serde has buffered.
    /// - Strings borrow from the input as usual (`T` may hold `&'de str`).
    /// - The slice must hold one value and nothing else but whitespace, as `raw_value`'s do.
    ///
    /// Taking the slice rather than an offset and a length leaves nothing to compute at the
    /// call site, and the slice cannot cut a character in two.
    ///
    /// # Panics
    ///
    /// If `raw` is not part of this reader's input (a programming error, not bad input).
    ///
    /// ```
    /// use fastwire::json::{self, Decode, Error, Reader};
    ///
    /// /// A number, or a string holding one: tried one way, then the other.
    /// #[derive(Debug, PartialEq)]
    /// struct Lenient(u32);
    ///
    /// impl<'de> Decode<'de> for Lenient {
    ///     fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
    ///         let raw = r.raw_value()?;
    ///         if let Ok(n) = r.reread::<u32>(raw) {
    ///             return Ok(Lenient(n));
    ///         }
    ///         let text: &str = r.reread(raw)?;
    ///         text.parse().map(Lenient).map_err(|e| r.custom(e))
    ///     }
    /// }
    ///
    /// assert_eq!(json::from_str::<Vec<Lenient>>(r#"[1, "2"]"#).unwrap(), [Lenient(1), Lenient(2)]);
    ///
    /// // An error inside a re-read value points into the whole document.
    /// let err = json::from_str::<Vec<Lenient>>("[1,\n  true]").unwrap_err();
    /// assert_eq!(err.to_string(), "invalid type: boolean `true`, expected a string at [1] (line 2, column 6)");
    /// ```
    pub fn reread<T: Decode<'de>>(&self, raw: &'de str) -> Result<T, Error> {
        self.reread_with(raw, T::decode)
    }

    /// Like [`Reader::reread`], reading the value with `read` rather than a `Decode` impl:
    /// for a value read in a way of its own (one of several shapes, a tag out of an object).
    /// `read` must read the whole value; what follows it is an error.
    ///
    /// # Panics
    ///
    /// If `raw` is not part of this reader's input.
    ///
    /// ```
    /// use fastwire::json::{self, Decode, Error, Reader};
    ///
    /// /// The length of an array, or of a string.
    /// struct Len(usize);
    ///
    /// impl<'de> Decode<'de> for Len {
    ///     fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
    ///         let raw = r.raw_value()?;
    ///         let counted = r.reread_with(raw, |r| {
    ///             r.begin_array("an array")?;
    ///             let mut n = 0;
    ///             while r.array_next(n == 0)? {
    ///                 r.skip_value()?;
    ///                 n += 1;
    ///             }
    ///             Ok(n)
    ///         });
    ///         match counted {
    ///             Ok(n) => Ok(Len(n)),
    ///             Err(_) => r.reread::<&str>(raw).map(|s| Len(s.chars().count())),
    ///         }
    ///     }
    /// }
    ///
    /// let lens: Vec<Len> = json::from_str(r#"[[1, 2, 3], "héllo"]"#).unwrap();
    /// assert_eq!(lens.iter().map(|l| l.0).collect::<Vec<_>>(), [3, 5]);
    /// ```
    pub fn reread_with<T>(
        &self,
        raw: &'de str,
        read: impl FnOnce(&mut Reader<'de>) -> Result<T, Error>,
    ) -> Result<T, Error> {
        // Where `raw` sits in the input. Addresses as integers: no unsafe code, and a slice
        // from elsewhere is caught by the check below.
        let start = (raw.as_ptr() as usize).wrapping_sub(self.input.as_ptr() as usize);
        assert!(
            start <= self.input.len() && raw.len() <= self.input.len() - start,
            "Reader::reread: the slice is not part of this reader's input"
        );
        let end = start + raw.len();
        // The input cut after the value (so the new reader cannot read on), but not before
        // it (so positions stay those of the whole input).
        let text = &self.text[..end];
        let mut again = Reader {
            text,
            input: text.as_bytes(),
            pos: start,
            remaining_depth: self.remaining_depth,
            scratch: Vec::new(),
            last_key: start,
            buffered: self.buffered,
        };
        // serde_json reads such values out of a buffer of serde's, which knows no positions:
        // it places their data errors where its reader then is, as this reader is now.
        let value = read(&mut again).map_err(|err| match err.is_data() {
            true => err.reported_no_earlier_than(self.pos),
            false => err,
        })?;
        again.end()?;
        Ok(value)
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

/// What [`Reader::scan_number`] saw besides a valid number: the value is
/// `digits × 10^exp10` (negated when `negative`) as long as `digit_count <= 19`.
struct ScannedNumber {
    negative: bool,
    /// Span of the integer digits.
    int_start: usize,
    int_end: usize,
    /// Whether a fraction or exponent followed.
    is_float: bool,
    /// The integer and fraction digits read as one integer; wrapped around (useless) when
    /// there are more than 19 of them.
    digits: u64,
    /// How many integer and fraction digits there are (leading zeros included).
    digit_count: usize,
    /// The exponent minus the number of fraction digits.
    exp10: i64,
}

/// Exponents stop growing here (saturate). Beyond it any digit string small enough to be in
/// memory gives 0 or infinity, so the exact exponent does not matter.
const EXPONENT_LIMIT: i64 = 100_000_000_000_000_000;

/// `10^n` for `n` in `0..8`.
const POW10_U64: [u64; 8] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000];

/// Reads the run of ASCII digits starting at `from` into `acc` (`acc × 10^len + run`, wrapping
/// around past 19 digits) eight bytes a step, and returns the index of the first byte after it.
#[inline(always)]
fn read_digits(bytes: &[u8], from: usize, acc: &mut u64) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let mut i = from;
    let mut value = *acc;
    while let Some(chunk) = bytes.get(i..).and_then(<[u8]>::first_chunk::<8>) {
        // Digits become 0..=9 after the xor; a byte is flagged when it is 10 or more. The
        // masked add cannot carry between bytes (at most 0x7F + 0x76).
        let t = u64::from_le_bytes(*chunk) ^ (ONES * 0x30);
        let flags = (((t & (ONES * 0x7F)) + ONES * 0x76) | t) & (ONES * 0x80);
        if flags == 0 {
            value = value
                .wrapping_mul(100_000_000)
                .wrapping_add(eight_digits(t));
            i += 8;
            continue;
        }
        let n = (flags.trailing_zeros() / 8) as usize;
        if n > 0 {
            // Shift the n digits (the low bytes) to the top; the bytes below read as zeros.
            let run = eight_digits(t << (64 - 8 * n));
            value = value.wrapping_mul(POW10_U64[n]).wrapping_add(run);
        }
        *acc = value;
        return i + n;
    }
    while let Some(&byte) = bytes.get(i) {
        let digit = byte.wrapping_sub(b'0');
        if digit > 9 {
            break;
        }
        value = value.wrapping_mul(10).wrapping_add(u64::from(digit));
        i += 1;
    }
    *acc = value;
    i
}

/// The value of eight digits, one per byte (0..=9), the first in the lowest byte.
#[inline(always)]
fn eight_digits(t: u64) -> u64 {
    // Neighbouring digits, then pairs, then quads combine in place: each step's lanes are
    // wide enough for its results (99, 9999, 99999999), so nothing carries between lanes.
    let pairs = (t * 10 + (t >> 8)) & 0x00FF_00FF_00FF_00FF;
    let quads = (pairs * 100 + (pairs >> 16)) & 0x0000_FFFF_0000_FFFF;
    (quads * 10_000 + (quads >> 32)) & 0xFFFF_FFFF
}

/// Index of the first byte at or after `from` that is not JSON whitespace, or `bytes.len()`.
#[inline]
fn find_non_whitespace(bytes: &[u8], from: usize) -> usize {
    // Runs reaching here are usually a pretty-printer's newline and indentation: go wide at
    // once (single spaces are settled inline by `skip_whitespace`).
    #[cfg(target_arch = "x86_64")]
    let from = find_non_whitespace_sse2(bytes, from);
    let mut i = from;
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

    /// Runs of every length up to 24 ending in every byte value, read from every offset: the
    /// run ends where a byte-by-byte loop says, and its value (wrapping past 19 digits, added
    /// to an accumulator) is the loop's.
    #[test]
    fn digit_runs_end_at_the_first_non_digit() {
        for len in 0..24usize {
            for byte in 0..=255u8 {
                let mut buf: Vec<u8> = (0..len).map(|i| b'0' + ((i * 7 + 3) % 10) as u8).collect();
                buf.push(byte);
                buf.extend_from_slice(b"12345678");
                for from in 0..=len {
                    let want = (from..buf.len())
                        .find(|&i| !buf[i].is_ascii_digit())
                        .unwrap_or(buf.len());
                    let want_value = buf[from..want].iter().fold(42u64, |acc, &d| {
                        acc.wrapping_mul(10).wrapping_add(u64::from(d - b'0'))
                    });
                    let mut value = 42;
                    assert_eq!(
                        read_digits(&buf, from, &mut value),
                        want,
                        "{buf:?} from {from}"
                    );
                    assert_eq!(value, want_value, "{buf:?} from {from}");
                }
            }
        }
    }

    // ---- numbers: differential against std's correctly rounded `str::parse::<f64>` ----

    use super::super::float::TestRng;
    use super::super::from_str;

    fn is_out_of_range(err: &Error) -> bool {
        err.to_string().starts_with("number out of range")
    }

    /// `text` read every way a number can be read: `from_str::<f64>`, `parse_number` (as
    /// `Value` does) and `decode_f64` on a raw reader, all compared with std bit for bit. Out
    /// of range numbers must be `NumberOutOfRange` errors.
    fn check_f64(text: &str) {
        let want: f64 = text.parse().unwrap();
        let via_from_str = from_str::<f64>(text);
        let mut reader = Reader::new(text, DEFAULT_MAX_DEPTH);
        let via_parse = reader.parse_number();
        assert_eq!(reader.offset(), text.len(), "{text}");
        if want.is_infinite() {
            let err = via_from_str.expect_err(text);
            assert!(is_out_of_range(&err), "{text}: {err}");
            assert!(via_parse.is_err_and(|e| is_out_of_range(&e)), "{text}");
            return;
        }
        let got = via_from_str.unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(
            got.to_bits(),
            want.to_bits(),
            "{text}: got {got:e}, want {want:e}"
        );
        match via_parse.unwrap_or_else(|e| panic!("{text}: {e}")) {
            ParsedNumber::F64(value) => assert_eq!(value.to_bits(), want.to_bits(), "{text}"),
            ParsedNumber::U64(value) => assert_eq!(value as f64, want, "{text}"),
            ParsedNumber::I64(value) => assert_eq!(value as f64, want, "{text}"),
        }
    }

    /// Random JSON numbers: 1 to 25 digits with the decimal point anywhere (or nowhere),
    /// leading zeros after `0.`, exponents in -350..=350 spelled every way, either sign.
    #[test]
    fn floats_match_std_on_random_text() {
        let mut rng = TestRng::new(0xF10A_7500);
        let mut text = String::new();
        for _ in 0..300_000 {
            text.clear();
            if rng.below(2) == 0 {
                text.push('-');
            }
            let count = 1 + rng.below(25) as usize;
            let mut digits: Vec<u8> = (0..count).map(|_| b'0' + rng.below(10) as u8).collect();
            match rng.below(4) {
                // An integer part then maybe a fraction.
                0 | 1 => {
                    if digits[0] == b'0' && count > 1 {
                        digits[0] = b'1' + rng.below(9) as u8;
                    }
                    let point = 1 + rng.below(count as u64) as usize;
                    text.push_str(std::str::from_utf8(&digits[..point]).unwrap());
                    if point < count {
                        text.push('.');
                        text.push_str(std::str::from_utf8(&digits[point..]).unwrap());
                    }
                }
                // `0.` then zeros then the digits.
                _ => {
                    text.push_str("0.");
                    for _ in 0..rng.below(30) {
                        text.push('0');
                    }
                    text.push_str(std::str::from_utf8(&digits).unwrap());
                }
            }
            if rng.below(3) != 0 {
                text.push(if rng.below(2) == 0 { 'e' } else { 'E' });
                let exp = rng.below(701) as i64 - 350;
                match rng.below(3) {
                    0 if exp >= 0 => text.push('+'),
                    1 if exp >= 0 => text.push_str("00"),
                    _ => {}
                }
                text.push_str(&exp.to_string());
            }
            check_f64(&text);
        }
    }

    #[test]
    fn hard_floats_match_std() {
        let mut cases: Vec<String> = [
            "0",
            "-0",
            "0.0",
            "-0.0",
            "0e0",
            "-0e-0",
            "0.1",
            "0.2",
            "0.3",
            "1e23",
            "8.98846567431158e307",
            "9007199254740992",
            "9007199254740993",
            "9007199254740994",
            "9007199254740995",
            "9007199254740993.0",
            "90071992547409930e-1",
            "900719925474099300000e-5",
            "9007199254740993.0000000000000000000000000001",
            "9007199254740992.9999999999999999999999999999",
            "18014398509481985",
            "18014398509481986",
            "18014398509481987",
            "2.2250738585072011e-308",
            "2.2250738585072012e-308",
            "2.2250738585072014e-308",
            "2.225073858507201136057409796709131975934819546351645648e-308",
            "4.9406564584124654e-324",
            "2.4703282292062327e-324",
            "2.4703282292062328e-324",
            concat!(
                "2.470328229206232720882843964341106861825299013071623822127928412503377536351043",
                "75932649918180817996189898282347722858865463328355177969898199387398005390939063",
                "15035659515570226392290858392449105184435931802849936536152500319370457678249219",
                "36562366986365848075700158576926990370631192827955855133292783433840935197801553",
                "12465972635795746227664652728272200563740064854999770965994704540208281662262378",
                "57393450736339007967761930577506740176324673600968951340535537458516661134223766",
                "67860416215968046191446729184030053005753084904876539171138659164623952491262365",
                "38818796362393732804238910186723484976682350898633885879256283027559956575244555",
                "07255189313690836254779186948667994968324049705821028513185451396213837722826145",
                "4376934125320985913276672363281255e-324",
            ),
            "1.7976931348623157e308",
            "1.7976931348623158e308",
            "1.7976931348623159e308",
            "-1.7976931348623159e308",
            "1e308",
            "1e309",
            "1e-400",
            "-1e-400",
            "123456789e-330",
            "1e-342",
            "1e-343",
            "99999999999999999999e-344",
            "0.000000000000000000000000000000123456789012345678901234567890e-10",
            "1.00000000000000011102230246251565404236316680908203125",
            "1.00000000000000011102230246251565404236316680908203124",
            "1.00000000000000011102230246251565404236316680908203126",
            "7.2057594037927933e16",
            "1.448997445238699",
            "4.35679826e-312",
            "1e-320",
            "3.0540412e5",
            "1e22",
            "1e-22",
            "123456789012345678e-22",
            "18446744073709551615",
            "18446744073709551616",
            "-9223372036854775808",
            "-9223372036854775809",
            "123456789012345678901234567890",
            "1e99999999999999999999999999",
            "1e-99999999999999999999999999",
            "0e99999999999999999999999999",
            "-65.613616999999977",
            "43.420273000000009",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        // 100+ digit inputs, with the deciding digit far out.
        cases.push(format!("1.{}1e0", "0".repeat(120)));
        cases.push(format!("9007199254740993{}e-120", "0".repeat(120)));
        cases.push(format!("9007199254740993{}1e-121", "0".repeat(120)));
        cases.push(format!("9007199254740992{}9e-121", "9".repeat(120)));
        cases.push(format!("0.{}1e330", "0".repeat(300)));
        cases.push(format!("{}e-300", "1".repeat(310)));
        cases.push(format!("{}.5", "9".repeat(400)));
        for case in &cases {
            check_f64(case);
        }
    }

    #[test]
    fn number_classification_is_unchanged() {
        let parse = |text: &str| Reader::new(text, DEFAULT_MAX_DEPTH).parse_number().unwrap();
        assert_eq!(parse("0"), ParsedNumber::U64(0));
        assert!(matches!(parse("-0"), ParsedNumber::F64(v) if v.to_bits() == (-0.0f64).to_bits()));
        assert_eq!(parse("18446744073709551615"), ParsedNumber::U64(u64::MAX));
        assert_eq!(
            parse("18446744073709551616"),
            ParsedNumber::F64(18446744073709551616.0)
        );
        assert_eq!(parse("-9223372036854775808"), ParsedNumber::I64(i64::MIN));
        assert_eq!(
            parse("-9223372036854775809"),
            ParsedNumber::F64(-9223372036854775809.0)
        );
        assert_eq!(
            parse("1234567890123456789"),
            ParsedNumber::U64(1234567890123456789)
        );
        assert_eq!(parse("1.0"), ParsedNumber::F64(1.0));
        assert_eq!(parse("1e2"), ParsedNumber::F64(100.0));
        let err = Reader::new("1e400", DEFAULT_MAX_DEPTH)
            .parse_number()
            .unwrap_err();
        assert!(is_out_of_range(&err), "{err}");
        // A float where an integer was wanted names the float as serde_json does.
        assert_eq!(
            from_str::<u64>("1e2").unwrap_err().to_string(),
            "invalid type: floating point `100.0`, expected u64 (line 1, column 3)"
        );
    }

    /// The exact decimal expansion of `(2m + 1) × 2^(k - 1)`, the point halfway between the
    /// float `m × 2^k` and the next one up, as (digits, exponent of ten).
    fn midpoint_decimal(m: u64, k: i32) -> (String, i32) {
        // Little-endian base-10^9 limbs.
        let mut limbs: Vec<u64> = vec![];
        let mut n = 2 * m + 1;
        while n > 0 {
            limbs.push(n % 1_000_000_000);
            n /= 1_000_000_000;
        }
        let scale = |limbs: &mut Vec<u64>, factor: u64| {
            let mut carry = 0;
            for limb in limbs.iter_mut() {
                let t = *limb * factor + carry;
                *limb = t % 1_000_000_000;
                carry = t / 1_000_000_000;
            }
            while carry > 0 {
                limbs.push(carry % 1_000_000_000);
                carry /= 1_000_000_000;
            }
        };
        let (mut twos, mut fives) = if k > 0 { (k - 1, 0) } else { (0, 1 - k) };
        while twos > 0 {
            let step = twos.min(20);
            scale(&mut limbs, 1 << step);
            twos -= step;
        }
        while fives > 0 {
            let step = fives.min(12);
            scale(&mut limbs, 5u64.pow(step as u32));
            fives -= step;
        }
        let mut digits = limbs.last().unwrap().to_string();
        for limb in limbs.iter().rev().skip(1) {
            digits.push_str(&format!("{limb:09}"));
        }
        (digits, (k - 1).min(0))
    }

    /// Points halfway between neighbouring floats, exactly and cut to 16..=19 digits (rounded
    /// down and up), and nudged just above and below: the inputs where rounding is hardest.
    #[test]
    fn floats_near_halfway_match_std() {
        let mut rng = TestRng::new(0x4A1F);
        for round in 0..4_000 {
            let bits = match round % 4 {
                // Any finite positive float, subnormals included.
                0 => rng.below(0x7FF0_0000_0000_0000),
                // Typical magnitudes.
                _ => 0x3C00_0000_0000_0000 + rng.below(0x0800_0000_0000_0000),
            };
            let x = f64::from_bits(bits);
            let biased = (bits >> 52) as i32;
            let fraction = bits & ((1 << 52) - 1);
            let (m, k) = if biased == 0 {
                (fraction, -1074)
            } else {
                (fraction | 1 << 52, biased - 1075)
            };
            let (digits, exp) = midpoint_decimal(m, k);
            assert!(x.is_finite());
            check_f64(&format!("{digits}e{exp}"));
            check_f64(&format!("{digits}00000000000000000000001e{}", exp - 23));
            let below = {
                let mut d = digits.clone().into_bytes();
                let mut i = d.len() - 1;
                while d[i] == b'0' {
                    d[i] = b'9';
                    i -= 1;
                }
                d[i] -= 1;
                String::from_utf8(d).unwrap()
            };
            check_f64(&format!("{below}99999999e{}", exp - 8));
            for len in 16..=19usize.min(digits.len()) {
                let cut: u64 = digits[..len].parse().unwrap();
                let e = exp + (digits.len() - len) as i32;
                check_f64(&format!("{cut}e{e}"));
                check_f64(&format!("{}e{e}", cut + 1));
                check_f64(&format!("{}e{e}", cut - 1));
            }
        }
    }

    /// Every number in canada.json (111,080 floats, mostly 17 significant digits).
    #[test]
    fn canada_floats_match_std() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../shared/data/json-benchmark/canada.json"
        );
        let Ok(text) = std::fs::read_to_string(path) else {
            panic!("cannot read {path}");
        };
        let bytes = text.as_bytes();
        let mut count = 0;
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i] == b'-' || bytes[i].is_ascii_digit() {
                let end = (i..bytes.len())
                    .find(|&j| !matches!(bytes[j], b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9'))
                    .unwrap_or(bytes.len());
                check_f64(&text[i..end]);
                count += 1;
                i = end;
            } else {
                i += 1;
            }
        }
        assert_eq!(count, 111_126);
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
