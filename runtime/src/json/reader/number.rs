//! Numbers: integers read at full width, floats correctly rounded (a fast path for up to 19
//! significant digits, the exact slow path beyond), and serde_json's classification of what
//! a number is.

use super::super::error::{Error, ErrorCode};
use super::super::float;
use super::super::reader_errors::out_of_range_end;
use super::{ParsedNumber, Reader};

impl<'de> Reader<'de> {
    /// A number out of range, starting at `start`: placed where serde_json stops reading it.
    #[cold]
    #[inline(never)]
    fn out_of_range(&self, start: usize) -> Error {
        self.error_at(ErrorCode::NumberOutOfRange, start)
            .reported_after(out_of_range_end(self.input, start))
    }

    /// Reads an unsigned integer; `expected` names the target type in errors (`"u32"`).
    #[inline]
    pub fn decode_u64(&mut self, expected: &'static str) -> Result<u64, Error> {
        match next_byte!(self, self.tree_u64(expected)) {
            b'0'..=b'9' => {}
            b'-' => {}
            _ => return Err(self.invalid_type(expected)),
        }
        // Fast path: up to 19 digits always fit, and most integers end there.
        let first = self.pos;
        let mut value: u64 = 0;
        let end = read_digits(self.input, first, &mut value);
        let digits = end - first;
        let ends_here = !matches!(self.input.get(end), Some(b'.' | b'e' | b'E'));
        if (1..=19).contains(&digits) && ends_here && (digits == 1 || self.input[first] != b'0') {
            self.pos = end;
            return Ok(value);
        }
        match self.parse_number()? {
            ParsedNumber::U64(value) => Ok(value),
            number => Err(self.number_type_error(number, expected, first)),
        }
    }

    /// Reads a signed integer; `expected` names the target type in errors (`"i32"`).
    #[inline]
    pub fn decode_i64(&mut self, expected: &'static str) -> Result<i64, Error> {
        match next_byte!(self, self.tree_i64(expected)) {
            b'0'..=b'9' | b'-' => {}
            _ => return Err(self.invalid_type(expected)),
        }
        let start = self.pos;
        // Fast path: a sign, then up to 18 digits (always in range), not zero after a sign
        // (`-0` is a float to serde_json), without a fraction or exponent.
        let negative = self.input[start] == b'-';
        let first = start + usize::from(negative);
        let mut magnitude: u64 = 0;
        let end = read_digits(self.input, first, &mut magnitude);
        let digits = end - first;
        let ends_here = !matches!(self.input.get(end), Some(b'.' | b'e' | b'E'));
        if (1..=18).contains(&digits)
            && ends_here
            && (digits == 1 || self.input[first] != b'0')
            && !(negative && magnitude == 0)
        {
            self.pos = end;
            // At most 18 digits: below `i64::MAX`, so neither cast nor negation overflows.
            let value = magnitude as i64;
            return Ok(if negative { -value } else { value });
        }
        match self.parse_number()? {
            ParsedNumber::U64(value) => i64::try_from(value)
                .map_err(|_| self.invalid_value_at(format!("integer `{value}`"), expected, start)),
            ParsedNumber::I64(value) => Ok(value),
            number => Err(self.number_type_error(number, expected, start)),
        }
    }

    /// Reads a 128-bit unsigned integer, digits read exactly (no detour through `f64`).
    pub fn decode_u128(&mut self) -> Result<u128, Error> {
        if self.is_tree() {
            return self.tree_u128();
        }
        let (negative, digits, start) = self.parse_integer_text("u128")?;
        if negative {
            // serde_json refuses any sign on a u128, `-0` included.
            return Err(self.error_at(ErrorCode::NumberOutOfRange, start));
        }
        let mut value: u128 = 0;
        for &digit in digits {
            value = value
                .checked_mul(10)
                .and_then(|v| v.checked_add(u128::from(digit - b'0')))
                .ok_or_else(|| self.error_after_read(ErrorCode::NumberOutOfRange, start))?;
        }
        Ok(value)
    }

