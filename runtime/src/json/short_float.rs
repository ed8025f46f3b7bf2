//! Floats that are short decimals (prices, percentages, readings: `1688.88`, `1.79`, `1652.0`)
//! written without the general shortest-digits algorithm (zmij), byte for byte as it writes
//! them.
//!
//! A finite `f64` `v` with `|v| < 2^52 / 10^4` (about 4.5e11) is tried at four decimal places:
//!
//! 1. [`candidate`]: `|v| × 10^4` must be within the error a short decimal's product can have
//!    of an integer `n` (two additions round it, one multiplication scales the tolerance).
//!    Nearly every float with more than four places fails here, at the cost of a few
//!    floating-point operations inline; the rest is out of line.
//! 2. `n / 10^4` must read back as `|v|`: `n` (below `2^52`) and `10^4` are exact `f64`s, so
//!    the IEEE division rounds the decimal once, as a correctly rounded parser does (Clinger's
//!    exact case).
//! 3. Then the decimal is the shortest text that reads back as `v`, the one zmij writes:
//!    `|v| × 10^4 < 2^52` makes the gap between `|v|` and its neighbours below `10^-4`, so at
//!    most one multiple of `10^-k` (`k <= 4`) lies among the reals that read back as `v`; a
//!    shorter text would be another such multiple, and `n / 10^4` with its trailing zeros
//!    dropped is the only one. The same bound keeps the integer part (`trunc(|v|)`) equal to
//!    `n`'s: `|v|` is closer to `n / 10^4` than `n / 10^4` is to an integer.
//!
//! The text is zmij's in that range (`zmij::Buffer::format_finite`, as serde_json writes
//! floats): the integer part, a point, the fraction without trailing zeros (`.0` for an
//! integer), `-` before a negative value, `0.0` and `-0.0` for the zeros. The unit tests compare
//! the two on a million floats, the differential tests against serde_json.
//!
//! Measured (callgrind, instructions per run; alternated timings of `json::to_vec`): the
//! 14-field `Ts` value, seven of whose fields are such floats, encodes in 2,309 instructions
//! instead of 2,553 (`json_encode_profile ts_ticker 10000`: 23.1M against 25.5M) and in about
//! 30% less time; `canada.json`, whose floats have up to seventeen digits, pays the inline
//! test: 80.0M instructions instead of 74.9M for three runs (+7%), within the noise of
//! alternated timings.

use super::integer::{self, U64_ROOM};
use super::writer::put_unchecked;
use super::{Token, Writer};

/// Bytes of spare capacity a short decimal needs: a sign, the integer part's stores
/// ([`U64_ROOM`]), the point and one eight-byte store of fraction digits.
pub(crate) const SHORT_ROOM: usize = 1 + U64_ROOM + 1 + 8;

/// The decimal places a float is tried at: four (prices, percentages, most readings).
/// Eight would also take many coordinates, but in data such as `canada.json`, where a tenth of
/// the floats are decimals of six places and more than half are a unit or two in the last
/// place away from one, which path a float takes cannot be predicted, and the mispredicted branches cost more than the fast
/// path saves (its encoding was 15-25% slower, alternated runs); at four places nearly all of
/// its floats are turned away by the first test.
const PLACES: f64 = 1e4;
/// [`PLACES`] as an integer.
const PLACES_INT: i64 = 10_000;
/// `2^52 / 10^4`: below it, `|v| × 10^4` stays below `2^52`.
const FOUR_PLACES_BELOW: f64 = (1u64 << 52) as f64 / PLACES;

/// A float that may be a short decimal: its magnitude, and its magnitude times `10^4`.
#[derive(Clone, Copy)]
pub(crate) struct Candidate {
    abs: f64,
    product: f64,
}

