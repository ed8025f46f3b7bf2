//! Streams of JSON values against serde_json's `StreamDeserializer`: the same values, the
//! same errors (category, line and column in the whole stream), the same `byte_offset`
//! after each item, from a `&str`, a `&[u8]` and an `io::Read` fed in small pieces; the
//! reader's memory bounded by the largest value; JSON Lines written as serde_json writes
//! them line by line.

use std::cell::RefCell;
use std::fs;
use std::io::{self, Read};
use std::path::Path;

use fastwire::json::{self, Decoder};
use fastwire_tests::ChunkedReader;
use serde::{Deserialize, Serialize};

/// One item of a stream, as both libraries' items are compared.
#[derive(Debug, PartialEq)]
enum Item {
    /// A value (as serde_json's `Value`), and `byte_offset` after it.
    Value(serde_json::Value, usize),
    /// An error's category, and `byte_offset` after it.
    Error(&'static str, usize),
}

/// Items beyond this many are not compared (a stream of many values is cut).
const MAX_ITEMS: usize = 64;

fn category(err: &json::Error) -> &'static str {
    match err.category() {
        json::Category::Syntax => "syntax",
        json::Category::Data => "data",
        json::Category::Eof => "eof",
        json::Category::Io => "io",
    }
}

fn serde_category(err: &serde_json::Error) -> &'static str {
    match err.classify() {
        serde_json::error::Category::Syntax => "syntax",
        serde_json::error::Category::Data => "data",
        serde_json::error::Category::Eof => "eof",
        serde_json::error::Category::Io => "io",
    }
}

/// What decoding the value that starts at `start` alone gives: `input[start..]` read as one
/// document, the part that is UTF-8 first (a value fails where it meets bytes that are not).
fn decoded_alone(input: &[u8], start: usize) -> json::Error {
    let rest = &input[start..];
    if let Err(utf8) = std::str::from_utf8(rest) {
        let valid = &rest[..utf8.valid_up_to()];
        match json::from_slice::<json::Value>(valid) {
            Err(err) if err.offset() < valid.len() => return err,
            _ => {}
        }
    }
    json::from_slice::<json::Value>(rest).unwrap_err()
}

/// Where an error met in a stream of `input` must be, for a value that starts at `start`:
/// where decoding that value alone finds it, moved into the whole input (offset, line,
/// column).
///
/// Positions and categories inside a value are the decoder's own (compared with
/// serde_json's in the decoding tests); what a stream adds is the move, which this checks.
fn position_in_stream(input: &[u8], start: usize) -> (usize, usize, usize) {
    let alone = decoded_alone(input, start);
    let before = &input[..start];
    let newlines = before.iter().filter(|&&b| b == b'\n').count();
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    // Columns count bytes, as serde_json's do.
    let column = if alone.line() == 1 {
        (start - line_start) + alone.column()
    } else {
        alone.column()
    };
    (start + alone.offset(), newlines + alone.line(), column)
}

/// The category an error met in a stream has in serde_json's terms: fastwire's category for
/// the value alone must be the stream's, and then serde_json's category for the value alone
/// is what serde_json's stream must say.
fn category_in_stream(input: &[u8], start: usize, err: &json::Error) -> &'static str {
    if category(err) != category(&decoded_alone(input, start)) {
        return "not the category of the value alone";
    }
    match serde_json::from_slice::<serde_json::Value>(&input[start..]) {
        Err(theirs) => serde_category(&theirs),
        Ok(_) => "serde_json reads the value alone",
    }
}

