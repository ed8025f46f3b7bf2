//! Seeded generated documents, read by every struct, and generated values, written.

use fastwire_tests::assert_same_as_twin;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::values::{object, value};
use super::*;

/// A generated document or value: what it takes to write it in either format, with keys
/// and values that only MessagePack can hold.
#[derive(Clone, Debug)]
enum Node {
    Null,
    Bool(bool),
    Uint(u64),
    Int(i64),
    Float(f64),
    /// A number written in JSON as this text, and in MessagePack as the float it reads as.
    Literal(&'static str, f64),
    Text(String),
    List(Vec<Node>),
    Object(Vec<(Key, Node)>),
    /// MessagePack only (JSON: an array of the bytes).
    Bytes(Vec<u8>),
    /// MessagePack only (JSON: `null`).
    NotANumber,
    /// MessagePack only (JSON: `null`).
    Extension,
}

#[derive(Clone, Debug)]
enum Key {
    /// A string; `true` writes every character of it escaped in JSON.
    Text(String, bool),
    /// MessagePack: a `bin` (JSON: a string).
    Bytes(String),
    /// MessagePack: an integer (JSON: its digits as a string).
    Number(i64),
}

impl Key {
    fn text(&self) -> String {
        match self {
            Key::Text(text, _) | Key::Bytes(text) => text.clone(),
            Key::Number(n) => n.to_string(),
        }
    }

    fn json(&self) -> String {
        match self {
            Key::Text(text, true) => {
                let mut out = String::from('"');
                for unit in text.encode_utf16() {
                    out.push_str(&format!("\\u{unit:04x}"));
                }
                out.push('"');
                out
            }
            _ => serde_json::to_string(&self.text()).unwrap(),
        }
    }

    fn msgpack(&self) -> rmpv::Value {
        match self {
            Key::Text(text, _) => rmpv::Value::from(text.as_str()),
            Key::Bytes(text) => rmpv::Value::Binary(text.as_bytes().to_vec()),
            Key::Number(n) => rmpv::Value::from(*n),
        }
    }
}

impl Node {
    /// JSON text; `spaced` puts whitespace between the tokens.
    fn json(&self, spaced: bool) -> String {
        let (comma, colon) = if spaced { (" ,\n ", " : ") } else { (",", ":") };
        match self {
            Node::Null | Node::NotANumber | Node::Extension => "null".to_owned(),
            Node::Bool(b) => b.to_string(),
            Node::Uint(n) => n.to_string(),
            Node::Int(n) => n.to_string(),
            Node::Float(f) => serde_json::to_string(f).unwrap(),
            Node::Literal(text, _) => (*text).to_owned(),
            Node::Text(text) => serde_json::to_string(text).unwrap(),
            Node::Bytes(bytes) => serde_json::to_string(bytes).unwrap(),
            Node::List(items) => {
                let items: Vec<_> = items.iter().map(|item| item.json(spaced)).collect();
                format!("[{}]", items.join(comma))
            }
            Node::Object(members) => {
                let members: Vec<_> = members
                    .iter()
                    .map(|(key, value)| format!("{}{colon}{}", key.json(), value.json(spaced)))
                    .collect();
                format!("{{{}}}", members.join(comma))
            }
        }
    }

