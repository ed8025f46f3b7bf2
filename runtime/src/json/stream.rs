//! Streams of JSON documents: values one after another (concatenated, or separated by
//! whitespace as in JSON Lines) decoded one at a time, as serde_json's `StreamDeserializer`
//! decodes them; and JSON Lines written one value at a time.

use std::io;
use std::iter::FusedIterator;
use std::marker::PhantomData;

use super::error::ErrorCode;
use super::escape::find_escape;
use super::writer::IoWriter;
use super::{Decode, DecodeOwned, Decoder, Encode, Error, Reader};
use crate::read_window::ReadWindow;

/// Whether `byte` may follow a value that does not end itself (a number, `true`, `false`,
/// `null`): whitespace, or the first byte of a value that does, or punctuation. serde_json's
/// rule: `1 2` and `1[2]` are two values, `12` is one, `1x` is an error.
#[inline]
fn may_follow_scalar(byte: u8) -> bool {
    matches!(
        byte,
        b' ' | b'\n' | b'\t' | b'\r' | b'"' | b'[' | b']' | b'{' | b'}' | b',' | b':'
    )
}

/// Whether a value starting with `first` shows where it ends (an array, an object, a
/// string), so that nothing after it needs looking at.
#[inline]
fn ends_itself(first: u8) -> bool {
    matches!(first, b'[' | b'{' | b'"')
}

/// Iterator over the JSON values of a text, one after another: each item is the next value
/// decoded as a `T`, or the error that stopped it. Made by [`stream_from_str`],
/// [`stream_from_slice`] and [`Decoder::stream_str`]; values borrow from the input as
/// [`from_str`](super::from_str)'s do.
///
/// It accepts and refuses what serde_json's `StreamDeserializer` does. Values may follow one
/// another directly when they show where they end (`[1][2]`, `"a""b"`, `{}{}`); a number,
/// `true`, `false` or `null` must be followed by whitespace, the end, or one of
/// `"[]{},:` (`1 2` is two values, `12` one). After such a value anything else is an error
/// of its own ("trailing characters", at that byte) and the stream goes on from that byte, as
/// serde_json's does; any other error ends the stream (later calls return `None`).
/// Whitespace (spaces, tabs, line breaks) before, between and after the values is skipped,
/// so JSON Lines reads as it is.
///
/// Errors carry the position in the whole text, as [`from_str`](super::from_str)'s do.
///
/// ```
/// use fastwire::json;
///
/// let mut values = json::stream_from_str::<json::Value>("{\"k\": 3}1\"cool\"\"stuff\" 3{}  [0, 1, 2]");
/// assert_eq!(values.next().unwrap().unwrap()["k"], 3);
/// assert_eq!(values.byte_offset(), 8);
/// let rest: Vec<json::Value> = values.map(Result::unwrap).collect();
/// assert_eq!(rest.len(), 6);
///
/// // JSON Lines, into a derived type; `name` borrows from the text.
/// #[derive(fastwire::Decode, Debug, PartialEq)]
/// struct User<'a> { id: u32, name: &'a str }
///
/// let lines = "{\"id\": 1, \"name\": \"Ada\"}\n{\"id\": 2, \"name\": \"Grace\"}\n";
/// let users: Vec<User> = json::stream_from_str(lines).collect::<Result<_, _>>().unwrap();
/// assert_eq!(users[1], User { id: 2, name: "Grace" });
/// ```
pub struct Stream<'de, T> {
    reader: Reader<'de>,
    /// The whole input: [`Stream::reader`] reads its UTF-8 prefix.
    input: &'de [u8],
    /// How much of `input` is valid UTF-8 (all of it, for a `&str`).
    valid: usize,
    offset: usize,
    failed: bool,
    options: Decoder,
    output: PhantomData<fn() -> T>,
}

impl<'de, T> Stream<'de, T> {
    fn new(input: &'de [u8], text: &'de str, options: &Decoder) -> Self {
        Stream {
            reader: options.reader(text),
            input,
            valid: text.len(),
            offset: 0,
            options: options.clone(),
            failed: false,
            output: PhantomData,
        }
    }

