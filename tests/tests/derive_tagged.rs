//! Differential tests for serde's enum representations and `flatten` in both formats:
//! internally tagged (`tag`), adjacently tagged (`tag` + `content`), untagged (whole enums and
//! single variants), `tag` on a struct, and `flatten` of structs, maps, `Option`s and enums of
//! every representation into structs and struct variants. Every value is encoded by fastwire
//! and compared with serde_json (compact and pretty) and `rmp_serde::to_vec_named`, byte for
//! byte; serde's documents (serde_json's texts, rmp-serde's named and array bytes) are read
//! by fastwire and by serde, which must agree, and where serde reads its own output back to
//! the value, fastwire must too.

#![allow(dead_code)]

use std::collections::BTreeMap;

use fastwire_tests::{assert_decodes_like_serde, assert_same, assert_same_round_trip};
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug, Clone)]
struct Inner {
    a: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    b: Option<String>,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug, Clone)]
#[serde(tag = "type")]
enum Internal {
    Unit,
    Newtype(Inner),
    Map(BTreeMap<String, u8>),
    Struct {
        x: i64,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        list: Vec<u8>,
    },
    #[serde(rename = "flat")]
    WithFlatten {
        id: u8,
        #[serde(flatten)]
        inner: Inner,
    },
    Empty {},
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug, Clone)]
#[serde(tag = "t", content = "c", rename_all = "snake_case")]
enum Adjacent {
    UnitVariant,
    Newtype(u32),
    Tuple(u8, String),
    Struct { x: i64, inner: Inner },
    Nested(Internal),
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug, Clone)]
#[serde(untagged)]
enum Untagged {
    Unit,
    Newtype(String),
    Tuple(u8, bool),
    Struct {
        x: i64,
        #[serde(skip_serializing_if = "Option::is_none")]
        y: Option<u8>,
    },
    Inner(Inner),
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug, Clone)]
enum PartlyUntagged {
    Tagged(u8),
    Unit,
    #[serde(untagged)]
    Bare(String),
    #[serde(untagged)]
    BareStruct {
        z: u8,
    },
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug, Clone)]
#[serde(tag = "kind")]
struct TaggedStruct {
    a: u8,
    #[serde(flatten)]
    extra: BTreeMap<String, i32>,
}

/// Externally tagged, flattened: one member named after the variant.
#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug, Clone)]
enum External {
    Unit,
    Newtype(u8),
    Tuple(u8, u8),
    Struct { s: String },
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug, Clone)]
struct Flattens {
    #[serde(skip_serializing_if = "Option::is_none")]
    first: Option<u8>,
    #[serde(flatten)]
    inner: Inner,
    #[serde(flatten)]
    map: BTreeMap<String, String>,
    #[serde(flatten)]
    maybe: Option<Inner2>,
    #[serde(flatten)]
    internal: Internal,
    last: bool,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug, Clone)]
struct Inner2 {
    #[serde(skip_serializing_if = "Option::is_none")]
    c: Option<u8>,
    #[serde(flatten)]
    deeper: BTreeMap<String, u8>,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug, Clone)]
struct FlattenEnums {
    #[serde(flatten)]
    external: External,
    #[serde(flatten)]
    adjacent: Adjacent2,
    #[serde(flatten)]
    untagged: Untagged2,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug, Clone)]
#[serde(tag = "at", content = "ac")]
enum Adjacent2 {
    U,
    N(u8),
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug, Clone)]
#[serde(untagged)]
enum Untagged2 {
    S { us: u8 },
    N(Inner2),
    U,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug, Clone)]
struct OnlyFlatten {
    #[serde(flatten)]
    map: BTreeMap<String, u8>,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug, Clone)]
struct Generic<T> {
    id: u8,
    #[serde(flatten)]
    rest: T,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug, Clone)]
struct NewtypeOfMap(BTreeMap<String, u8>);

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug, Clone)]
#[serde(transparent)]
struct TransparentInner {
    inner: Inner,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug, Clone)]
struct FlattenNewtypes {
    #[serde(flatten)]
    map: NewtypeOfMap,
    #[serde(flatten)]
    inner: TransparentInner,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug, Clone)]
enum VariantFlatten {
    S {
        a: u8,
        #[serde(flatten)]
        rest: BTreeMap<String, u8>,
    },
}

/// Encodes as serde does, and reads serde's documents as serde does (whether or not serde
/// reads them back to `value`: flattening a map beside other parts, serde gives the map
/// their members too).
#[track_caller]
fn check<T>(value: &T)
where
    T: Serialize
        + serde::de::DeserializeOwned
        + fastwire_tests::EncodeAll
        + fastwire_tests::DecodeOwnedAll
        + PartialEq
        + std::fmt::Debug,
{
    assert_same(value);
    assert_decodes_like_serde(value);
}

