//! Streams of MessagePack values: values written one after another, decoded one at a time,
//! from a slice or as they arrive from an `io::Read`.

use std::io;
use std::iter::FusedIterator;
use std::marker::PhantomData;

use super::{Decode, DecodeOwned, Decoder, Error, Reader};
use crate::read_window::ReadWindow;

/// Iterator over the MessagePack values of a slice, written one after another (as repeated
/// [`to_vec`](super::to_vec) or [`encode_into`](super::encode_into) calls write them): each
/// item is the next value decoded as a `T`, or the error that stopped it. Made by
/// [`stream_from_slice`] and [`Decoder::stream_slice`]; values borrow from the input as
/// [`from_slice`](super::from_slice)'s do.
///
/// A value cut short by the end of the input is an error of category
/// [`Eof`](super::Category::Eof). Any error ends the stream: later calls return `None`.
/// Error offsets count from the start of the input.
///
/// ```
/// use fastwire::msgpack;
///
/// #[derive(fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
/// struct Point { x: i32, y: i32 }
///
/// let mut bytes = Vec::new();
/// msgpack::encode_into(&Point { x: 1, y: 2 }, &mut bytes);
/// msgpack::encode_into(&Point { x: 3, y: 4 }, &mut bytes);
/// let points: Vec<Point> = msgpack::stream_from_slice(&bytes).collect::<Result<_, _>>().unwrap();
/// assert_eq!(points, [Point { x: 1, y: 2 }, Point { x: 3, y: 4 }]);
///
/// // A value cut short.
/// let mut stream = msgpack::stream_from_slice::<Point>(&bytes[..bytes.len() - 1]);
/// assert!(stream.next().unwrap().is_ok());
/// assert!(stream.next().unwrap().unwrap_err().is_eof());
/// assert!(stream.next().is_none());
/// ```
pub struct Stream<'de, T> {
    reader: Reader<'de>,
    len: usize,
    offset: usize,
    failed: bool,
    output: PhantomData<fn() -> T>,
}

impl<T> Stream<'_, T> {
    /// The offset just after the last value decoded: 0 at first; after a value, the byte
    /// that follows it; after an error, where the failed value began; at the end, the
    /// length of the input.
    ///
    /// ```
    /// let mut stream = fastwire::msgpack::stream_from_slice::<u16>(b"\x01\xcd\x01\x00");
    /// stream.next().unwrap().unwrap();
    /// assert_eq!(stream.byte_offset(), 1);
    /// assert_eq!(stream.next().unwrap().unwrap(), 256);
    /// assert_eq!(stream.byte_offset(), 4);
    /// ```
    pub fn byte_offset(&self) -> usize {
        self.offset
    }
}

impl<'de, T: Decode<'de>> Iterator for Stream<'de, T> {
    type Item = Result<T, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed || self.reader.offset() == self.len {
            return None;
        }
        self.offset = self.reader.offset();
        let result = T::decode(&mut self.reader);
        match result {
            Ok(_) => self.offset = self.reader.offset(),
            Err(_) => self.failed = true,
        }
        Some(result)
    }
}

impl<'de, T: Decode<'de>> FusedIterator for Stream<'de, T> {}

/// Iterator over the MessagePack values an `io::Read` yields, one after another: the
/// reading counterpart of [`Stream`], with offsets in the whole stream. Made by
/// [`stream_from_reader`] and [`Decoder::stream_reader`]; `T` cannot borrow from the buffer,
/// hence [`DecodeOwned`].
///
/// The source is read in blocks into a buffer that keeps only the value being read (and what
/// has been read past it), so an endless stream is read in memory bounded by its largest
/// value; a value longer than [`Decoder::max_input_size`] (4 GiB unless set) ends the stream
/// with an error once that much of it has been read, so one that never ends costs at most
/// about twice the limit. The lengths in each value's headers say when it has arrived whole: it is then
/// decoded, once, and returned without waiting for more. A value cut short by the end of
/// the stream is an error of category [`Eof`](super::Category::Eof); an I/O error ends the
/// stream with an error of category [`Io`](super::Category::Io) (`Interrupted` reads are
/// retried).
///
/// ```
/// use fastwire::msgpack;
///
/// let mut bytes = msgpack::to_vec(&("a", 1));
/// msgpack::encode_into(&("b", 2), &mut bytes);
/// let pairs: Vec<(String, u8)> = msgpack::stream_from_reader(&bytes[..])
///     .collect::<Result<_, _>>()
///     .unwrap();
/// assert_eq!(pairs, [("a".to_owned(), 1), ("b".to_owned(), 2)]);
/// ```
pub struct ReaderStream<R, T> {
    window: ReadWindow<R>,
    /// The limits; `max_input_size` bounds the bytes one value may take in the window.
    options: Decoder,
    offset: usize,
    failed: bool,
    output: PhantomData<fn() -> T>,
}

