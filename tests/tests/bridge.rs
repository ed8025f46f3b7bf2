//! The serde bridge: encoding that can fail (`fail`, the `try_*` functions, `to_writer`'s
//! error, the panics), `Serde<T>` against serde_json and rmp-serde, and the per-field dispatch
//! generated code uses, written here by hand exactly as the derive emits it.

use std::collections::BTreeMap;
use std::io;
use std::time::Duration;

use fastwire::bridge::Serde;
use fastwire::{json, msgpack, EncodeError};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A version written by its serde impls (only) as a string such as `"1.2.3"`.
#[derive(Debug, PartialEq, Clone)]
struct Version(u32, u32, u32);

impl Serialize for Version {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.0 == 0 && self.1 == 0 && self.2 == 0 {
            return Err(serde::ser::Error::custom("version 0.0.0 does not exist"));
        }
        s.collect_str(&format_args!("{}.{}.{}", self.0, self.1, self.2))
    }
}

impl<'de> Deserialize<'de> for Version {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = <&str>::deserialize(d)?;
        let mut parts = text.split('.').map(str::parse);
        match (parts.next(), parts.next(), parts.next(), parts.next()) {
            (Some(Ok(a)), Some(Ok(b)), Some(Ok(c)), None) => Ok(Version(a, b, c)),
            _ => Err(serde::de::Error::custom(format!("bad version {text:?}"))),
        }
    }
}

/// A serde-only struct with a nested map and a sequence.
#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Release {
    name: String,
    version: Version,
    checksums: BTreeMap<String, Vec<u8>>,
    timeout: Duration,
    yanked: Option<bool>,
}

fn release() -> Release {
    Release {
        name: "fastwire \"x\"\n".into(),
        version: Version(1, 20, 3),
        checksums: BTreeMap::from([("sha".into(), vec![1, 2, 255]), ("md5".into(), vec![])]),
        timeout: Duration::new(3, 141_592_653),
        yanked: None,
    }
}

/// `value` encoded through `Serde` in every layout, against serde_json and rmp-serde.
fn assert_same_as_serde<T: Serialize>(value: &T) {
    let wrapped = Serde(value);
    assert_eq!(
        json::to_string(&wrapped),
        serde_json::to_string(value).unwrap()
    );
    assert_eq!(
        json::try_to_string(&wrapped).unwrap(),
        serde_json::to_string(value).unwrap()
    );
    assert_eq!(
        json::to_string_pretty(&wrapped),
        serde_json::to_string_pretty(value).unwrap()
    );
    assert_eq!(
        json::try_to_string_pretty(&wrapped).unwrap(),
        serde_json::to_string_pretty(value).unwrap()
    );
    let mut streamed = Vec::new();
    json::to_writer(&mut streamed, &wrapped).unwrap();
    assert_eq!(streamed, serde_json::to_vec(value).unwrap());

    let expected = rmp_serde::to_vec_named(value).unwrap();
    assert_eq!(msgpack::to_vec(&wrapped), expected);
    assert_eq!(msgpack::try_to_vec(&wrapped).unwrap(), expected);
    let mut streamed = Vec::new();
    msgpack::to_writer(&mut streamed, &wrapped).unwrap();
    assert_eq!(streamed, expected);
}

#[test]
fn serde_only_values_are_written_as_serde_writes_them() {
    assert_same_as_serde(&Version(1, 2, 3));
    assert_same_as_serde(&Duration::from_millis(1500));
    assert_same_as_serde(&release());
    assert_same_as_serde(&vec![release(), release()]);
    assert_same_as_serde(&BTreeMap::from([(1u8, "one"), (2, "two")]));
    assert_same_as_serde(&std::net::Ipv4Addr::LOCALHOST);
    assert_same_as_serde(&Vec::<Release>::new());
}

/// Every kind of value serde_json's serializer hands its formatter: each integer width, floats
/// (finite, shortest-digit, non-finite), every escape, bytes, raw JSON, and containers empty
/// and nested, whose pretty layout depends on whether each one had an element.
#[derive(Serialize)]
struct EveryFormatterCall {
    small: (i8, i16, i32, i64, u8, u16, u32, u64),
    extremes: (i64, u64, i128, u128, i128),
    floats: (f32, f64, f64, f64, f32, f64),
    non_finite: (f64, f32, f64),
    escapes: String,
    control: char,
    #[serde(with = "serde_bytes")]
    bytes: Vec<u8>,
    no_bytes: serde_bytes::ByteBuf,
    raw: Box<serde_json::value::RawValue>,
    unit: (),
    none: Option<u8>,
    empty_list: Vec<u8>,
    empty_map: BTreeMap<String, u8>,
    nested: Vec<Vec<BTreeMap<String, Vec<u8>>>>,
    int_keys: BTreeMap<i64, bool>,
    wide_keys: BTreeMap<u128, ()>,
    bool_keys: BTreeMap<bool, char>,
    char_keys: BTreeMap<char, f64>,
    variants: Vec<Shape>,
    displayed: Vec<Displayed>,
}

