//! Profiling aid: decode a corpus file into a `Value` and drop it, for callgrind.
//! Run: `value_drop_profile json|msgpack twitter|citm N`.

use std::hint::black_box;

#[inline(never)]
fn drop_json(v: fastwire::json::Value) {
    drop(black_box(v));
}

#[inline(never)]
fn drop_msgpack(v: fastwire::msgpack::Value) {
    drop(black_box(v));
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let file = format!(
        "{}.json",
        if args[2] == "citm" {
            "citm_catalog"
        } else {
            "twitter"
        }
    );
    let text = std::fs::read(fastwire_benches::data::corpus_path(&file)).unwrap();
    let n: usize = args[3].parse().unwrap();
    if args[1] == "json" {
        for _ in 0..n {
            let v: fastwire::json::Value = fastwire::json::from_slice(black_box(&text)).unwrap();
            drop_json(v);
        }
    } else {
        let tree: fastwire::json::Value = fastwire::json::from_slice(&text).unwrap();
        let bytes = fastwire::msgpack::to_vec(&tree);
        for _ in 0..n {
            let v: fastwire::msgpack::Value =
                fastwire::msgpack::from_slice(black_box(&bytes)).unwrap();
            drop_msgpack(v);
        }
    }
}
