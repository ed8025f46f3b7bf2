//! JSON whitespace: found many bytes at a time. x86_64 goes 32 bytes a step with AVX2 when
//! the CPU has it (detected at run time), 16 with SSE2 (every x86_64 CPU has it) otherwise;
//! other targets, and every tail, go byte by byte.

/// Which wide search the CPU allows, detected once per reader (a check per run would cost as
/// much as a short run's search).
#[derive(Clone, Copy, Debug)]
pub(super) struct Wide {
    /// Whether the CPU has AVX2.
    #[cfg(target_arch = "x86_64")]
    avx2: bool,
}

impl Wide {
    /// The widest search this CPU allows.
    #[inline]
    pub(super) fn detect() -> Self {
        Wide {
            #[cfg(target_arch = "x86_64")]
            avx2: std::arch::is_x86_feature_detected!("avx2"),
        }
    }
}

/// Moves `*pos` past the whitespace there, to the first byte that is not whitespace, and
/// returns that byte (`None` at the end of `bytes`).
///
/// Runs reaching here are usually a pretty-printer's newline and indentation: they are
/// searched wide at once (single spaces are settled inline by `skip_whitespace`). Each wide
/// search is a function of its own, reached by a tail call.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(super) fn skip_run(wide: Wide, bytes: &[u8], pos: &mut usize) -> Option<u8> {
    #[cfg(target_arch = "x86_64")]
    {
        if wide.avx2 {
            // SAFETY: `wide` says the CPU has AVX2 (`Wide::detect` is the only way to set it).
            return unsafe { skip_run_avx2(bytes, pos) };
        }
        skip_run_sse2(bytes, pos)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = wide;
        *pos = find_non_whitespace_scalar(bytes, *pos);
        bytes.get(*pos).copied()
    }
}

/// The layout of pretty-printed text: when `bytes[at]` is a newline followed by fewer than 32
/// spaces and then a byte that is not whitespace, the index of that byte; `None` otherwise
/// (another layout, deeper indentation, or fewer than 32 bytes after the newline), when the
/// caller searches as usual.
///
/// The 32 bytes after the newline are compared with spaces at once, without a loop.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(super) fn newline_and_spaces(bytes: &[u8], at: usize) -> Option<usize> {
    if bytes.get(at) != Some(&b'\n') {
        return None;
    }
    let block: &[u8; 32] = bytes.get(at + 1..at + 33)?.try_into().ok()?;
    let spaces = leading_spaces(block) as usize;
    // Not a space (the count stopped there), so whitespace only if a tab, newline or carriage
    // return: left to the general search, as are 32 spaces.
    match block.get(spaces) {
        Some(&byte) if byte > b' ' => Some(at + 1 + spaces),
        _ => None,
    }
}

/// How many spaces lead `block` (32 when it holds nothing else): SSE2 on x86_64 (every
/// x86_64 CPU has it), two 16-byte integers elsewhere.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn leading_spaces(block: &[u8; 32]) -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        leading_spaces_sse2(block)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        leading_spaces_portable(block)
    }
}

/// [`leading_spaces`] with SSE2: a bit per byte that is a space, the two halves' bits in one
/// word, and its lowest clear bit.
#[cfg(target_arch = "x86_64")]
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn leading_spaces_sse2(block: &[u8; 32]) -> u32 {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8,
    };
    // SAFETY: SSE2 is always available on x86_64; the two loads read bytes 0..16 and 16..32
    // of `block`, which has 32; `loadu` has no alignment requirement.
    let spaces = unsafe {
        let space = _mm_set1_epi8(b' ' as i8);
        let low = _mm_loadu_si128(block.as_ptr().cast::<__m128i>());
        let high = _mm_loadu_si128(block.as_ptr().add(16).cast::<__m128i>());
        let low = _mm_movemask_epi8(_mm_cmpeq_epi8(low, space)) as u32;
        let high = _mm_movemask_epi8(_mm_cmpeq_epi8(high, space)) as u32;
        low | high << 16
    };
    (!spaces).trailing_zeros()
}

/// [`leading_spaces`] without SIMD: each half read as one integer, zero where it holds
/// spaces, so that its lowest byte that is not zero is the first byte that is not a space.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn leading_spaces_portable(block: &[u8; 32]) -> u32 {
    let (low, high) = block.split_at(16);
    let spaces = u128::from_le_bytes([b' '; 16]);
    let low = u128::from_le_bytes(low.try_into().unwrap_or_default()) ^ spaces;
    if low != 0 {
        return low.trailing_zeros() / 8;
    }
    let high = u128::from_le_bytes(high.try_into().unwrap_or_default()) ^ spaces;
    16 + high.trailing_zeros() / 8
}

/// Index of the first byte at or after `from` that is not JSON whitespace, or `bytes.len()`:
/// [`skip_run`] as a search.
#[cfg(test)]
fn find_non_whitespace(wide: Wide, bytes: &[u8], from: usize) -> usize {
    let mut pos = from;
    skip_run(wide, bytes, &mut pos);
    pos
}

