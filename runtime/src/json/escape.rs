//! String escaping: find the next byte that needs an escape many bytes at a time (SSE2 on
//! x86_64, eight-byte SWAR words elsewhere), copy the clean run whole, escape through a table.
//!
//! The escapes are serde_json's: `\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`, and `\u00XX` with
//! lowercase hex for the other control characters. Nothing else is escaped (not `/`, not DEL,
//! not U+2028), so the output equals serde_json's byte for byte.

use super::writer::{put_unchecked, Writer};

const UU: u8 = b'u'; // \u00XX
const BB: u8 = b'b'; // \x08
const TT: u8 = b't'; // \x09
const NN: u8 = b'n'; // \x0A
const FF: u8 = b'f'; // \x0C
const RR: u8 = b'r'; // \x0D
const QU: u8 = b'"'; // \x22
const BS: u8 = b'\\'; // \x5C
const __: u8 = 0; // no escape

/// For each byte, the letter that follows the backslash in its escape, or 0 if the byte is
/// written as it is.
#[rustfmt::skip]
pub(crate) static ESCAPE: [u8; 256] = [
    //   1   2   3   4   5   6   7   8   9   A   B   C   D   E   F
    UU, UU, UU, UU, UU, UU, UU, UU, BB, TT, NN, UU, FF, RR, UU, UU, // 0
    UU, UU, UU, UU, UU, UU, UU, UU, UU, UU, UU, UU, UU, UU, UU, UU, // 1
    __, __, QU, __, __, __, __, __, __, __, __, __, __, __, __, __, // 2
    __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, // 3
    __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, // 4
    __, __, __, __, __, __, __, __, __, __, __, __, BS, __, __, __, // 5
    __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, // 6
    __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, // 7
    __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, // 8
    __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, // 9
    __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, // A
    __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, // B
    __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, // C
    __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, // D
    __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, // E
    __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, __, // F
];

/// Strings longer than this are escaped in pieces of this size, so that a streaming writer
/// never needs room for a whole long string at once.
const PIECE: usize = 16 * 1024;

/// Writes `value` quoted and escaped.
#[inline]
pub(crate) fn write_quoted<W: Writer + ?Sized>(w: &mut W, value: &str) {
    let bytes = value.as_bytes();
    if bytes.len() > PIECE {
        return write_quoted_long(w, bytes);
    }
    // Room for the clean case: both quotes and every byte once. Each escape reserves its own
    // extra room, so the invariant "spare capacity >= bytes still to copy + closing quote"
    // holds throughout `write_body`.
    w.reserve(bytes.len() + 2);
    if bytes.len() <= SHORT && short_is_clean(bytes) {
        // SAFETY: room for the string and both quotes was reserved above.
        unsafe { put_short_quoted(w.buffer(crate::json::Token), bytes) };
        return;
    }
    // SAFETY: room for the opening quote was reserved above.
    unsafe { put_unchecked(w.buffer(crate::json::Token), b"\"") };
    write_body(w, bytes);
    // SAFETY: `write_body` leaves room for the closing quote (see the invariant above).
    unsafe { put_unchecked(w.buffer(crate::json::Token), b"\"") };
}

/// Up to how many bytes a string is checked as one or two words and copied without a call
/// to `memcpy` (most values of typical records: names, codes, ids). With its four strings of 2
/// to 12 bytes written so, the 14-field `Ts` encodes in 2,574 instructions instead of 2,715
/// (callgrind).
const SHORT: usize = 16;

/// The escape flags of eight bytes: the high bit of each byte that is `"`, `\` or below
/// 0x20 (exactly those bytes when it is the lowest set; any set bit means one of them).
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn escape_flags(x: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let quote = x ^ (ONES * u64::from(b'"'));
    let backslash = x ^ (ONES * u64::from(b'\\'));
    // The classic "has a zero byte" and "has a byte below n" tests, exact as to whether any
    // byte matches: a borrow only crosses into a byte above one that matches.
    ((quote.wrapping_sub(ONES) & !quote)
        | (backslash.wrapping_sub(ONES) & !backslash)
        | (x.wrapping_sub(ONES * 0x20) & !x))
        & HIGHS
}

