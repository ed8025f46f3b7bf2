//! The rest of serde's std impls, written and read as serde_json writes and reads them: cells,
//! locks and atomics (their content), weak pointers (as an `Option`), `Saturating` (its
//! integer, read with saturation), ranges (structs of `start` and `end`), `Bound` and
//! `Result` (enums), linked lists and binary heaps (sequences), C strings (byte arrays) and
//! format arguments (their text).
//!
//! A `RefCell` that is mutably borrowed or a poisoned `Mutex` or `RwLock` cannot be encoded:
//! serde's impls return an error for them, and fastwire's record the same message with
//! [`Writer::fail`] (writing `null` in the value's place, which the failure discards). A
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

use super::decode::SerdeFloat;
use super::encode::{encode_seq, sequence_hint};
use super::error::ErrorCode;
use super::reader::ParsedNumber;
use super::{Decode, Encode, Error, Reader, Writer};

// =============================================================================================
// structs and enums read as serde's hand-written visitors read them
// =============================================================================================

/// A std struct as serde's hand-written visitor sees it: the words of `expecting` and the
/// field names, in order.
pub(super) struct Shape {
    /// What the visitor expects (`"struct Duration"`).
    pub(super) expecting: &'static str,
    /// The field names, in the order of the fields.
    pub(super) fields: &'static [&'static str],
}

impl Shape {
    /// The index of the field `key` names, or serde's "unknown field" error.
    #[inline]
    fn field(&self, r: &Reader<'_>, key: &str) -> Result<usize, Error> {
        match self.fields.iter().position(|field| *field == key) {
            Some(index) => Ok(index),
            None => Err(r.unknown_field(key, self.fields)),
        }
    }
}

/// Reads a struct of two fields as serde's visitors for std structs read it: an object with
/// each field exactly once and no other key, or an array of exactly the two fields.
pub(super) fn decode_pair<'de, A: Decode<'de>, B: Decode<'de>>(
    r: &mut Reader<'de>,
    shape: &Shape,
) -> Result<(A, B), Error> {
    match r.peek()? {
        b'[' => {
            r.begin_array(shape.expecting)?;
            if !r.array_next(true)? {
                return Err(r.invalid_length(0, shape.expecting));
            }
            let a = A::decode(r).map_err(|e| e.in_index(0))?;
            if !r.array_next(false)? {
                return Err(r.invalid_length(1, shape.expecting));
            }
            let b = B::decode(r).map_err(|e| e.in_index(1))?;
            end_of_array(r)?;
            Ok((a, b))
        }
        b'{' => {
            r.begin_object(shape.expecting)?;
            let (mut a, mut b) = (None, None);
            let mut first = true;
            while let Some(key) = r.object_key(first)? {
                let key = key.to_string();
                let index = shape.field(r, &key)?;
                first = false;
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
            let a = a.ok_or_else(|| r.missing_field(shape.fields[0]))?;
            let b = b.ok_or_else(|| r.missing_field(shape.fields[1]))?;
            Ok((a, b))
        }
        _ => Err(r.invalid_type(shape.expecting)),
    }
}

/// Reads a struct of one field, as [`decode_pair`] reads two.
fn decode_one<'de, A: Decode<'de>>(r: &mut Reader<'de>, shape: &Shape) -> Result<A, Error> {
    match r.peek()? {
        b'[' => {
            r.begin_array(shape.expecting)?;
            if !r.array_next(true)? {
                return Err(r.invalid_length(0, shape.expecting));
            }
            let a = A::decode(r).map_err(|e| e.in_index(0))?;
            end_of_array(r)?;
            Ok(a)
        }
        b'{' => {
            r.begin_object(shape.expecting)?;
            let mut a = None;
            let mut first = true;
            while let Some(key) = r.object_key(first)? {
                let key = key.to_string();
                shape.field(r, &key)?;
                first = false;
                let name = shape.fields[0];
                if a.is_some() {
                    return Err(r.duplicate_field(name));
                }
                a = Some(A::decode(r).map_err(|e| e.in_field(name))?);
            }
            a.ok_or_else(|| r.missing_field(shape.fields[0]))
        }
        _ => Err(r.invalid_type(shape.expecting)),
    }
}

/// The end of an array whose elements were all read: anything more is serde_json's
/// "trailing characters".
#[inline]
fn end_of_array(r: &mut Reader<'_>) -> Result<(), Error> {
    if r.array_next(false)? {
        return Err(r.error(ErrorCode::TrailingCharacters));
    }
    Ok(())
}

/// Reads the start of an externally tagged enum: a variant name alone (a string), or an
/// object whose one key names the variant. Returns the variant's index and whether content
/// follows (then read it and close with [`end_of_variant`]).
fn begin_enum(
    r: &mut Reader<'_>,
    expecting: &'static str,
    variants: &'static [&'static str],
) -> Result<(usize, bool), Error> {
    let (name, content) = match r.peek()? {
        b'"' => (r.decode_str()?.to_string(), false),
        b'{' => {
            r.begin_object(expecting)?;
            match r.object_key(true)? {
                Some(name) => (name.to_string(), true),
                None => return Err(r.custom("expected an object with one key, the variant's name")),
            }
        }
        _ => return Err(r.invalid_type(expecting)),
    };
    match variants.iter().position(|variant| *variant == name) {
        Some(index) => Ok((index, content)),
        None => Err(r.unknown_variant(&name, variants)),
    }
}

