//! Differential tests for the MessagePack side of `#[derive(fastwire::Encode, fastwire::Decode)]`
//! beyond what `json_encode_derive.rs` already checks in both formats (its helpers compare
//! every type and attribute there with `rmp_serde::to_vec_named` too, and read rmp-serde's
//! named and array bytes back).
//!
//! Here: `#[wire(as_array)]`, whose output must be `rmp_serde::to_vec`'s (structs as arrays),
//! on structs, nested structs, enums with struct variants, generics, borrowed fields, and with
//! `skip*`, `skip_serializing_if`, `default`, `rename*`, `alias`, `deny_unknown_fields` and
//! `bound`; the two forms nested in each other (checked against serde twins); headers where
//! MessagePack changes form (structs of 15 and 16 fields, fixed or made so by
//! `skip_serializing_if`); keys and variant names of 31, 32, 255 and 256 bytes (`fixstr`,
//! `str 8`, `str 16`). Every value is also read back from rmp-serde's named and array bytes.

#![allow(dead_code)]

use std::borrow::Cow;
use std::collections::BTreeMap;

use fastwire_tests::{
    assert_decodes_like_serde, assert_decodes_like_serde_borrowed,
    assert_msgpack_decodes_like_rmp_serde, assert_msgpack_decodes_like_twin,
    assert_msgpack_decodes_same, assert_msgpack_encodes_as, assert_round_trip,
    assert_round_trip_borrowed, assert_same_as_array, assert_same_json, assert_same_msgpack,
    assert_same_round_trip, documents, msgpack_bytes, Verdict,
};
use rmpv::Value;
use serde::{Deserialize, Serialize};

/// `key => value` entries as a MessagePack map, in the order given.
fn map(entries: Vec<(Value, Value)>) -> Value {
    Value::Map(entries)
}

/// A MessagePack string.
fn s(text: &str) -> Value {
    Value::from(text)
}

/// A MessagePack integer.
fn int(n: i64) -> Value {
    Value::from(n)
}

// =============================================================================================
// as_array: structs, nested structs, skips
// =============================================================================================

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug, Clone)]
#[wire(as_array)]
struct Point {
    x: i32,
    y: i32,
    z: i32,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug, Clone)]
