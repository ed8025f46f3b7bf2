//! `json::Map` and `json::Value` as `#[serde(flatten)]` fields, in both formats, against
//! serde's flatten of the same structs holding serde_json's `Map<String, Value>` and `Value`
//! (serde_json and rmp-serde): the bytes written, the members each field reads, what is
//! refused.
//!
//! Every struct here is generic over its flattened types and derives fastwire's traits and
//! serde's, so one definition gives the twins: `Doc<json::Map>`, read and written by fastwire,
//! and `Doc<serde_json::Map<String, serde_json::Value>>`, by serde. serde_json is built here
//! without `preserve_order`, so its maps sort their keys; the members a flattened field
//! collects, and their order, are checked against a third twin holding
//! `IndexMap<String, serde_json::Value>`, which serde fills by the same rules in input order
//! (it is serde_json's `Map` with `preserve_order`). The generated documents keep the keys of
//! nested objects sorted and unique, so that nested values print alike in all three.
//!
//! A reading is compared through its JSON: fastwire's output for its reading against
//! serde_json's for the ordered twin's, byte for byte (and the pretty text and the MessagePack
//! bytes too), and, parsed into serde_json's `Value` (keys sorted), against serde_json's for
//! the serde_json twin's. Documents whose members are sorted are also read by fastwire and by
//! serde and written again, where fastwire's bytes must equal serde's for the serde_json twin
//! exactly. Values no document reads (a flattened `Value` that is `null`, a number, an array;
//! two flattened fields holding different members) are built for both twins and written by
//! both: the same bytes, or the same error.
//!
//! The seeds are fixed, so a failure reproduces; the failing document is printed.

use std::fmt::Debug;

use fastwire::{json, msgpack};
use fastwire_tests::{assert_same_as_twin, msgpack_bytes, DecodeOwnedAll, EncodeAll};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

// =============================================================================================
// the twins
// =============================================================================================

/// fastwire's flattened types.
mod ours {
    pub type Map = fastwire::json::Map;
    pub type Value = fastwire::json::Value;
}

/// serde_json's.
mod theirs {
    pub type Map = serde_json::Map<String, serde_json::Value>;
    pub type Value = serde_json::Value;
}

/// serde_json's map with `preserve_order`, for a flattened `Map` or `Value`.
mod ordered {
    pub type Map = indexmap::IndexMap<String, serde_json::Value>;
    pub type Value = Map;
}

/// An id, the members it does not name, and a field after them.
#[derive(fastwire::Encode, fastwire::Decode, Serialize, Deserialize, Debug, Clone, PartialEq)]
struct Doc<M> {
    id: u32,
    #[serde(flatten)]
    extra: M,
    note: Option<String>,
}

#[derive(fastwire::Encode, fastwire::Decode, Serialize, Deserialize, Debug, Clone, PartialEq)]
struct Loose<V> {
    id: u32,
    #[serde(flatten)]
    extra: V,
}

#[derive(fastwire::Encode, fastwire::Decode, Serialize, Deserialize, Debug, Clone, PartialEq)]
struct Boxed<V> {
    id: u32,
    #[serde(flatten)]
    extra: Box<V>,
}

/// Two flattened fields: both see every member the struct does not name.
#[derive(fastwire::Encode, fastwire::Decode, Serialize, Deserialize, Debug, Clone, PartialEq)]
struct Two<M, V> {
    #[serde(flatten)]
    first: M,
    id: u32,
    #[serde(flatten)]
    second: V,
}

#[derive(fastwire::Encode, fastwire::Decode, Serialize, Deserialize, Debug, Clone, PartialEq)]
struct Maybe<M, V> {
    id: u32,
    #[serde(flatten)]
    map: Option<M>,
    #[serde(flatten)]
    value: Option<V>,
}

#[derive(fastwire::Encode, fastwire::Decode, Serialize, Deserialize, Debug, Clone, PartialEq)]
struct Kind {
    kind: String,
    version: u8,
}