#[derive(Serialize)]
enum Shape {
    Point,
    Circle(f64),
    Pair(i8, i8),
    Rect { w: u16, h: u16 },
    Empty {},
}

/// A value serialized with `collect_str`, its `Display` written in pieces.
struct Displayed(&'static str, u64);

impl Serialize for Displayed {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&format_args!("{}<{}>\u{7}\"{}", self.0, self.1, self.0))
    }
}

#[test]
fn every_formatter_call_is_written_as_serde_json_writes_it() {
    let value = EveryFormatterCall {
        small: (-128, -32768, i32::MIN, -1, 255, 65535, u32::MAX, 0),
        extremes: (i64::MIN, u64::MAX, i128::MIN, u128::MAX, 0),
        floats: (0.1, 12.5, 1e300, -0.0, f32::MAX, 5e-324),
        non_finite: (f64::NAN, f32::INFINITY, f64::NEG_INFINITY),
        escapes: "quote \" backslash \\ slash / \u{8}\u{c}\n\r\t \u{0}\u{1f}\u{7f} é 漢 🦀"
            .to_owned(),
        control: '\u{1b}',
        bytes: vec![0, 1, 127, 128, 255],
        no_bytes: serde_bytes::ByteBuf::new(),
        raw: serde_json::value::RawValue::from_string(r#"{"kept" : [1, 2.50]}"#.to_owned())
            .unwrap(),
        unit: (),
        none: None,
        empty_list: Vec::new(),
        empty_map: BTreeMap::new(),
        nested: vec![
            vec![],
            vec![
                BTreeMap::new(),
                BTreeMap::from([("k\n".to_owned(), vec![]), ("l".to_owned(), vec![1])]),
            ],
        ],
        int_keys: BTreeMap::from([(-5, true), (7, false)]),
        wide_keys: BTreeMap::from([(u128::MAX, ())]),
        bool_keys: BTreeMap::from([(false, '"'), (true, 'x')]),
        char_keys: BTreeMap::from([('\t', 1.5), ('z', -2.0)]),
        variants: vec![
            Shape::Point,
            Shape::Circle(0.3),
            Shape::Pair(-1, 1),
            Shape::Rect { w: 3, h: 4 },
            Shape::Empty {},
        ],
        displayed: vec![Displayed("a\\b", 42), Displayed("", 0)],
    };
    let wrapped = Serde(&value);
    assert_eq!(
        json::to_string(&wrapped),
        serde_json::to_string(&value).unwrap()
    );
    assert_eq!(
        json::to_string_pretty(&wrapped),
        serde_json::to_string_pretty(&value).unwrap()
    );
    let mut streamed = Vec::new();
    json::to_writer_pretty(&mut streamed, &wrapped).unwrap();
    assert_eq!(streamed, serde_json::to_vec_pretty(&value).unwrap());
}

/// A fastwire struct with bridged fields, derived by fastwire and serde alike.
#[derive(fastwire::Encode, fastwire::Decode, Serialize, Deserialize, Debug, PartialEq)]
struct Package {
    id: u32,
    release: Serde<Release>,
    history: Vec<Serde<Version>>,
    timeout: Serde<Duration>,
}

fn package() -> Package {
    Package {
        id: 7,
        release: Serde(release()),
        history: vec![Serde(Version(0, 1, 0)), Serde(Version(1, 0, 0))],
        timeout: Serde(Duration::from_secs(30)),
    }
}

#[test]
fn bridged_fields_inside_fastwire_values() {
    let value = package();
    assert_eq!(
        json::to_string(&value),
        serde_json::to_string(&value).unwrap()
    );
    // The bridged lines are indented to where they stand in the whole document.
    assert_eq!(
        json::to_string_pretty(&value),
        serde_json::to_string_pretty(&value).unwrap()
    );
    let bytes = msgpack::to_vec(&value);
    assert_eq!(bytes, rmp_serde::to_vec_named(&value).unwrap());

    assert_eq!(
        json::from_str::<Package>(&json::to_string(&value)).unwrap(),
        value
    );
    assert_eq!(msgpack::from_slice::<Package>(&bytes).unwrap(), value);
}

/// A map whose keys serde_json refuses.
fn pair_keyed() -> BTreeMap<(u8, u8), &'static str> {
    BTreeMap::from([((1, 2), "a"), ((3, 4), "b")])
}

