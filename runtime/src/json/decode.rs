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

use super::reader::{ParsedNumber, Reader, Str};
use super::Error;
use crate::fill::Fill;

/// A type that can be read from JSON.
///
/// Usually derived with `#[derive(fastwire::Decode)]`, which reads the type's `#[serde(...)]`
/// attributes; implemented here for the std types serde supports, accepting the same input as
/// serde_json. `'de` is the lifetime of the input, which borrowed fields (`&'de str`) point into.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be decoded from JSON by fastwire",
    label = "`{Self}` does not implement `fastwire::json::Decode`",
    note = "derive it with `#[derive(fastwire::Decode)]`, implement `fastwire::json::Decode` by hand, or leave the field out with `#[serde(skip_deserializing)]`",
    note = "if it implements serde's traits, enable fastwire's `serde` feature or add `#[wire(serde)]` to the field"
)]
pub trait Decode<'de>: Sized {
    /// Reads one value of this type from `r`.
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error>;

    /// Reads one value of this type from `r` and puts it where `out` says: into a slot of
    /// the caller's (the next element of a `Vec`), or returned as the whole input, after
    /// checking that only whitespace follows it (what `from_slice` reads). Derived structs build
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
}

/// A type that can be decoded from JSON of any lifetime: it borrows nothing from the input.
/// Needed by [`from_reader`](super::from_reader), whose input buffer is temporary.
pub trait DecodeOwned: for<'de> Decode<'de> {}

impl<T: for<'de> Decode<'de>> DecodeOwned for T {}

/// A type usable as a JSON object key when decoding maps, read from the key as serde_json reads
/// it: strings (and chars) from the key's text with escapes resolved; integers and booleans
/// from its raw text, the bytes as written between the quotes, where an escape is never part
/// of a number or literal (`{"\u0031": 0}` is not a map with key `1`).
///
/// The key arrives as a [`Str`]: `Str::Borrowed` when it had no escapes, so its text is the
/// raw text too; `Str::Scratch` when it had escapes (see [`Str`]).
///
/// ```
/// use std::collections::BTreeMap;
/// use fastwire::json;
///
/// let map: BTreeMap<i32, bool> = json::from_str(r#"{"-1": true, "20": false}"#).unwrap();
/// assert_eq!(map, BTreeMap::from([(-1, true), (20, false)]));
///
/// // Exactly the keys serde_json accepts for an integer type.
/// for refused in [r#"{"\u0031": true}"#, r#"{"-0": true}"#, r#"{"01": true}"#, r#"{"+1": true}"#] {
///     assert!(json::from_str::<BTreeMap<i32, bool>>(refused).is_err(), "{refused}");
/// }
/// let err = json::from_str::<BTreeMap<u8, bool>>(r#"{"256": true}"#).unwrap_err();
/// assert_eq!(err.to_string(), "invalid value: integer `256`, expected u8 (line 1, column 7)");
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be decoded from a JSON object key",
    label = "JSON object keys decode into strings, integers, chars or booleans"
)]
pub trait DecodeKey<'de>: Sized {
    /// Converts the key, or says why it does not fit (the caller adds the position, the
    /// key's opening quote).
    fn decode_key(key: Str<'de, '_>) -> Result<Self, String>;
}

/// serde_json's message for a key of a numeric type that does not start like a number
/// (including a key that starts with an escape).
const NOT_A_NUMBER_KEY: &str = "invalid value: expected key to be a number in quotes";

/// serde_json's message for a numeric key that goes on after its number.
const NUMBER_KEY_GOES_ON: &str = "expected `\"`";

/// The raw text of a key of a numeric type. A key with escapes is refused: serde_json reads
/// the raw bytes, and a backslash is never part of a number. (Where the escape stands changes
/// serde_json's message; `Str` does not say, so the message is the one for an escape first.)
fn numeric_key_text<'de>(key: Str<'de, '_>) -> Result<&'de str, String> {
    match key {
        Str::Borrowed(raw) if matches!(raw.as_bytes().first(), Some(b'0'..=b'9' | b'-')) => Ok(raw),
        _ => Err(NOT_A_NUMBER_KEY.to_owned()),
    }
}

/// A key read as serde_json reads keys of the integer types up to 64 bits: a JSON number at the
/// start of the raw text, classified as numbers in values are (so `-0`, `1.5` and `1e2` are
/// floats, and integers beyond the 64-bit ranges too), handed to `visit` (which checks the
/// type and range), and only then the end of the key.
fn integer_key<T>(
    key: Str<'_, '_>,
    visit: impl FnOnce(ParsedNumber) -> Result<T, String>,
) -> Result<T, String> {
    let raw = numeric_key_text(key)?;
    let mut number_reader = Reader::new(raw, 1);
    let number = number_reader.parse_number().map_err(|err| {
        // Within a key the closing quote follows, so a number cut short is an invalid one.
        if err.to_string().starts_with("number out of range") {
            "number out of range".to_owned()
        } else {
            "invalid number".to_owned()
        }
    })?;
    let value = visit(number)?;
    if number_reader.offset() != raw.len() {
        return Err(NUMBER_KEY_GOES_ON.to_owned());
    }
    Ok(value)
}