    /// The offset just after the last value decoded, as serde_json's `byte_offset`: 0 at
    /// first; after a value, the byte that follows it; after an error, where the failed value
    /// began; at the end, the length of the input.
    ///
    /// A value cut short by the end of the input is an error of category
    /// [`Eof`](super::Category::Eof): more input can be joined to
    /// `input[stream.byte_offset()..]` and read again.
    ///
    /// ```
    /// let data = "[0] [1] [";
    /// let mut stream = fastwire::json::stream_from_str::<Vec<i32>>(data);
    /// assert_eq!(stream.byte_offset(), 0);
    /// assert_eq!(stream.next().unwrap().unwrap(), [0]);
    /// assert_eq!(stream.byte_offset(), 3);
    /// assert_eq!(stream.next().unwrap().unwrap(), [1]);
    /// assert_eq!(stream.byte_offset(), 7);
    /// assert!(stream.next().unwrap().unwrap_err().is_eof());
    /// assert_eq!(&data[stream.byte_offset()..], "[");
    /// ```
    pub fn byte_offset(&self) -> usize {
        self.offset
    }
}

impl<'de, T: Decode<'de>> Stream<'de, T> {
    /// The error for the value starting at `start`, which runs into the input's invalid UTF-8:
    /// the one [`from_slice`](super::from_slice) gives for the value alone, placed in the
    /// whole stream.
    #[cold]
    fn invalid_utf8(&mut self, start: usize) -> Error {
        self.failed = true;
        self.offset = start;
        let value = &self.input[start..];
        let err = super::reader_errors::utf8_error::<T>(value, self.valid - start, &self.options);
        let before = &self.input[..start];
        let newlines = before.iter().filter(|&&b| b == b'\n').count();
        let column = start
            - before
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1);
        err.locate_in_window(value, start, newlines, column)
    }
}

impl<'de, T: Decode<'de>> Iterator for Stream<'de, T> {
    type Item = Result<T, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        let first = match self.reader.peek() {
            Ok(byte) => byte,
            // Only whitespace is left of the UTF-8 text.
            Err(_) if self.valid < self.input.len() => {
                return Some(Err(self.invalid_utf8(self.valid)))
            }
            Err(_) => {
                self.offset = self.input.len();
                return None;
            }
        };
        self.offset = self.reader.offset();
        match T::decode(&mut self.reader) {
            Ok(value) => {
                let end = self.reader.offset();
                self.offset = end;
                match self.input.get(end) {
                    Some(&next) if !ends_itself(first) && !may_follow_scalar(next) => Some(Err(
                        Error::at(ErrorCode::TrailingCharacters, self.input, end),
                    )),
                    _ => Some(Ok(value)),
                }
            }
            Err(err) => {
                self.failed = true;
                // The reader met the end of the UTF-8 text, not of the input.
                if err.offset() >= self.valid && self.valid < self.input.len() {
                    return Some(Err(self.invalid_utf8(self.offset)));
                }
                Some(Err(err.locate(self.input)))
            }
        }
    }
}

impl<'de, T: Decode<'de>> FusedIterator for Stream<'de, T> {}

