//! The serde bridge: values of types that implement serde's `Serialize` and `Deserialize`
//! (and not fastwire's traits) encoded into fastwire's writers and decoded from fastwire's
//! readers through serde_json and rmp-serde, with exactly their bytes; and native, fast impls
//! of fastwire's traits for `serde_json::Value`, `Map` and `Number`.
//!
//! | item | what |
//! |---|---|
//! | [`encode_json`], [`encode_msgpack`] | a `T: Serialize` written into a fastwire writer, as `serde_json` (compact or pretty, following the writer) and `rmp_serde::to_vec_named` write it |
//! | [`decode_json`], [`decode_msgpack`] | a `T: Deserialize` read from the exact input of the next value, borrowing from it where `T` borrows |
//! | [`Serde`] | a wrapper whose encode and decode impls of both formats go through the bridge |
//! | [`missing`] | what serde makes of an absent struct field of a given type |
//! | `serde_json::{Value, Map, Number}` | fastwire's encode and decode traits of both formats, written natively (no serde in between) |
//! | [`json::{Value, Map, Number}`](crate::json::Value), [`msgpack::{Value, Integer}`](crate::msgpack::Value) | serde's `Serialize` and `Deserialize`, as serde_json's and rmpv's `Value`s implement them |
//!
//! A type that only implements serde's traits, written by hand inside a fastwire impl:
//!
//! ```
//! use fastwire::{bridge, json, msgpack};
//! use serde::{Deserialize, Deserializer, Serialize, Serializer};
//!
//! /// A version, written by its serde impls as a string such as `"1.2.3"`.
//! #[derive(Debug, PartialEq)]
//! struct Version(u32, u32, u32);
//!
//! impl Serialize for Version {
//!     fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
//!         s.collect_str(&format_args!("{}.{}.{}", self.0, self.1, self.2))
//!     }
//! }
//!
//! impl<'de> Deserialize<'de> for Version {
//!     fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
//!         let text = <&str>::deserialize(d)?;
//!         let mut parts = text.split('.').map(str::parse);
//!         match (parts.next(), parts.next(), parts.next(), parts.next()) {
//!             (Some(Ok(a)), Some(Ok(b)), Some(Ok(c)), None) => Ok(Version(a, b, c)),
//!             _ => Err(serde::de::Error::custom(format!("bad version {text:?}"))),
//!         }
//!     }
//! }
//!
//! /// A fastwire type with a `Version` field, its impls written by hand.
//! #[derive(Debug, PartialEq)]
//! struct Package {
//!     version: Version,
//! }
//!
//! impl<'de> json::Decode<'de> for Package {
//!     fn decode(r: &mut json::Reader<'de>) -> Result<Self, json::Error> {
//!         r.begin_object("a package")?;
//!         let mut version = None;
//!         let mut first = true;
//!         while let Some(key) = r.object_key(first)? {
//!             first = false;
//!             if &*key == "version" {
//!                 version = Some(bridge::decode_json(r).map_err(|e| e.in_field("version"))?);
//!             } else {
//!                 r.skip_value()?;
//!             }
//!         }
//!         Ok(Package { version: version.ok_or_else(|| r.missing_field("version"))? })
//!     }
//! }
//!
//! let package: Package = json::from_str(r#"{"version": "1.20.3"}"#).unwrap();
//! assert_eq!(package, Package { version: Version(1, 20, 3) });
//!
//! // serde's error, at its place in the whole document.
//! let err = json::from_str::<Package>(r#"{"version": "1.x"}"#).unwrap_err();
//! assert_eq!(err.to_string(), r#"bad version "1.x" at version (line 1, column 13)"#);
//!
//! ```
//!
//! Encoding goes through [`Serde`], or, inside a hand-written [`Encode`](crate::json::Encode)
//! impl, through [`encode_json`] and [`encode_msgpack`], whose error goes to the writer's
//! [`fail`](crate::json::Writer::fail):
//!
//! ```
//! use std::collections::BTreeMap;
//! use fastwire::bridge::{self, Serde};
//! use fastwire::json::{self, Writer};
//!
//! /// `value` through its serde impl, inside a fastwire array: `[value]`.
//! struct InArray<'a, T>(&'a T);
//!
//! impl<T: serde::Serialize> json::Encode for InArray<'_, T> {
//!     fn encode<W: Writer>(&self, w: &mut W) {
//!         w.begin_array();
//!         w.array_value(true);
//!         if let Err(err) = bridge::encode_json(self.0, w) {
//!             w.fail(err);
//!         }
//!         w.end_array(true);
//!     }
//! }
//!
//! let map = BTreeMap::from([("b", vec![1, 2]), ("a", vec![])]);
//! // serde_json's pretty layout, indented to where the value stands.
//! assert_eq!(json::to_string_pretty(&InArray(&map)), serde_json::to_string_pretty(&[&map]).unwrap());
//!
//! // serde_json refuses map keys that are not strings, numbers or booleans.
//! let bad = BTreeMap::from([(vec![1u8], 2u8)]);
//! assert_eq!(json::try_to_string(&InArray(&bad)).unwrap_err().to_string(), "key must be a string");
//! // `Serde` does the same for a whole value.
//! assert_eq!(json::try_to_vec(&Serde(&bad)).unwrap_err().to_string(), "key must be a string");
//! assert_eq!(
//!     fastwire::msgpack::to_vec(&Serde(&bad)),
//!     rmp_serde::to_vec_named(&bad).unwrap(),
//! );
//! ```
//!
//! # Encoding can fail
//!
//! A `Serialize` impl may refuse a value (serde_json refuses a map whose keys are not
//! strings, numbers or booleans; an impl may return a custom error). The bridge's encoders
//! return the error as a [`BridgeError`]; [`Serde`]'s encode impls record it with the
//! writer's `fail`, so that [`json::try_to_string`](crate::json::try_to_string) and the other
//! `try_*` functions return it as an [`EncodeError`](crate::EncodeError), `to_writer` as an
//! `io::Error`, and `to_string`, `to_vec` and `encode_into` panic. What was written before a
//! failure stays in the writer; the entry points discard it.
//!
//! # Decoding: one value, checked twice
//!
//! A bridged value is first read past by fastwire (checked as skipped values are: syntax,
//! escapes and UTF-8 in JSON; markers, lengths and UTF-8 in MessagePack), then given, as the
//! exact slice it spans, to serde_json or rmp-serde. Their errors become fastwire's, at their
//! place in the whole input (in JSON the byte serde_json's line and column point at, in
//! MessagePack the value's first byte, since rmp-serde says no more), with serde's message and
//! category (a data error stays a data error, a syntax error one of syntax). The nesting
//! limit inside a bridged value is the other library's own, counted from the value:
//! serde_json's 128 levels, rmp-serde's 1024.
//!
//! # Native `serde_json::Value`
//!
//! `serde_json::Value`, `serde_json::Map<String, Value>` and `serde_json::Number` implement
//! fastwire's encode and decode traits of both formats directly: no serde, no intermediate
//! tree, fastwire's depth limit. JSON output is serde_json's, byte for byte (maps keep the
//! order of serde_json's own `Map`: sorted, or insertion order with its `preserve_order`
//! feature), MessagePack output `rmp_serde::to_vec_named`'s; decoding accepts what
//! serde_json and rmp-serde accept for these types, and classifies numbers as they do.
//!
//! ```
//! use serde_json::{json, Value};
//!
//! let value = json!({"name": "Ada", "tags": ["a", "b"], "age": 36, "score": 0.5});
//! let text = fastwire::json::to_string(&value);
//! assert_eq!(text, serde_json::to_string(&value).unwrap());
//! assert_eq!(fastwire::json::from_str::<Value>(&text).unwrap(), value);
//!
//! let bytes = fastwire::msgpack::to_vec(&value);
//! assert_eq!(bytes, rmp_serde::to_vec_named(&value).unwrap());
//! assert_eq!(fastwire::msgpack::from_slice::<Value>(&bytes).unwrap(), value);
//! ```
//!
//! # fastwire's `Value`s in serde-based code
//!
//! [`json::Value`](crate::json::Value), [`json::Map`](crate::json::Map) and
//! [`json::Number`](crate::json::Number) implement serde's `Serialize` and `Deserialize` as
//! serde_json's `Value`, `Map<String, Value>` and `Number` do (with serde_json's
//! `preserve_order` semantics: keys keep their order), and
//! [`msgpack::Value`](crate::msgpack::Value) and [`msgpack::Integer`](crate::msgpack::Integer)
//! as rmpv's `Value` does (its differences, which follow from the models', are listed on the
//! impls). So a fastwire `Value` passes unchanged to any serde-based library: serde_json and
//! rmp-serde write it as they write the same serde_json or rmpv value, and read it back as
//! fastwire's own decoders read the same bytes; a serde-derived struct can hold one.
//!
//! ```
//! use fastwire::json::Value;
//!
//! let doc = fastwire::json!({"name": "Ada", "tags": ["a", "b"], "age": 36});
//! // serde_json writes it as fastwire does, keys in order...
//! let text = serde_json::to_string(&doc).unwrap();
//! assert_eq!(text, r#"{"name":"Ada","tags":["a","b"],"age":36}"#);
//! assert_eq!(text, fastwire::json::to_string(&doc));
//! // ... and reads it back.
//! assert_eq!(serde_json::from_str::<Value>(&text).unwrap(), doc);
//!
//! // rmp-serde too, and in a value of serde's own types.
//! let bytes = rmp_serde::to_vec(&(1u8, &doc)).unwrap();
//! let (id, back): (u8, Value) = rmp_serde::from_slice(&bytes).unwrap();
//! assert_eq!((id, back), (1, doc));
//!
//! // A MessagePack `Value` through rmp-serde gives fastwire's bytes.
//! let doc = fastwire::msgpack::Value::Map(vec![(1.into(), vec![0u8, 1].into())]);
//! let bytes = rmp_serde::to_vec(&doc).unwrap();
//! assert_eq!(bytes, fastwire::msgpack::to_vec(&doc));
//! assert_eq!(rmp_serde::from_slice::<fastwire::msgpack::Value>(&bytes).unwrap(), doc);
//! ```