/// `|value|` as a [`Candidate`] when its product with `10^4` is as close to an
/// integer as a short decimal's can be (or it is zero); `None` otherwise: for nearly every float
/// with more than four places, including those a unit or two in the last place away from a
/// short decimal, for
/// the cost of a few floating-point operations and no conversion. Also `None` for NaN and the
/// infinities.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn candidate(value: f64) -> Option<Candidate> {
    /// Adding then subtracting 2^52 rounds a non-negative float below 2^52 to an integer.
    const ROUNDER: f64 = (1u64 << 52) as f64;
    let abs = value.abs();
    // NaN passes this test and fails the last.
    if abs >= FOUR_PLACES_BELOW {
        return None;
    }
    // A short decimal's product is off its digits `n` by at most half a unit in the last
    // place of `abs`, times `PLACES`, plus half a unit in the last place of the product:
    // below 1.32 times `PLACES × ulp(abs)` (by where the powers of two fall in the powers of
    // ten), and `PLACES × ulp(abs)` is at most `product × 2^-52`.
    let product = abs * PLACES;
    let nearest = (product + ROUNDER) - ROUNDER;
    ((product - nearest).abs() <= product * (1.375 / ROUNDER)).then_some(Candidate { abs, product })
}

/// `|v|`'s digits as `integer` and eight fraction digits `fraction` (`0.5` is `0` and
/// `50_000_000`; only the first four can be other than zero), when the candidate is a short decimal in the range the module describes, or
/// zero; `None` otherwise.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn short_digits(Candidate { abs, product }: Candidate) -> Option<(u64, u32)> {
    // Below 2^52: adding a half is exact and the conversion truncates, so this rounds (to a
    // signed integer: x86-64 converts those in one instruction).
    let n = (product + 0.5) as i64;
    if n as f64 / PLACES != abs {
        return None;
    }
    let integer = abs as i64;
    // Four digits, scaled to the eight `put_fraction` writes.
    let fraction = (n - integer * PLACES_INT) as u32 * 10_000;
    Some((integer as u64, fraction))
}

/// Appends `value` (whose [`candidate`] is `candidate`) as the general shortest-digits
/// algorithm writes it, when it is a short decimal (see the module); returns `false`, having
/// written nothing, otherwise. Out of line: the common floats that are not candidates pay
/// for none of it.
#[inline(never)]
pub(crate) fn write_short<W: Writer + ?Sized>(w: &mut W, value: f64, candidate: Candidate) -> bool {
    let Some((integer, fraction)) = short_digits(candidate) else {
        return false;
    };
    w.reserve(SHORT_ROOM);
    // SAFETY: `SHORT_ROOM` spare bytes were just reserved.
    unsafe { put_short(w.buffer(Token), value.is_sign_negative(), integer, fraction) };
    true
}

