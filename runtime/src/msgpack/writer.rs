//! MessagePack output: the [`Writer`] trait every encoder writes through, and its two sinks (a
//! growable `Vec<u8>` and a bounded buffer in front of an `io::Write`).
//!
//! Every method reserves room once for the bounded piece it writes (a marker and at most eight
//! bytes of payload, or a header and the bytes of a string) and then copies without further
//! checks. Integers and headers always take their smallest form, as rmp-serde writes them.

use std::io;

use crate::buf::{put_unchecked, STREAM_BUFFER};

/// Where encoded MessagePack goes. Implemented by fastwire's own writers only (the trait is
/// sealed); [`Encode`](super::Encode) implementations receive one and call its methods.
///
/// ```
/// use fastwire::msgpack::{self, Encode, Writer};
///
/// struct Point { x: i32, y: i32 }
///
/// // The map `{"x": x, "y": y}`, as rmp_serde::to_vec_named writes it: the map header and
/// // the first key as one pre-encoded fragment, the second key as another.
/// impl Encode for Point {
///     fn encode<W: Writer>(&self, w: &mut W) {
///         w.write_raw(b"\x82\xa1x");
///         w.write_i64(i64::from(self.x));
///         w.write_raw(b"\xa1y");
///         w.write_i64(i64::from(self.y));
///     }
/// }
///
/// assert_eq!(msgpack::to_vec(&Point { x: 1, y: -2 }), b"\x82\xa1x\x01\xa1y\xfe");
/// ```
pub trait Writer: sealed::Sealed {
    /// The buffer currently being filled.
    #[doc(hidden)]
    fn buffer(&mut self) -> &mut Vec<u8>;

    /// Makes room for `additional` more bytes in [`Writer::buffer`] (growing it, or flushing it
    /// to the underlying stream). Called only when the room is missing.
    #[doc(hidden)]
    fn make_room(&mut self, additional: usize);

    /// Appends a long run of bytes (the body of a string or binary). The streaming writer
    /// hands long runs to its stream directly instead of growing its buffer.
    #[doc(hidden)]
    #[inline]
    fn write_long(&mut self, bytes: &[u8]) {
        self.write_raw(bytes);
    }

    /// Ensures the next `additional` bytes can be appended without growing or flushing.
    #[inline(always)]
    fn reserve(&mut self, additional: usize) {
        let buf = self.buffer();
        if buf.capacity() - buf.len() < additional {
            self.make_room(additional);
        }
    }

    /// Appends `bytes` as they are. They must be valid MessagePack in their position: this is
    /// how pre-encoded keys and headers are written.
    #[inline(always)]
    fn write_raw(&mut self, bytes: &[u8]) {
        self.reserve(bytes.len());
        // SAFETY: `reserve` just ensured `bytes.len()` bytes of spare capacity.
        unsafe { put_unchecked(self.buffer(), bytes) }
    }

    /// Writes `nil`.
    #[inline]
    fn write_nil(&mut self) {
        self.write_raw(&[0xc0]);
    }

    /// Writes `true` or `false`.
    #[inline]
    fn write_bool(&mut self, value: bool) {
        self.write_raw(&[if value { 0xc3 } else { 0xc2 }]);
    }

    /// Writes an unsigned integer in its smallest form: positive fixint, `uint 8`, `16`, `32`
    /// or `64`.
    #[inline]
    fn write_u64(&mut self, value: u64) {
        self.reserve(9);
        // SAFETY: `reserve` ensured room for the longest form, nine bytes.
        unsafe { put_u64(self.buffer(), value) }
    }

