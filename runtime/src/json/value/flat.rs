//! [`Map`] and [`Value`] as flattened fields (`#[serde(flatten)] extra: json::Map`), the usual
//! way to keep the members a struct does not name, in both formats: written as members of
//! the enclosing object, read from every member no other part of the value took.
//!
//! Each impl does what serde does for serde_json's `Map` and `Value` in the same place. When
//! encoding, a flattened `Value` that is an object writes its members, `null` writes none
//! (serde writes a flattened unit as nothing), and any other value fails with serde's
//! message. When decoding, a flattened `Map` or `Value` sees every member that the struct's
//! own fields, and the flattened structs and enums before it, did not take, in input order,
//! and takes none of them (serde's rule for flattened maps): a second flattened map sees
//! them too, and `deny_unknown_fields` still refuses them.

use super::{Map, Value};

/// serde's words for a flattened value that is neither an object nor `null`: what its
/// flattening serializer says of each kind of value it cannot write as members.
#[cold]
fn not_an_object(value: &Value) -> &'static str {
    match value {
        Value::Bool(_) => "can only flatten structs and maps (got a boolean)",
        Value::Number(number) if number.is_f64() => {
            "can only flatten structs and maps (got a float)"
        }
        Value::Number(_) => "can only flatten structs and maps (got an integer)",
        Value::String(_) => "can only flatten structs and maps (got a string)",
        Value::Array(_) => "can only flatten structs and maps (got a sequence)",
        // Written as members, or as none: never refused.
        Value::Null | Value::Object(_) => "can only flatten structs and maps",
    }
}

mod json_flat {
    use super::{not_an_object, Map, Value};
    use crate::json::{Decode, DecodeFlat, Encode, EncodeFlat, Error, FlatEntries, Writer};

    /// The entries as members of the enclosing object, in the map's order.
    ///
    /// ```
    /// use fastwire::json::{self, Map};
    ///
    /// #[derive(fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
    /// struct User {
    ///     id: u32,
    ///     #[serde(flatten)]
    ///     extra: Map,
    /// }
    ///
    /// let extra = fastwire::json!({ "b": [1], "a": null }).as_object().unwrap().clone();
    /// let user = User { id: 7, extra };
    /// assert_eq!(json::to_string(&user), r#"{"id":7,"b":[1],"a":null}"#);
    /// ```
    impl EncodeFlat for Map {
        #[inline]
        fn encode_flat<W: Writer>(&self, w: &mut W, mut first: bool) -> bool {
            for (key, value) in self {
                w.object_key(first);
                w.write_str(key);
                w.object_colon();
                value.encode(w);
                first = false;
            }
            first
        }
    }

    /// An object's members as members of the enclosing object; `null` writes none. Any
    /// other value is an error, as in serde: the `try_*` functions return it (with serde's
    /// message), the others panic.
    ///
    /// ```
    /// use fastwire::json::{self, Value};
    ///
    /// #[derive(fastwire::Encode, Debug)]
    /// struct Event {
    ///     kind: String,
    ///     #[serde(flatten)]
    ///     data: Value,
    /// }
    ///
    /// let event = Event { kind: "click".into(), data: fastwire::json!({ "x": 3 }) };
    /// assert_eq!(json::to_string(&event), r#"{"kind":"click","x":3}"#);
    ///
    /// let event = Event { kind: "tick".into(), data: Value::Null };
    /// assert_eq!(json::to_string(&event), r#"{"kind":"tick"}"#);
    ///
    /// let event = Event { kind: "bad".into(), data: fastwire::json!([1]) };
    /// let err = json::try_to_string(&event).unwrap_err();
    /// assert_eq!(err.to_string(), "can only flatten structs and maps (got a sequence)");
    /// ```
    impl EncodeFlat for Value {
        fn encode_flat<W: Writer>(&self, w: &mut W, first: bool) -> bool {
            match self {
                Value::Object(map) => map.encode_flat(w, first),
                Value::Null => first,
                _ => {
                    w.fail(not_an_object(self));
                    first
                }
            }
        }
    }

