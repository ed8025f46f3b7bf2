//! MessagePack input: the [`Reader`] every decoder reads through.
//!
//! Strings and binaries are borrowed from the input (MessagePack has no escapes, so every
//! string can be). A length prefix is never trusted: before a collection is read, its claimed
//! length is checked against the bytes left (each element takes at least one), so a short
//! input claiming billions of elements fails at once, and no allocation is ever sized by a
//! prefix alone.

use super::error::{Error, ErrorCode};

/// Reads MessagePack values from a byte slice. Handed to [`Decode`](super::Decode)
/// implementations; made by [`from_slice`](super::from_slice) and friends.
///
/// ```
/// use fastwire::msgpack::{self, Decode, Error, Reader};
///
/// /// A point written as the array `[x, y]`.
/// #[derive(Debug, PartialEq)]
/// struct Point { x: i32, y: i32 }
///
/// impl<'de> Decode<'de> for Point {
///     fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
///         let len = r.begin_array("a point")?;
///         if len != 2 {
///             return Err(r.invalid_length(len, "an array of two coordinates"));
///         }
///         let x = i32::decode(r).map_err(|e| e.in_index(0))?;
///         let y = i32::decode(r).map_err(|e| e.in_index(1))?;
///         r.end_container();
///         Ok(Point { x, y })
///     }
/// }
///
/// assert_eq!(msgpack::from_slice::<Point>(b"\x92\x01\xfe").unwrap(), Point { x: 1, y: -2 });
/// assert!(msgpack::from_slice::<Point>(b"\x91\x01").is_err());
/// ```
pub struct Reader<'de> {
    input: &'de [u8],
    pos: usize,
    /// Levels still allowed. A `u32`, not a `usize` like `pos`: two neighbouring fields of one
    /// type invite the compiler (with AVX, `-C target-cpu=native`) to load `pos` and this
    /// together in one 16-byte load, which cannot take `pos` from the store the previous value
    /// just made and waits for it to reach the cache: that stall made reading canada's
    /// coordinates 2.7x slower in such a build.
    remaining_depth: u32,
    /// The most items one array or map may declare ([`Decoder::max_collection_len`](super::Decoder::max_collection_len)).
    max_len: usize,
    /// Offset of the last key (or variant name) read, for error positions.
    last_key: usize,
}

/// A place in the input a [`Reader`] can go back to (see [`Reader::mark`]).
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub struct Mark {
    pos: usize,
    remaining_depth: u32,
    last_key: usize,
}

/// The default nesting limit, the same as JSON's (serde_json's).
pub(crate) const DEFAULT_MAX_DEPTH: usize = 128;

/// What a struct was written as: a map keyed by field name (`rmp_serde::to_vec_named`), or an
/// array of the fields in order (`rmp_serde::to_vec`, `#[wire(as_array)]`). Decoders accept
/// both, as rmp-serde does.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum StructForm<'de> {
    /// A map of this many entries follows.
    Map(usize),
    /// An array of this many elements follows.
    Array(usize),
    /// A `bin` (already consumed), whose bytes rmp-serde reads as the fields in order, one
    /// integer each.
    Bytes(&'de [u8]),
}

/// A map key as a struct's or enum's decoder matches it against its field or variant names.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Key<'de> {
    /// A `str` (valid UTF-8) or `bin` key: a name.
    Name(&'de [u8]),
    /// A non-negative integer key: the position of the field or variant among those read
    /// (serde's rule for identifiers written as integers).
    Index(u64),
}

/// How an enum value is written (externally tagged, serde's default).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EnumForm<'de> {
    /// The variant alone, as a string (or its index): a unit variant.
    Unit(Key<'de>),
    /// A map of one entry: the variant, then its content, which the caller reads and follows
    /// with [`Reader::end_container`].
    Content(Key<'de>),
}

/// A sequence as written: an array of this many values, or a `bin` whose bytes rmp-serde lets
/// any sequence of integers be read from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SeqForm<'de> {
    /// An array of this many values follows; close it with [`Reader::end_container`].
    Array(usize),
    /// The bytes of a `bin`, already consumed.
    Bytes(&'de [u8]),
}

/// An integer as found: which of the two ranges MessagePack's integer forms cover.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Int {
    Unsigned(u64),
    Signed(i64),
}

