//! Encoding options: compact or pretty, and the pretty layout's indent
//! (serde_json's `PrettyFormatter::with_indent`).

use std::io;

use super::writer::{IoWriter, VecWriter, DEFAULT_INDENT};
use super::Encode;
use crate::encode_error::encode_failed;
use crate::EncodeError;

/// Encoding options, builder style: compact, or pretty with an indent of your choice.
///
/// [`Encoder::new`] writes what [`to_string`](super::to_string) writes, [`Encoder::pretty`]
/// what [`to_string_pretty`](super::to_string_pretty) writes; [`Encoder::indent`] sets the
/// text written once per nesting level at the start of each line of the pretty layout, as
/// serde_json's `PrettyFormatter::with_indent` does, with the same bytes as its output.
///
/// ```
/// use fastwire::json::Encoder;
///
/// #[derive(fastwire::Encode)]
/// struct Point { x: i32, tags: Vec<&'static str> }
///
/// let point = Point { x: 1, tags: vec!["a"] };
/// let tabs = Encoder::pretty().indent("\t");
/// assert_eq!(tabs.to_string(&point), "{\n\t\"x\": 1,\n\t\"tags\": [\n\t\t\"a\"\n\t]\n}");
/// assert_eq!(Encoder::pretty().to_string(&point), fastwire::json::to_string_pretty(&point));
/// assert_eq!(Encoder::new().to_string(&point), r#"{"x":1,"tags":["a"]}"#);
///
/// // An empty indent keeps the line breaks, as serde_json's does.
/// assert_eq!(Encoder::pretty().indent("").to_string(&[1, 2]), "[\n1,\n2\n]");
/// ```
///
/// The indent must be JSON whitespace (spaces, tabs, line feeds and carriage returns, or
/// nothing), so that the output is always JSON: serde_json takes any bytes, fastwire refuses
/// the rest (see [`Encoder::indent`]).
///
/// Values written through the serde bridge inside a pretty document are indented the same
/// way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Encoder<'i> {
    /// `None` for compact output.
    indent: Option<&'i str>,
}

impl Default for Encoder<'_> {
    fn default() -> Self {
        Encoder::new()
    }
}

impl Encoder<'static> {
    /// Compact output, as [`to_string`](super::to_string) writes it.
    ///
    /// ```
    /// let text = fastwire::json::Encoder::new().to_string(&vec![(1, "a")]);
    /// assert_eq!(text, r#"[[1,"a"]]"#);
    /// ```
    pub const fn new() -> Self {
        Encoder { indent: None }
    }

    /// serde_json's pretty layout, indented with two spaces, as
    /// [`to_string_pretty`](super::to_string_pretty) writes it.
    ///
    /// ```
    /// let text = fastwire::json::Encoder::pretty().to_string(&vec![1, 2]);
    /// assert_eq!(text, "[\n  1,\n  2\n]");
    /// ```
    pub const fn pretty() -> Self {
        Encoder {
            indent: Some(DEFAULT_INDENT),
        }
    }
}

