//! Helpers shared by fastwire's integration tests (`tests/tests/*.rs`).
//!
//! Every helper compares fastwire with serde, the oracle: serde_json for JSON, rmp-serde for
//! MessagePack. A helper whose name names no format checks both formats, so a test written
//! once covers both; `json` or `msgpack` in a name narrows a helper to that format.
//!
//! Encoding: [`assert_same`] runs a value through every entry point of both formats
//! (`to_string`, `to_vec`, `encode_into`, `to_writer`, and JSON's pretty variants) and checks
//! each result byte for byte: the JSON against serde_json, the MessagePack against
//! `rmp_serde::to_vec_named` (structs as maps, fastwire's default). [`assert_same_as_array`]
//! does the same for types with `#[wire(as_array)]`, whose MessagePack is `rmp_serde::to_vec`'s
//! (structs as arrays).
//!
//! Decoding: [`assert_round_trip`] reads serde's outputs for a value back with fastwire:
//! serde_json's compact and pretty texts (through `from_str`, `from_slice` and `from_reader`
//! with a reader yielding 1 to 7 bytes per call) and rmp-serde's named and array bytes (through
//! `from_slice`, `Decoder::from_slice` and `from_reader`). Each reading must equal serde's own
//! reading of the same document (floats bit for bit), and the readings of the JSON texts and
//! of the named bytes must equal the value. Where serde cannot read its output back (NaN
//! written as `null` in JSON, a field written under a name other than the one it reads, a
//! skipped field), [`assert_decodes_like_serde`] checks that fastwire reaches serde's
//! [`Verdict`] on each document. [`assert_decodes_same`] (JSON) and
//! [`assert_msgpack_decodes_same`] do the same for hand-written input.

use std::fmt::{Debug, Display, Write as _};
use std::io;
use std::path::{Path, PathBuf};
use std::process::Command;

use fastwire::{json, msgpack};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// The encode traits of every format: what `#[derive(fastwire::Encode)]` implements.
pub trait EncodeAll: json::Encode + msgpack::Encode {}

impl<T: ?Sized + json::Encode + msgpack::Encode> EncodeAll for T {}

/// The decode traits of every format for input of lifetime `'de`: what
/// `#[derive(fastwire::Decode)]` implements.
pub trait DecodeAll<'de>: json::Decode<'de> + msgpack::Decode<'de> {}

impl<'de, T: json::Decode<'de> + msgpack::Decode<'de>> DecodeAll<'de> for T {}

/// [`DecodeAll`] for input of any lifetime: the type borrows nothing from the input.
pub trait DecodeOwnedAll: json::DecodeOwned + msgpack::DecodeOwned {}

impl<T: json::DecodeOwned + msgpack::DecodeOwned> DecodeOwnedAll for T {}

/// Bytes placed in front of the buffer handed to `encode_into`, which must append after them.
pub const PREFIX: &[u8] = b"prefix\xe2\x82\xac[";

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

/// What serde (serde_json, or rmp-serde) makes of its own output for a value, and (checked)
/// fastwire too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Read back to a value equal to the original, floats bit for bit.
    RoundTrip,
    /// Read back to a different value: skipped fields come back as their default, NaN in an
    /// `Option<f64>` was written as `null` in JSON and comes back as `None`, and so on.
    Changed,
    /// Rejected: e.g. a field written under one name and read under another, a non-finite
    /// float written as `null` in JSON, a `skip_serializing_if` field absent and not an
    /// `Option`.
    Rejected,
}

/// The verdicts on serde's documents for one value, one per format and form (fastwire agreeing
/// with each, checked).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verdicts {
    /// On serde_json's compact and pretty texts (always the same for both).
    pub json: Verdict,
    /// On `rmp_serde::to_vec_named`'s bytes (structs as maps).
    pub msgpack: Verdict,
    /// On `rmp_serde::to_vec`'s bytes (structs as arrays).
    pub msgpack_array: Verdict,
}

/// The verdicts on rmp-serde's two documents for one value (fastwire agreeing, checked).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MsgpackVerdicts {
    /// On `rmp_serde::to_vec_named`'s bytes (structs as maps).
    pub named: Verdict,
    /// On `rmp_serde::to_vec`'s bytes (structs as arrays).
    pub array: Verdict,
}

/// serde's documents for one value, in both formats: what [`oracle`] and [`msgpack_oracle`]
/// return. Decoded values may borrow from them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Documents {
    /// serde_json's compact and pretty texts.
    pub json: (String, String),
    /// rmp-serde's named (`to_vec_named`) and array (`to_vec`) bytes.
    pub msgpack: (Vec<u8>, Vec<u8>),
}

/// serde's documents for `value` in both formats.
#[track_caller]
pub fn documents<T: ?Sized + Serialize>(value: &T) -> Documents {
    Documents {
        json: oracle(value),
        msgpack: msgpack_oracle(value),
    }
}

/// `value` for as long as the program runs: serde's documents leaked, for types that borrow
/// for `'static` (`&'static str` fields) and so can be read from `'static` input only.
pub fn leak<T>(value: T) -> &'static T {
    Box::leak(Box::new(value))
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

/// `bytes` in hex, shortened for messages.
fn hex_excerpt(bytes: &[u8]) -> String {
    const MAX: usize = 300;
    let mut out = hex(&bytes[..bytes.len().min(MAX)]);
    if bytes.len() > MAX {
        let _ = write!(out, " ... ({} bytes)", bytes.len());
    }
    out
}

/// `bytes` in hex, two digits per byte, separated by spaces.
fn hex(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(3 * bytes.len());
    for (i, byte) in bytes.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let _ = write!(out, "{byte:02x}");
    }
    out
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

// =============================================================================================
// encoding, both formats
// =============================================================================================

/// Asserts that every fastwire entry point of both formats produces exactly serde's bytes for
/// `value`: serde_json's compact and pretty texts, and `rmp_serde::to_vec_named`'s MessagePack.
/// Returns serde_json's compact output, for further checks.
#[track_caller]
pub fn assert_same<T: ?Sized + EncodeAll + Serialize>(value: &T) -> String {
    let compact = assert_same_json(value);
    assert_same_msgpack(value);
    compact
}

/// Like [`assert_same`], but only the cheap entry points (JSON's `to_string`,
/// `to_string_pretty` and one `to_writer` through short writes of at most `chunk` bytes;
/// MessagePack's `to_vec` and one `to_writer` through the same short writes): for large inputs
/// and randomized loops.
#[track_caller]
pub fn assert_same_quick<T: ?Sized + EncodeAll + Serialize>(value: &T, chunk: usize) {
    let (compact, pretty) = oracle(value);
    assert_bytes_eq(
        json::to_string(value).as_bytes(),
        compact.as_bytes(),
        "to_string",
    );
    assert_bytes_eq(
        json::to_string_pretty(value).as_bytes(),
        pretty.as_bytes(),
        "to_string_pretty",
    );
    let mut chunked = ChunkedWriter::new(chunk);
    json::to_writer(&mut chunked, value).expect("to_writer failed");
    assert_bytes_eq(&chunked.out, compact.as_bytes(), "to_writer (short writes)");
    let named = rmp_serde::to_vec_named(value).expect("rmp_serde::to_vec_named failed");
    assert_msgpack_eq(&msgpack::to_vec(value), &named, "msgpack::to_vec");
    let mut chunked = ChunkedWriter::new(chunk);
    msgpack::to_writer(&mut chunked, value).expect("msgpack::to_writer failed");
    assert_msgpack_eq(&chunked.out, &named, "msgpack::to_writer (short writes)");
}

