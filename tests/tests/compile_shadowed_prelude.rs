//! Hygiene: `#[derive(fastwire::Encode)]` and `#[derive(fastwire::Decode)]` must expand to
//! code that compiles wherever the user's type compiles, whatever names the user's module
//! defines. Each module below shadows names that generated code might otherwise use
//! unqualified (prelude items, primitive types, the `core`/`std`/`fastwire` paths, methods via
//! a blanket trait), derives on types of every shape there, checks the output at run time
//! against serde_json, and reads serde_json's output back.

#![allow(
    non_camel_case_types,
    dead_code,
    clippy::upper_case_acronyms,
    clippy::enum_variant_names
)]

use fastwire_tests::{
    assert_decodes_like_twin, assert_decodes_like_twin_borrowed, assert_reads_back,
    assert_round_trip_as_twin, assert_same, assert_same_as_twin, leak, oracle,
};

/// Inputs of every kind, none of which an empty enum accepts.
const NOT_AN_EMPTY_ENUM: [&str; 8] = [
    "null",
    "0",
    "[]",
    "{}",
    r#""A""#,
    r#"{"A":null}"#,
    r#"{"A":[1]}"#,
    "",
];

/// The prelude's items are shadowed by local types; both derives must still work and agree.
mod prelude_shadowed {
    use serde::Serialize;

    #[derive(fastwire::Encode, fastwire::Decode)]
    #[serde(tag = "t")]
    pub enum Internal {
        A,
        B { x: ::core::primitive::u8 },
        C(::std::collections::BTreeMap<::std::string::String, ::core::primitive::u8>),
    }

    #[derive(fastwire::Encode, fastwire::Decode)]
    #[serde(tag = "t", content = "c")]
    pub enum Adjacent {
        A,
        B(::core::primitive::u8),
        C { x: ::core::primitive::u8 },
    }

    #[derive(fastwire::Encode, fastwire::Decode)]
    #[serde(untagged)]
    pub enum Untagged {
        A(::core::primitive::u8),
        B { x: ::core::primitive::u8 },
        C,
    }

    #[derive(fastwire::Encode, fastwire::Decode)]
    pub enum PartlyUntagged {
        A(::core::primitive::u8),
        #[serde(untagged)]
        B(::std::string::String),
    }

    #[derive(fastwire::Encode, fastwire::Decode)]
    pub struct Flat {
        pub a: ::core::primitive::u8,
        #[serde(flatten)]
        pub rest: ::std::collections::BTreeMap<::std::string::String, ::core::primitive::u8>,
        #[serde(flatten)]
        pub inner: Internal,
        #[serde(flatten)]
        pub maybe: ::std::option::Option<Adjacent>,
    }

    pub struct Option;
    pub struct Some;
    pub struct None;
    pub struct Result;
    pub struct Ok;

    impl ::core::default::Default for Ok {
        fn default() -> Self {
            Ok
        }
    }
    pub struct Err;
    pub struct Box;
    pub struct Vec;
    pub struct String;
    pub struct ToString;
    pub struct ToOwned;
    pub struct Sized;
    pub struct Send;
    pub struct Sync;
    pub struct Unpin;
    pub struct Copy;
    pub struct Clone;
    pub struct Default;
    pub struct Drop;
    pub struct Fn;
    pub struct FnMut;
    pub struct FnOnce;
    pub struct Iterator;
    pub struct IntoIterator;
    pub struct DoubleEndedIterator;
    pub struct ExactSizeIterator;
    pub struct Extend;
    pub struct From;
    pub struct Into;
    pub struct TryFrom;
    pub struct TryInto;
    pub struct AsRef;
    pub struct AsMut;
    pub struct PartialEq;
    pub struct Eq;
    pub struct PartialOrd;
    pub struct Ord;
    pub struct Encode;
    pub struct EncodeKey;
    pub struct Writer;
    pub struct Write;
    pub struct Serializer;
    pub struct json;
    pub struct Decode;
    pub struct DecodeOwned;
    pub struct DecodeKey;
    pub struct Reader;
    pub struct Error;
    pub struct Str;
    pub struct Deserializer;
    pub struct Deserialize;
    pub struct Category;

