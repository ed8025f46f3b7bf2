//! `#[serde(field_identifier)]` and `#[serde(variant_identifier)]` enums, decoded by fastwire
//! and by serde's derive from the same inputs: JSON strings (values and object keys),
//! MessagePack strings, binaries and indexes; the catch-all last variants of field
//! identifiers; and a hand-written decoder that reads its keys through one.

use std::collections::BTreeMap;
use std::fmt::Debug;

use fastwire::{json, msgpack};
use fastwire_tests::assert_decodes_same;
use serde::Deserialize;

#[derive(Deserialize, fastwire::Decode, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[serde(variant_identifier, rename_all = "snake_case")]
enum Kind {
    Plain,
    #[serde(alias = "fancy", alias = "Ornate")]
    RichText,
    #[serde(rename = "raw!")]
    Raw,
}

/// Unknown names are kept.
#[derive(Deserialize, fastwire::Decode, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[serde(field_identifier, rename_all = "camelCase")]
enum Column {
    UserId,
    DisplayName,
    Other(String),
}

/// Unknown names are kept, borrowed.
#[derive(Deserialize, fastwire::Decode, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[serde(field_identifier)]
enum Borrowed<'a> {
    Known,
    Other(&'a str),
}

/// Unknown names (and positions) are all one variant.
#[derive(Deserialize, fastwire::Decode, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[serde(field_identifier, rename_all = "lowercase")]
enum PointField {
    X,
    Y,
    #[serde(other)]
    Ignored,
}

/// No catch-all: unknown names are errors, worded with `expecting` where types are wrong.
#[derive(Deserialize, fastwire::Decode, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[serde(field_identifier, expecting = "a column name")]
enum Strict {
    A,
    B,
}

#[derive(Deserialize, fastwire::Decode, Debug, PartialEq)]
#[serde(variant_identifier)]
enum Lonely {
    Only,
}

/// serde_json's message without its position, which fastwire words its own way.
fn serde_json_message(error: &serde_json::Error) -> String {
    let text = error.to_string();
    match text.rfind(" at line ") {
        Some(at) => text[..at].to_owned(),
        None => text,
    }
}

/// fastwire reads `text` as serde_json does; when both refuse it, with the same message.
#[track_caller]
fn json_same<T>(text: &str) -> Result<T, String>
where
    T: json::DecodeOwned + for<'de> Deserialize<'de> + PartialEq + Debug,
{
    match assert_decodes_same::<T>(text) {
        Ok(value) => Ok(value),
        Err(theirs) => {
            let ours = json::from_str::<T>(text).unwrap_err().to_string();
            let message = serde_json_message(&theirs);
            assert!(
                ours.starts_with(&message),
                "{text}: fastwire says {ours:?}, serde_json says {message:?}"
            );
            Err(message)
        }
    }
}

/// fastwire reads `bytes` as rmp-serde does (identifiers cannot be serialized, so values are
/// compared as they are). When both refuse them: rmp-serde's message if fastwire's is the same,
/// otherwise both (rmp-serde words truncated input and type errors its own way).
#[track_caller]
fn msgpack_same<'de, T>(bytes: &'de [u8]) -> Result<T, String>
where
    T: msgpack::Decode<'de> + Deserialize<'de> + PartialEq + Debug,
{
    let ours = msgpack::from_slice::<T>(bytes);
    let theirs = rmp_serde::from_slice::<T>(bytes);
    match (ours, theirs) {
        (Ok(ours), Ok(theirs)) => {
            assert_eq!(ours, theirs, "{bytes:02x?}");
            Ok(ours)
        }
        (Err(ours), Err(theirs)) => {
            let (ours, theirs) = (ours.to_string(), theirs.to_string());
            if ours.starts_with(&theirs) {
                Err(theirs)
            } else {
                Err(format!("fastwire: {ours}; rmp-serde: {theirs}"))
            }
        }
        (ours, theirs) => panic!("{bytes:02x?}: fastwire {ours:?}, rmp-serde {theirs:?}"),
    }
}

