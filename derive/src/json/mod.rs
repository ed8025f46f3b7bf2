//! JSON generators: one module per direction.

pub mod decode;
pub mod encode;

/// `value` as a JSON string literal, escaped exactly as the runtime escapes strings, so a key
/// written at compile time equals what serde_json writes for it at run time.
pub fn quote_json_string(value: &str) -> String {
    let mut out = String::with_capacity(value.len() + 2);
    out.push('"');
    for ch in value.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            ch if (ch as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", ch as u32)),
            ch => out.push(ch),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::quote_json_string;

    #[test]
    fn escapes_like_serde_json() {
        assert_eq!(quote_json_string("id"), "\"id\"");
        assert_eq!(quote_json_string("a\"b\\c"), "\"a\\\"b\\\\c\"");
        assert_eq!(
            quote_json_string("\u{1}\u{1f}\n\t"),
            "\"\\u0001\\u001f\\n\\t\""
        );
        assert_eq!(quote_json_string("\u{7f}é/"), "\"\u{7f}é/\"");
    }
}