use std::fmt;

use serde::de::{self, Deserialize, Deserializer, Visitor};

#[cfg(feature = "json")]
mod json;
#[cfg(feature = "json")]
mod json_value_serde;
#[cfg(feature = "msgpack")]
mod msgpack;
#[cfg(feature = "msgpack")]
mod msgpack_value_serde;
#[cfg(any(feature = "json", feature = "msgpack"))]
mod serde_flat;
#[cfg(any(feature = "json", feature = "msgpack"))]
mod value;
#[cfg(any(feature = "json", feature = "msgpack"))]
mod value_flat;

#[cfg(feature = "json")]
pub use self::json::{decode_json, encode_json};
#[cfg(feature = "msgpack")]
pub use self::msgpack::{decode_msgpack, decode_msgpack_rest_of_seq, encode_msgpack};

/// Why the bridge could not encode a value: the `Serialize` impl, serde_json or rmp-serde
/// refused it. `Display` gives their message (see the [module docs](self) for an example).
pub struct BridgeError {
    message: String,
}

impl BridgeError {
    #[cfg(any(feature = "json", feature = "msgpack"))]
    #[cold]
    fn new(message: impl fmt::Display) -> Self {
        BridgeError {
            message: message.to_string(),
        }
    }
}

impl fmt::Display for BridgeError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl fmt::Debug for BridgeError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "BridgeError({:?})", self.message)
    }
}

