//! JSON output: the [`Writer`] trait every encoder writes through, and its two sinks (a growable
//! `Vec<u8>` and a bounded buffer in front of an `io::Write`), each compact or pretty.
//!
//! Every method reserves room once for the bounded piece it writes and then copies without
//! further checks. Only valid UTF-8 is ever written (all inputs are `&str`, digits or ASCII
//! punctuation), which is what lets [`to_string`](super::to_string) skip re-validation.

use std::fmt;
use std::io;

use super::escape;
use super::integer;
use super::short_float;
pub(crate) use crate::buf::put_unchecked;
use crate::buf::STREAM_BUFFER;

/// Writes `value`'s digits reserving exactly their length: [`Writer::write_u64`] and
/// [`Writer::write_i64`] near the end of the buffer's room, out of their way.
#[cold]
#[inline(never)]
fn write_integer_exactly<W: Writer + ?Sized>(w: &mut W, value: impl itoa::Integer) {
    w.write_fragment(itoa::Buffer::new().format(value));
}

/// Where encoded JSON goes. Implemented by fastwire's own writers only (the trait is sealed);
/// [`Encode`](super::Encode) implementations receive one and call its methods.
///
/// The structural methods (`begin_object`, `object_key`, `array_value`, ...) produce compact or
/// pretty output depending on the writer, so an implementation written against this trait gets
/// both layouts for free.
///
/// ```
/// use fastwire::json::{self, Encode, Writer};
///
/// struct Point { x: i32, y: i32 }
///
/// impl Encode for Point {
///     fn encode<W: Writer>(&self, w: &mut W) {
///         w.field_open("{\"x\":");
///         w.write_i64(i64::from(self.x));
///         w.field(",\"y\":");
///         w.write_i64(i64::from(self.y));
///         w.end_object(true);
///     }
/// }
///
/// assert_eq!(json::to_string(&Point { x: 1, y: -2 }), r#"{"x":1,"y":-2}"#);
/// assert_eq!(json::to_string_pretty(&Point { x: 1, y: -2 }), "{\n  \"x\": 1,\n  \"y\": -2\n}");
/// ```
pub trait Writer: sealed::Sealed {
    /// Whether this writer produces serde_json's pretty layout.
    #[doc(hidden)]
    const PRETTY: bool;

    /// The buffer currently being filled.
    #[doc(hidden)]
    fn buffer(&mut self, _: crate::json::Token) -> &mut Vec<u8>;

    /// Makes room for `additional` more bytes in [`Writer::buffer`] (growing it, or flushing it
    /// to the underlying stream). Called only when the room is missing.
    #[doc(hidden)]
    fn make_room(&mut self, additional: usize);

    /// Current nesting level, used by the pretty layout.
    #[doc(hidden)]
    fn depth(&mut self) -> &mut usize;

    /// What the pretty layout writes once per nesting level at the start of a line (two
    /// spaces unless chosen with [`Encoder::indent`](super::Encoder::indent)).
    #[doc(hidden)]
    fn indent(&self) -> &str;

    /// [`Writer::buffer`] and [`Writer::indent`] at once, for writing indentation.
    #[doc(hidden)]
    fn buffer_and_indent(&mut self, _: crate::json::Token) -> (&mut Vec<u8>, &str);

    /// Keeps `error` unless a failure is already recorded; see [`Writer::fail`].
    #[doc(hidden)]
    fn record_failure(&mut self, error: &dyn fmt::Display);

