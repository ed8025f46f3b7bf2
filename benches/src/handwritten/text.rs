//! The text forms both formats share: a `NaiveDate`, a `Decimal` and a hyphenated `Uuid` as
//! their serde impls write them (JSON quotes them, MessagePack puts them in a `str`, except the
//! `Uuid`, which rmp-serde writes as 16 bytes of `bin`).

use chrono::{Datelike, NaiveDate};
use rust_decimal::Decimal;
use uuid::Uuid;

/// The longest text [`write_decimal`] writes: a sign, 29 digits, a point and a leading `0`
/// (`-0.0000000000000000000000000001` is 31 bytes, `-7.9228162514264337593543950335` too).
pub(super) const MAX_DECIMAL_LEN: usize = 31;

/// The longest text [`write_date`] writes (`+262142-12-31`; chrono's years fit in 6 digits).
pub(super) const MAX_DATE_LEN: usize = 13;

/// The length of a hyphenated `Uuid`.
pub(super) const UUID_LEN: usize = uuid::fmt::Hyphenated::LENGTH;

/// `"00" "01" ... "99"`: two digits per lookup.
const PAIRS: &[u8; 200] = b"\
    0001020304050607080910111213141516171819\
    2021222324252627282930313233343536373839\
    4041424344454647484950515253545556575859\
    6061626364656667686970717273747576777879\
    8081828384858687888990919293949596979899";

fn push_pair(out: &mut Vec<u8>, value: u32) {
    let at = value as usize * 2;
    out.extend_from_slice(&PAIRS[at..at + 2]);
}

/// Writes `date` as chrono's serde impl does: `YYYY-MM-DD`, and for years outside `0..=9999`
/// the year with its sign and at least four digits (`-0001-01-01`, `+10000-01-01`).
pub(super) fn write_date(out: &mut Vec<u8>, date: NaiveDate) {
    let year = date.year();
    if (0..=9999).contains(&year) {
        let year = year as u32;
        push_pair(out, year / 100);
        push_pair(out, year % 100);
    } else {
        out.push(if year < 0 { b'-' } else { b'+' });
        let magnitude = year.unsigned_abs();
        if magnitude < 1000 {
            push_pair(out, magnitude / 100);
            push_pair(out, magnitude % 100);
        } else {
            out.extend_from_slice(itoa::Buffer::new().format(magnitude).as_bytes());
        }
    }
    out.push(b'-');
    push_pair(out, date.month());
    out.push(b'-');
    push_pair(out, date.day());
}

/// Writes `value` as rust_decimal's serde impl does: the sign if it is negative (negative
/// zero included), the mantissa's digits with a point `scale` digits from the right, and a
/// `0` before the point when there are no whole digits (`-0.05`, `0.00`, `12`).
pub(super) fn write_decimal(out: &mut Vec<u8>, value: &Decimal) {
    if value.is_sign_negative() {
        out.push(b'-');
    }
    let mut buffer = itoa::Buffer::new();
    let digits = buffer.format(value.mantissa().unsigned_abs()).as_bytes();
    let scale = value.scale() as usize;
    if scale == 0 {
        out.extend_from_slice(digits);
    } else if digits.len() > scale {
        let (whole, fraction) = digits.split_at(digits.len() - scale);
        out.extend_from_slice(whole);
        out.push(b'.');
        out.extend_from_slice(fraction);
    } else {
        out.extend_from_slice(b"0.");
        out.resize(out.len() + scale - digits.len(), b'0');
        out.extend_from_slice(digits);
    }
}

/// Writes `id` hyphenated, in lower case.
pub(super) fn write_uuid(out: &mut Vec<u8>, id: &Uuid) {
    let mut buffer = [0; UUID_LEN];
    out.extend_from_slice(id.hyphenated().encode_lower(&mut buffer).as_bytes());
}

fn digit(byte: u8) -> Option<u32> {
    let value = byte.wrapping_sub(b'0');
    (value < 10).then_some(u32::from(value))
}

fn two_digits(text: &[u8]) -> Option<u32> {
    match *text {
        [tens, ones] => Some(digit(tens)? * 10 + digit(ones)?),
        _ => None,
    }
}

