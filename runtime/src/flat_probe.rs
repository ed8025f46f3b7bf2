//! How generated code reads a flattened field of a concrete type in the enclosing object's
//! one pass: through the type's `DecodeFlatFields` where it has one (derived structs), and
//! otherwise through its `DecodeFlat` once the object is read. The choice is made when
//! compiling, by method resolution: the trait impls below are on `&FlatProbe<T>` and apply
//! only where `T: DecodeFlatFields`; the inherent methods on `FlatProbe<T>` (one
//! auto-dereference further) are the fallback. A probe holds no data.
//!
//! The last flattened field of a struct read in one pass has one more level: its calls go
//! through `&&&FlatProbe<T>` with `JsonFlatRest` / `MsgpackFlatRest` in scope, whose impls on
//! `&&FlatProbe<T>` apply where `T: DecodeFlatRest` (a map, which then reads the members
//! nothing else took in the pass); any other type resolves one dereference further, as every
//! other field's calls do.

use std::marker::PhantomData;

/// The probe for a flattened field of type `T`.
pub struct FlatProbe<T>(PhantomData<fn() -> T>);

impl<T> FlatProbe<T> {
    /// The probe for `T`.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub const fn new() -> Self {
        FlatProbe(PhantomData)
    }
}

impl<T> Default for FlatProbe<T> {
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn default() -> Self {
        FlatProbe::new()
    }
}

/// Declares, for one format, the trait of the `DecodeFlatFields` path and the fallback's
/// inherent methods; `$key` is the type of the key a member is offered with.
macro_rules! probe {
    ($format:ident, $Native:ident, $slots:ident, $sees_rest:ident, $offer:ident, $finish:ident, $key:ty) => {
        /// The `DecodeFlatFields` path (see the module docs).
        pub trait $Native<'de> {
            /// The field's type.
            type Value;
            /// Its slots.
            type Slots;
            /// [`DecodeFlatFields::slots`](crate::$format::DecodeFlatFields::slots).
            fn $slots(&self) -> Self::Slots;
            /// [`DecodeFlatFields::SEES_REST`](crate::$format::DecodeFlatFields::SEES_REST).
            fn $sees_rest(&self) -> bool;
            /// [`DecodeFlatFields::offer`](crate::$format::DecodeFlatFields::offer).
            fn $offer(
                &self,
                slots: &mut Self::Slots,
                key: $key,
                r: &mut crate::$format::Reader<'de>,
            ) -> Result<bool, crate::$format::Error>;
            /// [`DecodeFlatFields::finish`](crate::$format::DecodeFlatFields::finish).
            fn $finish(
                &self,
                slots: Self::Slots,
                entries: &mut crate::$format::FlatEntries<'de, '_>,
            ) -> Result<Self::Value, crate::$format::Error>;
        }

        impl<'de, T: crate::$format::DecodeFlatFields<'de>> $Native<'de> for &FlatProbe<T> {
            type Value = T;
            type Slots = T::Slots;

            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn $slots(&self) -> T::Slots {
                T::slots()
            }

            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn $sees_rest(&self) -> bool {
                T::SEES_REST
            }

            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn $offer(
                &self,
                slots: &mut T::Slots,
                key: $key,
                r: &mut crate::$format::Reader<'de>,
            ) -> Result<bool, crate::$format::Error> {
                T::offer(slots, key, r)
            }

            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn $finish(
                &self,
                slots: T::Slots,
                entries: &mut crate::$format::FlatEntries<'de, '_>,
            ) -> Result<T, crate::$format::Error> {
                T::finish(slots, entries)
            }
        }

        impl<T> FlatProbe<T> {
            /// No slots: the fallback takes no member in the pass.
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            pub fn $slots(&self) {}

            /// The fallback reads every member left, as far as the fields after it know.
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            pub fn $sees_rest(&self) -> bool {
                true
            }

            /// Takes no member.
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            pub fn $offer<'de>(
                &self,
                _: &mut (),
                _: $key,
                _: &mut crate::$format::Reader<'de>,
            ) -> Result<bool, crate::$format::Error> {
                Ok(false)
            }

            /// Reads the value from the members left, through `DecodeFlat`.
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            pub fn $finish<'de>(
                &self,
                _: (),
                entries: &mut crate::$format::FlatEntries<'de, '_>,
            ) -> Result<T, crate::$format::Error>
            where
                T: crate::$format::DecodeFlat<'de>,
            {
                T::decode_flat(entries)
            }
        }
    };
}

