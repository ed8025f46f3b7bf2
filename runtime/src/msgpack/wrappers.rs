//! The rest of serde's std impls, written and read as rmp-serde writes and reads them: cells,
//! locks and atomics (their content), weak pointers (as an `Option`), `Saturating` (its
//! integer, read with saturation), ranges (structs of `start` and `end`, as maps keyed by
//! field name), `Bound` and `Result` (enums), linked lists and binary heaps (arrays), C
//! strings (`bin`) and format arguments (their text).
//!
//! A `RefCell` that is mutably borrowed or a poisoned `Mutex` or `RwLock` cannot be encoded:
//! serde's impls return an error for them, and fastwire's record the same message with
//! [`Writer::fail`] (writing `nil` in the value's place, which the failure discards). A
//! `Mutex` or `RwLock` is locked as serde locks it, waiting for it when another thread holds
//! it (and deadlocking, as serde does, if the encoding thread holds it itself).

use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::{BinaryHeap, LinkedList};
use std::ffi::{CStr, CString};
use std::fmt;
use std::num::Saturating;
use std::ops::{Bound, Range, RangeFrom, RangeInclusive, RangeTo};
use std::rc::{self, Rc};
use std::sync::atomic::{
    AtomicBool, AtomicI16, AtomicI32, AtomicI64, AtomicI8, AtomicIsize, AtomicU16, AtomicU32,
    AtomicU64, AtomicU8, AtomicUsize, Ordering,
};
use std::sync::{self, Arc, Mutex, RwLock};

use super::encode::{encode_elements, sequence_hint, sum_bounds};
use super::reader::{EnumForm, Int, Key, StructForm};
use super::writer::Slot;
use super::{Decode, Encode, Error, Reader, Writer};

// =============================================================================================
// structs and enums read as serde's hand-written visitors read them
// =============================================================================================

/// A std struct as serde's hand-written visitor sees it.
pub(super) struct Shape {
    /// What the visitor expects (`"struct Duration"`).
    pub(super) expecting: &'static str,
    /// The field names, in the order of the fields.
    pub(super) fields: &'static [&'static str],
    /// What its field identifier expects (`` "`secs` or `nanos`" ``).
    pub(super) identifier: &'static str,
}

impl Shape {
    /// The index of the field the next key names. Names only, from a `str` or a `bin`: these
    /// visitors take no field index, so an integer key is an "invalid type".
    #[inline]
    fn field(&self, r: &mut Reader<'_>) -> Result<usize, Error> {
        match r.decode_key()? {
            Key::Name(name) => match self.fields.iter().position(|f| f.as_bytes() == name) {
                Some(index) => Ok(index),
                None => Err(r.unknown_key(Key::Name(name), self.fields)),
            },
            Key::Index(index) => Err(r.invalid_type_found(
                format!("integer `{index}`"),
                self.identifier,
                r.last_key_offset(),
            )),
        }
    }
}

/// Reads a struct of two fields as serde's visitors for std structs read it through
/// rmp-serde: a map with each field exactly once and no other key, an array of exactly the
/// two fields, or a `bin` whose first two bytes are the fields.
pub(super) fn decode_pair<'de, A: Decode<'de>, B: Decode<'de>>(
    r: &mut Reader<'de>,
    shape: &Shape,
) -> Result<(A, B), Error> {
    let at = r.offset();
    match r.begin_struct(shape.expecting)? {
        StructForm::Map(len) => {
            let (mut a, mut b) = (None, None);
            for _ in 0..len {
                let index = shape.field(r)?;
                let name = shape.fields[index];
                if index == 0 {
                    if a.is_some() {
                        return Err(r.duplicate_field(name));
                    }
                    a = Some(A::decode(r).map_err(|e| e.in_field(name))?);
                } else {
                    if b.is_some() {
                        return Err(r.duplicate_field(name));
                    }
                    b = Some(B::decode(r).map_err(|e| e.in_field(name))?);
                }
            }
            r.end_container();
            let a = a.ok_or_else(|| r.missing_field(shape.fields[0]))?;
            let b = b.ok_or_else(|| r.missing_field(shape.fields[1]))?;
            Ok((a, b))
        }
        StructForm::Array(len) => {
            if len != 2 {
                // serde's visitor reads what there is first, and says which element is
                // missing; rmp-serde refuses elements left over.
                if len == 1 {
                    A::decode(r).map_err(|e| e.in_index(0))?;
                }
                return Err(r.invalid_length_at(len, shape.expecting, at));
            }
            let a = A::decode(r).map_err(|e| e.in_index(0))?;
            let b = B::decode(r).map_err(|e| e.in_index(1))?;
            r.end_container();
            Ok((a, b))
        }
        StructForm::Bytes(bytes) => {
            if bytes.len() < 2 {
                return Err(r.invalid_length_at(bytes.len(), shape.expecting, at));
            }
            let a = r.bin_element(bytes, 0, shape.expecting, at)?;
            let b = r.bin_element(bytes, 1, shape.expecting, at)?;
            Ok((a, b))
        }
    }
}

