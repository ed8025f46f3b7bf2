//! `to_writer` streaming: a large document goes through a bounded buffer in few, bounded write
//! calls with serde_json's exact bytes, and I/O errors come back to the caller. The streamed
//! documents also read back, through `from_reader` fed in small or uneven pieces.
//!
//! Size: in release builds the large document is ~100 MB. Debug builds (the default for
//! `cargo test`) encode about an order of magnitude slower and serde_json has to produce the
//! oracle too, so there the document is ~24 MB, which still crosses the 64 KiB streaming
//! buffer hundreds of times and keeps the test to a few seconds.

use std::io::{self, Read, Write};

use fastwire_tests::{assert_bytes_eq, assert_round_trip_quick, ChunkedReader};
use serde::{Deserialize, Serialize};

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

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
enum Kind {
    Plain,
    Weighted(f32),
    Located { lat: f64, lon: f64 },
}

/// `Row` with owned strings, to read the streamed documents back (`Row` borrows `'static`
/// strings, which no reader can lend).
#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Debug)]
#[serde(rename_all = "camelCase")]
struct OwnedRow {
    row_id: u64,
    user_name: String,
    score: f64,
    tags: Vec<String>,
    active: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    parent_id: Option<u32>,
    note: String,
    kind: Kind,
}

impl From<&Row> for OwnedRow {
    fn from(row: &Row) -> Self {
        let kind = match row.kind {
            Kind::Plain => Kind::Plain,
            Kind::Weighted(w) => Kind::Weighted(w),
            Kind::Located { lat, lon } => Kind::Located { lat, lon },
        };
        Self {
            row_id: row.row_id,
            user_name: row.user_name.clone(),
            score: row.score,
            tags: row.tags.iter().map(|t| (*t).to_owned()).collect(),
            active: row.active,
            parent_id: row.parent_id,
            note: row.note.to_owned(),
            kind,
        }
    }
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
fn streamed_documents_read_back() {
    // Smaller than the documents above: decoding in a debug build is slow too.
    let data = rows(2 << 20);
    let mut streamed = Vec::new();
    fastwire::json::to_writer(&mut streamed, &data).unwrap();
    assert_bytes_eq(
        &streamed,
        &serde_json::to_vec(&data).unwrap(),
        "to_writer (Vec)",
    );
    let owned: Vec<OwnedRow> = data.iter().map(OwnedRow::from).collect();
    let theirs: Vec<OwnedRow> = serde_json::from_slice(&streamed).unwrap();
    assert!(theirs == owned, "serde_json does not read the rows back");
    let uneven = UnevenReader {
        input: &streamed,
        call: 0,
    };
    let ours: Vec<OwnedRow> = fastwire::json::from_reader(uneven).unwrap();
    assert!(
        ours == owned,
        "from_reader (uneven pieces) reads different rows"
    );
    let mut reader = ChunkedReader::new(&streamed, 1);
    let ours: Vec<OwnedRow> = fastwire::json::from_reader(&mut reader).unwrap();
    assert!(
        ours == owned,
        "from_reader (1 to 7 bytes per call) reads different rows"
    );
    assert!(reader.calls > streamed.len() / 7);

    let mut pretty = Vec::new();
    fastwire::json::to_writer_pretty(&mut pretty, &data[..data.len() / 4]).unwrap();
    let uneven = UnevenReader {
        input: &pretty,
        call: 3,
    };
    let ours: Vec<OwnedRow> = fastwire::json::from_reader(uneven).unwrap();
    assert!(
        ours == owned[..owned.len() / 4],
        "from_reader (pretty) reads different rows"
    );

    // One huge string with escapes, through every entry point.
    assert_round_trip_quick(&"plain text \u{1}\"\\ ".repeat(1 << 16));
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
