//! Profiling aid: `json::from_slice` of a corpus file into its typed model, for callgrind, and
//! the same bytes through `serde_json::from_slice` for reference.
//! Run: `json_decode_profile twitter|citm|canada N [fastwire|serde_json]`, e.g. under
//! `valgrind --tool=callgrind --toggle-collect='*json_decode_profile::timed*'`.

use std::hint::black_box;

use fastwire_benches::canada::Canada;
use fastwire_benches::citm::CitmCatalog;
use fastwire_benches::twitter::Twitter;

#[inline(never)]
fn timed<T: fastwire::json::DecodeOwned + serde::de::DeserializeOwned>(
    input: &[u8],
    n: usize,
    lib: &str,
) {
    match lib {
        "fastwire" => {
            for _ in 0..n {
                drop(black_box(
                    fastwire::json::from_slice::<T>(black_box(input)).unwrap(),
                ));
            }
        }
        "serde_json" => {
            for _ in 0..n {
                drop(black_box(
                    serde_json::from_slice::<T>(black_box(input)).unwrap(),
                ));
            }
        }
        other => panic!("unknown library {other}: fastwire or serde_json"),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n = args[2].parse().unwrap();
    let lib = args.get(3).map_or("fastwire", String::as_str);
    let read = fastwire_benches::data::read_corpus;
    match args[1].as_str() {
        "twitter" => timed::<Twitter>(read("twitter.json").as_bytes(), n, lib),
        "citm" => timed::<CitmCatalog>(read("citm_catalog.json").as_bytes(), n, lib),
        "canada" => timed::<Canada>(read("canada.json").as_bytes(), n, lib),
        other => panic!("unknown workload {other}: twitter, citm or canada"),
    }
}
