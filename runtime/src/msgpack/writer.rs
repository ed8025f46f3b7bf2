//! MessagePack output: the [`Writer`] trait every encoder writes through, and its two sinks (a
//! growable `Vec<u8>` and a bounded buffer in front of an `io::Write`).
//!
//! Every method reserves room once for the bounded piece it writes (a marker and at most eight
//! bytes of payload, or a header and the bytes of a string) and then copies without further
//! checks, through a [`Cursor`]: the write position and the end of the room, two pointers the
//! writer keeps, rather than the three fields of a `Vec` reloaded on every write. Integers and
//! headers always take their smallest form, as rmp-serde writes them.

use std::fmt;
use std::io;
use std::marker::PhantomData;

use crate::buf::STREAM_BUFFER;

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
    /// Where the next byte goes, and how much room is left.
    #[doc(hidden)]
    fn cursor(&mut self) -> &mut Cursor;

    /// Makes room for `additional` more bytes after the cursor (growing the buffer, or flushing
    /// it to the underlying stream). Called only when the room is missing.
    #[doc(hidden)]
    fn make_room(&mut self, additional: usize);

    /// Keeps `error` unless a failure is already recorded; see [`Writer::fail`].
    #[doc(hidden)]
    fn record_failure(&mut self, error: &dyn fmt::Display);

    /// Records that the value cannot be encoded, with `error` as the reason. The first
    /// failure recorded wins; later ones are ignored.
    ///
    /// Writing may go on after it (finish the value as if nothing happened: the output is
    /// discarded anyway), and nothing else changes until the end: then
    /// [`try_to_vec`](super::try_to_vec) and [`try_encode_into`](super::try_encode_into)
    /// return the error as an [`EncodeError`](crate::EncodeError),
    /// [`to_writer`](super::to_writer) returns it as an `io::Error` (and writes nothing more
    /// to its stream from the failure on), and [`to_vec`](super::to_vec) and
    /// [`encode_into`](super::encode_into) panic.
    ///
    /// fastwire's own impls call it only for a `Path` that is not UTF-8, as serde fails for
    /// one; the serde bridge calls it when a `Serialize` impl fails.
    ///
    /// ```
    /// use fastwire::msgpack::{self, Encode, Writer};
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
    /// assert_eq!(msgpack::try_to_vec(&[Percent(5), Percent(90)]).unwrap(), b"\x92\x05\x5a");
    /// let err = msgpack::try_to_vec(&[Percent(120), Percent(101)]).unwrap_err();
    /// assert_eq!(err.to_string(), "120% is more than everything");
    ///
    /// let mut out = Vec::new();
    /// let err = msgpack::to_writer(&mut out, &Percent(200)).unwrap_err();
    /// assert_eq!(err.kind(), std::io::ErrorKind::InvalidData);
    /// assert!(out.is_empty());
    /// ```
    #[cold]
    #[inline(never)]
    fn fail(&mut self, error: impl fmt::Display) {
        self.record_failure(&error);
    }

    /// Appends a long run of bytes (the body of a string or binary). The streaming writer
    /// hands long runs to its stream directly instead of growing its buffer.
    #[doc(hidden)]
    #[inline]
    fn write_long(&mut self, bytes: &[u8]) {
        self.write_raw(bytes);
    }

    /// Ensures the next `additional` bytes can be appended without growing or flushing.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn reserve(&mut self, additional: usize) {
        if self.cursor().room() < additional {
            self.make_room(additional);
        }
    }

    /// Appends `bytes` as they are. They must be valid MessagePack in their position: this is
    /// how pre-encoded keys and headers are written.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn write_raw(&mut self, bytes: &[u8]) {
        self.reserve(bytes.len());
        // SAFETY: `reserve` just ensured `bytes.len()` bytes of room.
        unsafe { self.cursor().put(bytes) }
    }

    /// Reserves `max` bytes and hands them to `write` as a [`Slot`], whose writes need no
    /// further capacity checks: how a value of bounded size (a number, a struct of numbers, a
    /// run of such elements) is written with one check. What `write` leaves unwritten stays
    /// room for later writes.
    ///
    /// # Panics
    /// If `write` writes more than `max` bytes.
    #[doc(hidden)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn write_bounded(&mut self, max: usize, write: impl FnOnce(&mut Slot<'_>)) {
        if self.cursor().room() < max {
            return write_bounded_short(self, max, write);
        }
        let cursor = self.cursor();
        let mut slot = Slot {
            pos: cursor.pos,
            // SAFETY: there are at least `max` bytes of room after the cursor.
            end: unsafe { cursor.pos.add(max) },
            _room: PhantomData,
        };
        write(&mut slot);
        cursor.pos = slot.pos;
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
        self.write_bounded(9, |slot| slot.put_u64(value));
    }

    /// Writes a signed integer in its smallest form. Non-negative values take the unsigned
    /// forms (as rmp-serde writes them); negative ones negative fixint, `int 8`, `16`, `32`
    /// or `64`.
    #[inline]
    fn write_i64(&mut self, value: i64) {
        self.write_bounded(9, |slot| slot.put_i64(value));
    }

    /// Writes a `float 32`.
    #[inline]
    fn write_f32(&mut self, value: f32) {
        self.write_bounded(5, |slot| slot.put_f32(value));
    }

    /// Writes a `float 64`.
    #[inline]
    fn write_f64(&mut self, value: f64) {
        self.write_bounded(9, |slot| slot.put_f64(value));
    }

    /// Writes a string: its header in the smallest form (`fixstr`, `str 8`, `16` or `32`),
    /// then its bytes.
    ///
    /// # Panics
    /// If the string is longer than MessagePack can say (4 GiB).
    #[inline]
    fn write_str(&mut self, value: &str) {
        self.write_str_after(&[], value);
    }

    /// Writes `prefix` (pre-encoded bytes, such as a key) and then the string `value`, with
    /// one capacity check for both when the string is short.
    #[doc(hidden)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn write_str_after(&mut self, prefix: &[u8], value: &str) {
        let len = value.len();
        if len > u8::MAX as usize {
            self.write_raw(prefix);
            return write_with_header(self, value.as_bytes(), [0xd9, 0xda, 0xdb]);
        }
        // The exact size: a short buffer with room for the bytes themselves stays enough.
        let header_len = if len < 32 { 1 } else { 2 };
        self.reserve(prefix.len() + header_len + len);
        // SAFETY: `reserve` ensured room for the prefix, the header and the bytes. The
        // position is kept in a local until the end, so the writes cannot make the compiler
        // reload it.
        unsafe {
            let cursor = self.cursor();
            let mut pos = copy_to(cursor.pos, prefix);
            if len < 32 {
                *pos = 0xa0 | len as u8;
            } else {
                *pos = 0xd9;
                *pos.add(1) = len as u8;
            }
            pos = copy_short_to(pos.add(header_len), value.as_bytes());
            cursor.pos = pos;
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
        self.write_bounded(5, |slot| slot.put_array_len(len));
    }

    /// Writes a map header for `len` entries (`fixmap`, `map 16` or `32`); the keys and values
    /// follow, alternating.
    ///
    /// # Panics
    /// If `len` is above `u32::MAX`, which MessagePack cannot say.
    #[inline]
    fn write_map_len(&mut self, len: usize) {
        self.write_bounded(5, |slot| slot.put_map_len(len));
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

/// Copies `bytes` to `dst` and returns the position after them.
///
/// # Safety
/// `dst` must have room for `bytes.len()` bytes that may be written.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
unsafe fn copy_to(dst: *mut u8, bytes: &[u8]) -> *mut u8 {
    // SAFETY: the caller guarantees the room; the source is a distinct borrow.
    unsafe {
        std::ptr::copy_nonoverlapping(bytes.as_ptr(), dst, bytes.len());
        dst.add(bytes.len())
    }
}

/// Copies `bytes` (usually a short string) to `dst` and returns the position after them:
/// runs up to 64 bytes by fixed-size copies (`owned::copy_short`) rather than a call to
/// `memcpy`.
///
/// # Safety
/// `dst` must have room for `bytes.len()` bytes that may be written.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
unsafe fn copy_short_to(dst: *mut u8, bytes: &[u8]) -> *mut u8 {
    let len = bytes.len();
    let src = bytes.as_ptr();
    // SAFETY: every copy reads within `bytes` and writes within the `len` bytes of room the
    // caller guarantees (`copy_short` for 1 to 64 bytes); source and destination are
    // distinct allocations.
    unsafe {
        if len > 64 {
            std::ptr::copy_nonoverlapping(src, dst, len);
        } else if len > 0 {
            crate::owned::copy_short(src, dst, len);
        }
        dst.add(len)
    }
}

/// The size of [`write_bounded_short`]'s scratch space: the largest slot the encoders ask
/// for (a run of bounded elements, or a short string with its key).
const SCRATCH: usize = 4096 + 512;

/// [`Writer::write_bounded`] when the room left is shorter than the bound: the value is
/// written to scratch space first and then appended at its real length, so the writer grows
/// (or flushes) only when the bytes themselves do not fit. An exactly sized buffer stays
/// enough.
#[cold]
#[inline(never)]
fn write_bounded_short<W: Writer + ?Sized>(
    w: &mut W,
    max: usize,
    write: impl FnOnce(&mut Slot<'_>),
) {
    if max > SCRATCH {
        w.make_room(max);
        return w.write_bounded(max, write);
    }
    let mut scratch = [std::mem::MaybeUninit::<u8>::uninit(); SCRATCH];
    let start = scratch.as_mut_ptr().cast::<u8>();
    let mut slot = Slot {
        pos: start,
        // SAFETY: `max <= SCRATCH` bytes from the start of the scratch array.
        end: unsafe { start.add(max) },
        _room: PhantomData,
    };
    write(&mut slot);
    let len = slot.pos as usize - start as usize;
    // SAFETY: the slot wrote the first `len` bytes of the scratch array, so they are
    // initialised, and they stay borrowed only for the copy.
    let written = unsafe { std::slice::from_raw_parts(start, len) };
    w.write_raw(written);
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
    let buf = w.cursor();
    // SAFETY: `reserve` ensured room for the header (at most three bytes below 64 KiB, and
    // longer values took the branch above) and the bytes.
    unsafe {
        if len <= u8::MAX as usize {
            buf.put(&[markers[0], len as u8]);
        } else {
            let [a, b] = (len as u16).to_be_bytes();
            buf.put(&[markers[1], a, b]);
        }
        buf.put(bytes);
    }
}

/// The write position in a writer's buffer and the end of the room after it.
///
/// Invariant (kept by the writers that own one): `pos <= end`, both in (or one past) the same
/// allocation, and every byte from `pos` to `end` may be written.
#[doc(hidden)]
pub struct Cursor {
    pos: *mut u8,
    end: *mut u8,
}

impl Cursor {
    /// No room at all: the first write asks for some.
    fn empty() -> Self {
        Cursor {
            pos: std::ptr::null_mut(),
            end: std::ptr::null_mut(),
        }
    }

    /// The room after the unused part of `buf`'s allocation, from its length to its capacity.
    fn over_spare(buf: &mut Vec<u8>) -> Self {
        let spare = buf.spare_capacity_mut();
        let len = spare.len();
        let pos = spare.as_mut_ptr().cast::<u8>();
        Cursor {
            pos,
            // SAFETY: `len` bytes from `pos` lie within the spare capacity.
            end: unsafe { pos.add(len) },
        }
    }

    /// How many bytes can be written before asking for more room.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn room(&self) -> usize {
        self.end as usize - self.pos as usize
    }

    /// Copies `bytes` to the cursor and moves past them.
    ///
    /// # Safety
    /// There must be at least `bytes.len()` bytes of room.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    unsafe fn put(&mut self, bytes: &[u8]) {
        // SAFETY: the caller guarantees the room, which the invariant says may be written; the
        // source is a distinct borrow, so the ranges cannot overlap.
        unsafe {
            std::ptr::copy_nonoverlapping(bytes.as_ptr(), self.pos, bytes.len());
            self.pos = self.pos.add(bytes.len());
        }
    }

    /// How many bytes were written since the cursor was placed at `start`.
    fn written_since(&self, start: *const u8) -> usize {
        self.pos as usize - start as usize
    }
}

