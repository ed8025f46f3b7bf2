//! Seeded random mutations of `twitter.json` and `citm_catalog.json`, decoded into their typed
//! models ([`Twitter`], [`CitmCatalog`] from `fastwire-benches`): fastwire accepts exactly when
//! serde_json (built with `float_roundtrip`, which this crate enables) accepts, and then yields an
//! equal value (`PartialEq`, and the same serde_json text, so `-0.0` and `0.0` differ).
//!
//! # Which documents are mutated
//!
//! The corpus files are 0.6 MB and 1.7 MB, and a debug build decodes them too slowly to do it
//! thousands of times. Each case therefore mutates a *reduced* document cut out of the original
//! bytes, slice-preserving: the reduced text is the original text with whole array elements and
//! object members left out, so escapes, raw UTF-8, number spellings and whitespace stay exactly as
//! the corpus writes them.
//! Which items are kept: each item's *shapes* are its key paths, told apart by `null` or not
//! and by arrays of one or of more elements; items are then chosen greedily, most unseen shapes
//! per byte first, until the kept items show every shape any item shows.
//! - twitter: 9 of the 100 statuses show all 312 shapes (retweets, media, `possibly_sensitive`,
//!   `source_status_id`, replies, profile banners, ...); the reduced text is about 63 KB.
//!   `search_metadata` is kept whole. At most [`TWITTER_MAX_STATUSES`].
//! - citm: performances are chosen the same way and topped up with the smallest others to
//!   [`CITM_MIN_PERFORMANCES`]; the events they perform are kept, and events chosen the same way
//!   are added up to [`CITM_MIN_EVENTS`]; the lookup tables are kept whole: about 14 KB.
//!
//! With [`DEFAULT_CASES`] cases per model the mutation test takes about 11-14 s in a debug
//! build (most of it twitter).
//!
//! The unmutated full documents and the reduced documents must decode equal under both decoders
//! ([`unmutated_documents_decode_equal`]).
//!
//! # Mutations
//!
//! Each case applies one to three mutations, chosen to reach interesting paths rather than to
//! be random bytes: byte deletes, inserts and replacements (bytes drawn from the JSON-significant
//! set, whitespace, control characters and 0x80-0xFF), truncation, a duplicated span, two swapped
//! spans; numbers overflowed, made floats, negated, given leading zeros or exponents, replaced by
//! boundary values; strings given valid and invalid escapes, surrogates, raw control characters,
//! invalid or valid multi-byte UTF-8, or re-spelled with `\u` escapes; object members deleted,
//! duplicated, renamed (to unknown fields, to sibling fields, or to the same name spelled with
//! escapes); values replaced by values of other types or by copies of other values of the
//! document; deep nesting near serde_json's limit of 128; unknown members whose ignored values are
//! awkward (huge numbers, lone surrogates, invalid UTF-8, deep nesting, bad syntax); whitespace and
//! punctuation changes (trailing commas, missing colons, trailing data).
//!
//! Each case has its own seed, derived from the base seed, the model and the case index, so a
//! failure can be replayed alone. Environment variables:
//! - `FASTWIRE_MUTATION_SEED`: the base seed, decimal or `0x` hex (default [`DEFAULT_SEED`]);
//! - `FASTWIRE_MUTATION_CASES`: cases per model (default [`DEFAULT_CASES`]);
//! - `FASTWIRE_MUTATION_CASE`: run only this case index (with the same seed), to replay one.

use std::collections::BTreeSet;
use std::fmt::{Debug, Write as _};
use std::ops::Range;
use std::time::Instant;

use fastwire::json::DecodeOwned;
use fastwire_benches::citm::CitmCatalog;
use fastwire_benches::data::corpus_path;
use fastwire_benches::events::{envelopes, Envelope};
use fastwire_benches::twitter::Twitter;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde::de::DeserializeOwned;
use serde::Serialize;

/// Base seed of the case seeds.
const DEFAULT_SEED: u64 = 0x5eed_f457_3172_e000;
/// Cases per model.
const DEFAULT_CASES: usize = 3000;
/// At most this many statuses are kept in the reduced `twitter.json` (9 show all its shapes).
const TWITTER_MAX_STATUSES: usize = 12;
/// At least and at most this many performances are kept in the reduced `citm_catalog.json`.
const CITM_MIN_PERFORMANCES: usize = 4;
const CITM_MAX_PERFORMANCES: usize = 8;
/// At least and at most this many events are kept in the reduced `citm_catalog.json`, counting
/// those the kept performances perform.
const CITM_MIN_EVENTS: usize = 6;
const CITM_MAX_EVENTS: usize = 10;
/// At most this many mismatches are reported in detail.
const MAX_REPORTED: usize = 20;

/// The number in the environment variable `name` (decimal or `0x` hex), or `default`.
fn env_or(name: &str, default: u64) -> u64 {
    match std::env::var(name) {
        Ok(text) => {
            let t = text.trim().replace('_', "");
            match t.strip_prefix("0x") {
                Some(hex) => u64::from_str_radix(hex, 16),
                None => t.parse(),
            }
            .unwrap_or_else(|_| panic!("{name}={text:?} is not a number"))
        }
        Err(_) => default,
    }
}

fn read_corpus(name: &str) -> Vec<u8> {
    let path = corpus_path(name);
    std::fs::read(&path).unwrap_or_else(|e| {
        panic!(
            "cannot read corpus file {} (../shared/data must sit beside the checkout): {e}",
            path.display()
        )
    })
}

// ---------------------------------------------------------------------------------------------
// Spans of a valid document (for cutting the reduced documents out of the corpus).
// ---------------------------------------------------------------------------------------------

fn skip_ws(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && matches!(b[i], b' ' | b'\t' | b'\n' | b'\r') {
        i += 1;
    }
    i
}

/// The end of the string starting at `b[i] == b'"'`.
fn string_end(b: &[u8], mut i: usize) -> usize {
    i += 1;
    while b[i] != b'"' {
        i += if b[i] == b'\\' { 2 } else { 1 };
    }
    i + 1
}

