//! Derived types as map keys, against serde_json and rmp-serde: serde_json takes newtype and
//! `transparent` structs over key types and enums of unit variants as object keys, in both
//! directions, so fastwire's derives implement `json::EncodeKey` and `json::DecodeKey` for
//! them; MessagePack keys are plain values. Type parameters used as keys are bound by the key
//! traits, so what derives with serde derives with fastwire.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Debug;
use std::hash::Hash;
use std::marker::PhantomData;

use fastwire::{json, msgpack};
use fastwire_tests::{assert_decodes_same, assert_same_round_trip};
use serde::{Deserialize, Serialize};

#[derive(
    Serialize,
    Deserialize,
    fastwire::Encode,
    fastwire::Decode,
    Debug,
    Clone,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
)]
struct Id<T>(T);

#[derive(
    Serialize,
    Deserialize,
    fastwire::Encode,
    fastwire::Decode,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
)]
#[serde(transparent)]
struct Name {
    text: String,
    #[serde(skip)]
    seen: u32,
}

/// A transparent struct around a parameter, with a `PhantomData` beside it.
#[derive(
    Serialize,
    Deserialize,
    fastwire::Encode,
    fastwire::Decode,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
)]
#[serde(transparent)]
struct Tagged<T, U> {
    id: T,
    unit: PhantomData<U>,
}

#[derive(
    Serialize,
    Deserialize,
    fastwire::Encode,
    fastwire::Decode,
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
)]
#[serde(rename_all = "lowercase")]
enum Color {
    Red,
    #[serde(rename = "verde")]
    Green,
    #[serde(alias = "azure", alias = "navy")]
    Blue,
    #[serde(rename = "with \"quotes\"")]
    Quoted,
}

/// A borrowed key: a newtype over `&str`.
#[derive(
    Serialize,
    Deserialize,
    fastwire::Encode,
    fastwire::Decode,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
)]
struct Label<'a>(&'a str);

