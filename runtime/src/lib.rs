//! fastwire: JSON and MessagePack encoders and decoders written at compile time for each of
//! your types.
//!
//! `#[derive(fastwire::Encode, fastwire::Decode)]` reads the `#[serde(...)]` attributes a type
//! already carries and writes, for every enabled format, an encoder and a decoder specialised
//! for it. The JSON encoder writes the bytes serde_json writes for the same type, the
//! MessagePack encoder the bytes rmp-serde writes (`rmp_serde::to_vec_named`); the decoders
//! accept what those accept (see the README for the few deliberate differences) and borrow
//! strings from the input where the type allows.
//!
//! ```
//! use fastwire::{Decode, Encode};
//!
//! #[derive(Encode, Decode, Debug, PartialEq)]
//! #[serde(rename_all = "camelCase")]
//! struct Row {
//!     row_id: u32,
//!     label: String,
//!     #[serde(skip)]
//!     cache: Vec<u8>,
//! }
//!
//! let row = Row { row_id: 1, label: "first".into(), cache: vec![] };
//!
//! let text = fastwire::json::to_string(&row);
//! assert_eq!(text, r#"{"rowId":1,"label":"first"}"#);
//! assert_eq!(fastwire::json::from_str::<Row>(&text).unwrap(), row);
//!
//! let bytes = fastwire::msgpack::to_vec(&row);
//! assert_eq!(bytes, b"\x82\xa5rowId\x01\xa5label\xa5first");
//! assert_eq!(fastwire::msgpack::from_slice::<Row>(&bytes).unwrap(), row);
//! ```
//!
//! # Attributes
//!
//! `#[serde(...)]` is read with serde's vocabulary and meaning; `#[wire(...)]` takes the same
//! words and wins where both speak to the same thing. Supported:
//!
//! | on | attribute |
//! |---|---|
//! | container | `rename`, `rename_all` (every serde case style; also `rename_all(serialize = "...", deserialize = "...")`), `rename_all_fields` (enums), `transparent`, `bound`, `default`, `default = "path"`, `deny_unknown_fields`, `from`, `try_from`, `into`, `expecting`; enum representations: `tag = "..."` (internally tagged; on a struct with named fields, its name under that key), `tag = "..."` with `content = "..."` (adjacently tagged), `untagged`; `field_identifier`, `variant_identifier`; `#[wire(crate = "...")]` (the path to fastwire; `#[serde(crate)]` names serde's and is left to serde); `#[wire(as_array)]` (MessagePack only: a struct, or an enum's struct variants, written as an array of the fields, as `rmp_serde::to_vec` writes them; only trailing fields may have `skip_serializing_if`, since a field left out moves the ones after it); `#[wire(repr)]` (below) |
//! | variant | `rename`, `rename_all`, `alias`, `skip`, `skip_serializing` (encoding such a variant fails with serde's error, see [`EncodeError`]), `skip_deserializing`, `other` (the last, unit variant of a tagged enum: any unknown tag), `untagged` (after the tagged variants: tried when no tag matches), `with` / `serialize_with` / `deserialize_with` naming serde functions that take and give every field (the variant then written as a newtype variant, as serde writes it; `serde` feature), `#[wire(with = "module")]` on a newtype variant (its field), `bound`, `borrow` |
//! | field | `rename`, `alias`, `skip`, `skip_serializing`, `skip_serializing_if = "path"`, `skip_deserializing`, `default`, `default = "path"`, `flatten`, `bound`, `borrow`; `with = "module"` in `#[serde(...)]` naming a serde module, `serialize_with`, `deserialize_with` (through the serde bridge, `serde` feature); `#[wire(with = "module")]` naming a fastwire module (a module holding `json::encode(&T, &mut W)` and `json::decode(&mut Reader) -> Result<T, Error>`, and the same in `msgpack`, over fastwire's writers and readers; [`with`] holds ready ones: timestamps, RFC 3339 with fixed digits, bytes, base64, decimals, format strings); `#[wire(serde)]` (the field goes through its serde impls whatever others it has, `serde` feature) |
//!
//! The [attribute reference](crate::attributes) describes each one, in JSON and in MessagePack,
//! with an example; the [migration guide](crate::migration) shows how a crate using serde moves
//! over.
//!
//! `remote` (with `getter` on its fields) is read as serde reads it: the derives write nothing
//! for a remote definition, and the fields that name it (`#[serde(with = "Def")]`) go through
//! the serde bridge (`serde` feature), with serde's bytes. A variant's `with`,
//! `serialize_with` and `deserialize_with` are not supported yet: a compile error on the
//! word. Any other word is a compile error on that attribute, never silently ignored. A `bound` names
//! the traits generically, as serde's does: `Serialize` (or `Encode`) in it means each
//! format's encode trait, `Deserialize<'de>` (or `Decode<'de>`) and `DeserializeOwned` its
//! decode traits.
//!
//! Tagged, untagged and flattened types: serde buffers such values into a tree of its own
//! values to read them; fastwire collects the members of the object as slices of the input
//! ([`json::FlatEntries`], [`msgpack::FlatEntries`]) and reads each value once from its place,
//! and reads an untagged value by trying each variant on the value's span in turn. A
//! flattened field's type implements [`json::EncodeFlat`] / [`json::DecodeFlat`] (and the
//! MessagePack pair): derived structs with named fields, derived enums whose variants all have
//! an object form, newtypes over such types, maps and `Option`s of them. Flattening anything
//! else (a number, a tuple struct) is a compile error on the field, where serde fails at run
//! time. serde's rules for what the parts of a flattened value take are kept: a struct's
//! fields take their members, a map sees every member no struct took, an internally tagged or
//! untagged enum reads without taking.
//!
//! Types that only implement serde's traits: with the `serde` feature, a field whose type
//! implements `Serialize` / `Deserialize` but not fastwire's traits needs no attribute; the
//! generated code uses fastwire's impl where the type has one and the serde bridge
//! (`fastwire::bridge`) otherwise, writing serde_json's and rmp-serde's bytes into
//! fastwire's buffer and reading from the exact slice of the input (so `semver::Version`,
//! `url::Url` and the like work as they are). A type parameter keeps the fastwire bound
//! serde's would have (`T: Serialize` becomes `T: json::Encode`). Without the feature, such a
//! field is a compile error that says to enable it.
//!
//! Enums as numbers and names: `#[wire(repr)]` on an enum of unit variants with `#[repr(u8)]`
//! (or another integer type) writes each variant as its discriminant, as serde_repr's
//! `Serialize_repr` and `Deserialize_repr` do; an unknown integer is an error with
//! serde_repr's message, or the variant marked `#[serde(other)]`. `#[serde(field_identifier)]`
//! and `#[serde(variant_identifier)]` derive `Decode` for an enum read from a name (in
//! MessagePack also from a `bin` or a variant's position), as serde's derive reads them; in a
//! field identifier the last variant may take every other name, as a `#[serde(other)]` unit
//! variant or a newtype such as `Other(String)`. serde refuses to serialize identifiers, and
//! `Encode` refuses them too.
//!
//! Map keys: serde_json writes and reads newtype and `transparent` structs over key types, and
//! enums of unit variants (as the variant's name), as object keys, so the derives implement
//! `json::EncodeKey` and `json::DecodeKey` for those shapes (for repr enums, the quoted
//! discriminant), bounded by the field's type alone. A type parameter in a map's key position
//! (`K` in `BTreeMap<K, V>`) is bound by the JSON key traits instead of `Encode` / `Decode`.
//! MessagePack keys are plain values.
//!
//! # What the derives write
//!
//! For the `Row` above, `Encode` expands to the equivalent of this impl (the real one spells
//! every path out in full, so a user's own `Option` or `Result` cannot capture it): each key is
//! one pre-escaped string with its punctuation, and the skipped field is simply not there.
//!
//! ```
//! # struct Row { row_id: u32, label: String, cache: Vec<u8> }
//! impl fastwire::json::Encode for Row {
//!     fn encode<W: fastwire::json::Writer>(&self, w: &mut W) {
//!         w.field_open("{\"rowId\":");
//!         fastwire::json::Encode::encode(&self.row_id, w);
//!         w.field(",\"label\":");
//!         fastwire::json::Encode::encode(&self.label, w);
//!         w.end_object(true);
//!     }
//!
//!     fn size_hint(&self) -> usize {
//!         2 + 9 + fastwire::json::Encode::size_hint(&self.row_id)
//!             + 9 + fastwire::json::Encode::size_hint(&self.label)
//!     }
//! }
//!
//! let row = Row { row_id: 1, label: "first".into(), cache: vec![] };
//! assert_eq!(fastwire::json::to_string(&row), r#"{"rowId":1,"label":"first"}"#);
//! ```
//!
//! `Decode` reads the object's members in a loop: each key is compared first with the key of
//! the field declared after the last one read (real documents nearly always follow declaration
//! order), otherwise by length and then bytes; values go to `Option` slots, and absent fields
//! become `None` (for `Option` fields), their default, or a "missing field" error. An array of
//! the fields in order is accepted too, as serde does.
//!
//! The MessagePack impls follow the same plan: each key is pre-encoded with its string header
//! (and the map header with the first key), written together with the field's value; when
//! decoding, "the next declared field" is one comparison of the input against that key, header
//! included. A struct whose fields all have a bounded size (numbers, booleans, fixed arrays of
//! them) is written through one reserved slot, with a single capacity check.
//!
//! # Cargo features
//!
//! - `derive` (default): re-exports the [`Encode`] and [`Decode`] derives.
//! - `json` (default): the [`json`](mod@json) module.
//! - `msgpack` (default): the [`msgpack`](mod@msgpack) module.
//! - `serde`: the `fastwire::bridge` module: values of types that implement only serde's
//!   traits, encoded and decoded through serde_json and rmp-serde inside fastwire's writers
//!   and readers (their failures reported as an [`EncodeError`]), native impls for
//!   `serde_json::Value`, and serde's `Serialize` / `Deserialize` for fastwire's own
//!   `json::Value` and `msgpack::Value`, so they pass to serde-based libraries unchanged.
//! - `chrono`, `time`, `jiff`, `uuid`, `rust_decimal`: those crates' types, written and read
//!   as their own serde impls write and read them; `base64`: `fastwire::with::base64`.
//!
//! Coming from serde_json? The [migration guide](crate::migration) maps its API item by item.
//!
//! Either format can be turned off; the derives then write impls for the other one only.

