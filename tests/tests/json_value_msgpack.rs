//! MessagePack for `json::Value`, `json::Map` and `json::Number`, against rmp-serde with
//! serde_json's `Value`, `Map` and `Number`, the types they follow.
//!
//! - The json-benchmark corpus (twitter, citm_catalog, canada), read as a `json::Value` and as
//!   a `serde_json::Value`: fastwire writes the bytes `rmp_serde::to_vec_named` and
//!   `rmp_serde::to_vec` write for serde_json's value (whose objects sort their keys, so the
//!   fastwire value is sorted the same way first) and for the fastwire value itself (through
//!   its serde impl, keys in order), and reads both sets of bytes back to the document, as
//!   rmp-serde does.
//! - The msgpack-test-suite and hand-made edge documents (extensions, timestamps, `bin`, keys
//!   of every type, floats that are not finite, strings that are not UTF-8, nesting at the
//!   limit): fastwire reads each into `json::Value`, `json::Map` and `json::Number` exactly
//!   when rmp-serde reads it into serde_json's types, to the same value (floats bit for bit),
//!   and writes what it read as rmp-serde writes serde_json's reading.
//! - Seeded random mutations of encoded documents: the same agreement, and never a panic.
//!
//! rmp-serde's `from_slice` ignores bytes after the value and nests 1023 levels deep, where
//! fastwire refuses trailing bytes and nests 127 levels by default (both documented). The
//! oracle here is rmp-serde with those two rules made fastwire's (its depth limit set to 128,
//! and the input required to end with the value), so that every other difference shows. The
//! serde bridge's native impls for serde_json's own types share the decoder, and are checked
//! alongside.

use std::fmt::{Debug, Write as _};
use std::io::Cursor;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use fastwire::{json, msgpack};
use fastwire_tests::{assert_round_trip, assert_same, assert_same_as_twin};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value as Json;

type JsonMap = serde_json::Map<String, Json>;

// ---------------------------------------------------------------------------------------------
// Comparing and decoding
// ---------------------------------------------------------------------------------------------

fn data(parts: &[&str]) -> PathBuf {
    let mut path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data");
    for part in parts {
        path.push(part);
    }
    assert!(
        path.exists(),
        "test data missing: {} (../shared/data must sit beside the checkout)",
        path.display()
    );
    path
}

/// Whether the numbers are the same: the same class (non-negative integer, negative integer,
/// float) and value, floats bit for bit (so `-0.0` is not `0.0`).
fn same_number(ours: &json::Number, theirs: &serde_json::Number) -> bool {
    ours.as_u64() == theirs.as_u64()
        && ours.as_i64() == theirs.as_i64()
        && ours.is_f64() == theirs.is_f64()
        && ours.as_f64().map(f64::to_bits) == theirs.as_f64().map(f64::to_bits)
}

/// Whether the objects hold the same keys (in any order) with the same values.
fn same_map(ours: &json::Map, theirs: &JsonMap) -> bool {
    ours.len() == theirs.len()
        && ours
            .iter()
            .all(|(key, value)| theirs.get(key).is_some_and(|other| same(value, other)))
}

/// Whether fastwire's value and serde_json's are the same document.
fn same(ours: &json::Value, theirs: &Json) -> bool {
    match (ours, theirs) {
        (json::Value::Null, Json::Null) => true,
        (json::Value::Bool(a), Json::Bool(b)) => a == b,
        (json::Value::Number(a), Json::Number(b)) => same_number(a, b),
        (json::Value::String(a), Json::String(b)) => a == b,
        (json::Value::Array(a), Json::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(a, b)| same(a, b))
        }
        (json::Value::Object(a), Json::Object(b)) => same_map(a, b),
        _ => false,
    }
}

/// rmp-serde's reading of `bytes` as a `T`, with fastwire's two rules (see the module docs):
/// 127 levels of nesting at most, and nothing after the value.
fn rmp_serde_reads<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
    let mut de = rmp_serde::Deserializer::new(Cursor::new(bytes));
    de.set_max_depth(128);
    let value = T::deserialize(&mut de).map_err(|e| e.to_string())?;
    if de.position() != bytes.len() as u64 {
        return Err(format!("trailing bytes at {}", de.position()));
    }
    Ok(value)
}

/// What the three readers of one target type made of a document.
struct Readings<Ours, Theirs> {
    /// fastwire into its own type.
    ours: Result<Ours, msgpack::Error>,
    /// fastwire into serde_json's type (the serde bridge's native impl).
    bridge: Result<Theirs, msgpack::Error>,
    /// rmp-serde into serde_json's type.
    theirs: Result<Theirs, String>,
}

fn read_all<'de, Ours, Theirs>(bytes: &'de [u8]) -> Readings<Ours, Theirs>
where
    Ours: msgpack::Decode<'de>,
    Theirs: msgpack::Decode<'de> + DeserializeOwned,
{
    Readings {
        ours: msgpack::from_slice(bytes),
        bridge: msgpack::from_slice(bytes),
        theirs: rmp_serde_reads(bytes),
    }
}