/// Asserts that `value` encodes, through every entry point of both formats, as serde encodes
/// `twin`, a type of the same shape (used where `#[wire(...)]` changes something serde cannot
/// see): serde_json's texts for JSON, `rmp_serde::to_vec_named`'s bytes for MessagePack.
#[track_caller]
pub fn assert_same_as_twin<T: ?Sized + EncodeAll, U: ?Sized + Serialize>(value: &T, twin: &U) {
    let (compact, pretty) = oracle(twin);
    assert_encodes_as(value, &compact, &pretty);
    let named = rmp_serde::to_vec_named(twin).expect("rmp_serde::to_vec_named failed");
    assert_msgpack_encodes_as(value, &named);
}

/// [`assert_same`] for a type with `#[wire(as_array)]`, which serde cannot see: JSON (where
/// `as_array` changes nothing) against serde_json, MessagePack against `rmp_serde::to_vec`,
/// which writes every struct as an array (so every struct inside `value` must have
/// `as_array` too). Returns the MessagePack bytes.
#[track_caller]
pub fn assert_same_as_array<T: ?Sized + EncodeAll + Serialize>(value: &T) -> Vec<u8> {
    assert_same_json(value);
    let array = rmp_serde::to_vec(value).expect("rmp_serde::to_vec failed");
    assert_msgpack_encodes_as(value, &array);
    array
}

// =============================================================================================
// encoding, JSON
// =============================================================================================

