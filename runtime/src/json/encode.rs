//! The [`Encode`] and [`EncodeKey`] traits and their implementations for std types, each
//! writing what serde_json writes for the same type.

use std::borrow::Cow;
use std::cell::Cell;
use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::hash::BuildHasher;
use std::marker::PhantomData;
use std::num::{
    NonZeroI128, NonZeroI16, NonZeroI32, NonZeroI64, NonZeroI8, NonZeroIsize, NonZeroU128,
    NonZeroU16, NonZeroU32, NonZeroU64, NonZeroU8, NonZeroUsize, Wrapping,
};
use std::rc::Rc;
use std::sync::Arc;

use super::Writer;

/// A type that can be written as JSON.
///
/// Usually derived with `#[derive(fastwire::Encode)]`, which reads the type's `#[serde(...)]`
/// attributes and writes a specialised encoder; implemented here for the std types serde_json
/// supports, with the same output.
///
/// Encoding returns nothing: an impl that meets a value it cannot encode records why with
/// [`Writer::fail`] and carries on, and the `try_*` functions report it (the other entry
/// points panic or return an `io::Error`). fastwire's own impls fail only where serde's do (a
/// `Path` that is not UTF-8); the serde bridge fails where the `Serialize` impl or serde_json
/// does. Map keys are limited at compile time to types with a string form ([`EncodeKey`]),
/// where serde_json refuses other keys when running.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be encoded as JSON by fastwire",
    label = "`{Self}` does not implement `fastwire::json::Encode`",
    note = "derive it with `#[derive(fastwire::Encode)]`, implement `fastwire::json::Encode` by hand, or leave the field out with `#[serde(skip_serializing)]`",
    note = "if it implements serde's traits, enable fastwire's `serde` feature or add `#[wire(serde)]` to the field"
)]
pub trait Encode {
    /// Writes `self` to `w`.
    fn encode<W: Writer>(&self, w: &mut W);

    /// An estimate of the encoded length in bytes, used to size the output buffer once. It
    /// should be cheap: large collections extrapolate from a few elements.
    #[inline]
    fn size_hint(&self) -> usize {
        8
    }
}

/// A type usable as a JSON object key: written as a quoted string, the way serde_json writes
/// map keys (strings as they are, integers and booleans in quotes, chars as one-char strings).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a JSON object key",
    label = "JSON object keys must be strings, integers, chars or booleans",
    note = "serde_json rejects such keys at run time; fastwire rejects them when compiling"
)]
pub trait EncodeKey {
    /// Writes `self` as a quoted object key.
    fn encode_key<W: Writer>(&self, w: &mut W);

    /// An estimate of the encoded key length in bytes.
    #[inline]
    fn key_size_hint(&self) -> usize {
        8
    }
}

/// Size hint of an array of `items`: brackets, and each element with its comma.
#[inline]
fn slice_hint<T: Encode>(items: &[T]) -> usize {
    2 + crate::buf::slice_hint(items, |item| item.size_hint() + 1)
}

/// Size hint of an array of the `len` elements `items` yields.
#[inline]
pub(crate) fn sequence_hint<'a, T: Encode + 'a>(
    len: usize,
    items: impl Iterator<Item = &'a T>,
) -> usize {
    2 + crate::buf::iter_hint(len, items, |item| item.size_hint() + 1)
}

/// Size hint of an object of the `len` entries `entries` yields.
#[inline]
fn map_hint<'a, K: EncodeKey + 'a, V: Encode + 'a>(
    len: usize,
    entries: impl Iterator<Item = (&'a K, &'a V)>,
) -> usize {
    2 + crate::buf::iter_hint(len, entries, |(k, v)| k.key_size_hint() + v.size_hint() + 2)
}

/// Writes a JSON array from an iterator.
#[inline]
pub(crate) fn encode_seq<'a, W: Writer, T: Encode + 'a>(
    w: &mut W,
    items: impl IntoIterator<Item = &'a T>,
) {
    w.begin_array();
    let mut first = true;
    for item in items {
        w.array_value(first);
        item.encode(w);
        first = false;
    }
    w.end_array(!first);
}

/// Writes a JSON object from an iterator of entries.
#[inline]
pub(crate) fn encode_map<'a, W: Writer, K: EncodeKey + 'a, V: Encode + 'a>(
    w: &mut W,
    entries: impl IntoIterator<Item = (&'a K, &'a V)>,
) {
    w.begin_object();
    let mut first = true;
    for (key, value) in entries {
        w.object_key(first);
        key.encode_key(w);
        w.object_colon();
        value.encode(w);
        first = false;
    }
    w.end_object(!first);
}

