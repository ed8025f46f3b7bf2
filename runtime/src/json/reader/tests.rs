//! The reader's shortcuts for common layouts (compact text, and pretty printers' newlines and
//! indentation) against its general paths: on every layout, valid or not, both read the same
//! keys, leave the reader at the same place and fail with the same errors.

use super::{whitespace, Reader, Str, DEFAULT_MAX_DEPTH};
use crate::json::Error;

/// What a read returned, comparable: a key's text and whether it was borrowed, `None` for the
/// end of the object, or the error's report and offset.
type Outcome = Result<Option<(String, bool)>, String>;

fn outcome(read: Result<Option<Str<'_, '_>>, Error>) -> Outcome {
    match read {
        Ok(Some(key)) => Ok(Some((key.to_string(), matches!(key, Str::Borrowed(_))))),
        Ok(None) => Ok(None),
        Err(err) => Err(format!("{err:?}")),
    }
}

fn state(r: &Reader<'_>) -> (usize, usize, usize) {
    (r.pos, r.last_key, r.remaining_depth)
}

/// The keys that members are tried with, as derived decoders try the next declared field.
const MEMBERS: [&[u8]; 4] = [b",\"a\":", b",\"bc\":", b",\"id\":", b",\"ab\":"];

/// `try_end_object` as it reads without shortcuts: whitespace passed over by the wide search,
/// then a `}` read if there is one.
fn try_end_object_general(r: &mut Reader<'_>) -> bool {
    if whitespace::skip_run(r.wide, r.input, &mut r.pos) != Some(b'}') {
        return false;
    }
    r.pos += 1;
    r.remaining_depth += 1;
    true
}

/// Reads the object both readers are in, member by member: `fast` with the shortcuts
/// (`try_end_object` first when `ends`, `try_member` with each of [`MEMBERS`], then
/// `object_key`), `general` with the general paths alone; values that are objects are read
/// the same way, others skipped.
fn walk_object(fast: &mut Reader<'_>, general: &mut Reader<'_>, text: &str, ends: bool) {
    let mut first = true;
    loop {
        if ends {
            let ended = fast.try_end_object();
            assert_eq!(ended, try_end_object_general(general), "{text:?}");
            assert_eq!(state(fast), state(general), "{text:?}");
            if ended {
                return;
            }
        }
        let mut tried = false;
        for member in MEMBERS {
            let found = fast.try_member(first, member);
            assert_eq!(found, general.try_member_spaced(first, member), "{text:?}");
            assert_eq!(state(fast), state(general), "{text:?}");
            if found {
                tried = true;
                break;
            }
        }
        if !tried {
            let key = outcome(fast.object_key(first));
            assert_eq!(key, outcome(general.object_key_general(first)), "{text:?}");
            assert_eq!(state(fast), state(general), "{text:?}");
            if !matches!(key, Ok(Some(_))) {
                return;
            }
        }
        first = false;
        let nested = fast.peek().ok() == Some(b'{');
        assert_eq!(nested, general.peek().ok() == Some(b'{'));
        if nested {
            let (a, b) = (
                fast.begin_object("an object"),
                general.begin_object("an object"),
            );
            assert_eq!(a.is_ok(), b.is_ok(), "{text:?}");
            walk_object(fast, general, text, ends);
        } else {
            let (a, b) = (fast.skip_value(), general.skip_value());
            assert_eq!(
                a.map_err(|e| format!("{e:?}")),
                b.map_err(|e| format!("{e:?}"))
            );
        }
        assert_eq!(state(fast), state(general), "{text:?}");
    }
}