    fn msgpack(&self) -> rmpv::Value {
        match self {
            Node::Null => rmpv::Value::Nil,
            Node::Bool(b) => rmpv::Value::Boolean(*b),
            Node::Uint(n) => rmpv::Value::from(*n),
            Node::Int(n) => rmpv::Value::from(*n),
            // A float that `f32` holds exactly goes as `float 32` now and then.
            Node::Float(f) if (*f as f32) as f64 == *f && f.to_bits() % 3 == 0 => {
                rmpv::Value::F32(*f as f32)
            }
            Node::Float(f) | Node::Literal(_, f) => rmpv::Value::F64(*f),
            Node::Text(text) => rmpv::Value::from(text.as_str()),
            Node::List(items) => rmpv::Value::Array(items.iter().map(Node::msgpack).collect()),
            Node::Object(members) => rmpv::Value::Map(
                members
                    .iter()
                    .map(|(key, value)| (key.msgpack(), value.msgpack()))
                    .collect(),
            ),
            Node::Bytes(bytes) => rmpv::Value::Binary(bytes.clone()),
            Node::NotANumber => rmpv::Value::F64(f64::NAN),
            Node::Extension => rmpv::Value::Ext(-1, vec![0, 0, 0, 7]),
        }
    }
}

/// Keys of the members no struct names.
const OTHER_KEYS: &[&str] = &[
    "x", "y", "z", "zz", "X", "é", "a\"b", "k\\n", "", "😀", "data", "extra", "first", "rest",
];

/// Keys some struct names.
const FIELD_KEYS: &[&str] = &[
    "id", "note", "kind", "version", "a", "b", "type", "Circle", "Square",
];

/// Numbers whose JSON text is unusual, with the float each reads as.
const LITERALS: &[(&str, f64)] = &[
    ("-0", -0.0),
    ("18446744073709551616", 18446744073709551616.0),
    ("-9223372036854775809", -9223372036854775809.0),
    ("1.5e-400", 0.0),
    ("0.1E1", 1.0),
    ("1e22", 1e22),
];

struct Gen {
    rng: StdRng,
    /// Whether to make what only MessagePack holds, and values serde_json refuses.
    wild: bool,
}

impl Gen {
    fn new(seed: u64, wild: bool) -> Gen {
        Gen {
            rng: StdRng::seed_from_u64(seed),
            wild,
        }
    }

    fn pick<T: Clone>(&mut self, items: &[T]) -> T {
        items[self.rng.random_range(0..items.len())].clone()
    }

    fn chance(&mut self, p: f64) -> bool {
        self.rng.random_bool(p)
    }

    fn text(&mut self) -> String {
        let parts = [
            "a", "é", "\"", "\\", "\n", "\u{1}", "😀", " ", "z", "\u{7f}",
        ];
        let len = self.rng.random_range(0..5);
        (0..len).map(|_| self.pick(&parts)).collect()
    }

    fn float(&mut self) -> f64 {
        match self.rng.random_range(0..4) {
            0 => self.rng.random_range(-1e3..1e3),
            1 => f64::from(self.rng.random_range(-100i32..100)) / 4.0,
            2 => self.rng.random::<f64>() * 10f64.powi(self.rng.random_range(-300..300)),
            _ => self.pick(&[0.5, -1.25, 5e-324, f64::MAX, 0.1, 1e16]),
        }
    }

    /// Any value, nesting at most `depth` more levels.
    fn value(&mut self, depth: u32) -> Node {
        let wild = if self.wild { 3 } else { 0 };
        let containers = if depth == 0 { 0 } else { 2 };
        let choice = self.rng.random_range(0..8 + containers + wild);
        // The containers' choices are skipped at the deepest level.
        let choice = if choice >= 8 && containers == 0 {
            choice + 2
        } else {
            choice
        };
        match choice {
            0 => Node::Null,
            1 => Node::Bool(self.chance(0.5)),
            2 => Node::Uint(self.rng.random_range(0..300)),
            3 => Node::Uint(self.rng.random()),
            4 => Node::Int(self.rng.random_range(i64::MIN..0)),
            5 => Node::Float(self.float()),
            6 => {
                let (text, value) = self.pick(LITERALS);
                Node::Literal(text, value)
            }
            7 => Node::Text(self.text()),
            8 => {
                let len = self.rng.random_range(0..4);
                Node::List((0..len).map(|_| self.value(depth - 1)).collect())
            }
            9 => self.object(depth - 1, true),
            10 => Node::Bytes(vec![1, 2]),
            11 => Node::NotANumber,
            _ => Node::Extension,
        }
    }

