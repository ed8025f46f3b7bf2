//! MessagePack decoding against rmp-serde on hand-written input: for each input, fastwire
//! accepts exactly when `rmp_serde::from_slice` accepts, and then reads the same value (through
//! `from_slice`, `Decoder::from_slice` and `from_reader` fed 1 to 7 bytes per call). Covered:
//! every width of every integer for every integer type, floats from integers and across
//! widths, strings and byte sequences from `bin`, struct fields by name, alias and index, enum
//! variants by name and index, unit structs and unit variants, duplicate, unknown and missing
//! fields, `Option` fields, short and long arrays for structs with defaults.
//!
//! Where fastwire is stricter than rmp-serde on purpose (bytes after the value, invalid UTF-8 in
//! any string, a negative integer for `u128`, the nesting limit), the difference is asserted
//! explicitly. Then errors (message, byte offset, path, category), zero-copy reading, and
//! hostile input: the reserved byte 0xc1 in every position, every truncation of valid
//! documents, lengths claiming more than the input holds, nesting far beyond the limit.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt::Debug;
use std::io::{self, Read};

use fastwire::msgpack::{self, Decoder};
use fastwire_tests::{
    assert_msgpack_decodes_same, assert_msgpack_decodes_same_borrowed, msgpack_bytes, ChunkedReader,
};
use rmpv::Value;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// `key => value` entries as a MessagePack map, in the order given (duplicates allowed).
fn map(entries: Vec<(Value, Value)>) -> Value {
    Value::Map(entries)
}

fn s(text: &str) -> Value {
    Value::from(text)
}

fn int(n: i64) -> Value {
    Value::from(n)
}

fn arr(items: Vec<Value>) -> Value {
    Value::Array(items)
}

/// Asserts that fastwire and rmp-serde both accept `input` as a `T`; returns the value.
#[track_caller]
fn accepted<T>(input: &Value) -> T
where
    T: Serialize + DeserializeOwned + msgpack::DecodeOwned + PartialEq + Debug,
{
    assert_msgpack_decodes_same::<T>(&msgpack_bytes(input))
        .unwrap_or_else(|e| panic!("{input}: rejected: {e}"))
}

/// Asserts that fastwire and rmp-serde both reject `input` as a `T`; returns fastwire's error.
#[track_caller]
fn rejected<T>(input: &Value) -> msgpack::Error
where
    T: Serialize + DeserializeOwned + msgpack::DecodeOwned + PartialEq + Debug,
{
    let bytes = msgpack_bytes(input);
    if let Ok(v) = assert_msgpack_decodes_same::<T>(&bytes) {
        panic!("{input}: accepted as {v:?}");
    }
    msgpack::from_slice::<T>(&bytes).unwrap_err()
}

// =============================================================================================
// integers: every width, every type
// =============================================================================================

/// Every MessagePack form that can hold `v` (not only the smallest one rmp-serde writes).
fn integer_forms(v: i128) -> Vec<Vec<u8>> {
    let mut forms = Vec::new();
    if (0..=0x7f).contains(&v) {
        forms.push(vec![v as u8]);
    }
    if (-32..0).contains(&v) {
        forms.push(vec![v as i8 as u8]);
    }
    if let Ok(x) = u8::try_from(v) {
        forms.push(vec![0xcc, x]);
    }
    if let Ok(x) = u16::try_from(v) {
        forms.push([&[0xcd][..], &x.to_be_bytes()].concat());
    }
    if let Ok(x) = u32::try_from(v) {
        forms.push([&[0xce][..], &x.to_be_bytes()].concat());
    }
    if let Ok(x) = u64::try_from(v) {
        forms.push([&[0xcf][..], &x.to_be_bytes()].concat());
    }
    if let Ok(x) = i8::try_from(v) {
        forms.push(vec![0xd0, x as u8]);
    }
    if let Ok(x) = i16::try_from(v) {
        forms.push([&[0xd1][..], &x.to_be_bytes()].concat());
    }
    if let Ok(x) = i32::try_from(v) {
        forms.push([&[0xd2][..], &x.to_be_bytes()].concat());
    }
    if let Ok(x) = i64::try_from(v) {
        forms.push([&[0xd3][..], &x.to_be_bytes()].concat());
    }
    forms
}

/// Values at every integer type's limits and every form's boundaries, with neighbours.
fn integer_values() -> Vec<i128> {
    let mut values = Vec::new();
    for edge in [
        0i128,
        0x7f,
        -32,
        i8::MIN.into(),
        i8::MAX.into(),
        u8::MAX.into(),
        i16::MIN.into(),
        i16::MAX.into(),
        u16::MAX.into(),
        i32::MIN.into(),
        i32::MAX.into(),
        u32::MAX.into(),
        i64::MIN.into(),
        i64::MAX.into(),
        u64::MAX.into(),
    ] {
        values.extend([edge - 1, edge, edge + 1]);
    }
    values.retain(|v| !integer_forms(*v).is_empty());
    values
}

macro_rules! every_width {
    ($($ty:ty),*) => {$(
        for v in integer_values() {
            let fits = <$ty>::try_from(v).is_ok();
            for form in integer_forms(v) {
                let theirs = assert_msgpack_decodes_same::<$ty>(&form);
                // An oracle of our own besides rmp-serde: accepted exactly when it fits.
                assert_eq!(theirs.is_ok(), fits, "{} from {form:02x?}", stringify!($ty));
                if let Ok(read) = msgpack::from_slice::<$ty>(&form) {
                    assert_eq!(i128::try_from(read).ok(), Some(v));
                }
                // Inside containers, through the generated and std code paths.
                let wrapped = [&[0x91][..], &form].concat();
                let _ = assert_msgpack_decodes_same::<Vec<$ty>>(&wrapped);
                let _ = assert_msgpack_decodes_same::<Option<$ty>>(&form);
            }
        }
    )*};
}

#[test]
fn every_integer_width_for_every_integer_type() {
    every_width!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize, i128);
    // u128: the same, except for negative integers (below).
    for v in integer_values().into_iter().filter(|v| *v >= 0) {
        for form in integer_forms(v) {
            assert_eq!(
                assert_msgpack_decodes_same::<u128>(&form).ok(),
                u128::try_from(v).ok()
            );
        }
    }
    // The nonzero types refuse zero, in every form.
    for form in integer_forms(0) {
        let _ = assert_msgpack_decodes_same::<std::num::NonZeroU8>(&form);
        let _ = assert_msgpack_decodes_same::<std::num::NonZeroI64>(&form);
    }
    // Not integers at all.
    for input in [
        &b"\xc0"[..],
        b"\xc3",
        b"\xa11",
        b"\xca\x3f\x80\x00\x00",
        b"\x90",
        b"\xd4\x01\x01",
    ] {
        let _ = assert_msgpack_decodes_same::<u8>(input);
        let _ = assert_msgpack_decodes_same::<i64>(input);
        let _ = assert_msgpack_decodes_same::<i128>(input);
    }
}

