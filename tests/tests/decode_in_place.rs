//! Derived structs build their value in place (`Decode::decode_out`): in the caller's return
//! slot when decoded as the whole input, once its end is checked, and in the buffer of a
//! `Vec` for each element. Other types are read with `decode` and moved. Either way the
//! verdict must be the one serde_json gives (JSON: accepted, or which error, at which line
//! and column) and the one fastwire gave before for MessagePack (bytes after the value are an
//! error, reported after any error in the value itself); a sequence that fails part-way
//! drops the elements built so far (Miri runs these paths in `runtime/tests/public_paths.rs`).

use fastwire::json;
use fastwire::msgpack;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// Named fields: one optional with a default, one skipped.
#[derive(fastwire::Encode, fastwire::Decode, Serialize, Deserialize, Debug, PartialEq)]
struct Named {
    a: u32,
    #[serde(default)]
    b: Option<String>,
    #[serde(skip)]
    c: u8,
}

/// A container default: every field may be absent.
#[derive(fastwire::Encode, fastwire::Decode, Serialize, Deserialize, Debug, PartialEq)]
#[serde(default)]
struct Defaults {
    x: u8,
    y: String,
}

impl Default for Defaults {
    fn default() -> Self {
        Defaults {
            x: 7,
            y: "seven".to_owned(),
        }
    }
}

/// A tuple struct.
#[derive(fastwire::Encode, fastwire::Decode, Serialize, Deserialize, Debug, PartialEq)]
struct Coord(i32, i32);

/// Refuses members it does not name.
#[derive(fastwire::Encode, fastwire::Decode, Serialize, Deserialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct Closed {
    k: bool,
}

/// Flattened fields: read through the members collected, built in place all the same.
#[derive(fastwire::Encode, fastwire::Decode, Serialize, Deserialize, Debug, PartialEq)]
struct Spread {
    id: u32,
    #[serde(flatten)]
    inner: Defaults,
    #[serde(flatten)]
    rest: std::collections::BTreeMap<String, u8>,
}

/// A newtype (checked after `decode`, as every type that is not a derived struct).
#[derive(fastwire::Encode, fastwire::Decode, Serialize, Deserialize, Debug, PartialEq)]
struct Wrapper(Named);

/// What follows the value in each JSON case.
const SUFFIXES: &[&str] = &[
    "",
    " ",
    "\n\t \r\n",
    "x",
    " 1",
    "{}",
    "[]",
    ",",
    "]",
    "}",
    "\n\n  null",
    " \"s\"",
    "\u{e9}",
];

/// An error as both libraries can be compared on it: its message without the position, its
/// line and its column (fastwire writes `... (line L, column C)`, serde_json `... at line L
/// column C`; categories are compared by `json_error_positions`).
type Refusal = (String, usize, usize);

/// serde_json's verdict on `text` as `T`.
fn serde_json_verdict<T: DeserializeOwned>(text: &str) -> Result<T, Refusal> {
    serde_json::from_str(text).map_err(|e| {
        let message = e.to_string();
        let stem = message
            .rfind(" at line ")
            .map_or(&message[..], |at| &message[..at]);
        (stem.to_owned(), e.line(), e.column())
    })
}

fn fastwire_refusal(e: json::Error) -> Refusal {
    let message = e.to_string();
    let stem = message
        .rfind(" (line ")
        .map_or(&message[..], |at| &message[..at]);
    (stem.to_owned(), e.line(), e.column())
}

fn fastwire_json_verdict<T: for<'de> json::Decode<'de>>(text: &str) -> Result<T, Refusal> {
    json::from_str(text).map_err(fastwire_refusal)
}

