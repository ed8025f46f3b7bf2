//! Hostile JSON: input built to exhaust the stack, memory or time, or to slip malformed text
//! through. Each case decodes to a clean error (never a panic, abort or stack overflow), in
//! bounded memory, and accepts or rejects exactly what serde_json does, with equal values
//! where both accept. Memory is counted by a global allocator per thread; work is counted in
//! allocations and bytes, never timed.

mod hostile;

use std::collections::HashMap;
use std::io::{self, Read};

use fastwire::json::{self, Decoder, Value};
use hostile::{data, on_stack, usage, Counting, Endless, Faulty};

#[global_allocator]
static GLOBAL: Counting = Counting;

/// fastwire's and serde_json's verdicts on `input` as a `T`: equal, and equal values (compared
/// through serde_json's text, so floats compare bit for bit and `-0.0` differs from `0.0`).
fn same_as_serde_json<T>(input: &[u8], what: &str) -> bool
where
    T: fastwire::json::DecodeOwned + serde::de::DeserializeOwned + serde::Serialize,
{
    let ours = json::from_slice::<T>(input);
    let theirs = serde_json::from_slice::<T>(input);
    match (&ours, &theirs) {
        (Ok(a), Ok(b)) => assert_eq!(
            serde_json::to_string(a).unwrap(),
            serde_json::to_string(b).unwrap(),
            "{what}: different values"
        ),
        // serde_json reads a 128-bit integer as digits only (an exponent is then trailing
        // characters, too many digits out of range), fastwire reads the whole number first
        // (a float is then a type error): both refuse, in different categories.
        (Err(_), Err(_)) if wide_integer::<T>() => {}
        (Err(a), Err(b)) => assert_eq!(
            format!("{:?}", a.classify()),
            format!("{:?}", b.classify()),
            "{what}: different categories ({a} / {b})"
        ),
        _ => panic!(
            "{what}: fastwire {:?}, serde_json {:?}",
            ours.as_ref().err().map(ToString::to_string),
            theirs.as_ref().err().map(ToString::to_string)
        ),
    }
    ours.is_ok()
}

/// Whether `T` is `u128` or `i128`.
fn wide_integer<T>() -> bool {
    let name = std::any::type_name::<T>();
    name == "u128" || name == "i128"
}

#[derive(serde::Deserialize, serde::Serialize, fastwire::Decode, Debug)]
struct Named {
    a: u32,
    #[serde(default)]
    b: Vec<Named>,
}

#[test]
fn nesting_100_000_deep_is_an_error() {
    // Run with the default stack of a test thread's size or less: the decoder must refuse
    // at the limit, long before the stack could run out.
    on_stack(1 << 20, || {
        let depth = 100_000;
        let docs = [
            "[".repeat(depth) + &"]".repeat(depth),
            "[".repeat(depth),
            r#"{"a":"#.repeat(depth) + "1" + &"}".repeat(depth),
            r#"{"a":0,"b":["#.repeat(depth) + &"]}".repeat(depth),
        ];
        for doc in &docs {
            let what = &doc[..12];
            assert!(!same_as_serde_json::<serde_json::Value>(
                doc.as_bytes(),
                what
            ));
            assert!(json::from_str::<Value>(doc).is_err());
            assert!(json::from_str::<Named>(doc).is_err());
            assert!(json::from_str::<Vec<Value>>(doc).is_err());
            assert!(json::from_reader::<_, Value>(doc.as_bytes()).is_err());
            let mut stream = json::stream_from_str::<Value>(doc);
            assert!(stream.next().unwrap().is_err());
        }
    });
}

/// `[[[...[null]...]]]` and `{"k":{"k":...null...}}`, `depth` levels, built without
/// recursion.
fn deep_value(depth: usize) -> Value {
    let mut value = Value::Null;
    for level in 0..depth {
        value = if level % 2 == 0 {
            Value::Array(vec![Value::from(level as u64), value])
        } else {
            let mut map = json::Map::new();
            map.insert("k".to_owned(), value);
            Value::Object(map)
        };
    }
    value
}

