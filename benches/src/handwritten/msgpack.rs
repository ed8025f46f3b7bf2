//! MessagePack in map form, byte for byte as `rmp_serde::to_vec_named` writes it: structs as
//! maps keyed by field name, integers and headers in their smallest form, floats as
//! `float 64`, a `Uuid` as 16 bytes of `bin` (rmp-serde is not human-readable), a `NaiveDate`
//! and a `Decimal` as strings. Decoders take that and any other encoding of the same fields in
//! the same order: integers of any width that holds the value, `float 32` for an `f64`, and
//! string, binary, array and map headers of any width.

use chrono::NaiveDate;
use rust_decimal::Decimal;
use uuid::Uuid;

use crate::records::TypedUser;
use crate::ts::{TsCjk, TsShort, TsTicker};

use super::text::{self, MAX_DATE_LEN, MAX_DECIMAL_LEN};
use super::Error;

// ---------------------------------------------------------------------------------------------
// Encoding

/// The bytes of one user besides its name's: the map header, keys, the id with its `bin`
/// header, the longest date and decimal with their headers, and the name's longest header.
const USER_FIXED_LEN: usize = 1
    + b"\xa2Id\xc4\x10".len()
    + 16
    + b"\xa7RegDate".len()
    + 1
    + MAX_DATE_LEN
    + b"\xa4Name".len()
    + 5
    + b"\xa5Score".len()
    + 1
    + MAX_DECIMAL_LEN;

/// Room for a string's header.
const STR_HEADER_LEN: usize = 5;

/// Room for an integer or a float with its marker.
const NUMBER_LEN: usize = 9;

/// Appends `users` to `out` as an array of maps, as `rmp_serde::to_vec_named(users)` writes
/// it.
///
/// # Panics
///
/// If there are 2^32 users or more, or a name is 4 GiB long or longer: MessagePack cannot
/// express those lengths (rmp-serde fails on them).
pub fn encode_users(users: &[TypedUser], out: &mut Vec<u8>) {
    let names: usize = users.iter().map(|user| user.name.len()).sum();
    out.reserve(5 + users.len() * USER_FIXED_LEN + names);
    let len = u32::try_from(users.len()).expect("fewer than 2^32 users");
    if len < 16 {
        out.push(0x90 | len as u8);
    } else if let Ok(len) = u16::try_from(len) {
        out.push(0xdc);
        out.extend_from_slice(&len.to_be_bytes());
    } else {
        out.push(0xdd);
        out.extend_from_slice(&len.to_be_bytes());
    }
    for user in users {
        out.extend_from_slice(b"\x84\xa2Id\xc4\x10");
        out.extend_from_slice(user.id.as_bytes());
        out.extend_from_slice(b"\xa7RegDate");
        write_short_str(out, |out| text::write_date(out, user.reg_date));
        out.extend_from_slice(b"\xa4Name");
        write_str(out, &user.name);
        out.extend_from_slice(b"\xa5Score");
        write_short_str(out, |out| text::write_decimal(out, &user.score));
    }
}

/// Appends `value` to `out` as `rmp_serde::to_vec_named(value)` writes it.
///
/// # Panics
///
/// If a string is 4 GiB long or longer (see [`encode_users`]).
pub fn encode_ts_short(value: &TsShort, out: &mut Vec<u8>) {
    let strings = value.name.len()
        + value.email.len()
        + value.city.len()
        + value.country.len()
        + value.status.len()
        + value.language.len();
    out.reserve(
        b"\x87\xa2id\xa4name\xa5email\xa4city\xa7country\xa6status\xa8language".len()
            + NUMBER_LEN
            + 6 * STR_HEADER_LEN
            + strings,
    );
    out.extend_from_slice(b"\x87\xa2id");
    write_uint(out, value.id);
    out.extend_from_slice(b"\xa4name");
    write_str(out, &value.name);
    out.extend_from_slice(b"\xa5email");
    write_str(out, &value.email);
    out.extend_from_slice(b"\xa4city");
    write_str(out, &value.city);
    out.extend_from_slice(b"\xa7country");
    write_str(out, &value.country);
    out.extend_from_slice(b"\xa6status");
    write_str(out, &value.status);
    out.extend_from_slice(b"\xa8language");
    write_str(out, &value.language);
}

