//! `fastwire::msgpack::Value` round trips, with rmpv and rmp-serde as the oracles:
//!
//! - the json-benchmark corpus (twitter, citm_catalog, canada) encoded from its typed models,
//!   read into a `Value` and written again gives the same bytes, and rmpv and rmp-serde read
//!   those bytes to the same structure;
//! - thousands of seeded random `Value` trees (every variant, every integer range, floats of
//!   any bit pattern, timestamps over the whole range, strings, binaries and collections
//!   across every header threshold) read back identical, and are written exactly as
//!   `rmpv::encode::write_value` writes the same tree;
//! - the depth limit, and 100,000 levels of nesting as an error, not a stack overflow.

use fastwire::msgpack::{self, Decoder, Integer, Timestamp, Value};
use fastwire_benches::{load_canada, load_citm, load_twitter};
use fastwire_tests::{spec_timestamp_data, spec_timestamp_parse};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

// ---------------------------------------------------------------------------------------------
// rmpv's model, and the timestamp extension as the spec lays it out (rmpv sees only
// `Ext(-1, data)`; msgpack_conformance checks these two functions against the suite).
// ---------------------------------------------------------------------------------------------

fn from_rmpv(value: &rmpv::Value) -> Value {
    match value {
        rmpv::Value::Nil => Value::Nil,
        rmpv::Value::Boolean(b) => Value::Bool(*b),
        rmpv::Value::Integer(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => Value::from(u),
            (None, Some(i)) => Value::from(i),
            _ => unreachable!("rmpv integers are u64 or i64"),
        },
        rmpv::Value::F32(f) => Value::F32(*f),
        rmpv::Value::F64(f) => Value::F64(*f),
        rmpv::Value::String(s) => Value::from(s.as_str().expect("valid UTF-8")),
        rmpv::Value::Binary(b) => Value::Binary(b.clone()),
        rmpv::Value::Array(items) => Value::Array(items.iter().map(from_rmpv).collect()),
        rmpv::Value::Map(entries) => Value::Map(
            entries
                .iter()
                .map(|(k, v)| (from_rmpv(k), from_rmpv(v)))
                .collect(),
        ),
        rmpv::Value::Ext(-1, data) => {
            Value::Timestamp(spec_timestamp_parse(data).expect("a valid timestamp"))
        }
        rmpv::Value::Ext(code, data) => Value::Ext(*code, data.clone()),
    }
}

fn to_rmpv(value: &Value) -> rmpv::Value {
    match value {
        Value::Nil => rmpv::Value::Nil,
        Value::Bool(b) => rmpv::Value::Boolean(*b),
        Value::Integer(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => rmpv::Value::from(u),
            (None, Some(i)) => rmpv::Value::from(i),
            _ => unreachable!("every Integer is a u64 or an i64"),
        },
        Value::F32(f) => rmpv::Value::F32(*f),
        Value::F64(f) => rmpv::Value::F64(*f),
        Value::String(s) => rmpv::Value::from(s.as_str()),
        Value::Binary(b) => rmpv::Value::Binary(b.clone()),
        Value::Array(items) => rmpv::Value::Array(items.iter().map(to_rmpv).collect()),
        Value::Map(entries) => rmpv::Value::Map(
            entries
                .iter()
                .map(|(k, v)| (to_rmpv(k), to_rmpv(v)))
                .collect(),
        ),
        Value::Ext(code, data) => rmpv::Value::Ext(*code, data.clone()),
        Value::Timestamp(t) => rmpv::Value::Ext(-1, spec_timestamp_data(*t)),
    }
}

fn rmpv_write(value: &Value) -> Vec<u8> {
    let mut out = Vec::new();
    rmpv::encode::write_value(&mut out, &to_rmpv(value)).unwrap();
    out
}