// `#[inline(always)]` throughout the crate is written
// `#[cfg_attr(not(debug_assertions), inline(always))] #[cfg_attr(debug_assertions, inline)]`:
// an unoptimized build (the one with debug assertions) copies an always-inline body into every
// call, and generated decoders call the small readers at every field, which made a debug build
// of a crate of derived types spend most of its time in LLVM (100 structs: 29.7 s -> 19.0 s of
// rustc time without it) for no speed in that build. Optimized builds inline as written.

#[cfg(any(feature = "json", feature = "msgpack"))]
mod buf;
#[cfg(any(feature = "json", feature = "msgpack"))]
mod encode_error;
#[cfg(any(feature = "json", feature = "msgpack"))]
mod error;
#[cfg(any(feature = "json", feature = "msgpack"))]
mod fill;
#[cfg(any(feature = "json", feature = "msgpack"))]
mod flat;
#[cfg(all(
    any(feature = "json", feature = "msgpack"),
    any(
        feature = "chrono",
        feature = "jiff",
        feature = "rust_decimal",
        feature = "time",
        feature = "uuid"
    )
))]
mod impls;
#[cfg(any(feature = "json", feature = "msgpack"))]
mod limit;
#[cfg(any(feature = "json", feature = "msgpack"))]
mod owned;
#[cfg(any(feature = "json", feature = "msgpack"))]
mod path;
#[cfg(any(feature = "json", feature = "msgpack"))]
mod read_window;
#[cfg(any(feature = "json", feature = "msgpack"))]
mod text_value;
#[cfg(any(feature = "json", feature = "msgpack"))]
mod time;

