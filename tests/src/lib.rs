//! Helpers shared by fastwire's integration tests (`tests/tests/*.rs`).
//!
//! The central one is [`assert_same`]: it runs a value through every JSON entry point of
//! fastwire (`to_string`, `to_vec`, `encode_into`, `to_writer`, and the pretty variants) and
//! checks each result byte for byte against serde_json, the oracle.
//!
//! The decoding direction has [`assert_round_trip`]: serde_json's compact and pretty output
//! for a value, read back by fastwire through `from_str`, `from_slice` and `from_reader` (a
//! reader yielding 1 to 7 bytes per call), must equal the value and serde_json's own reading
//! of that text (floats compared bit for bit). Where serde_json itself cannot read its output
//! back (NaN written as `null`, a field written under a name other than the one it reads, a
//! skipped field), [`assert_decodes_like_serde_json`] checks that fastwire reaches the same
//! [`Verdict`]. [`assert_decodes_same`] does the same for hand-written input.

use std::fmt::{Debug, Display, Write as _};
use std::io;

use fastwire::json::{Decode, DecodeOwned, Encode};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

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

/// [`assert_same`] and [`assert_round_trip`] together: fastwire writes serde_json's bytes for
/// `value`, and reads them back to `value`. Returns serde_json's compact output.
#[track_caller]
pub fn assert_same_round_trip<T>(value: &T) -> String
where
    T: Encode + Serialize + DeserializeOwned + DecodeOwned + PartialEq + Debug,
{
    assert_round_trip(value);
    assert_same(value)
}

// =============================================================================================
// decoding
// =============================================================================================

/// [`assert_same`] and [`assert_round_trip_borrowed`] together, for a value whose type borrows
/// (`&str`, `Cow<str>`): serde_json's texts live in the macro's scope while decoded values
/// borrow from them. Evaluates to serde_json's compact output.
#[macro_export]
macro_rules! assert_same_round_trip_borrowed {
    ($value:expr) => {{
        let value = &$value;
        let texts = $crate::oracle(value);
        $crate::assert_round_trip_borrowed(value, &texts);
        $crate::assert_same(value)
    }};
}

/// `value` for as long as the program runs: serde_json's texts leaked, for types that borrow
/// for `'static` (`&'static str` fields) and so can be read from `'static` input only.
pub fn leak<T>(value: T) -> &'static T {
    Box::leak(Box::new(value))
}

/// [`assert_same`] and [`assert_round_trip_borrowed`] together, for a value whose type borrows
/// for `'static` (`&'static str`): serde_json's texts are leaked for the decoded values to
/// borrow from. Returns serde_json's compact output.
#[track_caller]
pub fn assert_same_round_trip_static<T>(value: &T) -> String
where
    T: Encode + Serialize + Deserialize<'static> + Decode<'static> + PartialEq + Debug,
{
    assert_round_trip_borrowed(value, leak(oracle(value)));
    assert_same(value)
}

/// [`assert_decodes_like_serde_json_borrowed`] for a value whose type borrows for `'static`,
/// on serde_json's texts leaked: returns the [`Verdict`].
#[track_caller]
pub fn decode_verdict_static<T>(value: &T) -> Verdict
where
    T: Serialize + Deserialize<'static> + Decode<'static> + PartialEq + Debug,
{
    assert_decodes_like_serde_json_borrowed(value, leak(oracle(value)))
}

/// [`assert_decodes_like_serde_json_borrowed`] with serde_json's texts made in the macro's
/// scope: evaluates to the [`Verdict`].
#[macro_export]
macro_rules! decode_verdict_borrowed {
    ($value:expr) => {{
        let value = &$value;
        let texts = $crate::oracle(value);
        $crate::assert_decodes_like_serde_json_borrowed(value, &texts)
    }};
}

/// An `io::Read` that hands out its input a few bytes per call: the first call at most
/// `first` bytes, then cycling through 1 to 7.
#[derive(Debug)]
pub struct ChunkedReader<'a> {
    input: &'a [u8],
    next: usize,
    /// How many `read` calls returned data.
    pub calls: usize,
}

impl<'a> ChunkedReader<'a> {
    /// A reader whose first call yields at most `first` (1 to 7) bytes.
    pub fn new(input: &'a [u8], first: usize) -> Self {
        assert!((1..=7).contains(&first));
        Self {
            input,
            next: first,
            calls: 0,
        }
    }
}