/// Every document `values` followed by every suffix decodes as `T` to what serde_json gives.
fn json_matches<T>(values: &[&str]) -> usize
where
    T: for<'de> json::Decode<'de> + DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let mut rejected = 0;
    for value in values {
        for suffix in SUFFIXES {
            let text = format!("{value}{suffix}");
            let theirs = serde_json_verdict::<T>(&text);
            let ours = fastwire_json_verdict::<T>(&text);
            // Also from bytes, the entry point most callers use.
            let bytes = json::from_slice::<T>(text.as_bytes()).map_err(fastwire_refusal);
            assert_eq!(ours, bytes, "{text:?}: from_str and from_slice");
            match (ours, &theirs) {
                (Ok(ours), Ok(theirs)) => assert_eq!(&ours, theirs, "{text:?}"),
                (Err((ours, line, column)), Err((theirs, their_line, their_column))) => {
                    // fastwire's message adds the path (`... at a`) to serde_json's.
                    assert!(
                        ours.starts_with(theirs.as_str()),
                        "{text:?}: {ours} / {theirs}"
                    );
                    assert_eq!(
                        (line, column),
                        (*their_line, *their_column),
                        "{text:?}: {ours}"
                    );
                }
                (ours, theirs) => panic!("{text:?}: fastwire {ours:?}, serde_json {theirs:?}"),
            }
            rejected += usize::from(theirs.is_err());
        }
    }
    rejected
}

