//! `Decoder::max_collection_len` in both formats: every kind of collection honours it, at
//! exactly the limit a value is accepted and one item more is a syntax error at that item,
//! nested collections are counted each on its own, and the default refuses nothing valid.

use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};

use fastwire::{json, msgpack, Decode, Encode};
use serde::{Deserialize, Serialize};

#[derive(Encode, Decode, Serialize, Deserialize, Debug, PartialEq)]
struct Holder {
    id: u32,
    tags: Vec<String>,
    scores: BTreeMap<String, u32>,
}

#[derive(Encode, Decode, Serialize, Deserialize, Debug, PartialEq)]
struct WithRest {
    id: u32,
    #[serde(flatten)]
    rest: HashMap<String, u32>,
}

#[derive(Encode, Decode, Serialize, Deserialize, Debug, PartialEq)]
struct Inner {
    a: u32,
}

#[derive(Encode, Decode, Serialize, Deserialize, Debug, PartialEq)]
struct FlatStruct {
    id: u32,
    #[serde(flatten)]
    inner: Inner,
}

#[derive(Encode, Decode, Serialize, Deserialize, Debug, PartialEq)]
#[serde(untagged)]
enum Either {
    Numbers(Vec<u32>),
    Text(String),
}

#[derive(Encode, Decode, Serialize, Deserialize, Debug, PartialEq)]
struct Blob {
    #[wire(with = "fastwire::with::bytes")]
    #[serde(with = "serde_bytes_like")]
    data: Vec<u8>,
}

/// The JSON layout of `fastwire::with::bytes` (an array of numbers), for serde's side of the
/// comparison.
mod serde_bytes_like {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(bytes: &[u8], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(bytes)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
        Vec::<u8>::deserialize(d)
    }
}

fn json_limit(n: usize) -> json::Decoder {
    json::Decoder::new().max_collection_len(n)
}

fn mp_limit(n: usize) -> msgpack::Decoder {
    msgpack::Decoder::new().max_collection_len(n)
}

/// The JSON texts of `n` and `n + 1` items made by `item`, joined as `open ... close`.
fn json_pair(open: &str, close: &str, n: usize, item: impl Fn(usize) -> String) -> [String; 2] {
    [n, n + 1].map(|len| {
        let items: Vec<String> = (0..len).map(&item).collect();
        format!("{open}{}{close}", items.join(","))
    })
}

/// Checks that `T` decodes `ok` under a limit of `n` (equal to serde_json's value for it) and
/// refuses `over` with the limit's error, placed at the item past the limit (`at`).
fn json_case<T>(n: usize, ok: &str, over: &str, at: usize)
where
    T: json::DecodeOwned + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let decoded: T = json_limit(n)
        .from_str(ok)
        .unwrap_or_else(|e| panic!("{ok}: {e}"));
    assert_eq!(decoded, serde_json::from_str::<T>(ok).unwrap(), "{ok}");
    // Without a limit the longer text is fine too: only the limit refuses it.
    let unlimited: T = json::from_str(over).unwrap();
    assert_eq!(unlimited, serde_json::from_str::<T>(over).unwrap());
    let err = json_limit(n).from_str::<T>(over).unwrap_err();
    assert!(err.is_syntax(), "{over}: {err}");
    assert!(
        err.to_string().contains(&format!(
            "collection longer than the limit of {n} items (see max_collection_len)"
        )),
        "{over}: {err}"
    );
    assert_eq!(err.offset(), at, "{over}: {err}");
}