impl<'i> Encoder<'i> {
    /// The pretty layout, indented with `indent` once per nesting level (an [`Encoder::new`]
    /// becomes pretty).
    ///
    /// ```
    /// use fastwire::json::Encoder;
    ///
    /// let four = Encoder::pretty().indent("    ");
    /// assert_eq!(four.to_string(&[[1]]), "[\n    [\n        1\n    ]\n]");
    /// assert!(four.is_pretty());
    /// assert_eq!(four.indent_text(), Some("    "));
    /// ```
    ///
    /// # Panics
    ///
    /// If `indent` holds anything but JSON whitespace (`' '`, `'\t'`, `'\n'`, `'\r'`): the
    /// output would not be JSON. The check runs once, here; in a `const` it fails the build.
    ///
    /// ```should_panic
    /// fastwire::json::Encoder::pretty().indent("--");
    /// ```
    #[track_caller]
    pub const fn indent<'j>(self, indent: &'j str) -> Encoder<'j> {
        let bytes = indent.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            if !matches!(bytes[i], b' ' | b'\t' | b'\n' | b'\r') {
                panic!("a JSON indent must be whitespace: spaces, tabs, '\\n' or '\\r'");
            }
            i += 1;
        }
        Encoder {
            indent: Some(indent),
        }
    }

    /// Whether the output is pretty.
    ///
    /// ```
    /// assert!(!fastwire::json::Encoder::new().is_pretty());
    /// ```
    pub const fn is_pretty(&self) -> bool {
        self.indent.is_some()
    }

    /// The pretty layout's indent, or `None` for compact output.
    ///
    /// ```
    /// assert_eq!(fastwire::json::Encoder::pretty().indent_text(), Some("  "));
    /// ```
    pub const fn indent_text(&self) -> Option<&'i str> {
        self.indent
    }

    /// Encodes `value` into a new `String`.
    ///
    /// ```
    /// let text = fastwire::json::Encoder::pretty().indent("\t").to_string(&[true]);
    /// assert_eq!(text, "[\n\ttrue\n]");
    /// ```
    ///
    /// # Panics
    /// If encoding fails (see [`to_string`](super::to_string)); [`Encoder::try_to_string`]
    /// returns the error instead.
    #[track_caller]
    pub fn to_string<T: ?Sized + Encode>(&self, value: &T) -> String {
        self.try_to_string(value).unwrap_or_else(|err| {
            encode_failed(
                "json::Encoder::to_string",
                "json::Encoder::try_to_string",
                err,
            )
        })
    }

    /// Encodes `value` into a new `String`, or says why it cannot be encoded (see
    /// [`Writer::fail`](super::Writer::fail)).
    ///
    /// ```
    /// let text = fastwire::json::Encoder::pretty().try_to_string(&["a"]).unwrap();
    /// assert_eq!(text, "[\n  \"a\"\n]");
    /// ```
    pub fn try_to_string<T: ?Sized + Encode>(&self, value: &T) -> Result<String, EncodeError> {
        let bytes = self.try_to_vec(value)?;
        // SAFETY: fastwire's writers only ever append valid UTF-8 (see the `writer` module),
        // and the indent is a `&str`.
        Ok(unsafe { String::from_utf8_unchecked(bytes) })
    }

    /// Encodes `value` into a new `Vec<u8>`.
    ///
    /// ```
    /// let bytes = fastwire::json::Encoder::pretty().indent(" ").to_vec(&[1]);
    /// assert_eq!(bytes, b"[\n 1\n]");
    /// ```
    ///
    /// # Panics
    /// If encoding fails (see [`to_vec`](super::to_vec)); [`Encoder::try_to_vec`] returns
    /// the error instead.
    #[track_caller]
    pub fn to_vec<T: ?Sized + Encode>(&self, value: &T) -> Vec<u8> {
        self.try_to_vec(value).unwrap_or_else(|err| {
            encode_failed("json::Encoder::to_vec", "json::Encoder::try_to_vec", err)
        })
    }

    /// Encodes `value` into a new `Vec<u8>`, or says why it cannot be encoded.
    ///
    /// ```
    /// let bytes = fastwire::json::Encoder::new().try_to_vec(&(1, 2)).unwrap();
    /// assert_eq!(bytes, b"[1,2]");
    /// ```
    pub fn try_to_vec<T: ?Sized + Encode>(&self, value: &T) -> Result<Vec<u8>, EncodeError> {
        let hint = value.size_hint();
        let hint = if self.is_pretty() {
            hint + hint / 2
        } else {
            hint
        };
        let mut out = crate::buf::for_hint(hint);
        self.encode_vec(value, &mut out)?;
        Ok(out)
    }

    /// Appends `value` to `out`, allocating nothing when `out` has room.
    ///
    /// ```
    /// let mut buf = b"x = ".to_vec();
    /// fastwire::json::Encoder::pretty().encode_into(&[1], &mut buf);
    /// assert_eq!(buf, b"x = [\n  1\n]");
    /// ```
    ///
    /// # Panics
    /// If encoding fails (see [`encode_into`](super::encode_into));
    /// [`Encoder::try_encode_into`] returns the error instead.
    #[track_caller]
    pub fn encode_into<T: ?Sized + Encode>(&self, value: &T, out: &mut Vec<u8>) {
        if let Err(err) = self.encode_vec(value, out) {
            encode_failed(
                "json::Encoder::encode_into",
                "json::Encoder::try_encode_into",
                err,
            )
        }
    }

    /// Appends `value` to `out`, or says why it cannot be encoded; `out` is then left as it
    /// was.
    ///
    /// ```
    /// let mut buf = Vec::new();
    /// fastwire::json::Encoder::pretty().try_encode_into(&[0u8; 0], &mut buf).unwrap();
    /// assert_eq!(buf, b"[]");
    /// ```
    pub fn try_encode_into<T: ?Sized + Encode>(
        &self,
        value: &T,
        out: &mut Vec<u8>,
    ) -> Result<(), EncodeError> {
        let len = out.len();
        self.encode_vec(value, out)
            .inspect_err(|_| out.truncate(len))
    }

    /// Streams `value` to `writer` through a bounded buffer, like
    /// [`to_writer`](super::to_writer) (a failure to encode included).
    ///
    /// ```
    /// let mut out = Vec::new();
    /// fastwire::json::Encoder::pretty().indent("\t").to_writer(&mut out, &[[0]]).unwrap();
    /// assert_eq!(out, b"[\n\t[\n\t\t0\n\t]\n]");
    /// ```
    pub fn to_writer<W: io::Write, T: ?Sized + Encode>(
        &self,
        writer: W,
        value: &T,
    ) -> io::Result<()> {
        match self.indent {
            None => super::to_writer(writer, value),
            Some(indent) => {
                let mut w = IoWriter::<W, true>::with_indent(writer, indent);
                value.encode(&mut w);
                w.finish()
            }
        }
    }

    /// Writes `value` to the end of `out` and returns the failure recorded.
    fn encode_vec<T: ?Sized + Encode>(
        &self,
        value: &T,
        out: &mut Vec<u8>,
    ) -> Result<(), EncodeError> {
        match self.indent {
            None => {
                let mut w = VecWriter::<false>::new(out);
                value.encode(&mut w);
                w.finish()
            }
            Some(indent) => {
                let mut w = VecWriter::<true>::with_indent(out, indent);
                value.encode(&mut w);
                w.finish()
            }
        }
    }
}