#[test]
fn int128_from_bin_like_rmp_serde() {
    // rmp-serde reads 128-bit integers from a `bin 8` of exactly 16 bytes only.
    let sixteen = [&[0xc4, 16][..], &[0xff; 16]].concat();
    assert_eq!(assert_msgpack_decodes_same::<i128>(&sixteen).unwrap(), -1);
    assert_eq!(
        assert_msgpack_decodes_same::<u128>(&sixteen).unwrap(),
        u128::MAX
    );
    for input in [
        [&[0xc4, 15][..], &[0; 15]].concat(),
        [&[0xc4, 17][..], &[0; 17]].concat(),
        [&[0xc5, 0, 16][..], &[0; 16]].concat(),
        [&[0xc4, 16][..], &[0; 15]].concat(),
    ] {
        let _ = assert_msgpack_decodes_same::<i128>(&input);
        let _ = assert_msgpack_decodes_same::<u128>(&input);
    }
}

#[test]
fn negative_integers_for_u128_stricter_than_rmp_serde() {
    // rmp-serde reads any integer into an i128 and casts it to u128, so -1 becomes u128::MAX;
    // fastwire refuses a negative integer for an unsigned type, as for every other width.
    for v in [-1i128, -32, -33, i64::MIN.into()] {
        for form in integer_forms(v) {
            let theirs = rmp_serde::from_slice::<u128>(&form).unwrap();
            assert_eq!(theirs, v as u128);
            let err = msgpack::from_slice::<u128>(&form).unwrap_err();
            assert!(err.is_data(), "{err}");
            assert_eq!(
                err.to_string(),
                format!("invalid value: integer `{v}`, expected u128 (byte 0)")
            );
        }
    }
}

// =============================================================================================
// floats
// =============================================================================================

#[test]
fn floats_from_integers_and_across_widths() {
    let mut inputs: Vec<Vec<u8>> = Vec::new();
    for v in [
        0i128,
        1,
        -1,
        255,
        -129,
        1 << 24,
        (1 << 24) + 1,
        u64::MAX.into(),
        i64::MIN.into(),
    ] {
        inputs.extend(integer_forms(v));
    }
    for x in [
        0.0f64,
        -0.0,
        0.1,
        1e300,
        -1e-300,
        f64::MAX,
        f64::from_bits(1),
        f64::NAN,
        f64::INFINITY,
    ] {
        inputs.push(rmp_serde::to_vec(&x).unwrap());
    }
    for x in [
        0.0f32,
        -0.0,
        0.1,
        f32::MAX,
        f32::from_bits(1),
        f32::NAN,
        f32::NEG_INFINITY,
    ] {
        inputs.push(rmp_serde::to_vec(&x).unwrap());
    }
    for input in &inputs {
        let _ = assert_msgpack_decodes_same::<f64>(input);
        let _ = assert_msgpack_decodes_same::<f32>(input);
        let _ = assert_msgpack_decodes_same::<Option<f32>>(input);
    }
    // An f64 read as f32 is rounded once; an f32 read as f64 is exact.
    let read: f32 = msgpack::from_slice(&rmp_serde::to_vec(&0.1f64).unwrap()).unwrap();
    assert_eq!(read, 0.1f32);
    let read: f64 = msgpack::from_slice(&rmp_serde::to_vec(&0.1f32).unwrap()).unwrap();
    assert_eq!(read, f64::from(0.1f32));
    // Floats are no integers, nor booleans.
    for input in [
        &b"\xca\x3f\x80\x00\x00"[..],
        b"\xcb\x3f\xf0\x00\x00\x00\x00\x00\x00",
    ] {
        let _ = assert_msgpack_decodes_same::<u8>(input);
        let _ = assert_msgpack_decodes_same::<bool>(input);
    }
}

// =============================================================================================
// strings and bytes
// =============================================================================================

#[test]
fn strings_from_every_header_and_from_bin() {
    for input in [
        &b"\xa3abc"[..],
        b"\xd9\x03abc",
        b"\xda\x00\x03abc",
        b"\xdb\x00\x00\x00\x03abc",
        b"\xc4\x03abc",
        b"\xc5\x00\x03abc",
        b"\xc6\x00\x00\x00\x03abc",
        b"\xa0",
        b"\xc4\x00",
        b"\xc4\x02\xc3\xa9",
        b"\xc4\x02\xc3\x28",
        b"\xa1a",
        b"\x91\xa1a",
        b"\x01",
        b"\xc0",
    ] {
        let _ = assert_msgpack_decodes_same::<String>(input);
        let _ = assert_msgpack_decodes_same_borrowed::<&str>(input);
        let _ = assert_msgpack_decodes_same_borrowed::<Cow<str>>(input);
        let _ = assert_msgpack_decodes_same::<Box<str>>(input);
        let _ = assert_msgpack_decodes_same_borrowed::<&[u8]>(input);
        let _ = assert_msgpack_decodes_same::<Vec<u8>>(input);
    }
    // A char is a string of one character, from `str` (for `bin`, see the regression test in
    // `msgpack_encode_std.rs`).
    for input in [
        &b"\xa1a"[..],
        b"\xa2\xc3\xa9",
        b"\xa2ab",
        b"\xa0",
        b"\xd9\x01a",
        b"\x61",
    ] {
        let _ = assert_msgpack_decodes_same::<char>(input);
    }
}