    /// Records that the value cannot be encoded, with `error` as the reason. The first
    /// failure recorded wins; later ones are ignored.
    ///
    /// Writing may go on after it (finish the value as if nothing happened: the output is
    /// discarded anyway), and nothing else changes until the end: then
    /// [`try_to_string`](super::try_to_string) and the other `try_*` functions return the
    /// error as an [`EncodeError`](crate::EncodeError), [`to_writer`](super::to_writer) returns
    /// it as an `io::Error` (and writes nothing more to its stream from the failure on), and
    /// [`to_string`](super::to_string), [`to_vec`](super::to_vec) and
    /// [`encode_into`](super::encode_into) panic.
    ///
    /// fastwire's own impls call it only for a `Path` that is not UTF-8, as serde fails for
    /// one; the serde bridge calls it when a `Serialize` impl fails.
    ///
    /// ```
    /// use fastwire::json::{self, Encode, Writer};
    ///
    /// /// A percentage: 0 to 100, nothing else.
    /// struct Percent(u8);
    ///
    /// impl Encode for Percent {
    ///     fn encode<W: Writer>(&self, w: &mut W) {
    ///         if self.0 > 100 {
    ///             w.fail(format_args!("{}% is more than everything", self.0));
    ///         }
    ///         w.write_u64(u64::from(self.0));
    ///     }
    /// }
    ///
    /// assert_eq!(json::try_to_string(&[Percent(5), Percent(90)]).unwrap(), "[5,90]");
    /// let err = json::try_to_string(&[Percent(120), Percent(101)]).unwrap_err();
    /// assert_eq!(err.to_string(), "120% is more than everything");
    ///
    /// let mut out = Vec::new();
    /// let err = json::to_writer(&mut out, &Percent(200)).unwrap_err();
    /// assert_eq!(err.kind(), std::io::ErrorKind::InvalidData);
    /// assert!(out.is_empty());
    /// ```
    #[cold]
    #[inline(never)]
    fn fail(&mut self, error: impl fmt::Display) {
        self.record_failure(&error);
    }

