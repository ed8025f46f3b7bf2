//! Python's `msgpack` package as a real outside client, both ways, in one Python run
//! (`tests/python/msgpack_interop.py`):
//!
//! - what fastwire writes (a derived struct with nested structs, enums of every shape,
//!   `Option`s, maps with integer and string keys, `i64`/`u64` extremes, `f32`/`f64`, long and
//!   CJK strings, a `&[u8]`; `Value` trees of every kind; `Timestamp`s in all three forms,
//!   before 1970 and with nanoseconds) is read by `msgpack.unpackb` and compared, in Python,
//!   with a description of the expected value written here by hand or from the `Value`;
//! - what `msgpack.packb` writes for the same descriptions is read by fastwire into the typed
//!   value and into `Value`, and compared here; it is also the same bytes fastwire writes;
//! - malformed inputs get the same verdict, accepted or refused, from both.
//!
//! The test needs `python3`. When `import msgpack` fails, it installs the package with
//! `python3 -m pip install --target` into a directory under Cargo's target directory (so it
//! needs pip and access to PyPI once) and points `PYTHONPATH` there.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::OnceLock;

use fastwire::msgpack::{self, Timestamp, Value};
use fastwire_tests::run_python;
use serde_json::{json, Value as Json};

// ---------------------------------------------------------------------------------------------
// Descriptions: what Python should find, as tagged JSON lists (see the script's docstring).
// ---------------------------------------------------------------------------------------------

fn nil() -> Json {
    json!(["nil"])
}

fn boolean(b: bool) -> Json {
    json!(["bool", b])
}

fn text(text: &str) -> Json {
    json!(["str", text])
}

fn uint(n: u64) -> Json {
    json!(["int", n])
}

fn int(n: i64) -> Json {
    json!(["int", n])
}

fn float32(x: f32) -> Json {
    json!(["f32", format!("{:08x}", x.to_bits())])
}

fn float64(x: f64) -> Json {
    json!(["f64", format!("{:016x}", x.to_bits())])
}

fn bin(bytes: &[u8]) -> Json {
    json!(["bin", hex(bytes)])
}

fn array(items: Vec<Json>) -> Json {
    json!(["array", items])
}

fn map(entries: Vec<(Json, Json)>) -> Json {
    let pairs: Vec<Json> = entries.into_iter().map(|(k, v)| json!([k, v])).collect();
    json!(["map", pairs])
}

fn timestamp(t: Timestamp) -> Json {
    json!(["ts", t.seconds(), t.nanoseconds()])
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Vec<u8> {
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).unwrap())
        .collect()
}

/// The description of a `Value`: a plain structural mapping, independent of the encoder.
fn describe(value: &Value) -> Json {
    match value {
        Value::Nil => nil(),
        Value::Bool(b) => boolean(*b),
        Value::Integer(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => uint(u),
            (None, Some(i)) => int(i),
            _ => unreachable!("every Integer is a u64 or an i64"),
        },
        Value::F32(x) => float32(*x),
        Value::F64(x) => float64(*x),
        Value::String(s) => text(s),
        Value::Binary(b) => bin(b),
        Value::Array(items) => array(items.iter().map(describe).collect()),
        Value::Map(entries) => map(entries
            .iter()
            .map(|(k, v)| (describe(k), describe(v)))
            .collect()),
        Value::Ext(code, data) => json!(["ext", code, hex(data)]),
        Value::Timestamp(t) => timestamp(*t),
    }
}

// ---------------------------------------------------------------------------------------------
// A derived struct with every shape
// ---------------------------------------------------------------------------------------------

#[derive(fastwire::Encode, fastwire::Decode, serde::Serialize, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
struct Order<'a> {
    order_id: u64,
    customer: Customer,
    status: Status,
    events: Vec<Event>,
    note: Option<String>,
    coupon: Option<String>,
    lines_by_sku: BTreeMap<u32, Line>,
    counters: BTreeMap<String, i64>,
    extremes: (i64, i64, u64, u64),
    ratio: f32,
    total: f64,
    greeting: String,
    attachment: &'a [u8],
}