/// The end of the (valid) value starting at `i`.
fn value_end(b: &[u8], i: usize) -> usize {
    match b[i] {
        b'"' => string_end(b, i),
        b'{' | b'[' => {
            let mut depth = 0usize;
            let mut j = i;
            loop {
                match b[j] {
                    b'"' => {
                        j = string_end(b, j);
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            return j + 1;
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
        }
        _ => {
            let mut j = i;
            while j < b.len() && !matches!(b[j], b',' | b'}' | b']' | b' ' | b'\t' | b'\n' | b'\r')
            {
                j += 1;
            }
            j
        }
    }
}

/// One member of a valid object: its (raw) key, the span from the key's opening quote to the
/// value's end, and the value's span.
struct MemberSpan {
    key: String,
    whole: Range<usize>,
    value: Range<usize>,
}

/// The members of the valid object starting at `b[start] == b'{'`.
fn object_members(b: &[u8], start: usize) -> Vec<MemberSpan> {
    assert_eq!(b[start], b'{');
    let mut out = Vec::new();
    let mut i = skip_ws(b, start + 1);
    if b[i] == b'}' {
        return out;
    }
    loop {
        let key_end = string_end(b, i);
        let key = String::from_utf8(b[i + 1..key_end - 1].to_vec()).unwrap();
        let colon = skip_ws(b, key_end);
        assert_eq!(b[colon], b':');
        let value_start = skip_ws(b, colon + 1);
        let end = value_end(b, value_start);
        out.push(MemberSpan {
            key,
            whole: i..end,
            value: value_start..end,
        });
        let next = skip_ws(b, end);
        if b[next] == b'}' {
            return out;
        }
        assert_eq!(b[next], b',');
        i = skip_ws(b, next + 1);
    }
}

/// The element spans of the valid array starting at `b[start] == b'['`.
fn array_elements(b: &[u8], start: usize) -> Vec<Range<usize>> {
    assert_eq!(b[start], b'[');
    let mut out = Vec::new();
    let mut i = skip_ws(b, start + 1);
    if b[i] == b']' {
        return out;
    }
    loop {
        let end = value_end(b, i);
        out.push(i..end);
        let next = skip_ws(b, end);
        if b[next] == b']' {
            return out;
        }
        assert_eq!(b[next], b',');
        i = skip_ws(b, next + 1);
    }
}

/// `b` with the items (elements or members, in order, at least two) replaced by those whose
/// indices are in `keep` (sorted, non-empty), joined by the text that separated the first two.
fn keep_items(b: &[u8], items: &[Range<usize>], keep: &[usize]) -> Vec<u8> {
    assert!(items.len() >= 2 && !keep.is_empty());
    let separator = &b[items[0].end..items[1].start];
    let mut out = b[..items[0].start].to_vec();
    for (n, &k) in keep.iter().enumerate() {
        if n > 0 {
            out.extend_from_slice(separator);
        }
        out.extend_from_slice(&b[items[k].clone()]);
    }
    out.extend_from_slice(&b[items[items.len() - 1].end..]);
    out
}

/// The member of the root object called `key`.
fn root_member(b: &[u8], key: &str) -> MemberSpan {
    object_members(b, skip_ws(b, 0))
        .into_iter()
        .find(|m| m.key == key)
        .unwrap_or_else(|| panic!("no root member {key:?}"))
}

/// The key paths of a value, with `null` and non-`null` told apart and array indices dropped.
fn shape(value: &serde_json::Value, path: &mut String, out: &mut Vec<String>) {
    let len = path.len();
    match value {
        serde_json::Value::Object(map) => {
            for (k, v) in map {
                path.push('.');
                path.push_str(k);
                shape(v, path, out);
                path.truncate(len);
            }
        }
        serde_json::Value::Array(items) => {
            path.push_str("[]");
            if items.len() > 1 {
                out.push(format!("{path}+"));
            }
            for v in items {
                shape(v, path, out);
            }
            path.truncate(len);
        }
        serde_json::Value::Null => out.push(format!("{path}=null")),
        _ => out.push(path.clone()),
    }
    out.push(path.clone());
}

/// Chooses items that together show the shapes (key paths, `null` or not, arrays of one or
/// more elements) of all of them in few bytes: `must` first, then greedily the item bringing
/// the most unseen shapes per byte, until none brings any or `max` are chosen; then the
/// smallest others until `min` are chosen.
fn choose_by_shape(
    b: &[u8],
    items: &[Range<usize>],
    must: &[usize],
    min: usize,
    max: usize,
) -> Vec<usize> {
    let shapes: Vec<BTreeSet<String>> = items
        .iter()
        .map(|item| {
            let value: serde_json::Value = serde_json::from_slice(&b[item.clone()]).unwrap();
            let mut paths = Vec::new();
            shape(&value, &mut String::new(), &mut paths);
            paths.into_iter().collect()
        })
        .collect();
    let mut seen = BTreeSet::new();
    let mut keep: Vec<usize> = must.to_vec();
    for &i in must {
        seen.extend(shapes[i].iter().cloned());
    }
    while keep.len() < max {
        let best = (0..items.len())
            .filter(|i| !keep.contains(i))
            .map(|i| (shapes[i].difference(&seen).count(), i))
            .filter(|&(new, _)| new > 0)
            // Most new shapes per byte; the earlier item on ties.
            .max_by(|&(n1, i1), &(n2, i2)| {
                (n1 * items[i2].len())
                    .cmp(&(n2 * items[i1].len()))
                    .then(i2.cmp(&i1))
            });
        let Some((_, i)) = best else { break };
        seen.extend(shapes[i].iter().cloned());
        keep.push(i);
    }
    let mut rest: Vec<usize> = (0..items.len()).filter(|i| !keep.contains(i)).collect();
    rest.sort_by_key(|&i| items[i].len());
    keep.extend(rest.into_iter().take(min.saturating_sub(keep.len())));
    keep.sort_unstable();
    keep
}

/// `twitter.json` with a few statuses of varied shapes.
fn reduced_twitter(full: &[u8]) -> Vec<u8> {
    let statuses = root_member(full, "statuses");
    let items = array_elements(full, statuses.value.start);
    let keep = choose_by_shape(full, &items, &[], 1, TWITTER_MAX_STATUSES);
    keep_items(full, &items, &keep)
}

/// `citm_catalog.json` with a few performances and events of varied shapes.
fn reduced_citm(full: &[u8]) -> Vec<u8> {
    // Performances first (they come after the events, so cutting them leaves earlier offsets
    // valid for the events' cut).
    let performances = root_member(full, "performances");
    let items = array_elements(full, performances.value.start);
    let keep = choose_by_shape(
        full,
        &items,
        &[],
        CITM_MIN_PERFORMANCES,
        CITM_MAX_PERFORMANCES,
    );
    let event_ids: Vec<String> = keep
        .iter()
        .map(|&i| {
            let p: serde_json::Value = serde_json::from_slice(&full[items[i].clone()]).unwrap();
            p["eventId"].to_string()
        })
        .collect();
    let doc = keep_items(full, &items, &keep);

    let events = root_member(&doc, "events");
    let members = object_members(&doc, events.value.start);
    let must: Vec<usize> = members
        .iter()
        .enumerate()
        .filter(|(_, m)| event_ids.contains(&m.key))
        .map(|(i, _)| i)
        .collect();
    let wholes: Vec<Range<usize>> = members.iter().map(|m| m.whole.clone()).collect();
    let values: Vec<Range<usize>> = members.iter().map(|m| m.value.clone()).collect();
    let keep = choose_by_shape(&doc, &values, &must, CITM_MIN_EVENTS, CITM_MAX_EVENTS);
    keep_items(&doc, &wholes, &keep)
}

// ---------------------------------------------------------------------------------------------
// A lenient view of a (possibly already broken) document: tokens, values, members.
// ---------------------------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Open,
    Close,
    Colon,
    Comma,
    Str,
    Num,
    Lit,
    Other,
}

#[derive(Clone, Copy, Debug)]
struct Tok {
    kind: Kind,
    start: usize,
    end: usize,
}

/// A value: its first and last token, and how many containers enclose it.
#[derive(Clone, Copy, Debug)]
struct Val {
    first: usize,
    last: usize,
    depth: usize,
}

/// An object member: its key token and its value (index into `Doc::values`), if any.
#[derive(Clone, Copy, Debug)]
struct Member {
    key: usize,
    value: Option<usize>,
}

struct Doc {
    toks: Vec<Tok>,
    values: Vec<Val>,
    members: Vec<Member>,
}

impl Doc {
    fn new(b: &[u8]) -> Doc {
        let toks = tokenize(b);
        let mut values: Vec<Val> = Vec::new();
        let mut members = Vec::new();
        let mut open: Vec<usize> = Vec::new();
        for (i, t) in toks.iter().enumerate() {
            let is_key =
                t.kind == Kind::Str && toks.get(i + 1).is_some_and(|n| n.kind == Kind::Colon);
            match t.kind {
                Kind::Open => {
                    values.push(Val {
                        first: i,
                        last: toks.len() - 1,
                        depth: open.len(),
                    });
                    open.push(values.len() - 1);
                }
                Kind::Close => {
                    if let Some(v) = open.pop() {
                        values[v].last = i;
                    }
                }
                Kind::Str | Kind::Num | Kind::Lit if !is_key => values.push(Val {
                    first: i,
                    last: i,
                    depth: open.len(),
                }),
                _ => {}
            }
            if is_key {
                members.push(Member {
                    key: i,
                    value: None,
                });
            }
        }
        let mut by_first = vec![usize::MAX; toks.len()];
        for (vi, v) in values.iter().enumerate() {
            by_first[v.first] = vi;
        }
        for m in &mut members {
            m.value = by_first
                .get(m.key + 2)
                .copied()
                .filter(|&v| v != usize::MAX);
        }
        Doc {
            toks,
            values,
            members,
        }
    }

    fn span(&self, v: &Val) -> Range<usize> {
        self.toks[v.first].start..self.toks[v.last].end
    }

    /// The member's span, from the key to the value's end (or the colon's).
    fn member_span(&self, m: &Member) -> Range<usize> {
        let end = match m.value {
            Some(v) => self.toks[self.values[v].last].end,
            None => self.toks[m.key + 1].end,
        };
        self.toks[m.key].start..end
    }

    fn tokens_of(&self, kind: Kind) -> Vec<Tok> {
        self.toks
            .iter()
            .copied()
            .filter(|t| t.kind == kind)
            .collect()
    }
}

fn tokenize(b: &[u8]) -> Vec<Tok> {
    let mut toks = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let start = i;
        let kind = match b[i] {
            b' ' | b'\t' | b'\n' | b'\r' => {
                i += 1;
                continue;
            }
            b'{' | b'[' => {
                i += 1;
                Kind::Open
            }
            b'}' | b']' => {
                i += 1;
                Kind::Close
            }
            b':' => {
                i += 1;
                Kind::Colon
            }
            b',' => {
                i += 1;
                Kind::Comma
            }
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i = (i + 1).min(b.len());
                Kind::Str
            }
            b'-' | b'0'..=b'9' => {
                i += 1;
                while i < b.len() && matches!(b[i], b'0'..=b'9' | b'.' | b'e' | b'E' | b'+' | b'-')
                {
                    i += 1;
                }
                Kind::Num
            }
            b'a'..=b'z' | b'A'..=b'Z' => {
                while i < b.len() && b[i].is_ascii_alphabetic() {
                    i += 1;
                }
                Kind::Lit
            }
            _ => {
                i += 1;
                Kind::Other
            }
        };
        toks.push(Tok {
            kind,
            start,
            end: i,
        });
    }
    toks
}

