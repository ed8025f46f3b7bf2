//! The [`Decode`] and [`DecodeOwned`] traits and their implementations for std types,
//! accepting what rmp-serde accepts for the same type.

use std::borrow::Cow;
use std::cell::Cell;
use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::hash::{BuildHasher, Hash};
use std::marker::PhantomData;
use std::num::{
    NonZeroI128, NonZeroI16, NonZeroI32, NonZeroI64, NonZeroI8, NonZeroIsize, NonZeroU128,
    NonZeroU16, NonZeroU32, NonZeroU64, NonZeroU8, NonZeroUsize, Wrapping,
};
use std::rc::Rc;
use std::sync::Arc;

use super::reader::{Int, Reader, SeqForm, Wide};
use super::Error;
use crate::fill::Fill;

/// A type that can be read from MessagePack.
///
/// Usually derived with `#[derive(fastwire::Decode)]`, which reads the type's `#[serde(...)]`
/// attributes; implemented here for the std types serde supports, accepting what rmp-serde
/// accepts for them. `'de` is the lifetime of the input, which borrowed fields (`&'de str`,
/// `&'de [u8]`) point into.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be decoded from MessagePack by fastwire",
    label = "`{Self}` does not implement `fastwire::msgpack::Decode`",
    note = "derive it with `#[derive(fastwire::Decode)]`, implement `fastwire::msgpack::Decode` by hand, or leave the field out with `#[serde(skip_deserializing)]`",
    note = "if it implements serde's traits, enable fastwire's `serde` feature or add `#[wire(serde)]` to the field"
)]
pub trait Decode<'de>: Sized {
    /// Reads one value of this type from `r`.
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error>;

    /// Reads one value of this type from `r` and puts it where `out` says: into a slot of
    /// the caller's (the next element of a `Vec`), or returned as the whole input, after
    /// checking that no byte follows it (what `from_slice` reads). Derived structs build
    /// their value straight in its place, once every field is read and the end checked,
    /// rather than in a temporary copied there. Nothing to implement by hand.
    #[doc(hidden)]
    #[inline]
    fn decode_out<O: crate::fill::Output<Self>>(
        r: &mut Reader<'de>,
        out: O,
    ) -> Result<O::Done, Error> {
        let value = Self::decode(r)?;
        if O::END {
            r.end()?;
        }
        Ok(out.put(value))
    }

    /// The value a struct field of this type takes when its key is absent: `None` for
    /// `Option`, nothing (a "missing field" error) for everything else, as in serde.
    #[doc(hidden)]
    #[inline]
    fn missing() -> Option<Self> {
        None
    }

    /// This type's value for one byte of a `bin` read as a sequence (rmp-serde reads a `bin`
    /// wherever a sequence is wanted): integers and floats take the byte's value; other types
    /// return `None`, and the `bin` is refused.
    #[doc(hidden)]
    #[inline]
    fn from_bin_byte(byte: u8) -> Option<Self> {
        let _ = byte;
        None
    }

    /// Reads this type from the last `len` elements of an array already opened, and closes
    /// the array: how `rmp_serde::to_vec` writes an internally tagged newtype variant whose
    /// content is a struct (the tag, then the struct's fields). Derived structs with named
    /// fields implement it; every other type refuses.
    #[doc(hidden)]
    fn decode_rest_of_seq(r: &mut Reader<'de>, len: usize) -> Result<Self, Error> {
        let _ = len;
        Err(r
            .custom("invalid type: sequence, expected the content of an internally tagged variant"))
    }

    /// Reads this type's fields from the `len` elements of a sequence already opened (an
    /// array, or the bytes `bin` of a `bin`, whose header was at `at`), and closes it: the
    /// array form of a derived struct with named fields, written once for its `decode_out`
    /// (an array of another length than its fields' count, or a `bin`) and its
    /// [`Decode::decode_rest_of_seq`]. Every other type refuses.
    #[doc(hidden)]
    fn decode_seq_elements(
        r: &mut Reader<'de>,
        len: usize,
        bin: Option<&[u8]>,
        at: usize,
    ) -> Result<Self, Error> {
        let _ = (bin, at);
        Self::decode_rest_of_seq(r, len)
    }

    /// Reads a `[Self; N]`: what `[T; N]`'s impl calls, so that a type whose values have one
    /// fixed-size form (floats) can read a whole array of them with one bounds check. The
    /// default reads the elements one by one; an override must accept exactly what the
    /// default accepts, with the same errors.
    #[doc(hidden)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn decode_array<const N: usize>(r: &mut Reader<'de>) -> Result<[Self; N], Error> {
        decode_array_items(r)
    }
}

