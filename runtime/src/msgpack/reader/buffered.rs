//! Skipping values, marks and rewinds, raw values and their re-reading.

use super::*;
use crate::msgpack::error::{Error, ErrorCode};

impl<'de> Reader<'de> {
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
    pub fn reread<T: crate::msgpack::Decode<'de>>(&self, raw: &'de [u8]) -> Result<T, Error> {
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
        self.reread_part(raw, |r| read(r).map(|value| (value, true)))
    }

    /// [`Reader::reread_with`] where `read` says whether it read the value (`true`, and what
    /// follows it is then an error as there) or left it (`false`: nothing is checked).
    #[inline]
    pub(crate) fn reread_part<T>(
        &self,
        raw: &'de [u8],
        read: impl FnOnce(&mut Reader<'de>) -> Result<(T, bool), Error>,
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
        let (value, whole) = read(&mut again)?;
        if whole {
            again.end()?;
        }
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
}
