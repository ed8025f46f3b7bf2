//! Hostile MessagePack: input built to exhaust the stack, memory or time, or to slip
//! malformed bytes through. Each case decodes to a clean error (never a panic, abort or stack
//! overflow), in bounded memory, and where rmp-serde is the oracle, accepts or rejects what it
//! does. Typed decoding of huge length prefixes is covered by `msgpack_alloc.rs`; here the
//! same claims meet the dynamic values (`msgpack::Value`, `json::Value`, serde_json's through
//! the bridge) and the readers. Memory is counted by a global allocator per thread; work is
//! counted in allocations and bytes, never timed.

mod hostile;

use std::collections::HashMap;
use std::io;

use fastwire::msgpack::{self, Decoder, Value};
use fastwire_benches::twitter::Twitter;
use hostile::{data, on_stack, usage, Counting, Endless, Faulty};

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The corpus document `name` as rmp-serde writes it (`to_vec_named`), from serde_json's
/// reading of the JSON.
fn corpus_msgpack(name: &str) -> Vec<u8> {
    let text = data(&format!("json-benchmark/{name}"));
    let value: serde_json::Value = serde_json::from_slice(&text).unwrap();
    rmp_serde::to_vec_named(&value).unwrap()
}

/// Decodes `input` as every dynamic value type, from a slice and from a reader, and asserts
/// each is an error; returns the most memory any of them held at once.
fn all_fail(input: &[u8], what: &str) -> usize {
    let mut peak = 0;
    let checks: [&dyn Fn() -> bool; 6] = [
        &|| msgpack::from_slice::<Value>(input).is_err(),
        &|| msgpack::from_slice::<fastwire::json::Value>(input).is_err(),
        &|| msgpack::from_slice::<serde_json::Value>(input).is_err(),
        &|| msgpack::from_reader::<_, Value>(input).is_err(),
        &|| msgpack::from_slice::<Vec<Value>>(input).is_err(),
        &|| {
            let mut stream = msgpack::stream_from_reader::<_, Value>(input);
            // Nothing at all is an empty stream; anything else a failing first value.
            stream.next().map_or(input.is_empty(), |item| item.is_err())
        },
    ];
    for (i, check) in checks.iter().enumerate() {
        let (used, failed) = usage(check);
        assert!(failed, "{what}: check {i} accepted");
        peak = peak.max(used.peak);
    }
    peak
}

#[test]
fn nesting_100_000_deep_is_an_error() {
    on_stack(1 << 20, || {
        let depth = 100_000;
        let docs = [
            // [[[...nil...]]]
            [vec![0x91; depth], vec![0xc0]].concat(),
            // {nil: {nil: ...}}, nesting in the values
            [b"\x81\xc0".repeat(depth), vec![0xc0]].concat(),
            // {{{...}: nil}: nil}, nesting in the keys
            [vec![0x81; depth], vec![0xc0; depth + 1]].concat(),
            // arrays opened and never closed
            [0xdc, 0x00, 0x01].repeat(depth),
        ];
        for doc in &docs {
            let what = format!("{:02x?}", &doc[..4]);
            all_fail(doc, &what);
        }
    });
    // rmp-serde refuses them too (its limit is deeper, so it gets a larger stack).
    on_stack(256 << 20, || {
        for doc in [
            [vec![0x91; 100_000], vec![0xc0]].concat(),
            [b"\x81\xc0".repeat(100_000), vec![0xc0]].concat(),
        ] {
            assert!(rmp_serde::from_slice::<serde_json::Value>(&doc).is_err());
        }
    });
}

/// `depth` levels alternating arrays and maps (the inner value as a key, then as a value),
/// built without recursion.
fn deep_value(depth: usize) -> Value {
    let mut value = Value::Nil;
    for level in 0..depth {
        value = match level % 3 {
            0 => Value::Array(vec![Value::from(level as u64), value]),
            1 => Value::Map(vec![(value, Value::Nil)]),
            _ => Value::Map(vec![(Value::from("k"), value)]),
        };
    }
    value
}

#[test]
fn dropping_a_deep_value_does_not_overflow() {
    on_stack(256 << 10, || drop(deep_value(1_000_000)));
    // Decoded with the limit raised (on a large stack: decoding recurses per level), then
    // dropped on a small one, as a MessagePack value and as a JSON value.
    let depth = 100_000;
    let doc = [b"\x81\xa1k".repeat(depth), vec![0xc0]].concat();
    let (ours, as_json) = on_stack(512 << 20, move || {
        let decoder = Decoder::new().max_depth(depth + 1);
        let ours = decoder.from_slice::<Value>(&doc).expect("decodes");
        let as_json = decoder
            .from_slice::<fastwire::json::Value>(&doc)
            .expect("decodes");
        assert_eq!(msgpack::to_vec(&ours), doc);
        (ours, as_json)
    });
    on_stack(256 << 10, move || drop(ours));
    on_stack(256 << 10, move || drop(as_json));
}

