//! Profiling aid: `to_value` and `from_value` of twitter, for callgrind.
//! Run: `value_profile to|from|serde_to|serde_from N`.

use std::hint::black_box;

use serde::Deserialize;

#[inline(never)]
fn timed(
    mode: &str,
    n: usize,
    twitter: &fastwire_benches::twitter::Twitter,
    ours: &fastwire::json::Value,
    theirs: &serde_json::Value,
) {
    for _ in 0..n {
        match mode {
            "to" => drop(black_box(fastwire::json::to_value(black_box(twitter)))),
            "serde_to" => drop(black_box(serde_json::to_value(black_box(twitter)).unwrap())),
            "from" => drop(black_box(
                fastwire::json::from_value::<fastwire_benches::twitter::Twitter>(ours).unwrap(),
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
    timed(&args[1], args[2].parse().unwrap(), &twitter, &ours, &theirs);
}
