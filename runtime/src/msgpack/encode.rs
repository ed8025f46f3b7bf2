//! The [`Encode`] trait and its implementations for std types, each writing what rmp-serde
//! writes for the same type (`rmp_serde::to_vec_named` and `rmp_serde::to_vec` agree on all of
//! them: they differ only for structs, which the derive writes).

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

/// A type that can be written as MessagePack.
///
/// Usually derived with `#[derive(fastwire::Encode)]`, which reads the type's `#[serde(...)]`
/// attributes and writes a specialised encoder; implemented here for the std types serde
/// supports, with rmp-serde's output.
///
/// Encoding cannot fail: every value of an implementing type has a MessagePack form (lengths
/// above `u32::MAX`, which MessagePack cannot say, panic).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be encoded as MessagePack by fastwire",
    label = "`{Self}` does not implement `fastwire::msgpack::Encode`",
    note = "derive it with `#[derive(fastwire::Encode)]`, implement `fastwire::msgpack::Encode` by hand, or leave the field out with `#[serde(skip_serializing)]`"
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

/// How many elements a collection looks at to extrapolate its size hint.
const HINT_SAMPLE: usize = 4;

/// Size hint of a sequence of `len` elements: the average of the first few, times `len`.
#[inline]
pub(crate) fn sequence_hint<'a, T: Encode + 'a>(
    len: usize,
    items: impl Iterator<Item = &'a T>,
) -> usize {
    let (sampled, total) = items
        .take(HINT_SAMPLE)
        .fold((0usize, 0usize), |(n, sum), item| {
            (n + 1, sum + item.size_hint())
        });
    5 + total.checked_div(sampled).unwrap_or(0) * len
}

#[inline]
pub(crate) fn map_hint<'a, K: Encode + 'a, V: Encode + 'a>(
    len: usize,
    entries: impl Iterator<Item = (&'a K, &'a V)>,
) -> usize {
    let (sampled, total) = entries
        .take(HINT_SAMPLE)
        .fold((0usize, 0usize), |(n, sum), (k, v)| {
            (n + 1, sum + k.size_hint() + v.size_hint())
        });
    5 + total.checked_div(sampled).unwrap_or(0) * len
}

/// Writes an array of `len` elements from an iterator yielding exactly that many.
#[inline]
pub(crate) fn encode_seq<'a, W: Writer, T: Encode + 'a>(
    w: &mut W,
    len: usize,
    items: impl IntoIterator<Item = &'a T>,
) {
    w.write_array_len(len);
    for item in items {
        item.encode(w);
    }
}

/// Writes a map of `len` entries from an iterator yielding exactly that many.
#[inline]
pub(crate) fn encode_map<'a, W: Writer, K: Encode + 'a, V: Encode + 'a>(
    w: &mut W,
    len: usize,
    entries: impl IntoIterator<Item = (&'a K, &'a V)>,
) {
    w.write_map_len(len);
    for (key, value) in entries {
        key.encode(w);
        value.encode(w);
    }
}

macro_rules! encode_unsigned {
    ($($ty:ty),*) => {$(
        impl Encode for $ty {
            #[inline]
            fn encode<W: Writer>(&self, w: &mut W) {
                w.write_u64(*self as u64);
            }
            #[inline]
            fn size_hint(&self) -> usize {
                3
            }
        }
    )*};
}

macro_rules! encode_signed {
    ($($ty:ty),*) => {$(
        impl Encode for $ty {
            #[inline]
            fn encode<W: Writer>(&self, w: &mut W) {
                w.write_i64(*self as i64);
            }
            #[inline]
            fn size_hint(&self) -> usize {
                3
            }
        }
    )*};
}

encode_unsigned!(u8, u16, u32, u64, usize);
encode_signed!(i8, i16, i32, i64, isize);

/// rmp-serde writes 128-bit integers as a 16-byte `bin`, big-endian (two's complement for
/// `i128`), whatever their value.
impl Encode for u128 {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        w.write_bin(&self.to_be_bytes());
    }
    #[inline]
    fn size_hint(&self) -> usize {
        18
    }
}

/// See [`u128`'s implementation](#impl-Encode-for-u128).
impl Encode for i128 {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        w.write_bin(&self.to_be_bytes());
    }
    #[inline]
    fn size_hint(&self) -> usize {
        18
    }
}

macro_rules! encode_nonzero {
    ($($ty:ty),*) => {$(
        impl Encode for $ty {
            #[inline]
            fn encode<W: Writer>(&self, w: &mut W) {
                self.get().encode(w);
            }
            #[inline]
            fn size_hint(&self) -> usize {
                self.get().size_hint()
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
        9
    }
}

impl Encode for f32 {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        w.write_f32(*self);
    }
    #[inline]
    fn size_hint(&self) -> usize {
        5
    }
}

impl Encode for bool {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        w.write_bool(*self);
    }
    #[inline]
    fn size_hint(&self) -> usize {
        1
    }
}

/// A one-character string.
impl Encode for char {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        w.write_str(self.encode_utf8(&mut [0; 4]));
    }
    #[inline]
    fn size_hint(&self) -> usize {
        1 + self.len_utf8()
    }
}

impl Encode for str {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        w.write_str(self);
    }
    #[inline]
    fn size_hint(&self) -> usize {
        self.len() + 3
    }
}

