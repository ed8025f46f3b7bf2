//! Decoding against serde_json: what serde_json writes, fastwire reads back to an equal value;
//! what serde_json rejects for a type, fastwire rejects too. Plus zero-copy, error positions
//! and paths, and `from_reader`.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};
use std::fmt::Debug;
use std::io::{self, Read};

use fastwire::json::{self, Decode, DecodeOwned};
use fastwire::{Decode as DeriveDecode, Encode as DeriveEncode};
use serde::{Deserialize, Serialize};

/// serde_json's text for `value` reads back, with fastwire, to `value`; and fastwire's reading
/// of that text equals serde_json's own.
#[track_caller]
fn round_trip<T>(value: &T)
where
    T: Serialize + DecodeOwned + for<'de> Deserialize<'de> + PartialEq + Debug,
{
    for text in [
        serde_json::to_string(value).unwrap(),
        serde_json::to_string_pretty(value).unwrap(),
    ] {
        let ours: T = json::from_str(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(&ours, value, "{text}");
        let theirs: T = serde_json::from_str(&text).unwrap();
        assert_eq!(ours, theirs, "{text}");
        let from_bytes: T = json::from_slice(text.as_bytes()).unwrap();
        assert_eq!(&from_bytes, value);
        let from_reader: T = json::from_reader(OneByte(text.as_bytes())).unwrap();
        assert_eq!(&from_reader, value);
    }
}

/// fastwire and serde_json agree on whether `text` is a `T`, and on the value when it is.
#[track_caller]
fn same_verdict<T>(text: &str)
where
    T: DecodeOwned + for<'de> Deserialize<'de> + PartialEq + Debug,
{
    let ours = json::from_str::<T>(text);
    let theirs = serde_json::from_str::<T>(text);
    match (&ours, &theirs) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "{text}"),
        (Err(_), Err(_)) => {}
        _ => panic!(
            "{text} as {}: fastwire {:?}, serde_json {:?}",
            std::any::type_name::<T>(),
            ours.map(|_| ()),
            theirs.map(|_| ())
        ),
    }
}

/// A reader that hands out one byte per call.
struct OneByte<'a>(&'a [u8]);

impl Read for OneByte<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match (self.0.split_first(), buf.first_mut()) {
            (Some((&byte, rest)), Some(slot)) => {
                *slot = byte;
                self.0 = rest;
                Ok(1)
            }
            _ => Ok(0),
        }
    }
}

#[test]
fn integers_round_trip_at_their_limits() {
    round_trip(&vec![u8::MIN, u8::MAX]);
    round_trip(&vec![i8::MIN, i8::MAX, 0]);
    round_trip(&vec![u16::MAX]);
    round_trip(&vec![i16::MIN, i16::MAX]);
    round_trip(&vec![u32::MAX]);
    round_trip(&vec![i32::MIN, i32::MAX]);
    round_trip(&vec![u64::MAX, 0, 1, 10_000_000_000_000_000_000]);
    round_trip(&vec![i64::MIN, i64::MAX, -1]);
    round_trip(&vec![u128::MAX, 0]);
    round_trip(&vec![i128::MIN, i128::MAX]);
    round_trip(&vec![usize::MAX]);
    round_trip(&vec![isize::MIN]);
}

#[test]
fn integer_acceptance_matches_serde_json() {
    for text in [
        "0",
        "-0",
        "1",
        "255",
        "256",
        "-1",
        "01",
        "1.0",
        "1e2",
        "1E2",
        "-",
        "+1",
        " 7 ",
        "7 x",
        "1.",
        ".5",
        "18446744073709551615",
        "18446744073709551616",
        "-9223372036854775808",
        "-9223372036854775809",
        "99999999999999999999999",
        "\"1\"",
        "null",
        "true",
        "[1]",
        "340282366920938463463374607431768211455",
        "340282366920938463463374607431768211456",
        "-170141183460469231731687303715884105728",
        "-170141183460469231731687303715884105729",
        "1e400",
        "-0.0",
        "0x10",
        "1_000",
    ] {
        same_verdict::<u8>(text);
        same_verdict::<i8>(text);
        same_verdict::<u16>(text);
        same_verdict::<i32>(text);
        same_verdict::<u64>(text);
        same_verdict::<i64>(text);
        same_verdict::<u128>(text);
        same_verdict::<i128>(text);
    }
}

