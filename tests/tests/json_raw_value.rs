//! `json::RawValue` against serde_json's `RawValue` (its `raw_value` feature): the same text
//! kept for the same input, the same inputs refused, the same bytes written (compact and
//! pretty), and the same results from `from_string`, `to_raw_value`, `Debug` and `Display`.

use std::fs;
use std::path::Path;

use fastwire::json::{self, RawValue};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue as SerdeRaw;

fn data_dir(parts: &[&str]) -> std::path::PathBuf {
    let mut dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data");
    for part in parts {
        dir.push(part);
    }
    assert!(
        dir.exists(),
        "test data missing: {} (../shared/data must sit beside the checkout)",
        dir.display()
    );
    dir
}

/// Decodes `input` as a borrowed and as a boxed raw value, from a slice and a reader, and
/// checks the text kept (or the refusal) against serde_json's.
fn assert_raw_like_serde(input: &[u8], what: &str) {
    let theirs = serde_json::from_slice::<&SerdeRaw>(input).map(|raw| raw.get().to_owned());
    let ours = json::from_slice::<&RawValue>(input).map(|raw| raw.get().to_owned());
    // The one difference: fastwire checks a skipped value's `\u` escapes as it checks any
    // string's, and refuses a lone surrogate; serde_json reads past it.
    if let (Err(err), Ok(_)) = (&ours, &theirs) {
        assert!(
            err.to_string().starts_with("lone surrogate"),
            "{what}: {err}"
        );
        return;
    }
    assert_eq!(
        ours.is_ok(),
        theirs.is_ok(),
        "{what}: {ours:?} / {theirs:?}"
    );
    if let (Ok(ours), Ok(theirs)) = (&ours, &theirs) {
        assert_eq!(ours, theirs, "{what}");
    }
    let boxed = json::from_slice::<Box<RawValue>>(input).map(|raw| raw.get().to_owned());
    assert_eq!(boxed.ok(), ours.as_ref().ok().cloned(), "{what}: boxed");
    let theirs_read = serde_json::from_reader::<_, Box<SerdeRaw>>(input);
    let ours_read = json::from_reader::<_, Box<RawValue>>(input);
    assert_eq!(
        ours_read.is_ok(),
        theirs_read.is_ok(),
        "{what}: from_reader"
    );
    if let (Ok(ours), Ok(theirs)) = (ours_read, theirs_read) {
        assert_eq!(ours.get(), theirs.get(), "{what}: from_reader");
    }
}

#[test]
fn the_text_kept_is_serde_jsons() {
    let cases: &[&str] = &[
        "1",
        " 1 ",
        "\n[1, 2 ,3]\t",
        "{\"a\" : {\"b\": [true, null, \"x\\\"y\"]}}",
        "\"\\u00e9\"",
        "1e999",
        "-0",
        "[]",
        "{}",
        "",
        " ",
        "[1,]",
        "{\"a\":1,}",
        "1 2",
        "[1] x",
        "\"\\x\"",
        "\"\u{7}\"",
        "nul",
        "[\"é\", \"\u{1F600}\"]",
        "[[[[[[[[[[]]]]]]]]]]",
    ];
    for case in cases {
        assert_raw_like_serde(case.as_bytes(), &format!("{case:?}"));
    }
    assert_raw_like_serde(b"\"\xff\"", "not UTF-8");
}

#[test]
#[cfg_attr(miri, ignore = "reads the conformance suite and the corpus from disk")]
fn json_test_suite_and_corpus_as_raw_values() {
    let mut count = 0;
    for entry in fs::read_dir(data_dir(&["JSONTestSuite", "test_parsing"])).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let bytes = fs::read(&path).unwrap();
        // Deep nesting: a raw value is skipped without a depth limit by both, but
        // serde_json's `from_reader` copies byte by byte; keep the suite quick.
        if bytes.len() > 10_000 {
            continue;
        }
        assert_raw_like_serde(&bytes, &name);
        count += 1;
    }
    assert!(count > 300);
    for file in ["twitter.json", "citm_catalog.json", "canada.json"] {
        let bytes = fs::read(data_dir(&["json-benchmark", file])).unwrap();
        assert_raw_like_serde(&bytes, file);
    }
}

#[derive(fastwire::Decode, Debug)]
struct Input<'a> {
    code: u32,
    #[serde(borrow)]
    payload: &'a RawValue,
    #[serde(borrow)]
    rest: Option<&'a RawValue>,
}