/// Reads a struct of one field, as [`decode_pair`] reads two.
fn decode_one<'de, A: Decode<'de>>(r: &mut Reader<'de>, shape: &Shape) -> Result<A, Error> {
    let at = r.offset();
    match r.begin_struct(shape.expecting)? {
        StructForm::Map(len) => {
            let mut a = None;
            for _ in 0..len {
                shape.field(r)?;
                let name = shape.fields[0];
                if a.is_some() {
                    return Err(r.duplicate_field(name));
                }
                a = Some(A::decode(r).map_err(|e| e.in_field(name))?);
            }
            r.end_container();
            a.ok_or_else(|| r.missing_field(shape.fields[0]))
        }
        StructForm::Array(len) => {
            if len != 1 {
                return Err(r.invalid_length_at(len, shape.expecting, at));
            }
            let a = A::decode(r).map_err(|e| e.in_index(0))?;
            r.end_container();
            Ok(a)
        }
        StructForm::Bytes(bytes) => {
            if bytes.is_empty() {
                return Err(r.invalid_length_at(0, shape.expecting, at));
            }
            r.bin_element(bytes, 0, shape.expecting, at)
        }
    }
}

/// Reads the start of an externally tagged enum (the variant by name or by index): the
/// variant's index and whether content follows (then read it and close the map with
/// [`Reader::end_container`]).
fn begin_enum(
    r: &mut Reader<'_>,
    expecting: &'static str,
    variants: &'static [&'static str],
) -> Result<(usize, bool), Error> {
    let (key, content) = match r.begin_enum(expecting)? {
        EnumForm::Unit(key) => (key, false),
        EnumForm::Content(key) => (key, true),
    };
    let index = match key {
        Key::Name(name) => variants.iter().position(|v| v.as_bytes() == name),
        Key::Index(index) => usize::try_from(index).ok().filter(|&i| i < variants.len()),
    };
    match index {
        Some(index) => Ok((index, content)),
        None => Err(r.unknown_variant_key(key, variants)),
    }
}

/// serde's refusal of a newtype variant written as a unit variant (its name alone), at `at`.
#[cold]
fn unit_for_newtype(r: &Reader<'_>, at: usize) -> Error {
    r.custom_at("invalid type: unit variant, expected newtype variant", at)
}

// =============================================================================================
// ranges
// =============================================================================================

const RANGE: Shape = Shape {
    expecting: "struct Range",
    fields: &["start", "end"],
    identifier: "`start` or `end`",
};
const RANGE_INCLUSIVE: Shape = Shape {
    expecting: "struct RangeInclusive",
    fields: &["start", "end"],
    identifier: "`start` or `end`",
};
const RANGE_FROM: Shape = Shape {
    expecting: "struct RangeFrom",
    fields: &["start"],
    identifier: "`start`",
};
const RANGE_TO: Shape = Shape {
    expecting: "struct RangeTo",
    fields: &["end"],
    identifier: "`end`",
};

