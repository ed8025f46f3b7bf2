//! `json::from_value` walks the tree itself. Its contract: it decodes exactly as `from_str` does
//! with the value's compact text: the same values, and for what it refuses, the same message
//! and path (without a position). This checks that contract on every kind of type the derive
//! and the runtime have (every serde representation, flatten, bridged fields, raw values, map
//! keys, domain types, `Value`s inside typed values) over well-formed values and over seeded
//! mutations of them that break them in every way a tree can; and against serde_json's own
//! `from_value` for what is accepted.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::fmt::Debug;

use fastwire::json::{self, DecodeOwned, Map, Number, RawValue, Value};
use fastwire_benches::data;
use fastwire_benches::{book, canada, citm, events, records, twitter};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

/// What `from_value` gives compared with `from_str` of the value's text: `Ok(true)` when both
/// decoded (to equal values), `Ok(false)` when both refused (with the same message and path).
fn same_as_text<T>(value: &Value, what: &str) -> bool
where
    T: DecodeOwned + PartialEq + Debug,
{
    let text = value.to_string();
    let from_text = json::from_str::<T>(&text);
    let from_tree = json::from_value::<T>(value);
    match (from_tree, from_text) {
        (Ok(tree), Ok(text)) => {
            assert_eq!(tree, text, "{what}: values differ");
            true
        }
        (Err(tree), Err(text)) => {
            assert_eq!(
                (tree.line(), tree.column(), tree.offset()),
                (0, 0, 0),
                "{what}"
            );
            assert_eq!(
                tree.to_string(),
                without_position(&text.to_string()),
                "{what}: errors differ for {}",
                shorten(&value.to_string())
            );
            assert_eq!(tree.path(), text.path(), "{what}");
            assert_eq!(tree.classify(), text.classify(), "{what}");
            false
        }
        (tree, text) => panic!(
            "{what}: from_value {tree:?}, from_str {text:?}, for {}",
            shorten(&value.to_string())
        ),
    }
}

/// An error's text without the ` (line L, column C)` that ends it.
fn without_position(text: &str) -> String {
    match text.rfind(" (line ") {
        Some(at) if text.ends_with(')') => text[..at].to_owned(),
        _ => text.to_owned(),
    }
}

fn shorten(text: &str) -> String {
    if text.len() <= 300 {
        return text.to_owned();
    }
    let mut end = 300;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &text[..end])
}

/// Every node of `value`, counted in pre-order.
fn count_nodes(value: &Value) -> usize {
    1 + match value {
        Value::Array(items) => items.iter().map(count_nodes).sum(),
        Value::Object(map) => map.values().map(count_nodes).sum(),
        _ => 0,
    }
}

/// The `index`-th node of `value` in pre-order.
fn node_mut(value: &mut Value, mut index: usize) -> &mut Value {
    fn walk<'v>(value: &'v mut Value, index: &mut usize) -> Option<&'v mut Value> {
        if *index == 0 {
            return Some(value);
        }
        *index -= 1;
        match value {
            Value::Array(items) => items.iter_mut().find_map(|item| walk(item, index)),
            Value::Object(map) => map.values_mut().find_map(|item| walk(item, index)),
            _ => None,
        }
    }
    walk(value, &mut index).expect("index within the tree")
}