/// The `}` after a variant's content.
#[inline]
fn end_of_variant(r: &mut Reader<'_>) -> Result<(), Error> {
    if r.object_key(false)?.is_some() {
        return Err(r.custom("expected `}` after the variant's content"));
    }
    Ok(())
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
};
const RANGE_INCLUSIVE: Shape = Shape {
    expecting: "struct RangeInclusive",
    fields: &["start", "end"],
};
const RANGE_FROM: Shape = Shape {
    expecting: "struct RangeFrom",
    fields: &["start"],
};
const RANGE_TO: Shape = Shape {
    expecting: "struct RangeTo",
    fields: &["end"],
};

/// `{"start":..,"end":..}`.
impl<T: Encode> Encode for Range<T> {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        w.field_open("{\"start\":");
        self.start.encode(w);
        w.field(",\"end\":");
        self.end.encode(w);
        w.end_object(true);
    }

    #[inline]
    fn size_hint(&self) -> usize {
        17 + self.start.size_hint() + self.end.size_hint()
    }
}

/// `{"start":..,"end":..}` (whether the range is exhausted is not written, as in serde).
impl<T: Encode> Encode for RangeInclusive<T> {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        w.field_open("{\"start\":");
        self.start().encode(w);
        w.field(",\"end\":");
        self.end().encode(w);
        w.end_object(true);
    }

    #[inline]
    fn size_hint(&self) -> usize {
        17 + self.start().size_hint() + self.end().size_hint()
    }
}

/// `{"start":..}`.
impl<T: Encode> Encode for RangeFrom<T> {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        w.field_open("{\"start\":");
        self.start.encode(w);
        w.end_object(true);
    }

    #[inline]
    fn size_hint(&self) -> usize {
        10 + self.start.size_hint()
    }
}

/// `{"end":..}`.
impl<T: Encode> Encode for RangeTo<T> {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        w.field_open("{\"end\":");
        self.end.encode(w);
        w.end_object(true);
    }

    #[inline]
    fn size_hint(&self) -> usize {
        8 + self.end.size_hint()
    }
}

/// An object with `start` and `end` (each once, no other key) or an array of the two.
impl<'de, T: Decode<'de>> Decode<'de> for Range<T> {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        decode_pair::<T, T>(r, &RANGE).map(|(start, end)| start..end)
    }
}

/// An object with `start` and `end` (each once, no other key) or an array of the two.
impl<'de, T: Decode<'de>> Decode<'de> for RangeInclusive<T> {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        decode_pair::<T, T>(r, &RANGE_INCLUSIVE).map(|(start, end)| start..=end)
    }
}

/// An object with `start` alone, or an array of one element.
impl<'de, T: Decode<'de>> Decode<'de> for RangeFrom<T> {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        decode_one::<T>(r, &RANGE_FROM).map(|start| start..)
    }
}

/// An object with `end` alone, or an array of one element.
impl<'de, T: Decode<'de>> Decode<'de> for RangeTo<T> {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        decode_one::<T>(r, &RANGE_TO).map(|end| ..end)
    }
}

// =============================================================================================
// enums
// =============================================================================================

/// `"Unbounded"`, `{"Included":..}` or `{"Excluded":..}`.
impl<T: Encode> Encode for Bound<T> {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        match self {
            Bound::Unbounded => w.write_fragment("\"Unbounded\""),
            Bound::Included(value) => {
                w.field_open("{\"Included\":");
                value.encode(w);
                w.end_object(true);
            }
            Bound::Excluded(value) => {
                w.field_open("{\"Excluded\":");
                value.encode(w);
                w.end_object(true);
            }
        }
    }

    #[inline]
    fn size_hint(&self) -> usize {
        match self {
            Bound::Unbounded => 11,
            Bound::Included(value) | Bound::Excluded(value) => 13 + value.size_hint(),
        }
    }
}

const BOUND_VARIANTS: &[&str] = &["Unbounded", "Included", "Excluded"];