#[derive(fastwire::Encode, fastwire::Decode, serde::Serialize, Debug, PartialEq)]
struct Customer {
    name: String,
    address: Address,
}

#[derive(fastwire::Encode, fastwire::Decode, serde::Serialize, Debug, PartialEq)]
struct Address {
    city: String,
    zip: Option<u32>,
}

#[derive(fastwire::Encode, fastwire::Decode, serde::Serialize, Debug, PartialEq)]
enum Status {
    Pending,
    Shipped,
}

#[derive(fastwire::Encode, fastwire::Decode, serde::Serialize, Debug, PartialEq)]
enum Event {
    Created,
    Renamed(String),
    Moved(i32, i32),
    Paid { amount: u64, currency: String },
}

#[derive(fastwire::Encode, fastwire::Decode, serde::Serialize, Debug, PartialEq)]
struct Line {
    quantity: u16,
    unit_price: f64,
}

const ATTACHMENT: &[u8] = &[0, 1, 127, 128, 255];

fn note() -> String {
    "Leave at the door, please. ".repeat(12)
}

fn greeting() -> String {
    "こんにちは、世界! 你好，世界! 안녕하세요 🍺 ".repeat(3)
}

fn order() -> Order<'static> {
    Order {
        order_id: 9_007_199_254_740_993,
        customer: Customer {
            name: "李小龍".into(),
            address: Address {
                city: "Zürich".into(),
                zip: Some(8001),
            },
        },
        status: Status::Shipped,
        events: vec![
            Event::Created,
            Event::Renamed("gift".into()),
            Event::Moved(-1, 70_000),
            Event::Paid {
                amount: 1999,
                currency: "EUR".into(),
            },
        ],
        note: Some(note()),
        coupon: None,
        lines_by_sku: BTreeMap::from([
            (
                7,
                Line {
                    quantity: 2,
                    unit_price: 9.99,
                },
            ),
            (
                70_000,
                Line {
                    quantity: 65_535,
                    unit_price: -0.0,
                },
            ),
        ]),
        counters: BTreeMap::from([("a".into(), -1), ("b".into(), 0), ("c".into(), i64::MIN)]),
        extremes: (i64::MIN, i64::MAX, u64::MAX, 0),
        ratio: 0.1,
        total: 19.98,
        greeting: greeting(),
        attachment: ATTACHMENT,
    }
}

/// What Python should find in the order as fastwire writes it, written out by hand: structs
/// as maps keyed by (renamed) field name, unit variants as strings, other variants as
/// one-entry maps, `None` as nil, integer map keys as integers, and the `&[u8]` as an array
/// of integers (serde's rule for byte slices, which rmp-serde follows).
fn order_description(attachment: Json) -> Json {
    let line = |quantity, price| {
        map(vec![
            (text("quantity"), uint(quantity)),
            (text("unit_price"), float64(price)),
        ])
    };
    map(vec![
        (text("orderId"), uint(9_007_199_254_740_993)),
        (
            text("customer"),
            map(vec![
                (text("name"), text("李小龍")),
                (
                    text("address"),
                    map(vec![
                        (text("city"), text("Zürich")),
                        (text("zip"), uint(8001)),
                    ]),
                ),
            ]),
        ),
        (text("status"), text("Shipped")),
        (
            text("events"),
            array(vec![
                text("Created"),
                map(vec![(text("Renamed"), text("gift"))]),
                map(vec![(text("Moved"), array(vec![int(-1), uint(70_000)]))]),
                map(vec![(
                    text("Paid"),
                    map(vec![
                        (text("amount"), uint(1999)),
                        (text("currency"), text("EUR")),
                    ]),
                )]),
            ]),
        ),
        (text("note"), text(&note())),
        (text("coupon"), nil()),
        (
            text("linesBySku"),
            map(vec![
                (uint(7), line(2, 9.99)),
                (uint(70_000), line(65_535, -0.0)),
            ]),
        ),
        (
            text("counters"),
            map(vec![
                (text("a"), int(-1)),
                (text("b"), uint(0)),
                (text("c"), int(i64::MIN)),
            ]),
        ),
        (
            text("extremes"),
            array(vec![
                int(i64::MIN),
                uint(i64::MAX as u64),
                uint(u64::MAX),
                uint(0),
            ]),
        ),
        (text("ratio"), float32(0.1)),
        (text("total"), float64(19.98)),
        (text("greeting"), text(&greeting())),
        (text("attachment"), attachment),
    ])
}

