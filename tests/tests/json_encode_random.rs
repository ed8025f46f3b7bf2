//! Seeded randomized differential testing: random values of a few derived types (nested
//! structs, enums, options, vectors, maps, tricky strings, floats from random bit patterns,
//! extreme integers) encoded by fastwire and by serde_json, compact and pretty, and streamed
//! through a writer that accepts only a few bytes per call. The seeds are fixed, so a failure
//! reproduces; the failing seed and index are printed.
//!
//! Every value is also read back: serde_json's compact and pretty texts, decoded by fastwire
//! (`from_str`, `from_slice`, `from_reader` yielding 1 to 7 bytes per call), must give the
//! original value (floats bit for bit) whenever serde_json's own reading does, and must agree
//! with serde_json otherwise (non-finite floats are written as `null`, which an `f64` rejects
//! and an `Option<f64>` reads as `None`).

use std::collections::{BTreeMap, HashMap};
use std::fmt::Debug;

use fastwire::json::DecodeOwned;
use fastwire_tests::{
    assert_bytes_eq, assert_decodes_like_serde_json_quick, assert_decodes_same,
    assert_round_trip_quick, ChunkedWriter, Verdict,
};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

// ---------------------------------------------------------------------------------------------
// the types
// ---------------------------------------------------------------------------------------------

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[serde(rename_all = "camelCase")]
struct Record {
    id: u64,
    signed_value: i64,
    big: i128,
    ubig: u128,
    small: i8,
    tiny: u8,
    word: i16,
    ratio: f64,
    ratio32: f32,
    name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    nick: Option<String>,
    tags: Vec<String>,
    flags: BTreeMap<String, bool>,
    by_id: BTreeMap<u32, Shape>,
    by_char: HashMap<char, Option<i32>>,
    shape: Shape,
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    children: Vec<Record>,
    opt_shape: Option<Box<Shape>>,
    tuple: (u8, char, String),
    // No `default`: absent (empty), it is a missing field, for serde_json and fastwire.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    samples: Vec<f32>,
    #[serde(skip)]
    cache: u64,
    active: bool,
    point: Point,
    wrapper: Wrapper,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[serde(rename_all = "snake_case", rename_all_fields = "kebab-case")]
enum Shape {
    Empty,
    Circle(f64),
    Rect(f32, f32),
    Poly {
        points: Vec<Point>,
        label_text: Option<String>,
    },
    Nested(Box<Shape>),
    #[serde(rename = "weird\"key\n")]
    Weird {
        #[serde(rename = "é\u{1}")]
        x: u8,
        #[serde(skip_serializing_if = "Option::is_none")]
        y: Option<i128>,
    },
    Unit(()),
    Many(Vec<Shape>),
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
struct Point(i32, i32);

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[serde(transparent)]
struct Wrapper {
    values: Vec<Option<f64>>,
}

// ---------------------------------------------------------------------------------------------
// the generator
// ---------------------------------------------------------------------------------------------

const TRICKY: &[char] = &[
    '\u{0}',
    '\u{1}',
    '\u{8}',
    '\t',
    '\n',
    '\u{b}',
    '\u{c}',
    '\r',
    '\u{1f}',
    '"',
    '\\',
    '/',
    '\u{7f}',
    '\u{80}',
    '\u{9f}',
    'é',
    'ß',
    '€',
    '中',
    '日',
    '本',
    '\u{2028}',
    '\u{2029}',
    '\u{fffd}',
    '\u{ffff}',
    '😀',
    '🎉',
    '𝄞',
    '\u{10ffff}',
    ' ',
    '\'',
];

struct Gen {
    rng: StdRng,
    /// Only finite floats (non-finite ones are written as `null` and cannot be read back).
    finite: bool,
}

impl Gen {
    fn new(seed: u64) -> Self {
        Self {
            rng: StdRng::seed_from_u64(seed),
            finite: false,
        }
    }

    fn finite(seed: u64) -> Self {
        Self {
            rng: StdRng::seed_from_u64(seed),
            finite: true,
        }
    }

    fn char(&mut self) -> char {
        match self.rng.random_range(0..10) {
            0..=3 => TRICKY[self.rng.random_range(0..TRICKY.len())],
            4..=7 => char::from(self.rng.random_range(b'a'..=b'z')),
            8 => char::from(self.rng.random_range(0u8..0x80)),
            _ => loop {
                if let Some(c) = char::from_u32(self.rng.random_range(0..0x11_0000)) {
                    break c;
                }
            },
        }
    }