#[test]
fn failures_carry_serde_jsons_message() {
    let map = pair_keyed();
    let expected = serde_json::to_string(&map).unwrap_err().to_string();
    assert_eq!(expected, "key must be a string");
    let err: EncodeError = json::try_to_string(&Serde(&map)).unwrap_err();
    assert_eq!(err.to_string(), expected);
    assert_eq!(err.message(), expected);
    assert_eq!(format!("{err:?}"), r#"EncodeError("key must be a string")"#);
    assert_eq!(json::try_to_vec(&Serde(&map)).unwrap_err(), err);
    assert_eq!(json::try_to_string_pretty(&Serde(&map)).unwrap_err(), err);
    assert_eq!(json::try_to_vec_pretty(&Serde(&map)).unwrap_err(), err);
    // rmp-serde takes any key.
    assert_eq!(
        msgpack::try_to_vec(&Serde(&map)).unwrap(),
        rmp_serde::to_vec_named(&map).unwrap()
    );
}

#[test]
fn the_first_failure_wins() {
    let bad = Serde(Version(0, 0, 0));
    let values = (Serde(pair_keyed()), bad.clone(), 1u8);
    assert_eq!(
        json::try_to_string(&values).unwrap_err().to_string(),
        "key must be a string"
    );
    // In MessagePack the map is fine, and the version is the first to fail, with serde's
    // message (as rmp-serde gives it).
    let rmp_message = rmp_serde::to_vec_named(&(pair_keyed(), Version(0, 0, 0), 1u8))
        .unwrap_err()
        .to_string();
    let err = msgpack::try_to_vec(&values).unwrap_err();
    assert_eq!(err.to_string(), rmp_message);
    assert!(
        err.to_string().contains("version 0.0.0 does not exist"),
        "{err}"
    );
}

#[test]
fn try_encode_into_leaves_the_buffer_as_it_was() {
    let mut out = b"kept".to_vec();
    let err = json::try_encode_into(
        &vec![Serde(Version(1, 0, 0)), Serde(Version(0, 0, 0))],
        &mut out,
    )
    .unwrap_err();
    assert_eq!(err.to_string(), "version 0.0.0 does not exist");
    assert_eq!(out, b"kept");
    json::try_encode_into(&Serde(Version(1, 0, 0)), &mut out).unwrap();
    assert_eq!(out, b"kept\"1.0.0\"");

    let mut out = b"kept".to_vec();
    let err = msgpack::try_encode_into(
        &vec![Serde(Version(1, 0, 0)), Serde(Version(0, 0, 0))],
        &mut out,
    )
    .unwrap_err();
    assert!(
        err.to_string().contains("version 0.0.0 does not exist"),
        "{err}"
    );
    assert_eq!(out, b"kept");
}

/// An `io::Write` that keeps what it gets and counts the calls.
#[derive(Default)]
struct Recording {
    bytes: Vec<u8>,
    writes: usize,
    flushes: usize,
}

impl io::Write for Recording {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.writes += 1;
        self.bytes.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.flushes += 1;
        Ok(())
    }
}

fn encode_error_in(err: &io::Error) -> &EncodeError {
    err.get_ref()
        .and_then(|inner| inner.downcast_ref::<EncodeError>())
        .expect("the io::Error wraps the EncodeError")
}

#[test]
fn to_writer_returns_the_failure_as_an_io_error() {
    // Enough output before the failure to fill the stream buffer several times, and more after.
    let long = "x".repeat(100_000);
    let values = (long.clone(), Serde(pair_keyed()), long.clone());
    let mut sink = Recording::default();
    let err = json::to_writer(&mut sink, &values).unwrap_err();
    assert_eq!(err.kind(), io::ErrorKind::InvalidData);
    assert_eq!(encode_error_in(&err).to_string(), "key must be a string");
    assert_eq!(err.to_string(), "key must be a string");
    // What was streamed before the failure is a prefix of the first string; nothing after
    // the failure reached the stream, and it was not flushed.
    assert!(sink.bytes.len() <= 2 + long.len(), "{}", sink.bytes.len());
    assert!(sink.bytes.starts_with(b"[\"xxx"));
    assert_eq!(sink.flushes, 0);

    let mut sink = Recording::default();
    let err = json::to_writer_pretty(&mut sink, &values).unwrap_err();
    assert_eq!(encode_error_in(&err).to_string(), "key must be a string");

    let values = (long.clone(), Serde(Version(0, 0, 0)), long.clone());
    let mut sink = Recording::default();
    let err = msgpack::to_writer(&mut sink, &values).unwrap_err();
    assert_eq!(err.kind(), io::ErrorKind::InvalidData);
    assert!(encode_error_in(&err)
        .to_string()
        .contains("version 0.0.0 does not exist"));
    assert!(sink.bytes.len() <= 6 + long.len(), "{}", sink.bytes.len());
    assert_eq!(sink.flushes, 0);

    // A failure in a small document: nothing is written at all.
    let mut sink = Recording::default();
    json::to_writer(&mut sink, &(1, Serde(Version(0, 0, 0)))).unwrap_err();
    assert_eq!(sink.writes, 0);
    let mut sink = Recording::default();
    msgpack::to_writer(&mut sink, &(1, Serde(Version(0, 0, 0)))).unwrap_err();
    assert_eq!(sink.writes, 0);
}