#[test]
fn dropping_a_deep_value_does_not_overflow() {
    // A million levels built by hand, dropped on a 256 KiB stack: the drop of one level
    // recursing into the next would need hundreds of megabytes.
    on_stack(256 << 10, || drop(deep_value(1_000_000)));
    // 100,000 levels decoded with the limit raised (the decoder recurses once per level, so
    // it gets a large stack), then dropped on a small one.
    let depth = 100_000;
    let text = "[".repeat(depth) + &"]".repeat(depth);
    let decoded = on_stack(512 << 20, move || {
        let value = Decoder::new()
            .max_depth(depth + 1)
            .from_str::<Value>(&text)
            .expect("decodes with the limit raised");
        assert_eq!(json::to_string(&value), text);
        value
    });
    on_stack(256 << 10, move || drop(decoded));
    // A deep value also clones and compares (these recurse, and get a large stack), and
    // each copy drops on a small stack.
    let (a, b) = on_stack(512 << 20, || {
        let a = deep_value(20_000);
        let b = a.clone();
        assert_eq!(a, b);
        (a, b)
    });
    on_stack(256 << 10, move || drop((a, b)));
}

#[test]
fn invalid_utf8_and_surrogates_like_serde_json() {
    let strings: &[&[u8]] = &[
        b"\xff",
        b"\xc0\x80",         // overlong NUL
        b"\xc1\xbf",         // overlong 0x7f
        b"\xe0\x80\xaf",     // overlong '/'
        b"\xf0\x80\x80\xaf", // overlong '/', four bytes
        b"\xed\xa0\x80",     // a surrogate, encoded
        b"\xed\xbf\xbf",
        b"\xf4\x90\x80\x80", // above U+10FFFF
        b"\xf8\x88\x80\x80\x80",
        b"\xe2\x82", // cut short
        b"\x80",     // continuation alone
        br"\ud800",  // lone leading surrogate
        br"\udc00",  // lone trailing surrogate
        br"\ud800\u0041",
        br"\ud800\ud800",
        br"\udbff\udfff", // a pair: U+10FFFF
        br"\ud83d\ude00",
        br"\ud83dx",
        br"\ud83d\",
        br"\u0000",
        b"\xef\xbf\xbf", // U+FFFF, a noncharacter but valid
        b"\x7f",
        b"\x1f", // control character, not allowed raw
    ];
    for s in strings {
        let doc = [&b"\""[..], s, b"\""].concat();
        let what = format!("{doc:02x?}");
        same_as_serde_json::<String>(&doc, &what);
        same_as_serde_json::<serde_json::Value>(&doc, &what);
        let in_array = [&b"[1,\""[..], s, b"\"]"].concat();
        same_as_serde_json::<Vec<serde_json::Value>>(&in_array, &what);
        let as_key = [&b"{\""[..], s, b"\":1}"].concat();
        same_as_serde_json::<HashMap<String, u8>>(&as_key, &what);
        assert_eq!(
            json::from_slice::<Value>(&doc).is_ok(),
            serde_json::from_slice::<serde_json::Value>(&doc).is_ok(),
            "{what}"
        );
    }
}

#[test]
fn extreme_numbers_like_serde_json() {
    let digits = "1234567890".repeat(500); // 5,000 digits
    let zeros = "0".repeat(5_000);
    let numbers = [
        "1e400".to_owned(),
        "-1e400".to_owned(),
        "1e-400".to_owned(),
        "1e99999999999999999999".to_owned(),
        "1e-99999999999999999999".to_owned(),
        "0e99999999999999999999".to_owned(),
        "1.7976931348623157e308".to_owned(),
        "1.7976931348623159e308".to_owned(),
        "4.9e-324".to_owned(),
        "2.4703282292062328e-324".to_owned(),
        "2.4703282292062327e-324".to_owned(),
        digits.clone(),
        format!("-{digits}"),
        format!("{digits}e-5000"),
        format!("{digits}e-4700"),
        format!("0.{zeros}1"),
        format!("0.{zeros}1e5000"),
        format!("1{zeros}"),
        format!("1{zeros}e-5000"),
        format!("1.{digits}"),
        format!("{digits}.{digits}e-10000"),
        "18446744073709551615".to_owned(),
        "18446744073709551616".to_owned(),
        "-9223372036854775808".to_owned(),
        "-9223372036854775809".to_owned(),
        "340282366920938463463374607431768211455".to_owned(),
        "340282366920938463463374607431768211456".to_owned(),
        "1e".to_owned(),
        "1e+".to_owned(),
        "-".to_owned(),
        "01".to_owned(),
        "1.".to_owned(),
        ".5".to_owned(),
    ];
    for number in &numbers {
        let what = &number[..number.len().min(40)];
        let doc = number.as_bytes();
        same_as_serde_json::<f64>(doc, what);
        same_as_serde_json::<f32>(doc, what);
        same_as_serde_json::<u64>(doc, what);
        same_as_serde_json::<i64>(doc, what);
        same_as_serde_json::<u128>(doc, what);
        same_as_serde_json::<i128>(doc, what);
        same_as_serde_json::<serde_json::Value>(doc, what);
        let in_array = format!("[{number}, 1]");
        same_as_serde_json::<Vec<serde_json::Value>>(in_array.as_bytes(), what);
        assert_eq!(
            json::from_slice::<Value>(doc).map(|v| v.to_string()).ok(),
            serde_json::from_slice::<serde_json::Value>(doc)
                .map(|v| v.to_string())
                .ok(),
            "{what}"
        );
    }
}