fn rmpv_read(bytes: &[u8]) -> Value {
    let mut input = bytes;
    let value = rmpv::decode::read_value(&mut input).unwrap();
    assert!(input.is_empty(), "rmpv left {} bytes", input.len());
    from_rmpv(&value)
}

/// Equality with floats compared bit for bit, so NaNs (and their payloads) count.
fn identical(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::F32(x), Value::F32(y)) => x.to_bits() == y.to_bits(),
        (Value::F64(x), Value::F64(y)) => x.to_bits() == y.to_bits(),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| identical(a, b))
        }
        (Value::Map(x), Value::Map(y)) => {
            x.len() == y.len()
                && x.iter()
                    .zip(y)
                    .all(|((ka, va), (kb, vb))| identical(ka, kb) && identical(va, vb))
        }
        _ => a == b,
    }
}

fn has_nan(value: &Value) -> bool {
    match value {
        Value::F32(f) => f.is_nan(),
        Value::F64(f) => f.is_nan(),
        Value::Array(items) => items.iter().any(has_nan),
        Value::Map(entries) => entries.iter().any(|(k, v)| has_nan(k) || has_nan(v)),
        _ => false,
    }
}

// ---------------------------------------------------------------------------------------------
// The corpus
// ---------------------------------------------------------------------------------------------

