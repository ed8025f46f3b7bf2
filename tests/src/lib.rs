//! Helpers shared by fastwire's integration tests (`tests/tests/*.rs`).
//!
//! The central one is [`assert_same`]: it runs a value through every JSON entry point of
//! fastwire (`to_string`, `to_vec`, `encode_into`, `to_writer`, and the pretty variants) and
//! checks each result byte for byte against serde_json, the oracle.

use std::fmt::Write as _;
use std::io;

use fastwire::json::Encode;
use serde::Serialize;

/// Bytes placed in front of the buffer handed to `encode_into`, which must append after them.
pub const PREFIX: &[u8] = b"prefix\xe2\x82\xac[";

/// Asserts that `got` equals `expected`; on failure, reports the first differing byte offset
/// with some context instead of printing two (possibly huge) documents.
#[track_caller]
pub fn assert_bytes_eq(got: &[u8], expected: &[u8], what: &str) {
    if got == expected {
        return;
    }
    let first = got
        .iter()
        .zip(expected)
        .position(|(a, b)| a != b)
        .unwrap_or_else(|| got.len().min(expected.len()));
    let from = first.saturating_sub(60);
    let show = |bytes: &[u8]| {
        let to = (first + 60).min(bytes.len());
        String::from_utf8_lossy(&bytes[from.min(to)..to]).into_owned()
    };
    let mut msg = String::new();
    let _ = write!(
        msg,
        "{what}: output differs from serde_json at byte {first} (got {} bytes, expected {} bytes)\n  got:      {:?}\n  expected: {:?}",
        got.len(),
        expected.len(),
        show(got),
        show(expected),
    );
    if expected.len() <= 2000 && got.len() <= 2000 {
        let _ = write!(
            msg,
            "\n  full got:      {:?}\n  full expected: {:?}",
            String::from_utf8_lossy(got),
            String::from_utf8_lossy(expected),
        );
    }
    panic!("{msg}");
}

/// An `io::Write` that accepts at most `max` bytes per `write` call and records them.
#[derive(Debug)]
pub struct ChunkedWriter {
    /// Everything written so far.
    pub out: Vec<u8>,
    /// The most bytes one `write` call accepts.
    pub max: usize,
    /// How many `write` calls were made.
    pub calls: usize,
}

impl ChunkedWriter {
    /// A writer accepting at most `max` (at least 1) bytes per call.
    pub fn new(max: usize) -> Self {
        assert!(max > 0);
        Self {
            out: Vec::new(),
            max,
            calls: 0,
        }
    }
}