/// The panic message of `f`.
fn panic_message(f: impl FnOnce() + std::panic::UnwindSafe) -> String {
    let payload = std::panic::catch_unwind(f).unwrap_err();
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap()
}

#[test]
fn infallible_entry_points_panic_naming_the_error() {
    let message = panic_message(|| {
        json::to_string(&Serde(pair_keyed()));
    });
    assert_eq!(
        message,
        "json::to_string failed to encode the value: key must be a string \
         (use json::try_to_string to handle encoding errors)"
    );
    let message = panic_message(|| {
        json::to_string_pretty(&Serde(pair_keyed()));
    });
    assert!(message.contains("json::try_to_string_pretty"), "{message}");
    let message = panic_message(|| {
        json::encode_into(&Serde(pair_keyed()), &mut Vec::new());
    });
    assert!(message.contains("json::try_encode_into"), "{message}");
    let message = panic_message(|| {
        msgpack::to_vec(&Serde(Version(0, 0, 0)));
    });
    assert!(
        message.starts_with("msgpack::to_vec failed to encode the value: "),
        "{message}"
    );
    assert!(
        message.contains("version 0.0.0 does not exist"),
        "{message}"
    );
    assert!(
        message.ends_with("(use msgpack::try_to_vec to handle encoding errors)"),
        "{message}"
    );
    let message = panic_message(|| {
        msgpack::encode_into(&Serde(Version(0, 0, 0)), &mut Vec::new());
    });
    assert!(message.contains("msgpack::try_encode_into"), "{message}");
}

#[test]
fn serde_wrapper_decodes_and_reports_positions() {
    let value: Serde<Release> =
        json::from_str(&serde_json::to_string_pretty(&release()).unwrap()).unwrap();
    assert_eq!(value.0, release());
    let err = json::from_str::<Vec<Serde<Version>>>("[\"1.0.0\",\n \"1.x\"]").unwrap_err();
    assert_eq!(
        err.to_string(),
        r#"bad version "1.x" at [1] (line 2, column 2)"#
    );
    let bytes = rmp_serde::to_vec_named(&release()).unwrap();
    assert_eq!(
        msgpack::from_slice::<Serde<Release>>(&bytes).unwrap().0,
        release()
    );
}

// ---------------------------------------------------------------------------------------------
// The dispatch generated code uses: each field through fastwire's impl when its type has one,
// through the bridge otherwise. The impls below are what the derive emits for `Mixed`.

/// A type with both impls, which disagree: fastwire's writes and reads `"native"` (and
/// `true` in MessagePack), serde's `"serde"` (and `false`).
#[derive(Debug, PartialEq)]
enum Both {
    ViaFastwire,
    ViaSerde,
}

impl json::Encode for Both {
    fn encode<W: json::Writer>(&self, w: &mut W) {
        w.write_str("native");
    }
}

impl msgpack::Encode for Both {
    fn encode<W: msgpack::Writer>(&self, w: &mut W) {
        w.write_bool(true);
    }
}

impl<'de> json::Decode<'de> for Both {
    fn decode(r: &mut json::Reader<'de>) -> Result<Self, json::Error> {
        r.skip_value()?;
        Ok(Both::ViaFastwire)
    }

    fn missing() -> Option<Self> {
        Some(Both::ViaFastwire)
    }
}

impl<'de> msgpack::Decode<'de> for Both {
    fn decode(r: &mut msgpack::Reader<'de>) -> Result<Self, msgpack::Error> {
        r.skip_value()?;
        Ok(Both::ViaFastwire)
    }

    fn missing() -> Option<Self> {
        Some(Both::ViaFastwire)
    }
}

impl Serialize for Both {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bool(false)
    }
}

impl<'de> Deserialize<'de> for Both {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        serde::de::IgnoredAny::deserialize(d)?;
        Ok(Both::ViaSerde)
    }
}

/// `{"id": u32, "both": Both, "extra": serde_json::Value, "version": Version,
/// "since": Option<Version>}`: a native field, one with both impls, serde_json's `Value`
/// (native impls), a serde-only field and a serde-only option.
#[derive(Debug, PartialEq)]
struct Mixed {
    id: u32,
    both: Both,
    extra: serde_json::Value,
    version: Version,
    since: Option<Version>,
}