/// Appends `-` when `negative`, `integer`, a point and `fraction`'s digits (see
/// [`integer::put_fraction`]).
///
/// # Safety
/// `buf` must have at least [`SHORT_ROOM`] bytes of spare capacity.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
unsafe fn put_short(buf: &mut Vec<u8>, negative: bool, integer: u64, fraction: u32) {
    // SAFETY: the caller guarantees `SHORT_ROOM` spare bytes: one for the sign, `U64_ROOM`
    // after it for the integer part, then the point and the fraction's eight-byte store
    // (`put_leading` stores eight bytes and `put_u64` at most `U64_ROOM`, so at least nine
    // of the room are left after either).
    unsafe {
        if negative {
            put_unchecked(buf, b"-");
        }
        if integer < 100_000_000 {
            // The usual case, inline: eight digits at most.
            let len = buf.len();
            let written = integer::put_leading(buf.as_mut_ptr().add(len), integer as u32);
            buf.set_len(len + written);
        } else {
            integer::put_u64(buf, integer);
        }
        put_unchecked(buf, b".");
        integer::put_fraction(buf, fraction);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `put_short` writes for `value`, or `None`.
    fn short(value: f64) -> Option<String> {
        let (integer, fraction) = short_digits(candidate(value)?)?;
        let mut buf = b"x".to_vec();
        buf.reserve_exact(SHORT_ROOM);
        // SAFETY: exactly `SHORT_ROOM` spare bytes, so Miri sees any store past them.
        unsafe { put_short(&mut buf, value.is_sign_negative(), integer, fraction) };
        assert_eq!(buf[0], b'x');
        Some(String::from_utf8(buf[1..].to_vec()).unwrap())
    }

    fn zmij(value: f64) -> String {
        zmij::Buffer::new().format_finite(value).to_owned()
    }

    /// Checks `value` against zmij and says whether the fast path took it.
    fn check(value: f64) -> bool {
        match short(value) {
            Some(text) => {
                assert_eq!(text, zmij(value), "{value:?}");
                assert_eq!(text.parse::<f64>().unwrap().to_bits(), value.to_bits());
                true
            }
            None => false,
        }
    }

    /// Decimals of up to eight places with a few digits, both signs: those of up to four must
    /// take the fast path; whatever takes it writes zmij's text.
    #[test]
    fn short_decimals_take_the_fast_path() {
        for places in 0..=8u32 {
            let p = 10u64.pow(places);
            for digits in [
                1u64, 5, 7, 12, 99, 100, 123, 999, 1_001, 4_096, 99_999, 123_456,
            ] {
                let text = if places == 0 {
                    format!("{digits}")
                } else {
                    format!(
                        "{}.{:0width$}",
                        digits / p,
                        digits % p,
                        width = places as usize
                    )
                };
                let value: f64 = text.parse().unwrap();
                let taken = check(value);
                assert_eq!(check(-value), taken, "-{text}");
                let shortest = format!("{value}");
                let places_needed = shortest.split_once('.').map_or(0, |(_, f)| f.len());
                assert_eq!(taken, places_needed <= 4, "{text}");
            }
        }
        for text in [
            "1688.88",
            "1648.02",
            "5801234567.89",
            "450359962737.0",
            "45035996.2737",
            "0.0001",
            "0.0015",
            "1.79",
            "0.1",
            "0.3",
            "99.99",
            "19.95",
        ] {
            let value: f64 = text.parse().unwrap();
            assert!(check(value), "{text}");
        }
    }

    /// The zeros and the edges of the range: each either takes the fast path with zmij's text
    /// or falls through.
    #[test]
    fn edges() {
        assert!(check(0.0));
        assert!(check(-0.0));
        for value in [
            0.0001,
            0.00005,
            0.00001,
            FOUR_PLACES_BELOW,
            FOUR_PLACES_BELOW.next_down(),
            f64::MIN_POSITIVE,
            f64::MAX,
            1e15,
            0.1 + 0.2,
            1.0 / 3.0,
            std::f64::consts::PI,
        ] {
            check(value);
            check(-value);
        }
        assert!(!check(FOUR_PLACES_BELOW));
        assert!(!check(0.1 + 0.2));
        assert!(!check(1.0 / 3.0));
    }

    /// Random bit patterns and random short decimals (a fixed-seed generator): whatever the
    /// fast path writes is zmij's text; the short decimals all take it.
    #[test]
    fn matches_zmij_on_random_floats() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let rounds = if cfg!(miri) { 200 } else { 400_000 };
        for _ in 0..rounds {
            let bits = next();
            check(f64::from_bits(bits));
            // A float near the fast path's range, with all its digits.
            let near = (bits >> 11) as f64 / (1u64 << 53) as f64 * 1e6;
            check(near);
            // A decimal: up to twelve digits and up to eight places.
            let places = (bits % 9) as i32;
            let digits = (bits >> 8) % 1_000_000_000_000;
            let value = digits as f64 / 10f64.powi(places);
            let text = format!("{value}");
            let decimal: f64 = text.parse().unwrap();
            let taken = check(decimal);
            let places_needed = text.split_once('.').map_or(0, |(_, f)| f.len());
            // Near the top of the range the rounded product may miss `n` by one; below a
            // quarter of it, it cannot.
            if decimal < FOUR_PLACES_BELOW / 4.0 {
                assert_eq!(taken, places_needed <= 4, "{text}");
            }
        }
    }
}