impl io::Write for ChunkedWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.calls += 1;
        let n = buf.len().min(self.max);
        self.out.extend_from_slice(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// serde_json's compact and pretty outputs for `value`.
#[track_caller]
pub fn oracle<T: ?Sized + Serialize>(value: &T) -> (String, String) {
    let compact = serde_json::to_string(value).expect("serde_json::to_string failed");
    let pretty = serde_json::to_string_pretty(value).expect("serde_json::to_string_pretty failed");
    (compact, pretty)
}

/// Checks every fastwire JSON entry point against the given expected compact and pretty
/// documents.
#[track_caller]
pub fn assert_encodes_as<T: ?Sized + Encode>(value: &T, compact: &str, pretty: &str) {
    assert_encodes_as_with_chunk(value, compact, pretty, 7);
}

/// Like [`assert_encodes_as`], with the chunk size of the short-writing writer given.
#[track_caller]
pub fn assert_encodes_as_with_chunk<T: ?Sized + Encode>(
    value: &T,
    compact: &str,
    pretty: &str,
    chunk: usize,
) {
    let compact = compact.as_bytes();
    let pretty = pretty.as_bytes();

    assert_bytes_eq(
        fastwire::json::to_string(value).as_bytes(),
        compact,
        "to_string",
    );
    assert_bytes_eq(&fastwire::json::to_vec(value), compact, "to_vec");

    // encode_into appends: to an empty Vec, to a Vec with content and no spare room, and to a
    // Vec with content and plenty of room.
    let mut empty = Vec::new();
    fastwire::json::encode_into(value, &mut empty);
    assert_bytes_eq(&empty, compact, "encode_into (empty Vec)");
    for spare in [0, compact.len() + 16] {
        let mut buf = Vec::with_capacity(PREFIX.len() + spare);
        buf.extend_from_slice(PREFIX);
        fastwire::json::encode_into(value, &mut buf);
        assert_bytes_eq(
            &buf[..PREFIX.len().min(buf.len())],
            PREFIX,
            "encode_into prefix",
        );
        assert_bytes_eq(&buf[PREFIX.len()..], compact, "encode_into (after prefix)");
    }
    // Twice into the same buffer: the second document follows the first.
    let mut twice = Vec::new();
    fastwire::json::encode_into(value, &mut twice);
    fastwire::json::encode_into(value, &mut twice);
    assert_bytes_eq(
        &twice[compact.len().min(twice.len())..],
        compact,
        "encode_into twice",
    );

    let mut sink = Vec::new();
    fastwire::json::to_writer(&mut sink, value).expect("to_writer into a Vec failed");
    assert_bytes_eq(&sink, compact, "to_writer (Vec)");
    let mut chunked = ChunkedWriter::new(chunk);
    fastwire::json::to_writer(&mut chunked, value).expect("to_writer into ChunkedWriter failed");
    assert_bytes_eq(&chunked.out, compact, "to_writer (short writes)");

    assert_bytes_eq(
        fastwire::json::to_string_pretty(value).as_bytes(),
        pretty,
        "to_string_pretty",
    );
    assert_bytes_eq(
        &fastwire::json::to_vec_pretty(value),
        pretty,
        "to_vec_pretty",
    );
    let mut sink = Vec::new();
    fastwire::json::to_writer_pretty(&mut sink, value).expect("to_writer_pretty failed");
    assert_bytes_eq(&sink, pretty, "to_writer_pretty (Vec)");
    let mut chunked = ChunkedWriter::new(chunk);
    fastwire::json::to_writer_pretty(&mut chunked, value).expect("to_writer_pretty failed");
    assert_bytes_eq(&chunked.out, pretty, "to_writer_pretty (short writes)");
}

/// Asserts that every fastwire JSON entry point produces exactly serde_json's bytes for
/// `value`, compact and pretty. Returns serde_json's compact output, for further checks.
#[track_caller]
pub fn assert_same<T: ?Sized + Encode + Serialize>(value: &T) -> String {
    let (compact, pretty) = oracle(value);
    assert_encodes_as(value, &compact, &pretty);
    compact
}

/// Like [`assert_same`], but only the cheap entry points (`to_string`, `to_string_pretty` and
/// one `to_writer` through short writes): for large inputs and randomized loops.
#[track_caller]
pub fn assert_same_quick<T: ?Sized + Encode + Serialize>(value: &T, chunk: usize) {
    let (compact, pretty) = oracle(value);
    assert_bytes_eq(
        fastwire::json::to_string(value).as_bytes(),
        compact.as_bytes(),
        "to_string",
    );
    assert_bytes_eq(
        fastwire::json::to_string_pretty(value).as_bytes(),
        pretty.as_bytes(),
        "to_string_pretty",
    );
    let mut chunked = ChunkedWriter::new(chunk);
    fastwire::json::to_writer(&mut chunked, value).expect("to_writer failed");
    assert_bytes_eq(&chunked.out, compact.as_bytes(), "to_writer (short writes)");
}

/// Asserts that `value` encodes to `compact` (and whose pretty form is `pretty`) through
/// every entry point, and additionally that serde_json agrees on `twin`, a type with the
/// same JSON shape (used where `#[wire(...)]` changes something serde cannot see).
#[track_caller]
pub fn assert_same_as_twin<T: ?Sized + Encode, U: ?Sized + Serialize>(value: &T, twin: &U) {
    let (compact, pretty) = oracle(twin);
    assert_encodes_as(value, &compact, &pretty);
}