/// A description of how the readings disagree, if they do: fastwire must accept exactly what
/// rmp-serde accepts, reading the same value (through either of its impls), and point its
/// errors inside the input.
fn disagreement<Ours: Debug, Theirs: Debug>(
    what: &str,
    bytes: &[u8],
    readings: &Readings<Ours, Theirs>,
    same: impl Fn(&Ours, &Theirs) -> bool,
    same_theirs: impl Fn(&Theirs, &Theirs) -> bool,
) -> Option<String> {
    for err in [readings.ours.as_ref().err(), readings.bridge.as_ref().err()]
        .into_iter()
        .flatten()
    {
        if err.offset() > bytes.len() {
            return Some(format!(
                "{what}: error at {} beyond the input's {} bytes: {err}",
                err.offset(),
                bytes.len()
            ));
        }
    }
    let problem = match (&readings.ours, &readings.theirs) {
        (Ok(ours), Ok(theirs)) if !same(ours, theirs) => {
            format!("values differ\n  fastwire:  {ours:?}\n  rmp-serde: {theirs:?}")
        }
        (Ok(ours), Err(e)) => format!("fastwire reads {ours:?}, rmp-serde refuses: {e}"),
        (Err(e), Ok(theirs)) => format!("fastwire refuses ({e}), rmp-serde reads {theirs:?}"),
        _ => match (&readings.bridge, &readings.theirs) {
            (Ok(bridge), Ok(theirs)) if !same_theirs(bridge, theirs) => {
                format!("bridge values differ\n  bridge:    {bridge:?}\n  rmp-serde: {theirs:?}")
            }
            (Ok(_), Err(e)) => format!("the bridge accepts, rmp-serde refuses: {e}"),
            (Err(e), Ok(_)) => format!("the bridge refuses ({e}), rmp-serde accepts"),
            _ => return None,
        },
    };
    Some(format!("{what}: {problem}"))
}

/// What reading one document as `Value`, `Map` and `Number` found.
#[derive(Default)]
struct Outcome {
    /// The disagreements.
    problems: Vec<String>,
    /// Which targets accepted it: `Value`, `Map`, `Number`.
    accepted: [bool; 3],
}

/// Reads `bytes` as each target type with each reader; for a document read as a `Value`,
/// also checks that fastwire writes it back as rmp-serde writes serde_json's reading.
fn check_document(bytes: &[u8]) -> Outcome {
    let mut outcome = Outcome::default();
    let readings = read_all::<json::Value, Json>(bytes);
    outcome.problems.extend(disagreement(
        "Value",
        bytes,
        &readings,
        same,
        |bridge: &Json, theirs: &Json| {
            // Compared through fastwire's reading, which is the same as both.
            readings
                .ours
                .as_ref()
                .is_ok_and(|ours| same(ours, bridge) && same(ours, theirs))
        },
    ));
    if let (Ok(ours), Ok(theirs)) = (&readings.ours, &readings.theirs) {
        outcome.accepted[0] = true;
        let mut sorted = ours.clone();
        sorted.sort_all_objects();
        let expected = rmp_serde::to_vec_named(theirs).unwrap();
        if msgpack::to_vec(&sorted) != expected {
            outcome.problems.push(format!(
                "Value written back: fastwire {}, rmp-serde {}",
                hex(&msgpack::to_vec(&sorted)),
                hex(&expected)
            ));
        }
        if msgpack::to_vec(theirs) != expected {
            outcome
                .problems
                .push("the bridge writes other bytes".to_owned());
        }
    }

    let readings = read_all::<json::Map, JsonMap>(bytes);
    outcome.problems.extend(disagreement(
        "Map",
        bytes,
        &readings,
        same_map,
        |bridge: &JsonMap, theirs: &JsonMap| {
            readings
                .ours
                .as_ref()
                .is_ok_and(|ours| same_map(ours, bridge) && same_map(ours, theirs))
        },
    ));
    outcome.accepted[1] = readings.theirs.is_ok();

    let readings = read_all::<json::Number, serde_json::Number>(bytes);
    outcome.problems.extend(disagreement(
        "Number",
        bytes,
        &readings,
        same_number,
        |bridge: &serde_json::Number, theirs: &serde_json::Number| {
            readings
                .ours
                .as_ref()
                .is_ok_and(|ours| same_number(ours, bridge) && same_number(ours, theirs))
        },
    ));
    if let (Ok(ours), Ok(theirs)) = (&readings.ours, &readings.theirs) {
        outcome.accepted[2] = true;
        if msgpack::to_vec(ours) != rmp_serde::to_vec(theirs).unwrap() {
            outcome
                .problems
                .push(format!("Number {ours:?} written back differs"));
        }
    }
    outcome
}

