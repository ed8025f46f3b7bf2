//! [`Integer`]: any integer MessagePack can hold, from `i64::MIN` to `u64::MAX`, exactly.

use std::cmp::Ordering;
use std::fmt::{self, Debug, Display};

use crate::msgpack::reader::Int;
use crate::msgpack::{Decode, Encode, Error, Reader, Writer};

/// An integer as MessagePack holds it: any value of `u64` or of `i64`, kept exactly and with
/// its sign.
///
/// MessagePack's integer forms cover `i64::MIN..=u64::MAX`, more than either Rust type alone.
/// An `Integer` keeps one number per value, however it was written or built: `5u8`, `5i64`
/// and the bytes `cc 05` are the same `Integer`, so equality, hashing and ordering are by
/// numeric value.
///
/// Encoding writes the smallest form for the value (as rmp-serde and rmpv write it): positive
/// fixint, `uint 8/16/32/64` for values from zero up, negative fixint, `int 8/16/32/64` for
/// negative ones.
///
/// ```
/// use fastwire::msgpack::{self, Integer};
///
/// let big = Integer::from(u64::MAX);
/// assert_eq!(big.as_u64(), Some(u64::MAX));
/// assert_eq!(big.as_i64(), None);
/// assert!(Integer::from(-1) < Integer::from(0u8));
/// assert_eq!(Integer::from(5u8), Integer::from(5i64));
/// assert_eq!(msgpack::to_vec(&Integer::from(-33)), b"\xd0\xdf");
/// assert_eq!(msgpack::from_slice::<Integer>(b"\xcd\x01\x00").unwrap(), Integer::from(256));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Integer {
    n: N,
}

/// One representation per value: `Neg` only below zero, so the derived equality and hash are
/// by value.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum N {
    /// Zero or more.
    Pos(u64),
    /// Always below zero.
    Neg(i64),
}

impl Integer {
    /// The value as a `u64`, if it is zero or more.
    ///
    /// ```
    /// use fastwire::msgpack::Integer;
    ///
    /// assert_eq!(Integer::from(7i8).as_u64(), Some(7));
    /// assert_eq!(Integer::from(-7).as_u64(), None);
    /// ```
    #[inline]
    pub const fn as_u64(self) -> Option<u64> {
        match self.n {
            N::Pos(value) => Some(value),
            N::Neg(_) => None,
        }
    }

    /// The value as an `i64`, if it is in that range.
    ///
    /// ```
    /// use fastwire::msgpack::Integer;
    ///
    /// assert_eq!(Integer::from(i64::MIN).as_i64(), Some(i64::MIN));
    /// assert_eq!(Integer::from(i64::MAX as u64).as_i64(), Some(i64::MAX));
    /// assert_eq!(Integer::from(i64::MAX as u64 + 1).as_i64(), None);
    /// ```
    #[inline]
    pub const fn as_i64(self) -> Option<i64> {
        match self.n {
            N::Pos(value) if value <= i64::MAX as u64 => Some(value as i64),
            N::Pos(_) => None,
            N::Neg(value) => Some(value),
        }
    }

    /// The value as an `f64`, rounded to the nearest float where it has more than 53
    /// significant bits (as `as` rounds it).
    ///
    /// ```
    /// use fastwire::msgpack::Integer;
    ///
    /// assert_eq!(Integer::from(-3).as_f64(), -3.0);
    /// assert_eq!(Integer::from(u64::MAX).as_f64(), 18446744073709551616.0);
    /// ```
    #[inline]
    pub fn as_f64(self) -> f64 {
        match self.n {
            N::Pos(value) => value as f64,
            N::Neg(value) => value as f64,
        }
    }

    /// The value as an `i128`, which holds every `Integer` exactly.
    ///
    /// ```
    /// use fastwire::msgpack::Integer;
    ///
    /// assert_eq!(Integer::from(u64::MAX).as_i128(), u64::MAX as i128);
    /// assert_eq!(Integer::from(i64::MIN).as_i128(), i64::MIN as i128);
    /// ```
    #[inline]
    pub const fn as_i128(self) -> i128 {
        match self.n {
            N::Pos(value) => value as i128,
            N::Neg(value) => value as i128,
        }
    }

    /// An `Integer` from an `i128`; `None` outside `i64::MIN..=u64::MAX`.
    ///
    /// ```
    /// use fastwire::msgpack::Integer;
    ///
    /// assert_eq!(Integer::from_i128(-1), Some(Integer::from(-1)));
    /// assert_eq!(Integer::from_i128(u64::MAX as i128 + 1), None);
    /// assert_eq!(Integer::from_i128(i64::MIN as i128 - 1), None);
    /// ```
    #[inline]
    pub const fn from_i128(value: i128) -> Option<Integer> {
        if value < i64::MIN as i128 || value > u64::MAX as i128 {
            None
        } else if value < 0 {
            Some(Integer {
                n: N::Neg(value as i64),
            })
        } else {
            Some(Integer {
                n: N::Pos(value as u64),
            })
        }
    }