#[wire(as_array)]
#[serde(rename_all = "camelCase")]
struct Segment {
    start_point: Point,
    end_point: Point,
    #[serde(rename = "名前")]
    label: Option<String>,
    weights: Vec<f32>,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[wire(as_array)]
struct Polyline {
    points: Vec<Point>,
    closed: bool,
    segments: BTreeMap<String, Segment>,
    nested: Option<Box<Polyline>>,
}

fn point(n: i32) -> Point {
    Point {
        x: n,
        y: -n,
        z: n * 1000,
    }
}

fn segment(n: i32) -> Segment {
    Segment {
        start_point: point(n),
        end_point: point(n + 1),
        label: (n % 2 == 0).then(|| format!("segment {n}")),
        weights: (0..n).map(|i| i as f32 / 4.0).collect(),
    }
}

#[test]
fn as_array_structs_are_rmp_serde_arrays() {
    let bytes = assert_same_as_array(&point(1));
    assert_eq!(bytes, b"\x93\x01\xff\xcd\x03\xe8");
    for n in [0, 1, 2, 5] {
        assert_same_as_array(&segment(n));
        assert_round_trip(&segment(n));
        // fastwire's output is rmp-serde's array form, which reads back too.
        let verdicts = assert_msgpack_decodes_like_rmp_serde(&segment(n));
        assert_eq!(verdicts.array, Verdict::RoundTrip);
    }
    let line = Polyline {
        points: (0..20).map(point).collect(),
        closed: true,
        segments: (0..3).map(|n| (format!("s{n}"), segment(n))).collect(),
        nested: Some(Box::new(Polyline {
            points: vec![],
            closed: false,
            segments: BTreeMap::new(),
            nested: None,
        })),
    };
    let bytes = assert_same_as_array(&line);
    // An array of four fields whose first is an array of 20 points (`array 16`).
    assert_eq!(bytes[..4], [0x94, 0xdc, 0x00, 20]);
    assert_round_trip(&line);
    assert_eq!(
        assert_msgpack_decodes_like_rmp_serde(&line).array,
        Verdict::RoundTrip
    );
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[wire(as_array)]
struct Sparse {
    first: u8,
    maybe: Option<u8>,
    #[serde(skip)]
    hidden: u8,
    #[serde(skip_serializing)]
    not_written: Option<u8>,
    #[serde(skip_deserializing)]
    not_read: u8,
    last: bool,
    // Only the last field written may be left out of an array.
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    list: Vec<u8>,
}

#[test]
fn as_array_with_skips_is_shorter_as_in_rmp_serde() {
    for mask in 0u8..8 {
        let v = Sparse {
            first: 1,
            maybe: (mask & 1 != 0).then_some(2),
            hidden: mask,
            list: if mask & 2 != 0 { vec![3, 4] } else { vec![] },
            not_written: (mask & 4 != 0).then_some(5),
            not_read: 6,
            last: true,
        };
        let bytes = assert_same_as_array(&v);
        // Written: first, maybe, not_read, last, and list when not empty (the last field,
        // the only one an array may leave out).
        let written = 4 + usize::from(mask & 2 != 0);
        assert_eq!(bytes[0], 0x90 | written as u8, "{v:?}");
        // Read in the order first, maybe, not_written, last, list (`not_read` is written but
        // not read): the map form reads back with the skipped fields at their defaults; the
        // array form puts `not_read`'s value in `not_written`, and a missing `list` takes its
        // default.
        let verdicts = assert_decodes_like_serde(&v);
        assert_eq!(verdicts.msgpack, Verdict::Changed, "{v:?}");
        assert_eq!(verdicts.msgpack_array, Verdict::Changed, "{v:?}");
    }
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug, Default)]
#[wire(as_array)]
#[serde(default)]
struct Settings {
    level: u8,
    name: String,
    #[serde(default = "ten")]
    retries: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    limit: Option<u32>,
}

fn ten() -> u8 {
    10
}

#[test]
fn as_array_with_defaults_reads_short_arrays() {
    for limit in [None, Some(7)] {
        let v = Settings {
            level: 1,
            name: "n".into(),
            limit,
            retries: 3,
        };
        assert_same_as_array(&v);
        let verdicts = assert_decodes_like_serde(&v);
        assert_eq!(verdicts.msgpack, Verdict::RoundTrip);
        // Without `limit`, the last field, the array is one short and `limit` takes the
        // container's default.
        assert_eq!(verdicts.msgpack_array, Verdict::RoundTrip);
    }
    // Every prefix of the array form, and one element too many.
    for input in [
        Value::Array(vec![]),
        Value::Array(vec![int(1)]),
        Value::Array(vec![int(1), s("n")]),
        Value::Array(vec![int(1), s("n"), Value::Nil]),
        Value::Array(vec![int(1), s("n"), int(7), int(3)]),
        Value::Array(vec![int(1), s("n"), int(7), int(3), int(0)]),
        map(vec![]),
        map(vec![(s("retries"), int(4))]),
        map(vec![(s("limit"), Value::Nil), (s("level"), int(2))]),
    ] {
        let _ = assert_msgpack_decodes_same::<Settings>(&msgpack_bytes(&input));
    }
    let read: Settings = fastwire::msgpack::from_slice(b"\x91\x05").unwrap();
    assert_eq!(
        read,
        Settings {
            level: 5,
            retries: 10,
            ..Settings::default()
        }
    );
}

// =============================================================================================
// as_array: attributes that matter when decoding the map form
// =============================================================================================

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[wire(as_array)]
#[serde(deny_unknown_fields, rename_all = "SCREAMING_SNAKE_CASE")]
struct StrictArray {
    #[serde(alias = "identifier", alias = "ID_NUMBER")]
    id: u32,
    #[serde(rename(serialize = "written_name", deserialize = "read_name"))]
    name: String,
    #[serde(skip)]
    skipped: u8,
}

#[test]
fn as_array_map_form_aliases_renames_unknown_fields() {
    let v = StrictArray {
        id: 1,
        name: "n".into(),
        skipped: 0,
    };
    assert_eq!(assert_same_as_array(&v), b"\x92\x01\xa1n");
    // Written under `written_name` in the map form, read under `read_name`: the named bytes do
    // not read back, the array bytes do.
    let verdicts = assert_decodes_like_serde(&v);
    assert_eq!(verdicts.msgpack, Verdict::Rejected);
    assert_eq!(verdicts.msgpack_array, Verdict::RoundTrip);
    for (input, accepted) in [
        (map(vec![(s("ID"), int(1)), (s("read_name"), s("n"))]), true),
        (
            map(vec![(s("identifier"), int(1)), (s("read_name"), s("n"))]),
            true,
        ),
        (
            map(vec![(s("read_name"), s("n")), (s("ID_NUMBER"), int(1))]),
            true,
        ),
        (map(vec![(int(0), int(1)), (int(1), s("n"))]), true),
        (map(vec![(s("ID"), int(1)), (s("NAME"), s("n"))]), false),
        (
            map(vec![(s("ID"), int(1)), (s("written_name"), s("n"))]),
            false,
        ),
        (
            map(vec![
                (s("ID"), int(1)),
                (s("read_name"), s("n")),
                (s("skipped"), int(2)),
            ]),
            false,
        ),
        // A field index beyond the fields is unknown too.
        (
            map(vec![(int(0), int(1)), (int(1), s("n")), (int(2), int(0))]),
            false,
        ),
        (
            map(vec![(s("ID"), int(1)), (s("identifier"), int(1))]),
            false,
        ),
        (Value::Array(vec![int(1), s("n"), int(0)]), false),
    ] {
        let read = assert_msgpack_decodes_same::<StrictArray>(&msgpack_bytes(&input));
        assert_eq!(read.is_ok(), accepted, "{input}");
    }
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[wire(as_array)]
struct View<'a> {
    name: &'a str,
    #[serde(borrow)]
    note: Cow<'a, str>,
    tags: Vec<&'a str>,
}

#[test]
fn as_array_borrowed_fields() {
    let plain = View {
        name: "view",
        note: Cow::Borrowed("note"),
        tags: vec!["a", "", "c"],
    };
    assert_same_as_array(&plain);
    assert_round_trip_borrowed(&plain, &documents(&plain));
    // MessagePack strings have no escapes: every one of them can be lent, where JSON's
    // escaped strings cannot.
    let v = View {
        name: "view \"quoted\"",
        note: Cow::Borrowed("note\n"),
        tags: vec!["a\\", "", "c"],
    };
    assert_same_as_array(&v);
    let docs = documents(&v);
    let verdicts = assert_decodes_like_serde_borrowed(&v, &docs);
    assert_eq!(verdicts.json, Verdict::Rejected);
    assert_eq!(verdicts.msgpack, Verdict::RoundTrip);
    assert_eq!(verdicts.msgpack_array, Verdict::RoundTrip);
    let read: View = fastwire::msgpack::from_slice(&docs.msgpack.1).unwrap();
    let within = |text: &str| docs.msgpack.1.as_ptr_range().contains(&text.as_ptr());
    assert!(within(read.name) && read.tags.iter().all(|t| t.is_empty() || within(t)));
    assert!(matches!(read.note, Cow::Borrowed(text) if within(text)));
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[wire(as_array)]
#[serde(bound(
    serialize = "T: Serialize, U: Serialize",
    deserialize = "T: Deserialize<'de>, U: Deserialize<'de>"
))]
struct Tagged<T, U> {
    tag: T,
    items: Vec<U>,
    #[serde(skip)]
    cache: Option<U>,
}