    fn string(&mut self) -> String {
        let len = match self.rng.random_range(0..20) {
            0 => 0,
            1 => self.rng.random_range(64..300),
            2 => self.rng.random_range(1000..3000),
            _ => self.rng.random_range(1..40),
        };
        match self.rng.random_range(0..6) {
            // Plain ASCII: exercises the fast path over whole blocks.
            0 => (0..len)
                .map(|_| char::from(self.rng.random_range(b' '..=b'~')))
                .collect(),
            _ => (0..len).map(|_| self.char()).collect(),
        }
    }

    fn f64(&mut self) -> f64 {
        loop {
            let f = self.any_f64();
            if f.is_finite() || !self.finite {
                return f;
            }
        }
    }

    fn f32(&mut self) -> f32 {
        loop {
            let f = self.any_f32();
            if f.is_finite() || !self.finite {
                return f;
            }
        }
    }

    fn any_f64(&mut self) -> f64 {
        match self.rng.random_range(0..8) {
            0 => f64::from_bits(self.rng.random()),
            // Subnormals (and zero).
            1 => f64::from_bits(self.rng.random::<u64>() & 0x800F_FFFF_FFFF_FFFF),
            2 => [
                0.0,
                -0.0,
                f64::NAN,
                f64::INFINITY,
                f64::NEG_INFINITY,
                f64::MIN,
                f64::MAX,
                f64::EPSILON,
                f64::MIN_POSITIVE,
                f64::from_bits(1),
            ][self.rng.random_range(0..10)],
            3 => f64::from(self.rng.random::<i32>()),
            4 => {
                let n: i64 = self.rng.random_range(-1_000_000_000..1_000_000_000);
                n as f64 / 10f64.powi(self.rng.random_range(0..12))
            }
            5 => self.rng.random::<f64>() * 10f64.powi(self.rng.random_range(-330..310)),
            6 => (self.rng.random::<u64>() >> self.rng.random_range(0..64)) as f64,
            _ => self.rng.random::<f64>(),
        }
    }

    fn any_f32(&mut self) -> f32 {
        match self.rng.random_range(0..6) {
            0 => f32::from_bits(self.rng.random()),
            1 => f32::from_bits(self.rng.random::<u32>() & 0x807F_FFFF),
            2 => [
                0.0,
                -0.0,
                f32::NAN,
                f32::INFINITY,
                f32::MIN,
                f32::MAX,
                f32::EPSILON,
                f32::MIN_POSITIVE,
            ][self.rng.random_range(0..8)],
            3 => self.rng.random_range(-100_000i32..100_000) as f32 / 100.0,
            4 => self.rng.random::<f32>() * 10f32.powi(self.rng.random_range(-45..39)),
            _ => self.rng.random::<f32>(),
        }
    }

    /// A random integer biased towards the interesting ones: extremes, small values and
    /// powers of ten (digit-count boundaries).
    fn u128(&mut self) -> u128 {
        match self.rng.random_range(0..6) {
            0 => {
                [0, 1, u128::MAX, u128::MAX - 1, u128::from(u64::MAX)][self.rng.random_range(0..5)]
            }
            1 => self.rng.random_range(0..1000),
            2 => {
                let p = 10u128.pow(self.rng.random_range(0..39));
                match self.rng.random_range(0..3) {
                    0 => p - 1,
                    1 => p,
                    _ => p + 1,
                }
            }
            3 => self.rng.random::<u128>() >> self.rng.random_range(0..128),
            _ => self.rng.random(),
        }
    }

    fn i128(&mut self) -> i128 {
        match self.rng.random_range(0..4) {
            0 => [i128::MIN, i128::MAX, -1, 0, i128::MIN + 1][self.rng.random_range(0..5)],
            // Truncating or wrapping conversions are intended: any bit pattern will do.
            _ => {
                let v = self.u128() as i128;
                if self.rng.random() {
                    v.wrapping_neg()
                } else {
                    v
                }
            }
        }
    }

    fn point(&mut self) -> Point {
        Point(self.i128() as i32, self.i128() as i32)
    }

    fn shape(&mut self, depth: u32) -> Shape {
        let pick = if depth == 0 {
            self.rng.random_range(0..4)
        } else {
            self.rng.random_range(0..9)
        };
        match pick {
            0 => Shape::Empty,
            1 => Shape::Circle(self.f64()),
            2 => Shape::Rect(self.f32(), self.f32()),
            3 => Shape::Unit(()),
            4 => Shape::Poly {
                points: (0..self.rng.random_range(0..5))
                    .map(|_| self.point())
                    .collect(),
                label_text: self.rng.random_bool(0.5).then(|| self.string()),
            },
            5 => Shape::Nested(Box::new(self.shape(depth - 1))),
            6 => Shape::Weird {
                x: self.u128() as u8,
                y: self.rng.random_bool(0.5).then(|| self.i128()),
            },
            _ => Shape::Many(
                (0..self.rng.random_range(0..4))
                    .map(|_| self.shape(depth - 1))
                    .collect(),
            ),
        }
    }

