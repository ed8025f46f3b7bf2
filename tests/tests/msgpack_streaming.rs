//! MessagePack `to_writer` streaming, as `json_to_writer_streaming.rs` checks it for JSON: a
//! large document goes through a bounded buffer in few, bounded write calls with rmp-serde's
//! exact bytes; a long string or binary is handed to the writer as it is, not copied into the
//! buffer; I/O errors come back to the caller and nothing is written after them; `Interrupted`
//! is retried and a writer that takes nothing is an error, as with rmp-serde. The streamed
//! documents read back through `from_reader` fed in small or uneven pieces.
//!
//! Size: the large document is ~16 MB in debug builds (the default for `cargo test`, where
//! rmp-serde has to produce the oracle too) and ~64 MB in release builds: either way it
//! crosses the 64 KiB streaming buffer hundreds of times.

use std::io::{self, Read, Write};

use fastwire_tests::{assert_msgpack_eq, assert_msgpack_round_trip_quick, ChunkedReader};
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[serde(rename_all = "camelCase")]
struct Row {
    row_id: u64,
    user_name: String,
    score: f64,
    tags: Vec<String>,
    active: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    parent_id: Option<u32>,
    note: String,
    kind: Kind,
    big: i128,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
enum Kind {
    Plain,
    Weighted(f32),
    Located { lat: f64, lon: f64 },
}

/// A reader that hands out its input in pieces of uneven sizes (1 byte to over 64 KiB).
struct UnevenReader<'a> {
    input: &'a [u8],
    call: usize,
}

impl Read for UnevenReader<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        const SIZES: [usize; 7] = [1, 4093, 3, 65_537, 17, 128 * 1024, 2];
        let n = SIZES[self.call % SIZES.len()]
            .min(buf.len())
            .min(self.input.len());
        self.call += 1;
        buf[..n].copy_from_slice(&self.input[..n]);
        self.input = &self.input[n..];
        Ok(n)
    }
}

/// Keys and values a `Row` contributes, at least.
const TOKENS_PER_ROW: usize = 2 * 9;

fn rows(target_bytes: usize) -> Vec<Row> {
    const TAGS: [&str; 4] = ["alpha", "beta \"quoted\"", "日本", "tab\t"];
    const NOTES: [&str; 3] = ["", "line one\nline two", "emoji 😀 and escape \\ \u{1}"];
    // One row encodes to roughly 130 to 170 bytes.
    let n = target_bytes / 130;
    (0..n)
        .map(|i| Row {
            row_id: i as u64 * 7919,
            user_name: format!("user-{i}"),
            score: i as f64 / 3.0,
            tags: TAGS[..i % 5].iter().map(|t| (*t).to_owned()).collect(),
            active: i % 3 == 0,
            parent_id: (i % 4 == 0).then_some(i as u32 / 2),
            note: NOTES[i % 3].to_owned(),
            kind: match i % 3 {
                0 => Kind::Plain,
                1 => Kind::Weighted(i as f32 * 0.25),
                _ => Kind::Located {
                    lat: 52.52,
                    lon: -(i as f64) / 1000.0,
                },
            },
            big: -(i as i128) << 70,
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
                "{what}: streamed bytes differ from rmp-serde in the write starting at byte {at}"
            );
        }
        assert_eq!(
            self.pos,
            self.expected.len(),
            "{what}: streamed {} bytes, rmp-serde wrote {}",
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
        16 << 20
    } else {
        64 << 20
    };
    let data = rows(target);
    let expected = rmp_serde::to_vec_named(&data).unwrap();
    assert!(
        expected.len() >= target,
        "document is only {} bytes",
        expected.len()
    );

    let mut sink = CheckingSink::new(&expected);
    fastwire::msgpack::to_writer(&mut sink, &data).unwrap();
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
    assert!(
        sink.calls >= expected.len() / (1 << 20),
        "only {} write calls for {} bytes",
        sink.calls,
        expected.len()
    );
}

#[test]
fn streamed_documents_read_back() {
    let data = rows(2 << 20);
    let mut streamed = Vec::new();
    fastwire::msgpack::to_writer(&mut streamed, &data).unwrap();
    assert_msgpack_eq(
        &streamed,
        &rmp_serde::to_vec_named(&data).unwrap(),
        "to_writer (Vec)",
    );
    let theirs: Vec<Row> = rmp_serde::from_slice(&streamed).unwrap();
    assert!(theirs == data, "rmp-serde does not read the rows back");
    let uneven = UnevenReader {
        input: &streamed,
        call: 0,
    };
    let ours: Vec<Row> = fastwire::msgpack::from_reader(uneven).unwrap();
    assert!(
        ours == data,
        "from_reader (uneven pieces) reads different rows"
    );
    let mut reader = ChunkedReader::new(&streamed, 1);
    let ours: Vec<Row> = fastwire::msgpack::from_reader(&mut reader).unwrap();
    assert!(
        ours == data,
        "from_reader (1 to 7 bytes per call) reads different rows"
    );
    assert!(reader.calls > streamed.len() / 7);
    // The array form reads back too (for rows with a `parent_id`: without one, the row's
    // array is a field short, which serde does not read).
    let with_parent: Vec<&Row> = data.iter().filter(|r| r.parent_id.is_some()).collect();
    let array = rmp_serde::to_vec(&with_parent).unwrap();
    let uneven = UnevenReader {
        input: &array,
        call: 3,
    };
    let ours: Vec<Row> = fastwire::msgpack::from_reader(uneven).unwrap();
    assert!(
        ours.iter().eq(with_parent.iter().copied()),
        "from_reader (array form) reads different rows"
    );
    assert_msgpack_round_trip_quick(&"plain text \u{1}\"\\ ".repeat(1 << 16));
}