#[test]
fn floats_are_correctly_rounded() {
    round_trip(&vec![
        0.0f64,
        -0.0,
        1.5,
        f64::MIN_POSITIVE,
        f64::MAX,
        f64::MIN,
        f64::EPSILON,
        5e-324,
        2.225073858507201e-308,
        0.1,
        1e23,
        123_456_789.123_456_78,
    ]);
    round_trip(&vec![
        0.0f32,
        -0.0,
        1.5,
        f32::MIN_POSITIVE,
        f32::MAX,
        f32::MIN,
        1e-45,
        0.1,
        16777217.0,
    ]);
    for text in [
        "0",
        "-0",
        "1e400",
        "-1e400",
        "1e-400",
        "1.7976931348623157e308",
        "1.7976931348623159e308",
        "2.2250738585072011e-308",
        "0.1e",
        "1e+",
        "1.e5",
        "NaN",
        "Infinity",
        "-Infinity",
        "123456789012345678901234567890",
        "3.4028235e38",
        "3.4028236e38",
        "1e39",
        "7.038531e-26",
        "1.00000017881393432617187499",
        "0.000000000000000000000000000000000000000000000000000000000000001",
        "4.9406564584124654e-324",
        "2.4703282292062327e-324",
    ] {
        same_verdict::<f64>(text);
    }
    // f32 is parsed from the text directly, so its verdict (not always its value: serde_json
    // rounds twice, through f64) matches serde_json's.
    for text in ["1e39", "-1e39", "1e400", "3.4028235e38", "1.5", "NaN"] {
        assert_eq!(
            json::from_str::<f32>(text).is_ok(),
            serde_json::from_str::<f32>(text).is_ok(),
            "{text}"
        );
    }
    // The classic double-rounding case: the nearest f32 to this decimal, reached directly.
    let direct: f32 = json::from_str("1.00000017881393432617187499").unwrap();
    assert_eq!(direct, 1.0000001);
}