/// Values a node is replaced with: every kind, numbers at the edges of the integer and float
/// types, strings that look like dates, numbers, names and escapes.
fn replacement(rng: &mut StdRng) -> Value {
    let choices = [
        fastwire::json!(null),
        fastwire::json!(true),
        fastwire::json!(false),
        fastwire::json!(0),
        fastwire::json!(-1),
        fastwire::json!(255),
        fastwire::json!(256),
        fastwire::json!(4294967296_u64),
        fastwire::json!(u64::MAX),
        fastwire::json!(i64::MIN),
        fastwire::json!(1.5),
        fastwire::json!(-0.0),
        fastwire::json!(1e300),
        fastwire::json!(3.4028236e38),
        fastwire::json!(""),
        fastwire::json!("x"),
        fastwire::json!("a\"b\\c\n"),
        fastwire::json!("2026-12-02"),
        fastwire::json!("2026-12-02T10:20:30.123+08:00"),
        fastwire::json!("12.50"),
        fastwire::json!("550e8400-e29b-41d4-a716-446655440000"),
        fastwire::json!("card"),
        fastwire::json!("click"),
        fastwire::json!([]),
        fastwire::json!([1, "two"]),
        fastwire::json!({}),
        fastwire::json!({ "type": "logout" }),
        fastwire::json!({ "a": 1, "b": 2 }),
        fastwire::json!([[[[[]]]]]),
    ];
    choices[rng.random_range(0..choices.len())].clone()
}

/// One random change somewhere in `value`: a node replaced, a member removed, added,
/// renamed or moved to the end, an element removed or repeated.
fn mutate(value: &mut Value, rng: &mut StdRng) {
    let index = rng.random_range(0..count_nodes(value));
    let node = node_mut(value, index);
    match (node, rng.random_range(0..4)) {
        (Value::Object(map), 0) if !map.is_empty() => {
            let key = map
                .keys()
                .nth(rng.random_range(0..map.len()))
                .unwrap()
                .clone();
            map.shift_remove(&key);
        }
        (Value::Object(map), 1) => {
            let key = ["unknown", "type", "id", "extra", "\u{1}odd\"key"][rng.random_range(0..5)];
            map.insert(key.to_owned(), replacement(rng));
        }
        (Value::Object(map), 2) if !map.is_empty() => {
            let key = map
                .keys()
                .nth(rng.random_range(0..map.len()))
                .unwrap()
                .clone();
            let moved = map.shift_remove(&key).unwrap();
            let renamed = if rng.random_bool(0.5) {
                key
            } else {
                format!("{key}_")
            };
            map.insert(renamed, moved);
        }
        (Value::Array(items), 0) if !items.is_empty() => {
            items.remove(rng.random_range(0..items.len()));
        }
        (Value::Array(items), 1) if !items.is_empty() => {
            let copy = items[rng.random_range(0..items.len())].clone();
            items.push(copy);
        }
        (node, _) => *node = replacement(rng),
    }
}

/// `from_value` against `from_str` on `value` and on `rounds` mutations of it (each from the
/// last, restarting from `value` now and then so they do not drift too far); returns how
/// many were accepted.
fn check_mutations<T>(value: &Value, rounds: usize, seed: u64, what: &str) -> usize
where
    T: DecodeOwned + PartialEq + Debug,
{
    let mut rng = StdRng::seed_from_u64(seed);
    assert!(
        same_as_text::<T>(value, what),
        "{what}: the unmutated value is refused"
    );
    let mut accepted = 0;
    let mut current = value.clone();
    for round in 0..rounds {
        if round % 4 == 0 {
            current = value.clone();
        }
        mutate(&mut current, &mut rng);
        accepted += usize::from(same_as_text::<T>(
            &current,
            &format!("{what}, round {round}"),
        ));
    }
    accepted
}

/// The value serde_json's `from_value` decodes `value` to, when it does: what `from_value`
/// must equal for a value both accept.
fn assert_like_serde_json<T>(value: &Value, what: &str)
where
    T: DecodeOwned + serde::de::DeserializeOwned + PartialEq + Debug,
{
    let theirs: serde_json::Value = serde_json::from_str(&value.to_string()).unwrap();
    let theirs = serde_json::from_value::<T>(theirs);
    let ours = json::from_value::<T>(value);
    match (ours, theirs) {
        (Ok(ours), Ok(theirs)) => assert_eq!(ours, theirs, "{what}"),
        (Err(_), Err(_)) => {}
        (ours, theirs) => panic!("{what}: fastwire {ours:?}, serde_json {theirs:?}"),
    }
}