impl io::Read for ChunkedReader<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.next.min(buf.len()).min(self.input.len());
        buf[..n].copy_from_slice(&self.input[..n]);
        self.input = &self.input[n..];
        if n > 0 {
            self.calls += 1;
            self.next = self.next % 7 + 1;
        }
        Ok(n)
    }
}

/// What serde_json makes of its own output for a value, and (checked) fastwire too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Read back to a value equal to the original, floats bit for bit.
    RoundTrip,
    /// Read back to a different value: skipped fields come back as their default, NaN in an
    /// `Option<f64>` was written as `null` and comes back as `None`, and so on.
    Changed,
    /// Rejected: e.g. a field written under one name and read under another, a non-finite
    /// float written as `null`, a `skip_serializing_if` field absent and not an `Option`.
    Rejected,
}

/// `text`, shortened for messages.
fn excerpt(text: &str) -> String {
    const MAX: usize = 600;
    if text.len() <= MAX {
        return format!("{text:?}");
    }
    let mut end = MAX;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{:?}... ({} bytes)", &text[..end], text.len())
}

/// `value`'s Debug form, shortened for messages.
fn debug_excerpt<T: Debug>(value: &T) -> String {
    let full = format!("{value:?}");
    if full.len() <= 600 {
        full
    } else {
        excerpt(&full)
    }
}

/// Panics unless fastwire's result `ours` (from `entry`) agrees with serde_json's `theirs`:
/// both errors, or equal values.
#[track_caller]
fn check_agreement<T: PartialEq + Debug, E1: Display, E2: Display>(
    entry: &str,
    text: &str,
    ours: &Result<T, E1>,
    theirs: &Result<T, E2>,
) {
    let problem = match (ours, theirs) {
        (Ok(a), Ok(b)) if a == b => return,
        (Err(_), Err(_)) => return,
        (Ok(a), Ok(b)) => format!(
            "values differ\n  fastwire:   {}\n  serde_json: {}",
            debug_excerpt(a),
            debug_excerpt(b)
        ),
        (Ok(a), Err(e)) => format!(
            "fastwire accepts what serde_json rejects\n  fastwire:   {}\n  serde_json: error: {e}",
            debug_excerpt(a)
        ),
        (Err(e), Ok(b)) => format!(
            "fastwire rejects what serde_json accepts\n  fastwire:   error: {e}\n  serde_json: {}",
            debug_excerpt(b)
        ),
    };
    panic!(
        "{entry} as {}: {problem}\n  input: {}",
        std::any::type_name::<T>(),
        excerpt(text)
    );
}

/// Decodes `text` as a `T` with fastwire's `from_str` and `from_slice` and with serde_json,
/// and asserts that they agree: both reject it, or both read equal values. Returns fastwire's
/// and serde_json's results. `T` may borrow from `text`.
#[track_caller]
pub fn assert_decodes_same_borrowed<'de, T>(
    text: &'de str,
) -> (
    Result<T, fastwire::json::Error>,
    Result<T, serde_json::Error>,
)
where
    T: Deserialize<'de> + Decode<'de> + PartialEq + Debug,
{
    let theirs = serde_json::from_str::<T>(text);
    let ours = fastwire::json::from_str::<T>(text);
    check_agreement("from_str", text, &ours, &theirs);
    let from_slice = fastwire::json::from_slice::<T>(text.as_bytes());
    check_agreement("from_slice", text, &from_slice, &theirs);
    (ours, theirs)
}

/// Like [`assert_decodes_same_borrowed`], for a `T` that borrows nothing, and through
/// `from_reader` (a reader yielding 1 to 7 bytes per call) as well. Returns serde_json's result.
#[track_caller]
pub fn assert_decodes_same<T>(text: &str) -> Result<T, serde_json::Error>
where
    T: DeserializeOwned + DecodeOwned + PartialEq + Debug,
{
    decode_all::<T>(text).1
}

/// [`assert_decodes_same`], returning fastwire's (`from_str`) result too.
#[track_caller]
fn decode_all<T>(
    text: &str,
) -> (
    Result<T, fastwire::json::Error>,
    Result<T, serde_json::Error>,
)
where
    T: DeserializeOwned + DecodeOwned + PartialEq + Debug,
{
    let (ours, theirs) = assert_decodes_same_borrowed::<T>(text);
    let reader = ChunkedReader::new(text.as_bytes(), 1 + text.len() % 7);
    let from_reader = fastwire::json::from_reader::<_, T>(reader);
    check_agreement("from_reader", text, &from_reader, &theirs);
    (ours, theirs)
}