impl<R: io::Read, T: DecodeOwned> ReaderStream<R, T> {
    /// The offset in the whole stream just after the last value decoded, as
    /// [`Stream::byte_offset`] counts it.
    ///
    /// ```
    /// let mut stream = fastwire::msgpack::stream_from_reader::<_, bool>(&b"\xc3\xc2"[..]);
    /// stream.next().unwrap().unwrap();
    /// assert_eq!(stream.byte_offset(), 1);
    /// ```
    pub fn byte_offset(&self) -> usize {
        self.offset
    }

    /// Ends the stream with `err`.
    #[cold]
    fn fail(&mut self, err: Error) -> Option<Result<T, Error>> {
        self.failed = true;
        Some(Err(err))
    }
}

impl<R: io::Read, T: DecodeOwned> Iterator for ReaderStream<R, T> {
    type Item = Result<T, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        let mut end = ValueEnd::new();
        loop {
            let whole = end.scan(self.window.bytes());
            if self.window.bytes().is_empty() && self.window.is_eof() {
                self.offset = self.window.offset();
                return None;
            }
            if whole || self.window.is_eof() {
                self.offset = self.window.offset();
                let mut r = self.options.reader(self.window.bytes());
                let result = T::decode(&mut r);
                let used = r.offset();
                return match result {
                    Ok(value) => {
                        self.window.consume(used);
                        self.offset = self.window.offset();
                        Some(Ok(value))
                    }
                    Err(err) => {
                        let err = err.shifted(self.window.offset());
                        self.fail(err)
                    }
                };
            }
            let limit = self.options.input_size_limit();
            if self.window.bytes().len() > limit {
                let err = crate::limit::too_large(limit);
                return self.fail(Error::io(err));
            }
            if let Err(err) = self.window.fill() {
                return self.fail(Error::io(err));
            }
        }
    }
}

impl<R: io::Read, T: DecodeOwned> FusedIterator for ReaderStream<R, T> {}

/// Finds where the MessagePack value at the front of a growing window ends, from the
/// lengths in its headers, looking at each header once however the window grows. It does
/// not check the value (the decoder does, once the value is all there).
struct ValueEnd {
    /// Where the next header starts, in the window (possibly past its end, in a string
    /// still arriving).
    pos: usize,
    /// Values still to be passed (elements and keys of the containers open count too).
    pending: u64,
}

impl ValueEnd {
    fn new() -> Self {
        ValueEnd { pos: 0, pending: 1 }
    }

    /// Looks at the headers of `window` not yet looked at; returns whether the value is all
    /// in.
    fn scan(&mut self, window: &[u8]) -> bool {
        while self.pending > 0 {
            let Some(&marker) = window.get(self.pos) else {
                return false;
            };
            // The header's length (marker included), and what its length field counts.
            let (header, counts) = match marker {
                0x00..=0x7f | 0xc0 | 0xc2 | 0xc3 | 0xe0..=0xff => (1, Counts::Nothing),
                0x80..=0x8f => (1, Counts::Entries(u64::from(marker & 0x0f))),
                0x90..=0x9f => (1, Counts::Elements(u64::from(marker & 0x0f))),
                0xa0..=0xbf => (1, Counts::Bytes(u64::from(marker & 0x1f))),
                // Reserved: the decoder stops there.
                0xc1 => return true,
                0xc4 | 0xd9 => (2, Counts::LengthBytes),
                0xc5 | 0xda => (3, Counts::LengthBytes),
                0xc6 | 0xdb => (5, Counts::LengthBytes),
                // Extensions: the length, then the type byte.
                0xc7 => (3, Counts::ExtLength),
                0xc8 => (4, Counts::ExtLength),
                0xc9 => (6, Counts::ExtLength),
                0xcc | 0xd0 => (2, Counts::Nothing),
                0xcd | 0xd1 => (3, Counts::Nothing),
                0xca | 0xce | 0xd2 => (5, Counts::Nothing),
                0xcb | 0xcf | 0xd3 => (9, Counts::Nothing),
                0xd4..=0xd8 => (2, Counts::Bytes(1 << (marker - 0xd4))),
                0xdc => (3, Counts::LengthElements),
                0xdd => (5, Counts::LengthElements),
                0xde => (3, Counts::LengthEntries),
                0xdf => (5, Counts::LengthEntries),
            };
            let Some(header_bytes) = window.get(self.pos..self.pos + header) else {
                return false;
            };
            let length = || {
                let field = match counts {
                    Counts::ExtLength => &header_bytes[1..header - 1],
                    _ => &header_bytes[1..],
                };
                field.iter().fold(0u64, |n, &b| n << 8 | u64::from(b))
            };
            let (payload, children) = match counts {
                Counts::Nothing => (0, 0),
                Counts::Bytes(n) => (n, 0),
                Counts::Elements(n) => (0, n),
                Counts::Entries(n) => (0, 2 * n),
                Counts::LengthBytes | Counts::ExtLength => (length(), 0),
                Counts::LengthElements => (0, length()),
                Counts::LengthEntries => (0, 2 * length()),
            };
            let payload = usize::try_from(payload).unwrap_or(usize::MAX);
            self.pos = self.pos.saturating_add(header).saturating_add(payload);
            self.pending = self.pending - 1 + children;
        }
        self.pos <= window.len()
    }
}