fn hex(bytes: &[u8]) -> String {
    let mut out = String::new();
    for byte in bytes.iter().take(160) {
        let _ = write!(out, "{byte:02x}");
    }
    if bytes.len() > 160 {
        let _ = write!(out, "... ({} bytes)", bytes.len());
    }
    out
}

#[track_caller]
fn assert_agrees(name: &str, bytes: &[u8]) -> [bool; 3] {
    let outcome = check_document(bytes);
    assert!(
        outcome.problems.is_empty(),
        "{name} ({}):\n{}",
        hex(bytes),
        outcome.problems.join("\n")
    );
    outcome.accepted
}

// ---------------------------------------------------------------------------------------------
// The corpus
// ---------------------------------------------------------------------------------------------

const CORPUS: [&str; 3] = ["twitter.json", "citm_catalog.json", "canada.json"];

#[test]
fn corpus_encodes_as_rmp_serde_and_reads_back() {
    for name in CORPUS {
        let text = std::fs::read(data(&["json-benchmark", name])).unwrap();
        let ours: json::Value = json::from_slice(&text).unwrap();
        let theirs: Json = serde_json::from_slice(&text).unwrap();
        assert!(same(&ours, &theirs), "{name}: the JSON readings differ");

        // Keys in the document's order: as rmp-serde writes the fastwire value through its
        // serde impl, which makes serde_json's calls.
        let bytes = msgpack::to_vec(&ours);
        assert!(
            bytes == rmp_serde::to_vec_named(&ours).unwrap(),
            "{name}: to_vec_named"
        );
        assert!(bytes == rmp_serde::to_vec(&ours).unwrap(), "{name}: to_vec");
        let mut streamed = Vec::new();
        msgpack::to_writer(&mut streamed, &ours).unwrap();
        assert!(streamed == bytes, "{name}: to_writer");
        let map = ours.as_object().unwrap();
        assert!(msgpack::to_vec(map) == bytes, "{name}: the Map");

        // Keys sorted: as rmp-serde writes serde_json's value.
        let mut sorted = ours.clone();
        sorted.sort_all_objects();
        let sorted_bytes = msgpack::to_vec(&sorted);
        let oracle = rmp_serde::to_vec_named(&theirs).unwrap();
        assert!(sorted_bytes == oracle, "{name}: against serde_json's Value");
        assert!(oracle == rmp_serde::to_vec(&theirs).unwrap(), "{name}");
        assert!(msgpack::to_vec(&theirs) == oracle, "{name}: the bridge");

        // Both sets of bytes read back, by fastwire as by rmp-serde.
        for bytes in [&bytes, &oracle] {
            let back: json::Value = msgpack::from_slice(bytes).unwrap();
            assert!(same(&back, &theirs), "{name}: read back");
            let rmp: Json = rmp_serde::from_slice(bytes).unwrap();
            assert!(same(&back, &rmp), "{name}: rmp-serde's reading");
            let back: json::Map = msgpack::from_slice(bytes).unwrap();
            assert!(
                same_map(&back, theirs.as_object().unwrap()),
                "{name}: as a Map"
            );
        }
        // What fastwire read keeps the document's order, and so writes the same bytes.
        let back: json::Value = msgpack::from_slice(&bytes).unwrap();
        assert!(msgpack::to_vec(&back) == bytes, "{name}: written again");
    }
}

// ---------------------------------------------------------------------------------------------
// The conformance suite and edge documents
// ---------------------------------------------------------------------------------------------

fn unhex(text: &str) -> Vec<u8> {
    if text.is_empty() {
        return Vec::new();
    }
    text.split('-')
        .map(|byte| u8::from_str_radix(byte, 16).unwrap())
        .collect()
}

/// Every encoding of every case of the msgpack-test-suite, named `file#case#encoding`.
fn suite_documents() -> Vec<(String, Vec<u8>)> {
    let path = data(&["msgpack-test-suite", "dist", "msgpack-test-suite.json"]);
    let files: JsonMap = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
    let mut out = Vec::new();
    for (file, cases) in &files {
        for (index, case) in cases.as_array().unwrap().iter().enumerate() {
            for (form, encoding) in case["msgpack"].as_array().unwrap().iter().enumerate() {
                let bytes = unhex(encoding.as_str().unwrap());
                out.push((format!("{file}#{index}#{form}"), bytes));
            }
        }
    }
    assert!(out.len() > 200, "the msgpack-test-suite looks incomplete");
    out
}

/// `levels` arrays of one element around `inner`.
fn nested(levels: usize, inner: &[u8]) -> Vec<u8> {
    [&vec![0x91; levels][..], inner].concat()
}