    /// Methods with the names generated code might call with method syntax, on every type.
    pub trait Ambiguous {
        fn encode<T>(&self, _w: &mut T) {}
        fn size_hint(&self) -> usize {
            0
        }
        fn encode_key<T>(&self, _w: &mut T) {}
        fn write_fragment(&self, _s: &str) {}
        fn field_open(&self, _s: &str) {}
        fn field(&self, _s: &str) {}
        fn end_object(&self, _b: bool) {}
        fn write_null(&self) {}
        fn is_none(&self) -> bool {
            true
        }
        fn is_empty(&self) -> bool {
            true
        }
        fn len(&self) -> usize {
            0
        }
        fn as_ref(&self) {}
        fn borrow(&self) {}
        fn deref(&self) {}
        fn iter(&self) {}
        fn into_iter(self)
        where
            Self: core::marker::Sized,
        {
        }
        fn get(&self) {}
        fn serialize(&self) {}
        // Names the decoder's generated code might call with method syntax.
        fn decode<T>(&self, _r: &mut T) {}
        fn missing(&self) {}
        fn map_err(&self) {}
        fn in_field(&self) {}
        fn in_index(&self) {}
        fn unwrap_or_else(&self) {}
        fn ok(&self) {}
        fn to_vec(&self) {}
        fn all(&self) {}
        fn any(&self) {}
        fn collect(&self) {}
        fn enumerate(&self) {}
        fn map(&self) {}
        fn eq(&self) {}
        fn into(self)
        where
            Self: core::marker::Sized,
        {
        }
        fn as_bytes(&self) {}
        fn as_str(&self) {}
        fn to_owned(&self) {}
        fn to_string(&self) {}
        fn clone(&self) {}
        fn is_some(&self) {}
        fn begin_object(&self) {}
        fn begin_array(&self) {}
        fn array_next(&self) {}
        fn object_key(&self) {}
        fn decode_str(&self) {}
        fn decode_null(&self) {}
        fn skip_value(&self) {}
        fn invalid_type(&self) {}
        fn peek(&self) {}
        fn deserialize(&self) {}
        // `Reader`'s `&self` methods: the expansion calls them by path, so a trait method of
        // the same name reached through an autoref of `&mut Reader` cannot capture the call.
        fn missing_field(&self) {}
        fn duplicate_field(&self) {}
        fn unknown_field(&self) {}
        fn unknown_variant(&self) {}
        fn invalid_length(&self) {}
        fn custom(&self) {}
        fn custom_at(&self) {}
        fn offset(&self) {}
    }
    impl<T: ?core::marker::Sized> Ambiguous for T {}

    fn is_zero(v: &u32) -> bool {
        *v == 0
    }

    #[derive(Serialize, fastwire::Encode, fastwire::Decode)]
    pub struct Unit;

    #[derive(Serialize, fastwire::Encode, fastwire::Decode)]
    pub struct Newtype(pub ::std::string::String);

    #[derive(Serialize, fastwire::Encode, fastwire::Decode)]
    pub struct Tuple(pub u8, pub ::std::option::Option<u8>);

    #[derive(Serialize, fastwire::Encode, fastwire::Decode)]
    pub struct EmptyTuple();

    #[derive(Serialize, fastwire::Encode, fastwire::Decode)]
    pub struct EmptyBraced {}

    #[derive(Serialize, fastwire::Encode, fastwire::Decode)]
    #[serde(rename_all = "camelCase")]
    pub struct Named<'a, T> {
        pub some_value: ::std::option::Option<T>,
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub maybe: ::std::option::Option<::std::boxed::Box<u8>>,
        pub list: ::std::vec::Vec<::std::string::String>,
        pub borrowed: &'a str,
        #[serde(skip_serializing_if = "is_zero")]
        pub count: u32,
        #[serde(skip)]
        pub hidden: Ok,
        pub result_like: Choice<T>,
    }

    #[derive(Serialize, fastwire::Encode, fastwire::Decode)]
    pub enum Choice<T> {
        Ok(T),
        Err(::std::string::String),
        Some { value: T },
        None,
        Tuple(u8, u8),
        Empty(),
        EmptyStruct {},
    }

    #[derive(Serialize, fastwire::Encode, fastwire::Decode)]
    #[serde(transparent)]
    pub struct Transparent<T> {
        pub inner: ::std::vec::Vec<T>,
    }

    #[derive(Serialize, fastwire::Encode, fastwire::Decode)]
    pub struct WithPhantom<T> {
        pub n: u8,
        pub marker: ::core::marker::PhantomData<T>,
    }

    #[derive(Serialize, fastwire::Encode, fastwire::Decode)]
    pub enum Never {}

    #[derive(Serialize, fastwire::Encode, fastwire::Decode)]
    #[serde(deny_unknown_fields)]
    pub struct Strict {
        #[serde(alias = "first")]
        pub a: u8,
        #[serde(default)]
        pub b: ::std::option::Option<u8>,
    }

    #[derive(Serialize, fastwire::Encode, fastwire::Decode)]
    pub enum Partial {
        Read(u8),
        #[serde(skip_deserializing)]
        WrittenOnly {
            value: u8,
        },
    }

    #[derive(fastwire::Encode, fastwire::Decode)]
    #[wire(repr)]
    #[repr(u16)]
    pub enum Code {
        A = 1,
        B,
        #[serde(other)]
        C,
    }

    #[derive(fastwire::Encode, fastwire::Decode)]
    pub enum Side {
        Left,
        #[serde(alias = "r")]
        Right,
    }

    #[derive(fastwire::Encode, fastwire::Decode)]
    pub struct Key<T>(pub T);

    #[derive(fastwire::Encode, fastwire::Decode)]
    #[serde(transparent)]
    pub struct TransparentKey<T> {
        pub key: T,
        #[serde(skip)]
        pub seen: ::core::primitive::u8,
    }

    #[derive(fastwire::Decode)]
    #[serde(field_identifier)]
    pub enum Column<'a> {
        Known,
        Other(&'a str),
    }

    #[derive(fastwire::Decode)]
    #[serde(field_identifier)]
    pub enum Ignoring {
        Known,
        #[serde(other)]
        Rest,
    }

    #[derive(fastwire::Decode)]
    #[serde(variant_identifier)]
    pub enum Which {
        A,
        B,
    }
}

