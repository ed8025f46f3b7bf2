//! `json::Encoder` against serde_json's `PrettyFormatter::with_indent`: byte-identical output
//! for the indents "", " ", "    " and "\t" (and the default) on the json-benchmark corpus
//! and on derived structs with nested and empty containers and serde-bridged values, through
//! every output (`to_string`, `to_vec`, `encode_into`, `to_writer`, and the `try_` forms).

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use fastwire::json::{self, Encoder};
use serde::Serialize;

const INDENTS: [&str; 5] = ["", " ", "  ", "    ", "\t"];

/// serde_json's pretty output of `value` with `indent`.
fn serde_pretty<T: ?Sized + Serialize>(value: &T, indent: &str) -> Vec<u8> {
    let formatter = serde_json::ser::PrettyFormatter::with_indent(indent.as_bytes());
    let mut out = Vec::new();
    let mut serializer = serde_json::Serializer::with_formatter(&mut out, formatter);
    value.serialize(&mut serializer).unwrap();
    out
}

/// Checks every output of `Encoder::pretty().indent(indent)` against serde_json's bytes for
/// `twin`.
fn assert_indented_like_serde<T, U>(value: &T, twin: &U, what: &str)
where
    T: ?Sized + json::Encode,
    U: ?Sized + Serialize,
{
    for indent in INDENTS {
        let expected = serde_pretty(twin, indent);
        let encoder = Encoder::pretty().indent(indent);
        let text = encoder.to_string(value);
        if text.as_bytes() != expected {
            let at = text
                .bytes()
                .zip(&expected)
                .position(|(a, b)| a != *b)
                .unwrap_or(text.len().min(expected.len()));
            let from = at.saturating_sub(80);
            panic!(
                "{what}, indent {indent:?}, first difference at byte {at}:\n{:?}\n--- serde_json ---\n{:?}",
                &text.as_bytes()[from..(at + 80).min(text.len())].escape_ascii().to_string(),
                &expected[from..(at + 80).min(expected.len())].escape_ascii().to_string(),
            );
        }
        assert_eq!(encoder.to_vec(value), expected, "{what} {indent:?}: to_vec");
        assert_eq!(encoder.try_to_string(value).unwrap().as_bytes(), expected);
        assert_eq!(encoder.try_to_vec(value).unwrap(), expected);
        let mut appended = b"prefix".to_vec();
        encoder.encode_into(value, &mut appended);
        assert_eq!(&appended[6..], expected, "{what} {indent:?}: encode_into");
        let mut appended = Vec::new();
        encoder.try_encode_into(value, &mut appended).unwrap();
        assert_eq!(appended, expected);
        let mut streamed = Vec::new();
        encoder.to_writer(&mut streamed, value).unwrap();
        assert_eq!(streamed, expected, "{what} {indent:?}: to_writer");
    }
    // The default indent is `to_string_pretty`'s, and compact is `to_string`'s.
    assert_eq!(
        Encoder::pretty().to_string(value).as_bytes(),
        serde_json::to_vec_pretty(twin).unwrap()
    );
    assert_eq!(
        Encoder::new().to_string(value).as_bytes(),
        serde_json::to_vec(twin).unwrap()
    );
    let mut streamed = Vec::new();
    Encoder::new().to_writer(&mut streamed, value).unwrap();
    assert_eq!(streamed, serde_json::to_vec(twin).unwrap());
}

fn corpus_file(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/data/json-benchmark")
        .join(name);
    fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "cannot read {} (../shared/data must sit beside the checkout): {e}",
            path.display()
        )
    })
}

#[test]
fn corpus_documents_as_values() {
    for name in ["twitter.json", "citm_catalog.json", "canada.json"] {
        let theirs: serde_json::Value = serde_json::from_str(&corpus_file(name)).unwrap();
        // serde_json's `Value` sorts its keys; fastwire's keeps them in the order read: read
        // serde_json's output, and both hold the same keys in the same order.
        let ours: json::Value = json::from_str(&serde_json::to_string(&theirs).unwrap()).unwrap();
        assert_indented_like_serde(&ours, &theirs, name);
        // serde_json's own `Value`, through the bridge.
        if name == "twitter.json" {
            assert_indented_like_serde(&fastwire::bridge::Serde(&theirs), &theirs, name);
        }
    }
}