/// A region of the output reserved for a value of bounded size, from
/// [`Writer::write_bounded`]. Each write checks only against the region's end, which stays in
/// a register: no capacity checks and no reloads of the writer's state per write.
#[doc(hidden)]
pub struct Slot<'a> {
    pos: *mut u8,
    end: *mut u8,
    _room: PhantomData<&'a mut [u8]>,
}

impl Slot<'_> {
    /// How many bytes are left in the region.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn room(&self) -> usize {
        self.end as usize - self.pos as usize
    }

    /// Checks that `len` more bytes fit: they always do when the size bounds are right.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn check(&self, len: usize) {
        if len > self.room() {
            slot_overflow(len, self.room());
        }
    }

    /// Appends `bytes` (pre-encoded MessagePack, such as a key).
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn put(&mut self, bytes: &[u8]) {
        self.check(bytes.len());
        // SAFETY: `check` ensured the room, which lies within the writer's reserved room; the
        // source is a distinct borrow, so the ranges cannot overlap.
        unsafe {
            std::ptr::copy_nonoverlapping(bytes.as_ptr(), self.pos, bytes.len());
            self.pos = self.pos.add(bytes.len());
        }
    }

    /// Appends the first `len` bytes of `bytes`, after checking room for all `N` of them (so
    /// the copy has a constant size).
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn put_prefix<const N: usize>(&mut self, bytes: [u8; N], len: usize) {
        self.check(N);
        debug_assert!(len <= N);
        // SAFETY: `check` ensured room for `N >= len` bytes; the source is a local array.
        unsafe {
            std::ptr::copy_nonoverlapping(bytes.as_ptr(), self.pos, N);
            self.pos = self.pos.add(len.min(N));
        }
    }

    /// `nil`.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn put_nil(&mut self) {
        self.put(&[0xc0]);
    }

    /// `true` or `false`.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn put_bool(&mut self, value: bool) {
        self.put(&[if value { 0xc3 } else { 0xc2 }]);
    }

    /// An unsigned integer in its smallest form (at most nine bytes).
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn put_u64(&mut self, value: u64) {
        let mut bytes = [0u8; 9];
        let len = if value < 0x80 {
            bytes[0] = value as u8;
            1
        } else if value <= u64::from(u8::MAX) {
            bytes[..2].copy_from_slice(&[0xcc, value as u8]);
            2
        } else if value <= u64::from(u16::MAX) {
            bytes[0] = 0xcd;
            bytes[1..3].copy_from_slice(&(value as u16).to_be_bytes());
            3
        } else if value <= u64::from(u32::MAX) {
            bytes[0] = 0xce;
            bytes[1..5].copy_from_slice(&(value as u32).to_be_bytes());
            5
        } else {
            bytes[0] = 0xcf;
            bytes[1..].copy_from_slice(&value.to_be_bytes());
            9
        };
        self.put_prefix(bytes, len);
    }

    /// A signed integer in its smallest form: non-negative values take the unsigned forms,
    /// as rmp-serde writes them (at most nine bytes).
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn put_i64(&mut self, value: i64) {
        if value >= 0 {
            return self.put_u64(value as u64);
        }
        let mut bytes = [0u8; 9];
        let len = if value >= -32 {
            bytes[0] = value as u8;
            1
        } else if value >= i64::from(i8::MIN) {
            bytes[..2].copy_from_slice(&[0xd0, value as u8]);
            2
        } else if value >= i64::from(i16::MIN) {
            bytes[0] = 0xd1;
            bytes[1..3].copy_from_slice(&(value as i16).to_be_bytes());
            3
        } else if value >= i64::from(i32::MIN) {
            bytes[0] = 0xd2;
            bytes[1..5].copy_from_slice(&(value as i32).to_be_bytes());
            5
        } else {
            bytes[0] = 0xd3;
            bytes[1..].copy_from_slice(&value.to_be_bytes());
            9
        };
        self.put_prefix(bytes, len);
    }

    /// A `float 32` (five bytes).
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn put_f32(&mut self, value: f32) {
        let [a, b, c, d] = value.to_bits().to_be_bytes();
        self.put(&[0xca, a, b, c, d]);
    }

    /// A `float 64` (nine bytes).
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn put_f64(&mut self, value: f64) {
        let [a, b, c, d, e, f, g, h] = value.to_bits().to_be_bytes();
        self.put(&[0xcb, a, b, c, d, e, f, g, h]);
    }

    /// A string header for `len` bytes up to 255 (`fixstr` or `str 8`; at most two bytes).
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn put_str_header(&mut self, len: usize) {
        debug_assert!(len <= u8::MAX as usize);
        if len < 32 {
            self.put_prefix([0xa0 | len as u8, 0], 1);
        } else {
            self.put_prefix([0xd9, len as u8], 2);
        }
    }

    /// A string whose bytes follow the header in the region (at most `5 + len` bytes).
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn put_str(&mut self, value: &str) {
        let len = value.len();
        if len <= u8::MAX as usize {
            self.put_str_header(len);
        } else {
            let (a, b, c, d) = {
                let [a, b, c, d] = length_u32(len).to_be_bytes();
                (a, b, c, d)
            };
            if len <= u16::MAX as usize {
                self.put(&[0xda, c, d]);
            } else {
                self.put(&[0xdb, a, b, c, d]);
            }
        }
        self.put(value.as_bytes());
    }

    /// An array header for `len` elements (at most five bytes).
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn put_array_len(&mut self, len: usize) {
        self.put_header(len, 0x90, 0xdc, 0xdd);
    }

    /// A map header for `len` entries (at most five bytes).
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn put_map_len(&mut self, len: usize) {
        self.put_header(len, 0x80, 0xde, 0xdf);
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn put_header(&mut self, len: usize, fix: u8, marker16: u8, marker32: u8) {
        if len < 16 {
            self.put(&[fix | len as u8]);
        } else if len <= u16::MAX as usize {
            let [a, b] = (len as u16).to_be_bytes();
            self.put_prefix([marker16, a, b, 0, 0], 3);
        } else {
            let [a, b, c, d] = length_u32(len).to_be_bytes();
            self.put_prefix([marker32, a, b, c, d], 5);
        }
    }
}

