//! Where serde_json reports the errors whose position takes more than the reader's current
//! offset to know: numbers out of range, the ends of keys and strings, and invalid UTF-8 in
//! bytes handed to `from_slice`. Everything here runs on the failure path only.

use super::error::{Error, ErrorCode};
use super::reader::Reader;
use super::Decode;

/// How many bytes serde_json has read when it finds the number starting at `start` out of
/// range: all of it, unless the exponent overflows `i32`, where it stops at the digit that
/// overflows (and reads no further before reporting).
#[cold]
pub(super) fn out_of_range_end(input: &[u8], start: usize) -> usize {
    let digits_from = |mut i: usize| {
        while input.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        i
    };
    let mut i = start + usize::from(input.get(start) == Some(&b'-'));
    i = digits_from(i);
    if input.get(i) == Some(&b'.') {
        i = digits_from(i + 1);
    }
    if !matches!(input.get(i), Some(b'e' | b'E')) {
        return i;
    }
    i += 1;
    if matches!(input.get(i), Some(b'+' | b'-')) {
        i += 1;
    }
    let mut exponent: i32 = 0;
    while let Some(&byte) = input.get(i).filter(|byte| byte.is_ascii_digit()) {
        i += 1;
        let digit = i32::from(byte - b'0');
        match exponent.checked_mul(10).and_then(|e| e.checked_add(digit)) {
            Some(next) => exponent = next,
            None => return i,
        }
    }
    i
}

/// The offset just after the string whose opening quote is at `quote` (a string the reader
/// has already read, so well formed), or the input's length if it does not end.
#[cold]
pub(super) fn string_end(input: &[u8], quote: usize) -> usize {
    let mut i = quote + 1;
    while let Some(&byte) = input.get(i) {
        match byte {
            b'"' => return i + 1,
            b'\\' => i += 2,
            _ => i += 1,
        }
    }
    input.len()
}

/// The error for `input`, whose first `valid_up_to` bytes are UTF-8 and the byte after them
/// is not: the error serde_json's `from_slice` meets first, at its position.
///
/// serde_json checks UTF-8 only in the strings it reads, once each has ended, so an error
/// earlier in the document comes first, and so do the errors in the rest of that string. The
/// valid part is decoded as `T` to find an earlier error; if there is none, the rest of the
/// string holding the bad byte (when the reader was in one) is checked as serde_json checks
/// it. The error is then [`ErrorCode::InvalidUtf8`] at serde_json's position: the first
/// invalid byte, or, when the string has escapes after it, that many bytes fewer than the
/// string's length from its end, as serde_json counts.
#[cold]
#[inline(never)]
pub(super) fn utf8_error<'de, T: Decode<'de>>(
    input: &'de [u8],
    valid_up_to: usize,
    options: &super::Decoder,
) -> Error {
    let invalid = |consumed: usize| {
        Error::unlocated(ErrorCode::InvalidUtf8, valid_up_to).reported_after(consumed)
    };
    let Ok(valid) = std::str::from_utf8(&input[..valid_up_to]) else {
        // Not reached: the prefix is valid by definition.
        return invalid(valid_up_to + 1).locate(input);
    };
    let mut r = options.reader(valid);
    // Read as `from_str` reads a document (the same instance of a derived decoder: no second
    // one for this error path).
    let err = match T::decode_out(&mut r, crate::fill::Whole) {
        Ok(_) => return invalid(valid_up_to + 1).locate(input),
        Err(err) => err.place(r.offset()),
    };
    // An error the valid part has on its own, before its end, is the document's first error:
    // the bytes up to it are the same.
    if err.is_data() || (err.is_syntax() && err.offset() < valid_up_to) {
        return err.locate(input);
    }
    if !matches!(err.code(), ErrorCode::EofWhileParsingString) {
        return invalid(valid_up_to + 1).locate(input);
    }
    // In a string: the one whose opening quote the reader saw last, if it holds the bad byte
    // (it is not a quote, so a string that started before it and ends after it holds it).
    let quote = r.last_key_offset();
    if quote >= valid_up_to || input.get(quote) != Some(&b'"') {
        return invalid(valid_up_to + 1).locate(input);
    }
    match scan_string(input, quote + 1, valid_up_to) {
        // serde_json: the column after the closing quote, less the unescaped length of the
        // text from the bad byte on.
        Ok((end, from_mark)) if end > valid_up_to => invalid(end - from_mark).locate(input),
        Err((code, offset, consumed)) if offset >= valid_up_to => Error::unlocated(code, offset)
            .reported_after(consumed)
            .locate(input),
        _ => invalid(valid_up_to + 1).locate(input),
    }
}

/// An error serde_json reports: its code, offset, and how many bytes it had read.
type Stop = (ErrorCode, usize, usize);

/// Checks a string from `from` (just after its opening quote) as serde_json does. Returns the
/// offset after the closing quote and the unescaped length of the text from offset `mark` on.
fn scan_string(input: &[u8], from: usize, mark: usize) -> Result<(usize, usize), Stop> {
    let mut i = from;
    let mut from_mark = 0;
    loop {
        let Some(&byte) = input.get(i) else {
            return Err(eof(input));
        };
        let at = i;
        i += 1;
        let len = match byte {
            b'"' => return Ok((i, from_mark)),
            b'\\' => escape(input, &mut i)?,
            0x00..=0x1F => return Err((ErrorCode::ControlCharacterInString, at, i)),
            _ => 1,
        };
        if at >= mark {
            from_mark += len;
        }
    }
}

