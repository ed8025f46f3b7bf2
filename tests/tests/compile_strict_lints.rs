//! Derived types in a crate with strict lints: the code `#[derive(fastwire::Encode)]` and
//! `#[derive(fastwire::Decode)]` generate must not trigger any warning in the user's crate,
//! whatever lints it denies. Each type's output is also compared at run time with
//! `serde_json`'s for an identical twin type, and `serde_json`'s text for the twin is read back
//! by fastwire as the strict type (the twins live in a module with relaxed lints, so that only
//! fastwire's expansion is judged under the strict ones).

#![forbid(unsafe_code)]
#![deny(
    warnings,
    future_incompatible,
    nonstandard_style,
    rust_2018_idioms,
    rust_2021_compatibility,
    unused,
    unused_qualifications,
    unused_results,
    unused_import_braces,
    unused_lifetimes,
    unused_extern_crates,
    unused_macro_rules,
    trivial_casts,
    trivial_numeric_casts,
    missing_docs,
    missing_debug_implementations,
    elided_lifetimes_in_paths,
    explicit_outlives_requirements,
    keyword_idents,
    let_underscore_drop,
    macro_use_extern_crate,
    meta_variable_misuse,
    noop_method_call,
    redundant_lifetimes,
    single_use_lifetimes,
    unit_bindings,
    unnameable_types,
    unreachable_pub,
    variant_size_differences
)]
#![deny(clippy::all, clippy::pedantic, clippy::nursery)]

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::marker::PhantomData;

/// A unit struct.
#[derive(Debug, fastwire::Encode, fastwire::Decode)]
pub struct Unit;

/// A newtype.
#[derive(Debug, fastwire::Encode, fastwire::Decode)]
pub struct Newtype(pub u64);

/// A tuple struct with a skipped element.
#[derive(Debug, fastwire::Encode, fastwire::Decode)]
pub struct Tuple(pub i8, #[serde(skip)] pub u8, pub String);

/// An empty tuple struct.
#[derive(Debug, fastwire::Encode, fastwire::Decode)]
pub struct EmptyTuple();

/// An empty braced struct.
#[derive(Debug, fastwire::Encode, fastwire::Decode)]
pub struct EmptyBraced {}

/// Returns whether `v` is zero.
#[must_use]
#[allow(clippy::trivially_copy_pass_by_ref)] // serde's `skip_serializing_if` passes a reference
pub const fn is_zero(v: &u32) -> bool {
    *v == 0
}

/// A named struct using most attributes.
#[derive(Debug, fastwire::Encode, fastwire::Decode)]
#[serde(rename_all = "camelCase")]
pub struct Named<'a, T> {
    /// Borrowed text.
    pub display_name: &'a str,
    /// Copy-on-write text.
    pub cow_text: Cow<'a, str>,
    /// Generic value.
    pub generic_value: T,
    /// Conditionally present.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub maybe: Option<f64>,
    /// Conditionally present, custom predicate.
    #[serde(skip_serializing_if = "is_zero")]
    pub count: u32,
    /// Never written.
    #[serde(skip)]
    pub cache: Vec<u8>,
    /// Renamed.
    #[serde(rename = "type")]
    pub kind: Kind,
    /// A map.
    pub by_name: BTreeMap<String, Kind>,
    /// A marker.
    pub marker: PhantomData<T>,
}

/// An enum of every variant shape.
#[derive(Debug, fastwire::Encode, fastwire::Decode)]
#[serde(rename_all = "snake_case", rename_all_fields = "camelCase")]
pub enum Kind {
    /// Unit.
    Unit,
    /// Newtype.
    Newtype(u64),
    /// Tuple.
    Tuple(u64, u64),
    /// Struct.
    Struct {
        /// A field.
        field_name: u64,
        /// Conditionally present.
        #[serde(skip_serializing_if = "Option::is_none")]
        other_field: Option<u64>,
    },
    /// Empty tuple.
    EmptyTuple(),
    /// Empty struct.
    EmptyStruct {},
}

/// Transparent.
#[derive(Debug, fastwire::Encode)]
#[serde(transparent)]
pub struct Transparent<'a> {
    /// The value.
    pub inner: &'a [u16],
}

/// With an explicit bound.
#[derive(Debug, fastwire::Encode)]
#[wire(bound = "T: fastwire::json::Encode")]
pub struct Bounded<T> {
    /// The value.
    pub value: Option<T>,
}