#[cold]
#[inline(never)]
fn slot_overflow(len: usize, room: usize) -> ! {
    panic!("an encoder wrote {len} bytes into a bounded slot with {room} left: its size bound is wrong")
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for super::VecWriter<'_> {}
    impl<W: std::io::Write> Sealed for super::IoWriter<W> {}
}

/// Appends to a caller's `Vec<u8>`, growing it as needed. Bytes are written through the
/// cursor into the spare capacity and counted into the vector's length when room is made and
/// when the writer is dropped.
pub(crate) struct VecWriter<'a> {
    out: &'a mut Vec<u8>,
    cursor: Cursor,
    /// Where the cursor stood when the length was last brought up to date.
    start: *const u8,
    /// The first failure recorded, looked at once, when the value is written.
    failure: Option<crate::EncodeError>,
}

impl<'a> VecWriter<'a> {
    pub(crate) fn new(out: &'a mut Vec<u8>) -> Self {
        let cursor = Cursor::over_spare(out);
        let start = cursor.pos;
        VecWriter {
            out,
            cursor,
            start,
            failure: None,
        }
    }

    /// Counts what was written into the vector's length and returns the failure recorded
    /// while writing, if any.
    #[inline]
    pub(crate) fn finish(mut self) -> Result<(), crate::EncodeError> {
        match self.failure.take() {
            None => Ok(()),
            Some(err) => Err(err),
        }
    }