#[derive(Deserialize, Debug)]
struct SerdeInput<'a> {
    code: u32,
    #[serde(borrow)]
    payload: &'a SerdeRaw,
    #[serde(borrow)]
    rest: Option<&'a SerdeRaw>,
}

#[derive(Serialize, fastwire::Encode)]
struct Output<'a, R: ?Sized> {
    info: (u32, &'a R),
    list: Vec<&'a R>,
    nested: Nested<&'a R>,
}

#[derive(Serialize, fastwire::Encode)]
struct Nested<T> {
    empty: Vec<u8>,
    inner: T,
}

/// Borrowed through the derive, and written back verbatim: serde_json's bytes, compact and
/// pretty (a raw value keeps its own spacing even in pretty output).
#[test]
fn borrowed_through_the_derive_and_written_verbatim() {
    let inputs = [
        r#" {"code": 200, "payload": {"a" : [1,
   2]}, "rest": "x"} "#,
        r#"{"payload": 3.50, "code": 1}"#,
        r#"{"code": 7, "payload": [ ], "rest": null}"#,
    ];
    for text in inputs {
        let ours: Input = json::from_str(text).unwrap();
        let theirs: SerdeInput = serde_json::from_str(text).unwrap();
        assert_eq!(ours.code, theirs.code);
        assert_eq!(ours.payload.get(), theirs.payload.get());
        assert_eq!(ours.rest.map(RawValue::get), theirs.rest.map(SerdeRaw::get));
        assert!(text
            .as_bytes()
            .as_ptr_range()
            .contains(&ours.payload.get().as_ptr()));

        let ours_out = Output {
            info: (ours.code, ours.payload),
            list: vec![ours.payload, ours.payload],
            nested: Nested {
                empty: vec![],
                inner: ours.payload,
            },
        };
        let theirs_out = Output {
            info: (theirs.code, theirs.payload),
            list: vec![theirs.payload, theirs.payload],
            nested: Nested {
                empty: vec![],
                inner: theirs.payload,
            },
        };
        assert_eq!(
            json::to_string(&ours_out),
            serde_json::to_string(&theirs_out).unwrap()
        );
        assert_eq!(
            json::to_string_pretty(&ours_out),
            serde_json::to_string_pretty(&theirs_out).unwrap()
        );
        let mut streamed = Vec::new();
        json::to_writer_pretty(&mut streamed, &ours_out).unwrap();
        assert_eq!(streamed, serde_json::to_vec_pretty(&theirs_out).unwrap());
    }
    // A missing raw value is a missing field, as in serde_json.
    let ours = json::from_str::<Input>(r#"{"code": 1}"#).unwrap_err();
    let theirs = serde_json::from_str::<SerdeInput>(r#"{"code": 1}"#).unwrap_err();
    assert_eq!(
        ours.to_string().split(" (").next(),
        theirs.to_string().split(" at line").next()
    );
}

#[derive(fastwire::Decode)]
struct Envelope {
    kind: String,
    payload: Box<RawValue>,
}

#[derive(Deserialize)]
struct SerdeEnvelope {
    kind: String,
    payload: Box<SerdeRaw>,
}

#[derive(Deserialize, fastwire::Decode, Debug, PartialEq)]
struct Move {
    dx: i32,
    dy: i32,
}

/// Deferred parsing: an envelope read from a reader, its payload read later by its kind.
#[test]
fn deferred_parsing_from_a_reader() {
    let lines = "{\"kind\": \"move\", \"payload\": {\"dx\": 1, \"dy\": -2}}\n\
                 {\"payload\": \"hello\", \"kind\": \"say\"}\n";
    let ours: Vec<Envelope> = json::stream_from_reader(lines.as_bytes())
        .map(Result::unwrap)
        .collect();
    let theirs: Vec<SerdeEnvelope> = serde_json::Deserializer::from_reader(lines.as_bytes())
        .into_iter()
        .map(Result::unwrap)
        .collect();
    for (ours, theirs) in ours.iter().zip(&theirs) {
        assert_eq!(ours.kind, theirs.kind);
        assert_eq!(ours.payload.get(), theirs.payload.get());
        match ours.kind.as_str() {
            "move" => assert_eq!(
                json::from_str::<Move>(ours.payload.get()).unwrap(),
                serde_json::from_str::<Move>(theirs.payload.get()).unwrap()
            ),
            _ => assert_eq!(
                json::from_str::<String>(ours.payload.get()).unwrap(),
                serde_json::from_str::<String>(theirs.payload.get()).unwrap()
            ),
        }
    }
}

#[test]
fn constructors_and_conversions_match_serde_json() {
    for text in [
        "[1, 2]",
        "  {\"a\": 1}\n",
        "1 2",
        "",
        "[1,",
        "\"x\"",
        " null ",
    ] {
        let ours = RawValue::from_string(text.to_owned());
        let theirs = SerdeRaw::from_string(text.to_owned());
        assert_eq!(ours.is_ok(), theirs.is_ok(), "{text:?}");
        match (ours, theirs) {
            (Ok(ours), Ok(theirs)) => {
                assert_eq!(ours.get(), theirs.get());
                assert_eq!(format!("{ours:?}"), format!("{theirs:?}"));
                assert_eq!(ours.to_string(), theirs.to_string());
                let cloned = ours.clone();
                assert_eq!(cloned.get(), theirs.clone().get());
                let ours_str: Box<str> = ours.into();
                let theirs_str: Box<str> = theirs.into();
                assert_eq!(ours_str, theirs_str);
            }
            (Err(ours), Err(theirs)) => {
                let category = match theirs.classify() {
                    serde_json::error::Category::Eof => json::Category::Eof,
                    serde_json::error::Category::Syntax => json::Category::Syntax,
                    serde_json::error::Category::Data => json::Category::Data,
                    serde_json::error::Category::Io => json::Category::Io,
                };
                assert_eq!(ours.category(), category, "{text:?}");
            }
            _ => unreachable!(),
        }
    }
    assert_eq!(RawValue::NULL.get(), SerdeRaw::NULL.get());
    assert_eq!(RawValue::TRUE.get(), SerdeRaw::TRUE.get());
    assert_eq!(RawValue::FALSE.get(), SerdeRaw::FALSE.get());
    let ours: Box<RawValue> = Default::default();
    let theirs: Box<SerdeRaw> = Default::default();
    assert_eq!(ours.get(), theirs.get());
    assert_eq!(
        RawValue::TRUE.to_owned().get(),
        SerdeRaw::TRUE.to_owned().get()
    );
}

#[derive(Serialize, fastwire::Encode)]
struct Extra {
    a: u32,
    b: Vec<String>,
    c: Option<f64>,
}

#[test]
fn to_raw_value_matches_serde_json() {
    let extra = Extra {
        a: 1,
        b: vec!["x\ny".into()],
        c: Some(0.1),
    };
    let ours = json::to_raw_value(&extra).unwrap();
    let theirs = serde_json::value::to_raw_value(&extra).unwrap();
    assert_eq!(ours.get(), theirs.get());
    // What fails to encode fails in both.
    let bad: std::collections::BTreeMap<Vec<u8>, u8> = [(vec![1], 1)].into_iter().collect();
    assert!(serde_json::value::to_raw_value(&bad).is_err());
    assert!(json::to_raw_value(&fastwire::bridge::Serde(bad)).is_err());
}

/// In MessagePack a raw value is what rmp-serde writes for serde_json's: a map of one
/// entry holding the text; fastwire reads it back.
#[test]
fn messagepack_writes_what_rmp_serde_writes() {
    #[derive(fastwire::Encode, fastwire::Decode)]
    struct Doc {
        id: u8,
        payload: Box<RawValue>,
    }
    #[derive(Serialize)]
    struct SerdeDoc {
        id: u8,
        payload: Box<SerdeRaw>,
    }
    let ours = Doc {
        id: 3,
        payload: RawValue::from_string("[1, {\"a\": 2}]".to_owned()).unwrap(),
    };
    let theirs = SerdeDoc {
        id: 3,
        payload: SerdeRaw::from_string("[1, {\"a\": 2}]".to_owned()).unwrap(),
    };
    let bytes = fastwire::msgpack::to_vec(&ours);
    assert_eq!(bytes, rmp_serde::to_vec_named(&theirs).unwrap());
    let back: Doc = fastwire::msgpack::from_slice(&bytes).unwrap();
    assert_eq!(back.payload.get(), ours.payload.get());
    // Text that is not one JSON value is refused.
    let text = rmp_serde::to_vec_named(&serde_json::json!({
        "id": 3,
        "payload": {"$serde_json::private::RawValue": "[1,"}
    }))
    .unwrap();
    assert!(fastwire::msgpack::from_slice::<Doc>(&text).is_err());
}