/// What serde's integer visitors make of a number: the value when it fits `T`, otherwise
/// their "invalid value" (an integer out of range) or "invalid type" (a float) message.
fn visit_integer<T: TryFrom<u64> + TryFrom<i64>>(
    number: ParsedNumber,
    expected: &str,
) -> Result<T, String> {
    let fitted = match number {
        ParsedNumber::U64(value) => T::try_from(value).map_err(|_| value.to_string()),
        ParsedNumber::I64(value) => T::try_from(value).map_err(|_| value.to_string()),
        ParsedNumber::F64(value) => {
            return Err(format!(
                "invalid type: floating point `{}`, expected {expected}",
                SerdeFloat(value)
            ))
        }
    };
    fitted.map_err(|value| format!("invalid value: integer `{value}`, expected {expected}"))
}

/// A float as serde's messages show it (`Unexpected::Float`): Rust's `Display`, with `.0`
/// added when that has no decimal point.
pub(super) struct SerdeFloat(pub(super) f64);

impl std::fmt::Display for SerdeFloat {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let text = self.0.to_string();
        f.write_str(&text)?;
        if self.0.is_finite() && !text.contains('.') {
            f.write_str(".0")?;
        }
        Ok(())
    }
}

/// The sign and digits of a 128-bit key, as serde_json scans them: an optional `-` (refused
/// for `u128`, even on zero), then `0` or a run of digits not starting with `0`. Returns the
/// sign and digits as text and the rest of the key.
fn integer128_key_text<'de>(
    key: Str<'de, '_>,
    signed: bool,
) -> Result<(&'de str, &'de str), String> {
    let raw = numeric_key_text(key)?;
    let negative = raw.starts_with('-');
    if negative && !signed {
        return Err("number out of range".to_owned());
    }
    let digits = &raw.as_bytes()[usize::from(negative)..];
    let len = match digits {
        [b'0', b'0'..=b'9', ..] => return Err("invalid number".to_owned()),
        [b'0', ..] => 1,
        [b'1'..=b'9', ..] => digits.iter().take_while(|b| b.is_ascii_digit()).count(),
        _ => return Err("invalid number".to_owned()),
    };
    Ok(raw.split_at(usize::from(negative) + len))
}

/// Integers up to 64 bits read at full width by `$read`, then narrowed with a range check;
/// keys read as serde_json reads them ([`integer_key`]).
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
                integer_key(key, |number| visit_integer(number, stringify!($ty)))
            }
        }
    )*};
}

decode_integer!(decode_u64 => u8, u16, u32, u64, usize);
decode_integer!(decode_i64 => i8, i16, i32, i64, isize);

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

/// A 128-bit key as serde_json reads it: exact digits (no float detour, so `1.5` and `1e2`
/// stop after the integer part, at the "expected `\"`" check), then `visit`, then the end.
macro_rules! decode_integer128_key {
    ($($ty:ident, $signed:literal, $expected:literal, $new:expr;)*) => {$(
        impl<'de> DecodeKey<'de> for $ty {
            fn decode_key(key: Str<'de, '_>) -> Result<Self, String> {
                let (number, rest) = integer128_key_text(key, $signed)?;
                let value = number.parse().map_err(|_| "number out of range".to_owned())?;
                let value = $new(value).ok_or_else(|| {
                    concat!("invalid value: integer `0`, expected ", $expected).to_owned()
                })?;
                if !rest.is_empty() {
                    return Err(NUMBER_KEY_GOES_ON.to_owned());
                }
                Ok(value)
            }
        }
    )*};
}

decode_integer128_key! {
    u128, false, "u128", Some::<u128>;
    i128, true, "i128", Some::<i128>;
    NonZeroU128, false, "a nonzero u128", NonZeroU128::new;
    NonZeroI128, true, "a nonzero i128", NonZeroI128::new;
}

/// Non-zero integers read as their integer type, then checked; keys as serde reads them,
/// with its `a nonzero u8` in every message.
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