fn to_value<T: Serialize>(value: &T) -> Value {
    json::from_str(&serde_json::to_string(value).unwrap()).unwrap()
}

// ---- a type with every kind of member -------------------------------------------------

#[derive(fastwire::Encode, fastwire::Decode, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
struct Kitchen {
    plain_u8: u8,
    #[serde(rename = "I16", alias = "i16_alias")]
    renamed_i16: i16,
    wide: u128,
    signed_wide: i128,
    single: f32,
    double: f64,
    letter: char,
    flag: bool,
    #[serde(default)]
    defaulted: Vec<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    maybe: Option<Option<String>>,
    owned_cow: Cow<'static, str>,
    pair: (u8, String),
    fixed: [u16; 3],
    by_number: HashMap<u32, String>,
    by_signed: BTreeMap<i64, bool>,
    by_char: BTreeMap<char, u8>,
    loose: Vec<serde_json::Value>,
    object: serde_json::Map<String, serde_json::Value>,
    number: serde_json::Number,
    ours: Vec<Value>,
    our_map: Map,
    our_number: Option<Number>,
    raw: Raw,
    #[wire(serde)]
    bridged: serde_json::Value,
    unit: Unit,
    newtype: Newtype,
    tuple: Tuple,
    shapes: Vec<Shape>,
    adjacent: Vec<Adjacent>,
    untagged: Vec<Untagged>,
    external: Vec<External>,
    #[serde(flatten)]
    flat: Flat,
    date: chrono::NaiveDate,
    instant: chrono::DateTime<chrono::FixedOffset>,
    id: uuid::Uuid,
    amount: rust_decimal::Decimal,
    #[serde(with = "serde_bytes")]
    #[wire(with = "fastwire::with::bytes")]
    bytes: Vec<u8>,
    #[serde(flatten)]
    rest: BTreeMap<String, serde_json::Value>,
}

/// A raw value, compared by its text.
#[derive(fastwire::Encode, fastwire::Decode, Debug, Clone)]
#[serde(transparent)]
struct Raw(Box<RawValue>);

impl PartialEq for Raw {
    fn eq(&self, other: &Raw) -> bool {
        self.0.get() == other.0.get()
    }
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, Clone, PartialEq)]
struct Unit;

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, Clone, PartialEq)]
struct Newtype(u32);

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, Clone, PartialEq)]
struct Tuple(String, i8);

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, Clone, PartialEq)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum Shape {
    Circle { radius: f64 },
    Square { side: u32 },
    Named(Named),
    Nothing,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, Clone, PartialEq)]
struct Named {
    name: String,
    #[serde(default)]
    tags: Vec<String>,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, Clone, PartialEq)]
#[serde(tag = "t", content = "c")]
enum Adjacent {
    Number(i64),
    Pair(u8, u8),
    Record { a: bool },
    Empty,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, Clone, PartialEq)]
#[serde(untagged)]
enum Untagged {
    Small(u8),
    Negative(i64),
    Text(String),
    Point { x: f64, y: f64 },
    List(Vec<u16>),
    Nothing(()),
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, Clone, PartialEq)]
enum External {
    Unit,
    Newtype(String),
    Tuple(u8, bool),
    Struct {
        #[serde(rename = "inner")]
        value: i32,
    },
    #[serde(other)]
    Unknown,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, Clone, PartialEq)]
struct Flat {
    flat_a: u32,
    #[serde(default)]
    flat_b: Option<String>,
}

/// Strict: every key must be known.
#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
struct Strict {
    a: u32,
    #[serde(default)]
    b: Vec<Strict>,
}

