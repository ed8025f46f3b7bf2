//! serde's `Serialize` and `Deserialize` for fastwire's `Value`s, against the `Value`s whose
//! impls they follow: serde_json's for `json::Value` (and `Map`, `Number`), rmpv's for
//! `msgpack::Value`.
//!
//! - JSON: on the json-benchmark corpus and JSONTestSuite's `y_` files, serde_json and
//!   rmp-serde write a fastwire `Value` as they write serde_json's `Value` for the same
//!   document (whose map sorts its keys: the fastwire value is compared with its keys sorted
//!   the same way), and, keys in the order read, as they write rmpv's `Value` read through
//!   serde_json (rmpv keeps the order, and its serde impl makes the same calls as
//!   serde_json's `Value` with `preserve_order`). serde_json reads every file of
//!   JSONTestSuite into a fastwire `Value` as fastwire's own decoder does, and refuses what
//!   it refuses for its own `Value` with the same message.
//! - MessagePack: on the msgpack-test-suite, the corpus converted to MessagePack and hand-made
//!   documents (extensions, timestamps, keys of every type, strings that are not UTF-8),
//!   rmp-serde and serde_json write a fastwire `Value` as they write rmpv's for the same
//!   bytes, and rmp-serde reads the bytes into the `Value` fastwire's own decoder reads, and
//!   into what rmpv's `Value` reads; also on random mutations of those documents.
//! - serde-derived structs holding fastwire values (plain fields, `Option`, `flatten`,
//!   `untagged`) round-trip through serde_json and rmp-serde, with the bytes of the same
//!   structs holding serde_json's and rmpv's values.

use std::fs;
use std::path::{Path, PathBuf};

use fastwire::json;
use fastwire::msgpack;
use fastwire_tests::{spec_timestamp_data, spec_timestamp_parse};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

// ---------------------------------------------------------------------------------------------
// Test data
// ---------------------------------------------------------------------------------------------

fn data_dir(parts: &[&str]) -> PathBuf {
    let mut dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data");
    for part in parts {
        dir.push(part);
    }
    assert!(
        dir.is_dir(),
        "test data missing: {} (../shared/data must sit beside the checkout)",
        dir.display()
    );
    dir
}

/// The `.json` files of a directory, sorted by name.
fn json_files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<(String, Vec<u8>)> = fs::read_dir(dir)
        .unwrap()
        .map(|entry| {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, fs::read(&path).unwrap())
        })
        .filter(|(name, _)| name.ends_with(".json"))
        .collect();
    out.sort();
    out
}

fn corpus() -> Vec<(String, Vec<u8>)> {
    let dir = data_dir(&["json-benchmark"]);
    ["twitter.json", "citm_catalog.json", "canada.json"]
        .iter()
        .map(|name| (name.to_string(), fs::read(dir.join(name)).unwrap()))
        .collect()
}

/// Every file of JSONTestSuite's `test_parsing`: `y_`, `n_` and `i_`.
fn parsing_files() -> Vec<(String, Vec<u8>)> {
    let files = json_files(&data_dir(&["JSONTestSuite", "test_parsing"]));
    assert!(files.len() > 300, "JSONTestSuite looks incomplete");
    files
}

/// The corpus and the `y_` files: documents every parser must accept.
fn valid_documents() -> Vec<(String, Vec<u8>)> {
    let mut docs = corpus();
    docs.extend(
        parsing_files()
            .into_iter()
            .filter(|(name, _)| name.starts_with("y_")),
    );
    docs
}

// ---------------------------------------------------------------------------------------------
// JSON helpers
// ---------------------------------------------------------------------------------------------

/// The value with every object's keys sorted, as serde_json's `Map` (without
/// `preserve_order`) keeps them.
fn sorted(value: &json::Value) -> json::Value {
    match value {
        json::Value::Array(items) => json::Value::Array(items.iter().map(sorted).collect()),
        json::Value::Object(map) => {
            let mut entries: Vec<(&String, &json::Value)> = map.iter().collect();
            entries.sort_by(|a, b| a.0.cmp(b.0));
            json::Value::Object(
                entries
                    .into_iter()
                    .map(|(k, v)| (k.clone(), sorted(v)))
                    .collect(),
            )
        }
        other => other.clone(),
    }
}

