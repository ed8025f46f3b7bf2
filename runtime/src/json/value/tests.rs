//! Unit tests of the `Value` model.

use std::borrow::Cow;

use super::*;
use crate::json::{from_str, to_string, to_string_pretty, Decoder};

fn parse(text: &str) -> Value {
    from_str(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Decodes `text` and checks that encoding gives `expected` back.
fn round_trip(text: &str, expected: &str) {
    let value = parse(text);
    assert_eq!(to_string(&value), expected, "from {text}");
    assert_eq!(value.to_string(), expected);
    assert_eq!(parse(expected), value, "re-reading {expected}");
}

#[test]
fn scalars_round_trip() {
    round_trip("null", "null");
    round_trip(" true ", "true");
    round_trip("false", "false");
    round_trip(r#""a\"b\\c\n\u00e9\ud83d\ude00""#, "\"a\\\"b\\\\c\\né😀\"");
    round_trip(r#""\u001f\u0000""#, r#""\u001f\u0000""#);
    round_trip("0", "0");
    round_trip("-1", "-1");
    round_trip("1.5", "1.5");
    round_trip("1.0", "1.0");
    round_trip("1e3", "1000.0");
    round_trip("1E+2", "100.0");
    round_trip("2.5e-3", "0.0025");
    round_trip("1e100", "1e+100");
    round_trip("-1.5e-7", "-1.5e-7");
    round_trip("123456789.125", "123456789.125");
}

#[test]
fn containers_round_trip() {
    round_trip("[]", "[]");
    round_trip("{}", "{}");
    round_trip("[ 1 , [ ] , { } , [null] ]", "[1,[],{},[null]]");
    round_trip(
        r#" { "z" : 1, "a": [true, {"y": null, "b": "s"}], "m": {} } "#,
        r#"{"z":1,"a":[true,{"y":null,"b":"s"}],"m":{}}"#,
    );
    round_trip(r#"{"k\"ey": 1, "\u00e9": 2}"#, r#"{"k\"ey":1,"é":2}"#);
}

#[test]
fn pretty_layout() {
    let value = parse(r#"{"a":[1,{"b":[]},{}],"c":"d","e":{}}"#);
    let expected = "{\n  \"a\": [\n    1,\n    {\n      \"b\": []\n    },\n    {}\n  ],\n  \"c\": \"d\",\n  \"e\": {}\n}";
    assert_eq!(to_string_pretty(&value), expected);
    assert_eq!(format!("{value:#}"), expected);
    assert_eq!(to_string_pretty(&Value::Array(vec![])), "[]");
}

#[test]
fn number_classification() {
    let n = |text: &str| -> Number { from_str(text).unwrap() };

    let max = n("18446744073709551615");
    assert!(max.is_u64() && !max.is_i64() && !max.is_f64());
    assert_eq!(max.as_u64(), Some(u64::MAX));
    assert_eq!(max.to_string(), "18446744073709551615");

    let min = n("-9223372036854775808");
    assert!(min.is_i64() && !min.is_u64());
    assert_eq!(min.as_i64(), Some(i64::MIN));
    assert_eq!(min.to_string(), "-9223372036854775808");

    let beyond = n("18446744073709551616");
    assert!(beyond.is_f64());
    assert_eq!(beyond.as_f64(), Some(18446744073709551616.0));
    assert_eq!(beyond.to_string(), "1.8446744073709552e+19");

    let below = n("-9223372036854775809");
    assert!(below.is_f64());
    assert_eq!(below.to_string(), "-9.223372036854776e+18");

    let float = n("1.0");
    assert!(float.is_f64());
    assert_ne!(float, Number::from(1));
    assert_eq!(float.as_i64(), None);

    let zero = n("0");
    assert!(zero.is_u64() && zero.is_i64());
    assert_eq!(zero, Number::from(0i64));

    // serde_json reads `-0` as the float -0.0 (its parser turns a negated zero
    // significand into a float to keep the sign), and writes it back as `-0.0`.
    let negative_zero = n("-0");
    assert!(negative_zero.is_f64());
    assert!(negative_zero.as_f64().unwrap().is_sign_negative());
    assert_eq!(negative_zero.to_string(), "-0.0");
    round_trip("[-0, -0.0, 0.0]", "[-0.0,-0.0,0.0]");

    assert_eq!(n("-5").as_i64(), Some(-5));
    assert!(n("5").is_u64());
    assert_eq!(Number::from(-0i32), Number::from(0u8));
    assert_eq!(Number::from(i64::MAX).as_u64(), Some(i64::MAX as u64));
    assert_eq!(Number::from(i64::MIN).as_u64(), None);
    assert_eq!(format!("{:?}", Number::from(-3)), "Number(-3)");
    assert_eq!(format!("{:?}", n("2.5")), "Number(2.5)");

    assert!(from_str::<Number>("1e400").is_err());
    assert!(from_str::<Number>("\"1\"").is_err());
    assert!(from_str::<Value>("01").is_err());
    assert!(from_str::<Value>("1.").is_err());
    assert!(from_str::<Value>("-").is_err());
}

#[test]
fn numbers_encode_exactly() {
    let value = Value::Array(vec![
        Value::from(u64::MAX),
        Value::from(i64::MIN),
        Value::from(0.1),
        Value::from(-2.0f64),
        Value::from(1e21),
        Value::from(1.5e-10),
        Value::from(f64::NAN),
        Value::from(0.1f32),
    ]);
    assert_eq!(
        to_string(&value),
        "[18446744073709551615,-9223372036854775808,0.1,-2.0,1e+21,1.5e-10,null,0.10000000149011612]"
    );
}

#[test]
fn duplicate_keys_keep_first_position_and_last_value() {
    let value = parse(r#"{"a": 1, "b": 2, "a": 3}"#);
    assert_eq!(to_string(&value), r#"{"a":3,"b":2}"#);
    assert_eq!(value["a"], 3);

    // The same once the map is indexed.
    let mut text = String::from("{");
    for i in 0..40 {
        text.push_str(&format!("\"k{i}\": {i},"));
    }
    text.push_str(r#""k3": "again", "k39": "last"}"#);
    let value = parse(&text);
    let map = value.as_object().unwrap();
    assert_eq!(map.len(), 40);
    assert_eq!(map.keys().nth(3).unwrap(), "k3");
    assert_eq!(map["k3"], "again");
    assert_eq!(map.values().next_back().unwrap(), "last");
}

#[test]
fn big_object_decodes_and_looks_up() {
    const KEYS: usize = if cfg!(miri) { 300 } else { 100_000 };
    let mut text = String::with_capacity(KEYS * 20);
    text.push('{');
    for i in 0..KEYS {
        if i > 0 {
            text.push(',');
        }
        text.push_str(&format!("\"key{i}\":{i}"));
    }
    text.push('}');

    let value = parse(&text);
    let map = value.as_object().unwrap();
    assert_eq!(map.len(), KEYS);
    // Lookups and duplicate checks go through the hash index, not a scan of the entries
    // (a scan per insert would make decoding this object quadratic).
    assert!(map.table.is_some());
    for i in (0..KEYS).step_by(997) {
        assert_eq!(map[&format!("key{i}")], i as u64);
    }
    assert!(map.get("key100000").is_none());
    assert_eq!(map.keys().next().unwrap(), "key0");
    assert_eq!(map.keys().next_back().unwrap(), &format!("key{}", KEYS - 1));
    assert_eq!(to_string(&value), text);
}

/// A small deterministic generator for the model test.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, bound: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % bound
    }
}

#[test]
fn map_matches_a_vec_model() {
    let mut rng = Lcg(42);
    let mut map = Map::new();
    let mut model: Vec<(String, Value)> = Vec::new();
    for step in 0..if cfg!(miri) { 100 } else { 20_000 } {
        let key = format!("k{}", rng.next(300));
        match rng.next(13) {
            0..=5 => {
                let value = Value::from(step);
                let expected = match model.iter_mut().find(|(k, _)| *k == key) {
                    Some((_, v)) => Some(mem::replace(v, value.clone())),
                    None => {
                        model.push((key.clone(), value.clone()));
                        None
                    }
                };
                assert_eq!(map.insert(key, value), expected);
            }
            6 | 7 => {
                // `remove` is `swap_remove`, as in serde_json with `preserve_order`.
                let expected = model
                    .iter()
                    .position(|(k, _)| *k == key)
                    .map(|i| model.swap_remove(i).1);
                assert_eq!(map.remove(&key), expected);
            }
            8 => {
                let expected = model
                    .iter()
                    .position(|(k, _)| *k == key)
                    .map(|i| model.remove(i));
                assert_eq!(map.shift_remove_entry(&key), expected);
            }
            9 => {
                // Through an entry: bump an existing value, or append a new one.
                match model.iter_mut().find(|(k, _)| *k == key) {
                    Some((_, v)) => *v = Value::from(v.as_i64().unwrap() + 1),
                    None => model.push((key.clone(), Value::from(-1))),
                }
                map.entry(key)
                    .and_modify(|v| *v = Value::from(v.as_i64().unwrap() + 1))
                    .or_insert(Value::from(-1));
            }
            10 => {
                let index = rng.next(model.len() as u64 + 1) as usize;
                let old = model
                    .iter()
                    .position(|(k, _)| *k == key)
                    .map(|i| model.remove(i).1);
                let index = index.min(model.len());
                model.insert(index, (key.clone(), Value::from(step)));
                assert_eq!(map.shift_insert(index, key, Value::from(step)), old);
            }
            11 if step % 97 == 0 => {
                model.sort_by(|a, b| a.0.cmp(&b.0));
                map.sort_keys();
            }
            _ => {
                let expected = model.iter().find(|(k, _)| *k == key).map(|(_, v)| v);
                assert_eq!(map.get(&key), expected);
            }
        }
        if step % 500 == 0 {
            assert_eq!(map.len(), model.len());
            assert_eq!(
                map.iter().collect::<Vec<_>>(),
                model.iter().map(|(k, v)| (k, v)).collect::<Vec<_>>(),
                "step {step}"
            );
            for (key, value) in &model {
                assert_eq!(map.get(key), Some(value));
            }
        }
    }
    map.retain(|key, _| key.len() % 2 == 0);
    model.retain(|(key, _)| key.len() % 2 == 0);
    assert_eq!(
        map.keys().collect::<Vec<_>>(),
        model.iter().map(|(k, _)| k).collect::<Vec<_>>()
    );
    for (key, value) in &model {
        assert_eq!(map.get(key), Some(value));
    }
    assert!(map.get("k10").is_none());
}

#[test]
fn map_api() {
    let mut map: Map = (0..12).map(|i| (format!("{i}"), Value::from(i))).collect();
    assert_eq!(map.len(), 12);
    assert_eq!(map.shift_remove("3"), Some(Value::from(3)));
    assert_eq!(
        map.shift_remove_entry("0"),
        Some(("0".to_owned(), Value::from(0)))
    );
    assert_eq!(
        map.keys().map(String::as_str).collect::<Vec<_>>(),
        ["1", "2", "4", "5", "6", "7", "8", "9", "10", "11"]
    );
    for key in ["1", "2", "4", "11"] {
        assert!(map.contains_key(key), "{key}");
    }
    map["4"] = Value::from("four");
    *map.get_mut("5").unwrap() = Value::Null;
    for (key, value) in &mut map {
        if key == "6" {
            *value = Value::Bool(true);
        }
    }
    assert_eq!(map.iter().len(), 10);
    assert_eq!(map.iter().next_back().unwrap().0, "11");
    assert_eq!(
        to_string(&map),
        r#"{"1":1,"2":2,"4":"four","5":null,"6":true,"7":7,"8":8,"9":9,"10":10,"11":11}"#
    );

    let mut reversed: Map = map.clone().into_iter().rev().collect();
    assert_eq!(reversed, map);
    reversed.insert("1".to_owned(), Value::from(-1));
    assert_ne!(reversed, map);
    reversed.insert("1".to_owned(), Value::from(1));
    reversed.insert("extra".to_owned(), Value::Null);
    assert_ne!(reversed, map);

    let small: Map = [
        ("b".to_owned(), Value::from(1)),
        ("a".to_owned(), Value::Null),
    ]
    .into_iter()
    .collect();
    assert_eq!(format!("{small:?}"), r#"{"b": Number(1), "a": Null}"#);
    let mut cleared = map.clone();
    cleared.clear();
    assert!(cleared.is_empty());
    cleared.insert("x".to_owned(), Value::Null);
    assert_eq!(to_string(&cleared), r#"{"x":null}"#);
    assert_eq!(Map::default(), Map::new());
    let decoded: Map = from_str(r#"{"q": [1]}"#).unwrap();
    assert_eq!(decoded["q"][0], 1);
    assert!(from_str::<Map>("[]").is_err());
}

#[test]
fn index_and_pointer() {
    let mut value = parse(r#"{"a": [10, {"b/c": {"~d": 4}}], "": 0}"#);
    assert_eq!(value["a"][0], 10);
    assert_eq!(value[&String::from("a")][1]["b/c"]["~d"], 4);
    assert!(value["nope"].is_null());
    assert!(value["a"][99].is_null());
    assert!(value["a"]["x"].is_null());
    assert!(value[0].is_null());
    assert_eq!(value.get("a").unwrap().get(0), Some(&Value::from(10)));
    assert_eq!(
        value.get(String::from("a")).map(Value::is_array),
        Some(true)
    );

    assert_eq!(value.pointer("/a/1/b~1c/~0d"), Some(&Value::from(4)));
    assert_eq!(value.pointer("/"), Some(&Value::from(0)));
    assert_eq!(value.pointer("/a/01"), None);
    assert_eq!(value.pointer("/a/+1"), None);
    assert_eq!(value.pointer("/a/-1"), None);
    assert_eq!(value.pointer("/a/0/x"), None);
    assert_eq!(value.pointer("a"), None);
    *value.pointer_mut("/a/0").unwrap() = Value::from("ten");
    assert_eq!(value["a"][0], "ten");

    value["new"]["deep"] = Value::from(1);
    value["a"][0] = Value::Null;
    assert_eq!(
        to_string(&value),
        r#"{"a":[null,{"b/c":{"~d":4}}],"":0,"new":{"deep":1}}"#
    );
    let taken = value["new"].take();
    assert_eq!(to_string(&taken), r#"{"deep":1}"#);
    assert!(value["new"].is_null());
}

#[test]
#[should_panic(expected = "cannot access index 5 of JSON array of length 2")]
fn index_mut_out_of_bounds_panics() {
    let mut value = parse("[1, 2]");
    value[5] = Value::Null;
}

#[test]
#[should_panic(expected = "cannot access key \"a\" in JSON array")]
fn index_mut_key_on_array_panics() {
    let mut value = parse("[1, 2]");
    value["a"] = Value::Null;
}

#[test]
fn accessors_and_comparisons() {
    let value = parse(r#"[null, true, 1, -2, 3.5, "s", [], {}]"#);
    let items = value.as_array().unwrap();
    assert!(items[0].is_null() && items[0].as_null() == Some(()));
    assert!(items[1].is_boolean() && items[1] == true);
    assert!(items[2].is_u64() && items[2].is_i64() && items[2] == 1 && items[2] == 1.0);
    assert!(items[3].is_i64() && !items[3].is_u64() && items[3] == -2i8);
    assert!(items[4].is_f64() && items[4] == 3.5 && items[4] == 3.5f32);
    assert!(items[5].is_string() && items[5] == "s" && items[5] == *"s");
    let owned = String::from("s");
    assert!(items[5] == owned);
    assert!("s" == items[5]);
    assert!(owned == items[5]);
    assert!(items[6].is_array() && items[7].is_object());
    assert_eq!(items[4].as_u64(), None);
    assert_eq!(items[3].as_f64(), Some(-2.0));
    assert!(items[2] != "1" && items[5] != 1 && items[1] != 1);
    assert!(1 == items[2] && &items[2] == 1u64);
    assert_eq!(
        format!("{:?}", value),
        r#"Array [Null, Bool(true), Number(1), Number(-2), Number(3.5), String("s"), Array [], Object {}]"#
    );
    assert_eq!(Value::default(), Value::Null);
    assert_eq!(items[2].as_number(), Some(&Number::from(1)));
}

#[test]
fn conversions() {
    assert_eq!(to_string(&Value::from(())), "null");
    assert_eq!(to_string(&Value::from(Some(3u16))), "3");
    assert_eq!(to_string(&Value::from(None::<&str>)), "null");
    assert_eq!(to_string(&Value::from(vec!["a", "b"])), r#"["a","b"]"#);
    assert_eq!(to_string(&Value::from([1.5, 2.0])), "[1.5,2.0]");
    assert_eq!(to_string(&Value::from(&[true][..])), "[true]");
    assert_eq!(to_string(&Value::from(Cow::Borrowed("c"))), r#""c""#);
    assert_eq!(to_string(&Value::from('x')), r#""x""#);
    assert_eq!(to_string(&Value::from(f32::NAN)), "null");
    assert_eq!(to_string(&Value::from(-7isize)), "-7");
    let object: Value = vec![("k", 1), ("j", 2)].into_iter().collect();
    assert_eq!(to_string(&object), r#"{"k":1,"j":2}"#);
    let array: Value = ["x"].into_iter().collect();
    assert_eq!(to_string(&array), r#"["x"]"#);
    assert_eq!("[1]".parse::<Value>().unwrap(), Value::from(vec![1]));
    assert!("[1".parse::<Value>().is_err());
}

#[test]
fn decode_errors_name_the_path() {
    let err = from_str::<Value>(r#"{"a": [1, tru]}"#).unwrap_err();
    assert!(err.is_syntax());
    assert_eq!(err.path(), r#"["a"][1]"#);
    let err = from_str::<Value>(r#"{"a": {"b" 1}}"#).unwrap_err();
    assert_eq!(
        err.to_string(),
        r#"expected `:` at ["a"] (line 1, column 12)"#
    );
    let err = from_str::<Value>("x").unwrap_err();
    assert_eq!(err.to_string(), "expected value (line 1, column 1)");
    assert!(from_str::<Value>("").unwrap_err().is_eof());
    assert!(from_str::<Value>("[1,]").is_err());
    assert!(from_str::<Value>(r#"{"a":1,}"#).is_err());
    assert!(from_str::<Value>("1 2").is_err());
    assert!(from_str::<Value>(r#""\ud800""#).is_err());
}

#[test]
fn nesting_is_limited() {
    // serde_json's counting: the default limit of 128 admits 127 levels.
    let ok = "[".repeat(127) + &"]".repeat(127);
    assert!(from_str::<Value>(&ok).is_ok());
    let deep = "[".repeat(128) + &"]".repeat(128);
    assert!(from_str::<Value>(&deep).is_err());
    let objects = "{\"a\":".repeat(200) + "1" + &"}".repeat(200);
    assert!(from_str::<Value>(&objects).is_err());
    assert!(Decoder::new()
        .max_depth(300)
        .from_str::<Value>(&objects)
        .is_ok());
}

#[test]
fn size_hint_is_reasonable() {
    let value = parse(r#"{"list": [1, 2, 3, 4, 5, 6, 7, 8], "name": "abcdef"}"#);
    let hint = value.size_hint();
    let actual = to_string(&value).len();
    assert!(
        hint >= actual / 2 && hint <= actual * 3,
        "{hint} vs {actual}"
    );
}

#[test]
fn json_macro() {
    let name = "Ada";
    let key = String::from("dyn");
    let list = vec![1, 2];
    let inner = crate::json!({"x": 1});
    let value = crate::json!({
        "null": null,
        "t": true,
        "f": false,
        "int": -3,
        "big": u64::MAX,
        "float": 1.5,
        "str": "s",
        "name": name,
        "list": list,
        "inner": inner,
        "array": [null, true, 1, "two", [3], {"four": 4}, 2 + 3, name,],
        "empty": [],
        "obj": {},
        key: "dynamic key",
        (format!("{}{}", "comp", "uted")): [[]],
        "dup": 1,
        "dup": 2,
        "expr": [1, 2].len(),
        "opt": Some("x"),
        "none": None::<u8>,
    });
    assert_eq!(
        to_string(&value),
        concat!(
            r#"{"null":null,"t":true,"f":false,"int":-3,"big":18446744073709551615,"#,
            r#""float":1.5,"str":"s","name":"Ada","list":[1,2],"inner":{"x":1},"#,
            r#""array":[null,true,1,"two",[3],{"four":4},5,"Ada"],"empty":[],"obj":{},"#,
            r#""dyn":"dynamic key","computed":[[]],"dup":2,"expr":2,"opt":"x","none":null}"#
        )
    );
    assert_eq!(crate::json!(null), Value::Null);
    assert_eq!(crate::json!(7), 7);
    assert_eq!(crate::json!("x"), "x");
    assert_eq!(crate::json!([]), Value::Array(vec![]));
    assert_eq!(crate::json!({}), Value::Object(Map::new()));
    assert_eq!(
        to_string(&crate::json!([[null], {"a": [null]}])),
        r#"[[null],{"a":[null]}]"#
    );
    assert_eq!(to_string(&crate::json!({"a": null})), r#"{"a":null}"#);
    assert_eq!(
        to_string(&crate::json!({"a": [1], "b": {"c": null},})),
        r#"{"a":[1],"b":{"c":null}}"#
    );
}
