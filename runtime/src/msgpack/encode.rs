//! The [`Encode`] trait and its implementations for std types, each writing what rmp-serde
//! writes for the same type (`rmp_serde::to_vec_named` and `rmp_serde::to_vec` agree on all of
//! them: they differ only for structs, which the derive writes).
//!
//! Types whose encoding has a known largest size (numbers, booleans, fixed-size arrays and
//! tuples of them, derived structs of such fields) say so in [`Encode::MAX_SIZE`]; they are
//! then written through one reserved [`Slot`] with a single capacity check, and sequences of
//! them in runs of many elements per check.

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

use super::writer::Slot;
use super::Writer;

/// A type that can be written as MessagePack.
///
/// Usually derived with `#[derive(fastwire::Encode)]`, which reads the type's `#[serde(...)]`
/// attributes and writes a specialised encoder; implemented here for the std types serde
/// supports, with rmp-serde's output.
///
/// Encoding returns nothing: an impl that meets a value it cannot encode records why with
/// [`Writer::fail`] and carries on, and the `try_*` functions report it (the other entry
/// points panic or return an `io::Error`). fastwire's own impls fail only where serde's do (a
/// `Path` that is not UTF-8); the serde bridge fails where the `Serialize` impl or rmp-serde
/// does. Lengths above `u32::MAX`, which MessagePack cannot say, panic.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be encoded as MessagePack by fastwire",
    label = "`{Self}` does not implement `fastwire::msgpack::Encode`",
    note = "derive it with `#[derive(fastwire::Encode)]`, implement `fastwire::msgpack::Encode` by hand, or leave the field out with `#[serde(skip_serializing)]`",
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

    /// The most bytes any value of this type encodes to, if there is such a bound. A type
    /// that gives one must implement [`Encode::encode_bounded`] to match.
    #[doc(hidden)]
    const MAX_SIZE: Option<usize> = None;

    /// Writes `self` into a slot with room for [`Encode::MAX_SIZE`] bytes. Called only for
    /// types that give a bound.
    #[doc(hidden)]
    #[inline]
    fn encode_bounded(&self, slot: &mut Slot<'_>) {
        let _ = slot;
        not_bounded(std::any::type_name::<Self>())
    }

    /// Writes `prefix` (pre-encoded bytes, such as a struct's key for this field) and then
    /// `self`, with one capacity check for both where the size allows.
    #[doc(hidden)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn encode_after<W: Writer>(&self, prefix: &[u8], w: &mut W) {
        match Self::MAX_SIZE {
            Some(max) if max <= BOUNDED_LIMIT => w.write_bounded(prefix.len() + max, |slot| {
                slot.put(prefix);
                self.encode_bounded(slot);
            }),
            _ => {
                w.write_raw(prefix);
                self.encode(w);
            }
        }
    }
}

/// Bounded values up to this size are written through one reserved slot; larger bounds are
/// not worth reserving at once (a streaming writer's buffer is 64 KiB).
#[doc(hidden)]
pub const BOUNDED_LIMIT: usize = 1024;

#[cold]
#[inline(never)]
fn not_bounded(type_name: &str) -> ! {
    panic!("`{type_name}` has no size bound: `encode_bounded` must not be called for it")
}

/// `fixed` bytes plus the bound of every part, or `None` if a part has none (used by derived
/// impls for `MAX_SIZE`).
#[doc(hidden)]
pub const fn sum_bounds(fixed: usize, parts: &[Option<usize>]) -> Option<usize> {
    let mut total = fixed;
    let mut i = 0;
    while i < parts.len() {
        match parts[i] {
            Some(part) => match total.checked_add(part) {
                Some(sum) => total = sum,
                None => return None,
            },
            None => return None,
        }
        i += 1;
    }
    Some(total)
}

/// The largest of the bounds, or `None` if one is missing (used by derived enums).
#[doc(hidden)]
pub const fn max_bounds(parts: &[Option<usize>]) -> Option<usize> {
    let mut largest = 0;
    let mut i = 0;
    while i < parts.len() {
        match parts[i] {
            Some(part) if part > largest => largest = part,
            Some(_) => {}
            None => return None,
        }
        i += 1;
    }
    Some(largest)
}