/// Appends `value` to `out` as `rmp_serde::to_vec_named(value)` writes it.
///
/// # Panics
///
/// If a string is 4 GiB long or longer (see [`encode_users`]).
pub fn encode_ts_cjk(value: &TsCjk, out: &mut Vec<u8>) {
    let strings = value.title.len() + value.author.len() + value.summary.len() + value.body.len();
    out.reserve(
        b"\x85\xa2id\xa5title\xa6author\xa7summary\xa4body".len()
            + NUMBER_LEN
            + 4 * STR_HEADER_LEN
            + strings,
    );
    out.extend_from_slice(b"\x85\xa2id");
    write_uint(out, value.id);
    out.extend_from_slice(b"\xa5title");
    write_str(out, &value.title);
    out.extend_from_slice(b"\xa6author");
    write_str(out, &value.author);
    out.extend_from_slice(b"\xa7summary");
    write_str(out, &value.summary);
    out.extend_from_slice(b"\xa4body");
    write_str(out, &value.body);
}

/// Appends `value` to `out` as `rmp_serde::to_vec_named(value)` writes it.
///
/// # Panics
///
/// If a string is 4 GiB long or longer (see [`encode_users`]).
pub fn encode_ts_ticker(value: &TsTicker, out: &mut Vec<u8>) {
    let strings = value.c.len() + value.k.len() + value.cn.len() + value.cn9.len();
    out.reserve(
        b"\x8e\xa1C\xa1K\xa1T\xa3Max\xa2Cn\xa3Cn1\xa3Cn2\xa3Cn3\xa3Cn4\xa3Cn5\xa3Cn6\xa3Cn7\xa3Cn8\xa3Cn9"
            .len()
            + 10 * NUMBER_LEN
            + 4 * STR_HEADER_LEN
            + strings,
    );
    out.extend_from_slice(b"\x8e\xa1C");
    write_str(out, &value.c);
    out.extend_from_slice(b"\xa1K");
    write_str(out, &value.k);
    out.extend_from_slice(b"\xa1T");
    write_sint(out, value.t);
    out.extend_from_slice(b"\xa3Max");
    write_f64(out, value.max);
    out.extend_from_slice(b"\xa2Cn");
    write_str(out, &value.cn);
    out.extend_from_slice(b"\xa3Cn1");
    write_f64(out, value.cn1);
    out.extend_from_slice(b"\xa3Cn2");
    write_f64(out, value.cn2);
    out.extend_from_slice(b"\xa3Cn3");
    write_f64(out, value.cn3);
    out.extend_from_slice(b"\xa3Cn4");
    write_f64(out, value.cn4);
    out.extend_from_slice(b"\xa3Cn5");
    write_uint(out, value.cn5);
    out.extend_from_slice(b"\xa3Cn6");
    write_f64(out, value.cn6);
    out.extend_from_slice(b"\xa3Cn7");
    write_f64(out, value.cn7);
    out.extend_from_slice(b"\xa3Cn8");
    write_uint(out, u64::from(value.cn8));
    out.extend_from_slice(b"\xa3Cn9");
    write_str(out, &value.cn9);
}

/// A string header in its smallest form, then the string.
fn write_str(out: &mut Vec<u8>, value: &str) {
    let len = u32::try_from(value.len()).expect("a string shorter than 4 GiB");
    if len < 32 {
        out.push(0xa0 | len as u8);
    } else if len < 256 {
        out.extend_from_slice(&[0xd9, len as u8]);
    } else if let Ok(len) = u16::try_from(len) {
        out.push(0xda);
        out.extend_from_slice(&len.to_be_bytes());
    } else {
        out.push(0xdb);
        out.extend_from_slice(&len.to_be_bytes());
    }
    out.extend_from_slice(value.as_bytes());
}

