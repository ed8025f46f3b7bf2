//! Profiling aid: `to_value` and `from_value` of twitter, for callgrind.
//! Run: `value_profile to|from|serde_to|serde_from|mp_from|mp_bytes N`: JSON `to_value` and
//! `from_value` against serde_json's, and MessagePack `from_value` against decoding the same
//! value's bytes (`mp_bytes`), the part of `msgpack::from_value` that is not encoding.

use std::hint::black_box;

use serde::Deserialize;

#[inline(never)]
fn timed(
    mode: &str,
    n: usize,
    twitter: &fastwire_benches::twitter::Twitter,
    ours: &fastwire::json::Value,
    theirs: &serde_json::Value,
    packed: &fastwire::msgpack::Value,
    packed_bytes: &[u8],
) {
    for _ in 0..n {
        match mode {
            "to" => drop(black_box(fastwire::json::to_value(black_box(twitter)))),
            "serde_to" => drop(black_box(serde_json::to_value(black_box(twitter)).unwrap())),
            "from" => drop(black_box(
                fastwire::json::from_value::<fastwire_benches::twitter::Twitter>(ours).unwrap(),
            )),
            "mp_from" => drop(black_box(
                fastwire::msgpack::from_value::<fastwire_benches::twitter::Twitter>(packed)
                    .unwrap(),
            )),
            "mp_bytes" => drop(black_box(
                fastwire::msgpack::from_slice::<fastwire_benches::twitter::Twitter>(packed_bytes)
                    .unwrap(),
            )),
            _ => drop(black_box(
                fastwire_benches::twitter::Twitter::deserialize(theirs).unwrap(),
            )),
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let twitter = fastwire_benches::load_twitter();
    let ours = fastwire::json::to_value(&twitter);
    let theirs = serde_json::to_value(&twitter).unwrap();
    let packed = fastwire::msgpack::to_value(&twitter);
    let packed_bytes = fastwire::msgpack::to_vec(&packed);
    timed(
        &args[1],
        args[2].parse().unwrap(),
        &twitter,
        &ours,
        &theirs,
        &packed,
        &packed_bytes,
    );
}
