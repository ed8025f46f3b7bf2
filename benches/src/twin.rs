//! Declaring a benchmark model once and getting it in both MessagePack forms: the
//! [`models!`](crate::models) macro, and [`ArrayTwin`], which copies a model into its
//! array-form twin.
//!
//! MessagePack writes a struct either as a map keyed by field name (`rmp_serde::to_vec_named`,
//! fastwire's default, zerompk's `#[msgpack(map)]`) or as an array of its fields
//! (`rmp_serde::to_vec`, fastwire's `#[wire(as_array)]`, zerompk's default). The form is a
//! property of the type, so comparing the libraries in both forms takes two types with the same
//! fields. [`models!`](crate::models) declares each struct as written, in map form, and a twin
//! of the same name in a submodule `array`, in array form:
//!
//! - every struct derives serde's `Serialize` and `Deserialize`, fastwire's `Encode` and
//!   `Decode`, zerompk's `ToMessagePack` and `FromMessagePack`, `Debug`, `Clone` and
//!   `PartialEq`;
//! - the map-form struct keeps its attributes: `#[serde(...)]` for serde and fastwire,
//!   `#[msgpack(key = "...")]` wherever serde's name for a field is not the field's own name
//!   (zerompk reads no `serde` attributes), and it gets `#[msgpack(map)]`;
//! - the twin gets `#[wire(as_array)]` and `#[msgpack(array)]` and no field attributes at all:
//!   an array has no keys to rename, and it cannot leave a position out, so an `Option` that the
//!   map form skips when `None` (`skip_serializing_if`) is written as nil in the twin. (rmp-serde
//!   and fastwire both leave a skipped field out of an array too, which shifts every later field:
//!   such bytes cannot be read back.)
//!
//! Field types name other models by their plain names, so inside `array` they resolve to the
//! twins: `Vec<Status>` in `twitter::array::Status` is a `Vec<twitter::array::Status>`.

use std::collections::BTreeMap;

/// A value that has an array-form twin: a model declared with [`models!`](crate::models), or a
/// type built from them (`Vec`, `Option`, `Box`, arrays, `BTreeMap` values) or from plain data,
/// which is its own twin.
pub trait ArrayTwin {
    /// The twin type.
    type Twin;

    /// A copy of `self` in the twin type: the same values, field for field.
    fn to_twin(&self) -> Self::Twin;
}

/// Plain data is its own twin.
macro_rules! self_twin {
    ($($ty:ty),*) => {$(
        impl ArrayTwin for $ty {
            type Twin = $ty;

            fn to_twin(&self) -> $ty {
                self.clone()
            }
        }
    )*};
}

self_twin!(
    (),
    bool,
    u8,
    u16,
    u32,
    u64,
    i8,
    i16,
    i32,
    i64,
    f32,
    f64,
    String
);

impl<T: ArrayTwin> ArrayTwin for Vec<T> {
    type Twin = Vec<T::Twin>;

    fn to_twin(&self) -> Self::Twin {
        self.iter().map(T::to_twin).collect()
    }
}

impl<T: ArrayTwin> ArrayTwin for Option<T> {
    type Twin = Option<T::Twin>;

    fn to_twin(&self) -> Self::Twin {
        self.as_ref().map(T::to_twin)
    }
}

impl<T: ArrayTwin> ArrayTwin for Box<T> {
    type Twin = Box<T::Twin>;

    fn to_twin(&self) -> Self::Twin {
        Box::new(T::to_twin(self))
    }
}

impl<T: ArrayTwin, const N: usize> ArrayTwin for [T; N] {
    type Twin = [T::Twin; N];

    fn to_twin(&self) -> Self::Twin {
        std::array::from_fn(|i| self[i].to_twin())
    }
}

impl<K: Ord + Clone, V: ArrayTwin> ArrayTwin for BTreeMap<K, V> {
    type Twin = BTreeMap<K, V::Twin>;

    fn to_twin(&self) -> Self::Twin {
        self.iter().map(|(k, v)| (k.clone(), v.to_twin())).collect()
    }
}

/// Declares benchmark models in map form, and their array-form twins in a submodule `array`,
/// as the [`twin`](crate::twin) module describes. Takes structs with named, public fields, each
/// followed by a comma, and no generics.
///
/// ```
/// mod point {
///     fastwire_benches::models! {
///         /// A point.
///         #[serde(rename_all = "camelCase")]
///         pub struct Point {
///             /// Across.
///             pub x: i32,
///             /// Down, named `yPos` by serde and so for zerompk too.
///             #[msgpack(key = "yPos")]
///             pub y_pos: i32,
///         }
///     }
/// }
///
/// use fastwire_benches::twin::ArrayTwin;
///
/// let p = point::Point { x: 1, y_pos: 2 };
/// assert_eq!(fastwire::msgpack::to_vec(&p), b"\x82\xa1x\x01\xa4yPos\x02");
/// assert_eq!(zerompk::to_msgpack_vec(&p).unwrap(), b"\x82\xa1x\x01\xa4yPos\x02");
/// let twin: point::array::Point = p.to_twin();
/// assert_eq!(fastwire::msgpack::to_vec(&twin), b"\x92\x01\x02");
/// assert_eq!(rmp_serde::to_vec(&twin).unwrap(), b"\x92\x01\x02");
/// ```
#[macro_export]
macro_rules! models {
    (
        $(
            $(#[$attr:meta])*
            pub struct $name:ident {
                $(
                    $(#[$field_attr:meta])*
                    pub $field:ident: $ty:ty,
                )*
            }
        )*
    ) => {
        $(
            #[derive(
                ::serde::Serialize,
                ::serde::Deserialize,
                ::fastwire::Encode,
                ::fastwire::Decode,
                ::zerompk::ToMessagePack,
                ::zerompk::FromMessagePack,
                ::simd_json_derive::Serialize,
                ::simd_json_derive::Deserialize,
                Debug,
                Clone,
                PartialEq,
            )]
            $(#[$attr])*
            #[msgpack(map)]
            pub struct $name {
                $(
                    $(#[$field_attr])*
                    pub $field: $ty,
                )*
            }
        )*

        /// Array-form twins of this module's models, field for field (see
        /// [`twin`](crate::twin)): written as arrays by fastwire (`#[wire(as_array)]`),
        /// rmp-serde (`rmp_serde::to_vec`) and zerompk (its default form).
        pub mod array {
            #[allow(unused_imports)]
            use super::*;

            $(
                #[doc = concat!(
                    "[`", stringify!($name), "`](super::", stringify!($name),
                    ") in array form; `None`s that the map form leaves out are written as nil."
                )]
                #[derive(
                    ::serde::Serialize,
                    ::serde::Deserialize,
                    ::fastwire::Encode,
                    ::fastwire::Decode,
                    ::zerompk::ToMessagePack,
                    ::zerompk::FromMessagePack,
                    Debug,
                    Clone,
                    PartialEq,
                )]
                #[wire(as_array)]
                #[msgpack(array)]
                pub struct $name {
                    $(
                        #[doc = concat!(
                            "[`", stringify!($name), "::", stringify!($field), "`](super::",
                            stringify!($name), "::", stringify!($field), ")."
                        )]
                        pub $field: $ty,
                    )*
                }

                impl $crate::twin::ArrayTwin for super::$name {
                    type Twin = $name;

                    fn to_twin(&self) -> $name {
                        $name {
                            $($field: $crate::twin::ArrayTwin::to_twin(&self.$field),)*
                        }
                    }
                }
            )*
        }
    };
}
