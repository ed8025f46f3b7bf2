use std::collections::BTreeMap;

#[derive(fastwire::Decode, PartialEq, Eq, PartialOrd, Ord)]
struct Digest(Vec<u8>);

#[derive(fastwire::Decode)]
struct Index {
    by_digest: BTreeMap<Digest, u64>,
}

fn main() {}