/// About the number of digits of `n` as JSON writes it (one more, at most), from its bit
/// length in a few instructions: the size hint of a number held in a `Value`, so that
/// integer-heavy data (ids of 18 digits) is not off by a factor of four.
#[inline]
pub(crate) fn unsigned_len(n: u64) -> usize {
    // 1233 / 4096 is just above log10(2): bits * log10(2), rounded down, plus one.
    (((64 - n.leading_zeros() as usize) * 1233) >> 12) + 1
}

/// [`unsigned_len`] with the sign.
#[inline]
pub(crate) fn signed_len(n: i64) -> usize {
    unsigned_len(n.unsigned_abs()) + usize::from(n < 0)
}

/// An upper estimate of the length of `f` as JSON writes it (its shortest round-trip form),
/// without formatting it: exact for integral values below 10^15 (written with `.0`), and 20
/// otherwise, the length of a negative two-digit value with the 17 significant digits most
/// computed doubles need (the longest form, `-2.2250738585072014e-308`, has 24; the 25% margin
/// `to_vec` adds above the hint covers the difference). A low estimate costs `to_vec` a
/// reallocation and a copy of everything written; a high one, room never touched.
#[inline]
pub(crate) fn f64_len_hint(f: f64) -> usize {
    // Integral when the conversion to an integer and back keeps it (exact below 10^15; NaN
    // fails the bound). Not `fract()`, which is a call into libm on x86-64 without SSE4.1,
    // and costs more than the rest of the hint.
    if f.abs() < 1e15 && (f as i64) as f64 == f {
        signed_len(f as i64) + 2
    } else {
        20
    }
}

/// [`f64_len_hint`] for `f32`, whose shortest forms have at most 9 significant digits.
#[inline]
pub(crate) fn f32_len_hint(f: f32) -> usize {
    if f.abs() < 1e7 && (f as i64) as f32 == f {
        signed_len(f as i64) + 2
    } else {
        13
    }
}

macro_rules! encode_unsigned {
    ($($ty:ty: $hint:expr),*) => {$(
        impl Encode for $ty {
            #[inline]
            fn encode<W: Writer>(&self, w: &mut W) {
                w.write_u64(*self as u64);
            }
            #[inline]
            fn size_hint(&self) -> usize {
                $hint
            }
        }
        impl EncodeKey for $ty {
            #[inline]
            fn encode_key<W: Writer>(&self, w: &mut W) {
                w.write_quoted_u128(*self as u128);
            }
        }
    )*};
}

macro_rules! encode_signed {
    ($($ty:ty: $hint:expr),*) => {$(
        impl Encode for $ty {
            #[inline]
            fn encode<W: Writer>(&self, w: &mut W) {
                w.write_i64(*self as i64);
            }
            #[inline]
            fn size_hint(&self) -> usize {
                $hint
            }
        }
        impl EncodeKey for $ty {
            #[inline]
            fn encode_key<W: Writer>(&self, w: &mut W) {
                w.write_quoted_i128(*self as i128);
            }
        }
    )*};
}

// Integer hints are constants, the longest value of the narrow types and a typical id for the
// wide ones: a constant lets the compiler add up a collection's hints without looking at the
// elements (measuring each 64-bit integer instead costs a tenth of encoding citm_catalog.json).
encode_unsigned!(u8: 3, u16: 5, u32: 10, u64: 12, usize: 12);
encode_signed!(i8: 4, i16: 6, i32: 11, i64: 12, isize: 12);

impl Encode for u128 {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        w.write_u128(*self);
    }
}

impl EncodeKey for u128 {
    #[inline]
    fn encode_key<W: Writer>(&self, w: &mut W) {
        w.write_quoted_u128(*self);
    }
}

impl Encode for i128 {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        w.write_i128(*self);
    }
}

impl EncodeKey for i128 {
    #[inline]
    fn encode_key<W: Writer>(&self, w: &mut W) {
        w.write_quoted_i128(*self);
    }
}

macro_rules! encode_nonzero {
    ($($ty:ty),*) => {$(
        impl Encode for $ty {
            #[inline]
            fn encode<W: Writer>(&self, w: &mut W) {
                self.get().encode(w);
            }
        }
        impl EncodeKey for $ty {
            #[inline]
            fn encode_key<W: Writer>(&self, w: &mut W) {
                self.get().encode_key(w);
            }
        }
    )*};
}

encode_nonzero!(
    NonZeroU8,
    NonZeroU16,
    NonZeroU32,
    NonZeroU64,
    NonZeroU128,
    NonZeroUsize,
    NonZeroI8,
    NonZeroI16,
    NonZeroI32,
    NonZeroI64,
    NonZeroI128,
    NonZeroIsize
);

impl Encode for f64 {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        w.write_f64(*self);
    }
    #[inline]
    fn size_hint(&self) -> usize {
        f64_len_hint(*self)
    }
}