impl Encode for String {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        w.write_str(self);
    }
    #[inline]
    fn size_hint(&self) -> usize {
        self.len() + 3
    }
}

/// `nil`.
impl Encode for () {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        w.write_nil();
    }
    #[inline]
    fn size_hint(&self) -> usize {
        1
    }
}

/// An empty array: serde writes `PhantomData` as a unit struct, which rmp-serde writes as `[]`.
impl<T: ?Sized> Encode for PhantomData<T> {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        w.write_raw(&[0x90]);
    }
    #[inline]
    fn size_hint(&self) -> usize {
        1
    }
}

/// `nil` for `None`, the value itself for `Some`.
impl<T: Encode> Encode for Option<T> {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        match self {
            Some(value) => value.encode(w),
            None => w.write_nil(),
        }
    }
    #[inline]
    fn size_hint(&self) -> usize {
        match self {
            Some(value) => value.size_hint(),
            None => 1,
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

/// An array of the elements (serde writes byte slices and `Vec<u8>` as arrays of integers
/// too; a `bin` takes `#[serde(with = "serde_bytes")]`-style opt-in).
impl<T: Encode> Encode for [T] {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        encode_seq(w, self.len(), self);
    }
    #[inline]
    fn size_hint(&self) -> usize {
        sequence_hint(self.len(), self.iter())
    }
}

impl<T: Encode, const N: usize> Encode for [T; N] {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        encode_seq(w, N, self);
    }
    #[inline]
    fn size_hint(&self) -> usize {
        sequence_hint(N, self.iter())
    }
}

macro_rules! encode_sequence {
    ($($ty:ident<T $(, $param:ident: $bound:path)?>),*) => {$(
        impl<T: Encode $(, $param: $bound)?> Encode for $ty<T $(, $param)?> {
            #[inline]
            fn encode<W: Writer>(&self, w: &mut W) {
                encode_seq(w, self.len(), self);
            }
            #[inline]
            fn size_hint(&self) -> usize {
                sequence_hint(self.len(), self.iter())
            }
        }
    )*};
}

encode_sequence!(Vec<T>, VecDeque<T>, BTreeSet<T>, HashSet<T, S: BuildHasher>);

/// A map whose keys are written as values of their own type (MessagePack keys need not be
/// strings: an integer key stays an integer).
impl<K: Encode, V: Encode> Encode for BTreeMap<K, V> {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        encode_map(w, self.len(), self);
    }
    #[inline]
    fn size_hint(&self) -> usize {
        map_hint(self.len(), self.iter())
    }
}

/// See [`BTreeMap`'s implementation](#impl-Encode-for-BTreeMap<K,+V>).
impl<K: Encode, V: Encode, S: BuildHasher> Encode for HashMap<K, V, S> {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        encode_map(w, self.len(), self);
    }
    #[inline]
    fn size_hint(&self) -> usize {
        map_hint(self.len(), self.iter())
    }
}

macro_rules! encode_tuple {
    ($($len:literal => ($($name:ident . $idx:tt),+))*) => {$(
        impl<$($name: Encode),+> Encode for ($($name,)+) {
            #[inline]
            fn encode<W: Writer>(&self, w: &mut W) {
                w.write_array_len($len);
                $(self.$idx.encode(w);)+
            }
            #[inline]
            fn size_hint(&self) -> usize {
                1 $(+ self.$idx.size_hint())+
            }
        }
    )*};
}

encode_tuple! {
    1 => (T0.0)
    2 => (T0.0, T1.1)
    3 => (T0.0, T1.1, T2.2)
    4 => (T0.0, T1.1, T2.2, T3.3)
    5 => (T0.0, T1.1, T2.2, T3.3, T4.4)
    6 => (T0.0, T1.1, T2.2, T3.3, T4.4, T5.5)
    7 => (T0.0, T1.1, T2.2, T3.3, T4.4, T5.5, T6.6)
    8 => (T0.0, T1.1, T2.2, T3.3, T4.4, T5.5, T6.6, T7.7)
    9 => (T0.0, T1.1, T2.2, T3.3, T4.4, T5.5, T6.6, T7.7, T8.8)
    10 => (T0.0, T1.1, T2.2, T3.3, T4.4, T5.5, T6.6, T7.7, T8.8, T9.9)
    11 => (T0.0, T1.1, T2.2, T3.3, T4.4, T5.5, T6.6, T7.7, T8.8, T9.9, T10.10)
    12 => (T0.0, T1.1, T2.2, T3.3, T4.4, T5.5, T6.6, T7.7, T8.8, T9.9, T10.10, T11.11)
    13 => (T0.0, T1.1, T2.2, T3.3, T4.4, T5.5, T6.6, T7.7, T8.8, T9.9, T10.10, T11.11, T12.12)
    14 => (T0.0, T1.1, T2.2, T3.3, T4.4, T5.5, T6.6, T7.7, T8.8, T9.9, T10.10, T11.11, T12.12, T13.13)
    15 => (T0.0, T1.1, T2.2, T3.3, T4.4, T5.5, T6.6, T7.7, T8.8, T9.9, T10.10, T11.11, T12.12, T13.13, T14.14)
    16 => (T0.0, T1.1, T2.2, T3.3, T4.4, T5.5, T6.6, T7.7, T8.8, T9.9, T10.10, T11.11, T12.12, T13.13, T14.14, T15.15)
}
