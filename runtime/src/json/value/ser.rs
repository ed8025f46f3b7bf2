//! Building a [`Value`] straight from an [`Encode`] impl: [`to_value`](crate::json::to_value).
//!
//! [`ValueWriter`] is a [`Writer`] whose scalars (numbers, strings, booleans, `null`) and
//! containers become values as they are written, with no JSON text in between. The only text
//! it sees is what encoders write as text on purpose: the pre-encoded keys of derived structs
//! (`{"id":`, `,"name":`), literal fragments such as a unit variant's `"Name"`, and what an impl
//! appends to the buffer itself (an address, base64, a serde-bridged value). That text is
//! tokenized when the next value arrives, so both kinds of writes can be mixed freely.

use std::fmt;
use std::mem;

use super::{Map, Number, Value};
use crate::json::{escape, Encode, Writer};
use crate::EncodeError;

/// One container being filled.
enum Frame {
    Array(Vec<Value>),
    Object {
        map: Map,
        /// The key written last, waiting for its value.
        key: Option<String>,
    },
}

/// The [`Writer`] behind [`to_value`](crate::json::to_value).
pub(crate) struct ValueWriter {
    /// Text written through the buffer and not yet turned into values. It holds at most an
    /// incomplete last token once [`ValueWriter::drain_text`] has run.
    text: Vec<u8>,
    /// The containers open, innermost last.
    stack: Vec<Frame>,
    /// The finished top-level value.
    root: Option<Value>,
    /// Unused (the layout is compact); the trait needs one.
    depth: usize,
    /// The first failure recorded.
    failure: Option<EncodeError>,
}

impl ValueWriter {
    pub(crate) fn new() -> Self {
        ValueWriter {
            text: Vec::new(),
            stack: Vec::new(),
            root: None,
            depth: 0,
            failure: None,
        }
    }

    /// The value written, or the first failure.
    pub(crate) fn finish(mut self) -> Result<Value, EncodeError> {
        self.drain_text(true);
        if self.failure.is_none() {
            if !self.text.is_empty() {
                self.fail_with("the encoder wrote an incomplete JSON token");
            } else if !self.stack.is_empty() {
                self.fail_with("the encoder left an array or object open");
            }
        }
        match (self.failure, self.root) {
            (Some(err), _) => Err(err),
            (None, Some(value)) => Ok(value),
            (None, None) => Err(EncodeError::new(&"the encoder wrote no value")),
        }
    }

    #[cold]
    fn fail_with(&mut self, message: &str) {
        self.record_failure(&message);
    }

    /// Whether a value can be added directly: the text written before it is turned into
    /// values first, and when it ends in the middle of a token, the new value has to be
    /// written as text too.
    #[inline]
    fn direct(&mut self) -> bool {
        if self.text.is_empty() {
            return true;
        }
        if !self.field_key() {
            self.drain_text(false);
        }
        self.text.is_empty()
    }

    /// The text most often pending: a derived struct's pre-encoded key, `{"name":` or
    /// `,"name":`, with no escape in it. Handled here without the general tokenizer; false
    /// (and nothing done) for any other text.
    #[inline]
    fn field_key(&mut self) -> bool {
        let text = &self.text[..];
        let len = text.len();
        if len < 4
            || !matches!(text[0], b'{' | b',')
            || text[1] != b'"'
            || text[len - 2] != b'"'
            || text[len - 1] != b':'
        {
            return false;
        }
        let name = &text[2..len - 2];
        if name.iter().any(|&b| b == b'"' || b == b'\\') {
            return false;
        }
        // SAFETY: the text holds only what writers append, which is valid UTF-8 (see the
        // `writer` module), and the name lies between two ASCII quotes, so it is whole
        // characters.
        let name = unsafe { std::str::from_utf8_unchecked(name) }.to_owned();
        if text[0] == b'{' {
            self.open(Frame::Object {
                map: Map::new(),
                key: None,
            });
        }
        self.text.clear();
        self.push(Value::String(name));
        true
    }