#[test]
fn as_array_generics_and_bounds() {
    assert_same_as_array(&Tagged::<u8, Point> {
        tag: 1,
        items: vec![point(1), point(2)],
        cache: None,
    });
    let strings = Tagged::<String, Option<bool>> {
        tag: "t".into(),
        items: vec![Some(true), None],
        cache: None,
    };
    assert_same_as_array(&strings);
    assert_round_trip(&strings);
    let nested = Tagged {
        tag: segment(2),
        items: vec![Tagged::<u8, u8> {
            tag: 0,
            items: vec![1, 2, 3],
            cache: None,
        }],
        cache: None,
    };
    assert_same_as_array(&nested);
    assert_round_trip(&nested);
}

// =============================================================================================
// as_array on enums: struct variants become arrays, other shapes do not change
// =============================================================================================

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[wire(as_array)]
#[serde(rename_all_fields = "camelCase")]
enum Figure {
    Dot,
    Circle {
        center: Point,
        radius_len: f64,
    },
    Labelled {
        at: Point,
        #[serde(skip_serializing_if = "Option::is_none")]
        text_value: Option<String>,
    },
    Pair(Point, Point),
    Wrapped(Segment),
    #[serde(rename = "nothing at all")]
    Nothing {},
}

fn figures() -> Vec<Figure> {
    vec![
        Figure::Dot,
        Figure::Circle {
            center: point(3),
            radius_len: 0.5,
        },
        Figure::Labelled {
            text_value: Some("label".into()),
            at: point(4),
        },
        Figure::Labelled {
            text_value: None,
            at: point(5),
        },
        Figure::Pair(point(6), point(7)),
        Figure::Wrapped(segment(3)),
        Figure::Nothing {},
    ]
}