#[cfg(feature = "serde")]
pub mod bridge;
#[cfg(all(feature = "serde", any(feature = "json", feature = "msgpack")))]
mod dispatch;
#[cfg(any(feature = "json", feature = "msgpack"))]
mod flat_probe;
#[cfg(feature = "json")]
pub mod json;
#[cfg(feature = "msgpack")]
pub mod msgpack;
#[cfg(any(feature = "json", feature = "msgpack"))]
pub mod with;

#[cfg(any(feature = "json", feature = "msgpack"))]
pub use encode_error::EncodeError;

#[doc = include_str!("../docs/attributes.md")]
pub mod attributes {}

#[doc = include_str!("../docs/migration.md")]
pub mod migration {}

/// Derives the encode trait of every enabled format ([`json::Encode`],
/// [`msgpack::Encode`]).
///
/// See the [crate documentation](crate) for the attributes it reads.
#[cfg(feature = "derive")]
pub use fastwire_derive::Encode;

/// Derives the decode trait of every enabled format ([`json::Decode`],
/// [`msgpack::Decode`]).
///
/// See the [crate documentation](crate) for the attributes it reads.
#[cfg(feature = "derive")]
pub use fastwire_derive::Decode;

/// Items used by code that `#[derive(Encode)]` generates. Not public API.
#[doc(hidden)]
pub mod __private {
    pub use core::default::Default;
    pub use core::option::Option::{self, None, Some};
    pub use core::primitive::{bool, str, u64, u8, usize};
    pub use core::result::Result::{self, Err, Ok};
    pub use std::string::String;