    /// Reads a 128-bit signed integer, digits read exactly.
    pub fn decode_i128(&mut self) -> Result<i128, Error> {
        if self.is_tree() {
            return self.tree_i128();
        }
        let (negative, digits, start) = self.parse_integer_text("i128")?;
        let mut value: i128 = 0;
        for &digit in digits {
            let digit = i128::from(digit - b'0');
            value = value
                .checked_mul(10)
                .and_then(|v| {
                    if negative {
                        v.checked_sub(digit)
                    } else {
                        v.checked_add(digit)
                    }
                })
                .ok_or_else(|| self.error_after_read(ErrorCode::NumberOutOfRange, start))?;
        }
        Ok(value)
    }

    /// The sign and digits of an integer (no fraction or exponent allowed: those make it a
    /// float, which is the wrong type).
    fn parse_integer_text(
        &mut self,
        expected: &'static str,
    ) -> Result<(bool, &'de [u8], usize), Error> {
        match self.peek()? {
            b'0'..=b'9' | b'-' => {}
            _ => return Err(self.invalid_type(expected)),
        }
        let start = self.pos;
        let number = self.scan_number()?;
        if number.is_float {
            let number = self
                .float_from_scanned(&number, start)
                .map(ParsedNumber::F64)?;
            return Err(self.number_type_error(number, expected, start));
        }
        Ok((
            number.negative,
            &self.input[number.int_start..number.int_end],
            start,
        ))
    }

    /// Reads a number as `f64`, correctly rounded.
    #[inline]
    pub fn decode_f64(&mut self) -> Result<f64, Error> {
        match next_byte!(self, self.tree_f64()) {
            b'0'..=b'9' | b'-' => {}
            _ => return Err(self.invalid_type("f64")),
        }
        // Integers too go straight to the float conversion: the nearest f64 to the digits is
        // what `value as f64` gives for the integers `parse_number` would return, and `-0`
        // becomes -0.0 either way.
        let start = self.pos;
        let number = self.scan_number()?;
        self.float_from_scanned(&number, start)
    }

    /// Reads a number as `f32`, rounded once from the decimal text (never through `f64`).
    #[inline]
    pub fn decode_f32(&mut self) -> Result<f32, Error> {
        match next_byte!(self, self.tree_f32()) {
            b'0'..=b'9' | b'-' => {}
            _ => return Err(self.invalid_type("f32")),
        }
        let start = self.pos;
        self.scan_number()?;
        let text = &self.input[start..self.pos];
        let value: f32 =
            fast_float2::parse(text).map_err(|_| self.error_at(ErrorCode::InvalidNumber, start))?;
        if value.is_infinite() {
            return Err(self.out_of_range(start));
        }
        Ok(value)
    }