// ---------------------------------------------------------------------------------------------
// Mutations.
// ---------------------------------------------------------------------------------------------

/// What one mutation did, and where (a byte offset in the text right after it).
struct Applied {
    what: String,
    at: usize,
}

fn pick<'a, T>(rng: &mut StdRng, items: &'a [T]) -> Option<&'a T> {
    if items.is_empty() {
        None
    } else {
        Some(&items[rng.random_range(0..items.len())])
    }
}

/// Bytes shown escaped: printable ASCII and valid UTF-8 as they are, the rest as `\xNN`.
fn escaped(bytes: &[u8]) -> String {
    let mut out = String::new();
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '\\' => out.push_str("\\\\"),
                c if c.is_control() => out.extend(c.escape_default()),
                c => out.push(c),
            }
        }
        for b in chunk.invalid() {
            let _ = write!(out, "\\x{b:02X}");
        }
    }
    out
}

/// A short quote of `bytes` for a description.
fn quote(bytes: &[u8]) -> String {
    if bytes.len() <= 48 {
        format!("`{}`", escaped(bytes))
    } else {
        format!(
            "`{}`..({} bytes)..`{}`",
            escaped(&bytes[..24]),
            bytes.len(),
            escaped(&bytes[bytes.len() - 16..])
        )
    }
}

fn splice(b: &mut Vec<u8>, range: Range<usize>, with: &[u8]) {
    b.splice(range, with.iter().copied());
}

/// JSON-significant bytes.
const SIGNIFICANT: &[u8] = b"{}[]\":,\\ -+.eE0123456789tfnul";
const WHITESPACE: &[u8] = b" \t\n\r";

/// A byte from the sets the mutations draw from.
fn interesting_byte(rng: &mut StdRng) -> u8 {
    match rng.random_range(0..10) {
        0..=4 => *pick(rng, SIGNIFICANT).unwrap(),
        5 => *pick(rng, WHITESPACE).unwrap(),
        6 => rng.random_range(0x00..0x20),
        7 => 0x7f,
        _ => rng.random_range(0x80..=0xff),
    }
}

/// A position, half the time at a token boundary.
fn position(rng: &mut StdRng, b: &[u8], doc: &Doc) -> usize {
    if rng.random_bool(0.5) {
        if let Some(t) = pick(rng, &doc.toks) {
            return if rng.random_bool(0.5) { t.start } else { t.end };
        }
    }
    rng.random_range(0..=b.len())
}

fn byte_delete(rng: &mut StdRng, b: &mut Vec<u8>, doc: &Doc) -> Option<Applied> {
    let at = position(rng, b, doc).min(b.len().checked_sub(1)?);
    let old = b.remove(at);
    Some(Applied {
        what: format!("delete byte {} at {at}", quote(&[old])),
        at,
    })
}

fn byte_insert(rng: &mut StdRng, b: &mut Vec<u8>, doc: &Doc) -> Option<Applied> {
    let at = position(rng, b, doc);
    let new = interesting_byte(rng);
    b.insert(at, new);
    Some(Applied {
        what: format!("insert byte {} at {at}", quote(&[new])),
        at,
    })
}

#[allow(clippy::ptr_arg)] // Every mutation has the signature of `Mutation`.
fn byte_replace(rng: &mut StdRng, b: &mut Vec<u8>, doc: &Doc) -> Option<Applied> {
    let at = position(rng, b, doc).min(b.len().checked_sub(1)?);
    let new = interesting_byte(rng);
    let old = std::mem::replace(&mut b[at], new);
    Some(Applied {
        what: format!(
            "replace byte {} at {at} with {}",
            quote(&[old]),
            quote(&[new])
        ),
        at,
    })
}

fn truncate(rng: &mut StdRng, b: &mut Vec<u8>, doc: &Doc) -> Option<Applied> {
    let at = match rng.random_range(0..4) {
        // Near the end: inside the closing brackets.
        0 => b.len().saturating_sub(rng.random_range(1..=8)),
        _ => position(rng, b, doc),
    };
    b.truncate(at);
    Some(Applied {
        what: format!("truncate to {at} bytes"),
        at,
    })
}

fn random_span(rng: &mut StdRng, b: &[u8], doc: &Doc, max: usize) -> Option<Range<usize>> {
    if b.is_empty() {
        return None;
    }
    let start = position(rng, b, doc).min(b.len() - 1);
    let len = rng.random_range(1..=max.min(b.len() - start));
    Some(start..start + len)
}

