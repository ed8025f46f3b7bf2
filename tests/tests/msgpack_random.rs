//! Seeded randomized differential testing of MessagePack, as `json_encode_random.rs` does for
//! JSON. About 30,000 random values of derived types (nested structs, enums of every shape,
//! unit structs, options, maps keyed by strings, integers and chars, tricky strings, floats
//! from random bit patterns NaN payloads included, integers at every MessagePack form
//! boundary), of `#[wire(as_array)]` types and of std containers, each encoded by fastwire and
//! by rmp-serde (`to_vec_named`, or `to_vec` for the `as_array` types) through `to_vec`,
//! `encode_into` after a prefix and `to_writer` through short writes, and read back from both
//! of rmp-serde's forms by fastwire and by rmp-serde, which must agree (floats bit for bit).
//!
//! Then seeded mutations of valid documents, chosen to reach interesting paths: bytes
//! replaced, inserted or deleted, truncation, integers re-encoded in wider forms, strings turned
//! into binaries, values replaced by other values of the document or by special ones (nil, the
//! reserved 0xc1, NaN, extensions, deep nesting), entries deleted, duplicated, reordered, keys
//! renamed or given as indexes, header counts changed, bytes appended. Decoding never panics,
//! every error points inside the input, and fastwire accepts exactly what rmp-serde accepts,
//! reading the same value, but for the refusals fastwire makes on purpose (bytes after the
//! value, invalid UTF-8 anywhere, a negative integer for `u128`, nesting beyond 127 levels)
//! and rmp-serde's own nesting limit of 1024 levels, which fastwire does not apply to values it
//! skips.
//!
//! The seeds are fixed, so a failure reproduces; the failing seed and index are printed.

use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};
use std::fmt::{Debug, Write as _};
use std::panic::{catch_unwind, AssertUnwindSafe};

use fastwire::msgpack;
use fastwire_tests::{
    assert_msgpack_decodes_like_rmp_serde_quick, assert_msgpack_eq, same_msgpack_value,
    ChunkedWriter, MsgpackVerdicts, Verdict,
};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

// =============================================================================================
// the types
// =============================================================================================

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
    half: u16,
    wide: u32,
    ratio: f64,
    ratio32: f32,
    name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    nick: Option<String>,
    tags: Vec<String>,
    flags: BTreeMap<String, bool>,
    by_id: BTreeMap<u32, Shape>,
    by_char: HashMap<char, Option<i32>>,
    by_offset: BTreeMap<i64, Vec<u8>>,
    shape: Shape,
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    children: Vec<Record>,
    opt_shape: Option<Box<Shape>>,
    tuple: (u8, char, String),
    // No `default`: absent (empty), it is a missing field, for rmp-serde and fastwire.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    samples: Vec<f32>,
    #[serde(skip)]
    cache: u64,
    active: bool,
    point: Point,
    wrapper: Wrapper,
    marker: Marker,
    nothing: (),
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
    Tagged(u8, Marker),
    Flag(bool),
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
struct Point(i32, i32);

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[serde(transparent)]
struct Wrapper {
    values: Vec<Option<f64>>,
}

/// Written as `[]`, read from `[]` or nil.
#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
struct Marker;

/// `Record` read for its id alone: every other field is unknown and skipped.
#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
struct IdOnly {
    id: u64,
}

/// Types written as arrays, all the way down (so that `rmp_serde::to_vec` is the oracle).
#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[wire(as_array)]
struct Track {
    id: u32,
    name: String,
    points: Vec<Coords>,
    legs: Vec<Leg>,
    meta: BTreeMap<String, i64>,
    #[serde(skip)]
    cache: u8,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[wire(as_array)]
struct Coords {
    lat: f64,
    lon: f64,
    // The last field: absent, the array is one shorter and the default fills it in.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    alt: Option<f32>,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[wire(as_array)]
enum Leg {
    Walk { meters: u32 },
    Ride(String, u16),
    Pause,
    Segment { from: Coords, to: Coords },
}

// =============================================================================================
// the generator
// =============================================================================================

const TRICKY: &[char] = &[
    '\u{0}',
    '\u{1}',
    '\t',
    '\n',
    '\u{1f}',
    '"',
    '\\',
    '\u{7f}',
    '\u{80}',
    'é',
    'ß',
    '€',
    '中',
    '\u{2028}',
    '\u{fffd}',
    '\u{ffff}',
    '😀',
    '𝄞',
    '\u{10ffff}',
    ' ',
];

struct Gen {
    rng: StdRng,
}

impl Gen {
    fn new(seed: u64) -> Self {
        Self {
            rng: StdRng::seed_from_u64(seed),
        }
    }

    fn char(&mut self) -> char {
        match self.rng.random_range(0..10) {
            0..=3 => TRICKY[self.rng.random_range(0..TRICKY.len())],
            4..=7 => char::from(self.rng.random_range(b'a'..=b'z')),
            _ => loop {
                if let Some(c) = char::from_u32(self.rng.random_range(0..0x11_0000)) {
                    break c;
                }
            },
        }
    }

    /// A byte length biased towards MessagePack's header boundaries (31/32, 255/256; the
    /// 16-bit boundary is tested in `msgpack_encode_std.rs`, and costs too much here).
    fn length(&mut self) -> usize {
        match self.rng.random_range(0..20) {
            0 => 0,
            1 => self.rng.random_range(30..34),
            2 => self.rng.random_range(254..258),
            _ => self.rng.random_range(1..20),
        }
    }