/// Primitive type names, `core`, `std` and `alloc` are shadowed: generated code must name
/// primitives and library paths absolutely. serde's own derive is not hygienic against
/// shadowed primitives (it writes `as usize`), so serde_json sees twins defined outside.
mod primitives_shadowed {
    pub struct usize;
    pub struct isize;
    pub struct u8;
    pub struct u16;
    pub struct u32;
    pub struct u64;
    pub struct u128;
    pub struct i8;
    pub struct i16;
    pub struct i32;
    pub struct i64;
    pub struct i128;
    pub struct f32;
    pub struct f64;
    pub struct str;
    pub struct bool;
    pub struct char;
    pub mod core {}
    pub mod std {}
    pub mod alloc {}

    type Byte = ::core::primitive::u8;

    #[derive(fastwire::Encode, fastwire::Decode)]
    pub struct Unit;

    // `&'static str` spelled out: both derives (serde's too) see a `'static` borrow only in
    // the field's type as written, not through a type alias.
    #[derive(fastwire::Encode, fastwire::Decode)]
    pub struct Tuple(
        pub Byte,
        pub &'static ::core::primitive::str,
        pub ::core::primitive::bool,
    );

    #[derive(fastwire::Encode, fastwire::Decode)]
    #[serde(rename_all = "SCREAMING_SNAKE_CASE")]
    pub struct Named {
        pub first_field: Byte,
        #[serde(skip_serializing_if = "::core::option::Option::is_none")]
        pub maybe: ::core::option::Option<::core::primitive::char>,
        pub text: &'static ::core::primitive::str,
        pub float: ::core::primitive::f64,
        pub shapes: ::std::vec::Vec<Shape>,
        pub unit: Unit,
    }

    #[derive(fastwire::Encode, fastwire::Decode)]
    pub enum Shape {
        Unit,
        Newtype(::core::primitive::i128),
        Tuple(Byte, Byte),
        Struct { x: ::core::primitive::f32 },
        Empty(),
    }

    #[derive(fastwire::Encode, fastwire::Decode)]
    pub enum Never {}

    #[derive(fastwire::Encode, fastwire::Decode)]
    pub enum Partial {
        Read(Byte),
        #[serde(skip_deserializing)]
        WrittenOnly(::core::primitive::u16),
    }

    #[derive(fastwire::Encode, fastwire::Decode)]
    #[wire(repr)]
    #[repr(u8)]
    pub enum Code {
        A = 1,
        B,
        #[serde(other)]
        C,
    }

    #[derive(fastwire::Encode, fastwire::Decode)]
    pub enum Side {
        Left,
        #[serde(alias = "r")]
        Right,
    }

    #[derive(fastwire::Encode, fastwire::Decode)]
    pub struct Key<T>(pub T);

    #[derive(fastwire::Encode, fastwire::Decode)]
    #[serde(transparent)]
    pub struct TransparentKey<T> {
        pub key: T,
        #[serde(skip)]
        pub seen: ::core::primitive::u8,
    }

    #[derive(fastwire::Decode)]
    #[serde(field_identifier)]
    pub enum Column<'a> {
        Known,
        Other(&'a str),
    }