#[test]
fn huge_length_prefixes_fail_fast_in_bounded_memory() {
    let claims: [&[u8]; 8] = [
        b"\xdd\xff\xff\xff\xff",
        b"\xdf\xff\xff\xff\xff",
        b"\xdb\xff\xff\xff\xff",
        b"\xc6\xff\xff\xff\xff",
        b"\xc9\xff\xff\xff\xff\x07",
        b"\xdc\xff\xff",
        b"\xde\xff\xff",
        b"\xdd\x00\x01\x00\x00",
    ];
    for claim in claims {
        let nested = [&b"\x92\x01\x81\xa1k"[..], claim].concat();
        let as_key = [&b"\x81"[..], claim].concat();
        // An array of 1,001 elements: 1,000 strings, then the claim.
        let after_data = [&b"\xdc\x03\xe9"[..], &b"\xa5hello".repeat(1000), claim].concat();
        for input in [claim, &nested, &as_key, &after_data] {
            let what = format!("{:02x?}", &input[input.len() - claim.len()..]);
            let peak = all_fail(input, &what);
            // The reader's first 64 KiB block, the error and what was decoded before the
            // claim (up to 1,000 strings): nothing sized by the claim.
            assert!(peak < 256 << 10, "{what}: {peak} bytes");
            assert!(rmp_serde::from_slice::<serde_json::Value>(input).is_err());
        }
    }
    // A claim the input could hold, not followed by such elements: the room reserved up
    // front is bounded (a megabyte), not sized by the claim.
    let input = [&b"\xdd\x00\x10\x00\x00"[..], &vec![0xc1; 1 << 20]].concat();
    let (used, result) = usage(|| msgpack::from_slice::<Value>(&input));
    assert!(result.is_err());
    assert!(used.peak <= (1 << 20) + (64 << 10), "{} bytes", used.peak);
}

#[test]
fn invalid_utf8_in_strings_is_an_error() {
    let texts: &[&[u8]] = &[
        b"\xff",
        b"\xc0\x80",
        b"\xe0\x80\xaf",
        b"\xf0\x80\x80\xaf",
        b"\xed\xa0\x80",
        b"\xed\xbf\xbf",
        b"\xf4\x90\x80\x80",
        b"\xe2\x82",
        b"\x80",
        b"ok \xef\xbf\xbf",
        b"ok \xf4\x8f\xbf\xbf",
    ];
    for text in texts {
        let what = format!("{text:02x?}");
        let doc = [&[0xa0 | text.len() as u8][..], text].concat();
        let valid = std::str::from_utf8(text).is_ok();
        // As a string: the verdict of rmp-serde (and of Rust's UTF-8 check).
        assert_eq!(msgpack::from_slice::<String>(&doc).is_ok(), valid, "{what}");
        assert_eq!(
            rmp_serde::from_slice::<String>(&doc).is_ok(),
            valid,
            "{what}"
        );
        assert_eq!(msgpack::from_slice::<Value>(&doc).is_ok(), valid, "{what}");
        // As a key and inside a value, in every dynamic value.
        let as_key = [&b"\x81"[..], &doc, b"\x01"].concat();
        let inside = [&b"\x92\x01"[..], &doc].concat();
        for input in [&as_key, &inside] {
            if valid {
                assert!(msgpack::from_slice::<Value>(input).is_ok(), "{what}");
            } else {
                all_fail(input, &what);
            }
        }
        // As a `bin`, the bytes are just bytes.
        let bin = [&[0xc4, text.len() as u8][..], text].concat();
        let value = msgpack::from_slice::<Value>(&bin).unwrap();
        assert_eq!(value, Value::Binary(text.to_vec()));
    }
}

#[test]
fn duplicate_keys_like_rmp_serde() {
    let n = 100_000;
    let mut doc = vec![0xdf];
    doc.extend_from_slice(&(n as u32).to_be_bytes());
    for i in 0..n as u32 {
        doc.extend_from_slice(b"\xa1a\xce");
        doc.extend_from_slice(&i.to_be_bytes());
    }
    // Into maps: the last one wins, as in rmp-serde.
    let ours: HashMap<String, u32> = msgpack::from_slice(&doc).unwrap();
    let theirs: HashMap<String, u32> = rmp_serde::from_slice(&doc).unwrap();
    assert_eq!(ours, theirs);
    let ours: fastwire::json::Value = msgpack::from_slice(&doc).unwrap();
    let theirs: serde_json::Value = rmp_serde::from_slice(&doc).unwrap();
    assert_eq!(ours.to_string(), theirs.to_string());
    // A MessagePack value keeps every entry, as written.
    let value: Value = msgpack::from_slice(&doc).unwrap();
    let entries = value.as_map().unwrap();
    assert_eq!(entries.len(), n);
    assert!(entries
        .iter()
        .enumerate()
        .all(|(i, (k, v))| *k == "a" && *v == i as u64));
    // Into a struct: a duplicate field is an error for both.
    #[derive(serde::Deserialize, fastwire::Decode, Debug)]
    #[allow(dead_code)]
    struct One {
        a: u32,
    }
    assert!(msgpack::from_slice::<One>(&doc).is_err());
    assert!(rmp_serde::from_slice::<One>(&doc).is_err());
}