/// What the length in a header counts.
#[derive(Clone, Copy)]
enum Counts {
    /// No length: the header is the whole value.
    Nothing,
    /// Bytes that follow, fixed by the marker.
    Bytes(u64),
    /// Elements that follow, fixed by the marker.
    Elements(u64),
    /// Key-value pairs that follow, fixed by the marker.
    Entries(u64),
    /// Bytes that follow, counted by the header's length field.
    LengthBytes,
    /// Bytes that follow, counted by an extension header's length field (before its type).
    ExtLength,
    /// Elements that follow, counted by the header's length field.
    LengthElements,
    /// Key-value pairs that follow, counted by the header's length field.
    LengthEntries,
}

/// Iterator over the MessagePack values of `input`, written one after another, each decoded
/// as a `T`; see [`Stream`].
///
/// ```
/// let values: Vec<u8> = fastwire::msgpack::stream_from_slice(b"\x01\x02\x03")
///     .map(Result::unwrap)
///     .collect();
/// assert_eq!(values, [1, 2, 3]);
/// ```
pub fn stream_from_slice<'de, T: Decode<'de>>(input: &'de [u8]) -> Stream<'de, T> {
    Decoder::new().stream_slice(input)
}

/// Iterator over the MessagePack values `reader` yields, one after another, read as they
/// come in memory bounded by the largest value; see [`ReaderStream`].
///
/// ```
/// let source = &b"\x92\x01\x02\x91\x03"[..];
/// let lists: Vec<Vec<u8>> = fastwire::msgpack::stream_from_reader(source)
///     .map(Result::unwrap)
///     .collect();
/// assert_eq!(lists, [vec![1, 2], vec![3]]);
/// ```
pub fn stream_from_reader<R: io::Read, T: DecodeOwned>(reader: R) -> ReaderStream<R, T> {
    Decoder::new().stream_reader(reader)
}

impl Decoder {
    /// Iterator over the MessagePack values of `input`, decoded with these options; see
    /// [`stream_from_slice`].
    ///
    /// ```
    /// use fastwire::msgpack::{Decoder, Value};
    ///
    /// // [nil], then [[nil]]
    /// let mut values = Decoder::new().max_depth(2).stream_slice::<Value>(b"\x91\xc0\x91\x91\xc0");
    /// assert!(values.next().unwrap().is_ok());
    /// assert!(values.next().unwrap().is_err());
    /// ```
    pub fn stream_slice<'de, T: Decode<'de>>(&self, input: &'de [u8]) -> Stream<'de, T> {
        Stream {
            reader: self.reader(input),
            len: input.len(),
            offset: 0,
            failed: false,
            output: PhantomData,
        }
    }

    /// Iterator over the MessagePack values `reader` yields, decoded with these options; see
    /// [`stream_from_reader`].
    ///
    /// ```
    /// let mut values = fastwire::msgpack::Decoder::new()
    ///     .stream_reader::<_, String>(&b"\xa2hi"[..]);
    /// assert_eq!(values.next().unwrap().unwrap(), "hi");
    /// assert!(values.next().is_none());
    /// ```
    pub fn stream_reader<R: io::Read, T: DecodeOwned>(&self, reader: R) -> ReaderStream<R, T> {
        ReaderStream {
            window: ReadWindow::new(reader),
            options: self.clone(),
            offset: 0,
            failed: false,
            output: PhantomData,
        }
    }
}