/// A map whose key type is a parameter: serde bounds `K: Serialize`, fastwire `K: EncodeKey`
/// for JSON (and `K: Encode` for MessagePack, whose keys are values).
#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
struct Wrapper<K: Ord, V> {
    map: BTreeMap<K, V>,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
struct Hashed<K: Eq + Hash + Ord, V> {
    map: HashMap<K, V>,
    #[serde(default)]
    nested: Vec<BTreeMap<Id<K>, V>>,
}

/// Newtypes over types that are not keys still derive: they are just not keys.
#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
struct Bytes(Vec<u8>);

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
enum Shape {
    Dot,
    Circle(f64),
}

/// A key type with the JSON key traits but no JSON value traits: `Wrapper<OnlyKey, _>`
/// derives only because the parameter in key position is bound by the key traits.
#[derive(Serialize, Deserialize, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct OnlyKey(String);

impl json::EncodeKey for OnlyKey {
    fn encode_key<W: json::Writer>(&self, w: &mut W) {
        json::EncodeKey::encode_key(&self.0, w);
    }
}

impl<'de> json::DecodeKey<'de> for OnlyKey {
    fn decode_key(key: json::Str<'de, '_>) -> Result<Self, String> {
        Ok(OnlyKey((*key).to_owned()))
    }
}

impl msgpack::Encode for OnlyKey {
    fn encode<W: msgpack::Writer>(&self, w: &mut W) {
        msgpack::Encode::encode(&self.0, w);
    }
}

impl<'de> msgpack::Decode<'de> for OnlyKey {
    fn decode(r: &mut msgpack::Reader<'de>) -> Result<Self, msgpack::Error> {
        <String as msgpack::Decode>::decode(r).map(OnlyKey)
    }
}

/// serde_json's message without its position, which fastwire words its own way.
fn serde_json_message(error: &serde_json::Error) -> String {
    let text = error.to_string();
    match text.rfind(" at line ") {
        Some(at) => text[..at].to_owned(),
        None => text,
    }
}

/// fastwire and serde_json both refuse `text` as a `T`, with the same message; returns it.
#[track_caller]
fn json_refused<T>(text: &str) -> String
where
    T: json::DecodeOwned + for<'de> Deserialize<'de> + PartialEq + Debug,
{
    let theirs = assert_decodes_same::<T>(text).expect_err("serde_json refuses it");
    let ours = json::from_str::<T>(text).unwrap_err().to_string();
    let message = serde_json_message(&theirs);
    assert!(
        ours.starts_with(&message),
        "fastwire says {ours:?}, serde_json says {message:?}"
    );
    message
}

#[test]
fn newtype_keys() {
    let map: BTreeMap<Id<u64>, String> =
        [(Id(1), "one".into()), (Id(u64::MAX), "max".into())].into();
    assert_eq!(
        assert_same_round_trip(&map),
        r#"{"1":"one","18446744073709551615":"max"}"#
    );
    let map: BTreeMap<Id<String>, u8> = [(Id("a\"b".into()), 1), (Id(String::new()), 2)].into();
    assert_same_round_trip(&map);
    let map: BTreeMap<Id<Id<i8>>, bool> = [(Id(Id(-5)), true)].into();
    assert_eq!(assert_same_round_trip(&map), r#"{"-5":true}"#);
    let map: HashMap<Id<char>, ()> = [(Id('x'), ())].into();
    assert_same_round_trip(&map);

    // Read as the field's type reads keys: numbers from their raw text.
    assert_eq!(
        assert_decodes_same::<BTreeMap<Id<u32>, u8>>(r#"{"1": 2, "30": 4}"#).unwrap(),
        [(Id(1), 2), (Id(30), 4)].into()
    );
    json_refused::<BTreeMap<Id<u32>, u8>>(r#"{"x": 2}"#);
    json_refused::<BTreeMap<Id<u8>, u8>>(r#"{"256": 2}"#);
    json_refused::<BTreeMap<Id<u8>, u8>>(r#"{"\u0031": 2}"#);
    // (serde_json's message here leaves out the key's first character, which fastwire's
    // `bool` keys do not copy: the refusal is the same.)
    assert!(assert_decodes_same::<BTreeMap<Id<bool>, u8>>(r#"{"yes": 2}"#).is_err());
}

#[test]
fn transparent_keys() {
    let map: BTreeMap<Name, u8> = [
        (
            Name {
                text: "b".into(),
                seen: 0,
            },
            1,
        ),
        (
            Name {
                text: "a".into(),
                seen: 0,
            },
            2,
        ),
    ]
    .into();
    assert_eq!(assert_same_round_trip(&map), r#"{"a":2,"b":1}"#);
    let map: BTreeMap<Tagged<u16, String>, u8> = [(
        Tagged {
            id: 7,
            unit: PhantomData,
        },
        1,
    )]
    .into();
    assert_eq!(assert_same_round_trip(&map), r#"{"7":1}"#);
}

#[test]
fn unit_variant_keys() {
    let map: BTreeMap<Color, u8> = [
        (Color::Red, 1),
        (Color::Green, 2),
        (Color::Blue, 3),
        (Color::Quoted, 4),
    ]
    .into();
    assert_eq!(
        assert_same_round_trip(&map),
        r#"{"red":1,"verde":2,"blue":3,"with \"quotes\"":4}"#
    );
    let map: HashMap<Color, Vec<Color>> = [(Color::Blue, vec![Color::Red])].into();
    assert_same_round_trip(&map);
    // Aliases are read, escapes resolved.
    assert_eq!(
        assert_decodes_same::<BTreeMap<Color, u8>>(r#"{"navy": 1, "r\u0065d": 2}"#).unwrap(),
        [(Color::Blue, 1), (Color::Red, 2)].into()
    );
    assert_eq!(
        json_refused::<BTreeMap<Color, u8>>(r#"{"purple": 1}"#),
        "unknown variant `purple`, expected one of `red`, `verde`, `azure`, `blue`, `navy`, `with \"quotes\"`"
    );
    json_refused::<BTreeMap<Color, u8>>(r#"{"Red": 1}"#);
}

#[test]
fn borrowed_keys() {
    let text = r#"{"a":1,"b":2}"#;
    let ours: BTreeMap<Label, u8> = json::from_str(text).unwrap();
    let theirs: BTreeMap<Label, u8> = serde_json::from_str(text).unwrap();
    assert_eq!(ours, theirs);
    assert_eq!(json::to_string(&ours), text);
    // An escaped key cannot be borrowed: both refuse it.
    let escaped = r#"{"\n":1}"#;
    assert!(json::from_str::<BTreeMap<Label, u8>>(escaped).is_err());
    assert!(serde_json::from_str::<BTreeMap<Label, u8>>(escaped).is_err());
}

#[test]
fn generic_key_parameters() {
    let wrapper = Wrapper {
        map: [(Id(3u64), "three".to_owned()), (Id(1), "one".to_owned())].into(),
    };
    assert_eq!(
        assert_same_round_trip(&wrapper),
        r#"{"map":{"1":"one","3":"three"}}"#
    );
    let wrapper = Wrapper {
        map: [(Color::Green, Id(Color::Red))].into(),
    };
    assert_same_round_trip(&wrapper);
    let wrapper = Wrapper {
        map: [(OnlyKey("k".into()), 1u8)].into(),
    };
    assert_eq!(assert_same_round_trip(&wrapper), r#"{"map":{"k":1}}"#);
    let hashed = Hashed {
        map: [(7i32, true)].into(),
        nested: vec![[(Id(-1), false)].into()],
    };
    assert_same_round_trip(&hashed);
}

/// A generic newtype's key impls are bounded on their own: `Id<Vec<u8>>` is no key, but its
/// value impls need nothing of the key traits.
#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
struct Holder<T> {
    id: Id<T>,
}

#[test]
fn not_keys_still_derive_as_values() {
    assert_same_round_trip(&Bytes(vec![1, 2]));
    assert_same_round_trip(&Id(vec![1u8, 2]));
    assert_same_round_trip(&Holder {
        id: Id(vec![Shape::Dot]),
    });
    assert_same_round_trip(&vec![Shape::Dot, Shape::Circle(1.5)]);
    assert_same_round_trip(&BTreeMap::from([(1u8, Bytes(vec![]))]));
}