#[test]
fn long_strings_go_to_the_writer_as_they_are() {
    // An 8 MiB string after a short value: the short value is buffered, then written with the
    // string's header, then the string's bytes go to the writer in one call, uncopied.
    let value = (7u8, "plain text \u{1}\"\\ ".repeat(8 << 20 >> 4));
    let expected = rmp_serde::to_vec_named(&value).unwrap();
    let mut sink = CheckingSink::new(&expected);
    fastwire::msgpack::to_writer(&mut sink, &value).unwrap();
    sink.assert_complete("huge string");
    assert!(sink.calls <= 3, "{} write calls", sink.calls);
    assert_eq!(sink.max_write, value.1.len());
    // Many strings just above and below the pass-through size, and at the buffer's end.
    for len in [32 * 1024 - 1, 32 * 1024, 32 * 1024 + 1, 64 * 1024, 100_000] {
        for pad in [0usize, 1, 65_530] {
            let value = ("p".repeat(pad), "s".repeat(len), vec![1u8; 3]);
            let expected = rmp_serde::to_vec_named(&value).unwrap();
            let mut sink = CheckingSink::new(&expected);
            fastwire::msgpack::to_writer(&mut sink, &value).unwrap();
            sink.assert_complete(&format!("string of {len} after {pad}"));
        }
    }
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
}

impl FailingWriter {
    fn new(limit: usize) -> Self {
        Self {
            limit,
            out: Vec::new(),
            failed: false,
            calls_after_failure: 0,
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
        Ok(())
    }
}

fn check_failure_at<T: fastwire::msgpack::Encode + ?Sized>(
    limit: usize,
    expected: &[u8],
    value: &T,
) {
    let mut w = FailingWriter::new(limit);
    let result = fastwire::msgpack::to_writer(&mut w, value);
    if limit >= expected.len() {
        result.unwrap_or_else(|e| panic!("limit {limit}: unexpected error {e}"));
        assert_msgpack_eq(&w.out, expected, "complete output");
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
    assert_msgpack_eq(&w.out, &expected[..limit], "bytes before the error");
}

#[test]
fn io_error_is_returned_small_document() {
    let data = rows(2_000);
    let expected = rmp_serde::to_vec_named(&data).unwrap();
    for limit in 0..=expected.len() + 1 {
        check_failure_at(limit, &expected, &data);
    }
}

#[test]
fn io_error_is_returned_large_document() {
    let data = rows(1 << 20);
    let expected = rmp_serde::to_vec_named(&data).unwrap();
    for limit in [
        0,
        1,
        100,
        65_535,
        65_536,
        65_537,
        131_072,
        200_000,
        expected.len() - 1,
        expected.len(),
    ] {
        check_failure_at(limit, &expected, &data);
    }
    // A long string, which goes to the writer directly, failing in its header or its body.
    let long = (1u8, "x\u{1}".repeat(300_000));
    let expected = rmp_serde::to_vec_named(&long).unwrap();
    for limit in [0, 1, 2, 5, 6, 65_536, 500_000, expected.len() - 1] {
        check_failure_at(limit, &expected, &long);
    }
}

/// Returns `Interrupted` on every other call: `to_writer` must retry, as `write_all` (and so
/// rmp-serde) does.
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
fn interrupted_and_zero_length_writes_behave_like_rmp_serde() {
    let data = rows(200_000);
    let expected = rmp_serde::to_vec_named(&data).unwrap();
    let mut w = InterruptingWriter {
        out: Vec::new(),
        calls: 0,
    };
    fastwire::msgpack::to_writer(&mut w, &data).expect("Interrupted must be retried");
    assert_msgpack_eq(&w.out, &expected, "after Interrupted");
    let mut theirs = InterruptingWriter {
        out: Vec::new(),
        calls: 0,
    };
    rmp_serde::encode::write_named(&mut theirs, &data).expect("rmp-serde retries too");

    let rmp_err = rmp_serde::encode::write_named(&mut ZeroWriter { calls: 0 }, &data);
    assert!(rmp_err.is_err());
    let err = fastwire::msgpack::to_writer(ZeroWriter { calls: 0 }, &data)
        .expect_err("a writer accepting nothing must produce an error");
    assert_eq!(err.kind(), io::ErrorKind::WriteZero);
}