/// A type that can be decoded from MessagePack of any lifetime: it borrows nothing from the
/// input. Needed by [`from_reader`](super::from_reader), whose input buffer is temporary.
pub trait DecodeOwned: for<'de> Decode<'de> {}

impl<T: for<'de> Decode<'de>> DecodeOwned for T {}

/// Integers are read at full width (any of MessagePack's forms), then narrowed with a range
/// check.
macro_rules! decode_integer {
    ($read:ident => $($ty:ident),*) => {$(
        impl<'de> Decode<'de> for $ty {
            #[inline]
            fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
                let at = r.offset();
                let value = r.$read(stringify!($ty))?;
                $ty::try_from(value).map_err(|_| {
                    r.invalid_value(format!("integer `{value}`"), stringify!($ty), at)
                })
            }

            #[inline]
            fn from_bin_byte(byte: u8) -> Option<Self> {
                $ty::try_from(byte).ok()
            }
        }
    )*};
}

decode_integer!(decode_u64 => u8, u16, u32, u64, usize);
decode_integer!(decode_i64 => i8, i16, i32, i64, isize);

impl<'de> Decode<'de> for u128 {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        let at = r.offset();
        match r.decode_128("u128")? {
            Wide::Int(Int::Unsigned(value)) => Ok(u128::from(value)),
            Wide::Int(Int::Signed(value)) => u128::try_from(value)
                .map_err(|_| r.invalid_value(format!("integer `{value}`"), "u128", at)),
            Wide::Bytes(bytes) => Ok(u128::from_be_bytes(bytes)),
        }
    }

    #[inline]
    fn from_bin_byte(byte: u8) -> Option<Self> {
        Some(byte.into())
    }
}

impl<'de> Decode<'de> for i128 {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        Ok(match r.decode_128("i128")? {
            Wide::Int(Int::Unsigned(value)) => i128::from(value),
            Wide::Int(Int::Signed(value)) => i128::from(value),
            Wide::Bytes(bytes) => i128::from_be_bytes(bytes),
        })
    }

    #[inline]
    fn from_bin_byte(byte: u8) -> Option<Self> {
        Some(byte.into())
    }
}

macro_rules! decode_nonzero {
    ($($ty:ident($inner:ident)),*) => {$(
        impl<'de> Decode<'de> for $ty {
            #[inline]
            fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
                let at = r.offset();
                let value = $inner::decode(r)?;
                $ty::new(value).ok_or_else(|| {
                    r.invalid_value("integer `0`".to_owned(), "a nonzero integer", at)
                })
            }

            #[inline]
            fn from_bin_byte(byte: u8) -> Option<Self> {
                $ty::new($inner::from_bin_byte(byte)?)
            }
        }
    )*};
}

decode_nonzero!(
    NonZeroU8(u8),
    NonZeroU16(u16),
    NonZeroU32(u32),
    NonZeroU64(u64),
    NonZeroU128(u128),
    NonZeroUsize(usize),
    NonZeroI8(i8),
    NonZeroI16(i16),
    NonZeroI32(i32),
    NonZeroI64(i64),
    NonZeroI128(i128),
    NonZeroIsize(isize)
);

impl<'de> Decode<'de> for f64 {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.decode_f64()
    }

    /// An array of `float 64`s (the form writers use) in one piece; anything else element by
    /// element.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn decode_array<const N: usize>(r: &mut Reader<'de>) -> Result<[Self; N], Error> {
        match r.try_f64_array::<N>() {
            Some(values) => Ok(values),
            None => decode_array_items(r),
        }
    }

    #[inline]
    fn from_bin_byte(byte: u8) -> Option<Self> {
        Some(byte.into())
    }
}

impl<'de> Decode<'de> for f32 {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.decode_f32()
    }

    #[inline]
    fn from_bin_byte(byte: u8) -> Option<Self> {
        Some(byte.into())
    }
}

impl<'de> Decode<'de> for bool {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.decode_bool()
    }
}

/// A string of exactly one character.
impl<'de> Decode<'de> for char {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.decode_char()
    }
}

impl<'de> Decode<'de> for String {
    // Short ASCII text in the caller; any other a call away.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        if let Some(text) = r.try_ascii_fixstr() {
            return Ok(crate::owned::owned_string(text));
        }
        #[inline(never)]
        fn general(r: &mut Reader<'_>) -> Result<String, Error> {
            r.decode_str().map(crate::owned::owned_string)
        }
        general(r)
    }
}

impl<'de> Decode<'de> for Box<str> {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.decode_str().map(Box::from)
    }
}

