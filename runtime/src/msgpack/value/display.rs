//! [`Value`]'s `Display`: a readable, JSON-like text for logs and messages.

use std::fmt::{self, Display, Write as _};

use super::Value;

/// A readable text in the style of JSON, for people rather than programs: it is **not** JSON
/// (map keys of any type, integers beyond JSON's safe range, NaN, binaries and extensions all
/// have to be shown) and is not meant to be parsed back.
///
/// | value | shown as |
/// |---|---|
/// | `Nil` | `nil` |
/// | `Bool` | `true`, `false` |
/// | `Integer` | its digits: `-5`, `18446744073709551615` |
/// | `F32`, `F64` | Rust's shortest round-trip text, always with a point or exponent: `1.0`, `0.1`, `1e100`, `NaN`, `inf`, `-inf` |
/// | `String` | in double quotes, `"` `\` and control characters escaped as JSON escapes them |
/// | `Binary` | hex in CBOR's diagnostic notation: `h'00ff'` |
/// | `Array` | `[1, 2]` |
/// | `Map` | `{"a": 1, 2: nil}`, entries in order |
/// | `Ext` | `ext(5, h'0102')` |
/// | `Timestamp` | `timestamp(2024-02-29T12:00:00.500Z)`, the RFC 3339 text of [`Timestamp`](crate::msgpack::Timestamp)'s `Display` |
///
/// ```
/// use fastwire::msgpack::Value;
///
/// let doc = Value::Map(vec![
///     ("text".into(), "say \"hi\"\n".into()),
///     (2.into(), Value::Array(vec![1.0f32.into(), f64::NAN.into(), Value::Nil])),
///     ("bin".into(), vec![0u8, 0xff].into()),
///     ("ext".into(), Value::Ext(-5, vec![1, 2])),
/// ]);
/// assert_eq!(
///     doc.to_string(),
///     r#"{"text": "say \"hi\"\n", 2: [1.0, NaN, nil], "bin": h'00ff', "ext": ext(-5, h'0102')}"#
/// );
/// ```
impl Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Value::Nil => f.write_str("nil"),
            Value::Bool(value) => Display::fmt(value, f),
            Value::Integer(value) => Display::fmt(value, f),
            // `Debug` is the shortest text that reads back to the same float, with `.0` on
            // integral values so they cannot be taken for integers.
            Value::F32(value) => write!(f, "{value:?}"),
            Value::F64(value) => write!(f, "{value:?}"),
            Value::String(value) => write_quoted(f, value),
            Value::Binary(value) => write_hex(f, value),
            Value::Array(items) => {
                f.write_char('[')?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    Display::fmt(item, f)?;
                }
                f.write_char(']')
            }
            Value::Map(entries) => {
                f.write_char('{')?;
                for (i, (key, value)) in entries.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{key}: {value}")?;
                }
                f.write_char('}')
            }
            Value::Ext(code, data) => {
                write!(f, "ext({code}, ")?;
                write_hex(f, data)?;
                f.write_char(')')
            }
            Value::Timestamp(value) => write!(f, "timestamp({value})"),
        }
    }
}

/// `text` in double quotes, escaped as JSON escapes strings.
fn write_quoted(f: &mut fmt::Formatter, text: &str) -> fmt::Result {
    f.write_char('"')?;
    let mut start = 0;
    for (i, ch) in text.char_indices() {
        let escape = match ch {
            '"' => "\\\"",
            '\\' => "\\\\",
            '\n' => "\\n",
            '\r' => "\\r",
            '\t' => "\\t",
            '\u{8}' => "\\b",
            '\u{c}' => "\\f",
            ch if ch < ' ' => "",
            _ => continue,
        };
        f.write_str(&text[start..i])?;
        if escape.is_empty() {
            write!(f, "\\u{:04x}", ch as u32)?;
        } else {
            f.write_str(escape)?;
        }
        start = i + ch.len_utf8();
    }
    f.write_str(&text[start..])?;
    f.write_char('"')
}

/// `bytes` as `h'...'`, two lowercase hex digits a byte.
fn write_hex(f: &mut fmt::Formatter, bytes: &[u8]) -> fmt::Result {
    f.write_str("h'")?;
    for byte in bytes {
        write!(f, "{byte:02x}")?;
    }
    f.write_char('\'')
}