    /// Counts the bytes written through the cursor into the vector's length.
    fn sync(&mut self) {
        let written = self.cursor.written_since(self.start);
        // SAFETY: the cursor wrote `written` bytes right after the old length, within the
        // capacity, so they are initialised.
        unsafe { self.out.set_len(self.out.len() + written) };
        self.start = self.cursor.pos;
    }
}

impl Drop for VecWriter<'_> {
    fn drop(&mut self) {
        self.sync();
    }
}

impl Writer for VecWriter<'_> {
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn cursor(&mut self) -> &mut Cursor {
        &mut self.cursor
    }

    #[cold]
    #[inline(never)]
    fn make_room(&mut self, additional: usize) {
        self.sync();
        self.out.reserve(additional);
        self.cursor = Cursor::over_spare(self.out);
        self.start = self.cursor.pos;
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
pub(crate) struct IoWriter<W: io::Write> {
    buf: Vec<u8>,
    cursor: Cursor,
    inner: W,
    error: Option<io::Error>,
}

impl<W: io::Write> IoWriter<W> {
    pub(crate) fn new(inner: W) -> Self {
        IoWriter {
            buf: Vec::with_capacity(STREAM_BUFFER),
            cursor: Cursor::empty(),
            inner,
            error: None,
        }
    }

    /// Hands what the cursor wrote to the stream and empties the buffer.
    fn flush_buffer(&mut self) {
        if !self.cursor.pos.is_null() {
            let written = self.cursor.written_since(self.buf.as_ptr());
            // SAFETY: the cursor was placed at the start of the empty buffer and wrote
            // `written` bytes within its capacity, so they are initialised.
            unsafe { self.buf.set_len(written) };
        }
        if self.error.is_none() && !self.buf.is_empty() {
            if let Err(e) = self.inner.write_all(&self.buf) {
                self.error = Some(e);
            }
        }
        self.buf.clear();
        self.cursor = Cursor::over_spare(&mut self.buf);
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
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn cursor(&mut self) -> &mut Cursor {
        &mut self.cursor
    }

    #[cold]
    #[inline(never)]
    fn make_room(&mut self, additional: usize) {
        self.flush_buffer();
        if additional > self.buf.capacity() {
            self.buf.reserve(additional);
            self.cursor = Cursor::over_spare(&mut self.buf);
        }
    }

    /// Keeps the failure as the stream's error, and drops what is buffered: nothing more
    /// reaches the stream.
    #[cold]
    #[inline(never)]
    fn record_failure(&mut self, error: &dyn fmt::Display) {
        if self.error.is_none() {
            self.error = Some(crate::EncodeError::new(error).into());
        }
        self.flush_buffer();
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