    #[derive(fastwire::Decode)]
    #[serde(field_identifier)]
    pub enum Ignoring {
        Known,
        #[serde(other)]
        Rest,
    }

    #[derive(fastwire::Decode)]
    #[serde(variant_identifier)]
    pub enum Which {
        A,
        B,
    }

    #[derive(fastwire::Encode, fastwire::Decode)]
    #[serde(rename_all = "SCREAMING_SNAKE_CASE")]
    pub struct Decodable<'a> {
        pub first_field: Byte,
        #[serde(skip_serializing_if = "::core::option::Option::is_none")]
        pub maybe: ::core::option::Option<::core::primitive::char>,
        pub text: ::std::string::String,
        pub borrowed: &'a ::core::primitive::str,
        pub float: ::core::primitive::f64,
        pub shapes: ::std::vec::Vec<Shape>,
        pub unit: Unit,
        #[serde(skip)]
        pub skipped: ::core::primitive::u32,
        #[serde(default)]
        pub defaulted: ::core::primitive::bool,
        pub wide: (
            ::core::primitive::u128,
            ::core::primitive::isize,
            ::core::primitive::u16,
        ),
    }

    #[derive(fastwire::Encode, fastwire::Decode)]
    pub struct DecodableTuple<'a>(
        pub Byte,
        pub &'a ::core::primitive::str,
        pub ::core::primitive::bool,
    );
}

// Twins of `primitives_shadowed`'s types, for serde_json.
mod twins {
    use serde::{Deserialize, Serialize};

    #[derive(Serialize, Deserialize, Debug)]
    pub struct Unit;

    #[derive(Serialize, Deserialize, Debug)]
    pub struct Tuple(pub u8, pub &'static str, pub bool);

    #[derive(Serialize, Deserialize, Debug)]
    #[serde(rename_all = "SCREAMING_SNAKE_CASE")]
    pub struct Named {
        pub first_field: u8,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub maybe: Option<char>,
        pub text: &'static str,
        pub float: f64,
        pub shapes: Vec<Shape>,
        pub unit: Unit,
    }

    #[derive(Serialize, Deserialize, Debug)]
    pub enum Shape {
        Unit,
        Newtype(i128),
        Tuple(u8, u8),
        Struct { x: f32 },
        Empty(),
    }

    #[derive(Serialize, Deserialize, Debug)]
    #[serde(rename_all = "SCREAMING_SNAKE_CASE")]
    pub struct Decodable<'a> {
        pub first_field: u8,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub maybe: Option<char>,
        pub text: String,
        pub borrowed: &'a str,
        pub float: f64,
        pub shapes: Vec<Shape>,
        pub unit: Unit,
        #[serde(skip)]
        pub skipped: u32,
        #[serde(default)]
        pub defaulted: bool,
        pub wide: (u128, isize, u16),
    }

    #[derive(Serialize, Deserialize, Debug)]
    pub struct DecodableTuple<'a>(pub u8, pub &'a str, pub bool);

    #[derive(Serialize, Deserialize, Debug)]
    pub enum Never {}

    #[derive(Serialize, Deserialize, Debug)]
    pub enum Partial {
        Read(u8),
        #[serde(skip_deserializing)]
        WrittenOnly(u16),
    }
}

/// `#![no_implicit_prelude]`: nothing is in scope that the module does not import.
mod no_prelude {
    #![no_implicit_prelude]

    #[derive(::fastwire::Encode, ::fastwire::Decode)]
    #[serde(tag = "t")]
    pub enum Internal {
        A,
        B { x: ::core::primitive::u8 },
        C(::std::collections::BTreeMap<::std::string::String, ::core::primitive::u8>),
    }

    #[derive(::fastwire::Encode, ::fastwire::Decode)]
    #[serde(tag = "t", content = "c")]
    pub enum Adjacent {
        A,
        B(::core::primitive::u8),
        C { x: ::core::primitive::u8 },
    }

    #[derive(::fastwire::Encode, ::fastwire::Decode)]
    #[serde(untagged)]
    pub enum Untagged {
        A(::core::primitive::u8),
        B { x: ::core::primitive::u8 },
        C,
    }

    #[derive(::fastwire::Encode, ::fastwire::Decode)]
    pub enum PartlyUntagged {
        A(::core::primitive::u8),
        #[serde(untagged)]
        B(::std::string::String),
    }

