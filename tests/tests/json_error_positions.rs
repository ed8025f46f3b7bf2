//! Where JSON errors point, against serde_json: every rejected file of JSONTestSuite, seeded
//! mutations of the json-benchmark corpus, and typed data errors must give serde_json's line,
//! column and category (syntax, EOF, data); plus the error type's conversions.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use fastwire::json::{self, Category, Value};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde::de::DeserializeOwned;

fn data_dir(parts: &[&str]) -> PathBuf {
    let mut dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data");
    for part in parts {
        dir.push(part);
    }
    assert!(
        dir.is_dir(),
        "test data missing: {} (../shared/data must sit beside the checkout)",
        dir.display()
    );
    dir
}

/// The category of a serde_json error, in fastwire's terms.
fn their_category(err: &serde_json::Error) -> Category {
    match err.classify() {
        serde_json::error::Category::Io => Category::Io,
        serde_json::error::Category::Syntax => Category::Syntax,
        serde_json::error::Category::Data => Category::Data,
        serde_json::error::Category::Eof => Category::Eof,
    }
}

/// What a decoder made of a document: accepted, or rejected with a category and a position.
#[derive(Debug, PartialEq, Eq)]
enum Verdict {
    Accepted,
    Rejected {
        category: Category,
        line: usize,
        column: usize,
    },
}

fn ours<T: for<'de> json::Decode<'de>>(bytes: &[u8]) -> (Verdict, String) {
    match json::from_slice::<T>(bytes) {
        Ok(_) => (Verdict::Accepted, String::new()),
        Err(err) => (
            Verdict::Rejected {
                category: err.classify(),
                line: err.line(),
                column: err.column(),
            },
            err.to_string(),
        ),
    }
}

fn theirs<T: DeserializeOwned>(bytes: &[u8]) -> (Verdict, String) {
    match serde_json::from_slice::<T>(bytes) {
        Ok(_) => (Verdict::Accepted, String::new()),
        Err(err) => (
            Verdict::Rejected {
                category: their_category(&err),
                line: err.line(),
                column: err.column(),
            },
            err.to_string(),
        ),
    }
}

/// `None` when fastwire (decoding `bytes` as `O`) and serde_json (as `S`) reach the same
/// verdict, otherwise a description of the difference.
fn difference<O, S>(bytes: &[u8]) -> Option<String>
where
    O: for<'de> json::Decode<'de>,
    S: DeserializeOwned,
{
    let (our, our_message) = ours::<O>(bytes);
    let (their, their_message) = theirs::<S>(bytes);
    (our != their).then(|| {
        format!("fastwire {our:?} ({our_message}), serde_json {their:?} ({their_message})")
    })
}

/// Files whose position cannot match serde_json's, with the reason; the test checks that
/// exactly these differ.
const EXCEPTIONS: &[(&str, &str)] = &[];

#[test]
fn every_rejected_suite_file_fails_where_serde_json_fails() {
    let dir = data_dir(&["JSONTestSuite", "test_parsing"]);
    let mut names: Vec<String> = fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with("n_") && name.ends_with(".json"))
        .collect();
    names.sort();
    assert_eq!(names.len(), 188, "the suite has 188 files to reject");
    let mut differing = Vec::new();
    let mut report = Vec::new();
    for name in &names {
        let bytes = fs::read(dir.join(name)).unwrap();
        let (our, _) = ours::<Value>(&bytes);
        assert_ne!(our, Verdict::Accepted, "{name} was accepted");
        if let Some(diff) = difference::<Value, serde_json::Value>(&bytes) {
            report.push(format!("{name}: {diff}"));
            differing.push(name.as_str());
        }
    }
    let expected: Vec<&str> = EXCEPTIONS.iter().map(|(name, _)| *name).collect();
    assert_eq!(differing, expected, "\n{}", report.join("\n"));
}

/// Base seed of the mutation cases; `FASTWIRE_ERROR_SEED` replaces it.
const DEFAULT_SEED: u64 = 0x0e77_0a5e_5eed_0001;
/// Mutation cases per corpus file; `FASTWIRE_ERROR_CASES` replaces it.
const DEFAULT_CASES: usize = 1500;
/// The pieces of the corpus that are mutated are at most this long, so that a case runs in
/// well under a millisecond in a debug build.
const MAX_PIECE: usize = 3000;