    fn string(&mut self) -> String {
        let len = self.length();
        if self.rng.random_bool(0.5) {
            // ASCII, exactly `len` bytes.
            (0..len)
                .map(|_| char::from(self.rng.random_range(b' '..=b'~')))
                .collect()
        } else {
            let mut s = String::new();
            while s.len() < len {
                s.push(self.char());
            }
            s
        }
    }

    fn f64(&mut self) -> f64 {
        match self.rng.random_range(0..6) {
            0 => f64::from_bits(self.rng.random()),
            1 => [
                0.0,
                -0.0,
                f64::NAN,
                -f64::NAN,
                f64::from_bits(0x7ff0_0000_0000_0001),
                f64::INFINITY,
                f64::NEG_INFINITY,
                f64::MIN_POSITIVE,
                f64::from_bits(1),
            ][self.rng.random_range(0..9)],
            2 => f64::from(self.rng.random::<i32>()),
            3 => self.rng.random::<f64>() * 10f64.powi(self.rng.random_range(-300..300)),
            _ => self.rng.random::<f64>(),
        }
    }

    fn f32(&mut self) -> f32 {
        match self.rng.random_range(0..4) {
            0 => f32::from_bits(self.rng.random()),
            1 => [
                0.0,
                -0.0,
                f32::NAN,
                f32::INFINITY,
                f32::MAX,
                f32::from_bits(1),
            ][self.rng.random_range(0..6)],
            _ => self.rng.random::<f32>() * 1000.0,
        }
    }

    /// An integer near one of MessagePack's form boundaries, or any.
    fn i128(&mut self) -> i128 {
        const EDGES: [i128; 14] = [
            0,
            127,
            255,
            65_535,
            4_294_967_295,
            18_446_744_073_709_551_615,
            -32,
            -128,
            -32_768,
            -2_147_483_648,
            -9_223_372_036_854_775_808,
            9_223_372_036_854_775_807,
            i128::MAX,
            i128::MIN,
        ];
        match self.rng.random_range(0..4) {
            0 => EDGES[self.rng.random_range(0..EDGES.len())]
                .saturating_add(self.rng.random_range(-1..=1)),
            1 => self.rng.random_range(-100..100),
            2 => (self.rng.random::<i128>()) >> self.rng.random_range(0..127),
            _ => self.rng.random(),
        }
    }

    /// A count of collection elements, now and then 15 or 16 (fixarray/fixmap's limit).
    fn count(&mut self, max: usize) -> usize {
        if self.rng.random_ratio(1, 20) {
            self.rng.random_range(15..=16)
        } else {
            self.rng.random_range(0..=max)
        }
    }

    fn point(&mut self) -> Point {
        Point(self.i128() as i32, self.i128() as i32)
    }

    fn shape(&mut self, depth: u32) -> Shape {
        let pick = if depth == 0 {
            self.rng.random_range(0..5)
        } else {
            self.rng.random_range(0..10)
        };
        match pick {
            0 => Shape::Empty,
            1 => Shape::Circle(self.f64()),
            2 => Shape::Rect(self.f32(), self.f32()),
            3 => Shape::Unit(()),
            4 => Shape::Flag(self.rng.random()),
            5 => Shape::Poly {
                points: (0..self.count(4)).map(|_| self.point()).collect(),
                label_text: self.rng.random_bool(0.5).then(|| self.string()),
            },
            6 => Shape::Nested(Box::new(self.shape(depth - 1))),
            7 => Shape::Weird {
                x: self.i128() as u8,
                y: self.rng.random_bool(0.5).then(|| self.i128()),
            },
            8 => Shape::Tagged(self.i128() as u8, Marker),
            _ => Shape::Many(
                (0..self.rng.random_range(0..4))
                    .map(|_| self.shape(depth - 1))
                    .collect(),
            ),
        }
    }

    fn record(&mut self, depth: u32) -> Record {
        let children = if depth == 0 {
            0
        } else {
            self.rng.random_range(0..3)
        };
        Record {
            id: self.i128() as u64,
            signed_value: self.i128() as i64,
            big: self.i128(),
            ubig: self.i128() as u128,
            small: self.i128() as i8,
            tiny: self.i128() as u8,
            word: self.i128() as i16,
            half: self.i128() as u16,
            wide: self.i128() as u32,
            ratio: self.f64(),
            ratio32: self.f32(),
            name: self.string(),
            nick: self.rng.random_bool(0.5).then(|| self.string()),
            tags: (0..self.count(3)).map(|_| self.string()).collect(),
            flags: (0..self.count(3))
                .map(|_| (self.string(), self.rng.random()))
                .collect(),
            by_id: (0..self.rng.random_range(0..3))
                .map(|_| (self.i128() as u32, self.shape(2)))
                .collect(),
            by_char: (0..self.rng.random_range(0..3))
                .map(|_| {
                    (
                        self.char(),
                        self.rng.random_bool(0.5).then(|| self.i128() as i32),
                    )
                })
                .collect(),
            by_offset: (0..self.rng.random_range(0..3))
                .map(|_| {
                    let bytes = (0..self.count(4)).map(|_| self.rng.random()).collect();
                    (self.i128() as i64, bytes)
                })
                .collect(),
            shape: self.shape(3),
            children: (0..children).map(|_| self.record(depth - 1)).collect(),
            opt_shape: self.rng.random_bool(0.5).then(|| Box::new(self.shape(1))),
            tuple: (self.i128() as u8, self.char(), self.string()),
            samples: (0..self.rng.random_range(0..4))
                .map(|_| self.f32())
                .collect(),
            cache: 0,
            active: self.rng.random(),
            point: self.point(),
            wrapper: Wrapper {
                values: (0..self.count(2))
                    .map(|_| self.rng.random_bool(0.5).then(|| self.f64()))
                    .collect(),
            },
            marker: Marker,
            nothing: (),
        }
    }