#[test]
fn variant_identifiers_from_json() {
    assert_eq!(json_same::<Kind>(r#""plain""#), Ok(Kind::Plain));
    assert_eq!(json_same::<Kind>(r#""rich_text""#), Ok(Kind::RichText));
    assert_eq!(json_same::<Kind>(r#""Ornate""#), Ok(Kind::RichText));
    assert_eq!(json_same::<Kind>(r#" "raw!" "#), Ok(Kind::Raw));
    assert_eq!(json_same::<Kind>(r#""r\u0061w!""#), Ok(Kind::Raw));
    assert_eq!(
        json_same::<Kind>(r#""Plain""#),
        Err("unknown variant `Plain`, expected one of `plain`, `Ornate`, `fancy`, `rich_text`, `raw!`".into())
    );
    assert_eq!(
        json_same::<Kind>("0"),
        Err("invalid type: integer `0`, expected variant identifier".into())
    );
    json_same::<Kind>("null").unwrap_err();
    json_same::<Kind>("[\"plain\"]").unwrap_err();
    json_same::<Kind>("\"plain").unwrap_err();
    assert_eq!(
        json_same::<Lonely>(r#""x""#),
        Err("unknown variant `x`, expected `Only`".into())
    );
    assert_eq!(
        json_same::<Vec<Kind>>(r#"["fancy", "plain"]"#),
        Ok(vec![Kind::RichText, Kind::Plain])
    );
}

#[test]
fn field_identifiers_from_json() {
    assert_eq!(json_same::<Column>(r#""userId""#), Ok(Column::UserId));
    assert_eq!(
        json_same::<Column>(r#""user_id""#),
        Ok(Column::Other("user_id".into()))
    );
    assert_eq!(
        json_same::<Column>(r#""a\nb""#),
        Ok(Column::Other("a\nb".into()))
    );
    assert_eq!(json_same::<PointField>(r#""y""#), Ok(PointField::Y));
    assert_eq!(json_same::<PointField>(r#""z""#), Ok(PointField::Ignored));
    assert_eq!(
        json_same::<Strict>(r#""c""#),
        Err("unknown field `c`, expected `A` or `B`".into())
    );
    assert_eq!(
        json_same::<Strict>("true"),
        Err("invalid type: boolean `true`, expected a column name".into())
    );
    json_same::<Column>("1").unwrap_err();
    json_same::<PointField>("1").unwrap_err();

    let text = r#"["Known", "other", "esc\u0061ped"]"#;
    let ours = json::from_str::<Vec<Borrowed>>(r#"["Known", "other"]"#).unwrap();
    assert_eq!(ours, [Borrowed::Known, Borrowed::Other("other")]);
    // An escaped name cannot be borrowed: serde_json refuses it too.
    assert!(json::from_str::<Vec<Borrowed>>(text).is_err());
    assert!(serde_json::from_str::<Vec<Borrowed>>(text).is_err());
}

#[test]
fn identifiers_as_json_object_keys() {
    assert_eq!(
        json_same::<BTreeMap<Kind, u8>>(r#"{"plain": 1, "fancy": 2}"#),
        Ok([(Kind::Plain, 1), (Kind::RichText, 2)].into())
    );
    assert_eq!(
        json_same::<BTreeMap<Kind, u8>>(r#"{"nope": 1}"#),
        Err("unknown variant `nope`, expected one of `plain`, `Ornate`, `fancy`, `rich_text`, `raw!`".into())
    );
    assert_eq!(
        json_same::<BTreeMap<Column, u8>>(r#"{"displayName": 1, "x": 2}"#),
        Ok([(Column::DisplayName, 1), (Column::Other("x".into()), 2)].into())
    );
    assert_eq!(
        json_same::<BTreeMap<PointField, u8>>(r#"{"x": 1, "w": 2}"#),
        Ok([(PointField::X, 1), (PointField::Ignored, 2)].into())
    );
    assert_eq!(
        json_same::<BTreeMap<Strict, u8>>(r#"{"A": 1, "C": 2}"#),
        Err("unknown field `C`, expected `A` or `B`".into())
    );
}

#[test]
fn identifiers_from_messagepack() {
    // Names as `str` or `bin`, or positions as unsigned integers.
    assert_eq!(msgpack_same::<Kind>(b"\xa5plain"), Ok(Kind::Plain));
    assert_eq!(msgpack_same::<Kind>(b"\xc4\x05fancy"), Ok(Kind::RichText));
    assert_eq!(msgpack_same::<Kind>(b"\xd9\x04raw!"), Ok(Kind::Raw));
    assert_eq!(msgpack_same::<Kind>(b"\x01"), Ok(Kind::RichText));
    assert_eq!(msgpack_same::<Kind>(b"\xcc\x02"), Ok(Kind::Raw));
    assert_eq!(
        msgpack_same::<Kind>(b"\xcf\0\0\0\0\0\0\0\x00"),
        Ok(Kind::Plain)
    );
    assert_eq!(
        msgpack_same::<Kind>(b"\x03"),
        Err("invalid value: integer `3`, expected variant index 0 <= i < 3".into())
    );
    assert_eq!(
        msgpack_same::<Kind>(b"\xa1x"),
        Err(
            "unknown variant `x`, expected one of `plain`, `Ornate`, `fancy`, `rich_text`, `raw!`"
                .into()
        )
    );
    assert_eq!(
        msgpack_same::<Kind>(b"\xc4\x01x"),
        Err(
            "unknown variant `x`, expected one of `plain`, `Ornate`, `fancy`, `rich_text`, `raw!`"
                .into()
        )
    );
    // Signed forms, negative integers and other types are not identifiers.
    for refused in [
        &b"\xd0\x01"[..],
        b"\xff",
        b"\xc0",
        b"\xc3",
        b"\x91\x00",
        b"\x80",
        b"\xcb\0\0\0\0\0\0\0\0",
    ] {
        msgpack_same::<Kind>(refused).unwrap_err();
    }
    msgpack_same::<Kind>(b"\xa5pla").unwrap_err();

    assert_eq!(msgpack_same::<Column>(b"\xa6userId"), Ok(Column::UserId));
    assert_eq!(msgpack_same::<Column>(b"\x01"), Ok(Column::DisplayName));
    assert_eq!(
        msgpack_same::<Column>(b"\xa2id"),
        Ok(Column::Other("id".into()))
    );
    assert_eq!(
        msgpack_same::<Column>(b"\xc4\x02id"),
        Ok(Column::Other("id".into()))
    );
    // A position past the named variants goes to the catch-all, which cannot hold it.
    msgpack_same::<Column>(b"\x05").unwrap_err();
    assert_eq!(
        msgpack_same::<Borrowed>(b"\xa3abc"),
        Ok(Borrowed::Other("abc"))
    );
    assert_eq!(
        msgpack_same::<PointField>(b"\xa1q"),
        Ok(PointField::Ignored)
    );
    assert_eq!(msgpack_same::<PointField>(b"\x09"), Ok(PointField::Ignored));
    assert_eq!(msgpack_same::<PointField>(b"\x01"), Ok(PointField::Y));
    assert_eq!(
        msgpack_same::<Strict>(b"\xa1C"),
        Err("unknown field `C`, expected `A` or `B`".into())
    );
    assert_eq!(
        msgpack_same::<Strict>(b"\x02"),
        Err("invalid value: integer `2`, expected field index 0 <= i < 2".into())
    );
    assert_eq!(
        msgpack_same::<BTreeMap<Column, u8>>(b"\x82\xa6userId\x01\xa1z\x02"),
        Ok([(Column::UserId, 1), (Column::Other("z".into()), 2)].into())
    );
}

/// A struct whose decoders are written by hand, reading its keys through a field identifier
/// (as serde's hand-written `Deserialize` impls do); serde's derive is the oracle.
#[derive(Deserialize, Debug, PartialEq)]
struct Point {
    x: i32,
    y: i32,
}

impl<'de> json::Decode<'de> for Point {
    fn decode(r: &mut json::Reader<'de>) -> Result<Self, json::Error> {
        r.begin_object("struct Point")?;
        let (mut x, mut y) = (None, None);
        let mut first = true;
        while let Some(key) = r.object_key(first)? {
            first = false;
            let field = <PointField as json::DecodeKey>::decode_key(key);
            let at = r.last_key_offset();
            let field = field.map_err(|message| r.custom_at(message, at))?;
            match field {
                PointField::X if x.is_some() => return Err(r.duplicate_field("x")),
                PointField::Y if y.is_some() => return Err(r.duplicate_field("y")),
                PointField::X => x = Some(<i32 as json::Decode>::decode(r)?),
                PointField::Y => y = Some(<i32 as json::Decode>::decode(r)?),
                PointField::Ignored => r.skip_value()?,
            }
        }
        let x = x.ok_or_else(|| r.missing_field("x"))?;
        let y = y.ok_or_else(|| r.missing_field("y"))?;
        Ok(Point { x, y })
    }
}

impl<'de> msgpack::Decode<'de> for Point {
    fn decode(r: &mut msgpack::Reader<'de>) -> Result<Self, msgpack::Error> {
        let len = r.begin_map("struct Point")?;
        let (mut x, mut y) = (None, None);
        for _ in 0..len {
            match <PointField as msgpack::Decode>::decode(r)? {
                PointField::X if x.is_some() => return Err(r.duplicate_field("x")),
                PointField::Y if y.is_some() => return Err(r.duplicate_field("y")),
                PointField::X => x = Some(<i32 as msgpack::Decode>::decode(r)?),
                PointField::Y => y = Some(<i32 as msgpack::Decode>::decode(r)?),
                PointField::Ignored => r.skip_value()?,
            }
        }
        r.end_container();
        let x = x.ok_or_else(|| r.missing_field("x"))?;
        let y = y.ok_or_else(|| r.missing_field("y"))?;
        Ok(Point { x, y })
    }
}

#[test]
fn hand_written_decoder_with_a_field_identifier() {
    assert_eq!(
        json_same::<Point>(r#"{"y": 2, "z": [1, {}], "x": -1}"#),
        Ok(Point { x: -1, y: 2 })
    );
    assert_eq!(
        json_same::<Point>(r#"{"x": 1}"#),
        Err("missing field `y`".into())
    );
    assert_eq!(
        json_same::<Point>(r#"{"x": 1, "x": 2, "y": 3}"#),
        Err("duplicate field `x`".into())
    );
    // {"x": 1, 1: 2}: the second key is the field at position 1.
    assert_eq!(
        msgpack_same::<Point>(b"\x82\xa1x\x01\x01\x02"),
        Ok(Point { x: 1, y: 2 })
    );
    assert_eq!(
        msgpack_same::<Point>(b"\x83\xa1y\x07\xc4\x01w\xc0\xa1x\x08"),
        Ok(Point { x: 8, y: 7 })
    );
    msgpack_same::<Point>(b"\x81\xa1x\x01").unwrap_err();
}