/// `{"a":0,"a":1,...}`, `n` members with the same key.
fn duplicate_keys(n: usize) -> String {
    let mut text = String::from("{");
    for i in 0..n {
        if i > 0 {
            text.push(',');
        }
        text.push_str(&format!("\"a\":{i}"));
    }
    text.push('}');
    text
}

#[test]
fn duplicate_keys_like_serde_json() {
    let doc = duplicate_keys(100_000);
    let bytes = doc.as_bytes();
    // Into a value and into maps: the last one wins.
    assert!(same_as_serde_json::<serde_json::Value>(bytes, "value"));
    assert!(same_as_serde_json::<HashMap<String, u32>>(bytes, "map"));
    let value: Value = json::from_str(&doc).unwrap();
    assert_eq!(value["a"], 99_999);
    assert_eq!(value.as_object().unwrap().len(), 1);
    // Into a struct: serde's derive refuses a duplicate field.
    #[derive(serde::Deserialize, serde::Serialize, fastwire::Decode)]
    struct One {
        a: u32,
    }
    assert!(!same_as_serde_json::<One>(bytes, "struct"));
    // 100,000 distinct unknown keys are skipped, as serde_json skips them.
    let mut unknown = String::from("{\"a\":1");
    for i in 0..100_000 {
        unknown.push_str(&format!(",\"k{i}\":[{i}]"));
    }
    unknown.push('}');
    assert!(same_as_serde_json::<One>(
        unknown.as_bytes(),
        "unknown keys"
    ));
    assert!(same_as_serde_json::<serde_json::Value>(
        unknown.as_bytes(),
        "distinct keys"
    ));
}

#[test]
fn long_runs_of_escapes_like_serde_json() {
    let runs = [
        r"\n".repeat(200_000),
        r"\\".repeat(200_000),
        r"\u00e9".repeat(100_000),
        r"\ud83d\ude00".repeat(50_000),
        r"\u0000".repeat(100_000),
        r#"\""#.repeat(200_000),
        r"\/".repeat(100_000) + r"\x",
        r"\u12".to_owned() + &r"\n".repeat(100_000),
        r"\ud83d\ude00".repeat(50_000) + r"\ud83d",
    ];
    for run in &runs {
        let doc = format!("\"{run}\"");
        let what = &run[..12];
        same_as_serde_json::<String>(doc.as_bytes(), what);
        same_as_serde_json::<serde_json::Value>(doc.as_bytes(), what);
        let (used, result) = usage(|| json::from_str::<String>(&doc));
        // The string grows by doubling: a few times its length at most, however many escapes.
        assert!(
            used.peak <= 4 * doc.len() + 4096,
            "{what}: {} bytes held for {} bytes of input",
            used.peak,
            doc.len()
        );
        drop(result);
    }
}

/// Asserts that every prefix of `doc` in `ends` is refused by fastwire and by serde_json
/// (as a `Value`, and as a `T`), without a panic.
fn prefixes_fail<T>(doc: &[u8], ends: impl Iterator<Item = usize>)
where
    T: fastwire::json::DecodeOwned,
{
    for end in ends {
        let prefix = &doc[..end];
        let ours = json::from_slice::<Value>(prefix);
        let theirs = serde_json::from_slice::<serde_json::Value>(prefix);
        assert_eq!(ours.is_ok(), theirs.is_ok(), "prefix of {end} bytes");
        assert!(ours.is_err(), "prefix of {end} bytes accepted");
        assert!(
            json::from_slice::<T>(prefix).is_err(),
            "prefix of {end} bytes"
        );
        let err = json::from_reader::<_, Value>(prefix).unwrap_err();
        assert!(err.offset() <= prefix.len());
    }
}