/// A type parameter used only in a skipped field.
#[derive(Debug, fastwire::Encode, fastwire::Decode)]
pub struct SkippedParam<T> {
    /// Shown.
    pub shown: u8,
    /// Hidden.
    #[serde(skip)]
    pub hidden: T,
}

/// An empty enum.
#[derive(Debug, fastwire::Encode, fastwire::Decode)]
pub enum Never {}

/// Borrows for `'static`: read from `'static` input only.
#[derive(Debug, fastwire::Encode, fastwire::Decode)]
pub struct StaticText {
    /// Borrowed text.
    pub text: &'static str,
    /// Optional borrowed text.
    pub more: Option<&'static str>,
}

/// An enum with variants that are written but not read.
#[derive(Debug, fastwire::Encode, fastwire::Decode)]
pub enum Partial {
    /// Read.
    Read(u8),
    /// Written only.
    #[serde(skip_deserializing)]
    WrittenOnly {
        /// A field.
        value: u8,
    },
    /// Written only.
    #[serde(skip_deserializing)]
    UnitWrittenOnly,
}

/// Written as its discriminant.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, fastwire::Encode, fastwire::Decode,
)]
#[wire(repr)]
#[repr(u8)]
pub enum Code {
    /// One.
    One = 1,
    /// Two.
    Two,
}

/// A newtype key over a parameter.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord, fastwire::Encode, fastwire::Decode)]
pub struct Key<T>(pub T);

/// A unit-variant enum key.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord, fastwire::Encode, fastwire::Decode)]
pub enum Side {
    /// Left.
    Left,
    /// Right.
    #[serde(alias = "r")]
    Right,
}

/// Maps keyed by derived types and by a parameter.
#[derive(Debug, PartialEq, Eq, fastwire::Encode, fastwire::Decode)]
pub struct Keyed<K: Ord> {
    /// By a repr enum.
    pub by_code: BTreeMap<Code, Side>,
    /// By a newtype over the parameter.
    pub by_key: BTreeMap<Key<K>, u8>,
    /// By the parameter itself.
    pub by_param: BTreeMap<K, Code>,
    /// By a unit-variant enum.
    pub by_side: BTreeMap<Side, u8>,
}

/// A field identifier keeping unknown names, borrowed.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord, fastwire::Decode)]
#[serde(field_identifier)]
pub enum Column<'a> {
    /// Known.
    Known,
    /// Any other name.
    Other(&'a str),
}

/// A variant identifier.
#[derive(Debug, PartialEq, Eq, fastwire::Decode)]
#[serde(variant_identifier)]
pub enum Which {
    /// A.
    A,
    /// B.
    B,
}

#[test]
fn strict_keys_repr_and_identifiers() {
    let keyed = Keyed {
        by_code: BTreeMap::from([(Code::Two, Side::Left)]),
        by_key: BTreeMap::from([(Key(-1_i32), 1)]),
        by_param: BTreeMap::from([(3, Code::One)]),
        by_side: BTreeMap::from([(Side::Right, 2)]),
    };
    let text = fastwire::json::to_string(&keyed);
    assert_eq!(
        text,
        r#"{"by_code":{"2":"Left"},"by_key":{"-1":1},"by_param":{"3":1},"by_side":{"Right":2}}"#
    );
    assert_eq!(
        fastwire::json::from_str::<Keyed<i32>>(&text).ok(),
        Some(keyed)
    );
    let bytes = fastwire::msgpack::to_vec(&Code::Two);
    assert_eq!(
        fastwire::msgpack::from_slice::<Code>(&bytes).ok(),
        Some(Code::Two)
    );
    let columns =
        fastwire::json::from_str::<BTreeMap<Column<'_>, Which>>(r#"{"Known":"A","x":"B"}"#);
    assert_eq!(
        columns.ok(),
        Some(BTreeMap::from([
            (Column::Known, Which::A),
            (Column::Other("x"), Which::B)
        ]))
    );
}

/// Twins of the types above, deriving `serde::Serialize`, for the oracle.
#[allow(
    dead_code,
    missing_docs,
    unreachable_pub,
    clippy::pedantic,
    clippy::nursery
)]
mod twins {
    use std::borrow::Cow;
    use std::collections::BTreeMap;
    use std::marker::PhantomData;

    use serde::{Deserialize, Serialize};

    #[derive(Serialize, Deserialize, Debug)]
    pub struct Unit;

    #[derive(Serialize, Deserialize, Debug)]
    pub struct Newtype(pub u64);