    /// An owned copy of `text` (generated code cannot count on `From` being in scope).
    #[inline]
    pub fn string_from(text: &str) -> String {
        String::from(text)
    }

    #[cfg(feature = "serde")]
    pub use serde;

    #[cfg(any(feature = "json", feature = "msgpack"))]
    pub use crate::fill::{through_slot, Filled, Output, Slot, Whole};
    #[cfg(any(feature = "json", feature = "msgpack"))]
    pub use crate::flat_probe::FlatProbe;
    #[cfg(feature = "json")]
    pub use crate::flat_probe::JsonFlatFields;
    #[cfg(feature = "json")]
    pub use crate::flat_probe::JsonFlatRest;
    #[cfg(feature = "msgpack")]
    pub use crate::flat_probe::MsgpackFlatFields;
    #[cfg(feature = "msgpack")]
    pub use crate::flat_probe::MsgpackFlatRest;

    #[cfg(all(feature = "serde", any(feature = "json", feature = "msgpack")))]
    pub use crate::dispatch::{DecodeProbe, Dispatch, MaxSize};
    #[cfg(all(feature = "serde", feature = "json"))]
    pub use crate::dispatch::{
        NativeJsonDecode, NativeJsonEncode, SerdeJsonDecode, SerdeJsonEncode,
    };
    #[cfg(all(feature = "serde", feature = "msgpack"))]
    pub use crate::dispatch::{
        NativeMsgpackDecode, NativeMsgpackEncode, NoMaxSize, SerdeMsgpackDecode, SerdeMsgpackEncode,
    };
}

/// A flattened field of a concrete type read in the enclosing object's pass where its type
/// implements `DecodeFlatFields`, and from the members left otherwise (used by generated
/// code; see `flat_probe.rs`). `$fmt` is `json` or `msgpack`.
#[cfg(any(feature = "json", feature = "msgpack"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __flat {
    (json::$op:ident::<$ty:ty>($($arg:expr),*)) => {{
        #[allow(unused_imports)]
        use $crate::__private::JsonFlatFields as _;
        $crate::__flat!(@call $op, __json_slots, __json_sees_rest, __json_offer, __json_finish, $ty, ($($arg),*))
    }};
    // The last flattened field of a struct read in one pass (see `JsonFlatRest` and
    // `MsgpackFlatRest`).
    (json_rest::$op:ident::<$ty:ty>($($arg:expr),*)) => {{
        #[allow(unused_imports)]
        use $crate::__private::JsonFlatFields as _;
        #[allow(unused_imports)]
        use $crate::__private::JsonFlatRest as _;
        $crate::__flat!(@rest $op, __json_slots, __json_offer, __json_finish, $ty, ($($arg),*))
    }};
    (msgpack_rest::$op:ident::<$ty:ty>($($arg:expr),*)) => {{
        #[allow(unused_imports)]
        use $crate::__private::MsgpackFlatFields as _;
        #[allow(unused_imports)]
        use $crate::__private::MsgpackFlatRest as _;
        $crate::__flat!(@rest $op, __msgpack_slots, __msgpack_offer, __msgpack_finish, $ty, ($($arg),*))
    }};
    (@rest slots, $slots:ident, $offer:ident, $finish:ident, $ty:ty, ()) => {
        (&&&$crate::__private::FlatProbe::<$ty>::new()).$slots()
    };
    (@rest offer, $slots:ident, $offer:ident, $finish:ident, $ty:ty, ($s:expr, $k:expr, $r:expr)) => {
        (&&&$crate::__private::FlatProbe::<$ty>::new()).$offer($s, $k, $r)
    };
    (@rest finish, $slots:ident, $offer:ident, $finish:ident, $ty:ty, ($s:expr, $e:expr)) => {
        (&&&$crate::__private::FlatProbe::<$ty>::new()).$finish($s, $e)
    };
    (msgpack::$op:ident::<$ty:ty>($($arg:expr),*)) => {{
        #[allow(unused_imports)]
        use $crate::__private::MsgpackFlatFields as _;
        $crate::__flat!(@call $op, __msgpack_slots, __msgpack_sees_rest, __msgpack_offer, __msgpack_finish, $ty, ($($arg),*))
    }};
    (@call slots, $slots:ident, $sees:ident, $offer:ident, $finish:ident, $ty:ty, ()) => {
        (&&$crate::__private::FlatProbe::<$ty>::new()).$slots()
    };
    (@call sees_rest, $slots:ident, $sees:ident, $offer:ident, $finish:ident, $ty:ty, ()) => {
        (&&$crate::__private::FlatProbe::<$ty>::new()).$sees()
    };
    (@call offer, $slots:ident, $sees:ident, $offer:ident, $finish:ident, $ty:ty, ($s:expr, $k:expr, $r:expr)) => {
        (&&$crate::__private::FlatProbe::<$ty>::new()).$offer($s, $k, $r)
    };
    (@call finish, $slots:ident, $sees:ident, $offer:ident, $finish:ident, $ty:ty, ($s:expr, $e:expr)) => {
        (&&$crate::__private::FlatProbe::<$ty>::new()).$finish($s, $e)
    };
}