/// Documents the suite lacks.
fn edge_documents() -> Vec<Vec<u8>> {
    let fixed: &[&[u8]] = &[
        b"\xca\x7f\xc0\x00\x00",                                         // f32 NaN
        b"\xca\xff\x80\x00\x00",                                         // f32 -inf
        b"\xca\x80\x00\x00\x00",                                         // f32 -0.0
        b"\xca\x3d\xcc\xcc\xcd",                                         // f32 0.1, widened exactly
        b"\xca\x00\x00\x00\x01",                                         // the least f32 subnormal
        b"\xcb\x7f\xf8\0\0\0\0\0\x01",                                   // f64 NaN with a payload
        b"\xcb\x7f\xf0\0\0\0\0\0\0",                                     // f64 inf
        b"\xcb\x80\0\0\0\0\0\0\0",                                       // f64 -0.0
        b"\xcb\x7f\xef\xff\xff\xff\xff\xff\xff",                         // f64 max
        b"\xcf\xff\xff\xff\xff\xff\xff\xff\xff",                         // u64 max
        b"\xd3\x80\0\0\0\0\0\0\0",                                       // i64 min
        b"\xd3\x00\0\0\0\0\0\0\x05",                                     // a positive int 64
        b"\xd0\x00",                                                     // int 8 zero
        b"\xcc\x05", // a uint 8 that fits a fixint
        b"\x93\xca\x7f\xc0\0\0\xcb\xff\xf0\0\0\0\0\0\0\x01", // [NaN, -inf, 1]
        b"\x82\xa1a\xca\x7f\xc0\0\0\xa1b\xc0", // {"a": NaN, "b": nil}
        b"\xc4\x10\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\x01", // an i128 as rmp-serde writes it
        b"\xc4\x00", // empty bin
        b"\xc5\x00\x02ab", // bin 16
        b"\xd4\x05\x00", // fixext 1
        b"\xc7\x00\x80", // ext 8, empty, type -128
        b"\xd6\xff\x00\x00\x00\x01", // timestamp 32
        b"\xd7\xff\x00\x00\x00\x04\x00\x00\x00\x01", // timestamp 64
        b"\xc7\x0c\xff\x00\x00\x00\x01\xff\xff\xff\xff\xff\xff\xff\xff", // timestamp 96
        b"\x91\xd6\xff\x00\x00\x00\x01", // a timestamp in an array
        b"\x81\xa1t\xd6\xff\x00\x00\x00\x01", // a timestamp in a map
        b"\xa2\xff\xfe", // a str that is not UTF-8
        b"\xd9\x03a\xffb", // the same, str 8
        b"\x91\xa1\xff", // in an array
        b"\x81\xa1\xff\x01", // as the first key
        b"\x82\xa1a\x01\xa1\xff\x01", // as a later key
        b"\x81\xc4\x01\xff\x01", // a bin key that is not UTF-8
        b"\x81\xc4\x01a\x01", // a bin first key
        b"\x82\xa1a\x01\xc4\x01b\x02", // a bin later key
        b"\x82\xc4\x01a\x01\xc4\x01b\x02", // bin keys only
        b"\x81\x01\x02", // an integer key
        b"\x82\xa1a\x01\x01\x02", // a later integer key
        b"\x81\xc0\x01", // a nil key
        b"\x81\xc3\x01", // a boolean key
        b"\x81\xca\x3f\x80\0\0\x01", // a float key
        b"\x81\x90\x01", // an array key
        b"\x81\x80\x01", // a map key
        b"\x81\xd4\x01\x02\x01", // an extension key
        b"\x83\xa1a\x01\xa1b\x02\xa1a\x03", // a repeated key
        b"\x80",     // {}
        b"\xde\x00\x00", // {} as map 16
        b"\xdc\x00\x00", // [] as array 16
        b"\xdd\x00\x00\x00\x01\xc0", // [nil] as array 32
        b"\xdf\x00\x00\x00\x01\xa1k\xc3", // {"k": true} as map 32
        b"\xc0",     // nil
        b"\xc1",     // never a value
        b"",         // nothing
        b"\x92\x01", // truncated
        b"\xdd\xff\xff\xff\xff", // a length far beyond the input
        b"\xdf\xff\xff\xff\xff\xc0", // the same, a map
        b"\xdb\xff\xff\xff\xff", // a str length beyond it
        b"\x01\x02", // bytes after the value
        b"\x90\xc0", // the same, after an array
    ];
    let mut docs: Vec<Vec<u8>> = fixed.iter().map(|doc| doc.to_vec()).collect();
    // The nesting limit, and what nests at it: 127 levels of arrays nest, 128 do not.
    for levels in [126, 127, 128, 129] {
        docs.push(nested(levels, b"\xc0"));
        docs.push(nested(levels - 1, b"\x81\xa1k\xc0"));
        docs.push(nested(levels - 2, b"\x81\xa1k\x90"));
    }
    docs
}

#[test]
fn suite_documents_read_as_rmp_serde_reads_them() {
    let mut accepted = [0; 3];
    let docs = suite_documents();
    for (name, bytes) in &docs {
        let found = assert_agrees(name, bytes);
        for (count, found) in accepted.iter_mut().zip(found) {
            *count += usize::from(found);
        }
    }
    // The suite's numbers, strings, arrays and maps are read; its binaries, extensions and
    // timestamps refused.
    assert!(
        accepted[0] > docs.len() / 2,
        "{accepted:?} of {}",
        docs.len()
    );
    assert!(accepted[0] < docs.len(), "{accepted:?}");
    assert!(accepted[1] > 0 && accepted[2] > 0, "{accepted:?}");
}