    /// Every member no other part of the value took, in input order, each value read as a
    /// [`Value`]; a repeated key keeps its first place and its last value. The members stay
    /// for the parts after it (serde's rule for flattened maps).
    ///
    /// ```
    /// use fastwire::json::{self, Map};
    ///
    /// #[derive(fastwire::Decode, Debug)]
    /// struct User {
    ///     id: u32,
    ///     #[serde(flatten)]
    ///     extra: Map,
    /// }
    ///
    /// let user: User = json::from_str(r#"{"z": 1, "id": 7, "a": {"b": true}, "z": 2}"#).unwrap();
    /// assert_eq!(user.id, 7);
    /// assert_eq!(json::to_string(&user.extra), r#"{"z":2,"a":{"b":true}}"#);
    /// ```
    impl<'de> DecodeFlat<'de> for Map {
        fn decode_flat(entries: &mut FlatEntries<'de, '_>) -> Result<Self, Error> {
            let mut map = Map::new();
            for index in 0..entries.len() {
                if entries.is_taken(index) {
                    continue;
                }
                let key = entries.key(index);
                let value = entries
                    .decode_value(index, Value::decode)
                    .map_err(|e| e.in_key(&key))?;
                map.insert(String::from(&*key), value);
            }
            Ok(map)
        }
    }

    /// The members [`Map`]'s impl reads, as an object: a flattened `Value` is always an
    /// object, empty when no member is left.
    ///
    /// ```
    /// use fastwire::json::{self, Value};
    ///
    /// #[derive(fastwire::Decode, Debug)]
    /// struct Event {
    ///     kind: String,
    ///     #[serde(flatten)]
    ///     data: Value,
    /// }
    ///
    /// let event: Event = json::from_str(r#"{"kind": "click", "x": 3}"#).unwrap();
    /// assert_eq!(event.data, fastwire::json!({ "x": 3 }));
    /// let event: Event = json::from_str(r#"{"kind": "tick"}"#).unwrap();
    /// assert_eq!(event.data, fastwire::json!({}));
    /// ```
    impl<'de> DecodeFlat<'de> for Value {
        fn decode_flat(entries: &mut FlatEntries<'de, '_>) -> Result<Self, Error> {
            Map::decode_flat(entries).map(Value::Object)
        }
    }
}

#[cfg(feature = "msgpack")]
mod msgpack_flat {
    use super::{not_an_object, Map, Value};
    use crate::msgpack::json_tree::invalid_type;
    use crate::msgpack::{Decode, DecodeFlat, Encode, EncodeFlat, Error, FlatEntries, Writer};

    /// The entries as entries of the enclosing map, in the map's order, with `str` keys.
    ///
    /// ```
    /// use fastwire::{json::Map, msgpack};
    ///
    /// #[derive(fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
    /// struct User {
    ///     id: u32,
    ///     #[serde(flatten)]
    ///     extra: Map,
    /// }
    ///
    /// let extra = fastwire::json!({ "b": 1 }).as_object().unwrap().clone();
    /// let bytes = msgpack::to_vec(&User { id: 7, extra });
    /// assert_eq!(bytes, b"\x82\xa2id\x07\xa1b\x01");
    /// ```
    impl EncodeFlat for Map {
        #[inline]
        fn flat_len(&self) -> usize {
            self.len()
        }

        #[inline]
        fn encode_flat<W: Writer>(&self, w: &mut W) {
            for (key, value) in self {
                w.write_str(key);
                value.encode(w);
            }
        }
    }

    /// An object's members as entries of the enclosing map; `null` writes none. Any other
    /// value is an error, as in serde (see the JSON impl).
    ///
    /// ```
    /// use fastwire::{json::Value, msgpack};
    ///
    /// #[derive(fastwire::Encode, Debug)]
    /// struct Event {
    ///     kind: u8,
    ///     #[serde(flatten)]
    ///     data: Value,
    /// }
    ///
    /// let event = Event { kind: 1, data: fastwire::json!({ "x": 3 }) };
    /// assert_eq!(msgpack::to_vec(&event), b"\x82\xa4kind\x01\xa1x\x03");
    /// let event = Event { kind: 1, data: Value::Null };
    /// assert_eq!(msgpack::to_vec(&event), b"\x81\xa4kind\x01");
    /// let event = Event { kind: 1, data: Value::from("x") };
    /// assert!(msgpack::try_to_vec(&event).is_err());
    /// ```
    impl EncodeFlat for Value {
        #[inline]
        fn flat_len(&self) -> usize {
            match self {
                Value::Object(map) => map.len(),
                _ => 0,
            }
        }