/// The items of a fastwire stream of `json::Value`s over `input` (`next` and `offset`
/// abstract over the three stream types), each error's position checked.
fn fastwire_items(
    input: &[u8],
    mut next: impl FnMut() -> Option<Result<json::Value, json::Error>>,
    offset: impl Fn() -> usize,
    what: &str,
) -> Vec<Item> {
    let mut items = Vec::new();
    while items.len() < MAX_ITEMS {
        // Where the next value starts: after the last one and the whitespace after it.
        let start = offset()
            + input[offset()..]
                .iter()
                .take_while(|b| matches!(b, b' ' | b'\n' | b'\t' | b'\r'))
                .count();
        match next() {
            None => break,
            Some(Ok(value)) => {
                let value = serde_json::from_str(&json::to_string(&value)).unwrap();
                items.push(Item::Value(value, offset()));
            }
            Some(Err(err)) => {
                assert_eq!(
                    (err.offset(), err.line(), err.column()),
                    position_in_stream(input, start),
                    "{what}: position of {err}"
                );
                items.push(Item::Error(
                    category_in_stream(input, start, &err),
                    offset(),
                ));
            }
        }
    }
    items
}

fn serde_items<'de, R: serde_json::de::Read<'de>>(
    mut stream: serde_json::StreamDeserializer<'de, R, serde_json::Value>,
) -> Vec<Item> {
    let mut items = Vec::new();
    while items.len() < MAX_ITEMS {
        match stream.next() {
            None => break,
            Some(Ok(value)) => items.push(Item::Value(value, stream.byte_offset())),
            Some(Err(err)) => items.push(Item::Error(serde_category(&err), stream.byte_offset())),
        }
    }
    items
}

/// Checks every way of streaming `input` against serde_json's; returns serde_json's items.
fn assert_streams_like_serde(input: &[u8], what: &str) -> Vec<Item> {
    let expected = serde_items(serde_json::Deserializer::from_slice(input).into_iter());
    let from_reader = serde_items(serde_json::Deserializer::from_reader(input).into_iter());
    assert_eq!(
        from_reader, expected,
        "serde_json's own reader and slice differ: {what}"
    );

    let stream = RefCell::new(json::stream_from_slice::<json::Value>(input));
    let got = fastwire_items(
        input,
        || stream.borrow_mut().next(),
        || stream.borrow().byte_offset(),
        what,
    );
    assert_eq!(got, expected, "stream_from_slice: {what}");

    if let Ok(text) = std::str::from_utf8(input) {
        let stream = RefCell::new(json::stream_from_str::<json::Value>(text));
        let got = fastwire_items(
            input,
            || stream.borrow_mut().next(),
            || stream.borrow().byte_offset(),
            what,
        );
        assert_eq!(got, expected, "stream_from_str: {what}");
    }

    for first in [1, 4, 7] {
        let reader = json::stream_from_reader::<_, json::Value>(ChunkedReader::new(input, first));
        let stream = RefCell::new(reader);
        let got = fastwire_items(
            input,
            || stream.borrow_mut().next(),
            || stream.borrow().byte_offset(),
            what,
        );
        assert_eq!(
            got, expected,
            "stream_from_reader in pieces from {first}: {what}"
        );
    }
    let stream = RefCell::new(json::stream_from_reader::<_, json::Value>(input));
    let got = fastwire_items(
        input,
        || stream.borrow_mut().next(),
        || stream.borrow().byte_offset(),
        what,
    );
    assert_eq!(got, expected, "stream_from_reader: {what}");
    expected
}

#[test]
fn what_may_follow_what() {
    // Each case: which values are two, which one, which an error; what comes after an error.
    let cases: &[&str] = &[
        "",
        "  ",
        "\n\n",
        "1",
        "1 2",
        "12",
        "1\n2\r\n3\t4",
        "[1][2]",
        "\"a\"\"b\"",
        "{}{}",
        "1x",
        "1x 2",
        "truefalse",
        "true false",
        "nullnull",
        "null[1]",
        "1,2",
        "1:2",
        "1}2",
        "1]2",
        "1[2]",
        "1{}",
        "1\"a\"",
        "01",
        "-01",
        "1.5.3",
        "1e5e5",
        "-",
        "1e",
        "1.",
        "nul",
        "tru e",
        "[1,] 2",
        "1 [",
        "[1]x",
        "[1] x",
        "{\"a\":1}{\"b\":2}",
        "{\"a\" 1}",
        "\"abc",
        "\"a\\",
        "\"\\u12\"",
        "1 /",
        "1\u{a0}",
        "é",
        "[1]\n[2,]\n[3]",
        "[\n1,\n2\n]\n{\n}\nx",
        "1e999",
        "-0 0",
        "[-]",
        "1 2 3 4 5 6 7 8 9 10",
        " [ 1 , 2 ] [ ] { \"k\" : [ ] } ",
        "\"\u{1F600}\"\"é\"",
        "[\"\u{7}\"]",
        "\"a\nb\"",
        "123456789012345678901234567890 1",
    ];
    for case in cases {
        assert_streams_like_serde(case.as_bytes(), &format!("{case:?}"));
    }
}

