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
use fastwire_tests::{msgpack_bytes, DecodeOwnedAll, EncodeAll};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

mod documents;
mod generated;
mod values;

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