fn inner(a: u32, b: Option<&str>) -> Inner {
    Inner {
        a,
        b: b.map(str::to_owned),
    }
}

fn map<V: Clone>(entries: &[(&str, V)]) -> BTreeMap<String, V> {
    entries
        .iter()
        .map(|(k, v)| ((*k).to_owned(), v.clone()))
        .collect()
}

fn internals() -> Vec<Internal> {
    vec![
        Internal::Unit,
        Internal::Newtype(inner(1, None)),
        Internal::Newtype(inner(2, Some("b"))),
        Internal::Map(map(&[("k", 1), ("j", 2)])),
        Internal::Map(BTreeMap::new()),
        Internal::Struct {
            x: -5,
            list: vec![],
        },
        Internal::Struct {
            x: 5,
            list: vec![1, 2],
        },
        Internal::WithFlatten {
            id: 9,
            inner: inner(3, Some("c")),
        },
        Internal::Empty {},
    ]
}

#[test]
fn internally_tagged() {
    for value in internals() {
        assert_same_round_trip(&value);
    }
    assert_eq!(
        fastwire::json::to_string(&Internal::Newtype(inner(1, None))),
        r#"{"type":"Newtype","a":1}"#
    );
}

#[test]
fn adjacently_tagged() {
    let values = [
        Adjacent::UnitVariant,
        Adjacent::Newtype(7),
        Adjacent::Tuple(1, "x".into()),
        Adjacent::Struct {
            x: 1,
            inner: inner(4, None),
        },
    ];
    for value in values {
        assert_same_round_trip(&value);
    }
    for value in internals() {
        assert_same_round_trip(&Adjacent::Nested(value));
    }
}

#[test]
fn untagged() {
    let values = [
        Untagged::Unit,
        Untagged::Newtype("n".into()),
        Untagged::Tuple(3, true),
        Untagged::Struct { x: 1, y: None },
        Untagged::Struct { x: 1, y: Some(2) },
        Untagged::Inner(inner(5, Some("q"))),
    ];
    for value in values {
        assert_same_round_trip(&value);
    }
    let values = [
        PartlyUntagged::Tagged(1),
        PartlyUntagged::Unit,
        PartlyUntagged::Bare("b".into()),
        PartlyUntagged::BareStruct { z: 3 },
    ];
    for value in values {
        assert_same_round_trip(&value);
    }
}

#[test]
fn tag_on_a_struct() {
    // serde does not read a struct's tag: here the flattened map gets it, and rejects it.
    check(&TaggedStruct {
        a: 1,
        extra: map(&[("x", -1)]),
    });
    check(&TaggedStruct {
        a: 1,
        extra: BTreeMap::new(),
    });
}

#[test]
fn flatten_structs_maps_options_and_enums() {
    for internal in internals() {
        for first in [None, Some(1)] {
            for maybe in [
                None,
                Some(Inner2 {
                    c: None,
                    deeper: BTreeMap::new(),
                }),
                Some(Inner2 {
                    c: Some(3),
                    deeper: map(&[("d", 4)]),
                }),
            ] {
                for extra in [BTreeMap::new(), map(&[("m", "v".to_owned())])] {
                    check(&Flattens {
                        first,
                        inner: inner(1, Some("x")),
                        map: extra,
                        maybe: maybe.clone(),
                        internal: internal.clone(),
                        last: true,
                    });
                }
            }
        }
    }
}

#[test]
fn flatten_enums_of_every_representation() {
    let externals = [
        External::Unit,
        External::Newtype(1),
        External::Tuple(1, 2),
        External::Struct { s: "s".into() },
    ];
    let adjacents = [Adjacent2::U, Adjacent2::N(5)];
    let untaggeds = [
        Untagged2::S { us: 1 },
        Untagged2::N(Inner2 {
            c: Some(1),
            deeper: map(&[("z", 1)]),
        }),
        Untagged2::U,
    ];
    for external in &externals {
        for adjacent in &adjacents {
            for untagged in &untaggeds {
                check(&FlattenEnums {
                    external: external.clone(),
                    adjacent: adjacent.clone(),
                    untagged: untagged.clone(),
                });
            }
        }
    }
}