/// The map header and key before a range's `start`, and the key before its `end`.
const START_OF_TWO: &[u8] = b"\x82\xa5start";
const END: &[u8] = b"\xa3end";

impl<T: Encode> Encode for Range<T> {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        self.start.encode_after(START_OF_TWO, w);
        self.end.encode_after(END, w);
    }

    #[inline]
    fn size_hint(&self) -> usize {
        11 + self.start.size_hint() + self.end.size_hint()
    }

    const MAX_SIZE: Option<usize> = sum_bounds(11, &[T::MAX_SIZE, T::MAX_SIZE]);

    #[inline]
    fn encode_bounded(&self, slot: &mut Slot<'_>) {
        slot.put(START_OF_TWO);
        self.start.encode_bounded(slot);
        slot.put(END);
        self.end.encode_bounded(slot);
    }
}

/// The same map as a `Range`'s (whether the range is exhausted is not written, as in serde).
impl<T: Encode> Encode for RangeInclusive<T> {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        self.start().encode_after(START_OF_TWO, w);
        self.end().encode_after(END, w);
    }

    #[inline]
    fn size_hint(&self) -> usize {
        11 + self.start().size_hint() + self.end().size_hint()
    }

    const MAX_SIZE: Option<usize> = sum_bounds(11, &[T::MAX_SIZE, T::MAX_SIZE]);

    #[inline]
    fn encode_bounded(&self, slot: &mut Slot<'_>) {
        slot.put(START_OF_TWO);
        self.start().encode_bounded(slot);
        slot.put(END);
        self.end().encode_bounded(slot);
    }
}

impl<T: Encode> Encode for RangeFrom<T> {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        self.start.encode_after(b"\x81\xa5start", w);
    }

    #[inline]
    fn size_hint(&self) -> usize {
        7 + self.start.size_hint()
    }

    const MAX_SIZE: Option<usize> = sum_bounds(7, &[T::MAX_SIZE]);

    #[inline]
    fn encode_bounded(&self, slot: &mut Slot<'_>) {
        slot.put(b"\x81\xa5start");
        self.start.encode_bounded(slot);
    }
}

impl<T: Encode> Encode for RangeTo<T> {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        self.end.encode_after(b"\x81\xa3end", w);
    }

    #[inline]
    fn size_hint(&self) -> usize {
        5 + self.end.size_hint()
    }

    const MAX_SIZE: Option<usize> = sum_bounds(5, &[T::MAX_SIZE]);

    #[inline]
    fn encode_bounded(&self, slot: &mut Slot<'_>) {
        slot.put(b"\x81\xa3end");
        self.end.encode_bounded(slot);
    }
}

/// A map with `start` and `end` (each once, no other key), or an array (or `bin`) of the two.
impl<'de, T: Decode<'de>> Decode<'de> for Range<T> {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        decode_pair::<T, T>(r, &RANGE).map(|(start, end)| start..end)
    }
}

/// A map with `start` and `end` (each once, no other key), or an array (or `bin`) of the two.
impl<'de, T: Decode<'de>> Decode<'de> for RangeInclusive<T> {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        decode_pair::<T, T>(r, &RANGE_INCLUSIVE).map(|(start, end)| start..=end)
    }
}

/// A map with `start` alone, or an array (or `bin`) of one element.
impl<'de, T: Decode<'de>> Decode<'de> for RangeFrom<T> {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        decode_one::<T>(r, &RANGE_FROM).map(|start| start..)
    }
}

/// A map with `end` alone, or an array (or `bin`) of one element.
impl<'de, T: Decode<'de>> Decode<'de> for RangeTo<T> {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        decode_one::<T>(r, &RANGE_TO).map(|end| ..end)
    }
}

// =============================================================================================
// enums
// =============================================================================================

/// `"Unbounded"`, `{"Included": ..}` or `{"Excluded": ..}`.
impl<T: Encode> Encode for Bound<T> {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        match self {
            Bound::Unbounded => w.write_raw(b"\xa9Unbounded"),
            Bound::Included(value) => value.encode_after(b"\x81\xa8Included", w),
            Bound::Excluded(value) => value.encode_after(b"\x81\xa8Excluded", w),
        }
    }

    #[inline]
    fn size_hint(&self) -> usize {
        match self {
            Bound::Unbounded => 10,
            Bound::Included(value) | Bound::Excluded(value) => 10 + value.size_hint(),
        }
    }
}