#[test]
fn json_sequences_stop_one_item_past_the_limit() {
    for n in [0, 1, 3, 16] {
        let [ok, over] = json_pair("[", "]", n, |i| i.to_string());
        let at = over.rfind(',').map_or(1, |comma| comma + 1);
        json_case::<Vec<u32>>(n, &ok, &over, at);
        json_case::<VecDeque<u32>>(n, &ok, &over, at);
        json_case::<BTreeSet<u32>>(n, &ok, &over, at);
        json_case::<Box<[u32]>>(n, &ok, &over, at);
        json_case::<serde_json::Value>(n, &ok, &over, at);
        let ok_value: json::Value = json_limit(n).from_str(&ok).unwrap();
        assert_eq!(ok_value, json::from_str::<json::Value>(&ok).unwrap());
        let err = json_limit(n).from_str::<json::Value>(&over).unwrap_err();
        assert!(err.is_syntax() && err.offset() == at, "{over}: {err}");
    }
}

#[test]
fn json_maps_count_members() {
    for n in [0, 1, 2, 9] {
        let [ok, over] = json_pair("{", "}", n, |i| format!("\"k{i}\":{i}"));
        // The limit's error comes at the value of the member past it.
        let at = over.rfind(':').map_or(1, |colon| colon + 1);
        json_case::<HashMap<String, u32>>(n, &ok, &over, at);
        json_case::<BTreeMap<String, u32>>(n, &ok, &over, at);
        json_case::<serde_json::Value>(n, &ok, &over, at);
        let err = json_limit(n).from_str::<json::Value>(&over).unwrap_err();
        assert!(err.is_syntax() && err.offset() == at, "{over}: {err}");
        // A struct's members are not a collection: a struct with `n + 1` members is read.
        let _: Holder = json_limit(n.max(1))
            .from_str(r#"{"id": 1, "tags": [], "scores": {}}"#)
            .unwrap();
    }
}

#[test]
fn json_duplicate_keys_count_as_they_are_read() {
    // Three members that make one entry: each member read is an item.
    let text = r#"{"a":1,"a":2,"a":3}"#;
    assert!(json_limit(2)
        .from_str::<HashMap<String, u32>>(text)
        .is_err());
    assert_eq!(
        json_limit(3)
            .from_str::<HashMap<String, u32>>(text)
            .unwrap()["a"],
        3
    );
}

#[test]
fn json_nested_collections_are_counted_each_on_its_own() {
    let limited = json_limit(3);
    let grid = "[[1,2,3],[4,5,6],[7,8,9]]";
    let decoded: Vec<Vec<u8>> = limited.from_str(grid).unwrap();
    assert_eq!(decoded.concat(), (1..=9).collect::<Vec<u8>>());
    let err = limited
        .from_str::<Vec<Vec<u8>>>("[[1,2,3],[4,5,6,7],[8]]")
        .unwrap_err();
    assert_eq!(err.path(), "[1]");
    assert_eq!(err.offset(), "[[1,2,3],[4,5,6,".len());
    let holder = r#"{"id": 7, "tags": ["a", "b", "c", "d"], "scores": {}}"#;
    let err = limited.from_str::<Holder>(holder).unwrap_err();
    assert!(err.is_syntax(), "{err}");
    assert_eq!(err.path(), "tags");
}

#[test]
fn json_flatten_rest_and_untagged_rereads_honour_the_limit() {
    // The members a flattened map collects.
    let text = r#"{"id": 1, "x": 1, "y": 2, "z": 3}"#;
    let rest: WithRest = json_limit(3).from_str(text).unwrap();
    assert_eq!(rest, serde_json::from_str::<WithRest>(text).unwrap());
    assert!(json_limit(2)
        .from_str::<WithRest>(text)
        .unwrap_err()
        .is_syntax());
    // A struct flattened into another keeps the members it does not name aside; they count.
    let flat = r#"{"id": 1, "a": 2, "b": 3, "c": 4}"#;
    assert_eq!(
        json_limit(4).from_str::<FlatStruct>(flat).unwrap(),
        serde_json::from_str::<FlatStruct>(flat).unwrap()
    );
    // An untagged enum reads its variants again from the input: with the same limit.
    assert_eq!(
        json_limit(3).from_str::<Either>("[1,2,3]").unwrap(),
        Either::Numbers(vec![1, 2, 3])
    );
    let err = json_limit(2).from_str::<Either>("[1,2,3]").unwrap_err();
    assert!(
        err.to_string()
            .starts_with("data did not match any variant"),
        "{err}"
    );
    // Bytes written as numbers.
    let blob = r#"{"data":[104,105,33]}"#;
    assert_eq!(json_limit(3).from_str::<Blob>(blob).unwrap().data, b"hi!");
    assert!(json_limit(2)
        .from_str::<Blob>(blob)
        .unwrap_err()
        .is_syntax());
}

#[test]
fn json_from_value_and_streams_use_the_options() {
    let limited = json_limit(2);
    let mut values = limited.stream_str::<Vec<u8>>("[1,2] [1,2,3]");
    assert_eq!(values.next().unwrap().unwrap(), [1, 2]);
    assert!(values.next().unwrap().unwrap_err().is_syntax());
    let mut values = limited.stream_slice::<Vec<u8>>(b"[1] [1,2,3]");
    assert_eq!(values.next().unwrap().unwrap(), [1]);
    assert!(values.next().unwrap().is_err());
    let mut values = limited.stream_reader::<_, Vec<u8>>(&b"[1, 2]\n[3, 4, 5]"[..]);
    assert_eq!(values.next().unwrap().unwrap(), [1, 2]);
    assert!(values.next().unwrap().unwrap_err().is_syntax());
    assert!(limited.from_reader::<_, Vec<u8>>(&b"[1,2,3]"[..]).is_err());
    assert_eq!(limited.from_slice::<Vec<u8>>(b"[1,2]").unwrap(), [1, 2]);
    assert!(limited.from_slice::<Vec<u8>>(b"[1,2,3]").is_err());
}

#[test]
fn json_default_takes_long_collections() {
    let long: Vec<u32> = (0..200_000).collect();
    let text = json::to_string(&long);
    assert_eq!(json::from_str::<Vec<u32>>(&text).unwrap(), long);
    assert_eq!(
        json::Decoder::new().from_str::<json::Value>(&text).unwrap(),
        json::to_value(&long)
    );
}

/// Checks that `T` decodes `ok` under a limit of `n` (equal to rmp-serde's value) and refuses
/// `over` with the limit's error at the header (`at`), before reading an item.
fn mp_case<T>(n: usize, ok: &[u8], over: &[u8], at: usize)
where
    T: msgpack::DecodeOwned + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let decoded: T = mp_limit(n).from_slice(ok).unwrap();
    assert_eq!(decoded, rmp_serde::from_slice::<T>(ok).unwrap());
    let unlimited: T = msgpack::from_slice(over).unwrap();
    assert_eq!(unlimited, rmp_serde::from_slice::<T>(over).unwrap());
    let err = mp_limit(n).from_slice::<T>(over).unwrap_err();
    assert!(err.is_syntax(), "{err}");
    assert!(
        err.to_string().contains(&format!(
            "longer than the limit of {n} (see max_collection_len)"
        )),
        "{err}"
    );
    assert_eq!(err.offset(), at, "{err}");
}