#[test]
fn flatten_alone_generic_and_through_newtypes() {
    check(&OnlyFlatten {
        map: BTreeMap::new(),
    });
    check(&OnlyFlatten {
        map: map(&[("a", 1), ("b", 2)]),
    });
    check(&Generic {
        id: 1,
        rest: inner(2, None),
    });
    check(&Generic {
        id: 1,
        rest: map(&[("r", 1)]),
    });
    check(&Generic {
        id: 1,
        rest: Some(inner(2, None)),
    });
    check(&FlattenNewtypes {
        map: NewtypeOfMap(map(&[("n", 1)])),
        inner: TransparentInner {
            inner: inner(1, None),
        },
    });
    check(&VariantFlatten::S {
        a: 1,
        rest: map(&[("x", 2)]),
    });
}

// =============================================================================================
// Inputs serde did not write: other tags, unknown and missing members, wrong types
// =============================================================================================

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug, Clone)]
#[serde(tag = "type")]
enum WithOther {
    A {
        x: u8,
    },
    B,
    #[serde(other)]
    Unknown,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug, Clone)]
#[serde(tag = "t", content = "c")]
enum AdjacentOther {
    A(u8),
    #[serde(other)]
    Unknown,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug, Clone)]
enum ExternalOther {
    A(u8),
    B,
    #[serde(other)]
    Unknown,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug, Clone)]
#[serde(tag = "type", deny_unknown_fields)]
enum Strict {
    A { x: u8 },
    B,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug, Clone)]
#[serde(deny_unknown_fields)]
struct StrictFlatten {
    a: u8,
    #[serde(flatten)]
    inner: Inner,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug, Clone)]
#[serde(untagged, expecting = "a number or a name")]
enum Expecting {
    Number(u32),
    Name(String),
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug, Clone)]
#[serde(expecting = "a point")]
struct Point {
    x: i32,
    y: i32,
}

/// Each document read by fastwire and by serde_json, which must agree (value, or error).
fn agree<T>(documents: &[&str])
where
    T: serde::de::DeserializeOwned + fastwire::json::DecodeOwned + PartialEq + std::fmt::Debug,
{
    for document in documents {
        let _ = fastwire_tests::assert_decodes_same::<T>(document);
    }
}

#[test]
fn other_tags_fall_to_the_other_variant() {
    agree::<WithOther>(&[
        r#"{"type":"A","x":1}"#,
        r#"{"x":1,"type":"A"}"#,
        r#"{"type":"B"}"#,
        r#"{"type":"Z","x":1}"#,
        r#"{"x":1}"#,
        r#"{"type":1}"#,
        r#"{"type":"A","type":"B","x":1}"#,
        r#"["A",1]"#,
        r#"["Z"]"#,
        r#"[]"#,
        r#""A""#,
    ]);
    agree::<AdjacentOther>(&[
        r#"{"t":"A","c":1}"#,
        r#"{"c":1,"t":"A"}"#,
        r#"{"t":"Q"}"#,
        r#"{"t":"Q","c":null}"#,
        r#"{"t":"A"}"#,
        r#"{"c":1}"#,
        r#"{"t":"A","c":1,"x":2}"#,
        r#"["A",1]"#,
        r#"["A"]"#,
    ]);
    agree::<ExternalOther>(&[
        r#""A""#,
        r#""B""#,
        r#""Zed""#,
        r#"{"A":1}"#,
        r#"{"Zed":null}"#,
        r#"{"Zed":1}"#,
    ]);
    for value in [WithOther::A { x: 1 }, WithOther::B, WithOther::Unknown] {
        assert_same_round_trip(&value);
    }
}

#[test]
fn deny_unknown_fields_with_tags_and_flatten() {
    agree::<Strict>(&[
        r#"{"type":"A","x":1}"#,
        r#"{"type":"A","x":1,"y":2}"#,
        r#"{"type":"B"}"#,
        r#"{"type":"B","y":2}"#,
    ]);
    agree::<StrictFlatten>(&[
        r#"{"a":1,"a":2}"#,
        r#"{"a":1,"b":"x"}"#,
        r#"{"a":1,"z":"x"}"#,
        r#"{"b":"x"}"#,
        r#"[1,2]"#,
    ]);
}