fn duplicate_span(rng: &mut StdRng, b: &mut Vec<u8>, doc: &Doc) -> Option<Applied> {
    let max = if rng.random_bool(0.8) { 16 } else { 512 };
    let span = random_span(rng, b, doc, max)?;
    let copy = b[span.clone()].to_vec();
    let at = if rng.random_bool(0.5) {
        span.end
    } else {
        position(rng, b, doc)
    };
    splice(b, at..at, &copy);
    Some(Applied {
        what: format!("copy {} from {span:?} to {at}", quote(&copy)),
        at,
    })
}

fn swap_spans(rng: &mut StdRng, b: &mut Vec<u8>, doc: &Doc) -> Option<Applied> {
    let max = if rng.random_bool(0.8) { 16 } else { 512 };
    let one = random_span(rng, b, doc, max)?;
    let two = random_span(rng, b, doc, max)?;
    let (first, second) = if one.start <= two.start {
        (one, two)
    } else {
        (two, one)
    };
    if first.end > second.start {
        return None;
    }
    let a = b[first.clone()].to_vec();
    let c = b[second.clone()].to_vec();
    splice(b, second.clone(), &a);
    splice(b, first.clone(), &c);
    Some(Applied {
        what: format!(
            "swap {} at {first:?} with {} at {second:?}",
            quote(&a),
            quote(&c)
        ),
        at: first.start,
    })
}

const BOUNDARY_NUMBERS: &[&str] = &[
    "0",
    "-0",
    "0.0",
    "-0.0",
    "1",
    "-1",
    "255",
    "256",
    "65535",
    "65536",
    "2147483647",
    "2147483648",
    "-2147483648",
    "-2147483649",
    "4294967295",
    "4294967296",
    "9007199254740993",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775808",
    "-9223372036854775809",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999999",
    "-99999999999999999999999999999",
    "1e2",
    "1E2",
    "1.0",
    "0.1",
    "1e-2",
    "1.5",
    "1e19",
    "1.8446744073709552e19",
    "1.7976931348623157e308",
    "1.7976931348623158e308",
    "1.7976931348623159e308",
    "-1.7976931348623159e308",
    "1e308",
    "1e309",
    "1e400",
    "-1e400",
    "1e-400",
    "5e-324",
    "2e-324",
    "2.2250738585072014e-308",
    "0.30000000000000004",
    "3.141592653589793238462643383279502884197169399375105820974944",
    "0e0",
    "0E-0",
    "1e0000000000000000000001",
    "0.00000000000000000000000000000000000000000000000000000000000000001e64",
];

const MALFORMED_NUMBERS: &[&str] = &[
    "01",
    "-01",
    "00",
    "1.",
    "-",
    "-.5",
    ".5",
    "+1",
    "1.e5",
    "1e",
    "1e+",
    "1E-",
    "1ee2",
    "1.2.3",
    "--1",
    "1-",
    "0x10",
    "NaN",
    "Infinity",
    "-Infinity",
    "1_000",
    "١",
];

const EXPONENTS: &[&str] = &[
    "e0", "E0", "e1", "E1", "e+1", "e-1", "e19", "e20", "e-5", "e308", "e400", "e-400", "e", "e+",
    "E-", "e1.5",
];

fn number(rng: &mut StdRng, b: &mut Vec<u8>, doc: &Doc) -> Option<Applied> {
    let numbers = doc.tokens_of(Kind::Num);
    // The models have few float fields: favour the numbers written as floats.
    let floats: Vec<Tok> = numbers
        .iter()
        .copied()
        .filter(|t| {
            b[t.start..t.end]
                .iter()
                .any(|c| matches!(c, b'.' | b'e' | b'E'))
        })
        .collect();
    let t = if !floats.is_empty() && rng.random_bool(0.2) {
        *pick(rng, &floats)?
    } else {
        *pick(rng, &numbers)?
    };
    let old = b[t.start..t.end].to_vec();
    let s = String::from_utf8_lossy(&old).into_owned();
    let (how, new) = match rng.random_range(0..8) {
        0 => match rng.random_range(0..3) {
            0 => ("overflow", format!("{s}0000000000")),
            1 => ("overflow", format!("{s}9")),
            _ => ("overflow", format!("{s}{s}")),
        },
        1 => {
            let at = rng.random_range(0..=s.len());
            let frac = *pick(rng, &[".0", ".5", ".", ".000", "e0", ".0e0"]).unwrap();
            if rng.random_bool(0.5) {
                ("make float", format!("{s}{frac}"))
            } else {
                ("make float", format!("{}.{}", &s[..at], &s[at..]))
            }
        }
        2 => match s.strip_prefix('-') {
            Some(rest) => ("un-negate", rest.to_owned()),
            None => ("negate", format!("-{s}")),
        },
        3 => match s.strip_prefix('-') {
            Some(rest) => ("leading zero", format!("-0{rest}")),
            None => (
                "leading zero",
                format!("{}{s}", pick(rng, &["0", "00"]).unwrap()),
            ),
        },
        4 => ("exponent", format!("{s}{}", pick(rng, EXPONENTS).unwrap())),
        5 => (
            "boundary",
            (*pick(rng, BOUNDARY_NUMBERS).unwrap()).to_owned(),
        ),
        6 => (
            "malformed",
            (*pick(rng, MALFORMED_NUMBERS).unwrap()).to_owned(),
        ),
        _ => {
            let mut digits = s.clone().into_bytes();
            let at = rng.random_range(0..digits.len());
            if rng.random_bool(0.5) {
                digits[at] = rng.random_range(b'0'..=b'9');
            } else {
                digits.remove(at);
            }
            ("tweak digit", String::from_utf8(digits).unwrap())
        }
    };
    splice(b, t.start..t.end, new.as_bytes());
    Some(Applied {
        what: format!(
            "number {how}: {} -> {} at {}",
            quote(&old),
            quote(new.as_bytes()),
            t.start
        ),
        at: t.start,
    })
}

const VALID_ESCAPES: &[&str] = &[
    "\\n",
    "\\\"",
    "\\\\",
    "\\/",
    "\\b",
    "\\f",
    "\\r",
    "\\t",
    "\\u0041",
    "\\u00e9",
    "\\u00E9",
    "\\u20ac",
    "\\u0000",
    "\\u001f",
    "\\u007f",
    "\\uD83D\\uDE00",
    "\\ud83d\\ude00",
    "\\uDBFF\\uDFFF",
    "\\uFFFF",
    "\\uFEFF",
];

const INVALID_ESCAPES: &[&str] = &[
    "\\x41", "\\u12", "\\u", "\\uZZZZ", "\\u00G0", "\\U0041", "\\'", "\\a", "\\0", "\\ ", "\\",
    "\\\u{e9}", "\\u+041", "\\u-041", "\\u 041",
];

const SURROGATES: &[&str] = &[
    "\\uD800",
    "\\uDBFF",
    "\\uDC00",
    "\\uDFFF",
    "\\uD800\\u0041",
    "\\uD800\\uD800",
    "\\uDC00\\uD800",
    "\\uD800x",
    "\\uD800\\",
    "\\uD800\\n",
    "\\uD800\\uDBFF\\uDC00",
    "\\uD83D",
];