    /// Writes a signed integer in its smallest form. Non-negative values take the unsigned
    /// forms (as rmp-serde writes them); negative ones negative fixint, `int 8`, `16`, `32`
    /// or `64`.
    #[inline]
    fn write_i64(&mut self, value: i64) {
        self.reserve(9);
        let buf = self.buffer();
        // SAFETY: `reserve` ensured room for the longest form, nine bytes.
        unsafe {
            if value >= 0 {
                put_u64(buf, value as u64);
            } else if value >= -32 {
                put_unchecked(buf, &[value as u8]);
            } else if value >= i64::from(i8::MIN) {
                put_unchecked(buf, &[0xd0, value as u8]);
            } else if value >= i64::from(i16::MIN) {
                let [a, b] = (value as i16).to_be_bytes();
                put_unchecked(buf, &[0xd1, a, b]);
            } else if value >= i64::from(i32::MIN) {
                let [a, b, c, d] = (value as i32).to_be_bytes();
                put_unchecked(buf, &[0xd2, a, b, c, d]);
            } else {
                put_unchecked(buf, &[0xd3]);
                put_unchecked(buf, &value.to_be_bytes());
            }
        }
    }

    /// Writes a `float 32`.
    #[inline]
    fn write_f32(&mut self, value: f32) {
        let [a, b, c, d] = value.to_bits().to_be_bytes();
        self.write_raw(&[0xca, a, b, c, d]);
    }

    /// Writes a `float 64`.
    #[inline]
    fn write_f64(&mut self, value: f64) {
        self.reserve(9);
        let buf = self.buffer();
        // SAFETY: `reserve` ensured room for the marker and eight bytes.
        unsafe {
            put_unchecked(buf, &[0xcb]);
            put_unchecked(buf, &value.to_bits().to_be_bytes());
        }
    }

    /// Writes a string: its header in the smallest form (`fixstr`, `str 8`, `16` or `32`),
    /// then its bytes.
    ///
    /// # Panics
    /// If the string is longer than MessagePack can say (4 GiB).
    #[inline]
    fn write_str(&mut self, value: &str) {
        let len = value.len();
        if len < 32 {
            self.reserve(1 + len);
            let buf = self.buffer();
            // SAFETY: `reserve` ensured room for the one-byte header and the bytes.
            unsafe {
                put_unchecked(buf, &[0xa0 | len as u8]);
                put_unchecked(buf, value.as_bytes());
            }
        } else {
            write_with_header(self, value.as_bytes(), [0xd9, 0xda, 0xdb]);
        }
    }

    /// Writes a binary: its header in the smallest form (`bin 8`, `16` or `32`), then its
    /// bytes.
    ///
    /// # Panics
    /// If the binary is longer than MessagePack can say (4 GiB).
    #[inline]
    fn write_bin(&mut self, value: &[u8]) {
        write_with_header(self, value, [0xc4, 0xc5, 0xc6]);
    }

    /// Writes an array header for `len` elements (`fixarray`, `array 16` or `32`); the
    /// elements follow.
    ///
    /// # Panics
    /// If `len` is above `u32::MAX`, which MessagePack cannot say.
    #[inline]
    fn write_array_len(&mut self, len: usize) {
        if len < 16 {
            self.write_raw(&[0x90 | len as u8]);
        } else {
            write_header(self, len, 0xdc, 0xdd);
        }
    }

    /// Writes a map header for `len` entries (`fixmap`, `map 16` or `32`); the keys and values
    /// follow, alternating.
    ///
    /// # Panics
    /// If `len` is above `u32::MAX`, which MessagePack cannot say.
    #[inline]
    fn write_map_len(&mut self, len: usize) {
        if len < 16 {
            self.write_raw(&[0x80 | len as u8]);
        } else {
            write_header(self, len, 0xde, 0xdf);
        }
    }