    /// Checks the number grammar from the current position and moves past it, gathering the
    /// digits and decimal exponent on the way (see [`ScannedNumber`]).
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(super) fn scan_number(&mut self) -> Result<ScannedNumber, Error> {
        let input = self.input;
        let mut i = self.pos;
        let negative = input.get(i) == Some(&b'-');
        if negative {
            i += 1;
        }
        let int_start = i;
        let mut digits: u64 = 0;
        match input.get(i) {
            Some(b'0') => {
                i += 1;
                if matches!(input.get(i), Some(b'0'..=b'9')) {
                    return Err(self.error_at(ErrorCode::InvalidNumber, i));
                }
            }
            Some(&first @ b'1'..=b'9') => {
                // Integer parts are mostly short: their first few digits one at a time, any
                // more eight at a time.
                digits = u64::from(first - b'0');
                i += 1;
                let mut left = 3;
                while let Some(&byte) = input.get(i) {
                    let digit = byte.wrapping_sub(b'0');
                    if digit > 9 {
                        break;
                    }
                    digits = digits * 10 + u64::from(digit);
                    i += 1;
                    left -= 1;
                    if left == 0 {
                        i = read_digits(input, i, &mut digits);
                        break;
                    }
                }
            }
            Some(_) => return Err(self.error_at(ErrorCode::InvalidNumber, i)),
            None => return Err(self.error_at(ErrorCode::EofWhileParsingValue, i)),
        }
        let int_end = i;
        let mut is_float = false;
        let mut frac_len = 0;
        if input.get(i) == Some(&b'.') {
            let first = i + 1;
            i = read_digits(input, first, &mut digits);
            if i == first {
                return Err(self.number_end_error(i));
            }
            frac_len = i - first;
            is_float = true;
        }
        let mut exp10: i64 = 0;
        if matches!(input.get(i), Some(b'e' | b'E')) {
            i += 1;
            let negative_exp = match input.get(i) {
                Some(b'-') => {
                    i += 1;
                    true
                }
                Some(b'+') => {
                    i += 1;
                    false
                }
                _ => false,
            };
            let first = i;
            while let Some(&byte) = input.get(i) {
                let digit = byte.wrapping_sub(b'0');
                if digit > 9 {
                    break;
                }
                // Saturates: an exponent this large makes any digit string that could fit in
                // memory 0 or infinite.
                if exp10 < EXPONENT_LIMIT {
                    exp10 = exp10 * 10 + i64::from(digit);
                }
                i += 1;
            }
            if i == first {
                return Err(self.number_end_error(i));
            }
            if negative_exp {
                exp10 = -exp10;
            }
            is_float = true;
        }
        self.pos = i;
        Ok(ScannedNumber {
            negative,
            int_start,
            int_end,
            is_float,
            digits,
            digit_count: int_end - int_start + frac_len,
            // No overflow: |exp10| <= 10^18 + 9, and no input holds 8 × 10^18 digits.
            exp10: exp10 - frac_len as i64,
        })
    }

    /// The error for a fraction or exponent without digits, which ends at `at`.
    #[cold]
    fn number_end_error(&self, at: usize) -> Error {
        let code = if at == self.input.len() {
            ErrorCode::EofWhileParsingValue
        } else {
            ErrorCode::InvalidNumber
        };
        self.error_at(code, at)
    }

    /// Reads any number, as serde_json classifies it.
    pub(crate) fn parse_number(&mut self) -> Result<ParsedNumber, Error> {
        if self.pos >= self.input.len() {
            // The end of the input, or a tree to read.
            return self.tree_number();
        }
        let start = self.pos;
        let number = self.scan_number()?;
        if !number.is_float {
            let int_len = number.int_end - number.int_start;
            if int_len <= 19 {
                let value = number.digits;
                if !number.negative {
                    return Ok(ParsedNumber::U64(value));
                }
                // serde_json reads `-0` as the float -0.0 (there is no negative integer zero).
                if value == 0 {
                    return Ok(ParsedNumber::F64(-0.0));
                }
                if value <= i64::MAX as u64 + 1 {
                    return Ok(ParsedNumber::I64((value as i64).wrapping_neg()));
                }
            } else if !number.negative {
                // 20 digits may still fit in u64.
                let mut value: u64 = 0;
                let fits = self.input[number.int_start..number.int_end]
                    .iter()
                    .all(|&digit| {
                        match value
                            .checked_mul(10)
                            .and_then(|v| v.checked_add(u64::from(digit - b'0')))
                        {
                            Some(next) => {
                                value = next;
                                true
                            }
                            None => false,
                        }
                    });
                if fits {
                    return Ok(ParsedNumber::U64(value));
                }
            }
        }
        self.float_from_scanned(&number, start)
            .map(ParsedNumber::F64)
    }