#[test]
fn bytes_that_are_not_utf8() {
    let cases: &[&[u8]] = &[
        b"1 2 \xff",
        b"1\xff",
        b"\"a\xffb\"",
        b"[1, \"\xc3\"]",
        b"\"\xc3\xa9\" \xc3",
        b"\xff",
        b"[1] \"\xed\xa0\x80\"",
    ];
    for case in cases {
        let items = assert_streams_like_serde(case, &format!("{case:?}"));
        assert!(matches!(items.last(), Some(Item::Error(..))), "{case:?}");
    }
}

fn data_dir(parts: &[&str]) -> std::path::PathBuf {
    let mut dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data");
    for part in parts {
        dir.push(part);
    }
    assert!(
        dir.exists(),
        "test data missing: {} (../shared/data must sit beside the checkout)",
        dir.display()
    );
    dir
}

/// Every JSONTestSuite parsing case read as a stream (where the stream's rules differ from a
/// single document's: a number then anything, values after values), and cut short.
#[test]
fn json_test_suite_as_streams() {
    let mut count = 0;
    for entry in fs::read_dir(data_dir(&["JSONTestSuite", "test_parsing"])).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let bytes = fs::read(&path).unwrap();
        // serde_json recurses for each level: the suite's deepest files are refused by both
        // (the nesting limit), and are slow in debug builds for nothing.
        if bytes.len() > 10_000 {
            continue;
        }
        assert_streams_like_serde(&bytes, &name);
        // Twice in a row, and cut in the middle.
        let twice = [&bytes[..], b"\n", &bytes[..]].concat();
        assert_streams_like_serde(&twice, &format!("{name} twice"));
        assert_streams_like_serde(&bytes[..bytes.len() / 2], &format!("{name} cut"));
        count += 1;
    }
    assert!(count > 300, "only {count} files");
}

/// The corpus files as JSON Lines (each compact on a line of its own), concatenated without
/// separators, and pretty printed one after another.
#[test]
fn corpus_documents_one_after_another() {
    let mut values = Vec::new();
    for file in ["twitter.json", "citm_catalog.json", "canada.json"] {
        let text = fs::read_to_string(data_dir(&["json-benchmark", file])).unwrap();
        values.push(serde_json::from_str::<serde_json::Value>(&text).unwrap());
    }
    let lines: String = values
        .iter()
        .map(|v| serde_json::to_string(v).unwrap() + "\n")
        .collect();
    let glued: String = values
        .iter()
        .map(|v| serde_json::to_string(v).unwrap())
        .collect();
    let pretty: String = values
        .iter()
        .map(|v| serde_json::to_string_pretty(v).unwrap() + "\n\n")
        .collect();
    for (text, what) in [(lines, "lines"), (glued, "glued"), (pretty, "pretty")] {
        let items = assert_streams_like_serde(text.as_bytes(), what);
        assert_eq!(items.len(), 3, "{what}");
        // An error at the end of the last document points at the whole stream's last line.
        let broken = text.trim_end().to_owned() + "\n[1,\n ]";
        let items = assert_streams_like_serde(broken.as_bytes(), what);
        assert!(matches!(items[3], Item::Error("syntax", _)), "{what}");
    }
}