    /// Writes an extension value: its header in the smallest form (`fixext 1/2/4/8/16`,
    /// `ext 8`, `16` or `32`), the type code, then `data`.
    ///
    /// # Panics
    /// If `data` is longer than MessagePack can say (4 GiB).
    fn write_ext(&mut self, type_code: i8, data: &[u8]) {
        let code = type_code as u8;
        let len = data.len();
        match len {
            1 => self.write_raw(&[0xd4, code]),
            2 => self.write_raw(&[0xd5, code]),
            4 => self.write_raw(&[0xd6, code]),
            8 => self.write_raw(&[0xd7, code]),
            16 => self.write_raw(&[0xd8, code]),
            _ if len <= u8::MAX as usize => self.write_raw(&[0xc7, len as u8, code]),
            _ if len <= u16::MAX as usize => {
                let [a, b] = (len as u16).to_be_bytes();
                self.write_raw(&[0xc8, a, b, code]);
            }
            _ => {
                let [a, b, c, d] = length_u32(len).to_be_bytes();
                self.write_raw(&[0xc9, a, b, c, d, code]);
            }
        }
        self.write_long(data);
    }
}

/// `value`'s smallest unsigned form.
///
/// # Safety
/// `buf` must have at least nine bytes of spare capacity.
#[inline(always)]
unsafe fn put_u64(buf: &mut Vec<u8>, value: u64) {
    // SAFETY: every branch writes at most nine bytes, which the caller guarantees room for.
    unsafe {
        if value < 0x80 {
            put_unchecked(buf, &[value as u8]);
        } else if value <= u64::from(u8::MAX) {
            put_unchecked(buf, &[0xcc, value as u8]);
        } else if value <= u64::from(u16::MAX) {
            let [a, b] = (value as u16).to_be_bytes();
            put_unchecked(buf, &[0xcd, a, b]);
        } else if value <= u64::from(u32::MAX) {
            let [a, b, c, d] = (value as u32).to_be_bytes();
            put_unchecked(buf, &[0xce, a, b, c, d]);
        } else {
            put_unchecked(buf, &[0xcf]);
            put_unchecked(buf, &value.to_be_bytes());
        }
    }
}

/// `len` as the 32-bit length MessagePack's largest headers carry.
#[inline]
fn length_u32(len: usize) -> u32 {
    match u32::try_from(len) {
        Ok(len) => len,
        Err(_) => too_long(len),
    }
}

#[cold]
#[inline(never)]
fn too_long(len: usize) -> ! {
    panic!("MessagePack cannot encode a length of {len}: lengths are limited to 2^32 - 1")
}

/// An array or map header of 16 or 32 bits (`len` is at least 16).
#[inline]
fn write_header<W: Writer + ?Sized>(w: &mut W, len: usize, marker16: u8, marker32: u8) {
    if len <= u16::MAX as usize {
        let [a, b] = (len as u16).to_be_bytes();
        w.write_raw(&[marker16, a, b]);
    } else {
        let [a, b, c, d] = length_u32(len).to_be_bytes();
        w.write_raw(&[marker32, a, b, c, d]);
    }
}

/// A string or binary header of 8, 16 or 32 bits, then the bytes.
#[inline]
fn write_with_header<W: Writer + ?Sized>(w: &mut W, bytes: &[u8], markers: [u8; 3]) {
    let len = bytes.len();
    if len > STREAM_BUFFER / 2 {
        let [a, b, c, d] = length_u32(len).to_be_bytes();
        if len <= u16::MAX as usize {
            w.write_raw(&[markers[1], c, d]);
        } else {
            w.write_raw(&[markers[2], a, b, c, d]);
        }
        w.write_long(bytes);
        return;
    }
    w.reserve(3 + len);
    let buf = w.buffer();
    // SAFETY: `reserve` ensured room for the header (at most three bytes below 64 KiB, and
    // longer values took the branch above) and the bytes.
    unsafe {
        if len <= u8::MAX as usize {
            put_unchecked(buf, &[markers[0], len as u8]);
        } else {
            let [a, b] = (len as u16).to_be_bytes();
            put_unchecked(buf, &[markers[1], a, b]);
        }
        put_unchecked(buf, bytes);
    }
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for super::VecWriter<'_> {}
    impl<W: std::io::Write> Sealed for super::IoWriter<W> {}
}

/// Appends to a caller's `Vec<u8>`, growing it as needed.
pub(crate) struct VecWriter<'a> {
    out: &'a mut Vec<u8>,
}

