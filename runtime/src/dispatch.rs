//! How generated code picks, for each field, fastwire's impl or the serde bridge (with the
//! `serde` feature): a field whose concrete type implements fastwire's trait of the format
//! uses it; a type that implements only serde's traits goes through [`crate::bridge`].
//!
//! The choice is made by method resolution ("autoref specialization"): generated code calls a
//! method on two references to a wrapper, `(&&Dispatch(&value)).__json_encode(w)`. Method
//! lookup tries the receiver as it is first, where only the `Native*` traits (implemented for
//! `&Dispatch<T>` when `T` has fastwire's impl) offer the method; failing that, it derefs once
//! and finds the inherent method of `Dispatch<T>`, the bridge. The bridge's method requires
//! serde's trait through a `Serde*` trait whose `on_unimplemented` message says what to do
//! when a type has neither impl. Associated constants follow the same plan with an inherent
//! constant of [`MaxSize`] (under a bound) before a trait's (without).
//!
//! The code generated for a field goes through [`__dispatch!`](crate::__dispatch), which
//! expands to these calls with the feature and to plain trait calls without it.

use std::marker::PhantomData;

use serde::{Deserialize, Serialize};

#[cfg(feature = "json")]
use crate::json;
#[cfg(feature = "msgpack")]
use crate::msgpack;

/// A value to encode, wrapped so that method resolution can choose its impl (see the module
/// docs).
pub struct Dispatch<'a, T: ?Sized>(pub &'a T);

/// The type of a value to decode, wrapped so that method resolution can choose its impl (see
/// the module docs).
pub struct DecodeProbe<T>(PhantomData<fn() -> T>);

impl<T> DecodeProbe<T> {
    /// The probe for `T`.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub const fn new() -> Self {
        DecodeProbe(PhantomData)
    }
}

impl<T> Default for DecodeProbe<T> {
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn default() -> Self {
        DecodeProbe::new()
    }
}

/// A type, wrapped so that the resolution of an associated constant can choose its impl (see
/// the module docs).
pub struct MaxSize<T: ?Sized>(PhantomData<fn() -> *const T>);

/// What every type's serde impls can do for a field that goes through the bridge.
#[cfg(feature = "json")]
#[diagnostic::on_unimplemented(
    message = "`{Self}` implements neither fastwire's `json::Encode` nor serde's `Serialize`",
    label = "`{Self}` cannot be encoded as JSON",
    note = "derive `fastwire::Encode` (or serde's `Serialize`) for it, implement `fastwire::json::Encode` by hand, or leave the field out with `#[serde(skip_serializing)]`"
)]
pub trait SerdeJsonEncode: Serialize {}

#[cfg(feature = "json")]
// Reported as the trait itself, with its message, rather than as the `Serialize` or
// `Deserialize` this impl needs.
#[diagnostic::do_not_recommend]
impl<T: ?Sized + Serialize> SerdeJsonEncode for T {}

/// What every type's serde impls can do for a field that goes through the bridge.
#[cfg(feature = "json")]
#[diagnostic::on_unimplemented(
    message = "`{Self}` implements neither fastwire's `json::Decode` nor serde's `Deserialize`",
    label = "`{Self}` cannot be decoded from JSON",
    note = "derive `fastwire::Decode` (or serde's `Deserialize`) for it, implement `fastwire::json::Decode` by hand, or leave the field out with `#[serde(skip_deserializing)]`"
)]
pub trait SerdeJsonDecode<'de>: Deserialize<'de> {}

#[cfg(feature = "json")]
// Reported as the trait itself, with its message, rather than as the `Serialize` or
// `Deserialize` this impl needs.
#[diagnostic::do_not_recommend]
impl<'de, T: Deserialize<'de>> SerdeJsonDecode<'de> for T {}

/// What every type's serde impls can do for a field that goes through the bridge.
#[cfg(feature = "msgpack")]
#[diagnostic::on_unimplemented(
    message = "`{Self}` implements neither fastwire's `msgpack::Encode` nor serde's `Serialize`",
    label = "`{Self}` cannot be encoded as MessagePack",
    note = "derive `fastwire::Encode` (or serde's `Serialize`) for it, implement `fastwire::msgpack::Encode` by hand, or leave the field out with `#[serde(skip_serializing)]`"
)]
pub trait SerdeMsgpackEncode: Serialize {}

#[cfg(feature = "msgpack")]
// Reported as the trait itself, with its message, rather than as the `Serialize` or
// `Deserialize` this impl needs.
#[diagnostic::do_not_recommend]
impl<T: ?Sized + Serialize> SerdeMsgpackEncode for T {}

