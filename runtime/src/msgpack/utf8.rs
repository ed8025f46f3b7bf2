//! UTF-8 validation of MessagePack strings, which are read in place: ASCII settled by a
//! word-at-a-time check, short text with other characters in one SIMD block where the CPU
//! has AVX2 (detected at run time; std's check otherwise), long text by simdutf8.

/// `bytes` as `&str` if they are valid UTF-8: ASCII (most keys and many values) settled by a
/// word-at-a-time check, other text by [`utf8_non_ascii`].
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn utf8(bytes: &[u8]) -> Option<&str> {
    if bytes.is_ascii() {
        // SAFETY: ASCII is valid UTF-8.
        return Some(unsafe { std::str::from_utf8_unchecked(bytes) });
    }
    utf8_non_ascii(bytes)
}

/// `bytes`, not all ASCII, as `&str` if they are valid UTF-8.
#[inline(never)]
fn utf8_non_ascii(bytes: &[u8]) -> Option<&str> {
    if bytes.len() < 64 {
        short(bytes)
    } else {
        simdutf8::basic::from_utf8(bytes).ok()
    }
}

/// Short text (under 64 bytes, where simdutf8 itself would take std's byte-by-byte check):
/// with AVX2, simdutf8's AVX2 validator, which checks it as one zero-padded block; otherwise
/// std's check.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn short(bytes: &[u8]) -> Option<&str> {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        return simd_avx2(bytes);
    }
    std::str::from_utf8(bytes).ok()
}

/// `bytes` (under 64) as `&str` if they are valid UTF-8, checked by simdutf8's AVX2 validator
/// as one block of 64 bytes, zero after `bytes` (zeros are ASCII, and a sequence `bytes` cut
/// short is still refused: a zero is no continuation byte). Only called once AVX2 is
/// detected.
#[cfg(target_arch = "x86_64")]
fn simd_avx2(bytes: &[u8]) -> Option<&str> {
    let mut block = [0u8; 64];
    // Copied as two blocks of a fixed size (overlapping unless the length is twice it),
    // without a call to `memcpy`.
    match bytes.len() {
        32.. => copy_ends::<32>(&mut block, bytes)?,
        16.. => copy_ends::<16>(&mut block, bytes)?,
        8.. => copy_ends::<8>(&mut block, bytes)?,
        _ => block.get_mut(..bytes.len())?.copy_from_slice(bytes),
    }
    // SAFETY: the caller detected AVX2 on this CPU, all the validator requires; it reads
    // only `block`.
    let valid = unsafe { simdutf8::basic::imp::x86::avx2::validate_utf8(&block) };
    match valid {
        // SAFETY: just validated as UTF-8.
        Ok(()) => Some(unsafe { std::str::from_utf8_unchecked(bytes) }),
        Err(_) => None,
    }
}

/// Copies `bytes` (`N` to 64 of them) to the start of `block` as its first `N` bytes and
/// its last `N`; `None` when there are fewer than `N` or more than 64.
#[cfg(target_arch = "x86_64")]
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn copy_ends<const N: usize>(block: &mut [u8; 64], bytes: &[u8]) -> Option<()> {
    let len = bytes.len();
    *block.first_chunk_mut::<N>()? = *bytes.first_chunk::<N>()?;
    *block
        .get_mut(len.checked_sub(N)?..)?
        .first_chunk_mut::<N>()? = *bytes.last_chunk::<N>()?;
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Checks every reading of `bytes` against std's.
    fn check(bytes: &[u8]) {
        let expected = std::str::from_utf8(bytes).ok();
        assert_eq!(utf8(bytes), expected, "{bytes:x?}");
        if bytes.len() < 64 {
            assert_eq!(short(bytes), expected, "{bytes:x?}");
            #[cfg(target_arch = "x86_64")]
            if std::is_x86_feature_detected!("avx2") {
                assert_eq!(simd_avx2(bytes), expected, "{bytes:x?}");
            }
        }
    }

    #[test]
    fn every_sequence_of_up_to_two_bytes_and_a_prefix() {
        // Under Miri, every lead byte with every 31st second byte (continuations and not).
        let step = if cfg!(miri) { 31 } else { 1 };
        for a in 0..=255u8 {
            check(&[a]);
            for b in (0..=255u8).step_by(step) {
                check(&[a, b]);
                // After text, so that the sequence is not at the start.
                check(&[b'x', 0xD0, 0x9B, a, b]);
            }
        }
    }

    #[test]
    fn three_and_four_byte_sequences_at_their_edges() {
        let leads = [
            0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
        ];
        let seconds = [0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF];
        // Under Miri, a third byte inside the continuation range or just outside it on either
        // side, and a fourth inside or not.
        let (thirds, fourths): (&[u8], &[u8]) = if cfg!(miri) {
            (&[0x7F, 0x80, 0xC0], &[0x80, 0xC0])
        } else {
            (&seconds, &seconds)
        };
        for lead in leads {
            for second in seconds {
                for &third in thirds {
                    for &fourth in fourths {
                        check(&[lead, second, third]);
                        check(&[lead, second, third, fourth]);
                        check(&[b'a', lead, second, third, fourth, b'z']);
                    }
                }
            }
        }
    }

    #[test]
    fn random_text_and_its_mutations_of_every_length() {
        let alphabet = [
            "a", "Л", "é", "高", "김", "😀", " ", "\u{7ff}", "\u{800}", "\u{ffff}",
        ];
        let mut state = 0x2545_F491_4F6C_DD1D_u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..if cfg!(miri) { 200 } else { 20_000 } {
            let mut text = String::new();
            let target = (next() % 80) as usize;
            while text.len() < target {
                text.push_str(alphabet[(next() % alphabet.len() as u64) as usize]);
            }
            let mut bytes = text.into_bytes();
            check(&bytes);
            if !bytes.is_empty() {
                // A byte changed, then the text cut short.
                let at = (next() % bytes.len() as u64) as usize;
                bytes[at] = next() as u8;
                check(&bytes);
                bytes.truncate((next() % bytes.len() as u64) as usize);
                check(&bytes);
            }
        }
    }
}