#[test]
fn untagged_and_expecting() {
    agree::<Expecting>(&["1", r#""n""#, "true", "[1]", "-1"]);
    agree::<Point>(&[r#"{"x":1,"y":2}"#, "[1,2]", "[1]", "true", r#""p""#]);
    agree::<Untagged>(&[
        "null",
        r#""s""#,
        "[1,true]",
        r#"{"x":1}"#,
        r#"{"x":1,"y":2,"z":3}"#,
        r#"{"a":1}"#,
        "[1,2,3]",
        "1.5",
    ]);
}

#[derive(Serialize, fastwire::Encode, PartialEq, Debug, Clone)]
#[serde(tag = "type")]
enum PartlyWritten {
    Shown {
        x: u8,
    },
    #[serde(skip_serializing)]
    Hidden {
        secret: u8,
    },
    #[serde(skip_serializing)]
    HiddenUnit,
}

#[derive(Serialize, fastwire::Encode, PartialEq, Debug, Clone)]
struct HoldsPartlyWritten {
    #[serde(flatten)]
    inner: PartlyWritten,
}

#[test]
fn variants_skipped_when_serializing_fail_as_in_serde() {
    assert_same(&PartlyWritten::Shown { x: 1 });
    for value in [
        PartlyWritten::Hidden { secret: 1 },
        PartlyWritten::HiddenUnit,
    ] {
        let theirs = serde_json::to_string(&value).unwrap_err().to_string();
        let ours = fastwire::json::try_to_string(&value)
            .unwrap_err()
            .to_string();
        assert_eq!(ours, theirs);
        let ours = fastwire::msgpack::try_to_vec(&value)
            .unwrap_err()
            .to_string();
        assert_eq!(
            ours,
            rmp_serde::to_vec_named(&value).unwrap_err().to_string()
        );
        let flat = HoldsPartlyWritten { inner: value };
        assert!(fastwire::json::try_to_string(&flat).is_err());
        assert!(fastwire::msgpack::try_to_vec(&flat).is_err());
        assert!(serde_json::to_string(&flat).is_err());
    }
}

/// [`agree`] for MessagePack documents.
fn agree_msgpack<T>(documents: &[&[u8]])
where
    T: Serialize
        + serde::de::DeserializeOwned
        + fastwire::msgpack::DecodeOwned
        + PartialEq
        + std::fmt::Debug,
{
    for document in documents {
        let _ = fastwire_tests::assert_msgpack_decodes_same::<T>(document);
    }
}

#[test]
fn internal_tag_first_read_in_place() {
    // The tag first (read straight away), elsewhere, twice, and with each variant's shape.
    agree::<Internal>(&[
        r#"{"type":"Struct","x":1,"list":[2]}"#,
        r#"{"type":"Struct","list":[2],"x":1,"other":{"a":[]}}"#,
        r#"{"x":1,"type":"Struct"}"#,
        r#"{"type":"Struct","x":1,"type":"Struct"}"#,
        r#"{"type":"Struct","x":1,"x":2}"#,
        r#"{"type":"Struct"}"#,
        r#"{"type":"Struct","x":"1"}"#,
        r#"{"type":"Struct","x":1,}"#,
        r#"{"type":"Struct","x":1"#,
        r#"{"type":"Unit","x":1}"#,
        r#"{"type":"Unit","type":"Unit"}"#,
        r#"{"type":"Newtype","a":1,"b":"x"}"#,
        r#"{"type":"Newtype","b":"x"}"#,
        r#"{"type":"Newtype","a":1,"type":"Unit"}"#,
        r#"{"type":"Map","k":1,"j":2}"#,
        r#"{"type":"flat","id":1,"a":2,"b":"y"}"#,
        r#"{"type":"flat","a":2,"id":1,"type":"flat"}"#,
        r#"{"type":"Empty","z":null}"#,
        r#"{"type":"Nope","x":1}"#,
        r#"{"type":1,"x":1}"#,
        r#"{"typ\u0065":"Struct","x":1}"#,
        r#" { "type" : "Struct" , "x" : 1 } "#,
    ]);
    agree::<Strict>(&[
        r#"{"type":"A","x":1}"#,
        r#"{"type":"A","x":1,"y":2}"#,
        r#"{"type":"A","x":1,"type":"A"}"#,
    ]);
    agree_msgpack::<Internal>(&[
        // {"type": "Struct", "x": 1, "list": [2]}
        b"\x83\xa4type\xa6Struct\xa1x\x01\xa4list\x91\x02",
        // {"type": "Struct", "x": 1, "type": "Struct"}
        b"\x83\xa4type\xa6Struct\xa1x\x01\xa4type\xa6Struct",
        // {"x": 1, "type": "Struct"}
        b"\x82\xa1x\x01\xa4type\xa6Struct",
        // {"type": "Struct"}
        b"\x81\xa4type\xa6Struct",
        // {"type": "Unit", "x": 1}
        b"\x82\xa4type\xa4Unit\xa1x\x01",
        // {"type": "Newtype", "a": 1}
        b"\x82\xa4type\xa7Newtype\xa1a\x01",
        // {"type": "flat", "id": 1, "a": 2}
        b"\x83\xa4type\xa4flat\xa2id\x01\xa1a\x02",
        // {b"type": "Struct", "x": 1}: a `bin` key
        b"\x82\xc4\x04type\xa6Struct\xa1x\x01",
        // {"type": "Struct", "x": 1} with a missing entry
        b"\x83\xa4type\xa6Struct\xa1x\x01",
        // {"type": "Struct", 0: 5}: a field by index
        b"\x82\xa4type\xa6Struct\x00\x05",
    ]);
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug, Clone)]
struct SeesRest {
    x: u8,
    #[serde(flatten)]
    rest: BTreeMap<String, u8>,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug, Clone)]
struct OnlyY {
    y: u8,
    #[serde(default)]
    z: Option<u8>,
}

/// Flattened structs read in the enclosing object's pass: one after a part that sees every
/// member left must leave that part its members (serde reads the parts in order).
#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug, Clone)]
struct Streamed {
    id: u8,
    #[serde(flatten)]
    first: OnlyY,
    #[serde(flatten)]
    second: SeesRest,
    #[serde(flatten)]
    third: OnlyY,
    #[serde(flatten)]
    maybe: Option<Inner>,
    #[serde(flatten)]
    last: BTreeMap<String, u8>,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug, Clone)]
#[serde(deny_unknown_fields)]
struct StreamedStrict {
    id: u8,
    #[serde(flatten)]
    inner: OnlyY,
}

#[test]
fn flattened_structs_read_in_one_pass() {
    agree::<Streamed>(&[
        r#"{"id":1,"y":2,"x":3,"a":4}"#,
        r#"{"a":4,"x":3,"y":2,"id":1,"z":9,"b":5}"#,
        r#"{"id":1,"y":2,"y":3,"x":3}"#,
        r#"{"id":1,"y":"2","x":3}"#,
        r#"{"id":1,"x":3}"#,
        r#"{"id":1,"y":2,"x":3,"a":300}"#,
        r#"{"id":1,"y":2,"x":3,"a":1,"b":"x"}"#,
        r#"{"id":1,"y":2,"x":3,"a":1,"b":7}"#,
        r#"{"id":1,"y":2,"x":3,"z":null}"#,
    ]);
    agree::<StreamedStrict>(&[
        r#"{"id":1,"y":2}"#,
        r#"{"y":2,"id":1,"z":3}"#,
        r#"{"id":1,"y":2,"w":3}"#,
        r#"{"id":1,"y":2,"y":2}"#,
    ]);
    agree_msgpack::<StreamedStrict>(&[
        // {"id": 1, "y": 2}, {"y": 2, "id": 1, "w": 3}, {"id": 1, 0: 2}
        b"\x82\xa2id\x01\xa1y\x02",
        b"\x83\xa1y\x02\xa2id\x01\xa1w\x03",
        b"\x82\xa2id\x01\x00\x02",
    ]);
    let value = Streamed {
        id: 1,
        first: OnlyY { y: 2, z: None },
        second: SeesRest {
            x: 3,
            rest: map(&[("a", 4)]),
        },
        third: OnlyY { y: 2, z: None },
        maybe: Some(inner(5, None)),
        last: map(&[("q", 6)]),
    };
    // The same bytes as serde (which cannot read them back: `y` and `z` are written twice).
    assert_same(&value);
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug, Clone)]
#[serde(tag = "t", content = "c", deny_unknown_fields)]
enum AdjacentStrict {
    A(u8),
    B,
    S { x: u8 },
}

