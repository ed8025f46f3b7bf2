//! [`Number`]: a JSON number kept exactly as serde_json keeps it.

use std::fmt::{self, Debug, Display};
use std::hash::{Hash, Hasher};
use std::str::FromStr;

use crate::json::error::ErrorCode;
use crate::json::reader::{ParsedNumber, Reader};
use crate::json::{Decode, Encode, Error, Writer};

/// A JSON number, kept the way serde_json keeps it: a non-negative integer (`u64`), a negative
/// integer (`i64`) or a finite float (`f64`). Integers are never rounded through `f64`, and an
/// integer is never equal to a float, even of the same value (`1` and `1.0` are different
/// numbers, as in serde_json).
///
/// ```
/// use fastwire::json::Number;
///
/// let big = Number::from(u64::MAX);
/// assert!(big.is_u64() && !big.is_i64());
/// assert_eq!(big.to_string(), "18446744073709551615");
///
/// let float = Number::from_f64(1.0).unwrap();
/// assert!(float.is_f64());
/// assert_eq!(float.to_string(), "1.0");
/// assert_ne!(float, Number::from(1));
/// assert!(Number::from_f64(f64::NAN).is_none());
/// ```
#[derive(Clone, Copy, PartialEq)]
pub struct Number {
    n: N,
}

#[derive(Clone, Copy, PartialEq)]
enum N {
    /// Always zero or more.
    PosInt(u64),
    /// Always below zero.
    NegInt(i64),
    /// Always finite.
    Float(f64),
}

/// Floats are always finite, so equality is reflexive.
impl Eq for Number {}

impl Hash for Number {
    fn hash<H: Hasher>(&self, state: &mut H) {
        match self.n {
            N::PosInt(value) => {
                state.write_u8(0);
                value.hash(state);
            }
            N::NegInt(value) => {
                state.write_u8(1);
                value.hash(state);
            }
            N::Float(value) => {
                state.write_u8(2);
                // `0.0 == -0.0`, so they must hash alike.
                let value = if value == 0.0 { 0.0 } else { value };
                value.to_bits().hash(state);
            }
        }
    }
}

impl Number {
    /// Whether the number is an integer in `i64`'s range.
    ///
    /// ```
    /// use fastwire::json::Number;
    ///
    /// assert!(Number::from(-5).is_i64());
    /// assert!(Number::from(i64::MAX as u64).is_i64());
    /// assert!(!Number::from(u64::MAX).is_i64());
    /// assert!(!Number::from_f64(2.0).unwrap().is_i64());
    /// ```
    #[inline]
    pub fn is_i64(&self) -> bool {
        match self.n {
            N::PosInt(value) => value <= i64::MAX as u64,
            N::NegInt(_) => true,
            N::Float(_) => false,
        }
    }

    /// Whether the number is an integer in `u64`'s range (zero or more).
    ///
    /// ```
    /// use fastwire::json::Number;
    ///
    /// assert!(Number::from(7u8).is_u64());
    /// assert!(!Number::from(-7).is_u64());
    /// ```
    #[inline]
    pub fn is_u64(&self) -> bool {
        matches!(self.n, N::PosInt(_))
    }

    /// Whether the number is a float: it was written with a fraction or an exponent, was an
    /// integer too large for 64 bits, or was made by [`Number::from_f64`].
    ///
    /// ```
    /// use fastwire::json::Number;
    ///
    /// let n: Number = fastwire::json::from_str("1e2").unwrap();
    /// assert!(n.is_f64());
    /// assert!(!Number::from(100).is_f64());
    /// ```
    #[inline]
    pub fn is_f64(&self) -> bool {
        matches!(self.n, N::Float(_))
    }

    /// The number as an `i64`, if it is an integer in that range.
    ///
    /// ```
    /// use fastwire::json::Number;
    ///
    /// assert_eq!(Number::from(-3).as_i64(), Some(-3));
    /// assert_eq!(Number::from(u64::MAX).as_i64(), None);
    /// assert_eq!(Number::from_f64(3.0).unwrap().as_i64(), None);
    /// ```
    #[inline]
    pub fn as_i64(&self) -> Option<i64> {
        match self.n {
            N::PosInt(value) => i64::try_from(value).ok(),
            N::NegInt(value) => Some(value),
            N::Float(_) => None,
        }
    }