#[test]
fn as_array_enums() {
    for figure in &figures() {
        assert_same_as_array(figure);
        let verdicts = assert_decodes_like_serde(figure);
        assert_eq!(verdicts.json, Verdict::RoundTrip, "{figure:?}");
        assert_eq!(verdicts.msgpack, Verdict::RoundTrip, "{figure:?}");
    }
    assert_same_as_array(&figures());
    assert_eq!(assert_same_as_array(&Figure::Dot), b"\xa3Dot");
    assert_eq!(
        assert_same_as_array(&Figure::Circle {
            center: point(0),
            radius_len: 2.0,
        }),
        b"\x81\xa6Circle\x92\x93\x00\x00\x00\xcb\x40\x00\x00\x00\x00\x00\x00\x00"
    );
    assert_eq!(
        assert_same_as_array(&Figure::Nothing {}),
        b"\x81\xaenothing at all\x90"
    );
    // Without its text the labelled figure's array starts with the point, which does not
    // read as an `Option<String>`.
    let verdicts = assert_decodes_like_serde(&Figure::Labelled {
        text_value: None,
        at: point(5),
    });
    assert_eq!(verdicts.msgpack_array, Verdict::Rejected);
}

// =============================================================================================
// the two forms nested in each other, against serde twins of the same shape
// =============================================================================================

/// A struct written as a map that holds `as_array` structs.
#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
struct Plain {
    id: u8,
    at: Point,
    path: Vec<Point>,
}

/// `Plain` as rmp-serde's `to_vec_named` writes it once `Point` is an array.
#[derive(Serialize, Deserialize, Debug)]
struct PlainTwin {
    id: u8,
    at: (i32, i32, i32),
    path: Vec<(i32, i32, i32)>,
}

/// An `as_array` struct that holds a struct written as a map.
#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[wire(as_array)]
struct Holder {
    plain: Plain,
    count: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    extra: Option<Plain>,
}

/// `Holder` as rmp-serde's `to_vec_named` writes it.
type HolderTwin = (PlainTwin, u8, Option<PlainTwin>);

fn plain(id: u8) -> (Plain, PlainTwin) {
    let ours = Plain {
        id,
        at: point(i32::from(id)),
        path: (0..i32::from(id)).map(point).collect(),
    };
    let twin = PlainTwin {
        id,
        at: (i32::from(id), -i32::from(id), i32::from(id) * 1000),
        path: (0..i32::from(id)).map(|n| (n, -n, n * 1000)).collect(),
    };
    (ours, twin)
}