/// `count` copies of `bound` after a header of at most five bytes.
const fn repeat_bound(bound: Option<usize>, count: usize) -> Option<usize> {
    match bound {
        Some(each) => match each.checked_mul(count) {
            Some(all) => all.checked_add(5),
            None => None,
        },
        None => None,
    }
}

/// Size hint of an array of `items`: a header, and the elements (at their bound, when they
/// have one, which costs nothing to add up).
#[inline]
pub(crate) fn slice_hint<T: Encode>(items: &[T]) -> usize {
    match T::MAX_SIZE {
        Some(each) => 5 + each.saturating_mul(items.len()),
        None => 5 + crate::buf::slice_hint(items, T::size_hint),
    }
}

/// Size hint of an array of the `len` elements `items` yields.
#[inline]
pub(crate) fn sequence_hint<'a, T: Encode + 'a>(
    len: usize,
    items: impl Iterator<Item = &'a T>,
) -> usize {
    5 + crate::buf::iter_hint(len, items, |item| item.size_hint())
}

/// Size hint of a map of the `len` entries `entries` yields.
#[inline]
pub(crate) fn map_hint<'a, K: Encode + 'a, V: Encode + 'a>(
    len: usize,
    entries: impl Iterator<Item = (&'a K, &'a V)>,
) -> usize {
    5 + crate::buf::iter_hint(len, entries, |(k, v)| k.size_hint() + v.size_hint())
}

/// How many elements of bounded size `each` one slot takes when a sequence is written in runs.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
const fn run_length(each: usize) -> usize {
    let run = 4096 / if each == 0 { 1 } else { each };
    if run == 0 {
        1
    } else {
        run
    }
}

/// Writes the elements `items` yields (their header already written). Elements of bounded
/// size are written in runs, one capacity check per run.
#[inline]
pub(crate) fn encode_elements<'a, W: Writer, T: Encode + 'a>(
    w: &mut W,
    items: impl IntoIterator<Item = &'a T>,
) {
    let mut items = items.into_iter();
    match T::MAX_SIZE {
        Some(each) if each <= BOUNDED_LIMIT => {
            let run = run_length(each);
            loop {
                let mut wrote = 0;
                w.write_bounded(run * each, |slot| {
                    for item in items.by_ref().take(run) {
                        item.encode_bounded(slot);
                        wrote += 1;
                    }
                });
                if wrote < run {
                    break;
                }
            }
        }
        _ => {
            for item in items {
                item.encode(w);
            }
        }
    }
}