    /// The `f64` nearest to a scanned number that started at `start`; numbers beyond the `f64`
    /// range are errors.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn float_from_scanned(&self, number: &ScannedNumber, start: usize) -> Result<f64, Error> {
        if number.digit_count > 19 {
            return self.float_from_long_digits(
                start,
                number.int_end,
                number.digit_count,
                number.exp10,
            );
        }
        match float::decimal_to_f64(number.digits, number.exp10, false) {
            Some(value) if value.is_finite() => Ok(if number.negative { -value } else { value }),
            Some(_) => Err(self.out_of_range(start)),
            None => self.number_from_text(start, self.pos),
        }
    }

    /// [`Self::float_from_scanned`] for more than 19 digits, where the wrapped-around
    /// `digits` are useless: the leading digits are taken again. The arguments are the
    /// number's start and the [`ScannedNumber`] fields needed.
    #[cold]
    #[inline(never)]
    fn float_from_long_digits(
        &self,
        start: usize,
        int_end: usize,
        digit_count: usize,
        exp10: i64,
    ) -> Result<f64, Error> {
        let negative = self.input[start] == b'-';
        let int = &self.input[start + usize::from(negative)..int_end];
        let frac = match digit_count - int.len() {
            0 => &[][..],
            // The fraction digits follow the integer digits and the `.`.
            frac_len => &self.input[int_end + 1..][..frac_len],
        };
        let (digits, exp10, truncated) = float::leading_digits(int, frac, exp10);
        match float::decimal_to_f64(digits, exp10, truncated) {
            Some(value) if value.is_finite() => Ok(if negative { -value } else { value }),
            Some(_) => Err(self.out_of_range(start)),
            None => self.number_from_text(start, self.pos),
        }
    }

    /// A float from its checked text, the slow way (exact ties, subnormals, the edge of the
    /// range, and long digit strings).
    #[cold]
    #[inline(never)]
    fn number_from_text(&self, start: usize, end: usize) -> Result<f64, Error> {
        let value: f64 = fast_float2::parse(&self.input[start..end])
            .map_err(|_| self.error_at(ErrorCode::InvalidNumber, start))?;
        if value.is_infinite() {
            return Err(self.out_of_range(start));
        }
        Ok(value)
    }

    /// The error for a number that is not of the type wanted, placed after it.
    #[cold]
    pub(super) fn number_type_error(
        &self,
        number: ParsedNumber,
        expected: &'static str,
        at: usize,
    ) -> Error {
        match number {
            ParsedNumber::U64(value) => {
                self.invalid_value_at(format!("integer `{value}`"), expected, at)
            }
            ParsedNumber::I64(value) => {
                self.invalid_value_at(format!("integer `{value}`"), expected, at)
            }
            ParsedNumber::F64(value) => self.error_after_read(
                ErrorCode::InvalidType {
                    found: format!("floating point `{}`", FloatText(value)),
                    expected,
                },
                at,
            ),
        }
    }

    /// `invalid value`, about the value that began at `at` and has just been read.
    #[cold]
    pub(crate) fn invalid_value_at(
        &self,
        found: String,
        expected: &'static str,
        at: usize,
    ) -> Error {
        self.error_after_read(ErrorCode::InvalidValue { found, expected }, at)
    }
}

/// What [`Reader::scan_number`] saw besides a valid number: the value is
/// `digits × 10^exp10` (negated when `negative`) as long as `digit_count <= 19`.
pub(super) struct ScannedNumber {
    negative: bool,
    /// Span of the integer digits.
    int_start: usize,
    int_end: usize,
    /// Whether a fraction or exponent followed.
    is_float: bool,
    /// The integer and fraction digits read as one integer; wrapped around (useless) when
    /// there are more than 19 of them.
    digits: u64,
    /// How many integer and fraction digits there are (leading zeros included).
    digit_count: usize,
    /// The exponent minus the number of fraction digits.
    exp10: i64,
}

/// Exponents stop growing here (saturate). Beyond it any digit string small enough to be in
/// memory gives 0 or infinity, so the exact exponent does not matter.
const EXPONENT_LIMIT: i64 = 100_000_000_000_000_000;

/// `10^n` for `n` in `0..8`.
const POW10_U64: [u64; 8] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000];

