//! `#[wire(repr)]` against serde_repr: every enum here derives both serde_repr's
//! `Serialize_repr` / `Deserialize_repr` and fastwire's derives, and fastwire must write the
//! same bytes in both formats, read what serde reads, refuse what it refuses with its
//! messages, and work as a JSON object key as serde_json lets integer-like keys work.

use std::collections::{BTreeMap, HashMap};
use std::fmt::{Debug, Display};

use fastwire::{json, msgpack};
use fastwire_tests::{assert_decodes_same, assert_msgpack_decodes_same, assert_same_round_trip};
use serde::{Deserialize, Serialize};
use serde_repr::{Deserialize_repr, Serialize_repr};

#[derive(
    Serialize_repr,
    Deserialize_repr,
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
#[wire(repr)]
#[repr(u8)]
enum Level {
    Low,
    Mid,
    High,
}

/// Explicit discriminants, negative ones, and implicit ones following them.
#[derive(
    Serialize_repr,
    Deserialize_repr,
    fastwire::Encode,
    fastwire::Decode,
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
)]
#[wire(repr)]
#[repr(i8)]
enum Offset {
    Back = -3,
    Behind,
    Here = 0,
    Ahead = 5,
    Far,
}

/// Discriminants that need every MessagePack integer width.
#[derive(
    Serialize_repr, Deserialize_repr, fastwire::Encode, fastwire::Decode, Debug, PartialEq,
)]
#[wire(repr)]
#[repr(i64)]
enum Wide {
    Min = i64::MIN,
    Negative = -40_000,
    Small = 7,
    Byte = 200,
    Short = 60_000,
    Word = 4_000_000_000,
    Max = i64::MAX,
}

#[derive(
    Serialize_repr, Deserialize_repr, fastwire::Encode, fastwire::Decode, Debug, PartialEq,
)]
#[wire(repr)]
#[repr(u64)]
enum Unsigned {
    Zero,
    Top = u64::MAX,
}

#[derive(
    Serialize_repr, Deserialize_repr, fastwire::Encode, fastwire::Decode, Debug, PartialEq,
)]
#[wire(repr)]
#[repr(u16)]
enum WithC {
    One = 1,
    Thousand = 1000,
}

#[derive(
    Serialize_repr, Deserialize_repr, fastwire::Encode, fastwire::Decode, Debug, PartialEq,
)]
#[wire(repr)]
#[repr(isize)]
enum Single {
    Only = -1,
}