#[test]
fn json_ends_of_derived_structs_match_serde_json() {
    let named = [
        r#"{"a":1,"b":"x"}"#,
        r#"{"b":null,"a":2}"#,
        r#"{"a":3}"#,
        r#"{"a":4,"zz":[1,{"q":2}]}"#,
        r#"  {"a" : 5 , "b" : "y" }"#,
        "[6]",
        r#"[7,"z"]"#,
        // Errors in the value come first, whatever follows it.
        r#"{"b":"only"}"#,
        r#"{"a":"one"}"#,
        r#"{"a":1,"a":2}"#,
        "[]",
        r#"{"a":1"#,
        "",
    ];
    let rejected = json_matches::<Named>(&named);
    // Some cases are refused, some accepted: the suffixes decide for the valid values.
    assert!(rejected > SUFFIXES.len() * 6, "{rejected}");
    assert!(rejected < named.len() * SUFFIXES.len());

    json_matches::<Defaults>(&[r#"{}"#, r#"{"y":"w"}"#, r#"{"x":1,"y":"v"}"#, "[]", "[2]"]);
    // (A sequence too long for the struct is the one deliberate difference, listed in
    // `json_error_positions`: serde_json calls it trailing characters, fastwire an invalid
    // length.)
    json_matches::<Coord>(&["[1,2]", "[1]", "[1,\"2\"]", "{}"]);
    json_matches::<Closed>(&[r#"{"k":true}"#, r#"{"k":true,"l":1}"#, r#"{}"#]);
    json_matches::<Spread>(&[
        r#"{"id":1,"x":2,"y":"z","k":3}"#,
        r#"{"k":3,"id":1}"#,
        r#"{"x":2}"#,
        r#"{"id":1,"k":"not a number"}"#,
    ]);
    json_matches::<Vec<Spread>>(&[r#"[{"id":1,"q":1},{"id":2,"y":"w"}]"#]);
    json_matches::<Wrapper>(&[r#"{"a":1}"#, r#"{"b":"x"}"#]);
    json_matches::<Vec<Named>>(&[r#"[{"a":1},{"a":2,"b":"c"}]"#, r#"[{"a":1},{}]"#]);
    json_matches::<Option<Coord>>(&["null", "[3,4]", "[3]"]);
}

/// A value decoded from `bytes`, or the error's text.
fn msgpack_verdict<T: for<'de> msgpack::Decode<'de>>(bytes: &[u8]) -> Result<T, String> {
    msgpack::from_slice(bytes).map_err(|e| e.to_string())
}

/// `value` in both of rmp-serde's layouts (map form and array form).
fn rmp_forms<T: Serialize>(value: &T) -> [Vec<u8>; 2] {
    [
        rmp_serde::to_vec_named(value).expect("rmp-serde encodes"),
        rmp_serde::to_vec(value).expect("rmp-serde encodes"),
    ]
}

/// Every encoding in `encodings` decodes to `expected` on its own, and is refused with
/// "trailing bytes" at its end when anything follows it; rmp-serde reads the same value.
fn msgpack_ends<T>(encodings: &[Vec<u8>], expected: &T)
where
    T: for<'de> msgpack::Decode<'de> + DeserializeOwned + PartialEq + std::fmt::Debug,
{
    for bytes in encodings {
        assert_eq!(
            msgpack_verdict::<T>(bytes).as_ref(),
            Ok(expected),
            "{bytes:x?}"
        );
        let theirs: T = rmp_serde::from_slice(bytes).expect("rmp-serde decodes");
        assert_eq!(&theirs, expected);
        for extra in [&[0xc0][..], &[0x00, 0x01], &[0x90], &[0xc1], &[0xa1]] {
            let mut longer = bytes.clone();
            longer.extend_from_slice(extra);
            let err = msgpack::from_slice::<T>(&longer).expect_err("bytes follow the value");
            assert!(
                err.to_string().starts_with("trailing bytes"),
                "{longer:x?}: {err}"
            );
            assert_eq!(err.offset(), bytes.len(), "{longer:x?}: {err}");
        }
    }
}

#[test]
fn msgpack_ends_of_derived_structs_are_checked() {
    let named = Named {
        a: 9,
        b: Some("nine".to_owned()),
        c: 0,
    };
    msgpack_ends(&rmp_forms(&named), &named);
    let defaults = Defaults {
        x: 1,
        y: String::new(),
    };
    msgpack_ends(&rmp_forms(&defaults), &defaults);
    // Absent fields take the container's default; an empty map is the whole default.
    msgpack_ends(&[vec![0x80]], &Defaults::default());
    let coord = Coord(-1, 1);
    msgpack_ends(&rmp_forms(&coord), &coord);
    let closed = Closed { k: false };
    msgpack_ends(&rmp_forms(&closed), &closed);
    let wrapper = Wrapper(named);
    msgpack_ends(&rmp_forms(&wrapper), &wrapper);
    let spread = Spread {
        id: 4,
        inner: Defaults::default(),
        rest: [("k".to_owned(), 5)].into_iter().collect(),
    };
    let spread_bytes = rmp_serde::to_vec_named(&spread).unwrap();
    msgpack_ends(std::slice::from_ref(&spread_bytes), &spread);
    let list = vec![coord, Coord(2, 3)];
    msgpack_ends(&rmp_forms(&list), &list);
}

#[test]
fn msgpack_errors_in_the_value_come_before_trailing_bytes() {
    // {"b": "x"}: `a` is missing; a byte follows the map.
    let missing = b"\x81\xa1b\xa1x\xc0";
    let err = msgpack::from_slice::<Named>(missing).unwrap_err();
    assert!(err.to_string().starts_with("missing field `a`"), "{err}");
    // {"a": "one"}: the wrong type is reported, not what follows.
    let wrong = b"\x81\xa1a\xa3one\xc0\xc0";
    let err = msgpack::from_slice::<Named>(wrong).unwrap_err();
    assert!(err.to_string().starts_with("invalid type"), "{err}");
    // [1, 2, 3] for a pair: too long, before the trailing byte.
    let long = b"\x93\x01\x02\x03\xc0";
    let err = msgpack::from_slice::<Coord>(long).unwrap_err();
    assert!(err.to_string().starts_with("invalid length"), "{err}");
    // {"k": true, "l": 1} refused for the unknown member first.
    let unknown = b"\x82\xa1k\xc3\xa1l\x01\xc0";
    let err = msgpack::from_slice::<Closed>(unknown).unwrap_err();
    assert!(err.to_string().starts_with("unknown field"), "{err}");
}

#[test]
fn nested_values_are_not_checked_for_the_end() {
    // A derived struct inside another value ends where the outer value goes on.
    let list: Vec<Named> = json::from_str(r#"[{"a":1} , {"a":2}]"#).unwrap();
    assert_eq!(list.len(), 2);
    let pair: (Coord, Coord) = json::from_str("[[1,2],[3,4]]").unwrap();
    assert_eq!(pair, (Coord(1, 2), Coord(3, 4)));
    let bytes = rmp_serde::to_vec(&(Coord(5, 6), 7u8)).unwrap();
    let pair: (Coord, u8) = msgpack::from_slice(&bytes).unwrap();
    assert_eq!(pair, (Coord(5, 6), 7));
}

/// Owns heap memory in every field, so that an element dropped twice shows as a double free
/// (the same paths run under Miri, which also finds one never dropped, in
/// `runtime/tests/public_paths.rs`).
#[derive(fastwire::Decode, Deserialize, Debug, PartialEq)]
struct Owning {
    name: String,
    tags: Vec<String>,
    inner: Option<Box<Named>>,
}

#[test]
fn sequences_of_derived_structs_fail_part_way_cleanly() {
    let good = r#"{"name":"n","tags":["a","b"],"inner":{"a":1,"b":"x"}}"#;
    let bad_element = r#"{"name":"n","tags":["a"],"inner":{"b":"missing a"}}"#;
    for n in [0, 1, 2, 5, 17] {
        let goods = vec![good; n];
        // All good, at the top and nested.
        let text = format!("[{}]", goods.join(","));
        let ours: Vec<Owning> = json::from_str(&text).unwrap();
        let theirs: Vec<Owning> = serde_json::from_str(&text).unwrap();
        assert_eq!(ours, theirs);
        let nested = format!("[[{}],[]]", goods.join(","));
        let ours: Vec<Vec<Owning>> = json::from_str(&nested).unwrap();
        assert_eq!(
            ours,
            serde_json::from_str::<Vec<Vec<Owning>>>(&nested).unwrap()
        );
        // One bad element after `n` good ones: the error names its index.
        let mut items = goods.clone();
        items.push(bad_element);
        items.push(good);
        let text = format!("[{}]", items.join(","));
        let err = json::from_str::<Vec<Owning>>(&text).unwrap_err();
        assert!(
            err.to_string().contains(&format!("[{n}].inner")),
            "{n}: {err}"
        );
        let nested = format!("[[{}]]", items.join(","));
        let err = json::from_str::<Vec<Vec<Owning>>>(&nested).unwrap_err();
        assert!(
            err.to_string().contains(&format!("[0][{n}].inner")),
            "{n}: {err}"
        );
        // The same in MessagePack, from rmp-serde's encoding of the JSON values.
        let values: Vec<serde_json::Value> = serde_json::from_str(&text).unwrap();
        let bytes = rmp_serde::to_vec_named(&values).unwrap();
        let err = msgpack::from_slice::<Vec<Owning>>(&bytes).unwrap_err();
        assert!(
            err.to_string().starts_with("missing field `a`"),
            "{n}: {err}"
        );
        let good_values = &values[..n];
        let bytes = rmp_serde::to_vec_named(good_values).unwrap();
        let ours: Vec<Owning> = msgpack::from_slice(&bytes).unwrap();
        let theirs: Vec<Owning> = rmp_serde::from_slice(&bytes).unwrap();
        assert_eq!(ours, theirs);
    }
}

/// Sequences whose buffers pass 8 MiB, which the decoders back with huge pages on Linux (the
/// top-level JSON array sized from its first element, the MessagePack array from its length):
/// the same values as serde_json's and rmp-serde's, and a truncated input still an error.
#[test]
fn large_sequences_decode_like_serde() {
    let rows: Vec<Named> = (0..360_000u32)
        .map(|i| Named {
            a: i,
            b: (i % 3 == 0).then(|| format!("row {i}")),
            c: 0,
        })
        .collect();
    assert!(
        rows.len() * std::mem::size_of::<Named>() > 9 << 20,
        "not past the huge-page threshold"
    );
    let text = serde_json::to_string(&rows).expect("serde_json encodes");
    let ours: Vec<Named> = json::from_str(&text).expect("fastwire decodes the JSON");
    let theirs: Vec<Named> = serde_json::from_str(&text).expect("serde_json decodes");
    assert_eq!(ours, theirs);
    assert_eq!(ours, rows);
    assert!(json::from_str::<Vec<Named>>(&text[..text.len() - 1]).is_err());

    let bytes = rmp_serde::to_vec_named(&rows).expect("rmp-serde encodes");
    let ours: Vec<Named> = msgpack::from_slice(&bytes).expect("fastwire decodes the MessagePack");
    let theirs: Vec<Named> = rmp_serde::from_slice(&bytes).expect("rmp-serde decodes");
    assert_eq!(ours, theirs);
    assert_eq!(ours, rows);
    assert!(msgpack::from_slice::<Vec<Named>>(&bytes[..bytes.len() - 1]).is_err());
}