    fn record(&mut self, depth: u32) -> Record {
        let n_children = if depth == 0 {
            0
        } else {
            self.rng.random_range(0..3)
        };
        Record {
            id: self.u128() as u64,
            signed_value: self.i128() as i64,
            big: self.i128(),
            ubig: self.u128(),
            small: self.i128() as i8,
            tiny: self.u128() as u8,
            word: self.i128() as i16,
            ratio: self.f64(),
            ratio32: self.f32(),
            name: self.string(),
            nick: self.rng.random_bool(0.5).then(|| self.string()),
            tags: (0..self.rng.random_range(0..4))
                .map(|_| self.string())
                .collect(),
            flags: (0..self.rng.random_range(0..4))
                .map(|_| (self.string(), self.rng.random()))
                .collect(),
            by_id: (0..self.rng.random_range(0..3))
                .map(|_| (self.u128() as u32, self.shape(2)))
                .collect(),
            by_char: (0..self.rng.random_range(0..3))
                .map(|_| {
                    (
                        self.char(),
                        self.rng.random_bool(0.5).then(|| self.i128() as i32),
                    )
                })
                .collect(),
            shape: self.shape(3),
            children: (0..n_children).map(|_| self.record(depth - 1)).collect(),
            opt_shape: self.rng.random_bool(0.5).then(|| Box::new(self.shape(1))),
            tuple: (self.u128() as u8, self.char(), self.string()),
            samples: (0..self.rng.random_range(0..4))
                .map(|_| self.f32())
                .collect(),
            cache: self.rng.random(),
            active: self.rng.random(),
            point: self.point(),
            wrapper: Wrapper {
                values: (0..self.rng.random_range(0..3))
                    .map(|_| self.rng.random_bool(0.5).then(|| self.f64()))
                    .collect(),
            },
        }
    }
}

// ---------------------------------------------------------------------------------------------
// the checks
// ---------------------------------------------------------------------------------------------

/// Compares compact, pretty, `encode_into` and short-write `to_writer` output with serde_json.
fn check<T: serde::Serialize + fastwire::json::Encode + std::fmt::Debug>(
    value: &T,
    seed: u64,
    index: usize,
    chunk: usize,
) {
    // The description (with the value's Debug form) is built only when a comparison fails.
    let same = |got: &[u8], expected: &[u8], entry: &str| {
        if got != expected {
            let what = format!("{entry} (seed {seed}, value #{index}: {value:?})");
            assert_bytes_eq(got, expected, &what);
        }
    };
    let compact = serde_json::to_string(value).unwrap();
    let pretty = serde_json::to_string_pretty(value).unwrap();
    same(
        fastwire::json::to_string(value).as_bytes(),
        compact.as_bytes(),
        "to_string",
    );
    same(
        fastwire::json::to_string_pretty(value).as_bytes(),
        pretty.as_bytes(),
        "to_string_pretty",
    );
    let mut buf = b"xy".to_vec();
    fastwire::json::encode_into(value, &mut buf);
    assert_bytes_eq(&buf[..2], b"xy", "encode_into must append");
    same(&buf[2..], compact.as_bytes(), "encode_into");
    let mut w = ChunkedWriter::new(chunk);
    fastwire::json::to_writer(&mut w, value).unwrap();
    same(&w.out, compact.as_bytes(), "to_writer");
    let mut w = ChunkedWriter::new(chunk);
    fastwire::json::to_writer_pretty(&mut w, value).unwrap();
    same(&w.out, pretty.as_bytes(), "to_writer_pretty");
}

/// Names the value being read back if a check panics (the checks print the input).
struct Context<'a>(&'a str, u64, usize);

impl Drop for Context<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            eprintln!(
                "while reading back {} (seed {}, value #{})",
                self.0, self.1, self.2
            );
        }
    }
}

/// Reads serde_json's texts for `value` back with fastwire and serde_json (see the module
/// docs) and returns the verdict.
fn check_decode<T>(value: &T, what: &str, seed: u64, index: usize) -> Verdict
where
    T: Serialize + DeserializeOwned + DecodeOwned + PartialEq + Debug,
{
    let _context = Context(what, seed, index);
    assert_decodes_like_serde_json_quick(value)
}