#[derive(Deserialize, Serialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
struct Event {
    id: u32,
    kind: String,
    #[serde(default)]
    tags: Vec<String>,
}

#[derive(Deserialize, fastwire::Decode, Debug, PartialEq)]
struct Borrowed<'a> {
    id: u32,
    name: &'a str,
}

/// Typed items: values that do not fit end the stream with a data error, in both.
#[test]
fn typed_streams_fail_where_serde_json_does() {
    let cases: &[&str] = &[
        "{\"id\": 1, \"kind\": \"a\"}\n{\"id\": 2, \"kind\": \"b\", \"tags\": [\"x\"]}\n",
        "{\"id\": 1, \"kind\": \"a\"}\n{\"id\": -2, \"kind\": \"b\"}\n{\"id\": 3, \"kind\": \"c\"}",
        "{\"id\": 1, \"kind\": \"a\"}{\"id\": 2}",
        "{\"id\": 1, \"kind\": \"a\"} 7 {\"id\": 3, \"kind\": \"c\"}",
        "{\"id\": 1, \"kind\": \"a\", \"id\": 2}",
        "[1, \"a\"] {\"id\": 5, \"kind\": \"e\"}",
        "{\"id\": 1, \"kind\": \"a\"}\n{\"id\": 2, \"kind\": \"b\"",
    ];
    for case in cases {
        let theirs: Vec<_> = serde_json::Deserializer::from_str(case)
            .into_iter::<Event>()
            .map(|item| item.map_err(|e| serde_category(&e)))
            .collect();
        let ours: Vec<_> = json::stream_from_str::<Event>(case)
            .map(|item| item.map_err(|e| (category(&e), e.line())))
            .collect();
        let from_reader: Vec<_> =
            json::stream_from_reader::<_, Event>(ChunkedReader::new(case.as_bytes(), 3))
                .map(|item| item.map_err(|e| (category(&e), e.line())))
                .collect();
        assert_eq!(from_reader, ours, "{case:?} from a reader");
        let ours: Vec<_> = ours.into_iter().map(|item| item.map_err(|e| e.0)).collect();
        assert_eq!(ours, theirs, "{case:?}");
    }
    // The line of a data error counts in the whole stream.
    let text = "{\"id\": 1, \"kind\": \"a\"}\n\n{\"id\": 2, \"kind\": 3}";
    let err = json::stream_from_str::<Event>(text)
        .nth(1)
        .unwrap()
        .unwrap_err();
    let theirs = serde_json::Deserializer::from_str(text)
        .into_iter::<Event>()
        .nth(1)
        .unwrap()
        .unwrap_err();
    assert_eq!(err.line(), theirs.line());
    // Where decoding the value alone puts it, on the value's own line of the stream.
    let value = &text[text.rfind('{').unwrap()..];
    let alone = json::from_str::<Event>(value).unwrap_err();
    assert_eq!(err.column(), alone.column());
    assert_eq!(err.offset(), text.len() - value.len() + alone.offset());
    assert_eq!(err.path(), alone.path());
}

#[test]
fn items_borrow_from_the_input() {
    let text = "{\"id\": 1, \"name\": \"Ada\"}\n{\"id\": 2, \"name\": \"Grace\"}";
    let ours: Vec<Borrowed> = json::stream_from_str(text).map(Result::unwrap).collect();
    let theirs: Vec<Borrowed> = serde_json::Deserializer::from_str(text)
        .into_iter()
        .map(Result::unwrap)
        .collect();
    assert_eq!(ours, theirs);
    assert!(text
        .as_bytes()
        .as_ptr_range()
        .contains(&ours[1].name.as_ptr()));
    let from_slice: Vec<Borrowed> = json::stream_from_slice(text.as_bytes())
        .map(Result::unwrap)
        .collect();
    assert_eq!(from_slice, theirs);
}

