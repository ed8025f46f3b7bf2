//! Conformance of MessagePack decoding and encoding against kawanet's msgpack-test-suite
//! (`../shared/data/msgpack-test-suite/dist/msgpack-test-suite.json`): each case is a value
//! with every valid encoding of it, the smallest first.
//!
//! - Every encoding decodes, into `Value` and into the Rust types the case's value has, to
//!   that value; rmp-serde (typed) and rmpv (`Value`) read each encoding the same way.
//! - Encoding writes the smallest form, except where rmp-serde (typed values) or rmpv
//!   (`Value`) write another: fastwire matches them byte for byte, and [`DEVIATIONS`] says
//!   where and why they differ from the suite.
//! - Every strict prefix of an encoding is an end-of-input error, `0xc1` where any value
//!   starts is a syntax error at that byte, and so are bytes after the value.

use std::collections::BTreeMap;
use std::fmt::Debug;
use std::path::Path;

use fastwire::msgpack::{self, Decode, DecodeOwned, Encode, Timestamp, Value};
use fastwire_tests::{spec_timestamp_data, spec_timestamp_parse};
use serde::de::{DeserializeOwned, IgnoredAny};
use serde::Serialize;
use serde_json::Value as Json;

/// Where the bytes the oracles write differ from the suite's first (smallest) form: the
/// target, the form the suite lists first (`integer` stands for any integer form), the form
/// rmp-serde or rmpv writes (and fastwire with them), and why. Every row must occur and every
/// difference must have a row.
const DEVIATIONS: &[(&str, &str, &str, &str)] = &[
    (
        "f64",
        "integer",
        "float 64",
        "rmp-serde writes an f64 as a float 64 whatever its value; the suite lists the \
         integer form first for integral numbers",
    ),
    (
        "f64",
        "float 32",
        "float 64",
        "rmp-serde writes an f64 as a float 64; the suite lists float 32 first where the \
         value fits it (0.5, -0.5)",
    ),
    (
        "f32",
        "integer",
        "float 32",
        "rmp-serde writes an f32 as a float 32 whatever its value",
    ),
    (
        "Value",
        "float 32",
        "float 64",
        "a JSON float builds Value::F64, which is a float 64 (as rmpv writes F64); a \
         Value::F32 would be the float 32 the suite lists first",
    ),
    (
        "u64",
        "int 64",
        "uint 64",
        "for i64::MAX the suite lists int 64 first; both forms are 9 bytes, and rmp-serde \
         writes every non-negative integer in the unsigned forms",
    ),
    (
        "i64",
        "int 64",
        "uint 64",
        "as for u64: rmp-serde writes a non-negative i64 in the unsigned forms",
    ),
    (
        "Value",
        "int 64",
        "uint 64",
        "as for u64: rmpv writes a non-negative Integer in the unsigned forms",
    ),
    (
        "Vec<u8>",
        "bin",
        "array",
        "serde writes a Vec<u8> as a sequence, so rmp-serde (and fastwire) write an array of \
         integers; a bin comes from Value::Binary (or serde_bytes in serde)",
    ),
];

struct Case {
    /// `file#index`, for messages.
    name: String,
    /// The suite's type key: `nil`, `bool`, `binary`, `number`, `bignum`, `string`, `array`,
    /// `map`, `timestamp` or `ext`.
    kind: String,
    value: Json,
    encodings: Vec<Vec<u8>>,
}

fn suite_path() -> std::path::PathBuf {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/data/msgpack-test-suite/dist/msgpack-test-suite.json");
    assert!(
        path.is_file(),
        "test data missing: {} (../shared/data must sit beside the checkout)",
        path.display()
    );
    path
}

fn hex(text: &str) -> Vec<u8> {
    if text.is_empty() {
        return Vec::new();
    }
    text.split('-')
        .map(|byte| u8::from_str_radix(byte, 16).unwrap())
        .collect()
}

