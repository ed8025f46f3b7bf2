//! Explaining how two MessagePack documents differ: where the bytes first part, and what the
//! differences are: another value, or the same value written another way (an integer in a wider
//! or signed form, a map entry with a nil value that the other document leaves out, map
//! entries in another order).
//!
//! fastwire must write rmp-serde's bytes exactly, and any difference there is a bug; the
//! explanation says where to look. zerompk writes the same data differently in places, and the
//! explanation says how.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::oracle::first_difference;

/// One MessagePack value as written: values, and the form each was written in.
#[derive(Debug)]
enum Node<'a> {
    Nil,
    Bool(bool),
    Int {
        value: i128,
        form: &'static str,
    },
    Float {
        value: f64,
        form: &'static str,
    },
    Str {
        bytes: &'a [u8],
        form: &'static str,
    },
    Bin {
        bytes: &'a [u8],
        form: &'static str,
    },
    Array {
        items: Vec<Node<'a>>,
        form: &'static str,
    },
    Map {
        entries: Vec<(Node<'a>, Node<'a>)>,
        form: &'static str,
    },
    Ext {
        tag: i8,
        data: &'a [u8],
        form: &'static str,
    },
}

/// A cursor over a document being parsed.
struct Parser<'a> {
    input: &'a [u8],
    pos: usize,
}

impl<'a> Parser<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], String> {
        let end = self
            .pos
            .checked_add(n)
            .filter(|&end| end <= self.input.len());
        let Some(end) = end else {
            return Err(format!("truncated at byte {}", self.pos));
        };
        let bytes = &self.input[self.pos..end];
        self.pos = end;
        Ok(bytes)
    }

    fn uint(&mut self, n: usize) -> Result<u64, String> {
        Ok(self
            .take(n)?
            .iter()
            .fold(0u64, |acc, &b| (acc << 8) | u64::from(b)))
    }

    fn int(&mut self, n: usize) -> Result<i128, String> {
        let raw = self.uint(n)?;
        let shift = 64 - 8 * n as u32;
        Ok(i128::from(((raw << shift) as i64) >> shift))
    }

    fn items(&mut self, len: usize, form: &'static str) -> Result<Node<'a>, String> {
        let items = (0..len).map(|_| self.node()).collect::<Result<_, _>>()?;
        Ok(Node::Array { items, form })
    }

    fn entries(&mut self, len: usize, form: &'static str) -> Result<Node<'a>, String> {
        let entries = (0..len)
            .map(|_| Ok((self.node()?, self.node()?)))
            .collect::<Result<_, String>>()?;
        Ok(Node::Map { entries, form })
    }

    fn ext(&mut self, len: usize, form: &'static str) -> Result<Node<'a>, String> {
        let tag = self.take(1)?[0] as i8;
        Ok(Node::Ext {
            tag,
            data: self.take(len)?,
            form,
        })
    }

    fn node(&mut self) -> Result<Node<'a>, String> {
        let marker = self.take(1)?[0];
        let len = |p: &mut Self, n| p.uint(n).map(|len| len as usize);
        Ok(match marker {
            0x00..=0x7f => Node::Int {
                value: i128::from(marker),
                form: "positive fixint",
            },
            0x80..=0x8f => self.entries(usize::from(marker & 0x0f), "fixmap")?,
            0x90..=0x9f => self.items(usize::from(marker & 0x0f), "fixarray")?,
            0xa0..=0xbf => Node::Str {
                bytes: self.take(usize::from(marker & 0x1f))?,
                form: "fixstr",
            },
            0xc0 => Node::Nil,
            0xc2 => Node::Bool(false),
            0xc3 => Node::Bool(true),
            0xc4..=0xc6 => {
                let (n, form) =
                    [(1, "bin 8"), (2, "bin 16"), (4, "bin 32")][usize::from(marker - 0xc4)];
                let n = len(self, n)?;
                Node::Bin {
                    bytes: self.take(n)?,
                    form,
                }
            }
            0xc7..=0xc9 => {
                let (n, form) =
                    [(1, "ext 8"), (2, "ext 16"), (4, "ext 32")][usize::from(marker - 0xc7)];
                let n = len(self, n)?;
                self.ext(n, form)?
            }
            0xca => Node::Float {
                value: f64::from(f32::from_bits(self.uint(4)? as u32)),
                form: "float 32",
            },
            0xcb => Node::Float {
                value: f64::from_bits(self.uint(8)?),
                form: "float 64",
            },
            0xcc..=0xcf => {
                let (n, form) = [
                    (1, "uint 8"),
                    (2, "uint 16"),
                    (4, "uint 32"),
                    (8, "uint 64"),
                ][usize::from(marker - 0xcc)];
                Node::Int {
                    value: i128::from(self.uint(n)?),
                    form,
                }
            }
            0xd0..=0xd3 => {
                let (n, form) = [(1, "int 8"), (2, "int 16"), (4, "int 32"), (8, "int 64")]
                    [usize::from(marker - 0xd0)];
                Node::Int {
                    value: self.int(n)?,
                    form,
                }
            }
            0xd4..=0xd8 => {
                let n = 1usize << (marker - 0xd4);
                let form = ["fixext 1", "fixext 2", "fixext 4", "fixext 8", "fixext 16"]
                    [usize::from(marker - 0xd4)];
                self.ext(n, form)?
            }
            0xd9..=0xdb => {
                let (n, form) =
                    [(1, "str 8"), (2, "str 16"), (4, "str 32")][usize::from(marker - 0xd9)];
                let n = len(self, n)?;
                Node::Str {
                    bytes: self.take(n)?,
                    form,
                }
            }
            0xdc | 0xdd => {
                let (n, form) = if marker == 0xdc {
                    (2, "array 16")
                } else {
                    (4, "array 32")
                };
                let n = len(self, n)?;
                self.items(n, form)?
            }
            0xde | 0xdf => {
                let (n, form) = if marker == 0xde {
                    (2, "map 16")
                } else {
                    (4, "map 32")
                };
                let n = len(self, n)?;
                self.entries(n, form)?
            }
            0xe0..=0xff => Node::Int {
                value: i128::from(marker as i8),
                form: "negative fixint",
            },
            0xc1 => return Err(format!("0xc1 (never used) at byte {}", self.pos - 1)),
        })
    }
}

/// Parses one whole document.
fn parse(input: &[u8]) -> Result<Node<'_>, String> {
    let mut parser = Parser { input, pos: 0 };
    let node = parser.node()?;
    if parser.pos != input.len() {
        return Err(format!(
            "{} bytes after the value",
            input.len() - parser.pos
        ));
    }
    Ok(node)
}