        fn encode_flat<W: Writer>(&self, w: &mut W) {
            match self {
                Value::Object(map) => map.encode_flat(w),
                Value::Null => {}
                _ => w.fail(not_an_object(self)),
            }
        }
    }

    /// Reads the members no other part took into a map, as rmp-serde hands them to serde_json's
    /// `Map` and `Value`: keys must be strings, or `bin` holding UTF-8 — except the first key
    /// of a `Value` (`first_key_str`), which serde_json reads through a visitor of strings
    /// only.
    fn decode_members(
        entries: &FlatEntries<'_, '_>,
        mut first_key_str: bool,
    ) -> Result<Map, Error> {
        let mut map = Map::new();
        for index in 0..entries.len() {
            if entries.is_taken(index) {
                continue;
            }
            let key = entries.decode_key(index, |r| match r.peek()? {
                0xa0..=0xbf | 0xd9..=0xdb => r.decode_str(),
                0xc4..=0xc6 if !first_key_str => r.decode_str(),
                _ if first_key_str => Err(invalid_type(r, "a string key")),
                _ => Err(invalid_type(r, "a string")),
            })?;
            first_key_str = false;
            let value = entries
                .decode_value(index, Value::decode)
                .map_err(|e| e.in_key(key))?;
            map.insert(key.to_owned(), value);
        }
        Ok(map)
    }

    /// Every entry no other part of the value took, in input order, each value read as a
    /// [`Value`]. The keys must be strings (a `bin` holding UTF-8 is taken too, as serde's
    /// `String` takes it); a repeated key keeps its first place and its last value. The
    /// entries stay for the parts after it (serde's rule for flattened maps).
    ///
    /// ```
    /// use fastwire::{json::Map, msgpack};
    ///
    /// #[derive(fastwire::Decode, Debug)]
    /// struct User {
    ///     id: u32,
    ///     #[serde(flatten)]
    ///     extra: Map,
    /// }
    ///
    /// // {"z": 1, "id": 7}
    /// let user: User = msgpack::from_slice(b"\x82\xa1z\x01\xa2id\x07").unwrap();
    /// assert_eq!(fastwire::json::to_string(&user.extra), r#"{"z":1}"#);
    /// // {1: 1, "id": 7}
    /// assert!(msgpack::from_slice::<User>(b"\x82\x01\x01\xa2id\x07").is_err());
    /// ```
    impl<'de> DecodeFlat<'de> for Map {
        fn decode_flat(entries: &mut FlatEntries<'de, '_>) -> Result<Self, Error> {
            decode_members(entries, false)
        }
    }

    /// The entries [`Map`]'s impl reads, as an object (empty when no entry is left), except
    /// that the first of them must have a `str` key: serde_json's `Value` refuses a `bin`
    /// there, as it does when it reads a whole map.
    ///
    /// ```
    /// use fastwire::{json::Value, msgpack};
    ///
    /// #[derive(fastwire::Decode, Debug)]
    /// struct Event {
    ///     kind: u8,
    ///     #[serde(flatten)]
    ///     data: Value,
    /// }
    ///
    /// // {"kind": 1, "x": 3}
    /// let event: Event = msgpack::from_slice(b"\x82\xa4kind\x01\xa1x\x03").unwrap();
    /// assert_eq!(event.data, fastwire::json!({ "x": 3 }));
    /// // {"kind": 1, h'78': 3}
    /// assert!(msgpack::from_slice::<Event>(b"\x82\xa4kind\x01\xc4\x01x\x03").is_err());
    /// ```
    impl<'de> DecodeFlat<'de> for Value {
        fn decode_flat(entries: &mut FlatEntries<'de, '_>) -> Result<Self, Error> {
            decode_members(entries, true).map(Value::Object)
        }
    }
}