const MIXED_FIELDS: &[&str] = &["id", "both", "extra", "version", "since"];

impl json::Encode for Mixed {
    fn encode<W: json::Writer>(&self, __w: &mut W) {
        json::Writer::field_open(__w, "{\"id\":");
        fastwire::__dispatch!(json::encode(&self.id, __w));
        json::Writer::field(__w, ",\"both\":");
        fastwire::__dispatch!(json::encode(&self.both, __w));
        json::Writer::field(__w, ",\"extra\":");
        fastwire::__dispatch!(json::encode(&self.extra, __w));
        json::Writer::field(__w, ",\"version\":");
        fastwire::__dispatch!(json::encode(&self.version, __w));
        json::Writer::field(__w, ",\"since\":");
        fastwire::__dispatch!(json::encode(&self.since, __w));
        json::Writer::end_object(__w, true);
    }

    fn size_hint(&self) -> usize {
        48 + fastwire::__dispatch!(json::size_hint(&self.id))
            + fastwire::__dispatch!(json::size_hint(&self.both))
            + fastwire::__dispatch!(json::size_hint(&self.extra))
            + fastwire::__dispatch!(json::size_hint(&self.version))
            + fastwire::__dispatch!(json::size_hint(&self.since))
    }
}

impl<'de> json::Decode<'de> for Mixed {
    fn decode(__r: &mut json::Reader<'de>) -> Result<Self, json::Error> {
        json::Reader::begin_object(__r, "struct Mixed")?;
        let mut id = None;
        let mut both = None;
        let mut extra = None;
        let mut version = None;
        let mut since = None;
        let mut first = true;
        while let Some(key) = json::Reader::object_key(__r, first)? {
            first = false;
            match &*key {
                "id" => {
                    id = Some(
                        fastwire::__dispatch!(json::decode::<u32>(__r))
                            .map_err(|__e| __e.in_field("id"))?,
                    )
                }
                "both" => {
                    both = Some(
                        fastwire::__dispatch!(json::decode::<Both>(__r))
                            .map_err(|__e| __e.in_field("both"))?,
                    )
                }
                "extra" => {
                    extra = Some(
                        fastwire::__dispatch!(json::decode::<serde_json::Value>(__r))
                            .map_err(|__e| __e.in_field("extra"))?,
                    )
                }
                "version" => {
                    version = Some(
                        fastwire::__dispatch!(json::decode::<Version>(__r))
                            .map_err(|__e| __e.in_field("version"))?,
                    )
                }
                "since" => {
                    since = Some(
                        fastwire::__dispatch!(json::decode::<Option<Version>>(__r))
                            .map_err(|__e| __e.in_field("since"))?,
                    )
                }
                _ => {
                    let found = key.to_string();
                    return Err(json::Reader::unknown_field(__r, &found, MIXED_FIELDS));
                }
            }
        }
        macro_rules! take {
            ($slot:ident: $ty:ty) => {
                match $slot {
                    Some(value) => value,
                    None => match fastwire::__dispatch!(json::missing::<$ty>()) {
                        Some(value) => value,
                        None => return Err(json::Reader::missing_field(__r, stringify!($slot))),
                    },
                }
            };
        }
        Ok(Mixed {
            id: take!(id: u32),
            both: take!(both: Both),
            extra: take!(extra: serde_json::Value),
            version: take!(version: Version),
            since: take!(since: Option<Version>),
        })
    }
}

impl msgpack::Encode for Mixed {
    fn encode<W: msgpack::Writer>(&self, __w: &mut W) {
        fastwire::__dispatch!(msgpack::encode_after(&self.id, b"\x85\xa2id", __w));
        fastwire::__dispatch!(msgpack::encode_after(&self.both, b"\xa4both", __w));
        fastwire::__dispatch!(msgpack::encode_after(&self.extra, b"\xa5extra", __w));
        // A run of fields through one slot when all are bounded: never here (a `Version` has
        // no bound), but the bounded branch is compiled all the same.
        match const {
            msgpack::__sum_bounds(
                14,
                &[
                    fastwire::__dispatch!(msgpack::MAX_SIZE::<Version>),
                    fastwire::__dispatch!(msgpack::MAX_SIZE::<Option<Version>>),
                ],
            )
        } {
            Some(__max) if __max <= msgpack::__BOUNDED_LIMIT => {
                msgpack::Writer::write_bounded(__w, __max, |__s| {
                    __s.put(b"\xa7version");
                    fastwire::__dispatch!(msgpack::encode_bounded(&self.version, __s));
                    __s.put(b"\xa5since");
                    fastwire::__dispatch!(msgpack::encode_bounded(&self.since, __s));
                });
            }
            _ => {
                fastwire::__dispatch!(msgpack::encode_after(&self.version, b"\xa7version", __w));
                fastwire::__dispatch!(msgpack::encode_after(&self.since, b"\xa5since", __w));
            }
        }
    }