    fn coords(&mut self) -> Coords {
        Coords {
            lat: self.f64(),
            lon: self.f64(),
            alt: self.rng.random_bool(0.5).then(|| self.f32()),
        }
    }

    fn track(&mut self) -> Track {
        Track {
            id: self.i128() as u32,
            name: self.string(),
            points: (0..self.count(4)).map(|_| self.coords()).collect(),
            legs: (0..self.count(4))
                .map(|_| match self.rng.random_range(0..4) {
                    0 => Leg::Walk {
                        meters: self.i128() as u32,
                    },
                    1 => Leg::Ride(self.string(), self.i128() as u16),
                    2 => Leg::Pause,
                    _ => Leg::Segment {
                        from: self.coords(),
                        to: self.coords(),
                    },
                })
                .collect(),
            meta: (0..self.count(3))
                .map(|_| (self.string(), self.i128() as i64))
                .collect(),
            cache: 0,
        }
    }
}

// =============================================================================================
// the checks
// =============================================================================================

/// Compares `to_vec`, `encode_into` after a prefix and `to_writer` through writes of at most
/// `chunk` bytes with `expected`, rmp-serde's bytes.
fn check_encode<T: msgpack::Encode + Debug>(
    value: &T,
    expected: &[u8],
    seed: u64,
    index: usize,
    chunk: usize,
) {
    // The description (with the value's Debug form) is built only when a comparison fails.
    let same = |got: &[u8], entry: &str| {
        if got != expected {
            let what = format!("{entry} (seed {seed}, value #{index}: {value:?})");
            assert_msgpack_eq(got, expected, &what);
        }
    };
    same(&msgpack::to_vec(value), "msgpack::to_vec");
    let mut buf = b"\x92\x07".to_vec();
    msgpack::encode_into(value, &mut buf);
    assert_eq!(buf[..2], *b"\x92\x07", "encode_into must append");
    same(&buf[2..], "msgpack::encode_into");
    let mut w = ChunkedWriter::new(chunk);
    msgpack::to_writer(&mut w, value).unwrap();
    same(&w.out, "msgpack::to_writer");
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

fn check_decode<T>(value: &T, what: &str, seed: u64, index: usize) -> MsgpackVerdicts
where
    T: Serialize + DeserializeOwned + msgpack::DecodeOwned + PartialEq + Debug,
{
    let _context = Context(what, seed, index);
    assert_msgpack_decodes_like_rmp_serde_quick(value)
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

#[test]
fn random_records() {
    let mut named = Tally::default();
    let mut array = Tally::default();
    let mut values = 0;
    for seed in 0..5u64 {
        let mut gen = Gen::new(0x4D50_0000 + seed);
        for index in 0..500 {
            let depth = gen.rng.random_range(0..3);
            let record = gen.record(depth);
            let chunk = gen.rng.random_range(1..8);
            let expected = rmp_serde::to_vec_named(&record).unwrap();
            check_encode(&record, &expected, seed, index, chunk);
            let verdicts = check_decode(&record, "record", seed, index);
            // Floats of every kind, NaN included, come back bit for bit: only a record without
            // `samples` somewhere does not read back (the field is missing).
            let expected_verdict = if lacks_samples(&record) {
                Verdict::Rejected
            } else {
                Verdict::RoundTrip
            };
            assert_eq!(verdicts.named, expected_verdict, "seed {seed}, #{index}");
            named.add(verdicts.named);
            array.add(verdicts.array);
            values += 1;
        }
    }
    assert_eq!(values, 2500);
    assert!(named.round_trip > 1000 && named.rejected > 300, "{named:?}");
    // The array form loses alignment where an optional field was left out.
    assert!(array.rejected > 1000, "{array:?}");
}

#[test]
fn random_shapes() {
    let mut tally = Tally::default();
    for seed in 100..104u64 {
        let mut gen = Gen::new(seed);
        for index in 0..1000 {
            let shape = gen.shape(4);
            let expected = rmp_serde::to_vec_named(&shape).unwrap();
            check_encode(&shape, &expected, seed, index, 3);
            let verdicts = check_decode(&shape, "shape", seed, index);
            tally.add(verdicts.named);
        }
    }
    assert!(tally.round_trip > 3500, "{tally:?}");
}

#[test]
fn random_tracks_as_arrays() {
    let mut tally = Tally::default();
    let mut gen = Gen::new(0xA77A);
    for index in 0..1500 {
        let track = gen.track();
        let expected = rmp_serde::to_vec(&track).unwrap();
        check_encode(&track, &expected, 0xA77A, index, 1 + index % 7);
        let verdicts = check_decode(&track, "track", 0xA77A, index);
        // Every struct is an array whose only optional field is the last: both forms read
        // back.
        assert_eq!(verdicts.named, Verdict::RoundTrip, "#{index}");
        tally.add(verdicts.array);
    }
    assert_eq!(tally.round_trip, 1500, "{tally:?}");
}

#[test]
fn random_scalars() {
    type Scalars = (f64, f32, i128, u128, i64, u64, i32, u16, i8, char);
    let mut gen = Gen::new(7);
    for index in 0..20_000 {
        let i = gen.i128();
        let value: Scalars = (
            gen.f64(),
            gen.f32(),
            i,
            gen.i128() as u128,
            i as i64,
            i as u64,
            i as i32,
            i as u16,
            i as i8,
            gen.char(),
        );
        let expected = rmp_serde::to_vec(&value).unwrap();
        if msgpack::to_vec(&value) != expected {
            assert_msgpack_eq(
                &msgpack::to_vec(&value),
                &expected,
                &format!("scalars #{index}: {value:?}"),
            );
        }
        // Read back (every other one), bit for bit.
        if index % 2 == 1 {
            continue;
        }
        let ours: Scalars = msgpack::from_slice(&expected).unwrap();
        let theirs: Scalars = rmp_serde::from_slice(&expected).unwrap();
        assert!(
            same_msgpack_value(&ours, &value) && same_msgpack_value(&theirs, &value),
            "scalars #{index}: {value:?} read back as {ours:?} (rmp-serde: {theirs:?})"
        );
    }
}

#[test]
fn random_std_containers() {
    let mut gen = Gen::new(0xC0FFEE);
    for index in 0..2000 {
        let s = gen.string();
        let expected = rmp_serde::to_vec(&s).unwrap();
        check_encode(&s, &expected, 0xC0FFEE, index, 1 + index % 5);
        let _ = check_decode(&s, "string", 0xC0FFEE, index);
    }
    for index in 0..500 {
        let map: HashMap<String, Vec<String>> = (0..gen.count(5))
            .map(|_| {
                let k = gen.string();
                (
                    k,
                    (0..gen.rng.random_range(0..3))
                        .map(|_| gen.string())
                        .collect(),
                )
            })
            .collect();
        let expected = rmp_serde::to_vec(&map).unwrap();
        check_encode(&map, &expected, 0xC0FFEE, index, 2);
        assert_eq!(
            check_decode(&map, "map", 0xC0FFEE, index).named,
            Verdict::RoundTrip
        );
        let keyed: BTreeMap<i128, (char, Option<f32>)> = (0..gen.count(5))
            .map(|_| {
                (
                    gen.i128(),
                    (gen.char(), gen.rng.random_bool(0.5).then(|| gen.f32())),
                )
            })
            .collect();
        check_encode(&keyed, &rmp_serde::to_vec(&keyed).unwrap(), 1, index, 5);
        assert_eq!(
            check_decode(&keyed, "int map", 1, index).named,
            Verdict::RoundTrip
        );
        let set: BTreeSet<i64> = (0..gen.count(20)).map(|_| gen.i128() as i64).collect();
        check_encode(&set, &rmp_serde::to_vec(&set).unwrap(), 2, index, 3);
        assert_eq!(
            check_decode(&set, "set", 2, index).named,
            Verdict::RoundTrip
        );
        let deque: VecDeque<(u16, [u8; 3])> = (0..gen.count(5))
            .map(|_| (gen.i128() as u16, [gen.rng.random(), 0, 255]))
            .collect();
        check_encode(&deque, &rmp_serde::to_vec(&deque).unwrap(), 3, index, 4);
        assert_eq!(
            check_decode(&deque, "deque", 3, index).named,
            Verdict::RoundTrip
        );
    }
}

// =============================================================================================
// mutations
// =============================================================================================

/// One value of a well-formed document: where it starts and ends, its marker, how long its
/// header is, how many values it holds (a map's keys and values both count), and whether it is
/// a map's key.
#[derive(Clone, Copy, Debug)]
struct Span {
    start: usize,
    end: usize,
    marker: u8,
    header: usize,
    items: usize,
    is_key: bool,
}

/// The values of `doc`, in document order; `None` if `doc` is not one well-formed value.
fn spans(doc: &[u8]) -> Option<Vec<Span>> {
    fn be(bytes: &[u8], at: usize, width: usize) -> Option<usize> {
        let slice = bytes.get(at..at + width)?;
        Some(slice.iter().fold(0usize, |n, &b| n << 8 | usize::from(b)))
    }
    fn parse(
        b: &[u8],
        at: usize,
        is_key: bool,
        out: &mut Vec<Span>,
        depth: usize,
    ) -> Option<usize> {
        if depth > 200 {
            return None;
        }
        let m = *b.get(at)?;
        let (header, payload, items) = match m {
            0x00..=0x7f | 0xe0..=0xff | 0xc0 | 0xc2 | 0xc3 => (1, 0, 0),
            0x80..=0x8f => (1, 0, 2 * usize::from(m & 0x0f)),
            0x90..=0x9f => (1, 0, usize::from(m & 0x0f)),
            0xa0..=0xbf => (1, usize::from(m & 0x1f), 0),
            0xc1 => return None,
            0xc4 | 0xd9 => (2, be(b, at + 1, 1)?, 0),
            0xc5 | 0xda => (3, be(b, at + 1, 2)?, 0),
            0xc6 | 0xdb => (5, be(b, at + 1, 4)?, 0),
            0xc7 => (3, be(b, at + 1, 1)?, 0),
            0xc8 => (4, be(b, at + 1, 2)?, 0),
            0xc9 => (6, be(b, at + 1, 4)?, 0),
            0xca | 0xce | 0xd2 => (1, 4, 0),
            0xcb | 0xcf | 0xd3 => (1, 8, 0),
            0xcc | 0xd0 => (1, 1, 0),
            0xcd | 0xd1 => (1, 2, 0),
            0xd4..=0xd8 => (2, 1 << (m - 0xd4), 0),
            0xdc => (3, 0, be(b, at + 1, 2)?),
            0xdd => (5, 0, be(b, at + 1, 4)?),
            0xde => (3, 0, 2 * be(b, at + 1, 2)?),
            0xdf => (5, 0, 2 * be(b, at + 1, 4)?),
        };
        let index = out.len();
        out.push(Span {
            start: at,
            end: 0,
            marker: m,
            header,
            items,
            is_key,
        });
        let mut pos = at + header + payload;
        if pos > b.len() {
            return None;
        }
        let map = matches!(m, 0x80..=0x8f | 0xde | 0xdf);
        for item in 0..items {
            pos = parse(b, pos, map && item % 2 == 0, out, depth + 1)?;
        }
        out[index].end = pos;
        Some(pos)
    }
    let mut out = Vec::new();
    let end = parse(doc, 0, false, &mut out, 0)?;
    (end == doc.len()).then_some(out)
}

/// The integer a span holds, if it is one.
fn integer_of(doc: &[u8], span: &Span) -> Option<i128> {
    let body = &doc[span.start + 1..span.end];
    let unsigned = || body.iter().fold(0u64, |n, &b| n << 8 | u64::from(b));
    Some(match span.marker {
        0x00..=0x7f => i128::from(span.marker),
        0xe0..=0xff => i128::from(span.marker as i8),
        0xcc..=0xcf => i128::from(unsigned()),
        0xd0 => i128::from(body[0] as i8),
        0xd1 => i128::from(i16::from_be_bytes([body[0], body[1]])),
        0xd2 => i128::from(i32::from_be_bytes(body.try_into().ok()?)),
        0xd3 => i128::from(i64::from_be_bytes(body.try_into().ok()?)),
        _ => return None,
    })
}

/// Every MessagePack form that holds `v`, wider forms included.
fn integer_forms(v: i128) -> Vec<Vec<u8>> {
    let mut forms = Vec::new();
    if (0..=0x7f).contains(&v) || (-32..0).contains(&v) {
        forms.push(vec![v as i8 as u8]);
    }
    macro_rules! form {
        ($marker:expr, $ty:ty) => {
            if let Ok(x) = <$ty>::try_from(v) {
                forms.push([&[$marker][..], &x.to_be_bytes()].concat());
            }
        };
    }
    form!(0xcc, u8);
    form!(0xcd, u16);
    form!(0xce, u32);
    form!(0xcf, u64);
    form!(0xd0, i8);
    form!(0xd1, i16);
    form!(0xd2, i32);
    form!(0xd3, i64);
    forms
}

/// Values that stand in for others: of every kind, and awkward.
const SPECIAL_VALUES: &[&[u8]] = &[
    b"\xc0",
    b"\xc2",
    b"\xc3",
    b"\xc1",
    b"\x00",
    b"\x7f",
    b"\xff",
    b"\xe0",
    b"\xcc\xff",
    b"\xd0\x80",
    b"\xcf\xff\xff\xff\xff\xff\xff\xff\xff",
    b"\xd3\x80\x00\x00\x00\x00\x00\x00\x00",
    b"\xca\x7f\xc0\x00\x00",
    b"\xcb\xff\xf8\x00\x00\x00\x00\x00\x01",
    b"\xa0",
    b"\xa1x",
    b"\xa2\xc3\xa9",
    b"\xa2\xc3\x28",
    b"\xa1\xff",
    b"\xd9\x01a",
    b"\xc4\x00",
    b"\xc4\x02\x01\x02",
    b"\xc4\x10\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01",
    b"\x90",
    b"\x80",
    b"\x91\xc0",
    b"\x81\xa1a\x01",
    b"\x81\xa5empty\xc0",
    b"\xd4\x01\x02",
    b"\xc7\x00\x05",
    b"\xd6\xff\x00\x00\x00\x01",
    b"\xdc\x00\x00",
    b"\xde\x00\x00",
];

/// Mutation names, for the report.
const MUTATIONS: [&str; 16] = [
    "byte replaced",
    "byte inserted",
    "byte deleted",
    "truncated",
    "integer widened",
    "string made binary",
    "value copied over another",
    "value replaced by a special one",
    "entry deleted",
    "entry duplicated",
    "header count changed",
    "key renamed",
    "key made an index",
    "entries swapped",
    "value nested deeply",
    "bytes appended",
];

fn interesting_byte(rng: &mut StdRng) -> u8 {
    match rng.random_range(0..4) {
        0 => rng.random_range(0xc0..=0xdf),
        1 => rng.random_range(0x80..=0xbf),
        2 => [0x00, 0x01, 0x7f, 0xe0, 0xff, 0x10][rng.random_range(0..6)],
        _ => rng.random(),
    }
}

/// `doc` with `span`'s header changed to count `items` values (entries, for maps); `None` if
/// that count does not fit the header's form.
fn with_count(doc: &[u8], span: &Span, items: usize) -> Option<Vec<u8>> {
    let map = matches!(span.marker, 0x80..=0x8f | 0xde | 0xdf);
    let count = if map { items / 2 } else { items };
    let header = match span.marker {
        0x80..=0x9f if count < 16 => vec![(span.marker & 0xf0) | count as u8],
        0xdc | 0xde => {
            let count = u16::try_from(count).ok()?;
            [&[span.marker][..], &count.to_be_bytes()].concat()
        }
        0xdd | 0xdf => {
            let count = u32::try_from(count).ok()?;
            [&[span.marker][..], &count.to_be_bytes()].concat()
        }
        _ => return None,
    };
    Some(
        [
            &doc[..span.start],
            &header,
            &doc[span.start + span.header..],
        ]
        .concat(),
    )
}

/// Applies one mutation (by number, see [`MUTATIONS`]) to `doc`; `None` if it does not apply.
fn mutate(rng: &mut StdRng, doc: &[u8], which: usize) -> Option<Vec<u8>> {
    let spans = spans(doc);
    let pick = |rng: &mut StdRng, keep: &dyn Fn(&Span) -> bool| -> Option<Span> {
        let candidates: Vec<Span> = spans.as_ref()?.iter().copied().filter(keep).collect();
        (!candidates.is_empty()).then(|| candidates[rng.random_range(0..candidates.len())])
    };
    let splice = |span: &Span, with: &[u8]| [&doc[..span.start], with, &doc[span.end..]].concat();
    let collection =
        |span: &Span| matches!(span.marker, 0x80..=0x9f | 0xdc..=0xdf) && span.items > 0;
    let string = |span: &Span| matches!(span.marker, 0xa0..=0xbf | 0xd9..=0xdb);
    Some(match which {
        0 => {
            let mut out = doc.to_vec();
            let at = rng.random_range(0..out.len().max(1));
            *out.get_mut(at)? = interesting_byte(rng);
            out
        }
        1 => {
            let mut out = doc.to_vec();
            out.insert(rng.random_range(0..=out.len()), interesting_byte(rng));
            out
        }
        2 => {
            let mut out = doc.to_vec();
            if out.is_empty() {
                return None;
            }
            out.remove(rng.random_range(0..out.len()));
            out
        }
        3 => doc[..rng.random_range(0..doc.len().max(1))].to_vec(),
        4 => {
            let span = pick(rng, &|s| integer_of(doc, s).is_some())?;
            let forms = integer_forms(integer_of(doc, &span)?);
            splice(&span, &forms[rng.random_range(0..forms.len())])
        }
        5 => {
            let span = pick(rng, &string)?;
            let body = &doc[span.start + span.header..span.end];
            let header = match rng.random_range(0..3) {
                0 if body.len() < 256 => vec![0xc4, body.len() as u8],
                1 if body.len() < 65_536 => {
                    [&[0xc5][..], &(body.len() as u16).to_be_bytes()].concat()
                }
                _ => [&[0xc6][..], &(body.len() as u32).to_be_bytes()].concat(),
            };
            splice(&span, &[&header[..], body].concat())
        }
        6 => {
            let target = pick(rng, &|_| true)?;
            let source = pick(rng, &|_| true)?;
            splice(&target, &doc[source.start..source.end])
        }
        7 => {
            let span = pick(rng, &|_| true)?;
            splice(
                &span,
                SPECIAL_VALUES[rng.random_range(0..SPECIAL_VALUES.len())],
            )
        }
        8 | 9 => {
            let span = pick(rng, &collection)?;
            let all = spans.as_ref()?;
            let map = matches!(span.marker, 0x80..=0x8f | 0xde | 0xdf);
            // The direct children of `span`.
            let mut children = Vec::new();
            let mut pos = span.start + span.header;
            while pos < span.end {
                let child = all.iter().find(|s| s.start == pos)?;
                children.push(*child);
                pos = child.end;
            }
            let step = if map { 2 } else { 1 };
            let first = rng.random_range(0..children.len() / step) * step;
            let (from, to) = (children[first].start, children[first + step - 1].end);
            let (items, body) = if which == 8 {
                (span.items - step, [&doc[..from], &doc[to..]].concat())
            } else {
                (
                    span.items + step,
                    [&doc[..to], &doc[from..to], &doc[to..]].concat(),
                )
            };
            with_count(&body, &span, items)?
        }
        10 => {
            let span = pick(rng, &|s| matches!(s.marker, 0x80..=0x9f | 0xdc..=0xdf))?;
            let map = matches!(span.marker, 0x80..=0x8f | 0xde | 0xdf);
            let step = if map { 2 } else { 1 };
            let items = if rng.random_bool(0.5) {
                span.items + step
            } else {
                span.items.checked_sub(step)?
            };
            with_count(doc, &span, items)?
        }
        11 => {
            let span = pick(rng, &|s| s.is_key && string(s))?;
            let other = pick(rng, &|s| s.is_key && string(s))?;
            let with: Vec<u8> = match rng.random_range(0..4) {
                0 => doc[other.start..other.end].to_vec(),
                1 => b"\xa2zz".to_vec(),
                // The same key with a wider header than needed.
                2 => {
                    let body = &doc[span.start + span.header..span.end];
                    [&[0xd9, body.len() as u8][..], body].concat()
                }
                _ => {
                    let mut key = doc[span.start..span.end].to_vec();
                    let last = key.len() - 1;
                    key[last] ^= 0x20;
                    key
                }
            };
            splice(&span, &with)
        }
        12 => {
            let span = pick(rng, &|s| s.is_key && string(s))?;
            let index = rng.random_range(0..40);
            let forms = integer_forms(index);
            splice(&span, &forms[rng.random_range(0..forms.len())])
        }
        13 => {
            let span = pick(rng, &|s| {
                matches!(s.marker, 0x80..=0x8f | 0xde | 0xdf) && s.items >= 4
            })?;
            let all = spans.as_ref()?;
            let mut entries = Vec::new();
            let mut pos = span.start + span.header;
            while pos < span.end {
                let key = all.iter().find(|s| s.start == pos)?;
                let value = all.iter().find(|s| s.start == key.end)?;
                entries.push(key.start..value.end);
                pos = value.end;
            }
            let (a, b) = (
                rng.random_range(0..entries.len()),
                rng.random_range(0..entries.len()),
            );
            let (a, b) = (a.min(b), a.max(b));
            if a == b {
                return None;
            }
            let (ra, rb) = (entries[a].clone(), entries[b].clone());
            [
                &doc[..ra.start],
                &doc[rb.clone()],
                &doc[ra.end..rb.start],
                &doc[ra],
                &doc[rb.end..],
            ]
            .concat()
        }
        14 => {
            let span = pick(rng, &|s| !s.is_key)?;
            let depth = [120, 126, 127, 128, 200, 1100][rng.random_range(0..6)];
            let wrapped = [&vec![0x91; depth][..], &doc[span.start..span.end]].concat();
            splice(&span, &wrapped)
        }
        _ => {
            let mut out = doc.to_vec();
            out.extend_from_slice(SPECIAL_VALUES[rng.random_range(0..SPECIAL_VALUES.len())]);
            out
        }
    })
}

/// Where fastwire refuses, on purpose, what rmp-serde accepts.
fn deliberately_stricter(err: &msgpack::Error) -> bool {
    let message = err.to_string();
    message.starts_with("trailing bytes")
        || message.starts_with("invalid UTF-8")
        || message.starts_with("recursion limit exceeded")
        || (message.starts_with("invalid value: integer `-") && message.contains("expected u128"))
}

/// Where rmp-serde refuses what fastwire accepts because of rmp-serde's nesting limit (1024
/// levels, counted in skipped values too, which fastwire skips without a limit).
fn rmp_serde_depth_limit(err: &rmp_serde::decode::Error) -> bool {
    matches!(err, rmp_serde::decode::Error::DepthLimitExceeded)
}

/// Decodes `input` as a `T` with fastwire and rmp-serde; returns a description of any
/// disagreement that is not one of the known, deliberate ones.
fn disagreement<T>(input: &[u8]) -> Option<String>
where
    T: Serialize + DeserializeOwned + msgpack::DecodeOwned + PartialEq + Debug,
{
    let ours = catch_unwind(AssertUnwindSafe(|| msgpack::from_slice::<T>(input)));
    let ours = match ours {
        Ok(ours) => ours,
        Err(_) => return Some("fastwire panicked".to_owned()),
    };
    let theirs = catch_unwind(AssertUnwindSafe(|| rmp_serde::from_slice::<T>(input)));
    let theirs = match theirs {
        Ok(theirs) => theirs,
        // rmp-serde's own panic is not ours to judge.
        Err(_) => return None,
    };
    if let Err(e) = &ours {
        if e.offset() > input.len() {
            return Some(format!("error beyond the input's end: {e}"));
        }
    }
    let type_name = std::any::type_name::<T>();
    match (&ours, &theirs) {
        (Ok(a), Ok(b)) if same_msgpack_value(a, b) => None,
        (Err(_), Err(_)) => None,
        (Err(e), Ok(_)) if deliberately_stricter(e) => None,
        (Ok(_), Err(e)) if rmp_serde_depth_limit(e) => None,
        (Ok(a), Ok(b)) => Some(format!(
            "{type_name}: values differ: fastwire {a:?}, rmp-serde {b:?}"
        )),
        (Ok(_), Err(e)) => Some(format!(
            "{type_name}: fastwire accepts, rmp-serde rejects: {e}"
        )),
        (Err(e), Ok(_)) => Some(format!(
            "{type_name}: fastwire rejects ({e}), rmp-serde accepts"
        )),
    }
}

/// `bytes` in hex, shortened.
fn hex(bytes: &[u8]) -> String {
    let mut out = String::new();
    for byte in bytes.iter().take(200) {
        let _ = write!(out, "{byte:02x}");
    }
    if bytes.len() > 200 {
        let _ = write!(out, "... ({} bytes)", bytes.len());
    }
    out
}

/// Runs `cases` mutations of documents from `docs`, each decoded by `check`; returns the
/// disagreements and how many mutated inputs were accepted.
fn run_mutations(
    name: &str,
    docs: &[Vec<u8>],
    cases: usize,
    seed: u64,
    check: impl Fn(&[u8]) -> Option<String>,
) -> (Vec<String>, usize) {
    let mut found = Vec::new();
    let mut accepted = 0;
    for case in 0..cases {
        let case_seed = seed ^ (case as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let mut rng = StdRng::seed_from_u64(case_seed);
        let mut input = docs[rng.random_range(0..docs.len())].clone();
        let mut applied = Vec::new();
        for _ in 0..rng.random_range(1..=3) {
            let which = rng.random_range(0..MUTATIONS.len());
            if let Some(mutated) = mutate(&mut rng, &input, which) {
                input = mutated;
                applied.push(MUTATIONS[which]);
            }
        }
        if spans(&input).is_some() {
            accepted += 1;
        }
        if let Some(problem) = check(&input) {
            found.push(format!(
                "{name} case {case} (seed {case_seed:#x}, {}): {problem}\n  input: {}",
                applied.join(", "),
                hex(&input)
            ));
        }
    }
    (found, accepted)
}

/// Runs `f` on a thread with a large stack: rmp-serde recurses once per level of nesting, up
/// to its limit of 1024, more than a debug build's default test stack may hold.
fn with_big_stack(f: impl FnOnce() + Send + 'static) {
    let thread = std::thread::Builder::new().stack_size(256 << 20).spawn(f);
    if let Err(panic) = thread.unwrap().join() {
        std::panic::resume_unwind(panic);
    }
}

/// The kind of a disagreement: its description without the case, the input, numbers and
/// paths, so that one bug met many times is reported once.
fn kind_of(disagreement: &str) -> String {
    let problem = disagreement.lines().next().unwrap_or_default();
    let problem = problem.split_once("): ").map_or(problem, |(_, rest)| rest);
    let mut kind = String::new();
    for c in problem.chars() {
        match c {
            '0'..='9' if kind.ends_with('#') => {}
            '0'..='9' => kind.push('#'),
            _ => kind.push(c),
        }
    }
    match kind.find(" at ") {
        Some(at) => kind[..at].to_owned(),
        None => kind,
    }
}

#[track_caller]
fn assert_no_disagreements(found: &[String]) {
    if found.is_empty() {
        return;
    }
    let mut kinds: BTreeMap<String, (usize, &str)> = BTreeMap::new();
    for disagreement in found {
        kinds
            .entry(kind_of(disagreement))
            .or_insert((0, disagreement))
            .0 += 1;
    }
    let mut report = format!(
        "{} disagreements with rmp-serde, of {} kinds (each with its first case):",
        found.len(),
        kinds.len()
    );
    for (kind, (count, first)) in &kinds {
        let _ = write!(report, "\n\n{count} x {kind}\n{first}");
    }
    panic!("{report}");
}

#[test]
fn mutated_records_decode_like_rmp_serde() {
    with_big_stack(mutated_records);
}

fn mutated_records() {
    let mut gen = Gen::new(0x3A7E);
    let mut docs = Vec::new();
    for _ in 0..40 {
        let batch: Vec<Record> = (0..gen.rng.random_range(1..3))
            .map(|_| gen.record(1))
            .collect();
        docs.push(rmp_serde::to_vec_named(&batch).unwrap());
        docs.push(rmp_serde::to_vec(&batch).unwrap());
    }
    let (found, valid) = run_mutations("records", &docs, 4000, 0x3A7E_0001, |input| {
        disagreement::<Vec<Record>>(input).or_else(|| disagreement::<Vec<IdOnly>>(input))
    });
    // Most mutations keep the document well-formed MessagePack, so that they reach the
    // decoders' type checks rather than the reader's.
    assert!(valid > 1500, "{valid}");
    assert_no_disagreements(&found);
}

#[test]
fn mutated_shapes_and_tracks_decode_like_rmp_serde() {
    with_big_stack(mutated_shapes_and_tracks);
}

fn mutated_shapes_and_tracks() {
    let mut gen = Gen::new(0x5_AA9E);
    let shapes: Vec<Vec<u8>> = (0..60)
        .map(|_| rmp_serde::to_vec_named(&gen.shape(4)).unwrap())
        .collect();
    let (mut found, _) = run_mutations("shapes", &shapes, 4000, 0x5_AA9E_0001, |input| {
        disagreement::<Shape>(input).or_else(|| disagreement::<Vec<Shape>>(input))
    });
    let tracks: Vec<Vec<u8>> = (0..30)
        .map(|_| rmp_serde::to_vec(&gen.track()).unwrap())
        .collect();
    let (more, _) = run_mutations("tracks", &tracks, 3000, 0x7AC_0001, disagreement::<Track>);
    found.extend(more);
    let containers: Vec<Vec<u8>> = (0..30)
        .map(|_| {
            let map: BTreeMap<i64, (String, Option<u128>, [u16; 2])> = (0..gen.count(5))
                .map(|_| {
                    let value = (
                        gen.string(),
                        gen.rng.random_bool(0.5).then(|| gen.i128() as u128),
                        [1, 2],
                    );
                    (gen.i128() as i64, value)
                })
                .collect();
            rmp_serde::to_vec(&map).unwrap()
        })
        .collect();
    let (more, _) = run_mutations("containers", &containers, 2000, 0xC047_0001, |input| {
        disagreement::<BTreeMap<i64, (String, Option<u128>, [u16; 2])>>(input)
    });
    found.extend(more);
    assert_no_disagreements(&found);
}
