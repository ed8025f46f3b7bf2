//! [`RawValue`]: the exact text of one JSON value, kept as it was read and written back
//! verbatim (serde_json's `RawValue`).

use std::borrow::ToOwned;
use std::fmt::{self, Debug, Display};

use super::{Decode, Encode, EncodeError, Error, Reader, Writer};

/// The text of one JSON value, exactly as it appears in the input, checked to be JSON: for
/// reading part of a document later (deferred parsing), or for passing it on untouched.
///
/// As serde_json's `RawValue`: a `&RawValue` borrows its text from the input (with
/// [`from_str`](super::from_str) and [`from_slice`](super::from_slice); a struct field needs
/// `#[serde(borrow)]`), a `Box<RawValue>` owns it (any input, [`from_reader`](super::from_reader)
/// included). The text runs from the value's first byte to its last, without the whitespace
/// around it, and is checked as a skipped value is (its syntax, escapes and UTF-8, not what
/// it holds: `1e999` is kept as it is; unlike serde_json, a `\u` escape of a lone surrogate
/// is refused, as in every string fastwire reads). Encoding writes it verbatim, in compact
/// and pretty output alike: its own spacing is kept, as serde_json keeps it.
///
/// ```
/// use fastwire::json::{self, RawValue};
/// use fastwire::{Decode, Encode};
///
/// #[derive(Decode)]
/// struct Input<'a> {
///     code: u32,
///     #[serde(borrow)]
///     payload: &'a RawValue,
/// }
///
/// #[derive(Encode)]
/// struct Output<'a> {
///     info: (u32, &'a RawValue),
/// }
///
/// let input: Input = json::from_str(r#" {"code": 200, "payload": {"a": [1, 2]}} "#).unwrap();
/// assert_eq!(input.payload.get(), r#"{"a": [1, 2]}"#);
/// let output = Output { info: (input.code, input.payload) };
/// assert_eq!(json::to_string(&output), r#"{"info":[200,{"a": [1, 2]}]}"#);
/// ```
///
/// Deferred parsing: read an envelope whose payload depends on its `kind`, then the payload
/// once the kind is known.
///
/// ```
/// use fastwire::json::{self, RawValue};
///
/// #[derive(fastwire::Decode)]
/// struct Envelope {
///     kind: String,
///     payload: Box<RawValue>,
/// }
///
/// #[derive(fastwire::Decode, Debug, PartialEq)]
/// struct Move { dx: i32, dy: i32 }
///
/// #[derive(Debug, PartialEq)]
/// enum Event { Move(Move), Say(String) }
///
/// fn read(text: &str) -> Result<Event, json::Error> {
///     let envelope: Envelope = json::from_str(text)?;
///     let payload = envelope.payload.get();
///     Ok(match envelope.kind.as_str() {
///         "move" => Event::Move(json::from_str(payload)?),
///         _ => Event::Say(json::from_str(payload)?),
///     })
/// }
///
/// let event = read(r#"{"payload": {"dx": 1, "dy": -2}, "kind": "move"}"#).unwrap();
/// assert_eq!(event, Event::Move(Move { dx: 1, dy: -2 }));
/// assert_eq!(read(r#"{"kind": "say", "payload": "hi"}"#).unwrap(), Event::Say("hi".into()));
/// ```
#[repr(transparent)]
pub struct RawValue {
    json: str,
}

impl RawValue {
    /// `null`.
    pub const NULL: &'static RawValue = RawValue::from_borrowed("null");
    /// `true`.
    pub const TRUE: &'static RawValue = RawValue::from_borrowed("true");
    /// `false`.
    pub const FALSE: &'static RawValue = RawValue::from_borrowed("false");

    /// Wraps text known to be one JSON value without whitespace around it.
    const fn from_borrowed(json: &str) -> &RawValue {
        // SAFETY: `RawValue` is `repr(transparent)` over `str`, so both references have the
        // same layout and metadata (the length), and the lifetime is carried over.
        unsafe { &*(json as *const str as *const RawValue) }
    }

    /// Wraps owned text known to be one JSON value without whitespace around it.
    fn from_owned(json: Box<str>) -> Box<RawValue> {
        let raw = Box::into_raw(json) as *mut RawValue;
        // SAFETY: the pointer comes from `Box::into_raw` of a `Box<str>`, and `RawValue` is
        // `repr(transparent)` over `str`: same layout, same allocation, freed the same way.
        unsafe { Box::from_raw(raw) }
    }

    /// Checks that `json` is one JSON value (whitespace around it is allowed and left out)
    /// and takes it as a `Box<RawValue>`: equivalent to decoding a `Box<RawValue>` from it,
    /// without copying when there is no whitespace to leave out.
    ///
    /// ```
    /// use fastwire::json::RawValue;
    ///
    /// let raw = RawValue::from_string(" [1, 2] \n".to_owned()).unwrap();
    /// assert_eq!(raw.get(), "[1, 2]");
    /// assert!(RawValue::from_string("[1, 2".to_owned()).unwrap_err().is_eof());
    /// assert!(RawValue::from_string("1 2".to_owned()).unwrap_err().is_syntax());
    /// ```
    pub fn from_string(json: String) -> Result<Box<RawValue>, Error> {
        let borrowed: &RawValue = super::from_str(&json)?;
        if borrowed.json.len() < json.len() {
            return Ok(borrowed.to_owned());
        }
        Ok(RawValue::from_owned(json.into_boxed_str()))
    }