    /// An object whose keys are unique and, with `sorted`, in order.
    fn object(&mut self, depth: u32, sorted: bool) -> Node {
        let len = self.rng.random_range(0..5);
        let mut keys: Vec<String> = (0..len)
            .map(|_| {
                if self.chance(0.7) {
                    self.pick(OTHER_KEYS).to_owned()
                } else {
                    self.text()
                }
            })
            .collect();
        keys.sort();
        keys.dedup();
        if !sorted {
            for i in (1..keys.len()).rev() {
                let j = self.rng.random_range(0..=i);
                keys.swap(i, j);
            }
        }
        let members = keys
            .into_iter()
            .map(|key| {
                let escaped = self.chance(0.1);
                (Key::Text(key, escaped), self.value(depth))
            })
            .collect();
        Node::Object(members)
    }

    /// A value for the member named `key`, of the field's type most of the time.
    fn field_value(&mut self, key: &str) -> Node {
        if self.chance(0.05) {
            return self.value(1);
        }
        match key {
            "id" => Node::Uint(self.rng.random_range(0..5000)),
            "note" if self.chance(0.5) => Node::Null,
            "note" | "kind" => Node::Text(self.text()),
            "version" => Node::Uint(self.rng.random_range(0..280)),
            "a" | "b" => Node::Uint(self.rng.random_range(0..260)),
            "type" => Node::Text(self.pick(&["Doc", "Event", "Other"]).to_owned()),
            "Circle" => Node::Object(vec![(
                Key::Text("r".to_owned(), false),
                Node::Uint(self.rng.random_range(0..9)),
            )]),
            _ => Node::Uint(self.rng.random_range(0..9)),
        }
    }

