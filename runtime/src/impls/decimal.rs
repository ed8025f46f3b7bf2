//! `rust_decimal::Decimal` (the `rust_decimal` feature), as its default serde impl writes and
//! reads it: written as its exact text in a string (`"-12.50"`, the scale kept), in both
//! formats; read from a string (plain or scientific notation), or from a number: an integer
//! exactly, a float through its shortest text (`0.1` is `0.1`), as rust_decimal reads what
//! serde_json and rmp-serde hand it.

use std::fmt;
use std::str::FromStr;

use rust_decimal::prelude::FromPrimitive;
use rust_decimal::Decimal;

/// Room for the longest text: a sign, a zero, a point and 29 digits.
const CAPACITY: usize = 34;

/// A decimal's text, formatted on the stack.
pub(crate) struct Text {
    bytes: [u8; CAPACITY],
    len: usize,
}

// Each format uses one of the views.
#[allow(dead_code)]
impl Text {
    /// rust_decimal's text for `value` (its `Display`): the mantissa's digits with the point
    /// `scale` digits from the right (a `0` before a leading point), all the scale's digits
    /// kept, and a `-` for any negative value, zero included.
    #[inline]
    pub(crate) fn of(value: &Decimal) -> Self {
        let mut text = Text {
            bytes: [0; CAPACITY],
            len: 0,
        };
        // The mantissa's digits, from the right end of a scratch buffer (at most 29 of them).
        let mut digits = [b'0'; CAPACITY];
        let mut start = CAPACITY;
        let mut mantissa = value.mantissa().unsigned_abs();
        while mantissa > u128::from(u64::MAX) {
            start -= 1;
            digits[start] = b'0' + (mantissa % 10) as u8;
            mantissa /= 10;
        }
        let mut small = mantissa as u64;
        while small > 0 {
            start -= 1;
            digits[start] = b'0' + (small % 10) as u8;
            small /= 10;
        }
        // At least the scale's digits (zeros before the mantissa's), at most 28.
        let scale = value.scale() as usize;
        let start = start.min(CAPACITY - scale);
        let digits = &digits[start..];
        let whole = digits.len() - scale;
        if value.is_sign_negative() {
            text.push(b'-');
        }
        if whole == 0 {
            text.push(b'0');
        } else {
            text.extend(&digits[..whole]);
        }
        if scale > 0 {
            text.push(b'.');
            text.extend(&digits[whole..]);
        }
        text
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn push(&mut self, byte: u8) {
        if let Some(slot) = self.bytes.get_mut(self.len) {
            *slot = byte;
            self.len += 1;
        }
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn extend(&mut self, bytes: &[u8]) {
        if let Some(room) = self.bytes.get_mut(self.len..self.len + bytes.len()) {
            room.copy_from_slice(bytes);
            self.len += bytes.len();
        }
    }

    #[inline]
    pub(crate) fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.len]
    }
}

/// What rust_decimal's visitor says about a value it refuses.
pub(crate) const EXPECTED: &str = "a Decimal type representing a fixed-point number";

/// The value of the plain decimal text that `bytes` starts with (`-12.50`: an optional minus,
/// digits, and a point followed by digits) and the text's length, when it has at most 18
/// digits, which such text always holds exactly: its digits are the mantissa and its
/// fraction's length the scale, as `Decimal::from_str` reads it. `None` when `bytes` starts
/// with no such text; what follows the text is the caller's to check.
#[inline]
fn plain_prefix(bytes: &[u8]) -> Option<(Decimal, usize)> {
    let negative = bytes.first() == Some(&b'-');
    let int_start = usize::from(negative);
    // Wrapping arithmetic: past 19 digits the mantissa is garbage, but then the digit count
    // refuses the text below.
    let mut mantissa: u64 = 0;
    let mut i = int_start;
    while let Some(&byte) = bytes.get(i) {
        let digit = byte.wrapping_sub(b'0');
        if digit > 9 {
            break;
        }
        mantissa = mantissa.wrapping_mul(10).wrapping_add(u64::from(digit));
        i += 1;
    }
    let int_digits = i - int_start;
    if int_digits == 0 {
        return None;
    }
    let mut scale = 0;
    if bytes.get(i) == Some(&b'.') {
        i += 1;
        let fraction_start = i;
        while let Some(&byte) = bytes.get(i) {
            let digit = byte.wrapping_sub(b'0');
            if digit > 9 {
                break;
            }
            mantissa = mantissa.wrapping_mul(10).wrapping_add(u64::from(digit));
            i += 1;
        }
        scale = i - fraction_start;
        if scale == 0 {
            return None;
        }
    }
    // 18 digits at most: their value fits, exactly.
    if int_digits + scale > 18 {
        return None;
    }
    let (lo, mid) = (mantissa as u32, (mantissa >> 32) as u32);
    Some((Decimal::from_parts(lo, mid, 0, negative, scale as u32), i))
}