/// Reads the run of ASCII digits starting at `from` into `acc` (`acc × 10^len + run`, wrapping
/// around past 19 digits) eight bytes a step, and returns the index of the first byte after it.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn read_digits(bytes: &[u8], from: usize, acc: &mut u64) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let mut i = from;
    let mut value = *acc;
    while let Some(chunk) = bytes.get(i..).and_then(<[u8]>::first_chunk::<8>) {
        // Digits become 0..=9 after the xor; a byte is flagged when it is 10 or more. The
        // masked add cannot carry between bytes (at most 0x7F + 0x76).
        let t = u64::from_le_bytes(*chunk) ^ (ONES * 0x30);
        let flags = (((t & (ONES * 0x7F)) + ONES * 0x76) | t) & (ONES * 0x80);
        if flags == 0 {
            value = value
                .wrapping_mul(100_000_000)
                .wrapping_add(eight_digits(t));
            i += 8;
            continue;
        }
        let n = (flags.trailing_zeros() / 8) as usize;
        if n > 0 {
            // Shift the n digits (the low bytes) to the top; the bytes below read as zeros.
            let run = eight_digits(t << (64 - 8 * n));
            value = value.wrapping_mul(POW10_U64[n]).wrapping_add(run);
        }
        *acc = value;
        return i + n;
    }
    while let Some(&byte) = bytes.get(i) {
        let digit = byte.wrapping_sub(b'0');
        if digit > 9 {
            break;
        }
        value = value.wrapping_mul(10).wrapping_add(u64::from(digit));
        i += 1;
    }
    *acc = value;
    i
}

/// The value of eight digits, one per byte (0..=9), the first in the lowest byte.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn eight_digits(t: u64) -> u64 {
    // Neighbouring digits, then pairs, then quads combine in place: each step's lanes are
    // wide enough for its results (99, 9999, 99999999), so nothing carries between lanes.
    let pairs = (t * 10 + (t >> 8)) & 0x00FF_00FF_00FF_00FF;
    let quads = (pairs * 100 + (pairs >> 16)) & 0x0000_FFFF_0000_FFFF;
    (quads * 10_000 + (quads >> 32)) & 0xFFFF_FFFF
}

/// A float as serde's error messages show it (`1.0`, not `1`).
pub(super) struct FloatText(pub(super) f64);