impl<'a> VecWriter<'a> {
    pub(crate) fn new(out: &'a mut Vec<u8>) -> Self {
        VecWriter { out }
    }
}

impl Writer for VecWriter<'_> {
    #[inline(always)]
    fn buffer(&mut self) -> &mut Vec<u8> {
        self.out
    }

    #[cold]
    #[inline(never)]
    fn make_room(&mut self, additional: usize) {
        self.out.reserve(additional);
    }
}

/// Streams to an `io::Write` through a bounded buffer. The first I/O error is kept, later
/// output is dropped, and [`IoWriter::finish`] reports the error.
pub(crate) struct IoWriter<W: io::Write> {
    buf: Vec<u8>,
    inner: W,
    error: Option<io::Error>,
}

impl<W: io::Write> IoWriter<W> {
    pub(crate) fn new(inner: W) -> Self {
        IoWriter {
            buf: Vec::with_capacity(STREAM_BUFFER),
            inner,
            error: None,
        }
    }

    fn flush_buffer(&mut self) {
        if !self.buf.is_empty() {
            self.pass_through_buffer();
        }
    }

    fn pass_through_buffer(&mut self) {
        if self.error.is_none() {
            if let Err(e) = self.inner.write_all(&self.buf) {
                self.error = Some(e);
            }
        }
        self.buf.clear();
    }

    /// Writes out what is buffered and flushes the stream, returning the first error met.
    pub(crate) fn finish(mut self) -> io::Result<()> {
        self.flush_buffer();
        match self.error.take() {
            Some(e) => Err(e),
            None => self.inner.flush(),
        }
    }
}

