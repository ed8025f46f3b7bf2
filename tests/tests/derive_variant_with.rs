//! Variant-level serde functions (`serialize_with`, `deserialize_with`, a serde `with` module
//! on a variant): serde writes and reads such a variant as a newtype variant whose content the
//! function writes from every field at once (a reference to each) and reads as the one field,
//! a tuple of several, or `()` for none. Each representation and shape is compared with
//! serde_json and rmp-serde: bytes, and what reading serde's documents and hand-written ones
//! gives.

use std::fmt::Display;
use std::str::FromStr;

use fastwire_tests::{assert_decodes_same, assert_msgpack_decodes_same, assert_same_round_trip};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A type with no impls at all: only the variant's functions can write it.
#[derive(Debug, PartialEq, Clone)]
struct Opaque(u32);

fn unit_out<S: Serializer>(s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str("nothing")
}

fn unit_in<'de, D: Deserializer<'de>>(d: D) -> Result<(), D::Error> {
    let text = String::deserialize(d)?;
    if text == "nothing" {
        Ok(())
    } else {
        Err(D::Error::custom(format!(
            "expected \"nothing\", got {text:?}"
        )))
    }
}

/// A number written as its digits in a string.
mod digits {
    use super::*;

    pub fn serialize<S: Serializer>(value: &Opaque, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&value.0)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Opaque, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map(Opaque).map_err(D::Error::custom)
    }
}

/// Two fields written in the other order.
fn swapped_out<S: Serializer>(a: &u8, b: &u8, s: S) -> Result<S::Ok, S::Error> {
    (b, a).serialize(s)
}

fn swapped_in<'de, D: Deserializer<'de>>(d: D) -> Result<(u8, u8), D::Error> {
    let (b, a) = <(u8, u8)>::deserialize(d)?;
    Ok((a, b))
}

/// One field, written upper case; only letters are read back (lower case).
fn shout<S: Serializer>(name: &str, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&name.to_uppercase())
}

fn hush<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let text = String::deserialize(d)?;
    if text.chars().all(char::is_alphabetic) {
        Ok(text.to_lowercase())
    } else {
        Err(D::Error::custom(format!("not a name: {text:?}")))
    }
}

/// Two fields joined in one string: `"id:label"`.
mod joined {
    use super::*;

    pub fn serialize<S: Serializer>(id: &Opaque, label: &str, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&format_args!("{}:{label}", id.0))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<(Opaque, String), D::Error> {
        let text = String::deserialize(d)?;
        let (id, label) = text
            .split_once(':')
            .ok_or_else(|| D::Error::custom(format!("no colon in {text:?}")))?;
        let id = id.parse().map_err(D::Error::custom)?;
        Ok((Opaque(id), label.to_owned()))
    }
}