    fn size_hint(&self) -> usize {
        30 + fastwire::__dispatch!(msgpack::size_hint(&self.id))
            + fastwire::__dispatch!(msgpack::size_hint(&self.both))
            + fastwire::__dispatch!(msgpack::size_hint(&self.extra))
            + fastwire::__dispatch!(msgpack::size_hint(&self.version))
            + fastwire::__dispatch!(msgpack::size_hint(&self.since))
    }
}

impl<'de> msgpack::Decode<'de> for Mixed {
    fn decode(__r: &mut msgpack::Reader<'de>) -> Result<Self, msgpack::Error> {
        let len = msgpack::Reader::begin_map(__r, "struct Mixed")?;
        let mut id = None;
        let mut both = None;
        let mut extra = None;
        let mut version = None;
        let mut since = None;
        for _ in 0..len {
            let key = msgpack::Reader::decode_key(__r)?;
            match key {
                msgpack::Key::Name(b"id") => {
                    id = Some(
                        fastwire::__dispatch!(msgpack::decode::<u32>(__r))
                            .map_err(|__e| __e.in_field("id"))?,
                    )
                }
                msgpack::Key::Name(b"both") => {
                    both = Some(
                        fastwire::__dispatch!(msgpack::decode::<Both>(__r))
                            .map_err(|__e| __e.in_field("both"))?,
                    )
                }
                msgpack::Key::Name(b"extra") => {
                    extra = Some(
                        fastwire::__dispatch!(msgpack::decode::<serde_json::Value>(__r))
                            .map_err(|__e| __e.in_field("extra"))?,
                    )
                }
                msgpack::Key::Name(b"version") => {
                    version = Some(
                        fastwire::__dispatch!(msgpack::decode::<Version>(__r))
                            .map_err(|__e| __e.in_field("version"))?,
                    )
                }
                msgpack::Key::Name(b"since") => {
                    since = Some(
                        fastwire::__dispatch!(msgpack::decode::<Option<Version>>(__r))
                            .map_err(|__e| __e.in_field("since"))?,
                    )
                }
                _ => return Err(msgpack::Reader::unknown_key(__r, key, MIXED_FIELDS)),
            }
        }
        msgpack::Reader::end_container(__r);
        macro_rules! take {
            ($slot:ident: $ty:ty) => {
                match $slot {
                    Some(value) => value,
                    None => match fastwire::__dispatch!(msgpack::missing::<$ty>()) {
                        Some(value) => value,
                        None => return Err(msgpack::Reader::missing_field(__r, stringify!($slot))),
                    },
                }
            };
        }
        Ok(Mixed {
            id: take!(id: u32),
            both: take!(both: Both),
            extra: take!(extra: serde_json::Value),
            version: take!(version: Version),
            since: take!(since: Option<Version>),
        })
    }
}

fn mixed() -> Mixed {
    Mixed {
        id: 3,
        both: Both::ViaFastwire,
        extra: serde_json::json!({"k": [1, 2.5, null]}),
        version: Version(2, 0, 1),
        since: Some(Version(1, 9, 0)),
    }
}

#[test]
fn dispatch_encodes_each_field_with_the_right_impl() {
    let value = mixed();
    assert_eq!(
        json::to_string(&value),
        r#"{"id":3,"both":"native","extra":{"k":[1,2.5,null]},"version":"2.0.1","since":"1.9.0"}"#
    );
    assert_eq!(
        json::to_string_pretty(&value),
        "{\n  \"id\": 3,\n  \"both\": \"native\",\n  \"extra\": {\n    \"k\": [\n      1,\n      \
         2.5,\n      null\n    ]\n  },\n  \"version\": \"2.0.1\",\n  \"since\": \"1.9.0\"\n}"
    );
    /// What `Mixed` should be in MessagePack, fields in order.
    #[derive(Serialize)]
    struct Expected {
        id: u32,
        both: bool,
        extra: serde_json::Value,
        version: &'static str,
        since: &'static str,
    }
    let expected = rmp_serde::to_vec_named(&Expected {
        id: 3,
        both: true,
        extra: serde_json::json!({"k": [1, 2.5, null]}),
        version: "2.0.1",
        since: "1.9.0",
    })
    .unwrap();
    assert_eq!(msgpack::to_vec(&value), expected);

    // A bridged field's failure is the document's.
    let bad = Mixed {
        since: Some(Version(0, 0, 0)),
        ..mixed()
    };
    assert_eq!(
        json::try_to_string(&bad).unwrap_err().to_string(),
        "version 0.0.0 does not exist"
    );
    assert!(msgpack::try_to_vec(&bad)
        .unwrap_err()
        .to_string()
        .contains("version 0.0.0 does not exist"));
}