// ---------------------------------------------------------------------------------------------
// Values and timestamps
// ---------------------------------------------------------------------------------------------

/// A string of exactly `len` bytes of mixed-width characters.
fn string_of(len: usize) -> String {
    let mut s = String::new();
    for ch in "aé字🍺".chars().cycle() {
        if s.len() + ch.len_utf8() > len {
            break;
        }
        s.push(ch);
    }
    while s.len() < len {
        s.push('z');
    }
    s
}

fn ts(seconds: i64, nanoseconds: u32) -> Timestamp {
    Timestamp::new(seconds, nanoseconds).unwrap()
}

/// Timestamps in all three forms and at their edges, before 1970 and after 9999 (where
/// Python's `datetime` cannot follow, so only `msgpack.Timestamp` is compared), and with
/// nanoseconds that `datetime`'s microseconds cannot hold.
fn timestamps() -> Vec<Timestamp> {
    vec![
        ts(0, 0),
        ts(1, 0),
        ts(1_709_208_000, 0),
        ts(u32::MAX.into(), 0),
        ts(i64::from(u32::MAX) + 1, 0),
        ts(0, 1),
        ts(1_709_208_000, 500_000_000),
        ts(1_514_862_245, 678_901_234),
        ts((1 << 34) - 1, 999_999_999),
        ts(1 << 34, 0),
        ts(253_402_300_799, 999_999_000),
        ts(253_402_300_800, 0),
        ts(-1, 0),
        ts(-1, 999_999_999),
        ts(-2_208_988_800, 0),
        ts(-62_135_596_800, 0),
        ts(-62_135_596_801, 0),
        ts(-1_000_000_000, 123_456_789),
        ts(i64::MIN, 0),
        ts(i64::MIN, 999_999_999),
        ts(i64::MAX, 999_999_999),
    ]
}