macro_rules! every_shape {
    ($(#[$attr:meta])* enum $name:ident) => {
        #[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq, Clone)]
        $(#[$attr])*
        enum $name {
            Plain(u8),
            #[serde(serialize_with = "unit_out", deserialize_with = "unit_in")]
            Unit,
            #[serde(with = "digits")]
            Newtype(Opaque),
            #[serde(serialize_with = "swapped_out", deserialize_with = "swapped_in")]
            Tuple(u8, u8),
            #[serde(serialize_with = "shout", deserialize_with = "hush")]
            Single { name: String },
            #[serde(rename = "pair", with = "joined")]
            Pair { id: Opaque, label: String },
        }

        impl $name {
            fn all() -> Vec<Self> {
                vec![
                    $name::Plain(3),
                    $name::Unit,
                    $name::Newtype(Opaque(4_000_000_000)),
                    $name::Tuple(1, 2),
                    $name::Single { name: "ada".into() },
                    $name::Pair { id: Opaque(7), label: "seven".into() },
                ]
            }
        }
    };
}

every_shape!(enum External);
every_shape!(#[serde(tag = "t", content = "c")] enum Adjacent);
every_shape!(#[serde(untagged)] enum Untagged);

#[test]
fn externally_tagged() {
    let texts: Vec<String> = External::all().iter().map(assert_same_round_trip).collect();
    assert_eq!(
        texts,
        [
            r#"{"Plain":3}"#,
            r#"{"Unit":"nothing"}"#,
            r#"{"Newtype":"4000000000"}"#,
            r#"{"Tuple":[2,1]}"#,
            r#"{"Single":"ADA"}"#,
            r#"{"pair":"7:seven"}"#,
        ]
    );
    // Read as a newtype variant whatever the shape: a bare name, a unit, the fields as
    // declared, or content the function refuses are errors (as serde's).
    for text in [
        r#""Unit""#,
        r#"{"Unit":null}"#,
        r#"{"Unit":"something"}"#,
        r#"{"Tuple":[1,2,3]}"#,
        r#"{"Single":{"name":"ada"}}"#,
        r#"{"Single":"ADA1"}"#,
        r#"{"pair":"7"}"#,
        r#"{"pair":"x:y"}"#,
        r#"{"Newtype":4}"#,
        r#"{"Single":"ADA","x":1}"#,
    ] {
        let _ = assert_decodes_same::<External>(text);
    }
}

#[test]
fn adjacently_tagged() {
    let texts: Vec<String> = Adjacent::all().iter().map(assert_same_round_trip).collect();
    assert_eq!(
        texts,
        [
            r#"{"t":"Plain","c":3}"#,
            r#"{"t":"Unit","c":"nothing"}"#,
            r#"{"t":"Newtype","c":"4000000000"}"#,
            r#"{"t":"Tuple","c":[2,1]}"#,
            r#"{"t":"Single","c":"ADA"}"#,
            r#"{"t":"pair","c":"7:seven"}"#,
        ]
    );
    // Without content, a unit variant read by its function is the variant (serde's rule for
    // unit variants); any other is a missing field. Content first, or given twice.
    for text in [
        r#"{"t":"Unit"}"#,
        r#"{"c":"nothing","t":"Unit"}"#,
        r#"{"t":"Unit","c":null}"#,
        r#"{"t":"Newtype"}"#,
        r#"{"t":"Single"}"#,
        r#"{"c":"ADA","t":"Single"}"#,
        r#"{"t":"Single","c":"ADA","c":"BOB"}"#,
        r#"{"t":"Tuple","c":[1]}"#,
        r#"{"t":"pair","c":"1:a","x":[]}"#,
    ] {
        let _ = assert_decodes_same::<Adjacent>(text);
    }
}

#[test]
fn untagged() {
    let texts: Vec<String> = Untagged::all().iter().map(assert_same_round_trip).collect();
    assert_eq!(
        texts,
        [
            r#"3"#,
            r#""nothing""#,
            r#""4000000000""#,
            r#"[2,1]"#,
            r#""ADA""#,
            r#""7:seven""#,
        ]
    );
    // Each variant's function is tried in turn on the same value.
    for text in [
        r#""12""#,
        r#""Bob""#,
        r#""1:b""#,
        r#""?""#,
        r#"[1,2,3]"#,
        r#"null"#,
    ] {
        let _ = assert_decodes_same::<Untagged>(text);
    }
}

/// The content of an internally tagged variant is written by the function as an object, the
/// tag first.
mod labelled {
    use super::*;

    #[derive(Serialize, Deserialize)]
    struct Labelled {
        label: String,
        id: u32,
    }

    pub fn serialize<S: Serializer>(id: &Opaque, label: &str, s: S) -> Result<S::Ok, S::Error> {
        Labelled {
            label: label.to_owned(),
            id: id.0,
        }
        .serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<(Opaque, String), D::Error> {
        let Labelled { label, id } = Labelled::deserialize(d)?;
        Ok((Opaque(id), label))
    }
}

fn unit_as_unit<S: Serializer>(s: S) -> Result<S::Ok, S::Error> {
    s.serialize_unit()
}

fn opaque_as_object<S: Serializer>(value: &Opaque, s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut map = s.serialize_map(Some(1))?;
    map.serialize_entry("opaque", &value.0)?;
    map.end()
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq, Clone)]
#[serde(tag = "t")]
enum Internal {
    Plain {
        x: u8,
    },
    #[serde(serialize_with = "unit_as_unit")]
    Unit,
    #[serde(with = "labelled")]
    Pair {
        id: Opaque,
        label: String,
    },
}

/// Written only: the field's type has no impls, so only the function can write it.
#[derive(Serialize, fastwire::Encode)]
#[serde(tag = "t")]
enum WrittenOnly {
    #[serde(serialize_with = "opaque_as_object")]
    Newtype(Opaque),
}

#[test]
fn internally_tagged() {
    let texts: Vec<String> = [
        Internal::Plain { x: 1 },
        Internal::Unit,
        Internal::Pair {
            id: Opaque(9),
            label: "nine".into(),
        },
    ]
    .iter()
    .map(assert_same_round_trip)
    .collect();
    assert_eq!(
        texts,
        [
            r#"{"t":"Plain","x":1}"#,
            r#"{"t":"Unit"}"#,
            r#"{"t":"Pair","label":"nine","id":9}"#,
        ]
    );
    // The function's object, with the tag first.
    let value = WrittenOnly::Newtype(Opaque(5));
    assert_eq!(
        fastwire::json::to_string(&value),
        serde_json::to_string(&value).unwrap()
    );
    assert_eq!(
        fastwire::msgpack::to_vec(&value),
        rmp_serde::to_vec_named(&value).unwrap()
    );
    // The function is given the other members as one object, wherever the tag is.
    for text in [
        r#"{"label":"a","t":"Pair","id":1}"#,
        r#"{"t":"Pair","id":1,"label":"a","extra":true}"#,
        r#"{"t":"Pair","id":"1","label":"a"}"#,
        r#"{"t":"Pair","label":"a"}"#,
    ] {
        let _ = assert_decodes_same::<Internal>(text);
    }
}

#[test]
fn msgpack_documents_agree() {
    // serde's documents for each value, in both of rmp-serde's layouts, and a few others.
    for value in External::all() {
        let _ = assert_msgpack_decodes_same::<External>(&rmp_serde::to_vec(&value).unwrap());
    }
    for value in Adjacent::all() {
        let _ = assert_msgpack_decodes_same::<Adjacent>(&rmp_serde::to_vec(&value).unwrap());
    }
    let unit_without_content = rmp_serde::to_vec_named(&serde_json::json!({"t": "Unit"})).unwrap();
    let _ = assert_msgpack_decodes_same::<Adjacent>(&unit_without_content);
    let bare_name = rmp_serde::to_vec(&"Unit").unwrap();
    let _ = assert_msgpack_decodes_same::<External>(&bare_name);
}

/// A generic enum: the variant's fields need no bound of their own (serde's rule), only what
/// its functions ask for, given with `bound`.
#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq, Clone)]
#[serde(bound(serialize = "T: Display", deserialize = "T: FromStr, T::Err: Display"))]
enum Generic<T> {
    #[serde(serialize_with = "both_out", deserialize_with = "both_in")]
    Both(T, T),
}

fn both_out<T: Display, S: Serializer>(a: &T, b: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(&format_args!("{a}/{b}"))
}

fn both_in<'de, T, D>(d: D) -> Result<(T, T), D::Error>
where
    T: FromStr,
    T::Err: Display,
    D: Deserializer<'de>,
{
    let text = String::deserialize(d)?;
    let (a, b) = text
        .split_once('/')
        .ok_or_else(|| D::Error::custom("no slash"))?;
    Ok((
        a.parse().map_err(D::Error::custom)?,
        b.parse().map_err(D::Error::custom)?,
    ))
}

#[test]
fn generic_variants_take_the_functions_bounds() {
    let text = assert_same_round_trip(&Generic::Both(
        std::net::Ipv4Addr::LOCALHOST,
        std::net::Ipv4Addr::BROADCAST,
    ));
    assert_eq!(text, r#"{"Both":"127.0.0.1/255.255.255.255"}"#);
    let _ = assert_decodes_same::<Generic<u8>>(r#"{"Both":"1/x"}"#);
}

/// One direction only: a variant written by its function is read as declared.
#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq, Clone)]
enum OneWay {
    #[serde(serialize_with = "swapped_out")]
    Written(u8, u8),
    #[serde(deserialize_with = "swapped_in")]
    Read(u8, u8),
}

#[test]
fn one_direction_only() {
    let value = OneWay::Written(1, 2);
    assert_eq!(fastwire::json::to_string(&value), r#"{"Written":[2,1]}"#);
    assert_eq!(
        fastwire::json::to_string(&value),
        serde_json::to_string(&value).unwrap()
    );
    assert_eq!(
        fastwire::json::to_string(&OneWay::Read(1, 2)),
        r#"{"Read":[1,2]}"#
    );
    for text in [r#"{"Written":[2,1]}"#, r#"{"Read":[2,1]}"#] {
        let _ = assert_decodes_same::<OneWay>(text);
    }
    assert_eq!(
        fastwire::json::from_str::<OneWay>(r#"{"Read":[2,1]}"#).unwrap(),
        OneWay::Read(1, 2)
    );
}