/// A flattened map before a flattened struct: it sees the members the struct takes after.
#[derive(fastwire::Encode, fastwire::Decode, Serialize, Deserialize, Debug, Clone, PartialEq)]
struct Beside<M> {
    #[serde(flatten)]
    rest: M,
    #[serde(flatten)]
    kind: Kind,
    id: u32,
}

/// A flattened map after a flattened (optional) struct: it sees what the struct left.
#[derive(fastwire::Encode, fastwire::Decode, Serialize, Deserialize, Debug, Clone, PartialEq)]
struct After<V> {
    id: u32,
    #[serde(flatten)]
    kind: Option<Kind>,
    #[serde(flatten)]
    rest: V,
}

#[derive(fastwire::Encode, fastwire::Decode, Serialize, Deserialize, Debug, Clone, PartialEq)]
struct Inner<M> {
    b: Option<u8>,
    #[serde(flatten)]
    rest: M,
}

/// A flattened struct with a flattened map of its own, beside another flattened value.
#[derive(fastwire::Encode, fastwire::Decode, Serialize, Deserialize, Debug, Clone, PartialEq)]
struct Nested<M, V> {
    a: u8,
    #[serde(flatten)]
    inner: Inner<M>,
    #[serde(flatten)]
    more: V,
}

#[derive(fastwire::Encode, fastwire::Decode, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
struct Strict<M> {
    id: u32,
    #[serde(flatten)]
    extra: M,
}

#[derive(fastwire::Encode, fastwire::Decode, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
struct Guarded<V> {
    id: u32,
    #[serde(flatten)]
    inner: Inner<V>,
}

#[derive(fastwire::Encode, fastwire::Decode, Serialize, Deserialize, Debug, Clone, PartialEq)]
enum Shape {
    Circle { r: u8 },
    Square(u8),
}

/// A flattened enum (it takes its variant's member) beside a flattened map.
#[derive(fastwire::Encode, fastwire::Decode, Serialize, Deserialize, Debug, Clone, PartialEq)]
struct WithEnum<M> {
    id: u32,
    #[serde(flatten)]
    shape: Shape,
    #[serde(flatten)]
    rest: M,
}

#[derive(fastwire::Encode, fastwire::Decode, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(tag = "type")]
enum Tagged<M, V> {
    Doc(Doc<M>),
    Event {
        id: u32,
        #[serde(flatten)]
        data: V,
    },
}

/// Runs `check::<Ours, Theirs, Ordered>(name, input)` for every struct above.
macro_rules! each_shape {
    ($check:ident($input:expr)) => {
        each_shape!(@ $check $input;
            Doc<Map>, Loose<Value>, Boxed<Value>, Two<Map, Value>, Maybe<Map, Value>,
            Beside<Map>, After<Value>, Nested<Map, Value>, Strict<Map>, Guarded<Value>,
            WithEnum<Map>, Tagged<Map, Value>)
    };
    (@ $check:ident $input:expr; $($shape:ident<$($flat:ident),*>),*) => {$(
        $check::<$shape<$(ours::$flat),*>, $shape<$(theirs::$flat),*>, $shape<$(ordered::$flat),*>>(
            stringify!($shape),
            $input,
        );
    )*};
}

// =============================================================================================
// reading documents
// =============================================================================================

/// A document in both formats, and what each struct made of it.
#[derive(Default)]
struct Case {
    /// The JSON text.
    json: Option<String>,
    /// The same text with its members sorted by key (read again, and written again, where
    /// fastwire's bytes must equal serde's for the serde_json twin).
    sorted_json: Option<String>,
    /// The MessagePack bytes.
    msgpack: Option<Vec<u8>>,
    /// Whether every key of the MessagePack map is a `str` (the ordered twin reads a `bin`
    /// first key where serde_json's `Value` refuses it, so it is consulted only then).
    str_keys: bool,
    /// Each struct, format, and whether serde (and fastwire) accepted the document.
    verdicts: Vec<(&'static str, &'static str, bool)>,
}