#[test]
fn every_prefix_of_a_document_is_an_error() {
    let small: &[&[u8]] = &[
        br#"{"id":7,"name":"Ada \"the first\"","tags":["a","\u00e9\ud83d\ude00"],"ok":true,"n":null,"x":-1.5e-3}"#,
        br#"[[],{},[{"a":[1,2,{"b":false}]}],"\\\/"]"#,
        "{\"ключ\":\"значение\",\"😀\":[0.5]}".as_bytes(),
    ];
    for doc in small {
        prefixes_fail::<serde_json::Value>(doc, 0..doc.len());
        prefixes_fail::<HashMap<String, Value>>(doc, 0..doc.len());
    }
    // twitter.json: a hundred prefixes, spread over the document and just after its
    // start, plus the last bytes.
    let twitter = data("json-benchmark/twitter.json");
    let len = twitter.len();
    let spread = (0..100).map(|i| i * len / 100);
    let start = 0..64;
    let end = len - 64..len;
    prefixes_fail::<fastwire_benches::twitter::Twitter>(&twitter, spread.chain(start).chain(end));
}

#[test]
fn from_reader_stops_an_endless_stream_at_the_limit() {
    let limit = 1 << 20;
    for (head, body) in [
        (&b"["[..], &b"0,"[..]),
        (b"", b" "),
        (b"\"", b"a"),
        (b"{\"a\":", b"[1,"),
        (b"[", b"\"\\u00e9\","),
    ] {
        let mut source = Endless::new(head, body);
        let (used, result) = usage(|| {
            Decoder::new()
                .max_input_size(limit)
                .from_reader::<_, Value>(&mut source)
        });
        let err = result.unwrap_err();
        assert_eq!(
            err.io_error_kind(),
            Some(io::ErrorKind::InvalidData),
            "{err}"
        );
        assert!(err.to_string().contains("limit"), "{err}");
        // Read up to the limit and a byte, in memory of the same order.
        assert_eq!(source.served, limit + 1, "{body:?}");
        assert!(used.peak <= 4 * limit, "{} bytes held", used.peak);
        // A stream reading the same: the value that never ends stops at the limit too.
        let mut source = Endless::new(head, body);
        let mut stream = Decoder::new()
            .max_input_size(limit)
            .stream_reader::<_, Value>(&mut source);
        if head.is_empty() {
            // Only whitespace: consumed as it comes, so it is never too large; bounded by
            // taking a fixed amount of it.
            let mut bounded = Endless::new(head, body).take(4 * limit as u64);
            let mut stream = Decoder::new()
                .max_input_size(limit)
                .stream_reader::<_, Value>(&mut bounded);
            assert!(stream.next().is_none());
            continue;
        }
        let err = stream.next().unwrap().unwrap_err();
        assert_eq!(
            err.io_error_kind(),
            Some(io::ErrorKind::InvalidData),
            "{err}"
        );
        assert!(stream.next().is_none());
        drop(stream);
        assert!(source.served <= 3 * limit, "{} bytes read", source.served);
    }
    // Input of exactly the limit is read whole.
    let doc = br#"{"a":[1,2,3]}"#;
    let exact = Decoder::new().max_input_size(doc.len());
    assert!(exact.from_reader::<_, Value>(&doc[..]).is_ok());
    let short = Decoder::new().max_input_size(doc.len() - 1);
    assert!(short.from_reader::<_, Value>(&doc[..]).is_err());
}