impl<'de> Decode<'de> for Rc<str> {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.decode_str().map(Rc::from)
    }
}

impl<'de> Decode<'de> for Arc<str> {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.decode_str().map(Arc::from)
    }
}

/// Borrowed from the input: MessagePack strings have no escapes.
impl<'de: 'a, 'a> Decode<'de> for &'a str {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.decode_str()
    }
}

/// Always owned, as serde reads a `Cow` (a field with `#[serde(borrow)]` borrows instead:
/// the derive reads it with the reader's borrowing read). Owning is what lets a
/// `Cow<'static, str>` be decoded from any input, as [`DecodeOwned`] requires.
impl<'de, 'a> Decode<'de> for Cow<'a, str> {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.decode_str().map(|text| Cow::Owned(String::from(text)))
    }
}

/// The bytes of a `bin` (or of a string), borrowed from the input.
impl<'de: 'a, 'a> Decode<'de> for &'a [u8] {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.decode_bytes()
    }
}

/// `nil`.
impl<'de> Decode<'de> for () {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.decode_nil("unit")
    }
}

/// `nil` or an empty array, as rmp-serde reads unit structs.
impl<'de, T: ?Sized> Decode<'de> for PhantomData<T> {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.decode_unit_struct("unit struct PhantomData")
            .map(|()| PhantomData)
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for Option<T> {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        if r.try_nil()? {
            Ok(None)
        } else {
            T::decode(r).map(Some)
        }
    }

    #[inline]
    fn missing() -> Option<Self> {
        Some(None)
    }

    // No `from_bin_byte`: serde reads an option from a value, never from an integer fed by a
    // `bin` byte, so rmp-serde refuses a `bin` for a sequence of options.
}

macro_rules! decode_wrapper {
    ($($ty:ident => $wrap:expr;)*) => {$(
        impl<'de, T: Decode<'de>> Decode<'de> for $ty<T> {
            #[inline]
            fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
                T::decode(r).map($wrap)
            }

            // `Box<Option<T>>` is `None` when absent, as in serde.
            #[inline]
            fn missing() -> Option<Self> {
                T::missing().map($wrap)
            }

            #[inline]
            fn from_bin_byte(byte: u8) -> Option<Self> {
                T::from_bin_byte(byte).map($wrap)
            }
        }
    )*};
}

decode_wrapper! {
    Box => Box::new;
    Rc => Rc::new;
    Arc => Arc::new;
    Wrapping => Wrapping;
    Reverse => Reverse;
    Cell => Cell::new;
}

/// Room reserved up front for a collection: its claimed length, but never more than the input
/// could hold (one byte per element) nor more memory than about a megabyte or four times the
/// input left, whichever is more (so that a long array of large values is sized once, while a
/// short input claiming much reserves little); the rest grows as elements actually arrive.
#[inline]
fn initial_capacity<T>(claimed: usize, remaining: usize) -> usize {
    let bytes = (1_usize << 20).max(remaining.saturating_mul(4));
    let by_memory = bytes / std::mem::size_of::<T>().max(1);
    claimed.min(remaining).min(by_memory)
}

/// Where [`decode_seq`] puts the elements it reads.
pub(crate) trait Collect<T> {
    /// Makes room for `additional` more elements (already bounded by the input's size).
    fn reserve(&mut self, additional: usize);
    fn push(&mut self, item: T);
}

impl<T: Ord> Collect<T> for BTreeSet<T> {
    #[inline]
    fn reserve(&mut self, _: usize) {}
    #[inline]
    fn push(&mut self, item: T) {
        self.insert(item);
    }
}

/// Reads a sequence (an array, or a `bin` as rmp-serde allows) element by element into `out`,
/// adding the index to any error's path.
#[inline]
pub(crate) fn decode_seq<'de, T: Decode<'de>>(
    r: &mut Reader<'de>,
    expected: &'static str,
    out: &mut impl Collect<T>,
) -> Result<(), Error> {
    let at = r.offset();
    match r.begin_seq(expected)? {
        SeqForm::Array(len) => {
            out.reserve(initial_capacity::<T>(len, r.remaining()));
            for index in 0..len {
                out.push(T::decode(r).map_err(|e| e.in_index(index))?);
            }
            r.end_container();
        }
        SeqForm::Bytes(bytes) => {
            out.reserve(bytes.len());
            for &byte in bytes {
                match T::from_bin_byte(byte) {
                    Some(item) => out.push(item),
                    None => {
                        return Err(r.invalid_type_found("byte array".to_owned(), expected, at))
                    }
                }
            }
        }
    }
    Ok(())
}

