#[derive(fastwire::Encode)]
#[serde(tag = "type")]
struct Pair(u8, u8);

#[derive(fastwire::Encode)]
#[serde(untagged)]
struct Named {
    a: u8,
}

fn main() {}
