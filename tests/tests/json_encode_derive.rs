//! Differential tests for `#[derive(fastwire::Encode)]`: every type derives both
//! `serde::Serialize` and `fastwire::Encode`, reading the same `#[serde(...)]` attributes, and
//! fastwire's output must equal serde_json's byte for byte (compact and pretty, through every
//! entry point). Where `#[wire(...)]` changes something serde cannot see, the expected output
//! comes from a serde "twin" type carrying the equivalent `#[serde(...)]` attribute.
//!
//! The types also derive `serde::Deserialize` and `fastwire::Decode` where both can, and
//! serde_json's output is read back: to the original value through every fastwire entry point
//! (`assert_same_round_trip`), or, where serde_json itself cannot read its output back
//! (skipped fields, names written one way and read another), to serde_json's verdict
//! (`assert_decodes_like_serde`). Decoding-only attributes are checked at the end.
//!
//! The helpers check MessagePack the same way, against rmp-serde (`to_vec_named` for encoding,
//! its named and array bytes read back, each verdict fastwire's too), so every type and
//! attribute here is covered in both formats; `msgpack_encode_derive.rs` adds what only
//! MessagePack has (`#[wire(as_array)]`, header and key sizes).

#![allow(dead_code, clippy::upper_case_acronyms, clippy::enum_variant_names)]

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::marker::PhantomData;
use std::rc::Rc;

use fastwire_tests::{
    assert_decodes_like_serde, assert_decodes_like_twin, assert_decodes_like_twin_value,
    assert_encodes_as, assert_same, assert_same_as_twin, assert_same_round_trip,
    assert_same_round_trip_borrowed, assert_same_round_trip_static, decode_verdict_borrowed,
    decode_verdict_static, leak, Verdict,
};
use serde::{Deserialize, Serialize};

/// A type that implements neither `Serialize` nor `Encode` (nor `Deserialize`, nor `Decode`).
#[derive(Default, PartialEq, Debug)]
struct NotSerializable;

// =============================================================================================
// shapes
// =============================================================================================

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
struct Unit;

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
struct EmptyTuple();

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
struct EmptyBraced {}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
struct Newtype(u32);

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
struct NewtypeTrailingComma(String);

// Not decodable: holds a `Named`.
#[derive(Serialize, fastwire::Encode, PartialEq, Debug)]
struct NewtypeOfStruct(Named);

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
struct NewtypeOfUnit(Unit);