/// Each byte of a word.
const ONES: u64 = 0x0101_0101_0101_0101;

/// The mantissa and scale of plain decimal text of 1 to 8 bytes without a sign (digits, and
/// at most one point with a digit on either side of it) held in the top `len` bytes of `word`
/// read little-endian (its first byte is byte `8 - len`, whatever is below); `None` for any
/// other text. All eight bytes are checked and converted at once (SWAR): the bytes below the
/// text become `0`s, the point is taken out by moving the bytes before it up one place, and
/// the eight digits are summed in pairs, fours and eights.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn short_plain(word: u64, len: usize) -> Option<(u32, u32)> {
    if !(1..=8).contains(&len) {
        return None;
    }
    let pad = 8 - len;
    let keep = u64::MAX << (8 * pad);
    let word = (word & keep) | ((ONES * u64::from(b'0')) & !keep);
    // The first point: the lowest zero byte of `word` with every `.` turned into a zero (the
    // lowest such byte is found exactly; a second point stays, and is refused as a digit).
    let x = word ^ (ONES * u64::from(b'.'));
    let points = x.wrapping_sub(ONES) & !x & (ONES * 0x80);
    let (digits, scale) = if (word >> 40) as u8 == b'.' && pad < 5 {
        // Two places, as amounts nearly always have: the point's place known, with a digit
        // before it. (A point before this one stays, and is refused as a digit, as it is
        // below.)
        let digits = ((word & 0xFF_FFFF_FFFF) << 8) | (word & (0xFFFF << 48)) | u64::from(b'0');
        (digits, 2)
    } else if points == 0 {
        (word, 0)
    } else {
        let at = points.trailing_zeros() as usize / 8;
        // A digit before the point (it is not the text's first byte) and one after it.
        if at <= pad || at == 7 {
            return None;
        }
        let below = (1u64 << (8 * at)) - 1;
        let above = !((1u64 << (8 * (at + 1))) - 1);
        let digits = ((word & below) << 8) | (word & above) | u64::from(b'0');
        (digits, (7 - at) as u32)
    };
    // Every byte a digit: its high nibble 3, and its low nibble at most 9 (adding 6 does not
    // carry into the high nibble).
    let high = ONES * 0xF0;
    if digits & high != ONES * 0x30 || (digits + ONES * 0x06) & high != ONES * 0x30 {
        return None;
    }
    // The first digit is the low byte, the most significant.
    let v = digits - ONES * u64::from(b'0');
    let v = (v * 10 + (v >> 8)) & 0x00FF_00FF_00FF_00FF;
    let v = (v * 100 + (v >> 16)) & 0x0000_FFFF_0000_FFFF;
    let v = (v * 10_000 + (v >> 32)) & 0xFFFF_FFFF;
    Some((v as u32, scale))
}

/// The value of plain decimal text (an optional minus, then what [`short_plain`] reads) when
/// its unsigned part is 4 to 8 bytes, the whole of `text`; `None` for any other text, which
/// [`plain_prefix`] then reads or refuses.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn short_text(text: &[u8]) -> Option<Decimal> {
    let negative = text.first() == Some(&b'-');
    let body = &text[usize::from(negative)..];
    let len = body.len();
    let word = match (body.first_chunk::<4>(), body.last_chunk::<4>()) {
        (Some(first), Some(last)) if len <= 8 => {
            // Two loads that overlap when the text is shorter than 8 bytes.
            (u64::from(u32::from_le_bytes(*last)) << 32)
                | (u64::from(u32::from_le_bytes(*first)) << (8 * (8 - len)))
        }
        _ => return None,
    };
    let (mantissa, scale) = short_plain(word, len)?;
    Some(Decimal::from_parts(mantissa, 0, 0, negative, scale))
}