fn kitchen() -> Kitchen {
    Kitchen {
        plain_u8: 200,
        renamed_i16: -300,
        wide: u128::from(u64::MAX),
        signed_wide: i128::from(i64::MIN),
        single: 0.1,
        double: -2.5e-300,
        letter: 'ж',
        flag: true,
        defaulted: vec![1, 2],
        maybe: Some(Some("m".into())),
        owned_cow: Cow::Owned("with \"escapes\"\n".into()),
        pair: (7, "seven".into()),
        fixed: [1, 2, 65535],
        by_number: HashMap::from([(1, "one".into()), (4294967295, "max".into())]),
        by_signed: BTreeMap::from([(-5, true), (5, false)]),
        by_char: BTreeMap::from([('a', 1), ('"', 2)]),
        loose: vec![
            serde_json::Value::Null,
            serde_json::json!({ "deep": [1, 2.5, "x"] }),
        ],
        object: serde_json::json!({ "k": "v", "n": null })
            .as_object()
            .unwrap()
            .clone(),
        number: serde_json::Number::from(-12),
        ours: vec![
            Value::Null,
            fastwire::json!({ "deep": [1, 2.5, "x", { "k": [] }] }),
        ],
        our_map: fastwire::json!({ "k": "v", "n": null })
            .as_object()
            .unwrap()
            .clone(),
        our_number: Some(Number::from(-12)),
        raw: Raw(RawValue::from_string(r#"{"raw":[1,2]}"#.into()).unwrap()),
        bridged: serde_json::json!({ "bridged": [true, null] }),
        unit: Unit,
        newtype: Newtype(9),
        tuple: Tuple("t".into(), -1),
        shapes: vec![
            Shape::Circle { radius: 1.5 },
            Shape::Square { side: 3 },
            Shape::Named(Named {
                name: "n".into(),
                tags: vec!["a".into()],
            }),
            Shape::Nothing,
        ],
        adjacent: vec![
            Adjacent::Number(-3),
            Adjacent::Pair(1, 2),
            Adjacent::Record { a: true },
            Adjacent::Empty,
        ],
        untagged: vec![
            Untagged::Small(3),
            Untagged::Negative(-3),
            Untagged::Text("t".into()),
            Untagged::Point { x: 1.0, y: -1.0 },
            Untagged::List(vec![1, 300]),
            Untagged::Nothing(()),
        ],
        external: vec![
            External::Unit,
            External::Newtype("n".into()),
            External::Tuple(1, false),
            External::Struct { value: -9 },
        ],
        flat: Flat {
            flat_a: 5,
            flat_b: Some("b".into()),
        },
        date: chrono::NaiveDate::from_ymd_opt(1999, 3, 28).unwrap(),
        instant: chrono::DateTime::parse_from_rfc3339("2026-12-02T10:20:30.123456789+08:00")
            .unwrap(),
        id: uuid::Uuid::from_u128(0x550e8400_e29b_41d4_a716_446655440000),
        amount: rust_decimal::Decimal::new(-1234567, 3),
        bytes: vec![0, 1, 255],
        rest: BTreeMap::from([("zzz".to_owned(), serde_json::json!([1]))]),
    }
}

// ---- tests ------------------------------------------------------------------------------

#[test]
fn every_kind_of_member_decodes_from_the_tree_as_from_its_text() {
    let value = json::to_value(kitchen());
    assert_eq!(json::from_value::<Kitchen>(&value).unwrap(), kitchen());
    let accepted = check_mutations::<Kitchen>(&value, 1500, 1, "kitchen");
    // The mutations reach both outcomes often.
    assert!(
        accepted > 100 && accepted < 1400,
        "{accepted} of 1500 accepted"
    );
}

#[test]
fn strict_and_recursive_types_decode_from_the_tree_as_from_their_text() {
    let value = fastwire::json!({ "a": 1, "b": [{ "a": 2 }, { "a": 3, "b": [{ "a": 4 }] }] });
    check_mutations::<Strict>(&value, 400, 2, "strict");
    let shapes = to_value(&kitchen().shapes);
    check_mutations::<Vec<Shape>>(&shapes, 400, 3, "internally tagged");
    let untagged = to_value(&kitchen().untagged);
    check_mutations::<Vec<Untagged>>(&untagged, 400, 4, "untagged");
    let adjacent = to_value(&kitchen().adjacent);
    check_mutations::<Vec<Adjacent>>(&adjacent, 400, 5, "adjacently tagged");
    let external = to_value(&kitchen().external);
    check_mutations::<Vec<External>>(&external, 400, 6, "externally tagged");
}

#[test]
fn the_benchmark_models_decode_from_the_tree_as_from_their_text() {
    let envelopes = to_value(&events::envelopes(40));
    check_mutations::<Vec<events::Envelope>>(&envelopes, 300, 7, "events");
    let users = to_value(&records::typed_users(40));
    check_mutations::<Vec<records::TypedUser>>(&users, 300, 8, "users");
    let books = to_value(&vec![book::book(); 5]);
    check_mutations::<Vec<book::Book>>(&books, 300, 9, "books");
}

#[test]
fn the_corpus_decodes_from_the_tree_as_from_its_text_and_as_serde_json_decodes_it() {
    let twitter: Value = json::from_str(&data::read_corpus("twitter.json")).unwrap();
    assert_like_serde_json::<twitter::Twitter>(&twitter, "twitter");
    check_mutations::<twitter::Twitter>(&twitter, 40, 10, "twitter");
    let citm: Value = json::from_str(&data::read_corpus("citm_catalog.json")).unwrap();
    assert_like_serde_json::<citm::CitmCatalog>(&citm, "citm");
    check_mutations::<citm::CitmCatalog>(&citm, 20, 11, "citm");
    let canada: Value = json::from_str(&data::read_corpus("canada.json")).unwrap();
    assert_like_serde_json::<canada::Canada>(&canada, "canada");
    check_mutations::<canada::Canada>(&canada, 10, 12, "canada");
    // Values into values: copied out of the tree whole.
    for doc in [&twitter, &citm, &canada] {
        assert_eq!(&json::from_value::<Value>(doc).unwrap(), doc);
    }
}

#[test]
fn what_serde_json_accepts_from_a_value_fastwire_accepts_alike() {
    assert_like_serde_json::<Vec<events::Envelope>>(&to_value(&events::envelopes(60)), "events");
    let mut rng = StdRng::seed_from_u64(13);
    let value = to_value(&kitchen().untagged);
    for round in 0..300 {
        let mut current = value.clone();
        mutate(&mut current, &mut rng);
        assert_like_serde_json::<Vec<Untagged>>(&current, &format!("untagged, round {round}"));
    }
}

#[test]
fn scalars_and_std_types_at_their_edges_decode_from_the_tree_as_from_their_text() {
    let scalars = [
        fastwire::json!(null),
        fastwire::json!(true),
        fastwire::json!(0),
        fastwire::json!(-0.0),
        fastwire::json!(-1),
        fastwire::json!(255),
        fastwire::json!(65536),
        fastwire::json!(u64::MAX),
        fastwire::json!(i64::MIN),
        fastwire::json!(0.1),
        fastwire::json!(1e38),
        fastwire::json!(3.4028235677973366e38),
        fastwire::json!(3.4028236e38),
        fastwire::json!(1e-46),
        fastwire::json!(16777217),
        // 1 + 2^-24, halfway between two f32s: its shortest text is just above it, so the
        // text rounds up where `as f32` would round to even.
        fastwire::json!(1.0000000596046448),
        fastwire::json!(9007199254740993_u64),
        fastwire::json!(""),
        fastwire::json!("x"),
        fastwire::json!("\u{0}\u{1f}\"\\"),
        fastwire::json!("ж"),
        fastwire::json!("xy"),
        fastwire::json!([]),
        fastwire::json!([1, 2, 3]),
        fastwire::json!({}),
        fastwire::json!({ "1": 2 }),
        // Keys that need escapes: a number or literal key is read from its raw text, where an
        // escape is never part of one.
        fastwire::json!({ "1\"": 2 }),
        fastwire::json!({ "1\n": 2 }),
        fastwire::json!({ "true\\": 2 }),
        fastwire::json!({ "\"": 2 }),
        fastwire::json!({ "\u{7f}": 2 }),
    ];
    for value in &scalars {
        let what = value.to_string();
        same_as_text::<u8>(value, &what);
        same_as_text::<i8>(value, &what);
        same_as_text::<u64>(value, &what);
        same_as_text::<i64>(value, &what);
        same_as_text::<u128>(value, &what);
        same_as_text::<i128>(value, &what);
        same_as_text::<f32>(value, &what);
        same_as_text::<f64>(value, &what);
        same_as_text::<bool>(value, &what);
        same_as_text::<char>(value, &what);
        same_as_text::<String>(value, &what);
        same_as_text::<()>(value, &what);
        same_as_text::<Unit>(value, &what);
        same_as_text::<Option<u8>>(value, &what);
        same_as_text::<Vec<u8>>(value, &what);
        same_as_text::<(u8, u8, u8)>(value, &what);
        same_as_text::<[u8; 2]>(value, &what);
        same_as_text::<HashMap<u8, u8>>(value, &what);
        same_as_text::<BTreeMap<bool, u8>>(value, &what);
        same_as_text::<BTreeMap<char, u8>>(value, &what);
        same_as_text::<BTreeMap<i128, u8>>(value, &what);
        same_as_text::<BTreeMap<String, Option<bool>>>(value, &what);
        same_as_text::<Number>(value, &what);
        same_as_text::<Map>(value, &what);
        same_as_text::<Value>(value, &what);
        same_as_text::<Raw>(value, &what);
        same_as_text::<std::net::IpAddr>(value, &what);
        same_as_text::<std::time::Duration>(value, &what);
        same_as_text::<chrono::NaiveDate>(value, &what);
        same_as_text::<uuid::Uuid>(value, &what);
        same_as_text::<rust_decimal::Decimal>(value, &what);
        same_as_text::<External>(value, &what);
        same_as_text::<Untagged>(value, &what);
    }
}

#[test]
fn nesting_counts_against_the_depth_limit_as_in_text() {
    fn nested(depth: usize) -> Value {
        let mut value = fastwire::json!(1);
        for level in 0..depth {
            value = if level % 2 == 0 {
                Value::Array(vec![value])
            } else {
                fastwire::json!({ "k": value })
            };
        }
        value
    }
    // The default limit admits 127 levels: the edge, either side, for typed values, values,
    // skipped values and values read twice.
    for depth in [126, 127, 128, 129, 300] {
        let value = nested(depth);
        let what = format!("{depth} deep");
        same_as_text::<Value>(&value, &what);
        same_as_text::<Map>(&fastwire::json!({ "x": value.clone() }), &what);
        same_as_text::<Vec<Value>>(&value, &what);
        same_as_text::<Untagged>(&value, &what);
        same_as_text::<Raw>(&value, &what);
        same_as_text::<Strict>(&fastwire::json!({ "a": 1, "z": value.clone() }), &what);
        same_as_text::<Flat>(&fastwire::json!({ "flat_a": 1, "z": value.clone() }), &what);
        same_as_text::<Shape>(
            &fastwire::json!({ "kind": "nothing", "z": value.clone() }),
            &what,
        );
        same_as_text::<Shape>(
            &fastwire::json!({ "z": value.clone(), "kind": "nothing" }),
            &what,
        );
    }
}

#[test]
fn a_value_and_a_reference_decode_alike() {
    let value = json::to_value(kitchen());
    let by_reference: Kitchen = json::from_value(&value).unwrap();
    let by_value: Kitchen = json::from_value(value).unwrap();
    assert_eq!(by_reference, by_value);
}
