//! `to_writer` streaming: a large document goes through a bounded buffer in few, bounded write
//! calls with serde_json's exact bytes, and I/O errors come back to the caller.
//!
//! Size: in release builds the large document is ~100 MB. Debug builds (the default for
//! `cargo test`) encode about an order of magnitude slower and serde_json has to produce the
//! oracle too, so there the document is ~24 MB, which still crosses the 64 KiB streaming
//! buffer hundreds of times and keeps the test to a few seconds.

use std::io::{self, Write};

use fastwire_tests::assert_bytes_eq;
use serde::Serialize;

#[derive(Serialize, fastwire::Encode)]
#[serde(rename_all = "camelCase")]
struct Row {
    row_id: u64,
    user_name: String,
    score: f64,
    tags: Vec<&'static str>,
    active: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    parent_id: Option<u32>,
    note: &'static str,
    kind: Kind,
}

#[derive(Serialize, fastwire::Encode)]
enum Kind {
    Plain,
    Weighted(f32),
    Located { lat: f64, lon: f64 },
}

/// Keys, values and punctuation-delimited items a `Row` contributes, at least.
const TOKENS_PER_ROW: usize = 2 * 8 + 3;

fn rows(target_bytes: usize) -> Vec<Row> {
    const TAGS: [&str; 4] = ["alpha", "beta \"quoted\"", "日本", "tab\t"];
    const NOTES: [&str; 3] = ["", "line one\nline two", "emoji 😀 and escape \\ \u{1}"];
    // One row encodes to roughly 150 to 190 bytes.
    let n = target_bytes / 150;
    (0..n)
        .map(|i| Row {
            row_id: i as u64 * 7919,
            user_name: format!("user-{i}"),
            score: i as f64 / 3.0,
            tags: TAGS[..i % 5].to_vec(),
            active: i % 3 == 0,
            parent_id: (i % 4 == 0).then_some(i as u32 / 2),
            note: NOTES[i % 3],
            kind: match i % 3 {
                0 => Kind::Plain,
                1 => Kind::Weighted(i as f32 * 0.25),
                _ => Kind::Located {
                    lat: 52.52,
                    lon: -(i as f64) / 1000.0,
                },
            },
        })
        .collect()
}

/// An `io::Write` sink that compares every write against the expected document as it arrives
/// and counts calls and their sizes.
struct CheckingSink<'e> {
    expected: &'e [u8],
    pos: usize,
    calls: usize,
    max_write: usize,
    mismatch_at: Option<usize>,
}

impl<'e> CheckingSink<'e> {
    fn new(expected: &'e [u8]) -> Self {
        Self {
            expected,
            pos: 0,
            calls: 0,
            max_write: 0,
            mismatch_at: None,
        }
    }

    fn assert_complete(&self, what: &str) {
        if let Some(at) = self.mismatch_at {
            panic!(
                "{what}: streamed bytes differ from serde_json in the write starting at byte {at}"
            );
        }
        assert_eq!(
            self.pos,
            self.expected.len(),
            "{what}: streamed {} bytes, serde_json wrote {}",
            self.pos,
            self.expected.len()
        );
    }
}

impl Write for CheckingSink<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.calls += 1;
        self.max_write = self.max_write.max(buf.len());
        let end = self.pos + buf.len();
        if self.mismatch_at.is_none()
            && (end > self.expected.len() || self.expected[self.pos..end] != *buf)
        {
            self.mismatch_at = Some(self.pos);
        }
        self.pos = end;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[test]
fn large_document_streams_in_few_bounded_writes() {
    let target = if cfg!(debug_assertions) {
        24 << 20
    } else {
        100 << 20
    };
    let data = rows(target);
    let mut expected = Vec::with_capacity(target + target / 4);
    serde_json::to_writer(&mut expected, &data).unwrap();
    assert!(
        expected.len() >= target,
        "document is only {} bytes",
        expected.len()
    );

    let mut sink = CheckingSink::new(&expected);
    fastwire::json::to_writer(&mut sink, &data).unwrap();
    sink.assert_complete("to_writer");

    let tokens = data.len() * TOKENS_PER_ROW;
    assert!(
        sink.max_write < 1 << 20,
        "a single write of {} bytes: the buffer is not bounded",
        sink.max_write
    );
    assert!(
        sink.calls * 100 < tokens,
        "{} write calls for {} tokens: output is not buffered",
        sink.calls,
        tokens
    );
    // A bounded buffer means many calls for a document this size, not one giant write.
    assert!(
        sink.calls >= expected.len() / (1 << 20),
        "only {} write calls for {} bytes",
        sink.calls,
        expected.len()
    );
}

#[test]
fn pretty_document_streams_in_few_bounded_writes() {
    let data = rows(4 << 20);
    let expected = serde_json::to_vec_pretty(&data).unwrap();
    let mut sink = CheckingSink::new(&expected);
    fastwire::json::to_writer_pretty(&mut sink, &data).unwrap();
    sink.assert_complete("to_writer_pretty");
    assert!(sink.max_write < 1 << 20, "max write {}", sink.max_write);
    assert!(
        sink.calls * 100 < data.len() * TOKENS_PER_ROW,
        "{} write calls",
        sink.calls
    );
}