    #[derive(::fastwire::Encode, ::fastwire::Decode)]
    pub struct Flat {
        pub a: ::core::primitive::u8,
        #[serde(flatten)]
        pub rest: ::std::collections::BTreeMap<::std::string::String, ::core::primitive::u8>,
        #[serde(flatten)]
        pub inner: Internal,
        #[serde(flatten)]
        pub maybe: ::std::option::Option<Adjacent>,
    }

    #[derive(::fastwire::Encode, ::fastwire::Decode)]
    pub struct Named<T> {
        pub a: ::core::primitive::u8,
        pub b: ::std::option::Option<T>,
        #[serde(skip_serializing_if = "::std::vec::Vec::is_empty")]
        pub c: ::std::vec::Vec<::std::string::String>,
    }

    #[derive(::fastwire::Encode, ::fastwire::Decode)]
    #[serde(rename_all = "kebab-case")]
    pub enum Shape {
        UnitVariant,
        NewtypeVariant(::core::primitive::u8),
        TupleVariant(::core::primitive::u8, ::core::primitive::u8),
        StructVariant {
            #[serde(skip_serializing_if = "::std::option::Option::is_none")]
            x: ::std::option::Option<::core::primitive::u8>,
        },
    }

    #[derive(::fastwire::Encode, ::fastwire::Decode)]
    #[serde(transparent)]
    pub struct Transparent(pub ::std::string::String);

    #[derive(::fastwire::Encode, ::fastwire::Decode)]
    pub enum Never {}

    #[derive(::fastwire::Encode, ::fastwire::Decode)]
    pub struct Borrowing {
        pub text: &'static ::core::primitive::str,
        #[serde(skip_deserializing)]
        pub skipped: ::core::primitive::u8,
    }

    #[derive(::fastwire::Encode, ::fastwire::Decode)]
    pub enum Partial {
        Read(::core::primitive::u8),
        #[serde(skip_deserializing)]
        WrittenOnly {
            value: ::core::primitive::u8,
        },
    }
}

mod no_prelude_twins {
    use serde::{Deserialize, Serialize};

    #[derive(Serialize, Deserialize, Debug)]
    pub struct Named<T> {
        pub a: u8,
        pub b: Option<T>,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        pub c: Vec<String>,
    }

    #[derive(Serialize, Deserialize, Debug)]
    #[serde(rename_all = "kebab-case")]
    pub enum Shape {
        UnitVariant,
        NewtypeVariant(u8),
        TupleVariant(u8, u8),
        StructVariant {
            #[serde(skip_serializing_if = "Option::is_none")]
            x: Option<u8>,
        },
    }

    #[derive(Serialize, Deserialize, Debug)]
    pub enum Never {}

    #[derive(Serialize, Deserialize, Debug)]
    pub struct Borrowing {
        pub text: &'static str,
        #[serde(skip_deserializing)]
        pub skipped: u8,
    }

    #[derive(Serialize, Deserialize, Debug)]
    pub enum Partial {
        Read(u8),
        #[serde(skip_deserializing)]
        WrittenOnly {
            value: u8,
        },
    }
}

/// The name `fastwire` itself is shadowed by a local module: generated code must reach the
/// crate through an absolute path (or the `crate = "..."` the user gives).
mod crate_name_shadowed {
    pub mod fastwire {}
    pub mod serde {}

    #[derive(::serde::Serialize, ::fastwire::Encode, ::fastwire::Decode)]
    pub struct S {
        pub a: u8,
        pub e: E,
    }

    #[derive(::serde::Serialize, ::fastwire::Encode, ::fastwire::Decode)]
    pub enum E {
        A,
        B(u8),
    }

    mod elsewhere {
        pub use ::fastwire as fw;
    }

    #[derive(::serde::Serialize, ::fastwire::Encode, ::fastwire::Decode)]
    #[wire(crate = "self::elsewhere::fw")]
    pub struct ViaCratePath {
        pub e: E,
    }
}