#[test]
fn dispatch_picks_sizes_and_bounds_by_impl() {
    assert_eq!(
        fastwire::__dispatch!(msgpack::MAX_SIZE::<u32>),
        <u32 as msgpack::Encode>::MAX_SIZE
    );
    assert!(fastwire::__dispatch!(msgpack::MAX_SIZE::<(u8, bool)>).is_some());
    assert_eq!(fastwire::__dispatch!(msgpack::MAX_SIZE::<Version>), None);
    assert_eq!(fastwire::__dispatch!(msgpack::MAX_SIZE::<String>), None);
    let n = 1u8;
    assert_eq!(
        fastwire::__dispatch!(json::size_hint(&n)),
        json::Encode::size_hint(&n)
    );
    let version = Version(1, 2, 3);
    assert_eq!(fastwire::__dispatch!(json::size_hint(&version)), 8);
    assert_eq!(fastwire::__dispatch!(msgpack::size_hint(&version)), 8);
    // A bounded native field is written through a slot by its own impl.
    assert_eq!(msgpack::to_vec(&BoundedField(300)), b"\xcd\x01\x2c");
}

/// A field written through a bounded slot, as generated code writes runs of bounded fields.
struct BoundedField(u16);

impl msgpack::Encode for BoundedField {
    fn encode<W: msgpack::Writer>(&self, w: &mut W) {
        let max = fastwire::__dispatch!(msgpack::MAX_SIZE::<u16>).unwrap();
        msgpack::Writer::write_bounded(w, max, |slot| {
            fastwire::__dispatch!(msgpack::encode_bounded(&self.0, slot))
        });
    }
}