fn eof(input: &[u8]) -> Stop {
    (ErrorCode::EofWhileParsingString, input.len(), input.len())
}

/// After a backslash at `i - 1`: one escape, moving `i` past it; returns its unescaped length.
fn escape(input: &[u8], i: &mut usize) -> Result<usize, Stop> {
    let Some(&letter) = input.get(*i) else {
        return Err(eof(input));
    };
    *i += 1;
    match letter {
        b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' => return Ok(1),
        b'u' => {}
        _ => return Err((ErrorCode::InvalidEscape, *i - 1, *i)),
    }
    let first = hex4(input, i)?;
    let lone = |at: usize| (ErrorCode::LoneSurrogate, at - 1, at);
    match first {
        0xDC00..=0xDFFF => Err(lone(*i)),
        0xD800..=0xDBFF => {
            for expected in [b'\\', b'u'] {
                match input.get(*i) {
                    None => return Err(eof(input)),
                    Some(&byte) => {
                        *i += 1;
                        if byte != expected {
                            return Err(lone(*i));
                        }
                    }
                }
            }
            match hex4(input, i)? {
                0xDC00..=0xDFFF => Ok(4),
                _ => Err(lone(*i)),
            }
        }
        0x0000..=0x007F => Ok(1),
        0x0080..=0x07FF => Ok(2),
        _ => Ok(3),
    }
}

/// Four hex digits at `*i`, moving past them; serde_json takes the four bytes before it looks
/// at them, so a bad digit is reported after the fourth.
fn hex4(input: &[u8], i: &mut usize) -> Result<u16, Stop> {
    let Some(digits) = input.get(*i..*i + 4) else {
        return Err(eof(input));
    };
    let start = *i;
    *i += 4;
    let mut value: u16 = 0;
    for (k, &digit) in digits.iter().enumerate() {
        let nibble = match digit {
            b'0'..=b'9' => digit - b'0',
            b'a'..=b'f' => digit - b'a' + 10,
            b'A'..=b'F' => digit - b'A' + 10,
            _ => return Err((ErrorCode::InvalidEscape, start + k, *i)),
        };
        value = (value << 4) | u16::from(nibble);
    }
    Ok(value)
}

impl Reader<'_> {
    /// An error about the key or string whose opening quote is at `quote`, placed where
    /// serde_json reports a key it refuses: after the key and any whitespace after it (it has
    /// not read the colon yet).
    #[cold]
    pub(super) fn error_after_key(&self, code: ErrorCode, quote: usize) -> Error {
        let input = self.bytes();
        let mut end = string_end(input, quote);
        while matches!(input.get(end), Some(b' ' | b'\n' | b'\t' | b'\r')) {
            end += 1;
        }
        self.error_at(code, quote).reported_after(end)
    }

    /// An error about the string whose opening quote is at `quote`, placed after its closing
    /// quote, where serde_json reports a string value it refuses.
    #[cold]
    pub(super) fn error_after_string(&self, code: ErrorCode, quote: usize) -> Error {
        let end = string_end(self.bytes(), quote);
        self.error_at(code, quote).reported_after(end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn out_of_range_stops_where_the_exponent_overflows() {
        assert_eq!(out_of_range_end(b"1e999]", 0), 5);
        assert_eq!(out_of_range_end(b"[-1.5E+999,", 1), 10);
        // 2147483647 fits in i32, 2147483648 does not: serde_json stops at its last digit.
        assert_eq!(out_of_range_end(b"1e2147483648999", 0), 12);
        assert_eq!(out_of_range_end(b"1e0000000000000000009999999999", 0), 30);
    }

    #[test]
    fn strings_end_after_their_closing_quote() {
        assert_eq!(string_end(br#"{"a\"b": 1}"#, 1), 7);
        assert_eq!(string_end(br#""abc"#, 0), 4);
    }

    #[test]
    fn string_scans_report_what_serde_json_reports() {
        let stop = |text: &[u8]| {
            scan_string(text, 1, 0)
                .map_err(|(code, offset, consumed)| (code.to_string(), offset, consumed))
        };
        assert_eq!(stop(br#""a\u00e9\ud83d\ude00""#), Ok((21, 7)));
        // The unescaped length from a mark on.
        assert_eq!(scan_string(b"\"ab\xff\\n\"", 1, 3).ok(), Some((7, 2)));
        assert_eq!(stop(br#""\x""#), Err(("invalid escape".into(), 2, 3)));
        assert_eq!(stop(br#""\u12x4""#), Err(("invalid escape".into(), 5, 7)));
        assert_eq!(
            stop(br#""\udd00""#),
            Err(("lone surrogate in hex escape".into(), 6, 7))
        );
        assert_eq!(
            stop(br#""\ud800x""#),
            Err(("lone surrogate in hex escape".into(), 7, 8))
        );
        assert_eq!(
            stop(b"\"\\ud800"),
            Err(("EOF while parsing a string".into(), 7, 7))
        );
        assert_eq!(
            stop(b"\"a\x01"),
            Err((
                "control character (\\u0000-\\u001F) found while parsing a string".into(),
                2,
                3
            ))
        );
    }
}