/// The JSON text `text` (well-formed, as serde_json writes it) without whitespace, with every
/// object's members sorted by key and every array's elements sorted: two serializations of
/// equal values compare equal as canonical text even when they hold hash maps and hash sets,
/// while floats still compare bit for bit (`-0.0` is not `0.0`) and 128-bit integers digit for
/// digit. (Order is for `PartialEq` to check; this is the check `PartialEq` cannot make.)
pub fn canonical_json(text: &str) -> String {
    fn skip_ws(b: &[u8], i: &mut usize) {
        while *i < b.len() && b[*i].is_ascii_whitespace() {
            *i += 1;
        }
    }
    fn string<'t>(text: &'t str, i: &mut usize) -> &'t str {
        let b = text.as_bytes();
        let start = *i;
        *i += 1;
        while b[*i] != b'"' {
            *i += if b[*i] == b'\\' { 2 } else { 1 };
        }
        *i += 1;
        &text[start..*i]
    }
    fn value(text: &str, i: &mut usize, out: &mut String) {
        let b = text.as_bytes();
        skip_ws(b, i);
        match b[*i] {
            b'{' => {
                *i += 1;
                let mut members: Vec<(&str, String)> = Vec::new();
                loop {
                    skip_ws(b, i);
                    match b[*i] {
                        b'}' => break,
                        b',' => *i += 1,
                        _ => {
                            let key = string(text, i);
                            skip_ws(b, i);
                            assert_eq!(b[*i], b':', "canonical_json: malformed input");
                            *i += 1;
                            let mut v = String::new();
                            value(text, i, &mut v);
                            members.push((key, v));
                        }
                    }
                }
                *i += 1;
                members.sort();
                out.push('{');
                for (n, (key, v)) in members.iter().enumerate() {
                    if n > 0 {
                        out.push(',');
                    }
                    out.push_str(key);
                    out.push(':');
                    out.push_str(v);
                }
                out.push('}');
            }
            b'[' => {
                *i += 1;
                let mut elements: Vec<String> = Vec::new();
                loop {
                    skip_ws(b, i);
                    match b[*i] {
                        b']' => break,
                        b',' => *i += 1,
                        _ => {
                            let mut v = String::new();
                            value(text, i, &mut v);
                            elements.push(v);
                        }
                    }
                }
                *i += 1;
                elements.sort();
                out.push('[');
                out.push_str(&elements.join(","));
                out.push(']');
            }
            b'"' => out.push_str(string(text, i)),
            _ => {
                let start = *i;
                while *i < b.len()
                    && !matches!(b[*i], b',' | b']' | b'}')
                    && !b[*i].is_ascii_whitespace()
                {
                    *i += 1;
                }
                out.push_str(&text[start..*i]);
            }
        }
    }
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    value(text, &mut i, &mut out);
    skip_ws(text.as_bytes(), &mut i);
    assert_eq!(i, text.len(), "canonical_json: trailing input");
    out
}

/// serde_json's canonical text for `value` (see [`canonical_json`]).
fn canonical<T: ?Sized + Serialize>(value: &T) -> String {
    canonical_json(&serde_json::to_string(value).expect("serde_json::to_string failed"))
}

/// The verdict for one of serde_json's texts for `value`, given fastwire's and serde_json's
/// readings of it (already checked to agree by `PartialEq`): compares the readings bit for bit
/// too, through their canonical serialization.
#[track_caller]
fn verdict<T, E1: Display, E2: Display>(
    value: &T,
    text: &str,
    ours: Result<T, E1>,
    theirs: Result<T, E2>,
) -> Verdict
where
    T: Serialize + PartialEq + Debug,
{
    let (ours, theirs) = match (ours, theirs) {
        (Ok(ours), Ok(theirs)) => (ours, theirs),
        _ => return Verdict::Rejected,
    };
    // Equal by `PartialEq` already; now bit for bit: against the text when serde_json reads
    // the original value back, else against serde_json's reading.
    let ours_text = canonical(&ours);
    let round_trip = theirs == *value;
    let expected = if round_trip {
        canonical_json(text)
    } else {
        canonical(&theirs)
    };
    assert!(
        ours_text == expected,
        "{}: fastwire's reading differs from {} in bits\n  fastwire: {}\n  expected: {}\n  input: {}",
        std::any::type_name::<T>(),
        if round_trip { "the original" } else { "serde_json's" },
        excerpt(&ours_text),
        excerpt(&expected),
        excerpt(text)
    );
    if round_trip {
        Verdict::RoundTrip
    } else {
        Verdict::Changed
    }
}