    /// The number as a `u64`, if it is an integer in that range.
    ///
    /// ```
    /// use fastwire::json::Number;
    ///
    /// assert_eq!(Number::from(3).as_u64(), Some(3));
    /// assert_eq!(Number::from(-3).as_u64(), None);
    /// ```
    #[inline]
    pub fn as_u64(&self) -> Option<u64> {
        match self.n {
            N::PosInt(value) => Some(value),
            N::NegInt(_) | N::Float(_) => None,
        }
    }

    /// The number as an `f64`: always `Some`, rounding integers beyond 2^53 to the nearest
    /// float (as serde_json does).
    ///
    /// ```
    /// use fastwire::json::Number;
    ///
    /// assert_eq!(Number::from(-3).as_f64(), Some(-3.0));
    /// assert_eq!(Number::from_f64(0.5).unwrap().as_f64(), Some(0.5));
    /// ```
    #[inline]
    pub fn as_f64(&self) -> Option<f64> {
        Some(match self.n {
            N::PosInt(value) => value as f64,
            N::NegInt(value) => value as f64,
            N::Float(value) => value,
        })
    }

    /// The number as an `f32`, if it is finite in that type.
    pub(super) fn as_f32(&self) -> Option<f32> {
        match self.n {
            N::PosInt(value) => Some(value as f32),
            N::NegInt(value) => Some(value as f32),
            N::Float(value) => Some(value as f32).filter(|float| float.is_finite()),
        }
    }

    /// A float number; `None` for NaN and the infinities, which JSON cannot represent.
    ///
    /// ```
    /// use fastwire::json::Number;
    ///
    /// assert_eq!(Number::from_f64(2.5).unwrap().to_string(), "2.5");
    /// assert!(Number::from_f64(f64::INFINITY).is_none());
    /// ```
    #[inline]
    pub fn from_f64(value: f64) -> Option<Number> {
        if value.is_finite() {
            Some(Number { n: N::Float(value) })
        } else {
            None
        }
    }

    /// An integer number from an `i128`; `None` when it fits neither `i64` nor `u64`.
    ///
    /// ```
    /// use fastwire::json::Number;
    ///
    /// assert_eq!(Number::from_i128(-1).unwrap().as_i64(), Some(-1));
    /// assert!(Number::from_i128(i128::MAX).is_none());
    /// ```
    pub fn from_i128(value: i128) -> Option<Number> {
        if let Ok(value) = u64::try_from(value) {
            Some(Number::from(value))
        } else {
            i64::try_from(value).ok().map(Number::from)
        }
    }

    /// An integer number from a `u128`; `None` when it does not fit `u64`.
    ///
    /// ```
    /// use fastwire::json::Number;
    ///
    /// assert_eq!(Number::from_u128(5).unwrap().as_u64(), Some(5));
    /// assert!(Number::from_u128(u128::MAX).is_none());
    /// ```
    pub fn from_u128(value: u128) -> Option<Number> {
        u64::try_from(value).ok().map(Number::from)
    }

    /// The number as an `i128` when it is an integer (`None` for a float).
    ///
    /// ```
    /// use fastwire::json::Number;
    ///
    /// assert_eq!(Number::from(u64::MAX).as_i128(), Some(u64::MAX as i128));
    /// assert_eq!(Number::from(-3).as_i128(), Some(-3));
    /// assert_eq!(Number::from_f64(1.0).unwrap().as_i128(), None);
    /// ```
    #[inline]
    pub fn as_i128(&self) -> Option<i128> {
        match self.n {
            N::PosInt(value) => Some(i128::from(value)),
            N::NegInt(value) => Some(i128::from(value)),
            N::Float(_) => None,
        }
    }

    /// The number as a `u128` when it is a non-negative integer.
    ///
    /// ```
    /// use fastwire::json::Number;
    ///
    /// assert_eq!(Number::from(7).as_u128(), Some(7));
    /// assert_eq!(Number::from(-3).as_u128(), None);
    /// ```
    #[inline]
    pub fn as_u128(&self) -> Option<u128> {
        match self.n {
            N::PosInt(value) => Some(u128::from(value)),
            N::NegInt(_) | N::Float(_) => None,
        }
    }

