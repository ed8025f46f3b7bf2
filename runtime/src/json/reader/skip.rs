//! Reading past values: the iterative skipper, serde's buffered checking, raw slices of the
//! input and reading them again.

use super::super::error::{Error, ErrorCode};
use super::super::escape::find_escape;
use super::super::Decode;
use super::Reader;

/// A place in the input a [`Reader`] can go back to (see [`Reader::mark`]).
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub struct Mark {
    pos: usize,
    remaining_depth: usize,
    last_key: usize,
    buffered: bool,
}

impl<'de> Reader<'de> {
    /// Sets whether values read past ([`Reader::skip_value`], [`Reader::raw_value`]) are
    /// checked as serde checks a value it buffers, and returns the previous setting.
    ///
    /// serde reads some values whole into a buffer of its own before deciding what they are:
    /// the members of a struct with flattened fields that its own fields do not name, the
    /// content of an internally tagged enum, an untagged enum's value. serde_json then parses
    /// every number in them (a float out of `f64`'s range is an error) and counts their
    /// nesting against its limit, where a value it ignores outright is checked for syntax
    /// only. Derived code turns this on where serde buffers, so that it accepts exactly what
    /// serde accepts there; it is off otherwise.
    ///
    /// ```
    /// use fastwire::json::{self, Decode, Error, Reader};
    ///
    /// /// An object whose members are all read past, as serde would buffer them.
    /// struct Buffered;
    ///
    /// impl<'de> Decode<'de> for Buffered {
    ///     fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
    ///         let before = r.set_buffered(true);
    ///         let result = r.skip_value();
    ///         r.set_buffered(before);
    ///         result.map(|()| Buffered)
    ///     }
    /// }
    ///
    /// assert!(json::from_str::<Buffered>(r#"{"a": [1e300]}"#).is_ok());
    /// assert!(json::from_str::<Buffered>(r#"{"a": [1e400]}"#).is_err());
    /// ```
    #[inline]
    pub fn set_buffered(&mut self, on: bool) -> bool {
        std::mem::replace(&mut self.buffered, on)
    }

    /// [`Reader::skip_value`] in buffered mode: containers count against the depth limit,
    /// numbers are parsed (and must be in range), strings and literals are checked as when
    /// skipping. Recursive, within the depth limit.
    fn skip_buffered(&mut self) -> Result<(), Error> {
        match self.peek()? {
            b'{' => {
                self.enter()?;
                let mut first = true;
                while self.object_key(first)?.is_some() {
                    first = false;
                    self.skip_buffered()?;
                }
                Ok(())
            }
            b'[' => {
                self.enter()?;
                let mut first = true;
                while self.array_next(first)? {
                    first = false;
                    self.skip_buffered()?;
                }
                Ok(())
            }
            b'-' | b'0'..=b'9' => self.parse_number().map(drop),
            _ => {
                // A string or a literal: checked as when skipping (the iterative skipper,
                // which reads one such value and stops).
                self.buffered = false;
                let result = self.skip_value();
                self.buffered = true;
                result
            }
        }
    }

