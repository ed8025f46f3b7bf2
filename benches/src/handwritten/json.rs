//! JSON, byte for byte as `serde_json::to_vec` writes it; decoders for that and for any
//! other JSON with the same fields in the same order (whitespace anywhere, strings with any
//! escapes), such as `serde_json::to_vec_pretty`'s output.

use std::borrow::Cow;

use crate::records::TypedUser;
use crate::ts::{TsCjk, TsShort, TsTicker};

use super::text::{self, MAX_DATE_LEN, MAX_DECIMAL_LEN, UUID_LEN};
use super::Error;

// ---------------------------------------------------------------------------------------------
// Encoding

/// The bytes of one user besides its name: keys, punctuation, the id, the longest date and
/// decimal, and the comma before the next user.
const USER_FIXED_LEN: usize = br#"{"Id":"","RegDate":"","Name":"","Score":""},"#.len()
    + UUID_LEN
    + MAX_DATE_LEN
    + MAX_DECIMAL_LEN;

/// Room for an integer or a float (`-1.2345678901234567e-308` is 24 bytes).
const NUMBER_LEN: usize = 24;

/// Appends `users` to `out` as a JSON array of objects, as `serde_json::to_vec(users)` writes
/// it.
pub fn encode_users(users: &[TypedUser], out: &mut Vec<u8>) {
    let names: usize = users.iter().map(|user| user.name.len()).sum();
    out.reserve(2 + users.len() * USER_FIXED_LEN + names);
    out.push(b'[');
    if let Some((first, rest)) = users.split_first() {
        write_user(out, first);
        for user in rest {
            out.push(b',');
            write_user(out, user);
        }
    }
    out.push(b']');
}