const BAD_UTF8: &[&[u8]] = &[
    b"\x80",
    b"\xbf",
    b"\xc0\x80",
    b"\xc1\xbf",
    b"\xc3",
    b"\xe2\x82",
    b"\xe2\x28\xa1",
    b"\xed\xa0\x80",
    b"\xed\xbf\xbf",
    b"\xef\xbf",
    b"\xf0\x8f\xbf\xbf",
    b"\xf4\x90\x80\x80",
    b"\xf0\x9f\x98",
    b"\xf5\x80\x80\x80",
    b"\xf8\x88\x80\x80\x80",
    b"\xfe",
    b"\xff",
];

const GOOD_UTF8: &[&str] = &["é", "€", "😀", "\u{2028}", "\u{feff}", "\u{7f}", "日本"];

/// `content` (a string's body, without quotes) with some characters written as `\u` escapes.
fn escape_some(rng: &mut StdRng, content: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < content.len() {
        if content[i] == b'\\' {
            let len = if content.get(i + 1) == Some(&b'u') {
                6
            } else {
                2
            };
            let end = (i + len).min(content.len());
            out.extend_from_slice(&content[i..end]);
            i = end;
            continue;
        }
        let rest = &content[i..];
        let valid = match std::str::from_utf8(rest) {
            Ok(s) => s,
            Err(e) => std::str::from_utf8(&rest[..e.valid_up_to()]).unwrap(),
        };
        let Some(c) = valid.chars().next() else {
            out.push(content[i]);
            i += 1;
            continue;
        };
        if rng.random_bool(0.5) {
            let mut units = [0u16; 2];
            for unit in c.encode_utf16(&mut units) {
                let upper = rng.random_bool(0.5);
                let hex = if upper {
                    format!("\\u{unit:04X}")
                } else {
                    format!("\\u{unit:04x}")
                };
                out.extend_from_slice(hex.as_bytes());
            }
        } else {
            let mut buf = [0u8; 4];
            out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
        }
        i += c.len_utf8();
    }
    out
}

fn string(rng: &mut StdRng, b: &mut Vec<u8>, doc: &Doc) -> Option<Applied> {
    let t = *pick(rng, &doc.tokens_of(Kind::Str))?;
    let body = t.start + 1..(t.end - 1).max(t.start + 1);
    let at = rng.random_range(body.start..=body.end);
    let (how, range, new): (&str, Range<usize>, Vec<u8>) = match rng.random_range(0..9) {
        0 => (
            "valid escape",
            at..at,
            pick(rng, VALID_ESCAPES).unwrap().as_bytes().to_vec(),
        ),
        1 => (
            "invalid escape",
            at..at,
            pick(rng, INVALID_ESCAPES).unwrap().as_bytes().to_vec(),
        ),
        2 => (
            "surrogate",
            at..at,
            pick(rng, SURROGATES).unwrap().as_bytes().to_vec(),
        ),
        3 => {
            let c = if rng.random_bool(0.9) {
                rng.random_range(0x00..0x20)
            } else {
                0x7f
            };
            ("raw control character", at..at, vec![c])
        }
        4 => (
            "invalid UTF-8",
            at..at,
            pick(rng, BAD_UTF8).unwrap().to_vec(),
        ),
        5 => (
            "valid UTF-8",
            at..at,
            pick(rng, GOOD_UTF8).unwrap().as_bytes().to_vec(),
        ),
        6 => {
            let new = escape_some(rng, &b[body.clone()]);
            ("re-spell with \\u escapes", body.clone(), new)
        }
        7 => {
            if rng.random_bool(0.5) {
                ("unescaped quote", at..at, b"\"".to_vec())
            } else {
                ("drop closing quote", body.end..t.end, Vec::new())
            }
        }
        _ => {
            let end = rng.random_range(at..=body.end);
            ("cut", at..end, Vec::new())
        }
    };
    let old = b[t.start..t.end].to_vec();
    splice(b, range.clone(), &new);
    Some(Applied {
        what: format!(
            "string {how}: {} at {}, in {}",
            quote(&new),
            range.start,
            quote(&old)
        ),
        at: range.start,
    })
}

fn delete_member(rng: &mut StdRng, b: &mut Vec<u8>, doc: &Doc) -> Option<Applied> {
    let m = *pick(rng, &doc.members)?;
    let span = doc.member_span(&m);
    let last_tok = doc
        .toks
        .iter()
        .position(|t| t.end == span.end)
        .unwrap_or(m.key);
    let mut range = span.clone();
    if doc.toks.get(last_tok + 1).map(|t| t.kind) == Some(Kind::Comma) {
        range.end = doc.toks[last_tok + 1].end;
    } else if m.key > 0 && doc.toks[m.key - 1].kind == Kind::Comma {
        range.start = doc.toks[m.key - 1].start;
    }
    let old = b[range.clone()].to_vec();
    splice(b, range.clone(), b"");
    Some(Applied {
        what: format!("delete member {} at {}", quote(&old), range.start),
        at: range.start,
    })
}

fn duplicate_member(rng: &mut StdRng, b: &mut Vec<u8>, doc: &Doc) -> Option<Applied> {
    let m = *pick(rng, &doc.members)?;
    let span = doc.member_span(&m);
    let member = b[span.clone()].to_vec();
    let (how, at, text) = match rng.random_range(0..3) {
        0 => ("after", span.end, [b",".as_slice(), &member].concat()),
        1 => ("before", span.start, [member.as_slice(), b","].concat()),
        _ => {
            // The same key with another value.
            let key = &b[doc.toks[m.key].start..doc.toks[m.key].end];
            let value = pick(rng, OTHER_VALUES).unwrap().as_bytes();
            (
                "after, with another value",
                span.end,
                [b",".as_slice(), key, b":", value].concat(),
            )
        }
    };
    splice(b, at..at, &text);
    Some(Applied {
        what: format!(
            "duplicate member {} {how}: {} at {at}",
            quote(&member),
            quote(&text)
        ),
        at,
    })
}

fn rename_key(rng: &mut StdRng, b: &mut Vec<u8>, doc: &Doc) -> Option<Applied> {
    let m = *pick(rng, &doc.members)?;
    let t = doc.toks[m.key];
    let old = b[t.start..t.end].to_vec();
    let body = old
        .get(1..old.len().saturating_sub(1))
        .unwrap_or(&[])
        .to_vec();
    let (how, new): (&str, Vec<u8>) = match rng.random_range(0..7) {
        0 => ("unknown", [b"\"".as_slice(), &body, b"_x\""].concat()),
        1 => {
            let mut upper = body.clone();
            upper.make_ascii_uppercase();
            ("case", [b"\"".as_slice(), &upper, b"\""].concat())
        }
        2 => ("empty", b"\"\"".to_vec()),
        3 => (
            "same name in escapes",
            [b"\"".as_slice(), &escape_some(rng, &body), b"\""].concat(),
        ),
        4 => {
            // Another key of the document: often a sibling, giving a duplicate and a missing
            // field.
            let other = pick(rng, &doc.members).unwrap();
            let o = doc.toks[other.key];
            ("other key", b[o.start..o.end].to_vec())
        }
        5 => {
            let suffix = if rng.random_bool(0.5) {
                pick(rng, SURROGATES).unwrap().as_bytes()
            } else {
                pick(rng, BAD_UTF8).unwrap()
            };
            (
                "odd bytes",
                [b"\"".as_slice(), &body, suffix, b"\""].concat(),
            )
        }
        _ => {
            let cut = rng.random_range(0..=body.len());
            ("prefix", [b"\"".as_slice(), &body[..cut], b"\""].concat())
        }
    };
    splice(b, t.start..t.end, &new);
    Some(Applied {
        what: format!(
            "rename key ({how}) {} -> {} at {}",
            quote(&old),
            quote(&new),
            t.start
        ),
        at: t.start,
    })
}