    /// Reads past one value of any kind, checking its syntax, its strings' escapes and UTF-8.
    ///
    /// Iterative, with its own small stack, so a skipped value may nest as deeply as the input
    /// allows without touching the depth limit or the thread's stack (serde_json skips the
    /// same way, and accepts the same documents).
    pub fn skip_value(&mut self) -> Result<(), Error> {
        if self.is_tree() {
            return self.tree_skip().map(drop);
        }
        if self.buffered {
            return self.skip_buffered();
        }
        // One entry per open container: `true` for an object, `false` for an array.
        let mut open: Vec<bool> = Vec::new();
        loop {
            // A value starts here.
            match self.peek()? {
                b'n' => self.eat_literal(b"null")?,
                b't' => self.eat_literal(b"true")?,
                b'f' => self.eat_literal(b"false")?,
                b'"' => {
                    self.pos += 1;
                    self.skip_string_body()?;
                }
                // Numbers are checked for syntax only, as serde_json does (so `1e999` in an
                // ignored value is not an error).
                b'-' | b'0'..=b'9' => {
                    self.scan_number()?;
                }
                b'[' => {
                    self.pos += 1;
                    match self.skip_whitespace() {
                        Some(b']') => self.pos += 1,
                        Some(_) => {
                            open.push(false);
                            continue;
                        }
                        None => return Err(self.error(ErrorCode::EofWhileParsingList)),
                    }
                }
                b'{' => {
                    self.pos += 1;
                    match self.skip_whitespace() {
                        Some(b'}') => self.pos += 1,
                        Some(b'"') => {
                            self.skip_key()?;
                            open.push(true);
                            continue;
                        }
                        Some(_) => return Err(self.error(ErrorCode::KeyMustBeAString)),
                        None => return Err(self.error(ErrorCode::EofWhileParsingObject)),
                    }
                }
                _ => return Err(self.error(ErrorCode::ExpectedSomeValue)),
            }
            // A value ended: close finished containers until one wants another member.
            loop {
                let Some(&is_object) = open.last() else {
                    return Ok(());
                };
                match (self.skip_whitespace(), is_object) {
                    (Some(b','), false) => {
                        self.pos += 1;
                        break;
                    }
                    (Some(b','), true) => {
                        self.pos += 1;
                        match self.skip_whitespace() {
                            Some(b'"') => self.skip_key()?,
                            Some(b'}') => return Err(self.error(ErrorCode::TrailingComma)),
                            Some(_) => return Err(self.error(ErrorCode::KeyMustBeAString)),
                            None => return Err(self.error(ErrorCode::EofWhileParsingValue)),
                        }
                        break;
                    }
                    (Some(b']'), false) | (Some(b'}'), true) => {
                        self.pos += 1;
                        open.pop();
                    }
                    (Some(_), false) => return Err(self.error(ErrorCode::ExpectedListCommaOrEnd)),
                    (Some(_), true) => return Err(self.error(ErrorCode::ExpectedObjectCommaOrEnd)),
                    (None, false) => return Err(self.error(ErrorCode::EofWhileParsingList)),
                    (None, true) => return Err(self.error(ErrorCode::EofWhileParsingObject)),
                }
            }
        }
    }

    /// The bytes of the name a value read by [`Reader::raw_value`] is, when it is a string
    /// without escapes; `None` for any other value. Generated code uses it to see at once
    /// that a bare string names no variant of an externally tagged enum.
    #[doc(hidden)]
    #[inline]
    pub fn raw_name(raw: &str) -> Option<&[u8]> {
        let bytes = raw.as_bytes();
        match bytes {
            [b'"', name @ .., b'"'] if !name.contains(&b'\\') => Some(name),
            _ => None,
        }
    }