/// What every type's serde impls can do for a field that goes through the bridge.
#[cfg(feature = "msgpack")]
#[diagnostic::on_unimplemented(
    message = "`{Self}` implements neither fastwire's `msgpack::Decode` nor serde's `Deserialize`",
    label = "`{Self}` cannot be decoded from MessagePack",
    note = "derive `fastwire::Decode` (or serde's `Deserialize`) for it, implement `fastwire::msgpack::Decode` by hand, or leave the field out with `#[serde(skip_deserializing)]`"
)]
pub trait SerdeMsgpackDecode<'de>: Deserialize<'de> {}

#[cfg(feature = "msgpack")]
// Reported as the trait itself, with its message, rather than as the `Serialize` or
// `Deserialize` this impl needs.
#[diagnostic::do_not_recommend]
impl<'de, T: Deserialize<'de>> SerdeMsgpackDecode<'de> for T {}

/// fastwire's JSON encoding, preferred where the type has it.
#[cfg(feature = "json")]
pub trait NativeJsonEncode {
    /// [`json::Encode::encode`].
    fn __json_encode<W: json::Writer>(&self, w: &mut W);
    /// [`json::Encode::size_hint`].
    fn __json_size_hint(&self) -> usize;
}

#[cfg(feature = "json")]
impl<T: ?Sized + json::Encode> NativeJsonEncode for &Dispatch<'_, T> {
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn __json_encode<W: json::Writer>(&self, w: &mut W) {
        self.0.encode(w);
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn __json_size_hint(&self) -> usize {
        self.0.size_hint()
    }
}

/// The bridge, for types without fastwire's impl.
#[cfg(feature = "json")]
impl<T: ?Sized> Dispatch<'_, T> {
    /// Writes the value through [`bridge::encode_json`](crate::bridge::encode_json), recording
    /// its error with [`fail`](json::Writer::fail).
    #[inline]
    pub fn __json_encode<W: json::Writer>(&self, w: &mut W)
    where
        T: SerdeJsonEncode,
    {
        if let Err(err) = crate::bridge::encode_json(self.0, w) {
            w.fail(err);
        }
    }

    /// fastwire's default guess: serde says nothing about sizes.
    #[inline]
    pub fn __json_size_hint(&self) -> usize
    where
        T: SerdeJsonEncode,
    {
        8
    }
}

/// fastwire's JSON decoding, preferred where the type has it.
#[cfg(feature = "json")]
pub trait NativeJsonDecode<'de> {
    /// The type decoded.
    type Value;
    /// [`json::Decode::decode`].
    fn __json_decode(&self, r: &mut json::Reader<'de>) -> Result<Self::Value, json::Error>;
    /// The value of an absent field (`Decode::missing`).
    fn __json_missing(&self) -> Option<Self::Value>;
}

#[cfg(feature = "json")]
impl<'de, T: json::Decode<'de>> NativeJsonDecode<'de> for &DecodeProbe<T> {
    type Value = T;

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn __json_decode(&self, r: &mut json::Reader<'de>) -> Result<T, json::Error> {
        T::decode(r)
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn __json_missing(&self) -> Option<T> {
        T::missing()
    }
}

/// The bridge, for types without fastwire's impl.
#[cfg(feature = "json")]
impl<T> DecodeProbe<T> {
    /// Reads the value through [`bridge::decode_json`](crate::bridge::decode_json).
    #[inline]
    pub fn __json_decode<'de>(&self, r: &mut json::Reader<'de>) -> Result<T, json::Error>
    where
        T: SerdeJsonDecode<'de>,
    {
        crate::bridge::decode_json(r)
    }

    /// What serde makes of an absent field ([`bridge::missing`](crate::bridge::missing)).
    #[inline]
    pub fn __json_missing<'de>(&self) -> Option<T>
    where
        T: SerdeJsonDecode<'de>,
    {
        crate::bridge::missing()
    }
}