#[test]
fn to_writer_into_failing_and_short_writers() {
    let twitter = data("json-benchmark/twitter.json");
    let value: Value = json::from_slice(&twitter).unwrap();
    let small: Value = json::from_str(
        r#"{"id":7,"name":"Ada \"the first\"","tags":["a","é😀"],"ok":true,"n":null,"x":-1.5e-3}"#,
    )
    .unwrap();
    // serde_json writing the same value (through its `Serialize` impl, keeping the order).
    let expected_small = serde_json::to_vec(&small).unwrap();
    assert_eq!(json::to_vec(&small), expected_small);
    // A writer that fails at every position of a small document: an error, and what was
    // written before it is a prefix of the right bytes.
    for at in 0..expected_small.len() {
        for chunk in [1, 3, usize::MAX] {
            let mut out = Faulty::failing_at(at, chunk);
            let err = json::to_writer(&mut out, &small).unwrap_err();
            assert_eq!(err.kind(), io::ErrorKind::Other);
            assert_eq!(out.written, expected_small[..at]);
        }
    }
    // Short writes at every size up to 9 bytes, and a few more: the right bytes.
    for chunk in (1..10).chain([100, 4095, 65_537]) {
        let mut out = Faulty::short(chunk);
        json::to_writer(&mut out, &small).unwrap();
        assert_eq!(out.written, expected_small);
        let mut out = Faulty::short(chunk);
        json::to_writer(&mut out, &value).unwrap();
        assert_eq!(out.written, json::to_vec(&value), "chunk {chunk}");
    }
    // A large document failing at positions spread over it, and across the buffer's edges.
    let expected = json::to_vec(&value);
    let edges = [65_535, 65_536, 65_537, 131_072];
    for at in (0..50).map(|i| i * expected.len() / 50).chain(edges) {
        let mut out = Faulty::failing_at(at, 7_919);
        assert!(json::to_writer(&mut out, &value).is_err());
        assert_eq!(out.written, expected[..at]);
        let mut out = Faulty::failing_at(at, usize::MAX);
        assert!(json::to_writer_pretty(&mut out, &value).is_err());
        assert!(json::to_vec_pretty(&value).starts_with(&out.written));
    }
    // A writer that accepts nothing: an error of kind WriteZero, as from `write_all`.
    let mut zero = Faulty::short(0);
    let err = json::to_writer(&mut zero, &small).unwrap_err();
    assert_eq!(err.kind(), io::ErrorKind::WriteZero);
}

/// `n` copies of a member of every kind, in an array.
fn records(n: usize) -> String {
    let one =
        r#"{"id":12345,"name":"n\u00e9\"x\"","f":-1.25e-7,"t":[true,false,null],"o":{"k":"v"}}"#;
    let mut text = String::from("[");
    for i in 0..n {
        if i > 0 {
            text.push(',');
        }
        text.push_str(one);
    }
    text.push(']');
    text
}

/// Asserts that the work of `f` on the input made by `make(2n)` is at most about twice its
/// work on `make(n)`, in allocation calls and bytes allocated.
fn assert_linear(what: &str, make: impl Fn(usize) -> String, f: impl Fn(&str)) {
    let n = 20_000;
    let (small, large) = (make(n), make(2 * n));
    let (once, ()) = usage(|| f(&small));
    let (twice, ()) = usage(|| f(&large));
    // Doubling: allowed a bit more than double, for buffers that grow by doubling crossing
    // one more power of two.
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

#[test]
fn doubling_the_input_doubles_the_work() {
    assert_linear("records into a value", records, |text| {
        json::from_str::<Value>(text).unwrap();
    });
    assert_linear("duplicate keys into a value", duplicate_keys, |text| {
        json::from_str::<Value>(text).unwrap();
    });
    assert_linear("duplicate keys into a map", duplicate_keys, |text| {
        json::from_str::<HashMap<String, u32>>(text).unwrap();
    });
    assert_linear(
        "escapes into a string",
        |n| format!("\"{}\"", r"\u00e9\n".repeat(n)),
        |text| {
            json::from_str::<String>(text).unwrap();
        },
    );
    assert_linear(
        "nested arrays at the limit, one after another",
        |n| "[".repeat(100) + &"[[1],[2]],".repeat(n) + "0" + &"]".repeat(100),
        |text| {
            json::from_str::<Value>(text).unwrap();
        },
    );
    assert_linear("records through a stream reader", records, |text| {
        let items = json::stream_from_reader::<_, Value>(text.as_bytes()).count();
        assert_eq!(items, 1);
    });
    assert_linear(
        "many values through a stream reader",
        |n| "{\"a\":[1,2]}\n".repeat(n),
        |text| {
            let items = json::stream_from_reader::<_, Value>(text.as_bytes()).count();
            assert!(items > 0);
        },
    );
    // Refused input: an error costs the same whatever comes after it.
    assert_linear(
        "a bad byte early",
        |n| "[1,x".to_owned() + &"0,".repeat(n),
        |text| {
            assert!(json::from_str::<Value>(text).is_err());
        },
    );
}