/// A short description of a value, for messages.
fn describe(node: &Node<'_>) -> String {
    match node {
        Node::Nil => "nil".to_owned(),
        Node::Bool(b) => b.to_string(),
        Node::Int { value, form } => format!("{value} ({form})"),
        Node::Float { value, form } => format!("{value:?} ({form})"),
        Node::Str { bytes, form } => {
            let text = String::from_utf8_lossy(bytes);
            let short: String = text.chars().take(40).collect();
            let more = if short.len() < text.len() { "..." } else { "" };
            format!("{short:?}{more} ({form})")
        }
        Node::Bin { bytes, form } => format!("{} bytes ({form})", bytes.len()),
        Node::Array { items, form } => format!("an array of {} ({form})", items.len()),
        Node::Map { entries, form } => format!("a map of {} ({form})", entries.len()),
        Node::Ext { tag, data, form } => format!("ext {tag} of {} bytes ({form})", data.len()),
    }
}

/// A map key as it appears in a path.
fn key_text(key: &Node<'_>) -> String {
    match key {
        Node::Str { bytes, .. } => String::from_utf8_lossy(bytes).into_owned(),
        other => format!("<{}>", describe(other)),
    }
}

/// The differences found, by kind; each kind counted, with the path of its first occurrence.
#[derive(Default)]
struct Differences {
    kinds: BTreeMap<String, (usize, String)>,
    /// The first difference in value, if any.
    value: Option<String>,
}

impl Differences {
    fn note(&mut self, kind: String, path: &str) {
        let entry = self.kinds.entry(kind).or_insert((0, path.to_owned()));
        entry.0 += 1;
    }