/// How many values got each verdict.
#[derive(Default, Debug)]
struct Tally {
    round_trip: usize,
    changed: usize,
    rejected: usize,
}

impl Tally {
    fn add(&mut self, verdict: Verdict) {
        match verdict {
            Verdict::RoundTrip => self.round_trip += 1,
            Verdict::Changed => self.changed += 1,
            Verdict::Rejected => self.rejected += 1,
        }
    }
}

/// Whether `record` or one of its descendants has no `samples`, which then cannot be read.
fn lacks_samples(record: &Record) -> bool {
    record.samples.is_empty() || record.children.iter().any(lacks_samples)
}

/// `#[serde(skip)]` fields read back as their default: the value expected back.
fn clear_cache(record: &mut Record) {
    record.cache = 0;
    for child in &mut record.children {
        clear_cache(child);
    }
}

#[test]
fn random_records() {
    let mut values = 0usize;
    let mut tally = Tally::default();
    for seed in 0..4u64 {
        let mut gen = Gen::new(0xFA57_0000 + seed);
        for index in 0..500 {
            let depth = gen.rng.random_range(0..3);
            let mut record = gen.record(depth);
            let chunk = gen.rng.random_range(1..8);
            check(&record, seed, index, chunk);
            // Every other one is read back, to keep the test quick in debug builds.
            if index % 2 == 0 {
                clear_cache(&mut record);
                tally.add(check_decode(&record, "record", seed, index));
            }
            values += 1;
        }
    }
    assert_eq!(values, 2000);
    // Records holding a non-finite float (written `null`), or without `samples` anywhere,
    // do not come back.
    assert!(tally.round_trip > 300, "{tally:?}");
    assert!(tally.changed > 0 && tally.rejected > 300, "{tally:?}");
}

#[test]
fn random_finite_records_read_back() {
    for seed in 10..12u64 {
        let mut gen = Gen::finite(0xDEC0_0000 + seed);
        for index in 0..150 {
            let depth = gen.rng.random_range(0..3);
            let mut record = gen.record(depth);
            clear_cache(&mut record);
            let expected = if lacks_samples(&record) {
                Verdict::Rejected
            } else {
                Verdict::RoundTrip
            };
            assert_eq!(
                check_decode(&record, "finite record", seed, index),
                expected
            );
        }
    }
}

#[test]
fn random_shapes() {
    let mut tally = Tally::default();
    for seed in 100..104u64 {
        let mut gen = Gen::new(seed);
        for index in 0..1000 {
            let shape = gen.shape(4);
            check(&shape, seed, index, 3);
            tally.add(check_decode(&shape, "shape", seed, index));
        }
    }
    assert!(tally.round_trip > 3000, "{tally:?}");
}

#[test]
fn random_scalars() {
    let mut gen = Gen::new(7);
    for index in 0..20_000 {
        let f = gen.f64();
        let g = gen.f32();
        let i = gen.i128();
        let u = gen.u128();
        let value = (f, g, i, u, i as i64, u as u64, i as i32, u as u16, i as i8);
        let compact = serde_json::to_string(&value).unwrap();
        assert_bytes_eq(
            fastwire::json::to_string(&value).as_bytes(),
            compact.as_bytes(),
            &format!("scalars #{index}: {value:?}"),
        );
        // Read back (every other one): fastwire agrees with serde_json, and with finite floats
        // gets the value back bit for bit.
        if index % 2 == 1 {
            continue;
        }
        let theirs =
            assert_decodes_same::<(f64, f32, i128, u128, i64, u64, i32, u16, i8)>(&compact);
        assert_eq!(theirs.is_ok(), f.is_finite() && g.is_finite(), "{compact}");
        if let Ok(ours) =
            fastwire::json::from_str::<(f64, f32, i128, u128, i64, u64, i32, u16, i8)>(&compact)
        {
            assert_eq!(ours, value, "{compact}");
            assert_eq!(
                (ours.0.to_bits(), ours.1.to_bits()),
                (f.to_bits(), g.to_bits()),
                "{compact}"
            );
        }
    }
    // Single floats from uniformly random bit patterns.
    let mut rng = StdRng::seed_from_u64(11);
    for _ in 0..20_000 {
        let f = f64::from_bits(rng.random());
        let g = f32::from_bits(rng.random());
        assert_eq!(
            fastwire::json::to_string(&f),
            serde_json::to_string(&f).unwrap(),
            "f64 bits {:#x}",
            f.to_bits()
        );
        assert_eq!(
            fastwire::json::to_string(&g),
            serde_json::to_string(&g).unwrap(),
            "f32 bits {:#x}",
            g.to_bits()
        );
        // Read back, bit for bit (the shortest text that round-trips must).
        if f.is_finite() {
            let text = serde_json::to_string(&f).unwrap();
            let ours: f64 = fastwire::json::from_str(&text).unwrap();
            assert_eq!(ours.to_bits(), f.to_bits(), "f64 {text}");
        }
        if g.is_finite() {
            let text = serde_json::to_string(&g).unwrap();
            let ours: f32 = fastwire::json::from_str(&text).unwrap();
            assert_eq!(ours.to_bits(), g.to_bits(), "f32 {text}");
            let theirs: f32 = serde_json::from_str(&text).unwrap();
            assert_eq!(theirs.to_bits(), g.to_bits(), "f32 {text} (serde_json)");
        }
    }
}