/// `bytes` read into a `Value` and written again are the same bytes, and rmpv reads the same
/// structure from them.
fn assert_value_round_trip(name: &str, bytes: &[u8]) -> Value {
    let value: Value = msgpack::from_slice(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
    let again = msgpack::to_vec(&value);
    assert!(again == bytes, "{name}: re-encoded Value differs");
    assert!(identical(&rmpv_read(bytes), &value), "{name}: rmpv differs");
    assert!(
        rmpv_write(&value) == bytes,
        "{name}: rmpv writes other bytes"
    );
    let mut streamed = Vec::new();
    msgpack::to_writer(&mut streamed, &value).unwrap();
    assert!(streamed == bytes, "{name}: to_writer differs");
    value
}

#[test]
fn twitter_round_trips_through_value() {
    let model = load_twitter();
    let bytes = msgpack::to_vec(&model);
    let value = assert_value_round_trip("twitter.json", &bytes);
    assert_eq!(
        rmp_serde::from_slice::<fastwire_benches::Twitter>(&bytes).unwrap(),
        model
    );
    assert_eq!(
        value["statuses"].as_array().unwrap().len(),
        model.statuses.len()
    );
    assert_eq!(value["search_metadata"]["count"], 100);
    // The same document as rmp-serde writes it with structs as arrays.
    assert_value_round_trip("twitter.json (arrays)", &rmp_serde::to_vec(&model).unwrap());
}

#[test]
fn citm_round_trips_through_value() {
    let model = load_citm();
    let bytes = msgpack::to_vec(&model);
    let value = assert_value_round_trip("citm_catalog.json", &bytes);
    assert_eq!(
        rmp_serde::from_slice::<fastwire_benches::CitmCatalog>(&bytes).unwrap(),
        model
    );
    assert_eq!(value["events"].as_map().unwrap().len(), model.events.len());
    assert_value_round_trip(
        "citm_catalog.json (arrays)",
        &rmp_serde::to_vec(&model).unwrap(),
    );
}

#[test]
fn canada_round_trips_through_value() {
    let model = load_canada();
    let bytes = msgpack::to_vec(&model);
    let value = assert_value_round_trip("canada.json", &bytes);
    assert_eq!(
        rmp_serde::from_slice::<fastwire_benches::Canada>(&bytes).unwrap(),
        model
    );
    assert!(value["features"][0]["geometry"]["coordinates"][0][0][0].is_f64());
    assert_value_round_trip("canada.json (arrays)", &rmp_serde::to_vec(&model).unwrap());
}

// ---------------------------------------------------------------------------------------------
// Random trees
// ---------------------------------------------------------------------------------------------

struct Gen {
    rng: StdRng,
    /// Whether values of 64 KiB and more may be made (for a few rounds only: they cost).
    big: bool,
}

impl Gen {
    fn chance(&mut self, percent: u32) -> bool {
        self.rng.random_range(0..100) < percent
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.rng.random_range(0..items.len())]
    }

    /// A string or binary length: mostly short, often either side of the 31/32 (fixstr) and
    /// 255/256 (8-bit length) thresholds, sometimes of the 64 KiB one.
    fn byte_len(&mut self) -> usize {
        match self.rng.random_range(0..100) {
            0..=69 => self.rng.random_range(0..10),
            70..=94 => self.pick(&[31, 32, 255, 256]),
            _ if self.big => self.pick(&[65_535, 65_536]),
            _ => self.rng.random_range(0..300),
        }
    }

    /// An array or map length: mostly short, often either side of the 15/16 (fixarray,
    /// fixmap) threshold. The 64 KiB threshold is crossed by [`Gen::long_collection`].
    fn collection_len(&mut self) -> usize {
        match self.rng.random_range(0..100) {
            0..=74 => self.rng.random_range(0..4),
            75..=94 => self.pick(&[15, 16]),
            _ => self.rng.random_range(0..10),
        }
    }

    /// An array or map either side of the 64 Ki-element threshold, of cheap elements.
    fn long_collection(&mut self) -> Value {
        let len = self.pick(&[65_535, 65_536]);
        if self.chance(50) {
            Value::Array((0..len).map(|_| Value::Integer(self.integer())).collect())
        } else {
            Value::Map(
                (0..len as u32)
                    .map(|i| (Value::from(i), Value::Nil))
                    .collect(),
            )
        }
    }

    fn integer(&mut self) -> Integer {
        // A width class, then a value within it (bounds included).
        let (low, high): (i128, i128) = match self.rng.random_range(0..11) {
            0 => (0, 127),
            1 => (128, 255),
            2 => (256, 65_535),
            3 => (65_536, u32::MAX.into()),
            4 => (u32::MAX as i128 + 1, i64::MAX.into()),
            5 => (i64::MAX as i128 + 1, u64::MAX.into()),
            6 => (-32, -1),
            7 => (-128, -33),
            8 => (i16::MIN.into(), -129),
            9 => (i32::MIN.into(), i16::MIN as i128 - 1),
            _ => (i64::MIN.into(), i32::MIN as i128 - 1),
        };
        let value = match self.rng.random_range(0..4) {
            0 => low,
            1 => high,
            _ => self.rng.random_range(low..=high),
        };
        Integer::from_i128(value).unwrap()
    }

    fn f32(&mut self) -> f32 {
        match self.rng.random_range(0..6) {
            0 => f32::NAN,
            1 => [
                0.0,
                -0.0,
                f32::INFINITY,
                f32::NEG_INFINITY,
                f32::MIN_POSITIVE,
            ][self.rng.random_range(0..5)],
            2 => self.rng.random_range(-1e6..1e6),
            // Any bit pattern: NaNs with payloads, subnormals.
            _ => f32::from_bits(self.rng.random()),
        }
    }

    fn f64(&mut self) -> f64 {
        match self.rng.random_range(0..6) {
            0 => -f64::NAN,
            1 => {
                [0.0, -0.0, f64::INFINITY, f64::NEG_INFINITY, f64::MAX][self.rng.random_range(0..5)]
            }
            2 => self.rng.random_range(-1e9..1e9),
            _ => f64::from_bits(self.rng.random()),
        }
    }

    /// A string of exactly `len` bytes, mixing one- to four-byte characters.
    fn string(&mut self, len: usize) -> String {
        let mut text = String::with_capacity(len);
        while text.len() < len {
            let ch = match self.rng.random_range(0..8) {
                0 => 'é',
                1 => '字',
                2 => '🍺',
                3 => ['"', '\\', '\n', '\u{0}'][self.rng.random_range(0..4)],
                _ => char::from(self.rng.random_range(b' '..=b'~')),
            };
            if text.len() + ch.len_utf8() <= len {
                text.push(ch);
            } else {
                text.push('x');
            }
        }
        text
    }

    fn bytes(&mut self, len: usize) -> Vec<u8> {
        (0..len).map(|_| self.rng.random()).collect()
    }

    fn timestamp(&mut self) -> Timestamp {
        let seconds = match self.rng.random_range(0..6) {
            0 => [
                0,
                1,
                -1,
                u32::MAX.into(),
                i64::from(u32::MAX) + 1,
                (1 << 34) - 1,
                1 << 34,
                i64::MIN,
                i64::MAX,
                -62_167_219_200,
            ][self.rng.random_range(0..10)],
            1 => self.rng.random_range(0..=i64::from(u32::MAX)),
            2 => self.rng.random_range(0..1 << 34),
            3 => self.rng.random_range(-(1 << 40)..0),
            _ => self.rng.random(),
        };
        let nanos = match self.rng.random_range(0..4) {
            0 => 0,
            1 => 999_999_999,
            _ => self.rng.random_range(0..1_000_000_000),
        };
        Timestamp::new(seconds, nanos).unwrap()
    }

    fn scalar(&mut self) -> Value {
        match self.rng.random_range(0..10) {
            0 => Value::Nil,
            1 => Value::Bool(self.rng.random()),
            2 | 3 => Value::Integer(self.integer()),
            4 => Value::F32(self.f32()),
            5 => Value::F64(self.f64()),
            6 => {
                let len = self.byte_len();
                Value::String(self.string(len))
            }
            7 => {
                let len = self.byte_len();
                Value::Binary(self.bytes(len))
            }
            8 => {
                let code = loop {
                    let code: i8 = self.rng.random();
                    if code != -1 {
                        break code;
                    }
                };
                // fixext sizes, then the ext 8/16/32 thresholds.
                let len = match self.rng.random_range(0..3) {
                    0 => self.pick(&[1, 2, 4, 8, 16]),
                    _ => self.byte_len(),
                };
                Value::Ext(code, self.bytes(len))
            }
            _ => Value::Timestamp(self.timestamp()),
        }
    }

    fn value(&mut self, depth: u32) -> Value {
        if depth == 0 || self.chance(60) {
            return self.scalar();
        }
        if self.big && self.chance(5) {
            return self.long_collection();
        }
        let len = self.collection_len();
        if self.chance(50) {
            Value::Array((0..len).map(|_| self.value(depth - 1)).collect())
        } else {
            // Keys of any kind, collections included, but shallower than values.
            Value::Map(
                (0..len)
                    .map(|_| (self.value(depth.min(2) - 1), self.value(depth - 1)))
                    .collect(),
            )
        }
    }
}