/// fastwire's MessagePack encoding, preferred where the type has it.
#[cfg(feature = "msgpack")]
pub trait NativeMsgpackEncode {
    /// [`msgpack::Encode::encode`].
    fn __msgpack_encode<W: msgpack::Writer>(&self, w: &mut W);
    /// `msgpack::Encode::encode_after`.
    fn __msgpack_encode_after<W: msgpack::Writer>(&self, prefix: &[u8], w: &mut W);
    /// `msgpack::Encode::encode_bounded`.
    fn __msgpack_encode_bounded(&self, slot: &mut msgpack::Slot<'_>);
    /// [`msgpack::Encode::size_hint`].
    fn __msgpack_size_hint(&self) -> usize;
}

#[cfg(feature = "msgpack")]
impl<T: ?Sized + msgpack::Encode> NativeMsgpackEncode for &Dispatch<'_, T> {
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn __msgpack_encode<W: msgpack::Writer>(&self, w: &mut W) {
        self.0.encode(w);
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn __msgpack_encode_after<W: msgpack::Writer>(&self, prefix: &[u8], w: &mut W) {
        self.0.encode_after(prefix, w);
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn __msgpack_encode_bounded(&self, slot: &mut msgpack::Slot<'_>) {
        self.0.encode_bounded(slot);
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn __msgpack_size_hint(&self) -> usize {
        self.0.size_hint()
    }
}

/// The bridge, for types without fastwire's impl.
#[cfg(feature = "msgpack")]
impl<T: ?Sized> Dispatch<'_, T> {
    /// Writes the value through [`bridge::encode_msgpack`](crate::bridge::encode_msgpack),
    /// recording its error with [`fail`](msgpack::Writer::fail).
    #[inline]
    pub fn __msgpack_encode<W: msgpack::Writer>(&self, w: &mut W)
    where
        T: SerdeMsgpackEncode,
    {
        if let Err(err) = crate::bridge::encode_msgpack(self.0, w) {
            w.fail(err);
        }
    }

    /// Writes `prefix`, then the value through the bridge.
    #[inline]
    pub fn __msgpack_encode_after<W: msgpack::Writer>(&self, prefix: &[u8], w: &mut W)
    where
        T: SerdeMsgpackEncode,
    {
        w.write_raw(prefix);
        self.__msgpack_encode(w);
    }

    /// Never called: a bridged type has no size bound ([`MaxSize`] gives `None`), so no
    /// bounded slot is ever reserved for it. Generated code still names it, in the branch
    /// for bounded fields.
    #[inline]
    pub fn __msgpack_encode_bounded(&self, slot: &mut msgpack::Slot<'_>)
    where
        T: SerdeMsgpackEncode,
    {
        let _ = slot;
        unreachable!("a value encoded through the serde bridge has no size bound")
    }

    /// fastwire's default guess: serde says nothing about sizes.
    #[inline]
    pub fn __msgpack_size_hint(&self) -> usize
    where
        T: SerdeMsgpackEncode,
    {
        8
    }
}

/// fastwire's MessagePack decoding, preferred where the type has it.
#[cfg(feature = "msgpack")]
pub trait NativeMsgpackDecode<'de> {
    /// The type decoded.
    type Value;
    /// [`msgpack::Decode::decode`].
    fn __msgpack_decode(&self, r: &mut msgpack::Reader<'de>)
        -> Result<Self::Value, msgpack::Error>;
    /// The value of an absent field (`Decode::missing`).
    fn __msgpack_missing(&self) -> Option<Self::Value>;
    /// The value of one byte of a `bin` read as a sequence (`Decode::from_bin_byte`).
    fn __msgpack_from_bin_byte(&self, byte: u8) -> Option<Self::Value>;
}

#[cfg(feature = "msgpack")]
impl<'de, T: msgpack::Decode<'de>> NativeMsgpackDecode<'de> for &DecodeProbe<T> {
    type Value = T;

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn __msgpack_from_bin_byte(&self, byte: u8) -> Option<T> {
        T::from_bin_byte(byte)
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn __msgpack_decode(&self, r: &mut msgpack::Reader<'de>) -> Result<T, msgpack::Error> {
        T::decode(r)
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn __msgpack_missing(&self) -> Option<T> {
        T::missing()
    }
}

/// The bridge, for types without fastwire's impl.
#[cfg(feature = "msgpack")]
impl<T> DecodeProbe<T> {
    /// Reads the value through [`bridge::decode_msgpack`](crate::bridge::decode_msgpack).
    #[inline]
    pub fn __msgpack_decode<'de>(&self, r: &mut msgpack::Reader<'de>) -> Result<T, msgpack::Error>
    where
        T: SerdeMsgpackDecode<'de>,
    {
        crate::bridge::decode_msgpack(r)
    }

    /// What serde makes of an absent field ([`bridge::missing`](crate::bridge::missing)).
    #[inline]
    pub fn __msgpack_missing<'de>(&self) -> Option<T>
    where
        T: SerdeMsgpackDecode<'de>,
    {
        crate::bridge::missing()
    }

    /// A type read through serde takes no value from a `bin` byte (rmp-serde reads a `bin`
    /// as a sequence of integers only): the `bin` is refused.
    #[inline]
    pub fn __msgpack_from_bin_byte<'de>(&self, byte: u8) -> Option<T>
    where
        T: SerdeMsgpackDecode<'de>,
    {
        let _ = byte;
        None
    }
}

/// The size bound of a type written through fastwire's impl.
#[cfg(feature = "msgpack")]
impl<T: ?Sized + msgpack::Encode> MaxSize<T> {
    /// `msgpack::Encode::MAX_SIZE`.
    pub const MSGPACK: Option<usize> = T::MAX_SIZE;
}

/// The size bound of a type written through the bridge: none.
#[cfg(feature = "msgpack")]
pub trait NoMaxSize {
    /// No bound.
    const MSGPACK: Option<usize> = None;
}

#[cfg(feature = "msgpack")]
impl<T: ?Sized> NoMaxSize for MaxSize<T> {}