#[test]
fn adjacent_tag_first_read_in_place() {
    agree::<Adjacent>(&[
        r#"{"t":"newtype","c":1}"#,
        r#"{"t":"newtype","x":[1,{}],"c":1,"y":null}"#,
        r#"{"t":"newtype","c":1,"c":2}"#,
        r#"{"t":"newtype","c":1,"t":"newtype"}"#,
        r#"{"t":"newtype"}"#,
        r#"{"t":"unit_variant"}"#,
        r#"{"t":"unit_variant","c":null}"#,
        r#"{"t":"unit_variant","c":1}"#,
        r#"{"t":"tuple","c":[1,"a"]}"#,
        r#"{"t":"struct","c":{"x":1,"inner":{"a":2}}}"#,
        r#"{"t":"struct","c":[1,{"a":2}]}"#,
        r#"{"t":"nested","c":{"type":"Unit"}}"#,
        r#"{"t":"nope","c":1}"#,
        r#"{"t":"newtype","c":"1"}"#,
        r#"{"t":"newtype","c":1"#,
    ]);
    agree::<AdjacentStrict>(&[
        r#"{"t":"A","c":1}"#,
        r#"{"t":"A","c":1,"z":0}"#,
        r#"{"t":"B"}"#,
        r#"{"t":"B","z":0}"#,
        r#"{"t":"S","c":{"x":1}}"#,
    ]);
    agree_msgpack::<AdjacentStrict>(&[
        // {"t": "A", "c": 1}, {"t": "A", "c": 1, "c": 2}, {"t": "A", "z": 0, "c": 1}
        b"\x82\xa1t\xa1A\xa1c\x01",
        b"\x83\xa1t\xa1A\xa1c\x01\xa1c\x02",
        b"\x83\xa1t\xa1A\xa1z\x00\xa1c\x01",
        // {"t": "B"}, {"t": "S", "c": {"x": 1}}
        b"\x81\xa1t\xa1B",
        b"\x82\xa1t\xa1S\xa1c\x81\xa1x\x01",
    ]);
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug, Clone)]
#[serde(rename = "Pt")]
struct RenamedPoint {
    x: u8,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug, Clone)]