fn load_cases() -> Vec<Case> {
    let text = std::fs::read_to_string(suite_path()).unwrap();
    let files: serde_json::Map<String, Json> = serde_json::from_str(&text).unwrap();
    let mut cases = Vec::new();
    for (file, list) in &files {
        for (index, case) in list.as_array().unwrap().iter().enumerate() {
            let object = case.as_object().unwrap();
            let encodings = object["msgpack"]
                .as_array()
                .unwrap()
                .iter()
                .map(|e| hex(e.as_str().unwrap()))
                .collect();
            // Bignum cases may carry a lossy "number" beside the exact "bignum" text.
            let kind = if object.contains_key("bignum") {
                "bignum".to_owned()
            } else {
                object.keys().find(|k| *k != "msgpack").unwrap().clone()
            };
            cases.push(Case {
                name: format!("{file}#{index}"),
                value: object[&kind].clone(),
                kind,
                encodings,
            });
        }
    }
    cases
}

/// The case's integer, exactly, if it is one.
fn case_integer(case: &Case) -> Option<i128> {
    match case.kind.as_str() {
        "bignum" => Some(case.value.as_str().unwrap().parse().unwrap()),
        "number" => case
            .value
            .as_i64()
            .map(i128::from)
            .or_else(|| case.value.as_u64().map(i128::from)),
        _ => None,
    }
}

fn case_timestamp(case: &Case) -> Timestamp {
    let pair = case.value.as_array().unwrap();
    Timestamp::new(
        pair[0].as_i64().unwrap(),
        pair[1].as_u64().unwrap().try_into().unwrap(),
    )
    .unwrap()
}

/// The `Value` a case describes, built from its JSON: integers as `Integer`, other numbers as
/// `F64` (JSON has only one float type).
fn json_to_value(json: &Json) -> Value {
    match json {
        Json::Null => Value::Nil,
        Json::Bool(b) => Value::Bool(*b),
        Json::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => Value::from(u),
            (None, Some(i)) => Value::from(i),
            _ => Value::F64(n.as_f64().unwrap()),
        },
        Json::String(s) => Value::from(s.as_str()),
        Json::Array(items) => Value::Array(items.iter().map(json_to_value).collect()),
        Json::Object(entries) => Value::Map(
            entries
                .iter()
                .map(|(k, v)| (Value::from(k.as_str()), json_to_value(v)))
                .collect(),
        ),
    }
}

fn case_value(case: &Case) -> Value {
    match case.kind.as_str() {
        "binary" => Value::Binary(hex(case.value.as_str().unwrap())),
        "bignum" => Value::Integer(
            fastwire::msgpack::Integer::from_i128(case_integer(case).unwrap()).unwrap(),
        ),
        "timestamp" => Value::Timestamp(case_timestamp(case)),
        "ext" => {
            let pair = case.value.as_array().unwrap();
            Value::Ext(
                pair[0].as_i64().unwrap().try_into().unwrap(),
                hex(pair[1].as_str().unwrap()),
            )
        }
        _ => json_to_value(&case.value),
    }
}

// ---------------------------------------------------------------------------------------------
// The timestamp extension as the spec lays it out, to compare with rmpv, which sees only
// `Ext(-1, data)`. Checked against the suite's timestamp cases below.
// ---------------------------------------------------------------------------------------------

fn from_rmpv(value: &rmpv::Value) -> Value {
    match value {
        rmpv::Value::Nil => Value::Nil,
        rmpv::Value::Boolean(b) => Value::Bool(*b),
        rmpv::Value::Integer(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => Value::from(u),
            (None, Some(i)) => Value::from(i),
            _ => unreachable!("rmpv integers are u64 or i64"),
        },
        rmpv::Value::F32(f) => Value::F32(*f),
        rmpv::Value::F64(f) => Value::F64(*f),
        rmpv::Value::String(s) => Value::from(s.as_str().expect("valid UTF-8")),
        rmpv::Value::Binary(b) => Value::Binary(b.clone()),
        rmpv::Value::Array(items) => Value::Array(items.iter().map(from_rmpv).collect()),
        rmpv::Value::Map(entries) => Value::Map(
            entries
                .iter()
                .map(|(k, v)| (from_rmpv(k), from_rmpv(v)))
                .collect(),
        ),
        rmpv::Value::Ext(-1, data) => {
            Value::Timestamp(spec_timestamp_parse(data).expect("a valid timestamp"))
        }
        rmpv::Value::Ext(code, data) => Value::Ext(*code, data.clone()),
    }
}

