//! The public entry points over the code that holds `unsafe` and SIMD, through derived types:
//! escaping and string scanning at every length and position around the vector widths, the
//! whitespace scanners, the writers (into a `Vec`, a `String`, an `io::Write` that takes a
//! byte at a time), the readers of both formats, both `Value`s and the streams, each checked
//! against serde_json and rmp-serde.
//!
//! Small enough to run under Miri (`.ci/miri` runs it), where every memory access of those
//! paths is checked; natively it is one more differential test.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::io;

use fastwire::{json, msgpack};
use serde::{Deserialize, Serialize};

#[derive(fastwire::Encode, fastwire::Decode, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Record {
    id: u64,
    delta: i32,
    ratio: f64,
    name: String,
    tags: Vec<String>,
    flags: BTreeMap<String, bool>,
    note: Option<String>,
    kind: Kind,
}

#[derive(fastwire::Encode, fastwire::Decode, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(rename_all = "snake_case")]
enum Kind {
    Plain,
    Sized { width: u16, height: u16 },
    Named(String),
}

#[derive(fastwire::Decode, Deserialize, Debug, PartialEq)]
struct Borrowing<'a> {
    #[serde(borrow)]
    text: Cow<'a, str>,
    raw: &'a str,
}

/// Strings with one character of each kind that needs care at each position of a run long
/// enough to cross two 32-byte blocks: escapes, controls, and UTF-8 of two to four bytes.
fn tricky_strings() -> Vec<String> {
    let specials = ['"', '\\', '\n', '\u{1}', '\u{7f}', 'é', '€', '😀', '/'];
    let lengths: &[usize] = if cfg!(miri) {
        // Shorter than a 16-byte block, one block and a tail, two blocks and a tail.
        &[0, 1, 17, 33]
    } else {
        &[0, 1, 2, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100]
    };
    let mut out = Vec::new();
    for &len in lengths {
        out.push("a".repeat(len));
        for (k, special) in specials.iter().enumerate() {
            // A few positions each: the start, the end, and one that moves with the kind.
            for at in [0, len / 2 + k % 3, len] {
                let mut text: String = "b".repeat(len);
                text.insert(at.min(len), *special);
                out.push(text);
            }
        }
    }
    out
}

fn record(i: u64, text: &str) -> Record {
    Record {
        id: i * 1_000_003,
        delta: -(i as i32) * 7,
        ratio: i as f64 / 3.0 + 0.1,
        name: text.to_owned(),
        tags: vec![text.to_owned(), format!("t{i}")],
        flags: [(text.to_owned(), true), (format!("f{i}"), false)]
            .into_iter()
            .collect(),
        note: (i % 2 == 0).then(|| text.to_owned()),
        kind: match i % 3 {
            0 => Kind::Plain,
            1 => Kind::Sized {
                width: i as u16,
                height: 3,
            },
            _ => Kind::Named(text.to_owned()),
        },
    }
}

/// A record for each of the tricky strings (every eleventh under Miri).
fn records() -> Vec<Record> {
    let step = if cfg!(miri) { 11 } else { 1 };
    tricky_strings()
        .iter()
        .step_by(step)
        .enumerate()
        .map(|(i, text)| record(i as u64, text))
        .collect()
}

/// An `io::Write` that takes one byte per call, so every buffered write path flushes often.
struct Trickle(Vec<u8>);