    /// Ensures the next `additional` bytes can be appended without growing or flushing.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn reserve(&mut self, additional: usize) {
        let buf = self.buffer(Token);
        if buf.capacity() - buf.len() < additional {
            self.make_room(additional);
        }
    }

    /// Appends `fragment` as it is. It must be valid JSON in its position: this is how
    /// pre-encoded keys and literals are written.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn write_fragment(&mut self, fragment: &str) {
        self.reserve(fragment.len());
        // SAFETY: `reserve` just ensured `fragment.len()` bytes of spare capacity.
        unsafe { put_unchecked(self.buffer(Token), fragment.as_bytes()) }
    }

    /// Writes `null`.
    #[inline]
    fn write_null(&mut self) {
        self.write_fragment("null");
    }

    /// Writes `true` or `false`.
    #[inline]
    fn write_bool(&mut self, value: bool) {
        self.write_fragment(if value { "true" } else { "false" });
    }

    /// Writes an unsigned integer.
    #[inline]
    fn write_u64(&mut self, value: u64) {
        let buf = self.buffer(Token);
        if buf.capacity() - buf.len() >= integer::U64_ROOM {
            // SAFETY: just checked: the spare capacity `put_u64` needs is there.
            unsafe { integer::put_u64(buf, value) }
        } else {
            // Near the end of the room: exactly the digits' length, so that a buffer sized
            // for the output is never grown for the stores' slack.
            write_integer_exactly(self, value);
        }
    }

    /// Writes a signed integer.
    #[inline]
    fn write_i64(&mut self, value: i64) {
        let buf = self.buffer(Token);
        if buf.capacity() - buf.len() >= integer::I64_ROOM {
            // SAFETY: just checked: the spare capacity `put_i64` needs is there.
            unsafe { integer::put_i64(buf, value) }
        } else {
            // As in `write_u64`: exactly the length written, near the end of the room.
            write_integer_exactly(self, value);
        }
    }

    /// Writes a 128-bit unsigned integer (as a plain JSON number, like serde_json).
    #[inline]
    fn write_u128(&mut self, value: u128) {
        let mut digits = itoa::Buffer::new();
        self.write_fragment(digits.format(value));
    }

    /// Writes a 128-bit signed integer (as a plain JSON number, like serde_json).
    #[inline]
    fn write_i128(&mut self, value: i128) {
        let mut digits = itoa::Buffer::new();
        self.write_fragment(digits.format(value));
    }

    /// Writes the shortest representation that reads back as `value`; NaN and the infinities
    /// are written as `null`, as serde_json does.
    #[inline]
    fn write_f64(&mut self, value: f64) {
        if let Some(candidate) = short_float::candidate(value) {
            if short_float::write_short(self, value, candidate) {
                return;
            }
        }
        if value.is_finite() {
            let mut digits = zmij::Buffer::new();
            self.write_fragment(digits.format_finite(value));
        } else {
            self.write_null();
        }
    }

    /// Writes the shortest representation that reads back as `value` in `f32`; NaN and the
    /// infinities are written as `null`, as serde_json does.
    #[inline]
    fn write_f32(&mut self, value: f32) {
        if value.is_finite() {
            let mut digits = zmij::Buffer::new();
            self.write_fragment(digits.format_finite(value));
        } else {
            self.write_null();
        }
    }

    /// Writes `value` as a quoted JSON string, escaping `"`, `\` and control characters the
    /// way serde_json does.
    #[inline]
    fn write_str(&mut self, value: &str) {
        escape::write_quoted(self, value);
    }

    /// Writes an object key from an integer, quoted as serde_json does (`"42"`).
    #[inline]
    fn write_quoted_i128(&mut self, value: i128) {
        let mut digits = itoa::Buffer::new();
        let digits = digits.format(value);
        self.reserve(digits.len() + 2);
        let buf = self.buffer(Token);
        // SAFETY: `reserve` ensured room for the digits and both quotes.
        unsafe {
            put_unchecked(buf, b"\"");
            put_unchecked(buf, digits.as_bytes());
            put_unchecked(buf, b"\"");
        }
    }

    /// Writes an object key from an unsigned integer, quoted as serde_json does (`"42"`).
    #[inline]
    fn write_quoted_u128(&mut self, value: u128) {
        let mut digits = itoa::Buffer::new();
        let digits = digits.format(value);
        self.reserve(digits.len() + 2);
        let buf = self.buffer(Token);
        // SAFETY: `reserve` ensured room for the digits and both quotes.
        unsafe {
            put_unchecked(buf, b"\"");
            put_unchecked(buf, digits.as_bytes());
            put_unchecked(buf, b"\"");
        }
    }

    /// Opens an object: `{`.
    #[inline]
    fn begin_object(&mut self) {
        if Self::PRETTY {
            *self.depth() += 1;
        }
        self.write_fragment("{");
    }

    /// Closes an object: `}`. `nonempty` says whether any member was written (the pretty
    /// layout puts the brace of a non-empty object on its own line).
    #[inline]
    fn end_object(&mut self, nonempty: bool) {
        if Self::PRETTY {
            close_pretty(self, nonempty, b'}');
        } else {
            self.write_fragment("}");
        }
    }

    /// Opens an array: `[`.
    #[inline]
    fn begin_array(&mut self) {
        if Self::PRETTY {
            *self.depth() += 1;
        }
        self.write_fragment("[");
    }

    /// Closes an array: `]`. `nonempty` says whether any element was written.
    #[inline]
    fn end_array(&mut self, nonempty: bool) {
        if Self::PRETTY {
            close_pretty(self, nonempty, b']');
        } else {
            self.write_fragment("]");
        }
    }

    /// Starts an array element: a comma unless `first`, plus the pretty layout's line break.
    #[inline]
    fn array_value(&mut self, first: bool) {
        if Self::PRETTY {
            newline_indent(self, !first);
        } else if !first {
            self.write_fragment(",");
        }
    }

    /// Starts an object member whose key is written next by the caller (with
    /// [`Writer::write_str`] or a quoted number): a comma unless `first`, plus the pretty
    /// layout's line break. Follow the key with [`Writer::object_colon`].
    #[inline]
    fn object_key(&mut self, first: bool) {
        self.array_value(first);
    }

    /// Separates an object key from its value: `:` (`: ` when pretty).
    #[inline]
    fn object_colon(&mut self) {
        self.write_fragment(if Self::PRETTY { ": " } else { ":" });
    }

    /// Opens an object and writes its first key from a pre-encoded fragment of the form
    /// `{"key":` (the key already escaped).
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn field_open(&mut self, fragment: &'static str) {
        if Self::PRETTY {
            self.begin_object();
            pretty_key(self, false, &fragment[1..fragment.len() - 1]);
        } else {
            self.write_fragment(fragment);
        }
    }

    /// Writes a key that follows another member, from a pre-encoded fragment of the form
    /// `,"key":`.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn field(&mut self, fragment: &'static str) {
        if Self::PRETTY {
            pretty_key(self, true, &fragment[1..fragment.len() - 1]);
        } else {
            self.write_fragment(fragment);
        }
    }

    /// Writes the first key of an object already opened with [`Writer::begin_object`], from a
    /// fragment of the form `,"key":` (the comma is left out).
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn field_first(&mut self, fragment: &'static str) {
        if Self::PRETTY {
            pretty_key(self, false, &fragment[1..fragment.len() - 1]);
        } else {
            self.write_fragment(&fragment[1..]);
        }
    }
}

/// serde_json's pretty indent, and the one [`Encoder::pretty`](super::Encoder::pretty) starts
/// with.
pub(crate) const DEFAULT_INDENT: &str = "  ";