fn values() -> Vec<(String, Value)> {
    let mut cases: Vec<(String, Value)> = Vec::new();
    let mut add = |name: String, value: Value| cases.push((name, value));

    for n in [
        0i128,
        1,
        127,
        128,
        255,
        256,
        65_535,
        65_536,
        u32::MAX.into(),
        u32::MAX as i128 + 1,
        i64::MAX.into(),
        i64::MAX as i128 + 1,
        u64::MAX.into(),
        -1,
        -32,
        -33,
        -128,
        -129,
        i16::MIN.into(),
        i16::MIN as i128 - 1,
        i32::MIN.into(),
        i32::MIN as i128 - 1,
        i64::MIN.into(),
    ] {
        add(
            format!("integer {n}"),
            Value::Integer(msgpack::Integer::from_i128(n).unwrap()),
        );
    }
    for x in [
        0.0f32,
        -0.0,
        1.5,
        0.1,
        f32::MIN_POSITIVE,
        f32::from_bits(1),
        f32::MAX,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
    ] {
        add(format!("f32 {x:?}"), Value::F32(x));
    }
    for x in [
        0.0f64,
        -0.0,
        0.1,
        1e300,
        f64::MIN_POSITIVE,
        f64::from_bits(1),
        f64::MAX,
        f64::INFINITY,
        f64::NAN,
    ] {
        add(format!("f64 {x:?}"), Value::F64(x));
    }
    for len in [0usize, 1, 31, 32, 255, 256, 65_535, 65_536] {
        add(
            format!("string of {len} bytes"),
            Value::from(string_of(len)),
        );
        let bytes: Vec<u8> = (0..len).map(|i| (i * 7) as u8).collect();
        add(format!("binary of {len} bytes"), Value::Binary(bytes));
    }
    add(
        "string with controls and quotes".into(),
        Value::from("\u{0}\u{1f}\"\\\n\t\u{7f}\u{2028}"),
    );
    for code in [1i8, 127, -2, -128] {
        for len in [0usize, 1, 2, 3, 4, 8, 16, 17, 255, 256, 65_536] {
            let data: Vec<u8> = (0..len).map(|i| (i * 13) as u8).collect();
            add(format!("ext {code} of {len} bytes"), Value::Ext(code, data));
        }
    }
    for t in timestamps() {
        add(
            format!("timestamp ({}, {})", t.seconds(), t.nanoseconds()),
            Value::Timestamp(t),
        );
    }
    for len in [0usize, 15, 16, 65_535, 65_536] {
        add(
            format!("array of {len}"),
            (0..len).map(|i| Value::from(i % 300)).collect(),
        );
        add(
            format!("map of {len}"),
            Value::Map((0..len).map(|i| (Value::from(i), Value::Nil)).collect()),
        );
    }
    add(
        "map with keys of every kind, and a duplicate".into(),
        Value::Map(vec![
            (Value::from(1), "one".into()),
            (Value::from(-1), "minus one".into()),
            (Value::Nil, Value::Bool(true)),
            (Value::Bool(false), Value::Nil),
            (Value::F64(1.5), "float".into()),
            (Value::Binary(b"bin".to_vec()), "binary".into()),
            (Value::Array(vec![1.into(), 2.into()]), "array".into()),
            (Value::Map(vec![("k".into(), "v".into())]), "map".into()),
            (Value::Ext(5, vec![1]), "ext".into()),
            (Value::Timestamp(ts(-1, 1)), "timestamp".into()),
            (Value::from("dup"), 1.into()),
            (Value::from("dup"), 2.into()),
        ]),
    );
    add(
        "nested document".into(),
        Value::Map(vec![
            ("name".into(), "李小龍".into()),
            (
                "tags".into(),
                Value::Array(vec!["a".into(), Value::Array(vec![Value::Array(vec![])])]),
            ),
            (
                "when".into(),
                Value::Array(timestamps().into_iter().map(Value::Timestamp).collect()),
            ),
            (
                "scores".into(),
                Value::Array(vec![0.5f32.into(), (-2.25f64).into()]),
            ),
            ("blob".into(), Value::Binary(vec![0xde, 0xad])),
            ("meta".into(), Value::Map(vec![])),
        ]),
    );
    cases
}

// ---------------------------------------------------------------------------------------------
// One exchange with Python
// ---------------------------------------------------------------------------------------------

/// What a case holds on the Rust side, to read Python's bytes back with.
enum Expected {
    Value(Value),
    Order,
    Timestamps(Vec<Timestamp>),
}

struct Case {
    name: String,
    /// What fastwire wrote.
    bytes: Vec<u8>,
    /// What Python should find in `bytes`.
    expect: Json,
    /// What Python is asked to write.
    pack: Json,
    expected: Expected,
}

fn cases() -> Vec<Case> {
    let mut cases = Vec::new();
    let order = order();
    let bytes = msgpack::to_vec(&order);
    // rmp-serde, the reference for typed values, writes the same bytes.
    assert_eq!(bytes, rmp_serde::to_vec_named(&order).unwrap());
    let as_ints = array(ATTACHMENT.iter().map(|&b| uint(b.into())).collect());
    cases.push(Case {
        name: "derived struct".into(),
        bytes,
        expect: order_description(as_ints),
        // Python writes the attachment as a bin, which a `&[u8]` field reads (borrowed).
        pack: order_description(bin(ATTACHMENT)),
        expected: Expected::Order,
    });
    let list = timestamps();
    let description = array(list.iter().copied().map(timestamp).collect());
    cases.push(Case {
        name: "Vec<Timestamp>".into(),
        bytes: msgpack::to_vec(&list),
        expect: description.clone(),
        pack: description,
        expected: Expected::Timestamps(list),
    });
    for (name, value) in values() {
        let description = describe(&value);
        cases.push(Case {
            name: format!("Value: {name}"),
            bytes: msgpack::to_vec(&value),
            expect: description.clone(),
            pack: description,
            expected: Expected::Value(value),
        });
    }
    cases
}

