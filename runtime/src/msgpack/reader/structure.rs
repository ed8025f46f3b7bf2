//! Reading the structure: array, map, struct, sequence and enum headers, and keys.

use super::*;
use crate::msgpack::error::{Error, ErrorCode};

impl<'de> Reader<'de> {
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
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
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
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
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
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
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
    pub fn bin_element<T: crate::msgpack::Decode<'de>>(
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
        let found = value(bytes[index]);
        self.bin_element_found(bytes, index, expected, at, found)
    }

    /// [`Reader::bin_element_with`] given what the value function made of the byte (generated
    /// code computes it in place: no closure per field).
    #[doc(hidden)]
    #[inline]
    pub fn bin_element_found<T>(
        &self,
        bytes: &[u8],
        index: usize,
        expected: &'static str,
        at: usize,
        found: Option<T>,
    ) -> Result<T, Error> {
        found.ok_or_else(|| {
            let byte = bytes[index];
            self.invalid_type_found(format!("integer `{byte}`"), expected, at)
                .in_index(index)
        })
    }

    /// Consumes `key` (a pre-encoded key, header included) if the input continues with exactly
    /// those bytes. This is how generated decoders test "the next declared field" in one
    /// comparison.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
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
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
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
}