/// The enum as [`Encode`] writes it; `Unbounded` also as `{"Unbounded":null}`, as
/// serde_json reads a unit variant.
impl<'de, T: Decode<'de>> Decode<'de> for Bound<T> {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        let at = r.offset();
        let (variant, content) = begin_enum(r, "enum Bound", BOUND_VARIANTS)?;
        let value = match (variant, content) {
            (0, false) => return Ok(Bound::Unbounded),
            (_, false) => return Err(unit_for_newtype(r, at)),
            (0, true) => {
                r.decode_null("unit")?;
                Bound::Unbounded
            }
            (1, true) => Bound::Included(T::decode(r).map_err(|e| e.in_field("Included"))?),
            _ => Bound::Excluded(T::decode(r).map_err(|e| e.in_field("Excluded"))?),
        };
        end_of_variant(r)?;
        Ok(value)
    }
}

/// `{"Ok":..}` or `{"Err":..}`.
impl<T: Encode, E: Encode> Encode for Result<T, E> {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        match self {
            Ok(value) => {
                w.field_open("{\"Ok\":");
                value.encode(w);
            }
            Err(error) => {
                w.field_open("{\"Err\":");
                error.encode(w);
            }
        }
        w.end_object(true);
    }

    #[inline]
    fn size_hint(&self) -> usize {
        8 + match self {
            Ok(value) => value.size_hint(),
            Err(error) => error.size_hint(),
        }
    }
}

const RESULT_VARIANTS: &[&str] = &["Ok", "Err"];

impl<'de, T: Decode<'de>, E: Decode<'de>> Decode<'de> for Result<T, E> {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        let at = r.offset();
        let value = match begin_enum(r, "enum Result", RESULT_VARIANTS)? {
            (_, false) => return Err(unit_for_newtype(r, at)),
            (0, true) => Ok(T::decode(r).map_err(|e| e.in_field("Ok"))?),
            _ => Err(E::decode(r).map_err(|e| e.in_field("Err"))?),
        };
        end_of_variant(r)?;
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
}

/// What serde's visitor for `Saturating` expects.
const SATURATING: &str = "integer with support for saturating semantics";

/// An integer of any size within 64 bits, clamped to the type's range (serde's saturating
/// visitor); a float, or an integer beyond 64 bits (which serde_json reads as a float), is
/// refused.
macro_rules! decode_saturating {
    ($($ty:ident),*) => {$(
        impl<'de> Decode<'de> for Saturating<$ty> {
            fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
                if !matches!(r.peek()?, b'-' | b'0'..=b'9') {
                    return Err(r.invalid_type(SATURATING));
                }
                let at = r.offset();
                let value = match r.parse_number()? {
                    ParsedNumber::U64(value) => i128::from(value),
                    ParsedNumber::I64(value) => i128::from(value),
                    ParsedNumber::F64(value) => {
                        let found = format!("floating point `{}`", SerdeFloat(value));
                        let code = ErrorCode::InvalidType { found, expected: SATURATING };
                        return Err(r.error_at(code, at));
                    }
                };
                Ok(Saturating(value.clamp($ty::MIN as i128, $ty::MAX as i128) as $ty))
            }
        }
    )*};
}

decode_saturating!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);

/// serde_json reads 128-bit integers exactly: one out of range is an error, not clamped.
macro_rules! decode_saturating_128 {
    ($($ty:ident),*) => {$(
        impl<'de> Decode<'de> for Saturating<$ty> {
            #[inline]
            fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
                $ty::decode(r).map(Saturating)
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
                w.write_null();
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
                w.write_null();
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
                w.write_null();
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
        }

        impl<'de> Decode<'de> for $ty {
            #[inline]
            fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
                $inner::decode(r).map($ty::new)
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
/// they point to, or `null` when it is gone; read as an `Option` whose value is dropped,
/// giving a pointer to nothing (`Weak::new()`).
macro_rules! weak {
    ($($weak:ty;)*) => {$(
        impl<T: ?Sized + Encode> Encode for $weak {
            #[inline]
            fn encode<W: Writer>(&self, w: &mut W) {
                match self.upgrade() {
                    Some(value) => value.encode(w),
                    None => w.write_null(),
                }
            }

            #[inline]
            fn size_hint(&self) -> usize {
                self.upgrade().map_or(4, |value| value.size_hint())
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
        encode_seq(w, self);
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
        encode_seq(w, self);
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

/// The bytes without the terminating nul, as an array of integers (serde_json writes bytes
/// so).
impl Encode for CStr {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        self.to_bytes().encode(w);
    }

    #[inline]
    fn size_hint(&self) -> usize {
        2 + 4 * self.count_bytes()
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

/// A string's bytes (escapes resolved) or an array of bytes, as serde's visitor takes them;
/// a nul byte among them is refused with `CString::new`'s message.
impl<'de> Decode<'de> for CString {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        let at = r.offset();
        let made = match r.peek()? {
            b'"' => CString::new(r.decode_str()?.as_bytes()),
            b'[' => CString::new(Vec::<u8>::decode(r)?),
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