impl<'de, T: Decode<'de>> Decode<'de> for Vec<T> {
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        // Arrays, the form writers use, directly (an empty one costs no allocation).
        let at = r.offset();
        match r.begin_seq("a sequence")? {
            SeqForm::Array(0) => {
                r.end_container();
                Ok(Vec::new())
            }
            SeqForm::Array(len) => {
                let mut out = Fill::with_capacity(initial_capacity::<T>(len, r.remaining()));
                out.advise_huge_pages();
                for index in 0..len {
                    // Each element built in its place in the buffer (see `Decode::decode_out`).
                    out.push_with(|slot| T::decode_out(r, slot))
                        .map_err(|e| e.in_index(index))?;
                }
                r.end_container();
                Ok(out.into_vec())
            }
            SeqForm::Bytes(bytes) => {
                let mut out = Vec::with_capacity(bytes.len());
                for &byte in bytes {
                    match T::from_bin_byte(byte) {
                        Some(item) => out.push(item),
                        None => {
                            let found = "byte array".to_owned();
                            return Err(r.invalid_type_found(found, "a sequence", at));
                        }
                    }
                }
                Ok(out)
            }
        }
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for VecDeque<T> {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        Vec::<T>::decode(r).map(VecDeque::from)
    }
}

impl<'de, T: Decode<'de> + Ord> Decode<'de> for BTreeSet<T> {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        let mut out = BTreeSet::new();
        decode_seq(r, "a sequence", &mut out)?;
        Ok(out)
    }
}

impl<'de, T, S> Decode<'de> for HashSet<T, S>
where
    T: Decode<'de> + Eq + Hash,
    S: BuildHasher + Default,
{
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        Vec::<T>::decode(r).map(|items| items.into_iter().collect())
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for Box<[T]> {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        Vec::<T>::decode(r).map(Vec::into_boxed_slice)
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for Rc<[T]> {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        Vec::<T>::decode(r).map(Rc::from)
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for Arc<[T]> {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        Vec::<T>::decode(r).map(Arc::from)
    }
}

/// Always owned, read as a sequence (serde's behaviour for `Cow<[T]>`).
impl<'de, 'a, T: Decode<'de> + Clone> Decode<'de> for Cow<'a, [T]> {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        Vec::<T>::decode(r).map(Cow::Owned)
    }
}

/// A fixed-size array being filled in place: the first `filled` slots are initialised. On
/// drop (an error part-way), those are dropped; [`ArraySlots::into_array`] hands over a full
/// one.
struct ArraySlots<T, const N: usize> {
    items: [std::mem::MaybeUninit<T>; N],
    filled: usize,
}

impl<T, const N: usize> ArraySlots<T, N> {
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn new() -> Self {
        ArraySlots {
            items: [const { std::mem::MaybeUninit::uninit() }; N],
            filled: 0,
        }
    }

    /// Puts `item` in the next slot. Called at most `N` times.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn push(&mut self, item: T) {
        self.items[self.filled].write(item);
        self.filled += 1;
    }

    /// The full array. Called only once all `N` slots are filled.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn into_array(self) -> [T; N] {
        assert_eq!(
            self.filled, N,
            "every slot is filled before the array is taken"
        );
        let this = std::mem::ManuallyDrop::new(self);
        // SAFETY: all `N` slots are initialised (checked above), `[MaybeUninit<T>; N]` has the
        // layout of `[T; N]`, and `ManuallyDrop` keeps the slots from being dropped here.
        unsafe { std::ptr::read(this.items.as_ptr().cast::<[T; N]>()) }
    }
}

impl<T, const N: usize> Drop for ArraySlots<T, N> {
    fn drop(&mut self) {
        for slot in &mut self.items[..self.filled] {
            // SAFETY: the first `filled` slots are initialised, and each is dropped once.
            unsafe { slot.assume_init_drop() };
        }
    }
}

impl<'de, T: Decode<'de>, const N: usize> Decode<'de> for [T; N] {
    /// An array of exactly `N` elements, read straight into place; or a `bin`, as rmp-serde
    /// reads one.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        T::decode_array::<N>(r)
    }
}

/// `[T; N]` read element by element (what [`Decode::decode_array`] does unless a type
/// overrides it).
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn decode_array_items<'de, T: Decode<'de>, const N: usize>(
    r: &mut Reader<'de>,
) -> Result<[T; N], Error> {
    let at = r.offset();
    match r.begin_seq("an array")? {
        SeqForm::Array(len) => {
            if len != N {
                return Err(array_length_error::<N>(r, len, at));
            }
            let items = fill_array(|index| T::decode(r).map_err(|e| e.in_index(index)))?;
            r.end_container();
            Ok(items)
        }
        SeqForm::Bytes(bytes) => array_from_bin(r, bytes, at),
    }
}