#[test]
fn edge_documents_read_as_rmp_serde_reads_them() {
    let docs = edge_documents();
    let mut accepted = [0; 3];
    for (index, bytes) in docs.iter().enumerate() {
        let found = assert_agrees(&format!("edge document {index}"), bytes);
        for (count, found) in accepted.iter_mut().zip(found) {
            *count += usize::from(found);
        }
    }
    // About half are read: the checks do not pass by refusing everything.
    assert!(
        accepted[0] >= 25 && accepted[0] < docs.len() - 25,
        "{accepted:?}"
    );
    assert!(accepted[1] >= 8 && accepted[2] >= 8, "{accepted:?}");
}

/// The nesting limit is fastwire's (127 levels by default, or the decoder's), and applies to
/// maps as to arrays.
#[test]
fn nesting_follows_the_decoders_limit() {
    for (levels, ok) in [(127, true), (128, false)] {
        let doc = nested(levels - 2, b"\x81\xa1k\x90");
        assert_eq!(msgpack::from_slice::<json::Value>(&doc).is_ok(), ok);
        assert_eq!(
            msgpack::from_slice::<json::Value>(&nested(levels, b"\x01")).is_ok(),
            ok
        );
    }
    let doc = nested(10, b"\x01");
    let strict = msgpack::Decoder::new().max_depth(10);
    let err = strict.from_slice::<json::Value>(&doc).unwrap_err();
    assert!(
        err.to_string().starts_with("recursion limit exceeded"),
        "{err}"
    );
    assert_eq!(err.offset(), 9);
    assert!(msgpack::Decoder::new()
        .max_depth(11)
        .from_slice::<json::Value>(&doc)
        .is_ok());
    // rmp-serde reads deeper by default.
    let deep = nested(500, b"\x01");
    assert!(msgpack::from_slice::<json::Value>(&deep).is_err());
    let deep_ok = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || rmp_serde::from_slice::<Json>(&deep).is_ok())
        .unwrap()
        .join()
        .unwrap();
    assert!(deep_ok);
}

/// The differences the impls document, pinned: bytes after the value, and serde_json's
/// `raw_value` feature (which this crate's serde_json has) reading a map keyed by its private
/// token as the JSON text the value holds.
#[test]
fn documented_differences_from_rmp_serde() {
    let trailing = b"\x91\x01\x02";
    assert!(rmp_serde::from_slice::<Json>(trailing).is_ok());
    let err = msgpack::from_slice::<json::Value>(trailing).unwrap_err();
    assert!(err.to_string().starts_with("trailing bytes"), "{err}");
    assert_eq!(err.offset(), 2);

    let mut raw = b"\x81\xbe$serde_json::private::RawValue".to_vec();
    raw.extend_from_slice(b"\xa3[1]");
    assert_eq!(
        rmp_serde::from_slice::<Json>(&raw).unwrap(),
        serde_json::json!([1])
    );
    let ours: json::Value = msgpack::from_slice(&raw).unwrap();
    assert_eq!(
        ours,
        fastwire::json!({ "$serde_json::private::RawValue": "[1]" })
    );
    // serde_json's `Map` gives the token no meaning.
    let map: JsonMap = rmp_serde::from_slice(&raw).unwrap();
    assert!(same_map(&msgpack::from_slice(&raw).unwrap(), &map));
}

// ---------------------------------------------------------------------------------------------
// Numbers
// ---------------------------------------------------------------------------------------------

#[test]
fn numbers_encode_and_read_as_rmp_serde_does() {
    let mut numbers: Vec<serde_json::Number> = Vec::new();
    for value in [
        0u64,
        1,
        127,
        128,
        255,
        256,
        65_535,
        65_536,
        u32::MAX.into(),
        u64::MAX,
    ] {
        numbers.push(value.into());
        numbers.push((value - value.min(1)).into());
    }
    for value in [
        -1i64,
        -32,
        -33,
        -128,
        -129,
        -32_768,
        -32_769,
        i32::MIN.into(),
        i64::MIN,
    ] {
        numbers.push(value.into());
        numbers.push((value + 1).into());
    }
    for value in [
        0.0,
        -0.0,
        0.5,
        -1.5,
        1.0,
        1e300,
        f64::MAX,
        f64::MIN_POSITIVE,
        5e-324,
        f64::from(f32::MAX),
        0.1,
    ] {
        numbers.push(serde_json::Number::from_f64(value).unwrap());
    }
    for theirs in &numbers {
        let expected = rmp_serde::to_vec(theirs).unwrap();
        let ours: json::Number = msgpack::from_slice(&expected).unwrap();
        assert!(same_number(&ours, theirs), "{theirs}");
        assert_eq!(msgpack::to_vec(&ours), expected, "{theirs}");
        // The hint that sizes the output buffer is exact for a number.
        assert_eq!(
            msgpack::Encode::size_hint(&ours),
            expected.len(),
            "{theirs}"
        );
        assert_eq!(
            rmp_serde::to_vec_named(&ours).unwrap(),
            expected,
            "{theirs}"
        );
        let value = json::Value::Number(ours);
        assert_eq!(msgpack::to_vec(&value), expected, "{theirs}");
        // The same bytes read as serde_json's number, by rmp-serde.
        let back: serde_json::Number = rmp_serde::from_slice(&expected).unwrap();
        assert!(same_number(&ours, &back), "{theirs}");
    }
}

