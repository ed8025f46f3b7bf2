#[derive(fastwire::Encode)]
struct Outer {
    id: u8,
    #[serde(flatten)]
    count: u32,
    #[serde(flatten)]
    pair: Pair,
}

#[derive(fastwire::Encode)]
struct Pair(u8, u8);

#[derive(fastwire::Encode)]
#[serde(tag = "kind")]
enum Event {
    Count(u32),
}

fn main() {}
