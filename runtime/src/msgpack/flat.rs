//! Maps written as entries of an enclosing map: what `#[serde(flatten)]`, and the content of
//! an internally tagged newtype variant, need from a type.
//!
//! rmp-serde writes a struct with flattened fields as one map whose header counts every entry
//! (it buffers them to count); fastwire asks each flattened value for its count first
//! ([`EncodeFlat::flat_len`]), writes the header, then the entries, with no buffer.

use std::collections::{BTreeMap, HashMap};
use std::hash::BuildHasher;
use std::rc::Rc;
use std::sync::Arc;

use super::{Encode, Writer};

/// A type whose MessagePack form is a map, written entry by entry into a map whose header
/// has counted them.
///
/// ```
/// use fastwire::msgpack::{self, Encode, EncodeFlat, Writer};
///
/// struct Page { number: u32 }
///
/// impl Encode for Page {
///     fn encode<W: Writer>(&self, w: &mut W) {
///         w.write_map_len(self.flat_len());
///         self.encode_flat(w);
///     }
/// }
///
/// impl EncodeFlat for Page {
///     fn flat_len(&self) -> usize {
///         1
///     }
///     fn encode_flat<W: Writer>(&self, w: &mut W) {
///         "number".encode(w);
///         self.number.encode(w);
///     }
/// }
///
/// assert_eq!(msgpack::to_vec(&Page { number: 3 }), b"\x81\xa6number\x03");
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be flattened into a MessagePack map",
    label = "only structs with named fields, maps and enums whose variants are maps can be flattened",
    note = "serde can only flatten structs and maps; a derived struct or enum implements `EncodeFlat` for MessagePack"
)]
pub trait EncodeFlat: Encode {
    /// How many entries [`EncodeFlat::encode_flat`] writes.
    fn flat_len(&self) -> usize;

    /// Writes `self`'s entries, keys and values, with no header.
    fn encode_flat<W: Writer>(&self, w: &mut W);
}

impl<K: Encode, V: Encode> EncodeFlat for BTreeMap<K, V> {
    #[inline]
    fn flat_len(&self) -> usize {
        self.len()
    }
    #[inline]
    fn encode_flat<W: Writer>(&self, w: &mut W) {
        for (key, value) in self {
            key.encode(w);
            value.encode(w);
        }
    }
}

impl<K: Encode, V: Encode, S: BuildHasher> EncodeFlat for HashMap<K, V, S> {
    #[inline]
    fn flat_len(&self) -> usize {
        self.len()
    }
    #[inline]
    fn encode_flat<W: Writer>(&self, w: &mut W) {
        for (key, value) in self {
            key.encode(w);
            value.encode(w);
        }
    }
}

/// `None` writes no entry, as serde's flatten does.
impl<T: EncodeFlat> EncodeFlat for Option<T> {
    #[inline]
    fn flat_len(&self) -> usize {
        self.as_ref().map_or(0, EncodeFlat::flat_len)
    }
    #[inline]
    fn encode_flat<W: Writer>(&self, w: &mut W) {
        if let Some(value) = self {
            value.encode_flat(w);
        }
    }
}

macro_rules! flat_deref {
    ($(impl<$($life:lifetime,)? $param:ident> for $ty:ty;)*) => {$(
        impl<$($life,)? $param: ?Sized + EncodeFlat> EncodeFlat for $ty {
            #[inline]
            fn flat_len(&self) -> usize {
                (**self).flat_len()
            }
            #[inline]
            fn encode_flat<W: Writer>(&self, w: &mut W) {
                (**self).encode_flat(w)
            }
        }
    )*};
}

flat_deref! {
    impl<'a, T> for &'a T;
    impl<'a, T> for &'a mut T;
    impl<T> for Box<T>;
    impl<T> for Rc<T>;
    impl<T> for Arc<T>;
}
