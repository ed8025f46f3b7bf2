//! `uuid::Uuid` (the `uuid` feature), as its serde impl writes and reads it: in JSON, the
//! hyphenated lower-case text (`67e55044-10b1-426f-9247-bb680e5fe0c8`), read in any of the
//! forms `Uuid::parse_str` reads (simple, hyphenated, braced, URN; either case); in
//! MessagePack (not human-readable, as rmp-serde is), the 16 bytes as a `bin`, read from a
//! `bin` of 16 bytes or an array of 16 integers.

use uuid::Uuid;

/// The hyphenated lower-case text, formatted by uuid itself.
#[cfg(feature = "json")]
struct Hyphenated([u8; uuid::fmt::Hyphenated::LENGTH]);

#[cfg(feature = "json")]
impl Hyphenated {
    #[inline]
    fn of(id: &Uuid) -> Self {
        let mut buf = [0u8; uuid::fmt::Hyphenated::LENGTH];
        id.hyphenated().encode_lower(&mut buf);
        Hyphenated(buf)
    }

    #[inline]
    fn as_bytes(&self) -> &[u8] {
        &self.0
    }
}

/// uuid's error, worded as its serde impl words it.
fn parse_error(err: uuid::Error) -> String {
    format!("UUID parsing failed: {err}")
}

#[cfg(feature = "json")]
impl crate::json::Encode for Uuid {
    #[inline]
    fn encode<W: crate::json::Writer>(&self, w: &mut W) {
        super::json_write_ascii(w, Hyphenated::of(self).as_bytes());
    }

    #[inline]
    fn size_hint(&self) -> usize {
        38
    }
}

#[cfg(feature = "json")]
impl<'de> crate::json::Decode<'de> for Uuid {
    // The hyphenated form in the caller; any other a call away.
    #[inline(always)]
    fn decode(r: &mut crate::json::Reader<'de>) -> Result<Self, crate::json::Error> {
        // The hyphenated form, read in place: 36 characters a UUID takes are hex digits and
        // hyphens, so a string of them has no escapes.
        if r.peek()? == b'"' {
            if let Some(text) = r.peek_fixed_str::<36>() {
                if let Ok(id) = Uuid::try_parse_ascii(text) {
                    r.skip_fixed_str::<36>();
                    return Ok(id);
                }
            }
        }
        json_decode_other(r)
    }
}

/// A UUID in JSON in any other form than hyphenated.
#[cfg(feature = "json")]
#[inline(never)]
fn json_decode_other(r: &mut crate::json::Reader<'_>) -> Result<Uuid, crate::json::Error> {
    super::json_read_text(r, "a formatted UUID string", |text| {
        // uuid's quick parser first; its `FromStr` (what the serde impl calls) again on a
        // failure, for the detailed message.
        Uuid::try_parse(text)
            .or_else(|_| Uuid::parse_str(text))
            .map_err(parse_error)
    })
}

/// As a JSON object key: the hyphenated text (serde_json writes and reads `Uuid` keys as the
/// string the value is).
#[cfg(feature = "json")]
impl crate::json::EncodeKey for Uuid {
    #[inline]
    fn encode_key<W: crate::json::Writer>(&self, w: &mut W) {
        super::json_write_ascii(w, Hyphenated::of(self).as_bytes());
    }

    #[inline]
    fn key_size_hint(&self) -> usize {
        38
    }
}

#[cfg(feature = "json")]
impl<'de> crate::json::DecodeKey<'de> for Uuid {
    #[inline]
    fn decode_key(key: crate::json::Str<'de, '_>) -> Result<Self, String> {
        Uuid::try_parse(&key)
            .or_else(|_| Uuid::parse_str(&key))
            .map_err(parse_error)
    }
}

#[cfg(feature = "msgpack")]
impl crate::msgpack::Encode for Uuid {
    #[inline]
    fn encode<W: crate::msgpack::Writer>(&self, w: &mut W) {
        w.write_bin(self.as_bytes());
    }

    #[inline]
    fn size_hint(&self) -> usize {
        18
    }
}

#[cfg(feature = "msgpack")]
impl<'de> crate::msgpack::Decode<'de> for Uuid {
    #[inline]
    fn decode(r: &mut crate::msgpack::Reader<'de>) -> Result<Self, crate::msgpack::Error> {
        // The form every writer uses, `bin 8` of 16 bytes, in one piece.
        if let Some(bytes) = r.try_bin_exact::<16>() {
            return Ok(Uuid::from_bytes(bytes));
        }
        msgpack_decode_other(r)
    }
}

/// A UUID in any other form rmp-serde reads: a `bin` of another header, or an array of 16
/// integers.
#[cfg(feature = "msgpack")]
#[inline(never)]
fn msgpack_decode_other(r: &mut crate::msgpack::Reader<'_>) -> Result<Uuid, crate::msgpack::Error> {
    let at = r.offset();
    match r.peek()? {
        // A `bin`: its bytes, which must be 16.
        0xC4..=0xC6 => {
            let bytes = r.decode_bytes()?;
            Uuid::from_slice(bytes).map_err(|err| r.custom_at(parse_error(err), at))
        }
        // An array: 16 integers, each a byte.
        0x90..=0x9F | 0xDC | 0xDD => {
            let len = r.begin_array("a 16 byte array")?;
            let mut bytes = [0u8; 16];
            for (i, byte) in bytes.iter_mut().enumerate().take(len) {
                *byte = <u8 as crate::msgpack::Decode>::decode(r).map_err(|e| e.in_index(i))?;
            }
            for _ in 16..len {
                r.skip_value()?;
            }
            r.end_container();
            if len != 16 {
                return Err(r.invalid_length_at(len, "a 16 byte array", at));
            }
            Ok(Uuid::from_bytes(bytes))
        }
        _ => Err(r.invalid_type("a 16 byte array")),
    }
}