#[test]
fn random_values_round_trip_as_rmpv_writes_them() {
    let mut gen = Gen {
        rng: StdRng::seed_from_u64(0x6d73_6770_6163_6b21),
        big: false,
    };
    let mut seen = [0usize; 11];
    let mut markers = std::collections::BTreeSet::new();
    let mut nans = 0;
    for round in 0..4000 {
        gen.big = round % 50 == 0;
        let value = gen.value(4);
        let bytes = msgpack::to_vec(&value);
        assert!(
            bytes == rmpv_write(&value),
            "round {round}: rmpv writes other bytes for {value}"
        );
        let back: Value = msgpack::from_slice(&bytes).unwrap();
        assert!(identical(&back, &value), "round {round}: {back} != {value}");
        assert!(
            identical(&rmpv_read(&bytes), &value),
            "round {round}: rmpv reads {value} differently"
        );
        if has_nan(&value) {
            nans += 1;
            assert_ne!(back, value, "NaN is unequal to itself");
        } else {
            assert_eq!(back, value);
        }
        // The streaming writer (which passes long strings and binaries straight through)
        // writes the same bytes.
        let mut streamed = Vec::new();
        msgpack::to_writer(&mut streamed, &value).unwrap();
        assert!(streamed == bytes, "round {round}: to_writer differs");
        count_variants(&value, &mut seen);
        walk_markers(&bytes, &mut markers);
    }
    // Every variant was exercised, NaNs among the floats, and every form with a header or a
    // width (0xc4 `bin 8` to 0xdf `map 32`) was written.
    assert!(seen.iter().all(|&n| n > 100), "{seen:?}");
    assert!(nans > 100, "{nans}");
    let missing: Vec<String> = (0xc4..=0xdfu8)
        .filter(|m| !markers.contains(m))
        .map(|m| format!("{m:#04x}"))
        .collect();
    assert!(missing.is_empty(), "forms never written: {missing:?}");
}