    /// Adds a finished value to the innermost container (or makes it the result).
    fn push(&mut self, value: Value) {
        match self.stack.last_mut() {
            None => {
                if self.root.is_none() {
                    self.root = Some(value);
                } else {
                    self.fail_with("the encoder wrote more than one value");
                }
            }
            Some(Frame::Array(items)) => items.push(value),
            Some(Frame::Object { map, key }) => match key.take() {
                Some(key) => {
                    map.insert(key, value);
                }
                // `Value` has a `Drop` impl, so the name is taken rather than moved out.
                None => match &mut { value } {
                    Value::String(name) => *key = Some(mem::take(name)),
                    _ => self.fail_with("the encoder wrote an object key that is not a string"),
                },
            },
        }
    }

    fn open(&mut self, frame: Frame) {
        self.stack.push(frame);
    }

    fn close(&mut self, object: bool) {
        let value = match self.stack.pop() {
            Some(Frame::Array(items)) if !object => Value::Array(items),
            Some(Frame::Object { map, key: None }) if object => Value::Object(map),
            _ => return self.fail_with("the encoder closed a container it did not open"),
        };
        self.push(value);
    }

    /// Turns the complete tokens of the pending text into values. A number at the very end
    /// counts as complete only `at_end` (until then more digits could follow).
    #[cold]
    #[inline(never)]
    fn drain_text(&mut self, at_end: bool) {
        let text = mem::take(&mut self.text);
        let mut pos = 0;
        while pos < text.len() {
            let rest = &text[pos..];
            let used = match rest[0] {
                b' ' | b'\n' | b'\r' | b'\t' | b',' | b':' => Some(1),
                b'{' => {
                    self.open(Frame::Object {
                        map: Map::new(),
                        key: None,
                    });
                    Some(1)
                }
                b'[' => {
                    self.open(Frame::Array(Vec::new()));
                    Some(1)
                }
                b'}' => {
                    self.close(true);
                    Some(1)
                }
                b']' => {
                    self.close(false);
                    Some(1)
                }
                b'"' => self.string_token(rest),
                b'-' | b'0'..=b'9' => self.number_token(rest, at_end),
                b't' => self.literal_token(rest, b"true", Value::Bool(true)),
                b'f' => self.literal_token(rest, b"false", Value::Bool(false)),
                b'n' => self.literal_token(rest, b"null", Value::Null),
                _ => {
                    self.fail_with("the encoder wrote text that is not JSON");
                    Some(rest.len())
                }
            };
            // An incomplete token waits for the rest of its text.
            let Some(used) = used else { break };
            pos += used;
        }
        let mut text = text;
        text.drain(..pos);
        self.text = text;
    }

    /// A quoted string at the start of `rest`: its length, or `None` while it is incomplete.
    fn string_token(&mut self, rest: &[u8]) -> Option<usize> {
        let mut escaped = false;
        let mut i = 1;
        while i < rest.len() {
            match rest[i] {
                b'\\' => {
                    escaped = true;
                    i += 2;
                }
                b'"' => {
                    // SAFETY: the text holds only what writers append, which is valid UTF-8
                    // (see the `writer` module), and both ends of the token are ASCII quotes,
                    // so the slice is whole characters.
                    let token = unsafe { std::str::from_utf8_unchecked(&rest[..=i]) };
                    let string = if escaped {
                        crate::json::from_str::<String>(token).ok()
                    } else {
                        // Pre-encoded keys rarely hold escapes: take those as they are.
                        Some(token[1..token.len() - 1].to_owned())
                    };
                    match string {
                        Some(string) => self.push(Value::String(string)),
                        None => self.fail_with("the encoder wrote a string that is not JSON"),
                    }
                    return Some(i + 1);
                }
                _ => i += 1,
            }
        }
        None
    }