#[test]
fn the_nesting_limit_applies_to_each_value() {
    let deep = |n: usize| "[".repeat(n) + &"]".repeat(n);
    let text = format!("{} {} {}", deep(127), deep(128), deep(3));
    let ours: Vec<bool> = json::stream_from_str::<json::Value>(&text)
        .map(|item| item.is_ok())
        .collect();
    let theirs: Vec<bool> = serde_json::Deserializer::from_str(&text)
        .into_iter::<serde_json::Value>()
        .map(|item| item.is_ok())
        .collect();
    assert_eq!(ours, theirs);
    assert_eq!(ours, [true, false]);
    // Chosen limits, for every source.
    let small = format!("{} {}", deep(3), deep(4));
    let decoder = Decoder::new().max_depth(4);
    let str_items: Vec<bool> = decoder
        .stream_str::<json::Value>(&small)
        .map(|item| item.is_ok())
        .collect();
    let reader_items: Vec<bool> = decoder
        .stream_reader::<_, json::Value>(small.as_bytes())
        .map(|item| item.is_ok())
        .collect();
    assert_eq!(str_items, [true, false]);
    assert_eq!(reader_items, str_items);
}

/// A source that yields JSON Lines forever (here, up to a count), recording the largest
/// buffer it was asked to fill: the stream's memory.
struct Endless {
    line: Vec<u8>,
    /// Where in `line` the next byte comes from.
    at: usize,
    lines_left: usize,
    largest_read: usize,
}

impl Read for Endless {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        self.largest_read = self.largest_read.max(out.len());
        if self.lines_left == 0 {
            return Ok(0);
        }
        let n = out.len().min(self.line.len() - self.at).min(1000);
        out[..n].copy_from_slice(&self.line[self.at..self.at + n]);
        self.at += n;
        if self.at == self.line.len() {
            self.at = 0;
            self.lines_left -= 1;
        }
        Ok(n)
    }
}

#[test]
fn an_endless_stream_is_read_in_bounded_memory() {
    let event = Event {
        id: 7,
        kind: "click".into(),
        tags: vec!["a".into(); 10],
    };
    let line = serde_json::to_string(&event).unwrap() + "\n";
    let mut source = Endless {
        line: line.into_bytes(),
        at: 0,
        lines_left: 200_000,
        largest_read: 0,
    };
    let mut count = 0;
    for item in json::stream_from_reader::<_, Event>(&mut source) {
        assert_eq!(item.unwrap(), event);
        count += 1;
    }
    assert_eq!(count, 200_000);
    // Some 14 MB went through a buffer of a few blocks.
    assert!(source.largest_read <= 64 * 1024, "{}", source.largest_read);
}

#[test]
fn one_large_value_grows_the_buffer_once_not_the_work() {
    // A 4 MB array, then a small value, fed 1 to 7 bytes per read: decoding the array once
    // per read would take hours; once per doubling of the buffer, moments.
    let big: Vec<u64> = (0..500_000).collect();
    let text = serde_json::to_string(&big).unwrap() + " [1]";
    let mut reader = ChunkedReader::new(text.as_bytes(), 1);
    let mut stream = json::stream_from_reader::<_, Vec<u64>>(&mut reader);
    assert_eq!(stream.next().unwrap().unwrap(), big);
    assert_eq!(stream.byte_offset(), text.len() - 4);
    assert_eq!(stream.next().unwrap().unwrap(), [1]);
    assert!(stream.next().is_none());
    assert_eq!(stream.byte_offset(), text.len());
}

/// Hands out one message, then fails any further read: a peer waiting for a reply.
struct OneMessage<'a>(&'a [u8]);