/// The number in the environment variable `name` (decimal or `0x` hex), or `default`.
fn env_or(name: &str, default: u64) -> u64 {
    match std::env::var(name) {
        Ok(text) => {
            let text = text.trim().replace('_', "");
            match text.strip_prefix("0x") {
                Some(hex) => u64::from_str_radix(hex, 16),
                None => text.parse(),
            }
            .unwrap_or_else(|_| panic!("{name}={text:?} is not a number"))
        }
        Err(_) => default,
    }
}

/// The spans of every array and object in a valid document, found by a scan that knows
/// strings (so brackets inside them do not count).
fn container_spans(doc: &[u8]) -> Vec<(usize, usize)> {
    let (mut spans, mut open) = (Vec::new(), Vec::new());
    let mut i = 0;
    while i < doc.len() {
        match doc[i] {
            b'"' => {
                i += 1;
                while doc[i] != b'"' {
                    i += if doc[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'[' | b'{' => open.push(i),
            b']' | b'}' => {
                let start = open.pop().expect("balanced");
                spans.push((start, i + 1));
            }
            _ => {}
        }
        i += 1;
    }
    spans
}

/// A byte to insert or to replace another with: mostly bytes that mean something in JSON,
/// some control characters, some bytes that are never UTF-8 or only inside a sequence.
fn interesting_byte(rng: &mut StdRng) -> u8 {
    const SIGNIFICANT: &[u8] = b"{}[]:,\"\\ \n\t\r0123456789-+.eEtrufalsnxu";
    match rng.random_range(0..10) {
        0..=5 => SIGNIFICANT[rng.random_range(0..SIGNIFICANT.len())],
        6 => rng.random_range(0x00..0x20),
        7 => rng.random_range(0x20..0x80),
        _ => rng.random_range(0x80..=0xff),
    }
}

/// One seeded mutation of `piece`: a truncation, or one byte deleted, replaced or inserted.
fn mutate(rng: &mut StdRng, piece: &[u8]) -> (String, Vec<u8>) {
    let mut bytes = piece.to_vec();
    let at = rng.random_range(0..bytes.len());
    let what = match rng.random_range(0..4) {
        0 => {
            bytes.truncate(at);
            format!("truncated to {at} bytes")
        }
        1 => {
            let removed = bytes.remove(at);
            format!("byte {removed:#04x} at {at} deleted")
        }
        2 => {
            let byte = interesting_byte(rng);
            let old = std::mem::replace(&mut bytes[at], byte);
            format!("byte {old:#04x} at {at} replaced by {byte:#04x}")
        }
        _ => {
            let byte = interesting_byte(rng);
            bytes.insert(at, byte);
            format!("byte {byte:#04x} inserted at {at}")
        }
    };
    (what, bytes)
}

#[test]
fn seeded_mutations_of_the_corpus_fail_where_serde_json_fails() {
    let seed = env_or("FASTWIRE_ERROR_SEED", DEFAULT_SEED);
    let cases = env_or("FASTWIRE_ERROR_CASES", DEFAULT_CASES as u64) as usize;
    let dir = data_dir(&["json-benchmark"]);
    let (mut rejected, mut failures) = (0, Vec::new());
    for (file_index, name) in ["canada.json", "citm_catalog.json", "twitter.json"]
        .into_iter()
        .enumerate()
    {
        let doc = fs::read(dir.join(name)).unwrap();
        let pieces: Vec<&[u8]> = container_spans(&doc)
            .into_iter()
            .filter(|(start, end)| (16..=MAX_PIECE).contains(&(end - start)))
            .map(|(start, end)| &doc[start..end])
            .collect();
        assert!(pieces.len() > 100, "{name}: too few pieces");
        let mut rng = StdRng::seed_from_u64(seed ^ file_index as u64);
        for case in 0..cases {
            let piece = pieces[rng.random_range(0..pieces.len())];
            let (what, bytes) = mutate(&mut rng, piece);
            let (their, _) = theirs::<serde_json::Value>(&bytes);
            rejected += usize::from(their != Verdict::Accepted);
            if let Some(diff) = difference::<Value, serde_json::Value>(&bytes) {
                failures.push(format!(
                    "{name} case {case} ({what}): {diff}\n    {}",
                    String::from_utf8_lossy(&bytes).escape_debug()
                ));
            }
        }
    }
    // Most mutations break the document: the comparison is about errors.
    assert!(rejected > cases, "only {rejected} rejected");
    assert!(
        failures.is_empty(),
        "{} of {} cases differ (seed {seed:#x}):\n{}",
        failures.len(),
        3 * cases,
        failures[..failures.len().min(20)].join("\n")
    );
}

#[derive(fastwire::Decode, serde::Deserialize, Debug)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
#[allow(dead_code)]
struct Strict {
    id: u32,
    small: u8,
    delta: i64,
    ratio: f64,
    flag: bool,
    name: String,
    tags: Vec<String>,
    point: (i32, i32),
    corner: [u8; 2],
    kind: Kind,
    inner: Inner,
    maybe: Option<u16>,
    letter: char,
}

#[derive(fastwire::Decode, serde::Deserialize, Debug)]
#[allow(dead_code)]
struct Inner {
    a: u8,
    #[serde(default)]
    b: Vec<u8>,
}

#[derive(fastwire::Decode, serde::Deserialize, Debug)]
#[allow(dead_code)]
enum Kind {
    Plain,
    Wrapped(u8),
    Shaped { x: u8 },
}

/// A valid `Strict`, one member a line, as `(key, value)` pairs.
const MEMBERS: &[(&str, &str)] = &[
    ("id", "7"),
    ("small", "200"),
    ("delta", "-5"),
    ("ratio", "0.5"),
    ("flag", "true"),
    ("name", "\"Ada\""),
    ("tags", "[\"x\", \"y\"]"),
    ("point", "[1, -2]"),
    ("corner", "[3, 4]"),
    ("kind", "{\"Shaped\": {\"x\": 1}}"),
    ("inner", "{\"a\": 1, \"b\": [2]}"),
    ("maybe", "null"),
    ("letter", "\"q\""),
];

/// `Strict`'s text with the members given, one a line (`pretty`) or all on one.
fn strict_text(members: &[(&str, String)], pretty: bool) -> String {
    let (open, sep, close) = if pretty {
        ("{\n  ", ",\n  ", "\n}")
    } else {
        ("{", ", ", "}")
    };
    let body: Vec<String> = members
        .iter()
        .map(|(key, value)| format!("\"{key}\": {value}"))
        .collect();
    format!("{open}{}{close}", body.join(sep))
}

/// Values of every JSON kind, each wrong for most members.
const WRONG_VALUES: &[&str] = &[
    "\"text\"",
    "\"\\u00e9t\\u00e9\"",
    "12",
    "300",
    "-1",
    "-9223372036854775809",
    "18446744073709551616",
    "2.5",
    "1e400",
    "true",
    "null",
    "[]",
    "[1]",
    "[1, 2, 3]",
    "{}",
    "{\"x\": 1}",
    "\"Plain\"",
    "\"Nope\"",
    "{\"Nope\": 1}",
    "{\"Wrapped\": 1, \"Plain\": null}",
    "{\"a\": 1, \"z\": 2}",
    "{\"a\": 1, \"a\": 2}",
    "{\"b\": []}",
    "\"qq\"",
];

/// Where fastwire's typed errors deliberately differ from serde_json's, as `(member, value)`
/// put in place of a valid member value; each holds in both layouts (one line, pretty).
///
/// - An externally tagged enum given neither a string nor an object: serde_json says
///   "expected value" (a syntax error) at its first byte; fastwire names what it found
///   (`invalid type: sequence, expected enum Kind`, a data error, placed after it), and for
///   an object that is not one member long, says so (a data error).
/// - A fixed-size array or tuple given too many elements: serde_json says "trailing
///   characters" (a syntax error) at the first extra element; fastwire says `invalid length`
///   (a data error) just before it.
const TYPED_EXCEPTIONS: &[(&str, &str)] = &[
    ("corner", "[1, 2, 3]"),
    ("kind", "-1"),
    ("kind", "-9223372036854775809"),
    ("kind", "12"),
    ("kind", "18446744073709551616"),
    ("kind", "1e400"),
    ("kind", "2.5"),
    ("kind", "300"),
    ("kind", "[1, 2, 3]"),
    ("kind", "[1]"),
    ("kind", "[]"),
    ("kind", "null"),
    ("kind", "true"),
    ("kind", "{\"Wrapped\": 1, \"Plain\": null}"),
    ("kind", "{}"),
    ("point", "[1, 2, 3]"),
];

#[test]
fn typed_data_errors_fail_where_serde_json_fails() {
    let base: Vec<(&str, String)> = MEMBERS.iter().map(|(k, v)| (*k, v.to_string())).collect();
    // Each case: the text, and the `(member, value)` changed, if a value was.
    let mut cases: Vec<(String, Option<(&str, &str)>)> = Vec::new();
    for pretty in [false, true] {
        cases.push((strict_text(&base, pretty), None));
        for i in 0..base.len() {
            for wrong in WRONG_VALUES {
                let mut members = base.clone();
                members[i].1 = wrong.to_string();
                cases.push((strict_text(&members, pretty), Some((base[i].0, wrong))));
            }
            // Each member missing, repeated, or after an unknown one.
            let mut missing = base.clone();
            missing.remove(i);
            cases.push((strict_text(&missing, pretty), None));
            let mut repeated = base.clone();
            repeated.insert(i + 1, base[i].clone());
            cases.push((strict_text(&repeated, pretty), None));
            let mut unknown = base.clone();
            unknown.insert(i, ("unknown", "1".to_owned()));
            cases.push((strict_text(&unknown, pretty), None));
        }
    }
    let mut kinds = std::collections::BTreeSet::new();
    let (mut differing, mut report) = (Vec::new(), Vec::new());
    for (text, changed) in &cases {
        if let Err(err) = json::from_str::<Strict>(text) {
            let message = err.to_string();
            kinds.insert(message[..message.find([' ', ':']).unwrap()].to_owned());
        }
        if let Some(diff) = difference::<Strict, Strict>(text.as_bytes()) {
            report.push(format!("{changed:?}: {text}\n    {diff}"));
            differing.push(changed.unwrap_or(("", "")));
        }
    }
    // The data errors asked about are all among the cases.
    for kind in ["invalid", "missing", "duplicate", "unknown"] {
        assert!(kinds.contains(kind), "no `{kind}` error among {kinds:?}");
    }
    let mut expected: Vec<(&str, &str)> = TYPED_EXCEPTIONS
        .iter()
        .flat_map(|&exception| [exception, exception])
        .collect();
    expected.sort();
    differing.sort();
    assert_eq!(differing, expected, "\n{}", report.join("\n"));
}

/// A percentage, refused above 100 with a message of its own: fastwire's impl returns
/// [`json::Error::custom`], serde's returns `de::Error::custom` from its visitor.
#[derive(Debug)]
#[allow(dead_code)]
struct Percent(u8);

impl<'de> json::Decode<'de> for Percent {
    fn decode(r: &mut json::Reader<'de>) -> Result<Self, json::Error> {
        let n = u64::decode(r)?;
        match u8::try_from(n) {
            Ok(n) if n <= 100 => Ok(Percent(n)),
            _ => Err(json::Error::custom(format_args!("{n} is not a percentage"))),
        }
    }
}

impl<'de> serde::Deserialize<'de> for Percent {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Percent;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a percentage")
            }
            fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<Percent, E> {
                match u8::try_from(n) {
                    Ok(n) if n <= 100 => Ok(Percent(n)),
                    _ => Err(E::custom(format_args!("{n} is not a percentage"))),
                }
            }
        }
        d.deserialize_u64(Visitor)
    }
}