#[test]
fn one_huge_string_streams_in_bounded_writes() {
    // A single 8 MiB string value, half of it escapes: must not be buffered whole.
    let s = "plain text \u{1}\"\\ ".repeat(8 << 20 >> 4);
    let expected = serde_json::to_vec(&s).unwrap();
    let mut sink = CheckingSink::new(&expected);
    fastwire::json::to_writer(&mut sink, &s).unwrap();
    sink.assert_complete("huge string");
    assert!(
        sink.max_write < 1 << 20,
        "a single write of {} bytes for one long string",
        sink.max_write
    );
}

// ---------------------------------------------------------------------------------------------
// I/O errors
// ---------------------------------------------------------------------------------------------

/// Accepts `limit` bytes in total, then fails every call; counts calls made after the first
/// failure.
struct FailingWriter {
    limit: usize,
    out: Vec<u8>,
    failed: bool,
    calls_after_failure: usize,
    flushes_after_failure: usize,
}

impl FailingWriter {
    fn new(limit: usize) -> Self {
        Self {
            limit,
            out: Vec::new(),
            failed: false,
            calls_after_failure: 0,
            flushes_after_failure: 0,
        }
    }
}

impl Write for FailingWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.failed {
            self.calls_after_failure += 1;
            return Err(io::Error::other("writer already failed"));
        }
        let room = self.limit - self.out.len();
        if room == 0 && !buf.is_empty() {
            self.failed = true;
            return Err(io::Error::new(
                io::ErrorKind::BrokenPipe,
                "disk full (test)",
            ));
        }
        let n = room.min(buf.len());
        self.out.extend_from_slice(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.failed {
            self.flushes_after_failure += 1;
        }
        Ok(())
    }
}

fn check_failure_at(
    limit: usize,
    expected: &[u8],
    encode: impl Fn(&mut FailingWriter) -> io::Result<()>,
) {
    let mut w = FailingWriter::new(limit);
    let result = encode(&mut w);
    if limit >= expected.len() {
        result.unwrap_or_else(|e| panic!("limit {limit}: unexpected error {e}"));
        assert_bytes_eq(&w.out, expected, "complete output");
        return;
    }
    let err = result.expect_err(&format!(
        "limit {limit} of {}: the writer's error was not returned",
        expected.len()
    ));
    assert_eq!(
        err.kind(),
        io::ErrorKind::BrokenPipe,
        "limit {limit}: {err}"
    );
    assert!(
        err.to_string().contains("disk full (test)"),
        "limit {limit}: the error is not the writer's: {err}"
    );
    assert_eq!(
        w.calls_after_failure, 0,
        "limit {limit}: to_writer kept writing after an error"
    );
    assert_eq!(w.out.len(), limit, "limit {limit}");
    assert_bytes_eq(&w.out, &expected[..limit], "bytes before the error");
}

#[test]
fn io_error_is_returned_small_document() {
    let data = rows(3_000);
    let expected = serde_json::to_vec(&data).unwrap();
    for limit in 0..=expected.len() + 1 {
        check_failure_at(limit, &expected, |w| fastwire::json::to_writer(w, &data));
    }
    let pretty = serde_json::to_vec_pretty(&data).unwrap();
    for limit in (0..=pretty.len()).step_by(7) {
        check_failure_at(limit, &pretty, |w| {
            fastwire::json::to_writer_pretty(w, &data)
        });
    }
}

#[test]
fn io_error_is_returned_large_document() {
    let data = rows(1 << 20);
    let expected = serde_json::to_vec(&data).unwrap();
    for limit in [
        0,
        1,
        100,
        4095,
        4096,
        65_535,
        65_536,
        65_537,
        131_072,
        200_000,
        expected.len() - 1,
        expected.len(),
    ] {
        check_failure_at(limit, &expected, |w| fastwire::json::to_writer(w, &data));
    }
    let long = "x\u{1}".repeat(300_000);
    let expected = serde_json::to_vec(&long).unwrap();
    for limit in [0, 10, 65_536, 500_000, expected.len() - 1] {
        check_failure_at(limit, &expected, |w| fastwire::json::to_writer(w, &long));
    }
}

/// Returns `Interrupted` on every other call: `to_writer` must retry, as `write_all` (and so
/// serde_json) does.
struct InterruptingWriter {
    out: Vec<u8>,
    calls: usize,
}

impl Write for InterruptingWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.calls += 1;
        if self.calls % 2 == 1 {
            return Err(io::Error::from(io::ErrorKind::Interrupted));
        }
        let n = buf.len().min(1000);
        self.out.extend_from_slice(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Accepts nothing: `Ok(0)`. A writer that can take no more must give an error, not a hang.
struct ZeroWriter {
    calls: usize,
}

impl Write for ZeroWriter {
    fn write(&mut self, _buf: &[u8]) -> io::Result<usize> {
        self.calls += 1;
        assert!(
            self.calls < 1000,
            "to_writer keeps calling a writer that accepts nothing"
        );
        Ok(0)
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[test]
fn interrupted_and_zero_length_writes_behave_like_serde_json() {
    let data = rows(200_000);
    let expected = serde_json::to_vec(&data).unwrap();
    let mut w = InterruptingWriter {
        out: Vec::new(),
        calls: 0,
    };
    fastwire::json::to_writer(&mut w, &data).expect("Interrupted must be retried");
    assert_bytes_eq(&w.out, &expected, "after Interrupted");

    let serde_err = serde_json::to_writer(ZeroWriter { calls: 0 }, &data).unwrap_err();
    let err = fastwire::json::to_writer(ZeroWriter { calls: 0 }, &data)
        .expect_err("a writer accepting nothing must produce an error");
    assert_eq!(err.kind(), io::ErrorKind::WriteZero);
    assert!(serde_err.is_io());
}
