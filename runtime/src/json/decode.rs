//! The [`Decode`], [`DecodeOwned`] and [`DecodeKey`] traits and their implementations for std
//! types, accepting what serde_json accepts for the same type.

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

use super::reader::{Reader, Str};
use super::Error;

/// A type that can be read from JSON.
///
/// Usually derived with `#[derive(fastwire::Decode)]`, which reads the type's `#[serde(...)]`
/// attributes; implemented here for the std types serde supports, accepting the same input as
/// serde_json. `'de` is the lifetime of the input, which borrowed fields (`&'de str`) point into.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be decoded from JSON by fastwire",
    label = "`{Self}` does not implement `fastwire::json::Decode`",
    note = "derive it with `#[derive(fastwire::Decode)]`, implement `fastwire::json::Decode` by hand, or leave the field out with `#[serde(skip_deserializing)]`"
)]
pub trait Decode<'de>: Sized {
    /// Reads one value of this type from `r`.
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error>;

    /// The value a struct field of this type takes when its key is absent: `None` for
    /// `Option`, nothing (a "missing field" error) for everything else, as in serde.
    #[doc(hidden)]
    #[inline]
    fn missing() -> Option<Self> {
        None
    }
}

/// A type that can be decoded from JSON of any lifetime: it borrows nothing from the input.
/// Needed by [`from_reader`](super::from_reader), whose input buffer is temporary.
pub trait DecodeOwned: for<'de> Decode<'de> {}

impl<T: for<'de> Decode<'de>> DecodeOwned for T {}

/// A type usable as a JSON object key when decoding maps: read from the key's text (strings as
/// they are, integers and booleans from their quoted form, chars from one-char strings).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be decoded from a JSON object key",
    label = "JSON object keys decode into strings, integers, chars or booleans"
)]
pub trait DecodeKey<'de>: Sized {
    /// Converts the key text, or says why it does not fit (the caller adds the position).
    fn decode_key(key: Str<'de, '_>) -> Result<Self, String>;
}

/// Integers narrower than 64 bits (and `u64`/`i64` themselves) are read at full width by
/// `$read`, then narrowed with a range check.
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
        }

        impl<'de> DecodeKey<'de> for $ty {
            fn decode_key(key: Str<'de, '_>) -> Result<Self, String> {
                let value = integer_key(&key)?;
                $ty::try_from(value).map_err(|_| {
                    format!(concat!("invalid value: integer `{}`, expected ", stringify!($ty)), value)
                })
            }
        }
    )*};
}

decode_integer!(decode_u64 => u8, u16, u32, u64, usize);
decode_integer!(decode_i64 => i8, i16, i32, i64, isize);

/// An integer key: JSON integer syntax inside the quotes (no sign but `-`, no leading zeros),
/// as serde_json reads numeric keys.
fn integer_key(key: &str) -> Result<i128, String> {
    let digits = key.strip_prefix('-').unwrap_or(key);
    let well_formed = !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits.len() == 1 || !digits.starts_with('0'));
    if !well_formed {
        return Err("expected key to be a number in quotes".to_owned());
    }
    key.parse::<i128>()
        .map_err(|_| "number out of range".to_owned())
}

impl<'de> Decode<'de> for u128 {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.decode_u128()
    }
}

impl<'de> Decode<'de> for i128 {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.decode_i128()
    }
}

impl<'de> DecodeKey<'de> for u128 {
    fn decode_key(key: Str<'de, '_>) -> Result<Self, String> {
        if key.starts_with('-') {
            let value = integer_key(&key)?;
            if value != 0 {
                return Err(format!("invalid value: integer `{value}`, expected u128"));
            }
            return Ok(0);
        }
        // Well-formed but possibly above i128's range: parse as u128 itself.
        match integer_key(&key) {
            Ok(value) => Ok(value as u128),
            Err(_) if key.bytes().all(|b| b.is_ascii_digit()) && !key.starts_with('0') => {
                key.parse().map_err(|_| "number out of range".to_owned())
            }
            Err(message) => Err(message),
        }
    }
}

impl<'de> DecodeKey<'de> for i128 {
    fn decode_key(key: Str<'de, '_>) -> Result<Self, String> {
        integer_key(&key)
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
        }

