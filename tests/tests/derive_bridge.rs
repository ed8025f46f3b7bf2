//! The serde bridge from derived code: a field whose type implements serde's traits but not
//! fastwire's works with no attribute; `#[wire(serde)]` sends a field through serde whatever
//! impls it has; `with`, `serialize_with` and `deserialize_with` naming serde modules and
//! functions go through serde too. Every value is compared with serde_json and rmp-serde
//! (bytes, pretty layout, and what reading serde's documents gives).

use std::collections::{BTreeMap, HashMap};

use fastwire_tests::{assert_decodes_like_serde, assert_same, assert_same_round_trip};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A type with serde impls only: written as `"major.minor"`.
#[derive(Debug, PartialEq, Clone)]
struct Version {
    major: u32,
    minor: u32,
}

impl Serialize for Version {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&format_args!("{}.{}", self.major, self.minor))
    }
}

impl<'de> Deserialize<'de> for Version {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        let (major, minor) = text
            .split_once('.')
            .ok_or_else(|| serde::de::Error::custom(format!("bad version {text:?}")))?;
        let number = |part: &str| {
            part.parse()
                .map_err(|_| serde::de::Error::custom(format!("bad version {text:?}")))
        };
        Ok(Version {
            major: number(major)?,
            minor: number(minor)?,
        })
    }
}

/// A serde `with` module: a number written as a string.
mod as_string {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(value: &u64, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(value)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

fn upper<S: Serializer>(value: &str, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&value.to_uppercase())
}

fn lower<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    String::deserialize(d).map(|text| text.to_lowercase())
}

/// A type with both impls, which differ: fastwire's writes a number, serde's a string.
#[derive(Debug, PartialEq, Clone, fastwire::Encode, fastwire::Decode)]
#[serde(transparent)]
struct Both(u8);

impl Serialize for Both {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for Both {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map(Both).map_err(serde::de::Error::custom)
    }
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq, Clone)]
struct Package {
    name: String,
    version: Version,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    min: Option<Version>,
    versions: Vec<Version>,
    #[serde(with = "as_string")]
    downloads: u64,
    #[serde(serialize_with = "upper", deserialize_with = "lower")]
    owner: String,
    #[wire(serde)]
    both: Both,
    meta: serde_json::Value,
    #[serde(flatten)]
    extra: HashMap<String, serde_json::Value>,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq, Clone)]
#[serde(tag = "kind")]
enum Event {
    Published { package: Box<Package> },
    Yanked { version: Version },
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
struct Borrowing<'a, T> {
    #[serde(borrow)]
    name: std::borrow::Cow<'a, str>,
    #[serde(serialize_with = "upper")]
    shout: &'a str,
    value: T,
}

fn package() -> Package {
    Package {
        name: "fastwire".into(),
        version: Version { major: 1, minor: 2 },
        min: Some(Version { major: 0, minor: 9 }),
        versions: vec![
            Version { major: 0, minor: 1 },
            Version { major: 1, minor: 0 },
        ],
        downloads: 12_345_678_901,
        owner: "ada".into(),
        both: Both(7),
        meta: serde_json::json!({"tags": ["json", "msgpack"], "stars": 5, "ok": true, "x": null}),
        extra: HashMap::from([(
            "homepage".to_owned(),
            serde_json::json!("https://example.org"),
        )]),
    }
}