impl Read for OneMessage<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.0.is_empty() {
            return Err(io::Error::new(
                io::ErrorKind::WouldBlock,
                "nothing more yet",
            ));
        }
        let n = out.len().min(self.0.len());
        out[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

#[test]
fn a_value_that_has_arrived_is_returned_without_reading_on() {
    for message in [
        &b"{\"id\": 1, \"kind\": \"ping\"}"[..],
        b"[1, 2]",
        b"\"text\"",
        b"1\n",
    ] {
        let mut stream = json::stream_from_reader::<_, json::Value>(OneMessage(message));
        assert!(stream.next().unwrap().is_ok(), "{message:?}");
        // serde_json reads no further either.
        let mut theirs = serde_json::Deserializer::from_reader(OneMessage(message))
            .into_iter::<serde_json::Value>();
        assert!(theirs.next().unwrap().is_ok());
        // The next read fails: an I/O error ends both streams.
        let err = stream.next().unwrap().unwrap_err();
        assert!(err.is_io(), "{err}");
        assert!(theirs.next().unwrap().unwrap_err().is_io());
        assert!(stream.next().is_none());
    }
}

/// JSON Lines, written by fastwire and by serde_json line by line.
#[test]
fn json_lines_match_serde_json_line_by_line() {
    let events: Vec<Event> = (0..5000)
        .map(|i| Event {
            id: i,
            kind: format!("kind \"{i}\"\n"),
            tags: (0..i % 4).map(|t| t.to_string()).collect(),
        })
        .collect();
    let mut expected = Vec::new();
    for event in &events {
        serde_json::to_writer(&mut expected, event).unwrap();
        expected.push(b'\n');
    }
    let mut ours = Vec::new();
    json::to_writer_lines(&mut ours, &events).unwrap();
    assert_eq!(ours, expected);

    let mut lines = json::LinesWriter::new(Vec::new());
    for event in &events {
        lines.write(event).unwrap();
    }
    assert_eq!(lines.into_inner().unwrap(), expected);

    // And back, as serde_json reads them.
    let back: Vec<Event> = json::stream_from_reader(&ours[..])
        .map(Result::unwrap)
        .collect();
    assert_eq!(back, events);
}

/// A value that fails to encode: an error, none of its text written, the lines around it
/// kept, as serde_json's writes would leave them had it refused the value up front.
#[test]
fn a_value_that_fails_to_encode_is_left_out() {
    use std::collections::BTreeMap;

    // serde_json refuses a map whose keys are not strings; through the bridge, so does
    // fastwire.
    let bad: BTreeMap<Vec<u8>, u8> = [(vec![1], 1)].into_iter().collect();
    assert!(serde_json::to_string(&bad).is_err());
    let bad = fastwire::bridge::Serde(bad);

    // What serde_json writes for the values it can write, line by line.
    let mut expected = Vec::new();
    for good in [1, 2] {
        serde_json::to_writer(&mut expected, &good).unwrap();
        expected.push(b'\n');
    }
    let mut lines = json::LinesWriter::new(Vec::new());
    lines.write(&1).unwrap();
    let err = lines.write(&[&bad]).unwrap_err();
    assert_eq!(err.kind(), io::ErrorKind::InvalidData);
    lines.write(&2).unwrap();
    assert_eq!(lines.into_inner().unwrap(), expected);

    // With `to_writer_lines`, the first failure stops the writing; the lines before it are
    // written.
    let empty: BTreeMap<Vec<u8>, u8> = BTreeMap::new();
    let mut expected = serde_json::to_vec(&empty).unwrap();
    expected.push(b'\n');
    let mut out = Vec::new();
    let items = [fastwire::bridge::Serde(empty), bad];
    assert!(json::to_writer_lines(&mut out, &items).is_err());
    assert_eq!(out, expected);
}

/// An I/O error is returned once, and nothing more is written after it.
#[test]
fn an_io_error_ends_the_lines() {
    struct Full(usize);
    impl io::Write for Full {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            if self.0 == 0 {
                return Err(io::Error::new(io::ErrorKind::StorageFull, "full"));
            }
            let n = buf.len().min(self.0);
            self.0 -= n;
            Ok(n)
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }
    let mut lines = json::LinesWriter::new(Full(10));
    let long = "x".repeat(100_000);
    let err = lines.write(&long).unwrap_err();
    assert_eq!(err.kind(), io::ErrorKind::StorageFull);
    assert!(lines.write(&1).is_err());
    assert!(lines.flush().is_err());
}