impl std::error::Error for BridgeError {}

/// A value encoded and decoded through its serde impls, by the bridge.
///
/// `Serde<T>` implements [`json::Encode`](crate::json::Encode) and
/// [`msgpack::Encode`](crate::msgpack::Encode) for every `T: Serialize`, through
/// [`encode_json`] and [`encode_msgpack`] (an error of the `Serialize` impl is recorded with
/// the writer's `fail`: see [`json::try_to_string`](crate::json::try_to_string)), and
/// [`json::Decode`](crate::json::Decode) and [`msgpack::Decode`](crate::msgpack::Decode) for
/// every `T: Deserialize<'de>`, through [`decode_json`] and [`decode_msgpack`] (an absent
/// struct field of this type is what serde makes of one: `None` for an `Option`, see
/// [`missing`]).
///
/// ```
/// use fastwire::bridge::Serde;
/// use std::net::Ipv4Addr;
///
/// // std's `Ipv4Addr` implements serde's traits (a string in JSON), not fastwire's.
/// let addrs: Vec<Serde<Ipv4Addr>> =
///     fastwire::json::from_str(r#"["10.0.0.1", "127.0.0.1"]"#).unwrap();
/// assert_eq!(addrs[1], Serde(Ipv4Addr::LOCALHOST));
///
/// // In MessagePack, serde writes it as four bytes.
/// let addr: Serde<Ipv4Addr> = fastwire::msgpack::from_slice(b"\x94\x7f\x00\x00\x01").unwrap();
/// assert_eq!(addr.0, Ipv4Addr::LOCALHOST);
///
/// assert_eq!(fastwire::json::to_string(&addrs), r#"["10.0.0.1","127.0.0.1"]"#);
/// assert_eq!(fastwire::msgpack::to_vec(&addr), b"\x94\x7f\x00\x00\x01");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Serde<T>(pub T);

/// `T`'s own serde impl, as it is: a type with a `Serde<T>` field can derive serde's traits
/// too.
impl<T: serde::Serialize> serde::Serialize for Serde<T> {
    #[inline]
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

/// `T`'s own serde impl, as it is.
impl<'de, T: Deserialize<'de>> Deserialize<'de> for Serde<T> {
    #[inline]
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        T::deserialize(deserializer).map(Serde)
    }
}

/// The value serde gives a struct field of type `T` whose key is absent: `Some(None)` for an
/// `Option` (and for any type whose `Deserialize` reads an absent value as serde's `none`),
/// `None` for everything else, which makes the field a "missing field" error.
///
/// ```
/// use fastwire::bridge::missing;
///
/// assert_eq!(missing::<Option<u32>>(), Some(None));
/// assert_eq!(missing::<u32>(), None);
/// ```
pub fn missing<'de, T: Deserialize<'de>>() -> Option<T> {
    T::deserialize(Absent).ok()
}

/// What serde's derive reads an absent field from: `none` for whoever asks for an option, an
/// error for anything else.
struct Absent;

impl<'de> Deserializer<'de> for Absent {
    type Error = de::value::Error;

    fn deserialize_any<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Self::Error> {
        Err(de::Error::custom("missing field"))
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        visitor.visit_none()
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        unit unit_struct newtype_struct seq tuple tuple_struct map struct enum identifier
        ignored_any
    }
}