/// Inputs for which only the verdict (accepted or refused) is compared: truncations of a
/// rich document, and the classic ways to break MessagePack.
fn verdict_inputs() -> Vec<(String, Vec<u8>)> {
    let (_, document) = values().pop().unwrap();
    let bytes = msgpack::to_vec(&document);
    let mut inputs: Vec<(String, Vec<u8>)> = (0..bytes.len())
        .map(|len| (format!("prefix of {len} bytes"), bytes[..len].to_vec()))
        .collect();
    let mut nanos_64 = b"\xd7\xff".to_vec();
    nanos_64.extend_from_slice(&(1_000_000_000u64 << 34).to_be_bytes());
    let mut nanos_96 = b"\xc7\x0c\xff".to_vec();
    nanos_96.extend_from_slice(&1_000_000_000u32.to_be_bytes());
    nanos_96.extend_from_slice(&[0; 8]);
    for (name, input) in [
        ("0xc1", &b"\xc1"[..]),
        ("0xc1 in an array", b"\x92\x01\xc1"),
        ("0xc1 as a map key", b"\x81\xc1\xc0"),
        ("0xc1 as a map value", b"\x81\xc0\xc1"),
        ("invalid UTF-8", b"\xa2\xc3\x28"),
        ("invalid UTF-8 in a key", b"\x81\xa2\xc3\x28\xc0"),
        ("an overlong encoding", b"\xa2\xc0\x80"),
        ("a UTF-16 surrogate", b"\xa3\xed\xa0\x80"),
        ("invalid UTF-8 in a str 8", b"\xd9\x02\xff\xfe"),
        ("timestamp of 1 byte", b"\xd4\xff\x00"),
        ("timestamp of 2 bytes", b"\xd5\xff\x00\x00"),
        ("timestamp of 3 bytes", b"\xc7\x03\xff\x00\x00\x00"),
        (
            "timestamp of 16 bytes",
            &[&[0xd8, 0xff][..], &[0; 16]].concat(),
        ),
        ("timestamp 64 with 10^9 nanoseconds", &nanos_64),
        ("timestamp 96 with 10^9 nanoseconds", &nanos_96),
        ("trailing bytes", b"\x01\x02"),
        ("two values", b"\xc0\xc0"),
        (
            "an array claiming 2^32 - 1 elements",
            b"\xdd\xff\xff\xff\xff",
        ),
        ("a map claiming 2^32 - 1 entries", b"\xdf\xff\xff\xff\xff"),
        ("a string claiming 5 bytes", b"\xdb\x00\x00\x00\x05a"),
        ("a bin claiming 2^32 - 1 bytes", b"\xc6\xff\xff\xff\xff"),
        ("ext type -128", b"\xd4\x80\x00"),
        ("a bin holding invalid UTF-8", b"\xc4\x02\xc3\x28"),
        ("empty input", b""),
        ("an empty array", b"\x90"),
    ] {
        inputs.push((name.to_owned(), input.to_vec()));
    }
    inputs
}

struct Exchange {
    cases: Vec<Case>,
    verdicts: Vec<(String, Vec<u8>)>,
    response: Json,
}

/// Runs the Python side once for every test in this file.
fn exchange() -> &'static Exchange {
    static EXCHANGE: OnceLock<Exchange> = OnceLock::new();
    EXCHANGE.get_or_init(|| {
        let cases = cases();
        let verdicts = verdict_inputs();
        let request = json!({
            "cases": cases.iter().map(|c| json!({
                "name": c.name,
                "hex": hex(&c.bytes),
                "expect": c.expect,
                "pack": c.pack,
            })).collect::<Vec<_>>(),
            "verdicts": verdicts.iter().map(|(name, bytes)| json!({
                "name": name,
                "hex": hex(bytes),
            })).collect::<Vec<_>>(),
        });
        let response = run_python(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join("python/msgpack_interop.py"),
            Path::new(env!("CARGO_TARGET_TMPDIR")),
            &request,
        );
        assert_eq!(response["cases"].as_array().unwrap().len(), cases.len());
        assert_eq!(
            response["verdicts"].as_array().unwrap().len(),
            verdicts.len()
        );
        Exchange {
            cases,
            verdicts,
            response,
        }
    })
}