/// serde_json's compact and pretty texts for `value`, each read back by fastwire (`from_str`,
/// `from_slice`, `from_reader` through a reader yielding 1 to 7 bytes per call) and by
/// serde_json: asserts that fastwire agrees with serde_json every time, and returns what
/// happened (the same for both texts).
#[track_caller]
pub fn assert_decodes_like_serde_json<T>(value: &T) -> Verdict
where
    T: Serialize + DeserializeOwned + DecodeOwned + PartialEq + Debug,
{
    let (compact, pretty) = oracle(value);
    let (ours, theirs) = decode_all::<T>(&compact);
    let first = verdict(value, &compact, ours, theirs);
    let (ours, theirs) = decode_all::<T>(&pretty);
    let second = verdict(value, &pretty, ours, theirs);
    assert_eq!(first, second, "compact and pretty texts read differently");
    first
}

/// A cheaper [`assert_decodes_like_serde_json`], for randomized loops: serde_json's compact
/// text read by fastwire's `from_str` and `from_reader` (1 to 7 bytes per call), its pretty
/// text by `from_slice`, each compared with serde_json's reading of the compact text.
#[track_caller]
pub fn assert_decodes_like_serde_json_quick<T>(value: &T) -> Verdict
where
    T: Serialize + DeserializeOwned + DecodeOwned + PartialEq + Debug,
{
    let (compact, pretty) = oracle(value);
    let theirs = serde_json::from_str::<T>(&compact);
    let ours = fastwire::json::from_str::<T>(&compact);
    check_agreement("from_str", &compact, &ours, &theirs);
    let reader = ChunkedReader::new(compact.as_bytes(), 1 + compact.len() % 7);
    let from_reader = fastwire::json::from_reader::<_, T>(reader);
    check_agreement("from_reader", &compact, &from_reader, &theirs);
    let from_slice = fastwire::json::from_slice::<T>(pretty.as_bytes());
    check_agreement("from_slice", &pretty, &from_slice, &theirs);
    verdict(value, &compact, ours, theirs)
}

/// Asserts that serde_json's compact and pretty texts for `value` read back, through every
/// fastwire entry point, to `value` (and to serde_json's own reading, floats bit for bit).
#[track_caller]
pub fn assert_round_trip<T>(value: &T)
where
    T: Serialize + DeserializeOwned + DecodeOwned + PartialEq + Debug,
{
    let verdict = assert_decodes_like_serde_json(value);
    assert!(
        verdict == Verdict::RoundTrip,
        "{}: serde_json itself does not read its output back ({verdict:?}), for {}\n  text: {}",
        std::any::type_name::<T>(),
        debug_excerpt(value),
        excerpt(&oracle(value).0)
    );
}

/// A cheaper [`assert_round_trip`] for large values: serde_json's compact text read back by
/// serde_json and by fastwire's `from_reader` (1 to 7 bytes per call), its pretty text by
/// `from_str`; readings compared with `PartialEq` only.
#[track_caller]
pub fn assert_round_trip_quick<T>(value: &T)
where
    T: Serialize + DeserializeOwned + DecodeOwned + PartialEq + Debug,
{
    let (compact, pretty) = oracle(value);
    let theirs = serde_json::from_str::<T>(&compact);
    assert!(
        theirs.as_ref().is_ok_and(|theirs| theirs == value),
        "{}: serde_json itself does not read its output back",
        std::any::type_name::<T>()
    );
    let reader = ChunkedReader::new(compact.as_bytes(), 1 + compact.len() % 7);
    let ours = fastwire::json::from_reader::<_, T>(reader);
    check_agreement("from_reader", &compact, &ours, &theirs);
    let ours = fastwire::json::from_str::<T>(&pretty);
    check_agreement("from_str", &pretty, &ours, &theirs);
}