/// Asserts that `got` equals `expected`, JSON from serde_json; on failure, reports the first
/// differing byte offset with some context instead of printing two (possibly huge) documents.
#[track_caller]
pub fn assert_bytes_eq(got: &[u8], expected: &[u8], what: &str) {
    if got == expected {
        return;
    }
    let first = first_difference(got, expected);
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

/// The offset of the first byte where `a` and `b` differ (the shorter length if one is a
/// prefix of the other).
fn first_difference(a: &[u8], b: &[u8]) -> usize {
    a.iter()
        .zip(b)
        .position(|(x, y)| x != y)
        .unwrap_or_else(|| a.len().min(b.len()))
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
pub fn assert_encodes_as<T: ?Sized + json::Encode>(value: &T, compact: &str, pretty: &str) {
    assert_encodes_as_with_chunk(value, compact, pretty, 7);
}

/// Like [`assert_encodes_as`], with the chunk size of the short-writing writer given.
#[track_caller]
pub fn assert_encodes_as_with_chunk<T: ?Sized + json::Encode>(
    value: &T,
    compact: &str,
    pretty: &str,
    chunk: usize,
) {
    let compact = compact.as_bytes();
    let pretty = pretty.as_bytes();

    assert_bytes_eq(json::to_string(value).as_bytes(), compact, "to_string");
    assert_bytes_eq(&json::to_vec(value), compact, "to_vec");

    // encode_into appends: to an empty Vec, to a Vec with content and no spare room, and to a
    // Vec with content and plenty of room.
    let mut empty = Vec::new();
    json::encode_into(value, &mut empty);
    assert_bytes_eq(&empty, compact, "encode_into (empty Vec)");
    for spare in [0, compact.len() + 16] {
        let mut buf = Vec::with_capacity(PREFIX.len() + spare);
        buf.extend_from_slice(PREFIX);
        json::encode_into(value, &mut buf);
        assert_bytes_eq(
            &buf[..PREFIX.len().min(buf.len())],
            PREFIX,
            "encode_into prefix",
        );
        assert_bytes_eq(&buf[PREFIX.len()..], compact, "encode_into (after prefix)");
    }
    // Twice into the same buffer: the second document follows the first.
    let mut twice = Vec::new();
    json::encode_into(value, &mut twice);
    json::encode_into(value, &mut twice);
    assert_bytes_eq(
        &twice[compact.len().min(twice.len())..],
        compact,
        "encode_into twice",
    );

    let mut sink = Vec::new();
    json::to_writer(&mut sink, value).expect("to_writer into a Vec failed");
    assert_bytes_eq(&sink, compact, "to_writer (Vec)");
    let mut chunked = ChunkedWriter::new(chunk);
    json::to_writer(&mut chunked, value).expect("to_writer into ChunkedWriter failed");
    assert_bytes_eq(&chunked.out, compact, "to_writer (short writes)");

    assert_bytes_eq(
        json::to_string_pretty(value).as_bytes(),
        pretty,
        "to_string_pretty",
    );
    assert_bytes_eq(&json::to_vec_pretty(value), pretty, "to_vec_pretty");
    let mut sink = Vec::new();
    json::to_writer_pretty(&mut sink, value).expect("to_writer_pretty failed");
    assert_bytes_eq(&sink, pretty, "to_writer_pretty (Vec)");
    let mut chunked = ChunkedWriter::new(chunk);
    json::to_writer_pretty(&mut chunked, value).expect("to_writer_pretty failed");
    assert_bytes_eq(&chunked.out, pretty, "to_writer_pretty (short writes)");
}

/// The JSON half of [`assert_same`]: every fastwire JSON entry point against serde_json,
/// compact and pretty. Returns serde_json's compact output.
#[track_caller]
pub fn assert_same_json<T: ?Sized + json::Encode + Serialize>(value: &T) -> String {
    let (compact, pretty) = oracle(value);
    assert_encodes_as(value, &compact, &pretty);
    compact
}

// =============================================================================================
// encoding, MessagePack
// =============================================================================================

/// rmp-serde's two outputs for `value`: `to_vec_named` (structs as maps, what fastwire writes
/// by default) and `to_vec` (structs as arrays, what `#[wire(as_array)]` writes).
#[track_caller]
pub fn msgpack_oracle<T: ?Sized + Serialize>(value: &T) -> (Vec<u8>, Vec<u8>) {
    let named = rmp_serde::to_vec_named(value).expect("rmp_serde::to_vec_named failed");
    let array = rmp_serde::to_vec(value).expect("rmp_serde::to_vec failed");
    (named, array)
}

/// The MessagePack bytes of `value`, for hand-written inputs no serde type writes (integer
/// keys, binaries, extensions, keys in any order or repeated); integers and headers take their
/// smallest form.
pub fn msgpack_bytes(value: &rmpv::Value) -> Vec<u8> {
    let mut out = Vec::new();
    rmpv::encode::write_value(&mut out, value).expect("writing to a Vec cannot fail");
    out
}

/// Asserts that `got` equals `expected`, MessagePack from rmp-serde; on failure, reports the
/// first differing byte offset with the bytes around it in hex.
#[track_caller]
pub fn assert_msgpack_eq(got: &[u8], expected: &[u8], what: &str) {
    if got == expected {
        return;
    }
    let first = first_difference(got, expected);
    let from = first.saturating_sub(24);
    let show = |bytes: &[u8]| {
        let to = (first + 24).min(bytes.len());
        hex(&bytes[from.min(to)..to])
    };
    let mut msg = String::new();
    let _ = write!(
        msg,
        "{what}: output differs from rmp-serde at byte {first} (got {} bytes, expected {} bytes)\n  got      (from byte {from}): {}\n  expected (from byte {from}): {}",
        got.len(),
        expected.len(),
        show(got),
        show(expected),
    );
    if expected.len() <= 400 && got.len() <= 400 {
        let _ = write!(
            msg,
            "\n  full got:      {}\n  full expected: {}",
            hex(got),
            hex(expected),
        );
    }
    panic!("{msg}");
}

/// Checks every fastwire MessagePack entry point (`to_vec`, `encode_into`, `to_writer`)
/// against the expected bytes.
#[track_caller]
pub fn assert_msgpack_encodes_as<T: ?Sized + msgpack::Encode>(value: &T, expected: &[u8]) {
    assert_msgpack_encodes_as_with_chunk(value, expected, 7);
}

/// Like [`assert_msgpack_encodes_as`], with the chunk size of the short-writing writer given.
#[track_caller]
pub fn assert_msgpack_encodes_as_with_chunk<T: ?Sized + msgpack::Encode>(
    value: &T,
    expected: &[u8],
    chunk: usize,
) {
    assert_msgpack_eq(&msgpack::to_vec(value), expected, "msgpack::to_vec");

    // encode_into appends: to an empty Vec, to a Vec with content and no spare room, and to a
    // Vec with content and plenty of room.
    let mut empty = Vec::new();
    msgpack::encode_into(value, &mut empty);
    assert_msgpack_eq(&empty, expected, "msgpack::encode_into (empty Vec)");
    for spare in [0, expected.len() + 16] {
        let mut buf = Vec::with_capacity(PREFIX.len() + spare);
        buf.extend_from_slice(PREFIX);
        msgpack::encode_into(value, &mut buf);
        assert_msgpack_eq(
            &buf[..PREFIX.len().min(buf.len())],
            PREFIX,
            "msgpack::encode_into prefix",
        );
        assert_msgpack_eq(
            &buf[PREFIX.len()..],
            expected,
            "msgpack::encode_into (after prefix)",
        );
    }
    // Twice into the same buffer: the second document follows the first.
    let mut twice = Vec::new();
    msgpack::encode_into(value, &mut twice);
    msgpack::encode_into(value, &mut twice);
    assert_msgpack_eq(
        &twice[expected.len().min(twice.len())..],
        expected,
        "msgpack::encode_into twice",
    );

    let mut sink = Vec::new();
    msgpack::to_writer(&mut sink, value).expect("msgpack::to_writer into a Vec failed");
    assert_msgpack_eq(&sink, expected, "msgpack::to_writer (Vec)");
    let mut chunked = ChunkedWriter::new(chunk);
    msgpack::to_writer(&mut chunked, value).expect("msgpack::to_writer into ChunkedWriter failed");
    assert_msgpack_eq(&chunked.out, expected, "msgpack::to_writer (short writes)");
}

/// The MessagePack half of [`assert_same`]: every fastwire MessagePack entry point against
/// `rmp_serde::to_vec_named`. Returns rmp-serde's bytes.
#[track_caller]
pub fn assert_same_msgpack<T: ?Sized + msgpack::Encode + Serialize>(value: &T) -> Vec<u8> {
    let named = rmp_serde::to_vec_named(value).expect("rmp_serde::to_vec_named failed");
    assert_msgpack_encodes_as(value, &named);
    named
}

// =============================================================================================
// decoding, both formats
// =============================================================================================

/// Asserts that serde's documents for `value` read back through every fastwire entry point:
/// serde_json's compact and pretty texts and rmp-serde's named bytes to `value`, rmp-serde's
/// array bytes as rmp-serde reads them (to `value`, unless the array form loses something, as
/// a skipped field that shortens the array does); every reading equal to serde's own, floats
/// bit for bit.
#[track_caller]
pub fn assert_round_trip<T>(value: &T)
where
    T: Serialize + DeserializeOwned + DecodeOwnedAll + PartialEq + Debug,
{
    json_round_trip(value);
    assert_msgpack_round_trip(value);
}

/// A cheaper [`assert_round_trip`] for large values: serde_json's compact text read back by
/// fastwire's `from_reader` (1 to 7 bytes per call), its pretty text by `from_str`, rmp-serde's
/// named bytes by `msgpack::from_reader` and its array bytes by `msgpack::from_slice`; readings
/// compared with serde's own by `PartialEq` only.
#[track_caller]
pub fn assert_round_trip_quick<T>(value: &T)
where
    T: Serialize + DeserializeOwned + DecodeOwnedAll + PartialEq + Debug,
{
    json_round_trip_quick(value);
    assert_msgpack_round_trip_quick(value);
}

/// [`assert_round_trip`] for a type without `PartialEq` or `Debug` (tuples longer than 12):
/// the readings are compared through their serialization (canonical, floats bit for bit).
#[track_caller]
pub fn assert_round_trip_by_encoding<T>(value: &T)
where
    T: Serialize + DeserializeOwned + DecodeOwnedAll,
{
    json_round_trip_by_encoding(value);
    msgpack_round_trip_by_encoding(value);
}

/// serde's documents for `value`, each read back by fastwire (every entry point) and by serde:
/// asserts that fastwire agrees with serde on every document, and returns what happened in
/// each format.
#[track_caller]
pub fn assert_decodes_like_serde<T>(value: &T) -> Verdicts
where
    T: Serialize + DeserializeOwned + DecodeOwnedAll + PartialEq + Debug,
{
    let json = assert_decodes_like_serde_json(value);
    let msgpack = assert_msgpack_decodes_like_rmp_serde(value);
    Verdicts {
        json,
        msgpack: msgpack.named,
        msgpack_array: msgpack.array,
    }
}

/// Like [`assert_decodes_like_serde`], for a `T` that borrows from the input (`&str`,
/// `Cow<str>` fields): `docs` are serde's documents for `value` (from [`documents`]) and must
/// outlive what is decoded from them. Only the entry points that can lend (not `from_reader`).
#[track_caller]
pub fn assert_decodes_like_serde_borrowed<'de, T>(value: &T, docs: &'de Documents) -> Verdicts
where
    T: Serialize + Deserialize<'de> + DecodeAll<'de> + PartialEq + Debug,
{
    let json = assert_decodes_like_serde_json_borrowed(value, &docs.json);
    let msgpack = assert_msgpack_decodes_like_rmp_serde_borrowed(value, &docs.msgpack);
    Verdicts {
        json,
        msgpack: msgpack.named,
        msgpack_array: msgpack.array,
    }
}

/// [`assert_round_trip`] for a `T` that borrows from the input; see
/// [`assert_decodes_like_serde_borrowed`].
#[track_caller]
pub fn assert_round_trip_borrowed<'de, T>(value: &T, docs: &'de Documents)
where
    T: Serialize + Deserialize<'de> + DecodeAll<'de> + PartialEq + Debug,
{
    let verdicts = assert_decodes_like_serde_borrowed(value, docs);
    assert!(
        verdicts.json == Verdict::RoundTrip && verdicts.msgpack == Verdict::RoundTrip,
        "{}: serde itself does not read its output back ({verdicts:?}), for {}\n  JSON text: {}\n  MessagePack: {}",
        std::any::type_name::<T>(),
        debug_excerpt(value),
        excerpt(&docs.json.0),
        hex_excerpt(&docs.msgpack.0)
    );
}