const OTHER_VALUES: &[&str] = &[
    "null",
    "[]",
    "{}",
    "\"x\"",
    "1.5",
    "true",
    "false",
    "0",
    "-1",
    "\"\"",
    "[1,2]",
    "[1,2,3]",
    "[1]",
    "[null]",
    "{\"a\":1}",
    "\"123\"",
    "1e2",
    "18446744073709551616",
    "\"null\"",
    "[[]]",
    "{\"\":null}",
];

fn replace_value(rng: &mut StdRng, b: &mut Vec<u8>, doc: &Doc) -> Option<Applied> {
    let v = *pick(rng, doc.values.get(1..).unwrap_or(&[]))?;
    let span = doc.span(&v);
    let old = b[span.clone()].to_vec();
    let new = if rng.random_bool(0.6) {
        pick(rng, OTHER_VALUES).unwrap().as_bytes().to_vec()
    } else {
        // Another value of the document: often of the same type, but the wrong shape, range or
        // length.
        let o = *pick(rng, &doc.values[1..]).unwrap();
        let other = doc.span(&o);
        if other.len() > 4096 {
            return None;
        }
        b[other].to_vec()
    };
    splice(b, span.clone(), &new);
    Some(Applied {
        what: format!(
            "replace value {} with {} at {}",
            quote(&old),
            quote(&new),
            span.start
        ),
        at: span.start,
    })
}

/// Depths of nesting to add: near serde_json's limit (128, counting the enclosing containers)
/// or small.
fn nesting(rng: &mut StdRng, enclosing: usize) -> usize {
    match rng.random_range(0..4) {
        0 => rng.random_range(1..=4),
        3 if rng.random_bool(0.2) => 1000,
        _ => (127 + rng.random_range(0..7usize))
            .saturating_sub(3 + enclosing)
            .max(1),
    }
}

fn nest(value: &[u8], depth: usize, object: bool) -> Vec<u8> {
    let (open, close): (&[u8], &[u8]) = if object {
        (b"{\"zz\":", b"}")
    } else {
        (b"[", b"]")
    };
    [open.repeat(depth), value.to_vec(), close.repeat(depth)].concat()
}

fn deep_nesting(rng: &mut StdRng, b: &mut Vec<u8>, doc: &Doc) -> Option<Applied> {
    let v = *pick(rng, doc.values.get(1..).unwrap_or(&[]))?;
    let span = doc.span(&v);
    if span.len() > 4096 {
        return None;
    }
    let depth = nesting(rng, v.depth);
    let object = rng.random_bool(0.3);
    let new = nest(&b[span.clone()], depth, object);
    splice(b, span.clone(), &new);
    Some(Applied {
        what: format!(
            "wrap value at {} (inside {} containers) in {depth} {}",
            span.start,
            v.depth,
            if object { "objects" } else { "arrays" }
        ),
        at: span.start,
    })
}

/// Values that a decoder must skip when they belong to an unknown member: serde_json's
/// `IgnoredAny` checks syntax and nesting, not ranges, UTF-8 in strings or surrogates.
const IGNORED_PAYLOADS: &[&[u8]] = &[
    b"1e400",
    b"-1e400",
    b"18446744073709551616123",
    b"-0",
    b"0.0e-999",
    b"01",
    b"1.",
    b"-",
    b"\"\\uD800\"",
    b"\"\\uDC00\\uD800\"",
    b"\"\\uD800\\u0041\"",
    b"\"\xff\"",
    b"\"\xed\xa0\x80\"",
    b"\"\xc3\"",
    b"\"\\x\"",
    b"\"\\u12\"",
    b"\"\x01\"",
    b"\"\x7f\"",
    b"[1,]",
    b"[1 2]",
    b"{\"a\":1,}",
    b"{\"a\" 1}",
    b"{1:2}",
    b"{\"a\":1,\"a\":2}",
    b"{\"\xff\":1}",
    b"{\"\\uD800\":1}",
    b"tru",
    b"nul",
    b"NaN",
    b"true false",
    b"[]",
    b"{}",
    b"\"\"",
    b"[[[[[[[[[[]]]]]]]]]]",
    b"[{\"a\":[{\"b\":null}]}]",
];

fn unknown_member(rng: &mut StdRng, b: &mut Vec<u8>, doc: &Doc) -> Option<Applied> {
    let objects: Vec<Val> = doc
        .values
        .iter()
        .copied()
        .filter(|v| b[doc.toks[v.first].start] == b'{')
        .collect();
    let obj = *pick(rng, &objects)?;
    let open = doc.toks[obj.first];
    let (payload, note) = if rng.random_bool(0.25) {
        let depth = nesting(rng, obj.depth + 1);
        let object = rng.random_bool(0.3);
        (
            nest(b"0", depth, object),
            format!(
                "{depth} nested {} inside {} containers",
                if object { "objects" } else { "arrays" },
                obj.depth + 1
            ),
        )
    } else {
        let p = pick(rng, IGNORED_PAYLOADS).unwrap().to_vec();
        let note = quote(&p);
        (p, note)
    };
    let empty = doc.toks.get(obj.first + 1).map(|t| t.kind) == Some(Kind::Close);
    let at = if !empty && rng.random_bool(0.5) {
        // At the end of the object, after its last member.
        doc.toks[obj.last].start
    } else {
        open.end
    };
    let member = if at == open.end {
        [
            b"\"zz_unknown\":".as_slice(),
            &payload,
            if empty { b"" } else { b"," },
        ]
        .concat()
    } else {
        [b",\"zz_unknown\":".as_slice(), &payload].concat()
    };
    splice(b, at..at, &member);
    Some(Applied {
        what: format!("insert unknown member with {note} at {at}"),
        at,
    })
}

fn punctuation(rng: &mut StdRng, b: &mut Vec<u8>, doc: &Doc) -> Option<Applied> {
    let t = *pick(rng, &doc.toks)?;
    let (how, range, new): (&str, Range<usize>, &[u8]) = match rng.random_range(0..9) {
        0 => {
            let c = *pick(rng, &doc.tokens_of(Kind::Close))?;
            ("trailing comma", c.start..c.start, b",")
        }
        1 => {
            let c = *pick(rng, &doc.tokens_of(Kind::Comma))?;
            ("drop comma", c.start..c.end, b"")
        }
        2 => {
            let c = *pick(rng, &doc.tokens_of(Kind::Colon))?;
            ("drop colon", c.start..c.end, b"")
        }
        3 => {
            let c = *pick(rng, &doc.tokens_of(Kind::Comma))?;
            ("double comma", c.start..c.start, b",")
        }
        4 => (
            "whitespace",
            t.end..t.end,
            *pick(rng, &[&b" "[..], b"\t", b"\r\n", b"\n\n  \t", b"\r"]).unwrap(),
        ),
        5 => (
            "non-JSON whitespace",
            t.end..t.end,
            *pick(
                rng,
                &[&b"\x0b"[..], b"\x0c", b"\xc2\xa0", b"\xef\xbb\xbf", b"\x00"],
            )
            .unwrap(),
        ),
        6 => (
            "trailing data",
            b.len()..b.len(),
            *pick(
                rng,
                &[
                    &b" \n\t\r "[..],
                    b"x",
                    b",",
                    b"{}",
                    b" 0",
                    b"\x00",
                    b"\n]",
                    b"null",
                ],
            )
            .unwrap(),
        ),
        7 => (
            "leading data",
            0..0,
            *pick(rng, &[&b" \n"[..], b"\xef\xbb\xbf", b"[", b"\x00"]).unwrap(),
        ),
        _ => {
            let c = *pick(rng, &doc.tokens_of(Kind::Colon))?;
            ("comma for colon", c.start..c.end, b",")
        }
    };
    let old = b[range.clone()].to_vec();
    splice(b, range.clone(), new);
    Some(Applied {
        what: format!(
            "{how}: {} -> {} at {}",
            quote(&old),
            quote(new),
            range.start
        ),
        at: range.start,
    })
}