#[inline(never)]
fn newline_indent<W: Writer + ?Sized>(w: &mut W, comma: bool) {
    let depth = *w.depth();
    let width = depth.saturating_mul(w.indent().len());
    w.reserve(width.saturating_add(2));
    let (buf, indent) = w.buffer_and_indent(Token);
    if comma {
        buf.push(b',');
    }
    buf.push(b'\n');
    for _ in 0..depth {
        buf.extend_from_slice(indent.as_bytes());
    }
}

#[inline(never)]
fn pretty_key<W: Writer + ?Sized>(w: &mut W, comma: bool, quoted_key: &str) {
    newline_indent(w, comma);
    w.write_fragment(quoted_key);
    w.write_fragment(": ");
}

#[inline(never)]
fn close_pretty<W: Writer + ?Sized>(w: &mut W, nonempty: bool, bracket: u8) {
    let depth = w.depth();
    *depth = depth.saturating_sub(1);
    if nonempty {
        newline_indent(w, false);
    }
    w.write_fragment(if bracket == b'}' { "}" } else { "]" });
}

pub(crate) use sealed::Token;

mod sealed {
    pub trait Sealed {}

    /// The proof of being inside the crate that [`Writer::buffer`](super::Writer::buffer) and
    /// [`Writer::buffer_and_indent`](super::Writer::buffer_and_indent) ask for. Code outside
    /// cannot name or build it, so it cannot reach the raw buffer: everything the public
    /// methods put there is valid UTF-8, which `to_string` relies on without checking.
    #[derive(Clone, Copy)]
    pub struct Token;
    impl<const PRETTY: bool> Sealed for super::VecWriter<'_, PRETTY> {}
    impl<W: std::io::Write, const PRETTY: bool> Sealed for super::IoWriter<'_, W, PRETTY> {}
    impl Sealed for crate::json::value::ValueWriter {}
}

/// Appends to a caller's `Vec<u8>`, growing it as needed.
pub(crate) struct VecWriter<'a, const PRETTY: bool> {
    out: &'a mut Vec<u8>,
    depth: usize,
    /// Written once per level by the pretty layout (unused when compact).
    indent: &'a str,
    /// The first failure recorded, looked at once, when the value is written.
    failure: Option<crate::EncodeError>,
}

impl<'a, const PRETTY: bool> VecWriter<'a, PRETTY> {
    pub(crate) fn new(out: &'a mut Vec<u8>) -> Self {
        VecWriter::with_indent(out, DEFAULT_INDENT)
    }

    /// A writer whose pretty layout indents each level with `indent`.
    pub(crate) fn with_indent(out: &'a mut Vec<u8>, indent: &'a str) -> Self {
        VecWriter {
            out,
            depth: 0,
            indent,
            failure: None,
        }
    }

    /// The failure recorded while writing, if any.
    #[inline]
    pub(crate) fn finish(self) -> Result<(), crate::EncodeError> {
        match self.failure {
            None => Ok(()),
            Some(err) => Err(err),
        }
    }
}

