//! The bridge for JSON: serde_json writing into fastwire's [`json::Writer`], and reading the
//! exact text of one value from fastwire's [`json::Reader`].

use std::io;

use serde::{Deserialize, Serialize};
use serde_json::ser::{Formatter, PrettyFormatter};

use super::{missing, BridgeError, Serde};
use crate::json;

/// Writes `value` into `w` as serde_json writes it: compact, or, when `w` is pretty,
/// serde_json's pretty layout indented to the depth `w` is at with `w`'s indent, so the
/// value's lines line up with what surrounds it (the bytes of `serde_json::to_string_pretty`,
/// or of serde_json's `PrettyFormatter::with_indent`, for the whole document).
///
/// The bytes go straight into the writer's buffer as serde_json produces them. On an error
/// (from the `Serialize` impl, or serde_json's own, such as a map key that is not a string,
/// number or boolean), what was written before it stays in the writer; discard the output.
///
/// fastwire hands out writers to [`json::Encode`] impls, which record the error with
/// [`fail`](json::Writer::fail) (as [`Serde`] does):
///
/// ```
/// use std::time::Duration;
/// use fastwire::bridge;
/// use fastwire::json::{self, Writer};
///
/// /// A timeout, written as serde writes a `Duration`.
/// struct Timeout(Duration);
///
/// impl json::Encode for Timeout {
///     fn encode<W: Writer>(&self, w: &mut W) {
///         if let Err(err) = bridge::encode_json(&self.0, w) {
///             w.fail(err);
///         }
///     }
/// }
///
/// let timeout = Timeout(Duration::from_millis(1500));
/// assert_eq!(json::to_string(&timeout), r#"{"secs":1,"nanos":500000000}"#);
/// ```
pub fn encode_json<T: Serialize + ?Sized, W: json::Writer>(
    value: &T,
    w: &mut W,
) -> Result<(), BridgeError> {
    let result = if W::PRETTY {
        // serde_json's pretty printer indents by the number of arrays and objects open: open
        // as many as the writer has (writing nothing), and the value's lines start where the
        // writer's would, indented as the writer's are.
        // Copied (the writer is lent to the serializer below), except the usual indent.
        let indent: std::borrow::Cow<str> = match w.indent() {
            "  " => "  ".into(),
            other => other.to_owned().into(),
        };
        let mut formatter = PrettyFormatter::with_indent(indent.as_bytes());
        let depth = *w.depth();
        for _ in 0..depth {
            formatter
                .begin_array(&mut io::sink())
                .map_err(BridgeError::new)?;
        }
        let mut serializer = serde_json::Serializer::with_formatter(JsonSink::new(w), formatter);
        value
            .serialize(&mut serializer)
            .map(|()| serializer.into_inner())
    } else {
        let mut serializer = serde_json::Serializer::new(JsonSink::new(w));
        value
            .serialize(&mut serializer)
            .map(|()| serializer.into_inner())
    };
    match result {
        Ok(sink) => sink.finish(),
        Err(err) => Err(BridgeError::new(err)),
    }
}

/// The `io::Write` serde_json writes into: bytes go straight to the fastwire writer, as text.
///
/// The writer must only ever hold valid UTF-8 (`to_string` relies on it), and its
/// [`write_fragment`](json::Writer::write_fragment) takes `&str`. serde_json hands over whole
/// `&str` pieces (string runs cut at ASCII bytes, escapes, digits, punctuation), so every
/// write is valid UTF-8 on its own, but nothing in its API promises that: each write is
/// checked (one quick pass), and a character split across two writes would wait in `pending`
/// for its last bytes. Bytes that are not UTF-8 are refused.
struct JsonSink<'w, W> {
    w: &'w mut W,
    pending: [u8; 4],
    pending_len: usize,
}

impl<'w, W: json::Writer> JsonSink<'w, W> {
    fn new(w: &'w mut W) -> Self {
        JsonSink {
            w,
            pending: [0; 4],
            pending_len: 0,
        }
    }

    /// Completes the pending character from the front of `bytes`; returns the rest.
    #[cold]
    fn complete_pending<'b>(&mut self, bytes: &'b [u8]) -> io::Result<&'b [u8]> {
        let width = match self.pending[0] {
            0xC0..=0xDF => 2,
            0xE0..=0xEF => 3,
            _ => 4,
        };
        let take = (width - self.pending_len).min(bytes.len());
        self.pending[self.pending_len..self.pending_len + take].copy_from_slice(&bytes[..take]);
        self.pending_len += take;
        if self.pending_len < width {
            return Ok(&[]);
        }
        let text = std::str::from_utf8(&self.pending[..width]).map_err(not_utf8)?;
        self.w.write_fragment(text);
        self.pending_len = 0;
        Ok(&bytes[take..])
    }

    /// Checks that serde_json did not stop inside a character.
    fn finish(self) -> Result<(), BridgeError> {
        if self.pending_len == 0 {
            Ok(())
        } else {
            Err(BridgeError::new(not_utf8(())))
        }
    }
}

