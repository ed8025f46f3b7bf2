//! [`Serde`] as a flattened value: a `#[serde(flatten)]` field written or read by serde
//! (`serialize_with` / `deserialize_with`, a serde `with` module, `#[wire(serde)]`, or a
//! hand-written impl wrapping its value in `Serde`).
//!
//! Writing: the value is serialized as serde_json / rmp-serde write it, which must give an
//! object (serde's rule: only structs and maps flatten) or a unit (no members), and its
//! members are written into the enclosing object, exactly as serde writes them there. Reading: the members no other
//! part of the value took are given to the `Deserialize` impl as one object (a map in
//! MessagePack), as serde gives a flattened field's impl every member left. The members are
//! not taken, as for a flattened map.

#[cfg(feature = "json")]
mod json_flat {
    use std::io;

    use serde::de::DeserializeOwned;
    use serde::Serialize;
    use serde_json::ser::{Formatter, PrettyFormatter};

    use crate::bridge::value_flat::NOT_AN_OBJECT;
    use crate::bridge::{BridgeError, Serde};
    use crate::json::{self, DecodeFlat, EncodeFlat, Error, FlatEntries, Writer};

    /// The value's text as serde_json writes it at the writer's style, its members at the
    /// depth of the enclosing object's (which `depth` counts), indented with `indent`.
    fn serialize<T: Serialize + ?Sized>(
        value: &T,
        pretty: bool,
        depth: usize,
        indent: &str,
    ) -> Result<String, BridgeError> {
        let bytes = if pretty {
            let mut formatter = PrettyFormatter::with_indent(indent.as_bytes());
            // The value's own braces open one more level: its members line up with the
            // enclosing object's.
            for _ in 0..depth.saturating_sub(1) {
                formatter
                    .begin_array(&mut io::sink())
                    .map_err(BridgeError::new)?;
            }
            let mut serializer = serde_json::Serializer::with_formatter(Vec::new(), formatter);
            value.serialize(&mut serializer).map_err(BridgeError::new)?;
            serializer.into_inner()
        } else {
            serde_json::to_vec(value).map_err(BridgeError::new)?
        };
        String::from_utf8(bytes).map_err(BridgeError::new)
    }

    impl<T: Serialize> EncodeFlat for Serde<T> {
        fn encode_flat<W: Writer>(&self, w: &mut W, mut first: bool) -> bool {
            let text = match serialize(&self.0, W::PRETTY, *w.depth(), w.indent()) {
                Ok(text) => text,
                Err(err) => {
                    w.fail(err);
                    return first;
                }
            };
            // A unit (or `None`) has no members: serde writes nothing for it, flattened or
            // as an internally tagged variant's content.
            if text == "null" {
                return first;
            }
            let mut r = json::Reader::new(&text, usize::MAX);
            if r.begin_object("an object").is_err() {
                w.fail(NOT_AN_OBJECT);
                return first;
            }
            let mut first_read = true;
            // serde_json wrote the text: it reads back.
            while let Ok(Some(key)) = r.object_key(first_read) {
                first_read = false;
                let key = key.to_string();
                let Ok(value) = r.raw_value() else {
                    break;
                };
                w.object_key(first);
                w.write_str(&key);
                w.object_colon();
                w.write_fragment(value);
                first = false;
            }
            first
        }
    }

    impl<'de, T: DeserializeOwned> DecodeFlat<'de> for Serde<T> {
        fn decode_flat(entries: &mut FlatEntries<'de, '_>) -> Result<Self, Error> {
            let text = entries.remaining_object();
            serde_json::from_str(&text).map(Serde).map_err(|err| {
                entries
                    .reader()
                    .serde_json_error(&err, entries.remaining_at())
            })
        }
    }
}

#[cfg(feature = "msgpack")]
mod msgpack_flat {
    use serde::de::DeserializeOwned;
    use serde::Serialize;

    use crate::bridge::value_flat::NOT_AN_OBJECT;
    use crate::bridge::{BridgeError, Serde};
    use crate::msgpack::{DecodeFlat, EncodeFlat, Error, FlatEntries, Writer};

    /// The value as rmp-serde writes it, split into its map's entry count and the entries'
    /// bytes; `None` for a value that is not a map.
    fn serialize<T: Serialize + ?Sized>(
        value: &T,
    ) -> Result<Option<(usize, Vec<u8>)>, BridgeError> {
        let mut bytes = rmp_serde::to_vec_named(value).map_err(BridgeError::new)?;
        let (count, header) = match bytes.first() {
            Some(&b @ 0x80..=0x8F) => (usize::from(b & 0x0F), 1),
            Some(0xDE) if bytes.len() >= 3 => {
                (usize::from(u16::from_be_bytes([bytes[1], bytes[2]])), 3)
            }
            Some(0xDF) if bytes.len() >= 5 => {
                let n = u32::from_be_bytes([bytes[1], bytes[2], bytes[3], bytes[4]]);
                (usize::try_from(n).unwrap_or(usize::MAX), 5)
            }
            // A unit (or `None`) has no members: serde writes nothing for it, flattened or
            // as an internally tagged variant's content.
            Some(0xC0) if bytes.len() == 1 => return Ok(Some((0, Vec::new()))),
            _ => return Ok(None),
        };
        bytes.drain(..header);
        Ok(Some((count, bytes)))
    }

    impl<T: Serialize> EncodeFlat for Serde<T> {
        fn flat_len(&self) -> usize {
            // Serialized twice (here and when written): this path is for values only serde
            // can write, and keeps `EncodeFlat` free of buffering for every other type.
            match serialize(&self.0) {
                Ok(Some((count, _))) => count,
                _ => 0,
            }
        }

        fn encode_flat<W: Writer>(&self, w: &mut W) {
            match serialize(&self.0) {
                Ok(Some((_, entries))) => w.write_long(&entries),
                Ok(None) => w.fail(NOT_AN_OBJECT),
                Err(err) => w.fail(err),
            }
        }
    }

    impl<'de, T: DeserializeOwned> DecodeFlat<'de> for Serde<T> {
        fn decode_flat(entries: &mut FlatEntries<'de, '_>) -> Result<Self, Error> {
            let bytes = entries.remaining_map();
            rmp_serde::from_slice(&bytes).map(Serde).map_err(|err| {
                entries
                    .reader()
                    .rmp_serde_error(&err, entries.remaining_at())
            })
        }
    }
}