/// A 128-bit integer as found: an integer form, or rmp-serde's 16 big-endian bytes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Wide {
    Int(Int),
    Bytes([u8; 16]),
}

impl<'de> Reader<'de> {
    /// A reader over `input` refusing nesting of `max_depth` levels or more.
    pub(crate) fn new(input: &'de [u8], max_depth: usize) -> Self {
        Reader {
            input,
            pos: 0,
            // Four billion levels would need as many bytes of input: no limit in effect.
            remaining_depth: u32::try_from(max_depth).unwrap_or(u32::MAX),
            max_len: crate::limit::DEFAULT_MAX_COLLECTION_LEN,
            last_key: 0,
        }
    }

    /// The same reader, refusing arrays and maps that declare more than `max_len` items.
    pub(crate) fn with_max_len(mut self, max_len: usize) -> Self {
        self.max_len = max_len;
        self
    }

    /// The error for a header at `at` declaring `len` items, more than the limit.
    #[cold]
    #[inline(never)]
    fn too_many_items(&self, len: usize, at: usize) -> Error {
        self.error_at(
            ErrorCode::CollectionTooLong {
                len,
                limit: self.max_len,
            },
            at,
        )
    }

    /// Byte offset of the next unread byte.
    #[inline]
    pub fn offset(&self) -> usize {
        self.pos
    }

    /// How many bytes are left.
    #[inline]
    pub fn remaining(&self) -> usize {
        self.input.len() - self.pos
    }

    /// An error of kind `code` at `offset`.
    #[cold]
    #[inline(never)]
    pub(crate) fn error_at(&self, code: ErrorCode, offset: usize) -> Error {
        Error::at(code, offset)
    }

    #[cold]
    #[inline(never)]
    fn eof(&self) -> Error {
        Error::at(ErrorCode::Eof, self.input.len())
    }