    /// A document for the structs above: their fields, other members, repeats, in any order;
    /// now and then a document that is not an object at all.
    fn document(&mut self) -> Node {
        if self.chance(0.03) {
            return self.value(2);
        }
        // The fields of some structs, so that each struct reads a good share of documents.
        let mut keys = Vec::new();
        for (key, p) in [
            ("id", 0.9),
            ("kind", 0.5),
            ("version", 0.5),
            ("a", 0.5),
            ("b", 0.3),
            ("note", 0.3),
            ("type", 0.4),
            ("Circle", 0.2),
            ("Square", 0.2),
        ] {
            if self.chance(p) {
                keys.push(key);
            }
        }
        // Now and then an id alone (what `deny_unknown_fields` lets through), or other
        // members, and fields again.
        let extra = if self.chance(0.1) {
            keys = vec!["id"];
            0
        } else {
            self.rng.random_range(0..5)
        };
        for _ in 0..extra {
            let key = if self.chance(0.2) {
                self.pick(FIELD_KEYS)
            } else {
                self.pick(OTHER_KEYS)
            };
            keys.push(key);
        }
        let mut members = Vec::new();
        for key in keys {
            let value = if FIELD_KEYS.contains(&key) {
                self.field_value(key)
            } else {
                self.value(2)
            };
            let key = if self.wild && self.chance(0.08) {
                Key::Bytes(key.to_owned())
            } else if self.wild && self.chance(0.03) {
                // Not a field's index (fastwire takes a small integer key as the field at that
                // index even in a struct with flattened fields, where serde does not).
                Key::Number(self.pick(&[-1, 17, 300]))
            } else {
                Key::Text(key.to_owned(), self.chance(0.1))
            };
            members.push((key, value));
        }
        // A repeated member, now and then.
        if !members.is_empty() && self.chance(0.15) {
            let (key, _) = self.pick(&members);
            let value = self.value(1);
            members.push((key, value));
        }
        for i in (1..members.len()).rev() {
            let j = self.rng.random_range(0..=i);
            members.swap(i, j);
        }
        Node::Object(members)
    }
}

#[test]
fn generated_documents_are_read_as_serde_reads_them() {
    // How many documents each struct read, and refused, in each format.
    let mut tally = std::collections::BTreeMap::<_, (usize, usize)>::new();
    for (seed, wild) in [(0x5eed_f1a7, false), (0xf1a7_0002, true)] {
        let mut gen = Gen::new(seed, wild);
        for _ in 0..100 {
            let doc = gen.document();
            let spaced = gen.chance(0.3);
            let sorted = match &doc {
                Node::Object(members) => {
                    let mut members = members.clone();
                    members.sort_by_key(|(key, _)| key.text());
                    Some(Node::Object(members).json(false))
                }
                _ => None,
            };
            let str_keys = match &doc {
                Node::Object(members) => members.iter().all(|(k, _)| matches!(k, Key::Text(..))),
                _ => true,
            };
            let case = Case {
                json: Some(doc.json(spaced)),
                sorted_json: sorted,
                msgpack: Some(msgpack_bytes(&doc.msgpack())),
                str_keys,
                ..Case::default()
            }
            .run();
            for &(shape, format, accepted) in &case.verdicts {
                let (read, refused) = tally.entry((shape, format)).or_default();
                *if accepted { read } else { refused } += 1;
            }
        }
    }
    // Every struct reads a share of the documents and refuses another, in both formats, so
    // that neither side of any comparison is idle.
    for ((shape, format), (read, refused)) in tally {
        assert!(
            read >= 8 && refused >= 8,
            "{shape} in {format}: {read} read, {refused} refused"
        );
    }
}

#[test]
fn generated_values_are_written_as_serde_writes_their_twins() {
    let mut gen = Gen::new(0x0f1a_77e7, false);
    let mut failed = 0;
    for round in 0..300 {
        let map_text = gen.object(2, true).json(false);
        let (map, their_map) = object(&map_text);
        // Any value: an object most of the time, `null` or another value now and then.
        let value_text = match gen.rng.random_range(0..6) {
            0..=2 => gen.object(2, true).json(false),
            3 => "null".to_owned(),
            _ => gen.value(2).json(false),
        };
        let (value, their_value) = value(&value_text);
        let id = gen.rng.random_range(0..u32::MAX);
        let what = format!("{map_text} / {value_text}");
        let two = (
            Two {
                first: map.clone(),
                id,
                second: value.clone(),
            },
            Two {
                first: their_map.clone(),
                id,
                second: their_value.clone(),
            },
        );
        same_bytes(&what, &two.0, &two.1);
        if json::try_to_string(&two.0).is_err() {
            failed += 1;
        } else if round % 20 == 0 {
            assert_same_as_twin(&two.0, &two.1);
        }
        let some = gen.chance(0.7);
        same_bytes(
            &what,
            &Maybe {
                id,
                map: some.then(|| map.clone()),
                value: (!some).then(|| value.clone()),
            },
            &Maybe {
                id,
                map: some.then(|| their_map.clone()),
                value: (!some).then(|| their_value.clone()),
            },
        );
        same_bytes(
            &what,
            &Boxed {
                id,
                extra: Box::new(value.clone()),
            },
            &Boxed {
                id,
                extra: Box::new(their_value.clone()),
            },
        );
        same_bytes(
            &what,
            &Nested {
                a: 1,
                inner: Inner {
                    b: Some(2),
                    rest: map.clone(),
                },
                more: value.clone(),
            },
            &Nested {
                a: 1,
                inner: Inner {
                    b: Some(2),
                    rest: their_map.clone(),
                },
                more: their_value.clone(),
            },
        );
        // Members in any order, against the ordered twin.
        let text = gen.object(2, false).json(false);
        let ours: ours::Map = json::from_str(&text).unwrap();
        let ordered: ordered::Map = serde_json::from_str(&text).unwrap();
        same_bytes(
            &text,
            &Doc {
                id,
                extra: ours,
                note: None,
            },
            &Doc {
                id,
                extra: ordered,
                note: None,
            },
        );
    }
    assert!(failed > 20, "only {failed} values failed to encode");
}
