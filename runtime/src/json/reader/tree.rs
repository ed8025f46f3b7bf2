//! Reading a [`Value`] tree rather than text, for [`from_value`](crate::json::from_value).
//!
//! A reader over a tree has no text: its input is empty, so every read arrives where a text
//! reader finds the end of its input, and there it asks the tree instead. Reading text costs
//! nothing more for it: the branch taken is the one that used to report the end of the input.
//!
//! The tree is walked as text would be read: one value is next, containers are entered and
//! left, keys come one by one, and the depth limit counts the same way. What a decoder is
//! given is what it would be given reading the value's compact text (numbers as the text
//! would parse, `Str::Borrowed` exactly for strings that need no escapes), and every error
//! has the text's message; so `from_value(v)` decodes as `from_str(&v.to_string())` does,
//! without the text. Only [`Reader::raw_value`] writes text: it must hand out a `&str`. The
//! text goes into an arena that lives as long as the reader's input, and reading such a
//! slice again ([`Reader::reread_with`]) walks the value it was written from.

use std::slice;

use typed_arena::Arena;

use super::super::error::{Error, ErrorCode};
use super::super::escape::find_escape;
use super::super::value::{Map, Value};
use super::{FloatText, ParsedNumber, Reader, Str};

/// What a reader over a tree keeps.
pub(crate) struct Tree<'de> {
    /// The value the next read takes; `None` between a container's members and at the end.
    next: Option<&'de Value>,
    /// The innermost container being read (`Frame::Root` outside every container).
    top: Frame<'de>,
    /// The containers around it, innermost last.
    outer: Vec<Frame<'de>>,
    /// Where [`Reader::raw_value`] puts the text it writes.
    texts: &'de Arena<String>,
    /// The texts written, by address, with the values they were written from.
    raws: Vec<(usize, &'de Value)>,
}

/// A container being read.
enum Frame<'de> {
    /// No container: the document itself.
    Root,
    Array(slice::Iter<'de, Value>),
    Object {
        entries: &'de [(String, Value)],
        /// How many members have been read (the last one's key is for
        /// [`Reader::string_at`]).
        read: usize,
    },
}

impl<'de> Tree<'de> {
    /// How many containers are open.
    #[inline]
    fn depth(&self) -> usize {
        self.outer.len() + usize::from(!matches!(self.top, Frame::Root))
    }

    /// Enters a container: `frame` is read next.
    #[inline]
    fn open(&mut self, frame: Frame<'de>) {
        self.next = None;
        let outer = std::mem::replace(&mut self.top, frame);
        self.outer.push(outer);
    }

    /// Leaves the innermost container.
    #[inline]
    fn close(&mut self) {
        self.top = self.outer.pop().unwrap_or(Frame::Root);
    }
}

/// Whether `a` and `b` hold the same bytes; for keys, which are mostly short, without a call.
#[inline]
fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    let len = a.len();
    if len != b.len() {
        return false;
    }
    let word = |bytes: &[u8], at: usize| -> u64 {
        let mut chunk = [0; 8];
        chunk.copy_from_slice(&bytes[at..at + 8]);
        u64::from_le_bytes(chunk)
    };
    match len {
        // The first and last eight bytes, overlapping when shorter than sixteen.
        8..=16 => word(a, 0) == word(b, 0) && word(a, len - 8) == word(b, len - 8),
        0..=7 => a.iter().zip(b).all(|(x, y)| x == y),
        _ => a == b,
    }
}

/// Whether `text` reads back from its JSON string unchanged: no byte needs an escape.
#[inline]
fn is_clean(text: &str) -> bool {
    let bytes = text.as_bytes();
    // Keys and short strings byte by byte: cheaper than setting up the wide search.
    if bytes.len() < 16 {
        return bytes
            .iter()
            .all(|&byte| byte >= 0x20 && byte != b'"' && byte != b'\\');
    }
    find_escape(bytes, 0) == bytes.len()
}

