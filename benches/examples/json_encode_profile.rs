//! Profiling aid: `json::to_vec` of a corpus file's typed model, for callgrind, and the same
//! value through `serde_json::to_vec` for reference.
//! Run: `json_encode_profile twitter|citm|canada|ts_short|ts_cjk|ts_ticker N [fastwire|serde_json]`, e.g. under
//! `valgrind --tool=callgrind --toggle-collect='*json_encode_profile::timed*'`.

use std::hint::black_box;

#[inline(never)]
fn timed<T: fastwire::json::Encode + serde::Serialize>(value: &T, n: usize, lib: &str) {
    match lib {
        "fastwire" => {
            for _ in 0..n {
                drop(black_box(fastwire::json::to_vec(black_box(value))));
            }
        }
        "serde_json" => {
            for _ in 0..n {
                drop(black_box(serde_json::to_vec(black_box(value)).unwrap()));
            }
        }
        other => panic!("unknown library {other}: fastwire or serde_json"),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n = args[2].parse().unwrap();
    let lib = args.get(3).map_or("fastwire", String::as_str);
    match args[1].as_str() {
        "twitter" => timed(&fastwire_benches::twitter::load_twitter(), n, lib),
        "citm" => timed(&fastwire_benches::citm::load_citm(), n, lib),
        "canada" => timed(&fastwire_benches::canada::load_canada(), n, lib),
        "ts_short" => timed(&fastwire_benches::ts::ts_short(), n, lib),
        "ts_cjk" => timed(&fastwire_benches::ts::ts_cjk(), n, lib),
        "ts_ticker" => timed(&fastwire_benches::ts::ts_ticker(), n, lib),
        other => {
            panic!("unknown workload {other}: twitter, citm, canada or ts_short, ts_cjk, ts_ticker")
        }
    }
}