        impl<'de> DecodeKey<'de> for $ty {
            fn decode_key(key: Str<'de, '_>) -> Result<Self, String> {
                $ty::new($inner::decode_key(key)?)
                    .ok_or_else(|| "invalid value: integer `0`, expected a nonzero integer".to_owned())
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
}

impl<'de> Decode<'de> for f32 {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.decode_f32()
    }
}

impl<'de> Decode<'de> for bool {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.decode_bool()
    }
}

impl<'de> DecodeKey<'de> for bool {
    fn decode_key(key: Str<'de, '_>) -> Result<Self, String> {
        match &*key {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err("expected key to be `true` or `false` in quotes".to_owned()),
        }
    }
}

/// The one character of `text`, or the description of what was found instead.
fn single_char(text: &str) -> Result<char, String> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(ch), None) => Ok(ch),
        _ => Err(format!("string {}", super::to_string(text))),
    }
}

impl<'de> Decode<'de> for char {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        let at = r.offset();
        let found = match single_char(&r.decode_str()?) {
            Ok(ch) => return Ok(ch),
            Err(found) => found,
        };
        Err(r.invalid_value(found, "a character", at))
    }
}

impl<'de> DecodeKey<'de> for char {
    fn decode_key(key: Str<'de, '_>) -> Result<Self, String> {
        single_char(&key).map_err(|found| format!("invalid value: {found}, expected a character"))
    }
}

impl<'de> Decode<'de> for String {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        Ok(String::from(&*r.decode_str()?))
    }
}

impl<'de> DecodeKey<'de> for String {
    #[inline]
    fn decode_key(key: Str<'de, '_>) -> Result<Self, String> {
        Ok(String::from(&*key))
    }
}

impl<'de> Decode<'de> for Box<str> {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        Ok(Box::from(&*r.decode_str()?))
    }
}

impl<'de> DecodeKey<'de> for Box<str> {
    #[inline]
    fn decode_key(key: Str<'de, '_>) -> Result<Self, String> {
        Ok((*key).into())
    }
}

/// Shared strings, for the pointer types serde supports them in.
macro_rules! decode_shared_str {
    ($($ty:ident),*) => {$(
        impl<'de> Decode<'de> for $ty<str> {
            #[inline]
            fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
                Ok($ty::from(&*r.decode_str()?))
            }
        }

        impl<'de> DecodeKey<'de> for $ty<str> {
            #[inline]
            fn decode_key(key: Str<'de, '_>) -> Result<Self, String> {
                Ok($ty::from(&*key))
            }
        }
    )*};
}

decode_shared_str!(Rc, Arc);

impl<'de: 'a, 'a> Decode<'de> for &'a str {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.decode_borrowed_str()
    }
}

impl<'de: 'a, 'a> DecodeKey<'de> for &'a str {
    fn decode_key(key: Str<'de, '_>) -> Result<Self, String> {
        match key {
            Str::Borrowed(text) => Ok(text),
            Str::Scratch(text) => Err(format!(
                "invalid type: string {}, expected a borrowed string",
                super::to_string(text)
            )),
        }
    }
}

/// Borrows from the input when the string has no escapes, owns the unescaped text otherwise.
impl<'de: 'a, 'a> Decode<'de> for Cow<'a, str> {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        Ok(match r.decode_str()? {
            Str::Borrowed(text) => Cow::Borrowed(text),
            Str::Scratch(text) => Cow::Owned(text.to_owned()),
        })
    }
}

impl<'de: 'a, 'a> DecodeKey<'de> for Cow<'a, str> {
    fn decode_key(key: Str<'de, '_>) -> Result<Self, String> {
        Ok(match key {
            Str::Borrowed(text) => Cow::Borrowed(text),
            Str::Scratch(text) => Cow::Owned(text.to_owned()),
        })
    }
}

/// The bytes of a JSON string without escapes, borrowed from the input (serde_json's
/// behaviour for borrowed byte slices).
impl<'de: 'a, 'a> Decode<'de> for &'a [u8] {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.decode_borrowed_str().map(str::as_bytes)
    }
}

impl<'de> Decode<'de> for () {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.decode_null("unit")
    }
}

