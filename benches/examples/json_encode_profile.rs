//! Profiling aid: `json::to_vec` of a corpus file's typed model, for callgrind.
//! Run: `json_encode_profile twitter|citm|canada N`, e.g. under
//! `valgrind --tool=callgrind --toggle-collect='*json_encode_profile::timed*'`.

use std::hint::black_box;

#[inline(never)]
fn timed<T: fastwire::json::Encode>(value: &T, n: usize) {
    for _ in 0..n {
        drop(black_box(fastwire::json::to_vec(black_box(value))));
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n = args[2].parse().unwrap();
    match args[1].as_str() {
        "twitter" => timed(&fastwire_benches::twitter::load_twitter(), n),
        "citm" => timed(&fastwire_benches::citm::load_citm(), n),
        "canada" => timed(&fastwire_benches::canada::load_canada(), n),
        other => panic!("unknown workload {other}: twitter, citm or canada"),
    }
}