/// Iterator over the JSON values read from an `io::Read`, one after another: the reading
/// counterpart of [`Stream`], with the same rules for what may follow what, the same
/// errors, and positions in the whole stream. Made by [`stream_from_reader`] and
/// [`Decoder::stream_reader`]; `T` cannot borrow from the buffer, hence [`DecodeOwned`].
///
/// The source is read in blocks into a buffer that keeps only the value being read (and
/// what has been read past it), so an endless stream, such as a socket sending JSON Lines,
/// is read in memory bounded by its largest value; a value longer than
/// [`Decoder::max_input_size`] (4 GiB unless set) ends the stream with an error once that
/// much of it has been read, so one that never ends costs at most about twice the limit.
/// A value is decoded once it has arrived
/// whole, so a value still arriving is never decoded over and over, and one that has arrived
/// is returned without waiting for more (but a number, or `true`, `false` or `null`, is known
/// to have ended only when the byte after it, or the end of the stream, has come: as with
/// serde_json, end each such value with a line break or a space).
///
/// I/O errors end the stream with an error of category [`Io`](super::Category::Io)
/// (`Interrupted` reads are retried).
///
/// ```
/// use fastwire::json;
///
/// #[derive(fastwire::Decode, Debug, PartialEq)]
/// struct Reading { sensor: String, value: f64 }
///
/// let source = &b"{\"sensor\": \"a\", \"value\": 1.5}\n{\"sensor\": \"b\", \"value\": -2}\n"[..];
/// let readings: Vec<Reading> = json::stream_from_reader(source).collect::<Result<_, _>>().unwrap();
/// assert_eq!(readings[1], Reading { sensor: "b".into(), value: -2.0 });
///
/// let mut stream = json::stream_from_reader::<_, u32>(&b"1\n2\n[3]\n"[..]);
/// assert_eq!(stream.next().unwrap().unwrap(), 1);
/// assert_eq!(stream.next().unwrap().unwrap(), 2);
/// let err = stream.next().unwrap().unwrap_err();
/// assert_eq!(err.to_string(), "invalid type: sequence, expected u32 (line 3, column 0)");
/// assert!(stream.next().is_none());
/// ```
pub struct ReaderStream<R, T> {
    window: ReadWindow<R>,
    /// The limits; `max_input_size` bounds the bytes one value may take in the window.
    options: Decoder,
    /// Line breaks before the window, and characters since the last of them: for error
    /// positions in the whole stream.
    newlines: usize,
    column: usize,
    offset: usize,
    failed: bool,
    output: PhantomData<fn() -> T>,
}

/// What one attempt to decode the value at the front of the window came to.
enum Attempt<T> {
    /// The value, and how many bytes of the window it took.
    Value(T, usize),
    /// A value that does not end itself, followed by a byte that may not follow it: an
    /// error, after which the stream goes on from that byte (`used` bytes on).
    Trailing(Error, usize),
    /// An error that ends the stream.
    Failed(Error),
    /// The window ends inside the value: read more and try again.
    Incomplete,
}

impl<R: io::Read, T: DecodeOwned> ReaderStream<R, T> {
    fn new(source: R, options: &Decoder) -> Self {
        ReaderStream {
            window: ReadWindow::new(source),
            options: options.clone(),
            newlines: 0,
            column: 0,
            offset: 0,
            failed: false,
            output: PhantomData,
        }
    }

    /// The offset in the whole stream just after the last value decoded, as
    /// [`Stream::byte_offset`] counts it.
    ///
    /// ```
    /// let mut stream = fastwire::json::stream_from_reader::<_, bool>(&b" true false"[..]);
    /// stream.next().unwrap().unwrap();
    /// assert_eq!(stream.byte_offset(), 5);
    /// ```
    pub fn byte_offset(&self) -> usize {
        self.offset
    }

    /// Consumes `n` bytes of the window, counting the lines they end.
    fn consume(&mut self, n: usize) {
        let bytes = &self.window.bytes()[..n];
        let in_line = match bytes.iter().rposition(|&b| b == b'\n') {
            Some(last) => {
                self.newlines += bytes.iter().filter(|&&b| b == b'\n').count();
                self.column = 0;
                &bytes[last + 1..]
            }
            None => bytes,
        };
        // Bytes, as error columns count them (serde_json's convention).
        self.column += in_line.len();
        self.window.consume(n);
    }

    /// Ends the stream with `err`.
    #[cold]
    fn fail(&mut self, err: Error) -> Option<Result<T, Error>> {
        self.failed = true;
        Some(Err(err))
    }

    /// Reads once more, or ends the stream with the I/O error, or with an error if the value
    /// being read already takes more than the input size limit.
    fn fill(&mut self) -> Result<(), Error> {
        let limit = self.options.input_size_limit();
        if self.window.bytes().len() > limit {
            return Err(Error::io(crate::limit::too_large(limit)));
        }
        self.window.fill().map(drop).map_err(Error::io)
    }

