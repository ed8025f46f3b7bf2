//! The bridge for JSON: serde_json writing into fastwire's [`json::Writer`], and reading the
//! exact text of one value from fastwire's [`json::Reader`].

use std::io;

use serde::{Deserialize, Serialize};
use serde_json::ser::{CharEscape, Formatter};

use super::{missing, BridgeError, Serde};
use crate::json;

/// Writes `value` into `w` as serde_json writes it: compact, or, when `w` is pretty,
/// serde_json's pretty layout indented to the depth `w` is at with `w`'s indent, so the
/// value's lines line up with what surrounds it (the bytes of `serde_json::to_string_pretty`,
/// or of serde_json's `PrettyFormatter::with_indent`, for the whole document).
///
/// The bytes go straight into the writer's buffer as serde_json produces them. On an error
/// (from the `Serialize` impl, or serde_json's own, such as a map key that is not a string,
/// number or boolean), what was written before it stays in the writer; discard the output.
///
/// fastwire hands out writers to [`json::Encode`] impls, which record the error with
/// [`fail`](json::Writer::fail) (as [`Serde`] does):
///
/// ```
/// use std::time::Duration;
/// use fastwire::bridge;
/// use fastwire::json::{self, Writer};
///
/// /// A timeout, written as serde writes a `Duration`.
/// struct Timeout(Duration);
///
/// impl json::Encode for Timeout {
///     fn encode<W: Writer>(&self, w: &mut W) {
///         if let Err(err) = bridge::encode_json(&self.0, w) {
///             w.fail(err);
///         }
///     }
/// }
///
/// let timeout = Timeout(Duration::from_millis(1500));
/// assert_eq!(json::to_string(&timeout), r#"{"secs":1,"nanos":500000000}"#);
/// ```
pub fn encode_json<T: Serialize + ?Sized, W: json::Writer>(
    value: &T,
    w: &mut W,
) -> Result<(), BridgeError> {
    let formatter = WriterFormatter {
        w,
        has_value: false,
    };
    let mut serializer = serde_json::Serializer::with_formatter(NoBytes, formatter);
    value.serialize(&mut serializer).map_err(BridgeError::new)
}

/// The `io::Write` serde_json's serializer is given, which receives nothing: every byte goes
/// through the serializer's [`Formatter`], [`WriterFormatter`], which writes it into the fastwire
/// writer with that writer's typed methods. serde_json's serializer writes through its
/// formatter only; a byte that reached this writer (from a formatter method a later serde_json
/// added with a default body) is refused, so it fails the encoding instead of going missing.
struct NoBytes;

impl io::Write for NoBytes {
    #[cold]
    fn write(&mut self, _: &[u8]) -> io::Result<usize> {
        Err(io::Error::other(
            "serde_json wrote outside its formatter; fastwire's bridge cannot place the bytes",
        ))
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// serde_json's [`Formatter`] over a fastwire writer: each piece serde_json writes (a number,
/// a string's run of plain characters or one escape, a bracket, a separator) goes straight into
/// the writer through its typed methods, so serde_json's bytes are the writer's own bytes:
/// compact, or laid out as serde_json's `PrettyFormatter` lays them out, at the depth the writer
/// is at, with its indent.
///
/// Every method of the trait is written here (none falls back to a default body writing to
/// the `io::Write`, which is [`NoBytes`]). Everything handed to the writer is `&str` or a
/// number, so what the writer holds stays valid UTF-8 by its types.
struct WriterFormatter<'w, Out> {
    w: &'w mut Out,
    /// Whether the array or object being written has had an element, as in serde_json's
    /// `PrettyFormatter`: set after each element, cleared when one opens, read when one closes
    /// (an element always ends before its container does, so one flag is enough).
    has_value: bool,
}

/// The hexadecimal digits of a `\u00XX` escape, lower case as serde_json writes them.
const HEX_DIGITS: &str = "0123456789abcdef";

impl<Out: json::Writer> Formatter for WriterFormatter<'_, Out> {
    #[inline]
    fn write_null<X: ?Sized + io::Write>(&mut self, _: &mut X) -> io::Result<()> {
        self.w.write_null();
        Ok(())
    }