#[cold]
fn not_utf8<E>(_: E) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        "serde_json wrote bytes that are not UTF-8",
    )
}

impl<W: json::Writer> io::Write for JsonSink<'_, W> {
    #[inline]
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.write_all(bytes)?;
        Ok(bytes.len())
    }

    #[inline]
    fn write_all(&mut self, mut bytes: &[u8]) -> io::Result<()> {
        if self.pending_len > 0 {
            bytes = self.complete_pending(bytes)?;
        }
        match simdutf8::compat::from_utf8(bytes) {
            Ok(text) => {
                self.w.write_fragment(text);
                Ok(())
            }
            Err(err) => {
                let (valid, rest) = bytes.split_at(err.valid_up_to());
                self.w
                    .write_fragment(std::str::from_utf8(valid).map_err(not_utf8)?);
                // Invalid bytes, or a character cut short at the end (kept for the next write).
                if err.error_len().is_some() {
                    return Err(not_utf8(()));
                }
                self.pending[..rest.len()].copy_from_slice(rest);
                self.pending_len = rest.len();
                Ok(())
            }
        }
    }

    #[inline]
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Reads the next value as serde_json reads a `T` from its text, borrowing from the input
/// where `T` borrows (`&'de str` fields, `Cow` with `#[serde(borrow)]`).
///
/// The value is first read past as [`json::Reader::raw_value`] reads it (checked as skipped
/// values are), then its exact text goes to `serde_json::from_str`. serde_json's error
/// becomes fastwire's, at the byte its line and column point at in the whole input, with
/// serde_json's message and category. Inside the value the nesting limit is serde_json's own
/// (128 levels from the value).
///
/// ```
/// use fastwire::{bridge, json};
///
/// /// Any JSON array of two numbers, read with serde (fastwire does not implement `Decode`
/// /// for a foreign type such as this one).
/// #[derive(Debug)]
/// struct Extent(std::ops::Range<u32>);
///
/// impl<'de> json::Decode<'de> for Extent {
///     fn decode(r: &mut json::Reader<'de>) -> Result<Self, json::Error> {
///         bridge::decode_json(r).map(Extent)
///     }
/// }
///
/// let extents: Vec<Extent> = json::from_str(r#"[{"start": 1, "end": 4}]"#).unwrap();
/// assert_eq!(extents[0].0, 1..4);
///
/// let err = json::from_str::<Vec<Extent>>("[\n {\"start\": 1, \"end\": true}]").unwrap_err();
/// assert_eq!(err.to_string(), "invalid type: boolean `true`, expected u32 at [0] (line 2, column 25)");
/// assert!(err.is_data());
/// ```
pub fn decode_json<'de, T: Deserialize<'de>>(r: &mut json::Reader<'de>) -> Result<T, json::Error> {
    let raw = r.raw_value()?;
    serde_json::from_str(raw).map_err(|err| {
        let start = r.offset() - raw.len();
        r.serde_json_error(&err, start + offset_in(raw, err.line(), err.column()))
    })
}

/// The byte of `text` that serde_json's 1-based `line` and byte `column` point at (its
/// columns count the bytes of the line up to and including that one).
fn offset_in(text: &str, line: usize, column: usize) -> usize {
    if line == 0 {
        return 0;
    }
    let line_start = match line {
        1 => 0,
        _ => text
            .match_indices('\n')
            .nth(line - 2)
            .map_or(text.len(), |(newline, _)| newline + 1),
    };
    (line_start + column.saturating_sub(1)).min(text.len())
}

/// Writes through [`encode_json`]; its error is recorded with
/// [`fail`](json::Writer::fail).
impl<T: Serialize> json::Encode for Serde<T> {
    #[inline]
    fn encode<W: json::Writer>(&self, w: &mut W) {
        if let Err(err) = encode_json(&self.0, w) {
            w.fail(err);
        }
    }
}

/// Reads through [`decode_json`].
impl<'de, T: Deserialize<'de>> json::Decode<'de> for Serde<T> {
    #[inline]
    fn decode(r: &mut json::Reader<'de>) -> Result<Self, json::Error> {
        decode_json(r).map(Serde)
    }

    #[inline]
    fn missing() -> Option<Self> {
        missing().map(Serde)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serde_json_positions_map_to_bytes() {
        let text = "[1,\n  2,\n\n 3]";
        assert_eq!(offset_in(text, 0, 0), 0);
        assert_eq!(offset_in(text, 1, 1), 0);
        assert_eq!(offset_in(text, 1, 3), 2);
        assert_eq!(offset_in(text, 2, 0), 4);
        assert_eq!(offset_in(text, 2, 3), 6);
        assert_eq!(offset_in(text, 4, 2), 11);
        assert_eq!(offset_in(text, 4, 99), text.len());
        // serde_json itself agrees on what it points at.
        let err = serde_json::from_str::<Vec<u8>>(text.replace('3', "x").as_str()).unwrap_err();
        assert_eq!(&text[offset_in(text, err.line(), err.column())..][..1], "3");
    }
}
