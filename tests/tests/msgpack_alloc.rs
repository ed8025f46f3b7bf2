//! Allocation behaviour of MessagePack, as `json_encode_alloc.rs` checks it for JSON:
//! `encode_into` allocates nothing when the buffer has room, `to_vec` sizes its buffer once for
//! typical documents (the corpus models included), `to_writer` streams through a bounded
//! buffer whose allocations and memory do not grow with the document, and decoding never
//! trusts a length prefix: a few bytes claiming billions of elements fail in bounded memory.
//!
//! Counted with a global allocator that counts per thread, so tests running in parallel do not
//! disturb each other. Outputs are also checked against rmp-serde.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::io;

use fastwire_benches::{load_citm, load_twitter};
use fastwire_tests::assert_msgpack_eq;
use serde::{Deserialize, Serialize};

struct Counting;

thread_local! {
    /// Allocations and reallocations made on this thread.
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
    /// Bytes allocated on this thread and not yet freed (frees of memory allocated on another
    /// thread may take it below zero, hence signed).
    static LIVE: Cell<isize> = const { Cell::new(0) };
    /// The highest `LIVE` since the last reset.
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn grow(bytes: usize) {
    ALLOCATIONS.with(|c| c.set(c.get() + 1));
    LIVE.with(|live| {
        live.set(live.get() + bytes as isize);
        PEAK.with(|peak| peak.set(peak.get().max(live.get())));
    });
}

fn shrink(bytes: usize) {
    LIVE.with(|live| live.set(live.get() - bytes as isize));
}

// SAFETY: every call is forwarded unchanged to `System`; the counters are thread-local `Cell`s
// without destructors, so touching them never allocates or re-enters the allocator.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        grow(layout.size());
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        shrink(layout.size());
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        grow(layout.size());
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        shrink(layout.size());
        grow(new_size);
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// What `f` costs on this thread: allocations (including reallocations), and the most memory
/// it held at once beyond what was live when it started.
struct Cost {
    allocations: usize,
    peak_bytes: usize,
}

fn measure<R>(f: impl FnOnce() -> R) -> (Cost, R) {
    let start = LIVE.with(Cell::get);
    PEAK.with(|peak| peak.set(start));
    let before = ALLOCATIONS.with(Cell::get);
    let result = f();
    let cost = Cost {
        allocations: ALLOCATIONS.with(Cell::get) - before,
        peak_bytes: (PEAK.with(Cell::get) - start).max(0) as usize,
    };
    (cost, result)
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[serde(rename_all = "camelCase")]
struct Order {
    order_id: u64,
    customer_name: String,
    note: String,
    total: f64,
    ratio: f32,
    huge: i128,
    lines: Vec<Line>,
    attributes: BTreeMap<String, Option<i32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    coupon: Option<String>,
    status: Status,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
struct Line(u32, String, f64);

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
enum Status {
    Open,
    Shipped { carrier: String, eta_days: u8 },
    Cancelled(String),
}

fn orders(n: usize) -> Vec<Order> {
    (0..n)
        .map(|i| Order {
            order_id: i as u64 * 7919,
            customer_name: format!("customer \"{i}\" 名前 😀"),
            note: "note ".repeat(i % 50),
            total: i as f64 * 1.1,
            ratio: 1.0 / (i as f32 + 1.0),
            huge: i128::MIN + i as i128,
            lines: (0..i % 4)
                .map(|j| Line(j as u32, format!("item {j}"), j as f64 / 3.0))
                .collect(),
            attributes: BTreeMap::from([("k".to_owned(), Some(-1)), ("n".to_owned(), None)]),
            coupon: (i % 2 == 0).then(|| "SAVE".to_owned()),
            status: match i % 3 {
                0 => Status::Open,
                1 => Status::Shipped {
                    carrier: "post".into(),
                    eta_days: 3,
                },
                _ => Status::Cancelled("reason".into()),
            },
        })
        .collect()
}

#[test]
fn encode_into_with_room_allocates_nothing() {
    let data = orders(200);
    let expected = rmp_serde::to_vec_named(&data).unwrap();

    let mut buf = Vec::with_capacity(expected.len() + 16);
    buf.extend_from_slice(b"\x92\x01");
    let (cost, ()) = measure(|| fastwire::msgpack::encode_into(&data, &mut buf));
    assert_msgpack_eq(&buf[2..], &expected, "encode_into");
    assert_eq!(
        cost.allocations, 0,
        "encode_into allocated {} times into a buffer with room",
        cost.allocations
    );

    // Reused after clear(): still no allocation.
    for _ in 0..3 {
        buf.clear();
        let (cost, ()) = measure(|| fastwire::msgpack::encode_into(&data, &mut buf));
        assert_eq!(
            cost.allocations, 0,
            "encode_into allocated into a reused buffer"
        );
        assert_msgpack_eq(&buf, &expected, "encode_into reused");
    }

    // Scalars, strings, 128-bit integers.
    let mut small = Vec::with_capacity(1024);
    let long = "x".repeat(300);
    let (cost, ()) = measure(|| {
        fastwire::msgpack::encode_into(&f64::MIN_POSITIVE, &mut small);
        fastwire::msgpack::encode_into(&u128::MAX, &mut small);
        fastwire::msgpack::encode_into("\u{0}\"\\é😀", &mut small);
        fastwire::msgpack::encode_into(&'\u{1f}', &mut small);
        fastwire::msgpack::encode_into(&long, &mut small);
    });
    assert_eq!(cost.allocations, 0, "encoding scalars allocated");
}

#[test]
fn encode_into_an_exactly_sized_buffer_allocates_nothing() {
    // The document ends with a one-byte integer (the last order's `eta_days`).
    let data = orders(200);
    let expected = rmp_serde::to_vec_named(&data).unwrap();
    assert_eq!(expected.last(), Some(&3));
    // Exactly enough room, no spare byte: the promise is "nothing when `out` has room".
    let mut exact = Vec::with_capacity(expected.len());
    let (cost, ()) = measure(|| fastwire::msgpack::encode_into(&data, &mut exact));
    assert_msgpack_eq(&exact, &expected, "encode_into exact");
    assert_eq!(
        cost.allocations, 0,
        "encode_into allocated into an exactly-sized buffer"
    );
}

/// `to_vec` of `value` allocates exactly once (its output) and writes rmp-serde's bytes.
#[track_caller]
fn assert_to_vec_allocates_once<T: Serialize + fastwire::msgpack::Encode>(value: &T, what: &str) {
    let expected = rmp_serde::to_vec_named(value).unwrap();
    let (cost, bytes) = measure(|| fastwire::msgpack::to_vec(value));
    assert_msgpack_eq(&bytes, &expected, what);
    assert_eq!(
        cost.allocations,
        1,
        "to_vec allocated {} times for {what}, {} bytes (capacity {}, size hint {})",
        cost.allocations,
        bytes.len(),
        bytes.capacity(),
        fastwire::msgpack::Encode::size_hint(value)
    );
}

#[test]
fn to_vec_allocates_once_for_typical_documents() {
    assert_to_vec_allocates_once(&orders(100), "100 orders");
    assert_to_vec_allocates_once(&orders(1), "one order");
    assert_to_vec_allocates_once(&BTreeMap::from([(1u8, "x")]), "a small map");
}

#[test]
fn to_vec_allocates_once_for_twitter() {
    assert_to_vec_allocates_once(&load_twitter(), "twitter.json's model");
}

#[test]
fn to_vec_allocates_once_for_citm() {
    assert_to_vec_allocates_once(&load_citm(), "citm_catalog.json's model");
}

/// Discards everything.
struct Discard(usize);

impl io::Write for Discard {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0 += buf.len();
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[test]
fn to_writer_allocations_and_memory_do_not_grow_with_the_document() {
    let small = orders(10);
    let large = orders(20_000);
    let expected_len = rmp_serde::to_vec_named(&large).unwrap().len();
    let (small_cost, r) = measure(|| fastwire::msgpack::to_writer(Discard(0), &small));
    r.unwrap();
    let mut sink = Discard(0);
    let (large_cost, r) = measure(|| fastwire::msgpack::to_writer(&mut sink, &large));
    r.unwrap();
    assert_eq!(sink.0, expected_len);
    assert!(expected_len > 2 << 20, "{expected_len}");
    assert!(
        large_cost.allocations <= small_cost.allocations.max(1) + 2 && large_cost.allocations <= 8,
        "to_writer allocated {} times for a small document and {} times for a {} byte one",
        small_cost.allocations,
        large_cost.allocations,
        sink.0
    );
    // The 64 KiB buffer, and little else.
    assert!(
        large_cost.peak_bytes <= 128 << 10,
        "to_writer held {} bytes at once for a {} byte document",
        large_cost.peak_bytes,
        sink.0
    );
    // A long string goes to the writer directly: the buffer does not grow for it.
    let long = "x".repeat(4 << 20);
    let (cost, r) = measure(|| fastwire::msgpack::to_writer(Discard(0), &long));
    r.unwrap();
    assert!(cost.peak_bytes <= 128 << 10, "{} bytes", cost.peak_bytes);
}

// ---------------------------------------------------------------------------------------------
// decoding: length prefixes are not trusted
// ---------------------------------------------------------------------------------------------

#[derive(Deserialize, fastwire::Decode, Debug)]
struct Holder {
    #[allow(dead_code)]
    first: u8,
}

/// Decodes `input` as a `T` and returns the cost; the decoding must fail.
fn failing_cost<'de, T: fastwire::msgpack::Decode<'de> + std::fmt::Debug>(
    input: &'de [u8],
) -> Cost {
    let (cost, result) = measure(|| fastwire::msgpack::from_slice::<T>(input).map(drop));
    let err = result.expect_err("decoding succeeded");
    assert!(err.is_eof() || err.is_data(), "{input:02x?}: {err}");
    cost
}

#[test]
fn huge_length_prefixes_fail_in_bounded_memory() {
    // Five bytes claiming four billion elements, entries or bytes, as the value, inside a
    // sequence, and as an unknown field's value (skipped).
    let claims: [&[u8]; 6] = [
        b"\xdd\xff\xff\xff\xff",
        b"\xdf\xff\xff\xff\xff",
        b"\xdb\xff\xff\xff\xff",
        b"\xc6\xff\xff\xff\xff",
        b"\xc9\xff\xff\xff\xff\x07",
        b"\xdd\x00\x01\x00\x00",
    ];
    for claim in claims {
        let in_array = [&b"\x91"[..], claim].concat();
        let in_field = [&b"\x82\xa5first\x01\xa5extra"[..], claim].concat();
        for cost in [
            failing_cost::<Vec<u64>>(claim),
            failing_cost::<Vec<String>>(claim),
            failing_cost::<Vec<[u64; 64]>>(claim),
            failing_cost::<BTreeSet<u32>>(claim),
            failing_cost::<HashMap<String, u64>>(claim),
            failing_cost::<BTreeMap<u8, Vec<u8>>>(claim),
            failing_cost::<String>(claim),
            failing_cost::<&[u8]>(claim),
            failing_cost::<Vec<Vec<u64>>>(&in_array),
            failing_cost::<Holder>(&in_field),
        ] {
            // The error (a box and its message), nothing sized by the claim.
            assert!(
                cost.peak_bytes < 4096 && cost.allocations < 10,
                "{claim:02x?}: {} allocations, {} bytes",
                cost.allocations,
                cost.peak_bytes
            );
        }
    }
}

#[test]
fn claims_within_the_input_reserve_no_more_than_it_could_hold() {
    // An array claiming 100,000 elements, each of 512 bytes once decoded, with 100,000 bytes
    // of input that turn out not to be such elements: the room reserved up front is bounded
    // (a megabyte of elements), not 51 MB.
    let input = [&b"\xdd\x00\x01\x86\xa0"[..], &vec![0xc3; 100_000]].concat();
    let cost = failing_cost::<Vec<[u64; 64]>>(&input);
    assert!(
        cost.peak_bytes <= (1 << 20) + 4096,
        "{} bytes reserved",
        cost.peak_bytes
    );
    // And rmp-serde refuses it too.
    assert!(rmp_serde::from_slice::<Vec<Vec<u64>>>(&input).is_err());
}

/// `to_vec` allocates exactly once (the size hint covers the whole document) for every file of
/// the benchmark corpus, typed in map and array form and as a `Value`, and writes rmp-serde's
/// bytes.
#[test]
fn corpus_to_vec_allocates_once() {
    use fastwire_benches::twin::ArrayTwin;
    fn check<T: fastwire::msgpack::Encode + Serialize>(value: &T, named: bool, what: &str) {
        let expected = if named {
            rmp_serde::to_vec_named(value).unwrap()
        } else {
            rmp_serde::to_vec(value).unwrap()
        };
        let (cost, bytes) = measure(|| fastwire::msgpack::to_vec(value));
        assert_eq!(bytes, expected, "{what}");
        assert_eq!(
            cost.allocations, 1,
            "to_vec of {what} allocated {} times",
            cost.allocations
        );
    }
    use fastwire_benches::data::load_corpus;
    let twitter = load_twitter();
    check(&twitter, true, "twitter.json, map form");
    check(&twitter.to_twin(), false, "twitter.json, array form");
    let citm = load_citm();
    check(&citm, true, "citm_catalog.json, map form");
    check(&citm.to_twin(), false, "citm_catalog.json, array form");
    let canada: fastwire_benches::canada::Canada = load_corpus("canada.json");
    check(&canada, true, "canada.json, map form");
    check(&canada.to_twin(), false, "canada.json, array form");
    for name in ["twitter.json", "citm_catalog.json", "canada.json"] {
        let json: serde_json::Value = load_corpus(name);
        let bytes = rmp_serde::to_vec_named(&json).unwrap();
        let value: fastwire::msgpack::Value = fastwire::msgpack::from_slice(&bytes).unwrap();
        check(&value, true, &format!("{name} as a Value"));
    }
}