    #[inline]
    fn write_bool<X: ?Sized + io::Write>(&mut self, _: &mut X, value: bool) -> io::Result<()> {
        self.w.write_bool(value);
        Ok(())
    }

    #[inline]
    fn write_i8<X: ?Sized + io::Write>(&mut self, _: &mut X, value: i8) -> io::Result<()> {
        self.w.write_i64(value.into());
        Ok(())
    }

    #[inline]
    fn write_i16<X: ?Sized + io::Write>(&mut self, _: &mut X, value: i16) -> io::Result<()> {
        self.w.write_i64(value.into());
        Ok(())
    }

    #[inline]
    fn write_i32<X: ?Sized + io::Write>(&mut self, _: &mut X, value: i32) -> io::Result<()> {
        self.w.write_i64(value.into());
        Ok(())
    }

    #[inline]
    fn write_i64<X: ?Sized + io::Write>(&mut self, _: &mut X, value: i64) -> io::Result<()> {
        self.w.write_i64(value);
        Ok(())
    }

    #[inline]
    fn write_i128<X: ?Sized + io::Write>(&mut self, _: &mut X, value: i128) -> io::Result<()> {
        self.w.write_i128(value);
        Ok(())
    }

    #[inline]
    fn write_u8<X: ?Sized + io::Write>(&mut self, _: &mut X, value: u8) -> io::Result<()> {
        self.w.write_u64(value.into());
        Ok(())
    }

    #[inline]
    fn write_u16<X: ?Sized + io::Write>(&mut self, _: &mut X, value: u16) -> io::Result<()> {
        self.w.write_u64(value.into());
        Ok(())
    }

    #[inline]
    fn write_u32<X: ?Sized + io::Write>(&mut self, _: &mut X, value: u32) -> io::Result<()> {
        self.w.write_u64(value.into());
        Ok(())
    }

    #[inline]
    fn write_u64<X: ?Sized + io::Write>(&mut self, _: &mut X, value: u64) -> io::Result<()> {
        self.w.write_u64(value);
        Ok(())
    }

    #[inline]
    fn write_u128<X: ?Sized + io::Write>(&mut self, _: &mut X, value: u128) -> io::Result<()> {
        self.w.write_u128(value);
        Ok(())
    }

    /// serde_json calls it with finite values only (it writes NaN and the infinities as
    /// `null` itself); the writer prints them with the same shortest digits.
    #[inline]
    fn write_f32<X: ?Sized + io::Write>(&mut self, _: &mut X, value: f32) -> io::Result<()> {
        self.w.write_f32(value);
        Ok(())
    }

    /// As `write_f32`.
    #[inline]
    fn write_f64<X: ?Sized + io::Write>(&mut self, _: &mut X, value: f64) -> io::Result<()> {
        self.w.write_f64(value);
        Ok(())
    }

    #[inline]
    fn write_number_str<X: ?Sized + io::Write>(
        &mut self,
        _: &mut X,
        value: &str,
    ) -> io::Result<()> {
        self.w.write_fragment(value);
        Ok(())
    }

    #[inline]
    fn begin_string<X: ?Sized + io::Write>(&mut self, _: &mut X) -> io::Result<()> {
        self.w.write_fragment("\"");
        Ok(())
    }

    #[inline]
    fn end_string<X: ?Sized + io::Write>(&mut self, _: &mut X) -> io::Result<()> {
        self.w.write_fragment("\"");
        Ok(())
    }

    #[inline]
    fn write_string_fragment<X: ?Sized + io::Write>(
        &mut self,
        _: &mut X,
        fragment: &str,
    ) -> io::Result<()> {
        self.w.write_fragment(fragment);
        Ok(())
    }