#[cold]
#[inline(never)]
fn array_length_error<const N: usize>(r: &Reader<'_>, len: usize, at: usize) -> Error {
    r.invalid_length_at(len, &format!("an array of length {N}"), at)
}

/// An array whose elements `next` yields in order, or its first error.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn fill_array<T, const N: usize>(
    mut next: impl FnMut(usize) -> Result<T, Error>,
) -> Result<[T; N], Error> {
    let mut slots = ArraySlots::<T, N>::new();
    for index in 0..N {
        slots.push(next(index)?);
    }
    Ok(slots.into_array())
}

/// A `[T; N]` from the bytes of a `bin` at `at`: rmp-serde reads the first `N` and leaves the
/// rest.
#[cold]
fn array_from_bin<'de, T: Decode<'de>, const N: usize>(
    r: &Reader<'de>,
    bytes: &[u8],
    at: usize,
) -> Result<[T; N], Error> {
    if bytes.len() < N {
        let expected = format!("an array of length {N}");
        return Err(r.invalid_length_at(bytes.len(), &expected, at));
    }
    fill_array(|index| r.bin_element(bytes, index, "an integer", at))
}

/// Reads a map entry by entry into `insert`, adding the key (as text) to any error's path.
#[inline]
fn decode_map<'de, K: Decode<'de>, V: Decode<'de>>(
    r: &mut Reader<'de>,
    mut insert: impl FnMut(K, V),
) -> Result<(), Error> {
    let len = r.begin_map("a map")?;
    for index in 0..len {
        let key_at = r.offset();
        let key = K::decode(r).map_err(|e| e.in_index(index))?;
        let value = V::decode(r).map_err(|e| e.in_key(&r.key_text_at(key_at)))?;
        insert(key, value);
    }
    r.end_container();
    Ok(())
}

impl<'de, K: Decode<'de> + Ord, V: Decode<'de>> Decode<'de> for BTreeMap<K, V> {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        let mut out = BTreeMap::new();
        decode_map(r, |k, v| {
            out.insert(k, v);
        })?;
        Ok(out)
    }
}

impl<'de, K, V, S> Decode<'de> for HashMap<K, V, S>
where
    K: Decode<'de> + Eq + Hash,
    V: Decode<'de>,
    S: BuildHasher + Default,
{
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        let mut out = HashMap::with_hasher(S::default());
        decode_map(r, |k, v| {
            out.insert(k, v);
        })?;
        Ok(out)
    }
}

macro_rules! decode_tuple {
    ($($len:literal => ($($name:ident),+))*) => {$(
        impl<'de, $($name: Decode<'de>),+> Decode<'de> for ($($name,)+) {
            // The element counter is bumped after the last element too.
            #[allow(unused_assignments)]
            fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
                let expected = concat!("a tuple of size ", $len);
                let at = r.offset();
                let mut index = 0;
                match r.begin_seq(expected)? {
                    SeqForm::Array(len) => {
                        if len != $len {
                            return Err(r.invalid_length_at(len, expected, at));
                        }
                        let value = ($(
                            {
                                let item = $name::decode(r).map_err(|e| e.in_index(index))?;
                                index += 1;
                                item
                            },
                        )+);
                        r.end_container();
                        Ok(value)
                    }
                    // rmp-serde reads a tuple from a `bin` too, one integer per byte (and
                    // leaves any bytes beyond the tuple's length unread).
                    SeqForm::Bytes(bytes) => {
                        if bytes.len() < $len {
                            return Err(r.invalid_length_at(bytes.len(), expected, at));
                        }
                        Ok(($(
                            {
                                let item: $name = r.bin_element(bytes, index, expected, at)?;
                                index += 1;
                                item
                            },
                        )+))
                    }
                }
            }
        }
    )*};
}

decode_tuple! {
    1 => (T0)
    2 => (T0, T1)
    3 => (T0, T1, T2)
    4 => (T0, T1, T2, T3)
    5 => (T0, T1, T2, T3, T4)
    6 => (T0, T1, T2, T3, T4, T5)
    7 => (T0, T1, T2, T3, T4, T5, T6)
    8 => (T0, T1, T2, T3, T4, T5, T6, T7)
    9 => (T0, T1, T2, T3, T4, T5, T6, T7, T8)
    10 => (T0, T1, T2, T3, T4, T5, T6, T7, T8, T9)
    11 => (T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10)
    12 => (T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11)
    13 => (T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12)
    14 => (T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13)
    15 => (T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14)
    16 => (T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15)
}