/// The value of plain decimal text (an optional minus, then what [`short_plain`] reads) of
/// `len` bytes that end `word` (read little-endian: the text in its top bytes), `negative`
/// when its first byte is `-`; `None` for any other text, and when the text without its
/// sign is longer than 8 bytes.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn short_tail(word: u64, len: usize, negative: bool) -> Option<Decimal> {
    let (mantissa, scale) = short_plain(word, len - usize::from(negative))?;
    Some(Decimal::from_parts(mantissa, 0, 0, negative, scale))
}

/// The value of plain decimal text (as [`short_text`] reads it) at the start of `body`, the
/// input after a JSON string's opening quote, when the string ends after at most 8 bytes of
/// it (the sign aside), with the text's length; `None` otherwise (and when fewer than 9
/// bytes follow the sign), for [`plain_prefix`] to read.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn short_json(body: &[u8]) -> Option<(Decimal, usize)> {
    let negative = body.first() == Some(&b'-');
    let sign = usize::from(negative);
    let (word, next) = body.get(sign..)?.split_first_chunk::<8>()?;
    let word = u64::from_le_bytes(*word);
    // The closing quote: the lowest zero byte of `word ^ "..."`, or the byte after the word.
    let x = word ^ (ONES * u64::from(b'"'));
    let quotes = x.wrapping_sub(ONES) & !x & (ONES * 0x80);
    let len = if quotes != 0 {
        quotes.trailing_zeros() as usize / 8
    } else if next.first() == Some(&b'"') {
        8
    } else {
        return None;
    };
    if len == 0 {
        return None;
    }
    let (mantissa, scale) = short_plain(word << (8 * (8 - len)), len)?;
    Some((
        Decimal::from_parts(mantissa, 0, 0, negative, scale),
        sign + len,
    ))
}

/// The value of `text` when it is plain decimal text of at most 18 digits (see
/// [`plain_prefix`]); `None` for any other text.
#[inline]
fn plain(text: &str) -> Option<Decimal> {
    match plain_prefix(text.as_bytes()) {
        Some((value, len)) if len == text.len() => Some(value),
        _ => None,
    }
}

pub(crate) fn from_text(text: &str) -> Result<Decimal, String> {
    if let Some(value) = plain(text) {
        return Ok(value);
    }
    Decimal::from_str(text)
        .or_else(|_| Decimal::from_scientific(text))
        .map_err(|_| {
            format!(
                "invalid value: string {}, expected {EXPECTED}",
                Quoted(text)
            )
        })
}

fn from_u64(value: u64) -> Result<Decimal, String> {
    Decimal::from_u64(value)
        .ok_or_else(|| format!("invalid value: integer `{value}`, expected {EXPECTED}"))
}

fn from_i64(value: i64) -> Result<Decimal, String> {
    Decimal::from_i64(value)
        .ok_or_else(|| format!("invalid value: integer `{value}`, expected {EXPECTED}"))
}

fn from_f64(value: f64) -> Result<Decimal, String> {
    Decimal::from_str(&value.to_string()).map_err(|_| {
        format!(
            "invalid value: floating point `{}`, expected {EXPECTED}",
            super::Float(value)
        )
    })
}

/// A string as serde's `Unexpected::Str` shows it: in quotes, escaped as Rust's `Debug`.
struct Quoted<'a>(&'a str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.0)
    }
}

#[cfg(feature = "json")]
impl crate::json::Encode for Decimal {
    #[inline]
    fn encode<W: crate::json::Writer>(&self, w: &mut W) {
        super::json_write_ascii(w, Text::of(self).as_bytes());
    }

    #[inline]
    fn size_hint(&self) -> usize {
        24
    }
}

#[cfg(feature = "json")]
impl<'de> crate::json::Decode<'de> for Decimal {
    // Short plain text in the caller; the rest a call away.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn decode(r: &mut crate::json::Reader<'de>) -> Result<Self, crate::json::Error> {
        if r.peek()? == b'"' {
            if let Some((value, len)) = r.peek_str_body().and_then(short_json) {
                r.skip_str_body(len);
                return Ok(value);
            }
        }
        json_decode_other(r)
    }
}