#[test]
fn forms_nested_in_each_other() {
    for id in [0, 1, 17] {
        let (ours, twin) = plain(id);
        assert_same_json(&ours);
        let expected = rmp_serde::to_vec_named(&twin).unwrap();
        assert_msgpack_encodes_as(&ours, &expected);
        let read = assert_msgpack_decodes_like_twin::<Plain, PlainTwin>(&expected);
        assert_eq!(read, Some(ours));
        // serde's `Plain` reads both forms: fastwire's bytes read back like rmp-serde's.
        let (ours, _) = plain(id);
        assert_eq!(
            assert_msgpack_decodes_same::<Plain>(&expected).unwrap(),
            ours
        );
    }
    for extra in [false, true] {
        let holder = Holder {
            plain: plain(2).0,
            count: 3,
            extra: extra.then(|| plain(4).0),
        };
        let twin: HolderTwin = (plain(2).1, 3, extra.then(|| plain(4).1));
        let mut expected = rmp_serde::to_vec_named(&twin).unwrap();
        if !extra {
            // The twin writes `None` as nil; `skip_serializing_if` leaves the field out.
            assert_eq!(expected.pop(), Some(0xc0));
            expected[0] = 0x92;
        }
        assert_same_json(&holder);
        assert_msgpack_encodes_as(&holder, &expected);
        // Without `extra` the array is one short, and an `Option` without a default is not
        // optional in the array form: rejected, by both.
        let read = assert_msgpack_decodes_same::<Holder>(&expected);
        assert_eq!(read.ok(), extra.then_some(holder));
    }
}

// =============================================================================================
// headers at the sizes where MessagePack changes form
// =============================================================================================

macro_rules! optional_fields {
    ($(#[$attr:meta])* $name:ident { $($field:ident),* }) => {
        #[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug, Default)]
        $(#[$attr])*
        struct $name {
            $(
                #[serde(skip_serializing_if = "Option::is_none")]
                $field: Option<u16>,
            )*
        }

        impl $name {
            /// The first `count` fields set (to their index times 100), the others `None`.
            fn first(count: usize) -> Self {
                let mut index = 0usize;
                $(
                    let $field = (index < count).then(|| index as u16 * 100);
                    index += 1;
                )*
                let _ = index;
                $name { $($field),* }
            }
        }
    };
}

optional_fields!(Twenty {
    f00,
    f01,
    f02,
    f03,
    f04,
    f05,
    f06,
    f07,
    f08,
    f09,
    f10,
    f11,
    f12,
    f13,
    f14,
    f15,
    f16,
    f17,
    f18,
    f19
});

optional_fields!(
    #[wire(as_array)]
    #[serde(default)]
    TwentyArray {
        f00,
        f01,
        f02,
        f03,
        f04,
        f05,
        f06,
        f07,
        f08,
        f09,
        f10,
        f11,
        f12,
        f13,
        f14,
        f15,
        f16,
        f17,
        f18,
        f19
    }
);

#[test]
fn headers_of_conditional_fields_cross_fixmap_and_fixarray() {
    for count in 0..=20 {
        let named = assert_same_msgpack(&Twenty::first(count));
        let array = assert_same_as_array(&TwentyArray::first(count));
        if count < 16 {
            assert_eq!(named[0], 0x80 | count as u8, "{count}");
            assert_eq!(array[0], 0x90 | count as u8, "{count}");
        } else {
            assert_eq!(named[..3], [0xde, 0, count as u8], "{count}");
            assert_eq!(array[..3], [0xdc, 0, count as u8], "{count}");
        }
        assert_round_trip(&Twenty::first(count));
        // The fields left out are the last ones: the array's prefix reads back, the rest
        // from the container's default.
        let verdicts = assert_decodes_like_serde(&TwentyArray::first(count));
        assert_eq!(verdicts.msgpack, Verdict::RoundTrip);
        assert_eq!(verdicts.msgpack_array, Verdict::RoundTrip);
    }
}

macro_rules! fixed_fields {
    ($name:ident { $($field:ident),* }) => {
        #[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
        struct $name {
            $($field: u8,)*
        }

        impl $name {
            fn sample() -> Self {
                let mut index = 0u8;
                $(
                    let $field = index * 11;
                    index += 1;
                )*
                let _ = index;
                $name { $($field),* }
            }
        }
    };
}

fixed_fields!(Fifteen {
    a,
    b,
    c,
    d,
    e,
    f,
    g,
    h,
    i,
    j,
    k,
    l,
    m,
    n,
    o
});
fixed_fields!(Sixteen {
    a,
    b,
    c,
    d,
    e,
    f,
    g,
    h,
    i,
    j,
    k,
    l,
    m,
    n,
    o,
    p
});
fixed_fields!(Seventeen {
    a,
    b,
    c,
    d,
    e,
    f,
    g,
    h,
    i,
    j,
    k,
    l,
    m,
    n,
    o,
    p,
    q
});

#[test]
fn headers_of_fixed_fields_cross_fixmap() {
    assert_eq!(assert_same_msgpack(&Fifteen::sample())[..3], *b"\x8f\xa1a");
    assert_eq!(
        assert_same_msgpack(&Sixteen::sample())[..5],
        *b"\xde\x00\x10\xa1a"
    );
    assert_eq!(
        assert_same_msgpack(&Seventeen::sample())[..5],
        *b"\xde\x00\x11\xa1a"
    );
    assert_same_round_trip(&Fifteen::sample());
    assert_same_round_trip(&Sixteen::sample());
    assert_same_round_trip(&Seventeen::sample());
    let verdicts = assert_decodes_like_serde(&Seventeen::sample());
    assert_eq!(verdicts.msgpack_array, Verdict::RoundTrip);
}

// =============================================================================================
// keys and variant names at the sizes where MessagePack changes form
// =============================================================================================

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
struct LongKeys {
    #[serde(rename = "k____________________________31")]
    k31: u8,
    #[serde(rename = "k_____________________________32")]
    k32: u8,
    #[serde(
        rename = "k___________________________________________________________________________________________________________________________________________________________________________________________________________________________________________________________255"
    )]
    k255: u8,
    #[serde(
        rename = "k____________________________________________________________________________________________________________________________________________________________________________________________________________________________________________________________256"
    )]
    k256: u8,
    #[serde(
        rename = "ключ ключ ключ ключ ключ ключ ключ ключ ключ ключ ключ ключ ключ ключ ключ ключ ключ ключ ключ ключ ключ ключ ключ ключ ключ ключ ключ ключ ключ ключ ключ ключ ключ"
    )]
    cyrillic: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none", rename = "short")]
    last: Option<u8>,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
