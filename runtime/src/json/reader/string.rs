//! Strings and keys: clean runs borrowed from the input, escapes resolved into the reader's
//! scratch buffer, lone surrogates refused.

use super::super::error::{Error, ErrorCode};
use super::super::escape::find_escape;
use super::{count_whitespace, Reader, Str};

impl<'de> Reader<'de> {
    /// Reads a string: borrowed from the input when it has no escapes.
    #[inline]
    pub fn decode_str(&mut self) -> Result<Str<'de, '_>, Error> {
        match next_byte!(self, self.tree_str()) {
            b'"' => {
                self.last_key = self.pos;
                self.pos += 1;
                self.parse_string_body()
            }
            _ => Err(self.invalid_type("a string")),
        }
    }

    /// Reads a string into a new `String` (what [`Reader::decode_str`] gives, copied).
    #[inline]
    pub(crate) fn decode_string(&mut self) -> Result<String, Error> {
        if self.pos >= self.input.len() {
            // The end of the input, or a tree to read.
            return self.tree_string();
        }
        Ok(crate::owned::owned_string(&self.decode_str()?))
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

    /// The input after the opening quote when the next value is a string (the reader at its
    /// quote, as after [`Reader::peek`]); `None` otherwise. Nothing is consumed: a caller that
    /// reads text of its own shape straight from the bytes (text that can hold no quote,
    /// backslash or control character, such as a decimal number's) and finds the closing
    /// quote right after it calls [`Reader::skip_str_body`] with the text's length. Such text
    /// is so read in the one pass that parses it.
    #[cfg_attr(not(feature = "rust_decimal"), allow(dead_code))]
    #[inline]
    pub(crate) fn peek_str_body(&self) -> Option<&'de [u8]> {
        let input: &'de [u8] = self.input;
        match input.get(self.pos) {
            Some(b'"') => input.get(self.pos + 1..),
            _ => None,
        }
    }

    /// Consumes the string whose `len` bytes [`Reader::peek_str_body`] gave, with both quotes.
    #[cfg_attr(not(feature = "rust_decimal"), allow(dead_code))]
    #[inline]
    pub(crate) fn skip_str_body(&mut self, len: usize) {
        self.last_key = self.pos;
        self.pos += len + 2;
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
                let found = format!("string {}", crate::json::to_string(s));
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

    /// The text of the string whose opening quote is at `offset` (for error paths: the key
    /// itself may already be gone from the scratch buffer).
    #[cold]
    pub fn string_at(&self, offset: usize) -> String {
        if self.is_tree() {
            return self.tree_key_at(offset);
        }
        let mut again = Reader {
            text: self.text,
            input: self.input,
            pos: offset,
            remaining_depth: 1,
            max_len: self.max_len,
            scratch: Vec::new(),
            last_key: 0,
            buffered: false,
            tree: None,
            wide: self.wide,
            sole_top: None,
        };
        again
            .decode_str()
            .map(|text| String::from(&*text))
            .unwrap_or_default()
    }

    /// After a key's opening quote: the key, then the colon.
    #[inline]
    pub(super) fn parse_key_body(&mut self) -> Result<Str<'de, '_>, Error> {
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

    /// Skips a string, validating escapes, without keeping its text.
    pub(super) fn skip_string_body(&mut self) -> Result<(), Error> {
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
}