#[serde(rename = "Sh")]
enum RenamedShape {
    #[serde(rename = "c")]
    Circle { r: u8 },
    #[serde(rename = "t")]
    Tup(u8, u8),
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug, Clone)]
#[serde(untagged, rename = "Either")]
enum RenamedUntagged {
    N(u8),
    B(bool),
}

/// serde's messages name the Rust types and variants, whatever they are renamed to.
#[test]
fn error_messages_name_the_rust_types() {
    fn same<T>(text: &str)
    where
        T: serde::de::DeserializeOwned + fastwire::json::DecodeOwned + std::fmt::Debug,
    {
        let theirs = serde_json::from_str::<T>(text).unwrap_err().to_string();
        let ours = fastwire::json::from_str::<T>(text).unwrap_err().to_string();
        let theirs = &theirs[..theirs.find(" at line").unwrap_or(theirs.len())];
        // fastwire's message adds the path to the value (` at c`) and the position.
        assert!(ours.starts_with(theirs), "{text}: {ours} / {theirs}");
    }
    same::<RenamedPoint>("1");
    same::<RenamedShape>(r#"{"c":1}"#);
    same::<RenamedShape>(r#"{"t":1}"#);
    same::<RenamedUntagged>(r#""x""#);
}

/// Adjacently tagged newtype variants whose content is absent: serde reads the content's type
/// as a missing value (an `Option` is `None`; anything else is "missing field").
#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
#[serde(tag = "t", content = "c")]
enum MaybeContent {
    Optional(Option<u8>),
    Required(u8),
    Any(serde_json::Value),
    Unit,
}

#[test]
fn adjacent_newtype_without_content() {
    agree::<MaybeContent>(&[
        r#"{"t":"Optional"}"#,
        r#"{"t":"Optional","c":null}"#,
        r#"{"t":"Optional","c":3}"#,
        r#"{"x":1,"t":"Optional"}"#,
        r#"{"t":"Required"}"#,
        r#"{"x":1,"t":"Required"}"#,
        r#"{"t":"Any"}"#,
        r#"{"t":"Unit"}"#,
    ]);
    let maps = [
        rmp_serde::to_vec_named(&serde_json::json!({"t": "Optional"})).unwrap(),
        rmp_serde::to_vec_named(&serde_json::json!({"x": 1, "t": "Optional"})).unwrap(),
        rmp_serde::to_vec_named(&serde_json::json!({"t": "Required"})).unwrap(),
    ];
    let documents: Vec<&[u8]> = maps.iter().map(Vec::as_slice).collect();
    agree_msgpack::<MaybeContent>(&documents);
    assert_eq!(
        fastwire::json::from_str::<MaybeContent>(r#"{"t":"Optional"}"#).unwrap(),
        MaybeContent::Optional(None)
    );
}

/// The content of an internally tagged newtype variant with a field named like the tag: the
/// tag is taken first, so a second one is a duplicate tag, not that field.
#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug, Clone)]
struct NamedLikeTheTag {
    #[serde(rename = "type", default)]
    kind: Option<String>,
    n: u8,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug, Clone)]
#[serde(tag = "type")]
enum TagInContent {
    Wrapped(NamedLikeTheTag),
    Map(BTreeMap<String, u8>),
    Other { n: u8 },
}

#[test]
fn internal_newtype_content_read_in_place() {
    agree::<TagInContent>(&[
        r#"{"type":"Wrapped","n":1}"#,
        r#"{"type":"Wrapped","n":1,"extra":[1,{"a":2}]}"#,
        r#"{"type":"Wrapped","n":1,"type":"x"}"#,
        r#"{"type":"Wrapped","type":"x","n":1}"#,
        r#"{"type":"Wrapped","n":"1","type":"x"}"#,
        r#"{"type":"Wrapped","n":1,"n":2}"#,
        r#"{"type":"Wrapped"}"#,
        r#"{"type":"Wrapped","n":300}"#,
        r#"{"type":"Wrapped","n":1,"x":1e400}"#,
        r#"{"type":"Wrapped","n":1,"x":[1,]}"#,
        r#"{"n":1,"type":"Wrapped"}"#,
        r#"{"type":"Map","k":1,"type":"Map"}"#,
        r#"{"type":"Map","k":1,"j":2}"#,
    ]);
    let maps = [
        rmp_serde::to_vec_named(&serde_json::json!({"type": "Wrapped", "n": 1})).unwrap(),
        rmp_serde::to_vec_named(&serde_json::json!({"type": "Wrapped", "n": 1, "z": [1]})).unwrap(),
        // {"type": "Wrapped", "n": 1, "type": "x"}
        b"\x83\xa4type\xa7Wrapped\xa1n\x01\xa4type\xa1x".to_vec(),
        // {"type": "Wrapped", "n": 1, b"type": "x"}: a `bin` key is a name too
        b"\x83\xa4type\xa7Wrapped\xa1n\x01\xc4\x04type\xa1x".to_vec(),
        // {"type": "Wrapped", 1: 7}: the content's second field by index
        b"\x82\xa4type\xa7Wrapped\x01\x07".to_vec(),
        // {"type": "Map", "k": 1, "type": "Map"}
        b"\x83\xa4type\xa3Map\xa1k\x01\xa4type\xa3Map".to_vec(),
    ];
    let documents: Vec<&[u8]> = maps.iter().map(Vec::as_slice).collect();
    agree_msgpack::<TagInContent>(&documents);
}

/// An untagged enum whose variants fail at different depths, and one nested in another.
#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug, Clone)]
#[serde(untagged)]
enum Shapes {
    Text(String),
    Number(f64),
    Pair { a: u32, b: u32 },
    List(Vec<Shapes>),
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug, Clone)]
#[serde(rename_all = "snake_case")]
enum Channel {
    Organic,
    Ads {
        campaign: String,
    },
    #[serde(untagged)]
    Other(Shapes),
}

#[test]
fn untagged_variants_tried_in_place() {
    let documents = [
        r#""x""#,
        r#"1.5"#,
        r#"-0"#,
        r#"{"a":1,"b":2}"#,
        r#"{"b":2,"a":1,"c":[1,2]}"#,
        r#"{"a":1}"#,
        r#"{"a":1,"b":2,}"#,
        r#"{"a":1,"b":2"#,
        r#"{"a":1,"b":2,"c":1e400}"#,
        r#"[1,"x",{"a":1,"b":2},[[]]]"#,
        r#"[1,"x",{"a":1,"b":2},[[]],]"#,
        r#"[1,"x",{"a":1,"b":true}]"#,
        r#""organic""#,
        r#""ads""#,
        r#"{"ads":{"campaign":"c"}}"#,
        r#"{"ads":{"campaign":1}}"#,
        r#"{"organic":null}"#,
        r#""or\u0067anic""#,
        r#"true"#,
        r#"null"#,
        r#""unterminated"#,
        r#"  "x"  "#,
    ];
    agree::<Shapes>(&documents);
    agree::<Channel>(&documents);
    agree::<Vec<Channel>>(&[
        r#"["organic","x",{"a":1,"b":2},3]"#,
        r#"["organic",{"a":1,"b":2,}]"#,
    ]);
    // The same values read from a tree, which tries each variant on the value's text.
    for document in [
        r#"["organic","x",{"a":1,"b":2},3,[1]]"#,
        r#"[{"ads":{"campaign":"c"}}]"#,
    ] {
        let value: fastwire::json::Value = fastwire::json::from_str(document).unwrap();
        assert_eq!(
            fastwire::json::from_value::<Vec<Channel>>(&value).unwrap(),
            serde_json::from_str::<Vec<Channel>>(document).unwrap()
        );
    }
    let values = [
        Channel::Organic,
        Channel::Ads {
            campaign: "c".into(),
        },
        Channel::Other(Shapes::Text("organic".into())),
        Channel::Other(Shapes::Text("x".into())),
        Channel::Other(Shapes::Number(2.5)),
        Channel::Other(Shapes::Pair { a: 1, b: 2 }),
        Channel::Other(Shapes::List(vec![
            Shapes::Number(1.0),
            Shapes::Text("y".into()),
        ])),
    ];
    let documents: Vec<Vec<u8>> = values
        .iter()
        .map(|v| rmp_serde::to_vec_named(v).unwrap())
        .chain([
            // {"a": 1, "b": 2} with a third entry missing
            b"\x83\xa1a\x01\xa1b\x02".to_vec(),
            // a `str` of 200 bytes claimed, 1 given
            b"\xd9\xc8x".to_vec(),
            // "organic" as `str 8`
            b"\xd9\x07organic".to_vec(),
        ])
        .collect();
    let documents: Vec<&[u8]> = documents.iter().map(Vec::as_slice).collect();
    agree_msgpack::<Channel>(&documents);
    agree_msgpack::<Shapes>(&documents);
}

#[test]
fn signed_integers_read_as_serde_json_reads_them() {
    agree::<Vec<i64>>(&[
        "[0,-1,1,-9223372036854775808,9223372036854775807]",
        "[999999999999999999,-999999999999999999,1000000000000000000]",
        "[-0]",
        "[-01]",
        "[01]",
        "[-]",
        "[1.0]",
        "[-1e2]",
        "[-9223372036854775809]",
        "[9223372036854775808]",
        "[12a]",
    ]);
    agree::<Vec<i32>>(&[
        "[2147483647,-2147483648]",
        "[2147483648]",
        "[-2147483649]",
        "[-0]",
    ]);
    agree::<Vec<i8>>(&["[-128,127]", "[-129]", "[128]"]);
}

/// A struct whose last flattened field is a map, after a flattened struct: the map reads the
/// members nothing else takes as the object is read.
#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug, Clone)]
struct RestMap {
    id: u8,
    #[serde(flatten)]
    inner: Inner,
    #[serde(flatten)]
    rest: BTreeMap<String, Vec<u8>>,
}

/// The same with a hash map, the only flattened field.
#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug, Clone)]
struct RestHashMap {
    #[serde(flatten)]
    rest: std::collections::HashMap<String, bool>,
    id: u8,
}

/// A flattened map before another flattened field sees the members that field takes too.
#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug, Clone)]
struct MapFirst {
    #[serde(flatten)]
    rest: BTreeMap<String, serde_json::Value>,
    #[serde(flatten)]
    inner: Inner,
}

#[test]
fn last_flattened_map_reads_in_the_pass() {
    agree::<RestMap>(&[
        r#"{"id":1,"a":2,"x":[1,2],"y":[]}"#,
        r#"{"x":[1],"id":1,"a":2,"b":"q"}"#,
        r#"{"id":1,"a":2,"x":[1],"x":[2]}"#,
        r#"{"id":1,"a":2,"x\u0041":[3]}"#,
        // A value the map cannot read: the error is serde's, placed where serde places it,
        // and a syntax error after it comes first.
        r#"{"id":1,"x":"no","a":2}"#,
        r#"{"id":1,"x":[300],"a":2,"y":[1]}"#,
        r#"{"id":1,"x":"no","a":2,"y":[1,]}"#,
        r#"{"id":1,"x":[1],"a":2,"y":[1,]}"#,
        r#"{"id":1,"a":2,"x":[1],"id":2}"#,
        r#"{"id":1,"x":[1]}"#,
    ]);
    agree::<RestHashMap>(&[
        r#"{"1":true,"id":3,"2":false}"#,
        r#"{"id":3,"x":true}"#,
        r#"{"id":3,"1":0,"2":true}"#,
        r#"{"id":3,"1":true,"1":false}"#,
        r#"{"id":3,"\u0031":true}"#,
    ]);
    agree::<MapFirst>(&[r#"{"a":1,"b":"x","z":[1]}"#, r#"{"z":null,"a":1}"#]);
}

#[test]
fn last_flattened_map_reads_in_the_pass_msgpack() {
    let long = "a key longer than thirty-one bytes, a str8";
    let maps = [
        serde_json::json!({"id": 1, "a": 2, "x": [1, 2], "y": []}),
        serde_json::json!({"x": [1], "id": 1, "a": 2, long: [3]}),
        serde_json::json!({"id": 1, "x": "no", "a": 2}),
        serde_json::json!({"id": 1, "x": [300], "a": 2, "y": [1]}),
        serde_json::json!({"id": 1, long: "no", "a": 2}),
        serde_json::json!({"id": 1, "x": [1]}),
    ]
    .map(|value| rmp_serde::to_vec_named(&value).unwrap());
    let documents: Vec<&[u8]> = maps.iter().map(Vec::as_slice).collect();
    agree_msgpack::<RestMap>(&documents);
    let maps = [
        serde_json::json!({"1": true, "id": 3, "2": false}),
        serde_json::json!({"id": 3, "1": 0}),
    ]
    .map(|value| rmp_serde::to_vec_named(&value).unwrap());
    let documents: Vec<&[u8]> = maps.iter().map(Vec::as_slice).collect();
    agree_msgpack::<RestHashMap>(&documents);
}