#[test]
fn msgpack_headers_past_the_limit_fail_at_the_header() {
    // Both the one-byte headers (fast path) and the 16- and 32-bit ones.
    for n in [0, 1, 3, 15, 16, 300] {
        let ok = msgpack::to_vec(&(0..n as u32).collect::<Vec<_>>());
        let over = msgpack::to_vec(&(0..n as u32 + 1).collect::<Vec<_>>());
        mp_case::<Vec<u32>>(n, &ok, &over, 0);
        mp_case::<VecDeque<u32>>(n, &ok, &over, 0);
        mp_case::<BTreeSet<u32>>(n, &ok, &over, 0);
        let err = mp_limit(n).from_slice::<msgpack::Value>(&over).unwrap_err();
        assert!(err.is_syntax() && err.offset() == 0, "{err}");
        let err = mp_limit(n).from_slice::<json::Value>(&over).unwrap_err();
        assert!(err.is_syntax() && err.offset() == 0, "{err}");

        let map = |len: u32| {
            (0..len)
                .map(|i| (i.to_string(), i))
                .collect::<BTreeMap<_, _>>()
        };
        let ok = msgpack::to_vec(&map(n as u32));
        let over = msgpack::to_vec(&map(n as u32 + 1));
        mp_case::<BTreeMap<String, u32>>(n, &ok, &over, 0);
        mp_case::<HashMap<String, u32>>(n, &ok, &over, 0);
        let err = mp_limit(n).from_slice::<msgpack::Value>(&over).unwrap_err();
        assert!(err.is_syntax() && err.offset() == 0, "{err}");
    }
    // A 32-bit header claiming four billion items: the limit's error, nothing reserved.
    let err = mp_limit(10)
        .from_slice::<Vec<u8>>(b"\xdd\xff\xff\xff\xff")
        .unwrap_err();
    assert!(err.to_string().contains("4294967295 items"), "{err}");
}