/// A decimal in JSON that is not short plain text in a string.
#[cfg(feature = "json")]
#[inline(never)]
fn json_decode_other(r: &mut crate::json::Reader<'_>) -> Result<Decimal, crate::json::Error> {
    use crate::json::reader::ParsedNumber;
    let at = r.offset();
    let parsed = match r.peek()? {
        b'"' => {
            // Plain text read straight from the input, in the one pass that finds its
            // closing quote: its digits, minus and point need no escapes.
            if let Some(body) = r.peek_str_body() {
                if let Some((value, len)) = plain_prefix(body) {
                    if body.get(len) == Some(&b'"') {
                        r.skip_str_body(len);
                        return Ok(value);
                    }
                }
            }
            return super::json_read_text(r, EXPECTED, from_text);
        }
        b'-' | b'0'..=b'9' => match r.parse_number()? {
            ParsedNumber::U64(value) => from_u64(value),
            ParsedNumber::I64(value) => from_i64(value),
            ParsedNumber::F64(value) => from_f64(value),
        },
        _ => return Err(r.invalid_type(EXPECTED)),
    };
    parsed.map_err(|message| r.custom_at(message, at))
}

/// As a JSON object key: the exact text (serde_json writes `Decimal` keys as the string the
/// value is, and hands a key to rust_decimal's visitor as a string).
#[cfg(feature = "json")]
impl crate::json::EncodeKey for Decimal {
    #[inline]
    fn encode_key<W: crate::json::Writer>(&self, w: &mut W) {
        super::json_write_ascii(w, Text::of(self).as_bytes());
    }

    #[inline]
    fn key_size_hint(&self) -> usize {
        24
    }
}

#[cfg(feature = "json")]
impl<'de> crate::json::DecodeKey<'de> for Decimal {
    #[inline]
    fn decode_key(key: crate::json::Str<'de, '_>) -> Result<Self, String> {
        from_text(&key)
    }
}

#[cfg(feature = "msgpack")]
impl crate::msgpack::Encode for Decimal {
    #[inline]
    fn encode<W: crate::msgpack::Writer>(&self, w: &mut W) {
        let text = Text::of(self);
        // At most 34 bytes: a `fixstr` or `str 8`.
        let len = text.len as u8;
        if len < 32 {
            w.write_raw(&[0xA0 | len]);
        } else {
            w.write_raw(&[0xD9, len]);
        }
        w.write_raw(text.as_bytes());
    }

    #[inline]
    fn size_hint(&self) -> usize {
        24
    }
}

#[cfg(feature = "msgpack")]
impl<'de> crate::msgpack::Decode<'de> for Decimal {
    // Short plain text in the caller; the rest a call away.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn decode(r: &mut crate::msgpack::Reader<'de>) -> Result<Self, crate::msgpack::Error> {
        // Plain text in a `fixstr` (what a decimal is written as), read straight from the
        // bytes: its digits, minus and point are ASCII.
        if let Some((word, len, negative)) = r.fixstr_tail() {
            if let Some(value) = short_tail(word, len, negative) {
                r.skip_fixstr_any(len);
                return Ok(value);
            }
        }
        msgpack_decode_other(r)
    }
}