const BOUND_VARIANTS: &[&str] = &["Unbounded", "Included", "Excluded"];

/// The enum as [`Encode`] writes it, variants by name or by index; `Unbounded` also as a map
/// to `nil`, as rmp-serde reads a unit variant.
impl<'de, T: Decode<'de>> Decode<'de> for Bound<T> {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        let at = r.offset();
        let value = match begin_enum(r, "enum Bound", BOUND_VARIANTS)? {
            (0, false) => return Ok(Bound::Unbounded),
            (_, false) => return Err(unit_for_newtype(r, at)),
            (0, true) => {
                r.decode_nil("unit")?;
                Bound::Unbounded
            }
            (1, true) => Bound::Included(T::decode(r).map_err(|e| e.in_field("Included"))?),
            _ => Bound::Excluded(T::decode(r).map_err(|e| e.in_field("Excluded"))?),
        };
        r.end_container();
        Ok(value)
    }
}

/// `{"Ok": ..}` or `{"Err": ..}`.
impl<T: Encode, E: Encode> Encode for Result<T, E> {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        match self {
            Ok(value) => value.encode_after(b"\x81\xa2Ok", w),
            Err(error) => error.encode_after(b"\x81\xa3Err", w),
        }
    }

    #[inline]
    fn size_hint(&self) -> usize {
        5 + match self {
            Ok(value) => value.size_hint(),
            Err(error) => error.size_hint(),
        }
    }
}

const RESULT_VARIANTS: &[&str] = &["Ok", "Err"];

/// The enum as [`Encode`] writes it, variants by name or by index.
impl<'de, T: Decode<'de>, E: Decode<'de>> Decode<'de> for Result<T, E> {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        let at = r.offset();
        let value = match begin_enum(r, "enum Result", RESULT_VARIANTS)? {
            (_, false) => return Err(unit_for_newtype(r, at)),
            (0, true) => Ok(T::decode(r).map_err(|e| e.in_field("Ok"))?),
            _ => Err(E::decode(r).map_err(|e| e.in_field("Err"))?),
        };
        r.end_container();
        Ok(value)
    }
}

// =============================================================================================
// Saturating
// =============================================================================================

impl<T: Encode> Encode for Saturating<T> {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        self.0.encode(w);
    }

    #[inline]
    fn size_hint(&self) -> usize {
        self.0.size_hint()
    }

    const MAX_SIZE: Option<usize> = T::MAX_SIZE;

    #[inline]
    fn encode_bounded(&self, slot: &mut Slot<'_>) {
        self.0.encode_bounded(slot);
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn encode_after<W: Writer>(&self, prefix: &[u8], w: &mut W) {
        self.0.encode_after(prefix, w);
    }
}

/// What serde's visitor for `Saturating` expects.
const SATURATING: &str = "integer with support for saturating semantics";

/// An integer of any form, clamped to the type's range (serde's saturating visitor); a float
/// or anything else is refused.
macro_rules! decode_saturating {
    ($($ty:ident),*) => {$(
        impl<'de> Decode<'de> for Saturating<$ty> {
            fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
                let value = match r.try_int()? {
                    Some(Int::Unsigned(value)) => i128::from(value),
                    Some(Int::Signed(value)) => i128::from(value),
                    None => return Err(r.invalid_type(SATURATING)),
                };
                Ok(Saturating(value.clamp($ty::MIN as i128, $ty::MAX as i128) as $ty))
            }

            #[inline]
            fn from_bin_byte(byte: u8) -> Option<Self> {
                let value = i128::from(byte);
                Some(Saturating(value.clamp($ty::MIN as i128, $ty::MAX as i128) as $ty))
            }
        }
    )*};
}

decode_saturating!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);

