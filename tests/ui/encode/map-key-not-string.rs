use std::collections::BTreeMap;

#[derive(fastwire::Encode)]
struct Row {
    by_pair: BTreeMap<(u8, u8), u64>,
}

fn main() {}