macro_rules! decode_nonzero_key {
    ($($ty:ident($inner:ident)),*) => {$(
        impl<'de> DecodeKey<'de> for $ty {
            fn decode_key(key: Str<'de, '_>) -> Result<Self, String> {
                const EXPECTED: &str = concat!("a nonzero ", stringify!($inner));
                integer_key(key, |number| {
                    let value: $inner = visit_integer(number, EXPECTED)?;
                    $ty::new(value).ok_or_else(|| {
                        format!("invalid value: integer `0`, expected {EXPECTED}")
                    })
                })
            }
        }
    )*};
}

decode_nonzero_key!(
    NonZeroU8(u8),
    NonZeroU16(u16),
    NonZeroU32(u32),
    NonZeroU64(u64),
    NonZeroUsize(usize),
    NonZeroI8(i8),
    NonZeroI16(i16),
    NonZeroI32(i32),
    NonZeroI64(i64),
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

/// A key read as serde_json reads a `bool` key: `true` or `false` exactly, from the raw text.
/// A key starting with `t` or `f` that is neither (an escape included) is "expected ident";
/// any other is an invalid type. (serde_json's message for the latter leaves out the key's
/// first character, a slip not copied here: the key is shown whole.)
impl<'de> DecodeKey<'de> for bool {
    fn decode_key(key: Str<'de, '_>) -> Result<Self, String> {
        match key {
            Str::Borrowed("true") => Ok(true),
            Str::Borrowed("false") => Ok(false),
            _ if key.starts_with(['t', 'f']) => Err("expected ident".to_owned()),
            _ => Err(format!(
                "invalid type: string {}, expected a boolean",
                super::to_string(&*key)
            )),
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

/// A key read as serde_json reads a `char` key: from its text with escapes resolved, which
/// must be one character.
impl<'de> DecodeKey<'de> for char {
    fn decode_key(key: Str<'de, '_>) -> Result<Self, String> {
        single_char(&key).map_err(|found| format!("invalid value: {found}, expected a character"))
    }
}

impl<'de> Decode<'de> for String {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.decode_string()
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

/// Always owned, as serde reads a `Cow` (a field with `#[serde(borrow)]` borrows instead:
/// the derive reads it with the reader's borrowing read). Owning is what lets a
/// `Cow<'static, str>` be decoded from any input, as [`DecodeOwned`] requires.
impl<'de, 'a> Decode<'de> for Cow<'a, str> {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        String::decode(r).map(Cow::Owned)
    }
}

/// Always owned, as serde reads a `Cow` key.
impl<'de, 'a> DecodeKey<'de> for Cow<'a, str> {
    fn decode_key(key: Str<'de, '_>) -> Result<Self, String> {
        Ok(Cow::Owned(String::from(&*key)))
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
        r.check_item(index)?;
        push(T::decode(r).map_err(|e| e.in_index(index))?);
        index += 1;
    }
    Ok(())
}

impl<'de, T: Decode<'de>> Decode<'de> for Vec<T> {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        let mut out = Fill::with_capacity(0);
        if !r.at_sole_top() {
            // Each element built in its place in the buffer (see `Decode::decode_out`).
            r.begin_array("a sequence")?;
            let mut index = 0;
            while r.array_next(index == 0)? {
                r.check_item(index)?;
                out.push_with(|slot| T::decode_out(r, slot))
                    .map_err(|e| e.in_index(index))?;
                index += 1;
            }
            return Ok(out.into_vec());
        }
        // The array is the whole document (a list as APIs return them): after its first
        // element, room for as many more as the rest of the input would hold at that
        // element's length, within twice the input's size in memory, rather than growing by
        // doubling and copying.
        r.begin_array("a sequence")?;
        let mut index = 0;
        while r.array_next(index == 0)? {
            r.check_item(index)?;
            let start = r.offset();
            out.push_with(|slot| T::decode_out(r, slot))
                .map_err(|e| e.in_index(index))?;
            if index == 0 {
                let each = r.offset() - start + 1;
                let rest = r.remaining_len();
                let by_memory = rest.saturating_mul(2) / std::mem::size_of::<T>().max(1);
                out.reserve((rest / each).min(by_memory).min(r.max_items()));
                out.advise_huge_pages();
            }
            index += 1;
        }
        // A first element shorter than the rest leaves room unused: no more than growing by
        // doubling would have left.
        let mut out = out.into_vec();
        if out.capacity() / 2 > out.len() {
            out.shrink_to_fit();
        }
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
    let mut count = 0;
    loop {
        let key = match r.object_key(count == 0)? {
            Some(key) => K::decode_key(key),
            None => return Ok(()),
        };
        r.check_item(count)?;
        let key_at = r.last_key_offset();
        let key = key.map_err(|message| r.custom_at(message, key_at))?;
        let value = V::decode(r).map_err(|e| e.in_key(&r.string_at(key_at)))?;
        insert(key, value);
        count += 1;
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