#[test]
fn dispatch_decodes_each_field_with_the_right_impl() {
    let text = r#"{"id": 3, "both": "anything", "extra": {"k": [1, 2.5, null]}, "version": "2.0.1", "since": "1.9.0"}"#;
    let value: Mixed = json::from_str(text).unwrap();
    assert_eq!(value, mixed());
    let bytes = msgpack::to_vec(&mixed());
    assert_eq!(msgpack::from_slice::<Mixed>(&bytes).unwrap(), mixed());

    // Absent fields: fastwire's `missing` for native types (here `Both` says what it is),
    // serde's for bridged ones (`None` for an option, an error otherwise).
    let value: Mixed = json::from_str(r#"{"id": 1, "extra": 0, "version": "1.0.0"}"#).unwrap();
    assert_eq!(value.both, Both::ViaFastwire);
    assert_eq!(value.since, None);
    // At the object's `}`, where serde_json reports a missing field.
    let err = json::from_str::<Mixed>(r#"{"id": 1, "extra": 0}"#).unwrap_err();
    assert_eq!(
        err.to_string(),
        "missing field `version` (line 1, column 21)"
    );
    let err = json::from_str::<Mixed>(r#"{"version": "1.0.0", "extra": 0}"#).unwrap_err();
    assert!(err.to_string().starts_with("missing field `id`"), "{err}");

    let partial =
        rmp_serde::to_vec_named(&serde_json::json!({"id": 1, "extra": 0, "version": "1.0.0"}))
            .unwrap();
    let value: Mixed = msgpack::from_slice(&partial).unwrap();
    assert_eq!((value.both, value.since), (Both::ViaFastwire, None));
    let partial = rmp_serde::to_vec_named(&serde_json::json!({"id": 1, "extra": 0})).unwrap();
    let err = msgpack::from_slice::<Mixed>(&partial).unwrap_err();
    assert!(
        err.to_string().starts_with("missing field `version`"),
        "{err}"
    );
}

#[test]
fn native_impls_are_not_bridged() {
    // serde_json's `Value` has fastwire's impls: fastwire's depth limit applies to it, where
    // the bridge would hand it to serde_json with a limit of its own.
    let deep = format!(
        r#"{{"id": 1, "both": 0, "extra": {}{}, "version": "1.0.0"}}"#,
        "[".repeat(10),
        "]".repeat(10)
    );
    assert!(json::from_str::<Mixed>(&deep).is_ok());
    let err = json::Decoder::new()
        .max_depth(5)
        .from_str::<Mixed>(&deep)
        .unwrap_err();
    assert!(
        err.to_string().contains("recursion limit exceeded"),
        "{err}"
    );
    assert_eq!(err.path(), "extra[0][0][0]");
}

#[test]
fn dispatch_errors_keep_positions_and_paths() {
    let text = "{\"id\": 3, \"extra\": null,\n \"version\": \"2.x\"}";
    let err = json::from_str::<Mixed>(text).unwrap_err();
    assert_eq!(
        err.to_string(),
        r#"bad version "2.x" at version (line 2, column 13)"#
    );
    assert!(err.is_data());
    let err = json::from_str::<Mixed>(r#"{"id": -3}"#).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("invalid value: integer `-3`, expected u32 at id"),
        "{err}"
    );

    let err =
        json::from_str::<Vec<Mixed>>(r#"[{"id": 1, "extra": 0, "version": "1.0.0", "since": 5}]"#)
            .unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid type: integer `5`, expected a borrowed string at [0].since (line 1, column 53)"
    );

    // {"version": "2.x"}, in MessagePack: the error points at the value's first byte.
    let bytes = b"\x81\xa7version\xa32.x";
    let err = msgpack::from_slice::<Mixed>(bytes).unwrap_err();
    assert_eq!(err.to_string(), r#"bad version "2.x" at version (byte 9)"#);
    assert_eq!(err.path(), "version");
}

/// The dispatch expands to fully qualified paths only: a user's own `Option`, `Result`, `Ok`,
/// `Some` and `None` cannot capture it.
mod shadowed_prelude {
    #![allow(dead_code)]

    use fastwire::{json, msgpack};

    struct Option;
    struct Result;
    struct Ok;
    struct Some;
    struct None;
    struct Default;

    struct Wrapped(u8, super::Version);

    impl json::Encode for Wrapped {
        fn encode<W: json::Writer>(&self, w: &mut W) {
            w.begin_array();
            w.array_value(true);
            fastwire::__dispatch!(json::encode(&self.0, w));
            w.array_value(false);
            fastwire::__dispatch!(json::encode(&self.1, w));
            w.end_array(true);
        }
    }

    impl msgpack::Encode for Wrapped {
        fn encode<W: msgpack::Writer>(&self, w: &mut W) {
            fastwire::__dispatch!(msgpack::encode_after(&self.0, b"\x92", w));
            fastwire::__dispatch!(msgpack::encode(&self.1, w));
        }
    }

    #[test]
    fn dispatch_ignores_shadowed_prelude_names() {
        let value = Wrapped(1, super::Version(1, 2, 3));
        assert_eq!(json::to_string(&value), r#"[1,"1.2.3"]"#);
        assert_eq!(msgpack::to_vec(&value), b"\x92\x01\xa51.2.3");
        assert!(fastwire::__dispatch!(msgpack::MAX_SIZE::<super::Version>).is_none());
        let missing: core::option::Option<core::option::Option<super::Version>> =
            fastwire::__dispatch!(json::missing::<core::option::Option<super::Version>>());
        assert_eq!(
            missing,
            core::option::Option::Some(core::option::Option::None)
        );
    }
}

/// `#[wire(serde)]`: the `serde` forms go through the bridge even where fastwire's impl
/// exists.
#[test]
fn serde_forms_always_bridge() {
    struct Forced(Both);

    impl json::Encode for Forced {
        fn encode<W: json::Writer>(&self, w: &mut W) {
            fastwire::__dispatch!(serde json::encode(&self.0, w));
        }

        fn size_hint(&self) -> usize {
            fastwire::__dispatch!(serde json::size_hint(&self.0))
        }
    }

    impl msgpack::Encode for Forced {
        fn encode<W: msgpack::Writer>(&self, w: &mut W) {
            fastwire::__dispatch!(serde msgpack::encode_after(&self.0, b"\x91", w));
        }

        fn size_hint(&self) -> usize {
            fastwire::__dispatch!(serde msgpack::size_hint(&self.0))
        }
    }

    impl<'de> json::Decode<'de> for Forced {
        fn decode(r: &mut json::Reader<'de>) -> Result<Self, json::Error> {
            fastwire::__dispatch!(serde json::decode::<Both>(r)).map(Forced)
        }
    }

    impl<'de> msgpack::Decode<'de> for Forced {
        fn decode(r: &mut msgpack::Reader<'de>) -> Result<Self, msgpack::Error> {
            fastwire::__dispatch!(serde msgpack::decode::<Both>(r)).map(Forced)
        }
    }

    assert_eq!(json::to_string(&Forced(Both::ViaFastwire)), "false");
    assert_eq!(msgpack::to_vec(&Forced(Both::ViaFastwire)), b"\x91\xc2");
    assert_eq!(json::from_str::<Forced>("1").unwrap().0, Both::ViaSerde);
    assert_eq!(
        msgpack::from_slice::<Forced>(b"\x01").unwrap().0,
        Both::ViaSerde
    );
    assert_eq!(fastwire::__dispatch!(serde msgpack::MAX_SIZE::<u8>), None);
    assert_eq!(
        fastwire::__dispatch!(serde json::missing::<Option<Both>>()),
        Some(None)
    );
    assert_eq!(
        fastwire::__dispatch!(serde msgpack::missing::<Both>()),
        None
    );
}