#[derive(fastwire::Decode, serde::Deserialize, Debug)]
#[allow(dead_code)]
struct Progress {
    done: Percent,
    parts: Vec<Percent>,
}

#[test]
fn custom_errors_are_placed_where_serde_json_places_them() {
    for text in [
        "420",
        "  420  ",
        r#"{"done": 42, "parts": [1, 2]}"#,
        r#"{"done": 420, "parts": []}"#,
        "{\n  \"done\": 42,\n  \"parts\": [\n    1,\n    1000 ,\n    2\n  ]\n}",
    ] {
        assert_eq!(
            difference::<Percent, Percent>(text.as_bytes()),
            None,
            "{text}"
        );
        assert_eq!(
            difference::<Progress, Progress>(text.as_bytes()),
            None,
            "{text}"
        );
    }
    let err = json::from_str::<Progress>(r#"{"done": 9, "parts": [1, 101]}"#).unwrap_err();
    assert!(err.is_data());
    assert_eq!(err.path(), "parts[1]");
    assert_eq!(
        err.to_string(),
        "101 is not a percentage at parts[1] (line 1, column 28)"
    );
    // The same error out of `from_slice` and `from_reader`.
    let bytes = br#"{"done": 9, "parts": [1, 101]}"#;
    assert_eq!(
        json::from_slice::<Progress>(bytes).unwrap_err().to_string(),
        err.to_string()
    );
    assert_eq!(
        json::from_reader::<_, Progress>(&bytes[..])
            .unwrap_err()
            .to_string(),
        err.to_string()
    );
}

/// A reader that fails with `kind` at once.
struct Failing(io::ErrorKind);

impl io::Read for Failing {
    fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
        Err(io::Error::new(self.0, "the line went down"))
    }
}