enum LongVariants {
    #[serde(rename = "v_____________________________32")]
    Unit32,
    #[serde(
        rename = "v____________________________________________________________________________________________________________________________________________________________________________________________________________________________________________________________256"
    )]
    Newtype256(u8),
    #[serde(rename = "v____________________________31")]
    Struct31 { a: u8 },
}

#[test]
fn long_keys_and_variant_names() {
    for last in [None, Some(7)] {
        let v = LongKeys {
            k31: 1,
            k32: 2,
            k255: 3,
            k256: 4,
            cyrillic: Some(5),
            last,
        };
        let bytes = assert_same_round_trip(&v);
        assert!(bytes.starts_with("{\"k___"));
        let named = assert_same_msgpack(&v);
        // The header, then `fixstr` 31, `str 8` 32, `str 8` 255, `str 16` 256.
        assert_eq!(named[1], 0xbf);
        assert_eq!(named[1 + 32 + 1..][..2], [0xd9, 32]);
        assert_eq!(named[1 + 32 + 1 + 34 + 1..][..2], [0xd9, 255]);
        assert_eq!(named[1 + 32 + 1 + 34 + 1 + 257 + 1..][..3], [0xda, 1, 0]);
    }
    for v in [
        LongVariants::Unit32,
        LongVariants::Newtype256(1),
        LongVariants::Struct31 { a: 2 },
    ] {
        assert_same_round_trip(&v);
    }
    assert_eq!(assert_same_msgpack(&LongVariants::Unit32)[..2], [0xd9, 32]);
    assert_eq!(
        assert_same_msgpack(&LongVariants::Newtype256(1))[..4],
        [0x81, 0xda, 1, 0]
    );
    assert_eq!(
        assert_same_msgpack(&LongVariants::Struct31 { a: 2 })[..2],
        [0x81, 0xbf]
    );
}