#[test]
fn serde_only_types_need_no_attribute() {
    let value = package();
    let text = assert_same_round_trip(&value);
    assert!(text.contains(r#""version":"1.2""#), "{text}");
    assert!(text.contains(r#""downloads":"12345678901""#), "{text}");
    assert!(text.contains(r#""owner":"ADA""#), "{text}");
    assert!(text.contains(r#""both":"7""#), "{text}");
    let mut no_min = package();
    no_min.min = None;
    no_min.extra.clear();
    assert_same_round_trip(&no_min);
}

#[test]
fn inside_tagged_enums() {
    assert_same_round_trip(&Event::Published {
        package: Box::new(package()),
    });
    assert_same_round_trip(&Event::Yanked {
        version: Version { major: 3, minor: 4 },
    });
}

#[test]
fn generic_containers_with_lifetimes() {
    let value = Borrowing {
        name: "n".into(),
        shout: "quiet",
        value: BTreeMap::from([(1u8, 11u32)]),
    };
    assert_same(&value);
    assert_eq!(
        fastwire::json::to_string(&value),
        r#"{"name":"n","shout":"QUIET","value":{"1":11}}"#
    );
}

#[test]
fn serde_errors_point_into_the_document() {
    let text = r#"{"name":"x","version":"1.x","versions":[],"downloads":"1","owner":"a","both":"1","meta":null}"#;
    let err = fastwire::json::from_str::<Package>(text).unwrap_err();
    assert_eq!(
        err.to_string(),
        r#"bad version "1.x" at version (line 1, column 23)"#
    );
    let text = r#"{"name":"x","version":"1.0","versions":[],"downloads":"x","owner":"a","both":"1","meta":null}"#;
    let err = fastwire::json::from_str::<Package>(text).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("invalid digit found in string at downloads"),
        "{err}"
    );
    // serde's reading and fastwire's agree on serde's documents.
    assert_decodes_like_serde(&package());
}

/// A map whose keys JSON cannot write has no fastwire impl; with the bridge it is written
/// through serde, which refuses it when encoding, as serde_json does.
#[derive(Serialize, fastwire::Encode)]
struct PairKeyed {
    by_pair: BTreeMap<(u8, u8), u64>,
}

#[test]
fn what_serde_refuses_fails_when_encoding() {
    let value = PairKeyed {
        by_pair: BTreeMap::from([((1, 2), 3)]),
    };
    let ours = fastwire::json::try_to_string(&value).unwrap_err();
    let theirs = serde_json::to_string(&value).unwrap_err();
    assert_eq!(ours.to_string(), theirs.to_string());
    // MessagePack has no such rule: any key is a value.
    assert_eq!(
        fastwire::msgpack::to_vec(&value),
        rmp_serde::to_vec_named(&value).unwrap()
    );
}

// Flattening serde_json's `Map` and `Value`.
mod flattened_values {
    use serde_json::{json, Map, Value};

    #[derive(
        fastwire::Encode, fastwire::Decode, serde::Serialize, serde::Deserialize, Debug, PartialEq,
    )]
    struct Document {
        id: u32,
        #[serde(flatten)]
        rest: Map<String, Value>,
    }

    #[derive(
        fastwire::Encode, fastwire::Decode, serde::Serialize, serde::Deserialize, Debug, PartialEq,
    )]
    struct Loose {
        id: u32,
        #[serde(flatten)]
        rest: Value,
    }

    #[test]
    fn flattened_maps_and_values_keep_the_other_members() {
        let text = r#"{"id":1,"b":[1,{"c":null}],"a":"x"}"#;
        let ours: Document = fastwire::json::from_str(text).unwrap();
        let theirs: Document = serde_json::from_str(text).unwrap();
        assert_eq!(ours, theirs);
        assert_eq!(
            fastwire::json::to_string(&ours),
            serde_json::to_string(&theirs).unwrap()
        );
        let bytes = rmp_serde::to_vec_named(&theirs).unwrap();
        assert_eq!(fastwire::msgpack::to_vec(&ours), bytes);
        assert_eq!(
            fastwire::msgpack::from_slice::<Document>(&bytes).unwrap(),
            theirs
        );

        let loose: Loose = fastwire::json::from_str(text).unwrap();
        assert_eq!(loose, serde_json::from_str::<Loose>(text).unwrap());
        assert_eq!(
            fastwire::json::to_string(&loose),
            serde_json::to_string(&loose).unwrap()
        );
    }

    #[test]
    fn a_flattened_value_that_is_not_an_object_fails_to_encode_as_in_serde() {
        for rest in [json!([1]), json!(true), json!(1), json!(-1.5), json!("x")] {
            let value = Loose { id: 1, rest };
            let theirs = serde_json::to_string(&value).unwrap_err().to_string();
            assert!(
                theirs.starts_with("can only flatten structs and maps (got "),
                "{theirs}"
            );
            let ours = fastwire::json::try_to_string(&value).unwrap_err();
            assert_eq!(ours.to_string(), theirs);
            let theirs = rmp_serde::to_vec_named(&value).unwrap_err().to_string();
            let ours = fastwire::msgpack::try_to_vec(&value).unwrap_err();
            assert_eq!(ours.to_string(), theirs);
        }
    }

    #[test]
    fn a_flattened_null_writes_no_members_as_in_serde() {
        let value = Loose {
            id: 1,
            rest: serde_json::Value::Null,
        };
        let json = fastwire::json::to_string(&value);
        assert_eq!(json, serde_json::to_string(&value).unwrap());
        assert_eq!(json, r#"{"id":1}"#);
        assert_eq!(
            fastwire::msgpack::to_vec(&value),
            rmp_serde::to_vec_named(&value).unwrap()
        );
    }
}

// A flattened field read by a serde function (one that keeps only some of the members), and a
// flattened optional struct beside a flattened `Value` that takes everything else.
mod flattened_with_functions {
    use std::collections::BTreeMap;

    use serde::{Deserialize, Deserializer};
    use serde_json::Value;

    fn only_vendor_keys<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<BTreeMap<String, Value>, D::Error> {
        let mut all = BTreeMap::<String, Value>::deserialize(d)?;
        all.retain(|key, _| key.starts_with("v-"));
        Ok(all)
    }

    #[derive(
        fastwire::Encode, fastwire::Decode, serde::Serialize, serde::Deserialize, Debug, PartialEq,
    )]
    struct Described {
        title: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        note: Option<String>,
        #[serde(flatten, deserialize_with = "only_vendor_keys")]
        vendor: BTreeMap<String, Value>,
    }

    #[derive(
        fastwire::Encode, fastwire::Decode, serde::Serialize, serde::Deserialize, Debug, PartialEq,
    )]
    #[serde(rename_all = "camelCase")]
    struct Kind {
        api_group: String,
        kind: String,
    }

    #[derive(
        fastwire::Encode, fastwire::Decode, serde::Serialize, serde::Deserialize, Debug, PartialEq,
    )]
    struct Object {
        #[serde(flatten, default)]
        kind: Option<Kind>,
        name: String,
        #[serde(flatten)]
        data: Value,
    }

    fn agree<T>(text: &str)
    where
        T: fastwire::json::DecodeOwned
            + fastwire::json::Encode
            + fastwire::msgpack::DecodeOwned
            + fastwire::msgpack::Encode
            + serde::Serialize
            + serde::de::DeserializeOwned
            + PartialEq
            + std::fmt::Debug,
    {
        let theirs: T = serde_json::from_str(text).unwrap();
        let ours: T = fastwire::json::from_str(text).unwrap();
        assert_eq!(ours, theirs, "{text}");
        assert_eq!(
            fastwire::json::to_string(&ours),
            serde_json::to_string(&theirs).unwrap()
        );
        let bytes = rmp_serde::to_vec_named(&theirs).unwrap();
        assert_eq!(fastwire::msgpack::to_vec(&ours), bytes);
        assert_eq!(fastwire::msgpack::from_slice::<T>(&bytes).unwrap(), theirs);
    }

    #[test]
    fn a_flattened_field_read_by_a_function() {
        agree::<Described>(r#"{"title":"t","v-a":1,"other":2,"v-b":{"c":[true]}}"#);
        agree::<Described>(r#"{"note":"n","title":"t"}"#);
        let read: Described =
            fastwire::json::from_str(r#"{"title":"t","other":2,"v-b":null}"#).unwrap();
        assert_eq!(read.vendor.keys().collect::<Vec<_>>(), ["v-b"]);
    }

    #[derive(
        fastwire::Encode, fastwire::Decode, serde::Serialize, serde::Deserialize, Debug, PartialEq,
    )]
    struct Counts {
        id: u32,
        #[serde(flatten, with = "super::shouted")]
        counts: BTreeMap<String, u32>,
    }

    /// A type with serde impls only (no fastwire impl), flattened.
    #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    struct Extra {
        deep: Vec<BTreeMap<String, Vec<u8>>>,
        flag: bool,
    }

    #[derive(
        fastwire::Encode, fastwire::Decode, serde::Serialize, serde::Deserialize, Debug, PartialEq,
    )]
    struct Outer {
        name: String,
        inner: Inner,
    }

    #[derive(
        fastwire::Encode, fastwire::Decode, serde::Serialize, serde::Deserialize, Debug, PartialEq,
    )]
    struct Inner {
        #[serde(flatten)]
        #[wire(serde)]
        extra: Extra,
        last: u8,
    }

    #[test]
    fn a_flattened_field_through_a_serde_module() {
        agree::<Counts>(r#"{"id":1,"A":2,"Bc":3}"#);
        let value = Counts {
            id: 7,
            counts: [("x".to_owned(), 1), ("yz".to_owned(), 2)].into(),
        };
        assert_eq!(
            fastwire::json::to_string(&value),
            r#"{"id":7,"X":1,"YZ":2}"#
        );
        assert_eq!(
            fastwire::json::to_string_pretty(&value),
            serde_json::to_string_pretty(&value).unwrap()
        );
    }

    #[test]
    fn a_flattened_serde_type_nested_and_pretty() {
        let value = Outer {
            name: "n".to_owned(),
            inner: Inner {
                extra: Extra {
                    deep: vec![[("k".to_owned(), vec![1, 2])].into(), BTreeMap::new()],
                    flag: true,
                },
                last: 9,
            },
        };
        let text = serde_json::to_string(&value).unwrap();
        agree::<Outer>(&text);
        assert_eq!(
            fastwire::json::to_string_pretty(&value),
            serde_json::to_string_pretty(&value).unwrap()
        );
        // What the serde impl refuses is an error at the members it was given.
        let err = fastwire::json::from_str::<Outer>(r#"{"name":"n","inner":{"last":1,"flag":1}}"#)
            .unwrap_err();
        assert!(
            serde_json::from_str::<Outer>(r#"{"name":"n","inner":{"last":1,"flag":1}}"#).is_err()
        );
        assert!(err.to_string().contains("invalid type"), "{err}");
    }

    #[test]
    fn a_flattened_option_beside_a_flattened_value() {
        agree::<Object>(r#"{"apiGroup":"g","kind":"K","name":"n","spec":{"x":[1,2]}}"#);
        // Without the optional struct's members it is `None`, and the value holds the rest.
        agree::<Object>(r#"{"name":"n","kind":"K","spec":1}"#);
        let read: Object = fastwire::json::from_str(r#"{"name":"n","kind":"K"}"#).unwrap();
        assert!(read.kind.is_none());
    }
}

// `remote`: a definition of another crate's type for serde's derive, used by fields through
// `with`. fastwire's derives on the definition generate nothing; the fields go through the
// functions serde generates, by the bridge, with serde's bytes.
mod remote_definitions {
    use std::time::Duration;

    /// The remote type, as another crate would have it: private fields, read by getters.
    #[derive(Debug, PartialEq, Clone)]
    pub struct Span {
        start: u32,
        len: u32,
    }

    impl Span {
        pub fn new(start: u32, len: u32) -> Self {
            Span { start, len }
        }
        pub fn start(&self) -> u32 {
            self.start
        }
        pub fn length(&self) -> u32 {
            self.len
        }
    }

    #[derive(serde::Serialize, serde::Deserialize, fastwire::Encode, fastwire::Decode)]
    #[serde(remote = "Span")]
    struct SpanDef {
        #[serde(getter = "Span::start")]
        start: u32,
        #[serde(getter = "Span::length")]
        len: u32,
    }

    impl From<SpanDef> for Span {
        fn from(def: SpanDef) -> Span {
            Span::new(def.start, def.len)
        }
    }

    #[derive(serde::Serialize, serde::Deserialize, fastwire::Encode, fastwire::Decode)]
    #[serde(remote = "Duration")]
    struct DurationDef {
        #[serde(getter = "Duration::as_secs")]
        secs: u64,
        #[serde(getter = "Duration::subsec_nanos")]
        nanos: u32,
    }

    impl From<DurationDef> for Duration {
        fn from(def: DurationDef) -> Duration {
            Duration::new(def.secs, def.nanos)
        }
    }

    #[derive(
        serde::Serialize, serde::Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq,
    )]
    struct Job {
        name: String,
        #[serde(with = "SpanDef")]
        span: Span,
        #[serde(with = "DurationDef")]
        took: Duration,
    }

    #[test]
    fn fields_through_remote_definitions() {
        let job = Job {
            name: "j".to_owned(),
            span: Span::new(3, 4),
            took: Duration::new(5, 6),
        };
        let text = serde_json::to_string(&job).unwrap();
        assert_eq!(
            text,
            r#"{"name":"j","span":{"start":3,"len":4},"took":{"secs":5,"nanos":6}}"#
        );
        assert_eq!(fastwire::json::to_string(&job), text);
        assert_eq!(
            fastwire::json::to_string_pretty(&job),
            serde_json::to_string_pretty(&job).unwrap()
        );
        assert_eq!(fastwire::json::from_str::<Job>(&text).unwrap(), job);
        let bytes = rmp_serde::to_vec_named(&job).unwrap();
        assert_eq!(fastwire::msgpack::to_vec(&job), bytes);
        assert_eq!(fastwire::msgpack::from_slice::<Job>(&bytes).unwrap(), job);
        let err = fastwire::json::from_str::<Job>(
            r#"{"name":"j","span":{"start":3},"took":{"secs":5,"nanos":6}}"#,
        )
        .unwrap_err();
        assert!(err.to_string().starts_with("missing field `len`"), "{err}");
    }
}

// The field of an internally tagged newtype variant read by a serde function: the function is
// given the members other than the tag, as serde gives them.
mod internal_newtype_with_function {
    use std::collections::BTreeMap;

    #[derive(
        fastwire::Encode, fastwire::Decode, serde::Serialize, serde::Deserialize, Debug, PartialEq,
    )]
    #[serde(tag = "kind")]
    enum Counted {
        Counts(#[serde(with = "super::shouted")] BTreeMap<String, u32>),
        Nothing,
    }

    #[test]
    fn the_function_reads_the_members_left() {
        let value = Counted::Counts([("a".to_owned(), 1), ("b".to_owned(), 2)].into());
        let text = serde_json::to_string(&value).unwrap();
        assert_eq!(text, r#"{"kind":"Counts","A":1,"B":2}"#);
        assert_eq!(fastwire::json::to_string(&value), text);
        for text in [text.as_str(), r#"{"A":1,"kind":"Counts","B":2}"#] {
            assert_eq!(
                fastwire::json::from_str::<Counted>(text).unwrap(),
                serde_json::from_str::<Counted>(text).unwrap()
            );
        }
        let bytes = rmp_serde::to_vec_named(&value).unwrap();
        assert_eq!(fastwire::msgpack::to_vec(&value), bytes);
        assert_eq!(
            fastwire::msgpack::from_slice::<Counted>(&bytes).unwrap(),
            value
        );
    }
}

/// Writes the map with its keys upper-cased, reads it back lower-cased.
mod shouted {
    use std::collections::BTreeMap;

    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(map: &BTreeMap<String, u32>, s: S) -> Result<S::Ok, S::Error> {
        let upper: BTreeMap<String, u32> =
            map.iter().map(|(k, v)| (k.to_uppercase(), *v)).collect();
        upper.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<BTreeMap<String, u32>, D::Error> {
        let map = BTreeMap::<String, u32>::deserialize(d)?;
        Ok(map
            .into_iter()
            .map(|(k, v)| (k.to_lowercase(), v))
            .collect())
    }
}