    fn write_char_escape<X: ?Sized + io::Write>(
        &mut self,
        _: &mut X,
        char_escape: CharEscape,
    ) -> io::Result<()> {
        let escape = match char_escape {
            CharEscape::Quote => "\\\"",
            CharEscape::ReverseSolidus => "\\\\",
            CharEscape::Solidus => "\\/",
            CharEscape::Backspace => "\\b",
            CharEscape::FormFeed => "\\f",
            CharEscape::LineFeed => "\\n",
            CharEscape::CarriageReturn => "\\r",
            CharEscape::Tab => "\\t",
            CharEscape::AsciiControl(byte) => {
                let (high, low) = (usize::from(byte >> 4), usize::from(byte & 0xF));
                self.w.write_fragment("\\u00");
                self.w.write_fragment(&HEX_DIGITS[high..high + 1]);
                self.w.write_fragment(&HEX_DIGITS[low..low + 1]);
                return Ok(());
            }
        };
        self.w.write_fragment(escape);
        Ok(())
    }

    /// An array of numbers, as serde_json writes bytes.
    fn write_byte_array<X: ?Sized + io::Write>(
        &mut self,
        writer: &mut X,
        value: &[u8],
    ) -> io::Result<()> {
        self.begin_array(writer)?;
        for (index, byte) in value.iter().enumerate() {
            self.begin_array_value(writer, index == 0)?;
            self.write_u8(writer, *byte)?;
            self.end_array_value(writer)?;
        }
        self.end_array(writer)
    }

    #[inline]
    fn begin_array<X: ?Sized + io::Write>(&mut self, _: &mut X) -> io::Result<()> {
        self.has_value = false;
        self.w.begin_array();
        Ok(())
    }

    #[inline]
    fn end_array<X: ?Sized + io::Write>(&mut self, _: &mut X) -> io::Result<()> {
        self.w.end_array(self.has_value);
        Ok(())
    }

    #[inline]
    fn begin_array_value<X: ?Sized + io::Write>(
        &mut self,
        _: &mut X,
        first: bool,
    ) -> io::Result<()> {
        self.w.array_value(first);
        Ok(())
    }

    #[inline]
    fn end_array_value<X: ?Sized + io::Write>(&mut self, _: &mut X) -> io::Result<()> {
        self.has_value = true;
        Ok(())
    }

    #[inline]
    fn begin_object<X: ?Sized + io::Write>(&mut self, _: &mut X) -> io::Result<()> {
        self.has_value = false;
        self.w.begin_object();
        Ok(())
    }

    #[inline]
    fn end_object<X: ?Sized + io::Write>(&mut self, _: &mut X) -> io::Result<()> {
        self.w.end_object(self.has_value);
        Ok(())
    }

    #[inline]
    fn begin_object_key<X: ?Sized + io::Write>(
        &mut self,
        _: &mut X,
        first: bool,
    ) -> io::Result<()> {
        self.w.object_key(first);
        Ok(())
    }

    #[inline]
    fn end_object_key<X: ?Sized + io::Write>(&mut self, _: &mut X) -> io::Result<()> {
        Ok(())
    }

    #[inline]
    fn begin_object_value<X: ?Sized + io::Write>(&mut self, _: &mut X) -> io::Result<()> {
        self.w.object_colon();
        Ok(())
    }

    #[inline]
    fn end_object_value<X: ?Sized + io::Write>(&mut self, _: &mut X) -> io::Result<()> {
        self.has_value = true;
        Ok(())
    }

    #[inline]
    fn write_raw_fragment<X: ?Sized + io::Write>(
        &mut self,
        _: &mut X,
        fragment: &str,
    ) -> io::Result<()> {
        self.w.write_fragment(fragment);
        Ok(())
    }
}