#[test]
fn prelude_shadowed_types_match_serde_json() {
    use prelude_shadowed as ps;
    assert_eq!(assert_same(&ps::Unit), "null");
    assert_same(&ps::Newtype("n\"".into()));
    assert_same(&ps::Tuple(1, None));
    assert_same(&ps::EmptyTuple());
    assert_same(&ps::EmptyBraced {});
    for (maybe, count) in [(None, 0), (Some(Box::new(5)), 3)] {
        assert_same(&ps::Named {
            some_value: Some(1.5f64),
            maybe,
            list: vec!["x".into()],
            borrowed: "b",
            count,
            hidden: ps::Ok,
            result_like: ps::Choice::Ok(2.5),
        });
    }
    for c in [
        ps::Choice::Ok(1u8),
        ps::Choice::Err("e".into()),
        ps::Choice::Some { value: 2 },
        ps::Choice::None,
        ps::Choice::Tuple(1, 2),
        ps::Choice::Empty(),
        ps::Choice::EmptyStruct {},
    ] {
        assert_same(&c);
    }
    assert_same(&ps::Transparent {
        inner: vec![ps::Choice::<u8>::None],
    });
    assert_same(&ps::WithPhantom::<ps::String> {
        n: 1,
        marker: std::marker::PhantomData,
    });
    assert_eq!(assert_same(&None::<ps::Never>), "null");
    assert_same(&ps::Strict { a: 1, b: None });
    assert_same(&ps::Partial::Read(1));
    assert_eq!(
        assert_same(&ps::Partial::WrittenOnly { value: 2 }),
        r#"{"WrittenOnly":{"value":2}}"#
    );
}