#[test]
fn categories_and_io_conversions_match_serde_json() {
    use std::error::Error as _;

    for text in ["[1,", "[1 2]", "\"\\x\"", "300", "{\"a\":1}", "[true]", ""] {
        let ours = json::from_str::<u8>(text).unwrap_err();
        let theirs = serde_json::from_str::<u8>(text).unwrap_err();
        assert_eq!(ours.classify(), their_category(&theirs), "{text}");
        assert_eq!(ours.is_syntax(), theirs.is_syntax(), "{text}");
        assert_eq!(ours.is_data(), theirs.is_data(), "{text}");
        assert_eq!(ours.is_eof(), theirs.is_eof(), "{text}");
        assert_eq!(ours.is_io(), theirs.is_io(), "{text}");
        assert_eq!(ours.io_error_kind(), theirs.io_error_kind(), "{text}");
        assert!(ours.source().is_none(), "{text}");
        // Into io::Error: InvalidData for syntax and data errors, UnexpectedEof for EOF.
        let (ours, theirs) = (io::Error::from(ours), io::Error::from(theirs));
        assert_eq!(ours.kind(), theirs.kind(), "{text}");
    }
    for kind in [io::ErrorKind::TimedOut, io::ErrorKind::PermissionDenied] {
        let ours = json::from_reader::<_, Value>(Failing(kind)).unwrap_err();
        let theirs = serde_json::from_reader::<_, serde_json::Value>(Failing(kind)).unwrap_err();
        assert_eq!(ours.classify(), their_category(&theirs));
        assert!(ours.is_io() && theirs.is_io());
        assert_eq!(ours.io_error_kind(), Some(kind));
        assert_eq!(ours.io_error_kind(), theirs.io_error_kind());
        assert_eq!(
            (ours.line(), ours.column()),
            (theirs.line(), theirs.column())
        );
        assert_eq!(ours.to_string(), theirs.to_string());
        // The io::Error itself comes back out, as from serde_json.
        let (ours, theirs) = (io::Error::from(ours), io::Error::from(theirs));
        assert_eq!(
            (ours.kind(), ours.to_string()),
            (theirs.kind(), theirs.to_string())
        );
        // And goes in again.
        let again = json::Error::from(ours);
        assert_eq!(again.io_error_kind(), Some(kind));
        assert_eq!(again.to_string(), "the line went down");
    }
}