/// Reads the next value as serde_json reads a `T` from its text, borrowing from the input
/// where `T` borrows (`&'de str` fields, `Cow` with `#[serde(borrow)]`).
///
/// The value is first read past as [`json::Reader::raw_value`] reads it (checked as skipped
/// values are), then its exact text goes to `serde_json::from_str`. serde_json's error
/// becomes fastwire's, at the byte its line and column point at in the whole input, with
/// serde_json's message and category. Inside the value the nesting limit is serde_json's own
/// (128 levels from the value).
///
/// ```
/// use fastwire::{bridge, json};
///
/// /// Any JSON array of two numbers, read with serde (fastwire does not implement `Decode`
/// /// for a foreign type such as this one).
/// #[derive(Debug)]
/// struct Extent(std::ops::Range<u32>);
///
/// impl<'de> json::Decode<'de> for Extent {
///     fn decode(r: &mut json::Reader<'de>) -> Result<Self, json::Error> {
///         bridge::decode_json(r).map(Extent)
///     }
/// }
///
/// let extents: Vec<Extent> = json::from_str(r#"[{"start": 1, "end": 4}]"#).unwrap();
/// assert_eq!(extents[0].0, 1..4);
///
/// let err = json::from_str::<Vec<Extent>>("[\n {\"start\": 1, \"end\": true}]").unwrap_err();
/// assert_eq!(err.to_string(), "invalid type: boolean `true`, expected u32 at [0] (line 2, column 25)");
/// assert!(err.is_data());
/// ```
pub fn decode_json<'de, T: Deserialize<'de>>(r: &mut json::Reader<'de>) -> Result<T, json::Error> {
    let raw = r.raw_value()?;
    serde_json::from_str(raw).map_err(|err| {
        let start = r.offset() - raw.len();
        r.serde_json_error(&err, start + offset_in(raw, err.line(), err.column()))
    })
}

/// The byte of `text` that serde_json's 1-based `line` and byte `column` point at (its
/// columns count the bytes of the line up to and including that one).
fn offset_in(text: &str, line: usize, column: usize) -> usize {
    if line == 0 {
        return 0;
    }
    let line_start = match line {
        1 => 0,
        _ => text
            .match_indices('\n')
            .nth(line - 2)
            .map_or(text.len(), |(newline, _)| newline + 1),
    };
    (line_start + column.saturating_sub(1)).min(text.len())
}

/// Writes through [`encode_json`]; its error is recorded with
/// [`fail`](json::Writer::fail).
impl<T: Serialize> json::Encode for Serde<T> {
    #[inline]
    fn encode<W: json::Writer>(&self, w: &mut W) {
        if let Err(err) = encode_json(&self.0, w) {
            w.fail(err);
        }
    }
}

/// Reads through [`decode_json`].
impl<'de, T: Deserialize<'de>> json::Decode<'de> for Serde<T> {
    #[inline]
    fn decode(r: &mut json::Reader<'de>) -> Result<Self, json::Error> {
        decode_json(r).map(Serde)
    }

    #[inline]
    fn missing() -> Option<Self> {
        missing().map(Serde)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serde_json_positions_map_to_bytes() {
        let text = "[1,\n  2,\n\n 3]";
        assert_eq!(offset_in(text, 0, 0), 0);
        assert_eq!(offset_in(text, 1, 1), 0);
        assert_eq!(offset_in(text, 1, 3), 2);
        assert_eq!(offset_in(text, 2, 0), 4);
        assert_eq!(offset_in(text, 2, 3), 6);
        assert_eq!(offset_in(text, 4, 2), 11);
        assert_eq!(offset_in(text, 4, 99), text.len());
        // serde_json itself agrees on what it points at.
        let err = serde_json::from_str::<Vec<u8>>(text.replace('3', "x").as_str()).unwrap_err();
        assert_eq!(&text[offset_in(text, err.line(), err.column())..][..1], "3");
    }
}