#[test]
fn msgpack_nested_and_in_structs() {
    let limited = mp_limit(3);
    let grid = msgpack::to_vec(&vec![vec![1u8, 2, 3], vec![4, 5, 6, 7]]);
    let err = limited.from_slice::<Vec<Vec<u8>>>(&grid).unwrap_err();
    assert_eq!(err.path(), "[1]");
    // Header of the outer array, the first inner array (four bytes), then the second.
    assert_eq!(err.offset(), 1 + 4);
    let holder = Holder {
        id: 1,
        tags: vec!["a".into(), "b".into(), "c".into()],
        scores: BTreeMap::new(),
    };
    let bytes = msgpack::to_vec(&holder);
    assert_eq!(limited.from_slice::<Holder>(&bytes).unwrap(), holder);
    // A struct's map counts as a collection in MessagePack: its header declares its length.
    assert!(mp_limit(2)
        .from_slice::<Holder>(&bytes)
        .unwrap_err()
        .is_syntax());
    // A `bin` read as a sequence of its bytes.
    let bin = b"\xc4\x04\x01\x02\x03\x04";
    assert_eq!(
        mp_limit(4).from_slice::<Vec<u64>>(bin).unwrap(),
        [1, 2, 3, 4]
    );
    let err = limited.from_slice::<Vec<u64>>(bin).unwrap_err();
    assert!(err.is_syntax() && err.offset() == 0, "{err}");
    // Untagged variants read again with the same limit.
    let numbers = msgpack::to_vec(&[1u32, 2, 3]);
    assert!(mp_limit(2).from_slice::<Either>(&numbers).is_err());
    assert_eq!(
        limited.from_slice::<Either>(&numbers).unwrap(),
        Either::Numbers(vec![1, 2, 3])
    );
}

#[test]
fn msgpack_streams_use_the_options() {
    let mut bytes = msgpack::to_vec(&[1u8, 2]);
    bytes.extend(msgpack::to_vec(&[1u8, 2, 3]));
    let limited = mp_limit(2);
    let mut values = limited.stream_slice::<Vec<u8>>(&bytes);
    assert_eq!(values.next().unwrap().unwrap(), [1, 2]);
    assert!(values.next().unwrap().unwrap_err().is_syntax());
    let mut values = limited.stream_reader::<_, Vec<u8>>(&bytes[..]);
    assert_eq!(values.next().unwrap().unwrap(), [1, 2]);
    assert!(values.next().unwrap().unwrap_err().is_syntax());
    assert!(limited.from_reader::<_, Vec<u8>>(&bytes[3..]).is_err());
}

#[test]
fn msgpack_default_takes_long_collections() {
    let long: Vec<u32> = (0..200_000).collect();
    let bytes = msgpack::to_vec(&long);
    assert_eq!(msgpack::from_slice::<Vec<u32>>(&bytes).unwrap(), long);
    assert_eq!(
        msgpack::Decoder::new()
            .from_slice::<msgpack::Value>(&bytes)
            .unwrap(),
        msgpack::to_value(&long)
    );
}
