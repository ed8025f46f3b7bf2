//! `fastwire::json`'s `Value` API against serde_json's: `to_value`, `from_value`, `json!`
//! interpolation, sorted output, `Hash`, `Number` parsing and the ordered `Map` operations.
//!
//! serde_json's own `Value` (without `preserve_order`) keeps maps sorted, so values are compared
//! as text after sorting fastwire's objects with `sort_all_objects`: equal sorted text is equal
//! content, floats and integers included. Order-dependent `Map` operations (`remove`,
//! `shift_insert`, `entry`, ...) are checked against `indexmap::IndexMap`, the map serde_json's
//! `Map` is with `preserve_order`, operation by operation.

use std::collections::hash_map::DefaultHasher;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::hash::{Hash, Hasher};
use std::net::{IpAddr, Ipv4Addr};
use std::time::Duration;

use fastwire::json::{self, Map, Number, Value};
use fastwire_benches::{canada, citm, data, events, records, twitter};
use serde::{Deserialize, Serialize};

/// fastwire's value as sorted compact text.
fn sorted_text(value: &Value) -> String {
    let mut value = value.clone();
    value.sort_all_objects();
    json::to_string(&value)
}

/// `to_value` builds what serde_json's `to_value` builds, and (for types without `f32`s, which
/// both widen to `f64` where the text keeps their shortest digits) what reading fastwire's own
/// text back gives.
fn assert_to_value_like_serde<T: json::Encode + Serialize>(value: &T, what: &str) -> Value {
    let ours = json::to_value(value);
    let theirs = serde_json::to_value(value).unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(
        sorted_text(&ours),
        serde_json::to_string(&theirs).unwrap(),
        "{what}: to_value differs from serde_json's"
    );
    let reread: Value = json::from_str(&json::to_string(value)).unwrap();
    if !what.contains("f32") {
        assert_eq!(
            ours, reread,
            "{what}: to_value differs from the text read back"
        );
    }
    ours
}