    /// The JSON text.
    ///
    /// ```
    /// let raw: &fastwire::json::RawValue = fastwire::json::from_str(r#" "a\n" "#).unwrap();
    /// assert_eq!(raw.get(), r#""a\n""#);
    /// ```
    pub fn get(&self) -> &str {
        &self.json
    }
}

/// Encodes `value` compactly as a `Box<RawValue>`, or says why it cannot be encoded (see
/// [`Writer::fail`]).
///
/// ```
/// #[derive(fastwire::Encode)]
/// struct Extra { a: u32, b: u32 }
///
/// let raw = fastwire::json::to_raw_value(&Extra { a: 1, b: 2 }).unwrap();
/// assert_eq!(raw.get(), r#"{"a":1,"b":2}"#);
/// ```
pub fn to_raw_value<T: ?Sized + Encode>(value: &T) -> Result<Box<RawValue>, EncodeError> {
    let text = super::try_to_string(value)?;
    Ok(RawValue::from_owned(text.into_boxed_str()))
}

impl Clone for Box<RawValue> {
    fn clone(&self) -> Self {
        (**self).to_owned()
    }
}

impl ToOwned for RawValue {
    type Owned = Box<RawValue>;

    fn to_owned(&self) -> Box<RawValue> {
        RawValue::from_owned(self.json.into())
    }
}

/// `null`, as serde_json's.
impl Default for Box<RawValue> {
    fn default() -> Self {
        RawValue::NULL.to_owned()
    }
}

impl From<Box<RawValue>> for Box<str> {
    fn from(raw: Box<RawValue>) -> Self {
        let text = Box::into_raw(raw) as *mut str;
        // SAFETY: the reverse of `RawValue::from_owned`: the same allocation, the same layout.
        unsafe { Box::from_raw(text) }
    }
}

/// `RawValue(text)`, as serde_json's.
///
/// ```
/// let raw: &fastwire::json::RawValue = fastwire::json::from_str("[1]").unwrap();
/// assert_eq!(format!("{raw:?}"), "RawValue([1])");
/// ```
impl Debug for RawValue {
    fn fmt(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter
            .debug_tuple("RawValue")
            .field(&format_args!("{}", &self.json))
            .finish()
    }
}

/// The JSON text.
///
/// ```
/// let raw: &fastwire::json::RawValue = fastwire::json::from_str("[1, 2]").unwrap();
/// assert_eq!(raw.to_string(), "[1, 2]");
/// ```
impl Display for RawValue {
    fn fmt(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str(&self.json)
    }
}

/// Written verbatim.
impl Encode for RawValue {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        w.write_fragment(&self.json);
    }

    #[inline]
    fn size_hint(&self) -> usize {
        self.json.len()
    }
}

/// Borrowed from the input: the value's text, checked as [`Reader::raw_value`] checks it.
impl<'de: 'a, 'a> Decode<'de> for &'a RawValue {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.raw_value().map(RawValue::from_borrowed)
    }
}

/// A copy of the value's text, checked as [`Reader::raw_value`] checks it.
impl<'de> Decode<'de> for Box<RawValue> {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.raw_value()
            .map(|raw| RawValue::from_borrowed(raw).to_owned())
    }
}

/// In MessagePack, a `RawValue` is what rmp-serde writes for serde_json's (with
/// `to_vec_named`): a map of one entry, `{"$serde_json::private::RawValue": text}`, so that a
/// struct with a `RawValue` field encodes to both formats from one derive. It reads back
/// (rmp-serde cannot read it), its text checked to be JSON.
#[cfg(feature = "msgpack")]
mod msgpack_form {
    use super::RawValue;
    use crate::msgpack::{Decode, Encode, Error, Reader, Writer};

    /// The key serde_json's `RawValue` serializes its text under.
    const TOKEN: &str = "$serde_json::private::RawValue";

    const EXPECTED: &str = "a map holding JSON text";

    impl Encode for RawValue {
        fn encode<W: Writer>(&self, w: &mut W) {
            w.write_map_len(1);
            w.write_str(TOKEN);
            w.write_str(&self.json);
        }

        fn size_hint(&self) -> usize {
            TOKEN.len() + self.json.len() + 8
        }
    }

    /// The text of a map written as [`Encode`] writes it, checked to be one JSON value.
    fn read_text<'de>(r: &mut Reader<'de>) -> Result<&'de RawValue, Error> {
        let len = r.begin_map(EXPECTED)?;
        if len != 1 {
            return Err(r.invalid_length(len, "a map of one entry"));
        }
        let key = r.decode_str()?;
        if key != TOKEN {
            return Err(r.unknown_field(key, &[TOKEN]));
        }
        let at = r.offset();
        let text = r.decode_str()?;
        r.end_container();
        let raw: &RawValue = crate::json::from_str(text).map_err(|err| r.custom_at(err, at))?;
        if raw.json.len() != text.len() {
            return Err(r.custom_at("JSON text with whitespace around it", at));
        }
        Ok(raw)
    }

    impl<'de: 'a, 'a> Decode<'de> for &'a RawValue {
        fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
            read_text(r)
        }
    }

    impl<'de> Decode<'de> for Box<RawValue> {
        fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
            read_text(r).map(|raw| raw.to_owned())
        }
    }
}