type Mutation = fn(&mut StdRng, &mut Vec<u8>, &Doc) -> Option<Applied>;

/// The mutations and their weights.
const MUTATIONS: &[(Mutation, u32)] = &[
    (byte_delete, 2),
    (byte_insert, 2),
    (byte_replace, 2),
    (truncate, 1),
    (duplicate_span, 1),
    (swap_spans, 1),
    (number, 5),
    (string, 5),
    (delete_member, 3),
    (duplicate_member, 3),
    (rename_key, 3),
    (replace_value, 4),
    (deep_nesting, 1),
    (unknown_member, 3),
    (punctuation, 2),
];

/// Applies one mutation (retrying when the chosen kind finds nothing to work on).
fn mutate(rng: &mut StdRng, b: &mut Vec<u8>) -> Applied {
    let doc = Doc::new(b);
    let total: u32 = MUTATIONS.iter().map(|(_, w)| w).sum();
    loop {
        let mut roll = rng.random_range(0..total);
        let (f, _) = MUTATIONS
            .iter()
            .find(|(_, w)| {
                if roll < *w {
                    true
                } else {
                    roll -= w;
                    false
                }
            })
            .unwrap();
        if let Some(applied) = f(rng, b, &doc) {
            return applied;
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The oracle.
// ---------------------------------------------------------------------------------------------

/// Where the two decoders disagree, in words (`None` when they agree), and whether both accept.
fn disagreement<T>(bytes: &[u8]) -> (Option<String>, bool)
where
    T: DecodeOwned + DeserializeOwned + Serialize + PartialEq + Debug,
{
    let ours = fastwire::json::from_slice::<T>(bytes);
    let theirs = serde_json::from_slice::<T>(bytes);
    let verdict = match (ours, theirs) {
        (Err(_), Err(_)) => None,
        (Ok(a), Ok(b)) => {
            let text_a = serde_json::to_string(&a).unwrap();
            let text_b = serde_json::to_string(&b).unwrap();
            if a == b && text_a == text_b {
                return (None, true);
            }
            let first = text_a
                .bytes()
                .zip(text_b.bytes())
                .position(|(x, y)| x != y)
                .unwrap_or(text_a.len().min(text_b.len()));
            let window = |t: &str| {
                escaped(
                    &t.as_bytes()[first.saturating_sub(80).min(t.len())..(first + 80).min(t.len())],
                )
            };
            Some(format!(
                "both accept, values differ (serde_json text of each, first difference at byte {first}):\n      fastwire:   {}\n      serde_json: {}",
                window(&text_a),
                window(&text_b)
            ))
        }
        (Ok(_), Err(e)) => Some(format!("fastwire accepts, serde_json rejects: {e}")),
        // Stricter by design: a document with invalid UTF-8 is not JSON text (RFC 8259 8.1),
        // and an escaped lone surrogate is not a character; fastwire refuses both wherever they
        // stand, serde_json only in the strings it reads (see `stricter_than_serde_json_*`).
        (Err(e), Ok(_)) if is_deliberately_stricter(&e) => None,
        (Err(e), Ok(_)) => Some(format!("fastwire rejects ({e}), serde_json accepts")),
    };
    (verdict, false)
}

/// The two refusals fastwire makes on purpose where serde_json accepts (inside ignored values).
fn is_deliberately_stricter(err: &fastwire::json::Error) -> bool {
    let message = err.to_string();
    message.starts_with("invalid UTF-8") || message.starts_with("lone surrogate")
}

/// A window of `bytes` around `at`.
fn window(bytes: &[u8], at: usize) -> String {
    let from = at.saturating_sub(60).min(bytes.len());
    let to = (at + 60).min(bytes.len());
    format!("[{from}..{to}] `{}`", escaped(&bytes[from..to]))
}

/// Runs the cases for one model; returns the mismatch reports and the number of cases.
fn run<T>(name: &str, model: u64, base: &[u8]) -> (Vec<String>, usize, usize)
where
    T: DecodeOwned + DeserializeOwned + Serialize + PartialEq + Debug,
{
    if let (Some(why), _) = disagreement::<T>(base) {
        panic!("unmutated reduced {name} already disagrees: {why}");
    }
    let seed = env_or("FASTWIRE_MUTATION_SEED", DEFAULT_SEED);
    let cases = env_or("FASTWIRE_MUTATION_CASES", DEFAULT_CASES as u64) as usize;
    let only = std::env::var("FASTWIRE_MUTATION_CASE")
        .is_ok()
        .then(|| env_or("FASTWIRE_MUTATION_CASE", 0) as usize);
    let mut reports = Vec::new();
    let mut accepted = 0;
    let mut ran = 0;
    for case in 0..cases {
        if only.is_some_and(|o| o != case) {
            continue;
        }
        ran += 1;
        let case_seed = seed ^ (model << 56) ^ (case as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let mut rng = StdRng::seed_from_u64(case_seed);
        let mut bytes = base.to_vec();
        let count = match rng.random_range(0..20) {
            0..=11 => 1,
            12..=16 => 2,
            _ => 3,
        };
        let applied: Vec<Applied> = (0..count).map(|_| mutate(&mut rng, &mut bytes)).collect();
        let (verdict, agreed) = disagreement::<T>(&bytes);
        accepted += usize::from(agreed);
        if let Some(why) = verdict {
            let mut report = format!(
                "{name} case {case} (FASTWIRE_MUTATION_SEED={seed:#x} FASTWIRE_MUTATION_CASE={case}), {} bytes:\n    {why}\n",
                bytes.len()
            );
            for a in &applied {
                let _ = writeln!(report, "    mutation: {}", a.what);
                let _ = writeln!(report, "      around: {}", window(&bytes, a.at));
            }
            if let Err(e) = serde_json::from_slice::<T>(&bytes) {
                let offset = line_column_offset(&bytes, e.line(), e.column());
                let _ = writeln!(
                    report,
                    "    serde_json error near: {}",
                    window(&bytes, offset)
                );
            }
            if let Err(e) = fastwire::json::from_slice::<T>(&bytes) {
                let _ = writeln!(
                    report,
                    "    fastwire error near: {}",
                    window(&bytes, e.offset())
                );
            }
            reports.push(report);
        }
    }
    (reports, ran, accepted)
}

/// The byte offset of a 1-based line and column.
fn line_column_offset(bytes: &[u8], line: usize, column: usize) -> usize {
    let mut start = 0;
    for _ in 1..line {
        match bytes[start..].iter().position(|&c| c == b'\n') {
            Some(p) => start += p + 1,
            None => break,
        }
    }
    (start + column).saturating_sub(1).min(bytes.len())
}

#[test]
fn unmutated_documents_decode_equal() {
    let twitter = read_corpus("twitter.json");
    let citm = read_corpus("citm_catalog.json");
    for (name, bytes) in [
        ("twitter.json", twitter.clone()),
        ("reduced twitter.json", reduced_twitter(&twitter)),
    ] {
        assert_eq!(disagreement::<Twitter>(&bytes), (None, true), "{name}");
    }
    for (name, bytes) in [
        ("citm_catalog.json", citm.clone()),
        ("reduced citm_catalog.json", reduced_citm(&citm)),
    ] {
        assert_eq!(disagreement::<CitmCatalog>(&bytes), (None, true), "{name}");
    }
}

#[test]
fn mutated_documents_decode_like_serde_json() {
    let started = Instant::now();
    let twitter = reduced_twitter(&read_corpus("twitter.json"));
    let citm = reduced_citm(&read_corpus("citm_catalog.json"));
    let (mut reports, twitter_cases, twitter_ok) = run::<Twitter>("twitter", 1, &twitter);
    let twitter_time = started.elapsed();
    let (citm_reports, citm_cases, citm_ok) = run::<CitmCatalog>("citm", 2, &citm);
    reports.extend(citm_reports);
    // The event log: internally, adjacently and per-variant untagged enums, flattened structs
    // and maps, read through the one-pass paths (tags first, flattened fields offered members).
    let events = serde_json::to_vec_pretty(&envelopes(24)).expect("serde_json writes the log");
    let (events_reports, events_cases, events_ok) = run::<Vec<Envelope>>("events", 3, &events);
    reports.extend(events_reports);
    eprintln!(
        "json_mutations: twitter {twitter_cases} cases on {} bytes ({twitter_ok} accepted), citm {citm_cases} cases on {} bytes ({citm_ok} accepted), events {events_cases} cases on {} bytes ({events_ok} accepted), {} mismatches, {:.1?} (twitter {:.1?})",
        twitter.len(),
        citm.len(),
        events.len(),
        reports.len(),
        started.elapsed(),
        twitter_time
    );
    if !reports.is_empty() {
        let shown: Vec<&str> = reports
            .iter()
            .take(MAX_REPORTED)
            .map(String::as_str)
            .collect();
        panic!(
            "{} of {} mutated documents decode differently (first {} shown):\n\n{}",
            reports.len(),
            twitter_cases + citm_cases + events_cases,
            shown.len(),
            shown.join("\n")
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Minimal cases for what the mutations above found in values of unknown fields, which
// serde_json skips checking their syntax only (not UTF-8, not what `\u` escapes make, not
// nesting depth). fastwire skips them the same way, except that it still refuses invalid UTF-8
// and lone surrogates there, on purpose.
// ---------------------------------------------------------------------------------------------

/// The smallest model that has unknown fields to ignore.
#[derive(serde::Deserialize, fastwire::Decode, Debug, PartialEq)]
struct Small {
    a: u32,
}

/// fastwire and serde_json agree on whether each input is a [`Small`], and on its value.
#[track_caller]
fn assert_small_verdicts(inputs: &[&[u8]]) {
    let mut failures = Vec::new();
    for input in inputs {
        let ours = fastwire::json::from_slice::<Small>(input).map_err(|e| e.to_string());
        let theirs = serde_json::from_slice::<Small>(input).map_err(|e| e.to_string());
        if ours.is_ok() != theirs.is_ok() || ours.as_ref().ok() != theirs.as_ref().ok() {
            failures.push(format!(
                "  {}: fastwire {ours:?}, serde_json {theirs:?}",
                quote(input)
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "verdicts differ:\n{}",
        failures.join("\n")
    );
}

/// fastwire and serde_json accept a [`Small`] from none of `inputs` and all of them,
/// respectively: the cases where fastwire is stricter on purpose.
#[track_caller]
fn assert_only_serde_json_accepts(inputs: &[&[u8]]) {
    for input in inputs {
        let ours = fastwire::json::from_slice::<Small>(input);
        assert!(
            ours.as_ref().is_err_and(is_deliberately_stricter),
            "{}: {ours:?}",
            quote(input)
        );
        assert!(
            serde_json::from_slice::<Small>(input).is_ok(),
            "{}",
            quote(input)
        );
    }
}

/// serde_json's `from_slice` (and `from_reader`) skip an ignored string's bytes without
/// checking UTF-8; fastwire checks the whole input up front: text with invalid UTF-8 is not
/// JSON. (Invalid UTF-8 in a string that is read, in a key, or outside strings is an error
/// for both.)
#[test]
fn stricter_than_serde_json_invalid_utf8_in_ignored_value() {
    assert_only_serde_json_accepts(&[
        b"{\"a\":1,\"z\":\"\xff\"}",
        b"{\"z\":\"\xed\xa0\x80\",\"a\":1}",
        b"{\"a\":1,\"z\":[\"\xc3\"]}",
        b"{\"a\":1,\"z\":{\"\xff\":0}}",
    ]);
}

/// serde_json checks only that `\u` has four hex digits in a string it skips; fastwire
/// rejects unpaired surrogates there as it would in a string it reads.
#[test]
fn stricter_than_serde_json_lone_surrogate_in_ignored_value() {
    assert_only_serde_json_accepts(&[
        br#"{"a":1,"z":"\uD800"}"#,
        br#"{"a":1,"z":"\uDC00"}"#,
        br#"{"a":1,"z":"\uD800\u0041"}"#,
        br#"{"a":1,"z":"\uDC00\uD800"}"#,
        br#"{"a":1,"z":["\uD800"]}"#,
        br#"{"a":1,"z":{"\uD800":0}}"#,
    ]);
}

/// Both skip an ignored value with an explicit stack and no depth limit.
#[test]
fn deep_nesting_in_ignored_value() {
    let arrays = |depth: usize| {
        format!(
            r#"{{"a":1,"z":{}{}}}"#,
            "[".repeat(depth),
            "]".repeat(depth)
        )
    };
    let objects = |depth: usize| {
        format!(
            r#"{{"a":1,"z":{}0{}}}"#,
            r#"{"k":"#.repeat(depth),
            "}".repeat(depth)
        )
    };
    let inputs = [arrays(128), objects(128), arrays(1000)];
    let inputs: Vec<&[u8]> = inputs.iter().map(|s| s.as_bytes()).collect();
    assert_small_verdicts(&inputs);
}

/// serde_json's limit of 128 rejects the 128th level of nesting (127 pass); so does
/// fastwire's default. Shown with a recursive type.
#[test]
fn depth_limit_counts_like_serde_json() {
    #[derive(serde::Deserialize, fastwire::Decode, Debug, PartialEq)]
    struct Nested {
        n: Option<Box<Nested>>,
    }
    for depth in [126, 127, 128, 129] {
        let text = format!("{}null{}", r#"{"n":"#.repeat(depth), "}".repeat(depth));
        let ours = fastwire::json::from_str::<Nested>(&text).map_err(|e| e.to_string());
        let theirs = serde_json::from_str::<Nested>(&text).map_err(|e| e.to_string());
        assert_eq!(
            ours.is_ok(),
            theirs.is_ok(),
            "{depth} levels: fastwire {:?}, serde_json {:?}",
            ours.map(drop),
            theirs.map(drop)
        );
    }
}