    /// Decodes the value at the front of the window, if it is all there.
    fn attempt(&self, whole: bool) -> Attempt<T> {
        let bytes = self.window.bytes();
        let eof = self.window.is_eof();
        let (text, bad_utf8) = match simdutf8::compat::from_utf8(bytes) {
            Ok(text) => (text, false),
            Err(err) => (
                // Never fails: the bytes up to `valid_up_to` are UTF-8.
                std::str::from_utf8(&bytes[..err.valid_up_to()]).unwrap_or_default(),
                // A character cut short by the end of the window may still be completed.
                err.error_len().is_some() || eof,
            ),
        };
        let mut r = self.options.reader(text);
        let first = bytes[0];
        match T::decode(&mut r) {
            Ok(value) => {
                let end = r.offset();
                if ends_itself(first) {
                    return Attempt::Value(value, end);
                }
                match bytes.get(end) {
                    Some(&next) if !may_follow_scalar(next) => {
                        let err = Error::unlocated(ErrorCode::TrailingCharacters, end);
                        Attempt::Trailing(self.locate(err), end)
                    }
                    Some(_) => Attempt::Value(value, end),
                    None if eof => Attempt::Value(value, end),
                    // The number may go on.
                    None => Attempt::Incomplete,
                }
            }
            Err(err) => {
                // Whether the decoder ran into the end of what it was given, which may not be
                // the end of the value. Even a value seen whole can make it look further when
                // it is not JSON (an escape running past a closing quote): an EOF error is
                // trusted only at the end of the stream.
                let reached_end = err.offset() >= text.len() || r.offset() >= text.len();
                let trusted = whole && text.len() == bytes.len() && !err.is_eof();
                if !reached_end || trusted {
                    Attempt::Failed(self.locate(err))
                } else if text.len() < bytes.len() && bad_utf8 {
                    // The error `from_slice` gives for the value alone.
                    let err =
                        super::reader_errors::utf8_error::<T>(bytes, text.len(), &self.options);
                    // Where that error lies can depend on bytes not read yet (the rest of the
                    // string holding the bad byte).
                    if err.is_eof() && !eof {
                        Attempt::Incomplete
                    } else {
                        Attempt::Failed(self.locate(err))
                    }
                } else if eof {
                    Attempt::Failed(self.locate(err))
                } else {
                    Attempt::Incomplete
                }
            }
        }
    }

    /// `err`, found in the window, positioned in the whole stream.
    #[cold]
    fn locate(&self, err: Error) -> Error {
        err.locate_in_window(
            self.window.bytes(),
            self.window.offset(),
            self.newlines,
            self.column,
        )
    }
}

impl<R: io::Read, T: DecodeOwned> Iterator for ReaderStream<R, T> {
    type Item = Result<T, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        // Whitespace before the value, however much of it comes.
        let first = loop {
            let bytes = self.window.bytes();
            let blank = bytes
                .iter()
                .position(|&b| !matches!(b, b' ' | b'\n' | b'\t' | b'\r'));
            match blank {
                Some(n) => {
                    let first = bytes[n];
                    self.consume(n);
                    break first;
                }
                None => {
                    let n = bytes.len();
                    self.consume(n);
                    if self.window.is_eof() {
                        self.offset = self.window.offset();
                        return None;
                    }
                    if let Err(err) = self.fill() {
                        return self.fail(err);
                    }
                }
            }
        };
        self.offset = self.window.offset();
        let mut end = ValueEnd::new(first);
        // Window length at the last attempt: a value the scan cannot see the end of (the
        // input is not JSON) is still tried each time the window has doubled.
        let mut tried = 0;
        loop {
            let whole = end.scan(self.window.bytes());
            let len = self.window.bytes().len();
            if whole || self.window.is_eof() || (tried > 0 && len >= 2 * tried) {
                tried = len;
                let (result, used) = match self.attempt(whole) {
                    Attempt::Value(value, used) => (Ok(value), used),
                    Attempt::Trailing(err, used) => (Err(err), used),
                    Attempt::Failed(err) => return self.fail(err),
                    Attempt::Incomplete => {
                        if let Err(err) = self.fill() {
                            return self.fail(err);
                        }
                        continue;
                    }
                };
                self.consume(used);
                self.offset = self.window.offset();
                return Some(result);
            }
            if let Err(err) = self.fill() {
                return self.fail(err);
            }
        }
    }
}