    /// The number as the reader would parse its text: what a reader over a tree hands out.
    #[inline]
    pub(crate) fn to_parsed(self) -> ParsedNumber {
        match self.n {
            N::PosInt(value) => ParsedNumber::U64(value),
            N::NegInt(value) => ParsedNumber::I64(value),
            N::Float(value) => ParsedNumber::F64(value),
        }
    }

    /// The number the reader parsed, classified as serde_json classifies it.
    pub(super) fn from_parsed(parsed: ParsedNumber) -> Number {
        let n = match parsed {
            ParsedNumber::U64(value) => N::PosInt(value),
            // `NegInt` must stay below zero (or `0` would have two unequal forms). The reader
            // already turns `-0` into the float `-0.0`, as serde_json does; keep that here too.
            ParsedNumber::I64(value) if value >= 0 => N::Float(-(value as f64)),
            ParsedNumber::I64(value) => N::NegInt(value),
            ParsedNumber::F64(value) => N::Float(value),
        };
        Number { n }
    }
}

macro_rules! number_from_unsigned {
    ($($ty:ty),*) => {$(
        impl From<$ty> for Number {
            #[inline]
            fn from(value: $ty) -> Self {
                Number { n: N::PosInt(value as u64) }
            }
        }
    )*};
}

macro_rules! number_from_signed {
    ($($ty:ty),*) => {$(
        impl From<$ty> for Number {
            #[inline]
            fn from(value: $ty) -> Self {
                let n = if value < 0 {
                    N::NegInt(value as i64)
                } else {
                    N::PosInt(value as u64)
                };
                Number { n }
            }
        }
    )*};
}

number_from_unsigned!(u8, u16, u32, u64, usize);
number_from_signed!(i8, i16, i32, i64, isize);

/// The text serde_json writes for the number: integers exactly, floats in their shortest
/// round-tripping form (`1.0`, `1e+100`).
///
/// ```
/// use fastwire::json::Number;
///
/// assert_eq!(Number::from(-12).to_string(), "-12");
/// assert_eq!(Number::from_f64(1e100).unwrap().to_string(), "1e+100");
/// ```
impl Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self.n {
            N::PosInt(value) => f.write_str(itoa::Buffer::new().format(value)),
            N::NegInt(value) => f.write_str(itoa::Buffer::new().format(value)),
            N::Float(value) => f.write_str(zmij::Buffer::new().format_finite(value)),
        }
    }
}

impl Debug for Number {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "Number({self})")
    }
}

impl Encode for Number {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        match self.n {
            N::PosInt(value) => w.write_u64(value),
            N::NegInt(value) => w.write_i64(value),
            N::Float(value) => w.write_f64(value),
        }
    }

    #[inline]
    fn size_hint(&self) -> usize {
        match self.n {
            N::PosInt(n) => crate::json::encode::unsigned_len(n),
            N::NegInt(n) => crate::json::encode::signed_len(n),
            N::Float(f) => crate::json::encode::f64_len_hint(f),
        }
    }
}

impl<'de> Decode<'de> for Number {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        match r.peek()? {
            b'-' | b'0'..=b'9' => r.parse_number().map(Number::from_parsed),
            _ => Err(r.invalid_type("a JSON number")),
        }
    }
}

/// Parses a JSON number, exactly as serde_json's `Number::from_str` does: the whole text must be
/// one number, with no whitespace around it.
///
/// ```
/// use fastwire::json::Number;
///
/// assert_eq!("-12".parse::<Number>().unwrap(), Number::from(-12));
/// assert!("1.5e3".parse::<Number>().unwrap().is_f64());
/// assert!(" 1".parse::<Number>().is_err());
/// assert!("01".parse::<Number>().is_err());
/// ```
impl FromStr for Number {
    type Err = Error;

    fn from_str(text: &str) -> Result<Number, Error> {
        let input = text.as_bytes();
        if !matches!(input.first(), Some(b'-' | b'0'..=b'9')) {
            let code = if input.is_empty() {
                ErrorCode::EofWhileParsingValue
            } else {
                ErrorCode::InvalidNumber
            };
            return Err(Error::at(code, input, 0));
        }
        let mut r = Reader::new(text, 1);
        let parsed = r.parse_number().map_err(|err| err.locate(input))?;
        if r.offset() != input.len() {
            return Err(Error::at(ErrorCode::InvalidNumber, input, r.offset()));
        }
        Ok(Number::from_parsed(parsed))
    }
}
