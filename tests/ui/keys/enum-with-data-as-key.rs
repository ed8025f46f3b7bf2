use std::collections::BTreeMap;

#[derive(fastwire::Encode, PartialEq, Eq, PartialOrd, Ord)]
enum Shape {
    Dot,
    Circle(u32),
}

#[derive(fastwire::Encode)]
struct Canvas {
    counts: BTreeMap<Shape, u64>,
}

fn main() {}