// ---------------------------------------------------------------------------------------------
// Mutations
// ---------------------------------------------------------------------------------------------

/// A value in a document: where it starts and ends, its marker, and whether it is a map key.
#[derive(Clone, Copy, Debug)]
struct Span {
    start: usize,
    end: usize,
    marker: u8,
    header: usize,
    is_key: bool,
}

/// The values of a well-formed document in order, or `None`.
fn spans(doc: &[u8]) -> Option<Vec<Span>> {
    fn length(doc: &[u8], at: usize, width: usize) -> Option<usize> {
        let bytes = doc.get(at..at + width)?;
        Some(bytes.iter().fold(0, |n, &b| n << 8 | usize::from(b)))
    }
    fn walk(doc: &[u8], at: usize, is_key: bool, out: &mut Vec<Span>, depth: u32) -> Option<usize> {
        if depth > 300 {
            return None;
        }
        let marker = *doc.get(at)?;
        // (header bytes, payload bytes, values inside)
        let (header, payload, items) = match marker {
            0x00..=0x7f | 0xe0..=0xff | 0xc0 | 0xc2 | 0xc3 => (1, 0, 0),
            0x80..=0x8f => (1, 0, 2 * usize::from(marker & 0x0f)),
            0x90..=0x9f => (1, 0, usize::from(marker & 0x0f)),
            0xa0..=0xbf => (1, usize::from(marker & 0x1f), 0),
            0xc4 | 0xd9 => (2, length(doc, at + 1, 1)?, 0),
            0xc5 | 0xda => (3, length(doc, at + 1, 2)?, 0),
            0xc6 | 0xdb => (5, length(doc, at + 1, 4)?, 0),
            0xc7 => (3, length(doc, at + 1, 1)?, 0),
            0xc8 => (4, length(doc, at + 1, 2)?, 0),
            0xc9 => (6, length(doc, at + 1, 4)?, 0),
            0xcc | 0xd0 => (1, 1, 0),
            0xcd | 0xd1 => (1, 2, 0),
            0xca | 0xce | 0xd2 => (1, 4, 0),
            0xcb | 0xcf | 0xd3 => (1, 8, 0),
            0xd4..=0xd8 => (2, 1 << (marker - 0xd4), 0),
            0xdc => (3, 0, length(doc, at + 1, 2)?),
            0xdd => (5, 0, length(doc, at + 1, 4)?),
            0xde => (3, 0, 2 * length(doc, at + 1, 2)?),
            0xdf => (5, 0, 2 * length(doc, at + 1, 4)?),
            0xc1 => return None,
        };
        let index = out.len();
        let is_map = matches!(marker, 0x80..=0x8f | 0xde | 0xdf);
        out.push(Span {
            start: at,
            end: 0,
            marker,
            header,
            is_key,
        });
        let mut pos = at + header + payload;
        if pos > doc.len() {
            return None;
        }
        for item in 0..items {
            pos = walk(doc, pos, is_map && item % 2 == 0, out, depth + 1)?;
        }
        out[index].end = pos;
        Some(pos)
    }
    let mut out = Vec::new();
    (walk(doc, 0, false, &mut out, 0)? == doc.len()).then_some(out)
}

/// Values that stand in for others.
const SPECIAL: &[&[u8]] = &[
    b"\xc0",
    b"\xc3",
    b"\xc1",
    b"\x7f",
    b"\xe0",
    b"\xcc\x80",
    b"\xd0\x05",
    b"\xd3\x00\0\0\0\0\0\0\x2a",
    b"\xcf\xff\xff\xff\xff\xff\xff\xff\xff",
    b"\xd3\x80\0\0\0\0\0\0\0",
    b"\xca\x7f\xc0\0\0",
    b"\xca\xc1\x20\0\0",
    b"\xcb\xff\xf0\0\0\0\0\0\0",
    b"\xcb\x80\0\0\0\0\0\0\0",
    b"\xa0",
    b"\xa1k",
    b"\xa2\xc3\x28",
    b"\xc4\x01k",
    b"\xc4\x02\xc3\x28",
    b"\x90",
    b"\x80",
    b"\x81\xc4\x01k\x01",
    b"\x82\xa1k\x01\xc4\x01j\x02",
    b"\x81\x01\x01",
    b"\xd4\x01\x02",
    b"\xd6\xff\0\0\0\x01",
    b"\xc7\x00\x05",
];