#[test]
fn invalid_utf8_stricter_than_rmp_serde() {
    #[derive(Deserialize, fastwire::Decode, Debug, PartialEq)]
    struct Small {
        a: u8,
    }
    // rmp-serde hands a `str` that is not UTF-8 to the visitor as bytes: byte slices take
    // them, and ignored values (unknown fields) skip them. fastwire refuses invalid UTF-8 in
    // every `str`, read or skipped, like fastwire's JSON.
    let bad_str: &[u8] = b"\xa2\xc3\x28";
    let theirs: &[u8] = rmp_serde::from_slice(bad_str).unwrap();
    assert_eq!(theirs, b"\xc3\x28");
    let err = msgpack::from_slice::<&[u8]>(bad_str).unwrap_err();
    assert!(err.is_syntax() && err.offset() == 0, "{err}");
    assert_eq!(err.to_string(), "invalid UTF-8 in a string (byte 0)");
    for input in [
        &b"\x82\xa1a\x01\xa1b\xa2\xc3\x28"[..],
        b"\x82\xa1a\x01\xa1b\x91\xa1\xff",
        b"\x82\xa1b\x81\xa1\xff\x00\xa1a\x01",
        // An unknown key that is not UTF-8.
        b"\x82\xa1a\x01\xa1\xff\x00",
    ] {
        assert_eq!(
            rmp_serde::from_slice::<Small>(input).unwrap(),
            Small { a: 1 },
            "{input:02x?}"
        );
        let err = msgpack::from_slice::<Small>(input).unwrap_err();
        assert!(err.is_syntax(), "{err}");
        assert!(err.to_string().starts_with("invalid UTF-8"), "{err}");
    }
    // Where rmp-serde does check (a string read as a string), both refuse.
    let _ = assert_msgpack_decodes_same::<String>(bad_str);
    let _ = assert_msgpack_decodes_same::<BTreeMap<String, u8>>(b"\x81\xa1\xff\x01");
}

/// `input` is a `T` followed by more bytes, the first at `at`: rmp-serde reads the `T` and
/// ignores the rest; fastwire refuses the rest.
#[track_caller]
fn trailing<T>(input: &[u8], at: usize)
where
    T: DeserializeOwned + msgpack::DecodeOwned + Debug,
{
    assert!(rmp_serde::from_slice::<T>(input).is_ok(), "{input:02x?}");
    let err = msgpack::from_slice::<T>(input).unwrap_err();
    assert!(err.is_syntax(), "{err}");
    assert_eq!(
        err.to_string(),
        format!("trailing bytes after the value (byte {at})")
    );
    let err = msgpack::from_reader::<_, T>(ChunkedReader::new(input, 2)).unwrap_err();
    assert_eq!(err.offset(), at);
}

#[test]
fn trailing_bytes_stricter_than_rmp_serde() {
    // rmp-serde reads one value and leaves whatever follows; fastwire decodes whole documents,
    // so bytes after the value are an error, at the first of them.
    trailing::<u8>(b"\x01\x02", 1);
    trailing::<u8>(b"\x00\x00\x00\x00", 1);
    trailing::<Vec<u8>>(b"\x90\x90", 1);
    trailing::<Vec<u8>>(b"\x91\x01\xc0", 2);
    trailing::<String>(b"\xa1a\xc1", 2);
    trailing::<Strict>(b"\x81\xa1a\x01\x81", 4);
}

// =============================================================================================
// structs: fields by name, alias and index; unknown, duplicate and missing fields
// =============================================================================================

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq, Clone)]
#[serde(rename_all = "camelCase")]
struct User {
    id: u64,
    display_name: String,
    #[serde(default)]
    score: Option<f64>,
    tags: Vec<String>,
    #[serde(skip)]
    cached: u32,
    #[serde(rename = "KIND", alias = "kind")]
    kind: Kind,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq, Clone)]
enum Kind {
    Admin,
    #[serde(rename = "regular")]
    Regular,
    Guest(String),
    Bot(u8, bool),
    Service {
        owner: String,
        #[serde(default)]
        level: i8,
    },
}

/// The entries of a valid `User` map, to vary.
fn user_entries() -> Vec<(Value, Value)> {
    vec![
        (s("id"), int(1)),
        (s("displayName"), s("n")),
        (s("tags"), arr(vec![])),
        (s("KIND"), s("Admin")),
    ]
}

/// The map of `entries` with `key`'s value replaced (in place), or added at the end.
fn with(mut entries: Vec<(Value, Value)>, key: &str, value: Value) -> Value {
    match entries.iter_mut().find(|(k, _)| k.as_str() == Some(key)) {
        Some(entry) => entry.1 = value,
        None => entries.push((s(key), value)),
    }
    map(entries)
}