/// [`assert_same`] and [`assert_round_trip`] together: fastwire writes serde's bytes for
/// `value` in both formats, and reads them back to `value`. Returns serde_json's compact
/// output.
#[track_caller]
pub fn assert_same_round_trip<T>(value: &T) -> String
where
    T: EncodeAll + Serialize + DeserializeOwned + DecodeOwnedAll + PartialEq + Debug,
{
    assert_round_trip(value);
    assert_same(value)
}

/// [`assert_same`] and [`assert_round_trip_borrowed`] together, for a value whose type borrows
/// (`&str`, `Cow<str>`): serde's documents live in the macro's scope while decoded values
/// borrow from them. Evaluates to serde_json's compact output.
#[macro_export]
macro_rules! assert_same_round_trip_borrowed {
    ($value:expr) => {{
        let value = &$value;
        let docs = $crate::documents(value);
        $crate::assert_round_trip_borrowed(value, &docs);
        $crate::assert_same(value)
    }};
}

/// [`assert_same`] and [`assert_round_trip_borrowed`] together, for a value whose type borrows
/// for `'static` (`&'static str`): serde's documents are leaked for the decoded values to
/// borrow from. Returns serde_json's compact output.
#[track_caller]
pub fn assert_same_round_trip_static<T>(value: &T) -> String
where
    T: EncodeAll + Serialize + Deserialize<'static> + DecodeAll<'static> + PartialEq + Debug,
{
    assert_round_trip_borrowed(value, leak(documents(value)));
    assert_same(value)
}

/// [`assert_decodes_like_serde_borrowed`] for a value whose type borrows for `'static`, on
/// serde's documents leaked: returns the [`Verdicts`].
#[track_caller]
pub fn decode_verdict_static<T>(value: &T) -> Verdicts
where
    T: Serialize + Deserialize<'static> + DecodeAll<'static> + PartialEq + Debug,
{
    assert_decodes_like_serde_borrowed(value, leak(documents(value)))
}

/// [`assert_decodes_like_serde_borrowed`] with serde's documents made in the macro's scope:
/// evaluates to the [`Verdicts`].
#[macro_export]
macro_rules! decode_verdict_borrowed {
    ($value:expr) => {{
        let value = &$value;
        let docs = $crate::documents(value);
        $crate::assert_decodes_like_serde_borrowed(value, &docs)
    }};
}

/// serde's documents for `twin` (a serde type of the same shape as `T`, used where
/// `#[wire(...)]` changes something serde cannot see) read back as `T` by fastwire and as `U`
/// by serde: both reject, or both accept and their readings encode alike. Returns the
/// verdicts, where [`Verdict::RoundTrip`] means fastwire's reading equals `value`.
#[track_caller]
pub fn assert_decodes_like_twin_value<T, U>(value: &T, twin: &U) -> Verdicts
where
    T: DecodeOwnedAll + EncodeAll + PartialEq + Debug,
    U: DeserializeOwned + Serialize + Debug,
{
    let json = json_decodes_like_twin_value(value, twin);
    let (named, array) = msgpack_oracle(twin);
    let [msgpack, msgpack_array] = [named, array].map(
        |bytes| match assert_msgpack_decodes_like_twin::<T, U>(&bytes) {
            None => Verdict::Rejected,
            Some(ours) if ours == *value => Verdict::RoundTrip,
            Some(_) => Verdict::Changed,
        },
    );
    Verdicts {
        json,
        msgpack,
        msgpack_array,
    }
}

// =============================================================================================
// decoding, JSON
// =============================================================================================

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
) -> (Result<T, json::Error>, Result<T, serde_json::Error>)
where
    T: Deserialize<'de> + json::Decode<'de> + PartialEq + Debug,
{
    let theirs = serde_json::from_str::<T>(text);
    let ours = json::from_str::<T>(text);
    check_agreement("from_str", text, &ours, &theirs);
    let from_slice = json::from_slice::<T>(text.as_bytes());
    check_agreement("from_slice", text, &from_slice, &theirs);
    (ours, theirs)
}

/// Like [`assert_decodes_same_borrowed`], for a `T` that borrows nothing, and through
/// `from_reader` (a reader yielding 1 to 7 bytes per call) as well. Returns serde_json's result.
#[track_caller]
pub fn assert_decodes_same<T>(text: &str) -> Result<T, serde_json::Error>
where
    T: DeserializeOwned + json::DecodeOwned + PartialEq + Debug,
{
    decode_all::<T>(text).1
}