impl<R: io::Read, T: DecodeOwned> FusedIterator for ReaderStream<R, T> {}

/// Finds where the JSON value at the front of a growing window ends, looking at each byte
/// once however the window grows: brackets outside strings, and strings' closing quotes.
/// It does not check the value (the decoder does, once the value is all there).
struct ValueEnd {
    state: Scan,
    /// Bytes of the window looked at.
    pos: usize,
}

#[derive(Clone, Copy)]
enum Scan {
    /// A number or literal: it ends at the first byte that cannot be part of one.
    Scalar,
    /// Inside brackets, `depth` deep, in a string or not; `escaped` after a backslash.
    Nested {
        depth: usize,
        in_string: bool,
        escaped: bool,
    },
    /// The value is in the window.
    Whole,
}

impl ValueEnd {
    fn new(first: u8) -> Self {
        let (state, pos) = match first {
            b'[' | b'{' => (
                Scan::Nested {
                    depth: 0,
                    in_string: false,
                    escaped: false,
                },
                0,
            ),
            // A top-level string is a string at depth zero.
            b'"' => (
                Scan::Nested {
                    depth: 0,
                    in_string: true,
                    escaped: false,
                },
                1,
            ),
            b'-' | b'0'..=b'9' | b'a'..=b'z' | b'A'..=b'Z' => (Scan::Scalar, 1),
            // Not the start of any value: the decoder says so at once.
            _ => (Scan::Whole, 1),
        };
        ValueEnd { state, pos }
    }

    /// Looks at the bytes of `window` not yet looked at; returns whether the value is all in.
    fn scan(&mut self, window: &[u8]) -> bool {
        let mut i = self.pos;
        self.state = match self.state {
            Scan::Whole => Scan::Whole,
            Scan::Scalar => {
                while i < window.len()
                    && matches!(window[i], b'0'..=b'9' | b'a'..=b'z' | b'A'..=b'Z' | b'.' | b'+' | b'-')
                {
                    i += 1;
                }
                if i < window.len() {
                    Scan::Whole
                } else {
                    Scan::Scalar
                }
            }
            Scan::Nested {
                mut depth,
                mut in_string,
                mut escaped,
            } => loop {
                if in_string {
                    if escaped {
                        if i == window.len() {
                            break Scan::Nested {
                                depth,
                                in_string,
                                escaped,
                            };
                        }
                        escaped = false;
                        i += 1;
                    }
                    i = find_escape(window, i);
                    match window.get(i) {
                        None => {
                            break Scan::Nested {
                                depth,
                                in_string,
                                escaped,
                            }
                        }
                        Some(b'"') => {
                            in_string = false;
                            i += 1;
                            if depth == 0 {
                                break Scan::Whole;
                            }
                        }
                        Some(b'\\') => {
                            escaped = true;
                            i += 1;
                        }
                        // A control character: the decoder stops there.
                        Some(_) => break Scan::Whole,
                    }
                } else {
                    let Some(&byte) = window.get(i) else {
                        break Scan::Nested {
                            depth,
                            in_string,
                            escaped,
                        };
                    };
                    i += 1;
                    match byte {
                        b'"' => in_string = true,
                        b'[' | b'{' => depth += 1,
                        b']' | b'}' => {
                            depth = depth.saturating_sub(1);
                            if depth == 0 {
                                break Scan::Whole;
                            }
                        }
                        _ => {}
                    }
                }
            },
        };
        self.pos = i;
        matches!(self.state, Scan::Whole)
    }
}