/// Reads what [`write_date`] writes: four digits of year, or a sign and four to six; then
/// `-MM-DD`. `None` if the text is not that or not a date (`2023-02-29`).
pub(super) fn parse_date(text: &[u8]) -> Option<NaiveDate> {
    if text.len() < 10 {
        return None;
    }
    let (year_text, rest) = text.split_at(text.len() - 6);
    let year = match *year_text {
        [a, b, c, d] => (digit(a)? * 1000 + digit(b)? * 100 + digit(c)? * 10 + digit(d)?) as i32,
        [sign @ (b'+' | b'-'), ref digits @ ..] if (4..=6).contains(&digits.len()) => {
            let magnitude = digits
                .iter()
                .try_fold(0u32, |acc, &byte| Some(acc * 10 + digit(byte)?))?;
            let magnitude = magnitude as i32;
            if sign == b'-' {
                -magnitude
            } else {
                magnitude
            }
        }
        _ => return None,
    };
    if rest[0] != b'-' || rest[3] != b'-' {
        return None;
    }
    let month = two_digits(&rest[1..3])?;
    let day = two_digits(&rest[4..6])?;
    NaiveDate::from_ymd_opt(year, month, day)
}

/// The largest mantissa a `Decimal` holds, `2^96 - 1`.
const MAX_MANTISSA: u128 = (1 << 96) - 1;

/// Reads what [`write_decimal`] writes: an optional `-`, one or more digits, and optionally a
/// point followed by one to 28 digits; the mantissa must fit in 96 bits. A negative zero stays
/// negative, so it is written back as it was read. `None` for anything else (no exponents, no
/// `+`, no rounding of excess digits).
pub(super) fn parse_decimal(text: &[u8]) -> Option<Decimal> {
    let (negative, text) = match text {
        [b'-', rest @ ..] => (true, rest),
        _ => (false, text),
    };
    let (whole, fraction) = match text.iter().position(|&byte| byte == b'.') {
        Some(point) => (&text[..point], Some(&text[point + 1..])),
        None => (text, None),
    };
    if whole.is_empty() || fraction.is_some_and(|digits| digits.is_empty()) {
        return None;
    }
    let fraction = fraction.unwrap_or_default();
    if fraction.len() > Decimal::MAX_SCALE as usize {
        return None;
    }
    let mut mantissa: u128 = 0;
    for &byte in whole.iter().chain(fraction) {
        mantissa = mantissa * 10 + u128::from(digit(byte)?);
        if mantissa > MAX_MANTISSA {
            return None;
        }
    }
    let mut value = Decimal::from_parts(
        mantissa as u32,
        (mantissa >> 32) as u32,
        (mantissa >> 64) as u32,
        negative,
        fraction.len() as u32,
    );
    value.set_sign_negative(negative);
    Some(value)
}

/// The value of each ASCII hex digit, either case; `0xff` for every other byte.
const HEX: [u8; 256] = {
    let mut table = [0xff; 256];
    let mut i = 0;
    while i < 10 {
        table[b'0' as usize + i] = i as u8;
        i += 1;
    }
    let mut i = 0;
    while i < 6 {
        table[b'a' as usize + i] = 10 + i as u8;
        table[b'A' as usize + i] = 10 + i as u8;
        i += 1;
    }
    table
};

/// Reads a hyphenated `Uuid` (`67e55044-10b1-426f-9247-bb680e5fe0c8`), hex digits of either
/// case. `None` for any other form.
pub(super) fn parse_uuid(text: &[u8]) -> Option<Uuid> {
    let text: &[u8; UUID_LEN] = text.try_into().ok()?;
    let mut value: u128 = 0;
    for (i, &byte) in text.iter().enumerate() {
        if matches!(i, 8 | 13 | 18 | 23) {
            if byte != b'-' {
                return None;
            }
            continue;
        }
        let nibble = HEX[usize::from(byte)];
        if nibble == 0xff {
            return None;
        }
        value = (value << 4) | u128::from(nibble);
    }
    Some(Uuid::from_u128(value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_hold() {
        let mut out = Vec::new();
        write_date(&mut out, NaiveDate::MIN);
        assert!(out.len() <= MAX_DATE_LEN);
        out.clear();
        write_date(&mut out, NaiveDate::MAX);
        assert!(out.len() <= MAX_DATE_LEN);
        let longest = Decimal::from_i128_with_scale(-(MAX_MANTISSA as i128), 28);
        for value in [longest, Decimal::new(-1, 28)] {
            out.clear();
            write_decimal(&mut out, &value);
            assert_eq!(out.len(), MAX_DECIMAL_LEN);
        }
    }
}