impl Encode for f32 {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        w.write_f32(*self);
    }
    #[inline]
    fn size_hint(&self) -> usize {
        f32_len_hint(*self)
    }
}

impl Encode for bool {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        w.write_bool(*self);
    }
    #[inline]
    fn size_hint(&self) -> usize {
        5
    }
}

impl EncodeKey for bool {
    #[inline]
    fn encode_key<W: Writer>(&self, w: &mut W) {
        w.write_fragment(if *self { "\"true\"" } else { "\"false\"" });
    }
}

impl Encode for char {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        w.write_str(self.encode_utf8(&mut [0; 4]));
    }
    #[inline]
    fn size_hint(&self) -> usize {
        3 + self.len_utf8()
    }
}

impl EncodeKey for char {
    #[inline]
    fn encode_key<W: Writer>(&self, w: &mut W) {
        self.encode(w);
    }
}

impl Encode for str {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        w.write_str(self);
    }
    #[inline]
    fn size_hint(&self) -> usize {
        self.len() + 2
    }
}

impl EncodeKey for str {
    #[inline]
    fn encode_key<W: Writer>(&self, w: &mut W) {
        w.write_str(self);
    }
    #[inline]
    fn key_size_hint(&self) -> usize {
        self.len() + 2
    }
}

impl Encode for String {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        w.write_str(self);
    }
    #[inline]
    fn size_hint(&self) -> usize {
        self.len() + 2
    }
}

impl EncodeKey for String {
    #[inline]
    fn encode_key<W: Writer>(&self, w: &mut W) {
        w.write_str(self);
    }
    #[inline]
    fn key_size_hint(&self) -> usize {
        self.len() + 2
    }
}

impl Encode for () {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        w.write_null();
    }
}

impl<T: ?Sized> Encode for PhantomData<T> {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        w.write_null();
    }
}

impl<T: Encode> Encode for Option<T> {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        match self {
            Some(value) => value.encode(w),
            None => w.write_null(),
        }
    }
    #[inline]
    fn size_hint(&self) -> usize {
        match self {
            Some(value) => value.size_hint(),
            None => 4,
        }
    }
}

/// Forwards to the pointee, for the smart pointers and references serde treats as transparent.
macro_rules! encode_deref {
    ($(impl<$($lt:lifetime,)? T> for $ty:ty;)*) => {$(
        impl<$($lt,)? T: ?Sized + Encode> Encode for $ty {
            #[inline]
            fn encode<W: Writer>(&self, w: &mut W) {
                (**self).encode(w);
            }
            #[inline]
            fn size_hint(&self) -> usize {
                (**self).size_hint()
            }
        }
        impl<$($lt,)? T: ?Sized + EncodeKey> EncodeKey for $ty {
            #[inline]
            fn encode_key<W: Writer>(&self, w: &mut W) {
                (**self).encode_key(w);
            }
            #[inline]
            fn key_size_hint(&self) -> usize {
                (**self).key_size_hint()
            }
        }
    )*};
}

encode_deref! {
    impl<'a, T> for &'a T;
    impl<'a, T> for &'a mut T;
    impl<T> for Box<T>;
    impl<T> for Rc<T>;
    impl<T> for Arc<T>;
}

impl<T: ?Sized + ToOwned + Encode> Encode for Cow<'_, T> {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        (**self).encode(w);
    }
    #[inline]
    fn size_hint(&self) -> usize {
        (**self).size_hint()
    }
}

impl<T: ?Sized + ToOwned + EncodeKey> EncodeKey for Cow<'_, T> {
    #[inline]
    fn encode_key<W: Writer>(&self, w: &mut W) {
        (**self).encode_key(w);
    }
    #[inline]
    fn key_size_hint(&self) -> usize {
        (**self).key_size_hint()
    }
}

impl<T: Encode> Encode for Wrapping<T> {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        self.0.encode(w);
    }
}

impl<T: Encode> Encode for Reverse<T> {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        self.0.encode(w);
    }
}

impl<T: Encode + Copy> Encode for Cell<T> {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        self.get().encode(w);
    }
}

impl<T: Encode> Encode for [T] {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        encode_seq(w, self);
    }
    #[inline]
    fn size_hint(&self) -> usize {
        slice_hint(self)
    }
}

impl<T: Encode, const N: usize> Encode for [T; N] {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        encode_seq(w, self);
    }
    #[inline]
    fn size_hint(&self) -> usize {
        slice_hint(self)
    }
}

impl<T: Encode> Encode for Vec<T> {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        encode_seq(w, self);
    }
    #[inline]
    fn size_hint(&self) -> usize {
        slice_hint(self)
    }
}

impl<T: Encode> Encode for VecDeque<T> {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        encode_seq(w, self);
    }
    #[inline]
    fn size_hint(&self) -> usize {
        sequence_hint(self.len(), self.iter())
    }
}

