//! Comparisons of a [`Value`] with primitives: `value == 1`, `value == "x"`, `1 == value`, ...

use super::{Number, Value};

fn eq_i64(value: &Value, other: i64) -> bool {
    value.as_i64() == Some(other)
}

fn eq_u64(value: &Value, other: u64) -> bool {
    value.as_u64() == Some(other)
}

fn eq_f32(value: &Value, other: f32) -> bool {
    value.as_number().and_then(Number::as_f32) == Some(other)
}

fn eq_f64(value: &Value, other: f64) -> bool {
    value.as_f64() == Some(other)
}

fn eq_bool(value: &Value, other: bool) -> bool {
    value.as_bool() == Some(other)
}

fn eq_str(value: &Value, other: &str) -> bool {
    value.as_str() == Some(other)
}

macro_rules! value_eq_primitive {
    ($($eq:ident [$($ty:ty),*])*) => {$($(
        impl PartialEq<$ty> for Value {
            #[inline]
            fn eq(&self, other: &$ty) -> bool {
                $eq(self, *other as _)
            }
        }

        impl PartialEq<Value> for $ty {
            #[inline]
            fn eq(&self, other: &Value) -> bool {
                $eq(other, *self as _)
            }
        }

        impl PartialEq<$ty> for &Value {
            #[inline]
            fn eq(&self, other: &$ty) -> bool {
                $eq(self, *other as _)
            }
        }

        impl PartialEq<$ty> for &mut Value {
            #[inline]
            fn eq(&self, other: &$ty) -> bool {
                $eq(self, *other as _)
            }
        }
    )*)*};
}

value_eq_primitive! {
    eq_i64[i8, i16, i32, i64, isize]
    eq_u64[u8, u16, u32, u64, usize]
    eq_f32[f32]
    eq_f64[f64]
    eq_bool[bool]
}

impl PartialEq<str> for Value {
    #[inline]
    fn eq(&self, other: &str) -> bool {
        eq_str(self, other)
    }
}

impl PartialEq<&str> for Value {
    #[inline]
    fn eq(&self, other: &&str) -> bool {
        eq_str(self, other)
    }
}

impl PartialEq<String> for Value {
    #[inline]
    fn eq(&self, other: &String) -> bool {
        eq_str(self, other)
    }
}

impl PartialEq<Value> for str {
    #[inline]
    fn eq(&self, other: &Value) -> bool {
        eq_str(other, self)
    }
}

impl PartialEq<Value> for &str {
    #[inline]
    fn eq(&self, other: &Value) -> bool {
        eq_str(other, self)
    }
}

impl PartialEq<Value> for String {
    #[inline]
    fn eq(&self, other: &Value) -> bool {
        eq_str(other, self)
    }
}