/// `text` as a reader hands out the string: borrowed exactly when it needs no escapes.
#[inline]
fn string_of<'de>(text: &'de str) -> Str<'de, 'de> {
    if is_clean(text) {
        Str::Borrowed(text)
    } else {
        Str::Scratch(text)
    }
}

/// A copy of `value`, or `None` if its containers nest as deep as `remaining` or deeper
/// (what reading its text with that much depth left would refuse). Recursive, at most
/// `remaining` levels deep.
fn clone_within(value: &Value, remaining: usize) -> Option<Value> {
    Some(match value {
        Value::Array(items) => {
            if remaining <= 1 {
                return None;
            }
            let mut copy = Vec::with_capacity(items.len());
            for item in items {
                copy.push(clone_within(item, remaining - 1)?);
            }
            Value::Array(copy)
        }
        Value::Object(map) => Value::Object(clone_map_within(map, remaining)?),
        scalar => scalar.clone(),
    })
}

/// [`clone_within`] for a map.
fn clone_map_within(map: &Map, remaining: usize) -> Option<Map> {
    if remaining <= 1 {
        return None;
    }
    let entries = map.entry_slice();
    let mut copy = Map::with_capacity(entries.len());
    for (key, value) in entries {
        copy.insert(key.clone(), clone_within(value, remaining - 1)?);
    }
    Some(copy)
}

/// Whether `value`'s containers nest as deep as `remaining` or deeper. Iterative, and stops
/// as soon as it knows.
fn too_deep(value: &Value, remaining: usize) -> bool {
    let mut pending: Vec<(&Value, usize)> = vec![(value, remaining)];
    while let Some((value, remaining)) = pending.pop() {
        match value {
            Value::Array(_) | Value::Object(_) if remaining <= 1 => return true,
            Value::Array(items) => pending.extend(items.iter().map(|item| (item, remaining - 1))),
            Value::Object(map) => pending.extend(
                map.entry_slice()
                    .iter()
                    .map(|(_, member)| (member, remaining - 1)),
            ),
            _ => {}
        }
    }
    false
}

impl<'de> Reader<'de> {
    /// A reader over `value`, with `texts` for the text [`Reader::raw_value`] writes.
    pub(crate) fn over_value(
        value: &'de Value,
        texts: &'de Arena<String>,
        max_depth: usize,
    ) -> Self {
        let mut reader = Reader::new("", max_depth);
        reader.tree = Some(Box::new(Tree {
            next: Some(value),
            top: Frame::Root,
            outer: Vec::new(),
            texts,
            raws: Vec::new(),
        }));
        reader
    }

    /// Whether this reader reads a tree.
    #[inline]
    pub(crate) fn is_tree(&self) -> bool {
        self.tree.is_some()
    }

