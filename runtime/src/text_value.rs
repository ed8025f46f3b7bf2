//! Values written as short ASCII text (dates, ids, decimals): text built on the stack is
//! written as a JSON string or a MessagePack `str` without escaping (it is ASCII with no
//! quotes or backslashes), and read from a string only (not a `bin`, which serde's string
//! visitors refuse), with errors at the string's first byte.
#![allow(dead_code)] // each set of features uses the part it needs

/// Writes `text` (ASCII, without quotes, backslashes or control characters) as a JSON string.
#[cfg(feature = "json")]
#[inline]
pub(crate) fn json_write_ascii<W: crate::json::Writer>(w: &mut W, text: &[u8]) {
    w.reserve(text.len() + 2);
    // The text needs no escapes, so the writer's guarantee of valid JSON and UTF-8 holds.
    let buf = w.buffer(crate::json::Token);
    buf.push(b'"');
    buf.extend_from_slice(text);
    buf.push(b'"');
}

/// Reads a JSON string and gives its text to `parse`; anything else is an "invalid type"
/// error naming `expected` (the words of the type's serde visitor), and `parse`'s error is a
/// data error at the string's first byte.
#[cfg(feature = "json")]
#[inline]
pub(crate) fn json_read_text<T>(
    r: &mut crate::json::Reader<'_>,
    expected: &'static str,
    parse: impl FnOnce(&str) -> Result<T, String>,
) -> Result<T, crate::json::Error> {
    if r.peek()? != b'"' {
        return Err(r.invalid_type(expected));
    }
    let at = r.offset();
    let parsed = {
        let text = r.decode_str()?;
        parse(&text)
    };
    parsed.map_err(|message| r.custom_at(message, at))
}

/// Reads a MessagePack `str` and gives its text to `parse`, as [`json_read_text`] does.
#[cfg(feature = "msgpack")]
#[inline]
pub(crate) fn msgpack_read_text<T>(
    r: &mut crate::msgpack::Reader<'_>,
    expected: &'static str,
    parse: impl FnOnce(&str) -> Result<T, String>,
) -> Result<T, crate::msgpack::Error> {
    let at = r.offset();
    match r.peek()? {
        0xA0..=0xBF | 0xD9..=0xDB => {}
        _ => return Err(r.invalid_type(expected)),
    }
    let text = r.decode_str()?;
    parse(text).map_err(|message| r.custom_at(message, at))
}
