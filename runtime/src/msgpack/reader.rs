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
    remaining_depth: usize,
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
    remaining_depth: usize,
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
            remaining_depth: max_depth,
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
    #[inline(always)]
    pub fn peek(&self) -> Result<u8, Error> {
        match self.input.get(self.pos) {
            Some(&byte) => Ok(byte),
            None => Err(self.eof()),
        }
    }

    /// Checks that the whole input was read.
    pub(crate) fn end(&self) -> Result<(), Error> {
        if self.pos == self.input.len() {
            Ok(())
        } else {
            Err(self.error_at(ErrorCode::TrailingBytes, self.pos))
        }
    }

    #[inline(always)]
    fn take_byte(&mut self) -> Result<u8, Error> {
        let byte = self.peek()?;
        self.pos += 1;
        Ok(byte)
    }

    /// If the next value is `marker` followed by `N` bytes (all there), those bytes, consumed;
    /// otherwise `None`, consuming nothing. One bounds check and one load of the `N` bytes.
    #[inline(always)]
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
    #[inline(always)]
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
    #[inline(always)]
    pub(crate) fn skip_fixstr<const N: usize>(&mut self) {
        self.pos += 1 + N;
    }

    /// The bytes of the next value when it is a `fixstr`, all there; `None` otherwise.
    /// Nothing is consumed: a caller that accepts the bytes (text it checks byte by byte, so
    /// valid UTF-8) calls [`Reader::skip_fixstr_any`] with their length.
    #[cfg_attr(not(feature = "rust_decimal"), allow(dead_code))]
    #[inline(always)]
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
    #[inline(always)]
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
    #[inline(always)]
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
    #[inline(always)]
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
    #[inline(always)]
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
    #[inline(always)]
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
    #[inline(always)]
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
    #[inline(always)]
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
    #[inline(always)]
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
    #[inline(always)]
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
    #[inline(always)]
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
    #[inline(always)]
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
    #[inline(always)]
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
    #[inline(always)]
    fn take_after_marker<const N: usize>(&mut self) -> Result<[u8; N], Error> {
        self.pos += 1;
        self.take_array()
    }

    /// If a string comes next, its bytes (not yet checked as UTF-8).
    #[inline(always)]
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
    #[inline(always)]
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
    #[inline(always)]
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

    /// Reads an array header: the number of elements that follow. Close the array with
    /// [`Reader::end_container`] after reading them.
    #[inline]
    pub fn begin_array(&mut self, expected: &'static str) -> Result<usize, Error> {
        if let Some(len) = self.try_fix_header(0x90, 1) {
            return Ok(len);
        }
        self.begin_array_slow(expected)
    }

    #[inline(never)]
    fn begin_array_slow(&mut self, expected: &'static str) -> Result<usize, Error> {
        let at = self.pos;
        let marker = self.peek()?;
        let len = match marker {
            0x90..=0x9f => {
                self.pos += 1;
                usize::from(marker & 0x0f)
            }
            0xdc | 0xdd => {
                self.pos += 1;
                self.take_len(2 << (marker - 0xdc))?
            }
            _ => return Err(self.invalid_type(expected)),
        };
        if len > self.max_len {
            return Err(self.too_many_items(len, at));
        }
        self.enter(len as u64, at)?;
        Ok(len)
    }

    /// Reads a map header: the number of entries (key and value each) that follow. Close the
    /// map with [`Reader::end_container`] after reading them.
    #[inline]
    pub fn begin_map(&mut self, expected: &'static str) -> Result<usize, Error> {
        if let Some(len) = self.try_fix_header(0x80, 2) {
            return Ok(len);
        }
        self.begin_map_slow(expected)
    }

    /// A `fixarray` (`family` 0x90) or `fixmap` (0x80) header whose claim fits the input and
    /// whose level fits the depth limit, entered; `None` (nothing consumed) for anything else,
    /// which the caller's slow path sorts out.
    #[inline(always)]
    fn try_fix_header(&mut self, family: u8, values_per_item: usize) -> Option<usize> {
        let marker = *self.input.get(self.pos)?;
        if marker & 0xf0 != family || self.remaining_depth <= 1 {
            return None;
        }
        let len = usize::from(marker & 0x0f);
        if len * values_per_item >= self.input.len() - self.pos || len > self.max_len {
            return None;
        }
        self.pos += 1;
        self.remaining_depth -= 1;
        Some(len)
    }

    #[inline(never)]
    fn begin_map_slow(&mut self, expected: &'static str) -> Result<usize, Error> {
        let at = self.pos;
        let marker = self.peek()?;
        let len = match marker {
            0x80..=0x8f => {
                self.pos += 1;
                usize::from(marker & 0x0f)
            }
            0xde | 0xdf => {
                self.pos += 1;
                self.take_len(2 << (marker - 0xde))?
            }
            _ => return Err(self.invalid_type(expected)),
        };
        if len > self.max_len {
            return Err(self.too_many_items(len, at));
        }
        self.enter(2 * len as u64, at)?;
        Ok(len)
    }

    /// Reads the header of a struct: a map keyed by field names or an array of the fields.
    #[inline(always)]
    pub fn begin_struct(&mut self, expected: &'static str) -> Result<StructForm<'de>, Error> {
        if let Some(len) = self.try_fix_header(0x80, 2) {
            return Ok(StructForm::Map(len));
        }
        if let Some(len) = self.try_fix_header(0x90, 1) {
            return Ok(StructForm::Array(len));
        }
        self.begin_struct_slow(expected)
    }

    #[inline(never)]
    fn begin_struct_slow(&mut self, expected: &'static str) -> Result<StructForm<'de>, Error> {
        if let Some(bytes) = self.try_bin()? {
            return Ok(StructForm::Bytes(bytes));
        }
        match self.peek()? {
            0x80..=0x8f | 0xde | 0xdf => self.begin_map(expected).map(StructForm::Map),
            0x90..=0x9f | 0xdc | 0xdd => self.begin_array(expected).map(StructForm::Array),
            _ => Err(self.invalid_type(expected)),
        }
    }

    /// Reads the header of a sequence: an array, or a `bin` (rmp-serde reads a `bin` as a
    /// sequence of its bytes wherever a sequence is wanted).
    #[inline(always)]
    pub fn begin_seq(&mut self, expected: &'static str) -> Result<SeqForm<'de>, Error> {
        if let Some(len) = self.try_fix_header(0x90, 1) {
            return Ok(SeqForm::Array(len));
        }
        self.begin_seq_slow(expected)
    }

    #[inline(never)]
    fn begin_seq_slow(&mut self, expected: &'static str) -> Result<SeqForm<'de>, Error> {
        let at = self.pos;
        match self.try_bin()? {
            Some(bytes) if bytes.len() > self.max_len => Err(self.too_many_items(bytes.len(), at)),
            Some(bytes) => Ok(SeqForm::Bytes(bytes)),
            None => self.begin_array(expected).map(SeqForm::Array),
        }
    }

    /// Element `index` of a sequence read from a `bin`: `T`'s value for that byte, or an
    /// error at the `bin` (at `at`) when `T` takes no integer or the byte does not fit it.
    #[doc(hidden)]
    #[inline]
    pub fn bin_element<T: super::Decode<'de>>(
        &self,
        bytes: &[u8],
        index: usize,
        expected: &'static str,
        at: usize,
    ) -> Result<T, Error> {
        self.bin_element_with(bytes, index, expected, at, T::from_bin_byte)
    }

    /// [`Reader::bin_element`] with the byte's value given by `value` (generated code passes
    /// the impl it reaches the element's type through).
    #[doc(hidden)]
    pub fn bin_element_with<T>(
        &self,
        bytes: &[u8],
        index: usize,
        expected: &'static str,
        at: usize,
        value: impl FnOnce(u8) -> Option<T>,
    ) -> Result<T, Error> {
        let byte = bytes[index];
        value(byte).ok_or_else(|| {
            self.invalid_type_found(format!("integer `{byte}`"), expected, at)
                .in_index(index)
        })
    }

    /// Consumes `key` (a pre-encoded key, header included) if the input continues with exactly
    /// those bytes. This is how generated decoders test "the next declared field" in one
    /// comparison.
    #[inline(always)]
    pub fn try_key<const N: usize>(&mut self, key: &[u8; N]) -> bool {
        // Compared as fixed-size arrays, which compiles to a few integer compares; the rest
        // of the input, then its length, so no sum is checked for overflow.
        let Some(rest) = self.input.get(self.pos..) else {
            return false;
        };
        match rest.first_chunk::<N>() {
            Some(bytes) if bytes == key => {
                self.pos += N;
                true
            }
            _ => false,
        }
    }

    /// Reads a field name (a `str`, checked as UTF-8, or a `bin`) or field index (a
    /// non-negative integer), as serde's field identifiers accept them.
    #[inline]
    pub fn decode_key(&mut self) -> Result<Key<'de>, Error> {
        self.identifier("a field identifier")
    }

    fn identifier(&mut self, expected: &'static str) -> Result<Key<'de>, Error> {
        let at = self.pos;
        self.last_key = at;
        if let Some(bytes) = self.try_str_bytes()? {
            return match utf8(bytes) {
                Some(_) => Ok(Key::Name(bytes)),
                None => Err(self.error_at(ErrorCode::InvalidUtf8, at)),
            };
        }
        if let Some(bytes) = self.try_bin()? {
            return Ok(Key::Name(bytes));
        }
        // Only the unsigned forms: serde's identifiers take unsigned integers alone, so a
        // signed form (`int 8` holding 0, say) is refused as rmp-serde refuses it.
        match self.try_int()? {
            Some(Int::Unsigned(index)) => Ok(Key::Index(index)),
            _ => {
                self.pos = at;
                Err(self.invalid_type(expected))
            }
        }
    }

    /// Reads a map key as [`FlatEntries`](super::FlatEntries) keeps it: the bytes it spans,
    /// and the key as an identifier when it is one (as [`Reader::decode_key`] reads it; `None`
    /// for a key of another type, read past as [`Reader::raw_value`] reads it). Checked as
    /// [`Reader::skip_value`] checks it; the offset of the last key is left as it was.
    #[inline(always)]
    pub(crate) fn flat_key(&mut self) -> Result<(&'de [u8], Option<Key<'de>>), Error> {
        let start = self.pos;
        // A `fixstr`, nearly every key, inline where the key is read.
        let input: &'de [u8] = self.input;
        if let Some(&[marker, ref rest @ ..]) = input.get(start..) {
            if marker & 0xe0 == 0xa0 {
                let len = usize::from(marker & 0x1f);
                if let Some(name) = rest.get(..len).filter(|name| utf8(name).is_some()) {
                    self.pos = start + 1 + len;
                    return Ok((&input[start..self.pos], Some(Key::Name(name))));
                }
            }
        }
        self.flat_key_general()
    }

    /// [`Reader::flat_key`] for any key but a valid `fixstr`.
    #[inline(never)]
    fn flat_key_general(&mut self) -> Result<(&'de [u8], Option<Key<'de>>), Error> {
        let (start, last_key) = (self.pos, self.last_key);
        // A name or index, nearly every key, read once; any other key (or an error, which
        // `raw_value` finds again) read past as a value.
        let ident = match self.peek()? {
            0xa0..=0xbf | 0xd9..=0xdb | 0xc4..=0xc6 | 0x00..=0x7f | 0xcc..=0xcf => {
                self.identifier("a field identifier").ok()
            }
            _ => None,
        };
        self.last_key = last_key;
        match ident {
            Some(key) => Ok((&self.input[start..self.pos], Some(key))),
            None => {
                self.pos = start;
                Ok((self.raw_value()?, None))
            }
        }
    }

    /// The bytes of the key just read by [`Reader::flat_key`] when it was the `fixstr` holding
    /// `name` and the reader stands right after it (at its value); `None` otherwise.
    #[inline]
    pub(crate) fn fixstr_key_before(&self, name: &'de [u8]) -> Option<&'de [u8]> {
        let start = self.pos.checked_sub(name.len() + 1)?;
        let raw = &self.input[start..self.pos];
        let marker = raw[0];
        let same = std::ptr::eq(raw[1..].as_ptr(), name.as_ptr());
        (same && marker & 0xe0 == 0xa0 && usize::from(marker & 0x1f) == name.len()).then_some(raw)
    }

    /// What [`json::Reader::set_buffered`](crate::json::Reader::set_buffered) does for JSON;
    /// in MessagePack it changes nothing (rmp-serde checks the values it ignores as it checks
    /// those it buffers, and so does this reader's [`Reader::skip_value`]). Returns `false`.
    #[inline]
    pub fn set_buffered(&mut self, on: bool) -> bool {
        let _ = on;
        false
    }

    /// Whether the next value is a map whose first key is the name `name` (a `str` or a
    /// `bin`). If it is, the map is opened and that key is read, leaving the reader at the
    /// entry's value, and the number of entries after it is returned (read them, then close
    /// the map with [`Reader::end_container`]); otherwise nothing is read. Internally tagged
    /// enums use it to read the variant straight away when the tag comes first, as it
    /// nearly always does.
    ///
    /// ```
    /// use fastwire::msgpack::{self, Decode, Error, Reader};
    ///
    /// struct First(u8);
    ///
    /// impl<'de> Decode<'de> for First {
    ///     fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
    ///         let Some(rest) = r.map_starts_with("n") else {
    ///             return Err(r.custom("`n` must come first"));
    ///         };
    ///         let n = u8::decode(r)?;
    ///         for _ in 0..rest {
    ///             r.skip_value()?;
    ///             r.skip_value()?;
    ///         }
    ///         r.end_container();
    ///         Ok(First(n))
    ///     }
    /// }
    ///
    /// // {"n": 3, "m": 4}, then {"m": 4, "n": 3}
    /// assert_eq!(msgpack::from_slice::<First>(b"\x82\xa1n\x03\xa1m\x04").unwrap().0, 3);
    /// assert!(msgpack::from_slice::<First>(b"\x82\xa1m\x04\xa1n\x03").is_err());
    /// ```
    pub fn map_starts_with(&mut self, name: &str) -> Option<usize> {
        // A `fixmap` whose first key is `name` as a `fixstr`, nearly every such map, inline.
        let (pos, len) = (self.pos, name.len());
        if len < 32 {
            if let Some(&[marker, key, ref rest @ ..]) = self.input.get(pos..) {
                if marker & 0xf0 == 0x80
                    && key == 0xa0 | len as u8
                    && rest.get(..len) == Some(name.as_bytes())
                {
                    if let Some(entries @ 1..) = self.try_fix_header(0x80, 2) {
                        self.last_key = pos + 1;
                        self.pos = pos + 2 + len;
                        return Some(entries - 1);
                    }
                    // An empty map, or one the slow path refuses: nothing consumed.
                    if self.pos != pos {
                        self.pos = pos;
                        self.remaining_depth += 1;
                    }
                }
            }
        }
        if !matches!(self.input.get(self.pos), Some(0x80..=0x8f | 0xde | 0xdf)) {
            return None;
        }
        let (pos, remaining_depth, last_key) = (self.pos, self.remaining_depth, self.last_key);
        if let Ok(len @ 1..) = self.begin_map("a map") {
            if matches!(self.decode_key(), Ok(Key::Name(key)) if key == name.as_bytes()) {
                return Some(len - 1);
            }
        }
        self.pos = pos;
        self.remaining_depth = remaining_depth;
        self.last_key = last_key;
        None
    }

    /// Reads an enum's start: a variant name (or index) alone for a unit variant, or a map of
    /// one entry whose key names the variant and whose value is its content.
    #[inline]
    pub fn begin_enum(&mut self, expected: &'static str) -> Result<EnumForm<'de>, Error> {
        let at = self.pos;
        match self.peek()? {
            0x80..=0x8f | 0xde | 0xdf => {
                let len = self.begin_map(expected)?;
                if len != 1 {
                    return Err(self.error_at(
                        ErrorCode::InvalidLength {
                            len,
                            expected: "a map with one entry, the variant and its content"
                                .to_owned(),
                        },
                        at,
                    ));
                }
                self.identifier("a variant identifier")
                    .map(EnumForm::Content)
            }
            0xa0..=0xbf | 0xd9..=0xdb | 0xc4..=0xc6 | 0x00..=0x7f | 0xcc..=0xd3 => {
                self.identifier("a variant identifier").map(EnumForm::Unit)
            }
            _ => Err(self.invalid_type(expected)),
        }
    }

    /// Offset of the key (or variant) [`Reader::decode_key`] read last.
    #[inline]
    pub fn last_key_offset(&self) -> usize {
        self.last_key
    }

    /// Reads past one value of any kind, checking it: markers, lengths against the input, and
    /// UTF-8 in strings.
    ///
    /// Iterative (a count of values still to skip), so a skipped value may nest as deeply as
    /// the input allows without touching the depth limit or the thread's stack. Linear in the
    /// bytes skipped.
    pub fn skip_value(&mut self) -> Result<(), Error> {
        let mut pending: u64 = 1;
        while pending > 0 {
            pending -= 1;
            let at = self.pos;
            let marker = self.take_byte()?;
            match marker {
                // fixint, nil, booleans: the marker is the whole value.
                0x00..=0x7f | 0xe0..=0xff | 0xc0 | 0xc2 | 0xc3 => {}
                0x80..=0x8f => pending += 2 * u64::from(marker & 0x0f),
                0x90..=0x9f => pending += u64::from(marker & 0x0f),
                0xa0..=0xbf => self.skip_str(usize::from(marker & 0x1f), at)?,
                0xc1 => return Err(self.error_at(ErrorCode::ReservedMarker, at)),
                0xc4..=0xc6 => {
                    let len = self.take_len(1 << (marker - 0xc4))?;
                    self.take_slice(len)?;
                }
                0xc7..=0xc9 => {
                    let len = self.take_len(1 << (marker - 0xc7))?;
                    self.take_slice(len + 1)?;
                }
                0xca | 0xd2 | 0xce => {
                    self.take_slice(4)?;
                }
                0xcb | 0xcf | 0xd3 => {
                    self.take_slice(8)?;
                }
                0xcc | 0xd0 => {
                    self.take_slice(1)?;
                }
                0xcd | 0xd1 => {
                    self.take_slice(2)?;
                }
                0xd4..=0xd8 => {
                    self.take_slice(1 + (1 << (marker - 0xd4)))?;
                }
                0xd9..=0xdb => {
                    let len = self.take_len(1 << (marker - 0xd9))?;
                    self.skip_str(len, at)?;
                }
                0xdc | 0xdd => pending += self.take_len(2 << (marker - 0xdc))? as u64,
                0xde | 0xdf => pending += 2 * self.take_len(2 << (marker - 0xde))? as u64,
            }
            // Each value still to skip takes at least one byte.
            if pending > self.remaining() as u64 {
                return Err(self.error_at(ErrorCode::LengthBeyondInput { claimed: pending }, at));
            }
        }
        Ok(())
    }

    /// The bytes of the name a value read by [`Reader::raw_value`] is, when it is a `str`;
    /// `None` for any other value. Generated code uses it to see at once that a bare name
    /// names no variant of an externally tagged enum.
    #[doc(hidden)]
    #[inline]
    pub fn raw_name(raw: &[u8]) -> Option<&[u8]> {
        let header = match *raw.first()? {
            0xA0..=0xBF => 1,
            0xD9 => 2,
            0xDA => 3,
            0xDB => 5,
            _ => return None,
        };
        raw.get(header..)
    }

    /// The name a `str` value at the reader holds, without reading it; `None` for any other
    /// value (or one cut short). Derived untagged enums read in place use it, as
    /// [`Reader::raw_name`] on the value's bytes, to skip an externally tagged form that
    /// cannot fit.
    #[doc(hidden)]
    #[inline]
    pub fn peek_name(&self) -> Option<&'de [u8]> {
        let rest = self.input.get(self.pos..)?;
        let (header, len) = match *rest.first()? {
            marker @ 0xA0..=0xBF => (1_usize, usize::from(marker & 0x1F)),
            0xD9 => (2, usize::from(*rest.get(1)?)),
            0xDA => (
                3,
                usize::from(u16::from_be_bytes([*rest.get(1)?, *rest.get(2)?])),
            ),
            0xDB => (
                5,
                usize::try_from(u32::from_be_bytes(rest.get(1..5)?.try_into().ok()?)).ok()?,
            ),
            _ => return None,
        };
        rest.get(header..header.checked_add(len)?)
    }

    /// Where the reader stands, to come back to with [`Reader::rewind`] after an attempt to
    /// read the value there failed (always `Some`: the form is JSON's, whose readers over a
    /// tree have none). Derived untagged enums try each variant on the value in place with it.
    #[doc(hidden)]
    #[inline]
    pub fn mark(&self) -> Option<Mark> {
        Some(Mark {
            pos: self.pos,
            remaining_depth: self.remaining_depth,
            last_key: self.last_key,
        })
    }

    /// Goes back to where [`Reader::mark`] was taken, as if nothing had been read since.
    #[doc(hidden)]
    #[inline]
    pub fn rewind(&mut self, mark: Mark) {
        self.pos = mark.pos;
        self.remaining_depth = mark.remaining_depth;
        self.last_key = mark.last_key;
    }

    /// Reads past one value, checking it exactly as [`Reader::skip_value`] does, and returns
    /// the bytes it spans, borrowed from the input, never copied.
    ///
    /// For deferred decoding (keep a value as bytes, decode it once you know what it is), for
    /// handing a value to another decoder, and for decoding a value twice with
    /// [`Reader::reread`].
    ///
    /// ```
    /// use fastwire::msgpack::{self, Decode, Error, Reader};
    ///
    /// /// A pair whose second element is kept as MessagePack bytes.
    /// struct Tagged<'a> {
    ///     tag: u8,
    ///     payload: &'a [u8],
    /// }
    ///
    /// impl<'de> Decode<'de> for Tagged<'de> {
    ///     fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
    ///         if r.begin_array("a tagged value")? != 2 {
    ///             return Err(r.custom("expected two elements"));
    ///         }
    ///         let tag = u8::decode(r)?;
    ///         let payload = r.raw_value()?;
    ///         r.end_container();
    ///         Ok(Tagged { tag, payload })
    ///     }
    /// }
    ///
    /// // [7, {"a": [1, 2]}]
    /// let input = b"\x92\x07\x81\xa1a\x92\x01\x02";
    /// let tagged: Tagged = msgpack::from_slice(input).unwrap();
    /// assert_eq!((tagged.tag, tagged.payload), (7, &input[2..]));
    ///
    /// // Checked as skipped values are: a length beyond the input is an error.
    /// assert!(msgpack::from_slice::<Tagged>(b"\x92\x07\x81\xa1a\x93\x01\x02").is_err());
    /// ```
    pub fn raw_value(&mut self) -> Result<&'de [u8], Error> {
        let start = self.pos;
        self.skip_value()?;
        Ok(&self.input[start..self.pos])
    }

    /// Reads past the next `count` values (as [`Reader::raw_value`] reads each) and returns
    /// their bytes, one after the other.
    #[doc(hidden)]
    pub fn raw_values(&mut self, count: usize) -> Result<&'de [u8], Error> {
        let start = self.pos;
        for _ in 0..count {
            self.raw_value()?;
        }
        Ok(&self.input[start..self.pos])
    }

    /// Decodes a `T` from `raw`, a value this reader has already read past (as
    /// [`Reader::raw_value`] returned it), with a new reader over just that value.
    ///
    /// How to decode a value twice: try it as one type, then another, or read a tag out of a
    /// map first and the map again as the variant it names.
    ///
    /// - The new reader starts with the depth this reader has left now. Called where the
    ///   value would have been decoded in place, the nesting limit applies exactly as if it
    ///   had been, however often the value is read.
    /// - Errors carry offsets in this reader's whole input, the bytes an error found while
    ///   reading the document straight through would point at.
    /// - Strings and binaries borrow from the input as usual.
    /// - The slice must hold exactly one value, as `raw_value`'s do.
    ///
    /// # Panics
    ///
    /// If `raw` is not part of this reader's input (a programming error, not bad input).
    ///
    /// ```
    /// use fastwire::msgpack::{self, Decode, Error, Reader};
    ///
    /// /// An integer, or a string holding one: tried one way, then the other.
    /// #[derive(Debug, PartialEq)]
    /// struct Lenient(u32);
    ///
    /// impl<'de> Decode<'de> for Lenient {
    ///     fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
    ///         let raw = r.raw_value()?;
    ///         if let Ok(n) = r.reread::<u32>(raw) {
    ///             return Ok(Lenient(n));
    ///         }
    ///         let text: &str = r.reread(raw)?;
    ///         text.parse().map(Lenient).map_err(|e| r.custom(e))
    ///     }
    /// }
    ///
    /// // [1, "2"]
    /// let values: Vec<Lenient> = msgpack::from_slice(b"\x92\x01\xa12").unwrap();
    /// assert_eq!(values, [Lenient(1), Lenient(2)]);
    ///
    /// // An error inside a re-read value points into the whole input: [1, true]
    /// let err = msgpack::from_slice::<Vec<Lenient>>(b"\x92\x01\xc3").unwrap_err();
    /// assert_eq!(err.offset(), 2);
    /// ```
    pub fn reread<T: super::Decode<'de>>(&self, raw: &'de [u8]) -> Result<T, Error> {
        self.reread_with(raw, T::decode)
    }

    /// Like [`Reader::reread`], reading the value with `read` rather than a `Decode` impl:
    /// for a value read in a way of its own (one of several shapes, a tag out of a map).
    /// `read` must read the whole value; what follows it is an error.
    ///
    /// # Panics
    ///
    /// If `raw` is not part of this reader's input.
    ///
    /// ```
    /// use fastwire::msgpack::{self, Decode, Error, Reader};
    ///
    /// /// An integer, or the length of a string.
    /// struct Size(u64);
    ///
    /// impl<'de> Decode<'de> for Size {
    ///     fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
    ///         let raw = r.raw_value()?;
    ///         r.reread_with(raw, |r| u64::decode(r).map(Size))
    ///             .or_else(|_| r.reread_with(raw, |r| Ok(Size(r.decode_str()?.len() as u64))))
    ///     }
    /// }
    ///
    /// // [7, "abc"]
    /// let sizes: Vec<Size> = msgpack::from_slice(b"\x92\x07\xa3abc").unwrap();
    /// assert_eq!(sizes.iter().map(|s| s.0).collect::<Vec<_>>(), [7, 3]);
    /// ```
    pub fn reread_with<T>(
        &self,
        raw: &'de [u8],
        read: impl FnOnce(&mut Reader<'de>) -> Result<T, Error>,
    ) -> Result<T, Error> {
        // Where `raw` sits in the input. Addresses as integers: no unsafe code, and a slice
        // from elsewhere is caught by the check below.
        let start = (raw.as_ptr() as usize).wrapping_sub(self.input.as_ptr() as usize);
        assert!(
            start <= self.input.len() && raw.len() <= self.input.len() - start,
            "Reader::reread: the slice is not part of this reader's input"
        );
        // The input cut after the value (so the new reader cannot read on, and length
        // prefixes are checked against the value's own bytes), but not before it (so offsets
        // stay those of the whole input).
        let mut again = Reader {
            input: &self.input[..start + raw.len()],
            pos: start,
            remaining_depth: self.remaining_depth,
            max_len: self.max_len,
            last_key: start,
        };
        let value = read(&mut again)?;
        again.end()?;
        Ok(value)
    }

    /// `error`, which rmp-serde returned decoding a value for the bridge, as fastwire's error
    /// at `offset` with the same category: nesting too deep, invalid UTF-8 and a value cut
    /// short as fastwire's own errors of those kinds; anything else is a data error with
    /// rmp-serde's message.
    #[cfg(feature = "serde")]
    #[cold]
    pub(crate) fn rmp_serde_error(&self, error: &rmp_serde::decode::Error, offset: usize) -> Error {
        use rmp_serde::decode::Error as Theirs;
        let code = match error {
            Theirs::DepthLimitExceeded => ErrorCode::RecursionLimitExceeded,
            Theirs::Utf8Error(_) => ErrorCode::InvalidUtf8,
            Theirs::InvalidMarkerRead(io) | Theirs::InvalidDataRead(io)
                if io.kind() == std::io::ErrorKind::UnexpectedEof =>
            {
                ErrorCode::Eof
            }
            other => ErrorCode::Custom(other.to_string()),
        };
        self.error_at(code, offset)
    }

    fn skip_str(&mut self, len: usize, at: usize) -> Result<(), Error> {
        let bytes = self.take_slice(len)?;
        match utf8(bytes) {
            Some(_) => Ok(()),
            None => Err(self.error_at(ErrorCode::InvalidUtf8, at)),
        }
    }

    /// What the next value is, in serde's words (`string "x"`, `integer `5``, `map`), for an
    /// error message; consumes nothing.
    #[cold]
    fn describe_next(&self) -> Result<String, Error> {
        let mut probe = Reader {
            input: self.input,
            pos: self.pos,
            remaining_depth: usize::MAX,
            max_len: usize::MAX,
            last_key: 0,
        };
        let marker = probe.peek()?;
        Ok(match marker {
            0xc0 => "unit value".to_owned(),
            0xc2 => "boolean `false`".to_owned(),
            0xc3 => "boolean `true`".to_owned(),
            0xc1 => return Err(self.error_at(ErrorCode::ReservedMarker, self.pos)),
            0xca | 0xcb => {
                let value = probe.decode_f64()?;
                format!("floating point `{}`", FloatText(value))
            }
            0xa0..=0xbf | 0xd9..=0xdb => match probe.decode_str() {
                Ok(text) => format!("string {}", Quoted(text)),
                Err(err) => return Err(err),
            },
            0xc4..=0xc6 => "byte array".to_owned(),
            0x90..=0x9f | 0xdc | 0xdd => "sequence".to_owned(),
            0x80..=0x8f | 0xde | 0xdf => "map".to_owned(),
            0xc7..=0xc9 | 0xd4..=0xd8 => "extension value".to_owned(),
            _ => match probe.try_int()? {
                Some(Int::Unsigned(value)) => format!("integer `{value}`"),
                Some(Int::Signed(value)) => format!("integer `{value}`"),
                None => unreachable!("every other marker is an integer"),
            },
        })
    }

    /// `invalid type: {what is there}, expected {expected}`, at the start of the value found
    /// (which is not consumed).
    #[cold]
    #[inline(never)]
    pub fn invalid_type(&self, expected: &'static str) -> Error {
        match self.describe_next() {
            Ok(found) => self.error_at(ErrorCode::InvalidType { found, expected }, self.pos),
            Err(err) => err,
        }
    }

    /// `invalid type: {found}, expected {expected}` at `at`, for a value already read.
    #[cold]
    pub fn invalid_type_found(&self, found: String, expected: &'static str, at: usize) -> Error {
        self.error_at(ErrorCode::InvalidType { found, expected }, at)
    }

    /// `invalid value: {found}, expected {expected}` at `at`.
    #[cold]
    pub fn invalid_value(&self, found: String, expected: &'static str, at: usize) -> Error {
        self.error_at(ErrorCode::InvalidValue { found, expected }, at)
    }

    /// "missing field `name`", at the current position (the end of the map).
    #[cold]
    pub fn missing_field(&self, name: &'static str) -> Error {
        self.error_at(ErrorCode::MissingField(name), self.pos)
    }

    /// "duplicate field `name`", at the current position (the start of the repeated value).
    #[cold]
    pub fn duplicate_field(&self, name: &'static str) -> Error {
        self.error_at(ErrorCode::DuplicateField(name), self.pos)
    }

    /// "unknown field `found`, expected one of ...", at the key just read.
    #[cold]
    pub fn unknown_field(&self, found: &str, expected: &'static [&'static str]) -> Error {
        let code = ErrorCode::UnknownField {
            found: found.to_owned(),
            expected,
        };
        self.error_at(code, self.last_key)
    }

    /// "unknown variant `found`, expected one of ...", at the variant just read.
    #[cold]
    pub fn unknown_variant(&self, found: &str, expected: &'static [&'static str]) -> Error {
        let code = ErrorCode::UnknownVariant {
            found: found.to_owned(),
            expected,
        };
        self.error_at(code, self.last_key)
    }

    /// The error for a key that names no field: "unknown field" for a name, "invalid value"
    /// for an index out of range (serde's two messages), at the key.
    #[cold]
    pub fn unknown_key(&self, key: Key<'_>, expected: &'static [&'static str]) -> Error {
        match key {
            Key::Name(name) => self.unknown_field(&String::from_utf8_lossy(name), expected),
            Key::Index(index) => self.error_at(
                ErrorCode::IndexOutOfRange {
                    index,
                    count: expected.len(),
                    what: "field",
                },
                self.last_key,
            ),
        }
    }

    /// The error for a variant that is not one of the enum's: "unknown variant" for a name,
    /// "invalid value" for an index out of range.
    #[cold]
    pub fn unknown_variant_key(&self, key: Key<'_>, expected: &'static [&'static str]) -> Error {
        match key {
            Key::Name(name) => self.unknown_variant(&String::from_utf8_lossy(name), expected),
            Key::Index(index) => self.error_at(
                ErrorCode::IndexOutOfRange {
                    index,
                    count: expected.len(),
                    what: "variant",
                },
                self.last_key,
            ),
        }
    }

    /// "invalid length `len`, expected `expected`", at the current position.
    #[cold]
    pub fn invalid_length(&self, len: usize, expected: &str) -> Error {
        self.invalid_length_at(len, expected, self.pos)
    }

    /// "invalid length `len`, expected `expected`", at `at` (the collection's header).
    #[cold]
    pub fn invalid_length_at(&self, len: usize, expected: &str, at: usize) -> Error {
        self.error_at(
            ErrorCode::InvalidLength {
                len,
                expected: expected.to_owned(),
            },
            at,
        )
    }

    /// The text of the map key at `offset`, for an error's path: a string as it is, an integer
    /// in digits, anything else described.
    #[cold]
    pub fn key_text_at(&self, offset: usize) -> String {
        let mut probe = Reader {
            input: self.input,
            pos: offset,
            remaining_depth: usize::MAX,
            max_len: usize::MAX,
            last_key: 0,
        };
        if let Ok(text) = probe.decode_str() {
            return text.to_owned();
        }
        probe.pos = offset;
        match probe.try_int() {
            Ok(Some(Int::Unsigned(value))) => value.to_string(),
            Ok(Some(Int::Signed(value))) => value.to_string(),
            _ => probe.describe_next().unwrap_or_default(),
        }
    }

    /// A free-form data error at the current position.
    #[cold]
    pub fn custom(&self, message: impl std::fmt::Display) -> Error {
        self.error_at(ErrorCode::Custom(message.to_string()), self.pos)
    }

    /// A free-form data error at `offset`.
    #[cold]
    pub fn custom_at(&self, message: impl std::fmt::Display, offset: usize) -> Error {
        self.error_at(ErrorCode::Custom(message.to_string()), offset)
    }
}

pub(crate) use super::utf8::utf8;

/// A string in quotes, escaped as JSON escapes it, for error messages.
struct Quoted<'a>(&'a str);