    /// The value the next read takes, not taken.
    #[inline]
    fn tree_next(&self) -> Option<&'de Value> {
        self.tree.as_deref().and_then(|tree| tree.next)
    }

    /// Takes the next value. Only called once it is known to be there.
    #[inline]
    fn tree_take(&mut self) {
        if let Some(tree) = self.tree.as_deref_mut() {
            tree.next = None;
        }
    }

    /// The end of the input: for text, or a tree with nothing left to read.
    #[cold]
    fn eof(&self) -> Error {
        self.error(ErrorCode::EofWhileParsingValue)
    }

    /// [`Reader::peek`]: the first byte of the next value's text.
    #[cold]
    #[inline(never)]
    pub(super) fn tree_peek(&self) -> Result<u8, Error> {
        let Some(value) = self.tree_next() else {
            return Err(self.eof());
        };
        Ok(match value {
            Value::Null => b'n',
            Value::Bool(true) => b't',
            Value::Bool(false) => b'f',
            Value::Number(number) => match number.to_parsed() {
                ParsedNumber::U64(value) => b'0' + leading_digit(value),
                ParsedNumber::I64(_) => b'-',
                ParsedNumber::F64(value) if value.is_sign_negative() => b'-',
                ParsedNumber::F64(value) => {
                    let mut buffer = zmij::Buffer::new();
                    buffer.format_finite(value).as_bytes()[0]
                }
            },
            Value::String(_) => b'"',
            Value::Array(_) => b'[',
            Value::Object(_) => b'{',
        })
    }

    /// [`Reader::end`]: nothing may be left.
    #[cold]
    #[inline(never)]
    pub(super) fn tree_end(&self) -> Result<(), Error> {
        match self.tree.as_deref() {
            Some(tree) if tree.next.is_some() || tree.depth() > 0 => {
                Err(self.error(ErrorCode::TrailingCharacters))
            }
            _ => Ok(()),
        }
    }

    /// [`Reader::decode_null`].
    #[cold]
    #[inline(never)]
    pub(super) fn tree_null(&mut self, expected: &'static str) -> Result<(), Error> {
        match self.tree_next() {
            Some(Value::Null) => {
                self.tree_take();
                Ok(())
            }
            _ => Err(self.invalid_type(expected)),
        }
    }

    /// [`Reader::try_null`].
    #[cold]
    #[inline(never)]
    pub(super) fn tree_try_null(&mut self) -> Result<bool, Error> {
        match self.tree_next() {
            Some(Value::Null) => {
                self.tree_take();
                Ok(true)
            }
            Some(_) => Ok(false),
            None => Err(self.eof()),
        }
    }

    /// [`Reader::decode_bool`].
    #[cold]
    #[inline(never)]
    pub(super) fn tree_bool(&mut self) -> Result<bool, Error> {
        match self.tree_next() {
            Some(&Value::Bool(value)) => {
                self.tree_take();
                Ok(value)
            }
            _ => Err(self.invalid_type("a boolean")),
        }
    }

    /// The next value as a number, taken; for anything else, `invalid type` with `expected`.
    #[inline]
    fn tree_take_number(&mut self, expected: &'static str) -> Result<ParsedNumber, Error> {
        match self.tree_next() {
            Some(Value::Number(number)) => {
                self.tree_take();
                Ok(number.to_parsed())
            }
            _ => Err(self.invalid_type(expected)),
        }
    }

    /// [`Reader::parse_number`], called once the next value is known to be a number.
    #[cold]
    #[inline(never)]
    pub(super) fn tree_number(&mut self) -> Result<ParsedNumber, Error> {
        match self.tree_next() {
            Some(Value::Number(number)) => {
                self.tree_take();
                Ok(number.to_parsed())
            }
            Some(_) => Err(self.error(ErrorCode::InvalidNumber)),
            None => Err(self.eof()),
        }
    }

    /// [`Reader::decode_u64`].
    #[cold]
    #[inline(never)]
    pub(super) fn tree_u64(&mut self, expected: &'static str) -> Result<u64, Error> {
        match self.tree_take_number(expected)? {
            ParsedNumber::U64(value) => Ok(value),
            number => Err(self.number_type_error(number, expected, self.pos)),
        }
    }

    /// [`Reader::decode_i64`].
    #[cold]
    #[inline(never)]
    pub(super) fn tree_i64(&mut self, expected: &'static str) -> Result<i64, Error> {
        match self.tree_take_number(expected)? {
            ParsedNumber::U64(value) => i64::try_from(value).map_err(|_| {
                self.invalid_value_at(format!("integer `{value}`"), expected, self.pos)
            }),
            ParsedNumber::I64(value) => Ok(value),
            number => Err(self.number_type_error(number, expected, self.pos)),
        }
    }

    /// [`Reader::decode_u128`]: any sign is refused, as it is in text.
    #[cold]
    #[inline(never)]
    pub(super) fn tree_u128(&mut self) -> Result<u128, Error> {
        match self.tree_take_number("u128")? {
            ParsedNumber::U64(value) => Ok(u128::from(value)),
            ParsedNumber::I64(_) => Err(self.error(ErrorCode::NumberOutOfRange)),
            number => Err(self.number_type_error(number, "u128", self.pos)),
        }
    }

    /// [`Reader::decode_i128`].
    #[cold]
    #[inline(never)]
    pub(super) fn tree_i128(&mut self) -> Result<i128, Error> {
        match self.tree_take_number("i128")? {
            ParsedNumber::U64(value) => Ok(i128::from(value)),
            ParsedNumber::I64(value) => Ok(i128::from(value)),
            number => Err(self.number_type_error(number, "i128", self.pos)),
        }
    }

    /// [`Reader::decode_f64`]: integers become their nearest `f64`, as their digits would.
    #[cold]
    #[inline(never)]
    pub(super) fn tree_f64(&mut self) -> Result<f64, Error> {
        Ok(match self.tree_take_number("f64")? {
            ParsedNumber::U64(value) => value as f64,
            ParsedNumber::I64(value) => value as f64,
            ParsedNumber::F64(value) => value,
        })
    }

    /// [`Reader::decode_f32`]: rounded once from the number's text, as from text; for an
    /// integer that is its nearest `f32`, and a float's text is its shortest form.
    #[cold]
    #[inline(never)]
    pub(super) fn tree_f32(&mut self) -> Result<f32, Error> {
        let value = match self.tree_take_number("f32")? {
            ParsedNumber::U64(value) => value as f32,
            ParsedNumber::I64(value) => value as f32,
            ParsedNumber::F64(value) => {
                let mut buffer = zmij::Buffer::new();
                fast_float2::parse(buffer.format_finite(value))
                    .map_err(|_| self.error(ErrorCode::InvalidNumber))?
            }
        };
        if value.is_infinite() {
            return Err(self.error(ErrorCode::NumberOutOfRange));
        }
        Ok(value)
    }

    /// [`Reader::decode_string`]: whether the string needs escapes makes no difference here.
    #[cold]
    #[inline(never)]
    pub(super) fn tree_string(&mut self) -> Result<String, Error> {
        match self.tree_next() {
            Some(Value::String(text)) => {
                self.tree_take();
                Ok(text.clone())
            }
            _ => Err(self.invalid_type("a string")),
        }
    }

    /// [`Reader::decode_str`].
    #[cold]
    #[inline(never)]
    pub(super) fn tree_str(&mut self) -> Result<Str<'de, '_>, Error> {
        match self.tree_next() {
            Some(Value::String(text)) => {
                self.tree_take();
                Ok(string_of(text))
            }
            _ => Err(self.invalid_type("a string")),
        }
    }

    /// One level deeper, as [`Reader::enter`] counts it.
    #[inline]
    fn tree_enter(&mut self) -> Result<(), Error> {
        if self.remaining_depth <= 1 {
            return Err(self.error(ErrorCode::RecursionLimitExceeded));
        }
        self.remaining_depth -= 1;
        Ok(())
    }

    /// [`Reader::begin_array`].
    #[cold]
    #[inline(never)]
    pub(super) fn tree_begin_array(&mut self, expected: &'static str) -> Result<(), Error> {
        let Some(Value::Array(items)) = self.tree_next() else {
            return Err(self.invalid_type(expected));
        };
        self.tree_enter()?;
        if let Some(tree) = self.tree.as_deref_mut() {
            tree.open(Frame::Array(items.iter()));
        }
        Ok(())
    }

    /// [`Reader::array_next`].
    #[cold]
    #[inline(never)]
    pub(super) fn tree_array_next(&mut self, first: bool) -> Result<bool, Error> {
        let Some(tree) = self.tree.as_deref_mut() else {
            return Err(self.error(ErrorCode::EofWhileParsingList));
        };
        // An element left unread is where text would have found neither `,` nor `]`.
        let unread = !first && tree.next.is_some();
        match &mut tree.top {
            Frame::Array(items) if !unread => match items.next() {
                Some(item) => {
                    tree.next = Some(item);
                    Ok(true)
                }
                None => {
                    tree.close();
                    self.remaining_depth += 1;
                    Ok(false)
                }
            },
            _ => Err(self.error(ErrorCode::ExpectedListCommaOrEnd)),
        }
    }

    /// [`Reader::begin_object`].
    #[cold]
    #[inline(never)]
    pub(super) fn tree_begin_object(&mut self, expected: &'static str) -> Result<(), Error> {
        let Some(Value::Object(map)) = self.tree_next() else {
            return Err(self.invalid_type(expected));
        };
        self.tree_enter()?;
        if let Some(tree) = self.tree.as_deref_mut() {
            tree.open(Frame::Object {
                entries: map.entry_slice(),
                read: 0,
            });
        }
        Ok(())
    }

    /// [`Reader::object_key`]. The key's "offset" is the depth of its object, which
    /// [`Reader::string_at`] takes back to the key.
    #[cold]
    #[inline(never)]
    pub(super) fn tree_object_key(&mut self, first: bool) -> Result<Option<Str<'de, '_>>, Error> {
        let Some(tree) = self.tree.as_deref_mut() else {
            return Err(self.error(ErrorCode::EofWhileParsingObject));
        };
        let unread = !first && tree.next.is_some();
        let depth = tree.depth();
        match &mut tree.top {
            Frame::Object { entries, read } if !unread => match entries.get(*read) {
                Some((name, value)) => {
                    *read += 1;
                    tree.next = Some(value);
                    self.last_key = depth;
                    Ok(Some(string_of(name)))
                }
                None => {
                    tree.close();
                    self.remaining_depth += 1;
                    Ok(None)
                }
            },
            _ => Err(self.error(ErrorCode::ExpectedObjectCommaOrEnd)),
        }
    }

    /// [`Reader::try_member`]: whether the next member's key is the one `quoted` holds (between
    /// its quotes); if so, it is read. Any other case is left to [`Reader::object_key`].
    #[cold]
    #[inline(never)]
    pub(super) fn tree_try_member(&mut self, first: bool, quoted: &[u8]) -> bool {
        let Some(tree) = self.tree.as_deref_mut() else {
            return false;
        };
        if !first && tree.next.is_some() {
            return false;
        }
        let depth = tree.depth();
        let Frame::Object { entries, read } = &mut tree.top else {
            return false;
        };
        let Some((name, value)) = entries.get(*read) else {
            return false;
        };
        let matches = match quoted {
            [b'"', inner @ .., b'"'] => same_bytes(inner, name.as_bytes()),
            _ => false,
        };
        if !matches {
            return false;
        }
        *read += 1;
        tree.next = Some(value);
        self.last_key = depth;
        true
    }

    /// [`Reader::object_starts_with`].
    #[cold]
    #[inline(never)]
    pub(super) fn tree_object_starts_with(&mut self, name: &str) -> bool {
        let Some(Value::Object(map)) = self.tree_next() else {
            return false;
        };
        let entries = map.entry_slice();
        let Some((key, value)) = entries.first() else {
            return false;
        };
        if key != name || !is_clean(key) || self.tree_enter().is_err() {
            return false;
        }
        let depth = match self.tree.as_deref_mut() {
            Some(tree) => {
                tree.open(Frame::Object { entries, read: 1 });
                tree.next = Some(value);
                tree.depth()
            }
            None => return false,
        };
        self.last_key = depth;
        true
    }

    /// [`Reader::string_at`]: the key last read in the object `depth` deep.
    #[cold]
    pub(super) fn tree_key_at(&self, depth: usize) -> String {
        let Some(tree) = self.tree.as_deref() else {
            return String::new();
        };
        let frame = match depth.checked_sub(1) {
            Some(outer) if outer < tree.outer.len() => &tree.outer[outer],
            Some(_) if depth == tree.depth() => &tree.top,
            _ => return String::new(),
        };
        match frame {
            Frame::Object { entries, read } => match read.checked_sub(1) {
                Some(last) => entries[last].0.clone(),
                None => String::new(),
            },
            _ => String::new(),
        }
    }

    /// [`Reader::skip_value`]; when buffered, the value's nesting counts against the limit,
    /// as it does in text.
    #[cold]
    #[inline(never)]
    pub(super) fn tree_skip(&mut self) -> Result<&'de Value, Error> {
        let Some(value) = self.tree_next() else {
            return Err(self.eof());
        };
        if self.buffered && too_deep(value, self.remaining_depth) {
            return Err(self.error(ErrorCode::RecursionLimitExceeded));
        }
        self.tree_take();
        Ok(value)
    }

    /// [`Reader::raw_value`]: the value's compact text, kept for as long as the input.
    #[cold]
    #[inline(never)]
    pub(super) fn tree_raw_value(&mut self) -> Result<&'de str, Error> {
        let value = self.tree_skip()?;
        let Some(tree) = self.tree.as_deref_mut() else {
            return Err(self.eof());
        };
        let texts: &'de Arena<String> = tree.texts;
        let text: &'de str = texts.alloc(crate::json::to_string(value));
        tree.raws.push((text.as_ptr() as usize, value));
        Ok(text)
    }

    /// [`Reader::reread_with`]: the value `raw` was written from, read as a tree; text that
    /// did not come from this reader is read as text.
    #[cold]
    #[inline(never)]
    pub(super) fn tree_reread_part<T>(
        &self,
        raw: &'de str,
        read: impl FnOnce(&mut Reader<'de>) -> Result<(T, bool), Error>,
    ) -> Result<T, Error> {
        let address = raw.as_ptr() as usize;
        let found = self.tree.as_deref().and_then(|tree| {
            let value = tree.raws.iter().rev().find(|(at, _)| *at == address)?.1;
            Some((value, tree.texts))
        });
        let mut again = match found {
            Some((value, texts)) => Reader::over_value(value, texts, self.remaining_depth),
            None => Reader::new(raw, self.remaining_depth),
        }
        .with_max_len(self.max_len);
        again.buffered = self.buffered;
        let (value, whole) = read(&mut again)?;
        if whole {
            again.end()?;
        }
        Ok(value)
    }

    /// `invalid type: {the next value}, expected {expected}`, taking the value if it is not
    /// a container (as text reads it through).
    #[cold]
    #[inline(never)]
    pub(super) fn tree_invalid_type(&mut self, expected: &'static str) -> Error {
        let Some(value) = self.tree_next() else {
            return self.eof();
        };
        let found = match value {
            Value::Null => "null".to_owned(),
            Value::Bool(value) => format!("boolean `{value}`"),
            Value::Number(number) => match number.to_parsed() {
                ParsedNumber::U64(value) => format!("integer `{value}`"),
                ParsedNumber::I64(value) => format!("integer `{value}`"),
                ParsedNumber::F64(value) => format!("floating point `{}`", FloatText(value)),
            },
            Value::String(text) => format!("string {}", crate::json::to_string(text)),
            Value::Array(_) => "sequence".to_owned(),
            Value::Object(_) => "map".to_owned(),
        };
        if !matches!(value, Value::Array(_) | Value::Object(_)) {
            self.tree_take();
        }
        self.error(ErrorCode::InvalidType { found, expected })
    }

    /// The next value, copied whole, when reading a tree: how a [`Value`] is decoded from a
    /// tree. `None` when reading text, or when the value nests too deep for the depth left
    /// (read member by member, it then fails where its text would, with the same path).
    #[inline]
    pub(crate) fn take_tree_value(&mut self) -> Option<Value> {
        self.tree.as_ref()?;
        self.tree_clone()
    }

    /// [`Reader::take_tree_value`] for a [`Map`]: `None` too when the next value is not an
    /// object.
    #[inline]
    pub(crate) fn take_tree_map(&mut self) -> Option<Map> {
        self.tree.as_ref()?;
        self.tree_clone_map()
    }

    #[cold]
    #[inline(never)]
    fn tree_clone(&mut self) -> Option<Value> {
        let copy = clone_within(self.tree_next()?, self.remaining_depth)?;
        self.tree_take();
        Some(copy)
    }

    #[cold]
    #[inline(never)]
    fn tree_clone_map(&mut self) -> Option<Map> {
        let Some(Value::Object(map)) = self.tree_next() else {
            return None;
        };
        let copy = clone_map_within(map, self.remaining_depth)?;
        self.tree_take();
        Some(copy)
    }
}

/// The first decimal digit of `value`.
fn leading_digit(mut value: u64) -> u8 {
    while value >= 10 {
        value /= 10;
    }
    value as u8
}
