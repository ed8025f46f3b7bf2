//! Decimal digits of 64-bit integers, written straight into a writer's spare capacity eight
//! digits at a time.
//!
//! A chunk of up to eight digits is split without division loops: one multiplication splits
//! it into two halves of four digits held in the two 32-bit lanes of a `u64`, one more splits
//! each half into two pairs (16-bit lanes), one more each pair into its two digits (bytes), so
//! the eight digits come out in one word, the first digit in its lowest byte; adding `'0'` to
//! every byte and storing the word little-endian writes them in order. Leading zeros are the
//! low zero bytes of that word. The arithmetic is on integers only, so the byte order of the
//! machine does not matter.
//!
//! Against itoa (two digits per step from a table, one division by 100 each), which this
//! replaces on the writers' integer path: `citm_catalog.json` (14,392 integers, nearly all of
//! nine digits) encodes in 9.3M instructions instead of 12.0M per five runs
//! (`json_encode_profile citm 5` under callgrind; serde_json: 35.3M).

/// Bytes of spare capacity [`put_u64`] needs: the twenty digits of `u64::MAX`, and every
/// eight-byte store it makes ends within them.
pub(crate) const U64_ROOM: usize = 20;

/// Bytes of spare capacity [`put_i64`] needs: a sign and [`U64_ROOM`].
pub(crate) const I64_ROOM: usize = U64_ROOM + 1;

const E8: u64 = 100_000_000;

/// The digit values (0-9) of `n` (below 10^8) as eight bytes of a word, its first digit (of
/// eight, counting leading zeros) in the lowest byte.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn eight_digits(n: u32) -> u64 {
    debug_assert!(u64::from(n) < E8);
    // Two lanes of 32 bits: the first four digits in the low lane, the last four above.
    let halves = u64::from(n / 10_000) | (u64::from(n % 10_000) << 32);
    // Each lane divided by 100: x * 10486 / 2^20 is x / 100 rounded down for x < 10,000
    // (checked for every such x below); the products stay below 2^28, inside the lane.
    let high_pairs = ((halves * 10_486) >> 20) & 0x0000_007F_0000_007F;
    let low_pairs = halves - 100 * high_pairs;
    // Four lanes of 16 bits, each a pair of digits, in order.
    let pairs = high_pairs | (low_pairs << 16);
    // Each lane divided by 10: x * 103 / 2^10 is x / 10 rounded down for x < 100 (checked
    // below); the products stay below 2^14, inside the lane.
    let tens = ((pairs * 103) >> 10) & 0x000F_000F_000F_000F;
    let ones = pairs - 10 * tens;
    // Eight lanes of 8 bits: each lane's tens digit, then its ones digit.
    tens | (ones << 8)
}

const ZEROS: u64 = 0x3030_3030_3030_3030;

/// Stores `digits` (from [`eight_digits`]) as ASCII at `dst`: all eight.
///
/// # Safety
/// `dst` must be valid for writes of eight bytes.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
unsafe fn put_eight(dst: *mut u8, digits: u64) {
    // SAFETY: the caller guarantees eight writable bytes at `dst`; `[u8; 8]` has alignment 1.
    unsafe { dst.cast::<[u8; 8]>().write((digits | ZEROS).to_le_bytes()) }
}

/// Writes `n` (below 10^8) at `dst` without leading zeros (`0` as one digit) and returns how
/// many digits that is. Eight bytes are stored; those past the digits are left for later
/// stores to overwrite or for the caller to leave outside the buffer's length.
///
/// # Safety
/// `dst` must be valid for writes of eight bytes.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) unsafe fn put_leading(dst: *mut u8, n: u32) -> usize {
    if n < 10 {
        // SAFETY: the caller guarantees eight writable bytes at `dst`.
        unsafe { dst.write(b'0' + n as u8) };
        return 1;
    }
    let digits = eight_digits(n);
    // The leading zeros are the low zero bytes; `n >= 10` leaves at most six.
    let zeros = (digits.trailing_zeros() / 8) as usize;
    // SAFETY: the caller guarantees eight writable bytes at `dst`.
    unsafe {
        dst.cast::<[u8; 8]>()
            .write(((digits | ZEROS) >> (8 * zeros)).to_le_bytes())
    };
    8 - zeros
}

/// Appends `fraction` (below 10^8) as the eight digits after a decimal point, leading zeros
/// kept and trailing zeros dropped, one `0` at least (`50_000_000` is `5`, `0` is `0`).
///
/// # Safety
/// `buf` must have at least eight bytes of spare capacity.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) unsafe fn put_fraction(buf: &mut Vec<u8>, fraction: u32) {
    let digits = eight_digits(fraction);
    // The trailing zeros are the high zero bytes.
    let kept = (8 - digits.leading_zeros() / 8).max(1) as usize;
    let len = buf.len();
    // SAFETY: the caller guarantees eight spare bytes after `len`; the new length covers
    // `kept <= 8` of the bytes just stored.
    unsafe {
        put_eight(buf.as_mut_ptr().add(len), digits);
        buf.set_len(len + kept);
    }
}