/// One random change to `doc`; `None` where the chosen kind finds nothing to change.
fn mutate(rng: &mut StdRng, doc: &[u8]) -> Option<Vec<u8>> {
    let spans = spans(doc);
    let pick = |rng: &mut StdRng, keep: &dyn Fn(&Span) -> bool| -> Option<Span> {
        let found: Vec<Span> = spans.as_ref()?.iter().copied().filter(keep).collect();
        (!found.is_empty()).then(|| found[rng.random_range(0..found.len())])
    };
    let splice = |span: &Span, with: &[u8]| [&doc[..span.start], with, &doc[span.end..]].concat();
    let interesting = |rng: &mut StdRng| match rng.random_range(0..3) {
        0 => rng.random_range(0xc0..=0xdf),
        1 => rng.random_range(0x80..=0xbf),
        _ => rng.random(),
    };
    Some(match rng.random_range(0..11) {
        0 => {
            let mut out = doc.to_vec();
            let at = rng.random_range(0..out.len().max(1));
            *out.get_mut(at)? = interesting(rng);
            out
        }
        1 => {
            let mut out = doc.to_vec();
            out.insert(rng.random_range(0..=out.len()), interesting(rng));
            out
        }
        2 => {
            let mut out = doc.to_vec();
            if out.is_empty() {
                return None;
            }
            out.remove(rng.random_range(0..out.len()));
            out
        }
        3 => doc[..rng.random_range(0..doc.len().max(1))].to_vec(),
        4 => {
            let span = pick(rng, &|_| true)?;
            splice(&span, SPECIAL[rng.random_range(0..SPECIAL.len())])
        }
        5 => {
            // A string (often a key) made a `bin` of the same bytes.
            let span = pick(rng, &|s| matches!(s.marker, 0xa0..=0xbf | 0xd9..=0xdb))?;
            let body = &doc[span.start + span.header..span.end];
            let header = if body.len() < 256 {
                vec![0xc4, body.len() as u8]
            } else {
                [&[0xc5][..], &(body.len() as u16).to_be_bytes()].concat()
            };
            splice(&span, &[&header[..], body].concat())
        }
        6 => {
            let target = pick(rng, &|_| true)?;
            let source = pick(rng, &|_| true)?;
            splice(&target, &doc[source.start..source.end])
        }
        7 => {
            // An integer in another form that holds it.
            let span = pick(
                rng,
                &|s| matches!(s.marker, 0x00..=0x7f | 0xe0..=0xff | 0xcc..=0xd3),
            )?;
            let value: i128 = match span.marker {
                0x00..=0x7f => span.marker.into(),
                0xe0..=0xff => (span.marker as i8).into(),
                _ => {
                    let body = &doc[span.start + 1..span.end];
                    let unsigned = body.iter().fold(0u64, |n, &b| n << 8 | u64::from(b));
                    if span.marker >= 0xd0 {
                        let bits = 8 * body.len() as u32;
                        ((unsigned as i128) << (128 - bits)) >> (128 - bits)
                    } else {
                        unsigned.into()
                    }
                }
            };
            let mut forms: Vec<Vec<u8>> = Vec::new();
            if let Ok(v) = i64::try_from(value) {
                forms.push([&[0xd3][..], &v.to_be_bytes()].concat());
                if let Ok(v) = i8::try_from(v) {
                    forms.push(vec![0xd0, v as u8]);
                }
            }
            if let Ok(v) = u64::try_from(value) {
                forms.push([&[0xcf][..], &v.to_be_bytes()].concat());
                if let Ok(v) = u16::try_from(v) {
                    forms.push([&[0xcd][..], &v.to_be_bytes()].concat());
                }
            }
            splice(&span, &forms[rng.random_range(0..forms.len())])
        }
        8 => {
            // A container's count one more or one less.
            let span = pick(rng, &|s| matches!(s.marker, 0x80..=0x9f))?;
            let count = span.marker & 0x0f;
            let count = if rng.random_bool(0.5) {
                count.checked_add(1).filter(|&c| c < 16)?
            } else {
                count.checked_sub(1)?
            };
            let mut out = doc.to_vec();
            out[span.start] = (span.marker & 0xf0) | count;
            out
        }
        9 => {
            let mut out = doc.to_vec();
            out.extend_from_slice(SPECIAL[rng.random_range(0..SPECIAL.len())]);
            out
        }
        _ => {
            let span = pick(rng, &|s| !s.is_key)?;
            let levels = rng.random_range(124..=128);
            splice(&span, &nested(levels, &doc[span.start..span.end]))
        }
    })
}