#[derive(Serialize, fastwire::Encode)]
#[serde(rename_all = "camelCase")]
struct Catalog {
    name: String,
    empty_list: Vec<u32>,
    empty_map: BTreeMap<String, u8>,
    nested: Vec<Vec<Option<Item>>>,
    by_key: BTreeMap<u32, Vec<Item>>,
    tuple: (u8, Vec<()>, Empty),
    kinds: Vec<Kind>,
    #[serde(flatten)]
    extra: Extra,
    // A value only serde can write, inside a pretty document.
    #[wire(serde)]
    bridged: Bridged,
}

#[derive(Serialize, fastwire::Encode)]
struct Item {
    id: u64,
    tags: Vec<&'static str>,
    inner: Option<Box<Item>>,
}

#[derive(Serialize, fastwire::Encode)]
struct Empty {}

#[derive(Serialize, fastwire::Encode)]
#[serde(tag = "type")]
enum Kind {
    Unit,
    Fields {
        a: Vec<u8>,
        b: BTreeMap<String, Vec<u8>>,
    },
}

#[derive(Serialize, fastwire::Encode)]
struct Extra {
    flat_a: u8,
    flat_list: Vec<[u8; 2]>,
}

/// Written by serde alone (no fastwire impl), with nesting of its own.
#[derive(Serialize)]
struct Bridged {
    deep: Vec<BTreeMap<&'static str, Vec<u8>>>,
    none: Vec<u8>,
}

fn catalog() -> Catalog {
    let item = |id: u64| Item {
        id,
        tags: vec!["a", "b\"c"],
        inner: (id % 2 == 0).then(|| {
            Box::new(Item {
                id: id + 1,
                tags: vec![],
                inner: None,
            })
        }),
    };
    Catalog {
        name: "catalog\n".into(),
        empty_list: vec![],
        empty_map: BTreeMap::new(),
        nested: vec![vec![], vec![None, Some(item(2))], vec![Some(item(3))]],
        by_key: [(1, vec![item(4)]), (2, vec![])].into_iter().collect(),
        tuple: (1, vec![(), ()], Empty {}),
        kinds: vec![
            Kind::Unit,
            Kind::Fields {
                a: vec![1, 2],
                b: [("k".to_owned(), vec![]), ("l".to_owned(), vec![3])]
                    .into_iter()
                    .collect(),
            },
        ],
        extra: Extra {
            flat_a: 9,
            flat_list: vec![[1, 2], [3, 4]],
        },
        bridged: Bridged {
            deep: vec![[("x", vec![1, 2]), ("y", vec![])].into_iter().collect()],
            none: vec![],
        },
    }
}

#[test]
fn derived_structs_with_nested_and_empty_containers() {
    let catalog = catalog();
    assert_indented_like_serde(&catalog, &catalog, "catalog");
    assert_indented_like_serde(&[&catalog, &catalog], &[&catalog, &catalog], "list");
    // Empty containers at the top, and scalars.
    assert_indented_like_serde(&Vec::<u8>::new(), &Vec::<u8>::new(), "[]");
    assert_indented_like_serde(&Empty {}, &Empty {}, "{}");
    assert_indented_like_serde(&7, &7, "7");
    assert_indented_like_serde("text", "text", "text");
}

/// A serde value flattened into a pretty document (its members written where the enclosing
/// object's are) takes the chosen indent too.
#[test]
fn flattened_serde_values_take_the_indent() {
    #[derive(Serialize, fastwire::Encode)]
    struct Outer {
        id: u8,
        #[serde(flatten)]
        #[wire(serde)]
        rest: BTreeMap<String, Vec<u8>>,
        list: Vec<Vec<u8>>,
    }
    let outer = Outer {
        id: 1,
        rest: [("a".to_owned(), vec![1, 2]), ("b".to_owned(), vec![])]
            .into_iter()
            .collect(),
        list: vec![vec![3]],
    };
    assert_indented_like_serde(&outer, &outer, "flattened");
    assert_indented_like_serde(&[&outer], &[&outer], "flattened, nested");
}

#[test]
fn an_indent_that_is_not_whitespace_is_refused() {
    for bad in ["-", " x", "\u{a0}", "\u{b}"] {
        let refused = std::panic::catch_unwind(|| Encoder::pretty().indent(bad));
        assert!(refused.is_err(), "{bad:?}");
    }
    // Line breaks are whitespace: serde_json writes them as given, and so does fastwire.
    assert_indented_like_serde(&vec![vec![1]], &vec![vec![1]], "nested");
    let odd = Encoder::pretty().indent("\r\n");
    assert_eq!(
        odd.to_vec(&[[1]]),
        serde_pretty(&[[1]], "\r\n"),
        "an indent of line breaks"
    );
}