fn to_rmpv(value: &Value) -> rmpv::Value {
    match value {
        Value::Nil => rmpv::Value::Nil,
        Value::Bool(b) => rmpv::Value::Boolean(*b),
        Value::Integer(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => rmpv::Value::from(u),
            (None, Some(i)) => rmpv::Value::from(i),
            _ => unreachable!("every Integer is a u64 or an i64"),
        },
        Value::F32(f) => rmpv::Value::F32(*f),
        Value::F64(f) => rmpv::Value::F64(*f),
        Value::String(s) => rmpv::Value::from(s.as_str()),
        Value::Binary(b) => rmpv::Value::Binary(b.clone()),
        Value::Array(items) => rmpv::Value::Array(items.iter().map(to_rmpv).collect()),
        Value::Map(entries) => rmpv::Value::Map(
            entries
                .iter()
                .map(|(k, v)| (to_rmpv(k), to_rmpv(v)))
                .collect(),
        ),
        Value::Ext(code, data) => rmpv::Value::Ext(*code, data.clone()),
        Value::Timestamp(t) => rmpv::Value::Ext(-1, spec_timestamp_data(*t)),
    }
}

fn rmpv_bytes(value: &Value) -> Vec<u8> {
    let mut out = Vec::new();
    rmpv::encode::write_value(&mut out, &to_rmpv(value)).unwrap();
    out
}

// ---------------------------------------------------------------------------------------------
// Walking encodings
// ---------------------------------------------------------------------------------------------

/// The offsets where a value starts in the value at `pos` (its own and those of everything
/// inside it), pushed to `out`; returns the offset after it.
fn value_starts(bytes: &[u8], pos: usize, out: &mut Vec<usize>) -> usize {
    let be = |at: usize, width: usize| {
        bytes[at..at + width]
            .iter()
            .fold(0usize, |n, &b| n << 8 | usize::from(b))
    };
    let items = |mut at: usize, count: usize, out: &mut Vec<usize>| {
        for _ in 0..count {
            at = value_starts(bytes, at, out);
        }
        at
    };
    out.push(pos);
    let marker = bytes[pos];
    match marker {
        0x00..=0x7f | 0xe0..=0xff | 0xc0 | 0xc2 | 0xc3 => pos + 1,
        0x80..=0x8f => items(pos + 1, 2 * usize::from(marker & 0x0f), out),
        0x90..=0x9f => items(pos + 1, usize::from(marker & 0x0f), out),
        0xa0..=0xbf => pos + 1 + usize::from(marker & 0x1f),
        0xc4 | 0xd9 => pos + 2 + be(pos + 1, 1),
        0xc5 | 0xda => pos + 3 + be(pos + 1, 2),
        0xc6 | 0xdb => pos + 5 + be(pos + 1, 4),
        0xc7 => pos + 3 + be(pos + 1, 1),
        0xc8 => pos + 4 + be(pos + 1, 2),
        0xc9 => pos + 6 + be(pos + 1, 4),
        0xcc | 0xd0 => pos + 2,
        0xcd | 0xd1 => pos + 3,
        0xca | 0xce | 0xd2 => pos + 5,
        0xcb | 0xcf | 0xd3 => pos + 9,
        0xd4..=0xd8 => pos + 2 + (1 << (marker - 0xd4)),
        0xdc => items(pos + 3, be(pos + 1, 2), out),
        0xdd => items(pos + 5, be(pos + 1, 4), out),
        0xde => items(pos + 3, 2 * be(pos + 1, 2), out),
        0xdf => items(pos + 5, 2 * be(pos + 1, 4), out),
        0xc1 => panic!("0xc1 in a suite encoding"),
    }
}

