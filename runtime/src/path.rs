//! The path from a document's root to a failing value (`users[1024].regDate`), shared by the
//! errors of every format. Segments are pushed innermost first, while an error travels
//! outwards through the decoders, and read back from the root when displayed.

use std::fmt::{self, Write as _};

/// One step of the path to the failing value.
pub(crate) enum Segment {
    /// A struct field, by its encoded name.
    Field(&'static str),
    /// A map entry, by its key's text.
    Key(Box<str>),
    /// A sequence element, by position.
    Index(usize),
}

/// The path, innermost segment first.
#[derive(Default)]
pub(crate) struct Path(Vec<Segment>);

impl Path {
    pub(crate) fn push(&mut self, segment: Segment) {
        self.0.push(segment);
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl fmt::Display for Path {
    /// From the root: fields joined by dots, keys quoted in brackets, indexes in brackets.
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let mut first = true;
        for segment in self.0.iter().rev() {
            match segment {
                Segment::Field(name) => {
                    if !first {
                        f.write_char('.')?;
                    }
                    f.write_str(name)?;
                }
                Segment::Key(key) => {
                    f.write_char('[')?;
                    write_quoted(f, key)?;
                    f.write_char(']')?;
                }
                Segment::Index(index) => write!(f, "[{index}]")?,
            }
            first = false;
        }
        Ok(())
    }
}

/// `text` as a JSON string literal (quotes, backslashes and control characters escaped).
fn write_quoted(f: &mut fmt::Formatter, text: &str) -> fmt::Result {
    f.write_char('"')?;
    for ch in text.chars() {
        match ch {
            '"' => f.write_str("\\\"")?,
            '\\' => f.write_str("\\\\")?,
            '\n' => f.write_str("\\n")?,
            '\r' => f.write_str("\\r")?,
            '\t' => f.write_str("\\t")?,
            '\u{8}' => f.write_str("\\b")?,
            '\u{c}' => f.write_str("\\f")?,
            ch if (ch as u32) < 0x20 => write!(f, "\\u{:04x}", ch as u32)?,
            ch => f.write_char(ch)?,
        }
    }
    f.write_char('"')
}

/// "expected `a`", "expected `a` or `b`", "expected one of `a`, `b`, `c`": serde's wording
/// for the names a field or variant could have had.
pub(crate) fn one_of(names: &[&str], f: &mut fmt::Formatter) -> fmt::Result {
    match names {
        [] => f.write_str("there are none"),
        [only] => write!(f, "expected `{only}`"),
        [first, second] => write!(f, "expected `{first}` or `{second}`"),
        [first, rest @ ..] => {
            write!(f, "expected one of `{first}`")?;
            for name in rest {
                write!(f, ", `{name}`")?;
            }
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_from_the_root() {
        let mut path = Path::default();
        path.push(Segment::Field("regDate"));
        path.push(Segment::Index(1024));
        path.push(Segment::Field("users"));
        path.push(Segment::Key("a\"b\u{1}".into()));
        assert_eq!(path.to_string(), r#"["a\"b\u0001"].users[1024].regDate"#);
    }
}