/// Appends the decimal digits of `value` to `buf`.
///
/// # Safety
/// `buf` must have at least [`U64_ROOM`] bytes of spare capacity.
#[inline]
pub(crate) unsafe fn put_u64(buf: &mut Vec<u8>, value: u64) {
    let len = buf.len();
    // SAFETY: for every store below, the caller guarantees `U64_ROOM` (20) spare bytes after
    // `len`. Below 10^8, one store of eight bytes at `dst`. Below 10^16, the leading part is
    // below 10^8 (at most eight digits, `lead <= 8`), so the stores end at `lead + 8 <= 16`.
    // Otherwise the leading part is below 1,845 (`lead <= 4`) and the stores end at
    // `lead + 16 <= 20`. Every byte up to the returned length has been written, so the new
    // length covers initialised bytes only.
    unsafe {
        let dst = buf.as_mut_ptr().add(len);
        let written = if value < E8 {
            put_leading(dst, value as u32)
        } else if value < E8 * E8 {
            let lead = put_leading(dst, (value / E8) as u32);
            put_eight(dst.add(lead), eight_digits((value % E8) as u32));
            lead + 8
        } else {
            let rest = value % (E8 * E8);
            let lead = put_leading(dst, (value / (E8 * E8)) as u32);
            put_eight(dst.add(lead), eight_digits((rest / E8) as u32));
            put_eight(dst.add(lead + 8), eight_digits((rest % E8) as u32));
            lead + 16
        };
        buf.set_len(len + written);
    }
}

/// Appends the decimal digits of `value` to `buf`, after a `-` when it is negative.
///
/// # Safety
/// `buf` must have at least [`I64_ROOM`] bytes of spare capacity.
#[inline]
pub(crate) unsafe fn put_i64(buf: &mut Vec<u8>, value: i64) {
    if value < 0 {
        // SAFETY: the caller guarantees `I64_ROOM` spare bytes: one for the sign, and
        // `U64_ROOM` left after it for the digits.
        unsafe {
            super::writer::put_unchecked(buf, b"-");
            put_u64(buf, value.unsigned_abs());
        }
    } else {
        // SAFETY: `I64_ROOM` spare bytes include the `U64_ROOM` `put_u64` needs.
        unsafe { put_u64(buf, value as u64) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written_u64(value: u64) -> String {
        let mut buf = b"x".to_vec();
        buf.reserve_exact(U64_ROOM);
        // SAFETY: `reserve_exact` made room for `U64_ROOM` more bytes; exactly that much, so
        // Miri sees any store past it.
        unsafe { put_u64(&mut buf, value) };
        assert_eq!(buf[0], b'x');
        String::from_utf8(buf[1..].to_vec()).unwrap()
    }

    fn written_i64(value: i64) -> String {
        let mut buf = Vec::with_capacity(I64_ROOM);
        // SAFETY: the buffer is empty with room for `I64_ROOM` bytes.
        unsafe { put_i64(&mut buf, value) };
        String::from_utf8(buf).unwrap()
    }

    /// The two divisions by multiplication, for every value a lane can hold.
    #[test]
    fn lane_divisions_are_exact() {
        for x in 0..10_000u64 {
            assert_eq!((x * 10_486) >> 20, x / 100, "{x}");
        }
        for x in 0..100u64 {
            assert_eq!((x * 103) >> 10, x / 10, "{x}");
        }
    }

    /// Every width, at and around each power of ten, and the extremes.
    #[test]
    fn edges_match_itoa() {
        let mut buffer = itoa::Buffer::new();
        for power in 0..20u32 {
            let p = 10u64.pow(power);
            for value in [
                p - 1,
                p,
                p + 1,
                p.saturating_mul(2) - 1,
                p.saturating_mul(9),
            ] {
                assert_eq!(written_u64(value), buffer.format(value), "{value}");
                let signed = value as i64;
                assert_eq!(written_i64(signed), buffer.format(signed), "{signed}");
                assert_eq!(written_i64(-signed), buffer.format(-signed), "{}", -signed);
            }
        }
        for value in [
            0,
            u64::MAX,
            u64::MAX - 1,
            u64::MAX / 10,
            18_440_000_000_000_000_000,
        ] {
            assert_eq!(written_u64(value), buffer.format(value), "{value}");
        }
        for value in [i64::MIN, i64::MIN + 1, i64::MAX, -1, 0] {
            assert_eq!(written_i64(value), buffer.format(value), "{value}");
        }
    }

    /// Every value up to a million (fewer under Miri), and random values of every bit length.
    #[test]
    fn values_match_itoa() {
        let mut buffer = itoa::Buffer::new();
        let (dense, random) = if cfg!(miri) {
            (300, 200)
        } else {
            (1_000_000, 400_000)
        };
        for value in 0..dense {
            assert_eq!(written_u64(value), buffer.format(value), "{value}");
        }
        let mut state = 0x853c_49e6_748f_ea9b_u64;
        for i in 0..random {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let value = state >> (i % 64);
            assert_eq!(written_u64(value), buffer.format(value), "{value}");
            let signed = value as i64;
            assert_eq!(written_i64(signed), buffer.format(signed), "{signed}");
        }
    }

    /// Digits land after what the buffer holds, and nothing before it changes.
    #[test]
    fn appends_after_existing_bytes() {
        let mut buf = b"[1,".to_vec();
        buf.reserve(I64_ROOM);
        // SAFETY: `reserve` made room for `I64_ROOM` more bytes.
        unsafe { put_i64(&mut buf, -12_345_678_901) };
        buf.reserve(U64_ROOM);
        // SAFETY: as above.
        unsafe {
            super::super::writer::put_unchecked(&mut buf, b",");
        }
        buf.reserve(U64_ROOM);
        // SAFETY: as above.
        unsafe { put_u64(&mut buf, 7) };
        assert_eq!(buf, b"[1,-12345678901,7");
    }
}
