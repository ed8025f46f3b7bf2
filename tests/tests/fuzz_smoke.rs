//! A fuzzing smoke test that runs on the stable toolchain in a few seconds: seeded random
//! inputs, and random mutations (bit flips, bytes inserted, deleted or replaced, truncation,
//! spans spliced in from the same or another document) of the corpus documents, as JSON and
//! as MessagePack, decoded into dynamic values and into the corpus's typed models.
//!
//! Every decoding must return (no panic, abort or overflow), every error must point inside the
//! input, and the verdicts and values must be the oracle's: serde_json's for JSON, rmp-serde's
//! for MessagePack, save where fastwire is stricter on purpose (the same exceptions as
//! `json_mutations.rs` and `msgpack_random.rs`). The corpus documents are reduced first
//! (arrays cut to a few elements, maps keyed by numbers to a few entries, keeping every
//! field), so that each case is small enough for a debug build.
//!
//! `FUZZ_SMOKE_CASES` sets the number of cases per format (default 1,500), `FUZZ_SMOKE_SEED`
//! the seed.

mod hostile;

use std::fmt::Debug;
use std::panic::{catch_unwind, AssertUnwindSafe};

use fastwire::json;
use fastwire::msgpack;
use fastwire_benches::canada::Canada;
use fastwire_benches::citm::CitmCatalog;
use fastwire_benches::twitter::Twitter;
use fastwire_tests::same_msgpack_value;
use hostile::data;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde::de::DeserializeOwned;
use serde::Serialize;

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// `value` with every array cut to `keep` elements and every object keyed by numbers (citm's
/// maps) cut to `keep` entries; objects keyed by names keep all their members.
fn reduce(value: &mut serde_json::Value, keep: usize) {
    match value {
        serde_json::Value::Array(items) => {
            items.truncate(keep);
            items.iter_mut().for_each(|item| reduce(item, keep));
        }
        serde_json::Value::Object(map) => {
            let numbered = map.len() > keep
                && map
                    .keys()
                    .all(|k| !k.is_empty() && k.bytes().all(|b| b.is_ascii_digit()));
            if numbered {
                let extra: Vec<String> = map.keys().skip(keep).cloned().collect();
                for key in extra {
                    map.remove(&key);
                }
            }
            map.values_mut().for_each(|item| reduce(item, keep));
        }
        _ => {}
    }
}

/// Which typed model a document is.
#[derive(Clone, Copy, Debug)]
enum Model {
    Twitter,
    Citm,
    Canada,
}

/// A seed document: its model, its JSON text (compact, pretty, or the corpus's own spelling
/// of a piece of it) and its MessagePack encoding by rmp-serde.
struct Seed {
    model: Model,
    json: Vec<u8>,
    msgpack: Vec<u8>,
}

fn seeds() -> Vec<Seed> {
    let mut seeds = Vec::new();
    for (model, file) in [
        (Model::Twitter, "twitter.json"),
        (Model::Citm, "citm_catalog.json"),
        (Model::Canada, "canada.json"),
    ] {
        let text = data(&format!("json-benchmark/{file}"));
        let mut value: serde_json::Value = serde_json::from_slice(&text).unwrap();
        reduce(&mut value, 2);
        let msgpack = rmp_serde::to_vec_named(&value).unwrap();
        seeds.push(Seed {
            model,
            json: serde_json::to_vec(&value).unwrap(),
            msgpack: msgpack.clone(),
        });
        seeds.push(Seed {
            model,
            json: serde_json::to_vec_pretty(&value).unwrap(),
            msgpack,
        });
    }
    // The first statuses of twitter.json as the file spells them (escapes, raw UTF-8):
    // cut at a random place, they make prefixes and splices of the original bytes.
    let twitter = data("json-benchmark/twitter.json");
    seeds.push(Seed {
        model: Model::Twitter,
        json: twitter[..16_384].to_vec(),
        msgpack: Vec::new(),
    });
    seeds
}

/// Bytes JSON and MessagePack give meaning to, for insertions and replacements.
fn interesting(rng: &mut StdRng) -> u8 {
    const BYTES: &[u8] = b"{}[]\",:\\/0123456789-+.eEtrufalsn \n\t\x00\x7f\x80\xbf\xc0\xc1\xc3\xcb\xd9\xdc\xdd\xde\xdf\xff\xed\xf4";
    if rng.random_bool(0.7) {
        BYTES[rng.random_range(0..BYTES.len())]
    } else {
        rng.random()
    }
}