/// Whether `bytes`, at most [`SHORT`] of them, need no escape: every byte looked at in at
/// most two words read from inside the slice (the first and last eight or four bytes,
/// overlapping; or the first, middle and last byte of one to three, repeated).
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn short_is_clean(bytes: &[u8]) -> bool {
    let len = bytes.len();
    let word = |at: usize| -> u64 {
        let mut eight = [0u8; 8];
        eight.copy_from_slice(&bytes[at..at + 8]);
        u64::from_le_bytes(eight)
    };
    let half = |at: usize| -> u64 {
        let mut four = [0u8; 4];
        four.copy_from_slice(&bytes[at..at + 4]);
        u64::from(u32::from_le_bytes(four))
    };
    match len {
        8.. => (escape_flags(word(0)) | escape_flags(word(len - 8))) == 0,
        4.. => escape_flags(half(0) | (half(len - 4) << 32)) == 0,
        1.. => {
            let (a, b, c) = (bytes[0], bytes[len / 2], bytes[len - 1]);
            escape_flags(u64::from_le_bytes([a, b, c, a, a, b, c, a])) == 0
        }
        0 => true,
    }
}

/// Appends `bytes` between quotes.
///
/// # Safety
/// `bytes.len() <= SHORT`, and `buf` has room for `bytes.len() + 2` more bytes.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
unsafe fn put_short_quoted(buf: &mut Vec<u8>, bytes: &[u8]) {
    let len = bytes.len();
    let at = buf.len();
    // SAFETY: the caller reserved `len + 2` bytes after `at`: the quotes go to `at` and
    // `at + len + 1`, the text between them (`copy_short` takes 1 to 64 bytes, from a distinct
    // borrow); then `len + 2` bytes are initialised past the old length.
    unsafe {
        let dst = buf.as_mut_ptr().add(at);
        *dst = b'"';
        if len > 0 {
            crate::owned::copy_short(bytes.as_ptr(), dst.add(1), len);
        }
        *dst.add(len + 1) = b'"';
        buf.set_len(at + len + 2);
    }
}

#[cold]
#[inline(never)]
fn write_quoted_long<W: Writer + ?Sized>(w: &mut W, bytes: &[u8]) {
    w.write_fragment("\"");
    // Pieces may split a UTF-8 sequence: escaping only ever touches ASCII bytes, so the
    // concatenated output is the same as if the string were escaped in one go.
    for piece in bytes.chunks(PIECE) {
        w.reserve(piece.len() + 1);
        write_body(w, piece);
    }
    w.write_fragment("\"");
}

/// Copies `bytes` escaped. On entry the writer has room for `bytes.len() + 1` more bytes; on
/// exit it still has room for one more (the closing quote).
#[inline]
fn write_body<W: Writer + ?Sized>(w: &mut W, bytes: &[u8]) {
    let mut start = 0;
    loop {
        let at = find_escape(bytes, start);
        // SAFETY: the clean run is at most the bytes still to copy, for which room is reserved.
        unsafe { put_unchecked(w.buffer(crate::json::Token), &bytes[start..at]) };
        if at == bytes.len() {
            return;
        }
        // An escape is at most 6 bytes for 1 byte of input; keep the invariant for the rest.
        w.reserve(6 + (bytes.len() - at));
        write_escape(w.buffer(crate::json::Token), bytes[at]);
        start = at + 1;
    }
}

#[inline]
fn write_escape(buf: &mut Vec<u8>, byte: u8) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let letter = ESCAPE[byte as usize];
    if letter == b'u' {
        let seq = [
            b'\\',
            b'u',
            b'0',
            b'0',
            HEX[(byte >> 4) as usize],
            HEX[(byte & 0xF) as usize],
        ];
        // SAFETY: the caller reserved 6 bytes for this escape.
        unsafe { put_unchecked(buf, &seq) };
    } else {
        // SAFETY: the caller reserved 6 bytes for this escape; this one takes 2.
        unsafe { put_unchecked(buf, &[b'\\', letter]) };
    }
}

/// Index of the first byte at or after `from` that needs an escape, or `bytes.len()`.
#[inline]
pub(crate) fn find_escape(bytes: &[u8], from: usize) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        find_escape_sse2(bytes, from)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        find_escape_swar(bytes, from)
    }
}