    fn walk(&mut self, a: &Node<'_>, b: &Node<'_>, path: &mut String, names: (&str, &str)) {
        if self.value.is_some() {
            return;
        }
        let here = |path: &str| {
            if path.is_empty() {
                "(root)".to_owned()
            } else {
                path.to_owned()
            }
        };
        let form_pair =
            |fa: &str, fb: &str| format!("{} writes {fa}, {} writes {fb}", names.0, names.1);
        match (a, b) {
            (Node::Int { value: x, form: fa }, Node::Int { value: y, form: fb }) if x == y => {
                if fa != fb {
                    self.note(
                        format!("same integer, another form: {}", form_pair(fa, fb)),
                        &here(path),
                    );
                }
            }
            (Node::Float { value: x, form: fa }, Node::Float { value: y, form: fb })
                if x.to_bits() == y.to_bits() =>
            {
                if fa != fb {
                    self.note(
                        format!("same float, another form: {}", form_pair(fa, fb)),
                        &here(path),
                    );
                }
            }
            (Node::Str { bytes: x, form: fa }, Node::Str { bytes: y, form: fb }) if x == y => {
                if fa != fb {
                    self.note(
                        format!("same string, another header: {}", form_pair(fa, fb)),
                        &here(path),
                    );
                }
            }
            (Node::Bin { bytes: x, form: fa }, Node::Bin { bytes: y, form: fb }) if x == y => {
                if fa != fb {
                    self.note(
                        format!("same binary, another header: {}", form_pair(fa, fb)),
                        &here(path),
                    );
                }
            }
            (
                Node::Array {
                    items: xs,
                    form: fa,
                },
                Node::Array {
                    items: ys,
                    form: fb,
                },
            ) if xs.len() == ys.len() => {
                if fa != fb {
                    self.note(
                        format!("same array, another header: {}", form_pair(fa, fb)),
                        &here(path),
                    );
                }
                for (i, (x, y)) in xs.iter().zip(ys).enumerate() {
                    let len = path.len();
                    let _ = write!(path, "[{i}]");
                    self.walk(x, y, path, names);
                    path.truncate(len);
                }
            }
            (
                Node::Map {
                    entries: xs,
                    form: fa,
                },
                Node::Map {
                    entries: ys,
                    form: fb,
                },
            ) => {
                self.walk_maps((xs, fa), (ys, fb), path, names);
            }
            (Node::Nil, Node::Nil) => {}
            (Node::Bool(x), Node::Bool(y)) if x == y => {}
            (
                Node::Ext {
                    tag: t,
                    data: x,
                    form: fa,
                },
                Node::Ext {
                    tag: u,
                    data: y,
                    form: fb,
                },
            ) if t == u && x == y => {
                if fa != fb {
                    self.note(
                        format!("same extension, another header: {}", form_pair(fa, fb)),
                        &here(path),
                    );
                }
            }
            _ => {
                self.value = Some(format!(
                    "{}: {} has {}, {} has {}",
                    here(path),
                    names.0,
                    describe(a),
                    names.1,
                    describe(b)
                ));
            }
        }
    }

    fn walk_maps(
        &mut self,
        (xs, fa): (&[(Node<'_>, Node<'_>)], &str),
        (ys, fb): (&[(Node<'_>, Node<'_>)], &str),
        path: &mut String,
        names: (&str, &str),
    ) {
        let here = if path.is_empty() {
            "(root)".to_owned()
        } else {
            path.clone()
        };
        let xkeys: Vec<String> = xs.iter().map(|(k, _)| key_text(k)).collect();
        let ykeys: Vec<String> = ys.iter().map(|(k, _)| key_text(k)).collect();
        // Entries only one side writes: a nil value is an `Option` one library leaves out.
        for (side, (own, other), entries) in [
            (names.0, (&xkeys, &ykeys), xs),
            (names.1, (&ykeys, &xkeys), ys),
        ] {
            for (key, (_, value)) in own.iter().zip(entries) {
                if other.contains(key) {
                    continue;
                }
                let at = if path.is_empty() {
                    key.clone()
                } else {
                    format!("{path}.{key}")
                };
                if matches!(value, Node::Nil) {
                    self.note(
                        format!("map entries with a nil value that only {side} writes"),
                        &at,
                    );
                } else if self.value.is_none() {
                    self.value = Some(format!(
                        "{at}: only {side} has this entry: {}",
                        describe(value)
                    ));
                }
            }
        }
        let common = |keys: &[String], other: &[String]| -> Vec<String> {
            keys.iter().filter(|k| other.contains(k)).cloned().collect()
        };
        if common(&xkeys, &ykeys) != common(&ykeys, &xkeys) {
            self.note("map entries in another order".to_owned(), &here);
        }
        if fa != fb && xs.len() == ys.len() {
            self.note(
                format!(
                    "same map, another header: {} writes {fa}, {} writes {fb}",
                    names.0, names.1
                ),
                &here,
            );
        }
        for ((_, x), xkey) in xs.iter().zip(&xkeys) {
            let Some(i) = ykeys.iter().position(|k| k == xkey) else {
                continue;
            };
            let len = path.len();
            if !path.is_empty() {
                path.push('.');
            }
            path.push_str(xkey);
            self.walk(x, &ys[i].1, path, names);
            path.truncate(len);
        }
    }
}