#[test]
fn strings_and_escapes() {
    let samples: Vec<String> = vec![
        String::new(),
        "plain".into(),
        "quote \" backslash \\ slash /".into(),
        (0u8..0x20).map(char::from).collect(),
        "\u{7f}\u{2028}\u{2029}".into(),
        "日本語のテキスト".into(),
        "emoji 😀 and 𝄞".into(),
        // Past the 16 KiB pieces the writer escapes long strings in.
        "x".repeat(if cfg!(miri) { 20_000 } else { 100_000 }),
    ];
    round_trip(&samples);
    for text in [
        r#""\u00e9""#,
        r#""\uD834\uDD1E""#,
        r#""\ud834\udd1e""#,
        r#""\uD834""#,
        r#""\uDD1E""#,
        r#""\uD834\u0041""#,
        r#""\x41""#,
        r#""\u12""#,
        r#""\u12G4""#,
        "\"tab\there\"",
        "\"new\nline\"",
        r#""\/""#,
        r#""unterminated"#,
        r#""a\"#,
        "\"\u{0}\"",
        r#""\'""#,
    ] {
        same_verdict::<String>(text);
        same_verdict::<char>(text);
    }
    same_verdict::<char>(r#""ab""#);
    same_verdict::<char>(r#""""#);
    same_verdict::<char>(r#""é""#);
}

#[test]
fn invalid_utf8_is_rejected_from_bytes() {
    let bytes = b"[\"ok\", \"\xff\"]";
    let err = json::from_slice::<Vec<String>>(bytes).unwrap_err();
    assert!(err.to_string().starts_with("invalid UTF-8"), "{err}");
    assert_eq!(err.offset(), 8);
    assert!(serde_json::from_slice::<Vec<String>>(bytes).is_err());
}

#[test]
fn borrowing_from_the_input() {
    let text = r#"["plain", "esc\"aped"]"#;
    // Without `#[serde(borrow)]`, a `Cow<str>` owns its text, as serde's does.
    let cows: Vec<Cow<str>> = json::from_str(text).unwrap();
    assert!(matches!(&cows[0], Cow::Owned(s) if s == "plain"));
    let theirs: Vec<Cow<str>> = serde_json::from_str(text).unwrap();
    assert!(matches!(&theirs[0], Cow::Owned(_)));
    assert!(matches!(&cows[1], Cow::Owned(s) if s == "esc\"aped"));

    let strs: Vec<&str> = json::from_str(r#"["a", "b"]"#).unwrap();
    assert_eq!(strs, ["a", "b"]);
    let input = String::from(r#"["a"]"#);
    let borrowed: Vec<&str> = json::from_str(&input).unwrap();
    assert!(std::ptr::eq(borrowed[0].as_ptr(), input[2..].as_ptr()));
    // An escaped string cannot be borrowed whole: an error, as in serde_json.
    assert!(json::from_str::<Vec<&str>>(r#"["a\nb"]"#).is_err());
    assert!(serde_json::from_str::<Vec<&str>>(r#"["a\nb"]"#).is_err());

    let bytes: &[u8] = json::from_str(r#""raw""#).unwrap();
    assert_eq!(bytes, b"raw");
}

#[derive(Serialize, Deserialize, DeriveEncode, DeriveDecode, Debug, PartialEq, Clone)]
#[serde(rename_all = "camelCase")]
struct User {
    id: u64,
    reg_date: String,
    display_name: String,
    #[serde(default)]
    score: Option<f64>,
    tags: Vec<String>,
    #[serde(skip)]
    cached: u32,
    #[serde(rename = "KIND", alias = "kind")]
    kind: Kind,
}

#[derive(Serialize, Deserialize, DeriveEncode, DeriveDecode, Debug, PartialEq, Clone)]
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

fn users() -> Vec<User> {
    let kinds = [
        Kind::Admin,
        Kind::Regular,
        Kind::Guest("visitor \"x\"".into()),
        Kind::Bot(7, true),
        Kind::Service {
            owner: "ops".into(),
            level: -3,
        },
    ];
    (0..25)
        .map(|i| User {
            id: i * 1_000_003,
            reg_date: format!("2024-{:02}-{:02}", i % 12 + 1, i % 28 + 1),
            display_name: format!("user {i} ユーザー"),
            score: if i % 3 == 0 {
                None
            } else {
                Some(i as f64 / 7.0)
            },
            tags: (0..i % 4).map(|t| format!("t{t}")).collect(),
            cached: 0,
            kind: kinds[i as usize % kinds.len()].clone(),
        })
        .collect()
}

#[test]
fn derived_types_round_trip() {
    round_trip(&users());
    round_trip(&BTreeMap::from([("a".to_owned(), users()[1].clone())]));
}

#[test]
fn struct_acceptance_matches_serde_json() {
    let cases = [
        r#"{"id":1,"regDate":"d","displayName":"n","tags":[],"KIND":"Admin"}"#,
        r#"{"id":1,"regDate":"d","displayName":"n","tags":[],"kind":"Admin"}"#,
        r#"{"KIND":"Admin","tags":[],"displayName":"n","regDate":"d","id":1}"#,
        r#"{"id":1,"regDate":"d","displayName":"n","tags":[],"KIND":"Admin","extra":{"deep":[1,2,{"x":null}]}}"#,
        r#"{"id":1,"regDate":"d","displayName":"n","tags":[],"KIND":"Admin","extra":[1,2,}"#,
        r#"{"id":1,"regDate":"d","displayName":"n","tags":[],"KIND":"Admin","extra":1e999}"#,
        r#"{"id":1,"regDate":"d","displayName":"n","tags":[]}"#,
        r#"{"id":1,"id":2,"regDate":"d","displayName":"n","tags":[],"KIND":"Admin"}"#,
        r#"{"id":1,"regDate":"d","displayName":"n","tags":[],"KIND":"Admin","cached":5}"#,
        r#"{"id":1,"regDate":"d","displayName":"n","tags":[],"KIND":"regular"}"#,
        r#"{"id":1,"regDate":"d","displayName":"n","tags":[],"KIND":"Regular"}"#,
        r#"{"id":1,"regDate":"d","displayName":"n","tags":[],"KIND":{"Admin":null}}"#,
        r#"{"id":1,"regDate":"d","displayName":"n","tags":[],"KIND":{"Guest":"g"}}"#,
        r#"{"id":1,"regDate":"d","displayName":"n","tags":[],"KIND":"Guest"}"#,
        r#"{"id":1,"regDate":"d","displayName":"n","tags":[],"KIND":{"Bot":[1,true]}}"#,
        r#"{"id":1,"regDate":"d","displayName":"n","tags":[],"KIND":{"Bot":[1]}}"#,
        r#"{"id":1,"regDate":"d","displayName":"n","tags":[],"KIND":{"Bot":[1,true,3]}}"#,
        r#"{"id":1,"regDate":"d","displayName":"n","tags":[],"KIND":{"Service":{"owner":"o"}}}"#,
        r#"{"id":1,"regDate":"d","displayName":"n","tags":[],"KIND":{"Service":["o",2]}}"#,
        r#"{"id":1,"regDate":"d","displayName":"n","tags":[],"KIND":{"Service":["o"]}}"#,
        r#"{"id":1,"regDate":"d","displayName":"n","tags":[],"KIND":{"Admin":null,"Regular":null}}"#,
        r#"{"id":1,"regDate":"d","displayName":"n","tags":[],"KIND":{}}"#,
        r#"{"id":1,"regDate":"d","displayName":"n","tags":[],"KIND":"Nope"}"#,
        r#"[1,"d","n",null,[],"Admin"]"#,
        r#"[1,"d","n",2.5,["t"],"Admin"]"#,
        r#"[1,"d","n",null,[]]"#,
        r#"[1,"d","n"]"#,
        r#"[1,"d","n",null,[],"Admin",7]"#,
        r#"[]"#,
        r#"{"id":-1,"regDate":"d","displayName":"n","tags":[],"KIND":"Admin"}"#,
        r#"{"id":1.0,"regDate":"d","displayName":"n","tags":[],"KIND":"Admin"}"#,
        r#"{"id":1,"regDate":"d","displayName":"n","tags":[],"KIND":"Admin",}"#,
        r#"{"id":1,"regDate":"d","displayName":"n","tags":[],"KIND":"Admin"} x"#,
        r#"{"id":1 "regDate":"d"}"#,
        r#"{"i\u0064":1,"regDate":"d","displayName":"n","tags":[],"KIND":"Admin"}"#,
        r#"{id:1}"#,
        r#"null"#,
        r#""User""#,
    ];
    for text in cases {
        same_verdict::<User>(text);
    }
}

#[derive(Serialize, Deserialize, DeriveDecode, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct Strict {
    a: u8,
    #[serde(default = "seven")]
    b: u8,
}

fn seven() -> u8 {
    7
}

#[derive(Serialize, Deserialize, DeriveDecode, Debug, PartialEq, Default)]
#[serde(default)]
struct AllDefault {
    a: u8,
    b: String,
    c: Vec<u8>,
}

#[derive(Serialize, Deserialize, DeriveDecode, Debug, PartialEq)]
struct Tuple(u8, String);

#[derive(Serialize, Deserialize, DeriveDecode, Debug, PartialEq)]
struct Newtype(Vec<u8>);

#[derive(Serialize, Deserialize, DeriveDecode, Debug, PartialEq)]
struct Unit;

#[derive(Serialize, Deserialize, DeriveDecode, Debug, PartialEq)]
#[serde(transparent)]
struct Meters {
    value: f64,
}

#[test]
fn attributes_match_serde_json() {
    for text in [
        r#"{"a":1}"#,
        r#"{"a":1,"b":2}"#,
        r#"{"a":1,"c":2}"#,
        r#"{"b":2}"#,
        r#"[1]"#,
        r#"[1,2]"#,
        r#"[1,2,3]"#,
        r#"{}"#,
    ] {
        same_verdict::<Strict>(text);
        same_verdict::<AllDefault>(text);
    }
    for text in [
        r#"[1,"x"]"#,
        r#"[1]"#,
        r#"[1,"x",2]"#,
        r#"{"0":1,"1":"x"}"#,
        "null",
    ] {
        same_verdict::<Tuple>(text);
    }
    for text in ["[1,2]", "[]", "1", "null"] {
        same_verdict::<Newtype>(text);
    }
    for text in ["null", "{}", "[]", "0"] {
        same_verdict::<Unit>(text);
    }
    for text in ["1.5", "{\"value\":1.5}", "null"] {
        same_verdict::<Meters>(text);
    }
    // Just after the key, as serde_json.
    let text = r#"{"a":1,"c":2}"#;
    let err = json::from_str::<Strict>(text).unwrap_err();
    assert_eq!(
        err.to_string(),
        "unknown field `c`, expected `a` or `b` (line 1, column 10)"
    );
    let theirs = serde_json::from_str::<Strict>(text).unwrap_err();
    assert_eq!((err.line(), err.column()), (theirs.line(), theirs.column()));
}

#[test]
fn std_collections_match_serde_json() {
    round_trip(&VecDeque::from([1u8, 2]));
    round_trip(&BTreeSet::from(["a".to_owned(), "b".to_owned()]));
    round_trip(&BTreeMap::from([
        (1u32, "x".to_owned()),
        (20, "y".to_owned()),
    ]));
    round_trip(&BTreeMap::from([(-5i64, 1u8)]));
    round_trip(&BTreeMap::from([(true, 1u8), (false, 2)]));
    round_trip(&BTreeMap::from([('c', 1u8)]));
    round_trip(&HashMap::from([("k".to_owned(), vec![Some(1u8), None])]));
    round_trip(&(1u8, "two".to_owned(), 3.5f64, [4u16, 5], ()));
    round_trip(&[[1u8; 3]; 2]);
    round_trip(&Some(Box::new(5u8)));
    for text in [
        r#"{"1":2}"#,
        r#"{"01":2}"#,
        r#"{"-1":2}"#,
        r#"{"x":2}"#,
        r#"{" 1":2}"#,
        r#"{"1":2,"1":3}"#,
        r#"{"256":1}"#,
    ] {
        same_verdict::<BTreeMap<u8, u8>>(text);
        same_verdict::<BTreeMap<i32, u8>>(text);
    }
    for text in [r#"{"true":1}"#, r#"{"True":1}"#, r#"{"1":1}"#] {
        same_verdict::<BTreeMap<bool, u8>>(text);
    }
    for text in ["[1,2,3]", "[1,2]", "[1,2,3,4]", "[]"] {
        same_verdict::<[u8; 3]>(text);
        same_verdict::<(u8, u8, u8)>(text);
    }
    same_verdict::<[u8; 0]>("[]");
    same_verdict::<[u8; 0]>("[1]");
}

#[test]
fn errors_name_the_path_and_the_position() {
    let text = "{\n  \"users\": [\n    {\"id\": 1, \"regDate\": \"d\", \"displayName\": \"n\", \"tags\": [], \"KIND\": \"Admin\"},\n    {\"id\": \"x\"}\n  ]\n}";
    let err = json::from_str::<BTreeMap<String, Vec<User>>>(text).unwrap_err();
    // Line and column are serde_json's: the string's closing quote.
    assert_eq!(
        err.to_string(),
        r#"invalid type: string "x", expected u64 at ["users"][1].id (line 4, column 14)"#
    );
    let theirs = serde_json::from_str::<BTreeMap<String, Vec<User>>>(text).unwrap_err();
    assert_eq!((err.line(), err.column()), (theirs.line(), theirs.column()));
    assert_eq!(err.path(), r#"["users"][1].id"#);
    assert!(err.is_data());

    let err = json::from_str::<Vec<u8>>("[1, 2").unwrap_err();
    assert!(err.is_eof(), "{err}");
    let err = json::from_str::<Vec<u8>>("[1, 2]]").unwrap_err();
    assert!(err.is_syntax(), "{err}");
    assert_eq!(err.to_string(), "trailing characters (line 1, column 7)");

    // At the object's `}`, as serde_json.
    let err = json::from_str::<User>(r#"{"id":1}"#).unwrap_err();
    assert_eq!(
        err.to_string(),
        "missing field `regDate` (line 1, column 8)"
    );
    let theirs = serde_json::from_str::<User>(r#"{"id":1}"#).unwrap_err();
    assert_eq!((err.line(), err.column()), (theirs.line(), theirs.column()));
}

#[test]
fn from_reader_reports_io_errors() {
    struct Failing;
    impl Read for Failing {
        fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
            Err(io::Error::other("disk on fire"))
        }
    }
    let err = json::from_reader::<_, Vec<u8>>(Failing).unwrap_err();
    assert!(err.is_io());
    assert_eq!(err.to_string(), "disk on fire");
}

/// A type with a manual `Decode` impl composes with derived ones.
#[derive(Debug, PartialEq)]
struct Celsius(f64);

impl<'de> Decode<'de> for Celsius {
    fn decode(r: &mut json::Reader<'de>) -> Result<Self, json::Error> {
        f64::decode(r).map(Celsius)
    }
}

/// The derive writes both formats' impls, so a field type needs both.
impl<'de> fastwire::msgpack::Decode<'de> for Celsius {
    fn decode(r: &mut fastwire::msgpack::Reader<'de>) -> Result<Self, fastwire::msgpack::Error> {
        r.decode_f64().map(Celsius)
    }
}

#[derive(DeriveDecode, Debug, PartialEq)]
struct Reading {
    at: String,
    temperature: Celsius,
}

#[test]
fn manual_impls_compose() {
    let reading: Reading = json::from_str(r#"{"at":"noon","temperature":21.5}"#).unwrap();
    assert_eq!(
        reading,
        Reading {
            at: "noon".into(),
            temperature: Celsius(21.5)
        }
    );
}

/// Random byte strings over JSON's alphabet (plus bytes JSON never allows): decoding never
/// panics, every error points inside the input, and the verdict on each input is serde_json's,
/// but for the refusals fastwire makes on purpose (invalid UTF-8, lone surrogates anywhere).
#[test]
fn random_inputs_get_serde_json_verdicts_and_clean_errors() {
    use rand::{Rng, SeedableRng};
    const ALPHABET: &[&[u8]] = &[
        b"{",
        b"}",
        b"[",
        b"]",
        b":",
        b",",
        b"\"",
        b"\\",
        b" ",
        b"\n",
        b"0",
        b"1",
        b"9",
        b"-",
        b"+",
        b".",
        b"e",
        b"E",
        b"true",
        b"false",
        b"null",
        b"\"a\"",
        b"\"id\"",
        b"\"tags\"",
        b"\\u00e9",
        b"\\ud800",
        b"\\udc00",
        b"\\n",
        b"\xff",
        b"\xc3\xa9",
        b"\x01",
        b"1e400",
        b"18446744073709551616",
        b"[]",
        b"{}",
        b"\"KIND\"",
        b"\"Admin\"",
    ];
    let mut rng = rand::rngs::StdRng::seed_from_u64(0x5eed_f00d);
    let mut disagreements = Vec::new();
    for case in 0..if cfg!(miri) { 100 } else { 20_000 } {
        let mut input = Vec::new();
        for _ in 0..rng.random_range(1..24) {
            input.extend_from_slice(ALPHABET[rng.random_range(0..ALPHABET.len())]);
        }
        let ours = json::from_slice::<json::Value>(&input);
        let theirs = serde_json::from_slice::<serde_json::Value>(&input);
        if let Err(err) = &ours {
            assert!(err.offset() <= input.len(), "case {case}: {err:?}");
            assert!(err.line() >= 1, "case {case}: {err:?}");
            // Where both reject, the position and category are serde_json's.
            if let Err(their) = &theirs {
                assert_eq!(
                    (err.line(), err.column(), err.is_eof(), err.is_syntax()),
                    (
                        their.line(),
                        their.column(),
                        their.is_eof(),
                        their.is_syntax()
                    ),
                    "case {case}: {:?}: {err} / {their}",
                    String::from_utf8_lossy(&input)
                );
            }
        }
        let on_purpose = ours.as_ref().is_err_and(|e| {
            let message = e.to_string();
            message.starts_with("invalid UTF-8") || message.starts_with("lone surrogate")
        });
        if ours.is_ok() != theirs.is_ok() && !on_purpose {
            disagreements.push(format!(
                "{:?}: fastwire {:?}, serde_json {:?}",
                String::from_utf8_lossy(&input),
                ours.map(drop),
                theirs.map(drop)
            ));
        }
        // Typed targets go through the generated code and the skipping of unknown values.
        let _ = json::from_slice::<User>(&input);
        let _ = json::from_slice::<Vec<Option<String>>>(&input);
        let _ = json::from_slice::<BTreeMap<String, Kind>>(&input);
    }
    assert!(disagreements.is_empty(), "{}", disagreements.join("\n"));
}