#[test]
fn to_value_of_the_corpus_models_equals_serde_json() {
    let twitter = twitter::load_twitter();
    assert_to_value_like_serde(&twitter, "twitter");
    assert_to_value_like_serde(&citm::load_citm(), "citm_catalog");
    assert_to_value_like_serde(&canada::load_canada(), "canada");
    // Flattened members, internally tagged, adjacently tagged and untagged enums.
    for (i, envelope) in events::envelopes(300).iter().enumerate() {
        assert_to_value_like_serde(envelope, &format!("envelope {i}"));
    }
    // Uuid, NaiveDate and Decimal as strings.
    assert_to_value_like_serde(&records::typed_users(200), "typed users");
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum Shape {
    Circle { radius: f64 },
    Square { side: u32 },
    Unit,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
struct Mixed {
    id: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    nickname: Option<String>,
    scores: BTreeMap<u32, f32>,
    shape: Shape,
    shapes: Vec<Shape>,
    addr: IpAddr,
    timeout: Duration,
    #[serde(with = "serde_bytes")]
    blob: Vec<u8>,
    nested: Vec<Vec<Option<bool>>>,
    wide: i128,
    text: String,
    unit: (),
    tuple: (u8, String, [i16; 2]),
}

fn mixed() -> Mixed {
    Mixed {
        id: u64::MAX,
        nickname: None,
        scores: [(1, 0.1), (20, -2.5e-8), (3, f32::MAX)]
            .into_iter()
            .collect(),
        shape: Shape::Circle { radius: 0.5 },
        shapes: vec![Shape::Square { side: 2 }, Shape::Unit],
        addr: IpAddr::V4(Ipv4Addr::new(10, 0, 0, 1)),
        timeout: Duration::new(3, 5),
        blob: vec![0, 255, 7],
        nested: vec![vec![Some(true), None], vec![]],
        wide: -(1 << 62),
        text: "quote \" backslash \\ newline \n tab \t 中文 \u{1}".into(),
        unit: (),
        tuple: (9, "x".into(), [-1, 1]),
    }
}

#[test]
fn to_value_of_mixed_types_equals_serde_json() {
    let value = assert_to_value_like_serde(&mixed(), "mixed (f32)");
    assert_eq!(value["scores"]["20"], json::to_value(-2.5e-8_f32));
    assert!(value.get("nickname").is_none());
    // Integer keys become strings, as serde_json's map key serializer makes them.
    let by_id: HashMap<i64, &str> = [(-1, "a"), (2, "b")].into_iter().collect();
    assert_to_value_like_serde(&by_id, "integer keys");
    assert_to_value_like_serde(&f64::NAN, "NaN");
    assert_to_value_like_serde(&Some(f32::INFINITY), "infinity (f32)");
    assert_to_value_like_serde(&"plain", "str");
    assert_to_value_like_serde(&Vec::<u8>::new(), "empty array");
    assert_to_value_like_serde(&chrono::NaiveDate::from_ymd_opt(2024, 2, 29), "date");
}

#[test]
fn to_value_rejects_what_serde_json_rejects() {
    // 128-bit integers outside u64 and i64 have no `Number`.
    for wide in [u128::MAX, u128::from(u64::MAX) + 1] {
        assert!(serde_json::to_value(wide).is_err());
        let err = json::try_to_value(wide).unwrap_err();
        assert_eq!(err.to_string(), "number out of range");
    }
    assert!(serde_json::to_value(i128::MIN).is_err());
    assert!(json::try_to_value(i128::MIN).is_err());
    assert_eq!(
        json::try_to_value(i128::from(i64::MIN)).unwrap(),
        serde_json::to_value(i128::from(i64::MIN))
            .unwrap()
            .as_i64()
            .unwrap()
    );
    // A path that is not UTF-8 fails in both.
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let path = std::path::Path::new(std::ffi::OsStr::from_bytes(b"a\xff"));
        assert!(serde_json::to_value(path).is_err());
        assert!(json::try_to_value(path).is_err());
    }
}

#[test]
#[should_panic(expected = "json::to_value failed to encode the value: number out of range")]
fn to_value_panics_where_try_to_value_fails() {
    json::to_value(u128::MAX);
}

#[test]
fn serde_bridged_fields_become_values_too() {
    #[derive(Serialize, fastwire::Encode)]
    struct WithForeign {
        #[wire(serde)]
        foreign: serde_json::Value,
        after: u8,
    }
    let value = WithForeign {
        foreign: serde_json::json!({ "z": [1, 2.5, "s", null], "a": { "deep": true } }),
        after: 1,
    };
    assert_to_value_like_serde(&value, "bridged field");
}

/// `from_value` accepts and rejects what serde_json's `from_value` does, with equal results.
fn assert_from_value_like_serde<T>(text: &str, what: &str)
where
    T: json::DecodeOwned + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let ours_value: Value = json::from_str(text).unwrap();
    let theirs_value: serde_json::Value = serde_json::from_str(text).unwrap();
    let ours = json::from_value::<T>(&ours_value);
    let theirs = serde_json::from_value::<T>(theirs_value);
    match (ours, theirs) {
        (Ok(ours), Ok(theirs)) => {
            assert_eq!(ours, theirs, "{what}");
            assert_eq!(json::from_value::<T>(ours_value).unwrap(), theirs, "{what}");
        }
        (Err(ours), Err(_)) => assert_eq!((ours.line(), ours.column()), (0, 0), "{what}"),
        (ours, theirs) => panic!("{what}: fastwire {ours:?}, serde_json {theirs:?}"),
    }
}

#[test]
fn from_value_of_the_corpus_equals_serde_json() {
    assert_from_value_like_serde::<twitter::Twitter>(&data::read_corpus("twitter.json"), "twitter");
    assert_from_value_like_serde::<citm::CitmCatalog>(
        &data::read_corpus("citm_catalog.json"),
        "citm",
    );
    assert_from_value_like_serde::<canada::Canada>(&data::read_corpus("canada.json"), "canada");
    let envelopes = serde_json::to_string(&events::envelopes(300)).unwrap();
    assert_from_value_like_serde::<Vec<events::Envelope>>(&envelopes, "envelopes");
    let users = serde_json::to_string(&records::typed_users(100)).unwrap();
    assert_from_value_like_serde::<Vec<records::TypedUser>>(&users, "users");
    let mixed = serde_json::to_string(&mixed()).unwrap();
    assert_from_value_like_serde::<Mixed>(&mixed, "mixed");
}