    /// The name a string value at the reader holds, written without escapes, without reading
    /// it (whitespace before it aside); `None` for any other value. Derived untagged enums
    /// read in place use it, as [`Reader::raw_name`] on the value's text, to skip an externally
    /// tagged form that cannot fit.
    #[doc(hidden)]
    #[inline]
    pub fn peek_name(&mut self) -> Option<&'de [u8]> {
        if self.skip_whitespace() != Some(b'"') {
            return None;
        }
        let input = self.input;
        let start = self.pos + 1;
        let at = find_escape(input, start);
        match input.get(at) {
            Some(b'"') => Some(&input[start..at]),
            _ => None,
        }
    }

    /// Where the reader stands, to come back to with [`Reader::rewind`] after an attempt to
    /// read the value there failed; `None` for a reader over a [`Value`](crate::json::Value),
    /// which reads such values again through [`Reader::raw_value`] and [`Reader::reread_with`]
    /// instead. Derived untagged enums try each variant on the value in place with it.
    #[doc(hidden)]
    #[inline]
    pub fn mark(&self) -> Option<Mark> {
        if self.is_tree() {
            return None;
        }
        Some(Mark {
            pos: self.pos,
            remaining_depth: self.remaining_depth,
            last_key: self.last_key,
            buffered: self.buffered,
        })
    }

    /// Goes back to where [`Reader::mark`] was taken, as if nothing had been read since.
    #[doc(hidden)]
    #[inline]
    pub fn rewind(&mut self, mark: Mark) {
        self.pos = mark.pos;
        self.remaining_depth = mark.remaining_depth;
        self.last_key = mark.last_key;
        self.buffered = mark.buffered;
    }

    /// Reads past one value, checking it exactly as [`Reader::skip_value`] does, and returns
    /// the text it spans: from its first byte (after any whitespace before it) to its last,
    /// borrowed from the input, never copied. (A reader over a [`Value`](crate::json::Value)
    /// writes the value's compact text, which lives as long as the input.)
    ///
    /// For deferred parsing (keep a value as text, read it once you know what it is), for
    /// handing a value to another parser, and for reading a value twice with
    /// [`Reader::reread`].
    ///
    /// ```
    /// use fastwire::json::{self, Decode, Error, Reader};
    ///
    /// /// A message whose `body` is kept as JSON text until its `kind` says what it is.
    /// struct Message<'a> {
    ///     kind: &'a str,
    ///     body: &'a str,
    /// }
    ///
    /// impl<'de> Decode<'de> for Message<'de> {
    ///     fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
    ///         let (mut kind, mut body) = (None, None);
    ///         r.begin_object("a message")?;
    ///         let mut first = true;
    ///         while let Some(key) = r.object_key(first)? {
    ///             first = false;
    ///             match &*key {
    ///                 "kind" => kind = Some(r.decode_borrowed_str()?),
    ///                 "body" => body = Some(r.raw_value()?),
    ///                 _ => r.skip_value()?,
    ///             }
    ///         }
    ///         match (kind, body) {
    ///             (Some(kind), Some(body)) => Ok(Message { kind, body }),
    ///             (None, _) => Err(r.missing_field("kind")),
    ///             (_, None) => Err(r.missing_field("body")),
    ///         }
    ///     }
    /// }
    ///
    /// let text = r#"{"body": {"x": [1, 2]} , "kind": "point"}"#;
    /// let message: Message = json::from_str(text).unwrap();
    /// assert_eq!(message.kind, "point");
    /// assert_eq!(message.body, r#"{"x": [1, 2]}"#);
    /// // Borrowed from `text`, not copied.
    /// assert!(text.as_bytes().as_ptr_range().contains(&message.body.as_ptr()));
    ///
    /// // Checked as skipped values are: syntax, escapes and UTF-8, not types or ranges.
    /// assert!(json::from_str::<Message>(r#"{"kind": "x", "body": [1,]}"#).is_err());
    /// ```
    pub fn raw_value(&mut self) -> Result<&'de str, Error> {
        if self.is_tree() {
            return self.tree_raw_value();
        }
        let first = self.peek()?;
        let start = self.pos;
        if first == b'"' {
            // A string, the most common raw value: checked as `skip_value` checks it, in
            // either mode, without its loop.
            self.pos += 1;
            self.skip_string_body()?;
        } else {
            self.skip_value()?;
        }
        // Never panics: a value starts and ends with an ASCII byte, so both ends are
        // character boundaries.
        Ok(&self.text[start..self.pos])
    }

    /// Decodes a `T` from `raw`, a value this reader has already read past (as
    /// [`Reader::raw_value`] returned it), with a new reader over just that value.
    ///
    /// How to read a value twice: try it as one type, then another (untagged enums), or read
    /// a tag out of an object first and the object again as the variant it names.
    ///
    /// - The new reader starts with the depth this reader has left now. Called where the
    ///   value would have been decoded in place, which is what the slice is for, the nesting
    ///   limit applies exactly as if it had been: the value cannot nest deeper than the
    ///   document's limit allows, however often it is read.
    /// - Errors carry offsets, lines and columns in this reader's whole input: offsets point
    ///   at the same byte as an error found while reading the document straight through; a
    ///   syntax error's line and column too, while a data error's line and column are no
    ///   earlier than where this reader stands (just after the value, or the object the value
    ///   was in), which is where serde_json places errors in values serde has buffered.
    /// - Strings borrow from the input as usual (`T` may hold `&'de str`).
    /// - The slice must hold one value and nothing else but whitespace, as `raw_value`'s do.
    ///
    /// Taking the slice rather than an offset and a length leaves nothing to compute at the
    /// call site, and the slice cannot cut a character in two.
    ///
    /// # Panics
    ///
    /// If `raw` is not part of this reader's input (a programming error, not bad input).
    ///
    /// ```
    /// use fastwire::json::{self, Decode, Error, Reader};
    ///
    /// /// A number, or a string holding one: tried one way, then the other.
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
    /// assert_eq!(json::from_str::<Vec<Lenient>>(r#"[1, "2"]"#).unwrap(), [Lenient(1), Lenient(2)]);
    ///
    /// // An error inside a re-read value points into the whole document.
    /// let err = json::from_str::<Vec<Lenient>>("[1,\n  true]").unwrap_err();
    /// assert_eq!(err.to_string(), "invalid type: boolean `true`, expected a string at [1] (line 2, column 6)");
    /// ```
    pub fn reread<T: Decode<'de>>(&self, raw: &'de str) -> Result<T, Error> {
        self.reread_with(raw, T::decode)
    }

    /// Like [`Reader::reread`], reading the value with `read` rather than a `Decode` impl:
    /// for a value read in a way of its own (one of several shapes, a tag out of an object).
    /// `read` must read the whole value; what follows it is an error.
    ///
    /// # Panics
    ///
    /// If `raw` is not part of this reader's input.
    ///
    /// ```
    /// use fastwire::json::{self, Decode, Error, Reader};
    ///
    /// /// The length of an array, or of a string.
    /// struct Len(usize);
    ///
    /// impl<'de> Decode<'de> for Len {
    ///     fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
    ///         let raw = r.raw_value()?;
    ///         let counted = r.reread_with(raw, |r| {
    ///             r.begin_array("an array")?;
    ///             let mut n = 0;
    ///             while r.array_next(n == 0)? {
    ///                 r.skip_value()?;
    ///                 n += 1;
    ///             }
    ///             Ok(n)
    ///         });
    ///         match counted {
    ///             Ok(n) => Ok(Len(n)),
    ///             Err(_) => r.reread::<&str>(raw).map(|s| Len(s.chars().count())),
    ///         }
    ///     }
    /// }
    ///
    /// let lens: Vec<Len> = json::from_str(r#"[[1, 2, 3], "héllo"]"#).unwrap();
    /// assert_eq!(lens.iter().map(|l| l.0).collect::<Vec<_>>(), [3, 5]);
    /// ```
    pub fn reread_with<T>(
        &self,
        raw: &'de str,
        read: impl FnOnce(&mut Reader<'de>) -> Result<T, Error>,
    ) -> Result<T, Error> {
        self.reread_part(raw, |r| read(r).map(|value| (value, true)))
    }

    /// [`Reader::reread_with`] where `read` says whether it read the value (`true`, and what
    /// follows it is then an error as there) or left it (`false`: nothing is checked).
    #[inline]
    pub(crate) fn reread_part<T>(
        &self,
        raw: &'de str,
        read: impl FnOnce(&mut Reader<'de>) -> Result<(T, bool), Error>,
    ) -> Result<T, Error> {
        if self.is_tree() {
            return self.tree_reread_part(raw, read);
        }
        // Where `raw` sits in the input. Addresses as integers: no unsafe code, and a slice
        // from elsewhere is caught by the check below.
        let start = (raw.as_ptr() as usize).wrapping_sub(self.input.as_ptr() as usize);
        assert!(
            start <= self.input.len() && raw.len() <= self.input.len() - start,
            "Reader::reread: the slice is not part of this reader's input"
        );
        let end = start + raw.len();
        // The input cut after the value (so the new reader cannot read on), but not before
        // it (so positions stay those of the whole input).
        let text = &self.text[..end];
        let mut again = Reader {
            text,
            input: text.as_bytes(),
            pos: start,
            remaining_depth: self.remaining_depth,
            max_len: self.max_len,
            scratch: Vec::new(),
            last_key: start,
            buffered: self.buffered,
            tree: None,
            wide: self.wide,
            sole_top: None,
        };
        // serde_json reads such values out of a buffer of serde's, which knows no positions:
        // it places their data errors where its reader then is, as this reader is now.
        let (value, whole) = read(&mut again).map_err(|err| match err.is_data() {
            true => err.reported_no_earlier_than(self.pos),
            false => err,
        })?;
        if whole {
            again.end()?;
        }
        Ok(value)
    }

    /// At a key's opening quote: skips the key and the colon after it.
    fn skip_key(&mut self) -> Result<(), Error> {
        self.pos += 1;
        self.skip_string_body()?;
        self.expect_colon()
    }
}