    /// A number at the start of `rest`: its length, or `None` while it is incomplete.
    fn number_token(&mut self, rest: &[u8], at_end: bool) -> Option<usize> {
        let len = rest
            .iter()
            .position(|b| !matches!(b, b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E'))
            .unwrap_or(rest.len());
        if len == rest.len() && !at_end {
            return None;
        }
        match std::str::from_utf8(&rest[..len])
            .ok()
            .and_then(|token| token.parse::<Number>().ok())
        {
            Some(number) => self.push(Value::Number(number)),
            None => self.fail_with("the encoder wrote a number that is not JSON"),
        }
        Some(len)
    }

    /// `literal` at the start of `rest`: its length, or `None` while it is incomplete.
    fn literal_token(&mut self, rest: &[u8], literal: &[u8], value: Value) -> Option<usize> {
        if rest.starts_with(literal) {
            self.push(value);
            Some(literal.len())
        } else if literal.starts_with(rest) {
            None
        } else {
            self.fail_with("the encoder wrote text that is not JSON");
            Some(rest.len())
        }
    }

    /// A scalar, directly or (in the middle of a token) as its text.
    #[inline]
    fn scalar(&mut self, value: Value, text: impl FnOnce(&mut Self)) {
        if self.direct() {
            self.push(value);
        } else {
            text(self);
        }
    }

    /// An integer key quoted as a string, `"42"`.
    fn quoted_digits(&mut self, digits: &str) {
        self.scalar(Value::String(digits.to_owned()), |w| {
            w.write_fragment("\"");
            w.write_fragment(digits);
            w.write_fragment("\"");
        });
    }

    /// An integer that must fit serde_json's `Number` (as serde_json's `to_value` requires).
    fn wide_integer(&mut self, number: Option<Number>, digits: &str) {
        match number {
            Some(number) => self.scalar(Value::Number(number), |w| w.write_fragment(digits)),
            None => self.fail_with("number out of range"),
        }
    }
}

impl Writer for ValueWriter {
    const PRETTY: bool = false;

    #[inline]
    fn buffer(&mut self, _: crate::json::Token) -> &mut Vec<u8> {
        &mut self.text
    }

    #[cold]
    fn make_room(&mut self, additional: usize) {
        self.text.reserve(additional);
    }

    #[inline]
    fn depth(&mut self) -> &mut usize {
        &mut self.depth
    }

    fn indent(&self) -> &str {
        ""
    }

    fn buffer_and_indent(&mut self, _: crate::json::Token) -> (&mut Vec<u8>, &str) {
        (&mut self.text, "")
    }

    #[cold]
    fn record_failure(&mut self, error: &dyn fmt::Display) {
        if self.failure.is_none() {
            self.failure = Some(EncodeError::new(error));
        }
    }

    #[inline]
    fn write_null(&mut self) {
        self.scalar(Value::Null, |w| w.write_fragment("null"));
    }

    #[inline]
    fn write_bool(&mut self, value: bool) {
        self.scalar(Value::Bool(value), |w| {
            w.write_fragment(if value { "true" } else { "false" })
        });
    }

    #[inline]
    fn write_u64(&mut self, value: u64) {
        self.scalar(Value::from(value), |w| {
            w.write_fragment(itoa::Buffer::new().format(value))
        });
    }

    #[inline]
    fn write_i64(&mut self, value: i64) {
        self.scalar(Value::from(value), |w| {
            w.write_fragment(itoa::Buffer::new().format(value))
        });
    }

    fn write_u128(&mut self, value: u128) {
        self.wide_integer(Number::from_u128(value), itoa::Buffer::new().format(value));
    }

    fn write_i128(&mut self, value: i128) {
        self.wide_integer(Number::from_i128(value), itoa::Buffer::new().format(value));
    }

    #[inline]
    fn write_f64(&mut self, value: f64) {
        self.scalar(Value::from(value), |w| match Number::from_f64(value) {
            Some(number) => number.encode(w),
            None => w.write_fragment("null"),
        });
    }

    #[inline]
    fn write_f32(&mut self, value: f32) {
        self.scalar(Value::from(value), |w| {
            match Number::from_f64(value.into()) {
                Some(number) => number.encode(w),
                None => w.write_fragment("null"),
            }
        });
    }

    #[inline]
    fn write_str(&mut self, value: &str) {
        self.scalar(Value::String(value.to_owned()), |w| {
            escape::write_quoted(w, value)
        });
    }

    fn write_quoted_i128(&mut self, value: i128) {
        self.quoted_digits(itoa::Buffer::new().format(value));
    }

    fn write_quoted_u128(&mut self, value: u128) {
        self.quoted_digits(itoa::Buffer::new().format(value));
    }

    #[inline]
    fn begin_object(&mut self) {
        if self.direct() {
            self.open(Frame::Object {
                map: Map::new(),
                key: None,
            });
        } else {
            self.write_fragment("{");
        }
    }

    #[inline]
    fn end_object(&mut self, _nonempty: bool) {
        if self.direct() {
            self.close(true);
        } else {
            self.write_fragment("}");
        }
    }

    #[inline]
    fn begin_array(&mut self) {
        if self.direct() {
            self.open(Frame::Array(Vec::new()));
        } else {
            self.write_fragment("[");
        }
    }

    #[inline]
    fn end_array(&mut self, _nonempty: bool) {
        if self.direct() {
            self.close(false);
        } else {
            self.write_fragment("]");
        }
    }

    #[inline]
    fn array_value(&mut self, first: bool) {
        // Separators carry nothing a value needs; write one only inside a pending token.
        if !self.direct() && !first {
            self.write_fragment(",");
        }
    }

    #[inline]
    fn object_key(&mut self, first: bool) {
        self.array_value(first);
    }

    #[inline]
    fn object_colon(&mut self) {
        if !self.direct() {
            self.write_fragment(":");
        }
    }
}

/// The [`Value`] that `value` encodes to: what [`from_str`](crate::json::from_str) would read
/// back from [`to_string`](crate::json::to_string)'s output, built directly, without writing
/// the text (serde_json's `to_value`).
///
/// Takes the value by reference or by value (`&T` encodes as `T`). Integers outside `i64` and
/// `u64` (from `i128`/`u128`) cannot be held by a [`Number`] and are an error, as in
/// serde_json; floats that are not finite become `null`, as in the text.
///
/// # Panics
///
/// When the value cannot be encoded (the `Encode` impl calls
/// [`Writer::fail`](crate::json::Writer::fail)); [`try_to_value`] returns the error instead.
/// serde_json's `to_value` returns a `Result` for the same cases.
///
/// ```
/// use fastwire::json::{self, Value};
///
/// #[derive(fastwire::Encode)]
/// #[serde(rename_all = "camelCase")]
/// struct User { user_id: u32, name: String, tags: Vec<&'static str> }
///
/// let user = User { user_id: 7, name: "Ada".into(), tags: vec!["admin"] };
/// let value = json::to_value(&user);
/// assert_eq!(value["userId"], 7);
/// assert_eq!(value, fastwire::json!({ "userId": 7, "name": "Ada", "tags": ["admin"] }));
/// assert_eq!(json::to_value(user), value);
/// assert_eq!(json::to_value(f64::NAN), Value::Null);
/// ```
#[track_caller]
pub fn to_value<T: Encode>(value: T) -> Value {
    try_to_value(value).unwrap_or_else(|err| {
        crate::encode_error::encode_failed("json::to_value", "json::try_to_value", err)
    })
}

/// [`to_value`], returning the failure (the `Encode` impl's, or a 128-bit integer out of
/// [`Number`]'s range) instead of panicking.
///
/// ```
/// use fastwire::json;
///
/// assert_eq!(json::try_to_value(u128::from(u64::MAX)).unwrap(), u64::MAX);
/// let err = json::try_to_value(u128::MAX).unwrap_err();
/// assert_eq!(err.to_string(), "number out of range");
/// ```
pub fn try_to_value<T: Encode>(value: T) -> Result<Value, EncodeError> {
    let mut w = ValueWriter::new();
    value.encode(&mut w);
    w.finish()
}
