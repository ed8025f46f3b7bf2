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
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn decode(r: &mut crate::json::Reader<'de>) -> Result<Self, crate::json::Error> {
        // The hyphenated form, read in place: 36 characters a UUID takes are hex digits and
        // hyphens, so a string of them has no escapes.
        if r.peek()? == b'"' {
            if let Some(text) = r.peek_fixed_str::<36>() {
                if let Some(id) = hyphenated(text) {
                    r.skip_fixed_str::<36>();
                    return Ok(id);
                }
            }
        }
        json_decode_other(r)
    }
}

/// The UUID that hyphenated text (`8-4-4-4-12` hex digits, either case) names, as
/// `Uuid::try_parse_ascii` reads it; `None` for any other text.
#[cfg(feature = "json")]
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn hyphenated(text: &[u8; 36]) -> Option<Uuid> {
    #[cfg(target_arch = "x86_64")]
    {
        hyphenated_sse2(text).map(Uuid::from_bytes)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        Uuid::try_parse_ascii(text).ok()
    }
}

/// [`hyphenated`] sixteen digits at a time (SSE2, part of every x86_64 CPU): the 32 digits
/// gathered into two vectors, each byte checked as a digit or letter and turned into its
/// value, and the values paired into bytes.
#[cfg(all(feature = "json", target_arch = "x86_64"))]
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn hyphenated_sse2(text: &[u8; 36]) -> Option<[u8; 16]> {
    use std::arch::x86_64::{
        __m128i, _mm_add_epi8, _mm_and_si128, _mm_cmpgt_epi8, _mm_cmplt_epi8, _mm_loadu_si128,
        _mm_movemask_epi8, _mm_or_si128, _mm_packus_epi16, _mm_set1_epi16, _mm_set1_epi8,
        _mm_set_epi32, _mm_slli_epi16, _mm_srli_epi16, _mm_srli_si128, _mm_storeu_si128,
    };
    if (text[8], text[13], text[18], text[23]) != (b'-', b'-', b'-', b'-') {
        return None;
    }
    let mut bytes = [0u8; 16];
    // SAFETY: SSE2 is always available on x86_64. The four loads read 16 bytes each from
    // offsets 0, 2, 19 and 20 of the 36 of `text` (the last ends at its end); `loadu` and
    // `storeu` have no alignment requirement, and the store writes the 16 of `bytes`.
    let valid = unsafe {
        let p = text.as_ptr();
        let at0 = _mm_loadu_si128(p.cast::<__m128i>());
        let at2 = _mm_loadu_si128(p.add(2).cast::<__m128i>());
        let at19 = _mm_loadu_si128(p.add(19).cast::<__m128i>());
        let at20 = _mm_loadu_si128(p.add(20).cast::<__m128i>());
        // The first 16 digits: 0..8 in place, 9..13 one byte down, 14..18 from offset 2.
        let first = _mm_or_si128(
            _mm_or_si128(
                _mm_and_si128(at0, _mm_set_epi32(0, 0, -1, -1)),
                _mm_and_si128(_mm_srli_si128::<1>(at0), _mm_set_epi32(0, -1, 0, 0)),
            ),
            _mm_and_si128(at2, _mm_set_epi32(-1, 0, 0, 0)),
        );
        // The last 16: 19..23 from offset 19, 24..36 from offset 20.
        let last = _mm_or_si128(
            _mm_and_si128(at19, _mm_set_epi32(0, 0, 0, -1)),
            _mm_and_si128(at20, _mm_set_epi32(-1, -1, -1, 0)),
        );
        // Each byte's value (a digit's low nibble, a letter's plus nine) in its byte, and
        // whether it is a hex digit at all (bytes past 0x7f are negative, so neither).
        let value = |v: __m128i| {
            let digit = _mm_and_si128(
                _mm_cmpgt_epi8(v, _mm_set1_epi8(0x2f)),
                _mm_cmplt_epi8(v, _mm_set1_epi8(0x3a)),
            );
            let lower = _mm_or_si128(v, _mm_set1_epi8(0x20));
            let letter = _mm_and_si128(
                _mm_cmpgt_epi8(lower, _mm_set1_epi8(0x60)),
                _mm_cmplt_epi8(lower, _mm_set1_epi8(0x67)),
            );
            let nibble = _mm_add_epi8(
                _mm_and_si128(v, _mm_set1_epi8(0x0f)),
                _mm_and_si128(letter, _mm_set1_epi8(9)),
            );
            // Pairs: the first digit's value in the high half of the byte, in each 16-bit
            // lane's low byte.
            let pairs = _mm_and_si128(
                _mm_or_si128(_mm_slli_epi16::<4>(nibble), _mm_srli_epi16::<8>(nibble)),
                _mm_set1_epi16(0xff),
            );
            (pairs, _mm_or_si128(digit, letter))
        };
        let (first, first_ok) = value(first);
        let (last, last_ok) = value(last);
        _mm_storeu_si128(
            bytes.as_mut_ptr().cast::<__m128i>(),
            _mm_packus_epi16(first, last),
        );
        _mm_movemask_epi8(_mm_and_si128(first_ok, last_ok)) == 0xffff
    };
    valid.then_some(bytes)
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

#[cfg(all(test, feature = "json"))]
mod tests {
    use super::*;

    fn uuids_parse(text: &[u8; 36]) -> Option<Uuid> {
        Uuid::try_parse_ascii(text).ok()
    }

    #[test]
    fn hyphenated_text_reads_as_uuid_reads_it() {
        // Every byte value at every place of texts in lower, upper and mixed case; under
        // Miri, the bytes at the edges of the digit and letter ranges, in the first text.
        let edges = b"\0-/09:@AFG`afg\x7f\x80\xff";
        let bytes = (0..=255u8).filter(|b| !cfg!(miri) || edges.contains(b));
        let bases = if cfg!(miri) { 1 } else { 3 };
        for base in [
            *b"67e55044-10b1-426f-9247-bb680e5fe0c8",
            *b"67E55044-10B1-426F-9247-BB680E5FE0C8",
            *b"aBcDeF09-8765-4321-0fEd-CbA987654321",
        ]
        .into_iter()
        .take(bases)
        {
            assert_eq!(hyphenated(&base), uuids_parse(&base));
            assert!(hyphenated(&base).is_some());
            for at in 0..base.len() {
                for byte in bytes.clone() {
                    let mut text = base;
                    text[at] = byte;
                    assert_eq!(
                        hyphenated(&text),
                        uuids_parse(&text),
                        "{:?}",
                        String::from_utf8_lossy(&text)
                    );
                }
            }
        }
    }

    #[test]
    fn random_ids_read_back() {
        let mut state = 0x9E37_79B9_7F4A_7C15_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for i in 0..if cfg!(miri) { 200 } else { 20_000 } {
            let id = Uuid::from_u64_pair(next(), next());
            let mut text = [0u8; 36];
            id.hyphenated().encode_lower(&mut text);
            if i % 3 == 1 {
                text.make_ascii_uppercase();
            } else if i % 3 == 2 {
                // Mixed case: every other letter upper.
                for (j, byte) in text.iter_mut().enumerate() {
                    if j % 2 == 0 {
                        byte.make_ascii_uppercase();
                    }
                }
            }
            assert_eq!(hyphenated(&text), Some(id));
        }
    }
}