/// How two documents differ: see [`explain`].
#[derive(Debug)]
pub struct Report {
    /// The report, several lines.
    pub text: String,
    /// Whether both documents are one MessagePack value each and hold the same data: every
    /// difference is one of form (integer widths, headers, nil entries, entry order).
    pub same_values: bool,
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

/// `None` if `a` and `b` are the same bytes; otherwise a report: the first differing byte
/// (with the bytes around it in hex), then what differs, kind by kind, each with a count and
/// the path of its first occurrence (`statuses[0].user.utc_offset`), or the first place where
/// the two documents hold different values.
pub fn explain(
    what: &str,
    (a_name, a): (&str, &[u8]),
    (b_name, b): (&str, &[u8]),
) -> Option<Report> {
    let at = first_difference(a, b)?;
    let hex = |s: &[u8]| {
        let start = at.saturating_sub(8).min(s.len());
        let end = (at + 16).min(s.len());
        s[start..end]
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut out = format!(
        "{what}: the bytes differ from byte {at} (lengths {} and {}; bytes from {} shown)\n  \
         {a_name}: {}\n  {b_name}: {}",
        a.len(),
        b.len(),
        at.saturating_sub(8),
        hex(a),
        hex(b),
    );
    let mut same_values = false;
    match (parse(a), parse(b)) {
        (Ok(x), Ok(y)) => {
            let mut differences = Differences::default();
            differences.walk(&x, &y, &mut String::new(), (a_name, b_name));
            for (kind, (count, first)) in &differences.kinds {
                let _ = write!(out, "\n  - {kind}: {count}x, first at {first}");
            }
            match differences.value {
                Some(value) => {
                    let _ = write!(out, "\n  - the values differ, first at {value}");
                }
                None => {
                    same_values = true;
                    out.push_str("\n  - the values are the same");
                }
            }
        }
        (Err(e), _) => {
            let _ = write!(
                out,
                "\n  - {a_name}'s bytes are not one MessagePack value: {e}"
            );
        }
        (_, Err(e)) => {
            let _ = write!(
                out,
                "\n  - {b_name}'s bytes are not one MessagePack value: {e}"
            );
        }
    }
    Some(Report {
        text: out,
        same_values,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_bytes() {
        assert!(explain("x", ("a", b"\x91\x01"), ("b", b"\x91\x01")).is_none());
    }

    #[test]
    fn forms_entries_and_values() {
        // {"a": 300, "b": nil, "c": "x"} against {"c": "x", "a": 300} with 300 as int 16.
        let a = b"\x83\xa1a\xcd\x01\x2c\xa1b\xc0\xa1c\xa1x";
        let b = b"\x82\xa1c\xa1x\xa1a\xd1\x01\x2c";
        let report = explain("doc", ("a", a), ("b", b)).unwrap();
        assert!(report.same_values);
        let report = report.text;
        assert!(report.contains("from byte 0"), "{report}");
        assert!(
            report.contains(
                "same integer, another form: a writes uint 16, b writes int 16: 1x, first at a"
            ),
            "{report}"
        );
        assert!(
            report.contains("map entries with a nil value that only a writes: 1x, first at b"),
            "{report}"
        );
        assert!(report.contains("map entries in another order"), "{report}");
        assert!(report.contains("the values are the same"), "{report}");

        let c = b"\x92\x01\xa1y";
        let d = b"\x92\x01\xa1z";
        let report = explain("doc", ("c", c), ("d", d)).unwrap();
        assert!(!report.same_values);
        let report = report.text;
        assert!(
            report.contains("first at [1]: c has \"y\" (fixstr), d has \"z\" (fixstr)"),
            "{report}"
        );
    }

    #[test]
    fn every_marker_parses() {
        let doc: &[u8] = &[
            0xdc, 0x00, 0x0e, // array 16 of 14:
            0xc4, 0x01, 0xff, // bin 8
            0xd4, 0x01, 0x02, // fixext 1
            0xc7, 0x01, 0x05, 0x07, // ext 8
            0xca, 0x3f, 0x80, 0x00, 0x00, // float 32: 1.0
            0xd0, 0x80, // int 8: -128
            0xd3, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe, // int 64: -2
            0xcf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, // uint 64: max
            0xd9, 0x01, b'q', // str 8
            0xde, 0x00, 0x00, // map 16, empty
            0xe0, // negative fixint -32
            0xc2, 0xc3, 0xc0, // false, true, nil
            0x80, // fixmap, empty
        ];
        let Node::Array { items, .. } = parse(doc).unwrap() else {
            panic!("not an array");
        };
        let shown: Vec<String> = items.iter().map(describe).collect();
        assert_eq!(
            shown,
            [
                "1 bytes (bin 8)",
                "ext 1 of 1 bytes (fixext 1)",
                "ext 5 of 1 bytes (ext 8)",
                "1.0 (float 32)",
                "-128 (int 8)",
                "-2 (int 64)",
                "18446744073709551615 (uint 64)",
                "\"q\" (str 8)",
                "a map of 0 (map 16)",
                "-32 (negative fixint)",
                "false",
                "true",
                "nil",
                "a map of 0 (fixmap)",
            ]
        );
        assert!(parse(b"\xc1").is_err());
        assert!(parse(b"\xa2a").is_err());
        assert!(parse(b"\x01\x02").is_err());
    }
}