    /// Whether the value is below zero.
    ///
    /// ```
    /// use fastwire::msgpack::Integer;
    ///
    /// assert!(Integer::from(-1).is_negative());
    /// assert!(!Integer::from(0).is_negative());
    /// ```
    #[inline]
    pub const fn is_negative(self) -> bool {
        matches!(self.n, N::Neg(_))
    }

    /// Whether the value fits a `u64` (is zero or more).
    ///
    /// ```
    /// use fastwire::msgpack::Integer;
    ///
    /// assert!(Integer::from(u64::MAX).is_u64());
    /// assert!(!Integer::from(-1).is_u64());
    /// ```
    #[inline]
    pub const fn is_u64(self) -> bool {
        self.as_u64().is_some()
    }

    /// Whether the value fits an `i64`.
    ///
    /// ```
    /// use fastwire::msgpack::Integer;
    ///
    /// assert!(Integer::from(-1).is_i64());
    /// assert!(!Integer::from(u64::MAX).is_i64());
    /// ```
    #[inline]
    pub const fn is_i64(self) -> bool {
        self.as_i64().is_some()
    }
}

impl From<Int> for Integer {
    #[inline]
    fn from(int: Int) -> Integer {
        match int {
            Int::Unsigned(value) => Integer::from(value),
            Int::Signed(value) => Integer::from(value),
        }
    }
}

macro_rules! integer_from_unsigned {
    ($($ty:ty),*) => {$(
        impl From<$ty> for Integer {
            #[inline]
            fn from(value: $ty) -> Integer {
                Integer { n: N::Pos(value as u64) }
            }
        }
    )*};
}

macro_rules! integer_from_signed {
    ($($ty:ty),*) => {$(
        impl From<$ty> for Integer {
            #[inline]
            fn from(value: $ty) -> Integer {
                let n = if value < 0 {
                    N::Neg(value as i64)
                } else {
                    N::Pos(value as u64)
                };
                Integer { n }
            }
        }
    )*};
}

integer_from_unsigned!(u8, u16, u32, u64, usize);
integer_from_signed!(i8, i16, i32, i64, isize);

/// Every `Integer`, exactly.
///
/// ```
/// use fastwire::msgpack::Integer;
///
/// assert_eq!(i128::from(Integer::from(-5)), -5);
/// ```
impl From<Integer> for i128 {
    #[inline]
    fn from(value: Integer) -> i128 {
        value.as_i128()
    }
}

/// Numeric order: every negative value before every other.
///
/// ```
/// use fastwire::msgpack::Integer;
///
/// let mut values = [Integer::from(u64::MAX), Integer::from(0), Integer::from(i64::MIN)];
/// values.sort();
/// assert_eq!(values, [Integer::from(i64::MIN), Integer::from(0), Integer::from(u64::MAX)]);
/// ```
impl Ord for Integer {
    #[inline]
    fn cmp(&self, other: &Integer) -> Ordering {
        match (self.n, other.n) {
            (N::Pos(a), N::Pos(b)) => a.cmp(&b),
            (N::Neg(a), N::Neg(b)) => a.cmp(&b),
            (N::Neg(_), N::Pos(_)) => Ordering::Less,
            (N::Pos(_), N::Neg(_)) => Ordering::Greater,
        }
    }
}

impl PartialOrd for Integer {
    #[inline]
    fn partial_cmp(&self, other: &Integer) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The decimal digits, with a `-` for negative values.
///
/// ```
/// use fastwire::msgpack::Integer;
///
/// assert_eq!(Integer::from(i64::MIN).to_string(), "-9223372036854775808");
/// assert_eq!(Integer::from(u64::MAX).to_string(), "18446744073709551615");
/// ```
impl Display for Integer {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self.n {
            N::Pos(value) => Display::fmt(&value, f),
            N::Neg(value) => Display::fmt(&value, f),
        }
    }
}

/// The same digits as `Display`, so a [`Value`](super::Value)'s debug output reads
/// `Integer(5)`.
impl Debug for Integer {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        Display::fmt(self, f)
    }
}

impl Encode for Integer {
    /// The smallest form for the value.
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        match self.n {
            N::Pos(value) => w.write_u64(value),
            N::Neg(value) => w.write_i64(value),
        }
    }

    #[inline]
    fn size_hint(&self) -> usize {
        9
    }
}

impl<'de> Decode<'de> for Integer {
    /// Any of MessagePack's integer forms; anything else (a float too) is an invalid type.
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        match r.try_int()? {
            Some(int) => Ok(Integer::from(int)),
            None => Err(r.invalid_type("an integer")),
        }
    }
}