/// Iterator over the JSON values of `input`, one after another (concatenated, or separated
/// by whitespace as in JSON Lines), each decoded as a `T`; see [`Stream`].
///
/// ```
/// let values: Vec<u8> = fastwire::json::stream_from_str("1 2\n3").map(Result::unwrap).collect();
/// assert_eq!(values, [1, 2, 3]);
/// ```
pub fn stream_from_str<'de, T: Decode<'de>>(input: &'de str) -> Stream<'de, T> {
    Decoder::new().stream_str(input)
}

/// Iterator over the JSON values of `input`, which must be UTF-8, one after another; see
/// [`Stream`]. Bytes that are not UTF-8 are an error where a value meets them: the values
/// before them are read.
///
/// ```
/// let mut values = fastwire::json::stream_from_slice::<u8>(b"1 2 \xff");
/// assert_eq!(values.next().unwrap().unwrap(), 1);
/// assert_eq!(values.next().unwrap().unwrap(), 2);
/// assert!(values.next().unwrap().unwrap_err().is_syntax());
/// assert!(values.next().is_none());
/// ```
pub fn stream_from_slice<'de, T: Decode<'de>>(input: &'de [u8]) -> Stream<'de, T> {
    Decoder::new().stream_slice(input)
}

/// Iterator over the JSON values `reader` yields, one after another, read as they come in
/// memory bounded by the largest value; see [`ReaderStream`].
///
/// ```
/// let source = &b"[1, 2] [3]"[..];
/// let lists: Vec<Vec<u8>> = fastwire::json::stream_from_reader(source).map(Result::unwrap).collect();
/// assert_eq!(lists, [vec![1, 2], vec![3]]);
/// ```
pub fn stream_from_reader<R: io::Read, T: DecodeOwned>(reader: R) -> ReaderStream<R, T> {
    Decoder::new().stream_reader(reader)
}

impl Decoder {
    /// Iterator over the JSON values of `input`, decoded with these options; see
    /// [`stream_from_str`].
    ///
    /// ```
    /// use fastwire::json::{Decoder, Value};
    ///
    /// let mut values = Decoder::new().max_depth(2).stream_str::<Value>("[1] [[2]]");
    /// assert!(values.next().unwrap().is_ok());
    /// assert!(values.next().unwrap().is_err());
    /// ```
    pub fn stream_str<'de, T: Decode<'de>>(&self, input: &'de str) -> Stream<'de, T> {
        Stream::new(input.as_bytes(), input, self)
    }

    /// Iterator over the JSON values of `input`, decoded with these options; see
    /// [`stream_from_slice`].
    ///
    /// ```
    /// let mut values = fastwire::json::Decoder::new().stream_slice::<bool>(b"true false");
    /// assert_eq!(values.next().unwrap().unwrap(), true);
    /// ```
    pub fn stream_slice<'de, T: Decode<'de>>(&self, input: &'de [u8]) -> Stream<'de, T> {
        let text = match simdutf8::compat::from_utf8(input) {
            Ok(text) => text,
            // Never fails: the bytes up to `valid_up_to` are UTF-8.
            Err(err) => std::str::from_utf8(&input[..err.valid_up_to()]).unwrap_or_default(),
        };
        Stream::new(input, text, self)
    }

    /// Iterator over the JSON values `reader` yields, decoded with these options; see
    /// [`stream_from_reader`].
    ///
    /// ```
    /// let source = &b"{} [[[]]]"[..];
    /// let mut values = fastwire::json::Decoder::new()
    ///     .max_depth(3)
    ///     .stream_reader::<_, fastwire::json::Value>(source);
    /// assert!(values.next().unwrap().is_ok());
    /// assert!(values.next().unwrap().is_err());
    /// ```
    pub fn stream_reader<R: io::Read, T: DecodeOwned>(&self, reader: R) -> ReaderStream<R, T> {
        ReaderStream::new(reader, self)
    }
}

/// Writes JSON Lines: each value compact, on a line of its own (`\n` after each), streamed
/// to an `io::Write` through the same bounded buffer as [`to_writer`](super::to_writer)
/// (64 KiB: few write calls, little memory, whatever the number or size of the values).
///
/// A value that fails to encode (see [`Writer::fail`](super::Writer::fail)) is an error of
/// kind [`InvalidData`](io::ErrorKind::InvalidData) wrapping the
/// [`EncodeError`](crate::EncodeError); none of it is written, and the writer goes on with
/// the next value (unless the value was too long for the buffer and its start had already
/// gone to the stream: then, as after an I/O error, nothing more is written and every later
/// call returns an error). Lines written before it are kept.
///
/// Call [`LinesWriter::flush`] or [`LinesWriter::into_inner`] at the end: dropping the writer
/// loses what is still buffered, as dropping an unflushed buffer of one's own would.
///
/// ```
/// use fastwire::json::LinesWriter;
///
/// #[derive(fastwire::Encode)]
/// struct Event<'a> { id: u32, name: &'a str }
///
/// let mut lines = LinesWriter::new(Vec::new());
/// lines.write(&Event { id: 1, name: "start" }).unwrap();
/// lines.write(&Event { id: 2, name: "stop" }).unwrap();
/// let out = lines.into_inner().unwrap();
/// assert_eq!(out, b"{\"id\":1,\"name\":\"start\"}\n{\"id\":2,\"name\":\"stop\"}\n");
/// ```
pub struct LinesWriter<W: io::Write> {
    w: IoWriter<'static, W, false>,
}

impl<W: io::Write> LinesWriter<W> {
    /// A writer of JSON Lines to `writer`.
    ///
    /// ```
    /// let lines = fastwire::json::LinesWriter::new(std::io::sink());
    /// # drop(lines);
    /// ```
    pub fn new(writer: W) -> Self {
        LinesWriter {
            w: IoWriter::new(writer),
        }
    }

    /// Writes `value` compactly, then `\n`.
    ///
    /// ```
    /// let mut lines = fastwire::json::LinesWriter::new(Vec::new());
    /// lines.write(&[1, 2]).unwrap();
    /// lines.write("x").unwrap();
    /// assert_eq!(lines.into_inner().unwrap(), b"[1,2]\n\"x\"\n");
    /// ```
    pub fn write<T: ?Sized + Encode>(&mut self, value: &T) -> io::Result<()> {
        if let Some(err) = self.w.io_error() {
            return Err(err);
        }
        value.encode(&mut self.w);
        super::Writer::write_fragment(&mut self.w, "\n");
        let encoded = self.w.end_value();
        match self.w.io_error() {
            Some(err) => Err(err),
            None => encoded.map_err(io::Error::from),
        }
    }

    /// Writes out what is buffered and flushes the stream.
    ///
    /// ```
    /// let mut out = Vec::new();
    /// let mut lines = fastwire::json::LinesWriter::new(&mut out);
    /// lines.write(&true).unwrap();
    /// lines.flush().unwrap();
    /// drop(lines);
    /// assert_eq!(out, b"true\n");
    /// ```
    pub fn flush(&mut self) -> io::Result<()> {
        self.w.flush()
    }

    /// Writes out what is buffered, flushes the stream and returns it.
    ///
    /// ```
    /// let mut lines = fastwire::json::LinesWriter::new(Vec::new());
    /// lines.write(&None::<u8>).unwrap();
    /// assert_eq!(lines.into_inner().unwrap(), b"null\n");
    /// ```
    pub fn into_inner(self) -> io::Result<W> {
        self.w.into_inner()
    }
}

/// Writes each of `items` compactly on a line of its own (JSON Lines) to `writer`, through a
/// bounded buffer, and flushes it. Stops at the first error (see [`LinesWriter`]), after
/// writing out the lines before it.
///
/// ```
/// let mut out = Vec::new();
/// fastwire::json::to_writer_lines(&mut out, [[1, 2], [3, 4]]).unwrap();
/// assert_eq!(out, b"[1,2]\n[3,4]\n");
///
/// // Read back with a stream.
/// let rows: Vec<[u8; 2]> = fastwire::json::stream_from_slice(&out).map(Result::unwrap).collect();
/// assert_eq!(rows, [[1, 2], [3, 4]]);
/// ```
pub fn to_writer_lines<W, I>(writer: W, items: I) -> io::Result<()>
where
    W: io::Write,
    I: IntoIterator,
    I::Item: Encode,
{
    let mut lines = LinesWriter::new(writer);
    for item in items {
        if let Err(err) = lines.write(&item) {
            // The lines before it still go out (after an I/O error, nothing can).
            let _ = lines.flush();
            return Err(err);
        }
    }
    lines.flush()
}