#[test]
fn random_strings_and_maps() {
    let mut gen = Gen::new(0xC0FFEE);
    for index in 0..3000 {
        let s = gen.string();
        let compact = serde_json::to_string(&s).unwrap();
        assert_bytes_eq(
            fastwire::json::to_string(&s).as_bytes(),
            compact.as_bytes(),
            &format!("string #{index}: {s:?}"),
        );
        let mut w = ChunkedWriter::new(1 + index % 5);
        fastwire::json::to_writer(&mut w, &s).unwrap();
        assert_bytes_eq(
            &w.out,
            compact.as_bytes(),
            &format!("to_writer string #{index}"),
        );
        assert_eq!(
            assert_decodes_same::<String>(&compact).as_ref().ok(),
            Some(&s),
            "string #{index}"
        );
    }
    for index in 0..300 {
        let map: HashMap<String, Vec<String>> = (0..gen.rng.random_range(0..6))
            .map(|_| {
                let k = gen.string();
                let v = (0..gen.rng.random_range(0..3))
                    .map(|_| gen.string())
                    .collect();
                (k, v)
            })
            .collect();
        check(&map, 0xC0FFEE, index, 2);
        assert_eq!(
            check_decode(&map, "map", 0xC0FFEE, index),
            Verdict::RoundTrip
        );
        let int_map: BTreeMap<i128, char> = (0..gen.rng.random_range(0..6))
            .map(|_| (gen.i128(), gen.char()))
            .collect();
        check(&int_map, 0xC0FFEE, index, 5);
        assert_eq!(
            check_decode(&int_map, "int map", 0xC0FFEE, index),
            Verdict::RoundTrip
        );
    }
}

#[test]
fn random_batch_as_one_document() {
    // Many records in one document: long enough to cross the streaming buffer many times.
    let mut gen = Gen::new(42);
    let batch: Vec<Record> = (0..300).map(|_| gen.record(1)).collect();
    let compact = serde_json::to_vec(&batch).unwrap();
    assert!(
        compact.len() > 64 * 1024,
        "batch too small: {}",
        compact.len()
    );
    for chunk in [1, 3, 4096, 1 << 20] {
        let mut w = ChunkedWriter::new(chunk);
        fastwire::json::to_writer(&mut w, &batch).unwrap();
        assert_bytes_eq(&w.out, &compact, &format!("batch, chunk {chunk}"));
    }
    assert_bytes_eq(&fastwire::json::to_vec(&batch), &compact, "batch to_vec");
    let pretty = serde_json::to_vec_pretty(&batch).unwrap();
    assert_bytes_eq(
        &fastwire::json::to_vec_pretty(&batch),
        &pretty,
        "batch pretty",
    );
    let mut w = ChunkedWriter::new(5);
    fastwire::json::to_writer_pretty(&mut w, &batch).unwrap();
    assert_bytes_eq(&w.out, &pretty, "batch to_writer_pretty");
    // With non-finite floats in it somewhere, the batch does not read back, for either.
    let (ours, theirs) = (
        fastwire::json::from_slice::<Vec<Record>>(&compact),
        serde_json::from_slice::<Vec<Record>>(&compact),
    );
    assert_eq!(ours.is_ok(), theirs.is_ok());
    // A batch of finite records, read back from a reader yielding 1 to 7 bytes per call.
    let mut gen = Gen::finite(43);
    let mut batch: Vec<Record> = (0..300).map(|_| gen.record(1)).collect();
    batch.iter_mut().for_each(clear_cache);
    batch.retain(|record| !lacks_samples(record));
    assert!(batch.len() > 100);
    assert_round_trip_quick(&batch);
}