/// Equal, with floats compared bit for bit except that any NaN equals any NaN (Python keeps
/// the quiet NaNs used here, but need not keep a payload).
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::F32(x), Value::F32(y)) => x.to_bits() == y.to_bits() || x.is_nan() && y.is_nan(),
        (Value::F64(x), Value::F64(y)) => x.to_bits() == y.to_bits() || x.is_nan() && y.is_nan(),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same(a, b))
        }
        (Value::Map(x), Value::Map(y)) => {
            x.len() == y.len()
                && x.iter()
                    .zip(y)
                    .all(|((ka, va), (kb, vb))| same(ka, kb) && same(va, vb))
        }
        _ => a == b,
    }
}

#[test]
fn python_reads_what_fastwire_writes() {
    let exchange = exchange();
    let mismatches: Vec<String> = exchange
        .cases
        .iter()
        .zip(exchange.response["cases"].as_array().unwrap())
        .filter_map(|(case, answer)| {
            assert_eq!(answer["name"], case.name.as_str());
            answer["mismatch"]
                .as_str()
                .map(|problem| format!("{}: {problem}", case.name))
        })
        .collect();
    assert!(
        mismatches.is_empty(),
        "Python's msgpack {} reads fastwire's output otherwise:\n{}",
        exchange.response["msgpack_version"],
        mismatches.join("\n")
    );
    assert!(exchange.cases.len() > 100);
}

#[test]
fn fastwire_reads_what_python_writes() {
    let exchange = exchange();
    let mut same_bytes = 0;
    for (case, answer) in exchange
        .cases
        .iter()
        .zip(exchange.response["cases"].as_array().unwrap())
    {
        let bytes = unhex(answer["hex"].as_str().unwrap());
        let what = format!("{}: from Python's {} bytes", case.name, bytes.len());
        match &case.expected {
            Expected::Value(expected) => {
                let read: Value =
                    msgpack::from_slice(&bytes).unwrap_or_else(|e| panic!("{what}: {e}"));
                assert!(
                    same(&read, expected),
                    "{what}: read {read}, expected {expected}"
                );
            }
            Expected::Order => {
                let read: Order =
                    msgpack::from_slice(&bytes).unwrap_or_else(|e| panic!("{what}: {e}"));
                assert_eq!(read, order(), "{what}");
                // As a `Value`, the attachment Python wrote is a binary.
                let value: Value = msgpack::from_slice(&bytes).unwrap();
                assert_eq!(value["attachment"], Value::Binary(ATTACHMENT.to_vec()));
                assert_eq!(value["extremes"][2], u64::MAX);
            }
            Expected::Timestamps(expected) => {
                let read: Vec<Timestamp> =
                    msgpack::from_slice(&bytes).unwrap_or_else(|e| panic!("{what}: {e}"));
                assert_eq!(&read, expected, "{what}");
            }
        }
        // Where Python was asked to write what fastwire wrote, it chose the same bytes.
        if case.pack == case.expect {
            assert!(
                bytes == case.bytes,
                "{what}: Python wrote other bytes than fastwire"
            );
            same_bytes += 1;
        }
    }
    assert_eq!(same_bytes, exchange.cases.len() - 1);
}

#[test]
fn python_and_fastwire_refuse_the_same_inputs() {
    let exchange = exchange();
    let mut refused = 0;
    for ((name, bytes), answer) in exchange
        .verdicts
        .iter()
        .zip(exchange.response["verdicts"].as_array().unwrap())
    {
        let python = answer["accepted"].as_bool().unwrap();
        let ours = msgpack::from_slice::<Value>(bytes);
        assert_eq!(
            ours.is_ok(),
            python,
            "{name} ({bytes:02x?}): fastwire {ours:?}, Python {}",
            answer["error"]
        );
        refused += usize::from(!python);
    }
    assert!(refused > 100, "{refused}");
}