/// [`skip_run`] without AVX2: SSE2, then byte by byte.
#[cfg(target_arch = "x86_64")]
#[inline(never)]
fn skip_run_sse2(bytes: &[u8], pos: &mut usize) -> Option<u8> {
    let at = find_non_whitespace_sse2(bytes, *pos);
    *pos = find_non_whitespace_scalar(bytes, at);
    bytes.get(*pos).copied()
}

/// [`skip_run`] with AVX2.
///
/// # Safety
///
/// The CPU must support AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn skip_run_avx2(bytes: &[u8], pos: &mut usize) -> Option<u8> {
    // SAFETY: the caller guarantees AVX2.
    *pos = unsafe { find_non_whitespace_avx2(bytes, *pos) };
    bytes.get(*pos).copied()
}

/// Byte by byte: the portable search, and the tail of the wide ones.
#[inline]
fn find_non_whitespace_scalar(bytes: &[u8], from: usize) -> usize {
    let mut i = from;
    while let Some(b' ' | b'\n' | b'\r' | b'\t') = bytes.get(i) {
        i += 1;
    }
    i
}

/// Thirty-two bytes per step, while 32 remain; the rest through the SSE2 and scalar searches.
/// A byte is whitespace when it equals the entry of a 16-byte table picked by its low four
/// bits: the table holds each whitespace byte at its own low nibble (` ` at 0, `\t` at 9,
/// `\n` at 10, `\r` at 13) and zero elsewhere, which no byte picking that entry equals (its
/// low nibble is not 0); a byte with its high bit set picks zero, which it does not equal.
///
/// # Safety
///
/// The CPU must support AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn find_non_whitespace_avx2(bytes: &[u8], from: usize) -> usize {
    use std::arch::x86_64::{
        __m256i, _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_movemask_epi8, _mm256_setr_epi8,
        _mm256_shuffle_epi8,
    };
    let mut i = from;
    // The table, once per 128-bit lane (the shuffle picks within each lane).
    let table = _mm256_setr_epi8(
        0x20, 0, 0, 0, 0, 0, 0, 0, 0, 0x09, 0x0A, 0, 0, 0x0D, 0, 0, //
        0x20, 0, 0, 0, 0, 0, 0, 0, 0, 0x09, 0x0A, 0, 0, 0x0D, 0, 0,
    );
    while i + 32 <= bytes.len() {
        // SAFETY: the load reads bytes `i..i + 32`, in bounds by the loop condition; `loadu`
        // has no alignment requirement.
        let v = unsafe { _mm256_loadu_si256(bytes.as_ptr().add(i).cast::<__m256i>()) };
        let ws = _mm256_cmpeq_epi8(_mm256_shuffle_epi8(table, v), v);
        let mask = !(_mm256_movemask_epi8(ws) as u32);
        if mask != 0 {
            return i + mask.trailing_zeros() as usize;
        }
        i += 32;
    }
    let i = find_non_whitespace_sse2(bytes, i);
    find_non_whitespace_scalar(bytes, i)
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