#[test]
fn every_prefix_of_a_document_is_an_error() {
    let small: serde_json::Value = serde_json::from_str(
        r#"{"id":7,"name":"Ada","tags":["a","é😀"],"ok":true,"n":null,"x":-1.5e-3,"big":18446744073709551615,"neg":-129,"nested":[[],{},[{"a":[1,2,{"b":false}]}]]}"#,
    )
    .unwrap();
    let docs = [
        rmp_serde::to_vec_named(&small).unwrap(),
        rmp_serde::to_vec(&small).unwrap(),
    ];
    for doc in &docs {
        for end in 0..doc.len() {
            let prefix = &doc[..end];
            all_fail(prefix, &format!("prefix of {end} bytes"));
            assert!(rmp_serde::from_slice::<serde_json::Value>(prefix).is_err());
        }
    }
    let twitter = corpus_msgpack("twitter.json");
    let len = twitter.len();
    let ends = (0..100)
        .map(|i| i * len / 100)
        .chain(0..64)
        .chain(len - 64..len);
    for end in ends {
        let prefix = &twitter[..end];
        assert!(msgpack::from_slice::<Value>(prefix).is_err(), "{end}");
        assert!(msgpack::from_slice::<Twitter>(prefix).is_err(), "{end}");
        let err = msgpack::from_reader::<_, fastwire::json::Value>(prefix).unwrap_err();
        assert!(err.offset() <= end, "{end}: {err}");
    }
    assert!(msgpack::from_slice::<Twitter>(&twitter).is_ok());
}

#[test]
fn from_reader_stops_an_endless_stream_at_the_limit() {
    let limit = 1 << 20;
    for (head, body) in [
        // An array claiming four billion nils, which keep coming.
        (&b"\xdd\xff\xff\xff\xff"[..], &b"\xc0"[..]),
        // Arrays of one, nested for ever.
        (b"", b"\x91"),
        // A string of 4 GiB.
        (b"\xdb\xff\xff\xff\xff", b"a"),
        // A map of four billion entries.
        (b"\xdf\xff\xff\xff\xff", b"\xa1k\x01"),
    ] {
        let what = format!("{head:02x?} {body:02x?}");
        let mut source = Endless::new(head, body);
        let (used, result) = usage(|| {
            Decoder::new()
                .max_input_size(limit)
                .from_reader::<_, Value>(&mut source)
        });
        let err = result.unwrap_err();
        assert!(err.is_io(), "{what}: {err}");
        assert!(err.to_string().contains("limit"), "{what}: {err}");
        assert_eq!(source.served, limit + 1, "{what}");
        assert!(used.peak <= 4 * limit, "{what}: {} bytes held", used.peak);
        // A stream reading the same value stops near the limit too.
        let mut source = Endless::new(head, body);
        let mut stream = Decoder::new()
            .max_input_size(limit)
            .stream_reader::<_, Value>(&mut source);
        let (used, item) = usage(|| stream.next());
        let err = item.unwrap().unwrap_err();
        assert!(err.is_io(), "{what}: {err}");
        assert!(stream.next().is_none());
        drop(stream);
        assert!(
            source.served <= 3 * limit,
            "{what}: {} bytes read",
            source.served
        );
        assert!(used.peak <= 4 * limit, "{what}: {} bytes held", used.peak);
    }
    // A stream of values without end is fine: the limit is per value.
    let mut source = Endless::new(b"", b"\x92\x01\xa1x");
    let stream = Decoder::new()
        .max_input_size(16)
        .stream_reader::<_, (u8, String)>(&mut source);
    assert_eq!(stream.take(100_000).filter(Result::is_ok).count(), 100_000);
}