/// A `fixstr` holding what `write` appends, which must be shorter than 32 bytes (a date or a
/// decimal): the header is patched in once the length is known.
fn write_short_str(out: &mut Vec<u8>, write: impl FnOnce(&mut Vec<u8>)) {
    let at = out.len();
    out.push(0xa0);
    write(out);
    let len = out.len() - at - 1;
    debug_assert!(len < 32);
    out[at] = 0xa0 | len as u8;
}

/// An unsigned integer in its smallest form.
fn write_uint(out: &mut Vec<u8>, value: u64) {
    if value < 0x80 {
        out.push(value as u8);
    } else if let Ok(value) = u8::try_from(value) {
        out.extend_from_slice(&[0xcc, value]);
    } else if let Ok(value) = u16::try_from(value) {
        let [a, b] = value.to_be_bytes();
        out.extend_from_slice(&[0xcd, a, b]);
    } else if let Ok(value) = u32::try_from(value) {
        let [a, b, c, d] = value.to_be_bytes();
        out.extend_from_slice(&[0xce, a, b, c, d]);
    } else {
        let [a, b, c, d, e, f, g, h] = value.to_be_bytes();
        out.extend_from_slice(&[0xcf, a, b, c, d, e, f, g, h]);
    }
}

/// A signed integer in its smallest form: as rmp-serde writes it, a non-negative one as an
/// unsigned integer.
fn write_sint(out: &mut Vec<u8>, value: i64) {
    if let Ok(value) = u64::try_from(value) {
        write_uint(out, value);
    } else if value >= -32 {
        out.push(value as u8);
    } else if let Ok(value) = i8::try_from(value) {
        out.extend_from_slice(&[0xd0, value as u8]);
    } else if let Ok(value) = i16::try_from(value) {
        let [a, b] = value.to_be_bytes();
        out.extend_from_slice(&[0xd1, a, b]);
    } else if let Ok(value) = i32::try_from(value) {
        let [a, b, c, d] = value.to_be_bytes();
        out.extend_from_slice(&[0xd2, a, b, c, d]);
    } else {
        let [a, b, c, d, e, f, g, h] = value.to_be_bytes();
        out.extend_from_slice(&[0xd3, a, b, c, d, e, f, g, h]);
    }
}

fn write_f64(out: &mut Vec<u8>, value: f64) {
    let [a, b, c, d, e, f, g, h] = value.to_be_bytes();
    out.extend_from_slice(&[0xcb, a, b, c, d, e, f, g, h]);
}

// ---------------------------------------------------------------------------------------------
// Decoding

/// The fewest bytes a user can take: every header in its smallest form, an empty name, the
/// shortest date (`0000-01-01`) and decimal (`0`).
const MIN_USER_LEN: usize = 1
    + b"\xa2Id\xc4\x10".len()
    + 16
    + b"\xa7RegDate\xaa0000-01-01".len()
    + b"\xa4Name\xa0".len()
    + b"\xa5Score\xa10".len();