    /// The first byte of the next value (its marker), not consumed.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn peek(&self) -> Result<u8, Error> {
        match self.input.get(self.pos) {
            Some(&byte) => Ok(byte),
            None => Err(self.eof()),
        }
    }

    /// Checks that the whole input was read.
    ///
    /// Called by derived decoders between reading a value's last field and building it, when
    /// the value is the whole input (see `Decode::decode_out`).
    #[doc(hidden)]
    pub fn end(&self) -> Result<(), Error> {
        if self.pos == self.input.len() {
            Ok(())
        } else {
            Err(self.error_at(ErrorCode::TrailingBytes, self.pos))
        }
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn take_byte(&mut self) -> Result<u8, Error> {
        let byte = self.peek()?;
        self.pos += 1;
        Ok(byte)
    }

    /// If the next value is `marker` followed by `N` bytes (all there), those bytes, consumed;
    /// otherwise `None`, consuming nothing. One bounds check and one load of the `N` bytes.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn try_fixed<const N: usize>(&mut self, marker: u8) -> Option<[u8; N]> {
        let pos = self.pos;
        // The rest of the input, then its length: no sum to check for overflow.
        let (&found, rest) = self.input.get(pos..)?.split_first()?;
        if found != marker {
            return None;
        }
        let bytes = *rest.first_chunk::<N>()?;
        self.pos = pos + 1 + N;
        Some(bytes)
    }

    /// The `N` bytes of the next value when it is a `fixstr` of exactly `N` bytes (`N` < 32),
    /// all there; `None` otherwise. Nothing is consumed: a caller that accepts the bytes (text
    /// of a fixed shape, such as a date, checked byte by byte, so valid UTF-8) calls
    /// [`Reader::skip_fixstr`].
    #[cfg_attr(not(feature = "chrono"), allow(dead_code))]
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn peek_fixstr<const N: usize>(&self) -> Option<&'de [u8; N]> {
        let input: &'de [u8] = self.input;
        let (&marker, rest) = input.get(self.pos..)?.split_first()?;
        if usize::from(marker) != 0xa0 | N {
            return None;
        }
        rest.first_chunk::<N>()
    }

    /// Consumes the `fixstr` whose bytes [`Reader::peek_fixstr`] gave.
    #[cfg_attr(not(feature = "chrono"), allow(dead_code))]
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn skip_fixstr<const N: usize>(&mut self) {
        self.pos += 1 + N;
    }

    /// The bytes of the next value when it is a `fixstr`, all there; `None` otherwise.
    /// Nothing is consumed: a caller that accepts the bytes (text it checks byte by byte, so
    /// valid UTF-8) calls [`Reader::skip_fixstr_any`] with their length.
    #[cfg_attr(not(feature = "rust_decimal"), allow(dead_code))]
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn peek_fixstr_any(&self) -> Option<&'de [u8]> {
        let input: &'de [u8] = self.input;
        let (&marker, rest) = input.get(self.pos..)?.split_first()?;
        if marker & 0xe0 != 0xa0 {
            return None;
        }
        rest.get(..usize::from(marker & 0x1f))
    }

    /// Consumes the `fixstr` of `len` bytes that [`Reader::peek_fixstr_any`] gave.
    #[cfg_attr(not(feature = "rust_decimal"), allow(dead_code))]
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn skip_fixstr_any(&mut self, len: usize) {
        self.pos += 1 + len;
    }

    /// When the next value is a `fixstr` of 1 to 9 bytes, all there, ending at least 8 bytes
    /// into the input: the 8 bytes that end where it ends, read little-endian (the text in
    /// the top bytes, what comes before it below), its length, and whether its first byte is
    /// `-`; otherwise `None`. Nothing is consumed: a caller that accepts the text (ASCII it
    /// checks byte by byte) calls [`Reader::skip_fixstr_any`] with its length. Short text is
    /// so read in one load, whatever its length.
    #[cfg_attr(not(feature = "rust_decimal"), allow(dead_code))]
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn fixstr_tail(&self) -> Option<(u64, usize, bool)> {
        let input: &'de [u8] = self.input;
        let pos = self.pos;
        let len = usize::from(input.get(pos)?.wrapping_sub(0xa1)) + 1;
        if len > 9 {
            return None;
        }
        let end = pos + 1 + len;
        let word = input.get(end.checked_sub(8)?..end)?.first_chunk::<8>()?;
        Some((
            u64::from_le_bytes(*word),
            len,
            input.get(pos + 1) == Some(&b'-'),
        ))
    }

    /// If the next value is a `bin 8` of exactly `N` bytes, all there, those bytes, consumed;
    /// otherwise `None`, consuming nothing. One bounds check: for types written as a fixed
    /// number of bytes (a UUID's 16).
    #[cfg_attr(not(feature = "uuid"), allow(dead_code))]
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn try_bin_exact<const N: usize>(&mut self) -> Option<[u8; N]> {
        let pos = self.pos;
        let (&[marker, len], rest) = self.input.get(pos..)?.split_first_chunk::<2>()?;
        if marker != 0xc4 || usize::from(len) != N {
            return None;
        }
        let bytes = *rest.first_chunk::<N>()?;
        self.pos = pos + 2 + N;
        Some(bytes)
    }

    /// If the next value is a `fixarray` of exactly `N` `float 64`s, all there, whose level
    /// fits the depth limit, their values, consumed; otherwise `None`, consuming nothing (the
    /// caller reads the value element by element). One bounds check for the whole array, and
    /// no depth accounting: the level is checked, and left at once.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn try_f64_array<const N: usize>(&mut self) -> Option<[f64; N]> {
        if N >= 16 || self.remaining_depth <= 1 {
            return None;
        }
        let pos = self.pos;
        let bytes = self.input.get(pos..)?.get(..1 + 9 * N)?;
        if bytes[0] != 0x90 | N as u8 {
            return None;
        }
        let mut values = [0.0; N];
        for (value, item) in values.iter_mut().zip(bytes[1..].chunks_exact(9)) {
            let [0xcb, b0, b1, b2, b3, b4, b5, b6, b7] = *item else {
                return None;
            };
            *value = f64::from_bits(u64::from_be_bytes([b0, b1, b2, b3, b4, b5, b6, b7]));
        }
        self.pos = pos + 1 + 9 * N;
        Some(values)
    }

    /// The next `N` bytes.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn take_array<const N: usize>(&mut self) -> Result<[u8; N], Error> {
        match self.input.get(self.pos..self.pos + N) {
            Some(bytes) => {
                self.pos += N;
                let mut out = [0; N];
                out.copy_from_slice(bytes);
                Ok(out)
            }
            None => Err(self.eof()),
        }
    }

    /// The next `len` bytes, borrowed.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn take_slice(&mut self, len: usize) -> Result<&'de [u8], Error> {
        let input: &'de [u8] = self.input;
        match self
            .pos
            .checked_add(len)
            .and_then(|end| input.get(self.pos..end))
        {
            Some(bytes) => {
                self.pos += len;
                Ok(bytes)
            }
            None => Err(self.eof()),
        }
    }

    /// A big-endian length of 1, 2 or 4 bytes.
    #[inline]
    fn take_len(&mut self, width: u8) -> Result<usize, Error> {
        Ok(match width {
            1 => usize::from(self.take_byte()?),
            2 => usize::from(u16::from_be_bytes(self.take_array()?)),
            _ => u32::from_be_bytes(self.take_array()?) as usize,
        })
    }

    /// Enters a collection of `items` values (each at least one byte), refusing a claim
    /// longer than the input and nesting beyond the limit.
    #[inline]
    fn enter(&mut self, items: u64, at: usize) -> Result<(), Error> {
        if items > self.remaining() as u64 {
            return Err(self.error_at(ErrorCode::LengthBeyondInput { claimed: items }, at));
        }
        if self.remaining_depth <= 1 {
            return Err(self.error_at(ErrorCode::RecursionLimitExceeded, at));
        }
        self.remaining_depth -= 1;
        Ok(())
    }

    /// Leaves the array or map opened last (by [`Reader::begin_array`],
    /// [`Reader::begin_map`], [`Reader::begin_struct`], [`Reader::begin_seq`] or an enum's
    /// content), once all its values have been read.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn end_container(&mut self) {
        self.remaining_depth += 1;
    }

    /// Reads `nil`; `expected` names the target in the error when something else comes.
    #[inline]
    pub fn decode_nil(&mut self, expected: &'static str) -> Result<(), Error> {
        match self.peek()? {
            0xc0 => {
                self.pos += 1;
                Ok(())
            }
            _ => Err(self.invalid_type(expected)),
        }
    }

    /// Reads a unit value or a unit variant's content: `nil`, as rmp-serde writes them (the
    /// name every format's reader shares, for generated code).
    #[inline]
    pub fn decode_unit(&mut self, expected: &'static str) -> Result<(), Error> {
        self.decode_nil(expected)
    }

    /// Consumes a `nil` if one comes next.
    #[inline]
    pub fn try_nil(&mut self) -> Result<bool, Error> {
        if self.peek()? == 0xc0 {
            self.pos += 1;
            Ok(true)
        } else {
            Ok(false)
        }
    }

    /// Reads what rmp-serde accepts for a unit struct: `nil`, or the empty array it writes.
    #[inline]
    pub fn decode_unit_struct(&mut self, expected: &'static str) -> Result<(), Error> {
        match self.peek()? {
            0xc0 | 0x90 => {
                self.pos += 1;
                Ok(())
            }
            _ => Err(self.invalid_type(expected)),
        }
    }

    /// Reads `true` or `false`.
    #[inline]
    pub fn decode_bool(&mut self) -> Result<bool, Error> {
        match self.peek()? {
            0xc2 => {
                self.pos += 1;
                Ok(false)
            }
            0xc3 => {
                self.pos += 1;
                Ok(true)
            }
            _ => Err(self.invalid_type("a boolean")),
        }
    }

    /// Reads an integer of any form, or returns `None` (consuming nothing) if the next value
    /// is not an integer.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn try_int(&mut self) -> Result<Option<Int>, Error> {
        let marker = self.peek()?;
        if marker < 0x80 {
            self.pos += 1;
            return Ok(Some(Int::Unsigned(u64::from(marker))));
        }
        if marker >= 0xe0 {
            self.pos += 1;
            return Ok(Some(Int::Signed(i64::from(marker as i8))));
        }
        self.try_int_slow(marker)
    }

    #[inline(never)]
    fn try_int_slow(&mut self, marker: u8) -> Result<Option<Int>, Error> {
        let at = self.pos;
        self.pos += 1;
        let value = match marker {
            0xcc => Int::Unsigned(u64::from(self.take_byte()?)),
            0xcd => Int::Unsigned(u64::from(u16::from_be_bytes(self.take_array()?))),
            0xce => Int::Unsigned(u64::from(u32::from_be_bytes(self.take_array()?))),
            0xcf => Int::Unsigned(u64::from_be_bytes(self.take_array()?)),
            0xd0 => Int::Signed(i64::from(self.take_byte()? as i8)),
            0xd1 => Int::Signed(i64::from(i16::from_be_bytes(self.take_array()?))),
            0xd2 => Int::Signed(i64::from(i32::from_be_bytes(self.take_array()?))),
            0xd3 => Int::Signed(i64::from_be_bytes(self.take_array()?)),
            _ => {
                self.pos = at;
                return Ok(None);
            }
        };
        Ok(Some(value))
    }

    /// Reads an integer of any form into `u64`; `expected` names the target type in errors
    /// (a negative integer is an invalid value, anything else an invalid type).
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn decode_u64(&mut self, expected: &'static str) -> Result<u64, Error> {
        // The unsigned forms, which is what writers use for non-negative values, inline: the
        // rest of the input matched against each form, one length test per form.
        let pos = self.pos;
        let (value, width) = match self.input.get(pos..) {
            Some(&[marker, ..]) if marker < 0x80 => (u64::from(marker), 1),
            Some(&[0xcc, b0, ..]) => (u64::from(b0), 2),
            Some(&[0xcd, b0, b1, ..]) => (u64::from(u16::from_be_bytes([b0, b1])), 3),
            Some(&[0xce, b0, b1, b2, b3, ..]) => {
                (u64::from(u32::from_be_bytes([b0, b1, b2, b3])), 5)
            }
            Some(&[0xcf, b0, b1, b2, b3, b4, b5, b6, b7, ..]) => {
                (u64::from_be_bytes([b0, b1, b2, b3, b4, b5, b6, b7]), 9)
            }
            _ => return self.decode_u64_slow(expected),
        };
        self.pos = pos + width;
        Ok(value)
    }

    #[inline(never)]
    fn decode_u64_slow(&mut self, expected: &'static str) -> Result<u64, Error> {
        let at = self.pos;
        match self.try_int()? {
            Some(Int::Unsigned(value)) => Ok(value),
            Some(Int::Signed(value)) => u64::try_from(value)
                .map_err(|_| self.invalid_value(format!("integer `{value}`"), expected, at)),
            None => Err(self.invalid_type(expected)),
        }
    }

    /// Reads an integer of any form into `i64`; `expected` names the target type in errors.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn decode_i64(&mut self, expected: &'static str) -> Result<i64, Error> {
        // Every form whose value fits, inline, as in `decode_u64`.
        let pos = self.pos;
        let (value, width) = match self.input.get(pos..) {
            Some(&[marker @ (0x00..=0x7f | 0xe0..=0xff), ..]) => (i64::from(marker as i8), 1),
            Some(&[0xd0, b0, ..]) => (i64::from(b0 as i8), 2),
            Some(&[0xd1, b0, b1, ..]) => (i64::from(i16::from_be_bytes([b0, b1])), 3),
            Some(&[0xd2, b0, b1, b2, b3, ..]) => {
                (i64::from(i32::from_be_bytes([b0, b1, b2, b3])), 5)
            }
            Some(&[0xd3, b0, b1, b2, b3, b4, b5, b6, b7, ..]) => {
                (i64::from_be_bytes([b0, b1, b2, b3, b4, b5, b6, b7]), 9)
            }
            Some(&[0xcc, b0, ..]) => (i64::from(b0), 2),
            Some(&[0xcd, b0, b1, ..]) => (i64::from(u16::from_be_bytes([b0, b1])), 3),
            Some(&[0xce, b0, b1, b2, b3, ..]) => {
                (i64::from(u32::from_be_bytes([b0, b1, b2, b3])), 5)
            }
            // A `uint 64` below 2^63 (what writers use for large non-negative values).
            Some(&[0xcf, b0 @ 0..=0x7f, b1, b2, b3, b4, b5, b6, b7, ..]) => {
                (i64::from_be_bytes([b0, b1, b2, b3, b4, b5, b6, b7]), 9)
            }
            _ => return self.decode_i64_slow(expected),
        };
        self.pos = pos + width;
        Ok(value)
    }

    #[inline(never)]
    fn decode_i64_slow(&mut self, expected: &'static str) -> Result<i64, Error> {
        let at = self.pos;
        match self.try_int()? {
            Some(Int::Signed(value)) => Ok(value),
            Some(Int::Unsigned(value)) => i64::try_from(value)
                .map_err(|_| self.invalid_value(format!("integer `{value}`"), expected, at)),
            None => Err(self.invalid_type(expected)),
        }
    }

    /// Reads a 128-bit integer: any integer form, or the 16-byte big-endian `bin` rmp-serde
    /// writes for `i128` and `u128`. The caller knows the signedness of the bytes.
    pub(crate) fn decode_128(&mut self, expected: &'static str) -> Result<Wide, Error> {
        if let Some(int) = self.try_int()? {
            return Ok(Wide::Int(int));
        }
        match self.input.get(self.pos..) {
            Some([0xc4, 16, rest @ ..]) if rest.len() >= 16 => {
                self.pos += 2;
                self.take_array().map(Wide::Bytes)
            }
            _ => Err(self.invalid_type(expected)),
        }
    }

    /// Reads a float: `float 64`, `float 32` (widened exactly) or any integer (converted, as
    /// serde converts integers for float targets).
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn decode_f64(&mut self) -> Result<f64, Error> {
        // `float 64`, what writers use for `f64`, inline.
        if let Some(bits) = self.try_fixed::<8>(0xcb) {
            return Ok(f64::from_bits(u64::from_be_bytes(bits)));
        }
        self.decode_f64_slow()
    }

    #[inline(never)]
    fn decode_f64_slow(&mut self) -> Result<f64, Error> {
        match self.peek()? {
            0xcb => Ok(f64::from_bits(u64::from_be_bytes(
                self.take_after_marker()?,
            ))),
            0xca => Ok(f64::from(f32::from_bits(u32::from_be_bytes(
                self.take_after_marker()?,
            )))),
            _ => match self.try_int()? {
                Some(Int::Unsigned(value)) => Ok(value as f64),
                Some(Int::Signed(value)) => Ok(value as f64),
                None => Err(self.invalid_type("f64")),
            },
        }
    }

    /// Reads a float into `f32`: `float 32`, `float 64` (rounded to the nearest `f32`, as
    /// serde's `as` conversion does) or any integer.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn decode_f32(&mut self) -> Result<f32, Error> {
        if let Some(bits) = self.try_fixed::<4>(0xca) {
            return Ok(f32::from_bits(u32::from_be_bytes(bits)));
        }
        self.decode_f32_slow()
    }

    #[inline(never)]
    fn decode_f32_slow(&mut self) -> Result<f32, Error> {
        match self.peek()? {
            0xca => Ok(f32::from_bits(u32::from_be_bytes(
                self.take_after_marker()?,
            ))),
            0xcb => Ok(f64::from_bits(u64::from_be_bytes(self.take_after_marker()?)) as f32),
            _ => match self.try_int()? {
                Some(Int::Unsigned(value)) => Ok(value as f32),
                Some(Int::Signed(value)) => Ok(value as f32),
                None => Err(self.invalid_type("f32")),
            },
        }
    }

    /// The `N` bytes after the marker at the current position.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn take_after_marker<const N: usize>(&mut self) -> Result<[u8; N], Error> {
        self.pos += 1;
        self.take_array()
    }

    /// If a string comes next, its bytes (not yet checked as UTF-8).
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn try_str_bytes(&mut self) -> Result<Option<&'de [u8]>, Error> {
        let marker = self.peek()?;
        let len = match marker {
            0xa0..=0xbf => {
                self.pos += 1;
                usize::from(marker & 0x1f)
            }
            0xd9..=0xdb => {
                self.pos += 1;
                self.take_len(1 << (marker - 0xd9))?
            }
            _ => return Ok(None),
        };
        self.take_slice(len).map(Some)
    }

    /// If a binary comes next, its bytes.
    #[inline]
    fn try_bin(&mut self) -> Result<Option<&'de [u8]>, Error> {
        let marker = self.peek()?;
        if !(0xc4..=0xc6).contains(&marker) {
            return Ok(None);
        }
        self.pos += 1;
        let len = self.take_len(1 << (marker - 0xc4))?;
        self.take_slice(len).map(Some)
    }

    /// Reads a string, borrowed from the input. A `bin` holding valid UTF-8 is accepted too,
    /// as rmp-serde accepts it for string targets.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn decode_str(&mut self) -> Result<&'de str, Error> {
        // `fixstr` and `str 8`, the forms of nearly every string, inline.
        let (input, pos) = (self.input, self.pos);
        let (start, len) = match input.get(pos) {
            Some(&marker) if marker & 0xe0 == 0xa0 => (pos + 1, usize::from(marker & 0x1f)),
            Some(0xd9) => match input.get(pos + 1) {
                Some(&len) => (pos + 2, usize::from(len)),
                None => return self.decode_str_slow(),
            },
            _ => return self.decode_str_slow(),
        };
        if let Some(text) = input.get(start..start + len).and_then(utf8) {
            self.pos = start + len;
            return Ok(text);
        }
        self.decode_str_slow()
    }

    /// The text of the next value, consumed, when it is a `fixstr` of ASCII text (what
    /// nearly every short string is), checked a word at a time; `None` otherwise, consuming
    /// nothing (also when fewer than 8 bytes of input are left from a text shorter than 8),
    /// for [`Reader::decode_str`] to read.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn try_ascii_fixstr(&mut self) -> Option<&'de str> {
        let input: &'de [u8] = self.input;
        let pos = self.pos;
        let marker = *input.get(pos)?;
        if marker & 0xe0 != 0xa0 {
            return None;
        }
        let (start, len) = (pos + 1, usize::from(marker & 0x1f));
        let text = input.get(start..start + len)?;
        let word = |bytes: Option<&[u8; 8]>| bytes.map_or(u64::MAX, |b| u64::from_le_bytes(*b));
        // The words that cover the text, overlapping where its length is no multiple of 8.
        let bits = if len >= 8 {
            let ends = word(text.first_chunk()) | word(text.last_chunk());
            if len > 16 {
                ends | word(text[8..].first_chunk()) | word(text[..len - 8].last_chunk())
            } else {
                ends
            }
        } else {
            // The 8 bytes from the text's start, those past its end masked off.
            word(input.get(start..start + 8)?.first_chunk()) & ((1u64 << (8 * len)) - 1)
        };
        if bits & 0x8080_8080_8080_8080 != 0 {
            return None;
        }
        self.pos = start + len;
        // SAFETY: ASCII (every byte below 0x80, just checked) is valid UTF-8.
        Some(unsafe { std::str::from_utf8_unchecked(text) })
    }

    #[inline(never)]
    fn decode_str_slow(&mut self) -> Result<&'de str, Error> {
        let at = self.pos;
        if let Some(bytes) = self.try_str_bytes()? {
            return match utf8(bytes) {
                Some(text) => Ok(text),
                None => Err(self.error_at(ErrorCode::InvalidUtf8, at)),
            };
        }
        match self.try_bin()? {
            Some(bytes) => utf8(bytes)
                .ok_or_else(|| self.invalid_value("byte array".to_owned(), "a UTF-8 string", at)),
            None => Err(self.invalid_type("a string")),
        }
    }

    /// Reads a character: a string of exactly one. Unlike [`Reader::decode_str`], a `bin`
    /// is refused, as serde's `char` refuses bytes.
    #[inline]
    pub fn decode_char(&mut self) -> Result<char, Error> {
        let at = self.pos;
        let Some(bytes) = self.try_str_bytes()? else {
            return Err(self.invalid_type("a character"));
        };
        let Some(text) = utf8(bytes) else {
            return Err(self.error_at(ErrorCode::InvalidUtf8, at));
        };
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some(ch), None) => Ok(ch),
            _ => Err(self.invalid_value(format!("string {text:?}"), "a character", at)),
        }
    }

    /// Reads a binary, borrowed from the input. A string is accepted too (its UTF-8 bytes), as
    /// serde's byte targets accept strings.
    #[inline]
    pub fn decode_bytes(&mut self) -> Result<&'de [u8], Error> {
        if let Some(bytes) = self.try_bin()? {
            return Ok(bytes);
        }
        let at = self.pos;
        match self.try_str_bytes()? {
            Some(bytes) if utf8(bytes).is_some() => Ok(bytes),
            Some(_) => Err(self.error_at(ErrorCode::InvalidUtf8, at)),
            None => Err(self.invalid_type("a byte array")),
        }
    }

    /// Reads a `bin` or a `str` as bytes, borrowed, whether or not the string is valid UTF-8
    /// (as rmp-serde hands a string's bytes to a visitor of bytes); `None`, with nothing
    /// consumed, for anything else.
    #[cfg_attr(not(feature = "json"), allow(dead_code))]
    pub(crate) fn try_bin_or_str(&mut self) -> Result<Option<&'de [u8]>, Error> {
        match self.try_bin()? {
            Some(bytes) => Ok(Some(bytes)),
            None => self.try_str_bytes(),
        }
    }

    /// Reads an extension value: its type code and data, borrowed.
    pub fn decode_ext(&mut self) -> Result<(i8, &'de [u8]), Error> {
        let marker = self.peek()?;
        let len = match marker {
            0xd4..=0xd8 => {
                self.pos += 1;
                1usize << (marker - 0xd4)
            }
            0xc7..=0xc9 => {
                self.pos += 1;
                self.take_len(1 << (marker - 0xc7))?
            }
            _ => return Err(self.invalid_type("an extension value")),
        };
        let code = self.take_byte()? as i8;
        let data = self.take_slice(len)?;
        Ok((code, data))
    }
}

pub(crate) use super::utf8::utf8;

mod buffered;
mod report;
mod structure;
#[cfg(test)]
mod tests;