impl<W: io::Write> Writer for IoWriter<W> {
    #[inline(always)]
    fn buffer(&mut self) -> &mut Vec<u8> {
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

    /// Long runs go to the stream as they are, after what is buffered: the buffer never grows
    /// beyond its size for them.
    fn write_long(&mut self, bytes: &[u8]) {
        if bytes.len() <= STREAM_BUFFER / 2 {
            self.write_raw(bytes);
            return;
        }
        self.flush_buffer();
        if self.error.is_none() {
            if let Err(e) = self.inner.write_all(bytes) {
                self.error = Some(e);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes(f: impl FnOnce(&mut VecWriter)) -> Vec<u8> {
        let mut out = Vec::new();
        f(&mut VecWriter::new(&mut out));
        out
    }

    #[test]
    fn integers_take_their_smallest_form() {
        let cases: &[(i64, &[u8])] = &[
            (0, b"\x00"),
            (127, b"\x7f"),
            (128, b"\xcc\x80"),
            (255, b"\xcc\xff"),
            (256, b"\xcd\x01\x00"),
            (65535, b"\xcd\xff\xff"),
            (65536, b"\xce\x00\x01\x00\x00"),
            (u32::MAX as i64, b"\xce\xff\xff\xff\xff"),
            (1 << 32, b"\xcf\x00\x00\x00\x01\x00\x00\x00\x00"),
            (-1, b"\xff"),
            (-32, b"\xe0"),
            (-33, b"\xd0\xdf"),
            (-128, b"\xd0\x80"),
            (-129, b"\xd1\xff\x7f"),
            (-32768, b"\xd1\x80\x00"),
            (-32769, b"\xd2\xff\xff\x7f\xff"),
            (i32::MIN as i64, b"\xd2\x80\x00\x00\x00"),
            (i32::MIN as i64 - 1, b"\xd3\xff\xff\xff\xff\x7f\xff\xff\xff"),
            (i64::MIN, b"\xd3\x80\x00\x00\x00\x00\x00\x00\x00"),
        ];
        for &(value, expected) in cases {
            assert_eq!(bytes(|w| w.write_i64(value)), expected, "{value}");
            if value >= 0 {
                assert_eq!(bytes(|w| w.write_u64(value as u64)), expected, "{value}");
            }
        }
        assert_eq!(
            bytes(|w| w.write_u64(u64::MAX)),
            b"\xcf\xff\xff\xff\xff\xff\xff\xff\xff"
        );
    }

    #[test]
    fn headers_take_their_smallest_form() {
        for (len, header) in [
            (0usize, vec![0xa0]),
            (31, vec![0xbf]),
            (32, vec![0xd9, 32]),
            (255, vec![0xd9, 255]),
            (256, vec![0xda, 1, 0]),
            (65535, vec![0xda, 0xff, 0xff]),
            (65536, vec![0xdb, 0, 1, 0, 0]),
        ] {
            let text = "x".repeat(len);
            let out = bytes(|w| w.write_str(&text));
            assert_eq!(&out[..header.len()], &header[..], "str {len}");
            assert_eq!(out.len(), header.len() + len);
            let mut bin_header = header.clone();
            bin_header[0] = match header[0] {
                0xa0..=0xbf | 0xd9 => 0xc4,
                0xda => 0xc5,
                _ => 0xc6,
            };
            if len < 32 {
                bin_header = vec![0xc4, len as u8];
            }
            let out = bytes(|w| w.write_bin(text.as_bytes()));
            assert_eq!(&out[..bin_header.len()], &bin_header[..], "bin {len}");
        }
        assert_eq!(bytes(|w| w.write_array_len(15)), [0x9f]);
        assert_eq!(bytes(|w| w.write_array_len(16)), [0xdc, 0, 16]);
        assert_eq!(
            bytes(|w| w.write_array_len(70000)),
            [0xdd, 0, 1, 0x11, 0x70]
        );
        assert_eq!(bytes(|w| w.write_map_len(15)), [0x8f]);
        assert_eq!(bytes(|w| w.write_map_len(65535)), [0xde, 0xff, 0xff]);
        assert_eq!(bytes(|w| w.write_map_len(65536)), [0xdf, 0, 1, 0, 0]);
    }

    #[test]
    fn ext_headers_take_their_smallest_form() {
        for (len, header) in [
            (1usize, vec![0xd4, 5]),
            (2, vec![0xd5, 5]),
            (4, vec![0xd6, 5]),
            (8, vec![0xd7, 5]),
            (16, vec![0xd8, 5]),
            (0, vec![0xc7, 0, 5]),
            (3, vec![0xc7, 3, 5]),
            (255, vec![0xc7, 255, 5]),
            (256, vec![0xc8, 1, 0, 5]),
            (65536, vec![0xc9, 0, 1, 0, 0, 5]),
        ] {
            let data = vec![7u8; len];
            let out = bytes(|w| w.write_ext(5, &data));
            assert_eq!(&out[..header.len()], &header[..], "ext {len}");
            assert_eq!(&out[header.len()..], &data[..]);
        }
    }

    #[test]
    fn floats_keep_their_width() {
        assert_eq!(bytes(|w| w.write_f32(1.5)), b"\xca\x3f\xc0\x00\x00");
        assert_eq!(
            bytes(|w| w.write_f64(1.0)),
            b"\xcb\x3f\xf0\x00\x00\x00\x00\x00\x00"
        );
    }

    #[test]
    fn the_stream_writer_passes_long_runs_through() {
        struct Counting(Vec<usize>, Vec<u8>);
        impl io::Write for Counting {
            fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
                self.0.push(buf.len());
                self.1.extend_from_slice(buf);
                Ok(buf.len())
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let long = vec![b'x'; 3 * STREAM_BUFFER];
        let mut sink = Counting(Vec::new(), Vec::new());
        let mut w = IoWriter::new(&mut sink);
        w.write_nil();
        w.write_bin(&long);
        w.write_nil();
        let capacity = w.buf.capacity();
        w.finish().unwrap();
        assert_eq!(capacity, STREAM_BUFFER, "the buffer did not grow");
        let mut expected = vec![0xc0, 0xc6, 0, 3, 0, 0];
        expected.extend_from_slice(&long);
        expected.push(0xc0);
        assert_eq!(sink.1, expected);
    }
}