/// Decodes an array of users, each a map of the fields `Id`, `RegDate`, `Name` and `Score` in
/// that order.
///
/// # Errors
///
/// If `input` is not such an array (and nothing after it), if a field is missing, out of
/// order or unknown, or a value is not of its type's form. An array longer than the rest of
/// the input could hold is an error before anything is allocated for it.
pub fn decode_users(input: &[u8]) -> Result<Vec<TypedUser>, Error> {
    let mut r = Reader::new(input);
    let at = r.pos;
    let len = r.array_len()?;
    if len > r.remaining() / MIN_USER_LEN {
        return Err(Error::new(at, "array longer than the input"));
    }
    let mut users = Vec::with_capacity(len);
    for _ in 0..len {
        r.map(4, "expected a map of 4 fields")?;
        r.key(b"\xa2Id", r#"expected the key "Id""#)?;
        let id = r.uuid()?;
        r.key(b"\xa7RegDate", r#"expected the key "RegDate""#)?;
        let reg_date = r.date()?;
        r.key(b"\xa4Name", r#"expected the key "Name""#)?;
        let name = r.str()?.to_owned();
        r.key(b"\xa5Score", r#"expected the key "Score""#)?;
        let score = r.decimal()?;
        users.push(TypedUser {
            id,
            reg_date,
            name,
            score,
        });
    }
    r.finish()?;
    Ok(users)
}

/// Decodes a map of [`TsShort`]'s fields in their declared order.
///
/// # Errors
///
/// If `input` is not such a map (see [`decode_users`]).
pub fn decode_ts_short(input: &[u8]) -> Result<TsShort, Error> {
    let mut r = Reader::new(input);
    r.map(7, "expected a map of 7 fields")?;
    r.key(b"\xa2id", r#"expected the key "id""#)?;
    let id = r.u64()?;
    r.key(b"\xa4name", r#"expected the key "name""#)?;
    let name = r.str()?.to_owned();
    r.key(b"\xa5email", r#"expected the key "email""#)?;
    let email = r.str()?.to_owned();
    r.key(b"\xa4city", r#"expected the key "city""#)?;
    let city = r.str()?.to_owned();
    r.key(b"\xa7country", r#"expected the key "country""#)?;
    let country = r.str()?.to_owned();
    r.key(b"\xa6status", r#"expected the key "status""#)?;
    let status = r.str()?.to_owned();
    r.key(b"\xa8language", r#"expected the key "language""#)?;
    let language = r.str()?.to_owned();
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

/// Decodes a map of [`TsCjk`]'s fields in their declared order.
///
/// # Errors
///
/// If `input` is not such a map (see [`decode_users`]).
pub fn decode_ts_cjk(input: &[u8]) -> Result<TsCjk, Error> {
    let mut r = Reader::new(input);
    r.map(5, "expected a map of 5 fields")?;
    r.key(b"\xa2id", r#"expected the key "id""#)?;
    let id = r.u64()?;
    r.key(b"\xa5title", r#"expected the key "title""#)?;
    let title = r.str()?.to_owned();
    r.key(b"\xa6author", r#"expected the key "author""#)?;
    let author = r.str()?.to_owned();
    r.key(b"\xa7summary", r#"expected the key "summary""#)?;
    let summary = r.str()?.to_owned();
    r.key(b"\xa4body", r#"expected the key "body""#)?;
    let body = r.str()?.to_owned();
    r.finish()?;
    Ok(TsCjk {
        id,
        title,
        author,
        summary,
        body,
    })
}

/// Decodes a map of [`TsTicker`]'s fields (`C`, `K`, `T`, `Max`, `Cn`, `Cn1`..`Cn9`) in their
/// declared order.
///
/// # Errors
///
/// If `input` is not such a map (see [`decode_users`]).
pub fn decode_ts_ticker(input: &[u8]) -> Result<TsTicker, Error> {
    let mut r = Reader::new(input);
    r.map(14, "expected a map of 14 fields")?;
    r.key(b"\xa1C", r#"expected the key "C""#)?;
    let c = r.str()?.to_owned();
    r.key(b"\xa1K", r#"expected the key "K""#)?;
    let k = r.str()?.to_owned();
    r.key(b"\xa1T", r#"expected the key "T""#)?;
    let t = r.i64()?;
    r.key(b"\xa3Max", r#"expected the key "Max""#)?;
    let max = r.f64()?;
    r.key(b"\xa2Cn", r#"expected the key "Cn""#)?;
    let cn = r.str()?.to_owned();
    r.key(b"\xa3Cn1", r#"expected the key "Cn1""#)?;
    let cn1 = r.f64()?;
    r.key(b"\xa3Cn2", r#"expected the key "Cn2""#)?;
    let cn2 = r.f64()?;
    r.key(b"\xa3Cn3", r#"expected the key "Cn3""#)?;
    let cn3 = r.f64()?;
    r.key(b"\xa3Cn4", r#"expected the key "Cn4""#)?;
    let cn4 = r.f64()?;
    r.key(b"\xa3Cn5", r#"expected the key "Cn5""#)?;
    let cn5 = r.u64()?;
    r.key(b"\xa3Cn6", r#"expected the key "Cn6""#)?;
    let cn6 = r.f64()?;
    r.key(b"\xa3Cn7", r#"expected the key "Cn7""#)?;
    let cn7 = r.f64()?;
    r.key(b"\xa3Cn8", r#"expected the key "Cn8""#)?;
    let cn8 = r.u32()?;
    r.key(b"\xa3Cn9", r#"expected the key "Cn9""#)?;
    let cn9 = r.str()?.to_owned();
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

/// A cursor over MessagePack input.
struct Reader<'a> {
    input: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    fn new(input: &'a [u8]) -> Reader<'a> {
        Reader { input, pos: 0 }
    }

    fn remaining(&self) -> usize {
        self.input.len() - self.pos
    }

    fn byte(&mut self) -> Result<u8, Error> {
        let byte = *self
            .input
            .get(self.pos)
            .ok_or(Error::new(self.pos, "unexpected end of input"))?;
        self.pos += 1;
        Ok(byte)
    }

    /// The next `len` bytes; an error, before anything is read, if fewer are left.
    fn take(&mut self, len: usize) -> Result<&'a [u8], Error> {
        if len > self.remaining() {
            return Err(Error::new(self.pos, "length beyond the end of the input"));
        }
        let bytes = &self.input[self.pos..self.pos + len];
        self.pos += len;
        Ok(bytes)
    }

    fn be<const N: usize>(&mut self) -> Result<[u8; N], Error> {
        let bytes = self.take(N)?;
        let mut array = [0; N];
        array.copy_from_slice(bytes);
        Ok(array)
    }

    fn be_u16(&mut self) -> Result<usize, Error> {
        Ok(usize::from(u16::from_be_bytes(self.be()?)))
    }

    fn be_u32(&mut self) -> Result<usize, Error> {
        usize::try_from(u32::from_be_bytes(self.be()?))
            .map_err(|_| Error::new(self.pos, "length out of range"))
    }

    /// Succeeds if the input is used up.
    fn finish(&self) -> Result<(), Error> {
        if self.pos == self.input.len() {
            Ok(())
        } else {
            Err(Error::new(self.pos, "trailing bytes"))
        }
    }

    fn array_len(&mut self) -> Result<usize, Error> {
        let at = self.pos;
        match self.byte()? {
            marker @ 0x90..=0x9f => Ok(usize::from(marker & 0x0f)),
            0xdc => self.be_u16(),
            0xdd => self.be_u32(),
            _ => Err(Error::new(at, "expected an array")),
        }
    }

    /// A map header announcing `fields` entries.
    fn map(&mut self, fields: usize, message: &'static str) -> Result<(), Error> {
        let at = self.pos;
        let len = match self.byte()? {
            marker @ 0x80..=0x8f => usize::from(marker & 0x0f),
            0xde => self.be_u16()?,
            0xdf => self.be_u32()?,
            _ => return Err(Error::new(at, message)),
        };
        if len == fields {
            Ok(())
        } else {
            Err(Error::new(at, message))
        }
    }

    /// The bytes of a string, not yet checked to be UTF-8.
    fn str_bytes(&mut self) -> Result<&'a [u8], Error> {
        let at = self.pos;
        let len = match self.byte()? {
            marker @ 0xa0..=0xbf => usize::from(marker & 0x1f),
            0xd9 => usize::from(self.byte()?),
            0xda => self.be_u16()?,
            0xdb => self.be_u32()?,
            _ => return Err(Error::new(at, "expected a string")),
        };
        self.take(len)
    }

    fn str(&mut self) -> Result<&'a str, Error> {
        let bytes = self.str_bytes()?;
        let start = self.pos - bytes.len();
        simdutf8::compat::from_utf8(bytes)
            .map_err(|error| Error::new(start + error.valid_up_to(), "invalid UTF-8"))
    }

    /// The key `encoded` (a `fixstr` header and the name), as rmp-serde writes it or with a
    /// wider header.
    fn key(&mut self, encoded: &[u8], message: &'static str) -> Result<(), Error> {
        if self.input[self.pos..].starts_with(encoded) {
            self.pos += encoded.len();
            return Ok(());
        }
        let at = self.pos;
        match self.str_bytes() {
            Ok(name) if name == &encoded[1..] => Ok(()),
            _ => Err(Error::new(at, message)),
        }
    }

    /// An integer of any width, widened.
    fn integer(&mut self) -> Result<i128, Error> {
        let at = self.pos;
        let marker = self.byte()?;
        Ok(match marker {
            0x00..=0x7f => i128::from(marker),
            0xe0..=0xff => i128::from(marker as i8),
            0xcc => i128::from(self.byte()?),
            0xcd => i128::from(u16::from_be_bytes(self.be()?)),
            0xce => i128::from(u32::from_be_bytes(self.be()?)),
            0xcf => i128::from(u64::from_be_bytes(self.be()?)),
            0xd0 => i128::from(self.byte()? as i8),
            0xd1 => i128::from(i16::from_be_bytes(self.be()?)),
            0xd2 => i128::from(i32::from_be_bytes(self.be()?)),
            0xd3 => i128::from(i64::from_be_bytes(self.be()?)),
            _ => return Err(Error::new(at, "expected an integer")),
        })
    }

    fn u64(&mut self) -> Result<u64, Error> {
        let at = self.pos;
        let value = self.integer()?;
        u64::try_from(value).map_err(|_| Error::new(at, "integer out of range"))
    }

    fn u32(&mut self) -> Result<u32, Error> {
        let at = self.pos;
        let value = self.integer()?;
        u32::try_from(value).map_err(|_| Error::new(at, "integer out of range"))
    }

    fn i64(&mut self) -> Result<i64, Error> {
        let at = self.pos;
        let value = self.integer()?;
        i64::try_from(value).map_err(|_| Error::new(at, "integer out of range"))
    }

    fn f64(&mut self) -> Result<f64, Error> {
        let at = self.pos;
        match self.byte()? {
            0xcb => Ok(f64::from_be_bytes(self.be()?)),
            0xca => Ok(f64::from(f32::from_be_bytes(self.be()?))),
            _ => Err(Error::new(at, "expected a float")),
        }
    }

    /// 16 bytes of `bin`.
    fn uuid(&mut self) -> Result<Uuid, Error> {
        let at = self.pos;
        let len = match self.byte()? {
            0xc4 => usize::from(self.byte()?),
            0xc5 => self.be_u16()?,
            0xc6 => self.be_u32()?,
            _ => return Err(Error::new(at, "expected 16 bytes of bin")),
        };
        if len != 16 {
            return Err(Error::new(at, "expected 16 bytes of bin"));
        }
        Ok(Uuid::from_bytes(self.be()?))
    }

    fn date(&mut self) -> Result<NaiveDate, Error> {
        let at = self.pos;
        let text = self.str_bytes()?;
        text::parse_date(text).ok_or(Error::new(at, "expected a date"))
    }

    fn decimal(&mut self) -> Result<Decimal, Error> {
        let at = self.pos;
        let text = self.str_bytes()?;
        text::parse_decimal(text).ok_or(Error::new(at, "expected a decimal"))
    }
}