fn count_variants(value: &Value, seen: &mut [usize; 11]) {
    let index = match value {
        Value::Nil => 0,
        Value::Bool(_) => 1,
        Value::Integer(_) => 2,
        Value::F32(_) => 3,
        Value::F64(_) => 4,
        Value::String(_) => 5,
        Value::Binary(_) => 6,
        Value::Array(items) => {
            items.iter().for_each(|item| count_variants(item, seen));
            7
        }
        Value::Map(entries) => {
            for (k, v) in entries {
                count_variants(k, seen);
                count_variants(v, seen);
            }
            8
        }
        Value::Ext(..) => 9,
        Value::Timestamp(_) => 10,
    };
    seen[index] += 1;
}

/// The markers of every value in `bytes`: rmpv reads the document, and each value's marker is
/// the first byte rmpv writes for it.
fn walk_markers(bytes: &[u8], out: &mut std::collections::BTreeSet<u8>) {
    fn visit(value: &rmpv::Value, out: &mut std::collections::BTreeSet<u8>) {
        let mut bytes = Vec::new();
        rmpv::encode::write_value(&mut bytes, value).unwrap();
        out.insert(bytes[0]);
        match value {
            rmpv::Value::Array(items) => items.iter().for_each(|item| visit(item, out)),
            rmpv::Value::Map(entries) => entries.iter().for_each(|(k, v)| {
                visit(k, out);
                visit(v, out);
            }),
            _ => {}
        }
    }
    visit(&rmpv::decode::read_value(&mut &bytes[..]).unwrap(), out);
}

// ---------------------------------------------------------------------------------------------
// Depth
// ---------------------------------------------------------------------------------------------

fn nested(levels: usize, open: &[u8]) -> Vec<u8> {
    let mut bytes = open.repeat(levels);
    bytes.push(0xc0);
    bytes
}