fn write_user(out: &mut Vec<u8>, user: &TypedUser) {
    out.extend_from_slice(br#"{"Id":""#);
    text::write_uuid(out, &user.id);
    out.extend_from_slice(br#"","RegDate":""#);
    text::write_date(out, user.reg_date);
    out.extend_from_slice(br#"","Name":""#);
    write_escaped(out, &user.name);
    out.extend_from_slice(br#"","Score":""#);
    text::write_decimal(out, &user.score);
    out.extend_from_slice(br#""}"#);
}

/// Appends `value` to `out` as `serde_json::to_vec(value)` writes it.
pub fn encode_ts_short(value: &TsShort, out: &mut Vec<u8>) {
    let strings = value.name.len()
        + value.email.len()
        + value.city.len()
        + value.country.len()
        + value.status.len()
        + value.language.len();
    out.reserve(
        br#"{"id":,"name":"","email":"","city":"","country":"","status":"","language":""}"#.len()
            + NUMBER_LEN
            + strings,
    );
    out.extend_from_slice(br#"{"id":"#);
    write_u64(out, value.id);
    out.extend_from_slice(br#","name":""#);
    write_escaped(out, &value.name);
    out.extend_from_slice(br#"","email":""#);
    write_escaped(out, &value.email);
    out.extend_from_slice(br#"","city":""#);
    write_escaped(out, &value.city);
    out.extend_from_slice(br#"","country":""#);
    write_escaped(out, &value.country);
    out.extend_from_slice(br#"","status":""#);
    write_escaped(out, &value.status);
    out.extend_from_slice(br#"","language":""#);
    write_escaped(out, &value.language);
    out.extend_from_slice(br#""}"#);
}

/// Appends `value` to `out` as `serde_json::to_vec(value)` writes it.
pub fn encode_ts_cjk(value: &TsCjk, out: &mut Vec<u8>) {
    let strings = value.title.len() + value.author.len() + value.summary.len() + value.body.len();
    out.reserve(
        br#"{"id":,"title":"","author":"","summary":"","body":""}"#.len() + NUMBER_LEN + strings,
    );
    out.extend_from_slice(br#"{"id":"#);
    write_u64(out, value.id);
    out.extend_from_slice(br#","title":""#);
    write_escaped(out, &value.title);
    out.extend_from_slice(br#"","author":""#);
    write_escaped(out, &value.author);
    out.extend_from_slice(br#"","summary":""#);
    write_escaped(out, &value.summary);
    out.extend_from_slice(br#"","body":""#);
    write_escaped(out, &value.body);
    out.extend_from_slice(br#""}"#);
}

/// Appends `value` to `out` as `serde_json::to_vec(value)` writes it.
pub fn encode_ts_ticker(value: &TsTicker, out: &mut Vec<u8>) {
    let strings = value.c.len() + value.k.len() + value.cn.len() + value.cn9.len();
    out.reserve(
        br#"{"C":"","K":"","T":,"Max":,"Cn":"","Cn1":,"Cn2":,"Cn3":,"Cn4":,"Cn5":,"Cn6":,"Cn7":,"Cn8":,"Cn9":""}"#
            .len()
            + 10 * NUMBER_LEN
            + strings,
    );
    out.extend_from_slice(br#"{"C":""#);
    write_escaped(out, &value.c);
    out.extend_from_slice(br#"","K":""#);
    write_escaped(out, &value.k);
    out.extend_from_slice(br#"","T":"#);
    write_i64(out, value.t);
    out.extend_from_slice(br#","Max":"#);
    write_f64(out, value.max);
    out.extend_from_slice(br#","Cn":""#);
    write_escaped(out, &value.cn);
    out.extend_from_slice(br#"","Cn1":"#);
    write_f64(out, value.cn1);
    out.extend_from_slice(br#","Cn2":"#);
    write_f64(out, value.cn2);
    out.extend_from_slice(br#","Cn3":"#);
    write_f64(out, value.cn3);
    out.extend_from_slice(br#","Cn4":"#);
    write_f64(out, value.cn4);
    out.extend_from_slice(br#","Cn5":"#);
    write_u64(out, value.cn5);
    out.extend_from_slice(br#","Cn6":"#);
    write_f64(out, value.cn6);
    out.extend_from_slice(br#","Cn7":"#);
    write_f64(out, value.cn7);
    out.extend_from_slice(br#","Cn8":"#);
    write_u64(out, u64::from(value.cn8));
    out.extend_from_slice(br#","Cn9":""#);
    write_escaped(out, &value.cn9);
    out.extend_from_slice(br#""}"#);
}

fn write_u64(out: &mut Vec<u8>, value: u64) {
    out.extend_from_slice(itoa::Buffer::new().format(value).as_bytes());
}

fn write_i64(out: &mut Vec<u8>, value: i64) {
    out.extend_from_slice(itoa::Buffer::new().format(value).as_bytes());
}

/// The shortest text that reads back as `value`, as serde_json writes it; `null` for NaN and
/// the infinities, as serde_json writes them.
fn write_f64(out: &mut Vec<u8>, value: f64) {
    if value.is_finite() {
        out.extend_from_slice(zmij::Buffer::new().format_finite(value).as_bytes());
    } else {
        out.extend_from_slice(b"null");
    }
}

/// What follows the backslash when a byte is escaped: `u` for `\u00XX`, `0` for a byte
/// written as it is.
const ESCAPE: [u8; 256] = {
    let mut table = [0; 256];
    let mut byte = 0;
    while byte < 0x20 {
        table[byte] = b'u';
        byte += 1;
    }
    table[0x08] = b'b';
    table[0x09] = b't';
    table[0x0a] = b'n';
    table[0x0c] = b'f';
    table[0x0d] = b'r';
    table[b'"' as usize] = b'"';
    table[b'\\' as usize] = b'\\';
    table
};

const HEX_DIGITS: &[u8; 16] = b"0123456789abcdef";

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// The high bit of the first byte of `word` (in memory order, little-endian) that is `"`, `\`
/// or a control character is set; the bits of the bytes before it are clear. Bytes after it
/// may be flagged falsely (a borrow carries into them), so only the lowest flag counts.
fn special_bytes(word: u64) -> u64 {
    let quote = word ^ (ONES * u64::from(b'"'));
    let backslash = word ^ (ONES * u64::from(b'\\'));
    let is_quote = quote.wrapping_sub(ONES) & !quote;
    let is_backslash = backslash.wrapping_sub(ONES) & !backslash;
    let is_control = word.wrapping_sub(ONES * 0x20) & !word;
    (is_quote | is_backslash | is_control) & HIGHS
}

/// The index of the first `"`, `\` or control character in `bytes`: sixteen bytes at a
/// time, then eight, then one.
fn find_special(bytes: &[u8]) -> Option<usize> {
    let word = |chunk: &[u8]| u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
    let first_flagged = |flags: u64| (flags.trailing_zeros() / 8) as usize;
    let mut pairs = bytes.chunks_exact(16);
    let mut base = 0;
    for pair in &mut pairs {
        let low = special_bytes(word(&pair[..8]));
        let high = special_bytes(word(&pair[8..]));
        if low | high != 0 {
            return Some(if low != 0 {
                base + first_flagged(low)
            } else {
                base + 8 + first_flagged(high)
            });
        }
        base += 16;
    }
    let mut rest = pairs.remainder();
    if rest.len() >= 8 {
        let flags = special_bytes(word(&rest[..8]));
        if flags != 0 {
            return Some(base + first_flagged(flags));
        }
        base += 8;
        rest = &rest[8..];
    }
    rest.iter()
        .position(|&byte| ESCAPE[usize::from(byte)] != 0)
        .map(|i| base + i)
}

/// Appends the contents of a JSON string holding `value` (without the quotes): runs of
/// bytes that need no escape copied whole, `"` and `\` and control characters escaped as
/// serde_json escapes them.
fn write_escaped(out: &mut Vec<u8>, value: &str) {
    let mut rest = value.as_bytes();
    while let Some(i) = find_special(rest) {
        out.extend_from_slice(&rest[..i]);
        let byte = rest[i];
        match ESCAPE[usize::from(byte)] {
            b'u' => out.extend_from_slice(&[
                b'\\',
                b'u',
                b'0',
                b'0',
                HEX_DIGITS[usize::from(byte >> 4)],
                HEX_DIGITS[usize::from(byte & 0xf)],
            ]),
            escape => out.extend_from_slice(&[b'\\', escape]),
        }
        rest = &rest[i + 1..];
    }
    out.extend_from_slice(rest);
}

// ---------------------------------------------------------------------------------------------
// Decoding

/// Decodes a JSON array of users, each an object with the fields `Id`, `RegDate`, `Name` and
/// `Score` in that order.
///
/// # Errors
///
/// If `input` is not such an array (alone, with whitespace around it), if a field is
/// missing, out of order or unknown, or a value is not of its type's form.
pub fn decode_users(input: &[u8]) -> Result<Vec<TypedUser>, Error> {
    let mut reader = Reader::new(input);
    reader.punct(b'[', "expected `[`")?;
    // A user takes at least this many bytes, so this never reserves more than one slot per
    // that many bytes of input, and never has to grow.
    const MIN_USER_LEN: usize =
        br#"{"Id":"","RegDate":"0000-01-01","Name":"","Score":"0"},"#.len() + UUID_LEN;
    let mut users = Vec::with_capacity(input.len() / MIN_USER_LEN);
    if !reader.eat(b']') {
        loop {
            users.push(reader.user()?);
            if !reader.next_element()? {
                break;
            }
        }
    }
    reader.finish()?;
    Ok(users)
}

/// Decodes a JSON object with [`TsShort`]'s fields in their declared order.
///
/// # Errors
///
/// If `input` is not such an object (see [`decode_users`]).
pub fn decode_ts_short(input: &[u8]) -> Result<TsShort, Error> {
    let mut r = Reader::new(input);
    r.punct(b'{', "expected `{`")?;
    r.key(br#""id""#, r#"expected the key "id""#)?;
    let id = r.u64()?;
    r.field(br#""name""#, r#"expected the key "name""#)?;
    let name = r.string()?.into_owned();
    r.field(br#""email""#, r#"expected the key "email""#)?;
    let email = r.string()?.into_owned();
    r.field(br#""city""#, r#"expected the key "city""#)?;
    let city = r.string()?.into_owned();
    r.field(br#""country""#, r#"expected the key "country""#)?;
    let country = r.string()?.into_owned();
    r.field(br#""status""#, r#"expected the key "status""#)?;
    let status = r.string()?.into_owned();
    r.field(br#""language""#, r#"expected the key "language""#)?;
    let language = r.string()?.into_owned();
    r.end_object()?;
    r.finish()?;
    Ok(TsShort {
        id,
        name,
        email,
        city,
        country,
        status,
        language,
    })
}

/// Decodes a JSON object with [`TsCjk`]'s fields in their declared order.
///
/// # Errors
///
/// If `input` is not such an object (see [`decode_users`]).
pub fn decode_ts_cjk(input: &[u8]) -> Result<TsCjk, Error> {
    let mut r = Reader::new(input);
    r.punct(b'{', "expected `{`")?;
    r.key(br#""id""#, r#"expected the key "id""#)?;
    let id = r.u64()?;
    r.field(br#""title""#, r#"expected the key "title""#)?;
    let title = r.string()?.into_owned();
    r.field(br#""author""#, r#"expected the key "author""#)?;
    let author = r.string()?.into_owned();
    r.field(br#""summary""#, r#"expected the key "summary""#)?;
    let summary = r.string()?.into_owned();
    r.field(br#""body""#, r#"expected the key "body""#)?;
    let body = r.string()?.into_owned();
    r.end_object()?;
    r.finish()?;
    Ok(TsCjk {
        id,
        title,
        author,
        summary,
        body,
    })
}

/// Decodes a JSON object with [`TsTicker`]'s fields (`C`, `K`, `T`, `Max`, `Cn`,
/// `Cn1`..`Cn9`) in their declared order.
///
/// # Errors
///
/// If `input` is not such an object (see [`decode_users`]); also if a float is out of
/// `f64`'s range or `null` (which is what NaN and the infinities are written as).
pub fn decode_ts_ticker(input: &[u8]) -> Result<TsTicker, Error> {
    let mut r = Reader::new(input);
    r.punct(b'{', "expected `{`")?;
    r.key(br#""C""#, r#"expected the key "C""#)?;
    let c = r.string()?.into_owned();
    r.field(br#""K""#, r#"expected the key "K""#)?;
    let k = r.string()?.into_owned();
    r.field(br#""T""#, r#"expected the key "T""#)?;
    let t = r.i64()?;
    r.field(br#""Max""#, r#"expected the key "Max""#)?;
    let max = r.f64()?;
    r.field(br#""Cn""#, r#"expected the key "Cn""#)?;
    let cn = r.string()?.into_owned();
    r.field(br#""Cn1""#, r#"expected the key "Cn1""#)?;
    let cn1 = r.f64()?;
    r.field(br#""Cn2""#, r#"expected the key "Cn2""#)?;
    let cn2 = r.f64()?;
    r.field(br#""Cn3""#, r#"expected the key "Cn3""#)?;
    let cn3 = r.f64()?;
    r.field(br#""Cn4""#, r#"expected the key "Cn4""#)?;
    let cn4 = r.f64()?;
    r.field(br#""Cn5""#, r#"expected the key "Cn5""#)?;
    let cn5 = r.u64()?;
    r.field(br#""Cn6""#, r#"expected the key "Cn6""#)?;
    let cn6 = r.f64()?;
    r.field(br#""Cn7""#, r#"expected the key "Cn7""#)?;
    let cn7 = r.f64()?;
    r.field(br#""Cn8""#, r#"expected the key "Cn8""#)?;
    let cn8 = r.u32()?;
    r.field(br#""Cn9""#, r#"expected the key "Cn9""#)?;
    let cn9 = r.string()?.into_owned();
    r.end_object()?;
    r.finish()?;
    Ok(TsTicker {
        c,
        k,
        t,
        max,
        cn,
        cn1,
        cn2,
        cn3,
        cn4,
        cn5,
        cn6,
        cn7,
        cn8,
        cn9,
    })
}

/// A cursor over JSON input. Every method skips the whitespace before what it reads.
struct Reader<'a> {
    input: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    fn new(input: &'a [u8]) -> Reader<'a> {
        Reader { input, pos: 0 }
    }

    fn error(&self, message: &'static str) -> Error {
        Error::new(self.pos, message)
    }

    fn skip_whitespace(&mut self) {
        while let Some(b' ' | b'\n' | b'\r' | b'\t') = self.input.get(self.pos) {
            self.pos += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_whitespace();
        self.input.get(self.pos).copied()
    }

    /// Consumes `byte` if it comes next.
    fn eat(&mut self, byte: u8) -> bool {
        let found = self.peek() == Some(byte);
        self.pos += usize::from(found);
        found
    }

    fn punct(&mut self, byte: u8, message: &'static str) -> Result<(), Error> {
        if self.eat(byte) {
            Ok(())
        } else {
            Err(self.error(message))
        }
    }

    /// Consumes `quoted` (a key with its quotes, as it must be written) and the colon after
    /// it.
    fn key(&mut self, quoted: &[u8], message: &'static str) -> Result<(), Error> {
        self.skip_whitespace();
        if !self.input[self.pos..].starts_with(quoted) {
            return Err(self.error(message));
        }
        self.pos += quoted.len();
        self.punct(b':', "expected `:`")
    }

    /// Consumes the comma before a field, and its key.
    fn field(&mut self, quoted: &[u8], message: &'static str) -> Result<(), Error> {
        self.punct(b',', "expected `,`")?;
        self.key(quoted, message)
    }

    fn end_object(&mut self) -> Result<(), Error> {
        self.punct(b'}', "expected `}`")
    }

    /// After an array's element: `true` for a comma (another element follows), `false` for
    /// the closing bracket.
    fn next_element(&mut self) -> Result<bool, Error> {
        match self.peek() {
            Some(b',') => {
                self.pos += 1;
                Ok(true)
            }
            Some(b']') => {
                self.pos += 1;
                Ok(false)
            }
            _ => Err(self.error("expected `,` or `]`")),
        }
    }

    /// Succeeds if nothing but whitespace is left.
    fn finish(&mut self) -> Result<(), Error> {
        self.skip_whitespace();
        if self.pos == self.input.len() {
            Ok(())
        } else {
            Err(self.error("trailing characters"))
        }
    }

    fn user(&mut self) -> Result<TypedUser, Error> {
        self.punct(b'{', "expected `{`")?;
        self.key(br#""Id""#, r#"expected the key "Id""#)?;
        let id = self.uuid()?;
        self.field(br#""RegDate""#, r#"expected the key "RegDate""#)?;
        let reg_date = self.date()?;
        self.field(br#""Name""#, r#"expected the key "Name""#)?;
        let name = self.string()?.into_owned();
        self.field(br#""Score""#, r#"expected the key "Score""#)?;
        let score = self.decimal()?;
        self.end_object()?;
        Ok(TypedUser {
            id,
            reg_date,
            name,
            score,
        })
    }

    fn uuid(&mut self) -> Result<uuid::Uuid, Error> {
        let start = self.pos;
        let text = self.string()?;
        text::parse_uuid(text.as_bytes()).ok_or(Error::new(start, "expected a hyphenated UUID"))
    }

    fn date(&mut self) -> Result<chrono::NaiveDate, Error> {
        let start = self.pos;
        let text = self.string()?;
        text::parse_date(text.as_bytes()).ok_or(Error::new(start, "expected a date"))
    }

    fn decimal(&mut self) -> Result<rust_decimal::Decimal, Error> {
        let start = self.pos;
        let text = self.string()?;
        text::parse_decimal(text.as_bytes()).ok_or(Error::new(start, "expected a decimal"))
    }

    /// A string's contents: borrowed from the input when it has no escapes, decoded into a
    /// new string when it has.
    fn string(&mut self) -> Result<Cow<'a, str>, Error> {
        self.punct(b'"', "expected a string")?;
        let input = self.input;
        let start = self.pos;
        let Some(end) = find_special(&input[start..]).map(|i| start + i) else {
            return Err(Error::new(input.len(), "unterminated string"));
        };
        match input[end] {
            b'"' => {
                let text = utf8(input, start, end)?;
                self.pos = end + 1;
                Ok(Cow::Borrowed(text))
            }
            b'\\' => self.escaped_string(start, end).map(Cow::Owned),
            _ => Err(Error::new(end, "control character in a string")),
        }
    }

    /// The rest of a string whose contents start at `start` and whose first escape is at
    /// `escape`.
    fn escaped_string(&mut self, start: usize, mut escape: usize) -> Result<String, Error> {
        let input = self.input;
        let mut text = String::with_capacity(escape - start + 16);
        let mut run = start;
        loop {
            text.push_str(utf8(input, run, escape)?);
            self.pos = escape + 1;
            self.escape(&mut text)?;
            run = self.pos;
            let Some(end) = find_special(&input[run..]).map(|i| run + i) else {
                return Err(Error::new(input.len(), "unterminated string"));
            };
            match input[end] {
                b'"' => {
                    text.push_str(utf8(input, run, end)?);
                    self.pos = end + 1;
                    return Ok(text);
                }
                b'\\' => escape = end,
                _ => return Err(Error::new(end, "control character in a string")),
            }
        }
    }

    /// Decodes the escape whose backslash was just consumed.
    fn escape(&mut self, text: &mut String) -> Result<(), Error> {
        let at = self.pos - 1;
        let Some(&kind) = self.input.get(self.pos) else {
            return Err(Error::new(self.input.len(), "unterminated string"));
        };
        self.pos += 1;
        let decoded = match kind {
            b'"' => '"',
            b'\\' => '\\',
            b'/' => '/',
            b'b' => '\u{8}',
            b'f' => '\u{c}',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => self.unicode_escape(at)?,
            _ => return Err(Error::new(at, "invalid escape")),
        };
        text.push(decoded);
        Ok(())
    }

    /// The character of a `\uXXXX` escape (whose `\u` starts at `at`), with the low surrogate
    /// that must follow a high one.
    fn unicode_escape(&mut self, at: usize) -> Result<char, Error> {
        let first = self.hex4()?;
        let code = match first {
            0xd800..=0xdbff => {
                if !self.input[self.pos..].starts_with(b"\\u") {
                    return Err(Error::new(at, "lone leading surrogate"));
                }
                self.pos += 2;
                let second = self.hex4()?;
                if !(0xdc00..=0xdfff).contains(&second) {
                    return Err(Error::new(at, "lone leading surrogate"));
                }
                0x10000 + ((first - 0xd800) << 10) + (second - 0xdc00)
            }
            0xdc00..=0xdfff => return Err(Error::new(at, "lone trailing surrogate")),
            _ => first,
        };
        char::from_u32(code).ok_or(Error::new(at, "invalid escape"))
    }

    fn hex4(&mut self) -> Result<u32, Error> {
        let Some(digits) = self.input.get(self.pos..self.pos + 4) else {
            return Err(Error::new(self.input.len(), "unterminated string"));
        };
        let mut value = 0;
        for (i, &byte) in digits.iter().enumerate() {
            let nibble = match byte {
                b'0'..=b'9' => byte - b'0',
                b'a'..=b'f' => byte - b'a' + 10,
                b'A'..=b'F' => byte - b'A' + 10,
                _ => return Err(Error::new(self.pos + i, "invalid hex digit in an escape")),
            };
            value = (value << 4) | u32::from(nibble);
        }
        self.pos += 4;
        Ok(value)
    }

    /// The digits of a non-negative integer: no sign, no leading zeros, no fraction or
    /// exponent; at most `u64::MAX`.
    fn magnitude(&mut self) -> Result<u64, Error> {
        let start = self.pos;
        let mut value: u64 = 0;
        while let Some(&byte) = self.input.get(self.pos) {
            let digit = byte.wrapping_sub(b'0');
            if digit >= 10 {
                break;
            }
            value = value
                .checked_mul(10)
                .and_then(|value| value.checked_add(u64::from(digit)))
                .ok_or(Error::new(start, "integer out of range"))?;
            self.pos += 1;
        }
        match self.pos - start {
            0 => Err(Error::new(start, "expected an integer")),
            len if len > 1 && self.input[start] == b'0' => {
                Err(Error::new(start, "leading zero in a number"))
            }
            _ => match self.input.get(self.pos) {
                Some(b'.' | b'e' | b'E') => Err(Error::new(start, "expected an integer")),
                _ => Ok(value),
            },
        }
    }

    fn u64(&mut self) -> Result<u64, Error> {
        self.skip_whitespace();
        self.magnitude()
    }

    fn u32(&mut self) -> Result<u32, Error> {
        self.skip_whitespace();
        let start = self.pos;
        let value = self.magnitude()?;
        u32::try_from(value).map_err(|_| Error::new(start, "integer out of range"))
    }

    fn i64(&mut self) -> Result<i64, Error> {
        self.skip_whitespace();
        let start = self.pos;
        let negative = self.input.get(self.pos) == Some(&b'-');
        self.pos += usize::from(negative);
        let magnitude = self.magnitude()?;
        let value = if negative {
            0i64.checked_sub_unsigned(magnitude)
        } else {
            i64::try_from(magnitude).ok()
        };
        value.ok_or(Error::new(start, "integer out of range"))
    }

    /// A JSON number (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`), correctly rounded to
    /// the nearest `f64`; out of range if it rounds to an infinity.
    fn f64(&mut self) -> Result<f64, Error> {
        self.skip_whitespace();
        let input = self.input;
        let start = self.pos;
        let digits = |pos: &mut usize| {
            let from = *pos;
            while input.get(*pos).is_some_and(u8::is_ascii_digit) {
                *pos += 1;
            }
            &input[from..*pos]
        };
        let negative = input.get(start) == Some(&b'-');
        let mut pos = start + usize::from(negative);
        let whole = digits(&mut pos);
        if whole.is_empty() {
            return Err(Error::new(start, "expected a number"));
        }
        if whole.len() > 1 && whole[0] == b'0' {
            return Err(Error::new(start, "leading zero in a number"));
        }
        let mut fraction: &[u8] = &[];
        if input.get(pos) == Some(&b'.') {
            pos += 1;
            fraction = digits(&mut pos);
            if fraction.is_empty() {
                return Err(Error::new(pos, "expected a digit after the decimal point"));
            }
        }
        let mut exponent = Some(0);
        if let Some(b'e' | b'E') = input.get(pos) {
            pos += 1;
            let sign = input.get(pos).copied();
            pos += usize::from(matches!(sign, Some(b'+' | b'-')));
            let digits = digits(&mut pos);
            if digits.is_empty() {
                return Err(Error::new(pos, "expected a digit in the exponent"));
            }
            exponent = small_exponent(digits).map(|e| if sign == Some(b'-') { -e } else { e });
        }
        let value = match exponent.and_then(|e| exact_f64(whole, fraction, e)) {
            Some(magnitude) if negative => -magnitude,
            Some(magnitude) => magnitude,
            None => std::str::from_utf8(&input[start..pos])
                .ok()
                .and_then(|text| text.parse().ok())
                .ok_or(Error::new(start, "expected a number"))?,
        };
        if value.is_infinite() {
            return Err(Error::new(start, "number out of range"));
        }
        self.pos = pos;
        Ok(value)
    }
}

/// An exponent's digits as a number, if there are at most three of them.
fn small_exponent(digits: &[u8]) -> Option<i32> {
    if digits.len() > 3 {
        return None;
    }
    Some(digits.iter().fold(0, |e, &d| e * 10 + i32::from(d - b'0')))
}

/// The powers of ten that are exact in an `f64`.
const EXACT_POWERS: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// `whole.fraction × 10^exponent` when its digits make an integer of at most 2^53 and the
/// power of ten after moving the point is at most 22 either way: both are then exact `f64`s,
/// and one multiplication or division rounds their product or quotient correctly. `None`
/// when it is not that simple; the standard library's parser takes those.
fn exact_f64(whole: &[u8], fraction: &[u8], exponent: i32) -> Option<f64> {
    if whole.len() + fraction.len() > 19 {
        return None;
    }
    let mantissa = whole
        .iter()
        .chain(fraction)
        .fold(0u64, |m, &d| m * 10 + u64::from(d - b'0'));
    if mantissa > 1 << 53 {
        return None;
    }
    let value = mantissa as f64;
    let exponent = exponent - fraction.len() as i32;
    match exponent {
        0..=22 => Some(value * EXACT_POWERS[exponent as usize]),
        -22..=-1 => Some(value / EXACT_POWERS[(-exponent) as usize]),
        _ => None,
    }
}

/// `input[start..end]` as text, or the offset of its first byte that is not valid UTF-8.
fn utf8(input: &[u8], start: usize, end: usize) -> Result<&str, Error> {
    simdutf8::compat::from_utf8(&input[start..end])
        .map_err(|error| Error::new(start + error.valid_up_to(), "invalid UTF-8"))
}