#[test]
fn to_writer_into_failing_and_short_writers() {
    let twitter: Twitter = fastwire_benches::load_twitter();
    let expected = rmp_serde::to_vec_named(&twitter).unwrap();
    assert_eq!(msgpack::to_vec(&twitter), expected);
    let doc = serde_json::json!({
        "id": 7, "name": "Ada", "tags": ["a", "é😀"], "n": null, "x": -1.5e-3,
        "big": 18446744073709551615u64, "neg": -129, "bytes": "x".repeat(300),
    });
    let small: Value = msgpack::from_slice(&rmp_serde::to_vec_named(&doc).unwrap()).unwrap();
    let expected_small = msgpack::to_vec(&small);
    // Every position of a small document, three write sizes: an error, and what was written
    // before it is a prefix of the right bytes.
    for at in 0..expected_small.len() {
        for chunk in [1, 3, usize::MAX] {
            let mut out = Faulty::failing_at(at, chunk);
            let err = msgpack::to_writer(&mut out, &small).unwrap_err();
            assert_eq!(err.kind(), io::ErrorKind::Other);
            assert_eq!(out.written, expected_small[..at]);
        }
    }
    // Short writes: the right bytes.
    for chunk in (1..10).chain([100, 4095, 65_537]) {
        let mut out = Faulty::short(chunk);
        msgpack::to_writer(&mut out, &twitter).unwrap();
        assert_eq!(out.written, expected, "chunk {chunk}");
        let mut out = Faulty::short(chunk);
        msgpack::to_writer(&mut out, &small).unwrap();
        assert_eq!(out.written, expected_small, "chunk {chunk}");
    }
    // A large document failing at positions spread over it and at the buffer's edges.
    for at in (0..50)
        .map(|i| i * expected.len() / 50)
        .chain([65_535, 65_536, 65_537, 131_072])
    {
        let mut out = Faulty::failing_at(at, 7_919);
        assert!(msgpack::to_writer(&mut out, &twitter).is_err());
        assert_eq!(out.written, expected[..at]);
    }
    let mut zero = Faulty::short(0);
    let err = msgpack::to_writer(&mut zero, &small).unwrap_err();
    assert_eq!(err.kind(), io::ErrorKind::WriteZero);
}

/// An array of `n` records, as rmp-serde writes them.
fn records(n: usize) -> Vec<u8> {
    let one = serde_json::json!({
        "id": 12345, "name": "né\"x\"", "f": -1.25e-7, "t": [true, false, null], "o": {"k": "v"}
    });
    rmp_serde::to_vec_named(&vec![one; n]).unwrap()
}

/// Asserts that the work of `f` on `make(2n)` is at most about twice its work on `make(n)`,
/// in allocation calls and bytes allocated.
fn assert_linear(what: &str, make: impl Fn(usize) -> Vec<u8>, f: impl Fn(&[u8])) {
    let n = 20_000;
    let (small, large) = (make(n), make(2 * n));
    let (once, ()) = usage(|| f(&small));
    let (twice, ()) = usage(|| f(&large));
    assert!(
        twice.calls <= 2 * once.calls + 16,
        "{what}: {} then {} allocations",
        once.calls,
        twice.calls
    );
    assert!(
        twice.bytes <= 3 * once.bytes,
        "{what}: {} then {} bytes",
        once.bytes,
        twice.bytes
    );
    assert!(once.calls > 0, "{what}: nothing measured");
}

/// A map of `n` entries all keyed `"a"`.
fn duplicate_keys(n: usize) -> Vec<u8> {
    let mut doc = vec![0xdf];
    doc.extend_from_slice(&(n as u32).to_be_bytes());
    for i in 0..n as u16 {
        doc.extend_from_slice(b"\xa1a\xcd");
        doc.extend_from_slice(&i.to_be_bytes());
    }
    doc
}

#[test]
fn doubling_the_input_doubles_the_work() {
    assert_linear("records into a value", records, |bytes| {
        msgpack::from_slice::<Value>(bytes).unwrap();
    });
    assert_linear("records into a JSON value", records, |bytes| {
        msgpack::from_slice::<fastwire::json::Value>(bytes).unwrap();
    });
    assert_linear(
        "duplicate keys into a JSON value",
        duplicate_keys,
        |bytes| {
            msgpack::from_slice::<fastwire::json::Value>(bytes).unwrap();
        },
    );
    assert_linear("duplicate keys into a map", duplicate_keys, |bytes| {
        msgpack::from_slice::<HashMap<String, u16>>(bytes).unwrap();
    });
    assert_linear("records through a stream reader", records, |bytes| {
        assert_eq!(msgpack::stream_from_reader::<_, Value>(bytes).count(), 1);
    });
    assert_linear(
        "many values through a stream reader",
        |n| b"\x92\x01\xa1x".repeat(n),
        |bytes| {
            assert!(msgpack::stream_from_reader::<_, Value>(bytes).count() > 0);
        },
    );
    assert_linear(
        "a reserved byte early",
        |n| [&b"\xdc\x00\x02\x01\xc1"[..], &vec![0xc0; n]].concat(),
        |bytes| {
            assert!(msgpack::from_slice::<Value>(bytes).is_err());
        },
    );
}