#[test]
fn struct_verdicts_like_rmp_serde() {
    let base = user_entries();
    // The fields by their index among the fields read (`cached` is skipped).
    let by_index = map(vec![
        (int(0), int(1)),
        (int(1), s("n")),
        (int(3), arr(vec![])),
        (int(4), s("Admin")),
    ]);
    let mut reversed = base.clone();
    reversed.reverse();
    let cases = vec![
        map(base.clone()),
        map(reversed),
        with(base.clone(), "KIND", Value::Nil),
        // The alias in the name's place.
        map(base
            .iter()
            .map(|(k, v)| match k.as_str() {
                Some("KIND") => (s("kind"), v.clone()),
                _ => (k.clone(), v.clone()),
            })
            .collect()),
        with(base.clone(), "KIND", s("regular")),
        with(base.clone(), "KIND", s("Regular")),
        with(base.clone(), "KIND", map(vec![(s("Admin"), Value::Nil)])),
        with(base.clone(), "KIND", map(vec![(s("Guest"), s("g"))])),
        with(base.clone(), "KIND", s("Guest")),
        with(
            base.clone(),
            "KIND",
            map(vec![(s("Bot"), arr(vec![int(1), Value::from(true)]))]),
        ),
        with(
            base.clone(),
            "KIND",
            map(vec![(s("Bot"), arr(vec![int(1)]))]),
        ),
        with(
            base.clone(),
            "KIND",
            map(vec![(
                s("Bot"),
                arr(vec![int(1), Value::from(true), int(3)]),
            )]),
        ),
        with(
            base.clone(),
            "KIND",
            map(vec![(s("Service"), map(vec![(s("owner"), s("o"))]))]),
        ),
        with(
            base.clone(),
            "KIND",
            map(vec![(s("Service"), arr(vec![s("o"), int(2)]))]),
        ),
        with(
            base.clone(),
            "KIND",
            map(vec![(s("Service"), arr(vec![s("o")]))]),
        ),
        with(base.clone(), "KIND", map(vec![(s("Service"), arr(vec![]))])),
        with(
            base.clone(),
            "KIND",
            map(vec![(s("Admin"), Value::Nil), (s("Regular"), Value::Nil)]),
        ),
        with(base.clone(), "KIND", map(vec![])),
        with(base.clone(), "KIND", s("Nope")),
        // Variants by index, in map form and alone.
        with(base.clone(), "KIND", int(0)),
        with(base.clone(), "KIND", int(1)),
        with(base.clone(), "KIND", int(5)),
        with(base.clone(), "KIND", map(vec![(int(2), s("g"))])),
        with(
            base.clone(),
            "KIND",
            map(vec![(int(3), arr(vec![int(1), Value::from(false)]))]),
        ),
        with(base.clone(), "KIND", map(vec![(int(0), Value::Nil)])),
        with(base.clone(), "KIND", Value::Binary(b"Admin".to_vec())),
        // Unknown fields of every kind are skipped.
        with(
            base.clone(),
            "extra",
            map(vec![(s("deep"), arr(vec![int(1), Value::Nil]))]),
        ),
        with(base.clone(), "extra", Value::Ext(5, vec![1, 2, 3])),
        with(base.clone(), "extra", Value::Binary(vec![0xff; 3])),
        with(base.clone(), "extra", Value::F32(1.5)),
        with(base.clone(), "cached", int(5)),
        // Field names by index, as `bin`, and absent.
        by_index.clone(),
        map(vec![
            (int(0), int(1)),
            (int(1), s("n")),
            (int(3), arr(vec![])),
            (int(4), s("Admin")),
            (int(99), int(7)),
        ]),
        map(vec![
            (Value::Binary(b"id".to_vec()), int(1)),
            (s("displayName"), s("n")),
            (s("tags"), arr(vec![])),
            (s("KIND"), s("Admin")),
        ]),
        map(base[..3].to_vec()),
        map(base[1..].to_vec()),
        // Duplicates, directly and through the alias.
        map([base.clone(), vec![(s("id"), int(2))]].concat()),
        map([base.clone(), vec![(s("kind"), s("Admin"))]].concat()),
        map([base.clone(), vec![(int(0), int(1))]].concat()),
        // Keys that are no field name or index.
        map([base.clone(), vec![(Value::Nil, int(1))]].concat()),
        map([base.clone(), vec![(Value::from(true), int(1))]].concat()),
        map([base.clone(), vec![(int(-1), int(1))]].concat()),
        map([base.clone(), vec![(Value::F64(0.0), int(1))]].concat()),
        map([base.clone(), vec![(arr(vec![]), int(1))]].concat()),
        // The array form: fields in order, `score` (defaulted) may be missing at the end.
        arr(vec![int(1), s("n"), Value::Nil, arr(vec![]), s("Admin")]),
        arr(vec![
            int(1),
            s("n"),
            Value::F64(2.5),
            arr(vec![s("t")]),
            s("Admin"),
        ]),
        arr(vec![int(1), s("n"), Value::Nil, arr(vec![])]),
        arr(vec![int(1), s("n")]),
        arr(vec![
            int(1),
            s("n"),
            Value::Nil,
            arr(vec![]),
            s("Admin"),
            int(7),
        ]),
        arr(vec![]),
        // Values of the wrong type.
        with(base.clone(), "id", int(-1)),
        with(base.clone(), "id", Value::F64(1.0)),
        with(base.clone(), "id", s("1")),
        with(base.clone(), "tags", Value::Nil),
        with(base.clone(), "score", Value::Nil),
        with(base.clone(), "score", int(3)),
        Value::Nil,
        s("User"),
        int(1),
    ];
    for input in &cases {
        let _ = assert_msgpack_decodes_same::<User>(&msgpack_bytes(input));
        let _ = assert_msgpack_decodes_same::<Vec<User>>(&msgpack_bytes(&arr(vec![input.clone()])));
    }
    // Some verdicts spelled out, so that the table above is known to exercise both outcomes.
    assert_eq!(accepted::<User>(&map(base.clone())).id, 1);
    assert_eq!(accepted::<User>(&by_index).kind, Kind::Admin);
    let _ = rejected::<User>(&map(base[1..].to_vec()));
    let _ = rejected::<User>(&map([base.clone(), vec![(s("id"), int(2))]].concat()));
}