impl<'de, T: ?Sized> Decode<'de> for PhantomData<T> {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.decode_null("unit").map(|()| PhantomData)
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for Option<T> {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        if r.try_null()? {
            Ok(None)
        } else {
            T::decode(r).map(Some)
        }
    }

    #[inline]
    fn missing() -> Option<Self> {
        Some(None)
    }
}

macro_rules! decode_wrapper {
    ($($ty:ident $(<$param:ident>)? => $wrap:expr;)*) => {$(
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

/// Reads a JSON array element by element into `push`, adding the index to any error's path.
#[inline]
fn decode_seq<'de, T: Decode<'de>>(
    r: &mut Reader<'de>,
    expected: &'static str,
    mut push: impl FnMut(T),
) -> Result<(), Error> {
    r.begin_array(expected)?;
    let mut index = 0;
    while r.array_next(index == 0)? {
        push(T::decode(r).map_err(|e| e.in_index(index))?);
        index += 1;
    }
    Ok(())
}

impl<'de, T: Decode<'de>> Decode<'de> for Vec<T> {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        let mut out = Vec::new();
        decode_seq(r, "a sequence", |item| out.push(item))?;
        Ok(out)
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for VecDeque<T> {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        let mut out = VecDeque::new();
        decode_seq(r, "a sequence", |item| out.push_back(item))?;
        Ok(out)
    }
}

impl<'de, T: Decode<'de> + Ord> Decode<'de> for BTreeSet<T> {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        let mut out = BTreeSet::new();
        decode_seq(r, "a sequence", |item| {
            out.insert(item);
        })?;
        Ok(out)
    }
}

impl<'de, T, S> Decode<'de> for HashSet<T, S>
where
    T: Decode<'de> + Eq + Hash,
    S: BuildHasher + Default,
{
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        let mut out = HashSet::with_hasher(S::default());
        decode_seq(r, "a sequence", |item| {
            out.insert(item);
        })?;
        Ok(out)
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

impl<'de, T: Decode<'de>, const N: usize> Decode<'de> for [T; N] {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        // Filled in place (no heap): small arrays such as coordinates are common.
        let mut items: [Option<T>; N] = std::array::from_fn(|_| None);
        r.begin_array("an array")?;
        for (index, slot) in items.iter_mut().enumerate() {
            if !r.array_next(index == 0)? {
                return Err(r.invalid_length(index, &format!("an array of length {N}")));
            }
            *slot = Some(T::decode(r).map_err(|e| e.in_index(index))?);
        }
        if r.array_next(N == 0)? {
            return Err(r.invalid_length(N + 1, &format!("an array of length {N}")));
        }
        Ok(items.map(|item| match item {
            Some(item) => item,
            None => unreachable!("every slot was filled"),
        }))
    }
}

/// Reads a JSON object entry by entry into `insert`, adding the key to any error's path.
#[inline]
fn decode_map<'de, K: DecodeKey<'de>, V: Decode<'de>>(
    r: &mut Reader<'de>,
    mut insert: impl FnMut(K, V),
) -> Result<(), Error> {
    r.begin_object("a map")?;
    let mut first = true;
    loop {
        let key = match r.object_key(first)? {
            Some(key) => K::decode_key(key),
            None => return Ok(()),
        };
        let key_at = r.last_key_offset();
        let key = key.map_err(|message| r.custom_at(message, key_at))?;
        let value = V::decode(r).map_err(|e| e.in_key(&r.string_at(key_at)))?;
        insert(key, value);
        first = false;
    }
}

impl<'de, K: DecodeKey<'de> + Ord, V: Decode<'de>> Decode<'de> for BTreeMap<K, V> {
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
    K: DecodeKey<'de> + Eq + Hash,
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
            fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
                r.begin_array(concat!("a tuple of size ", $len))?;
                let mut index = 0;
                let value = ($(
                    {
                        if !r.array_next(index == 0)? {
                            return Err(r.invalid_length(index, concat!("a tuple of size ", $len)));
                        }
                        let item = $name::decode(r).map_err(|e| e.in_index(index))?;
                        index += 1;
                        item
                    },
                )+);
                if r.array_next(false)? {
                    return Err(r.invalid_length(index + 1, concat!("a tuple of size ", $len)));
                }
                Ok(value)
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