/// Writes the elements of a slice (their header already written), in runs of bounded
/// elements.
#[inline]
pub(crate) fn encode_slice<W: Writer, T: Encode>(w: &mut W, items: &[T]) {
    match T::MAX_SIZE {
        Some(each) if each <= BOUNDED_LIMIT => {
            for run in items.chunks(run_length(each)) {
                w.write_bounded(run.len() * each, |slot| {
                    for item in run {
                        item.encode_bounded(slot);
                    }
                });
            }
        }
        _ => {
            for item in items {
                item.encode(w);
            }
        }
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

/// The impl of a type with a bounded encoding: `$max` bytes at most, written by `$put`.
macro_rules! encode_bounded_as {
    ($ty:ty, $max:expr, $hint:expr, |$this:ident, $slot:ident| $put:expr) => {
        impl Encode for $ty {
            #[inline]
            fn encode<W: Writer>(&self, w: &mut W) {
                w.write_bounded($max, |slot| self.encode_bounded(slot));
            }
            #[inline]
            fn size_hint(&self) -> usize {
                $hint
            }
            const MAX_SIZE: Option<usize> = Some($max);
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn encode_bounded(&self, $slot: &mut Slot<'_>) {
                let $this = self;
                $put
            }
        }
    };
}

macro_rules! encode_integer {
    ($($ty:ty => $put:ident as $wide:ty),*) => {$(
        encode_bounded_as!($ty, 9, 3, |this, slot| slot.$put(*this as $wide));
    )*};
}

encode_integer!(
    u8 => put_u64 as u64,
    u16 => put_u64 as u64,
    u32 => put_u64 as u64,
    u64 => put_u64 as u64,
    usize => put_u64 as u64,
    i8 => put_i64 as i64,
    i16 => put_i64 as i64,
    i32 => put_i64 as i64,
    i64 => put_i64 as i64,
    isize => put_i64 as i64
);

// rmp-serde writes 128-bit integers as a 16-byte `bin`, big-endian (two's complement for
// `i128`), whatever their value.
encode_bounded_as!(u128, 18, 18, |this, slot| {
    slot.put(&[0xc4, 16]);
    slot.put(&this.to_be_bytes());
});
encode_bounded_as!(i128, 18, 18, |this, slot| {
    slot.put(&[0xc4, 16]);
    slot.put(&this.to_be_bytes());
});

macro_rules! encode_nonzero {
    ($($ty:ty),*) => {$(
        encode_bounded_as!($ty, 18, 3, |this, slot| this.get().encode_bounded(slot));
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

encode_bounded_as!(f64, 9, 9, |this, slot| slot.put_f64(*this));
encode_bounded_as!(f32, 5, 5, |this, slot| slot.put_f32(*this));
encode_bounded_as!(bool, 1, 1, |this, slot| slot.put_bool(*this));
// A one-character string: a `fixstr` header and up to four bytes.
encode_bounded_as!(char, 5, 5, |this, slot| slot
    .put_str(this.encode_utf8(&mut [0; 4])));
// `nil`.
encode_bounded_as!((), 1, 1, |_this, slot| slot.put_nil());

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
    const MAX_SIZE: Option<usize> = Some(1);
    #[inline]
    fn encode_bounded(&self, slot: &mut Slot<'_>) {
        slot.put(&[0x90]);
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
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn encode_after<W: Writer>(&self, prefix: &[u8], w: &mut W) {
        w.write_str_after(prefix, self);
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
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn encode_after<W: Writer>(&self, prefix: &[u8], w: &mut W) {
        w.write_str_after(prefix, self);
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
    const MAX_SIZE: Option<usize> = max_bounds(&[T::MAX_SIZE, Some(1)]);
    #[inline]
    fn encode_bounded(&self, slot: &mut Slot<'_>) {
        match self {
            Some(value) => value.encode_bounded(slot),
            None => slot.put_nil(),
        }
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn encode_after<W: Writer>(&self, prefix: &[u8], w: &mut W) {
        match self {
            Some(value) => value.encode_after(prefix, w),
            None => w.write_bounded(prefix.len() + 1, |slot| {
                slot.put(prefix);
                slot.put_nil();
            }),
        }
    }
}

/// Forwards to the pointee, for the smart pointers and references serde treats as transparent.
///
/// They give no size bound of their own, even over a bounded pointee: a pointer is how a type
/// refers to itself (`next: Option<Box<List>>`), and a bound taken from the pointee would make
/// such a type's bound depend on itself.
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
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn encode_after<W: Writer>(&self, prefix: &[u8], w: &mut W) {
                (**self).encode_after(prefix, w);
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
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn encode_after<W: Writer>(&self, prefix: &[u8], w: &mut W) {
        (**self).encode_after(prefix, w);
    }
}

/// Forwards to the value inside, for the wrappers serde writes as their content.
macro_rules! encode_wrapper {
    ($(impl<T $(: $extra:ident)?> for $ty:ty => |$this:ident| $inner:expr;)*) => {$(
        impl<T: Encode $(+ $extra)?> Encode for $ty {
            #[inline]
            fn encode<W: Writer>(&self, w: &mut W) {
                let $this = self;
                $inner.encode(w);
            }
            #[inline]
            fn size_hint(&self) -> usize {
                let $this = self;
                $inner.size_hint()
            }
            const MAX_SIZE: Option<usize> = T::MAX_SIZE;
            #[inline]
            fn encode_bounded(&self, slot: &mut Slot<'_>) {
                let $this = self;
                $inner.encode_bounded(slot);
            }
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn encode_after<W: Writer>(&self, prefix: &[u8], w: &mut W) {
                let $this = self;
                $inner.encode_after(prefix, w);
            }
        }
    )*};
}

encode_wrapper! {
    impl<T> for Wrapping<T> => |this| this.0;
    impl<T> for Reverse<T> => |this| this.0;
    impl<T: Copy> for Cell<T> => |this| this.get();
}

/// An array of the elements (serde writes byte slices and `Vec<u8>` as arrays of integers
/// too; a `bin` takes `#[serde(with = "serde_bytes")]`-style opt-in).
impl<T: Encode> Encode for [T] {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        w.write_array_len(self.len());
        encode_slice(w, self);
    }
    #[inline]
    fn size_hint(&self) -> usize {
        slice_hint(self)
    }
}

impl<T: Encode> Encode for Vec<T> {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        w.write_array_len(self.len());
        encode_slice(w, self);
    }
    #[inline]
    fn size_hint(&self) -> usize {
        slice_hint(self)
    }
}

/// A fixed-size array is bounded when its elements are: written whole through one slot when
/// small enough.
impl<T: Encode, const N: usize> Encode for [T; N] {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        match Self::MAX_SIZE {
            Some(max) if max <= BOUNDED_LIMIT => {
                w.write_bounded(max, |slot| self.encode_bounded(slot))
            }
            _ => {
                w.write_array_len(N);
                encode_slice(w, self);
            }
        }
    }
    #[inline]
    fn size_hint(&self) -> usize {
        slice_hint(self)
    }
    const MAX_SIZE: Option<usize> = repeat_bound(T::MAX_SIZE, N);
    #[inline]
    fn encode_bounded(&self, slot: &mut Slot<'_>) {
        slot.put_array_len(N);
        for item in self {
            item.encode_bounded(slot);
        }
    }
}

macro_rules! encode_sequence {
    ($($ty:ident<T $(, $param:ident: $bound:path)?>),*) => {$(
        impl<T: Encode $(, $param: $bound)?> Encode for $ty<T $(, $param)?> {
            #[inline]
            fn encode<W: Writer>(&self, w: &mut W) {
                w.write_array_len(self.len());
                encode_elements(w, self);
            }
            #[inline]
            fn size_hint(&self) -> usize {
                sequence_hint(self.len(), self.iter())
            }
        }
    )*};
}

encode_sequence!(VecDeque<T>, BTreeSet<T>, HashSet<T, S: BuildHasher>);

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
                match Self::MAX_SIZE {
                    Some(max) if max <= BOUNDED_LIMIT => {
                        w.write_bounded(max, |slot| self.encode_bounded(slot))
                    }
                    _ => {
                        w.write_array_len($len);
                        $(self.$idx.encode(w);)+
                    }
                }
            }
            #[inline]
            fn size_hint(&self) -> usize {
                1 $(+ self.$idx.size_hint())+
            }
            const MAX_SIZE: Option<usize> = sum_bounds(1, &[$($name::MAX_SIZE),+]);
            #[inline]
            fn encode_bounded(&self, slot: &mut Slot<'_>) {
                slot.put_array_len($len);
                $(self.$idx.encode_bounded(slot);)+
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_add_up() {
        assert_eq!(sum_bounds(2, &[Some(9), Some(1)]), Some(12));
        assert_eq!(sum_bounds(2, &[Some(9), None]), None);
        assert_eq!(sum_bounds(usize::MAX, &[Some(1)]), None);
        assert_eq!(max_bounds(&[Some(3), Some(9), Some(1)]), Some(9));
        assert_eq!(max_bounds(&[Some(3), None]), None);
        assert_eq!(<[f64; 2]>::MAX_SIZE, Some(23));
        assert_eq!(<Option<u32>>::MAX_SIZE, Some(9));
        assert_eq!(<(u8, bool)>::MAX_SIZE, Some(11));
        assert_eq!(<Option<String>>::MAX_SIZE, None);
        assert_eq!(<Box<i64>>::MAX_SIZE, None);
    }

    #[test]
    fn runs_of_bounded_elements_equal_one_by_one() {
        // Enough elements for several runs, of every integer width.
        let values: Vec<i64> = (0..if cfg!(miri) { 2_000 } else { 20_000 })
            .map(|i: i64| ((i * 7919 % 65_537) * if i % 3 == 0 { -1 } else { 1 }) << (i % 40))
            .collect();
        let mut one_by_one = Vec::new();
        {
            let mut w = super::super::writer::VecWriter::new(&mut one_by_one);
            w.write_array_len(values.len());
            for value in &values {
                w.write_i64(*value);
            }
        }
        assert_eq!(super::super::to_vec(&values), one_by_one);
        let deque: VecDeque<i64> = values.iter().copied().collect();
        assert_eq!(super::super::to_vec(&deque), one_by_one);
    }
}
