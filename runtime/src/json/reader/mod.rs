//! JSON input: the [`Reader`] that [`Decode`](super::Decode) implementations pull tokens from.
//!
//! The whole input is known to be valid UTF-8 before reading starts (a `&str`, or bytes
//! checked once up front), so strings without escapes are handed out as borrowed `&str`
//! without another look. Strings are scanned with the same many-bytes-at-a-time search the
//! encoder uses to find bytes needing escapes: the bytes that end a clean run when reading
//! (`"`, `\`, controls) are exactly the bytes that need escaping when writing.

use std::ops::Deref;

use super::error::{Error, ErrorCode};

/// The next byte after whitespace, not consumed; at the end of the input, returns `$tree`
/// from the function: the same read from a tree (see the `tree` module), or the error for
/// the end of the input when there is none.
macro_rules! next_byte {
    ($reader:ident, $tree:expr) => {
        match $reader.skip_whitespace() {
            Some(byte) => byte,
            None => return $tree,
        }
    };
}

mod number;
mod report;
mod skip;
mod string;
#[cfg(test)]
mod tests;
mod tree;
mod whitespace;

use number::FloatText;
use whitespace::{count_whitespace, Wide};

/// A string read from the input: borrowed from it when it had no escapes, otherwise unescaped
/// into the reader's scratch buffer (valid until the next read).
///
/// The [`Reader`] hands out `Borrowed` exactly when the string had no escapes, so `Borrowed`
/// text is also the string as written between its quotes. That is what lets a
/// [`DecodeKey`](super::DecodeKey) implementation read a map key from its raw text, as
/// serde_json reads integer and boolean keys (where any escape is an error), while string keys
/// stay zero-copy. Code that builds a `Str` itself keeps the same rule: `Scratch` says the
/// text was unescaped.
#[derive(Debug, Clone, Copy)]
pub enum Str<'de, 's> {
    /// A slice of the input itself, as written (there were no escapes); can outlive the
    /// reader.
    Borrowed(&'de str),
    /// Text unescaped into the reader's scratch buffer: the string had at least one escape.
    Scratch(&'s str),
}

impl Deref for Str<'_, '_> {
    type Target = str;

    #[inline]
    fn deref(&self) -> &str {
        match *self {
            Str::Borrowed(s) => s,
            Str::Scratch(s) => s,
        }
    }
}

/// A number as written in the input, in the narrowest form that holds it exactly: integers
/// beyond the 64-bit ranges become `F64`, as in serde_json.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum ParsedNumber {
    U64(u64),
    I64(i64),
    F64(f64),
}

/// Reads JSON tokens from an input that is valid UTF-8. Handed to [`Decode`](super::Decode)
/// implementations; made by [`from_slice`](super::from_slice) and friends.
///
/// [`from_value`](super::from_value) hands implementations a reader that walks a
/// [`Value`](super::Value) instead of text. Every method behaves as it would on the value's
/// compact text, so an implementation need not know which it has; only positions differ
/// ([`Reader::offset`] stays 0, and errors carry none), and [`Reader::raw_value`] writes the
/// value's text out, as there is none to borrow.
pub struct Reader<'de> {
    /// The whole input, for slices handed out as text ([`Reader::raw_value`]).
    text: &'de str,
    /// The same bytes, for scanning.
    input: &'de [u8],
    pos: usize,
    remaining_depth: usize,
    /// The most items one collection may hold ([`Decoder::max_collection_len`](super::Decoder::max_collection_len)).
    max_len: usize,
    scratch: Vec<u8>,
    /// Offset of the opening quote of the last key (or string) read, for error positions.
    last_key: usize,
    /// Whether skipped values are checked as serde checks a value it buffers (see
    /// [`Reader::set_buffered`]).
    buffered: bool,
    /// The value read instead of text, for [`from_value`](super::from_value); `None` when
    /// reading text.
    tree: Option<Box<tree::Tree<'de>>>,
    /// How whitespace runs are searched on this CPU.
    wide: Wide,
    /// The depth left at the top of the input when it holds one document and nothing else
    /// ([`Reader::at_sole_top`]); `None` for readers of other inputs (streams, slices read
    /// again, trees).
    sole_top: Option<usize>,
}