/// Applies one to three random mutations to `doc`; `donor` provides spliced spans.
fn mutate(rng: &mut StdRng, doc: &mut Vec<u8>, donor: &[u8]) {
    for _ in 0..rng.random_range(1..=3) {
        let len = doc.len();
        match rng.random_range(0..6) {
            0 if len > 0 => {
                let at = rng.random_range(0..len);
                doc[at] ^= 1 << rng.random_range(0..8);
            }
            1 => {
                let at = rng.random_range(0..=len);
                let byte = interesting(rng);
                doc.insert(at, byte);
            }
            2 if len > 0 => {
                let at = rng.random_range(0..len);
                let n = rng.random_range(1..=8).min(len - at);
                doc.drain(at..at + n);
            }
            3 if len > 0 => {
                let at = rng.random_range(0..len);
                doc[at] = interesting(rng);
            }
            4 => doc.truncate(rng.random_range(0..=len)),
            _ if !donor.is_empty() => {
                // Splice: a span of the donor replaces a span of the document.
                let from = rng.random_range(0..donor.len());
                let span = &donor[from..(from + rng.random_range(1..=64)).min(donor.len())];
                let at = rng.random_range(0..=len);
                let cut = rng.random_range(0..=16).min(len - at);
                doc.splice(at..at + cut, span.iter().copied());
            }
            _ => {}
        }
    }
}

/// Random bytes drawn mostly from the interesting ones.
fn random_input(rng: &mut StdRng) -> Vec<u8> {
    let len = rng.random_range(0..64);
    (0..len).map(|_| interesting(rng)).collect()
}

/// Runs `f`, turning a panic into a failure that names the input.
fn no_panic<R>(what: &str, input: &[u8], f: impl FnOnce() -> R) -> R {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(result) => result,
        Err(_) => panic!(
            "{what} panicked on {:?}",
            String::from_utf8_lossy(&input[..input.len().min(400)])
        ),
    }
}

/// fastwire's refusals where serde_json accepts, on purpose (see `json_mutations.rs`).
fn json_stricter(err: &json::Error) -> bool {
    let message = err.to_string();
    message.starts_with("invalid UTF-8") || message.starts_with("lone surrogate")
}

/// Asserts that fastwire and serde_json agree on `input` as a `T`; returns whether fastwire
/// accepted it.
fn check_json<T>(input: &[u8], what: &str) -> bool
where
    T: json::DecodeOwned + DeserializeOwned + Serialize + PartialEq + Debug,
{
    let ours = no_panic(what, input, || json::from_slice::<T>(input));
    let theirs = serde_json::from_slice::<T>(input);
    let accepted = ours.is_ok();
    match (&ours, &theirs) {
        (Ok(a), Ok(b)) => assert!(
            a == b && serde_json::to_string(a).unwrap() == serde_json::to_string(b).unwrap(),
            "{what}: values differ on {:?}",
            String::from_utf8_lossy(input)
        ),
        (Err(e), _) if e.offset() > input.len() => panic!("{what}: error beyond the end: {e}"),
        (Err(_), Err(_)) => {}
        (Err(e), Ok(_)) if json_stricter(e) => {}
        (Ok(_), Err(e)) => panic!(
            "{what}: fastwire accepts, serde_json refuses ({e}): {:?}",
            String::from_utf8_lossy(input)
        ),
        (Err(e), Ok(_)) => panic!(
            "{what}: fastwire refuses ({e}), serde_json accepts: {:?}",
            String::from_utf8_lossy(input)
        ),
    }
    accepted
}

/// Decodes a JSON case into the dynamic values and the typed model, against serde_json;
/// returns whether the typed model accepted it.
fn json_case(input: &[u8], model: Model) -> bool {
    check_json::<serde_json::Value>(input, "serde_json::Value through fastwire");
    // fastwire's own value: the same verdict, and the same document.
    let ours = no_panic("json::Value", input, || {
        json::from_slice::<json::Value>(input)
    });
    let theirs = serde_json::from_slice::<serde_json::Value>(input);
    match (&ours, &theirs) {
        (Ok(a), Ok(b)) => assert_eq!(&serde_json::to_value(a).unwrap(), b, "json::Value"),
        (Err(e), Ok(_)) => assert!(json_stricter(e), "json::Value refuses: {e}"),
        (Ok(_), Err(e)) => panic!("json::Value accepts, serde_json refuses: {e}"),
        (Err(_), Err(_)) => {}
    }
    match model {
        Model::Twitter => check_json::<Twitter>(input, "Twitter"),
        Model::Citm => check_json::<CitmCatalog>(input, "CitmCatalog"),
        Model::Canada => check_json::<Canada>(input, "Canada"),
    }
}

/// Asserts that a run both accepted and refused a fair share of its cases, so that it
/// reached past the first byte and into the values.
fn assert_mixed(what: &str, accepted: u64, cases: u64) {
    assert!(
        accepted >= cases / 50 && accepted <= cases - cases / 50,
        "{what}: {accepted} of {cases} cases accepted"
    );
}

/// fastwire's refusals where rmp-serde accepts, on purpose (see `msgpack_random.rs`).
fn msgpack_stricter(err: &msgpack::Error) -> bool {
    let message = err.to_string();
    message.starts_with("trailing bytes")
        || message.starts_with("invalid UTF-8")
        || message.starts_with("recursion limit exceeded")
        || (message.starts_with("invalid value: integer `-") && message.contains("expected u128"))
}

