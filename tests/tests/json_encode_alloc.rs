//! Allocation behaviour promised by the design: `encode_into` allocates nothing when the
//! buffer has room, and `to_writer` streams through a bounded buffer whose allocations do not
//! grow with the document. Counted with a global allocator that counts per thread, so tests
//! running in parallel do not disturb each other. Outputs are also checked against serde_json.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::collections::BTreeMap;
use std::io;

use fastwire_tests::assert_bytes_eq;
use serde::Serialize;

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: every call is forwarded unchanged to `System`; the counter is a thread-local `Cell`
// without a destructor, so touching it never allocates or re-enters the allocator.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|c| c.set(c.get() + 1));
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|c| c.set(c.get() + 1));
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.with(|c| c.set(c.get() + 1));
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// How many allocations (including reallocations) `f` makes on this thread.
fn allocations_in<R>(f: impl FnOnce() -> R) -> (usize, R) {
    let before = ALLOCATIONS.with(Cell::get);
    let result = f();
    let after = ALLOCATIONS.with(Cell::get);
    (after - before, result)
}

#[derive(Serialize, fastwire::Encode)]
#[serde(rename_all = "camelCase")]
struct Order {
    order_id: u64,
    customer_name: String,
    note: &'static str,
    total: f64,
    ratio: f32,
    huge: i128,
    lines: Vec<Line>,
    attributes: BTreeMap<String, Option<i32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    coupon: Option<String>,
    status: Status,
}

#[derive(Serialize, fastwire::Encode)]
struct Line(u32, String, f64);

#[derive(Serialize, fastwire::Encode)]
enum Status {
    Open,
    Shipped { carrier: String, eta_days: u8 },
    Cancelled(String),
}

fn orders(n: usize) -> Vec<Order> {
    (0..n)
        .map(|i| Order {
            order_id: i as u64,
            customer_name: format!("customer \"{i}\" 名前 😀"),
            note: "line\nbreak \u{1} and \\ backslash",
            total: i as f64 * 1.1,
            ratio: 1.0 / (i as f32 + 1.0),
            huge: i128::MIN + i as i128,
            lines: (0..i % 4)
                .map(|j| Line(j as u32, format!("item {j}"), j as f64 / 3.0))
                .collect(),
            attributes: BTreeMap::from([("k\t".to_owned(), Some(-1)), ("n".to_owned(), None)]),
            coupon: (i % 2 == 0).then(|| "SAVE".to_owned()),
            status: match i % 3 {
                0 => Status::Open,
                1 => Status::Shipped {
                    carrier: "post".into(),
                    eta_days: 3,
                },
                _ => Status::Cancelled("reason \"x\"".into()),
            },
        })
        .collect()
}

#[test]
fn encode_into_with_room_allocates_nothing() {
    let data = orders(200);
    let expected = serde_json::to_vec(&data).unwrap();
    let pretty_expected = serde_json::to_vec_pretty(&data).unwrap();

    let mut buf = Vec::with_capacity(expected.len() + 16);
    buf.extend_from_slice(b"[[");
    let (n, ()) = allocations_in(|| fastwire::json::encode_into(&data, &mut buf));
    assert_bytes_eq(&buf[2..], &expected, "encode_into");
    assert_eq!(
        n, 0,
        "encode_into allocated {n} times into a buffer with room"
    );

    // Reused after clear(): still no allocation.
    for _ in 0..3 {
        buf.clear();
        let (n, ()) = allocations_in(|| fastwire::json::encode_into(&data, &mut buf));
        assert_eq!(n, 0, "encode_into allocated {n} times into a reused buffer");
        assert_bytes_eq(&buf, &expected, "encode_into reused");
    }

    // Exactly enough room, no spare byte.
    let mut exact = Vec::with_capacity(expected.len());
    let (n, ()) = allocations_in(|| fastwire::json::encode_into(&data, &mut exact));
    assert_bytes_eq(&exact, &expected, "encode_into exact");
    assert_eq!(
        n, 0,
        "encode_into allocated {n} times into an exactly-sized buffer"
    );

    // Scalars and strings.
    let mut small = Vec::with_capacity(1024);
    let (n, ()) = allocations_in(|| {
        fastwire::json::encode_into(&f64::MIN_POSITIVE, &mut small);
        fastwire::json::encode_into(&u128::MAX, &mut small);
        fastwire::json::encode_into("\u{0}\"\\é😀", &mut small);
        fastwire::json::encode_into(&'\u{1f}', &mut small);
    });
    assert_eq!(n, 0, "encoding scalars allocated {n} times");

    assert_bytes_eq(
        &fastwire::json::to_vec_pretty(&data),
        &pretty_expected,
        "to_vec_pretty",
    );
}

#[test]
fn to_string_allocates_few_times() {
    // The size hint sizes the output once; escapes it cannot foresee may cost a few more.
    let data = orders(100);
    let expected = serde_json::to_string(&data).unwrap();
    let (n, s) = allocations_in(|| fastwire::json::to_string(&data));
    assert_bytes_eq(s.as_bytes(), expected.as_bytes(), "to_string");
    assert!(
        n <= 4,
        "to_string allocated {n} times for a {} byte document",
        s.len()
    );
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
fn to_writer_allocations_do_not_grow_with_the_document() {
    let small = orders(10);
    let large = orders(20_000);
    let (n_small, r) = allocations_in(|| fastwire::json::to_writer(Discard(0), &small));
    r.unwrap();
    let mut sink = Discard(0);
    let (n_large, r) = allocations_in(|| fastwire::json::to_writer(&mut sink, &large));
    r.unwrap();
    assert_eq!(sink.0, serde_json::to_vec(&large).unwrap().len());
    assert!(
        n_large <= n_small.max(1) + 2 && n_large <= 8,
        "to_writer allocated {n_small} times for a small document and {n_large} times for a \
         {} byte one",
        sink.0
    );
    let (n_pretty, r) = allocations_in(|| fastwire::json::to_writer_pretty(Discard(0), &large));
    r.unwrap();
    assert!(n_pretty <= 8, "to_writer_pretty allocated {n_pretty} times");
}

/// `to_vec` and `to_string` allocate exactly once (the size hint covers the whole document)
/// for every file of the benchmark corpus, typed and as a `Value`, and write serde_json's
/// bytes.
#[test]
fn corpus_to_vec_allocates_once() {
    fn check<T: fastwire::json::Encode + Serialize>(value: &T, what: &str) {
        let expected = serde_json::to_string(value).unwrap();
        let (n, bytes) = allocations_in(|| fastwire::json::to_vec(value));
        assert_bytes_eq(&bytes, expected.as_bytes(), what);
        assert_eq!(n, 1, "to_vec of {what} allocated {n} times");
        let (n, text) = allocations_in(|| fastwire::json::to_string(value));
        assert_eq!(text, expected, "{what}");
        assert_eq!(n, 1, "to_string of {what} allocated {n} times");
    }
    use fastwire_benches::data::load_corpus;
    let twitter: fastwire_benches::twitter::Twitter = load_corpus("twitter.json");
    check(&twitter, "twitter.json, typed");
    let citm: fastwire_benches::citm::CitmCatalog = load_corpus("citm_catalog.json");
    check(&citm, "citm_catalog.json, typed");
    let canada: fastwire_benches::canada::Canada = load_corpus("canada.json");
    check(&canada, "canada.json, typed");
    for name in ["twitter.json", "citm_catalog.json", "canada.json"] {
        let text = fastwire_benches::data::read_corpus(name);
        let value: fastwire::json::Value = fastwire::json::from_str(&text).unwrap();
        check(&value, &format!("{name} as a Value"));
    }
}