    #[derive(Serialize, Deserialize, Debug)]
    pub struct Tuple(pub i8, #[serde(skip)] pub u8, pub String);

    #[derive(Serialize, Deserialize, Debug)]
    pub struct EmptyTuple();

    #[derive(Serialize, Deserialize, Debug)]
    pub struct EmptyBraced {}

    #[derive(Serialize, Deserialize, Debug)]
    #[serde(rename_all = "camelCase")]
    pub struct Named<'a, T> {
        pub display_name: &'a str,
        pub cow_text: Cow<'a, str>,
        pub generic_value: T,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub maybe: Option<f64>,
        #[serde(skip_serializing_if = "super::is_zero")]
        pub count: u32,
        #[serde(skip)]
        pub cache: Vec<u8>,
        #[serde(rename = "type")]
        pub kind: Kind,
        pub by_name: BTreeMap<String, Kind>,
        pub marker: PhantomData<T>,
    }

    #[derive(Serialize, Deserialize, Debug)]
    #[serde(rename_all = "snake_case", rename_all_fields = "camelCase")]
    pub enum Kind {
        Unit,
        Newtype(u64),
        Tuple(u64, u64),
        Struct {
            field_name: u64,
            #[serde(skip_serializing_if = "Option::is_none")]
            other_field: Option<u64>,
        },
        EmptyTuple(),
        EmptyStruct {},
    }

    #[derive(Serialize, Debug)]
    #[serde(transparent)]
    pub struct Transparent<'a> {
        pub inner: &'a [u16],
    }

    #[derive(Serialize, Deserialize, Debug)]
    pub enum Never {}

    #[derive(Serialize, Deserialize, Debug)]
    pub struct StaticText {
        pub text: &'static str,
        pub more: Option<&'static str>,
    }

    #[derive(Serialize, Deserialize, Debug)]
    pub enum Partial {
        Read(u8),
        #[serde(skip_deserializing)]
        WrittenOnly {
            value: u8,
        },
        #[serde(skip_deserializing)]
        UnitWrittenOnly,
    }
}

const fn twin_kind(kind: &Kind) -> twins::Kind {
    match kind {
        Kind::Unit => twins::Kind::Unit,
        Kind::Newtype(a) => twins::Kind::Newtype(*a),
        Kind::Tuple(a, b) => twins::Kind::Tuple(*a, *b),
        Kind::Struct {
            field_name,
            other_field,
        } => twins::Kind::Struct {
            field_name: *field_name,
            other_field: *other_field,
        },
        Kind::EmptyTuple() => twins::Kind::EmptyTuple(),
        Kind::EmptyStruct {} => twins::Kind::EmptyStruct {},
    }
}

fn all_kinds() -> Vec<Kind> {
    vec![
        Kind::Unit,
        Kind::Newtype(1),
        Kind::Tuple(2, 3),
        Kind::Struct {
            field_name: 4,
            other_field: None,
        },
        Kind::Struct {
            field_name: 5,
            other_field: Some(6),
        },
        Kind::EmptyTuple(),
        Kind::EmptyStruct {},
    ]
}

#[test]
fn strict_types_match_serde_json() {
    use fastwire_tests::assert_same_as_twin;

    assert_same_as_twin(&Unit, &twins::Unit);
    assert_same_as_twin(&Newtype(u64::MAX), &twins::Newtype(u64::MAX));
    assert_same_as_twin(
        &Tuple(-1, 2, "t".to_owned()),
        &twins::Tuple(-1, 2, "t".to_owned()),
    );
    assert_same_as_twin(&EmptyTuple(), &twins::EmptyTuple());
    assert_same_as_twin(&EmptyBraced {}, &twins::EmptyBraced {});
    for kind in &all_kinds() {
        assert_same_as_twin(kind, &twin_kind(kind));
    }
    for (maybe, count) in [(None, 0), (Some(0.5), 7)] {
        let by_name: BTreeMap<String, Kind> = all_kinds()
            .into_iter()
            .enumerate()
            .map(|(i, k)| (format!("k{i}"), k))
            .collect();
        let twin_by_name: BTreeMap<String, twins::Kind> = by_name
            .iter()
            .map(|(k, v)| (k.clone(), twin_kind(v)))
            .collect();
        let value = Named {
            display_name: "dn",
            cow_text: Cow::Borrowed("cow"),
            generic_value: [1u8, 2],
            maybe,
            count,
            cache: vec![9],
            kind: Kind::Tuple(1, 1),
            by_name,
            marker: PhantomData,
        };
        let twin = twins::Named {
            display_name: "dn",
            cow_text: Cow::Borrowed("cow"),
            generic_value: [1u8, 2],
            maybe,
            count,
            cache: vec![9],
            kind: twins::Kind::Tuple(1, 1),
            by_name: twin_by_name,
            marker: PhantomData,
        };
        assert_same_as_twin(&value, &twin);
    }
    let data = [1u16, 2, 3];
    assert_same_as_twin(
        &Transparent { inner: &data },
        &twins::Transparent { inner: &data },
    );
    assert_same_as_twin(
        &Bounded { value: Some('b') },
        &BTreeMap::from([("value", Some('b'))]),
    );
    assert_same_as_twin(
        &SkippedParam {
            shown: 1,
            hidden: std::time::Instant::now(),
        },
        &BTreeMap::from([("shown", 1)]),
    );
    assert_same_as_twin(&None::<Never>, &None::<twins::Never>);
    assert_same_as_twin(
        &StaticText {
            text: "t",
            more: Some("m"),
        },
        &twins::StaticText {
            text: "t",
            more: Some("m"),
        },
    );
    assert_same_as_twin(&Partial::Read(1), &twins::Partial::Read(1));
    assert_same_as_twin(
        &Partial::WrittenOnly { value: 2 },
        &twins::Partial::WrittenOnly { value: 2 },
    );
    assert_same_as_twin(&Partial::UnitWrittenOnly, &twins::Partial::UnitWrittenOnly);
}