/// serde_json's default nesting limit.
pub(crate) const DEFAULT_MAX_DEPTH: usize = 128;

impl<'de> Reader<'de> {
    /// A reader over `input`, which must be valid UTF-8 (the type says so).
    pub(crate) fn new(input: &'de str, max_depth: usize) -> Self {
        Reader {
            text: input,
            input: input.as_bytes(),
            pos: 0,
            remaining_depth: max_depth,
            max_len: crate::limit::DEFAULT_MAX_COLLECTION_LEN,
            scratch: Vec::new(),
            last_key: 0,
            buffered: false,
            tree: None,
            wide: Wide::detect(),
            sole_top: None,
        }
    }

    /// The same reader, refusing collections of more than `max_len` items.
    pub(crate) fn with_max_len(mut self, max_len: usize) -> Self {
        self.max_len = max_len;
        self
    }

    /// Fails unless a collection may hold an item number `index` (counting from 0): call it
    /// before reading each element of an array, or each member of an object, that becomes
    /// part of a collection (a `Vec`, a map, a set, a [`Value`](super::Value)), so that
    /// [`Decoder::max_collection_len`](super::Decoder::max_collection_len) bounds what a
    /// hand-written impl builds as it bounds fastwire's own. The error is placed where the
    /// reader is, at the item.
    ///
    /// ```
    /// use fastwire::json::{Decode, Decoder, Error, Reader};
    ///
    /// /// The numbers of an array.
    /// #[derive(Debug)]
    /// struct Numbers(Vec<u64>);
    ///
    /// impl<'de> Decode<'de> for Numbers {
    ///     fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
    ///         r.begin_array("an array of numbers")?;
    ///         let mut items = Vec::new();
    ///         while r.array_next(items.is_empty())? {
    ///             r.check_item(items.len())?;
    ///             items.push(u64::decode(r)?);
    ///         }
    ///         Ok(Numbers(items))
    ///     }
    /// }
    ///
    /// let limited = Decoder::new().max_collection_len(2);
    /// assert_eq!(limited.from_str::<Numbers>("[1, 2]").unwrap().0, [1, 2]);
    /// let err = limited.from_str::<Numbers>("[1, 2, 3]").unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "collection longer than the limit of 2 items (see max_collection_len) (line 1, column 8)"
    /// );
    /// ```
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn check_item(&self, index: usize) -> Result<(), Error> {
        if index < self.max_len {
            Ok(())
        } else {
            Err(self.too_many_items())
        }
    }

    /// The most items one collection may hold.
    #[inline]
    pub(crate) fn max_items(&self) -> usize {
        self.max_len
    }

    #[cold]
    #[inline(never)]
    fn too_many_items(&self) -> Error {
        self.error(ErrorCode::CollectionTooLong {
            limit: self.max_len,
        })
    }

    /// Says that the input holds one document and nothing else (whitespace aside), as
    /// `from_str` reads it.
    #[inline]
    pub(crate) fn sole_document(&mut self) {
        self.sole_top = Some(self.remaining_depth);
    }

    /// Whether the value at the reader is the document itself, of an input holding nothing
    /// else: what follows its start to the end of the input is that value.
    #[inline]
    pub(crate) fn at_sole_top(&self) -> bool {
        self.sole_top == Some(self.remaining_depth) && !self.is_tree()
    }

    /// How many bytes of input are left.
    #[inline]
    pub(crate) fn remaining_len(&self) -> usize {
        self.input.len().saturating_sub(self.pos)
    }

    /// Byte offset of the next unread byte.
    #[inline]
    pub fn offset(&self) -> usize {
        self.pos
    }

    /// An error of kind `code` at the current position.
    #[cold]
    #[inline(never)]
    pub(crate) fn error(&self, code: ErrorCode) -> Error {
        Error::unlocated(code, self.pos.min(self.input.len()))
    }