/// Keeps its input when the `serde` feature is enabled (used by generated code).
#[cfg(feature = "serde")]
#[doc(hidden)]
#[macro_export]
macro_rules! __if_serde {
    ($($tokens:tt)*) => { $($tokens)* };
}

/// Keeps its input, code that calls serde functions named by a field's attributes, when the
/// `serde` feature is enabled (used by generated code).
#[cfg(feature = "serde")]
#[doc(hidden)]
#[macro_export]
macro_rules! __with_serde {
    ($($tokens:tt)*) => { $($tokens)* };
}

/// Without the `serde` feature, a field whose attributes name serde functions cannot be
/// written: the error says what to enable (used by generated code).
#[cfg(not(feature = "serde"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __with_serde {
    ($($tokens:tt)*) => {
        ::core::compile_error!("this field goes through serde (`with`, `serialize_with` or `deserialize_with` naming a serde module or function): enable fastwire's `serde` feature, or name a fastwire module with `#[wire(with = \"...\")]`")
    };
}

/// Drops its input when the `serde` feature is disabled (used by generated code).
#[cfg(not(feature = "serde"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __if_serde {
    ($($tokens:tt)*) => {};
}

/// One operation of generated code on one field's value or type, written as the trait call
/// it stands for: with the `serde` feature, fastwire's impl where the field's type has one and
/// otherwise the serde bridge (see `dispatch.rs`); without it, exactly the trait call. Every
/// form is an expression.
///
/// | form | without `serde` |
/// |---|---|
/// | `json::encode(value, w)` | `json::Encode::encode(value, w)` |
/// | `json::size_hint(value)` | `json::Encode::size_hint(value)` |
/// | `json::decode::<Ty>(r)` | `<Ty as json::Decode>::decode(r)` |
/// | `json::missing::<Ty>()` | `<Ty as json::Decode>::missing()` |
/// | `msgpack::encode(value, w)` | `msgpack::Encode::encode(value, w)` |
/// | `msgpack::encode_after(value, prefix, w)` | `msgpack::Encode::encode_after(value, prefix, w)` |
/// | `msgpack::encode_bounded(value, slot)` | `msgpack::Encode::encode_bounded(value, slot)` |
/// | `msgpack::size_hint(value)` | `msgpack::Encode::size_hint(value)` |
/// | `msgpack::MAX_SIZE::<Ty>` | `<Ty as msgpack::Encode>::MAX_SIZE` |
/// | `msgpack::decode::<Ty>(r)` | `<Ty as msgpack::Decode>::decode(r)` |
/// | `msgpack::missing::<Ty>()` | `<Ty as msgpack::Decode>::missing()` |
///
/// `value` is a reference to the field's value. Each form preceded by `serde` (`serde
/// json::encode(value, w)`) goes through the bridge whatever impls the type has (for
/// `#[wire(serde)]`; `MAX_SIZE` is then `None`), and is a compile error without the feature.
#[cfg(feature = "serde")]
#[doc(hidden)]
#[macro_export]
macro_rules! __dispatch {
    (json::encode($value:expr, $w:expr)) => {{
        #[allow(unused_imports)]
        use $crate::__private::NativeJsonEncode as _;
        (&&$crate::__private::Dispatch($value)).__json_encode($w)
    }};
    (json::size_hint($value:expr)) => {{
        #[allow(unused_imports)]
        use $crate::__private::NativeJsonEncode as _;
        (&&$crate::__private::Dispatch($value)).__json_size_hint()
    }};
    (json::decode::<$ty:ty>($r:expr)) => {{
        #[allow(unused_imports)]
        use $crate::__private::NativeJsonDecode as _;
        (&&$crate::__private::DecodeProbe::<$ty>::new()).__json_decode($r)
    }};
    (json::missing::<$ty:ty>()) => {{
        #[allow(unused_imports)]
        use $crate::__private::NativeJsonDecode as _;
        (&&$crate::__private::DecodeProbe::<$ty>::new()).__json_missing()
    }};
    (msgpack::encode($value:expr, $w:expr)) => {{
        #[allow(unused_imports)]
        use $crate::__private::NativeMsgpackEncode as _;
        (&&$crate::__private::Dispatch($value)).__msgpack_encode($w)
    }};
    (msgpack::encode_after($value:expr, $prefix:expr, $w:expr)) => {{
        #[allow(unused_imports)]
        use $crate::__private::NativeMsgpackEncode as _;
        (&&$crate::__private::Dispatch($value)).__msgpack_encode_after($prefix, $w)
    }};
    (msgpack::encode_bounded($value:expr, $slot:expr)) => {{
        #[allow(unused_imports)]
        use $crate::__private::NativeMsgpackEncode as _;
        (&&$crate::__private::Dispatch($value)).__msgpack_encode_bounded($slot)
    }};
    (msgpack::size_hint($value:expr)) => {{
        #[allow(unused_imports)]
        use $crate::__private::NativeMsgpackEncode as _;
        (&&$crate::__private::Dispatch($value)).__msgpack_size_hint()
    }};
    (msgpack::MAX_SIZE::<$ty:ty>) => {{
        #[allow(unused_imports)]
        use $crate::__private::NoMaxSize as _;
        <$crate::__private::MaxSize<$ty>>::MSGPACK
    }};
    (msgpack::decode::<$ty:ty>($r:expr)) => {{
        #[allow(unused_imports)]
        use $crate::__private::NativeMsgpackDecode as _;
        (&&$crate::__private::DecodeProbe::<$ty>::new()).__msgpack_decode($r)
    }};
    (msgpack::missing::<$ty:ty>()) => {{
        #[allow(unused_imports)]
        use $crate::__private::NativeMsgpackDecode as _;
        (&&$crate::__private::DecodeProbe::<$ty>::new()).__msgpack_missing()
    }};
    (msgpack::from_bin_byte::<$ty:ty>($byte:expr)) => {{
        #[allow(unused_imports)]
        use $crate::__private::NativeMsgpackDecode as _;
        (&&$crate::__private::DecodeProbe::<$ty>::new()).__msgpack_from_bin_byte($byte)
    }};
    // `#[wire(serde)]`: through the bridge whatever impls the type has. The receiver is the
    // wrapper itself, which only the bridge's inherent methods take.
    // A flattened field: the bridge's `EncodeFlat` / `DecodeFlat` (`$fmt` is `json` or
    // `msgpack`).
    (serde $fmt:ident::flat($value:expr)) => {
        &$crate::bridge::Serde($value)
    };
    (serde $fmt:ident::decode_flat::<$ty:ty>($entries:expr)) => {
        $crate::__private::Result::map(
            <$crate::bridge::Serde<$ty> as $crate::$fmt::DecodeFlat<'_>>::decode_flat($entries),
            |__s| __s.0,
        )
    };
    (serde json::encode($value:expr, $w:expr)) => {
        $crate::__private::Dispatch($value).__json_encode($w)
    };
    (serde json::size_hint($value:expr)) => {
        $crate::__private::Dispatch($value).__json_size_hint()
    };
    (serde json::decode::<$ty:ty>($r:expr)) => {
        $crate::__private::DecodeProbe::<$ty>::new().__json_decode($r)
    };
    (serde json::missing::<$ty:ty>()) => {
        $crate::__private::DecodeProbe::<$ty>::new().__json_missing()
    };
    (serde msgpack::encode($value:expr, $w:expr)) => {
        $crate::__private::Dispatch($value).__msgpack_encode($w)
    };
    (serde msgpack::encode_after($value:expr, $prefix:expr, $w:expr)) => {
        $crate::__private::Dispatch($value).__msgpack_encode_after($prefix, $w)
    };
    (serde msgpack::encode_bounded($value:expr, $slot:expr)) => {
        $crate::__private::Dispatch($value).__msgpack_encode_bounded($slot)
    };
    (serde msgpack::size_hint($value:expr)) => {
        $crate::__private::Dispatch($value).__msgpack_size_hint()
    };
    (serde msgpack::MAX_SIZE::<$ty:ty>) => {
        $crate::__private::Option::<$crate::__private::usize>::None
    };
    (serde msgpack::decode::<$ty:ty>($r:expr)) => {
        $crate::__private::DecodeProbe::<$ty>::new().__msgpack_decode($r)
    };
    (serde msgpack::decode_rest_of_seq::<$ty:ty>($r:expr, $len:expr)) => {
        $crate::bridge::decode_msgpack_rest_of_seq::<$ty>($r, $len)
    };
    (serde msgpack::missing::<$ty:ty>()) => {
        $crate::__private::DecodeProbe::<$ty>::new().__msgpack_missing()
    };
}