// Borrows for `'static`: decoded from `'static` input only (both derives require
// `'de: 'static`).
#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
struct Pair(i8, &'static str);

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
struct Triple(u8, Option<u8>, Vec<u8>);

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
struct OneField {
    only: bool,
}

// Not decodable: its `Pair` field borrows for `'static`, which neither derive (serde's nor
// fastwire's) sees through the field's type `Pair`, so neither requires `'de: 'static`.
#[derive(Serialize, fastwire::Encode, PartialEq, Debug)]
struct Named {
    id: u64,
    name: String,
    score: f64,
    tags: Vec<String>,
    parent: Option<Box<Named>>,
    unit: Unit,
    empty: EmptyBraced,
    empty_tuple: EmptyTuple,
    pair: Pair,
}

fn named(depth: u32) -> Named {
    Named {
        id: u64::from(depth) * 1_000_000_007,
        name: format!("node \"{depth}\"\n"),
        score: f64::from(depth) / 7.0,
        tags: (0..depth).map(|i| format!("t{i}")).collect(),
        parent: if depth == 0 {
            None
        } else {
            Some(Box::new(named(depth - 1)))
        },
        unit: Unit,
        empty: EmptyBraced {},
        empty_tuple: EmptyTuple(),
        pair: Pair(-1, "p"),
    }
}

#[test]
fn struct_shapes() {
    assert_eq!(assert_same_round_trip(&Unit), "null");
    assert_eq!(assert_same_round_trip(&EmptyTuple()), "[]");
    assert_eq!(assert_same_round_trip(&EmptyBraced {}), "{}");
    assert_eq!(assert_same_round_trip(&Newtype(7)), "7");
    assert_same_round_trip(&NewtypeTrailingComma("s\"".into()));
    assert_same(&NewtypeOfStruct(named(1)));
    assert_same_round_trip(&NewtypeOfUnit(Unit));
    assert_eq!(assert_same_round_trip_static(&Pair(1, "x")), r#"[1,"x"]"#);
    // An escaped string cannot be borrowed: rejected by both. MessagePack has no escapes.
    let verdicts = decode_verdict_static(&Pair(1, "\""));
    assert_eq!(verdicts.json, Verdict::Rejected);
    assert_eq!(verdicts.msgpack, Verdict::RoundTrip);
    assert_same_round_trip(&Triple(1, None, vec![]));
    assert_same_round_trip(&Triple(1, Some(2), vec![3, 4]));
    assert_eq!(
        assert_same_round_trip(&OneField { only: true }),
        r#"{"only":true}"#
    );
    for depth in 0..4 {
        assert_same(&named(depth));
    }
    assert_same_round_trip(&vec![Unit, Unit]);
    assert_same_round_trip(&vec![EmptyBraced {}, EmptyBraced {}]);
    assert_same_round_trip(&(EmptyTuple(), EmptyBraced {}, Unit));
    assert_same_round_trip(&Some(EmptyTuple()));
    // A unit struct is written `null`: inside an `Option` it reads back as `None`. In
    // MessagePack it is `[]`, which an `Option` reads as `Some`.
    let verdicts = assert_decodes_like_serde(&Some(Unit));
    assert_eq!(verdicts.json, Verdict::Changed);
    assert_eq!(verdicts.msgpack, Verdict::RoundTrip);
}

// =============================================================================================
// enums
// =============================================================================================

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
enum Shapes {
    Unit,
    Newtype(i32),
    NewtypeUnit(()),
    NewtypeStruct(OneField),
    Tuple(u8, String),
    Tuple3(u8, u16, u32),
    EmptyTuple(),
    Struct { x: f32, y: f32 },
    OneFieldStruct { v: Vec<u8> },
    EmptyStruct {},
}

/// Outputs past 8 MiB, whose buffers `to_vec` backs with huge pages on Linux: the same bytes
/// as serde_json's and rmp-serde's, compact and pretty.
#[test]
fn large_outputs() {
    let rows: Vec<Named> = (0..40_000).map(|i| named(i % 5)).collect();
    let len = fastwire::json::to_vec(&rows).len();
    assert!(
        len > 9 << 20,
        "{len} bytes: not past the huge-page threshold"
    );
    fastwire_tests::assert_same_quick(&rows, 64 << 10);
}

fn all_shapes() -> Vec<Shapes> {
    vec![
        Shapes::Unit,
        Shapes::Newtype(-5),
        Shapes::NewtypeUnit(()),
        Shapes::NewtypeStruct(OneField { only: false }),
        Shapes::Tuple(1, "t\u{1}".into()),
        Shapes::Tuple3(1, 2, 3),
        Shapes::EmptyTuple(),
        Shapes::Struct { x: 1.5, y: -0.0 },
        Shapes::OneFieldStruct { v: vec![] },
        Shapes::EmptyStruct {},
    ]
}

#[test]
fn enum_shapes() {
    let all = all_shapes();
    for v in &all {
        assert_same_round_trip(v);
    }
    assert_same_round_trip(&all);
    assert_eq!(assert_same(&Shapes::Unit), r#""Unit""#);
    assert_eq!(assert_same(&Shapes::Newtype(3)), r#"{"Newtype":3}"#);
    assert_eq!(assert_same(&Shapes::EmptyTuple()), r#"{"EmptyTuple":[]}"#);
    assert_eq!(
        assert_same(&Shapes::EmptyStruct {}),
        r#"{"EmptyStruct":{}}"#
    );
    assert_eq!(
        fastwire::json::to_string_pretty(&Shapes::Struct { x: 1.0, y: 2.0 }),
        "{\n  \"Struct\": {\n    \"x\": 1.0,\n    \"y\": 2.0\n  }\n}"
    );
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[repr(u8)]
enum WithDiscriminants {
    First = 1,
    Second = 10,
    Third,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
enum Never {}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
enum SingleUnit {
    Only,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
enum SingleNewtype {
    Only(String),
}

#[test]
fn enum_special_forms() {
    assert_eq!(
        assert_same_round_trip(&WithDiscriminants::First),
        r#""First""#
    );
    assert_same_round_trip(&WithDiscriminants::Second);
    assert_same_round_trip(&WithDiscriminants::Third);
    assert_eq!(assert_same_round_trip(&None::<Never>), "null");
    assert_same_round_trip(&Vec::<Never>::new());
    // An enum without variants reads nothing: every input is an error, for both.
    for text in [
        "null",
        "0",
        "[]",
        "{}",
        r#""A""#,
        r#""""#,
        r#"{"A":null}"#,
        r#"{"A":[]}"#,
        r#"["A"]"#,
        "",
        "nul",
    ] {
        let _ = rejected::<Never>(text);
        if !text.is_empty() {
            let _ = rejected::<Vec<Never>>(&format!("[{text}]"));
        }
    }
    assert_same_round_trip(&SingleUnit::Only);
    assert_same_round_trip(&SingleNewtype::Only("o".into()));
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
enum Inner {
    A,
    B(u8),
    C { c: Option<String> },
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
enum Outer {
    In(Inner),
    Many(Vec<Inner>),
    Map(BTreeMap<String, Inner>),
    Opt(Option<Inner>),
    Boxed(Box<Outer>),
    Both(Inner, Inner),
    Named {
        first: Inner,
        rest: Vec<Option<Inner>>,
    },
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
struct HoldsEnums {
    one: Inner,
    maybe: Option<Inner>,
    none: Option<Inner>,
    list: Vec<Inner>,
    by_name: BTreeMap<String, Outer>,
    by_id: HashMap<u32, Vec<Inner>>,
    nested: Option<Vec<Option<Outer>>>,
}

#[test]
fn nested_enums_and_containers() {
    let outers = vec![
        Outer::In(Inner::A),
        Outer::In(Inner::B(1)),
        Outer::Many(vec![]),
        Outer::Many(vec![Inner::A, Inner::B(2), Inner::C { c: None }]),
        Outer::Map(BTreeMap::new()),
        Outer::Map(BTreeMap::from([
            ("x".to_owned(), Inner::A),
            (
                "y\"".to_owned(),
                Inner::C {
                    c: Some("c".into()),
                },
            ),
        ])),
        Outer::Opt(None),
        Outer::Opt(Some(Inner::B(9))),
        Outer::Boxed(Box::new(Outer::Boxed(Box::new(Outer::In(Inner::A))))),
        Outer::Both(Inner::A, Inner::C { c: None }),
        Outer::Named {
            first: Inner::B(0),
            rest: vec![None, Some(Inner::A)],
        },
    ];
    for o in &outers {
        assert_same_round_trip(o);
    }
    assert_same_round_trip(&outers);
    let holder = HoldsEnums {
        one: Inner::A,
        maybe: Some(Inner::B(3)),
        none: None,
        list: vec![Inner::A, Inner::A],
        by_name: outers
            .into_iter()
            .enumerate()
            .map(|(i, o)| (format!("k{i}"), o))
            .collect(),
        by_id: HashMap::from([(1, vec![]), (2, vec![Inner::B(1)])]),
        nested: Some(vec![None, Some(Outer::Opt(None))]),
    };
    assert_same_round_trip(&holder);
    let map_of_enums: BTreeMap<u8, Inner> = BTreeMap::from([(1, Inner::A), (2, Inner::B(2))]);
    assert_same_round_trip(&map_of_enums);
}

// =============================================================================================
// recursive types
// =============================================================================================

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
struct List {
    value: i32,
    next: Option<Box<List>>,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
enum Expr {
    Num(f64),
    Var(String),
    Neg(Box<Expr>),
    Add(Box<Expr>, Box<Expr>),
    Call { name: String, args: Vec<Expr> },
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
struct Tree<T> {
    value: T,
    children: Vec<Tree<T>>,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
struct RcNode {
    label: &'static str,
    shared: Option<Rc<RcNode>>,
}

#[test]
fn recursive_types() {
    let mut list = None;
    for i in 0..20 {
        list = Some(Box::new(List {
            value: i,
            next: list,
        }));
    }
    assert_same_round_trip(&list);
    let expr = Expr::Call {
        name: "f".into(),
        args: vec![
            Expr::Add(Box::new(Expr::Num(1.0)), Box::new(Expr::Var("x".into()))),
            Expr::Neg(Box::new(Expr::Neg(Box::new(Expr::Num(-0.5))))),
            Expr::Call {
                name: "g".into(),
                args: vec![],
            },
        ],
    };
    assert_same_round_trip(&expr);
    let tree = Tree {
        value: "root",
        children: vec![
            Tree {
                value: "a",
                children: vec![],
            },
            Tree {
                value: "b",
                children: vec![Tree {
                    value: "c",
                    children: vec![],
                }],
            },
        ],
    };
    assert_same_round_trip_borrowed!(tree);
    let leaf = Rc::new(RcNode {
        label: "leaf",
        shared: None,
    });
    assert_same_round_trip_static(&vec![
        RcNode {
            label: "x",
            shared: Some(leaf.clone()),
        },
        RcNode {
            label: "y",
            shared: Some(leaf),
        },
    ]);
}

// =============================================================================================
// rename, rename(serialize = ..), escapes and non-ASCII keys
// =============================================================================================

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[serde(rename = "SomethingElse")]
struct ContainerRenamed {
    #[serde(rename = "renamed")]
    original: u8,
    #[serde(rename(serialize = "ser_only"))]
    ser: u8,
    #[serde(rename(deserialize = "de_only"))]
    de: u8,
    #[serde(rename(serialize = "s", deserialize = "d"))]
    both: u8,
    #[serde(rename = "a\"b\\c\u{1}")]
    escaped: u8,
    #[serde(rename = "\n\t\u{0}\u{1f}\u{7f}\u{2028}")]
    controls: u8,
    #[serde(rename = r#"raw "quoted" \ key"#)]
    raw_literal: u8,
    #[serde(rename = "")]
    empty_key: u8,
    #[serde(rename = "名前")]
    cjk: &'static str,
    #[serde(rename = "ключ")]
    cyrillic: u8,
    #[serde(rename = "😀 emoji")]
    emoji: u8,
    #[serde(rename = "with space and / slash")]
    spaced: u8,
    #[serde(
        rename = "looooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooong"
    )]
    long: u8,
}

#[test]
fn field_renames_and_escaped_keys() {
    let v = ContainerRenamed {
        original: 1,
        ser: 2,
        de: 3,
        both: 4,
        escaped: 5,
        controls: 6,
        raw_literal: 7,
        empty_key: 8,
        cjk: "値",
        cyrillic: 9,
        emoji: 10,
        spaced: 11,
        long: 12,
    };
    let s = assert_same(&v);
    assert!(s.starts_with(r#"{"renamed":1,"ser_only":2,"de":3,"s":4,"a\"b\\c\u0001":5,"#));
    // Three fields are written under names other than the ones they are read under.
    assert_eq!(decode_verdict_static(&v).json, Verdict::Rejected);
    let text = s
        .replace(r#""ser_only":"#, r#""ser":"#)
        .replace(r#""de":"#, r#""de_only":"#)
        .replace(r#""s":"#, r#""d":"#);
    let (ours, _) = assert_decodes_same_borrowed::<ContainerRenamed>(leak(text));
    assert_eq!(ours.unwrap(), v);
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[serde(rename = "Renamed\"Enum")]
enum VariantRenames {
    #[serde(rename = "unit\"q")]
    U,
    #[serde(rename = "new\\type")]
    N(u8),
    #[serde(rename = "tu\u{1}ple")]
    T(u8, u8),
    #[serde(rename = "струк")]
    S {
        #[serde(rename = "ф")]
        f: u8,
    },
    #[serde(rename(serialize = "ser_variant"))]
    Ser,
    #[serde(rename(deserialize = "de_variant"))]
    De,
    #[serde(rename = "")]
    Empty,
}

#[test]
fn variant_renames() {
    for v in [
        VariantRenames::U,
        VariantRenames::N(1),
        VariantRenames::T(1, 2),
        VariantRenames::S { f: 3 },
        VariantRenames::Ser,
        VariantRenames::De,
        VariantRenames::Empty,
    ] {
        assert_same(&v);
        // `Ser` is written "ser_variant" but read as "Ser", `De` written "De" but read as
        // "de_variant": serde_json cannot read either back, nor can fastwire.
        let expected = match v {
            VariantRenames::Ser | VariantRenames::De => Verdict::Rejected,
            _ => Verdict::RoundTrip,
        };
        assert_eq!(assert_decodes_like_serde(&v).json, expected, "{v:?}");
    }
    assert_eq!(assert_same(&VariantRenames::U), r#""unit\"q""#);
    assert_eq!(assert_same(&VariantRenames::De), r#""De""#);
    assert_eq!(assert_same(&VariantRenames::Empty), r#""""#);
}

// =============================================================================================
// rename_all: every style, on fields and on variants
// =============================================================================================

macro_rules! rename_all_fields_struct {
    ($name:ident, $style:tt) => {
        #[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
        #[allow(non_snake_case)]
        #[serde(rename_all = $style)]
        struct $name {
            field_one: u8,
            x: u8,
            a1: u8,
            field_2x: u8,
            _leading: u8,
            __double_lead: u8,
            trailing_: u8,
            abc_def_ghi: u8,
            with_2_digits: u8,
            a__b: u8,
            http_server: u8,
            x_y_z: u8,
            café_été: u8,
            a_é: u8,
            r#type: u8,
            r#some_raw: u8,
            _0: u8,
            already_Mixed: u8,
            #[serde(rename = "explicit_wins")]
            overridden_name: u8,
        }

        impl $name {
            fn sample() -> Self {
                $name {
                    field_one: 1,
                    x: 2,
                    a1: 3,
                    field_2x: 4,
                    _leading: 5,
                    __double_lead: 6,
                    trailing_: 7,
                    abc_def_ghi: 8,
                    with_2_digits: 9,
                    a__b: 10,
                    http_server: 11,
                    x_y_z: 12,
                    café_été: 13,
                    a_é: 14,
                    r#type: 15,
                    r#some_raw: 16,
                    _0: 17,
                    already_Mixed: 18,
                    overridden_name: 19,
                }
            }
        }
    };
}

rename_all_fields_struct!(FieldsLower, "lowercase");
rename_all_fields_struct!(FieldsUpper, "UPPERCASE");
rename_all_fields_struct!(FieldsPascal, "PascalCase");
rename_all_fields_struct!(FieldsCamel, "camelCase");
rename_all_fields_struct!(FieldsSnake, "snake_case");
rename_all_fields_struct!(FieldsScreamingSnake, "SCREAMING_SNAKE_CASE");
rename_all_fields_struct!(FieldsKebab, "kebab-case");
rename_all_fields_struct!(FieldsScreamingKebab, "SCREAMING-KEBAB-CASE");

#[test]
fn rename_all_on_fields_every_style() {
    assert_same_round_trip(&FieldsLower::sample());
    assert_same_round_trip(&FieldsUpper::sample());
    assert_same_round_trip(&FieldsPascal::sample());
    let camel = assert_same_round_trip(&FieldsCamel::sample());
    assert!(camel.starts_with(r#"{"fieldOne":1,"x":2,"a1":3,"field2x":4,"leading":5,"#));
    assert_same_round_trip(&FieldsSnake::sample());
    assert_same_round_trip(&FieldsScreamingSnake::sample());
    assert_same_round_trip(&FieldsKebab::sample());
    let kebab = assert_same_round_trip(&FieldsScreamingKebab::sample());
    assert!(kebab.contains(r#""FIELD-ONE":1"#));
    assert!(kebab.contains(r#""explicit_wins":19"#));
}

macro_rules! rename_all_variants_enum {
    ($name:ident, $style:tt) => {
        #[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
        #[allow(non_camel_case_types)]
        #[serde(rename_all = $style)]
        enum $name {
            HTTPServer,
            A,
            FooBar,
            Foo2Bar,
            X1,
            ABC,
            IOError(u8),
            CaféÉtat,
            Z42,
            already_snake,
            r#type,
            NewtypeVariant(String),
            TupleVariant(u8, u8),
            StructVariant {
                // Container rename_all does not apply to struct-variant fields.
                inner_field: u8,
            },
            #[serde(rename = "ExplicitWins")]
            Overridden,
        }

        impl $name {
            fn samples() -> Vec<Self> {
                vec![
                    $name::HTTPServer,
                    $name::A,
                    $name::FooBar,
                    $name::Foo2Bar,
                    $name::X1,
                    $name::ABC,
                    $name::IOError(1),
                    $name::CaféÉtat,
                    $name::Z42,
                    $name::already_snake,
                    $name::r#type,
                    $name::NewtypeVariant("n".into()),
                    $name::TupleVariant(1, 2),
                    $name::StructVariant { inner_field: 3 },
                    $name::Overridden,
                ]
            }
        }
    };
}

rename_all_variants_enum!(VariantsLower, "lowercase");
rename_all_variants_enum!(VariantsUpper, "UPPERCASE");
rename_all_variants_enum!(VariantsPascal, "PascalCase");
rename_all_variants_enum!(VariantsCamel, "camelCase");
rename_all_variants_enum!(VariantsSnake, "snake_case");
rename_all_variants_enum!(VariantsScreamingSnake, "SCREAMING_SNAKE_CASE");
rename_all_variants_enum!(VariantsKebab, "kebab-case");
rename_all_variants_enum!(VariantsScreamingKebab, "SCREAMING-KEBAB-CASE");

#[test]
fn rename_all_on_variants_every_style() {
    fn each<T>(samples: &[T])
    where
        T: Serialize
            + serde::de::DeserializeOwned
            + fastwire_tests::EncodeAll
            + fastwire_tests::DecodeOwnedAll
            + PartialEq
            + std::fmt::Debug,
    {
        for s in samples {
            assert_same_round_trip(s);
        }
        assert_same(samples);
    }
    each(&VariantsLower::samples());
    each(&VariantsUpper::samples());
    each(&VariantsPascal::samples());
    each(&VariantsCamel::samples());
    each(&VariantsSnake::samples());
    each(&VariantsScreamingSnake::samples());
    each(&VariantsKebab::samples());
    each(&VariantsScreamingKebab::samples());
    assert_eq!(
        assert_same(&VariantsSnake::HTTPServer),
        r#""h_t_t_p_server""#
    );
    assert_eq!(assert_same(&VariantsCamel::HTTPServer), r#""hTTPServer""#);
    assert_eq!(assert_same(&VariantsScreamingKebab::FooBar), r#""FOO-BAR""#);
    assert_eq!(
        assert_same(&VariantsKebab::StructVariant { inner_field: 1 }),
        r#"{"struct-variant":{"inner_field":1}}"#
    );
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[serde(rename_all(serialize = "SCREAMING_SNAKE_CASE", deserialize = "camelCase"))]
struct RenameAllSerializeOnly {
    some_field: u8,
    other_field: u8,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[serde(rename_all(deserialize = "camelCase"))]
struct RenameAllDeserializeOnly {
    some_field: u8,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[serde(rename_all(serialize = "kebab-case"))]
enum RenameAllSerializeEnum {
    FirstVariant,
    SecondVariant(u8),
}

#[test]
fn rename_all_directional() {
    assert_eq!(
        assert_same(&RenameAllSerializeOnly {
            some_field: 1,
            other_field: 2
        }),
        r#"{"SOME_FIELD":1,"OTHER_FIELD":2}"#
    );
    assert_eq!(
        assert_same(&RenameAllDeserializeOnly { some_field: 1 }),
        r#"{"some_field":1}"#
    );
    assert_same(&RenameAllSerializeEnum::FirstVariant);
    assert_same(&RenameAllSerializeEnum::SecondVariant(2));
    // Written under the serialize names, read under the deserialize ones: serde_json cannot
    // read its own output back, and fastwire must not either.
    assert_eq!(
        assert_decodes_like_serde(&RenameAllSerializeOnly {
            some_field: 1,
            other_field: 2
        })
        .json,
        Verdict::Rejected
    );
    assert_eq!(
        assert_decodes_like_serde(&RenameAllDeserializeOnly { some_field: 1 }).json,
        Verdict::Rejected
    );
    assert_eq!(
        assert_decodes_like_serde(&RenameAllSerializeEnum::FirstVariant).json,
        Verdict::Rejected
    );
    assert_eq!(
        assert_decodes_like_serde(&RenameAllSerializeEnum::SecondVariant(2)).json,
        Verdict::Rejected
    );
    // What they do read.
    let read = fastwire_tests::assert_decodes_same::<RenameAllSerializeOnly>(
        r#"{"someField":1,"otherField":2}"#,
    );
    assert!(read.is_ok());
    let read =
        fastwire_tests::assert_decodes_same::<RenameAllDeserializeOnly>(r#"{"someField":1}"#);
    assert_eq!(read.unwrap(), RenameAllDeserializeOnly { some_field: 1 });
    let read =
        fastwire_tests::assert_decodes_same::<RenameAllSerializeEnum>(r#"{"SecondVariant":2}"#);
    assert_eq!(read.unwrap(), RenameAllSerializeEnum::SecondVariant(2));
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[serde(rename_all = "snake_case", rename_all_fields = "camelCase")]
enum FieldsOfVariants {
    FirstKind {
        some_field: u8,
        #[serde(rename = "kept_as_is")]
        renamed_field: u8,
    },
    #[serde(rename_all = "SCREAMING-KEBAB-CASE")]
    SecondKind {
        some_field: u8,
        another_one: String,
    },
    #[serde(rename = "THIRD")]
    ThirdKind {
        x_y: u8,
    },
    NewtypeKind(u8),
    UnitKind,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
enum VariantRenameAllOnly {
    #[serde(rename_all = "PascalCase")]
    Data {
        first_name: String,
        last_name: String,
    },
    Plain {
        first_name: String,
    },
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[serde(rename_all_fields(serialize = "UPPERCASE"))]
enum RenameAllFieldsSerializeOnly {
    V { lower_case: u8 },
}

#[test]
fn rename_all_fields_and_variant_rename_all() {
    let values = [
        FieldsOfVariants::FirstKind {
            some_field: 1,
            renamed_field: 2,
        },
        FieldsOfVariants::SecondKind {
            some_field: 3,
            another_one: "a".into(),
        },
        FieldsOfVariants::ThirdKind { x_y: 4 },
        FieldsOfVariants::NewtypeKind(5),
        FieldsOfVariants::UnitKind,
    ];
    for v in &values {
        assert_same_round_trip(v);
    }
    assert_eq!(
        assert_same(&values[0]),
        r#"{"first_kind":{"someField":1,"kept_as_is":2}}"#
    );
    assert_eq!(
        assert_same(&values[1]),
        r#"{"second_kind":{"SOME-FIELD":3,"ANOTHER-ONE":"a"}}"#
    );
    assert_eq!(
        assert_same_round_trip(&VariantRenameAllOnly::Data {
            first_name: "a".into(),
            last_name: "b".into()
        }),
        r#"{"Data":{"FirstName":"a","LastName":"b"}}"#
    );
    assert_same_round_trip(&VariantRenameAllOnly::Plain {
        first_name: "c".into(),
    });
    assert_same(&RenameAllFieldsSerializeOnly::V { lower_case: 1 });
    assert_eq!(
        assert_decodes_like_serde(&RenameAllFieldsSerializeOnly::V { lower_case: 1 }).json,
        Verdict::Rejected
    );
    let read = fastwire_tests::assert_decodes_same::<RenameAllFieldsSerializeOnly>(
        r#"{"V":{"lower_case":1}}"#,
    );
    assert_eq!(
        read.unwrap(),
        RenameAllFieldsSerializeOnly::V { lower_case: 1 }
    );
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[serde(rename_all = "camelCase")]
struct DeserializeOnlyRenames {
    #[serde(rename(deserialize = "de_name"))]
    de_only_renamed: u8,
    #[serde(rename(serialize = "ser_name"))]
    #[wire(rename(deserialize = "wire_de_name"))]
    wire_speaks_to_deserialize_only: u8,
    #[serde(rename = "\u{8}\u{c}\r\u{1b}")]
    short_escapes: u8,
}

/// `DeserializeOnlyRenames` as serde sees it once `#[wire(...)]` is applied.
#[derive(Serialize, Deserialize, Debug)]
#[serde(rename_all = "camelCase")]
struct DeserializeOnlyRenamesTwin {
    #[serde(rename(deserialize = "de_name"))]
    de_only_renamed: u8,
    #[serde(rename(serialize = "ser_name", deserialize = "wire_de_name"))]
    wire_speaks_to_deserialize_only: u8,
    #[serde(rename = "\u{8}\u{c}\r\u{1b}")]
    short_escapes: u8,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[serde(rename_all_fields = "camelCase")]
enum VariantDeserializeOnly {
    #[serde(rename_all(deserialize = "UPPERCASE"))]
    Fields { some_field: u8 },
    #[serde(rename(deserialize = "x"))]
    Renamed,
}

#[test]
fn deserialize_only_settings_do_not_change_output() {
    assert_eq!(
        assert_same(&DeserializeOnlyRenames {
            de_only_renamed: 1,
            wire_speaks_to_deserialize_only: 2,
            short_escapes: 3,
        }),
        r#"{"deOnlyRenamed":1,"ser_name":2,"\b\f\r\u001b":3}"#
    );
    assert_eq!(
        assert_same(&VariantDeserializeOnly::Fields { some_field: 1 }),
        r#"{"Fields":{"someField":1}}"#
    );
    assert_eq!(
        assert_same(&VariantDeserializeOnly::Renamed),
        r#""Renamed""#
    );
    // Read under the deserialize names only: serde_json's output does not read back.
    assert_eq!(
        assert_decodes_like_serde(&DeserializeOnlyRenames {
            de_only_renamed: 1,
            wire_speaks_to_deserialize_only: 2,
            short_escapes: 3,
        })
        .json,
        Verdict::Rejected
    );
    assert_eq!(
        assert_decodes_like_serde(&VariantDeserializeOnly::Fields { some_field: 1 }).json,
        Verdict::Rejected
    );
    assert_eq!(
        assert_decodes_like_serde(&VariantDeserializeOnly::Renamed).json,
        Verdict::Rejected
    );
    for text in [
        r#"{"Fields":{"SOME_FIELD":1}}"#,
        r#"{"Fields":{"someField":1}}"#,
        r#"{"Fields":{"some_field":1}}"#,
        r#""x""#,
        r#""Renamed""#,
        r#"{"x":null}"#,
    ] {
        let _ = fastwire_tests::assert_decodes_same::<VariantDeserializeOnly>(text);
    }
    // `#[wire(rename(deserialize = ..))]` changes what fastwire reads: compared with a twin.
    for text in [
        r#"{"de_name":1,"wire_de_name":2,"\b\f\r\u001b":3}"#,
        r#"{"de_name":1,"wireSpeaksToDeserializeOnly":2,"\b\f\r\u001b":3}"#,
        r#"{"de_name":1,"ser_name":2,"\b\f\r\u001b":3}"#,
        r#"{"de_name":1,"wire_de_name":2,"\u0008\u000c\u000d\u001B":3}"#,
        r#"{"deOnlyRenamed":1,"wire_de_name":2,"\b\f\r\u001b":3}"#,
    ] {
        let _ =
            assert_decodes_like_twin::<DeserializeOnlyRenames, DeserializeOnlyRenamesTwin>(text);
    }
    let read = fastwire::json::from_str::<DeserializeOnlyRenames>(
        r#"{"de_name":1,"wire_de_name":2,"\u0008\u000c\u000d\u001B":3}"#,
    );
    assert_eq!(
        read.unwrap(),
        DeserializeOnlyRenames {
            de_only_renamed: 1,
            wire_speaks_to_deserialize_only: 2,
            short_escapes: 3,
        }
    );
}

// Attributes whose values come through macro_rules fragments (`literal`, `expr`, `ty`), which
// reach the derive wrapped in invisible groups.
macro_rules! fragment_attrs {
    ($name:ident, $style:literal, $key:expr, $ty:ty, $pred:literal) => {
        #[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
        #[serde(rename_all = $style)]
        struct $name<T> {
            some_field: $ty,
            #[serde(rename = $key, skip_serializing_if = $pred)]
            other: Option<T>,
            generic_list: Vec<T>,
        }
    };
}

fragment_attrs!(
    ViaFragments,
    "SCREAMING-KEBAB-CASE",
    "the\"key",
    Option<u8>,
    "Option::is_none"
);

#[test]
fn attributes_from_macro_fragments() {
    for other in [None, Some('x')] {
        assert_same_round_trip(&ViaFragments {
            some_field: Some(1),
            other,
            generic_list: vec!['y'],
        });
    }
}

// =============================================================================================
// skip, skip_serializing, skip_serializing_if
// =============================================================================================

fn is_zero(v: &u32) -> bool {
    *v == 0
}

mod helpers {
    pub fn is_false(b: &bool) -> bool {
        !*b
    }

    pub fn is_default<T: Default + PartialEq>(t: &T) -> bool {
        *t == T::default()
    }
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Default, PartialEq, Debug)]
struct SkipIfAll {
    #[serde(skip_serializing_if = "Option::is_none")]
    a: Option<u8>,
    #[serde(skip_serializing_if = "is_zero")]
    b: u32,
    #[serde(skip_serializing_if = "String::is_empty")]
    c: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    d: Vec<u8>,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Default, PartialEq, Debug)]
struct SkipIfMixed {
    #[serde(skip_serializing_if = "Option::is_none")]
    first: Option<&'static str>,
    #[serde(skip)]
    hidden1: u8,
    always: u8,
    #[serde(skip_serializing_if = "helpers::is_false")]
    flag: bool,
    #[serde(skip_serializing)]
    hidden2: Vec<u8>,
    #[serde(skip_serializing_if = "helpers::is_default")]
    middle: i64,
    also_always: (),
    #[serde(skip_serializing_if = "Option::is_none")]
    last: Option<Box<SkipIfMixed>>,
    #[serde(skip)]
    hidden_last: String,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Default, PartialEq, Debug)]
struct SkipIfFirstThenFixed {
    #[serde(skip_serializing_if = "Option::is_none")]
    maybe: Option<u8>,
    fixed: u8,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Default, PartialEq, Debug)]
struct FixedThenSkipIf {
    fixed: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    maybe: Option<u8>,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Default, PartialEq, Debug)]
struct AllSkipped {
    #[serde(skip)]
    a: u8,
    #[serde(skip_serializing)]
    b: String,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Default, PartialEq, Debug)]
struct SkippedFirst {
    #[serde(skip)]
    a: u8,
    b: u8,
    c: u8,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Default, PartialEq, Debug)]
struct SkippedLast {
    a: u8,
    b: u8,
    #[serde(skip_serializing)]
    c: u8,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Default, PartialEq, Debug)]
struct TupleWithSkips(
    #[serde(skip)] u8,
    u16,
    #[serde(skip_serializing_if = "Option::is_none")] Option<u32>,
    #[serde(skip_serializing)] u64,
);

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Default, PartialEq, Debug)]
struct TupleOneLeft(u8, #[serde(skip)] u8);

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
enum SkipInVariants {
    Struct {
        #[serde(skip_serializing_if = "Option::is_none")]
        a: Option<u8>,
        #[serde(skip)]
        b: u8,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        c: Vec<u8>,
    },
    AllGone {
        #[serde(skip)]
        x: u8,
    },
    Tuple(
        #[serde(skip)] u8,
        u8,
        #[serde(skip_serializing_if = "is_zero")] u32,
    ),
    TupleAllGone(#[serde(skip)] u8, #[serde(skip)] u8),
}

#[test]
fn skip_serializing_if_every_combination() {
    for mask in 0u8..16 {
        let v = SkipIfAll {
            a: (mask & 1 != 0).then_some(1),
            b: u32::from(mask & 2 != 0) * 2,
            c: if mask & 4 != 0 {
                "c".into()
            } else {
                String::new()
            },
            d: if mask & 8 != 0 { vec![4] } else { vec![] },
        };
        assert_same(&v);
        // An absent `Option` reads as `None`; an absent `u32`, `String` or `Vec` is a
        // "missing field" for serde_json, and so for fastwire.
        let expected = if mask & 14 == 14 {
            Verdict::RoundTrip
        } else {
            Verdict::Rejected
        };
        assert_eq!(assert_decodes_like_serde(&v).json, expected, "{v:?}");
    }
    assert_eq!(assert_same(&SkipIfAll::default()), "{}");
    assert_eq!(
        fastwire::json::to_string_pretty(&SkipIfAll::default()),
        "{}"
    );
    for mask in 0u8..16 {
        let v = SkipIfMixed {
            first: (mask & 1 != 0).then_some("f"),
            hidden1: 9,
            always: 1,
            flag: mask & 2 != 0,
            hidden2: vec![1],
            middle: i64::from(mask & 4 != 0) * -5,
            also_always: (),
            last: (mask & 8 != 0).then(|| Box::new(SkipIfMixed::default())),
            hidden_last: "h".into(),
        };
        assert_same(&v);
        // `hidden2` (`skip_serializing`, no default) is never written: a missing field.
        assert_eq!(decode_verdict_static(&v).json, Verdict::Rejected, "{v:?}");
    }
    let (ours, theirs) = assert_decodes_same_borrowed::<SkipIfMixed>(
        r#"{"first":"f","hidden1":7,"always":1,"flag":true,"hidden2":[1],"middle":-5,
        "also_always":null,"last":{"always":2,"flag":false,"hidden2":[],"middle":0,
        "also_always":null},"hidden_last":"h"}"#,
    );
    let expected = SkipIfMixed {
        first: Some("f"),
        always: 1,
        flag: true,
        hidden2: vec![1],
        middle: -5,
        last: Some(Box::new(SkipIfMixed {
            always: 2,
            ..SkipIfMixed::default()
        })),
        ..SkipIfMixed::default()
    };
    assert_eq!(ours.unwrap(), expected);
    assert_eq!(theirs.unwrap(), expected);
    for maybe in [None, Some(1)] {
        assert_same_round_trip(&SkipIfFirstThenFixed { maybe, fixed: 2 });
        assert_same_round_trip(&FixedThenSkipIf { fixed: 2, maybe });
    }
}

#[test]
fn skip_and_skip_serializing() {
    assert_eq!(assert_same(&AllSkipped::default()), "{}");
    assert_eq!(
        assert_same(&SkippedFirst { a: 1, b: 2, c: 3 }),
        r#"{"b":2,"c":3}"#
    );
    assert_eq!(
        assert_same(&SkippedLast { a: 1, b: 2, c: 3 }),
        r#"{"a":1,"b":2}"#
    );
    assert_same(&TupleWithSkips(1, 2, None, 4));
    assert_same(&TupleWithSkips(1, 2, Some(3), 4));
    assert_same(&TupleOneLeft(1, 2));
    // `skip_serializing` fields are still read: absent, they are missing.
    assert_eq!(
        assert_decodes_like_serde(&AllSkipped::default()).json,
        Verdict::Rejected
    );
    assert_eq!(
        assert_decodes_like_serde(&SkippedLast { a: 1, b: 2, c: 3 }).json,
        Verdict::Rejected
    );
    // `skip` fields come back as their default.
    assert_eq!(
        assert_decodes_like_serde(&SkippedFirst { a: 1, b: 2, c: 3 }).json,
        Verdict::Changed
    );
    assert_same_round_trip(&SkippedFirst { a: 0, b: 2, c: 3 });
    // Tuple structs are arrays: an element left out shortens the array, and the ones after
    // it do not move back into place.
    assert_eq!(
        assert_decodes_like_serde(&TupleWithSkips(1, 2, None, 4)).json,
        Verdict::Rejected
    );
    assert_eq!(
        assert_decodes_like_serde(&TupleWithSkips(1, 2, Some(3), 4)).json,
        Verdict::Rejected
    );
    assert_eq!(
        assert_decodes_like_serde(&TupleOneLeft(1, 2)).json,
        Verdict::Changed
    );
    assert_same_round_trip(&TupleOneLeft(1, 0));
    for text in ["[2,3,4]", "[2,null,4]", "[2,3]", "[2]", "[2,3,4,5]", "[]"] {
        let _ = fastwire_tests::assert_decodes_same::<TupleWithSkips>(text);
    }
    for text in ["[1]", "1", "[1,2]", "[]", "null"] {
        let _ = fastwire_tests::assert_decodes_same::<TupleOneLeft>(text);
    }
    for v in [
        SkipInVariants::Struct {
            a: None,
            b: 1,
            c: vec![],
        },
        SkipInVariants::Struct {
            a: Some(1),
            b: 1,
            c: vec![],
        },
        SkipInVariants::Struct {
            a: None,
            b: 1,
            c: vec![1],
        },
        SkipInVariants::Struct {
            a: Some(2),
            b: 1,
            c: vec![1, 2],
        },
        SkipInVariants::AllGone { x: 1 },
        SkipInVariants::Tuple(1, 2, 0),
        SkipInVariants::Tuple(1, 2, 3),
        SkipInVariants::TupleAllGone(1, 2),
    ] {
        assert_same(&v);
        let expected = match &v {
            SkipInVariants::Struct { c, .. } if c.is_empty() => Verdict::Rejected,
            SkipInVariants::Tuple(_, _, 0) => Verdict::Rejected,
            _ => Verdict::Changed,
        };
        assert_eq!(assert_decodes_like_serde(&v).json, expected, "{v:?}");
    }
    assert_same_round_trip(&SkipInVariants::Struct {
        a: Some(2),
        b: 0,
        c: vec![1, 2],
    });
    assert_same_round_trip(&SkipInVariants::Tuple(0, 2, 3));
    assert_same_round_trip(&SkipInVariants::TupleAllGone(0, 0));
    assert_same_round_trip(&SkipInVariants::AllGone { x: 0 });
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
struct TupleAllConditional(
    #[serde(skip_serializing_if = "Option::is_none")] Option<u8>,
    #[serde(skip_serializing_if = "Vec::is_empty")] Vec<u8>,
);

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
enum VariantAllConditional {
    Tuple(
        #[serde(skip_serializing_if = "Option::is_none")] Option<u8>,
        #[serde(skip_serializing_if = "Option::is_none")] Option<u8>,
    ),
    Struct {
        #[serde(skip_serializing_if = "Option::is_none")]
        a: Option<u8>,
        #[serde(skip_serializing_if = "Option::is_none")]
        b: Option<u8>,
    },
}

#[test]
fn conditional_only_tuples_and_variants() {
    for a in [None, Some(1)] {
        for b in [vec![], vec![2]] {
            let full = a.is_some() && !b.is_empty();
            let v = TupleAllConditional(a, b);
            assert_same(&v);
            let expected = if full {
                Verdict::RoundTrip
            } else {
                Verdict::Rejected
            };
            assert_eq!(assert_decodes_like_serde(&v).json, expected, "{v:?}");
        }
        for b in [None, Some(3)] {
            let v = VariantAllConditional::Tuple(a, b);
            assert_same(&v);
            let expected = if a.is_some() && b.is_some() {
                Verdict::RoundTrip
            } else {
                Verdict::Rejected
            };
            assert_eq!(assert_decodes_like_serde(&v).json, expected, "{v:?}");
            assert_same_round_trip(&VariantAllConditional::Struct { a, b });
        }
    }
    assert_eq!(assert_same(&TupleAllConditional(None, vec![])), "[]");
    assert_eq!(
        fastwire::json::to_string_pretty(&VariantAllConditional::Tuple(None, None)),
        "{\n  \"Tuple\": []\n}"
    );
    assert_eq!(
        assert_same(&VariantAllConditional::Struct { a: None, b: None }),
        r#"{"Struct":{}}"#
    );
}

macro_rules! many_optional_fields {
    ($name:ident { $($field:ident),* }) => {
        #[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Default, PartialEq, Debug)]
        struct $name {
            $(
                #[serde(skip_serializing_if = "Option::is_none")]
                $field: Option<u32>,
            )*
        }

        impl $name {
            fn set_by(pick: impl Fn(usize) -> bool) -> Self {
                let mut i = 0usize;
                $(
                    let $field = if pick(i) { Some(i as u32) } else { None };
                    i += 1;
                )*
                let _ = i;
                $name { $($field),* }
            }
        }
    };
}

many_optional_fields!(SeventyFields {
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
    f19,
    f20,
    f21,
    f22,
    f23,
    f24,
    f25,
    f26,
    f27,
    f28,
    f29,
    f30,
    f31,
    f32,
    f33,
    f34,
    f35,
    f36,
    f37,
    f38,
    f39,
    f40,
    f41,
    f42,
    f43,
    f44,
    f45,
    f46,
    f47,
    f48,
    f49,
    f50,
    f51,
    f52,
    f53,
    f54,
    f55,
    f56,
    f57,
    f58,
    f59,
    f60,
    f61,
    f62,
    f63,
    f64,
    f65,
    f66,
    f67,
    f68,
    f69
});

#[test]
fn many_skippable_fields() {
    assert_eq!(
        assert_same_round_trip(&SeventyFields::set_by(|_| false)),
        "{}"
    );
    assert_same_round_trip(&SeventyFields::set_by(|_| true));
    assert_same_round_trip(&SeventyFields::set_by(|i| i == 0));
    assert_same_round_trip(&SeventyFields::set_by(|i| i == 69));
    assert_same_round_trip(&SeventyFields::set_by(|i| i == 64));
    assert_same_round_trip(&SeventyFields::set_by(|i| i % 2 == 0));
    assert_same_round_trip(&SeventyFields::set_by(|i| i % 2 == 1));
    assert_same_round_trip(&SeventyFields::set_by(|i| i >= 63));
    assert_same_round_trip(&SeventyFields::set_by(|i| i % 7 == 3));
}

// =============================================================================================
// generics, lifetimes, bounds
// =============================================================================================

#[derive(Serialize, fastwire::Encode)]
struct Borrowed<'a, 'b: 'a, T: ?Sized> {
    s: &'a str,
    bytes: &'b [u8],
    cow: Cow<'a, str>,
    opt: Option<&'a str>,
    unsized_ref: &'b T,
    nested: &'a Named,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
struct Generic<T, U>
where
    U: Clone,
{
    t: T,
    u: Vec<U>,
    both: (T, U),
    opt: Option<T>,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
struct DefaultParam<T = u8> {
    t: T,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
enum GenericEnum<'a, T, E> {
    Ok(T),
    Err(E),
    Borrowed(&'a str),
    Both { t: T, e: E },
    Nothing,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
struct OnlySkipped<T> {
    a: u8,
    #[serde(skip)]
    hidden: T,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
struct OnlySkipSerializing<T, U> {
    #[serde(skip_serializing)]
    hidden: T,
    shown: u8,
    #[serde(skip)]
    other: Vec<U>,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
enum SkippedInVariant<T> {
    V {
        #[serde(skip)]
        hidden: T,
        shown: u8,
    },
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
struct Phantom<T> {
    value: u8,
    marker: PhantomData<T>,
    fn_marker: PhantomData<fn() -> T>,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
struct ConstGeneric<const N: usize> {
    items: Vec<u8>,
}

#[derive(fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
struct ConstGenericArray<const N: usize> {
    items: [u16; N],
}

#[derive(Serialize, Deserialize, Debug)]
struct ConstGenericArrayTwin {
    items: Vec<u16>,
}

/// The traits together, usable in `bound` attributes read by both derives (fastwire's impls
/// of both formats need their own format's trait).
trait Both: Serialize + fastwire::json::Encode + fastwire::msgpack::Encode {}
impl<T: ?Sized + Serialize + fastwire::json::Encode + fastwire::msgpack::Encode> Both for T {}

#[derive(Serialize, fastwire::Encode)]
#[serde(bound = "T: Both")]
struct ContainerBound<T> {
    t: T,
    list: Vec<T>,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[serde(bound = "")]
struct EmptyBound<T> {
    marker: PhantomData<T>,
    n: u8,
}

/// A variant's `bound` replaces what its fields would add: here nothing, so the enum is
/// written and read whatever `T` is (the variant holds only a marker of it).
#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
enum VariantBound<T> {
    #[serde(bound = "")]
    Marker(EmptyBound<T>),
    Plain(u8),
}

#[derive(Serialize, fastwire::Encode)]
struct FieldBound<T, U> {
    #[serde(bound = "T: Both")]
    t: T,
    u: U,
}

#[derive(Serialize, fastwire::Encode)]
#[serde(bound = "T: Serialize")]
#[wire(bound = "T: fastwire::json::Encode")]
struct WireBound<T> {
    t: Option<T>,
}

trait HasAssoc {
    type Assoc;
}

#[derive(Debug, PartialEq)]
struct AssocProvider;

impl HasAssoc for AssocProvider {
    type Assoc = String;
}

#[derive(Serialize, fastwire::Encode)]
#[serde(bound = "T::Assoc: Both")]
struct AssocExplicit<T: HasAssoc> {
    value: T::Assoc,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
struct AssocInferred<T: HasAssoc> {
    value: T::Assoc,
    #[serde(skip)]
    marker: PhantomData<T>,
}

/// serde infers bounds only for fields whose whole type is `T::Assoc`; fastwire also looks
/// inside other types, so this one needs no `bound` (fastwire only).
#[derive(fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
struct AssocNested<T: HasAssoc> {
    value: Vec<Option<T::Assoc>>,
}

#[derive(Serialize, fastwire::Encode)]
#[serde(bound(serialize = "T: Both", deserialize = "T: Clone"))]
struct DirectionalBound<T> {
    t: T,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
struct DirectionalFieldBound<T> {
    #[serde(bound(serialize = "T: Both"))]
    t: Vec<T>,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
enum PhantomInVariant<T> {
    Marker(PhantomData<T>),
    Fields { n: u8, marker: PhantomData<T> },
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
struct SelfReferential {
    value: u8,
    next: Option<Box<Self>>,
    many: Vec<Self>,
}

#[derive(Serialize, fastwire::Encode)]
struct LifetimeBounds<'a, 'b, T: 'a + ?Sized>
where
    'b: 'a,
{
    first: &'a T,
    second: &'b str,
}

#[test]
fn more_generics() {
    assert_same(&DirectionalBound { t: 'c' });
    assert_same_round_trip(&DirectionalFieldBound { t: vec![1u8] });
    assert_same_round_trip(&PhantomInVariant::<NotSerializable>::Marker(PhantomData));
    assert_same_round_trip(&PhantomInVariant::<NotSerializable>::Fields {
        n: 1,
        marker: PhantomData,
    });
    assert_same_round_trip(&SelfReferential {
        value: 1,
        next: Some(Box::new(SelfReferential {
            value: 2,
            next: None,
            many: vec![],
        })),
        many: vec![SelfReferential {
            value: 3,
            next: None,
            many: vec![],
        }],
    });
    let owned = String::from("second");
    assert_same(&LifetimeBounds {
        first: "first",
        second: &owned,
    });
    assert_same(&LifetimeBounds::<[u8]> {
        first: &[1, 2],
        second: "",
    });
}

#[test]
fn generics_and_lifetimes() {
    let n = named(1);
    let owned = String::from("owned \"cow\"");
    let b = Borrowed {
        s: "str",
        bytes: &[1, 2, 3],
        cow: Cow::Owned(owned),
        opt: Some("o"),
        unsized_ref: "unsized",
        nested: &n,
    };
    assert_same(&b);
    let b2: Borrowed<'_, '_, [i8]> = Borrowed {
        s: "",
        bytes: &[],
        cow: Cow::Borrowed("b"),
        opt: None,
        unsized_ref: &[-1, 1],
        nested: &n,
    };
    assert_same(&b2);
    assert_same_round_trip_borrowed!(Generic {
        t: "t",
        u: vec![1.5f32],
        both: ("t", 2.5f32),
        opt: None,
    });
    assert_same_round_trip(&Generic {
        t: Shapes::Unit,
        u: vec![Some(1u8)],
        both: (Shapes::EmptyTuple(), None),
        opt: Some(Shapes::Newtype(1)),
    });
    assert_same_round_trip(&DefaultParam { t: 5 });
    assert_same_round_trip_borrowed!(DefaultParam { t: "not u8" });
    for v in [
        GenericEnum::<u8, String>::Ok(1),
        GenericEnum::Err("e".into()),
        GenericEnum::Borrowed("b"),
        GenericEnum::Both {
            t: 1,
            e: String::new(),
        },
        GenericEnum::Nothing,
    ] {
        assert_same_round_trip_borrowed!(v);
    }
    // An escaped string cannot be lent to the `&str`: both reject (MessagePack has no
    // escapes).
    let verdicts = decode_verdict_borrowed!(GenericEnum::<u8, String>::Borrowed("b\n"));
    assert_eq!(verdicts.json, Verdict::Rejected);
    assert_eq!(verdicts.msgpack, Verdict::RoundTrip);
    assert_same_round_trip(&ConstGeneric::<3> { items: vec![1, 2] });
    let arr = ConstGenericArray::<40> { items: [7; 40] };
    let expected = format!(
        "{{\"items\":{}}}",
        serde_json::to_string(&arr.items[..]).unwrap()
    );
    let expected_pretty = format!(
        "{{\n  \"items\": {}\n}}",
        serde_json::to_string_pretty(&arr.items[..])
            .unwrap()
            .replace('\n', "\n  ")
    );
    assert_encodes_as(&arr, &expected, &expected_pretty);
    // serde has no `Deserialize` for `[u16; 40]` in a generic struct: the twin holds a `Vec`
    // of exactly 40 elements.
    for text in [&expected, &expected_pretty] {
        let back = assert_decodes_like_twin::<ConstGenericArray<40>, ConstGenericArrayTwin>(text);
        assert_eq!(back, Some(ConstGenericArray { items: [7; 40] }));
    }
    let short = expected.replacen("7,", "", 1);
    assert!(fastwire::json::from_str::<ConstGenericArray<40>>(&short).is_err());
    let long = expected.replacen("7,", "7,7,", 1);
    assert!(fastwire::json::from_str::<ConstGenericArray<40>>(&long).is_err());
}

#[test]
fn unused_type_params_need_no_encode() {
    // `NotSerializable` implements neither trait: the derives must not require it.
    assert_eq!(
        assert_same_round_trip(&OnlySkipped {
            a: 1,
            hidden: NotSerializable
        }),
        r#"{"a":1}"#
    );
    assert_same(&OnlySkipSerializing::<NotSerializable, NotSerializable> {
        hidden: NotSerializable,
        shown: 2,
        other: vec![],
    });
    // `skip_serializing` alone: the field is still read, and absent it is missing.
    assert_eq!(
        assert_decodes_like_serde(&OnlySkipSerializing::<u8, NotSerializable> {
            hidden: 1,
            shown: 2,
            other: vec![],
        })
        .json,
        Verdict::Rejected
    );
    let read = fastwire_tests::assert_decodes_same::<OnlySkipSerializing<u8, NotSerializable>>(
        r#"{"hidden":1,"shown":2,"other":[5]}"#,
    );
    assert_eq!(
        read.unwrap(),
        OnlySkipSerializing {
            hidden: 1,
            shown: 2,
            other: vec![],
        }
    );
    assert_same_round_trip(&SkippedInVariant::V {
        hidden: NotSerializable,
        shown: 3,
    });
    assert_eq!(
        assert_same_round_trip(&Phantom::<NotSerializable> {
            value: 4,
            marker: PhantomData,
            fn_marker: PhantomData,
        }),
        r#"{"value":4,"marker":null,"fn_marker":null}"#
    );
    assert_same_round_trip(&EmptyBound::<NotSerializable> {
        marker: PhantomData,
        n: 5,
    });
    assert_same_round_trip(&VariantBound::<NotSerializable>::Marker(EmptyBound {
        marker: PhantomData,
        n: 6,
    }));
    assert_same_round_trip(&VariantBound::<NotSerializable>::Plain(7));
}

#[test]
fn bounds() {
    assert_same(&ContainerBound {
        t: 1u8,
        list: vec![2, 3],
    });
    assert_same(&ContainerBound {
        t: Inner::A,
        list: vec![Inner::B(1)],
    });
    assert_same(&FieldBound { t: "t", u: 'u' });
    assert_same(&WireBound { t: Some(vec![1]) });
    assert_same(&WireBound::<u8> { t: None });
    assert_same(&AssocExplicit::<AssocProvider> {
        value: "assoc".into(),
    });
    assert_same_round_trip(&AssocInferred::<AssocProvider> {
        value: "a".into(),
        marker: PhantomData,
    });
    let nested = AssocNested::<AssocProvider> {
        value: vec![Some("x".into()), None],
    };
    let twin = BTreeMap::from([("value".to_owned(), vec![Some("x".to_owned()), None])]);
    assert_same_as_twin(&nested, &twin);
    assert_eq!(
        assert_decodes_like_twin_value(&nested, &twin).json,
        Verdict::RoundTrip
    );
}

// =============================================================================================
// transparent
// =============================================================================================

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[serde(transparent)]
struct TransparentNewtype(u32);

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[serde(transparent)]
struct TransparentNamed {
    inner: Vec<String>,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[serde(transparent)]
struct TransparentGeneric<T>(T);

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[serde(transparent)]
struct TransparentWithSkippedPhantom<T> {
    value: String,
    #[serde(skip)]
    marker: PhantomData<T>,
}

// serde sets `PhantomData` fields aside when choosing the transparent field; so does fastwire.
#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[serde(transparent)]
struct TransparentWithPhantom<T> {
    value: String,
    marker: PhantomData<T>,
}

#[test]
fn transparent_with_unskipped_phantom() {
    assert_same_round_trip(&TransparentWithPhantom::<NotSerializable> {
        value: "v".into(),
        marker: PhantomData,
    });
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[serde(transparent)]
struct TransparentWithSkip {
    #[serde(skip)]
    cache: u8,
    value: Option<u8>,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[serde(transparent)]
struct TransparentBorrow<'a> {
    s: &'a str,
}

// Not decodable: holds a `Named`.
#[derive(Serialize, fastwire::Encode, PartialEq, Debug)]
#[serde(transparent)]
struct TransparentOverStruct(Named);

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[serde(transparent, rename = "IgnoredForOutput")]
struct TransparentRenamed {
    #[serde(rename = "not_a_key")]
    value: Inner,
}

#[test]
fn transparent() {
    assert_eq!(assert_same_round_trip(&TransparentNewtype(5)), "5");
    assert_same_round_trip(&TransparentNamed {
        inner: vec!["a".into(), "\"".into()],
    });
    assert_same_round_trip(&TransparentNamed { inner: vec![] });
    assert_same_round_trip(&TransparentGeneric(Some(1.5)));
    assert_same_round_trip(&TransparentGeneric(TransparentGeneric(Unit)));
    assert_same_round_trip(&TransparentWithSkippedPhantom::<NotSerializable> {
        value: "v".into(),
        marker: PhantomData,
    });
    assert_eq!(
        assert_same(&TransparentWithSkip {
            cache: 1,
            value: None
        }),
        "null"
    );
    assert_eq!(
        assert_decodes_like_serde(&TransparentWithSkip {
            cache: 1,
            value: None
        })
        .json,
        Verdict::Changed
    );
    assert_same_round_trip(&TransparentWithSkip {
        cache: 0,
        value: Some(2),
    });
    assert_same(&TransparentBorrow { s: "b\\" });
    let verdicts = decode_verdict_borrowed!(TransparentBorrow { s: "b\\" });
    assert_eq!(verdicts.json, Verdict::Rejected);
    assert_eq!(verdicts.msgpack, Verdict::RoundTrip);
    assert_same_round_trip_borrowed!(TransparentBorrow { s: "b" });
    assert_same(&TransparentOverStruct(named(2)));
    assert_eq!(
        assert_same_round_trip(&TransparentRenamed { value: Inner::B(1) }),
        r#"{"B":1}"#
    );
    let map: BTreeMap<&str, TransparentNewtype> = BTreeMap::from([("k", TransparentNewtype(1))]);
    assert_same_round_trip_borrowed!(map);
}

// =============================================================================================
// raw identifiers, field names that could clash with generated code
// =============================================================================================

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
struct RawIdents {
    r#type: &'static str,
    r#match: u8,
    r#fn: bool,
    r#async: (),
    r#self_: u8,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[allow(non_camel_case_types)]
enum RawVariants {
    r#type,
    r#match(u8),
    r#struct { r#enum: u8, r#loop: u8 },
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[allow(non_snake_case)]
struct ClashingNames {
    w: u8,
    writer: u8,
    out: u8,
    buf: u8,
    value: u8,
    serializer: u8,
    __serializer: u8,
    state: u8,
    first: u8,
    len: u8,
    f: u8,
    s: u8,
    __field0: u8,
    __w: u8,
    _self: u8,
    Self_: u8,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[allow(non_snake_case)]
enum ClashingBindings {
    V {
        w: u8,
        writer: u8,
        out: u8,
        value: u8,
        first: bool,
        __field0: u8,
        __field1: u8,
        __binding_0: u8,
        f: u8,
        this: u8,
        __self: u8,
    },
    T(u8, u8),
    N(String),
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
struct ClashingTypeParams<W, T, S, E, K, V> {
    w: W,
    t: T,
    s: S,
    e: E,
    k: K,
    v: V,
}

#[test]
fn raw_identifiers_and_clashing_names() {
    assert_eq!(
        assert_same_round_trip_static(&RawIdents {
            r#type: "t",
            r#match: 1,
            r#fn: true,
            r#async: (),
            r#self_: 2,
        }),
        r#"{"type":"t","match":1,"fn":true,"async":null,"self_":2}"#
    );
    assert_eq!(assert_same_round_trip(&RawVariants::r#type), r#""type""#);
    assert_same_round_trip(&RawVariants::r#match(1));
    assert_same_round_trip(&RawVariants::r#struct {
        r#enum: 1,
        r#loop: 2,
    });
    assert_same_round_trip(&ClashingNames {
        w: 1,
        writer: 2,
        out: 3,
        buf: 4,
        value: 5,
        serializer: 6,
        __serializer: 7,
        state: 8,
        first: 9,
        len: 10,
        f: 11,
        s: 12,
        __field0: 13,
        __w: 14,
        _self: 15,
        Self_: 16,
    });
    assert_same_round_trip(&ClashingBindings::V {
        w: 1,
        writer: 2,
        out: 3,
        value: 4,
        first: false,
        __field0: 5,
        __field1: 6,
        __binding_0: 7,
        f: 8,
        this: 9,
        __self: 10,
    });
    assert_same_round_trip(&ClashingBindings::T(1, 2));
    assert_same_round_trip(&ClashingBindings::N("n".into()));
    let clashing = ClashingTypeParams {
        w: 1u8,
        t: "t",
        s: 's',
        e: Some(()),
        k: vec![1],
        v: Inner::A,
    };
    assert_same(&clashing);
    // `Some(())` is written `null` and read back as `None`.
    assert_eq!(decode_verdict_borrowed!(clashing).json, Verdict::Changed);
    assert_same_round_trip_borrowed!(ClashingTypeParams {
        e: None,
        ..clashing
    });
}

// =============================================================================================
// other attributes on the item: docs, cfg, cfg_attr, repr, derive order
// =============================================================================================

/// Documented type.
#[derive(Debug, Clone, Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq)]
#[repr(C)]
#[cfg_attr(all(), serde(rename_all = "camelCase"))]
pub struct Decorated {
    /// A documented field.
    #[cfg_attr(all(), serde(rename = "via_cfg_attr"))]
    pub first_field: u8,
    #[cfg(any())]
    pub compiled_out: u8,
    #[cfg_attr(any(), serde(rename = "never"))]
    pub second_field: u8,
    #[serde(rename = "multi")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub split_attrs: Option<u8>,
    #[serde(rename = "combined", skip_serializing_if = "Option::is_none")]
    pub combined_attrs: Option<u8>,
}

#[test]
fn decorated_items() {
    let v = Decorated {
        first_field: 1,
        second_field: 2,
        split_attrs: Some(3),
        combined_attrs: None,
    };
    assert_eq!(
        assert_same_round_trip(&v),
        r#"{"via_cfg_attr":1,"secondField":2,"multi":3}"#
    );
    assert_same_round_trip(&v.clone());
    assert_same_round_trip(&Decorated {
        split_attrs: None,
        combined_attrs: Some(4),
        ..v
    });
}

// =============================================================================================
// #[wire(...)] wins over #[serde(...)]
// =============================================================================================

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[serde(rename_all = "camelCase")]
#[wire(rename_all = "kebab-case")]
struct WireFields {
    #[serde(rename = "serde_name")]
    #[wire(rename = "wire_name")]
    both_renamed: u8,
    #[wire(rename = "only_wire")]
    wire_renamed: u8,
    #[serde(rename = "only_serde")]
    serde_renamed: u8,
    plain_field: u8,
    #[wire(skip)]
    skipped_by_wire: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[wire(skip_serializing_if = "is_big")]
    conditional: Option<u8>,
}

fn is_big(v: &Option<u8>) -> bool {
    v.is_some_and(|v| v > 100)
}

#[derive(Serialize, Deserialize, Debug)]
#[serde(rename_all = "kebab-case")]
struct WireFieldsTwin {
    #[serde(rename = "wire_name")]
    both_renamed: u8,
    #[serde(rename = "only_wire")]
    wire_renamed: u8,
    #[serde(rename = "only_serde")]
    serde_renamed: u8,
    plain_field: u8,
    #[serde(skip_serializing_if = "is_big")]
    conditional: Option<u8>,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[serde(rename_all = "UPPERCASE")]
#[wire(rename_all = "snake_case", rename_all_fields = "PascalCase")]
enum WireVariants {
    #[serde(rename = "serde_v")]
    #[wire(rename = "wire_v")]
    Renamed,
    PlainVariant,
    #[wire(rename_all = "SCREAMING_SNAKE_CASE")]
    StructVariant {
        some_field: u8,
    },
    OtherStruct {
        some_field: u8,
    },
}

#[derive(Serialize, Deserialize, Debug)]
#[serde(rename_all = "snake_case", rename_all_fields = "PascalCase")]
enum WireVariantsTwin {
    #[serde(rename = "wire_v")]
    Renamed,
    PlainVariant,
    #[serde(rename_all = "SCREAMING_SNAKE_CASE")]
    StructVariant {
        some_field: u8,
    },
    OtherStruct {
        some_field: u8,
    },
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[wire(transparent)]
struct WireTransparent {
    inner: Vec<u8>,
}

/// Only the fastwire derive: `#[serde(...)]` is still read.
#[derive(fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[serde(rename_all = "camelCase")]
struct FastwireOnly {
    #[serde(rename = "renamed\"key")]
    some_field: u8,
    other_field: Option<FastwireOnlyEnum>,
}

#[derive(fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[wire(rename_all = "lowercase")]
enum FastwireOnlyEnum {
    #[serde(rename = "Serde")]
    First,
    SecondOne,
}

#[test]
fn wire_attributes_win() {
    for conditional in [None, Some(1), Some(200)] {
        let v = WireFields {
            both_renamed: 1,
            wire_renamed: 2,
            serde_renamed: 3,
            plain_field: 4,
            skipped_by_wire: 5,
            conditional,
        };
        let twin = WireFieldsTwin {
            both_renamed: 1,
            wire_renamed: 2,
            serde_renamed: 3,
            plain_field: 4,
            conditional,
        };
        assert_same_as_twin(&v, &twin);
        // Read back: `#[wire(skip)]` brings `skipped_by_wire` back as 0, and the wire
        // predicate drops `Some(200)`, which then reads as `None`.
        assert_eq!(
            assert_decodes_like_twin_value(&v, &twin).json,
            Verdict::Changed
        );
        let v = WireFields {
            skipped_by_wire: 0,
            ..v
        };
        let expected = if conditional == Some(200) {
            Verdict::Changed
        } else {
            Verdict::RoundTrip
        };
        assert_eq!(assert_decodes_like_twin_value(&v, &twin).json, expected);
    }
    // The names fastwire reads are the wire ones, as the twin's.
    for text in [
        r#"{"wire_name":1,"only_wire":2,"only_serde":3,"plain-field":4}"#,
        r#"{"serde_name":1,"only_wire":2,"only_serde":3,"plain-field":4}"#,
        r#"{"wire_name":1,"wireRenamed":2,"only_serde":3,"plain-field":4}"#,
        r#"{"wire_name":1,"only_wire":2,"only_serde":3,"plainField":4}"#,
        r#"{"wire_name":1,"only_wire":2,"only_serde":3,"plain-field":4,"skipped_by_wire":9}"#,
        r#"{"wire_name":1,"only_wire":2,"only_serde":3,"plain-field":4,"conditional":7}"#,
        r#"[1,2,3,4,null]"#,
        r#"[1,2,3,4]"#,
        r#"[1,2,3,4,5,6]"#,
    ] {
        let _ = assert_decodes_like_twin::<WireFields, WireFieldsTwin>(text);
    }
    assert_eq!(
        fastwire::json::to_string(&WireFields {
            both_renamed: 1,
            wire_renamed: 2,
            serde_renamed: 3,
            plain_field: 4,
            skipped_by_wire: 5,
            conditional: None,
        }),
        r#"{"wire_name":1,"only_wire":2,"only_serde":3,"plain-field":4,"conditional":null}"#
    );
    assert_same_as_twin(&WireVariants::Renamed, &WireVariantsTwin::Renamed);
    assert_same_as_twin(&WireVariants::PlainVariant, &WireVariantsTwin::PlainVariant);
    for (v, twin) in [
        (WireVariants::Renamed, WireVariantsTwin::Renamed),
        (WireVariants::PlainVariant, WireVariantsTwin::PlainVariant),
        (
            WireVariants::StructVariant { some_field: 1 },
            WireVariantsTwin::StructVariant { some_field: 1 },
        ),
        (
            WireVariants::OtherStruct { some_field: 2 },
            WireVariantsTwin::OtherStruct { some_field: 2 },
        ),
    ] {
        assert_eq!(
            assert_decodes_like_twin_value(&v, &twin).json,
            Verdict::RoundTrip
        );
    }
    for text in [
        r#""serde_v""#,
        r#""RENAMED""#,
        r#""PLAINVARIANT""#,
        r#"{"struct_variant":{"SomeField":1}}"#,
        r#"{"other_struct":{"some_field":1}}"#,
    ] {
        let _ = assert_decodes_like_twin::<WireVariants, WireVariantsTwin>(text);
    }
    assert_same_as_twin(
        &WireVariants::StructVariant { some_field: 1 },
        &WireVariantsTwin::StructVariant { some_field: 1 },
    );
    assert_same_as_twin(
        &WireVariants::OtherStruct { some_field: 2 },
        &WireVariantsTwin::OtherStruct { some_field: 2 },
    );
    assert_same_as_twin(&WireTransparent { inner: vec![1, 2] }, &vec![1u8, 2]);
    assert_eq!(
        assert_decodes_like_twin_value(&WireTransparent { inner: vec![1, 2] }, &vec![1u8, 2]).json,
        Verdict::RoundTrip
    );
    // `#[wire(transparent)]` wins: the object form serde would read is refused.
    let _ = assert_decodes_like_twin::<WireTransparent, Vec<u8>>(r#"{"inner":[1]}"#);
    assert_encodes_as(
        &FastwireOnly {
            some_field: 1,
            other_field: Some(FastwireOnlyEnum::SecondOne),
        },
        r#"{"renamed\"key":1,"otherField":"secondone"}"#,
        "{\n  \"renamed\\\"key\": 1,\n  \"otherField\": \"secondone\"\n}",
    );
    assert_encodes_as(
        &FastwireOnly {
            some_field: 1,
            other_field: Some(FastwireOnlyEnum::First),
        },
        r#"{"renamed\"key":1,"otherField":"Serde"}"#,
        "{\n  \"renamed\\\"key\": 1,\n  \"otherField\": \"Serde\"\n}",
    );
    // Read back by a type that derives only fastwire's traits.
    let read: FastwireOnly =
        fastwire::json::from_str(r#"{"renamed\"key":1,"otherField":"secondone"}"#).unwrap();
    assert_eq!(
        read,
        FastwireOnly {
            some_field: 1,
            other_field: Some(FastwireOnlyEnum::SecondOne),
        }
    );
    let read: FastwireOnly =
        fastwire::json::from_str("{\n  \"renamed\\\"key\": 1,\n  \"otherField\": \"Serde\"\n}")
            .unwrap();
    assert_eq!(read.other_field, Some(FastwireOnlyEnum::First));
    let read: FastwireOnly = fastwire::json::from_str(r#"{"renamed\"key":2}"#).unwrap();
    assert_eq!(read.other_field, None);
    for text in [
        r#"{"someField":1}"#,
        r#"{"renamed\"key":1,"otherField":"first"}"#,
        r#"{"renamed\"key":1,"otherField":"SecondOne"}"#,
    ] {
        assert!(
            fastwire::json::from_str::<FastwireOnly>(text).is_err(),
            "{text}"
        );
    }
}

// =============================================================================================
// crate = "..."
// =============================================================================================

mod reexport {
    pub use fastwire as fw;
}

mod serde_reexport {
    pub use serde;
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[wire(crate = "reexport::fw")]
struct CratePathWire {
    a: u8,
    e: Inner,
}

// `#[serde(crate = ...)]` names serde's crate: fastwire leaves it to serde.
#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[serde(crate = "self::serde_reexport::serde")]
struct CratePathSerdeFastwireOnly {
    a: u8,
}

#[test]
fn crate_path() {
    assert_same_round_trip(&CratePathWire { a: 1, e: Inner::A });
    assert_same_round_trip(&CratePathSerdeFastwireOnly { a: 2 });
}

// =============================================================================================
// decoding-only attributes: alias, skip_deserializing, default, deny_unknown_fields,
// directional renames, `#[wire(...)]` for decoding, borrowing, escaped keys, unknown and
// duplicate fields. Every input is judged by serde_json too (`assert_decodes_same`).
// =============================================================================================

use fastwire_tests::{assert_decodes_same, assert_decodes_same_borrowed};

/// Asserts that serde_json and fastwire both accept `text` as a `T`, and returns the value.
#[track_caller]
fn accepted<T>(text: &str) -> T
where
    T: serde::de::DeserializeOwned + fastwire::json::DecodeOwned + PartialEq + std::fmt::Debug,
{
    assert_decodes_same::<T>(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Asserts that serde_json and fastwire both reject `text` as a `T`; returns serde_json's
/// message.
#[track_caller]
fn rejected<T>(text: &str) -> String
where
    T: serde::de::DeserializeOwned + fastwire::json::DecodeOwned + PartialEq + std::fmt::Debug,
{
    match assert_decodes_same::<T>(text) {
        Ok(v) => panic!("{text}: accepted as {v:?}"),
        Err(e) => e.to_string(),
    }
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[serde(rename_all = "camelCase")]
struct Aliased {
    #[serde(alias = "ID", alias = "identifier")]
    id: u32,
    #[serde(rename = "full_name", alias = "name", alias = "displayName")]
    display_name: String,
    #[serde(alias = "é\"x")]
    other_thing: Option<u8>,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
enum AliasedEnum {
    #[serde(alias = "a", alias = "first")]
    A,
    #[serde(rename = "bee", alias = "B")]
    B(u8),
    #[serde(alias = "c")]
    C {
        #[serde(alias = "v")]
        value: u8,
    },
}

#[test]
fn decode_aliases() {
    let v = Aliased {
        id: 1,
        display_name: "n".into(),
        other_thing: Some(2),
    };
    assert_eq!(
        assert_same_round_trip(&v),
        r#"{"id":1,"full_name":"n","otherThing":2}"#
    );
    for text in [
        r#"{"id":1,"full_name":"n","otherThing":2}"#,
        r#"{"ID":1,"name":"n","é\"x":2}"#,
        r#"{"identifier":1,"displayName":"n","\u00e9\"x":2}"#,
        r#"{"\u0049D":1,"n\u0061me":"n"}"#,
    ] {
        assert_eq!(accepted::<Aliased>(text).id, 1, "{text}");
    }
    for text in [
        // An alias is the same field: giving it twice is a duplicate.
        r#"{"id":1,"ID":2,"name":"n"}"#,
        r#"{"identifier":1,"name":"n","id":1}"#,
        r#"{"id":1,"name":"n","full_name":"m"}"#,
        // The rust name and the rename_all name are not aliases.
        r#"{"id":1,"display_name":"n"}"#,
        r#"{"id":1,"full_name":"n","other_thing":2,"otherThing":3,"é\"x":4}"#,
        r#"{"Id":1,"name":"n"}"#,
    ] {
        let _ = rejected::<Aliased>(text);
    }
    // Unknown keys that differ from an alias by case or by a suffix are ignored.
    let read = accepted::<Aliased>(r#"{"id":1,"name":"n","other_thinG":5,"é\"xx":6}"#);
    assert_eq!(read.other_thing, None);

    for v in [
        AliasedEnum::A,
        AliasedEnum::B(1),
        AliasedEnum::C { value: 2 },
    ] {
        assert_same_round_trip(&v);
    }
    for text in [
        r#""a""#,
        r#""first""#,
        r#""\u0061""#,
        r#"{"first":null}"#,
        r#"{"B":3}"#,
        r#"{"bee":3}"#,
        r#"{"c":{"v":4}}"#,
        r#"{"C":{"value":4}}"#,
    ] {
        let _ = accepted::<AliasedEnum>(text);
    }
    for text in [
        r#""b""#,
        r#""Bee""#,
        r#"{"c":{"v":4,"value":5}}"#,
        r#"{"c":{}}"#,
        r#""B""#,
        r#"{"A":1}"#,
    ] {
        let _ = rejected::<AliasedEnum>(text);
    }
}

fn forty_two() -> u32 {
    42
}

fn seven() -> u32 {
    7
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
struct SkipDeserializing {
    a: u8,
    #[serde(skip_deserializing)]
    written_not_read: u32,
    #[serde(skip_deserializing, default = "forty_two")]
    with_path: u32,
    #[serde(skip_deserializing, default)]
    with_default: String,
    #[serde(default = "forty_two")]
    defaulted: u32,
    #[serde(default)]
    plain_default: Vec<u8>,
}

#[test]
fn decode_skip_deserializing_and_field_defaults() {
    let v = SkipDeserializing {
        a: 1,
        written_not_read: 2,
        with_path: 3,
        with_default: "x".into(),
        defaulted: 4,
        plain_default: vec![5],
    };
    assert_eq!(
        assert_same(&v),
        r#"{"a":1,"written_not_read":2,"with_path":3,"with_default":"x","defaulted":4,"plain_default":[5]}"#
    );
    // Written, but not read back: serde_json and fastwire fill in the defaults.
    assert_eq!(assert_decodes_like_serde(&v).json, Verdict::Changed);
    let read = accepted::<SkipDeserializing>(&serde_json::to_string(&v).unwrap());
    assert_eq!(
        read,
        SkipDeserializing {
            written_not_read: 0,
            with_path: 42,
            with_default: String::new(),
            ..v
        }
    );
    let read = accepted::<SkipDeserializing>(r#"{"a":1}"#);
    assert_eq!(
        read,
        SkipDeserializing {
            a: 1,
            written_not_read: 0,
            with_path: 42,
            with_default: String::new(),
            defaulted: 42,
            plain_default: vec![],
        }
    );
    for text in [
        r#"{"a":1,"written_not_read":"not even a number","with_path":[{}]}"#,
        r#"{"a":1,"defaulted":1}"#,
        r#"{"a":1,"plain_default":null}"#,
        r#"{"a":1,"defaulted":null}"#,
        r#"{"a":1,"written_not_read":1,"written_not_read":2}"#,
        r#"{"a":1,"defaulted":1,"defaulted":2}"#,
        r#"{"a":1,"written_not_read":[1,}"#,
        r#"{}"#,
        r#"[1]"#,
        r#"[1,2]"#,
        r#"[1,2,[3]]"#,
        r#"[1,2,[3],4]"#,
        r#"[]"#,
    ] {
        let _ = assert_decodes_same::<SkipDeserializing>(text);
    }
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[serde(default)]
struct ContainerDefault {
    a: u8,
    b: String,
    #[serde(default = "seven")]
    c: u32,
    d: Option<u8>,
    #[serde(skip)]
    e: u8,
}

impl Default for ContainerDefault {
    fn default() -> Self {
        Self {
            a: 1,
            b: "from Default".into(),
            c: 100,
            d: Some(9),
            e: 5,
        }
    }
}

fn container_default_path() -> ContainerDefaultPath {
    ContainerDefaultPath {
        x: 11,
        y: Some("path".into()),
    }
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[serde(default = "container_default_path")]
struct ContainerDefaultPath {
    x: u8,
    y: Option<String>,
}

#[test]
fn decode_container_default() {
    assert_same_round_trip(&ContainerDefault {
        e: 5,
        ..ContainerDefault::default()
    });
    // Missing fields come from the container's `Default`, not the field type's (so `d` is
    // `Some(9)`, not `None`), unless the field has its own default; skipped ones too.
    assert_eq!(
        accepted::<ContainerDefault>("{}"),
        ContainerDefault {
            c: 7,
            ..ContainerDefault::default()
        }
    );
    assert_eq!(
        accepted::<ContainerDefault>(r#"{"a":2,"d":null}"#),
        ContainerDefault {
            a: 2,
            c: 7,
            d: None,
            ..ContainerDefault::default()
        }
    );
    assert_eq!(
        accepted::<ContainerDefault>("[3]"),
        ContainerDefault {
            a: 3,
            c: 7,
            ..ContainerDefault::default()
        }
    );
    for text in [
        "[]",
        r#"[3,"b"]"#,
        r#"[3,"b",4,null]"#,
        r#"[3,"b",4,null,5]"#,
        r#"{"e":3}"#,
        r#"{"a":null}"#,
        r#"{"a":1,"a":1}"#,
        "null",
    ] {
        let _ = assert_decodes_same::<ContainerDefault>(text);
    }
    assert_same_round_trip(&ContainerDefaultPath { x: 1, y: None });
    assert_eq!(
        accepted::<ContainerDefaultPath>("{}"),
        container_default_path()
    );
    assert_eq!(
        accepted::<ContainerDefaultPath>(r#"{"y":null}"#),
        ContainerDefaultPath { x: 11, y: None }
    );
    for text in ["[]", "[1]", r#"[1,"y"]"#, r#"{"x":300}"#] {
        let _ = assert_decodes_same::<ContainerDefaultPath>(text);
    }
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[serde(deny_unknown_fields)]
struct Strict {
    a: u8,
    #[serde(skip)]
    hidden: u8,
    #[serde(alias = "bee")]
    b: Option<u8>,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[serde(deny_unknown_fields)]
enum StrictEnum {
    Unit,
    Struct { a: u8 },
    Newtype(Strict),
}

#[test]
fn decode_deny_unknown_fields() {
    assert_same_round_trip(&Strict {
        a: 1,
        hidden: 0,
        b: Some(2),
    });
    for text in [
        r#"{"a":1}"#,
        r#"{"a":1,"bee":2}"#,
        r#"{"b":2,"a":1}"#,
        "[1,2]",
        "[1,null]",
    ] {
        let _ = accepted::<Strict>(text);
    }
    // In the array form an `Option` is not optional.
    let _ = rejected::<Strict>("[1]");
    for text in [
        r#"{"a":1,"c":2}"#,
        r#"{"c":2,"a":1}"#,
        // A skipped field is unknown to the decoder.
        r#"{"a":1,"hidden":2}"#,
        r#"{"a":1,"A":2}"#,
        r#"{"a":1,"":2}"#,
        r#"{"a":1,"b\u0000":2}"#,
        "[1,2,3]",
    ] {
        let _ = rejected::<Strict>(text);
    }
    let err = fastwire::json::from_str::<Strict>(r#"{"a":1,"hidden":2}"#).unwrap_err();
    assert!(
        err.to_string().starts_with("unknown field `hidden`"),
        "{err}"
    );
    for v in [
        StrictEnum::Unit,
        StrictEnum::Struct { a: 1 },
        StrictEnum::Newtype(Strict {
            a: 1,
            hidden: 0,
            b: None,
        }),
    ] {
        assert_same_round_trip(&v);
    }
    for text in [
        r#"{"Struct":{"a":1}}"#,
        r#"{"Newtype":{"a":1,"c":2}}"#,
        r#"{"Newtype":{"a":1,"b":null}}"#,
        r#"{"Other":{}}"#,
        r#"{"Unit":null,"Struct":{"a":1}}"#,
    ] {
        let _ = assert_decodes_same::<StrictEnum>(text);
    }
}

#[test]
fn decode_deny_unknown_fields_in_struct_variants() {
    // serde applies the enum's `deny_unknown_fields` to its struct variants' fields.
    let message = rejected::<StrictEnum>(r#"{"Struct":{"a":1,"b":2}}"#);
    assert!(message.starts_with("unknown field `b`"), "{message}");
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
struct Asymmetric {
    #[serde(rename(serialize = "out"))]
    a: u8,
    #[serde(rename(deserialize = "in"))]
    b: u8,
    #[serde(rename(serialize = "s", deserialize = "d"))]
    c: u8,
    #[serde(rename(serialize = "both"), alias = "either")]
    e: u8,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
enum AsymmetricEnum {
    #[serde(rename(serialize = "Written"))]
    Unit,
    #[serde(rename(deserialize = "read"))]
    Newtype(u8),
    #[serde(rename(serialize = "w", deserialize = "r"))]
    Struct {
        #[serde(rename(deserialize = "inner"))]
        field: u8,
    },
}

#[test]
fn decode_directional_renames() {
    let v = Asymmetric {
        a: 1,
        b: 2,
        c: 3,
        e: 4,
    };
    assert_eq!(assert_same(&v), r#"{"out":1,"b":2,"s":3,"both":4}"#);
    assert_eq!(assert_decodes_like_serde(&v).json, Verdict::Rejected);
    assert_eq!(accepted::<Asymmetric>(r#"{"a":1,"in":2,"d":3,"e":4}"#).e, 4);
    assert_eq!(
        accepted::<Asymmetric>(r#"{"a":1,"in":2,"d":3,"either":5}"#).e,
        5
    );
    for text in [
        r#"{"out":1,"in":2,"d":3,"e":4}"#,
        r#"{"a":1,"b":2,"d":3,"e":4}"#,
        r#"{"a":1,"in":2,"s":3,"e":4}"#,
        r#"{"a":1,"in":2,"d":3,"both":4}"#,
        r#"{"a":1,"in":2,"c":3,"e":4}"#,
        r#"{"a":1,"in":2,"d":3,"e":4,"either":4}"#,
    ] {
        let _ = rejected::<Asymmetric>(text);
    }
    for v in [
        AsymmetricEnum::Unit,
        AsymmetricEnum::Newtype(1),
        AsymmetricEnum::Struct { field: 2 },
    ] {
        assert_same(&v);
        assert_eq!(
            assert_decodes_like_serde(&v).json,
            Verdict::Rejected,
            "{v:?}"
        );
    }
    for text in [r#""Unit""#, r#"{"read":1}"#, r#"{"r":{"inner":2}}"#] {
        let _ = accepted::<AsymmetricEnum>(text);
    }
    for text in [
        r#""Written""#,
        r#"{"Newtype":1}"#,
        r#"{"w":{"inner":2}}"#,
        r#"{"r":{"field":2}}"#,
        r#"{"Struct":{"inner":2}}"#,
    ] {
        let _ = rejected::<AsymmetricEnum>(text);
    }
}

fn wire_seven() -> u32 {
    7
}

/// `#[wire(...)]` settings for decoding beside serde's: the wire ones win (aliases add up).
#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[serde(rename_all = "camelCase")]
#[wire(deny_unknown_fields)]
struct WireDecode {
    #[serde(rename(deserialize = "serde_in"))]
    #[wire(rename(deserialize = "wire_in"))]
    first_field: u8,
    #[serde(alias = "serde_alias")]
    #[wire(alias = "wire_alias")]
    second_field: u8,
    #[serde(default = "forty_two")]
    #[wire(default = "wire_seven")]
    third_field: u32,
    #[wire(skip_deserializing)]
    fourth_field: u8,
}

/// `WireDecode` as serde sees it once `#[wire(...)]` is applied.
#[derive(Serialize, Deserialize, Debug)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct WireDecodeTwin {
    #[serde(rename(deserialize = "wire_in"))]
    first_field: u8,
    #[serde(alias = "serde_alias", alias = "wire_alias")]
    second_field: u8,
    #[serde(default = "wire_seven")]
    third_field: u32,
    #[serde(skip_deserializing)]
    fourth_field: u8,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[serde(rename_all = "UPPERCASE")]
#[wire(rename_all(deserialize = "snake_case"))]
enum WireDecodeEnum {
    #[serde(alias = "serde_alias")]
    FirstVariant,
    #[wire(rename(deserialize = "second"))]
    SecondVariant(u8),
}

#[derive(Serialize, Deserialize, Debug)]
#[serde(rename_all(serialize = "UPPERCASE", deserialize = "snake_case"))]
enum WireDecodeEnumTwin {
    #[serde(alias = "serde_alias")]
    FirstVariant,
    #[serde(rename(deserialize = "second"))]
    SecondVariant(u8),
}

#[test]
fn decode_wire_attributes_win() {
    let v = WireDecode {
        first_field: 1,
        second_field: 2,
        third_field: 3,
        fourth_field: 4,
    };
    let twin = WireDecodeTwin {
        first_field: 1,
        second_field: 2,
        third_field: 3,
        fourth_field: 4,
    };
    assert_same_as_twin(&v, &twin);
    assert_eq!(
        assert_decodes_like_twin_value(&v, &twin).json,
        Verdict::Rejected
    );
    for text in [
        r#"{"wire_in":1,"secondField":2,"thirdField":3}"#,
        r#"{"wire_in":1,"wire_alias":2}"#,
        r#"{"wire_in":1,"serde_alias":2}"#,
        r#"{"serde_in":1,"secondField":2}"#,
        r#"{"firstField":1,"secondField":2}"#,
        r#"{"wire_in":1,"secondField":2,"fourthField":4}"#,
        r#"{"wire_in":1,"secondField":2,"extra":0}"#,
        r#"{"wire_in":1,"wire_alias":2,"secondField":2}"#,
    ] {
        let _ = assert_decodes_like_twin::<WireDecode, WireDecodeTwin>(text);
    }
    let read: WireDecode = fastwire::json::from_str(r#"{"wire_in":1,"wire_alias":2}"#).unwrap();
    assert_eq!(
        read,
        WireDecode {
            first_field: 1,
            second_field: 2,
            third_field: 7,
            fourth_field: 0,
        }
    );
    for (v, twin) in [
        (
            WireDecodeEnum::FirstVariant,
            WireDecodeEnumTwin::FirstVariant,
        ),
        (
            WireDecodeEnum::SecondVariant(1),
            WireDecodeEnumTwin::SecondVariant(1),
        ),
    ] {
        assert_same_as_twin(&v, &twin);
        assert_eq!(
            assert_decodes_like_twin_value(&v, &twin).json,
            Verdict::Rejected
        );
    }
    for text in [
        r#""first_variant""#,
        r#""FIRSTVARIANT""#,
        r#""serde_alias""#,
        r#"{"second":1}"#,
        r#"{"second_variant":1}"#,
        r#"{"SECONDVARIANT":1}"#,
    ] {
        let _ = assert_decodes_like_twin::<WireDecodeEnum, WireDecodeEnumTwin>(text);
    }
}

/// Variants written but never read: serde treats their names as unknown variants.
#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
enum SkipDeserializingVariants {
    Kept(u8),
    #[serde(skip_deserializing)]
    WrittenOnly {
        value: u8,
    },
    #[serde(skip_deserializing)]
    UnitWrittenOnly,
    #[serde(skip_deserializing)]
    TupleWrittenOnly(u8, u8),
    #[serde(rename = "renamed")]
    Last,
}

/// Every variant skipped when deserializing: nothing reads, as for an empty enum.
#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
enum AllVariantsWrittenOnly {
    #[serde(skip_deserializing)]
    A,
    #[serde(skip_deserializing)]
    B(u8),
}

#[test]
fn decode_skip_deserializing_variants() {
    use SkipDeserializingVariants as V;
    assert_eq!(assert_same_round_trip(&V::Kept(1)), r#"{"Kept":1}"#);
    assert_eq!(assert_same_round_trip(&V::Last), r#""renamed""#);
    assert_same_round_trip(&vec![V::Kept(2), V::Last]);
    for (v, written) in [
        (
            V::WrittenOnly { value: 3 },
            r#"{"WrittenOnly":{"value":3}}"#,
        ),
        (V::UnitWrittenOnly, r#""UnitWrittenOnly""#),
        (V::TupleWrittenOnly(4, 5), r#"{"TupleWrittenOnly":[4,5]}"#),
    ] {
        assert_eq!(assert_same(&v), written);
        assert_eq!(
            assert_decodes_like_serde(&v).json,
            Verdict::Rejected,
            "{v:?}"
        );
        let message = rejected::<V>(written);
        let serde_message = &message[..message.find(" at line").unwrap_or(message.len())];
        assert!(
            serde_message.starts_with("unknown variant"),
            "{written}: {message}"
        );
        let ours = fastwire::json::from_str::<V>(written)
            .unwrap_err()
            .to_string();
        assert!(
            ours.starts_with(serde_message),
            "{written}: fastwire says {ours:?}, serde_json {message:?}"
        );
    }
    for text in [
        r#""WrittenOnly""#,
        r#"{"UnitWrittenOnly":null}"#,
        r#"{"WrittenOnly":{}}"#,
        r#"{"TupleWrittenOnly":[]}"#,
        r#""Last""#,
        r#"{"Kept":1,"Kept":2}"#,
        r#"[{"Kept":1},"UnitWrittenOnly"]"#,
    ] {
        let _ = rejected::<V>(text);
    }
    assert_eq!(accepted::<V>(r#" { "Kept" : 9 } "#), V::Kept(9));
    assert_eq!(
        accepted::<Vec<V>>(r#"["renamed",{"Kept":0}]"#),
        vec![V::Last, V::Kept(0)]
    );
    for v in [AllVariantsWrittenOnly::A, AllVariantsWrittenOnly::B(1)] {
        assert_same(&v);
        assert_eq!(
            assert_decodes_like_serde(&v).json,
            Verdict::Rejected,
            "{v:?}"
        );
    }
    for text in ["null", r#""A""#, r#"{"B":1}"#, "{}", "[]"] {
        let _ = rejected::<AllVariantsWrittenOnly>(text);
    }
}

/// Implements only what the derives need for the skipped fields (nothing, or `Default`).
#[derive(PartialEq, Debug)]
struct NoTraits;

fn no_value<U>() -> Option<U> {
    None
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
struct SkippedGenerics<T, U> {
    shown: u8,
    #[serde(skip)]
    by_default: T,
    #[serde(skip, default = "no_value")]
    by_path: Option<U>,
}

/// Encodes, but cannot be decoded: a `skip_deserializing` field of this type needs only
/// `Default` for decoding.
#[derive(Serialize, fastwire::Encode, Default, PartialEq, Debug)]
struct EncodeOnly(u8);

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
struct WrittenNotRead<T> {
    shown: u8,
    #[serde(skip_deserializing)]
    written: T,
}

#[test]
fn decode_type_params_of_skipped_fields_need_no_decode() {
    // `NotSerializable` has only `Default`; `NoTraits` nothing: neither needs `Decode`.
    assert_same_round_trip(&SkippedGenerics::<NotSerializable, NoTraits> {
        shown: 1,
        by_default: NotSerializable,
        by_path: None,
    });
    let read = accepted::<SkippedGenerics<NotSerializable, NoTraits>>(
        r#"{"shown":1,"by_default":{},"by_path":[]}"#,
    );
    assert_eq!(read.shown, 1);
    let _ = rejected::<SkippedGenerics<NotSerializable, NoTraits>>("{}");
    let v = WrittenNotRead {
        shown: 1,
        written: EncodeOnly(2),
    };
    assert_eq!(assert_same(&v), r#"{"shown":1,"written":2}"#);
    assert_eq!(
        accepted::<WrittenNotRead<EncodeOnly>>(r#"{"shown":1,"written":2}"#),
        WrittenNotRead {
            shown: 1,
            written: EncodeOnly(0),
        }
    );
    assert_eq!(assert_decodes_like_serde(&v).json, Verdict::Changed);
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
struct Cows<'a> {
    plain: Cow<'a, str>,
    #[serde(borrow)]
    borrowed: Cow<'a, str>,
    text: &'a str,
    #[serde(borrow)]
    maybe: Option<Cow<'a, str>>,
    list: Vec<Cow<'a, str>>,
}

#[test]
fn decode_cow_borrowed_or_owned() {
    let v = Cows {
        plain: Cow::Borrowed("p"),
        borrowed: Cow::Owned("b".into()),
        text: "t",
        maybe: Some(Cow::Borrowed("m")),
        list: vec![Cow::Borrowed("l1"), Cow::Owned("l\n2".into())],
    };
    assert_same_round_trip_borrowed!(v);
    let input = String::from(r#"{"plain":"p","borrowed":"b","text":"t","maybe":"m","list":["x"]}"#);
    let (ours, theirs) = assert_decodes_same_borrowed::<Cows>(&input);
    let (ours, theirs) = (ours.unwrap(), theirs.unwrap());
    // Unescaped strings are lent by the input where serde borrows them too: `&str`, and a
    // `Cow` with `#[serde(borrow)]`; any other `Cow` (in an `Option`, a `Vec`, or without the
    // attribute) owns its copy, as serde's does.
    let within = |s: &str| input.as_bytes().as_ptr_range().contains(&s.as_ptr());
    assert!(matches!(&ours.borrowed, Cow::Borrowed(s) if within(s)));
    assert!(within(ours.text));
    for cow in [&ours.plain, ours.maybe.as_ref().unwrap(), &ours.list[0]] {
        assert!(matches!(cow, Cow::Owned(_)), "{cow:?}");
    }
    assert!(matches!(theirs.borrowed, Cow::Borrowed(_)));
    assert!(matches!(theirs.plain, Cow::Owned(_)));
    assert!(matches!(theirs.maybe, Some(Cow::Owned(_))));
    assert!(matches!(theirs.list[0], Cow::Owned(_)));
    // Escaped strings cannot be lent: a `Cow` owns its copy, a `&str` is an error.
    let input = r#"{"plain":"p\n","borrowed":"\u0062","text":"t","maybe":"m\"","list":["\/"]}"#;
    let (ours, _) = assert_decodes_same_borrowed::<Cows>(input);
    let ours = ours.unwrap();
    for cow in [
        &ours.plain,
        &ours.borrowed,
        ours.maybe.as_ref().unwrap(),
        &ours.list[0],
    ] {
        assert!(matches!(cow, Cow::Owned(_)), "{cow:?}");
    }
    assert_eq!(ours.borrowed, "b");
    assert_eq!(ours.list[0], "/");
    for text in [
        r#"{"plain":"p","borrowed":"b","text":"t\n","maybe":null,"list":[]}"#,
        r#"{"plain":"p","borrowed":"b","text":"t","list":[]}"#,
        r#"{"plain":"p","borrowed":"b","text":"t","maybe":null}"#,
        r#"{"plain":1,"borrowed":"b","text":"t","maybe":null,"list":[]}"#,
        r#"["p","b","t",null,["l"]]"#,
    ] {
        let _ = assert_decodes_same_borrowed::<Cows>(text);
    }
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
struct Keys {
    id: u32,
    #[serde(rename = "名前")]
    name: String,
    #[serde(rename = "a\"b\\c/")]
    quoted: u8,
    #[serde(rename = "😀")]
    emoji: u8,
    #[serde(rename = "\u{0}\n")]
    control: Option<u8>,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
enum KeyedEnum {
    Alpha,
    #[serde(rename = "β\"")]
    Beta(u8),
}

#[test]
fn decode_escaped_keys() {
    let v = Keys {
        id: 1,
        name: "n".into(),
        quoted: 2,
        emoji: 3,
        control: Some(4),
    };
    assert_same_round_trip(&v);
    for text in [
        r#"{"i\u0064":1,"\u540d\u524d":"n","a\"b\\c\/":2,"\ud83d\ude00":3,"\u0000\n":4}"#,
        r#"{"\u0069\u0064":1,"名\u524d":"n","\u0061\u0022\u0062\u005c\u0063\u002f":2,"\uD83D\uDE00":3,"\u0000\u000a":4}"#,
        r#"{"id":1,"名前":"n","a\"b\\c/":2,"😀":3}"#,
    ] {
        assert_eq!(accepted::<Keys>(text).id, 1, "{text}");
    }
    for text in [
        // Near misses are unknown (ignored), so the field is missing.
        r#"{"id\u0000":1,"名前":"n","a\"b\\c/":2,"😀":3}"#,
        r#"{"i\u0044":1,"名前":"n","a\"b\\c/":2,"😀":3}"#,
        r#"{"id":1,"名前":"n","a\"b\\c":2,"😀":3}"#,
        // Escapes that are no character.
        r#"{"id":1,"名前":"n","a\"b\\c/":2,"\ud83d":3}"#,
        r#"{"id":1,"名前":"n","a\"b\\c/":2,"\ude00\ud83d":3}"#,
        r#"{"i\d":1}"#,
        r#"{"i\u006":1}"#,
        // The same key twice, once escaped.
        r#"{"id":1,"i\u0064":1,"名前":"n","a\"b\\c/":2,"😀":3}"#,
        // A raw control character in a key.
        "{\"id\":1,\"名前\":\"n\",\"a\\\"b\\\\c/\":2,\"😀\":3,\"\u{0}\n\":4}",
    ] {
        let _ = rejected::<Keys>(text);
    }
    for text in [
        r#""\u0041lpha""#,
        r#"{"\u0041lpha":null}"#,
        r#"{"\u03b2\"":1}"#,
        r#"{"β\u0022":1}"#,
    ] {
        let _ = accepted::<KeyedEnum>(text);
    }
    for text in [r#""\u0041lph""#, r#"{"\u03b2":1}"#, r#""\ud800""#] {
        let _ = rejected::<KeyedEnum>(text);
    }
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
struct Small {
    a: u8,
    b: Option<String>,
    #[serde(skip)]
    hidden: u8,
}

#[test]
fn decode_unknown_fields_are_skipped_and_checked() {
    let read = accepted::<Small>(
        r#"{"junk":{"x":[1,2,{"y":null,"z":[true,false,"\"}]",-1.5e-7,0,1E+2]}],"w":{}},"a":1,"more":[[],[[]],{}],"b":"b","tail":"\u0000"}"#,
    );
    assert_eq!(
        read,
        Small {
            a: 1,
            b: Some("b".into()),
            hidden: 0,
        }
    );
    // A skipped field's key is an unknown key: ignored, however often it comes.
    let read = accepted::<Small>(r#"{"hidden":5,"a":1,"hidden":{"deep":[6]}}"#);
    assert_eq!(read.hidden, 0);
    // Unknown keys repeat freely.
    let _ = accepted::<Small>(r#"{"x":1,"a":1,"x":2,"x":{}}"#);
    // Deeply nested junk (beyond the depth limit: see the ignored test below).
    for depth in [10, 120, 126, 127] {
        let text = format!(
            r#"{{"a":1,"junk":{}{}}}"#,
            "[".repeat(depth),
            "]".repeat(depth)
        );
        let _ = assert_decodes_same::<Small>(&text);
        let text = format!(
            r#"{{"a":1,"junk":{}1{}}}"#,
            r#"{"k":"#.repeat(depth),
            "}".repeat(depth)
        );
        let _ = assert_decodes_same::<Small>(&text);
    }
    // Junk must still be JSON.
    for junk in [
        "[1,2,}",
        "[1,2",
        "{\"k\"}",
        "{\"k\":}",
        "{1:2}",
        "tru",
        "nul",
        "True",
        "01",
        "1.",
        ".5",
        "-",
        "1e",
        "+1",
        "NaN",
        "Infinity",
        "0x10",
        r#""\x""#,
        r#""\u12""#,
        r#""\u12G4""#,
        "\"\u{0}\"",
        "\"tab\there\"",
        "\"unterminated",
        "'single'",
        "[1,]",
        "{\"a\":1,}",
        "/* comment */ 1",
    ] {
        let text = format!(r#"{{"a":1,"junk":{junk},"b":null}}"#);
        let _ = rejected::<Small>(&text);
    }
    // Escapes that make no character are an error in a string that is read.
    for text in [
        r#"{"a":1,"b":"\ud800"}"#,
        r#"{"a":1,"b":"\udc00\ud800"}"#,
        r#"{"a":1,"b":"x\ud83d"}"#,
    ] {
        let _ = rejected::<Small>(text);
    }
    // Valid junk of every kind.
    for junk in [
        "1e999",
        "-0",
        "123456789012345678901234567890",
        "-1.5E-400",
        "\"\u{7f}\u{2028}\"",
        r#""\/\b\f\n\r\t\"\\""#,
        "{}",
        "[]",
        r#"{"":{"":[]}}"#,
        "null",
        "true",
        " \t\n\r[ 1 , { \"k\" : [ ] } ] ",
    ] {
        let text = format!(r#"{{"a":1,"junk":{junk},"b":null}}"#);
        let _ = accepted::<Small>(&text);
    }
}

#[test]
fn decode_deep_ignored_values_like_serde_json() {
    // serde_json skips an unknown field's value without recursion and without a depth limit;
    // so does fastwire.
    for depth in [128, 129, 200, 10_000] {
        let text = format!(
            r#"{{"a":1,"junk":{}{}}}"#,
            "[".repeat(depth),
            "]".repeat(depth)
        );
        let _ = accepted::<Small>(&text);
        let text = format!(
            r#"{{"a":1,"junk":{}1{}}}"#,
            r#"{"k":"#.repeat(depth),
            "}".repeat(depth)
        );
        let _ = accepted::<Small>(&text);
    }
}

#[test]
fn decode_lone_surrogates_in_ignored_values_stricter_than_serde_json() {
    // serde_json checks only the syntax of a value it ignores (`\u` and four hex digits);
    // fastwire refuses an escaped lone surrogate wherever it stands, on purpose.
    for junk in [
        r#""\ud800""#,
        r#""\udc00""#,
        r#""\udc00\ud800""#,
        r#""\ud800\u0041""#,
        r#"["\ud83d"]"#,
        r#"{"\ud800":1}"#,
    ] {
        let text = format!(r#"{{"a":1,"junk":{junk}}}"#);
        assert!(serde_json::from_str::<Small>(&text).is_ok(), "{text}");
        let err = fastwire::json::from_str::<Small>(&text).unwrap_err();
        assert!(
            err.to_string().starts_with("lone surrogate"),
            "{text}: {err}"
        );
    }
}

#[test]
fn decode_invalid_utf8_in_ignored_values_stricter_than_serde_json() {
    // Text with invalid UTF-8 is not JSON (RFC 8259 8.1): fastwire checks all of it up front,
    // serde_json only the strings it reads.
    for input in [
        &b"{\"a\":1,\"junk\":\"\xff\"}"[..],
        b"{\"a\":1,\"junk\":[\"\xc3\x28\"]}",
        b"{\"a\":1,\"j\xffnk\":0}",
    ] {
        let ours = fastwire::json::from_slice::<Small>(input);
        assert!(
            ours.as_ref()
                .is_err_and(|e| e.to_string().starts_with("invalid UTF-8")),
            "{:?}: fastwire {:?}",
            String::from_utf8_lossy(input),
            ours.map(|_| ())
        );
        assert!(fastwire::json::from_reader::<_, Small>(input).is_err());
    }
}

#[test]
fn decode_duplicate_fields_are_rejected() {
    for text in [
        r#"{"a":1,"a":2}"#,
        r#"{"a":1,"b":"x","a":1}"#,
        r#"{"a":1,"b":null,"b":null}"#,
        r#"{"a":1,"b":"x","b":"x"}"#,
        r#"{"a":1,"\u0061":1}"#,
        "{\"a\":1,\n  \"a\":1}",
    ] {
        let message = rejected::<Small>(text);
        assert!(message.starts_with("duplicate field"), "{message}");
        let err = fastwire::json::from_str::<Small>(text).unwrap_err();
        assert!(err.to_string().starts_with("duplicate field"), "{err}");
    }
    // In a struct variant and a nested struct too.
    for text in [
        r#"{"Struct":{"a":1,"a":2}}"#,
        r#"{"Newtype":{"a":1,"a":2}}"#,
    ] {
        let _ = rejected::<StrictEnum>(text);
    }
    let _ = rejected::<Vec<Small>>(r#"[{"a":1},{"a":1,"a":1}]"#);
    // Maps are not structs: serde_json keeps the last value for a repeated key.
    let map = accepted::<BTreeMap<String, u8>>(r#"{"a":1,"a":2}"#);
    assert_eq!(map["a"], 2);
    let map =
        accepted::<HashMap<u8, u8>>(r#"{"1":1,"01":2,"1":3}"#.replace("\"01\":2,", "").as_str());
    assert_eq!(map[&1], 3);
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[allow(non_snake_case)]
struct ClashingDecodeNames<R, D, E> {
    __r: R,
    __d: D,
    __e: E,
    __default: u8,
    __v0: u8,
    __v1: u8,
    __bytes: u8,
    __name: u8,
    __at: u8,
    __index: u8,
    __found: u8,
    __VARIANTS: u8,
    r: u8,
    de: u8,
    reader: u8,
    key: u8,
    seen: u8,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[allow(non_camel_case_types)]
enum ClashingDecodeVariants {
    __r,
    __VARIANTS(u8),
    __default { __v0: u8, __r: u8 },
}

#[test]
fn decode_names_that_could_clash_with_generated_code() {
    assert_same_round_trip(&ClashingDecodeNames {
        __r: 'r',
        __d: Some(1u8),
        __e: vec![2i8],
        __default: 3,
        __v0: 4,
        __v1: 5,
        __bytes: 6,
        __name: 7,
        __at: 8,
        __index: 9,
        __found: 10,
        __VARIANTS: 11,
        r: 12,
        de: 13,
        reader: 14,
        key: 15,
        seen: 16,
    });
    for v in [
        ClashingDecodeVariants::__r,
        ClashingDecodeVariants::__VARIANTS(1),
        ClashingDecodeVariants::__default { __v0: 2, __r: 3 },
    ] {
        assert_same_round_trip(&v);
    }
}

/// Field types whose `Deserialize` reads an absent field as `None` the way `Option` does: serde
/// hands them a "missing" deserializer that `Option` inside answers.
#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[serde(transparent)]
struct MaybeNumber(Option<u8>);

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
struct AbsentFields {
    a: u8,
    plain: Option<u8>,
    nested: Option<Option<u8>>,
    boxed: Box<Option<u8>>,
    transparent: MaybeNumber,
    unit: (),
    phantom: PhantomData<u8>,
    newtype: OptionNewtype,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
struct OptionNewtype(Option<u8>);

#[test]
fn decode_absent_fields_like_serde_json() {
    for text in [
        r#"{"a":1}"#,
        r#"{"a":1,"boxed":null,"transparent":null,"unit":null,"phantom":null,"newtype":null}"#,
        r#"{"a":1,"plain":null,"nested":null,"boxed":null,"transparent":null,"unit":null,"phantom":null,"newtype":null}"#,
        r#"{"a":1,"plain":1,"nested":2,"boxed":3,"transparent":4,"unit":null,"phantom":null,"newtype":5}"#,
        r#"{"a":1,"boxed":null,"transparent":null,"phantom":null,"newtype":null}"#,
        r#"{"a":1,"boxed":null,"transparent":null,"unit":null,"newtype":null}"#,
        r#"{"a":1,"boxed":null,"transparent":null,"unit":null,"phantom":null}"#,
    ] {
        let _ = assert_decodes_same::<AbsentFields>(text);
    }
}

#[test]
fn decode_absent_boxed_option_like_serde_json() {
    // serde's `Box<T>` deserializes through `T`, so `Option` inside answers serde's "missing
    // field" deserializer with `None`; the same holds for `Rc`, `Arc`, `Cell`, `Wrapping`...
    let text = r#"{"a":1,"transparent":null,"unit":null,"phantom":null,"newtype":null}"#;
    let _ = accepted::<AbsentFields>(text);
}

#[test]
fn decode_absent_transparent_option_like_serde_json() {
    // serde's transparent `Deserialize` is the inner field's, `Option`'s here.
    let text = r#"{"a":1,"boxed":null,"unit":null,"phantom":null,"newtype":null}"#;
    let _ = accepted::<AbsentFields>(text);
}

#[test]
fn decode_shapes_from_every_form() {
    for text in [
        "null",
        "[]",
        "{}",
        "0",
        r#""""#,
        "[null]",
        "[[]]",
        "[{}]",
        r#"{"only":true}"#,
        r#"{"only":true,"only":false}"#,
        "[true]",
        "[true,false]",
        "[1]",
        "[7,8]",
        "7",
        "-7",
        r#"[1,null,[]]"#,
        r#"[1,2,[3]]"#,
        r#"[1,null]"#,
        r#"[1,null,[],4]"#,
        r#"{"0":1,"1":null,"2":[]}"#,
    ] {
        let _ = assert_decodes_same::<Unit>(text);
        let _ = assert_decodes_same::<EmptyTuple>(text);
        let _ = assert_decodes_same::<EmptyBraced>(text);
        let _ = assert_decodes_same::<Newtype>(text);
        let _ = assert_decodes_same::<NewtypeOfUnit>(text);
        let _ = assert_decodes_same::<OneField>(text);
        let _ = assert_decodes_same::<Triple>(text);
        let _ = assert_decodes_same::<TransparentNewtype>(text);
        let _ = assert_decodes_same::<SingleUnit>(text);
    }
    for text in [
        r#""Unit""#,
        r#"{"Unit":null}"#,
        r#"{"Unit":[]}"#,
        r#"{"Unit":{}}"#,
        r#""Newtype""#,
        r#"{"Newtype":1}"#,
        r#"{"Newtype":[1]}"#,
        r#"{"Newtype":1,"Unit":null}"#,
        r#""NewtypeUnit""#,
        r#"{"NewtypeUnit":null}"#,
        r#"{"NewtypeUnit":[]}"#,
        r#"{"NewtypeStruct":{"only":true}}"#,
        r#"{"NewtypeStruct":[true]}"#,
        r#""Tuple""#,
        r#"{"Tuple":[1,"t"]}"#,
        r#"{"Tuple":[1]}"#,
        r#"{"Tuple":[1,"t",2]}"#,
        r#"{"Tuple":{"0":1,"1":"t"}}"#,
        r#"{"Tuple":null}"#,
        r#""EmptyTuple""#,
        r#"{"EmptyTuple":[]}"#,
        r#"{"EmptyTuple":null}"#,
        r#"{"EmptyTuple":{}}"#,
        r#"{"EmptyTuple":[1]}"#,
        r#""Struct""#,
        r#"{"Struct":{"x":1,"y":2}}"#,
        r#"{"Struct":[1,2]}"#,
        r#"{"Struct":[1]}"#,
        r#"{"Struct":[1,2,3]}"#,
        r#"{"Struct":{"x":1}}"#,
        r#"{"Struct":{"x":1,"y":2,"z":3}}"#,
        r#"{"Struct":{"x":1,"y":2,"x":3}}"#,
        r#"{"Struct":null}"#,
        r#"{"OneFieldStruct":{"v":[1]}}"#,
        r#"{"OneFieldStruct":[[1]]}"#,
        r#""EmptyStruct""#,
        r#"{"EmptyStruct":{}}"#,
        r#"{"EmptyStruct":[]}"#,
        r#"{"EmptyStruct":null}"#,
        r#"{"EmptyStruct":{"a":1}}"#,
        r#"{"EmptyStruct":[1]}"#,
        r#"{}"#,
        r#"[]"#,
        r#"["Unit"]"#,
        r#"{"Nope":null}"#,
        r#""Nope""#,
        r#"{"Unit":null,}"#,
        r#"{"Unit" null}"#,
        r#"{"Unit":nul}"#,
        "null",
        "0",
    ] {
        let _ = assert_decodes_same::<Shapes>(text);
        let _ = assert_decodes_same::<Vec<Shapes>>(&format!("[{text}]"));
        let _ = assert_decodes_same::<Option<Shapes>>(text);
    }
}