impl<T: Encode> Encode for BTreeSet<T> {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        encode_seq(w, self);
    }
    #[inline]
    fn size_hint(&self) -> usize {
        sequence_hint(self.len(), self.iter())
    }
}

impl<T: Encode, S: BuildHasher> Encode for HashSet<T, S> {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        encode_seq(w, self);
    }
    #[inline]
    fn size_hint(&self) -> usize {
        sequence_hint(self.len(), self.iter())
    }
}

impl<K: EncodeKey, V: Encode> Encode for BTreeMap<K, V> {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        encode_map(w, self);
    }
    #[inline]
    fn size_hint(&self) -> usize {
        map_hint(self.len(), self.iter())
    }
}

impl<K: EncodeKey, V: Encode, S: BuildHasher> Encode for HashMap<K, V, S> {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        encode_map(w, self);
    }
    #[inline]
    fn size_hint(&self) -> usize {
        map_hint(self.len(), self.iter())
    }
}

macro_rules! encode_tuple {
    ($(($($name:ident . $idx:tt),+))*) => {$(
        impl<$($name: Encode),+> Encode for ($($name,)+) {
            #[inline]
            fn encode<W: Writer>(&self, w: &mut W) {
                w.begin_array();
                let mut first = true;
                $(
                    w.array_value(first);
                    self.$idx.encode(w);
                    first = false;
                )+
                w.end_array(!first);
            }
            #[inline]
            fn size_hint(&self) -> usize {
                2 $(+ self.$idx.size_hint() + 1)+
            }
        }
    )*};
}

encode_tuple! {
    (T0.0)
    (T0.0, T1.1)
    (T0.0, T1.1, T2.2)
    (T0.0, T1.1, T2.2, T3.3)
    (T0.0, T1.1, T2.2, T3.3, T4.4)
    (T0.0, T1.1, T2.2, T3.3, T4.4, T5.5)
    (T0.0, T1.1, T2.2, T3.3, T4.4, T5.5, T6.6)
    (T0.0, T1.1, T2.2, T3.3, T4.4, T5.5, T6.6, T7.7)
    (T0.0, T1.1, T2.2, T3.3, T4.4, T5.5, T6.6, T7.7, T8.8)
    (T0.0, T1.1, T2.2, T3.3, T4.4, T5.5, T6.6, T7.7, T8.8, T9.9)
    (T0.0, T1.1, T2.2, T3.3, T4.4, T5.5, T6.6, T7.7, T8.8, T9.9, T10.10)
    (T0.0, T1.1, T2.2, T3.3, T4.4, T5.5, T6.6, T7.7, T8.8, T9.9, T10.10, T11.11)
    (T0.0, T1.1, T2.2, T3.3, T4.4, T5.5, T6.6, T7.7, T8.8, T9.9, T10.10, T11.11, T12.12)
    (T0.0, T1.1, T2.2, T3.3, T4.4, T5.5, T6.6, T7.7, T8.8, T9.9, T10.10, T11.11, T12.12, T13.13)
    (T0.0, T1.1, T2.2, T3.3, T4.4, T5.5, T6.6, T7.7, T8.8, T9.9, T10.10, T11.11, T12.12, T13.13, T14.14)
    (T0.0, T1.1, T2.2, T3.3, T4.4, T5.5, T6.6, T7.7, T8.8, T9.9, T10.10, T11.11, T12.12, T13.13, T14.14, T15.15)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The float hints: at least the written length; for whole numbers below their bound
    /// (written with `.0`) from the integer's digits, within one byte; the fixed estimate
    /// elsewhere (fractions, large values, NaN and the infinities).
    #[test]
    fn float_hints() {
        for f in [
            0.0,
            1.0,
            -1.0,
            7.0,
            10.0,
            -99.0,
            12_345.0,
            1e14,
            -1e14,
            999_999_999_999_999.0,
        ] {
            let len = crate::json::to_string(&f).len();
            assert!((len..=len + 1).contains(&f64_len_hint(f)), "{f}");
        }
        for f in [
            0.5,
            -1.25,
            1e15,
            -1e15,
            1e300,
            f64::MIN_POSITIVE,
            f64::NAN,
            f64::INFINITY,
        ] {
            assert_eq!(f64_len_hint(f), 20, "{f}");
        }
        for f in [0.0f32, 1.0, -3.0, 9_999_999.0, -9_999_999.0] {
            let len = crate::json::to_string(&f).len();
            assert!((len..=len + 1).contains(&f32_len_hint(f)), "{f}");
        }
        for f in [0.5f32, 1e7, -1e7, f32::NAN, f32::NEG_INFINITY] {
            assert_eq!(f32_len_hint(f), 13, "{f}");
        }
    }
}