impl io::Write for Trickle {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match buf.first() {
            Some(&byte) => {
                self.0.push(byte);
                Ok(1)
            }
            None => Ok(0),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[test]
fn json_strings_escape_and_read_back_as_serde_json_does() {
    for text in tricky_strings() {
        let ours = json::to_string(&text);
        assert_eq!(ours, serde_json::to_string(&text).unwrap(), "{text:?}");
        assert_eq!(json::from_str::<String>(&ours).unwrap(), text);
        // Escaped forms serde_json does not write: every character as `\u` where it may be.
        let escaped: String = text
            .chars()
            .map(|c| format!("\\u{:04x}", c as u32 & 0xffff))
            .collect();
        if text.chars().all(|c| (c as u32) < 0x10000) {
            assert_eq!(
                json::from_str::<String>(&format!("\"{escaped}\"")).unwrap(),
                text
            );
        }
        // Borrowed where there is nothing to unescape, owned where there is.
        let doc = format!(r#"{{"text":{ours},"raw":"{}"}}"#, "x".repeat(text.len()));
        let borrowing: Borrowing = json::from_str(&doc).unwrap();
        assert_eq!(borrowing, serde_json::from_str::<Borrowing>(&doc).unwrap());
        assert_eq!(
            matches!(borrowing.text, Cow::Borrowed(_)),
            !ours.contains('\\')
        );
    }
}

#[test]
fn json_whitespace_runs_of_every_length() {
    let max = if cfg!(miri) { 40 } else { 130 };
    for n in 0..max {
        let ws: String = [" ", "\n", "\t", "\r"]
            .iter()
            .cycle()
            .take(n)
            .copied()
            .collect();
        let doc = format!("{ws}[{ws}1{ws},{ws}{{{ws}\"a\"{ws}:{ws}true{ws}}}{ws}]{ws}");
        let ours: json::Value = json::from_str(&doc).unwrap();
        let theirs: serde_json::Value = serde_json::from_str(&doc).unwrap();
        assert_eq!(
            json::to_string(&ours),
            serde_json::to_string(&theirs).unwrap()
        );
    }
}

#[test]
fn json_records_match_serde_json_through_every_writer() {
    let records = records();
    let expected = serde_json::to_string(&records).unwrap();
    assert!(json::to_string(&records) == expected);
    assert!(json::to_vec(&records) == expected.as_bytes());
    let mut trickle = Trickle(Vec::new());
    json::to_writer(&mut trickle, &records).unwrap();
    assert!(trickle.0 == expected.as_bytes());
    let pretty = serde_json::to_string_pretty(&records).unwrap();
    assert!(json::to_string_pretty(&records) == pretty);
    let mut trickle = Trickle(Vec::new());
    json::to_writer_pretty(&mut trickle, &records).unwrap();
    assert!(trickle.0 == pretty.as_bytes());

    assert_eq!(json::from_str::<Vec<Record>>(&expected).unwrap(), records);
    assert_eq!(
        json::from_slice::<Vec<Record>>(pretty.as_bytes()).unwrap(),
        records
    );
    assert_eq!(
        json::from_reader::<_, Vec<Record>>(expected.as_bytes()).unwrap(),
        records
    );

    // The same text through `Value`, and back into the records from the tree.
    let value: json::Value = json::from_str(&expected).unwrap();
    assert!(json::to_string(&value) == expected);
    assert_eq!(json::from_value::<Vec<Record>>(&value).unwrap(), records);
    // (serde_json's own `Value` sorts keys; fastwire's keeps their order, so the records'.)
    assert!(json::to_string_pretty(&value) == pretty);
    let theirs: serde_json::Value = serde_json::from_str(&expected).unwrap();
    let ours_sorted: serde_json::Value = serde_json::from_str(&json::to_string(&value)).unwrap();
    assert!(ours_sorted == theirs);

    // One record a line, read as a stream from a slice and from a reader.
    let lines: String = records
        .iter()
        .map(|r| serde_json::to_string(r).unwrap() + "\n")
        .collect();
    let from_str: Vec<Record> = json::stream_from_str(&lines)
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(from_str, records);
    let from_reader: Vec<Record> = json::stream_from_reader(lines.as_bytes())
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(from_reader, records);
}

#[test]
fn json_errors_in_the_scanned_parts_are_clean() {
    for text in tricky_strings().iter().step_by(5) {
        let ours = json::to_string(text);
        // Cut at every byte: each prefix is an error (or, cut inside a character, invalid UTF-8).
        for cut in 0..ours.len() {
            assert!(json::from_slice::<String>(&ours.as_bytes()[..cut]).is_err());
        }
        // A raw control character, and an invalid byte, where the text ends.
        let raw_control = format!("{}\u{1}\"", &ours[..ours.len() - 1]);
        assert!(json::from_str::<String>(&raw_control).is_err());
        let mut bad = ours.clone().into_bytes();
        bad.insert(bad.len() - 1, 0xff);
        assert!(json::from_slice::<String>(&bad).is_err());
    }
}

#[test]
fn msgpack_records_match_rmp_serde() {
    let records = records();
    let expected = rmp_serde::to_vec_named(&records).unwrap();
    assert_eq!(msgpack::to_vec(&records), expected);
    let mut trickle = Trickle(Vec::new());
    msgpack::to_writer(&mut trickle, &records).unwrap();
    assert_eq!(trickle.0, expected);
    assert_eq!(
        msgpack::from_slice::<Vec<Record>>(&expected).unwrap(),
        records
    );
    assert_eq!(
        msgpack::from_reader::<_, Vec<Record>>(&expected[..]).unwrap(),
        records
    );

    let value: msgpack::Value = msgpack::from_slice(&expected).unwrap();
    assert_eq!(msgpack::to_vec(&value), expected);
    assert_eq!(msgpack::from_value::<Vec<Record>>(value).unwrap(), records);

    let mut stream_bytes = Vec::new();
    for r in &records {
        stream_bytes.extend(rmp_serde::to_vec_named(r).unwrap());
    }
    let streamed: Vec<Record> = msgpack::stream_from_slice(&stream_bytes)
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(streamed, records);
    let streamed: Vec<Record> = msgpack::stream_from_reader(&stream_bytes[..])
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(streamed, records);
    // Every prefix of one record is an error.
    let one = &stream_bytes[..rmp_serde::to_vec_named(&records[0]).unwrap().len()];
    assert_eq!(msgpack::from_slice::<Record>(one).unwrap(), records[0]);
    for cut in 0..one.len() {
        assert!(msgpack::from_slice::<Record>(&one[..cut]).is_err());
    }
}

#[test]
fn msgpack_strings_and_headers_of_every_width() {
    let lengths: &[usize] = if cfg!(miri) {
        &[0, 31, 32, 255, 256]
    } else {
        &[0, 1, 31, 32, 255, 256, 65_535, 65_536]
    };
    for &len in lengths {
        let text = "é".repeat(len / 2) + &"a".repeat(len % 2);
        let ours = msgpack::to_vec(&text);
        assert_eq!(ours, rmp_serde::to_vec(&text).unwrap(), "{len}");
        assert_eq!(msgpack::from_slice::<&str>(&ours).unwrap(), text);
        let items: Vec<u8> = (0..len).map(|i| i as u8).collect();
        let ours = msgpack::to_vec(&items);
        assert_eq!(ours, rmp_serde::to_vec(&items).unwrap(), "{len}");
        assert_eq!(msgpack::from_slice::<Vec<u8>>(&ours).unwrap(), items);
        // Invalid UTF-8 at the end of a string of this length.
        let mut bad = rmp_serde::to_vec(&text).unwrap();
        if let Some(last) = bad.last_mut() {
            *last = 0xff;
            assert!(msgpack::from_slice::<String>(&bad).is_err());
        }
    }
}

/// A sequence of derived structs, each built in its place in the vector's buffer, that fails
/// part-way (at the top and nested, in both formats): the elements built so far are dropped
/// once, the one being built is not taken (Miri checks both, and leaks).
#[test]
fn sequences_failing_part_way_drop_what_was_built() {
    let records = records();
    let json_text = json::to_string(&records);
    let msgpack_bytes = rmp_serde::to_vec_named(&records).unwrap();
    // Cut inside the last record, then at a few places before it.
    let cuts = [
        json_text.len() - 3,
        json_text.len() / 2,
        json_text.len() / 5,
    ];
    for mut cut in cuts {
        while !json_text.is_char_boundary(cut) {
            cut -= 1;
        }
        let text = &json_text[..cut];
        assert!(json::from_str::<Vec<Record>>(text).is_err());
        let nested = format!("[{text}");
        assert!(json::from_str::<Vec<Vec<Record>>>(&nested).is_err());
    }
    // A bad value in the last record: every record before it was complete.
    let last = json_text.rfind("\"id\":").unwrap();
    let bad = format!(
        "{}\"id\":\"x\",\"_\":{}",
        &json_text[..last],
        &json_text[last + 5..]
    );
    let err = json::from_str::<Vec<Record>>(&bad).unwrap_err();
    assert!(err.to_string().starts_with("invalid type"), "{err}");
    for cut in [msgpack_bytes.len() - 1, msgpack_bytes.len() / 2] {
        assert!(msgpack::from_slice::<Vec<Record>>(&msgpack_bytes[..cut]).is_err());
    }
}
