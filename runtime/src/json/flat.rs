//! Objects written as members of an enclosing object: what `#[serde(flatten)]`, and the
//! content of an internally tagged newtype variant, need from a type.
//!
//! A derived struct with named fields, a derived enum whose every variant has an object form,
//! a newtype over such a type, and the maps implement [`EncodeFlat`]; a flattened field of any
//! other type (a number, a sequence, a tuple struct) is refused when compiling, where serde
//! fails at run time.

use std::collections::{BTreeMap, HashMap};
use std::hash::BuildHasher;
use std::rc::Rc;
use std::sync::Arc;

use super::{Encode, EncodeKey, Writer};

/// A type whose JSON form is an object, written member by member into an object that is
/// already open.
///
/// ```
/// use fastwire::json::{self, Encode, EncodeFlat, Writer};
///
/// struct Page { number: u32 }
///
/// impl Encode for Page {
///     fn encode<W: Writer>(&self, w: &mut W) {
///         w.begin_object();
///         let first = self.encode_flat(w, true);
///         w.end_object(!first);
///     }
/// }
///
/// impl EncodeFlat for Page {
///     fn encode_flat<W: Writer>(&self, w: &mut W, first: bool) -> bool {
///         if first { w.field_first(",\"number\":") } else { w.field(",\"number\":") }
///         self.number.encode(w);
///         false
///     }
/// }
///
/// assert_eq!(json::to_string(&Page { number: 3 }), r#"{"number":3}"#);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be flattened into a JSON object",
    label = "only structs with named fields, maps and enums whose variants are objects can be flattened",
    note = "serde can only flatten structs and maps; a derived struct or enum implements `EncodeFlat` for JSON"
)]
pub trait EncodeFlat: Encode {
    /// Writes `self`'s members into an open object. `first` says whether the object has no
    /// member yet (so the next one takes no comma); returns whether that is still so.
    fn encode_flat<W: Writer>(&self, w: &mut W, first: bool) -> bool;
}

/// Writes the entries of a map as members of an open object.
#[inline]
fn encode_entries<'a, W: Writer, K: EncodeKey + 'a, V: Encode + 'a>(
    w: &mut W,
    mut first: bool,
    entries: impl IntoIterator<Item = (&'a K, &'a V)>,
) -> bool {
    for (key, value) in entries {
        w.object_key(first);
        key.encode_key(w);
        w.object_colon();
        value.encode(w);
        first = false;
    }
    first
}

impl<K: EncodeKey, V: Encode> EncodeFlat for BTreeMap<K, V> {
    #[inline]
    fn encode_flat<W: Writer>(&self, w: &mut W, first: bool) -> bool {
        encode_entries(w, first, self)
    }
}

impl<K: EncodeKey, V: Encode, S: BuildHasher> EncodeFlat for HashMap<K, V, S> {
    #[inline]
    fn encode_flat<W: Writer>(&self, w: &mut W, first: bool) -> bool {
        encode_entries(w, first, self)
    }
}

/// `None` writes no member, as serde's flatten does.
impl<T: EncodeFlat> EncodeFlat for Option<T> {
    #[inline]
    fn encode_flat<W: Writer>(&self, w: &mut W, first: bool) -> bool {
        match self {
            Some(value) => value.encode_flat(w, first),
            None => first,
        }
    }
}

macro_rules! flat_deref {
    ($(impl<$($life:lifetime,)? $param:ident> for $ty:ty;)*) => {$(
        impl<$($life,)? $param: ?Sized + EncodeFlat> EncodeFlat for $ty {
            #[inline]
            fn encode_flat<W: Writer>(&self, w: &mut W, first: bool) -> bool {
                (**self).encode_flat(w, first)
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

#[cfg(test)]
mod tests {
    use super::*;

    struct Wrapped<T>(T);

    impl<T: EncodeFlat> Encode for Wrapped<T> {
        fn encode<W: Writer>(&self, w: &mut W) {
            w.field_open("{\"head\":");
            w.write_u64(0);
            let first = self.0.encode_flat(w, false);
            w.end_object(!first);
        }
    }

    #[test]
    fn maps_write_their_entries_inline() {
        let map = BTreeMap::from([("a", 1), ("b", 2)]);
        assert_eq!(
            crate::json::to_string(&Wrapped(&map)),
            r#"{"head":0,"a":1,"b":2}"#
        );
        assert_eq!(
            crate::json::to_string_pretty(&Wrapped(&map)),
            "{\n  \"head\": 0,\n  \"a\": 1,\n  \"b\": 2\n}"
        );
        let none: Option<BTreeMap<&str, i32>> = None;
        assert_eq!(crate::json::to_string(&Wrapped(none)), r#"{"head":0}"#);
    }
}