impl<const PRETTY: bool> Writer for VecWriter<'_, PRETTY> {
    const PRETTY: bool = PRETTY;

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn buffer(&mut self, _: crate::json::Token) -> &mut Vec<u8> {
        self.out
    }

    #[cold]
    #[inline(never)]
    fn make_room(&mut self, additional: usize) {
        self.out.reserve(additional);
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn depth(&mut self) -> &mut usize {
        &mut self.depth
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn indent(&self) -> &str {
        self.indent
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn buffer_and_indent(&mut self, _: crate::json::Token) -> (&mut Vec<u8>, &str) {
        (self.out, self.indent)
    }

    #[cold]
    #[inline(never)]
    fn record_failure(&mut self, error: &dyn fmt::Display) {
        if self.failure.is_none() {
            self.failure = Some(crate::EncodeError::new(error));
        }
    }
}

/// Streams to an `io::Write` through a bounded buffer. The first error (an I/O error, or a
/// failure recorded by an encoder) is kept, later output is dropped, and
/// [`IoWriter::finish`] reports the error.
///
/// For a sequence of values (JSON Lines), the buffer's first `committed` bytes hold values
/// already written whole: a failure to encode the next one drops only that value's output,
/// and [`IoWriter::end_value`] reports it while the writer goes on.
pub(crate) struct IoWriter<'i, W: io::Write, const PRETTY: bool> {
    buf: Vec<u8>,
    inner: W,
    /// The first I/O error: nothing more reaches `inner` after it.
    error: Option<io::Error>,
    /// The failure an encoder recorded for the value being written.
    failure: Option<crate::EncodeError>,
    /// How many bytes at the front of `buf` belong to values already written whole.
    committed: usize,
    /// Whether part of the value being written has already gone to `inner`.
    spilled: bool,
    depth: usize,
    /// Written once per level by the pretty layout (unused when compact).
    indent: &'i str,
}

impl<'i, W: io::Write, const PRETTY: bool> IoWriter<'i, W, PRETTY> {
    pub(crate) fn new(inner: W) -> Self {
        IoWriter::with_indent(inner, DEFAULT_INDENT)
    }

    /// A writer whose pretty layout indents each level with `indent`.
    pub(crate) fn with_indent(inner: W, indent: &'i str) -> Self {
        IoWriter {
            buf: Vec::with_capacity(STREAM_BUFFER),
            inner,
            error: None,
            failure: None,
            committed: 0,
            spilled: false,
            depth: 0,
            indent,
        }
    }

    /// Hands the buffer to the stream: all of it, or, once the value being written has
    /// failed, only the values written whole before it.
    fn flush_buffer(&mut self) {
        let ready = if self.failure.is_some() {
            self.committed
        } else {
            self.spilled |= self.buf.len() > self.committed;
            self.buf.len()
        };
        if self.error.is_none() && ready > 0 {
            if let Err(e) = self.inner.write_all(&self.buf[..ready]) {
                self.error = Some(e);
            }
        }
        self.buf.clear();
        self.committed = 0;
    }

    /// Ends a value of a sequence: the value is kept, or, when it failed to encode, dropped,
    /// and its failure returned. I/O errors stay (see [`IoWriter::io_error`]).
    pub(crate) fn end_value(&mut self) -> Result<(), crate::EncodeError> {
        let spilled = std::mem::take(&mut self.spilled);
        match self.failure.take() {
            None => {
                self.committed = self.buf.len();
                Ok(())
            }
            Some(failure) => {
                self.buf.truncate(self.committed);
                if spilled && self.error.is_none() {
                    // The stream holds the start of the value: nothing may follow it.
                    self.error = Some(io::Error::new(
                        io::ErrorKind::InvalidData,
                        "a value that failed to encode was partly written",
                    ));
                }
                Err(failure)
            }
        }
    }

    /// Takes the I/O error met, if any: the writer stays broken (nothing more reaches the
    /// stream), and later calls report that.
    pub(crate) fn io_error(&mut self) -> Option<io::Error> {
        let err = self.error.take()?;
        self.error = Some(io::Error::new(
            err.kind(),
            "the stream failed earlier; nothing more is written",
        ));
        Some(err)
    }

    /// Writes out what is buffered and flushes the stream, returning the first error met.
    pub(crate) fn flush(&mut self) -> io::Result<()> {
        self.flush_buffer();
        match self.io_error() {
            Some(e) => Err(e),
            None => self.inner.flush(),
        }
    }

    /// Writes out what is buffered, flushes the stream and returns it.
    pub(crate) fn into_inner(mut self) -> io::Result<W> {
        self.flush()?;
        Ok(self.inner)
    }

    /// Writes out what is buffered and flushes the stream, returning the first error met.
    pub(crate) fn finish(mut self) -> io::Result<()> {
        self.flush_buffer();
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        if let Some(failure) = self.failure.take() {
            return Err(failure.into());
        }
        self.inner.flush()
    }
}

impl<W: io::Write, const PRETTY: bool> Writer for IoWriter<'_, W, PRETTY> {
    const PRETTY: bool = PRETTY;

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn buffer(&mut self, _: crate::json::Token) -> &mut Vec<u8> {
        &mut self.buf
    }

    #[cold]
    #[inline(never)]
    fn make_room(&mut self, additional: usize) {
        self.flush_buffer();
        if additional > self.buf.capacity() {
            self.buf.reserve(additional);
        }
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn depth(&mut self) -> &mut usize {
        &mut self.depth
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn indent(&self) -> &str {
        self.indent
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn buffer_and_indent(&mut self, _: crate::json::Token) -> (&mut Vec<u8>, &str) {
        (&mut self.buf, self.indent)
    }

    /// Keeps the first failure of the value being written, and drops what it has buffered:
    /// none of it reaches the stream.
    #[cold]
    #[inline(never)]
    fn record_failure(&mut self, error: &dyn fmt::Display) {
        if self.failure.is_none() && self.error.is_none() {
            self.failure = Some(crate::EncodeError::new(error));
        }
        self.buf.truncate(self.committed);
    }
}