#[test]
fn the_depth_limit() {
    // Arrays and maps count alike, whether the nested map is a value (`{"k": {"k": ...}}`)
    // or a key (`{{...: nil}: nil}`).
    for open in [&b"\x91"[..], b"\x92\x01", b"\x81\xa1k", b"\x81"] {
        let nest = |levels: usize| {
            let mut bytes = nested(levels, open);
            if open == b"\x81" {
                // Each map whose key is the next one still needs its value.
                bytes.extend(vec![0xc0; levels]);
            }
            bytes
        };
        for limit in [1usize, 2, 10, 128] {
            let decoder = Decoder::new().max_depth(limit);
            let admitted = nest(limit - 1);
            assert_eq!(
                decoder.from_slice::<Value>(&admitted).unwrap(),
                rmpv_read(&admitted),
                "{open:02x?} {limit}"
            );
            let err = decoder.from_slice::<Value>(&nest(limit)).unwrap_err();
            assert!(err.is_syntax(), "{err}");
            assert!(
                err.to_string().contains("recursion limit exceeded"),
                "{err}"
            );
            assert_eq!(
                err.offset(),
                (limit - 1) * open.len(),
                "{open:02x?} {limit}"
            );
        }
    }
    // The default is 128, as for JSON; the error names the path down to the limit.
    let err = msgpack::from_slice::<Value>(&nested(200, b"\x81\xa1k")).unwrap_err();
    assert_eq!(err.path(), r#"["k"]"#.repeat(127));
    assert!(msgpack::from_slice::<Value>(&nested(127, b"\x91")).is_ok());
    assert!(msgpack::from_slice::<Value>(&nested(128, b"\x91")).is_err());
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    for open in [&b"\x91"[..], b"\x81\xa1k", b"\xdc\x00\x01", b"\x81"] {
        let bytes = nested(100_000, open);
        let err = msgpack::from_slice::<Value>(&bytes).unwrap_err();
        assert!(err.is_syntax(), "{err}");
        let err = msgpack::from_reader::<_, Value>(&bytes[..]).unwrap_err();
        assert!(err.is_syntax(), "{err}");
    }
    // Within a decoder's small stack: the limit, not the stack, stops it. Run on a thread with
    // a small stack so that unbounded recursion would crash rather than pass by luck.
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(|| {
            let bytes = nested(100_000, b"\x91");
            assert!(msgpack::from_slice::<Value>(&bytes)
                .unwrap_err()
                .is_syntax());
            assert!(msgpack::from_slice::<Value>(&nested(127, b"\x91")).is_ok());
        })
        .unwrap()
        .join()
        .unwrap();
}

/// `msgpack::to_value` gives what rmpv reads from `rmp_serde::to_vec_named`'s bytes (rmpv's own
/// `ext::to_value` writes structs as arrays, rmp-serde's compact layout, where fastwire writes
/// them as maps), and `from_value` decodes what `rmpv::ext::from_value` decodes, with the same
/// accept/reject.
#[test]
fn to_value_and_from_value_agree_with_rmpv() {
    let twitter = load_twitter();
    let ours = msgpack::to_value(&twitter);
    let named = rmp_serde::to_vec_named(&twitter).unwrap();
    let theirs = rmpv::decode::read_value(&mut named.as_slice()).unwrap();
    assert!(identical(&ours, &from_rmpv(&theirs)), "twitter to_value");
    let back: fastwire_benches::twitter::Twitter = msgpack::from_value(&ours).unwrap();
    assert_eq!(back, twitter);
    let theirs_back: fastwire_benches::twitter::Twitter = rmpv::ext::from_value(theirs).unwrap();
    assert_eq!(back, theirs_back);

    let citm = load_citm();
    let named = rmp_serde::to_vec_named(&citm).unwrap();
    assert!(identical(
        &msgpack::to_value(&citm),
        &from_rmpv(&rmpv::decode::read_value(&mut named.as_slice()).unwrap())
    ));

    // Rejections: a string where a number is wanted, and a number out of range.
    #[derive(fastwire::Decode, serde::Deserialize, Debug, PartialEq)]
    struct Small {
        n: u8,
    }
    for (value, ok) in [
        (Value::Map(vec![("n".into(), 7.into())]), true),
        (Value::Map(vec![("n".into(), 300.into())]), false),
        (Value::Map(vec![("n".into(), "x".into())]), false),
        (Value::Array(vec![7.into()]), true),
    ] {
        let ours = msgpack::from_value::<Small>(&value);
        let theirs = rmpv::ext::from_value::<Small>(to_rmpv(&value));
        assert_eq!(ours.is_ok(), ok, "{value:?}: {ours:?}");
        assert_eq!(theirs.is_ok(), ok, "{value:?}: {theirs:?}");
        if let (Ok(ours), Ok(theirs)) = (&ours, &theirs) {
            assert_eq!(ours, theirs);
        }
        if let Err(err) = ours {
            assert_eq!(err.offset(), 0);
            assert!(!err.to_string().contains("byte"), "{err}");
        }
    }
}