/// [`assert_decodes_same`], returning fastwire's (`from_str`) result too.
#[track_caller]
fn decode_all<T>(text: &str) -> (Result<T, json::Error>, Result<T, serde_json::Error>)
where
    T: DeserializeOwned + json::DecodeOwned + PartialEq + Debug,
{
    let (ours, theirs) = assert_decodes_same_borrowed::<T>(text);
    let reader = ChunkedReader::new(text.as_bytes(), 1 + text.len() % 7);
    let from_reader = json::from_reader::<_, T>(reader);
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
    T: Serialize + DeserializeOwned + json::DecodeOwned + PartialEq + Debug,
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
    T: Serialize + DeserializeOwned + json::DecodeOwned + PartialEq + Debug,
{
    let (compact, pretty) = oracle(value);
    let theirs = serde_json::from_str::<T>(&compact);
    let ours = json::from_str::<T>(&compact);
    check_agreement("from_str", &compact, &ours, &theirs);
    let reader = ChunkedReader::new(compact.as_bytes(), 1 + compact.len() % 7);
    let from_reader = json::from_reader::<_, T>(reader);
    check_agreement("from_reader", &compact, &from_reader, &theirs);
    let from_slice = json::from_slice::<T>(pretty.as_bytes());
    check_agreement("from_slice", &pretty, &from_slice, &theirs);
    verdict(value, &compact, ours, theirs)
}

/// The JSON half of [`assert_round_trip`]: serde_json's compact and pretty texts for `value`
/// read back, through every fastwire entry point, to `value` (and to serde_json's own reading,
/// floats bit for bit).
#[track_caller]
fn json_round_trip<T>(value: &T)
where
    T: Serialize + DeserializeOwned + json::DecodeOwned + PartialEq + Debug,
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

/// The JSON half of [`assert_round_trip_quick`]: serde_json's compact text read back by
/// serde_json and by fastwire's `from_reader` (1 to 7 bytes per call), its pretty text by
/// `from_str`; readings compared with `PartialEq` only.
#[track_caller]
fn json_round_trip_quick<T>(value: &T)
where
    T: Serialize + DeserializeOwned + json::DecodeOwned + PartialEq + Debug,
{
    let (compact, pretty) = oracle(value);
    let theirs = serde_json::from_str::<T>(&compact);
    assert!(
        theirs.as_ref().is_ok_and(|theirs| theirs == value),
        "{}: serde_json itself does not read its output back",
        std::any::type_name::<T>()
    );
    let reader = ChunkedReader::new(compact.as_bytes(), 1 + compact.len() % 7);
    let ours = json::from_reader::<_, T>(reader);
    check_agreement("from_reader", &compact, &ours, &theirs);
    let ours = json::from_str::<T>(&pretty);
    check_agreement("from_str", &pretty, &ours, &theirs);
}

/// The JSON half of [`assert_round_trip_by_encoding`].
#[track_caller]
fn json_round_trip_by_encoding<T>(value: &T)
where
    T: Serialize + DeserializeOwned + json::DecodeOwned,
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
            ("from_str", json::from_str::<T>(text)),
            ("from_slice", json::from_slice::<T>(text.as_bytes())),
            ("from_reader", json::from_reader::<_, T>(reader)),
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
    T: Serialize + Deserialize<'de> + json::Decode<'de> + PartialEq + Debug,
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

/// Decodes `text` as a `T` with fastwire (`from_str`, `from_slice`, `from_reader`) and as `U`,
/// a serde twin with the same JSON shape, with serde_json (used where `#[wire(...)]` changes
/// something serde cannot see). Asserts that both reject it or both accept it, and then that
/// the two readings encode alike (fastwire for `T`, serde_json for `U`). Returns fastwire's
/// reading.
#[track_caller]
pub fn assert_decodes_like_twin<T, U>(text: &str) -> Option<T>
where
    T: json::DecodeOwned + json::Encode,
    U: DeserializeOwned + Serialize + Debug,
{
    let theirs = serde_json::from_str::<U>(text);
    let reader = ChunkedReader::new(text.as_bytes(), 1 + text.len() % 7);
    let from_reader = json::from_reader::<_, T>(reader);
    check_twin_agreement("from_reader", text, &from_reader, &theirs);
    assert_decodes_like_twin_borrowed::<T, U>(text)
}

/// [`assert_decodes_like_twin`] for types that may borrow from `text` (`from_str` and
/// `from_slice` only).
#[track_caller]
pub fn assert_decodes_like_twin_borrowed<'de, T, U>(text: &'de str) -> Option<T>
where
    T: json::Decode<'de> + json::Encode,
    U: Deserialize<'de> + Serialize + Debug,
{
    let theirs = serde_json::from_str::<U>(text);
    let from_slice = json::from_slice::<T>(text.as_bytes());
    check_twin_agreement("from_slice", text, &from_slice, &theirs);
    let ours = json::from_str::<T>(text);
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
    T: json::Encode,
    U: Serialize + Debug,
{
    match (ours, theirs) {
        (Ok(a), Ok(b)) => {
            let (a_text, b_text) = (
                canonical_json(&json::to_string(a)),
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
            excerpt(&json::to_string(a)),
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
    T: json::Decode<'de> + json::Encode,
{
    let expected = canonical_json(&texts.0);
    for text in [&texts.0, &texts.1] {
        for (entry, ours) in [
            ("from_str", json::from_str::<T>(text)),
            ("from_slice", json::from_slice::<T>(text.as_bytes())),
        ] {
            match ours {
                Ok(ours) => assert_eq!(
                    canonical_json(&json::to_string(&ours)),
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
    T: json::Decode<'de> + json::Encode,
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
            canonical_json(&json::to_string(&ours)),
            canonical_json(&texts.0),
            "{}: reads back to a different value",
            std::any::type_name::<T>()
        );
    }
}

/// The JSON half of [`assert_decodes_like_twin_value`]: serde_json's compact and pretty texts
/// for `twin` read back as `T` by fastwire and as `U` by serde_json (see
/// [`assert_decodes_like_twin`]); returns the verdict, where [`Verdict::RoundTrip`] means
/// fastwire's reading equals `value`.
#[track_caller]
fn json_decodes_like_twin_value<T, U>(value: &T, twin: &U) -> Verdict
where
    T: json::DecodeOwned + json::Encode + PartialEq + Debug,
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

// =============================================================================================
// decoding, MessagePack
// =============================================================================================

/// The MessagePack document `bytes` (well-formed, as rmp-serde writes it) in a canonical form:
/// every map's entries sorted and, with `sort_arrays`, every array's elements too; everything
/// else as it is. Encodings of equal values compare equal as canonical bytes even when they
/// hold hash maps (and, with `sort_arrays`, hash sets), while floats still compare bit for bit
/// and `f32` is not `f64`. (Order is for `PartialEq` to check; this is the check `PartialEq`
/// cannot make.)
pub fn canonical_msgpack(bytes: &[u8], sort_arrays: bool) -> Vec<u8> {
    let mut input = bytes;
    let value = rmpv::decode::read_value(&mut input).expect("canonical_msgpack: malformed input");
    assert!(input.is_empty(), "canonical_msgpack: trailing input");
    let mut out = Vec::with_capacity(bytes.len());
    write_canonical(&value, sort_arrays, &mut out);
    out
}

fn write_canonical(value: &rmpv::Value, sort_arrays: bool, out: &mut Vec<u8>) {
    let canonical = |value: &rmpv::Value| {
        let mut part = Vec::new();
        write_canonical(value, sort_arrays, &mut part);
        part
    };
    let (parts, markers) = match value {
        rmpv::Value::Array(items) => {
            let mut parts: Vec<Vec<u8>> = items.iter().map(canonical).collect();
            if sort_arrays {
                parts.sort();
            }
            (parts, [0x90, 0xdc, 0xdd])
        }
        rmpv::Value::Map(entries) => {
            let mut parts: Vec<Vec<u8>> = entries
                .iter()
                .map(|(key, value)| [canonical(key), canonical(value)].concat())
                .collect();
            parts.sort();
            (parts, [0x80, 0xde, 0xdf])
        }
        scalar => {
            rmpv::encode::write_value(out, scalar).expect("writing to a Vec cannot fail");
            return;
        }
    };
    let len = parts.len();
    if len < 16 {
        out.push(markers[0] | len as u8);
    } else if let Ok(len) = u16::try_from(len) {
        out.push(markers[1]);
        out.extend_from_slice(&len.to_be_bytes());
    } else {
        out.push(markers[2]);
        out.extend_from_slice(&(len as u32).to_be_bytes());
    }
    parts.iter().for_each(|part| out.extend_from_slice(part));
}

/// `value`'s `rmp_serde::to_vec_named` bytes in canonical form (see [`canonical_msgpack`]).
fn canonical_encoding<T: ?Sized + Serialize>(value: &T, sort_arrays: bool) -> Vec<u8> {
    let bytes = rmp_serde::to_vec_named(value).expect("rmp_serde::to_vec_named failed");
    canonical_msgpack(&bytes, sort_arrays)
}

/// Whether `value` holds a NaN somewhere, which makes it unequal to itself.
#[allow(clippy::eq_op)]
fn holds_nan<T: PartialEq>(value: &T) -> bool {
    value != value
}

/// Whether `a` and `b` are the same value, as the MessagePack helpers compare readings: equal
/// by `PartialEq` and bit for bit (their rmp-serde encodings equal in canonical form, see
/// [`canonical_msgpack`]). For values holding NaN, which `PartialEq` cannot compare, their
/// canonical encodings alone decide (with arrays kept in order).
pub fn same_msgpack_value<T: Serialize + PartialEq>(a: &T, b: &T) -> bool {
    let comparable = !holds_nan(a) && !holds_nan(b);
    if comparable && a != b {
        return false;
    }
    // Equal encodings need no canonical form (which only hash maps and sets make necessary).
    let (a_bytes, b_bytes) = (
        rmp_serde::to_vec_named(a).expect("rmp_serde::to_vec_named failed"),
        rmp_serde::to_vec_named(b).expect("rmp_serde::to_vec_named failed"),
    );
    a_bytes == b_bytes
        || canonical_msgpack(&a_bytes, comparable) == canonical_msgpack(&b_bytes, comparable)
}

/// Panics unless fastwire's MessagePack result `ours` (from `entry`) agrees with rmp-serde's
/// `theirs`: both errors, or values that are the `same`; and unless fastwire's error, if any,
/// points inside `bytes`.
#[track_caller]
fn check_msgpack_agreement<T: Debug>(
    entry: &str,
    bytes: &[u8],
    ours: &Result<T, msgpack::Error>,
    theirs: &Result<T, rmp_serde::decode::Error>,
    same: impl Fn(&T, &T) -> bool,
) {
    if let Err(e) = ours {
        assert!(
            e.offset() <= bytes.len(),
            "{entry} as {}: error at byte {}, beyond the input's {} bytes: {e}\n  input: {}",
            std::any::type_name::<T>(),
            e.offset(),
            bytes.len(),
            hex_excerpt(bytes)
        );
    }
    let problem = match (ours, theirs) {
        (Ok(a), Ok(b)) if same(a, b) => return,
        (Err(_), Err(_)) => return,
        (Ok(a), Ok(b)) => format!(
            "values differ\n  fastwire:  {}\n  rmp-serde: {}",
            debug_excerpt(a),
            debug_excerpt(b)
        ),
        (Ok(a), Err(e)) => format!(
            "fastwire accepts what rmp-serde rejects\n  fastwire:  {}\n  rmp-serde: error: {e}",
            debug_excerpt(a)
        ),
        (Err(e), Ok(b)) => format!(
            "fastwire rejects what rmp-serde accepts\n  fastwire:  error: {e}\n  rmp-serde: {}",
            debug_excerpt(b)
        ),
    };
    panic!(
        "{entry} as {}: {problem}\n  input: {}",
        std::any::type_name::<T>(),
        hex_excerpt(bytes)
    );
}

/// Decodes `bytes` as a `T` with fastwire's `msgpack::from_slice` and `Decoder::from_slice`
/// and with `rmp_serde::from_slice`, and asserts that they agree: both reject them, or both
/// read the same value (floats bit for bit); and that fastwire's errors point inside `bytes`.
/// Returns fastwire's and rmp-serde's results. `T` may borrow from `bytes`.
#[track_caller]
pub fn assert_msgpack_decodes_same_borrowed<'de, T>(
    bytes: &'de [u8],
) -> (
    Result<T, msgpack::Error>,
    Result<T, rmp_serde::decode::Error>,
)
where
    T: Serialize + Deserialize<'de> + msgpack::Decode<'de> + PartialEq + Debug,
{
    let theirs = rmp_serde::from_slice::<T>(bytes);
    let ours = msgpack::from_slice::<T>(bytes);
    check_msgpack_agreement(
        "msgpack::from_slice",
        bytes,
        &ours,
        &theirs,
        same_msgpack_value,
    );
    let decoder = msgpack::Decoder::new().from_slice::<T>(bytes);
    check_msgpack_agreement(
        "msgpack::Decoder::from_slice",
        bytes,
        &decoder,
        &theirs,
        same_msgpack_value,
    );
    (ours, theirs)
}

/// Like [`assert_msgpack_decodes_same_borrowed`], for a `T` that borrows nothing, and through
/// `msgpack::from_reader` (a reader yielding 1 to 7 bytes per call) as well. Returns
/// rmp-serde's result.
#[track_caller]
pub fn assert_msgpack_decodes_same<T>(bytes: &[u8]) -> Result<T, rmp_serde::decode::Error>
where
    T: Serialize + DeserializeOwned + msgpack::DecodeOwned + PartialEq + Debug,
{
    let (_, theirs) = assert_msgpack_decodes_same_borrowed::<T>(bytes);
    let reader = ChunkedReader::new(bytes, 1 + bytes.len() % 7);
    let from_reader = msgpack::from_reader::<_, T>(reader);
    check_msgpack_agreement(
        "msgpack::from_reader",
        bytes,
        &from_reader,
        &theirs,
        same_msgpack_value,
    );
    theirs
}

/// The verdict on one of rmp-serde's documents for `value`, given rmp-serde's reading of it
/// (fastwire's already checked to agree).
fn msgpack_verdict<T: Serialize + PartialEq>(
    value: &T,
    theirs: &Result<T, rmp_serde::decode::Error>,
) -> Verdict {
    match theirs {
        Ok(theirs) if same_msgpack_value(theirs, value) => Verdict::RoundTrip,
        Ok(_) => Verdict::Changed,
        Err(_) => Verdict::Rejected,
    }
}

/// rmp-serde's named and array bytes for `value`, each read back by fastwire
/// (`msgpack::from_slice`, `Decoder::from_slice`, `from_reader` through a reader yielding 1 to
/// 7 bytes per call) and by rmp-serde: asserts that fastwire agrees with rmp-serde every time,
/// and returns what happened to each.
#[track_caller]
pub fn assert_msgpack_decodes_like_rmp_serde<T>(value: &T) -> MsgpackVerdicts
where
    T: Serialize + DeserializeOwned + msgpack::DecodeOwned + PartialEq + Debug,
{
    let (named, array) = msgpack_oracle(value);
    MsgpackVerdicts {
        named: msgpack_verdict(value, &assert_msgpack_decodes_same::<T>(&named)),
        array: msgpack_verdict(value, &assert_msgpack_decodes_same::<T>(&array)),
    }
}

/// A cheaper [`assert_msgpack_decodes_like_rmp_serde`], for randomized loops: the named bytes
/// read by `msgpack::from_slice` and `from_reader` (1 to 7 bytes per call), the array bytes by
/// `msgpack::from_slice`.
#[track_caller]
pub fn assert_msgpack_decodes_like_rmp_serde_quick<T>(value: &T) -> MsgpackVerdicts
where
    T: Serialize + DeserializeOwned + msgpack::DecodeOwned + PartialEq + Debug,
{
    let (named, array) = msgpack_oracle(value);
    let theirs = rmp_serde::from_slice::<T>(&named);
    let ours = msgpack::from_slice::<T>(&named);
    check_msgpack_agreement(
        "msgpack::from_slice",
        &named,
        &ours,
        &theirs,
        same_msgpack_value,
    );
    let reader = ChunkedReader::new(&named, 1 + named.len() % 7);
    let from_reader = msgpack::from_reader::<_, T>(reader);
    check_msgpack_agreement(
        "msgpack::from_reader",
        &named,
        &from_reader,
        &theirs,
        same_msgpack_value,
    );
    let theirs_array = rmp_serde::from_slice::<T>(&array);
    let ours = msgpack::from_slice::<T>(&array);
    check_msgpack_agreement(
        "msgpack::from_slice",
        &array,
        &ours,
        &theirs_array,
        same_msgpack_value,
    );
    MsgpackVerdicts {
        named: msgpack_verdict(value, &theirs),
        array: msgpack_verdict(value, &theirs_array),
    }
}

/// Like [`assert_msgpack_decodes_like_rmp_serde`], for a `T` that borrows from the input:
/// `bytes` are rmp-serde's named and array bytes for `value` (from [`msgpack_oracle`]), and
/// must outlive what is decoded from them. Only the entry points that can lend.
#[track_caller]
pub fn assert_msgpack_decodes_like_rmp_serde_borrowed<'de, T>(
    value: &T,
    bytes: &'de (Vec<u8>, Vec<u8>),
) -> MsgpackVerdicts
where
    T: Serialize + Deserialize<'de> + msgpack::Decode<'de> + PartialEq + Debug,
{
    assert!(
        *bytes == msgpack_oracle(value),
        "the bytes given are not rmp-serde's for this value"
    );
    let (_, named) = assert_msgpack_decodes_same_borrowed::<T>(&bytes.0);
    let (_, array) = assert_msgpack_decodes_same_borrowed::<T>(&bytes.1);
    MsgpackVerdicts {
        named: msgpack_verdict(value, &named),
        array: msgpack_verdict(value, &array),
    }
}

/// The MessagePack half of [`assert_round_trip`]: rmp-serde's named bytes for `value` read
/// back, through every fastwire entry point, to `value`, and its array bytes as rmp-serde reads
/// them (see [`assert_msgpack_decodes_like_rmp_serde`]).
#[track_caller]
pub fn assert_msgpack_round_trip<T>(value: &T)
where
    T: Serialize + DeserializeOwned + msgpack::DecodeOwned + PartialEq + Debug,
{
    let verdicts = assert_msgpack_decodes_like_rmp_serde(value);
    assert!(
        verdicts.named == Verdict::RoundTrip,
        "{}: rmp-serde itself does not read its output back ({verdicts:?}), for {}\n  bytes: {}",
        std::any::type_name::<T>(),
        debug_excerpt(value),
        hex_excerpt(&msgpack_oracle(value).0)
    );
}

/// The MessagePack half of [`assert_round_trip_quick`]: rmp-serde's named bytes read back by
/// rmp-serde (to `value`) and by `msgpack::from_reader` (1 to 7 bytes per call), its array
/// bytes by both `from_slice`s; readings compared by `PartialEq` only.
#[track_caller]
pub fn assert_msgpack_round_trip_quick<T>(value: &T)
where
    T: Serialize + DeserializeOwned + msgpack::DecodeOwned + PartialEq + Debug,
{
    let (named, array) = msgpack_oracle(value);
    let theirs = rmp_serde::from_slice::<T>(&named);
    assert!(
        theirs.as_ref().is_ok_and(|theirs| theirs == value),
        "{}: rmp-serde itself does not read its output back",
        std::any::type_name::<T>()
    );
    let reader = ChunkedReader::new(&named, 1 + named.len() % 7);
    let ours = msgpack::from_reader::<_, T>(reader);
    check_msgpack_agreement("msgpack::from_reader", &named, &ours, &theirs, T::eq);
    let theirs = rmp_serde::from_slice::<T>(&array);
    let ours = msgpack::from_slice::<T>(&array);
    check_msgpack_agreement("msgpack::from_slice", &array, &ours, &theirs, T::eq);
}

/// The MessagePack half of [`assert_round_trip_by_encoding`]: rmp-serde's named and array
/// bytes read back by rmp-serde and by fastwire (`from_slice`, `from_reader`) to values whose
/// canonical encodings equal the original's.
#[track_caller]
fn msgpack_round_trip_by_encoding<T>(value: &T)
where
    T: Serialize + DeserializeOwned + msgpack::DecodeOwned,
{
    let (named, array) = msgpack_oracle(value);
    let expected = canonical_msgpack(&named, true);
    for bytes in [&named, &array] {
        let theirs = rmp_serde::from_slice::<T>(bytes).expect("rmp-serde cannot read its output");
        assert_eq!(
            canonical_encoding(&theirs, true),
            expected,
            "rmp-serde does not round-trip"
        );
        let reader = ChunkedReader::new(bytes, 1 + bytes.len() % 7);
        for (entry, ours) in [
            ("msgpack::from_slice", msgpack::from_slice::<T>(bytes)),
            ("msgpack::from_reader", msgpack::from_reader::<_, T>(reader)),
        ] {
            match ours {
                Ok(ours) => assert!(
                    canonical_encoding(&ours, true) == expected,
                    "{entry} as {}: reads back differently\n  got:   {}\n  input: {}",
                    std::any::type_name::<T>(),
                    hex_excerpt(&canonical_encoding(&ours, true)),
                    hex_excerpt(bytes)
                ),
                Err(e) => panic!(
                    "{entry} as {}: fastwire rejects what rmp-serde accepts: {e}\n  input: {}",
                    std::any::type_name::<T>(),
                    hex_excerpt(bytes)
                ),
            }
        }
    }
}

/// Decodes `bytes` as a `T` with fastwire (`msgpack::from_slice`, `from_reader`) and as `U`, a
/// serde twin of the same shape, with rmp-serde (used where `#[wire(...)]` changes something
/// serde cannot see). Asserts that both reject them or both accept them, and then that the two
/// readings encode alike (fastwire for `T`, rmp-serde's `to_vec_named` for `U`, in canonical
/// form). Returns fastwire's reading.
#[track_caller]
pub fn assert_msgpack_decodes_like_twin<T, U>(bytes: &[u8]) -> Option<T>
where
    T: msgpack::DecodeOwned + msgpack::Encode,
    U: DeserializeOwned + Serialize + Debug,
{
    let theirs = rmp_serde::from_slice::<U>(bytes);
    let reader = ChunkedReader::new(bytes, 1 + bytes.len() % 7);
    let from_reader = msgpack::from_reader::<_, T>(reader);
    check_msgpack_twin_agreement("msgpack::from_reader", bytes, &from_reader, &theirs);
    let ours = msgpack::from_slice::<T>(bytes);
    check_msgpack_twin_agreement("msgpack::from_slice", bytes, &ours, &theirs);
    ours.ok()
}

#[track_caller]
fn check_msgpack_twin_agreement<T, U>(
    entry: &str,
    bytes: &[u8],
    ours: &Result<T, msgpack::Error>,
    theirs: &Result<U, rmp_serde::decode::Error>,
) where
    T: msgpack::Encode,
    U: Serialize + Debug,
{
    if let Err(e) = ours {
        assert!(
            e.offset() <= bytes.len(),
            "{entry} as {}: error at byte {}, beyond the input's {} bytes: {e}",
            std::any::type_name::<T>(),
            e.offset(),
            bytes.len()
        );
    }
    match (ours, theirs) {
        (Ok(a), Ok(b)) => {
            let (a_bytes, b_bytes) = (
                canonical_msgpack(&msgpack::to_vec(a), true),
                canonical_encoding(b, true),
            );
            assert!(
                a_bytes == b_bytes,
                "{entry} as {}: reads differently from the twin\n  fastwire:  {}\n  rmp-serde: {}\n  input: {}",
                std::any::type_name::<T>(),
                hex_excerpt(&a_bytes),
                hex_excerpt(&b_bytes),
                hex_excerpt(bytes)
            );
        }
        (Err(_), Err(_)) => {}
        (Ok(a), Err(e)) => panic!(
            "{entry} as {}: fastwire accepts what rmp-serde rejects for the twin\n  fastwire:  {}\n  rmp-serde: error: {e}\n  input: {}",
            std::any::type_name::<T>(),
            hex_excerpt(&msgpack::to_vec(a)),
            hex_excerpt(bytes)
        ),
        (Err(e), Ok(b)) => panic!(
            "{entry} as {}: fastwire rejects what rmp-serde accepts for the twin\n  fastwire:  error: {e}\n  rmp-serde: {}\n  input: {}",
            std::any::type_name::<T>(),
            debug_excerpt(b),
            hex_excerpt(bytes)
        ),
    }
}

// =============================================================================================
// Python as an outside client
// =============================================================================================

/// Where Python's `msgpack` is importable: already, or after installing it with pip into
/// `tmp` (a test's `CARGO_TARGET_TMPDIR`). Returns the `PYTHONPATH` to use, if one is needed.
/// Panics when `python3` cannot be run, or the package neither imports nor installs.
pub fn python_msgpack(tmp: &Path) -> Option<PathBuf> {
    let importable = |path: Option<&Path>| {
        let mut command = Command::new("python3");
        command.args(["-c", "import msgpack"]);
        if let Some(path) = path {
            command.env("PYTHONPATH", path);
        }
        match command.output() {
            Ok(output) => output.status.success(),
            Err(err) => panic!(
                "this test needs python3 (Python's msgpack package is the outside client it \
                 checks fastwire against), but `python3` could not be run: {err}"
            ),
        }
    };
    if importable(None) {
        return None;
    }
    let dir = tmp.join("python-msgpack");
    if !importable(Some(&dir)) {
        let output = Command::new("python3")
            .args([
                "-m",
                "pip",
                "install",
                "--quiet",
                "--disable-pip-version-check",
            ])
            .args(["--no-warn-script-location", "--upgrade", "--target"])
            .arg(&dir)
            .arg("msgpack")
            .output()
            .expect("python3 ran a moment ago");
        assert!(
            output.status.success(),
            "`import msgpack` fails and `python3 -m pip install --target {} msgpack` failed \
             too (it needs pip and access to PyPI): {}",
            dir.display(),
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(
            importable(Some(&dir)),
            "msgpack installed into {} but still cannot be imported",
            dir.display()
        );
    }
    Some(dir)
}

/// Runs `script` with Python (and its `msgpack` package, see [`python_msgpack`]) on `request`,
/// handed over as a JSON file, and returns the JSON the script writes to the second file it is
/// given. `tmp` is the test's `CARGO_TARGET_TMPDIR`. Panics when the script fails.
pub fn run_python(script: &Path, tmp: &Path, request: &serde_json::Value) -> serde_json::Value {
    let dir = tmp.join("python-exchange");
    std::fs::create_dir_all(&dir).unwrap();
    let stem = script
        .file_stem()
        .map_or_else(|| "script".into(), |s| s.to_string_lossy());
    let input = dir.join(format!("{stem}-request-{}.json", std::process::id()));
    let output = dir.join(format!("{stem}-response-{}.json", std::process::id()));
    std::fs::write(&input, serde_json::to_vec(request).unwrap()).unwrap();
    let mut command = Command::new("python3");
    command.arg(script).arg(&input).arg(&output);
    if let Some(path) = python_msgpack(tmp) {
        command.env("PYTHONPATH", path);
    }
    let run = command.output().expect("python3 ran a moment ago");
    assert!(
        run.status.success(),
        "{} failed: {}",
        script.display(),
        String::from_utf8_lossy(&run.stderr)
    );
    let response = serde_json::from_slice(&std::fs::read(&output).unwrap()).unwrap();
    let _ = std::fs::remove_file(&input);
    let _ = std::fs::remove_file(&output);
    response
}

/// The data of the smallest MessagePack timestamp layout for the instant, as the spec gives it.
pub fn spec_timestamp_data(t: msgpack::Timestamp) -> Vec<u8> {
    let (seconds, nanos) = (t.seconds(), t.nanoseconds());
    if (0..1 << 34).contains(&seconds) {
        if nanos == 0 && seconds <= i64::from(u32::MAX) {
            (seconds as u32).to_be_bytes().to_vec()
        } else {
            (u64::from(nanos) << 34 | seconds as u64)
                .to_be_bytes()
                .to_vec()
        }
    } else {
        [&nanos.to_be_bytes()[..], &seconds.to_be_bytes()].concat()
    }
}

/// The instant in timestamp data of any of the three layouts, if valid.
pub fn spec_timestamp_parse(data: &[u8]) -> Option<msgpack::Timestamp> {
    match data.len() {
        4 => msgpack::Timestamp::new(u32::from_be_bytes(data.try_into().ok()?).into(), 0),
        8 => {
            let packed = u64::from_be_bytes(data.try_into().ok()?);
            msgpack::Timestamp::new((packed & ((1 << 34) - 1)) as i64, (packed >> 34) as u32)
        }
        12 => msgpack::Timestamp::new(
            i64::from_be_bytes(data[4..].try_into().ok()?),
            u32::from_be_bytes(data[..4].try_into().ok()?),
        ),
        _ => None,
    }
}
