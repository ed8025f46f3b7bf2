//! Differential tests for `#[derive(fastwire::Encode)]`: every type derives both
//! `serde::Serialize` and `fastwire::Encode`, reading the same `#[serde(...)]` attributes, and
//! fastwire's output must equal serde_json's byte for byte (compact and pretty, through every
//! entry point). Where `#[wire(...)]` changes something serde cannot see, the expected output
//! comes from a serde "twin" type carrying the equivalent `#[serde(...)]` attribute.

#![allow(dead_code, clippy::upper_case_acronyms, clippy::enum_variant_names)]

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::marker::PhantomData;
use std::rc::Rc;

use fastwire_tests::{assert_encodes_as, assert_same, assert_same_as_twin};
use serde::Serialize;

/// A type that implements neither `Serialize` nor `Encode`.
struct NotSerializable;

// =============================================================================================
// shapes
// =============================================================================================

#[derive(Serialize, fastwire::Encode)]
struct Unit;

#[derive(Serialize, fastwire::Encode)]
struct EmptyTuple();

#[derive(Serialize, fastwire::Encode)]
struct EmptyBraced {}

#[derive(Serialize, fastwire::Encode)]
struct Newtype(u32);

#[derive(Serialize, fastwire::Encode)]
struct NewtypeTrailingComma(String);

#[derive(Serialize, fastwire::Encode)]
struct NewtypeOfStruct(Named);

#[derive(Serialize, fastwire::Encode)]
struct NewtypeOfUnit(Unit);

#[derive(Serialize, fastwire::Encode)]
struct Pair(i8, &'static str);

#[derive(Serialize, fastwire::Encode)]
struct Triple(u8, Option<u8>, Vec<u8>);

#[derive(Serialize, fastwire::Encode)]
struct OneField {
    only: bool,
}

#[derive(Serialize, fastwire::Encode)]
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
    assert_eq!(assert_same(&Unit), "null");
    assert_eq!(assert_same(&EmptyTuple()), "[]");
    assert_eq!(assert_same(&EmptyBraced {}), "{}");
    assert_eq!(assert_same(&Newtype(7)), "7");
    assert_same(&NewtypeTrailingComma("s\"".into()));
    assert_same(&NewtypeOfStruct(named(1)));
    assert_same(&NewtypeOfUnit(Unit));
    assert_eq!(assert_same(&Pair(1, "x")), r#"[1,"x"]"#);
    assert_same(&Triple(1, None, vec![]));
    assert_same(&Triple(1, Some(2), vec![3, 4]));
    assert_eq!(assert_same(&OneField { only: true }), r#"{"only":true}"#);
    for depth in 0..4 {
        assert_same(&named(depth));
    }
    assert_same(&vec![Unit, Unit]);
    assert_same(&vec![EmptyBraced {}, EmptyBraced {}]);
    assert_same(&(EmptyTuple(), EmptyBraced {}, Unit));
    assert_same(&Some(EmptyTuple()));
}

// =============================================================================================
// enums
// =============================================================================================

#[derive(Serialize, fastwire::Encode)]
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
        assert_same(v);
    }
    assert_same(&all);
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

#[derive(Serialize, fastwire::Encode)]
#[repr(u8)]
enum WithDiscriminants {
    First = 1,
    Second = 10,
    Third,
}

#[derive(Serialize, fastwire::Encode)]
enum Never {}

#[derive(Serialize, fastwire::Encode)]
enum SingleUnit {
    Only,
}

#[derive(Serialize, fastwire::Encode)]
enum SingleNewtype {
    Only(String),
}

#[test]
fn enum_special_forms() {
    assert_eq!(assert_same(&WithDiscriminants::First), r#""First""#);
    assert_same(&WithDiscriminants::Second);
    assert_same(&WithDiscriminants::Third);
    assert_eq!(assert_same(&None::<Never>), "null");
    assert_same(&Vec::<Never>::new());
    assert_same(&SingleUnit::Only);
    assert_same(&SingleNewtype::Only("o".into()));
}

#[derive(Serialize, fastwire::Encode)]
enum Inner {
    A,
    B(u8),
    C { c: Option<String> },
}

#[derive(Serialize, fastwire::Encode)]
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

#[derive(Serialize, fastwire::Encode)]
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
        assert_same(o);
    }
    assert_same(&outers);
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
    assert_same(&holder);
    let map_of_enums: BTreeMap<u8, Inner> = BTreeMap::from([(1, Inner::A), (2, Inner::B(2))]);
    assert_same(&map_of_enums);
}

// =============================================================================================
// recursive types
// =============================================================================================