/// One operation of generated code on one field (see the `serde` version): without the
/// `serde` feature, exactly the trait call.
#[cfg(not(feature = "serde"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __dispatch {
    (serde $($operation:tt)*) => {
        ::core::compile_error!("`#[wire(serde)]` needs fastwire's `serde` feature")
    };
    (json::encode($value:expr, $w:expr)) => {
        $crate::json::Encode::encode($value, $w)
    };
    (json::size_hint($value:expr)) => {
        $crate::json::Encode::size_hint($value)
    };
    (json::decode::<$ty:ty>($r:expr)) => {
        <$ty as $crate::json::Decode<'_>>::decode($r)
    };
    (json::missing::<$ty:ty>()) => {
        <$ty as $crate::json::Decode<'_>>::missing()
    };
    (msgpack::encode($value:expr, $w:expr)) => {
        $crate::msgpack::Encode::encode($value, $w)
    };
    (msgpack::encode_after($value:expr, $prefix:expr, $w:expr)) => {
        $crate::msgpack::Encode::encode_after($value, $prefix, $w)
    };
    (msgpack::encode_bounded($value:expr, $slot:expr)) => {
        $crate::msgpack::Encode::encode_bounded($value, $slot)
    };
    (msgpack::size_hint($value:expr)) => {
        $crate::msgpack::Encode::size_hint($value)
    };
    (msgpack::MAX_SIZE::<$ty:ty>) => {
        <$ty as $crate::msgpack::Encode>::MAX_SIZE
    };
    (msgpack::decode::<$ty:ty>($r:expr)) => {
        <$ty as $crate::msgpack::Decode<'_>>::decode($r)
    };
    (msgpack::missing::<$ty:ty>()) => {
        <$ty as $crate::msgpack::Decode<'_>>::missing()
    };
    (msgpack::from_bin_byte::<$ty:ty>($byte:expr)) => {
        <$ty as $crate::msgpack::Decode<'_>>::from_bin_byte($byte)
    };
}

/// Keeps its input when the `json` format is enabled (used by generated code).
#[cfg(feature = "json")]
#[doc(hidden)]
#[macro_export]
macro_rules! __if_json {
    ($($tokens:tt)*) => { $($tokens)* };
}

/// Drops its input when the `json` format is disabled (used by generated code).
#[cfg(not(feature = "json"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __if_json {
    ($($tokens:tt)*) => {};
}

/// Keeps its input when the `msgpack` format is enabled (used by generated code).
#[cfg(feature = "msgpack")]
#[doc(hidden)]
#[macro_export]
macro_rules! __if_msgpack {
    ($($tokens:tt)*) => { $($tokens)* };
}

/// Drops its input when the `msgpack` format is disabled (used by generated code).
#[cfg(not(feature = "msgpack"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __if_msgpack {
    ($($tokens:tt)*) => {};
}

/// The README's examples, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
struct ReadmeDoctests;
