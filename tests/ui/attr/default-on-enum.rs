#[derive(fastwire::Decode)]
#[serde(default)]
enum Mode {
    Fast,
    Slow,
}

fn main() {}