/// Documents to mutate: the suite's and the edge documents, and parts of the corpus.
fn mutation_sources() -> Vec<Vec<u8>> {
    let mut docs: Vec<Vec<u8>> = suite_documents().into_iter().map(|(_, doc)| doc).collect();
    docs.extend(edge_documents().into_iter().filter(|doc| doc.len() < 100));
    let text = std::fs::read(data(&["json-benchmark", "twitter.json"])).unwrap();
    let twitter: json::Value = json::from_slice(&text).unwrap();
    for status in twitter["statuses"].as_array().unwrap().iter().take(12) {
        docs.push(msgpack::to_vec(status));
    }
    let text = std::fs::read(data(&["json-benchmark", "citm_catalog.json"])).unwrap();
    let citm: json::Value = json::from_slice(&text).unwrap();
    for (_, event) in citm["events"].as_object().unwrap().iter().take(12) {
        docs.push(msgpack::to_vec(event));
    }
    docs.push(msgpack::to_vec(&citm["areaNames"]));
    docs
}

#[test]
fn mutated_documents_read_as_rmp_serde_reads_them() {
    let sources = mutation_sources();
    let mut found: Vec<String> = Vec::new();
    let mut accepted = [0usize; 3];
    let cases = 6000;
    for case in 0..cases {
        let seed = 0x150A_0000 + case as u64;
        let mut rng = StdRng::seed_from_u64(seed);
        let mut doc = sources[rng.random_range(0..sources.len())].clone();
        for _ in 0..rng.random_range(1..=3) {
            if let Some(mutated) = mutate(&mut rng, &doc) {
                doc = mutated;
            }
        }
        let outcome = catch_unwind(AssertUnwindSafe(|| check_document(&doc)));
        match outcome {
            Ok(outcome) => {
                for (count, found) in accepted.iter_mut().zip(outcome.accepted) {
                    *count += usize::from(found);
                }
                found.extend(
                    outcome.problems.into_iter().map(|problem| {
                        format!("seed {seed:#x}: {problem}\n  input: {}", hex(&doc))
                    }),
                );
            }
            Err(_) => found.push(format!("seed {seed:#x}: a panic\n  input: {}", hex(&doc))),
        }
    }
    assert!(
        found.is_empty(),
        "{} disagreements, the first ones:\n{}",
        found.len(),
        found[..found.len().min(8)].join("\n")
    );
    // Enough of the mutated documents are still read for the values to be compared.
    assert!(accepted[0] > cases / 5, "{accepted:?}");
    assert!(
        accepted[1] > cases / 40 && accepted[2] > cases / 20,
        "{accepted:?}"
    );
}

// ---------------------------------------------------------------------------------------------
// Derived structs
// ---------------------------------------------------------------------------------------------

#[derive(fastwire::Encode, fastwire::Decode, Serialize, Deserialize, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
struct Doc {
    id: u32,
    meta: json::Value,
    extra: Option<json::Map>,
    weight: json::Number,
    history: Vec<json::Value>,
}

/// [`Doc`] with serde_json's types.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct DocOracle {
    id: u32,
    meta: Json,
    extra: Option<JsonMap>,
    weight: serde_json::Number,
    history: Vec<Json>,
}

#[test]
fn derived_structs_with_json_values_round_trip_in_both_formats() {
    let meta = fastwire::json!({
        "tags": ["a", "b"],
        "score": -0.5,
        "nested": { "deep": [null, true, 18446744073709551615u64, -9223372036854775808i64] },
        "empty": {},
    });
    let docs = [
        Doc {
            id: 1,
            meta: meta.clone(),
            extra: Some(meta.as_object().unwrap().clone()),
            weight: json::Number::from_f64(2.25).unwrap(),
            history: vec![json::Value::Null, meta.clone(), fastwire::json!("x")],
        },
        Doc {
            id: 2,
            meta: json::Value::Null,
            extra: None,
            weight: json::Number::from(-7),
            history: Vec::new(),
        },
    ];
    for doc in &docs {
        // Bytes equal serde's for the same struct (through the serde impls of fastwire's
        // values), in both formats and through every entry point; read back by every entry
        // point to the same struct.
        assert_same(doc);
        assert_round_trip(doc);

        // The same bytes as the struct holding serde_json's values, whose objects sort their
        // keys (serde_json without `preserve_order`): the fastwire values sorted the same way.
        let mut sorted = Doc {
            id: doc.id,
            meta: doc.meta.clone(),
            extra: doc.extra.clone(),
            weight: doc.weight,
            history: doc.history.clone(),
        };
        sorted.meta.sort_all_objects();
        sorted
            .history
            .iter_mut()
            .for_each(json::Value::sort_all_objects);
        if let Some(extra) = &mut sorted.extra {
            extra.sort_keys();
            extra.values_mut().for_each(json::Value::sort_all_objects);
        }
        let twin: DocOracle = serde_json::from_str(&json::to_string(doc)).unwrap();
        assert_same_as_twin(&sorted, &twin);
        let bytes = rmp_serde::to_vec_named(&twin).unwrap();
        assert_eq!(msgpack::from_slice::<Doc>(&bytes).unwrap(), sorted);
    }
}
