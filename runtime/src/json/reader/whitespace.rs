//! JSON whitespace: found many bytes at a time.

/// Index of the first byte at or after `from` that is not JSON whitespace, or `bytes.len()`.
#[inline]
pub(super) fn find_non_whitespace(bytes: &[u8], from: usize) -> usize {
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

    /// Every position of every byte value after runs of every length past four SSE2 blocks,
    /// with every starting offset: the fast search agrees with a byte-by-byte one. Under Miri,
    /// one whitespace byte and one other, from a few offsets at each end and one in the middle.
    #[test]
    fn whitespace_search_agrees_with_a_scalar_loop() {
        for run in 0..=66usize {
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