/// Reads `text` (an object, or not) with the shortcuts and without, ending objects with
/// `try_end_object` and without.
fn check(text: &str) {
    for ends in [false, true] {
        let mut fast = Reader::new(text, DEFAULT_MAX_DEPTH);
        let mut general = Reader::new(text, DEFAULT_MAX_DEPTH);
        let opened = fast.begin_object("an object").is_ok();
        assert_eq!(opened, general.begin_object("an object").is_ok());
        if opened {
            walk_object(&mut fast, &mut general, text, ends);
        }
    }
    let mut fast = Reader::new(text, DEFAULT_MAX_DEPTH);
    // Whitespace runs from every byte that starts one: the reader's shortcut, then the
    // wide search, agree with the wide search alone.
    // Under Miri, every fifth such byte, and all of those near the end of the input (where
    // the loads stop short).
    let bytes = text.as_bytes();
    let sampled = |at: usize| !cfg!(miri) || at % 5 == 0 || at + 40 > bytes.len();
    for at in (0..bytes.len()).filter(|&at| bytes[at] <= b' ' && sampled(at)) {
        fast.pos = at;
        let byte = fast.skip_whitespace_run();
        let mut pos = at;
        assert_eq!(byte, whitespace::skip_run(fast.wide, bytes, &mut pos));
        assert_eq!(fast.pos, pos, "{text:?} from {at}");
    }
}

/// The tokens of objects, valid and not, that separators are put between.
const DOCUMENTS: [&[&str]; 14] = [
    &[
        "{", "\"a\"", ":", "1", ",", "\"bc\"", ":", "{", "\"id\"", ":", "[1,2]", "}", ",",
        "\"a\\n\"", ":", "null", "}",
    ],
    &["{", "}"],
    &[
        "{", "\"ab\"", ":", "{", "}", ",", "\"id\"", ":", "{", "\"a\"", ":", "2", "}", "}",
    ],
    &["{", ",", "\"a\"", ":", "1", "}"],
    &["{", "\"a\"", ":", "1", "\"bc\"", ":", "2", "}"],
    &["{", "\"a\"", ":", "1", ",", "}"],
    &["{", "\"a\"", ":", "1", ","],
    &["{", "\"a\"", ":", "1"],
    &["{", "\"a\""],
    &["{", "\"a\"", "1", "}"],
    &["{", "1", ":", "2", "}"],
    &["{", "\"a\"", ":", "1", ",", "2", ":", "3", "}"],
    &["{", "\"a\"", ":", "1", "]"],
    &["{", "\"id", ":", "1", "}"],
];

/// Separators: none, single whitespace bytes, and newlines with indentation of every depth
/// to past the 32 bytes the shortcut compares, alone and followed by other whitespace.
fn separators() -> Vec<String> {
    let mut seps: Vec<String> = ["", " ", "\n", "\r\n", "\t", "\n\t", " \n", "\r\n  "]
        .map(String::from)
        .to_vec();
    let depths = (0..=40).filter(|&d| !cfg!(miri) || [0, 31, 32].contains(&d));
    for depth in depths {
        let indent = " ".repeat(depth);
        seps.push(format!("\n{indent}"));
        seps.push(format!("\n{indent}\t"));
        seps.push(format!("\n{indent}\n  "));
        seps.push(format!("\n{indent}\r\n"));
    }
    seps
}

/// Every document with each separator between all its tokens, and (not under Miri) between
/// two tokens only, the text ending right after it or after more whitespace.
#[test]
fn shortcuts_agree_with_the_general_paths() {
    let seps = separators();
    let tails = if cfg!(miri) {
        &[0, 40][..]
    } else {
        &[0, 1, 20, 40][..]
    };
    // Under Miri (whose checks concern where loads start and stop, not the grammar), the
    // longest valid document, the empty one and two that end early.
    let documents = DOCUMENTS
        .iter()
        .enumerate()
        .filter(|(i, _)| !cfg!(miri) || [0, 1, 6, 8].contains(i))
        .map(|(_, tokens)| *tokens);
    for tokens in documents {
        for sep in &seps {
            let gaps = if cfg!(miri) { 0 } else { tokens.len() - 1 };
            // `None`: the separator in every gap.
            for only in std::iter::once(None).chain((0..gaps).map(Some)) {
                let mut text = String::new();
                for (i, token) in tokens.iter().enumerate() {
                    if i > 0 && only.map_or(true, |gap| gap + 1 == i) {
                        text.push_str(sep);
                    }
                    text.push_str(token);
                }
                for &tail in tails {
                    let mut text = text.clone();
                    text.push_str(&" ".repeat(tail));
                    check(&text);
                    text.insert_str(0, sep);
                    check(&text);
                }
            }
        }
    }
}