/// rmpv's `Value` with serde_json's rule for a repeated key applied to every map: the first
/// place, the last value.
fn in_serde_json_order(value: rmpv::Value) -> rmpv::Value {
    match value {
        rmpv::Value::Array(items) => {
            rmpv::Value::Array(items.into_iter().map(in_serde_json_order).collect())
        }
        rmpv::Value::Map(entries) => {
            let mut out: Vec<(rmpv::Value, rmpv::Value)> = Vec::new();
            for (key, value) in entries {
                let value = in_serde_json_order(value);
                match out.iter_mut().find(|(k, _)| *k == key) {
                    Some(entry) => entry.1 = value,
                    None => out.push((key, value)),
                }
            }
            rmpv::Value::Map(out)
        }
        other => other,
    }
}

fn message<T, E: std::fmt::Display>(result: Result<T, E>) -> Result<T, String> {
    result.map_err(|e| e.to_string())
}

// ---------------------------------------------------------------------------------------------
// JSON: serializing
// ---------------------------------------------------------------------------------------------

#[test]
fn json_value_serializes_as_serde_json_value() {
    for (name, bytes) in valid_documents() {
        let ours: json::Value = json::from_slice(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        let theirs: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        let ordered = in_serde_json_order(serde_json::from_slice::<rmpv::Value>(&bytes).unwrap());

        // Keys in the order read.
        assert_eq!(
            serde_json::to_string(&ours).unwrap(),
            serde_json::to_string(&ordered).unwrap(),
            "{name}"
        );
        assert_eq!(
            rmp_serde::to_vec_named(&ours).unwrap(),
            rmp_serde::to_vec_named(&ordered).unwrap(),
            "{name}"
        );
        // And fastwire's own encoder writes what serde_json writes through the impl.
        assert_eq!(
            serde_json::to_string(&ours).unwrap(),
            json::to_string(&ours),
            "{name}"
        );

        // serde_json's own `Value`, keys sorted on both sides.
        let ours = sorted(&ours);
        assert_eq!(
            serde_json::to_string(&ours).unwrap(),
            serde_json::to_string(&theirs).unwrap(),
            "{name}"
        );
        assert_eq!(
            serde_json::to_string_pretty(&ours).unwrap(),
            serde_json::to_string_pretty(&theirs).unwrap(),
            "{name}"
        );
        assert_eq!(
            rmp_serde::to_vec_named(&ours).unwrap(),
            rmp_serde::to_vec_named(&theirs).unwrap(),
            "{name}"
        );
        if let (Some(ours), Some(theirs)) = (ours.as_object(), theirs.as_object()) {
            assert_eq!(
                serde_json::to_string(ours).unwrap(),
                serde_json::to_string(theirs).unwrap(),
                "{name}"
            );
        }
        if let (Some(ours), Some(theirs)) = (ours.as_number(), theirs.as_number()) {
            assert_eq!(
                rmp_serde::to_vec(ours).unwrap(),
                rmp_serde::to_vec(theirs).unwrap(),
                "{name}"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// JSON: deserializing
// ---------------------------------------------------------------------------------------------

#[test]
fn serde_json_reads_json_values_as_fastwire_decodes_them() {
    let mut files = parsing_files();
    files.extend(corpus());
    let mut compared = 0;
    for (name, bytes) in files {
        let ours = message(serde_json::from_slice::<json::Value>(&bytes));
        let theirs = message(serde_json::from_slice::<serde_json::Value>(&bytes));
        match (&ours, &theirs) {
            (Ok(_), Ok(_)) => {}
            (Err(ours), Err(theirs)) => assert_eq!(ours, theirs, "{name}"),
            _ => {
                panic!("{name}: serde_json into fastwire's Value {ours:?}, into its own {theirs:?}")
            }
        }
        let (Ok(ours), Ok(own)) = (ours, json::from_slice::<json::Value>(&bytes)) else {
            continue;
        };
        assert_eq!(ours, own, "{name}");
        // Equality ignores key order; the encoding does not.
        assert_eq!(json::to_string(&ours), json::to_string(&own), "{name}");
        compared += 1;
    }
    // Every `y_` file and the corpus, at least.
    assert!(
        compared >= valid_documents().len(),
        "only {compared} documents compared"
    );
}

#[test]
fn json_map_and_number_deserialize_as_serde_json_ones() {
    let mut files = parsing_files();
    files.extend(corpus());
    for (name, bytes) in files {
        let ours = message(serde_json::from_slice::<json::Map>(&bytes));
        let theirs = message(serde_json::from_slice::<
            serde_json::Map<String, serde_json::Value>,
        >(&bytes));
        match (ours, theirs) {
            (Ok(ours), Ok(theirs)) => assert_eq!(
                serde_json::to_string(&sorted(&json::Value::Object(ours))).unwrap(),
                serde_json::to_string(&theirs).unwrap(),
                "{name}"
            ),
            (ours, theirs) => assert_eq!(ours.map(|_| ()), theirs.map(|_| ()), "{name}"),
        }

        let ours = message(serde_json::from_slice::<json::Number>(&bytes));
        let theirs = message(serde_json::from_slice::<serde_json::Number>(&bytes));
        assert_eq!(
            ours.map(|n| n.to_string()),
            theirs.map(|n| n.to_string()),
            "{name}"
        );
    }
}

#[test]
fn rmp_serde_reads_json_values_back() {
    for (name, bytes) in valid_documents() {
        let ours: json::Value = json::from_slice(&bytes).unwrap();
        let packed = rmp_serde::to_vec_named(&ours).unwrap();
        let back: json::Value = rmp_serde::from_slice(&packed).unwrap();
        assert_eq!(json::to_string(&back), json::to_string(&ours), "{name}");
        let theirs: serde_json::Value = rmp_serde::from_slice(&packed).unwrap();
        assert_eq!(
            serde_json::to_string(&sorted(&back)).unwrap(),
            serde_json::to_string(&theirs).unwrap(),
            "{name}"
        );
    }
}

#[test]
fn json_value_refuses_what_serde_json_value_refuses_from_msgpack() {
    let docs: Vec<Vec<u8>> = vec![
        b"\xc4\x02ab".to_vec(),                       // bin
        b"\x81\x01\x02".to_vec(),                     // {1: 2}
        b"\x82\xa1a\x01\x01\x02".to_vec(),            // {"a": 1, 1: 2}
        b"\x81\xc4\x01a\x01".to_vec(),                // {h'61': 1}
        b"\x82\xa1a\x01\xc4\x01b\x02".to_vec(),       // {"a": 1, h'62': 2}: bytes as a later key
        b"\xd4\x05\x00".to_vec(),                     // ext
        b"\xca\x7f\xc0\x00\x00".to_vec(),             // f32 NaN
        b"\x92\xcb\x7f\xf0\0\0\0\0\0\0\xc0".to_vec(), // [inf, nil]
        b"\xa2\xff\xfe".to_vec(),                     // a str that is not UTF-8
    ];
    for doc in docs {
        let ours = message(rmp_serde::from_slice::<json::Value>(&doc));
        let theirs = message(rmp_serde::from_slice::<serde_json::Value>(&doc));
        match (ours, theirs) {
            (Ok(ours), Ok(theirs)) => assert_eq!(
                serde_json::to_string(&ours).unwrap(),
                serde_json::to_string(&theirs).unwrap(),
                "{doc:02x?}"
            ),
            (ours, theirs) => assert_eq!(ours.map(|_| ()), theirs.map(|_| ()), "{doc:02x?}"),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// JSON: in serde-derived structs
// ---------------------------------------------------------------------------------------------

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Event {
    id: u64,
    payload: json::Value,
    meta: Option<json::Map>,
    weight: json::Number,
    #[serde(flatten)]
    rest: json::Map,
}

/// [`Event`] with serde_json's types.
#[derive(Serialize, Deserialize)]
struct EventOracle {
    id: u64,
    payload: serde_json::Value,
    meta: Option<serde_json::Map<String, serde_json::Value>>,
    weight: serde_json::Number,
    #[serde(flatten)]
    rest: serde_json::Map<String, serde_json::Value>,
}

#[derive(Deserialize, Debug, PartialEq)]
#[serde(untagged)]
enum Field {
    Count(u32),
    Any(json::Value),
}

#[derive(Deserialize)]
#[serde(untagged)]
enum FieldOracle {
    Count(u32),
    Any(serde_json::Value),
}

#[test]
fn json_values_in_derived_structs_round_trip() {
    let (_, bytes) = &corpus()[0];
    let twitter: json::Value = json::from_slice(bytes).unwrap();
    let statuses = twitter["statuses"].as_array().unwrap();
    assert!(statuses.len() > 50);
    for (index, status) in statuses.iter().enumerate() {
        // Sorted, so that serde_json's maps keep the same order.
        let status = sorted(status);
        let rest: json::Map = [("lang", &status["lang"]), ("source", &status["source"])]
            .into_iter()
            .map(|(k, v)| (k.to_owned(), v.clone()))
            .collect();
        let event = Event {
            id: index as u64,
            payload: status.clone(),
            meta: status["user"].as_object().cloned(),
            weight: json::Number::from_f64(index as f64 / 8.0).unwrap(),
            rest,
        };
        let oracle: EventOracle = EventOracle {
            id: event.id,
            payload: serde_json::from_str(&status.to_string()).unwrap(),
            meta: event
                .meta
                .as_ref()
                .map(|m| serde_json::from_str(&json::to_string(m)).unwrap()),
            weight: serde_json::Number::from_f64(index as f64 / 8.0).unwrap(),
            rest: serde_json::from_str(&json::to_string(&event.rest)).unwrap(),
        };

        let text = serde_json::to_string(&event).unwrap();
        assert_eq!(text, serde_json::to_string(&oracle).unwrap());
        assert_eq!(serde_json::from_str::<Event>(&text).unwrap(), event);

        let named = rmp_serde::to_vec_named(&event).unwrap();
        assert_eq!(named, rmp_serde::to_vec_named(&oracle).unwrap());
        assert_eq!(rmp_serde::from_slice::<Event>(&named).unwrap(), event);

        // Through serde's buffering of untagged content.
        for member in status.as_object().unwrap().values() {
            let text = member.to_string();
            let ours: Field = serde_json::from_str(&text).unwrap();
            let expected = match serde_json::from_str::<FieldOracle>(&text).unwrap() {
                FieldOracle::Count(n) => Field::Count(n),
                FieldOracle::Any(value) => Field::Any(json::from_str(&value.to_string()).unwrap()),
            };
            assert_eq!(ours, expected);
            let packed = rmp_serde::to_vec_named(member).unwrap();
            let ours: Field = rmp_serde::from_slice(&packed).unwrap();
            assert_eq!(ours, expected, "{text}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// MessagePack helpers
// ---------------------------------------------------------------------------------------------

/// rmpv's value with every valid timestamp's data in its smallest layout, the form a fastwire
/// `Timestamp` takes.
fn smallest_timestamps(value: rmpv::Value) -> rmpv::Value {
    match value {
        rmpv::Value::Array(items) => {
            rmpv::Value::Array(items.into_iter().map(smallest_timestamps).collect())
        }
        rmpv::Value::Map(entries) => rmpv::Value::Map(
            entries
                .into_iter()
                .map(|(k, v)| (smallest_timestamps(k), smallest_timestamps(v)))
                .collect(),
        ),
        rmpv::Value::Ext(-1, data) => match spec_timestamp_parse(&data) {
            Some(t) => rmpv::Value::Ext(-1, spec_timestamp_data(t)),
            None => rmpv::Value::Ext(-1, data),
        },
        other => other,
    }
}

/// Whether the value holds a timestamp extension whose data is not a valid timestamp, which
/// fastwire's `Value` refuses and rmpv's keeps.
fn has_invalid_timestamp(value: &rmpv::Value) -> bool {
    match value {
        rmpv::Value::Array(items) => items.iter().any(has_invalid_timestamp),
        rmpv::Value::Map(entries) => entries
            .iter()
            .any(|(k, v)| has_invalid_timestamp(k) || has_invalid_timestamp(v)),
        rmpv::Value::Ext(-1, data) => spec_timestamp_parse(data).is_none(),
        _ => false,
    }
}

/// rmpv's value as fastwire's: a timestamp extension as a `Timestamp`, a string that is not
/// UTF-8 (which rmpv may hold) as `None`.
fn from_rmpv(value: &rmpv::Value) -> Option<msgpack::Value> {
    Some(match value {
        rmpv::Value::Nil => msgpack::Value::Nil,
        rmpv::Value::Boolean(b) => msgpack::Value::Bool(*b),
        rmpv::Value::Integer(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => msgpack::Value::from(u),
            (None, Some(i)) => msgpack::Value::from(i),
            _ => unreachable!("rmpv integers are u64 or i64"),
        },
        rmpv::Value::F32(f) => msgpack::Value::F32(*f),
        rmpv::Value::F64(f) => msgpack::Value::F64(*f),
        rmpv::Value::String(s) => msgpack::Value::from(s.as_str()?),
        rmpv::Value::Binary(b) => msgpack::Value::Binary(b.clone()),
        rmpv::Value::Array(items) => {
            msgpack::Value::Array(items.iter().map(from_rmpv).collect::<Option<_>>()?)
        }
        rmpv::Value::Map(entries) => msgpack::Value::Map(
            entries
                .iter()
                .map(|(k, v)| Some((from_rmpv(k)?, from_rmpv(v)?)))
                .collect::<Option<_>>()?,
        ),
        rmpv::Value::Ext(-1, data) => msgpack::Value::Timestamp(spec_timestamp_parse(data)?),
        rmpv::Value::Ext(code, data) => msgpack::Value::Ext(*code, data.clone()),
    })
}

/// Two values are the same when fastwire encodes them alike (which, unlike `==`, tells
/// NaN from NaN by its bits and a NaN equal to itself).
fn same(a: &msgpack::Value, b: &msgpack::Value) -> bool {
    msgpack::to_vec(a) == msgpack::to_vec(b)
}

/// Checks the serde impls of `msgpack::Value` against rmpv's on one document.
fn check_msgpack_document(name: &str, bytes: &[u8]) {
    // Reading: rmp-serde into fastwire's `Value` gives fastwire's own decode, and what it
    // gives rmpv's `Value`.
    let ours = rmp_serde::from_slice::<msgpack::Value>(bytes);
    let theirs = rmp_serde::from_slice::<rmpv::Value>(bytes);
    match (&ours, &theirs) {
        (Ok(ours), Ok(theirs)) => {
            let theirs = from_rmpv(theirs).expect("rmp-serde gives rmpv UTF-8 strings");
            assert!(same(ours, &theirs), "{name}: {ours:?} != {theirs:?}");
        }
        (Err(_), Ok(theirs)) => {
            assert!(
                has_invalid_timestamp(theirs),
                "{name}: {ours:?}, rmpv {theirs:?}"
            )
        }
        (Ok(ours), Err(theirs)) => panic!("{name}: {ours:?}, rmpv: {theirs}"),
        (Err(_), Err(_)) => {}
    }
    let Ok(own) = msgpack::from_slice::<msgpack::Value>(bytes) else {
        return;
    };
    let ours = ours.unwrap_or_else(|e| panic!("{name}: fastwire decodes it, rmp-serde: {e}"));
    assert!(same(&ours, &own), "{name}: {ours:?} != {own:?}");

    // Writing: rmp-serde and serde_json write it as they write rmpv's value for the bytes.
    let theirs = smallest_timestamps(rmpv::decode::read_value(&mut &bytes[..]).unwrap());
    assert_eq!(
        rmp_serde::to_vec_named(&own).unwrap(),
        rmp_serde::to_vec_named(&theirs).unwrap(),
        "{name}"
    );
    assert_eq!(
        rmp_serde::to_vec(&own).unwrap(),
        msgpack::to_vec(&own),
        "{name}"
    );
    assert_eq!(
        message(serde_json::to_string(&own)),
        message(serde_json::to_string(&theirs)),
        "{name}"
    );
}

// ---------------------------------------------------------------------------------------------
// MessagePack
// ---------------------------------------------------------------------------------------------

fn hex(text: &str) -> Vec<u8> {
    if text.is_empty() {
        return Vec::new();
    }
    text.split('-')
        .map(|byte| u8::from_str_radix(byte, 16).unwrap())
        .collect()
}

/// Every encoding of every case of the msgpack-test-suite, named `file#case#encoding`.
fn suite_encodings() -> Vec<(String, Vec<u8>)> {
    let path = data_dir(&["msgpack-test-suite", "dist"]).join("msgpack-test-suite.json");
    let text = fs::read_to_string(path).unwrap();
    let files: serde_json::Map<String, serde_json::Value> = serde_json::from_str(&text).unwrap();
    let mut out = Vec::new();
    for (file, cases) in &files {
        for (index, case) in cases.as_array().unwrap().iter().enumerate() {
            for (form, encoding) in case["msgpack"].as_array().unwrap().iter().enumerate() {
                out.push((
                    format!("{file}#{index}#{form}"),
                    hex(encoding.as_str().unwrap()),
                ));
            }
        }
    }
    assert!(out.len() > 200, "the msgpack-test-suite looks incomplete");
    out
}

/// Documents the suite lacks: extensions and timestamps of every header, keys of every
/// type, floats that are not finite, strings that are not UTF-8, and timestamps that are
/// not valid.
fn edge_documents() -> Vec<(String, Vec<u8>)> {
    let docs: &[&[u8]] = &[
        b"\xca\x7f\xc0\x00\x01",     // f32 NaN with a payload
        b"\xcb\xff\xf0\0\0\0\0\0\0", // f64 -inf
        b"\x93\xcf\xff\xff\xff\xff\xff\xff\xff\xff\xd3\x80\0\0\0\0\0\0\0\xe0",
        b"\xd4\x05\x00", // fixext 1
        b"\xd8\x7f\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f",
        b"\xc7\x00\x80",                             // ext 8, empty, type -128
        b"\xc8\x00\x03\x10abc",                      // ext 16
        b"\xd6\xff\x00\x00\x00\x01",                 // timestamp 32
        b"\xd7\xff\x00\x00\x00\x04\x00\x00\x00\x01", // timestamp 64
        b"\xc7\x0c\xff\x00\x00\x00\x01\xff\xff\xff\xff\xff\xff\xff\xff", // timestamp 96
        b"\xc7\x04\xff\x00\x00\x00\x01",             // timestamp 32 in an ext 8
        b"\xc7\x0c\xff\0\0\0\0\0\0\0\0\0\0\0\x01",   // timestamp 96 of a small instant
        b"\xc7\x03\xff\x00\x00\x01",                 // not a timestamp: 3 bytes
        b"\xd7\xff\xff\xff\xff\xfc\x00\x00\x00\x00", // not a timestamp: nanoseconds
        b"\x92\x01\xd5\xff\x00\x00",                 // not a timestamp, in an array
        b"\x87\x01\xa3int\xc3\xa4bool\xc0\xa3nil\xca\x3f\x80\0\0\xa3f32\x90\xa5array\
          \x80\xa3map\xc4\x01\x00\xa3bin", // keys of every type
        b"\x81\xd4\x01\x02\xa3ext",                  // an extension as a key
        b"\x81\xd6\xff\0\0\0\x05\xa2ts",             // a timestamp as a key
        b"\x81\x81\xa1k\x01\xa1v",                   // a map as a key
        b"\x82\xa1a\x01\xa1a\x02",                   // a repeated key
        b"\xa2\xff\xfe",                             // a str that is not UTF-8
        b"\x91\xd9\x03a\xffb",                       // the same, in an array
        b"\xc1",                                     // never a value
        b"\x92\x01",                                 // truncated
        b"\xdd\xff\xff\xff\xff",                     // a length far beyond the input
        b"\xc9\xff\xff\xff\xff\x01",                 // an ext length far beyond it
    ];
    docs.iter()
        .enumerate()
        .map(|(index, doc)| (format!("edge#{index}"), doc.to_vec()))
        .collect()
}

/// The corpus, written as MessagePack by rmp-serde from serde_json's values.
fn corpus_as_msgpack() -> Vec<(String, Vec<u8>)> {
    corpus()
        .into_iter()
        .map(|(name, bytes)| {
            let value: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
            (name, rmp_serde::to_vec_named(&value).unwrap())
        })
        .collect()
}

#[test]
fn msgpack_value_matches_rmpv_on_the_suite() {
    for (name, bytes) in suite_encodings() {
        check_msgpack_document(&name, &bytes);
    }
}

#[test]
fn msgpack_value_matches_rmpv_on_the_corpus() {
    for (name, bytes) in corpus_as_msgpack() {
        check_msgpack_document(&name, &bytes);
    }
}

#[test]
fn msgpack_value_matches_rmpv_on_edge_documents() {
    let mut decoded = 0;
    for (name, bytes) in edge_documents() {
        check_msgpack_document(&name, &bytes);
        decoded += usize::from(msgpack::from_slice::<msgpack::Value>(&bytes).is_ok());
    }
    // Most are valid: the checks above do not pass by refusing everything.
    assert!(decoded >= 17, "only {decoded} edge documents decoded");

    // What the impls differ from rmpv's in, on purpose.
    let not_utf8 = rmp_serde::from_slice::<msgpack::Value>(b"\xa2\xff\xfe").unwrap();
    assert_eq!(not_utf8, msgpack::Value::Binary(vec![0xff, 0xfe]));
    let bad_timestamp = rmp_serde::from_slice::<msgpack::Value>(b"\xc7\x03\xff\x00\x00\x01");
    assert!(bad_timestamp.is_err());
    assert!(rmp_serde::from_slice::<rmpv::Value>(b"\xc7\x03\xff\x00\x00\x01").is_ok());
}

#[test]
fn msgpack_value_matches_rmpv_on_mutated_documents() {
    let mut docs: Vec<Vec<u8>> = edge_documents().into_iter().map(|(_, d)| d).collect();
    docs.extend(suite_encodings().into_iter().map(|(_, d)| d));
    // A larger document of everything the suite holds, to mutate inside containers.
    let all: Vec<msgpack::Value> = suite_encodings()
        .iter()
        .filter_map(|(_, d)| msgpack::from_slice(d).ok())
        .collect();
    docs.push(msgpack::to_vec(&msgpack::Value::Array(all)));

    let mut rng = StdRng::seed_from_u64(0x5e4d_e001);
    for round in 0..6000 {
        let mut doc = docs[rng.random_range(0..docs.len())].clone();
        if doc.is_empty() {
            continue;
        }
        for _ in 0..rng.random_range(1..4) {
            let at = rng.random_range(0..doc.len());
            match rng.random_range(0..4) {
                0 => doc[at] = rng.random(),
                1 => doc[at] ^= 1 << rng.random_range(0..8),
                2 => doc.truncate(at),
                _ => doc.insert(at, rng.random()),
            }
            if doc.is_empty() {
                break;
            }
        }
        check_msgpack_document(&format!("mutation#{round} {doc:02x?}"), &doc);
    }
}

// ---------------------------------------------------------------------------------------------
// MessagePack: in serde-derived structs
// ---------------------------------------------------------------------------------------------

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Packet {
    id: u32,
    body: msgpack::Value,
    count: msgpack::Integer,
    extra: Option<msgpack::Value>,
}

/// [`Packet`] with rmpv's value.
#[derive(Serialize)]
struct PacketOracle {
    id: u32,
    body: rmpv::Value,
    count: i64,
    extra: Option<rmpv::Value>,
}

#[test]
fn msgpack_values_in_derived_structs_round_trip() {
    let mut bodies: Vec<(String, Vec<u8>)> = corpus_as_msgpack();
    bodies.extend(
        suite_encodings()
            .into_iter()
            .filter(|(_, bytes)| msgpack::from_slice::<msgpack::Value>(bytes).is_ok()),
    );
    for (index, (name, bytes)) in bodies.iter().enumerate() {
        let body: msgpack::Value = msgpack::from_slice(bytes).unwrap();
        let rmpv_body = smallest_timestamps(rmpv::decode::read_value(&mut &bytes[..]).unwrap());
        let count = index as i64 - 100;
        let packet = Packet {
            id: index as u32,
            body: body.clone(),
            count: count.into(),
            extra: (index % 2 == 0).then(|| body.clone()),
        };
        let oracle = PacketOracle {
            id: index as u32,
            body: rmpv_body.clone(),
            count,
            extra: (index % 2 == 0).then(|| rmpv_body.clone()),
        };

        // As a map keyed by field name, and as an array.
        for (packed, expected) in [
            (
                rmp_serde::to_vec_named(&packet).unwrap(),
                rmp_serde::to_vec_named(&oracle).unwrap(),
            ),
            (
                rmp_serde::to_vec(&packet).unwrap(),
                rmp_serde::to_vec(&oracle).unwrap(),
            ),
        ] {
            assert_eq!(packed, expected, "{name}");
            let back: Packet = rmp_serde::from_slice(&packed).unwrap();
            assert!(same(&back.body, &packet.body), "{name}");
            assert_eq!((back.id, back.count), (packet.id, packet.count), "{name}");
            // `Some(Nil)` is written as `nil`, which reads back as `None` (serde's rule).
            match (&back.extra, &packet.extra) {
                (Some(back), Some(extra)) => assert!(same(back, extra), "{name}"),
                (None, Some(extra)) => assert!(extra.is_nil(), "{name}"),
                (None, None) => {}
                (Some(_), None) => panic!("{name}: an extra from nowhere"),
            }
        }

        let text = message(serde_json::to_string(&packet));
        assert_eq!(text, message(serde_json::to_string(&oracle)), "{name}");
        // JSON keeps what it can hold: documents from JSON come back whole.
        if let (Ok(text), true) = (text, index < 3) {
            let back: Packet = serde_json::from_str(&text).unwrap();
            assert_eq!(back, packet, "{name}");
        }
    }
}