#[test]
fn strict_types_read_serde_json_back() {
    use fastwire_tests::{
        assert_decodes_like_twin, assert_decodes_like_twin_borrowed, assert_round_trip_as_twin,
        oracle,
    };

    macro_rules! read_back {
        ($strict:ty, $twin:expr) => {{
            let twin = $twin;
            let texts = oracle(&twin);
            assert_round_trip_as_twin::<$strict, _>(&twin, &texts);
        }};
    }
    read_back!(Unit, twins::Unit);
    read_back!(Newtype, twins::Newtype(u64::MAX));
    // The skipped element is not written, and comes back as 0.
    read_back!(Tuple, twins::Tuple(-1, 0, "t".to_owned()));
    read_back!(EmptyTuple, twins::EmptyTuple());
    read_back!(EmptyBraced, twins::EmptyBraced {});
    for kind in &all_kinds() {
        read_back!(Kind, twin_kind(kind));
    }
    for (maybe, count) in [(None, 0), (Some(0.5), 7)] {
        let by_name: BTreeMap<String, twins::Kind> = all_kinds()
            .iter()
            .enumerate()
            .map(|(i, k)| (format!("k{i}"), twin_kind(k)))
            .collect();
        let twin = twins::Named {
            display_name: "dn",
            cow_text: Cow::Borrowed("cow"),
            generic_value: [1u8, 2],
            maybe,
            count,
            cache: vec![],
            kind: twins::Kind::Tuple(1, 1),
            by_name,
            marker: PhantomData,
        };
        let texts = oracle(&twin);
        if count == 0 {
            // `count` is left out when zero, and is no `Option`: a missing field for both.
            let read = assert_decodes_like_twin_borrowed::<
                Named<'_, [u8; 2]>,
                twins::Named<'_, [u8; 2]>,
            >(&texts.0);
            assert!(read.is_none());
        } else {
            assert_round_trip_as_twin::<Named<'_, [u8; 2]>, _>(&twin, &texts);
        }
    }
    let read = assert_decodes_like_twin::<SkippedParam<u8>, BTreeMap<String, u8>>(r#"{"shown":1}"#);
    assert!(read.is_some_and(|read| read.shown == 1 && read.hidden == 0));
    let twin = twins::StaticText {
        text: "t",
        more: None,
    };
    let texts = fastwire_tests::leak(oracle(&twin));
    assert_round_trip_as_twin::<StaticText, _>(&twin, texts);
    // An empty enum reads nothing; a variant skipped when deserializing is unknown.
    for text in ["null", "0", "[]", "{}", r#""A""#, r#"{"A":1}"#] {
        let read = assert_decodes_like_twin::<Never, twins::Never>(text);
        assert!(read.is_none(), "{text}");
    }
    read_back!(Partial, twins::Partial::Read(1));
    for twin in [
        twins::Partial::WrittenOnly { value: 2 },
        twins::Partial::UnitWrittenOnly,
    ] {
        let texts = oracle(&twin);
        for text in [&texts.0, &texts.1] {
            let read = assert_decodes_like_twin::<Partial, twins::Partial>(text);
            assert!(read.is_none(), "{text}");
        }
    }
}