#[test]
fn signed_integer_keys_like_rmp_serde() {
    // Regression: serde's field and variant identifiers take unsigned integers only, so
    // rmp-serde refuses 0 and 1 written in a signed form (`int 8` and wider) as an index,
    // where fastwire reads them. (Map keys of integer types take either, for both.)
    for form in integer_forms(0).into_iter().chain(integer_forms(1)) {
        let _ = assert_msgpack_decodes_same::<BTreeMap<u8, u8>>(
            &[&[0x81][..], &form, b"\x05"].concat(),
        );
        let _ = assert_msgpack_decodes_same::<Flags>(&[&[0x81][..], &form, b"\xc3"].concat());
        let _ = assert_msgpack_decodes_same::<Kind>(&[&[0x81][..], &form, b"\xa1g"].concat());
        let _ = assert_msgpack_decodes_same::<Kind>(&form);
    }
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct Strict {
    a: u8,
    #[serde(default = "seven")]
    b: u8,
}

fn seven() -> u8 {
    7
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq, Default)]
#[serde(default)]
struct AllDefault {
    a: u8,
    b: String,
    c: Vec<u8>,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
struct Flags {
    first: bool,
    second: Option<bool>,
    #[serde(default)]
    third: Option<bool>,
}

#[test]
fn unknown_missing_and_optional_fields() {
    for input in [
        map(vec![(s("a"), int(1))]),
        map(vec![(s("a"), int(1)), (s("b"), int(2))]),
        map(vec![(s("b"), int(2)), (s("a"), int(1))]),
        map(vec![(s("a"), int(1)), (s("c"), int(2))]),
        map(vec![(s("c"), int(2)), (s("a"), int(1))]),
        map(vec![(s("a"), int(1)), (int(1), int(2))]),
        map(vec![(s("a"), int(1)), (int(2), int(2))]),
        map(vec![(s("b"), int(2))]),
        map(vec![]),
        arr(vec![int(1)]),
        arr(vec![int(1), int(2)]),
        arr(vec![int(1), int(2), int(3)]),
        arr(vec![]),
        Value::Nil,
    ] {
        let bytes = msgpack_bytes(&input);
        let _ = assert_msgpack_decodes_same::<Strict>(&bytes);
        let _ = assert_msgpack_decodes_same::<AllDefault>(&bytes);
        let _ = assert_msgpack_decodes_same::<Flags>(&bytes);
    }
    assert_eq!(
        accepted::<Strict>(&arr(vec![int(1)])),
        Strict { a: 1, b: 7 }
    );
    let err = rejected::<Strict>(&map(vec![(s("a"), int(1)), (s("c"), int(2))]));
    assert_eq!(
        err.to_string(),
        "unknown field `c`, expected `a` or `b` (byte 4)"
    );
    // Option fields: absent means None in the map form; in the array form only a default
    // makes an element optional.
    for input in [
        map(vec![(s("first"), Value::from(true))]),
        map(vec![
            (s("first"), Value::from(true)),
            (s("second"), Value::Nil),
        ]),
        arr(vec![Value::from(true)]),
        arr(vec![Value::from(true), Value::Nil]),
        arr(vec![Value::from(true), Value::from(false), Value::Nil]),
    ] {
        let _ = assert_msgpack_decodes_same::<Flags>(&msgpack_bytes(&input));
    }
    assert_eq!(
        accepted::<Flags>(&map(vec![(s("first"), Value::from(true))])),
        Flags {
            first: true,
            second: None,
            third: None,
        }
    );
    let _ = rejected::<Flags>(&arr(vec![Value::from(true)]));
    assert_eq!(
        accepted::<Flags>(&arr(vec![Value::from(true), Value::Nil])).third,
        None
    );
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
struct Tuple(u8, String);

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
struct Newtype(Vec<u8>);

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
struct Unit;

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
struct Empty {}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
#[serde(transparent)]
struct Meters {
    value: f64,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
enum Shapes {
    Unit,
    Newtype(u8),
    Tuple(u8, u8),
    Struct { x: u8 },
    Empty {},
}

#[test]
fn shapes_from_every_form() {
    for input in [
        Value::Nil,
        arr(vec![]),
        map(vec![]),
        int(0),
        s(""),
        arr(vec![Value::Nil]),
        arr(vec![int(1), s("x")]),
        arr(vec![int(1)]),
        arr(vec![int(1), s("x"), int(2)]),
        map(vec![(int(0), int(1)), (int(1), s("x"))]),
        map(vec![(s("value"), Value::F64(1.5))]),
        Value::F64(1.5),
        arr(vec![int(1), int(2)]),
        s("Unit"),
        s("Newtype"),
        map(vec![(s("Unit"), Value::Nil)]),
        map(vec![(s("Unit"), arr(vec![]))]),
        map(vec![(s("Unit"), int(0))]),
        map(vec![(s("Newtype"), int(1))]),
        map(vec![(s("Newtype"), Value::Nil)]),
        map(vec![(s("Tuple"), arr(vec![int(1), int(2)]))]),
        map(vec![(s("Tuple"), arr(vec![int(1)]))]),
        map(vec![(
            s("Tuple"),
            map(vec![(int(0), int(1)), (int(1), int(2))]),
        )]),
        map(vec![(s("Struct"), map(vec![(s("x"), int(1))]))]),
        map(vec![(s("Struct"), arr(vec![int(1)]))]),
        map(vec![(s("Struct"), map(vec![]))]),
        map(vec![(s("Struct"), Value::Nil)]),
        map(vec![(s("Empty"), map(vec![]))]),
        map(vec![(s("Empty"), arr(vec![]))]),
        map(vec![(s("Empty"), Value::Nil)]),
        s("Empty"),
        int(4),
        map(vec![(int(3), arr(vec![int(9)]))]),
        map(vec![(s("Unit"), Value::Nil), (s("Unit"), Value::Nil)]),
        arr(vec![s("Unit")]),
        Value::from(true),
    ] {
        let bytes = msgpack_bytes(&input);
        let _ = assert_msgpack_decodes_same::<Unit>(&bytes);
        let _ = assert_msgpack_decodes_same::<Empty>(&bytes);
        let _ = assert_msgpack_decodes_same::<Tuple>(&bytes);
        let _ = assert_msgpack_decodes_same::<Newtype>(&bytes);
        let _ = assert_msgpack_decodes_same::<Meters>(&bytes);
        let _ = assert_msgpack_decodes_same::<Shapes>(&bytes);
        let _ = assert_msgpack_decodes_same::<Option<Shapes>>(&bytes);
        let _ = assert_msgpack_decodes_same::<(u8, String)>(&bytes);
        let _ = assert_msgpack_decodes_same::<[u8; 2]>(&bytes);
        let _ = assert_msgpack_decodes_same::<()>(&bytes);
    }
    // A unit struct from nil or from the empty array rmp-serde writes; a unit variant alone
    // or in map form with nil.
    assert_eq!(accepted::<Unit>(&Value::Nil), Unit);
    assert_eq!(accepted::<Unit>(&arr(vec![])), Unit);
    assert_eq!(
        accepted::<Shapes>(&map(vec![(s("Unit"), Value::Nil)])),
        Shapes::Unit
    );
    assert_eq!(accepted::<Shapes>(&int(0)), Shapes::Unit);
    assert_eq!(
        accepted::<Shapes>(&map(vec![(int(3), arr(vec![int(9)]))])),
        Shapes::Struct { x: 9 }
    );
}

#[test]
fn sequence_shapes_from_bin_like_rmp_serde() {
    // Regression: rmp-serde reads every sequence-shaped target from a `bin`, one integer per
    // byte (and without checking that the bytes ran out): structs, tuple structs, struct and
    // tuple variants. fastwire reads only sequences (`Vec`, `[T; N]`, sets) from a `bin`.
    for input in [
        Value::Binary(vec![1, 2]),
        Value::Binary(vec![1]),
        Value::Binary(vec![]),
        map(vec![(s("Tuple"), Value::Binary(vec![1, 2]))]),
        map(vec![(s("Struct"), Value::Binary(vec![9]))]),
        map(vec![(s("Empty"), Value::Binary(vec![]))]),
    ] {
        let bytes = msgpack_bytes(&input);
        let _ = assert_msgpack_decodes_same::<Empty>(&bytes);
        let _ = assert_msgpack_decodes_same::<Strict>(&bytes);
        let _ = assert_msgpack_decodes_same::<Shapes>(&bytes);
    }
}

// =============================================================================================
// errors: message, position, path, category
// =============================================================================================

#[test]
fn errors_name_the_path_and_the_position() {
    // [{"id": 1, ...}, {"id": "x"}]
    let mut second = user_entries();
    second[0].1 = s("x");
    let input = msgpack_bytes(&arr(vec![map(user_entries()), map(second)]));
    let err = msgpack::from_slice::<Vec<User>>(&input).unwrap_err();
    let at = input.iter().rposition(|&b| b == b'x').unwrap() - 1;
    assert_eq!(
        err.to_string(),
        format!(r#"invalid type: string "x", expected u64 at [1].id (byte {at})"#)
    );
    assert_eq!(err.path(), "[1].id");
    assert_eq!(err.offset(), at);
    assert!(err.is_data() && !err.is_syntax() && !err.is_eof());
    // Under map keys and enum variants.
    let nested = msgpack_bytes(&map(vec![(
        s("users"),
        arr(vec![map(vec![(
            s("KIND"),
            map(vec![(s("Bot"), arr(vec![int(1), int(2)]))]),
        )])]),
    )]));
    let err = msgpack::from_slice::<BTreeMap<String, Vec<User>>>(&nested).unwrap_err();
    assert_eq!(err.path(), r#"["users"][0].KIND.Bot[1]"#);
    assert_eq!(err.offset(), nested.len() - 1);
    assert!(
        err.to_string()
            .starts_with("invalid type: integer `2`, expected a boolean"),
        "{err}"
    );

    // Missing fields: at the end of the map.
    let err = msgpack::from_slice::<User>(b"\x81\xa2id\x01").unwrap_err();
    assert_eq!(err.to_string(), "missing field `displayName` (byte 5)");
    assert!(err.is_data());
    // Duplicate fields: at the repeated value, as JSON reports them.
    let err = msgpack::from_slice::<Strict>(b"\x82\xa1a\x01\xa1a\x02").unwrap_err();
    assert_eq!(err.to_string(), "duplicate field `a` (byte 6)");
    // Unknown variants and out-of-range indexes: at the identifier.
    let err = msgpack::from_slice::<Shapes>(b"\xa4Nope").unwrap_err();
    assert_eq!(
        err.to_string(),
        "unknown variant `Nope`, expected one of `Unit`, `Newtype`, `Tuple`, `Struct`, `Empty` (byte 0)"
    );
    let err = msgpack::from_slice::<Shapes>(b"\x81\x07\xc0").unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid value: integer `7`, expected variant index 0 <= i < 5 (byte 1)"
    );
    // Out of range: at the integer.
    let err = msgpack::from_slice::<Vec<u8>>(b"\x92\x01\xcd\x01\x00").unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid value: integer `256`, expected u8 at [1] (byte 2)"
    );
}

#[test]
fn error_categories() {
    for (input, category) in [
        (&b"\x92\x01"[..], msgpack::Category::Eof),
        (b"\xa3ab", msgpack::Category::Eof),
        (b"\xcd\x01", msgpack::Category::Eof),
        (b"", msgpack::Category::Eof),
        (b"\xdd\x00\x01\x00\x00\x01", msgpack::Category::Eof),
        (b"\x91\xc1", msgpack::Category::Syntax),
        (b"\x91\xa1\xff", msgpack::Category::Syntax),
        (b"\x91\x01\x01", msgpack::Category::Syntax),
        (b"\x91\xa1x", msgpack::Category::Data),
        (b"\x91\xcd\x01\x00", msgpack::Category::Data),
        (b"\x81\x01\x01", msgpack::Category::Data),
    ] {
        let err = msgpack::from_slice::<Vec<u8>>(input).unwrap_err();
        assert_eq!(err.category(), category, "{input:02x?}: {err}");
        assert_eq!(err.is_eof(), category == msgpack::Category::Eof);
        assert_eq!(err.is_syntax(), category == msgpack::Category::Syntax);
        assert_eq!(err.is_data(), category == msgpack::Category::Data);
        assert!(err.offset() <= input.len());
        if category == msgpack::Category::Eof {
            assert!(
                err.to_string().starts_with("unexpected end of input"),
                "{err}"
            );
        }
        if category != msgpack::Category::Syntax {
            assert!(rmp_serde::from_slice::<Vec<u8>>(input).is_err());
        }
    }
    // The end of input, at the end.
    let err = msgpack::from_slice::<Vec<u16>>(b"\x92\x01\xcd\x01").unwrap_err();
    assert_eq!(err.to_string(), "unexpected end of input at [1] (byte 4)");
    // A length the input cannot hold: at the header.
    let err = msgpack::from_slice::<Vec<u8>>(b"\x01\x92\x01"[1..].as_ref()).unwrap_err();
    assert!(err.is_eof() && err.offset() == 0, "{err}");
    let err = msgpack::from_slice::<Vec<u8>>(b"\x91\xc1").unwrap_err();
    assert_eq!(
        err.to_string(),
        "reserved byte 0xc1 where a value should start at [0] (byte 1)"
    );
}

#[test]
fn tuple_length_errors_point_at_the_array() {
    // Regression: a tuple of the wrong length reports the byte after the array's header,
    // where `[T; N]` (and a derived struct read from an array too long) report the header.
    for input in [&b"\x93\x01\x02\x03"[..], b"\x91\x01"] {
        let err = msgpack::from_slice::<(u8, u8)>(input).unwrap_err();
        let err_array = msgpack::from_slice::<[u8; 2]>(input).unwrap_err();
        assert_eq!(err_array.offset(), 0, "{err_array}");
        assert_eq!(err.offset(), 0, "{err}");
    }
}

#[test]
fn io_errors_from_the_reader() {
    struct Failing;
    impl Read for Failing {
        fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
            Err(io::Error::other("disk on fire"))
        }
    }
    let err = msgpack::from_reader::<_, Vec<u8>>(Failing).unwrap_err();
    assert!(err.is_io());
    assert_eq!(err.to_string(), "disk on fire");
    let err: io::Error = msgpack::from_slice::<u8>(b"").unwrap_err().into();
    assert_eq!(err.kind(), io::ErrorKind::UnexpectedEof);
    let err: io::Error = msgpack::from_slice::<u8>(b"\xc0").unwrap_err().into();
    assert_eq!(err.kind(), io::ErrorKind::InvalidData);
}

// =============================================================================================
// zero-copy
// =============================================================================================

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
struct Borrowing<'a> {
    name: &'a str,
    #[serde(borrow)]
    note: Cow<'a, str>,
    raw: &'a [u8],
    list: Vec<&'a str>,
}

#[test]
fn strings_and_bytes_are_borrowed() {
    let input = msgpack_bytes(&map(vec![
        (s("name"), s("plain")),
        (s("note"), s("esc\"aped\n")),
        (s("raw"), Value::Binary(vec![0, 1, 2])),
        (s("list"), arr(vec![s("a"), s("b\\")])),
    ]));
    let (ours, theirs) = assert_msgpack_decodes_same_borrowed::<Borrowing>(&input);
    let (ours, theirs) = (ours.unwrap(), theirs.unwrap());
    let within = |bytes: &[u8]| input.as_ptr_range().contains(&bytes.as_ptr());
    assert!(within(ours.name.as_bytes()) && within(ours.raw));
    assert!(ours.list.iter().all(|t| within(t.as_bytes())));
    assert!(matches!(&ours.note, Cow::Borrowed(text) if within(text.as_bytes())));
    assert!(matches!(theirs.note, Cow::Borrowed(_)));
    // Without `#[serde(borrow)]`, a `Cow<str>` owns its text, as serde's does.
    let cows: Vec<Cow<str>> = msgpack::from_slice(b"\x92\xa1a\xa1b").unwrap();
    assert!(cows.iter().all(|c| matches!(c, Cow::Owned(_))));
    let theirs: Vec<Cow<str>> = rmp_serde::from_slice(b"\x92\xa1a\xa1b").unwrap();
    assert!(theirs.iter().all(|c| matches!(c, Cow::Owned(_))));
}

// =============================================================================================
// hostile input
// =============================================================================================

/// Offsets where a value starts in the well-formed document `bytes`, and each value's end.
fn value_spans(bytes: &[u8]) -> Vec<(usize, usize)> {
    fn walk(bytes: &[u8], at: usize, out: &mut Vec<(usize, usize)>) -> usize {
        let mut r = &bytes[at..];
        let before = r.len();
        let marker = r[0];
        let _ = rmpv::decode::read_value(&mut r).expect("a valid document");
        let end = at + before - r.len();
        let index = out.len();
        out.push((at, end));
        // Descend into arrays and maps: their elements start after the header.
        let (count, header) = match marker {
            0x90..=0x9f => (usize::from(marker & 0x0f), 1),
            0x80..=0x8f => (2 * usize::from(marker & 0x0f), 1),
            0xdc => (
                usize::from(u16::from_be_bytes([bytes[at + 1], bytes[at + 2]])),
                3,
            ),
            0xde => (
                2 * usize::from(u16::from_be_bytes([bytes[at + 1], bytes[at + 2]])),
                3,
            ),
            _ => (0, 0),
        };
        let mut pos = at + header;
        for _ in 0..count {
            pos = walk(bytes, pos, out);
        }
        debug_assert!(count == 0 || pos == out[index].1);
        end
    }
    let mut out = Vec::new();
    walk(bytes, 0, &mut out);
    out
}

fn sample_users() -> Vec<User> {
    vec![
        User {
            id: 7,
            display_name: "Ada".into(),
            score: Some(0.5),
            tags: vec!["x".into(), "y".into()],
            cached: 0,
            kind: Kind::Service {
                owner: "ops".into(),
                level: -3,
            },
        },
        User {
            id: 1 << 40,
            display_name: "ユーザー".into(),
            score: None,
            tags: vec![],
            cached: 0,
            kind: Kind::Bot(9, true),
        },
    ]
}

#[test]
fn reserved_byte_in_every_value_position() {
    let users = sample_users();
    for doc in [
        rmp_serde::to_vec_named(&users).unwrap(),
        rmp_serde::to_vec(&users).unwrap(),
    ] {
        for (start, end) in value_spans(&doc) {
            // The value replaced by the reserved byte: an error at that byte, for both.
            let input = [&doc[..start], &[0xc1][..], &doc[end..]].concat();
            assert!(rmp_serde::from_slice::<Vec<User>>(&input).is_err());
            // Wherever a value (a key, a field's value, an element, a variant) is read, the
            // reserved byte is a syntax error at that byte.
            let err = msgpack::from_slice::<Vec<User>>(&input).unwrap_err();
            assert!(err.is_syntax(), "{start}: {err}");
            assert_eq!(err.offset(), start, "{err}");
        }
    }
    // Skipped values are checked for it too.
    let err = msgpack::from_slice::<AllDefault>(b"\x82\xa1a\x01\xa1z\x92\x01\xc1").unwrap_err();
    assert!(err.is_syntax() && err.offset() == 8, "{err}");
}

#[test]
fn every_truncation_is_an_error() {
    let users = sample_users();
    let long = "long text ".repeat(40);
    let mixed = (vec![u64::MAX, 1 << 20], long, -1.5f64, i128::MIN, Some('é'));
    for doc in [
        rmp_serde::to_vec_named(&users).unwrap(),
        rmp_serde::to_vec(&users).unwrap(),
        rmp_serde::to_vec(&mixed).unwrap(),
    ] {
        for len in 0..doc.len() {
            let prefix = &doc[..len];
            for err in [
                msgpack::from_slice::<Vec<User>>(prefix).map(|_| ()).err(),
                msgpack::from_slice::<(Vec<u64>, String, f64, i128, Option<char>)>(prefix)
                    .map(|_| ())
                    .err(),
                msgpack::from_slice::<Vec<BTreeMap<String, Strict>>>(prefix)
                    .map(|_| ())
                    .err(),
            ] {
                let err = err.unwrap_or_else(|| panic!("prefix of {len} bytes accepted"));
                assert!(err.offset() <= len, "{len}: {err}");
            }
            // Where the type fits the document, the error is an end of input.
            let err = msgpack::from_slice::<Vec<User>>(prefix).map(|_| ()).err();
            let fits = rmp_serde::from_slice::<Vec<User>>(&doc).is_ok();
            if fits && doc.len() < 1000 {
                let err = err.unwrap();
                assert!(err.is_eof(), "{len}: {err}");
            }
        }
    }
}

#[test]
fn lengths_beyond_the_input_fail_at_once() {
    // Five bytes claiming four billion elements, bytes or entries (memory: msgpack_alloc.rs).
    for input in [
        &b"\xdd\xff\xff\xff\xff"[..],
        b"\xdf\xff\xff\xff\xff",
        b"\xdb\xff\xff\xff\xff",
        b"\xc6\xff\xff\xff\xff",
        b"\xc9\xff\xff\xff\xff\x01",
        b"\xdc\xff\xff",
        b"\xde\xff\xff",
        b"\x9f",
        b"\x8f",
    ] {
        for err in [
            msgpack::from_slice::<Vec<u8>>(input).map(|_| ()).err(),
            msgpack::from_slice::<BTreeMap<u8, u8>>(input)
                .map(|_| ())
                .err(),
            msgpack::from_slice::<String>(input).map(|_| ()).err(),
            msgpack::from_slice::<&[u8]>(input).map(|_| ()).err(),
            msgpack::from_slice::<User>(input).map(|_| ()).err(),
            msgpack::from_slice::<Strict>(&[&b"\x82\xa1a\x01\xa1z"[..], input].concat())
                .map(|_| ())
                .err(),
        ] {
            let err = err.expect("accepted");
            assert!(err.is_eof() || err.is_data(), "{input:02x?}: {err}");
        }
        assert!(rmp_serde::from_slice::<serde::de::IgnoredAny>(input).is_err());
    }
}

/// Runs `f` on a thread with a large stack: rmp-serde recurses once per level, up to its own
/// limit of 1024, which a debug build's default test stack may not hold.
fn with_big_stack<R: Send + 'static>(f: impl FnOnce() -> R + Send + 'static) -> R {
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap()
}