/// Portable search: eight bytes per step as one `u64`.
#[inline]
pub(crate) fn find_escape_swar(bytes: &[u8], from: usize) -> usize {
    let mut i = from;
    while i + 8 <= bytes.len() {
        let mut word = [0u8; 8];
        word.copy_from_slice(&bytes[i..i + 8]);
        // The lowest flag is exact (false positives only appear above a real hit), so it is
        // the first byte that needs escaping.
        let flags = escape_flags(u64::from_le_bytes(word));
        if flags != 0 {
            return i + (flags.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while i < bytes.len() {
        if ESCAPE[bytes[i] as usize] != 0 {
            return i;
        }
        i += 1;
    }
    bytes.len()
}

/// SSE2 search, sixteen bytes per step. SSE2 is part of every x86_64 CPU, so no runtime
/// detection is needed; the tail shorter than 16 bytes goes through the SWAR search.
#[cfg(target_arch = "x86_64")]
#[inline]
pub(crate) fn find_escape_sse2(bytes: &[u8], from: usize) -> usize {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_min_epu8, _mm_movemask_epi8, _mm_or_si128,
        _mm_set1_epi8,
    };
    let mut i = from;
    if i + 16 <= bytes.len() {
        // SAFETY: SSE2 is always available on x86_64. Every load reads 16 bytes starting at
        // `i`, and the loop condition keeps `i + 16 <= bytes.len()`; `loadu` has no alignment
        // requirement.
        unsafe {
            let quote = _mm_set1_epi8(b'"' as i8);
            let backslash = _mm_set1_epi8(b'\\' as i8);
            let control_max = _mm_set1_epi8(0x1F);
            while i + 16 <= bytes.len() {
                let v = _mm_loadu_si128(bytes.as_ptr().add(i).cast::<__m128i>());
                // Unsigned `v <= 0x1F` is `min(v, 0x1F) == v`.
                let control = _mm_cmpeq_epi8(_mm_min_epu8(v, control_max), v);
                let special = _mm_or_si128(
                    _mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)),
                    control,
                );
                let mask = _mm_movemask_epi8(special);
                if mask != 0 {
                    return i + mask.trailing_zeros() as usize;
                }
                i += 16;
            }
        }
    }
    find_escape_swar(bytes, i)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn find_escape_scalar(bytes: &[u8], from: usize) -> usize {
        (from..bytes.len())
            .find(|&i| ESCAPE[bytes[i] as usize] != 0)
            .unwrap_or(bytes.len())
    }

    /// Checks both searches against the byte-by-byte one on `buf` from `from`: the one the
    /// writer and reader use (SSE2 on x86_64) and the portable one (forced here, as it is the
    /// only one elsewhere).
    fn check_searches(buf: &[u8], from: usize) {
        let want = find_escape_scalar(buf, from);
        assert_eq!(find_escape(buf, from), want, "{buf:?} from {from}");
        assert_eq!(find_escape_swar(buf, from), want, "{buf:?} from {from}");
    }

    /// The short path's verdict and output against the table and the general path: every byte
    /// value at every position of every length up to [`SHORT`] (one or two such bytes under
    /// Miri, which checks that the words are read from inside the slice), over backgrounds of
    /// ASCII and high bytes, each slice ending where its allocation does.
    #[test]
    fn short_strings_are_checked_and_copied_exactly() {
        let bytes: Vec<u8> = if cfg!(miri) {
            vec![b'"', b'a']
        } else {
            (0..=255).collect()
        };
        for background in [b'a', 0x80, 0xFF] {
            for len in 0..=SHORT {
                for pos in 0..len.max(1) {
                    for &byte in &bytes {
                        let mut text = vec![background; len];
                        if len > 0 {
                            text[pos] = byte;
                        }
                        let text: &[u8] = &text;
                        let clean = text.iter().all(|&b| ESCAPE[b as usize] == 0);
                        assert_eq!(short_is_clean(text), clean, "{text:?}");
                        if clean {
                            let mut out = b"x".to_vec();
                            out.reserve(len + 2);
                            // SAFETY: at most `SHORT` bytes, with room for them and the quotes.
                            unsafe { put_short_quoted(&mut out, text) };
                            let mut want = b"x\"".to_vec();
                            want.extend_from_slice(text);
                            want.push(b'"');
                            assert_eq!(out, want);
                        }
                    }
                }
            }
        }
    }

    /// A byte at every position of buffers of every length past four SSE2 blocks, over a
    /// background of bytes that never need escaping (ASCII and high bytes alike, to catch sign
    /// mistakes), searched from before, at and after it. Each buffer ends where its allocation
    /// does and starts at a varying offset into it, so an over-long or misaligned load shows up
    /// (under Miri, as an error).
    #[test]
    fn searches_agree_with_the_table() {
        if cfg!(miri) {
            // Miri checks the memory accesses, which depend on the length, the offset and
            // where the search starts and stops rather than on the bytes: every length and
            // stopping place, with one special byte.
            for len in 0..=66 {
                let offset = len % 16;
                let mut storage = vec![0x80; offset + len];
                for from in [
                    0,
                    1,
                    7,
                    8,
                    15,
                    16,
                    17,
                    31,
                    32,
                    33,
                    len.saturating_sub(1),
                    len,
                ] {
                    check_searches(&storage[offset..], from.min(len));
                }
                for pos in 0..len {
                    storage[offset + pos] = b'\\';
                    check_searches(&storage[offset..], pos.saturating_sub(1));
                    storage[offset + pos] = 0x80;
                }
            }
            return;
        }
        for background in [b'a', 0x80, 0xFF, b'!', b']'] {
            for len in 0..=66 {
                check_searches(&vec![background; len], 0);
                for pos in 0..len {
                    let offset = (len * 7 + pos) % 16;
                    let mut storage = vec![background; offset + len];
                    for byte in 0..=255 {
                        storage[offset + pos] = byte;
                        for from in [0, pos, pos + 1] {
                            check_searches(&storage[offset..], from);
                        }
                    }
                }
            }
        }
    }

    /// Two bytes that need escaping, searched from every place after the first: the last
    /// blocks and words are loaded overlapping bytes before `from` or already searched, and
    /// an escape among those must neither be found nor (in the SWAR words, where a borrow
    /// runs upward) flag a clean byte after it.
    #[test]
    fn searches_past_an_earlier_escape() {
        let (specials, lengths): (&[u8], usize) = if cfg!(miri) {
            (b"\"", 12)
        } else {
            (&[b'"', b'\\', 0x00, 0x1F], 40)
        };
        for len in 2..=lengths {
            for first in 0..len {
                for second in first + 1..=len {
                    for &a in specials {
                        for &b in specials {
                            let mut buf = vec![b'#'; len];
                            buf[first] = a;
                            if second < len {
                                buf[second] = b;
                            }
                            for from in first + 1..=len {
                                check_searches(&buf, from);
                            }
                        }
                    }
                }
            }
        }
    }

    /// Strings of every length past four SSE2 blocks with one character that needs escaping
    /// at every position, written and read back: the output is serde_json's, and reading it
    /// gives the string again (the reader finds escapes with the same searches).
    #[test]
    fn strings_escape_and_read_back_at_every_position() {
        // Under Miri, lengths around the block sizes, with one special character.
        let (specials, lengths): (&[char], Vec<usize>) = if cfg!(miri) {
            (&['"'], vec![0, 7, 8, 15, 16, 17, 32, 66])
        } else {
            (
                &[
                    '"', '\\', '\n', '\u{0}', '\u{1f}', '\u{7f}', 'é', '\u{2028}',
                ],
                (0..=70).collect(),
            )
        };
        for len in lengths {
            for pos in 0..=len {
                for &special in specials {
                    let mut text: String =
                        (0..len).map(|i| (b'a' + (i % 26) as u8) as char).collect();
                    text.insert(pos, special);
                    let json = crate::json::to_string(&text);
                    assert_eq!(json, serde_json::to_string(&text).unwrap(), "{text:?}");
                    let back: String = crate::json::from_str(&json).unwrap();
                    assert_eq!(back, text);
                }
            }
        }
    }

    #[test]
    fn table_matches_json_rules() {
        for byte in 0..=255u8 {
            let needs = byte < 0x20 || byte == b'"' || byte == b'\\';
            assert_eq!(ESCAPE[byte as usize] != 0, needs, "byte {byte:#x}");
        }
    }
}