#[test]
fn from_value_rejects_what_serde_json_rejects() {
    for (text, what) in [
        (r#"{"kind":"circle","radius":"wide"}"#, "wrong field type"),
        (r#"{"kind":"hexagon"}"#, "unknown variant"),
        (r#"{"radius":1.0}"#, "missing tag"),
        (r#"{"kind":"square"}"#, "missing field"),
        (r#"[1, 2]"#, "sequence for a struct"),
        (r#"{"kind":"square","side":-1}"#, "negative for u32"),
        (
            r#"{"kind":"square","side":4294967296}"#,
            "out of range for u32",
        ),
        (r#"{"kind":"square","side":1.5}"#, "float for u32"),
    ] {
        assert_from_value_like_serde::<Shape>(text, what);
    }
    assert_from_value_like_serde::<Vec<u8>>("[1, 2, 255]", "bytes");
    assert_from_value_like_serde::<Vec<u8>>("[256]", "byte too big");
    assert_from_value_like_serde::<Option<String>>("null", "none");
    assert_from_value_like_serde::<HashMap<u32, bool>>(r#"{"1": true, "x": false}"#, "bad key");
    let err = json::from_value::<Vec<Shape>>(fastwire::json!([{ "kind": "square", "side": "x" }]))
        .unwrap_err();
    assert_eq!(err.path(), "[0].square.side");
}

#[test]
fn json_macro_interpolates_like_serde_json() {
    let user = records::typed_users(1).remove(0);
    let ids = vec![1_u64, 2, 3];
    let shape = Shape::Square { side: 3 };
    let maybe: Option<&str> = None;
    let ours = fastwire::json!({
        "user": user,
        "ids": ids,
        "shape": shape,
        "maybe": maybe,
        "nested": [user, { "deep": [ids, null] }],
        "bytes": [1_u8, 2],
    });
    let theirs = serde_json::json!({
        "user": user,
        "ids": ids,
        "shape": shape,
        "maybe": maybe,
        "nested": [user, { "deep": [ids, null] }],
        "bytes": [1_u8, 2],
    });
    assert_eq!(sorted_text(&ours), serde_json::to_string(&theirs).unwrap());
    // Interpolated values were borrowed.
    assert_eq!(ids.len(), 3);
    assert_eq!(user.name, theirs["user"]["Name"]);
}

/// Documents of every shape: the corpus and JSONTestSuite's accepted files.
fn documents() -> Vec<(String, String)> {
    let mut docs: Vec<(String, String)> = ["twitter.json", "citm_catalog.json", "canada.json"]
        .into_iter()
        .map(|name| (name.to_owned(), data::read_corpus(name)))
        .collect();
    let dir = data::corpus_dir().join("../JSONTestSuite/test_parsing");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|path| {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            name.starts_with("y_") && name.ends_with(".json")
        })
        .collect();
    names.sort();
    assert!(names.len() >= 90, "JSONTestSuite's y_ files are missing");
    for path in names {
        let Ok(text) = String::from_utf8(std::fs::read(&path).unwrap()) else {
            continue;
        };
        docs.push((path.display().to_string(), text));
    }
    docs
}

#[test]
#[cfg_attr(miri, ignore = "reads the conformance suites from disk")]
fn sorted_output_equals_serde_json_default() {
    for (name, text) in documents() {
        let Ok(theirs) = serde_json::from_str::<serde_json::Value>(&text) else {
            continue;
        };
        let mut ours: Value = json::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        ours.sort_all_objects();
        assert_eq!(
            json::to_string(&ours),
            serde_json::to_string(&theirs).unwrap(),
            "{name}"
        );
        assert_eq!(
            json::to_string_pretty(&ours),
            serde_json::to_string_pretty(&theirs).unwrap(),
            "{name}"
        );
    }
}

fn hash_of<T: Hash>(value: &T) -> u64 {
    let mut hasher = DefaultHasher::new();
    value.hash(&mut hasher);
    hasher.finish()
}

#[test]
fn hash_agrees_with_equality_as_serde_json_does() {
    let texts = [
        r#"{"a":1,"b":[true,null]}"#,
        r#"{"b":[true,null],"a":1}"#,
        r#"{"a":1.0,"b":[true,null]}"#,
        r#"{"a":-0.0}"#,
        r#"{"a":0.0}"#,
        r#"[1,2]"#,
        r#"[2,1]"#,
        r#""s""#,
        "1",
        "1.0",
        "null",
        "{}",
        "[]",
    ];
    let ours: Vec<Value> = texts.iter().map(|t| json::from_str(t).unwrap()).collect();
    let theirs: Vec<serde_json::Value> = texts
        .iter()
        .map(|t| serde_json::from_str(t).unwrap())
        .collect();
    for i in 0..texts.len() {
        for j in 0..texts.len() {
            assert_eq!(
                ours[i] == ours[j],
                theirs[i] == theirs[j],
                "{} vs {}",
                texts[i],
                texts[j]
            );
            if ours[i] == ours[j] {
                assert_eq!(hash_of(&ours[i]), hash_of(&ours[j]), "{}", texts[i]);
            }
        }
    }
    let ours_set: HashSet<&Value> = ours.iter().collect();
    let theirs_set: HashSet<&serde_json::Value> = theirs.iter().collect();
    assert_eq!(ours_set.len(), theirs_set.len());
}

#[test]
fn numbers_parse_like_serde_json() {
    for text in [
        "0",
        "-0",
        "1",
        "-1",
        "01",
        "1.",
        ".5",
        "1e5",
        "1E-5",
        "-1.5e+300",
        "1e400",
        "-",
        "",
        " 1",
        "1 ",
        "+1",
        "18446744073709551615",
        "18446744073709551616",
        "-9223372036854775808",
        "-9223372036854775809",
        "0.1",
        "1.7976931348623157e308",
        "5e-324",
        "1x",
        "0x10",
        "NaN",
        "123456789012345678901234567890",
    ] {
        let ours = text.parse::<Number>();
        let theirs = text.parse::<serde_json::Number>();
        match (&ours, &theirs) {
            (Ok(ours), Ok(theirs)) => {
                assert_eq!(ours.to_string(), theirs.to_string(), "{text:?}");
                assert_eq!(ours.as_i128(), theirs.as_i128(), "{text:?}");
                assert_eq!(ours.as_u128(), theirs.as_u128(), "{text:?}");
                assert_eq!(ours.as_f64(), theirs.as_f64(), "{text:?}");
            }
            (Err(_), Err(_)) => {}
            _ => panic!("{text:?}: fastwire {ours:?}, serde_json {theirs:?}"),
        }
    }
}

/// A small deterministic generator for the operation sequences.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, bound: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % bound as u64) as usize
    }
}

/// serde_json's `Map` with `preserve_order` is an `IndexMap`: each operation must leave
/// fastwire's map with the same entries in the same order and return the same thing.
#[test]
fn ordered_map_operations_follow_serde_jsons_preserve_order_map() {
    let mut rng = Lcg(7);
    let mut ours = Map::new();
    let mut theirs: indexmap::IndexMap<String, Value> = indexmap::IndexMap::new();
    for step in 0..30_000 {
        // Few enough keys that maps cross the length where fastwire builds its index.
        let key = format!("key{}", rng.below(60));
        let value = Value::from(step);
        match rng.below(12) {
            0..=3 => assert_eq!(
                ours.insert(key.clone(), value.clone()),
                theirs.insert(key, value)
            ),
            4 => assert_eq!(ours.remove(&key), theirs.swap_remove(&key)),
            5 => assert_eq!(ours.shift_remove(&key), theirs.shift_remove(&key)),
            6 => assert_eq!(ours.swap_remove_entry(&key), theirs.swap_remove_entry(&key)),
            7 => assert_eq!(ours.remove_entry(&key), theirs.swap_remove_entry(&key)),
            8 => {
                let index = rng
                    .below(theirs.len() + 1)
                    .min(theirs.len() - usize::from(theirs.contains_key(&key)));
                assert_eq!(
                    ours.shift_insert(index, key.clone(), value.clone()),
                    theirs.shift_insert(index, key, value)
                );
            }
            9 => {
                let bump = |v: &mut Value| *v = Value::from(v.as_i64().unwrap() * 2);
                ours.entry(key.clone())
                    .and_modify(bump)
                    .or_insert(value.clone());
                theirs.entry(key).and_modify(bump).or_insert(value);
            }
            10 => {
                use fastwire::json::map::Entry;
                match (ours.entry(key.clone()), theirs.entry(key)) {
                    (Entry::Occupied(o), indexmap::map::Entry::Occupied(t)) => {
                        if step % 2 == 0 {
                            assert_eq!(o.shift_remove_entry(), t.shift_remove_entry());
                        } else {
                            assert_eq!(o.remove(), t.swap_remove());
                        }
                    }
                    (Entry::Vacant(o), indexmap::map::Entry::Vacant(t)) => {
                        assert_eq!(o.key(), t.key());
                        assert_eq!(*o.insert(value.clone()), *t.insert(value));
                    }
                    _ => panic!("step {step}: occupied in one map only"),
                }
            }
            _ if step % 500 == 0 => {
                ours.sort_keys();
                theirs.sort_unstable_keys();
            }
            _ => assert_eq!(ours.get(&key), theirs.get(&key)),
        }
        if step % 100 == 0 || ours.len() != theirs.len() {
            assert_eq!(
                ours.iter().collect::<Vec<_>>(),
                theirs.iter().collect::<Vec<_>>(),
                "step {step}"
            );
        }
    }
    ours.retain(|_, v| v.as_i64().unwrap() % 3 != 0);
    theirs.retain(|_, v| v.as_i64().unwrap() % 3 != 0);
    assert_eq!(
        ours.iter().collect::<Vec<_>>(),
        theirs.iter().collect::<Vec<_>>()
    );
    let mut other: Map = [
        ("key1".to_owned(), Value::Null),
        ("new".to_owned(), true.into()),
    ]
    .into_iter()
    .collect();
    ours.append(&mut other);
    theirs.extend([
        ("key1".to_owned(), Value::Null),
        ("new".to_owned(), true.into()),
    ]);
    assert!(other.is_empty());
    assert_eq!(
        ours.clone().into_iter().collect::<Vec<_>>(),
        theirs.clone().into_iter().collect::<Vec<_>>()
    );
    assert_eq!(
        ours.into_values().collect::<Vec<_>>(),
        theirs.into_values().collect::<Vec<_>>()
    );
}

#[test]
fn maps_parse_from_text_like_serde_json() {
    for text in [
        r#"{"a": 1, "b": [2]}"#,
        "[1]",
        "1",
        r#"{"a": }"#,
        "{} x",
        " {} ",
    ] {
        let ours = text.parse::<Map>();
        let theirs = text.parse::<serde_json::Map<String, serde_json::Value>>();
        assert_eq!(ours.is_ok(), theirs.is_ok(), "{text:?}");
        if let (Ok(ours), Ok(theirs)) = (ours, theirs) {
            assert_eq!(
                json::to_string(&ours),
                serde_json::to_string(&theirs).unwrap()
            );
        }
    }
}

#[test]
fn to_value_of_keys_that_need_escapes_equals_serde_json() {
    #[derive(Serialize, fastwire::Encode)]
    struct Keys {
        #[serde(rename = "quote\"d")]
        quoted: u8,
        #[serde(rename = "back\\slash")]
        backslash: u8,
        #[serde(rename = "ключ")]
        cyrillic: u8,
        #[serde(rename = "tab\there")]
        tab: u8,
        #[serde(rename = "")]
        empty: u8,
        plain: Inner,
    }
    #[derive(Serialize, fastwire::Encode)]
    struct Inner {
        #[serde(rename = "\u{1}")]
        control: Vec<u8>,
    }
    let value = Keys {
        quoted: 1,
        backslash: 2,
        cyrillic: 3,
        tab: 4,
        empty: 5,
        plain: Inner { control: vec![6] },
    };
    let ours = assert_to_value_like_serde(&value, "escaped keys");
    assert_eq!(ours["quote\"d"], 1);
    assert_eq!(ours["back\\slash"], 2);
    assert_eq!(ours["plain"]["\u{1}"][0], 6);
}

/// A hand-written impl may mix text and typed writes inside one token (a number quoted by
/// hand, a literal fragment then a typed value): `to_value` gives what the text reads back as.
#[test]
fn to_value_of_text_and_typed_writes_mixed_in_one_token() {
    use fastwire::json::Writer;

    struct Mixed;
    impl json::Encode for Mixed {
        fn encode<W: Writer>(&self, w: &mut W) {
            w.begin_array();
            w.array_value(true);
            // A number quoted by hand: the typed write lands inside an open string.
            w.write_fragment("\"");
            w.write_u64(42);
            w.write_fragment("\"");
            w.array_value(false);
            // Digits then more digits: one number.
            w.write_fragment("1");
            w.write_i64(2);
            w.array_value(false);
            w.write_fragment("{\"k\":");
            w.write_bool(true);
            w.object_key(false);
            w.write_quoted_u128(7);
            w.object_colon();
            w.write_f64(0.5);
            w.end_object(true);
            w.end_array(true);
        }
    }
    let text = json::to_string(&Mixed);
    assert_eq!(text, r#"["42",12,{"k":true,"7":0.5}]"#);
    assert_eq!(
        json::to_value(&Mixed),
        json::from_str::<Value>(&text).unwrap()
    );
}