#[test]
fn prelude_shadowed_types_read_back() {
    use prelude_shadowed as ps;
    macro_rules! reads_back {
        ($ty:ty, $value:expr) => {{
            let texts = oracle(&$value);
            assert_reads_back::<$ty>(&texts);
        }};
    }
    reads_back!(ps::Unit, ps::Unit);
    reads_back!(ps::Newtype, ps::Newtype("n\"".into()));
    reads_back!(ps::Tuple, ps::Tuple(1, None));
    reads_back!(ps::EmptyTuple, ps::EmptyTuple());
    reads_back!(ps::EmptyBraced, ps::EmptyBraced {});
    // `count` (skipped when zero) must be there to read the value back.
    reads_back!(
        ps::Named<f64>,
        ps::Named {
            some_value: Some(1.5f64),
            maybe: Some(Box::new(5)),
            list: vec!["x".into()],
            borrowed: "b",
            count: 3,
            hidden: ps::Ok,
            result_like: ps::Choice::Ok(2.5),
        }
    );
    let texts = oracle(&ps::Named {
        some_value: Some(1.5f64),
        maybe: None,
        list: vec![],
        borrowed: "b",
        count: 0,
        hidden: ps::Ok,
        result_like: ps::Choice::None,
    });
    let Err(err) = fastwire::json::from_str::<ps::Named<f64>>(&texts.0) else {
        panic!("read without `count`");
    };
    assert!(
        err.to_string().starts_with("missing field `count`"),
        "{err}"
    );
    for c in [
        ps::Choice::Ok(1u8),
        ps::Choice::Err("e".into()),
        ps::Choice::Some { value: 2 },
        ps::Choice::None,
        ps::Choice::Tuple(1, 2),
        ps::Choice::Empty(),
        ps::Choice::EmptyStruct {},
    ] {
        reads_back!(ps::Choice<u8>, c);
    }
    reads_back!(
        ps::Transparent<ps::Choice<u8>>,
        ps::Transparent {
            inner: vec![ps::Choice::<u8>::None],
        }
    );
    reads_back!(
        ps::WithPhantom<ps::String>,
        ps::WithPhantom::<ps::String> {
            n: 1,
            marker: std::marker::PhantomData,
        }
    );
    for text in NOT_AN_EMPTY_ENUM {
        let read = assert_decodes_like_twin::<ps::Never, no_prelude_twins::Never>(text);
        assert!(read.is_none(), "{text}");
    }
    reads_back!(ps::Strict, ps::Strict { a: 1, b: Some(2) });
    let read = fastwire::json::from_str::<ps::Strict>(r#"{"first":3}"#).unwrap();
    assert!(read.a == 3 && read.b.is_none());
    let Err(err) = fastwire::json::from_str::<ps::Strict>(r#"{"a":1,"c":2}"#) else {
        panic!("read with an unknown field");
    };
    assert!(err.to_string().starts_with("unknown field `c`"), "{err}");
    // A variant skipped when deserializing is an unknown variant; the others read.
    reads_back!(ps::Partial, ps::Partial::Read(1));
    let texts = oracle(&no_prelude_twins::Partial::WrittenOnly { value: 2 });
    for text in [&texts.0, &texts.1] {
        let read = assert_decodes_like_twin::<ps::Partial, no_prelude_twins::Partial>(text);
        assert!(read.is_none(), "{text}");
    }
}

#[test]
fn primitives_shadowed_types_match_serde_json() {
    use primitives_shadowed as p;
    assert_same_as_twin(&p::Unit, &twins::Unit);
    assert_same_as_twin(&p::Tuple(1, "t", true), &twins::Tuple(1, "t", true));
    for maybe in [None, Some('m')] {
        let value = p::Named {
            first_field: 1,
            maybe,
            text: "te\"xt",
            float: -0.5,
            shapes: vec![
                p::Shape::Unit,
                p::Shape::Newtype(i128::MIN),
                p::Shape::Tuple(1, 2),
                p::Shape::Struct { x: 1.5 },
                p::Shape::Empty(),
            ],
            unit: p::Unit,
        };
        let twin = twins::Named {
            first_field: 1,
            maybe,
            text: "te\"xt",
            float: -0.5,
            shapes: vec![
                twins::Shape::Unit,
                twins::Shape::Newtype(i128::MIN),
                twins::Shape::Tuple(1, 2),
                twins::Shape::Struct { x: 1.5 },
                twins::Shape::Empty(),
            ],
            unit: twins::Unit,
        };
        assert_same_as_twin(&value, &twin);
    }
    assert_eq!(
        fastwire::json::to_string(&None::<p::Never>),
        serde_json::to_string(&None::<()>).unwrap()
    );
}

#[test]
fn primitives_shadowed_types_read_back() {
    use primitives_shadowed as p;
    let texts = oracle(&twins::Unit);
    assert_round_trip_as_twin::<p::Unit, twins::Unit>(&twins::Unit, &texts);
    // `&'static str` fields borrow from `'static` input only: serde_json's texts, leaked.
    let twin = twins::Tuple(1, "t", true);
    let texts = leak(oracle(&twin));
    assert_round_trip_as_twin::<p::Tuple, twins::Tuple>(&twin, texts);
    // An escaped string cannot be borrowed, by either.
    let texts = leak(oracle(&twins::Tuple(1, "t\"", true)));
    assert!(assert_decodes_like_twin_borrowed::<p::Tuple, twins::Tuple>(&texts.0).is_none());
    for maybe in [None, Some('m')] {
        let twin = twins::Named {
            first_field: 1,
            maybe,
            text: "text",
            float: -0.5,
            shapes: vec![
                twins::Shape::Unit,
                twins::Shape::Newtype(i128::MIN),
                twins::Shape::Tuple(1, 2),
                twins::Shape::Struct { x: 1.5 },
                twins::Shape::Empty(),
            ],
            unit: twins::Unit,
        };
        let texts = leak(oracle(&twin));
        assert_round_trip_as_twin::<p::Named, twins::Named>(&twin, texts);
    }
    for shape in [
        twins::Shape::Unit,
        twins::Shape::Newtype(i128::MAX),
        twins::Shape::Tuple(1, 2),
        twins::Shape::Struct { x: -1.5 },
        twins::Shape::Empty(),
    ] {
        assert_round_trip_as_twin::<p::Shape, twins::Shape>(&shape, &oracle(&shape));
    }
    for text in NOT_AN_EMPTY_ENUM {
        let read = assert_decodes_like_twin::<p::Never, twins::Never>(text);
        assert!(read.is_none(), "{text}");
    }
    assert_same_as_twin(&p::Partial::Read(1), &twins::Partial::Read(1));
    assert_same_as_twin(&p::Partial::WrittenOnly(2), &twins::Partial::WrittenOnly(2));
    let twin = twins::Partial::Read(1);
    assert_round_trip_as_twin::<p::Partial, twins::Partial>(&twin, &oracle(&twin));
    let texts = oracle(&twins::Partial::WrittenOnly(2));
    for text in [&texts.0, &texts.1] {
        let read = assert_decodes_like_twin::<p::Partial, twins::Partial>(text);
        assert!(read.is_none(), "{text}");
    }
    for maybe in [None, Some('m')] {
        let value = p::Decodable {
            first_field: 1,
            maybe,
            text: "te\"xt".into(),
            borrowed: "b",
            float: -0.5,
            shapes: vec![p::Shape::Unit, p::Shape::Newtype(i128::MIN)],
            unit: p::Unit,
            skipped: 9,
            defaulted: true,
            wide: (u128::MAX, isize::MIN, 7),
        };
        let twin = twins::Decodable {
            first_field: 1,
            maybe,
            text: "te\"xt".into(),
            borrowed: "b",
            float: -0.5,
            shapes: vec![twins::Shape::Unit, twins::Shape::Newtype(i128::MIN)],
            unit: twins::Unit,
            skipped: 0,
            defaulted: true,
            wide: (u128::MAX, isize::MIN, 7),
        };
        assert_same_as_twin(&value, &twin);
        let texts = oracle(&twin);
        assert_round_trip_as_twin::<p::Decodable<'_>, twins::Decodable<'_>>(&twin, &texts);
    }
    let twin = twins::DecodableTuple(1, "t", true);
    assert_same_as_twin(&p::DecodableTuple(1, "t", true), &twin);
    let texts = oracle(&twin);
    assert_round_trip_as_twin::<p::DecodableTuple<'_>, twins::DecodableTuple<'_>>(&twin, &texts);
}

#[test]
fn no_implicit_prelude_types_match_serde_json() {
    for c in [vec![], vec!["c".to_owned()]] {
        assert_same_as_twin(
            &no_prelude::Named {
                a: 1,
                b: Some('b'),
                c: c.clone(),
            },
            &no_prelude_twins::Named {
                a: 1,
                b: Some('b'),
                c,
            },
        );
    }
    use no_prelude::Shape as S;
    use no_prelude_twins::Shape as T;
    assert_same_as_twin(&S::UnitVariant, &T::UnitVariant);
    assert_same_as_twin(&S::NewtypeVariant(1), &T::NewtypeVariant(1));
    assert_same_as_twin(&S::TupleVariant(1, 2), &T::TupleVariant(1, 2));
    assert_same_as_twin(&S::StructVariant { x: None }, &T::StructVariant { x: None });
    assert_same_as_twin(
        &S::StructVariant { x: Some(3) },
        &T::StructVariant { x: Some(3) },
    );
    assert_same_as_twin(&no_prelude::Transparent("t".into()), "t");
}

#[test]
fn no_implicit_prelude_types_read_back() {
    use no_prelude::Shape as S;
    use no_prelude_twins::Shape as T;
    let texts = oracle("t");
    assert_round_trip_as_twin::<no_prelude::Transparent, String>(&"t".to_owned(), &texts);
    let twin = no_prelude_twins::Named {
        a: 1,
        b: Some('b'),
        c: vec!["c".to_owned()],
    };
    assert_round_trip_as_twin::<no_prelude::Named<char>, _>(&twin, &oracle(&twin));
    // `c` is left out when empty, and is no `Option`: a missing field for both.
    let twin = no_prelude_twins::Named::<char> {
        a: 1,
        b: None,
        c: vec![],
    };
    let read = assert_decodes_like_twin::<no_prelude::Named<char>, no_prelude_twins::Named<char>>(
        &oracle(&twin).0,
    );
    assert!(read.is_none());
    for shape in [
        T::UnitVariant,
        T::NewtypeVariant(1),
        T::TupleVariant(1, 2),
        T::StructVariant { x: None },
        T::StructVariant { x: Some(3) },
    ] {
        assert_round_trip_as_twin::<S, T>(&shape, &oracle(&shape));
    }
    for text in NOT_AN_EMPTY_ENUM {
        let read = assert_decodes_like_twin::<no_prelude::Never, no_prelude_twins::Never>(text);
        assert!(read.is_none(), "{text}");
    }
    let twin = no_prelude_twins::Borrowing {
        text: "borrowed",
        skipped: 0,
    };
    assert_same_as_twin(
        &no_prelude::Borrowing {
            text: "borrowed",
            skipped: 0,
        },
        &twin,
    );
    assert_round_trip_as_twin::<no_prelude::Borrowing, no_prelude_twins::Borrowing>(
        &twin,
        leak(oracle(&twin)),
    );
    use no_prelude::Partial as P;
    use no_prelude_twins::Partial as Q;
    assert_same_as_twin(&P::Read(1), &Q::Read(1));
    assert_same_as_twin(&P::WrittenOnly { value: 2 }, &Q::WrittenOnly { value: 2 });
    assert_round_trip_as_twin::<P, Q>(&Q::Read(1), &oracle(&Q::Read(1)));
    let texts = oracle(&Q::WrittenOnly { value: 2 });
    for text in [&texts.0, &texts.1] {
        let read = assert_decodes_like_twin::<P, Q>(text);
        assert!(read.is_none(), "{text}");
    }
}

#[test]
fn crate_name_shadowed_types_match_serde_json() {
    use crate_name_shadowed::{ViaCratePath, E, S};
    assert_same(&S { a: 1, e: E::A });
    assert_same(&S { a: 2, e: E::B(3) });
    assert_eq!(
        assert_same(&ViaCratePath { e: E::B(4) }),
        r#"{"e":{"B":4}}"#
    );
    assert_reads_back::<S>(&oracle(&S { a: 2, e: E::B(3) }));
    assert_reads_back::<E>(&oracle(&E::A));
    assert_reads_back::<ViaCratePath>(&oracle(&ViaCratePath { e: E::B(4) }));
}