impl Case {
    /// A JSON document, and the same document in MessagePack when serde_json can read it
    /// (keys in order, repeated ones kept).
    fn json(text: &str) -> Case {
        let msgpack = serde_json::from_str::<rmpv::Value>(text)
            .ok()
            .map(|value| msgpack_bytes(&value));
        Case {
            json: Some(text.to_owned()),
            msgpack,
            str_keys: true,
            ..Case::default()
        }
    }

    /// A MessagePack document.
    fn msgpack(value: &rmpv::Value) -> Case {
        Case::msgpack_bytes(msgpack_bytes(value), false)
    }

    fn msgpack_bytes(bytes: Vec<u8>, str_keys: bool) -> Case {
        Case {
            msgpack: Some(bytes),
            str_keys,
            ..Case::default()
        }
    }

    /// Reads the document as every struct.
    fn run(mut self) -> Case {
        each_shape!(check(&mut self));
        self
    }

    /// Whether `shape` was read from the document in `format`.
    fn accepted(&self, shape: &str, format: &str) -> bool {
        let found = self
            .verdicts
            .iter()
            .find(|(s, f, _)| *s == shape && *f == format);
        found.expect("no such shape or format").2
    }
}

/// `shape` read from `case` by fastwire and by serde, in each format the case has: both
/// accept or both refuse, and what they read is the same.
fn check<O, S, Q>(shape: &'static str, case: &mut Case)
where
    O: DecodeOwnedAll + EncodeAll + Debug,
    S: Serialize + DeserializeOwned + Debug,
    Q: Serialize + DeserializeOwned + Debug,
{
    if let Some(text) = &case.json {
        let what = format!("{shape} from JSON {text}");
        let ours = json::from_str::<O>(text);
        let theirs = serde_json::from_str::<S>(text);
        let accepted = agree(&what, &ours, &theirs);
        if let (Ok(ours), Ok(theirs)) = (&ours, &theirs) {
            let ordered = serde_json::from_str::<Q>(text).expect("the ordered twin reads it");
            same_reading(&what, ours, theirs, Some(&ordered));
        }
        case.verdicts.push((shape, "json", accepted));
    }
    if let Some(text) = &case.sorted_json {
        let what = format!("{shape} from sorted JSON {text}");
        let ours = json::from_str::<O>(text);
        let theirs = serde_json::from_str::<S>(text);
        if let (Ok(ours), Ok(theirs)) = (&ours, &theirs) {
            same_bytes(&what, ours, theirs);
        }
        agree(&what, &ours, &theirs);
    }
    if let Some(bytes) = &case.msgpack {
        let what = format!("{shape} from MessagePack {bytes:02x?}");
        let ours = msgpack::from_slice::<O>(bytes);
        let theirs = rmp_serde::from_slice::<S>(bytes);
        let accepted = agree(&what, &ours, &theirs);
        if let (Ok(ours), Ok(theirs)) = (&ours, &theirs) {
            let ordered = case
                .str_keys
                .then(|| rmp_serde::from_slice::<Q>(bytes).expect("the ordered twin reads it"));
            same_reading(&what, ours, theirs, ordered.as_ref());
        }
        case.verdicts.push((shape, "msgpack", accepted));
    }
}

/// Asserts that fastwire and serde both read the document or both refuse it; returns whether
/// they read it.
#[track_caller]
fn agree<O: Debug, S: Debug, E: Debug, F: Debug>(
    what: &str,
    ours: &Result<O, E>,
    theirs: &Result<S, F>,
) -> bool {
    assert_eq!(
        ours.is_ok(),
        theirs.is_ok(),
        "{what}: fastwire read {ours:?}, serde read {theirs:?}"
    );
    ours.is_ok()
}

/// A JSON text with its keys sorted and repeated keys merged, as serde_json's `Value` reads it.
fn normalized(text: &str) -> String {
    serde_json::from_str::<serde_json::Value>(text)
        .expect("output is JSON")
        .to_string()
}

/// Asserts that fastwire's reading equals serde's: the same JSON once sorted, and, against the
/// ordered twin's reading, the same JSON, pretty JSON and MessagePack, byte for byte.
#[track_caller]
fn same_reading<O: EncodeAll, S: Serialize, Q: Serialize>(
    what: &str,
    ours: &O,
    theirs: &S,
    ordered: Option<&Q>,
) {
    let text = json::to_string(ours);
    let expected = serde_json::to_string(theirs).unwrap();
    assert_eq!(
        normalized(&text),
        normalized(&expected),
        "{what}: read differently"
    );
    if let Some(ordered) = ordered {
        let expected = serde_json::to_string(ordered).unwrap();
        assert_eq!(text, expected, "{what}: members, or their order, differ");
        assert_eq!(
            json::to_string_pretty(ours),
            serde_json::to_string_pretty(ordered).unwrap(),
            "{what}: pretty"
        );
        assert_eq!(
            msgpack::to_vec(ours),
            rmp_serde::to_vec_named(ordered).unwrap(),
            "{what}: written as MessagePack"
        );
    }
}

/// Asserts that fastwire writes `ours` as serde writes `theirs` in both formats: the same
/// bytes (compact and pretty JSON, named MessagePack), or the same error.
#[track_caller]
fn same_bytes<O: EncodeAll + Debug, S: Serialize + Debug>(what: &str, ours: &O, theirs: &S) {
    fn same<E1: ToString, E2: ToString, T: PartialEq + Debug>(
        what: &str,
        form: &str,
        ours: Result<T, E1>,
        theirs: Result<T, E2>,
    ) {
        match (ours, theirs) {
            (Ok(ours), Ok(theirs)) => assert_eq!(ours, theirs, "{what}: {form}"),
            (Err(ours), Err(theirs)) => {
                assert_eq!(ours.to_string(), theirs.to_string(), "{what}: {form} error")
            }
            (ours, theirs) => panic!(
                "{what}: {form}: fastwire gave {:?}, serde {:?}",
                ours.map_err(|e| e.to_string()),
                theirs.map_err(|e| e.to_string())
            ),
        }
    }
    same(
        what,
        "JSON",
        json::try_to_string(ours),
        serde_json::to_string(theirs),
    );
    same(
        what,
        "pretty JSON",
        json::try_to_string_pretty(ours),
        serde_json::to_string_pretty(theirs),
    );
    same(
        what,
        "MessagePack",
        msgpack::try_to_vec(ours),
        rmp_serde::to_vec_named(theirs),
    );
}

// =============================================================================================
// documents by hand
// =============================================================================================

#[test]
fn members_are_collected_in_input_order() {
    let case =
        Case::json(r#"{"z":1,"id":7,"a":{"b":[1,2]},"z":2,"note":"n","é":null,"\u007a":3}"#).run();
    for shape in ["Doc", "Loose", "Boxed", "Two", "Maybe"] {
        assert!(case.accepted(shape, "json"), "{shape}");
        assert!(case.accepted(shape, "msgpack"), "{shape}");
    }
    // Nothing left: the flattened map and value are empty, not absent.
    let case = Case::json(r#"{"note":null,"id":7}"#).run();
    assert!(case.accepted("Loose", "json") && case.accepted("Maybe", "msgpack"));
    let read: Maybe<ours::Map, ours::Value> = json::from_str(r#"{"id":7}"#).unwrap();
    assert_eq!(json::to_string(&read.map), "{}");
    assert_eq!(read.value, Some(json::Value::Object(json::Map::new())));
}

/// `T` read from a document tree by `json::from_value` (fastwire) and `serde_json::from_value`
/// (serde): both accept or both refuse, and read the same (keys sorted: serde_json's tree
/// sorts them).
fn from_tree<O, S>(text: &str) -> bool
where
    O: DecodeOwnedAll + EncodeAll + Debug,
    S: Serialize + DeserializeOwned + Debug,
{
    let ours = json::from_value::<O>(json::from_str::<json::Value>(text).unwrap());
    let theirs = serde_json::from_value::<S>(serde_json::from_str(text).unwrap());
    let what = format!("{} from the tree of {text}", std::any::type_name::<O>());
    if let (Ok(ours), Ok(theirs)) = (&ours, &theirs) {
        same_reading::<_, _, S>(&what, ours, theirs, None);
    }
    agree(&what, &ours, &theirs)
}

#[test]
fn members_are_read_from_a_document_tree_too() {
    for text in [
        r#"{"z":1,"id":7,"a":{"b":[1,2]},"note":"n","\u00e9":null}"#,
        r#"{"id":7,"kind":"k","version":2,"b":3,"a":4}"#,
        r#"{"id":7,"x":1.5e300}"#,
        r#"{"x":1}"#,
        r#"{"id":1,"b":2}"#,
    ] {
        from_tree::<Doc<ours::Map>, Doc<theirs::Map>>(text);
        from_tree::<Two<ours::Map, ours::Value>, Two<theirs::Map, theirs::Value>>(text);
        from_tree::<Maybe<ours::Map, ours::Value>, Maybe<theirs::Map, theirs::Value>>(text);
        from_tree::<Beside<ours::Map>, Beside<theirs::Map>>(text);
        from_tree::<Nested<ours::Map, ours::Value>, Nested<theirs::Map, theirs::Value>>(text);
        from_tree::<Guarded<ours::Value>, Guarded<theirs::Value>>(text);
    }
    assert!(from_tree::<Loose<ours::Value>, Loose<theirs::Value>>(
        r#"{"id":7,"x":[{}]}"#
    ));
}

#[test]
fn what_serde_refuses_is_refused() {
    let every = [
        "Doc", "Loose", "Boxed", "Two", "Maybe", "Strict", "WithEnum",
    ];
    for (text, refused) in [
        (r#"{"x":1}"#, &every[..]),
        (r#"{"id":1,"id":2,"x":3}"#, &every),
        (r#"{"id":-1}"#, &every),
        (r#"{"id":1,"note":5}"#, &["Doc", "Strict"]),
        (r#"{"id":1,"x":2}"#, &["Strict", "WithEnum"]),
        ("[1]", &every),
        ("null", &every),
        (r#""id""#, &every),
        ("{}", &every),
    ] {
        let case = Case::json(text).run();
        for shape in refused {
            assert!(!case.accepted(shape, "json"), "{shape} {text}");
            assert!(!case.accepted(shape, "msgpack"), "{shape} {text}");
        }
    }
    // Member values serde_json cannot read: a number beyond `f64`, nesting past the limit.
    for text in [
        r#"{"id":1,"x":1e400}"#,
        r#"{"id":1,"x":-1e309,"y":2}"#,
        &format!(r#"{{"id":1,"x":{}1{}}}"#, "[".repeat(130), "]".repeat(130)),
    ] {
        let case = Case::json(text).run();
        assert!(!case.accepted("Maybe", "json"), "{text}");
    }
    // Values at the limits: still read.
    let case = Case::json(
        r#"{"id":1,"x":-0,"y":18446744073709551616,"z":1.5e-400,"w":-9223372036854775809}"#,
    )
    .run();
    assert!(case.accepted("Doc", "json"));
    let deep = format!(r#"{{"id":1,"x":{}1{}}}"#, "[".repeat(100), "]".repeat(100));
    assert!(Case::json(&deep).run().accepted("Loose", "json"));
}

#[test]
fn several_flattened_fields_see_what_serde_shows_them() {
    // Both of `Two`'s fields see every member; a struct after a map takes its fields, which
    // the map before it has seen; a map after an optional struct sees what the struct left.
    for text in [
        r#"{"x":1,"id":2,"y":[true]}"#,
        r#"{"kind":"k","x":{},"version":1,"id":3}"#,
        r#"{"id":3,"kind":"k","version":300,"x":1}"#,
        r#"{"id":3,"kind":"k","x":1}"#,
        r#"{"a":1,"b":2,"x":3}"#,
        r#"{"x":3,"a":1}"#,
        r#"{"a":1,"b":null,"a":2}"#,
    ] {
        Case::json(text).run();
    }
    let case = Case::json(r#"{"version":1,"kind":"k","id":3,"x":1}"#).run();
    assert!(case.accepted("Beside", "json") && case.accepted("After", "msgpack"));
    let read: Beside<ours::Map> = json::from_str(r#"{"version":1,"kind":"k","id":3}"#).unwrap();
    assert_eq!(json::to_string(&read.rest), r#"{"version":1,"kind":"k"}"#);
    let read: After<ours::Value> = json::from_str(r#"{"version":1,"kind":"k","id":3}"#).unwrap();
    assert_eq!(read.rest, json::Value::Object(json::Map::new()));
    // An option that failed keeps taken what it took (a wrong `version` leaves `kind` taken).
    let case = Case::json(r#"{"kind":"k","version":"1","id":3,"x":1}"#).run();
    assert!(case.accepted("After", "json"));

    // A flattened enum takes the first member that names a variant.
    for text in [
        r#"{"id":1,"Circle":{"r":2},"Square":3,"x":[]}"#,
        r#"{"Square":3,"id":1,"Circle":{"r":2}}"#,
        r#"{"id":1,"x":2}"#,
    ] {
        Case::json(text).run();
    }
    // The tag of an internally tagged enum is not a member for the flattened field.
    for text in [
        r#"{"type":"Event","id":1,"x":2}"#,
        r#"{"x":2,"type":"Doc","id":1,"note":null,"type":3}"#,
        r#"{"id":1,"type":"Other"}"#,
    ] {
        Case::json(text).run();
    }
    assert!(Case::json(r#"{"x":2,"type":"Event","id":1}"#)
        .run()
        .accepted("Tagged", "msgpack"));
}

#[test]
fn deny_unknown_fields_refuses_what_no_field_takes() {
    // A flattened map takes no member, so `deny_unknown_fields` refuses every member the
    // struct does not name, as in serde; a flattened struct holding a flattened map takes
    // none either (serde reads such a struct as a map), so even its own fields are refused.
    let case = Case::json(r#"{"id":1}"#).run();
    assert!(case.accepted("Strict", "json") && case.accepted("Guarded", "msgpack"));
    for text in [r#"{"id":1,"x":2}"#, r#"{"id":1,"b":2}"#] {
        let case = Case::json(text).run();
        assert!(!case.accepted("Strict", "json") && !case.accepted("Guarded", "msgpack"));
    }
}

/// `{key: value, ...}` in MessagePack.
fn map(entries: Vec<(rmpv::Value, rmpv::Value)>) -> rmpv::Value {
    rmpv::Value::Map(entries)
}

fn s(text: &str) -> rmpv::Value {
    rmpv::Value::from(text)
}

fn bin(text: &str) -> rmpv::Value {
    rmpv::Value::Binary(text.as_bytes().to_vec())
}

#[test]
fn msgpack_keys_as_serde_jsons_types_take_them() {
    let id = || (s("id"), rmpv::Value::from(1));
    // A `bin` key: a `Map` takes it (serde's `String` reads bytes of UTF-8); a `Value` does
    // not take it as its first key (serde_json reads that one through a visitor of strings).
    let case = Case::msgpack(&map(vec![id(), (bin("x"), s("v"))])).run();
    assert!(case.accepted("Doc", "msgpack"));
    assert!(!case.accepted("Loose", "msgpack"));
    let case = Case::msgpack(&map(vec![(s("y"), s("v")), id(), (bin("x"), s("v"))])).run();
    assert!(case.accepted("Loose", "msgpack"));
    // The member the struct takes is not the first one the value sees.
    let case = Case::msgpack(&map(vec![(bin("id"), 1.into()), (s("x"), 2.into())])).run();
    assert!(case.accepted("Loose", "msgpack"));
    // Keys that are not strings at all, and a string key that is not UTF-8.
    let case = Case::msgpack(&map(vec![id(), (5.into(), 2.into())])).run();
    assert!(!case.accepted("Doc", "msgpack") && case.accepted("Maybe", "msgpack"));
    Case::msgpack(&map(vec![id(), (rmpv::Value::Nil, 2.into())])).run();
    Case::msgpack(&map(vec![id(), (true.into(), 2.into())])).run();
    Case::msgpack(&map(vec![id(), (rmpv::Value::F64(0.5), 2.into())])).run();
    // A `str` that is not UTF-8 is refused wherever it is, on purpose (rmp-serde hands its
    // bytes over, which serde's `String` refuses, but only where a part reads the key).
    for bytes in [
        &b"\x82\xa2id\x01\xa2\xff\xfe\x01"[..],
        b"\x82\xa2\xff\xfe\x01\xa2id\x01",
    ] {
        assert!(msgpack::from_slice::<Doc<ours::Map>>(bytes).is_err());
        assert!(rmp_serde::from_slice::<Doc<theirs::Map>>(bytes).is_err());
        assert!(msgpack::from_slice::<Maybe<ours::Map, ours::Value>>(bytes).is_err());
    }
    // Not a map.
    let case = Case::msgpack(&rmpv::Value::Array(vec![1.into(), map(vec![])])).run();
    assert!(!case.accepted("Doc", "msgpack"));
    Case::msgpack(&rmpv::Value::Nil).run();
}

#[test]
fn msgpack_values_as_serde_jsons_value_takes_them() {
    let id = || (s("id"), rmpv::Value::from(1));
    for value in [
        rmpv::Value::F64(f64::NAN),
        rmpv::Value::F32(f32::INFINITY),
        rmpv::Value::F32(1.1),
        rmpv::Value::from(u64::MAX),
        rmpv::Value::from(i64::MIN),
        bin("bytes"),
        rmpv::Value::Ext(-1, vec![0, 0, 0, 1]),
        rmpv::Value::Ext(5, vec![1]),
        map(vec![(s("a"), 1.into()), (bin("b"), 2.into())]),
        map(vec![(bin("a"), 1.into())]),
    ] {
        // The keys of the document are strings: the ordered twin reads it as serde_json's
        // types do.
        let case = Case::msgpack_bytes(
            msgpack_bytes(&map(vec![id(), (s("x"), value.clone())])),
            true,
        )
        .run();
        let readable = !matches!(value, rmpv::Value::Binary(_) | rmpv::Value::Ext(..))
            && !matches!(&value, rmpv::Value::Map(e) if matches!(e[0].0, rmpv::Value::Binary(_)));
        assert_eq!(case.accepted("Doc", "msgpack"), readable, "{value}");
        // An optional value that cannot be read is absent.
        assert!(case.accepted("Maybe", "msgpack"), "{value}");
    }
}

// =============================================================================================
// writing values by hand
// =============================================================================================

/// A value as each twin holds it, from its JSON text.
fn value(text: &str) -> (ours::Value, theirs::Value) {
    (
        json::from_str(text).unwrap(),
        serde_json::from_str(text).unwrap(),
    )
}

/// An object as each twin holds it (keys sorted, so that serde_json's map keeps the order).
fn object(text: &str) -> (ours::Map, theirs::Map) {
    (
        json::from_str(text).unwrap(),
        serde_json::from_str(text).unwrap(),
    )
}

#[test]
fn a_value_that_is_not_an_object_fails_with_serdes_message() {
    for text in [
        "[1]", "[]", "true", "0", "-3", "1.5", "-0", "1e300", r#""s""#, "null", "{}",
    ] {
        let (ours, theirs) = value(text);
        let what = format!("flattened {text}");
        same_bytes(
            &what,
            &Loose {
                id: 1,
                extra: ours.clone(),
            },
            &Loose {
                id: 1,
                extra: theirs.clone(),
            },
        );
        same_bytes(
            &what,
            &Maybe::<ours::Map, _> {
                id: 1,
                map: None,
                value: Some(ours.clone()),
            },
            &Maybe::<theirs::Map, _> {
                id: 1,
                map: None,
                value: Some(theirs.clone()),
            },
        );
        same_bytes(
            &what,
            &Tagged::<ours::Map, _>::Event {
                id: 2,
                data: ours.clone(),
            },
            &Tagged::<theirs::Map, _>::Event {
                id: 2,
                data: theirs.clone(),
            },
        );
    }
    let (ours, _) = value("[1]");
    let err = json::try_to_string(&Loose { id: 1, extra: ours }).unwrap_err();
    assert_eq!(
        err.to_string(),
        "can only flatten structs and maps (got a sequence)"
    );
    // `null` writes no member; neither does `None`.
    let (null, _) = value("null");
    assert_eq!(
        json::to_string(&Loose { id: 1, extra: null }),
        r#"{"id":1}"#
    );
    let none = Maybe::<ours::Map, ours::Value> {
        id: 1,
        map: None,
        value: None,
    };
    assert_eq!(json::to_string(&none), r#"{"id":1}"#);
    assert_eq!(msgpack::to_vec(&none), b"\x81\xa2id\x01");
}

#[test]
fn the_infallible_entry_points_panic_on_a_value_that_is_not_an_object() {
    let (ours, _) = value("3");
    let loose = Loose { id: 1, extra: ours };
    assert!(std::panic::catch_unwind(|| json::to_string(&loose)).is_err());
    assert!(std::panic::catch_unwind(|| msgpack::to_vec(&loose)).is_err());
}

#[test]
fn members_are_written_inline_through_every_entry_point() {
    let (map, their_map) = object(r#"{"a":[1,{"b":null}],"c":"\u00e9\n"}"#);
    let (value, their_value) = value(r#"{"d":1.5,"e":{}}"#);
    assert_same_as_twin(
        &Two {
            first: map.clone(),
            id: 3,
            second: value.clone(),
        },
        &Two {
            first: their_map.clone(),
            id: 3,
            second: their_value.clone(),
        },
    );
    assert_same_as_twin(
        &Nested {
            a: 1,
            inner: Inner {
                b: None,
                rest: map.clone(),
            },
            more: value.clone(),
        },
        &Nested {
            a: 1,
            inner: Inner {
                b: None,
                rest: their_map.clone(),
            },
            more: their_value.clone(),
        },
    );
    assert_same_as_twin(
        &vec![Tagged::<_, ours::Value>::Doc(Doc {
            id: 1,
            extra: map,
            note: Some("n".to_owned()),
        })],
        &vec![Tagged::<_, theirs::Value>::Doc(Doc {
            id: 1,
            extra: their_map,
            note: Some("n".to_owned()),
        })],
    );
    // The map's own order, whatever it is.
    let ours: ours::Map = json::from_str(r#"{"z":1,"a":2,"m":{"y":1,"x":2}}"#).unwrap();
    let ordered: ordered::Map = ours
        .iter()
        .map(|(k, v)| {
            (
                k.clone(),
                serde_json::from_str(&json::to_string(v)).unwrap(),
            )
        })
        .collect();
    let doc = Doc {
        id: 1,
        extra: ours,
        note: None,
    };
    assert_eq!(
        json::to_string(&doc),
        r#"{"id":1,"z":1,"a":2,"m":{"y":1,"x":2},"note":null}"#
    );
    let mut sorted_inside = doc.clone();
    sorted_inside.extra["m"].sort_all_objects();
    assert_same_as_twin(
        &sorted_inside,
        &Doc {
            id: 1,
            extra: ordered,
            note: None,
        },
    );
}

// =============================================================================================
// generated documents
// =============================================================================================

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