    /// An error of kind `code` about the byte at `offset`.
    #[cold]
    #[inline(never)]
    pub(crate) fn error_at(&self, code: ErrorCode, offset: usize) -> Error {
        Error::unlocated(code, offset.min(self.input.len()))
    }

    /// An error of kind `code` about what has just been read, which began at `at`: placed
    /// after it, at the current position, where serde_json places the errors its visitors
    /// return (the last byte read).
    #[cold]
    #[inline(never)]
    pub(crate) fn error_after_read(&self, code: ErrorCode, at: usize) -> Error {
        let consumed = if at <= self.pos { self.pos } else { at + 1 };
        self.error_at(code, at).reported_after(consumed)
    }

    /// The whole input, for the error helpers.
    #[inline]
    pub(super) fn bytes(&self) -> &'de [u8] {
        self.input
    }

    /// Skips whitespace and returns the next byte without consuming it.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn skip_whitespace(&mut self) -> Option<u8> {
        // Most tokens follow the previous one directly: one comparison settles it (every
        // byte above the space character is not whitespace).
        match self.input.get(self.pos) {
            Some(&byte) if byte > b' ' => Some(byte),
            None => None,
            // One space, as pretty printers put after every colon: also settled inline.
            Some(b' ') => match self.input.get(self.pos + 1) {
                Some(&byte) if byte > b' ' => {
                    self.pos += 1;
                    Some(byte)
                }
                _ => self.skip_whitespace_run(),
            },
            Some(_) => self.skip_whitespace_run(),
        }
    }

    /// Skips a run of whitespace, such as a pretty-printer's newline and indentation, many
    /// bytes at a time.
    #[inline(never)]
    fn skip_whitespace_run(&mut self) -> Option<u8> {
        // A newline and up to 31 spaces of indentation, then a token: settled with one
        // comparison of 32 bytes, without the wide search.
        if let Some(end) = whitespace::newline_and_spaces(self.input, self.pos) {
            self.pos = end;
            return Some(self.input[end]);
        }
        whitespace::skip_run(self.wide, self.input, &mut self.pos)
    }

    /// Passes over a newline and the spaces after it when a byte that is not whitespace
    /// follows them (as [`whitespace::newline_and_spaces`] finds them, where pretty printers
    /// put them); otherwise does nothing. `skip_whitespace` after it stops where it would
    /// have stopped anyway: this inline step only spares it the call for that layout.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn skip_newline_and_spaces(&mut self) {
        if let Some(end) = whitespace::newline_and_spaces(self.input, self.pos) {
            self.pos = end;
        }
    }

    /// The first byte of the next value (after whitespace), not consumed.
    #[inline]
    pub fn peek(&mut self) -> Result<u8, Error> {
        match self.skip_whitespace() {
            Some(byte) => Ok(byte),
            None => self.tree_peek(),
        }
    }

    /// Checks that only whitespace is left.
    ///
    /// Called by derived decoders between reading a value's last field and building it, when
    /// the value is the whole input (see `Decode::decode_out`).
    #[doc(hidden)]
    pub fn end(&self) -> Result<(), Error> {
        // What follows a document is short (a newline, if anything): a plain scan, which
        // leaves the reader as it is.
        let rest = self.input.get(self.pos..).unwrap_or_default();
        match rest
            .iter()
            .position(|b| !matches!(b, b' ' | b'\n' | b'\r' | b'\t'))
        {
            None => self.tree_end(),
            Some(at) => Err(self.error_at(ErrorCode::TrailingCharacters, self.pos + at)),
        }
    }

    #[inline]
    fn eat_literal(&mut self, literal: &[u8]) -> Result<(), Error> {
        let end = self.pos + literal.len();
        if self.input.get(self.pos..end) == Some(literal) {
            self.pos = end;
            Ok(())
        } else {
            Err(self.literal_error(literal))
        }
    }

    #[cold]
    fn literal_error(&mut self, literal: &[u8]) -> Error {
        // Point at the first byte that differs, or report the end of input.
        for &expected in literal {
            match self.input.get(self.pos) {
                None => return self.error(ErrorCode::EofWhileParsingValue),
                Some(&byte) if byte == expected => self.pos += 1,
                Some(_) => return self.error(ErrorCode::ExpectedSomeValue),
            }
        }
        self.error(ErrorCode::ExpectedSomeValue)
    }

    /// Reads `null`, or reports that `expected` was wanted.
    #[inline]
    pub fn decode_null(&mut self, expected: &'static str) -> Result<(), Error> {
        match next_byte!(self, self.tree_null(expected)) {
            b'n' => self.eat_literal(b"null"),
            _ => Err(self.invalid_type(expected)),
        }
    }

    /// Reads a unit value or a unit variant's content: `null`, as serde_json writes them (the
    /// name every format's reader shares, for generated code).
    #[inline]
    pub fn decode_unit(&mut self, expected: &'static str) -> Result<(), Error> {
        self.decode_null(expected)
    }

    /// Reads a unit struct: `null`, as serde_json writes it.
    #[inline]
    pub fn decode_unit_struct(&mut self, expected: &'static str) -> Result<(), Error> {
        self.decode_null(expected)
    }

    /// Reads `null` if that is what comes next, and says whether it did.
    #[inline]
    pub fn try_null(&mut self) -> Result<bool, Error> {
        if next_byte!(self, self.tree_try_null()) == b'n' {
            self.eat_literal(b"null")?;
            Ok(true)
        } else {
            Ok(false)
        }
    }

    /// Reads `true` or `false`.
    #[inline]
    pub fn decode_bool(&mut self) -> Result<bool, Error> {
        match next_byte!(self, self.tree_bool()) {
            b't' => self.eat_literal(b"true").map(|()| true),
            b'f' => self.eat_literal(b"false").map(|()| false),
            _ => Err(self.invalid_type("a boolean")),
        }
    }

    /// Steps into an array or object. serde_json's rule: a limit of `n` admits `n - 1` levels.
    fn enter(&mut self) -> Result<(), Error> {
        if self.remaining_depth <= 1 {
            return Err(self.error(ErrorCode::RecursionLimitExceeded));
        }
        self.remaining_depth -= 1;
        self.pos += 1;
        Ok(())
    }

    /// Reads `[`; `expected` names the target in the error when something else comes.
    #[inline]
    pub fn begin_array(&mut self, expected: &'static str) -> Result<(), Error> {
        match next_byte!(self, self.tree_begin_array(expected)) {
            b'[' => self.enter(),
            _ => Err(self.invalid_type(expected)),
        }
    }

    /// Whether another element follows (consuming the comma before it), or the array ends
    /// (consuming `]`). `first` is true before the first element.
    #[inline]
    pub fn array_next(&mut self, first: bool) -> Result<bool, Error> {
        match self.skip_whitespace() {
            Some(b']') => {
                self.pos += 1;
                self.remaining_depth += 1;
                Ok(false)
            }
            Some(b',') if !first => {
                self.pos += 1;
                match self.skip_whitespace() {
                    Some(b']') => Err(self.error(ErrorCode::TrailingComma)),
                    _ => Ok(true),
                }
            }
            Some(_) if first => Ok(true),
            Some(_) => Err(self.error(ErrorCode::ExpectedListCommaOrEnd)),
            None => self.tree_array_next(first),
        }
    }

    /// Reads `{`; `expected` names the target in the error when something else comes.
    #[inline]
    pub fn begin_object(&mut self, expected: &'static str) -> Result<(), Error> {
        match next_byte!(self, self.tree_begin_object(expected)) {
            b'{' => self.enter(),
            _ => Err(self.invalid_type(expected)),
        }
    }

    /// The next key and the colon after it, or `None` at the end of the object (consuming
    /// `}`). `first` is true before the first member. The key is [`Str::Borrowed`] exactly
    /// when it has no escapes, and then it is the key's raw text too.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn object_key(&mut self, first: bool) -> Result<Option<Str<'de, '_>>, Error> {
        // The common cases, inline: the end of the object, or a compact `,"key":` (`"key":`
        // before the first member) whose key has no escapes; or the same laid out as pretty
        // printers lay it out, a newline and indentation before the `}`, before the first key
        // and after each comma. Anything else (other whitespace, escapes, malformed input, a
        // tree) takes the general path.
        let input = self.input;
        let at = whitespace::newline_and_spaces(input, self.pos).unwrap_or(self.pos);
        if input.get(at) == Some(&b'}') {
            self.pos = at + 1;
            self.remaining_depth += 1;
            return Ok(None);
        }
        let quote = if first { at } else { at + 1 };
        let quote = whitespace::newline_and_spaces(input, quote).unwrap_or(quote);
        if (first || input.get(at) == Some(&b',')) && input.get(quote) == Some(&b'"') {
            let at = super::escape::find_escape(input, quote + 1);
            if input.get(at) == Some(&b'"') && input.get(at + 1) == Some(&b':') {
                self.last_key = quote;
                self.pos = at + 2;
                // SAFETY: as in `parse_key_body`: valid UTF-8 cut at two ASCII quotes.
                let text = unsafe { std::str::from_utf8_unchecked(&input[quote + 1..at]) };
                return Ok(Some(Str::Borrowed(text)));
            }
        }
        self.object_key_general(first)
    }

    /// [`Reader::object_key`] in general.
    #[inline(never)]
    fn object_key_general(&mut self, first: bool) -> Result<Option<Str<'de, '_>>, Error> {
        match self.skip_whitespace() {
            Some(b'}') => {
                self.pos += 1;
                self.remaining_depth += 1;
                return Ok(None);
            }
            Some(b',') if !first => {
                self.pos += 1;
                match self.skip_whitespace() {
                    Some(b'"') => {}
                    Some(b'}') => return Err(self.error(ErrorCode::TrailingComma)),
                    Some(_) => return Err(self.error(ErrorCode::KeyMustBeAString)),
                    None => return Err(self.error(ErrorCode::EofWhileParsingValue)),
                }
            }
            Some(b'"') if first => {}
            Some(_) if first => return Err(self.error(ErrorCode::KeyMustBeAString)),
            Some(_) => return Err(self.error(ErrorCode::ExpectedObjectCommaOrEnd)),
            None => return self.tree_object_key(first),
        }
        self.last_key = self.pos;
        self.pos += 1;
        self.parse_key_body().map(Some)
    }

    /// Whether the open object ends next (after whitespace); if so its `}` is read, as
    /// [`Reader::object_key`] reads it, otherwise nothing is read (nor at the end of the
    /// input or in a tree, which `object_key` then reads). Derived decoders test it once
    /// every field was read in declaration order, to build the value without their loop.
    #[inline]
    pub fn try_end_object(&mut self) -> bool {
        // Pretty-printed text puts a newline and indentation before the `}`: passed over
        // inline, without the call `skip_whitespace` makes for them.
        self.skip_newline_and_spaces();
        if self.skip_whitespace() != Some(b'}') {
            return false;
        }
        self.pos += 1;
        self.remaining_depth += 1;
        true
    }

    /// Whether the next member of the open object has the key that `member` holds: the comma
    /// before it, the key in quotes as written without escapes, and the colon after it
    /// (`b",\"id\":"`; the comma is not read when `first`). If so, the key and its colon (and
    /// the comma before it unless `first`) are read, leaving the reader at the member's value
    /// as [`Reader::object_key`] leaves it; otherwise nothing is read. Derived decoders read
    /// the members that come in declaration order with it; any other key, a key with escapes
    /// or malformed input is left to `object_key`.
    #[doc(hidden)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn try_member(&mut self, first: bool, member: &[u8]) -> bool {
        // Compact text (no whitespace between the tokens, as writers nearly always send it):
        // the comma, key and colon in one comparison.
        let compact = if first { &member[1..] } else { member };
        if let Some(rest) = self.input.get(self.pos..) {
            if rest.starts_with(compact) {
                self.last_key = self.pos + usize::from(!first);
                self.pos += compact.len();
                return true;
            }
            // Pretty-printed text: the comma, a newline and the indentation, then the key in
            // quotes and its colon (`,\n    "id":`), in a few comparisons.
            let comma = usize::from(!first);
            if first || rest.first() == Some(&b',') {
                if let Some(key_at) = whitespace::newline_and_spaces(rest, comma) {
                    if rest[key_at..].starts_with(&member[1..]) {
                        self.last_key = self.pos + key_at;
                        self.pos += key_at + member.len() - 1;
                        return true;
                    }
                }
            }
        }
        self.try_member_spaced(first, member)
    }

    /// [`Reader::try_member`] when the member is neither compact nor laid out as pretty
    /// printers lay it out: whitespace anywhere between the tokens, the end of the input, a
    /// tree.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn try_member_spaced(&mut self, first: bool, member: &[u8]) -> bool {
        let quoted = &member[1..member.len() - 1];
        let start = self.pos;
        if !first {
            match self.skip_whitespace() {
                Some(b',') => self.pos += 1,
                Some(_) => {
                    self.pos = start;
                    return false;
                }
                // The end of the input, or a tree to read.
                None => return self.tree_try_member(first, quoted),
            }
        }
        match self.skip_whitespace() {
            Some(b'"') if self.input[self.pos..].starts_with(quoted) => {}
            None if first => return self.tree_try_member(first, quoted),
            _ => {
                self.pos = start;
                return false;
            }
        }
        let key_at = self.pos;
        self.pos += quoted.len();
        if self.skip_whitespace() != Some(b':') {
            self.pos = start;
            return false;
        }
        self.pos += 1;
        self.last_key = key_at;
        true
    }

    /// Whether the next value is an object whose first member's key is `name`, written
    /// without escapes. If it is, the object is opened and that key and its colon are read,
    /// leaving the reader at the member's value (as [`Reader::object_key`] leaves it; read the
    /// next members with `object_key(false)`); otherwise nothing is read. Internally tagged
    /// enums use it to read the variant straight away when the tag comes first, as it
    /// nearly always does.
    ///
    /// ```
    /// use fastwire::json::{self, Decode, Error, Reader};
    ///
    /// struct First(u8);
    ///
    /// impl<'de> Decode<'de> for First {
    ///     fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
    ///         if !r.object_starts_with("n") {
    ///             return Err(r.custom("`n` must come first"));
    ///         }
    ///         let n = u8::decode(r)?;
    ///         while r.object_key(false)?.is_some() {
    ///             r.skip_value()?;
    ///         }
    ///         Ok(First(n))
    ///     }
    /// }
    ///
    /// assert_eq!(json::from_str::<First>(r#"{"n": 3, "m": 4}"#).unwrap().0, 3);
    /// assert!(json::from_str::<First>(r#"{"m": 4, "n": 3}"#).is_err());
    /// ```
    pub fn object_starts_with(&mut self, name: &str) -> bool {
        match self.skip_whitespace() {
            Some(b'{') => {}
            Some(_) => return false,
            None => return self.tree_object_starts_with(name),
        }
        let (pos, remaining_depth, last_key) = (self.pos, self.remaining_depth, self.last_key);
        let found = self.enter().is_ok()
            && matches!(self.object_key(true), Ok(Some(Str::Borrowed(key))) if key == name);
        if !found {
            self.pos = pos;
            self.remaining_depth = remaining_depth;
            self.last_key = last_key;
        }
        found
    }

    /// Offset of the opening quote of the key [`Reader::object_key`] returned last.
    #[inline]
    pub fn last_key_offset(&self) -> usize {
        self.last_key
    }

    #[inline]
    fn expect_colon(&mut self) -> Result<(), Error> {
        match self.skip_whitespace() {
            Some(b':') => {
                self.pos += 1;
                Ok(())
            }
            Some(_) => Err(self.error(ErrorCode::ExpectedColon)),
            None => Err(self.error(ErrorCode::EofWhileParsingObject)),
        }
    }
}