/// 128-bit integers are read as their type reads them: every integer form fits `i128`, and a
/// negative one is refused for `u128` (rmp-serde would reinterpret its bits).
macro_rules! decode_saturating_128 {
    ($($ty:ident),*) => {$(
        impl<'de> Decode<'de> for Saturating<$ty> {
            #[inline]
            fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
                $ty::decode(r).map(Saturating)
            }

            #[inline]
            fn from_bin_byte(byte: u8) -> Option<Self> {
                Some(Saturating(byte.into()))
            }
        }
    )*};
}

decode_saturating_128!(u128, i128);

// =============================================================================================
// cells, locks, atomics, weak pointers
// =============================================================================================

/// What serde says of a `RefCell` it cannot borrow.
const MUTABLY_BORROWED: &str = "already mutably borrowed";
/// What serde says of a poisoned lock.
const POISONED: &str = "lock poison error while serializing";

/// The content; a cell that is mutably borrowed fails (see the module's documentation).
impl<T: ?Sized + Encode> Encode for RefCell<T> {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        match self.try_borrow() {
            Ok(value) => value.encode(w),
            Err(_) => {
                w.fail(MUTABLY_BORROWED);
                w.write_nil();
            }
        }
    }

    #[inline]
    fn size_hint(&self) -> usize {
        self.try_borrow().map_or(8, |value| value.size_hint())
    }
}

/// The content, locked; a poisoned mutex fails (see the module's documentation).
impl<T: ?Sized + Encode> Encode for Mutex<T> {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        match self.lock() {
            Ok(value) => value.encode(w),
            Err(_) => {
                w.fail(POISONED);
                w.write_nil();
            }
        }
    }

    #[inline]
    fn size_hint(&self) -> usize {
        self.try_lock().map_or(8, |value| value.size_hint())
    }
}

/// The content, read-locked; a poisoned lock fails (see the module's documentation).
impl<T: ?Sized + Encode> Encode for RwLock<T> {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        match self.read() {
            Ok(value) => value.encode(w),
            Err(_) => {
                w.fail(POISONED);
                w.write_nil();
            }
        }
    }

    #[inline]
    fn size_hint(&self) -> usize {
        self.try_read().map_or(8, |value| value.size_hint())
    }
}

/// The content, read as the content; a missing field of a `RefCell<Option<T>>` (say) is
/// `None` inside, as in serde.
macro_rules! decode_container {
    ($($ty:ident),*) => {$(
        impl<'de, T: Decode<'de>> Decode<'de> for $ty<T> {
            #[inline]
            fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
                T::decode(r).map($ty::new)
            }

            #[inline]
            fn missing() -> Option<Self> {
                T::missing().map($ty::new)
            }

            #[inline]
            fn from_bin_byte(byte: u8) -> Option<Self> {
                T::from_bin_byte(byte).map($ty::new)
            }
        }
    )*};
}

decode_container!(RefCell, Mutex, RwLock);

/// Atomics: the value loaded with `Ordering::Relaxed` (serde's ordering), read as the
/// integer or boolean.
macro_rules! atomics {
    ($($ty:ident($inner:ident)),*) => {$(
        impl Encode for $ty {
            #[inline]
            fn encode<W: Writer>(&self, w: &mut W) {
                self.load(Ordering::Relaxed).encode(w);
            }

            #[inline]
            fn size_hint(&self) -> usize {
                self.load(Ordering::Relaxed).size_hint()
            }

            const MAX_SIZE: Option<usize> = $inner::MAX_SIZE;

            #[inline]
            fn encode_bounded(&self, slot: &mut Slot<'_>) {
                self.load(Ordering::Relaxed).encode_bounded(slot);
            }
        }

        impl<'de> Decode<'de> for $ty {
            #[inline]
            fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
                $inner::decode(r).map($ty::new)
            }

            #[inline]
            fn from_bin_byte(byte: u8) -> Option<Self> {
                $inner::from_bin_byte(byte).map($ty::new)
            }
        }
    )*};
}