/// `[[[...[]...]]]`, `depth` arrays deep.
fn nested_arrays(depth: usize) -> Vec<u8> {
    [vec![0x91; depth - 1], vec![0x90]].concat()
}

/// A value of any depth: a list of lists.
#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
struct Nested(Vec<Nested>);

#[test]
fn nesting_limit_like_json() {
    // The default limit, 128, admits 127 levels, as fastwire's JSON (and serde_json) do.
    for depth in [1, 10, 126, 127] {
        let input = nested_arrays(depth);
        let _ = with_big_stack(move || assert_msgpack_decodes_same::<Nested>(&input).unwrap());
    }
    for depth in [128, 129, 1000, 100_000] {
        let input = nested_arrays(depth);
        let err = msgpack::from_slice::<Nested>(&input).unwrap_err();
        assert!(err.is_syntax(), "{depth}: {err}");
        assert_eq!(err.offset(), 127, "{depth}: {err}");
        assert!(
            err.to_string().starts_with("recursion limit exceeded"),
            "{err}"
        );
    }
    // rmp-serde's own limit is 1024 levels: between the two limits fastwire refuses on
    // purpose, nesting as deep as JSON allows.
    let input = nested_arrays(1000);
    assert!(with_big_stack(move || rmp_serde::from_slice::<Nested>(
        &input
    )
    .is_ok()));
    // The limit is an option.
    let input = nested_arrays(300);
    assert!(Decoder::new()
        .max_depth(301)
        .from_slice::<Nested>(&input)
        .is_ok());
    assert!(Decoder::new()
        .max_depth(300)
        .from_slice::<Nested>(&input)
        .is_err());
    let input = nested_arrays(5);
    assert!(Decoder::new()
        .max_depth(5)
        .from_slice::<Nested>(&input)
        .is_err());
    assert!(Decoder::new()
        .max_depth(6)
        .from_reader::<_, Nested>(ChunkedReader::new(&input, 3))
        .is_ok());
    // Maps and struct variants count too.
    let deep_maps = [[0x81, 0xa1, b'k'].repeat(200), vec![0xc0]].concat();
    let err = msgpack::from_slice::<NestedMaps>(&deep_maps).unwrap_err();
    assert!(err.is_syntax(), "{err}");
    assert_eq!(err.offset(), 3 * 127, "{err}");
    assert_eq!(err.path(), r#"["k"]"#.repeat(127));
}

/// A value of any depth: a map of maps.
#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
struct NestedMaps(BTreeMap<String, NestedMaps>);

#[test]
fn deep_values_of_unknown_fields_are_skipped() {
    #[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
    struct Small {
        a: u8,
    }
    // Under Miri, a depth past the limit that is still quick to interpret.
    for depth in [1, 127, 128, 1000, if cfg!(miri) { 2_000 } else { 100_000 }] {
        for junk in [
            nested_arrays(depth),
            [[0x81, 0xa1, b'k'].repeat(depth), vec![0xc0]].concat(),
        ] {
            let input = [&b"\x82\xa4junk"[..], &junk, b"\xa1a\x01"].concat();
            // Skipped without recursion and without a limit.
            assert_eq!(
                msgpack::from_slice::<Small>(&input).unwrap(),
                Small { a: 1 },
                "{depth}"
            );
            // rmp-serde skips by recursing, within its limit of 1024 levels: beyond it, it
            // refuses what fastwire skips.
            let theirs = with_big_stack(move || rmp_serde::from_slice::<Small>(&input).is_ok());
            assert_eq!(theirs, depth < 1024, "{depth}");
        }
    }
}

/// The content of an internally tagged newtype variant as `rmp_serde::to_vec` writes it: one
/// array, the tag and then the struct's fields (read by the struct's `decode_seq_elements`, the
/// reader its own array form shares), with fields short of the count taking their defaults
/// and a field too many refused, as rmp-serde does.
#[test]
fn internally_tagged_content_from_the_array_after_the_tag() {
    #[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
    struct Content {
        id: u32,
        #[serde(default)]
        note: Option<String>,
        #[serde(default)]
        count: u8,
    }
    #[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
    #[serde(tag = "kind")]
    enum Event {
        Opened(Content),
        Closed,
    }
    let written = rmp_serde::to_vec(&Event::Opened(Content {
        id: 7,
        note: Some("n".to_owned()),
        count: 3,
    }))
    .unwrap();
    assert_eq!(written[0], 0x94, "rmp-serde writes one array of four");
    let tag = s("Opened");
    for input in [
        arr(vec![tag.clone(), int(7), s("n"), int(3)]),
        arr(vec![tag.clone(), int(7), s("n")]),
        arr(vec![tag.clone(), int(7)]),
        arr(vec![tag.clone()]),
        arr(vec![tag.clone(), int(7), s("n"), int(3), int(4)]),
        arr(vec![tag.clone(), s("x")]),
        arr(vec![tag, int(7), int(1)]),
    ] {
        let bytes = msgpack_bytes(&input);
        let _ = assert_msgpack_decodes_same::<Event>(&bytes);
    }
    assert_eq!(
        msgpack::from_slice::<Event>(&written).unwrap(),
        Event::Opened(Content {
            id: 7,
            note: Some("n".to_owned()),
            count: 3
        })
    );
}