/// The name of the form a value's first byte says it is in.
fn form(bytes: &[u8]) -> &'static str {
    match bytes[0] {
        0x00..=0x7f => "positive fixint",
        0xe0..=0xff => "negative fixint",
        0xcc => "uint 8",
        0xcd => "uint 16",
        0xce => "uint 32",
        0xcf => "uint 64",
        0xd0 => "int 8",
        0xd1 => "int 16",
        0xd2 => "int 32",
        0xd3 => "int 64",
        0xca => "float 32",
        0xcb => "float 64",
        0xc4..=0xc6 => "bin",
        0x90..=0x9f | 0xdc | 0xdd => "array",
        0x80..=0x8f | 0xde | 0xdf => "map",
        0xa0..=0xbf | 0xd9..=0xdb => "str",
        0xc0 => "nil",
        0xc2 | 0xc3 => "bool",
        _ => "ext",
    }
}

fn is_integer_form(bytes: &[u8]) -> bool {
    matches!(bytes[0], 0x00..=0x7f | 0xcc..=0xd3 | 0xe0..=0xff)
}

/// What one run over the suite found.
#[derive(Default)]
struct Findings {
    /// (case, target, suite's first form, form written) where the written bytes are not the
    /// suite's first encoding.
    deviations: Vec<(String, &'static str, &'static str, &'static str)>,
    /// How many (encoding, target) decodings were checked.
    decoded: usize,
}

impl Findings {
    /// Records `written` (already checked against the oracle) against the suite's first form.
    fn encoded(&mut self, case: &Case, target: &'static str, written: &[u8]) {
        let first = &case.encodings[0];
        if written != first.as_slice() {
            self.deviations
                .push((case.name.clone(), target, form(first), form(written)));
        }
    }
}

/// Every strict prefix of `bytes` is an end-of-input error for `T`, never a panic.
fn assert_prefixes_are_eof<'a, T: Decode<'a> + Debug>(case: &Case, bytes: &'a [u8]) {
    for len in 0..bytes.len() {
        match msgpack::from_slice::<T>(&bytes[..len]) {
            Err(err) => assert!(
                err.is_eof(),
                "{}: prefix {len} of {bytes:02x?}: {err}",
                case.name
            ),
            Ok(value) => panic!(
                "{}: prefix {len} of {bytes:02x?} read as {value:?}",
                case.name
            ),
        }
    }
}

/// Checks a typed target against rmp-serde: each encoding decodes to `expected` in both
/// libraries or is refused by both (`decodes` says which: an integer type is not read from a
/// float form, by either), and `expected` encodes to rmp-serde's bytes.
fn check_typed<T>(
    case: &Case,
    target: &'static str,
    expected: &T,
    decodes: impl Fn(&[u8]) -> bool,
    findings: &mut Findings,
) where
    T: Encode + DecodeOwned + Serialize + DeserializeOwned + PartialEq + Debug,
{
    for bytes in &case.encodings {
        let ours = msgpack::from_slice::<T>(bytes);
        let theirs = rmp_serde::from_slice::<T>(bytes);
        let what = format!("{} as {target} from {bytes:02x?}", case.name);
        match (&ours, &theirs) {
            (Ok(ours), Ok(theirs)) => {
                assert_eq!(ours, expected, "{what}");
                assert_eq!(theirs, expected, "{what}: rmp-serde");
            }
            (Err(_), Err(_)) => {}
            _ => panic!("{what}: fastwire {ours:?}, rmp-serde {theirs:?}"),
        }
        assert_eq!(ours.is_ok(), decodes(bytes), "{what}: {ours:?}");
        if ours.is_ok() {
            findings.decoded += 1;
            assert_prefixes_are_eof::<T>(case, bytes);
        }
    }
    let ours = msgpack::to_vec(expected);
    let theirs = rmp_serde::to_vec(expected).unwrap();
    assert_eq!(ours, theirs, "{}: {target} encoded", case.name);
    findings.encoded(case, target, &ours);
}

fn always(_: &[u8]) -> bool {
    true
}

/// The typed targets of a case: the Rust types its value has.
fn check_typed_targets(case: &Case, findings: &mut Findings) {
    match case.kind.as_str() {
        "nil" => {
            check_typed(case, "()", &(), always, findings);
            check_typed(case, "Option<u8>", &None::<u8>, always, findings);
        }
        "bool" => check_typed(
            case,
            "bool",
            &case.value.as_bool().unwrap(),
            always,
            findings,
        ),
        "binary" => {
            let bytes = hex(case.value.as_str().unwrap());
            check_typed(case, "Vec<u8>", &bytes, always, findings);
            for encoding in &case.encodings {
                // Borrowed from the input, as serde_bytes reads it with rmp-serde.
                let ours = msgpack::from_slice::<&[u8]>(encoding).unwrap();
                let theirs = rmp_serde::from_slice::<serde_bytes::ByteBuf>(encoding).unwrap();
                assert_eq!(ours, bytes.as_slice(), "{}", case.name);
                assert_eq!(theirs.as_slice(), ours, "{}", case.name);
                assert_prefixes_are_eof::<&[u8]>(case, encoding);
                findings.decoded += 1;
            }
            let theirs = rmp_serde::to_vec(&serde_bytes::Bytes::new(&bytes)).unwrap();
            assert_eq!(msgpack::to_vec(&Value::Binary(bytes)), theirs);
        }
        "number" | "bignum" => match case_integer(case) {
            Some(n) => {
                if let Ok(u) = u64::try_from(n) {
                    check_typed(case, "u64", &u, is_integer_form, findings);
                }
                if let Ok(i) = i64::try_from(n) {
                    check_typed(case, "i64", &i, is_integer_form, findings);
                }
                check_typed(case, "f64", &(n as f64), always, findings);
                if n as f32 as i128 == n {
                    check_typed(case, "f32", &(n as f32), always, findings);
                }
            }
            None => {
                let f = case.value.as_f64().unwrap();
                check_typed(case, "f64", &f, always, findings);
                assert_eq!(f64::from(f as f32), f, "the suite's floats fit f32");
                check_typed(case, "f32", &(f as f32), always, findings);
            }
        },
        "string" => {
            let text = case.value.as_str().unwrap().to_owned();
            check_typed(case, "String", &text, always, findings);
            for encoding in &case.encodings {
                assert_eq!(msgpack::from_slice::<&str>(encoding).unwrap(), text);
                assert_eq!(rmp_serde::from_slice::<&str>(encoding).unwrap(), text);
                assert_prefixes_are_eof::<&str>(case, encoding);
            }
        }
        "array" | "map" => check_collection(case, findings),
        "timestamp" => check_timestamp(case, findings),
        "ext" => {}
        other => panic!("unknown case kind {other}"),
    }
}

/// Arrays and maps: fastwire reads `Vec<Value>` or `BTreeMap<String, Value>`, rmp-serde reads
/// the same bytes as a `serde_json::Value`; both must give the case's value, and both write
/// it with the same bytes.
fn check_collection(case: &Case, findings: &mut Findings) {
    let expected = case_value(case);
    for bytes in &case.encodings {
        let theirs: Json = rmp_serde::from_slice(bytes).unwrap();
        assert_eq!(theirs, case.value, "{}: rmp-serde", case.name);
        let ours = if case.kind == "array" {
            Value::Array(msgpack::from_slice::<Vec<Value>>(bytes).unwrap())
        } else {
            let map: BTreeMap<String, Value> = msgpack::from_slice(bytes).unwrap();
            map.into_iter().map(|(k, v)| (Value::from(k), v)).collect()
        };
        assert_eq!(ours, expected, "{}: {bytes:02x?}", case.name);
        findings.decoded += 1;
    }
    let theirs = rmp_serde::to_vec(&case.value).unwrap();
    let (target, ours) = match &expected {
        Value::Array(items) => ("Vec<Value>", msgpack::to_vec(items)),
        _ => {
            let map: BTreeMap<String, Value> = match &expected {
                Value::Map(entries) => entries
                    .iter()
                    .map(|(k, v)| (k.as_str().unwrap().to_owned(), v.clone()))
                    .collect(),
                _ => unreachable!(),
            };
            ("BTreeMap<String, Value>", msgpack::to_vec(&map))
        }
    };
    assert_eq!(ours, theirs, "{}: {target} encoded", case.name);
    findings.encoded(case, target, &ours);
}

/// Timestamps: rmp-serde has no timestamp type, so the oracles are the suite's instants and
/// rmpv, which reads and writes the extension as `Ext(-1, data)`.
fn check_timestamp(case: &Case, findings: &mut Findings) {
    let expected = case_timestamp(case);
    for bytes in &case.encodings {
        assert_eq!(msgpack::from_slice::<Timestamp>(bytes).unwrap(), expected);
        assert_prefixes_are_eof::<Timestamp>(case, bytes);
        findings.decoded += 1;
        // The spec's layouts as this test reads them agree with the suite.
        match rmpv::decode::read_value(&mut &bytes[..]).unwrap() {
            rmpv::Value::Ext(-1, data) => {
                assert_eq!(spec_timestamp_parse(&data), Some(expected));
                assert_eq!(spec_timestamp_data(expected), data);
            }
            other => panic!("{}: rmpv read {other:?}", case.name),
        }
    }
    let ours = msgpack::to_vec(&expected);
    assert_eq!(ours, rmpv_bytes(&Value::Timestamp(expected)));
    findings.encoded(case, "Timestamp", &ours);

    // The instant types `fastwire::with::timestamp` takes read the same instant from every
    // encoding, where they hold it, and write the smallest encoding back.
    let dt = chrono::DateTime::from_timestamp(expected.seconds(), expected.nanoseconds());
    let system = std::time::SystemTime::try_from(expected).ok();
    for bytes in &case.encodings {
        match dt {
            Some(dt) => {
                let read: AtUtc = msgpack::from_slice(bytes).unwrap();
                assert_eq!(read.0, dt, "{}", case.name);
                assert_eq!(msgpack::to_vec(&read), ours, "{}", case.name);
            }
            None => assert!(
                msgpack::from_slice::<AtUtc>(bytes).is_err(),
                "{}",
                case.name
            ),
        }
        match system {
            Some(time) => {
                let read: AtSystem = msgpack::from_slice(bytes).unwrap();
                assert_eq!(read.0, time, "{}", case.name);
                assert_eq!(msgpack::to_vec(&read), ours, "{}", case.name);
            }
            None => assert!(
                msgpack::from_slice::<AtSystem>(bytes).is_err(),
                "{}",
                case.name
            ),
        }
    }
}

/// A chrono instant as the timestamp extension.
#[derive(fastwire::Encode, fastwire::Decode)]
struct AtUtc(#[wire(with = "fastwire::with::timestamp")] chrono::DateTime<chrono::Utc>);

/// A `SystemTime` as the timestamp extension.
#[derive(fastwire::Encode, fastwire::Decode)]
struct AtSystem(#[wire(with = "fastwire::with::timestamp")] std::time::SystemTime);

/// `Value`: every encoding reads as the case's value, as rmpv reads it; strict prefixes,
/// `0xc1` at every value start and trailing bytes are errors; the case's value encodes as
/// rmpv encodes it.
fn check_value(case: &Case, findings: &mut Findings) {
    let expected = case_value(case);
    for bytes in &case.encodings {
        let ours: Value = msgpack::from_slice(bytes)
            .unwrap_or_else(|e| panic!("{}: {bytes:02x?}: {e}", case.name));
        let theirs = from_rmpv(&rmpv::decode::read_value(&mut &bytes[..]).unwrap());
        assert_eq!(ours, theirs, "{}: {bytes:02x?} against rmpv", case.name);
        // A float form of an integral number reads as a float of the same value.
        match (&ours, case_integer(case)) {
            (Value::F32(_) | Value::F64(_), Some(n)) => {
                assert_eq!(ours.as_f64(), Some(n as f64), "{}: {bytes:02x?}", case.name);
            }
            (Value::F32(f), None) if case.kind == "number" => {
                assert_eq!(Value::F64(f64::from(*f)), expected, "{}", case.name);
            }
            _ => assert_eq!(ours, expected, "{}: {bytes:02x?}", case.name),
        }
        findings.decoded += 1;

        assert_prefixes_are_eof::<Value>(case, bytes);

        let mut starts = Vec::new();
        assert_eq!(value_starts(bytes, 0, &mut starts), bytes.len());
        for &start in &starts {
            let mut broken = bytes.clone();
            broken[start] = 0xc1;
            let err = msgpack::from_slice::<Value>(&broken).unwrap_err();
            assert!(err.is_syntax(), "{}: 0xc1 at {start}: {err}", case.name);
            assert_eq!(err.offset(), start, "{}: {err}", case.name);
            // rmp-serde agrees; rmpv does not: its `read_value` reads 0xc1 as nil.
            assert!(rmp_serde::from_slice::<IgnoredAny>(&broken).is_err());
        }

        let mut trailing = bytes.clone();
        trailing.push(0xc0);
        let err = msgpack::from_slice::<Value>(&trailing).unwrap_err();
        assert!(err.is_syntax(), "{}: {err}", case.name);
        assert_eq!(err.offset(), bytes.len());
    }
    let ours = msgpack::to_vec(&expected);
    assert_eq!(ours, rmpv_bytes(&expected), "{}: Value encoded", case.name);
    findings.encoded(case, "Value", &ours);
}

#[test]
fn the_suite() {
    let cases = load_cases();
    assert_eq!(cases.len(), 85, "the suite's case count");
    assert_eq!(cases.iter().filter(|c| c.kind == "timestamp").count(), 19);
    let mut findings = Findings::default();
    for case in &cases {
        check_value(case, &mut findings);
        check_typed_targets(case, &mut findings);
    }
    assert!(findings.decoded > 400, "{}", findings.decoded);

    // Every difference from the suite's first form has a row in DEVIATIONS, and every row
    // is used.
    let family = |form: &str| {
        if form.contains("int") {
            "integer"
        } else {
            "other"
        }
    };
    let mut used = vec![0usize; DEVIATIONS.len()];
    for (case, target, first, written) in &findings.deviations {
        let row = DEVIATIONS.iter().position(|&(t, f, w, _)| {
            t == *target && (f == *first || f == family(first)) && w == *written
        });
        match row {
            Some(row) => used[row] += 1,
            None => panic!(
                "{case}: {target} is written as {written}, the suite lists {first} first, \
                 and DEVIATIONS does not say why"
            ),
        }
    }
    for (row, count) in DEVIATIONS.iter().zip(&used) {
        assert!(*count > 0, "DEVIATIONS row never used: {row:?}");
    }
}

/// The suite's encodings concatenated into one array read in one pass: nothing a value
/// leaves behind disturbs the next.
#[test]
fn every_encoding_in_one_document() {
    let cases = load_cases();
    let mut bytes = Vec::new();
    let mut expected = Vec::new();
    let count: usize = cases.iter().map(|c| c.encodings.len()).sum();
    bytes.extend_from_slice(&[0xdc, (count >> 8) as u8, count as u8]);
    for case in &cases {
        for encoding in &case.encodings {
            bytes.extend_from_slice(encoding);
            expected.push(msgpack::from_slice::<Value>(encoding).unwrap());
        }
    }
    let all: Value = msgpack::from_slice(&bytes).unwrap();
    assert_eq!(all, Value::Array(expected));
    let theirs = from_rmpv(&rmpv::decode::read_value(&mut &bytes[..]).unwrap());
    assert_eq!(all, theirs);
}