/// Asserts that fastwire and rmp-serde agree on `input` as a `T`; returns whether fastwire
/// accepted it.
fn check_msgpack<T>(input: &[u8], what: &str) -> bool
where
    T: msgpack::DecodeOwned + DeserializeOwned + Serialize + PartialEq + Debug,
{
    let ours = no_panic(what, input, || msgpack::from_slice::<T>(input));
    let accepted = ours.is_ok();
    // rmp-serde's own panics are not ours to judge.
    let Ok(theirs) = catch_unwind(AssertUnwindSafe(|| rmp_serde::from_slice::<T>(input))) else {
        return accepted;
    };
    match (&ours, &theirs) {
        (Ok(a), Ok(b)) => assert!(same_msgpack_value(a, b), "{what}: values differ"),
        (Err(e), _) if e.offset() > input.len() => panic!("{what}: error beyond the end: {e}"),
        (Err(_), Err(_)) => {}
        (Err(e), Ok(_)) if msgpack_stricter(e) => {}
        (Ok(_), Err(rmp_serde::decode::Error::DepthLimitExceeded)) => {}
        (Ok(_), Err(e)) => {
            panic!("{what}: fastwire accepts, rmp-serde refuses ({e}): {input:02x?}")
        }
        (Err(e), Ok(_)) => {
            panic!("{what}: fastwire refuses ({e}), rmp-serde accepts: {input:02x?}")
        }
    }
    accepted
}

/// Decodes a MessagePack case into the dynamic values and the typed model, against rmp-serde;
/// returns whether the typed model accepted it.
fn msgpack_case(input: &[u8], model: Model) -> bool {
    check_msgpack::<serde_json::Value>(input, "serde_json::Value through fastwire");
    // fastwire's MessagePack value: no panic, errors inside the input, and what it accepts
    // writes back to bytes that read back to the same value.
    match no_panic("msgpack::Value", input, || {
        msgpack::from_slice::<msgpack::Value>(input)
    }) {
        Ok(value) => {
            let again = msgpack::to_vec(&value);
            let back: msgpack::Value = msgpack::from_slice(&again).unwrap();
            assert!(
                back == value || format!("{back:?}") == format!("{value:?}"),
                "msgpack::Value does not read back"
            );
        }
        Err(e) => assert!(e.offset() <= input.len(), "msgpack::Value: {e}"),
    }
    match model {
        Model::Twitter => check_msgpack::<Twitter>(input, "Twitter"),
        Model::Citm => check_msgpack::<CitmCatalog>(input, "CitmCatalog"),
        Model::Canada => check_msgpack::<Canada>(input, "Canada"),
    }
}

#[test]
fn unmutated_seeds_decode_like_the_oracles() {
    for seed in seeds() {
        // The cut piece of twitter.json is incomplete; the rest are whole documents.
        let whole = !seed.msgpack.is_empty();
        assert_eq!(json_case(&seed.json, seed.model), whole);
        if whole {
            assert!(msgpack_case(&seed.msgpack, seed.model));
        }
    }
}

#[test]
fn mutated_json_decodes_like_serde_json() {
    let seeds = seeds();
    let cases = env_or("FUZZ_SMOKE_CASES", 1_500);
    let mut rng = StdRng::seed_from_u64(env_or("FUZZ_SMOKE_SEED", 0x5eed_0001));
    let mut accepted = 0;
    for _ in 0..cases {
        let seed = &seeds[rng.random_range(0..seeds.len())];
        let donor = &seeds[rng.random_range(0..seeds.len())].json;
        let input = if rng.random_bool(0.1) {
            random_input(&mut rng)
        } else {
            let mut doc = seed.json.clone();
            mutate(&mut rng, &mut doc, donor);
            doc
        };
        accepted += u64::from(json_case(&input, seed.model));
    }
    assert_mixed("JSON", accepted, cases);
}

#[test]
fn mutated_msgpack_decodes_like_rmp_serde() {
    let seeds: Vec<Seed> = seeds()
        .into_iter()
        .filter(|seed| !seed.msgpack.is_empty())
        .collect();
    let cases = env_or("FUZZ_SMOKE_CASES", 1_500);
    let mut rng = StdRng::seed_from_u64(env_or("FUZZ_SMOKE_SEED", 0x5eed_0002));
    let mut accepted = 0;
    for _ in 0..cases {
        let seed = &seeds[rng.random_range(0..seeds.len())];
        let donor = &seeds[rng.random_range(0..seeds.len())].msgpack;
        let input = if rng.random_bool(0.1) {
            random_input(&mut rng)
        } else {
            let mut doc = seed.msgpack.clone();
            mutate(&mut rng, &mut doc, donor);
            doc
        };
        accepted += u64::from(msgpack_case(&input, seed.model));
    }
    assert_mixed("MessagePack", accepted, cases);
}