pub(super) fn count_whitespace(bytes: &[u8]) -> usize {
    bytes
        .iter()
        .take_while(|b| matches!(b, b' ' | b'\n' | b'\r' | b'\t'))
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn is_whitespace(byte: u8) -> bool {
        matches!(byte, b' ' | b'\n' | b'\r' | b'\t')
    }

    /// Every position of every byte value after runs of every length up to 40 and of 60 to 71
    /// (two AVX2 steps), with every starting offset: each search (the one the CPU allows, AVX2
    /// when the CPU has it, SSE2 with its scalar tail, and the scalar alone) agrees with a
    /// byte-by-byte one. Under Miri, one whitespace byte and one other, from a few offsets at
    /// each end and one in the middle.
    #[test]
    fn whitespace_search_agrees_with_a_scalar_loop() {
        #[cfg(target_arch = "x86_64")]
        let avx2 = std::arch::is_x86_feature_detected!("avx2");
        // Under Miri, runs up to two 16-byte blocks and a tail, and a few around 64.
        let (short, long) = if cfg!(miri) {
            (34, 63..66)
        } else {
            (40, 60..72)
        };
        for run in (0..short).chain(long) {
            let bytes = (0..=255u8).filter(|b| !cfg!(miri) || b"\tx".contains(b));
            for byte in bytes {
                let mut buf: Vec<u8> = (0..run).map(|i| b" \n\r\t"[i % 4]).collect();
                buf.push(byte);
                buf.extend_from_slice(b"   x");
                // Under Miri, starts at both ends and in the middle.
                let end = buf.len();
                let froms =
                    (0..end).filter(|&f| !cfg!(miri) || f < 2 || f + 6 >= end || f == run / 2);
                for from in froms {
                    let want = (from..buf.len())
                        .find(|&i| !is_whitespace(buf[i]))
                        .unwrap_or(buf.len());
                    assert_eq!(
                        find_non_whitespace(Wide::detect(), &buf, from),
                        want,
                        "{buf:?} from {from}"
                    );
                    assert_eq!(find_non_whitespace_scalar(&buf, from), want);
                    #[cfg(target_arch = "x86_64")]
                    {
                        let sse2 = find_non_whitespace(Wide { avx2: false }, &buf, from);
                        assert_eq!(sse2, want, "{buf:?} from {from}");
                        let fast = find_non_whitespace_sse2(&buf, from);
                        assert_eq!(find_non_whitespace_scalar(&buf, fast), want);
                        assert!(
                            fast <= want
                                && buf[from.min(fast)..fast].iter().all(|&b| is_whitespace(b))
                        );
                        if avx2 {
                            // SAFETY: the CPU has AVX2, checked above.
                            let found = unsafe { find_non_whitespace_avx2(&buf, from) };
                            assert_eq!(found, want, "{buf:?} from {from}");
                        }
                    }
                }
            }
        }
    }

    /// Indentation of every depth from 0 to 40 spaces, then every byte value, with the input
    /// ending at every distance after it, from a newline and from each other whitespace byte:
    /// `newline_and_spaces` finds what a byte-by-byte search finds exactly when the newline
    /// has fewer than 32 spaces after it, then a byte that is not whitespace, and 32 bytes
    /// of input after it; otherwise it declines. Under Miri, a few depths, bytes and ends.
    #[test]
    fn newline_and_spaces_settles_the_pretty_layout_only() {
        let depths = (0..=40).filter(|&d| !cfg!(miri) || [0, 15, 16, 17, 31, 32].contains(&d));
        for depth in depths {
            for byte in (0..=255u8).filter(|b| !cfg!(miri) || b"\n\t\r \"x".contains(b)) {
                for lead in [b'\n', b'\r', b'\t', b' ', b','] {
                    let mut buf = vec![lead];
                    buf.resize(1 + depth, b' ');
                    buf.push(byte);
                    buf.extend_from_slice(&[b'x'; 40]);
                    let ends = (0..buf.len()).filter(|&e| !cfg!(miri) || e + 8 > buf.len());
                    for end in ends {
                        let bytes = &buf[..=end];
                        let spaces = bytes[1..].iter().take_while(|&&b| b == b' ').count();
                        let settled = lead == b'\n'
                            && spaces < 32
                            && bytes.get(1 + spaces).is_some_and(|&b| b > b' ')
                            && bytes.len() >= 33;
                        let want = settled.then_some(1 + spaces);
                        let found = newline_and_spaces(bytes, 0);
                        assert_eq!(found, want, "{bytes:?}");
                        if let Some(at) = found {
                            assert_eq!(at, find_non_whitespace_scalar(bytes, 0));
                        }
                    }
                }
            }
        }
        // Offsets past the start, and at or past the end.
        let text = format!("{{\n{}\"a\": 1\n}}{}", " ".repeat(4), " ".repeat(40));
        assert_eq!(newline_and_spaces(text.as_bytes(), 1), Some(6));
        assert_eq!(newline_and_spaces(text.as_bytes(), 0), None);
        assert_eq!(newline_and_spaces(text.as_bytes(), text.len()), None);
        assert_eq!(newline_and_spaces(text.as_bytes(), text.len() + 1), None);
    }

    /// Every byte value in every position of a block of 32 spaces: both ways of counting
    /// the leading spaces stop there, unless it is a space too.
    #[test]
    fn leading_spaces_stop_at_the_first_other_byte() {
        assert_eq!(leading_spaces(&[b' '; 32]), 32);
        assert_eq!(leading_spaces_portable(&[b' '; 32]), 32);
        for byte in (0..=255u8).filter(|b| !cfg!(miri) || b"\n\t x\0\xa0".contains(b)) {
            for at in 0..32 {
                let mut block = [b' '; 32];
                block[at] = byte;
                let want = if byte == b' ' { 32 } else { at as u32 };
                assert_eq!(leading_spaces(&block), want, "byte {byte:#x} at {at}");
                assert_eq!(
                    leading_spaces_portable(&block),
                    want,
                    "byte {byte:#x} at {at}"
                );
                #[cfg(target_arch = "x86_64")]
                assert_eq!(leading_spaces_sse2(&block), want, "byte {byte:#x} at {at}");
            }
        }
    }

    /// Every byte value in every position of a 32-byte block of whitespace (one AVX2 step):
    /// only the four whitespace bytes are passed over.
    #[test]
    fn only_the_four_whitespace_bytes_are_skipped() {
        for byte in (0..=255u8).filter(|b| !cfg!(miri) || b"\n\r\t x\0".contains(b)) {
            for at in 0..32 {
                let mut buf = vec![b' '; 40];
                buf[at] = byte;
                let want = if is_whitespace(byte) { 40 } else { at };
                let found = find_non_whitespace(Wide::detect(), &buf, 0);
                assert_eq!(found, want, "byte {byte:#x} at {at}");
                #[cfg(target_arch = "x86_64")]
                if std::arch::is_x86_feature_detected!("avx2") {
                    // SAFETY: the CPU has AVX2, checked just above.
                    assert_eq!(unsafe { find_non_whitespace_avx2(&buf, 0) }, want);
                }
            }
        }
    }
}