#[derive(Serialize, fastwire::Encode)]
struct List {
    value: i32,
    next: Option<Box<List>>,
}

#[derive(Serialize, fastwire::Encode)]
enum Expr {
    Num(f64),
    Var(String),
    Neg(Box<Expr>),
    Add(Box<Expr>, Box<Expr>),
    Call { name: String, args: Vec<Expr> },
}

#[derive(Serialize, fastwire::Encode)]
struct Tree<T> {
    value: T,
    children: Vec<Tree<T>>,
}

#[derive(Serialize, fastwire::Encode)]
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
    assert_same(&list);
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
    assert_same(&expr);
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
    assert_same(&tree);
    let leaf = Rc::new(RcNode {
        label: "leaf",
        shared: None,
    });
    assert_same(&vec![
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

#[derive(Serialize, fastwire::Encode)]
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
}

#[derive(Serialize, fastwire::Encode)]
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
        #[derive(Serialize, fastwire::Encode)]
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
    assert_same(&FieldsLower::sample());
    assert_same(&FieldsUpper::sample());
    assert_same(&FieldsPascal::sample());
    let camel = assert_same(&FieldsCamel::sample());
    assert!(camel.starts_with(r#"{"fieldOne":1,"x":2,"a1":3,"field2x":4,"leading":5,"#));
    assert_same(&FieldsSnake::sample());
    assert_same(&FieldsScreamingSnake::sample());
    assert_same(&FieldsKebab::sample());
    let kebab = assert_same(&FieldsScreamingKebab::sample());
    assert!(kebab.contains(r#""FIELD-ONE":1"#));
    assert!(kebab.contains(r#""explicit_wins":19"#));
}

macro_rules! rename_all_variants_enum {
    ($name:ident, $style:tt) => {
        #[derive(Serialize, fastwire::Encode)]
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
    fn each<T: Serialize + fastwire::json::Encode>(samples: &[T]) {
        for s in samples {
            assert_same(s);
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

#[derive(Serialize, fastwire::Encode)]
#[serde(rename_all(serialize = "SCREAMING_SNAKE_CASE", deserialize = "camelCase"))]
struct RenameAllSerializeOnly {
    some_field: u8,
    other_field: u8,
}

#[derive(Serialize, fastwire::Encode)]
#[serde(rename_all(deserialize = "camelCase"))]
struct RenameAllDeserializeOnly {
    some_field: u8,
}

#[derive(Serialize, fastwire::Encode)]
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
}

#[derive(Serialize, fastwire::Encode)]
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

#[derive(Serialize, fastwire::Encode)]
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

#[derive(Serialize, fastwire::Encode)]
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
        assert_same(v);
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
        assert_same(&VariantRenameAllOnly::Data {
            first_name: "a".into(),
            last_name: "b".into()
        }),
        r#"{"Data":{"FirstName":"a","LastName":"b"}}"#
    );
    assert_same(&VariantRenameAllOnly::Plain {
        first_name: "c".into(),
    });
    assert_same(&RenameAllFieldsSerializeOnly::V { lower_case: 1 });
}

#[derive(Serialize, fastwire::Encode)]
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

#[derive(Serialize, fastwire::Encode)]
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
}

// Attributes whose values come through macro_rules fragments (`literal`, `expr`, `ty`), which
// reach the derive wrapped in invisible groups.
macro_rules! fragment_attrs {
    ($name:ident, $style:literal, $key:expr, $ty:ty, $pred:literal) => {
        #[derive(Serialize, fastwire::Encode)]
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
        assert_same(&ViaFragments {
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

#[derive(Serialize, fastwire::Encode, Default)]
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

#[derive(Serialize, fastwire::Encode, Default)]
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

#[derive(Serialize, fastwire::Encode, Default)]
struct SkipIfFirstThenFixed {
    #[serde(skip_serializing_if = "Option::is_none")]
    maybe: Option<u8>,
    fixed: u8,
}

#[derive(Serialize, fastwire::Encode, Default)]
struct FixedThenSkipIf {
    fixed: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    maybe: Option<u8>,
}

#[derive(Serialize, fastwire::Encode, Default)]
struct AllSkipped {
    #[serde(skip)]
    a: u8,
    #[serde(skip_serializing)]
    b: String,
}

#[derive(Serialize, fastwire::Encode, Default)]
struct SkippedFirst {
    #[serde(skip)]
    a: u8,
    b: u8,
    c: u8,
}

#[derive(Serialize, fastwire::Encode, Default)]
struct SkippedLast {
    a: u8,
    b: u8,
    #[serde(skip_serializing)]
    c: u8,
}

#[derive(Serialize, fastwire::Encode, Default)]
struct TupleWithSkips(
    #[serde(skip)] u8,
    u16,
    #[serde(skip_serializing_if = "Option::is_none")] Option<u32>,
    #[serde(skip_serializing)] u64,
);

#[derive(Serialize, fastwire::Encode, Default)]
struct TupleOneLeft(u8, #[serde(skip)] u8);

#[derive(Serialize, fastwire::Encode)]
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
    }
    for maybe in [None, Some(1)] {
        assert_same(&SkipIfFirstThenFixed { maybe, fixed: 2 });
        assert_same(&FixedThenSkipIf { fixed: 2, maybe });
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
    }
}

#[derive(Serialize, fastwire::Encode)]
struct TupleAllConditional(
    #[serde(skip_serializing_if = "Option::is_none")] Option<u8>,
    #[serde(skip_serializing_if = "Vec::is_empty")] Vec<u8>,
);

#[derive(Serialize, fastwire::Encode)]
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
            assert_same(&TupleAllConditional(a, b));
        }
        for b in [None, Some(3)] {
            assert_same(&VariantAllConditional::Tuple(a, b));
            assert_same(&VariantAllConditional::Struct { a, b });
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
        #[derive(Serialize, fastwire::Encode, Default)]
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
    assert_eq!(assert_same(&SeventyFields::set_by(|_| false)), "{}");
    assert_same(&SeventyFields::set_by(|_| true));
    assert_same(&SeventyFields::set_by(|i| i == 0));
    assert_same(&SeventyFields::set_by(|i| i == 69));
    assert_same(&SeventyFields::set_by(|i| i == 64));
    assert_same(&SeventyFields::set_by(|i| i % 2 == 0));
    assert_same(&SeventyFields::set_by(|i| i % 2 == 1));
    assert_same(&SeventyFields::set_by(|i| i >= 63));
    assert_same(&SeventyFields::set_by(|i| i % 7 == 3));
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

#[derive(Serialize, fastwire::Encode)]
struct Generic<T, U>
where
    U: Clone,
{
    t: T,
    u: Vec<U>,
    both: (T, U),
    opt: Option<T>,
}

#[derive(Serialize, fastwire::Encode)]
struct DefaultParam<T = u8> {
    t: T,
}

#[derive(Serialize, fastwire::Encode)]
enum GenericEnum<'a, T, E> {
    Ok(T),
    Err(E),
    Borrowed(&'a str),
    Both { t: T, e: E },
    Nothing,
}

#[derive(Serialize, fastwire::Encode)]
struct OnlySkipped<T> {
    a: u8,
    #[serde(skip)]
    hidden: T,
}

#[derive(Serialize, fastwire::Encode)]
struct OnlySkipSerializing<T, U> {
    #[serde(skip_serializing)]
    hidden: T,
    shown: u8,
    #[serde(skip)]
    other: Vec<U>,
}

#[derive(Serialize, fastwire::Encode)]
enum SkippedInVariant<T> {
    V {
        #[serde(skip)]
        hidden: T,
        shown: u8,
    },
}

#[derive(Serialize, fastwire::Encode)]
struct Phantom<T> {
    value: u8,
    marker: PhantomData<T>,
    fn_marker: PhantomData<fn() -> T>,
}

#[derive(Serialize, fastwire::Encode)]
struct ConstGeneric<const N: usize> {
    items: Vec<u8>,
}

#[derive(fastwire::Encode)]
struct ConstGenericArray<const N: usize> {
    items: [u16; N],
}

/// Both traits together, usable in `bound` attributes read by both derives.
trait Both: Serialize + fastwire::json::Encode {}
impl<T: ?Sized + Serialize + fastwire::json::Encode> Both for T {}

#[derive(Serialize, fastwire::Encode)]
#[serde(bound = "T: Both")]
struct ContainerBound<T> {
    t: T,
    list: Vec<T>,
}

#[derive(Serialize, fastwire::Encode)]
#[serde(bound = "")]
struct EmptyBound<T> {
    marker: PhantomData<T>,
    n: u8,
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

struct AssocProvider;

impl HasAssoc for AssocProvider {
    type Assoc = String;
}

#[derive(Serialize, fastwire::Encode)]
#[serde(bound = "T::Assoc: Both")]
struct AssocExplicit<T: HasAssoc> {
    value: T::Assoc,
}

#[derive(Serialize, fastwire::Encode)]
struct AssocInferred<T: HasAssoc> {
    value: T::Assoc,
    #[serde(skip)]
    marker: PhantomData<T>,
}

/// serde infers bounds only for fields whose whole type is `T::Assoc`; fastwire also looks
/// inside other types, so this one needs no `bound` (fastwire only).
#[derive(fastwire::Encode)]
struct AssocNested<T: HasAssoc> {
    value: Vec<Option<T::Assoc>>,
}

#[derive(Serialize, fastwire::Encode)]
#[serde(bound(serialize = "T: Both", deserialize = "T: Clone"))]
struct DirectionalBound<T> {
    t: T,
}

#[derive(Serialize, fastwire::Encode)]
struct DirectionalFieldBound<T> {
    #[serde(bound(serialize = "T: Both"))]
    t: Vec<T>,
}

#[derive(Serialize, fastwire::Encode)]
enum PhantomInVariant<T> {
    Marker(PhantomData<T>),
    Fields { n: u8, marker: PhantomData<T> },
}

#[derive(Serialize, fastwire::Encode)]
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
    assert_same(&DirectionalFieldBound { t: vec![1u8] });
    assert_same(&PhantomInVariant::<NotSerializable>::Marker(PhantomData));
    assert_same(&PhantomInVariant::<NotSerializable>::Fields {
        n: 1,
        marker: PhantomData,
    });
    assert_same(&SelfReferential {
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
    assert_same(&Generic {
        t: "t",
        u: vec![1.5f32],
        both: ("t", 2.5f32),
        opt: None,
    });
    assert_same(&Generic {
        t: Shapes::Unit,
        u: vec![Some(1u8)],
        both: (Shapes::EmptyTuple(), None),
        opt: Some(Shapes::Newtype(1)),
    });
    assert_same(&DefaultParam { t: 5 });
    assert_same(&DefaultParam { t: "not u8" });
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
        assert_same(&v);
    }
    assert_same(&ConstGeneric::<3> { items: vec![1, 2] });
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
}

#[test]
fn unused_type_params_need_no_encode() {
    // `NotSerializable` implements neither trait: the derives must not require it.
    assert_eq!(
        assert_same(&OnlySkipped {
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
    assert_same(&SkippedInVariant::V {
        hidden: NotSerializable,
        shown: 3,
    });
    assert_eq!(
        assert_same(&Phantom::<NotSerializable> {
            value: 4,
            marker: PhantomData,
            fn_marker: PhantomData,
        }),
        r#"{"value":4,"marker":null,"fn_marker":null}"#
    );
    assert_same(&EmptyBound::<NotSerializable> {
        marker: PhantomData,
        n: 5,
    });
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
    assert_same(&AssocInferred::<AssocProvider> {
        value: "a".into(),
        marker: PhantomData,
    });
    let nested = AssocNested::<AssocProvider> {
        value: vec![Some("x".into()), None],
    };
    assert_same_as_twin(&nested, &BTreeMap::from([("value", vec![Some("x"), None])]));
}

// =============================================================================================
// transparent
// =============================================================================================

#[derive(Serialize, fastwire::Encode)]
#[serde(transparent)]
struct TransparentNewtype(u32);

#[derive(Serialize, fastwire::Encode)]
#[serde(transparent)]
struct TransparentNamed {
    inner: Vec<String>,
}

#[derive(Serialize, fastwire::Encode)]
#[serde(transparent)]
struct TransparentGeneric<T>(T);

#[derive(Serialize, fastwire::Encode)]
#[serde(transparent)]
struct TransparentWithSkippedPhantom<T> {
    value: String,
    #[serde(skip)]
    marker: PhantomData<T>,
}

// serde sets `PhantomData` fields aside when choosing the transparent field; so does fastwire.
#[derive(Serialize, fastwire::Encode)]
#[serde(transparent)]
struct TransparentWithPhantom<T> {
    value: String,
    marker: PhantomData<T>,
}

#[test]
fn transparent_with_unskipped_phantom() {
    assert_same(&TransparentWithPhantom::<NotSerializable> {
        value: "v".into(),
        marker: PhantomData,
    });
}

#[derive(Serialize, fastwire::Encode)]
#[serde(transparent)]
struct TransparentWithSkip {
    #[serde(skip)]
    cache: u8,
    value: Option<u8>,
}

#[derive(Serialize, fastwire::Encode)]
#[serde(transparent)]
struct TransparentBorrow<'a> {
    s: &'a str,
}

#[derive(Serialize, fastwire::Encode)]
#[serde(transparent)]
struct TransparentOverStruct(Named);

#[derive(Serialize, fastwire::Encode)]
#[serde(transparent, rename = "IgnoredForOutput")]
struct TransparentRenamed {
    #[serde(rename = "not_a_key")]
    value: Inner,
}

#[test]
fn transparent() {
    assert_eq!(assert_same(&TransparentNewtype(5)), "5");
    assert_same(&TransparentNamed {
        inner: vec!["a".into(), "\"".into()],
    });
    assert_same(&TransparentNamed { inner: vec![] });
    assert_same(&TransparentGeneric(Some(1.5)));
    assert_same(&TransparentGeneric(TransparentGeneric(Unit)));
    assert_same(&TransparentWithSkippedPhantom::<NotSerializable> {
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
    assert_same(&TransparentBorrow { s: "b\\" });
    assert_same(&TransparentOverStruct(named(2)));
    assert_eq!(
        assert_same(&TransparentRenamed { value: Inner::B(1) }),
        r#"{"B":1}"#
    );
    let map: BTreeMap<&str, TransparentNewtype> = BTreeMap::from([("k", TransparentNewtype(1))]);
    assert_same(&map);
}

// =============================================================================================
// raw identifiers, field names that could clash with generated code
// =============================================================================================

#[derive(Serialize, fastwire::Encode)]
struct RawIdents {
    r#type: &'static str,
    r#match: u8,
    r#fn: bool,
    r#async: (),
    r#self_: u8,
}

#[derive(Serialize, fastwire::Encode)]
#[allow(non_camel_case_types)]
enum RawVariants {
    r#type,
    r#match(u8),
    r#struct { r#enum: u8, r#loop: u8 },
}

#[derive(Serialize, fastwire::Encode)]
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

#[derive(Serialize, fastwire::Encode)]
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

#[derive(Serialize, fastwire::Encode)]
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
        assert_same(&RawIdents {
            r#type: "t",
            r#match: 1,
            r#fn: true,
            r#async: (),
            r#self_: 2,
        }),
        r#"{"type":"t","match":1,"fn":true,"async":null,"self_":2}"#
    );
    assert_eq!(assert_same(&RawVariants::r#type), r#""type""#);
    assert_same(&RawVariants::r#match(1));
    assert_same(&RawVariants::r#struct {
        r#enum: 1,
        r#loop: 2,
    });
    assert_same(&ClashingNames {
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
    assert_same(&ClashingBindings::V {
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
    assert_same(&ClashingBindings::T(1, 2));
    assert_same(&ClashingBindings::N("n".into()));
    assert_same(&ClashingTypeParams {
        w: 1u8,
        t: "t",
        s: 's',
        e: Some(()),
        k: vec![1],
        v: Inner::A,
    });
}

// =============================================================================================
// other attributes on the item: docs, cfg, cfg_attr, repr, derive order
// =============================================================================================

/// Documented type.
#[derive(Debug, Clone, Serialize, fastwire::Encode, PartialEq)]
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
        assert_same(&v),
        r#"{"via_cfg_attr":1,"secondField":2,"multi":3}"#
    );
    assert_same(&v.clone());
}

// =============================================================================================
// #[wire(...)] wins over #[serde(...)]
// =============================================================================================

#[derive(Serialize, fastwire::Encode)]
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

#[derive(Serialize)]
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

#[derive(Serialize, fastwire::Encode)]
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

#[derive(Serialize)]
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

#[derive(Serialize, fastwire::Encode)]
#[wire(transparent)]
struct WireTransparent {
    inner: Vec<u8>,
}

/// Only the fastwire derive: `#[serde(...)]` is still read.
#[derive(fastwire::Encode)]
#[serde(rename_all = "camelCase")]
struct FastwireOnly {
    #[serde(rename = "renamed\"key")]
    some_field: u8,
    other_field: Option<FastwireOnlyEnum>,
}

#[derive(fastwire::Encode)]
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
    assert_same_as_twin(
        &WireVariants::StructVariant { some_field: 1 },
        &WireVariantsTwin::StructVariant { some_field: 1 },
    );
    assert_same_as_twin(
        &WireVariants::OtherStruct { some_field: 2 },
        &WireVariantsTwin::OtherStruct { some_field: 2 },
    );
    assert_same_as_twin(&WireTransparent { inner: vec![1, 2] }, &vec![1u8, 2]);
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

#[derive(Serialize, fastwire::Encode)]
#[wire(crate = "reexport::fw")]
struct CratePathWire {
    a: u8,
    e: Inner,
}

// `#[serde(crate = ...)]` names serde's crate: fastwire leaves it to serde.
#[derive(Serialize, fastwire::Encode)]
#[serde(crate = "self::serde_reexport::serde")]
struct CratePathSerdeFastwireOnly {
    a: u8,
}

#[test]
fn crate_path() {
    assert_same(&CratePathWire { a: 1, e: Inner::A });
    assert_same(&CratePathSerdeFastwireOnly { a: 2 });
}