#[cfg(feature = "json")]
probe!(
    json,
    JsonFlatFields,
    __json_slots,
    __json_sees_rest,
    __json_offer,
    __json_finish,
    &str
);

/// The probe one level above [`JsonFlatFields`], for the last flattened field of a struct
/// read in one pass: a map there reads the members nothing else took in the pass
/// ([`DecodeFlatRest`](crate::json::DecodeFlatRest)). Only that field's calls have it in
/// scope (and one more `&`), so every other field resolves as before.
#[cfg(feature = "json")]
pub trait JsonFlatRest<'de> {
    /// The map.
    type Value;
    /// The map read so far.
    type Slots;
    /// Nothing read yet.
    fn __json_slots(&self) -> Self::Slots;
    /// Offers a member nothing else took.
    fn __json_offer(
        &self,
        slots: &mut Self::Slots,
        key: &str,
        r: &mut crate::json::Reader<'de>,
    ) -> Result<bool, crate::json::Error>;
    /// The map, with the members collected.
    fn __json_finish(
        &self,
        slots: Self::Slots,
        entries: &mut crate::json::FlatEntries<'de, '_>,
    ) -> Result<Self::Value, crate::json::Error>;
}

#[cfg(feature = "json")]
impl<'de, T: crate::json::DecodeFlatRest<'de>> JsonFlatRest<'de> for &&FlatProbe<T> {
    type Value = T;
    type Slots = T::RestSlots;

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn __json_slots(&self) -> T::RestSlots {
        T::rest_slots()
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn __json_offer(
        &self,
        slots: &mut T::RestSlots,
        key: &str,
        r: &mut crate::json::Reader<'de>,
    ) -> Result<bool, crate::json::Error> {
        T::offer_rest(slots, key, r)
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn __json_finish(
        &self,
        slots: T::RestSlots,
        entries: &mut crate::json::FlatEntries<'de, '_>,
    ) -> Result<T, crate::json::Error> {
        T::finish_rest(slots, entries)
    }
}

#[cfg(feature = "msgpack")]
probe!(
    msgpack,
    MsgpackFlatFields,
    __msgpack_slots,
    __msgpack_sees_rest,
    __msgpack_offer,
    __msgpack_finish,
    Option<crate::msgpack::Key<'de>>
);

/// [`JsonFlatRest`] for MessagePack
/// ([`DecodeFlatRest`](crate::msgpack::DecodeFlatRest)).
#[cfg(feature = "msgpack")]
pub trait MsgpackFlatRest<'de> {
    /// The map.
    type Value;
    /// The map read so far.
    type Slots;
    /// Nothing read yet.
    fn __msgpack_slots(&self) -> Self::Slots;
    /// Offers an entry nothing else took.
    fn __msgpack_offer(
        &self,
        slots: &mut Self::Slots,
        key: Option<crate::msgpack::Key<'de>>,
        r: &mut crate::msgpack::Reader<'de>,
    ) -> Result<bool, crate::msgpack::Error>;
    /// The map, with the entries collected.
    fn __msgpack_finish(
        &self,
        slots: Self::Slots,
        entries: &mut crate::msgpack::FlatEntries<'de, '_>,
    ) -> Result<Self::Value, crate::msgpack::Error>;
}

#[cfg(feature = "msgpack")]
impl<'de, T: crate::msgpack::DecodeFlatRest<'de>> MsgpackFlatRest<'de> for &&FlatProbe<T> {
    type Value = T;
    type Slots = T::RestSlots;

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn __msgpack_slots(&self) -> T::RestSlots {
        T::rest_slots()
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn __msgpack_offer(
        &self,
        slots: &mut T::RestSlots,
        key: Option<crate::msgpack::Key<'de>>,
        r: &mut crate::msgpack::Reader<'de>,
    ) -> Result<bool, crate::msgpack::Error> {
        T::offer_rest(slots, key, r)
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn __msgpack_finish(
        &self,
        slots: T::RestSlots,
        entries: &mut crate::msgpack::FlatEntries<'de, '_>,
    ) -> Result<T, crate::msgpack::Error> {
        T::finish_rest(slots, entries)
    }
}