atomics!(
    AtomicBool(bool),
    AtomicI8(i8),
    AtomicI16(i16),
    AtomicI32(i32),
    AtomicI64(i64),
    AtomicIsize(isize),
    AtomicU8(u8),
    AtomicU16(u16),
    AtomicU32(u32),
    AtomicU64(u64),
    AtomicUsize(usize)
);

/// Weak pointers as serde writes and reads them (its `rc` feature): written as the value
/// they point to, or `nil` when it is gone; read as an `Option` whose value is dropped,
/// giving a pointer to nothing (`Weak::new()`).
macro_rules! weak {
    ($($weak:ty;)*) => {$(
        impl<T: ?Sized + Encode> Encode for $weak {
            #[inline]
            fn encode<W: Writer>(&self, w: &mut W) {
                match self.upgrade() {
                    Some(value) => value.encode(w),
                    None => w.write_nil(),
                }
            }

            #[inline]
            fn size_hint(&self) -> usize {
                self.upgrade().map_or(1, |value| value.size_hint())
            }
        }

        impl<'de, T: Decode<'de>> Decode<'de> for $weak {
            #[inline]
            fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
                Option::<T>::decode(r)?;
                Ok(<$weak>::new())
            }

            #[inline]
            fn missing() -> Option<Self> {
                Some(<$weak>::new())
            }
        }
    )*};
}

weak! {
    rc::Weak<T>;
    sync::Weak<T>;
}

// =============================================================================================
// sequences
// =============================================================================================

/// An array of the elements, front to back.
impl<T: Encode> Encode for LinkedList<T> {
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

impl<'de, T: Decode<'de>> Decode<'de> for LinkedList<T> {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        Vec::<T>::decode(r).map(LinkedList::from_iter)
    }
}

/// An array of the elements in the heap's own order (that of [`BinaryHeap::iter`]), as serde
/// writes it.
impl<T: Encode> Encode for BinaryHeap<T> {
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

impl<'de, T: Decode<'de> + Ord> Decode<'de> for BinaryHeap<T> {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        Vec::<T>::decode(r).map(BinaryHeap::from)
    }
}

// =============================================================================================
// C strings
// =============================================================================================

/// The bytes without the terminating nul, as a `bin` (serde writes them as bytes).
impl Encode for CStr {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        w.write_bin(self.to_bytes());
    }

    #[inline]
    fn size_hint(&self) -> usize {
        5 + self.count_bytes()
    }
}

impl Encode for CString {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        self.as_c_str().encode(w);
    }

    #[inline]
    fn size_hint(&self) -> usize {
        self.as_c_str().size_hint()
    }
}

/// A `bin`, a string or an array of bytes, as serde's visitor takes them; a nul byte among
/// them is refused with `CString::new`'s message.
impl<'de> Decode<'de> for CString {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        let at = r.offset();
        let made = match r.peek()? {
            0xc4..=0xc6 => CString::new(r.decode_bytes()?),
            0xa0..=0xbf | 0xd9..=0xdb => CString::new(r.decode_str()?),
            0x90..=0x9f | 0xdc | 0xdd => CString::new(Vec::<u8>::decode(r)?),
            _ => return Err(r.invalid_type("byte array")),
        };
        made.map_err(|err| r.custom_at(err, at))
    }
}

/// Shared and boxed C strings, read as a [`CString`].
macro_rules! decode_c_str {
    ($($ty:ty => $make:expr;)*) => {$(
        impl<'de> Decode<'de> for $ty {
            #[inline]
            fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
                CString::decode(r).map($make)
            }
        }
    )*};
}

decode_c_str! {
    Box<CStr> => CString::into_boxed_c_str;
    Rc<CStr> => Rc::from;
    Arc<CStr> => Arc::from;
    Cow<'_, CStr> => Cow::Owned;
}

// =============================================================================================
// format arguments
// =============================================================================================

/// The formatted text, as a string.
impl Encode for fmt::Arguments<'_> {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        match self.as_str() {
            Some(text) => w.write_str(text),
            None => w.write_str(&self.to_string()),
        }
    }
}