/// [`assert_round_trip`] for a type without `PartialEq` or `Debug` (tuples longer than 12):
/// the readings are compared through their serialization (canonical, floats bit for bit).
#[track_caller]
pub fn assert_round_trip_by_encoding<T>(value: &T)
where
    T: Serialize + DeserializeOwned + DecodeOwned,
{
    let (compact, pretty) = oracle(value);
    let expected = canonical_json(&compact);
    for text in [&compact, &pretty] {
        let theirs = serde_json::from_str::<T>(text).expect("serde_json cannot read its output");
        assert_eq!(
            canonical(&theirs),
            expected,
            "serde_json does not round-trip"
        );
        let reader = ChunkedReader::new(text.as_bytes(), 1 + text.len() % 7);
        for (entry, ours) in [
            ("from_str", fastwire::json::from_str::<T>(text)),
            (
                "from_slice",
                fastwire::json::from_slice::<T>(text.as_bytes()),
            ),
            ("from_reader", fastwire::json::from_reader::<_, T>(reader)),
        ] {
            match ours {
                Ok(ours) => assert!(
                    canonical(&ours) == expected,
                    "{entry} as {}: reads back differently\n  got:   {}\n  input: {}",
                    std::any::type_name::<T>(),
                    canonical(&ours),
                    excerpt(text)
                ),
                Err(e) => panic!(
                    "{entry} as {}: fastwire rejects what serde_json accepts: {e}\n  input: {}",
                    std::any::type_name::<T>(),
                    excerpt(text)
                ),
            }
        }
    }
}

/// Like [`assert_decodes_like_serde_json`], for a `T` that borrows from the input (`&str`,
/// `Cow<str>` fields): `texts` are serde_json's compact and pretty texts for `value` (from
/// [`oracle`]), and must outlive what is decoded from them. Only `from_str` and `from_slice`
/// (`from_reader` cannot lend).
#[track_caller]
pub fn assert_decodes_like_serde_json_borrowed<'de, T>(
    value: &T,
    texts: &'de (String, String),
) -> Verdict
where
    T: Serialize + Deserialize<'de> + Decode<'de> + PartialEq + Debug,
{
    let (compact, pretty) = texts;
    assert!(
        *texts == oracle(value),
        "the texts given are not serde_json's for this value"
    );
    let (ours, theirs) = assert_decodes_same_borrowed::<T>(compact);
    let first = verdict(value, compact, ours, theirs);
    let (ours, theirs) = assert_decodes_same_borrowed::<T>(pretty);
    let second = verdict(value, pretty, ours, theirs);
    assert_eq!(first, second, "compact and pretty texts read differently");
    first
}

/// [`assert_round_trip`] for a `T` that borrows from the input; see
/// [`assert_decodes_like_serde_json_borrowed`].
#[track_caller]
pub fn assert_round_trip_borrowed<'de, T>(value: &T, texts: &'de (String, String))
where
    T: Serialize + Deserialize<'de> + Decode<'de> + PartialEq + Debug,
{
    let verdict = assert_decodes_like_serde_json_borrowed(value, texts);
    assert!(
        verdict == Verdict::RoundTrip,
        "{}: serde_json itself does not read its output back ({verdict:?}), for {}\n  text: {}",
        std::any::type_name::<T>(),
        debug_excerpt(value),
        excerpt(&texts.0)
    );
}

/// Decodes `text` as a `T` with fastwire (`from_str`, `from_slice`, `from_reader`) and as `U`,
/// a serde twin with the same JSON shape, with serde_json (used where `#[wire(...)]` changes
/// something serde cannot see). Asserts that both reject it or both accept it, and then that
/// the two readings encode alike (fastwire for `T`, serde_json for `U`). Returns fastwire's
/// reading.
#[track_caller]
pub fn assert_decodes_like_twin<T, U>(text: &str) -> Option<T>
where
    T: DecodeOwned + Encode,
    U: DeserializeOwned + Serialize + Debug,
{
    let theirs = serde_json::from_str::<U>(text);
    let reader = ChunkedReader::new(text.as_bytes(), 1 + text.len() % 7);
    let from_reader = fastwire::json::from_reader::<_, T>(reader);
    check_twin_agreement("from_reader", text, &from_reader, &theirs);
    assert_decodes_like_twin_borrowed::<T, U>(text)
}

/// [`assert_decodes_like_twin`] for types that may borrow from `text` (`from_str` and
/// `from_slice` only).
#[track_caller]
pub fn assert_decodes_like_twin_borrowed<'de, T, U>(text: &'de str) -> Option<T>
where
    T: Decode<'de> + Encode,
    U: Deserialize<'de> + Serialize + Debug,
{
    let theirs = serde_json::from_str::<U>(text);
    let from_slice = fastwire::json::from_slice::<T>(text.as_bytes());
    check_twin_agreement("from_slice", text, &from_slice, &theirs);
    let ours = fastwire::json::from_str::<T>(text);
    check_twin_agreement("from_str", text, &ours, &theirs);
    ours.ok()
}