impl std::fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "{:?}", self.0)
    }
}

/// A float as serde's error messages show it: always with a decimal point or exponent.
struct FloatText(f64);

impl std::fmt::Display for FloatText {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let text = self.0.to_string();
        if self.0.is_finite() && !text.contains(['.', 'e', 'E']) {
            write!(f, "{text}.0")
        } else {
            f.write_str(&text)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_fixstrs_read_as_strings_do() {
        // Every length a `fixstr` has, ASCII or with a byte past 0x7f at any place, alone,
        // cut short, and followed by more input (ASCII and not).
        for len in 0..32usize {
            let ascii: Vec<u8> = (0..len).map(|i| b'a' + (i % 26) as u8).collect();
            let mut texts = vec![ascii.clone()];
            for at in 0..len {
                for byte in [0x7f, 0x80, 0xc3, 0xff] {
                    let mut text = ascii.clone();
                    text[at] = byte;
                    texts.push(text);
                }
            }
            for text in texts {
                for after in [
                    &b""[..],
                    b"\x01\x02",
                    b"\xff\xff\xff\xff\xff\xff\xff\xff\xff",
                ] {
                    let mut input = vec![0xa0 | len as u8];
                    input.extend_from_slice(&text);
                    input.extend_from_slice(after);
                    let mut fast = Reader::new(&input, DEFAULT_MAX_DEPTH);
                    let read = fast.try_ascii_fixstr();
                    let expected = text.is_ascii().then(|| std::str::from_utf8(&text).unwrap());
                    if read.is_some() || len >= 8 || input.len() >= 9 {
                        assert_eq!(read, expected, "{input:?}");
                    }
                    let consumed = if read.is_some() { 1 + len } else { 0 };
                    assert_eq!(fast.offset(), consumed, "{input:?}");
                    // Cut short: never read.
                    let mut short = Reader::new(&input[..len], DEFAULT_MAX_DEPTH);
                    assert_eq!(short.try_ascii_fixstr(), None);
                }
            }
        }
        let mut r = Reader::new(b"\xd9\x01a", DEFAULT_MAX_DEPTH);
        assert_eq!(r.try_ascii_fixstr(), None);
        assert_eq!(r.offset(), 0);
    }

    #[test]
    fn fixstr_tails_hold_the_text_in_their_top_bytes() {
        let input = b"\x00\x00\x00\x00\x00\x00\x00\xa5-1.25\xa3abc";
        let mut r = Reader::new(input, DEFAULT_MAX_DEPTH);
        r.pos = 7;
        let (word, len, negative) = r.fixstr_tail().unwrap();
        assert_eq!((len, negative), (5, true));
        assert_eq!(&word.to_le_bytes()[3..], b"-1.25");
        r.pos = 13;
        let (word, len, negative) = r.fixstr_tail().unwrap();
        assert_eq!((len, negative), (3, false));
        assert_eq!(&word.to_le_bytes()[5..], b"abc");
        // Too near the start, empty, too long, cut short or no `fixstr`: nothing.
        for (input, pos) in [
            (&b"\xa3abc"[..], 0),
            (b"\x00\x00\x00\x00\x00\x00\xa0", 6),
            (b"\x00\x00\x00\x00\x00\x00\xaa0123456789", 6),
            (b"\x00\x00\x00\x00\x00\x00\xa5abc", 6),
            (b"\x00\x00\x00\x00\x00\x00\xc4\x01a", 6),
        ] {
            let mut r = Reader::new(input, DEFAULT_MAX_DEPTH);
            r.pos = pos;
            assert_eq!(r.fixstr_tail(), None, "{input:?}");
        }
    }

    #[test]
    fn lengths_beyond_the_input_fail_at_once() {
        for input in [
            &b"\xdd\xff\xff\xff\xff"[..],
            b"\xdf\xff\xff\xff\xff",
            b"\xdc\x00\x10\x01",
        ] {
            let mut r = Reader::new(input, DEFAULT_MAX_DEPTH);
            let err = if input[0] == 0xdf {
                r.begin_map("a map").unwrap_err()
            } else {
                r.begin_array("an array").unwrap_err()
            };
            assert!(err.is_eof(), "{err}");
            assert_eq!(err.offset(), 0);
            let mut r = Reader::new(input, DEFAULT_MAX_DEPTH);
            assert!(r.skip_value().unwrap_err().is_eof());
        }
        let mut r = Reader::new(b"\xdb\xff\xff\xff\xffab", DEFAULT_MAX_DEPTH);
        assert!(r.decode_str().unwrap_err().is_eof());
    }

    #[test]
    fn skips_every_kind_of_value() {
        // [nil, true, -1, 300, 1.5f32, "ab", bin[1], ext(1, [2]), {1: [2]}, 2.0f64]
        let input = b"\x9a\xc0\xc3\xff\xcd\x01\x2c\xca\x3f\xc0\x00\x00\xa2ab\xc4\x01\x01\xd4\x01\x02\x81\x01\x91\x02\xcb\x40\x00\x00\x00\x00\x00\x00\x00\x07";
        let mut r = Reader::new(input, DEFAULT_MAX_DEPTH);
        r.skip_value().unwrap();
        assert_eq!(r.offset(), input.len() - 1);
        assert_eq!(r.decode_u64("u64").unwrap(), 7);
        r.end().unwrap();
    }

    #[test]
    fn skipping_checks_what_it_skips() {
        for (input, syntax) in [
            (&b"\x91\xc1"[..], true),
            (b"\x91\xa2\xff\xfe", true),
            (b"\x92\x01", false),
            (b"\xd9", false),
        ] {
            let mut r = Reader::new(input, DEFAULT_MAX_DEPTH);
            let err = r.skip_value().unwrap_err();
            assert_eq!(err.is_syntax(), syntax, "{input:?}: {err}");
        }
        // Deep nesting is skipped without recursion or a limit.
        let depth = if cfg!(miri) { 2_000 } else { 100_000 };
        let deep = [vec![0x91u8; depth], vec![0xc0]].concat();
        let mut r = Reader::new(&deep, 4);
        r.skip_value().unwrap();
        r.end().unwrap();
    }

    #[test]
    fn integers_of_every_width_read_where_they_fit() {
        for input in [
            &b"\x05"[..],
            b"\xcc\x05",
            b"\xcd\x00\x05",
            b"\xce\x00\x00\x00\x05",
            b"\xcf\x00\x00\x00\x00\x00\x00\x00\x05",
            b"\xd0\x05",
            b"\xd1\x00\x05",
            b"\xd2\x00\x00\x00\x05",
            b"\xd3\x00\x00\x00\x00\x00\x00\x00\x05",
        ] {
            assert_eq!(Reader::new(input, 8).decode_u64("u64").unwrap(), 5);
            assert_eq!(Reader::new(input, 8).decode_i64("i64").unwrap(), 5);
        }
        let err = Reader::new(b"\xff", 8).decode_u64("u8").unwrap_err();
        assert_eq!(
            err.to_string(),
            "invalid value: integer `-1`, expected u8 (byte 0)"
        );
        let err = Reader::new(b"\xa1x", 8).decode_u64("u8").unwrap_err();
        assert_eq!(
            err.to_string(),
            "invalid type: string \"x\", expected u8 (byte 0)"
        );
    }

    #[test]
    fn strings_are_borrowed_and_checked() {
        let input = b"\xa3abc";
        let text = Reader::new(input, 8).decode_str().unwrap();
        assert_eq!(text, "abc");
        assert!(std::ptr::eq(text.as_ptr(), input[1..].as_ptr()));
        assert!(Reader::new(b"\xa2\xc3\x28", 8)
            .decode_str()
            .unwrap_err()
            .is_syntax());
        let long = [&[0xd9, 100][..], &[b'a'; 99][..], &[0xff][..]].concat();
        assert!(Reader::new(&long, 8).decode_str().unwrap_err().is_syntax());
        assert_eq!(Reader::new(b"\xc4\x02hi", 8).decode_str().unwrap(), "hi");
        assert_eq!(Reader::new(b"\xa2hi", 8).decode_bytes().unwrap(), b"hi");
    }

    #[test]
    fn keys_match_in_one_comparison() {
        let mut r = Reader::new(b"\xa2id\x01", 8);
        assert!(!r.try_key(b"\xa4name"));
        assert!(!r.try_key(b"\xa2ix"));
        assert!(r.try_key(b"\xa2id"));
        assert_eq!(r.offset(), 3);
        assert!(!r.try_key(b"\xa2id"));
        let mut r = Reader::new(b"\x02", 8);
        assert_eq!(r.decode_key().unwrap(), Key::Index(2));
        let mut r = Reader::new(b"\xc3", 8);
        assert!(r.decode_key().unwrap_err().is_data());
    }

    #[test]
    fn the_depth_limit_counts_like_json() {
        let input = [vec![0x91u8; 3], vec![0xc0]].concat();
        let mut r = Reader::new(&input, 4);
        for _ in 0..3 {
            assert_eq!(r.begin_array("a").unwrap(), 1);
        }
        let mut r = Reader::new(&input, 3);
        r.begin_array("a").unwrap();
        r.begin_array("a").unwrap();
        let err = r.begin_array("a").unwrap_err();
        assert!(err.is_syntax());
        assert_eq!(err.offset(), 2);
    }
}