/// `#[serde(other)]`: any unknown integer decodes to it (serde_repr's rule: it need not be last).
#[derive(
    Serialize_repr, Deserialize_repr, fastwire::Encode, fastwire::Decode, Debug, PartialEq,
)]
#[wire(repr)]
#[repr(u32)]
enum Lenient {
    Known = 1,
    #[serde(other)]
    Unknown = 0,
    Other = 2,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
struct Reading {
    level: Level,
    offset: Option<Offset>,
    history: Vec<Level>,
    wide: Wide,
}

/// serde_json's message without its position, which fastwire words its own way.
fn serde_json_message(error: &serde_json::Error) -> String {
    let text = error.to_string();
    match text.rfind(" at line ") {
        Some(at) => text[..at].to_owned(),
        None => text,
    }
}

/// fastwire's message starts with serde's (fastwire adds the position after it).
#[track_caller]
fn assert_same_message(ours: impl Display, theirs: &str) {
    let ours = ours.to_string();
    assert!(
        ours.starts_with(theirs),
        "fastwire says {ours:?}, serde says {theirs:?}"
    );
}

/// fastwire and serde_json both refuse `text` as a `T`, with the same message.
#[track_caller]
fn json_refused<T>(text: &str) -> String
where
    T: json::DecodeOwned + for<'de> Deserialize<'de> + PartialEq + Debug,
{
    let theirs = assert_decodes_same::<T>(text).expect_err("serde_json refuses it");
    let ours = json::from_str::<T>(text).unwrap_err();
    let message = serde_json_message(&theirs);
    assert_same_message(&ours, &message);
    message
}

/// fastwire and rmp-serde both refuse `bytes` as a `T`; returns rmp-serde's message, and
/// fastwire's when it is the same (rmp-serde words type errors its own way, "wrong msgpack
/// marker", which fastwire does not copy).
#[track_caller]
fn msgpack_refused<T>(bytes: &[u8]) -> (String, Option<String>)
where
    T: msgpack::DecodeOwned + for<'de> Deserialize<'de> + Serialize + PartialEq + Debug,
{
    let theirs = assert_msgpack_decodes_same::<T>(bytes).expect_err("rmp-serde refuses it");
    let ours = msgpack::from_slice::<T>(bytes).unwrap_err().to_string();
    let theirs = theirs.to_string();
    let same = ours.starts_with(&theirs).then_some(theirs.clone());
    (theirs, same)
}

#[test]
fn discriminants_are_written_as_serde_repr_writes_them() {
    for level in [Level::Low, Level::Mid, Level::High] {
        assert_same_round_trip(&level);
    }
    assert_eq!(assert_same_round_trip(&Level::High), "2");
    for offset in [
        Offset::Back,
        Offset::Behind,
        Offset::Here,
        Offset::Ahead,
        Offset::Far,
    ] {
        assert_same_round_trip(&offset);
    }
    assert_eq!(assert_same_round_trip(&Offset::Behind), "-2");
    assert_eq!(assert_same_round_trip(&Offset::Far), "6");
    for wide in [
        Wide::Min,
        Wide::Negative,
        Wide::Small,
        Wide::Byte,
        Wide::Short,
        Wide::Word,
        Wide::Max,
    ] {
        assert_same_round_trip(&wide);
    }
    assert_same_round_trip(&Unsigned::Zero);
    assert_eq!(assert_same_round_trip(&Unsigned::Top), u64::MAX.to_string());
    assert_same_round_trip(&WithC::One);
    assert_same_round_trip(&WithC::Thousand);
    assert_same_round_trip(&Single::Only);
    assert_same_round_trip(&Lenient::Known);
    assert_same_round_trip(&Lenient::Unknown);
    assert_same_round_trip(&Lenient::Other);
}

#[test]
fn inside_structs_and_collections() {
    let reading = Reading {
        level: Level::Mid,
        offset: Some(Offset::Back),
        history: vec![Level::Low, Level::High, Level::High],
        wide: Wide::Word,
    };
    assert_same_round_trip(&reading);
    let reading = Reading {
        offset: None,
        history: vec![],
        ..reading
    };
    assert_same_round_trip(&reading);
    assert_same_round_trip(&vec![Offset::Ahead, Offset::Here]);
    assert_same_round_trip(&(Level::Low, Some(Wide::Min)));
}

#[test]
fn bounded_in_messagepack() {
    // A repr enum has the size bound of its integer type, so structs of them are written
    // through one reserved slot.
    assert_eq!(
        <Level as msgpack::Encode>::MAX_SIZE,
        <u8 as msgpack::Encode>::MAX_SIZE
    );
    assert_eq!(
        <Wide as msgpack::Encode>::MAX_SIZE,
        <i64 as msgpack::Encode>::MAX_SIZE
    );
    assert_eq!(
        msgpack::to_vec(&Wide::Max),
        rmp_serde::to_vec(&Wide::Max).unwrap()
    );
    assert_eq!(msgpack::to_vec(&[Level::High; 3]), b"\x93\x02\x02\x02");
}

#[test]
fn unknown_integers_are_refused_with_serde_repr_messages() {
    assert_eq!(
        json_refused::<Level>("3"),
        "invalid value: 3, expected one of: 0, 1, 2"
    );
    assert_eq!(
        json_refused::<Vec<Offset>>("[-3, 4]"),
        "invalid value: 4, expected one of: -3, -2, 0, 5, 6"
    );
    assert_eq!(
        json_refused::<WithC>("7"),
        "invalid value: 7, expected 1 or 1000"
    );
    assert_eq!(json_refused::<Single>("1"), "invalid value: 1, expected -1");
    // Out of the integer type's range, or not an integer: the integer type's own errors.
    json_refused::<Level>("256");
    json_refused::<Level>("-1");
    json_refused::<Level>("1.0");
    json_refused::<Level>("\"Low\"");
    json_refused::<Level>("null");
    json_refused::<Reading>(r#"{"level":9,"offset":null,"history":[],"wide":7}"#);

    for (bytes, message) in [
        (&b"\x03"[..], "invalid value: 3, expected one of: 0, 1, 2"),
        (b"\xcc\xff", "invalid value: 255, expected one of: 0, 1, 2"),
    ] {
        let (theirs, ours) = msgpack_refused::<Level>(bytes);
        assert_eq!((theirs.as_str(), ours.as_deref()), (message, Some(message)));
    }
    let message = "invalid value: -128, expected one of: -3, -2, 0, 5, 6";
    let (theirs, ours) = msgpack_refused::<Offset>(b"\xd0\x80");
    assert_eq!((theirs.as_str(), ours.as_deref()), (message, Some(message)));
    msgpack_refused::<Level>(b"\xcd\x01\x00");
    msgpack_refused::<Level>(b"\xa3Low");
}

#[test]
fn accepts_what_serde_repr_accepts() {
    // Any integer form that holds the value, in MessagePack.
    for bytes in [
        &b"\x01"[..],
        b"\xcc\x01",
        b"\xcd\x00\x01",
        b"\xd0\x01",
        b"\xd3\0\0\0\0\0\0\0\x01",
    ] {
        assert_eq!(
            assert_msgpack_decodes_same::<Level>(bytes).unwrap(),
            Level::Mid
        );
    }
    assert_eq!(assert_decodes_same::<Level>(" 1 ").unwrap(), Level::Mid);
    assert_eq!(
        assert_decodes_same::<Lenient>("99").unwrap(),
        Lenient::Unknown
    );
    assert_eq!(
        assert_msgpack_decodes_same::<Lenient>(b"\x63").unwrap(),
        Lenient::Unknown
    );
}

#[test]
fn json_object_keys_are_quoted_discriminants() {
    // serde_json writes integer map keys in quotes, so serde_repr enums are keys there.
    let map: BTreeMap<Offset, Level> = [
        (Offset::Back, Level::Low),
        (Offset::Here, Level::Mid),
        (Offset::Far, Level::High),
    ]
    .into();
    assert_eq!(assert_same_round_trip(&map), r#"{"-3":0,"0":1,"6":2}"#);
    let map: HashMap<Level, Vec<Offset>> = [(Level::High, vec![Offset::Ahead])].into();
    assert_same_round_trip(&map);
    assert_eq!(
        json_refused::<BTreeMap<Level, u8>>(r#"{"7": 1}"#),
        "invalid value: 7, expected one of: 0, 1, 2"
    );
    json_refused::<BTreeMap<Level, u8>>(r#"{"Low": 1}"#);
    json_refused::<BTreeMap<Level, u8>>(r#"{"01": 1}"#);
}