#[track_caller]
fn check_twin_agreement<T, U, E1: Display, E2: Display>(
    entry: &str,
    text: &str,
    ours: &Result<T, E1>,
    theirs: &Result<U, E2>,
) where
    T: Encode,
    U: Serialize + Debug,
{
    match (ours, theirs) {
        (Ok(a), Ok(b)) => {
            let (a_text, b_text) = (
                canonical_json(&fastwire::json::to_string(a)),
                canonical(b),
            );
            assert!(
                a_text == b_text,
                "{entry} as {}: reads differently from the twin\n  fastwire:   {}\n  serde_json: {}\n  input: {}",
                std::any::type_name::<T>(),
                excerpt(&a_text),
                excerpt(&b_text),
                excerpt(text)
            );
        }
        (Err(_), Err(_)) => {}
        (Ok(a), Err(e)) => panic!(
            "{entry} as {}: fastwire accepts what serde_json rejects for the twin\n  fastwire:   {}\n  serde_json: error: {e}\n  input: {}",
            std::any::type_name::<T>(),
            excerpt(&fastwire::json::to_string(a)),
            excerpt(text)
        ),
        (Err(e), Ok(b)) => panic!(
            "{entry} as {}: fastwire rejects what serde_json accepts for the twin\n  fastwire:   error: {e}\n  serde_json: {}\n  input: {}",
            std::any::type_name::<T>(),
            debug_excerpt(b),
            excerpt(text)
        ),
    }
}

/// For a `T` that has no `Deserialize` to compare with: serde_json's compact and pretty texts
/// (`texts`, from [`oracle`]) read back by fastwire's `from_str` and `from_slice` to a value
/// that encodes as the compact text again. `T` may borrow from `texts`.
#[track_caller]
pub fn assert_reads_back<'de, T>(texts: &'de (String, String))
where
    T: Decode<'de> + Encode,
{
    let expected = canonical_json(&texts.0);
    for text in [&texts.0, &texts.1] {
        for (entry, ours) in [
            ("from_str", fastwire::json::from_str::<T>(text)),
            (
                "from_slice",
                fastwire::json::from_slice::<T>(text.as_bytes()),
            ),
        ] {
            match ours {
                Ok(ours) => assert_eq!(
                    canonical_json(&fastwire::json::to_string(&ours)),
                    expected,
                    "{entry} as {}: reads back to a different value",
                    std::any::type_name::<T>()
                ),
                Err(e) => panic!(
                    "{entry} as {}: {e}\n  input: {}",
                    std::any::type_name::<T>(),
                    excerpt(text)
                ),
            }
        }
    }
}

/// Asserts that serde_json's compact and pretty texts for `twin` (a serde type with the same
/// JSON shape as `T`) read back as a `T` with fastwire, and as a `U` with serde_json, to
/// values that encode alike; and that the reading encodes as `twin` did. `T` may borrow.
#[track_caller]
pub fn assert_round_trip_as_twin<'de, T, U>(twin: &U, texts: &'de (String, String))
where
    T: Decode<'de> + Encode,
    U: Deserialize<'de> + Serialize + Debug,
{
    assert!(
        *texts == oracle(twin),
        "the texts given are not serde_json's for this value"
    );
    for text in [&texts.0, &texts.1] {
        let ours = assert_decodes_like_twin_borrowed::<T, U>(text)
            .unwrap_or_else(|| panic!("not read back: {}", excerpt(text)));
        assert_eq!(
            canonical_json(&fastwire::json::to_string(&ours)),
            canonical_json(&texts.0),
            "{}: reads back to a different value",
            std::any::type_name::<T>()
        );
    }
}

/// serde_json's compact and pretty texts for `twin` read back as `T` by fastwire and as `U`
/// by serde_json (see [`assert_decodes_like_twin`]); returns the verdict, where
/// [`Verdict::RoundTrip`] means fastwire's reading equals `value`.
#[track_caller]
pub fn assert_decodes_like_twin_value<T, U>(value: &T, twin: &U) -> Verdict
where
    T: DecodeOwned + Encode + PartialEq + Debug,
    U: DeserializeOwned + Serialize + Debug,
{
    let (compact, pretty) = oracle(twin);
    let verdicts = [compact, pretty].map(|text| match assert_decodes_like_twin::<T, U>(&text) {
        None => Verdict::Rejected,
        Some(ours) if ours == *value => Verdict::RoundTrip,
        Some(_) => Verdict::Changed,
    });
    assert_eq!(
        verdicts[0], verdicts[1],
        "compact and pretty texts read differently"
    );
    verdicts[0]
}