impl std::fmt::Display for FloatText {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let mut buffer = zmij::Buffer::new();
        f.write_str(buffer.format_finite(self.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs of every length up to 24 ending in every byte value, read from every offset: the
    /// run ends where a byte-by-byte loop says, and its value (wrapping past 19 digits, added
    /// to an accumulator) is the loop's.
    #[test]
    fn digit_runs_end_at_the_first_non_digit() {
        for len in 0..24usize {
            // Under Miri, the bytes on either side of the digits, and a high one.
            let bytes = (0..=255u8).filter(|b| !cfg!(miri) || b"/:\xFF".contains(b));
            for byte in bytes {
                let mut buf: Vec<u8> = (0..len).map(|i| b'0' + ((i * 7 + 3) % 10) as u8).collect();
                buf.push(byte);
                buf.extend_from_slice(b"12345678");
                for from in 0..=len {
                    let want = (from..buf.len())
                        .find(|&i| !buf[i].is_ascii_digit())
                        .unwrap_or(buf.len());
                    let want_value = buf[from..want].iter().fold(42u64, |acc, &d| {
                        acc.wrapping_mul(10).wrapping_add(u64::from(d - b'0'))
                    });
                    let mut value = 42;
                    assert_eq!(
                        read_digits(&buf, from, &mut value),
                        want,
                        "{buf:?} from {from}"
                    );
                    assert_eq!(value, want_value, "{buf:?} from {from}");
                }
            }
        }
    }

    // ---- numbers: differential against std's correctly rounded `str::parse::<f64>` ----

    use super::super::DEFAULT_MAX_DEPTH;
    use crate::json::float::TestRng;
    use crate::json::from_str;

    fn is_out_of_range(err: &Error) -> bool {
        err.to_string().starts_with("number out of range")
    }

    /// `text` read every way a number can be read: `from_str::<f64>`, `parse_number` (as
    /// `Value` does) and `decode_f64` on a raw reader, all compared with std bit for bit. Out
    /// of range numbers must be `NumberOutOfRange` errors.
    fn check_f64(text: &str) {
        let want: f64 = text.parse().unwrap();
        let via_from_str = from_str::<f64>(text);
        let mut reader = Reader::new(text, DEFAULT_MAX_DEPTH);
        let via_parse = reader.parse_number();
        assert_eq!(reader.offset(), text.len(), "{text}");
        if want.is_infinite() {
            let err = via_from_str.expect_err(text);
            assert!(is_out_of_range(&err), "{text}: {err}");
            assert!(via_parse.is_err_and(|e| is_out_of_range(&e)), "{text}");
            return;
        }
        let got = via_from_str.unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(
            got.to_bits(),
            want.to_bits(),
            "{text}: got {got:e}, want {want:e}"
        );
        match via_parse.unwrap_or_else(|e| panic!("{text}: {e}")) {
            ParsedNumber::F64(value) => assert_eq!(value.to_bits(), want.to_bits(), "{text}"),
            ParsedNumber::U64(value) => assert_eq!(value as f64, want, "{text}"),
            ParsedNumber::I64(value) => assert_eq!(value as f64, want, "{text}"),
        }
    }

    /// Random JSON numbers: 1 to 25 digits with the decimal point anywhere (or nowhere),
    /// leading zeros after `0.`, exponents in -350..=350 spelled every way, either sign.
    #[test]
    fn floats_match_std_on_random_text() {
        let mut rng = TestRng::new(0xF10A_7500);
        let mut text = String::new();
        for _ in 0..if cfg!(miri) { 200 } else { 300_000 } {
            text.clear();
            if rng.below(2) == 0 {
                text.push('-');
            }
            let count = 1 + rng.below(25) as usize;
            let mut digits: Vec<u8> = (0..count).map(|_| b'0' + rng.below(10) as u8).collect();
            match rng.below(4) {
                // An integer part then maybe a fraction.
                0 | 1 => {
                    if digits[0] == b'0' && count > 1 {
                        digits[0] = b'1' + rng.below(9) as u8;
                    }
                    let point = 1 + rng.below(count as u64) as usize;
                    text.push_str(std::str::from_utf8(&digits[..point]).unwrap());
                    if point < count {
                        text.push('.');
                        text.push_str(std::str::from_utf8(&digits[point..]).unwrap());
                    }
                }
                // `0.` then zeros then the digits.
                _ => {
                    text.push_str("0.");
                    for _ in 0..rng.below(30) {
                        text.push('0');
                    }
                    text.push_str(std::str::from_utf8(&digits).unwrap());
                }
            }
            if rng.below(3) != 0 {
                text.push(if rng.below(2) == 0 { 'e' } else { 'E' });
                let exp = rng.below(701) as i64 - 350;
                match rng.below(3) {
                    0 if exp >= 0 => text.push('+'),
                    1 if exp >= 0 => text.push_str("00"),
                    _ => {}
                }
                text.push_str(&exp.to_string());
            }
            check_f64(&text);
        }
    }

    #[test]
    fn hard_floats_match_std() {
        let mut cases: Vec<String> = [
            "0",
            "-0",
            "0.0",
            "-0.0",
            "0e0",
            "-0e-0",
            "0.1",
            "0.2",
            "0.3",
            "1e23",
            "8.98846567431158e307",
            "9007199254740992",
            "9007199254740993",
            "9007199254740994",
            "9007199254740995",
            "9007199254740993.0",
            "90071992547409930e-1",
            "900719925474099300000e-5",
            "9007199254740993.0000000000000000000000000001",
            "9007199254740992.9999999999999999999999999999",
            "18014398509481985",
            "18014398509481986",
            "18014398509481987",
            "2.2250738585072011e-308",
            "2.2250738585072012e-308",
            "2.2250738585072014e-308",
            "2.225073858507201136057409796709131975934819546351645648e-308",
            "4.9406564584124654e-324",
            "2.4703282292062327e-324",
            "2.4703282292062328e-324",
            concat!(
                "2.470328229206232720882843964341106861825299013071623822127928412503377536351043",
                "75932649918180817996189898282347722858865463328355177969898199387398005390939063",
                "15035659515570226392290858392449105184435931802849936536152500319370457678249219",
                "36562366986365848075700158576926990370631192827955855133292783433840935197801553",
                "12465972635795746227664652728272200563740064854999770965994704540208281662262378",
                "57393450736339007967761930577506740176324673600968951340535537458516661134223766",
                "67860416215968046191446729184030053005753084904876539171138659164623952491262365",
                "38818796362393732804238910186723484976682350898633885879256283027559956575244555",
                "07255189313690836254779186948667994968324049705821028513185451396213837722826145",
                "4376934125320985913276672363281255e-324",
            ),
            "1.7976931348623157e308",
            "1.7976931348623158e308",
            "1.7976931348623159e308",
            "-1.7976931348623159e308",
            "1e308",
            "1e309",
            "1e-400",
            "-1e-400",
            "123456789e-330",
            "1e-342",
            "1e-343",
            "99999999999999999999e-344",
            "0.000000000000000000000000000000123456789012345678901234567890e-10",
            "1.00000000000000011102230246251565404236316680908203125",
            "1.00000000000000011102230246251565404236316680908203124",
            "1.00000000000000011102230246251565404236316680908203126",
            "7.2057594037927933e16",
            "1.448997445238699",
            "4.35679826e-312",
            "1e-320",
            "3.0540412e5",
            "1e22",
            "1e-22",
            "123456789012345678e-22",
            "18446744073709551615",
            "18446744073709551616",
            "-9223372036854775808",
            "-9223372036854775809",
            "123456789012345678901234567890",
            "1e99999999999999999999999999",
            "1e-99999999999999999999999999",
            "0e99999999999999999999999999",
            "-65.613616999999977",
            "43.420273000000009",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        // 100+ digit inputs, with the deciding digit far out.
        cases.push(format!("1.{}1e0", "0".repeat(120)));
        cases.push(format!("9007199254740993{}e-120", "0".repeat(120)));
        cases.push(format!("9007199254740993{}1e-121", "0".repeat(120)));
        cases.push(format!("9007199254740992{}9e-121", "9".repeat(120)));
        cases.push(format!("0.{}1e330", "0".repeat(300)));
        cases.push(format!("{}e-300", "1".repeat(310)));
        cases.push(format!("{}.5", "9".repeat(400)));
        for case in &cases {
            check_f64(case);
        }
    }

    #[test]
    fn number_classification_is_unchanged() {
        let parse = |text: &str| Reader::new(text, DEFAULT_MAX_DEPTH).parse_number().unwrap();
        assert_eq!(parse("0"), ParsedNumber::U64(0));
        assert!(matches!(parse("-0"), ParsedNumber::F64(v) if v.to_bits() == (-0.0f64).to_bits()));
        assert_eq!(parse("18446744073709551615"), ParsedNumber::U64(u64::MAX));
        assert_eq!(
            parse("18446744073709551616"),
            ParsedNumber::F64(18446744073709551616.0)
        );
        assert_eq!(parse("-9223372036854775808"), ParsedNumber::I64(i64::MIN));
        assert_eq!(
            parse("-9223372036854775809"),
            ParsedNumber::F64(-9223372036854775809.0)
        );
        assert_eq!(
            parse("1234567890123456789"),
            ParsedNumber::U64(1234567890123456789)
        );
        assert_eq!(parse("1.0"), ParsedNumber::F64(1.0));
        assert_eq!(parse("1e2"), ParsedNumber::F64(100.0));
        let err = Reader::new("1e400", DEFAULT_MAX_DEPTH)
            .parse_number()
            .unwrap_err();
        assert!(is_out_of_range(&err), "{err}");
        // A float where an integer was wanted names the float as serde_json does.
        assert_eq!(
            from_str::<u64>("1e2").unwrap_err().to_string(),
            "invalid type: floating point `100.0`, expected u64 (line 1, column 3)"
        );
    }

    /// The exact decimal expansion of `(2m + 1) × 2^(k - 1)`, the point halfway between the
    /// float `m × 2^k` and the next one up, as (digits, exponent of ten).
    fn midpoint_decimal(m: u64, k: i32) -> (String, i32) {
        // Little-endian base-10^9 limbs.
        let mut limbs: Vec<u64> = vec![];
        let mut n = 2 * m + 1;
        while n > 0 {
            limbs.push(n % 1_000_000_000);
            n /= 1_000_000_000;
        }
        let scale = |limbs: &mut Vec<u64>, factor: u64| {
            let mut carry = 0;
            for limb in limbs.iter_mut() {
                let t = *limb * factor + carry;
                *limb = t % 1_000_000_000;
                carry = t / 1_000_000_000;
            }
            while carry > 0 {
                limbs.push(carry % 1_000_000_000);
                carry /= 1_000_000_000;
            }
        };
        let (mut twos, mut fives) = if k > 0 { (k - 1, 0) } else { (0, 1 - k) };
        while twos > 0 {
            let step = twos.min(20);
            scale(&mut limbs, 1 << step);
            twos -= step;
        }
        while fives > 0 {
            let step = fives.min(12);
            scale(&mut limbs, 5u64.pow(step as u32));
            fives -= step;
        }
        let mut digits = limbs.last().unwrap().to_string();
        for limb in limbs.iter().rev().skip(1) {
            digits.push_str(&format!("{limb:09}"));
        }
        (digits, (k - 1).min(0))
    }

    /// Points halfway between neighbouring floats, exactly and cut to 16..=19 digits (rounded
    /// down and up), and nudged just above and below: the inputs where rounding is hardest.
    #[test]
    fn floats_near_halfway_match_std() {
        let mut rng = TestRng::new(0x4A1F);
        for round in 0..if cfg!(miri) { 4 } else { 4_000 } {
            let bits = match round % 4 {
                // Any finite positive float, subnormals included.
                0 => rng.below(0x7FF0_0000_0000_0000),
                // Typical magnitudes.
                _ => 0x3C00_0000_0000_0000 + rng.below(0x0800_0000_0000_0000),
            };
            let x = f64::from_bits(bits);
            let biased = (bits >> 52) as i32;
            let fraction = bits & ((1 << 52) - 1);
            let (m, k) = if biased == 0 {
                (fraction, -1074)
            } else {
                (fraction | 1 << 52, biased - 1075)
            };
            let (digits, exp) = midpoint_decimal(m, k);
            assert!(x.is_finite());
            check_f64(&format!("{digits}e{exp}"));
            check_f64(&format!("{digits}00000000000000000000001e{}", exp - 23));
            let below = {
                let mut d = digits.clone().into_bytes();
                let mut i = d.len() - 1;
                while d[i] == b'0' {
                    d[i] = b'9';
                    i -= 1;
                }
                d[i] -= 1;
                String::from_utf8(d).unwrap()
            };
            check_f64(&format!("{below}99999999e{}", exp - 8));
            for len in 16..=19usize.min(digits.len()) {
                let cut: u64 = digits[..len].parse().unwrap();
                let e = exp + (digits.len() - len) as i32;
                check_f64(&format!("{cut}e{e}"));
                check_f64(&format!("{}e{e}", cut + 1));
                check_f64(&format!("{}e{e}", cut - 1));
            }
        }
    }

    /// Every number in canada.json (111,080 floats, mostly 17 significant digits).
    #[test]
    #[cfg_attr(miri, ignore = "reads the benchmark corpus from disk")]
    fn canada_floats_match_std() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../shared/data/json-benchmark/canada.json"
        );
        let Ok(text) = std::fs::read_to_string(path) else {
            panic!("cannot read {path}");
        };
        let bytes = text.as_bytes();
        let mut count = 0;
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i] == b'-' || bytes[i].is_ascii_digit() {
                let end = (i..bytes.len())
                    .find(|&j| !matches!(bytes[j], b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9'))
                    .unwrap_or(bytes.len());
                check_f64(&text[i..end]);
                count += 1;
                i = end;
            } else {
                i += 1;
            }
        }
        assert_eq!(count, 111_126);
    }
}