/// A decimal in MessagePack that is not short plain text in a `fixstr`.
#[cfg(feature = "msgpack")]
#[inline(never)]
fn msgpack_decode_other(
    r: &mut crate::msgpack::Reader<'_>,
) -> Result<Decimal, crate::msgpack::Error> {
    let at = r.offset();
    let parsed = match r.peek()? {
        0xA0..=0xBF | 0xD9..=0xDB => {
            if let Some(body) = r.peek_fixstr_any() {
                if let Some((value, len)) = plain_prefix(body) {
                    if len == body.len() {
                        r.skip_fixstr_any(len);
                        return Ok(value);
                    }
                }
            }
            return super::msgpack_read_text(r, EXPECTED, from_text);
        }
        0x00..=0x7F | 0xCC..=0xCF => from_u64(r.decode_u64(EXPECTED)?),
        0xE0..=0xFF | 0xD0..=0xD3 => from_i64(r.decode_i64(EXPECTED)?),
        // A `float 32` is widened, as serde widens it for a visitor of `f64`s.
        0xCA => from_f64(f64::from(r.decode_f32()?)),
        0xCB => from_f64(r.decode_f64()?),
        _ => return Err(r.invalid_type(EXPECTED)),
    };
    parsed.map_err(|message| r.custom_at(message, at))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `plain_prefix` reads from `text` as a whole, as exact parts.
    fn reference(text: &[u8]) -> Option<[u8; 16]> {
        match plain_prefix(text) {
            Some((value, len)) if len == text.len() => Some(value.serialize()),
            _ => None,
        }
    }

    /// Checks both short readers against `plain_prefix` on `text`: whatever they read, they
    /// read exactly as it does, and they read all it reads of their lengths.
    fn check(text: &[u8]) {
        let expected = reference(text);
        let unsigned = text.len() - usize::from(text.first() == Some(&b'-'));
        let short = short_text(text).map(|d| d.serialize());
        if (4..=8).contains(&unsigned) {
            assert_eq!(short, expected, "{:?}", String::from_utf8_lossy(text));
        } else {
            assert_eq!(short, None, "{:?}", String::from_utf8_lossy(text));
        }
        // In MessagePack: the text ending a word, with other bytes before it.
        if !text.is_empty() && text.len() <= 9 {
            let mut word = [0xa0u8; 16];
            word[16 - text.len()..].copy_from_slice(text);
            let tail = u64::from_le_bytes(word[8..].try_into().unwrap());
            let tail = short_tail(tail, text.len(), text[0] == b'-').map(|d| d.serialize());
            if unsigned <= 8 {
                assert_eq!(tail, expected, "{:?}", String::from_utf8_lossy(text));
            } else {
                assert_eq!(tail, None, "{:?}", String::from_utf8_lossy(text));
            }
        }
        // In JSON: the text, its closing quote and more input after it.
        let mut body = text.to_vec();
        body.extend_from_slice(b"\",\"x\":1}");
        let json = short_json(&body).map(|(d, len)| (d.serialize(), len));
        let json_expected = match plain_prefix(&body) {
            Some((value, len)) if body.get(len) == Some(&b'"') => Some((value.serialize(), len)),
            _ => None,
        };
        // (A quote in the text ends the string early.)
        if (1..=8).contains(&unsigned) && !text.contains(&b'"') || json.is_some() {
            assert_eq!(json, json_expected, "{:?}", String::from_utf8_lossy(text));
        }
    }

    #[test]
    fn short_readers_read_as_plain_prefix_does() {
        // Every text of up to 6 symbols from an alphabet of digits, points, signs and near
        // misses of both, with and without a leading minus.
        let alphabet = b"059.-/:e\"";
        let mut text = Vec::new();
        for len in 1..=6u32 {
            for n in 0..alphabet.len().pow(len) {
                text.clear();
                let mut n = n;
                for _ in 0..len {
                    text.push(alphabet[n % alphabet.len()]);
                    n /= alphabet.len();
                }
                check(&text);
                text.insert(0, b'-');
                check(&text);
            }
        }
    }

    #[test]
    fn short_readers_read_random_decimals() {
        let mut state = 0x2545_F491_4F6C_DD1D_u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..20_000 {
            let digits = 1 + next() % 10;
            let mantissa = next() % 10u64.pow(digits as u32);
            let scale = (next() % (digits + 1)) as u32;
            let value = Decimal::from_i128_with_scale(i128::from(mantissa), scale);
            let value = if next() % 2 == 0 { -value } else { value };
            check(Text::of(&value).as_bytes());
            // With a byte changed to another.
            let mut text = Text::of(&value).as_bytes().to_vec();
            let at = (next() % text.len() as u64) as usize;
            text[at] = (next() % 128) as u8;
            check(&text);
        }
    }

    #[test]
    fn the_readers_keep_the_scale() {
        assert_eq!(short_text(b"12.50").unwrap().to_string(), "12.50");
        assert_eq!(short_text(b"-0.00").unwrap().to_string(), "0.00");
        assert_eq!(short_text(b"99999999").unwrap().to_string(), "99999999");
        assert_eq!(short_text(b"0.000001").unwrap().to_string(), "0.000001");
        assert_eq!(short_json(b"1234.5\",\"a\"").unwrap().1, 6);
    }
}
